"""Each game's own turn or step played on a WebKit phone (Safari's engine), the table set up through
the API: Villainous a turn, Clue a hand saved in the notes, A Touch of Evil the Mystery Phase's
first roll, the Gathering's narrator heard reading the night's end after the first tap (the speech
recorder). Engine and helpers: tests/webkit.py."""

import pytest
from selenium.webdriver.common.by import By

from .games.gathering.test_live import first_night, new_game
from .webkit import open_seat, tap, text, wait, wait_text

pytestmark = pytest.mark.webkit

# WebKit has no way to run a script before the page's own, so the recorder takes the place of the
# voice's methods on SpeechSynthesis itself: narrator.js holds the real object and calls them later.
SPEECH_RECORDER = """
  window.__spoken = [];
  var busyUntil = 0, proto = SpeechSynthesis.prototype;
  proto.speak = function (u) { busyUntil = Math.max(busyUntil, performance.now()) + 150; window.__spoken.push(u.text); };
  proto.cancel = function () { busyUntil = 0; };
  Object.defineProperty(proto, 'speaking', { get: function () { return performance.now() < busyUntil; }, configurable: true });
  Object.defineProperty(proto, 'pending', { get: function () { return false; }, configurable: true });
"""


def test_villainous_a_turn_on_a_webkit_phone(webkit, server, api):
    t = api.create("villainous", {"players": [{"name": "Ann", "villain": "prince_john"},
                                              {"name": "Bob", "villain": "ursula"}]}, name="Host")
    ann = api.join(t["code"], "Ann", token=t["token"])["token"]
    open_seat(webkit, server.url, t["code"], ann)
    tap(webkit, "Nottingham")
    tap(webkit, "+3")
    wait_text(webkit, "article.villain", "3 Power")
    tap(webkit, "End turn (draw back to four)")
    wait_text(webkit, "#r-game", "Round 1, Bob's turn")


def test_clue_a_hand_saved_on_a_webkit_phone(webkit, server, api):
    t = api.create("clue", {"players": ["Ann", "Bob", "Cat"], "movers": {"Ann": "Evil Queen"}}, name="Host")
    ann = api.join(t["code"], "Ann", token=t["token"])["token"]
    open_seat(webkit, server.url, t["code"], ann)
    for card in ("Ursula", "Evil Queen", "Talisman", "Potion", "Laboratory", "Lair 2"):
        wait(webkit, lambda d, card=card: tick(d, card), f"no {card} to tick")
    # a push of the notes (the odds worked out meanwhile) keeps what is ticked and not yet saved
    ticked = "return document.querySelectorAll('#notes input[type=checkbox]:checked').length"
    assert webkit.execute_script(ticked) == 6
    tap(webkit, "Save my hand")
    row = "return Array.from(document.querySelectorAll('#notes tbody tr')).filter(function (r) { return r.textContent.indexOf('Ursula') >= 0; })[0].querySelector('td').textContent"
    wait(webkit, lambda d: d.execute_script(row).strip() == "✓", "Ursula is not marked as Ann's")


def tick(driver, card):
    from selenium.common.exceptions import ElementClickInterceptedException, StaleElementReferenceException

    try:
        label = driver.find_element(By.XPATH, f"//*[@id='notes']//label[normalize-space()='{card}']")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", label)
        if not label.find_element(By.TAG_NAME, "input").is_selected():
            label.click()
        return label.find_element(By.TAG_NAME, "input").is_selected()
    except (StaleElementReferenceException, ElementClickInterceptedException):
        return False


def test_touch_of_evil_the_mystery_phase_starts_on_a_webkit_phone(webkit, server, api):
    t = api.create("touch-of-evil", {"villain": "gargoyle", "mode": "cooperative", "heroes": ["Eliza", "Valeria"],
                                     "rules": {"advanced_coop_table": True}}, name="Host")
    open_seat(webkit, server.url, t["code"], t["token"])
    tap(webkit, "Start the Mystery Phase")
    tap(webkit, "Roll the Advanced table (2D6)")
    wait(webkit, lambda d: "what was drawn?" in text(d, "#r-now"), "the Mystery Phase did not move on (asked at the top of the page)")


def test_gathering_the_narrator_is_heard_only_after_the_first_tap_in_webkit(webkit, server, api):
    code, host, _, _, mischief = new_game(api)
    first_night(api, code, host, mischief, save=False, call=False)  # the day's debate, before the vote
    open_seat(webkit, server.url, code, host)
    webkit.execute_script(SPEECH_RECORDER)
    assert webkit.execute_script("return window.__spoken") == []
    webkit.find_element(By.ID, "r-phase").click()  # the first tap reads what is on screen
    wait(webkit, lambda d: "Now talk it over." in d.execute_script("return window.__spoken"),
         "the narrator's voice never read the step")
