"""The JSON API of ../shared/API.md, every row of its error table included."""

import json

import pytest

from .helpers import request


def test_create_answers_the_hosts_seat(api, server):
    t = api.create("gathering", name="Narrator")
    assert t["seat"] == 0 and len(t["code"]) == 7 and t["url"].endswith("/tables/" + t["code"])
    r = request(server.url, "GET", f"/api/tables/{t['code']}", token=t["token"])
    assert r.json["you"] == {"seat": 0, "role": "host", "name": "Narrator", "approved": True}
    assert r.json["game"] == "gathering" and r.json["version"] == 0


@pytest.mark.parametrize("game", ["gathering", "clue", "touch-of-evil", "villainous"])
def test_every_game_id_is_accepted(api, game):
    assert api.create(game)["code"]


def test_tokens_carry_at_least_128_bits(api):
    t = api.create("clue")
    assert len(t["token"]) >= 22  # url-safe base64: 6 bits a character


def test_seat_joined_with_the_code_alone_is_pending_until_approved(api, server, table):
    eve = api.join(table["code"], "Eve")
    assert eve["approved"] is False
    r = api.act(table["code"], eve["token"], type="roll", dice="d6")
    assert r.status == 403 and "approved" in r.json["error"]
    r = request(server.url, "POST", f"/api/tables/{table['code']}/seats/{eve['seat']}/approve", {}, token=table["bob"])
    assert r.status == 403
    r = request(server.url, "POST", f"/api/tables/{table['code']}/seats/{eve['seat']}/approve", {}, token=table["host"])
    assert r.status == 200
    assert api.act(table["code"], eve["token"], type="roll", dice="d6").status == 200


def test_roll_is_shared_with_every_seat(api, table):
    api.ok(table["code"], table["bob"], type="roll", dice="2d6")
    for who in ("host", "bob", "display"):
        rolls = api.view(table["code"], table[who])["rolls"]
        assert rolls[-1]["by"] == "Bob" and len(rolls[-1]["faces"]) == 2
        assert rolls[-1]["total"] == sum(rolls[-1]["faces"])


def test_memo_is_seen_by_its_seat_alone(api, server, table):
    api.ok(table["code"], table["bob"], type="memo", text="Ann is Mischief")
    assert api.view(table["code"], table["bob"])["memo"] == "Ann is Mischief"
    assert api.view(table["code"], table["host"])["memo"] == ""
    for who in ("host", "display"):
        r = request(server.url, "GET", f"/api/tables/{table['code']}/log", token=table[who])
        assert "Ann is Mischief" not in r.text


def test_version_grows_by_one_with_each_action_and_undo(api, table):
    r = api.act(table["code"], table["host"], type="roll", dice="d6")
    assert r.json["version"] == 1
    r = api.undo(table["code"], table["host"])
    assert r.status == 200 and r.json["version"] == 2
    assert r.json["view"]["rolls"][0]["taken_back"] is True


def test_log_shows_actions_and_undos(api, server, table):
    api.ok(table["code"], table["bob"], type="roll", dice="d6")
    api.undo(table["code"], table["bob"])
    r = request(server.url, "GET", f"/api/tables/{table['code']}/log", token=table["display"])
    kinds = [e["kind"] for e in r.json["events"]]
    assert kinds == ["action", "undo"] and r.json["events"][0]["taken_back"] is True


# ---- the error table: a 4xx, a sentence, nothing changed ----

def unchanged(api, table, before):
    assert api.view(table["code"], table["host"]) == before


@pytest.mark.parametrize("raw", [b"{not json", b"[1,2]", b"\"text\"", b"null", b"\xff\xfe"])
def test_400_malformed_json(api, server, table, raw):
    before = api.view(table["code"], table["host"])
    r = request(server.url, "POST", f"/api/tables/{table['code']}/actions", raw=raw, token=table["host"])
    assert r.status == 400 and r.json["error"].endswith(".") and r.json["code"]
    unchanged(api, table, before)


@pytest.mark.parametrize("body", [{}, {"type": "fly"}, {"type": 3}, {"type": "roll", "dice": 6},
                                  {"type": "roll", "dice": "99d6"}, {"type": "memo"}, {"type": "memo", "text": "x" * 2001},
                                  {"type": "roll", "dice": "d6", "surprise": 1},
                                  {"type": "roll", "dice": "d6", "expected_version": "soon"}])
def test_400_unknown_type_or_missing_or_mistyped_field(api, table, body):
    before = api.view(table["code"], table["host"])
    r = api.act(table["code"], table["host"], **body)
    assert r.status == 400, r.text
    assert isinstance(r.json["error"], str) and len(r.json["error"]) > 10
    unchanged(api, table, before)


def test_400_bad_table_creation(api, server):
    for body in ({"game": "chess"}, {"game": "clue", "options": [1]}, {"game": "clue", "name": "x" * 41}, {}):
        r = request(server.url, "POST", "/api/tables", body)
        assert r.status == 400, (body, r.text)


def test_401_no_token_or_a_token_of_another_table(api, server, table):
    r = request(server.url, "GET", f"/api/tables/{table['code']}")
    assert r.status == 401 and r.json["code"] == "unauthorized"
    other = api.create("clue")
    r = request(server.url, "GET", f"/api/tables/{table['code']}", token=other["token"])
    assert r.status == 401
    r = api.act(table["code"], "forged-token", type="roll", dice="d6")
    assert r.status == 401


def test_403_display_or_other_seat_taking_back(api, table):
    api.ok(table["code"], table["host"], type="roll", dice="d6")
    r = api.undo(table["code"], table["bob"])
    assert r.status == 403 and "host" in r.json["error"]


def test_404_no_such_table(api, server):
    r = request(server.url, "GET", "/api/tables/ZZZZZZZ", token="x")
    assert r.status == 404 and r.json["error"]


def test_409_stale_expected_version(api, table):
    api.ok(table["code"], table["host"], type="roll", dice="d6")
    r = api.act(table["code"], table["bob"], type="roll", dice="d6", expected_version=0)
    assert r.status == 409 and r.json["code"] == "stale_version"
    assert len(api.view(table["code"], table["host"])["rolls"]) == 1


def test_422_a_taken_name(api, server, table):
    r = request(server.url, "POST", f"/api/tables/{table['code']}/seats", {"name": "ann"})
    assert r.status == 422 and "taken" in r.json["error"]


def test_422_nothing_to_undo(api, table):
    r = api.undo(table["code"], table["host"])
    assert r.status == 422


def test_429_guessing_codes(api, server):
    statuses = [request(server.url, "GET", f"/api/tables/ZZZZZ{i:02d}", token="x").status for i in range(25)]
    assert statuses[0] == 404 and statuses[-1] == 429
    r = request(server.url, "GET", "/api/tables/ZZZZZZZ", token="x")
    assert r.status == 429 and r.json["error"]


def test_413_bodies_over_64_kb(api, server, table):
    r = request(server.url, "POST", f"/api/tables/{table['code']}/actions",
                raw=json.dumps({"type": "memo", "text": "x" * 70000}).encode(), token=table["host"])
    assert r.status == 413 and r.json["error"]


def test_wrong_method_and_unknown_route_answer_json(server):
    assert request(server.url, "DELETE", "/api/tables").status == 405
    assert request(server.url, "GET", "/api/nothing").status == 404


def test_openapi_describes_every_action_of_every_game(server):
    doc = request(server.url, "GET", "/api/openapi.json").json
    assert doc["openapi"].startswith("3.1")
    for path in ("/api/tables", "/api/tables/{code}/seats", "/api/tables/{code}/seats/{seat}/approve",
                 "/api/tables/{code}", "/api/tables/{code}/actions", "/api/tables/{code}/undo",
                 "/api/tables/{code}/log"):
        assert path in doc["paths"]
    schemas = doc["components"]["schemas"]
    for game in ("gathering", "clue", "touch-of-evil", "villainous"):
        assert {"$ref": "#/components/schemas/Roll"} in schemas[f"Action_{game}"]["oneOf"]
    for ref in json.dumps(doc).split('"$ref": "')[1:]:
        name = ref.split('"')[0].rsplit("/", 1)[-1]
        assert name in schemas, name


def test_security_headers_on_every_page(server):
    r = request(server.url, "GET", "/")
    csp = r.headers["Content-Security-Policy"]
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp and "script-src 'self'" in csp
    assert r.headers["X-Content-Type-Options"] == "nosniff" and r.headers["Referrer-Policy"] == "same-origin"
