"""The event store: tables, seats, one-time links and each table's events, one transaction per action.

Two engines share one schema and every statement (written with `?` placeholders):
- `Store`, SQLite (the default: `make run`, one process): WAL. A commit is written to the
  operating system before it is acknowledged (a killed server loses nothing) and reaches the disk
  within SYNC_EVERY seconds, by a checkpoint on a background thread: one fsync for every action
  of that moment instead of one on each action's path (as PostgreSQL's asynchronous commit, and
  never a torn state: a power cut can take back the last moment's actions, in order). With
  COMPANION_SYNC_EVERY=0 each commit is synced before it is acknowledged (synchronous=FULL).
- `companion.postgres.PgStore`, PostgreSQL (`--db postgresql://...`): any number of processes on
  any number of hosts; a commit notifies every process (LISTEN/NOTIFY).

An action is acknowledged and broadcast only after its transaction has committed, so a restart
finds every acknowledged action. The event's primary key (table code, sequence number) is the
arbiter between processes: a second insert of the same number fails with `Conflict`, and the
loser catches up. Removed seats, rotated tokens and one-time personal links are stored too, so
they survive a restart; a deleted table leaves nothing behind.
"""

import atexit
import json
import logging
import os
import sqlite3
import sys
import threading
import time
from contextlib import contextmanager, nullcontext

SCHEMA = (
    "CREATE TABLE IF NOT EXISTS tables (code TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, "
    "created REAL NOT NULL)",
    "CREATE TABLE IF NOT EXISTS seats (code TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL, "
    "role TEXT NOT NULL, approved INTEGER NOT NULL, token_hash TEXT NOT NULL UNIQUE, PRIMARY KEY (code, seat))",
    "CREATE TABLE IF NOT EXISTS events (code TEXT NOT NULL, seq INTEGER NOT NULL, body TEXT NOT NULL, "
    "at REAL NOT NULL, PRIMARY KEY (code, seq))",
    "CREATE TABLE IF NOT EXISTS claims (token_hash TEXT PRIMARY KEY, code TEXT NOT NULL, seat INTEGER NOT NULL)",
)
# columns added after the first release: (table, column, definition)
COLUMNS = (
    ("seats", "removed", "INTEGER NOT NULL DEFAULT 0"),
    ("tables", "touched", "REAL NOT NULL DEFAULT 0"),
    ("tables", "language", "TEXT NOT NULL DEFAULT 'en'"),  # the language chosen at creation (issue 26)
)
SEAT_COLUMNS = "seat, name, role, approved, token_hash, removed"
SYNC_EVERY = 0.2  # seconds a committed action may wait in the operating system before it is on the disk
log = logging.getLogger(__name__)


def off_loop(work, *args):
    """`work(*args)` on one of gevent's native threads when this process runs on gevent's loop
    (the caller's greenlet waits, every other one goes on: an fsync holds up no other table),
    else here. `work` must touch no gevent object."""
    gevent = sys.modules.get("gevent")
    if gevent is not None and "gevent.monkey" in sys.modules and sys.modules["gevent.monkey"].is_module_patched("threading"):
        return gevent.get_hub().threadpool.apply(work, args)
    return work(*args)


class Conflict(Exception):
    """Another process wrote the same row first (an event's number, a seat's number)."""


def open_store(url: str):
    """The store a `--db` names: a PostgreSQL URL, or else a SQLite file (or ':memory:')."""
    if url.startswith(("postgresql://", "postgres://")):
        from .postgres import PgStore

        return PgStore(url)
    return Store(url.removeprefix("sqlite:///"))


class Events:
    """What both engines do, over `_tx()` (one transaction, yielding `run(sql, args) -> rows`)."""

    shared = False  # whether other processes may write to the same tables (then they tell us)

    def _tx(self):  # pragma: no cover (each engine has its own)
        raise NotImplementedError

    def _notice(self, code: str, what: str) -> tuple | None:
        """A statement that tells the other processes, inside the transaction (None: nobody to tell)."""
        return None

    def _write(self, statements, code=None, what="seats"):
        """One transaction; `code`: the table that was used (its idle clock starts again, and the
        other processes hear `what` changed)."""
        with self._tx() as run:
            for sql, args in statements:
                run(sql, args)
            if code is not None:
                run("UPDATE tables SET touched=? WHERE code=?", (time.time(), code))
                notice = self._notice(code, what)
                if notice:
                    run(*notice)

    def create_table(self, code, game, options, seat, token_hash, language="en"):
        now = time.time()
        self._write([
            ("INSERT INTO tables (code, game, options, created, touched, language) VALUES (?,?,?,?,?,?)",
             (code, game, json.dumps(options), now, now, language)),
            self._seat_sql(code, seat, token_hash),
        ])

    @staticmethod
    def _seat_sql(code, seat, token_hash):
        return ("INSERT INTO seats (code, seat, name, role, approved, token_hash) VALUES (?,?,?,?,?,?)",
                (code, seat.id, seat.name, seat.role, int(seat.approved), token_hash))

    def add_seat(self, code, seat, token_hash, claim_hash=None):
        statements = [self._seat_sql(code, seat, token_hash)]
        if claim_hash is not None:
            statements.append(("INSERT INTO claims (token_hash, code, seat) VALUES (?,?,?)",
                               (claim_hash, code, seat.id)))
        self._write(statements, code)

    def approve(self, code, seat_id):
        self._write([("UPDATE seats SET approved=1 WHERE code=? AND seat=?", (code, seat_id))], code)

    def remove_seat(self, code, seat_id, void_hash):
        """The seat stays (its past actions are still its own) but its token and links are gone."""
        self._write([("UPDATE seats SET removed=1, token_hash=? WHERE code=? AND seat=?", (void_hash, code, seat_id)),
                     ("DELETE FROM claims WHERE code=? AND seat=?", (code, seat_id))], code)

    def new_link(self, code, seat_id, token_hash, claim_hash=None):
        """A seat's token replaced (the old one stops working) and, for a personal link, its one
        claim (any earlier link of that seat is void)."""
        statements = [("UPDATE seats SET token_hash=? WHERE code=? AND seat=?", (token_hash, code, seat_id)),
                      ("DELETE FROM claims WHERE code=? AND seat=?", (code, seat_id))]
        if claim_hash is not None:
            statements.append(("INSERT INTO claims (token_hash, code, seat) VALUES (?,?,?)",
                               (claim_hash, code, seat_id)))
        self._write(statements, code)

    def claim(self, code, claim_hash, token_hash) -> int | None:
        """Use a personal link once: its seat gets the new token; None if the link is unknown or used
        (by any process: the row is deleted in the same transaction that reads it)."""
        with self._tx() as run:
            rows = run("DELETE FROM claims WHERE token_hash=? AND code=? RETURNING seat", (claim_hash, code))
            if not rows:
                return None
            run("UPDATE seats SET token_hash=? WHERE code=? AND seat=?", (token_hash, code, rows[0][0]))
            run("UPDATE tables SET touched=? WHERE code=?", (time.time(), code))
            notice = self._notice(code, "seats")
            if notice:
                run(*notice)
            return rows[0][0]

    def append(self, code, event):
        self._write([("INSERT INTO events (code, seq, body, at) VALUES (?,?,?,?)",
                      (code, event["seq"], json.dumps(event), time.time()))], code, what=f"events {event['seq']}")

    def delete_table(self, code):
        statements = [(f"DELETE FROM {t} WHERE code=?", (code,)) for t in ("claims", "events", "seats", "tables")]
        notice = self._notice(code, "deleted")
        self._write([*statements, notice] if notice else statements)

    def idle_since(self, before: float) -> list[str]:
        """The tables nobody has used since `before` (a time.time())."""
        with self._tx() as run:
            return [c for (c,) in run("SELECT code FROM tables WHERE touched < ?", (before,))]

    def ping(self) -> bool:
        """Whether the store answers a read (for /healthz)."""
        try:
            with self._tx() as run:
                return bool(run("SELECT count(*) FROM tables", ()))
        except Exception:
            return False

    def exists(self, code) -> bool:
        with self._tx() as run:
            return bool(run("SELECT 1 FROM tables WHERE code=?", (code,)))

    def codes(self) -> list[str]:
        with self._tx() as run:
            return [c for (c,) in run("SELECT code FROM tables ORDER BY created", ())]

    def seat_rows(self, code) -> list[tuple]:
        """(seat, name, role, approved, token_hash, removed) for every seat of a table."""
        with self._tx() as run:
            return [tuple(r) for r in run(f"SELECT {SEAT_COLUMNS} FROM seats WHERE code=? ORDER BY seat", (code,))]

    def seat_of_token(self, code, token_hash) -> int | None:
        """The seat a token opens now (None: none, or a removed seat's)."""
        with self._tx() as run:
            rows = run("SELECT seat FROM seats WHERE code=? AND token_hash=? AND removed=0", (code, token_hash))
            return rows[0][0] if rows else None

    def events_after(self, code, seq: int) -> list[dict]:
        """The events of a table after number `seq`, in order (what another process wrote since)."""
        with self._tx() as run:
            return [json.loads(b) for (b,) in run("SELECT body FROM events WHERE code=? AND seq>? ORDER BY seq",
                                                  (code, seq))]

    def load(self, code):
        """(game, options, seats rows (seat, name, role, approved, token_hash, removed), events,
        language at creation) or None; read in one transaction. (Personal links are checked in the
        store when used.)"""
        with self._tx() as run:
            row = run("SELECT game, options, language FROM tables WHERE code=?", (code,))
            if not row:
                return None
            seats = [tuple(r) for r in run(f"SELECT {SEAT_COLUMNS} FROM seats WHERE code=? ORDER BY seat", (code,))]
            events = [json.loads(b) for (b,) in run("SELECT body FROM events WHERE code=? ORDER BY seq", (code,))]
        return row[0][0], json.loads(row[0][1]), seats, events, row[0][2]

    def dump(self, code):
        """Every row of one table, for `companion migrate`: (table row, seats, events, claims)."""
        with self._tx() as run:
            table = run("SELECT code, game, options, created, touched, language FROM tables WHERE code=?", (code,))
            if not table:
                return None
            seats = run("SELECT code, seat, name, role, approved, token_hash, removed FROM seats WHERE code=?", (code,))
            events = run("SELECT code, seq, body, at FROM events WHERE code=? ORDER BY seq", (code,))
            claims = run("SELECT token_hash, code, seat FROM claims WHERE code=?", (code,))
        return tuple(table[0]), [tuple(r) for r in seats], [tuple(r) for r in events], [tuple(r) for r in claims]

    def restore(self, dumped) -> bool:
        """Write one dumped table (see `dump`); False if a table of that code is here already."""
        table, seats, events, claims = dumped
        try:
            self._write(
                [("INSERT INTO tables (code, game, options, created, touched, language) VALUES (?,?,?,?,?,?)",
                  (*table, "en")[:6])]
                + [("INSERT INTO seats (code, seat, name, role, approved, token_hash, removed) VALUES (?,?,?,?,?,?,?)",
                    s) for s in seats]
                + [("INSERT INTO events (code, seq, body, at) VALUES (?,?,?,?)", e) for e in events]
                + [("INSERT INTO claims (token_hash, code, seat) VALUES (?,?,?)", c) for c in claims])
        except Conflict:
            return False
        return True

    def listen(self, on_notice):
        """Call `on_notice("CODE what")` when another process changes a table; SQLite has no others."""
        return None

    def close(self):  # pragma: no cover (each engine has its own)
        raise NotImplementedError


class Store(Events):
    """SQLite: one connection, one writer at a time, in one process."""

    def __init__(self, path: str, sync_every: float | None = None):
        self.path = path
        if sync_every is None:
            sync_every = float(os.environ.get("COMPANION_SYNC_EVERY", SYNC_EVERY))
        self.sync_every = sync_every if path not in ("", ":memory:") else 0.0  # (no file: nothing to sync)
        self.syncs = 0  # background syncs made (each one writes every commit before it to the disk)
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        self._sync_lock = threading.Lock()  # one checkpoint at a time (its connection is its own)
        self._dirty = threading.Event()  # a commit not yet synced by the background
        self._syncer = None  # the background sync's thread, started by the first commit
        self._sync_db = None  # its own connection (a checkpoint never waits on the writer's lock)
        self._closed = False
        self._changes = 0  # the connection's count of changed rows at the last commit seen
        with self._lock:
            self._db.execute("PRAGMA journal_mode=WAL")
            if self.sync_every:
                # a commit writes the log and does not sync it; it never checkpoints either (that
                # syncs): the background does both, for every commit of its moment at once
                self._db.execute("PRAGMA synchronous=NORMAL")
                self._db.execute("PRAGMA wal_autocheckpoint=0")
            else:
                self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            for statement in SCHEMA:
                self._db.execute(statement)
            for table, column, definition in COLUMNS:
                have = {row[1] for row in self._db.execute(f"PRAGMA table_info({table})")}
                if column not in have:
                    self._db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {definition}")
                    if column == "touched":
                        self._db.execute("UPDATE tables SET touched=created")
            self._changes = self._db.total_changes

    def _wrote(self):
        """After a transaction: if it changed anything, the background syncs it within
        `sync_every` seconds."""
        if not self.sync_every or self._db.total_changes == self._changes:
            return
        self._changes = self._db.total_changes
        self._dirty.set()
        if self._syncer is None:  # started by the first commit: in the process that serves (after a fork)
            self._syncer = threading.Thread(target=self._sync_loop, daemon=True, name="store-sync")
            self._syncer.start()
            atexit.register(self._last_sync)

    def _last_sync(self):
        """At the process's exit (a clean stop): what the background has not synced yet."""
        if not self._closed:
            try:
                self._checkpoint("PASSIVE")
            except sqlite3.Error:
                pass

    def _sync_loop(self):
        while not self._closed:
            self._dirty.wait()
            time.sleep(self.sync_every)  # the commits of this moment gather: one sync for them all
            self._dirty.clear()  # (a commit from now on sets it again: it is in this sync or the next)
            try:
                self.sync()
            except Exception:  # the disk is full or gone: said, and tried again at the next commit
                log.exception("syncing the store %s to the disk failed", self.path)

    def sync(self, mode: str = "PASSIVE"):
        """Every commit so far onto the disk: a checkpoint syncs the log, copies it into the
        database file and syncs that (on a native thread under gevent, on its own connection)."""
        if not self.sync_every or self._closed:
            return
        with self._sync_lock, self._lock if mode != "PASSIVE" else nullcontext():  # a passive one waits for no writer
            off_loop(self._checkpoint, mode)

    def _checkpoint(self, mode: str):  # no gevent object here: it may run on a native thread
        if self._sync_db is None:
            self._sync_db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self._sync_db.execute("PRAGMA synchronous=NORMAL")  # the log synced before a checkpoint
        self._sync_db.execute(f"PRAGMA wal_checkpoint({mode})").fetchall()
        self.syncs += 1

    def _write(self, statements, code=None, what="seats"):
        """One transaction of known statements, committed on a native thread under gevent (the
        loop serves every other table meanwhile), then left to the background sync."""
        if code is not None:
            statements = [*statements, ("UPDATE tables SET touched=? WHERE code=?", (time.time(), code))]
        with self._lock:
            # on a native thread even with no sync to wait for: a write to the log can still wait
            # on the file system (its journal, while the background's checkpoint syncs), and the
            # loop serves every other table meanwhile (with the write on the loop, 50 tables' p99 reached 71 ms)
            off_loop(self._commit_all, statements)
        self._wrote()

    def _commit_all(self, statements):  # no gevent object here: it may run on a native thread
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            for sql, args in statements:
                db.execute(sql, args)
            db.execute("COMMIT")
        except sqlite3.IntegrityError as err:
            db.execute("ROLLBACK")
            raise Conflict(str(err)) from None
        except BaseException:
            db.execute("ROLLBACK")
            raise

    @contextmanager
    def _tx(self):
        def run(sql, args):
            try:
                return self._db.execute(sql, args).fetchall()
            except sqlite3.IntegrityError as err:
                raise Conflict(str(err)) from None

        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield run
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
        self._wrote()

    def close(self):
        try:
            self.sync("TRUNCATE")  # everything on the disk, the log emptied
        except sqlite3.Error:
            log.exception("the last sync of the store %s failed", self.path)
        self._closed = True
        self._dirty.set()  # the background's loop ends
        with self._lock:
            self._db.close()
            if self._sync_db is not None:
                self._sync_db.close()
