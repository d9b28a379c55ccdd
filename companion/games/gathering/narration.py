"""The narration: the script's lines (the table may rewrite them), what the narrator's phone
reads aloud, the night's beats and the narrator's tap, and the readings of what the rulebook
leaves open (table options, each shown in the app with its default)."""

from typing import Annotated, Literal

from pydantic import Field, field_validator

from ...core.actions import Action
from ...core.errors import RuleError
from ...core.i18n import N_, _
from .data import BEATS, BLANKS, DATA, DUSK, SLEEPS_FIRST
from .words import line as script_line
from .words import own

READINGS = {  # each sentence is translated where a view shows it
    "claws_in_thumbs_vote": (False, N_("Claw marks count only when players point; the Queen of Hearts' thumbs vote ignores them.")),
    "henchman_rule_in_thumbs_vote": (True, N_("A Henchman who gives a thumb down to their own Villain falls with them there too.")),
    "khan_claws_in_thumbs_vote": (True, N_("Shere Khan's thumb down in the Queen of Hearts' vote is a vote against the accused: it leaves a Claw mark (the rulebook: every time he votes against a player).")),
    "hades_save_spent_on_locked": (True, N_("If Hades saves the player Mother Gothel already hid, his save is still used up.")),
    "beginners": (False, N_("A first game: Mother Gothel and Shere Khan are best left out.")),
}
BUTTONS = {"dusk": N_("Night falls"), "spy_tell": N_("Diablo has answered")}
SILENT = {"n": 0, "parts": []}


class Beat(Action):
    """The narrator's tap: the night's next beat (closing what was shown full screen, "Night
    falls", "Diablo has answered"), or in the day the signal to vote."""

    type: Literal["beat"]


class Script(Action):
    """The narrator rewrites a line of the script for this table."""

    type: Literal["script"]
    key: str = Field(max_length=40, title="The line's key")
    lines: list[Annotated[str, Field(max_length=300, title="A line")]] = Field(max_length=8, title="The lines")

    @field_validator("lines", mode="before")
    @classmethod
    def one_per_line(cls, value):
        return value.splitlines() if isinstance(value, str) else value


# ---------------------------------------------------------------- the voice

def lines(state, key: str, **fmt) -> list[dict]:
    """A key's lines as recipes (words.py): the table's own rewrite as written, else the script's
    lines, each read in the language of whoever hears or reads it."""
    mine = state["script"].get(key)
    if mine:
        return [own(text, **fmt) for text in mine]
    return [script_line(text, **fmt) for text in DATA["script"][key]]


def open_group(state) -> dict:
    """Before an action: a new group for the voice (`say.n` counts the groups); returns the one
    before, which stays if the action says nothing (see `moves.apply`)."""
    before = state.get("say") or SILENT
    state["say"] = {"n": before["n"] + 1, "parts": []}
    return before


def say(state, words: list[dict], pause: bool = False):
    """What the narrator's phone reads aloud next, in the action's group; a part with `pause`
    waits for the table's silence first."""
    if words:
        state["say"]["parts"].append({"lines": list(words), "pause": pause})


def announce(state, words: list[dict], fresh: bool = False, pause: bool = False):
    """A line for the whole table: read aloud and shown on every screen (a fresh page of it)."""
    state["announce"] = list(words) if fresh else state["announce"] + list(words)
    say(state, words, pause)


# ---------------------------------------------------------------- the night's beats

def beat_at(state) -> tuple | None:
    """The beat the narration stands at tonight: (step index, beat index, (key, wait, reveal))."""
    n = state["night"]
    if state["phase"] != "night" or not n:
        return None
    i, j = n.get("at", [n["index"], 0])
    if i < 0:
        return i, j, DUSK
    return i, j, BEATS[n["steps"][i]["key"]][j]


def enter_beat(state, i: int, j: int, pause: bool = False):
    """Read a beat's lines; one that wakes a character after another one's sleep (Diablo after
    Maleficent) reads that sleep line first, and the silence before the wake."""
    n = state["night"]
    n["at"] = [i, j]
    key = BEATS[n["steps"][i]["key"]][j][0]
    if key in SLEEPS_FIRST:
        say(state, lines(state, SLEEPS_FIRST[key]))
        pause = True
    say(state, lines(state, key), pause)


def sleep_then_next(state, i: int):
    """Step i is over: its sleep line; then, after the silence, the next step's wake (or dawn)."""
    n = state["night"]
    say(state, lines(state, n["steps"][i]["key"] + "_sleep"))
    if i + 1 < len(n["steps"]):
        enter_beat(state, i + 1, 0, pause=True)


def narrate_choice(state):
    """The current step's choice is made: the narration goes on after it."""
    n = state["night"]
    i = n["index"]
    beats = BEATS[n["steps"][i]["key"]]
    j = next(k for k, b in enumerate(beats) if b[1] == "choice")
    if j + 1 < len(beats) and i + 1 < len(n["steps"]):
        enter_beat(state, i, j + 1)  # Diablo's beats: the night moves on, the voice waits for them
    else:
        sleep_then_next(state, i)


def call_vote(state):
    """The narrator's signal: everyone points at once; ballots open now and not before."""
    state["day"]["called"] = True
    announce(state, lines(state, "vote"))


def do_beat(state, _action, _seat):
    """The narrator's tap: the night's next beat, or in the day the signal to vote."""
    if state["phase"] == "night":
        i, j, (_key, wait, _shows) = beat_at(state)
        if i < 0:
            say(state, lines(state, "nightfall"))
            enter_beat(state, 0, 0, pause=True)
            return
        if wait != "beat":
            raise RuleError(_("This beat waits for the narrator's choice, not a tap."))
        if j + 1 < len(BEATS[state["night"]["steps"][i]["key"]]):
            enter_beat(state, i, j + 1)
        else:
            sleep_then_next(state, i)
        return
    if state["phase"] == "day" and state["step"] == "vote":
        if state["day"].get("called"):
            raise RuleError(_("The signal to vote has already been given."))
        call_vote(state)
        return
    raise RuleError(_("Nothing waits for the narrator's tap now."))


def do_script(state, a, _seat):
    """The narrator's own lines for one key of the script, for this table."""
    if a["key"] not in DATA["script"]:
        raise RuleError(_("There is no such line in the script."))
    for line in a["lines"]:  # a {name} the game does not fill in would break the narration later
        try:
            line.format(**{k: "" for k in BLANKS})
        except (KeyError, IndexError, ValueError):
            raise RuleError(_("A line may use only these blanks in braces: {name}, {names}, {team}, {tally}, {villain}, "
                              "{crown}; write other braces twice: {{ }}.")) from None
    state["script"][a["key"]] = [line for line in a["lines"] if line.strip()] or None
