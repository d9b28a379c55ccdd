"""Every utterance handed to the voice stays referenced by the page until it ends, fails or is
cancelled (a browser may drop an unreferenced one, and its "end" with it); at most the 50 newest
are kept should an "end" never come (static/js/app.js). Chromium, the voice replaced by a recorder."""

import pytest

from .browser import PHONE

pytestmark = pytest.mark.browser

RECORDER = "SpeechSynthesis.prototype.speak = function (u) { (window.__said = window.__said || []).push(u.text); };"


def test_an_utterance_is_held_until_it_ends_or_fails_and_a_lost_end_holds_no_more_than_fifty(browser, server):
    ctx = browser.new_context(**PHONE)
    ctx.add_init_script(RECORDER)  # before app.js: app.js wraps it as it wraps the real voice
    page = ctx.new_page()
    page.goto(server.url + "/")
    held = page.evaluate("""() => {
      var out = [], u1 = new SpeechSynthesisUtterance('one'), u2 = new SpeechSynthesisUtterance('two');
      speechSynthesis.speak(u1); speechSynthesis.speak(u2); out.push(companion.utterancesHeld());
      u1.dispatchEvent(new Event('end')); out.push(companion.utterancesHeld());
      u2.dispatchEvent(new Event('error')); out.push(companion.utterancesHeld());
      for (var i = 0; i < 60; i++) speechSynthesis.speak(new SpeechSynthesisUtterance('lost ' + i));
      out.push(companion.utterancesHeld());
      speechSynthesis.cancel(); out.push(companion.utterancesHeld());
      return out;
    }""")
    assert held == [2, 1, 0, 50, 0]
    said = page.evaluate("window.__said")
    assert said[:2] == ["one", "two"] and len(said) == 62  # every one reached the voice
