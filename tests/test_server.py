"""`companion serve` is the production server: gunicorn, one gevent worker, started in-process."""

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest
import simple_websocket

from .helpers import Api, request, wait_for
from .test_live import _up, connect, free_port


def serve(tmp_path, *extra, env=None):
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
                             "--db", str(tmp_path / "serve.db"), *extra], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True, env={**os.environ, **(env or {})})
    return proc, f"http://127.0.0.1:{port}"


def stop(proc):
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()


def children(pid):
    out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout.split()
    return [int(p) for p in out]


def test_serve_runs_gunicorn_with_one_gevent_worker_and_prints_the_address_and_qr(tmp_path):
    proc, base = serve(tmp_path, "--qr")
    try:
        wait_for(lambda: _up(base), timeout=20, interval=0.1)
        r = request(base, "GET", "/")
        assert r.status == 200
        assert r.headers["Server"].startswith("gunicorn")  # not Werkzeug's development server
        assert len(children(proc.pid)) == 1  # one worker: the live hub is in-process
        os.killpg(proc.pid, signal.SIGTERM)
        out, err = proc.communicate(timeout=15)
    finally:
        stop(proc)
    assert f"    {base}/\n" in out
    assert "\u2588" in out  # the QR code, in block characters
    assert "Plain HTTP" in out
    assert "companion.server.GeventWorker" in err


def test_cert_without_key_is_refused(tmp_path):
    proc, _ = serve(tmp_path, "--cert", str(tmp_path / "cert.pem"))
    try:
        _, err = proc.communicate(timeout=15)
    finally:
        stop(proc)
    assert proc.returncode != 0
    assert "--cert and --key go together" in err


def test_ctrl_c_closes_sockets_with_1012_too(tmp_path):
    proc, base = serve(tmp_path)
    try:
        wait_for(lambda: _up(base), timeout=20, interval=0.1)
        t = Api(base).create("clue")
        ws = connect(base, t["code"], t["token"])
        assert ws.receive(timeout=5)
        os.killpg(proc.pid, signal.SIGINT)  # what a terminal's Ctrl+C sends to the whole group
        with pytest.raises(simple_websocket.ConnectionClosed) as err:
            while True:
                ws.receive(timeout=8)
        assert err.value.reason == 1012
        proc.wait(timeout=15)
    finally:
        stop(proc)


PROBE = textwrap.dedent("""
    import socket, sys
    from companion.server import Server

    def app(environ, start_response):  # answers the TCP_NODELAY of the socket it was accepted on
        sock = environ["gunicorn.socket"]
        body = str(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)).encode()
        start_response("200 OK", [("Content-Type", "text/plain"), ("Content-Length", str(len(body)))])
        return [body]

    Server({"bind": sys.argv[1], "loglevel": "warning"}, app=app).run()
""")


@pytest.mark.parametrize("setting, expected", [(None, "1"), ("0", "0")])
def test_accepted_sockets_have_nagle_off(tmp_path, setting, expected):
    """The worker sets TCP_NODELAY itself on every accepted socket (COMPANION_NODELAY=0 clears it, which
    shows that the worker decides, not the listening socket's inherited option)."""
    port = free_port()
    env = {**os.environ}
    if setting is not None:
        env["COMPANION_NODELAY"] = setting
    proc = subprocess.Popen([sys.executable, "-c", PROBE, f"127.0.0.1:{port}"], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):  # until the server listens
            try:
                r = request(base, "GET", "/")
                break
            except OSError:
                time.sleep(0.1)
        else:
            raise RuntimeError("the server never started listening")
        assert r.text == expected
    finally:
        stop(proc)
