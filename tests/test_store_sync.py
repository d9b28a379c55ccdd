"""The SQLite store's way to the disk: a commit is written to the operating system before it is
acknowledged (a killed server loses nothing: tests/test_live.py kills one), and a checkpoint on a
background thread puts every commit of the moment on the disk at once (one sync for them all,
none on an action's path). COMPANION_SYNC_EVERY=0 syncs each commit before it is acknowledged."""

import shutil
import sqlite3

from companion.store import Store
from companion.tables import Tables

from .helpers import wait_for


def events_in_the_database_file_alone(path, tmp_path) -> int:
    """The events a copy of the database file holds without its write-ahead log: what a
    checkpoint has written into the file itself."""
    copy = tmp_path / "alone.db"
    shutil.copyfile(path, copy)
    db = sqlite3.connect(copy)
    try:
        return db.execute("SELECT count(*) FROM events").fetchone()[0]
    except sqlite3.OperationalError:  # not even the schema yet: that too is in the log only
        return 0
    finally:
        db.close()


def play_two_rolls(store):
    tables = Tables(store)
    table, host, _ = tables.create("villainous", {"players": [{"name": "Ann", "villain": "jafar"},
                                                             {"name": "Bob", "villain": "ursula"}]}, "Host")
    for _ in range(2):
        tables.act(table.code, host, {"type": "roll", "dice": "d6"})
    return table


def test_a_store_asked_to_sync_every_commit_syncs_each_one_before_it_is_acknowledged(tmp_path):
    store = Store(str(tmp_path / "s.db"), sync_every=0)
    assert store._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL: the log synced at each commit
    play_two_rolls(store)
    assert store.syncs == 0 and store._syncer is None  # nothing left for a background


def test_an_actions_commit_writes_the_log_and_leaves_the_sync_to_the_background(tmp_path):
    path = tmp_path / "s.db"
    store = Store(str(path), sync_every=3600)  # the background's moment never comes in this test
    assert store._db.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL: no sync at the commit
    assert store._db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0  # nor a checkpoint
    table = play_two_rolls(store)
    assert store.events_after(table.code, 0)[-1]["action"]["type"] == "roll"  # committed, and read back
    assert events_in_the_database_file_alone(path, tmp_path) == 0  # only in the log so far
    store.sync()
    assert events_in_the_database_file_alone(path, tmp_path) == 2


def test_the_background_puts_every_commit_on_the_disk_within_its_moment(tmp_path):
    path = tmp_path / "s.db"
    store = Store(str(path), sync_every=0.05)
    play_two_rolls(store)
    wait_for(lambda: events_in_the_database_file_alone(path, tmp_path) == 2)
    assert store.syncs >= 1
    wait_for(lambda: not store._dirty.is_set())  # every commit taken by a sync
    store.events_after("NOTHING", 0)  # a read changes nothing: nothing for the background to do
    assert not store._dirty.is_set()


def test_closing_the_store_leaves_every_commit_in_the_database_file_and_the_log_empty(tmp_path):
    path = tmp_path / "s.db"
    store = Store(str(path), sync_every=3600)
    play_two_rolls(store)
    store.close()
    assert events_in_the_database_file_alone(path, tmp_path) == 2
    wal = tmp_path / "s.db-wal"
    assert not wal.exists() or wal.stat().st_size == 0
