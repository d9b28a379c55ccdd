"""Who plays which Villain, who may act for whom, and the table's log: what every chapter uses."""

from ...core.errors import RuleError
from ...core.i18n import _
from .. import kernel


def note(state, line: str, by: str | None = None, /, **facts):
    """Add a line to the table's log: its kind (lines.LINES) and its facts; each view makes the
    sentence in the table's language."""
    state["log"].append({"line": line, "args": facts, "turn": state["turn"], "by": by})


def find(state, name: str) -> dict:
    return kernel.find(state["players"], name)


def plays(state, seat) -> dict | None:
    """The Villain this seat plays (by seat id where the setup recorded it, else by name)."""
    return kernel.player_of(state["players"], seat)


def may_act_for(state, seat, player: dict):
    mine = plays(state, seat)
    kernel.may_act_for(seat, player["name"], mine["name"] if mine else None)


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
