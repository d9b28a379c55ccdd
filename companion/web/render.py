"""Renders a seat's view into the page's regions. The same partials serve the full page,
the answer to an htmx request and the push over the socket (each root carries hx-swap-oob)."""

import json

from .. import games
from ..core.table import DISPLAY, HOST, Seat
from ..core.views import view_for

GLOBALS = {  # constants the game templates read, built once rather than on every render
    "gathering_names": {cid: c["name"] for cid, c in games.get("gathering").CHARS.items()},
    "gathering_steps": games.get("gathering").STEP_NAMES,
}
REGIONS = ("header", "seats", "game", "public", "dice", "memo", "undo")
PUBLIC_SEAT = Seat(-1, "", DISPLAY, True)  # how the table looks to someone who holds no secret
COMMON_KEYS = ("rolls", "memo", "seats")
CACHE_MAX = 8000  # rendered regions kept (a few KB each); cleared whole when full


def context(table, seat) -> dict:
    module = games.get(table.game)
    return {"table": table, "seat": seat, "view": view_for(module, table, seat),
            "game": module, "version": table.version, "role": seat.trusted}


class Renderer:
    def __init__(self, app):
        self.env = app.jinja_env
        self._templates = {}
        self._cache: dict = {}

    def template(self, name):
        t = self._templates.get(name)
        if t is None:
            t = self._templates[name] = self.env.get_template(name)
        return t

    def regions(self, table, seat, ctx=None) -> dict[str, str]:
        """Each region of this seat's page, rendered once per distinct input.

        A region's key names everything its partial reads, so seats whose inputs are equal (the
        dice tray of every approved seat, the displays, a header that has not changed since the
        last push) share one rendering, kept in a bounded cache across pushes."""
        ctx = ctx or context(table, seat)
        view = ctx["view"]
        game_part = json.dumps({k: v for k, v in view.items() if k not in COMMON_KEYS}, sort_keys=True, default=str)
        seats = tuple((s.id, s.name, s.role, s.approved) for s in table.seats.values())
        who = (seat.trusted, seat.approved)
        keys = {
            "header": (seat.id, seat.name, *who),
            "seats": (seats, *who),
            "game": (seat.id, game_part, seats, *who),  # not the version: a roll leaves it as it was
            "dice": (table.version, *who),
            "memo": (seat.id, view["memo"], *who),
            "undo": (table.version, *who),
        }
        if len(self._cache) > CACHE_MAX:
            self._cache.clear()
        out = {}
        for rid in REGIONS:
            if rid == "public":
                out[rid] = self.public(table, seat, ctx)
                continue
            key = (table.code, rid, *keys[rid])
            html = self._cache.get(key)
            if html is None:
                html = self._cache[key] = self.template(f"_{rid}.html").render(ctx)
            out[rid] = html
        return out

    def public(self, table, seat, ctx) -> str:
        """The public region: the host sees it through its own view; every other seat through
        the view of a seat that holds no secret, so all of them share one rendering."""
        host = seat.trusted == HOST
        key = (table.code, "public", table.version, host)
        html = self._cache.get(key)
        if html is None:
            view = ctx["view"] if host else view_for(games.get(table.game), table, PUBLIC_SEAT)
            html = self._cache[key] = self.template("_public.html").render({**ctx, "view": view, "role": ctx["role"] if host else DISPLAY})
        return html
