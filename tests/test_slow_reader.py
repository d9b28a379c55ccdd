"""No seat can freeze a table: a socket that stops reading is dropped, and no action waits on it."""

import threading

from companion.live import BACKLOG, Connection

from .helpers import raw_socket, wait_for


class FrozenPhone:
    """A socket whose peer stopped reading: every send blocks (until the connection is cut)."""

    def __init__(self):
        self.cut = threading.Event()
        self.sent = 0

    def send(self, message):
        self.sent += 1
        self.cut.wait()
        raise ConnectionError("cut")

    def close(self, **kw):
        self.cut.set()


def test_a_socket_that_stops_reading_is_dropped_and_never_slows_the_broadcast(server, api, table):
    hub = server.app.extensions["hub"]
    frozen = FrozenPhone()
    conn = Connection(frozen, table["code"], 1)
    hub.add(conn)  # its first push is already stuck in the send
    answered_while_stuck = 0
    for i in range(BACKLOG + 5):
        api.ok(table["code"], table["bob"], type="memo", text=f"note {i}")  # changes Bob's page each time
        answered_while_stuck += not frozen.cut.is_set()
    # the first send never returns until the socket is cut: every answer before the cut came while
    # it was stuck, so no answer waited on it (had one waited, it would never have come)
    assert frozen.sent >= 1 and answered_while_stuck >= BACKLOG
    wait_for(lambda: conn not in hub.connections(table["code"]))
    assert conn.closed


def test_a_real_socket_that_never_reads_does_not_hold_up_the_table(server, api, table):
    hub = server.app.extensions["hub"]
    frozen = raw_socket(server.url, table["code"], table["bob"], rcvbuf=4096)
    wait_for(lambda: hub.count() == 1)
    big = "x" * 1900
    i = 0
    while hub.count() and i < 3000:  # each memo pushes Bob about 2 KB he never reads
        api.ok(table["code"], table["bob"], type="memo", text=f"{i} {big}")  # answered though Bob never reads
        i += 1
    assert hub.count() == 0, "the frozen socket was never dropped"
    assert api.view(table["code"], table["bob"])["memo"].startswith(f"{i - 1} ")  # every action was taken
    frozen.close()
