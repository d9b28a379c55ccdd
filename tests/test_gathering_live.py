"""Gathering of the Wicked through the API, with sniffing sockets, and through the browser."""

import re

import pytest
from playwright.sync_api import expect

from .browser import open_seat
from .helpers import Sniffer, connect, request

# speechSynthesis replaced by a recorder: window.__spoken holds every line, in order
SPEECH_RECORDER = """
  window.__spoken = [];
  window.SpeechSynthesisUtterance = function (text) { this.text = text; };
  Object.defineProperty(window, 'speechSynthesis', { value: {
    speak: function (u) { window.__spoken.push(u.text); }, cancel: function () {},
    getVoices: function () { return []; }, addEventListener: function () {} } });
"""
EIGHT = [("Ann", "maleficent"), ("Bob", "diablo"), ("Cat", "hades"), ("Dan", "pain_and_panic"),
         ("Eve", "prince_john"), ("Fay", "sir_hiss"), ("Gus", "queen_of_hearts"), ("Hal", "king_of_hearts")]


def new_game(api, mischief=("Gus", "Hal")):
    t = api.create("gathering", name="Narrator")
    code, host = t["code"], t["token"]
    tokens = {n: api.join(code, n, token=host)["token"] for n, _ in EIGHT}
    display = api.join(code, "Board", role="display", token=host)["token"]
    api.ok(code, host, type="setup", players=[n for n, _ in EIGHT], characters=[c for _, c in EIGHT])
    return code, host, tokens, display, mischief


def first_night(api, code, host, mischief, save):
    """Deal, then a first night in which Maleficent spies on Bob and Team Mischief picks Fay."""
    api.ok(code, host, type="deal", characters=dict(EIGHT), mischief=list(mischief))
    api.ok(code, host, type="spy", target="Bob")
    api.ok(code, host, type="mischief_target", target="Fay")
    return api.ok(code, host, type="hades", save=save)


def test_whole_game_through_the_api_and_what_the_sockets_receive(server, api):
    code, host, tokens, display, mischief = new_game(api)
    sniff_display = Sniffer(connect(server.url, code, display))
    sniff_fay = Sniffer(connect(server.url, code, tokens["Fay"]))  # a Mayhem player
    sniff_gus = Sniffer(connect(server.url, code, tokens["Gus"]))  # a Mischief player
    sniff_display.wait("r-game")
    api.ok(code, host, type="memo", text="narrator-secret-note")
    api.ok(code, tokens["Ann"], type="memo", text="ann-secret-note")
    view = api.ok(code, host, type="deal", characters=dict(EIGHT), mischief=list(mischief))
    assert view["phase"] == "night" and view["step"] == "spy" and view["crown"] == "Eve"
    # the view of each seat
    fay = api.view(code, tokens["Fay"])
    assert [p.get("alignment") for p in fay["players"]].count("mischief") == 0
    assert next(p for p in fay["players"] if p["name"] == "Fay")["alignment"] == "mayhem"
    gus = api.view(code, tokens["Gus"])
    assert {p["name"] for p in gus["players"] if p.get("alignment") == "mischief"} == {"Gus", "Hal"}
    board = api.view(code, display)
    assert not any("alignment" in p for p in board["players"])
    # refusals: a player cannot run the night; the wrong step is a 422 with a sentence
    r = api.act(code, tokens["Ann"], type="spy", target="Gus")
    assert r.status == 403
    r = api.act(code, host, type="vote", votes={})
    assert r.status == 422 and "waits for 'spy'" in r.json["error"]
    api.ok(code, host, type="spy", target="Gus")
    api.ok(code, host, type="mischief_target", target="Fay")
    view = api.ok(code, host, type="hades", save=True)
    assert view["phase"] == "day" and view["step"] == "vote"
    # secret ballots from the phones
    living = [n for n, _ in EIGHT]
    for n in living[:-1]:
        api.ok(code, tokens[n], type="ballot", target="Gus" if n != "Gus" else "Ann")
    fay, hal, board = (api.view(code, token) for token in (tokens["Fay"], tokens["Hal"], display))
    assert fay["my_ballot"] == "Gus" and "last_votes" not in fay  # her own ballot, nobody else's before the last
    assert "my_ballot" not in hal and "my_ballot" not in board and board["ballots_in"] == len(living) - 1
    view = api.ok(code, tokens["Hal"], type="ballot", target="Ann")
    assert view["last_votes"]["Ann"] == "Gus"
    assert view["phase"] == "night"
    fallen = {p["name"]: p for p in api.view(code, display)["players"] if not p["alive"]}
    assert fallen["Gus"]["alignment"] == "mischief"
    api.ok(code, host, type="spy", target="Hal")
    api.ok(code, host, type="mischief_target", target="Eve")
    view = api.ok(code, host, type="hades", save=False)
    assert view["step"] == "crown_successor"
    api.ok(code, host, type="crown_successor", player="Fay")
    view = api.ok(code, host, type="vote", votes={"Ann": "Hal", "Bob": "Hal", "Cat": "Hal", "Dan": "Hal",
                                                  "Fay": "Hal", "Hal": "Ann"})
    assert view["winner"] == "mayhem" and view["phase"] == "over"
    end = api.view(code, display)
    assert all("alignment" in p for p in end["players"])
    assert any("Team Mischief chose Fay" in r["text"] for r in end["recap"])
    # what the sockets received through the whole game
    sniff_display.wait("wins")
    sniff_fay.wait("wins")
    before_end = lambda s: s.text.split("Team Mayhem wins")[0]  # noqa: E731
    for sniffer in (sniff_display, sniff_fay):
        seen = before_end(sniffer)
        assert "narrator-secret-note" not in sniffer.text and "ann-secret-note" not in sniffer.text
        assert "Show Diablo" not in seen and "Team Mischief chose" not in seen
        assert "Hades saved" not in seen
        # no hidden alignment before it was revealed: Hal's Mischief tag never shows while he stands
        assert not re.search(r"<strong>Hal</strong>[^<]*<span class=\"tag mischief\"", seen)
        assert " · with " not in sniffer.text  # a Mayhem card or the display never names a team-mate
    assert "You voted against" not in sniff_display.text
    assert "Team Mischief · with Hal" in sniff_gus.text  # inside the held card, the same shape on every phone
    # the log hides the night from players
    log = request(server.url, "GET", f"/api/tables/{code}/log", token=tokens["Fay"]).json["events"]
    spy = next(e for e in log if e["action"]["type"] == "spy")
    assert spy["action"] == {"type": "spy"}
    ballots = [e for e in log if e["action"]["type"] == "ballot" and e["by"] != "Fay"]
    assert all(e["action"] == {"type": "ballot"} for e in ballots)


def test_setup_refusals_are_sentences(api):
    t = api.create("gathering", name="Narrator")
    r = api.act(t["code"], t["token"], type="setup", players=["A", "B", "C", "D", "E", "F"],
                characters=["maleficent", "prince_john", "sir_hiss", "hades", "pain_and_panic", "shere_khan"])
    assert r.status == 422 and "brings Diablo" in r.json["error"]
    r = api.act(t["code"], t["token"], type="setup", players=["A", "B"], characters=["maleficent", "diablo"])
    assert r.status == 400
    r = api.act(t["code"], t["token"], type="setup", players=["A"] * 6, characters=["hades"] * 6)
    assert r.status == 422


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
    expect(display.locator("#r-phase")).to_contain_text("Night 1")
    # Fay's card is hidden until pressed
    card = fay.get_by_role("button", name="Press and hold to see your card")
    expect(card.locator(".inner")).to_be_hidden()
    card.dispatch_event("pointerdown")
    expect(card.locator(".inner")).to_have_text(re.compile("Sir Hiss · Team Mayhem"))
    card.dispatch_event("pointerup")
    expect(card.locator(".inner")).to_be_hidden()
    # the night
    narrator.locator("#narrator").get_by_role("button", name="Gus").click()
    expect(narrator.locator(".diablo")).to_contain_text("Mischief")
    narrator.locator("#narrator").get_by_role("button", name="Fay").click()
    narrator.get_by_role("button", name="Hades keeps his power").click()
    expect(display.locator("#r-phase")).to_contain_text("Day 1")
    expect(display.locator("#r-phase")).to_contain_text("Fay did not survive the night")
    expect(fay.locator(".players")).to_contain_text("fallen")
    # the narrator enters the vote by tapping
    narrator.get_by_text("Enter the votes by tapping").click()
    for voter in ("Ann", "Bob", "Cat", "Dan", "Eve", "Hal"):
        narrator.get_by_label(f"{voter} votes against").select_option("Gus")
    narrator.get_by_label("Gus votes against").select_option("Ann")
    narrator.get_by_role("button", name="Count the votes").click()
    expect(display.locator("#r-phase")).to_contain_text("Night 2")
    # night 2: Hal is the last Mischief member; Mayhem votes him out next day
    narrator.locator("#narrator").get_by_role("button", name="Hal").click()
    narrator.locator("#narrator").get_by_role("button", name="Ann").click()
    narrator.get_by_role("button", name="Hades keeps his power").click()
    expect(display.locator("#r-phase")).to_contain_text("Day 2")
    narrator.get_by_text("Enter the votes by tapping").click()
    for voter in ("Bob", "Cat", "Dan", "Eve"):
        narrator.get_by_label(f"{voter} votes against").select_option("Hal")
    narrator.get_by_label("Hal votes against").select_option("Bob")
    narrator.get_by_role("button", name="Count the votes").click()
    expect(display.locator(".winner")).to_have_text("Team Mayhem wins!")
    expect(gus.locator(".winner")).to_have_text("Team Mayhem wins!")
    expect(display.get_by_text("Recap")).to_be_visible()
    spoken = narrator.evaluate("window.__spoken")
    joined = " ".join(spoken)
    assert joined.index("Maleficent, wake up.") < joined.index("Team Mischief, wake up.") < joined.index("Hades, wake up.")
    assert "Everyone in the Gathering, close your eyes and sleep." in spoken
    assert not errors, errors


@pytest.mark.browser
def test_spent_hades_is_still_called_as_a_decoy(browser, server, api):
    code, host, tokens, display, mischief = new_game(api)
    first_night(api, code, host, mischief, save=True)
    api.ok(code, host, type="vote", votes={"Ann": "Gus", "Bob": "Gus", "Cat": "Gus", "Dan": "Gus", "Eve": "Gus",
                                           "Fay": "Gus", "Gus": "Ann", "Hal": "Ann"})
    api.ok(code, host, type="spy", target="Bob")
    api.ok(code, host, type="mischief_target", target="Fay")
    page = open_seat(browser, server, code, host, init_script=SPEECH_RECORDER)
    expect(page.locator(".steps .decoy")).to_have_text("Hades (decoy)")
    assert page.evaluate("window.__spoken") == []  # nothing is spoken before the narrator's first tap
    page.locator("#r-phase").dispatch_event("pointerdown")  # the first tap reads the step on screen
    page.wait_for_function("window.__spoken.length > 0")
    spoken = page.evaluate("window.__spoken")
    assert "Hades, wake up." in spoken and "Thumb up to rescue them, thumb down to keep your power for later." in spoken
    expect(page.get_by_role("button", name="Hades saves Fay")).to_be_disabled()
    keep = page.get_by_role("button", name="Hades keeps his power")
    expect(keep).to_be_disabled()
    expect(keep).to_be_enabled(timeout=10000)  # the same pause as a real answer
    board = open_seat(browser, server, code, display, tablet=True)
    expect(board.locator("#r-game")).not_to_contain_text("decoy")


@pytest.mark.browser
def test_secret_votes_on_phones_are_revealed_together_and_the_timer_shows_on_the_display(browser, server, api):
    code, host, tokens, display, mischief = new_game(api)
    first_night(api, code, host, mischief, save=False)
    errors = []
    narrator = open_seat(browser, server, code, host, errors=errors)
    board = open_seat(browser, server, code, display, tablet=True, errors=errors)
    narrator.get_by_label("Debate minutes").select_option("60")
    narrator.get_by_role("button", name="Start the debate timer").click()
    expect(board.locator("[data-timer]")).to_have_text(re.compile(r"^0:5\d$|^1:00$"))
    narrator.get_by_role("button", name="Pause").click()
    expect(board.locator("[data-timer]")).to_contain_text("(paused)")
    ann = open_seat(browser, server, code, tokens["Ann"], errors=errors)
    voters = [n for n, _ in EIGHT if n != "Fay"]
    for n in voters[:-1]:
        if n == "Ann":
            ann.get_by_role("button", name="Gus", exact=True).click()
            expect(ann.get_by_text("You voted against Gus.")).to_be_visible()
        else:
            api.ok(code, tokens[n], type="ballot", target="Gus" if n != "Gus" else "Ann")
    expect(board.locator("#live")).to_contain_text(f"Secret votes in: {len(voters) - 1} of {len(voters)}")
    expect(board.locator("#live")).not_to_contain_text("Ann → Gus")  # nothing shown before the last one
    api.ok(code, tokens[voters[-1]], type="ballot", target="Gus")
    expect(board.locator("#live")).to_contain_text("Ann → Gus")
    expect(board.locator("#r-phase")).to_contain_text("Night 2")
    assert not errors, errors


TWELVE = [("Ann", "maleficent"), ("Bob", "diablo"), ("Cat", "mother_gothel"), ("Dan", "stabbington_brothers"),
          ("Eve", "prince_john"), ("Fay", "sir_hiss"), ("Gus", "captain_hook"), ("Hal", "mr_smee"),
          ("Ida", "queen_of_hearts"), ("Jon", "king_of_hearts"), ("Kim", "hades"), ("Lou", "pain_and_panic")]


@pytest.mark.browser
def test_narrator_takes_hooks_prisoner_and_the_queen_of_hearts_thumbs_vote_in_the_browser(browser, server, api):
    t = api.create("gathering", name="Narrator")
    code, host = t["code"], t["token"]
    display = api.join(code, "Board", role="display", token=host)["token"]
    api.ok(code, host, type="setup", players=[n for n, _ in TWELVE], characters=[c for _, c in TWELVE])
    api.ok(code, host, type="deal", characters=dict(TWELVE), mischief=["Gus", "Hal", "Kim"])
    api.ok(code, host, type="spy", target="Bob")
    api.ok(code, host, type="lock_away", target="Fay")
    api.ok(code, host, type="mischief_target", target="Fay")
    api.ok(code, host, type="hades", save=False)
    errors = []
    narrator = open_seat(browser, server, code, host, errors=errors)
    board = open_seat(browser, server, code, display, tablet=True, errors=errors)
    expect(board.locator("#r-phase")).to_contain_text("nobody fell")  # Fay was locked away
    narrator.locator("#narrator").get_by_role("button", name="Lou").click()  # Hook's prisoner
    expect(board.locator("#r-game")).to_contain_text("Rope")
    narrator.get_by_text("Off with their head! (the Queen of Hearts, once)").click()
    narrator.get_by_label("Accused").select_option("Kim")
    form = narrator.locator("form", has=narrator.get_by_label("Accused"))
    for name, _ in TWELVE:
        if name not in ("Kim", "Ida"):
            form.locator(f"input[name='votes.{name}'][value='defeat']").check()
    narrator.get_by_role("button", name="Count the thumbs").click()
    expect(board.locator("#r-phase")).to_contain_text("Night 2")
    expect(board.locator("#r-game")).to_contain_text("Thumbs on Kim")
    kim = board.locator("#r-game li", has_text="Kim")
    expect(kim).to_contain_text("Mischief")
    expect(kim).to_contain_text("fallen")
    assert not errors, errors


@pytest.mark.browser
def test_a_push_does_not_wipe_the_votes_the_narrator_is_entering(browser, server, api):
    code, host, tokens, display, mischief = new_game(api)
    first_night(api, code, host, mischief, save=False)
    narrator = open_seat(browser, server, code, host)
    narrator.get_by_text("Enter the votes by tapping").click()
    narrator.get_by_label("Ann votes against").select_option("Gus")
    narrator.get_by_label("Bob votes against").select_option("Hal")
    api.ok(code, tokens["Cat"], type="ballot", target="Gus")  # the page's game region is pushed again
    expect(narrator.locator("#r-game")).to_contain_text("Secret votes on phones: 1 of 7 in.")
    expect(narrator.get_by_label("Ann votes against")).to_have_value("Gus")
    expect(narrator.get_by_label("Bob votes against")).to_have_value("Hal")
