"""A small JSON client, a live server and a sniffing socket for tests: real HTTP, real sockets, no mocks.

The same `Api` talks either over real HTTP to a `Server` (`Api(server.url)`) or in process to a
Flask test client (`Api(InProcess(app))`), so an API test reads the same either way and only
the tests where the network matters pay for a socket.
"""

import json
import threading
import time
import urllib.error
import urllib.request

import simple_websocket


class Server:
    def __init__(self, db_path):
        from werkzeug.serving import make_server

        from companion.web import create_app  # imported here: the rule tests need no web layer

        self.app = create_app(str(db_path))
        self.httpd = make_server("127.0.0.1", 0, self.app, threaded=True)
        self.port = self.httpd.server_port
        self.url = f"http://127.0.0.1:{self.port}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self.thread.start()

    def stop(self):
        self.app.extensions["hub"].close_all()
        self.httpd.shutdown()
        self.httpd.server_close()
        self.app.extensions["tables"].compute.close()  # the background worker process
        if self.app.extensions["tables"].store.shared:
            self.app.extensions["tables"].store.close()  # PostgreSQL: its pool and its listener


class Response:
    def __init__(self, status, body, headers):
        self.status, self.headers = status, headers
        try:
            self.json = json.loads(body) if body else None
        except ValueError:
            self.json = None
        self.text = body.decode("utf-8", "replace") if isinstance(body, bytes) else body


# Bounds, not measures: how long a test waits before it calls a thing lost. A machine shared with
# other browser suites (load above 30 seen) makes a Clue hand's searches wait on the worker for
# seconds; nothing here asserts how quick anything is.
REQUEST_BOUND = 30.0


def request(base, method, path, body=None, token=None, raw=None, headers=None):
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    req = urllib.request.Request(base + path, data=data, method=method)
    if data is not None:
        req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    for k, v in (headers or {}).items():
        req.add_header(k, v)
    try:
        with urllib.request.urlopen(req, timeout=REQUEST_BOUND) as r:
            return Response(r.status, r.read(), r.headers)
    except urllib.error.HTTPError as e:
        return Response(e.code, e.read(), e.headers)


class Http:
    """Requests over a real socket to a running server."""

    def __init__(self, base):
        self.base = base

    def __call__(self, method, path, body=None, token=None, raw=None, headers=None) -> Response:
        return request(self.base, method, path, body, token=token, raw=raw, headers=headers)


class InProcess:
    """The same requests through Flask's test client: the whole app, no socket."""

    def __init__(self, app):
        self.app = app
        self.client = app.test_client()

    def __call__(self, method, path, body=None, token=None, raw=None, headers=None) -> Response:
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
        sent = {}
        if data is not None:
            sent["Content-Type"] = "application/json"
        if token:
            sent["Authorization"] = f"Bearer {token}"
        sent.update(headers or {})
        r = self.client.open(path, method=method, data=data, headers=sent)
        return Response(r.status_code, r.get_data(), r.headers)


class Api:
    """Talks to one server as one seat at a time."""

    def __init__(self, base_or_transport):
        self.request = Http(base_or_transport) if isinstance(base_or_transport, str) else base_or_transport

    def create(self, game, options=None, name=None):
        body = {"game": game, "options": options or {}}
        if name:
            body["name"] = name
        r = self.request("POST", "/api/tables", body)
        assert r.status == 201, r.text
        return r.json

    def join(self, code, name, role="player", token=None):
        r = self.request("POST", f"/api/tables/{code}/seats", {"name": name, "role": role}, token=token)
        assert r.status == 201, r.text
        return r.json

    def act(self, code, token, **action):
        return self.request("POST", f"/api/tables/{code}/actions", action, token=token)

    def ok(self, code, token, **action):
        r = self.act(code, token, **action)
        assert r.status == 200, r.text
        return r.json["view"]

    def view(self, code, token):
        r = self.request("GET", f"/api/tables/{code}", token=token)
        assert r.status == 200, r.text
        return r.json["view"]

    def undo(self, code, token, **body):
        return self.request("POST", f"/api/tables/{code}/undo", body, token=token)

    def log(self, code, token):
        r = self.request("GET", f"/api/tables/{code}/log", token=token)
        assert r.status == 200, r.text
        return r.json["events"]


def seated_table(api):
    """A villainous table with a host (Ann), a player (Bob) and a display, all approved: their tokens."""
    t = api.create("villainous", name="Ann")
    bob = api.join(t["code"], "Bob", token=t["token"])
    disp = api.join(t["code"], "Board", role="display", token=t["token"])
    return {"code": t["code"], "host": t["token"], "bob": bob["token"], "display": disp["token"]}


def wait_for(predicate, timeout=15.0, interval=0.02):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError("condition not met in time")


# ----- the live socket -----

def connect(server_url, code, token, origin=None):
    """A seat's live socket, authenticated with its Bearer token (and an Origin, if given)."""
    url = server_url.replace("http", "ws") + f"/tables/{code}/ws"
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    if origin:
        headers["Origin"] = origin
    return simple_websocket.Client.connect(url, headers=headers)


class Sniffer:
    """A seat that records everything it receives over its socket."""

    def __init__(self, ws):
        self.ws, self.messages, self.closed = ws, [], None
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self):
        try:
            while True:
                msg = self.ws.receive()
                if msg is None:
                    continue
                self.messages.append(msg)
        except simple_websocket.ConnectionClosed as closed:
            self.closed = (closed.reason, closed.message)  # a wait for what never comes says why

    @property
    def text(self):
        return "\n".join(self.messages)

    def wait(self, needle, timeout=15):
        found = wait_for(lambda: needle in self.text or self.closed, timeout)
        if needle not in self.text:
            raise AssertionError(f"{needle!r} never came: the server closed the socket {self.closed} "
                                 f"after {len(self.messages)} messages")
        return found


def raw_socket(base, code, token, rcvbuf=None):
    """A WebSocket opened by hand, byte by byte: for clients no library would be (one that never
    reads, one that sends a frame too large). Returns the connected socket after the 101."""
    import base64
    import os
    import socket
    host, port = base.split("//")[1].split(":")
    s = socket.create_connection((host, int(port)))
    if rcvbuf:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall((f"GET /tables/{code}/ws HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
               f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
               f"Authorization: Bearer {token}\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += s.recv(1)
    assert b" 101 " in head.split(b"\r\n")[0], head
    return s
