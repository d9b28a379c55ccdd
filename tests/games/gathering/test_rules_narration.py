"""Gathering of the Wicked: the narration, one test per rule of its script: each night's beats and
their lines, what the narrator's phone reads aloud and when, the day's announcements, the
narrator's own lines for a table."""

import pytest

from companion.core.errors import Forbidden, RuleError
from companion.games import gathering as g

from .test_rules import (
    EIGHT,
    SEVEN_KHAN,
    SEVEN_STEPMOTHER,
    TWELVE,
    alive,
    game,
    night,
    setup_with,
    votes_all,
)


def heard(view):
    """The group of lines the narrator's phone reads now: [(line, waits for the silence first)]."""
    return [(line, part["pause"] and i == 0) for part in view["say"]["parts"] for i, line in enumerate(part["lines"])]


def test_each_night_step_reads_its_wake_line_then_waits_for_the_narrators_tap():
    t = game(EIGHT, ["Gus", "Hal"])
    view = t.view("host")
    assert view["beat"]["key"] == "dusk" and view["beat"]["button"] == "Night falls" and view["say"]["parts"] == []
    view = t.act("host", type="beat")  # night falls: the nightfall, the silence, Maleficent's wake line only
    assert heard(view) == [("The sun slips away and the shadows gather.", False),
                           ("Everyone in the Gathering, close your eyes and sleep.", False),
                           ("Maleficent, wake up.", True),
                           ("Point at the player whose loyalty you want to learn.", False)]
    assert view["beat"]["wait"] == "choice"
    view = t.act("host", type="spy", target="Gus")  # Diablo's card, full screen until closed
    assert heard(view) == [("Maleficent, sleep.", False), ("Diablo, wake and see what that player hides.", True)]
    assert view["beat"]["reveal"]["big"] == "Team Mischief" and view["beat"]["wait"] == "beat"
    view = t.act("host", type="beat")
    assert heard(view) == [(g.DATA["script"]["spy_tell"][0], False)] and view["beat"]["reveal"] is None
    view = t.act("host", type="beat")  # his answer given: they sleep, silence, Team Mischief wakes
    assert heard(view) == [("Maleficent and Diablo, sleep.", False), ("Team Mischief, wake up.", True),
                           (g.DATA["script"]["mischief_target_wake"][1], False)]
    view = t.act("host", type="mischief_target", target="Fay")
    assert [line for line, _ in heard(view)] == ["Team Mischief, sleep, pleased with your scheme.", "Hades, wake up.",
                                                 "Here is the one Team Mischief has chosen."]
    assert view["beat"]["reveal"] == {"to": "Hades", "label": "Team Mischief chose", "big": "Fay"}
    view = t.act("host", type="beat")  # the name closed: then his question
    assert heard(view) == [(g.DATA["script"]["hades_ask"][0], False)] and view["beat"]["key"] == "hades_ask"
    with pytest.raises(RuleError, match="waits for the narrator's choice"):
        t.act("host", type="beat")


def test_the_choice_of_a_step_is_accepted_at_any_of_its_beats():
    """The beats pace the voice, not the rules: an API client may skip them."""
    t = game(EIGHT, ["Gus", "Hal"])
    assert night(t, target="Fay") == ["spy", "mischief_target", "hades"] and t.state["phase"] == "day"


def test_a_decoy_step_has_the_same_beats_and_lines_as_a_real_one():
    def hades_step(t):
        t.act("host", type="beat")
        t.act("host", type="spy", target="Bob")
        t.act("host", type="beat")
        t.act("host", type="beat")
        beats = [(t.act("host", type="mischief_target", target="Fay")["beat"], heard(t.view("host")))]
        beats.append((t.act("host", type="beat")["beat"], heard(t.view("host"))))
        return beats

    t = game(EIGHT, ["Gus", "Hal"])
    real = hades_step(t)
    t.act("host", type="hades", save=True)
    t.act("host", type="vote", votes=votes_all(t, "Gus"))
    decoy = hades_step(t)
    assert t.view("host")["decoy"] is True
    assert real == decoy


def test_stage_directions_are_shown_to_the_narrator_and_never_read():
    t = setup_with([n for n, _ in EIGHT], [c for _, c in EIGHT])
    t.act("host", type="deal", characters=dict(EIGHT), alignments="physical")
    view = t.act("host", type="beat")
    assert view["beat"]["key"] == "mischief_wake" and view["beat"]["direction"] == "Tick the players whose eyes are open."
    spoken = " ".join(line for line, _ in heard(view))
    assert "Narrator" not in spoken and "Tick" not in spoken
    for key, direction in g.DATA["directions"].items():
        assert direction not in " ".join(sum(g.DATA["script"].values(), [])), key


# ----- the day, announced (issue 12.2) -----

def test_dawn_is_read_once_even_when_hook_takes_a_prisoner():
    t = game(TWELVE, ["Gus", "Hal", "Kim"])
    night(t, target="Fay", lock="Fay")
    assert [line for line, _ in heard(t.view("host"))][-2:] == g.DATA["script"]["prisoner"]
    view = t.act("host", type="prisoner", target="Ann")
    assert heard(view) == [(g.DATA["script"]["debate"][0], False)]  # not the dawn again
    assert g.DATA["script"]["dawn"][0] in t.view("Ann")["announce"]  # still shown on the phones


def test_the_vote_result_is_read_with_its_count_and_kept_for_every_screen():
    t = game(SEVEN_KHAN, ["Ann", "Kit"])
    night(t, target="Fay")
    said = heard(t.act("host", type="vote", votes=votes_all(t, "Bob")))
    assert said == [("The count: Bob 5 votes, Ann 1 vote.", False), ("The Gathering has spoken: Bob must leave.", False)]
    view = t.view("display")  # the day's end, until the narrator lets night fall
    assert view["dusk"] is True and view["last_vote"]["outcome"] == "The Gathering has spoken: Bob must leave."
    assert view["last_vote"]["counts"] == [{"name": "Bob", "votes": 5, "claws": 0, "total": 5, "detail": None},
                                           {"name": "Ann", "votes": 1, "claws": 0, "total": 1, "detail": None}]
    # Diablo has fallen, so Maleficent's step is gone: Team Mischief is the first called
    assert t.act("host", type="beat")["beat"]["key"] == "mischief_target_wake" and t.view("display")["dusk"] is False


def test_a_claw_mark_is_counted_apart_in_the_announced_result():
    t = game(SEVEN_KHAN, ["Dan", "Kit"])
    night(t, target="Fay")
    t.act("host", type="vote", votes=votes_all(t, "Bob", Kit="Dan"))  # Dan: one Claw mark from now on
    night(t, target="Cat", save=True)
    votes = {"Ann": "Dan", "Cat": "Ann", "Dan": "Ann", "Eve": "Dan", "Kit": "Cat"}
    view = t.act("host", type="vote", votes=votes)
    dan = next(c for c in view["last_vote"]["counts"] if c["name"] == "Dan")
    assert dan["claws"] == 1 and dan["total"] == dan["votes"] + 1
    assert dan["detail"] == f"({dan['votes']} vote{'s' if dan['votes'] != 1 else ''} + 1 Claw mark)"
    said = [line for line, _ in heard(view)]
    assert said[0].startswith("The count: Dan ") and "(1 from Claw mark)" in said[0]
    assert "Dan must leave." in said[1]
    assert view["phase"] == "night" and view["beat"]["key"] == "dusk"  # the night waits for the narrator's tap


def test_a_tie_is_announced_and_then_the_crowns_choice():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay")
    view = t.act("host", type="vote", votes={"Ann": "Gus", "Bob": "Gus", "Cat": "Gus", "Dan": "Hal", "Eve": "Hal",
                                              "Gus": "Hal", "Hal": "Ann"})
    assert view["step"] == "crown_decides"
    assert heard(view)[-1] == ("Gus and Hal are tied. Eve, you wear the Crown: choose who falls.", False)
    view = t.act("host", type="crown_decides", player="Hal")
    assert heard(view)[0] == ("The Crown has chosen: Hal must leave.", False)
    assert "Gus and Hal are tied" in view["last_vote"]["outcome"] and "Hal must leave" in view["last_vote"]["outcome"]


def test_a_tie_without_the_crown_announces_that_nobody_leaves_today():
    t = game(SEVEN_STEPMOTHER, ["Ann", "Bob"])
    night(t, target="Cat")
    alive_names = [p["name"] for p in t.state["players"] if p["alive"]]
    assert alive_names == ["Ann", "Bob", "Dan", "Eve", "Fay", "Gia"]
    view = t.act("host", type="vote", votes={"Ann": "Dan", "Bob": "Dan", "Dan": "Eve", "Eve": "Ann", "Fay": "Eve",
                                              "Gia": "Ann"})
    assert ("The Gathering could not agree, and nobody leaves today.", False) in heard(view)
    assert t.view("display")["last_vote"]["outcome"] == "The Gathering could not agree, and nobody leaves today."


def test_the_signal_to_vote_is_read_on_the_narrators_tap_once():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay")
    assert t.view("host")["beat"]["button"] == "Call the vote"
    view = t.act("host", type="beat")
    assert heard(view) == [(g.DATA["script"]["vote"][0], False)] and view["beat"]["button"] is None
    with pytest.raises(RuleError, match="already been given"):
        t.act("host", type="beat")


def test_the_queen_of_hearts_lines_are_read_when_she_accuses_and_thumbs_come_from_phones_and_the_narrator():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay")
    view = t.act("host", type="accuse", accused="Hal")  # Gus is the Queen of Hearts
    assert [line for line, _ in heard(view)] == g.DATA["script"]["off_with_their_head"]
    assert t.view("display")["thumbs_open"] == {"accused": "Hal", "in": 1, "of": 6}  # her own thumb down is in
    assert t.view("Hal")["ballot"]["choices"] == []  # the accused does not vote
    assert t.view("Gus")["ballot"]["cast"] == "defeat"
    with pytest.raises(RuleError, match="does not vote"):
        t.act("Hal", type="thumb", vote="save")
    with pytest.raises(RuleError, match="must vote to defeat"):
        t.act("Gus", type="thumb", vote="save")
    with pytest.raises(Forbidden):
        t.act("Ann", type="thumb", vote="save", voter="Bob")
    t.act("Ann", type="thumb", vote="save")
    t.act("Ann", type="thumb", vote="defeat")  # changed before the last one is in
    for name in ("Bob", "Cat"):
        t.act(name, type="thumb", vote="defeat")
    t.act("host", type="thumb", voter="Dan", vote="save")  # Dan has no phone
    view = t.act("host", type="thumb", voter="Eve", vote="save")
    assert not alive(t, "Hal") and view["last_vote"]["thumbs"] == {"defeat": 4, "save": 2, "claws": 0, "down": 4}
    said = [line for line, _ in heard(view)]
    assert said[0] == "Thumbs down: 4. Thumbs up: 2." and "Hal must leave" in said[1]


def test_a_pardon_is_announced():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay")
    t.act("host", type="accuse", accused="Ann")
    for name in ("Bob", "Cat", "Dan", "Eve", "Hal"):
        view = t.act("host", type="thumb", voter=name, vote="save")
    assert alive(t, "Ann") and ("Ann is spared.", False) in heard(view)
    assert t.view("display")["last_vote"]["outcome"] == "Ann is spared."


# ----- votes with or without phones (issue 12.3) -----

def test_the_narrator_sees_who_has_not_voted_and_casts_their_ballots():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay")
    t.act("host", type="beat")  # the narrator's signal: the vote opens
    t.act("Ann", type="ballot", target="Gus")
    view = t.act("host", type="ballot", voter="Bob", target="Gus")
    assert view["ballots_missing"] == ["Cat", "Dan", "Eve", "Gus", "Hal"]
    rows = {r["voter"]: r for r in view["tap_in"]["rows"]}
    assert rows["Ann"]["in"] and rows["Bob"]["in"] and not rows["Cat"]["in"] and "Ann" not in rows["Ann"]["choices"]
    t.act("host", type="ballot", voter="Ann", target="Hal")  # the narrator may change a mis-tapped ballot
    for name in ("Cat", "Dan", "Eve", "Gus"):
        t.act("host", type="ballot", voter=name, target="Gus" if name != "Gus" else "Ann")
    view = t.act("Hal", type="ballot", target="Ann")
    assert view["last_vote"]["votes"]["Ann"] == "Hal" and not alive(t, "Gus")


def test_every_days_vote_is_kept_in_the_history():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay")
    t.act("host", type="vote", votes=votes_all(t, "Gus"))
    night(t, target="Ann")
    t.act("host", type="vote", votes=votes_all(t, "Hal"))
    history = t.view("display")["history"]
    assert [(h["round"], h["outcome"]) for h in history] == [
        (1, "The Gathering has spoken: Gus must leave."), (2, "The Gathering has spoken: Hal must leave.")]


# ----- narrator tools (issue 12.5) -----

def test_a_rewritten_line_with_an_unknown_blank_is_refused():
    t = game(EIGHT, ["Gus", "Hal"])
    with pytest.raises(RuleError, match="only these blanks"):
        t.act("host", type="script", key="dawn_fallen", lines=["{victim} is gone."])
    with pytest.raises(RuleError, match="only these blanks"):
        t.act("host", type="script", key="dawn", lines=["An open { brace."])
    t.act("host", type="script", key="dawn_fallen", lines=["Alas, {names}."])
    t.act("host", type="beat")
    night(t, target="Fay")
    assert "Alas, Fay." in t.view("display")["announce"]


def test_an_action_that_says_nothing_leaves_the_voice_where_it_was():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay")
    said = t.view("host")["say"]
    t.act("host", type="timer_start", seconds=60)
    assert t.view("host")["say"] == said  # nothing new to read: the phone does not read again
    t.act("host", type="beat")  # the signal to vote: one new group
    assert t.view("host")["say"] == {"n": said["n"] + 1, "parts": [{"lines": g.DATA["script"]["vote"], "pause": False}]}
    assert not [key for key in t.state if key.startswith("_")]  # nothing passed through the state
