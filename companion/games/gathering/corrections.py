"""The narrator's corrections: one thing put right without undoing what came after (a player
fallen or back in the game, a Claw mark given or taken, the Crown or the Rope given to someone
else), each logged in the recap."""

from typing import Literal

from ...core.actions import Action, Name
from ...core.errors import RuleError
from .players import check_winner, defeat, find, game_over, go, living, record


class Correct(Action):
    """The narrator puts one thing right without undoing what came after: a player fallen or
    back in the game, a Claw mark given or taken, the Crown or the Rope given to someone else
    (`player` null: nobody holds it). Each correction is logged in the recap."""

    type: Literal["correct"]
    what: Literal["fallen", "back", "claw_add", "claw_remove", "crown", "prisoner"]
    player: Name | None = None


def playing(state) -> str | None:
    """Why nothing can be corrected now (None: it can)."""
    if state["phase"] in ("setup", "deal"):
        return "There is nothing to correct before the cards are dealt."
    if state["phase"] == "over":
        return game_over(state)
    return None


def do_correct(state, a, _seat):
    what, name = a["what"], a.get("player")
    if what in ("crown", "prisoner") and name is None:
        return set_aside(state, what)
    if name is None:
        raise RuleError("Say which player the correction is about.")
    p = find(state, name, alive=False)
    CORRECTIONS[what](state, p)


def set_aside(state, what: str):
    holder_now = state[what]
    if holder_now is None:
        raise RuleError("Nobody holds it already.")
    state[what] = None
    note = "the Crown is set aside" if what == "crown" else "the Rope is taken back"
    corrected(state, f"{note} (it was with {holder_now})")


def fallen(state, p: dict):
    if not p["alive"]:
        raise RuleError(f"{p['name']} has already fallen.")
    defeat(state, p, "by the narrator's correction")
    corrected(state, f"{p['name']} has fallen")
    if state["successor_for"]:  # the game's flow is not interrupted: the narrator hands the Crown on
        state["successor_for"], state["crown"] = None, None
        record(state, "correction", "The fallen player's Crown is set aside until the narrator hands it on.")
    check_winner(state)


def back(state, p: dict):
    if p["alive"]:
        raise RuleError(f"{p['name']} is still in the game.")
    p["alive"] = True
    corrected(state, f"{p['name']} is back in the game")
    check_winner(state)


def claw_add(state, p: dict):
    p["claw_marks"] += 1
    corrected(state, f"{p['name']} gets a Claw mark (now {p['claw_marks']})")


def claw_remove(state, p: dict):
    if not p["claw_marks"]:
        raise RuleError(f"{p['name']} has no Claw mark to take away.")
    p["claw_marks"] -= 1
    corrected(state, f"{p['name']} loses a Claw mark (now {p['claw_marks']})")


def crown(state, p: dict):
    if not p["alive"]:
        raise RuleError(f"{p['name']} has fallen and cannot wear the Crown.")
    state["crown"] = p["name"]
    if state["successor_for"]:
        state["successor_for"] = None
        if state["step"] == "crown_successor":
            then, state["then"] = state["then"], None
            go(state, then)
    corrected(state, f"the Crown goes to {p['name']}")


def prisoner(state, p: dict):
    if state["phase"] != "day":
        raise RuleError("Captain Hook holds a prisoner only during the day.")
    if p["character"] == "captain_hook" or not p["alive"]:
        raise RuleError("The Rope goes to a standing player other than Captain Hook.")
    state["prisoner"] = p["name"]
    corrected(state, f"{p['name']} now holds Hook's Rope")


CORRECTIONS = {"fallen": fallen, "back": back, "claw_add": claw_add, "claw_remove": claw_remove, "crown": crown,
               "prisoner": prisoner}


def corrected(state, text: str):
    entry = {"round": state["round"], "phase": state["phase"], "text": text[0].upper() + text[1:] + "."}
    state.setdefault("corrections", []).append(entry)
    record(state, "correction", "Correction: " + entry["text"])


def correction_choices(state) -> dict:
    return {"alive": [p["name"] for p in living(state)],
            "fallen": [p["name"] for p in state["players"] if not p["alive"]],
            "clawed": [p["name"] for p in state["players"] if p["claw_marks"]],
            "rope": [p["name"] for p in living(state) if p["character"] != "captain_hook"]
            if state["phase"] == "day" else [],
            "log": state.get("corrections", [])}
