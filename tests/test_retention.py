"""Issue 11.11: nothing kept for ever by accident. Idle tables leave memory and come back from the
store; the host can download a table's public log and then end and delete it; tables idle for
COMPANION_KEEP_DAYS are deleted by the server itself."""

import json
import time

import pytest
import simple_websocket

from companion.store import Store

from .games.gathering.test_rules import EIGHT
from .helpers import Api, InProcess, Server, connect, seated_table, wait_for


def test_an_idle_table_leaves_memory_and_comes_back_from_the_store_on_the_next_request(app):
    api = Api(InProcess(app))
    t = seated_table(api)
    api.ok(t["code"], t["bob"], type="roll", dice="2d6")
    before = api.view(t["code"], t["host"])
    tables = app.extensions["tables"]
    assert tables.sweep(clock=time.monotonic() + 29 * 60) == (0, 0)  # not idle long enough
    assert tables.sweep(clock=time.monotonic() + 31 * 60) == (1, 0) and tables.loaded() == 0
    assert api.view(t["code"], t["host"]) == before and tables.loaded() == 1
    assert api.ok(t["code"], t["bob"], type="roll", dice="d6")["rolls"][-1]["by"] == "Bob"


def test_the_host_ends_and_deletes_a_table_its_seats_stop_and_its_sockets_close(server, api, table):
    ws = connect(server.url, table["code"], table["bob"])
    ws.receive(timeout=15)
    api.ok(table["code"], table["bob"], type="memo", text="a secret note")
    assert api.request("DELETE", f"/api/tables/{table['code']}", token=table["bob"]).status == 403
    assert api.request("DELETE", f"/api/tables/{table['code']}", token=table["host"]).status == 204
    with pytest.raises(simple_websocket.ConnectionClosed) as err:
        while True:
            ws.receive(timeout=5)
    assert err.value.reason == 1008
    for who in ("host", "bob", "display"):
        assert api.request("GET", f"/api/tables/{table['code']}", token=table[who]).status == 404
    db = Store(server.app.extensions["tables"].store.path)
    for t in ("tables", "seats", "events", "claims"):
        assert db._db.execute(f"SELECT count(*) FROM {t} WHERE code=?", (table["code"],)).fetchone()[0] == 0


def test_the_hosts_page_deletes_the_table_and_goes_home(app):
    c = InProcess(app)
    t = Api(c).create("villainous")
    c.client.set_cookie(f"seat_{t['code']}", t["token"])
    r = c("POST", f"/tables/{t['code']}/delete", raw=b"", headers={"HX-Request": "true",
                                                                   "Content-Type": "application/x-www-form-urlencoded"})
    assert r.status == 200 and r.headers["HX-Redirect"] == "/"
    assert c("GET", f"/api/tables/{t['code']}", token=t["token"]).status == 404


def test_the_host_downloads_the_public_log_as_json_with_no_secret_in_it(app):
    c = InProcess(app)
    api = Api(c)
    t = api.create("gathering", name="Narrator")
    for name, _ in EIGHT:
        api.join(t["code"], name, token=t["token"])
    api.ok(t["code"], t["token"], type="setup", players=[n for n, _ in EIGHT], characters=[ch for _, ch in EIGHT])
    api.ok(t["code"], t["token"], type="deal", characters=dict(EIGHT), mischief=["Gus", "Hal"])
    api.ok(t["code"], t["token"], type="memo", text="Gus looks shifty")
    c.client.set_cookie(f"seat_{t['code']}", t["token"])
    r = c("GET", f"/tables/{t['code']}/log.json")
    assert r.status == 200 and "attachment" in r.headers["Content-Disposition"]
    data = json.loads(r.text)
    assert data["game"] == "gathering" and [e["action"]["type"] for e in data["events"]] == ["setup", "deal"]
    assert data["events"][1]["action"] == {"type": "deal"}  # the deal, as the table saw it
    text = json.dumps(data)
    assert "Gus looks shifty" not in text and '"Ann": "maleficent"' not in text  # no memo, no deal
    assert all("alignment" not in p or p["alignment"] is None for p in data["final"]["players"])
    assert api.request("GET", f"/api/tables/{t['code']}/export", token=t["token"]).json == data
    bob = api.join(t["code"], "Bob2", token=t["token"])
    assert api.request("GET", f"/api/tables/{t['code']}/export", token=bob["token"]).status == 403


def test_the_server_deletes_tables_idle_for_keep_days_by_itself(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_KEEP_DAYS", str(3 / 86400))  # 3 s
    monkeypatch.setenv("COMPANION_IDLE_MINUTES", str(0.3 / 60))  # 0.3 s
    monkeypatch.setenv("COMPANION_SWEEP_SECONDS", "0.1")
    server = Server(tmp_path / "k.db")
    try:
        api = Api(server.url)
        old = api.create("clue")
        tables = server.app.extensions["tables"]
        wait_for(lambda: tables.loaded() == 0, timeout=5)  # idle: it left memory, it is still stored
        assert api.view(old["code"], old["token"])["suggestions"] == []
        wait_for(lambda: api.request("GET", f"/api/tables/{old['code']}", token=old["token"]).status == 404, timeout=15)
        fresh = api.create("clue")  # the sweeper goes on: a table in use is kept (the clock is tested in sweep's tests)
        assert api.request("GET", f"/api/tables/{fresh['code']}", token=fresh["token"]).status == 200
    finally:
        server.stop()


def test_a_store_from_before_these_columns_is_upgraded_in_place(tmp_path):
    """A companion.db made before seats could be removed and tables could age still opens."""
    import sqlite3

    from companion.tables import Tables, token_hash

    path = str(tmp_path / "old.db")
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE tables (code TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, created REAL NOT NULL);
        CREATE TABLE seats (code TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL, role TEXT NOT NULL,
          approved INTEGER NOT NULL, token_hash TEXT NOT NULL UNIQUE, PRIMARY KEY (code, seat));
        CREATE TABLE events (code TEXT NOT NULL, seq INTEGER NOT NULL, body TEXT NOT NULL, at REAL NOT NULL,
          PRIMARY KEY (code, seq));""")
    db.execute("INSERT INTO tables VALUES ('OLDTABL', 'villainous', '{}', ?)", (time.time() - 86400,))
    db.execute("INSERT INTO seats VALUES ('OLDTABL', 0, 'Host', 'host', 1, ?)", (token_hash("old-token"),))
    db.commit()
    db.close()
    tables = Tables(Store(path))
    table, seat = tables.authenticate("OLDTABL", "old-token")
    assert seat.name == "Host" and table.version == 0
    assert tables.sweep(now=time.time() + 28 * 86400) == (0, 0)  # a day old, 29 days on: kept
    assert tables.sweep(now=time.time() + 30 * 86400) == (0, 1)
