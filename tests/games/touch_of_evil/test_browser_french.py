"""A Touch of Evil in French, in Chromium at phone size (issue 26): a French table set up on the
host's phone, a Hero's turn with its movement and a roll on the Villain Minion Table from her phone,
a Mystery Phase with the Advanced table's 2D6; every screen visited (the host's, the Hero's, the
display's) has no English left (tests/i18n_text.py)."""

import pytest
from playwright.sync_api import expect

from companion import games
from companion.core import i18n

from ...browser import open_seat
from ...i18n_text import english_left, english_words

pytestmark = pytest.mark.browser


def french_seat(browser, server, code, token, errors, tablet=False):
    """A phone (or the display's tablet) whose browser asks for French."""
    return open_seat(browser, server, code, token, tablet=tablet, errors=errors, locale="fr-FR")


def no_english(page, where: str):
    """The page's visible text, every <details> opened, holds no English sentence and no English word."""
    page.evaluate("() => document.querySelectorAll('#r-game details').forEach(d => d.open = true)")
    text = page.locator("body").inner_text()
    for _gid, game in games.all_games():  # the boxes' names are names
        with i18n.use("fr"):
            text = text.replace(i18n._(game.title), "").replace(game.title, "")
    assert english_left(text) == [], (where, english_left(text))
    assert english_words(text) == [], (where, english_words(text))


@pytest.mark.parametrize("villain", ["bog_fiend"])
def test_a_french_hunt_set_up_a_heros_turn_a_table_roll_and_a_mystery_phase_have_no_english_left(browser, server, api, villain):
    r = api.request("POST", "/api/tables", {"game": "touch-of-evil", "options": {}, "name": "Hôte", "language": "fr"})
    assert r.status == 201, r.text
    code, host_token = r.json["code"], r.json["token"]
    ann_token = api.join(code, "Ann", token=host_token)["token"]
    board = api.join(code, "Plateau", role="display", token=host_token)["token"]
    errors = []
    host = french_seat(browser, server, code, host_token, errors)
    ann = french_seat(browser, server, code, ann_token, errors)
    display = french_seat(browser, server, code, board, errors, tablet=True)

    # the setup, in French: the Villain, co-operative with the Advanced table, two Heroes (one as the French box would say)
    expect(host.locator("#r-now")).to_contain_text("Prépare la chasse juste en dessous")
    no_english(host, "the host's setup form")
    host.get_by_label("Méchant", exact=True).select_option(villain)
    host.get_by_label("Mode").select_option("cooperative")
    host.get_by_label("Héros 1", exact=True).fill("Eliza")
    host.get_by_label("Héros 2", exact=True).fill("Frère Marcus")
    host.get_by_label("Table coopérative avancée de la Phase de Mystère").check()
    host.get_by_role("button", name="Commencer la chasse").click()
    expect(display.locator("#toe-track h2")).to_have_text("Démon des tourbières · tour 1")
    expect(display.locator("#toe-track")).to_contain_text("Premier joueur\u00a0: Eliza")
    no_english(host, "the host once the hunt is set")
    no_english(display, "the display once the hunt is set")

    # a Hero's turn on her phone: she takes Eliza, moves her, rolls her movement and the Villain Minion Table
    ann.get_by_role("button", name="Je joue Eliza").click()
    card = ann.locator("details.hero-card[open]")
    card.get_by_label("Eliza va sur").select_option("Inn")
    card.get_by_role("button", name="Déplacer Eliza ici").click()
    expect(ann.locator("#r-now")).to_contain_text("Eliza · case Auberge · 0 Investigation")
    ann.locator("#r-now").get_by_role("button", name="Lancer le déplacement (D6)").click()
    expect(ann.locator("#r-now")).to_contain_text("Déplacement ce tour-ci")
    no_english(ann, "the Hero's phone after her movement")
    ann.locator("#r-now").get_by_role("button", name="Lancer la Table des Sbires").click()
    expect(display.locator("#toe-tables .script")).to_be_visible()
    expect(display.locator("#r-news")).to_contain_text("Table des Sbires pour Eliza")
    no_english(ann, "the Hero's phone after a table roll")
    no_english(display, "the display after a table roll")
    apply_all = ann.locator("#r-now").get_by_role("button", name="Tout appliquer aux cases indiquées")
    if apply_all.count():
        apply_all.click()
        expect(ann.locator("#r-now").get_by_role("button", name="Tout appliquer aux cases indiquées")).to_have_count(0)
    no_english(ann, "the Hero's phone after the result is applied")
    ann.locator("#r-now").get_by_role("button", name="Terminer le tour (Eliza)").click()
    expect(ann.locator("#r-now")).to_contain_text("Eliza a joué ce tour-ci")
    no_english(ann, "the Hero's phone after her turn")

    # the Mystery Phase, run from the host's phone: the 2D6 table, then the Mystery card(s) the game asks for
    host.once("dialog", lambda d: d.accept())  # asked only if a Hero still has to play
    host.locator("#r-now").get_by_role("button", name="Commencer la Phase de Mystère").click()
    expect(host.locator("#r-now")).to_contain_text("Phase de Mystère\u00a0: la table coopérative.")
    no_english(host, "the host at the Mystery Phase's table")
    host.locator("#r-now").get_by_role("button", name="Lancer la table avancée (2D6)").click()
    expect(host.locator("#r-now")).to_contain_text("qu'as-tu pioché\u00a0?")
    no_english(host, "the host at the Mystery card")
    no_english(display, "the display during the Mystery Phase")
    due = api.view(code, host_token)["mystery"]["cards_due"]  # one card, or one per Hero after a Villain's Curse
    for i in range(due):
        expect(host.locator("#r-now")).to_contain_text(f"Carte Mystère {i + 1} sur {due}\u00a0:" if due > 1 else "Carte Mystère\u00a0:")
        host.locator("#r-now").get_by_role("button", name="Une autre carte").click()
    expect(display.locator("#toe-track h2")).to_have_text("Démon des tourbières · tour 2")
    no_english(host, "the host after the Mystery Phase")
    no_english(ann, "the Hero's phone after the Mystery Phase")
    no_english(display, "the display after the Mystery Phase")
    assert not errors, errors
