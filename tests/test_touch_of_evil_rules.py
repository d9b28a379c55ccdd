"""A Touch of Evil: Something Wicked: one test per rule, for each villain. Every action goes the
API's way (tests/rules.py), from the host seat unless a test says otherwise; `Dice` scripts chance."""

import pytest

from companion.core.errors import BadInput, Forbidden, RuleError
from companion.games import touch_of_evil as t

from .rules import Dice, Game


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
    labels = [e["label"] for e in g.state["last"]["effects"]]
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
    g.act("host", type="watchman", op="place", location="Manor")
    g.act("host", rng=Dice(3, places=["Windmill"]), type="watchman", op="after_battle")
    assert g.state["watchman"]["location"] == "Windmill"


def test_watchman_removed_for_good_on_a_six_then_fours_bring_barrow_shades():
    g = game("banshee")
    g.act("host", type="watchman", op="place", location="Manor")
    g.act("host", rng=Dice(6), type="watchman", op="after_battle")
    assert g.state["watchman"]["status"] == "gone"
    g.act("host", rng=Dice(4, places=["Inn", "Inn", "Inn"]), type="minion_table")
    assert g.state["last"]["name"].startswith("Barrow Shades")
    g.act("host", type="resolve", effect=0)
    assert g.state["minions"][0]["name"] == "Barrow Shades" and g.state["watchman"]["status"] == "gone"


def test_keepers_watchman_gives_two_wounds_while_it_stands():
    g = game("banshee")
    assert g.view("host")["wound_bonuses"] == []
    g.act("host", type="watchman", op="place", location="Manor")
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
    g.act("host", type="mystery", op="start")
    assert any("Summoning Ritual" in x for step in g.state["mystery"]["steps"] for x in step["extra"])


def test_valeria_gains_an_investigation_per_step_toward_darkness():
    g = game("gargoyle", heroes=["Valeria, the Eternal", "Eliza"])
    g.act("host", type="shadow", steps=2)
    assert "Valeria, the Eternal: gain 2 Investigation(s) (Power of Darkness)." in g.state["prompts"]
    n = len(g.state["prompts"])
    g.act("host", type="shadow", steps=-1)
    assert len(g.state["prompts"]) == n


def test_holding_back_the_darkness_only_cooperatively_in_the_red():
    g = game("gargoyle", mode="cooperative", rules={"holding_back_the_darkness": True})
    g.act("host", type="mystery", op="start")
    assert not any("Holding Back" in x for st in g.state["mystery"]["steps"] for x in st["extra"])
    g = game("gargoyle", mode="cooperative", rules={"holding_back_the_darkness": True})
    g.act("host", type="shadow", steps=g.state["track"]["red_from"])
    g.act("host", type="mystery", op="start")
    assert any("Holding Back" in x for st in g.state["mystery"]["steps"] for x in st["extra"])
    g = game("gargoyle", mode="competitive", rules={"holding_back_the_darkness": True})
    g.act("host", type="shadow", steps=g.state["track"]["red_from"])
    g.act("host", type="mystery", op="start")
    assert not any("Holding Back" in x for st in g.state["mystery"]["steps"] for x in st["extra"])


@pytest.mark.parametrize("mode,dice", [("competitive", "d3"), ("cooperative", "d6")])
def test_bog_fiend_heals_d3_or_d6_cooperatively(mode, dice):
    g = game("bog_fiend", mode=mode)
    g.act("host", type="villain", wounds=8)
    view = g.act("host", rng=Dice(3), type="heal")
    assert view["wounds"] == 5
    assert (view["rolls"][-1]["dice"], view["rolls"][-1]["purpose"]) == (dice, "Villain healing")


def test_unspeakable_horror_heals_d3_and_gains_a_wound_marker_after_an_unfinished_showdown():
    g = game("unspeakable_horror")
    g.act("host", type="villain", wounds=4)
    g.act("host", rng=Dice(2), type="heal")
    assert g.state["wounds"] == 2 and g.state["plus_wounds"] == 1


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
    assert croft["secrets"] == 0 and "Monument of Fear" in g.state["log"][-2]["text"]


def test_a_permission_token_is_spent_instead_of_dying():
    g = game("gargoyle")
    g.act("host", type="elder", name="Judge Croft", permission=1)
    g.act("host", type="elder", name="Judge Croft", status="dead")
    croft = next(e for e in g.state["elders"] if e["name"] == "Judge Croft")
    assert croft["status"] == "alive" and croft["permission"] == 0


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
    g.act("host", type="mystery", op="start")
    keys = [st["key"] for st in g.state["mystery"]["steps"]]
    assert keys == ["minions_move", "start", "recover", "villain_heals", "mystery_card", "first_player"]
    assert "Move each Living Statues 1 space toward the Town Hall." in g.state["mystery"]["steps"][0]["extra"]
    for _ in keys:
        g.act("host", type="mystery", op="next")
    assert g.state["mystery"] is None and g.view("host")["first_player"] == "Bob" and g.state["round"] == 2


def test_cooperative_mystery_phase_has_the_table_roll_step():
    g = game("gargoyle", mode="cooperative", rules={"advanced_coop_table": True})
    g.act("host", type="mystery", op="start")
    step = next(st for st in g.state["mystery"]["steps"] if st["key"] == "coop_table")
    assert step["extra"] == ["Roll 2D6 on the Advanced table."]


def test_growing_darkness_adds_a_roll_at_the_start():
    g = game("gargoyle", rules={"growing_darkness": True})
    g.act("host", type="mystery", op="start")
    assert any("Growing Darkness" in x for x in g.state["mystery"]["steps"][1]["extra"])


@pytest.mark.parametrize("level,coop_track,advanced", [("normal", False, False), ("hunter", True, False),
                                                       ("master", True, True), ("insane", True, True),
                                                       ("apocalyptic", True, True)])
def test_difficulty_levels_switch_on_what_the_rulebook_says(level, coop_track, advanced):
    g = game("gargoyle", mode="lone_hero", difficulty=level)
    assert t.coop_track(g.state) is coop_track
    assert g.state["track"]["length"] == t.DATA["track"]["cooperative" if coop_track else "competitive"]["length"]
    g.act("host", type="mystery", op="start")
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
    g = game("gargoyle", mode="cooperative")
    g.act("host", rng=Dice(a, b), type="coop_table")
    assert g.state["last"]["name"] == name and g.state["last"]["roll"] == a + b


def test_fall_into_darkness_moves_d3():
    g = game("gargoyle", mode="cooperative")
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


def test_evil_endurance_reminds_the_heroes():
    g = game("gargoyle", rules={"evil_endurance": True})
    g.act("host", type="knockout", hero="Ann")
    assert "Evil Endurance" in g.state["prompts"][-1] and "+2 Wounds each" in g.state["prompts"][-1]


def test_new_dangerous_locations_get_two_investigations_at_setup_with_mirror_lake():
    assert any("Swamp, North Pier, South Pier" in p for p in game("gargoyle").view("host")["prompts"])
    without = game("gargoyle", mirror_lake=False)
    assert not any("North Pier" in p for p in without.view("host")["prompts"])
    assert "Inn" in game("gargoyle").view("host")["locations"] and "Inn" not in without.view("host")["locations"]
    with pytest.raises(RuleError, match="not a space"):
        without.act("host", type="terrain", location="Inn", terrain="swamp")


def test_brother_marcus_starts_at_the_crossroads():
    assert "Brother Marcus starts at the Crossroads." in game("gargoyle", heroes=["Brother Marcus"]).view("host")["prompts"]


def test_unknown_villain_is_refused():
    with pytest.raises(BadInput, match="unknown villain"):
        game("dracula")


def test_a_heros_phone_or_the_host_acts_and_the_display_only_shows():
    g = game("gargoyle")
    g.join("Eliza")
    with pytest.raises(Forbidden, match="Only the host"):
        g.act("Eliza", type="configure", options={"villain": "banshee"})
    assert g.act("Eliza", type="shadow", steps=1)["shadow"] == 1
    with pytest.raises(Forbidden):
        g.act("display", type="shadow", steps=1)
    assert g.state["shadow"] == 1


def test_the_hunt_is_configured_only_before_it_begins():
    g = game("gargoyle")
    assert g.act("host", type="configure", options={"villain": "banshee", "mode": "cooperative"})["villain"] == "banshee"
    g.act("host", type="shadow", steps=1)
    with pytest.raises(RuleError, match="begun"):
        g.act("host", type="configure", options={"villain": "gargoyle"})
