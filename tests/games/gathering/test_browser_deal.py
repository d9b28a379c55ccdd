"""Gathering of the Wicked in Chromium: the deal for players without a phone. The narrator's
phone shows one player's card full screen, behind a hold, and records that it was seen; the
narrator's list of the teams stays behind its own hold."""

import pytest
from playwright.sync_api import expect

from ...browser import open_seat
from .test_browser import GEOMETRY, STRUCTURE, tap_in
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
    narrator.get_by_role("button", name="Show Bob's card").click()  # Diablo: the longest power text
    power = narrator.locator(".dealcard .power")
    expect(power).to_contain_text("Henchman of Maleficent")
    assert power.evaluate("el => el.scrollHeight <= el.clientHeight")  # it fits its box: nothing to scroll
    narrator.locator(".dealcard").get_by_role("button", name="Put it away").click()
    expect(narrator.locator(".dealcard")).to_have_count(0)
    teams = narrator.get_by_role("button", name="Press and hold to see the teams")
    expect(teams.locator(".inner")).to_be_hidden()
    teams.dispatch_event("pointerdown")
    expect(teams.locator(".inner")).to_contain_text("Team Mischief: Gus, Hal")


TEN = [("Ann", "maleficent"), ("Bob", "diablo"), ("Cat", "hades"), ("Dan", "pain_and_panic"), ("Eve", "prince_john"),
       ("Fay", "sir_hiss"), ("Gus", "queen_of_hearts"), ("Hal", "king_of_hearts"), ("Ida", "captain_hook"),
       ("Jon", "mr_smee")]
PHONES, PHONELESS = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay"), ("Gus", "Hal", "Ida", "Jon")


def test_a_whole_ten_player_game_with_six_phones_and_four_players_without(browser, server, api):
    """Team Mischief is Dan (a phone) and Gus (none). The narrator shows the four phoneless
    players their cards, runs the nights, gives the signal and taps in the phoneless ballots; the
    six phones vote themselves, and at every moment the standing phones have one shape."""
    t = api.create("gathering", name="Narrator")
    code, host = t["code"], t["token"]
    tokens = {n: api.join(code, n, token=host)["token"] for n in PHONES}
    api.ok(code, host, type="setup", players=[n for n, _ in TEN], characters=[c for _, c in TEN])
    api.ok(code, host, type="deal", characters=dict(TEN), mischief=["Dan", "Gus"])
    errors = []
    narrator = open_seat(browser, server, code, host, errors=errors)
    phones = {n: open_seat(browser, server, code, tokens[n], errors=errors) for n in PHONES}
    narrator.get_by_text("Cards for players without a phone").click()
    for name in PHONELESS:
        narrator.get_by_role("button", name=f"Show {name}'s card").click()
        narrator.locator(".dealcard").get_by_role("button", name="Seen").click()
        expect(narrator.locator("#g-cards li", has_text=name)).to_contain_text("seen")
    names = [n for n, _ in TEN]

    def one_shape(moment, standing):
        first, *others = [phones[n] for n in standing]
        first.wait_for_timeout(300)  # every region of the push has landed
        for page in others:
            assert page.evaluate(STRUCTURE) == first.evaluate(STRUCTURE), moment
            assert page.evaluate(GEOMETRY, names) == first.evaluate(GEOMETRY, names), moment

    one_shape("night 1", PHONES)
    for body in ({"type": "spy", "target": "Gus"}, {"type": "mischief_target", "target": "Fay"},
                 {"type": "hades", "save": False}, {"type": "prisoner", "target": "Jon"}):
        api.ok(code, host, **body)
    standing = [n for n in PHONES if n != "Fay"]  # Fay fell in the night
    for n in standing:
        expect(phones[n].locator("#r-ballot")).to_contain_text("The vote opens at the narrator's signal")
    one_shape("day 1, the debate", standing)
    narrator.get_by_role("button", name="Call the vote").click()
    for n in standing:
        phones[n].get_by_role("button", name="Ann" if n == "Dan" else "Dan", exact=True).click()
        expect(phones[n].locator("#r-ballot")).to_contain_text("You voted against")
    api.ok(code, host, type="timer_start", seconds=60)  # the narrator's tap last: the same Undo on every phone
    one_shape("day 1, the phones have voted", standing)
    for n in PHONELESS:
        tap_in(narrator, n, "Dan")
    for n in PHONES:
        expect(phones[n].locator("#r-result")).to_contain_text("Dan must leave")
    standing.remove("Dan")
    one_shape("day 1, the result", standing)
    for body in ({"type": "beat"}, {"type": "spy", "target": "Eve"}, {"type": "mischief_target", "target": "Bob"},
                 {"type": "hades", "save": False}, {"type": "prisoner", "target": "Jon"}, {"type": "beat"}):
        api.ok(code, host, **body)
    standing.remove("Bob")
    for n in standing:
        phones[n].get_by_role("button", name="Gus", exact=True).click()
    for n in ("Hal", "Ida", "Jon"):
        tap_in(narrator, n, "Gus")
    tap_in(narrator, "Gus", "Ann")
    for n in PHONES:
        expect(phones[n].locator(".winner")).to_have_text("Team Mayhem wins!")
    assert not errors, errors
