"""Instructions per action at the 13-seat Gathering table, counted by valgrind (callgrind): a
measure the machine's load does not move at all, for comparing two checkouts when the wall clock
and even CPU time swing with the other work on a shared machine (issue 27).

In-process (bench/table13.py's rig: the real app and hub, SQLite with a sync per commit so the
background's timing cannot differ, in-memory sockets, the Flask test client for the requests), it
counts a whole run with 0 and with N actions and prints the difference per action: a roll, and
the debate timer started in the day (an action that changes every page). The Flask test client
is counted too, the same for both checkouts. About two minutes a figure.

Run: .venv/bin/python bench/instructions.py [--root DIR ...] [--n 20]   (a tool to read, not a test)
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


def drive(what: str, n: int) -> None:
    """Inside valgrind: 10 actions to warm up, then n counted ones (0 for the baseline)."""
    import table13

    with tempfile.TemporaryDirectory() as tmp:
        rig = table13.InProcess(os.path.join(tmp, "b.db"))
        code, token, view, _ = rig.table()
        act = f"/api/tables/{code}/actions"
        if what == "roll":
            def body(i):
                return {"type": "roll", "dice": "2d6"}
        else:
            while view["phase"] == "night":
                view = rig.post(act, table13.night_body(view), token)["view"]

            def body(i):
                return {"type": "timer_start", "seconds": 60 + i}
        for i in range(10 + n):
            rig.post(act, body(i), token)
        os._exit(0)  # (no teardown counted)


def count(root: Path, what: str, n: int) -> int:
    env = {**os.environ, "COMPANION_SYNC_EVERY": "0", "PYTHONHASHSEED": "0",
           "PYTHONPATH": os.pathsep.join([str(root), str(HERE)])}
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                          __file__, "--drive", what, str(n)], env=env, capture_output=True, text=True, cwd=root)
    got = re.search(r"Collected : (\d+)", out.stderr)
    if not got:
        raise SystemExit(f"valgrind gave no count:\n{out.stderr[-2000:]}")
    return int(got.group(1))


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--drive":
        sys.path.insert(0, str(HERE))
        return drive(sys.argv[2], int(sys.argv[3]))
    p = argparse.ArgumentParser()
    p.add_argument("--root", type=Path, action="append", help="a checkout to count (this one by default)")
    p.add_argument("--n", type=int, default=20)
    args = p.parse_args()
    for root in args.root or [HERE.parent]:
        for what in ("roll", "every page"):
            kind = "roll" if what == "roll" else "timer"
            per = (count(root, kind, args.n) - count(root, kind, 0)) / args.n
            print(f"  {str(root):28s} {what:11s} {per / 1e6:6.2f} M instructions per action", flush=True)


if __name__ == "__main__":
    main()
