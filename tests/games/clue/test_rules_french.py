"""Clue in French: the sentences the game makes for a French phone (the cells' "why", the
prompts, refusals, plurals), the shared log in the table's language whatever the phone's, the
display in the table's, the card names as the French edition prints them, and every partial
rendered for a French phone with no English left. One search serves both languages: the solver's
knowledge holds no sentence."""

import html
import re
import unicodedata

import pytest

from companion.catalogs import missing
from companion.core import i18n
from companion.core.errors import Refusal
from companion.games.clue import knowledge
from companion.web.render import page_for

from ...i18n_text import english_left, english_words
from .tables import ANN, BOB, game, played, unseated

NB = "\u00a0"


def test_a_cells_why_is_a_french_sentence_naming_the_card_with_its_article():
    with i18n.use("fr", table="fr"):
        g = played()
        why = g.view("Ann")["why"]
    assert why["shell"]["Bob"] == f"Bob t'a montré le Coquillage pour le n°{NB}1."
    assert why["shell"]["envelope"] == f"Bob t'a montré le Coquillage pour le n°{NB}1. Elle n'est donc pas dans l'enveloppe."
    assert why["ursula"]["Ann"] == "Tu as Ursula."
    assert why["jafar"]["Ann"] == "Jafar n'est pas dans ta main."
    assert why["potion"]["Ann"] == "Tu as la Potion."


def test_a_disproof_explains_itself_in_french_when_the_other_two_cards_are_ruled_out():
    with i18n.use("fr", table="fr"):
        g = game()
        g.act("Ann", type="hand", cards=ANN)
        g.act("Ann", type="suggestion", by="Ann", cards=["jafar", "shell", "lair_3"], disproved_by="Bob")
        g.act("Ann", type="mark", card="jafar", holder="Bob", value="lacks")
        g.act("Ann", type="mark", card="shell", holder="Bob", value="lacks")
        why = g.view("Ann")["why"]["lair_3"]["Bob"]
    assert why == (f"Bob a montré une carte pour le n°{NB}1 (Jafar, Coquillage, Repaire 3), et Bob n'a ni Jafar ni "
                   f"le Coquillage{NB}: c'est donc forcément le Repaire 3.")


def test_a_refusal_is_a_french_sentence_and_changes_nothing():
    with i18n.use("fr", table="fr"):
        g = game()
        before = g.version
        with pytest.raises(Refusal) as err:
            g.act("Ann", type="hand", cards=ANN[:5])
    assert err.value.message == f"Ta main a 6 cartes{NB}; tu en as saisi 5."
    assert g.version == before


def test_a_refusal_of_the_table_of_moves_is_french_too():
    with i18n.use("fr", table="fr"):
        g = game()
        with pytest.raises(Refusal) as err:
            g.act("Board", type="end_turn")
    assert err.value.message == "L'écran commun saisit les suggestions et les accusations, pas les tours."


def test_plurals_one_card_and_two_cards():
    sizes = {"Ann": 1, "Bob": 2, "Cat": 15}
    with i18n.use("fr", table="fr"):
        g = game(hand_sizes=sizes)
        with pytest.raises(Refusal) as one:
            g.act("Ann", type="hand", cards=ANN[:2])
        with pytest.raises(Refusal) as two:
            g.act("Bob", type="hand", cards=BOB[:1])
    assert one.value.message == f"Ta main a 1 carte{NB}; tu en as saisi 2."
    assert two.value.message == f"Ta main a 2 cartes{NB}; tu en as saisi 1."
    with i18n.use("en", table="en"):
        g = game(hand_sizes=sizes)
        with pytest.raises(Refusal) as one:
            g.act("Ann", type="hand", cards=ANN[:2])
        with pytest.raises(Refusal) as two:
            g.act("Bob", type="hand", cards=BOB[:1])
    assert one.value.message == "Your hand has 1 card; you entered 2."
    assert two.value.message == "Your hand has 2 cards; you entered 1."


def test_the_shared_log_is_in_the_tables_language_while_the_phone_is_english():
    with i18n.use("fr", table="fr"):
        g = played()  # a table a French phone created: its language is French
    with i18n.use("en"):
        v = g.view("Ann")
    assert v["log_lines"][0]["text"] == "Bob : Ursula, Potion, Repaire 5 · réfutée par Ann".replace(" :", NB + ":")
    assert v["log_lines"][1]["text"] == f"Ann{NB}: Jafar, Coquillage, Repaire 3 · réfutée par Bob"
    assert v["accusation_lines"] == [f"Cat{NB}: Maléfique, Sceptre, Repaire 9 · fausse"]
    assert v["log_heads"]["suggestions"] == "Suggestions" and v["log_heads"]["none"] == "Aucune pour l'instant."
    # the phone's own prompts and notes stay in the phone's language
    assert v["now"][0]["text"] == "Bob's turn."
    assert v["why"]["shell"]["Bob"] == "Bob showed you the Shell for #1."
    assert v["card_names"]["shell"] == "Shell"


def test_a_french_phone_at_an_english_table_reads_the_log_in_english():
    with i18n.use("en", table="en"):
        g = played()
    with i18n.use("fr"):
        v = g.view("Ann")
    assert v["log_lines"][0]["text"] == "Bob: Ursula, Potion, Lair 5 · disproved by Ann"
    assert v["now"][0]["text"] == "À Bob de jouer."


def test_the_display_shows_the_tables_language_whatever_its_browser_says():
    with i18n.use("fr", table="fr"):
        g = played()
    with i18n.use("en"):
        v = g.view("Board")
    assert v["news"][0]["text"] == f"Cat a accusé Maléfique, le Sceptre et le Repaire 9{NB}: c'est faux."
    assert v["card_names"]["maleficent"] == "Maléfique"
    assert v["category_names"]["Enchanted Object"] == "Objet enchanté"


def test_the_cards_and_kinds_are_named_as_the_french_edition_prints_them():
    with i18n.use("fr", table="fr"):
        v = game().view("Ann")
    names = v["card_names"]
    assert [names[c] for c in ("maleficent", "hades", "jafar", "ursula")] == ["Maléfique", "Hadès", "Jafar", "Ursula"]
    assert names["poison_apple"] == "Pomme empoisonnée" and names["laboratory"] == "Laboratoire"
    assert list(v["category_names"].values()) == ["Méchant", "Objet enchanté", "Repaire"]
    assert [r["heading"] for r in v["grid"]["rows"] if r.get("heading")] == ["Méchant", "Objet enchanté", "Repaire"]


def test_a_lair_name_kept_as_a_french_phone_offered_it_is_that_lair_for_an_english_phone():
    lairs = ["Laboratoire"] + [f"Repaire {i}" for i in range(2, 10)]
    with i18n.use("en", table="en"):
        v = game(lairs=lairs).view("Ann")
    assert v["card_names"]["laboratoire"] == "Laboratory" and v["card_names"]["repaire_2"] == "Lair 2"
    with i18n.use("fr", table="fr"):
        v = game(lairs=lairs).view("Ann")
    assert v["card_names"]["laboratoire"] == "Laboratoire"


def test_a_lair_the_table_named_itself_is_shown_as_typed():
    lairs = ["Throne Room"] + [f"Cave {i}" for i in range(2, 10)]
    with i18n.use("fr", table="fr"):
        g = game(lairs=lairs)
        g.act("Ann", type="hand", cards=["ursula", "evil_queen", "talisman", "potion", "throne_room", "cave_2"])
        v = g.view("Ann")
    assert v["card_names"]["throne_room"] == "Throne Room"
    assert v["why"]["throne_room"]["Ann"] == f"Tu as «{NB}Throne Room{NB}»."


def test_one_search_serves_both_languages():
    """The solver's knowledge (the key of every cache and of the worker's jobs) holds no sentence:
    it is the same whichever language the views are made in."""
    g = played()
    with i18n.use("en"):
        en = knowledge.signature(knowledge.build(g.state, knowledge.entries(g.state, "Ann")))
    with i18n.use("fr"):
        fr = knowledge.signature(knowledge.build(g.state, knowledge.entries(g.state, "Ann")))
    assert en == fr


def test_the_undo_button_says_what_it_takes_back_in_french():
    with i18n.use("fr", table="fr"):
        g = game()
        g.act("Ann", type="suggestion", by="Ann", cards=["jafar", "shell", "lair_3"], disproved_by="Bob")
        label = g.view("Ann")["undo"]["label"]
    assert "la suggestion faite par Ann" in label


def test_the_clue_catalog_has_every_sentence_in_french():
    assert [m for m in missing("fr") if m[0] == "clue"] == []


# ------------------------------------------------------------------ every partial, rendered in French

TAG = re.compile(r"<[^>]+>")
DATA = re.compile(r"<textarea[^>]*data-export[^>]*>.*?</textarea>", re.S)  # the export file: a format, not prose


NAMES = frozenset({"An"})  # Ann's column in the notes: a name, not a word


def visible(markup: str) -> str:
    """The text a page shows, its accents taken off (english_words reads words as [A-Za-z']+, so
    "noté" would hold "not" and "Hadès" "had")."""
    text = html.unescape(TAG.sub(" ", DATA.sub(" ", markup)))
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))


def rendered(g, who, renderer) -> str:
    table = g.table
    page = page_for(table, g.seat(who))
    out = []
    for s in page.game:
        out.append(renderer.template(s.partial).render(v=s.data, code=page.code, title=page.title))
    return "\n".join(out)


def test_every_clue_partial_reads_french_on_a_french_phone(renderer):
    with i18n.use("fr", table="fr"):
        texts = [visible(rendered(unseated(), "host", renderer))]  # the host's set-up form
        g = played(host_player="Ann")
        g.act("host", type="advise", room="lair_3")
        g.act("Bob", type="suggestion", by="Bob", cards=["hades", "talisman", "lair_4"], disproved_by="Ann")
        for who in ("host", "Bob", "Board"):
            texts.append(visible(rendered(g, who, renderer)))
        g.act("host", type="look_back", to=2)
        texts.append(visible(rendered(g, "host", renderer)))
        g.act("Bob", type="accusation", by="Bob", cards=["hades", "scarab", "lair_5"], correct=True)
        texts.append(visible(rendered(g, "Board", renderer)))
    for text in texts:
        assert text.strip()
        assert english_left(text) == [], text
        assert english_words(text, allowed=NAMES) == [], english_words(text, allowed=NAMES)


def test_lair_names_kept_as_the_french_form_offered_them_are_the_same_cards_as_in_english():
    with i18n.use("fr"):
        g = unseated()
        offered = [lair["name"] for lair in g.view("host")["setup_form"]["lairs"]]
        assert offered[:2] == ["Laboratoire", "Repaire 2"]
        g.act("host", type="setup", players=["Ann", "Bob", "Cat"], lairs=["Salle du trône", *offered[1:]])
        v = g.view("Ann")
    ids = [c["id"] for c in g.state["cards"] if c["category"] == "Lair"]
    assert ids == ["salle_du_tr_ne", *[f"lair_{i}" for i in range(2, 10)]]  # the typed one as typed
    assert v["card_names"]["lair_2"] == "Repaire 2" and v["card_names"]["salle_du_tr_ne"] == "Salle du trône"
    with i18n.use("en"):
        assert g.view("Ann")["card_names"]["lair_2"] == "Lair 2"
