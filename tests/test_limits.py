"""Issue 11.8: limits. A socket message over 64 KiB closes that socket with 1009 (a whole one, or
a frame that only announces it); a fifth socket of one seat closes its oldest with 1008; table
creation is limited per address; an optional Host allowlist; HSTS and Secure cookies over HTTPS,
behind a trusted proxy too."""

import os
import struct

import pytest
import simple_websocket

from companion.web import create_app

from .helpers import Api, InProcess, connect, raw_socket


def closed_with(ws, timeout=5.0) -> int:
    with pytest.raises(simple_websocket.ConnectionClosed) as err:
        while True:
            ws.receive(timeout=timeout)
    return err.value.reason


def test_a_socket_message_over_64_kib_closes_that_socket_with_1009(server, api, table):
    ws = connect(server.url, table["code"], table["bob"])
    ws.receive(timeout=15)
    other = connect(server.url, table["code"], table["display"])
    other.receive(timeout=15)
    ws.send("x" * (64 * 1024 + 1))
    assert closed_with(ws) == 1009
    api.ok(table["code"], table["host"], type="roll", dice="d6")
    assert "dice" in other.receive(timeout=15)  # the others' sockets live on


def read_frames(sock, timeout=5.0):
    """(opcode, payload) of each frame the server sends, until its close frame."""
    sock.settimeout(timeout)
    buf = b""

    def need(n):
        nonlocal buf
        while len(buf) < n:
            chunk = sock.recv(65536)
            if not chunk:
                raise ConnectionError("closed without a close frame")
            buf += chunk
        out, buf = buf[:n], buf[n:]
        return out

    while True:
        b0, b1 = need(2)
        n = b1 & 0x7F
        if n == 126:
            n = struct.unpack("!H", need(2))[0]
        elif n == 127:
            n = struct.unpack("!Q", need(8))[0]
        payload = need(n)
        yield b0 & 0x0F, payload
        if b0 & 0x0F == 8:
            return


def test_a_frame_that_announces_150_mb_is_cut_off_at_64_kib_with_1009(server, table):
    sock = raw_socket(server.url, table["code"], table["bob"])
    mask = os.urandom(4)
    sock.sendall(bytes([0x81, 0x80 | 127]) + struct.pack("!Q", 150_000_000) + mask)
    chunk = bytes(b ^ mask[i % 4] for i, b in enumerate(b"x" * 4096))
    try:
        for _ in range(40):  # 160 KB of the announced 150 MB
            sock.sendall(chunk)
    except OSError:
        pass  # the server may already have hung up
    frames = list(read_frames(sock))
    opcode, payload = frames[-1]
    assert opcode == 8 and struct.unpack("!H", payload[:2])[0] == 1009
    sock.close()


def test_a_fifth_socket_of_one_seat_closes_the_oldest_with_1008(server, table):
    socks = []
    for _ in range(4):
        ws = connect(server.url, table["code"], table["bob"])
        ws.receive(timeout=15)
        socks.append(ws)
    fifth = connect(server.url, table["code"], table["bob"])
    fifth.receive(timeout=15)
    assert closed_with(socks[0]) == 1008
    for ws in socks[1:] + [fifth]:
        assert ws.connected
    assert server.app.extensions["hub"].count() == 4


def test_table_creation_is_limited_per_address(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_CREATES_PER_HOUR", "3")
    monkeypatch.setenv("COMPANION_PROXIES", "1")
    c = InProcess(create_app(str(tmp_path / "c.db")))
    here = {"X-Forwarded-For": "203.0.113.7"}
    for _ in range(2):
        assert c("POST", "/api/tables", {"game": "clue"}, headers=here).status == 201
    r = c("POST", "/tables", raw=b"game=clue", headers={**here, "Content-Type": "application/x-www-form-urlencoded"})
    assert r.status == 303
    r = c("POST", "/api/tables", {"game": "clue"}, headers=here)
    assert r.status == 429 and "Too many tables" in r.json["error"]
    r = c("POST", "/tables", raw=b"game=clue", headers={**here, "Content-Type": "application/x-www-form-urlencoded"})
    assert r.status == 429 and "Too many tables" in r.text
    assert c("POST", "/api/tables", {"game": "clue"}, headers={"X-Forwarded-For": "198.51.100.9"}).status == 201


def test_a_host_allowlist_refuses_other_host_names(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_HOSTS", "table.example, 192.168.1.20:8000")
    c = InProcess(create_app(str(tmp_path / "h.db")))
    r = c("POST", "/api/tables", {"game": "clue"}, headers={"Host": "evil.example"})
    assert r.status == 400 and "host name" in r.json["error"]
    assert c("GET", "/", headers={"Host": "evil.example"}).status == 400
    assert c("GET", "/", headers={"Host": "192.168.1.20:9000"}).status == 400
    assert c("GET", "/", headers={"Host": "192.168.1.20:8000"}).status == 200
    r = c("POST", "/api/tables", {"game": "clue"}, headers={"Host": "table.example"})
    assert r.status == 201 and r.json["url"].startswith("http://table.example/")


def test_without_an_allowlist_any_host_is_answered(client):
    assert client.request("GET", "/", headers={"Host": "anything.example"}).status == 200


def test_hsts_and_secure_cookies_when_the_request_came_over_https_through_a_trusted_proxy(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_PROXIES", "1")
    c = InProcess(create_app(str(tmp_path / "s.db")))
    form = {"Content-Type": "application/x-www-form-urlencoded"}
    r = c("POST", "/tables", raw=b"game=clue", headers={**form, "X-Forwarded-Proto": "https"})
    assert r.status == 303 and "Secure" in r.headers["Set-Cookie"] and "HttpOnly" in r.headers["Set-Cookie"]
    assert r.headers["Strict-Transport-Security"].startswith("max-age=")
    r = c("POST", "/tables", raw=b"game=clue", headers=form)
    assert "Secure" not in r.headers["Set-Cookie"] and "Strict-Transport-Security" not in r.headers


def test_forwarded_https_is_ignored_without_a_trusted_proxy(client):
    r = client.request("POST", "/tables", raw=b"game=clue",
                       headers={"Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-Proto": "https"})
    assert "Secure" not in r.headers["Set-Cookie"] and "Strict-Transport-Security" not in r.headers


def test_hsts_when_served_over_https_directly(tmp_path):
    c = InProcess(create_app(str(tmp_path / "d.db")))
    r = c.client.get("/", base_url="https://localhost")
    assert r.headers["Strict-Transport-Security"].startswith("max-age=")
    assert "Strict-Transport-Security" not in Api(c).request("GET", "/").headers



def test_a_refused_creation_does_not_count_towards_the_limit(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_CREATES_PER_HOUR", "2")
    c = InProcess(create_app(str(tmp_path / "r.db")))
    for _ in range(5):
        assert c("POST", "/api/tables", {"game": "chess"}).status == 400
    assert [c("POST", "/api/tables", {"game": "clue"}).status for _ in range(3)] == [201, 201, 429]
