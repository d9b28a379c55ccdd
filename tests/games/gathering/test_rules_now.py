"""Issue 21 for Gathering of the Wicked, in each seat's view: the narrator's next beat pinned with
its taps (`news`), a player's own vote pinned, the table's news (the dawn, the vote's result, the
win), where the game stands first on a player's page (`now`), and that none of it tells a team:
every player in the same public place gets the same items, at the same moment, whatever their
team or a spent power."""

import re

from .test_rules import EIGHT, TWELVE, game, night, votes_all


def ids(items):
    return [i["id"] for i in items]


def taps(item):
    return [a["label"] for a in item["actions"]]


def beat(t):
    """The narrator's pinned beat."""
    (only,) = t.view("host")["news"]
    return only


def test_after_the_deal_the_narrators_pinned_beat_is_night_falls():
    t = game(EIGHT, ["Gus", "Hal"])
    b = beat(t)
    assert b["text"] == "Night 1 is coming. When the table is ready:"
    assert b["actions"] == [{"label": "Night falls", "fields": {"type": "beat"}}]
    assert t.view("host")["now"] == []  # the forms were the move before the first night; now the beat is pinned


def test_before_the_first_night_the_narrator_is_told_the_forms_are_the_move():
    t = game(EIGHT, ["Gus", "Hal"])
    t.undo("host")  # back to the deal
    assert ids(t.view("host")["now"]) == ["step-deal"] and t.view("host")["news"] == []


def test_each_night_beat_is_pinned_with_exactly_the_choices_the_rules_accept():
    t = game(EIGHT, ["Gus", "Hal"])
    t.act("host", type="beat")
    b = beat(t)
    assert b["text"] == "Whom does Maleficent point at?"
    assert taps(b) == ["Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]  # not Maleficent herself
    assert b["actions"][0]["fields"] == {"type": "spy", "target": "Bob"}
    t.act("host", type="spy", target="Gus")
    assert beat(t)["id"].startswith("step-") and "Diablo" in beat(t)["text"]  # his card is full screen: no tap pinned
    t.act("host", type="beat")
    assert taps(beat(t)) == ["Diablo has answered"]
    t.act("host", type="beat")
    assert beat(t)["text"] == "Whom does Team Mischief choose?" and "Gus" not in taps(beat(t))
    t.act("host", type="mischief_target", target="Fay")
    t.act("host", type="beat")  # the victim shown to Hades, closed
    b = beat(t)
    assert b["id"].startswith("beat-answer-")  # its taps wait for the answer's pause, like the card's
    assert b["actions"] == [{"label": "Hades saves Fay", "fields": {"type": "hades", "json:save": True}},
                            {"label": "Hades keeps his power", "fields": {"type": "hades", "json:save": False},
                             "cls": "secondary"}]


def test_a_decoy_hades_step_pins_the_same_taps_with_the_spent_save_marked():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay", save=True)
    t.act("host", type="vote", votes=votes_all(t, "Gus"))
    t.act("host", type="beat")
    t.act("host", type="spy", target="Hal")
    t.act("host", type="beat")
    t.act("host", type="beat")
    t.act("host", type="mischief_target", target="Fay")
    t.act("host", type="beat")
    b = beat(t)
    assert taps(b) == ["Hades saves Fay", "Hades keeps his power"] and b["actions"][0]["cls"] == "spent"
    assert "Decoy" in b["detail"]


def test_the_day_beats_are_pinned_call_the_vote_then_the_count_of_ballots():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay")
    assert taps(beat(t)) == ["Call the vote"]
    t.act("host", type="beat")
    assert beat(t)["text"] == "Votes in: 0 of 7. Still to vote: Ann, Bob, Cat, Dan, Eve, Gus, Hal."
    t.act("Ann", type="ballot", target="Gus")
    assert beat(t)["text"] == "Votes in: 1 of 7. Still to vote: Bob, Cat, Dan, Eve, Gus, Hal."


def test_after_the_last_ballot_of_a_tie_the_crowns_choice_is_pinned():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay")
    t.act("host", type="beat")
    tie = {"Ann": "Gus", "Bob": "Gus", "Cat": "Gus", "Dan": "Hal", "Eve": "Hal", "Gus": "Hal", "Hal": "Ann"}
    for voter, target in tie.items():
        t.act("host", type="ballot", voter=voter, target=target)
    b = beat(t)
    assert b["text"] == "The vote is tied. Eve (the Crown) picks who falls:"
    assert b["actions"] == [{"label": n, "fields": {"type": "crown_decides", "player": n}, "cls": "chip"}
                            for n in ("Gus", "Hal")]
    assert ids(t.view("Ann")["news"]) == ["vote-1-all-0"]
    assert t.view("Ann")["news"][0]["text"] == "Day 1's vote: Gus and Hal are tied; Eve, who holds the Crown, picks who falls."
    t.act("host", type="crown_decides", player="Hal")
    assert taps(beat(t)) == ["Night falls"]  # then the night, pinned as well
    assert t.view("Ann")["news"][0]["text"] == "Day 1's vote: Hal (Team Mischief) falls."  # a new id: shown again


def test_a_fallen_crown_holder_hands_on_the_crown_from_the_pinned_beat():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Eve")  # Eve holds the Crown
    b = beat(t)
    assert b["text"] == "Eve hands the Crown to:" and "Eve" not in taps(b)
    assert b["actions"][0]["fields"]["type"] == "crown_successor"


def test_captain_hooks_prisoner_is_pinned_for_the_narrator():
    t = game(TWELVE, ["Gus", "Hal", "Kim"])
    night(t, target="Fay", lock="Ann")
    b = beat(t)
    assert b["text"] == "Captain Hook hands the Rope to:" and "Gus" not in taps(b)


def test_a_players_secret_vote_is_pinned_with_its_targets_until_cast():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay")
    assert [i for i in t.view("Ann")["news"] if i["id"].startswith("ballot-")] == []  # not before the signal
    t.act("host", type="beat")
    ballot, = [i for i in t.view("Ann")["news"] if i["id"].startswith("ballot-")]
    assert ballot["tone"] == "prompt" and taps(ballot) == ["Bob", "Cat", "Dan", "Eve", "Gus", "Hal"]
    assert ballot["actions"][0]["fields"] == {"type": "ballot", "target": "Bob"}
    assert not any(i["id"].startswith("ballot-") for i in t.view("Fay")["news"])  # fallen: no vote
    assert not any(i["id"].startswith("ballot-") for i in t.view("Board")["news"])
    t.act("Ann", type="ballot", target="Gus")
    assert not any(i["id"].startswith("ballot-") for i in t.view("Ann")["news"])
    assert t.view("Ann")["now"][0]["text"] == "Day 1: your vote is in; the votes show when the last one is."


def test_the_thumbs_are_pinned_for_every_voter_but_the_accused_and_the_queen_who_has_cast():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay")
    t.act("host", type="accuse", accused="Hal")  # Gus is the Queen of Hearts
    thumbs = [i for i in t.view("Ann")["news"] if i["id"].startswith("thumbs-")]
    assert [taps(i) for i in thumbs] == [["Thumb up: spare", "Thumb down: defeat"]]
    assert not any(i["id"].startswith("thumbs-") for n in ("Gus", "Hal") for i in t.view(n)["news"])
    assert t.view("Hal")["now"][0]["text"] == "Day 1: you are accused and do not vote."


def test_the_dawn_is_the_tables_news_until_the_vote_opens():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay")
    assert t.view("Ann")["news"] == [{"id": "dawn-1", "text": "Day 1: Fay fell in the night: Team Mayhem.",
                                      "tone": "info", "actions": []}]
    t.act("host", type="beat")
    assert "dawn-1" not in ids(t.view("Ann")["news"])


def test_a_quiet_night_and_the_mirror_are_said_at_dawn():
    t = game(TWELVE, ["Gus", "Hal", "Kim"])
    night(t, target="Fay", lock="Fay", mirror="Ann")
    assert t.view("Bob")["news"][0]["text"] == "Day 1: Nobody fell in the night. The mirror showed Ann: Team Mayhem."


def test_the_vote_result_is_news_on_every_phone_until_the_next_dawn_and_the_display_shows_it_in_its_layout():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay")
    t.act("host", type="vote", votes=votes_all(t, "Gus"))
    item = t.view("Fay")["news"][0]
    assert (item["text"], item["detail"]) == ("Day 1's vote: Gus (Team Mischief) falls.", "Gus 6 · Ann 1")
    t.act("host", type="beat")  # night falls: still the news of the day
    assert ids(t.view("Ann")["news"]) == [item["id"]]
    assert t.view("Board")["news"] == []  # the display holds the result in its own layout
    night(t, target="Ann")
    assert ids(t.view("Bob")["news"]) == ["dawn-2"]


def test_the_win_is_news_on_every_phone_and_the_narrators():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay")
    t.act("host", type="vote", votes=votes_all(t, "Gus"))
    night(t, target="Eve")
    t.act("host", type="crown_successor", player="Ann")
    t.act("host", type="vote", votes=votes_all(t, "Hal"))
    for seat in ("host", "Ann", "Hal"):
        assert [(i["text"], i["tone"]) for i in t.view(seat)["news"]] == [("Team Mayhem wins!", "win")]


def test_an_approved_player_without_a_place_is_told_the_narrator_seats_the_players():
    t = game(EIGHT, ["Gus", "Hal"])
    t.join("Zoe")
    assert t.view("Zoe")["now"][0]["text"] == "You are at the table, not among this game's players: you follow it from here."
    from ...rules import Game
    early = Game("gathering", players=["Ann"])
    assert early.view("Ann")["now"][0]["text"] == (
        "You are at the table: the narrator seats the players before dealing the cards.")


def test_the_debate_timer_stops_when_the_vote_is_counted():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay")
    t.act("host", type="timer_start", seconds=60)
    assert t.view("Board")["timer"]
    t.act("host", type="beat")
    for voter, target in {"Ann": "Gus", "Bob": "Gus", "Cat": "Gus", "Dan": "Hal", "Eve": "Hal", "Gus": "Hal",
                          "Hal": "Ann"}.items():
        t.act("host", type="ballot", voter=voter, target=target)
    assert t.state["step"] == "crown_decides" and t.view("Board")["timer"] is None  # stopped at the count, tie or not


def test_the_debate_timer_stops_when_the_thumbs_are_counted():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay")
    t.act("host", type="accuse", accused="Hal")
    t.act("host", type="timer_start", seconds=60)
    for voter in ("Ann", "Bob", "Cat", "Dan", "Eve"):
        t.act("host", type="thumb", voter=voter, vote="save")
    assert t.view("Board")["timer"] is None


def test_refusals_of_the_narrators_typed_fields_name_them_in_words():
    t = game(EIGHT, ["Gus", "Hal"])
    night(t, target="Fay")
    assert t.refused("host", type="timer_start", seconds=4000) == "The debate time in seconds can be at most 3600."
    assert t.refused("host", type="timer_add", seconds=-1) == "The time added in seconds must be at least 0."
    assert t.refused("host", type="script", key="dawn", lines=["a"] * 9) == "The lines can hold at most 8 items."


# ---------------------------------------------------------------- secrets: same items, same moments

NAMES = {n for n, _ in TWELVE}


def shape(t, seat: str) -> list:
    """A seat's items with its own name blanked, and a tap that names a player counted as one: what
    its page shows above everything else."""
    def blank(x):
        return re.sub(rf"\b{seat}\b", "ME", x) if isinstance(x, str) else x
    out = []
    for where in ("now", "news"):
        for i in t.view(seat)[where]:
            out.append((where, i["id"], blank(i["text"]), i.get("detail"),
                        ["A NAME" if a["label"] in NAMES else a["label"] for a in i["actions"]]))
    return out


def script(t, save: bool):
    """A game of twelve in which Mother Gothel hides Team Mischief's victim and Hades saves it or
    not (his save spent or kept: nobody falls either way); the steps yield after every action."""
    steps = [("host", {"type": "beat"}), ("host", {"type": "spy", "target": "Gus"}), ("host", {"type": "beat"}),
             ("host", {"type": "beat"}), ("host", {"type": "lock_away", "target": "Fay"}),
             ("host", {"type": "mischief_target", "target": "Fay"}), ("host", {"type": "beat"}),
             ("host", {"type": "hades", "save": save}), ("host", {"type": "mirror"}),
             ("host", {"type": "prisoner", "target": "Lou"}), ("host", {"type": "timer_start", "seconds": 60}),
             ("host", {"type": "beat"})]
    for seat, body in steps:
        t.act(seat, **body)
        yield body
    for voter in ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jon", "Kim", "Lou"):
        t.act(voter, type="ballot", target="Gus" if voter != "Gus" else "Ann")
        yield {"ballot": voter}


def test_every_player_gets_the_same_items_at_the_same_moment_whatever_their_team_or_a_spent_power():
    """Gus, Hal and Kim are Team Mischief, the others Team Mayhem; Kim is Hades. After every action,
    a Mischief and a Mayhem player who have done the same things hold the same items (their own
    name aside), and the same is true between a game where Hades spent his save and one where he
    kept it."""
    spent, kept = game(TWELVE, ["Gus", "Hal", "Kim"]), game(TWELVE, ["Gus", "Hal", "Kim"])
    for moment, _ in zip(script(spent, True), script(kept, False), strict=True):
        ballots = (spent.state["day"] or {}).get("ballots") or {}
        for a, b in (("Hal", "Dan"), ("Kim", "Bob"), ("Gus", "Jon")):
            alive = {p["name"]: p["alive"] for p in spent.state["players"]}
            if (a in ballots) != (b in ballots) or alive[a] != alive[b]:
                continue  # one has voted and not the other, or one fell: their own taps or the table's vote
            assert shape(spent, a) == shape(spent, b), (moment, a, b)
        for name in ("Kim", "Gus", "Ann"):
            assert shape(spent, name) == shape(kept, name), (moment, name)
