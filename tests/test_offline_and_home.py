"""Honest when the server is away: the offline page comes back by itself to the page it stood
in for; the home page lists the tables this phone holds a seat at (Chromium)."""

import pytest
from playwright.sync_api import expect

from .browser import PHONE, open_seat
from .helpers import request

pytestmark = pytest.mark.browser


def test_the_offline_page_retries_by_itself_and_returns_to_the_table(browser, server, api):
    t = api.create("villainous", name="Ann")
    offline_html = request(server.url, "GET", "/offline").text
    ctx = browser.new_context(**PHONE)
    ctx.add_cookies([{"name": f"seat_{t['code']}", "value": t["token"], "url": server.url}])
    page = ctx.new_page()
    served = {"offline": 0, "health": 0}

    def table(route):  # what the service worker does when the network fails: the offline page in place
        if served["offline"] == 0:
            served["offline"] += 1
            route.fulfill(status=200, content_type="text/html", body=offline_html)
        else:
            route.continue_()

    def health(route):  # the server is still away for the first try
        served["health"] += 1
        route.abort() if served["health"] == 1 else route.continue_()

    page.route(f"**/tables/{t['code']}", table)
    page.route("**/healthz", health)
    page.goto(f"{server.url}/tables/{t['code']}")
    expect(page.get_by_role("heading", name="No connection")).to_be_visible()
    expect(page.locator("#conn")).to_have_text("Live", timeout=15_000)  # back at the table, by itself
    assert page.url.endswith(f"/tables/{t['code']}") and served["health"] >= 2


def test_the_home_page_lists_the_tables_this_phone_holds(browser, server, api):
    t = api.create("clue", name="Ann")
    page = open_seat(browser, server, t["code"], t["token"])
    page.goto(server.url + "/")
    mine = page.get_by_role("region", name="Your tables")
    expect(mine).to_contain_text(f"Clue: Disney Villains · Ann (host) · {t['code']}")
    mine.get_by_role("link").first.click()
    expect(page.locator("#conn")).to_have_text("Live")
