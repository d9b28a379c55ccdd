"""Issue 24.3: fair shares. One table cannot take the server from the others: at most 40 seats
(a sentence past it), at most a set number of sockets per table (1013 past it, the page tries
again), and a socket that closed is never rendered for again."""

import pytest
import simple_websocket

from companion.live import Connection
from companion.tables import SEATS_MAX
from companion.web import ws as ws_route

from .helpers import connect


def test_a_table_takes_at_most_forty_seats_and_says_so(client):
    t = client.create("villainous", name="Ann")
    for i in range(SEATS_MAX - 1):
        client.join(t["code"], f"Guest {chr(65 + i // 26)}{chr(65 + i % 26)}", token=t["token"])
    before = client.view(t["code"], t["token"])
    r = client.request("POST", f"/api/tables/{t['code']}/seats", {"name": "One more", "role": "player"}, token=t["token"])
    assert r.status == 422 and r.json["code"] == "table_full"
    assert "40 seats" in r.json["error"] and "remove a seat" in r.json["error"]
    assert client.view(t["code"], t["token"]) == before  # nobody was seated


def test_a_removed_seat_makes_room_at_a_full_table(client):
    t = client.create("villainous", name="Ann")
    first = client.join(t["code"], "Guest AA", token=t["token"])
    for i in range(1, SEATS_MAX - 1):
        client.join(t["code"], f"Guest {chr(65 + i // 26)}{chr(65 + i % 26)}", token=t["token"])
    r = client.request("DELETE", f"/api/tables/{t['code']}/seats/{first['seat']}", token=t["token"])
    assert r.status == 204, r.text
    assert client.join(t["code"], "Late guest", token=t["token"])["approved"]


def closed_with(ws) -> int:
    with pytest.raises(simple_websocket.ConnectionClosed) as err:
        while True:
            ws.receive(timeout=15)
    return err.value.reason


def test_a_table_with_all_its_sockets_turns_the_next_away_with_1013_and_others_live_on(server, api, table, monkeypatch):
    monkeypatch.setattr(ws_route, "SOCKETS_PER_TABLE", 3)
    socks = [connect(server.url, table["code"], table[who]) for who in ("host", "bob", "display")]
    for s in socks:
        assert s.receive(timeout=15)
    extra = connect(server.url, table["code"], table["bob"])
    assert closed_with(extra) == 1013
    other = api.create("villainous", name="Zed")  # another table is not affected
    theirs = connect(server.url, other["code"], other["token"])
    assert theirs.receive(timeout=15)
    api.ok(table["code"], table["host"], type="roll", dice="d6", purpose="still-here")
    assert "still-here" in socks[1].receive(timeout=15)


def test_a_socket_that_closed_is_never_rendered_for_again(server, table, monkeypatch):
    hub = server.app.extensions["hub"]
    rendered = []
    real = hub.page
    monkeypatch.setattr(hub, "page", lambda t, seat: rendered.append(seat.id) or real(t, seat))

    class Phone:
        def send(self, message):
            pass

        def close(self, **kw):
            pass

    conn = Connection(Phone(), table["code"], 2)
    hub.add(conn)
    assert rendered == [2]
    hub.remove(conn)  # the phone went away while a broadcast still held it
    hub.push(conn)
    assert rendered == [2] and conn.closed
