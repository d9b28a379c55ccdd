"""Power: the tokens each Villain holds, taken from and paid back to the Cauldron."""

from typing import Literal

from pydantic import Field

from ...core.actions import Action, Name
from ...core.errors import BadInput, RuleError
from .data import DATA
from .players import find, may_act_for, note

# The quick changes a Villain's card offers (any other amount is typed in).
STEPS = (1, 2, 3, -1, -2, -3)


class Power(Action):
    """Take Power from the Cauldron (delta > 0) or pay it back (delta < 0)."""

    type: Literal["power"]
    player: Name
    delta: int = Field(ge=-80, le=80, title="A change of Power")


def cauldron(state) -> int:
    """The Power tokens left in the Cauldron."""
    return DATA["cauldron"] - sum(p["power"] for p in state["players"])


def do_power(state, a, seat):
    p = find(state, a["player"])
    may_act_for(state, seat, p)
    delta = a["delta"]
    if delta == 0:
        raise BadInput("A change of 0 Power changes nothing.")
    if delta > 0 and delta > cauldron(state):
        raise RuleError(f"The Cauldron holds only {cauldron(state)} Power; nobody can take more than that.")
    if p["power"] + delta < 0:
        raise RuleError(f"{p['name']} has only {p['power']} Power; Power never goes below 0.")
    p["power"] += delta
    verb = "takes" if delta > 0 else "pays"
    note(state, f"{p['name']} {verb} {abs(delta)} Power (now {p['power']}).", seat.name)


def steps() -> list[dict]:
    """The quick Power buttons: taking first, then paying back."""
    return [{"delta": d, "label": f"{d:+d}", "pays": d < 0} for d in STEPS]
