"""The Gathering's players: who holds which character, who stands, the recap, a defeat and the
win check, and the round moving on (after a fallen Crown holder has handed on the Crown).

The night and the day each register how they begin in `BEGIN` (night.py, day.py): the night's
dawn leads to the day and the day's vote to the night, without the two modules importing each
other."""

from collections.abc import Callable

from ...core.errors import RuleError
from .. import kernel
from .data import CHARS, MAYHEM, MISCHIEF, team_name
from .narration import announce, lines

BEGIN: dict[str, Callable[[dict], None]] = {}  # "night" / "day" -> how that phase begins


def find(state, name: str, alive: bool = True) -> dict:
    p = kernel.find(state["players"], name)
    if alive and not p["alive"]:
        raise RuleError(f"{p['name']} has already fallen.")
    return p


def holder(state, cid: str) -> dict | None:
    return next((p for p in state["players"] if p["character"] == cid), None)


def standing(state, cid: str) -> bool:
    p = holder(state, cid)
    return bool(p and p["alive"])


def standing_name(state, name: str) -> bool:
    return any(p["alive"] and p["name"] == name for p in state["players"])


def living(state) -> list[dict]:
    return [p for p in state["players"] if p["alive"]]


def record(state, kind: str, text: str, **facts):
    state["recap"].append({"round": state["round"], "phase": state["phase"], "kind": kind, "text": text, **facts})


def defeat(state, p: dict, how: str):
    if not p["alive"]:
        return
    p["alive"] = False
    p["revealed"] = True
    record(state, "defeat", f"{p['name']} ({CHARS[p['character']]['name']}) falls {how} and was "
                            f"Team {team_name(p['alignment'])}.", player=p["name"], alignment=p["alignment"])
    if state["crown"] == p["name"]:
        state["successor_for"] = p["name"]
    if state["prisoner"] == p["name"]:
        state["prisoner"] = None


def check_winner(state) -> bool:
    if not state["alignments_known"]:
        return False
    alive = living(state)
    mischief = sum(1 for p in alive if p["alignment"] == MISCHIEF)
    mayhem = len(alive) - mischief
    if mischief == 0:
        state["winner"] = MAYHEM
    elif mischief >= mayhem:
        state["winner"] = MISCHIEF
    if state["winner"]:
        state["phase"], state["step"], state["successor_for"] = "over", None, None
        won = lines(state, f"win_{state['winner']}")
        announce(state, won, fresh=True)
        record(state, "winner", won[0])
        for p in state["players"]:
            p["revealed"] = True
        return True
    return False


def after_defeats(state, then: str):
    """After any defeat: the win check, then a fallen Crown holder's successor, then `then`."""
    if check_winner(state):
        return
    if state["successor_for"]:
        state["then"] = then
        state["step"] = "crown_successor"
        announce(state, lines(state, "crown_successor", name=state["successor_for"]))
        return
    go(state, then)


def go(state, where: str | None):
    """Begin the night or the day (None: stay where the game is)."""
    if where is not None:
        BEGIN[where](state)


def game_over(state) -> str:
    return f"The game is over: Team {team_name(state['winner'])} won."
