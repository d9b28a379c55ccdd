"""Each Clue player's notes: what the log and their own entries prove (who could not disprove,
a wrong accusation, the card shown), each certain cell explained in a sentence, the odds and their
ties, conflicts, and privacy (nobody else's seat sees them)."""

import json

import pytest

from companion.core.errors import Forbidden, RuleError

from .tables import ANN_HAND, game


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


def test_a_contradiction_with_the_hand_names_the_hand_and_the_suggestion():
    g = game()
    g.act("Ann", type="hand", cards=ANN_HAND)
    g.act("host", type="suggestion", by="Cat", cards=["ursula", "shell", "lair_3"], disproved_by="Bob")  # Ann passed
    view = g.view("Ann")
    assert view["contradiction"].startswith("These entries cannot all be true: your hand and #1.")
    assert view["notes"]["ursula"]["Ann"] == "has"  # the hand alone still stands, greyed
    assert g.view("Bob")["contradiction"] is None  # Bob's notes do not know Ann's hand


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
