"""Power: the tokens each Villain holds, taken from and paid back to the Cauldron."""

from typing import Literal

from pydantic import Field

from ...core.actions import Action, Name
from ...core.errors import BadInput, RuleError
from ...core.i18n import N_, _, ngettext
from .data import DATA
from .players import find, may_act_for, note

# The quick changes a Villain's card offers (any other amount is typed in).
STEPS = (1, 2, 3, -1, -2, -3)


class Power(Action):
    """Take Power from the Cauldron (delta > 0) or pay it back (delta < 0)."""

    type: Literal["power"]
    player: Name
    delta: int = Field(ge=-80, le=80, title=N_("A change of Power"))


def cauldron(state) -> int:
    """The Power tokens left in the Cauldron."""
    return DATA["cauldron"] - sum(p["power"] for p in state["players"])


def do_power(state, a, seat):
    p = find(state, a["player"])
    may_act_for(state, seat, p)
    delta = a["delta"]
    if delta == 0:
        raise BadInput(_("A change of 0 Power changes nothing."))
    if delta > 0 and delta > cauldron(state):
        raise RuleError(ngettext("The Cauldron holds only {n} Power; nobody can take more than that.",
                                 "The Cauldron holds only {n} Power; nobody can take more than that.",
                                 cauldron(state)))
    if p["power"] + delta < 0:
        raise RuleError(ngettext("{name} has only {n} Power; Power never goes below 0.",
                                 "{name} has only {n} Power; Power never goes below 0.", p["power"], name=p["name"]))
    p["power"] += delta
    note(state, "takes" if delta > 0 else "pays", seat.name, name=p["name"], n=abs(delta), total=p["power"])


def steps() -> list[dict]:
    """The quick Power buttons: taking first, then paying back."""
    return [{"delta": d, "label": f"{d:+d}", "pays": d < 0} for d in STEPS]
