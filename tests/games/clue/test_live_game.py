"""Clue over the real API and sockets: each player's notes stay on their own phone, and a
contradiction names its entries while the last consistent notes stay on the page."""

import json

from ...helpers import Sniffer, connect
from .tables import ANN_HAND


def test_clue_api_notes_stay_private(server, api):
    t = api.create("clue", {"players": ["Ann", "Bob", "Cat"]}, name="Host")
    code, host = t["code"], t["token"]
    tok = {n: api.join(code, n, token=host)["token"] for n in ("Ann", "Bob", "Cat")}
    board = api.join(code, "Board", role="display", token=host)["token"]
    tokens = {"host": host, "display": board, "Bob": tok["Bob"]}
    sniffers = {who: Sniffer(connect(server.url, code, token)) for who, token in tokens.items()}
    api.ok(code, tok["Ann"], type="hand", cards=["ursula", "evil_queen", "talisman", "potion", "laboratory", "lair_2"])
    api.ok(code, board, type="suggestion", by="Ann", cards=["jafar", "shell", "lair_3"], disproved_by="Bob")
    view = api.ok(code, tok["Ann"], type="shown", suggestion=1, card="lair_3")
    assert view["notes"]["lair_3"]["Bob"] == "has" and view["hand"]
    r = api.act(code, tok["Bob"], type="shown", suggestion=1, card="jafar")
    assert r.status == 403
    for who, token in tokens.items():
        v = api.view(code, token)
        if who == "Bob":
            assert v["hand"] is None and v["shown"] == {}  # Bob's own (empty) notes, none of Ann's
        else:
            assert not {"hand", "shown", "marks", "notes", "probabilities"} & set(v)
        log = api.log(code, token)
        assert [e["action"]["type"] for e in log] == ["suggestion"]  # Ann's hand and the card she saw are hers
        assert "talisman" not in json.dumps(log)
    api.ok(code, host, type="roll", dice="d6", purpose="after-the-secrets")  # every socket hears this last
    for who, s in sniffers.items():
        s.wait("after-the-secrets")
        assert "Jafar, Shell, Lair 3" in s.text  # the public suggestion did arrive
        assert "You hold the Talisman" not in s.text and "showed you the Lair 3" not in s.text
        if who != "Bob":
            assert "My notes" not in s.text


def test_a_contradiction_names_the_entries_and_keeps_the_last_consistent_notes_greyed(server, api):
    t = api.create("clue", {"players": ["Ann", "Bob", "Cat"]}, name="Host")
    code, host = t["code"], t["token"]
    ann = api.join(code, "Ann", token=host)["token"]
    api.ok(code, ann, type="hand", cards=ANN_HAND)
    api.ok(code, host, type="suggestion", by="Ann", cards=["jafar", "shell", "lair_3"], disproved_by="Bob")
    before = api.ok(code, ann, type="shown", suggestion=1, card="jafar")
    assert before["contradiction"] is None and before["stale"] is False
    view = api.ok(code, ann, type="mark", card="jafar", holder="Cat", value="has")  # one wrong tap
    assert view["contradiction"] == ("These entries cannot all be true: Bob showing you Jafar for #1 and your mark "
                                     "on Jafar (Cat has it). Remove or edit one of them.")
    assert [e["kind"] for e in view["conflict"]] == ["shown", "mark"] and view["stale"] is True
    assert view["notes"] == before["notes"]  # the notes as they stood before the wrong tap
    assert api.view(code, ann)["contradiction"] == view["contradiction"]
    r = api.request("GET", f"/tables/{code}", headers={"Cookie": f"seat_{code}={ann}"})
    assert r.status == 200 and "These entries cannot all be true" in r.text and "Clear my mark on Jafar" in r.text
    assert "Forget the card shown for #1" in r.text and "Undo: your mark" in r.text
    fixed = api.ok(code, ann, type="mark", card="jafar", holder="Cat", value=None)
    assert fixed["contradiction"] is None and fixed["notes"]["jafar"]["Bob"] == "has"
