"""No input, however malformed, gets a 500 or changes the table: every action type of every
game is sent garbage, through the API and through the page form route. Through Flask's test
client (the `client` fixture): the whole app, no socket."""

import json
import random
import time

import pytest

from companion import games

NASTY = [None, True, 0, -1, 10**12, 3.5, "", "x" * 5000, "<script>", [], [None], {}, {"a": {"b": []}},
         ["ann", "bob"], "ursula", "Ann", {"Ann": "Bob"}, {"Ann": None}, [1, 2, 3], "null", "\u0000", "💀"]


def bodies(rng, model):
    fields = [f for f in model.model_fields if f not in ("type", "expected_version")]
    tag = model.model_fields["type"].annotation.__args__[0]
    yield {"type": tag}
    for _ in range(12):
        body = {"type": tag}
        for f in fields:
            if rng.random() < 0.7:
                body[f] = rng.choice(NASTY)
        yield body


SETUPS = {
    "gathering": None,
    "clue": {"players": ["Ann", "Bob", "Cat"]},
    "villainous": {"players": [{"name": "Ann", "villain": "jafar"}, {"name": "Bob", "villain": "ursula"}]},
    "touch-of-evil": {"villain": "banshee"},
}


def settled(client, code, token, background=True):
    """The seat's view once nothing is still being worked out for it (Clue's odds come from a
    background worker after an action: a refusal is compared with the view they left). A game with
    no background work has nothing to wait for."""
    view = client.view(code, token)
    if not background:
        return view
    for _ in range(200):
        again = client.view(code, token)
        if again == view and not again.get("odds_pending"):
            return again
        view = again
        time.sleep(0.02)
    return view


@pytest.mark.parametrize("game", games.IDS)
def test_garbage_actions_never_get_a_500_and_refusals_change_nothing(client, game):
    rng = random.Random(game)
    t = client.create(game, SETUPS[game], name="Host")
    code, host = t["code"], t["token"]
    player = client.join(code, "Ann", token=host)["token"]
    background = bool(games.get(game).tasks)
    for model in games.actions(game):
        for body in bodies(rng, model):
            for token in (host, player):
                before = settled(client, code, host, background)
                r = client.act(code, token, **body)
                assert r.status < 500, (model.__name__, body, r.text)
                if r.status >= 400:
                    assert r.json["error"] and r.json["code"], r.text
                    assert client.view(code, host) == before, (model.__name__, body)


def test_garbage_through_the_page_form_route(client):
    t = client.create("gathering", name="Host")
    client.request.client.set_cookie(f"seat_{t['code']}", t["token"])  # the test client keeps its own cookies
    cookie = {"HX-Request": "true", "Content-Type": "application/x-www-form-urlencoded"}
    for raw in (b"type=setup&players[]=A", b"type=vote&votes.A.B=1", b"json:type=%7B%7D", b"type=deal&json:mischief=[",
                b"type=%00", b"type=spy&target=" + b"x" * 60000, b"\xff\xfe"):
        r = client.request("POST", f"/tables/{t['code']}/act", raw=raw, headers=cookie)
        assert r.status in (400, 413, 422), (raw, r.status, r.text[:200])


def test_a_foreign_origin_cannot_post_with_a_cookie(client):
    t = client.create("villainous", name="Host")
    client.request.client.set_cookie(f"seat_{t['code']}", t["token"])
    form = {"Content-Type": "application/x-www-form-urlencoded"}
    r = client.request("POST", f"/tables/{t['code']}/act", raw=b"type=roll&dice=d6", headers=form)
    assert r.status == 303  # the same post from this app's own page is taken
    r = client.request("POST", f"/tables/{t['code']}/act", raw=b"type=roll&dice=d6",
                       headers={**form, "Origin": "http://evil.example"})
    assert r.status == 403
    assert len(client.view(t["code"], t["token"])["rolls"]) == 1


def test_json_bodies_of_every_shape(client):
    t = client.create("clue", SETUPS["clue"], name="Host")
    for raw in (b"", b"{", b"[]", b"1", b'"x"', b"null", json.dumps({"type": "roll", "dice": "d6"} | {"x" * 100: 1}).encode()):
        r = client.request("POST", f"/api/tables/{t['code']}/actions", raw=raw, token=t["token"])
        assert r.status == 400, (raw, r.status)


def test_the_json_api_refuses_a_cookie_sent_from_a_foreign_page(client):
    t = client.create("villainous", name="Host")
    r = client.request("POST", f"/api/tables/{t['code']}/actions", {"type": "roll", "dice": "d6"},
                       headers={"Cookie": f"seat_{t['code']}={t['token']}", "Origin": "http://evil.example"})
    assert r.status == 403 and client.view(t["code"], t["token"])["rolls"] == []
