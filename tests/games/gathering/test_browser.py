"""Gathering of the Wicked in the browser (Chromium): the narrator's phone, the players' phones
and the display, the voice's beats and silences, and every phone's same shape whatever its team."""

import re

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from companion.games.gathering import day as day_rules

from ...browser import open_seat
from .test_live import EIGHT, first_night, new_game

# speechSynthesis replaced by a recorder: window.__spoken holds every line, in order; each
# utterance keeps the voice busy for 150 ms (speaking is true meanwhile), as a real voice would.
# window.__events holds, in order, every line handed to the voice ({say}) and every wait of a
# second or more the narrator's script asks the clock for ({wait: ms, speaking}): the silences
# are checked by what the script asked for and when, never by measuring the wall clock.
SPEECH_RECORDER = r"""
  window.__spoken = []; window.__events = [];
  var busyUntil = 0;
  window.SpeechSynthesisUtterance = function (text) { this.text = text; };
  Object.defineProperty(window, 'speechSynthesis', { value: {
    speak: function (u) { busyUntil = Math.max(busyUntil, performance.now()) + 150;
                          window.__spoken.push(u.text); window.__events.push({say: u.text}); },
    cancel: function () { busyUntil = 0; },
    get speaking() { return performance.now() < busyUntil; }, pending: false,
    getVoices: function () { return []; }, addEventListener: function () {} } });
  var realTimeout = window.setTimeout, held = [];
  window.setTimeout = function (fn, ms) {
    if (ms >= 1000 && (new Error().stack || "").indexOf("narrator.js") >= 0) {
      window.__events.push({wait: ms, speaking: window.speechSynthesis.speaking});
      // the tests are about what is asked of the clock, not about time: the recorded waits pass ten
      // times quicker (a test that acts inside a silence sets window.__timeScale = 1, or holds it)
      if (window.__holdSilences) { held.push(fn); return 0; }
      var scale = window.__timeScale === undefined ? 0.1 : window.__timeScale;
      return realTimeout.call(this, fn, ms * scale);
    }
    return realTimeout.apply(this, arguments);
  };
  // window.__holdSilences = true keeps every wait the script asks for until the test lets them go
  window.__letSilencesGo = function () {
    window.__holdSilences = false;
    var go = held; held = [];
    go.forEach(function (fn) { realTimeout(fn, 0); });
    return go.length;
  };
  // window.__reveals: each time a full-screen view opens to the narrator, its words and the last
  // line the voice had been given then
  window.__reveals = [];
  new MutationObserver(function () {
    var r = document.querySelector(".reveal:not(.waiting)"), text = r ? r.textContent.replace(/\s+/g, " ").trim() : null;
    var last = window.__reveals[window.__reveals.length - 1];
    if (text && (!last || last.open !== text || last.closed)) {
      window.__reveals.push({open: text, after: window.__spoken[window.__spoken.length - 1]});
    } else if (!text && last && !last.closed) { last.closed = true; }
  }).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ["class"]});
"""
NOW = 1_900_000_000.0  # a moment the debate timer's clocks are stopped at
SILENCE = [{"wait": 3000, "speaking": False}]  # the default: 3 s, once the voice has finished


def heard(page, sentence, times=1):
    """Wait until the voice has been given this sentence `times` times."""
    try:
        page.wait_for_function("([s, n]) => window.__spoken.filter(x => x === s).length >= n", arg=[sentence, times])
    except PlaywrightError:
        raise AssertionError(f"never heard {sentence!r} x{times}; heard {page.evaluate('window.__spoken')}") from None


def tap_in(narrator, voter, target):
    """The narrator's one tap for a voter without a phone: the target chip in the voter's row."""
    expect(narrator.locator("#g-tap-in")).to_be_visible()  # the ballots open at the narrator's signal
    row = narrator.get_by_role("group", name=f"{voter}'s vote")  # in or not, every row keeps its chips
    # a changed ballot shows nothing new on the page: its answer is what says it is in (else the
    # test's next ballot, sent straight to the API, could close the vote before this one arrives)
    with narrator.expect_response(lambda r: r.url.endswith("/act") and r.request.method == "POST") as answer:
        row.get_by_role("button", name=target, exact=True).click()
    assert answer.value.ok, answer.value.status


def pinned(narrator):
    """The narrator's next beat, pinned to the top of the screen with its taps."""
    return narrator.locator("#r-news")


def night_in_beats(narrator, spy, victim, save=False, decoy=False):
    """The narrator's taps through a night of EIGHT in beats: night falls, Maleficent points,
    Diablo's card, his answer, Team Mischief's victim, the victim shown to Hades, his thumb."""
    night = pinned(narrator)
    night.get_by_role("button", name="Night falls").click()
    night.get_by_role("button", name=spy, exact=True).click()
    narrator.locator(".reveal").get_by_role("button", name="Close").click()
    night.get_by_role("button", name="Diablo has answered").click()
    night.get_by_role("button", name=victim, exact=True).click()
    narrator.locator(".reveal").get_by_role("button", name="Close").click()
    answer = night.get_by_role("button", name=f"Hades saves {victim}" if save else "Hades keeps his power")
    answer.click(timeout=15000 if decoy else None)


@pytest.mark.browser
def test_narrator_display_and_two_phones_play_to_a_winner(browser, server, api):
    t = api.create("gathering", name="Narrator")
    code, host_token = t["code"], t["token"]
    tokens = {n: api.join(code, n, token=host_token)["token"] for n, _ in EIGHT}
    board = api.join(code, "Board", role="display", token=host_token)["token"]
    errors = []
    narrator = open_seat(browser, server, code, host_token, errors=errors, init_script=SPEECH_RECORDER)
    display = open_seat(browser, server, code, board, tablet=True, errors=errors)
    fay = open_seat(browser, server, code, tokens["Fay"], errors=errors)
    gus = open_seat(browser, server, code, tokens["Gus"], errors=errors)
    # setup: the names come from the seats; the 8-player suggestion ticks the characters
    expect(narrator.locator("#g-p0")).to_have_value("Ann")
    narrator.get_by_role("button", name="8 players").click()
    narrator.get_by_role("button", name="Confirm players and characters").click()
    expect(narrator.get_by_role("button", name="Deal and let night fall")).to_be_visible()
    for name, cid in EIGHT:
        narrator.get_by_label(f"{name}'s character").select_option(cid)
    narrator.locator("input[name='mischief[]'][value='Gus']").check()
    narrator.locator("input[name='mischief[]'][value='Hal']").check()
    narrator.get_by_role("button", name="Deal and let night fall").click()
    expect(display.locator("#r-phase")).to_contain_text("Night 1 is coming")
    # Fay's card is hidden until pressed; it holds her power too
    card = fay.get_by_role("button", name="Press and hold to see your card")
    expect(card.locator(".inner")).to_be_hidden()
    card.dispatch_event("pointerdown")
    expect(card.locator(".inner")).to_contain_text("Sir Hiss · Team Mayhem")
    expect(card.locator(".inner")).to_contain_text("if you vote him out and he was Team Mayhem, you fall with him")
    card.dispatch_event("pointerup")
    expect(card.locator(".inner")).to_be_hidden()
    # the night, beat by beat
    night_in_beats(narrator, spy="Gus", victim="Fay")
    expect(display.locator("#r-phase")).to_contain_text("Day 1")
    expect(display.locator("#r-phase")).to_contain_text("Fay did not survive the night")
    expect(fay.locator(".players")).to_contain_text("fallen")
    expect(fay.locator("#r-card .status")).to_contain_text("You have fallen. Fay (Sir Hiss) falls in the night")
    # the narrator gives the signal, then taps in every vote: one tap per voter
    narrator.get_by_role("button", name="Call the vote").click()
    for voter in ("Ann", "Bob", "Cat", "Dan", "Eve", "Hal"):
        tap_in(narrator, voter, "Gus")
    tap_in(narrator, "Gus", "Ann")
    expect(display.locator("#r-result .tally")).to_have_text(re.compile(r"6\s*Gus\s*1\s*Ann"))
    expect(display.locator("#r-result .verdict")).to_have_text("The Gathering has spoken: Gus must leave.")
    expect(display.locator("#r-phase")).to_contain_text("Day 1 ends")
    # night 2: Hal is the last Mischief member; Mayhem votes him out next day
    night_in_beats(narrator, spy="Hal", victim="Ann")
    expect(display.locator("#r-phase")).to_contain_text("Day 2")
    narrator.get_by_role("button", name="Call the vote").click()
    for voter in ("Bob", "Cat", "Dan", "Eve"):
        tap_in(narrator, voter, "Hal")
    tap_in(narrator, "Hal", "Bob")
    expect(display.locator(".winner")).to_have_text("Team Mayhem wins!")
    expect(gus.locator(".winner")).to_have_text("Team Mayhem wins!")
    expect(display.get_by_text("Recap")).to_be_visible()
    spoken = narrator.evaluate("window.__spoken")
    joined = " ".join(spoken)
    assert joined.index("Maleficent, wake up.") < joined.index("Team Mischief, wake up.") < joined.index("Hades, wake up.")
    assert "Everyone in the Gathering, close your eyes and sleep." in spoken
    assert "The count: Gus 6 votes, Ann 1 vote." in spoken  # the result is read before night falls
    assert "The Gathering has spoken: Gus must leave." in spoken
    assert joined.index("Gus must leave") < joined.rindex("Everyone in the Gathering, close your eyes")
    assert "Team Mayhem wins!" in joined
    assert not errors, errors


def events(page):
    return page.evaluate("window.__events")


def texts(page):
    return page.evaluate("window.__spoken")


def between(page, first, then, mark=0):
    """What came between the voice's `first` sentence and its next `then` (events from `mark` on):
    the lines said and the waits the script asked for."""
    seen = events(page)[mark:]
    i = next(k for k, e in enumerate(seen) if e.get("say") == first)
    j = next(k for k, e in enumerate(seen) if k > i and e.get("say") == then)
    return seen[i + 1:j]


@pytest.mark.browser
def test_nothing_is_read_before_the_narrators_first_tap(browser, server, api):
    code, host, tokens, display, mischief = new_game(api)
    first_night(api, code, host, mischief, save=False, call=False)
    page = open_seat(browser, server, code, host, init_script=SPEECH_RECORDER)
    page.wait_for_timeout(300)
    assert page.evaluate("window.__spoken") == []
    page.locator("#r-phase").dispatch_event("pointerdown")  # the first tap reads what is on screen
    heard(page, "Now talk it over.")
    board = open_seat(browser, server, code, display, tablet=True)
    expect(board.locator("#r-game")).not_to_contain_text("decoy")


@pytest.mark.browser
def test_secret_votes_on_phones_are_revealed_together_and_the_timer_shows_on_the_display(browser, server, api,
                                                                                         monkeypatch):
    monkeypatch.setattr(day_rules, "CLOCK", lambda: NOW)  # the server's clock and the display's, both stopped at NOW
    code, host, tokens, display, mischief = new_game(api)
    first_night(api, code, host, mischief, save=False)
    errors = []
    narrator = open_seat(browser, server, code, host, errors=errors)
    board = open_seat(browser, server, code, display, tablet=True, errors=errors)
    board.clock.set_fixed_time(NOW)
    narrator.get_by_label("Debate minutes").select_option("60")
    narrator.get_by_role("button", name="Start the debate timer").click()
    expect(board.locator("[data-timer]")).to_have_text("1:00")
    narrator.get_by_role("button", name="Pause").click()
    expect(board.locator("[data-timer]")).to_have_text("1:00 (paused)")
    ann = open_seat(browser, server, code, tokens["Ann"], errors=errors)
    voters = [n for n, _ in EIGHT if n != "Fay"]
    for n in voters[:-1]:
        if n == "Ann":
            ann.get_by_role("button", name="Gus", exact=True).click()
            expect(ann.get_by_text("You voted against Gus.")).to_be_visible()
        else:
            api.ok(code, tokens[n], type="ballot", target="Gus" if n != "Gus" else "Ann")
    expect(board.locator("#live")).to_contain_text(f"Secret votes in: {len(voters) - 1} of {len(voters)}")
    expect(narrator.locator("#r-ballots")).to_contain_text(f"Still to vote: {voters[-1]}.")
    expect(board.locator("#live")).not_to_contain_text("Ann → Gus")  # nothing shown before the last one
    api.ok(code, tokens[voters[-1]], type="ballot", target="Gus")
    expect(board.locator("#live")).to_contain_text("Ann → Gus")
    expect(board.locator("#r-result .tally")).to_contain_text("6 Gus")
    expect(board.locator("#r-phase")).to_contain_text("Day 1 ends")
    assert not errors, errors


TWELVE = [("Ann", "maleficent"), ("Bob", "diablo"), ("Cat", "mother_gothel"), ("Dan", "stabbington_brothers"),
          ("Eve", "prince_john"), ("Fay", "sir_hiss"), ("Gus", "captain_hook"), ("Hal", "mr_smee"),
          ("Ida", "queen_of_hearts"), ("Jon", "king_of_hearts"), ("Kim", "hades"), ("Lou", "pain_and_panic")]


@pytest.mark.browser
def test_narrator_takes_hooks_prisoner_and_the_queen_of_hearts_thumbs_vote_in_the_browser(browser, server, api):
    t = api.create("gathering", name="Narrator")
    code, host = t["code"], t["token"]
    display = api.join(code, "Board", role="display", token=host)["token"]
    tokens = {n: api.join(code, n, token=host)["token"] for n in ("Jon", "Lou")}
    api.ok(code, host, type="setup", players=[n for n, _ in TWELVE], characters=[c for _, c in TWELVE])
    api.ok(code, host, type="deal", characters=dict(TWELVE), mischief=["Gus", "Hal", "Kim"])
    api.ok(code, host, type="spy", target="Bob")
    api.ok(code, host, type="lock_away", target="Fay")
    api.ok(code, host, type="mischief_target", target="Fay")
    api.ok(code, host, type="hades", save=False)
    errors = []
    narrator = open_seat(browser, server, code, host, errors=errors, init_script=SPEECH_RECORDER)
    board = open_seat(browser, server, code, display, tablet=True, errors=errors)
    jon = open_seat(browser, server, code, tokens["Jon"], errors=errors)
    expect(board.locator("#r-phase")).to_contain_text("nobody fell")  # Fay was locked away
    narrator.locator("#r-phase").dispatch_event("pointerdown")
    heard(narrator, "Captain Hook, pick a prisoner and hand them the Rope.")
    pinned(narrator).get_by_role("button", name="Lou").click()  # Hook's prisoner
    expect(board.locator("#r-game")).to_contain_text("Rope")
    heard(narrator, "Now talk it over.")
    assert narrator.evaluate("window.__spoken").count("Light creeps back into the room.") == 1  # dawn is read once
    narrator.get_by_text("Off with their head! (the Queen of Hearts, once)").click()
    narrator.locator("#g-thumbs-entry-1").get_by_role("button", name="Kim", exact=True).click()
    heard(narrator, "The Queen of Hearts has lost her temper: the debate is over.")
    expect(board.locator("#r-phase")).to_contain_text("Thumbs on Kim: 1 of 11 in")  # the Queen's own thumb down
    jon.get_by_role("button", name="Thumb down: defeat").click()  # a phone's thumb
    expect(jon.locator("#r-ballot")).to_contain_text("Your thumb: down, defeat")
    for name, _ in TWELVE:
        if name not in ("Kim", "Ida", "Jon"):
            narrator.get_by_role("group", name=f"{name}'s thumb").get_by_role("button", name="Defeat").click()
            if name != "Lou":  # the last thumb counts them all
                expect(narrator.locator("#g-tap-in li", has=narrator.get_by_text(name, exact=True))).to_contain_text("in")
    expect(board.locator("#r-phase")).to_contain_text("Day 1 ends")
    expect(board.locator("#r-game")).to_contain_text("Thumbs on Kim")
    expect(board.locator("#r-result")).to_contain_text("11 thumbs down")
    kim = board.locator("#r-table li", has_text="Kim")
    expect(kim).to_contain_text("Mischief")
    expect(kim).to_contain_text("fallen")
    assert not errors, errors


@pytest.mark.browser
def test_a_whole_game_with_one_player_without_a_phone_voted_through_the_narrator(browser, server, api):
    """Dan has no phone: every other ballot comes from a phone, the narrator sees that Dan is
    missing and taps his ballot in (changing a mis-tap), and the votes are counted together."""
    code, host, tokens, display, mischief = new_game(api)
    first_night(api, code, host, mischief, save=False)  # Fay falls at dawn
    errors = []
    narrator = open_seat(browser, server, code, host, errors=errors)
    board = open_seat(browser, server, code, display, tablet=True, errors=errors)
    for day, ballots, fallen in ((1, {"Ann": "Gus", "Bob": "Gus", "Cat": "Gus", "Eve": "Gus", "Gus": "Ann",
                                      "Hal": "Gus"}, "Gus"),
                                 (2, {"Bob": "Hal", "Cat": "Hal", "Eve": "Hal", "Hal": "Bob"}, "Hal")):
        if day == 2:
            for body in ({"type": "spy", "target": "Hal"}, {"type": "mischief_target", "target": "Ann"},
                         {"type": "hades", "save": False}):
                api.ok(code, host, **body)
            narrator.get_by_role("button", name="Call the vote").click()
            expect(narrator.locator("#r-ballots")).to_contain_text("Still to vote")
        *early, (last, last_target) = ballots.items()
        for voter, target in early:
            api.ok(code, tokens[voter], type="ballot", target=target)
        expect(narrator.locator("#r-ballots")).to_contain_text(f"Still to vote: Dan, {last}.")
        tap_in(narrator, "Dan", "Bob")  # a mis-tap...
        expect(narrator.locator("#r-ballots")).to_contain_text(f"Still to vote: {last}.")
        tap_in(narrator, "Dan", fallen)  # ...changed before the last ballot is in
        expect(board.locator("#r-result")).not_to_contain_text(f"Dan → {fallen}")  # sealed until the count
        api.ok(code, tokens[last], type="ballot", target=last_target)
        expect(board.locator("#r-result")).to_contain_text(f"The vote of day {day}")
        expect(board.locator("#r-result")).to_contain_text(f"Dan → {fallen}")
        expect(board.locator("#r-result .verdict")).to_contain_text(f"{fallen} must leave")
        if day == 1:  # wherever the narrator is scrolled, the next tap is pinned on screen: night falls
            expect(pinned(narrator).get_by_role("button", name="Night falls")).to_be_in_viewport()
            expect(board.locator("#r-result button")).to_have_count(0)
    expect(board.locator(".winner")).to_have_text("Team Mayhem wins!")
    expect(narrator.locator("#g-history")).to_contain_text("Day 2")
    assert not errors, errors


# The element structure of a page (tags, ids, classes, a few state attributes; no words). The
# Undo region is left out: it follows who tapped last (a player's own last tap), not their team.


STRUCTURE = """() => {
  function sig(el) {
    if (el.id === "r-undo") return "UNDO";
    var cls = typeof el.className === "string" ? el.className.trim().split(/\\s+/).filter(Boolean).sort().join(".") : "";
    var attrs = ["role", "hidden", "disabled", "open", "data-hold"].filter(function (a) { return el.hasAttribute(a); });
    return el.tagName + (el.id ? "#" + el.id : "") + (cls ? "." + cls : "") + (attrs.length ? "[" + attrs + "]" : "")
      + "(" + Array.prototype.map.call(el.children, sig).join(",") + ")";
  }
  return sig(document.getElementById("live"));
}"""


# The geometry of a page: the box (left, top, width, height, in whole pixels, from the page's
# top) of every element in #live that has one, and the page's height. An element whose whole
# text is a player's name (a ballot's target: its button, its form) differs by whose phone it is (nobody votes against themselves), never by
# team: its place along the row is left out, its line and height kept.
GEOMETRY = """(names) => {
  var out = [];
  document.querySelectorAll("#live *").forEach(function (el) {
    if (el.closest("#r-undo")) return;
    var r = el.getBoundingClientRect();
    if (!r.width && !r.height) return;
    var box = [Math.round(r.top + window.scrollY), Math.round(r.height)];
    var named = names.indexOf(el.textContent.trim()) >= 0;  // a target's button, or its form
    if (!named) box.push(Math.round(r.left), Math.round(r.width));
    out.push((el.id || el.className || el.tagName) + ":" + box.join(","));
  });
  return {height: document.documentElement.scrollHeight, boxes: out};
}"""


@pytest.mark.browser
def test_a_mischief_and_a_mayhem_phone_have_the_same_structure_and_geometry_at_every_phase(browser, server, api):
    """Hal (Team Mischief) and Dan (Team Mayhem) both stand all game: at every phase their pages
    have the same elements, classes and ids, every element's box the same size and place and the
    page the same height; only the words inside the held card differ."""
    code, host, tokens, display, mischief = new_game(api)
    hal = open_seat(browser, server, code, tokens["Hal"])
    dan = open_seat(browser, server, code, tokens["Dan"])
    names = [n for n, _ in EIGHT]

    def same(moment, text):
        for page in (hal, dan):
            expect(page.locator("#live")).to_contain_text(text)
        hal.wait_for_timeout(300)  # every region of the push has landed
        assert hal.evaluate(STRUCTURE) == dan.evaluate(STRUCTURE), moment
        shapes = hal.evaluate(GEOMETRY, names), dan.evaluate(GEOMETRY, names)
        differ = [(a, b) for a, b in zip(shapes[0]["boxes"], shapes[1]["boxes"], strict=False) if a != b]
        assert shapes[0] == shapes[1], (moment, differ[:6], shapes[0]["height"], shapes[1]["height"])

    same("deal", "Deal the cards")
    api.ok(code, host, type="deal", characters=dict(EIGHT), mischief=list(mischief))
    same("dusk of night 1", "Night 1 is coming")
    api.ok(code, host, type="beat")
    same("night 1", "Eyes closed")
    api.ok(code, host, type="spy", target="Bob")
    api.ok(code, host, type="mischief_target", target="Fay")
    api.ok(code, host, type="hades", save=False)
    same("day 1, the debate", "Now talk it over")
    expect(hal.locator("#r-ballot")).to_contain_text("The vote opens at the narrator's signal")
    expect(hal.locator("#r-ballot button")).to_have_count(0)  # no ballot before the signal
    api.ok(code, host, type="beat")  # Call the vote
    same("day 1, the signal", "on your phone, in secret")
    for name in ("Ann", "Bob", "Cat", "Eve"):
        api.ok(code, tokens[name], type="ballot", target="Cat" if name != "Cat" else "Ann")
    same("day 1, ballots open", "Secret votes in: 4 of 7")
    hal.get_by_role("button", name="Ann", exact=True).click()
    dan.get_by_role("button", name="Ann", exact=True).click()
    expect(hal.locator("#r-ballot")).to_contain_text("You voted against Ann")
    api.ok(code, tokens["Ann"], type="ballot", target="Cat")  # a third phone's tap last: the same Undo on both
    same("day 1, their ballots cast", "Secret votes in: 6 of 7")
    api.ok(code, tokens["Gus"], type="ballot", target="Cat")  # the last one, from a third phone
    same("day 1, the vote counted", "The vote of day 1")  # Cat (Hades) falls
    for body in ({"type": "spy", "target": "Hal"}, {"type": "mischief_target", "target": "Ann"},
                 {"type": "accuse", "accused": "Bob"}):
        api.ok(code, host, **body)
    same("day 2, the Queen of Hearts' thumbs", "Thumbs on Bob")
    for page in (hal, dan):
        page.get_by_role("button", name="Thumb up: spare").click()
        expect(page.locator("#r-ballot")).to_contain_text("Your thumb: up, spare")
    api.ok(code, host, type="timer_start", seconds=60)  # the narrator's tap last: the same Undo on both
    same("day 2, thumbs cast", "Your thumb: up, spare")
    api.ok(code, host, type="correct_fallen", player="Bob")  # two against two: Mischief wins
    same("over", "Team Mischief wins!")
    card = hal.get_by_role("button", name="Press and hold to see your card")
    card.dispatch_event("pointerdown")
    expect(card.locator(".inner")).to_contain_text("Your team-mates: Gus.")


@pytest.mark.browser
def test_the_narrators_tools_silence_red_night_mode_and_a_correction(browser, server, api):
    """The silence is the narrator's setting (1 s here); the dim red night mode stays on after a
    reload; a Claw mark given by correction shows on the display and in the recap."""
    code, host, tokens, display, mischief = new_game(api)
    api.ok(code, host, type="deal", characters=dict(EIGHT), mischief=list(mischief))
    narrator = open_seat(browser, server, code, host, init_script=SPEECH_RECORDER)
    board = open_seat(browser, server, code, display, tablet=True)
    narrator.get_by_text("Voice and night mode").click()
    narrator.get_by_label("Silence between one character's sleep and the next wake (seconds)").fill("1")
    narrator.get_by_label("Silence between one character's sleep and the next wake (seconds)").press("Tab")
    narrator.get_by_label("Dim red night mode (easier on sleeping eyes)").check()
    expect(narrator.locator("body")).to_have_class(re.compile(r"\bnight-red\b"))
    narrator.reload()
    expect(narrator.locator("body")).to_have_class(re.compile(r"\bnight-red\b"))
    pinned(narrator).get_by_role("button", name="Night falls").click()
    heard(narrator, "Point at the player whose loyalty you want to learn.")
    assert between(narrator, "Everyone in the Gathering, close your eyes and sleep.", "Maleficent, wake up.") == [
        {"wait": 1000, "speaking": False}]  # the narrator's 1 s, once the voice has finished
    narrator.get_by_text("Correct a mistake (without undoing)").click()
    fix = narrator.locator("#g-fix")
    fix.locator("div.row", has=narrator.get_by_role("button", name="Ann")).nth(1).get_by_role(
        "button", name="Ann", exact=True).click()  # the second row: give a Claw mark
    expect(board.locator("#r-table li", has_text="Ann")).to_contain_text("1 claw mark")
    expect(fix).to_contain_text("Night 1: Ann gets a Claw mark (now 1).")

