import os

import pytest
from playwright.sync_api import expect

from .helpers import Api, InProcess, Server, seated_table

# A loaded CI machine can be slow to render: give every browser expectation some room (a bound, never a measurement).
expect.set_options(timeout=20_000)


STORES = ["sqlite", "postgresql"]


@pytest.fixture(scope="session")
def postgres():
    """A throwaway PostgreSQL cluster for the whole run (initdb in a temporary folder, a free port),
    stopped at the end; each test that asks gets a database of its own."""
    from companion.pgcluster import Cluster

    cluster = Cluster()
    yield cluster
    cluster.stop()


def store_url(request, tmp_path) -> str:
    """The `--db` of a test's server: a SQLite file, or a new PostgreSQL database (`request.param`)."""
    if getattr(request, "param", "sqlite") == "postgresql":
        return request.getfixturevalue("postgres").database()
    return str(tmp_path / "test.db")


@pytest.fixture
def db_url(request, tmp_path):
    """SQLite by default; a test module runs on both stores with
    `db_url = pytest.fixture(params=STORES)(store_url)`."""
    return store_url(request, tmp_path)


@pytest.fixture
def server(db_url):
    s = Server(db_url)
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
def app(db_url):
    from companion.web import create_app

    app = create_app(db_url)
    yield app
    app.extensions["hub"].close_all()
    app.extensions["tables"].compute.close()
    if app.extensions["tables"].store.shared:
        app.extensions["tables"].store.close()


@pytest.fixture
def client(app):
    """The same JSON API through Flask's test client: the whole app in process, no socket."""
    return Api(InProcess(app))


@pytest.fixture
def client_table(client):
    """The `table` fixture's table, reached through the test client."""
    return seated_table(client)


@pytest.fixture(autouse=True)
def pages_closed_after_each_test(request):
    """The session's Chromium keeps every context a test opened (tests/browser.open_seat) until
    the worker ends: their pages went on reconnecting to stopped servers and running their
    timers, so the browser's CPU grew through the run. Each test's pages close when it ends."""
    browser = request.getfixturevalue("browser") if "browser" in request.fixturenames else None
    yield
    for context in browser.contexts if browser is not None else ():
        context.close()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": "/usr/bin/chromium",
            "args": ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update", "--disable-sync"]}


@pytest.fixture(scope="session")
def webkit_engine():
    """Xvfb and WebKitWebDriver for the session (tests/webkit.py); the WebKit tests are skipped,
    with the reason, only where the engine is not installed."""
    from .webkit import Engine, missing

    why = missing()
    if why and os.environ.get("CI"):
        pytest.fail(why)  # CI runs `make test`, which installs the engine: a missing one is a fault there
    if why:
        pytest.skip(why)
    engine = Engine()
    yield engine
    engine.stop()


@pytest.fixture
def webkit(webkit_engine):
    """A WebKit phone (Selenium WebDriver, 390x844) of its own for one test (started once per worker, cleared between tests)."""
    driver = webkit_engine.borrow()
    yield driver
    webkit_engine.give_back(driver)


@pytest.fixture(scope="module")
def renderer():
    """The app's renderer of partials (an app on an in-memory store, inside a request's context),
    one per test module: the region-rendering tests of every game and language share it."""
    from companion.web import create_app
    from companion.web.render import Renderer

    app = create_app(":memory:")
    with app.test_request_context():
        yield Renderer(app)
    app.extensions["hub"].close_all()
    app.extensions["tables"].compute.close()
