"""Installing the app: a button where the browser offers installation (beforeinstallprompt, as
Chromium does); on iOS, which has no such prompt, one line with the way (Share, then Add to Home
Screen). Chromium through Playwright, WebKit (as an iPhone's Safari says it is) through Selenium."""

import pytest
from playwright.sync_api import expect

from .browser import PHONE

IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 "
          "(KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1")
OFFER = """window.__prompted = 0;
var e = new Event('beforeinstallprompt', { cancelable: true });
e.prompt = function () { window.__prompted++; return Promise.resolve(); };
window.dispatchEvent(e);"""


@pytest.mark.browser
def test_where_the_browser_offers_installing_the_page_shows_a_button_that_asks_it(browser, server):
    page = browser.new_context(**PHONE).new_page()
    page.goto(server.url + "/")
    expect(page.locator("#install")).to_be_hidden()
    expect(page.locator("#install-ios")).to_be_hidden()
    page.evaluate(OFFER)
    page.get_by_role("button", name="Install the app on this phone").click()
    assert page.evaluate("window.__prompted") == 1
    expect(page.locator("#install")).to_be_hidden()


@pytest.fixture
def iphone(webkit_engine):
    driver = webkit_engine.phone(user_agent=IPHONE)
    yield driver
    webkit_engine.close(driver)


@pytest.mark.webkit
def test_on_ios_one_line_says_how_to_add_the_app_to_the_home_screen(iphone, server):
    from .webkit import text, wait

    iphone.get(server.url + "/")
    shown = "var e = document.getElementById(arguments[0]); return !!e && !e.hidden && e.getClientRects().length > 0"
    wait(iphone, lambda d: d.execute_script(shown, "install-ios"), "no install words on an iPhone")
    assert "Share, then Add to Home Screen" in text(iphone, "#install-ios")
    assert not iphone.execute_script(shown, "install-button")


@pytest.mark.webkit
def test_webkit_that_is_not_ios_shows_no_install_words(webkit, server):
    webkit.get(server.url + "/")
    webkit.find_element("id", "join-code")  # the page is there
    assert webkit.execute_script("return document.getElementById('install').hidden") is True
