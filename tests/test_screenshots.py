"""Pictures for people: each game's host, player and display pages, taken by this run in Chromium
(phones at 390x844, the display at 1024x768) and kept in docs/screenshots/ for the README."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from .browser import open_seat
from .games.gathering.test_live import EIGHT

pytestmark = pytest.mark.browser
OUT = Path(__file__).resolve().parents[1] / "docs" / "screenshots"


def shoot(page, name):
    OUT.mkdir(parents=True, exist_ok=True)
    page.wait_for_timeout(300)
    path = OUT / f"{name}.png"
    page.screenshot(path=str(path))
    assert path.stat().st_size > 10_000
    return path


def test_screenshots_of_every_game(browser, server, api):
    # Villainous: six Villains, a turn under way
    names, villains = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"], ["prince_john", "ursula", "jafar", "maleficent",
                                                                   "captain_hook", "queen_of_hearts"]
    t = api.create("villainous", {"players": [{"name": n, "villain": v} for n, v in zip(names, villains, strict=True)]},
                   name="Host")
    code, host = t["code"], t["token"]
    tokens = {n: api.join(code, n, token=host)["token"] for n in names}
    board = api.join(code, "Board", role="display", token=host)["token"]
    api.ok(code, host, type="move", location="Nottingham")
    api.ok(code, host, type="power", player="Ann", delta=3)
    shoot(open_seat(browser, server, code, host), "villainous-host")
    shoot(open_seat(browser, server, code, tokens["Bob"]), "villainous-player")
    shoot(open_seat(browser, server, code, board, tablet=True), "villainous-display")
    # Gathering of the Wicked: the first night, then a day's vote on the phones
    t = api.create("gathering", name="Narrator")
    code, host = t["code"], t["token"]
    tokens = {n: api.join(code, n, token=host)["token"] for n, _ in EIGHT}
    board = api.join(code, "Board", role="display", token=host)["token"]
    api.ok(code, host, type="setup", players=[n for n, _ in EIGHT], characters=[c for _, c in EIGHT])
    api.ok(code, host, type="deal", characters=dict(EIGHT), mischief=["Gus", "Hal"])
    narrator = open_seat(browser, server, code, host)
    shoot(narrator, "gathering-narrator-night")
    api.ok(code, host, type="spy", target="Bob")
    api.ok(code, host, type="mischief_target", target="Fay")
    api.ok(code, host, type="hades", save=False)
    api.ok(code, host, type="beat")  # the narrator calls the vote
    for n in ("Ann", "Bob", "Cat", "Dan", "Eve"):
        api.ok(code, tokens[n], type="ballot", target="Gus")
    ann = open_seat(browser, server, code, tokens["Gus"])
    shoot(ann, "gathering-player-vote")
    api.ok(code, tokens["Gus"], type="ballot", target="Ann")
    api.ok(code, tokens["Hal"], type="ballot", target="Ann")
    display = open_seat(browser, server, code, board, tablet=True)
    expect(display.locator("#r-result")).to_contain_text("Gus")
    shoot(display, "gathering-display")
    # A Touch of Evil: a Minion Table rolled and the track moved
    t = api.create("touch-of-evil", {"villain": "gargoyle", "mode": "cooperative", "heroes": ["Eliza", "Valeria"]},
                   name="Host")
    code, host = t["code"], t["token"]
    hero = api.join(code, "Eliza", token=host)["token"]
    board = api.join(code, "Board", role="display", token=host)["token"]
    api.ok(code, host, type="minion_table")
    api.ok(code, host, type="shadow", steps=2)
    shoot(open_seat(browser, server, code, host), "touch-of-evil-host")
    shoot(open_seat(browser, server, code, hero), "touch-of-evil-player")
    shoot(open_seat(browser, server, code, board, tablet=True), "touch-of-evil-display")
    # Clue: a player's notes after two suggestions
    t = api.create("clue", {"players": ["Ann", "Bob", "Cat"]}, name="Host")
    code, host = t["code"], t["token"]
    tokens = {n: api.join(code, n, token=host)["token"] for n in ("Ann", "Bob", "Cat")}
    board = api.join(code, "Board", role="display", token=host)["token"]
    api.ok(code, tokens["Ann"], type="hand", cards=["ursula", "talisman", "potion", "laboratory", "lair_2", "lair_3"])
    api.ok(code, host, type="suggestion", by="Ann", cards=["jafar", "shell", "lair_4"], disproved_by="Bob")
    api.ok(code, host, type="suggestion", by="Bob", cards=["hades", "scarab", "lair_5"], disproved_by=None)
    shoot(open_seat(browser, server, code, host), "clue-host")
    notes = open_seat(browser, server, code, tokens["Ann"])
    expect(notes.locator("#notes")).to_contain_text("Most likely envelope", timeout=30_000)  # the odds came in
    notes.locator("#notes").scroll_into_view_if_needed()
    shoot(notes, "clue-player")
    shoot(open_seat(browser, server, code, board, tablet=True), "clue-display")
