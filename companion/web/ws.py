"""GET /tables/{code}/ws: the live socket. Cookie (with an Origin check) or Bearer header."""

import time

from flask import current_app, request
from simple_websocket import ConnectionClosed

from ..core import i18n
from ..core.errors import Refusal
from ..live import Connection
from .security import bearer, find_table, same_origin, token_for

POLICY = 1008
SOCKETS_PER_SEAT = 4  # a fifth socket of one seat closes its oldest (1008: that page stays closed)
SOCKETS_PER_TABLE = 4 * 40  # every seat a table may have (tables.SEATS_MAX), each on its most screens
TRY_AGAIN = 1013  # the table has all the sockets it may: the page tries again later


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
        if len(hub.connections(table.code)) >= SOCKETS_PER_TABLE:
            ws.close(reason=TRY_AGAIN, message="This table has too many screens open; close one and try again.")
            time.sleep(0.2)
            return
        conn = Connection(ws, table.code, seat.id, i18n.current())  # the page's language (?l=), else the phone's
        conn.opened = time.monotonic()
        hub.add(conn, request.args.get("d"))
        hub.close_seat(table.code, seat.id, keep=SOCKETS_PER_SEAT,
                       message="This seat is open on too many screens; this one was the oldest.")
        try:
            while True:
                if ws.receive() == "sync":  # the page came back online: send everything again
                    hub.sync(conn)
        except ConnectionClosed:
            pass
        finally:
            hub.remove(conn)
