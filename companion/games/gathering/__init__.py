"""Gathering of the Wicked: the narrator's phone walks the night and the day.

State is plain data. The night is a list of steps built at nightfall from who is in play and
able to act; a step whose secret power is spent stays in the list as a decoy (same lines,
same pause), so the night's length tells the table nothing. Readings of what the rulebook
leaves open are table options with a default, shown in the app (see READINGS).
"""

import copy
import time
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from ...core.actions import Action, Name
from ...core.errors import Forbidden, RuleError
from ...core.regions import Region
from ...core.table import HOST, PLAYER
from .. import kernel
from ..contract import Game
from ..rules_data import load

ID = "gathering"
TITLE = "Gathering of the Wicked"
DATA = load("gathering")
CHARS = DATA["characters"]
MAYHEM, MISCHIEF = "mayhem", "mischief"
PRIVATE = ()
DICE = False  # no dice in the box: the tray shows only once someone rolls (the host can, under "Dice")
STEP_NAMES = {"spy": "Maleficent & Diablo", "lock_away": "Mother Gothel", "mischief_target": "Team Mischief",
              "hades": "Hades", "mirror": "The Queen", "mischief_wake": "Team Mischief opens its eyes"}
NIGHT_ORDER = ("spy", "lock_away", "mischief_target", "hades", "mirror")
STEP_OWNER = {"spy": "maleficent", "lock_away": "mother_gothel", "hades": "hades", "mirror": "the_queen"}
CharacterId = Literal["maleficent", "diablo", "prince_john", "sir_hiss", "queen_of_hearts", "king_of_hearts",
                      "mother_gothel", "stabbington_brothers", "captain_hook", "mr_smee", "hades",
                      "pain_and_panic", "the_queen", "magic_mirror", "stepmother", "drizella", "anastasia",
                      "shere_khan"]

READINGS = {
    "claws_in_thumbs_vote": (False, "Claw marks count only when players point; the Queen of Hearts' thumbs vote ignores them."),
    "henchman_rule_in_thumbs_vote": (True, "A Henchman who gives a thumb down to their own Villain falls with them there too."),
    "hades_save_spent_on_locked": (True, "If Hades saves the player Mother Gothel already hid, his save is still used up."),
    "beginners": (False, "A first game: Mother Gothel and Shere Khan are best left out."),
}


class GatheringOptions(BaseModel):
    """How to read what the rulebook leaves open (each shown in the app with its default)."""

    model_config = ConfigDict(extra="forbid", title="GatheringOptions")
    claws_in_thumbs_vote: bool = READINGS["claws_in_thumbs_vote"][0]
    henchman_rule_in_thumbs_vote: bool = READINGS["henchman_rule_in_thumbs_vote"][0]
    hades_save_spent_on_locked: bool = READINGS["hades_save_spent_on_locked"][0]
    beginners: bool = READINGS["beginners"][0]


Options = GatheringOptions


class Setup(Action):
    """The players in seating order (6 to 12, the narrator not counted) and the characters."""

    type: Literal["setup"]
    players: list[Name] = Field(min_length=6, max_length=12)
    characters: list[CharacterId] = Field(min_length=6, max_length=12)


class Deal(Action):
    """Record the deal; whatever is left out the server deals at random.
    `alignments: "physical"` means the cards were dealt by hand: Team Mischief is recorded when
    it opens its eyes on the first night."""

    type: Literal["deal"]
    characters: dict[Name, CharacterId] | None = None
    mischief: list[Name] | None = None
    alignments: Literal["digital", "physical"] = "digital"


class Target(Action):
    target: Name


class Spy(Target):
    """Maleficent chooses whose alignment Diablo sees."""

    type: Literal["spy"]


class LockAway(Target):
    """Mother Gothel hides a player for the night."""

    type: Literal["lock_away"]


class MischiefTarget(Target):
    """Team Mischief chooses its victim."""

    type: Literal["mischief_target"]


class MischiefMembers(Action):
    """Physical deal: who opened their eyes as Team Mischief on the first night."""

    type: Literal["mischief_members"]
    members: list[Name]


class HadesStep(Action):
    """Hades saves the victim (once per game) or not."""

    type: Literal["hades"]
    save: bool


class Mirror(Action):
    """The Queen reveals another player's alignment (once per game), or keeps her power (null)."""

    type: Literal["mirror"]
    target: Name | None = None


class CrownSuccessor(Action):
    """The fallen Crown holder hands the Crown on."""

    type: Literal["crown_successor"]
    player: Name


class Prisoner(Target):
    """Captain Hook hands the Rope to a prisoner."""

    type: Literal["prisoner"]


class OffWithTheirHead(Action):
    """The Queen of Hearts' once-per-game accusation and its thumbs vote."""

    type: Literal["off_with_their_head"]
    accused: Name
    votes: dict[Name, Literal["save", "defeat"]]


class Accuse(Action):
    """The Queen of Hearts accuses a player; the thumbs are then cast one by one (`thumb`)."""

    type: Literal["accuse"]
    accused: Name


class Thumb(Action):
    """A thumb in the Queen of Hearts' vote: a player's own from their phone, or one the narrator
    enters for a player (`voter`)."""

    type: Literal["thumb"]
    vote: Literal["save", "defeat"]
    voter: Name | None = Field(default=None, description="Host only: the player whose thumb this is.")


class Beat(Action):
    """The narrator's tap: the night's next beat (closing what was shown full screen, "Night
    falls", "Diablo has answered"), or in the day the signal to vote."""

    type: Literal["beat"]


class Correct(Action):
    """The narrator puts one thing right without undoing what came after: a player fallen or
    back in the game, a Claw mark given or taken, the Crown or the Rope given to someone else
    (`player` null: nobody holds it). Each correction is logged in the recap."""

    type: Literal["correct"]
    what: Literal["fallen", "back", "claw_add", "claw_remove", "crown", "prisoner"]
    player: Name | None = None


class Vote(Action):
    """Every living player's vote, entered at once by the narrator."""

    type: Literal["vote"]
    votes: dict[Name, Name]


class Ballot(Action):
    """A player's own secret vote from their phone, or one the narrator enters for a player
    (`voter`); all are revealed when the last is in."""

    type: Literal["ballot"]
    target: Name
    voter: Name | None = Field(default=None, description="Host only: the player whose ballot this is.")


class CrownDecides(Action):
    """After a tied vote the Crown picks who falls among the tied."""

    type: Literal["crown_decides"]
    player: Name


class Timer(Action):
    """The debate timer: start (seconds), pause, resume or add time."""

    type: Literal["timer"]
    command: Literal["start", "pause", "resume", "add", "stop"]
    seconds: int = Field(default=0, ge=0, le=3600)
    at: float | None = Field(default=None, description="Filled in by the server's clock.")


class Script(Action):
    """The narrator rewrites a line of the script for this table."""

    type: Literal["script"]
    key: str = Field(max_length=40)
    lines: list[Annotated[str, Field(max_length=300)]] = Field(max_length=8)

    @field_validator("lines", mode="before")
    @classmethod
    def one_per_line(cls, value):
        return value.splitlines() if isinstance(value, str) else value


class SetOptions(Action):
    """Change how the table reads the rulebook's open questions."""

    type: Literal["options"]
    options: GatheringOptions


ACTIONS = (Setup, Deal, Spy, LockAway, MischiefMembers, MischiefTarget, HadesStep, Mirror, CrownSuccessor,
           Prisoner, OffWithTheirHead, Accuse, Thumb, Beat, Correct, Vote, Ballot, CrownDecides, Timer, Script, SetOptions)

# ---------------------------------------------------------------- selection

def mischief_count(players: int) -> int:
    return DATA["mischief_by_players"][str(players)]


def check_selection(characters: list[str], players: int):
    """The selection rules; each refusal says what to change."""
    if len(characters) != players:
        raise RuleError(f"Pick exactly one character per player: {players} players, {len(characters)} characters.")
    if len(set(characters)) != len(characters):
        raise RuleError("Each character card exists once; a character was picked twice.")
    chosen = set(characters)
    for cid in characters:
        c = CHARS[cid]
        if "villain" in c and c["villain"] not in chosen:
            raise RuleError(f"{c['name']} comes only with {CHARS[c['villain']]['name']}.")
        missing = [CHARS[h]["name"] for h in c.get("henchmen", []) if h not in chosen]
        if missing:
            raise RuleError(f"{c['name']} brings {' and '.join(missing)}; add them or leave {c['name']} out.")
    if players % 2 and not ({"stepmother", "shere_khan"} & chosen):
        raise RuleError("An odd number of players needs the Stepmother with Drizella and Anastasia, or Shere Khan.")


def warnings(characters: list[str], players: int, options: dict) -> list[str]:
    """The rulebook's balance tips that this selection breaks (they do not block)."""
    chosen, out = set(characters), []
    if options.get("beginners") and chosen & {"mother_gothel", "shere_khan"}:
        out.append("For beginners, leave out Mother Gothel and Shere Khan.")
    if players != 6 and "maleficent" not in chosen:
        out.append("Maleficent belongs in every game except with 6 players.")
    if players < 12 and {"mother_gothel", "hades"} <= chosen:
        out.append("Under 12 players, take Mother Gothel or Hades, not both.")
    if players < 12 and not chosen & {"mother_gothel", "hades"}:
        out.append("Under 12 players, take Mother Gothel or Hades.")
    if players < 10 and chosen & {"captain_hook", "the_queen"}:
        out.append("Under 10 players, Captain Hook and the Queen are best left out.")
    return out


# ---------------------------------------------------------------- state helpers

def setup(options: dict) -> dict:
    return {"options": {**{k: v[0] for k, v in READINGS.items()}, **options}, "phase": "setup", "round": 0,
            "players": [], "characters": [], "crown": None, "prisoner": None, "winner": None, "step": "setup",
            "night": None, "day": None, "last_lock": None, "used": {}, "successor_for": None, "then": None,
            "alignments_known": True, "recap": [], "timer": None, "script": {}, "announce": [],
            "last_vote": None, "say": {"n": 0, "parts": []}, "votes": [], "corrections": []}


def find(state, name: str, alive: bool = True) -> dict:
    p = kernel.find(state["players"], name)
    if alive and not p["alive"]:
        raise RuleError(f"{p['name']} has already fallen.")
    return p


def holder(state, cid: str) -> dict | None:
    return next((p for p in state["players"] if p["character"] == cid), None)


def standing(state, cid: str) -> bool:
    p = holder(state, cid)
    return bool(p and p["alive"])


def living(state) -> list[dict]:
    return [p for p in state["players"] if p["alive"]]


def lines(state, key: str, **fmt) -> list[str]:
    return [line.format(**fmt) for line in state["script"].get(key) or DATA["script"][key]]


def say(state, words: list[str], pause: bool = False):
    """What the narrator's phone reads aloud next. Everything one action says is one group
    (`say.n` counts the groups); a part with `pause` waits for the table's silence first."""
    if not state.get("_said"):
        state["say"] = {"n": (state.get("say") or {}).get("n", 0) + 1, "parts": []}
        state["_said"] = True
    if words:
        state["say"]["parts"].append({"lines": list(words), "pause": pause})


def announce(state, words: list[str], fresh: bool = False, pause: bool = False):
    """A line for the whole table: read aloud and shown on every screen (a fresh page of it)."""
    state["announce"] = list(words) if fresh else state["announce"] + list(words)
    say(state, words, pause)


def record(state, kind: str, text: str, **facts):
    state["recap"].append({"round": state["round"], "phase": state["phase"], "kind": kind, "text": text, **facts})


def team_name(alignment: str) -> str:
    return "Mischief" if alignment == MISCHIEF else "Mayhem"


def defeat(state, p: dict, how: str):
    if not p["alive"]:
        return
    p["alive"] = False
    p["revealed"] = True
    record(state, "defeat", f"{p['name']} ({CHARS[p['character']]['name']}) falls {how} and was "
                            f"Team {team_name(p['alignment'])}.", player=p["name"], alignment=p["alignment"])
    if state["crown"] == p["name"]:
        state["successor_for"] = p["name"]
    if state["prisoner"] == p["name"]:
        state["prisoner"] = None


def check_winner(state) -> bool:
    if not state["alignments_known"]:
        return False
    alive = living(state)
    mischief = sum(1 for p in alive if p["alignment"] == MISCHIEF)
    mayhem = len(alive) - mischief
    if mischief == 0:
        state["winner"] = MAYHEM
    elif mischief >= mayhem:
        state["winner"] = MISCHIEF
    if state["winner"]:
        state["phase"], state["step"], state["successor_for"] = "over", None, None
        won = lines(state, f"win_{state['winner']}")
        announce(state, won, fresh=True)
        record(state, "winner", won[0])
        for p in state["players"]:
            p["revealed"] = True
        return True
    return False


def after_defeats(state, then: str):
    """After any defeat: the win check, then a fallen Crown holder's successor, then `then`."""
    if check_winner(state):
        return
    if state["successor_for"]:
        state["then"] = then
        state["step"] = "crown_successor"
        announce(state, lines(state, "crown_successor", name=state["successor_for"]))
        return
    go(state, then)


def go(state, where: str):
    if where == "night":
        begin_night(state)
    elif where == "day":
        begin_day(state)


# ---------------------------------------------------------------- the night

def night_steps(state) -> list[dict]:
    steps = []
    if state["round"] == 1 and not state["alignments_known"]:
        steps.append({"key": "mischief_wake", "action": "mischief_members", "decoy": False})
    for key in NIGHT_ORDER:
        owner = STEP_OWNER.get(key)
        if key == "spy" and not (standing(state, "maleficent") and standing(state, "diablo")):
            continue
        if owner and not standing(state, owner):
            continue
        if key == "mirror" and state["used"].get("mirror"):
            continue  # the reveal is public once used: the step is simply passed
        decoy = key == "hades" and bool(state["used"].get("hades"))
        steps.append({"key": key, "action": key, "decoy": decoy})
    return steps


def begin_night(state):
    state["round"] += 1
    state["phase"] = "night"
    state["prisoner"] = None
    state["day"] = None
    state["timer"] = None
    state["night"] = {"steps": night_steps(state), "index": 0, "spy": None, "lock": None, "victim": None,
                      "saved": False, "mirror": None, "at": [-1, 0]}
    state["announce"] = []
    state["step"] = state["night"]["steps"][0]["action"]


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
BUTTONS = {"dusk": "Night falls", "spy_tell": "Diablo has answered"}
SLEEPS_FIRST = {"spy_diablo": "spy_maleficent_sleep"}  # a beat that begins with another character's sleep


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


def chose(state):
    """The current step's choice is made: the narration goes on after it, and so does the night."""
    n = state["night"]
    i = n["index"]
    beats = BEATS[n["steps"][i]["key"]]
    j = next(k for k, b in enumerate(beats) if b[1] == "choice")
    has_next = i + 1 < len(n["steps"])
    if j + 1 < len(beats) and has_next:
        enter_beat(state, i, j + 1)  # Diablo's beats: the night moves on, the voice waits for them
    else:
        sleep_then_next(state, i)
    next_night_step(state)


def do_beat(state, a):
    """The narrator's tap: the night's next beat, or in the day the signal to vote."""
    if state["phase"] == "night":
        i, j, (key, wait, _) = beat_at(state)
        if i < 0:
            say(state, lines(state, "nightfall"))
            enter_beat(state, 0, 0, pause=True)
            return
        if wait != "beat":
            raise RuleError("This beat waits for the narrator's choice, not a tap.")
        if j + 1 < len(BEATS[state["night"]["steps"][i]["key"]]):
            enter_beat(state, i, j + 1)
        else:
            sleep_then_next(state, i)
        return
    if state["phase"] == "day" and state["step"] == "vote":
        if state["day"].get("called"):
            raise RuleError("The signal to vote has already been given.")
        state["day"]["called"] = True
        announce(state, lines(state, "vote"))
        return
    raise RuleError("Nothing waits for the narrator's tap now.")


def current_step(state) -> dict | None:
    n = state["night"]
    return n["steps"][n["index"]] if n and n["index"] < len(n["steps"]) else None


def next_night_step(state):
    n = state["night"]
    n["index"] += 1
    step = current_step(state)
    if step is None:
        dawn(state)
    else:
        state["step"] = step["action"]


def dawn(state):
    n = state["night"]
    state["phase"] = "day"
    victim = find(state, n["victim"], alive=False) if n["victim"] else None
    protected = victim and (n["lock"] == victim["name"] or n["saved"])
    words = lines(state, "dawn")
    if victim and victim["alive"] and not protected:
        defeat(state, victim, "in the night")
        words += lines(state, "dawn_fallen", names=victim["name"])
    else:
        words += lines(state, "dawn_none")
        record(state, "quiet", "Nobody fell in the night.")
    if n["mirror"]:
        revealed = find(state, n["mirror"], alive=False)
        words += lines(state, "dawn_revealed", name=revealed["name"], team=team_name(revealed["alignment"]))
    announce(state, words, fresh=True, pause=True)
    after_defeats(state, "day")


def begin_day(state):
    state["phase"] = "day"
    state["day"] = {"ballots": {}, "tie": None, "votes": None, "called": False, "thumbs": None}
    if standing(state, "captain_hook"):
        state["step"] = "prisoner"
        announce(state, lines(state, "prisoner"))
    else:
        open_vote(state)


def open_vote(state):
    state["step"] = "vote"
    announce(state, lines(state, "debate"))


# ---------------------------------------------------------------- the votes

def resolve_vote(state, votes: dict[str, str]):
    alive = living(state)
    clean = {}
    for voter, target in votes.items():
        v, t = kernel.lookup(alive, voter), kernel.lookup(alive, target)
        if v is None:
            raise RuleError(f"{voter} cannot vote: not a standing player.")
        if t is None:
            raise RuleError(f"{target} cannot be voted against: not a standing player.")
        if v is t:
            raise RuleError(f"{v['name']} cannot vote against themselves.")
        clean[v["name"]] = t["name"]
    missing = [p["name"] for p in alive if p["name"] not in clean]
    if missing:
        raise RuleError(f"Every standing player votes; missing: {', '.join(missing)}.")
    tally = {p["name"]: p["claw_marks"] for p in alive}
    for target in clean.values():
        tally[target] += 1
    top = max(tally.values())
    tied = [n for n, c in tally.items() if c == top]
    state["day"]["votes"] = clean
    counts = [{"name": n, "votes": c - claws(state, n), "claws": claws(state, n), "total": c}
              for n, c in sorted(tally.items(), key=lambda kv: -kv[1]) if c]
    state["last_vote"] = {"round": state["round"], "votes": clean, "tally": tally, "counts": counts, "outcome": ""}
    record(state, "vote", "Votes: " + ", ".join(f"{v} → {t}" for v, t in clean.items())
           + "; tally " + ", ".join(f"{n} {c}" for n, c in tally.items() if c), votes=clean, tally=tally)
    announce(state, lines(state, "vote_count", tally=count_words(counts)), fresh=True)
    if len(tied) == 1:
        fall_by_vote(state, find(state, tied[0]), clean)
    elif state["crown"] and standing_name(state, state["crown"]):
        state["day"]["tie"] = tied
        state["step"] = "crown_decides"
        verdict(state, lines(state, "tie_crown", names=" and ".join(tied), crown=state["crown"]))
    else:
        verdict(state, lines(state, "nobody_by_vote"))
        record(state, "tie", f"Tie between {', '.join(tied)} and no Crown: nobody falls.")
        shere_khan_claw(state, clean)
        after_defeats(state, "night")


def claws(state, name: str) -> int:
    return kernel.find(state["players"], name)["claw_marks"]


def count_words(counts: list[dict]) -> str:
    """The count as it is read out: 'Gus 5 votes, Ann 2 (1 of them a Claw mark)'."""
    def one(c):
        said = f"{c['name']} {c['total']} vote{'s' if c['total'] != 1 else ''}"
        if c["claws"]:
            said += f" ({c['claws']} from Claw mark{'s' if c['claws'] != 1 else ''})"
        return said
    return "The count: " + ", ".join(one(c) for c in counts)


def verdict(state, words: list[str]):
    """What the vote decided: read aloud, and kept with the vote for every screen's banner."""
    announce(state, words)
    lv = state.get("last_vote")
    if lv:
        lv["outcome"] = " ".join(filter(None, [lv.get("outcome"), *words]))
        history = state.setdefault("votes", [])
        if history and history[-1]["round"] == lv["round"] and history[-1].get("accused") == lv.get("accused"):
            history[-1] = copy.deepcopy(lv)
        else:
            history.append(copy.deepcopy(lv))


def standing_name(state, name: str) -> bool:
    return any(p["alive"] and p["name"] == name for p in state["players"])


def fall_by_vote(state, p: dict, votes: dict[str, str], thumbs: bool = False, key: str = "fallen_by_vote"):
    fallen = [p]
    defeat(state, p, "by the Gathering's vote")
    if p["character"] == "captain_hook" and state["prisoner"] and standing_name(state, state["prisoner"]):
        prisoner = find(state, state["prisoner"])
        defeat(state, prisoner, "as Captain Hook's prisoner")
        fallen.append(prisoner)
    henchmen = CHARS[p["character"]].get("henchmen", [])
    if p["alignment"] == MAYHEM and henchmen and (not thumbs or state["options"]["henchman_rule_in_thumbs_vote"]):
        for h in henchmen:
            hp = holder(state, h)
            against = votes.get(hp["name"]) if hp else None
            if hp and hp["alive"] and (against == "defeat" if thumbs else against == p["name"]):
                defeat(state, hp, f"for voting against {CHARS[p['character']]['name']}")
                fallen.append(hp)
    verdict(state, lines(state, key, names=" and ".join(f["name"] for f in fallen)))
    if not thumbs:
        shere_khan_claw(state, votes)
    after_defeats(state, "night")


def shere_khan_claw(state, votes: dict[str, str]):
    khan = holder(state, "shere_khan")
    if not khan or khan["name"] not in votes:
        return
    target = find(state, votes[khan["name"]], alive=False)
    target["claw_marks"] += 1
    record(state, "claw", f"Shere Khan's claw marks {target['name']} (now {target['claw_marks']}).",
           player=target["name"])


# ---------------------------------------------------------------- who may be chosen
# The narrator's page offers exactly these; the actions refuse with the same function.

def why_not(state, kind: str, p: dict) -> str | None:
    """Why p cannot be chosen for `kind` now (None: p can)."""
    if not p["alive"]:
        return f"{p['name']} has already fallen."
    n = state["night"] or {}
    if kind == "spy" and p["character"] == "maleficent":
        return "Maleficent picks someone else to spy on."
    if kind == "lock_away" and state["last_lock"] == p["name"]:
        return f"Mother Gothel cannot lock away {p['name']} two nights in a row."
    if kind == "mischief_target" and p["alignment"] == MISCHIEF:
        return "Team Mischief cannot choose one of its own."
    if kind == "mirror" and p["character"] == "the_queen":
        return "The Queen reveals another player, not herself."
    if kind == "mirror" and p["name"] == n.get("victim"):
        return "The Queen cannot reveal the player Team Mischief chose tonight."
    if kind == "prisoner" and p["character"] == "captain_hook":
        return "Captain Hook takes someone else prisoner."
    if kind == "crown_decides" and p["name"] not in ((state["day"] or {}).get("tie") or ()):
        return f"The Crown picks among the tied players: {', '.join(state['day']['tie'])}."
    return None


def chosen(state, kind: str, name: str) -> dict:
    """The player named for `kind`, or a sentence saying why not."""
    p = find(state, name)
    why = why_not(state, kind, p)
    if why:
        raise RuleError(why)
    return p


def targets(state, kind: str) -> list[str]:
    return [p["name"] for p in state["players"] if why_not(state, kind, p) is None]


# ---------------------------------------------------------------- apply

def prepare(state, action, seat, rng):
    """Deals and the clock are drawn here, so the event records them and a replay is exact."""
    kind = action["type"]
    if kind == "deal" and state["step"] == "deal":
        players = [p["name"] for p in state["players"]]
        given = {find(state, n, alive=False)["name"]: c for n, c in (action.get("characters") or {}).items()}
        left = [c for c in state["characters"] if c not in given.values()]
        rng.shuffle(left)
        chars = {n: given.get(n) or left.pop() for n in players} if len(left) == len(players) - len(given) else given
        mischief = action.get("mischief")
        if mischief is None and action.get("alignments", "digital") == "digital":
            mischief = rng.sample(players, mischief_count(len(players)))
        return {**action, "characters": chars, "mischief": mischief}
    if kind == "timer":
        return {**action, "at": time.time()}
    return action


def apply(state: dict, action: dict, seat) -> dict:
    state.setdefault("say", {"n": 0, "parts": []})
    state["_said"] = False  # the first line this action says starts a new group for the voice
    out = kernel.dispatch(MOVES, state, action, seat)
    out.pop("_said", None)
    return out


def do_script(state, a):
    if a["key"] not in DATA["script"]:
        raise RuleError("There is no such line in the script.")
    for line in a["lines"]:  # a {name} the game does not fill in would break the narration later
        try:
            line.format(**{k: "" for k in ("name", "names", "team", "tally", "crown")})
        except (KeyError, IndexError, ValueError):
            raise RuleError("A line may use only these blanks in braces: {name}, {names}, {team}, {tally}, "
                            "{crown}; write other braces twice: {{ }}.") from None
    state["script"][a["key"]] = [line for line in a["lines"] if line.strip()] or None


def do_options(state, a):
    state["options"] = a["options"]


def at_step(kind: str):
    """When an action of the game's flow is accepted: the step the game waits for (the
    Queen of Hearts' accusation also while the vote is open), never after the end."""
    def when(state) -> str | None:
        if state["phase"] == "over":
            return f"The game is over: Team {team_name(state['winner'])} won."
        allowed = {state["step"], "off_with_their_head", "accuse"} if state["step"] == "vote" else {state["step"]}
        if kind not in allowed:
            return f"The game now waits for '{state['step']}', not '{kind}'."
        return None
    return when


def do_setup(state, a):
    names = a["players"]
    kernel.roster(names, 6, 12, "Gathering of the Wicked")
    check_selection(a["characters"], len(names))
    state["players"] = [{"name": n, "character": None, "alignment": None, "alive": True, "claw_marks": 0,
                         "revealed": False} for n in names]
    state["characters"] = list(a["characters"])
    state["step"] = "deal"  # still the setup phase (API.md's phases), now waiting for the deal


def do_deal(state, a):
    chars = a["characters"]
    if sorted(chars.values()) != sorted(state["characters"]) or len(chars) != len(state["players"]):
        raise RuleError("Deal each selected character to exactly one player.")
    for p in state["players"]:
        p["character"] = chars[p["name"]]
    if a.get("mischief") is not None:
        set_mischief(state, a["mischief"])
    else:
        state["alignments_known"] = False
    prince = holder(state, "prince_john")
    state["crown"] = prince["name"] if prince else None
    record(state, "deal", "Characters dealt face up: " + ", ".join(
        f"{p['name']} {CHARS[p['character']]['name']}" for p in state["players"]))
    begin_night(state)


def set_mischief(state, names: list[str]):
    members = {find(state, n, alive=False)["name"] for n in names}
    need = mischief_count(len(state["players"]))
    if len(members) != need:
        raise RuleError(f"With {len(state['players'])} players, Team Mischief has exactly {need}.")
    for p in state["players"]:
        p["alignment"] = MISCHIEF if p["name"] in members else MAYHEM
    state["alignments_known"] = True


def do_mischief_members(state, a):
    set_mischief(state, a["members"])
    chose(state)


def do_spy(state, a):
    t = chosen(state, "spy", a["target"])
    state["night"]["spy"] = t["name"]
    record(state, "spy", f"Maleficent had Diablo look at {t['name']} (Team {team_name(t['alignment'])}).",
           secret=True)
    chose(state)


def do_lock(state, a):
    t = chosen(state, "lock_away", a["target"])
    state["night"]["lock"] = state["last_lock"] = t["name"]
    record(state, "lock", f"Mother Gothel locked {t['name']} away.", secret=True)
    chose(state)


def do_mischief_target(state, a):
    t = chosen(state, "mischief_target", a["target"])
    state["night"]["victim"] = t["name"]
    record(state, "target", f"Team Mischief chose {t['name']}.", secret=True)
    chose(state)


def do_hades(state, a):
    if a["save"]:
        if state["used"].get("hades"):
            raise RuleError("Hades has already used his save; only 'keep it' is possible now.")
        n = state["night"]
        locked_victim = n["lock"] == n["victim"]
        n["saved"] = True
        if not locked_victim or state["options"]["hades_save_spent_on_locked"]:
            state["used"]["hades"] = True
        record(state, "save", f"Hades saved {n['victim']}.", secret=True)
    chose(state)


def do_mirror(state, a):
    if a.get("target"):
        n = state["night"]
        t = chosen(state, "mirror", a["target"])
        state["used"]["mirror"] = True
        n["mirror"] = t["name"]
        t["revealed"] = True
        record(state, "reveal", f"The Queen's mirror revealed {t['name']}: Team {team_name(t['alignment'])}.",
               player=t["name"], alignment=t["alignment"])
        if t["alignment"] == MISCHIEF:
            defeat(state, t, "unmasked by the mirror")
            if check_winner(state):
                return
    chose(state)


def do_crown_successor(state, a):
    fallen = state["successor_for"]
    p = chosen(state, "crown_successor", a["player"])
    state["crown"] = p["name"]
    state["successor_for"] = None
    record(state, "crown", f"{fallen} handed the Crown to {p['name']}.")
    then, state["then"] = state["then"], None
    go(state, then)


def do_prisoner(state, a):
    t = chosen(state, "prisoner", a["target"])
    state["prisoner"] = t["name"]
    record(state, "prisoner", f"Captain Hook took {t['name']} prisoner.")
    open_vote(state)


def queen_of_hearts(state) -> dict:
    qoh = holder(state, "queen_of_hearts")
    if not qoh or not qoh["alive"]:
        raise RuleError("Only a standing Queen of Hearts can cry 'Off with their head!'.")
    if state["used"].get("off_with_their_head"):
        raise RuleError("The Queen of Hearts has already used her accusation this game.")
    return qoh


def accused_player(state, qoh: dict, name: str) -> dict:
    accused = find(state, name)
    if accused is qoh:
        raise RuleError("The Queen of Hearts accuses someone else.")
    return accused


def do_accuse(state, a):
    """The Queen of Hearts stops the debate: her lines are read, then the thumbs are cast (on the
    phones, or tapped in by the narrator); she votes thumb down from the start."""
    qoh = queen_of_hearts(state)
    accused = accused_player(state, qoh, a["accused"])
    state["day"]["thumbs"] = {"accused": accused["name"], "queen": qoh["name"], "ballots": {qoh["name"]: "defeat"}}
    state["step"] = "thumbs"
    state["timer"] = None
    record(state, "accuse", f"The Queen of Hearts cried 'Off with their head!' at {accused['name']}.")
    announce(state, lines(state, "off_with_their_head"), fresh=True)


def thumb_voters(state) -> list[str]:
    accused = state["day"]["thumbs"]["accused"]
    return [p["name"] for p in living(state) if p["name"] != accused]


def thumb(state, a, seat):
    if state["phase"] == "over":
        raise RuleError("The game is over.")
    if state["step"] != "thumbs":
        raise RuleError("Thumbs are cast only after the Queen of Hearts accuses someone.")
    th = state["day"]["thumbs"]
    voter = ballot_voter(state, a, seat)
    if voter["name"] == th["accused"]:
        raise RuleError(f"{voter['name']} is accused and does not vote.")
    if voter["name"] == th["queen"] and a["vote"] != "defeat":
        raise RuleError("The Queen of Hearts must vote to defeat the one she accused.")
    th["ballots"][voter["name"]] = a["vote"]
    if all(n in th["ballots"] for n in thumb_voters(state)):
        count_thumbs(state, find(state, th["accused"]), {n: th["ballots"][n] for n in thumb_voters(state)})
    return state


def do_off_with_their_head(state, a):
    """The accusation and every thumb entered at once."""
    qoh = queen_of_hearts(state)
    accused = accused_player(state, qoh, a["accused"])
    voters = {find(state, n)["name"]: v for n, v in a["votes"].items()}
    if accused["name"] in voters:
        raise RuleError(f"{accused['name']} is accused and does not vote.")
    missing = [p["name"] for p in living(state) if p is not accused and p["name"] not in voters]
    if missing:
        raise RuleError(f"Every standing player but the accused votes; missing: {', '.join(missing)}.")
    if voters[qoh["name"]] != "defeat":
        raise RuleError("The Queen of Hearts must vote to defeat the one she accused.")
    if state["step"] == "vote":
        announce(state, lines(state, "off_with_their_head"), fresh=True)
    count_thumbs(state, accused, voters)


def count_thumbs(state, accused: dict, voters: dict[str, str]):
    defeat_votes = sum(1 for v in voters.values() if v == "defeat")
    claw = accused["claw_marks"] if state["options"]["claws_in_thumbs_vote"] else 0
    save_votes = sum(1 for v in voters.values() if v == "save")
    state["used"]["off_with_their_head"] = True
    state["day"]["thumbs"] = None
    state["last_vote"] = {"round": state["round"], "accused": accused["name"], "votes": voters,
                          "thumbs": {"defeat": defeat_votes, "save": save_votes, "claws": claw}, "outcome": ""}
    record(state, "thumbs", f"Off with their head! {accused['name']} accused: {defeat_votes + claw} to defeat, "
                            f"{save_votes} to spare.", votes=voters)
    count = f"Thumbs down: {defeat_votes}" + (f" and {claw} from Claw marks" if claw else "") + \
            f". Thumbs up: {save_votes}."
    announce(state, [count])
    if defeat_votes + claw > save_votes:
        fall_by_vote(state, accused, voters, thumbs=True)
    else:
        verdict(state, lines(state, "pardoned", name=accused["name"]))
        record(state, "pardon", f"{accused['name']} was pardoned.")
        begin_night(state)


def do_vote(state, a):
    if state["day"]["ballots"]:
        raise RuleError("Players are voting on their phones; wait for their ballots or take them back first.")
    resolve_vote(state, a["votes"])


def ballot(state, a, seat):
    if state["phase"] == "over":
        raise RuleError("The game is over.")
    if state["step"] != "vote":
        raise RuleError("Votes open after the debate begins.")
    voter = ballot_voter(state, a, seat)
    target = find(state, a["target"])
    if target is voter:
        raise RuleError("You cannot vote against yourself." if seat.trusted != HOST
                        else f"{voter['name']} cannot vote against themselves.")
    state["day"]["ballots"][voter["name"]] = target["name"]
    if len(state["day"]["ballots"]) == len(living(state)):
        votes, state["day"]["ballots"] = state["day"]["ballots"], {}
        resolve_vote(state, votes)
    return state


def ballot_voter(state, a, seat) -> dict:
    """Whose ballot this is: a player's own, or one the narrator enters for a living player."""
    if seat.trusted == HOST:
        if not a.get("voter"):
            raise RuleError("Say whose ballot this is: the narrator enters a ballot for a player ('voter').")
        return find(state, a["voter"])
    me = kernel.player_of(state["players"], seat)
    if me is None:
        raise RuleError(f"No player is called {seat.name}.")
    if a.get("voter") and kernel.lookup([me], a["voter"]) is None:
        raise Forbidden("Only the narrator enters another player's ballot.")
    if not me["alive"]:
        raise RuleError(f"{me['name']} has already fallen.")
    return me


def do_crown_decides(state, a):
    tied = state["day"]["tie"]
    p = chosen(state, "crown_decides", a["player"])
    state["day"]["tie"] = None
    record(state, "crown_decides", f"The Crown chose {p['name']} among {', '.join(tied)}.")
    fall_by_vote(state, p, state["day"]["votes"], key="crown_decides")


def timer(state, a):
    t, now = state["timer"], a["at"]
    cmd = a["command"]
    if cmd == "start":
        if a["seconds"] <= 0:
            raise RuleError("Give the debate some time: more than 0 seconds.")
        state["timer"] = {"ends_at": now + a["seconds"], "remaining": None}
    elif t is None:
        raise RuleError("The timer is not set.")
    elif cmd == "pause" and t["ends_at"]:
        state["timer"] = {"ends_at": None, "remaining": max(0, t["ends_at"] - now)}
    elif cmd == "resume" and t["remaining"] is not None:
        state["timer"] = {"ends_at": now + t["remaining"], "remaining": None}
    elif cmd == "add":
        if t["ends_at"]:
            t["ends_at"] = max(t["ends_at"], now) + a["seconds"]
        else:
            t["remaining"] += a["seconds"]
    elif cmd == "stop":
        state["timer"] = None
    return state


def playing(state) -> str | None:
    if state["phase"] in ("setup", "deal"):
        return "There is nothing to correct before the cards are dealt."
    if state["phase"] == "over":
        return f"The game is over: Team {team_name(state['winner'])} won."
    return None


def do_correct(state, a):
    what, name = a["what"], a.get("player")
    if what in ("crown", "prisoner") and name is None:
        holder_now = state[what]
        if holder_now is None:
            raise RuleError("Nobody holds it already.")
        state[what] = None
        note = "the Crown is set aside" if what == "crown" else "the Rope is taken back"
        return corrected(state, f"{note} (it was with {holder_now})")
    if name is None:
        raise RuleError("Say which player the correction is about.")
    p = find(state, name, alive=False)
    if what == "fallen":
        if not p["alive"]:
            raise RuleError(f"{p['name']} has already fallen.")
        defeat(state, p, "by the narrator's correction")
        corrected(state, f"{p['name']} has fallen")
        after_correction(state)
    elif what == "back":
        if p["alive"]:
            raise RuleError(f"{p['name']} is still in the game.")
        p["alive"] = True
        corrected(state, f"{p['name']} is back in the game")
        check_winner(state)
    elif what == "claw_add":
        p["claw_marks"] += 1
        corrected(state, f"{p['name']} gets a Claw mark (now {p['claw_marks']})")
    elif what == "claw_remove":
        if not p["claw_marks"]:
            raise RuleError(f"{p['name']} has no Claw mark to take away.")
        p["claw_marks"] -= 1
        corrected(state, f"{p['name']} loses a Claw mark (now {p['claw_marks']})")
    elif what == "crown":
        if not p["alive"]:
            raise RuleError(f"{p['name']} has fallen and cannot wear the Crown.")
        state["crown"] = p["name"]
        if state["successor_for"]:
            state["successor_for"] = None
            if state["step"] == "crown_successor":
                then, state["then"] = state["then"], None
                go(state, then)
        corrected(state, f"the Crown goes to {p['name']}")
    elif what == "prisoner":
        if state["phase"] != "day":
            raise RuleError("Captain Hook holds a prisoner only during the day.")
        if p["character"] == "captain_hook" or not p["alive"]:
            raise RuleError("The Rope goes to a standing player other than Captain Hook.")
        state["prisoner"] = p["name"]
        corrected(state, f"{p['name']} now holds Hook's Rope")


def corrected(state, text: str):
    entry = {"round": state["round"], "phase": state["phase"], "text": text[0].upper() + text[1:] + "."}
    state.setdefault("corrections", []).append(entry)
    record(state, "correction", "Correction: " + entry["text"])


def after_correction(state):
    """A correction that removed a player: the win check. If they wore the Crown, it is set aside
    (the narrator hands it on with the Crown correction: the game's flow is not interrupted)."""
    if state["successor_for"]:
        state["successor_for"], state["crown"] = None, None
        record(state, "correction", "The fallen player's Crown is set aside until the narrator hands it on.")
    check_winner(state)


def correction_choices(state) -> dict:
    return {"alive": [p["name"] for p in living(state)],
            "fallen": [p["name"] for p in state["players"] if not p["alive"]],
            "clawed": [p["name"] for p in state["players"] if p["claw_marks"]],
            "rope": [p["name"] for p in living(state) if p["character"] != "captain_hook"]
            if state["phase"] == "day" else [],
            "log": state.get("corrections", [])}


NARRATES = "Only the narrator enters that."
FLOW = {"setup": do_setup, "deal": do_deal, "mischief_members": do_mischief_members, "spy": do_spy,
        "lock_away": do_lock, "mischief_target": do_mischief_target, "hades": do_hades, "mirror": do_mirror,
        "crown_successor": do_crown_successor, "prisoner": do_prisoner,
        "off_with_their_head": do_off_with_their_head, "accuse": do_accuse, "vote": do_vote,
        "crown_decides": do_crown_decides}
MOVES = {
    **{kind: kernel.Move(lambda s, a, _seat, h=h: h(s, a), (HOST,), at_step(kind), NARRATES)
       for kind, h in FLOW.items()},
    "script": kernel.Move(lambda s, a, _seat: do_script(s, a), (HOST,), refusal=NARRATES),
    "options": kernel.Move(lambda s, a, _seat: do_options(s, a), (HOST,), refusal=NARRATES),
    "timer": kernel.Move(lambda s, a, _seat: timer(s, a), (HOST,), refusal=NARRATES),
    "ballot": kernel.Move(lambda s, a, seat: ballot(s, a, seat), (HOST, PLAYER)),
    "thumb": kernel.Move(lambda s, a, seat: thumb(s, a, seat), (HOST, PLAYER)),
    "beat": kernel.Move(lambda s, a, _seat: do_beat(s, a), (HOST,), refusal=NARRATES),
    "correct": kernel.Move(lambda s, a, _seat: do_correct(s, a), (HOST,), playing, NARRATES),
}


# ---------------------------------------------------------------- what each seat sees

def knows(state, viewer: dict | None, p: dict, seat) -> bool:
    """Whether this seat may know p's alignment."""
    if seat.trusted == HOST or p["revealed"] or state["phase"] == "over":
        return True
    if viewer is None:
        return False
    return viewer is p or (viewer["alignment"] == MISCHIEF and p["alignment"] == MISCHIEF)


def public(state, p: dict, host: bool) -> dict:
    """A player as the table sees them (the narrator sees every card)."""
    open_card = host or p["revealed"] or not p["alive"] or state["phase"] == "over"
    return {"name": p["name"], "alive": p["alive"], "claw_marks": p["claw_marks"],
            "character_name": CHARS[p["character"]]["name"] if p["character"] else None,
            "team": team_name(p["alignment"]) if open_card and p["alignment"] else None,
            "crown": p["name"] == state["crown"], "prisoner": p["name"] == state["prisoner"]}


def view(state: dict, seat) -> dict:
    host = seat.trusted == HOST
    viewer = kernel.player_of(state["players"], seat)
    players = []
    for p in state["players"]:
        row = {"name": p["name"], "alive": p["alive"], "claw_marks": p["claw_marks"], "revealed": p["revealed"],
               "character": p["character"],
               "character_name": CHARS[p["character"]]["name"] if p["character"] else None}
        if p["alignment"] and knows(state, viewer, p, seat):
            row["alignment"] = p["alignment"]
        players.append(row)
    day = state["day"] or {}
    out = {"phase": state["phase"], "round": state["round"], "step": state["step"], "players": players,
           "crown": state["crown"], "prisoner": state["prisoner"], "winner": state["winner"],
           "warnings": warnings(state["characters"], len(state["players"]), state["options"])
           if state["characters"] else [],
           "timer": state["timer"], "readings": [{"key": k, "value": state["options"][k], "text": t}
                                                  for k, (_, t) in READINGS.items()],
           "you": players[state["players"].index(viewer)] if viewer else None,
           "announce": state["announce"] if state["phase"] != "night" and not host else [],
           "dusk": bool(state["phase"] == "night" and state["night"] and state["night"].get("at", [0])[0] < 0),
           "successor_for": state["successor_for"],
           "table": [public(state, p, host) for p in state["players"]] if state["step"] != "setup" else [],
           "ballots_in": len(day.get("ballots", {})), "standing": len(living(state)),
           "voting": state["step"] == "vote", "playing": state["phase"] in ("night", "day") or state["step"] == "deal",
           "thumbs_open": thumbs_open(state), "history": state.get("votes", [])}
    if viewer:
        out["card"] = own_card(state, viewer)
        out["ballot"] = own_ballot(state, viewer, day)
        if viewer["name"] in day.get("ballots", {}):
            out["my_ballot"] = day["ballots"][viewer["name"]]
    if state.get("last_vote"):
        out["last_vote"] = {k: v for k, v in state["last_vote"].items() if k != "outcome_lines"}
        out["last_votes"] = state["last_vote"]["votes"]
    if day.get("tie"):
        out["tie"] = day["tie"]
    recap = [r for r in state["recap"] if host or state["phase"] == "over" or not r.get("secret")]
    out["recap"] = recap
    if host:
        out.update(host_view(state))
    return out


def own_card(state, me: dict) -> dict:
    """A player's own card and what they know of their team. Every phone shows the same rows,
    so a glance at one tells nobody which team it is on."""
    mates = [p["name"] for p in state["players"]
             if me["alignment"] == MISCHIEF and p is not me and p["alignment"] == MISCHIEF]
    if not me["alive"]:
        how = next((r["text"] for r in reversed(state["recap"]) if r["kind"] == "defeat" and r.get("player") == me["name"]),
                   None)
        status = f"You have fallen. {how}" if how else "You have fallen."
    elif state["prisoner"] == me["name"]:
        status = "You hold Captain Hook's Rope: if Hook falls by the vote today, you fall with him."
    else:
        status = "You stand."
    if not me["character"]:
        known = "Nothing has been dealt yet."
    elif me["alignment"] == MISCHIEF:
        known = "Your team-mates: " + ", ".join(mates) + "." if mates else "You are Team Mischief's only member."
    elif me["alignment"]:
        known = "Team Mayhem does not know who is on its side."
    else:
        known = "Your team card was dealt by hand: look at it."
    return {"character_name": CHARS[me["character"]]["name"] if me["character"] else None,
            "team": team_name(me["alignment"]) if me["alignment"] else None,
            "mates": mates, "known": known, "alive": me["alive"], "status": status,
            "power": DATA["powers"].get(me["character"]) if me["character"] else None}


def own_ballot(state, me: dict, day: dict) -> dict | None:
    """A living player's secret vote while ballots are open: cast, or the names to choose from;
    in the Queen of Hearts' vote, the thumbs (the accused has none, the Queen only thumb down)."""
    if not me["alive"]:
        return None
    if state["step"] == "thumbs":
        th = day["thumbs"]
        if me["name"] == th["accused"]:
            return {"kind": "thumbs", "accused": th["accused"], "cast": None, "choices": []}
        cast = th["ballots"].get(me["name"])
        choices = ["defeat"] if me["name"] == th["queen"] else ["save", "defeat"]
        return {"kind": "thumbs", "accused": th["accused"], "cast": cast, "choices": [c for c in choices if c != cast]}
    if state["step"] != "vote":
        return None
    cast = day.get("ballots", {}).get(me["name"])  # it may be changed until the last ballot is in
    return {"kind": "point", "cast": cast,
            "targets": [p["name"] for p in living(state) if p is not me and p["name"] != cast]}


def thumbs_open(state) -> dict | None:
    """The Queen of Hearts' vote in progress, as the whole table may see it: who, and how many are in."""
    if state["step"] != "thumbs":
        return None
    th = state["day"]["thumbs"]
    return {"accused": th["accused"], "in": len(th["ballots"]), "of": len(thumb_voters(state))}


def host_view(state) -> dict:
    """The narrator's extra: the night's steps with decoys, the beat the voice stands at (its
    lines, the stage direction, what to show full screen), whom each step may choose, and the
    ballots to tap in."""
    n = state["night"]
    day = state["day"] or {}
    alive = [p["name"] for p in living(state)]
    extra = {"characters_selected": state["characters"], "suggested": DATA["suggested"],
             "mischief_count": mischief_count(len(state["players"])) if state["players"] else None,
             "last_lock": state["last_lock"], "used": state["used"], "alignments_known": state["alignments_known"],
             "alive": alive, "character_names": {cid: c["name"] for cid, c in CHARS.items()},
             "step_names": STEP_NAMES, "say": state.get("say") or {"n": 0, "parts": []},
             "ballots_missing": [name for name in alive if name not in day.get("ballots", {})]
             if state["step"] == "vote" else [],
             "sheet": night_sheet(state), "corrections": correction_choices(state)}
    step = state["step"]
    extra["choices"] = targets(state, step) if step in CHOOSES else []
    qoh = holder(state, "queen_of_hearts")
    extra["thumbs"] = ({"queen": qoh["name"], "accused": [x for x in alive if x != qoh["name"]]}
                       if step == "vote" and qoh and qoh["alive"] and not state["used"].get("off_with_their_head")
                       else None)
    extra["tap_in"] = tap_in(state)
    extra["beat"] = None
    at = beat_at(state)
    if at:
        i, _, (key, wait, shows) = at
        extra["beat"] = {"key": key, "wait": wait, "direction": DATA["directions"].get(key),
                         "button": BUTTONS.get(key), "reveal": reveal(state, shows),
                         "lines": lines(state, key) if key in DATA["script"] else []}
        extra["night"] = {"steps": [{"key": s["key"], "decoy": s["decoy"],
                                     "state": "done" if k < i else "now" if k == i else "next"}
                                    for k, s in enumerate(n["steps"])],
                          "victim": n["victim"], "lock": n["lock"], "spy": n["spy"]}
        extra["decoy"] = i >= 0 and n["steps"][i]["decoy"]
    elif state["phase"] == "day":
        key = {"vote": "vote_open", "thumbs": "thumbs"}.get(step)
        extra["beat"] = {"key": key, "wait": "beat" if step == "vote" and not day.get("called") else "choice",
                         "direction": DATA["directions"].get(key) if key else None,
                         "button": "Call the vote" if step == "vote" and not day.get("called") else None,
                         "reveal": None, "lines": []}
    return extra


def reveal(state, shows: str | None) -> dict | None:
    """What the narrator's phone shows full screen to one character, and nothing else."""
    n = state["night"]
    if shows == "spy" and n["spy"]:
        p = find(state, n["spy"], alive=False)
        return {"to": "Diablo", "label": f"{p['name']}'s team card", "big": f"Team {team_name(p['alignment'] or MAYHEM)}"}
    if shows == "victim" and n["victim"]:
        to = "Hades" if n["steps"][n["at"][0]]["key"] == "hades" else "The Queen"
        return {"to": to, "label": "Team Mischief chose", "big": n["victim"]}
    return None


def tap_in(state) -> dict | None:
    """The narrator's ballots, one tap per voter: each living voter's row with its target chips
    (who is in already is shown, never what they chose until the count)."""
    day = state["day"] or {}
    if state["step"] == "vote":
        box = day.get("ballots", {})
        return {"kind": "point", "rows": [{"voter": p["name"], "in": p["name"] in box,
                                           "choices": [q["name"] for q in living(state) if q is not p]}
                                          for p in living(state)]}
    if state["step"] == "thumbs":
        th = day["thumbs"]
        return {"kind": "thumbs", "accused": th["accused"],
                "rows": [{"voter": name, "in": name in th["ballots"],
                          "choices": ["defeat"] if name == th["queen"] else ["save", "defeat"]}
                         for name in thumb_voters(state)]}
    return None


def night_sheet(state) -> list[dict]:
    """The night-order sheet: each standing character with a power, in the order they are called."""
    order = ("maleficent", "diablo", "mother_gothel", "hades", "the_queen", "captain_hook", "queen_of_hearts",
             "prince_john", "shere_khan")
    rows = []
    for cid in order:
        p = holder(state, cid)
        if p and p["alive"]:
            spent = {"hades": "hades", "the_queen": "mirror", "queen_of_hearts": "off_with_their_head"}.get(cid)
            rows.append({"character": CHARS[cid]["name"], "player": p["name"], "power": DATA["powers"][cid],
                         "spent": bool(spent and state["used"].get(spent))})
    return rows


# ---------------------------------------------------------------- undo

def describe(a: dict) -> str | None:
    """How an action reads on the Undo button (the narrator's, or a player's own ballot)."""
    t = a.get("target") or a.get("player") or a.get("accused")
    return {
        "setup": "the players and characters", "deal": "the deal", "mischief_members": "Team Mischief's members",
        "spy": f"Diablo looks at {t}", "lock_away": f"Mother Gothel locks away {t}",
        "mischief_target": f"Team Mischief chooses {t}", "hades": "Hades saves" if a.get("save") else "Hades waits",
        "mirror": f"the mirror unmasks {t}" if t else "the Queen keeps her mirror",
        "crown_successor": f"the Crown passes to {t}", "prisoner": f"Hook takes {t}",
        "off_with_their_head": f"the thumbs vote on {t}", "vote": "the votes tapped in",
        "ballot": "a secret vote" + (f" for {a['voter']}" if a.get("voter") else ""),  # secret until the count
        "crown_decides": f"the Crown picks {t}", "timer": f"the timer ({a.get('command')})",
        "script": "the rewritten lines", "options": "the readings",
        "accuse": f"the Queen of Hearts accuses {t}",
        "thumb": "a thumb" + (f" for {a['voter']}" if a.get("voter") else ""),  # secret until the count
        "beat": "the narrator's tap", "correct": f"the correction ({a.get('what')}{' ' + t if t else ''})",
    }.get(a["type"])


def reveals(before: dict, after: dict, action: dict) -> str | None:
    """What an action showed the whole table: then only the narrator can take it back."""
    if after["winner"] and not before["winner"]:
        return "the end of the game"
    if after.get("last_vote") != before.get("last_vote"):
        return "the vote"
    if before["phase"] == "night" and after["phase"] == "day":
        return "the dawn"
    heard = [r for r in after["recap"] if not r.get("secret")]
    if len(heard) > len([r for r in before["recap"] if not r.get("secret")]):
        return "a result the table has heard"
    return None


SCRIPTS = ("js/narrator.js",)  # the narrator's voice and wake lock, the debate timer on every screen
CHOOSES = ("spy", "lock_away", "mischief_target", "mirror", "crown_successor", "prisoner", "crown_decides")
NARRATOR, PHONE = (HOST,), (PLAYER,)
R = "games/gathering/"
REGIONS = (  # a player's own card and vote first; the table's shared state after
    Region("card", R + "card.html", ("card",), PHONE),
    Region("ballot", R + "ballot.html", ("ballot", "ballots_in", "standing", "thumbs_open"), PHONE),
    Region("phase", R + "phase.html", ("phase", "step", "round", "winner", "announce", "timer", "dusk", "thumbs_open",
                                       "seat.acts_as")),
    Region("setup", R + "setup.html", ("phase", "step", "seats", "suggested", "character_names"), NARRATOR),
    Region("deal", R + "deal.html", ("phase", "step", "warnings", "table", "characters_selected", "character_names",
                                     "mischief_count"), NARRATOR),
    Region("night", R + "night.html", ("phase", "round", "step", "night", "say", "beat", "decoy",
                                       "choices", "alive", "step_names", "last_lock"), NARRATOR),
    Region("lines", R + "lines.html", ("phase", "beat"), NARRATOR),
    Region("day", R + "day.html", ("phase", "round", "step", "say", "beat", "choices", "successor_for", "crown"),
           NARRATOR),
    Region("timer", R + "timer.html", ("step", "timer"), NARRATOR),
    Region("ballots", R + "ballots.html", ("step", "ballots_in", "standing", "ballots_missing", "thumbs_open"),
           NARRATOR),
    Region("votes", R + "votes.html", ("step", "round", "tap_in"), NARRATOR),
    Region("thumbs", R + "thumbs.html", ("step", "round", "thumbs"), NARRATOR),
    Region("table", R + "table.html", ("table", "voting", "ballots_in", "standing")),
    Region("result", R + "result.html", ("last_vote", "dusk", "seat.acts_as")),
    Region("sheet", R + "sheet.html", ("playing", "sheet"), NARRATOR),
    Region("fix", R + "fix.html", ("playing", "corrections"), NARRATOR),
    Region("history", R + "history.html", ("history", "seat.acts_as", "phase")),
    Region("recap", R + "recap.html", ("recap", "phase", "seat.acts_as")),
    Region("readings", R + "readings.html", ("playing", "readings"), NARRATOR),
    Region("voice", R + "voice.html", (), NARRATOR),
)


def log_entry(action: dict, seat) -> dict | None:
    """The log as a player or the display may see it: the narrator's night choices and the deal
    stay hidden; a ballot shows only that it was cast."""
    kind = action["type"]
    if kind in ("deal", "spy", "lock_away", "mischief_target", "mischief_members", "hades", "mirror", "script",
                "ballot", "thumb"):
        return {"type": kind}
    return action


def sealed(state: dict, events: list[dict], seats: dict) -> set[int]:
    """The ballots and thumbs not yet counted (their log entries show only that they were cast,
    to the narrator too): every one entered since the oldest one still in the open box."""
    day = state.get("day") or {}
    out: set[int] = set()
    for kind, box in (("ballot", day.get("ballots") or {}), ("thumb", (day.get("thumbs") or {}).get("ballots") or {})):
        out |= sealed_kind(state, events, seats, kind, {kernel.norm(v) for v in box})
    return out


def sealed_kind(state, events, seats, kind: str, box: set) -> set[int]:
    if not box:
        return set()
    gone = {e["undoes"] for e in events if e["kind"] == "undo"}
    cast = [e for e in events if e["kind"] == "action" and e["action"]["type"] == kind]
    latest = {}
    for e in cast:
        voter = e["action"].get("voter")
        if not voter and e["seat"] in seats:
            me = kernel.player_of(state["players"], seats[e["seat"]])
            voter = me["name"] if me else None
        if voter and e["seq"] not in gone and kernel.norm(voter) in box:
            latest[kernel.norm(voter)] = e["seq"]
    first = min(latest.values(), default=None)
    return {e["seq"] for e in cast if first is not None and e["seq"] >= first}

GAME = Game(
    id=ID, title=TITLE, options=Options, actions=tuple(ACTIONS),
    setup=setup, apply=apply, view=view, regions=REGIONS, styles=("css/gathering.css",),
    private=frozenset(PRIVATE),
    dice=DICE,
    scripts=SCRIPTS,
    prepare=prepare,
    log_entry=log_entry,
    sealed=sealed,
    describe=describe,
    reveals=reveals,
)
