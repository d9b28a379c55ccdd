"""A Touch of Evil in Chromium: a co-operative hunt's fights on the host's phone, two Heroes' phones
and the display: a Minion fight and a Villain Attack from a Hero's phone (the Death Wail asked
there), a lost Showdown and the co-operative loss on every screen."""

import re

import pytest
from playwright.sync_api import expect

from ...browser import open_seat


@pytest.mark.browser
def test_fights_a_lost_showdown_and_the_cooperative_loss_on_every_screen(browser, server, api):
    t = api.create("touch-of-evil", {"villain": "banshee", "mode": "cooperative", "heroes": ["Eliza", "Valeria"],
                                     "rules": {"advanced_coop_table": True}}, name="Host")
    code, host_token = t["code"], t["token"]
    tokens = {n: api.join(code, n, token=host_token)["token"] for n in ("Ann", "Bob")}
    board = api.join(code, "Board", role="display", token=host_token)["token"]
    api.ok(code, tokens["Ann"], type="claim", name="Eliza")
    api.ok(code, tokens["Bob"], type="claim", name="Valeria")
    for hero in ("Eliza", "Valeria"):
        api.ok(code, host_token, type="hero", name=hero, health=30, combat=3, cunning=2, spirit=4, investigations=20,
               location="Inn")
    api.ok(code, host_token, type="minion_place", name="Barrow Shades", location="Inn")
    errors = []
    host = open_seat(browser, server, code, host_token, errors=errors)
    ann = open_seat(browser, server, code, tokens["Ann"], errors=errors)
    bob = open_seat(browser, server, code, tokens["Bob"], errors=errors)
    display = open_seat(browser, server, code, board, tablet=True, errors=errors)
    pages = (host, ann, bob, display)

    # a Minion fight from Eliza's phone: her Spirit prefilled against the Shades, one Round, then she leaves
    ann.get_by_text("Start a fight (a Villain Attack, a Minion)").click()
    ann.get_by_label("Against").select_option(label="Barrow Shades at Inn")
    ann.get_by_role("button", name="Start the fight").click()
    expect(display.locator("#toe-fight")).to_contain_text("Eliza against Barrow Shades")
    expect(ann.locator("#r-now input[name='json:hero_dice']")).to_have_value("4")
    ann.get_by_role("button", name="Roll the Battle Round").click()
    expect(display.locator("#toe-fight")).to_contain_text(re.compile("Round 1:|Last fight"))
    if api.view(code, tokens["Ann"])["fight"]:  # the Shades still stand: she leaves
        ann.get_by_role("button", name="Eliza leaves the fight").click()
    for page in pages:
        expect(page.locator("#toe-fight")).to_contain_text("Last fight: Eliza against Barrow Shades")

    # a Villain Attack from Eliza's phone: the Fight dice typed in, one Round; a 6 asks the Death Wail on her phone
    ann.get_by_text("Start a fight (a Villain Attack, a Minion)").click()
    ann.get_by_label("Against").select_option("villain")
    ann.get_by_role("button", name="Start the fight").click()
    ann.get_by_label("The Banshee's Fight dice").fill("6")
    ann.get_by_role("button", name="Roll the Battle Round").click()
    expect(display.locator("#toe-fight")).to_contain_text("Last fight: Eliza against The Banshee")
    owed = api.view(code, tokens["Ann"])["death_wail"]
    for _ in range(owed[0]["left"] if owed else 0):  # each six answered on her phone, nowhere else
        expect(bob.get_by_role("button", name="Pay 2 Investigations")).to_have_count(0)
        left = api.view(code, tokens["Ann"])["death_wail"][0]["left"]
        ann.get_by_role("button", name="Pay 2 Investigations").click()
        expect(display.locator("#r-game")).not_to_contain_text(f"answers {left} six")
    expect(ann.get_by_role("button", name="Pay 2 Investigations")).to_have_count(0)

    # a Showdown lost: Eliza alone, Knocked Out from her phone
    host.get_by_text("Begin a Showdown").click()
    host.get_by_role("checkbox", name="Valeria", exact=True).uncheck()
    host.get_by_label("Villain's Health").fill("20")
    host.get_by_label("Villain's Fight dice").fill("2")
    host.get_by_role("button", name="Begin the Showdown").click()
    expect(display.locator("#toe-showdown")).to_contain_text("Battle Round 1")
    ann.get_by_role("button", name="Eliza is Knocked Out").click()
    for page in pages:
        expect(page.locator("#toe-showdown .lost")).to_contain_text("The Showdown is lost")

    # Valeria down too: every Hero Knocked Out at once, the hunt is lost on every screen
    bob.get_by_role("button", name="Valeria is Knocked Out").click()
    for page in pages:
        expect(page.locator("#toe-track .winner")).to_contain_text("Every Hero is Knocked Out at once")
    assert not errors, (errors, [p.locator("[role=alert]").all_inner_texts() for p in (host, ann, bob)])
