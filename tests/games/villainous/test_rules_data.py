"""Villainous' data (rules_data/villainous.json) is checked when the game loads: a broken copy
stops the server with a sentence naming the file and the fault."""

import json

import pytest

from companion.games.rules_data import ROOT, load
from companion.games.villainous.data import VILLAIN_IDS, VillainousData

from ...rules import broken_data


def real() -> dict:
    return json.loads((ROOT / "villainous.json").read_text(encoding="utf-8"))


def broken(tmp_path, change) -> str:
    return broken_data("villainous", VillainousData, tmp_path, change)


def test_the_real_file_fits_its_model():
    assert set(load("villainous", VillainousData)["villains"]) == set(VILLAIN_IDS)


def test_every_villain_the_options_offer_is_described(tmp_path):
    assert "no entry for the Villain ursula" in broken(tmp_path, lambda d: d["villains"].pop("ursula"))


def test_a_villain_the_options_do_not_offer_is_refused(tmp_path):
    def add(d):
        d["villains"]["gaston"] = d["villains"]["jafar"]
    assert "the Villain gaston is not one the options offer" in broken(tmp_path, add)


def test_a_locked_location_must_be_one_of_the_four(tmp_path):
    def lock(d):
        d["villains"]["jafar"]["locked"] = "Atlantis"
    assert "Jafar's locked location 'Atlantis' is not one of its four" in broken(tmp_path, lock)


def test_a_realm_has_four_different_locations(tmp_path):
    def three(d):
        d["villains"]["maleficent"]["locations"] = ["A", "B", "C"]
    assert "villains → maleficent → locations" in broken(tmp_path, three)

    def twice(d):
        d["villains"]["maleficent"]["locations"] = ["A", "B", "C", "A"]
    assert "four different names" in broken(tmp_path, twice)


@pytest.mark.parametrize("field", ["name", "objective", "tracker", "locations", "check"])
def test_a_villain_missing_a_required_field_is_refused(tmp_path, field):
    message = broken(tmp_path, lambda d: d["villains"]["jafar"].pop(field))
    assert f"villains → jafar → {field}" in message and "Field required" in message


@pytest.mark.parametrize("field", ["starting_power", "cauldron", "fate_token_from_players", "turn_steps"])
def test_the_file_missing_a_required_number_is_refused(tmp_path, field):
    message = broken(tmp_path, lambda d: d.pop(field))
    assert f"at {field}: Field required" in message


def test_starting_power_has_one_entry_per_turn_position(tmp_path):
    assert "one entry per turn position, 6 in all" in broken(tmp_path, lambda d: d["starting_power"].pop())


def test_an_objective_checked_from_the_power_names_its_threshold(tmp_path):
    assert "names no threshold" in broken(tmp_path, lambda d: d["villains"]["prince_john"].pop("threshold"))

    def disagree(d):
        d["villains"]["prince_john"]["threshold"] = 15
    assert "counts to 20 Power, not its threshold 15" in broken(tmp_path, disagree)


def test_a_tracker_counts_something(tmp_path):
    def empty(d):
        d["villains"]["ursula"]["tracker"] = {"when": "start_of_turn"}
    assert "a tracker needs marks" in broken(tmp_path, empty)


def test_a_tracker_counts_only_at_a_moment_the_app_knows(tmp_path):
    def when(d):
        d["villains"]["ursula"]["tracker"]["when"] = "at_dawn"
    assert "villains → ursula → tracker → when" in broken(tmp_path, when)
