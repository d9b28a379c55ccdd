"""Turns a seat's view into its page: the shared regions around the game's own.

Each region's partial reads only its slice (`v`), the table's code and the game's title. A
rendering is cached by the slice's hash, so seats that see the same slice share one, and a
slice that did not change is neither rendered nor sent again. The same partials serve the full
page, the answer to an htmx form and the push over the socket.
"""

from dataclasses import dataclass

from flask.templating import Environment
from markupsafe import Markup

from .. import games
from ..core import i18n
from ..core.regions import Region, Slice, fingerprint, layout, renew, slices
from ..core.table import HOST, PLAYER
from ..core.views import view_for

GAME = "game"  # the container of the game's own regions: rebuilt whole when their list changes
BEFORE = (
    Region("header", "_header.html", ("seat", "language")),  # its menu: the code, this phone's language, the table's (host)
    Region("news", "_news.html", ("news",)),  # pinned to the top of the screen: the table's news, prompts to answer
    Region("now", "_now.html", ("now",)),  # this seat's next move and what it must know, first on its page
)
AFTER = (
    Region("undo", "_undo.html", ("undo",)),  # right under the game: the last entry taken back at hand
    Region("dice", "_dice.html", ("recent_rolls", "dice_tray", "dice_shown", "dice_form")),  # the host's and the players' alike: one rendering
    Region("memo", "_memo.html", ("memo",), roles=(HOST, PLAYER)),
    Region("seats", "_seats.html", ("seats", "seat.acts_as"), roles=(HOST, PLAYER)),
)
CACHE_MAX = 4000  # rendered regions kept (a few KB each) in a round; then a new round, the one before kept aside (8,000 at most)
MEMO_PER_SEAT = 48  # a table's slices kept by the identity of what they read, per seat; then a new round (core.regions.renew)


_DICT_ATTRIBUTES = frozenset(dir(dict))  # `items`, `get`...: a template calls them as dict methods


class ViewsEnvironment(Environment):
    """Jinja's environment with a quicker `v.key` for the plain dicts views are made of: Jinja
    first asks the dict for an attribute of that name, which fails with an exception (most of a
    partial's time: a roll's dice list rendered three times quicker without it), then for the
    key. Here a dict is asked for the key first, unless the name is one of dict's own methods
    (`v.names.items()`), which go the usual way: the same value in every case."""

    def getattr(self, obj, attribute):
        if type(obj) is dict and attribute not in _DICT_ATTRIBUTES:
            try:
                return obj[attribute]
            except KeyError:
                pass
        return super().getattr(obj, attribute)


@dataclass
class Page:
    """A seat's page: the regions before and after the game, and the game's own, in order."""

    code: str
    title: str
    scripts: tuple[str, ...]  # the game's own scripts, under static/
    styles: tuple[str, ...]  # the game's own stylesheets, under static/ (its display layout among them)
    before: list[Slice]
    game: list[Slice]
    after: list[Slice]
    layout: str
    body: str  # the page's body classes (the seat's role and the game): a new role is a new layout
    lang: str = i18n.SOURCE  # the language it is written in: its partials are rendered in it

    @property
    def slices(self) -> list[Slice]:
        return [*self.before, *self.game, *self.after]

    @property
    def digest(self) -> str:
        return fingerprint(self.layout, [s.key for s in self.slices])


def page_for(table, seat) -> Page:
    """The seat's page in the language in use (the caller sets it: core.views.reader)."""
    module = games.get(table.game)
    view = view_for(module, table, seat)
    role = seat.trusted
    memo = table.slice_memo  # one for the table: its seats share every slice whose values they share
    renew(memo, MEMO_PER_SEAT * (len(table.seats) + 1))
    before, after = slices(BEFORE, view, role, memo), slices(AFTER, view, role, memo)
    game = slices(module.regions, view, role, memo)
    body = f"role-{role} game-{table.game}" + ("" if seat.approved else " pending")  # a waiting phone says so
    lang = i18n.current()
    shape = layout(before + [Slice(GAME, "", {}, body)] + game + after)
    if lang != i18n.SOURCE:  # another language, another page: it is sent whole (a display the host switched)
        shape += ":" + lang
    return Page(table.code, module.title, module.scripts, module.styles, before, game, after, shape, body, lang)


class Renderer:
    def __init__(self, app):
        self.env = app.jinja_env
        self._templates = {}
        self._cache: dict = {}
        self._older: dict = {}

    def template(self, name):
        t = self._templates.get(name)
        if t is None:
            t = self._templates[name] = self.env.get_template(name)
        return t

    def inner(self, page: Page, s: Slice) -> str:
        key = (page.code, s.key, page.lang)  # one slice, one rendering per language
        html = self._cache.get(key)
        if html is None:
            html = self._older.get(key)  # rendered in the round before: still asked for, so kept
            if html is None:
                html = self.template(s.partial).render(v=s.data, code=page.code, title=page.title).strip()
                # (rendered in the language in use, which is page.lang: the hub and the pages set it)
            if len(self._cache) > CACHE_MAX:  # a new round: the one before is dropped
                self._older, self._cache = self._cache, {}
            self._cache[key] = html
        return html

    def region(self, page: Page, s: Slice, oob: bool = False) -> str:
        attr = ' hx-swap-oob="true"' if oob else ""
        return f'<div id="r-{s.id}" class="region"{attr}>{self.inner(page, s)}</div>'

    def container(self, page: Page) -> str:
        inner = "".join(self.region(page, s) for s in page.game)
        return f'<section id="r-{GAME}" class="game" aria-label="{Markup.escape(i18n._(page.title))}">{inner}</section>'

    def whole(self, page: Page, oob: bool = False) -> str:
        """Every region of the page in order, in the one element that holds them all (with the
        body's classes, which the page takes on when it is swapped in)."""
        inner = "".join([self.region(page, s) for s in page.before] + [self.container(page)]
                        + [self.region(page, s) for s in page.after])
        attr = ' hx-swap-oob="true"' if oob else ""
        if page.lang != i18n.SOURCE:  # the page reloads itself when its language is no longer the document's
            attr += f' data-lang="{page.lang}"'
        return f'<div id="regions" data-body="{Markup.escape(page.body)}"{attr}>{inner}</div>'

    def changed(self, page: Page, last: Page | None) -> list[str]:
        """What a page that last received `last` needs: only the regions whose slice changed,
        or the whole page when there is no last page or its shape changed (a region came or
        went, or the seat's role changed: a waiting seat approved). Pages of one shape hold the
        same regions in the same order; a list of regions that is the very same list as before
        (the game's, after a roll) is passed over at once."""
        if last is None or last.layout != page.layout:
            return [self.whole(page, oob=True)]
        pairs = ((page.before, last.before), (page.game, last.game), (page.after, last.after))
        if any(len(now) != len(before) for now, before in pairs):  # (the same ids, split otherwise)
            return [self.whole(page, oob=True)]
        out = []
        for now, before in pairs:
            if now is not before:
                out += [self.region(page, s, oob=True) for s, b in zip(now, before, strict=True) if s.key != b.key]
        return out
