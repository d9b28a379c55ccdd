"""Several processes on one PostgreSQL database: what crossing processes costs.

Starts a throwaway PostgreSQL cluster (companion/pgcluster.py) and `companion serve` processes
on it (gunicorn, one gevent worker each, as `make run`), and measures in one run:
  1. one busy table of 13 sockets (a Gathering night), actions back to back: the time from the
     request to the last socket's update, with the sockets on the process that took the action
     (same process) and on another process (cross-process: NOTIFY, LISTEN, catch-up, push), and
     the same-process figure on SQLite for reference;
  2. throughput: 100 tables of 4 sockets, each table acting once a second for 20 s, on 1 process
     and on 2 (each table's actions go to one process and its sockets to the other): actions
     answered per second, the answer's p50/p99, and the time to the last socket p50/p99.
Prints figures; it is not a test.  Run: .venv/bin/python bench/multiprocess.py
"""

import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import fanout  # noqa: E402  (the same server start, sockets, markers and percentiles)
from fanout import Arrivals, CompanionTable, Listener, many, one_busy, pct, post, report  # noqa: E402

from companion.pgcluster import Cluster  # noqa: E402


def serve(db):
    return fanout.start("companion", {"COMPANION_DB": db})


class Small:
    """A Villainous table of 4 sockets: actions to `act_base`, sockets on `listen_base`."""
    seats = 4

    def __init__(self, act_base, listen_base, arrivals):
        self.base = act_base
        t = post(act_base, "/api/tables", {"game": "villainous", "name": "Host"})
        self.code, self.token = t["code"], t["token"]
        tokens = [self.token] + [post(act_base, f"/api/tables/{self.code}/seats", {"name": f"P{i}"}, self.token)["token"]
                                 for i in range(3)]
        url = listen_base.replace("http", "ws") + f"/tables/{self.code}/ws"
        self.listeners = [Listener(url, {"Authorization": f"Bearer {tok}"}, arrivals) for tok in tokens]

    def act(self, marker):
        post(self.base, f"/api/tables/{self.code}/actions", {"type": "roll", "dice": "d6", "purpose": marker}, self.token)


def busy(act_base, listen_base, rounds=200):
    arrivals = Arrivals()
    table = CompanionTable(act_base, arrivals)
    if listen_base != act_base:  # the same table's 13 seats, listening on the other process
        for old in table.listeners:
            old.ws.close()
        tokens = table.tokens
        ws_url = listen_base.replace("http", "ws") + f"/tables/{table.code}/ws"
        table.listeners = [Listener(ws_url, {"Authorization": f"Bearer {tok}"}, arrivals) for tok in tokens]
    time.sleep(1.0)  # every socket has its first page
    one_busy(table, arrivals, rounds=20)  # warm up
    return one_busy(table, arrivals, rounds=rounds)


def throughput(bases, tables=100, seconds=20):
    arrivals = Arrivals()
    n = len(bases)
    made = [Small(bases[i % n], bases[(i + 1) % n], arrivals) for i in range(tables)]
    time.sleep(2.0)
    answers = []
    started = time.perf_counter()
    delivered = many(made, arrivals, seconds, answers)
    elapsed = time.perf_counter() - started
    for t in made:
        for listener in t.listeners:
            listener.ws.close()
    return len(answers) / elapsed, answers, delivered


def main():
    tmp = tempfile.mkdtemp(prefix="bench-mp-")
    procs = []
    with Cluster() as pg:
        try:
            url = pg.database("bench")
            a, base_a = serve(url)
            b, base_b = serve(url)
            s, base_s = serve(os.path.join(tmp, "bench.db"))
            procs += [a, b, s]
            print("1. One table of 13 sockets, actions back to back (request to the last socket):")
            same = report("PostgreSQL, same process", busy(base_a, base_a))
            cross = report("PostgreSQL, cross-process", busy(base_a, base_b))
            lite = report("SQLite, one process (reference)", busy(base_s, base_s))
            print(f"  cross-process p99 = {cross[1] / same[1]:.2f}x the same-process p99 (target <= 3x); "
                  f"PostgreSQL same-process p99 = {same[1] / lite[1]:.2f}x SQLite's")
            if os.environ.get("BENCH_PARTS", "12") == "1":
                return
            print("2. 100 tables of 4 sockets, each acting once a second for 20 s:")
            for label, bases in (("1 process", [base_a]), ("2 processes", [base_a, base_b])):
                rate, answers, delivered = throughput(bases)
                lost = sum(1 for d in delivered if d == float("inf"))
                print(f"  {label:12s} {rate:6.1f} actions/s answered; answer p50 {pct(answers, 50):6.2f} ms "
                      f"p99 {pct(answers, 99):6.2f} ms; last socket p50 {pct(delivered, 50):6.2f} ms "
                      f"p99 {pct([d for d in delivered if d != float('inf')], 99):6.2f} ms; {lost} not delivered")
        finally:
            for p in procs:
                p.terminate()
                p.wait()


if __name__ == "__main__":
    main()
