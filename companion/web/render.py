"""Renders a seat's view into the page's regions. The same partials serve the full page,
the answer to an htmx request and the push over the socket (each root carries hx-swap-oob)."""

from .. import games
from ..core.views import view_for

REGIONS = ("header", "seats", "game", "dice", "memo", "undo")


def context(table, seat) -> dict:
    module = games.get(table.game)
    return {"table": table, "seat": seat, "view": view_for(module, table, seat),
            "game": module, "version": table.version, "role": seat.trusted}


class Renderer:
    def __init__(self, app):
        self.env = app.jinja_env
        self._templates = {}

    def template(self, name):
        t = self._templates.get(name)
        if t is None:
            t = self._templates[name] = self.env.get_template(name)
        return t

    def regions(self, table, seat, ctx=None) -> dict[str, str]:
        ctx = ctx or context(table, seat)
        return {rid: self.template(f"_{rid}.html").render(ctx) for rid in REGIONS}
