"""Villainous through the API: a real server, real requests."""

from ...helpers import request


def test_villainous_api_game(api):
    t = api.create("villainous", {"players": [{"name": "Ann", "villain": "prince_john"},
                                              {"name": "Bob", "villain": "ursula"}]}, name="Host")
    code, host = t["code"], t["token"]
    bob = api.join(code, "Bob", token=host)["token"]
    view = api.view(code, bob)
    assert [p["power"] for p in view["players"]] == [0, 1] and view["current"] == "Ann"
    assert view["cauldron"] == 79 and view["fate_token"] is None and view["winner"] is None
    r = api.act(code, bob, type="move", location="The Castle")
    assert r.status == 403
    r = api.act(code, host, type="move", location="Sherwood Forest")
    assert r.status == 422 and "different" in r.json["error"]
    api.ok(code, host, type="move", location="Nottingham")
    api.ok(code, host, type="power", player="Ann", delta=20)
    view = api.ok(code, host, type="end_turn")
    assert view["current"] == "Bob" and view["winner"] is None
    api.ok(code, bob, type="move", location="Eric's Ship")
    view = api.ok(code, bob, type="end_turn")
    assert view["winner"] == "Ann"
    r = api.undo(code, bob)  # the end of the game is sealed for players
    assert r.status == 403 and "only the host" in r.json["error"]
    r = api.undo(code, host)
    assert r.status == 200 and r.json["view"]["winner"] is None and r.json["view"]["current"] == "Bob"


def test_villainous_bad_setup_is_refused_with_a_sentence(api, server):
    r = request(server.url, "POST", "/api/tables", {"game": "villainous", "options": {
        "players": [{"name": "A", "villain": "jafar"}, {"name": "B", "villain": "jafar"}]}})
    assert r.status == 422 and "different Villain" in r.json["error"]
    r = request(server.url, "POST", "/api/tables", {"game": "villainous", "options": {
        "players": [{"name": "A", "villain": "gaston"}]}})
    assert r.status == 400
