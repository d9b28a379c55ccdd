"""Heavy, pure work done in separate processes, so that no table's answer waits on the CPU.

Each lane is a set of worker processes (each started on first use) fed tasks as JSON lines: "fast"
(one process, every task sent at once) for work an answer may wait for (a few milliseconds, waited
for without holding the server), "slow" (one process per core, at most SLOW_MAX) for work that may
take seconds (pushed when done). A slow task waits here, in the order asked, and goes to the slow
process with the fewest tasks (at most SLOW_AHEAD each: the next one is in its pipe when it ends
one, however busy the server is), so a burst (the six seats' odds after a suggestion) is spread
over the cores. The fast lane comes first: while it has work (for up to FAST_FIRST seconds), no
slow task is sent, so the searches an answer waits for do not share the cores with odds that can
wait. Results are kept in a bounded cache by
key. Listeners hear the task's name when a result arrives, so the pages that showed "working it
out" can be pushed again. No Flask here.
"""

import json
import logging
import os
import subprocess
import sys
import threading
import time
from collections import OrderedDict, deque

log = logging.getLogger(__name__)

SLOW_MAX = 4  # slow-lane processes at most, whatever the number of cores
SLOW_NICE = 0  # the slow lane's niceness (see slow_nice)
SLOW_AHEAD = 2  # tasks sent to one slow process at once (the one it works on, the next)
FAST_FIRST = 0.25  # seconds a fast task under way holds the slow lane back, at most


def slow_workers() -> int:
    """The slow lane's processes: COMPANION_SLOW_WORKERS, else one per core (at most SLOW_MAX)."""
    given = os.environ.get("COMPANION_SLOW_WORKERS", "")
    if given.isdigit() and int(given) > 0:
        return int(given)
    return max(1, min(SLOW_MAX, os.cpu_count() or 1))


def slow_nice() -> int:
    """How much the slow lane's processes give way to the server and the fast lane when the
    cores are busy (os.nice): COMPANION_SLOW_NICE, else SLOW_NICE."""
    given = os.environ.get("COMPANION_SLOW_NICE", "")
    return int(given) if given.isdigit() else SLOW_NICE


class _Slot:
    """One worker process of a lane, and the tasks sent to it, in order (the first under way)."""

    def __init__(self, lane: str, index: int):
        self.lane, self.index = lane, index
        self.proc: subprocess.Popen | None = None
        self.tasks: deque = deque()
        self.since = 0.0  # when its first task began (time.monotonic())
        self.done = 0  # tasks it has answered (tests and benchmarks read it)


class Background:
    def __init__(self, keep: int = 1024, slow: int | None = None):
        self.keep = keep
        self.listeners = []  # callables (task name) after a result arrives
        self.generation = 0  # how many results have come in (views that read them are computed again)
        self._results: OrderedDict = OrderedDict()
        self._waiting: dict[str, threading.Event] = {}
        self._lock = threading.Lock()
        self._slots = {"fast": [_Slot("fast", 0)], "slow": [_Slot("slow", i) for i in range(slow or slow_workers())]}
        self._queues = {lane: deque() for lane in self._slots}
        self._timer: threading.Timer | None = None

    def ask(self, task: str, key: str, payload, lane: str = "slow", wait: float = 0.0, queue: bool = True):
        """The result of `task` for `key` if known (or known within `wait` seconds); else None,
        and the work is queued once. With `queue` False, work not asked for before is not queued
        (None at once); work under way is still waited for."""
        with self._lock:
            if key in self._results:
                self._results.move_to_end(key)
                return self._results[key]
            done = self._waiting.get(key)
            if done is None:
                if not queue:
                    return None
                done = self._waiting[key] = threading.Event()
                self._queues[lane if lane in self._queues else "slow"].append(
                    {"task": task, "key": key, "payload": payload})
                self._pump()
        if wait and done.wait(wait):
            with self._lock:
                return self._results.get(key)
        return None

    @property
    def workers(self) -> dict[str, list[int]]:
        """Per lane, how many tasks each of its processes has answered."""
        with self._lock:
            return {lane: [s.done for s in slots] for lane, slots in self._slots.items()}

    def _fast_busy(self) -> bool:
        """Whether the fast lane holds the slow one back: work queued, or a task under way for
        less than FAST_FIRST seconds. (Under the lock.)"""
        if self._queues["fast"]:
            return True
        now = time.monotonic()
        return any(s.tasks and now - s.since < FAST_FIRST for s in self._slots["fast"])

    def _pump(self):
        """Send queued tasks to free processes: the fast lane's first, then (when the fast lane
        lets it) the slow lane's. (Under the lock.)"""
        fast = self._queues["fast"]
        while fast:
            self._send(self._slots["fast"][0], fast.popleft())
        slow = self._queues["slow"]
        if slow and self._fast_busy():
            self._wake_later()
            return
        while slow:
            slot = min(self._slots["slow"], key=lambda s: len(s.tasks))
            if len(slot.tasks) >= SLOW_AHEAD:
                return
            if not self._send(slot, slow.popleft()):
                return

    def _wake_later(self):
        """Look again once a fast task under way has held the slow lane back long enough (its
        result, when it comes first, pumps too)."""
        if self._timer is not None:
            return

        def wake():
            with self._lock:
                self._timer = None
                self._pump()

        self._timer = threading.Timer(FAST_FIRST, wake)
        self._timer.daemon = True
        self._timer.start()

    def _send(self, slot: _Slot, msg: dict) -> bool:
        proc = slot.proc
        if proc is None or proc.poll() is not None:
            nice = slow_nice() if slot.lane == "slow" else 0
            proc = slot.proc = subprocess.Popen([sys.executable, "-m", "companion.worker", *(["--nice", str(nice)] * bool(nice))],
                                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                                bufsize=1)
            threading.Thread(target=self._read, args=(slot, proc), daemon=True,
                             name=f"background-{slot.lane}-{slot.index}").start()
        try:
            proc.stdin.write(json.dumps(msg) + "\n")
            proc.stdin.flush()
        except (OSError, ValueError):
            log.warning("a %s background worker is gone; it restarts on the next task", slot.lane)
            done = self._waiting.pop(msg["key"], None)
            if done is not None:
                done.set()
            slot.proc = None
            return False
        if not slot.tasks:
            slot.since = time.monotonic()
        slot.tasks.append(msg)
        return True

    def _read(self, slot: _Slot, proc: subprocess.Popen):
        for line in proc.stdout:
            try:
                msg = json.loads(line)
            except ValueError:
                continue
            with self._lock:
                self._results[msg["key"]] = msg["result"]
                while len(self._results) > self.keep:
                    self._results.popitem(last=False)
                self.generation += 1
                done = self._waiting.pop(msg["key"], None)
                if slot.proc is proc:
                    if slot.tasks and slot.tasks[0]["key"] == msg["key"]:
                        slot.tasks.popleft()
                    slot.since = time.monotonic()  # the next one begins
                    slot.done += 1
                self._pump()
            if done is not None:
                done.set()
            for listener in list(self.listeners):
                try:
                    listener(msg["task"])
                except Exception:
                    log.exception("a background listener failed")
        with self._lock:  # the worker ended: what it owed is asked again next time
            if slot.proc is proc:
                slot.proc = None
                while slot.tasks:
                    done = self._waiting.pop(slot.tasks.popleft()["key"], None)
                    if done is not None:
                        done.set()
                self._pump()

    def close(self):
        with self._lock:
            procs = [s.proc for slots in self._slots.values() for s in slots if s.proc is not None]
            for slots in self._slots.values():
                for s in slots:
                    s.proc = None
                    s.tasks.clear()
            for queue in self._queues.values():
                queue.clear()
            for event in self._waiting.values():
                event.set()
            self._waiting.clear()
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
        for proc in procs:
            try:
                proc.stdin.close()
                proc.wait(timeout=2)
            except Exception:
                proc.kill()
