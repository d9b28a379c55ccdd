"""Slow clients against the server `make run` starts: figures for issue 24.1.

Another table's roll (a POST and its answer, from 127.0.0.1) is timed quiet, then while one
attacker on 127.0.0.2 (another loopback address, as another host would be) opens many slow
uploads (`POST /api/tables`, `Content-Length: 60000`, a byte every 2 s), then many slow headers
(a header line every 2 s, reopened as they close). /healthz is asked meanwhile. Prints figures;
it is not a test.  Run: .venv/bin/python bench/attack.py [connections]
"""

import os
import signal
import socket
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fanout import pct, post, start  # noqa: E402

ATTACKER = "127.0.0.2"


def rolls(base, code, token, seconds):
    lat, failed, end = [], 0, time.monotonic() + seconds
    while time.monotonic() < end:
        t0 = time.perf_counter()
        try:
            post(base, f"/api/tables/{code}/actions", {"type": "roll", "dice": "2d6"}, token)
            lat.append(time.perf_counter() - t0)
        except OSError:
            failed += 1
        time.sleep(0.1)
    return lat, failed


def healthy(base) -> bool:
    try:
        return urllib.request.urlopen(base + "/healthz", timeout=5).status == 200
    except OSError:
        return False


def attacker(base, n, kind, stop, opened):
    host, port = base.rsplit("//", 1)[1].split(":")
    socks = []

    def one():
        s = socket.socket()
        s.bind((ATTACKER, 0))
        s.settimeout(5)
        s.connect((host, int(port)))
        if kind == "body":
            s.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n")
        else:
            s.sendall(b"GET / HTTP/1.1\r\n")
        return s

    while not stop.is_set():
        while len(socks) < n and not stop.is_set():
            try:
                socks.append(one())
                opened[0] += 1
            except OSError:
                time.sleep(0.05)
                break
        alive = []
        for s in socks:  # a byte every 2 s on each; the ones the server closed are reopened
            try:
                s.sendall(b" " if kind == "body" else b"X-a: b\r\n")
                alive.append(s)
            except OSError:
                s.close()
        socks = alive
        stop.wait(2.0)
    for s in socks:
        s.close()


def case(base, code, token, n, kind):
    stop, opened = threading.Event(), [0]
    t = threading.Thread(target=attacker, args=(base, n, kind, stop, opened), daemon=True)
    t.start()
    time.sleep(3)
    lat, failed = rolls(base, code, token, 15)
    ok = healthy(base)
    stop.set()
    t.join()
    figures = (f"p50 {pct(lat, 50):.1f} ms, p99 {pct(lat, 99):.1f} ms, max {max(lat) * 1000:.0f} ms" if lat
               else "no roll answered")
    print(f"  {n} slow {'uploads' if kind == 'body' else 'headers'} from one address ({opened[0]} opened): "
          f"another table's roll {figures}, {failed} failed of {len(lat) + failed}; "
          f"/healthz {'200' if ok else 'timed out'}")


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    with tempfile.TemporaryDirectory() as tmp:
        proc, base = start("companion", {"COMPANION_DB": os.path.join(tmp, "a.db")})
        try:
            t = post(base, "/api/tables", {"game": "touch-of-evil", "name": "Ann"})
            lat, failed = rolls(base, t["code"], t["token"], 10)
            print(f"  quiet: another table's roll p50 {pct(lat, 50):.1f} ms, p99 {pct(lat, 99):.1f} ms ({failed} failed)")
            case(base, t["code"], t["token"], n, "body")
            case(base, t["code"], t["token"], n, "headers")
        finally:
            proc.send_signal(signal.SIGTERM)
            proc.wait()


if __name__ == "__main__":
    main()
