"""A Touch of Evil through the API and the browser: a host phone and the display run a Mystery Phase."""

import pytest
from playwright.sync_api import expect

from .browser import open_seat


def test_touch_of_evil_api(api):
    t = api.create("touch-of-evil", {"villain": "bog_fiend", "mode": "cooperative", "heroes": ["Eliza", "Valeria"]},
                   name="Host")
    code, host = t["code"], t["token"]
    board = api.join(code, "Board", role="display", token=host)["token"]
    view = api.view(code, board)
    assert view["shadow"] == 0 and view["villain"] == "bog_fiend" and "rolls" in view
    view = api.ok(code, host, type="minion_table")
    assert view["rolls"][-1]["purpose"] == "Villain Minion Table" and view["last"]["name"]
    r = api.act(code, board, type="shadow", steps=1)
    assert r.status == 403
    r = api.act(code, host, type="terrain", location="Atlantis", terrain="swamp")
    assert r.status == 422 and "not a space" in r.json["error"]
    r = api.act(code, host, type="configure", options={"villain": "banshee"})
    assert r.status == 422 and "begun" in r.json["error"]


def next_step(phone):
    """Tap "Step done: next" and wait for the step to move on (a tap on a button being replaced
    could otherwise land on the old one)."""
    done = phone.locator("#toe-mystery li.muted")
    before = done.count()
    phone.get_by_role("button", name="Step done: next").click()
    expect(done).to_have_count(before + 1)


@pytest.mark.browser
def test_host_phone_and_display_run_a_mystery_phase(browser, server, api):
    t = api.create("touch-of-evil", name="Host")
    code, host = t["code"], t["token"]
    board = api.join(code, "Board", role="display", token=host)["token"]
    errors = []
    phone = open_seat(browser, server, code, host, errors=errors)
    display = open_seat(browser, server, code, board, tablet=True, errors=errors)
    phone.get_by_label("Villain", exact=True).select_option("banshee")
    phone.get_by_label("Mode").select_option("cooperative")
    phone.get_by_label("Valeria, the Eternal").check()
    phone.get_by_label("Advanced Co-operative Mystery Phase table").check()
    phone.get_by_role("button", name="Begin the hunt").click()
    expect(display.locator("#toe-track")).to_contain_text("The Banshee")
    phone.get_by_role("button", name="Start the Mystery Phase").click()
    expect(display.locator("#toe-mystery")).to_contain_text("Minions that move at the start of the Mystery Phase move first.")
    for _ in range(4):
        next_step(phone)
    expect(display.locator("#toe-mystery strong")).to_have_text("Co-operative game: roll on the Mystery Phase table.")
    phone.get_by_role("button", name="Roll the Advanced Co-operative table (2D6)").click()
    expect(display.locator("#toe-tables .script")).to_be_visible()
    expect(display.locator(".rolls li").first).to_contain_text("Advanced Co-operative table")
    phone.get_by_role("button", name="Roll the Villain Minion Table").click()
    expect(display.locator(".rolls li").first).to_contain_text("Villain Minion Table")
    phone.get_by_role("button", name="+1 toward Darkness").click()
    expect(display.locator("#toe-track [aria-label='Shadow Track']")).to_have_text("1")
    expect(phone.locator("#r-game")).to_contain_text("Valeria, the Eternal: gain 1 Investigation(s)")
    for _ in range(2):
        next_step(phone)
    phone.get_by_role("button", name="Step done: next").click()  # the last step: the phase ends
    expect(display.locator("#toe-track")).to_contain_text("turn 2")
    expect(display.get_by_role("button", name="Roll the Villain Minion Table")).to_have_count(0)
    assert not errors, errors
