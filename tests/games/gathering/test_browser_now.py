"""Issue 21 for Gathering of the Wicked in Chromium, phones at 390x844 and the display at 1024x768:
the narrator's next beat is on screen wherever the page was scrolled (after the deal, after the
last tapped-in vote of a tie), tapped-in ballots move nothing, a player's vote and the vote's
result are pinned on screen, and the display holds who stands beside the vote, its timer stopped."""

import pytest
from playwright.sync_api import expect

from ...browser import open_seat
from .test_browser import pinned, tap_in
from .test_live import EIGHT, first_night, new_game

pytestmark = pytest.mark.browser
STILL = 80  # px: what a tap or a push may move the view at most
TIE = {"Ann": "Gus", "Bob": "Gus", "Cat": "Gus", "Dan": "Hal", "Eve": "Hal", "Gus": "Hal", "Hal": "Ann"}


def on_screen(page, locator):
    box = locator.bounding_box()
    assert box is not None
    height = page.viewport_size["height"]
    assert 0 <= box["y"] and box["y"] + box["height"] <= height, box


def top(page, selector):
    return page.evaluate("(s) => document.querySelector(s).getBoundingClientRect().top", selector)


def to_bottom(page):
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_timeout(100)


def tapped_in(narrator, voter, target):
    """The narrator taps a voter's target in, and the row says it is in."""
    tap_in(narrator, voter, target)
    expect(row_tag(narrator, voter)).to_have_text("in")


def row_tag(narrator, voter):
    return narrator.locator("#g-tap-in li", has=narrator.locator("strong", has_text=voter)).locator(".tag")


def test_the_narrators_next_beat_is_on_the_first_screen_at_load(browser, server, api):
    code, host, tokens, display, mischief = new_game(api)
    first_night(api, code, host, mischief, save=False, call=False)
    narrator = open_seat(browser, server, code, host)
    on_screen(narrator, pinned(narrator).get_by_role("button", name="Call the vote"))


def test_after_deal_and_let_night_fall_night_falls_is_on_the_narrators_screen(browser, server, api):
    code, host, tokens, display, mischief = new_game(api)
    narrator = open_seat(browser, server, code, host)
    for name, cid in EIGHT:
        narrator.get_by_label(f"{name}'s character").select_option(cid)
    for name in mischief:
        narrator.locator(f"input[name='mischief[]'][value='{name}']").check()
    deal = narrator.get_by_role("button", name="Deal and let night fall")
    deal.scroll_into_view_if_needed()
    assert narrator.evaluate("window.scrollY") > 400  # the end of a long form
    deal.click()
    night_falls = pinned(narrator).get_by_role("button", name="Night falls")
    expect(night_falls).to_be_visible()
    on_screen(narrator, night_falls)


def test_after_the_last_tapped_in_vote_of_a_tie_the_crowns_buttons_are_on_screen(browser, server, api):
    code, host, tokens, display, mischief = new_game(api)
    first_night(api, code, host, mischief, save=False)  # Fay falls; the vote is called
    narrator = open_seat(browser, server, code, host)
    *early, last = TIE.items()
    for voter, target in early:
        tapped_in(narrator, voter, target)
    row = narrator.get_by_role("group", name=f"{last[0]}'s vote")
    row.scroll_into_view_if_needed()
    to_bottom(narrator)
    row.get_by_role("button", name=last[1], exact=True).click()
    crown = pinned(narrator).get_by_role("button", name="Gus", exact=True)
    expect(crown).to_be_visible()
    expect(pinned(narrator)).to_contain_text("The vote is tied. Eve (the Crown) picks who falls:")
    on_screen(narrator, crown)
    on_screen(narrator, pinned(narrator).get_by_role("button", name="Hal", exact=True))


def test_tapped_in_ballots_move_neither_the_rows_nor_the_debate_timer(browser, server, api):
    code, host, tokens, display, mischief = new_game(api)
    first_night(api, code, host, mischief, save=False, call=False)
    narrator = open_seat(browser, server, code, host)
    narrator.locator("#r-phase").dispatch_event("pointerdown")  # the first tap: the dawn is read, the taps wake
    pinned(narrator).get_by_role("button", name="Call the vote").click()
    expect(narrator.locator("#g-tap-in")).to_be_visible()
    start = "#r-timer button[type=submit]"
    voters = list(TIE)[:-1]
    for i, voter in enumerate(voters):
        chip = narrator.get_by_role("group", name=f"{voter}'s vote").get_by_role("button", name=TIE[voter], exact=True)
        if i >= 4:
            to_bottom(narrator)  # the end of the page: a row that shrank would pull everything down
        chip.scroll_into_view_if_needed()
        narrator.wait_for_timeout(100)
        nxt = f"#g-tap-in [aria-label=\"{list(TIE)[i + 1]}'s vote\"]"
        before = top(narrator, nxt), top(narrator, start)
        chip.click()
        expect(row_tag(narrator, voter)).to_have_text("in")
        narrator.wait_for_timeout(200)
        after = top(narrator, nxt), top(narrator, start)
        assert abs(after[0] - before[0]) <= STILL and abs(after[1] - before[1]) <= STILL, (voter, before, after)


def test_a_players_vote_is_pinned_on_screen_wherever_the_phone_is_scrolled_and_the_tap_keeps_the_view(
        browser, server, api):
    code, host, tokens, display, mischief = new_game(api)
    first_night(api, code, host, mischief, save=False, call=False)
    ann = open_seat(browser, server, code, tokens["Ann"])
    to_bottom(ann)
    memo = top(ann, "#r-memo")
    api.ok(code, host, type="beat")  # the narrator's signal
    vote = pinned(ann).locator("[data-prompt^=ballot]")
    expect(vote).to_contain_text("Your secret vote: whom do you want gone?")
    on_screen(ann, vote)
    assert abs(top(ann, "#r-memo") - memo) <= STILL  # the push did not move what Ann reads
    pinned(ann).get_by_role("button", name="Gus", exact=True).click()
    expect(vote).to_have_count(0)
    expect(ann.locator("#r-ballot")).to_contain_text("You voted against Gus")
    ann.wait_for_timeout(200)
    assert abs(top(ann, "#r-memo") - memo) <= STILL  # the pinned vote went; the view stayed


def test_the_vote_result_is_pinned_above_the_player_list_on_every_phone(browser, server, api):
    code, host, tokens, display, mischief = new_game(api)
    first_night(api, code, host, mischief, save=False)
    bob = open_seat(browser, server, code, tokens["Bob"])
    to_bottom(bob)
    for voter, target in TIE.items():
        if voter != "Bob":
            api.ok(code, host, type="ballot", voter=voter, target=target if voter != "Hal" else "Gus")
    pinned(bob).get_by_role("button", name="Gus", exact=True).click()
    result = pinned(bob).locator("[data-prompt^=vote-]")
    expect(result).to_contain_text("Day 1's vote: Gus (Team Mischief) falls.")
    on_screen(bob, result)
    bob.evaluate("window.scrollTo(0, 0)")
    assert result.bounding_box()["y"] < bob.locator("#r-table").bounding_box()["y"]  # above the player list
    assert bob.locator("#r-result").bounding_box()["y"] < bob.locator("#r-table").bounding_box()["y"]  # its card too


def test_the_display_holds_who_stands_beside_the_vote_above_the_fold_and_the_timer_stops(browser, server, api):
    from .test_browser import TWELVE
    t = api.create("gathering", name="Narrator")
    code, host = t["code"], t["token"]
    board = api.join(code, "Board", role="display", token=host)["token"]
    api.ok(code, host, type="setup", players=[n for n, _ in TWELVE], characters=[c for _, c in TWELVE])
    api.ok(code, host, type="deal", characters=dict(TWELVE), mischief=["Gus", "Hal", "Kim"])
    for body in ({"type": "spy", "target": "Bob"}, {"type": "lock_away", "target": "Ann"},
                 {"type": "mischief_target", "target": "Fay"}, {"type": "hades", "save": False},
                 {"type": "prisoner", "target": "Lou"}, {"type": "timer_start", "seconds": 180}, {"type": "beat"}):
        api.ok(code, host, **body)
    display = open_seat(browser, server, code, board, tablet=True)
    expect(display.locator("[data-timer]")).to_be_visible()
    standing = [n for n, _ in TWELVE if n != "Fay"]
    for voter in standing:  # the last ballot counts them all
        api.ok(code, host, type="ballot", voter=voter,
               target=("Gus" if standing.index(voter) % 2 else "Hal") if voter not in ("Gus", "Hal") else "Ann")
    expect(display.locator("#r-result .verdict")).to_be_visible()
    expect(display.locator("[data-timer]")).to_have_count(0)  # stopped with the count
    for selector in ("#r-result .verdict", "#r-result .tally", "#r-table li:last-child", "#r-phase h2"):
        box = display.locator(selector).bounding_box()
        assert box and box["y"] + box["height"] <= 768, (selector, box)
    result, table = display.locator("#r-result").bounding_box(), display.locator("#r-table").bounding_box()
    assert table["x"] >= result["x"] + result["width"] - 1 and table["y"] < result["y"] + result["height"]  # beside


def test_a_beat_the_narrator_hid_from_the_top_is_still_in_the_narrators_card(browser, server, api):
    code, host, tokens, display, mischief = new_game(api)
    api.ok(code, host, type="deal", characters=dict(EIGHT), mischief=list(mischief))
    narrator = open_seat(browser, server, code, host)
    expect(narrator.locator("#narrator").get_by_role("button", name="Night falls")).to_be_hidden()  # once, pinned
    pinned(narrator).get_by_role("button", name="Hide").click()
    narrator.locator("#narrator").get_by_role("button", name="Night falls").click()
    expect(narrator.locator("#narrator .steps .now")).to_have_text("Maleficent & Diablo")
    expect(pinned(narrator).get_by_role("button", name="Bob", exact=True)).to_be_visible()  # a new beat: pinned again


def test_an_approved_player_not_seated_yet_is_told_the_narrator_seats_the_players(browser, server, api):
    t = api.create("gathering", name="Narrator")
    zoe = api.join(t["code"], "Zoe", token=t["token"])["token"]
    phone = open_seat(browser, server, t["code"], zoe)
    item = phone.locator("#r-now [data-prompt=seat-later]")
    expect(item).to_have_text("You are at the table: the narrator seats the players before dealing the cards.")
    on_screen(phone, item)
    expect(phone.locator("#live")).not_to_contain_text("not among the players")


def test_a_refused_rewrite_of_the_lines_is_a_sentence_on_screen_and_changes_nothing(browser, server, api):
    code, host, tokens, display, mischief = new_game(api)
    api.ok(code, host, type="deal", characters=dict(EIGHT), mischief=list(mischief))
    api.ok(code, host, type="beat")  # night falls: Maleficent's lines are on the narrator's page
    version = api.request("GET", f"/api/tables/{code}", token=host).json["version"]
    narrator = open_seat(browser, server, code, host)
    narrator.get_by_text("Rewrite these lines for this table").click()
    narrator.get_by_label("Lines, one per row").fill("Night falls on {oops}.")
    narrator.get_by_role("button", name="Save the lines").click()
    flash = narrator.locator("#flash .flash.error")
    expect(flash).to_contain_text("A line may use only these blanks in braces")
    on_screen(narrator, flash)
    for word in ("field", "input should", "valid JSON"):
        expect(flash).not_to_contain_text(word)
    assert api.request("GET", f"/api/tables/{code}", token=host).json["version"] == version
