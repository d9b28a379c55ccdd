"""A Touch of Evil's moves: one table, one handler signature, each sub-operation its own action
type (the older `op` forms read as those types), and nothing temporary left in the game state."""

import inspect

import pytest

from companion.games import kernel
from companion.games.touch_of_evil import MOVES
from companion.games.touch_of_evil.actions import ACTIONS, OLDER

from ...rules import Dice, Game


def test_every_move_is_one_named_handler_of_state_action_and_seat():
    for kind, move in MOVES.items():
        assert isinstance(move, kernel.Move), kind
        assert move.handler.__name__ != "<lambda>", kind
        assert list(inspect.signature(move.handler).parameters) == ["state", "a", "seat"], kind


def test_every_action_type_is_a_move_or_an_older_form_of_moves():
    types = {m.model_fields["type"].annotation.__args__[0] for m in ACTIONS}
    assert types - set(OLDER) == set(MOVES)
    for older, prefix in OLDER.items():
        ops = next(m for m in ACTIONS if m.model_fields["type"].annotation.__args__[0] == older).model_fields["op"].annotation.__args__
        assert {prefix + op for op in ops} <= set(MOVES), older


@pytest.mark.parametrize(("older", "current"), [
    ({"type": "minion", "op": "place", "name": "Barrow Shades", "location": "Inn"}, {"type": "minion_place", "name": "Barrow Shades", "location": "Inn"}),
    ({"type": "watchman", "op": "place", "location": "Manor"}, {"type": "watchman_place", "location": "Manor"}),
    ({"type": "mystery", "op": "start"}, {"type": "mystery_start"}),
])
def test_an_older_op_form_is_the_same_move_as_its_own_type(older, current):
    a, b = Game("touch-of-evil", {"villain": "banshee"}), Game("touch-of-evil", {"villain": "banshee"})
    a.act("host", rng=Dice(), **older)
    b.act("host", rng=Dice(), **current)
    assert a.state == b.state


def test_a_minion_moved_wounded_and_removed_by_its_own_types():
    g = Game("touch-of-evil", {"villain": "unspeakable_horror"})
    g.act("host", type="minion_place", name="Fallen", location="Inn")
    mid = g.state["minions"][0]["id"]
    g.act("host", type="minion_move", id=mid, location="Manor")
    g.act("host", rng=Dice(*[1] * 52), type="minion_wound", id=mid)  # the pool's 40 D6s; the Wings' roll is a 1
    assert g.state["minions"][0]["wounds"] == 1 and g.state["minions"][0]["location"] == "Manor"
    g.act("host", type="minion_remove", id=mid)
    assert g.state["minions"] == []


def test_the_watchman_moves_by_its_own_types_and_only_when_it_stands():
    g = Game("touch-of-evil", {"villain": "banshee"})
    assert g.refused("host", type="watchman_remove") == "The Watchman is not on the board."
    assert Game("touch-of-evil", {"villain": "gargoyle"}).refused("host", type="watchman_place", location="Inn") == \
        "Only the Banshee brings the Watchman."
    g.act("host", type="watchman_place", location="Inn")
    g.act("host", rng=Dice(3, places=["Manor"]), type="watchman_after_battle")
    assert g.state["watchman"] == {"status": "board", "location": "Manor"}
    g.act("host", type="watchman_remove")
    assert g.state["watchman"]["status"] == "none"


def test_no_action_leaves_a_temporary_key_in_the_game_state():
    g = Game("touch-of-evil", {"villain": "unspeakable_horror", "mode": "cooperative", "heroes": ["Eliza", "Valeria"],
                               "rules": {"advanced_coop_table": True, "growing_darkness": True}})
    first = set(g.state)
    g.act("host", type="mystery_start")
    g.act("host", rng=Dice(2, 3), type="coop_table")  # 5: Fall into Darkness
    g.act("host", type="resolve", effect=0)
    g.act("host", type="mystery_card", name="Fog")
    g.act("host", rng=Dice(4), type="minion_table")  # Crimson Hand
    g.act("host", type="resolve", effect=-1)
    g.act("host", type="battle", dice=3)
    g.act("host", type="shadow", steps=2)
    g.act("host", type="showdown_start", health=9, fight=2)
    g.act("host", type="showdown_villain")
    assert g.state["showdown"]["rolls"] and g.state["minions"]
    assert set(g.state) - first <= {"drawn", "last_battle"} and not [k for k in g.state if k.startswith("_")]


def test_a_space_is_cleared_by_its_own_type_and_the_older_terrain_clear_is_the_same_move():
    a, b = Game("touch-of-evil", {"villain": "bog_fiend"}), Game("touch-of-evil", {"villain": "bog_fiend"})
    assert a.refused("host", type="terrain_clear", location="Inn") == "Inn has no marker."
    a.act("host", type="terrain_clear", location="Marsh")
    b.act("host", type="terrain", location="Marsh", terrain="clear")
    assert a.state == b.state and "Marsh" not in a.state["terrain"]


def test_terrain_placed_by_hand_is_the_villains_own_unless_named():
    g = Game("touch-of-evil", {"villain": "unspeakable_horror"})
    g.act("host", rng=Dice(1), type="terrain", location="Inn")
    assert g.state["terrain"]["Inn"] == "circle"
    assert "not those" in g.refused("host", type="terrain", location="Inn", terrain="swamp")
