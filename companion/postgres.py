"""The PostgreSQL store: several processes, on several hosts, share one database.

psycopg 3 with a connection pool; every statement is the SQLite store's (`?` placeholders become
`%s`). A write that changes a table also sends `NOTIFY companion, 'CODE what'` inside its
transaction ('CODE events N' after event N, 'CODE seats', 'CODE deleted'), so PostgreSQL delivers it at the commit and never before. Each process LISTENs on
one dedicated connection (`listen`) and hears every other process's changes; after a lost
connection it reconnects and asks for everything again (it may have missed notifications).

Imported only when a `postgresql://` URL is used, after gevent's patching in the server: psycopg
then waits on sockets cooperatively.
"""

import logging
import threading
import time
from contextlib import contextmanager

import psycopg
from psycopg import errors
from psycopg_pool import ConnectionPool, PoolTimeout

from .core.errors import Unavailable
from .store import COLUMNS, SCHEMA, Conflict, Events

CHANNEL = "companion"
POOL_MAX = 10
UNAVAILABLE = "The table's database did not answer; try again in a moment."
log = logging.getLogger(__name__)


def pg(sql: str) -> str:
    """A statement written for SQLite, for PostgreSQL (no '?' appears in our literals)."""
    return sql.replace("?", "%s")


class PgStore(Events):
    shared = True

    def __init__(self, url: str, pool_max: int = POOL_MAX):
        self.url = url
        self.path = url
        with psycopg.connect(url, connect_timeout=10) as first:  # a wrong URL fails here, at once, plainly
            first.execute("SELECT 1")
        # each connection is checked as it is taken: one the server dropped (a restart, an
        # administrator's pg_terminate_backend) is replaced instead of failing a request
        self.pool = ConnectionPool(url, min_size=1, max_size=pool_max, open=True, name="companion",
                                   kwargs={"autocommit": True}, timeout=10, check=ConnectionPool.check_connection)
        self.listener: Listener | None = None
        with self._tx() as run:
            run("SELECT pg_advisory_xact_lock(727274)", ())  # two processes starting at once: one creates
            for statement in SCHEMA:
                run(statement.replace(" REAL ", " DOUBLE PRECISION "), ())
            for table, column, definition in COLUMNS:
                run(f"ALTER TABLE {table} ADD COLUMN IF NOT EXISTS {column} "
                    f"{definition.replace('REAL', 'DOUBLE PRECISION')}", ())
            run("CREATE TABLE IF NOT EXISTS attempts (id BIGSERIAL PRIMARY KEY, kind TEXT NOT NULL, "
                "who TEXT NOT NULL, at DOUBLE PRECISION NOT NULL)", ())
            run("CREATE INDEX IF NOT EXISTS attempts_by_who ON attempts (kind, who, at)", ())

    @contextmanager
    def _tx(self):
        try:
            with self.pool.connection() as conn, conn.transaction(), conn.cursor() as cur:
                def run(sql, args):
                    try:
                        cur.execute(pg(sql), args)
                    except errors.UniqueViolation as err:
                        raise Conflict(str(err).splitlines()[0]) from None
                    return cur.fetchall() if cur.description else []

                yield run
        except (psycopg.OperationalError, PoolTimeout) as err:  # the database went away mid-request
            log.warning("the database did not answer: %s", str(err).splitlines()[0] if str(err) else type(err).__name__)
            raise Unavailable(UNAVAILABLE) from None

    def _notice(self, code: str, what: str):
        return "SELECT pg_notify(?, ?)", (CHANNEL, f"{code} {what}")

    # ----- limits shared by every process -----
    def take_attempt(self, kind: str, who: str, window: float, limit: int) -> int | None:
        """Count one attempt if `who` has fewer than `limit` in the window, checked and counted in
        one transaction under a lock on (kind, who): processes asking at once cannot all pass.
        Answers the attempt's id (to give it back), or None when the limit is reached."""
        now = time.time()
        with self._tx() as run:
            run("SELECT pg_advisory_xact_lock(hashtext(?))", (f"{kind} {who}",))
            run("DELETE FROM attempts WHERE kind=? AND who=? AND at < ?", (kind, who, now - window))
            (count,), = run("SELECT count(*) FROM attempts WHERE kind=? AND who=?", (kind, who))
            if count >= limit:
                return None
            (attempt,), = run("INSERT INTO attempts (kind, who, at) VALUES (?,?,?) RETURNING id", (kind, who, now))
            return attempt

    def give_back(self, attempt: int):
        """An attempt that does not count after all (a right code, a refused creation)."""
        with self._tx() as run:
            run("DELETE FROM attempts WHERE id=?", (attempt,))

    # ----- hearing the other processes -----
    def listen(self, on_notice):
        """Start listening; the process serves once it hears the others (or after 10 s, unhealthy)."""
        self.listener = Listener(self.url, on_notice)
        self.listener.ready.wait(timeout=10)
        return self.listener

    def close(self):
        if self.listener is not None:
            self.listener.stop()
        self.pool.close()


class Listener:
    """One connection that LISTENs; `on_notice(payload)` for each notification, and
    `on_notice(None)` after a reconnection (anything may have been missed: look at everything)."""

    def __init__(self, url: str, on_notice, retry: float = 0.5):
        self.url, self.on_notice, self.retry = url, on_notice, retry
        self.alive = False
        self.stopped = threading.Event()
        self.ready = threading.Event()
        self._conn = None
        self.thread = threading.Thread(target=self._run, daemon=True, name="companion-listen")
        self.thread.start()

    def _run(self):
        first = True
        while not self.stopped.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True) as conn:
                    self._conn = conn
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.alive = True
                    self.ready.set()
                    if not first:
                        self._tell(None)
                    first = False
                    while not self.stopped.is_set():
                        for note in conn.notifies(timeout=1.0):
                            self._tell(note.payload)
            except Exception as err:
                if self.stopped.is_set():
                    break
                log.warning("the PostgreSQL listener lost its connection (%s); reconnecting", err)
            finally:
                self.alive = False
                self._conn = None
            self.stopped.wait(self.retry)

    def _tell(self, payload):
        try:
            self.on_notice(payload)
        except Exception:
            log.exception("handling the notification %r failed", payload)

    def stop(self):
        self.stopped.set()
        self.thread.join(timeout=3)
