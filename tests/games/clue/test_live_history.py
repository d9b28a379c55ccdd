"""Clue's Look back and the game as text over the real API and sockets."""

from ...helpers import Sniffer, connect
from .tables import ANN, PLAYERS


def test_an_export_reaches_no_other_seats_socket(server, api):
    t = api.create("clue", {"players": list(PLAYERS)}, name="Host")
    code, host = t["code"], t["token"]
    tok = {n: api.join(code, n, token=host)["token"] for n in PLAYERS}
    board = api.join(code, "Board", role="display", token=host)["token"]
    sniffers = {who: Sniffer(connect(server.url, code, token)) for who, token in
                {"host": host, "display": board, "Bob": tok["Bob"]}.items()}
    api.ok(code, tok["Ann"], type="hand", cards=ANN)
    api.ok(code, tok["Ann"], type="suggestion", by="Ann", cards=["jafar", "shell", "lair_3"], disproved_by="Bob",
           shown="shell")
    api.ok(code, tok["Ann"], type="mark", card="hades", holder="Cat", value="lacks")
    assert "Notes of: Ann" in api.view(code, tok["Ann"])["export"]
    api.ok(code, host, type="roll", dice="d6", purpose="after-the-export")
    for who, s in sniffers.items():
        s.wait("after-the-export")
        assert "Notes of: Ann" not in s.text  # (the public log is in Bob's own export, as it should)
        assert ("Notes of: Bob" in s.text) == (who == "Bob")  # a seat's socket carries its own export only
        assert "Shown to me" not in s.text and "Mark: Hades" not in s.text
        assert "Hand: Evil Queen" not in s.text


def test_a_malformed_import_answers_4xx_through_the_api(server, api):
    t = api.create("clue", name="Host")
    r = api.act(t["code"], t["token"], type="import", text="Clue companion game\nCard set: disney-villains\n"
                                                           "Player: Ann, 9 cards\nPlayer: Bob, x cards\n")
    assert 400 <= r.status < 500 and "Line 4" in r.text and "'Player: NAME, N cards'" in r.text
    assert api.view(t["code"], t["token"])["seated"] is False


def test_an_import_too_long_is_refused_by_its_own_limit_in_a_sentence_not_by_the_body_limit(client):
    """Issue 24.7: one limit for import, under the body limit, so a text one character too long
    is told so in words (400), and one that fits arrives (not 413)."""
    from companion.games.clue.text import IMPORT_MAX

    t = client.create("clue", name="Host")
    r = client.act(t["code"], t["token"], type="import", text="x" * (IMPORT_MAX + 1))
    assert r.status == 400 and "413" not in str(r.status) and "characters" in r.json["error"]
    line = "#12, turn 4: Ann suggested Jafar, Shell, Lair 3; disproved by Bob\n"
    text = (line * (IMPORT_MAX // len(line) + 1))[:IMPORT_MAX]  # the longest an export may be, as exports are
    r = client.act(t["code"], t["token"], type="import", text=text)
    assert r.status == 422, r.text  # read (not 413), then refused in a sentence: it has no head
