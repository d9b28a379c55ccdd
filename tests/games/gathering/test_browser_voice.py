"""Gathering of the Wicked in Chromium: a narration that survives a reload. The narrator's page
resumes the group of lines where it was: the silence, then the next line; never a line again."""

import pytest
from playwright.sync_api import expect

from ...browser import open_seat
from .test_browser import SILENCE, SPEECH_RECORDER, between, events, heard, texts
from .test_live import EIGHT, new_game

pytestmark = pytest.mark.browser


def test_a_reload_in_the_silence_before_diablo_resumes_with_his_wake_line_and_nothing_again(browser, server, api):
    code, host, tokens, display, mischief = new_game(api)
    api.ok(code, host, type="deal", characters=dict(EIGHT), mischief=list(mischief))
    narrator = open_seat(browser, server, code, host, init_script=SPEECH_RECORDER)
    night = narrator.locator("#narrator")
    night.get_by_role("button", name="Night falls").click()
    heard(narrator, "Point at the player whose loyalty you want to learn.")
    night.get_by_role("button", name="Gus", exact=True).click()
    heard(narrator, "Maleficent, sleep.")  # then the silence before Diablo: the page is reloaded in it
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
    narrator.locator("#narrator").get_by_role("button", name="Diablo has answered").click()
    heard(narrator, "Agree in silence and point at the one you want gone.")
    assert between(narrator, "Maleficent and Diablo, sleep.", "Team Mischief, wake up.") == SILENCE



def test_the_narrators_page_swapped_in_again_in_the_silence_neither_repeats_nor_skips_a_line(browser, server, api):
    """What a socket that comes back does to the page (its regions swapped in again, the same
    group of lines on them), done here by a change that re-renders the narrator's night: the
    narration goes on where it was."""
    code, host, tokens, display, mischief = new_game(api)
    api.ok(code, host, type="deal", characters=dict(EIGHT), mischief=list(mischief))
    narrator = open_seat(browser, server, code, host, init_script=SPEECH_RECORDER)
    night = narrator.locator("#narrator")
    night.get_by_role("button", name="Night falls").click()
    heard(narrator, "Point at the player whose loyalty you want to learn.")
    night.get_by_role("button", name="Gus", exact=True).click()
    heard(narrator, "Maleficent, sleep.")
    narrator.evaluate("document.getElementById('speech').__before = true")
    api.ok(code, host, type="script", key="spy_diablo", lines=["Diablo, open your eyes."])  # for later nights
    narrator.wait_for_function("!document.getElementById('speech').__before")  # swapped in anew, in the silence
    heard(narrator, "Diablo, wake and see what that player hides.")  # tonight's group, as it was read
    expect(narrator.locator(".reveal")).to_be_visible()
    spoken = texts(narrator)
    assert spoken.count("Maleficent, sleep.") == 1 and spoken.count("Diablo, wake and see what that player hides.") == 1
    assert between(narrator, "Maleficent, sleep.", "Diablo, wake and see what that player hides.") == SILENCE
