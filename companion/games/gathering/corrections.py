"""The narrator's corrections: one thing put right without undoing what came after (a player
fallen or back in the game, a Claw mark given or taken, the Crown or the Rope given to someone
else), each logged in the recap."""

from typing import Literal

from ...core import i18n
from ...core.actions import Action, Name
from ...core.errors import RuleError
from ...core.i18n import N_, _
from .players import check_winner, defeat, find, game_over, go, living, record
from .words import msg, text


class Correction(Action):
    player: Name


class CorrectFallen(Correction):
    """The narrator's correction: this player has fallen."""

    type: Literal["correct_fallen"]


class CorrectBack(Correction):
    """The narrator's correction: this fallen player is back in the game."""

    type: Literal["correct_back"]


class CorrectClawAdd(Correction):
    """The narrator's correction: this player gets a Claw mark."""

    type: Literal["correct_claw_add"]


class CorrectClawRemove(Correction):
    """The narrator's correction: this player loses a Claw mark."""

    type: Literal["correct_claw_remove"]


class CorrectCrown(Action):
    """The narrator's correction: the Crown goes to this player (null: it is set aside)."""

    type: Literal["correct_crown"]
    player: Name | None = None


class CorrectPrisoner(Action):
    """The narrator's correction: Captain Hook's Rope goes to this player (null: it is taken back)."""

    type: Literal["correct_prisoner"]
    player: Name | None = None


ACTIONS = (CorrectFallen, CorrectBack, CorrectClawAdd, CorrectClawRemove, CorrectCrown, CorrectPrisoner)


def playing(state) -> str | None:
    """Why nothing can be corrected now (None: it can)."""
    if state["phase"] in ("setup", "deal"):
        return _("There is nothing to correct before the cards are dealt.")
    if state["phase"] == "over":
        return game_over(state)
    return None


def daytime(state) -> str | None:
    """Why Hook's Rope cannot be corrected now (None: it can)."""
    why = playing(state)
    if why is None and state["phase"] != "day":
        return _("Captain Hook holds a prisoner only during the day.")
    return why


def do_correct_fallen(state, a, _seat):
    p = find(state, a["player"], alive=False)
    if not p["alive"]:
        raise RuleError(_("{name} has already fallen.", name=p["name"]))
    defeat(state, p, "correction")
    corrected(state, msg(N_("{name} has fallen."), name=p["name"]))
    if state["successor_for"]:  # the game's flow is not interrupted: the narrator hands the Crown on
        state["successor_for"], state["crown"] = None, None
        record(state, "correction", msg(N_("The fallen player's Crown is set aside until the narrator hands it on.")))
    check_winner(state)


def do_correct_back(state, a, _seat):
    p = find(state, a["player"], alive=False)
    if p["alive"]:
        raise RuleError(_("{name} is still in the game.", name=p["name"]))
    p["alive"] = True
    corrected(state, msg(N_("{name} is back in the game."), name=p["name"]))
    check_winner(state)


def do_correct_claw_add(state, a, _seat):
    p = find(state, a["player"], alive=False)
    p["claw_marks"] += 1
    corrected(state, msg(N_("{name} gets a Claw mark (now {n})."), name=p["name"], n=p["claw_marks"]))


def do_correct_claw_remove(state, a, _seat):
    p = find(state, a["player"], alive=False)
    if not p["claw_marks"]:
        raise RuleError(_("{name} has no Claw mark to take away.", name=p["name"]))
    p["claw_marks"] -= 1
    corrected(state, msg(N_("{name} loses a Claw mark (now {n})."), name=p["name"], n=p["claw_marks"]))


def do_correct_crown(state, a, _seat):
    if a.get("player") is None:
        return set_aside(state, "crown", N_("The Crown is set aside (it was with {name})."))
    p = find(state, a["player"], alive=False)
    if not p["alive"]:
        raise RuleError(_("{name} has fallen and cannot wear the Crown.", name=p["name"]))
    state["crown"] = p["name"]
    if state["successor_for"]:
        state["successor_for"] = None
        if state["step"] == "crown_successor":
            then, state["then"] = state["then"], None
            go(state, then)
    corrected(state, msg(N_("The Crown goes to {name}."), name=p["name"]))


def do_correct_prisoner(state, a, _seat):
    if a.get("player") is None:
        return set_aside(state, "prisoner", N_("The Rope is taken back (it was with {name})."))
    p = find(state, a["player"], alive=False)
    if p["character"] == "captain_hook" or not p["alive"]:
        raise RuleError(_("The Rope goes to a standing player other than Captain Hook."))
    state["prisoner"] = p["name"]
    corrected(state, msg(N_("{name} now holds Hook's Rope."), name=p["name"]))


def set_aside(state, what: str, note: str):
    holder_now = state[what]
    if holder_now is None:
        raise RuleError(_("Nobody holds it already."))
    state[what] = None
    corrected(state, msg(note, name=holder_now))


def corrected(state, said: dict):
    """A correction's sentence (a recipe, words.py) in the narrator's list and the recap."""
    entry = {"round": state["round"], "phase": state["phase"], "text": said}
    state.setdefault("corrections", []).append(entry)
    record(state, "correction", msg(N_("Correction: {text}"), text=said))


def correction_choices(state) -> dict:
    with i18n.for_table():  # the corrections so far: a log, in the table's language
        log = [{**e, "text": text(e["text"]),
                "when": _("Night {n}", n=e["round"]) if e["phase"] == "night" else _("Day {n}", n=e["round"])}
               for e in state.get("corrections", [])]
    return {"alive": [p["name"] for p in living(state)],
            "fallen": [p["name"] for p in state["players"] if not p["alive"]],
            "clawed": [p["name"] for p in state["players"] if p["claw_marks"]],
            "rope": [p["name"] for p in living(state) if p["character"] != "captain_hook"]
            if state["phase"] == "day" else [],
            "log": log}
