"""Setup: the table's options (who plays which Villain, in turn order; realms renamed per table),
the starting Power by turn order, the Villains on their left-most locations with the locks placed."""

from typing import Annotated, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field

from ...core.actions import Action, Name
from ...core.errors import RuleError
from ...core.i18n import _, pgettext
from .. import kernel
from .data import DATA, VILLAIN_IDS, VILLAINS, LocationName, villain_name
from .objectives import start_of_turn
from .players import note
from .symbols import entered

VillainId = Literal[VILLAIN_IDS]
PLAYERS_MIN = 2
PLAYERS_MAX = len(VILLAIN_IDS)  # each player a different Villain


class PlayerSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Name
    villain: VillainId
    seat: int | None = Field(default=None, ge=0, description="The seat that plays this Villain (else by name).")


class Realm(BaseModel):
    model_config = ConfigDict(extra="forbid")
    locations: Annotated[list[LocationName], Field(min_length=4, max_length=4)]
    locked: str | None = None
    fate_symbols: Annotated[list[Annotated[int, Field(ge=0, le=3)]], Field(min_length=4, max_length=4)] | None = Field(
        default=None, description="Fate symbols at each location, left to right, if the table enters them.")


class VillainousOptions(BaseModel):
    """Players in turn order, the first one starting. Realms may be renamed per table."""

    model_config = ConfigDict(extra="forbid", title="VillainousOptions")
    players: list[PlayerSpec] | None = Field(
        default=None, description=f"In turn order; {PLAYERS_MIN} to {PLAYERS_MAX}, each a different Villain.")
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


def realm(options: dict, villain: str) -> dict:
    custom = (options.get("realms") or {}).get(villain)
    base = VILLAINS[villain]
    return {"locations": list(custom["locations"] if custom else base["locations"]),
            "locked": custom["locked"] if custom else base["locked"],
            "fate_symbols": custom.get("fate_symbols") if custom else None, "custom": bool(custom)}


def seat_players(state: dict, players: list[dict], first: str | None) -> dict:
    names = [p["name"] for p in players]
    if not PLAYERS_MIN <= len(names) <= PLAYERS_MAX:
        raise RuleError(_("Villainous takes {low} to {high} players.", low=PLAYERS_MIN, high=PLAYERS_MAX))
    if len({kernel.norm(n) for n in names}) != len(names):
        raise RuleError(_("Each player needs a different name."))
    kernel.roster(names, PLAYERS_MIN, PLAYERS_MAX, "Villainous")  # the same checks, the kernel's way
    villains = [p["villain"] for p in players]
    if len(set(villains)) != len(villains):
        raise RuleError(_("Each player plays a different Villain."))
    if first is not None:
        lead = kernel.lookup(players, first)
        if lead is None:
            raise RuleError(_("{name} is not one of the players.", name=first))
        idx = players.index(lead)
        players = players[idx:] + players[:idx]  # the turn order starts with the first player
    seated = []
    for i, p in enumerate(players):
        r = realm(state["options"], p["villain"])
        if r["locked"] is not None and r["locked"] not in r["locations"]:
            raise RuleError(_("{villain}'s locked location is not one of its four.", villain=villain_name(p["villain"])))
        seated.append({"name": p["name"], "seat": p.get("seat"), "villain": p["villain"],
                       "power": DATA["starting_power"][i], "locations": r["locations"], "at": 0,
                       "locked": [r["locked"]] if r["locked"] else [], "marks": {},
                       "symbols": entered(r), "confirmed": r["custom"], "objective_checked": False})
    locks = sum(len(p["locked"]) for p in seated)
    if locks > DATA["lock_tokens"]:
        raise RuleError(_("The box holds {n} Lock tokens; these realms would start with {locked} locations locked.",
                          n=DATA["lock_tokens"], locked=locks))
    state.update(players=seated, current=0, turn=1, moved=False, fate_token=None, winner=None,
                 claim=None, log=[], fates=0, used={}, fated=[])
    note(state, "first", name=seated[0]["name"])
    start_of_turn(state)
    return state


def setup(options: dict) -> dict:
    state = {"options": options, "players": [], "current": None, "turn": 0, "fate_token": None,
             "winner": None, "claim": None, "log": [], "moved": False, "fates": 0}
    if options.get("players"):
        seat_players(state, options["players"], options.get("first"))
    return state


def do_setup(state, a, seat):
    if state["players"]:
        raise RuleError(_("The players are already seated; start a new table for a new game."))
    seat_players(state, a["players"], a.get("first"))


def setup_rows() -> list[dict]:
    """The setup form's rows: one per seat the game allows, each with a different Villain offered
    first (the form's default)."""
    return [{"index": i, "label": pgettext("villainous", "Player {n}", n=i + 1), "villain": villain_choices()[i]["id"]}
            for i in range(PLAYERS_MAX)]


def villain_choices() -> list[dict]:
    """The Villains the options accept, in the box's order, with their names."""
    return [{"id": vid, "name": villain_name(vid)} for vid in get_args(VillainId)]
