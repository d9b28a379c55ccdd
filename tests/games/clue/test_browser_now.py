"""Clue at the table in real Chromium (issue 21): on a 390x844 phone the player whose turn it is
reads it and finds the suggestion form on the first screen; the card to show and an accusation's
outcome are in view after a push wherever the phone was scrolled; the display (1024x768) holds
the news above the fold."""

import pytest
from playwright.sync_api import expect

from ...browser import open_seat
from .tables import BOB

pytestmark = pytest.mark.browser


def in_view(page, selector):
    return page.evaluate("""(sel) => { const el = document.querySelector(sel); if (!el) return false;
        const r = el.getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; }""", selector)


def table(api, players=("Ann", "Bob", "Cat")):
    t = api.create("clue", {"players": list(players), "movers": {"Ann": "Evil Queen"}}, name="Host")
    tok = {n: api.join(t["code"], n, token=t["token"])["token"] for n in players}
    return t["code"], t["token"], tok


def to_bottom(page):
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")


def test_the_player_whose_turn_it_is_reads_it_and_finds_the_suggestion_form_on_the_first_screen(browser, server, api):
    code, _, tok = table(api)
    ann = open_seat(browser, server, code, tok["Ann"])
    expect(ann.locator("#r-now")).to_contain_text("Your turn: move into a Lair")
    assert in_view(ann, "#r-now .prompt")
    assert ann.locator("#r-suggest_first #c-suggest").bounding_box()["y"] < 844
    bob = open_seat(browser, server, code, tok["Bob"])
    expect(bob.locator("#r-now")).to_contain_text("Ann's turn.")
    expect(bob.locator("#r-suggest_first #c-suggest")).to_have_count(0)  # Bob's form stays below his notes
    expect(bob.locator("#r-suggest #c-suggest")).to_have_count(1)


def test_the_card_to_show_is_in_view_wherever_the_disprover_was_scrolled_and_noted_in_one_tap(browser, server, api):
    code, _, tok = table(api)
    api.ok(code, tok["Bob"], type="hand", cards=BOB)
    bob = open_seat(browser, server, code, tok["Bob"])
    to_bottom(bob)
    api.ok(code, tok["Ann"], type="suggestion", by="Ann", cards=["jafar", "potion", "lair_3"], disproved_by="Bob")
    show = bob.locator("#r-news [data-prompt=show-1]")
    expect(show).to_contain_text("Show Ann one card of #1")
    assert in_view(bob, "#r-news [data-prompt=show-1]")
    show.get_by_role("button", name="I showed Jafar").click()
    expect(show).to_have_count(0)
    assert api.view(code, tok["Bob"])["showed"][0]["card"] == "jafar"


def test_a_wrong_accusation_is_in_view_wherever_the_phone_was_scrolled(browser, server, api):
    code, _, tok = table(api)
    ann = open_seat(browser, server, code, tok["Ann"])
    to_bottom(ann)
    api.ok(code, tok["Cat"], type="accusation", by="Cat", cards=["maleficent", "scepter", "lair_9"], correct=False)
    expect(ann.locator("#r-news .tone-warn")).to_contain_text("Cat accused Maleficent, the Scepter and the Lair 9: wrong.")
    assert in_view(ann, "#r-news .tone-warn")


def test_the_display_holds_the_accusation_and_the_log_above_the_fold(browser, server, api):
    code, host, tok = table(api)
    api.ok(code, host, type="suggestion", by="Ann", cards=["jafar", "shell", "lair_3"], disproved_by="Bob")
    api.ok(code, host, type="accusation", by="Cat", cards=["maleficent", "scepter", "lair_9"], correct=False)
    board = open_seat(browser, server, code, api.join(code, "Board", role="display", token=host)["token"], tablet=True)
    expect(board.locator("#r-news")).to_contain_text("Cat accused")
    for sel in ("#r-news", "#r-turn", "#c-log li"):
        box = board.locator(sel).first.bounding_box()
        assert box["y"] + box["height"] <= 768, (sel, box)
