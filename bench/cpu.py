"""Server CPU milliseconds per roll and per dawn at a 13-seat Gathering table: a measure the
machine's load hardly moves (time on a CPU, not time waited), cheap enough for every `make bench`.

It starts the server `make run` starts (`companion serve`: gunicorn, one gevent worker) from a
checkout (this one, or `--root DIR`: an old commit's worktree, driven through the public API
only), opens the table of bench/table13.py (the narrator and 12 players dealt, night 1, one
socket each, offering permessage-deflate as browsers do) and reads the server's CPU time (the
kernel's per-thread run time, /proc/PID/task/*/schedstat, of the worker and its children)
around each action, from its request until every socket has received its push:
  roll: 200 rolls at one table (after 20 not counted);
  dawn: the night's last choice, which changes every page, at 20 fresh tables.
Prints the median and the mean and appends a row to bench/history.csv (commit, date, load
average, figures, a note).

Run: .venv/bin/python bench/cpu.py [--root DIR] [--note TEXT] [--no-record]
"""

import argparse
import csv
import datetime
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import table13  # noqa: E402
from fanout import free_port  # noqa: E402

HISTORY = HERE / "history.csv"
FIELDS = ["commit", "date", "load1", "roll_cpu_ms", "dawn_cpu_ms", "roll_cpu_mean_ms", "dawn_cpu_mean_ms", "note"]
ROLLS, WARM, DAWNS = 200, 20, 20


def start(root: Path, db: str):
    port = free_port()
    env = {**os.environ, "COMPANION_CREATES_PER_HOUR": "100000", "COMPANION_DB": db, "MALLOC_ARENA_MAX": "2",
           "PYTHONPATH": str(root)}  # that checkout's companion, whatever this venv has installed
    cmd = [sys.executable, "-c", "import sys; from companion.cli import main; main(sys.argv[1:])",
           "serve", "--host", "127.0.0.1", "--port", str(port), "--db", db]
    proc = subprocess.Popen(cmd, cwd=root, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    for _ in range(400):
        try:
            urllib.request.urlopen(base + "/healthz", timeout=1)
            break
        except OSError:
            time.sleep(0.05)
    return proc, base


def family(pid: int) -> list[int]:
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        kids = subprocess.run(["pgrep", "-P", str(p)], capture_output=True, text=True).stdout.split()
        todo += [int(k) for k in kids]
    return out


class Clock:
    """The CPU time (ns) the server's worker and its children have run, from the kernel."""

    def __init__(self, master: subprocess.Popen):
        self.pids = [p for p in family(master.pid) if p != master.pid]  # the worker (and any of its processes)

    def __call__(self) -> int:
        total = 0
        for pid in self.pids:
            try:
                tasks = os.listdir(f"/proc/{pid}/task")
            except FileNotFoundError:
                continue
            for tid in tasks:
                try:
                    with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                        total += int(f.read().split()[0])
                except (FileNotFoundError, ProcessLookupError):
                    pass
        return total


def timed(clock, table, body) -> tuple[float, dict]:
    before = table.counts()
    c0 = clock()
    answer = table.act(body)
    table.settle(before)
    time.sleep(0.002)  # the last frame written is the server's last work for it
    return (clock() - c0) / 1e6, answer


def rolls(clock, base) -> list[float]:
    table = table13.Remote(base)
    try:
        for _ in range(WARM):
            timed(clock, table, {"type": "roll", "dice": "2d6"})
        return [timed(clock, table, {"type": "roll", "dice": "2d6"})[0] for _ in range(ROLLS)]
    finally:
        table.close()


def dawns(clock, base) -> list[float]:
    out = []
    for _ in range(DAWNS):
        table = table13.Remote(base)
        try:
            view = table.view
            while not table13.last_night_step(view):
                view = table.act(table13.night_body(view))["view"]
            time.sleep(0.05)
            ms, answer = timed(clock, table, table13.night_body(view))
            assert answer["view"]["phase"] != "night", "the last step did not bring the dawn"
            out.append(ms)
        finally:
            table.close()
        time.sleep(0.05)
    return out


def commit_of(root: Path) -> str:
    sha = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "--", ".", ":!bench/history.csv"],
                           cwd=root, capture_output=True, text=True).stdout.strip()  # "+": changes not committed
    return sha + ("+" if dirty else "")


def measure(root: Path) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        proc, base = start(root, os.path.join(tmp, "cpu.db"))
        try:
            clock = Clock(proc)
            r = rolls(clock, base)
            d = dawns(clock, base)
        finally:
            proc.terminate()
            proc.wait()
    return {"roll": r, "dawn": d}


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--root", type=Path, default=HERE.parent, help="the checkout whose server is measured")
    p.add_argument("--note", default="", help="a note for the history row")
    p.add_argument("--no-record", action="store_true", help="print only; append nothing to bench/history.csv")
    p.add_argument("--commit", default="", help="the commit measured, when --root is an export (no git checkout)")
    args = p.parse_args(argv)
    root = args.root.resolve()
    load = os.getloadavg()[0]
    got = measure(root)
    row = {"commit": args.commit or commit_of(root), "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M"),
           "load1": f"{load:.2f}"}
    print(f"Server CPU per action at a 13-seat Gathering table (commit {row['commit']}, load average {load:.2f}):")
    for what in ("roll", "dawn"):
        values = got[what]
        med, mean = statistics.median(values), statistics.fmean(values)
        row[f"{what}_cpu_ms"], row[f"{what}_cpu_mean_ms"] = f"{med:.2f}", f"{mean:.2f}"
        print(f"  {what:5s} n={len(values):3d}  median {med:6.2f} ms  mean {mean:6.2f} ms  "
              f"min {min(values):6.2f} ms  max {max(values):6.2f} ms")
    row["note"] = args.note
    if not args.no_record:
        new = not HISTORY.exists()
        with HISTORY.open("a", newline="") as f:
            w = csv.DictWriter(f, fieldnames=FIELDS)
            if new:
                w.writeheader()
            w.writerow(row)
        print(f"  recorded in {HISTORY.relative_to(HERE.parent)}")
    return row


if __name__ == "__main__":
    main()
