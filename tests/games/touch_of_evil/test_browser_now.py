"""A Touch of Evil, issue 21, in Chromium at 390x844 (the display at 1024x768): each Hero's own move
first on its phone, Death Wail and a Villain Attack asked in view wherever the phone is scrolled, a
lost Showdown pinned on every screen, the dice prefilled and kept from Round to Round, the three
buttons that once failed tapped and working, the controls that vanish keeping the view, and the
display's first screen."""

import pytest
from playwright.sync_api import expect

from ...browser import open_seat

pytestmark = pytest.mark.browser


def in_view(page, selector):
    return page.evaluate("""(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
        return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; }""", selector)


def top(page, selector):
    return page.evaluate("(s) => document.querySelector(s).getBoundingClientRect().top", selector)


def to_bottom(page):
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_timeout(100)


def hunt(browser, server, api, **options):
    t = api.create("touch-of-evil", {"villain": "banshee", "mode": "cooperative", "heroes": ["Eliza", "Valeria"], **options}, name="Host")
    code, host = t["code"], t["token"]
    tokens = {n: api.join(code, n, token=host)["token"] for n in ("Ann", "Bob")}
    api.ok(code, tokens["Ann"], type="claim", name="Eliza")
    api.ok(code, tokens["Bob"], type="claim", name="Valeria")
    for hero in ("Eliza", "Valeria"):
        api.ok(code, host, type="hero", name=hero, health=30, combat=3, cunning=2, spirit=4, investigations=20, location="Inn")
    return code, host, tokens


def test_a_heros_own_move_and_card_are_first_on_its_phone_at_load(browser, server, api):
    code, host, tokens = hunt(browser, server, api)
    ann = open_seat(browser, server, code, tokens["Ann"])
    turn = ann.locator("#r-now [data-prompt^=turn-]")
    expect(turn).to_contain_text("Eliza at Inn · 20 Investigations · 0 of 30 Wounds")
    assert in_view(ann, "#r-now [data-prompt^=turn-]")
    assert top(ann, "#toe-hero-0") < 844  # her own card starts on the first screen
    turn.get_by_role("button", name="Roll for movement (D6)").click()
    expect(turn).to_contain_text("Movement this turn:")
    expect(ann.locator("#toe-hero-0 > summary")).to_contain_text("Moves")


def test_an_unseated_phone_is_asked_which_hero_it_plays(browser, server, api):
    t = api.create("touch-of-evil", {"villain": "banshee", "heroes": ["Eliza"]}, name="Host")
    cleo = open_seat(browser, server, t["code"], api.join(t["code"], "Cleo", token=t["token"])["token"])
    expect(cleo.locator("#r-now [data-prompt=claim]")).to_contain_text("Which Hero do you play?")
    assert in_view(cleo, "#r-now [data-prompt=claim]")
    cleo.get_by_role("button", name="I play Eliza").click()
    expect(cleo.locator("#r-now [data-prompt^=turn-]")).to_contain_text("Eliza")


def test_death_wail_is_asked_in_view_wherever_the_heros_phone_is_scrolled(browser, server, api):
    code, host, tokens = hunt(browser, server, api)
    ann = open_seat(browser, server, code, tokens["Ann"])
    bob = open_seat(browser, server, code, tokens["Bob"])
    ann.locator("#toe-elders").evaluate("e => e.scrollIntoView()")  # she reads the Elders, far down
    scrolled = top(ann, "#toe-elders")
    for _ in range(20):  # Villain Attacks until a six of the Banshee's strikes Eliza
        api.ok(code, tokens["Ann"], type="fight_start", foe="villain", foe_dice=6)
        if api.ok(code, tokens["Ann"], type="fight_round")["death_wail"]:
            break
    wail = ann.locator("#r-news [data-prompt^=wail-]")
    expect(wail).to_contain_text("Death Wail on Eliza")
    assert in_view(ann, "#r-news [data-prompt^=wail-]")
    assert abs(top(ann, "#toe-elders") - scrolled) <= 80  # the push kept what she reads
    expect(bob.locator("#r-news [data-prompt^=wail-]")).to_have_count(0)
    while api.view(code, tokens["Ann"])["death_wail"]:
        left = api.view(code, tokens["Ann"])["death_wail"][0]["left"]
        ann.locator("#r-news").get_by_role("button", name="Pay 2 Investigations").click()
        expect(ann.locator("#r-news")).not_to_contain_text(f"{left} six")
    expect(wail).to_have_count(0)


def test_a_villain_attack_on_a_hero_is_asked_in_view_and_named_on_its_card(browser, server, api):
    code, host, tokens = hunt(browser, server, api)
    ann = open_seat(browser, server, code, tokens["Ann"])
    to_bottom(ann)
    for _ in range(60):  # the Minion Table until the Banshee attacks Eliza at her space
        if api.ok(code, tokens["Ann"], type="minion_table")["fight_start"]["offer"]:
            break
    offer = ann.locator("#r-news [data-prompt^=offer-]")
    expect(offer).to_contain_text("The Banshee attacks Eliza")
    assert in_view(ann, "#r-news [data-prompt^=offer-]")
    expect(ann.locator("#toe-hero-0 > summary")).to_contain_text("Attacked by the Villain")
    offer.get_by_role("button", name="Eliza fights The Banshee").click()
    fight = ann.locator("#r-now [data-prompt^=fight-]")
    expect(fight).to_contain_text("Eliza fights The Banshee")
    expect(fight.locator("input[name='json:hero_dice']")).to_have_value("5")  # Combat 3, +2 Hunter on a Ghost
    expect(offer).to_have_count(0)


def test_a_lost_showdown_is_a_banner_on_every_screen_and_its_end_keeps_the_view(browser, server, api):
    code, host, tokens = hunt(browser, server, api)
    api.ok(code, host, type="showdown_start", health=20, fight=2, party=["Eliza"])
    pages = [open_seat(browser, server, code, tok) for tok in (host, tokens["Ann"], tokens["Bob"])]
    for page in pages:
        to_bottom(page)
    api.ok(code, tokens["Ann"], type="knockout", hero="Eliza")
    for page in pages:
        banner = page.locator("#r-news [data-prompt^=showdown-]")
        expect(banner).to_contain_text("The Showdown is lost")
        assert in_view(page, "#r-news [data-prompt^=showdown-]")
    # another Showdown, left by the host from its card: the view stays where the tap was
    api.ok(code, host, type="showdown_start", health=20, fight=2, party=["Valeria"])
    leave = pages[0].get_by_role("button", name="The Heroes leave the fight")
    leave.scroll_into_view_if_needed()
    before = top(pages[0], "#toe-showdown h3")  # the card's heading, the stable neighbour of the vanishing row
    leave.click()
    expect(pages[0].locator("#r-news [data-prompt^=showdown-]")).to_contain_text("The Showdown ends")
    assert abs(top(pages[0], "#toe-showdown h3") - before) <= 80


def test_the_showdown_attack_is_prefilled_and_kept_from_round_to_round(browser, server, api):
    code, host, tokens = hunt(browser, server, api)
    api.ok(code, host, type="showdown_start", health=40, fight=1)
    ann = open_seat(browser, server, code, tokens["Ann"])
    attack = ann.locator("#r-now [data-prompt^=attack-]")
    assert in_view(ann, "#r-now [data-prompt^=attack-]")
    expect(attack.locator("input[name='json:attack_dice']")).to_have_value("5")  # Combat 3, +2 Hunter
    attack.locator("input[name='json:attack_dice']").fill("7")
    attack.get_by_role("button", name="Eliza attacks").click()
    expect(ann.locator("#r-now")).to_contain_text("Attacked this Round: Eliza (")
    api.ok(code, host, type="showdown_round")
    expect(attack.locator("input[name='json:attack_dice']")).to_have_value("7")
    attack.locator("input[name='json:attack_dice']").fill("31")
    attack.get_by_role("button", name="Eliza attacks").click()
    expect(ann.locator("#flash .flash.error")).to_contain_text("The attack's Battle Dice can be at most 30.")


def test_the_three_buttons_that_failed_work_when_tapped_and_the_last_token_keeps_the_view(browser, server, api):
    code, host, tokens = hunt(browser, server, api)
    api.ok(code, host, type="mystery_start")
    for _ in range(10):
        v = api.view(code, host)
        if not v["phase"] or v["phase"]["waits"] == "mystery_card":
            break
        tap = v["now"][0]["actions"][0]["fields"]
        api.ok(code, host, **{k.removeprefix("json:"): x for k, x in tap.items()})
    page = open_seat(browser, server, code, host)
    shadow = api.view(code, host)["shadow"]
    page.locator("#r-now").get_by_role("button", name="Murder! (Night Wail)").click()
    expect(page.locator("#r-game")).to_contain_text("Last Mystery card: Murder!")
    assert api.view(code, host)["shadow"] > shadow
    expect(page.locator("[role=alert]")).to_have_count(0)

    api.ok(code, host, type="elder", name="Judge Croft", permission=1)
    judge = page.locator("#toe-elders li", has_text="Judge Croft")
    judge.locator("summary").click()
    judge.scroll_into_view_if_needed()
    before = top(page, "#toe-elders h3")
    judge.get_by_role("button", name="Would die: spend a Permission Token").click()
    expect(judge.get_by_role("button", name="Would die: spend a Permission Token")).to_have_count(0)
    assert abs(top(page, "#toe-elders h3") - before) <= 80
    judge = page.locator("#toe-elders li", has_text="Judge Croft")
    if not judge.locator("details[open]").count():
        judge.locator("summary").click()
    judge.get_by_role("button", name="Dies, nothing prevents it").click()
    expect(page.locator("#toe-elders li", has_text="Judge Croft")).to_contain_text("dead")
    expect(page.locator("[role=alert]")).to_have_count(0)


def test_the_display_holds_the_last_result_its_dice_and_the_showdown_above_the_fold(browser, server, api):
    code, host, tokens = hunt(browser, server, api)
    board = api.join(code, "Board", role="display", token=host)["token"]
    api.ok(code, tokens["Ann"], type="minion_table")
    api.ok(code, host, type="showdown_start", health=20, fight=2)
    api.ok(code, tokens["Ann"], type="showdown_attack", hero="Eliza")
    display = open_seat(browser, server, code, board, tablet=True)
    last = display.locator("#r-news [data-prompt^=last-]")
    expect(last).to_contain_text("Villain Minion Table for Eliza:")
    showdown = display.locator("#r-news [data-prompt^=sd-]")
    expect(showdown).to_contain_text("Showdown, Battle Round 1")
    expect(showdown).to_contain_text("Eliza: ")
    expect(showdown).to_contain_text(" hit")
    assert in_view(display, "#r-news [data-prompt^=last-]") and in_view(display, "#r-news [data-prompt^=sd-]")
    chip = display.evaluate("parseFloat(getComputedStyle(document.querySelector('#toe-heroes .steps li')).fontSize)")
    assert chip >= 18
    elders = display.evaluate("JSON.stringify(document.getElementById('toe-elders').getBoundingClientRect())")
    assert display.evaluate("document.getElementById('toe-elders').getBoundingClientRect().right") <= 1024, elders
    assert display.evaluate("document.getElementById('toe-elders').scrollWidth <= document.getElementById('toe-elders').clientWidth + 1")
