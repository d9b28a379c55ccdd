"""The benchmarks' 13-seat Gathering of the Wicked table: the narrator and 12 players, dealt,
night 1 (every player's page its own: its card), one socket each; a roll, and the dawn (the
night's last choice, which changes every page).

Two ways to drive it: over HTTP and real sockets against a running server (`Remote`, used by
bench/cpu.py and able to run against old commits: it needs only the public API), and in-process
(`InProcess`: the real app and hub, in-memory sockets framed by wsproto as simple-websocket
frames them, used by bench/stages.py to profile).
"""

import json
import os
import socket
import threading
import time
import urllib.error
import urllib.request

import simple_websocket
from wsproto import ConnectionType, WSConnection
from wsproto.events import AcceptConnection, Request, TextMessage
from wsproto.extensions import PerMessageDeflate

PLAYERS = [f"P{i}" for i in range(12)]
CHARACTERS = ["maleficent", "diablo", "hades", "pain_and_panic", "prince_john", "sir_hiss", "queen_of_hearts",
              "king_of_hearts", "captain_hook", "mr_smee", "the_queen", "magic_mirror"]  # the rulebook's set for 12
SEATS = 1 + len(PLAYERS)


def night_body(view: dict) -> dict:
    """The narrator's next choice of the first night (spy, Team Mischief's target, Hades, the mirror)."""
    players, step = view["players"], view["step"]
    if step == "spy":
        return {"type": "spy", "target": next(p["name"] for p in players if p["character"] != "maleficent")}
    if step == "mischief_target":
        return {"type": step, "target": next(p["name"] for p in players if p["alignment"] == "mayhem"
                                             and p["character"] != "prince_john")}
    if step == "mirror":
        return {"type": "mirror", "target": next(p["name"] for p in players if p["alignment"] != "mayhem"
                                                 and p["character"] != "the_queen")}  # not tonight's victim
    if step == "hades":
        return {"type": "hades", "save": False}
    raise RuntimeError(f"unexpected night step {step!r}")


def last_night_step(view: dict) -> bool:
    """The step whose choice brings the dawn: the night's last."""
    return view["step"] == "mirror"


# ------------------------------------------------------------------ over HTTP and real sockets

def post(base, path, body, token=None):
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return json.loads(r.read() or b"null")
    except urllib.error.HTTPError as err:
        raise RuntimeError(f"{path} {body} answered {err.code}: {err.read()[:300]!r}") from None


class DeflateClient(simple_websocket.Client):
    """A socket that offers permessage-deflate, as every browser does (simple-websocket's own
    client offers none, so the server would never compress for it)."""

    def handshake(self):
        out = self.ws.send(Request(host=self.host, target=self.path, subprotocols=self.subprotocols,
                                   extensions=[PerMessageDeflate()], extra_headers=self.extra_headeers))
        self.sock.send(out)
        while True:
            self.ws.receive_data(self.sock.recv(self.receive_bytes))
            try:
                event = next(self.ws.events())
            except StopIteration:
                continue
            if isinstance(event, AcceptConnection):
                self.subprotocol = event.subprotocol
                self.connected = True
                self._handle_events()  # a first push read along with the handshake
                return
            raise simple_websocket.ConnectionError()


class Listener:
    """One socket; counts its messages and remembers when the last came."""

    def __init__(self, url, token, deflate=True):
        cls = DeflateClient if deflate else simple_websocket.Client
        self.ws = cls.connect(url, headers={"Authorization": f"Bearer {token}"})
        self.count, self.last, self.bytes = 0, 0.0, 0
        self.cond = threading.Condition()
        threading.Thread(target=self.run, daemon=True).start()

    def run(self):
        try:
            while True:
                msg = self.ws.receive()
                with self.cond:
                    self.count, self.last, self.bytes = self.count + 1, time.perf_counter(), self.bytes + len(msg or "")
                    self.cond.notify_all()
        except Exception:
            pass

    def wait_past(self, count, timeout=10.0):
        end = time.monotonic() + timeout
        with self.cond:
            while self.count <= count:
                left = end - time.monotonic()
                if left <= 0:
                    raise TimeoutError("a socket got no push")
                self.cond.wait(left)

    def close(self):
        try:
            self.ws.close()
        except Exception:
            pass


class Remote:
    """The table on a running server, each seat's socket open."""

    def __init__(self, base, deflate=True):
        self.base = base
        t = post(base, "/api/tables", {"game": "gathering", "name": "Host"})
        self.code, self.token = t["code"], t["token"]
        tokens = [self.token] + [post(base, f"/api/tables/{self.code}/seats", {"name": n}, self.token)["token"]
                                 for n in PLAYERS]
        self.act({"type": "setup", "players": PLAYERS, "characters": CHARACTERS})
        self.view = self.act({"type": "deal"})["view"]
        url = base.replace("http", "ws") + f"/tables/{self.code}/ws"
        self.listeners = [Listener(url, tok, deflate) for tok in tokens]
        for lst in self.listeners:  # each socket's first push: its whole page
            lst.wait_past(0)

    def act(self, body):
        return post(self.base, f"/api/tables/{self.code}/actions", body, self.token)

    def counts(self):
        return [lst.count for lst in self.listeners]

    def settle(self, before):
        """Wait until every socket has had a push since `before`."""
        for lst, n in zip(self.listeners, before, strict=True):
            lst.wait_past(n)

    def close(self):
        for lst in self.listeners:
            lst.close()


# ------------------------------------------------------------------ in-process

class MemSocket:
    """An in-memory socket of the hub: frames each message exactly as simple-websocket's Server
    does (wsproto, permessage-deflate offered by the client as browsers offer it) and writes it
    to a socketpair whose other end is read and thrown away on the side."""

    def __init__(self, deflate=True):
        self.ws = WSConnection(ConnectionType.SERVER)
        client = WSConnection(ConnectionType.CLIENT)
        ext = [PerMessageDeflate()] if deflate else []
        self.ws.receive_data(client.send(Request(host="bench", target="/", extensions=ext)))
        for event in self.ws.events():
            if isinstance(event, Request):
                client.receive_data(self.ws.send(AcceptConnection(extensions=[PerMessageDeflate()])))
        self.sock, self._peer = socket.socketpair()
        self.sock.setblocking(True)
        self.connected = True
        self.sent = 0
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self):
        try:
            while self._peer.recv(1 << 16):
                pass
        except OSError:
            pass

    def send(self, data):
        out = self.ws.send(TextMessage(data=str(data)))
        self.sock.sendall(out)
        self.sent += 1

    def close(self, reason=None, message=None):
        self.connected = False
        self.sock.close()


class InProcess:
    """The real app in this process (SQLite in a file), the table's 13 seats on the real hub."""

    def __init__(self, db, inline=True, deflate=True):
        os.environ.setdefault("COMPANION_CREATES_PER_HOUR", "100000")  # a fresh table for every dawn
        from companion import live
        from companion.web import create_app
        if inline:  # a socket's sender runs in the caller (cProfile sees one thread)
            live.threading = _Inline(live.threading)
        self.app = create_app(db)
        self.client = self.app.test_client()
        self.hub = self.app.extensions["hub"]
        self.deflate = deflate
        self.conns = []

    def post(self, path, body, token=None):
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        r = self.client.post(path, json=body, headers=headers)
        assert r.status_code < 300, (r.status_code, r.get_data(as_text=True)[:300])
        return r.get_json()

    def table(self):
        from companion.live import Connection
        t = self.post("/api/tables", {"game": "gathering", "name": "Host"})
        code, token = t["code"], t["token"]
        seats = [0] + [self.post(f"/api/tables/{code}/seats", {"name": n}, token)["seat"] for n in PLAYERS]
        act = f"/api/tables/{code}/actions"
        self.post(act, {"type": "setup", "players": PLAYERS, "characters": CHARACTERS}, token)
        view = self.post(act, {"type": "deal"}, token)["view"]
        conns = []
        for sid in seats:
            conn = Connection(MemSocket(self.deflate), code, sid)
            self.hub.add(conn)
            conns.append(conn)
        self.conns += conns
        return code, token, view, conns

    def drop(self, conns):
        for conn in conns:
            self.hub.remove(conn)
            conn.ws.close()

    def profile(self, what, rounds, prof):
        """Profile `rounds` rolls at one table, or `rounds` dawns (each at a fresh table)."""
        if what == "roll":
            code, token, _, conns = self.table()
            act = f"/api/tables/{code}/actions"
            for _ in range(20):
                self.post(act, {"type": "roll", "dice": "2d6"}, token)
            prof.enable()
            for _ in range(rounds):
                self.post(act, {"type": "roll", "dice": "2d6"}, token)
            prof.disable()
            self.drop(conns)
            return rounds
        n = max(1, rounds // 10)
        for _ in range(n):
            code, token, view, conns = self.table()
            act = f"/api/tables/{code}/actions"
            while view["phase"] == "night" and not last_night_step(view):
                view = self.post(act, night_body(view), token)["view"]
            prof.enable()
            self.post(act, night_body(view), token)
            prof.disable()
            self.drop(conns)
        return n

    def close(self):
        self.drop(self.conns)


class _Inline:
    """threading, but a Thread runs its target at start(), in the caller."""

    def __init__(self, real):
        self._real = real

    def __getattr__(self, name):
        return getattr(self._real, name)

    class Thread:
        def __init__(self, target=None, args=(), kwargs=None, daemon=None, name=None):
            self._target, self._args, self._kwargs = target, args, kwargs or {}

        def start(self):
            self._target(*self._args, **self._kwargs)
