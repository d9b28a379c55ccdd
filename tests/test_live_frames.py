"""Issue 27: a message is framed once for the sockets that get the same bytes, compressed on its
own when the socket agreed to permessage-deflate (as every browser offers), and every client
reads exactly the text the hub meant, compressed or not."""

import simple_websocket
from wsproto import ConnectionType, WSConnection
from wsproto.events import AcceptConnection, Request, TextMessage
from wsproto.extensions import PerMessageDeflate

from companion import live

from .helpers import Sniffer, connect, wait_for


class DeflateClient(simple_websocket.Client):
    """A socket that offers permessage-deflate, as browsers do (simple-websocket's client offers none)."""

    def handshake(self):
        self.sock.send(self.ws.send(Request(host=self.host, target=self.path, extensions=[PerMessageDeflate()],
                                            extra_headers=self.extra_headeers)))
        while True:
            self.ws.receive_data(self.sock.recv(self.receive_bytes))
            event = next(self.ws.events(), None)
            if event is None:
                continue
            assert isinstance(event, AcceptConnection), event
            self.connected = True
            self._handle_events()  # a first push read along with the handshake
            return


def deflating(server_url, code, token):
    url = server_url.replace("http", "ws") + f"/tables/{code}/ws"
    ws = DeflateClient.connect(url, headers={"Authorization": f"Bearer {token}"})
    assert [e.name for e in ws.ws.connection._proto.extensions] == ["permessage-deflate"]
    return ws


def wsproto_pair(deflate: bool):
    """A wsproto server and client after their handshake, as simple-websocket makes them."""
    server, client = WSConnection(ConnectionType.SERVER), WSConnection(ConnectionType.CLIENT)
    server.receive_data(client.send(Request(host="x", target="/", extensions=[PerMessageDeflate()] if deflate else [])))
    for event in server.events():
        client.receive_data(server.send(AcceptConnection(extensions=[PerMessageDeflate()])))
        assert isinstance(event, Request)
    list(client.events())
    return server, client


def received(client, data: bytes) -> str:
    client.receive_data(data)
    texts, parts = [], []
    for event in client.events():
        assert isinstance(event, TextMessage)
        parts.append(event.data)
        if event.message_finished:
            texts.append("".join(parts))
            parts = []
    assert len(texts) == 1
    return texts[0]


def test_frames_made_here_read_as_the_text_with_and_without_deflate_at_every_length():
    for deflate in (True, False):
        server, client = wsproto_pair(deflate)
        bits = live.wire(type("WS", (), {"ws": server, "sock": object()})())
        assert bits == (15 if deflate else 0)
        # one after the other on one connection: the client keeps its window between messages
        for text in ("", "a", "é" * 60, "<p>" + "x" * 300, "".join(chr(65 + i % 57) for i in range(70_000))):
            assert received(client, live.text_frame(text.encode(), bits)) == text


def test_a_socket_that_is_not_simple_websocket_on_wsproto_is_sent_through_its_own_send():
    class Phone:
        def send(self, message):
            pass

    assert live.wire(Phone()) is None
    assert live.Connection(Phone(), "ABC", 1).bits is None


def test_every_socket_reads_each_push_whether_it_compresses_or_not(server, api, table):
    plain = Sniffer(connect(server.url, table["code"], table["bob"]))
    packed = Sniffer(deflating(server.url, table["code"], table["bob"]))  # Bob's second screen, a browser
    for s in (plain, packed):
        wait_for(lambda s=s: s.messages)
    for i in range(4):
        api.ok(table["code"], table["host"], type="roll", dice="2d6", purpose=f"mark-{i}")
        for s in (plain, packed):
            s.wait(f"mark-{i}")
    wait_for(lambda: len(packed.messages) == len(plain.messages))
    assert packed.messages == plain.messages  # the same pushes, the same text, to the byte


def test_sockets_that_get_the_same_bytes_share_one_frame(server, api, table, monkeypatch):
    made = []
    real = live.text_frame
    monkeypatch.setattr(live, "text_frame", lambda payload, bits=0: made.append(bits) or real(payload, bits))
    socks = [Sniffer(deflating(server.url, table["code"], table["bob"])) for _ in range(3)]
    socks.append(Sniffer(connect(server.url, table["code"], table["bob"])))
    for s in socks:
        wait_for(lambda s=s: s.messages)
    made.clear()
    api.ok(table["code"], table["host"], type="roll", dice="d6", purpose="once")
    for s in socks:
        s.wait("once")
    # Bob's four screens get the same push: one compressed frame for three, one plain for the last;
    # the host and the display (not connected here) cost nothing
    assert sorted(made) == [0, 15]
    # (the push that carries the roll: a page that first came whole under load may get more after it)
    assert len({next(m for m in s.messages if "once" in m) for s in socks}) == 1
