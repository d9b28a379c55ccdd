import pytest
from playwright.sync_api import expect

from .helpers import Api, InProcess, Server, seated_table

# A loaded CI machine can be slow to render: give every browser expectation some room.
expect.set_options(timeout=10_000)


@pytest.fixture
def server(tmp_path):
    s = Server(tmp_path / "test.db")
    yield s
    s.stop()


@pytest.fixture
def api(server):
    """The JSON API over real HTTP to a live server."""
    return Api(server.url)


@pytest.fixture
def table(api):
    """A villainous table on the live server with a host (Ann), a player (Bob) and a display, all approved."""
    return seated_table(api)


@pytest.fixture
def app(tmp_path):
    from companion.web import create_app

    app = create_app(str(tmp_path / "test.db"))
    yield app
    app.extensions["hub"].close_all()


@pytest.fixture
def client(app):
    """The same JSON API through Flask's test client: the whole app in process, no socket."""
    return Api(InProcess(app))


@pytest.fixture
def client_table(client):
    """The `table` fixture's table, reached through the test client."""
    return seated_table(client)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": "/usr/bin/chromium",
            "args": ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update", "--disable-sync"]}
