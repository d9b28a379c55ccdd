"""Clue at a real table (what a play-test found), on 390x844 phones in Chromium: only the phone
whose turn it is and the host end the turn, with one button on a screen; saving the hand and
adding a suggestion keep what was tapped under the finger; the display's form offers the player
whose turn it is; a player is first told to enter their hand; a cell's reason hides no cell."""

import pytest
from playwright.sync_api import expect

from ...browser import open_seat
from .tables import ANN_HAND, BOB

pytestmark = pytest.mark.browser
STILL = 80  # px: how far what was tapped may move after the tap and its live update (as tests/test_page_stays_still.py)


def table(api, players=("Ann", "Bob", "Cat"), **options):
    t = api.create("clue", {"players": list(players), "movers": {"Ann": "Evil Queen"}, **options}, name="Host")
    tok = {n: api.join(t["code"], n, token=t["token"])["token"] for n in players if n != options.get("host_player")}
    return t["code"], t["token"], tok


def in_view(page, locator):
    box = locator.bounding_box()
    return box is not None and box["height"] > 0 and box["y"] >= 0 and box["y"] + box["height"] <= 844


def to_middle(locator):
    """Scroll what the finger will tap to the middle of the screen, where a thumb taps it."""
    locator.scroll_into_view_if_needed()
    locator.evaluate("el => window.scrollBy(0, el.getBoundingClientRect().top - innerHeight / 2)")
    return locator.bounding_box()["y"]


def test_only_the_phone_whose_turn_it_is_and_the_host_show_end_turn_once(browser, server, api):
    code, host, tok = table(api, host_player="Cat")
    pages = {who: open_seat(browser, server, code, token) for who, token in (("Ann", tok["Ann"]), ("Bob", tok["Bob"]),
                                                                             ("host", host))}
    end = {who: page.get_by_role("button", name="End turn") for who, page in pages.items()}
    expect(end["Ann"]).to_have_count(1)
    expect(end["host"]).to_have_count(1)
    expect(end["Bob"]).to_have_count(0)  # not Bob's turn: no button to skip Ann's
    api.ok(code, tok["Ann"], type="suggestion", by="Ann", cards=["jafar", "shell", "lair_3"], disproved_by=None)
    expect(pages["Ann"].locator("#r-now").get_by_role("button", name="End turn")).to_have_count(1)
    expect(end["Ann"]).to_have_count(1)  # the Now card's, by "Your suggestion is in the log": the turn card's goes
    expect(end["host"]).to_have_count(1)
    expect(end["Bob"]).to_have_count(0)
    version = api.request("GET", f"/api/tables/{code}", token=host).json["version"]
    r = api.act(code, tok["Bob"], type="end_turn")  # sent anyway, through the API
    assert r.status == 403 and r.json["error"] == "Only Ann, whose turn it is, or the host can end Ann's turn."
    after = api.request("GET", f"/api/tables/{code}", token=host).json
    assert after["version"] == version and after["view"]["current"] == "Ann"
    end["Ann"].click()
    expect(pages["Bob"].locator("#r-turn")).to_contain_text("Bob's turn")
    expect(end["Bob"]).to_have_count(1)
    expect(end["Ann"]).to_have_count(0)


def test_saving_the_hand_keeps_the_saved_hand_where_the_finger_was(browser, server, api):
    code, host, _ = table(api, host_player="Ann")  # the host's own turn: the suggestion form above the hand
    page = open_seat(browser, server, code, host)
    box = page.locator("#notes fieldset", has_text="My hand")
    for card in ("Ursula", "Evil Queen", "Talisman", "Potion", "Laboratory", "Lair 2"):
        box.get_by_label(card, exact=True).check()
    button = page.get_by_role("button", name="Save my hand")
    before = to_middle(button)
    button.click()
    saved = page.locator("#my-hand")
    expect(saved).to_have_text("My hand: Ursula, Evil Queen, Talisman, Potion, Laboratory, Lair 2.")
    expect(page.locator("#notes")).not_to_contain_text("Working out the odds")
    page.wait_for_timeout(300)  # the odds' push too
    after = saved.bounding_box()["y"]
    assert abs(after - before) <= STILL, (before, after)


def test_adding_a_suggestion_on_your_own_turn_keeps_the_button_where_the_finger_was(browser, server, api):
    code, _, tok = table(api)
    api.ok(code, tok["Ann"], type="hand", cards=ANN_HAND)
    page = open_seat(browser, server, code, tok["Ann"])
    form = page.locator("#r-suggest_first #c-suggest")  # Ann's turn: her form right under the turn card
    for legend, name in (("Villain", "Jafar"), ("Enchanted Object", "Poison Apple"), ("Lair", "Lair 5"),
                         ("Disproved by", "nobody")):
        form.locator("fieldset").filter(has=page.locator("legend", has_text=legend)).get_by_text(name, exact=True).click()
    add = form.get_by_role("button", name="Add to the log")
    before = to_middle(add)
    add.click()
    expect(page.locator("#r-log")).to_contain_text("Ann: Jafar, Poison Apple, Lair 5 · nobody could disprove")
    expect(page.locator("#r-now")).to_contain_text("Your suggestion is in the log")
    page.wait_for_timeout(300)
    expect(form).to_have_count(1)  # still under the turn card, the whole turn long
    after = add.bounding_box()["y"]
    assert abs(after - before) <= STILL, (before, after)


def test_the_displays_suggestion_form_offers_the_player_whose_turn_it_is(browser, server, api):
    code, host, tok = table(api)
    board = open_seat(browser, server, code, api.join(code, "Board", role="display", token=host)["token"], tablet=True)
    by = board.locator("#c-suggest").get_by_role("group", name="Suggested by")
    api.ok(code, host, type="suggestion", by="Ann", cards=["jafar", "shell", "lair_3"], disproved_by="Bob")
    expect(board.locator("#r-log")).to_contain_text("Ann: Jafar, Shell, Lair 3")
    expect(board.locator("#r-turn")).to_contain_text("Ann's turn")
    expect(by.get_by_role("radio", name="Ann")).to_be_checked()  # as the turn card says, not the next player
    api.ok(code, tok["Ann"], type="end_turn")
    expect(board.locator("#r-turn")).to_contain_text("Bob's turn")
    expect(by.get_by_role("radio", name="Bob")).to_be_checked()


def test_a_player_without_a_hand_is_told_on_the_first_screen_to_enter_it(browser, server, api):
    code, _, tok = table(api)
    for who in ("Ann", "Bob"):  # Ann's turn, and not Bob's
        page = open_seat(browser, server, code, tok[who])
        first = page.locator("#r-now .prompt").first
        expect(first).to_have_text("First enter your hand: tick your 6 cards under My notes, then tap Save my hand.")
        assert in_view(page, first)
    api.ok(code, tok["Bob"], type="hand", cards=BOB)
    expect(page.locator("#r-now .prompt")).to_have_text(["Ann's turn."])


HIDDEN = """() => { const bar = document.querySelector('[data-why-bar]').getBoundingClientRect();
  return Array.from(document.querySelectorAll('.grid .cellbtn')).filter(b => { const r = b.getBoundingClientRect();
    return r.bottom > bar.top && r.top < bar.bottom && r.right > bar.left && r.left < bar.right; }).map(b => b.id); }"""


@pytest.mark.parametrize("players", [("Ann", "Bob", "Cat"), ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")])
def test_the_reason_of_a_tapped_cell_hides_no_cell(browser, server, api, players):
    code, _, tok = table(api, players)
    if len(players) == 3:
        api.ok(code, tok["Ann"], type="hand", cards=ANN_HAND)
    page = open_seat(browser, server, code, tok["Ann"])
    expect(page.locator("#notes")).not_to_contain_text("Working out the odds")
    for y in (0, 400, 900, 1400):  # wherever the grid is scrolled, the hint covers no cell
        page.evaluate(f"window.scrollTo(0, {y})")
        assert page.evaluate(HIDDEN) == [], y
    cell = page.locator("#cell-hades-1")  # Bob's column
    before = to_middle(cell)
    cell.click()
    bar = page.locator("[data-why-bar]")
    expect(bar).to_contain_text("Hades · Bob:")
    assert abs(cell.bounding_box()["y"] - before) <= STILL  # the tapped cell stays under the finger
    assert in_view(page, bar) and page.evaluate(HIDDEN) == []  # its reason is read right under it, over no cell
    box = bar.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box  # in sight when the grid is wider than the phone
    other = page.locator("#cell-lair_9-0")  # a reason opened above it closes: this cell stays under the finger too
    before = to_middle(other)
    other.click()
    expect(bar).to_contain_text("Lair 9 · Ann:")
    assert abs(other.bounding_box()["y"] - before) <= STILL
    assert page.evaluate(HIDDEN) == []
