"""Headers, tokens, the join-code rate limit and the refusal format shared by every route."""

import threading
import time
from collections import deque

from flask import current_app, jsonify, request
from werkzeug.exceptions import HTTPException

from ..core.errors import NotFound, Refusal, TooMany

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; manifest-src 'self'; worker-src 'self'; object-src 'none'; "
       "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")


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


class Limiter:
    """Failed look-ups of unknown table codes, per client address: 20 a minute."""

    def __init__(self, limit: int = 20, window: float = 60.0):
        self.limit, self.window = limit, window
        self._misses: dict[str, deque] = {}
        self._lock = threading.Lock()

    def check(self, who: str):
        now = time.monotonic()
        with self._lock:
            q = self._misses.get(who)
            while q and now - q[0] > self.window:
                q.popleft()
            if q and len(q) >= self.limit:
                raise TooMany("Too many wrong table codes from here; wait a minute and try again.")

    def miss(self, who: str):
        with self._lock:
            self._misses.setdefault(who, deque()).append(time.monotonic())


def find_table(code: str):
    """Find a table by its code; an unknown code counts towards this address's guessing limit."""
    limiter = current_app.extensions["limiter"]
    who = request.remote_addr or "?"
    limiter.check(who)
    try:
        return current_app.extensions["tables"].get(code)
    except NotFound:
        limiter.miss(who)
        raise


def refusal_json(message: str, code: str, status: int):
    resp = jsonify({"error": message, "code": code})
    resp.status_code = status
    return resp


def install(app):
    @app.after_request
    def headers(resp):
        resp.headers.setdefault("Content-Security-Policy", CSP)
        resp.headers["X-Content-Type-Options"] = "nosniff"
        resp.headers["Referrer-Policy"] = "same-origin"
        resp.headers["X-Frame-Options"] = "DENY"
        resp.headers["Permissions-Policy"] = "camera=(), microphone=(), geolocation=()"
        if request.path.startswith(("/api/", "/tables/")) and "Cache-Control" not in resp.headers:
            resp.headers["Cache-Control"] = "no-store"
        return resp

    @app.errorhandler(HTTPException)
    def http_error(err):
        messages = {
            400: "The request could not be read.",
            404: "There is nothing at this address.",
            405: "This address does not take that method.",
            413: "The request is too large (64 KB at most).",
            415: "Send JSON with the Content-Type application/json.",
        }
        msg = messages.get(err.code, err.description or "The request was refused.")
        if request.path.startswith("/api/") or not request.accept_mimetypes.accept_html:
            return refusal_json(msg, err.name.lower().replace(" ", "_"), err.code)
        return current_app.extensions["pages_error"](msg, err.code)

    @app.errorhandler(Refusal)
    def refused(err: Refusal):
        if request.path.startswith("/api/"):
            return refusal_json(err.message, err.code, err.status)
        return current_app.extensions["pages_error"](err.message, err.status)

    @app.errorhandler(Exception)
    def crashed(err):  # a bug must never show a stack trace or lose the table
        app.logger.exception("unexpected error")
        return refusal_json("Something went wrong on the server; nothing was changed.", "internal", 500)
