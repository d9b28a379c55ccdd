"""Issue 11, points 3 and 4: nothing that breaks a view is committed, and every refusal is a 4xx
with a sentence that changes nothing. Through Flask's test client (the `client` fixture), or
the rule harness (tests/rules.py) where the API's path adds nothing."""

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest

from companion import games
from companion.core.errors import BadInput, RuleError
from companion.games import touch_of_evil
from companion.store import Store
from companion.tables import Tables

from .helpers import InProcess
from .rules import Game

BAD_TRACKS = [
    {"length": 10, "stages": [5], "red_from": 1},  # the issue's: the first stage is not at 0
    {"length": 10, "stages": [0, 6, 3], "red_from": 8},  # not ascending
    {"length": 10, "stages": [0, 4, 4], "red_from": 8},  # not strictly ascending
    {"length": 10, "stages": [0, 4, 12], "red_from": 8},  # a stage beyond the track
    {"length": 10, "stages": [0, 4], "red_from": 11},  # red beyond the track
    {"length": 10, "stages": [0, 4], "red_from": -1},
]


FORM = {"Content-Type": "application/x-www-form-urlencoded"}


def cookie(client, t):
    """This test client holds the seat's cookie (as a browser does); the headers of a form post."""
    client.request.client.set_cookie(f"seat_{t['code']}", t["token"])
    return FORM


@pytest.mark.parametrize("track", BAD_TRACKS)
def test_a_track_that_does_not_fit_is_refused_when_the_table_is_created(client, track):
    r = client.request("POST", "/api/tables", {"game": "touch-of-evil", "options": {"track": track}})
    assert r.status == 400 and "Shadow Track" in r.json["error"], r.text


@pytest.mark.parametrize("track", BAD_TRACKS)
def test_a_track_that_does_not_fit_is_refused_by_configure_and_changes_nothing(client, track):
    t = client.create("touch-of-evil")
    before = client.request("GET", f"/api/tables/{t['code']}", token=t["token"]).json
    r = client.act(t["code"], t["token"], type="configure", options={"villain": "banshee", "track": track})
    assert r.status == 400 and "Shadow Track" in r.json["error"], r.text
    assert client.request("GET", f"/api/tables/{t['code']}", token=t["token"]).json == before


def test_a_track_that_fits_is_taken():
    g = Game("touch-of-evil", {"track": {"length": 12, "stages": [0, 5, 9], "red_from": 9}})
    assert g.view("host")["track"]["length"] == 12


def test_an_action_whose_state_no_seat_could_see_is_refused_and_never_stored(tmp_path, monkeypatch):
    """The guard before the commit: a game whose view fails on the new state (stood in for by a
    view that fails once the Shadow Track has moved) refuses the action; nothing is stored."""
    store = Store(str(tmp_path / "t.db"))
    tables = Tables(store)
    table, host, _ = tables.create("touch-of-evil", {}, "Host")
    real = touch_of_evil.GAME.view

    def fragile(state, seat):
        if state["shadow"] > 0:
            raise KeyError("stage")
        return real(state, seat)

    monkeypatch.setitem(games._registry(), "touch-of-evil", replace(touch_of_evil.GAME, view=fragile))
    with pytest.raises(RuleError, match="unable to show itself") as err:
        tables.act(table.code, host, {"type": "shadow", "steps": 1})
    assert err.value.status == 422 and table.version == 0 and table.state["game"]["shadow"] == 0
    monkeypatch.setitem(games._registry(), "touch-of-evil", touch_of_evil.GAME)
    assert Tables(Store(str(tmp_path / "t.db"))).get(table.code).version == 0  # nothing reached the store


def test_an_action_whose_view_could_not_be_written_as_json_is_refused_even_beside_parts_proven_before(tmp_path, monkeypatch):
    """The same guard, part by part: parts proven before are not written again, and a new part
    JSON cannot hold (a set, stood in for by a view that shows one once the track moved) refuses."""
    tables = Tables(Store(str(tmp_path / "t.db")))
    table, host, _ = tables.create("touch-of-evil", {}, "Host")
    tables.act(table.code, host, {"type": "roll", "dice": "d6"})
    real = touch_of_evil.GAME.view

    def with_a_set(state, seat):
        view = real(state, seat)
        return {**view, "odd": {"marks": {1, 2}}} if state["shadow"] > 0 else view

    monkeypatch.setitem(games._registry(), "touch-of-evil", replace(touch_of_evil.GAME, view=with_a_set))
    with pytest.raises(RuleError, match="unable to show itself"):
        tables.act(table.code, host, {"type": "shadow", "steps": 1})
    assert table.version == 1 and table.state["game"]["shadow"] == 0


def deep(n):
    return "[" * n + "]" * n


def test_json_nested_a_thousand_deep_is_a_400_in_an_api_body(client):
    t = client.create("villainous")
    for path, raw in ((f"/api/tables/{t['code']}/actions", '{"type": "roll", "dice": ' + deep(1000) + "}"),
                      ("/api/tables", '{"game": "clue", "options": ' + deep(1000) + "}"),
                      (f"/api/tables/{t['code']}/actions", '{"type": "roll", "dice": ' + deep(40) + "}")):
        r = client.request("POST", path, raw=raw.encode(), token=t["token"])
        assert r.status == 400 and "nested too deeply" in r.json["error"], (path, r.text)


def test_json_nested_a_thousand_deep_is_a_400_in_a_form_field(client):
    t = client.create("gathering")
    r = client.request("POST", f"/tables/{t['code']}/act", raw=b"type=deal&json:mischief=" + deep(1000).encode(),
                       headers=cookie(client, t))
    assert r.status == 400 and "nested too deeply" in r.text


@pytest.mark.parametrize("seat", ["²", "٣", "1" * 5000, "-1", "1.0", "0x1"])
def test_a_seat_id_is_ascii_digits_only(client, seat):
    t = client.create("villainous")
    for method, path in (("POST", f"/api/tables/{t['code']}/seats/{seat}/approve"),
                         ("DELETE", f"/api/tables/{t['code']}/seats/{seat}"),
                         ("POST", f"/api/tables/{t['code']}/seats/{seat}/token")):
        r = client.request(method, path, {} if method == "POST" else None, token=t["token"])
        assert r.status == 404 and r.json["error"], (method, path[:80], r.status)
    r = client.request("POST", f"/tables/{t['code']}/seats/{seat}/approve", raw=b"", headers=cookie(client, t))
    assert r.status == 404


@pytest.mark.parametrize("raw", [b"type=roll&x.%C2%B2=1", b"type=setup&rows.%C2%B2.name=a", b"type=setup&rows.99999.name=a",
                                 b"type=setup&" + b"a." * 500 + b"b=1"])
def test_numbered_form_keys_are_ascii_digits_only(client, raw):
    t = client.create("villainous")
    r = client.request("POST", f"/tables/{t['code']}/act", raw=raw, headers=cookie(client, t))
    assert r.status == 400 and ("not a name this form can send" in r.text or "plain digits" in r.text), (raw[:60], r.status, r.text[-300:])


@pytest.mark.parametrize("delta", [True, "3", 1.0, "1e0", None])
def test_a_number_is_a_json_number_never_a_switch_or_text(client, delta):
    t = client.create("villainous", {"players": [{"name": "Ann", "villain": "jafar"}, {"name": "Bob", "villain": "ursula"}]})
    r = client.act(t["code"], t["token"], type="power", player="Ann", delta=delta)
    assert r.status == 400 and "A change of Power" in r.json["error"], r.text
    assert client.view(t["code"], t["token"])["players"][0]["power"] == 0


@pytest.mark.parametrize("correct", [0, 1, "yes", "true", None])
def test_clue_correct_is_strictly_true_or_false(correct):
    g = Game("clue", {"players": ["Ann", "Bob", "Cat"]})
    with pytest.raises(BadInput, match="correct"):
        g.act("host", type="accusation", by="Ann", cards=["jafar", "potion", "laboratory"], correct=correct)


def test_a_switch_inside_nested_options_is_strict_too(client):
    t = client.create("touch-of-evil")
    r = client.act(t["code"], t["token"], type="configure", options={"villain": "banshee", "mirror_lake": "yes"})
    assert r.status == 400 and "mirror lake" in r.json["error"]
    r = client.request("POST", "/api/tables", {"game": "touch-of-evil", "options": {"mirror_lake": 1}})
    assert r.status == 400


@pytest.mark.parametrize("sizes", [{"Ann": -1, "Bob": 19, "Cat": 0}, {"Ann": 0, "Bob": 9, "Cat": 9}])
def test_clue_hand_sizes_fit_the_deck(client, sizes):
    r = client.request("POST", "/api/tables", {"game": "clue", "options": {"players": ["Ann", "Bob", "Cat"],
                                                                          "hand_sizes": sizes}})
    assert r.status == 400 and "hand sizes" in r.json["error"], r.text


def test_clue_movers_are_the_games_movers():
    with pytest.raises(RuleError, match="not one of the game's movers"):
        Game("clue", {"players": ["Ann", "Bob", "Cat"], "movers": {"Ann": "Bob"}})
    g = Game("clue", {"players": ["Ann", "Bob", "Cat"], "movers": {"Bob": "Evil Queen"}})
    assert g.state["current"] == 1  # the Evil Queen's player starts


def test_the_watchman_is_placed_on_the_board_only():
    g = Game("touch-of-evil", {"villain": "banshee"})
    assert "not a space on this board" in g.refused("host", type="watchman", op="place", location="Atlantis")
    assert g.act("host", type="watchman", op="place", location="Manor")["watchman"]["location"] == "Manor"


def test_a_browser_gets_an_html_error_page_and_an_api_client_json(app):
    c = InProcess(app)
    browser = {"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"}
    r = c("GET", "/tables/ZZZZZZZ", headers=browser)
    assert r.status == 404 and r.headers["Content-Type"].startswith("text/html") and "no table with that code" in r.text
    r = c("GET", "/tables/ZZZZZZZ", headers={"Accept": "application/json"})
    assert r.status == 404 and r.json["code"] == "not_found"
    r = c("GET", "/api/tables/ZZZZZZZ", headers=browser)
    assert r.status == 404 and r.json["error"]
    r = c("GET", "/no/such/page", headers=browser)
    assert r.status == 404 and r.headers["Content-Type"].startswith("text/html")


def test_the_page_forms_send_numbers_and_switches_as_json():
    """A form field is text unless its name starts with json: (web/forms.py), and every action
    is checked strictly: so each game form's field for a number or a switch carries json:."""
    numeric = {"delta", "steps", "wounds", "plus_wounds", "permission", "secrets", "index", "effect", "dice", "hit",
               "id", "suggestion", "seconds", "save", "accept", "locked", "correct", "hand_size", "seat",
               "mirror_lake", "void_overflow_steps", "hero_present", "value", "roll"}
    root = Path(__file__).resolve().parents[1] / "templates" / "games"
    plain = []
    for f in sorted(root.rglob("*.html")):
        text = f.read_text()
        names = re.findall(r'name="([^"]+)"', text) + re.findall(r'"((?:json:)?[a-z_.]+)": ', text)
        for name in names:
            last = re.sub(r"\{\{.*?\}\}", "0", name).split(".")[-1].removesuffix("[]")
            if last in numeric and not name.startswith("json:"):
                plain.append((f.name, name))
    assert not plain, plain


def test_refusal_json_of_every_kind_is_a_sentence(client):
    t = client.create("villainous")
    r = client.request("POST", f"/api/tables/{t['code']}/actions", raw=json.dumps({"type": "roll", "dice": 6}).encode(),
                       token=t["token"])
    assert r.status == 400 and r.json["error"] == "The dice to roll must be text."


def test_a_fault_of_ours_answers_a_browser_with_a_page_and_an_api_client_with_json(app):
    def boom():
        raise ZeroDivisionError("a bug")

    app.add_url_rule("/tables/<code>/boom", view_func=boom)  # a route with a bug, standing for any
    app.add_url_rule("/api/boom", view_func=boom)
    c = InProcess(app)
    r = c("GET", "/tables/X/boom", headers={"Accept": "text/html"})
    assert r.status == 500 and r.headers["Content-Type"].startswith("text/html") and "nothing was changed" in r.text
    assert "ZeroDivisionError" not in r.text
    r = c("GET", "/api/boom", headers={"Accept": "text/html"})
    assert r.status == 500 and r.json == {"error": "Something went wrong on the server; nothing was changed.",
                                          "code": "internal"}


JARGON = ("field", "input should", "valid json", "value error", "validation", "pydantic", "literal", "dict", "none")


def bad_bodies(models):
    """For every action of a game: each field sent empty-handed, as the wrong kind, too big and
    too small, and an unknown field beside them."""
    for m in models:
        tag = m.model_fields["type"].annotation.__args__[0]
        yield {"type": tag, "not_a_thing": 1}
        for name in m.model_fields:
            if name in ("type", "expected_version"):
                continue
            for value in ("words", 10**9, -(10**9), [], {"x": 1}, True, "x" * 5000):
                yield {"type": tag, name: value}


@pytest.mark.parametrize("game", ["villainous", "touch-of-evil", "clue", "gathering"])
def test_every_refusal_of_a_malformed_action_is_a_sentence_in_peoples_words(client, game):
    """Whatever a form or a script sends wrong, the refusal names the thing and the limit plainly:
    no validator wording reaches a person."""
    from companion import games
    t = client.create(game)
    seen = 0
    for body in bad_bodies(games.actions(game)):
        r = client.request("POST", f"/api/tables/{t['code']}/actions", body, token=t["token"])
        if r.status < 400:
            continue
        seen += 1
        error = r.json["error"]
        assert 400 <= r.status < 500 and error.endswith((".", "?")), (body, error)
        assert not any(word in error.lower() for word in JARGON), (body, error)
    assert seen > 20


def test_a_number_typed_with_a_plus_or_a_typographic_minus_is_read_as_people_mean_it():
    from werkzeug.datastructures import MultiDict

    from companion.web.forms import decode
    form = MultiDict([("type", "power"), ("json:delta", "+3"), ("json:other", " −2 "), ("json:third", "- 4")])
    assert decode(form) == {"type": "power", "delta": 3, "other": -2, "third": -4}
