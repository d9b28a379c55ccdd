"""Clue's odds are worked out in a background process: an answer never waits for them, and the
phones get them pushed as soon as they are known (real server, real sockets, real worker)."""

from companion import background
from companion.background import Background
from companion.core.regions import fingerprint
from companion.games.clue import knowledge

from ...helpers import Sniffer, connect, wait_for

SIX = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]


def test_the_odds_reach_the_page_without_asking(server, api):
    """The certain facts come in the answer; the odds, from the worker, follow in a push (that
    the answer does not wait for them is tests/games/clue/test_rules_odds.py's, with a worker
    that never answers)."""
    t = api.create("clue", {"players": SIX}, name="Host")
    code, host = t["code"], t["token"]
    ann = api.join(code, "Ann", token=host)["token"]
    sniff = Sniffer(connect(server.url, code, ann))
    sniff.wait("My notes")
    view = api.ok(code, ann, type="hand", cards=["ursula", "talisman", "laboratory"])
    assert view["notes"]["ursula"]["Ann"] == "has"  # the certain facts at once
    # The exact count for this hand takes the worker about 10 ms, so it may already be in the
    # answer (the answer waits up to 30 ms for the pushes); if not, it is marked as pending.
    if view["odds_pending"]:
        assert all(p is None for p in view["probabilities"]["jafar"].values())
    wait_for(lambda: not api.view(code, ann)["odds_pending"], timeout=30)
    later = api.view(code, ann)
    assert later["probabilities"]["jafar"]["Bob"] is not None and later["exact"] is True
    sniff.wait("percent likely", timeout=30)  # the page got the odds without asking


def test_a_background_worker_answers_later_and_tells_its_listeners():
    bg = Background()
    heard = []
    bg.listeners.append(heard.append)
    try:
        from tests.rules import Game
        g = Game("clue", {"players": ["Ann", "Bob", "Cat"]}, players=["Ann", "Bob", "Cat"])
        g.act("Ann", type="hand", cards=["ursula", "talisman", "potion", "laboratory", "lair_2", "lair_3"])
        k, _ = knowledge.knowledge(g.state, "Ann")
        sig = knowledge.signature(k)
        job = knowledge.payload(sig, knowledge.deduce(sig)["possible"])
        assert bg.ask("clue.probabilities", "k1", job) is None  # queued, not waited for
        wait_for(lambda: bg.ask("clue.probabilities", "k1", job) is not None, timeout=20)
        result = bg.ask("clue.probabilities", "k1", job)
        assert result["sampled"] is False and heard == ["clue.probabilities"]
        inline = knowledge._inline_odds(sig)
        assert result["cells"] == inline["cells"]  # the same exact counts as computed here
    finally:
        bg.close()


def test_every_players_search_is_asked_of_the_fast_worker_at_once_before_the_views(server, api):
    """The seats' views are worked out one after another; their searches run on the worker
    meanwhile (each player's, asked for together when the action is checked)."""
    t = api.create("clue", {"players": SIX}, name="Host")
    code, host = t["code"], t["token"]
    ann = api.join(code, "Ann", token=host)["token"]
    knowledge._deduced.clear()
    api.ok(code, ann, type="hand", cards=["ursula", "talisman", "laboratory"])
    tables = server.app.extensions["tables"]
    state = tables.get(code).state["game"]
    for name in SIX:  # Bob to Fay have no phone here: only the worker was asked for their searches
        sig = knowledge.signature(knowledge.build(state, knowledge.entries(state, name)))
        job = {"sig": knowledge.payload(sig, [])["sig"]}
        found = tables.compute.ask("clue.solve", fingerprint("clue.solve", job), job, lane="fast", wait=10,
                                   queue=False)
        assert found is not None and found["possible"], name


def jobs():
    """A player's search (the fast lane's) and odds (the slow lane's) jobs, from a real table."""
    from tests.rules import Game
    g = Game("clue", {"players": ["Ann", "Bob", "Cat"]}, players=["Ann", "Bob", "Cat"])
    g.act("Ann", type="hand", cards=["ursula", "talisman", "potion", "laboratory", "lair_2", "lair_3"])
    k, _ = knowledge.knowledge(g.state, "Ann")
    sig = knowledge.signature(k)
    return {"sig": knowledge.payload(sig, [])["sig"]}, knowledge.odds_payload(sig, knowledge.deduce(sig)["possible"])


def test_the_slow_lane_spreads_a_burst_of_tasks_over_its_processes():
    solve, odds = jobs()
    bg = Background(slow=2)
    try:
        for i in range(6):  # six seats' odds after a suggestion
            assert bg.ask("clue.probabilities", f"odds{i}", odds) is None
        wait_for(lambda: all(bg.ask("clue.probabilities", f"odds{i}", odds, queue=False) for i in range(6)),
                 timeout=30)
        done = bg.workers["slow"]
        assert len(done) == 2 and all(n > 0 for n in done) and sum(done) == 6, done
    finally:
        bg.close()


def test_the_slow_lane_waits_while_the_fast_lane_has_work(monkeypatch):
    monkeypatch.setattr(background, "FAST_FIRST", 60.0)  # however long the fast worker takes to start
    solve, odds = jobs()
    bg = Background(slow=2)
    try:
        for i in range(3):
            bg.ask("clue.solve", f"solve{i}", solve, lane="fast")
        for i in range(3):
            bg.ask("clue.probabilities", f"odds{i}", odds)
        assert bg.workers == {"fast": [0], "slow": [0, 0]}
        assert len(bg._queues["slow"]) == 3  # held back: the fast worker has not answered yet
        for i in range(3):
            assert bg.ask("clue.solve", f"solve{i}", solve, lane="fast", wait=20, queue=False)["possible"]
        wait_for(lambda: all(bg.ask("clue.probabilities", f"odds{i}", odds, queue=False) for i in range(3)),
                 timeout=30)
        assert sum(bg.workers["slow"]) == 3 and bg.workers["fast"] == [3]
    finally:
        bg.close()


def test_a_slow_worker_that_dies_is_replaced_and_the_tasks_left_are_done():
    solve, odds = jobs()
    bg = Background(slow=1)
    try:
        bg.ask("clue.probabilities", "first", odds)
        wait_for(lambda: bg.ask("clue.probabilities", "first", odds, queue=False) is not None, timeout=30)
        bg._slots["slow"][0].proc.kill()
        bg._slots["slow"][0].proc.wait()
        for i in range(3):
            bg.ask("clue.probabilities", f"after{i}", odds)
        wait_for(lambda: all(bg.ask("clue.probabilities", f"after{i}", odds, queue=False) is not None
                             for i in range(3)), timeout=30)
    finally:
        bg.close()
