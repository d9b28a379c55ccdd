"""Content-hashed static URLs, so that an upgrade reaches the phones.

Each file under static/ gets a version, the first 8 hex digits of its SHA-256, computed once when
the app starts: a template writes `{{ static_url('css/app.css') }}` and gets
`/static/css/app.css?v=1a2b3c4d`. A versioned URL names one content for ever, so it is cached for a
year, immutable; the same path with another (or no) version is answered with the current file and
no such promise.

The service worker (`/sw.js`) is static/js/sw.js with every "/static/..." URL in it versioned and its
cache name ("shell-__VERSION__") made from the versions of the files it precaches and of the offline
page's templates: a changed file gives a new service worker, a new cache (the old one is deleted),
and pages that load the new file.
"""

import hashlib
import re
from pathlib import Path

from flask import Flask, current_app, make_response, request

IMMUTABLE = "public, max-age=31536000, immutable"
SW_SOURCE = "js/sw.js"
OFFLINE_TEMPLATES = ("base.html", "offline.html")  # what the precached /offline page is made of
_QUOTED_STATIC = re.compile(r'"/static/([^"?#]+)"')


def _version(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:8]


class Assets:
    """The versions of every static file, read once."""

    def __init__(self, static_folder: str | Path, template_folder: str | Path | None = None):
        self.folder = Path(static_folder)
        self.versions = {p.relative_to(self.folder).as_posix(): _version(p.read_bytes())
                         for p in sorted(self.folder.rglob("*")) if p.is_file()}
        templates = Path(template_folder) if template_folder else None
        self.templates = {name: _version((templates / name).read_bytes()) for name in OFFLINE_TEMPLATES
                          if templates and (templates / name).is_file()}
        self._sw: tuple[str, str] | None = None

    def url(self, name: str) -> str:
        """The versioned URL of a static file (unversioned if the file was not there at start)."""
        version = self.versions.get(name)
        return f"/static/{name}?v={version}" if version else f"/static/{name}"

    def service_worker(self) -> tuple[str, str]:
        """The service worker's source with versioned URLs, and its cache's version."""
        if self._sw is None:
            source = (self.folder / SW_SOURCE).read_text(encoding="utf-8")
            body = _QUOTED_STATIC.sub(lambda m: f'"{self.url(m.group(1))}"', source)
            precached = sorted(set(_QUOTED_STATIC.findall(source)) | {"manifest.webmanifest"})
            fingerprint = "\n".join([_version(source.encode())]
                                    + [f"{n} {self.versions.get(n)}" for n in precached]
                                    + [f"{n} {v}" for n, v in sorted(self.templates.items())])
            version = _version(fingerprint.encode())
            self._sw = (body.replace("__VERSION__", version), version)
        return self._sw


def static_url(name: str) -> str:
    return current_app.extensions["assets"].url(name)


def load(app: Flask):
    """Read the versions (at start; tests call it again to stand for a restart after an upgrade)."""
    app.extensions["assets"] = Assets(app.static_folder, app.template_folder)


def service_worker():
    body, version = current_app.extensions["assets"].service_worker()
    resp = make_response(body)
    resp.mimetype = "text/javascript"
    resp.headers["Service-Worker-Allowed"] = "/"
    resp.headers["Cache-Control"] = "no-cache"  # the browser asks each time; a 304 when unchanged
    resp.set_etag(version)
    return resp.make_conditional(request)


def install(app: Flask):
    load(app)
    app.jinja_env.globals["static_url"] = static_url

    @app.after_request
    def long_cache_for_versioned_files(resp):
        if request.endpoint == "static" and resp.status_code in (200, 304):
            version = request.args.get("v")
            if version and version == current_app.extensions["assets"].versions.get(request.view_args["filename"]):
                resp.headers["Cache-Control"] = IMMUTABLE
        return resp

    # /sw.js is answered here, whoever registered the route first
    rules = [r for r in app.url_map.iter_rules() if r.rule == "/sw.js"]
    for rule in rules:
        app.view_functions[rule.endpoint] = service_worker
    if not rules:
        app.add_url_rule("/sw.js", "service_worker", service_worker)
