"""Gathering of the Wicked: the words the table hears and reads say what the rules did (issue
22.7): the mirror's dawn line, the henchman rule by name, Diablo's card, and Shere Khan's thumb
in the Queen of Hearts' vote as a table option with the rulebook's reading by default."""

from companion.games import gathering as g

from .test_rules import EIGHT, TWELVE, alive, claw_then_thumbs, game, night, player, votes_all


def said(view) -> list[str]:
    return [line for part in view["say"]["parts"] for line in part["lines"]]


def test_the_mirrors_dawn_line_says_an_unmasked_mischief_player_has_fallen():
    t = game(TWELVE, ["Gus", "Hal", "Kim"])
    night(t, target="Eve", lock="Ann", mirror="Hal")
    assert not alive(t, "Hal")
    assert "The mirror has spoken: Hal stands with Team Mischief, and has fallen." in t.view("Ann")["announce"]


def test_the_mirrors_dawn_line_says_an_unmasked_mayhem_player_stays():
    t = game(TWELVE, ["Gus", "Hal", "Kim"])
    night(t, target="Eve", lock="Ann", mirror="Jon")
    assert alive(t, "Jon")
    assert "The mirror has spoken: Jon stands with Team Mayhem, and stays among us." in t.view("Ann")["announce"]


def test_the_henchman_rule_is_named_when_a_henchman_falls_with_their_villain():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay")
    view = t.act("host", type="vote", votes=votes_all(t, "Cat"))  # Dan (Pain & Panic) voted against Hades
    rule = "Dan voted against Cat, their own Villain, who stood with Team Mayhem: by the henchman rule, Dan falls too."
    assert not alive(t, "Dan") and rule in said(view)
    assert rule in t.view("display")["last_vote"]["outcome"]


def test_diablos_card_names_the_henchman_rule():
    t = game(EIGHT, ["Gus", "Hal"])
    power = t.view("Bob")["card"]["power"]  # Bob is Diablo
    assert "Henchman of Maleficent" in power and "you fall with her" in power


def test_reading_shere_khans_thumb_down_in_the_queen_of_hearts_vote_leaves_a_claw_mark_by_default():
    t = claw_then_thumbs()  # Kit (Shere Khan) gave Cat a thumb down on day 2; Cat was pardoned
    assert player(t, "Cat")["claw_marks"] == 2
    reading = next(r for r in t.view("host")["readings"] if r["key"] == "khan_claws_in_thumbs_vote")
    assert reading["value"] is True and "Claw mark" in reading["text"]


def test_reading_shere_khans_thumb_may_leave_no_claw_mark():
    t = claw_then_thumbs(khan_claws_in_thumbs_vote=False)
    assert player(t, "Cat")["claw_marks"] == 1


def test_the_options_keep_the_rulebooks_default_for_shere_khans_thumb():
    assert g.GAME.options().khan_claws_in_thumbs_vote is True
