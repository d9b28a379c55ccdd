import pytest
from playwright.sync_api import expect

from .helpers import Api, Server

# A loaded CI machine can be slow to render: give every browser expectation some room.
expect.set_options(timeout=10_000)


@pytest.fixture
def server(tmp_path):
    s = Server(tmp_path / "test.db")
    yield s
    s.stop()


@pytest.fixture
def api(server):
    return Api(server.url)


@pytest.fixture
def table(api):
    """A villainous table with a host, a player (Bob) and a display, all approved."""
    t = api.create("villainous", name="Ann")
    bob = api.join(t["code"], "Bob", token=t["token"])
    disp = api.join(t["code"], "Board", role="display", token=t["token"])
    return {"code": t["code"], "host": t["token"], "bob": bob["token"], "display": disp["token"]}


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": "/usr/bin/chromium",
            "args": ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update", "--disable-sync"]}
