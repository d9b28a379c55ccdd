"""Issue 25.1's remaining checks in WebKit (Safari's engine), where buttons take no focus when
tapped: a tap far down the page keeps the view, the narrator's night taps keep it too, the
narrator's silences are asked of the clock as in Chromium (the speech recorder), and a voice whose
end is lost is not waited for past its budget. Engine and helpers: tests/webkit.py."""

import pytest
from selenium.webdriver.common.by import By

from .games.gathering.test_browser import SILENCE, SPEECH_RECORDER
from .games.gathering.test_browser_voice import STUCK_VOICE
from .games.gathering.test_live import EIGHT, new_game
from .test_page_stays_still import STILL, villainous_table
from .webkit import button, open_seat, wait, wait_text

pytestmark = pytest.mark.webkit


def settle(driver):
    driver.execute_script("return new Promise(function (r) { setTimeout(r, 400); })")  # the push and its swap


def top_of(driver, element):
    return driver.execute_script("return arguments[0].getBoundingClientRect().top", element)


def spoken(driver):
    return driver.execute_script("return window.__spoken || []")


def heard(driver, sentence):
    wait(driver, lambda d: sentence in spoken(d), f"never heard {sentence!r}; heard {spoken(driver)}")


def test_in_webkit_a_tap_far_down_keeps_the_view(webkit, server, api):
    code, host, _ = villainous_table(api)
    open_seat(webkit, server.url, code, host)
    plus = webkit.execute_script("var a = document.querySelectorAll('article.villain'); var b = Array.from(a[a.length - 1]"
                                 ".querySelectorAll('button')).filter(function (x) { return x.textContent.trim() === '+2'; })[0];"
                                 "b.scrollIntoView({block: 'center'}); return b;")
    assert webkit.execute_script("return window.scrollY") > 600  # far down the page
    before = top_of(webkit, plus)
    plus.click()  # Dan, fourth in turn order, starts with 2
    last = "var a = document.querySelectorAll('article.villain'); return a[a.length - 1].textContent"
    wait(webkit, lambda d: "4 Power" in d.execute_script(last), "Dan's 4 Power never came")
    settle(webkit)
    again = webkit.execute_script("var a = document.querySelectorAll('article.villain'); return Array.from(a[a.length - 1]"
                                  ".querySelectorAll('button')).filter(function (x) { return x.textContent.trim() === '+2'; })[0];")
    assert abs(top_of(webkit, again) - before) <= STILL, (before, top_of(webkit, again))


def night_page(webkit, server, api, recorder=SPEECH_RECORDER):
    code, host, tokens, display, mischief = new_game(api)
    api.ok(code, host, type="deal", characters=dict(EIGHT), mischief=list(mischief))
    open_seat(webkit, server.url, code, host)
    webkit.execute_script(recorder)  # before the first tap, which is what lets the voice speak
    return code, host


def tap_in_night(webkit, name):
    def tapped(d):
        b = next((x for x in d.find_elements(By.CSS_SELECTOR, "#r-news button")
                  if x.is_displayed() and x.is_enabled() and x.text.strip() == name), None)
        if b is None:
            return None
        d.execute_script("arguments[0].scrollIntoView({block: 'center'}); window.scrollBy(0, 120)", b)
        return b
    b = wait(webkit, tapped, f"no enabled {name!r} in the night")
    before = top_of(webkit, webkit.find_element(By.CSS_SELECTOR, "#narrator"))  # the night's block, once scrolled to
    b.click()
    return before


def test_in_webkit_the_narrators_night_keeps_the_view_and_asks_the_clock_for_the_same_silences(webkit, server, api):
    night_page(webkit, server, api)
    b = button(webkit, "Night falls")
    webkit.execute_script("arguments[0].scrollIntoView({block: 'center'})", b)
    b.click()
    heard(webkit, "Point at the player whose loyalty you want to learn.")
    before = tap_in_night(webkit, "Gus")  # the spied player: the step's buttons go, the night's block stays
    heard(webkit, "Maleficent, sleep.")
    settle(webkit)
    assert abs(top_of(webkit, webkit.find_element(By.CSS_SELECTOR, "#narrator")) - before) <= STILL
    heard(webkit, "Diablo, wake and see what that player hides.")
    events = webkit.execute_script("return window.__events")
    said = [e.get("say") for e in events]
    start, end = said.index("Maleficent, sleep."), said.index("Diablo, wake and see what that player hides.")
    assert events[start + 1:end] == SILENCE  # the same silence Chromium's recorder hears


def test_in_webkit_a_voice_whose_end_is_lost_is_not_waited_for_past_its_budget(webkit, server, api):
    night_page(webkit, server, api, STUCK_VOICE)
    b = button(webkit, "Night falls")
    webkit.execute_script("arguments[0].scrollIntoView({block: 'center'})", b)
    b.click()  # the voice never says it has finished: past each line's budget, the narration goes on
    heard(webkit, "Point at the player whose loyalty you want to learn.")
    tap_in_night(webkit, "Gus")
    heard(webkit, "Diablo, wake and see what that player hides.")
    wait_text(webkit, ".reveal", "Diablo")
