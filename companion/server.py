"""The one server: gunicorn with one gevent worker, started in-process.

`companion serve` (and so `make run`) and bench/fanout.py run this; a host behind a reverse proxy
runs the same settings with `gunicorn -c python:companion.gunicorn_conf companion.wsgi:app`.
The settings live in companion.gunicorn_conf; the command line adds the address, the database
and the certificate.
"""

import os
import socket

from gunicorn.app.base import BaseApplication
from gunicorn.workers import ggevent


def nodelay() -> bool:
    """Nagle's algorithm off on every accepted socket (COMPANION_NODELAY=0 turns it on, to measure)."""
    return os.environ.get("COMPANION_NODELAY", "1") != "0"


class GeventWorker(ggevent.GeventWorker):
    """gunicorn's gevent worker with TCP_NODELAY set on each accepted socket.

    An answer is written in several small writes (the headers, then the body; a socket push is a
    frame per seat), and with Nagle's algorithm a write waits for the ACK of the one before it,
    which the phone may delay by up to 40 ms. gunicorn sets the option on its listening socket and
    Linux copies it to accepted sockets, but that is the kernel's choice, not a promise: set it here.
    """

    def handle(self, listener, client, addr):
        try:
            client.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1 if nodelay() else 0)
        except OSError:  # not TCP (a Unix socket)
            pass
        super().handle(listener, client, addr)


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
