"""On your turn: move the Villain (first, to another unlocked location), lock and unlock
locations as the cards say, then end the turn (draw back to four) and pass it to the left. The
host matches a realm's location names to the board."""

from typing import Annotated, Literal

from pydantic import Field

from ...core.actions import Action, Name
from ...core.errors import RuleError
from .. import kernel
from .data import DATA, LOCATION_MAX, VILLAINS, LocationName
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
        return f"{p['name']} must move to a different location than {here(p)}."
    if target in p["locked"]:
        return f"{target} is locked; no Villain can move there."
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
    raise RuleError(f"{name} is not a location of {VILLAINS[p['villain']]['name']}'s realm.")


def do_move(state, a, seat):
    p = current_only(state, seat, a.get("player"))
    if state["moved"]:
        raise RuleError(f"{p['name']} has already moved this turn.")
    target = match_location(p, a["location"])
    if target not in moves(p):
        raise RuleError(why_not_move(p, target))
    stays = target == here(p)
    p["at"] = p["locations"].index(target)
    state["moved"] = True
    note(state, f"{p['name']} stays at {target}: every other location is locked." if stays
         else f"{p['name']} moves to {target}.", seat.name)


def in_words(names: list[str]) -> str:
    """["a", "b", "c"] as "a, b and c"."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def locked_everywhere(state) -> list[str]:
    """Every locked location at the table: each holds one of the box's Lock tokens."""
    return [loc for p in state["players"] for loc in p["locked"]]


def why_no_lock_token(state) -> str | None:
    held = locked_everywhere(state)
    if len(held) < DATA["lock_tokens"]:
        return None
    count = {2: "two", 3: "three", 4: "four"}.get(DATA["lock_tokens"], str(DATA["lock_tokens"]))
    return (f"All {count} Lock tokens of the box are in use ({in_words(held)}): "
            "unlock one of those before locking another location.")


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
        raise RuleError(f"{loc} is already {'locked' if a['locked'] else 'unlocked'}.")
    note(state, f"{loc} is now {'locked' if a['locked'] else 'unlocked'}.", seat.name)


def do_end_turn(state, a, seat):
    p = current_only(state, seat)
    if not state["moved"]:
        raise RuleError(f"{p['name']} has not moved yet; moving is the first step of every turn.")
    state["current"] = (state["current"] + 1) % len(state["players"])
    state["turn"] += 1
    state["moved"] = False
    state["claim"] = None
    state["fates"] = 0
    state["used"], state["fated"] = {}, []
    note(state, f"{p['name']} draws back to four. Now it is {current(state)['name']}'s turn.", seat.name)
    start_of_turn(state)


def do_realm(state, a, seat):
    p = find(state, a["player"])
    names = [" ".join(n.split()) for n in a["locations"]]
    if len({kernel.norm(n) for n in names}) != 4:
        raise RuleError("Give the four locations four different names.")
    old = p["locations"]
    p["locked"] = [names[old.index(loc)] for loc in p["locked"]]
    p["locations"], p["confirmed"] = names, True
    note(state, f"{p['name']}'s realm: {', '.join(names)}.", seat.name)
