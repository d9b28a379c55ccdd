"""Undo says what it takes back; results the table has seen are sealed for players (Chromium)."""

import pytest
from playwright.sync_api import expect

from .browser import open_seat
from .games.gathering.test_live import EIGHT, first_night, new_game

pytestmark = pytest.mark.browser


def test_the_last_ballot_is_sealed_for_its_player_and_the_narrator_is_asked_once(browser, server, api):
    code, host, tokens, display, mischief = new_game(api)
    first_night(api, code, host, mischief, save=False)  # Fay falls at dawn
    voters = [n for n, _ in EIGHT if n != "Fay"]
    for n in voters[:-1]:
        api.ok(code, tokens[n], type="ballot", target="Gus" if n != "Gus" else "Ann")
    last = voters[-1]
    phone = open_seat(browser, server, code, tokens[last])
    phone.get_by_role("button", name="Gus", exact=True).click()  # the last ballot reveals the vote
    expect(phone.locator("#r-result")).to_contain_text("Ann → Gus")
    undo = phone.locator("#r-undo button")
    expect(undo).to_have_text("Undo: a secret vote")  # the target stays secret until the count, even here
    expect(undo).to_be_disabled()
    expect(phone.locator("#r-undo")).to_contain_text("revealed the vote to the whole table; only the host")
    narrator = open_seat(browser, server, code, host)
    asked = []
    narrator.on("dialog", lambda d: (asked.append(d.message), d.accept()))
    narrator.locator("#r-undo button").click()
    expect(narrator.locator("#r-ballots")).to_contain_text("6 of 7 in. Still to vote: Hal.")  # Fay fell at dawn
    assert asked and "already seen the vote" in asked[0]


def ann_after_plus_three(browser, server, api):
    """Ann's phone at a Villainous table, just after she gave herself +3 Power."""
    t = api.create("villainous", {"players": [{"name": "Ann", "villain": "prince_john"},
                                              {"name": "Bob", "villain": "ursula"}]}, name="Host")
    ann = api.join(t["code"], "Ann", token=t["token"])["token"]
    page = open_seat(browser, server, t["code"], ann)
    page.locator("article.villain").first.get_by_role("button", name="+3").click()
    return page


def test_a_players_own_last_tap_is_taken_back_without_a_question(browser, server, api):
    page = ann_after_plus_three(browser, server, api)
    undo = page.locator("#r-undo button")
    expect(undo).to_have_text("Undo: +3 Power for Ann")  # her own tap: no name
    undo.click()
    expect(page.locator("article.villain").first).to_contain_text("0 Power")
    expect(page.locator("#r-undo")).to_be_empty()


def test_undo_sits_right_under_the_game_and_its_name_starts_with_undo(browser, server, api):
    page = ann_after_plus_three(browser, server, api)
    expect(page.locator("#r-undo").get_by_role("button", name="Undo: +3 Power for Ann", exact=True)).to_be_visible()  # no arrow read out
    order = page.evaluate("[...document.querySelectorAll('#regions > .region, #regions > section')].map(e => e.id)")
    assert order.index("r-undo") == order.index("r-game") + 1, order  # before the dice, the notes and the seats
