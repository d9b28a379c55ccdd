"""The game's data is checked when it loads: rules_data/gathering.json fits its model, and a
broken copy stops the game at start with a sentence naming the file and the fault."""

import json

from companion.games.gathering import data
from companion.games.gathering.data import GatheringData
from companion.games.rules_data import ROOT, load

from ...rules import broken_data

REAL = json.loads((ROOT / "gathering.json").read_text(encoding="utf-8"))


def broken(tmp_path, change) -> str:
    """The sentence a copy of the real file, changed by `change`, stops the game with."""
    return broken_data("gathering", GatheringData, tmp_path, change)


def test_the_real_data_fits_its_model():
    assert load("gathering", GatheringData) == REAL


def test_a_player_count_without_its_team_mischief_size_stops_the_game(tmp_path):
    assert "mischief_by_players: no result for 9" in broken(tmp_path, lambda d: d["mischief_by_players"].pop("9"))


def test_a_player_count_outside_six_to_twelve_stops_the_game(tmp_path):
    def add(d):
        d["mischief_by_players"]["13"] = 3
    assert "mischief_by_players: 13 is outside 6-12" in broken(tmp_path, add)


def test_a_henchman_who_is_not_a_character_stops_the_game(tmp_path):
    def dangle(d):
        d["characters"]["maleficent"]["henchmen"] = ["diablo", "jafar"]
    assert "maleficent's henchman 'jafar' is not a character" in broken(tmp_path, dangle)


def test_a_henchman_and_a_villain_who_disagree_stop_the_game(tmp_path):
    def disagree(d):
        d["characters"]["diablo"]["villain"] = "hades"
    assert "maleficent lists diablo as a henchman, but diablo's villain is hades" in broken(tmp_path, disagree)


def test_every_character_of_the_api_is_in_the_data(tmp_path):
    def drop(d):
        for where in ("characters", "powers"):
            d[where].pop("mother_gothel")
        d["characters"]["stabbington_brothers"]["villain"] = None
    assert "the characters must be exactly the API's: missing ['mother_gothel']" in broken(tmp_path, drop)


def test_a_character_the_night_order_names_must_be_in_the_data(tmp_path, monkeypatch):
    monkeypatch.setattr(data, "STEP_OWNER", {**data.STEP_OWNER, "lock_away": "rapunzel"})
    assert "the night order names 'rapunzel', which is not a character" in broken(tmp_path, lambda d: None)


def test_a_suggested_set_of_an_unknown_character_stops_the_game(tmp_path):
    def unknown(d):
        d["suggested"]["6"][0] = "jafar"
    assert "'jafar' (in the set for 6 players) is not a character" in broken(tmp_path, unknown)


def test_a_suggested_set_of_the_wrong_size_stops_the_game(tmp_path):
    assert "the set for 7 players needs 7 different characters" in broken(
        tmp_path, lambda d: d["suggested"]["7"].pop())


def test_a_script_line_the_narration_reads_must_exist(tmp_path):
    assert "the script has no line 'spy_tell', which the narration reads" in broken(
        tmp_path, lambda d: d["script"].pop("spy_tell"))


def test_a_script_line_may_leave_blank_only_what_the_game_fills_in(tmp_path):
    def blank(d):
        d["script"]["dawn_fallen"] = ["Sadly, {victim} did not survive the night."]
    assert "the script's 'dawn_fallen' leaves {victim} blank" in broken(tmp_path, blank)


def test_a_stage_direction_belongs_to_a_beat(tmp_path):
    def stray(d):
        d["directions"]["spy_dance"] = "Dance."
    assert "the direction 'spy_dance' belongs to no beat" in broken(tmp_path, stray)


def test_every_character_has_a_power(tmp_path):
    assert "every character has exactly one power: missing ['shere_khan']" in broken(
        tmp_path, lambda d: d["powers"].pop("shere_khan"))


def test_a_missing_field_stops_the_game(tmp_path):
    sentence = broken(tmp_path, lambda d: d.pop("directions"))
    assert "at directions: Field required" in sentence


def test_the_games_modules_import_one_another_without_a_cycle_and_stay_under_700_lines():
    import ast
    from pathlib import Path

    package = Path(data.__file__).parent
    graph = {}
    for path in package.glob("*.py"):
        source = path.read_text(encoding="utf-8")
        assert len(source.splitlines()) <= 700, path.name
        deps = set()
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                deps |= {node.module} if node.module else {a.name for a in node.names}
        graph[path.stem] = deps

    def cycle(name, path):
        if name in path:
            return path[path.index(name):] + [name]
        return next((c for dep in graph.get(name, ()) if (c := cycle(dep, path + [name]))), None)

    assert [c for name in graph if (c := cycle(name, []))] == []
