"""Clue deduction benchmark (prints figures; not a test).

Random six-player games played by the rules (a real deal, suggestions disproved honestly by the
first player to the left who can), seen by one player after 10 to 40 suggestions:
  - time to all forced facts (target p99 <= 50 ms);
  - time to the probabilities (target <= 500 ms), and how often they are exact;
  - on games small enough to enumerate every deal, the share of forced facts found (target 100%).
Run: .venv/bin/python bench/clue.py
"""

import random
import statistics
import time

from companion.games import clue_solver as cs
from companion.games.clue_sim import play, possible_holders


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def main(games=200):
    rng = random.Random(2026)
    t_facts, t_probs, exact = [], [], 0
    for _ in range(games):
        k = play(rng, (6, 6, 9), 6, rng.randint(10, 40))
        t0 = time.perf_counter()
        solved = cs.solve(k)
        t1 = time.perf_counter()
        probs = cs.probabilities(k, solved["possible"])
        t2 = time.perf_counter()
        t_facts.append((t1 - t0) * 1000)
        t_probs.append((t2 - t1) * 1000)
        exact += not probs.get("sampled")
    print(f"Clue deduction, {games} random six-player games, 10 to 40 suggestions each:")
    print(f"  forced facts:   p50 {statistics.median(t_facts):6.1f} ms  p99 {pct(t_facts, 99):6.1f} ms  "
          f"max {max(t_facts):6.1f} ms  (target p99 <= 50 ms)")
    print(f"  probabilities:  p50 {statistics.median(t_probs):6.1f} ms  p99 {pct(t_probs, 99):6.1f} ms  "
          f"max {max(t_probs):6.1f} ms  (target <= 500 ms); exact in {exact} of {games}, "
          f"the rest sampled with a stated margin")
    found = total = 0
    for g in range(150):
        sizes, players = [((3, 3, 3), 3), ((3, 3, 4), 2), ((2, 3, 4), 3), ((3, 3, 4), 3)][g % 4]
        k = play(rng, sizes, players, rng.randint(2, 8))
        truth = possible_holders(k)
        got = cs.solve(k)["possible"]
        forced_truth = sum(bin(((1 << k.holders) - 1) & ~d).count("1") + (1 if d & (d - 1) == 0 else 0) for d in truth)
        forced_got = sum(bin(((1 << k.holders) - 1) & ~d).count("1") + (1 if d & (d - 1) == 0 else 0)
                         for d, t in zip(got, truth, strict=True) if d == t)
        total += forced_truth
        found += forced_got
        assert got == truth, "deduction differs from the enumerator"
    print(f"  completeness against the enumerator (150 small games): {found}/{total} forced facts "
          f"= {100 * found / total:.1f}% (target 100%), and none unsound")


if __name__ == "__main__":
    main()
