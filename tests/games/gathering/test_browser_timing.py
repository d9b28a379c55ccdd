"""Gathering of the Wicked in Chromium: the narrator's timing tells nothing. Over many nights, a
step whose power is spent (a decoy) and a real one ask the clock for the same waits (the speech
recorder of test_browser records every wait the narrator's script asks for; no time is measured)."""

import pytest
from playwright.sync_api import expect

from companion.games.gathering import DATA

from ...browser import open_seat
from .test_browser import SPEECH_RECORDER, events

pytestmark = pytest.mark.browser

# Mother Gothel hides Team Mischief's victim every night and no Crown breaks the day's tie, so
# nobody falls and the nights go on; Hades keeps his power for three nights, saves on the fourth
# and is a decoy from then on (the narrator's script has no chance in it: four of each show it as
# well as forty would).
SEVEN = [("Ann", "mother_gothel"), ("Bob", "stabbington_brothers"), ("Cat", "hades"), ("Dan", "pain_and_panic"),
         ("Eve", "stepmother"), ("Fay", "drizella"), ("Gia", "anastasia")]
MISCHIEF = ["Fay", "Gia"]
TIE = {"Ann": "Bob", "Bob": "Ann", "Cat": "Bob", "Dan": "Ann", "Eve": "Bob", "Fay": "Ann", "Gia": "Cat"}
NIGHTS = 8


def test_a_decoy_hades_and_a_real_one_ask_the_clock_for_the_same_waits_over_many_nights(browser, server, api):
    t = api.create("gathering", name="Narrator")
    code, host = t["code"], t["token"]
    for n, _ in SEVEN:
        api.join(code, n, token=host)
    api.ok(code, host, type="setup", players=[n for n, _ in SEVEN], characters=[c for _, c in SEVEN])
    api.ok(code, host, type="deal", characters=dict(SEVEN), mischief=MISCHIEF)
    # the waits are recorded as asked and pass 20 times quicker: this test is about what is asked of the clock
    narrator = open_seat(browser, server, code, host, init_script=SPEECH_RECORDER + "window.__timeScale = 0.05;")
    narrator.locator("#r-phase").dispatch_event("pointerdown")  # the first tap: the voice may speak
    ask = DATA["script"]["hades_ask"][-1]
    records = {"real": [], "decoy": []}
    for night in range(1, NIGHTS + 1):
        victim = "Ann" if night % 2 else "Bob"  # never the same one locked away two nights running
        api.ok(code, host, type="beat")  # night falls
        api.ok(code, host, type="lock_away", target=victim)
        api.ok(code, host, type="mischief_target", target=victim)
        view = api.ok(code, host, type="beat")  # the victim shown to Hades, closed
        assert view["beat"]["key"] == "hades_ask"
        kind = "decoy" if view["decoy"] else "real"
        save = night == 4
        answer = narrator.locator("#r-news").get_by_role(
            "button", name=f"Hades saves {victim}" if save else "Hades keeps his power")
        expect(answer).to_be_enabled(timeout=15000)
        seen = events(narrator)
        start = max(i for i, e in enumerate(seen) if e.get("say") == ask)
        records[kind].append(seen[start:])
        if kind == "decoy":
            expect(narrator.locator("#r-news").get_by_role("button", name=f"Hades saves {victim}")).to_be_disabled()
        answer.click()
        expect(narrator.locator("#r-news")).not_to_contain_text("His thumb:")
        assert api.ok(code, host, type="vote", votes=TIE)["phase"] == "night"  # a tie, no Crown: nobody falls
    assert len(records["real"]) == 4 and len(records["decoy"]) == 4
    expected = [{"say": ask}, {"wait": 3000, "speaking": False}]  # the question, then the same hold
    assert all(r == expected for r in records["real"] + records["decoy"]), records
