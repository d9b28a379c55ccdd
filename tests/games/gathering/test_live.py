"""Gathering of the Wicked through the API, with sniffing sockets: the secrets each seat's
socket receives through a whole game, and the setup's refusals."""

import re

from ...helpers import Sniffer, connect, request

EIGHT = [("Ann", "maleficent"), ("Bob", "diablo"), ("Cat", "hades"), ("Dan", "pain_and_panic"),
         ("Eve", "prince_john"), ("Fay", "sir_hiss"), ("Gus", "queen_of_hearts"), ("Hal", "king_of_hearts")]


def new_game(api, mischief=("Gus", "Hal")):
    t = api.create("gathering", name="Narrator")
    code, host = t["code"], t["token"]
    tokens = {n: api.join(code, n, token=host)["token"] for n, _ in EIGHT}
    display = api.join(code, "Board", role="display", token=host)["token"]
    api.ok(code, host, type="setup", players=[n for n, _ in EIGHT], characters=[c for _, c in EIGHT])
    return code, host, tokens, display, mischief


def first_night(api, code, host, mischief, save, call=True):
    """Deal, then a first night in which Maleficent spies on Bob and Team Mischief picks Fay;
    then (unless `call` is False) the narrator's signal that opens the day's vote."""
    api.ok(code, host, type="deal", characters=dict(EIGHT), mischief=list(mischief))
    api.ok(code, host, type="spy", target="Bob")
    api.ok(code, host, type="mischief_target", target="Fay")
    view = api.ok(code, host, type="hades", save=save)
    return api.ok(code, host, type="beat") if call else view


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
    # no ballot before the narrator's signal: refused with a sentence, nothing changes, the phones wait
    version = api.request("GET", f"/api/tables/{code}", token=host).json["version"]
    before = api.view(code, host)
    r = api.act(code, tokens["Ann"], type="ballot", target="Gus")
    assert r.status == 422 and "not open yet" in r.json["error"] and "Call the vote" in r.json["error"]
    r = api.act(code, host, type="ballot", voter="Ann", target="Gus")
    assert r.status == 422 and "not open yet" in r.json["error"]
    assert api.request("GET", f"/api/tables/{code}", token=host).json["version"] == version
    assert before["ballots_in"] == 0
    assert api.view(code, tokens["Ann"])["ballot"] == {"kind": "wait", "cast": None, "targets": []}
    assert before["thumbs"]["queen"] == "Gus" and before["tap_in"] is None  # her accusation is offered first
    view = api.ok(code, host, type="beat")  # Call the vote
    assert view["thumbs"] is None and view["tap_in"]["kind"] == "point"
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
        assert "Your team-mates" not in sniffer.text  # a Mayhem card or the display never names a team-mate
    assert "You voted against" not in sniff_display.text
    assert "Your team-mates: Hal." in sniff_gus.text  # inside the held card, the same shape on every phone
    assert "Team Mayhem does not know who is on its side." in sniff_fay.text
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

