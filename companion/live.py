"""Who is connected to which table, and pushing each seat its own view.

No Flask here: the web layer hands the hub `page(table, seat)` (the seat's regions, each with
the hash of the slice it reads) and a renderer. Each connection remembers the hashes it last
received and is sent only the regions whose slice changed.

A broadcast never waits on a socket: each connection has a bounded outbound queue drained by
its own sender, and a send that cannot finish in time fails. A connection that falls behind
is closed; its page reconnects by itself and catches up with the whole view.

A message is framed once for every socket that gets the same bytes (`Outgoing`): the sockets of
one broadcast share it, and a socket whose frames this module can write itself (simple-websocket
on wsproto, permessage-deflate or none) is sent those bytes as they are. A compressed message
is compressed on its own (no earlier message's context), which every client of
permessage-deflate decodes, so equal messages are equal bytes.
"""

import fcntl
import logging
import socket
import struct
import termios
import threading
import time
import zlib
from collections import deque

from .core import i18n
from .core.views import generation, reader

GOING_AWAY_RESTART = 1012
BACKLOG = 32          # messages waiting for one socket before it counts as fallen behind
SEND_TIMEOUT = 10.0   # seconds a single send may take
SYNC_EVERY = 1.0      # a socket may ask for its whole view at most once a second
YIELD_AFTER = 0.002  # seconds of rendering in one broadcast before other tables get a turn
ANSWER_WAITS = 0.030  # seconds of pushing an action's answer waits for; the rest goes on without it
SEND_BUFFER = 256 * 1024  # bytes the kernel holds for one socket: many pages, yet a frozen phone shows soon
ROOM = SEND_BUFFER // 2  # unsent bytes below which a frame is written at once (the kernel doubles SO_SNDBUF)
DEFLATE_LEVEL = 6  # zlib's default, what wsproto compresses with
log = logging.getLogger(__name__)
MESSAGES = "messages"  # a broadcast's framed messages, kept beside its pages
_OUTBOX = threading.Lock()  # guards every connection's queue and sender flag (held for microseconds)


class Outgoing:
    """One message, framed once for every socket that gets these bytes: each kind of socket (its
    permessage-deflate window, or none) has its frame made the first time one of them sends it."""

    __slots__ = ("text", "_frames")

    def __init__(self, text: str):
        self.text = text
        self._frames: dict[int, bytes] = {}

    def frame(self, bits: int) -> bytes:
        """The whole text frame, compressed with a window of `bits` (permessage-deflate), or not (0)."""
        out = self._frames.get(bits)
        if out is None:
            out = self._frames[bits] = text_frame(self.text.encode(), bits)
        return out


def text_frame(payload: bytes, bits: int = 0) -> bytes:
    """A server's unmasked, final text frame (RFC 6455), its payload deflated on its own with a
    window of `bits` (RFC 7692: RSV1 set, the flush's empty block left out) unless `bits` is 0."""
    first = 0x81
    if bits:
        deflate = zlib.compressobj(DEFLATE_LEVEL, zlib.DEFLATED, -bits)
        payload = (deflate.compress(payload) + deflate.flush(zlib.Z_SYNC_FLUSH))[:-4]
        first = 0xC1
    n = len(payload)
    if n < 126:
        head = struct.pack("!BB", first, n)
    elif n < 1 << 16:
        head = struct.pack("!BBH", first, 126, n)
    else:
        head = struct.pack("!BBQ", first, 127, n)
    return head + payload


def unsent(sock) -> int | None:
    """Bytes a socket's kernel buffer holds still unsent (Linux), or None when unknown."""
    try:
        got = fcntl.ioctl(sock.fileno(), termios.TIOCOUTQ, b"\0\0\0\0")
        return struct.unpack("i", got)[0]
    except (OSError, AttributeError, ValueError):
        return None


def wire(ws) -> int | None:
    """How this module may write a socket's frames itself: the permessage-deflate window the
    client agreed to, 0 for plain frames, or None (not simple-websocket's server on wsproto, or
    an extension it does not know): its own send() then frames each message."""
    try:
        proto = ws.ws.connection._proto
        if proto.client or ws.sock is None:
            return None
        bits = 0
        for ext in proto.extensions:
            if not ext.enabled():
                continue
            if ext.name != "permessage-deflate":
                return None
            bits = int(ext.server_max_window_bits)
        return bits if bits >= 9 else 0  # zlib cannot keep within a 256-byte window: sent plain, which is allowed
    except (AttributeError, TypeError, ValueError):
        return None


class Connection:
    """One socket. Its messages wait in a bounded queue; a sender runs only while there is
    something to send (an idle socket costs no thread or greenlet)."""

    def __init__(self, ws, code: str, seat_id: int, locale: str | None = None):
        self.ws, self.code, self.seat_id = ws, code, seat_id
        self.locale = locale or i18n.current()  # the language of the page that opened it: each push is in it
        self.last = None  # the page last sent (whole, or its changed regions): what the phone shows
        self.lock = threading.Lock()
        self.outbox: deque = deque()
        self.closed = False
        self.last_sync = 0.0
        self._sending = False
        self._on_gone = None
        self.send_lock = threading.Lock()  # one frame at a time: a close never cuts into a message
        self.bits = wire(ws)  # frames written here (a deflate window, or 0), or None: ws.send frames them
        # the first page goes by the sender, a moment after the handshake's answer: a client that reads
        # the answer and the first frame in one piece may sit on the frame (simple-websocket's client does)
        self._greeted = False
        sock = getattr(ws, "sock", None)
        if sock is not None:
            try:
                sock.settimeout(SEND_TIMEOUT)  # a send to a peer that stopped reading fails in time
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
            except (OSError, AttributeError):
                pass

    def start(self, on_gone):
        self._on_gone = on_gone

    def offer(self, message: "str | Outgoing") -> bool:
        """Queue a message; False when the socket has fallen too far behind. A socket with
        nothing waiting whose kernel buffer has room is written at once, by the caller (the
        write cannot block: no sender is started for it); otherwise its sender sends it."""
        with _OUTBOX:
            if self.closed or len(self.outbox) >= BACKLOG:
                return False
            now = self._greeted and not self._sending and not self.outbox and self.bits is not None
            if not now:
                self.outbox.append(message)
                if self._sending:
                    return True
            self._sending = True
        if now:
            try:
                rest = self._write_now(message)
            except Exception as err:
                self._failed(err)
                return True
            with _OUTBOX:
                if rest is not None:
                    self.outbox.appendleft(rest)  # not written now: the sender sends it first
                if self.closed or not self.outbox:
                    self._sending = False
                    return True
        threading.Thread(target=self._drain, daemon=True, name=f"send-{self.code}").start()
        return True

    def _write_now(self, message) -> "Outgoing | None":
        """Write the message's frame if the socket's kernel buffer surely has room for it (so
        the write returns at once); answers what is left for the sender (None: nothing)."""
        if isinstance(message, str):
            message = Outgoing(message)
        if not self.send_lock.acquire(blocking=False):  # a close is under way
            return message
        try:
            frame = message.frame(self.bits)
            queued = unsent(self.ws.sock)
            if queued is None or queued + len(frame) > ROOM:
                return message
            if not self.ws.connected:
                raise ConnectionError("the socket closed")
            self.ws.sock.sendall(frame)
            return None
        finally:
            self.send_lock.release()

    def _failed(self, err):
        with _OUTBOX:
            self._sending = False
            closing = self.closed  # closed on purpose (shutdown, a removed seat): leave it be
        if not closing:
            log.info("dropping a socket of table %s: %r", self.code, err)
            if self._on_gone:
                self._on_gone(self)

    def _drain(self):
        while True:
            with _OUTBOX:
                if self.closed or not self.outbox:
                    self._sending = False
                    return
                message = self.outbox.popleft()
            try:
                self._send(message)
            except Exception as err:  # gone, or too slow: its handler notices and cleans up
                self._failed(err)
                return
            self._greeted = True

    def _send(self, message):
        if isinstance(message, str):
            message = Outgoing(message)
        with self.send_lock:
            if self.bits is None:
                self.ws.send(message.text)
                return
            if not self.ws.connected:
                raise ConnectionError("the socket closed")
            self.ws.sock.sendall(message.frame(self.bits))

    def close(self, reason: int, message: str):
        """Stop sending and close with a code, after the frame being sent (if any) is out."""
        with _OUTBOX:
            self.closed = True
            self.outbox.clear()
        got = self.send_lock.acquire(timeout=2)
        try:
            self.ws.close(reason=reason, message=message)
        except Exception:
            pass
        finally:
            if got:
                self.send_lock.release()

    def drop(self):
        """Stop sending and cut the connection, without waiting on the peer."""
        with _OUTBOX:
            if self.closed:
                return
            self.closed = True
            self.outbox.clear()
        sock = getattr(self.ws, "sock", None)
        try:
            if sock is not None:
                sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass


class Hub:
    def __init__(self, tables, page, renderer):
        self.tables, self.page, self.renderer = tables, page, renderer
        self._conns: dict[str, set[Connection]] = {}
        self._guard = threading.Lock()
        self.draining = False  # shutting down: /healthz says so, so a load balancer sends no one new
        tables.listeners.append(self.after_change)
        tables.holders.append(lambda code: bool(self._conns.get(code)))  # a table with sockets stays in memory

    def add(self, conn: Connection, page_digest: str | None = None):
        """Register a socket and bring its page up to date: the full view, unless the page was
        rendered from exactly the current regions (its digest matches), which spares the phone
        a needless swap of the whole page right after it loaded."""
        with self._guard:
            self._conns.setdefault(conn.code, set()).add(conn)
        conn.start(self.gone)
        if page_digest:
            table = self.tables.get(conn.code)
            seat = table.seats[conn.seat_id]
            with i18n.use(*reader(table, seat, conn.locale)):
                page = self.page(table, seat)
            if page.digest == page_digest:
                with conn.lock:
                    conn.last = page
                return
        self.push(conn)

    def remove(self, conn: Connection):
        with self._guard:
            self._conns.get(conn.code, set()).discard(conn)
        conn.drop()

    gone = remove

    def connections(self, code: str) -> list[Connection]:
        with self._guard:
            return list(self._conns.get(code, ()))

    def connected(self, code: str, seat_id: int) -> bool:
        return any(c.seat_id == seat_id for c in self.connections(code))

    def count(self) -> int:
        with self._guard:
            return sum(len(c) for c in self._conns.values())

    def broadcast(self, code: str, budget: float | None = None):
        """After a change: every socket of the table gets its own seat's changed regions. Between
        two sockets the server may serve others (under gevent, a greenlet switch), so a table of
        large pages never holds up another table for more than one page's rendering. With a
        `budget` (seconds), the sockets left when it is spent are pushed on a greenlet of their
        own, so the answer to an action waits for at most that much pushing."""
        conns = self.connections(code)
        pages: dict = {}  # one page per seat and version, whatever number of screens the seat has open
        pages[MESSAGES] = {}  # one framed message for the sockets that get the same text
        start = since = time.perf_counter()
        for i, conn in enumerate(conns):
            self.push(conn, pages=pages)
            now = time.perf_counter()
            if budget is not None and now - start > budget and i + 1 < len(conns):
                threading.Thread(target=self._push_each, args=(conns[i + 1:], pages), daemon=True,
                                 name=f"push-{code}").start()
                return
            if now - since > YIELD_AFTER:  # a long broadcast lets others in
                time.sleep(0)
                since = time.perf_counter()

    def _push_each(self, conns, pages=None):
        try:
            for conn in conns:
                self.push(conn, pages=pages)
                time.sleep(0)
        except Exception:
            log.exception("pushing a table's sockets failed")

    def after_change(self, code: str):
        """A committed change: push every socket, the answer waiting for ANSWER_WAITS at most."""
        self.broadcast(code, budget=ANSWER_WAITS)

    def broadcast_game(self, game: str):
        """A background result came in: push again the tables of that game with sockets where a
        seat's view was waiting for a result now known (only that seat's view is new: the other
        pages are unchanged and get nothing). A table that waits for nothing is left alone."""
        with self._guard:
            codes = [code for code, conns in self._conns.items() if conns]
        for code in codes:
            try:
                table = self.tables.get(code)
            except Exception:
                continue
            if table.game != game:
                continue
            arrived = getattr(table.compute, "arrived", None)
            if arrived is None or arrived():
                self.broadcast(code)

    def sync(self, conn: Connection):
        """The page asks for everything again (it came back online); at most once a second."""
        now = time.monotonic()
        if now - conn.last_sync < SYNC_EVERY:
            return
        conn.last_sync = now
        self.push(conn, full=True)

    def push(self, conn: Connection, full: bool = False, pages: dict | None = None):
        if conn.closed:  # gone since the broadcast began: nothing is rendered for it
            return
        table = self.tables.get(conn.code)
        seat = table.seats.get(conn.seat_id)
        if seat is None:
            self.remove(conn)
            return
        locale, spoken = reader(table, seat, conn.locale)  # the display's is the table's language
        with conn.lock:
            if (locale, spoken) == i18n.reading():  # (a table all in one language: as it is)
                page, changed = self._render(conn, table, seat, full, pages, locale, spoken)
            else:
                with i18n.use(locale, table=spoken):
                    page, changed = self._render(conn, table, seat, full, pages, locale, spoken)
            if not changed:
                return
            text = "\n".join(changed)
            shared = pages.get(MESSAGES) if pages is not None else None
            if shared is None:
                message = Outgoing(text)
            else:
                message = shared.get(text)
                if message is None:
                    message = shared[text] = Outgoing(text)
            if not conn.offer(message):
                log.info("a socket of table %s fell behind; closing it", conn.code)
                self.remove(conn)
                return
            conn.last = page

    def _render(self, conn: Connection, table, seat, full: bool, pages: dict | None, locale: str, spoken: str):
        """The seat's page (in the language in use) and what of it this socket has not received."""
        # what a page is made of: any change, a new page (the seating compared, not hashed: 13 seats'
        # hashes for every socket cost more than the comparison, which meets the same objects)
        slot = (seat, generation(table, seat), locale, spoken)
        stamp = (table.version, tuple(table.seats.values()), frozenset(table.removed))
        kept = pages.get(slot) if pages is not None else None
        if kept is not None and kept[0] == stamp:
            page = kept[1]
        else:
            page = self.page(table, seat)  # always the table as it is now, never an older version's
            if pages is not None:
                pages[slot] = (stamp, page)
        return page, self.renderer.changed(page, None if full else conn.last)

    def close_all(self, code: int = GOING_AWAY_RESTART):
        """On shutdown: close every socket with 1012 so the clients come back by themselves (to
        another process, behind a load balancer)."""
        self.draining = True
        with self._guard:
            conns = [c for s in self._conns.values() for c in s]
        for conn in conns:
            conn.close(code, "The server is restarting.")

    def close_seat(self, code: str, seat_id: int, keep: int = 0, reason: int = 1008,
                   message: str = "This seat no longer works here; ask the host.") -> int:
        """Close a seat's sockets, all but its `keep` newest, with `reason` (1008: the page does
        not reconnect by itself). Answers how many were closed."""
        with self._guard:
            mine = sorted((c for c in self._conns.get(code, ()) if c.seat_id == seat_id),
                          key=lambda c: getattr(c, "opened", 0.0))
            gone = mine[: max(0, len(mine) - keep)]
            for conn in gone:
                self._conns[code].discard(conn)
        for conn in gone:
            conn.close(reason, message)  # its sender stops; its handler cleans up when the client answers
            # its handler wakes when the client answers the close; at the latest, a second later
            wake = getattr(conn.ws, "event", None)
            if wake is not None:
                threading.Timer(1.0, wake.set).start()
        return len(gone)
