"""Villainous in French in real Chromium (issue 26): French phones (390x844, `Accept-Language: fr-FR`)
at a French table seat the Villains, play a turn with a move and a Power gain, Fate a player, and
the display shows it all; no screen visited has an English sentence or word left."""

import pytest
from playwright.sync_api import expect

from ...browser import open_seat
from ...i18n_text import english_left, english_words

pytestmark = pytest.mark.browser

NB = "\u00a0"


def open_french(browser, server, code, token, tablet=False, errors=None):
    return open_seat(browser, server, code, token, tablet=tablet, errors=errors, locale="fr-FR")


def no_english(page, where):
    text = page.inner_text("body")
    assert english_left(text) == [], (where, english_left(text))
    assert english_words(text) == [], (where, english_words(text))


def opened(page):
    page.evaluate("() => document.querySelectorAll('#r-game details').forEach(d => { d.open = true; })")


def test_a_french_table_plays_a_turn_a_fate_and_the_display_in_french(browser, server, api):
    r = api.request("POST", "/api/tables", {"game": "villainous", "options": {}, "name": "Hôte", "language": "fr"})
    assert r.status == 201, r.text
    code, host_token = r.json["code"], r.json["token"]
    tokens = {n: api.join(code, n, token=host_token)["token"] for n in ("Ann", "Bob")}
    board = api.join(code, "Tableau", role="display", token=host_token)["token"]
    errors = []
    host = open_french(browser, server, code, host_token, errors=errors)
    ann, bob = (open_french(browser, server, code, tokens[n], errors=errors) for n in ("Ann", "Bob"))
    display = open_french(browser, server, code, board, tablet=True, errors=errors)

    # The host seats the Villains on a French form
    expect(host.locator("#r-setup")).to_contain_text("Installer les Méchants")
    no_english(host, "the setup form")
    host.locator("#vp-villain-0").select_option("prince_john")
    host.locator("#vp-villain-1").select_option("maleficent")
    host.get_by_role("button", name="lisez vos objectifs à voix haute").click()
    expect(display.locator("#r-game")).to_contain_text("Manche 1, à Ann de jouer")
    api.ok(code, host_token, type="symbols", player="Ann", location="Nottingham", power=2, fate=1, play=1)

    # Ann's turn: the move pinned, then the location's actions with the Power gain in one tap
    move = ann.locator("#r-news .prompt").first
    expect(move).to_contain_text(f"Manche 1, à toi de jouer. Déplace ton Méchant vers{NB}:")
    no_english(ann, "Ann's move")
    move.get_by_role("button", name="Nottingham").click()
    expect(ann.locator("#r-now")).to_contain_text(f"Tu es sur le lieu Nottingham{NB}: fais ses actions.")
    ann.locator("#r-now").get_by_role("button", name="Gagner 2 Pouvoirs").click()
    expect(ann.locator("article.villain").first).to_contain_text("2 Pouvoirs · sur Nottingham")
    no_english(ann, "Ann's actions")

    # The Fate: Bob's phone is told in French
    ann.locator("#r-now").get_by_role("button", name="Fatalité contre Bob").click()
    expect(bob.locator("#r-news")).to_contain_text("Ann joue une Fatalité contre toi.")
    no_english(bob, "Bob Fated")

    # A refusal on Bob's phone is a French sentence
    mine = bob.locator("article.villain").first
    mine.get_by_placeholder("autre montant, ex. -5").fill("-5")
    mine.get_by_role("button", name="Appliquer").click()
    expect(bob.locator("body")).to_contain_text(f"Bob n'a que 1 Pouvoir{NB}; le Pouvoir ne descend jamais sous 0.")
    no_english(bob, "Bob refused")

    # The display: standings, the turn and the log in the table's language
    expect(display.locator(".standings li").first).to_contain_text("Ann Prince Jean 2 Pouvoirs Nottingham")
    expect(display.locator("#r-log")).to_contain_text("Ann gagne 2 Pouvoirs sur le lieu Nottingham")
    expect(display.locator("#r-log")).to_contain_text("Ann joue une Fatalité contre Bob.")
    no_english(display, "the display")
    ann.locator("#r-now").get_by_role("button", name="Finir le tour (piocher jusqu'à quatre)").click()
    expect(display.locator("#r-game")).to_contain_text("Manche 1, à Bob de jouer")
    no_english(display, "the display, Bob's turn")
    opened(host)  # every fold of the host's page open: the objectives, locations and locks, the symbols' form
    expect(host.locator("#r-game")).to_contain_text("Symboles d'action de chaque lieu")
    no_english(host, "the host's page, every fold open")
    opened(ann)
    expect(ann.locator("#r-game")).to_contain_text("Lieux et Cadenas")
    no_english(ann, "Ann's page, every fold open")
    assert [e for e in errors if "status of 422" not in e] == []  # (the refusal's answer is a 422: the console says so)
