"""Gathering of the Wicked: one test per rule of the rulebook, named after it, plus the readings
the app takes where the rulebook is silent."""

import pytest

from companion.core.errors import Forbidden, RuleError
from companion.core.table import Seat
from companion.games import gathering as g

from .gathering_harness import EIGHT, HOST, SEVEN_KHAN, TWELVE, act, alive, game, night, votes_all


def setup_with(names, chars):
    s = g.setup({})
    return act(s, type="setup", players=names, characters=chars)


PLAYERS = [f"P{i}" for i in range(12)]


# ----- setup -----

@pytest.mark.parametrize("n,count", [(6, 1), (7, 2), (9, 2), (11, 2), (12, 3)])
def test_mischief_cards_by_player_count(n, count):
    s = setup_with(PLAYERS[:n], g.DATA["suggested"][str(n)])
    act(s, type="deal")
    assert sum(p["alignment"] == "mischief" for p in s["players"]) == count


def test_every_villain_brings_its_henchman():
    with pytest.raises(RuleError, match="brings Diablo"):
        setup_with(PLAYERS[:6], ["maleficent", "prince_john", "sir_hiss", "hades", "pain_and_panic", "shere_khan"])


def test_no_henchman_without_its_villain():
    with pytest.raises(RuleError, match="comes only with Hades"):
        setup_with(PLAYERS[:6], ["pain_and_panic", "prince_john", "sir_hiss", "maleficent", "diablo", "shere_khan"])


def test_stepmother_brings_both_daughters():
    with pytest.raises(RuleError, match="Drizella and Anastasia|Anastasia"):
        setup_with(PLAYERS[:7], ["stepmother", "drizella", "prince_john", "sir_hiss", "hades", "pain_and_panic",
                                 "shere_khan"])


def test_odd_count_needs_the_stepmother_trio_or_shere_khan():
    s = setup_with(PLAYERS[:7], [c for _, c in SEVEN_KHAN])
    assert s["phase"] == "deal"
    # any other odd selection breaks the henchman rule, so it is refused with a sentence
    with pytest.raises(RuleError):
        setup_with(PLAYERS[:7], ["maleficent", "diablo", "hades", "pain_and_panic", "prince_john", "sir_hiss",
                                 "queen_of_hearts"])


def test_character_count_matches_player_count():
    with pytest.raises(RuleError, match="exactly one character per player"):
        setup_with(PLAYERS[:8], [c for _, c in EIGHT][:6])


def test_balance_tips_are_warnings_that_do_not_block():
    chars = ["prince_john", "sir_hiss", "mother_gothel", "stabbington_brothers", "hades", "pain_and_panic",
             "captain_hook", "mr_smee"]
    s = setup_with(PLAYERS[:8], chars)
    w = g.warnings(s["characters"], 8, {"beginners": True})
    assert "For beginners, leave out Mother Gothel and Shere Khan." in w
    assert "Maleficent belongs in every game except with 6 players." in w
    assert "Under 12 players, take Mother Gothel or Hades, not both." in w
    assert "Under 10 players, Captain Hook and the Queen are best left out." in w
    assert s["phase"] == "deal"


@pytest.mark.parametrize("n", range(6, 13))
def test_suggested_set_for_each_player_count_obeys_every_rule_and_tip(n):
    chars = g.DATA["suggested"][str(n)]
    g.check_selection(chars, n)
    assert g.warnings(chars, n, {"beginners": True}) == []


def test_digital_deal_deals_what_is_left_out():
    s = setup_with([n for n, _ in EIGHT], [c for _, c in EIGHT])
    act(s, type="deal", characters={"Ann": "hades"})
    assert s["players"][0]["character"] == "hades"
    assert sorted(p["character"] for p in s["players"]) == sorted(c for _, c in EIGHT)
    assert sum(p["alignment"] == "mischief" for p in s["players"]) == 2
    assert s["phase"] == "night"


def test_physical_alignments_are_recorded_when_mischief_wakes_on_the_first_night():
    s = setup_with([n for n, _ in EIGHT], [c for _, c in EIGHT])
    act(s, type="deal", characters=dict(EIGHT), alignments="physical")
    assert s["step"] == "mischief_members"
    with pytest.raises(RuleError, match="exactly 2"):
        act(s, type="mischief_members", members=["Cat"])
    act(s, type="mischief_members", members=["Cat", "Gus"])
    assert s["step"] == "spy" and alive(s, "Cat")
    assert {p["name"] for p in s["players"] if p["alignment"] == "mischief"} == {"Cat", "Gus"}


def test_prince_john_starts_with_the_crown():
    s = game(EIGHT, ["Gus", "Hal"])
    assert s["crown"] == "Eve"


# ----- the night -----

def test_night_calls_in_the_rulebook_order():
    s = game(TWELVE, ["Gus", "Hal", "Kim"])
    assert night(s, target="Eve") == ["spy", "lock_away", "mischief_target", "hades", "mirror"]


def test_absent_characters_are_not_called():
    s = game(SEVEN_KHAN, ["Kit", "Dan"])
    assert night(s, target="Eve") == ["spy", "mischief_target", "hades"]


def test_if_maleficent_or_diablo_falls_the_pairs_step_is_gone():
    s = game(EIGHT, ["Gus", "Hal"])
    night(s, target="Bob")  # Diablo falls at dawn
    assert not alive(s, "Bob")
    act(s, type="vote", votes=votes_all(s, "Gus"))
    assert night(s, target="Eve")[0] == "mischief_target"


def test_diablo_is_shown_the_spied_alignment_on_the_narrators_screen_only():
    s = game(EIGHT, ["Gus", "Hal"])
    act(s, type="spy", target="Gus")
    assert g.view(s, HOST)["diablo_sees"] == "Mischief"
    assert "diablo_sees" not in g.view(s, Seat(3, "Bob", "player"))
    assert "diablo_sees" not in g.view(s, Seat(9, "Board", "display"))


def test_maleficent_spies_on_someone_else():
    s = game(EIGHT, ["Gus", "Hal"])
    with pytest.raises(RuleError):
        act(s, type="spy", target="Ann")


def test_mother_gothel_cannot_lock_the_same_player_two_nights_in_a_row():
    s = game(TWELVE, ["Gus", "Hal", "Kim"])
    night(s, target="Fay", lock="Cat")  # she may lock herself away
    act(s, type="prisoner", target="Ann")
    act(s, type="vote", votes=votes_all(s, "Hal"))
    act(s, type="spy", target="Ida")
    with pytest.raises(RuleError, match="two nights in a row"):
        act(s, type="lock_away", target="Cat")
    act(s, type="lock_away", target="Jon")


def test_team_mischief_cannot_choose_one_of_its_own():
    s = game(EIGHT, ["Gus", "Hal"])
    act(s, type="spy", target="Bob")
    with pytest.raises(RuleError, match="one of its own"):
        act(s, type="mischief_target", target="Hal")


def test_locked_away_victim_is_not_defeated():
    s = game(TWELVE, ["Gus", "Hal", "Kim"])
    night(s, target="Eve", lock="Eve")
    assert alive(s, "Eve")
    assert "nobody fell" in " ".join(s["announce"])


def test_victim_falls_at_dawn_and_reveals_alignment():
    s = game(EIGHT, ["Gus", "Hal"])
    night(s, target="Fay")
    fay = next(p for p in g.view(s, Seat(9, "Board", "display"))["players"] if p["name"] == "Fay")
    assert fay["alive"] is False and fay["alignment"] == "mayhem"


def test_hades_saves_the_victim_once_per_game():
    s = game(EIGHT, ["Gus", "Hal"])
    night(s, target="Fay", save=True)
    assert alive(s, "Fay")
    act(s, type="vote", votes=votes_all(s, "Dan"))
    night_steps = night(s, target="Fay", save=False)
    assert "hades" in night_steps  # still called: a decoy
    assert not alive(s, "Fay")


def test_hades_spent_save_keeps_his_step_as_a_decoy_that_accepts_only_no():
    s = game(EIGHT, ["Gus", "Hal"])
    night(s, target="Fay", save=True)
    act(s, type="vote", votes=votes_all(s, "Dan"))
    act(s, type="spy", target="Eve")
    act(s, type="mischief_target", target="Eve")
    assert s["step"] == "hades" and g.view(s, HOST)["decoy"] is True
    with pytest.raises(RuleError, match="already used"):
        act(s, type="hades", save=True)
    act(s, type="hades", save=False)


def test_hades_may_save_himself():
    s = game(EIGHT, ["Gus", "Hal"])
    night(s, target="Cat", save=True)
    assert alive(s, "Cat")


def test_the_queen_reveals_another_player_once_per_game_never_the_victim():
    s = game(TWELVE, ["Gus", "Hal", "Kim"])
    act(s, type="spy", target="Bob")
    act(s, type="lock_away", target="Ann")
    act(s, type="mischief_target", target="Lou")
    act(s, type="hades", save=False)
    with pytest.raises(RuleError, match="chose tonight"):
        act(s, type="mirror", target="Lou")
    with pytest.raises(RuleError, match="another player"):
        act(s, type="mirror", target="Ida")
    act(s, type="mirror", target="Fay")
    fay = next(p for p in g.view(s, Seat(9, "Board", "display"))["players"] if p["name"] == "Fay")
    assert fay["alive"] and fay["alignment"] == "mayhem"  # Mayhem: stays, alignment public
    act(s, type="prisoner", target="Ann")
    act(s, type="vote", votes=votes_all(s, "Jon"))
    assert "mirror" not in night(s, target="Bob")  # spent in public: the step is passed


def test_the_queens_reveal_of_mischief_defeats_at_once_in_the_night():
    s = game(TWELVE, ["Gus", "Hal", "Kim"])
    act(s, type="spy", target="Bob")
    act(s, type="lock_away", target="Ann")
    act(s, type="mischief_target", target="Eve")
    act(s, type="hades", save=False)
    act(s, type="mirror", target="Kim")
    assert not alive(s, "Kim") and not alive(s, "Eve")


def test_defeated_crown_holder_names_a_successor_before_anything_else():
    s = game(EIGHT, ["Gus", "Hal"])
    night(s, target="Eve")
    assert s["step"] == "crown_successor"
    with pytest.raises(RuleError, match="waits for 'crown_successor'"):
        act(s, type="vote", votes=votes_all(s, "Gus"))
    with pytest.raises(RuleError, match="fallen"):
        act(s, type="crown_successor", player="Eve")
    act(s, type="crown_successor", player="Fay")
    assert s["crown"] == "Fay" and s["step"] == "vote"


# ----- the day -----

def test_captain_hook_takes_a_prisoner_at_the_start_of_each_day():
    s = game(TWELVE, ["Gus", "Hal", "Kim"])
    night(s, target="Eve", lock="Eve")
    assert s["step"] == "prisoner"
    with pytest.raises(RuleError):
        act(s, type="vote", votes=votes_all(s, "Hal"))
    with pytest.raises(RuleError):
        act(s, type="prisoner", target="Gus")
    act(s, type="prisoner", target="Ann")
    assert s["prisoner"] == "Ann" and s["step"] == "vote"


def test_most_votes_is_defeated():
    s = game(EIGHT, ["Gus", "Hal"])
    night(s, target="Dan")
    act(s, type="vote", votes=votes_all(s, "Hal", Gus="Ann", Hal="Ann"))
    assert not alive(s, "Hal") and alive(s, "Ann")


def test_every_standing_player_votes():
    s = game(EIGHT, ["Gus", "Hal"])
    night(s, target="Dan")
    v = votes_all(s, "Hal")
    v.pop("Ann")
    with pytest.raises(RuleError, match="missing: Ann"):
        act(s, type="vote", votes=v)


def test_tie_goes_to_the_crown_holder_among_the_tied():
    s = game(EIGHT, ["Gus", "Hal"])
    night(s, target="Dan")
    act(s, type="vote", votes={"Ann": "Gus", "Bob": "Gus", "Cat": "Gus", "Eve": "Hal", "Fay": "Hal",
                                "Gus": "Hal", "Hal": "Ann"})
    assert s["step"] == "crown_decides"
    with pytest.raises(RuleError, match="among the tied"):
        act(s, type="crown_decides", player="Ann")
    act(s, type="crown_decides", player="Hal")
    assert not alive(s, "Hal") and alive(s, "Gus")


def test_tie_without_a_crown_defeats_nobody():
    s = game(SEVEN_KHAN, ["Kit", "Dan"])
    night(s, target="Eve")  # Prince John falls with the Crown
    act(s, type="crown_successor", player="Fay")
    s["crown"] = None  # a table where the Crown has left the game
    act(s, type="vote", votes={"Ann": "Kit", "Bob": "Kit", "Cat": "Dan", "Dan": "Ann", "Fay": "Dan", "Kit": "Ann"})
    assert all(alive(s, n) for n in ("Ann", "Kit", "Dan")) and s["phase"] == "night"


def test_claw_marks_count_as_one_more_vote_each_in_later_votes():
    s = game(SEVEN_KHAN, ["Kit", "Dan"])
    night(s, target="Cat")
    # Shere Khan (Kit) votes against Ann: Ann gets a Claw mark after the vote
    act(s, type="vote", votes={"Ann": "Dan", "Bob": "Dan", "Dan": "Ann", "Eve": "Dan", "Fay": "Dan", "Kit": "Ann"})
    ann = next(p for p in s["players"] if p["name"] == "Ann")
    assert ann["claw_marks"] == 1 and not alive(s, "Dan")
    night(s, target="Bob")
    # 2 votes for Eve, 1 vote + 1 claw mark for Ann: a tie, decided by the Crown
    act(s, type="vote", votes={"Ann": "Eve", "Eve": "Ann", "Fay": "Eve", "Kit": "Fay"})
    assert s["step"] == "crown_decides" and sorted(s["day"]["tie"]) == ["Ann", "Eve"]


def test_shere_khans_vote_leaves_a_claw_mark():
    s = game(SEVEN_KHAN, ["Kit", "Dan"])
    night(s, target="Cat")
    act(s, type="vote", votes={"Ann": "Dan", "Bob": "Dan", "Dan": "Fay", "Eve": "Dan", "Fay": "Dan", "Kit": "Fay"})
    assert next(p for p in s["players"] if p["name"] == "Fay")["claw_marks"] == 1


def test_henchman_who_voted_against_their_mayhem_villain_falls_with_them():
    s = game(EIGHT, ["Gus", "Hal"])
    night(s, target="Fay")
    act(s, type="vote", votes=votes_all(s, "Cat"))  # Dan (Pain & Panic) voted against Hades, who is Mayhem
    assert not alive(s, "Cat") and not alive(s, "Dan")


def test_henchman_rule_spares_the_henchman_when_the_villain_is_mischief():
    s = game(EIGHT, ["Cat", "Gus"])
    night(s, target="Fay")
    act(s, type="vote", votes=votes_all(s, "Cat"))  # Dan (Pain & Panic) voted against Hades, who is Mischief
    assert not alive(s, "Cat") and alive(s, "Dan")


def test_captain_hooks_prisoner_falls_with_him():
    s = game(TWELVE, ["Gus", "Hal", "Kim"])
    night(s, target="Eve", lock="Eve")
    act(s, type="prisoner", target="Lou")
    act(s, type="vote", votes=votes_all(s, "Gus"))
    assert not alive(s, "Gus") and not alive(s, "Lou")


def test_off_with_their_head_rules():
    s = game(EIGHT, ["Gus", "Hal"])
    night(s, target="Fay")
    standing = [p["name"] for p in s["players"] if p["alive"]]
    votes = {n: "defeat" for n in standing if n != "Hal"}
    with pytest.raises(RuleError, match="does not vote"):
        act(s, type="off_with_their_head", accused="Hal", votes={**votes, "Hal": "save"})
    with pytest.raises(RuleError, match="must vote to defeat"):
        act(s, type="off_with_their_head", accused="Hal", votes={**votes, "Gus": "save"})
    # a tie pardons: 3 defeat, 3 save
    tie = dict(zip([n for n in standing if n != "Hal"], ["save", "save", "save", "defeat", "defeat", "defeat"], strict=True))
    tie["Gus"] = "defeat"
    assert sorted(tie.values()).count("defeat") == 3
    act(s, type="off_with_their_head", accused="Hal", votes=tie)
    assert alive(s, "Hal") and s["phase"] == "night"  # replaces the vote: the night follows at once
    night(s, target="Ann")
    with pytest.raises(RuleError, match="already used"):
        act(s, type="off_with_their_head", accused="Hal", votes={n: "defeat" for n in standing if n not in ("Hal", "Ann", "Fay")})


def test_off_with_their_head_majority_defeats():
    s = game(EIGHT, ["Gus", "Hal"])
    night(s, target="Fay")
    standing = [p["name"] for p in s["players"] if p["alive"] and p["name"] != "Hal"]
    act(s, type="off_with_their_head", accused="Hal", votes={n: "defeat" for n in standing})
    assert not alive(s, "Hal") and s["phase"] == "night"


def test_reading_claw_marks_do_not_count_in_the_thumbs_vote_by_default():
    assert g.READINGS["claws_in_thumbs_vote"][0] is False


def test_reading_hades_save_on_a_locked_victim_is_spent_by_default():
    s = game(TWELVE, ["Gus", "Hal", "Kim"])
    night(s, target="Eve", lock="Eve", save=True)
    assert s["used"].get("hades") is True


def test_reading_hades_save_on_a_locked_victim_can_be_kept():
    s = game(TWELVE, ["Gus", "Hal", "Kim"], hades_save_spent_on_locked=False)
    night(s, target="Eve", lock="Eve", save=True)
    assert not s["used"].get("hades")


# ----- the end -----

def test_mayhem_wins_when_no_mischief_member_stands():
    s = game(EIGHT, ["Gus", "Hal"])
    night(s, target="Fay")
    act(s, type="vote", votes=votes_all(s, "Gus"))
    night(s, target="Ann")
    act(s, type="vote", votes=votes_all(s, "Hal"))
    assert s["winner"] == "mayhem" and s["phase"] == "over"


def test_mischief_wins_when_at_least_as_many_as_mayhem():
    s = game(["Ann", "maleficent"] and EIGHT, ["Gus", "Hal"])
    for victim, voted in (("Ann", "Bob"), ("Cat", "Dan")):
        night(s, target=victim)
        if s["step"] == "crown_successor":
            act(s, type="crown_successor", player="Fay")
        if s["phase"] == "day":
            act(s, type="vote", votes=votes_all(s, voted, Gus="Eve" if voted != "Eve" else "Fay"))
    # 8 - 4 = 4 left: Eve, Fay, Gus, Hal -> 2 Mischief against 2 Mayhem
    assert s["winner"] == "mischief"


def test_secret_ballots_are_revealed_when_the_last_one_is_in():
    s = game(EIGHT, ["Gus", "Hal"])
    night(s, target="Fay")
    seats = {p["name"]: Seat(i + 1, p["name"], "player") for i, p in enumerate(s["players"]) if p["alive"]}
    names = list(seats)
    for n in names[:-1]:
        act(s, seats[n], type="ballot", target="Gus" if n != "Gus" else "Ann")
        other = g.view(s, seats[names[-1]])
        assert "last_votes" not in other and "my_ballot" not in other
    assert g.view(s, seats["Ann"])["my_ballot"] == "Gus"
    assert g.view(s, Seat(99, "Board", "display"))["ballots_in"] == len(names) - 1
    act(s, seats[names[-1]], type="ballot", target="Gus")
    assert not alive(s, "Gus")
    assert g.view(s, Seat(99, "Board", "display"))["last_votes"]["Ann"] == "Gus"


def test_only_the_narrator_runs_the_night():
    s = game(EIGHT, ["Gus", "Hal"])
    with pytest.raises(Forbidden):
        act(s, Seat(1, "Ann", "player"), type="spy", target="Bob")


def test_the_narrator_may_rewrite_a_step_s_lines_for_this_table():
    s = game(EIGHT, ["Gus", "Hal"])
    act(s, type="script", key="spy", lines="Dark fairy, open your eyes.\nChoose.")
    assert g.view(s, HOST)["script_lines"] == ["Dark fairy, open your eyes.", "Choose."]
    with pytest.raises(RuleError):
        act(s, type="script", key="nonsense", lines=["x"])


def test_debate_timer_pauses_and_extends():
    s = game(EIGHT, ["Gus", "Hal"])
    night(s, target="Fay")
    act(s, type="timer", command="start", seconds=180)
    ends = s["timer"]["ends_at"]
    act(s, type="timer", command="add", seconds=60)
    assert s["timer"]["ends_at"] == pytest.approx(ends + 60, abs=1)
    act(s, type="timer", command="pause")
    assert s["timer"]["ends_at"] is None and 230 < s["timer"]["remaining"] <= 240
    act(s, type="timer", command="resume")
    assert s["timer"]["ends_at"] is not None


def test_the_queen_unmasking_the_mischief_crown_holder_passes_the_crown_at_dawn():
    s = game(TWELVE, ["Eve", "Hal", "Kim"])  # Prince John (Eve) is Mischief and holds the Crown
    act(s, type="spy", target="Bob")
    act(s, type="lock_away", target="Ann")
    act(s, type="mischief_target", target="Lou")
    act(s, type="hades", save=False)
    act(s, type="mirror", target="Eve")
    assert not alive(s, "Eve") and s["step"] == "crown_successor"
    act(s, type="crown_successor", player="Fay")
    assert s["crown"] == "Fay" and s["step"] == "prisoner"
