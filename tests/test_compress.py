"""Compressed text answers: brotli or gzip when accepted, Vary: Accept-Encoding, and never where it
would break or not pay (WebSocket upgrades, 204, 206, 304, streams, small bodies, images)."""

import gzip
import json

import brotli
import pytest
import simple_websocket
from flask import Flask, Response

from companion.web import ROOT, compress, create_app

BIG = "<p>" + "the table companion " * 200 + "</p>"  # 4 KB of HTML


@pytest.fixture
def app(tmp_path):
    return create_app(str(tmp_path / "c.db"))


@pytest.fixture
def bare():
    """A small app with only the compression installed, for the answers the real one rarely gives."""
    app = Flask(__name__)
    compress.install(app)
    answers = {
        "big": lambda: BIG,
        "small": lambda: "<p>hi</p>",
        "none": lambda: ("", 204),
        "stream": lambda: Response((BIG for _ in range(3)), mimetype="text/html"),
        "no-transform": lambda: Response(BIG, headers={"Cache-Control": "no-transform"}),
        "binary": lambda: Response(b"\0" * 4096, mimetype="application/octet-stream"),
    }
    for name, view in answers.items():
        app.add_url_rule(f"/{name}", name, view)
    return app


def decode(resp):
    coding = resp.headers.get("Content-Encoding")
    data = resp.get_data()
    return {"br": brotli.decompress, "gzip": gzip.decompress, None: lambda d: d}[coding](data)


@pytest.mark.parametrize("accept, coding", [
    ("gzip, deflate, br, zstd", "br"), ("gzip", "gzip"), ("br;q=0, gzip", "gzip"), ("gzip;q=0.5, br;q=0.4", "gzip"),
    ("identity", None), ("", None),
])
def test_the_encoding_follows_accept_encoding_and_vary_is_always_said(bare, accept, coding):
    r = bare.test_client().get("/big", headers={"Accept-Encoding": accept})
    assert r.headers.get("Content-Encoding") == coding
    assert "Accept-Encoding" in r.headers["Vary"]
    assert decode(r) == BIG.encode()
    assert int(r.headers["Content-Length"]) == len(r.get_data())
    if coding:
        assert len(r.get_data()) < len(BIG) / 5


@pytest.mark.parametrize("path", ["/small", "/none", "/stream", "/no-transform", "/binary"])
def test_left_alone(bare, path):
    r = bare.test_client().get(path, headers={"Accept-Encoding": "gzip, br"})
    assert "Content-Encoding" not in r.headers
    assert "Accept-Encoding" not in r.headers.get("Vary", "")


def test_never_on_a_websocket_upgrade(bare):
    r = bare.test_client().get("/big", headers={"Accept-Encoding": "gzip, br", "Upgrade": "websocket",
                                                "Connection": "Upgrade"})
    assert "Content-Encoding" not in r.headers


def test_pages_json_svg_css_and_javascript_are_compressed_and_icons_are_not(app):
    client = app.test_client()
    api = client.post("/api/tables", json={"game": "villainous", "name": "Ann"})
    code, token = api.get_json()["code"], api.get_json()["token"]
    versions = app.extensions["assets"].versions
    cases = {
        "/": "text/html", "/api/openapi.json": "application/json", f"/tables/{code}/qr.svg": "image/svg+xml",
        f"/tables/{code}": "text/html", f"/static/css/app.css?v={versions['css/app.css']}": "text/css",
        f"/static/vendor/htmx-2.0.10.min.js?v={versions['vendor/htmx-2.0.10.min.js']}": "text/javascript",
        "/sw.js": "text/javascript",
    }
    for url, mimetype in cases.items():
        r = client.get(url, headers={"Accept-Encoding": "gzip, deflate, br", "Authorization": f"Bearer {token}"})
        assert r.status_code == 200, url
        assert r.mimetype == mimetype, url
        assert r.headers.get("Content-Encoding") == "br", url
    r = client.get(f"/static/icons/icon-512.png?v={versions['icons/icon-512.png']}", headers={"Accept-Encoding": "br"})
    assert "Content-Encoding" not in r.headers
    assert json.loads(decode(client.get("/api/openapi.json", headers={"Accept-Encoding": "gzip"})))["openapi"]


def test_a_static_file_is_compressed_once_exactly_and_revalidates_with_its_weak_etag(app):
    client = app.test_client()
    url = f"/static/vendor/htmx-2.0.10.min.js?v={app.extensions['assets'].versions['vendor/htmx-2.0.10.min.js']}"
    original = (ROOT / "static/vendor/htmx-2.0.10.min.js").read_bytes()
    for coding in ("br", "gzip"):
        r = client.get(url, headers={"Accept-Encoding": coding})
        assert r.headers["Content-Encoding"] == coding and decode(r) == original
        assert r.headers["ETag"].startswith('W/"') and "Accept-Ranges" not in r.headers
        assert "immutable" in r.headers["Cache-Control"]
        again = client.get(url, headers={"Accept-Encoding": coding, "If-None-Match": r.headers["ETag"]})
        assert again.status_code == 304 and again.get_data() == b""
        assert "Content-Encoding" not in again.headers
        assert again.headers["ETag"] == r.headers["ETag"] and "Accept-Encoding" in again.headers["Vary"]
    ranged = client.get(url, headers={"Accept-Encoding": "gzip", "Range": "bytes=0-99"})
    assert ranged.status_code == 206 and "Content-Encoding" not in ranged.headers and ranged.get_data() == original[:100]


def test_a_real_server_compresses_pages_and_its_sockets_still_work(server, api):
    """Over real HTTP (the tests' server): a browser-like client sends Accept-Encoding on the socket's
    handshake too; the upgrade goes through and the pushes arrive."""
    import urllib.request

    req = urllib.request.Request(server.url + "/", headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(req) as r:
        assert r.headers["Content-Encoding"] == "gzip"
        assert b"Table companion" in gzip.decompress(r.read())
    t = api.create("clue")
    url = server.url.replace("http", "ws") + f"/tables/{t['code']}/ws"
    ws = simple_websocket.Client.connect(url, headers={"Authorization": f"Bearer {t['token']}",
                                                       "Accept-Encoding": "gzip, deflate, br"})
    assert 'id="r-game"' in ws.receive(timeout=5)
    ws.close()
