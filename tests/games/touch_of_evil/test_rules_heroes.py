"""A Touch of Evil: setting the hunt up, the table's facts, the Heroes (each phone keeps its own)
and their Knock Outs, one test per rule, through the API's path (tests/rules.py)."""

import pytest

from companion.core.errors import BadInput, Forbidden, RuleError

from ...rules import Game


def game(villain="gargoyle", **options):
    return Game("touch-of-evil", {"villain": villain, **options})


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
    with pytest.raises(BadInput, match="(?i)unknown villain"):
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


# ------------------------------------------------------------------ issue 14: every rule applied

def test_setting_the_hunt_up_again_asks_first_and_keeps_what_was_set():
    g = game("gargoyle")
    g.act("host", type="configure", options={"villain": "banshee", "mode": "cooperative", "difficulty": "normal",
                                            "heroes": ["Eliza"]})
    view = g.view("host")
    assert view["configured"] and view["options"]["heroes"] == ["Eliza"] and view["options"]["mode"] == "cooperative"
    assert "tick" in g.refused("host", type="configure", options={"villain": "gargoyle"})
    g.act("host", type="configure", options={"villain": "gargoyle", "heroes": ["Eliza"]}, confirm=True)
    assert g.state["options"]["villain"] == "gargoyle"


def test_heroes_are_seated_in_the_order_given_and_any_hero_can_be_typed():
    g = game("gargoyle", heroes=["Father Joseph", "Eliza", "Valeria"])
    assert [h["name"] for h in g.state["heroes"]] == ["Father Joseph", "Eliza", "Valeria"]
    assert g.view("host")["first_player"] == "Father Joseph"
    assert "different" in str(pytest.raises(BadInput, game, "gargoyle", heroes=["Eliza", "eliza"]).value)


def test_a_heros_phone_keeps_its_own_hero_and_only_it():
    g = game("gargoyle", heroes=["Eliza", "Valeria"])
    ann = g.join("Ann")
    assert g.view(ann)["unclaimed"] == ["Eliza", "Valeria"]
    g.act(ann, type="claim", name="Eliza")
    assert g.view(ann)["me"] == "Eliza" and g.view(ann)["unclaimed"] == []
    assert [h["name"] for h in g.view(ann)["my_heroes"]] == ["Eliza"] and g.view("display")["my_heroes"] == []
    assert [h["name"] for h in g.view("host")["my_heroes"]] == ["Eliza", "Valeria"]
    g.act(ann, type="hero", name="Eliza", investigations=3, wounds=1, location="Inn", item="Pistol")
    eliza = g.state["heroes"][0]
    assert (eliza["investigations"], eliza["wounds"], eliza["location"], eliza["items"]) == (3, 1, "Inn", ["Pistol"])
    g.act(ann, type="hero", name="Eliza", drop=0)
    assert g.state["heroes"][0]["items"] == []
    with pytest.raises(Forbidden):
        g.act(ann, type="hero", name="Valeria", investigations=1)
    g.act("host", type="hero", name="Valeria", investigations=1)
    bob = g.join("Bob")
    assert "Another phone" in g.refused(bob, type="claim", name="Eliza")
    assert [h["name"] for h in g.view("display")["party"]] == ["Eliza", "Valeria"]


def test_a_knocked_out_hero_goes_to_the_town_hall_or_the_monastery_and_recovers():
    g = game("banshee", heroes=["Eliza", "Valeria"])
    g.act("host", type="hero", name="Eliza", location="Inn")
    g.act("host", type="knockout", hero="Eliza")
    g.act("host", type="hero", name="Valeria", location="Manor")
    g.act("host", type="knockout", hero="Valeria")
    assert [h["location"] for h in g.state["heroes"]] == ["Monastery", "Town Hall"] and g.state["plus_wounds"] == 2
    assert "already" in g.refused("host", type="knockout", hero="Eliza")
    g.act("host", type="mystery_start")
    assert not any(h["knocked_out"] for h in g.state["heroes"])


def test_wounds_up_to_health_knock_the_hero_out():
    g = game("gargoyle", heroes=["Eliza"])
    g.act("host", type="hero", name="Eliza", health=2, wounds=2)
    assert g.state["heroes"][0]["knocked_out"] and g.state["knockouts"] == 1


def test_table_facts_are_the_hosts_and_validated():
    g = game("gargoyle")
    g.join("Ann")
    with pytest.raises(Forbidden):
        g.act("Ann", type="facts", locations=["A", "B", "C"])
    assert "different" in g.refused("host", type="facts", locations=["A", "a", "B"]).lower()
    g.act("host", type="minion_place", name="Grotesques", location="Inn")
    assert "Inn" in g.refused("host", type="facts", locations=["Manor", "Fields", "Town Hall"])
    g.act("host", type="facts", locations=["Manor", "Fields", "Town Hall", "Inn", "Crossroads"])
    assert g.view("host")["guesses"]["locations"] == []
    g.act("host", type="facts", elders_text="Ann Elder\nJudge Croft\nC\nD\nE\nF")
    assert g.state["elders"][0]["name"] == "Ann Elder" and g.view("host")["guesses"]["elders"] == []
    assert "6 Town Elders" in g.refused("host", type="facts", elders=["Only one"])
    g.act("host", type="facts", track_length=12, track_stages="0, 4, 8", track_red=9)
    assert g.state["track"] == {"length": 12, "stages": [0, 4, 8], "red_from": 9} and not g.view("host")["guesses"]["track"]
    assert "track does not fit" in g.refused("host", type="facts", track_stages="3, 4")
    assert "Nothing to change" in g.refused("host", type="facts", track_length=12)


def test_guessed_names_are_flagged():
    gs = game().view("display")["guesses"]
    assert gs["track"] and "Cemetery" in gs["locations"] and "Manor" not in gs["locations"]
    assert "Judge Croft" not in gs["elders"] and len(gs["elders"]) == 5


def test_a_hero_keeps_the_counters_the_rulebook_names_bombs_and_transformation_markers():
    g = game("gargoyle", heroes=["Eliza"])
    g.act("host", type="hero", name="Eliza", bombs=2, stone=1)
    assert (g.state["heroes"][0]["bombs"], g.state["heroes"][0]["stone"]) == (2, 1)
    assert "no Transformation" in g.refused("host", type="hero", name="Eliza", stone=-2)


def test_a_lone_hero_knocked_out_in_the_mystery_phase_is_revived_at_its_end():
    g = game("gargoyle", mode="lone_hero", heroes=["Eliza"])
    g.act("host", type="mystery_start")
    g.act("host", type="knockout", hero="Eliza")
    g.act("host", type="mystery_card", name="Fog")
    assert not g.state["heroes"][0]["knocked_out"]


def test_only_a_players_phone_takes_a_hero():
    g = game("gargoyle", heroes=["Eliza"])
    for who in ("host", "display"):
        with pytest.raises(Forbidden, match="A player's phone takes a Hero"):
            g.act(who, type="claim", name="Eliza")
