"""Fate: after the move, the current Villain Fates an opponent; at five or six players the Fate
token protects the last one targeted."""

from typing import Literal

from ...core.actions import Action, Name
from ...core.errors import RuleError
from .. import kernel
from .data import DATA
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
        return f"{p['name']} moves first; Fate is one of the actions of the new location."
    if not fates_left(state, p):
        where = p["locations"][p["at"]]
        return (f"No Fate action is left this turn at {where}." if "fate" in (at(p) or {})
                else "This turn has used its Fate action (the table's rule: one a turn).")
    if target is p:
        return "Fate is played against an opponent, not yourself."
    token = state["fate_token"]
    if uses_token(state) and token and kernel.same(token, target["name"]):
        return f"{target['name']} holds the Fate token and cannot be targeted."
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
    note(state, f"{p['name']} Fates {target['name']}" + (" and hands over the Fate token." if token else "."),
         seat.name)
