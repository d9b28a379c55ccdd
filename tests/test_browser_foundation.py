"""Real Chromium: several pages at once stand for several phones and the display."""

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
TABLET = {"viewport": {"width": 1024, "height": 768}}


def watch_console(page, bucket):
    page.on("console", lambda m: bucket.append(m.text) if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: bucket.append(str(e)))


def create_table(page, base, game="villainous", name="Ann"):
    page.goto(base + "/")
    page.get_by_label(game_label(game)).check()
    page.get_by_label("Your name (as the host)").fill(name)
    page.get_by_role("button", name="Create the table").click()
    page.wait_for_url("**/tables/*")
    expect(page.locator("#conn")).to_have_text("Live")
    return page.url.rsplit("/", 1)[-1]


def game_label(game):
    return {"villainous": "Villainous: The Worst Takes It All", "gathering": "Gathering of the Wicked",
            "clue": "Clue: Disney Villains", "touch-of-evil": "A Touch of Evil: Something Wicked"}[game]


def join(page, base, code, name, role="player"):
    page.goto(base + "/")
    page.get_by_label("Table code").fill(code.lower())
    page.get_by_role("button", name="Join").click()
    page.get_by_label("Your name").fill(name)
    if role == "display":
        page.get_by_label("The shared display in the middle of the table").check()
    page.get_by_role("button", name="Take a seat").click()
    page.wait_for_url(f"**/tables/{code}")
    expect(page.locator("#conn")).to_have_text("Live")


def test_create_join_by_code_and_a_roll_shows_on_every_page(browser, server):
    errors = []
    host = browser.new_context(**PHONE).new_page()
    watch_console(host, errors)
    code = create_table(host, server.url, game="touch-of-evil")  # a game with dice
    phone = browser.new_context(**PHONE).new_page()
    watch_console(phone, errors)
    join(phone, server.url, code, "Bob")
    display = browser.new_context(**TABLET).new_page()
    watch_console(display, errors)
    join(display, server.url, code, "Board", role="display")
    # Bob and the display wait for the host's approval; the host sees them appear live.
    expect(host.get_by_role("button", name="Approve Bob")).to_be_visible(timeout=1000)
    host.get_by_role("button", name="Approve Bob").click()
    host.get_by_role("button", name="Approve Board").click()
    expect(phone.get_by_role("button", name="2D6")).to_be_visible(timeout=1000)
    phone.get_by_role("button", name="2D6").click()
    for page in (host, phone, display):
        expect(page.locator(".rolls li").first).to_contain_text("2d6 (")
        expect(page.locator(".rolls li").first).to_contain_text("Bob")
    total = phone.locator(".rolls .total").first.inner_text()
    assert display.locator(".rolls .total").first.inner_text() == total
    assert not [e for e in errors if "Content Security Policy" in e or "Refused" in e], errors


def test_offline_and_back_recovers_without_reload(browser, server, api):
    t = api.create("villainous", name="Ann")
    bob = api.join(t["code"], "Bob", token=t["token"])
    ctx = browser.new_context(**PHONE)
    ctx.add_cookies([{"name": f"seat_{t['code']}", "value": bob["token"], "url": server.url}])
    page = ctx.new_page()
    page.goto(f"{server.url}/tables/{t['code']}")
    expect(page.locator("#conn")).to_have_text("Live")
    page.evaluate("window.__sameDocument = true")
    ctx.set_offline(True)
    api.ok(t["code"], t["token"], type="roll", dice="d6", purpose="while-offline")
    ctx.set_offline(False)
    expect(page.locator(".rolls")).to_contain_text("while-offline", timeout=10000)
    expect(page.locator("#conn")).to_have_text("Live")
    assert page.evaluate("window.__sameDocument") is True  # no reload happened


def test_service_worker_controls_the_page_and_the_manifest_parses(browser, server):
    page = browser.new_context(**PHONE).new_page()
    page.goto(server.url + "/")
    page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    manifest = page.evaluate("fetch('/manifest.webmanifest').then(r => r.json())")
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    sizes = {(i["sizes"], i.get("purpose", "any")) for i in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    # offline navigation falls back to the precached offline page
    page.context.set_offline(True)
    page.goto(server.url + "/some/where")
    expect(page.get_by_role("heading", name="No connection")).to_be_visible()


def test_a_hostile_name_shows_as_text(browser, server, api):
    t = api.create("villainous", name="Ann")
    evil = "<img src=x onerror=alert(1)>"
    api.join(t["code"], evil, token=t["token"])
    ctx = browser.new_context(**PHONE)
    ctx.add_cookies([{"name": f"seat_{t['code']}", "value": t["token"], "url": server.url}])
    page = ctx.new_page()
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(f"{server.url}/tables/{t['code']}")
    expect(page.locator(".seats")).to_contain_text(evil)
    assert page.locator(".seats img").count() == 0 and not dialogs


def test_undo_and_memo_from_the_page(browser, server, api):
    t = api.create("villainous", name="Ann")
    ctx = browser.new_context(**PHONE)
    ctx.add_cookies([{"name": f"seat_{t['code']}", "value": t["token"], "url": server.url}])
    page = ctx.new_page()
    page.goto(f"{server.url}/tables/{t['code']}")
    page.get_by_text("Dice", exact=True).click()  # Villainous has no dice: the host opens the tray
    page.get_by_role("button", name="D6", exact=True).click()
    expect(page.locator(".rolls li")).to_have_count(1)
    page.on("dialog", lambda d: d.accept())  # a shared roll: the host is asked once
    page.get_by_role("button", name="Undo: Ann's roll of d6").click()
    expect(page.locator(".rolls li").first).to_contain_text("taken back")
    page.get_by_label("Notes only you can see").fill("remember the pirate")
    page.get_by_role("button", name="Save notes").click()
    expect(page.locator("#flash")).to_be_empty()
    assert api.view(t["code"], t["token"])["memo"] == "remember the pirate"
    page.get_by_placeholder("other, e.g. 3d10").fill("2d100")
    page.get_by_role("button", name="Roll", exact=True).click()
    expect(page.locator(".rolls li").first).to_contain_text("2d100")


def test_a_phone_rides_through_a_server_restart_without_reloading(browser, tmp_path):
    """The server restarts on the same database: the page says it is reconnecting, comes back by
    itself, and shows what was acknowledged while it was away."""
    import os
    import signal

    from .helpers import Api
    from .test_live import free_port, start

    db, port = tmp_path / "restart.db", free_port()
    proc, base = start(db, port)
    try:
        api = Api(base)
        t = api.create("villainous", name="Ann")
        ctx = browser.new_context(**PHONE)
        ctx.add_cookies([{"name": f"seat_{t['code']}", "value": t["token"], "url": base}])
        page = ctx.new_page()
        page.goto(f"{base}/tables/{t['code']}")
        expect(page.locator("#conn")).to_have_text("Live")
        page.evaluate("window.__sameDocument = true")
        api.ok(t["code"], t["token"], type="roll", dice="d6", purpose="before-restart")
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait()
        expect(page.locator("#conn")).to_have_attribute("data-state", "reconnecting")
        proc, base = start(db, port)
        api.ok(t["code"], t["token"], type="roll", dice="d6", purpose="after-restart")
        expect(page.locator(".rolls")).to_contain_text("after-restart", timeout=15000)
        expect(page.locator(".rolls")).to_contain_text("before-restart")
        expect(page.locator("#conn")).to_have_text("Live")
        assert page.evaluate("window.__sameDocument") is True
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait()
