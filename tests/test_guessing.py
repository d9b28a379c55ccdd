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
            connect(server.url, WRONG.format(i), "x").receive(timeout=15)
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



def test_a_seat_at_the_table_is_never_refused_for_what_others_at_its_address_guessed(server, api):
    """Issue 24.2: a café's shared address. Someone there guesses 21 codes; the players at a real
    table behind the same address still act, read and reach their pages."""
    t = api.create("villainous", name="Ann")
    bob = api.join(t["code"], "Bob", token=t["token"])
    statuses = [request(server.url, "GET", f"/api/tables/{WRONG.format(i)}").status for i in range(21)]
    assert statuses == [404] * 20 + [429]
    assert request(server.url, "GET", f"/api/tables/{t['code']}", token=bob["token"]).status == 200
    assert api.act(t["code"], t["token"], type="roll", dice="d6").status == 200
    page = request(server.url, "GET", f"/tables/{t['code']}", headers={"Cookie": f"seat_{t['code']}={bob['token']}"})
    assert page.status == 200 and "Bob" in page.text
    # and the guesser is still held: a wrong code, a wrong token, or a right code with no seat
    assert request(server.url, "GET", f"/api/tables/{WRONG.format(50)}", token=bob["token"]).status == 429
    assert request(server.url, "GET", f"/api/tables/{t['code']}", token="not-a-seat").status == 429
    assert request(server.url, "GET", f"/tables/{t['code']}/qr.svg").status == 429


def test_a_seat_socket_opens_though_its_address_is_over_the_guessing_limit(server, api, table):
    for i in range(21):
        request(server.url, "GET", f"/api/tables/{WRONG.format(i)}")
    assert request(server.url, "GET", f"/api/tables/{WRONG.format(99)}").status == 429
    ws = connect(server.url, table["code"], table["bob"])
    assert 'id="r-' in ws.receive(timeout=15)


def test_seat_cookies_on_the_home_page_count_as_guesses_when_they_name_no_seat(server, api):
    t = api.create("villainous", name="Ann")
    cookies = "; ".join(f"seat_{WRONG.format(i)}=x" for i in range(25))
    assert request(server.url, "GET", "/", headers={"Cookie": cookies}).status == 200  # the page still shows
    assert request(server.url, "GET", f"/api/tables/{WRONG.format(99)}").status == 429  # 20 of them were counted
    mine = request(server.url, "GET", "/", headers={"Cookie": f"seat_{t['code']}={t['token']}"})
    assert "Your tables" in mine.text  # a real seat is still listed
