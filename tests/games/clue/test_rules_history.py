"""Clue: stepping back through your entries (the notes worked out again from the entries up to
each one), and a game exported as plain text (the public log and this seat's own entries only)
and imported into a new table (a malformed text refused with a sentence naming its line)."""

import pytest

from ...rules import Game
from .tables import ANN, PLAYERS, grid, played


def test_looking_back_shows_the_notes_worked_out_from_the_entries_up_to_that_one():
    g = played()
    now = g.view("Ann")
    assert now["looking_back"] is None and now["steps"] == 6  # hand, #1, shown, #2, mark, accusation
    # the same entries made on a fresh table, one more at a time: the look back must match each
    fresh = Game("clue", {"players": list(PLAYERS), "movers": {"Ann": "Evil Queen"}}, players=PLAYERS)
    steps = [lambda: None,
             lambda: fresh.act("Ann", type="hand", cards=ANN),
             lambda: fresh.act("Ann", type="suggestion", by="Ann", cards=["jafar", "shell", "lair_3"], disproved_by="Bob"),
             lambda: fresh.act("Ann", type="shown", suggestion=1, card="shell"),
             lambda: fresh.act("Bob", type="suggestion", by="Bob", cards=["ursula", "potion", "lair_5"], disproved_by="Ann"),
             lambda: fresh.act("Ann", type="mark", card="hades", holder="Cat", value="lacks")]
    for to, step in enumerate(steps):
        step()
        back = g.act("Ann", type="look_back", to=to)
        assert back["looking_back"]["at"] == to and back["looking_back"]["of"] == 6
        assert grid(back) == grid(fresh.view("Ann")), f"after {to} entries"
    assert g.view("Ann")["looking_back"]["label"] == "after your mark on Hades (Cat does not have it)"
    assert g.act("Ann", type="look_back", to=2)["looking_back"]["label"] == \
        "after #1 (Ann: Jafar, Shell, Lair 3; disproved by Bob)"
    assert grid(g.act("Ann", type="look_back", to=None)) == grid(now)


def test_looking_back_stores_no_notes_and_undo_passes_over_it():
    g = Game("clue", {"players": list(PLAYERS)}, players=PLAYERS)
    g.act("Ann", type="hand", cards=ANN)
    g.act("Ann", type="mark", card="hades", holder="Cat", value="lacks")
    before = dict(g.state["private"]["Ann"])
    g.act("Ann", type="look_back", to=1)
    after = g.state["private"]["Ann"]
    assert set(after) - set(before) == {"look"} and after["look"] == 1  # only where you are looking
    assert g.view("Bob")["looking_back"] is None  # Bob's page does not move
    g.tables.undo(g.code, g.seat("Ann"), {})  # takes back Ann's mark, not the looking
    assert g.state["private"]["Ann"]["marks"] == {} and g.state["private"]["Ann"]["look"] == 1
    assert "no entry 99" in g.refused("Ann", type="look_back", to=99)


def test_an_export_carries_the_public_log_and_only_this_seats_own_entries():
    g = played()
    ann, bob = g.view("Ann")["export"], g.view("Bob")["export"]
    for text in (ann, bob):
        assert "#1, turn 0: Ann suggested Jafar, Shell, Lair 3; disproved by Bob" in text
        assert "#2, turn 1: Bob suggested Ursula, Potion, Lair 5; disproved by Ann" in text
        assert "Accusation: Cat accused Maleficent, Scepter, Lair 9: wrong" in text
    assert "Notes of: Ann" in ann and "Hand: Evil Queen, Laboratory, Lair 2, Potion, Talisman, Ursula" in ann
    assert "Shown to me for #1: Shell" in ann and "Mark: Hades with Cat: lacks" in ann
    assert "Notes of: Bob" in bob and "Hand: Hades, Jafar, Lair 3, Lair 4, Scarab, Shell" in bob
    assert "I showed for #1: Shell" in bob
    # nothing of the other's private entries
    assert "Talisman" not in bob and "Shown to me" not in bob and "Mark:" not in bob
    assert "Scarab" not in ann and "I showed" not in ann
    for seat in ("host", "display"):
        assert "export" not in g.view(seat)


def test_an_imported_game_has_the_same_log_and_the_same_notes_for_the_exporting_player():
    g = played()
    text = g.view("Ann")["export"]
    new = Game("clue", players=PLAYERS)
    new.act("host", type="import", text=text)
    ann, was = new.view("Ann"), g.view("Ann")
    for key in ("players", "suggestions", "accusations", "current", "hand", "shown", "marks", "notes",
                "probabilities", "envelope", "steps"):
        got, want = ann[key], was[key]
        if key == "suggestions":
            got = [{k: s[k] for k in ("id", "by", "cards", "disproved_by", "turn")} for s in got]
            want = [{k: s[k] for k in ("id", "by", "cards", "disproved_by", "turn")} for s in want]
        assert got == want, key
    assert ann["export"] == text  # the round trip reads the same
    assert new.view("Bob")["hand"] is None and new.view("Bob")["shown"] == {}  # Bob's notes were not in it
    assert new.act("Ann", type="look_back", to=2)["looking_back"]["label"].startswith("after #1")
    # a new suggestion carries on from #3, with the turn as exported
    v = new.act("Cat", type="suggestion", by="Ann", cards=["hades", "talisman", "lair_6"], disproved_by=None)
    assert v["suggestions"][-1]["id"] == 3


def test_a_host_who_played_imports_the_notes_onto_the_hosts_phone():
    g = played(host_player="Ann")
    text = g.view("host")["export"]
    assert "Host plays: yes" in text and "Notes of: Ann" in text
    new = Game("clue", players=PLAYERS)
    new.act("host", type="import", text=text)
    assert new.view("host")["hand"] == sorted(ANN) and new.view("Ann").get("hand") is None


@pytest.mark.parametrize("change, says", [
    (lambda t: "hello\n" + t, "not a game exported"),
    (lambda t: t.replace("Card set: disney-villains", "Card set: monopoly"), "Unknown card set 'monopoly'"),
    (lambda t: t.replace("Player: Bob, 6 cards", "Player: Bob, 5 cards"), "hands must add up"),
    (lambda t: t.replace("Ann suggested Jafar, Shell", "Ann suggested Jafar, Spoon"), "no card 'Spoon'"),
    (lambda t: t.replace("disproved by Bob", "disproved by Zed"), "Zed is not a player"),
    (lambda t: t.replace("Hand: Evil Queen,", "Hand:"), "hand has 6 cards; the line names 5"),
    (lambda t: t.replace("Shown to me for #1: Shell", "Shown to me for #1: Hades"), "one of the three"),
    (lambda t: t.replace("Mark: Hades with Cat: lacks", "Mark: Hades maybe"), "should read 'Mark:"),
    (lambda t: t.replace("Notes of: Ann", "Notes of: Dan"), "not among the players"),
    (lambda t: t + "#1, turn 2: Bob suggested Jafar, Shell, Lair 3; nobody disproved\n", "#1 is there twice"),
])
def test_a_malformed_import_is_refused_with_a_sentence_naming_the_line_and_changes_nothing(change, says):
    text = change(played().view("Ann")["export"])
    new = Game("clue", players=PLAYERS)
    msg = new.refused("host", type="import", text=text)  # the harness checks the table did not change
    assert says in msg, msg


def test_a_game_is_imported_only_into_a_new_table_by_the_host():
    g = played()
    text = g.view("Ann")["export"]
    assert "already has players" in g.refused("host", type="import", text=text)
    new = Game("clue", players=PLAYERS)
    assert "Only the host" in new.refused("Ann", type="import", text=text)


def test_a_corrected_suggestion_keeps_its_place_in_the_export_and_comes_back_oldest_first():
    """Issue 24.7: an edit fixes an entry, it does not move it: the export lists the log in its
    order, and an import brings it back oldest first, as the API promises."""
    g = Game("clue", {"players": list(PLAYERS)}, players=PLAYERS)
    g.act("Ann", type="hand", cards=ANN)
    g.act("Ann", type="suggestion", by="Ann", cards=["jafar", "shell", "lair_3"], disproved_by="Bob")
    g.act("Bob", type="suggestion", by="Bob", cards=["ursula", "potion", "lair_5"], disproved_by="Ann")
    g.act("Ann", type="correct_suggestion", id=1, by="Ann", cards=["jafar", "shell", "lair_4"], disproved_by="Cat")
    text = g.view("Ann")["export"]
    first, second = text.index("#1, turn 0: Ann suggested Jafar, Shell, Lair 4"), text.index("#2, turn")
    assert first < second
    new = Game("clue", players=PLAYERS)
    new.act("host", type="import", text=text)
    assert [s["id"] for s in new.view("Ann")["suggestions"]] == [1, 2]
    assert new.view("Ann")["suggestions"][0]["disproved_by"] == "Cat"
    assert new.view("Ann")["notes"] == g.view("Ann")["notes"]
