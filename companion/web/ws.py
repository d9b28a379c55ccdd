"""GET /tables/{code}/ws: the live socket. Cookie (with an Origin check) or Bearer header."""

from flask import current_app, request
from simple_websocket import ConnectionClosed

from ..core.errors import NotFound, Refusal
from ..live import Connection
from .security import bearer, same_origin, token_for

POLICY = 1008


def install(sock):
    @sock.route("/tables/<code>/ws")
    def socket(ws, code):
        tables, hub = current_app.extensions["tables"], current_app.extensions["hub"]
        limiter, who = current_app.extensions["limiter"], request.remote_addr or "?"
        try:
            limiter.check(who)
            if not bearer() and not same_origin():
                raise Refusal("Wrong origin.")
            try:
                table, seat = tables.authenticate(code.upper(), token_for(code.upper()))
            except NotFound:
                limiter.miss(who)  # guessing codes over the socket counts too
                raise
        except Refusal:
            ws.close(reason=POLICY, message="Not a seat at this table.")
            return
        conn = Connection(ws, table.code, seat.id)
        hub.add(conn, request.args.get("d"))
        try:
            while True:
                if ws.receive() == "sync":  # the page came back online: send everything again
                    hub.push(conn, full=True)
        except ConnectionClosed:
            pass
        finally:
            hub.remove(conn)
