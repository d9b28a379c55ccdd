"""A throwaway PostgreSQL cluster: `initdb` in a temporary folder, a free port, stopped afterwards.

For the tests (tests/conftest.py) and the benchmarks (bench/multiprocess.py), and for trying the
multi-process mode by hand: `python -m companion.pgcluster` prints a URL and keeps the cluster
until Ctrl+C. It uses Debian's `postgresql` package (`make test` installs it when missing); run as
root, the cluster runs as the `postgres` user, as PostgreSQL requires.
"""

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time


def bindir() -> str:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    if found:
        return os.path.dirname(found[-1])
    initdb = shutil.which("initdb")
    if initdb:
        return os.path.dirname(initdb)
    raise RuntimeError("PostgreSQL is not installed: `make test` installs Debian's postgresql package.")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Cluster:
    """`with Cluster() as pg: pg.database("name")` gives a URL of a new, empty database."""

    def __init__(self, max_connections: int = 400):
        self.bin = bindir()
        self.dir = tempfile.mkdtemp(prefix="companion-pg-")
        self.data = os.path.join(self.dir, "data")
        self.port = free_port()
        self.root = os.geteuid() == 0
        if self.root:
            shutil.chown(self.dir, "postgres", "postgres")
        self._run("initdb", "-D", self.data, "-A", "trust", "-U", "companion", "-E", "UTF8", "--no-sync")
        self.process = self._spawn(
            "postgres", "-D", self.data, "-p", str(self.port), "-k", self.dir, "-c", "listen_addresses=127.0.0.1",
            "-c", f"max_connections={max_connections}", "-c", "fsync=off", "-c", "full_page_writes=off")
        self.url = f"postgresql://companion@127.0.0.1:{self.port}/postgres"
        self._wait()
        self._made = 0

    def _argv(self, tool, *args):
        argv = [os.path.join(self.bin, tool), *args]
        return ["runuser", "-u", "postgres", "--", *argv] if self.root else argv

    def _run(self, tool, *args):
        subprocess.run(self._argv(tool, *args), check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def _spawn(self, tool, *args):
        log = open(os.path.join(self.dir, "postgres.log"), "wb")  # noqa: SIM115 (kept open while it runs)
        return subprocess.Popen(self._argv(tool, *args), stdout=log, stderr=subprocess.STDOUT)

    def _wait(self, timeout: float = 30.0):
        import psycopg

        end = time.monotonic() + timeout
        while True:
            try:
                psycopg.connect(self.url, connect_timeout=2).close()
                return
            except psycopg.OperationalError:
                if self.process.poll() is not None or time.monotonic() > end:
                    with open(os.path.join(self.dir, "postgres.log")) as f:
                        raise RuntimeError("PostgreSQL did not start:\n" + f.read()[-2000:]) from None
                time.sleep(0.1)

    def database(self, name: str | None = None) -> str:
        """A new empty database; its URL."""
        import psycopg

        self._made += 1
        name = name or f"t{self._made}"
        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return f"postgresql://companion@127.0.0.1:{self.port}/{name}"

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()  # smart shutdown would wait for clients; SIGTERM is "fast"
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


if __name__ == "__main__":
    with Cluster() as pg:
        print(pg.database("companion"), flush=True)
        try:
            pg.process.wait()
        except KeyboardInterrupt:
            pass
