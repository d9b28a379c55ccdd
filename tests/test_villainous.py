"""Villainous: one test per rule, named after it. Every action goes the API's way (tests/rules.py)."""

import pytest

from companion.core.errors import BadInput, Forbidden, RuleError

from .rules import Game

ORDER = ["captain_hook", "jafar", "maleficent", "prince_john", "queen_of_hearts", "ursula"]


def game(n=3, villains=None, first=None, realms=None):
    """A table of n players P0..P(n-1) with a seat each, a host and a display."""
    villains = villains or ORDER[:n]
    players = [{"name": f"P{i}", "villain": villains[i]} for i in range(n)]
    return Game("villainous", {"players": players, "first": first, "realms": realms or {}},
                players=[p["name"] for p in players])


@pytest.mark.parametrize("n,expected", [(2, [0, 1]), (3, [0, 1, 2]), (4, [0, 1, 2, 2]), (5, [0, 1, 2, 2, 3]),
                                        (6, [0, 1, 2, 2, 3, 3])])
def test_starting_power_by_turn_order(n, expected):
    assert [p["power"] for p in game(n).view("host")["players"]] == expected


def test_starting_power_follows_the_chosen_first_player():
    players = game(3, first="P2").view("host")["players"]
    assert [(p["name"], p["power"]) for p in players] == [("P2", 0), ("P0", 1), ("P1", 2)]


@pytest.mark.parametrize("n", [1, 7])
def test_two_to_six_players(n):
    with pytest.raises(RuleError, match="2 to 6 players"):
        Game("villainous", {"players": [{"name": f"P{i}", "villain": ORDER[i % 6]} for i in range(n)]})


def test_each_player_a_different_villain():
    with pytest.raises(RuleError, match="different Villain"):
        game(2, villains=["jafar", "jafar"])


def test_villain_starts_on_the_left_most_location_with_the_lock_token_placed():
    hook, male = game(2, villains=["captain_hook", "maleficent"]).view("host")["players"]
    assert hook["location"] == "Jolly Roger"
    assert [loc["name"] for loc in hook["locations"] if loc["locked"]] == ["Hangman's Tree"]
    assert not any(loc["locked"] for loc in male["locations"])


def test_cauldron_holds_80_and_nobody_takes_what_is_not_there():
    g = game(2)
    assert g.view("host")["cauldron"] == 80 - 1
    assert g.act("host", type="power", player="P0", delta=79)["cauldron"] == 0
    with pytest.raises(RuleError, match="Cauldron"):
        g.act("host", type="power", player="P1", delta=1)


def test_power_never_goes_below_zero():
    g = game(2)
    with pytest.raises(RuleError, match="below 0"):
        g.act("host", type="power", player="P1", delta=-2)
    view = g.act("host", type="power", player="P1", delta=-1)
    assert view["players"][1]["power"] == 0


def test_a_power_change_of_zero_is_refused():
    assert "0 Power changes nothing" in game(2).refused("host", type="power", player="P0", delta=0)


@pytest.mark.parametrize("delta", [1.5, 1.0, "3", True])
def test_a_power_change_is_a_whole_number(delta):
    with pytest.raises(BadInput, match="delta"):
        game(2).act("host", type="power", player="P0", delta=delta)


def test_every_power_change_is_logged_with_who_made_it():
    view = game(2).act("P1", type="power", player="P1", delta=3)
    assert view["log"][-1]["by"] == "P1" and "takes 3" in view["log"][-1]["text"]


def test_a_player_changes_only_their_own_power():
    g = game(2)
    with pytest.raises(Forbidden):
        g.act("P1", type="power", player="P0", delta=1)
    with pytest.raises(Forbidden):
        g.act("display", type="power", player="P0", delta=1)


def test_no_move_to_the_same_location():
    with pytest.raises(RuleError, match="different location"):
        game(2).act("P0", type="move", location="Jolly Roger")


def test_no_move_to_a_locked_location():
    g = game(2)
    with pytest.raises(RuleError, match="locked"):
        g.act("P0", type="move", location="Hangman's Tree")
    g.act("P0", type="lock", player="P0", location="Hangman's Tree", locked=False)
    view = g.act("P0", type="move", location="Hangman's Tree")
    assert view["players"][0]["location"] == "Hangman's Tree"


def test_only_the_current_player_moves_and_only_once():
    g = game(2)
    with pytest.raises(Forbidden):
        g.act("P1", type="move", location="Oasis")
    g.act("P0", type="move", location="Skull Rock")
    with pytest.raises(RuleError, match="already moved"):
        g.act("P0", type="move", location="Mermaid Lagoon")


def test_move_comes_before_ending_the_turn():
    with pytest.raises(RuleError, match="not moved"):
        game(2).act("host", type="end_turn")


def test_the_turn_passes_to_the_left():
    g = game(3)
    for expected in ("P1", "P2", "P0"):
        p = next(p for p in g.view("host")["players"] if p["name"] == g.view("host")["current"])
        g.act("host", type="move", location=next(loc["name"] for loc in p["locations"]
                                                 if loc["name"] != p["location"] and not loc["locked"]))
        assert g.act("host", type="end_turn")["current"] == expected


def test_fate_token_only_at_five_and_six_players():
    g = game(4)
    g.act("host", type="move", location="Skull Rock")
    assert g.act("host", type="fate", by="P0", target="P1")["fate_token"] is None
    g = game(5)
    g.act("host", type="move", location="Skull Rock")
    assert g.act("host", type="fate", by="P0", target="P1")["fate_token"] == "P1"


def test_fate_token_holder_cannot_be_targeted():
    g = game(6)
    g.act("host", type="move", location="Skull Rock")
    g.act("host", type="fate", by="P0", target="P2")
    with pytest.raises(RuleError, match="holds the Fate token"):
        g.act("host", type="fate", by="P0", target="P2")
    assert g.act("host", type="fate", by="P0", target="P3")["fate_token"] == "P3"


def test_fate_is_never_against_yourself():
    with pytest.raises(RuleError, match="opponent"):
        game(2).act("host", type="fate", by="P0", target="P0")


def test_prince_john_wins_when_he_starts_his_turn_with_20_power_and_not_before():
    g = game(2, villains=["jafar", "prince_john"])
    view = g.act("host", type="power", player="P1", delta=19)
    assert view["players"][1]["power"] == 20 and view["winner"] is None  # reaching 20 mid-turn is not enough
    g.act("host", type="move", location="Oasis")
    assert g.act("host", type="end_turn")["winner"] == "P1"
    with pytest.raises(RuleError, match="over"):
        g.act("host", type="power", player="P0", delta=1)


def test_prince_john_below_20_at_the_start_of_his_turn_does_not_win():
    g = game(2, villains=["jafar", "prince_john"])
    g.act("host", type="power", player="P1", delta=18)
    g.act("host", type="move", location="Oasis")
    assert g.act("host", type="end_turn")["winner"] is None


def test_other_objectives_are_claimed_and_confirmed_by_the_table():
    g = game(2)
    g.act("P0", type="claim", player="P0")
    with pytest.raises(Forbidden):
        g.act("P0", type="confirm", accept=True)
    view = g.act("P1", type="confirm", accept=False)
    assert view["winner"] is None and view["claim"] is None
    g.act("P0", type="claim", player="P0")
    assert g.act("host", type="confirm", accept=True)["winner"] == "P0"


def test_realms_are_configurable_per_table():
    g = game(2, villains=["ursula", "jafar"],
             realms={"ursula": {"locations": ["Lair", "Ship", "Shore", "Palace"], "locked": "Palace"}})
    ursula = g.view("host")["players"][0]
    assert ursula["location"] == "Lair" and ursula["locations"][3] == {"name": "Palace", "locked": True}


def test_unsure_location_names_are_flagged_until_the_table_renames_them():
    assert [p["names_unsure"] for p in game(2, villains=["ursula", "prince_john"]).view("host")["players"]] == [True, False]
    g = game(2, villains=["ursula", "jafar"],
             realms={"ursula": {"locations": ["Lair", "Ship", "Shore", "Palace"], "locked": "Palace"}})
    assert g.view("host")["players"][0]["names_unsure"] is False
