"""Villainous at the table in real Chromium (issue 21): on a 390x844 phone the next move is on the
first screen at load, every prompt is in view after a push wherever the phone was scrolled, a
control that goes after its tap leaves the view where it was, refusals are sentences; the display
(1024x768) holds the news above the fold."""

import pytest
from playwright.sync_api import expect

from ...browser import open_seat

pytestmark = pytest.mark.browser

THREE = [{"name": "Ann", "villain": "prince_john"}, {"name": "Bob", "villain": "ursula"},
         {"name": "Cat", "villain": "jafar"}]
FIRST_SCREEN = 844


def in_view(page, selector):
    return page.evaluate("""(sel) => { const el = document.querySelector(sel); if (!el) return false;
        const r = el.getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; }""", selector)


def to_bottom(page):
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    return page.evaluate("window.scrollY")


def table(browser, server, api, players=THREE, display=False):
    t = api.create("villainous", {"players": players}, name="Host")
    code, host = t["code"], t["token"]
    tokens = {p["name"]: api.join(code, p["name"], token=host)["token"] for p in players}
    phones = {n: open_seat(browser, server, code, tok) for n, tok in tokens.items() if n in ("Ann", "Bob")}
    board = open_seat(browser, server, code, api.join(code, "Board", role="display", token=host)["token"],
                      tablet=True) if display else None
    return code, host, tokens, phones, board


def test_move_to_and_the_own_power_buttons_are_on_the_first_screen_at_load(browser, server, api):
    _, _, _, phones, _ = table(browser, server, api)
    ann = phones["Ann"]
    move = ann.locator("#r-news .prompt").first  # the player's own move is pinned
    expect(move).to_contain_text("Round 1, your turn. Move your Villain to:")
    assert in_view(ann, "#r-news .prompt")
    expect(move.get_by_role("button", name="Hide")).to_have_count(0)  # it cannot be hidden: it goes once made
    plus = ann.locator("#r-first-0 article.villain").get_by_role("button", name="+1")
    assert plus.bounding_box()["y"] + plus.bounding_box()["height"] <= FIRST_SCREEN
    expect(phones["Bob"].locator("#r-now")).to_contain_text("Round 1, Ann's turn.")


def test_a_players_turn_that_comes_while_the_phone_is_scrolled_pins_its_move_in_view(browser, server, api):
    code, host, tokens, phones, _ = table(browser, server, api)
    bob = phones["Bob"]
    bob.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")  # reading the bottom of the page
    api.ok(code, tokens["Ann"], type="move", location="Nottingham")
    api.ok(code, tokens["Ann"], type="end_turn")
    move = bob.locator("#r-news .prompt").first
    expect(move).to_contain_text("Round 1, your turn. Move your Villain to:")
    assert in_view(bob, "#r-news .prompt")


def test_after_the_move_the_locations_actions_and_the_end_of_the_turn_are_on_the_first_screen(browser, server, api):
    code, host, _, phones, _ = table(browser, server, api)
    api.ok(code, host, type="symbols", player="Ann", location="Nottingham", power=2, fate=1, play=2)
    ann = phones["Ann"]
    ann.locator("#r-news").get_by_role("button", name="Nottingham").click()
    gain = ann.locator("#r-now").get_by_role("button", name="Gain 2 Power")
    expect(gain).to_be_visible()
    end = ann.locator("#r-now").get_by_role("button", name="End turn (draw back to four)")
    for button in (gain, end):
        box = button.bounding_box()
        assert 0 <= box["y"] and box["y"] + box["height"] <= FIRST_SCREEN
    expect(ann.locator("#r-now")).to_contain_text("Also here, with the cards: Play a Card ×2.")


def test_a_tapped_power_gain_that_goes_keeps_the_view(browser, server, api):
    code, host, _, phones, _ = table(browser, server, api)
    api.ok(code, host, type="symbols", player="Ann", location="Nottingham", power=2, fate=1)
    ann = phones["Ann"]
    ann.locator("#r-news").get_by_role("button", name="Nottingham").click()
    gain = ann.locator("#r-now").get_by_role("button", name="Gain 2 Power")
    expect(gain).to_be_visible()
    top = "document.getElementById('r-turn').getBoundingClientRect().top"
    before = ann.evaluate(top)
    gain.click()
    expect(gain).to_have_count(0)
    expect(ann.locator("#r-first-0 article.villain")).to_contain_text("2 Power")
    assert abs(ann.evaluate(top) - before) <= 80


def test_the_claim_to_confirm_is_in_view_wherever_the_phone_was_scrolled_and_so_is_the_win(browser, server, api):
    players = [{"name": "Ann", "villain": "captain_hook"}, {"name": "Bob", "villain": "ursula"}]
    code, host, tokens, phones, _ = table(browser, server, api, players)
    bob = phones["Bob"]
    to_bottom(bob)
    log = "document.getElementById('r-log').getBoundingClientRect().top"
    reading = bob.evaluate(log)
    for mark in ("m0", "m1"):
        api.ok(code, tokens["Ann"], type="mark", player="Ann", mark=mark, on=True)
    api.ok(code, tokens["Ann"], type="claim", player="Ann")
    confirm = bob.locator("#r-news").get_by_role("button", name="Confirm: Ann wins")
    expect(confirm).to_be_visible()
    assert in_view(bob, "#r-news [data-prompt^=claim-]")
    assert abs(bob.evaluate(log) - reading) <= 1  # the push did not move what Bob reads
    confirm.click()
    expect(bob.locator("#r-news .tone-win")).to_contain_text("Ann (Captain Hook) wins!")
    assert in_view(bob, "#r-news .tone-win")
    ann = phones["Ann"]
    to_bottom(ann)
    expect(ann.locator("#r-news .tone-win")).to_contain_text("Ann (Captain Hook) wins!")
    assert in_view(ann, "#r-news .tone-win")


def test_the_20_power_warning_is_in_view_wherever_the_phone_was_scrolled(browser, server, api):
    code, host, _, phones, _ = table(browser, server, api)
    bob = phones["Bob"]
    to_bottom(bob)
    api.ok(code, host, type="power", player="Ann", delta=20)
    expect(bob.locator("#r-news .tone-warn")).to_contain_text("Ann (Prince John) holds 20 Power")
    assert in_view(bob, "#r-news .tone-warn")


def test_a_fated_players_phone_is_told_wherever_it_was_scrolled(browser, server, api):
    code, host, tokens, phones, _ = table(browser, server, api)
    bob = phones["Bob"]
    to_bottom(bob)
    api.ok(code, tokens["Ann"], type="move", location="Nottingham")
    api.ok(code, tokens["Ann"], type="fate", by="Ann", target="Bob")
    expect(bob.locator("#r-news")).to_contain_text("Ann Fates you.")
    assert in_view(bob, "#r-news [data-prompt^=fated-]")
    expect(phones["Ann"].locator("#r-news [data-prompt^=fated-]")).to_have_count(0)


def test_undo_is_near_the_power_buttons_it_undoes(browser, server, api):
    _, _, _, phones, _ = table(browser, server, api)
    ann = phones["Ann"]
    plus = ann.locator("#r-first-0 article.villain").get_by_role("button", name="+3")
    plus.click()
    undo = ann.locator("#r-turn").get_by_role("button", name="Undo: +3 Power for Ann")
    expect(undo).to_be_visible()
    gap = abs(plus.bounding_box()["y"] - undo.bounding_box()["y"])
    assert gap <= 300, gap
    undo.click()
    expect(ann.locator("#r-first-0 article.villain")).to_contain_text("0 Power")


def test_a_power_change_beyond_the_limit_is_refused_in_a_sentence_and_plus_three_is_three(browser, server, api):
    _, _, _, phones, _ = table(browser, server, api)
    ann = phones["Ann"]
    field = ann.get_by_role("textbox", name="Power change for Ann")
    field.fill("+81")
    ann.locator("#r-first-0").get_by_role("button", name="Apply").click()
    expect(ann.locator("#flash")).to_contain_text("A change of Power can be at most 80.")
    field.fill("+3")
    ann.locator("#r-first-0").get_by_role("button", name="Apply").click()
    expect(ann.locator("#r-first-0 article.villain")).to_contain_text("3 Power")


def test_the_host_enters_a_locations_symbols_from_the_phone(browser, server, api):
    code, host_token, _, _, _ = table(browser, server, api)
    host = open_seat(browser, server, code, host_token)
    card = host.locator("article.villain", has_text="Ann · Prince John")
    card.get_by_text("Action symbols of each location").click()
    card.locator("details.symbols summary", has_text="Nottingham").click()
    card.get_by_label("Gain Power").nth(2).fill("2")
    card.locator("details.symbols", has_text="Nottingham").get_by_label("Fate").fill("1")
    card.get_by_role("button", name="Save the symbols of Nottingham").click()
    expect(card.locator("details.symbols summary", has_text="Nottingham")).to_contain_text("Gain 2 Power, Fate")
    host.locator("#r-now").get_by_role("button", name="Nottingham").click()
    expect(host.locator("#r-now").get_by_role("button", name="Gain 2 Power")).to_be_visible()


def test_the_display_holds_the_news_and_every_villain_above_the_fold(browser, server, api):
    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
    villains = ["prince_john", "ursula", "jafar", "maleficent", "captain_hook", "queen_of_hearts"]
    code, host, tokens, _, board = table(browser, server, api, [{"name": n, "villain": v} for n, v in
                                                                zip(names, villains, strict=True)], display=True)
    api.ok(code, host, type="power", player="Ann", delta=20)
    for mark in ("m0", "m1"):
        api.ok(code, host, type="mark", player="Eve", mark=mark, on=True)
    api.ok(code, host, type="claim", player="Eve")
    expect(board.locator("#r-news")).to_contain_text("Eve claims the objective")
    expect(board.locator("#r-news")).to_contain_text("Ann (Prince John) holds 20 Power")
    for sel in ("#r-news", "#r-turn", ".standings li:last-child"):
        box = board.locator(sel).bounding_box()
        assert box["y"] + box["height"] <= 768, (sel, box)


def test_seating_from_the_bottom_of_the_form_brings_the_host_to_the_first_move(browser, server, api):
    t = api.create("villainous", name="Host")
    code = t["code"]
    for n in ("Ann", "Bob"):
        api.join(code, n, token=t["token"])
    host = open_seat(browser, server, code, t["token"])
    cat = open_seat(browser, server, code, api.join(code, "Cat", token=t["token"])["token"])
    expect(cat.locator("#r-now")).to_contain_text("The host will seat you")  # approved, not yet seated
    start = host.get_by_role("button", name="Start: read your objectives aloud")
    start.scroll_into_view_if_needed()
    assert host.evaluate("window.scrollY") > 844
    start.click()
    move = host.locator("#r-now .prompt").first
    expect(move).to_contain_text("Round 1, Ann's turn. Move Ann to:")
    host.wait_for_timeout(200)
    assert in_view(host, "#r-now .prompt")
