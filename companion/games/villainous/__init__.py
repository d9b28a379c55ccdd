"""Villainous: The Worst Takes It All. Power, turns, locations, locks and the Fate token.

The cards stay on the table; the app keeps the Power tokens, whose turn it is, where each
Villain stands, which locations are locked, who holds the Fate token, and the objectives.
"""

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from ...core.actions import Action, Name
from ...core.errors import BadInput, Forbidden, RuleError
from ...core.regions import Region
from ...core.table import DISPLAY, HOST, PLAYER
from .. import kernel
from ..contract import Game
from ..rules_data import load

ID = "villainous"
TITLE = "Villainous: The Worst Takes It All"
DATA = load("villainous")
VILLAINS = DATA["villains"]
VillainId = Literal["captain_hook", "jafar", "maleficent", "prince_john", "queen_of_hearts", "ursula"]
PRIVATE = ()
DICE = False  # no dice in the box: the tray shows only once someone rolls (the host can, under "Dice")


class PlayerSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Name
    villain: VillainId
    seat: int | None = Field(default=None, ge=0, description="The seat that plays this Villain (else by name).")


class Realm(BaseModel):
    model_config = ConfigDict(extra="forbid")
    locations: Annotated[list[Annotated[str, Field(min_length=1, max_length=40)]], Field(min_length=4, max_length=4)]
    locked: str | None = None
    fate_symbols: Annotated[list[Annotated[int, Field(ge=0, le=3)]], Field(min_length=4, max_length=4)] | None = Field(
        default=None, description="Fate symbols at each location, left to right, if the table enters them.")


class VillainousOptions(BaseModel):
    """Players in turn order, the first one starting. Realms may be renamed per table."""

    model_config = ConfigDict(extra="forbid", title="VillainousOptions")
    players: list[PlayerSpec] | None = Field(default=None, description="In turn order; 2 to 6, each a different Villain.")
    first: Name | None = Field(default=None, description="Who starts (else the first listed).")
    realms: dict[VillainId, Realm] = Field(default_factory=dict, description="Override a Villain's locations and lock.")
    fates_per_turn: int | None = Field(default=None, ge=0, le=6, description=(
        "Fate actions a turn may take where the realm's Fate symbols are not entered (default 1)."))


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


class Mark(Action):
    """The owner keeps their objective's tracker as the cards move (a Curse placed, the Lamp moved)."""

    type: Literal["mark"]
    player: Name
    mark: str = Field(max_length=10, description="A key of the player's tracker (see `objective.marks[].key`).")
    on: bool


class RenameRealm(Action):
    """The host renames a Villain's four locations to match the board (and confirms them)."""

    type: Literal["realm"]
    player: Name
    locations: Annotated[list[Annotated[str, Field(min_length=1, max_length=40)]], Field(min_length=4, max_length=4)]


ACTIONS = (Setup, Power, Move, Fate, Lock, EndTurn, Claim, Confirm, Mark, RenameRealm)


def realm(options: dict, villain: str) -> dict:
    custom = (options.get("realms") or {}).get(villain)
    base = VILLAINS[villain]
    return {"locations": list(custom["locations"] if custom else base["locations"]),
            "locked": custom["locked"] if custom else base["locked"],
            "fate_symbols": custom.get("fate_symbols") if custom else None, "custom": bool(custom)}


def seat_players(state: dict, players: list[dict], first: str | None) -> dict:
    kernel.roster([p["name"] for p in players], 2, 6, "Villainous")
    villains = [p["villain"] for p in players]
    if len(set(villains)) != len(villains):
        raise RuleError("Each player plays a different Villain.")
    if first is not None:
        lead = kernel.lookup(players, first)
        if lead is None:
            raise RuleError(f"{first} is not one of the players.")
        idx = players.index(lead)
        players = players[idx:] + players[:idx]  # the turn order starts with the first player
    seated = []
    for i, p in enumerate(players):
        r = realm(state["options"], p["villain"])
        if r["locked"] is not None and r["locked"] not in r["locations"]:
            raise RuleError(f"{VILLAINS[p['villain']]['name']}'s locked location is not one of its four.")
        seated.append({"name": p["name"], "seat": p.get("seat"), "villain": p["villain"],
                       "power": DATA["starting_power"][i], "locations": r["locations"], "at": 0,
                       "locked": [r["locked"]] if r["locked"] else [], "marks": {},
                       "fate_symbols": r.get("fate_symbols"), "confirmed": r["custom"]})
    state.update(players=seated, current=0, turn=1, moved=False, fate_token=None, winner=None,
                 claim=None, log=[], fates=0)
    note(state, f"{seated[0]['name']} goes first. Everyone reads their objective aloud.")
    start_of_turn(state)
    return state


def setup(options: dict) -> dict:
    state = {"options": options, "players": [], "current": None, "turn": 0, "fate_token": None,
             "winner": None, "claim": None, "log": [], "moved": False, "fates": 0}
    if options.get("players"):
        seat_players(state, options["players"], options.get("first"))
    return state


def note(state, text: str, by: str | None = None):
    kernel.note(state["log"], text, turn=state["turn"], by=by)


def find(state, name: str) -> dict:
    return kernel.find(state["players"], name)


def cauldron(state) -> int:
    return DATA["cauldron"] - sum(p["power"] for p in state["players"])


def start_of_turn(state):
    """Objectives the app can check, checked at the start of the turn, as the boards say."""
    p = state["players"][state["current"]]
    rule = VILLAINS[p["villain"]]
    if rule["check"] == "power_at_turn_start" and p["power"] >= rule["threshold"]:
        state["winner"] = p["name"]
        note(state, f"{p['name']} begins the turn with {p['power']} Power: {rule['name']} wins.")


# ---------------------------------------------------------------- objectives

def tracker(p: dict) -> dict:
    """The owner's marks for their objective (Prince John's is counted from his Power)."""
    spec = VILLAINS[p["villain"]]["tracker"]
    marks = []
    if spec.get("per_location"):
        marks += [{"key": f"loc{i}", "label": f"{spec['per_location']} at {loc}"} for i, loc in enumerate(p["locations"])]
    marks += [{"key": f"m{i}", "label": label} for i, label in enumerate(spec.get("marks", []))]
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
        return f"{VILLAINS[p['villain']]['name']}'s objective is checked by the app at the start of the turn."
    if state["claim"]:
        return f"{state['claim']}'s claim waits for an answer first."
    if tracker(p)["when"] == "start_of_turn" and (p is not state["players"][state["current"]] or state["moved"]):
        return f"{p['name']}'s objective counts only at the start of {p['name']}'s own turn, before moving."
    return None


def plays(state, seat) -> dict | None:
    """The Villain this seat plays (by seat id where the setup recorded it, else by name)."""
    return kernel.player_of(state["players"], seat)


def may_act_for(state, seat, player: dict):
    mine = plays(state, seat)
    kernel.may_act_for(seat, player["name"], mine["name"] if mine else None)


def current_only(state, seat, name: str | None = None) -> dict:
    p = state["players"][state["current"]]
    if name is not None and find(state, name) is not p:
        raise RuleError(f"It is {p['name']}'s turn, not {name}'s.")
    may_act_for(state, seat, p)
    return p


# ---------------------------------------------------------------- what may be chosen now
# The view offers exactly these; `apply` refuses with the same functions.

def why_not_move(p: dict, target: str) -> str | None:
    here = p["locations"][p["at"]]
    if target == here:
        return f"{p['name']} must move to a different location than {here}."
    if target in p["locked"]:
        return f"{target} is locked; no Villain can move there."
    return None


def why_not_fate(state, p: dict, target: dict) -> str | None:
    if not state["moved"]:
        return f"{p['name']} moves first; Fate is one of the actions of the new location."
    if not fates_left(state, p):
        where = p["locations"][p["at"]]
        return (f"No Fate action is left this turn at {where}." if p.get("fate_symbols")
                else "This turn has used its Fate action (the table's rule: one a turn).")
    if target is p:
        return "Fate is played against an opponent, not yourself."
    token = state["fate_token"]
    if uses_token(state) and token and kernel.same(token, target["name"]):
        return f"{target['name']} holds the Fate token and cannot be targeted."
    return None


def why_not_confirm(state, seat) -> str | None:
    if not state["claim"]:
        return "Nobody has claimed an objective."
    mine = plays(state, seat)
    if seat.trusted == DISPLAY or (seat.trusted != HOST and mine is not None and mine["name"] == state["claim"]):
        return "Another player or the host confirms a claim, not the claimant."
    return None


def controls(state, seat, p: dict) -> dict | None:
    """What this seat may do for Villain p now (None: nothing)."""
    if state["winner"] or seat.trusted == DISPLAY:
        return None
    mine = plays(state, seat)
    if seat.trusted != HOST and mine is not p:
        return None
    out = {"power": True, "claim": why_not_claim(state, p) is None, "marks": not tracker(p)["automatic"],
           "locks": [{"name": loc, "locked": loc in p["locked"]} for loc in p["locations"]]}
    if p is state["players"][state["current"]]:
        if not state["moved"]:
            out["moves"] = moves(p)
            out["stay"] = out["moves"] == [p["locations"][p["at"]]]
        else:
            out["fates"] = [o["name"] for o in state["players"] if why_not_fate(state, p, o) is None]
            out["fates_left"] = fates_left(state, p)
            out["end_turn"] = True
    return out


def moves(p: dict) -> list[str]:
    """Where the Villain may go: another unlocked location; if every other one is locked, it stays
    where it is (the rulebook has no answer for that; the app lets the turn go on)."""
    others = [loc for loc in p["locations"] if why_not_move(p, loc) is None]
    return others or [p["locations"][p["at"]]]


def fates_left(state, p: dict) -> int | None:
    """Fate actions this turn still has: the Fate symbols at the Villain's location where the table
    entered them, else the table's number per turn (1 unless changed); None: no limit."""
    symbols = p.get("fate_symbols")
    if symbols:
        allowed = symbols[p["at"]]
    else:
        per_turn = state["options"].get("fates_per_turn")
        allowed = DATA["fates_per_turn"] if per_turn is None else per_turn
    return max(0, allowed - state.get("fates", 0))


# ---------------------------------------------------------------- the moves

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


def do_move(state, a, seat):
    p = current_only(state, seat, a.get("player"))
    if state["moved"]:
        raise RuleError(f"{p['name']} has already moved this turn.")
    target = match_location(p, a["location"])
    if target not in moves(p):
        raise RuleError(why_not_move(p, target))
    stays = target == p["locations"][p["at"]]
    p["at"] = p["locations"].index(target)
    state["moved"] = True
    note(state, f"{p['name']} stays at {target}: every other location is locked." if stays
         else f"{p['name']} moves to {target}.", seat.name)


def do_fate(state, a, seat):
    p = current_only(state, seat, a["by"])
    target = find(state, a["target"])
    why = why_not_fate(state, p, target)
    if why:
        raise RuleError(why)
    token = uses_token(state)
    state["fates"] = state.get("fates", 0) + 1
    if token:
        state["fate_token"] = target["name"]
    note(state, f"{p['name']} Fates {target['name']}" + (" and hands over the Fate token." if token else "."),
         seat.name)


def do_lock(state, a, seat):
    p = find(state, a["player"])
    may_act_for(state, seat, p)
    loc = match_location(p, a["location"])
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
    nxt = state["players"][state["current"]]
    note(state, f"{p['name']} draws back to four. Now it is {nxt['name']}'s turn.", seat.name)
    start_of_turn(state)


def do_claim(state, a, seat):
    p = find(state, a["player"])
    may_act_for(state, seat, p)
    why = why_not_claim(state, p)
    if why:
        raise RuleError(why)
    state["claim"] = p["name"]
    note(state, f"{p['name']} claims the objective: {VILLAINS[p['villain']]['objective']}", seat.name)


def do_confirm(state, a, seat):
    why = why_not_confirm(state, seat)
    if why:
        raise (RuleError if not state["claim"] else Forbidden)(why)
    claimant = find(state, state["claim"])
    if a["accept"]:
        state["winner"] = claimant["name"]
        note(state, f"{seat.name} confirms: {claimant['name']} wins.", seat.name)
    else:
        note(state, f"{seat.name} does not accept {claimant['name']}'s claim.", seat.name)
    state["claim"] = None


def do_mark(state, a, seat):
    p = find(state, a["player"])
    may_act_for(state, seat, p)
    t = tracker(p)
    mark = next((m for m in t["marks"] if m["key"] == a["mark"]), None)
    if mark is None:
        raise RuleError(f"{VILLAINS[p['villain']]['name']}'s objective has no mark {a['mark']!r}.")
    p.setdefault("marks", {})[mark["key"]] = a["on"]
    note(state, f"{p['name']}: {mark['label']}: {'yes' if a['on'] else 'no longer'}.", seat.name)


def do_realm(state, a, seat):
    p = find(state, a["player"])
    names = [" ".join(n.split()) for n in a["locations"]]
    if len({kernel.norm(n) for n in names}) != 4:
        raise RuleError("Give the four locations four different names.")
    old = p["locations"]
    p["locked"] = [names[old.index(loc)] for loc in p["locked"]]
    p["locations"], p["confirmed"] = names, True
    note(state, f"{p['name']}'s realm: {', '.join(names)}.", seat.name)


def do_setup(state, a, seat):
    if state["players"]:
        raise RuleError("The players are already seated; start a new table for a new game.")
    seat_players(state, a["players"], a.get("first"))


def in_play(state) -> str | None:
    if not state["players"]:
        return "Seat the players first."
    if state["winner"]:
        return f"The game is over: {state['winner']} won."
    return None


ANYONE = (HOST, PLAYER, DISPLAY)
MOVES = {
    "setup": kernel.Move(do_setup, (HOST,), refusal="Only the host seats the players."),
    "power": kernel.Move(do_power, ANYONE, in_play),
    "move": kernel.Move(do_move, ANYONE, in_play),
    "fate": kernel.Move(do_fate, ANYONE, in_play),
    "lock": kernel.Move(do_lock, ANYONE, in_play),
    "end_turn": kernel.Move(do_end_turn, ANYONE, in_play),
    "claim": kernel.Move(do_claim, ANYONE, in_play),
    "confirm": kernel.Move(do_confirm, ANYONE, in_play),
    "mark": kernel.Move(do_mark, ANYONE, in_play),
    "realm": kernel.Move(do_realm, (HOST,), in_play, "Only the host renames a realm."),
}


def apply(state: dict, action: dict, seat) -> dict:
    return kernel.dispatch(MOVES, state, action, seat)


def describe(a: dict) -> str | None:
    """How an action reads on the Undo button."""
    return {
        "setup": "seating the Villains", "power": f"{a.get('delta', 0):+d} Power for {a.get('player')}",
        "move": f"the move to {a.get('location')}", "fate": f"Fate on {a.get('target')}",
        "lock": f"{'locking' if a.get('locked') else 'unlocking'} {a.get('location')}", "end_turn": "the end of the turn",
        "claim": f"{a.get('player')}'s claim", "confirm": "the answer to the claim",
    }.get(a["type"])


def reveals(before: dict, after: dict, action: dict) -> str | None:
    return "the winner" if after["winner"] and not before["winner"] else None


def uses_token(state) -> bool:
    return len(state["players"]) >= DATA["fate_token_from_players"]


def match_location(p: dict, name: str) -> str:
    for loc in p["locations"]:
        if kernel.same(loc, name):
            return loc
    raise RuleError(f"{name} is not a location of {VILLAINS[p['villain']]['name']}'s realm.")


def view(state: dict, seat) -> dict:
    mine = plays(state, seat)
    players = []
    for i, p in enumerate(state["players"]):
        t = tracker(p)
        players.append({
            "name": p["name"], "villain": p["villain"], "villain_name": VILLAINS[p["villain"]]["name"],
            "power": p["power"], "location": p["locations"][p["at"]],
            "locations": [{"name": loc, "locked": loc in p["locked"]} for loc in p["locations"]],
            "objective": VILLAINS[p["villain"]]["objective"], "tracker": t,
            "names_unsure": not VILLAINS[p["villain"]]["sure"] and not p.get("confirmed"),
            "auto_checked": t["automatic"], "current": i == state["current"],
            "fate_token": p["name"] == state["fate_token"], "mine": p is mine,
            "controls": controls(state, seat, p), "prompt": prompt(state, p)})
    current = state["players"][state["current"]]["name"] if state["players"] else None
    standing = [{"name": p["name"], "villain_name": p["villain_name"], "power": p["power"], "location": p["location"],
                 "current": p["current"], "fate_token": p["fate_token"], "mine": p["mine"],
                 "progress": f"{p['tracker']['done']}/{p['tracker']['of']}", "met": p["tracker"]["met"]}
                for p in players]
    villains = sorted(players, key=lambda p: not p["mine"])  # your own Villain first on your phone
    return {"players": players, "standing": standing, "villains": villains, "current": current,
            "turn": state["turn"], "moved": state["moved"], "seated": bool(state["players"]),
            "fate_token": state["fate_token"], "fate_token_in_play": bool(state["players"]) and uses_token(state),
            "cauldron": cauldron(state), "winner": state["winner"], "claim": state["claim"],
            "may_confirm": bool(state["claim"]) and why_not_confirm(state, seat) is None,
            "warnings": warnings(state), "log": state["log"][-40:],
            "villain_choices": {k: v["name"] for k, v in VILLAINS.items()}, "turn_steps": DATA["turn_steps"]}


def prompt(state, p: dict) -> str | None:
    """A nudge for the owner when their tracker says the objective is met and it may be claimed."""
    t = tracker(p)
    if state["winner"] or t["automatic"] or not t["met"] or why_not_claim(state, p):
        return None
    return "Your objective looks met: claim it, and another player confirms."


def warnings(state) -> list[str]:
    """What the whole table should see coming."""
    out = []
    for p in state["players"]:
        spec = VILLAINS[p["villain"]]["tracker"]
        if "power" in spec and p["power"] >= spec["power"] and not state["winner"]:
            out.append(f"{p['name']} ({VILLAINS[p['villain']]['name']}) holds {p['power']} Power: "
                       f"{p['name']} wins at the start of their next turn unless it drops below {spec['power']}.")
        elif spec["when"] == "start_of_turn" and tracker(p)["met"] and not state["winner"]:
            now = p is state["players"][state["current"]] and not state["moved"]
            out.append(f"{p['name']} begins the turn with the objective met: a claim is due." if now else
                       f"{p['name']}'s objective is set up: {p['name']} wins at the start of their next turn.")
    return out


REGIONS = (
    Region("setup", "games/villainous/setup.html", ("seated", "villain_choices", "seats", "seat.acts_as")),
    Region("turn", "games/villainous/turn.html", ("seated", "winner", "turn", "current", "cauldron", "fate_token",
                                                 "fate_token_in_play", "claim", "may_confirm", "warnings")),
    Region("standings", "games/villainous/standings.html", ("seated", "standing", "winner")),
    Region("villain", "games/villainous/villain.html", ("turn_steps", "fate_token_in_play", "seat.acts_as"),
           (HOST, PLAYER), each="villains"),
    Region("log", "games/villainous/log.html", ("log", "seat.acts_as")),
)

GAME = Game(
    id=ID, title=TITLE, options=Options, actions=tuple(ACTIONS),
    setup=setup, apply=apply, view=view, regions=REGIONS, styles=("css/villainous.css",),
    private=frozenset(PRIVATE),
    dice=DICE,
    describe=describe,
    reveals=reveals,
)
