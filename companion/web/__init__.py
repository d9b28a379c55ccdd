"""The Flask face of the engine: pages (htmx), the JSON API and the live socket."""

import os
from pathlib import Path

from flask import Flask
from flask_sock import Sock

from ..background import Background
from ..core import i18n
from ..live import Hub
from ..store import open_store
from ..tables import Tables
from . import api, assets, compress, locale, pages, render, security, ws

ROOT = Path(__file__).resolve().parents[2]


class App(Flask):
    jinja_environment = render.ViewsEnvironment  # `v.key` of a view's dict without an exception


def create_app(db: str | None = None, rng=None) -> Flask:
    app = App(__name__, template_folder=str(ROOT / "templates"), static_folder=str(ROOT / "static"),
                static_url_path="/static")
    app.config.update(
        MAX_CONTENT_LENGTH=64 * 1024,
        SOCK_SERVER_OPTIONS={"ping_interval": 25, "max_message_size": 64 * 1024},
        TEMPLATES_AUTO_RELOAD=False,
    )
    app.json.sort_keys = False
    app.jinja_env.globals.update(_=i18n._, gettext=i18n._, ngettext=i18n.ngettext, pgettext=i18n.pgettext)
    app.jinja_env.filters["lookup"] = lambda keys, mapping: [mapping.get(k, k) for k in keys]
    store = open_store(db or os.environ.get("COMPANION_DB", "companion.db"))
    tables = Tables(store, rng=rng)
    tables.compute = Background()  # a game's heavy views (GAME.tasks) are worked out in another process, never on a request
    app.extensions["tables"] = tables
    hub = app.extensions["hub"] = Hub(tables, render.page_for, render.Renderer(app))
    tables.compute.listeners.append(lambda task: hub.broadcast_game(task.split(".")[0]))
    store.listen(tables.notice)  # PostgreSQL: the other processes' changes reach this one's sockets
    locale.install(app)  # before security's checks: their refusals are in the request's language
    security.install(app)
    app.register_blueprint(api.bp)
    app.register_blueprint(pages.bp)
    sock = Sock(app)
    ws.install(sock)
    assets.install(app)  # after the routes: it answers /sw.js
    compress.install(app)
    return app
