"""Clue's card data (rules_data/clue.json), checked when the game loads: a broken copy stops the
server at start with a sentence naming the file and the fault."""

import json

import pytest

from companion.games.clue.data import DATA, ClueData
from companion.games.rules_data import ROOT, GameDataError, load

from ...rules import broken_data

REAL = json.loads((ROOT / "clue.json").read_text(encoding="utf-8"))


def broken(tmp_path, change) -> str:
    return broken_data("clue", ClueData, tmp_path, change)


def test_the_real_card_data_fits_its_model():
    assert load("clue", ClueData) == DATA == REAL


def test_an_edition_without_its_first_mover_is_refused(tmp_path):
    def change(d):
        del d["editions"]["disney-villains"]["first_mover"]
    assert "first_mover" in broken(tmp_path, change) and "Field required" in broken(tmp_path, change)


def test_a_first_mover_who_is_not_a_villain_is_refused(tmp_path):
    def change(d):
        d["editions"]["classic"]["first_mover"] = "Jafar"
    assert "the first mover Jafar is not one of the suspects" in broken(tmp_path, change)


def test_a_card_listed_twice_is_refused(tmp_path):
    def change(d):
        d["editions"]["disney-villains"]["categories"][1]["cards"].append("Jafar")
    assert "Clue: Disney Villains: the card jafar is listed twice" in broken(tmp_path, change)


def test_only_the_lairs_may_be_renamed(tmp_path):
    def change(d):
        d["editions"]["classic"]["categories"][0]["renamable"] = True
    assert "only the last category (the lairs) may be renamed" in broken(tmp_path, change)


def test_the_default_edition_must_be_there(tmp_path):
    def change(d):
        del d["editions"]["disney-villains"]
    assert "the edition 'disney-villains' (every table's default) is missing" in broken(tmp_path, change)


def test_a_category_of_one_card_is_refused(tmp_path):
    def change(d):
        d["editions"]["classic"]["categories"][1]["cards"] = ["Rope"]
    assert "a category needs at least two cards" in broken(tmp_path, change)


def test_a_file_that_is_not_json_is_refused(tmp_path):
    (tmp_path / "clue.json").write_text("{", encoding="utf-8")
    with pytest.raises(GameDataError, match="is not valid JSON"):
        load("clue", ClueData, root=tmp_path)
