"""A Touch of Evil's data file is checked when the game loads: the real file fits its model; a
broken copy stops the game with a sentence naming the file and the fault."""

import json

from companion.games.rules_data import ROOT, load
from companion.games.touch_of_evil.data import TouchOfEvilData

from ...rules import broken_data

REAL = json.loads((ROOT / "touch_of_evil.json").read_text(encoding="utf-8"))


def broken(tmp_path, change) -> str:
    return broken_data("touch_of_evil", TouchOfEvilData, tmp_path, change)


def test_the_real_file_fits_its_model():
    assert load("touch_of_evil", TouchOfEvilData) == REAL


def test_a_gap_in_a_villain_minion_table_is_refused(tmp_path):
    def gap(d):
        d["villains"]["gargoyle"]["table"][-1]["from"] = 6  # 5 no longer rolls anything
    assert "the gargoyle Villain Minion Table: no result for 5" in broken(tmp_path, gap)


def test_an_overlap_in_a_villain_minion_table_is_refused(tmp_path):
    def overlap(d):
        d["villains"]["banshee"]["table"][0]["to"] = 2
    assert "the banshee Villain Minion Table: 2 is in both 1-2 and 2-3" in broken(tmp_path, overlap)


def test_the_advanced_table_covers_two_to_twelve_once(tmp_path):
    def twice(d):
        d["advanced_coop_table"][1]["roll"] = 2
    assert "the Advanced Co-operative table: 2 is in both" in broken(tmp_path, twice)


def test_a_minion_a_villain_names_must_be_described(tmp_path):
    def dangling(d):
        d["villains"]["gargoyle"]["foes"].append("Headless Horseman")
    assert "gargoyle → foes names the Minion Headless Horseman" in broken(tmp_path, dangling)


def test_a_minion_a_table_result_places_must_be_described(tmp_path):
    def dangling(d):
        d["villains"]["bog_fiend"]["table"][2]["effects"][0]["minion"] = "Giant Leech"
    assert "names the Minion Giant Leech" in broken(tmp_path, dangling)


def test_a_space_a_villain_or_a_hero_names_must_be_on_the_board(tmp_path):
    def nowhere(d):
        d["heroes"]["brother_marcus"]["start"] = "Atlantis"
    assert "starts at Atlantis, which is not a space of the board" in broken(tmp_path, nowhere)


def test_a_missing_field_is_named(tmp_path):
    def missing(d):
        del d["villains"]["banshee"]["murder"]
    assert "villains → banshee → murder: Field required" in broken(tmp_path, missing)


def test_an_effect_lacking_what_it_needs_is_named(tmp_path):
    def incomplete(d):
        del d["villains"]["gargoyle"]["table"][0]["effects"][-1]["steps"]
    assert "a 'shadow' effect needs 'steps'" in broken(tmp_path, incomplete)
