"""What one Clue player knows, as the solver's constraints (built from their entries, see
`log.entries`), and the searches on it: the forced facts (`deduce`, on the table's fast worker
or here) and the odds (`probabilities`, on the slow worker or here). The worker's tasks are
`solve_task` and `probabilities_task`: pure functions of a payload without sentences."""

from functools import lru_cache

from ...core import compute
from ...core.regions import fingerprint
from . import counting, solver
from .log import entries
from .table import plays


def build(state, es: list[dict]) -> solver.Knowledge:
    """The solver's knowledge from these entries (the hand sizes and the deck always hold)."""
    cards = state["cards"]
    cats = [[i for i, c in enumerate(cards) if c["category"] == cat] for cat in state["categories"]]
    k = solver.Knowledge(cats, len(cards), list(state["players"]), list(state["sizes"]))
    for e in sorted(es, key=lambda e: e["kind"] != "hand"):  # own hand first: its reasons read best
        k.facts += e["facts"]
        k.clauses += e["clauses"]
        k.exclusions += e["exclusions"]
    return k


def knowledge(state, name: str) -> tuple[solver.Knowledge, list[dict]]:
    """What `name` knows, as solver constraints; with the cards for reference."""
    return build(state, entries(state, name)), state["cards"]


def signature(k: solver.Knowledge) -> tuple:
    return (tuple(map(tuple, k.categories)), k.n_cards, tuple(k.players), tuple(k.sizes), tuple(k.facts),
            tuple(k.clauses), tuple(k.exclusions))


def deduce(sig: tuple) -> dict:
    """The forced facts for one player's knowledge: from the table's fast worker (waited for,
    without holding the server), or worked out here when the table has none. Cached."""
    found = _deduced.get(sig)
    if found is not None:
        return found
    worker = compute.current.get()
    if worker is None:
        solved = solve_task({"sig": sig})
    else:
        job = {"sig": payload(sig, [])["sig"]}
        key = fingerprint("clue.solve", job)
        solved = worker.ask("clue.solve", key, job, lane="fast", queue=False)  # found already (see `warm`)?
        if solved is None and later(worker):  # not this seat's action: its notes come in a push
            worker.ask("clue.solve", key, job, lane="fast")  # (under way since `warm`: its result is awaited)
            return propagated(sig)
        if solved is None or "error" in solved:  # most searches take a few milliseconds: done here
            solved = _quick(sig)
        if solved is None:  # the rest on the worker (under way since `warm`), waited for
            solved = worker.ask("clue.solve", key, job, lane="fast", wait=10.0)
            if solved is None or "error" in solved:  # the worker failed or is stuck: work it out here
                solved = solve_task({"sig": sig})
    found = {"contradiction": solved["contradiction"]} if "contradiction" in solved else \
        {"possible": solved["possible"], "k": knowledge_of(sig)}
    _deduced[sig] = found
    while len(_deduced) > 256:
        _deduced.pop(next(iter(_deduced)))
    return found


def later(worker) -> bool:
    """Whether this seat's search is left to the worker rather than waited for: a seat's view
    (one that a result can push again: `core.views.Awaiting`) but for the one whose action is
    being answered (`compute.answering`). So an answer waits only for the acting seat's search,
    and a push (which may run on the thread that reads the worker's results) never waits."""
    sid = getattr(worker, "sid", None)
    answering = compute.answering.get()
    return sid is not None and (answering is None or sid != answering.id)


def propagated(sig: tuple) -> dict:
    """While the complete search runs: what the plain propagation settles (every cell it fixes is
    certain; some open ones may be settled by the search), marked pending (no odds asked yet)."""
    k = knowledge_of(sig)
    s = solver.Search(k)
    dom = s.propagate(s.base)
    if dom is None:
        return {"contradiction": "No deal fits what was entered; an entry is probably wrong."}
    return {"possible": dom, "k": k, "pending": True}


def warm(state: dict) -> None:
    """Before the seats' views are worked out one after another: every player's search asked of
    the fast worker at once (not waited for), so that it searches while this process works on
    the others; `deduce` then takes what it has found. The acting seat's player first: the answer
    waits for that search only (tried here first), the others' are pushed when found."""
    worker = compute.current.get()
    if worker is None or not state["players"]:
        return
    answering = compute.answering.get()
    first = plays(state, answering) if answering is not None else None
    for name in sorted(state["players"], key=lambda n: n != first):
        sig = signature(build(state, entries(state, name)))
        if sig not in _deduced:
            job = {"sig": payload(sig, [])["sig"]}
            worker.ask("clue.solve", fingerprint("clue.solve", job), job, lane="fast")


_deduced: dict = {}
INLINE_SOLVE = 0.05  # seconds of search on the request path (the acting seat's only) before the fast worker takes over


def _quick(sig: tuple) -> dict | None:
    """The search, if it ends within INLINE_SOLVE seconds."""
    try:
        return {"possible": solver.solve(knowledge_of(sig), seconds=INLINE_SOLVE)["possible"]}
    except solver.Contradiction as err:
        return {"contradiction": str(err)}
    except solver.TooHard:
        return None


def solve_task(job: dict) -> dict:
    """The complete search for forced facts (in the fast worker, or here)."""
    try:
        return {"possible": solver.solve(knowledge_of(job["sig"]))["possible"]}
    except solver.Contradiction as err:
        return {"contradiction": str(err)}


def knowledge_of(sig) -> solver.Knowledge:
    """The solver's knowledge from a signature, or from a worker job's (no sentences, players counted)."""
    cats, n, players, sizes, facts, clauses, exclusions = sig
    players = [f"P{i}" for i in range(players)] if isinstance(players, int) else list(players)
    facts = [tuple(f) if len(f) == 4 else (*f, "") for f in facts]
    clauses = [(cl[0], frozenset(cl[1]), cl[2] if len(cl) > 2 else "") for cl in clauses]
    return solver.Knowledge([list(c) for c in cats], n, players, list(sizes), facts, clauses,
                            [frozenset(cs) for cs in exclusions])


def payload(sig: tuple, possible: list[int]) -> dict:
    """A job for the worker: the constraints without their sentences (the worker never explains),
    so jobs stay small and two seats that know the same share one result."""
    cats, n, players, sizes, facts, clauses, exclusions = sig
    return {"sig": [cats, n, len(players), sizes, sorted({(c, h, has) for c, h, has, _ in facts}),
                    sorted({(h, tuple(sorted(cs))) for h, cs, _ in clauses}),
                    sorted({tuple(sorted(cs)) for cs in exclusions})], "possible": possible}


def odds_payload(sig: tuple, possible: list[int]) -> dict:
    """The odds' job: only what the count reads. The facts are in `possible` already; a clause
    that a forced card satisfies, or an exclusion with a card that cannot be in the envelope, holds
    in every deal and is left out; a clause keeps only the cards its holder may have. The same
    deals, counted the same, and one key for two knowledges that differ only there: a seat whose
    suggestion told it nothing new (or two seats that know the same) asks for the odds it has."""
    cats, n, players, sizes, _facts, clauses, exclusions = sig
    env = len(players)
    needs = {(h, tuple(sorted(c for c in cs if possible[c] >> h & 1))) for h, cs, _ in clauses
             if not any(possible[c] == 1 << h for c in cs)}
    out = {tuple(sorted(cs)) for cs in exclusions if all(possible[c] >> env & 1 for c in cs)}
    return {"sig": [cats, n, len(players), sizes, [], sorted(needs), sorted(out)], "possible": possible}


def odds(k: solver.Knowledge, possible: list[int], exact_seconds: float, sample_seconds: float) -> dict:
    """The probabilities as plain data: exact counts when they fit the time, else a sample with
    its margin."""
    exact = counting.count(k, possible, budget=5_000_000, seconds=exact_seconds)
    p = {**exact, "sampled": False, "margin": 0.0} if exact is not None else \
        counting.sample(k, possible, seconds=sample_seconds, want=400_000)
    return {"total": p["total"], "cells": p["cells"], "triples": [[list(t), w] for t, w in p["triples"].items()],
            "sampled": p["sampled"], "margin": p.get("margin", 0.0)}


def probabilities_task(job: dict) -> dict:
    """In the background worker: as exact as 10 seconds allow, else a 1-second sample."""
    return odds(knowledge_of(job["sig"]), job["possible"], exact_seconds=10.0, sample_seconds=1.0)


INLINE = {"exact_seconds": 0.2, "sample_seconds": 0.1}  # without a worker (rule tests, replay)


def probabilities(sig: tuple, d: dict) -> dict | None:
    """The probabilities for this knowledge: from the table's worker (None while it works), or
    computed here when the table has none."""
    worker = compute.current.get()
    if worker is None:
        return _inline_odds(sig)
    job = odds_payload(sig, d["possible"])
    key = fingerprint("clue.probabilities", job)
    result = worker.ask("clue.probabilities", key, job, lane="slow")
    return None if result is None or "error" in result else result


@lru_cache(maxsize=256)
def _inline_odds(sig: tuple) -> dict:
    return odds(knowledge_of(sig), deduce(sig)["possible"], **INLINE)
