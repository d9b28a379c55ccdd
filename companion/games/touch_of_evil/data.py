"""The box's facts (rules_data/touch_of_evil.json), checked when the game loads: every Villain
Minion Table covers 1 to 6 once, the Advanced Co-operative table 2 to 12 once, every Minion, space,
Elder and difficulty level a villain or a list names exists, and every field the rules read is there.
"""

from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ..rules_data import Data, covers, load

MYSTERY_STEPS = ("minions_move", "start", "recover", "villain_heals", "coop_table", "mystery_card", "first_player")
LEVELS = ("normal", "hunter", "master", "insane", "apocalyptic")


class Part(BaseModel):
    model_config = ConfigDict(extra="allow", frozen=True)


class TrackFacts(Part):
    length: int = Field(ge=3, le=40)
    stages: list[int] = Field(min_length=1)
    red_from: int

    @model_validator(mode="after")
    def fits(self):
        if self.stages[0] != 0 or any(b <= a for a, b in zip(self.stages, self.stages[1:], strict=False)):
            raise ValueError("the stages must begin at 0 and ascend")
        if self.stages[-1] >= self.length or not 0 <= self.red_from <= self.length:
            raise ValueError("every stage and the red zone must lie on the track")
        return self


class Tracks(Part):
    competitive: TrackFacts
    cooperative: TrackFacts


class Locations(Part):
    shadowbrook: list[str] = Field(min_length=3)
    mirror_lake: list[str]
    roads: list[str]
    named_in_rulebook: list[str]


class Level(Part):
    name: str
    coop_track: bool
    advanced_table: bool
    showdown_table: bool
    third_knockout_loses: bool


class HeroFacts(Part):
    name: str
    start: str | None = None
    notes: list[str] = []
    on_shadow_step: int | None = None


class Step(Part):
    key: Literal[MYSTERY_STEPS]
    text: str
    coop_only: bool = False


class Effect(Part):
    do: Literal["location", "investigations", "shadow", "minion", "each_hero", "terrain", "honor_check", "watchman",
                "gather", "roll", "murder", "lies", "corruption", "share_wounds"]
    minion: str | None = None
    terrain: Literal["swamp", "circle"] | None = None
    steps: int | Literal["d3"] | None = None
    n: int | None = None

    @model_validator(mode="after")
    def complete(self):
        needs = {"minion": "minion", "terrain": "terrain", "shadow": "steps", "investigations": "n", "each_hero": "n",
                 "share_wounds": "n"}
        field = needs.get(self.do)
        if field and getattr(self, field) is None:
            raise ValueError(f"a '{self.do}' effect needs '{field}'")
        return self


class Entry(Part):
    from_: int = Field(alias="from")
    to: int
    name: str
    text: str
    kind: Literal["event", "minion"] = "event"
    effects: list[Effect]


class CoopEntry(Part):
    roll: int
    name: str
    text: str
    effects: list[Effect]
    sub: Literal["march", "surge", "storm", "ambush"] | None = None


class Murder(Part):
    name: str
    minion: str | None = None
    roll_at_least: int | None = None
    terrain: Literal["swamp", "circle"] | None = None


class Healing(Part):
    after: Literal["showdown_round", "unfinished_showdown"]
    dice: Literal["d3", "d6"]
    coop_dice: Literal["d3", "d6"] | None = None
    plus_wound: int = 0


class VillainFacts(Part):
    name: str
    abilities: list[str] = Field(min_length=1)
    table: list[Entry] = Field(min_length=1)
    murder: Murder
    foes: list[str]
    terrain: Literal["swamp", "circle"] | None = None
    healing: Healing | None = None
    setup_terrain: dict[str, Literal["swamp", "circle"]] = {}
    red_minion_dice: int = Field(default=0, ge=0)


class MinionFacts(Part):
    dice: int = Field(ge=0)
    health: int = Field(ge=1)
    reward: int = Field(ge=0)
    dice_per_wound: int = Field(default=0, ge=0)
    swamp_dice: int = Field(default=0, ge=0)
    hits_on: int = Field(default=5, ge=2, le=6)
    hurt_on: int = Field(default=5, ge=2, le=6)
    skill: Literal["combat", "cunning", "spirit", "honor"] = "combat"
    investigations_per_damage: int = Field(default=0, ge=0)
    ones_hurt: bool = False


class BaseTable(Part):
    entries: list[str] = Field(min_length=6, max_length=6)


class TouchOfEvilData(Data):
    track: Tracks
    locations: Locations
    difficulty: dict[Literal[LEVELS], Level]
    heroes: dict[str, HeroFacts]
    mystery_phase: list[Step]
    villains: dict[str, VillainFacts] = Field(min_length=1)
    advanced_coop_table: list[CoopEntry]
    elders: list[str] = Field(min_length=1)
    elders_named_in_rulebook: list[str]
    base_coop_table: BaseTable
    minions: dict[str, MinionFacts]

    @model_validator(mode="after")
    def consistent(self):
        for vid, v in self.villains.items():
            covers([(e.from_, e.to) for e in v.table], 1, 6, f"the {vid} Villain Minion Table")
        covers([(e.roll, e.roll) for e in self.advanced_coop_table], 2, 12, "the Advanced Co-operative table")
        if missing := [lv for lv in LEVELS if lv not in self.difficulty]:
            raise ValueError(f"the difficulty levels lack {', '.join(missing)}")
        if missing := [k for k in MYSTERY_STEPS if k not in [s.key for s in self.mystery_phase]]:
            raise ValueError(f"the Mystery Phase lacks the step {', '.join(missing)}")
        self.references()
        return self

    def references(self):
        """Every name a villain, a hero or a list refers to is one the file defines."""
        spaces = set(self.locations.shadowbrook) | set(self.locations.mirror_lake)
        for what, names in (("roads", self.locations.roads), ("named_in_rulebook", self.locations.named_in_rulebook)):
            if bad := [n for n in names if n not in spaces]:
                raise ValueError(f"locations → {what} names {', '.join(bad)}, which is not a space of the board")
        if bad := [n for n in self.elders_named_in_rulebook if n not in self.elders]:
            raise ValueError(f"elders_named_in_rulebook names {', '.join(bad)}, which is not a Town Elder")
        for hid, h in self.heroes.items():
            if h.start and h.start not in spaces:
                raise ValueError(f"the hero {hid} starts at {h.start}, which is not a space of the board")
        coop = [(f"the Advanced Co-operative table's {e.roll}", e.effects) for e in self.advanced_coop_table]
        for vid, v in self.villains.items():
            named = [(f"{vid} → foes", m) for m in v.foes]
            named += [(f"{vid} → table → {e.name}", f.minion) for e in v.table for f in e.effects if f.minion]
            named += [(f"{vid} → murder", v.murder.minion)] if v.murder.minion else []
            for where, minion in named:
                if minion not in self.minions:
                    raise ValueError(f"{where} names the Minion {minion}, which the file does not describe")
            if bad := [loc for loc in v.setup_terrain if loc not in spaces]:
                raise ValueError(f"{vid} → setup_terrain names {', '.join(bad)}, which is not a space of the board")
        for where, effects in coop:
            if bad := [f.minion for f in effects if f.minion and f.minion not in self.minions]:
                raise ValueError(f"{where} names the Minion {', '.join(bad)}, which the file does not describe")


DATA = load("touch_of_evil", TouchOfEvilData)
VILLAINS = DATA["villains"]
MINIONS = DATA["minions"]


def hero_data(name: str) -> dict | None:
    """A Hero the box describes, by id or by its first name ("Eliza" finds "Eliza, the Witch Hunter"),
    in any language the app speaks ("Frère Marcus" is Brother Marcus)."""

    def key(n: str) -> str:
        return n.lower().split(",")[0].strip().replace(" ", "_")

    wanted = key(name)
    for hid, h in DATA["heroes"].items():
        if wanted in (hid, key(h["name"])) or wanted in {key(n) for n in _hero_names(h["name"])}:
            return h
    return None


@cache
def _hero_names(name: str) -> tuple[str, ...]:
    from .text import said_in_any_language
    return tuple(said_in_any_language([name]))
