"""Clue in Chromium: three phones and the display play a game, a cell tapped in marking mode
marks it, and the lair names a table typed are kept on the phone as a named set."""

import re

import pytest
from playwright.sync_api import expect

from ...browser import open_seat


@pytest.mark.browser
def test_three_phones_and_the_display_enter_a_game(browser, server, api):
    t = api.create("clue", {"players": ["Ann", "Bob", "Cat"], "movers": {"Ann": "Evil Queen"}}, name="Host")
    code, host = t["code"], t["token"]
    tok = {n: api.join(code, n, token=host)["token"] for n in ("Ann", "Bob", "Cat")}
    board = api.join(code, "Board", role="display", token=host)["token"]
    errors = []
    phones = {n: open_seat(browser, server, code, tok[n], errors=errors) for n in ("Ann", "Bob", "Cat")}
    display = open_seat(browser, server, code, board, tablet=True, errors=errors)
    ann = phones["Ann"]
    for card in ("Ursula", "Evil Queen", "Talisman", "Potion", "Laboratory", "Lair 2"):
        ann.locator("#notes").get_by_label(card, exact=True).check()
    ann.get_by_role("button", name="Save my hand").click()
    expect(ann.locator("#notes tbody tr", has_text="Ursula").locator("td").first).to_have_text("✓")
    # the display enters Ann's suggestion; Bob disproves
    for legend, name in (("Suggested by", "Ann"), ("Villain", "Jafar"), ("Enchanted Object", "Shell"),
                         ("Lair", "Lair 3"), ("Disproved by", "Bob")):
        display.locator("#c-suggest fieldset").filter(has=display.locator("legend", has_text=legend)) \
            .get_by_text(name, exact=True).click()
    display.get_by_role("button", name="Add to the log").click()
    for page in (*phones.values(), display):
        expect(page.locator("#r-game")).to_contain_text("Ann: Jafar, Shell, Lair 3 · disproved by Bob")
    ann.locator("#notes").get_by_role("button", name="Lair 3", exact=True).click()
    row = ann.locator("#notes tbody tr", has_text="Lair 3")
    expect(row.locator("td").nth(1)).to_have_text("✓")  # Bob has it
    expect(phones["Cat"].locator("#notes tbody tr", has_text="Lair 3").locator("td").nth(1)).not_to_have_text("✓")
    expect(display.locator("#notes")).to_have_count(0)
    # Cat solves it: the accusation is recorded and every screen shows the winner
    cat = phones["Cat"]
    cat.get_by_text("Enter an accusation").click()
    cat.get_by_label("Accused by").select_option("Cat")
    cat.locator("#a-1").select_option("maleficent")
    cat.locator("#a-2").select_option("scepter")
    cat.locator("#a-3").select_option("lair_9")
    cat.get_by_label("It was right").check()
    cat.once("dialog", lambda d: d.accept())  # asked once, in words
    cat.get_by_role("button", name="Record the accusation").click()
    for page in (*phones.values(), display):
        expect(page.locator(".winner")).to_have_text("Cat solved it!")
    # hide the notes when the phone lies on the table
    ann.get_by_role("button", name="Hide", exact=True).click()
    expect(ann.locator("#blank")).to_be_visible()
    ann.locator("#blank").click()
    expect(ann.locator("#blank")).to_have_count(0)
    assert not errors, errors


@pytest.mark.browser
def test_tapping_a_cell_marks_it_and_the_notes_follow(browser, server, api):
    t = api.create("clue", {"players": ["Ann", "Bob", "Cat"]}, name="Host")
    code = t["code"]
    ann = api.join(code, "Ann", token=t["token"])["token"]
    page = open_seat(browser, server, code, ann)
    page.get_by_label("Mark cells: a tap sets my own mark").check()
    cell = page.get_by_role("button", name=re.compile(r"^Jafar, Bob: \d+ percent likely\. Tap for why; when marking, a tap "
                                                      r"marks has it\.$"))
    cell.click()
    expect(page.get_by_role("button", name="Jafar, Bob: has it (your mark). Tap for why; when marking, a tap marks "
                                           "does not have it.")).to_be_visible()
    # the deduction follows the mark: nobody else holds Jafar
    expect(page.get_by_role("button", name="Jafar, Cat: does not have it. Tap for why; when marking, a tap marks "
                                           "has it.")).to_be_visible()
    assert api.view(code, ann)["marks"] == {"jafar|Bob": "has"}


@pytest.mark.browser
def test_lair_names_are_kept_on_the_phone_as_a_named_edition(browser, server, api):
    t = api.create("clue", name="Host")
    page = open_seat(browser, server, t["code"], t["token"])
    page.get_by_text("Lair names (Clue: Disney Villains)").click()
    for i, name in enumerate(["Grotto", "Bayou"], start=1):
        page.locator(f"#c-l{i}").fill(name)
    page.get_by_label("Name for this set of lairs").fill("Our board")
    page.get_by_role("button", name="Keep these names").click()
    page.reload()
    page.get_by_text("Lair names (Clue: Disney Villains)").click()
    page.get_by_label("Lair names kept on this phone").select_option("Our board")
    expect(page.locator("#c-l1")).to_have_value("Grotto")
    page.locator("#c-p0").fill("Ann")
    page.locator("#c-p1").fill("Bob")
    page.locator("#c-m1").select_option(label="Evil Queen")
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#r-game")).to_contain_text("Bob's turn")
    view = api.view(t["code"], t["token"])
    assert [x["name"] for x in view["cards"] if x["category"] == "Lair"][:3] == ["Laboratory", "Grotto", "Bayou"]
