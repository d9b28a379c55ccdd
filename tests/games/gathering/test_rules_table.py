"""Gathering of the Wicked: what a play-test at a real table found, one test per behaviour: the
narrator's screen at dawn and at the call to vote, the words read aloud for the vote, the night's
order, lists of names, the end on a fallen player's phone, a phone before the deal, and a phone
in another language than the table's."""

from companion.core import i18n
from companion.games.gathering.words import joined

from ...rules import Game
from .test_rules import EIGHT, game, night, votes_all
from .test_rules_view import render  # noqa: F401 (the partials' renderer, a fixture)

NB = "\u00a0"  # French typography: a non-breaking space before : ; ? !


def test_the_silence_before_the_dawn_says_the_dawn_comes_not_the_next_character(render):  # noqa: F811
    t = game(EIGHT, ["Gus", "Hal"])
    view = t.act("host", type="beat")  # night falls: the silence before Maleficent's wake
    assert view["silence_note"] == "Silence: the next character wakes in a moment."
    night(t, target="Fay")  # Hades answers last: his sleep, the silence, then the dawn's lines
    view = t.view("host")
    assert view["say"]["parts"][1]["pause"] and view["say"]["parts"][1]["lines"][0].startswith("Light creeps back")
    assert view["silence_note"] == "Silence: the dawn comes in a moment."
    html = render("day.html", view)
    assert "the next character wakes" not in html and "Silence: the dawn comes in a moment." in html


def test_after_the_call_to_vote_the_stage_direction_says_what_to_do_now():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay")
    assert t.view("host")["beat"]["direction"].startswith("Let the debate run.")
    view = t.act("host", type="beat")  # Call the vote
    direction = view["beat"]["direction"]
    assert "tap Call the vote" not in direction
    assert direction.startswith("The vote is open") and "without a phone" in direction


def test_the_call_to_vote_read_aloud_matches_the_phones_secret_vote_and_the_narrators_tap_in():
    """The phones vote in secret and the narrator taps in the votes of players without one: the
    words read aloud say both, and never ask every player to point in the open."""
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay")
    view = t.act("host", type="beat")
    [call] = [line for part in view["say"]["parts"] for line in part["lines"]]
    assert "on your phone, in secret" in call and "without a phone, point" in call
    assert "everyone points" not in call
    assert view["tap_in"]["kind"] == "point"  # the narrator's taps for players without a phone
    ann = t.view("Ann")
    assert ann["news"][0]["text"] == "Your secret vote: whom do you want gone?"
    assert ann["announce"][-1] == call  # what the table heard, on every phone


def test_the_night_order_is_labelled_as_the_order_the_characters_wake_in_and_only_the_narrator_has_it(render):  # noqa: F811
    t = game(EIGHT, ["Gus", "Hal"])
    view = t.view("host")
    html = render("night.html", view)
    assert 'id="night-order">Tonight wakes, in order:</p>' in html and 'aria-labelledby="night-order"' in html
    assert [s["key"] for s in view["night"]["steps"]] == ["spy", "mischief_target", "hades"]
    for seat in ("Gus", "Ann", "Board"):  # a Mischief phone, a Mayhem phone, the display
        assert "night" not in t.view(seat) and "step_names" not in t.view(seat)


def test_a_list_of_names_is_joined_with_commas_and_one_and():
    assert [joined(n) for n in ([], ["Ann"], ["Ann", "Bob"], ["Ben", "Eve", "Fay"])] == \
        ["", "Ann", "Ann and Bob", "Ben, Eve and Fay"]
    with i18n.use("fr", table="fr"):
        assert joined(["Ben", "Eve", "Fay"]) == "Ben, Eve et Fay"


def test_three_tied_players_are_named_as_a_list():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay")
    view = t.act("host", type="vote", votes={"Ann": "Bob", "Bob": "Cat", "Cat": "Dan", "Dan": "Bob", "Eve": "Cat",
                                             "Gus": "Dan", "Hal": "Ann"})  # Bob, Cat and Dan 2 each
    said = [line for part in view["say"]["parts"] for line in part["lines"]]
    assert "Bob, Cat and Dan are tied. Eve, you wear the Crown: choose who falls." in said
    assert t.view("Ann")["news"][0]["text"] == \
        "Day 1's vote: Bob, Cat and Dan are tied; Eve, who holds the Crown, picks who falls."


def test_at_the_end_a_fallen_player_reads_the_result_not_to_stay_silent():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay")
    fay = t.view("Fay")
    assert "stay silent" in fay["now"][0]["detail"]  # while the game goes on
    t.act("host", type="vote", votes=votes_all(t, "Gus"))
    night(t, target="Ann")
    t.act("host", type="vote", votes=votes_all(t, "Hal"))  # the last of Team Mischief: Mayhem wins
    for name in ("Fay", "Ann", "Eve"):  # fallen by night, fallen by night, standing
        now = t.view(name)["now"]
        assert [(i["text"], i.get("detail")) for i in now] == [("The game is over: Team Mayhem wins.", None)], name


def test_before_the_deal_a_phone_is_told_its_card_will_show_there():
    t = Game("gathering", players=["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Zoe"])
    assert t.view("Ann")["no_card"] == "Your card will show here: the narrator seats the players, then deals the cards."
    assert t.view("host")["no_card"] is None and t.view("Board")["no_card"] is None
    t.act("host", type="setup", players=["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"],
          characters=["maleficent", "diablo", "prince_john", "sir_hiss", "hades", "pain_and_panic"])
    assert t.view("Ann")["no_card"] is None and t.view("Ann")["card"]["character_name"] is None
    assert t.view("Zoe")["no_card"] == "No card for you in this game: you are at the table, not among its players."


def test_a_french_phone_at_an_english_table_shows_the_verdict_and_the_win_in_french():
    """The narrator reads the table's language aloud; what a phone shows as its own text (the
    lines the table was told, the vote's verdict, the win) is in the phone's."""
    with i18n.use("fr", table="en"):
        t = game(EIGHT, ["Gus", "Hal"])
        t.act("host", type="language", language="en")  # a table is made in its creator's language
        night(t, target="Fay")
        t.act("host", type="vote", votes=votes_all(t, "Gus"))
        ann = t.view("Ann")
        assert ann["last_vote"]["outcome"] == f"L'Assemblée a parlé{NB}: la partie s'arrête pour Gus."
        assert ann["history"][-1]["outcome"] == ann["last_vote"]["outcome"]
        night(t, target="Ann")
        t.act("host", type="vote", votes=votes_all(t, "Hal"))
        eve = t.view("Eve")
        assert any("L'équipe Chaos gagne" in line for line in eve["announce"])
        assert eve["now"][0]["text"] == f"La partie est finie{NB}: l'équipe Chaos gagne."
        host = t.view("host")  # the voice: the table's language
        assert any("Team Mayhem wins!" in line for part in host["say"]["parts"] for line in part["lines"])
        board = t.view("Board")  # the table's own screen: the table's language
        assert board["last_vote"]["outcome"].startswith("The Gathering has spoken")
        assert any("Team Mayhem wins!" in line for line in board["announce"])
