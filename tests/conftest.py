import pytest

from .helpers import Api, Server


@pytest.fixture
def server(tmp_path):
    s = Server(tmp_path / "test.db")
    yield s
    s.stop()


@pytest.fixture
def api(server):
    return Api(server.url)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": "/usr/bin/chromium",
            "args": ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update", "--disable-sync"]}
