"""Gathering of the Wicked in French (issue 26): the narration, the display and the shared log in
the table's language, a phone's own words in the phone's; plurals, refusals, the Undo's words and
the catalog complete. Each test plays inside one language context (the views of a version are
kept per seat, so a test never reads the same version in two languages)."""

from companion import catalogs
from companion.core import i18n
from companion.games import gathering as g

from .test_rules import EIGHT, SEVEN_KHAN, TWELVE, claw_then_thumbs, night
from .test_rules import game as english_game
from .test_rules_view import render  # noqa: F401 (the partials' renderer, a fixture)

NB = "\u00a0"  # French typography: a non-breaking space before : ; ? !


def game(chars, mischief, **options):
    """A dealt table (test_rules.game) whose language is the one `i18n.table()` says: the host
    sets it (the common action), since a table is made in its creator's language."""
    t = english_game(chars, mischief, **options)
    t.act("host", type="language", language=i18n.table())
    return t


def said(view) -> list[str]:
    return [line for part in view["say"]["parts"] for line in part["lines"]]


def test_a_nights_script_lines_are_read_in_french():
    with i18n.use("fr", table="fr"):
        t = game(EIGHT, ["Gus", "Hal"])
        view = t.act("host", type="beat")  # Night falls
        assert said(view) == ["Le soleil s'efface et les ombres s'assemblent.",
                              "Membres de l'Assemblée, fermez les yeux et dormez.",
                              "Maléfique, réveille-toi.", "Montre du doigt le joueur dont tu veux connaître le camp."]
        assert view["say_lang"] == "fr-FR"  # the utterance's lang (narrator.js)
        view = t.act("host", type="spy", target="Gus")
        assert said(view) == ["Maléfique, rendors-toi.", "Diablo, réveille-toi et découvre ce que cache ce joueur."]
        assert view["beat"]["reveal"] == {"to": "Diablo", "label": "Carte d'équipe de Gus", "big": "Équipe Malice"}
        assert view["beat"]["direction"] == "Montre la carte plein écran à Diablo, puis ferme-la."
        t.act("host", type="beat")
        view = t.act("host", type="beat")  # Diablo has answered
        assert said(view)[0] == "Maléfique et Diablo, rendormez-vous."
        assert said(view)[1:] == ["Équipe Malice, réveillez-vous.",
                                  "Mettez-vous d'accord sans un mot et montrez la personne qui doit disparaître. "
                                  "Jamais l'un des vôtres."]


def test_the_dawn_is_announced_in_french_and_the_news_says_who_fell():
    with i18n.use("fr", table="fr"):
        t = game(EIGHT, ["Gus", "Hal"])
        night(t, target="Fay")
        ann = t.view("Ann")
        assert ann["announce"][:2] == ["La lumière revient doucement. Tout le monde, ouvrez les yeux.",
                                       "Hélas, Fay n'a pas passé la nuit."]
        assert ann["news"][0]["text"] == f"Jour 1{NB}: Fay a quitté la partie cette nuit{NB}: équipe Chaos."
        assert t.view("Fay")["card"]["status"] == f"Tu es hors jeu. Fay (Triste Sire) sort pendant la nuit{NB}; équipe Chaos."


def test_a_vote_result_counts_one_claw_mark_in_french():
    with i18n.use("fr", table="fr"):
        t = game(SEVEN_KHAN, ["Kit", "Fay"])
        night(t, target="Bob", spy="Kit")
        t.act("host", type="vote", votes={"Ann": "Dan", "Cat": "Dan", "Dan": "Ann", "Eve": "Dan", "Fay": "Dan",
                                          "Kit": "Cat"})  # Shere Khan claws Cat
        assert [p["claws_label"] for p in t.view("Ann")["table"] if p["name"] == "Cat"] == ["1 marque de griffe"]
        night(t, target="Ann", save=True)
        view = t.act("host", type="vote", votes={"Ann": "Cat", "Cat": "Kit", "Eve": "Kit", "Fay": "Cat", "Kit": "Eve"})
        assert said(view)[0] == f"Le décompte{NB}: Cat 3 voix (1 par marque de griffe), Kit 2 voix, Eve 1 voix."
        cat = view["last_vote"]["counts"][0]
        assert (cat["name"], cat["detail"]) == ("Cat", "(2 voix + 1 marque de griffe)")
        assert view["last_vote"]["outcome"] == f"L'Assemblée a parlé{NB}: la partie s'arrête pour Cat."


def test_a_vote_result_counts_two_claw_marks_in_french():
    with i18n.use("fr", table="fr"):
        t = game(SEVEN_KHAN, ["Kit", "Fay"])
        night(t, target="Bob", spy="Kit")
        t.act("host", type="vote", votes={"Ann": "Dan", "Cat": "Dan", "Dan": "Ann", "Eve": "Dan", "Fay": "Dan",
                                          "Kit": "Cat"})  # Shere Khan claws Cat
        night(t, target="Ann", save=True)
        view = t.act("host", type="correct_claw_add", player="Cat")  # the narrator gives Cat a second one
        assert view["corrections"]["log"][-1]["text"] == f"Cat reçoit une marque de griffe (total{NB}: 2)."
        assert [p["claws_label"] for p in view["table"] if p["name"] == "Cat"] == ["2 marques de griffe"]
        view = t.act("host", type="vote", votes={"Ann": "Cat", "Cat": "Kit", "Eve": "Kit", "Fay": "Cat", "Kit": "Eve"})
        assert said(view)[0] == f"Le décompte{NB}: Cat 4 voix (2 par marques de griffe), Kit 2 voix, Eve 1 voix."
        cat = view["last_vote"]["counts"][0]
        assert (cat["name"], cat["detail"]) == ("Cat", "(2 voix + 2 marques de griffe)")


def test_the_thumbs_count_is_read_with_its_claw_mark_in_french():
    with i18n.use("fr", table="fr"):
        t = claw_then_thumbs(claws_in_thumbs_vote=True)  # 2 thumbs down and Cat's Claw mark against 2 up
        assert f"Pouces en bas{NB}: 2, plus 1 par marque de griffe. Pouces en haut{NB}: 2." in said(t.view("host"))
        assert t.view("Ann")["news"][0]["text"] == f"L'équipe Malice gagne{NB}!"


def test_a_refusal_is_said_in_french():
    with i18n.use("fr", table="fr"):
        t = game(TWELVE, ["Gus", "Hal", "Kim"])
        assert t.refused("Ann", type="ballot", target="Bob") == "Le vote s'ouvre une fois le débat commencé."
        assert t.refused("Ann", type="spy", target="Bob") == "Seul le narrateur saisit cela."
        assert t.refused("host", type="spy", target="Ann") == "Maléfique choisit quelqu'un d'autre à espionner."
        assert t.refused("host", type="lock_away", target="Ann") == \
            "La partie attend maintenant «\u00a0spy\u00a0», pas «\u00a0lock_away\u00a0»."


def test_the_log_is_in_the_tables_language_while_the_phone_is_english():
    with i18n.use("en", table="fr"):
        t = game(EIGHT, ["Gus", "Hal"])
        night(t, target="Fay")
        ann = t.view("Ann")
        assert [r["text"] for r in ann["recap"]][-1] == f"Fay (Triste Sire) sort pendant la nuit{NB}; équipe Chaos."
        assert ann["recap"][-1]["when"] == "Jour 1"  # the dawn's
        assert "Sadly, Fay did not survive the night." in ann["announce"]  # read aloud in French, shown in the phone's
        assert ann["now"][0]["text"] == "Day 1: debate. The vote opens at the narrator's signal."  # the phone's own
        assert ann["card"]["character_name"] == "Maleficent"
        host = t.view("host")
        assert said(host) == ["Hadès, rendors-toi.", "La lumière revient doucement. Tout le monde, ouvrez les yeux.",
                              "Hélas, Fay n'a pas passé la nuit.",
                              "À vous de débattre. Quelqu'un doit partir avant le coucher du soleil."]
        assert host["say_lang"] == "fr-FR"
        assert host["beat"]["direction"].startswith("Let the debate run.")  # the narrator's own controls
        assert host["undo"]["label"].endswith("Hades waits")


def test_the_display_shows_the_table_in_its_language():
    with i18n.use("en", table="fr"):
        t = game(EIGHT, ["Gus", "Hal"])
        board = t.view("display")
        assert board["dusk_heading"] == "La nuit 1 approche"
        assert [p["character_name"] for p in board["table"]][:2] == ["Maléfique", "Diablo"]


def test_a_phone_in_french_at_an_english_table_hears_english():
    with i18n.use("fr", table="en"):
        t = game(EIGHT, ["Gus", "Hal"])
        view = t.act("host", type="beat")
        assert said(view)[0] == "The sun slips away and the shadows gather."
        assert view["say_lang"] == "en"
        assert view["news"][0]["text"] == f"Qui Maléfique désigne-t-elle{NB}?"


def test_the_undo_button_reads_in_french():
    with i18n.use("fr", table="fr"):
        t = game(EIGHT, ["Gus", "Hal"])
        night(t, target="Fay")
        assert t.view("host")["undo"]["label"].endswith("Hadès attend")
        assert g.GAME.describe({"type": "mirror"}) == "la Reine garde son miroir"


def test_the_speech_box_gives_narrator_js_the_tables_language(render):  # noqa: F811
    with i18n.use("fr", table="fr"):
        t = game(EIGHT, ["Gus", "Hal"])
        view = t.act("host", type="beat")
        html = render("night.html", view)
    assert 'data-lang="fr-FR"' in html and "Maléfique, réveille-toi." in html


def test_the_gathering_catalog_has_every_sentence_in_french():
    assert [m for m in catalogs.missing("fr") if m[0] == "gathering"] == []
