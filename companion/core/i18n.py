"""Sentences in the reader's language, without Flask.

Every sentence the app shows, speaks, logs or refuses with is written in English in the code and
marked for translation; Babel's catalogs (gettext `.po` files) hold the other languages:

- `companion/translations/<locale>/LC_MESSAGES/messages.po`: the shared pages, the engine, refusals;
- `companion/games/<package>/translations/<locale>/LC_MESSAGES/messages.po`: one game's sentences
  (its Python, its partials under templates/games/<id>/, its rules_data file, its script).

How to mark (the same names in Python, in partials and in static/js):

    _("Round {n}, {name}'s turn.", n=3, name="Ann")     # translated, then str.format(**kw)
    ngettext("{n} Claw mark", "{n} Claw marks", n)        # n is passed to format too
    pgettext("a vote", "Pass")                            # a short word that needs its context
    N_("Night falls")                                     # marked only: translate later with _(value)

The language is the one the web layer set for the request or the push (`use`); game code never
chooses it. English is the source: in English `_` returns the text as written.
"""

from __future__ import annotations

import contextvars
import io
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from babel import Locale, numbers
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

SOURCE = "en"  # the language the code is written in
LOCALES = ("en", "fr")  # every language the app speaks, the source first
NAMES = {"en": "English", "fr": "Français"}  # each in its own words (the language picker)

_locale: contextvars.ContextVar[str] = contextvars.ContextVar("locale", default=SOURCE)
_table: contextvars.ContextVar[str] = contextvars.ContextVar("table_locale", default=SOURCE)
_ROOT = Path(__file__).resolve().parent.parent  # companion/
_loaded: dict[str, Translations | None] = {}
_lock = threading.Lock()


def catalog_dirs() -> list[Path]:
    """Every translations/ directory: the shared one, then each game package's."""
    dirs = [_ROOT / "translations"]
    dirs += sorted(p for p in (_ROOT / "games").glob("*/translations") if p.is_dir())
    return dirs


def _load(locale: str) -> Translations | None:
    merged = None
    for folder in catalog_dirs():
        po = folder / locale / "LC_MESSAGES" / "messages.po"
        if not po.is_file():
            continue
        with po.open("rb") as fp:
            catalog = read_po(fp, locale=locale)
        buf = io.BytesIO()
        write_mo(buf, catalog, use_fuzzy=False)  # a fuzzy (unchecked) translation is never shown
        buf.seek(0)
        found = Translations(buf)
        merged = found if merged is None else merged.merge(found)
    return merged


def translations(locale: str) -> Translations | None:
    """The merged catalogs of one language, read once (None for the source language)."""
    if locale == SOURCE:
        return None
    got = _loaded.get(locale, False)
    if got is False:
        with _lock:
            got = _loaded.get(locale, False)
            if got is False:
                got = _loaded[locale] = _load(locale)
    return got


def reload() -> None:
    """Forget what was read (tests that write a catalog)."""
    with _lock:
        _loaded.clear()


def current() -> str:
    return _locale.get()


def table() -> str:
    """The table's language: what the narration, the display and the shared log use."""
    return _table.get()


def reading() -> tuple[str, str]:
    """(the language in use, the table's language), in one look (the hub asks it for every push)."""
    return _locale.get(), _table.get()


@contextmanager
def use(locale: str | None, table: str | None = None) -> Iterator[str]:
    """Sentences inside are in `locale` (an unknown one falls back to the source); `table` is the
    table's language (default: unchanged), which `for_table` switches to."""
    chosen = locale if locale in LOCALES else SOURCE
    token = _locale.set(chosen)
    ttoken = _table.set(table if table in LOCALES else SOURCE) if table is not None else None
    try:
        yield chosen
    finally:
        if ttoken is not None:
            _table.reset(ttoken)
        _locale.reset(token)


@contextmanager
def for_table() -> Iterator[str]:
    """Sentences inside are in the table's language (a line read aloud, the shared log)."""
    token = _locale.set(_table.get())
    try:
        yield _table.get()
    finally:
        _locale.reset(token)


def best(wanted: Iterable[str], default: str = SOURCE) -> str:
    """The first of the wanted language tags ("fr-CA", "en") that the app speaks."""
    for tag in wanted:
        base = str(tag).replace("_", "-").split("-")[0].lower()
        if base in LOCALES:
            return base
    return default


def _format(text: str, kw: dict) -> str:
    return text.format(**kw) if kw else text


def _(message: str, /, **kw) -> str:
    t = translations(_locale.get())
    return _format(message if t is None else t.gettext(message), kw)


gettext = _


def ngettext(singular: str, plural: str, n: int, /, **kw) -> str:
    t = translations(_locale.get())
    if t is None:
        text = singular if n == 1 else plural
    else:
        text = t.ngettext(singular, plural, n)
    kw.setdefault("n", number(n))
    return _format(text, kw)


def pgettext(context: str, message: str, /, **kw) -> str:
    t = translations(_locale.get())
    return _format(message if t is None else t.pgettext(context, message), kw)


def N_(message: str) -> str:  # noqa: N802 (the name gettext's tools look for)
    """Mark a sentence for the catalog without translating it here (constants, tables of data)."""
    return message


def number(n) -> str:
    """A number written the way the reader writes it (1,000 / 1 000)."""
    locale = _locale.get()
    if isinstance(n, int) and -1000 < n < 1000:
        return str(n)
    return numbers.format_decimal(n, locale=locale)


def language_name(locale: str) -> str:
    return NAMES.get(locale) or Locale.parse(locale).get_display_name(locale)
