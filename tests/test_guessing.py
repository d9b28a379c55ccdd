"""Issue 11.6: guessing table codes. Every route that takes a code counts a wrong one towards the
20-a-minute limit of the client's address; a right code costs nothing; parallel guesses cannot
slip past; behind a trusted proxy (COMPANION_PROXIES) each client has its own count."""

import re
import threading

import pytest
import simple_websocket

from companion.web import create_app

from .helpers import Api, InProcess, connect, request

WRONG = "ZZZZ{:03d}"


def code_routes(app):
    """(method, path) for every route with a table code, the socket aside (its own test)."""
    out = []
    for rule in app.url_map.iter_rules():
        if "code" not in rule.arguments or rule.endpoint == "socket" or rule.rule.endswith("/ws"):
            continue
        path = re.sub(r"<(?:\w+:)?(\w+)>", lambda m: "{code}" if m.group(1) == "code" else "1", rule.rule)
        method = sorted(rule.methods - {"HEAD", "OPTIONS"})[0]
        out.append((method, path))
    return sorted(set(out))


def test_every_route_that_takes_a_table_code_counts_wrong_codes(app):
    c = InProcess(app)
    routes = code_routes(app)
    assert len(routes) >= 15 and ("GET", "/tables/{code}/qr.svg") in routes and ("GET", "/tables/{code}/claim") in routes
    for method, path in routes:
        app.extensions["limiter"].__init__()  # a fresh minute for each route
        for i in range(20):
            r = c(method, path.format(code=WRONG.format(i)), raw=b"" if method != "GET" else None,
                  headers={"Accept": "application/json"})
            assert r.status == 404, (method, path, r.status, r.text[:200])
        r = c(method, path.format(code=WRONG.format(99)), raw=b"" if method != "GET" else None,
              headers={"Accept": "application/json"})
        assert r.status == 429 and r.json["code"] == "too_many_requests", (method, path, r.status)


def test_guessing_over_the_socket_counts_too(server):
    for i in range(20):
        with pytest.raises(simple_websocket.ConnectionClosed):
            connect(server.url, WRONG.format(i), "x").receive(timeout=3)
    assert request(server.url, "GET", f"/tables/{WRONG.format(50)}/qr.svg").status == 429


def test_only_wrong_codes_count(client):
    t = client.create("clue")
    for _ in range(60):  # a table's phones ask for its code all evening
        assert client.request("GET", f"/tables/{t['code']}/qr.svg").status == 200
        assert client.request("GET", f"/api/tables/{t['code']}", token=t["token"]).status == 200
    assert [client.request("GET", f"/tables/{WRONG.format(i)}/qr.svg").status for i in range(21)] == [404] * 20 + [429]


def test_parallel_guesses_cannot_slip_past_the_limit(server):
    statuses, start = [], threading.Barrier(60)

    def guess(i):
        start.wait()
        statuses.append(request(server.url, "GET", f"/api/tables/{WRONG.format(i)}", token="x").status)

    threads = [threading.Thread(target=guess, args=(i,)) for i in range(60)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert statuses.count(404) == 20 and statuses.count(429) == 40, sorted(statuses)


def guesses(c, addr, n, start=0):
    return [c("GET", f"/tables/{WRONG.format(start + i)}/qr.svg", headers={"X-Forwarded-For": addr}).status
            for i in range(n)]


def test_behind_a_trusted_proxy_each_client_address_has_its_own_limit(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_PROXIES", "1")
    c = InProcess(create_app(str(tmp_path / "p.db")))
    assert guesses(c, "203.0.113.7", 21) == [404] * 20 + [429]
    assert guesses(c, "198.51.100.9", 1) == [404]  # another phone behind the same proxy is not locked out
    t = Api(c).create("villainous")
    r = c("GET", f"/tables/{t['code']}/qr.svg", headers={"X-Forwarded-For": "198.51.100.9"})
    assert r.status == 200


def test_without_a_trusted_proxy_forwarded_headers_are_ignored(app):
    c = InProcess(app)
    assert guesses(c, "203.0.113.7", 20) == [404] * 20
    assert guesses(c, "198.51.100.9", 1, start=40) == [429]  # the header is anyone's to forge: one address
