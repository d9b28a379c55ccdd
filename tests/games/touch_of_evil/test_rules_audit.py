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
