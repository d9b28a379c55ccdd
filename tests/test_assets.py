"""Upgrades reach the phones: content-hashed static URLs, immutable caching for them, and a service
worker whose cache name follows the files it precaches."""

import hashlib
import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

from companion.web import ROOT, assets, create_app

from .browser import PHONE

STATIC_REF = re.compile(r'(?:src|href)="(/static/[^"]+)"')


def sha8(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()[:8]


def cache_name(sw_source):
    return re.search(r'var SHELL = "(shell-[0-9a-f]{8})";', sw_source).group(1)


@pytest.fixture
def app(tmp_path):
    """The app on a copy of static/, so that a test can change a file as an upgrade would."""
    static = tmp_path / "static"
    shutil.copytree(ROOT / "static", static)
    app = create_app(str(tmp_path / "a.db"))
    app.static_folder = str(static)
    assets.load(app)
    return app


def test_every_static_url_on_a_page_carries_the_files_hash(app):
    html = app.test_client().get("/").get_data(as_text=True)
    refs = STATIC_REF.findall(html)
    assert len(refs) >= 5  # icon, touch icon, css, htmx, its ws extension, app.js
    for ref in refs:
        path, version = re.fullmatch(r"/static/([^?]+)\?v=([0-9a-f]{8})", ref).groups()
        assert version == sha8(Path(app.static_folder) / path), ref


def test_a_versioned_url_is_cached_for_a_year_and_others_are_revalidated(app):
    client = app.test_client()
    version = app.extensions["assets"].versions["css/app.css"]
    r = client.get(f"/static/css/app.css?v={version}")
    assert r.status_code == 200
    assert r.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    for url in ("/static/css/app.css", "/static/css/app.css?v=00000000"):  # no or a stale version
        r = client.get(url)
        assert r.status_code == 200
        assert "immutable" not in r.headers.get("Cache-Control", "")


def test_the_service_worker_precaches_versioned_urls_and_answers_304_when_unchanged(app):
    client = app.test_client()
    r = client.get("/sw.js")
    assert r.status_code == 200 and r.mimetype == "text/javascript"
    assert r.headers["Service-Worker-Allowed"] == "/" and r.headers["Cache-Control"] == "no-cache"
    body = r.get_data(as_text=True)
    assert "__VERSION__" not in body
    precached = re.findall(r'"(/static/[^"]+)"', body)
    assert precached and all(re.search(r"\?v=[0-9a-f]{8}$", u) for u in precached)
    assert f"/static/css/app.css?v={app.extensions['assets'].versions['css/app.css']}" in precached
    again = client.get("/sw.js", headers={"If-None-Match": r.headers["ETag"]})
    assert again.status_code == 304


def test_a_changed_file_gives_new_urls_and_a_new_service_worker_cache(app, tmp_path):
    client = app.test_client()
    old_page, old_sw = client.get("/").get_data(as_text=True), client.get("/sw.js").get_data(as_text=True)
    old = app.extensions["assets"].versions["css/app.css"]
    assert f"/static/css/app.css?v={old}" in old_page

    css = tmp_path / "static" / "css" / "app.css"
    css.write_text(css.read_text() + "\nhtml { --upgraded: 1; }\n")
    assets.load(app)  # the server restarts after the upgrade

    new = app.extensions["assets"].versions["css/app.css"]
    assert new == sha8(css) and new != old
    page, sw = client.get("/").get_data(as_text=True), client.get("/sw.js").get_data(as_text=True)
    assert f"/static/css/app.css?v={new}" in page and f"?v={old}" not in page
    assert f"/static/css/app.css?v={new}" in sw
    assert cache_name(sw) != cache_name(old_sw)
    served = client.get(f"/static/css/app.css?v={new}")
    assert b"--upgraded" in served.data and "immutable" in served.headers["Cache-Control"]
    # a file the service worker does not precache still changes the page, not the cache name
    narrator = tmp_path / "static" / "js" / "narrator.js"
    narrator.write_text(narrator.read_text() + "\n// upgraded\n")
    assets.load(app)
    assert cache_name(client.get("/sw.js").get_data(as_text=True)) == cache_name(sw)


def test_the_offline_pages_templates_change_the_cache_name(app, tmp_path):
    old = cache_name(app.test_client().get("/sw.js").get_data(as_text=True))
    templates = tmp_path / "templates"
    shutil.copytree(ROOT / "templates", templates)
    (templates / "offline.html").write_text((templates / "offline.html").read_text() + "\n{# upgraded #}\n")
    app.template_folder = str(templates)
    assets.load(app)
    assert cache_name(app.test_client().get("/sw.js").get_data(as_text=True)) != old


@pytest.mark.browser
def test_a_phone_with_the_old_service_worker_loads_the_new_file_after_an_upgrade(browser, server, tmp_path):
    """Chromium, service worker installed and controlling the page; the CSS changes and the server
    restarts: one reload later the page has the new CSS, and the old cache is gone."""
    static = tmp_path / "static"
    shutil.copytree(ROOT / "static", static)
    server.app.static_folder = str(static)
    assets.load(server.app)
    old_cache = cache_name(server.app.extensions["assets"].service_worker()[0])

    page = browser.new_context(**PHONE).new_page()
    page.goto(server.url + "/")
    page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    assert page.evaluate("caches.keys()") == [old_cache]
    probe = "getComputedStyle(document.documentElement).getPropertyValue('--upgraded').trim()"
    assert page.evaluate(probe) == ""

    css = static / "css" / "app.css"
    css.write_text(css.read_text() + "\nhtml { --upgraded: 1; }\n")
    assets.load(server.app)  # the upgraded server
    new_cache = cache_name(server.app.extensions["assets"].service_worker()[0])
    assert new_cache != old_cache

    page.reload()
    assert page.evaluate(probe) == "1"
    page.wait_for_function(f"() => caches.keys().then(k => k.length === 1 && k[0] === {new_cache!r})", timeout=10_000)
    expect(page.locator("link[rel=stylesheet]")).to_have_attribute("href", f"/static/css/app.css?v={sha8(css)}")
