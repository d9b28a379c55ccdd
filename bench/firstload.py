"""The home page's first load, as transferred: what a phone downloads the first time it opens the app.

Starts the server `make run` starts (`companion serve`) on a free port, opens the home page in a
fresh headless Chromium (/usr/bin/chromium, no cache, a phone's viewport) and sums, for every
response the page loads (the HTML, the CSS, app.js, htmx and its ws extension, the icons and the
manifest that an installing phone's browser fetches), the bytes that crossed the wire: Chrome DevTools Protocol's
Network.loadingFinished encodedDataLength (headers and the body as sent, compressed or not).
Measured with Chromium's own Accept-Encoding (brotli), with gzip alone, and uncompressed. The service
worker's own precache (once, in the background, on a secure origin) is measured apart. Prints figures; tests/test_firstload.py asserts the total.  Run: .venv/bin/python bench/firstload.py
"""

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
TARGET = 40 * 1024
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
LAUNCH = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
          "--disable-component-update", "--disable-sync"]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(db: str):
    """`companion serve` on a free port of 127.0.0.1; returns the process and its base URL."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    proc = subprocess.Popen([sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
                             "--db", db], cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while True:
        try:
            urllib.request.urlopen(base + "/healthz", timeout=1)
            return proc, base
        except OSError:
            if time.monotonic() > deadline or proc.poll() is not None:
                stop(proc)
                raise RuntimeError("companion serve did not start") from None
            time.sleep(0.1)


def stop(proc):
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
    proc.wait()


def first_load(browser, url: str, accept_encoding: str | None = None):
    """[(url, bytes transferred, content-encoding)] for a first visit to url, and the manifest that
    an installing phone's browser asks for (headless Chromium does not fetch it by itself)."""
    headers = {"Accept-Encoding": accept_encoding} if accept_encoding else {}
    # the service worker (registered on secure origins) controls no page of a first visit; its
    # own precache is measured apart, by precache()
    ctx = browser.new_context(**PHONE, service_workers="block", extra_http_headers=headers)
    page = ctx.new_page()
    cdp = ctx.new_cdp_session(page)
    seen: dict[str, list] = {}

    def received(e):
        r = e["response"]
        coding = {k.lower(): v for k, v in r.get("headers", {}).items()}.get("content-encoding", "")
        seen[e["requestId"]] = [r["url"], None, coding]

    def finished(e):
        if e["requestId"] in seen:
            seen[e["requestId"]][1] = e["encodedDataLength"]

    cdp.on("Network.responseReceived", received)
    cdp.on("Network.loadingFinished", finished)
    cdp.send("Network.enable")
    page.goto(url, wait_until="load")
    page.wait_for_load_state("networkidle")
    if not any(u.endswith("/manifest.webmanifest") for u, _, _ in seen.values()):
        page.evaluate("fetch(document.querySelector('link[rel=manifest]').href).then(r => r.text())")
        page.wait_for_load_state("networkidle")
    time.sleep(0.3)
    ctx.close()
    return [tuple(v) for v in seen.values() if v[1] is not None]


def precache(browser, url: str):
    """[(url, bytes)] that the service worker fetches from the network when it installs on a first
    visit (what the page already loaded comes from the HTTP cache, immutable)."""
    ctx = browser.new_context(**PHONE)
    done = []
    ctx.on("requestfinished", lambda r: done.append(r) if r.service_worker else None)
    page = ctx.new_page()
    page.goto(url, wait_until="load")
    if not page.evaluate("window.isSecureContext && 'serviceWorker' in navigator"):
        ctx.close()
        return []
    page.wait_for_function("navigator.serviceWorker.ready.then(() => true)", timeout=10_000)
    time.sleep(0.3)
    out = []
    for r in done:
        sizes = r.sizes()
        if sizes["responseBodySize"] >= 0:  # negative: served from the HTTP cache
            out.append((r.url, sizes["responseHeadersSize"] + sizes["responseBodySize"]))
    ctx.close()
    return out


def report(loads, label="Chromium's own Accept-Encoding"):
    total = sum(size for _, size, _ in loads)
    print(f"First load of the home page ({label}; bytes on the wire, headers included)")
    for url, size, coding in sorted(loads, key=lambda x: -x[1]):
        print(f"  {size / 1024:6.1f} KB  {coding or 'identity':8s} /{url.split('/', 3)[-1]}")
    print(f"  {total / 1024:6.1f} KB  total, {len(loads)} responses (target <= {TARGET // 1024} KB)")
    return total


def main():
    from playwright.sync_api import sync_playwright

    db = tempfile.mktemp(suffix=".db")
    proc, base = start(db)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH)
            report(first_load(browser, base + "/"))
            report(first_load(browser, base + "/", "gzip, deflate"), "gzip only, as without brotli")
            report(first_load(browser, base + "/", "identity"), "no compression, for comparison")
            worker = precache(browser, base + "/")
            browser.close()
        if worker:
            print(f"Then, in the background, the service worker's precache: {sum(b for _, b in worker) / 1024:.1f} KB "
                  f"from the network ({', '.join('/' + u.split('/', 3)[-1] for u, _ in worker)})")
    finally:
        stop(proc)
        for suffix in ("", "-wal", "-shm"):
            Path(db + suffix).unlink(missing_ok=True)


if __name__ == "__main__":
    main()
