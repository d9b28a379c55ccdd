"""Villainous at the table (issue 21): each seat's next move first (`now`), the table's news pinned
(`news`), the symbols of each location entered by the host, the box's three Lock tokens, the
objectives flagged as not in the rulebook, the round. One test per rule, named after it."""

import pytest

from companion.core.errors import BadInput, Forbidden, RuleError

from ...rules import Game
from .test_rules import game

HOOK_SYMBOLS = dict(power=2, fate=1, play=2, vanquish=1)  # entered for Skull Rock below


def ids(items):
    return [i["id"].rsplit("-", 1)[0] if i["id"][-1].isdigit() else i["id"] for i in items]


def taps(item):
    return [a["label"] for a in item["actions"]]


def with_symbols(**symbols):
    g = game(3)
    g.act("host", type="symbols", player="P0", location="Skull Rock", **(symbols or HOOK_SYMBOLS))
    return g


# ---------------------------------------------------------------- symbols of a location

def test_the_host_enters_the_symbols_of_a_location_and_the_card_shows_them():
    view = with_symbols().view("P1")
    hook = view["players"][0]
    assert hook["locations"][1] == {"name": "Skull Rock", "locked": False,
                                    "symbols": "Gain 2 Power, Play a Card ×2, Fate, Vanquish"}
    assert hook["locations"][0]["symbols"] is None  # not entered
    assert "Skull Rock shows Gain 2 Power" in view["log"][-1]["text"]


def test_only_the_host_enters_the_symbols_of_a_board():
    with pytest.raises(Forbidden, match="Only the host enters the symbols"):
        game(3).act("P0", type="symbols", player="P0", location="Skull Rock", power=2)


def test_the_symbols_form_is_offered_to_the_host_only():
    g = game(3)
    assert [r["location"] for r in g.view("host")["players"][0]["symbols_form"]][:2] == ["Jolly Roger", "Skull Rock"]
    assert g.view("P0")["players"][0]["symbols_form"] is None


def test_a_symbol_count_beyond_the_box_is_refused_in_a_sentence():
    msg = game(3).refused("host", type="symbols", player="P0", location="Skull Rock", power=9)
    assert msg == "The Power a Gain Power symbol gives can be at most 5."


def test_after_the_move_the_turn_offers_exactly_the_actions_of_the_location():
    g = with_symbols()
    view = g.act("P0", type="move", location="Skull Rock")
    act = next(i for i in view["now"] if i["id"].startswith("act-"))
    assert taps(act) == ["Gain 2 Power", "Fate P1", "Fate P2"]
    assert "Play a Card ×2, Vanquish" in act["detail"]
    g.act("P0", type="end_turn")
    g.act("P1", type="move", location="Oasis")  # nothing entered for Jafar: the table's rule, Power on the card
    act = next(i for i in g.view("P1")["now"] if i["id"].startswith("act-"))
    assert taps(act) == ["Fate P0", "Fate P2"] and "Nobody has entered" in act["detail"]


def test_power_is_gained_in_one_tap_once_a_turn_where_the_location_shows_it():
    g = with_symbols()
    g.act("P0", type="move", location="Skull Rock")
    view = g.act("P0", type="gain", player="P0")
    assert view["players"][0]["power"] == 2 and "gains 2 Power at Skull Rock" in view["log"][-1]["text"]
    assert "Gain 2 Power" not in taps(next(i for i in view["now"] if i["id"].startswith("act-")))
    assert "already gained the Power of Skull Rock" in g.refused("P0", type="gain", player="P0")


def test_no_power_gain_where_the_location_shows_none_or_before_the_move():
    g = with_symbols(power=0, fate=1)
    assert "moves first" in g.refused("P0", type="gain", player="P0")
    g.act("P0", type="move", location="Skull Rock")
    assert g.refused("P0", type="gain", player="P0") == "Skull Rock shows no Gain Power symbol."


def test_only_the_current_villain_gains_the_power_of_its_location():
    g = with_symbols()
    g.act("P0", type="move", location="Skull Rock")
    with pytest.raises(RuleError, match="P0's turn"):
        g.act("P1", type="gain", player="P1")


def test_fate_counts_against_the_fate_symbols_the_host_entered():
    g = with_symbols(fate=0, power=1)
    g.act("P0", type="move", location="Skull Rock")
    assert "No Fate action is left this turn at Skull Rock" in g.refused("P0", type="fate", by="P0", target="P1")
    assert taps(next(i for i in g.view("P0")["now"] if i["id"].startswith("act-"))) == ["Gain 1 Power"]


# ---------------------------------------------------------------- Lock tokens

def test_at_most_three_locations_are_locked_at_once_said_in_a_sentence():
    g = game(3, villains=["captain_hook", "jafar", "maleficent"])
    g.act("host", type="lock", player="P2", location="The Forest", locked=True)  # the third token
    msg = g.refused("host", type="lock", player="P0", location="Skull Rock", locked=True)
    assert msg == ("All three Lock tokens of the box are in use (Hangman's Tree, Cave of Wonders and The Forest): "
                   "unlock one of those before locking another location.")
    view = g.view("P0")
    assert view["lock_tokens"]["used"] == 3 and view["lock_tokens"]["full"] == msg
    assert [lk["name"] for lk in view["players"][0]["controls"]["locks"]] == ["Hangman's Tree"]  # unlock only
    g.act("host", type="lock", player="P2", location="The Forest", locked=False)
    assert g.act("host", type="lock", player="P0", location="Skull Rock", locked=True)["lock_tokens"]["used"] == 3


def test_realms_starting_with_more_locks_than_the_box_holds_are_refused():
    realms = {"maleficent": {"locations": ["Forbidden Mountains", "Briar Rose's Cottage", "The Forest",
                                           "King Stefan's Castle"], "locked": "King Stefan's Castle"}}
    with pytest.raises(RuleError, match="The box holds 3 Lock tokens; these realms would start with 4"):
        game(4, villains=["captain_hook", "jafar", "ursula", "maleficent"], realms=realms)


# ---------------------------------------------------------------- objectives

def test_every_objective_is_flagged_unsure_until_the_host_checks_it_against_the_board():
    g = game(3)
    assert all(p["objective_unsure"] for p in g.view("P1")["players"])
    with pytest.raises(Forbidden, match="Only the host checks"):
        g.act("P0", type="objective", player="P0")
    view = g.act("host", type="objective", player="P0")
    assert [p["objective_unsure"] for p in view["players"]] == [False, True, True]


# ---------------------------------------------------------------- the round and each seat's now

def test_the_turn_reads_round_and_whose_turn():
    g = game(3)
    assert g.view("host")["headline"] == "Round 1, P0's turn"
    assert g.view("P0")["headline"] == "Round 1, your turn"
    for who, there in (("P0", "Skull Rock"), ("P1", "Oasis"), ("P2", "The Forest")):
        g.act(who, type="move", location=there)
        g.act(who, type="end_turn")
    assert g.view("host")["headline"] == "Round 2, P0's turn" and g.view("host")["turn"] == 4


def test_move_to_is_pinned_on_the_current_players_phone_and_cannot_be_hidden():
    view = game(3).view("P0")
    move = view["news"][-1]  # after what the whole table must answer first (a claim, a warning)
    assert move["text"] == "Round 1, your turn. Move your Villain to:" and move["tone"] == "move" and move["keep"]
    assert taps(move) == ["Skull Rock", "Mermaid Lagoon"]  # not where it stands, not the locked Hangman's Tree
    assert not any(i["id"].startswith("move-") for i in view["now"])  # once, pinned
    assert not any(i["id"].startswith("move-") for i in game(3).view("P1")["news"])  # on that phone only


def test_the_host_is_offered_the_current_villains_move():
    assert taps(game(3).view("host")["now"][0]) == ["Skull Rock", "Mermaid Lagoon"]


def test_the_other_players_are_told_whose_turn_it_is_and_offered_no_move():
    now = game(3).view("P1")["now"]
    assert [(i["text"], i["actions"]) for i in now] == [("Round 1, P0's turn.", [])]
    assert game(3).view("display")["now"] == []


def test_after_the_move_the_end_of_the_turn_follows_the_actions():
    view = game(3).act("P0", type="move", location="Skull Rock")
    assert ids(view["now"]) == ["act", "end"] and taps(view["now"][1]) == ["End turn (draw back to four)"]


def test_an_approved_player_before_the_seating_is_told_the_host_will_seat_them():
    g = Game("villainous", {}, players=["Ann"])
    assert g.view("Ann")["now"][0]["id"] == "seat-wait" and "The host will seat you" in g.view("Ann")["now"][0]["text"]
    assert g.view("host")["now"] == []


def test_a_player_the_host_did_not_seat_is_told_so():
    g = game(2)
    g.join("Zed")
    assert "seated without you" in g.view("Zed")["now"][0]["text"]


# ---------------------------------------------------------------- the table's news

def claim_ready():
    g = game(3, villains=["captain_hook", "ursula", "maleficent"])
    g.act("P0", type="mark", player="P0", mark="m0", on=True)
    g.act("P0", type="mark", player="P0", mark="m1", on=True)
    return g


def test_an_objective_that_looks_met_is_claimed_from_the_top_of_the_owners_phone():
    now = claim_ready().view("P0")["now"]
    assert now[0]["tone"] == "prompt" and taps(now[0]) == ["Claim the objective"]


def test_a_claim_is_pinned_news_with_the_answer_for_every_other_seat():
    g = claim_ready()
    g.act("P0", type="claim", player="P0")
    other = g.view("P1")["news"][0]
    assert other["text"].startswith("P0 claims the objective: Beat Peter Pan")
    assert taps(other) == ["Confirm: P0 wins", "Not yet"]
    assert taps(g.view("host")["news"][0]) == ["Confirm: P0 wins", "Not yet"]
    assert taps(g.view("P0")["news"][0]) == [] and taps(g.view("display")["news"][0]) == []


def test_the_win_is_pinned_news_on_every_screen():
    g = claim_ready()
    g.act("P0", type="claim", player="P0")
    g.act("P2", type="confirm", accept=True)
    for who in ("host", "P0", "P1", "display"):
        news = g.view(who)["news"]
        assert [(i["text"], i["tone"]) for i in news] == [("P0 (Captain Hook) wins!", "win")]
        assert g.view(who)["now"] == []


def test_the_20_power_warning_is_pinned_news_on_every_screen():
    g = game(3, villains=["captain_hook", "prince_john", "jafar"])
    g.act("host", type="power", player="P1", delta=19)
    for who in ("host", "P0", "P1", "P2", "display"):
        news = g.view(who)["news"]
        assert news[0]["tone"] == "warn" and news[0]["text"].startswith("P1 (Prince John) holds 20 Power")


def test_a_fated_player_is_told_on_their_own_phone_only():
    g = game(3)
    g.act("P0", type="move", location="Skull Rock")
    g.act("P0", type="fate", by="P0", target="P2")
    told = [i for i in g.view("P2")["news"] if i["id"].startswith("fated-")]
    assert [i["text"] for i in told] == ["P0 Fates you."]
    for who in ("host", "P0", "P1", "display"):
        assert not [i for i in g.view(who)["news"] if i["id"].startswith("fated-")]
    g.act("P0", type="end_turn")
    assert not [i for i in g.view("P2")["news"] if i["id"].startswith("fated-")]  # gone with the turn


@pytest.mark.parametrize("field,value,sentence", [
    ("play", 4, "Play a Card symbols can be at most 3."),
    ("fate", -1, "Fate symbols must be at least 0."),
])
def test_the_symbols_refusals_name_the_limit_in_words(field, value, sentence):
    with pytest.raises(BadInput) as err:
        game(3).act("host", type="symbols", player="P0", location="Skull Rock", **{field: value})
    assert str(err.value) == sentence


def test_a_claim_made_replaces_the_warning_that_it_was_due():
    g = game(3, villains=["jafar", "ursula", "maleficent"])
    g.act("P0", type="mark", player="P0", mark="m0", on=True)
    g.act("P0", type="mark", player="P0", mark="m1", on=True)
    assert [i["tone"] for i in g.view("P1")["news"]] == ["warn"]  # a claim is due
    g.act("P0", type="claim", player="P0")
    assert [i["tone"] for i in g.view("P1")["news"]] == ["prompt"]


def test_a_power_change_beyond_80_is_refused_in_a_sentence():
    assert game(2).refused("host", type="power", player="P0", delta=81) == "A change of Power can be at most 80."


def test_the_owner_is_offered_the_due_claim_and_not_warned_about_it():
    g = game(3, villains=["jafar", "ursula", "maleficent"])
    g.act("P0", type="mark", player="P0", mark="m0", on=True)
    g.act("P0", type="mark", player="P0", mark="m1", on=True)
    assert [i for i in g.view("P0")["news"] if not i["id"].startswith("move-")] == []  # only its pinned move
    assert taps(g.view("P0")["now"][0]) == ["Claim the objective"]
    assert "a claim is due" in g.view("P1")["news"][0]["text"]
