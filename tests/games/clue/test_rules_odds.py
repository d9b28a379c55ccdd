"""Clue's odds and searches with a table worker (`compute.current`): a view asks the worker for
the odds and the advice and never waits for them; what the worker has found is shown. The
worker here is a stand-in that answers only what the test lets it."""

from companion.core import compute
from companion.games import clue as c
from companion.games.clue import knowledge

from .tables import ANN_HAND, game


class Worker:
    """A table worker that has found nothing for the slow lane until `done` is set, and answers
    the fast lane's searches at once. Records every question and whether it was waited for."""

    def __init__(self):
        self.asked: list[tuple[str, str, bool]] = []
        self.done = False

    def ask(self, task, key, job, lane="fast", queue=True, wait=None):
        self.asked.append((task, lane, wait is not None))
        if task == "clue.solve":
            return c.GAME.tasks[task](job) if wait is not None or not queue else None
        return c.GAME.tasks[task](job) if self.done else None


def view_with(worker, g, who):
    token = compute.current.set(worker)
    try:
        return c.GAME.view(g.state, g.seat(who))
    finally:
        compute.current.reset(token)


def test_the_answer_never_waits_for_the_odds():
    g = game()
    g.act("Ann", type="hand", cards=ANN_HAND)
    knowledge._deduced.clear()
    worker = Worker()
    v = view_with(worker, g, "Ann")
    assert v["notes"]["ursula"]["Ann"] == "has" and v["notes"]["jafar"]["Ann"] == "lacks"  # certain at once
    assert v["odds_pending"] and all(p is None for p in v["probabilities"]["jafar"].values())
    assert ("clue.probabilities", "slow", False) in worker.asked  # asked of the worker, not waited for


def test_the_odds_the_worker_found_are_shown():
    g = game()
    g.act("Ann", type="hand", cards=ANN_HAND)
    worker = Worker()
    worker.done = True
    v = view_with(worker, g, "Ann")
    assert not v["odds_pending"] and v["exact"]
    assert v["probabilities"] == g.view("Ann")["probabilities"]  # the same figures as worked out here


def test_the_advice_is_asked_of_the_worker_and_not_waited_for():
    g = game()
    g.act("Ann", type="hand", cards=ANN_HAND)
    g.act("Ann", type="advise", room="lair_4")
    worker = Worker()
    v = view_with(worker, g, "Ann")
    assert v["advice"] == {"room": "lair_4", "pending": True}
    assert ("clue.advise", "slow", False) in worker.asked
    worker.done = True
    v = view_with(worker, g, "Ann")
    assert not v["advice"]["pending"] and v["advice"]["ranked"] == g.view("Ann")["advice"]["ranked"]


class Remembering:
    """A table worker that keeps the jobs asked of the slow lane by key and answers them only
    once `work()` has done them (the fast lane's searches at once, as `Worker` does)."""

    def __init__(self):
        self.results: dict = {}
        self.queued: dict = {}

    def ask(self, task, key, job, lane="fast", queue=True, wait=None):
        if task == "clue.solve":
            return c.GAME.tasks[task](job) if wait is not None or not queue else None
        if key in self.results:
            return self.results[key]
        if queue:
            self.queued[key] = (task, job)
        return None

    def work(self):
        for key, (task, job) in self.queued.items():
            self.results[key] = c.GAME.tasks[task](job)
        done, self.queued = len(self.queued), {}
        return done


def test_a_seat_whose_suggestion_told_it_nothing_new_keeps_its_odds_without_new_work():
    """Cat's suggestion, disproved by Ann (the next player: nobody passes), tells Ann only that
    she holds one of the three, which her hand says already: her odds are the ones the worker
    found before, and nothing new is asked of it."""
    g = game()
    g.act("Ann", type="hand", cards=ANN_HAND)
    worker = Remembering()
    assert view_with(worker, g, "Ann")["odds_pending"]
    assert worker.work() == 1
    before = view_with(worker, g, "Ann")
    assert not before["odds_pending"]
    g.act("Cat", type="suggestion", by="Cat", cards=["ursula", "scepter", "lair_5"], disproved_by="Ann")
    after = view_with(worker, g, "Ann")
    assert not after["odds_pending"] and worker.queued == {}  # shown at once, nothing queued
    assert after["probabilities"] == before["probabilities"]
    assert after["probabilities"] == g.view("Ann")["probabilities"]  # as worked out here, from all she knows


def test_a_seat_whose_suggestion_told_it_something_asks_for_new_odds():
    g = game()
    g.act("Ann", type="hand", cards=ANN_HAND)
    worker = Remembering()
    view_with(worker, g, "Ann")
    worker.work()
    g.act("Cat", type="suggestion", by="Cat", cards=["jafar", "scepter", "lair_5"], disproved_by="Bob")
    after = view_with(worker, g, "Ann")
    assert after["odds_pending"] and len(worker.queued) == 1
    worker.work()
    assert view_with(worker, g, "Ann")["probabilities"] == g.view("Ann")["probabilities"]


class SeatWorker(Worker):
    """One seat's way to the worker (as `core.views` gives a seat's view): its fast lane has not
    found anything yet and never answers a wait."""

    def __init__(self, sid):
        super().__init__()
        self.sid = sid

    def ask(self, task, key, job, lane="fast", queue=True, wait=None):
        self.asked.append((task, lane, bool(wait)))
        return None


def test_another_seats_action_shows_this_seats_certain_cells_and_leaves_its_search_to_the_worker():
    g = game()
    g.act("Ann", type="hand", cards=ANN_HAND)
    g.act("Cat", type="suggestion", by="Cat", cards=["jafar", "scepter", "lair_5"], disproved_by="Bob")
    knowledge._deduced.clear()
    worker = SeatWorker(g.seat("Ann").id)
    token = compute.answering.set(g.seat("Cat"))  # Cat's action is being answered
    try:
        v = view_with(worker, g, "Ann")
    finally:
        compute.answering.reset(token)
    assert ("clue.solve", "fast", False) in worker.asked  # asked for (its result pushes the notes again)
    assert not any(wait for _task, _lane, wait in worker.asked)  # never waited for
    assert not any(task == "clue.probabilities" for task, _lane, _wait in worker.asked)  # the odds after the search
    assert v["odds_pending"] and v["notes"]["ursula"]["Ann"] == "has" and v["notes"]["jafar"]["Ann"] == "lacks"
    whole = g.view("Ann")["notes"]  # worked out in full (no worker)
    for cid, row in v["notes"].items():  # every cell shown certain is certain
        assert all(mark is None or mark == whole[cid][h] for h, mark in row.items()), cid


def test_the_acting_seats_own_notes_are_complete_in_its_answer():
    g = game()
    g.act("Ann", type="hand", cards=ANN_HAND)
    g.act("Ann", type="suggestion", by="Ann", cards=["jafar", "scepter", "lair_5"], disproved_by="Bob")
    knowledge._deduced.clear()
    worker = SeatWorker(g.seat("Ann").id)
    token = compute.answering.set(g.seat("Ann"))
    try:
        v = view_with(worker, g, "Ann")
    finally:
        compute.answering.reset(token)
    assert v["notes"] == g.view("Ann")["notes"]  # searched here (the worker had not found it)


def test_the_acting_players_search_is_asked_of_the_worker_first():
    g = game()
    g.act("Ann", type="hand", cards=ANN_HAND)
    knowledge._deduced.clear()
    asked = []

    class Recording:
        def ask(self, task, key, job, lane="slow", wait=0.0, queue=True):
            asked.append(job)

    worker, seat = compute.current.set(Recording()), compute.answering.set(g.seat("Cat"))
    try:
        knowledge.warm(g.state)
    finally:
        compute.answering.reset(seat)
        compute.current.reset(worker)
    first = [knowledge.payload(knowledge.signature(knowledge.build(g.state, knowledge.entries(g.state, name))),
                               [])["sig"] for name in ("Cat", "Ann", "Bob")]
    assert [job["sig"] for job in asked] == first
