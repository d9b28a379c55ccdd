"""A Touch of Evil's view gives every number, label, limit and choice its page shows (the partials
only loop and print): one test per value."""

import pytest

from companion.core.errors import BadInput
from companion.games.touch_of_evil import MAX_HEROES

from ...rules import Dice, Game


def game(villain="gargoyle", **options):
    return Game("touch-of-evil", {"villain": villain, **options})


def test_the_setup_form_offers_as_many_hero_inputs_as_the_options_accept():
    form = game(heroes=["Eliza", "Valeria"]).view("host")["setup_form"]
    assert len(form["hero_inputs"]) == MAX_HEROES
    assert [(h["label"], h["value"]) for h in form["hero_inputs"][:3]] == [("Hero 1", "Eliza"), ("Hero 2", "Valeria"), ("Hero 3", "")]
    assert form["hero_inputs"][0]["placeholder"] == "Hero 1 (First Player)"
    game(heroes=[f"H{i}" for i in range(MAX_HEROES)])
    with pytest.raises(BadInput):
        game(heroes=[f"H{i}" for i in range(MAX_HEROES + 1)])


def test_the_setup_form_marks_the_choices_made():
    form = game(mode="lone_hero", difficulty="insane", rules={"growing_darkness": True}, void_overflow_steps=1).view("host")["setup_form"]
    assert [c["value"] for c in form["mode_choices"] if c["selected"]] == ["lone_hero"]
    assert [c["label"] for c in form["difficulty_choices"] if c["selected"]] == ["Insane"]
    assert {r["key"] for r in form["rule_switches"] if r["on"]} == {"growing_darkness", "more_secrets", "trading"}
    assert [c["value"] for c in form["void_choices"] if c["selected"]] == [1]


def test_the_track_lists_each_step_with_the_marker_and_the_stages():
    g = game(track={"length": 6, "stages": [0, 2, 4], "red_from": 5})
    v = g.act("host", type="shadow", steps=3)
    assert [(s["n"], s["here"], s["stage"]) for s in v["track_steps"]] == \
        [(0, False, False), (1, False, False), (2, False, True), (3, True, False), (4, False, True), (5, False, False), (6, False, False)]


def test_the_mode_and_the_level_read_as_words():
    assert (game(mode="solo_team").view("host")["mode_label"], game(mode="solo_team").view("host")["level_label"]) == ("Solo: a Hero Team", None)
    v = game(mode="lone_hero", difficulty="master").view("display")
    assert (v["mode_label"], v["level_label"]) == ("Solo: a lone Hero", "Master of the Hunt")


def test_the_mystery_phase_lists_steps_done_now_and_ahead_and_counts_the_cards():
    g = game("gargoyle", mode="cooperative", rules={"advanced_coop_table": True}, heroes=["Eliza", "Valeria", "Brother Marcus"])
    g.act("host", type="mystery_start")
    phase = g.view("host")["phase"]
    assert phase["waits"] == "coop_table" and [s["now"] for s in phase["steps"]].index(True) == 4
    assert all(s["done"] and not s["extra"] for s in phase["steps"][:4])
    g.act("host", rng=Dice(1, 2), type="coop_table")  # 3: Villain's Curse, a card per Hero
    g.act("host", type="mystery_card", name="Fog")
    phase = g.view("host")["phase"]
    assert phase["waits"] == "mystery_card" and phase["card_label"] == "Mystery card 2 of 3"


def test_apply_all_is_offered_for_a_result_of_several_open_effects():
    g = game("gargoyle")
    assert g.act("host", rng=Dice(1), type="minion_table")["last"]["apply_all"]  # Danger from Above: three effects
    g.act("host", type="resolve", effect=-1)
    assert not g.view("host")["last"]["apply_all"]


def test_a_heros_sheet_offers_taking_off_only_what_it_holds():
    g = game(heroes=["Eliza, the Witch Hunter"])
    hero = g.view("host")["my_heroes"][0]
    assert hero["short"] == "Eliza" and not any(hero["may"].values())
    g.act("host", type="hero", name="Eliza, the Witch Hunter", investigations=1, wounds=1, bombs=1, stone=1)
    assert all(g.view("host")["my_heroes"][0]["may"].values())


def test_the_roll_button_names_the_phones_hero():
    g = game(heroes=["Eliza, the Witch Hunter"])
    g.join("Ann")
    assert g.view("Ann")["roll_label"] == "Roll the Villain Minion Table"
    assert g.act("Ann", type="claim", name="Eliza, the Witch Hunter")["roll_label"] == "Roll the Villain Minion Table (Eliza)"


def test_wound_markers_are_counted_in_words():
    g = game()
    assert g.act("host", type="villain", plus_wounds=1)["plus_wounds_label"] == "+1 Wound marker"
    assert g.act("host", type="villain", plus_wounds=1)["plus_wounds_label"] == "+2 Wound markers"


def test_an_elder_offers_the_changes_it_may_take():
    g = game("banshee")
    g.act("host", type="elder", name="Judge Croft", permission=1, secrets=1)
    croft = g.view("host")["elders"][1]
    assert (croft["asks_token"], croft["may_drop_token"], croft["secrets_label"]) == (True, True, "1 Secret")
    assert [t["label"] for t in croft["turns"]] == ["Turns Evil"]
    g.act("host", type="elder", name="Judge Croft", status="evil")
    croft = g.view("host")["elders"][1]
    assert (croft["asks_token"], croft["may_add_token"], croft["status_label"]) == (False, False, "evil")
    g.act("host", type="elder", name="Judge Croft", status="dead")
    croft = g.view("host")["elders"][1]
    assert croft["status_label"] == "dead (was Evil)" and croft["out"] and croft["turns"] == []


def test_the_board_names_its_markers_and_the_watchman():
    g = game("banshee")
    assert g.view("host")["watchman_label"] == "not on the board" and not g.view("host")["watchman_fights"]
    v = g.act("host", type="watchman_place", location="Inn")
    assert v["watchman_label"] == "at Inn" and v["watchman_fights"]
    g = game("bog_fiend")
    assert {t["location"]: t["label"] for t in g.view("display")["terrain_tags"]} == {"Marsh": "Swamp", "Bog": "Swamp"}


def test_the_battle_form_offers_the_hit_numbers_a_battle_roll_takes():
    form = game().view("host")["battle_form"]
    assert form["dice"] == 3 and [c["value"] for c in form["hits"]] == [5, 6, 4]
    for c in form["hits"]:
        assert game().act("host", type="battle", dice=2, hit=c["value"])["battle"]["hit"] == c["value"]


def test_the_log_is_shown_newest_first():
    g = game()
    g.act("host", type="shadow", steps=1)
    v = g.act("host", type="shadow", steps=1)
    assert v["log_newest"] == v["log"][::-1] and v["log_newest"][0]["text"].startswith("Shadow Track 1 → 2")


def test_a_phones_own_hero_card_is_the_open_one():
    g = game(heroes=["Eliza", "Valeria"])
    g.join("Ann")
    g.act("Ann", type="claim", name="Valeria")
    assert [(h["name"], h["mine"]) for h in g.view("Ann")["my_heroes"]] == [("Valeria", True)]
    assert [h["mine"] for h in g.view("host")["my_heroes"]] == [False, False]


def test_the_showdown_card_shows_while_a_showdown_may_begin_runs_or_was_won():
    g = game("unspeakable_horror", heroes=["Eliza"])
    assert g.view("host")["showdown_card"] and not g.view("display")["showdown_card"]
    g.act("host", type="showdown_start", health=1, fight=1)
    assert g.view("display")["showdown_card"] and g.view("display")["showdown"]["last_hope_label"] == "Last Hope dice (2 Investigations each)"
    g.act("host", rng=Dice(6), type="showdown_attack", hero="Eliza", attack_dice=1)
    assert g.view("display")["won"] and g.view("display")["showdown_card"] and g.view("host")["showdown_start"] is None


def test_a_stone_elder_offers_no_change_and_a_living_one_may_die_unpreventably():
    g = game("gargoyle")
    croft = g.view("host")["elders"][1]
    assert croft["changeable"] and croft["may_die"] and croft["may_die_unpreventable"] and not croft["asks_token"]
    g.act("host", type="elder", name="Judge Croft", status="dead")  # Monument of Fear
    croft = g.view("host")["elders"][1]
    assert (croft["changeable"], croft["status_label"], croft["may_die"]) == (False, "turned to stone", False)


def test_the_terrain_button_names_the_villains_marker():
    assert [game(v).view("host")["terrain_add_label"] for v in ("bog_fiend", "unspeakable_horror", "gargoyle")] == \
        ["Add Swamp", "Add Circle", None]


def test_the_mystery_phase_may_begin_only_outside_a_showdown_and_never_from_the_display():
    g = game(heroes=["Eliza"])
    assert g.view("host")["may_start_mystery"] and not g.view("display")["may_start_mystery"]
    g.act("host", type="showdown_start", health=9, fight=1)
    assert g.view("host")["in_showdown"] and not g.view("host")["may_start_mystery"]
    assert g.refused("host", type="mystery_start") == "Finish the Showdown first."
