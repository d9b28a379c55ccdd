"""Clue in the browser: a turn entered in a few taps, a cell explained on tap, marks only in the
marking mode, Remove and Edit, and a contradiction shown with its fixes (real server, Chromium)."""

import re

import pytest
from playwright.sync_api import expect

from ...browser import open_seat

pytestmark = pytest.mark.browser
ANN_HAND = ["ursula", "evil_queen", "talisman", "potion", "laboratory", "lair_2"]


class Taps:
    """Counts the taps a person makes."""

    def __init__(self, page):
        self.page, self.count = page, 0

    def chip(self, legend, name):
        self.count += 1
        self.page.locator("#c-suggest fieldset").filter(has=self.page.locator("legend", has_text=legend)) \
            .get_by_text(name, exact=True).click()

    def suggestion(self, villain, thing, lair, disproved_by):
        """The three cards and who disproved, a chip each."""
        for legend, name in (("Villain", villain), ("Enchanted Object", thing), ("Lair", lair),
                             ("Disproved by", disproved_by)):
            self.chip(legend, name)

    def button(self, name, within="#c-suggest"):
        self.count += 1
        self.page.locator(within).get_by_role("button", name=name, exact=True).click()


def table(api, players=("Ann", "Bob", "Cat")):
    t = api.create("clue", {"players": list(players), "movers": {"Ann": "Evil Queen"}}, name="Host")
    tok = {n: api.join(t["code"], n, token=t["token"])["token"] for n in players}
    return t["code"], t["token"], tok


def test_recording_a_turn_takes_at_most_five_taps(browser, server, api):
    code, host, tok = table(api)
    api.ok(code, tok["Ann"], type="hand", cards=ANN_HAND)
    errors = []
    page = open_seat(browser, server, code, tok["Ann"], errors=errors)
    form = page.locator("#c-suggest")
    expect(form.get_by_role("group", name="Suggested by").get_by_role("radio", name="Ann")).to_be_checked()  # the suggester follows the turn
    assert form.locator("input[name=disproved_by]:checked").count() == 0  # "Disproved by" has no default
    # Ann's own turn: three cards, who disproved, the card she was shown (which adds it)
    taps = Taps(page)
    taps.suggestion("Jafar", "Shell", "Lair 3", "Bob")
    expect(form.get_by_text("Bob showed you")).to_be_visible()
    taps.button("Shell")
    expect(page.locator("#r-log")).to_contain_text("Ann: Jafar, Shell, Lair 3 · disproved by Bob")
    assert taps.count <= 5
    row = page.locator("#notes tbody tr", has_text="Shell")
    expect(row.locator("td").nth(1)).to_have_text("✓")  # Bob has the Shell, on Ann's phone
    assert api.view(code, tok["Ann"])["shown"] == {"1": "shell"}
    # the form is clear again and offers the player whose turn it still is, until Ann ends it
    expect(form.locator("input[name^='cards.']:checked")).to_have_count(0)
    expect(form.get_by_role("group", name="Suggested by").get_by_role("radio", name="Ann")).to_be_checked()
    page.locator("#r-now").get_by_role("button", name="End turn").click()
    expect(page.locator("#r-turn")).to_contain_text("Bob's turn")
    expect(form.get_by_role("group", name="Suggested by").get_by_role("radio", name="Bob")).to_be_checked()
    # Bob's turn, entered on Ann's phone: nobody could disprove it
    taps = Taps(page)
    taps.suggestion("Hades", "Scarab", "Lair 5", "nobody")
    taps.button("Add to the log")
    expect(page.locator("#r-log")).to_contain_text("Bob: Hades, Scarab, Lair 5 · nobody could disprove")
    assert taps.count <= 5
    # a disprover left out is asked for, not assumed: nothing is added
    taps.chip("Suggested by", "Cat")
    taps.chip("Villain", "Jafar")
    taps.chip("Enchanted Object", "Potion")
    taps.chip("Lair", "Lair 4")
    taps.button("Add to the log")
    page.wait_for_timeout(300)
    assert len(api.view(code, host)["suggestions"]) == 2
    assert not errors, errors


def test_a_cell_tap_explains_it_and_marks_only_in_marking_mode(browser, server, api):
    code, host, tok = table(api)
    api.ok(code, tok["Ann"], type="hand", cards=ANN_HAND)
    page = open_seat(browser, server, code, tok["Ann"])
    # the odds' push renders the notes again (and their reason bar): tap once they are in
    expect(page.locator("#notes")).not_to_contain_text("Working out the odds")
    page.get_by_role("button", name="Ursula, Bob: does not have it. Tap for why; when marking, a tap marks has it.").click()
    expect(page.locator("[data-why-bar]")).to_have_text("Ursula · Bob: You hold Ursula. So Bob does not have it.")
    jafar = page.get_by_role("button", name=re.compile(r"^Jafar, Bob: (\d+ percent likely|unknown)\. Tap for why"))
    jafar.click()
    expect(page.locator("[data-why-bar]")).to_contain_text("Nothing you know settles whether Jafar is with Bob")
    page.wait_for_timeout(200)
    assert api.view(code, tok["Ann"])["marks"] == {}  # a tap explains; it marks nothing
    page.get_by_label("Mark cells: a tap sets my own mark").check()
    jafar.click()
    expect(page.get_by_role("button", name="Jafar, Bob: has it (your mark). Tap for why; when marking, a tap marks "
                                           "does not have it.")).to_be_visible()
    expect(page.get_by_label("Mark cells: a tap sets my own mark")).to_be_checked()  # the mode survives the push
    assert api.view(code, tok["Ann"])["marks"] == {"jafar|Bob": "has"}


def test_remove_asks_once_and_only_the_author_or_the_host_may_remove_or_edit(browser, server, api):
    code, host, tok = table(api)
    api.ok(code, tok["Ann"], type="suggestion", by="Ann", cards=["jafar", "shell", "lair_3"], disproved_by="Bob")
    ann = open_seat(browser, server, code, tok["Ann"])
    bob = open_seat(browser, server, code, tok["Bob"])
    expect(bob.locator("#r-log")).to_contain_text("Ann: Jafar, Shell, Lair 3")
    expect(bob.get_by_role("button", name="Remove #1")).to_have_count(0)
    expect(bob.get_by_text("Edit #1")).to_have_count(0)
    asked = []
    ann.once("dialog", lambda d: (asked.append(d.message), d.dismiss()))
    ann.get_by_role("button", name="Remove #1").click()
    expect(ann.get_by_role("button", name="Remove #1")).to_be_visible()
    assert asked == ["Remove #1 (Ann: Jafar, Shell, Lair 3) from the log for everyone?"]
    assert len(api.view(code, host)["suggestions"]) == 1  # dismissed: nothing removed
    # Edit: it was Cat who disproved
    ann.locator("#r-log").get_by_text("Edit #1").click()
    ann.locator("#log-d-1").select_option("Cat")
    ann.get_by_role("button", name="Save #1").click()
    expect(bob.locator("#r-log")).to_contain_text("Ann: Jafar, Shell, Lair 3 · disproved by Cat")
    expect(ann.locator("#r-log details.edit")).not_to_have_attribute("open", "")  # saved: its form closes
    ann.once("dialog", lambda d: (asked.append(d.message), d.accept()))
    ann.get_by_role("button", name="Remove #1").click()
    expect(bob.locator("#r-log")).to_contain_text("None yet.")
    assert len(asked) == 2


def test_a_contradiction_shows_on_the_page_with_its_fixes_and_the_notes_greyed(browser, server, api):
    code, host, tok = table(api)
    api.ok(code, tok["Ann"], type="hand", cards=ANN_HAND)
    errors = []
    page = open_seat(browser, server, code, tok["Ann"], errors=errors)
    api.ok(code, tok["Bob"], type="suggestion", by="Cat", cards=["ursula", "shell", "lair_3"], disproved_by="Bob")
    box = page.locator("#conflict")
    expect(box).to_contain_text("These entries cannot all be true: your hand and #1.")
    expect(box).to_contain_text("Cat: Ursula, Shell, Lair 3 · disproved by Bob")  # what #1 says, not just its number
    expect(page.locator("#notes .stale")).to_be_visible()
    expect(box.get_by_role("button", name="Remove #1")).to_have_count(0)  # Bob's phone entered it
    expect(box).to_contain_text("only that phone or the host can change it")
    expect(page.locator("#conn")).to_have_text("Live")
    box.get_by_text("Enter my hand again").click()
    box.get_by_label("Ursula", exact=True).uncheck()
    box.get_by_label("Jafar", exact=True).check()
    box.get_by_role("button", name="Save my hand").click()
    expect(page.locator("#conflict")).to_have_count(0)
    expect(page.locator("#notes .stale")).to_have_count(0)
    page.reload()
    expect(page.locator("#notes")).to_be_visible()
    assert not errors, errors


def test_the_advisor_answers_for_the_lair_tapped(browser, server, api):
    code, host, tok = table(api)
    api.ok(code, tok["Ann"], type="hand", cards=ANN_HAND)
    api.ok(code, host, type="suggestion", by="Cat", cards=["jafar", "shell", "lair_3"], disproved_by="Bob")
    page = open_seat(browser, server, code, tok["Ann"])
    page.locator("#advisor").get_by_role("button", name="Lair 4", exact=True).click()
    expect(page.locator("#advisor")).to_contain_text(re.compile(r"(Best in Lair 4|tie as the best in Lair 4).*Lair 4, "
                                                                r"expected to reveal \d\.\d\d bits"))
    expect(page.locator("#clauses")).to_contain_text("Bob has Jafar or Shell or Lair 3 (#1).")


def top(locator):
    return locator.evaluate("el => el.getBoundingClientRect().top")


def test_a_marked_cell_stays_under_the_thumb_and_keeps_the_focus(browser, server, api):
    code, host, tok = table(api)
    api.ok(code, tok["Ann"], type="hand", cards=ANN_HAND)
    errors = []
    page = open_seat(browser, server, code, tok["Ann"], errors=errors)
    page.get_by_label("Mark cells: a tap sets my own mark").check()
    expect(page.locator("#notes")).not_to_contain_text("Working out the odds")  # the hand's odds are in
    # a ✓ far down the grid: many cells read "✓", the page must hold this one, not the first
    cell = page.locator("#notes tbody tr").filter(has=page.get_by_role("rowheader", name="Lair 2", exact=True)) \
        .locator("td").first.locator("button")
    cell.evaluate("el => el.scrollIntoView({block: 'center'})")
    before = top(cell)
    cell.click()
    marked = page.get_by_role("button", name="Lair 2, Ann: has it (your mark). Tap for why; when marking, a tap marks "
                                            "does not have it.")
    expect(marked).to_be_focused()
    expect(page.locator("#notes")).not_to_contain_text("Working out the odds")  # and the mark's odds pushed too
    assert abs(top(marked) - before) < 2, (before, top(marked))
    assert api.view(code, tok["Ann"])["marks"] == {"lair_2|Ann": "has"}
    # a push from another phone while the cell holds the focus does not move it either
    api.ok(code, tok["Bob"], type="suggestion", by="Bob", cards=["jafar", "shell", "lair_3"], disproved_by="Cat")
    expect(page.locator("#r-log")).to_contain_text("Bob: Jafar, Shell, Lair 3")
    expect(page.locator("#notes")).not_to_contain_text("Working out the odds")
    assert abs(top(marked) - before) < 2, (before, top(marked))
    assert not errors, errors


def test_the_card_shown_adds_the_suggestion_in_place_and_says_what_went_in(browser, server, api):
    code, host, tok = table(api)
    api.ok(code, tok["Ann"], type="hand", cards=ANN_HAND)
    errors = []
    page = open_seat(browser, server, code, tok["Ann"], errors=errors)
    taps = Taps(page)
    taps.suggestion("Jafar", "Shell", "Lair 3", "Bob")
    add = page.locator("#c-suggest").get_by_role("button", name="Add to the log")
    add.evaluate("el => el.scrollIntoView({block: 'center'})")
    before = top(add)
    taps.button("Shell")  # just above the form's own button; hidden once the form clears
    expect(page.locator("#flash")).to_have_text("Added #1: Ann: Jafar, Shell, Lair 3 · disproved by Bob (you saw Shell).")
    expect(page.locator("#c-suggest input[name^='cards.']:checked")).to_have_count(0)
    page.wait_for_timeout(200)
    expect(add).to_be_focused()
    assert abs(top(add) - before) < 2, (before, top(add))  # the hidden card did not drag the page away
    assert api.view(code, tok["Ann"])["shown"] == {"1": "shell"}
    assert not errors, errors


def test_a_refused_suggestion_keeps_what_was_tapped(browser, server, api):
    code, host, tok = table(api)
    api.ok(code, host, type="suggestion", by="Ann", cards=["jafar", "shell", "lair_3"], disproved_by="Bob")
    page = open_seat(browser, server, code, tok["Ann"])
    taps = Taps(page)
    taps.chip("Suggested by", "Ann")
    taps.suggestion("Jafar", "Shell", "Lair 3", "Bob")
    taps.button("Shell")  # the card Bob showed her: the entry is there already, so she is told where it goes
    expect(page.locator("#flash")).to_have_text("That suggestion is already in the log as #1. If Ann made it again "
                                                "on a later turn, tap End turn first. Tap the card you were shown "
                                                "under #1, at the top of your notes.")
    form = page.locator("#c-suggest")
    for name in ("Ann", "Jafar", "Shell", "Lair 3"):
        expect(form.get_by_role("radio", name=name, exact=True).first).to_be_checked()
    expect(form.locator("input[name=disproved_by]:checked")).to_have_value("Bob")
    page.locator("#notes form", has_text="#1: Bob showed you").get_by_role("button", name="Shell").click()
    expect(page.locator("#notes form", has_text="#1: Bob showed you")).to_have_count(0)
    assert api.view(code, tok["Ann"])["shown"] == {"1": "shell"}


def test_the_disprover_is_asked_at_the_top_of_their_notes_which_card_they_showed(browser, server, api):
    code, host, tok = table(api)
    api.ok(code, tok["Ann"], type="hand", cards=ANN_HAND)
    page = open_seat(browser, server, code, tok["Ann"])
    api.ok(code, tok["Bob"], type="suggestion", by="Bob", cards=["ursula", "shell", "lair_2"], disproved_by="Ann")
    ask = page.locator("#notes form", has_text="#1: which card did you show Bob?")
    expect(ask).to_be_visible()
    assert [b.inner_text() for b in ask.get_by_role("button").all()] == ["Ursula", "Lair 2"]  # Shell is not hers
    ask.get_by_role("button", name="Lair 2").click()
    expect(page.locator("#clauses")).to_contain_text("#1: Lair 2 to Bob")
    expect(ask).to_have_count(0)


def test_an_accusation_is_by_this_phones_player_and_its_outcome_is_told(browser, server, api):
    code, host, tok = table(api)
    errors = []
    bob = open_seat(browser, server, code, tok["Bob"], errors=errors)
    bob.get_by_text("Enter an accusation").click()
    expect(bob.get_by_label("Accused by")).to_have_value("Bob")  # not the first name in the list
    bob.get_by_role("button", name="Record the accusation").click()  # nothing chosen: nothing is asked or sent
    bob.wait_for_timeout(300)
    assert api.view(code, host)["accusations"] == []
    for i, card in ((1, "jafar"), (2, "shell"), (3, "lair_3")):
        bob.locator(f"#a-{i}").select_option(card)
    asked = []
    bob.once("dialog", lambda d: (asked.append(d.message), d.dismiss()))
    bob.get_by_role("button", name="Record the accusation").click()
    expect(bob.get_by_role("button", name="Record the accusation")).to_be_visible()
    assert asked == ["Record Bob's accusation (Jafar, Shell, Lair 3) as wrong? Bob makes no more moves; only the host "
                     "can take it back."]
    assert api.view(code, host)["accusations"] == []  # dismissed: nothing recorded
    bob.once("dialog", lambda d: d.accept())
    bob.get_by_role("button", name="Record the accusation").click()
    expect(bob.locator("#flash")).to_have_text("Recorded: Bob's accusation was wrong. Bob makes no more moves but "
                                               "still shows cards.")
    assert api.view(code, host)["players"][1]["out"] is True
    # Cat's is right: her phone brings the end of the game into view, with the envelope's cards
    cat = open_seat(browser, server, code, tok["Cat"], errors=errors)
    cat.get_by_text("Enter an accusation").click()
    expect(cat.get_by_label("Accused by")).to_have_value("Cat")
    for i, card in ((1, "maleficent"), (2, "scepter"), (3, "lair_9")):
        cat.locator(f"#a-{i}").select_option(card)
    cat.get_by_label("It was right").check()
    cat.once("dialog", lambda d: (asked.append(d.message), d.accept()))
    cat.get_by_role("button", name="Record the accusation").click()
    expect(cat.locator(".winner")).to_be_in_viewport()
    assert asked[-1] == "Record Cat's accusation (Maleficent, Scepter, Lair 9) as right? The game ends."
    expect(cat.locator("#r-turn")).to_contain_text("The envelope held Maleficent, Scepter, Lair 9.")
    assert not errors, errors


def test_seating_the_players_brings_the_host_back_to_the_top(browser, server, api):
    t = api.create("clue", name="Host")
    page = open_seat(browser, server, t["code"], t["token"])
    for i, name in enumerate(("Ann", "Bob", "Cat")):
        page.locator(f"#c-p{i}").fill(name)
    page.locator("#c-host-player").fill("Ann")
    page.get_by_role("button", name="Start", exact=True).click()
    expect(page.locator("#notes")).to_contain_text("My hand (6 cards)")
    page.wait_for_timeout(200)
    assert page.evaluate("window.scrollY") < 5
    expect(page.locator("#r-turn h2")).to_have_text("Ann's turn")


def test_the_display_reads_the_log_at_arms_length(browser, server, api):
    code, host, tok = table(api)
    board = api.join(code, "Board", role="display", token=host)["token"]
    api.ok(code, host, type="suggestion", by="Ann", cards=["jafar", "shell", "lair_3"], disproved_by="Bob")
    page = open_seat(browser, server, code, board, tablet=True)
    entry = page.locator("#c-log li").first
    expect(entry).to_contain_text("Ann: Jafar, Shell, Lair 3 · disproved by Bob")
    assert float(entry.evaluate("el => getComputedStyle(el).fontSize").rstrip("px")) >= 20


def test_the_display_shows_its_log_after_a_suggestion_and_the_end_of_the_game_from_the_top(browser, server, api):
    code, host, tok = table(api)
    board = api.join(code, "Board", role="display", token=host)["token"]
    page = open_seat(browser, server, code, board, tablet=True)
    taps = Taps(page)  # the tablet in the middle enters Ann's suggestion; its form runs below the fold
    taps.suggestion("Jafar", "Shell", "Lair 3", "Bob")
    taps.button("Add to the log")
    expect(page.locator("#flash")).to_have_text("Added #1: Ann: Jafar, Shell, Lair 3 · disproved by Bob.")
    expect(page.locator("#c-log")).to_be_in_viewport()
    page.locator("#c-suggest button[type=submit]").last.scroll_into_view_if_needed()
    assert page.evaluate("window.scrollY") > 0
    api.ok(code, tok["Cat"], type="accusation", by="Cat", cards=["maleficent", "scepter", "lair_9"], correct=True)
    expect(page.locator(".winner")).to_be_in_viewport()
    expect(page.locator("#r-turn")).to_contain_text("The envelope held Maleficent, Scepter, Lair 9.")


def test_the_host_who_plays_too_is_seated_with_one_tap(browser, server, api):
    t = api.create("clue", name="Ann")
    for name in ("Bob", "Cat"):
        api.join(t["code"], name, token=t["token"])  # added by the host: approved
    page = open_seat(browser, server, t["code"], t["token"])
    assert [page.locator(f"#c-p{i}").input_value() for i in range(3)] == ["Bob", "Cat", ""]
    box = page.get_by_label("I play too, as Ann (fills a row and the host's player below)")
    box.check()
    assert [page.locator(f"#c-p{i}").input_value() for i in range(3)] == ["Bob", "Cat", "Ann"]
    expect(page.locator("#c-host-player")).to_have_value("Ann")
    box.uncheck()  # changed their mind: both are emptied again
    assert page.locator("#c-p2").input_value() == ""
    expect(page.locator("#c-host-player")).to_have_value("")
    box.check()
    page.get_by_role("button", name="Start", exact=True).click()
    expect(page.locator("#notes")).to_contain_text("My hand (6 cards)")
    view = api.view(t["code"], t["token"])
    assert [p["name"] for p in view["players"]] == ["Bob", "Cat", "Ann"] and view["me"] == "Ann"


def test_six_players_on_a_phone_keep_the_envelope_column_in_sight_with_initials_and_a_legend(browser, server, api):
    six = ("Ann", "Bartholomew", "Cat", "Dan", "Evangeline", "Fay")
    code, _, tok = table(api, six)
    page = open_seat(browser, server, code, tok["Ann"])
    expect(page.locator("#r-notes table.grid thead th.env")).to_be_visible()
    expect(page.locator("#r-notes")).not_to_contain_text("Working out the odds")  # the notes are not pushed again
    # measured in one go on the grid there now: its scroller, then the Envelope header at either end
    place = """at => { const t = document.querySelector('#r-notes table.grid'), s = t.parentElement;
        s.scrollLeft = at === 'end' ? s.scrollWidth : 0;
        const b = t.querySelector('thead th.env').getBoundingClientRect();
        return {wide: s.scrollWidth > s.clientWidth, left: b.left, right: b.right}; }"""
    for at in ("end", "start"):  # scrolled to either end, the Envelope column stays on the phone's screen
        box = page.evaluate(place, at)
        assert box["wide"], box  # the grid is wider than the phone: it scrolls sideways
        assert box["left"] >= 0 and box["right"] <= 390, box
    heads = page.locator("#r-notes table.grid thead abbr").all_inner_texts()
    assert max(len(h) for h in heads) <= 4 and "Bartholomew" not in heads  # short headers...
    expect(page.locator("#r-notes")).to_contain_text("= Bartholomew")  # ...with a legend
