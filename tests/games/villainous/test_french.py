"""Villainous in French (issue 26): each phone in its own language, the log and the display in the
table's; the names of the French edition; plurals through the catalog; no English left on a French
page. One test per rule, named after it."""

import re

import pytest

from companion.catalogs import missing
from companion.core import i18n
from companion.web.render import page_for

from ...i18n_text import english_left, english_words
from .test_rules import game as english_game

NB = "\u00a0"  # the space French puts before : ; ! ?


def game(n=3, **options):
    """A table of n players (tests.games.villainous.test_rules.game) made in French: its language French."""
    with i18n.use("fr"):
        return english_game(n, **options)


def french(g, who):
    with i18n.use("fr", table="fr"):
        return g.view(who)


def seen_in(g, who, locale, table):
    with i18n.use(locale, table=table):
        return g.view(who)


def moved(n=3, **symbols):
    """P0 (Captain Hook) has moved to Skull Rock, whose symbols the host entered."""
    g = game(n)
    g.act("host", type="symbols", player="P0", location="Skull Rock", **(symbols or dict(power=2, fate=1, play=2)))
    g.act("P0", type="move", location="Skull Rock")
    return g


def test_the_turn_reads_in_the_phones_french():
    g = game(3)
    view = french(g, "P0")
    assert view["headline"] == "Manche 1, à toi de jouer"
    move = view["news"][-1]
    assert move["text"] == f"Manche 1, à toi de jouer. Déplace ton Méchant vers{NB}:"
    assert [a["label"] for a in move["actions"]] == ["Rocher du Crâne", "Lagon des Sirènes"]
    assert french(g, "P1")["headline"] == "Manche 1, à P0 de jouer"


def test_a_move_button_shows_the_french_name_and_sends_the_boxs_id():
    view = french(game(3), "P0")
    tap = view["news"][-1]["actions"][0]
    assert tap["label"] == "Rocher du Crâne" and tap["fields"]["location"] == "Skull Rock"  # the API stays neutral


def test_after_the_move_the_location_offers_its_actions_in_french():
    with i18n.use("fr", table="fr"):
        view = moved().act("P0", type="gain")
        item = moved().view("P0")["now"][0]
    assert item["text"] == f"Tu es sur le lieu Rocher du Crâne{NB}: fais ses actions."
    assert [a["label"] for a in item["actions"]] == ["Gagner 2 Pouvoirs", "Fatalité contre P1", "Fatalité contre P2"]
    assert view["players"][0]["power"] == 2


def test_villains_and_locations_carry_the_french_editions_names():
    view = french(game(6), "host")
    assert [p["villain_name"] for p in view["players"]] == [
        "Capitaine Crochet", "Jafar", "Maléfique", "Prince Jean", "Reine de Cœur", "Ursula"]
    hook = view["players"][0]
    assert hook["location"] == "Jolly Roger" and hook["places"]["Hangman's Tree"] == "Arbre du Pendu"
    assert hook["locations"][3]["name"] == "Hangman's Tree"  # the id the lock buttons send
    assert view["villain_choices"]["queen_of_hearts"] == "Reine de Cœur"


def test_an_objective_and_its_marks_in_french():
    male = french(game(3), "host")["players"][2]
    assert male["objective"] == "Commencer un tour avec une Malédiction sur chacun de tes quatre lieux."
    assert male["tracker"]["marks"][2]["label"] == f"La Forêt{NB}: une Malédiction"
    assert male["objective_note"] == "Il compte au début du tour joué par P2."


@pytest.mark.parametrize("n,words", [(1, "1 Pouvoir"), (2, "2 Pouvoirs")])
def test_power_agrees_with_its_number_in_french(n, words):
    g = game(2)
    with i18n.use("fr", table="fr"):
        view = g.act("P0", type="power", player="P0", delta=n)
    assert view["log"][-1]["text"] == f"P0 prend {words} (total{NB}: {n})."


@pytest.mark.parametrize("n,words", [(1, "Gagner 1 Pouvoir"), (2, "Gagner 2 Pouvoirs")])
def test_the_gain_button_agrees_with_its_number(n, words):
    view = french(moved(power=n), "P0")
    assert view["now"][0]["actions"][0]["label"] == words


def test_a_refusal_is_a_french_sentence():
    g = game(3)
    with i18n.use("fr", table="fr"):
        assert g.refused("P0", type="end_turn") == (
            f"P0 n'a pas encore fait son déplacement{NB}; se déplacer est la première étape de chaque tour.")
        assert g.refused("P0", type="power", player="P0", delta=-1) == (
            f"P0 n'a que 0 Pouvoir{NB}; le Pouvoir ne descend jamais sous 0.")
        assert g.refused("P1", type="symbols", player="P0", location="Oasis") == (
            "Seul l'hôte saisit les symboles d'un plateau.")


def test_a_refusal_keeps_its_code_in_every_language():
    g = game(3)
    with i18n.use("fr", table="fr"):
        french_refusal = g.refused("P0", type="move", location="The Jail")
    assert french_refusal == "The Jail n'est pas un lieu du royaume (Capitaine Crochet)."
    assert g.refused("P0", type="move", location="The Jail") == "The Jail is not a location of Captain Hook's realm."


def test_the_log_is_in_the_tables_language_while_the_phone_is_english():
    g = moved()
    with i18n.use("en", table="fr"):
        view = g.act("P0", type="fate", by="P0", target="P1")
    assert view["log"][-1]["text"] == "P0 joue une Fatalité contre P1."
    assert view["log"][-2]["text"] == "P0 va sur le lieu Rocher du Crâne."
    assert view["now"][0]["text"] == "You are at Skull Rock: take its actions."  # the phone's own controls


def test_the_log_keeps_facts_not_sentences():
    g = english_game(3)
    g.act("P0", type="move", location="Skull Rock")
    entry = g.state["log"][-1]
    assert entry["line"] == "moves" and entry["args"] == {"name": "P0", "where": "Skull Rock"}
    view = seen_in(g, "P0", "fr", "en")  # a French phone at an English table
    assert view["log"][-1]["text"] == "P0 moves to Skull Rock." and view["headline"] == "Manche 1, à toi de jouer"


def test_the_display_shows_the_tables_language():
    g = moved()
    board, phone = seen_in(g, "Board", "en", "fr"), seen_in(g, "P1", "en", "fr")
    assert board["headline"] == "Manche 1, à P0 de jouer" and phone["headline"] == "Round 1, P0's turn"
    assert board["standing"][0]["location"] == "Rocher du Crâne"


def test_being_fated_reads_in_french():
    g = moved()
    g.act("P0", type="fate", by="P0", target="P1")
    fated = [i for i in french(g, "P1")["news"] if i["id"].startswith("fated")]
    assert fated[0]["text"] == "P0 joue une Fatalité contre toi."


def test_the_twenty_power_warning_in_french():
    g = game(4)
    g.act("host", type="power", player="P3", delta=18)
    warning = french(g, "Board")["warnings"][0]
    assert warning == (f"P3 (Prince Jean) a 20 Pouvoirs{NB}: P3 gagne au début de son prochain tour, "
                       "sauf si son Pouvoir descend sous 20.")


def test_the_win_in_french():
    g = game(4)
    g.act("host", type="power", player="P3", delta=20)
    for i, who in enumerate(("P0", "P1", "P2")):
        g.act(who, type="move", location=g.view(who)["players"][i]["controls"]["moves"][0])
        g.act(who, type="end_turn")
    view = french(g, "Board")
    assert view["news"][0]["text"] == f"P3 (Prince Jean) gagne{NB}!"
    assert view["log"][-1]["text"] == f"P3 commence son tour avec 22 Pouvoirs{NB}: Prince Jean gagne."


def test_the_undo_button_describes_the_action_in_french():
    from companion.games.villainous import describe, reveals
    with i18n.use("fr"):
        assert describe({"type": "move", "location": "Skull Rock"}) == "le déplacement vers le lieu Rocher du Crâne"
        assert describe({"type": "power", "player": "Ann", "delta": -1}) == "-1 Pouvoir pour Ann"
        assert describe({"type": "power", "player": "Ann", "delta": 3}) == "+3 Pouvoirs pour Ann"
        assert i18n._(reveals({"winner": None}, {"winner": "Ann"}, {})) == "le vainqueur"  # marked, said where shown
    assert describe({"type": "move", "location": "Skull Rock"}) == "the move to Skull Rock"


def test_the_french_catalog_is_complete():
    assert [m for m in missing("fr") if m[0] == "villainous"] == []


# ---------------------------------------------------------------- the partials in French

def visible(html: str) -> str:
    """The text a reader sees (tags, and the values of attributes, left out)."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#39;", "'").replace("&amp;", "&")


def pages(g) -> str:
    texts = []
    with i18n.use("fr", table="fr"):
        for seat in g.table.seats.values():
            page = page_for(g.table, seat)
            for s in page.game:
                data = dict(s.data, undo=None)  # Undo's sentences belong to the shared layer's catalog
                texts.append(visible(RENDER[0].template(s.partial).render(v=data, code=page.code, title=page.title)))
    return " ".join(texts)


RENDER = []
# english_words reads words of ASCII letters: "Forêt" is read as "For" + "t" (tests/i18n_text.py would need
# accented letters in its WORD to tell them apart)


def test_every_partial_reads_french_with_no_english_left(renderer):
    RENDER[:] = [renderer]
    g = game(6, first="P3")
    g.act("host", type="symbols", player="P0", location="Skull Rock", power=2, fate=1, play=2, vanquish=1)
    seen = [pages(g)]
    g.act("P3", type="move", location="Friar Tuck's Church")
    g.act("P3", type="power", player="P3", delta=1)
    g.act("P3", type="fate", by="P3", target="P4")
    seen.append(pages(g))  # the three Lock tokens in use
    g.act("host", type="lock", player="P0", location="Hangman's Tree", locked=False)
    g.act("host", type="lock", player="P2", location="The Forest", locked=True)
    g.act("P2", type="mark", player="P2", mark="loc0", on=True)
    seen.append(pages(g))
    g.act("P3", type="end_turn")
    g.act("P4", type="move", location="The Hedge Maze")
    g.act("P4", type="claim", player="P4")
    seen.append(pages(g))
    g.act("P0", type="confirm", accept=True)
    seen.append(pages(g))
    for text in seen:
        assert "Pouvoir" in text
        assert english_left(text) == []
        assert english_words(text) == []


def test_a_line_logged_before_the_log_kept_facts_reads_as_it_was():
    from companion.games.villainous.lines import lines
    old = {"text": "Ann takes 3 Power (now 3).", "turn": 1, "by": "Ann"}
    with i18n.use("fr", table="fr"):
        assert lines([old]) == [old]


def test_the_refusals_of_who_may_act_are_french_too():
    g = game(3)
    with i18n.use("fr"):
        assert g.refused("P1", type="power", player="P0", delta=1) == "C'est à P0 ou à l'hôte de le faire."
        assert g.refused("Board", type="power", player="P0", delta=1) == f"L'écran montre la table{NB}; il ne joue pas."
        assert g.refused("host", type="claim", player="Zed") == "Aucun joueur ne s'appelle Zed."
        assert g.refused("P0", type="realm", player="P0", locations=list("ABCD")) == "Seul l'hôte renomme un royaume."
    assert g.refused("P1", type="power", player="P0", delta=1) == "Only P0 or the host can do that for P0."


def test_a_table_of_one_is_refused_in_french():
    from companion.core.errors import RuleError
    with i18n.use("fr"), pytest.raises(RuleError, match="Villainous se joue de 2 à 6 joueurs."):
        english_game(1)
