"""Gathering of the Wicked in Chromium: a narration that survives a reload. The narrator's page
resumes the group of lines where it was: the silence, then the next line; never a line again."""

import pytest
from playwright.sync_api import expect

from ...browser import open_seat
from .test_browser import SILENCE, SPEECH_RECORDER, between, events, heard, texts
from .test_live import EIGHT, new_game

pytestmark = pytest.mark.browser


def to_the_silence_before_diablo(browser, server, api, recorder=SPEECH_RECORDER):
    """A dealt table whose narrator's page has read up to Maleficent's sleep (Gus spied on): the
    silence before Diablo's wake. Answers the table's code, the narrator's token and page."""
    code, host, tokens, display, mischief = new_game(api)
    api.ok(code, host, type="deal", characters=dict(EIGHT), mischief=list(mischief))
    # the tests act inside the silence: it keeps its length
    narrator = open_seat(browser, server, code, host, init_script=recorder + "window.__timeScale = 1;")
    night = narrator.locator("#r-news")
    night.get_by_role("button", name="Night falls").click()
    heard(narrator, "Point at the player whose loyalty you want to learn.")
    night.get_by_role("button", name="Gus", exact=True).click()
    heard(narrator, "Maleficent, sleep.")
    return code, host, narrator


def test_a_reload_in_the_silence_before_diablo_resumes_with_his_wake_line_and_nothing_again(browser, server, api):
    code, host, narrator = to_the_silence_before_diablo(browser, server, api)  # the page is reloaded in it
    narrator.reload()
    reveal = narrator.locator(".reveal")
    expect(reveal).to_have_count(1)
    expect(reveal).to_be_hidden()  # Diablo's card still waits for his wake line
    expect(reveal.locator("button")).to_be_disabled()
    assert texts(narrator) == []  # nothing before the narrator's first tap
    narrator.locator("#r-phase").dispatch_event("pointerdown")
    heard(narrator, "Diablo, wake and see what that player hides.")
    assert texts(narrator) == ["Diablo, wake and see what that player hides."]  # Maleficent's sleep not again
    assert events(narrator)[:2] == [*SILENCE, {"say": "Diablo, wake and see what that player hides."}]
    expect(reveal).to_be_visible()
    narrator.reload()  # a second reload while the card is up: it stays up, and nothing is read again
    expect(reveal).to_be_visible()
    expect(reveal.get_by_role("button", name="Close")).to_be_enabled()
    reveal.get_by_role("button", name="Close").click()
    heard(narrator, "Maleficent, wake again.")
    assert "Diablo, wake and see what that player hides." not in texts(narrator)
    narrator.locator("#r-news").get_by_role("button", name="Diablo has answered").click()
    heard(narrator, "Agree in silence and point at the one you want gone.")
    assert between(narrator, "Maleficent and Diablo, sleep.", "Team Mischief, wake up.") == SILENCE



def test_the_narrators_page_swapped_in_again_in_the_silence_neither_repeats_nor_skips_a_line(browser, server, api):
    """What a socket that comes back does to the page (its regions swapped in again, the same
    group of lines on them), done here by a change that re-renders the narrator's night: the
    narration goes on where it was."""
    code, host, narrator = to_the_silence_before_diablo(browser, server, api)
    narrator.evaluate("document.getElementById('speech').__before = true")
    api.ok(code, host, type="script", key="spy_diablo", lines=["Diablo, open your eyes."])  # for later nights
    narrator.wait_for_function("() => !document.getElementById('speech').__before")  # swapped in anew, in the silence
    heard(narrator, "Diablo, wake and see what that player hides.")  # tonight's group, as it was read
    expect(narrator.locator(".reveal")).to_be_visible()
    spoken = texts(narrator)
    assert spoken.count("Maleficent, sleep.") == 1 and spoken.count("Diablo, wake and see what that player hides.") == 1
    assert between(narrator, "Maleficent, sleep.", "Diablo, wake and see what that player hides.") == SILENCE


# the recorder, with a voice that never says it has finished (iOS can lose an utterance's end),
# and a short budget for each utterance so that the test does not wait for a real one
STUCK_VOICE = SPEECH_RECORDER.replace("get speaking() { return performance.now() < busyUntil; }",
                                      "get speaking() { return true; }") \
    + "\nwindow.companionSpeechBudget = {base: 200, perChar: 0};"


def test_a_voice_whose_end_is_lost_is_not_waited_for_past_its_budget(browser, server, api):
    assert "get speaking() { return true; }" in STUCK_VOICE
    code, host, narrator = to_the_silence_before_diablo(browser, server, api, STUCK_VOICE)
    # the voice still says it is speaking; past its budget the narration goes on: the silence, then Diablo
    heard(narrator, "Diablo, wake and see what that player hides.")
    expect(narrator.locator(".reveal")).to_be_visible()


def test_long_lines_reach_the_voice_in_sentences_below_fifteen_seconds(browser, server, api):
    code, host, tokens, display, mischief = new_game(api)
    long = ("Listen well, all of you, for the night is long and the candles are low, and every one of you "
            "has a secret to keep, a friend to doubt, a door to lock, a name to whisper, a vote to weigh, "
            "and a story to tell when the sun comes up again over the roofs of the old town.")
    api.ok(code, host, type="script", key="nightfall", lines=[long + " Close your eyes."])
    api.ok(code, host, type="deal", characters=dict(EIGHT), mischief=list(mischief))
    narrator = open_seat(browser, server, code, host, init_script=SPEECH_RECORDER)
    narrator.locator("#r-news").get_by_role("button", name="Night falls").click()
    heard(narrator, "Close your eyes.")
    said = texts(narrator)
    pieces = said[:said.index("Close your eyes.")]
    assert " ".join(pieces) == long and all(len(p) <= 180 for p in pieces) and len(pieces) >= 2
