"""Heavy, pure work done in a separate process, so that no table's answer waits for it.

One worker process (started on first use) takes tasks as JSON lines; results are kept in a
bounded cache by key. `ask` answers at once: the result if it is known, else None (and the task
is queued once). Listeners hear the task's name when a result arrives, so the pages that showed
"working it out" can be pushed again. No Flask here.
"""

import json
import logging
import subprocess
import sys
import threading
from collections import OrderedDict

log = logging.getLogger(__name__)


class Background:
    def __init__(self, keep: int = 512):
        self.keep = keep
        self.listeners = []  # callables (task name) after a result arrives
        self._results: OrderedDict = OrderedDict()
        self._pending: set[str] = set()
        self._lock = threading.Lock()
        self._proc: subprocess.Popen | None = None
        self.generation = 0  # how many results have come in (views that read them are computed again)

    def ask(self, task: str, key: str, payload):
        """The result of `task` for `key` if known; else None, and the work is queued."""
        with self._lock:
            if key in self._results:
                self._results.move_to_end(key)
                return self._results[key]
            if key in self._pending:
                return None
            self._pending.add(key)
            proc = self._worker()
            line = json.dumps({"task": task, "key": key, "payload": payload}) + "\n"
            try:
                proc.stdin.write(line)
                proc.stdin.flush()
            except (OSError, ValueError):
                log.warning("the background worker is gone; it restarts on the next task")
                self._pending.discard(key)
                self._proc = None
        return None

    def _worker(self) -> subprocess.Popen:
        if self._proc is None or self._proc.poll() is not None:
            self._proc = subprocess.Popen([sys.executable, "-m", "companion.worker"], stdin=subprocess.PIPE,
                                          stdout=subprocess.PIPE, text=True, bufsize=1)
            threading.Thread(target=self._read, args=(self._proc,), daemon=True, name="background-read").start()
        return self._proc

    def _read(self, proc: subprocess.Popen):
        for line in proc.stdout:
            try:
                msg = json.loads(line)
            except ValueError:
                continue
            with self._lock:
                self._pending.discard(msg["key"])
                self._results[msg["key"]] = msg["result"]
                while len(self._results) > self.keep:
                    self._results.popitem(last=False)
                self.generation += 1
            for listener in list(self.listeners):
                try:
                    listener(msg["task"])
                except Exception:
                    log.exception("a background listener failed")
        with self._lock:  # the worker ended: what it owed is asked again next time
            if self._proc is proc:
                self._proc = None
            self._pending.clear()

    def close(self):
        with self._lock:
            proc, self._proc = self._proc, None
        if proc is not None:
            try:
                proc.stdin.close()
                proc.wait(timeout=2)
            except Exception:
                proc.kill()
