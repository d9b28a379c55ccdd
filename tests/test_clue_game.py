"""Clue: the table's rules, the API, privacy of each player's notes, and three phones with the display."""

import pytest
from playwright.sync_api import expect

from companion.core.errors import Forbidden, RuleError
from companion.core.table import Seat
from companion.games import clue as c

from .browser import open_seat
from .helpers import request
from .test_live import Sniffer, connect

HOST = Seat(0, "Host", "host")


def game(players=("Ann", "Bob", "Cat"), **options):
    return c.setup({"players": list(players), **options})


def seat(name):
    return Seat(1, name, "player")


def test_card_ids_follow_the_api_rule():
    assert c.card_id("Dr. Facilier") == "dr_facilier" and c.card_id("Poison Apple") == "poison_apple"
    ids = [x["id"] for x in game()["cards"]]
    assert ids[:12] == ["ursula", "evil_queen", "dr_facilier", "jafar", "hades", "maleficent", "talisman",
                        "potion", "shell", "scarab", "scepter", "poison_apple"]


def test_hand_sizes_are_counted_out_from_the_first_player():
    assert game(("A", "B", "C", "D"))["sizes"] == [5, 5, 4, 4]
    s = game(("A", "B", "C", "D"), movers={"C": "Evil Queen"})
    assert s["sizes"] == [4, 4, 5, 5] and s["players"][s["current"]] == "C"


def test_the_evil_queen_plays_first_then_play_passes_left():
    s = game(movers={"Bob": "Evil Queen"})
    assert s["players"][s["current"]] == "Bob"
    c.apply(s, {"type": "end_turn"}, HOST)
    assert s["players"][s["current"]] == "Cat"


def test_uneven_hand_sizes_can_be_entered():
    s = game(hand_sizes={"Ann": 8, "Bob": 5, "Cat": 5})
    assert s["sizes"] == [8, 5, 5]
    with pytest.raises(RuleError, match="add up"):
        game(hand_sizes={"Ann": 8, "Bob": 5, "Cat": 4})


def test_lairs_are_named_by_the_table():
    lairs = ["Laboratory", "Grotto", "Bayou", "Palace", "Underworld", "Castle", "Sea", "Tomb", "Forest"]
    s = game(lairs=lairs)
    assert [x["name"] for x in s["cards"] if x["category"] == "Lair"] == lairs


def test_a_second_edition_is_data_not_code():
    s = game(edition="classic")
    assert any(x["id"] == "colonel_mustard" for x in s["cards"]) and len(s["cards"]) == 21


def test_a_suggestion_names_one_card_of_each_kind():
    s = game()
    with pytest.raises(RuleError, match="one card of each kind"):
        c.apply(s, {"type": "suggestion", "by": "Ann", "cards": ["jafar", "hades", "shell"], "disproved_by": None}, HOST)


def test_a_wrong_accuser_takes_no_more_turns_but_still_disproves():
    s = game()
    c.apply(s, {"type": "accusation", "by": "Ann", "cards": ["jafar", "shell", "laboratory"], "correct": False}, HOST)
    assert "Ann" in s["out"]
    with pytest.raises(RuleError, match="one accusation"):
        c.apply(s, {"type": "accusation", "by": "Ann", "cards": ["jafar", "shell", "laboratory"], "correct": False}, HOST)
    c.apply(s, {"type": "end_turn"}, HOST)  # Ann is first: Bob next
    c.apply(s, {"type": "end_turn"}, HOST)
    c.apply(s, {"type": "end_turn"}, HOST)
    assert s["players"][s["current"]] == "Bob"  # Ann is skipped
    c.apply(s, {"type": "suggestion", "by": "Bob", "cards": ["jafar", "shell", "laboratory"], "disproved_by": "Ann"}, HOST)
    assert s["suggestions"][-1]["disproved_by"] == "Ann"


def test_a_wrong_accusation_rules_its_triple_out_of_the_envelope_in_every_note():
    s = game()
    c.apply(s, {"type": "hand", "cards": ["ursula", "evil_queen", "talisman", "potion", "laboratory", "lair_2"]},
            seat("Ann"))
    c.apply(s, {"type": "accusation", "by": "Bob", "cards": ["jafar", "shell", "lair_3"], "correct": False}, HOST)
    notes = c.view(s, seat("Ann"))
    likely = notes["envelope"]["likely"]
    assert ["jafar", "shell", "lair_3"] not in [x["cards"] for x in likely]


def test_only_the_suggester_records_the_card_shown():
    s = game()
    c.apply(s, {"type": "suggestion", "by": "Ann", "cards": ["jafar", "shell", "lair_3"], "disproved_by": "Bob"}, HOST)
    with pytest.raises(Forbidden):
        c.apply(s, {"type": "shown", "suggestion": 1, "card": "jafar"}, seat("Cat"))
    with pytest.raises(RuleError, match="one of the three"):
        c.apply(s, {"type": "shown", "suggestion": 1, "card": "hades"}, seat("Ann"))
    c.apply(s, {"type": "shown", "suggestion": 1, "card": "jafar"}, seat("Ann"))
    assert c.view(s, seat("Ann"))["notes"]["jafar"]["Bob"] == "has"
    assert c.view(s, seat("Cat"))["notes"]["jafar"]["Bob"] is None


def test_the_players_between_suggester_and_disprover_hold_none_of_the_three():
    s = game()
    c.apply(s, {"type": "suggestion", "by": "Ann", "cards": ["jafar", "shell", "lair_3"], "disproved_by": "Cat"}, HOST)
    notes = c.view(s, seat("Cat"))["notes"]
    assert all(notes[x]["Bob"] == "lacks" for x in ("jafar", "shell", "lair_3"))


def test_nobody_disproving_means_only_the_suggester_may_hold_them():
    s = game()
    c.apply(s, {"type": "suggestion", "by": "Ann", "cards": ["jafar", "shell", "lair_3"], "disproved_by": None}, HOST)
    notes = c.view(s, seat("Bob"))["notes"]
    assert all(notes[x]["Bob"] == "lacks" and notes[x]["Cat"] == "lacks" for x in ("jafar", "shell", "lair_3"))


def test_a_corrected_suggestion_recomputes_every_note():
    s = game()
    c.apply(s, {"type": "suggestion", "by": "Ann", "cards": ["jafar", "shell", "lair_3"], "disproved_by": None}, HOST)
    c.apply(s, {"type": "correct_suggestion", "id": 1, "by": "Ann", "cards": ["jafar", "shell", "lair_3"],
                "disproved_by": "Cat"}, HOST)
    assert c.view(s, seat("Bob"))["notes"]["jafar"]["Cat"] is None
    c.apply(s, {"type": "withdraw_suggestion", "id": 1}, HOST)
    assert c.view(s, seat("Bob"))["notes"]["jafar"]["Bob"] is None


def test_you_can_accuse_when_the_envelope_is_known():
    s = game(("Ann", "Bob"))
    hand = ["ursula", "evil_queen", "dr_facilier", "jafar", "hades", "talisman", "potion", "shell", "scarab"]
    c.apply(s, {"type": "hand", "cards": hand}, seat("Ann"))
    c.apply(s, {"type": "suggestion", "by": "Ann", "cards": ["maleficent", "scepter", "laboratory"], "disproved_by": None}, HOST)
    v = c.view(s, seat("Ann"))
    assert v["notes"]["maleficent"]["envelope"] == "has" and v["notes"]["scepter"]["envelope"] == "has"
    assert v["envelope"]["known"] == ["maleficent", "scepter", "laboratory"]  # Ann lacks them, Bob passed


def test_forced_facts_explain_themselves():
    s = game()
    c.apply(s, {"type": "hand", "cards": ["ursula", "evil_queen", "talisman", "potion", "laboratory", "lair_2"]},
            seat("Ann"))
    c.apply(s, {"type": "suggestion", "by": "Bob", "cards": ["jafar", "talisman", "lair_4"], "disproved_by": "Ann"}, HOST)
    c.apply(s, {"type": "suggestion", "by": "Ann", "cards": ["jafar", "shell", "laboratory"], "disproved_by": "Bob"}, HOST)
    c.apply(s, {"type": "shown", "suggestion": 2, "card": "shell"}, seat("Ann"))
    why = c.view(s, seat("Ann"))["why"]
    assert why["shell"]["Bob"] == "Bob showed you the Shell for #2."
    assert "could not disprove" in why["jafar"]["Cat"]


def test_clue_api_notes_stay_private(server, api):
    t = api.create("clue", {"players": ["Ann", "Bob", "Cat"]}, name="Host")
    code, host = t["code"], t["token"]
    tok = {n: api.join(code, n, token=host)["token"] for n in ("Ann", "Bob", "Cat")}
    board = api.join(code, "Board", role="display", token=host)["token"]
    sniffers = {n: Sniffer(connect(server.url, code, tok[n])) for n in ("Bob",)}
    sniffers["display"] = Sniffer(connect(server.url, code, board))
    sniffers["host"] = Sniffer(connect(server.url, code, host))
    api.ok(code, tok["Ann"], type="hand", cards=["ursula", "evil_queen", "talisman", "potion", "laboratory", "lair_2"])
    api.ok(code, board, type="suggestion", by="Ann", cards=["jafar", "shell", "lair_3"], disproved_by="Bob")
    view = api.ok(code, tok["Ann"], type="shown", suggestion=1, card="lair_3")
    assert view["notes"]["lair_3"]["Bob"] == "has" and view["hand"]
    r = api.act(code, tok["Bob"], type="shown", suggestion=1, card="jafar")
    assert r.status == 403
    for who in ("host", "display", "Bob"):
        v = api.view(code, host if who == "host" else board if who == "display" else tok["Bob"])
        assert "hand" not in v or v["hand"] is None
        if who != "Bob":
            assert "notes" not in v and "probabilities" not in v
        log = request(server.url, "GET", f"/api/tables/{code}/log",
                      token=host if who == "host" else board if who == "display" else tok["Bob"]).text
        assert "talisman" not in log and "lair_3\"}" not in log.replace(" ", "")
    sniffers["display"].wait("Suggestions")
    for who, s in sniffers.items():
        assert "You hold the Talisman" not in s.text and "showed you the Lair 3" not in s.text
        if who != "Bob":
            assert "My notes" not in s.text


@pytest.mark.browser
def test_three_phones_and_the_display_enter_a_game(browser, server, api):
    t = api.create("clue", {"players": ["Ann", "Bob", "Cat"], "movers": {"Ann": "Evil Queen"}}, name="Host")
    code, host = t["code"], t["token"]
    tok = {n: api.join(code, n, token=host)["token"] for n in ("Ann", "Bob", "Cat")}
    board = api.join(code, "Board", role="display", token=host)["token"]
    errors = []
    phones = {n: open_seat(browser, server, code, tok[n], errors=errors) for n in ("Ann", "Bob", "Cat")}
    display = open_seat(browser, server, code, board, tablet=True, errors=errors)
    ann = phones["Ann"]
    for card in ("Ursula", "Evil Queen", "Talisman", "Potion", "Laboratory", "Lair 2"):
        ann.locator("#notes").get_by_label(card, exact=True).check()
    ann.get_by_role("button", name="Save my hand").click()
    expect(ann.locator("#notes tbody tr", has_text="Ursula").locator("td").first).to_have_text("✓")
    # the display enters Ann's suggestion; Bob disproves
    display.get_by_label("Suggested by").select_option("Ann")
    display.get_by_label("Villain", exact=True).select_option("jafar")
    display.get_by_label("Enchanted Object", exact=True).select_option("shell")
    display.get_by_label("Lair", exact=True).select_option("lair_3")
    display.get_by_label("Disproved by").select_option("Bob")
    display.get_by_role("button", name="Add to the log").click()
    for page in (*phones.values(), display):
        expect(page.locator("#r-game")).to_contain_text("Ann: Jafar, Shell, Lair 3 · disproved by Bob")
    ann.get_by_role("button", name="Lair 3", exact=True).click()
    row = ann.locator("#notes tbody tr", has_text="Lair 3")
    expect(row.locator("td").nth(1)).to_have_text("✓")  # Bob has it
    expect(phones["Cat"].locator("#notes tbody tr", has_text="Lair 3").locator("td").nth(1)).not_to_have_text("✓")
    expect(display.locator("#notes")).to_have_count(0)
    # Cat solves it: the accusation is recorded and every screen shows the winner
    cat = phones["Cat"]
    cat.get_by_text("Enter an accusation").click()
    cat.get_by_label("Accused by").select_option("Cat")
    cat.locator("#a-1").select_option("maleficent")
    cat.locator("#a-2").select_option("scepter")
    cat.locator("#a-3").select_option("lair_9")
    cat.get_by_label("It was right").check()
    cat.get_by_role("button", name="Record the accusation").click()
    for page in (*phones.values(), display):
        expect(page.locator(".winner")).to_have_text("Cat solved it!")
    # hide the notes when the phone lies on the table
    ann.get_by_role("button", name="Hide").click()
    expect(ann.locator("#blank")).to_be_visible()
    ann.locator("#blank").click()
    expect(ann.locator("#blank")).to_have_count(0)
    assert not errors, errors


@pytest.mark.browser
def test_tapping_a_cell_marks_it_and_the_notes_follow(browser, server, api):
    t = api.create("clue", {"players": ["Ann", "Bob", "Cat"]}, name="Host")
    code = t["code"]
    ann = api.join(code, "Ann", token=t["token"])["token"]
    page = open_seat(browser, server, code, ann)
    cell = page.get_by_role("button", name="Jafar, Bob: unknown. Tap to mark has it.")
    cell.click()
    expect(page.get_by_role("button", name="Jafar, Bob: has it (your mark). Tap to mark does not have it.")).to_be_visible()
    # the deduction follows the mark: nobody else holds Jafar
    expect(page.get_by_role("button", name="Jafar, Cat: does not have it. Tap to mark has it.")).to_be_visible()
    assert api.view(code, ann)["marks"] == {"jafar|Bob": "has"}


def test_setup_form_hand_sizes_for_an_uneven_deal():
    s = c.setup({})
    c.apply(s, {"type": "setup", "players": ["Ann", "Bob", "Cat"], "size_rows": ["0|8", "1|5", "2|5"]}, HOST)
    assert s["sizes"] == [8, 5, 5]


def test_setup_form_movers_choose_the_first_player():
    s = c.setup({})
    c.apply(s, {"type": "setup", "players": ["Ann", "Bob", "Cat"], "mover_rows": ["1|Evil Queen", "0|Jafar"],
                "edition": "disney-villains"}, HOST)
    assert s["players"][s["current"]] == "Bob" and s["movers"] == {"Bob": "Evil Queen", "Ann": "Jafar"}
    s = c.setup({})
    with pytest.raises(RuleError, match="one player"):
        c.apply(s, {"type": "setup", "players": ["Ann", "Bob"], "mover_rows": ["0|Jafar", "1|Jafar"]}, HOST)


@pytest.mark.browser
def test_lair_names_are_kept_on_the_phone_as_a_named_edition(browser, server, api):
    t = api.create("clue", name="Host")
    page = open_seat(browser, server, t["code"], t["token"])
    page.get_by_text("Lair names (Clue: Disney Villains)").click()
    for i, name in enumerate(["Grotto", "Bayou"], start=1):
        page.locator(f"#c-l{i}").fill(name)
    page.get_by_label("Name for this set of lairs").fill("Our board")
    page.get_by_role("button", name="Keep these names").click()
    page.reload()
    page.get_by_text("Lair names (Clue: Disney Villains)").click()
    page.get_by_label("Lair names kept on this phone").select_option("Our board")
    expect(page.locator("#c-l1")).to_have_value("Grotto")
    page.locator("#c-p0").fill("Ann")
    page.locator("#c-p1").fill("Bob")
    page.locator("#c-m1").select_option(label="Evil Queen")
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#r-game")).to_contain_text("Bob's turn")
    view = api.view(t["code"], t["token"])
    assert [x["name"] for x in view["cards"] if x["category"] == "Lair"][:3] == ["Laboratory", "Grotto", "Bayou"]
