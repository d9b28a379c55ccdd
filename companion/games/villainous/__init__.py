"""Villainous: The Worst Takes It All. Power, turns, locations, locks and the Fate token.

The cards stay on the table; the app keeps the Power tokens, whose turn it is, where each
Villain stands, which locations are locked, who holds the Fate token, and the objectives.
The chapters of the rulebook, one module each: options (setup), turn (moving, locks, the end of a
turn), power, fate, objectives (claims, confirmations, wins); view is what each seat sees, data
the box's facts.
"""

from ...core.errors import Forbidden
from ...core.i18n import N_, _
from ...core.table import DISPLAY, HOST, PLAYER
from .. import kernel
from ..contract import Game
from .data import DATA, VILLAINS
from .fate import Fate, do_fate, fates_left, uses_token, why_not_fate
from .objectives import (
    CheckObjective,
    Claim,
    Confirm,
    Mark,
    do_check_objective,
    do_claim,
    do_confirm,
    do_mark,
    start_of_turn,
    tracker,
    why_not_claim,
    why_not_confirm,
)
from .options import PLAYERS_MAX, PLAYERS_MIN, Options, Setup, VillainId, do_setup, setup
from .players import in_play
from .power import Power, cauldron, do_power
from .symbols import Gain, Symbols, do_gain, do_symbols
from .turn import EndTurn, Lock, Move, RenameRealm, do_end_turn, do_lock, do_move, do_realm, moves, why_not_move
from .view import REGIONS, describe, reveals, view

ID = "villainous"
# TRANSLATORS: unsure of the French edition's name (the French box reads "Disney Villainous")
TITLE = N_("Villainous: The Worst Takes It All")
PRIVATE = ()
DICE = False  # no dice in the box: the tray shows only once someone rolls (the host can, under "Dice")

ACTIONS = (Setup, Power, Move, Fate, Lock, EndTurn, Claim, Confirm, Mark, RenameRealm, Gain, Symbols, CheckObjective)

ANYONE = (HOST, PLAYER, DISPLAY)
# The refusals the table of moves answers with, translated when they are raised (apply)
SEAT_ONLY = N_("Only the host seats the players.")
RENAME_ONLY = N_("Only the host renames a realm.")
SYMBOLS_ONLY = N_("Only the host enters the symbols of a board.")
OBJECTIVE_ONLY = N_("Only the host checks an objective against the board.")
# and the kernel's own (the display's, the host's: the shared catalog has the host's)
REFUSALS = frozenset((SEAT_ONLY, RENAME_ONLY, SYMBOLS_ONLY, OBJECTIVE_ONLY, kernel.DISPLAY_REFUSAL,
                      "Only the host can do that."))
MOVES = {
    "setup": kernel.Move(do_setup, (HOST,), refusal=SEAT_ONLY),
    "power": kernel.Move(do_power, ANYONE, in_play),
    "move": kernel.Move(do_move, ANYONE, in_play),
    "fate": kernel.Move(do_fate, ANYONE, in_play),
    "lock": kernel.Move(do_lock, ANYONE, in_play),
    "end_turn": kernel.Move(do_end_turn, ANYONE, in_play),
    "claim": kernel.Move(do_claim, ANYONE, in_play),
    "confirm": kernel.Move(do_confirm, ANYONE, in_play),
    "mark": kernel.Move(do_mark, ANYONE, in_play),
    "realm": kernel.Move(do_realm, (HOST,), in_play, RENAME_ONLY),
    "gain": kernel.Move(do_gain, ANYONE, in_play),
    "symbols": kernel.Move(do_symbols, (HOST,), in_play, SYMBOLS_ONLY),
    "objective": kernel.Move(do_check_objective, (HOST,), in_play, OBJECTIVE_ONLY),
}


def apply(state: dict, action: dict, seat) -> dict:
    try:
        return kernel.dispatch(MOVES, state, action, seat)
    except Forbidden as refused:
        if refused.message in REFUSALS:  # the table of moves' own sentences, in the reader's language
            raise Forbidden(_(refused.message)) from None
        raise


GAME = Game(
    id=ID, title=TITLE, options=Options, actions=ACTIONS,
    setup=setup, apply=apply, view=view, regions=REGIONS, styles=("css/villainous.css",), scripts=("js/villainous.js",),
    private=frozenset(PRIVATE),
    dice=DICE,
    describe=describe,
    reveals=reveals,
)

__all__ = [
    "ACTIONS", "DATA", "GAME", "MOVES", "PLAYERS_MAX", "PLAYERS_MIN", "VILLAINS", "Options", "VillainId", "apply",
    "cauldron", "describe", "fates_left", "moves", "reveals", "setup", "start_of_turn", "tracker", "uses_token",
    "view", "why_not_claim", "why_not_confirm", "why_not_fate", "why_not_move",
]
