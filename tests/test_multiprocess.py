"""Two `companion serve` processes on one PostgreSQL database serve the same tables live.

Real processes (gunicorn with its gevent worker, as `make run` starts it), a real cluster
(tests/conftest.py's `postgres`), real sockets: no sticky sessions, a phone may reach either.
"""

import os
import signal
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
import simple_websocket

from .helpers import Api, Sniffer, connect, request, wait_for
from .test_live import free_port, start


@pytest.fixture
def two(postgres):
    """Two processes on one new database: their base URLs (and the processes, to kill one)."""
    url = postgres.database()
    procs = [start(url, free_port()) for _ in range(2)]
    yield [base for _, base in procs], [proc for proc, _ in procs]
    for proc, _ in procs:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
        proc.wait()


def test_a_socket_on_one_process_sees_an_action_posted_on_the_other(two):
    (a, b), _ = two
    t = Api(a).create("villainous", name="Ann")
    bob = Api(a).join(t["code"], "Bob", token=t["token"])  # seated on A, his phone on B
    sniff = Sniffer(connect(b, t["code"], bob["token"]))
    sniff.wait('id="r-dice"')
    Api(a).ok(t["code"], t["token"], type="roll", dice="2d6", purpose="across-processes")
    sniff.wait("across-processes", timeout=15)  # pushed by B's listener, without a request to B
    assert Api(b).view(t["code"], bob["token"])["rolls"][-1]["purpose"] == "across-processes"


def test_twenty_writers_split_across_processes_with_expected_version(two):
    """The event's number is the arbiter: every accepted action grew the version by one, and a
    writer that expected a version another had taken got 409, never a 500 or a lost action."""
    bases, _ = two
    t = Api(bases[0]).create("villainous", name="Ann")
    start_version = Api(bases[1]).view(t["code"], t["token"]) and request(
        bases[1], "GET", f"/api/tables/{t['code']}", token=t["token"]).json["version"]
    barrier = threading.Barrier(20)

    def write(i):
        base = bases[i % 2]
        version = request(base, "GET", f"/api/tables/{t['code']}", token=t["token"]).json["version"]
        barrier.wait()
        r = Api(base).act(t["code"], t["token"], type="roll", dice="d6", purpose=f"w{i}", expected_version=version)
        return r.status

    with ThreadPoolExecutor(20) as pool:
        statuses = list(pool.map(write, range(20)))
    assert set(statuses) <= {200, 409}, statuses
    accepted = statuses.count(200)
    assert accepted >= 1
    for base in bases:
        final = request(base, "GET", f"/api/tables/{t['code']}", token=t["token"]).json["version"]
        assert final - start_version == accepted
    rolls = Api(bases[0]).view(t["code"], t["token"])["rolls"]
    assert len(rolls) == accepted


def test_writers_without_expected_version_all_land_across_processes(two):
    """Without `expected_version`, a writer that lost the race is applied again on the fresh state."""
    bases, _ = two
    t = Api(bases[0]).create("villainous", name="Ann")

    def write(i):
        return Api(bases[i % 2]).act(t["code"], t["token"], type="roll", dice="d6", purpose=f"w{i}").status

    with ThreadPoolExecutor(20) as pool:
        statuses = list(pool.map(write, range(40)))
    assert statuses == [200] * 40
    log = Api(bases[1]).log(t["code"], t["token"])
    assert [e["seq"] for e in log] == list(range(1, 41)) or len(log) == 40


def test_kill_9_of_one_process_mid_burst_keeps_every_acknowledged_action(two):
    (a, b), (proc_a, _) = two
    t = Api(a).create("villainous", name="Ann")
    acknowledged, stop = [], threading.Event()

    def burst(base):
        i = 0
        while not stop.is_set():
            i += 1
            try:
                r = Api(base).act(t["code"], t["token"], type="roll", dice="d6", purpose=f"{base[-5:]}-{i}")
            except OSError:
                return  # its process is gone
            if r.status == 200:
                acknowledged.append(r.json["view"]["rolls"][-1]["purpose"])

    writers = [threading.Thread(target=burst, args=(base,)) for base in (a, a, b, b)]
    for w in writers:
        w.start()
    wait_for(lambda: len(acknowledged) >= 40, timeout=20)
    os.killpg(proc_a.pid, signal.SIGKILL)  # mid-burst, no clean shutdown
    time.sleep(0.5)
    stop.set()
    for w in writers:
        w.join(timeout=15)
    stored = {r["purpose"] for r in Api(b).view(t["code"], t["token"])["rolls"]}
    assert set(acknowledged) <= stored
    assert len(acknowledged) >= 40


def test_a_seat_made_on_one_process_works_on_the_other_and_its_removal_closes_its_sockets(two):
    (a, b), _ = two
    t = Api(a).create("villainous", name="Ann")
    bob = Api(a).join(t["code"], "Bob", token=t["token"])
    ws = connect(b, t["code"], bob["token"])
    assert ws.receive(timeout=5)
    r = request(a, "DELETE", f"/api/tables/{t['code']}/seats/{bob['seat']}", token=t["token"])
    assert r.status in (200, 204), r.text
    with pytest.raises(simple_websocket.ConnectionClosed) as err:
        while True:
            ws.receive(timeout=5)
    assert err.value.reason == 1008
    assert request(b, "GET", f"/api/tables/{t['code']}", token=bob["token"]).status == 401


def test_a_personal_link_works_once_across_processes(postgres):
    """Two services on one database stand for two processes (each has its own memory)."""
    from companion.postgres import PgStore
    from companion.tables import LinkUsed, Tables

    url = postgres.database()
    one, other = Tables(PgStore(url)), Tables(PgStore(url))
    try:
        table, host, _ = one.create("villainous", {}, "Ann")
        seat, link = one.join(table.code, "Cy", "player", by=host, personal=True)
        _, claimed, token = other.claim(table.code, link)  # the link was made on the first process
        assert claimed.id == seat.id
        with pytest.raises(LinkUsed):
            one.claim(table.code, link)  # the first still holds it in memory: the store says no
        assert one.authenticate(table.code, token)[1].id == seat.id
    finally:
        one.store.close()
        other.store.close()


def test_wrong_codes_are_counted_by_every_process_together(two):
    (a, b), _ = two
    statuses = [request(base, "GET", "/api/tables/ZZZZZZ2").status for base in [a, b] * 11]
    assert statuses[:20] == [404] * 20
    assert statuses[20:] == [429, 429]


def test_healthz_says_the_store_is_postgresql_and_the_listener_alive(two):
    (a, _), _ = two
    r = request(a, "GET", "/healthz")
    assert r.status == 200 and r.json["store"] == "postgresql"


def test_migrate_copies_every_table_seat_and_event_to_postgresql(tmp_path, postgres, capsys):
    import random

    from companion.cli import main
    from companion.postgres import PgStore
    from companion.store import Store
    from companion.tables import Tables

    sqlite = str(tmp_path / "old.db")
    old = Tables(Store(sqlite), rng=random.Random(5))
    codes = []
    for game in ("villainous", "clue", "gathering", "touch-of-evil"):
        table, host, token = old.create(game, {}, "Ann")
        old.join(table.code, "Bob", "player", by=host)
        old.act(table.code, host, {"type": "roll", "dice": "2d6", "purpose": "kept"})
        codes.append((table.code, token, table.state, table.version))
    old.store.close()
    url = postgres.database()
    main(["migrate", "--from", sqlite, "--to", url])
    assert "Copied 4 tables (4 events); 0 left alone." in capsys.readouterr().out
    new = Tables(PgStore(url))
    try:
        for code, token, state, version in codes:
            table, seat = new.authenticate(code, token)  # the host's token still works
            assert seat.name == "Ann" and table.version == version and table.state == state
            assert [s.name for s in table.seats.values()] == ["Ann", "Bob"]
    finally:
        new.store.close()
    main(["migrate", "--from", sqlite, "--to", url])  # again: nothing is copied twice
    assert "Copied 0 tables (0 events); 4 left alone." in capsys.readouterr().out
    main(["replay", codes[0][0], "--db", url])  # replay reads either store
    assert f'"version": {codes[0][3]}' in capsys.readouterr().out


def test_sigterm_drains_a_process_and_its_pages_carry_on_with_the_other(two):
    """A deploy: the process closes its sockets with 1012 (the page reconnects by itself, here to
    the other process) and says it is unhealthy meanwhile."""
    (a, b), (proc_a, _) = two
    t = Api(a).create("villainous", name="Ann")
    ws = connect(a, t["code"], t["token"])
    assert ws.receive(timeout=5)
    os.killpg(proc_a.pid, signal.SIGTERM)
    with pytest.raises(simple_websocket.ConnectionClosed) as err:
        while True:
            ws.receive(timeout=5)
    assert err.value.reason == 1012
    sniff = Sniffer(connect(b, t["code"], t["token"]))  # what the page does next, through the balancer
    sniff.wait('id="r-dice"')
    Api(b).ok(t["code"], t["token"], type="roll", dice="d6", purpose="after-the-deploy")
    sniff.wait("after-the-deploy")


def test_healthz_answers_503_when_the_listener_is_not_connected(postgres):
    from .helpers import Server

    server = Server(postgres.database())
    try:
        assert request(server.url, "GET", "/healthz").status == 200
        server.app.extensions["tables"].store.listener.stop()
        r = request(server.url, "GET", "/healthz")
        assert r.status == 503 and "other processes" in r.json["error"]
    finally:
        server.stop()


def test_one_log_line_per_action_with_the_table_and_timing_never_a_token(postgres, tmp_path):
    import subprocess
    import sys

    port, err = free_port(), tmp_path / "stderr.log"
    with open(err, "wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1", "--port",
                                 str(port), "--db", postgres.database()], stdout=subprocess.DEVNULL, stderr=out,
                                start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for(lambda: _up(base), timeout=15, interval=0.1)
        t = Api(base).create("villainous", name="Ann")
        Api(base).ok(t["code"], t["token"], type="roll", dice="d6", purpose="secret-purpose")
        Api(base).undo(t["code"], t["token"])
        wait_for(lambda: "undo by seat 0" in err.read_text(), timeout=5)
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait()
    text = err.read_text()
    assert f"table {t['code']} v1: roll by seat 0 in " in text and f"table {t['code']} v2: undo by seat 0 in " in text
    assert t["token"] not in text and "secret-purpose" not in text and "Ann" not in text


def _up(base):
    try:
        return request(base, "GET", "/healthz").status == 200
    except OSError:
        return False


def test_migrate_and_replay_refuse_a_missing_source_plainly(tmp_path, capsys):
    from companion.cli import main

    for argv in (["migrate", "--from", str(tmp_path / "missing.db"), "--to", str(tmp_path / "new.db")],
                 ["replay", "ABCDEFG", "--db", str(tmp_path / "missing.db")]):
        with pytest.raises(SystemExit) as stop:
            main(argv)
        assert "there is no database at" in str(stop.value.code)
    assert not (tmp_path / "missing.db").exists()  # nothing was created in its place


def test_a_listener_that_lost_its_connection_catches_up_what_it_missed(postgres):
    """Two apps on one database (each its own memory, as two processes): the second's listening
    connection is cut, an action lands meanwhile, and its socket still gets it once it is back."""
    import psycopg

    from .helpers import Server

    url = postgres.database()
    one, other = Server(url), Server(url)
    try:
        t = Api(one.url).create("villainous", name="Ann")
        sniff = Sniffer(connect(other.url, t["code"], t["token"]))
        sniff.wait('id="r-dice"')
        listener = other.app.extensions["tables"].store.listener
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                          "WHERE query LIKE 'LISTEN%%' AND pid <> pg_backend_pid()")
        wait_for(lambda: not listener.alive, timeout=5, interval=0.005)
        Api(one.url).ok(t["code"], t["token"], type="roll", dice="d6", purpose="while-it-was-away")
        sniff.wait("while-it-was-away", timeout=10)
        assert listener.alive
    finally:
        one.stop()
        other.stop()


def test_a_table_read_while_the_other_process_commits_does_not_stay_a_change_behind(postgres):
    """The other process commits between this one's read of a table and its registration in
    memory (so the notice finds no table here): the sockets still get the change."""
    from .helpers import Server

    url = postgres.database()
    one, other = Server(url), Server(url)
    try:
        t = Api(one.url).create("villainous", name="Ann")
        store = other.app.extensions["tables"].store
        read, done = store.load, []

        def load(code):
            got = read(code)
            if code == t["code"] and not done:
                done.append(Api(one.url).ok(code, t["token"], type="roll", dice="d6", purpose="in-the-gap"))
            return got

        store.load = load
        sniff = Sniffer(connect(other.url, t["code"], t["token"]))
        wait_for(lambda: done, timeout=5)
        sniff.wait("in-the-gap", timeout=10)
        assert Api(other.url).view(t["code"], t["token"])["rolls"][-1]["purpose"] == "in-the-gap"
    finally:
        one.stop()
        other.stop()


class _Base:
    def __init__(self, url):
        self.url = url


@pytest.mark.browser
def test_two_phones_on_two_processes_play_one_table_in_chromium(browser, two):
    """The host's phone reaches one process and a player's phone the other (no sticky sessions):
    a tap on the first shows on the second, and the answer back, at phone size."""
    from playwright.sync_api import expect

    from .browser import open_seat

    (a, b), _ = two
    t = Api(a).create("touch-of-evil", {"villain": "bog_fiend", "mode": "cooperative",
                                        "heroes": ["Eliza", "Valeria"]}, name="Host")
    eliza = Api(b).join(t["code"], "Eliza", token=t["token"])["token"]
    host = open_seat(browser, _Base(a), t["code"], t["token"])
    phone = open_seat(browser, _Base(b), t["code"], eliza)
    expect(phone.locator(".shadow-value, #r-track").first).to_contain_text("0")
    host.get_by_role("button", name="+1 toward Darkness").first.click()
    expect(phone.locator("#r-game")).to_contain_text("1 / 10 toward Darkness")
    phone.get_by_role("button", name="+1 toward Darkness").first.click()
    expect(host.locator("#r-game")).to_contain_text("2 / 10 toward Darkness")
    assert Api(a).view(t["code"], t["token"])["shadow"] == 2


def test_a_table_idle_past_the_limit_stays_live_on_the_process_that_holds_its_sockets(postgres):
    """Issue 24.4: a dinner break. With a tiny idle limit, process B sweeps many times while Bob's
    phone is connected to it and nobody acts; then every action on A still reaches Bob on B."""
    quick = {"COMPANION_IDLE_MINUTES": "0.001", "COMPANION_SWEEP_SECONDS": "0.1"}
    url = postgres.database()
    procs = [start(url, free_port(), env=quick) for _ in range(2)]
    try:
        (a, b) = [base for _, base in procs]
        t = Api(a).create("villainous", name="Ann")
        bob = Api(a).join(t["code"], "Bob", token=t["token"])
        sniff = Sniffer(connect(b, t["code"], bob["token"]))
        sniff.wait('id="r-dice"')
        time.sleep(1.0)  # about ten sweeps on B, each finding the table idle
        for i in range(3):
            Api(a).ok(t["code"], t["token"], type="roll", dice="d6", purpose=f"after-the-break-{i}")
            sniff.wait(f"after-the-break-{i}")
    finally:
        for proc, _ in procs:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait()


def test_a_dropped_database_connection_never_answers_500(postgres):
    """Issue 24.5: an administrator (or a restart) cuts every connection the app holds; the next
    requests answer as usual (a pooled connection is checked as it is taken) or 503 with a
    sentence, never 500, and nothing acknowledged is lost."""
    import psycopg

    url = postgres.database()
    proc, base = start(url, free_port())
    try:
        api = Api(base)
        t = api.create("villainous", name="Ann")
        for i in range(5):
            api.ok(t["code"], t["token"], type="roll", dice="d6", purpose=f"before-{i}")
        with psycopg.connect(url, autocommit=True) as admin:
            cut = admin.execute("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                                "WHERE datname = current_database() AND pid <> pg_backend_pid()").fetchone()[0]
        assert cut >= 1
        answers = [api.act(t["code"], t["token"], type="roll", dice="d6", purpose=f"after-{i}") for i in range(30)]
        statuses = [r.status for r in answers]
        assert 500 not in statuses and set(statuses) <= {200, 503}, statuses
        assert all("try again" in r.json["error"] for r in answers if r.status == 503)
        assert statuses[-1] == 200
        purposes = [r["purpose"] for r in api.view(t["code"], t["token"])["rolls"]]
        kept = [f"after-{i}" for i, s in enumerate(statuses) if s == 200]
        assert all(p in purposes for p in [f"before-{i}" for i in range(5)] + kept)
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait()


def test_a_removed_or_relinked_seat_is_refused_on_every_process_once_that_was_answered(postgres):
    """Issue 24.6: two services on one database stand for two processes. The moment the host's
    removal (or new link) is answered on one, the old token opens nothing on the other, although
    the other has not heard the notification (it has no listener here)."""
    from companion.core.errors import Unauthorized
    from companion.postgres import PgStore
    from companion.tables import Tables

    url = postgres.database()
    one, other = Tables(PgStore(url)), Tables(PgStore(url))
    try:
        table, host, _ = one.create("villainous", {}, "Ann")
        bob, bob_token = one.join(table.code, "Bob", "player", by=host)
        cy, cy_token = one.join(table.code, "Cy", "player", by=host)
        assert other.authenticate(table.code, bob_token)[1].id == bob.id  # the other process knows them
        assert other.authenticate(table.code, cy_token)[1].id == cy.id
        one.remove_seat(table.code, host, bob.id)
        with pytest.raises(Unauthorized):
            other.authenticate(table.code, bob_token)
        one.new_link(table.code, host, cy.id)
        with pytest.raises(Unauthorized):
            other.authenticate(table.code, cy_token)
    finally:
        one.store.close()
        other.store.close()


def test_parallel_wrong_codes_on_two_processes_are_limited_together(two):
    """Issue 24.6: 60 wrong codes at once, half on each process: 20 are looked up, 40 refused."""
    (a, b), _ = two
    with ThreadPoolExecutor(max_workers=30) as pool:
        statuses = list(pool.map(lambda i: request([a, b][i % 2], "GET", f"/api/tables/ZZZ{i:04d}").status, range(60)))
    assert statuses.count(404) == 20 and statuses.count(429) == 40


def test_a_socket_opened_on_another_process_right_after_a_removal_gets_no_page(two):
    """Issue 24.6 on real processes: the host removes Bob on A; a socket Bob opens on B at once is
    closed with 1008 before any page is sent, and his token reads nothing there."""
    (a, b), _ = two
    t = Api(a).create("villainous", name="Ann")
    bob = Api(a).join(t["code"], "Bob", token=t["token"])
    assert request(b, "GET", f"/api/tables/{t['code']}", token=bob["token"]).status == 200  # B knows him
    assert request(a, "DELETE", f"/api/tables/{t['code']}/seats/{bob['seat']}", token=t["token"]).status == 204
    assert request(b, "GET", f"/api/tables/{t['code']}", token=bob["token"]).status == 401
    ws = connect(b, t["code"], bob["token"])
    with pytest.raises(simple_websocket.ConnectionClosed) as closed:
        while True:
            assert 'id="r-' not in (ws.receive(timeout=15) or "")  # no page before the close
    # 1008 is sent; on a loaded machine the connection may be gone before the client reads the frame
    assert closed.value.reason in (1008, 1005)
