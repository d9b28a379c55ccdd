"""The SQLite event store: WAL, synchronous=FULL, one transaction per action.

An action is acknowledged and broadcast only after its transaction has committed, so a restart
on the same file finds every acknowledged action. Removed seats, rotated tokens and one-time
personal links are stored too, so they survive a restart; a deleted table leaves nothing behind.
"""

import json
import sqlite3
import threading
import time

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
  code TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS seats (
  code TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL, role TEXT NOT NULL,
  approved INTEGER NOT NULL, token_hash TEXT NOT NULL UNIQUE, PRIMARY KEY (code, seat));
CREATE TABLE IF NOT EXISTS events (
  code TEXT NOT NULL, seq INTEGER NOT NULL, body TEXT NOT NULL, at REAL NOT NULL,
  PRIMARY KEY (code, seq));
CREATE TABLE IF NOT EXISTS claims (
  token_hash TEXT PRIMARY KEY, code TEXT NOT NULL, seat INTEGER NOT NULL);
"""
# columns added after the first release: (table, column, definition)
COLUMNS = (
    ("seats", "removed", "INTEGER NOT NULL DEFAULT 0"),
    ("tables", "touched", "REAL NOT NULL DEFAULT 0"),
)


class Store:
    def __init__(self, path: str):
        self.path = path
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        with self._lock:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.executescript(SCHEMA)
            for table, column, definition in COLUMNS:
                have = {row[1] for row in self._db.execute(f"PRAGMA table_info({table})")}
                if column not in have:
                    self._db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {definition}")
                    if column == "touched":
                        self._db.execute("UPDATE tables SET touched=created")

    def _write(self, statements, code=None):
        """One transaction; `code`: the table that was used (its idle clock starts again)."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                for sql, args in statements:
                    self._db.execute(sql, args)
                if code is not None:
                    self._db.execute("UPDATE tables SET touched=? WHERE code=?", (time.time(), code))
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise

    def create_table(self, code, game, options, seat, token_hash):
        now = time.time()
        self._write([
            ("INSERT INTO tables (code, game, options, created, touched) VALUES (?,?,?,?,?)",
             (code, game, json.dumps(options), now, now)),
            self._seat_sql(code, seat, token_hash),
        ])

    @staticmethod
    def _seat_sql(code, seat, token_hash):
        return ("INSERT INTO seats (code, seat, name, role, approved, token_hash) VALUES (?,?,?,?,?,?)",
                (code, seat.id, seat.name, seat.role, int(seat.approved), token_hash))

    def add_seat(self, code, seat, token_hash, claim_hash=None):
        statements = [self._seat_sql(code, seat, token_hash)]
        if claim_hash is not None:
            statements.append(("INSERT INTO claims VALUES (?,?,?)", (claim_hash, code, seat.id)))
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
            statements.append(("INSERT INTO claims VALUES (?,?,?)", (claim_hash, code, seat_id)))
        self._write(statements, code)

    def claim(self, code, claim_hash, token_hash) -> int | None:
        """Use a personal link once: its seat gets the new token; None if the link is unknown or used."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                row = self._db.execute("SELECT seat FROM claims WHERE token_hash=? AND code=?",
                                       (claim_hash, code)).fetchone()
                if row is None:
                    self._db.execute("ROLLBACK")
                    return None
                self._db.execute("DELETE FROM claims WHERE token_hash=?", (claim_hash,))
                self._db.execute("UPDATE seats SET token_hash=? WHERE code=? AND seat=?", (token_hash, code, row[0]))
                self._db.execute("UPDATE tables SET touched=? WHERE code=?", (time.time(), code))
                self._db.execute("COMMIT")
                return row[0]
            except BaseException:
                self._db.execute("ROLLBACK")
                raise

    def append(self, code, event):
        self._write([("INSERT INTO events VALUES (?,?,?,?)", (code, event["seq"], json.dumps(event), time.time()))],
                    code)

    def delete_table(self, code):
        self._write([(f"DELETE FROM {t} WHERE code=?", (code,)) for t in ("claims", "events", "seats", "tables")])

    def idle_since(self, before: float) -> list[str]:
        """The tables nobody has used since `before` (a time.time())."""
        with self._lock:
            return [c for (c,) in self._db.execute("SELECT code FROM tables WHERE touched < ?", (before,))]

    def ping(self) -> bool:
        """Whether the store answers a read (for /healthz)."""
        try:
            with self._lock:
                return self._db.execute("SELECT count(*) FROM tables").fetchone() is not None
        except Exception:
            return False

    def exists(self, code) -> bool:
        with self._lock:
            return self._db.execute("SELECT 1 FROM tables WHERE code=?", (code,)).fetchone() is not None

    def load(self, code):
        """(game, options, seats rows (seat, name, role, approved, token_hash, removed), events,
        claims {hash: seat}) or None."""
        with self._lock:
            row = self._db.execute("SELECT game, options FROM tables WHERE code=?", (code,)).fetchone()
            if not row:
                return None
            seats = self._db.execute(
                "SELECT seat, name, role, approved, token_hash, removed FROM seats WHERE code=? ORDER BY seat",
                (code,)).fetchall()
            events = [json.loads(b) for (b,) in self._db.execute(
                "SELECT body FROM events WHERE code=? ORDER BY seq", (code,))]
            claims = dict(self._db.execute("SELECT token_hash, seat FROM claims WHERE code=?", (code,)).fetchall())
        return row[0], json.loads(row[1]), seats, events, claims

    def close(self):
        with self._lock:
            self._db.close()
