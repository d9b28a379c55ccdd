"""Clue's rules, played the API's way (tests/rules.py: each player has a seat of their name):
seating and hand sizes, suggestions and who could not disprove them, accusations and the turn,
each player's notes (private, explained cell by cell), corrections, conflicts and the advisor."""

import json

import pytest

from companion.core.errors import Forbidden, RuleError
from companion.games import clue as c

from ...rules import Game
from .tables import ANN_HAND, game, unseated


def test_card_ids_follow_the_api_rule():
    assert c.card_id("Dr. Facilier") == "dr_facilier" and c.card_id("Poison Apple") == "poison_apple"
    ids = [x["id"] for x in game().view("host")["cards"]]
    assert ids[:12] == ["ursula", "evil_queen", "dr_facilier", "jafar", "hades", "maleficent", "talisman",
                        "potion", "shell", "scarab", "scepter", "poison_apple"]


def test_hand_sizes_are_counted_out_from_the_first_player():
    assert [p["hand_size"] for p in game(("A", "B", "C", "D")).view("host")["players"]] == [5, 5, 4, 4]
    view = game(("A", "B", "C", "D"), movers={"C": "Evil Queen"}).view("host")
    assert [p["hand_size"] for p in view["players"]] == [4, 4, 5, 5] and view["current"] == "C"


def test_the_evil_queen_plays_first_then_play_passes_left():
    g = game(movers={"Bob": "Evil Queen"})
    assert g.view("host")["current"] == "Bob"
    assert g.act("host", type="end_turn")["current"] == "Cat"


def test_uneven_hand_sizes_can_be_entered():
    view = game(hand_sizes={"Ann": 8, "Bob": 5, "Cat": 5}).view("host")
    assert [p["hand_size"] for p in view["players"]] == [8, 5, 5]
    with pytest.raises(RuleError, match="add up"):
        game(hand_sizes={"Ann": 8, "Bob": 5, "Cat": 4})


def test_lairs_are_named_by_the_table():
    lairs = ["Laboratory", "Grotto", "Bayou", "Palace", "Underworld", "Castle", "Sea", "Tomb", "Forest"]
    assert [x["name"] for x in game(lairs=lairs).view("host")["cards"] if x["category"] == "Lair"] == lairs


def test_a_second_edition_is_data_not_code():
    cards = game(edition="classic").view("host")["cards"]
    assert any(x["id"] == "colonel_mustard" for x in cards) and len(cards) == 21


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


def test_a_wrong_accusation_rules_its_triple_out_of_the_envelope_in_every_note():
    g = game()
    g.act("Ann", type="hand", cards=["ursula", "evil_queen", "talisman", "potion", "laboratory", "lair_2"])
    g.act("host", type="accusation", by="Bob", cards=["jafar", "shell", "lair_3"], correct=False)
    likely = g.view("Ann")["envelope"]["likely"]
    assert likely and ["jafar", "shell", "lair_3"] not in [x["cards"] for x in likely]


def test_only_the_suggester_records_the_card_shown():
    g = game()
    g.act("host", type="suggestion", by="Ann", cards=["jafar", "shell", "lair_3"], disproved_by="Bob")
    with pytest.raises(Forbidden):
        g.act("Cat", type="shown", suggestion=1, card="jafar")
    with pytest.raises(RuleError, match="one of the three"):
        g.act("Ann", type="shown", suggestion=1, card="hades")
    assert g.act("Ann", type="shown", suggestion=1, card="jafar")["notes"]["jafar"]["Bob"] == "has"
    assert g.view("Cat")["notes"]["jafar"]["Bob"] is None


def test_the_players_between_suggester_and_disprover_hold_none_of_the_three():
    g = game()
    g.act("host", type="suggestion", by="Ann", cards=["jafar", "shell", "lair_3"], disproved_by="Cat")
    notes = g.view("Cat")["notes"]
    assert all(notes[x]["Bob"] == "lacks" for x in ("jafar", "shell", "lair_3"))


def test_nobody_disproving_means_only_the_suggester_may_hold_them():
    g = game()
    g.act("host", type="suggestion", by="Ann", cards=["jafar", "shell", "lair_3"], disproved_by=None)
    notes = g.view("Bob")["notes"]
    assert all(notes[x]["Bob"] == "lacks" and notes[x]["Cat"] == "lacks" for x in ("jafar", "shell", "lair_3"))


def test_a_corrected_suggestion_recomputes_every_note():
    g = game()
    g.act("host", type="suggestion", by="Ann", cards=["jafar", "shell", "lair_3"], disproved_by=None)
    assert g.view("Bob")["notes"]["jafar"]["Cat"] == "lacks"
    g.act("host", type="correct_suggestion", id=1, by="Ann", cards=["jafar", "shell", "lair_3"], disproved_by="Cat")
    assert g.view("Bob")["notes"]["jafar"]["Cat"] is None
    assert g.view("Bob")["notes"]["jafar"]["Bob"] == "lacks"  # Bob sat between Ann and Cat
    g.act("host", type="withdraw_suggestion", id=1)
    assert g.view("Bob")["notes"]["jafar"]["Bob"] is None


def test_you_can_accuse_when_the_envelope_is_known():
    g = game(("Ann", "Bob"))
    hand = ["ursula", "evil_queen", "dr_facilier", "jafar", "hades", "talisman", "potion", "shell", "scarab"]
    g.act("Ann", type="hand", cards=hand)
    g.act("host", type="suggestion", by="Ann", cards=["maleficent", "scepter", "laboratory"], disproved_by=None)
    v = g.view("Ann")
    assert v["notes"]["maleficent"]["envelope"] == "has" and v["notes"]["scepter"]["envelope"] == "has"
    assert v["envelope"]["known"] == ["maleficent", "scepter", "laboratory"]  # Ann lacks them, Bob passed


def test_forced_facts_explain_themselves():
    g = game()
    g.act("Ann", type="hand", cards=["ursula", "evil_queen", "talisman", "potion", "laboratory", "lair_2"])
    g.act("host", type="suggestion", by="Bob", cards=["jafar", "talisman", "lair_4"], disproved_by="Ann")
    g.act("host", type="suggestion", by="Ann", cards=["jafar", "shell", "laboratory"], disproved_by="Bob")
    why = g.act("Ann", type="shown", suggestion=2, card="shell")["why"]
    assert why["shell"]["Bob"] == "Bob showed you the Shell for #2."
    assert "could not disprove" in why["jafar"]["Cat"]


def test_a_players_notes_are_theirs_alone():
    g = game()
    g.act("Ann", type="hand", cards=["ursula", "evil_queen", "talisman", "potion", "laboratory", "lair_2"])
    g.act("Ann", type="mark", card="jafar", holder="Bob", value="has")
    assert g.view("Ann")["hand"] and g.view("Ann")["marks"] == {"jafar|Bob": "has"}
    assert g.view("Bob")["hand"] is None and g.view("Bob")["marks"] == {}
    for other in ("host", "display"):
        assert not {"hand", "marks", "shown", "notes"} & set(g.view(other))
    with pytest.raises(Forbidden):
        g.act("host", type="hand", cards=["ursula"])
    assert [e["action"]["type"] for e in g.log("Ann")] == ["hand", "mark"]
    assert g.log("Bob") == g.log("host") == []


def test_setup_rows_give_hand_sizes_for_an_uneven_deal():
    rows = [{"name": "Ann", "hand_size": 8}, {"name": "Bob", "hand_size": 5}, {"name": "Cat", "hand_size": 5}]
    view = unseated().act("host", type="setup", players=rows)
    assert [p["hand_size"] for p in view["players"]] == [8, 5, 5]


def test_setup_rows_movers_choose_the_first_player():
    rows = [{"name": "Ann", "mover": "Jafar"}, {"name": "Bob", "mover": "Evil Queen"}, {"name": "Cat"}]
    view = unseated().act("host", type="setup", players=rows, edition="disney-villains")
    assert view["current"] == "Bob"
    assert {p["name"]: p["mover"] for p in view["players"]} == {"Ann": "Jafar", "Bob": "Evil Queen", "Cat": None}
    with pytest.raises(RuleError, match="one player"):
        unseated(("Ann", "Bob")).act("host", type="setup", players=[{"name": "Ann", "mover": "Jafar"},
                                                                          {"name": "Bob", "mover": "Jafar"}])


def test_only_the_host_seats_the_players():
    with pytest.raises(Forbidden):
        unseated().act("Ann", type="setup", players=["Ann", "Bob", "Cat"])


def test_the_host_may_play_and_keeps_that_players_notes_privately():
    g = Game("clue", {"players": ["Ann", "Bob", "Cat"], "host_player": "Ann"}, players=["Bob", "Cat"], host="Ann")
    view = g.act("host", type="hand", cards=["ursula", "talisman", "potion", "laboratory", "lair_2", "lair_3"])
    assert view["me"] == "Ann" and view["notes"]["ursula"]["Ann"] == "has"
    g.act("host", type="mark", card="jafar", holder="Bob", value="has")
    bob, board = g.view("Bob"), g.view("Board")
    assert bob["me"] == "Bob" and bob["notes"]["talisman"]["Ann"] is None  # Bob does not learn Ann's hand
    assert "me" not in board and "notes" not in board
    for other in ("Bob", "Board"):
        kinds = [e["action"]["type"] for e in g.log(other) if "action" in e]
        assert "hand" not in kinds and "mark" not in kinds  # the host's private entries stay private
    with pytest.raises(RuleError, match="not one of the players"):
        Game("clue", {"players": ["Ann", "Bob"], "host_player": "Zed"})


def test_a_host_who_does_not_play_keeps_no_notes():
    g = Game("clue", {"players": ["Ann", "Bob", "Cat"]}, players=["Ann", "Bob", "Cat"])
    with pytest.raises(Forbidden, match="only when playing"):
        g.act("host", type="hand", cards=["ursula"])


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


def test_a_contradiction_with_the_hand_names_the_hand_and_the_suggestion():
    g = game()
    g.act("Ann", type="hand", cards=ANN_HAND)
    g.act("host", type="suggestion", by="Cat", cards=["ursula", "shell", "lair_3"], disproved_by="Bob")  # Ann passed
    view = g.view("Ann")
    assert view["contradiction"].startswith("These entries cannot all be true: your hand and #1.")
    assert view["notes"]["ursula"]["Ann"] == "has"  # the hand alone still stands, greyed
    assert g.view("Bob")["contradiction"] is None  # Bob's notes do not know Ann's hand


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


def test_the_suggestion_form_offers_the_player_whose_turn_it_is_then_the_next():
    g = game()
    assert g.view("Cat")["suggest_default"] == "Ann"
    view = g.act("Cat", type="suggestion", by="Ann", cards=["jafar", "shell", "lair_3"], disproved_by="Bob")
    assert view["suggest_default"] == "Bob" and view["current"] == "Ann"
    view = g.act("Cat", type="suggestion", by="Cat", cards=["jafar", "shell", "lair_4"], disproved_by=None)
    assert view["current"] == "Cat" and view["suggest_default"] == "Ann"  # Bob made none: the turn moved to Cat


def test_every_certain_cell_explains_itself_in_a_sentence_naming_its_entries():
    g = game()
    g.act("Ann", type="hand", cards=ANN_HAND)
    g.act("host", type="suggestion", by="Bob", cards=["jafar", "talisman", "lair_4"], disproved_by="Cat")
    g.act("host", type="suggestion", by="Cat", cards=["jafar", "shell", "lair_4"], disproved_by="Bob")
    view = g.view("Ann")
    for cid, row in view["notes"].items():
        for holder in row:
            reason = view["why"][cid][holder]
            assert reason and reason[0].isupper() and reason.endswith("."), (cid, holder, reason)
    assert view["why"]["ursula"]["Bob"] == "You hold Ursula. So Bob does not have it."
    assert view["why"]["jafar"]["Ann"] == "Jafar is not in your hand."
    assert view["why"]["talisman"]["envelope"] == "You hold the Talisman. So it is not in the envelope."


def test_a_card_forced_by_a_disproof_reads_neither_nor():
    g = game()
    g.act("Ann", type="hand", cards=ANN_HAND)
    g.act("host", type="suggestion", by="Cat", cards=["jafar", "shell", "lair_3"], disproved_by="Bob")
    g.act("Ann", type="mark", card="jafar", holder="Bob", value="lacks")
    g.act("Ann", type="mark", card="shell", holder="Bob", value="lacks")
    assert g.view("Ann")["why"]["lair_3"]["Bob"] == ("Bob showed a card for #1 (Jafar, Shell, Lair 3), and Bob has "
                                                     "neither Jafar nor the Shell, so it must be the Lair 3.")


def test_the_envelope_reason_names_where_the_other_cards_are():
    g = game(("Ann", "Bob"))
    hand = ["ursula", "evil_queen", "dr_facilier", "jafar", "hades", "talisman", "potion", "shell", "scarab"]
    g.act("Ann", type="hand", cards=hand)
    g.act("host", type="suggestion", by="Ann", cards=["maleficent", "scepter", "laboratory"], disproved_by=None)
    why = g.view("Ann")["why"]["maleficent"]["envelope"]
    assert why == ("The envelope holds one villain, and none of the others can be there: you hold Ursula, "
                   "Evil Queen, Dr. Facilier, Jafar and Hades.")


def test_ties_for_the_most_likely_envelope_are_shown_as_ties():
    g = game()
    g.act("Ann", type="hand", cards=ANN_HAND)
    env = g.view("Ann")["envelope"]
    assert env["tied"] == env["possible"] == 4 * 4 * 7  # nothing else known: every possible triple ties
    g.act("host", type="suggestion", by="Ann", cards=["jafar", "shell", "lair_3"], disproved_by=None)
    env = g.view("Ann")["envelope"]
    assert env["tied"] == 1 and env["known"] == ["jafar", "shell", "lair_3"]


def test_the_notes_say_the_model_plainly():
    assert game().view("Ann")["model"] == ("Every deal of the cards that fits what you know counts the same; which "
                                           "card a player chooses to show you is not guessed at.")


def test_the_advisor_names_the_suggestion_expected_to_reveal_the_most_in_your_lair():
    g = game()
    g.act("Ann", type="hand", cards=ANN_HAND)
    g.act("host", type="suggestion", by="Cat", cards=["jafar", "shell", "lair_3"], disproved_by="Bob")
    assert g.view("Ann")["advice"] is None  # nothing asked yet
    a = g.act("Ann", type="advise", room="lair_4")["advice"]
    assert a["room"] == "lair_4" and not a["pending"] and not a["too_hard"]
    assert all(r["cards"][2] == "lair_4" for r in a["ranked"]) and a["ranked"][0]["gain"] > 0
    assert a["ranked"] == sorted(a["ranked"], key=lambda r: -r["gain"]) and a["complete"]
    assert "advice" not in g.view("Bob") or g.view("Bob")["advice"] is None  # Ann's question is hers
    assert g.refused("Ann", type="advise", room="jafar") == "Choose a lair: you suggest in the one you are in."


def test_each_players_open_has_one_of_clauses_are_listed_until_settled():
    g = game()
    g.act("Ann", type="hand", cards=ANN_HAND)
    g.act("host", type="suggestion", by="Cat", cards=["jafar", "shell", "lair_3"], disproved_by="Bob")
    assert g.view("Ann")["clauses"] == {"Bob": [{"cards": ["jafar", "shell", "lair_3"], "id": 1}]}
    g.act("Ann", type="mark", card="jafar", holder="Bob", value="lacks")
    assert g.view("Ann")["clauses"] == {"Bob": [{"cards": ["shell", "lair_3"], "id": 1}]}
    g.act("Ann", type="mark", card="shell", holder="Bob", value="lacks")
    assert g.view("Ann")["clauses"] == {}  # settled: Bob has the Lair 3


def test_the_disprover_keeps_a_record_of_which_card_they_showed_to_whom():
    g = game()
    g.act("Ann", type="hand", cards=ANN_HAND)
    g.act("host", type="suggestion", by="Cat", cards=["ursula", "talisman", "lair_4"], disproved_by="Ann")
    view = g.view("Ann")
    assert view["to_record"] == [{"id": 1, "to": "Cat", "choices": ["ursula", "talisman"], "before": None}]
    assert g.refused("Ann", type="showed", suggestion=1, card="lair_4") == "Lair 4 is not in your hand."
    view = g.act("Ann", type="showed", suggestion=1, card="talisman")
    assert view["showed"] == [{"id": 1, "to": "Cat", "card": "talisman"}] and view["to_record"] == []
    g.act("host", type="suggestion", by="Cat", cards=["evil_queen", "talisman", "lair_4"], disproved_by="Ann")
    assert g.view("Ann")["to_record"][0]["before"] == "talisman"  # show Cat the same card again
    assert "showed" not in json.dumps([e.get("action") for e in g.log("Cat")])
    with pytest.raises(RuleError, match="did not disprove"):
        g.act("Bob", type="showed", suggestion=1, card="talisman")


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


def test_asking_the_advisor_is_not_what_undo_takes_back():
    g = game()
    g.act("Ann", type="suggestion", by="Ann", cards=["jafar", "shell", "lair_3"], disproved_by="Bob")
    view = g.act("Ann", type="advise", room="lair_4")
    assert view["undo"]["label"] == "Undo: Ann: Ann's suggestion"
    assert g.undo("Ann")["suggestions"] == [] and g.view("Ann")["room"] == "lair_4"
