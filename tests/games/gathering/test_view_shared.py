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
