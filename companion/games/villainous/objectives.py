"""Ending the game: each Villain's objective, the owner's tracker, claims the table confirms, and the
objectives the app checks itself at the start of a turn."""

from typing import Literal

from pydantic import Field

from ...core.actions import Action, Name
from ...core.errors import Forbidden, RuleError
from ...core.i18n import _, ngettext
from ...core.table import DISPLAY, HOST
from .data import VILLAINS, villain_name
from .lines import mark_label
from .players import current, find, may_act_for, note, plays


class Claim(Action):
    """A player says their objective is met; the table confirms."""

    type: Literal["claim"]
    player: Name


class Confirm(Action):
    """Another seat confirms (or rejects) the pending claim."""

    type: Literal["confirm"]
    accept: bool


class Mark(Action):
    """The owner keeps their objective's tracker as the cards move (a Curse placed, the Lamp moved)."""

    type: Literal["mark"]
    player: Name
    mark: str = Field(max_length=10, description="A key of the player's tracker (see `objective.marks[].key`).")
    on: bool


class CheckObjective(Action):
    """The host has read the objective on the Villain's board: it is what the app says."""

    type: Literal["objective"]
    player: Name


def objective_unsure(p: dict) -> bool:
    """The objective comes from public descriptions, not the rulebook, and the host has not checked it."""
    return not VILLAINS[p["villain"]]["objective_sure"] and not p.get("objective_checked")


def do_check_objective(state, a, seat):
    p = find(state, a["player"])
    if p.get("objective_checked"):
        raise RuleError(_("{name}'s objective is already checked against the board.", name=p["name"]))
    p["objective_checked"] = True
    note(state, "checked", seat.name, name=p["name"], villain=p["villain"])


def start_of_turn(state):
    """Objectives the app can check, checked at the start of the turn, as the boards say."""
    p = current(state)
    rule = VILLAINS[p["villain"]]
    if rule["check"] == "power_at_turn_start" and p["power"] >= rule["threshold"]:
        state["winner"] = p["name"]
        note(state, "power_win", name=p["name"], n=p["power"], villain=p["villain"])


def tracker(p: dict) -> dict:
    """The owner's marks for their objective (Prince John's is counted from his Power)."""
    spec = VILLAINS[p["villain"]]["tracker"]
    marks = []
    if spec.get("per_location"):
        marks += [{"key": f"loc{i}"} for i in range(len(p["locations"]))]
    marks += [{"key": f"m{i}"} for i in range(len(spec.get("marks", [])))]
    for m in marks:
        m["label"] = mark_label(p["villain"], m["key"], p["locations"])
    for m in marks:
        m["on"] = bool(p.get("marks", {}).get(m["key"]))
    if "power" in spec:
        done, of = min(p["power"], spec["power"]), spec["power"]
    else:
        done, of = sum(m["on"] for m in marks), len(marks)
    return {"marks": marks, "done": done, "of": of, "met": done >= of, "when": spec["when"],
            "automatic": "power" in spec}


def why_not_claim(state, p: dict) -> str | None:
    if tracker(p)["automatic"]:
        return _("{villain}'s objective is checked by the app at the start of the turn.",
                 villain=villain_name(p["villain"]))
    if state["claim"]:
        return _("{name}'s claim waits for an answer first.", name=state["claim"])
    if tracker(p)["when"] == "start_of_turn" and (p is not current(state) or state["moved"]):
        return _("{name}'s objective counts only at the start of {name}'s own turn, before moving.", name=p["name"])
    return None


def why_not_confirm(state, seat) -> str | None:
    if not state["claim"]:
        return _("Nobody has claimed an objective.")
    mine = plays(state, seat)
    if seat.trusted == DISPLAY or (seat.trusted != HOST and mine is not None and mine["name"] == state["claim"]):
        return _("Another player or the host confirms a claim, not the claimant.")
    return None


def do_claim(state, a, seat):
    p = find(state, a["player"])
    may_act_for(state, seat, p)
    why = why_not_claim(state, p)
    if why:
        raise RuleError(why)
    state["claim"] = p["name"]
    note(state, "claims", seat.name, name=p["name"], villain=p["villain"])


def do_confirm(state, a, seat):
    why = why_not_confirm(state, seat)
    if why:
        raise (RuleError if not state["claim"] else Forbidden)(why)
    claimant = find(state, state["claim"])
    if a["accept"]:
        state["winner"] = claimant["name"]
        note(state, "confirms", seat.name, by=seat.name, name=claimant["name"])
    else:
        note(state, "rejects", seat.name, by=seat.name, name=claimant["name"])
    state["claim"] = None


def do_mark(state, a, seat):
    p = find(state, a["player"])
    may_act_for(state, seat, p)
    t = tracker(p)
    mark = next((m for m in t["marks"] if m["key"] == a["mark"]), None)
    if mark is None:
        raise RuleError(_("{villain}'s objective has no mark {mark}.", villain=villain_name(p["villain"]),
                          mark=repr(a["mark"])))
    p.setdefault("marks", {})[mark["key"]] = a["on"]
    note(state, "mark_on" if a["on"] else "mark_off", seat.name, name=p["name"], villain=p["villain"],
         mark=mark["key"], locations=list(p["locations"]))


def prompt(state, p: dict) -> str | None:
    """A nudge for the owner when their tracker says the objective is met and it may be claimed."""
    t = tracker(p)
    if state["winner"] or t["automatic"] or not t["met"] or why_not_claim(state, p):
        return None
    return _("Your objective looks met: claim it, and another player confirms.")


def objective_note(p: dict) -> str:
    """When the objective counts, in words, after the objective itself."""
    t = tracker(p)
    if t["automatic"]:
        return _("The app counts it from the Power.")
    if t["when"] == "start_of_turn":
        return _("It counts at the start of {name}'s turn.", name=p["name"])
    return _("It counts as soon as it happens.")


def warned(state) -> list[dict]:
    """What the whole table should see coming: {who, kind, text}."""
    out = []
    for p in state["players"]:
        spec = VILLAINS[p["villain"]]["tracker"]
        if "power" in spec and p["power"] >= spec["power"] and not state["winner"]:
            out.append({"who": p["name"], "kind": "power", "text": ngettext(
                "{name} ({villain}) holds {n} Power: {name} wins at the start of their next turn unless it drops "
                "below {threshold}.",
                "{name} ({villain}) holds {n} Power: {name} wins at the start of their next turn unless it drops "
                "below {threshold}.", p["power"], name=p["name"], villain=villain_name(p["villain"]),
                threshold=spec["power"])})
        elif spec["when"] == "start_of_turn" and tracker(p)["met"] and not state["winner"]:
            now = p is current(state) and not state["moved"]
            out.append({"who": p["name"], "kind": "due" if now else "set", "text":
                        _("{name} begins the turn with the objective met: a claim is due.", name=p["name"]) if now else
                        _("{name}'s objective is set up: {name} wins at the start of their next turn.",
                          name=p["name"])})
    return out


def warnings(state) -> list[str]:
    return [w["text"] for w in warned(state)]
