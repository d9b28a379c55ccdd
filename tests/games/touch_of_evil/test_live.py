"""A Touch of Evil through the JSON API and the pages (Flask's test client or a live server): the
refusals a person meets, and the controls each seat's page offers, exactly what the game accepts."""

import re

from companion.games.touch_of_evil import MAX_HEROES


def test_touch_of_evil_api(api):
    t = api.create("touch-of-evil", {"villain": "bog_fiend", "mode": "cooperative", "heroes": ["Eliza", "Valeria"]},
                   name="Host")
    code, host = t["code"], t["token"]
    board = api.join(code, "Board", role="display", token=host)["token"]
    view = api.view(code, board)
    assert view["shadow"] == 0 and view["villain"] == "bog_fiend" and "rolls" in view
    assert [h["name"] for h in view["party"]] == ["Eliza", "Valeria"]
    view = api.ok(code, host, type="minion_table")
    assert view["rolls"][-1]["purpose"] == "Villain Minion Table" and view["last"]["name"]
    r = api.act(code, board, type="shadow", steps=1)
    assert r.status == 403
    r = api.act(code, host, type="terrain", location="Atlantis", terrain="swamp")
    assert r.status == 422 and "not a space" in r.json["error"]
    r = api.act(code, host, type="configure", options={"villain": "banshee"})
    assert r.status == 422 and "begun" in r.json["error"]
    r = api.act(code, host, type="facts", track={"length": 2, "stages": [0], "red_from": 1})
    assert r.status == 400 and api.view(code, host)["track"]["length"] == 10


def hunt(client):
    """A co-operative hunt: the host, Ann's phone playing Eliza, Cal's phone playing no Hero, the display."""
    t = client.create("touch-of-evil", {"villain": "banshee", "mode": "cooperative", "heroes": ["Eliza", "Valeria"]},
                      name="Host")
    code, host = t["code"], t["token"]
    seats = {"host": host, **{n: client.join(code, n, token=host)["token"] for n in ("Ann", "Cal")},
             "display": client.join(code, "Board", role="display", token=host)["token"]}
    client.ok(code, seats["Ann"], type="claim", name="Eliza")
    return code, seats


def page(client, code, token) -> str:
    """The seat's whole page, as its browser gets it (the seat's cookie)."""
    client.request.client.set_cookie(f"seat_{code}", token)
    r = client.request("GET", f"/tables/{code}", headers={"Accept": "text/html"})
    assert r.status == 200, r.text
    return r.text


def test_a_phone_that_plays_no_hero_is_refused_a_showdown_with_a_sentence_and_nothing_changes(client):
    code, seats = hunt(client)
    before = client.request("GET", f"/api/tables/{code}", token=seats["host"]).json
    for action in ({"type": "showdown_start", "health": 6, "fight": 2}, {"type": "showdown", "op": "start", "health": 6, "fight": 2}):
        r = client.act(code, seats["Cal"], **action)
        assert r.status == 403 and "plays no Hero" in r.json["error"], r.text
    assert client.request("GET", f"/api/tables/{code}", token=seats["host"]).json == before
    client.ok(code, seats["host"], type="showdown_start", health=6, fight=2)
    for kind in ("showdown_attack", "showdown_villain", "showdown_round", "showdown_end"):
        r = client.act(code, seats["Cal"], type=kind, hero="Eliza") if kind == "showdown_attack" else client.act(code, seats["Cal"], type=kind)
        assert r.status == 403 and "plays no Hero" in r.json["error"], (kind, r.text)


def test_a_move_out_of_its_moment_is_a_422(client):
    code, seats = hunt(client)
    r = client.act(code, seats["host"], type="showdown_villain")
    assert r.status == 422 and r.json["error"] == "No Showdown is under way."
    r = client.act(code, seats["host"], type="showdown", op="attack", hero="Eliza")
    assert r.status == 422 and r.json["error"] == "No Showdown is under way."


def test_each_seats_page_shows_the_showdown_controls_the_game_allows_it(client):
    code, seats = hunt(client)
    begins = {who: "Begin the Showdown" in page(client, code, token) for who, token in seats.items()}
    assert begins == {"host": True, "Ann": True, "Cal": False, "display": False}
    client.ok(code, seats["host"], type="showdown_start", health=9, fight=2, party=["Eliza", "Valeria"])
    pages = {who: page(client, code, token) for who, token in seats.items()}
    attacks = {who: sorted(re.findall(r">(\w+) attacks</button>", html)) for who, html in pages.items()}
    assert attacks == {"host": ["Eliza", "Valeria"], "Ann": ["Eliza"], "Cal": [], "display": []}
    ends = {who: "End of the Battle Round" in html for who, html in pages.items()}
    assert ends == {"host": True, "Ann": True, "Cal": False, "display": False}
    assert all("hits on 5 or 6" in html for html in pages.values())


def test_the_setup_form_offers_one_hero_input_per_hero_the_options_accept(client):
    t = client.create("touch-of-evil", name="Host")
    html = page(client, t["code"], t["token"])
    assert html.count('name="options.heroes[]"') == MAX_HEROES == 12
    heroes = [f"Hero number {i}" for i in range(MAX_HEROES)]
    view = client.ok(t["code"], t["token"], type="configure", options={"villain": "banshee", "heroes": heroes})
    assert view["heroes"] == heroes


def test_the_terrain_forms_buttons_each_post_their_own_action_type(client):
    t = client.create("touch-of-evil", {"villain": "bog_fiend"}, name="Host")
    code = t["code"]
    html = page(client, code, t["token"])
    assert 'name="type" value="terrain">Add Swamp</button>' in html and 'name="type" value="terrain_clear"' in html
    form = {"Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true"}
    for body in (b"location=Inn&type=terrain", b"location=Marsh&type=terrain_clear"):
        r = client.request("POST", f"/tables/{code}/act", raw=body, headers=form)
        assert r.status == 200, r.text
    assert client.view(code, t["token"])["terrain_tags"] == [{"location": "Bog", "label": "Swamp"}, {"location": "Inn", "label": "Swamp"}]
