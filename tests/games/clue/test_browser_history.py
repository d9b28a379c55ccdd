"""Clue's Look back and the game as text in Chromium."""

import pytest
from playwright.sync_api import expect

from ...browser import open_seat
from .tables import ANN, PLAYERS


@pytest.mark.browser
def test_a_phone_steps_back_exports_and_a_new_table_imports(browser, server, api):
    t = api.create("clue", {"players": list(PLAYERS), "movers": {"Ann": "Evil Queen"}}, name="Host")
    code, host = t["code"], t["token"]
    tok = {n: api.join(code, n, token=host)["token"] for n in PLAYERS}
    api.ok(code, tok["Ann"], type="hand", cards=ANN)
    api.ok(code, tok["Ann"], type="suggestion", by="Ann", cards=["jafar", "shell", "lair_3"], disproved_by="Bob",
           shown="shell")
    errors = []
    page = open_seat(browser, server, code, tok["Ann"], errors=errors)
    shell = page.locator("#notes tbody tr", has_text="Shell").locator("td").nth(1)
    expect(shell).to_have_text("✓")
    hist = page.locator("#history")
    hist.get_by_role("button", name="◀ Earlier").click()
    expect(page.locator("#notes")).to_contain_text("Looking back: your notes after #1")
    expect(shell).not_to_have_text("✓")  # before Bob showed her the Shell
    expect(page.locator("[data-mark-mode]")).to_have_count(0)  # read-only
    hist.get_by_role("button", name="Back to now").click()
    expect(shell).to_have_text("✓")
    hist.locator("summary", has_text="Export").click()
    text = hist.locator("[data-export]").input_value()
    assert "Shown to me for #1: Shell" in text and "Notes of: Ann" in text
    page.screenshot(path="/tmp/clue-history.png", full_page=False)
    # a new table, imported from that text on the host's page
    t2 = api.create("clue", name="Host")
    ann2 = api.join(t2["code"], "Ann", token=t2["token"])["token"]
    hpage = open_seat(browser, server, t2["code"], t2["token"], errors=errors)
    hpage.locator("#c-import summary").click()
    hpage.locator("#c-import-text").fill("Clue companion game\nCard set: nope\n")
    hpage.get_by_role("button", name="Import the game").click()
    expect(hpage.get_by_text("Unknown card set 'nope'")).to_be_visible()
    hpage.locator("#c-import-text").fill(text)
    hpage.get_by_role("button", name="Import the game").click()
    expect(hpage.locator("#r-log")).to_contain_text("Jafar, Shell, Lair 3")
    v = api.view(t2["code"], ann2)
    assert v["hand"] == sorted(ANN) and v["notes"]["shell"]["Bob"] == "has"
    assert not [e for e in errors if "422" not in e], errors  # the refused import is the one 422
