"""The WSGI entry for production: gunicorn 'companion.wsgi:app' (see README)."""

import os

from .web import create_app

app = create_app(os.environ.get("COMPANION_DB", "companion.db"))
