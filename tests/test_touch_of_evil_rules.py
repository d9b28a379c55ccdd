"""A Touch of Evil: Something Wicked: one test per rule, for each villain."""

import pytest

from companion import games
from companion.core.actions import parse
from companion.core.errors import RuleError
from companion.core.table import Seat
from companion.games import touch_of_evil as t

HOST = Seat(0, "Host", "host")


class Dice:
    """A scripted source of chance: randint pops the next value; choice takes the first
    location unless a name is queued."""

    def __init__(self, *values, places=()):
        self.values, self.places = list(values), list(places)

    def randint(self, a, b):
        v = self.values.pop(0) if self.values else a
        assert a <= v <= b
        return v

    def choice(self, seq):
        if self.places:
            want = self.places.pop(0)
            assert want in seq
            return want
        return seq[0]


def game(villain="gargoyle", **options):
    opts = t.TouchOfEvilOptions.model_validate({"villain": villain, **options}).model_dump(mode="json")
    return t.setup(opts)


def act(s, rng=None, **action):
    action = parse(games.actions("touch-of-evil"), action)
    return t.apply(s, t.prepare(s, action, HOST, rng or Dice()), HOST)


EXPECTED = {
    "gargoyle": ["Danger from Above", "Living Statues", "Grotesques", "Grotesques", "Gargoyle Attack!", "Gargoyle Attack!"],
    "bog_fiend": ["Carried Away by Night", "Rural Flooding", "Rural Flooding", "Mosquito Swarm", "Mosquito Swarm", "Bog Fiend Attack!"],
    "banshee": ["Echo of the Moors", "Barrow Shades", "Barrow Shades", "Watchman", "Banshee Attack!", "Banshee Attack!"],
    "unspeakable_horror": ["Corruption and Madness", "Corruption and Madness", "Summoning Ritual", "Crimson Hand", "Traitor", "Fallen"],
}


@pytest.mark.parametrize("villain", list(EXPECTED))
@pytest.mark.parametrize("roll", range(1, 7))
def test_villain_minion_table_six_results(villain, roll):
    s = game(villain)
    act(s, Dice(roll), type="minion_table")
    assert s["last"]["name"] == EXPECTED[villain][roll - 1] and s["last"]["roll"] == roll
    assert s["last"]["text"]


def test_minion_table_roll_joins_the_shared_roll_log():
    action = t.prepare(game(), {"type": "minion_table"}, HOST, Dice(3))
    assert action["_roll"] == {"dice": "d6", "faces": [3], "purpose": "Villain Minion Table"}


def test_grotesques_bring_a_second_grotesques_in_a_random_location():
    s = game("gargoyle")
    act(s, Dice(3, places=["Manor", "Windmill", "Bog"]), type="minion_table")
    act(s, type="resolve", effect=0)
    act(s, type="resolve", effect=1)
    assert [(m["name"], m["location"]) for m in s["minions"]] == [("Grotesques", "Manor"), ("Grotesques", "Windmill")]
    with pytest.raises(RuleError, match="already applied"):
        act(s, type="resolve", effect=1)


def test_effects_are_one_tap_each_and_move_the_shadow_track():
    s = game("gargoyle")
    act(s, Dice(1), type="minion_table")
    labels = [e["label"] for e in s["last"]["effects"]]
    assert labels[-1] == "Move the Shadow Track 1 toward Darkness"
    act(s, type="resolve", effect=2)
    assert s["shadow"] == 1 and s["shadow_log"][-1]["reason"] == "Danger from Above"


def test_second_swamp_floods_and_asks_for_swamps_next_door():
    s = game("bog_fiend")
    act(s, type="terrain", location="Windmill", terrain="swamp")
    act(s, type="terrain", location="Windmill", terrain="swamp")
    assert s["terrain"]["Windmill"] == "flooded"
    assert any("every space next to it" in p for p in s["prompts"])


def test_rural_flooding_on_a_flooded_space_moves_the_track_two_steps():
    s = game("bog_fiend")
    for _ in range(2):
        act(s, Dice(2, places=["Manor", "Manor", "Manor"]), type="minion_table")
        act(s, type="resolve", effect=1)
    assert s["terrain"]["Manor"] == "flooded" and s["shadow"] == 0
    act(s, Dice(3, places=["Manor", "Manor", "Manor"]), type="minion_table")
    act(s, type="resolve", effect=1)
    assert s["shadow"] == 2


def test_swamp_lair_starts_swamps_on_marsh_and_bog():
    s = game("bog_fiend")
    assert s["terrain"] == {"Marsh": "swamp", "Bog": "swamp"}
    assert any("Marsh and Bog" in p for p in s["prompts"])
    assert "+1 Wound when fighting on a Swamp (Swamp Lair)" in t.view(s, HOST)["wound_bonuses"]


def test_second_circle_opens_a_void_and_a_void_moves_the_track_by_the_minion_table_default():
    s = game("unspeakable_horror")
    for _ in range(2):
        act(s, type="terrain", location="Fields", terrain="circle")
    assert s["terrain"]["Fields"] == "void"
    act(s, type="terrain", location="Fields", terrain="circle")
    assert s["shadow"] == 2


def test_void_overflow_may_follow_the_terrain_rules_instead():
    s = game("unspeakable_horror", void_overflow_steps=1)
    for _ in range(3):
        act(s, type="terrain", location="Fields", terrain="circle")
    assert s["shadow"] == 1


@pytest.mark.parametrize("roll,minion", [(1, None), (3, None), (4, "Crimson Hand"), (5, "Traitor"), (6, "Fallen")])
def test_summoning_ritual_roll_places_a_minion_on_a_new_circle(roll, minion):
    s = game("unspeakable_horror")
    act(s, Dice(3, places=["Inn", "Inn", "Inn"]), type="minion_table")
    act(s, Dice(roll), type="resolve", effect=0)
    assert s["terrain"]["Inn"] == "circle"
    assert [m["name"] for m in s["minions"]] == ([minion] if minion else [])


def test_a_villain_places_only_its_own_terrain():
    with pytest.raises(RuleError, match="Swamps"):
        act(game("bog_fiend"), type="terrain", location="Inn", terrain="circle")


def test_watchman_is_unique_and_moves_when_rolled_again():
    s = game("banshee")
    act(s, Dice(4, places=["Inn", "Inn", "Inn"]), type="minion_table")
    act(s, type="resolve", effect=0)
    act(s, Dice(4, places=["Manor", "Manor", "Manor"]), type="minion_table")
    act(s, type="resolve", effect=0)
    assert s["watchman"] == {"status": "board", "location": "Manor"}
    assert not s["minions"]


def test_watchman_after_battle_moves_to_a_new_random_location():
    s = game("banshee")
    act(s, type="watchman", op="place", location="Manor")
    act(s, Dice(3, places=["Windmill"]), type="watchman", op="after_battle")
    assert s["watchman"]["location"] == "Windmill"


def test_watchman_removed_for_good_on_a_six_then_fours_bring_barrow_shades():
    s = game("banshee")
    act(s, type="watchman", op="place", location="Manor")
    act(s, Dice(6), type="watchman", op="after_battle")
    assert s["watchman"]["status"] == "gone"
    act(s, Dice(4, places=["Inn", "Inn", "Inn"]), type="minion_table")
    assert s["last"]["name"].startswith("Barrow Shades")
    act(s, type="resolve", effect=0)
    assert s["minions"][0]["name"] == "Barrow Shades" and s["watchman"]["status"] == "gone"


def test_keepers_watchman_gives_two_wounds_while_it_stands():
    s = game("banshee")
    assert t.view(s, HOST)["wound_bonuses"] == []
    act(s, type="watchman", op="place", location="Manor")
    assert "+2 Wounds while the Watchman stands (Keeper's Watchman)" in t.view(s, HOST)["wound_bonuses"]


def test_devils_stench_fires_when_the_track_enters_a_new_stage_either_way():
    s = game("bog_fiend")
    act(s, Dice(places=["Inn"]), type="shadow", steps=3)
    assert not any("Devil's Stench" in p for p in s["prompts"])
    act(s, Dice(places=["Inn"]), type="shadow", steps=1)  # 3 -> 4: a new stage
    assert any("Devil's Stench" in p for p in s["prompts"]) and s["terrain"]["Inn"] == "swamp"
    act(s, Dice(places=["Inn"]), type="shadow", steps=-1)  # back across: fires again
    assert sum("Devil's Stench" in p for p in s["prompts"]) == 2 and s["terrain"]["Inn"] == "flooded"
    assert any(m["name"] == "Mosquito Swarm" and m["location"] == "Inn" for m in s["minions"])


def test_end_of_time_moves_the_lair_deck_on_a_new_stage_and_opens_each_mystery_phase():
    s = game("unspeakable_horror")
    act(s, type="shadow", steps=4)
    assert any("End of Time" in p for p in s["prompts"])
    act(s, type="mystery", op="start")
    assert any("Summoning Ritual" in x for step in s["mystery"]["steps"] for x in step["extra"])


def test_valeria_gains_an_investigation_per_step_toward_darkness():
    s = game("gargoyle", heroes=["Valeria, the Eternal", "Eliza"])
    act(s, type="shadow", steps=2)
    assert "Valeria, the Eternal: gain 2 Investigation(s) (Power of Darkness)." in s["prompts"]
    n = len(s["prompts"])
    act(s, type="shadow", steps=-1)
    assert len(s["prompts"]) == n


def test_holding_back_the_darkness_only_cooperatively_in_the_red():
    s = game("gargoyle", mode="cooperative", rules={"holding_back_the_darkness": True})
    act(s, type="mystery", op="start")
    assert not any("Holding Back" in x for st in s["mystery"]["steps"] for x in st["extra"])
    s = game("gargoyle", mode="cooperative", rules={"holding_back_the_darkness": True})
    act(s, type="shadow", steps=s["track"]["red_from"])
    act(s, type="mystery", op="start")
    assert any("Holding Back" in x for st in s["mystery"]["steps"] for x in st["extra"])
    s = game("gargoyle", mode="competitive", rules={"holding_back_the_darkness": True})
    act(s, type="shadow", steps=s["track"]["red_from"])
    act(s, type="mystery", op="start")
    assert not any("Holding Back" in x for st in s["mystery"]["steps"] for x in st["extra"])


@pytest.mark.parametrize("mode,dice", [("competitive", "d3"), ("cooperative", "d6")])
def test_bog_fiend_heals_d3_or_d6_cooperatively(mode, dice):
    s = game("bog_fiend", mode=mode)
    act(s, type="villain", wounds=8)
    action = t.prepare(s, {"type": "heal"}, HOST, Dice(3))
    assert action["_roll"]["dice"] == dice
    act(s, Dice(3), type="heal")
    assert s["wounds"] == 5


def test_unspeakable_horror_heals_d3_and_gains_a_wound_marker_after_an_unfinished_showdown():
    s = game("unspeakable_horror")
    act(s, type="villain", wounds=4)
    act(s, Dice(2), type="heal")
    assert s["wounds"] == 2 and s["plus_wounds"] == 1


@pytest.mark.parametrize("villain", ["gargoyle", "banshee"])
def test_villains_without_healing_do_not_heal(villain):
    with pytest.raises(RuleError, match="does not heal"):
        act(game(villain), type="heal")


def test_willow_vine_adds_a_wound_marker_on_a_knockout_or_an_elders_death():
    s = game("banshee")
    act(s, type="knockout", hero="Eliza")
    act(s, type="elder", name="Judge Croft", status="dead")
    assert s["plus_wounds"] == 2


def test_monument_of_fear_turns_a_dying_elder_to_stone():
    s = game("gargoyle")
    act(s, type="elder", name="Judge Croft", secrets=2)
    act(s, type="elder", name="Judge Croft", status="dead")
    croft = next(e for e in s["elders"] if e["name"] == "Judge Croft")
    assert croft["secrets"] == 0 and "Monument of Fear" in s["log"][-2]["text"]


def test_a_permission_token_is_spent_instead_of_dying():
    s = game("gargoyle")
    act(s, type="elder", name="Judge Croft", permission=1)
    act(s, type="elder", name="Judge Croft", status="dead")
    croft = next(e for e in s["elders"] if e["name"] == "Judge Croft")
    assert croft["status"] == "alive" and croft["permission"] == 0


def test_more_secrets_reveals_at_three():
    s = game("gargoyle")
    act(s, type="elder", name="Judge Croft", secrets=3)
    assert any("More Secrets" in p for p in s["prompts"])
    s = game("gargoyle", rules={"more_secrets": False})
    act(s, type="elder", name="Judge Croft", secrets=3)
    assert not any("More Secrets" in p for p in s["prompts"])


def test_an_evil_elder_cannot_return():
    s = game()
    act(s, type="elder", name="Judge Croft", status="evil")
    with pytest.raises(RuleError, match="Evil Elder"):
        act(s, type="elder", name="Judge Croft", status="alive")


def test_mystery_phase_runs_in_the_revised_order_and_passes_the_first_player():
    s = game("gargoyle", heroes=["Ann", "Bob"])
    act(s, type="mystery", op="start")
    keys = [st["key"] for st in s["mystery"]["steps"]]
    assert keys == ["minions_move", "start", "recover", "villain_heals", "mystery_card", "first_player"]
    assert "Move each Living Statues 1 space toward the Town Hall." in s["mystery"]["steps"][0]["extra"]
    for _ in keys:
        act(s, type="mystery", op="next")
    assert s["mystery"] is None and t.view(s, HOST)["first_player"] == "Bob" and s["round"] == 2


def test_cooperative_mystery_phase_has_the_table_roll_step():
    s = game("gargoyle", mode="cooperative", rules={"advanced_coop_table": True})
    act(s, type="mystery", op="start")
    step = next(st for st in s["mystery"]["steps"] if st["key"] == "coop_table")
    assert step["extra"] == ["Roll 2D6 on the Advanced table."]


def test_growing_darkness_adds_a_roll_at_the_start():
    s = game("gargoyle", rules={"growing_darkness": True})
    act(s, type="mystery", op="start")
    assert any("Growing Darkness" in x for x in s["mystery"]["steps"][1]["extra"])


@pytest.mark.parametrize("level,coop_track,advanced", [("normal", False, False), ("hunter", True, False),
                                                       ("master", True, True), ("insane", True, True),
                                                       ("apocalyptic", True, True)])
def test_difficulty_levels_switch_on_what_the_rulebook_says(level, coop_track, advanced):
    s = game("gargoyle", mode="lone_hero", difficulty=level)
    assert t.coop_track(s) is coop_track
    assert s["track"]["length"] == t.DATA["track"]["cooperative" if coop_track else "competitive"]["length"]
    act(s, type="mystery", op="start")
    coop_step = [st for st in s["mystery"]["steps"] if st["key"] == "coop_table"]
    assert (coop_step[0]["extra"] == ["Roll 2D6 on the Advanced table."]) if advanced else not coop_step
    assert t.view(s, HOST)["showdown_table"] is (level in ("insane", "apocalyptic"))


def test_apocalyptic_third_knockout_loses():
    s = game("gargoyle", mode="lone_hero", difficulty="apocalyptic")
    for _ in range(3):
        act(s, type="knockout", hero="Eliza")
    assert "Third Knock Out" in s["lost"]
    s = game("gargoyle", mode="lone_hero", difficulty="insane")
    for _ in range(3):
        act(s, type="knockout", hero="Eliza")
    assert s["lost"] is None


@pytest.mark.parametrize("a,b,name", [(1, 1, "Surprise: Showdown!"), (2, 3, "Fall into Darkness"),
                                      (4, 4, "Murder... Murder!"), (6, 6, "Sign of Dark Omen")])
def test_advanced_cooperative_table_results(a, b, name):
    s = game("gargoyle", mode="cooperative")
    act(s, Dice(a, b), type="coop_table")
    assert s["last"]["name"] == name and s["last"]["roll"] == a + b


def test_fall_into_darkness_moves_d3():
    s = game("gargoyle", mode="cooperative")
    act(s, Dice(2, 3), type="coop_table")
    act(s, Dice(5), type="resolve", effect=0)  # d3 from a d6: 5 -> 2
    assert s["shadow"] == 2


def test_advanced_table_is_for_cooperative_games():
    with pytest.raises(RuleError, match="co-operative"):
        act(game("gargoyle"), type="coop_table")


def test_the_shadow_track_reaching_darkness_ends_the_hunt():
    s = game("gargoyle")
    act(s, type="shadow", steps=20)
    assert s["shadow"] == s["track"]["length"] and "Darkness" in s["lost"]
    with pytest.raises(RuleError):
        act(s, type="minion_table")


def test_battle_dice_count_hits_against_the_hit_number():
    s = game("gargoyle")
    act(s, Dice(6, 5, 4, 1), type="battle", dice=4, hit=5)
    assert s["last_battle"]["hits"] == 2
    act(s, Dice(6, 5, 4, 1), type="battle", dice=4, hit=6)
    assert s["last_battle"]["hits"] == 1


def test_evil_endurance_reminds_the_heroes():
    s = game("gargoyle", rules={"evil_endurance": True})
    act(s, type="knockout", hero="Ann")
    assert "Evil Endurance" in s["prompts"][-1] and "+2 Wounds each" in s["prompts"][-1]


def test_new_dangerous_locations_get_two_investigations_at_setup_with_mirror_lake():
    assert any("Swamp, North Pier, South Pier" in p for p in game("gargoyle")["prompts"])
    assert not any("North Pier" in p for p in game("gargoyle", mirror_lake=False)["prompts"])
    assert "Inn" not in t.locations({"mirror_lake": False})


def test_brother_marcus_starts_at_the_crossroads():
    assert "Brother Marcus starts at the Crossroads." in game("gargoyle", heroes=["Brother Marcus"])["prompts"]


def test_unknown_villain_is_refused():
    with pytest.raises(Exception, match="unknown villain"):
        game("dracula")
