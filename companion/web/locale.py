"""The language of every request: the phone's pick (the `lang` cookie the picker sets), else its
browser's (`Accept-Language`, the best of `i18n.LOCALES`), else English; a socket's is the one of
the page that opened it (`?l=` on its address). Flask-Babel selects it; everything the request
makes (pages, refusals, views) is made inside `i18n.use(...)` (core/ and games/ know no Flask).

Each page carries the sentences of the scripts it loads, in its language, as JSON
(`<script type="application/json" id="i18n">`, read by static/js/i18n.js): data, not a script, so
the Content-Security-Policy (script-src 'self') is untouched. English pages carry none.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path

from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from flask import Blueprint, g, redirect, request
from flask_babel import Babel, get_locale
from markupsafe import Markup, escape

from ..core import i18n

COOKIE = "lang"
COOKIE_AGE = 60 * 60 * 24 * 365
SOCKET_ARG = "l"  # the page's language on its socket's address
ROOT = Path(__file__).resolve().parents[2]
PLURAL = {"fr": "n>1"}  # a language's plural rule as i18n.js reads it (else "n!=1")

bp = Blueprint("locale", __name__)


def select() -> str:
    """The request's language (Flask-Babel's locale selector)."""
    if request.path.endswith("/ws"):
        wanted = request.args.get(SOCKET_ARG)
        if wanted in i18n.LOCALES:
            return wanted
    picked = request.cookies.get(COOKIE)
    if picked in i18n.LOCALES:
        return picked
    return request.accept_languages.best_match(i18n.LOCALES) or i18n.SOURCE


def install(app):
    # the selection only: sentences are core.i18n's (the Jinja globals `_`, `ngettext`, `pgettext` stay its own)
    Babel(app, locale_selector=select, default_locale=i18n.SOURCE, configure_jinja=False,
          default_translation_directories=str(ROOT / "companion" / "translations"))

    @app.before_request
    def enter():
        chosen = str(get_locale() or i18n.SOURCE)
        g.i18n = i18n.use(chosen)
        g.i18n.__enter__()

    @app.teardown_request
    def leave(_err=None):
        held = g.pop("i18n", None)
        if held is not None:
            try:
                held.__exit__(None, None, None)
            except ValueError:  # entered in another context (never in one request): nothing to undo
                pass

    @app.context_processor
    def language():
        return {"lang": i18n.current()}

    app.jinja_env.globals.update(_=gettext, gettext=gettext, ngettext=ngettext, pgettext=pgettext)
    app.jinja_env.globals.update(js_catalog=js_catalog, here=here, i18n_current=i18n.current,
                                 LANGUAGES={code: i18n.language_name(code) for code in i18n.LOCALES})
    app.register_blueprint(bp)


# ----- sentences in templates -----
# A template's sentence is written as HTML source always was (an apostrophe stays an apostrophe: the
# English pages are the same bytes as before), with what could break the markup escaped; the
# values put in it are escaped as `{{ value }}` escapes them, unless they are markup already.
_MARKUP: dict[str, Markup] = {}


def _markup(text: str) -> Markup:
    got = _MARKUP.get(text)
    if got is None:
        if len(_MARKUP) > 20000:
            _MARKUP.clear()
        got = _MARKUP[text] = Markup(text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
                                     .replace('"', "&#34;"))
    return got


def _filled(text: str, kw: dict) -> Markup:
    """The sentence with its values put in, each escaped as `{{ value }}` would be."""
    return Markup(str.format(_markup(text), **{k: escape(v) for k, v in kw.items()}))


def gettext(message: str, /, **kw) -> Markup:
    said = i18n._(message)
    return _filled(said, kw) if kw else _markup(said)


def ngettext(singular: str, plural: str, n: int, /, **kw) -> Markup:
    with_n = {"n": i18n.number(n), **kw}
    return _filled(i18n.ngettext(singular, plural, n, **{k: "{" + k + "}" for k in with_n}), with_n)


def pgettext(context: str, message: str, /, **kw) -> Markup:
    said = i18n.pgettext(context, message)
    return _filled(said, kw) if kw else _markup(said)


def here() -> str:
    """Where the picker comes back to: this page (a path on this site, never another's)."""
    path = request.full_path if request.query_string else request.path
    return path if path.startswith("/") and not path.startswith("//") else "/"


@bp.route("/lang", methods=["GET", "POST"])
def choose():
    """The picker: keep the phone's language in a cookie and go back to the page it came from."""
    wanted = request.values.get("lang", "")
    back = request.values.get("next", "/")
    if not back.startswith("/") or back.startswith("//") or "\\" in back:
        back = "/"
    resp = redirect(back, 303)
    if wanted in i18n.LOCALES:
        resp.set_cookie(COOKIE, wanted, max_age=COOKIE_AGE, samesite="Lax", secure=request.is_secure, path="/")
    return resp


# ----- the page's catalog for its scripts -----
_cache: dict = {}
_lock = threading.Lock()


def _messages(path: Path) -> list[tuple]:
    """(message, context) of every marked sentence of one script (read once per file)."""
    key = ("file", path)
    got = _cache.get(key)
    if got is None:
        found = []
        if path.is_file():
            for _line, message, _comments, context in extract_from_file("javascript", path, keywords=DEFAULT_KEYWORDS):
                found.append((message, context))
        got = _cache[key] = found
    return got


def catalog(locale: str, scripts: tuple[str, ...] = ()) -> str:
    """The JSON of every sentence of app.js and `scripts` (paths under static/) in `locale`:
    {"plural": rule, "messages": {msgid or context + "\\u0004" + msgid: translation or [forms]}};
    "" for the source language (the scripts' own English)."""
    if locale == i18n.SOURCE or locale not in i18n.LOCALES:
        return ""
    translations = i18n.translations(locale)
    key = (locale, tuple(scripts), id(translations))
    got = _cache.get(key)
    if got is not None:
        return got
    messages: dict = {}
    files = [ROOT / "static" / "js" / "app.js"] + [ROOT / "static" / s for s in scripts if s.endswith(".js")]
    for path in files:
        for message, context in _messages(path):
            if translations is None:
                continue
            if isinstance(message, (tuple, list)):
                singular, plural = message[0], message[1]
                forms = [translations.ngettext(singular, plural, 1), translations.ngettext(singular, plural, 2)]
                if forms != [singular, plural]:
                    messages[singular] = forms
            elif context:
                said = translations.pgettext(context, message)
                if said != message:
                    messages[context + "\u0004" + message] = said
            else:
                said = translations.gettext(message)
                if said != message:
                    messages[message] = said
    text = json.dumps({"plural": PLURAL.get(locale, "n!=1"), "messages": messages}, ensure_ascii=False,
                      sort_keys=True)
    # inside <script>: nothing may close the element or open a comment
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    with _lock:
        if len(_cache) > 256:
            _cache.clear()
        _cache[key] = text
    return text


def js_catalog(scripts=()) -> Markup:
    """The page's catalog element, or nothing on an English page."""
    text = catalog(i18n.current(), tuple(scripts or ()))
    if not text:
        return Markup("")
    return Markup('<script type="application/json" id="i18n">') + Markup(text) + Markup("</script>")


