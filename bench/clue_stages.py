"""Where a Clue suggestion's time goes: the request in-process, by CPU time, and the worker lanes.

In-process: the real app (create_app, a SQLite file, the Flask test client for the actions, the
real background worker processes) and the real hub, six phones' Connection objects on in-memory
sockets (bench/table13.MemSocket). Six-player games as bench/clue.py plays them. For each
suggestion: the request's wall time and CPU time (the thread's), the time it spent waiting on a
worker (Background.ask with a wait), then the time until every task it queued is done (the
forced facts on the fast lane, the odds on the slow lane) and the workers' CPU time meanwhile.
cProfile (timed by the thread's CPU time) over every suggestion's request: the cumulative time
of the stages' functions, per suggestion, and the top functions.

"commit" is the wall time of the commit (every seat's view checked, the store), the part of the
answer before the pushes; "server_cpu" the server process's CPU time from the request until the
workers have been idle for 0.2 s (the request, and the pushes the results bring); "cpu_fast" and "cpu_slow" the lanes' processes'.
NOPROF=1: no cProfile (the figures without its overhead); WALL=1: cProfile on the clock.

Run: .venv/bin/python bench/clue_stages.py [games]   (BENCH_ROOT=DIR: that checkout's code)   (a tool to read, not a test)
"""

import cProfile
import os
import pstats
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = Path(os.environ.get("BENCH_ROOT", HERE.parent))  # another checkout's companion (an old commit)
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))

import table13  # noqa: E402
from clue import LAIRS, OBJECTS, SIX, VILLAINS  # noqa: E402

from companion import background  # noqa: E402

STAGES = [
    ("request (whole)", ("api.py", "post_action")),
    ("tables.act", ("tables.py", "act")),
    ("  commit: _viewable (all seats)", ("tables.py", "_viewable")),
    ("    warm (queue every seat's search)", ("knowledge.py", "warm")),
    ("    view_for", ("views.py", "view_for")),
    ("      clue view", ("view.py", "view")),
    ("        notes", ("notes.py", "notes")),
    ("          deduce", ("knowledge.py", "deduce")),
    ("          _quick (inline search)", ("knowledge.py", "_quick")),
    ("          grid_of", ("notes.py", "grid_of")),
    ("            explain", ("notes.py", "explain")),
    ("            open_why", ("notes.py", "open_why")),
    ("        entries", ("log.py", "entries")),
    ("        advice", ("advisor.py", "advice")),
    ("        grid (view)", ("view.py", "grid")),
    ("        export", ("text.py", "export")),
    ("        now_for", ("prompts.py", "now_for")),
    ("        news_for", ("prompts.py", "news_for")),
    ("    json.dumps", ("__init__.py", "dumps")),
    ("  commit: store append", ("store.py", "append")),
    ("  hub broadcast (pushes on the path)", ("live.py", "broadcast")),
    ("    page_for", ("render.py", "page_for")),
    ("    rendering (templates)", ("render.py", "inner")),
    ("answer (view + json)", ("api.py", "answer")),
    ("Background.ask", ("background.py", "ask")),
]


class Timed:
    """Background with a clock on each task: sent, done; and the wall time a request waited."""

    def __init__(self):
        self.sent: dict = {}
        self.done: dict = {}
        self.waited = 0.0
        real_send, real_ask = background.Background._send, background.Background.ask
        me = self

        def _send(self_, slot, msg):
            me.sent[msg["key"]] = (time.perf_counter(), slot.lane, msg["task"])
            return real_send(self_, slot, msg)

        def ask(self_, task, key, payload, lane="slow", wait=0.0, queue=True):
            t0 = time.perf_counter()
            try:
                return real_ask(self_, task, key, payload, lane=lane, wait=wait, queue=queue)
            finally:
                if wait:
                    me.waited += time.perf_counter() - t0

        background.Background._send = _send
        background.Background.ask = ask


def proc_cpu(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except OSError:
        return 0.0


def lanes_cpu(bg) -> dict:
    """Per lane, the CPU seconds its processes have used."""
    if not hasattr(bg, "_slots"):  # an older checkout: one process per lane
        return {lane: proc_cpu(p.pid) for lane, p in bg._procs.items()}
    return {lane: sum(proc_cpu(s.proc.pid) for s in slots if s.proc is not None) for lane, slots in bg._slots.items()}


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    timed = Timed()
    rng = random.Random(2026)
    prof = cProfile.Profile(time.perf_counter_ns, 1e-9) if os.environ.get("WALL") else cProfile.Profile(time.thread_time_ns, 1e-9)
    if os.environ.get("NOPROF"):  # the figures without cProfile's overhead
        prof.enable = prof.disable = lambda: None
    rows = []
    from companion import tables as tables_module
    commits = [0.0]
    real_commit = tables_module.Tables._commit

    def _commit(self, *args):  # the checked views (every seat's) and the store: the answer's part
        t0 = time.perf_counter()
        try:
            return real_commit(self, *args)
        finally:
            commits.append(time.perf_counter() - t0)
    tables_module.Tables._commit = _commit
    with tempfile.TemporaryDirectory() as tmp:
        rig = table13.InProcess(os.path.join(tmp, "c.db"))
        tables = rig.app.extensions["tables"]
        bg = tables.compute
        arrived: dict = {}
        real_results = bg._results

        class Watch(type(real_results)):
            def __setitem__(self, key, value):
                arrived.setdefault(key, time.perf_counter())
                super().__setitem__(key, value)
        bg._results = Watch(real_results)
        from companion.live import Connection
        for _g in range(games):
            t = rig.post("/api/tables", {"game": "clue", "name": "Host", "options": {"players": SIX}})
            code, host = t["code"], t["token"]
            tokens = [rig.post(f"/api/tables/{code}/seats", {"name": n}, host)["token"] for n in SIX]
            env = [rng.choice(VILLAINS), rng.choice(OBJECTS), rng.choice(LAIRS)]
            rest = [c for c in VILLAINS + OBJECTS + LAIRS if c not in env]
            rng.shuffle(rest)
            hands = [rest[i::6] for i in range(6)]
            for tok, hand in zip(tokens, hands, strict=True):
                rig.post(f"/api/tables/{code}/actions", {"type": "hand", "cards": hand}, tok)
            table = tables.get(code)
            conns = []
            for sid in sorted(table.seats):
                if sid == 0:
                    continue
                conn = Connection(table13.MemSocket(), code, sid)
                rig.hub.add(conn)
                conns.append(conn)
            rig.conns += conns
            for n in range(rng.randint(8, 16)):
                by = n % 6
                trio = [rng.choice(VILLAINS), rng.choice(OBJECTS), rng.choice(LAIRS)]
                d = next(((by + j) % 6 for j in range(1, 6) if set(trio) & set(hands[(by + j) % 6])), None)
                body = {"type": "suggestion", "by": SIX[by], "cards": trio, "disproved_by": SIX[d] if d is not None else None}
                if d is not None:
                    body["shown"] = rng.choice(sorted(set(trio) & set(hands[d])))
                before = set(timed.sent)
                cpu0 = lanes_cpu(bg)
                timed.waited = 0.0
                p0 = time.process_time()
                w0, c0 = time.perf_counter(), time.thread_time()
                prof.enable()
                rig.post(f"/api/tables/{code}/actions", body, tokens[by])
                prof.disable()
                w1, c1 = time.perf_counter(), time.thread_time()
                end = time.perf_counter() + 30
                idle_since = None
                while time.perf_counter() < end:  # until the workers have had nothing to do for 0.2 s
                    busy = any(s.tasks for ss in bg._slots.values() for s in ss) or any(bg._queues.values()) \
                        if hasattr(bg, "_slots") else any(k not in arrived for k in list(timed.sent))
                    if busy:
                        idle_since = None
                    elif idle_since is None:
                        idle_since = time.perf_counter()
                    elif time.perf_counter() - idle_since > 0.2:
                        break
                    time.sleep(0.002)
                new = [k for k in list(timed.sent) if k not in before]
                by_lane: dict = {}
                for k in new:
                    sent, lane, _task = timed.sent[k]
                    by_lane.setdefault(lane, []).append(arrived.get(k, float("nan")) - w0)
                p1 = time.process_time()
                cpu1 = lanes_cpu(bg)
                rows.append({"wall": (w1 - w0) * 1000, "cpu": (c1 - c0) * 1000, "commit": commits[-1] * 1000, "server_cpu": (p1 - p0) * 1000,
                             "waited": timed.waited * 1000,
                             "fast_n": len(by_lane.get("fast", [])), "fast_last": max(by_lane.get("fast", [0])) * 1000,
                             "slow_n": len(by_lane.get("slow", [])), "slow_last": max(by_lane.get("slow", [0])) * 1000,
                             "cpu_fast": (cpu1.get("fast", 0) - cpu0.get("fast", 0)) * 1000,
                             "cpu_slow": (cpu1.get("slow", 0) - cpu0.get("slow", 0)) * 1000})
            rig.drop(conns)
        rig.close()
        bg.close()
    n = len(rows)
    print(f"{n} suggestions, {games} six-player games, six phones each (ms; p50 / p90 / max)")
    for key in ("commit", "wall", "cpu", "server_cpu", "waited", "fast_n", "fast_last", "cpu_fast", "slow_n", "slow_last", "cpu_slow"):
        xs = sorted(r[key] for r in rows)
        print(f"  {key:10s} p50 {statistics.median(xs):8.1f}  p90 {xs[int(0.9 * (n - 1))]:8.1f}  max {xs[-1]:8.1f}")
    if os.environ.get("NOPROF"):
        return
    stats = pstats.Stats(prof)
    print("\n== the request, CPU ms per suggestion (cumulative, cProfile adds overhead) ==")
    for label, (file, func) in STAGES:
        total = 0.0
        for (f, _line, name), (_cc, _nc, _tt, ct, _callers) in stats.stats.items():
            if f.endswith(file) and name == func:
                total += ct
        print(f"  {label:40s} {total / n * 1000:8.2f}")
    stats.sort_stats("tottime").print_stats(30)
    stats.sort_stats("cumulative").print_stats(60)


if __name__ == "__main__":
    main()
