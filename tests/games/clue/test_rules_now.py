"""Clue at the table (issue 21): each seat's `now` (whose turn, this seat's part of it: suggest, the
card to show a suggester, the card shown to you) and the table's `news` (an accusation's outcome).
One test per rule, named after it; only a seat's own cards go into its items."""

from ...rules import Game
from .tables import ANN, BOB, game


def texts(items):
    return [i["text"] for i in items]


def taps(item):
    return [a["label"] for a in item["actions"]]


def test_the_player_whose_turn_it_is_is_told_to_suggest_and_the_form_comes_first():
    g = game()
    view = g.view("Ann")
    assert view["now"][-1]["tone"] == "move" and view["now"][-1]["text"].startswith("Your turn: move into a Lair")
    assert view["suggest_first"] is True
    assert g.view("Bob")["suggest_first"] is False and texts(g.view("Bob")["now"])[-1] == "Ann's turn."


def test_a_player_is_told_to_enter_their_hand_first():
    g = game()
    for who in ("Ann", "Bob"):  # Ann's turn or not: the hand comes first
        first = g.view(who)["now"][0]
        assert first["tone"] == "move"
        assert first["text"] == "First enter your hand: tick your 6 cards under My notes, then tap Save my hand."
    assert texts(g.act("Bob", type="hand", cards=BOB)["now"]) == ["Ann's turn."]
    assert [i["id"] for i in g.view("Ann")["now"]] == ["hand", "turn-0"]
    assert g.view("host")["now"] == []  # a host who does not play has no hand


def test_after_the_suggestion_the_player_may_accuse_or_end_the_turn_in_one_tap():
    g = game()
    view = g.act("Ann", type="suggestion", by="Ann", cards=["jafar", "shell", "lair_3"], disproved_by=None)
    assert view["now"][-1]["text"].startswith("Your suggestion is in the log") and taps(view["now"][-1]) == ["End turn"]
    assert view["end_turn_in_card"] is False  # one End turn on the screen: the Now card's
    assert view["suggest_first"] is True  # the form stays where it was until the turn ends
    g.act("Ann", type="end_turn")
    assert g.view("Ann")["suggest_first"] is False and g.view("Bob")["suggest_first"] is True
    assert g.view("Bob")["now"][-1]["text"].startswith("Your turn")


def test_the_disprover_is_told_wherever_scrolled_which_of_their_cards_to_show_and_notes_it_in_one_tap():
    g = game()
    g.act("Bob", type="hand", cards=BOB)
    g.act("Ann", type="suggestion", by="Ann", cards=["jafar", "potion", "lair_3"], disproved_by="Bob")
    show = g.view("Bob")["news"][0]
    assert show["text"] == "Show Ann one card of #1: Jafar, the Potion and the Lair 3."
    assert taps(show) == ["I showed Jafar", "I showed Lair 3"]  # only Bob's own cards among the three
    view = g.act("Bob", type="showed", suggestion=1, card="jafar")
    assert not [i for i in view["news"] if i["id"].startswith("show-")]


def test_a_disprover_with_one_matching_card_is_told_that_card():
    g = game()
    g.act("Bob", type="hand", cards=BOB)
    g.act("Ann", type="suggestion", by="Ann", cards=["jafar", "potion", "laboratory"], disproved_by="Bob")
    show = g.view("Bob")["news"][0]
    assert show["text"] == "Show Ann Jafar (#1: Jafar, the Potion and the Laboratory)." and taps(show) == ["I showed Jafar"]


def test_the_suggester_is_asked_wherever_scrolled_which_card_was_shown_and_notes_it_in_one_tap():
    g = game()
    g.act("Ann", type="hand", cards=ANN)
    g.act("Ann", type="suggestion", by="Ann", cards=["jafar", "potion", "lair_3"], disproved_by="Bob")
    shown = g.view("Ann")["news"][0]
    assert shown["text"] == "Bob showed you a card of #1: which one?"
    assert taps(shown) == ["Jafar", "Lair 3"]  # not the Potion: it is in Ann's own hand
    view = g.act("Ann", type="shown", suggestion=1, card="jafar")
    assert not [i for i in view["news"] if i["id"].startswith("shown-")]


def test_no_seat_is_told_of_another_seats_cards():
    g = game()
    g.act("Bob", type="hand", cards=BOB)
    g.act("Ann", type="suggestion", by="Ann", cards=["jafar", "potion", "lair_3"], disproved_by="Bob")
    for who in ("Ann", "Cat", "host", "display"):
        assert not [i for i in g.view(who)["now"] + g.view(who)["news"] if i["id"].startswith("show-")]


def test_a_wrong_accusation_is_news_for_every_screen():
    g = game()
    g.act("Cat", type="accusation", by="Cat", cards=["maleficent", "scepter", "lair_9"], correct=False)
    for who in ("Ann", "Bob", "Cat", "host", "display"):
        news = g.view(who)["news"]
        assert news[0]["tone"] == "warn" and news[0]["text"].startswith("Cat accused Maleficent, the Scepter")
    assert "you still show cards" in g.view("Cat")["now"][-1]["text"]


def test_a_right_accusation_is_the_win_on_every_screen():
    g = game()
    g.act("Cat", type="accusation", by="Cat", cards=["maleficent", "scepter", "lair_9"], correct=True)
    for who in ("Ann", "Cat", "host", "display"):
        assert [(i["tone"], i["text"]) for i in g.view(who)["news"]] == [
            ("win", "Cat solved it: Maleficent, the Scepter and the Lair 9!")]
        assert g.view(who)["now"] == []


def test_an_approved_player_before_the_seating_is_told_the_host_will_seat_them():
    g = Game("clue", players=["Ann"])
    assert g.view("Ann")["now"][0]["id"] == "seat-wait" and "The host will seat you" in g.view("Ann")["now"][0]["text"]


def test_a_player_the_host_did_not_seat_is_told_so():
    g = game()
    g.join("Zed")
    assert "seated without you" in g.view("Zed")["now"][0]["text"]
