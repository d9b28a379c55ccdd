"""A Touch of Evil, issue 21: each seat's `now` (its next move, first on its page) and `news` (the
table's pinned news and the prompts a seat answers wherever it is scrolled), the Wounds a Hero can
hold, and the dice counts the app prefills. One test a rule, through the API's way."""

from ...rules import Dice, Game


def hunt(villain="banshee", heroes=("Eliza", "Valeria"), **options):
    g = Game("touch-of-evil", {"villain": villain, "heroes": list(heroes), **options})
    for player, hero in zip(("Ann", "Bob"), heroes, strict=False):
        g.join(player)
        g.act(player, type="claim", name=hero)
    for name in heroes:
        g.act("host", type="hero", name=name, health=6, combat=3, cunning=2, spirit=2, location="Inn")
    return g


def ids(items):
    return [i["id"] for i in items]


def body(tap: dict) -> dict:
    """What a tap's form sends, as the API reads it ("json:pay" is the field pay)."""
    return {k.removeprefix("json:"): v for k, v in tap["fields"].items()}


def test_a_heros_phone_shows_its_own_hero_and_its_movement_roll_first():
    g = hunt()
    first = g.view("Ann")["now"][0]
    assert first["tone"] == "move" and first["text"] == "Your turn: Eliza at Inn · 0 Investigations · 0 of 6 Wounds."
    assert [a["label"] for a in first["actions"]] == ["Roll for movement (D6)", "End Eliza's turn",
                                                      "Roll the Villain Minion Table"]
    bob = g.view("Bob")["now"][0]  # the First Player plays first: Valeria waits, her card below
    assert bob["tone"] == "info" and bob["text"] == "Eliza's turn; Valeria plays after."
    assert bob["detail"].startswith("Valeria at Inn")
    assert [a["label"] for a in bob["actions"]] == ["Roll the Villain Minion Table"]


def test_the_movement_roll_is_kept_on_the_heros_card_for_the_turn_and_rolled_once():
    g = hunt()
    v = g.act("Ann", rng=Dice(4), type="movement")
    assert v["now"][0]["detail"] == ("Movement this turn: 4. Move up to that many spaces, fight any enemy in your "
                                     "space, then take your actions there (encounter the space, and the rest), then "
                                     "end the turn.")
    assert [a["label"] for a in v["now"][0]["actions"]] == ["End Eliza's turn", "Roll the Villain Minion Table"]
    assert v["my_heroes"][0]["move_roll"] == 4
    assert "Only Valeria" in g.refused("Ann", type="movement", hero="Valeria")


def test_an_approved_player_without_a_hero_picks_one_or_is_told_the_host_seats_them():
    g = Game("touch-of-evil", {"villain": "banshee", "heroes": ["Eliza"]})
    g.join("Ann")
    g.join("Cleo")
    claim = g.view("Ann")["now"][0]
    assert claim["id"] == "claim" and claim["actions"][0]["label"] == "I play Eliza"
    g.act("Ann", type="claim", name="Eliza")
    assert g.view("Cleo")["now"][0]["text"] == "You are in: the host will seat you."


def test_death_wail_is_pinned_on_the_struck_heros_phone_with_its_two_answers_and_nowhere_else():
    g = hunt()
    g.act("host", type="hero", name="Eliza", investigations=5)
    g.act("Ann", rng=Dice(5, places=["Inn"]), type="minion_table")  # the Banshee attacks Eliza
    g.act("Ann", type="fight_start", foe="villain", foe_dice=3)
    g.act("Ann", rng=Dice(1, 1, 1, 1, 1, 6, 1, 1, 1), type="fight_round")  # one 6 among the Banshee's dice
    wail = [i for i in g.view("Ann")["news"] if i["id"].startswith("wail-")]
    assert wail[0]["text"] == "Death Wail on Eliza: 1 six to answer, one at a time."
    assert [(a["label"], body(a)["pay"]) for a in wail[0]["actions"]] == [("Pay 2 Investigations", True), ("Take 1 more Damage", False)]
    assert not [i for i in g.view("Bob")["news"] + g.view("display")["news"] if i["id"].startswith("wail-")]
    assert [i for i in g.view("host")["news"] if i["id"].startswith("wail-")]  # the host answers for anyone
    g.act("Ann", **body(wail[0]["actions"][0]))
    assert not [i for i in g.view("Ann")["news"] if i["id"].startswith("wail-")]


def test_an_ambushed_hero_is_asked_to_fight_pinned_and_its_card_says_so():
    g = hunt("unspeakable_horror", mode="cooperative", rules={"advanced_coop_table": True})
    g.act("host", type="hero", name="Valeria", cunning=5, location="Fields")
    g.act("host", rng=Dice(5, 5, 1, 1, 1, 5, places=["Manor", "Windmill"]), type="coop_table")  # Night Ambush on Eliza
    g.act("host", type="resolve", effect=0)
    offer = [i for i in g.view("Ann")["news"] if i["id"].startswith("offer-")][0]
    assert offer["text"].startswith("Eliza is ambushed at") and offer["actions"][0]["fields"]["json:ambush"] is True
    assert g.view("Ann")["my_heroes"][0]["called"].startswith("Ambushed")
    assert not [i for i in g.view("Bob")["news"] if i["id"].startswith("offer-")]
    g.act("Ann", **body(offer["actions"][0]))
    now = g.view("Ann")["now"][0]
    assert now["text"].startswith("Eliza fights Traitor") and now["inputs"][0]["value"] == 5  # Combat 3, +2 Hunter on a Demon
    assert not [i for i in g.view("Ann")["news"] if i["id"].startswith("offer-")]  # no longer offered once fought


def test_a_lost_showdown_is_pinned_news_on_every_seat():
    g = hunt()
    g.act("host", type="showdown_start", health=20, fight=2, party=["Eliza"])
    g.act("Ann", type="knockout", hero="Eliza")
    for who in ("host", "Ann", "Bob", "display"):
        lost = [i for i in g.view(who)["news"] if i["id"].startswith("showdown-")]
        assert lost and lost[0]["tone"] == "warn" and lost[0]["text"].startswith("The Showdown is lost")


def test_a_heros_wounds_never_pass_its_health_the_wound_that_reaches_it_knocks_it_out():
    g = hunt()
    g.act("host", type="hero", name="Eliza", wounds=9)
    eliza = g.state["heroes"][0]
    assert (eliza["wounds"], eliza["knocked_out"]) == (6, True)
    g.act("host", type="showdown_start", health=20, fight=9, party=["Valeria"])
    g.act("host", rng=Dice(6, 6, 6, 6, 6, 6, 6, 6, 6), type="showdown_villain")
    assert g.state["heroes"][1]["wounds"] == 6


def test_the_showdown_attack_offers_combat_with_the_hunters_dice_and_keeps_the_count_round_to_round():
    g = hunt()
    g.act("host", type="showdown_start", health=20, fight=2)
    attack = [i for i in g.view("Ann")["now"] if i["id"].startswith("attack-")][0]
    assert attack["inputs"][0]["value"] == 5 and attack["detail"].startswith("Dice: Combat 3, +2 Hunter")
    assert g.view("Bob")["now"][0]["inputs"][0]["value"] == 3
    g.act("Ann", rng=Dice(1), type="showdown_attack", hero="Eliza", attack_dice=7)
    g.act("Bob", rng=Dice(1), type="showdown_attack", hero="Valeria")
    now = g.view("Ann")["now"][0]
    assert [a["label"] for a in now["actions"]] == ["The Banshee attacks the party", "End of the Battle Round"]
    g.act("Ann", rng=Dice(1, 1, 1, 1, 1, 1), type="showdown_villain")
    g.act("Ann", type="showdown_round")
    assert g.view("Ann")["now"][0]["inputs"][0]["value"] == 7  # not back to Combat in Round 2


def test_brother_marcus_fights_with_spirit_where_it_is_higher():
    g = hunt("gargoyle", heroes=("Brother Marcus", "Valeria"))
    g.act("host", type="hero", name="Brother Marcus", spirit=5)
    g.act("host", type="showdown_start", health=20, fight=2)
    assert g.view("Ann")["now"][0]["inputs"][0]["value"] == 5


def test_a_fight_offers_the_dice_of_its_last_round_again():
    g = hunt("unspeakable_horror")
    g.act("host", type="minion_place", name="Crimson Hand", location="Inn")
    g.act("Ann", type="fight_start", foe="minion:1")
    g.act("Ann", rng=Dice(1, 1, 1, 1, 1, 1), type="fight_round", hero_dice=4)
    assert g.view("Ann")["now"][0]["inputs"][0]["value"] == 4


def test_a_free_battle_roll_is_attributed_shown_as_hits_and_gone_once_stale():
    g = hunt()
    b = g.act("host", rng=Dice(5, 1, 6), type="battle", dice=3, hero="Valeria")["battle"]
    assert b["label"] == "Valeria: 2 hits" and b["detail"] == "3 Battle Dice hitting on 5+: 5 1 6"
    assert g.act("Ann", rng=Dice(2, places=["Inn"]), type="minion_table")["battle"] is None  # a table result came after


def test_the_display_news_holds_the_last_table_result_and_the_showdown_with_its_hits():
    g = hunt()
    g.act("Ann", rng=Dice(2, places=["Inn"]), type="minion_table")
    g.act("host", type="showdown_start", health=20, fight=2)
    g.act("Ann", rng=Dice(5, 6, 1, 1, 1), type="showdown_attack", hero="Eliza")
    news = g.view("display")["news"]
    assert news[0]["text"].startswith("Villain Minion Table for Eliza: 2,")
    assert news[1]["text"] == "Showdown, Battle Round 1: The Banshee has 18 of 20 Health left."
    assert news[1]["detail"] == "Eliza: 2 hits (5 6 1 1 1)"
    assert not [i for i in g.view("Ann")["news"] if i["id"].startswith("last-")]  # the phones keep their screens


def test_the_host_is_asked_for_the_mystery_card_with_murder_as_one_tap():
    g = hunt(mode="cooperative")
    g.act("host", rng=Dice(places=["Inn"]), type="mystery_start")
    while g.state["mystery"] and g.view("host")["phase"]["waits"] != "mystery_card":
        g.act("host", rng=Dice(3, 3, places=["Inn"]), **body(g.view("host")["now"][0]["actions"][0]))
    card, shadow = g.view("host")["now"][0], g.state["shadow"]
    assert card["actions"][0] == {"label": "Murder! (Night Wail)", "fields": {"type": "mystery_card", "json:murder": True}}
    g.act("host", rng=Dice(places=["Inn"]), **body(card["actions"][0]))
    assert g.state["shadow"] > shadow  # Murder! applied: the phase runs on


def test_a_stage_of_the_shadow_track_crossed_is_news():
    g = hunt(track={"length": 6, "stages": [0, 2, 4], "red_from": 5})
    g.act("host", type="shadow", steps=2)
    assert "stage-2" in ids(g.view("Bob")["news"])


def test_refusals_of_typed_numbers_name_the_field_in_peoples_words():
    g = hunt()
    g.act("host", type="showdown_start", health=20, fight=2)
    assert g.refused("Ann", type="showdown_attack", hero="Eliza", attack_dice=31) == "The attack's Battle Dice can be at most 30."
    assert g.refused("host", type="hero", name="Eliza", health=0) == "Health must be at least 1."


def test_the_table_result_a_hero_rolled_is_applied_from_the_top_of_its_phone():
    g = hunt()
    v = g.act("Ann", rng=Dice(4, places=["Inn"]), type="minion_table")  # the Watchman, one effect
    result = v["now"][1]
    assert result["text"] == "Table result 4: Watchman at Inn." and v["result_in_now"]
    assert v["now"][0]["id"].startswith("turn-")  # her turn stays first, the result under the tap
    assert not g.view("Bob")["result_in_now"] and not [i for i in g.view("Bob")["now"] if i["id"].startswith("result-")]
    g.act("Ann", **{k.removeprefix("json:"): x for k, x in result["actions"][0]["fields"].items()})
    assert g.state["watchman"]["status"] == "board" and not g.view("Ann")["result_in_now"]


def test_the_host_starts_the_mystery_phase_from_the_top_of_its_page():
    g = hunt()
    start = [i for i in g.view("host")["now"] if i["id"].startswith("turns-")][0]
    assert start["text"] == "Turn 1: Eliza's turn."
    assert start["actions"][0]["fields"] == {"type": "end_turn", "hero": "Eliza"}  # the host may end it for her
    early = start["actions"][1]
    assert early["fields"] == {"type": "mystery_start"} and g.view("host")["start_in_now"]
    assert early["confirm"] == "Still to play this turn: Eliza and Valeria. Start the Mystery Phase anyway?"


def test_the_heroes_play_in_order_from_the_first_player_and_then_the_mystery_phase_is_the_hosts_move():
    g = hunt()
    g.act("Ann", rng=Dice(3), type="movement")
    v = g.act("Ann", type="end_turn")
    assert v["turns"] == {"order": ["Eliza", "Valeria"], "done": ["Eliza"], "current": "Valeria", "left": ["Valeria"]}
    assert v["now"][0]["text"] == "Eliza has played this turn; now it is Valeria's turn."
    bob = g.view("Bob")["now"][0]
    assert bob["text"].startswith("Your turn: Valeria") and bob["actions"][0]["label"] == "Roll for movement (D6)"
    assert g.view("host")["now"][-1]["detail"] == "1 of 2 Heroes have played."
    g.act("Bob", type="end_turn")
    host = g.view("host")["now"][-1]
    assert host["text"] == "Turn 1: every Hero has played. The Mystery Phase ends the turn."
    assert host["actions"] == [{"label": "Start the Mystery Phase", "fields": {"type": "mystery_start"}}]  # no question now
    assert g.view("Ann")["now"][0]["text"] == "Eliza has played this turn; the host starts the Mystery Phase next."


def test_a_hero_ends_its_turn_once_a_game_turn():
    g = hunt()
    g.act("Ann", type="end_turn")
    assert g.refused("Ann", type="end_turn") == "Eliza has already played this turn."
    assert g.view("host")["turns"]["done"] == ["Eliza"]


def test_a_heros_phone_ends_only_its_own_heros_turn_and_the_host_any():
    g = hunt()
    assert g.refused("Bob", type="end_turn", hero="Eliza")
    assert g.view("host")["turns"]["done"] == []
    g.act("host", type="end_turn", hero="Eliza")
    assert g.view("host")["turns"]["current"] == "Valeria"


def test_a_knocked_out_hero_is_skipped_in_the_turn_order():
    g = hunt()
    g.act("host", type="knockout", hero="Eliza")
    assert g.view("host")["turns"]["current"] == "Valeria"
    assert g.refused("Ann", type="end_turn") == "Eliza is Knocked Out: its turn is skipped until the Mystery Phase."


def test_the_heroes_turns_begin_again_after_the_mystery_phase_and_the_first_player_passes():
    g = hunt()
    g.act("Ann", type="end_turn")
    g.act("Bob", type="end_turn")
    g.act("host", type="mystery_start")
    assert g.refused("Ann", type="end_turn") == (
        "The Mystery Phase is under way: the Heroes' turns of this game turn are over.")
    while g.state["mystery"]:
        waits = g.view("host")["phase"]["waits"]
        g.act("host", type="mystery_next") if waits != "coop_table" else g.act("host", type="base_coop_table")
    t = g.view("host")["turns"]
    assert g.state["round"] == 2 and t["done"] == [] and t["order"] == ["Valeria", "Eliza"] and t["current"] == "Valeria"


def test_the_host_is_told_to_set_up_the_hunt_first_and_keeps_every_control_meanwhile():
    g = Game("touch-of-evil", {})
    v = g.view("host")
    assert v["now"][0]["text"] == "Set up the hunt just below: the Villain, the mode and the Heroes."
    assert not v["start_in_now"]  # the Mystery Phase stays startable from its card


def test_apply_all_is_offered_only_while_it_has_something_to_apply():
    g = Game("touch-of-evil", {"villain": "banshee", "heroes": ["Eliza"], "mode": "cooperative", "rules": {"advanced_coop_table": True}})
    g.act("host", type="minion_place", name="Barrow Shades", location="Inn")
    g.act("host", type="minion_place", name="Barrow Shades", location="Manor")
    v = g.act("host", rng=Dice(3, 3, places=["Cemetery"] * 12), type="coop_table")  # March of Darkness: two Minion moves
    assert v["last"]["open"] and not v["last"]["apply_all"]  # each move needs its place: no Apply all to refuse
    assert [i["actions"] for i in v["now"] if i["id"].startswith("result-")] == [[]]


def test_the_whole_table_sees_whose_turn_it_is():
    g = hunt()
    g.act("host", type="shadow", steps=1)  # the hunt under way
    assert g.view("Board")["labels"]["playing"] == "Now playing: Eliza"
    g.act("Ann", type="end_turn")
    assert g.view("Board")["labels"]["playing"] == "Now playing: Valeria"
    g.act("Bob", type="end_turn")
    assert g.view("Board")["labels"]["playing"] == "Every Hero has played: the Mystery Phase is next."
    g.act("host", type="mystery_start")
    assert g.view("Board")["labels"]["playing"] is None
