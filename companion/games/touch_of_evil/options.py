"""A hunt's options: the villain, the mode and level, the Heroes, the optional rules and the
table's own facts (the track, the board, the Elders) where the rulebook gives none; and their limits,
which the set-up form reads through the view."""

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from ...core.i18n import N_, _
from .data import LEVELS, VILLAINS

MAX_HEROES = 12  # Hero names a hunt takes (the set-up form offers this many inputs)
MODES = {"competitive": N_("Competitive"), "cooperative": N_("Co-operative"), "solo_team": N_("Solo: a Hero Team"),
         "lone_hero": N_("Solo: a lone Hero")}
RULE_NOTES = {"more_secrets": N_("More Secrets (always on for a lone Hero)")}  # the switch's label with its note
RULES = {"more_secrets": N_("More Secrets"), "trading": N_("Trading in competitive play"),
         "advanced_coop_table": N_("Advanced Co-operative Mystery Phase table"), "growing_darkness": N_("Growing Darkness"),
         "holding_back_the_darkness": N_("Holding Back the Darkness (co-operative)"), "evil_endurance": N_("Evil Endurance"),
         "two_hero_team_plays_on": N_("A solo team of 2 Heroes plays on when both are Knocked Out")}
VOID_STEPS = {2: N_("2 steps (as the Minion Table says)"), 1: N_("1 step (as the terrain rules say)")}
NAMES = {  # what clean_names says of each list (in the request's language)
    "Heroes": (N_("each of the Heroes is at most 40 characters"), N_("each of the Heroes needs a different name"),
               N_("give {low} to {high} Heroes")),
    "locations": (N_("each of the locations is at most 40 characters"), N_("each of the locations needs a different name"),
                  N_("give {low} to {high} locations")),
    "Town Elders": (N_("each of the Town Elders is at most 40 characters"), N_("each of the Town Elders needs a different name"),
                    N_("give {low} to {high} Town Elders")),
}


class Track(BaseModel):
    model_config = ConfigDict(extra="forbid")
    length: int = Field(ge=3, le=40, description="Steps from the start to Darkness.")
    stages: list[int] = Field(min_length=1, max_length=40, description="Where each stage begins (0 first).")
    red_from: int = Field(description="The first red (most dangerous) step, inside the track.")

    @model_validator(mode="after")
    def fits(self):
        """Stages ascending from 0, each a step of the track, and the red zone on the track: any
        other track could not be shown (every view and action would fail)."""
        s = self.stages
        if s[0] != 0:
            raise ValueError(_("the first stage begins at step 0"))
        if any(b <= a for a, b in zip(s, s[1:], strict=False)):
            raise ValueError(_("the stages must begin at steps in ascending order"))
        if s[-1] >= self.length:
            raise ValueError(_("every stage must begin inside the track (steps 0 to {last})", last=self.length - 1))
        if not 0 <= self.red_from <= self.length:
            raise ValueError(_("red_from must be a step of the track (0 to {last})", last=self.length))
        return self


class Rules(BaseModel):
    """The optional rules, as switches."""

    model_config = ConfigDict(extra="forbid")
    more_secrets: bool = True
    trading: bool = True
    advanced_coop_table: bool = False
    growing_darkness: bool = False
    holding_back_the_darkness: bool = False
    evil_endurance: bool = False
    two_hero_team_plays_on: bool = False


def clean_names(names: list[str] | None, what: str, low: int, high: int) -> list[str] | None:
    """Names typed one a line: stripped, blanks dropped, each different, low..high of them."""
    if names is None:
        return None
    out = [n.strip() for n in names if n and n.strip()]
    long, same, count = NAMES[what]
    if any(len(n) > 40 for n in out):
        raise ValueError(_(long))
    if len({n.lower() for n in out}) != len(out):
        raise ValueError(_(same))
    if not low <= len(out) <= high:
        raise ValueError(_(count, low=low, high=high))
    return out


class TouchOfEvilOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", title="TouchOfEvilOptions")
    villain: str = Field(default="gargoyle", description="gargoyle, bog_fiend, banshee, unspeakable_horror, or any villain the data holds.")
    mode: Literal[tuple(MODES)] = "competitive"
    difficulty: Literal[LEVELS] = "normal"
    heroes: list[str] = Field(default_factory=list, max_length=MAX_HEROES, description="Hero names in turn order (any Hero, typed).")
    mirror_lake: bool = True
    rules: Rules = Field(default_factory=Rules)
    void_overflow_steps: Literal[1, 2] = Field(
        default=2, description="A Circle where a Void already is moves the Shadow Track this far: 2 as the Minion Table says, or 1 as the terrain rules say.")
    track: Track | None = Field(default=None, title="The Shadow Track")
    locations: list[str] | None = Field(default=None, description="The board's spaces (the defaults are partly a guess).")
    roads: list[str] | None = Field(default=None, description="Spaces that are roads, never a Random Location.")
    elders: list[str] | None = None
    base_coop_table: list[str] | None = Field(default=None, description="The base game's co-operative table: 6 entries (a D6).")

    @model_validator(mode="after")
    def lone_hero_uses_more_secrets(self):
        """A lone Hero must play with More Secrets: the switch cannot turn it off."""
        if self.mode == "lone_hero":
            self.rules.more_secrets = True
        return self

    @field_validator("villain")
    @classmethod
    def known_villain(cls, v):
        if v not in VILLAINS:
            raise ValueError(_("unknown villain; the data holds {ids}", ids=", ".join(VILLAINS)))
        return v

    @field_validator("heroes")
    @classmethod
    def hero_names(cls, v):
        return clean_names(v, "Heroes", 0, MAX_HEROES)

    @field_validator("locations")
    @classmethod
    def location_names(cls, v):
        return clean_names(v, "locations", 3, 40)

    @field_validator("elders")
    @classmethod
    def elder_names(cls, v):
        return clean_names(v, "Town Elders", 1, 12)

    @field_validator("base_coop_table")
    @classmethod
    def six_entries(cls, v):
        if v is not None and (len(v) != 6 or any(not x.strip() or len(x) > 300 for x in v)):
            raise ValueError(_("the base co-operative table takes 6 entries (a D6), each 1 to 300 characters"))
        return v


Options = TouchOfEvilOptions
