"""Every move, with who may make it and when (the kernel checks both before the handler), how
each reads on the Undo button, and what a move showed the table (so Undo does not hide it)."""

from ...core.table import HOST, PLAYER
from .. import kernel
from . import board, elders, fights, heroes, mystery, setup, showdown, tables, track, villain, wail
from .actions import current
from .hunt import not_over, not_started

DISPLAY_REFUSAL = "The display shows the hunt; a Hero's phone or the host acts."
Move = kernel.Move

MOVES = {
    "configure": Move(setup.configure, (HOST,), not_started, "Only the host sets up the hunt."),
    "facts": Move(setup.facts, (HOST,), None, "Only the host changes the table's facts."),
    "dismiss": Move(setup.dismiss),
    "hold_back": Move(track.hold_back, when=track.why_not_hold_back),
    "shadow": Move(track.shadow, when=not_over),
    "terrain": Move(track.terrain, when=not_over),
    "terrain_clear": Move(track.terrain_clear, when=not_over),
    "minion_table": Move(tables.minion_table, when=not_over),
    "resolve": Move(tables.resolve, when=not_over),
    "coop_table": Move(mystery.coop_table, when=not_over),
    "base_coop_table": Move(mystery.base_coop_table, when=not_over),
    "mystery_start": Move(mystery.mystery_start, when=mystery.why_not_start),
    "mystery_next": Move(mystery.mystery_next, when=mystery.why_not_next),
    "mystery_card": Move(mystery.mystery_card, when=not_over),
    "minion_place": Move(board.minion_place, when=not_over),
    "minion_move": Move(board.minion_move, when=not_over),
    "minion_wound": Move(board.minion_wound, when=not_over),
    "minion_remove": Move(board.minion_remove, when=not_over),
    "watchman_place": Move(board.watchman_place_move, when=board.brings_watchman),
    "watchman_after_battle": Move(board.watchman_after_battle, when=board.watchman_on_board),
    "watchman_remove": Move(board.watchman_remove, when=board.watchman_on_board),
    "battle": Move(board.battle, when=not_over),
    "villain": Move(villain.change_wounds),
    "heal": Move(villain.heal, when=not_over),
    "elder": Move(elders.elder, when=not_over),
    "knockout": Move(heroes.knockout, when=not_over),
    "hero": Move(heroes.change_hero),
    "movement": Move(heroes.movement, (HOST, PLAYER), not_over, "A Hero's phone or the host rolls a Hero's movement."),
    "claim": Move(heroes.claim, (PLAYER,), None, "A player's phone takes a Hero."),
    "showdown_start": Move(showdown.showdown_start, when=showdown.why_not_begin),
    "showdown_attack": Move(showdown.showdown_attack, when=showdown.why_not_during),
    "showdown_villain": Move(showdown.showdown_villain, when=showdown.why_not_villain_attack),
    "showdown_round": Move(showdown.showdown_round, when=showdown.why_not_during),
    "showdown_end": Move(showdown.showdown_end, when=showdown.why_not_during),
    "death_wail": Move(wail.death_wail, when=wail.why_not_answer),
    "fight_start": Move(fights.fight_start, when=fights.why_not_start),
    "fight_round": Move(fights.fight_round, when=fights.why_not_during),
    "fight_end": Move(fights.fight_end, when=fights.why_not_during),
}


def apply(state: dict, action: dict, seat) -> dict:
    """One action, in its current form (an older `op` form read as its own type first)."""
    return kernel.dispatch(MOVES, state, current(action), seat, DISPLAY_REFUSAL)


def describe(a: dict) -> str | None:
    """How an action reads on the Undo button."""
    a = current(a)
    return {
        "configure": "the setup of the hunt", "dismiss": "clearing a reminder", "facts": "the table's facts",
        "shadow": f"the Shadow Track {a.get('steps', 0):+d}", "minion_table": "the Villain Minion Table roll",
        "coop_table": "the 2D6 table roll", "base_coop_table": "the co-operative table roll",
        "resolve": "a table result applied", "terrain": f"terrain at {a.get('location')}",
        "terrain_clear": f"clearing {a.get('location')}",
        "minion_place": "a Minion (place)", "minion_move": "a Minion (move)", "minion_wound": "a Minion (wound)",
        "minion_remove": "a Minion (remove)", "watchman_place": "the Watchman (place)",
        "watchman_after_battle": "the Watchman (after_battle)", "watchman_remove": "the Watchman (remove)",
        "villain": "the Villain's Wounds", "heal": "the Villain's healing", "elder": f"{a.get('name')}'s change",
        "mystery_start": "a Mystery Phase step", "mystery_next": "a Mystery Phase step",
        "mystery_card": "the Mystery card", "knockout": "a Knock Out", "hold_back": "Holding Back the Darkness",
        "battle": "the Battle Dice", "movement": "the movement roll", "hero": f"{a.get('name')}'s change", "claim": f"taking {a.get('name')}",
        "showdown_start": "the Showdown (start)", "showdown_attack": "the Showdown (attack)",
        "showdown_villain": "the Showdown (villain)", "showdown_round": "the Showdown (round)",
        "showdown_end": "the Showdown (end)", "death_wail": "a Death Wail answer",
        "fight_start": "the fight (start)", "fight_round": "the fight (a Battle Round)", "fight_end": "the fight (end)",
    }.get(a["type"])


def reveals(before: dict, after: dict, action: dict) -> str | None:
    if (after["lost"] and not before["lost"]) or (after.get("won") and not before.get("won")):
        return "the end of the hunt"
    if after.get("drawn", 0) > before.get("drawn", 0):
        return "a die or a Random Location the table has seen"
    return None
