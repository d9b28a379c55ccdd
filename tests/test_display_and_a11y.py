"""Each game's display shows its key state above the fold at 1024x768; targets are thumb-sized;
a tap while the server is away says so where the eye is (Chromium)."""

import pytest
from playwright.sync_api import expect

from .browser import open_seat
from .games.gathering.test_live import EIGHT

pytestmark = pytest.mark.browser
FOLD = 768


def above_the_fold(page, selector):
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    assert box["y"] + box["height"] <= FOLD, (selector, box)


def test_villainous_display_shows_every_villain_above_the_fold(browser, server, api):
    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
    villains = ["prince_john", "ursula", "jafar", "maleficent", "captain_hook", "queen_of_hearts"]
    t = api.create("villainous", {"players": [{"name": n, "villain": v} for n, v in zip(names, villains, strict=True)]})
    board = api.join(t["code"], "Board", role="display", token=t["token"])["token"]
    page = open_seat(browser, server, t["code"], board, tablet=True)
    expect(page.locator(".standings li")).to_have_count(6)
    above_the_fold(page, ".standings li:last-child")
    above_the_fold(page, "#r-turn")
    expect(page.locator("#r-dice")).to_be_empty()  # no dice in Villainous
    expect(page.locator("#live")).not_to_contain_text("At the table")


def test_gathering_display_shows_who_stands_and_the_vote_above_the_fold(browser, server, api):
    t = api.create("gathering")
    code, host = t["code"], t["token"]
    tokens = {n: api.join(code, n, token=host)["token"] for n, _ in EIGHT}
    board = api.join(code, "Board", role="display", token=host)["token"]
    api.ok(code, host, type="setup", players=[n for n, _ in EIGHT], characters=[c for _, c in EIGHT])
    api.ok(code, host, type="deal", characters=dict(EIGHT), mischief=["Gus", "Hal"])
    for body in ({"type": "spy", "target": "Bob"}, {"type": "mischief_target", "target": "Fay"},
                 {"type": "hades", "save": False}):
        api.ok(code, host, **body)
    api.ok(code, host, type="beat")  # the narrator calls the vote
    for n, _ in EIGHT:
        if n != "Fay":
            api.ok(code, tokens[n], type="ballot", target="Gus" if n != "Gus" else "Ann")
    page = open_seat(browser, server, code, board, tablet=True)
    expect(page.locator("#r-result")).to_contain_text("Gus")
    for selector in ("#r-phase", "#r-result .verdict", "#r-result .tally", "#r-table li:last-child"):
        above_the_fold(page, selector)


def test_touch_of_evil_display_shows_track_villain_board_and_elders_above_the_fold(browser, server, api):
    t = api.create("touch-of-evil", {"villain": "gargoyle", "mode": "cooperative", "heroes": ["Eliza", "Valeria"]})
    board = api.join(t["code"], "Board", role="display", token=t["token"])["token"]
    api.ok(t["code"], t["token"], type="minion_table")
    page = open_seat(browser, server, t["code"], board, tablet=True)
    for selector in ("#toe-track", "#toe-villain", "#toe-board", "#toe-elders h3"):
        above_the_fold(page, selector)


def test_clue_display_shows_the_public_log_above_the_fold(browser, server, api):
    t = api.create("clue", {"players": ["Ann", "Bob", "Cat"]})
    board = api.join(t["code"], "Board", role="display", token=t["token"])["token"]
    api.ok(t["code"], t["token"], type="suggestion", by="Ann", cards=["jafar", "shell", "laboratory"], disproved_by="Bob")
    page = open_seat(browser, server, t["code"], board, tablet=True)
    expect(page.locator("#r-log")).to_contain_text("Ann: Jafar, Shell, Laboratory")
    above_the_fold(page, "#r-log li")


def test_summaries_and_clue_cells_are_thumb_sized(browser, server, api):
    t = api.create("clue", {"players": ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]})
    ann = api.join(t["code"], "Ann", token=t["token"])["token"]
    page = open_seat(browser, server, t["code"], ann)
    heights = page.eval_on_selector_all("summary, .cellbtn", "els => els.map(e => e.getBoundingClientRect().height)")
    assert heights and min(heights) >= 44, min(heights)


def test_a_tap_while_the_server_is_away_says_so_inside_the_viewport(browser, server, api):
    t = api.create("villainous", {"players": [{"name": "Ann", "villain": "prince_john"},
                                              {"name": "Bob", "villain": "ursula"}]})
    page = open_seat(browser, server, t["code"], t["token"])
    page.route("**/act", lambda route: route.abort())  # the server cannot be reached
    page.locator("article.villain").last.get_by_role("button", name="+1").click()
    flash = page.locator("#flash .flash.error")
    expect(flash).to_contain_text("could not be reached; nothing was changed")
    box = flash.bounding_box()
    assert box and 0 <= box["y"] and box["y"] + box["height"] <= 844, box
