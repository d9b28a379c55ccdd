"""The debate timer's end on a phone nobody has tapped yet: the clock says so, and the page asks
for no sound or vibration the browser would refuse (and complain about in the console)."""

import pytest
from playwright.sync_api import expect

from ...browser import open_seat
from .test_live import first_night, new_game

pytestmark = pytest.mark.browser

UNTAPPED = """(() => {
  window.__asked = [];
  Object.defineProperty(navigator, 'userActivation', {value: {hasBeenActive: false, isActive: false}});
  navigator.vibrate = pattern => { window.__asked.push('vibrate'); return false; };
  window.AudioContext = function () { window.__asked.push('audio'); throw new Error('not allowed yet'); };
})();"""


def test_the_debate_ends_on_an_untapped_phone_without_asking_for_sound_or_vibration(browser, server, api):
    code, host, tokens, display, mischief = new_game(api)
    first_night(api, code, host, mischief, save=False, call=False)
    errors = []
    phone = open_seat(browser, server, code, tokens["Ann"], errors=errors, init_script=UNTAPPED)
    api.ok(code, host, type="timer_start", seconds=1)
    expect(phone.locator("[data-timer]").first).to_have_text("Time!")
    assert phone.evaluate("window.__asked") == []
    assert errors == [], errors


def test_the_debate_ends_with_a_sound_and_a_vibration_on_a_phone_that_was_tapped(browser, server, api):
    code, host, tokens, display, mischief = new_game(api)
    first_night(api, code, host, mischief, save=False, call=False)
    phone = open_seat(browser, server, code, tokens["Ann"], init_script=UNTAPPED.replace("hasBeenActive: false",
                                                                                        "hasBeenActive: true"))
    api.ok(code, host, type="timer_start", seconds=1)
    expect(phone.locator("[data-timer]").first).to_have_text("Time!")
    assert phone.evaluate("window.__asked") == ["audio", "vibrate"]
    phone.wait_for_timeout(1500)  # the next ticks of the clock
    expect(phone.locator("[data-timer]").first).to_have_text("Time!")  # it stays said, not back to 0:00
    assert phone.evaluate("window.__asked") == ["audio", "vibrate"]  # and rings once
