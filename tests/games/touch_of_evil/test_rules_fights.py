"""A Touch of Evil: fights outside the Showdown (a Villain Attack, a Minion, the Watchman), one test
per rule, through the API's way (tests/rules.py)."""

from ...rules import Dice, Game


def hunt(villain, heroes=("Eliza",), **options):
    g = Game("touch-of-evil", {"villain": villain, "heroes": list(heroes), **options})
    g.join("Ann")
    g.act("Ann", type="claim", name=heroes[0])
    for name in heroes:
        g.act("host", type="hero", name=name, health=6, combat=3, cunning=2, spirit=2, location="Inn")
    return g


def test_a_villain_attack_outside_a_showdown_pays_an_investigation_per_damage_and_wounds_the_hero():
    g = hunt("banshee")
    g.act("Ann", rng=Dice(5, places=["Inn"]), type="minion_table")  # Banshee Attack! on Eliza's space
    offer = g.view("Ann")["fight_start"]["offer"]
    assert (offer["hero"], offer["foe"]) == ("Eliza", "villain")
    g.act("Ann", type="fight_start", foe="villain", foe_dice=3)
    fight = g.view("display")["fight"]
    assert (fight["hero_dice"], fight["foe_dice"], fight["single"]) == (5, 4, True)  # Hunter +2 on a Ghost; +1 Ghost: Spirit 2
    g.act("Ann", rng=Dice(5, 6, 1, 1, 1, 6, 5, 2, 1), type="fight_round")
    eliza = g.state["heroes"][0]
    assert (eliza["investigations"], eliza["wounds"]) == (2, 2) and g.state["wounds"] == 0
    assert g.state["fight"] is None and g.view("display")["last_fight"]["foe"] == "The Banshee"
    assert g.view("Ann")["death_wail"][0]["left"] == 1  # one 6 among the Banshee's dice


def test_a_minion_fight_counts_its_battle_dice_and_hit_numbers_and_pays_its_reward():
    g = hunt("unspeakable_horror")
    g.act("host", type="minion_place", name="Traitor", location="Inn")
    traitor = g.state["minions"][0]["id"]
    g.act("Ann", type="fight_start", foe=f"minion:{traitor}")
    g.act("Ann", rng=Dice(5, 5, 1, 1, 1, 4, 1), type="fight_round")  # 5 dice (Hunter on a Demon): 2 Damage dealt; Jaws hit on 4: 1 taken
    assert g.state["minions"][0]["wounds"] == 2 and g.state["heroes"][0]["wounds"] == 1 and g.state["fight"]
    g.act("Ann", rng=Dice(6, 1, 1, 1, 1, 1, 1), type="fight_round")
    assert g.state["minions"] == [] and g.state["heroes"][0]["investigations"] == 5
    assert g.state["fight"] is None and g.state["last_fight"]["outcome"] == "won"


def test_barrow_shades_are_fought_with_spirit_and_each_1_rolled_costs_a_damage():
    g = hunt("banshee")
    g.act("host", type="minion_place", name="Barrow Shades", location="Inn")
    g.act("Ann", type="fight_start", foe="minion:1")
    assert g.view("Ann")["fight"]["hero_why"] == "Spirit 2"
    g.act("Ann", rng=Dice(1, 1, 2, 2, 2), type="fight_round")
    assert g.state["heroes"][0]["wounds"] == 2


def test_the_mosquito_swarm_costs_an_investigation_per_damage_and_the_hero_rolls_one_die_less_on_a_swamp():
    g = hunt("bog_fiend")
    g.act("host", type="hero", name="Eliza", location="Marsh", investigations=3)
    g.act("host", type="minion_place", name="Mosquito Swarm", location="Marsh")
    g.act("Ann", type="fight_start", foe="minion:1")
    fight = g.view("Ann")["fight"]
    assert (fight["hero_dice"], fight["foe_dice"]) == (1, 4)  # Cunning 2 -1 on a Swamp; 2 +2 on a Swamp
    g.act("Ann", rng=Dice(1, 5, 6, 1, 1), type="fight_round")
    assert (g.state["heroes"][0]["wounds"], g.state["heroes"][0]["investigations"]) == (2, 1)


def test_an_ambushing_minion_doubles_its_dice_in_the_first_round_only():
    g = hunt("unspeakable_horror")
    g.act("host", type="minion_place", name="Fallen", location="Inn")
    g.act("Ann", type="fight_start", foe="minion:1", ambush=True)
    assert g.view("Ann")["fight"]["foe_dice"] == 6
    g.act("Ann", rng=Dice(1, 1, 1, *[1] * 6), type="fight_round")
    assert g.view("Ann")["fight"]["foe_dice"] == 3


def test_the_watchman_fights_one_round_with_cunning_pays_two_per_damage_and_moves_on():
    g = hunt("banshee")
    g.act("host", type="watchman_place", location="Inn")
    g.act("Ann", type="fight_start", foe="watchman")
    assert g.view("Ann")["fight"]["foe_dice"] == 4
    g.act("Ann", rng=Dice(5, 1, 5, 1, 1, 1, 3, places=["Fields"]), type="fight_round")  # after-battle D6: 3
    assert g.state["heroes"][0]["investigations"] == 2 and g.state["heroes"][0]["wounds"] == 1
    assert g.state["fight"] is None and g.state["watchman"] == {"status": "board", "location": "Fields"}
    assert any("The Watchman: Eliza loses 2 Investigations or discards an Ally" in p for p in g.state["prompts"])


def test_a_knock_out_ends_the_fight_and_the_minion_stays():
    g = hunt("unspeakable_horror")
    g.act("host", type="hero", name="Eliza", wounds=5)
    g.act("host", type="minion_place", name="Crimson Hand", location="Inn")
    g.act("Ann", type="fight_start", foe="minion:1")
    g.act("Ann", rng=Dice(1, 1, 1, 6, 1), type="fight_round")
    assert g.state["heroes"][0]["knocked_out"] and g.state["fight"] is None and len(g.state["minions"]) == 1


def test_only_the_heros_phone_or_the_host_fights_for_a_hero():
    g = hunt("unspeakable_horror", heroes=("Eliza", "Valeria"))
    g.act("host", type="minion_place", name="Traitor", location="Inn")
    g.refused("Ann", type="fight_start", hero="Valeria", foe="minion:1")
    g.refused("display", type="fight_start", hero="Eliza", foe="minion:1")
    g.act("host", type="fight_start", hero="Valeria", foe="minion:1")
    g.refused("Ann", type="fight_round")


def test_a_surge_of_evil_attack_falls_on_the_hero_of_highest_honor_there():
    g = hunt("banshee", heroes=("Eliza", "Valeria"), mode="cooperative", rules={"advanced_coop_table": True})
    g.act("host", type="hero", name="Valeria", honor=4)
    g.act("host", type="hero", name="Eliza", honor=2)
    g.act("host", rng=Dice(3, 4, 5, places=["Inn"]), type="coop_table")  # 7: Surge of Evil; the table's 5: Banshee Attack!
    assert g.state["last"]["fight"]["hero"] == "Valeria"


def test_a_villain_attack_asks_for_the_fight_dice_its_sheet_did_not_give():
    g = hunt("banshee")
    g.act("Ann", type="fight_start", foe="villain")
    fight = g.view("Ann")["fight"]
    assert fight["foe_dice"] is None and "sheet" in fight["foe_why"]
    assert "sheet" in g.refused("Ann", type="fight_round")
    g.act("Ann", rng=Dice(1, 1, 1, 1, 1, 1), type="fight_round", foe_dice=2)
    assert g.state["fight"] is None and g.state["log"][-2]["text"].startswith("Battle Round 1")


def test_a_night_ambush_offers_the_ambushed_hero_the_fight_with_doubled_dice():
    g = hunt("unspeakable_horror", heroes=("Eliza", "Valeria"), mode="cooperative", rules={"advanced_coop_table": True})
    g.act("host", type="hero", name="Valeria", cunning=5, location="Fields")
    # 10: Night Ambush; Eliza 1+2, Valeria 1+5: Eliza is ambushed; the table: 1 (an Event) then 5, a Traitor
    g.act("host", rng=Dice(5, 5, 1, 1, 1, 5, places=["Manor", "Windmill"]), type="coop_table")
    g.act("host", type="resolve", effect=0)
    offer = g.view("Ann")["fight_start"]["offer"]
    assert (offer["hero"], offer["foe"], offer["ambush"]) == ("Eliza", "minion:1", True)
    g.act("Ann", type="fight_start", foe=offer["foe"], ambush=True)
    assert g.view("Ann")["fight"]["foe_dice"] == 4  # a Traitor's 2, doubled
