"""The Gathering's parts of a view made once per state and shared by every seat (view.shared):
a full store starts a new round and keeps the round before, so many tables at once do not make
every table's parts again at each new state (it used to empty itself whole past 64 states)."""

import importlib

view = importlib.import_module("companion.games.gathering.view")


def test_a_full_store_of_shared_parts_keeps_the_round_before(monkeypatch):
    monkeypatch.setattr(view, "_SHARED", {})
    states = [{"n": n} for n in range(3 * view.SHARED_MAX)]
    for state in states:
        assert view.shared(state, "part", lambda state=state: state["n"]) == state["n"]
    made = []
    for state in states[-view.SHARED_MAX // 2:]:  # recent states: this round's or the round before's
        assert view.shared(state, "part", lambda state=state: made.append(state)) == state["n"]
    assert made == []
    assert view.shared({"n": -1}, "part", lambda: "new") == "new"  # another state: made anew


def test_a_seat_plays_the_player_the_kernel_finds_by_the_seat_recorded_at_setup_else_by_its_name():
    from companion.core.table import Seat
    from companion.games import kernel

    state = {"players": [{"name": "Ann", "seat": 3}, {"name": "Zoë", "seat": None}, {"name": "ann", "seat": 7},
                         {"name": "Bob"}]}
    seats = [Seat(3, "Someone Else", "player"), Seat(7, "Ann", "player"), Seat(9, " ANN ", "player"),
             Seat(4, "Zoe\u0308", "player"), Seat(5, "bob", "player"), Seat(6, "Cy", "player"),
             Seat(0, "Ann", "host"), Seat(8, "Ann", "display"), Seat(2, "Bob", "player", approved=False)]
    for seat in seats:
        assert view.player_of(state, seat) is kernel.player_of(state["players"], seat), seat
    assert view.player_of(state, seats[0])["name"] == "Ann" and view.player_of(state, seats[1])["name"] == "ann"
