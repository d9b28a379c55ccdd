"""The one server: gunicorn with one gevent worker, started in-process.

`companion serve` (and so `make run`) and bench/fanout.py run this; a host behind a reverse proxy
runs the same settings with `gunicorn -c python:companion.gunicorn_conf companion.wsgi:app`.
The settings live in companion.gunicorn_conf; the command line adds the address, the database
and the certificate.
"""

import gc
import os
import socket
import threading
import time

import gevent
from gunicorn.app.base import BaseApplication
from gunicorn.workers import ggevent
from werkzeug.exceptions import RequestTimeout

from .core import i18n
from .core.i18n import N_, _


def nodelay() -> bool:
    """Nagle's algorithm off on every accepted socket (COMPANION_NODELAY=0 turns it on, to measure)."""
    return os.environ.get("COMPANION_NODELAY", "1") != "0"


def setting(name: str, default: float) -> float:
    try:
        return float(os.environ.get(name, default))
    except ValueError:
        return default


BUSY_SAID = N_("Too many connections from your address; try again in a moment.")


def busy_text() -> bytes:
    """The refusal in every language the app speaks, one line each: it is written before the
    request is read, so before anyone knows which language the phone asks for."""
    lines = []
    for locale in i18n.LOCALES:
        with i18n.use(locale):
            lines.append(_(BUSY_SAID))
    return "".join(line + "\n" for line in dict.fromkeys(lines)).encode()


BUSY_TEXT = busy_text()
BUSY = (b"HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n"
        b"Retry-After: 5\r\nContent-Length: " + str(len(BUSY_TEXT)).encode() + b"\r\n\r\n" + BUSY_TEXT)


class Addresses:
    """Open connections per client address, with a cap: one client (or one attack) cannot hold
    every connection the worker has. Off behind a reverse proxy (every client is the proxy)."""

    def __init__(self, cap: int):
        self.cap, self.open, self._lock = cap, {}, threading.Lock()

    def enter(self, host) -> bool:
        if not self.cap or host is None:
            return True
        with self._lock:
            n = self.open.get(host, 0)
            if n >= self.cap:
                return False
            self.open[host] = n + 1
            return True

    def leave(self, host):
        if not self.cap or host is None:
            return
        with self._lock:
            n = self.open.get(host, 0) - 1
            if n > 0:
                self.open[host] = n
            else:
                self.open.pop(host, None)


class SlowBody:
    """A request body that must arrive within `seconds` of the request's start, however it
    trickles in (gevent's timeout covers every receive inside one read): a slow upload is cut
    with 408 instead of holding a connection for ever."""

    def __init__(self, stream, deadline: float):
        self.stream, self.deadline = stream, deadline

    def _within(self, method, *args):
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise RequestTimeout()
        try:
            with gevent.Timeout(left):
                return method(*args)
        except gevent.Timeout:
            raise RequestTimeout() from None

    def read(self, *args):
        return self._within(self.stream.read, *args)

    def readline(self, *args):
        return self._within(self.stream.readline, *args)

    def readlines(self, *args):
        return self._within(self.stream.readlines, *args)

    def __iter__(self):
        while True:
            line = self.readline()
            if not line:
                return
            yield line


class BodyDeadline:
    """WSGI: every request's body under SlowBody (COMPANION_BODY_SECONDS, 10 by default)."""

    def __init__(self, app, seconds: float):
        self.app, self.seconds = app, seconds
        self.extensions = getattr(app, "extensions", {})  # the post-fork hooks reach the hub through it

    def __call__(self, environ, start_response):
        environ["wsgi.input"] = SlowBody(environ["wsgi.input"], time.monotonic() + self.seconds)
        return self.app(environ, start_response)


FULL_EVERY = 300.0  # seconds between two full collections of the garbage collector
NEVER = 2**31 - 1  # a gc threshold never reached


def collect_on_a_timer():
    """The garbage collector's full collections on a timer, not on the allocator's count.

    Python collects its oldest generation whenever it grew by a quarter; a server that keeps
    tables, views and sockets in memory grows so every few hundred actions, and each full
    collection walks all of them (measured: 80 to 140 ms of CPU at 50 tables of 13 sockets),
    which every action that comes meanwhile waits for: the p99 of 50 tables was those pauses.
    Here the ~130k objects made at import are frozen (never walked), the young generations are
    collected as Python does (a fraction of a ms), and the full collection runs every
    FULL_EVERY seconds (full_collections): cyclic garbage waits minutes at most, and one pause
    in five minutes touches a handful of actions, not one in a hundred."""
    gc.collect()
    gc.freeze()
    young, middle, _old = gc.get_threshold()
    gc.set_threshold(young, middle, NEVER)


def full_collections(every: float, sleep=None):
    """Run a full collection every `every` seconds, for ever (on its own greenlet)."""
    sleep = sleep or gevent.sleep
    while True:
        sleep(every)
        gc.collect()


class GeventWorker(ggevent.GeventWorker):
    """gunicorn's gevent worker with TCP_NODELAY set on each accepted socket.

    An answer is written in several small writes (the headers, then the body; a socket push is a
    frame per seat), and with Nagle's algorithm a write waits for the ACK of the one before it,
    which the phone may delay by up to 40 ms. gunicorn sets the option on its listening socket and
    Linux copies it to accepted sockets, but that is the kernel's choice, not a promise: set it here.
    """

    def init_process(self):
        behind_proxy = setting("COMPANION_PROXIES", 0) > 0
        self.addresses = Addresses(0 if behind_proxy else int(setting("COMPANION_CONNECTIONS_PER_ADDRESS", 256)))
        super().init_process()

    def load_wsgi(self):
        super().load_wsgi()
        collect_on_a_timer()
        gevent.spawn(full_collections, setting("COMPANION_GC_EVERY", FULL_EVERY))
        self.wsgi = BodyDeadline(self.wsgi, setting("COMPANION_BODY_SECONDS", 10))

    def handle(self, listener, client, addr):
        host = addr[0] if isinstance(addr, tuple) and addr else None
        if not self.addresses.enter(host):
            try:
                client.sendall(BUSY)
            except OSError:
                pass
            client.close()
            return
        try:
            try:
                client.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1 if nodelay() else 0)
            except OSError:  # not TCP (a Unix socket)
                pass
            super().handle(listener, client, addr)
        finally:
            self.addresses.leave(host)


class Server(BaseApplication):
    """gunicorn's master and one worker in this process; `options` override companion.gunicorn_conf
    (bind, certfile and keyfile, hooks). The worker builds the app, unless `app` is given."""

    def __init__(self, options: dict | None = None, db: str | None = None, app=None):
        self.options, self.db, self.app = options or {}, db, app
        super().__init__(prog="companion serve")

    def load_config(self):
        from . import gunicorn_conf

        for name, value in vars(gunicorn_conf).items():
            if name in self.cfg.settings and value is not None:
                self.cfg.set(name, value)
        for name, value in self.options.items():
            self.cfg.set(name, value)

    def load(self):
        if self.app is not None:
            return self.app
        from .web import create_app

        return create_app(self.db)
