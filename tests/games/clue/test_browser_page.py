"""Clue's page shows what the game decided (real server, Chromium): the display offers the
accusation entry the game accepts from it, and the suggestion form lets only those the game
names disprove a suggester."""

import pytest
from playwright.sync_api import expect

from ...browser import open_seat

pytestmark = pytest.mark.browser


def test_the_display_enters_an_accusation_as_the_game_allows(browser, server, api):
    t = api.create("clue", {"players": ["Ann", "Bob", "Cat"]}, name="Host")
    code, host = t["code"], t["token"]
    board = api.join(code, "Board", role="display", token=host)["token"]
    errors = []
    display = open_seat(browser, server, code, board, tablet=True, errors=errors)
    display.get_by_text("Enter an accusation").click()
    display.get_by_label("Accused by").select_option("Bob")
    display.locator("#a-1").select_option("jafar")
    display.locator("#a-2").select_option("shell")
    display.locator("#a-3").select_option("lair_3")
    display.once("dialog", lambda d: d.accept())
    display.get_by_role("button", name="Record the accusation").click()
    expect(display.locator("#r-log")).to_contain_text("Bob: Jafar, Shell, Lair 3 · wrong")
    assert api.view(code, host)["accusations"][0]["by"] == "Bob"
    expect(display.get_by_role("button", name="End turn")).to_have_count(0)  # turns are not the display's
    assert not errors, errors


def test_the_suggester_cannot_be_chosen_as_disprover(browser, server, api):
    t = api.create("clue", {"players": ["Ann", "Bob", "Cat"]}, name="Host")
    page = open_seat(browser, server, t["code"], t["token"])
    form = page.locator("#c-suggest")
    by = form.get_by_role("group", name="Suggested by")
    disproved = form.get_by_role("group", name="Disproved by")
    expect(by.get_by_role("radio", name="Ann")).to_have_attribute("data-disprovers", '["Bob", "Cat"]')
    by.get_by_text("Bob", exact=True).click()
    expect(disproved.get_by_role("radio", name="Bob")).to_be_disabled()
    expect(disproved.get_by_role("radio", name="Ann")).to_be_enabled()
    by.get_by_text("Cat", exact=True).click()
    expect(disproved.get_by_role("radio", name="Bob")).to_be_enabled()
    expect(disproved.get_by_role("radio", name="Cat")).to_be_disabled()
    expect(disproved.get_by_role("radio", name="nobody")).to_be_enabled()
