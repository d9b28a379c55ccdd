"""Gathering of the Wicked: one test per rule of the rulebook, named after it, plus the readings
the app takes where the rulebook is silent. Every action goes the API's way (tests/rules.py):
the narrator is the host seat, and each player has a seat of their own name."""

import pytest

from companion.core.errors import Forbidden, RuleError
from companion.games import gathering as g
from companion.games.gathering import day

from ...rules import Game

EIGHT = [("Ann", "maleficent"), ("Bob", "diablo"), ("Cat", "hades"), ("Dan", "pain_and_panic"),
         ("Eve", "prince_john"), ("Fay", "sir_hiss"), ("Gus", "queen_of_hearts"), ("Hal", "king_of_hearts")]
TWELVE = [("Ann", "maleficent"), ("Bob", "diablo"), ("Cat", "mother_gothel"), ("Dan", "stabbington_brothers"),
          ("Eve", "prince_john"), ("Fay", "sir_hiss"), ("Gus", "captain_hook"), ("Hal", "mr_smee"),
          ("Ida", "the_queen"), ("Jon", "magic_mirror"), ("Kim", "hades"), ("Lou", "pain_and_panic")]
SEVEN_KHAN = [("Ann", "maleficent"), ("Bob", "diablo"), ("Cat", "hades"), ("Dan", "pain_and_panic"),
              ("Eve", "prince_john"), ("Fay", "sir_hiss"), ("Kit", "shere_khan")]
SEVEN_STEPMOTHER = [("Ann", "maleficent"), ("Bob", "diablo"), ("Cat", "hades"), ("Dan", "pain_and_panic"),
                    ("Eve", "stepmother"), ("Fay", "drizella"), ("Gia", "anastasia")]  # no Prince John: no Crown
SEVEN_KHAN_QUEEN = [("Ann", "maleficent"), ("Bob", "diablo"), ("Cat", "hades"), ("Dan", "pain_and_panic"),
                    ("Gus", "queen_of_hearts"), ("Hal", "king_of_hearts"), ("Kit", "shere_khan")]
PLAYERS = [f"P{i}" for i in range(12)]


def setup_with(names, chars, **options):
    """A table whose narrator has entered the players and characters."""
    t = Game("gathering", options, players=names)
    t.act("host", type="setup", players=names, characters=chars)
    return t


def game(chars, mischief, **options):
    """Setup and a digital deal of these characters with this Team Mischief: night 1 begins."""
    t = setup_with([n for n, _ in chars], [c for _, c in chars], **options)
    t.act("host", type="deal", characters=dict(chars), mischief=mischief)
    return t


def night(t, target, spy=None, lock=None, save=False, mirror=None):
    """The narrator runs the night's steps with these choices; returns the keys of the steps called."""
    called = []
    while t.state["phase"] == "night":
        s = t.state
        step = s["step"]
        called.append(step)
        if step == "spy":
            t.act("host", type="spy", target=spy or next(p["name"] for p in s["players"]
                                                         if p["alive"] and p["character"] != "maleficent"))
        elif step == "lock_away":
            t.act("host", type="lock_away", target=lock or next(p["name"] for p in s["players"]
                                                                if p["alive"] and p["name"] != s["last_lock"]))
        elif step == "mischief_target":
            t.act("host", type="mischief_target", target=target)
        elif step == "hades":
            t.act("host", type="hades", save=save)
        elif step == "mirror":
            t.act("host", type="mirror", target=mirror)
        else:
            raise AssertionError(f"the night waits for an unknown step {step!r}")
    return called


def alive(t, name):
    return next(p for p in t.state["players"] if p["name"] == name)["alive"]


def player(t, name):
    return next(p for p in t.state["players"] if p["name"] == name)


def votes_all(t, target, **exceptions):
    """Everyone standing votes for target (or, for target itself, for someone else), with exceptions."""
    standing = [p["name"] for p in t.state["players"] if p["alive"]]
    other = next(n for n in standing if n != target)
    votes = {n: (target if n != target else other) for n in standing}
    votes.update(exceptions)
    return votes


# ----- setup -----

@pytest.mark.parametrize("n,count", [(6, 1), (7, 2), (9, 2), (11, 2), (12, 3)])
def test_mischief_cards_by_player_count(n, count):
    t = setup_with(PLAYERS[:n], g.DATA["suggested"][str(n)])
    t.act("host", type="deal")
    assert sum(p["alignment"] == "mischief" for p in t.state["players"]) == count


def test_every_villain_brings_its_henchman():
    with pytest.raises(RuleError, match="brings Diablo"):
        setup_with(PLAYERS[:6], ["maleficent", "prince_john", "sir_hiss", "hades", "pain_and_panic", "shere_khan"])


def test_no_henchman_without_its_villain():
    with pytest.raises(RuleError, match="comes only with Hades"):
        setup_with(PLAYERS[:6], ["pain_and_panic", "prince_john", "sir_hiss", "maleficent", "diablo", "shere_khan"])


def test_stepmother_brings_both_daughters():
    with pytest.raises(RuleError, match="Anastasia"):
        setup_with(PLAYERS[:7], ["stepmother", "drizella", "prince_john", "sir_hiss", "hades", "pain_and_panic",
                                 "shere_khan"])


def test_odd_count_needs_the_stepmother_trio_or_shere_khan():
    assert setup_with(PLAYERS[:7], [c for _, c in SEVEN_KHAN]).state["step"] == "deal"
    assert setup_with(PLAYERS[:7], [c for _, c in SEVEN_STEPMOTHER]).state["step"] == "deal"
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
    t = setup_with(PLAYERS[:8], chars, beginners=True)
    w = t.view("host")["warnings"]
    assert "For beginners, leave out Mother Gothel and Shere Khan." in w
    assert "Maleficent belongs in every game except with 6 players." in w
    assert "Under 12 players, take Mother Gothel or Hades, not both." in w
    assert "Under 10 players, Captain Hook and the Queen are best left out." in w
    assert t.state["step"] == "deal"


@pytest.mark.parametrize("n", range(6, 13))
def test_suggested_set_for_each_player_count_obeys_every_rule_and_tip(n):
    t = setup_with(PLAYERS[:n], g.DATA["suggested"][str(n)], beginners=True)
    assert t.state["step"] == "deal" and t.view("host")["warnings"] == []


def test_digital_deal_deals_what_is_left_out():
    t = setup_with([n for n, _ in EIGHT], [c for _, c in EIGHT])
    t.act("host", type="deal", characters={"Ann": "hades"})
    s = t.state
    assert s["players"][0]["character"] == "hades"
    assert sorted(p["character"] for p in s["players"]) == sorted(c for _, c in EIGHT)
    assert sum(p["alignment"] == "mischief" for p in s["players"]) == 2
    assert s["phase"] == "night"


def test_physical_alignments_are_recorded_when_mischief_wakes_on_the_first_night():
    t = setup_with([n for n, _ in EIGHT], [c for _, c in EIGHT])
    t.act("host", type="deal", characters=dict(EIGHT), alignments="physical")
    assert t.state["step"] == "mischief_members"
    with pytest.raises(RuleError, match="exactly 2"):
        t.act("host", type="mischief_members", members=["Cat"])
    t.act("host", type="mischief_members", members=["Cat", "Gus"])
    assert t.state["step"] == "spy" and alive(t, "Cat")
    assert {p["name"] for p in t.state["players"] if p["alignment"] == "mischief"} == {"Cat", "Gus"}


def test_prince_john_starts_with_the_crown():
    assert game(EIGHT, ["Gus", "Hal"]).view("display")["crown"] == "Eve"


# ----- the night -----

def test_night_calls_in_the_rulebook_order():
    t = game(TWELVE, ["Gus", "Hal", "Kim"])
    assert night(t, target="Eve") == ["spy", "lock_away", "mischief_target", "hades", "mirror"]


def test_absent_characters_are_not_called():
    t = game(SEVEN_KHAN, ["Kit", "Dan"])
    assert night(t, target="Eve") == ["spy", "mischief_target", "hades"]


def test_if_maleficent_or_diablo_falls_the_pairs_step_is_gone():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Bob")  # Diablo falls at dawn
    assert not alive(t, "Bob")
    t.act("host", type="vote", votes=votes_all(t, "Gus"))
    assert night(t, target="Eve")[0] == "mischief_target"


def test_diablo_is_shown_the_spied_alignment_on_the_narrators_screen_only():
    t = game(EIGHT, ["Gus", "Hal"])
    shown = t.act("host", type="spy", target="Gus")["beat"]["reveal"]
    assert shown == {"to": "Diablo", "label": "Gus's team card", "big": "Team Mischief"}
    for seat in ("Bob", "display"):
        view = t.view(seat)
        assert "beat" not in view and "say" not in view and "Team Mischief" not in repr(view)


def test_maleficent_spies_on_someone_else():
    with pytest.raises(RuleError):
        game(EIGHT, ["Gus", "Hal"]).act("host", type="spy", target="Ann")


def test_mother_gothel_cannot_lock_the_same_player_two_nights_in_a_row():
    t = game(TWELVE, ["Gus", "Hal", "Kim"])
    night(t, target="Fay", lock="Cat")  # she may lock herself away
    t.act("host", type="prisoner", target="Ann")
    t.act("host", type="vote", votes=votes_all(t, "Hal"))
    t.act("host", type="spy", target="Ida")
    with pytest.raises(RuleError, match="two nights in a row"):
        t.act("host", type="lock_away", target="Cat")
    t.act("host", type="lock_away", target="Jon")


def test_team_mischief_cannot_choose_one_of_its_own():
    t = game(EIGHT, ["Gus", "Hal"])
    t.act("host", type="spy", target="Bob")
    with pytest.raises(RuleError, match="one of its own"):
        t.act("host", type="mischief_target", target="Hal")


def test_locked_away_victim_is_not_defeated():
    t = game(TWELVE, ["Gus", "Hal", "Kim"])
    night(t, target="Eve", lock="Eve")
    assert alive(t, "Eve")
    assert "nobody fell" in " ".join(t.view("display")["announce"])


def test_victim_falls_at_dawn_and_reveals_alignment():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay")
    fay = next(p for p in t.view("display")["players"] if p["name"] == "Fay")
    assert fay["alive"] is False and fay["alignment"] == "mayhem"


def test_hades_saves_the_victim_once_per_game():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay", save=True)
    assert alive(t, "Fay")
    t.act("host", type="vote", votes=votes_all(t, "Dan"))
    night_steps = night(t, target="Fay", save=False)
    assert "hades" in night_steps  # still called: a decoy
    assert not alive(t, "Fay")


def test_hades_spent_save_keeps_his_step_as_a_decoy_that_accepts_only_no():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay", save=True)
    t.act("host", type="vote", votes=votes_all(t, "Dan"))
    t.act("host", type="spy", target="Eve")
    view = t.act("host", type="mischief_target", target="Eve")
    assert view["step"] == "hades" and view["decoy"] is True
    with pytest.raises(RuleError, match="already used"):
        t.act("host", type="hades", save=True)
    t.act("host", type="hades", save=False)


def test_hades_may_save_himself():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Cat", save=True)
    assert alive(t, "Cat")


def test_the_queen_reveals_another_player_once_per_game_never_the_victim():
    t = game(TWELVE, ["Gus", "Hal", "Kim"])
    t.act("host", type="spy", target="Bob")
    t.act("host", type="lock_away", target="Ann")
    t.act("host", type="mischief_target", target="Lou")
    t.act("host", type="hades", save=False)
    with pytest.raises(RuleError, match="chose tonight"):
        t.act("host", type="mirror", target="Lou")
    with pytest.raises(RuleError, match="another player"):
        t.act("host", type="mirror", target="Ida")
    t.act("host", type="mirror", target="Fay")
    fay = next(p for p in t.view("display")["players"] if p["name"] == "Fay")
    assert fay["alive"] and fay["alignment"] == "mayhem"  # Mayhem: stays, alignment public
    t.act("host", type="prisoner", target="Ann")
    t.act("host", type="vote", votes=votes_all(t, "Jon"))
    assert "mirror" not in night(t, target="Bob")  # spent in public: the step is passed


def test_the_queens_reveal_of_mischief_defeats_at_once_in_the_night():
    t = game(TWELVE, ["Gus", "Hal", "Kim"])
    t.act("host", type="spy", target="Bob")
    t.act("host", type="lock_away", target="Ann")
    t.act("host", type="mischief_target", target="Eve")
    t.act("host", type="hades", save=False)
    t.act("host", type="mirror", target="Kim")
    assert not alive(t, "Kim") and not alive(t, "Eve")


def test_defeated_crown_holder_names_a_successor_before_anything_else():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Eve")
    assert t.state["step"] == "crown_successor"
    with pytest.raises(RuleError, match="waits for 'crown_successor'"):
        t.act("host", type="vote", votes=votes_all(t, "Gus"))
    with pytest.raises(RuleError, match="fallen"):
        t.act("host", type="crown_successor", player="Eve")
    view = t.act("host", type="crown_successor", player="Fay")
    assert view["crown"] == "Fay" and view["step"] == "vote"


# ----- the day -----

def test_captain_hook_takes_a_prisoner_at_the_start_of_each_day():
    t = game(TWELVE, ["Gus", "Hal", "Kim"])
    night(t, target="Eve", lock="Eve")
    assert t.state["step"] == "prisoner"
    with pytest.raises(RuleError):
        t.act("host", type="vote", votes=votes_all(t, "Hal"))
    with pytest.raises(RuleError):
        t.act("host", type="prisoner", target="Gus")
    view = t.act("host", type="prisoner", target="Ann")
    assert view["prisoner"] == "Ann" and view["step"] == "vote"


def test_most_votes_is_defeated():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Dan")
    t.act("host", type="vote", votes=votes_all(t, "Hal", Gus="Ann", Hal="Ann"))
    assert not alive(t, "Hal") and alive(t, "Ann")


def test_every_standing_player_votes():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Dan")
    v = votes_all(t, "Hal")
    v.pop("Ann")
    with pytest.raises(RuleError, match="missing: Ann"):
        t.act("host", type="vote", votes=v)


def test_tie_goes_to_the_crown_holder_among_the_tied():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Dan")
    t.act("host", type="vote", votes={"Ann": "Gus", "Bob": "Gus", "Cat": "Gus", "Eve": "Hal", "Fay": "Hal",
                                      "Gus": "Hal", "Hal": "Ann"})
    assert t.state["step"] == "crown_decides"
    with pytest.raises(RuleError, match="among the tied"):
        t.act("host", type="crown_decides", player="Ann")
    t.act("host", type="crown_decides", player="Hal")
    assert not alive(t, "Hal") and alive(t, "Gus")


def test_tie_without_a_crown_defeats_nobody():
    t = game(SEVEN_STEPMOTHER, ["Eve", "Gia"])  # no Prince John: nobody holds the Crown
    assert t.state["crown"] is None
    night(t, target="Cat", save=True)  # Hades saves himself: all seven stand
    view = t.act("host", type="vote", votes={"Ann": "Eve", "Bob": "Eve", "Cat": "Eve", "Dan": "Gia",
                                             "Eve": "Gia", "Fay": "Gia", "Gia": "Ann"})
    assert all(alive(t, n) for n in ("Ann", "Eve", "Gia")) and view["phase"] == "night"


def test_claw_marks_count_as_one_more_vote_each_in_later_votes():
    t = game(SEVEN_KHAN, ["Kit", "Dan"])
    night(t, target="Cat")
    # Shere Khan (Kit) votes against Ann: Ann gets a Claw mark after the vote
    t.act("host", type="vote", votes={"Ann": "Dan", "Bob": "Dan", "Dan": "Ann", "Eve": "Dan", "Fay": "Dan",
                                      "Kit": "Ann"})
    assert player(t, "Ann")["claw_marks"] == 1 and not alive(t, "Dan")
    night(t, target="Bob")
    # 2 votes for Eve, 1 vote + 1 claw mark for Ann: a tie, decided by the Crown
    t.act("host", type="vote", votes={"Ann": "Eve", "Eve": "Ann", "Fay": "Eve", "Kit": "Fay"})
    assert t.state["step"] == "crown_decides" and sorted(t.state["day"]["tie"]) == ["Ann", "Eve"]


def test_shere_khans_vote_leaves_a_claw_mark():
    t = game(SEVEN_KHAN, ["Kit", "Dan"])
    night(t, target="Cat")
    t.act("host", type="vote", votes={"Ann": "Dan", "Bob": "Dan", "Dan": "Fay", "Eve": "Dan", "Fay": "Dan",
                                      "Kit": "Fay"})
    assert player(t, "Fay")["claw_marks"] == 1


def test_henchman_who_voted_against_their_mayhem_villain_falls_with_them():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay")
    t.act("host", type="vote", votes=votes_all(t, "Cat"))  # Dan (Pain & Panic) voted against Hades, who is Mayhem
    assert not alive(t, "Cat") and not alive(t, "Dan")


def test_henchman_rule_spares_the_henchman_when_the_villain_is_mischief():
    t = game(EIGHT, ["Cat", "Gus"])
    night(t, target="Fay")
    t.act("host", type="vote", votes=votes_all(t, "Cat"))  # Dan (Pain & Panic) voted against Hades, who is Mischief
    assert not alive(t, "Cat") and alive(t, "Dan")


def test_captain_hooks_prisoner_falls_with_him():
    t = game(TWELVE, ["Gus", "Hal", "Kim"])
    night(t, target="Eve", lock="Eve")
    t.act("host", type="prisoner", target="Lou")
    t.act("host", type="vote", votes=votes_all(t, "Gus"))
    assert not alive(t, "Gus") and not alive(t, "Lou")


def test_off_with_their_head_rules():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay")
    standing = [p["name"] for p in t.state["players"] if p["alive"]]
    votes = {n: "defeat" for n in standing if n != "Hal"}
    with pytest.raises(RuleError, match="does not vote"):
        t.act("host", type="off_with_their_head", accused="Hal", votes={**votes, "Hal": "save"})
    with pytest.raises(RuleError, match="must vote to defeat"):
        t.act("host", type="off_with_their_head", accused="Hal", votes={**votes, "Gus": "save"})
    # a tie pardons: 3 defeat (the Queen, Gus, among them), 3 save
    tie = {"Ann": "save", "Bob": "save", "Cat": "save", "Dan": "defeat", "Eve": "defeat", "Gus": "defeat"}
    assert sorted(tie) == sorted(n for n in standing if n != "Hal")
    view = t.act("host", type="off_with_their_head", accused="Hal", votes=tie)
    assert alive(t, "Hal") and view["phase"] == "night"  # replaces the vote: the night follows at once
    night(t, target="Ann")
    with pytest.raises(RuleError, match="already used"):
        t.act("host", type="off_with_their_head", accused="Hal",
              votes={n: "defeat" for n in standing if n not in ("Hal", "Ann", "Fay")})


def test_off_with_their_head_majority_defeats():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay")
    standing = [p["name"] for p in t.state["players"] if p["alive"] and p["name"] != "Hal"]
    view = t.act("host", type="off_with_their_head", accused="Hal", votes={n: "defeat" for n in standing})
    assert not alive(t, "Hal") and view["phase"] == "night"


def claw_then_thumbs(**options):
    """Shere Khan claws Cat on day 1; on day 2 the Queen of Hearts accuses Cat and the thumbs tie 3 to 3."""
    t = game(SEVEN_KHAN_QUEEN, ["Kit", "Hal"], **options)
    night(t, target="Bob", spy="Kit")
    t.act("host", type="vote", votes={"Ann": "Dan", "Cat": "Dan", "Dan": "Ann", "Gus": "Dan", "Hal": "Dan",
                                      "Kit": "Cat"})
    assert player(t, "Cat")["claw_marks"] == 1 and not alive(t, "Dan")
    night(t, target="Ann", save=True)
    assert [p["name"] for p in t.state["players"] if p["alive"]] == ["Ann", "Cat", "Gus", "Hal", "Kit"]
    t.act("host", type="off_with_their_head", accused="Cat",
          votes={"Ann": "save", "Gus": "defeat", "Hal": "save", "Kit": "defeat"})
    return t


def test_reading_claw_marks_do_not_count_in_the_thumbs_vote_by_default():
    assert alive(claw_then_thumbs(), "Cat")  # 2 to 2: pardoned, the claw mark not counted


def test_reading_claw_marks_may_count_in_the_thumbs_vote():
    assert not alive(claw_then_thumbs(claws_in_thumbs_vote=True), "Cat")  # 2 + 1 claw mark to 2


def hades_saves_the_locked_victim_then_is_called_again(**options):
    """Night 1: Mother Gothel hides Eve, Mischief picks Eve, Hades saves her. Night 2 reaches Hades with Fay."""
    t = game(TWELVE, ["Gus", "Hal", "Kim"], **options)
    night(t, target="Eve", lock="Eve", save=True)
    assert alive(t, "Eve")
    t.act("host", type="prisoner", target="Ann")
    t.act("host", type="vote", votes=votes_all(t, "Hal"))
    t.act("host", type="spy", target="Bob")
    t.act("host", type="lock_away", target="Jon")
    assert t.act("host", type="mischief_target", target="Fay")["step"] == "hades"
    return t


def test_reading_hades_save_on_a_locked_victim_is_spent_by_default():
    t = hades_saves_the_locked_victim_then_is_called_again()
    assert t.view("host")["decoy"] is True
    with pytest.raises(RuleError, match="already used"):
        t.act("host", type="hades", save=True)


def test_reading_hades_save_on_a_locked_victim_can_be_kept():
    t = hades_saves_the_locked_victim_then_is_called_again(hades_save_spent_on_locked=False)
    assert t.view("host")["decoy"] is False
    t.act("host", type="hades", save=True)
    night(t, target="Fay")  # the Queen's step, if still to come
    assert alive(t, "Fay")


# ----- the end -----

def test_mayhem_wins_when_no_mischief_member_stands():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay")
    t.act("host", type="vote", votes=votes_all(t, "Gus"))
    night(t, target="Ann")
    view = t.act("host", type="vote", votes=votes_all(t, "Hal"))
    assert view["winner"] == "mayhem" and view["phase"] == "over"


def test_mischief_wins_when_at_least_as_many_as_mayhem():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Ann")
    t.act("host", type="vote", votes=votes_all(t, "Bob", Gus="Eve"))
    night(t, target="Cat")
    view = t.act("host", type="vote", votes=votes_all(t, "Dan", Gus="Eve"))
    # 8 - 4 = 4 left: Eve, Fay, Gus, Hal -> 2 Mischief against 2 Mayhem
    assert [p["name"] for p in t.state["players"] if p["alive"]] == ["Eve", "Fay", "Gus", "Hal"]
    assert view["winner"] == "mischief"


def test_secret_ballots_are_revealed_when_the_last_one_is_in():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay")
    names = [p["name"] for p in t.state["players"] if p["alive"]]
    *early, last = names
    for n in early:
        t.act(n, type="ballot", target="Gus" if n != "Gus" else "Ann")
        waiting = t.view(last)
        assert "last_votes" not in waiting and "my_ballot" not in waiting  # nothing of the others' ballots
    assert t.view("Ann")["my_ballot"] == "Gus"  # each voter sees their own ballot
    board = t.view("display")
    assert board["ballots_in"] == len(early) and "my_ballot" not in board and "last_votes" not in board
    t.act(last, type="ballot", target="Gus")
    assert not alive(t, "Gus")
    assert t.view("display")["last_votes"]["Ann"] == "Gus"


def test_only_the_narrator_runs_the_night():
    t = game(EIGHT, ["Gus", "Hal"])
    with pytest.raises(Forbidden):
        t.act("Ann", type="spy", target="Bob")
    with pytest.raises(Forbidden):
        t.act("display", type="spy", target="Bob")


def test_the_narrator_may_rewrite_a_step_s_lines_for_this_table():
    t = game(EIGHT, ["Gus", "Hal"])
    view = t.act("host", type="script", key="spy_wake", lines="Dark fairy, open your eyes.\nChoose.")
    assert view["beat"]["key"] == "dusk"
    view = t.act("host", type="beat")  # night falls: the rewritten wake line is the one read
    assert view["beat"]["lines"] == ["Dark fairy, open your eyes.", "Choose."]
    assert view["say"]["parts"][-1]["lines"] == ["Dark fairy, open your eyes.", "Choose."]
    with pytest.raises(RuleError):
        t.act("host", type="script", key="nonsense", lines=["x"])


class Clock:
    """The server's clock for the debate timer, moved by the test."""

    def __init__(self, now=1000.0):
        self.now = now

    def __call__(self):
        return self.now


def test_debate_timer_pauses_and_extends(monkeypatch):
    clock = Clock()
    monkeypatch.setattr(day, "CLOCK", clock)
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay")
    assert t.act("host", type="timer_start", seconds=180)["timer"] == {"ends_at": 1180.0, "remaining": None}
    clock.now = 1010.0
    assert t.act("host", type="timer_add", seconds=60)["timer"]["ends_at"] == 1240.0
    clock.now = 1020.0
    assert t.act("host", type="timer_pause")["timer"] == {"ends_at": None, "remaining": 220.0}
    clock.now = 5000.0  # a long pause costs the debate nothing
    assert t.act("host", type="timer_add", seconds=60)["timer"] == {"ends_at": None, "remaining": 280.0}
    assert t.act("host", type="timer_resume")["timer"] == {"ends_at": 5280.0, "remaining": None}
    assert t.act("host", type="timer_stop")["timer"] is None


def test_the_queen_unmasking_the_mischief_crown_holder_passes_the_crown_at_dawn():
    t = game(TWELVE, ["Eve", "Hal", "Kim"])  # Prince John (Eve) is Mischief and holds the Crown
    t.act("host", type="spy", target="Bob")
    t.act("host", type="lock_away", target="Ann")
    t.act("host", type="mischief_target", target="Lou")
    t.act("host", type="hades", save=False)
    t.act("host", type="mirror", target="Eve")
    assert not alive(t, "Eve") and t.state["step"] == "crown_successor"
    view = t.act("host", type="crown_successor", player="Fay")
    assert view["crown"] == "Fay" and view["step"] == "prisoner"


def test_a_player_may_change_their_ballot_until_the_last_one_is_in():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay")
    t.act("Ann", type="ballot", target="Hal")
    assert "Gus" in t.view("Ann")["ballot"]["targets"]  # the phone offers the change
    t.act("Ann", type="ballot", target="Gus")
    assert t.view("Ann")["my_ballot"] == "Gus" and t.view("display")["ballots_in"] == 1  # changed, not added
    for n in ("Bob", "Cat", "Dan", "Eve", "Hal"):
        t.act(n, type="ballot", target="Gus")
    t.act("Gus", type="ballot", target="Ann")  # the last one: the vote is counted
    assert t.view("display")["last_votes"]["Ann"] == "Gus" and not alive(t, "Gus")


# ----- the narrator's voice, in beats (issue 12.1) -----

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


def test_the_night_order_sheet_lists_each_standing_character_with_its_power():
    t = game(EIGHT, ["Gus", "Hal"])
    sheet = t.view("host")["sheet"]
    assert [r["character"] for r in sheet] == ["Maleficent", "Diablo", "Hades", "Queen of Hearts", "Prince John"]
    assert all(r["power"] for r in sheet) and "sheet" not in t.view("Ann")
    night(t, target="Fay", save=True)
    assert next(r for r in t.view("host")["sheet"] if r["character"] == "Hades")["spent"] is True


# ----- phones (issues 12.4 and 12.6) -----

def test_every_players_card_has_the_same_rows_whatever_their_team():
    t = game(EIGHT, ["Gus", "Hal"])
    mayhem, mischief = t.view("Fay")["card"], t.view("Gus")["card"]
    assert mayhem.keys() == mischief.keys()
    assert mayhem["known"] == "Team Mayhem does not know who is on its side."
    assert mischief["known"] == "Your team-mates: Hal."
    assert mischief["power"] == g.DATA["powers"]["queen_of_hearts"] and mayhem["power"] == g.DATA["powers"]["sir_hiss"]


def test_a_fallen_player_is_told_why():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay")
    assert t.view("Fay")["card"]["status"] == "You have fallen. Fay (Sir Hiss) falls in the night and was Team Mayhem."


def test_a_thumb_stays_secret_in_the_log_until_the_count():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay")
    t.act("host", type="accuse", accused="Hal")
    t.act("Ann", type="thumb", vote="save")

    def thumbs(seat):
        return [e["action"] for e in t.log(seat) if e["kind"] == "action" and e["action"]["type"] == "thumb"]

    assert thumbs("Bob") == [{"type": "thumb"}] and thumbs("display") == [{"type": "thumb"}]
    assert thumbs("host") == [{"type": "thumb"}]  # sealed for the narrator too until the count
    assert thumbs("Ann")[0]["vote"] == "save"  # a voter sees their own
    for name in ("Bob", "Cat", "Dan", "Eve"):
        t.act("host", type="thumb", voter=name, vote="defeat")
    assert all("vote" in a for a in thumbs("host")) and thumbs("Bob")[0] == {"type": "thumb"}


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


def test_the_phase_stays_setup_until_the_deal_as_api_md_lists_the_phases():
    t = setup_with(PLAYERS[:8], [c for _, c in EIGHT])
    view = t.view("host")
    assert (view["phase"], view["step"]) == ("setup", "deal")
    t.act("host", type="deal")
    assert t.view("host")["phase"] == "night"


def test_an_action_that_says_nothing_leaves_the_voice_where_it_was():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay")
    said = t.view("host")["say"]
    t.act("host", type="timer_start", seconds=60)
    assert t.view("host")["say"] == said  # nothing new to read: the phone does not read again
    t.act("host", type="beat")  # the signal to vote: one new group
    assert t.view("host")["say"] == {"n": said["n"] + 1, "parts": [{"lines": g.DATA["script"]["vote"], "pause": False}]}
    assert not [key for key in t.state if key.startswith("_")]  # nothing passed through the state
