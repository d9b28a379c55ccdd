"""Nothing stalls a table: figures for issue 11's two stalls, on the server `make run` starts.

  1. a busy Gathering table (13 sockets) rolling back to back: p50/p99 to the last socket;
  2. the same while a 6-player Clue table (6 phones and the display connected) takes a suggestion
     every half second, each sending that table's odds to the background worker;
  3. the same while a seat of the Gathering table holds a socket that never reads a byte: how long
     until the server drops it, and the roll's p99 meanwhile;
  4. the same while another table at its limits (40 seats, 4 sockets each: 160) rolls twice a
     second, and whether a 161st socket there is turned away (issue 24.3: at most 2x the p99 alone).
Prints figures; it is not a test.  Run: .venv/bin/python bench/stall.py
"""

import json
import random
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import simple_websocket  # noqa: E402
from fanout import Arrivals, CompanionTable, Listener, one_busy, pct, post, start  # noqa: E402

from tests.helpers import raw_socket  # noqa: E402

SIX = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]


def clue_table(base):
    t = post(base, "/api/tables", {"game": "clue", "name": "Host", "options": {"players": SIX}})
    code, host = t["code"], t["token"]
    tokens = [post(base, f"/api/tables/{code}/seats", {"name": n}, host)["token"] for n in SIX]
    tokens.append(post(base, f"/api/tables/{code}/seats", {"name": "Board", "role": "display"}, host)["token"])
    url = base.replace("http", "ws") + f"/tables/{code}/ws"
    listeners = [Listener(url, {"Authorization": f"Bearer {tok}"}, lambda *a: None) for tok in tokens]
    hands = [["ursula", "talisman", "laboratory"], ["evil_queen", "potion", "lair_2"], ["dr_facilier", "shell", "lair_3"],
             ["jafar", "scarab", "lair_4"], ["hades", "scepter", "lair_5"], ["maleficent", "poison_apple", "lair_6"]]
    for tok, hand in zip(tokens, hands, strict=False):
        post(base, f"/api/tables/{code}/actions", {"type": "hand", "cards": hand}, tok)
    return code, host, listeners


def suggest_forever(base, code, host, stop, count):
    villains = ["ursula", "evil_queen", "dr_facilier", "jafar", "hades", "maleficent"]
    objects = ["talisman", "potion", "shell", "scarab", "scepter", "poison_apple"]
    lairs = ["laboratory"] + [f"lair_{i}" for i in range(2, 10)]
    rng = random.Random(7)
    while not stop.is_set():
        by = rng.choice(SIX)
        others = [p for p in SIX if p != by] + [None]
        post(base, f"/api/tables/{code}/actions", {"type": "suggestion", "by": by, "disproved_by": rng.choice(others),
                                                   "cards": [rng.choice(villains), rng.choice(objects), rng.choice(lairs)]},
             host)
        count[0] += 1
        stop.wait(0.5)


def full_table(base):
    """A table with every seat and socket it may have (tables.SEATS_MAX, ws.SOCKETS_PER_TABLE)."""
    t = post(base, "/api/tables", {"game": "villainous", "name": "Host"})
    code, host = t["code"], t["token"]
    tokens = [host] + [post(base, f"/api/tables/{code}/seats", {"name": f"Guest {i:02d}"}, host)["token"]
                       for i in range(39)]
    url = base.replace("http", "ws") + f"/tables/{code}/ws"
    listeners = [Listener(url, {"Authorization": f"Bearer {tok}"}, lambda *a: None) for tok in tokens for _ in range(4)]
    return code, host, tokens, listeners


def roll_forever(base, code, token, stop, count):
    while not stop.is_set():
        post(base, f"/api/tables/{code}/actions", {"type": "roll", "dice": "2d6"}, token)
        count[0] += 1
        stop.wait(0.5)


def sockets(base) -> int:
    return json.loads(urllib.request.urlopen(base + "/healthz", timeout=5).read())["sockets"]


def main():
    db = tempfile.mktemp(suffix=".db")
    proc, base = start("companion", {"COMPANION_DB": db})
    try:
        arr = Arrivals()
        busy = CompanionTable(base, arr)
        time.sleep(0.5)
        one_busy(busy, arr, rounds=30)  # warm up
        print("Stalls: a roll at a 13-seat Gathering table -> the last of its sockets (companion serve)")
        base_lat = one_busy(busy, arr, rounds=300)
        print(f"  alone                                         p50 {pct(base_lat, 50):6.2f} ms  p99 {pct(base_lat, 99):6.2f} ms")
        code, host, _ = clue_table(base)
        stop, count = threading.Event(), [0]
        th = threading.Thread(target=suggest_forever, args=(base, code, host, stop, count), daemon=True)
        th.start()
        time.sleep(1.0)
        clue_lat = one_busy(busy, arr, rounds=300)
        stop.set()
        th.join()
        print(f"  with a 6-player Clue table computing ({count[0]:3d} sug.) p50 {pct(clue_lat, 50):6.2f} ms  "
              f"p99 {pct(clue_lat, 99):6.2f} ms  ({pct(clue_lat, 99) / pct(base_lat, 99):.2f}x the p99 alone)")
        # a seat that never reads: the narrator's own token, on a raw socket
        before = sockets(base)
        frozen = raw_socket(base, busy.code, busy.token, rcvbuf=4096)
        t0 = time.perf_counter()
        lat, gone_after = [], None
        for i in range(3000):
            m = f"mk-{900000000 + i:09d}"
            s = time.perf_counter()
            busy.act(m)
            lat.append(arr.wait(m, busy.seats) - s)
            if gone_after is None and i % 10 == 0 and sockets(base) <= before:
                gone_after = (i, time.perf_counter() - t0)
            if gone_after and i >= 300:
                break
        frozen.close()
        where = f"dropped after {gone_after[0]} rolls, {gone_after[1]:.1f} s" if gone_after else "never dropped"
        print(f"  with a socket that never reads ({where}) p50 {pct(lat, 50):6.2f} ms  p99 {pct(lat, 99):6.2f} ms")
        code, host, tokens, listeners = full_table(base)
        time.sleep(1.0)
        extra = simple_websocket.Client.connect(base.replace("http", "ws") + f"/tables/{code}/ws",
                                                headers={"Authorization": f"Bearer {tokens[1]}"})
        try:
            extra.receive(timeout=5)
            turned_away = "let in"
        except simple_websocket.ConnectionClosed as closed:
            turned_away = f"closed {closed.reason}"
        stop, count = threading.Event(), [0]
        th = threading.Thread(target=roll_forever, args=(base, code, host, stop, count), daemon=True)
        th.start()
        time.sleep(1.0)
        full_lat = one_busy(busy, arr, rounds=300)
        stop.set()
        th.join()
        print(f"  with a full table (160 sockets) rolling ({count[0]} rolls; a 161st socket {turned_away}) "
              f"p50 {pct(full_lat, 50):6.2f} ms  p99 {pct(full_lat, 99):6.2f} ms  "
              f"({pct(full_lat, 99) / pct(base_lat, 99):.2f}x the p99 alone)")
    finally:
        proc.terminate()
        proc.wait()


if __name__ == "__main__":
    main()
