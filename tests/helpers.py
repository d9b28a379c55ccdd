"""A small JSON client and a live server for tests: real HTTP, real sockets, no mocks."""

import json
import threading
import urllib.error
import urllib.request

from werkzeug.serving import make_server

from companion.web import create_app


class Server:
    def __init__(self, db_path):
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


class Response:
    def __init__(self, status, body, headers):
        self.status, self.headers = status, headers
        try:
            self.json = json.loads(body) if body else None
        except ValueError:
            self.json = None
        self.text = body.decode("utf-8", "replace") if isinstance(body, bytes) else body


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
        with urllib.request.urlopen(req, timeout=10) as r:
            return Response(r.status, r.read(), r.headers)
    except urllib.error.HTTPError as e:
        return Response(e.code, e.read(), e.headers)


class Api:
    """Talks to one server as one seat at a time."""

    def __init__(self, base):
        self.base = base

    def create(self, game, options=None, name=None):
        body = {"game": game, "options": options or {}}
        if name:
            body["name"] = name
        r = request(self.base, "POST", "/api/tables", body)
        assert r.status == 201, r.text
        return r.json

    def join(self, code, name, role="player", token=None):
        r = request(self.base, "POST", f"/api/tables/{code}/seats", {"name": name, "role": role}, token=token)
        assert r.status == 201, r.text
        return r.json

    def act(self, code, token, **action):
        return request(self.base, "POST", f"/api/tables/{code}/actions", action, token=token)

    def ok(self, code, token, **action):
        r = self.act(code, token, **action)
        assert r.status == 200, r.text
        return r.json["view"]

    def view(self, code, token):
        r = request(self.base, "GET", f"/api/tables/{code}", token=token)
        assert r.status == 200, r.text
        return r.json["view"]

    def undo(self, code, token, **body):
        return request(self.base, "POST", f"/api/tables/{code}/undo", body, token=token)


def wait_for(predicate, timeout=5.0, interval=0.02):
    import time
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError("condition not met in time")
