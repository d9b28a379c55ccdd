"""Gathering of the Wicked in Chromium: the deal for players without a phone. The narrator's
phone shows one player's card full screen, behind a hold, and records that it was seen; the
narrator's list of the teams stays behind its own hold."""

import pytest
from playwright.sync_api import expect

from ...browser import open_seat
from .test_live import EIGHT, new_game

pytestmark = pytest.mark.browser


def test_the_narrator_shows_each_phoneless_player_their_card_full_screen_and_it_is_recorded(browser, server, api):
    code, host, tokens, display, mischief = new_game(api)
    api.ok(code, host, type="deal", characters=dict(EIGHT), mischief=list(mischief))
    narrator = open_seat(browser, server, code, host)
    expect(narrator.locator("#r-table")).not_to_contain_text("Mischief")  # no team on the narrator's list
    narrator.get_by_text("Cards for players without a phone").click()
    narrator.get_by_role("button", name="Show Hal's card").click()
    card = narrator.locator(".dealcard")
    expect(card).to_be_visible()
    box = card.bounding_box()
    assert box["width"] == 390 and box["height"] == 844  # the whole screen: nothing else shows with it
    held = card.get_by_role("button", name="Press and hold to see your card")
    expect(held.locator(".inner")).to_be_hidden()
    held.dispatch_event("pointerdown")
    expect(held.locator(".inner")).to_contain_text("King of Hearts · Team Mischief")
    expect(held.locator(".inner")).to_contain_text("Your team-mates: Gus.")
    held.dispatch_event("pointerup")
    expect(held.locator(".inner")).to_be_hidden()
    card.get_by_role("button", name="Seen").click()
    expect(card).to_have_count(0)
    expect(narrator.locator("#g-cards li", has_text="Hal")).to_contain_text("seen")
    teams = narrator.get_by_role("button", name="Press and hold to see the teams")
    expect(teams.locator(".inner")).to_be_hidden()
    teams.dispatch_event("pointerdown")
    expect(teams.locator(".inner")).to_contain_text("Team Mischief: Gus, Hal")
