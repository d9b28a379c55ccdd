"""Every move, with who may make it and when (the kernel checks both before the handler), how
each reads on the Undo button, and what a move showed the table (so Undo does not hide it)."""

from ...core.errors import Forbidden
from ...core.i18n import N_, _
from ...core.table import DISPLAY, HOST, PLAYER
from .. import kernel
from . import board, elders, fights, heroes, mystery, setup, showdown, tables, track, villain, wail
from .actions import current
from .hunt import not_over, not_started
from .text import tn

DISPLAY_REFUSAL = N_("The display shows the hunt; a Hero's phone or the host acts.")
Move = kernel.Move

MOVES = {
    "configure": Move(setup.configure, (HOST,), not_started, N_("Only the host sets up the hunt.")),
    "facts": Move(setup.facts, (HOST,), None, N_("Only the host changes the table's facts.")),
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
    "movement": Move(heroes.movement, (HOST, PLAYER), not_over, N_("A Hero's phone or the host rolls a Hero's movement.")),
    "end_turn": Move(heroes.end_turn, (HOST, PLAYER), not_over, N_("A Hero's phone or the host ends a Hero's turn.")),
    "claim": Move(heroes.claim, (PLAYER,), None, N_("A player's phone takes a Hero.")),
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
    """One action, in its current form (an older `op` form read as its own type first). A seat
    whose role may not make it hears this game's refusal in its own language."""
    action = current(action)
    move = MOVES.get(action["type"])
    if move is not None and seat.trusted not in move.roles and (move.refusal or seat.trusted == DISPLAY):
        raise Forbidden(_(move.refusal or DISPLAY_REFUSAL))
    return kernel.dispatch(MOVES, state, action, seat, DISPLAY_REFUSAL)


UNDO = {
    "configure": N_("the setup of the hunt"), "dismiss": N_("clearing a reminder"), "facts": N_("the table's facts"),
    "minion_table": N_("the Villain Minion Table roll"),
    "coop_table": N_("the 2D6 table roll"), "base_coop_table": N_("the co-operative table roll"),
    "resolve": N_("a table result applied"),
    "minion_place": N_("a Minion (place)"), "minion_move": N_("a Minion (move)"), "minion_wound": N_("a Minion (wound)"),
    "minion_remove": N_("a Minion (remove)"), "watchman_place": N_("the Watchman (place)"),
    "watchman_after_battle": N_("the Watchman (after_battle)"), "watchman_remove": N_("the Watchman (remove)"),
    "villain": N_("the Villain's Wounds"), "heal": N_("the Villain's healing"),
    "mystery_start": N_("a Mystery Phase step"), "mystery_next": N_("a Mystery Phase step"),
    "mystery_card": N_("the Mystery card"), "knockout": N_("a Knock Out"), "hold_back": N_("Holding Back the Darkness"),
    "battle": N_("the Battle Dice"), "movement": N_("the movement roll"), "end_turn": N_("the end of a Hero's turn"),
    "showdown_start": N_("the Showdown (start)"), "showdown_attack": N_("the Showdown (attack)"),
    "showdown_villain": N_("the Showdown (villain)"), "showdown_round": N_("the Showdown (round)"),
    "showdown_end": N_("the Showdown (end)"), "death_wail": N_("a Death Wail answer"),
    "fight_start": N_("the fight (start)"), "fight_round": N_("the fight (a Battle Round)"), "fight_end": N_("the fight (end)"),
}


def describe(a: dict) -> str | None:
    """How an action reads on the Undo button (in the request's language)."""
    a = current(a)
    kind = a["type"]
    if kind == "shadow":
        steps = format(a.get("steps", 0), "+d")
        return _("the Shadow Track {steps}", steps=steps)
    if kind == "terrain":
        return _("terrain at {place}", place=tn(a.get("location")))
    if kind == "terrain_clear":
        return _("clearing {place}", place=tn(a.get("location")))
    if kind == "elder":
        return _("{name}'s change", name=tn(a.get("name")))
    if kind == "hero":
        return _("{name}'s change", name=a.get("name"))
    if kind == "claim":
        return _("taking {name}", name=a.get("name"))
    return _(UNDO[kind]) if kind in UNDO else None


def reveals(before: dict, after: dict, action: dict) -> str | None:
    if (after["lost"] and not before["lost"]) or (after.get("won") and not before.get("won")):
        return N_("the end of the hunt")
    if after.get("drawn", 0) > before.get("drawn", 0):
        return N_("a die or a Random Location the table has seen")
    return None
