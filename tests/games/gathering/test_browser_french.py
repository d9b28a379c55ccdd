"""Gathering of the Wicked in French in Chromium (issue 26): a whole night and day with the speech
recorder, on French phones at a French table. Every utterance is French (its `lang` and its words),
and every screen the test visits has no English left (tests/i18n_text.py)."""

import unicodedata

import pytest
from playwright.sync_api import expect

from ...browser import PHONE, TABLET
from ...i18n_text import english_left, english_words
from .test_browser import SPEECH_RECORDER
from .test_live import EIGHT

pytestmark = pytest.mark.browser

# The recorder of test_browser.py, keeping each utterance's lang and voice too; the phone has an
# English and a French voice, and the narrator once chose the English one (a French table must
# still be read by the French voice).
FRENCH_RECORDER = SPEECH_RECORDER.replace(
    "window.__spoken.push(u.text); window.__events.push({say: u.text}); },",
    "window.__spoken.push(u.text); window.__events.push({say: u.text});\n"
    "                          window.__utterances.push({text: u.text, lang: u.lang, voice: u.voice ? u.voice.name : null}); },",
).replace(
    "getVoices: function () { return []; }",
    "getVoices: function () { return [{name: 'Alex', voiceURI: 'Alex', lang: 'en-US'},"
    " {name: 'Amélie', voiceURI: 'Amélie', lang: 'fr-FR'}]; }",
).replace(
    "window.__spoken = []; window.__events = [];",
    "window.__spoken = []; window.__events = []; window.__utterances = [];\n"
    "  try { localStorage.setItem('speak-voice', 'Alex'); } catch (e) {}",
)
NAMES = frozenset(n for n, _ in EIGHT) | {"Narrator", "Board"}


def open_french(browser, server, code, token, tablet=False, init_script=None):
    """A seat's page on a French phone (its browser asks for French)."""
    ctx = browser.new_context(locale="fr-FR", **(TABLET if tablet else PHONE))
    ctx.add_cookies([{"name": f"seat_{code}", "value": token, "url": server.url}])
    if init_script:
        ctx.add_init_script(init_script)
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/tables/{code}")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("#conn")).to_have_text("En direct")
    page.errors = errors
    return page


def whole_words(text: str) -> str:
    """The text with its accents taken off, so that english_words (which reads ASCII letters) sees
    French words whole: "Hadès" is not "Had" and "s", nor "reçus" "re" and "us"."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def no_english(page, where: str):
    """The screen as a person reads it: no catalogued English sentence, no English-only word."""
    text = page.locator("body").inner_text()
    assert english_left(text) == [], f"{where}: English sentences left: {english_left(text)}"
    assert english_words(whole_words(text), NAMES) == [], f"{where}: English words: {english_words(whole_words(text))}"


def heard_fr(page, sentence, times=1):
    page.wait_for_function("([s, n]) => window.__spoken.filter(x => x === s).length >= n", arg=[sentence, times])


def test_a_whole_gathering_night_and_day_in_french_with_the_speech_recorder(browser, server, api):
    made = api.request("POST", "/api/tables", {"game": "gathering", "options": {}, "name": "Narrator", "language": "fr"})
    assert made.status == 201 and made.json["language"] == "fr"
    t = made.json
    code, host = t["code"], t["token"]
    tokens = {n: api.join(code, n, token=host)["token"] for n, _ in EIGHT}
    board = api.join(code, "Board", role="display", token=host)["token"]
    narrator = open_french(browser, server, code, host, init_script=FRENCH_RECORDER)
    display = open_french(browser, server, code, board, tablet=True)
    fay = open_french(browser, server, code, tokens["Fay"])
    ann = open_french(browser, server, code, tokens["Ann"])
    # setup: the names come from the seats; the 8-player suggestion ticks the characters
    expect(narrator.locator("#g-p0")).to_have_value("Ann")
    no_english(narrator, "the narrator's setup")
    narrator.get_by_role("button", name="8 joueurs").click()
    narrator.get_by_role("button", name="Valider joueurs et personnages").click()
    deal = narrator.get_by_role("button", name="Distribuer et laisser tomber la nuit")
    expect(deal).to_be_visible()
    for name, cid in EIGHT:
        narrator.get_by_label(f"Personnage de {name}").select_option(cid)
    narrator.locator("input[name='mischief[]'][value='Gus']").check()
    narrator.locator("input[name='mischief[]'][value='Hal']").check()
    no_english(narrator, "the narrator's deal")
    deal.click()
    expect(display.locator("#r-phase")).to_contain_text("La nuit 1 approche")
    no_english(display, "the display at dusk")
    # Fay's card, held: her character and power in French
    card = fay.get_by_role("button", name="Appuie longuement pour voir ta carte")
    card.dispatch_event("pointerdown")
    expect(card.locator(".inner")).to_contain_text("Triste Sire · Équipe Chaos")
    no_english(fay, "Fay's card, held")
    card.dispatch_event("pointerup")
    # the night, beat by beat, from the pinned taps
    night = narrator.locator("#r-news")
    no_english(narrator, "the narrator at dusk")
    night.get_by_role("button", name="La nuit tombe").click()
    heard_fr(narrator, "Montre du doigt le joueur dont tu veux connaître le camp.")
    no_english(narrator, "Maleficent's step")
    night.get_by_role("button", name="Gus", exact=True).click()
    reveal = narrator.locator(".reveal")
    heard_fr(narrator, "Diablo, réveille-toi et découvre ce que cache ce joueur.")
    expect(reveal).to_be_visible()
    expect(reveal).to_contain_text("Carte d'équipe de Gus")
    no_english(narrator, "Diablo's card")
    reveal.get_by_role("button", name="Fermer").click()
    night.get_by_role("button", name="Diablo a répondu").click()
    heard_fr(narrator, "Équipe Malice, réveillez-vous.")
    no_english(narrator, "Team Mischief's step")
    night.get_by_role("button", name="Fay", exact=True).click()
    expect(reveal).to_contain_text("L'équipe Malice a choisi")
    heard_fr(narrator, "Voici la personne que l'équipe Malice a choisie.")
    no_english(narrator, "the victim shown to Hades")
    reveal.get_by_role("button", name="Fermer").click()
    night.get_by_role("button", name="Hadès garde son pouvoir").click()
    # the dawn, on every screen
    heard_fr(narrator, "Hélas, Fay n'a pas passé la nuit.")
    expect(display.locator("#r-phase")).to_contain_text("Jour 1")
    expect(display.locator("#r-phase")).to_contain_text("Hélas, Fay n'a pas passé la nuit.")
    expect(fay.locator("#r-card .status")).to_contain_text("Tu es hors jeu.")
    for page, where in ((narrator, "the narrator at dawn"), (display, "the display at dawn"), (fay, "Fay at dawn")):
        no_english(page, where)
    # the day: the narrator's signal, then one tap per voter
    narrator.get_by_role("button", name="Lancer le vote").click()
    heard_fr(narrator, "Votez maintenant, tous\u00a0: sur votre téléphone, en secret\u00a0; sans téléphone, montrez du "
                       "doigt le joueur que vous voulez voir partir et je saisirai votre vote.")
    expect(narrator.locator("#g-tap-in")).to_be_visible()
    no_english(narrator, "the narrator's tap-in")
    # Ann votes on her own phone: the pinned prompt, then her ballot waiting for the others
    prompt = ann.locator("#r-news")
    expect(prompt).to_contain_text("Ton vote secret\u00a0: qui veux-tu voir partir\u00a0?")
    no_english(ann, "Ann's vote")
    prompt.get_by_role("button", name="Gus", exact=True).click()
    expect(ann.locator("#r-ballot")).to_contain_text("Tu as voté contre Gus.")
    no_english(ann, "Ann's vote cast")
    for voter, target in (("Bob", "Gus"), ("Cat", "Gus"), ("Dan", "Gus"), ("Eve", "Gus"),
                          ("Hal", "Gus"), ("Gus", "Ann")):
        narrator.get_by_role("group", name=f"Vote de {voter}").get_by_role("button", name=target, exact=True).click()
    verdict = "L'Assemblée a parlé\u00a0: la partie s'arrête pour Gus."
    expect(display.locator("#r-result .verdict")).to_have_text(verdict)
    heard_fr(narrator, verdict)
    expect(display.locator("#r-phase")).to_contain_text("Fin du jour 1")
    for page, where in ((narrator, "the narrator after the vote"), (display, "the display after the vote"),
                        (fay, "Fay after the vote"), (ann, "Ann after the vote")):
        no_english(page, where)
    # every line the voice was given: French words, the table's lang, the French voice
    said = narrator.evaluate("window.__utterances")
    assert len(said) > 10
    for u in said:
        assert u["lang"] == "fr-FR" and u["voice"] == "Amélie", u
        assert english_left(u["text"]) == [] and english_words(whole_words(u["text"]), NAMES) == [], u
    assert "Le décompte\u00a0: Gus 6 voix, Ann 1 voix." in [u["text"] for u in said]
    assert not narrator.errors and not display.errors and not fay.errors and not ann.errors


def test_without_a_french_voice_the_lines_go_to_the_phones_default_voice_told_they_are_french(browser, server, api):
    made = api.request("POST", "/api/tables", {"game": "gathering", "options": {}, "name": "Narrator", "language": "fr"})
    code, host = made.json["code"], made.json["token"]
    for name, _ in EIGHT:
        api.join(code, name, token=host)
    api.ok(code, host, type="setup", players=[n for n, _ in EIGHT], characters=[c for _, c in EIGHT])
    api.ok(code, host, type="deal", characters=dict(EIGHT), mischief=["Gus", "Hal"])
    english_only = FRENCH_RECORDER.replace(", {name: 'Amélie', voiceURI: 'Amélie', lang: 'fr-FR'}", "")
    assert "Amélie" not in english_only
    narrator = open_french(browser, server, code, host, init_script=english_only)
    narrator.locator("#r-news").get_by_role("button", name="La nuit tombe").click()
    heard_fr(narrator, "Maléfique, réveille-toi.")
    said = narrator.evaluate("window.__utterances")
    assert said and all(u["lang"] == "fr-FR" and u["voice"] is None for u in said), said
