"""What Clue's page shows comes in the view, decided by the game: who may enter what, who may
disprove whose suggestion, the set-up form's limits, the grid's cells (the mark a tap sets), the
odds in words, the lairs, the Look back buttons. The partials only show these."""

from companion.games.clue.data import DATA
from companion.games.clue.table import MAX_HAND, MAX_PLAYERS, MIN_PLAYERS

from .tables import ANN_HAND, game, unseated


def test_the_display_enters_suggestions_and_accusations_but_not_turns():
    g = game()
    board = g.view("Board")
    assert board["may_suggest"] and board["may_accuse"] and not board["may_end_turn"]
    for who in ("host", "Ann"):
        v = g.view(who)
        assert v["may_suggest"] and v["may_accuse"] and v["may_end_turn"]
    g.act("Board", type="accusation", by="Bob", cards=["jafar", "shell", "lair_3"], correct=False)
    assert g.view("host")["accusations"][0]["by"] == "Bob"  # the game takes it from the display
    assert g.refused("Board", type="end_turn") == "The display enters suggestions and accusations, not turns."


def test_a_screen_offers_one_end_turn_in_the_now_card_once_the_suggestion_is_in_else_in_the_turn_card():
    g = game(host_player="Ann")

    def ends(v):
        return sum(a["label"] == "End turn" for i in v["now"] for a in i["actions"]) + v["end_turn_in_card"]

    view = g.view("host")
    assert view["end_turn_in_card"] and ends(view) == 1
    view = g.act("host", type="suggestion", by="Ann", cards=["jafar", "shell", "lair_3"], disproved_by=None)
    assert not view["end_turn_in_card"] and ends(view) == 1  # the Now card's, by "Your suggestion is in the log"
    view = g.act("host", type="end_turn")  # Bob's turn: the host may still end it, from the turn card
    assert view["end_turn_in_card"] and ends(view) == 1
    assert ends(g.view("Bob")) == 1 and ends(g.view("Cat")) == 0


def test_once_solved_nobody_is_offered_an_entry():
    g = game()
    g.act("Board", type="accusation", by="Cat", cards=["maleficent", "scepter", "lair_9"], correct=True)
    for who in ("Board", "host", "Ann"):
        v = g.view(who)
        assert not (v["may_suggest"] or v["may_accuse"] or v["may_end_turn"])
    assert g.view("Board")["solution"] == ["maleficent", "scepter", "lair_9"]


def test_the_envelope_is_shown_only_once_someone_accused_right():
    g = game()
    assert g.view("Board")["solution"] is None
    g.act("host", type="accusation", by="Bob", cards=["jafar", "shell", "lair_3"], correct=False)
    assert g.view("Board")["solution"] is None  # a wrong accusation shows nothing of the envelope


def test_each_suggester_may_be_disproved_by_everyone_but_themselves():
    g = game()
    assert g.view("Board")["disprovers"] == {"Ann": ["Bob", "Cat"], "Bob": ["Ann", "Cat"], "Cat": ["Ann", "Bob"]}
    assert g.refused("host", type="suggestion", by="Ann", cards=["jafar", "shell", "lair_3"],
                     disproved_by="Ann") == "Nobody disproves their own suggestion."


def test_the_set_up_form_takes_its_limits_from_the_options():
    form = unseated().view("host")["setup_form"]
    assert form["players"] == {"low": MIN_PLAYERS, "high": MAX_PLAYERS} == {"low": 2, "high": 6}
    assert [r["number"] for r in form["rows"]] == [1, 2, 3, 4, 5, 6]
    assert form["hand_sizes"] == list(range(1, MAX_HAND + 1))
    lairs = DATA["editions"]["disney-villains"]["categories"][2]["cards"]
    assert [x["name"] for x in form["lairs"]] == lairs and form["lairs"][0]["name"] == "Laboratory"
    assert form["lairs_of"] == "Clue: Disney Villains"


def test_the_edition_is_named_only_when_it_is_not_the_default():
    assert game().view("Board")["edition_note"] is None
    assert game(edition="classic").view("Board")["edition_note"] == "Clue (classic cards)"


def test_the_log_is_listed_newest_first():
    g = game()
    g.act("host", type="suggestion", by="Ann", cards=["jafar", "shell", "lair_3"], disproved_by="Bob")
    g.act("host", type="suggestion", by="Bob", cards=["hades", "potion", "lair_4"], disproved_by=None)
    v = g.view("Board")
    assert [s["id"] for s in v["suggestions"]] == [1, 2]  # the API's order: oldest first
    assert [s["id"] for s in v["suggestions_newest_first"]] == [2, 1]


def test_the_advisor_offers_the_lairs_of_the_edition():
    g = game()
    g.act("Ann", type="hand", cards=ANN_HAND)
    v = g.view("Ann")
    assert v["lair_kind"] == "Lair" and [x["id"] for x in v["advisor_lairs"]][:2] == ["laboratory", "lair_2"]
    assert not any(x["on"] for x in v["advisor_lairs"])
    v = g.act("Ann", type="advise", room="lair_4")
    assert [x["id"] for x in v["advisor_lairs"] if x["on"]] == ["lair_4"]
    classic = game(edition="classic")
    assert classic.view("Ann")["lair_kind"] == "Room"
    assert classic.refused("Ann", type="advise", room="rope") == "Choose a room: you suggest in the one you are in."


def test_a_tap_in_marking_mode_sets_has_then_lacks_then_clears():
    g = game()
    g.act("Ann", type="hand", cards=ANN_HAND)

    def cell(view, card, holder):
        row = next(r for r in view["grid"]["rows"] if r.get("card", {}).get("id") == card)
        return next(c for c in row["cells"] if c["holder"] == holder)

    first = cell(g.view("Ann"), "jafar", "Bob")
    assert first["mine"] is None and first["next"] == "has" and first["next_label"] == "has it"
    seen = []
    for _ in range(3):
        c = cell(g.view("Ann"), "jafar", "Bob")
        seen.append((c["mine"], c["next"]))
        g.act("Ann", type="mark", card="jafar", holder="Bob", value=c["next"])
    assert seen == [(None, "has"), ("has", "lacks"), ("lacks", None)]
    assert cell(g.view("Ann"), "jafar", "Bob")["mine"] is None  # cleared: the cycle starts again
    g.act("Ann", type="mark", card="jafar", holder="Bob", value="has")
    assert "marked" in cell(g.view("Ann"), "jafar", "Bob")["cls"].split()


def test_the_grid_lays_out_each_category_under_its_heading_with_a_column_per_holder():
    g = game()
    v = g.act("Ann", type="hand", cards=ANN_HAND)
    grid = v["grid"]
    assert [c["name"] for c in grid["columns"]] == ["Ann", "Bob", "Cat", "envelope"]
    assert [c["short"] for c in grid["columns"]] == ["An", "Bo", "Ca", "Env."] and grid["span"] == 5
    assert [c["name"] for c in grid["legend"]] == ["Ann", "Bob", "Cat"]
    headings = [r["heading"] for r in grid["rows"] if r.get("heading")]
    assert headings == ["Villain", "Enchanted Object", "Lair"]
    assert len([r for r in grid["rows"] if r.get("card")]) == 21
    ursula = next(r for r in grid["rows"] if r.get("card", {}).get("id") == "ursula")
    assert [c["text"] for c in ursula["cells"]] == ["✓", "✗", "✗", "✗"]
    assert ursula["cells"][0]["said"] == "has it" and ursula["cells"][3]["cls"] == "cell lacks env"
    jafar = next(r for r in grid["rows"] if r.get("card", {}).get("id") == "jafar")
    p = v["probabilities"]["jafar"]["Bob"]
    assert jafar["cells"][1]["text"] == f"{round(p * 100)}%" and jafar["cells"][1]["said"].endswith("percent likely")


def test_the_cards_placed_are_listed_with_why_but_not_your_own():
    g = game()
    g.act("Ann", type="hand", cards=ANN_HAND)
    assert g.view("Ann")["placed"] == []  # only your own cards are placed: not listed
    g.act("host", type="suggestion", by="Ann", cards=["jafar", "talisman", "laboratory"], disproved_by="Bob")
    placed = g.view("Ann")["placed"]
    assert placed == [{"card": "Jafar", "holder": "Bob", "why": g.view("Ann")["why"]["jafar"]["Bob"]}]


def test_the_odds_of_the_envelope_read_as_ties_or_one_best():
    g = game()
    v = g.act("Ann", type="hand", cards=ANN_HAND)
    assert v["odds"]["case"] == "all" and v["odds"]["possible"] == 4 * 4 * 7 and v["odds"]["estimate"] == ""
    assert v["odds"]["pct"] == str(round(100 / (4 * 4 * 7), 1))
    g.act("host", type="suggestion", by="Ann", cards=["jafar", "shell", "lair_3"], disproved_by=None)
    v = g.view("Ann")
    assert v["odds"]["case"] == "one" and v["odds"]["best"] == ["jafar", "shell", "lair_3"]
    assert v["odds"]["pct"] == "100.0" and not v["odds"]["others"]


def test_look_back_goes_one_entry_earlier_or_later_and_back_to_now():
    g = game()
    g.act("Ann", type="hand", cards=ANN_HAND)
    g.act("host", type="suggestion", by="Ann", cards=["jafar", "shell", "lair_3"], disproved_by="Bob")
    assert g.view("Ann")["look"] == {"at": 2, "earlier": 1, "later": None}
    assert g.act("Ann", type="look_back", to=1)["look"] == {"at": 1, "earlier": 0, "later": None}
    assert g.act("Ann", type="look_back", to=0)["look"] == {"at": 0, "earlier": None, "later": 1}


def test_a_conflict_names_each_entry_with_a_heading_and_its_log_entry():
    g = game()
    g.act("Ann", type="hand", cards=ANN_HAND)
    g.act("host", type="suggestion", by="Bob", cards=["ursula", "shell", "lair_3"], disproved_by=None)
    v = g.view("Ann")
    assert v["contradiction"]
    heads = {e["kind"]: e for e in v["conflict"]}
    assert heads["hand"]["heading"] == "Your hand"
    assert heads["suggestion"]["heading"] == "#1" and heads["suggestion"]["suggestion"]["by"] == "Bob"


def test_only_player_seats_and_the_host_see_the_grid():
    g = game()
    g.act("Ann", type="hand", cards=ANN_HAND)
    for other in ("Board", "host"):
        assert "grid" not in g.view(other)
    assert g.refused("Board", type="mark", card="jafar", holder="Bob", value="has") == \
        "Only a player's own phone keeps detective notes."
