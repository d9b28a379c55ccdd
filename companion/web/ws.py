"""GET /tables/{code}/ws: the live socket. Cookie (with an Origin check) or Bearer header."""

import time

from flask import current_app, request
from simple_websocket import ConnectionClosed

from ..core.errors import Refusal
from ..live import Connection
from .security import bearer, find_table, same_origin, token_for

POLICY = 1008


def install(sock):
    @sock.route("/tables/<code>/ws")
    def socket(ws, code):
        tables, hub = current_app.extensions["tables"], current_app.extensions["hub"]
        try:
            if not bearer() and not same_origin():
                raise Refusal("Wrong origin.")
            table = find_table(code)  # guessing codes over the socket counts too
            table, seat = tables.authenticate(table.code, token_for(table.code))
        except Refusal:
            ws.close(reason=POLICY, message="Not a seat at this table.")
            # let the client's close reply arrive before the socket is torn down: closing with
            # its reply unread resets the connection, and the client may never read our 1008
            time.sleep(0.2)
            return
        conn = Connection(ws, table.code, seat.id)
        hub.add(conn, request.args.get("d"))
        try:
            while True:
                if ws.receive() == "sync":  # the page came back online: send everything again
                    hub.sync(conn)
        except ConnectionClosed:
            pass
        finally:
            hub.remove(conn)
