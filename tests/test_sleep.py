"""A phone that slept: its socket is dead without a close (iOS freezes it), so the page must prove it
alive when it shows again, or drop it and reconnect, and catch up without a reload and without
losing what was typed. A small TCP proxy between the browser and the server stands for the
sleeping phone's network: it silently stops forwarding on the sockets open at the freeze, while new
connections pass. Tested in Chromium and in WebKit."""

import socket
import threading

import pytest
from playwright.sync_api import expect

from .browser import PHONE


class Proxy:
    """Forwards TCP to the server; `freeze()` makes the WebSockets open now swallow every byte."""

    def __init__(self, port):
        self.target = port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.links, self.lock, self.closed = [], threading.Lock(), False
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        while not self.closed:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            upstream = socket.create_connection(("127.0.0.1", self.target))
            link = {"frozen": False, "socket": False, "ends": (client, upstream)}
            with self.lock:
                self.links.append(link)
            threading.Thread(target=self.pump, args=(client, upstream, link, True), daemon=True).start()
            threading.Thread(target=self.pump, args=(upstream, client, link, False), daemon=True).start()

    def pump(self, src, dst, link, from_browser):
        try:
            while True:
                data = src.recv(65536)
                if not data:
                    break
                if from_browser and b"upgrade: websocket" in data.lower():
                    link["socket"] = True
                if link["frozen"]:
                    continue  # a sleeping phone's socket: nothing arrives either way, and nobody is told
                dst.sendall(data)
        except OSError:
            pass
        finally:
            if not link["frozen"]:
                for end in link["ends"]:
                    try:
                        end.shutdown(socket.SHUT_RDWR)
                    except OSError:
                        pass

    def sockets(self):
        with self.lock:
            return [link for link in self.links if link["socket"]]

    def freeze(self):
        for link in self.sockets():
            link["frozen"] = True

    def stop(self):
        self.closed = True
        self.listener.close()
        with self.lock:
            for link in self.links:
                for end in link["ends"]:
                    end.close()


@pytest.fixture
def proxy(server):
    p = Proxy(server.port)
    yield p
    p.stop()


def bobs_phone(browser, proxy, api):
    """A Villainous table and Bob's phone on it, live through the proxy."""
    t = api.create("villainous", name="Ann")
    bob = api.join(t["code"], "Bob", token=t["token"])
    ctx = browser.new_context(**PHONE)
    ctx.add_cookies([{"name": f"seat_{t['code']}", "value": bob["token"], "url": proxy.url}])
    page = ctx.new_page()
    page.goto(f"{proxy.url}/tables/{t['code']}")
    expect(page.locator("#conn")).to_have_text("Live")
    return t, page


WAKE = "window.companionLiveDeadline = 1500; window.__sameDocument = true; document.dispatchEvent(new Event('visibilitychange'));"


@pytest.mark.browser
def test_a_page_whose_socket_died_asleep_reconnects_and_catches_up_when_shown_again(browser, proxy, api):
    t, page = bobs_phone(browser, proxy, api)
    page.locator("#memo-text").fill("half a thought")  # typed, not saved
    proxy.freeze()
    api.ok(t["code"], t["token"], type="roll", dice="d6", purpose="while asleep")
    assert page.locator(".rolls").count() == 0  # the frozen socket carried nothing
    assert page.locator("#conn").inner_text() == "Live"  # and the page cannot tell by itself
    page.evaluate(WAKE)
    expect(page.locator(".rolls li").first).to_contain_text("while asleep")
    expect(page.locator("#conn")).to_have_text("Live")
    assert page.evaluate("window.__sameDocument") is True  # no reload
    expect(page.locator("#memo-text")).to_have_value("half a thought")
    assert len(proxy.sockets()) == 2  # a new socket replaced the dead one


@pytest.mark.browser
def test_a_live_socket_answers_the_check_and_is_kept(browser, proxy, api):
    t, page = bobs_phone(browser, proxy, api)
    page.evaluate("window.__synced = 0; document.addEventListener('htmx:wsAfterMessage', function () { window.__synced++; });")
    page.evaluate(WAKE)
    page.wait_for_function("() => window.__synced > 0")  # the sync was answered on the same socket
    api.ok(t["code"], t["token"], type="roll", dice="d6", purpose="awake")
    expect(page.locator(".rolls li").first).to_contain_text("awake")
    assert len(proxy.sockets()) == 1


@pytest.mark.webkit
def test_in_webkit_a_socket_dead_after_sleep_is_replaced_and_the_page_catches_up(webkit, proxy, api):
    from selenium.webdriver.common.by import By

    from .webkit import open_seat, text, wait, wait_text

    t = api.create("villainous", name="Ann")
    bob = api.join(t["code"], "Bob", token=t["token"])
    open_seat(webkit, proxy.url, t["code"], bob["token"])
    webkit.find_element(By.ID, "memo-text").send_keys("half a thought")
    proxy.freeze()
    api.ok(t["code"], t["token"], type="roll", dice="d6", purpose="while asleep")
    assert "while asleep" not in text(webkit, "#live")
    webkit.execute_script(WAKE)
    wait_text(webkit, ".rolls li", "while asleep")
    wait_text(webkit, "#conn", "Live")
    assert webkit.execute_script("return window.__sameDocument") is True
    typed = "return document.getElementById('memo-text').value"
    wait(webkit, lambda d: d.execute_script(typed) == "half a thought", "the typed note was lost")
    assert len(proxy.sockets()) == 2


@pytest.mark.browser
def test_what_is_typed_or_ticked_and_not_sent_outlives_a_push_of_the_whole_page(browser, server, api):
    from .browser import open_seat

    t = api.create("clue", {"players": ["Ann", "Bob", "Cat"], "movers": {"Ann": "Evil Queen"}}, name="Host")
    ann = api.join(t["code"], "Ann", token=t["token"])["token"]
    page = open_seat(browser, server, t["code"], ann)
    page.locator("#memo-text").fill("Bob looked twice at the Lair")
    for card in ("Ursula", "Talisman"):
        page.locator("#notes").get_by_label(card, exact=True).check()
    page.evaluate("window.__pushed = 0; document.addEventListener('htmx:wsAfterMessage', function () { window.__pushed++; });"
                  "window.dispatchEvent(new Event('online'))")  # asks for the whole page again
    page.wait_for_function("() => window.__pushed > 0")
    expect(page.locator("#memo-text")).to_have_value("Bob looked twice at the Lair")
    expect(page.locator("#notes").get_by_label("Ursula", exact=True)).to_be_checked()
    expect(page.locator("#notes").get_by_label("Talisman", exact=True)).to_be_checked()
    expect(page.locator("#notes").get_by_label("Potion", exact=True)).not_to_be_checked()


@pytest.mark.webkit
def test_in_webkit_what_is_typed_or_ticked_outlives_a_push_of_the_whole_page(webkit, server, api):
    from selenium.webdriver.common.by import By

    from .webkit import open_seat, wait

    t = api.create("clue", {"players": ["Ann", "Bob", "Cat"], "movers": {"Ann": "Evil Queen"}}, name="Host")
    ann = api.join(t["code"], "Ann", token=t["token"])["token"]
    open_seat(webkit, server.url, t["code"], ann)
    webkit.find_element(By.ID, "memo-text").send_keys("Bob looked twice at the Lair")
    for card in ("Ursula", "Talisman"):
        webkit.execute_script("var card = arguments[0]; Array.from(document.querySelectorAll('#notes label')).filter(function (l) {"
                              " return l.textContent.trim() === card; })[0].querySelector('input').click()", card)
    webkit.execute_script("window.__pushed = 0; document.addEventListener('htmx:wsAfterMessage', function () { window.__pushed++; });"
                          "window.dispatchEvent(new Event('online'))")
    wait(webkit, lambda d: d.execute_script("return window.__pushed") > 0, "the whole page never came again")
    assert webkit.execute_script("return document.getElementById('memo-text').value") == "Bob looked twice at the Lair"
    ticked = webkit.execute_script("return Array.from(document.querySelectorAll('#notes input:checked')).map(function (i) {"
                                   " return i.parentNode.textContent.trim(); })")
    assert ticked == ["Ursula", "Talisman"]
