"""Every game's core path in WebKit (Safari's engine, the engine of every iPhone browser): two WebKit
phones create, join and approve; a tap; a push from another phone (the API) reaching the page; a
refusal shown; an undo. Engine and helpers: tests/webkit.py."""

import pytest
from selenium.webdriver.common.by import By

from .webkit import tap, text, wait, wait_text

pytestmark = pytest.mark.webkit

GAMES = {"villainous": "Villainous: The Worst Takes It All", "gathering": "Gathering of the Wicked",
         "clue": "Clue: Disney Villains", "touch-of-evil": "A Touch of Evil: Something Wicked"}


def errors(driver):
    return driver.execute_script("return window.__errors || []")


def catch_errors(driver):
    driver.execute_script("window.__errors = []; window.addEventListener('error', function (e) { window.__errors.push(String(e.message)); });")


@pytest.fixture
def second(webkit_engine):
    driver = webkit_engine.borrow()
    yield driver
    webkit_engine.give_back(driver)


@pytest.mark.parametrize("game", list(GAMES))
def test_core_path_in_webkit(game, webkit, second, server, api):
    host = webkit
    # create: the host's phone picks the game on the start page
    host.get(server.url + "/")
    host.find_element(By.XPATH, f"//label[contains(normalize-space(), '{GAMES[game]}')]/input").click()
    host.find_element(By.ID, "host-name").send_keys("Ann")
    tap(host, "Create the table")
    wait(host, lambda d: "/tables/" in d.current_url, "no table page after creating")
    wait_text(host, "#conn", "Live")
    code = host.current_url.rstrip("/").rsplit("/", 1)[-1]
    catch_errors(host)
    # join: a second WebKit phone types the code and takes a seat; the host sees it live and approves
    bob = second
    bob.get(server.url + "/")
    bob.find_element(By.ID, "join-code").send_keys(code.lower())
    tap(bob, "Join")
    wait(bob, lambda d: d.find_elements(By.ID, "join-name"), "no name field on the join page")
    bob.find_element(By.ID, "join-name").send_keys("Bob")
    tap(bob, "Take a seat")
    wait(bob, lambda d: d.current_url.endswith(f"/tables/{code}"), "Bob's phone did not reach the table")
    wait_text(bob, "#conn", "Live")
    tap(host, "Approve Bob")
    wait(bob, lambda d: "Approve" not in text(d, "#live") and "waiting" not in text(d, "#live").lower(),
         "Bob's phone still waits after the approval")
    # a tap: the host rolls from the dice tray; the roll shows on both WebKit phones
    if not host.execute_script("return document.querySelector('details.dice').open"):
        host.find_element(By.CSS_SELECTOR, "details.dice summary").click()
    tap(host, "D6")
    wait_text(host, ".rolls li", "· Ann")
    wait_text(bob, ".rolls li", "· Ann")
    # a push from another phone (the API, as Bob) reaches the WebKit pages
    bob_token = next(c["value"] for c in bob.get_cookies() if c["name"] == f"seat_{code}")
    api.ok(code, bob_token, type="roll", dice="2d6", purpose="from another phone")
    wait_text(host, ".rolls li", "from another phone")
    # a refusal is shown, as a sentence, and changes nothing
    field = host.find_element(By.CSS_SELECTOR, "details.dice input[name=dice]")
    field.send_keys("21d6")
    field.submit()
    wait(host, lambda d: text(d, "#flash").strip(), "no refusal shown")
    assert "from another phone" in text(host, ".rolls li")
    # undo: the host takes back Bob's roll (asked once: another seat's action)
    tap(host, "Undo:", exact=False)
    wait(host, lambda d: _alert(d), "the host was not asked before taking back another seat's roll")
    host.switch_to.alert.accept()
    wait_text(bob, ".rolls li", "taken back")
    wait_text(host, ".rolls li", "taken back")
    assert errors(host) == []


def _alert(driver):
    try:
        return driver.switch_to.alert is not None
    except Exception:
        return False


def test_in_webkit_a_push_from_another_phone_above_the_view_does_not_move_it(webkit, server, api):
    from .test_page_stays_still import STILL, villainous_table
    from .webkit import open_seat

    code, host, tokens = villainous_table(api)
    open_seat(webkit, server.url, code, tokens["Dan"])
    webkit.execute_script("var a = document.querySelectorAll('article.villain'); a[a.length - 1].scrollIntoView(); window.scrollBy(0, 200)")
    before = webkit.execute_script("return window.scrollY")
    assert before > 300
    for delta in (3, 3, 3):  # the standings and Ann's card, above the view, change
        api.ok(code, host, type="power", player="Ann", delta=delta)
    ann = "return Array.from(document.querySelectorAll('article.villain')).filter(function (a) { return a.textContent.indexOf('Ann ·') >= 0; })[0].textContent"
    wait(webkit, lambda d: "9 Power" in d.execute_script(ann), "Ann's 9 Power never came")
    webkit.execute_script("return new Promise(function (r) { setTimeout(r, 400); })")  # the swap settles, as in Chromium's test
    after = webkit.execute_script("return window.scrollY")
    assert abs(after - before) <= STILL, (before, after)


def test_in_webkit_a_refusal_shows_inside_the_viewport(webkit, server, api):
    from .test_page_stays_still import villainous_table
    from .webkit import PHONE, open_seat

    code, host, _ = villainous_table(api, 2)
    open_seat(webkit, server.url, code, host)
    minus = webkit.execute_script("var a = document.querySelectorAll('article.villain'); var b = Array.from(a[a.length - 1]"
                                  ".querySelectorAll('button')).filter(function (x) { return x.textContent.trim() === '-3'; })[0];"
                                  "b.scrollIntoView({block: 'center'}); return b;")
    minus.click()  # Bob has 1 Power
    wait_text(webkit, "#flash .flash.error", "Power never goes below 0")
    box = webkit.execute_script("var r = document.querySelector('#flash .flash.error').getBoundingClientRect(); return [r.top, r.bottom]")
    assert 0 <= box[0] and box[1] <= PHONE[1], box
