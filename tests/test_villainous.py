"""Villainous: one test per rule, named after it."""

import pytest

from companion.core.errors import Forbidden, RuleError
from companion.core.table import Seat
from companion.games import villainous as v

HOST = Seat(0, "Host", "host")
DISPLAY = Seat(9, "Board", "display")
ORDER = ["captain_hook", "jafar", "maleficent", "prince_john", "queen_of_hearts", "ursula"]


def game(n=3, villains=None, first=None):
    villains = villains or ORDER[:n]
    players = [{"name": f"P{i}", "villain": villains[i]} for i in range(n)]
    return v.setup({"players": players, "first": first, "realms": {}})


def seat(name):
    return Seat(1, name, "player")


def do(state, seat_, **action):
    return v.apply(state, action, seat_)


@pytest.mark.parametrize("n,expected", [(2, [0, 1]), (3, [0, 1, 2]), (4, [0, 1, 2, 2]), (5, [0, 1, 2, 2, 3]),
                                        (6, [0, 1, 2, 2, 3, 3])])
def test_starting_power_by_turn_order(n, expected):
    assert [p["power"] for p in game(n)["players"]] == expected


def test_starting_power_follows_the_chosen_first_player():
    s = game(3, first="P2")
    assert [(p["name"], p["power"]) for p in s["players"]] == [("P2", 0), ("P0", 1), ("P1", 2)]


@pytest.mark.parametrize("n", [1, 7])
def test_two_to_six_players(n):
    with pytest.raises(RuleError):
        v.setup({"players": [{"name": f"P{i}", "villain": ORDER[i % 6]} for i in range(n)]})


def test_each_player_a_different_villain():
    with pytest.raises(RuleError, match="different Villain"):
        game(2, villains=["jafar", "jafar"])


def test_villain_starts_on_the_left_most_location_with_the_lock_token_placed():
    s = game(2, villains=["captain_hook", "maleficent"])
    hook = v.view(s, HOST)["players"][0]
    assert hook["location"] == "Jolly Roger"
    assert [loc["name"] for loc in hook["locations"] if loc["locked"]] == ["Hangman's Tree"]
    assert not any(loc["locked"] for loc in v.view(s, HOST)["players"][1]["locations"])


def test_cauldron_holds_80_and_nobody_takes_what_is_not_there():
    s = game(2)
    assert v.view(s, HOST)["cauldron"] == 80 - 1
    do(s, HOST, type="power", player="P0", delta=79)
    assert v.view(s, HOST)["cauldron"] == 0
    with pytest.raises(RuleError, match="Cauldron"):
        do(s, HOST, type="power", player="P1", delta=1)


def test_power_never_goes_below_zero():
    s = game(2)
    with pytest.raises(RuleError, match="below 0"):
        do(s, HOST, type="power", player="P1", delta=-2)
    do(s, HOST, type="power", player="P1", delta=-1)
    assert s["players"][1]["power"] == 0


def test_every_power_change_is_logged_with_who_made_it():
    s = game(2)
    do(s, seat("P1"), type="power", player="P1", delta=3)
    assert s["log"][-1]["by"] == "P1" and "takes 3" in s["log"][-1]["text"]


def test_a_player_changes_only_their_own_power():
    s = game(2)
    with pytest.raises(Forbidden):
        do(s, seat("P1"), type="power", player="P0", delta=1)
    with pytest.raises(Forbidden):
        do(s, DISPLAY, type="power", player="P0", delta=1)


def test_no_move_to_the_same_location():
    s = game(2)
    with pytest.raises(RuleError, match="different location"):
        do(s, seat("P0"), type="move", location="Jolly Roger")


def test_no_move_to_a_locked_location():
    s = game(2)
    with pytest.raises(RuleError, match="locked"):
        do(s, seat("P0"), type="move", location="Hangman's Tree")
    do(s, seat("P0"), type="lock", player="P0", location="Hangman's Tree", locked=False)
    do(s, seat("P0"), type="move", location="Hangman's Tree")
    assert v.view(s, HOST)["players"][0]["location"] == "Hangman's Tree"


def test_only_the_current_player_moves_and_only_once():
    s = game(2)
    with pytest.raises(Forbidden):
        do(s, seat("P1"), type="move", location="Oasis")
    do(s, seat("P0"), type="move", location="Skull Rock")
    with pytest.raises(RuleError, match="already moved"):
        do(s, seat("P0"), type="move", location="Mermaid Lagoon")


def test_move_comes_before_ending_the_turn():
    s = game(2)
    with pytest.raises(RuleError, match="not moved"):
        do(s, HOST, type="end_turn")


def test_the_turn_passes_to_the_left():
    s = game(3)
    for expected in ("P1", "P2", "P0"):
        p = s["players"][s["current"]]
        do(s, HOST, type="move", location=p["locations"][1] if p["at"] != 1 else p["locations"][2])
        do(s, HOST, type="end_turn")
        assert v.view(s, HOST)["current"] == expected


def test_fate_token_only_at_five_and_six_players():
    s = game(4)
    do(s, HOST, type="move", location="Skull Rock")
    do(s, HOST, type="fate", by="P0", target="P1")
    assert s["fate_token"] is None
    s = game(5)
    do(s, HOST, type="move", location="Skull Rock")
    do(s, HOST, type="fate", by="P0", target="P1")
    assert s["fate_token"] == "P1"


def test_fate_token_holder_cannot_be_targeted():
    s = game(6)
    do(s, HOST, type="move", location="Skull Rock")
    do(s, HOST, type="fate", by="P0", target="P2")
    with pytest.raises(RuleError, match="holds the Fate token"):
        do(s, HOST, type="fate", by="P0", target="P2")
    do(s, HOST, type="fate", by="P0", target="P3")
    assert s["fate_token"] == "P3"


def test_fate_is_never_against_yourself():
    s = game(2)
    with pytest.raises(RuleError, match="opponent"):
        do(s, HOST, type="fate", by="P0", target="P0")


def test_prince_john_wins_when_he_starts_his_turn_with_20_power_and_not_before():
    s = game(2, villains=["jafar", "prince_john"])
    do(s, HOST, type="power", player="P1", delta=19)
    assert s["players"][1]["power"] == 20 and s["winner"] is None  # reaching 20 mid-turn is not enough
    do(s, HOST, type="move", location="Oasis")
    do(s, HOST, type="end_turn")
    assert s["winner"] == "P1"
    with pytest.raises(RuleError, match="over"):
        do(s, HOST, type="power", player="P0", delta=1)


def test_prince_john_below_20_at_the_start_of_his_turn_does_not_win():
    s = game(2, villains=["jafar", "prince_john"])
    do(s, HOST, type="power", player="P1", delta=18)
    do(s, HOST, type="move", location="Oasis")
    do(s, HOST, type="end_turn")
    assert s["winner"] is None


def test_other_objectives_are_claimed_and_confirmed_by_the_table():
    s = game(2)
    do(s, seat("P0"), type="claim", player="P0")
    with pytest.raises(Forbidden):
        do(s, seat("P0"), type="confirm", accept=True)
    do(s, seat("P1"), type="confirm", accept=False)
    assert s["winner"] is None and s["claim"] is None
    do(s, seat("P0"), type="claim", player="P0")
    do(s, HOST, type="confirm", accept=True)
    assert s["winner"] == "P0"


def test_realms_are_configurable_per_table():
    s = v.setup({"players": [{"name": "A", "villain": "ursula"}, {"name": "B", "villain": "jafar"}],
                 "realms": {"ursula": {"locations": ["Lair", "Ship", "Shore", "Palace"], "locked": "Palace"}}})
    ursula = v.view(s, HOST)["players"][0]
    assert ursula["location"] == "Lair" and ursula["locations"][3] == {"name": "Palace", "locked": True}


def test_unsure_location_names_are_flagged_until_the_table_renames_them():
    s = game(2, villains=["ursula", "prince_john"])
    assert [p["names_unsure"] for p in v.view(s, HOST)["players"]] == [True, False]
    s = v.setup({"players": [{"name": "A", "villain": "ursula"}, {"name": "B", "villain": "jafar"}],
                 "realms": {"ursula": {"locations": ["Lair", "Ship", "Shore", "Palace"], "locked": "Palace"}}})
    assert v.view(s, HOST)["players"][0]["names_unsure"] is False
