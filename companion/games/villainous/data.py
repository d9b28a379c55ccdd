"""The box's facts (rules_data/villainous.json), checked when the game loads: every Villain the
options name is there with its four locations, its lock among them, its objective and a tracker
the app can keep; the numbers the turn order and the Cauldron need are present."""

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ...core.i18n import _
from ..rules_data import Data, load

# The Villains a table may choose (the API's ids): the data must describe exactly these.
VILLAIN_IDS = ("captain_hook", "jafar", "maleficent", "prince_john", "queen_of_hearts", "ursula")

Text = Annotated[str, Field(min_length=1)]
LOCATION_MAX = 40  # characters in a location's name (the options' realms, the host's renaming)
LocationName = Annotated[str, Field(min_length=1, max_length=LOCATION_MAX)]


class Tracker(BaseModel):
    """The marks an owner keeps for the objective: one per location, a few named ones, or the Power."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    when: Literal["start_of_turn", "any_time"]
    marks: list[Text] = []
    per_location: Text | None = None  # one mark per location: "a Curse at {location}"
    power: Annotated[int, Field(gt=0)] | None = None

    @model_validator(mode="after")
    def counts_something(self):
        if self.power is not None and (self.marks or self.per_location):
            raise ValueError("a tracker counted from the Power has no marks")
        if self.power is None and not self.marks and not self.per_location:
            raise ValueError("a tracker needs marks, a mark per location, or a Power to reach")
        if self.per_location and "{location}" not in self.per_location:
            raise ValueError("a mark per location names its location: {location}")
        return self


class Villain(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: Text
    locations: Annotated[list[LocationName], Field(min_length=4, max_length=4)]
    locked: LocationName | None
    objective: Text
    check: Literal["claim", "power_at_turn_start"]
    threshold: Annotated[int, Field(gt=0)] | None = None
    sure: bool  # the location names agree across public sources
    objective_sure: bool  # the objective is in the rulebook (none is: it sends players to their board)
    tracker: Tracker

    @model_validator(mode="after")
    def consistent(self):
        if len(set(self.locations)) != 4:
            raise ValueError(f"{self.name}'s four locations need four different names")
        if self.locked is not None and self.locked not in self.locations:
            raise ValueError(f"{self.name}'s locked location {self.locked!r} is not one of its four")
        if self.check == "power_at_turn_start":
            if self.threshold is None:
                raise ValueError(f"{self.name}'s objective is checked from the Power but names no threshold")
            if self.tracker.power != self.threshold:
                raise ValueError(f"{self.name}'s tracker counts to {self.tracker.power} Power, not its threshold "
                                 f"{self.threshold}")
        elif self.tracker.power is not None:
            raise ValueError(f"{self.name}'s objective is claimed, so its tracker cannot count Power")
        return self


class VillainousData(Data):
    starting_power: list[Annotated[int, Field(ge=0)]]
    cauldron: Annotated[int, Field(gt=0)]
    hand_size: Annotated[int, Field(gt=0)]
    fate_token_from_players: Annotated[int, Field(ge=2)]
    fates_per_turn: Annotated[int, Field(ge=0)]
    lock_tokens: Annotated[int, Field(gt=0)]
    villains: dict[str, Villain]
    turn_steps: Annotated[list[Text], Field(min_length=2)]

    @model_validator(mode="after")
    def every_villain_once(self):
        missing = [v for v in VILLAIN_IDS if v not in self.villains]
        if missing:
            raise ValueError(f"no entry for the Villain {', '.join(missing)}")
        unknown = [v for v in self.villains if v not in VILLAIN_IDS]
        if unknown:
            raise ValueError(f"the Villain {', '.join(unknown)} is not one the options offer")
        if len(self.starting_power) != len(VILLAIN_IDS):
            raise ValueError(f"starting_power needs one entry per turn position, {len(VILLAIN_IDS)} in all")
        if sum(self.starting_power) > self.cauldron:
            raise ValueError("the Cauldron holds less Power than the players start with")
        if self.fate_token_from_players > len(VILLAIN_IDS):
            raise ValueError(f"fate_token_from_players is more than the {len(VILLAIN_IDS)} players a table can have")
        return self


DATA = load("villainous", VillainousData)
VILLAINS = DATA["villains"]


# The box's words in the reader's language (rules_data's strings are in the game's catalog, under the
# keys of translations/json-keys.txt); a name the host typed has no translation and reads as typed.

def villain_name(vid: str) -> str:
    return _(VILLAINS[vid]["name"])


def objective_of(vid: str) -> str:
    return _(VILLAINS[vid]["objective"])


def place(location: str) -> str:
    """A location's name as the reader's edition prints it (the state keeps the English one, the
    actions' value)."""
    return _(location) if location else location  # (gettext's "" is the catalog's header)
