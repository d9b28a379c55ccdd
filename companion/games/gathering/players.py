"""The Gathering's players: who holds which character, who stands, the recap, a defeat and the
win check, and the round moving on (after a fallen Crown holder has handed on the Crown).

The night and the day each register how they begin in `BEGIN` (night.py, day.py): the night's
dawn leads to the day and the day's vote to the night, without the two modules importing each
other."""

from collections.abc import Callable

from ...core.errors import RuleError
from ...core.i18n import N_, _
from .. import kernel
from .data import MAYHEM, MISCHIEF, team_name
from .narration import announce, lines
from .words import char, msg, team

BEGIN: dict[str, Callable[[dict], None]] = {}  # "night" / "day" -> how that phase begins


def find(state, name: str, alive: bool = True) -> dict:
    p = kernel.find(state["players"], name)
    if alive and not p["alive"]:
        raise RuleError(_("{name} has already fallen.", name=p["name"]))
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


def record(state, kind: str, text: dict, **facts):
    """A line of the recap: `text` a sentence's recipe (words.py), written out when a view shows it."""
    state["recap"].append({"round": state["round"], "phase": state["phase"], "kind": kind, "text": text, **facts})


HOW = {  # how a player falls: one whole sentence each
    "night": N_("{name} ({character}) falls in the night and was Team {team}."),
    "vote": N_("{name} ({character}) falls by the Gathering's vote and was Team {team}."),
    "prisoner": N_("{name} ({character}) falls as Captain Hook's prisoner and was Team {team}."),
    "henchman": N_("{name} ({character}) falls for voting against {villain} and was Team {team}."),
    "mirror": N_("{name} ({character}) falls unmasked by the mirror and was Team {team}."),
    "correction": N_("{name} ({character}) falls by the narrator's correction and was Team {team}."),
}


def defeat(state, p: dict, how: str, **kw):
    """p falls; `how` a key of HOW (its other blanks in kw)."""
    if not p["alive"]:
        return
    p["alive"] = False
    p["revealed"] = True
    record(state, "defeat", msg(HOW[how], name=p["name"], character=char(p["character"]), team=team(p["alignment"]),
                                **kw), player=p["name"], alignment=p["alignment"])
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
        record(state, "winner", won[0])  # a line's recipe
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
    return _("The game is over: Team {team} won.", team=team_name(state["winner"]))
