"""Villainous: one test per rule, named after it. Every action goes the API's way (tests/rules.py)."""

import pytest

from companion.core.errors import BadInput, Forbidden, RuleError

from ...rules import Game

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
    with pytest.raises(BadInput, match="A change of Power must be a whole number"):
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
    players = [{"name": f"P{i}", "villain": ORDER[i]} for i in range(6)]
    g = Game("villainous", {"players": players, "fates_per_turn": 3}, players=[p["name"] for p in players])
    g.act("host", type="move", location="Skull Rock")
    g.act("host", type="fate", by="P0", target="P2")
    with pytest.raises(RuleError, match="holds the Fate token"):
        g.act("host", type="fate", by="P0", target="P2")
    assert g.act("host", type="fate", by="P0", target="P3")["fate_token"] == "P3"


def test_fate_is_never_against_yourself():
    g = game(2)
    g.act("host", type="move", location="Skull Rock")
    with pytest.raises(RuleError, match="opponent"):
        g.act("host", type="fate", by="P0", target="P0")


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
    assert ursula["location"] == "Lair" and ursula["locations"][3] == {"name": "Palace", "locked": True, "symbols": None}


def test_unsure_location_names_are_flagged_until_the_table_renames_them():
    assert [p["names_unsure"] for p in game(2, villains=["ursula", "prince_john"]).view("host")["players"]] == [True, False]
    g = game(2, villains=["ursula", "jafar"],
             realms={"ursula": {"locations": ["Lair", "Ship", "Shore", "Palace"], "locked": "Palace"}})
    assert g.view("host")["players"][0]["names_unsure"] is False


# ---------------------------------------------------------------- the turn, as the server keeps it

def test_fate_comes_after_the_move():
    g = game(3)
    with pytest.raises(RuleError, match="moves first"):
        g.act("host", type="fate", by="P0", target="P1")


def test_one_fate_a_turn_where_the_fate_symbols_are_not_entered():
    g = game(3)
    g.act("host", type="move", location="Skull Rock")
    g.act("host", type="fate", by="P0", target="P1")
    with pytest.raises(RuleError, match="one a turn"):
        g.act("host", type="fate", by="P0", target="P2")
    g.act("host", type="end_turn")
    g.act("host", type="move", location="Streets of Agrabah")  # a new turn: a new Fate
    assert g.act("host", type="fate", by="P1", target="P0")["current"] == "P1"


def test_fate_counts_against_the_fate_symbols_of_the_location_where_the_table_entered_them():
    realms = {"captain_hook": {"locations": ["Jolly Roger", "Skull Rock", "Mermaid Lagoon", "Hangman's Tree"],
                               "locked": "Hangman's Tree", "fate_symbols": [0, 2, 0, 0]}}
    g = game(3, realms=realms)
    g.act("host", type="move", location="Skull Rock")  # two Fate symbols here
    g.act("host", type="fate", by="P0", target="P1")
    g.act("host", type="fate", by="P0", target="P2")
    with pytest.raises(RuleError, match="No Fate action is left this turn at Skull Rock"):
        g.act("host", type="fate", by="P0", target="P1")


def test_a_villain_whose_other_locations_are_all_locked_stays_where_it_is():
    g = game(2, villains=["captain_hook", "maleficent"])  # Hook's three locks: the box's three tokens
    for loc in ("Skull Rock", "Mermaid Lagoon"):
        g.act("host", type="lock", player="P0", location=loc, locked=True)
    view = g.view("host")
    assert view["players"][0]["controls"]["moves"] == ["Jolly Roger"] and view["players"][0]["controls"]["stay"]
    view = g.act("host", type="move", location="Jolly Roger")
    assert view["moved"] and "stays at Jolly Roger" in view["log"][-1]["text"]


def test_the_turn_steps_say_each_once_per_symbol_shown():
    assert "each once per symbol shown" in game(2).view("host")["turn_steps"][1]


# ---------------------------------------------------------------- objectives

def test_a_start_of_turn_objective_is_claimed_only_at_the_start_of_the_owners_turn():
    g = game(3, villains=["captain_hook", "ursula", "maleficent"])
    for key in ("m0", "m1"):
        g.act("P1", type="mark", player="P1", mark=key, on=True)
    with pytest.raises(RuleError, match="only at the start of P1's own turn"):
        g.act("P1", type="claim", player="P1")  # P0's turn
    g.act("host", type="move", location="Skull Rock")
    g.act("host", type="end_turn")
    view = g.view("P1")
    assert view["players"][1]["prompt"].startswith("Your objective looks met")
    assert "P1 begins the turn with the objective met: a claim is due." in g.view("Board")["warnings"]
    g.act("P1", type="claim", player="P1")
    assert g.act("P0", type="confirm", accept=True)["winner"] == "P1"


def test_an_any_time_objective_is_claimed_as_soon_as_it_is_met():
    g = game(2, villains=["jafar", "captain_hook"])  # Hook is the second player: not his turn
    g.act("P1", type="mark", player="P1", mark="m0", on=True)
    g.act("P1", type="mark", player="P1", mark="m1", on=True)
    assert g.view("P1")["players"][1]["prompt"]
    g.act("P1", type="claim", player="P1")
    assert g.act("host", type="confirm", accept=True)["winner"] == "P1"


@pytest.mark.parametrize("villain,marks", [("jafar", 2), ("maleficent", 4), ("ursula", 2), ("captain_hook", 2),
                                           ("queen_of_hearts", 5)])
def test_each_villains_tracker_through_to_a_confirmed_win(villain, marks):
    g = game(2, villains=[villain, "prince_john"])
    tracker = g.view("P0")["players"][0]["tracker"]
    assert tracker["of"] == marks and tracker["done"] == 0 and not tracker["met"]
    for m in tracker["marks"]:
        g.act("P0", type="mark", player="P0", mark=m["key"], on=True)
    tracker = g.view("Board")["players"][0]["tracker"]
    assert tracker["met"] and g.view("Board")["standing"][0]["progress"] == f"{marks}/{marks}"
    g.act("P0", type="claim", player="P0")  # P0's turn, before moving: fine for every kind
    assert g.act("P1", type="confirm", accept=True)["winner"] == "P0"


def test_the_maleficent_tracker_names_her_four_locations():
    labels = [m["label"] for m in game(2, villains=["maleficent", "jafar"]).view("P0")["players"][0]["tracker"]["marks"]]
    assert labels == ["a Curse at Forbidden Mountains", "a Curse at Briar Rose's Cottage", "a Curse at The Forest",
                      "a Curse at King Stefan's Castle"]


def test_only_the_owner_or_the_host_keeps_a_tracker():
    g = game(2, villains=["ursula", "jafar"])
    with pytest.raises(Forbidden):
        g.act("P1", type="mark", player="P0", mark="m0", on=True)
    with pytest.raises(RuleError, match="no mark"):
        g.act("P0", type="mark", player="P0", mark="m7", on=True)
    assert g.act("host", type="mark", player="P0", mark="m0", on=True)["players"][0]["tracker"]["done"] == 1


def test_prince_john_holding_20_is_a_warning_to_the_table():
    g = game(2, villains=["jafar", "prince_john"])
    g.act("host", type="power", player="P1", delta=19)
    assert any("P1 (Prince John) holds 20 Power" in w for w in g.view("Board")["warnings"])


def test_prince_johns_objective_is_counted_not_claimed():
    g = game(2, villains=["prince_john", "jafar"])
    with pytest.raises(RuleError, match="checked by the app"):
        g.act("P0", type="claim", player="P0")


# ---------------------------------------------------------------- realms

def test_the_host_renames_a_realm_and_the_names_are_no_longer_flagged():
    g = game(2, villains=["jafar", "ursula"])
    assert g.view("host")["players"][0]["names_unsure"]
    view = g.act("host", type="realm", player="P0", locations=["Palace", "Bazaar", "Oasis", "Cave"])
    p = view["players"][0]
    assert [loc["name"] for loc in p["locations"]] == ["Palace", "Bazaar", "Oasis", "Cave"]
    assert p["location"] == "Palace" and not p["names_unsure"] and p["locations"][3]["locked"]
    with pytest.raises(Forbidden):
        g.act("P0", type="realm", player="P0", locations=["A", "B", "C", "D"])
    with pytest.raises(RuleError, match="four different names"):
        g.act("host", type="realm", player="P0", locations=["A", "A", "C", "D"])


# ---------------------------------------------------------------- what the page shows, decided by the game

def test_the_setup_form_has_one_row_per_player_the_options_allow():
    from companion.games.villainous import PLAYERS_MAX, PLAYERS_MIN
    view = Game("villainous").view("host")
    assert (view["players_min"], view["players_max"]) == (PLAYERS_MIN, PLAYERS_MAX) == (2, 6)
    rows = view["setup_rows"]
    assert [r["label"] for r in rows] == [f"Player {i}" for i in range(1, 7)]
    assert [r["index"] for r in rows] == list(range(6))
    assert [r["villain"] for r in rows] == ORDER  # each row offers a different Villain first


def test_the_setup_form_offers_exactly_the_villains_the_options_accept():
    from typing import get_args

    from companion.games.villainous import VillainId
    choices = Game("villainous").view("host")["villain_choices"]
    assert list(choices) == list(get_args(VillainId)) == ORDER
    assert choices["queen_of_hearts"] == "Queen of Hearts"


def test_a_roster_beyond_the_forms_rows_is_refused_with_the_same_limits():
    view = Game("villainous").view("host")
    players = [{"name": f"P{i}", "villain": ORDER[i % 6]} for i in range(view["players_max"] + 1)]
    with pytest.raises(RuleError, match=f"{view['players_min']} to {view['players_max']} players"):
        Game("villainous", {"players": players})


def test_the_power_buttons_take_three_and_pay_back_three():
    steps = game(2).view("P0")["power_steps"]
    assert [(s["label"], s["delta"], s["pays"]) for s in steps] == [
        ("+1", 1, False), ("+2", 2, False), ("+3", 3, False), ("-1", -1, True), ("-2", -2, True), ("-3", -3, True)]


def test_after_the_move_the_card_lists_the_remaining_steps_of_the_turn():
    view = game(2).view("P0")
    assert view["steps_after_move"] == view["turn_steps"][1:] and len(view["steps_after_move"]) == 2
    assert view["steps_after_move"][-1].startswith("Draw until you hold four")


@pytest.mark.parametrize("villain,note", [
    ("prince_john", "The app counts it from the Power."),
    ("jafar", "It counts at the start of P0's turn."),
    ("captain_hook", "It counts as soon as it happens."),
])
def test_the_objective_says_when_it_counts(villain, note):
    other = "ursula"
    assert game(2, villains=[villain, other]).view("P0")["players"][0]["objective_note"] == note


def test_only_the_host_is_offered_the_renaming_of_a_realm():
    g = game(2)
    assert [p["may_rename"] for p in g.view("host")["players"]] == [True, True]
    assert not any(p["may_rename"] for p in g.view("P0")["players"])
    assert not any(p["may_rename"] for p in g.view("Board")["players"])


def test_the_log_lists_newest_first_and_the_display_only_the_latest_six():
    g = game(2)
    for _ in range(7):
        g.act("host", type="power", player="P0", delta=1)
    host, board = g.view("host"), g.view("Board")
    assert host["log_lines"] == list(reversed(host["log"])) and len(host["log_lines"]) == 8
    assert board["log_lines"] == host["log_lines"][:6]
    assert board["log_lines"][0]["text"] == "P0 takes 1 Power (now 7)."
    assert board["log_open"] and not host["log_open"] and not g.view("P0")["log_open"]


def test_the_forms_limit_names_as_the_actions_do():
    g = game(2)
    view = g.view("host")
    assert (view["name_max"], view["location_max"]) == (40, 40)
    long = "x" * (view["location_max"] + 1)
    with pytest.raises(BadInput):
        g.act("host", type="realm", player="P0", locations=[long, "B", "C", "D"])
    g.act("host", type="realm", player="P0", locations=[long[1:], "B", "C", "D"])
    with pytest.raises(BadInput):
        Game("villainous", {"players": [{"name": "x" * (view["name_max"] + 1), "villain": "jafar"},
                                        {"name": "Bob", "villain": "ursula"}]})
