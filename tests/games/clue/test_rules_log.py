"""Clue's public log: suggestions (one card of each kind, entered once, by whom), accusations
and the turn, corrections and removals (by the entry's author or the host), and Undo."""

import json

import pytest

from companion.core.errors import Forbidden, RuleError

from ...rules import Game
from .tables import ANN_HAND, game


def test_a_suggestion_names_one_card_of_each_kind():
    with pytest.raises(RuleError, match="one card of each kind"):
        game().act("host", type="suggestion", by="Ann", cards=["jafar", "hades", "shell"], disproved_by=None)


def test_a_wrong_accuser_takes_no_more_turns_but_still_disproves():
    g = game()
    view = g.act("host", type="accusation", by="Ann", cards=["jafar", "shell", "laboratory"], correct=False)
    assert next(p for p in view["players"] if p["name"] == "Ann")["out"] is True
    with pytest.raises(RuleError, match="one accusation"):
        g.act("host", type="accusation", by="Ann", cards=["jafar", "shell", "laboratory"], correct=False)
    g.act("host", type="end_turn")  # Ann is first: Bob next
    g.act("host", type="end_turn")
    assert g.act("host", type="end_turn")["current"] == "Bob"  # Ann is skipped
    view = g.act("host", type="suggestion", by="Bob", cards=["jafar", "shell", "laboratory"], disproved_by="Ann")
    assert view["suggestions"][-1]["disproved_by"] == "Ann"


def test_taking_back_a_suggestion_also_drops_the_card_shown_for_it():
    g = Game("clue", {"players": ["Ann", "Bob", "Cat"]}, players=["Ann", "Bob", "Cat"])
    g.act("host", type="suggestion", by="Ann", cards=["jafar", "shell", "laboratory"], disproved_by="Bob")
    assert g.act("Ann", type="shown", suggestion=1, card="shell")["shown"] == {"1": "shell"}
    view = g.undo("host")  # the host cannot see Ann's note, so the suggestion is what goes
    assert view["suggestions"] == []
    ann = g.view("Ann")
    assert ann["shown"] == {} and ann["notes"]["shell"]["Bob"] is None  # the shown card went with it
    assert ann["undo"] is None  # and Ann is not offered to take back an entry that no longer applies
    g.table.seals.clear()  # as after a restart: nothing is known of past actions but the log
    g.table.views.clear()
    assert g.view("Ann")["undo"] is None


def test_correcting_a_suggestion_retargets_or_drops_the_card_shown_for_it():
    g = game()
    g.act("host", type="suggestion", by="Ann", cards=["jafar", "shell", "lair_3"], disproved_by="Bob")
    g.act("Ann", type="shown", suggestion=1, card="shell")
    view = g.act("host", type="correct_suggestion", id=1, by="Ann", cards=["jafar", "shell", "lair_3"],
                 disproved_by="Cat")  # it was Cat who showed it
    ann = g.view("Ann")
    assert ann["shown"] == {"1": "shell"} and ann["notes"]["shell"]["Cat"] == "has"
    assert ann["notes"]["shell"]["Bob"] == "lacks" and view["suggestions"][0]["disproved_by"] == "Cat"
    g.act("host", type="correct_suggestion", id=1, by="Ann", cards=["jafar", "scarab", "lair_3"], disproved_by="Cat")
    assert g.view("Ann")["shown"] == {}  # the Shell was not among the three after all


def test_undo_after_the_card_shown_takes_back_the_suggestion_and_its_card():
    g = game()
    g.act("Bob", type="suggestion", by="Ann", cards=["jafar", "shell", "laboratory"], disproved_by="Bob")
    g.act("Ann", type="shown", suggestion=1, card="shell")
    assert g.undo("Bob")["suggestions"] == []  # Bob's own entry, taken back after Ann's private one
    ann = g.view("Ann")
    assert ann["shown"] == {} and ann["contradiction"] is None and ann["notes"]["shell"]["Bob"] is None


def test_a_wrong_accuser_cannot_suggest_but_still_disproves_and_their_old_suggestions_can_be_fixed():
    g = game()
    g.act("host", type="suggestion", by="Ann", cards=["jafar", "shell", "lair_3"], disproved_by="Bob")
    view = g.act("host", type="accusation", by="Ann", cards=["jafar", "shell", "laboratory"], correct=False)
    assert "Ann" not in view["suggesters"]
    assert g.refused("host", type="suggestion", by="Ann", cards=["hades", "shell", "lair_3"],
                     disproved_by="Bob") == "Ann made a wrong accusation and can no longer suggest."
    g.act("host", type="suggestion", by="Bob", cards=["hades", "shell", "lair_3"], disproved_by="Ann")
    g.act("host", type="correct_suggestion", id=1, by="Ann", cards=["jafar", "shell", "lair_3"], disproved_by="Cat")
    assert g.view("host")["suggestions"][0]["disproved_by"] == "Cat"


def test_the_same_suggestion_entered_twice_in_one_turn_is_caught():
    g = game()
    g.act("Ann", type="suggestion", by="Ann", cards=["jafar", "shell", "lair_3"], disproved_by="Bob")
    msg = g.refused("Bob", type="suggestion", by="Ann", cards=["jafar", "shell", "lair_3"], disproved_by="Bob")
    assert msg.startswith("That suggestion is already in the log as #1.")
    g.act("host", type="end_turn")
    g.act("host", type="end_turn")
    g.act("host", type="end_turn")  # Ann's turn again: the same suggestion may be made anew
    assert len(g.act("Ann", type="suggestion", by="Ann", cards=["jafar", "shell", "lair_3"],
                     disproved_by="Bob")["suggestions"]) == 2


def test_only_the_entrys_author_or_the_host_may_remove_or_edit_it():
    g = game()
    g.act("Bob", type="suggestion", by="Ann", cards=["jafar", "shell", "lair_3"], disproved_by="Bob")
    assert g.view("Bob")["editable"] == [1] and g.view("Cat")["editable"] == [] and g.view("host")["editable"] == [1]
    with pytest.raises(Forbidden, match="Only the phone that entered #1"):
        g.act("Cat", type="withdraw_suggestion", id=1)
    with pytest.raises(Forbidden, match="Only the phone that entered #1"):
        g.act("Cat", type="correct_suggestion", id=1, by="Ann", cards=["jafar", "shell", "lair_3"], disproved_by="Cat")
    g.act("Bob", type="correct_suggestion", id=1, by="Ann", cards=["jafar", "shell", "lair_3"], disproved_by="Cat")
    assert g.act("host", type="withdraw_suggestion", id=1)["suggestions"] == []


def test_the_suggester_may_add_the_card_shown_to_the_suggestion_and_only_they_see_it():
    g = game()
    view = g.act("Ann", type="suggestion", by="Ann", cards=["jafar", "shell", "lair_3"], disproved_by="Bob",
                 shown="shell")
    assert view["shown"] == {"1": "shell"} and view["notes"]["shell"]["Bob"] == "has"
    for other in ("Bob", "Cat", "host", "Board"):
        assert "shown" not in json.dumps([e.get("action") for e in g.log(other)])
        assert g.view(other).get("shown") in (None, {})
    assert g.log("Ann")[-1]["action"]["shown"] == "shell"
    with pytest.raises(Forbidden, match="Only Bob's own phone"):
        g.act("Board", type="suggestion", by="Bob", cards=["hades", "shell", "lair_3"], disproved_by="Cat", shown="shell")
    with pytest.raises(RuleError, match="one of the three"):
        g.act("Ann", type="suggestion", by="Ann", cards=["hades", "shell", "lair_4"], disproved_by="Bob", shown="potion")


def test_the_suggestion_form_offers_the_player_whose_turn_it_is():
    g = game()
    assert g.view("Board")["suggest_default"] == "Ann"
    view = g.act("Cat", type="suggestion", by="Ann", cards=["jafar", "shell", "lair_3"], disproved_by="Bob")
    assert view["current"] == "Ann" and view["suggest_default"] == "Ann"  # the turn card says Ann's turn: so does the form
    assert g.act("Ann", type="end_turn")["suggest_default"] == "Bob"
    view = g.act("Cat", type="suggestion", by="Cat", cards=["jafar", "shell", "lair_4"], disproved_by=None)
    assert view["current"] == "Cat" and view["suggest_default"] == "Cat"  # Bob made none: the turn moved to Cat
    g.act("Cat", type="accusation", by="Cat", cards=["maleficent", "scepter", "lair_9"], correct=False)
    assert g.view("Board")["suggest_default"] == "Ann"  # Cat can no longer suggest: the next one who can


def test_only_the_player_whose_turn_it_is_or_the_host_ends_the_turn():
    g = game()  # Ann's turn
    for other in ("Bob", "Cat"):
        assert g.refused(other, type="end_turn") == "Only Ann, whose turn it is, or the host can end Ann's turn."
    assert g.view("Bob")["current"] == "Ann"
    assert g.act("Ann", type="end_turn")["current"] == "Bob"
    assert g.act("host", type="end_turn")["current"] == "Cat"  # the host ends anyone's turn
    assert [who for who in ("Ann", "Bob", "Cat", "host", "Board") if g.view(who)["may_end_turn"]] == ["Cat", "host"]


def test_the_host_who_plays_ends_any_turn_and_their_own_player_seat_does_not():
    g = Game("clue", {"players": ["Ann", "Bob"], "host_player": "Ann"}, players=["Ann", "Bob"])
    assert g.refused("Ann", type="end_turn") == "Only Ann, whose turn it is, or the host can end Ann's turn."
    assert g.act("host", type="end_turn")["current"] == "Bob"
    assert g.act("host", type="end_turn")["current"] == "Ann"


def test_correcting_or_removing_a_suggestion_also_fixes_the_record_of_the_card_you_showed():
    g = game()
    g.act("Ann", type="hand", cards=ANN_HAND)
    g.act("Cat", type="suggestion", by="Cat", cards=["ursula", "talisman", "lair_4"], disproved_by="Ann")
    g.act("Ann", type="showed", suggestion=1, card="talisman")
    g.act("Cat", type="correct_suggestion", id=1, by="Cat", cards=["ursula", "talisman", "lair_4"], disproved_by="Bob")
    assert g.view("Ann")["showed"] == [] and g.view("Ann")["to_record"] == []  # it was Bob who showed a card
    g.act("Cat", type="correct_suggestion", id=1, by="Cat", cards=["ursula", "talisman", "lair_4"], disproved_by="Ann")
    g.act("Ann", type="showed", suggestion=1, card="ursula")
    g.act("Cat", type="withdraw_suggestion", id=1)
    assert g.view("Ann")["showed"] == [] and g.state["private"]["Ann"]["showed"] == {}
