"""On your turn: move the Villain (first, to another unlocked location), lock and unlock
locations as the cards say, then end the turn (draw back to four) and pass it to the left. The
host matches a realm's location names to the board."""

from typing import Annotated, Literal

from pydantic import Field

from ...core.actions import Action, Name
from ...core.errors import RuleError
from ...core.i18n import _, number, pgettext
from .. import kernel
from .data import DATA, LOCATION_MAX, LocationName, place, villain_name
from .objectives import start_of_turn
from .players import current, current_only, find, may_act_for, note


class Move(Action):
    """Move the current player's Villain to another unlocked location."""

    type: Literal["move"]
    player: Name | None = None
    location: str = Field(max_length=LOCATION_MAX)


class Lock(Action):
    """Lock or unlock a location of a realm (cards say when)."""

    type: Literal["lock"]
    player: Name
    location: str = Field(max_length=LOCATION_MAX)
    locked: bool


class EndTurn(Action):
    """End the current turn (draw back to four first); the turn passes to the left."""

    type: Literal["end_turn"]


class RenameRealm(Action):
    """The host renames a Villain's four locations to match the board (and confirms them)."""

    type: Literal["realm"]
    player: Name
    locations: Annotated[list[LocationName], Field(min_length=4, max_length=4)]


def here(p: dict) -> str:
    return p["locations"][p["at"]]


def why_not_move(p: dict, target: str) -> str | None:
    if target == here(p):
        return _("{name} must move to a different location than {where}.", name=p["name"], where=place(here(p)))
    if target in p["locked"]:
        return _("{where} is locked; no Villain can move there.", where=place(target))
    return None


def moves(p: dict) -> list[str]:
    """Where the Villain may go: another unlocked location; if every other one is locked, it stays
    where it is (the rulebook has no answer for that; the app lets the turn go on)."""
    others = [loc for loc in p["locations"] if why_not_move(p, loc) is None]
    return others or [here(p)]


def match_location(p: dict, name: str) -> str:
    for loc in p["locations"]:
        if kernel.same(loc, name):
            return loc
    raise RuleError(_("{where} is not a location of {villain}'s realm.", where=name, villain=villain_name(p["villain"])))


def do_move(state, a, seat):
    p = current_only(state, seat, a.get("player"))
    if state["moved"]:
        raise RuleError(_("{name} has already moved this turn.", name=p["name"]))
    target = match_location(p, a["location"])
    if target not in moves(p):
        raise RuleError(why_not_move(p, target))
    stays = target == here(p)
    p["at"] = p["locations"].index(target)
    state["moved"] = True
    note(state, "stays" if stays else "moves", seat.name, name=p["name"], where=target)


def in_words(names: list[str]) -> str:
    """["a", "b", "c"] as "a, b and c"."""
    if len(names) == 1:
        return names[0]
    return pgettext("villainous", "{some} and {last}", some=", ".join(names[:-1]), last=names[-1])


def in_letters(n: int) -> str:
    """The box's Lock tokens, in words."""
    words = {2: lambda: pgettext("villainous", "two"), 3: lambda: pgettext("villainous", "three"),
             4: lambda: pgettext("villainous", "four")}
    return words[n]() if n in words else number(n)


def locked_everywhere(state) -> list[str]:
    """Every locked location at the table: each holds one of the box's Lock tokens."""
    return [loc for p in state["players"] for loc in p["locked"]]


def why_no_lock_token(state) -> str | None:
    held = locked_everywhere(state)
    if len(held) < DATA["lock_tokens"]:
        return None
    n = DATA["lock_tokens"]
    count = in_letters(n)
    # TRANSLATORS: {count} is a number in words ("three"); {where} the locked locations
    return _("All {count} Lock tokens of the box are in use ({where}): unlock one of those before locking "
             "another location.", count=count, where=in_words([place(loc) for loc in held]))


def do_lock(state, a, seat):
    p = find(state, a["player"])
    may_act_for(state, seat, p)
    loc = match_location(p, a["location"])
    if a["locked"] and loc not in p["locked"] and why_no_lock_token(state):
        raise RuleError(why_no_lock_token(state))
    if a["locked"] and loc not in p["locked"]:
        p["locked"].append(loc)
    elif not a["locked"] and loc in p["locked"]:
        p["locked"].remove(loc)
    else:
        raise RuleError(_("{where} is already locked.", where=place(loc)) if a["locked"]
                        else _("{where} is already unlocked.", where=place(loc)))
    note(state, "locked" if a["locked"] else "unlocked", seat.name, where=loc)


def do_end_turn(state, a, seat):
    p = current_only(state, seat)
    if not state["moved"]:
        raise RuleError(_("{name} has not moved yet; moving is the first step of every turn.", name=p["name"]))
    state["current"] = (state["current"] + 1) % len(state["players"])
    state["turn"] += 1
    state["moved"] = False
    state["claim"] = None
    state["fates"] = 0
    state["used"], state["fated"] = {}, []
    note(state, "next", seat.name, name=p["name"], next=current(state)["name"])
    start_of_turn(state)


def do_realm(state, a, seat):
    p = find(state, a["player"])
    names = [" ".join(n.split()) for n in a["locations"]]
    if len({kernel.norm(n) for n in names}) != 4:
        raise RuleError(_("Give the four locations four different names."))
    old = p["locations"]
    p["locked"] = [names[old.index(loc)] for loc in p["locked"]]
    p["locations"], p["confirmed"] = names, True
    note(state, "realm", seat.name, name=p["name"], places=names)
