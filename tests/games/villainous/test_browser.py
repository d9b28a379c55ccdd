"""Villainous through the browser: three phones and the display."""

import pytest
from playwright.sync_api import expect

from ...browser import open_seat


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
    expect(display.locator("#r-game")).to_contain_text("Round 1, Ann's turn")
    ann = phones["Ann"]
    expect(ann.locator("article.villain").first).to_contain_text("Begin a turn holding 20 Power or more.")
    ann.get_by_role("button", name="Nottingham").click()
    ann.get_by_role("button", name="+3").click()
    expect(display.locator(".standings li").first).to_contain_text("Ann Prince John 3 Power Nottingham")
    ann.get_by_role("button", name="Fate Bob").click()
    ann.get_by_role("button", name="End turn (draw back to four)").click()
    expect(display.locator("#r-game")).to_contain_text("Round 1, Bob's turn")
    bob = phones["Bob"]
    expect(bob.get_by_role("button", name="The Grotto")).to_have_count(0)  # locked: not offered
    bob.get_by_role("button", name="Eric's Ship").click()
    bob.get_by_role("button", name="-1").first.click()
    expect(phones["Cat"].locator("article.villain", has_text="Bob")).to_contain_text("0 Power · at Eric's Ship")
    expect(phones["Cat"].locator("article.villain").first).to_contain_text("Cat · Jafar")  # your own Villain first
    bob.get_by_role("button", name="End turn (draw back to four)").click()
    expect(display.locator("#r-game")).to_contain_text("Round 1, Cat's turn")
    # Cat cannot act on Ann's Power: no controls for it on Cat's phone
    expect(phones["Cat"].locator("article.villain", has_text="Ann").get_by_role("button", name="+1")).to_have_count(0)
    phones["Cat"].get_by_role("button", name="Oasis").click()
    phones["Cat"].get_by_role("button", name="End turn (draw back to four)").click()
    expect(display.locator("#r-game")).to_contain_text("Round 2, Ann's turn")
    expect(display.locator("#r-game")).to_contain_text("Cauldron: 75 Power left")
    host.on("dialog", lambda d: d.accept())  # taking back another seat's action asks once
    host.locator("#r-undo").get_by_role("button", name="Undo: the end of the turn (by Cat)").click()
    expect(display.locator("#r-game")).to_contain_text("Round 1, Cat's turn")
    assert not errors, errors


@pytest.mark.browser
def test_three_phones_and_the_display_play_to_a_confirmed_win(browser, server, api):
    t = api.create("villainous", {"players": [{"name": "Ann", "villain": "prince_john"},
                                              {"name": "Bob", "villain": "ursula"},
                                              {"name": "Cat", "villain": "jafar"}]}, name="Host")
    code, host = t["code"], t["token"]
    tokens = {n: api.join(code, n, token=host)["token"] for n in ("Ann", "Bob", "Cat")}
    board = api.join(code, "Board", role="display", token=host)["token"]
    errors = []
    phones = {n: open_seat(browser, server, code, tok, errors=errors) for n, tok in tokens.items()}
    display = open_seat(browser, server, code, board, tablet=True, errors=errors)
    ann, bob, cat = phones["Ann"], phones["Bob"], phones["Cat"]
    # turn 1: Ann moves, takes Power, Fates Cat once (a second Fate is not offered), ends
    ann.get_by_role("button", name="Nottingham").click()
    ann.get_by_role("button", name="+3").first.click()
    ann.get_by_role("button", name="Fate Cat").click()
    expect(ann.get_by_role("button", name="Fate Bob")).to_have_count(0)  # one Fate a turn
    ann.get_by_role("button", name="End turn (draw back to four)").click()
    expect(display.locator("#r-turn")).to_contain_text("Round 1, Bob's turn")
    # turn 2: Bob plays; meanwhile Cat keeps Jafar's tracker as her cards move
    bob.get_by_role("button", name="Eric's Ship").click()
    mine = cat.locator("article.villain").first
    expect(mine).to_contain_text("Cat · Jafar")
    mine.get_by_text("Objective 0/2").click()
    mine.get_by_role("button", name="☐ The Magic Lamp is at the Sultan's Palace").click()
    mine.get_by_role("button", name="☐ The Genie is under your control").click()
    expect(display.locator(".standings li", has_text="Cat")).to_contain_text("Objective 2/2 ✓")
    expect(display.locator("#r-news")).to_contain_text("Cat's objective is set up: Cat wins at the start of their next turn.")
    bob.get_by_role("button", name="End turn (draw back to four)").click()
    # turn 3 begins: Cat's phone proposes the claim; Ann confirms; every screen shows the winner
    expect(cat.locator("#r-now")).to_contain_text("Your objective looks met")
    cat.locator("#r-now").get_by_role("button", name="Claim the objective").click()
    expect(ann.locator("#r-news")).to_contain_text("Cat claims the objective")
    ann.get_by_role("button", name="Confirm: Cat wins").click()
    for page in (display, ann, bob, cat):
        expect(page.locator("#r-news .tone-win")).to_contain_text("Cat (Jafar) wins!")
    assert not errors, errors
