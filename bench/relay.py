"""The floor for bench/fanout.py: a bare flask-sock relay that renders and stores nothing."""

import threading

from flask import Flask, request
from flask_sock import Sock

app = Flask(__name__)
sock = Sock(app)
rooms: dict[str, set] = {}
guard = threading.Lock()


@sock.route("/relay/<room>/ws")
def ws(ws, room):
    with guard:
        rooms.setdefault(room, set()).add(ws)
    try:
        while True:
            ws.receive()
    except Exception:
        pass
    finally:
        with guard:
            rooms[room].discard(ws)


@app.post("/relay/<room>")
def send(room):
    body = request.get_data(as_text=True)
    with guard:
        targets = list(rooms.get(room, ()))
    for ws in targets:
        ws.send(body)
    return "", 204
