"""Villainous: The Worst Takes It All. Power, turns, locations, locks and the Fate token.

The cards stay on the table; the app keeps the Power tokens, whose turn it is, where each
Villain stands, which locations are locked, who holds the Fate token, and the objectives.
"""

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..core.actions import Action, Name
from ..core.errors import BadInput, Forbidden, RuleError
from ..core.table import DISPLAY, HOST
from .rules_data import load

ID = "villainous"
TITLE = "Villainous: The Worst Takes It All"
DATA = load("villainous")
VILLAINS = DATA["villains"]
VillainId = Literal["captain_hook", "jafar", "maleficent", "prince_john", "queen_of_hearts", "ursula"]
PRIVATE = ()


class PlayerSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Name
    villain: VillainId


class Realm(BaseModel):
    model_config = ConfigDict(extra="forbid")
    locations: Annotated[list[Annotated[str, Field(min_length=1, max_length=40)]], Field(min_length=4, max_length=4)]
    locked: str | None = None


class VillainousOptions(BaseModel):
    """Players in turn order, the first one starting. Realms may be renamed per table."""

    model_config = ConfigDict(extra="forbid", title="VillainousOptions")
    players: list[PlayerSpec] | None = Field(default=None, description="In turn order; 2 to 6, each a different Villain.")
    first: Name | None = Field(default=None, description="Who starts (else the first listed).")
    realms: dict[VillainId, Realm] = Field(default_factory=dict, description="Override a Villain's locations and lock.")


Options = VillainousOptions


class Setup(Action):
    """Seat the Villains (when the table was created without players)."""

    type: Literal["setup"]
    players: list[PlayerSpec]
    first: Name | None = None


class Power(Action):
    """Take Power from the Cauldron (delta > 0) or pay it back (delta < 0)."""

    type: Literal["power"]
    player: Name
    delta: int = Field(ge=-80, le=80)


class Move(Action):
    """Move the current player's Villain to another unlocked location."""

    type: Literal["move"]
    player: Name | None = None
    location: str = Field(max_length=40)


class Fate(Action):
    """The current player Fates an opponent."""

    type: Literal["fate"]
    by: Name
    target: Name


class Lock(Action):
    """Lock or unlock a location of a realm (cards say when)."""

    type: Literal["lock"]
    player: Name
    location: str = Field(max_length=40)
    locked: bool


class EndTurn(Action):
    """End the current turn (draw back to four first); the turn passes to the left."""

    type: Literal["end_turn"]


class Claim(Action):
    """A player says their objective is met; the table confirms."""

    type: Literal["claim"]
    player: Name


class Confirm(Action):
    """Another seat confirms (or rejects) the pending claim."""

    type: Literal["confirm"]
    accept: bool


ACTIONS = (Setup, Power, Move, Fate, Lock, EndTurn, Claim, Confirm)


def realm(options: dict, villain: str) -> dict:
    custom = (options.get("realms") or {}).get(villain)
    base = VILLAINS[villain]
    return {"locations": list(custom["locations"] if custom else base["locations"]),
            "locked": custom["locked"] if custom else base["locked"]}


def seat_players(state: dict, players: list[dict], first: str | None) -> dict:
    if not 2 <= len(players) <= 6:
        raise RuleError("Villainous takes 2 to 6 players.")
    names = [p["name"] for p in players]
    if len({n.casefold() for n in names}) != len(names):
        raise RuleError("Each player needs a different name.")
    villains = [p["villain"] for p in players]
    if len(set(villains)) != len(villains):
        raise RuleError("Each player plays a different Villain.")
    if first is not None:
        idx = next((i for i, n in enumerate(names) if n.casefold() == first.casefold()), None)
        if idx is None:
            raise RuleError(f"{first} is not one of the players.")
        players = players[idx:] + players[:idx]  # the turn order starts with the first player
    seated = []
    for i, p in enumerate(players):
        r = realm(state["options"], p["villain"])
        if r["locked"] is not None and r["locked"] not in r["locations"]:
            raise RuleError(f"{VILLAINS[p['villain']]['name']}'s locked location is not one of its four.")
        seated.append({"name": p["name"], "villain": p["villain"], "power": DATA["starting_power"][i],
                       "locations": r["locations"], "at": 0,
                       "locked": [r["locked"]] if r["locked"] else []})
    state.update(players=seated, current=0, turn=1, moved=False, fate_token=None, winner=None,
                 claim=None, log=[])
    note(state, f"{seated[0]['name']} goes first. Everyone reads their objective aloud.")
    start_of_turn(state)
    return state


def setup(options: dict) -> dict:
    state = {"options": options, "players": [], "current": None, "turn": 0, "fate_token": None,
             "winner": None, "claim": None, "log": [], "moved": False}
    if options.get("players"):
        seat_players(state, options["players"], options.get("first"))
    return state


def note(state, text: str, by: str | None = None):
    state["log"].append({"turn": state["turn"], "by": by, "text": text})


def find(state, name: str) -> dict:
    p = next((p for p in state["players"] if p["name"].casefold() == (name or "").casefold()), None)
    if p is None:
        raise RuleError(f"No player is called {name}.")
    return p


def cauldron(state) -> int:
    return DATA["cauldron"] - sum(p["power"] for p in state["players"])


def start_of_turn(state):
    """Objectives the app can check, checked at the start of the turn, as the boards say."""
    p = state["players"][state["current"]]
    rule = VILLAINS[p["villain"]]
    if rule["check"] == "power_at_turn_start" and p["power"] >= rule["threshold"]:
        state["winner"] = p["name"]
        note(state, f"{p['name']} begins the turn with {p['power']} Power: {rule['name']} wins.")


def may_act_for(seat, player: dict):
    if seat.trusted == HOST or seat.name.casefold() == player["name"].casefold():
        return
    if seat.trusted == DISPLAY:
        raise Forbidden("The display shows the table; it does not play.")
    raise Forbidden(f"Only {player['name']} or the host can do that for {player['name']}.")


def current_only(state, seat, name: str | None = None) -> dict:
    p = state["players"][state["current"]]
    if name is not None and find(state, name) is not p:
        raise RuleError(f"It is {p['name']}'s turn, not {name}'s.")
    may_act_for(seat, p)
    return p


def apply(state: dict, action: dict, seat) -> dict:
    kind = action["type"]
    if kind == "setup":
        if seat.trusted != HOST:
            raise Forbidden("Only the host seats the players.")
        if state["players"]:
            raise RuleError("The players are already seated; start a new table for a new game.")
        return seat_players(state, action["players"], action.get("first"))
    if not state["players"]:
        raise RuleError("Seat the players first.")
    if state["winner"]:
        raise RuleError(f"The game is over: {state['winner']} won.")
    if kind == "power":
        p = find(state, action["player"])
        may_act_for(seat, p)
        delta = action["delta"]
        if delta == 0:
            raise BadInput("A change of 0 Power changes nothing.")
        if delta > 0 and delta > cauldron(state):
            raise RuleError(f"The Cauldron holds only {cauldron(state)} Power; nobody can take more than that.")
        if p["power"] + delta < 0:
            raise RuleError(f"{p['name']} has only {p['power']} Power; Power never goes below 0.")
        p["power"] += delta
        verb = "takes" if delta > 0 else "pays"
        note(state, f"{p['name']} {verb} {abs(delta)} Power (now {p['power']}).", seat.name)
    elif kind == "move":
        p = current_only(state, seat, action.get("player"))
        if state["moved"]:
            raise RuleError(f"{p['name']} has already moved this turn.")
        target = match_location(p, action["location"])
        here = p["locations"][p["at"]]
        if target == here:
            raise RuleError(f"{p['name']} must move to a different location than {here}.")
        if target in p["locked"]:
            raise RuleError(f"{target} is locked; no Villain can move there.")
        p["at"] = p["locations"].index(target)
        state["moved"] = True
        note(state, f"{p['name']} moves to {target}.", seat.name)
    elif kind == "fate":
        p = current_only(state, seat, action["by"])
        target = find(state, action["target"])
        if target is p:
            raise RuleError("Fate is played against an opponent, not yourself.")
        token = uses_token(state)
        if token and state["fate_token"] and state["fate_token"].casefold() == target["name"].casefold():
            raise RuleError(f"{target['name']} holds the Fate token and cannot be targeted.")
        if token:
            state["fate_token"] = target["name"]
        note(state, f"{p['name']} Fates {target['name']}" + (" and hands over the Fate token." if token else "."),
             seat.name)
    elif kind == "lock":
        p = find(state, action["player"])
        may_act_for(seat, p)
        loc = match_location(p, action["location"])
        if action["locked"] and loc not in p["locked"]:
            p["locked"].append(loc)
        elif not action["locked"] and loc in p["locked"]:
            p["locked"].remove(loc)
        else:
            raise RuleError(f"{loc} is already {'locked' if action['locked'] else 'unlocked'}.")
        note(state, f"{loc} is now {'locked' if action['locked'] else 'unlocked'}.", seat.name)
    elif kind == "end_turn":
        p = current_only(state, seat)
        if not state["moved"]:
            raise RuleError(f"{p['name']} has not moved yet; moving is the first step of every turn.")
        state["current"] = (state["current"] + 1) % len(state["players"])
        state["turn"] += 1
        state["moved"] = False
        state["claim"] = None
        nxt = state["players"][state["current"]]
        note(state, f"{p['name']} draws back to four. Now it is {nxt['name']}'s turn.", seat.name)
        start_of_turn(state)
    elif kind == "claim":
        p = find(state, action["player"])
        may_act_for(seat, p)
        state["claim"] = p["name"]
        note(state, f"{p['name']} claims the objective: {VILLAINS[p['villain']]['objective']}", seat.name)
    elif kind == "confirm":
        if not state["claim"]:
            raise RuleError("Nobody has claimed an objective.")
        claimant = find(state, state["claim"])
        if seat.trusted == DISPLAY or (seat.trusted != HOST and seat.name.casefold() == claimant["name"].casefold()):
            raise Forbidden("Another player or the host confirms a claim, not the claimant.")
        if action["accept"]:
            state["winner"] = claimant["name"]
            note(state, f"{seat.name} confirms: {claimant['name']} wins.", seat.name)
        else:
            note(state, f"{seat.name} does not accept {claimant['name']}'s claim.", seat.name)
        state["claim"] = None
    return state


def uses_token(state) -> bool:
    return len(state["players"]) >= DATA["fate_token_from_players"]


def match_location(p: dict, name: str) -> str:
    for loc in p["locations"]:
        if loc.casefold() == name.strip().casefold():
            return loc
    raise RuleError(f"{name} is not a location of {VILLAINS[p['villain']]['name']}'s realm.")


def view(state: dict, seat) -> dict:
    players = [{"name": p["name"], "villain": p["villain"], "villain_name": VILLAINS[p["villain"]]["name"],
                "power": p["power"], "location": p["locations"][p["at"]],
                "locations": [{"name": loc, "locked": loc in p["locked"]} for loc in p["locations"]],
                "objective": VILLAINS[p["villain"]]["objective"],
                "names_unsure": not VILLAINS[p["villain"]]["sure"] and not (state["options"].get("realms") or {}).get(p["villain"]),
                "auto_checked": VILLAINS[p["villain"]]["check"] != "claim"} for p in state["players"]]
    current = state["players"][state["current"]]["name"] if state["players"] else None
    return {"players": players, "current": current, "turn": state["turn"], "moved": state["moved"],
            "fate_token": state["fate_token"], "fate_token_in_play": bool(state["players"]) and uses_token(state),
            "cauldron": cauldron(state), "winner": state["winner"], "claim": state["claim"],
            "log": state["log"][-40:], "villain_choices": {k: v["name"] for k, v in VILLAINS.items()},
            "turn_steps": DATA["turn_steps"]}
