"""Issue 24.1: bounded work per client, on the real server (gunicorn's gevent worker, as `make run`
starts it). A body that trickles in is cut with 408; one address cannot hold more than its share
of connections (503 past it) while another address is served as usual."""

import os
import signal
import socket

import pytest

from .helpers import request
from .test_live import free_port, start


@pytest.fixture
def strict_server(tmp_path):
    proc, base = start(tmp_path / "s.db", free_port(),
                       env={"COMPANION_BODY_SECONDS": "1", "COMPANION_CONNECTIONS_PER_ADDRESS": "5"})
    yield base
    os.killpg(proc.pid, signal.SIGTERM)
    proc.wait()


def opened(base, source="127.0.0.1"):
    host, port = base.rsplit("//", 1)[1].split(":")
    sock = socket.socket()
    sock.bind((source, 0))
    sock.settimeout(15)
    sock.connect((host, int(port)))
    return sock


def answer(sock) -> bytes:
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
            if b"\r\n\r\n" in data and b"Content-Length" not in data.split(b"\r\n\r\n")[0]:
                break
    except (ConnectionResetError, TimeoutError):
        pass
    return data


def test_a_body_that_trickles_in_is_cut_with_408_and_a_sentence(strict_server):
    sock = opened(strict_server)
    sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                 b"Content-Length: 60000\r\n\r\n{")
    try:
        for _ in range(100):  # a byte now and then, far slower than any phone
            sock.sendall(b" ")
            sock.settimeout(0.2)
            try:
                if sock.recv(1, socket.MSG_PEEK):
                    break  # the server answered before the body was complete
            except TimeoutError:
                pass
    except (BrokenPipeError, ConnectionResetError):
        pass
    sock.settimeout(15)
    got = answer(sock)
    assert got.startswith(b"HTTP/1.1 408"), got[:200]
    assert b"took too long to arrive" in got
    assert request(strict_server, "GET", "/healthz").status == 200


def test_one_address_cannot_hold_every_connection_and_another_is_served(strict_server):
    held = [opened(strict_server, "127.0.0.2") for _ in range(5)]  # idle: they never send a request
    for s in held:
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")  # headers never finished
    extra = opened(strict_server, "127.0.0.2")
    got = answer(extra)
    assert got.startswith(b"HTTP/1.1 503") and b"Too many connections from your address" in got
    assert b"Trop de connexions depuis ton adresse" in got  # written before the language is known: both
    assert request(strict_server, "GET", "/healthz").status == 200  # 127.0.0.1 is another address
    for s in held:
        s.close()
    for _ in range(100):  # once they are gone, the address is welcome again
        again = opened(strict_server, "127.0.0.2")
        again.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        reply = answer(again)
        again.close()
        if reply.startswith(b"HTTP/1.1 200"):
            break
    assert reply.startswith(b"HTTP/1.1 200")
