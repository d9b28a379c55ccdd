"""Headers, tokens, the guessing and creation limits, and the refusal format shared by every route.

Settings (environment variables, read when the app is made):
  COMPANION_PROXIES=N        N trusted reverse proxies in front (Werkzeug's ProxyFix): the client's
                             address and scheme come from their X-Forwarded-For / -Proto headers
  COMPANION_HOSTS=a,b:8000   answer only for these Host names (any port, or that port); else any
  COMPANION_CREATES_PER_HOUR tables one address may create in an hour (30)
  COMPANION_IDLE_MINUTES     a table nobody used for this long leaves memory (30)
  COMPANION_KEEP_DAYS        a table nobody used for this long is deleted (30)
  COMPANION_SWEEP_SECONDS    how often the server looks for both (60)
"""

import itertools
import os
import threading
import time
from collections import deque
from contextlib import contextmanager

from flask import current_app, jsonify, render_template, request
from werkzeug.exceptions import HTTPException
from werkzeug.middleware.proxy_fix import ProxyFix

from ..core.errors import BadInput, NotFound, Refusal, TooMany
from ..core.i18n import N_, _

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; manifest-src 'self'; worker-src 'self'; object-src 'none'; "
       "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
HSTS = "max-age=63072000"  # two years; only ever sent over HTTPS


def cookie_name(code: str) -> str:
    return f"seat_{code}"


def bearer() -> str | None:
    auth = request.headers.get("Authorization", "")
    return auth[7:].strip() if auth[:7].lower() == "bearer " else None


def token_for(code: str) -> str | None:
    return bearer() or request.cookies.get(cookie_name(code))


def same_origin() -> bool:
    """A browser's state-changing request or socket must come from our own pages."""
    site = request.headers.get("Sec-Fetch-Site")
    if site is not None:
        return site in ("same-origin", "none")
    origin = request.headers.get("Origin")
    if origin is None:
        return True  # not a browser (scripts send a Bearer token and no Origin)
    return origin.split("://", 1)[-1] == request.host


def client() -> str:
    """The client's address: the peer, or what the trusted proxies say (COMPANION_PROXIES)."""
    return request.remote_addr or "?"


class Limiter:
    """At most `limit` counted attempts per client address in `window` seconds.

    `take` checks and counts in one step under one lock, so parallel requests cannot all pass
    the check before any is counted; `refund` gives an attempt back (a code that was right)."""

    def __init__(self, limit: int = 20, window: float = 60.0, message: str = ""):
        message = message or GUESSES
        self.limit, self.window, self.message = limit, window, message
        self._hits: dict[str, deque] = {}
        self._lock = threading.Lock()
        self._ids = itertools.count()

    def take(self, who: str):
        now = time.monotonic()
        with self._lock:
            q = self._hits.setdefault(who, deque())
            while q and now - q[0][0] > self.window:
                q.popleft()
            if len(q) >= self.limit:
                raise TooMany(_(self.message))
            stamp = (now, next(self._ids))
            q.append(stamp)
            if len(self._hits) > 10000:  # forget the quiet addresses now and then
                for k in [k for k, v in self._hits.items() if not v or now - v[-1][0] > self.window]:
                    del self._hits[k]
            return stamp

    def keep(self, who: str):
        """The attempt stays counted (a wrong code, a table made): only a shared limiter records it."""

    def refund(self, who: str, stamp):
        with self._lock:
            q = self._hits.get(who)
            if q is not None:
                try:
                    q.remove(stamp)
                except ValueError:
                    pass


class SharedLimiter(Limiter):
    """The same limit across processes: every attempt is checked and counted in the database in
    one transaction (under a lock on the address), so parallel requests on several processes
    cannot all pass the check before any is counted; a right code gives its attempt back."""

    def __init__(self, store, kind: str, limit: int, window: float, message: str):
        super().__init__(limit, window, message)
        self.store, self.kind = store, kind

    def take(self, who: str):
        attempt = self.store.take_attempt(self.kind, who, self.window, self.limit)
        if attempt is None:
            raise TooMany(_(self.message))
        return attempt

    def keep(self, who: str):
        """Already counted by take."""

    def refund(self, who: str, stamp):
        self.store.give_back(stamp)


def limiter(store, kind: str, limit: int, window: float, message: str):
    """A limit per client address: in the database when several processes share it, else in memory."""
    if store.shared:
        return SharedLimiter(store, kind, limit, window, message)
    return Limiter(limit, window, message)


GUESSES = N_("Too many wrong table codes from here; wait a minute and try again.")
CREATES = N_("Too many tables created from here this hour; wait a while, or use one you have.")
# sentences other modules refuse with as they were written: translated here, where they are answered
N_("The table's database did not answer; try again in a moment.")  # companion/postgres.py


def find_table(code: str):
    """Find a table by its code. A request that carries a working seat token for it is a person at
    that table: never refused, nor counted, for what others at the same address guessed. Every
    other look-up counts towards this address's guessing limit while it runs; a code that exists
    gives its count back, so only wrong codes stay counted (and a right code without a token is
    refused like a wrong one while the address is over its limit: else the limit would tell
    which codes exist)."""
    token = token_for(code)
    if token:
        try:
            table, _ = current_app.extensions["tables"].authenticate(code, token)
            return table
        except Refusal:
            pass  # a wrong token proves nothing: counted as any other look-up
    return guess(code)


def wrong_guess():
    """Count one wrong guess against this address (a seat cookie that names no seat); TooMany
    once the address is over its limit."""
    limiter, who = current_app.extensions["limiter"], client()
    limiter.take(who)
    limiter.keep(who)


def guess(code: str):
    """A look-up by someone who may be guessing: limited and counted per address."""
    limiter = current_app.extensions["limiter"]
    who = client()
    stamp = limiter.take(who)
    try:
        table = current_app.extensions["tables"].get(code)
    except NotFound:
        limiter.keep(who)
        raise
    except BaseException:
        limiter.refund(who, stamp)
        raise
    limiter.refund(who, stamp)
    return table


@contextmanager
def creating():
    """Table creation, limited per address (COMPANION_CREATES_PER_HOUR); a creation that is
    refused (bad options, say) does not count."""
    limiter, who = current_app.extensions["create_limiter"], client()
    stamp = limiter.take(who)
    try:
        yield
    except BaseException:
        limiter.refund(who, stamp)
        raise
    limiter.keep(who)


def wants_json() -> bool:
    """The API and clients that ask for JSON get JSON; a browser gets a page."""
    return request.path.startswith("/api/") or "application/json" in request.headers.get("Accept", "")


def refusal_json(message: str, code: str, status: int):
    resp = jsonify({"error": message, "code": code})
    resp.status_code = status
    return resp


def refusal(message: str, code: str, status: int):
    if wants_json():
        return refusal_json(message, code, status)
    return current_app.extensions["pages_error"](message, status)


def host_allowed(allowed: set[str]) -> bool:
    host = request.host.lower()
    name = host[: host.index("]") + 1] if host.startswith("[") and "]" in host else host.rsplit(":", 1)[0]
    return host in allowed or name in allowed


def install(app):
    env = os.environ
    proxies = int(env.get("COMPANION_PROXIES", "0") or 0)
    if proxies > 0:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies)
    hosts = {h.strip().lower() for h in env.get("COMPANION_HOSTS", "").split(",") if h.strip()}
    tables, hub = app.extensions["tables"], app.extensions["hub"]
    app.extensions["limiter"] = limiter(tables.store, "guess", 20, 60.0, GUESSES)
    app.extensions["create_limiter"] = limiter(
        tables.store, "create", int(env.get("COMPANION_CREATES_PER_HOUR", "30")), 3600.0, CREATES)
    tables.idle_seconds = float(env.get("COMPANION_IDLE_MINUTES", "30")) * 60
    tables.keep_days = float(env.get("COMPANION_KEEP_DAYS", "30"))
    tables.closers.append(hub.close_seat)  # a removed seat, a new link, a deleted table: its sockets close
    sweep_every = float(env.get("COMPANION_SWEEP_SECONDS", "60"))
    sweeper = []

    @app.before_request
    def gate():
        if not sweeper:  # in the serving process (gunicorn's worker), on its first request
            sweeper.append(tables.start_sweeper(sweep_every))
        if hosts and not host_allowed(hosts):
            raise BadInput(_("This server does not answer for that host name."))

    @app.after_request
    def headers(resp):
        resp.headers.setdefault("Content-Security-Policy", CSP)
        resp.headers["X-Content-Type-Options"] = "nosniff"
        resp.headers["Referrer-Policy"] = "same-origin"
        resp.headers["X-Frame-Options"] = "DENY"
        resp.headers["Permissions-Policy"] = "camera=(), microphone=(), geolocation=()"
        if request.is_secure:
            resp.headers["Strict-Transport-Security"] = HSTS
        if request.path.startswith(("/api/", "/tables/")) and "Cache-Control" not in resp.headers:
            resp.headers["Cache-Control"] = "no-store"
        return resp

    @app.errorhandler(HTTPException)
    def http_error(err):
        messages = {
            400: N_("The request could not be read."),
            404: N_("There is nothing at this address."),
            405: N_("This address does not take that method."),
            408: N_("The request took too long to arrive; send it again."),
            413: N_("The request is too large (64 KB at most)."),
            415: N_("Send JSON with the Content-Type application/json."),
        }
        msg = _(messages[err.code]) if err.code in messages else err.description or _("The request was refused.")
        return refusal(msg, err.name.lower().replace(" ", "_"), err.code)

    @app.errorhandler(Refusal)
    def refused(err: Refusal):
        return refusal(_(err.message), err.code, err.status)  # a sentence kept as written is translated here

    @app.errorhandler(Exception)
    def crashed(err):  # a bug must never show a stack trace or lose the table
        app.logger.exception("unexpected error")
        msg = _("Something went wrong on the server; nothing was changed.")
        if wants_json():
            return refusal_json(msg, "internal", 500)
        try:
            return render_template("error.html", message=msg, status=500), 500
        except Exception:
            return refusal_json(msg, "internal", 500)
