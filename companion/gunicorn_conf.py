"""gunicorn settings, for `companion serve` (companion/server.py) and for a hosted
`gunicorn -c python:companion.gunicorn_conf companion.wsgi:app`: one process (the live hub is
in-process), gevent by default (measured: 92 KB per idle socket against 122 KB for gthread; see
README and bench/fanout.py), with TCP_NODELAY on every accepted socket (companion.server.GeventWorker)."""

import logging
import os
import signal
import sys

bind = os.environ.get("COMPANION_BIND", "0.0.0.0:8000")
workers = 1
_worker = os.environ.get("COMPANION_WORKER", "gevent")
worker_class = {"gevent": "companion.server.GeventWorker"}.get(_worker, _worker)
worker_connections = int(os.environ.get("COMPANION_CONNECTIONS", "4000"))  # gevent
threads = int(os.environ.get("COMPANION_THREADS", "1200"))  # gthread: each socket holds a thread
timeout = 60
graceful_timeout = 5
keepalive = 5
# no gunicornc control socket: one worker has nothing to adjust, and every server on a machine
# (tests, benchmarks) would share its one default path
control_socket_disable = True


def actions_log():
    """The app's own lines (one per action: table, version, kind, seat number, time; never a token
    or a name) on stderr beside gunicorn's, at COMPANION_LOG's level (info by default)."""
    logger = logging.getLogger("companion")
    if not logger.handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("%(asctime)s [%(process)d] %(levelname)s %(message)s"))
        logger.addHandler(handler)
        logger.propagate = False
    logger.setLevel(os.environ.get("COMPANION_LOG", "info").upper())


def post_worker_init(worker):
    """On SIGTERM (a restart), SIGINT (Ctrl+C) and SIGQUIT, close every socket with 1012 first so the
    phones reconnect by themselves once the server is back."""

    busy: list = []  # while the sockets are being closed: the signals that came meanwhile

    def closing(previous):
        def handler(signum, frame):
            if busy:  # Ctrl+C reaches the master too, whose quick stop sends this worker SIGQUIT at
                busy.append((previous, signum))  # once: it waits until every close frame is out
                return
            busy.append(None)
            try:
                worker.wsgi.extensions["hub"].close_all()
            except Exception:  # an app without a hub (tests), or a socket already gone
                pass
            waiting = busy[1:]
            busy.clear()
            for prev, sig in [(previous, signum), *waiting]:
                if callable(prev):
                    prev(sig, frame)

        return handler

    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGQUIT):
        signal.signal(sig, closing(signal.getsignal(sig)))
    actions_log()
