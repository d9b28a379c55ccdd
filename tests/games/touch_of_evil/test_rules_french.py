"""A Touch of Evil in French (issue 26): the sentences the rules make, each in the reader's language
— a phone's own controls in the phone's, the shared log and the display in the table's — plurals by
the number, refusals in French, and a state that holds no language at all. One test a rule."""

import json

import pytest

from companion.core import i18n
from companion.games.touch_of_evil.text import Msg

from ...rules import Dice, Game
from .test_rules_now import hunt as english_hunt

NBSP = "\u00a0"


def hunt(villain="banshee", heroes=("Eliza", "Valeria"), table="fr", **options):
    """test_rules_now's hunt, at a table in `table`'s language."""
    g = english_hunt(villain, heroes, **options)
    if table != "en":
        g.act("host", type="language", language=table)
    return g


def test_a_minion_table_result_and_its_effect_read_in_french():
    g = hunt("gargoyle")
    with i18n.use("fr", table="fr"):
        v = g.act("Ann", rng=Dice(2), type="minion_table")  # Living Statues, at Eliza's space
        assert v["last"]["name"] == "Statues vivantes"
        assert v["last"]["text"].startswith(f"Construction{NBSP}: 3 dés de combat, 3 de Santé, vaut 6 Investigations.")
        assert [e["label"] for e in v["last"]["effects"]] == ["Poser Statues vivantes sur la case Auberge"]
        assert v["last"]["effects"][0]["where"] == "Inn"  # the place sent back is the board's id, whatever the language
        result = next(i for i in v["now"] if i["id"].startswith("result-"))
        assert result["text"] == f"Résultat de table 2{NBSP}: Statues vivantes sur la case Auberge."
        assert result["actions"][0]["fields"]["location"] == "Inn"
        v = g.act("Ann", type="resolve", effect=0)
        assert v["minions"][0]["name"] == "Statues vivantes" and v["minions"][0]["at"] == "Inn"
    assert g.state["minions"][0]["name"] == "Living Statues" and g.state["minions"][0]["location"] == "Inn"


def test_the_advanced_tables_results_read_in_french():
    g = hunt("banshee", mode="cooperative", rules={"advanced_coop_table": True})
    with i18n.use("fr", table="fr"):
        g.act("host", rng=Dice(2, places=["Fields"] * 12), type="mystery_start")
        v = g.act("host", rng=Dice(2, 3, places=["Fields", "Bog"] * 6), type="coop_table")  # 5: Fall into Darkness
        assert v["last"]["name"] == "Chute dans les Ténèbres"
        assert [e["label"] for e in v["last"]["effects"]] == [
            "Avancer la Piste de l'Ombre de D3 vers les Ténèbres", "L'empêcher\u00a0: les Héros se partagent 5 Blessures"]


def test_a_refusal_is_said_in_french():
    g = hunt("gargoyle")
    with i18n.use("fr", table="fr"):
        assert g.refused("host", type="minion_place", name="Watchman", location="Inn") == "Seule la Banshee amène le Veilleur."
        assert g.refused("host", type="minion_place", name="Traitor", location="Inn") == (
            f"Les Sbires de Gargouille sont{NBSP}: Statues vivantes, Grotesques, Main pourpre.")
        assert g.refused("host", type="hero", name="Eliza", location="Atlantis") == "Atlantis n'est pas une case de ce plateau."
        assert g.refused("Ann", type="movement", hero="Valeria") == "C'est à Valeria ou à l'hôte de le faire."
        assert g.refused("host", type="heal") == "Gargouille ne guérit pas tout seul."


def test_the_same_refusal_in_english_is_unchanged():
    g = hunt("gargoyle", table="en")
    assert g.refused("host", type="minion_place", name="Watchman", location="Inn") == "Only the Banshee brings the Watchman."


def test_the_log_is_in_the_tables_language_while_the_phone_reads_english():
    g = hunt("banshee", table="fr")
    with i18n.use("en"):
        v = g.act("Ann", rng=Dice(4), type="movement")
        assert v["log_newest"][0]["text"] == "Eliza obtient 4 pour son déplacement."  # the shared log: the table's French
        assert v["now"][0]["detail"].startswith("Movement this turn: 4. Move up to")  # the phone's own move: its English
        assert [a["label"] for a in v["now"][0]["actions"]] == ["End Eliza's turn", "Roll the Villain Minion Table"]


def test_the_phone_reads_french_at_an_english_table_and_the_log_stays_english():
    g = hunt("banshee", table="en")
    with i18n.use("fr"):
        v = g.act("Ann", rng=Dice(4), type="movement")
        assert v["log_newest"][0]["text"] == "Eliza rolls 4 for movement."
        assert v["now"][0]["detail"].startswith(f"Déplacement ce tour-ci{NBSP}: 4. Déplace")


def test_the_display_reads_everything_in_the_tables_language_whatever_its_own():
    g = hunt("banshee", table="fr")
    g.act("Ann", rng=Dice(4, places=["Inn"]), type="minion_table")
    with i18n.use("en"):
        v = g.view("display")
        assert v["villain_name"] == "Banshee" and v["news"][0]["text"].startswith("Table des Sbires pour Eliza")
        assert v["labels"]["title"] == "Banshee · tour 1"


@pytest.mark.parametrize("n, text", [(1, "Banshee : 1 Blessure"), (2, "Banshee : 2 Blessures")])
def test_the_villains_wounds_are_said_with_their_plural(n, text):
    g = hunt("banshee")
    g.act("host", type="villain", wounds=n)
    with i18n.use("fr", table="fr"):
        assert g.view("host")["labels"]["villain_wounds"] == text.replace(" :", NBSP + ":")
    with i18n.use("en"):
        assert g.view("host")["labels"]["villain_wounds"] == ("The Banshee: 1 Wound" if n == 1 else "The Banshee: 2 Wounds")


@pytest.mark.parametrize("n, text", [(1, "Case Auberge · 1 Investigation · Blessures : 0/6"),
                                     (2, "Case Auberge · 2 Investigations · Blessures : 0/6")])
def test_a_heros_investigations_are_said_with_their_plural(n, text):
    g = hunt("banshee")
    g.act("host", type="hero", name="Eliza", investigations=n)
    with i18n.use("fr", table="fr"):
        card = g.view("Ann")["my_heroes"][0]
        assert card["labels"]["line"] == text.replace(" :", NBSP + ":")
    assert g.view("Ann")["my_heroes"][0]["labels"]["line"] == f"At Inn · {n} Investigations · 0 of 6 Wounds"  # English as before


@pytest.mark.parametrize("sixes, text", [(1, "Cri funèbre sur Eliza : 1 six à régler, un à la fois."),
                                         (2, "Cri funèbre sur Eliza : 2 six à régler, un à la fois.")])
def test_death_wail_counts_its_sixes_in_french(sixes, text):
    g = hunt("banshee")
    g.act("host", type="hero", name="Eliza", investigations=5)
    g.act("Ann", rng=Dice(5, places=["Inn"]), type="minion_table")
    g.act("Ann", type="fight_start", foe="villain", foe_dice=3)
    g.act("Ann", rng=Dice(1, 1, 1, 1, 1, *([6] * sixes), *([1] * (3 - sixes))), type="fight_round")  # Eliza rolls 5 (Hunter)
    with i18n.use("fr", table="fr"):
        wail = [i for i in g.view("Ann")["news"] if i["id"].startswith("wail-")]
        assert wail[0]["text"] == text.replace(" :", NBSP + ":")


def test_a_log_line_with_a_plural_reads_one_and_two():
    g = hunt("banshee")
    g.act("host", type="battle", dice=3, hero="Eliza", hit=5, rng=Dice(5, 1, 1))
    g.act("host", type="battle", dice=3, hero="Eliza", hit=5, rng=Dice(5, 6, 1))
    with i18n.use("fr", table="fr"):
        log = [e["text"] for e in g.view("host")["log_newest"][:2]]
    assert log == [f"Dés de combat pour Eliza{NBSP}: 3 dés qui touchent sur 5+{NBSP}: 2 touches.",
                   f"Dés de combat pour Eliza{NBSP}: 3 dés qui touchent sur 5+{NBSP}: 1 touche."]


def test_the_state_keeps_ids_and_numbers_never_a_language():
    """The same actions taken from a French phone and an English one leave the same state: its
    lines are kept as their English source and values, made in a language only by the view."""
    states = []
    for locale in ("fr", "en"):
        g = hunt("bog_fiend", table=locale)
        with i18n.use(locale, table=locale):
            g.act("Ann", rng=Dice(2, places=["Inn"] * 12), type="minion_table")
            g.act("Ann", type="resolve", effect=-1, rng=Dice(3))
            g.act("host", rng=Dice(4, places=["Fields"] * 12), type="mystery_start")
        state = {k: v for k, v in g.state.items()}
        assert all(isinstance(e["text"], Msg) for e in state["log"])
        states.append(json.dumps([{"msg": e["text"].msgid, "kw": {k: str(x) for k, x in e["text"].kw.items()}}
                                  for e in state["log"]], sort_keys=True))
    assert states[0] == states[1]


def test_the_facts_form_shows_french_names_and_reads_them_back_as_the_boards():
    g = hunt("gargoyle")
    with i18n.use("fr", table="fr"):
        labels = g.view("host")["labels"]
        assert labels["locations_text"].startswith("Manoir\nMoulin à vent\nVieux Bois")
        assert labels["elders_text"].split("\n")[1] == "Juge Croft"
        changed = labels["locations_text"].replace("Phare", "Tour de guet")
        g.act("host", type="facts", locations_text=changed, roads_text=labels["roads_text"],
              elders_text=labels["elders_text"], base_text=labels["base_text"])
    assert "Manor" in g.state["options"]["locations"] and "Tour de guet" in g.state["options"]["locations"]
    assert "Lighthouse" not in g.state["options"]["locations"] and [e["name"] for e in g.state["elders"]][1] == "Judge Croft"


def test_a_hero_named_as_the_french_box_would_is_the_boxs_hero():
    g = Game("touch-of-evil", {"villain": "gargoyle", "heroes": ["Frère Marcus"]})
    assert g.state["heroes"][0]["location"] == "Crossroads"  # Missionary: he starts at the Crossroads
    with i18n.use("fr", table="fr"):
        assert "Frère Marcus commence sur la case Carrefour." in g.view("host")["prompts"]
