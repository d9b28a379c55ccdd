"""Who plays which Villain, who may act for whom, and the table's log: what every chapter uses."""

from ...core.errors import Forbidden, RuleError
from ...core.i18n import N_, _
from ...core.table import DISPLAY, HOST
from .. import kernel

DISPLAY_REFUSAL = N_("The display shows the table; it does not play.")  # kernel.DISPLAY_REFUSAL's words


def note(state, line: str, by: str | None = None, /, **facts):
    """Add a line to the table's log: its kind (lines.LINES) and its facts; each view makes the
    sentence in the table's language."""
    state["log"].append({"line": line, "args": facts, "turn": state["turn"], "by": by})


def find(state, name: str) -> dict:
    found = kernel.lookup(state["players"], name)
    if found is None:
        raise RuleError(_("No player is called {name}.", name=name))
    return found


def plays(state, seat) -> dict | None:
    """The Villain this seat plays (by seat id where the setup recorded it, else by name)."""
    return kernel.player_of(state["players"], seat)


def may_act_for(state, seat, player: dict):
    """The host acts for anyone; a player for the Villain they play (kernel.may_act_for's rule, its
    sentences in the reader's language)."""
    if seat.trusted == HOST:
        return
    if seat.trusted == DISPLAY:
        raise Forbidden(_(DISPLAY_REFUSAL))
    mine = plays(state, seat)
    if mine is None or not kernel.same(mine["name"], player["name"]):
        raise Forbidden(_("Only {name} or the host can do that for {name}.", name=player["name"]))


def current(state) -> dict:
    return state["players"][state["current"]]


def current_only(state, seat, name: str | None = None) -> dict:
    p = current(state)
    if name is not None and find(state, name) is not p:
        raise RuleError(_("It is {name}'s turn, not {other}'s.", name=p["name"], other=name))
    may_act_for(state, seat, p)
    return p


def in_play(state) -> str | None:
    """Why no move of the game may be made now (None: the game is on)."""
    if not state["players"]:
        return _("Seat the players first.")
    if state["winner"]:
        return _("The game is over: {name} won.", name=state["winner"])
    return None
