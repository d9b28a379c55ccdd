"""Helpers for browser tests: open a seat's page as a phone or the display."""

from playwright.sync_api import expect

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
TABLET = {"viewport": {"width": 1024, "height": 768}}


def open_seat(browser, server, code, token, tablet=False, errors=None, init_script=None, locale=None):
    """A seat's page on its own phone (or the display's tablet), live; `locale` ("fr-FR") is the
    language its browser asks for (Accept-Language), and the page is then checked to be in it."""
    ctx = browser.new_context(**(TABLET if tablet else PHONE), **({"locale": locale} if locale else {}))
    ctx.add_cookies([{"name": f"seat_{code}", "value": token, "url": server.url}])
    if init_script:
        ctx.add_init_script(init_script)
    page = ctx.new_page()
    if errors is not None:
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/tables/{code}")
    if locale and not locale.startswith("en"):
        expect(page.locator("html")).to_have_attribute("lang", locale.split("-")[0])
        expect(page.locator("#conn")).to_have_attribute("data-state", "live")
    else:
        expect(page.locator("#conn")).to_have_text("Live")
    return page
