"""Clue's odds are worked out in a background process: an answer never waits for them, and the
phones get them pushed as soon as they are known (real server, real sockets, real worker)."""

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
