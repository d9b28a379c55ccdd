"""A Touch of Evil: the Showdown, one test per rule; who may act in it (the host for any Hero, a
player's phone for its own Hero only, a phone with no Hero refused); each sub-operation its own
action type, the older `op` form read the same way."""

import pytest

from companion.core.errors import Forbidden

from ...rules import Dice, Game


def game(villain="gargoyle", **options):
    return Game("touch-of-evil", {"villain": villain, **options})


def showdown_game(villain="gargoyle", **kw):
    g = game(villain, heroes=["Eliza", "Valeria"], **kw)
    g.act("host", type="hero", name="Eliza", health=6, combat=3)
    g.act("host", type="hero", name="Valeria", health=6, combat=2)
    return g


def test_a_showdown_needs_the_villains_health_and_fight_dice():
    g = showdown_game()
    assert "Health" in g.refused("host", type="showdown_start")


def test_showdown_health_counts_wound_markers_and_bonuses():
    g = showdown_game("banshee")
    g.act("host", type="villain", plus_wounds=1)
    g.act("host", type="watchman_place", location="Inn")
    g.act("host", type="showdown_start", health=10, fight=4, bonus=2)
    assert g.view("host")["showdown"]["total"] == 10 + 1 + 2 + 2


def test_swamp_lair_adds_a_wound_and_a_fight_die_in_a_swamp():
    g = showdown_game("bog_fiend")
    g.act("host", type="showdown_start", health=10, fight=2, location="Marsh")
    assert g.view("host")["showdown"]["total"] == 11
    g.act("host", rng=Dice(1, 1, 1, 1, 1, 1), type="showdown_villain")
    assert any("+1 Swamp Lair" in e["text"] and "3 dice" in e["text"] for e in g.state["log"])


def test_heroes_attack_and_the_villain_falls_at_its_health():
    g = showdown_game("banshee")
    g.act("host", type="showdown_start", health=3, fight=3, party=["Eliza", "Valeria"])
    ann = g.join("Ann")
    g.act(ann, type="claim", name="Eliza")
    g.act(ann, rng=Dice(5, 6, 1), type="showdown_attack")
    assert g.state["wounds"] == 2 and "already" in g.refused(ann, type="showdown_attack")
    with pytest.raises(Forbidden):
        g.act(ann, type="showdown_attack", hero="Valeria")
    g.act("host", rng=Dice(6, 1), type="showdown_attack", hero="Valeria")
    assert "defeated" in g.state["won"] and g.view("display")["won"]


def test_the_villain_attacks_each_hero_and_knocks_out_at_health():
    g = showdown_game("banshee")
    g.act("host", type="showdown_start", health=20, fight=3)
    g.act("host", rng=Dice(6, 6, 6, 1, 1, 5), type="showdown_villain")
    eliza, valeria = g.state["heroes"]
    assert valeria["wounds"] == 1 and eliza["knocked_out"] is False and eliza["wounds"] == 3
    assert any("Death Wail" in e["text"] for e in g.state["log"])
    assert "already" in g.refused("host", type="showdown_villain")
    g.act("host", type="showdown_round")
    g.act("host", rng=Dice(6, 6, 6, 1, 1, 1), type="showdown_villain")
    assert g.state["heroes"][0]["knocked_out"] and g.state["showdown"]["party"] == ["Valeria"]
    assert g.state["plus_wounds"] == 1  # Willow Vine


def test_the_gargoyle_rerolls_its_misses_once():
    g = showdown_game("gargoyle")
    g.act("host", type="showdown_start", health=20, fight=2, party=["Eliza"])
    g.act("host", rng=Dice(1, 5, 6), type="showdown_villain")  # 1 missed: re-rolled to 6
    assert g.state["heroes"][0]["wounds"] == 2


def test_ferocity_heals_the_bog_fiend_after_each_battle_round():
    g = showdown_game("bog_fiend")
    g.act("host", type="showdown_start", health=20, fight=2)
    g.act("host", type="villain", wounds=5)
    g.act("host", rng=Dice(5), type="showdown_round")  # competitive: D3 from a 5 is 2
    assert g.state["wounds"] == 3 and g.state["showdown"]["round"] == 2


def test_a_permission_token_gives_two_battle_dice_in_a_showdown():
    g = showdown_game()
    g.act("host", type="elder", name="Judge Croft", permission=1)
    g.act("host", type="showdown_start", health=20, fight=2, elders=["Judge Croft"])
    g.act("host", rng=Dice(5, 5, 5, 5, 5), type="showdown_attack", hero="Eliza", token_from="Judge Croft")
    assert g.state["wounds"] == 5 and g.state["elders"][1]["permission"] == 0


def test_the_horror_heals_at_the_next_mystery_phase_after_an_unfinished_showdown():
    g = showdown_game("unspeakable_horror")
    g.act("host", type="showdown_start", health=20, fight=2)
    g.act("host", type="villain", wounds=4)
    g.act("host", type="showdown_end")
    assert g.state["heal_due"] and g.state["wounds"] == 4
    g.act("host", rng=Dice(1, 3, places=["Inn"]), type="mystery_start")  # ritual D6 1, heal D3 from 3
    assert g.state["wounds"] == 1 and g.state["plus_wounds"] == 1 and not g.state["heal_due"]


