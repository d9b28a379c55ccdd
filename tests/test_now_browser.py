"""Issue 21.1-2 in real Chromium at phone size, for every game: a phone that waits for the host's
approval says so and names the host; the host's count of waiting phones, with the taps that let
them in, is pinned to the top of the screen wherever the host is scrolled; news a phone hid stays
hidden on that phone."""

import pytest
from playwright.sync_api import expect

from .browser import PHONE, open_seat

pytestmark = pytest.mark.browser


def in_view(page, selector):
    return page.evaluate("""(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
        return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; }""", selector)


def join(browser, server, code, name):
    phone = browser.new_context(**PHONE).new_page()
    phone.goto(f"{server.url}/join/{code}")
    phone.get_by_label("Your name").fill(name)
    phone.get_by_role("button", name="Take a seat").click()
    expect(phone.locator("#conn")).to_have_text("Live")
    return phone


@pytest.mark.parametrize("game", ["villainous", "touch-of-evil", "clue", "gathering"])
def test_a_waiting_phone_says_whom_it_waits_for_and_the_host_lets_it_in_from_the_top_of_the_screen(browser, server, api, game):
    t = api.create(game, {}, name="Ana")
    host = open_seat(browser, server, t["code"], t["token"])
    host.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")  # the host reads the bottom of a long page
    top = "document.getElementById('r-seats').getBoundingClientRect().top"
    scrolled = host.evaluate(top)
    bob = join(browser, server, t["code"], "Bob")
    waiting = bob.locator("#r-now [data-prompt=waiting]")
    expect(waiting).to_contain_text("waiting for Ana, the host, to let you in")
    assert in_view(bob, "#r-now [data-prompt=waiting]")
    news = host.locator("#r-news [data-prompt]")
    expect(news).to_contain_text("1 phone waits to join: Bob.")
    assert abs(host.evaluate(top) - scrolled) <= 1  # the push did not move what the host reads
    assert in_view(host, "#r-news [data-prompt]")  # and yet the count is on screen
    join(browser, server, t["code"], "Cleo")
    expect(news).to_contain_text("2 phones wait to join: Bob and Cleo.")
    news.get_by_role("button", name="Let Bob in").click()
    expect(bob.locator("body")).to_have_class(f"role-player game-{game}")
    expect(bob.locator("#r-now [data-prompt=waiting]")).to_have_count(0)
    expect(news).to_contain_text("1 phone waits to join: Cleo.")
    assert abs(host.evaluate(top) - scrolled) <= 80  # the tap kept the host's view


def test_news_a_phone_hid_stays_hidden_there_until_it_changes(browser, server, api):
    t = api.create("villainous", {}, name="Ana")
    host = open_seat(browser, server, t["code"], t["token"])
    join(browser, server, t["code"], "Bob")
    news = host.locator("#r-news [data-prompt]")
    expect(news).to_contain_text("Bob")
    news.get_by_role("button", name="Hide").click()
    expect(news).to_be_hidden()
    host.reload()
    expect(host.locator("#conn")).to_have_text("Live")
    expect(news).to_be_hidden()  # hidden on this phone for good
    join(browser, server, t["code"], "Cleo")
    expect(host.locator("#r-news [data-prompt]")).to_contain_text("Bob and Cleo")  # new news: shown again
    expect(host.locator("#r-news [data-prompt]")).to_be_visible()
