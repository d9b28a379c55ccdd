"""Clue's advisor: a player names the lair they are in, and every suggestion they can make
there is weighed (`weighing.advise`) by what it is expected to reveal about the envelope, in the
background (the task `advise_task`) or here when the table has no worker."""

from functools import lru_cache
from typing import Literal

from pydantic import Field

from ...core import compute
from ...core.actions import Action
from ...core.errors import RuleError
from ...core.i18n import _
from ...core.regions import fingerprint
from . import solver, weighing
from .knowledge import deduce, knowledge_of, payload
from .table import EMPTY, card, lair_kind, me, mine


class Advise(Action):
    """Ask the advisor which suggestion to make in this lair (private); null stops asking."""

    type: Literal["advise"]
    room: str | None = Field(max_length=40)


def do_advise(state, a, seat_):
    name = me(state, seat_)
    room = None
    if a["room"] is not None:
        c = card(state, a["room"])
        if c["category"] != lair_kind(state):
            # TRANSLATORS: {kind} is the kind of card of the places, in lower case ("lair")
            raise RuleError(_("Choose a {kind}: you suggest in the one you are in.", kind=_(lair_kind(state)).lower()))
        room = c["id"]
    mine(state, name)["room"] = room


def advise_task(job: dict) -> dict:
    """In the background worker: the advisor's ranking, exact, or word that it would take too long."""
    t = solver.clock()
    k = knowledge_of(job["sig"])
    r = weighing.advise(k, job["possible"], job["me"], job["room"], seconds=job.get("seconds", ADVISE_SECONDS),
                      partial=True)
    took = round(solver.clock() - t, 3)
    if r is None:
        return {"too_hard": True, "seconds": took}
    return {"ranked": [{"cards": x["cards"], "gain": x["gain"]} for x in r["ranked"][:5]], "entropy": r["entropy"],
            "tied": r["tied"], "seconds": took, "too_hard": False, "complete": r["complete"],
            "weighed": len(r["ranked"]), "suggestions": r["suggestions"]}


ADVISE_SECONDS = 0.8  # in the background, the least settled suggestions first; past it, those weighed so far


def advice(state, name: str, sig: tuple, d: dict) -> dict | None:
    priv = state["private"].get(name) or EMPTY
    room = priv.get("room")
    if not room:
        return None
    if d.get("pending"):  # the search is under way: the advice comes after it
        return {"room": room, "pending": True}
    index = {c["id"]: i for i, c in enumerate(state["cards"])}
    job = {**payload(sig, d["possible"]), "me": state["players"].index(name), "room": index[room]}
    worker = compute.current.get()
    if worker is None:
        r = _inline_advice(sig, job["me"], job["room"])
    else:
        r = worker.ask("clue.advise", fingerprint("clue.advise", job), job, lane="slow")
        r = None if r is None or "error" in r else r
    out = {"room": room, "pending": r is None}
    if r:
        ids = [c["id"] for c in state["cards"]]
        out.update(too_hard=r["too_hard"], seconds=r["seconds"], entropy=r.get("entropy"), tied=r.get("tied", 1),
                   several_best=r.get("tied", 1) > 1,
                   complete=r.get("complete", True), weighed=r.get("weighed"), suggestions=r.get("suggestions"),
                   ranked=[{"cards": [ids[i] for i in x["cards"]], "gain": round(x["gain"], 3)}
                           for x in r.get("ranked", [])])
    return out


@lru_cache(maxsize=64)
def _inline_advice(sig: tuple, me_i: int, room: int) -> dict:
    return advise_task({"sig": payload(sig, [])["sig"], "possible": deduce(sig)["possible"], "me": me_i,
                        "room": room, "seconds": ADVISE_SECONDS})
