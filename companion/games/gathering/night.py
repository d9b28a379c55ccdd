"""The night: its steps, built at nightfall from who is in play and able to act (a step whose
secret power is spent stays as a decoy: same lines, same pause, so the night's length tells the
table nothing), each step's choice, and the dawn."""

from typing import Literal

from ...core.actions import Action, Name
from ...core.errors import RuleError
from ...core.i18n import N_, _
from .choices import chosen
from .data import MISCHIEF, NIGHT_ORDER, SPY_PARTNER, STEP_OWNER
from .narration import announce, lines, narrate_choice
from .players import BEGIN, after_defeats, check_winner, defeat, find, record, standing
from .setup import set_mischief
from .words import both, msg, team


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


# ---------------------------------------------------------------- the night's steps

def night_steps(state) -> list[dict]:
    steps = []
    if state["round"] == 1 and not state["alignments_known"]:
        steps.append({"key": "mischief_wake", "action": "mischief_members", "decoy": False})
    for key in NIGHT_ORDER:
        owner = STEP_OWNER.get(key)
        if key == "spy" and not (standing(state, owner) and standing(state, SPY_PARTNER)):
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


BEGIN["night"] = begin_night


def current_step(state) -> dict | None:
    n = state["night"]
    return n["steps"][n["index"]] if n and n["index"] < len(n["steps"]) else None


def chose(state):
    """The current step's choice is made: the narration goes on after it, and so does the night."""
    narrate_choice(state)
    state["night"]["index"] += 1
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
        defeat(state, victim, "night")
        words += lines(state, "dawn_fallen", names=both([victim["name"]]))
    else:
        words += lines(state, "dawn_none")
        record(state, "quiet", msg(N_("Nobody fell in the night.")))
    if n["mirror"]:
        revealed = find(state, n["mirror"], alive=False)
        key = "dawn_revealed" if revealed["alive"] else "dawn_unmasked"  # unmasked as Team Mischief: fallen
        words += lines(state, key, name=revealed["name"], team=team(revealed["alignment"]))
    announce(state, words, fresh=True, pause=True)
    after_defeats(state, "day")


# ---------------------------------------------------------------- each step's choice

def do_mischief_members(state, a, _seat):
    set_mischief(state, a["members"])
    chose(state)


def do_spy(state, a, _seat):
    t = chosen(state, "spy", a["target"])
    state["night"]["spy"] = t["name"]
    record(state, "spy", msg(N_("Maleficent had Diablo look at {name} (Team {team})."), name=t["name"],
                             team=team(t["alignment"])), secret=True)
    chose(state)


def do_lock_away(state, a, _seat):
    t = chosen(state, "lock_away", a["target"])
    state["night"]["lock"] = state["last_lock"] = t["name"]
    record(state, "lock", msg(N_("Mother Gothel locked {name} away."), name=t["name"]), secret=True)
    chose(state)


def do_mischief_target(state, a, _seat):
    t = chosen(state, "mischief_target", a["target"])
    state["night"]["victim"] = t["name"]
    record(state, "target", msg(N_("Team Mischief chose {name}."), name=t["name"]), secret=True)
    chose(state)


def do_hades(state, a, _seat):
    if a["save"]:
        if state["used"].get("hades"):
            raise RuleError(_("Hades has already used his save; only 'keep it' is possible now."))
        n = state["night"]
        locked_victim = n["lock"] == n["victim"]
        n["saved"] = True
        if not locked_victim or state["options"]["hades_save_spent_on_locked"]:
            state["used"]["hades"] = True
        record(state, "save", msg(N_("Hades saved {name}."), name=n["victim"]), secret=True)
    chose(state)


def do_mirror(state, a, _seat):
    if a.get("target"):
        n = state["night"]
        t = chosen(state, "mirror", a["target"])
        state["used"]["mirror"] = True
        n["mirror"] = t["name"]
        t["revealed"] = True
        record(state, "reveal", msg(N_("The Queen's mirror revealed {name}: Team {team}."), name=t["name"],
                                    team=team(t["alignment"])), player=t["name"], alignment=t["alignment"])
        if t["alignment"] == MISCHIEF:
            defeat(state, t, "mirror")
            if check_winner(state):
                return
    chose(state)
