"""Villainous through the API and through the browser: three phones and the display."""

import pytest
from playwright.sync_api import expect

from .browser import open_seat


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
    from .helpers import request
    r = request(server.url, "POST", "/api/tables", {"game": "villainous", "options": {
        "players": [{"name": "A", "villain": "jafar"}, {"name": "B", "villain": "jafar"}]}})
    assert r.status == 422 and "different Villain" in r.json["error"]
    r = request(server.url, "POST", "/api/tables", {"game": "villainous", "options": {
        "players": [{"name": "A", "villain": "gaston"}]}})
    assert r.status == 400


@pytest.mark.browser
def test_three_phones_and_the_display_through_several_turns(browser, server, api):
    t = api.create("villainous", name="Host")
    code, host_token = t["code"], t["token"]
    tokens = {n: api.join(code, n, token=host_token)["token"] for n in ("Ann", "Bob", "Cat")}
    board = api.join(code, "Board", role="display", token=host_token)["token"]
    errors = []
    host = open_seat(browser, server, code, host_token, errors=errors)
    phones = {n: open_seat(browser, server, code, tok, errors=errors) for n, tok in tokens.items()}
    display = open_seat(browser, server, code, board, tablet=True, errors=errors)
    # The host seats the three players; names come from the seats that joined.
    expect(host.get_by_label("Name").first).to_have_value("Ann")
    host.locator("#vp-villain-0").select_option("prince_john")
    host.locator("#vp-villain-1").select_option("ursula")
    host.locator("#vp-villain-2").select_option("jafar")
    host.get_by_role("button", name="Start: read your objectives aloud").click()
    expect(display.locator("#r-game")).to_contain_text("Turn 1: Ann")
    ann = phones["Ann"]
    expect(ann.locator("article.villain").first).to_contain_text("Begin a turn holding 20 Power or more.")
    ann.get_by_role("button", name="Nottingham").click()
    ann.get_by_role("button", name="+3").click()
    expect(display.locator(".standings li").first).to_contain_text("Ann Prince John 3 Power Nottingham")
    ann.get_by_role("button", name="Fate Bob").click()
    ann.get_by_role("button", name="End turn (draw back to four)").click()
    expect(display.locator("#r-game")).to_contain_text("Turn 2: Bob")
    bob = phones["Bob"]
    expect(bob.get_by_role("button", name="The Grotto")).to_have_count(0)  # locked: not offered
    bob.get_by_role("button", name="Eric's Ship").click()
    bob.get_by_role("button", name="-1").first.click()
    expect(phones["Cat"].locator("article.villain", has_text="Bob")).to_contain_text("0 Power · at Eric's Ship")
    expect(phones["Cat"].locator("article.villain").first).to_contain_text("Cat · Jafar")  # your own Villain first
    bob.get_by_role("button", name="End turn (draw back to four)").click()
    expect(display.locator("#r-game")).to_contain_text("Turn 3: Cat")
    # Cat cannot act on Ann's Power: no controls for it on Cat's phone
    expect(phones["Cat"].locator("article.villain", has_text="Ann").get_by_role("button", name="+1")).to_have_count(0)
    phones["Cat"].get_by_role("button", name="Oasis").click()
    phones["Cat"].get_by_role("button", name="End turn (draw back to four)").click()
    expect(display.locator("#r-game")).to_contain_text("Turn 4: Ann")
    expect(display.locator("#r-game")).to_contain_text("Cauldron: 75 Power left")
    host.on("dialog", lambda d: d.accept())  # taking back another seat's action asks once
    host.get_by_role("button", name="Undo: Cat: the end of the turn").click()
    expect(display.locator("#r-game")).to_contain_text("Turn 3: Cat")
    assert not errors, errors
