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
    g.act("host", type="hero", name="Eliza", investigations=6)
    for _ in range(3):  # Death Wail: three sixes, each paid
        g.act("host", type="death_wail", hero="Eliza", pay=True)
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


def seated(villain="banshee", **kw):
    """Eliza and Valeria; Ann's phone plays Eliza, Bob's Valeria, Cal's no Hero."""
    g = showdown_game(villain, **kw)
    for name, hero in (("Ann", "Eliza"), ("Bob", "Valeria")):
        g.join(name)
        g.act(name, type="claim", name=hero)
    g.join("Cal")
    return g


@pytest.mark.parametrize("form", [{"type": "showdown_start"}, {"type": "showdown", "op": "start"}])
def test_a_phone_that_plays_no_hero_cannot_begin_a_showdown(form):
    g = seated()
    with pytest.raises(Forbidden, match="plays no Hero"):
        g.act("Cal", **form, health=9, fight=2)  # the harness checks that nothing changed


def test_a_phone_that_plays_no_hero_makes_no_move_in_a_showdown():
    g = seated()
    g.act("host", type="showdown_start", health=9, fight=2)
    for action in ({"type": "showdown_attack", "hero": "Eliza"}, {"type": "showdown_attack"}, {"type": "showdown_villain"},
                   {"type": "showdown_round"}, {"type": "showdown_end"}, {"type": "showdown", "op": "end"}):
        with pytest.raises(Forbidden, match="plays no Hero"):
            g.act("Cal", **action)


def test_a_heros_phone_begins_a_showdown_for_its_own_hero_alone():
    g = seated()
    with pytest.raises(Forbidden, match="Eliza alone"):
        g.act("Ann", type="showdown_start", health=9, fight=2, party=["Eliza", "Valeria"])
    g.act("Ann", type="showdown_start", health=9, fight=2)
    assert g.state["showdown"]["party"] == ["Eliza"]


def test_a_heros_phone_rolls_the_villains_attack_and_ends_the_round_only_while_its_hero_fights():
    g = seated()
    g.act("host", type="showdown_start", health=9, fight=2, party=["Valeria"])
    for kind in ("showdown_villain", "showdown_round", "showdown_end"):
        with pytest.raises(Forbidden, match="Eliza is not fighting"):
            g.act("Ann", type=kind)
    g.act("Bob", rng=Dice(1, 1), type="showdown_villain")
    g.act("Bob", type="showdown_round")
    g.act("Bob", type="showdown_end")
    assert g.state["showdown"] is None


def test_each_showdown_move_has_its_moment():
    g = seated()
    for kind in ("showdown_attack", "showdown_villain", "showdown_round", "showdown_end"):
        assert g.refused("host", type=kind) == "No Showdown is under way."
    g.act("host", type="mystery_start")
    assert g.refused("host", type="showdown_start", health=9, fight=2) == "Finish the Mystery Phase first."
    g.act("host", type="mystery_card", name="Fog")
    g.act("host", type="showdown_start", health=9, fight=2)
    assert g.refused("host", type="showdown_start", health=9, fight=2) == "A Showdown is already under way."
    g.act("host", rng=Dice(1, 1, 1, 1, 1, 1), type="showdown_villain")
    assert g.refused("host", type="showdown_villain") == "The Villain has attacked this Battle Round already."


def test_the_older_op_form_is_the_same_move_as_its_own_type():
    old, new = seated(), seated()
    for g, form in ((old, lambda kind, **f: {"type": "showdown", "op": kind, **f}),
                    (new, lambda kind, **f: {"type": f"showdown_{kind}", **f})):
        g.act("host", **form("start", health=9, fight=2, elders=["Judge Croft"]))
        g.act("Ann", rng=Dice(5, 6, 1), **form("attack", attack_dice=3))
        g.act("host", rng=Dice(6, 6, 1, 1, 1, 1), **form("villain"))
        g.act("host", **form("round"))
        g.act("host", **form("end"))
    assert old.state == new.state


def test_the_view_offers_each_seat_exactly_the_showdown_moves_the_game_accepts():
    g = seated("unspeakable_horror")
    g.act("host", type="elder", name="Judge Croft", permission=1)
    starts = {who: (g.view(who)["showdown_start"] or {}).get("fighters") for who in ("host", "Ann", "Cal", "display")}
    assert starts == {"host": ["Eliza", "Valeria"], "Ann": ["Eliza"], "Cal": None, "display": None}
    g.act("host", type="showdown_start", health=20, fight=2, elders=["Judge Croft", "Lord Hanbrook"])
    offered = {who: g.view(who)["showdown"] for who in ("host", "Ann", "Bob", "Cal", "display")}
    assert {who: [a["name"] for a in s["attackers"]] for who, s in offered.items()} == \
        {"host": ["Eliza", "Valeria"], "Ann": ["Eliza"], "Bob": ["Valeria"], "Cal": [], "display": []}
    assert {who: s["may_villain"] for who, s in offered.items()} == \
        {"host": True, "Ann": True, "Bob": True, "Cal": False, "display": False}
    s = offered["host"]
    assert s["hit_label"] == "hits on 5 or 6" and s["last_hope"] and s["offers_tokens"]
    assert s["token_choices"] == [{"name": "Judge Croft", "label": "Judge Croft's token (+2)"}]
    assert [a["dice"] for a in s["attackers"]] == [3, 2]  # each Hero's Combat
    for who in ("Cal", "display"):  # what is not offered is refused
        with pytest.raises(Forbidden):
            g.act(who, type="showdown_attack", hero="Eliza")
    with pytest.raises(Forbidden):
        g.act("Ann", type="showdown_attack", hero="Valeria")
    g.act("Ann", rng=Dice(1, 1, 1), type="showdown_attack")
    assert [a["name"] for a in g.view("Ann")["showdown"]["attackers"]] == []
    g.act("host", rng=Dice(*[1] * 8), type="showdown_villain")
    assert not g.view("host")["showdown"]["may_villain"] and g.view("host")["showdown"]["may_round"]


def test_the_showdown_shows_its_last_eight_rolls_and_whether_bonuses_count():
    g = seated("banshee")
    g.act("host", type="villain", plus_wounds=1)
    g.act("host", type="showdown_start", health=20, fight=1)
    assert g.view("host")["showdown"]["has_bonus"]
    for _ in range(5):
        g.act("host", rng=Dice(1, 1), type="showdown_villain")
        g.act("host", type="showdown_round")
    shown = g.view("display")["showdown"]
    assert len(g.state["showdown"]["rolls"]) == 10 and shown["recent_rolls"] == g.state["showdown"]["rolls"][-8:]
