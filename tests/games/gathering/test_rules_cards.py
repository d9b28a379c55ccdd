"""Gathering of the Wicked: the deal for players without a phone (issue 22.6). The narrator shows
one player's card at a time, full screen; the app records that each has seen theirs; the
narrator's list of the teams stays behind its own hold."""

import pytest

from companion.core.errors import Forbidden, RuleError

from .test_rules import EIGHT, game, setup_with


def test_the_narrator_shows_one_players_card_at_a_time_and_records_that_they_saw_it():
    t = game(EIGHT, ["Gus", "Hal"])
    cards = t.view("host")["cards"]
    assert [r["name"] for r in cards["rows"]] == [n for n, _ in EIGHT] and not any(r["seen"] for r in cards["rows"])
    assert cards["showing"] is None
    shown = t.act("host", type="show_card", player="Hal")["cards"]["showing"]
    assert shown["name"] == "Hal" and shown["team"] == "Mischief" and shown["known"] == "Your team-mates: Gus."
    assert shown["character_name"] == "King of Hearts"
    shown = t.act("host", type="show_card", player="Dan")["cards"]["showing"]  # one card at a time
    assert shown["name"] == "Dan" and shown["team"] == "Mayhem"
    with pytest.raises(RuleError, match="Show Hal their card first"):
        t.act("host", type="card_seen", player="Hal")
    view = t.act("host", type="card_seen", player="Dan")
    assert view["cards"]["showing"] is None
    assert [r["name"] for r in view["cards"]["rows"] if r["seen"]] == ["Dan"]
    assert any(r["kind"] == "card_seen" and r["player"] == "Dan" for r in view["recap"])
    t.act("host", type="show_card", player="Ann")
    assert t.act("host", type="show_card", player=None)["cards"]["showing"] is None  # put away, not seen


def test_only_the_narrator_shows_cards_and_no_other_seat_learns_of_it():
    t = game(EIGHT, ["Gus", "Hal"])
    with pytest.raises(Forbidden):
        t.act("Ann", type="show_card", player="Hal")
    t.act("host", type="show_card", player="Hal")
    for seat in ("Ann", "Gus", "display"):
        assert "cards" not in t.view(seat) and "showing" not in repr(t.view(seat))


def test_cards_are_shown_only_after_the_apps_deal():
    t = setup_with([n for n, _ in EIGHT], [c for _, c in EIGHT])
    with pytest.raises(RuleError, match="once they are dealt"):
        t.act("host", type="show_card", player="Hal")
    t.act("host", type="deal", characters=dict(EIGHT), alignments="physical")
    assert t.view("host")["cards"] is None
    with pytest.raises(RuleError, match="dealt by hand"):
        t.act("host", type="show_card", player="Hal")


def test_the_narrators_list_shows_no_team_until_it_is_open_to_all():
    t = game(EIGHT, ["Gus", "Hal"])
    host = t.view("host")
    assert all(p["team"] is None for p in host["table"])  # the phone can be handed over
    assert host["cards"]["mischief"] == "Gus, Hal"  # behind the narrator's own hold
