"""The engine and the store, without the web: seats and undo through the rule harness (tests/rules.py),
the store and the replay through the table service over a file."""

import dataclasses
import random

import pytest

from companion import games
from companion.core import dice
from companion.core.errors import BadInput, Forbidden, RuleError, Stale
from companion.core.views import view_for
from companion.store import Store
from companion.tables import CODE_ALPHABET, CODE_LENGTH, Tables, new_code

from .rules import Game


def test_table_code_is_typeable_and_has_at_least_30_bits():
    assert not set("01OI") & set(CODE_ALPHABET)
    assert len(CODE_ALPHABET) ** CODE_LENGTH >= 2 ** 30
    assert all(ch in CODE_ALPHABET for ch in new_code())


@pytest.mark.parametrize("spec,count,faces", [("d6", 1, 6), ("2d6", 2, 6), ("d3", 1, 3), ("20d100", 20, 100), (" 3D10 ", 3, 10)])
def test_dice_expressions(spec, count, faces):
    assert dice.parse(spec) == (count, faces)
    rolled = dice.roll(spec, random.Random(1))
    assert len(rolled) == count and all(1 <= f <= faces for f in rolled)


@pytest.mark.parametrize("spec", ["", "d", "21d6", "d101", "d1", "0d6", "2x6", "d6+1"])
def test_dice_refuses_bad_expressions(spec):
    with pytest.raises(BadInput):
        dice.parse(spec)


@pytest.fixture
def tables(tmp_path):
    return Tables(Store(str(tmp_path / "t.db")), rng=random.Random(7))


def test_state_is_a_fold_over_the_log_and_replay_is_exact(tables, tmp_path):
    table, host, _ = tables.create("villainous", {}, "Ann")
    for spec in ("d6", "2d6", "5d10"):
        tables.act(table.code, host, {"type": "roll", "dice": spec})
    tables.act(table.code, host, {"type": "memo", "text": "hello"})
    again = Tables(Store(str(tmp_path / "t.db"))).get(table.code)
    assert again.state == table.state
    assert [r["faces"] for r in again.state["rolls"]] == [r["faces"] for r in table.state["rolls"]]
    assert again.version == 4


def test_undo_appends_an_event_and_a_taken_back_roll_stays_visible():
    g = Game("villainous", host="Ann")
    g.act("Ann", type="roll", dice="d6")
    view = g.undo("Ann")
    assert g.version == 2
    assert [e["kind"] for e in g.table.events] == ["action", "undo"]
    assert view["rolls"][0]["taken_back"] is True


def test_a_player_undoes_only_its_own_last_action():
    g = Game("villainous", players=["Bob"], host="Ann")
    g.act("Bob", type="memo", text="first thought")
    g.act("Ann", type="roll", dice="d6")
    with pytest.raises(Forbidden):
        g.undo("Bob")
    g.undo("Ann")
    view = g.undo("Bob")  # now Bob's note is the last live action he may see
    assert view["memo"] == "" and [r["taken_back"] for r in view["rolls"]] == [True]
    with pytest.raises(RuleError):
        g.undo("Ann")


def test_a_result_the_table_has_seen_is_sealed_for_players_not_for_the_host():
    g = Game("villainous", players=["Bob"], host="Ann")
    g.act("Bob", type="roll", dice="d6")
    with pytest.raises(Forbidden, match="only the host"):
        g.undo("Bob")
    assert g.view("Bob")["undo"] == {"label": "Undo: Bob's roll of d6", "confirm": None, "allowed": False,
                                     "why": "It revealed a shared roll to the whole table; only the host can take it back."}
    offer = g.view("Ann")["undo"]
    assert offer["allowed"] and "already seen a shared roll" in offer["confirm"]
    assert g.undo("Ann")["rolls"][0]["taken_back"] is True


def test_the_undo_button_says_what_it_takes_back():
    g = Game("villainous", {"players": [{"name": "Bob", "villain": "ursula"}, {"name": "Cat", "villain": "jafar"}]},
             players=["Bob", "Cat"], host="Ann")
    g.act("Bob", type="power", player="Bob", delta=2)
    assert g.view("Bob")["undo"]["label"] == "Undo: +2 Power for Bob"  # Bob's own tap reads as it is
    assert g.view("Ann")["undo"]["label"] == "Undo: +2 Power for Bob (by Bob)"  # the host is told whose it was
    assert g.view("Bob")["undo"]["confirm"] is None  # your own last tap: no question
    assert g.view("Cat")["undo"] is None  # nothing of Cat's to take back
    assert g.view("Board")["undo"] is None
    assert g.view("Ann")["undo"]["confirm"] == "Take back +2 Power for Bob (by Bob)?"  # another's: asked once


def test_another_seats_private_memo_is_never_undone_by_the_host():
    g = Game("villainous", players=["Bob"], host="Ann")
    g.act("Ann", type="roll", dice="d6")
    g.act("Bob", type="memo", text="Ann lies")
    g.undo("Ann")
    assert g.view("Bob")["memo"] == "Ann lies"
    assert g.view("Ann")["rolls"][0]["taken_back"] is True


def test_a_stale_version_is_refused_and_changes_nothing():
    g = Game("villainous", host="Ann")
    g.act("Ann", type="roll", dice="d6", expected_version=0)
    with pytest.raises(Stale):
        g.act("Ann", type="roll", dice="d6", expected_version=0)
    with pytest.raises(BadInput, match="whole number"):
        g.act("Ann", type="roll", dice="d6", expected_version="1")
    assert g.version == 1


def test_a_pending_seat_may_not_act():
    g = Game("villainous", host="Ann")
    eve = g.join("Eve", approved=False)
    assert not eve.approved
    with pytest.raises(Forbidden, match="not approved"):
        g.act("Eve", type="roll", dice="d6")
    g.approve("Eve")
    assert len(g.act("Eve", type="roll", dice="d6")["rolls"]) == 1


def test_names_are_unique_at_a_table():
    g = Game("villainous", host="Ann")
    with pytest.raises(RuleError, match="taken"):
        g.join("ann")


def test_companion_replay_folds_a_tables_log_from_the_store(tmp_path):
    import json
    import subprocess
    import sys

    db = tmp_path / "replay.db"
    tables = Tables(Store(str(db)), rng=random.Random(3))
    table, host, _ = tables.create("villainous", {"players": [{"name": "Ann", "villain": "jafar"},
                                                             {"name": "Bob", "villain": "ursula"}]}, "Host")
    tables.act(table.code, host, {"type": "power", "player": "Bob", "delta": 4})
    tables.act(table.code, host, {"type": "roll", "dice": "3d6"})
    out = subprocess.run([sys.executable, "-m", "companion.cli", "replay", table.code, "--db", str(db)],
                         capture_output=True, text=True, check=True).stdout
    replayed = json.loads(out)
    assert replayed["version"] == 2 and replayed["state"] == json.loads(json.dumps(table.state))


@pytest.mark.parametrize(("sent", "logged"), [("d6", "d6"), ("1d6", "d6"), ("2d6", "2d6"), (" 3D10 ", "3d10"), ("d3", "d3")])
def test_the_roll_log_writes_dice_as_api_md_does(sent, logged):
    from companion.core.dice import normal

    assert normal(sent) == logged


def test_a_view_worked_out_while_the_table_moved_on_is_never_kept_for_the_new_version(tables):
    """A push's thread works out a seat's view without the table's lock. If an action is committed
    meanwhile, that view (of the old state) must not be kept as the new version's: every push
    after would send the old page (a Clue cell stayed at 28 % after the card was saved)."""
    players = [{"name": "P0", "villain": "jafar"}, {"name": "P1", "villain": "ursula"}]
    table, host, _ = tables.create("villainous", {"players": players}, "Host")
    module = games.get("villainous")
    real, acted = module.view, []

    def slow_view(game, seat):  # the reader is in the middle of its work when the action lands
        out = real(game, seat)
        if not acted:
            acted.append(tables.act(table.code, host, {"type": "power", "player": "P1", "delta": 1}))
        return out

    tables.act(table.code, host, {"type": "roll", "dice": "d6"})  # a new version, its views not worked out yet
    table.game_views.clear()  # and the game's part to work out again (as when a background result came)
    old = view_for(dataclasses.replace(module, view=slow_view), table, host)  # the reader's: before the action
    assert acted and power(old, "P1") == 1
    assert power(view_for(module, table, host), "P1") == 2  # the new version's own view, not the old one


def power(view, name):
    return next(p["power"] for p in view["players"] if p["name"] == name)


def test_the_actions_taken_back_are_kept_up_to_date_from_the_new_events_and_read_again_for_another_log():
    from companion.core import undo
    from companion.core.table import Table, undone

    g = Game("villainous", {"players": [{"name": "Ann", "villain": "jafar"}, {"name": "Bob", "villain": "ursula"}]},
             players=("Ann", "Bob"))
    for step in range(6):
        g.act("host", type="roll", dice="d6")
        if step % 2:
            g.undo("host")
        table = g.table
        assert undo.taken_back(table) == undone(table.events)
    table = g.table
    assert len(undone(table.events)) == 3
    other = Table(table.code, table.game, table.options, table.seats, [dict(e) for e in table.events[:-2]])
    other.views = table.views  # the same cache, another log (a shorter one, its events other objects)
    assert undo.taken_back(other) == undone(other.events)
