"""Who is connected to which table, and pushing each seat its own view.

No Flask here: the web layer hands the hub a `render(table, seat) -> {region id: html}`.
Each connection remembers what it last received and is sent only the regions that changed,
so a push never clobbers a region the person is typing in unless that region changed.
"""

import hashlib
import logging
import threading

GOING_AWAY_RESTART = 1012
log = logging.getLogger(__name__)


def digest(regions: dict[str, str]) -> str:
    """A short fingerprint of a page's regions."""
    return hashlib.sha1("\x00".join(regions.values()).encode()).hexdigest()[:16]


class Connection:
    def __init__(self, ws, code: str, seat_id: int):
        self.ws, self.code, self.seat_id = ws, code, seat_id
        self.sent: dict[str, int] = {}  # region id -> hash of the html last sent
        self.lock = threading.Lock()


class Hub:
    def __init__(self, tables, render):
        self.tables, self.render = tables, render
        self._conns: dict[str, set[Connection]] = {}
        self._guard = threading.Lock()
        tables.listeners.append(self.broadcast)

    def add(self, conn: Connection, page_digest: str | None = None):
        """Register a socket and bring its page up to date: the full view, unless the page was
        rendered from exactly the current regions (its digest matches), which spares the phone
        a needless swap of the whole page right after it loaded."""
        with self._guard:
            self._conns.setdefault(conn.code, set()).add(conn)
        if page_digest:
            table = self.tables.get(conn.code)
            regions = self.render(table, table.seats[conn.seat_id])
            if digest(regions) == page_digest:
                with conn.lock:
                    conn.sent = {rid: hash(html) for rid, html in regions.items()}
                return
        self.push(conn)

    def remove(self, conn: Connection):
        with self._guard:
            self._conns.get(conn.code, set()).discard(conn)

    def connections(self, code: str) -> list[Connection]:
        with self._guard:
            return list(self._conns.get(code, ()))

    def connected(self, code: str, seat_id: int) -> bool:
        return any(c.seat_id == seat_id for c in self.connections(code))

    def count(self) -> int:
        with self._guard:
            return sum(len(c) for c in self._conns.values())

    def broadcast(self, code: str):
        """After a change: every socket of the table gets its own seat's current view."""
        for conn in self.connections(code):
            self.push(conn)

    def push(self, conn: Connection, full: bool = False):
        table = self.tables.get(conn.code)
        with conn.lock:
            if full:
                conn.sent.clear()
            seat = table.seats[conn.seat_id]
            regions = self.render(table, seat)
            digests = {rid: hash(html) for rid, html in regions.items()}
            changed = [regions[rid] for rid, d in digests.items() if conn.sent.get(rid) != d]
            if not changed:
                return
            try:
                conn.ws.send("\n".join(changed))
            except Exception as err:  # the socket is gone; its handler will notice and clean up
                log.info("dropping a socket of table %s: %r", conn.code, err)
                self.remove(conn)
                return
            conn.sent.update(digests)

    def close_all(self, code: int = GOING_AWAY_RESTART):
        """On shutdown: close every socket with 1012 so the clients come back by themselves."""
        with self._guard:
            conns = [c for s in self._conns.values() for c in s]
        for conn in conns:
            try:
                conn.ws.close(reason=code, message="The server is restarting.")
            except Exception:
                pass
