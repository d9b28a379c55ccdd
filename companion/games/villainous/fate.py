"""Fate: after the move, the current Villain Fates an opponent; at five or six players the Fate
token protects the last one targeted."""

from typing import Literal

from ...core.actions import Action, Name
from ...core.errors import RuleError
from ...core.i18n import _
from .. import kernel
from .data import DATA, place
from .players import current_only, find, note
from .symbols import at


class Fate(Action):
    """The current player Fates an opponent."""

    type: Literal["fate"]
    by: Name
    target: Name


def uses_token(state) -> bool:
    return len(state["players"]) >= DATA["fate_token_from_players"]


def fates_left(state, p: dict) -> int | None:
    """Fate actions this turn still has: the Fate symbols at the Villain's location where the table
    entered them (the host's phone or the option `fate_symbols`), else the table's number per turn (1 unless changed); None: no limit."""
    symbols = at(p)
    if symbols is not None and "fate" in symbols:
        allowed = symbols["fate"]
    else:
        per_turn = state["options"].get("fates_per_turn")
        allowed = DATA["fates_per_turn"] if per_turn is None else per_turn
    return max(0, allowed - state.get("fates", 0))


def why_not_fate(state, p: dict, target: dict) -> str | None:
    if not state["moved"]:
        return _("{name} moves first; Fate is one of the actions of the new location.", name=p["name"])
    if not fates_left(state, p):
        where = place(p["locations"][p["at"]])
        return (_("No Fate action is left this turn at {where}.", where=where) if "fate" in (at(p) or {})
                else _("This turn has used its Fate action (the table's rule: one a turn)."))
    if target is p:
        return _("Fate is played against an opponent, not yourself.")
    token = state["fate_token"]
    if uses_token(state) and token and kernel.same(token, target["name"]):
        return _("{name} holds the Fate token and cannot be targeted.", name=target["name"])
    return None


def targets(state, p: dict) -> list[str]:
    """Whom p may Fate now (the view offers exactly these; do_fate refuses the others)."""
    return [o["name"] for o in state["players"] if why_not_fate(state, p, o) is None]


def do_fate(state, a, seat):
    p = current_only(state, seat, a["by"])
    target = find(state, a["target"])
    why = why_not_fate(state, p, target)
    if why:
        raise RuleError(why)
    token = uses_token(state)
    state["fates"] = state.get("fates", 0) + 1
    state.setdefault("fated", []).append({"by": p["name"], "target": target["name"], "n": state["fates"]})
    if token:
        state["fate_token"] = target["name"]
    note(state, "fates_token" if token else "fates", seat.name, by=p["name"], target=target["name"])
