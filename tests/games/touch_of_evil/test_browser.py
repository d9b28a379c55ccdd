"""A Touch of Evil in Chromium: the host's phone, two Heroes' phones and the display play a whole
hunt, from the setup through three Mystery Phases to a Showdown won."""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from ...browser import open_seat
from ...helpers import wait_for

SHOTS = Path(os.environ.get("TOE_SHOTS", "/tmp/toe-shots"))


def shot(page, name, parts=3):
    """The page in screen-sized parts from the top (for a person to look at)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    height = page.evaluate("document.documentElement.scrollHeight")
    for i in range(min(parts, -(-height // size["height"]))):
        clip = {"x": 0, "y": i * size["height"], "width": size["width"], "height": size["height"]}
        # caret "hide" would inject a style the page's CSP refuses
        page.screenshot(path=str(SHOTS / f"{name}-{i}.png"), full_page=True, clip=clip, caret="initial")


def moved_on(api, code, token, version) -> dict:
    """The seat's view once the table has gone past `version` (the tap reached the server)."""
    def read():
        answer = api.request("GET", f"/api/tables/{code}", token=token).json
        return answer["view"] if answer["version"] > version else None
    return wait_for(read)


def mystery_phase(api, code, token, host, display, turn):
    """The Mystery Phase as a table with nothing special plays it: start, the 2D6 table, then as many
    cards as the game asks for (one per Hero after a Villain's Curse), each once the page asks for it."""
    asked = []
    host.once("dialog", lambda d: (asked.append(d.message), d.accept()))  # some Heroes have not ended their turns
    host.get_by_role("button", name="Start the Mystery Phase").click()
    expect(display.locator("#toe-mystery strong")).to_have_text("Co-operative game: roll on the Mystery Phase table.")
    host.get_by_role("button", name="Roll the Advanced table (2D6)").click()
    expect(display.locator("#toe-tables .script")).to_be_visible()
    expect(host.locator("#r-now")).to_contain_text("what was drawn?")  # asked at the top of the host's page
    assert asked and asked[0].startswith("Still to play this turn:"), asked
    if turn == 1:
        shot(host, "03-host-mystery-card-step", parts=4)
    due = api.view(code, token)["mystery"]["cards_due"]
    for i in range(due):
        expect(host.locator("#r-now")).to_contain_text(f"Mystery card {i + 1} of {due}:" if due > 1 else "Mystery card:")
        host.locator("#r-now").get_by_role("button", name="Another card").click()
    expect(display.locator("#toe-track h2")).to_contain_text(f"turn {turn + 1}")


@pytest.mark.browser
def test_a_whole_hunt_on_the_hosts_phone_two_hero_phones_and_the_display(browser, server, api):
    t = api.create("touch-of-evil", name="Host")
    code, host_token = t["code"], t["token"]
    tokens = {n: api.join(code, n, token=host_token)["token"] for n in ("Ann", "Bob")}
    board = api.join(code, "Board", role="display", token=host_token)["token"]
    errors = []
    host = open_seat(browser, server, code, host_token, errors=errors)
    ann = open_seat(browser, server, code, tokens["Ann"], errors=errors)
    bob = open_seat(browser, server, code, tokens["Bob"], errors=errors)
    display = open_seat(browser, server, code, board, tablet=True, errors=errors)

    # the setup: the Banshee, co-operative, the Advanced table; Heroes typed in the order chosen (a base-game one too)
    host.get_by_label("Villain", exact=True).select_option("banshee")
    host.get_by_label("Mode").select_option("cooperative")
    host.get_by_label("Hero 1", exact=True).fill("Father Joseph")
    host.get_by_label("Hero 2", exact=True).fill("Eliza, the Witch Hunter")
    host.get_by_label("Advanced Co-operative Mystery Phase table").check()
    shot(host, "01-host-setup")
    host.get_by_role("button", name="Begin the hunt").click()
    expect(display.locator("#toe-track")).to_contain_text("The Banshee")
    expect(display.locator("#toe-track")).to_contain_text("First Player: Father Joseph")
    expect(host.locator("#toe-setup")).not_to_have_attribute("open", "")  # the form closes once the hunt is set
    expect(host.locator("#toe-setup summary")).to_have_text("Change the setup")

    # each phone takes its Hero and keeps it
    ann.get_by_role("button", name="I play Eliza, the Witch Hunter").click()
    bob.get_by_role("button", name="I play Father Joseph").click()
    expect(bob.locator("details.hero-card[open] > summary")).to_contain_text("Father Joseph")
    eliza = ann.locator("details.hero-card[open]")
    eliza.get_by_label("Eliza, the Witch Hunter moves to").select_option("Inn")
    eliza.get_by_role("button", name="Move Eliza here").click()
    expect(display.locator("#toe-heroes .steps")).to_contain_text("Eliza · Inn")
    eliza.get_by_role("button", name="+1 Investigation").click()
    expect(eliza).to_contain_text("1 Investigations")  # the region is back before typing in it
    eliza.get_by_label("A card Eliza, the Witch Hunter takes").fill("Silver Crucifix")
    eliza.get_by_role("button", name="Add").click()
    expect(eliza).to_contain_text("Silver Crucifix")
    expect(ann.locator("details.hero-card")).to_have_count(1)  # her own card and its skills: no other Hero's controls
    shot(ann, "02-hero-phone")

    # three turns: a Hero's roll on the Minion Table from her phone, then the Mystery Phase
    for turn in (1, 2, 3):
        before = api.request("GET", f"/api/tables/{code}", token=tokens["Ann"]).json
        ann.evaluate("document.getElementById('toe-tables').dataset.before = 'yes'")  # gone once replaced
        ann.get_by_role("button", name="Roll the Villain Minion Table (Eliza)").click()
        if moved_on(api, code, tokens["Ann"], before["version"])["last"] != before["view"]["last"]:  # Ann's phone has her new result, not the last one's buttons
            ann.wait_for_function("() => !(document.getElementById('toe-tables') || {dataset: {}}).dataset.before")
        apply_all = ann.get_by_role("button", name="Apply all at the places shown")
        if apply_all.count():
            apply_all.click()
        mystery_phase(api, code, host_token, host, display, turn)
        if turn == 1:
            shot(display, "03-display-after-a-mystery-phase")
    expect(display.locator("#toe-track h2")).to_contain_text("turn 4")
    shot(host, "04-host-after-three-phases", parts=6)

    # the Showdown: the host gathers the party, each Hero attacks from its phone, the Banshee answers
    for page in (ann, bob):
        page.locator("details.hero-card[open] > details > summary").click()
    ann.locator("details.hero-card[open]").get_by_label("Health").fill("8")
    ann.locator("details.hero-card[open]").get_by_role("button", name="Keep these").click()
    bob.locator("details.hero-card[open]").get_by_label("Health").fill("8")
    bob.locator("details.hero-card[open]").get_by_role("button", name="Keep these").click()
    expect(display.locator("#toe-heroes .steps")).to_contain_text("of 8 Wounds")
    host.get_by_text("Begin a Showdown").click()
    host.get_by_label("Villain's Health").fill("4")
    host.get_by_label("Villain's Fight dice").fill("2")
    host.get_by_role("button", name="Begin the Showdown", exact=True).click()
    expect(display.locator("#toe-showdown")).to_contain_text("Battle Round 1")
    expect(ann.get_by_role("button", name="Eliza attacks")).to_be_visible()  # a Hero's phone: its own Hero's attack
    expect(ann.get_by_role("button", name="Father Joseph attacks")).to_have_count(0)
    pages = (host, ann, bob, display)

    def settle():
        """Every screen shows the last roll of the Showdown before the next tap."""
        view = api.view(code, host_token)
        rolls = (view["showdown"] or {}).get("rolls") or []
        if rolls:
            text = f"{rolls[-1]['who']}: {' '.join(map(str, rolls[-1]['faces']))}"
            for page in pages:
                expect(page.locator("#toe-showdown")).to_contain_text(text)
        return view

    for _ in range(6):
        for page, name in ((ann, "Eliza"), (bob, "Father Joseph")):
            page.locator("#r-now input[name='json:attack_dice']").fill("6")  # the attack is at the top of the Hero's phone
            page.get_by_role("button", name=f"{name} attacks").click()
            expect(page.get_by_role("button", name=f"{name} attacks")).to_have_count(0)
            if settle()["won"]:
                break
        else:
            host.get_by_role("button", name="The Banshee attacks the party").click()
            expect(host.get_by_role("button", name="The Banshee attacks the party")).to_have_count(0)
            if settle()["won"]:
                break
            host.get_by_role("button", name="End of the Battle Round").click()
            expect(display.locator("#toe-showdown")).to_contain_text(f"Battle Round {_ + 2}")
            continue
        break
    for page in (display, host, ann, bob):
        expect(page.locator("#toe-track .winner")).to_contain_text("The Banshee is defeated")
    shot(display, "05-display-the-end")
    shot(ann, "06-hero-the-end")
    assert not errors, (errors, [p.locator("[role=alert]").all_inner_texts() for p in (host, ann, bob)])
