"""A Touch of Evil: the rules an audit found the app getting wrong (issue 23), one test per rule,
through the API's way (tests/rules.py)."""

from companion.games.touch_of_evil.chance import Chance
from companion.games.touch_of_evil.tables import REROLLS_SHOWN, roll_until

from ...rules import Dice, Game


def coop(villain="banshee", **options):
    return Game("touch-of-evil", {"villain": villain, "mode": "cooperative", "rules": {"advanced_coop_table": True}, **options})


def watchman_gone(g):
    g.act("host", type="watchman_place", location="Inn")
    g.act("host", rng=Dice(6), type="watchman_after_battle")
    assert g.state["watchman"]["status"] == "gone"


def test_night_ambush_never_hands_over_an_event_nor_a_minion_without_battle_dice():
    g = coop(heroes=["Eliza", "Brother Marcus"])
    watchman_gone(g)
    g.act("host", type="hero", name="Eliza", cunning=1)
    g.act("host", type="hero", name="Brother Marcus", cunning=5)
    # the ambush: Eliza 1+1, Marcus 1+5; then twenty Events (1 and 5 are Echo of the Moors, Banshee Attack!)
    events = [1, 5] * (REROLLS_SHOWN // 2)
    g.act("host", rng=Dice(5, 5, 1, 1, *events, places=["Fields", "Manor"]), type="coop_table")
    last = g.state["last"]
    assert last["name"].startswith("Night Ambush → Barrow Shades") and last["kind"] == "minion"
    assert last["sub_rolls"][:REROLLS_SHOWN] == events and last["sub_rolls"][-1] in (2, 3, 4)
    assert [e["do"] for e in last["effects"]] == ["minion"]


def test_march_of_darkness_with_the_watchman_gone_for_good_places_a_minion_not_an_event():
    g = coop()
    watchman_gone(g)
    g.act("host", rng=Dice(3, 3, 1, 4, places=["Inn", "Fields"]), type="coop_table")
    last = g.state["last"]
    assert last["sub_rolls"] == [1, 4] and last["kind"] == "minion"
    g.act("host", type="resolve", effect=-1)
    assert [(m["name"], m["location"]) for m in g.state["minions"]] == [("Barrow Shades", "Inn"), ("Barrow Shades", "Fields")]


def test_a_re_roll_with_no_valid_result_says_so_instead_of_using_the_last_roll():
    g = coop()
    found, rolls = roll_until(g.state, lambda entry: False, Chance(g.state, {"d6s": [1, 2, 3]}))
    assert found is None and rolls == []


def heroes_game(villain="unspeakable_horror", mode="competitive", heroes=("Eliza", "Valeria"), **options):
    g = Game("touch-of-evil", {"villain": villain, "mode": mode, "heroes": list(heroes), **options})
    for name in heroes:
        g.act("host", type="hero", name=name, health=6, combat=3)
    return g


def test_the_horror_heals_once_at_the_end_of_each_complete_showdown_it_survives():
    g = heroes_game()
    g.act("host", type="showdown_start", health=20, fight=2)
    g.act("host", type="villain", wounds=8)
    g.act("host", rng=Dice(2), type="showdown_end")  # D3 from a 2: 2
    assert (g.state["wounds"], g.state["plus_wounds"]) == (6, 1)
    shown = g.view("display")["last_showdown"]
    assert shown["outcome"] == "left" and "D3: 2" in shown["heal"]
    g.act("host", rng=Dice(1, 3, places=["Inn"]), type="mystery_start")  # nothing heals it again here
    assert (g.state["wounds"], g.state["plus_wounds"]) == (6, 1)
    g.act("host", type="mystery_next")  # the Mystery card skipped: the turn ends
    g.act("host", type="showdown_start", health=20, fight=2)  # a second Showdown meets the healed Horror
    g.act("host", rng=Dice(6), type="showdown_end")  # D3 from a 6: 3
    assert (g.state["wounds"], g.state["plus_wounds"]) == (3, 2)


def test_a_lost_showdown_is_shown_as_lost_on_every_screen():
    g = heroes_game("banshee", heroes=("Eliza",))
    g.join("Ann")
    g.act("host", type="showdown_start", health=20, fight=6)
    g.act("host", rng=Dice(6, 6, 6, 6, 6, 6), type="showdown_villain")
    for seat in ("host", "Ann", "display"):
        view = g.view(seat)
        assert view["showdown_card"] and view["last_showdown"]["outcome"] == "lost"
        assert "lost" in view["last_showdown"]["text"]


def test_every_hero_knocked_out_at_once_loses_the_cooperative_hunt():
    g = heroes_game("banshee", mode="cooperative")
    g.act("host", type="knockout", hero="Eliza")
    assert not g.state["lost"]
    g.act("host", type="knockout", hero="Valeria")
    for seat in ("host", "display"):
        assert "Every Hero is Knocked Out" in g.view(seat)["lost"]
    assert "Knocked Out" in g.refused("host", type="minion_table")


def test_the_cooperative_loss_is_only_for_co_operative_play_and_a_team_of_two_may_play_on():
    g = heroes_game("banshee", mode="competitive")
    g.act("host", type="knockout", hero="Eliza")
    g.act("host", type="knockout", hero="Valeria")
    assert not g.state["lost"]
    g = heroes_game("banshee", mode="solo_team", rules={"two_hero_team_plays_on": True})
    g.act("host", type="knockout", hero="Eliza")
    g.act("host", type="knockout", hero="Valeria")
    assert not g.state["lost"]
    g = heroes_game("banshee", mode="solo_team")
    g.act("host", type="knockout", hero="Eliza")
    g.act("host", type="knockout", hero="Valeria")
    assert g.state["lost"]


def minion_dice(g, name):
    return next(m for m in g.view("display")["minions"] if m["name"] == name)["dice"]


def test_the_crimson_hand_gains_a_battle_die_for_each_wound_it_bears():
    g = Game("touch-of-evil", {"villain": "unspeakable_horror"})
    g.act("host", type="minion_place", name="Crimson Hand", location="Inn")
    assert minion_dice(g, "Crimson Hand") == 2
    g.act("host", type="minion_wound", id=g.state["minions"][0]["id"], wounds=2)
    assert minion_dice(g, "Crimson Hand") == 4


def test_so_its_time_to_end_it_gives_every_minion_a_die_while_the_track_is_red():
    g = Game("touch-of-evil", {"villain": "unspeakable_horror"})
    g.act("host", type="minion_place", name="Traitor", location="Inn")
    g.act("host", rng=Dice(places=["Fields"] * 12), type="shadow", steps=g.state["track"]["red_from"])
    traitor = next(m for m in g.view("display")["minions"] if m["name"] == "Traitor")
    assert traitor["dice"] == 3 and "red" in traitor["dice_why"]


def test_the_mosquito_swarm_gets_two_battle_dice_on_a_swamp():
    g = Game("touch-of-evil", {"villain": "bog_fiend"})
    g.act("host", type="minion_place", name="Mosquito Swarm", location="Marsh")  # a Swamp from the start
    g.act("host", type="minion_place", name="Mosquito Swarm", location="Inn")
    dice = [m["dice"] for m in g.view("display")["minions"]]
    assert dice == [4, 2]


def test_a_lone_hero_must_use_more_secrets():
    g = Game("touch-of-evil", {"villain": "gargoyle", "mode": "lone_hero", "heroes": ["Eliza"], "rules": {"more_secrets": False}})
    assert g.state["options"]["rules"]["more_secrets"] is True
    switch = next(r for r in g.view("host")["setup_form"]["rule_switches"] if r["key"] == "more_secrets")
    assert switch["on"] and "lone Hero" in switch["label"]
    g.act("host", type="elder", name="Judge Croft", secrets=3)
    assert any("More Secrets" in p for p in g.state["prompts"])


def test_murder_with_night_wail_applies_the_cards_effect_and_night_wails_extra_step():
    g = Game("touch-of-evil", {"villain": "banshee"})
    g.act("host", rng=Dice(places=["Fields"]), type="mystery_card", murder=True)
    assert g.state["shadow"] == 2
    assert [x["reason"] for x in g.state["shadow_log"]] == ["Murder!", "Night Wail"]
    assert any("3 Investigations at Fields" in p for p in g.state["prompts"])
    assert any("Night Wail" in p and "Fields" in p for p in g.state["prompts"])


def test_the_murder_card_moves_the_track_for_every_villain():
    g = Game("touch-of-evil", {"villain": "gargoyle"})
    g.act("host", rng=Dice(1, places=["Fields"]), type="mystery_card", murder=True)  # Stone Army's D6: 1
    assert g.state["shadow"] == 1 and g.state["minions"] == []


def test_evil_endurance_wounds_every_standing_hero_on_a_knock_out_or_an_elders_death():
    g = heroes_game("gargoyle", heroes=("Eliza", "Valeria", "Brother Marcus"), rules={"evil_endurance": True})
    g.act("host", type="knockout", hero="Eliza")
    assert [h["wounds"] for h in g.state["heroes"]] == [0, 2, 2]
    g.act("host", type="elder", name="Judge Croft", status="dead")  # turned to stone: it counts too
    assert [h["wounds"] for h in g.state["heroes"]] == [0, 4, 4]
    g.act("host", type="knockout", hero="Valeria")  # Marcus takes his sixth Wound: Knocked Out in turn
    assert g.state["heroes"][2]["knocked_out"]
    g = heroes_game("gargoyle", mode="cooperative", heroes=("Eliza", "Valeria", "Brother Marcus"), rules={"evil_endurance": True})
    g.act("host", type="knockout", hero="Eliza")
    assert [h["wounds"] for h in g.state["heroes"]] == [0, 1, 1]


def elders_with(g, **skills):
    """Each Elder's Honor and Spirit, typed in from its card: name -> (honor, spirit)."""
    for name, (honor, spirit) in skills.items():
        g.act("host", type="elder", name=name, honor=honor, spirit=spirit)


def elder(g, name):
    return next(e for e in g.state["elders"] if e["name"] == name)


def test_an_elders_honor_and_spirit_are_entered_once_and_flagged_as_the_tables():
    g = Game("touch-of-evil", {"villain": "gargoyle"})
    g.act("host", type="elder", name="Judge Croft", honor=3, spirit=2)
    shown = next(e for e in g.view("display")["elders"] if e["name"] == "Judge Croft")
    assert shown["skills_label"] == "Honor 3 · Spirit 2 (entered by the table)" and shown["skills_entered"]


def test_lies_and_deception_rolls_and_gives_a_secret_to_every_elder_of_honor_at_most_the_roll():
    g = coop("gargoyle")
    elders_with(g, **{"Judge Croft": (3, 2), "Lord Hanbrook": (5, 2)})
    g.act("host", type="elder", name="Judge Croft", secrets=2)
    g.act("host", rng=Dice(2, 2), type="coop_table")  # 4: Lies and Deception
    g.act("host", rng=Dice(4), type="resolve", effect=0)  # the D6 shows 4
    assert elder(g, "Judge Croft")["secrets"] == 3 and elder(g, "Lord Hanbrook")["secrets"] == 0
    last = g.view("host")["last"]
    assert any("shows 4" in x for x in last["lines"]) and any("Judge Croft (Honor 3) gains a Secret" in x for x in last["lines"])
    assert any("Judge Croft holds 3 Secrets" in p for p in g.state["prompts"])  # revealed, whatever the option
    assert any("enter the Honor of" in p and "Doctor Manning" in p for p in g.state["prompts"])


def test_corruption_and_madness_rolls_each_elders_spirit_and_applies_the_d6():
    g = Game("touch-of-evil", {"villain": "unspeakable_horror"})
    elders_with(g, **{"Lord Hanbrook": (2, 2), "Judge Croft": (2, 1), "Doctor Manning": (2, 1), "Reverend Harlow": (2, 1)})
    g.act("host", type="elder", name="Judge Croft", permission=1)
    g.act("host", rng=Dice(1), type="minion_table")  # Corruption and Madness
    # Hanbrook 1 4: passes; Croft 3 then 1: dies (its token cannot save it); Manning 2 then 3: Evil; Harlow 1 then 6: a Secret
    g.act("host", rng=Dice(6, 1, 4, 3, 1, 2, 3, 1, 6), type="resolve", effect=0)  # the first 6: the resolve's own roll, unused
    assert elder(g, "Lord Hanbrook")["permission"] == 1
    assert elder(g, "Judge Croft")["status"] == "dead" and elder(g, "Judge Croft")["permission"] == 0
    assert elder(g, "Doctor Manning")["status"] == "evil"
    assert elder(g, "Reverend Harlow")["secrets"] == 1
    assert len(g.view("host")["last"]["lines"]) == 4
    assert any("enter the Spirit of Lady Hanbrook, Magistrate Dunwich" in p for p in g.state["prompts"])


def test_a_permission_token_is_spent_whenever_its_elder_would_die():
    g = Game("touch-of-evil", {"villain": "gargoyle"})
    g.act("host", type="elder", name="Judge Croft", permission=1)
    assert "always spent" in g.refused("host", type="elder", name="Judge Croft", status="dead", spend_token=False)
    g.act("host", type="elder", name="Judge Croft", status="dead")
    croft = next(e for e in g.state["elders"] if e["name"] == "Judge Croft")
    assert croft["status"] == "alive" and croft["permission"] == 0


def test_an_elder_without_tokens_dies_and_willow_vine_counts_it():
    g = Game("touch-of-evil", {"villain": "banshee"})
    g.act("host", type="elder", name="Judge Croft", permission=1)
    g.act("host", type="elder", name="Judge Croft", status="dead")  # the token is spent
    g.act("host", type="elder", name="Judge Croft", status="dead")
    croft = next(e for e in g.state["elders"] if e["name"] == "Judge Croft")
    assert croft["status"] == "dead" and croft["permission"] == 0 and g.state["plus_wounds"] == 1


def test_death_wail_asks_the_struck_heros_phone_two_investigations_or_one_more_damage_per_six():
    g = heroes_game("banshee")
    for name, hero in (("Ann", "Eliza"), ("Bob", "Valeria")):
        g.join(name)
        g.act(name, type="claim", name=hero)
    g.act("host", type="hero", name="Eliza", investigations=3)
    g.act("host", type="showdown_start", health=20, fight=3, party=["Eliza"])
    g.act("host", rng=Dice(6, 6, 1), type="showdown_villain")
    assert g.state["heroes"][0]["wounds"] == 2
    asked = g.view("Ann")["death_wail"]
    assert [(w["hero"], w["left"], w["answers"], w["may_pay"]) for w in asked] == [("Eliza", 2, True, True)]
    assert not g.view("Bob")["death_wail"][0]["answers"] and not g.view("display")["death_wail"][0]["answers"]
    g.act("Ann", type="death_wail", pay=True)
    assert g.state["heroes"][0]["investigations"] == 1 and not g.view("Ann")["death_wail"][0]["may_pay"]
    assert "only 1" in g.refused("Ann", type="death_wail", pay=True)
    g.refused("Bob", type="death_wail", hero="Eliza", pay=False)
    g.act("Ann", type="death_wail", pay=False)
    assert g.state["heroes"][0]["wounds"] == 3 and g.view("Ann")["death_wail"] == []
    g.act("Ann", type="showdown_round")


def test_fall_into_darkness_may_be_prevented_by_five_wounds_the_heroes_share():
    g = heroes_game("gargoyle", mode="cooperative", rules={"advanced_coop_table": True})
    g.act("host", rng=Dice(2, 3), type="coop_table")  # 5: Fall into Darkness
    share = next(e for e in g.view("host")["last"]["effects"] if e["do"] == "share_wounds")
    assert [(r["name"], r["max"]) for r in share["shares"]] == [("Eliza", 6), ("Valeria", 6)]
    assert "exactly 5" in g.refused("host", type="resolve", effect=1, shares=[{"name": "Eliza", "wounds": 2}])
    assert "at most 6" in g.refused("host", type="resolve", effect=1, shares=[{"name": "Eliza", "wounds": 7}])
    g.act("host", type="resolve", effect=1, shares=[{"name": "Eliza", "wounds": 3}, {"name": "Valeria", "wounds": 2}])
    assert [h["wounds"] for h in g.state["heroes"]] == [3, 2] and g.state["shadow"] == 0
    assert all(e["done"] for e in g.state["last"]["effects"])


def test_fall_into_darkness_moves_the_track_d3_when_nobody_prevents_it():
    g = heroes_game("gargoyle", mode="cooperative", rules={"advanced_coop_table": True})
    g.act("host", rng=Dice(2, 3), type="coop_table")
    g.act("host", rng=Dice(5), type="resolve", effect=-1)  # D3 from a 5: 2
    assert g.state["shadow"] == 2 and [h["wounds"] for h in g.state["heroes"]] == [0, 0]
    assert "already" in g.refused("host", type="resolve", effect=1, shares=[{"name": "Eliza", "wounds": 5}])
