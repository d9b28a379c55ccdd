"""What the pages show comes in each seat's view, computed by the game (the partials only print
it), and is the same for every player whatever their team."""

import re

import pytest

from companion.core.actions import NAME_MAX
from companion.games import gathering as g
from companion.games.gathering import data
from companion.games.gathering.setup import Setup
from companion.web import create_app

from ...rules import Game
from .test_rules import EIGHT, SEVEN_KHAN_QUEEN, TWELVE, claw_then_thumbs, game, night, player, votes_all


@pytest.fixture(scope="module")
def render(tmp_path_factory):
    app = create_app(str(tmp_path_factory.mktemp("render") / "r.db"))

    def partial(name, view):
        with app.test_request_context():
            return app.jinja_env.get_template(f"games/gathering/{name}").render(v=view, code="ABCD")
    return partial


def test_the_thumbs_total_is_the_games_one_tally_claw_marks_included(render):
    t = claw_then_thumbs(claws_in_thumbs_vote=True)
    thumbs = t.view("Ann")["last_vote"]["thumbs"]
    assert thumbs == {"defeat": 2, "save": 2, "claws": 1, "down": 3}  # the count that made Cat fall
    html = render("result.html", t.view("Ann"))
    assert re.search(r"<strong>3</strong> thumbs down <span[^>]*>\(1 from Claw marks\)</span>", html)


def test_the_thumbs_total_without_claw_marks_when_the_reading_leaves_them_out(render):
    t = claw_then_thumbs()
    assert t.view("Ann")["last_vote"]["thumbs"] == {"defeat": 2, "save": 2, "claws": 0, "down": 2}
    assert "<strong>2</strong> thumbs down" in render("result.html", t.view("Ann"))


def test_the_setup_form_offers_as_many_names_as_the_game_takes_players(render):
    t = Game("gathering", players=["Ann", "Bob"])
    form = t.view("host")["setup_form"]
    assert (form["min"], form["max"]) == (data.PLAYERS_MIN, data.PLAYERS_MAX) == (6, 12)
    assert form["name_max"] == NAME_MAX  # the longest name a seat or a setup accepts
    limits = {m.__class__.__name__: m for m in Setup.model_fields["players"].metadata}
    assert (limits["MinLen"].min_length, limits["MaxLen"].max_length) == (form["min"], form["max"])
    assert [i["label"] for i in form["inputs"]] == [f"Player {n}" for n in range(1, 13)]
    assert form["heading"] == "Players, in seating order (6 to 12; you, the narrator, are not counted)"
    html = render("setup.html", t.view("host"))
    assert html.count('name="players[]"') == 12
    assert 'id="g-p0" name="players[]" maxlength="40" placeholder="Player 1" value="Ann"' in html
    assert 'id="g-p2" name="players[]" maxlength="40" placeholder="Player 3" value=""' in html


def test_the_debate_timer_offers_its_lengths_with_three_minutes_first_chosen():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay")
    choices = t.view("host")["timer_choices"]
    assert [(c["seconds"], c["label"]) for c in choices] == [(60, "1 min"), (120, "2 min"), (180, "3 min"),
                                                             (300, "5 min"), (480, "8 min"), (600, "10 min")]
    assert [c["label"] for c in choices if c["selected"]] == ["3 min"]


def test_the_dusk_heading_names_the_day_that_ends():
    t = game(EIGHT, ["Gus", "Hal"])
    assert t.view("Ann")["dusk_heading"] == "Night 1 is coming"
    night(t, target="Fay")
    assert t.view("Ann")["dusk_heading"] is None  # the day
    t.act("host", type="vote", votes=votes_all(t, "Gus"))
    assert t.view("Ann")["dusk"] and t.view("Ann")["dusk_heading"] == "Day 1 ends"


def test_claw_marks_are_labelled_for_the_table():
    t = claw_then_thumbs(khan_claws_in_thumbs_vote=False)  # only day 1's claw
    cat = next(p for p in t.view("Board")["table"] if p["name"] == "Cat")
    assert player(t, "Cat")["claw_marks"] == 1 and cat["claws_label"] == "1 claw mark"
    t.act("host", type="correct_claw_add", player="Cat")
    cat = next(p for p in t.view("Board")["table"] if p["name"] == "Cat")
    assert cat["claws_label"] == "2 claw marks"
    assert next(p for p in t.view("Board")["table"] if p["name"] == "Ann")["claws_label"] is None


def test_every_days_vote_shows_to_the_narrator_at_once_and_to_the_table_from_the_second():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay")
    t.act("host", type="vote", votes=votes_all(t, "Gus"))
    assert t.view("host")["history_open"] and not t.view("Ann")["history_open"]
    night(t, target="Eve")
    t.act("host", type="crown_successor", player="Ann")
    t.act("host", type="vote", votes=votes_all(t, "Hal"))  # Mayhem wins: the game is over
    assert all(t.view(seat)["history_open"] for seat in ("host", "Ann", "Hal", "Board"))


def test_the_winner_is_named_for_the_table():
    t = game(EIGHT, ["Gus", "Hal"])
    assert t.view("Ann")["winner_team"] is None
    night(t, target="Fay")
    t.act("host", type="vote", votes=votes_all(t, "Gus"))
    night(t, target="Eve")
    t.act("host", type="crown_successor", player="Ann")
    t.act("host", type="vote", votes=votes_all(t, "Hal"))
    assert t.view("Board")["winner_team"] == "Mayhem"


def test_a_decoy_waits_as_long_as_a_real_answer():
    t = game(EIGHT, ["Gus", "Hal"])
    assert t.view("host")["answer_hold"] == 3 and "decoy_wait" not in t.view("host")


SHOWN = ("dusk_heading", "winner_team", "history_open", "table", "thumbs_open", "ballots_in", "standing", "last_vote")


@pytest.mark.parametrize("moment", ["night", "day", "dusk", "thumbs", "over"])
def test_the_values_a_page_shows_are_the_same_for_every_player_whatever_their_team(moment):
    t = game(SEVEN_KHAN_QUEEN, ["Kit", "Hal"])  # Kit and Hal: Mischief; Ann and Cat: Mayhem
    if moment != "night":
        night(t, target="Bob", spy="Kit")
    if moment in ("dusk", "over"):
        t.act("host", type="vote", votes=votes_all(t, "Hal"))
    if moment == "thumbs":
        t.act("host", type="accuse", accused="Cat")
    if moment == "over":
        night(t, target="Ann")
        t.act("host", type="vote", votes=votes_all(t, "Kit"))
        assert t.state["phase"] == "over"
    views = [t.view(name) for name in ("Ann", "Cat", "Kit", "Hal", "Board")]
    for key in SHOWN:
        assert len({repr(v.get(key)) for v in views}) == 1, key


def test_each_voters_choice_is_named_in_words_thumbs_included():
    t = claw_then_thumbs()
    last = t.view("Board")["last_vote"]
    assert last["choices"] == [{"voter": "Ann", "choice": "thumb up"}, {"voter": "Gus", "choice": "thumb down"},
                               {"voter": "Hal", "choice": "thumb up"}, {"voter": "Kit", "choice": "thumb down"}]
    first, second = t.view("Board")["history"]
    assert {"voter": "Kit", "choice": "Cat"} in first["choices"] and {"voter": "Ann", "choice": "up"} in second["choices"]


def test_the_recap_and_the_corrections_say_when():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay")
    t.act("host", type="correct_claw_add", player="Ann")
    assert t.view("host")["recap"][0]["when"] == "Setup"
    assert t.view("host")["recap"][-1]["when"] == "Day 1"
    assert [e["when"] for e in t.view("host")["corrections"]["log"]] == ["Day 1"]


def test_a_players_thumbs_are_offered_in_words_and_every_phone_keeps_the_same_shape():
    t = game(SEVEN_KHAN_QUEEN, ["Kit", "Hal"])
    night(t, target="Bob", spy="Kit")
    t.act("host", type="accuse", accused="Cat")
    ann, gus, cat = (t.view(n)["ballot"] for n in ("Ann", "Gus", "Cat"))  # a voter, the Queen, the accused
    assert ann["options"] == [{"vote": "save", "label": "Thumb up: spare"},
                              {"vote": "defeat", "label": "Thumb down: defeat"}]
    assert gus["cast_label"] == "down, defeat" and gus["options"] == []
    assert cat["options"] == [] and cat["cast_label"] is None
    assert {*ann} == {*gus} == {*cat} == {*t.view("Kit")["ballot"]}
    rows = t.view("host")["tap_in"]["rows"]
    assert next(r for r in rows if r["voter"] == "Ann")["options"] == [{"vote": "save", "label": "Spare"},
                                                                      {"vote": "defeat", "label": "Defeat"}]


def test_who_sees_the_recap_the_thumbs_banner_and_the_night_falls_button_is_the_games_decision():
    t = game(SEVEN_KHAN_QUEEN, ["Kit", "Hal"])
    assert t.view("host")["recap_open"] and not t.view("Ann")["recap_open"]
    assert t.view("host")["night_falls"] and "night_falls" not in t.view("Ann")  # the dusk: the narrator's tap
    night(t, target="Bob", spy="Kit")
    t.act("host", type="accuse", accused="Cat")
    assert t.view("host")["thumbs_banner"] is None  # the narrator taps the thumbs in instead
    assert t.view("Ann")["thumbs_banner"] == t.view("Kit")["thumbs_banner"] == t.view("Board")["thumbs_banner"] == {
        "accused": "Cat", "in": 1, "of": 5}


def test_hades_is_told_when_the_victim_is_already_locked_away():
    t = game(TWELVE, ["Gus", "Hal", "Kim"])
    t.act("host", type="beat")
    t.act("host", type="spy", target="Bob")
    t.act("host", type="lock_away", target="Fay")
    t.act("host", type="mischief_target", target="Fay")
    assert t.view("host")["night"]["victim_locked"] is True


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
