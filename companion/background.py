"""Heavy, pure work done in separate processes, so that no table's answer waits on the CPU.

Each lane is one worker process (started on first use) fed tasks as JSON lines: "fast" for work
an answer may wait for (a few milliseconds, waited for without holding the server), "slow" for
work that may take seconds (pushed when done). Results are kept in a bounded cache by key.
Listeners hear the task's name when a result arrives, so the pages that showed "working it
out" can be pushed again. No Flask here.
"""

import json
import logging
import subprocess
import sys
import threading
from collections import OrderedDict

log = logging.getLogger(__name__)


class Background:
    def __init__(self, keep: int = 1024):
        self.keep = keep
        self.listeners = []  # callables (task name) after a result arrives
        self.generation = 0  # how many results have come in (views that read them are computed again)
        self._results: OrderedDict = OrderedDict()
        self._waiting: dict[str, threading.Event] = {}
        self._lock = threading.Lock()
        self._procs: dict[str, subprocess.Popen] = {}

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
                self._send(lane, {"task": task, "key": key, "payload": payload})
        if wait and done.wait(wait):
            with self._lock:
                return self._results.get(key)
        return None

    def _send(self, lane: str, msg: dict):
        proc = self._procs.get(lane)
        if proc is None or proc.poll() is not None:
            proc = self._procs[lane] = subprocess.Popen([sys.executable, "-m", "companion.worker"],
                                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                                        bufsize=1)
            threading.Thread(target=self._read, args=(lane, proc), daemon=True, name=f"background-{lane}").start()
        try:
            proc.stdin.write(json.dumps(msg) + "\n")
            proc.stdin.flush()
        except (OSError, ValueError):
            log.warning("the %s background worker is gone; it restarts on the next task", lane)
            self._waiting.pop(msg["key"], None)
            self._procs.pop(lane, None)

    def _read(self, lane: str, proc: subprocess.Popen):
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
            if done is not None:
                done.set()
            for listener in list(self.listeners):
                try:
                    listener(msg["task"])
                except Exception:
                    log.exception("a background listener failed")
        with self._lock:  # the worker ended: what it owed is asked again next time
            if self._procs.get(lane) is proc:
                self._procs.pop(lane)
            for event in self._waiting.values():
                event.set()
            self._waiting.clear()

    def close(self):
        with self._lock:
            procs, self._procs = list(self._procs.values()), {}
        for proc in procs:
            try:
                proc.stdin.close()
                proc.wait(timeout=2)
            except Exception:
                proc.kill()
