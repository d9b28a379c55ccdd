"""Gathering of the Wicked in Chromium: the night read in beats, the same silence before every
wake, decoys alike (split from test_browser.py so the suite's workers share the long plays)."""

import re

import pytest
from playwright.sync_api import expect

from ...browser import open_seat
from .test_browser import SILENCE, SPEECH_RECORDER, between, events, heard, pinned, texts
from .test_live import EIGHT, new_game

pytestmark = pytest.mark.browser


def test_the_night_is_read_in_beats_with_the_same_silence_before_every_wake_and_decoys_alike(browser, server, api):
    """Nothing of a step after its wake line is read before the narrator's tap; one character's
    sleep and the next one's wake are 3 s of silence apart (the default); a decoy Hades step has
    the same beats, lines and silences as a real one (what the script asks the clock for, not a
    measured time)."""
    code, host, tokens, display, mischief = new_game(api)
    api.ok(code, host, type="deal", characters=dict(EIGHT), mischief=list(mischief))
    narrator = open_seat(browser, server, code, host, init_script=SPEECH_RECORDER)
    night = pinned(narrator)
    assert texts(narrator) == []
    night.get_by_role("button", name="Night falls").click()
    heard(narrator, "Point at the player whose loyalty you want to learn.")
    # the voice finished the nightfall, then 3 s of silence
    assert between(narrator, "Everyone in the Gathering, close your eyes and sleep.", "Maleficent, wake up.") == SILENCE
    narrator.wait_for_timeout(1000)  # a second later: nothing more of Maleficent's step before the tap
    assert "Maleficent, sleep." not in texts(narrator)
    expect(narrator.locator(".reveal")).to_have_count(0)
    narrator.evaluate("window.__holdSilences = true")  # the test looks at the page inside the next silence
    night.get_by_role("button", name="Gus", exact=True).click()
    reveal = narrator.locator(".reveal")
    heard(narrator, "Maleficent, sleep.")  # Maleficent may still have her eyes open: nothing shows yet
    narrator.wait_for_function("""() => {  // the silence after it is asked for, and held
        var seen = window.__events, i = seen.map(e => e.say).lastIndexOf("Maleficent, sleep.");
        return i >= 0 && seen.slice(i + 1).some(e => e.wait); }""")
    expect(reveal).to_have_count(1)
    expect(reveal).to_be_hidden()
    expect(reveal.locator("button")).to_be_disabled()  # hidden from the accessibility tree: found by its tag
    assert narrator.evaluate("window.__letSilencesGo()") == 1
    heard(narrator, "Diablo, wake and see what that player hides.")
    expect(reveal).to_be_visible()
    expect(reveal).to_have_text(re.compile(r"^\s*For Diablo\s*Gus's team card\s*Team Mischief\s*Close\s*$"))
    box = reveal.bounding_box()
    assert box["width"] == 390 and box["height"] == 844  # the whole screen: nothing else shows with it
    heard(narrator, "Diablo, wake and see what that player hides.")
    assert between(narrator, "Maleficent, sleep.", "Diablo, wake and see what that player hides.") == SILENCE
    narrator.wait_for_timeout(500)
    assert "Maleficent, wake again." not in texts(narrator)  # the next beat waits until the card is closed
    reveal.get_by_role("button", name="Close").click()
    heard(narrator, "Maleficent, wake again.")
    assert "Maleficent and Diablo, sleep." not in texts(narrator)
    night.get_by_role("button", name="Diablo has answered").click()
    heard(narrator, "Agree in silence and point at the one you want gone.")
    assert between(narrator, "Maleficent and Diablo, sleep.", "Team Mischief, wake up.") == SILENCE
    night.get_by_role("button", name="Fay", exact=True).click()
    expect(reveal).to_have_text(re.compile(r"^\s*For Hades\s*Team Mischief chose\s*Fay\s*Close\s*$"))

    heard(narrator, "Here is the one Team Mischief has chosen.")
    narrator.wait_for_timeout(500)
    assert "Thumb up to rescue them, thumb down to keep your power for later." not in texts(narrator)
    real = beat_record(narrator, 0)
    reveal.get_by_role("button", name="Close").click()
    night.get_by_role("button", name="Hades saves Fay").click()  # the save: next time Hades is a decoy
    heard(narrator, "Light creeps back into the room.")
    assert between(narrator, "Hades, sleep.", "Light creeps back into the room.") == SILENCE
    real_lines = hades_lines(narrator, 0)
    # day 1: the vote through the API; night 2 with Hades spent
    api.ok(code, host, type="vote", votes={"Ann": "Gus", "Bob": "Gus", "Cat": "Gus", "Dan": "Gus", "Eve": "Gus",
                                           "Fay": "Gus", "Gus": "Ann", "Hal": "Ann"})
    mark, spoken = len(events(narrator)), len(texts(narrator))
    night.get_by_role("button", name="Night falls").click()
    night.get_by_role("button", name="Hal", exact=True).click()
    reveal.get_by_role("button", name="Close").click()
    night.get_by_role("button", name="Diablo has answered").click()
    night.get_by_role("button", name="Fay", exact=True).click()
    expect(narrator.locator(".steps .decoy")).to_have_text("Hades (decoy)")
    expect(reveal).to_have_text(re.compile(r"^\s*For Hades\s*Team Mischief chose\s*Fay\s*Close\s*$"))
    heard(narrator, "Here is the one Team Mischief has chosen.", 2)
    decoy = beat_record(narrator, mark)
    reveal.get_by_role("button", name="Close").click()
    keep = night.get_by_role("button", name="Hades keeps his power")
    expect(keep).to_be_disabled()
    keep.click(timeout=15000)  # the same pause as a real answer
    heard(narrator, "Light creeps back into the room.", 2)
    assert hades_lines(narrator, spoken) == real_lines  # the same lines in the same beats
    assert decoy == real == [{"say": "Team Mischief, sleep, pleased with your scheme."}, *SILENCE,
                             {"say": "Hades, wake up."}, {"say": "Here is the one Team Mischief has chosen."}]
    # each full-screen view opened only once its character's wake line had been given to the voice
    diablo, hades = "Diablo, wake and see what that player hides.", "Here is the one Team Mischief has chosen."
    assert [(r["open"].split(" Close")[0], r["after"]) for r in narrator.evaluate("window.__reveals")] == [
        ("For Diablo Gus's team card Team Mischief", diablo), ("For Hades Team Mischief chose Fay", hades),
        ("For Diablo Hal's team card Team Mischief", diablo), ("For Hades Team Mischief chose Fay", hades)]


def hades_lines(page, mark):
    """The lines of a Hades step heard after `mark`, from Team Mischief's sleep to Hades' sleep."""
    lines = texts(page)[mark:]
    start = lines.index("Team Mischief, sleep, pleased with your scheme.")
    return lines[start:lines.index("Hades, sleep.", start) + 1]


def beat_record(page, mark):
    """The start of a Hades step after event `mark`: Team Mischief's sleep, the silence the script
    asked for, and Hades' wake lines."""
    seen = events(page)[mark:]
    start = seen.index({"say": "Team Mischief, sleep, pleased with your scheme."})
    return seen[start:start + 4]


def to_hades_question(browser, server, api):
    """A first night up to Hades' question (Team Mischief picked Fay, her name shown and closed),
    and the narrator's page, its voice unlocked by a first tap."""
    code, host, tokens, display, mischief = new_game(api)
    api.ok(code, host, type="deal", characters=dict(EIGHT), mischief=list(mischief))
    for body in ({"type": "beat"}, {"type": "spy", "target": "Bob"}, {"type": "beat"}, {"type": "beat"},
                 {"type": "mischief_target", "target": "Fay"}):
        api.ok(code, host, **body)
    narrator = open_seat(browser, server, code, host, init_script=SPEECH_RECORDER)
    narrator.locator("#r-phase").dispatch_event("pointerdown")
    return code, host, narrator


def test_in_the_silence_before_the_dawn_the_narrator_reads_that_the_dawn_comes_and_nothing_after_it(
        browser, server, api):
    """After Hades' answer no character wakes: the note in the silence says the dawn comes, and
    the dawn's lines and those after them (the debate) show only once it is over."""
    code, host, narrator = to_hades_question(browser, server, api)
    reveal = narrator.locator(".reveal")
    expect(reveal).to_be_visible()
    reveal.get_by_role("button", name="Close").click()
    heard(narrator, "Thumb up to rescue them, thumb down to keep your power for later.")
    narrator.evaluate("window.__holdSilences = true")
    keep = pinned(narrator).get_by_role("button", name="Hades keeps his power")
    expect(keep).to_be_enabled()
    keep.click()
    heard(narrator, "Hades, sleep.")
    note = narrator.locator("#silence-note")
    expect(note).to_be_visible()
    expect(note).to_have_text("Silence: the dawn comes in a moment.")
    for line in ("Light creeps back into the room. Everyone, open your eyes.",
                 "Now talk it over. Someone must go before sunset."):
        expect(narrator.locator("#speech [data-line]", has_text=line)).to_be_hidden()
    assert narrator.evaluate("window.__letSilencesGo()") >= 1  # the silence (and any other wait held with it)
    heard(narrator, "Someone must go before sunset.")
    expect(note).to_be_hidden()
    expect(narrator.locator("#speech [data-line]", has_text="Now talk it over.")).to_be_visible()


def test_closing_the_full_screen_name_for_hades_leaves_the_page_where_it_was(browser, server, api):
    """Closing the card shown to Hades brings his question to the pinned beat (it grows): the page
    behind the card was not in view, so it stays where it was, to the pixel (a tap never moves the page)."""
    code, host, narrator = to_hades_question(browser, server, api)
    for y in (0, 300):  # at the top, as at a real table; and scrolled down
        reveal = narrator.locator(".reveal")
        expect(reveal.get_by_role("button", name="Close")).to_be_enabled()
        narrator.evaluate("y => window.scrollTo(0, y)", y)
        narrator.wait_for_timeout(100)
        before = narrator.evaluate("window.scrollY")
        assert before == y
        reveal.get_by_role("button", name="Close").click()
        expect(pinned(narrator)).to_contain_text("Hades was shown Fay. His thumb:")
        narrator.wait_for_timeout(400)  # the push and its swap
        assert narrator.evaluate("window.scrollY") == before, y
        if y == 0:  # the same card again, from further down the page
            api.undo(code, host)
            expect(reveal).to_be_visible()
