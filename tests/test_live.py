"""Live sync with real sockets against a real server on a free port."""

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading

import pytest
import simple_websocket

from .conftest import STORES, store_url
from .helpers import Api, Sniffer, connect, request, wait_for

# every test here runs against SQLite and against PostgreSQL
db_url = pytest.fixture(params=STORES)(store_url)


def test_connect_receives_the_full_view_at_once(server, table):
    ws = connect(server.url, table["code"], table["bob"])
    first = ws.receive(timeout=15)
    for region in ("r-header", "r-seats", "r-game", "r-dice", "r-memo", "r-undo"):
        assert f'id="{region}"' in first
    ws.close()


def test_every_seat_sees_a_roll_and_only_its_own_view(server, api, table):
    socks = {who: Sniffer(connect(server.url, table["code"], table[who])) for who in ("host", "bob", "display")}
    for s in socks.values():
        s.wait('id="r-dice"')
    api.ok(table["code"], table["bob"], type="memo", text="my-secret-memo-42")
    api.ok(table["code"], table["host"], type="roll", dice="20d100", purpose="marker-roll")
    for s in socks.values():
        s.wait("marker-roll")
    socks["bob"].wait("my-secret-memo-42")
    assert "my-secret-memo-42" not in socks["host"].text
    assert "my-secret-memo-42" not in socks["display"].text


def test_only_changed_regions_are_pushed(server, api, table):
    s = Sniffer(connect(server.url, table["code"], table["bob"]))
    s.wait('id="r-memo"')
    api.ok(table["code"], table["host"], type="roll", dice="d6")
    wait_for(lambda: len(s.messages) >= 2)
    assert 'id="r-dice"' in s.messages[1] and 'id="r-memo"' not in s.messages[1]


def test_two_phones_tapping_at_once_are_serialized(server, api, table):
    barrier = threading.Barrier(2)
    results = []

    def tap(who):
        barrier.wait()
        results.append(api.act(table["code"], table[who], type="roll", dice="d6", expected_version=0).status)

    threads = [threading.Thread(target=tap, args=(w,)) for w in ("host", "bob")]
    [t.start() for t in threads]
    [t.join() for t in threads]
    assert sorted(results) == [200, 409]
    assert len(api.view(table["code"], table["host"])["rolls"]) == 1


def test_many_taps_at_once_all_land_in_order(server, api, table):
    def tap(i):
        api.ok(table["code"], table["host" if i % 2 else "bob"], type="roll", dice="d6")

    threads = [threading.Thread(target=tap, args=(i,)) for i in range(20)]
    [t.start() for t in threads]
    [t.join() for t in threads]
    view = api.view(table["code"], table["host"])
    assert [r["seq"] for r in view["rolls"]] == list(range(1, 21))


def test_reconnect_receives_the_current_view(server, api, table):
    ws = connect(server.url, table["code"], table["bob"])
    ws.receive(timeout=15)
    ws.close()
    api.ok(table["code"], table["host"], type="roll", dice="d6", purpose="while-away")
    back = Sniffer(connect(server.url, table["code"], table["bob"]))
    back.wait("while-away", timeout=10)
    assert 'id="r-memo"' in back.messages[0]  # the whole view, not only what changed


def test_socket_without_a_valid_seat_is_closed(server, table):
    ws = connect(server.url, table["code"], "nobody")
    with pytest.raises(simple_websocket.ConnectionClosed) as err:
        ws.receive(timeout=15)
    assert err.value.reason == 1008


def test_socket_from_a_foreign_origin_with_a_cookie_is_refused(server, table):
    url = server.url.replace("http", "ws") + f"/tables/{table['code']}/ws"
    ws = simple_websocket.Client.connect(url, headers={"Cookie": f"seat_{table['code']}={table['bob']}",
                                                       "Origin": "http://evil.example"})
    with pytest.raises(simple_websocket.ConnectionClosed):
        ws.receive(timeout=15)


def test_sniffing_display_never_receives_another_seats_memo(server, api, table):
    sniff = Sniffer(connect(server.url, table["code"], table["display"]))
    for i in range(5):
        api.ok(table["code"], table["bob"], type="memo", text=f"bob-private-{i}")
        api.ok(table["code"], table["host"], type="memo", text=f"host-private-{i}")
        api.ok(table["code"], table["bob"], type="roll", dice="d6")
    api.ok(table["code"], table["host"], type="roll", dice="d6", purpose="the-last-push")
    sniff.wait("the-last-push")  # a socket's pushes arrive in order: every earlier one is in
    assert "private-" not in sniff.text


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(db, port, env=None):
    proc = subprocess.Popen([sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1",
                             "--port", str(port), "--db", str(db)], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True, env={**os.environ, **(env or {})})
    base = f"http://127.0.0.1:{port}"
    wait_for(lambda: _up(base), timeout=15, interval=0.1)
    return proc, base


def _up(base):
    try:
        return request(base, "GET", "/healthz").status == 200
    except OSError:
        return False


def test_a_killed_server_restarts_with_every_acknowledged_action(tmp_path):
    db, port = tmp_path / "durable.db", free_port()
    proc, base = start(db, port)
    api = Api(base)
    t = api.create("villainous", name="Ann")
    acknowledged = []
    for i in range(30):
        view = api.ok(t["code"], t["token"], type="roll", dice="2d6", purpose=f"r{i}")
        acknowledged.append(view["rolls"][-1])
    os.killpg(proc.pid, signal.SIGKILL)  # no clean shutdown
    proc.wait()
    proc, base = start(db, port)
    try:
        view = Api(base).view(t["code"], t["token"])
        assert view["rolls"] == acknowledged
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait()


def test_shutdown_closes_sockets_with_1012_so_clients_come_back(tmp_path):
    db, port = tmp_path / "restart.db", free_port()
    proc, base = start(db, port)
    t = Api(base).create("clue")
    ws = connect(base, t["code"], t["token"])
    ws.receive(timeout=15)
    os.killpg(proc.pid, signal.SIGTERM)
    with pytest.raises(simple_websocket.ConnectionClosed) as err:
        while True:
            ws.receive(timeout=5)
    proc.wait()
    assert err.value.reason == 1012


def test_a_page_that_is_already_current_is_not_sent_its_view_again(server, api, table):
    tables, hub = server.app.extensions["tables"], server.app.extensions["hub"]
    t = tables.get(table["code"])
    page = hub.page(t, t.seats[1]).digest
    url = server.url.replace("http", "ws") + f"/tables/{table['code']}/ws?d={page}"
    s = Sniffer(simple_websocket.Client.connect(url, headers={"Authorization": f"Bearer {table['bob']}"}))
    wait_for(lambda: hub.connected(table["code"], 1))  # registered (a stale page would be sent its view now)
    api.ok(table["code"], table["host"], type="roll", dice="d6", purpose="after-load")
    s.wait("after-load")
    assert "after-load" in s.messages[0]  # nothing came before the change
    assert 'id="r-memo"' not in s.text  # only what changed
    stale = Sniffer(simple_websocket.Client.connect(url, headers={"Authorization": f"Bearer {table['bob']}"}))
    stale.wait('id="r-memo"')  # an out-of-date page gets everything


def test_the_production_server_closes_sockets_with_1012_on_sigterm(tmp_path):
    """gunicorn as the README documents it (gevent, one worker)."""
    port = free_port()
    env = {**os.environ, "COMPANION_DB": str(tmp_path / "prod.db"), "COMPANION_BIND": f"127.0.0.1:{port}"}
    gunicorn = os.path.join(os.path.dirname(sys.executable), "gunicorn")
    proc = subprocess.Popen([gunicorn, "-c", "python:companion.gunicorn_conf", "companion.wsgi:app"], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for(lambda: _up(base), timeout=20, interval=0.1)
        t = Api(base).create("clue")
        ws = connect(base, t["code"], t["token"])
        assert ws.receive(timeout=5)
        proc.send_signal(signal.SIGTERM)
        with pytest.raises(simple_websocket.ConnectionClosed) as err:
            while True:
                ws.receive(timeout=8)
        assert err.value.reason == 1012
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


@pytest.mark.skipif(not shutil.which("openssl"), reason="openssl makes the test certificate")
def test_serve_over_https_with_cert_and_key(tmp_path):
    """`companion serve --cert F --key F`: pages, API and the socket over TLS."""
    import ssl
    import urllib.request

    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(cert),
                    "-days", "1", "-subj", "/CN=localhost"], check=True, capture_output=True)
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
                             "--db", str(tmp_path / "tls.db"), "--cert", str(cert), "--key", str(key)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    insecure = ssl.create_default_context()
    insecure.check_hostname, insecure.verify_mode = False, ssl.CERT_NONE
    base = f"https://127.0.0.1:{port}"

    def up():
        try:
            return urllib.request.urlopen(base + "/healthz", context=insecure, timeout=2).status == 200
        except OSError:
            return False

    try:
        wait_for(up, timeout=15, interval=0.1)
        req = urllib.request.Request(base + "/api/tables", data=b'{"game": "clue"}', method="POST",
                                     headers={"Content-Type": "application/json"})
        t = json.loads(urllib.request.urlopen(req, context=insecure).read())
        ws = simple_websocket.Client.connect(f"wss://127.0.0.1:{port}/tables/{t['code']}/ws",
                                             headers={"Authorization": f"Bearer {t['token']}"}, ssl_context=insecure)
        assert 'id="r-game"' in ws.receive(timeout=5)
        ws.close()
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait()
