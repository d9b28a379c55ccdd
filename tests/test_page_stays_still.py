"""A tap never moves the page: regions not replaced unless they changed, open sections kept
open, focus kept, and answers shown where the eye is (Chromium at phone size)."""

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from .browser import open_seat

pytestmark = pytest.mark.browser
STILL = 80  # px: how far the view may move after a tap and its live update


def scroll_to(page, locator):
    for attempt in range(5):  # a push (a Clue phone's odds, worked out meanwhile) may replace it as it is found
        try:
            locator.scroll_into_view_if_needed()
            break
        except PlaywrightError as err:
            if "not attached" not in str(err) or attempt == 4:
                raise
    page.evaluate("window.scrollBy(0, 200)")
    return page.evaluate("window.scrollY")


def settled(page):
    page.wait_for_timeout(400)  # the push and its swap
    return page.evaluate("window.scrollY")


def villainous_table(api, n=4):
    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"][:n]
    villains = ["prince_john", "ursula", "jafar", "maleficent", "captain_hook", "queen_of_hearts"]
    t = api.create("villainous", {"players": [{"name": p, "villain": v} for p, v in zip(names, villains, strict=False)]},
                   name="Host")
    return t["code"], t["token"], {p: api.join(t["code"], p, token=t["token"])["token"] for p in names}


def test_villainous_tap_far_down_keeps_the_view_and_the_open_section(browser, server, api):
    code, host, _ = villainous_table(api)
    page = open_seat(browser, server, code, host)
    last = page.locator("article.villain").last
    before = scroll_to(page, last.get_by_role("button", name="+2", exact=True))
    assert before > 600  # far down the page
    last.get_by_text("Objective 0/4").click()  # Dan plays Maleficent: a Curse at each location
    curse = last.get_by_role("button", name="☐ a Curse at Forbidden Mountains")
    expect(curse).to_be_visible()
    before = page.evaluate("window.scrollY")
    last.get_by_role("button", name="+2", exact=True).click()
    expect(last).to_contain_text("4 Power")  # Dan, fourth in turn order, starts with 2
    after = settled(page)
    assert abs(after - before) <= STILL, (before, after)
    # the section opened before the tap is still open, and the tapped button keeps the focus
    expect(curse).to_be_visible()
    assert page.evaluate("document.activeElement.textContent.trim()") == "+2"
    # a tap inside the open section: the view and the section stay too
    before = curse.bounding_box()["y"]
    curse.click()
    done = last.get_by_role("button", name="✓ a Curse at Forbidden Mountains")
    expect(done).to_be_visible()
    settled(page)
    after = done.bounding_box()["y"]
    assert abs(after - before) <= STILL, (before, after)
    expect(last.locator("details").first).to_have_attribute("open", "")


def test_a_push_from_another_phone_above_the_view_does_not_move_it(browser, server, api):
    code, host, tokens = villainous_table(api)
    page = open_seat(browser, server, code, tokens["Dan"])
    before = scroll_to(page, page.locator("article.villain").last)
    for delta in (3, 3, 3):  # the standings and Ann's card, above Cat's, change
        api.ok(code, host, type="power", player="Ann", delta=delta)
    expect(page.locator("article.villain", has_text="Ann ·")).to_contain_text("9 Power")
    after = settled(page)
    assert abs(after - before) <= STILL, (before, after)


def test_touch_of_evil_rolls_and_steps_keep_the_view(browser, server, api):
    t = api.create("touch-of-evil", {"villain": "gargoyle", "mode": "cooperative", "heroes": ["Eliza", "Valeria"],
                                     "rules": {"advanced_coop_table": True}}, name="Host")
    page = open_seat(browser, server, t["code"], t["token"])
    page.get_by_role("button", name="Start the Mystery Phase").click()
    expect(page.get_by_role("button", name="Roll the Advanced table (2D6)")).to_be_visible()
    # what the host reads: the block that held the tapped button stays where it was on the screen
    # (news pinned above it may grow: the page makes room for it above; the answer shows in the block)
    for name in ("Roll the Villain Minion Table", "Roll the Advanced table (2D6)", "Skip this step"):
        button = page.get_by_role("button", name=name)
        page.evaluate("window.scrollTo(0, 0)")  # from above, the button is centred (the 200 px more keep it in view)
        scroll_to(page, button)
        region = button.evaluate("b => b.closest('.region').id")
        block = f"document.getElementById('{region}').getBoundingClientRect().top"
        before = page.evaluate(block)
        button.click()
        settled(page)
        after = page.evaluate(block)
        assert abs(after - before) <= STILL, (name, region, before, after)


def test_a_refusal_shows_inside_the_viewport_and_fades(browser, server, api):
    code, host, tokens = villainous_table(api, 2)
    page = open_seat(browser, server, code, host)
    page.locator("article.villain").last.get_by_role("button", name="-3").click()  # Bob has 1 Power
    flash = page.locator("#flash .flash.error")
    expect(flash).to_contain_text("Power never goes below 0")
    box = flash.bounding_box()
    assert box and 0 <= box["y"] and box["y"] + box["height"] <= 844, box
    expect(flash).to_have_count(0, timeout=12_000)  # it fades by itself


def test_people_never_see_the_version_number(browser, server, api):
    code, host, _ = villainous_table(api, 2)
    page = open_seat(browser, server, code, host)
    expect(page.locator("#live")).not_to_contain_text("Version")


def test_the_narrators_night_taps_keep_the_view(browser, server, api):
    from .games.gathering.test_live import EIGHT, new_game
    code, host, tokens, display, mischief = new_game(api)
    api.ok(code, host, type="deal", characters=dict(EIGHT), mischief=list(mischief))
    page = open_seat(browser, server, code, host)
    page.get_by_role("button", name="Night falls").click()  # the night's beats (see tests/games/gathering/test_browser.py)
    for step, target in (("Whom does Maleficent point at?", "Bob"), ("Whom does Team Mischief choose?", "Fay")):
        expect(page.locator("#r-news")).to_contain_text(step)
        button = page.locator("#r-news").get_by_role("button", name=target, exact=True)
        expect(button).to_be_enabled(timeout=10000)  # after the silence before the wake line
        settled(page)
        before = scroll_to(page, button)
        button.click()
        expect(page.locator("#r-news")).not_to_contain_text(step)
        after = settled(page)
        assert abs(after - before) <= STILL, (step, before, after)
        if target == "Bob":  # Diablo's card, shown full screen, then his answer
            page.locator(".reveal").get_by_role("button", name="Close").click()
            page.get_by_role("button", name="Diablo has answered").click()


def test_a_clue_suggestion_from_another_phone_keeps_a_players_view(browser, server, api):
    t = api.create("clue", {"players": ["Ann", "Bob", "Cat"]}, name="Host")
    code, host = t["code"], t["token"]
    ann = api.join(code, "Ann", token=host)["token"]
    api.ok(code, ann, type="hand", cards=["ursula", "talisman", "potion", "laboratory", "lair_2", "lair_3"])
    page = open_seat(browser, server, code, ann)
    page.get_by_text("Enter a suggestion").click()
    before = scroll_to(page, page.get_by_role("button", name="Add to the log"))
    api.ok(code, host, type="suggestion", by="Bob", cards=["jafar", "shell", "lair_4"], disproved_by="Cat")
    expect(page.locator("#r-log")).to_contain_text("Bob: Jafar, Shell, Lair 4")
    after = settled(page)
    assert abs(after - before) <= STILL, (before, after)
    expect(page.get_by_role("button", name="Add to the log")).to_be_visible()  # the open form stays open


def test_undo_that_empties_its_own_region_keeps_the_view(browser, server, api):
    code, _, tokens = villainous_table(api)
    page = open_seat(browser, server, code, tokens["Ann"])
    page.locator("article.villain").first.get_by_role("button", name="+3").click()
    undo = page.locator("#r-undo button")
    expect(undo).to_be_visible()
    undo.evaluate("b => window.scrollBy(0, b.getBoundingClientRect().top - window.innerHeight / 2)")
    page.wait_for_timeout(100)
    first = "() => { for (const r of document.querySelectorAll('#live .region')) { const b = r.getBoundingClientRect();" \
            " if (b.bottom > 0 && b.height > 0) return [r.id, b.top]; } }"
    region, top = page.evaluate(first)
    undo.click()
    expect(page.locator("#r-undo")).to_be_empty()  # the region that held the focus is empty now
    settled(page)
    after = page.evaluate("id => document.getElementById(id).getBoundingClientRect().top", region)
    assert abs(after - top) <= STILL, (region, top, after)


# Counts the frames the page's socket receives (the browser's own, not the ones app.js applies later).
COUNT_FRAMES = """
  window.__frames = 0;
  (function () {
    var Real = window.WebSocket;
    function Counted(url, protocols) {
      var s = protocols === undefined ? new Real(url) : new Real(url, protocols);
      s.addEventListener("message", function (e) { if (e.isTrusted) window.__frames++; });
      return s;
    }
    Counted.prototype = Real.prototype;
    ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach(function (k) { Counted[k] = Real[k]; });
    window.WebSocket = Counted;
  })();
"""


def test_a_tap_held_down_while_a_push_replaces_its_button_still_counts(browser, server, api):
    """Ann's finger is on +3 when the host's change to her Power comes: the push waits until her
    finger is up, so her tap lands on the button she pressed and both changes count."""
    code, host, tokens = villainous_table(api, n=2)
    # the hold's bound (1.5 s) made long: a loaded machine may bring the push later than that
    page = open_seat(browser, server, code, tokens["Ann"], init_script=COUNT_FRAMES + "window.companionHoldMax = 60000;")
    mine = page.locator("article.villain", has_text="Ann ·")
    expect(mine).to_contain_text("0 Power")
    plus = mine.get_by_role("button", name="+3", exact=True)
    plus.scroll_into_view_if_needed()
    plus.evaluate("b => b.dataset.pressed = 'yes'")
    box = plus.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    frames = page.evaluate("window.__frames")
    api.ok(code, host, type="power", player="Ann", delta=1)
    page.wait_for_function("n => window.__frames > n", arg=frames)  # the push has reached the phone...
    assert page.locator("[data-pressed=yes]").count() == 1  # ...and waits: the pressed button is still there
    expect(mine).to_contain_text("0 Power")
    page.mouse.up()
    expect(mine).to_contain_text("4 Power")  # the host's +1 and Ann's +3
    assert api.view(code, host)["players"][0]["power"] == 4
