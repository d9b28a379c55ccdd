"""Compressed answers: brotli or gzip for text (HTML, CSS, JavaScript, JSON, SVG, the manifest)
when the client accepts it, with `Vary: Accept-Encoding`.

Left alone: WebSocket upgrades, 1xx, 204, 206 and 304 answers, streamed answers, bodies under
1 KB, answers already encoded or marked no-transform, other types (PNG icons are compressed
already). Static files are compressed once at the highest levels and kept (per path, size and
modification time); the other answers at a fast level. A compressed answer's ETag becomes weak,
so a revalidation still gets its 304, and it no longer offers byte ranges.
"""

import gzip
import os
import threading

from flask import Flask, current_app, request
from werkzeug.security import safe_join

try:
    import brotli
except ImportError:  # pinned in pyproject.toml; without it gzip alone is offered
    brotli = None

MIN_SIZE = 1024
TYPES = frozenset({
    "text/html", "text/css", "text/javascript", "application/javascript", "application/json",
    "application/manifest+json", "image/svg+xml", "text/plain", "text/xml", "application/xml",
})
FAST = {"br": 5, "gzip": 6}  # per answer: about 2 ms for 50 KB
BEST = {"br": 11, "gzip": 9}  # static files, once: about 90 ms for htmx


def encodings() -> list[str]:
    return ["br", "gzip"] if brotli else ["gzip"]


def encode(data: bytes, coding: str, levels=FAST) -> bytes:
    if coding == "br":
        return brotli.compress(data, quality=levels["br"])
    return gzip.compress(data, compresslevel=levels["gzip"], mtime=0)


class StaticCache:
    """Compressed static files, made on first request and kept while the file is unchanged."""

    def __init__(self):
        self._lock = threading.Lock()
        self._kept: dict[tuple[str, str], tuple[tuple[int, int], bytes]] = {}

    def get(self, path: str, coding: str) -> bytes:
        with open(path, "rb") as f:
            st = os.fstat(f.fileno())
            stamp = (st.st_mtime_ns, st.st_size)
            with self._lock:
                kept = self._kept.get((path, coding))
            if kept and kept[0] == stamp:
                return kept[1]
            data = encode(f.read(), coding, BEST)
        with self._lock:
            self._kept[(path, coding)] = (stamp, data)
        return data


STATIC = StaticCache()  # one per process: every app of a test run shares the same files


def _is_upgrade() -> bool:
    return "HTTP_UPGRADE" in request.environ


def compress(resp):
    if resp.status_code == 304:
        return _not_modified(resp)
    if _is_upgrade() or resp.status_code < 200 or resp.status_code in (204, 206):
        return resp
    if "Content-Encoding" in resp.headers or resp.mimetype not in TYPES:
        return resp
    if "no-transform" in resp.headers.get("Cache-Control", ""):
        return resp
    static = request.endpoint == "static" and resp.direct_passthrough
    if static:
        if "Range" in request.headers or (resp.content_length or 0) < MIN_SIZE:
            return resp
    elif resp.is_streamed or resp.direct_passthrough:
        return resp
    else:
        body = resp.get_data()
        if len(body) < MIN_SIZE:
            return resp
    resp.vary.add("Accept-Encoding")
    coding = request.accept_encodings.best_match(encodings())
    if coding is None:
        return resp
    if static:
        path = safe_join(current_app.static_folder, request.view_args["filename"])
        original = resp.response
        resp.direct_passthrough = False
        resp.set_data(STATIC.get(path, coding))
        if hasattr(original, "close"):
            original.close()
    else:
        resp.set_data(encode(body, coding))
    resp.headers["Content-Encoding"] = coding
    resp.headers.pop("Accept-Ranges", None)
    etag, weak = resp.get_etag()
    if etag and not weak:
        resp.set_etag(etag, weak=True)
    return resp


def _not_modified(resp):
    """A 304 has no body to compress, but when the client revalidates a compressed answer (its
    validator is the weak ETag we gave it), the 304 says the same of itself."""
    etag, weak = resp.get_etag()
    if etag and not weak and request.if_none_match.is_weak(etag):
        resp.set_etag(etag, weak=True)
        resp.vary.add("Accept-Encoding")
    return resp


def install(app: Flask):
    # after_request functions run last-registered first: put this one first so it runs last,
    # after every other hook has set its headers
    app.after_request_funcs.setdefault(None, []).insert(0, compress)
