"""The server's garbage collector: full collections on a timer, never on the allocator's count
(companion.server.collect_on_a_timer; issue 27: they were the tail of 50 busy tables)."""

import subprocess
import sys
import textwrap


def run(code: str) -> str:
    out = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


def test_a_full_collection_never_comes_from_allocating_only_from_the_timer():
    got = run("""
        import gc, weakref
        from companion import server

        server.collect_on_a_timer()
        full = []
        gc.callbacks.append(lambda phase, info: phase == "stop" and info["generation"] == 2 and full.append(1))

        class Node:
            pass

        gone = []
        a, b = Node(), Node()
        a.other, b.other = b, a  # a cycle: only the collector frees it
        weakref.finalize(a, gone.append, "a")
        for _ in range(3):  # survives young collections: it reaches the oldest generation
            gc.collect(1)
        del a, b
        keep = [[i] for i in range(300_000)]  # the allocator's count would start several full collections
        print(len(full), len(gone), gc.get_freeze_count() > 0)

        ticks = []
        def sleep(seconds):
            ticks.append(seconds)
            if len(ticks) > 1:
                raise SystemExit(f"{len(full)} {len(gone)} {ticks[0]}")
        try:
            server.full_collections(300.0, sleep=sleep)
        except SystemExit as done:
            print(done)
    """)
    automatic, timer = got.splitlines()
    assert automatic == "0 0 True"  # no full collection while allocating: the cycle is still there
    assert timer == "1 1 300.0"  # the timer's collection freed it
