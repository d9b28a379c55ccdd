"""Clue figures (prints them; not a test).  Run: .venv/bin/python bench/clue.py [games]

1. On the server `make run` starts (companion serve, its background worker), six-player games
   with six phones connected, each phone's hand entered: a real deal, suggestions made by the
   rules and disproved honestly by the first player to the left who can; for every suggestion,
     - the answer to the request that enters it           (target p99 <= 300 ms),
     - the push that brings every phone its new forced facts (target p99 <= 1 s, to the last phone),
     - the push that brings every phone its probabilities  (target p99 <= 2 s, to the last phone),
   and how often those probabilities were exact rather than estimated (target 100%).
2. The deduction alone, on 200 random six-player games seen by one player (solver level):
   forced facts, exact counting, and the advisor (expected entropy, one lair), with their times.
3. Completeness against the brute-force enumerator on small games (target 100%, none unsound).

With --load (issue 27), part 1 runs while the machine is busy: another table on the same server
(the 13-seat Gathering table of bench/table13.py) rolls back to back, and a second process spins
on a CPU; the server's own log of each action's time is kept, and its slowest lines printed.
--server-only skips parts 2 and 3.
"""

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import simple_websocket  # noqa: E402
import table13  # noqa: E402
from fanout import post, start  # noqa: E402

from companion.games.clue import counting, weighing  # noqa: E402
from companion.games.clue import solver as cs  # noqa: E402
from companion.games.clue.advisor import ADVISE_SECONDS  # noqa: E402
from companion.games.clue.sim import play, possible_holders  # noqa: E402

SIX = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
VILLAINS = ["ursula", "evil_queen", "dr_facilier", "jafar", "hades", "maleficent"]
OBJECTS = ["talisman", "potion", "shell", "scarab", "scepter", "poison_apple"]
LAIRS = ["laboratory"] + [f"lair_{i}" for i in range(2, 10)]


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def line(label, xs, unit="ms", target=""):
    if not xs:
        return f"  {label:44s} (none)"
    return (f"  {label:44s} n={len(xs):4d}  p50 {statistics.median(xs):8.1f} {unit}  p99 {pct(xs, 99):8.1f} {unit}  "
            f"max {max(xs):8.1f} {unit}  {target}")


class Phone:
    """One phone's socket: every message with the time it arrived."""

    def __init__(self, url, token):
        self.ws = simple_websocket.Client.connect(url, headers={"Authorization": f"Bearer {token}"})
        self.got: list[tuple[float, str]] = []
        self.lock = threading.Lock()
        threading.Thread(target=self.run, daemon=True).start()

    def run(self):
        try:
            while True:
                msg = self.ws.receive()
                if msg:
                    with self.lock:
                        self.got.append((time.perf_counter(), msg))
        except Exception:
            pass

    def first(self, test, since, timeout):
        end = time.perf_counter() + timeout
        while time.perf_counter() < end:
            with self.lock:
                for when, msg in self.got:
                    if when >= since and test(msg):
                        return when, msg
            time.sleep(0.005)
        return None, None


def view(base: str, code: str, token: str) -> dict:
    req = urllib.request.Request(f"{base}/api/tables/{code}", headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())["view"]


def odds_in(msg: str) -> bool:
    return 'id="r-notes"' in msg and "Working out the odds" not in msg


def odds_for(ph: Phone, since: float, base: str, code: str, token: str, timeout: float = 30):
    """The first message with this phone's odds after `since` (None: none within `timeout`). Once
    the seat's view says its odds are known, a push still on its way is given a second more: a
    phone whose notes the suggestion left as they were (its odds already shown) gets no push, and
    is not waited for the whole timeout."""
    end = time.perf_counter() + timeout
    while time.perf_counter() < end:
        when, msg = ph.first(odds_in, since, 1.0)
        if when is not None:
            return when, msg
        if not view(base, code, token)["odds_pending"]:
            return ph.first(odds_in, since, 1.0)
    return None, None


class Load:
    """The machine kept busy: a table rolling back to back on the server, and a process spinning."""

    def __init__(self, base):
        self.stop = threading.Event()
        self.rolls = 0
        self.table = table13.Remote(base)
        self.spin = subprocess.Popen([sys.executable, "-c", "while True: pass"])
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self):
        while not self.stop.is_set():
            before = self.table.counts()
            self.table.act({"type": "roll", "dice": "2d6"})
            self.table.settle(before)
            self.rolls += 1

    def close(self):
        self.stop.set()
        self.thread.join()
        self.spin.kill()
        self.spin.wait()
        self.table.close()


def server_games(games: int, rng, load: bool = False) -> dict:
    db = tempfile.mktemp(suffix=".db")
    log = tempfile.NamedTemporaryFile("w+", suffix=".log", delete=False)
    proc, base = start("companion", {"COMPANION_DB": db}, stderr=log)
    out = {"answer": [], "facts": [], "odds": [], "exact": 0, "estimated": 0, "late": 0, "unchanged": 0,
           "log": log.name}
    busy = Load(base) if load else None
    try:
        for _ in range(games):
            t = post(base, "/api/tables", {"game": "clue", "name": "Host", "options": {"players": SIX}})
            code, host = t["code"], t["token"]
            tokens = [post(base, f"/api/tables/{code}/seats", {"name": n}, host)["token"] for n in SIX]
            env = [rng.choice(VILLAINS), rng.choice(OBJECTS), rng.choice(LAIRS)]
            rest = [c for c in VILLAINS + OBJECTS + LAIRS if c not in env]
            rng.shuffle(rest)
            hands = [rest[i::6] for i in range(6)]  # the Evil Queen's player is not set: Ann first, 3 each
            for tok, hand in zip(tokens, hands, strict=True):
                post(base, f"/api/tables/{code}/actions", {"type": "hand", "cards": hand}, tok)
            url = base.replace("http", "ws") + f"/tables/{code}/ws"
            phones = [Phone(url, tok) for tok in tokens]
            time.sleep(0.3)
            for n in range(rng.randint(8, 16)):
                by = n % 6
                trio = [rng.choice(VILLAINS), rng.choice(OBJECTS), rng.choice(LAIRS)]
                d = next(((by + j) % 6 for j in range(1, 6) if set(trio) & set(hands[(by + j) % 6])), None)
                body = {"type": "suggestion", "by": SIX[by], "cards": trio, "disproved_by": SIX[d] if d is not None else None}
                if d is not None:
                    body["shown"] = rng.choice(sorted(set(trio) & set(hands[d])))
                t0 = time.perf_counter()
                r = post(base, f"/api/tables/{code}/actions", body, tokens[by])
                out["answer"].append((time.perf_counter() - t0) * 1000)
                sid = r["view"]["suggestions"][-1]["id"]
                mark = f'<li value="{sid}">'
                facts, odds = [], []
                for ph in phones:
                    when, msg = ph.first(lambda m, mark=mark: mark in m, t0, 20)
                    if when is None:
                        out["late"] += 1
                        continue
                    facts.append(when - t0)
                    w2, m2 = (when, msg) if odds_in(msg) else odds_for(ph, when, base, code, tokens[phones.index(ph)])
                    if w2 is None:  # no new notes: nothing changed for this phone, or the odds are late
                        pending = view(base, code, tokens[phones.index(ph)])["odds_pending"]
                        out["late" if pending else "unchanged"] += 1
                        continue
                    odds.append(w2 - t0)
                    out["estimated" if "are estimates" in m2 else "exact"] += 1
                if facts:
                    out["facts"].append(max(facts) * 1000)
                if odds and len(odds) == len(phones):
                    out["odds"].append(max(odds) * 1000)
            for ph in phones:
                ph.ws.close()
    finally:
        if busy:
            busy.close()
            out["rolls"] = busy.rolls
        proc.terminate()
        proc.wait()
    return out


def slowest(path: str, n: int = 5) -> list[str]:
    """The server's slowest suggestions by its own log ("... suggestion by seat N in X ms")."""
    timed = []
    for line in Path(path).read_text(errors="replace").splitlines():
        if ": suggestion by seat" in line and line.endswith(" ms"):
            timed.append((float(line.rsplit(" ", 2)[1]), line))
    return [line for _, line in sorted(timed, reverse=True)[:n]]


def solver_games(games: int, rng) -> dict:
    out = {"facts": [], "count": [], "exact": 0, "advise": [], "advise_done": 0, "advise_n": 0, "advise_all": 0,
           "advise_share": []}
    for g in range(games):
        k = play(rng, (6, 6, 9), 6, rng.randint(0, 40))
        me = next(h for _c, h, _has, why in k.facts if why == "hand")
        t0 = time.perf_counter()
        solved = cs.solve(k)
        t1 = time.perf_counter()
        exact = counting.count(k, solved["possible"], budget=5_000_000, seconds=10.0)
        t2 = time.perf_counter()
        out["facts"].append((t1 - t0) * 1000)
        out["count"].append((t2 - t1) * 1000)
        out["exact"] += exact is not None
        if g % 4 == 0:  # the advisor, on a quarter of them (it is the slowest figure)
            room = rng.choice(k.categories[2])
            t3 = time.perf_counter()
            a = weighing.advise(k, solved["possible"], me, room, seconds=ADVISE_SECONDS, partial=True)  # as the app asks
            out["advise"].append((time.perf_counter() - t3) * 1000)
            out["advise_n"] += 1
            out["advise_done"] += a is not None
            out["advise_all"] += bool(a and a["complete"])
            if a and not a["complete"]:  # how good the best weighed is, against the best of all 36
                full = weighing.advise(k, solved["possible"], me, room, seconds=120)
                best = full["ranked"][0]["gain"] if full else None
                if best:
                    out["advise_share"].append(a["ranked"][0]["gain"] / best)
    return out


def completeness(rng) -> tuple[int, int]:
    found = total = 0
    for g in range(150):
        sizes, players = [((3, 3, 3), 3), ((3, 3, 4), 2), ((2, 3, 4), 3), ((3, 3, 4), 3)][g % 4]
        k = play(rng, sizes, players, rng.randint(2, 8))
        truth = possible_holders(k)
        got = cs.solve(k)["possible"]
        assert got == truth, "deduction differs from the enumerator"
        for d in truth:  # every ✗ and ✓ of the enumerator, each found (the assert above)
            total += bin(((1 << k.holders) - 1) & ~d).count("1") + (1 if d & (d - 1) == 0 else 0)
    found = total
    return found, total


def met(xs, limit):
    return "met" if xs and pct(xs, 99) <= limit else "NOT met"


def main(games: int = 8, load: bool = False, server_only: bool = False):
    rng = random.Random(2026)
    s = server_games(games, rng, load)
    busy = (f"; meanwhile another table rolled {s.get('rolls', 0)} times and a second process spun on a CPU"
            if load else "")
    print(f"Clue on the server, {games} six-player games with six phones connected "
          f"({len(s['answer'])} suggestions; a figure per suggestion, to the last of the six phones{busy}; "
          f"load average {os.getloadavg()[0]:.2f}):")
    print(line("the answer to the suggestion", s["answer"], target=f"(target p99 <= 300 ms: {met(s['answer'], 300)})"))
    print(line("new forced facts on every phone", s["facts"], target=f"(target p99 <= 1000 ms: {met(s['facts'], 1000)})"))
    print(line("probabilities on every phone", s["odds"], target=f"(target p99 <= 1000 ms: {met(s['odds'], 1000)}, "
                                                                  "every phone's exact odds within 1 s)"))
    print(f"  probabilities pushed exact {s['exact']}, estimated {s['estimated']}; not arrived in 30 s: {s['late']}; "
          f"notes unchanged for that phone (nothing to push, the odds already shown): {s['unchanged']}")
    print("  the server's slowest suggestions (its own log):")
    for entry in slowest(s["log"]):
        print("    " + entry)
    Path(s["log"]).unlink(missing_ok=True)
    if server_only:
        return
    v = solver_games(200, rng)
    print("Deduction alone, 200 random six-player games after 0 to 40 suggestions, one player's view:")
    print(line("forced facts (complete search)", v["facts"]))
    print(line("exact counting (every cell, every triple)", v["count"]))
    print(f"  exact within 10 s in {v['exact']} of 200 games")
    print(line("advisor, one lair (36 suggestions)", v["advise"], target="(target <= 1000 ms)"))
    print(f"  advisor: every suggestion weighed (exactly) within {ADVISE_SECONDS} s in {v['advise_all']} of "
          f"{v['advise_n']}, some in {v['advise_done'] - v['advise_all']}, none in {v['advise_n'] - v['advise_done']}")
    if v["advise_share"]:
        share = sorted(v["advise_share"])
        print(f"  when only some were weighed, the best of them reveals {share[0]:.0%} (worst) to "
              f"{share[len(share) // 2]:.0%} (median) of what the best of all 36 would")
    found, total = completeness(rng)
    print(f"  completeness against the enumerator (150 small games): {found}/{total} forced facts, none unsound")
    print(json.dumps({"answer_p99": pct(s["answer"], 99), "facts_p99": pct(s["facts"], 99),
                      "odds_p99": pct(s["odds"], 99) if s["odds"] else None}))


if __name__ == "__main__":
    numbers = [a for a in sys.argv[1:] if a.isdigit()]
    main(int(numbers[0]) if numbers else 8, load="--load" in sys.argv, server_only="--server-only" in sys.argv)
