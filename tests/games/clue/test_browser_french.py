"""Clue with French phones (Chromium, 390x844, the browser saying fr-FR) at a French table: the
host seats the players, a player enters her hand, a suggestion and the card she was shown, the
disprover notes the card he showed, the notes explain a cell, the display shows the log. Every
screen visited has no English sentence left and no English-only word."""

import re
import unicodedata

import pytest
from playwright.sync_api import expect

from ...browser import open_seat
from ...i18n_text import english_left, english_words

pytestmark = pytest.mark.browser

PLAYERS = ("Zoé", "Bruno", "Marc")  # names no English word hides in (nor their columns: Zo, Br, Ma)
ZOE = ["ursula", "evil_queen", "talisman", "potion", "laboratory", "lair_2"]
BRUNO = ["jafar", "hades", "shell", "scarab", "lair_3", "lair_4"]


def unaccented(text: str) -> str:
    """English_words reads words as [A-Za-z']+, so "noté" would hold "not" and "Hadès" "had": the
    accents are taken off first, and the French words stay whole."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))


def french_seat(browser, server, code, token, tablet=False, errors=None):
    return open_seat(browser, server, code, token, tablet=tablet, errors=errors, locale="fr-FR")


def no_english(page, where):
    text = page.locator("body").inner_text()
    assert english_left(text) == [], (where, english_left(text))
    assert english_words(unaccented(text)) == [], (where, english_words(unaccented(text)))


def test_a_french_table_seats_deals_suggests_answers_and_explains_in_french(browser, server, api):
    made = api.request("POST", "/api/tables", {"game": "clue", "options": {}, "name": "Léa", "language": "fr"})
    assert made.status == 201, made.text
    code, host = made.json["code"], made.json["token"]
    tok = {n: api.join(code, n, token=host)["token"] for n in PLAYERS}
    board = api.join(code, "Tableau", role="display", token=host)["token"]
    errors = []

    # the host seats the detectives (the form offers the approved seats' names)
    lea = french_seat(browser, server, code, host, errors=errors)
    expect(lea.get_by_role("heading", name="Installer les détectives")).to_be_visible()
    no_english(lea, "the set-up form")
    lea.get_by_role("button", name="Commencer").click()
    expect(lea.locator("#r-game")).to_contain_text("À Zoé de jouer")
    no_english(lea, "the host's page")

    # Zoé enters her hand, in the French edition's names
    zoe = french_seat(browser, server, code, tok["Zoé"], errors=errors)
    for card in ("Ursula", "Méchante Reine", "Talisman", "Potion", "Laboratoire", "Repaire 2"):
        zoe.locator("#notes").get_by_label(card, exact=True).check()
    zoe.get_by_role("button", name="Enregistrer ma main").click()
    expect(zoe.locator("#notes tbody tr", has_text="Ursula").locator("td").first).to_have_text("✓")
    no_english(zoe, "Zoé's notes with her hand")
    api.ok(code, tok["Bruno"], type="hand", cards=BRUNO)

    # her suggestion, disproved by Bruno, who showed her the Shell: one tap on it adds the suggestion
    for legend, name in (("Méchant", "Jafar"), ("Objet enchanté", "Coquillage"), ("Repaire", "Repaire 3"),
                         ("Réfutée par", "Bruno")):
        zoe.locator("#c-suggest fieldset").filter(has=zoe.locator("legend", has_text=legend)) \
            .get_by_text(name, exact=True).click()
    shown = zoe.locator("[data-shown-row]")
    expect(shown).to_contain_text("Bruno t'a montré")
    shown.get_by_role("button", name="Coquillage", exact=True).click()
    expect(zoe.locator("#flash")).to_contain_text("ajoutée")
    expect(zoe.locator("#c-log")).to_contain_text("réfutée par Bruno")
    no_english(zoe, "Zoé's page after her suggestion")

    # Bruno is asked which card he showed, wherever his phone is, and answers in one tap
    bruno = french_seat(browser, server, code, tok["Bruno"], errors=errors)
    expect(bruno.get_by_text(re.compile("Montre le Coquillage à Zoé|Montre à Zoé"))).to_be_visible()
    no_english(bruno, "Bruno asked for the card he showed")
    bruno.get_by_role("button", name="J'ai montré Coquillage").first.click()
    expect(bruno.locator("#clauses")).to_contain_text("Cartes que tu as montrées")
    no_english(bruno, "Bruno's notes")

    # Zoé's notes: Bruno has the Shell, and the cell says why
    row = zoe.locator("#notes tbody tr", has_text="Coquillage")
    expect(row.locator("td").nth(1)).to_have_text("✓")
    row.locator("td").nth(1).locator("button").click()
    expect(zoe.locator("[data-why-bar]")).to_contain_text("Bruno t'a montré le Coquillage")
    no_english(zoe, "a cell explained")

    # the advisor weighs the suggestions in a lair; looking back steps to an earlier entry
    zoe.locator("#advisor").get_by_role("button", name="Repaire 4", exact=True).click()
    expect(zoe.locator("#advisor [role=status]").first).to_contain_text("Repaire 4")
    expect(zoe.locator("#advisor")).to_contain_text("bits", timeout=30000)
    no_english(zoe, "the advisor")
    zoe.locator("#history").get_by_role("button", name="◀ Avant").click()
    expect(zoe.locator("#history")).to_contain_text("Tes notes après")
    no_english(zoe, "looking back")
    zoe.locator("#history").get_by_role("button", name="Retour au présent").click()
    expect(zoe.locator("#history")).not_to_contain_text("Tes notes après")

    # Marc accuses, wrongly: asked once in French, told in French
    marc = french_seat(browser, server, code, tok["Marc"], errors=errors)
    marc.get_by_text("Saisir une accusation").click()
    marc.locator("#a-1").select_option("maleficent")
    marc.locator("#a-2").select_option("scepter")
    marc.locator("#a-3").select_option("lair_9")
    asked = []
    marc.once("dialog", lambda d: (asked.append(d.message), d.accept()))
    marc.get_by_role("button", name="Noter l'accusation").click()
    expect(marc.locator("#flash")).to_contain_text("C'est noté")
    assert asked and asked[0].startswith("Noter l'accusation faite par Marc (Maléfique, Sceptre, Repaire 9) comme fausse"), asked
    expect(zoe.get_by_text("Marc a accusé Maléfique, le Sceptre et le Repaire 9")).to_be_visible()
    no_english(marc, "Marc after his wrong accusation")

    # the display shows the log in the table's language
    display = french_seat(browser, server, code, board, tablet=True, errors=errors)
    expect(display.locator("#c-log")).to_contain_text("Zoé")
    expect(display.locator("#c-log")).to_contain_text("Jafar, Coquillage, Repaire 3 · réfutée par Bruno")
    expect(display.locator("#c-log")).to_contain_text("Marc\u00a0: Maléfique, Sceptre, Repaire 9 · fausse")
    no_english(display, "the display")

    # Bruno's phone set to English: his own notes and prompts in English, the shared log in French
    english = open_seat(browser, server, code, tok["Bruno"], locale="en-US")
    expect(english.locator("#notes")).to_contain_text("My notes")
    expect(english.locator("#clauses")).to_contain_text("Cards you showed")
    expect(english.locator("#c-log")).to_contain_text("Jafar, Coquillage, Repaire 3 · réfutée par Bruno")
    assert not errors, errors
