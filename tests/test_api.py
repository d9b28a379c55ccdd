"""The JSON API of ../shared/API.md, every row of its error table included.

Through Flask's test client (the `client` fixture: the whole app, no socket), except where the
network itself matters (a body too large for the server)."""

import json

import pytest

from .conftest import STORES, store_url
from .helpers import request

# every test here runs against SQLite and against PostgreSQL
db_url = pytest.fixture(params=STORES)(store_url)


def test_create_answers_the_hosts_seat(client):
    t = client.create("gathering", name="Narrator")
    assert t["seat"] == 0 and len(t["code"]) == 7 and t["url"].endswith("/tables/" + t["code"])
    r = client.request("GET", f"/api/tables/{t['code']}", token=t["token"])
    assert r.json["you"] == {"seat": 0, "role": "host", "name": "Narrator", "approved": True}
    assert r.json["game"] == "gathering" and r.json["version"] == 0


@pytest.mark.parametrize("game", ["gathering", "clue", "touch-of-evil", "villainous"])
def test_every_game_id_is_accepted(client, game):
    assert client.create(game)["code"]


def test_tokens_carry_at_least_128_bits(client):
    t = client.create("clue")
    assert len(t["token"]) >= 22  # url-safe base64: 6 bits a character


def test_seat_joined_with_the_code_alone_is_pending_until_approved(client, client_table):
    eve = client.join(client_table["code"], "Eve")
    assert eve["approved"] is False
    r = client.act(client_table["code"], eve["token"], type="roll", dice="d6")
    assert r.status == 403 and "approved" in r.json["error"]
    r = client.request("POST", f"/api/tables/{client_table['code']}/seats/{eve['seat']}/approve", {}, token=client_table["bob"])
    assert r.status == 403
    r = client.request("POST", f"/api/tables/{client_table['code']}/seats/{eve['seat']}/approve", {}, token=client_table["host"])
    assert r.status == 200
    assert client.act(client_table["code"], eve["token"], type="roll", dice="d6").status == 200


def test_roll_is_shared_with_every_seat(client, client_table):
    client.ok(client_table["code"], client_table["bob"], type="roll", dice="2d6")
    for who in ("host", "bob", "display"):
        rolls = client.view(client_table["code"], client_table[who])["rolls"]
        assert rolls[-1]["by"] == "Bob" and len(rolls[-1]["faces"]) == 2
        assert rolls[-1]["total"] == sum(rolls[-1]["faces"])


def test_memo_is_seen_by_its_seat_alone(client, client_table):
    client.ok(client_table["code"], client_table["bob"], type="memo", text="Ann is Mischief")
    assert client.view(client_table["code"], client_table["bob"])["memo"] == "Ann is Mischief"
    assert client.view(client_table["code"], client_table["host"])["memo"] == ""
    assert [e["action"]["type"] for e in client.log(client_table["code"], client_table["bob"])] == ["memo"]
    for who in ("host", "display"):
        assert client.log(client_table["code"], client_table[who]) == []  # not even that a memo was kept


def test_version_grows_by_one_with_each_action_and_undo(client, client_table):
    r = client.act(client_table["code"], client_table["host"], type="roll", dice="d6")
    assert r.json["version"] == 1
    r = client.undo(client_table["code"], client_table["host"])
    assert r.status == 200 and r.json["version"] == 2
    assert r.json["view"]["rolls"][0]["taken_back"] is True


def test_log_shows_actions_and_undos(client, client_table):
    client.ok(client_table["code"], client_table["bob"], type="roll", dice="d6")
    assert client.undo(client_table["code"], client_table["bob"]).status == 403  # a shared roll is sealed for Bob
    assert client.undo(client_table["code"], client_table["host"]).status == 200  # the host may take it back
    r = client.request("GET", f"/api/tables/{client_table['code']}/log", token=client_table["display"])
    kinds = [e["kind"] for e in r.json["events"]]
    assert kinds == ["action", "undo"] and r.json["events"][0]["taken_back"] is True


# ---- the error table: a 4xx, a sentence, nothing changed ----

def unchanged(client, client_table, before):
    assert client.view(client_table["code"], client_table["host"]) == before


@pytest.mark.parametrize("raw", [b"{not json", b"[1,2]", b"\"text\"", b"null", b"\xff\xfe"])
def test_400_malformed_json(client, client_table, raw):
    before = client.view(client_table["code"], client_table["host"])
    r = client.request("POST", f"/api/tables/{client_table['code']}/actions", raw=raw, token=client_table["host"])
    assert r.status == 400 and r.json["error"].endswith(".") and r.json["code"]
    unchanged(client, client_table, before)


@pytest.mark.parametrize("body", [{}, {"type": "fly"}, {"type": 3}, {"type": "roll", "dice": 6},
                                  {"type": "roll", "dice": "99d6"}, {"type": "memo"}, {"type": "memo", "text": "x" * 2001},
                                  {"type": "roll", "dice": "d6", "surprise": 1},
                                  {"type": "roll", "dice": "d6", "expected_version": "soon"}])
def test_400_unknown_type_or_missing_or_mistyped_field(client, client_table, body):
    before = client.view(client_table["code"], client_table["host"])
    r = client.act(client_table["code"], client_table["host"], **body)
    assert r.status == 400, r.text
    assert isinstance(r.json["error"], str) and len(r.json["error"]) > 10
    unchanged(client, client_table, before)


def test_400_bad_table_creation(client):
    for body in ({"game": "chess"}, {"game": "clue", "options": [1]}, {"game": "clue", "name": "x" * 41}, {}):
        r = client.request("POST", "/api/tables", body)
        assert r.status == 400, (body, r.text)


def test_401_no_token_or_a_token_of_another_table(client, client_table):
    r = client.request("GET", f"/api/tables/{client_table['code']}")
    assert r.status == 401 and r.json["code"] == "unauthorized"
    other = client.create("clue")
    r = client.request("GET", f"/api/tables/{client_table['code']}", token=other["token"])
    assert r.status == 401
    r = client.act(client_table["code"], "forged-token", type="roll", dice="d6")
    assert r.status == 401


def test_403_display_or_other_seat_taking_back(client, client_table):
    client.ok(client_table["code"], client_table["host"], type="roll", dice="d6")
    r = client.undo(client_table["code"], client_table["bob"])
    assert r.status == 403 and "host" in r.json["error"]


def test_404_no_such_table(client):
    r = client.request("GET", "/api/tables/ZZZZZZZ", token="x")
    assert r.status == 404 and r.json["error"]


def test_409_stale_expected_version(client, client_table):
    client.ok(client_table["code"], client_table["host"], type="roll", dice="d6")
    r = client.act(client_table["code"], client_table["bob"], type="roll", dice="d6", expected_version=0)
    assert r.status == 409 and r.json["code"] == "stale_version"
    assert len(client.view(client_table["code"], client_table["host"])["rolls"]) == 1


def test_422_a_taken_name(client, client_table):
    r = client.request("POST", f"/api/tables/{client_table['code']}/seats", {"name": "ann"})
    assert r.status == 422 and "taken" in r.json["error"]


def test_422_nothing_to_undo(client, client_table):
    r = client.undo(client_table["code"], client_table["host"])
    assert r.status == 422


def test_429_guessing_codes(client):
    statuses = [client.request("GET", f"/api/tables/ZZZZZ{i:02d}", token="x").status for i in range(25)]
    assert statuses[0] == 404 and statuses[-1] == 429
    r = client.request("GET", "/api/tables/ZZZZZZZ", token="x")
    assert r.status == 429 and r.json["error"]


def test_wrong_method_and_unknown_route_answer_json(client):
    assert client.request("DELETE", "/api/tables").status == 405
    assert client.request("GET", "/api/nothing").status == 404


def test_openapi_describes_every_action_of_every_game(client):
    doc = client.request("GET", "/api/openapi.json").json
    assert doc["openapi"].startswith("3.1")
    for path in ("/api/tables", "/api/tables/{code}/seats", "/api/tables/{code}/seats/{seat}/approve",
                 "/api/tables/{code}", "/api/tables/{code}/actions", "/api/tables/{code}/undo",
                 "/api/tables/{code}/log", "/api/tables/{code}/seats/{seat}", "/healthz", "/api/openapi.json"):
        assert path in doc["paths"]
    schemas = doc["components"]["schemas"]
    for game in ("gathering", "clue", "touch-of-evil", "villainous"):
        assert {"$ref": "#/components/schemas/Roll"} in schemas[f"Action_{game}"]["oneOf"]
    for ref in json.dumps(doc).split('"$ref": "')[1:]:
        name = ref.split('"')[0].rsplit("/", 1)[-1]
        assert name in schemas, name


def test_security_headers_on_every_page(client):
    r = client.request("GET", "/")
    csp = r.headers["Content-Security-Policy"]
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp and "script-src 'self'" in csp
    assert r.headers["X-Content-Type-Options"] == "nosniff" and r.headers["Referrer-Policy"] == "same-origin"


def test_413_bodies_over_64_kb(server, table):  # over a real socket: the server reads the length first
    r = request(server.url, "POST", f"/api/tables/{table['code']}/actions",
                raw=json.dumps({"type": "memo", "text": "x" * 70000}).encode(), token=table["host"])
    assert r.status == 413 and r.json["error"]


def test_healthz_answers_503_when_the_store_does_not(server):
    from .helpers import request
    assert request(server.url, "GET", "/healthz").json["ok"] is True
    server.app.extensions["tables"].store.close()  # the store stops answering
    r = request(server.url, "GET", "/healthz")
    assert r.status == 503 and r.json["ok"] is False
