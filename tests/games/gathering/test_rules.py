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
    t.act("host", type="beat")  # the narrator's signal: the vote opens
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
    t.act("host", type="beat")  # the narrator's signal: the vote opens
    t.act("Ann", type="ballot", target="Hal")
    assert "Gus" in t.view("Ann")["ballot"]["targets"]  # the phone offers the change
    t.act("Ann", type="ballot", target="Gus")
    assert t.view("Ann")["my_ballot"] == "Gus" and t.view("display")["ballots_in"] == 1  # changed, not added
    for n in ("Bob", "Cat", "Dan", "Eve", "Hal"):
        t.act(n, type="ballot", target="Gus")
    t.act("Gus", type="ballot", target="Ann")  # the last one: the vote is counted
    assert t.view("display")["last_votes"]["Ann"] == "Gus" and not alive(t, "Gus")


# ----- the narrator's voice, in beats (issue 12.1) -----

def test_the_phase_stays_setup_until_the_deal_as_api_md_lists_the_phases():
    t = setup_with(PLAYERS[:8], [c for _, c in EIGHT])
    view = t.view("host")
    assert (view["phase"], view["step"]) == ("setup", "deal")
    t.act("host", type="deal")
    assert t.view("host")["phase"] == "night"


# ----- the vote at the narrator's signal (issue 22.4) -----

def test_the_gathering_votes_at_the_narrators_signal_and_not_before():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay")
    before = t.version
    for who, extra in (("Ann", {}), ("host", {"voter": "Ann"})):  # a phone's ballot, and one tapped in
        with pytest.raises(RuleError, match="not open yet.*Call the vote"):
            t.act(who, type="ballot", target="Gus", **extra)
    assert t.version == before and t.view("display")["ballots_in"] == 0
    assert t.view("Ann")["ballot"] == t.view("Gus")["ballot"] == {"kind": "wait", "cast": None, "targets": []}
    host = t.view("host")
    assert host["tap_in"] is None and host["ballots_missing"] == [] and not host["voting"]
    t.act("host", type="beat")  # Call the vote
    assert t.view("Ann")["ballot"]["kind"] == "point" and t.view("host")["tap_in"]["kind"] == "point"
    t.act("Ann", type="ballot", target="Gus")
    assert t.view("display")["ballots_in"] == 1 and t.view("display")["voting"]


def test_the_queen_of_hearts_accuses_before_the_vote_not_after_the_signal():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay")
    assert t.view("host")["thumbs"]["queen"] == "Gus"  # offered before the call
    t.act("host", type="beat")  # Call the vote: the pointing has begun
    assert t.view("host")["thumbs"] is None
    before = t.version
    with pytest.raises(RuleError, match="accuses before the narrator's signal"):
        t.act("host", type="accuse", accused="Hal")
    standing = [p["name"] for p in t.state["players"] if p["alive"] and p["name"] != "Hal"]
    with pytest.raises(RuleError, match="accuses before the narrator's signal"):
        t.act("host", type="off_with_their_head", accused="Hal", votes={n: "defeat" for n in standing})
    assert t.version == before


def test_reading_every_vote_entered_at_once_stands_for_the_signal():
    """The narrator who taps in every vote at once (`vote`) gave the signal at the table: the
    count is read, not the call after the pointing."""
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay")
    view = t.act("host", type="vote", votes=votes_all(t, "Gus"))
    said = [line for part in view["say"]["parts"] for line in part["lines"]]
    assert not alive(t, "Gus") and g.DATA["script"]["vote"][0] not in said and said[0].startswith("The count")
