"""Issue 26 in real Chromium at phone size: a French and an English phone at one table each read
their own language, live; the display reads the table's language and follows the host's change
live; every shared page and region in French has no English left (tests/i18n_text.py)."""

import pytest
from playwright.sync_api import expect

from companion import games
from companion.core import i18n

from .browser import PHONE, TABLET
from .i18n_text import english_left, english_words

pytestmark = pytest.mark.browser
SHARED = ("#r-header", "#r-news", "#r-now", "#r-undo", "#r-dice", "#r-memo", "#r-seats")


def phone(browser, server, code=None, token=None, locale="en-US", tablet=False):
    ctx = browser.new_context(**(TABLET if tablet else PHONE), locale=locale)
    if code:
        ctx.add_cookies([{"name": f"seat_{code}", "value": token, "url": server.url}])
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text)  # a CSP violation says so here
            if m.type == "error" and "Content Security Policy" in m.text else None)
    page.errors = errors
    if code:
        page.goto(f"{server.url}/tables/{code}")
    return page


def no_english(text: str):
    for _gid, game in games.all_games():  # the boxes' names are names (each game's catalog says how the French box reads)
        with i18n.use("fr"):
            text = text.replace(i18n._(game.title), "").replace(game.title, "")
    assert english_left(text) == [], english_left(text)
    assert english_words(text) == [], english_words(text)


def shared_text(page) -> str:
    return "\n".join(page.locator(sel).inner_text() for sel in SHARED if page.locator(sel).count())


def test_a_french_and_an_english_phone_at_one_table_each_read_their_own_language_live(browser, server, api):
    t = api.create("clue", {}, name="Ana")
    bob = api.join(t["code"], "Bob", token=t["token"])["token"]
    host = phone(browser, server, t["code"], t["token"], locale="fr-FR")
    player = phone(browser, server, t["code"], bob, locale="en-US")
    expect(host.locator("html")).to_have_attribute("lang", "fr")
    expect(player.locator("html")).to_have_attribute("lang", "en")
    expect(host.locator("#conn")).to_have_text("En direct")  # app.js's words, from the page's catalog
    expect(player.locator("#conn")).to_have_text("Live")
    api.ok(t["code"], bob, type="roll", dice="d6")  # an action: both pages are pushed their own sentences
    expect(host.locator("#r-undo")).to_contain_text("Annuler : le lancer de d6 de Bob")
    expect(player.locator("#r-undo")).to_contain_text("Undo: Bob's roll of d6")
    expect(host.locator("#r-dice summary")).to_have_text("Dés")
    expect(player.locator("#r-dice summary")).to_have_text("Dice")
    api.join(t["code"], "Cleo")  # a phone waits: the host's pinned news, in French
    expect(host.locator("#r-news")).to_contain_text("1 téléphone attend pour rejoindre la table\u00a0: Cleo.")
    no_english(shared_text(host))
    assert host.errors == [] and player.errors == []


def test_the_picker_turns_a_phone_french_and_back(browser, server, api):
    t = api.create("clue", {}, name="Ana")
    page = phone(browser, server, t["code"], t["token"])
    expect(page.locator("#conn")).to_have_text("Live")
    menu = page.locator("#r-header .joiner")  # the header's menu: the code, its QR code, this phone's language
    menu.locator("summary").click()
    menu.locator(".lang-pick").get_by_role("button", name="Français").click()
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("#conn")).to_have_text("En direct")
    expect(page).to_have_url(f"{server.url}/tables/{t['code']}")
    page.goto(f"{server.url}/")
    expect(page.locator("h2#join-h")).to_have_text("Rejoindre une table")
    page.locator(".lang-menu summary").click()
    page.locator(".lang-menu").get_by_role("button", name="English").click()
    expect(page.locator("h2#join-h")).to_have_text("Join a table")


def test_the_display_reads_the_table_language_and_follows_the_hosts_change_live(browser, server, api):
    t = api.create("clue", {}, name="Ana")
    board = api.join(t["code"], "Board", role="display", token=t["token"])["token"]
    display = phone(browser, server, t["code"], board, locale="fr-FR", tablet=True)  # a French tablet, an English table
    expect(display.locator("#conn")).to_have_text("Live")
    expect(display.locator("html")).to_have_attribute("lang", "en")
    host = phone(browser, server, t["code"], t["token"], locale="en-US")
    expect(host.locator("#conn")).to_have_text("Live")
    host.locator("#r-header .joiner summary").click()  # the header's menu: the host sets the table's language there
    host.locator(".table-language").get_by_role("button", name="Français").click()
    expect(display.locator("html")).to_have_attribute("lang", "fr")  # reloaded by itself in the new language
    expect(display.locator("#conn")).to_have_text("En direct")
    expect(host.locator("html")).to_have_attribute("lang", "en")  # the host's own phone stays English
    expect(host.locator(".table-language [aria-pressed=true]")).to_have_text("Français")
    api.ok(t["code"], t["token"], type="roll", dice="2d6")
    expect(display.locator("#r-dice summary")).to_have_text("Dés")
    no_english(shared_text(display))
    host.locator(".table-language").get_by_role("button", name="English").click()
    expect(display.locator("html")).to_have_attribute("lang", "en")
    expect(display.locator("#r-dice summary")).to_have_text("Dice")
    assert display.errors == []


def test_every_top_level_page_in_french_has_no_english_left(browser, server, api):
    t = api.create("clue", {}, name="Ana")
    page = phone(browser, server, locale="fr-FR")
    page.goto(f"{server.url}/")
    no_english(page.locator("body").inner_text())
    assert page.locator("input[name=language][value=fr]").is_checked()  # a French creator's table is French
    page.goto(f"{server.url}/join/{t['code']}")
    no_english(page.locator("body").inner_text())
    page.get_by_label("Ton nom").fill("Zoé")
    page.get_by_role("button", name="Prendre place").click()
    expect(page.locator("#conn")).to_have_text("En direct")
    expect(page.locator("#r-now")).to_contain_text("Tu attends que Ana, l'hôte, te laisse entrer.")
    no_english(shared_text(page))
    page.goto(f"{server.url}/tables/{t['code']}/claim")
    no_english(page.locator("body").inner_text())
    page.goto(f"{server.url}/join/ZZZZZZZ")
    expect(page.locator("h1")).to_have_text("Ça n'a pas marché")
    no_english(page.locator("body").inner_text())
    page.goto(f"{server.url}/offline")
    no_english(page.locator("body").inner_text())
    host = phone(browser, server, t["code"], t["token"], locale="fr-FR")
    expect(host.locator("#conn")).to_have_text("En direct")
    host.locator("#r-seats").get_by_role("button", name="Accepter Zoé").click()
    api.ok(t["code"], t["token"], type="roll", dice="d6")
    expect(host.locator("#r-undo")).to_contain_text("Annuler")
    host.locator("#r-seats details.end-table summary").click()
    no_english(shared_text(host))
    assert host.errors == [] and page.errors == []
