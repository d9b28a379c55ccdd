"""The SQLite event store: WAL, synchronous=FULL, one transaction per action.

An action is acknowledged and broadcast only after its transaction has committed, so a restart
on the same file finds every acknowledged action.
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
"""


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

    def _write(self, statements):
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                for sql, args in statements:
                    self._db.execute(sql, args)
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise

    def create_table(self, code, game, options, seat, token_hash):
        self._write([
            ("INSERT INTO tables VALUES (?,?,?,?)", (code, game, json.dumps(options), time.time())),
            self._seat_sql(code, seat, token_hash),
        ])

    @staticmethod
    def _seat_sql(code, seat, token_hash):
        return ("INSERT INTO seats VALUES (?,?,?,?,?,?)",
                (code, seat.id, seat.name, seat.role, int(seat.approved), token_hash))

    def add_seat(self, code, seat, token_hash):
        self._write([self._seat_sql(code, seat, token_hash)])

    def approve(self, code, seat_id):
        self._write([("UPDATE seats SET approved=1 WHERE code=? AND seat=?", (code, seat_id))])

    def append(self, code, event):
        self._write([("INSERT INTO events VALUES (?,?,?,?)", (code, event["seq"], json.dumps(event), time.time()))])

    def exists(self, code) -> bool:
        with self._lock:
            return self._db.execute("SELECT 1 FROM tables WHERE code=?", (code,)).fetchone() is not None

    def load(self, code):
        """(game, options, seats rows, events) or None."""
        with self._lock:
            row = self._db.execute("SELECT game, options FROM tables WHERE code=?", (code,)).fetchone()
            if not row:
                return None
            seats = self._db.execute(
                "SELECT seat, name, role, approved, token_hash FROM seats WHERE code=? ORDER BY seat", (code,)).fetchall()
            events = [json.loads(b) for (b,) in self._db.execute(
                "SELECT body FROM events WHERE code=? ORDER BY seq", (code,))]
        return row[0], json.loads(row[1]), seats, events

    def close(self):
        with self._lock:
            self._db.close()
