"""Gathering of the Wicked: the narrator's corrections (one thing put right without undoing what
came after), each its own action the kernel checks, and the debate timer's commands."""

import pytest

from companion.core.errors import Forbidden, RuleError

from .test_rules import (
    EIGHT,
    TWELVE,
    alive,
    game,
    night,
    player,
    setup_with,
)


def test_a_correction_changes_one_thing_and_is_logged():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay")
    t.act("host", type="correct_back", player="Fay")
    assert alive(t, "Fay") and t.state["step"] == "vote"
    t.act("host", type="correct_claw_add", player="Ann")
    assert player(t, "Ann")["claw_marks"] == 1
    t.act("host", type="correct_claw_remove", player="Ann")
    t.act("host", type="correct_crown", player="Bob")
    assert t.state["crown"] == "Bob"
    t.act("host", type="correct_crown")
    assert t.state["crown"] is None
    t.act("host", type="correct_fallen", player="Dan")
    assert not alive(t, "Dan") and t.state["step"] == "vote"
    log = [e["text"] for e in t.view("host")["corrections"]["log"]]
    assert log == ["Fay is back in the game.", "Ann gets a Claw mark (now 1).", "Ann loses a Claw mark (now 0).",
                   "The Crown goes to Bob.", "The Crown is set aside (it was with Bob).", "Dan has fallen."]
    assert any(r["text"] == "Correction: Dan has fallen." for r in t.view("display")["recap"])


def test_a_correction_is_refused_with_a_sentence_when_it_changes_nothing():
    t = game(EIGHT, ["Gus", "Hal"])
    with pytest.raises(RuleError, match="no Claw mark"):
        t.act("host", type="correct_claw_remove", player="Ann")
    with pytest.raises(RuleError, match="still in the game"):
        t.act("host", type="correct_back", player="Ann")
    with pytest.raises(RuleError, match="only during the day"):
        t.act("host", type="correct_prisoner", player="Ann")
    with pytest.raises(Forbidden):
        t.act("Ann", type="correct_fallen", player="Bob")


CORRECTIONS = ("correct_fallen", "correct_back", "correct_claw_add", "correct_claw_remove", "correct_crown",
               "correct_prisoner")
TIMER = ("timer_start", "timer_pause", "timer_resume", "timer_add", "timer_stop")


def fields(kind):
    """What an action of this kind carries besides its type."""
    return {"player": "Bob"} if kind.startswith("correct_") else {"seconds": 60} if kind in ("timer_start", "timer_add") \
        else {}


@pytest.mark.parametrize("kind", CORRECTIONS + TIMER)
def test_only_the_narrator_corrects_and_runs_the_timer(kind):
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay")
    with pytest.raises(Forbidden, match="Only the narrator enters that."):
        t.act("Ann", type=kind, **fields(kind))
    with pytest.raises(Forbidden, match="Only the narrator enters that."):
        t.act("Board", type=kind, **fields(kind))


@pytest.mark.parametrize("kind", CORRECTIONS)
def test_nothing_is_corrected_before_the_deal(kind):
    t = setup_with([n for n, _ in EIGHT], [c for _, c in EIGHT])
    with pytest.raises(RuleError, match="There is nothing to correct before the cards are dealt."):
        t.act("host", type=kind, player="Ann")


@pytest.mark.parametrize("kind", ("timer_pause", "timer_resume", "timer_add", "timer_stop"))
def test_a_timer_that_is_not_set_is_neither_paused_resumed_extended_nor_stopped(kind):
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay")
    with pytest.raises(RuleError, match="The timer is not set."):
        t.act("host", type=kind, **fields(kind))


def test_the_rope_is_not_taken_back_at_night():
    t = game(TWELVE, ["Gus", "Hal", "Kim"])
    with pytest.raises(RuleError, match="Captain Hook holds a prisoner only during the day."):
        t.act("host", type="correct_prisoner")


def test_a_correction_can_end_the_game():
    t = game(EIGHT, ["Gus", "Hal"])
    t.act("host", type="correct_fallen", player="Gus")
    view = t.act("host", type="correct_fallen", player="Hal")
    assert view["winner"] == "mayhem"


def test_the_hook_prisoner_may_be_corrected_during_the_day():
    t = game(TWELVE, ["Gus", "Hal", "Kim"])
    night(t, target="Fay", lock="Fay")
    t.act("host", type="prisoner", target="Ann")
    t.act("host", type="correct_prisoner", player="Bob")
    assert t.state["prisoner"] == "Bob" and "Rope" in t.view("Bob")["card"]["status"]
    with pytest.raises(RuleError, match="other than Captain Hook"):
        t.act("host", type="correct_prisoner", player="Gus")
