"""Clue's table: card ids, seating (hand sizes counted out or entered, the first mover), the
lairs a table names, editions as data, and who seats the players and plays from the host's phone."""

import pytest

from companion.core.errors import Forbidden, RuleError
from companion.games import clue as c

from ...rules import Game
from .tables import game, unseated


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


def test_a_host_named_like_a_player_can_play_as_that_player_later():
    """Issue 24.7: a table created without host_player by a host called Ann, who plays: Ann's way
    in is the host's phone, which takes her hand and notes from then on."""
    g = Game("clue", {"players": ["Ann", "Bob", "Cat"]}, players=("Bob", "Cat"), host="Ann")
    assert "only when playing" in g.refused("host", type="hand", cards=["ursula"])
    assert g.view("host")["may_play_as"] == ["Ann", "Bob", "Cat"]
    g.act("host", type="host_plays", player="Ann")
    assert g.view("host")["me"] == "Ann" and g.view("host")["may_play_as"] == []
    g.act("host", type="hand", cards=["ursula", "talisman", "laboratory", "jafar", "potion", "lair_2"])
    assert g.view("host")["hand"] is not None
    assert "already plays Ann" in g.refused("host", type="host_plays", player="Bob")


def test_the_host_cannot_take_over_a_player_whose_phone_keeps_notes():
    g = Game("clue", {"players": ["Ann", "Bob", "Cat"]}, players=("Bob", "Cat"), host="Ann")
    g.act("Bob", type="mark", card="hades", holder="Cat", value="lacks")
    assert g.view("host")["may_play_as"] == ["Ann", "Cat"]
    assert "Bob's phone already keeps Bob's notes" in g.refused("host", type="host_plays", player="Bob")
    assert "Only the host" in g.refused("Bob", type="host_plays", player="Ann")


def test_a_player_named_like_the_host_is_told_why_the_name_is_taken():
    g = Game("clue", {"players": ["Ann", "Bob", "Cat"]}, players=("Bob",), host="Ann")
    with pytest.raises(RuleError, match="is taken at this table by the host: if you are the host, play from the host's phone"):
        g.join("Ann")
