"""Issue 11.7 and 10.5 in real Chromium: the host adds a player and shows the personal QR code; the
player's phone opens the link and has its seat (app.js posts the part after '#'); a second phone
with the same link is told to ask the host; the host removes the seat and that phone says so."""

import os
import signal
from types import SimpleNamespace

import pytest
from playwright.sync_api import expect

from .browser import PHONE, open_seat
from .helpers import Api
from .test_live import free_port, start

pytestmark = pytest.mark.browser


@pytest.fixture
def production(tmp_path):
    """`companion serve` itself: how it closes a socket (1008) is what a phone sees."""
    proc, base = start(tmp_path / "seats.db", free_port())
    yield SimpleNamespace(url=base)
    os.killpg(proc.pid, signal.SIGTERM)
    proc.wait()


def test_a_personal_link_seats_one_phone_and_removing_the_seat_closes_it(browser, production):
    server, api = production, Api(production.url)
    t = api.create("villainous", name="Host")
    host = open_seat(browser, server, t["code"], t["token"])
    host.get_by_label("Add a player and show them a personal QR code").fill("Ann")
    host.get_by_role("button", name="Add the seat").click()
    link = host.locator(".qr-card a").get_attribute("href")
    assert f"/tables/{t['code']}/claim#t=" in link
    phone = browser.new_context(**PHONE).new_page()
    phone.goto(link)
    phone.wait_for_url(f"**/tables/{t['code']}")
    expect(phone.locator("#conn")).to_have_text("Live")
    expect(phone.locator("#r-header")).to_contain_text("Ann")
    other = browser.new_context(**PHONE).new_page()
    other.goto(link)
    expect(other.get_by_role("alert")).to_contain_text("Ask the host for a new one")
    host.locator(".qr-card").get_by_role("button", name="Close").click()
    host.once("dialog", lambda d: d.accept())
    host.get_by_role("button", name="Remove Ann").click()
    expect(phone.locator("#conn")).to_contain_text("no longer works")
    expect(host.get_by_role("button", name="Remove Ann")).to_have_count(0)


def test_a_phone_waiting_for_approval_becomes_a_players_page_without_a_reload(browser, server, api):
    t = api.create("clue", {}, name="Host")
    phone = browser.new_context(**PHONE).new_page()
    errors = []
    phone.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    phone.goto(f"{server.url}/join/{t['code']}")
    phone.get_by_label("Your name").fill("Bob")
    phone.get_by_role("button", name="Take a seat").click()
    expect(phone.locator("#conn")).to_have_text("Live")
    assert "role-player" not in phone.evaluate("document.body.className")  # waiting: the public page
    expect(phone.locator(".table-head .who")).to_contain_text("waiting for the host's approval")  # and says so
    expect(phone.locator(".table-head .who")).to_be_visible()
    expect(phone.locator("#r-memo")).to_have_count(0)
    bob = next(s["seat"] for s in api.view(t["code"], t["token"])["seats"] if s["name"] == "Bob")
    assert api.request("POST", f"/api/tables/{t['code']}/seats/{bob}/approve", {}, token=t["token"]).status == 200
    expect(phone.locator("body")).to_have_class("role-player game-clue")  # the page took on its new role
    expect(phone.locator("#r-memo")).to_have_count(1)  # and the regions only a seated player has
    expect(phone.locator("#r-seats")).to_have_count(1)
    api.ok(t["code"], t["token"], type="setup", players=["Ann", "Bob", "Cat"])
    expect(phone.locator("#r-notes")).to_contain_text("Bob")  # it keeps up with the game from then on
    assert not errors, errors
