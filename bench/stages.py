"""Where a server's time goes, by stage, for a roll and a dawn at a 13-seat Gathering table.

In-process: the real app (create_app, a SQLite file, the Flask test client for the actions) and
the real hub, its Connection objects on in-memory sockets whose send() frames the message as
simple-websocket does (wsproto) and writes it to a socketpair read on the side. cProfile over
N actions (timed by the thread's CPU time, not the clock: waits such as
an fsync are left out), then the cumulative time of the stages' functions, per action:
commit (the store's append), views (core.views.view_for), slices (core.regions.slices),
rendering (Renderer.inner's templates), sending (the socket's send), the whole request.

Run: .venv/bin/python bench/stages.py [rounds]   (BENCH_ROOT=DIR: that checkout's code)   (a tool to read, not a test)
"""

import cProfile
import os
import pstats
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = Path(os.environ.get("BENCH_ROOT", HERE.parent))  # another checkout's companion (an old commit)
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))

import table13  # noqa: E402


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    with tempfile.TemporaryDirectory() as tmp:
        rig = table13.InProcess(os.path.join(tmp, "b.db"))
        try:
            for what in ("roll", "dawn"):
                prof = cProfile.Profile(time.thread_time_ns, 1e-9)  # CPU time: the machine's load hardly moves it
                n = rig.profile(what, rounds, prof)
                report(what, prof, n)
        finally:
            rig.close()


STAGES = [
    ("request (whole)", ("api.py", "post_action")),
    ("commit: store append", ("store.py", "append")),
    ("commit: game step", ("table.py", "step")),
    ("views (view_for)", ("views.py", "view_for")),
    ("page_for", ("render.py", "page_for")),
    ("slices", ("regions.py", "slices")),
    ("renderer.changed", ("render.py", "changed")),
    ("rendering (templates)", ("render.py", "inner")),
    ("hub.push", ("live.py", "push")),
    ("offer", ("live.py", "offer")),
    ("sending: written at once", ("live.py", "_write_now")),
    ("sending: by a sender", ("live.py", "_send")),
    ("framing (+ deflate)", ("live.py", "text_frame")),
    ("log_for", ("views.py", "log_for")),
    ("json.dumps", ("__init__.py", "dumps")),
]


def report(what, prof, n):
    stats = pstats.Stats(prof)
    print(f"\n== {what}: {n} actions, ms per action (cumulative, cProfile adds overhead) ==")
    for label, (file, func) in STAGES:
        total = 0.0
        for (f, _line, name), (_cc, _nc, _tt, ct, _callers) in stats.stats.items():
            if f.endswith(file) and name == func:
                total += ct
        print(f"  {label:28s} {total / n * 1000:8.2f}")
    stats.sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
