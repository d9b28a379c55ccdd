"""The game's facts: rules_data/gathering.json, checked against its model when the game loads,
and the rulebook's fixed order of the night and its beats, which name ids and script lines of
that file (so the model checks every one of them exists).
"""

import string
from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, model_validator

from ...core.i18n import N_, _
from ..rules_data import Data, covers, load

MAYHEM, MISCHIEF = "mayhem", "mischief"
PLAYERS_MIN, PLAYERS_MAX = 6, 12  # the narrator not counted
CharacterId = Literal["maleficent", "diablo", "prince_john", "sir_hiss", "queen_of_hearts", "king_of_hearts",
                      "mother_gothel", "stabbington_brothers", "captain_hook", "mr_smee", "hades",
                      "pain_and_panic", "the_queen", "magic_mirror", "stepmother", "drizella", "anastasia",
                      "shere_khan"]

# ---------------------------------------------------------------- the night's order (ids of the file)
NIGHT_ORDER = ("spy", "lock_away", "mischief_target", "hades", "mirror")
STEP_OWNER = {"spy": "maleficent", "lock_away": "mother_gothel", "hades": "hades", "mirror": "the_queen"}
SPY_PARTNER = "diablo"  # Maleficent's step needs Diablo standing too
STEP_NAMES = {"spy": N_("Maleficent & Diablo"), "lock_away": N_("Mother Gothel"), "mischief_target": N_("Team Mischief"),
              "hades": N_("Hades"), "mirror": N_("The Queen"), "mischief_wake": N_("Team Mischief opens its eyes")}
# The night-order sheet: each character with a power, in the order they are called.
SHEET_ORDER = ("maleficent", "diablo", "mother_gothel", "hades", "the_queen", "captain_hook", "queen_of_hearts",
               "prince_john", "shere_khan")
SPENT_BY = {"hades": "hades", "the_queen": "mirror", "queen_of_hearts": "off_with_their_head"}  # once-a-game powers

# ---------------------------------------------------------------- the narration's beats (script keys of the file)
# The narration of a night, beat by beat. Each step is a few beats: a beat's lines are read when
# it opens, then the narrator's phone waits for a tap (a choice, or closing what it shows full
# screen to one character); a step's sleep line, then the table's silence, come before the next
# step's wake line. The night opens with a dusk beat (the day's result has been read; the
# narrator taps "Night falls"). Decoys have exactly the same beats. The beats pace the voice
# only: a step's choice is accepted at any of its beats, so the API may skip them.
BEATS = {  # step: ((script key, waits for "choice" or "beat", shown full screen), ...)
    "mischief_wake": (("mischief_wake", "choice", None),),
    "spy": (("spy_wake", "choice", None), ("spy_diablo", "beat", "spy"), ("spy_tell", "beat", None)),
    "lock_away": (("lock_away_wake", "choice", None),),
    "mischief_target": (("mischief_target_wake", "choice", None),),
    "hades": (("hades_wake", "beat", "victim"), ("hades_ask", "choice", None)),
    "mirror": (("mirror_wake", "beat", "victim"), ("mirror_ask", "choice", None)),
}
DUSK = ("dusk", "beat", None)
SLEEPS_FIRST = {"spy_diablo": "spy_maleficent_sleep"}  # a beat that begins with another character's sleep
DAY_BEATS = ("vote_open", "vote_called", "thumbs")  # the day's stage directions
# Every other line the game reads: the night's edges, the day, the votes, the end.
SCRIPT_LINES = ("nightfall", "dawn", "dawn_fallen", "dawn_none", "dawn_revealed", "dawn_unmasked", "henchman_falls", "crown_successor", "prisoner",
                "debate", "off_with_their_head", "pardoned", "vote", "crown_decides", "fallen_by_vote",
                "nobody_by_vote", "win_mayhem", "win_mischief", "vote_count", "tie_crown")
BLANKS = ("name", "names", "team", "tally", "crown", "villain")  # what a line may leave for the game to fill in


def script_keys() -> set[str]:
    """Every line of the script the game reads."""
    beats = {key for step in BEATS.values() for key, _wait, _shows in step}
    sleeps = {f"{step}_sleep" for step in BEATS}
    return beats | sleeps | set(SLEEPS_FIRST.values()) | set(SCRIPT_LINES)


def blanks_of(line: str) -> set[str]:
    """The {blanks} a line asks to be filled in (ValueError when its braces do not parse)."""
    return {name.split(".")[0].split("[")[0] for _text, name, _spec, _conv in string.Formatter().parse(line) if name is not None}


# ---------------------------------------------------------------- the file's model

class Character(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    henchmen: list[str] = []
    villain: str | None = None


class GatheringData(Data):
    characters: dict[str, Character]
    mischief_by_players: dict[int, int]
    suggested: dict[int, list[str]]
    script: dict[str, list[str]]
    directions: dict[str, str]
    powers: dict[str, str]

    @model_validator(mode="after")
    def characters_fit(self):
        ids = set(self.characters)
        if ids != set(get_args(CharacterId)):
            raise ValueError(f"the characters must be exactly the API's: missing {sorted(set(get_args(CharacterId)) - ids)}, "
                             f"unknown {sorted(ids - set(get_args(CharacterId)))}")
        for cid, c in self.characters.items():
            for h in c.henchmen:
                if h not in ids:
                    raise ValueError(f"{cid}'s henchman {h!r} is not a character")
                if self.characters[h].villain != cid:
                    raise ValueError(f"{cid} lists {h} as a henchman, but {h}'s villain is {self.characters[h].villain}")
            if c.villain is not None:
                if c.villain not in ids:
                    raise ValueError(f"{cid}'s villain {c.villain!r} is not a character")
                if cid not in self.characters[c.villain].henchmen:
                    raise ValueError(f"{cid} names {c.villain} as its villain, who does not list it as a henchman")
        named = {*STEP_OWNER.values(), SPY_PARTNER, *SHEET_ORDER, *SPENT_BY}
        for cid in sorted(named - ids):
            raise ValueError(f"the night order names {cid!r}, which is not a character")
        if set(self.powers) != ids:
            raise ValueError(f"every character has exactly one power: missing {sorted(ids - set(self.powers))}, "
                             f"unknown {sorted(set(self.powers) - ids)}")
        return self

    @model_validator(mode="after")
    def player_counts_fit(self):
        covers([(n, n) for n in self.mischief_by_players], PLAYERS_MIN, PLAYERS_MAX, "mischief_by_players")
        for n, size in self.mischief_by_players.items():
            if not 1 <= size < n:
                raise ValueError(f"mischief_by_players: {size} members of Team Mischief cannot play with {n} players")
        for n, chars in self.suggested.items():
            if not PLAYERS_MIN <= n <= PLAYERS_MAX:
                raise ValueError(f"suggested: {n} is outside {PLAYERS_MIN}-{PLAYERS_MAX} players")
            if len(chars) != n or len(set(chars)) != n:
                raise ValueError(f"suggested: the set for {n} players needs {n} different characters")
            for cid in chars:
                if cid not in self.characters:
                    raise ValueError(f"suggested: {cid!r} (in the set for {n} players) is not a character")
        return self

    @model_validator(mode="after")
    def script_fits(self):
        for key in sorted(script_keys() - set(self.script)):
            raise ValueError(f"the script has no line {key!r}, which the narration reads")
        for key, lines in self.script.items():
            if not lines:
                raise ValueError(f"the script's {key!r} has no line")
            for line in lines:
                try:
                    unknown = blanks_of(line) - set(BLANKS)
                except ValueError:
                    raise ValueError(f"the script's {key!r} has unmatched braces: {line!r}") from None
                if unknown:
                    raise ValueError(f"the script's {key!r} leaves {{{sorted(unknown)[0]}}} blank, which the game "
                                     f"never fills in")
        beats = {key for step in BEATS.values() for key, _wait, _shows in step} | {DUSK[0], *DAY_BEATS}
        for key in sorted(set(self.directions) - beats):
            raise ValueError(f"the direction {key!r} belongs to no beat of the narration")
        return self


DATA = load("gathering", GatheringData)
CHARS = DATA["characters"]


def mischief_count(players: int) -> int:
    return DATA["mischief_by_players"][str(players)]


def team_name(alignment: str) -> str:
    """A team's name in the reader's language (as in "Team {team}")."""
    if alignment == MISCHIEF:
        # TRANSLATORS: unsure of the French edition's name (Team Mischief: the hidden villains' team)
        return _("Mischief")
    # TRANSLATORS: unsure of the French edition's name (Team Mayhem: the team that hunts them)
    return _("Mayhem")
