"""Issue 11.7 and 10.5: seat tokens never reach a log line, a personal link works once and the host
can replace it, and the host controls the seats (remove any, at most 20 pending). Real HTTP and
real sockets against a live server where the log or the sockets matter; the test client else."""

import http.client
import logging
import re
import urllib.parse

import pytest
import simple_websocket

from .helpers import Api, InProcess, Response, Server, connect, seated_table


def request(base, method, path, raw=None, headers=None) -> Response:
    """One HTTP request that does not follow redirects (as a test of a redirect must)."""
    host, port = urllib.parse.urlsplit(base).netloc.split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=10)
    try:
        conn.request(method, path, body=raw, headers=headers or {})
        r = conn.getresponse()
        return Response(r.status, r.read(), r.headers)
    finally:
        conn.close()


def closed_with(ws, timeout=5.0) -> int:
    """Read until the server closes the socket; answer its close code."""
    with pytest.raises(simple_websocket.ConnectionClosed) as err:
        while True:
            ws.receive(timeout=timeout)
    return err.value.reason


def form(cookie_token, code, **extra):
    headers = {"Content-Type": "application/x-www-form-urlencoded", "Cookie": f"seat_{code}={cookie_token}"}
    return {**headers, **extra}


def add_personal_seat(base, code, host_token, name):
    """The host's page adds a seat and shows its personal link once: answer the link."""
    r = request(base, "POST", f"/tables/{code}/seats", raw=urllib.parse.urlencode({"name": name}).encode(),
                headers=form(host_token, code, **{"HX-Request": "true"}))
    assert r.status == 200, r.text
    return re.search(r'href="([^"]+/claim#t=[^"]+)"', r.text).group(1)


def new_personal_link(base, code, host_token, seat_id):
    r = request(base, "POST", f"/tables/{code}/seats/{seat_id}/link", raw=b"",
                headers=form(host_token, code, **{"HX-Request": "true"}))
    assert r.status == 200, r.text
    return re.search(r'href="([^"]+/claim#t=[^"]+)"', r.text).group(1)


def claim(base, link, cookie=None):
    """What a browser does with a personal link: load the page (the part after '#' stays in the
    browser), then post the token (app.js). Answers the response of the post."""
    path, token = link.split("#t=")
    page = request(base, "GET", urllib.parse.urlsplit(path).path)
    assert page.status == 200 and 'id="claim-token"' in page.text
    headers = {"Content-Type": "application/x-www-form-urlencoded"}
    if cookie:
        headers["Cookie"] = cookie
    return request(base, "POST", urllib.parse.urlsplit(path).path, raw=urllib.parse.urlencode({"t": token}).encode(),
                   headers=headers)


def seat_cookie(response, code) -> str:
    return re.search(rf"seat_{code}=([^;]+)", response.headers["Set-Cookie"]).group(1)


@pytest.fixture
def access_log():
    """Every line the server logs while the test runs (Werkzeug's access log included)."""
    lines = []

    class Keep(logging.Handler):
        def emit(self, record):
            lines.append(record.getMessage())

    handler = Keep(level=logging.DEBUG)
    loggers = [logging.getLogger(), logging.getLogger("werkzeug"), logging.getLogger("companion")]
    for lg in loggers:
        lg.addHandler(handler)
    old = logging.getLogger("werkzeug").level
    logging.getLogger("werkzeug").setLevel(logging.INFO)
    yield lines
    logging.getLogger("werkzeug").setLevel(old)
    for lg in loggers:
        lg.removeHandler(handler)


def test_no_token_or_personal_link_ever_reaches_a_log_line(server, api, access_log):
    t = api.create("villainous", name="Host")
    code, host = t["code"], t["token"]
    link = add_personal_seat(server.url, code, host, "Ann")
    r = claim(server.url, link)
    assert r.status == 303
    ann = seat_cookie(r, code)
    ws = connect(server.url, code, ann)
    ws.receive(timeout=15)
    api.ok(code, ann, type="roll", dice="d6")
    assert request(server.url, "GET", f"/tables/{code}", headers={"Cookie": f"seat_{code}={ann}"}).status == 200
    ws.close()
    assert any(f"/tables/{code}/claim" in line for line in access_log)  # the log was captured
    secrets = [host, ann, link.split("#t=")[1]]
    leaks = [line for line in access_log for s in secrets if s in line]
    assert not leaks, leaks


def test_a_personal_link_works_once_and_a_second_browser_is_told_to_ask_the_host(server, api):
    t = api.create("villainous", name="Host")
    link = add_personal_seat(server.url, t["code"], t["token"], "Ann")
    first = claim(server.url, link)
    assert first.status == 303 and first.headers["Location"].endswith(f"/tables/{t['code']}")
    ann = seat_cookie(first, t["code"])
    assert api.view(t["code"], ann)["seat"]["name"] == "Ann"
    second = claim(server.url, link)
    assert second.status == 410 and "Ask the host for a new one" in second.text and "Set-Cookie" not in second.headers
    assert api.view(t["code"], ann)["seat"]["name"] == "Ann"  # the first browser keeps its seat


def test_a_browser_that_already_holds_a_seat_does_not_use_up_a_link(server, api):
    t = api.create("villainous", name="Host")
    link = add_personal_seat(server.url, t["code"], t["token"], "Ann")
    r = claim(server.url, link, cookie=f"seat_{t['code']}={t['token']}")  # the host scanned it by mistake
    assert r.status == 403 and "already holds the seat Host" in r.text
    assert claim(server.url, link).status == 303  # Ann's phone still gets it


def test_a_new_personal_link_revokes_the_old_one_and_closes_its_sockets(server, api):
    t = api.create("villainous", name="Host")
    code = t["code"]
    link = add_personal_seat(server.url, code, t["token"], "Ann")
    ann = seat_cookie(claim(server.url, link), code)
    seat_id = api.view(code, ann)["seat"]["id"]
    ws = connect(server.url, code, ann)
    ws.receive(timeout=15)
    link2 = new_personal_link(server.url, code, t["token"], seat_id)
    assert closed_with(ws) == 1008
    assert api.request("GET", f"/api/tables/{code}", token=ann).status == 401
    assert claim(server.url, link).status == 410
    fresh = seat_cookie(claim(server.url, link2), code)
    assert api.view(code, fresh)["seat"]["id"] == seat_id


def test_the_api_gives_a_seat_a_new_token_and_the_old_one_stops(client, client_table):
    code = client_table["code"]
    bob = client.view(code, client_table["bob"])["seat"]["id"]
    r = client.request("POST", f"/api/tables/{code}/seats/{bob}/token", {}, token=client_table["bob"])
    assert r.status == 403
    r = client.request("POST", f"/api/tables/{code}/seats/{bob}/token", {}, token=client_table["host"])
    assert r.status == 200 and r.json["seat"] == bob
    assert client.request("GET", f"/api/tables/{code}", token=client_table["bob"]).status == 401
    assert client.view(code, r.json["token"])["seat"]["name"] == "Bob"


@pytest.mark.parametrize("approved", [False, True])
def test_the_host_removes_a_seat_its_token_stops_and_its_sockets_close(server, api, approved):
    t = api.create("villainous", name="Host")
    code = t["code"]
    eve = api.join(code, "Eve", token=t["token"] if approved else None)
    ws = connect(server.url, code, eve["token"])
    ws.receive(timeout=15)
    assert api.request("DELETE", f"/api/tables/{code}/seats/{eve['seat']}", token=eve["token"]).status == 403
    r = api.request("DELETE", f"/api/tables/{code}/seats/{eve['seat']}", token=t["token"])
    assert r.status == 204
    assert closed_with(ws) == 1008
    assert api.request("GET", f"/api/tables/{code}", token=eve["token"]).status == 401
    assert api.act(code, eve["token"], type="roll", dice="d6").status == 401
    assert "Eve" not in [s["name"] for s in api.view(code, t["token"])["seats"]]
    late = connect(server.url, code, eve["token"])
    assert closed_with(late) == 1008


def test_a_removed_seat_stays_removed_after_a_restart_and_its_past_actions_stay(tmp_path):
    first = Server(tmp_path / "r.db")
    api = Api(first.url)
    t = seated_table(api)
    api.ok(t["code"], t["bob"], type="roll", dice="d6")
    bob = api.view(t["code"], t["bob"])["seat"]["id"]
    assert api.request("DELETE", f"/api/tables/{t['code']}/seats/{bob}", token=t["host"]).status == 204
    first.stop()
    again = Server(tmp_path / "r.db")
    try:
        api = Api(again.url)
        assert api.request("GET", f"/api/tables/{t['code']}", token=t["bob"]).status == 401
        view = api.view(t["code"], t["host"])
        assert "Bob" not in [s["name"] for s in view["seats"]]
        assert view["rolls"][0]["by"] == "Bob"  # what Bob did stays his
        assert api.join(t["code"], "Bob", token=t["host"])["seat"] != bob  # the name is free again
    finally:
        again.stop()


def test_the_host_cannot_remove_their_own_seat(client, client_table):
    r = client.request("DELETE", f"/api/tables/{client_table['code']}/seats/0", token=client_table["host"])
    assert r.status == 422 and "delete the table" in r.json["error"]


def test_at_most_20_pending_seats_then_a_clear_refusal(client):
    t = client.create("gathering")
    for i in range(20):
        client.join(t["code"], f"Guest {i}")
    r = client.request("POST", f"/api/tables/{t['code']}/seats", {"name": "One more"})
    assert r.status == 422 and "waiting for the host" in r.json["error"] and r.json["code"] == "too_many_pending"
    assert client.join(t["code"], "Added by the host", token=t["token"])["approved"] is True
    first = client.view(t["code"], t["token"])["seats"][1]["seat"]
    client.request("DELETE", f"/api/tables/{t['code']}/seats/{first}", token=t["token"])
    assert client.join(t["code"], "One more")["approved"] is False  # room again


def test_the_hosts_page_offers_remove_approve_and_a_new_link_for_each_seat(app):
    c = InProcess(app)
    api = Api(c)
    t = seated_table(api)
    eve = api.join(t["code"], "Eve")
    c.client.set_cookie(f"seat_{t['code']}", t["host"])
    page = c("GET", f"/tables/{t['code']}").text
    assert "Approve Eve" in page and "Remove Eve" in page and "New personal link for Eve" not in page
    assert "Remove Bob" in page and "New personal link for Bob" in page and "Approve Bob" not in page
    assert "Remove Ann" not in page  # the host's own seat
    assert "Download the public log" in page and "End and delete the table" in page
    c.client.set_cookie(f"seat_{t['code']}", t["bob"])
    page = c("GET", f"/tables/{t['code']}").text
    assert "Remove" not in page and "Approve" not in page and "End and delete" not in page
    c.client.set_cookie(f"seat_{t['code']}", t["host"])
    r = c("POST", f"/tables/{t['code']}/seats/{eve['seat']}/remove", raw=b"",
          headers={"HX-Request": "true", "Content-Type": "application/x-www-form-urlencoded"})
    assert r.status == 200 and "Eve&#39;s seat is removed" in r.text and "Remove Eve" not in r.text
