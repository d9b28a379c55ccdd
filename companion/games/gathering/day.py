"""The day and its votes: Captain Hook's prisoner, the debate (and its timer), the vote (tapped
in at once, or ballot by ballot from the phones), the count with Claw marks, a tie and the
Crown, the Henchmen who voted out their Villain, Shere Khan's claw, and the Queen of Hearts'
accusation with its thumbs."""

import copy
import time
from typing import Literal

from pydantic import Field

from ...core.actions import Action, Name
from ...core.errors import Forbidden, RuleError
from ...core.i18n import N_, _
from ...core.table import HOST
from .. import kernel
from .choices import chosen
from .data import CHARS, MAYHEM
from .narration import announce, lines
from .players import BEGIN, after_defeats, defeat, find, go, holder, living, record, standing, standing_name
from .words import both, char, msg, thumbs_count
from .words import count as count_of  # the count as read out

CLOCK = time.time  # the server's clock for the debate timer (a test sets its own)


class CrownSuccessor(Action):
    """The fallen Crown holder hands the Crown on."""

    type: Literal["crown_successor"]
    player: Name


class Prisoner(Action):
    """Captain Hook hands the Rope to a prisoner."""

    type: Literal["prisoner"]
    target: Name


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


class TimerAction(Action):
    at: float | None = Field(default=None, description="Filled in by the server's clock.")


class TimerStart(TimerAction):
    """The narrator starts the debate timer."""

    type: Literal["timer_start"]
    seconds: int = Field(default=0, ge=0, le=3600, title="The debate time in seconds")


class TimerPause(TimerAction):
    """The narrator pauses the debate timer."""

    type: Literal["timer_pause"]


class TimerResume(TimerAction):
    """The narrator lets the paused debate timer run again."""

    type: Literal["timer_resume"]


class TimerAdd(TimerAction):
    """The narrator gives the debate more time."""

    type: Literal["timer_add"]
    seconds: int = Field(default=0, ge=0, le=3600, title="The time added in seconds")


class TimerStop(TimerAction):
    """The narrator stops the debate timer."""

    type: Literal["timer_stop"]


TIMER_ACTIONS = (TimerStart, TimerPause, TimerResume, TimerAdd, TimerStop)


# ---------------------------------------------------------------- the day begins

def begin_day(state):
    state["phase"] = "day"
    state["day"] = {"ballots": {}, "tie": None, "votes": None, "called": False, "thumbs": None}
    if standing(state, "captain_hook"):
        state["step"] = "prisoner"
        announce(state, lines(state, "prisoner"))
    else:
        open_vote(state)


BEGIN["day"] = begin_day


def open_vote(state):
    state["step"] = "vote"
    announce(state, lines(state, "debate"))


def do_prisoner(state, a, _seat):
    t = chosen(state, "prisoner", a["target"])
    state["prisoner"] = t["name"]
    record(state, "prisoner", msg(N_("Captain Hook took {name} prisoner."), name=t["name"]))
    open_vote(state)


def do_crown_successor(state, a, _seat):
    fallen = state["successor_for"]
    p = chosen(state, "crown_successor", a["player"])
    state["crown"] = p["name"]
    state["successor_for"] = None
    record(state, "crown", msg(N_("{fallen} handed the Crown to {name}."), fallen=fallen, name=p["name"]))
    then, state["then"] = state["then"], None
    go(state, then)


# ---------------------------------------------------------------- the vote

def tally(state, votes: dict[str, str]) -> dict[str, int]:
    """The count: each standing player's Claw marks, plus one for every vote against them."""
    out = {p["name"]: p["claw_marks"] for p in living(state)}
    for target in votes.values():
        out[target] += 1
    return out


def clean_votes(state, votes: dict[str, str]) -> dict[str, str]:
    alive = living(state)
    clean = {}
    for voter, target in votes.items():
        v, t = kernel.lookup(alive, voter), kernel.lookup(alive, target)
        if v is None:
            raise RuleError(_("{name} cannot vote: not a standing player.", name=voter))
        if t is None:
            raise RuleError(_("{name} cannot be voted against: not a standing player.", name=target))
        if v is t:
            raise RuleError(_("{name} cannot vote against themselves.", name=v["name"]))
        clean[v["name"]] = t["name"]
    missing = [p["name"] for p in alive if p["name"] not in clean]
    if missing:
        raise RuleError(_("Every standing player votes; missing: {names}.", names=", ".join(missing)))
    return clean


def resolve_vote(state, votes: dict[str, str]):
    clean = clean_votes(state, votes)
    count = tally(state, clean)
    top = max(count.values())
    tied = [n for n, c in count.items() if c == top]
    state["day"]["votes"] = clean
    state["timer"] = None  # the debate is over: every screen's clock stops with the count
    counts = [{"name": n, "votes": c - claws(state, n), "claws": claws(state, n), "total": c}
              for n, c in sorted(count.items(), key=lambda kv: -kv[1]) if c]
    state["last_vote"] = {"round": state["round"], "votes": clean, "tally": count, "counts": counts, "outcome": []}
    record(state, "vote", msg(N_("Votes: {votes}; tally {tally}"), votes=", ".join(f"{v} → {t}" for v, t in clean.items()),
                              tally=", ".join(f"{n} {c}" for n, c in count.items() if c)), votes=clean, tally=count)
    announce(state, lines(state, "vote_count", tally=count_of(counts)), fresh=True)
    if len(tied) == 1:
        fall_by_vote(state, find(state, tied[0]), clean)
    elif state["crown"] and standing_name(state, state["crown"]):
        state["day"]["tie"] = tied
        state["step"] = "crown_decides"
        verdict(state, lines(state, "tie_crown", names=both(tied), crown=state["crown"]))
    else:
        verdict(state, lines(state, "nobody_by_vote"))
        record(state, "tie", msg(N_("Tie between {names} and no Crown: nobody falls."), names=", ".join(tied)))
        shere_khan_claw(state, clean)
        after_defeats(state, "night")


def claws(state, name: str) -> int:
    return kernel.find(state["players"], name)["claw_marks"]


def verdict(state, words: list[dict]):
    """What the vote decided: read aloud, and kept with the vote for every screen's banner (its
    lines' recipes: each screen writes them out, one after the other)."""
    announce(state, words)
    lv = state.get("last_vote")
    if lv:
        lv["outcome"] = [*(lv.get("outcome") or []), *words]
        history = state.setdefault("votes", [])
        if history and history[-1]["round"] == lv["round"] and history[-1].get("accused") == lv.get("accused"):
            history[-1] = copy.deepcopy(lv)
        else:
            history.append(copy.deepcopy(lv))


def fall_by_vote(state, p: dict, votes: dict[str, str], thumbs: bool = False, key: str = "fallen_by_vote"):
    fallen, henchmen_fell = [p], []
    defeat(state, p, "vote")
    if p["character"] == "captain_hook" and state["prisoner"] and standing_name(state, state["prisoner"]):
        prisoner = find(state, state["prisoner"])
        defeat(state, prisoner, "prisoner")
        fallen.append(prisoner)
    henchmen = CHARS[p["character"]].get("henchmen", [])
    if p["alignment"] == MAYHEM and henchmen and (not thumbs or state["options"]["henchman_rule_in_thumbs_vote"]):
        for h in henchmen:
            hp = holder(state, h)
            against = votes.get(hp["name"]) if hp else None
            if hp and hp["alive"] and (against == "defeat" if thumbs else against == p["name"]):
                defeat(state, hp, "henchman", villain=char(p["character"]))
                fallen.append(hp)
                henchmen_fell.append(hp)
    verdict(state, lines(state, key, names=both([f["name"] for f in fallen]))
            + [line for hp in henchmen_fell
               for line in lines(state, "henchman_falls", name=hp["name"], villain=p["name"])])
    if not thumbs:
        shere_khan_claw(state, votes)
    elif state["options"].get("khan_claws_in_thumbs_vote", True):
        shere_khan_claw(state, {n: p["name"] for n, v in votes.items() if v == "defeat"})
    after_defeats(state, "night")


def shere_khan_claw(state, votes: dict[str, str]):
    khan = holder(state, "shere_khan")
    if not khan or khan["name"] not in votes:
        return
    target = find(state, votes[khan["name"]], alive=False)
    target["claw_marks"] += 1
    record(state, "claw", msg(N_("Shere Khan's claw marks {name} (now {n})."), name=target["name"], n=target["claw_marks"]),
           player=target["name"])


NOT_CALLED = N_("The vote is not open yet: ballots are cast after the narrator's signal (Call the vote).")
CALLED = N_("The vote has been called: the Queen of Hearts accuses before the narrator's signal, not after.")


def do_vote(state, a, _seat):
    """Every vote entered at once by the narrator. It stands for the signal itself: the table has
    pointed at the narrator's word, so only the count is read (not the call after the pointing)."""
    if state["day"]["ballots"]:
        raise RuleError(_("Players are voting on their phones; wait for their ballots or take them back first."))
    state["day"]["called"] = True
    resolve_vote(state, a["votes"])


def do_ballot(state, a, seat):
    if state["phase"] == "over":
        raise RuleError(_("The game is over."))
    if state["step"] != "vote":
        raise RuleError(_("Votes open after the debate begins."))
    if not state["day"].get("called"):
        raise RuleError(_(NOT_CALLED))
    voter = ballot_voter(state, a, seat)
    target = find(state, a["target"])
    if target is voter:
        raise RuleError(_("You cannot vote against yourself.") if seat.trusted != HOST
                        else _("{name} cannot vote against themselves.", name=voter["name"]))
    state["day"]["ballots"][voter["name"]] = target["name"]
    if len(state["day"]["ballots"]) == len(living(state)):
        votes, state["day"]["ballots"] = state["day"]["ballots"], {}
        resolve_vote(state, votes)


def ballot_voter(state, a, seat) -> dict:
    """Whose ballot this is: a player's own, or one the narrator enters for a living player."""
    if seat.trusted == HOST:
        if not a.get("voter"):
            raise RuleError(_("Say whose ballot this is: the narrator enters a ballot for a player ('voter')."))
        return find(state, a["voter"])
    me = kernel.player_of(state["players"], seat)
    if me is None:
        raise RuleError(_("No player is called {name}.", name=seat.name))
    if a.get("voter") and kernel.lookup([me], a["voter"]) is None:
        raise Forbidden(_("Only the narrator enters another player's ballot."))
    if not me["alive"]:
        raise RuleError(_("{name} has already fallen.", name=me["name"]))
    return me


def do_crown_decides(state, a, _seat):
    tied = state["day"]["tie"]
    p = chosen(state, "crown_decides", a["player"])
    state["day"]["tie"] = None
    record(state, "crown_decides", msg(N_("The Crown chose {name} among {names}."), name=p["name"], names=", ".join(tied)))
    fall_by_vote(state, p, state["day"]["votes"], key="crown_decides")


# ---------------------------------------------------------------- the Queen of Hearts' thumbs

def queen_of_hearts(state) -> dict:
    if state["day"].get("called"):
        raise RuleError(_(CALLED))
    qoh = holder(state, "queen_of_hearts")
    if not qoh or not qoh["alive"]:
        raise RuleError(_("Only a standing Queen of Hearts can cry 'Off with their head!'."))
    if state["used"].get("off_with_their_head"):
        raise RuleError(_("The Queen of Hearts has already used her accusation this game."))
    return qoh


def accused_player(state, qoh: dict, name: str) -> dict:
    accused = find(state, name)
    if accused is qoh:
        raise RuleError(_("The Queen of Hearts accuses someone else."))
    return accused


def do_accuse(state, a, _seat):
    """The Queen of Hearts stops the debate: her lines are read, then the thumbs are cast (on the
    phones, or tapped in by the narrator); she votes thumb down from the start."""
    qoh = queen_of_hearts(state)
    accused = accused_player(state, qoh, a["accused"])
    state["day"]["thumbs"] = {"accused": accused["name"], "queen": qoh["name"], "ballots": {qoh["name"]: "defeat"}}
    state["step"] = "thumbs"
    state["timer"] = None
    record(state, "accuse", msg(N_("The Queen of Hearts cried 'Off with their head!' at {name}."), name=accused["name"]))
    announce(state, lines(state, "off_with_their_head"), fresh=True)


def thumb_voters(state) -> list[str]:
    accused = state["day"]["thumbs"]["accused"]
    return [p["name"] for p in living(state) if p["name"] != accused]


def do_thumb(state, a, seat):
    if state["phase"] == "over":
        raise RuleError(_("The game is over."))
    if state["step"] != "thumbs":
        raise RuleError(_("Thumbs are cast only after the Queen of Hearts accuses someone."))
    th = state["day"]["thumbs"]
    voter = ballot_voter(state, a, seat)
    if voter["name"] == th["accused"]:
        raise RuleError(_("{name} is accused and does not vote.", name=voter["name"]))
    if voter["name"] == th["queen"] and a["vote"] != "defeat":
        raise RuleError(_("The Queen of Hearts must vote to defeat the one she accused."))
    th["ballots"][voter["name"]] = a["vote"]
    if all(n in th["ballots"] for n in thumb_voters(state)):
        count_thumbs(state, find(state, th["accused"]), {n: th["ballots"][n] for n in thumb_voters(state)})


def do_off_with_their_head(state, a, _seat):
    """The accusation and every thumb entered at once."""
    qoh = queen_of_hearts(state)
    accused = accused_player(state, qoh, a["accused"])
    voters = {find(state, n)["name"]: v for n, v in a["votes"].items()}
    if accused["name"] in voters:
        raise RuleError(_("{name} is accused and does not vote.", name=accused["name"]))
    missing = [p["name"] for p in living(state) if p is not accused and p["name"] not in voters]
    if missing:
        raise RuleError(_("Every standing player but the accused votes; missing: {names}.", names=", ".join(missing)))
    if voters[qoh["name"]] != "defeat":
        raise RuleError(_("The Queen of Hearts must vote to defeat the one she accused."))
    if state["step"] == "vote":
        announce(state, lines(state, "off_with_their_head"), fresh=True)
    count_thumbs(state, accused, voters)


def thumbs_tally(state, accused: dict, voters: dict[str, str]) -> dict:
    """The thumbs' count, the one the verdict and every screen use: thumbs down (and the accused's
    Claw marks, where the table's reading counts them) against thumbs up."""
    defeat_votes = sum(1 for v in voters.values() if v == "defeat")
    claw = accused["claw_marks"] if state["options"]["claws_in_thumbs_vote"] else 0
    save_votes = sum(1 for v in voters.values() if v == "save")
    return {"defeat": defeat_votes, "save": save_votes, "claws": claw, "down": defeat_votes + claw}


def count_thumbs(state, accused: dict, voters: dict[str, str]):
    count = thumbs_tally(state, accused, voters)
    state["used"]["off_with_their_head"] = True
    state["day"]["thumbs"] = None
    state["timer"] = None
    state["last_vote"] = {"round": state["round"], "accused": accused["name"], "votes": voters,
                          "thumbs": count, "outcome": []}
    record(state, "thumbs", msg(N_("Off with their head! {name} accused: {down} to defeat, {up} to spare."),
                                name=accused["name"], down=count["down"], up=count["save"]), votes=voters)
    announce(state, [thumbs_count(count["defeat"], count["claws"], count["save"])])
    if count["down"] > count["save"]:
        fall_by_vote(state, accused, voters, thumbs=True)
    else:
        verdict(state, lines(state, "pardoned", name=accused["name"]))
        record(state, "pardon", msg(N_("{name} was pardoned."), name=accused["name"]))
        if state["options"].get("khan_claws_in_thumbs_vote", True):
            shere_khan_claw(state, {n: accused["name"] for n, v in voters.items() if v == "defeat"})
        go(state, "night")


# ---------------------------------------------------------------- the debate timer

def stamp(action: dict) -> dict:
    """The timer action with the server's clock, drawn before the event is kept."""
    return {**action, "at": CLOCK()}


def timer_set(state) -> str | None:
    """Why the timer cannot be paused, resumed, extended or stopped (None: it can)."""
    return None if state["timer"] else _("The timer is not set.")


def do_timer_start(state, a, _seat):
    if a["seconds"] <= 0:
        raise RuleError(_("Give the debate some time: more than 0 seconds."))
    state["timer"] = {"ends_at": a["at"] + a["seconds"], "remaining": None}


def do_timer_pause(state, a, _seat):
    t = state["timer"]
    if t["ends_at"]:  # already paused: nothing changes
        state["timer"] = {"ends_at": None, "remaining": max(0, t["ends_at"] - a["at"])}


def do_timer_resume(state, a, _seat):
    t = state["timer"]
    if t["remaining"] is not None:  # already running: nothing changes
        state["timer"] = {"ends_at": a["at"] + t["remaining"], "remaining": None}


def do_timer_add(state, a, _seat):
    t = state["timer"]
    if t["ends_at"]:
        t["ends_at"] = max(t["ends_at"], a["at"]) + a["seconds"]
    else:
        t["remaining"] += a["seconds"]


def do_timer_stop(state, _action, _seat):
    state["timer"] = None


TIMER_CHOICES = (1, 2, 3, 5, 8, 10)  # minutes the narrator may start the debate timer with
TIMER_DEFAULT = 3


def timer_choices() -> list[dict]:
    return [{"seconds": m * 60, "label": _("{n} min", n=m), "selected": m == TIMER_DEFAULT} for m in TIMER_CHOICES]
