"""A Touch of Evil: Something Wicked: one test per rule, for each villain. Every action goes the
API's way (tests/rules.py), from the host seat unless a test says otherwise; `Dice` scripts chance."""

import pytest

from companion.core.errors import Forbidden, RuleError
from companion.games import touch_of_evil as t

from ...rules import Dice, Game


def game(villain="gargoyle", **options):
    return Game("touch-of-evil", {"villain": villain, **options})


EXPECTED = {
    "gargoyle": ["Danger from Above", "Living Statues", "Grotesques", "Grotesques", "Gargoyle Attack!", "Gargoyle Attack!"],
    "bog_fiend": ["Carried Away by Night", "Rural Flooding", "Rural Flooding", "Mosquito Swarm", "Mosquito Swarm", "Bog Fiend Attack!"],
    "banshee": ["Echo of the Moors", "Barrow Shades", "Barrow Shades", "Watchman", "Banshee Attack!", "Banshee Attack!"],
    "unspeakable_horror": ["Corruption and Madness", "Corruption and Madness", "Summoning Ritual", "Crimson Hand", "Traitor", "Fallen"],
}


@pytest.mark.parametrize("villain", list(EXPECTED))
@pytest.mark.parametrize("roll", range(1, 7))
def test_villain_minion_table_six_results(villain, roll):
    g = game(villain)
    g.act("host", rng=Dice(roll), type="minion_table")
    assert g.state["last"]["name"] == EXPECTED[villain][roll - 1] and g.state["last"]["roll"] == roll
    assert g.state["last"]["text"]


def test_minion_table_roll_joins_the_shared_roll_log():
    g = game()
    g.join("Eliza")
    roll = g.act("host", rng=Dice(3), type="minion_table")["rolls"][-1]
    assert (roll["by"], roll["dice"], roll["faces"], roll["total"], roll["purpose"]) == \
        ("Host", "d6", [3], 3, "Villain Minion Table")
    assert g.view("Eliza")["rolls"] == g.view("display")["rolls"] == [roll]


def test_grotesques_bring_a_second_grotesques_in_a_random_location():
    g = game("gargoyle")
    g.act("host", rng=Dice(3, places=["Manor", "Windmill", "Bog"]), type="minion_table")
    g.act("host", type="resolve", effect=0)
    g.act("host", type="resolve", effect=1)
    assert [(m["name"], m["location"]) for m in g.state["minions"]] == [("Grotesques", "Manor"), ("Grotesques", "Windmill")]
    with pytest.raises(RuleError, match="already applied"):
        g.act("host", type="resolve", effect=1)


def test_effects_are_one_tap_each_and_move_the_shadow_track():
    g = game("gargoyle")
    g.act("host", rng=Dice(1), type="minion_table")
    labels = [e["label"] for e in g.view("host")["last"]["effects"]]
    assert labels[-1] == "Move the Shadow Track 1 toward Darkness"
    g.act("host", type="resolve", effect=2)
    assert g.state["shadow"] == 1 and g.state["shadow_log"][-1]["reason"] == "Danger from Above"


def test_second_swamp_floods_and_asks_for_swamps_next_door():
    g = game("bog_fiend")
    g.act("host", type="terrain", location="Windmill", terrain="swamp")
    g.act("host", type="terrain", location="Windmill", terrain="swamp")
    assert g.state["terrain"]["Windmill"] == "flooded"
    assert any("every space next to it" in p for p in g.state["prompts"])


def test_rural_flooding_on_a_flooded_space_moves_the_track_two_steps():
    g = game("bog_fiend")
    for _ in range(2):
        g.act("host", rng=Dice(2, places=["Manor", "Manor", "Manor"]), type="minion_table")
        g.act("host", type="resolve", effect=1)
    assert g.state["terrain"]["Manor"] == "flooded" and g.state["shadow"] == 0
    g.act("host", rng=Dice(3, places=["Manor", "Manor", "Manor"]), type="minion_table")
    g.act("host", type="resolve", effect=1)
    assert g.state["shadow"] == 2


def test_swamp_lair_starts_swamps_on_marsh_and_bog():
    g = game("bog_fiend")
    assert g.state["terrain"] == {"Marsh": "swamp", "Bog": "swamp"}
    assert any("Marsh and Bog" in p for p in g.state["prompts"])
    assert "+1 Wound when fighting on a Swamp (Swamp Lair)" in g.view("host")["wound_bonuses"]


def test_second_circle_opens_a_void_and_a_void_moves_the_track_by_the_minion_table_default():
    g = game("unspeakable_horror")
    for _ in range(2):
        g.act("host", type="terrain", location="Fields", terrain="circle")
    assert g.state["terrain"]["Fields"] == "void"
    g.act("host", type="terrain", location="Fields", terrain="circle")
    assert g.state["shadow"] == 2


def test_void_overflow_may_follow_the_terrain_rules_instead():
    g = game("unspeakable_horror", void_overflow_steps=1)
    for _ in range(3):
        g.act("host", type="terrain", location="Fields", terrain="circle")
    assert g.state["shadow"] == 1


@pytest.mark.parametrize("roll,minion", [(1, None), (3, None), (4, "Crimson Hand"), (5, "Traitor"), (6, "Fallen")])
def test_summoning_ritual_roll_places_a_minion_on_a_new_circle(roll, minion):
    g = game("unspeakable_horror")
    g.act("host", rng=Dice(3, places=["Inn", "Inn", "Inn"]), type="minion_table")
    g.act("host", rng=Dice(roll), type="resolve", effect=0)
    assert g.state["terrain"]["Inn"] == "circle"
    assert [m["name"] for m in g.state["minions"]] == ([minion] if minion else [])


def test_a_villain_places_only_its_own_terrain():
    with pytest.raises(RuleError, match="Swamps"):
        game("bog_fiend").act("host", type="terrain", location="Inn", terrain="circle")


def test_watchman_is_unique_and_moves_when_rolled_again():
    g = game("banshee")
    g.act("host", rng=Dice(4, places=["Inn", "Inn", "Inn"]), type="minion_table")
    g.act("host", type="resolve", effect=0)
    g.act("host", rng=Dice(4, places=["Manor", "Manor", "Manor"]), type="minion_table")
    g.act("host", type="resolve", effect=0)
    assert g.state["watchman"] == {"status": "board", "location": "Manor"}
    assert not g.state["minions"]


def test_watchman_after_battle_moves_to_a_new_random_location():
    g = game("banshee")
    g.act("host", type="watchman_place", location="Manor")
    g.act("host", rng=Dice(3, places=["Windmill"]), type="watchman_after_battle")
    assert g.state["watchman"]["location"] == "Windmill"


def test_watchman_removed_for_good_on_a_six_then_fours_bring_barrow_shades():
    g = game("banshee")
    g.act("host", type="watchman_place", location="Manor")
    g.act("host", rng=Dice(6), type="watchman_after_battle")
    assert g.state["watchman"]["status"] == "gone"
    g.act("host", rng=Dice(4, places=["Inn", "Inn", "Inn"]), type="minion_table")
    assert g.state["last"]["name"].startswith("Barrow Shades")
    g.act("host", type="resolve", effect=0)
    assert g.state["minions"][0]["name"] == "Barrow Shades" and g.state["watchman"]["status"] == "gone"


def test_keepers_watchman_gives_two_wounds_while_it_stands():
    g = game("banshee")
    assert g.view("host")["wound_bonuses"] == []
    g.act("host", type="watchman_place", location="Manor")
    assert "+2 Wounds while the Watchman stands (Keeper's Watchman)" in g.view("host")["wound_bonuses"]


def test_devils_stench_fires_when_the_track_enters_a_new_stage_either_way():
    g = game("bog_fiend")
    g.act("host", rng=Dice(places=["Inn"]), type="shadow", steps=3)
    assert not any("Devil's Stench" in p for p in g.state["prompts"])
    g.act("host", rng=Dice(places=["Inn"]), type="shadow", steps=1)  # 3 -> 4: a new stage
    assert any("Devil's Stench" in p for p in g.state["prompts"]) and g.state["terrain"]["Inn"] == "swamp"
    g.act("host", rng=Dice(places=["Inn"]), type="shadow", steps=-1)  # back across: fires again
    assert sum("Devil's Stench" in p for p in g.state["prompts"]) == 2 and g.state["terrain"]["Inn"] == "flooded"
    assert any(m["name"] == "Mosquito Swarm" and m["location"] == "Inn" for m in g.state["minions"])


def test_end_of_time_moves_the_lair_deck_on_a_new_stage_and_opens_each_mystery_phase():
    g = game("unspeakable_horror")
    g.act("host", type="shadow", steps=4)
    assert any("End of Time" in p for p in g.state["prompts"])
    g.act("host", rng=Dice(places=["Inn"]), type="mystery_start")
    assert g.state["terrain"] == {"Inn": "circle"}


def test_valeria_gains_an_investigation_per_step_toward_darkness():
    g = game("gargoyle", heroes=["Valeria, the Eternal", "Eliza"])
    g.act("host", type="shadow", steps=2)
    assert [h["investigations"] for h in g.state["heroes"]] == [2, 0]
    g.act("host", type="shadow", steps=-1)
    assert [h["investigations"] for h in g.state["heroes"]] == [2, 0]


def test_holding_back_the_darkness_only_cooperatively_in_the_red():
    g = game("gargoyle", mode="cooperative", rules={"holding_back_the_darkness": True})
    g.act("host", type="mystery_start")
    assert not any("Holding Back" in x for st in g.state["mystery"]["steps"] for x in st["extra"])
    g = game("gargoyle", mode="cooperative", rules={"holding_back_the_darkness": True})
    g.act("host", type="shadow", steps=g.state["track"]["red_from"])
    g.act("host", type="mystery_start")
    assert any("Holding Back" in x for st in g.state["mystery"]["steps"] for x in st["extra"])
    g = game("gargoyle", mode="competitive", rules={"holding_back_the_darkness": True})
    g.act("host", type="shadow", steps=g.state["track"]["red_from"])
    g.act("host", type="mystery_start")
    assert not any("Holding Back" in x for st in g.state["mystery"]["steps"] for x in st["extra"])


@pytest.mark.parametrize("mode,dice", [("competitive", "d3"), ("cooperative", "d6")])
def test_bog_fiend_heals_d3_or_d6_cooperatively(mode, dice):
    g = game("bog_fiend", mode=mode)
    g.act("host", type="villain", wounds=8)
    view = g.act("host", rng=Dice(3), type="heal")
    assert view["wounds"] == 5
    assert (view["rolls"][-1]["dice"], view["rolls"][-1]["purpose"]) == (dice, "Villain healing")


def test_the_horror_is_not_healed_by_hand_it_heals_by_itself_after_a_showdown():
    g = game("unspeakable_horror")
    g.act("host", type="villain", wounds=4)
    assert "end of each Showdown" in g.refused("host", type="heal")
    assert g.state["wounds"] == 4 and g.state["plus_wounds"] == 0


@pytest.mark.parametrize("villain", ["gargoyle", "banshee"])
def test_villains_without_healing_do_not_heal(villain):
    with pytest.raises(RuleError, match="does not heal"):
        game(villain).act("host", type="heal")


def test_willow_vine_adds_a_wound_marker_on_a_knockout_or_an_elders_death():
    g = game("banshee")
    g.act("host", type="knockout", hero="Eliza")
    g.act("host", type="elder", name="Judge Croft", status="dead")
    assert g.state["plus_wounds"] == 2


def test_monument_of_fear_turns_a_dying_elder_to_stone():
    g = game("gargoyle")
    g.act("host", type="elder", name="Judge Croft", secrets=2)
    g.act("host", type="elder", name="Judge Croft", status="dead")
    croft = next(e for e in g.state["elders"] if e["name"] == "Judge Croft")
    assert croft["secrets"] == 0 and croft["status"] == "stone"
    assert any("Monument of Fear" in e["text"] for e in g.state["log"])


def test_more_secrets_reveals_at_three():
    g = game("gargoyle")
    g.act("host", type="elder", name="Judge Croft", secrets=3)
    assert any("More Secrets" in p for p in g.state["prompts"])
    g = game("gargoyle", rules={"more_secrets": False})
    g.act("host", type="elder", name="Judge Croft", secrets=3)
    assert not any("More Secrets" in p for p in g.state["prompts"])


def test_an_evil_elder_cannot_return():
    g = game()
    g.act("host", type="elder", name="Judge Croft", status="evil")
    with pytest.raises(RuleError, match="Evil Elder"):
        g.act("host", type="elder", name="Judge Croft", status="alive")


def test_mystery_phase_runs_in_the_revised_order_and_passes_the_first_player():
    g = game("gargoyle", heroes=["Ann", "Bob"])
    g.act("host", type="mystery_start")
    keys = [st["key"] for st in g.state["mystery"]["steps"]]
    assert keys == ["minions_move", "start", "recover", "villain_heals", "mystery_card", "first_player"]
    assert "Move each Living Statues 1 space toward the Town Hall." in g.state["mystery"]["steps"][0]["extra"]
    assert g.state["mystery"]["index"] == keys.index("mystery_card")  # the app ran every step before the card
    g.act("host", type="mystery_card", name="Fog")
    assert g.state["mystery"] is None and g.view("host")["first_player"] == "Bob" and g.state["round"] == 2


def test_cooperative_mystery_phase_has_the_table_roll_step():
    g = game("gargoyle", mode="cooperative", rules={"advanced_coop_table": True})
    g.act("host", type="mystery_start")
    step = next(st for st in g.state["mystery"]["steps"] if st["key"] == "coop_table")
    assert step["extra"] == ["Roll 2D6 on the Advanced table."]


def test_growing_darkness_adds_a_roll_at_the_start():
    g = game("gargoyle", rules={"growing_darkness": True})
    g.act("host", rng=Dice(3, places=["Inn", "Fields"]), type="mystery_start")
    assert any("Growing Darkness" in x for x in g.state["mystery"]["steps"][1]["extra"])
    assert g.state["last"]["name"] == "Growing Darkness → Grotesques" and g.state["last"]["where"] == "Inn"


@pytest.mark.parametrize("level,coop_track,advanced", [("normal", False, False), ("hunter", True, False),
                                                       ("master", True, True), ("insane", True, True),
                                                       ("apocalyptic", True, True)])
def test_difficulty_levels_switch_on_what_the_rulebook_says(level, coop_track, advanced):
    g = game("gargoyle", mode="lone_hero", difficulty=level)
    assert t.coop_track(g.state) is coop_track
    assert g.state["track"]["length"] == t.DATA["track"]["cooperative" if coop_track else "competitive"]["length"]
    g.act("host", type="mystery_start")
    coop_step = [st for st in g.state["mystery"]["steps"] if st["key"] == "coop_table"]
    assert (coop_step[0]["extra"] == ["Roll 2D6 on the Advanced table."]) if advanced else not coop_step
    assert g.view("host")["showdown_table"] is (level in ("insane", "apocalyptic"))


def test_apocalyptic_third_knockout_loses():
    g = game("gargoyle", mode="lone_hero", difficulty="apocalyptic")
    for _ in range(3):
        g.act("host", type="knockout", hero="Eliza")
    assert "Third Knock Out" in g.state["lost"]
    g = game("gargoyle", mode="lone_hero", difficulty="insane")
    for _ in range(3):
        g.act("host", type="knockout", hero="Eliza")
    assert g.state["lost"] is None


@pytest.mark.parametrize("a,b,name", [(1, 1, "Surprise: Showdown!"), (2, 3, "Fall into Darkness"),
                                      (4, 4, "Murder... Murder!"), (6, 6, "Sign of Dark Omen")])
def test_advanced_cooperative_table_results(a, b, name):
    g = game("gargoyle", mode="cooperative", rules={"advanced_coop_table": True})
    g.act("host", rng=Dice(a, b), type="coop_table")
    assert g.state["last"]["name"] == name and g.state["last"]["roll"] == a + b


def test_fall_into_darkness_moves_d3():
    g = game("gargoyle", mode="cooperative", rules={"advanced_coop_table": True})
    g.act("host", rng=Dice(2, 3), type="coop_table")
    g.act("host", rng=Dice(5), type="resolve", effect=0)  # d3 from a d6: 5 -> 2
    assert g.state["shadow"] == 2


def test_advanced_table_is_for_cooperative_games():
    with pytest.raises(RuleError, match="co-operative"):
        game("gargoyle").act("host", type="coop_table")


def test_the_shadow_track_reaching_darkness_ends_the_hunt():
    g = game("gargoyle")
    g.act("host", type="shadow", steps=20)
    assert g.state["shadow"] == g.state["track"]["length"] and "Darkness" in g.state["lost"]
    with pytest.raises(RuleError):
        g.act("host", type="minion_table")


def test_battle_dice_count_hits_against_the_hit_number():
    g = game("gargoyle")
    g.act("host", rng=Dice(6, 5, 4, 1), type="battle", dice=4, hit=5)
    assert g.state["last_battle"]["hits"] == 2
    g.act("host", rng=Dice(6, 5, 4, 1), type="battle", dice=4, hit=6)
    assert g.state["last_battle"]["hits"] == 1


def test_evil_endurance_reminds_a_table_whose_heroes_the_app_does_not_track():
    g = game("gargoyle", rules={"evil_endurance": True})
    g.act("host", type="knockout", hero="Ann")
    assert "Evil Endurance" in g.state["prompts"][-1] and "+2 Wounds each" in g.state["prompts"][-1]


def effects(g):
    return g.view("host")["last"]["effects"]


def test_one_random_location_per_result_shared_by_its_effects():
    g = game("gargoyle")
    g.act("host", rng=Dice(1, places=["Olde Woods", "Manor"]), type="minion_table")  # Danger from Above
    assert [e["where"] for e in effects(g)] == ["Olde Woods"] * 3
    g.act("host", type="resolve", effect=-1)
    assert any("2 Investigations at Olde Woods" in e["text"] for e in g.state["log"])
    b = game("bog_fiend")
    b.act("host", rng=Dice(2, places=["Windmill", "Manor"]), type="minion_table")  # Rural Flooding
    b.act("host", type="resolve", effect=-1)
    assert b.state["terrain"]["Windmill"] == "swamp"
    assert any("2 Investigations at Windmill" in e["text"] for e in b.state["log"])


def test_a_place_chosen_for_one_effect_is_the_place_of_the_others_and_their_labels():
    g = game("bog_fiend")
    g.act("host", rng=Dice(2, places=["Windmill"]), type="minion_table")
    g.act("host", type="resolve", effect=0, location="Fields")
    assert effects(g)[1]["label"] == "Place a Swamp at Fields"
    g.act("host", type="resolve", effect=1)
    assert g.state["terrain"].get("Fields") == "swamp" and "Windmill" not in g.state["terrain"]


@pytest.mark.parametrize("roll,minion", [(2, None), (4, "Crimson Hand"), (5, "Traitor"), (6, "Fallen")])
def test_end_of_time_places_the_circle_and_rolls_the_rituals_d6(roll, minion):
    g = game("unspeakable_horror")
    g.act("host", rng=Dice(roll, places=["Manor"]), type="mystery_start")
    assert g.state["terrain"] == {"Manor": "circle"}
    assert [(m["name"], m["location"]) for m in g.state["minions"]] == ([(minion, "Manor")] if minion else [])
    g.act("host", type="mystery_card", name="Fog")
    g.act("host", rng=Dice(6, places=["Manor"]), type="mystery_start")  # a Circle there: a Void, no roll
    assert g.state["terrain"] == {"Manor": "void"} and len(g.state["minions"]) == (1 if minion else 0)


MURDER = {  # villain: (the D6 after the 8's faces, what must follow at the Random Location)
    "gargoyle": (5, lambda s: [(m["name"], m["location"]) for m in s["minions"]] == [("Living Statues", "Inn")]),
    "bog_fiend": (1, lambda s: s["terrain"].get("Inn") == "swamp"),
    "banshee": (1, lambda s: s["shadow"] == 2 and any("Night Wail" in p and "Inn" in p for p in s["prompts"])),
    "unspeakable_horror": (4, lambda s: [(m["name"], m["location"]) for m in s["minions"]] == [("Crimson Hand", "Inn")]),
}


@pytest.mark.parametrize("villain", list(MURDER))
def test_murder_from_the_advanced_tables_eight_fires_the_villains_murder_ability(villain):
    d6, check = MURDER[villain]
    g = game(villain, mode="cooperative", rules={"advanced_coop_table": True})
    g.act("host", rng=Dice(4, 4, d6, places=["Inn", "Manor"]), type="coop_table")
    assert g.state["last"]["name"] == "Murder... Murder!"
    assert [e["where"] for e in effects(g)] == ["Inn", "Inn", "Inn"]
    g.act("host", type="resolve", effect=-1)
    assert check(g.state)


@pytest.mark.parametrize("villain", list(MURDER))
def test_a_murder_mystery_card_fires_the_villains_murder_ability(villain):
    d6, check = MURDER[villain]
    g = game(villain)
    g.act("host", rng=Dice(1, places=["Manor"]), type="mystery_start")  # End of Time's ritual D6: 1, nothing more
    g.act("host", rng=Dice(d6, places=["Inn"]), type="mystery_card", murder=True)
    assert check(g.state)  # the card's own step and, for the Banshee, Night Wail's
    assert g.state["mystery"] is None  # the card ends the phase


def test_night_wail_adds_a_step_and_investigations_on_the_murder_card():
    g = game("banshee")
    g.act("host", rng=Dice(places=["Fields"]), type="mystery_card", name="Murder!")
    assert g.state["shadow"] == 2 and any("Night Wail" in p and "Fields" in p for p in g.state["prompts"])


def test_devils_stench_fires_once_per_stage_crossed_whatever_moves_the_track():
    g = game("bog_fiend")
    g.act("host", rng=Dice(places=["Inn", "Fields"]), type="shadow", steps=8)  # 0 -> 8: steps 4 and 8 crossed
    assert sum("Devil's Stench" in p for p in g.state["prompts"]) == 2
    assert g.state["terrain"]["Inn"] == "swamp" and g.state["terrain"]["Fields"] == "swamp"
    g = game("bog_fiend")
    g.act("host", type="shadow", steps=3)
    g.act("host", rng=Dice(1, places=["Manor", "Manor", "Windmill"]), type="minion_table")  # Carried Away by Night
    g.act("host", rng=Dice(places=["Windmill"]), type="resolve", effect=0)
    assert g.state["shadow"] == 4 and g.state["terrain"]["Windmill"] == "swamp"
    assert sum("Devil's Stench" in p for p in g.state["prompts"]) == 1


def test_the_fallens_wings_ignore_each_damage_on_four_five_or_six():
    g = game("unspeakable_horror")
    g.act("host", type="minion_place", name="Fallen", location="Inn")
    fallen = g.state["minions"][0]["id"]
    g.act("host", rng=Dice(4, 6, 3), type="minion_wound", id=fallen, wounds=3)
    assert g.state["minions"][0]["wounds"] == 1
    g.act("host", rng=Dice(1), type="minion_wound", id=fallen, wounds=1)
    assert g.state["minions"] == [] and any("5 Investigations" in e["text"] for e in g.state["log"])


def test_living_statues_shrug_off_a_blow_on_four_or_more():
    g = game("gargoyle")
    g.act("host", type="minion_place", name="Living Statues", location="Inn")
    sid = g.state["minions"][0]["id"]
    g.act("host", rng=Dice(5), type="minion_wound", id=sid, wounds=2)
    assert g.state["minions"][0]["wounds"] == 0
    g.act("host", rng=Dice(2), type="minion_wound", id=sid, wounds=2)
    assert g.state["minions"][0]["wounds"] == 2


def test_a_death_nothing_prevents_takes_every_token_without_asking():
    g = game("unspeakable_horror")
    g.act("host", type="elder", name="Judge Croft", permission=2)
    g.act("host", type="elder", name="Judge Croft", status="dead", unpreventable=True)
    croft = next(e for e in g.state["elders"] if e["name"] == "Judge Croft")
    assert croft["status"] == "dead" and croft["permission"] == 0


def test_permission_tokens_can_be_taken_off():
    g = game()
    g.act("host", type="elder", name="Judge Croft", permission=2)
    g.act("host", type="elder", name="Judge Croft", permission=-1)
    assert next(e for e in g.state["elders"] if e["name"] == "Judge Croft")["permission"] == 1
    g.act("host", type="elder", name="Judge Croft", permission=-1)
    assert "no Permission Token" in g.refused("host", type="elder", name="Judge Croft", permission=-1)


def test_an_elder_turned_to_stone_stays_out_of_the_game():
    g = game("gargoyle")
    g.act("host", rng=Dice(places=["Fields"]), type="elder", name="Judge Croft", status="dead")
    assert g.state["statues"] == ["Fields"]
    view = g.view("host")
    croft = next(e for e in view["elders"] if e["name"] == "Judge Croft")
    assert croft["status"] == "stone" and croft["may_become"] == []
    assert "stone" in g.refused("host", type="elder", name="Judge Croft", status="alive")


def test_a_dead_evil_elder_cannot_be_revived():
    g = game()
    g.act("host", type="elder", name="Judge Croft", status="evil")
    g.act("host", type="elder", name="Judge Croft", status="dead")
    assert "Evil Elder" in g.refused("host", type="elder", name="Judge Croft", status="alive")


def test_barrow_shades_are_placed_and_fought_as_a_minion():
    g = game("banshee")
    g.act("host", rng=Dice(2), type="minion_table")
    assert g.state["last"]["kind"] == "minion" and g.state["last"]["name"] == "Barrow Shades"
    assert "counts it as a Minion" in g.state["last"]["text"]


def test_road_spaces_are_never_a_random_location():
    pool = t.random_pool(game().state["options"])
    assert "Crossroads" not in pool and "To Crossroads" not in pool
    assert "Crossroads" in game().view("host")["locations"]  # still a space things can stand on


def test_a_plain_cooperative_game_rolls_the_base_table_whose_entries_the_host_sets():
    g = game("gargoyle", mode="cooperative")
    g.act("host", type="mystery_start")
    assert "Advanced" in g.refused("host", type="coop_table")
    view = g.act("host", rng=Dice(2), type="base_coop_table")
    assert "rulebook does not have the base game" in view["last"]["text"] and view["guesses"]["base_table"]
    assert g.state["mystery"]["steps"][g.state["mystery"]["index"]]["key"] == "mystery_card"
    entries = [f"Entry {i}" for i in range(1, 7)]
    g.act("host", type="facts", base_coop_table=entries)
    assert g.act("host", rng=Dice(3), type="base_coop_table")["last"]["text"] == "Entry 3"
    assert "6 entries" in g.refused("host", type="facts", base_coop_table=["one"])


def test_march_of_darkness_moves_every_minion_on_the_board():
    g = game("gargoyle", mode="cooperative", rules={"advanced_coop_table": True})
    g.act("host", type="minion_place", name="Grotesques", location="Inn")
    g.act("host", rng=Dice(3, 3), type="coop_table")
    assert effects(g)[0]["label"] == "Move Grotesques (at Inn)"
    assert "a place" in g.refused("host", type="resolve", effect=-1)
    g.act("host", type="resolve", effect=0, location="Monastery")
    assert g.state["minions"][0]["location"] == "Monastery"


def test_march_of_darkness_with_no_minion_rolls_one_rerolling_events_into_two_random_locations():
    g = game("gargoyle", mode="cooperative", rules={"advanced_coop_table": True})
    g.act("host", rng=Dice(3, 3, 1, 5, 2, places=["Inn", "Fields"]), type="coop_table")  # events 1 and 5 re-rolled
    assert g.state["last"]["sub_rolls"] == [1, 5, 2] and g.state["last"]["name"] == "March of Darkness → Living Statues"
    g.act("host", type="resolve", effect=-1)
    assert [(m["name"], m["location"]) for m in g.state["minions"]] == [("Living Statues", "Inn"), ("Living Statues", "Fields")]


def test_perfect_storm_rerolls_anything_but_an_event_and_a_villain_attack_gets_three_combat():
    g = game("gargoyle", mode="cooperative", rules={"advanced_coop_table": True}, heroes=["Eliza"])
    g.act("host", type="hero", name="Eliza", location="Inn")
    g.act("host", rng=Dice(4, 5, 2, 3, 6, places=["Inn", "Fields"]), type="coop_table")
    last = g.state["last"]
    assert last["sub_rolls"] == [2, 3, 6] and last["name"] == "Perfect Storm → Gargoyle Attack!"
    assert any("Eliza" in x and "+3 Combat" in x for x in last["lines"]) and last["effects"] == []
    g = game("gargoyle", mode="cooperative", rules={"advanced_coop_table": True}, heroes=["Eliza"])
    g.act("host", rng=Dice(4, 5, 5, places=["Fields"]), type="coop_table")
    assert any("passes" in x for x in g.state["last"]["lines"]) and g.state["last"]["effects"] == []


def test_night_ambush_places_a_minion_on_the_lowest_cunning_roll():
    g = game("banshee", mode="cooperative", rules={"advanced_coop_table": True}, heroes=["Eliza", "Brother Marcus"])
    g.act("host", type="hero", name="Eliza", location="Inn", cunning=3)
    g.act("host", type="hero", name="Brother Marcus", cunning=2)  # starts at the Crossroads
    # D6s: Eliza 2+3=5, Marcus 3+2=5 (a tie: roll again) then Eliza 4+3=7, Marcus 1+2=3; table: 1 (an Event) then 4
    g.act("host", rng=Dice(5, 5, 2, 3, 4, 1, 1, 4, places=["Fields", "Manor"]), type="coop_table")
    last = g.state["last"]
    assert last["hero"] == "Brother Marcus" and last["sub_rolls"] == [1, 4]
    g.act("host", type="resolve", effect=0)
    assert g.state["watchman"] == {"status": "board", "location": "Crossroads"}


def test_surge_of_evil_attack_with_no_hero_there_passes():
    g = game("banshee", mode="cooperative", rules={"advanced_coop_table": True})
    g.act("host", rng=Dice(3, 4, 6, places=["Fields"]), type="coop_table")
    assert g.state["last"]["name"] == "Surge of Evil → Banshee Attack!" and g.state["last"]["effects"] == []


def test_villains_curse_takes_one_mystery_card_per_hero():
    g = game("gargoyle", mode="cooperative", rules={"advanced_coop_table": True}, heroes=["Eliza", "Brother Marcus"])
    g.act("host", type="mystery_start")
    g.act("host", rng=Dice(1, 2), type="coop_table")
    g.act("host", type="mystery_card", name="Fog")
    assert g.state["mystery"] is not None
    g.act("host", type="mystery_card", name="Storm")
    assert g.state["mystery"] is None


def test_mystery_phase_in_three_taps_when_nothing_special_happens():
    g = game("gargoyle", mode="cooperative", rules={"advanced_coop_table": True}, heroes=["Eliza", "Valeria"])
    g.act("host", type="mystery_start")
    g.act("host", rng=Dice(2, 3), type="coop_table")  # Fall into Darkness: applied from the Tables card later
    g.act("host", type="mystery_card")
    assert g.state["mystery"] is None and g.state["round"] == 2 and g.view("host")["first_player"] == "Valeria"


def test_grotesques_jump_to_a_random_location_at_the_start_of_the_mystery_phase():
    g = game("gargoyle")
    g.act("host", type="minion_place", name="Grotesques", location="Inn")
    g.act("host", rng=Dice(places=["Inn", "Fields"]), type="mystery_start")
    assert g.state["minions"][0]["location"] == "Fields"


def test_minions_are_picked_from_the_villains_list_and_movable():
    g = game("bog_fiend")
    assert g.view("host")["minion_choices"] == ["Mosquito Swarm", "Crimson Hand"]
    assert "Minions are" in g.refused("host", type="minion_place", name="Fallen", location="Inn")
    g.act("host", type="minion_place", name="mosquito swarm", location="Inn")
    g.act("host", type="minion_move", id=g.state["minions"][0]["id"], location="Fields")
    assert g.state["minions"][0] == {"id": 1, "name": "Mosquito Swarm", "location": "Fields", "wounds": 0}


def test_a_roll_from_a_heros_phone_lands_on_that_heros_space():
    g = game("bog_fiend", heroes=["Eliza"])
    ann = g.join("Ann")
    g.act(ann, type="claim", name="Eliza")
    g.act(ann, type="hero", name="Eliza", location="Windmill")
    g.act(ann, rng=Dice(4, places=["Inn", "Fields"]), type="minion_table")  # Mosquito Swarm
    assert [e["where"] for e in effects(g)] == ["Windmill", "Inn"]


def test_the_host_rolls_for_a_hero_and_the_result_lands_on_that_heros_space():
    g = game("unspeakable_horror", heroes=["Eliza"])
    g.act("host", type="hero", name="Eliza", location="Fields")
    g.act("host", rng=Dice(3, 4, places=["Inn"]), type="minion_table", hero="Eliza")  # Summoning Ritual
    g.act("host", rng=Dice(4), type="resolve", effect=0)
    assert g.state["terrain"] == {"Fields": "circle"} and g.state["minions"][0]["location"] == "Fields"
    assert "No Hero" in g.refused("host", type="minion_table", hero="Nobody")


def test_an_effect_button_beside_a_place_picker_names_no_place_that_could_go_stale():
    g = game("gargoyle")
    g.act("host", rng=Dice(3, places=["Inn", "Fields"]), type="minion_table")
    shown = effects(g)
    assert [e["short"] for e in shown] == ["Place Grotesques here", "Place Grotesques here"]
    assert [e["where"] for e in shown] == ["Inn", "Fields"]
    g.act("host", type="resolve", effect=0, location="Manor")
    assert effects(g)[0]["label"] == "Place Grotesques at Manor" and effects(g)[0]["done"]


def test_a_result_that_pays_every_hero_adds_to_each_heros_investigations():
    g = game("bog_fiend", heroes=["Eliza", "Valeria"])
    g.act("host", rng=Dice(1), type="minion_table")  # Carried Away by Night
    assert effects(g)[1]["label"] == "Every Hero gains 2 Investigations"
    g.act("host", type="resolve", effect=1)
    assert [h["investigations"] for h in g.state["heroes"]] == [2, 2]


def test_surprise_showdown_gathers_every_hero_at_the_lair():
    g = game("gargoyle", mode="cooperative", rules={"advanced_coop_table": True}, heroes=["Eliza", "Valeria"])
    g.act("host", rng=Dice(1, 1, places=["Manor"]), type="coop_table")
    assert effects(g)[0]["short"] == "Every Hero moves to the Lair here (then begin the Showdown, free)"
    g.act("host", type="resolve", effect=0)
    assert [h["location"] for h in g.state["heroes"]] == ["Manor", "Manor"]


def test_a_player_cannot_take_back_a_draw_the_table_has_seen_to_draw_again():
    g = game("unspeakable_horror", heroes=["Eliza"])
    ann = g.join("Ann")
    g.act(ann, type="mystery_start")  # End of Time: a Random Location and the ritual's D6
    with pytest.raises(Forbidden, match="only the host"):
        g.undo(ann)
    g.undo("host")
    assert g.state["mystery"] is None and g.state["terrain"] == {}


def test_holding_back_the_darkness_costs_every_hero_two_and_moves_the_track_back_once_a_turn():
    g = game("gargoyle", mode="cooperative", heroes=["Eliza", "Brother Marcus"], rules={"holding_back_the_darkness": True})
    g.act("host", type="shadow", steps=g.state["track"]["red_from"])
    g.act("host", type="mystery_start")
    assert "cannot" in g.refused("host", type="hold_back")
    g.act("host", type="hero", name="Eliza", investigations=4)
    assert not g.view("host")["may_hold_back"]
    g.act("host", type="hero", name="Brother Marcus", investigations=2)
    assert g.view("host")["may_hold_back"]
    shadow = g.state["shadow"]
    g.act("host", type="hold_back")
    assert g.state["shadow"] == shadow - 1 and [h["investigations"] for h in g.state["heroes"]] == [2, 0]
    assert "already" in g.refused("host", type="hold_back")


def test_echo_of_the_moors_rolls_each_heros_honor_and_pays_or_costs():
    g = game("banshee", heroes=["Eliza", "Valeria"])
    g.act("host", type="hero", name="Eliza", honor=3)
    g.act("host", type="hero", name="Valeria", honor=2)
    g.act("host", rng=Dice(1), type="minion_table")
    g.act("host", rng=Dice(1, 5, 6, 2, 1, 1), type="resolve", effect=0)  # the resolve's own roll; Eliza 5 6 2; Valeria 1 1
    assert [h["investigations"] for h in g.state["heroes"]] == [4, 0]
    assert any("Valeria failed the Honor check" in p for p in g.state["prompts"])


def test_madness_obsession_pits_the_lowest_honor_roll_against_the_highest():
    g = game("gargoyle", mode="cooperative", rules={"advanced_coop_table": True}, heroes=["Eliza", "Valeria", "Brother Marcus"])
    g.act("host", type="hero", name="Eliza", honor=2)
    g.act("host", type="hero", name="Valeria", honor=1)
    g.act("host", type="hero", name="Brother Marcus", honor=4)
    # lowest: Eliza 1+2=3, Valeria 2+1=3, Marcus 1+4=5 (tie: again) Eliza 6+2=8, Valeria 1+1=2; highest of the rest: Eliza 3+2, Marcus 2+4
    g.act("host", rng=Dice(5, 6, 1, 2, 1, 6, 1, 3, 2), type="coop_table")
    assert g.state["last"]["name"] == "Madness Obsession"
    assert "Valeria fights one Battle Round against Brother Marcus" in g.state["last"]["lines"][-1]


def test_a_villain_attack_rolled_by_a_hero_falls_on_that_hero():
    g = game("banshee", heroes=["Eliza"])
    ann = g.join("Ann")
    g.act(ann, type="claim", name="Eliza")
    g.act(ann, rng=Dice(5, places=["Fields"]), type="minion_table")  # Banshee Attack!, Eliza's space unknown
    last = g.state["last"]
    assert last["effects"] == [] and any("Eliza" in x and "Battle Round" in x for x in last["lines"])
    g.act("host", rng=Dice(5, places=["Fields"]), type="minion_table")  # the host's roll, nobody there
    assert [e["do"] for e in g.state["last"]["effects"]] == ["investigations", "shadow"]
