"""gunicorn settings for production: one process (the live hub is in-process), gevent by default
(measured: 42 KB per idle socket against 62 KB for gthread; see README and bench/fanout.py)."""

import os
import signal

bind = os.environ.get("COMPANION_BIND", "0.0.0.0:8000")
workers = 1
worker_class = os.environ.get("COMPANION_WORKER", "gevent")
worker_connections = int(os.environ.get("COMPANION_CONNECTIONS", "4000"))  # gevent
threads = int(os.environ.get("COMPANION_THREADS", "1200"))  # gthread: each socket holds a thread
timeout = 60
graceful_timeout = 5
keepalive = 5


def post_worker_init(worker):
    """On SIGTERM, close every socket with 1012 first so the phones reconnect by themselves."""
    previous = signal.getsignal(signal.SIGTERM)

    def closing(signum, frame):
        try:
            worker.wsgi.extensions["hub"].close_all()
        finally:
            if callable(previous):
                previous(signum, frame)

    signal.signal(signal.SIGTERM, closing)
