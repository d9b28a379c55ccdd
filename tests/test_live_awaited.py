"""Issue 27.4: a background result moves on only the views that waited for it. Every result used
to make every view of every table of its game be worked out again and pushed (a six-player Clue
suggestion brings a dozen results: seconds of the server's time under load); now only the seat
whose view showed it was coming gets a new view, and a table that waits for nothing is left alone."""

from companion.core import views
from companion.core.table import PLAYER, Seat
from companion.core.views import Awaiting

from .helpers import Sniffer, connect, wait_for

ANN, BOB = Seat(1, "Ann", PLAYER), Seat(2, "Bob", PLAYER)


class Worker:
    """A background worker by hand: results are known once `finish` is called."""

    def __init__(self):
        self.results, self.queued = {}, []

    def ask(self, task, key, payload, lane="slow", wait=0.0, queue=True):
        if key in self.results:
            return self.results[key]
        if queue:
            self.queued.append(key)
        return None

    def finish(self, key, result):
        self.results[key] = result


class Owner:
    def __init__(self, compute):
        self.compute = compute


def test_a_result_moves_on_only_the_view_of_the_seat_that_showed_it_was_coming():
    worker = Worker()
    awaiting = Awaiting(Owner(worker))
    assert awaiting.asking(ANN).ask("odds", "k1", {}) is None  # Ann's view shows the odds are coming
    assert awaiting.asking(BOB).ask("odds", "k2", {}, wait=1.0) is None  # waited for: not shown as coming
    assert awaiting.asking(BOB).ask("odds", "k3", {}, queue=False) is None  # only looked: not shown as coming
    assert not awaiting.arrived()  # nothing came yet
    worker.finish("k2", 2)
    worker.finish("k3", 3)
    assert not awaiting.arrived()  # no view waited for those
    worker.finish("k1", 1)
    assert awaiting.arrived()
    assert (awaiting.generation(ANN), awaiting.generation(BOB)) == (1, 0)
    assert not awaiting.arrived()  # counted once


def test_a_result_known_at_once_is_not_waited_for():
    worker = Worker()
    worker.finish("k", 7)
    awaiting = Awaiting(Owner(worker))
    assert awaiting.asking(ANN).ask("odds", "k", {}) == 7
    assert not awaiting.arrived() and awaiting.generation(ANN) == 0


def test_results_that_never_come_are_forgotten_and_the_seat_asks_again(monkeypatch):
    monkeypatch.setattr(views, "WAITING_MAX", 3)
    worker = Worker()
    awaiting = Awaiting(Owner(worker))
    for key in ("a", "b", "c"):
        awaiting.asking(ANN).ask("odds", key, {})
    assert awaiting.generation(ANN) == 0
    awaiting.asking(ANN).ask("odds", "d", {})  # one too many: the old ones are dropped, the view is new
    assert awaiting.generation(ANN) == 1
    worker.finish("a", 1)
    assert not awaiting.arrived()  # forgotten
    worker.finish("d", 4)
    assert awaiting.arrived() and awaiting.generation(ANN) == 2


def test_a_result_that_came_while_no_page_was_open_reaches_the_seats_next_view():
    """Nobody is connected when the result comes (so nothing calls `arrived`): the seat's next view
    is worked out anew with it, not taken from the cache that still says it is coming."""
    worker = Worker()
    awaiting = Awaiting(Owner(worker))
    awaiting.asking(ANN).ask("odds", "k", {})
    assert awaiting.generation(ANN) == 0
    worker.finish("k", 1)
    assert awaiting.generation(ANN) == 1
    assert not awaiting.arrived() and awaiting.generation(ANN) == 1  # counted once


def test_without_a_worker_the_view_computes_inline():
    assert Awaiting(Owner(None)).asking(ANN) is None


def test_a_table_that_waits_for_no_result_is_not_pushed_when_one_arrives(server, api, table, monkeypatch):
    hub = server.app.extensions["hub"]
    bob = Sniffer(connect(server.url, table["code"], table["bob"]))
    wait_for(lambda: bob.messages)
    rendered = []
    real = hub.page
    monkeypatch.setattr(hub, "page", lambda t, seat: rendered.append(seat.id) or real(t, seat))
    hub.broadcast_game("villainous")  # a result of that game's task came in: nobody here waited for it
    assert rendered == []
    api.ok(table["code"], table["host"], type="roll", dice="d6", purpose="after")
    bob.wait("after")
    assert rendered  # the table itself is pushed as ever
