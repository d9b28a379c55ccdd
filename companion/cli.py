"""`companion serve`, `companion replay` and `companion migrate`.

`--db` (or COMPANION_DB) is a SQLite file (the default, companion.db) or a PostgreSQL URL
(postgresql://USER@HOST:PORT/DB): several `companion serve` processes on one URL serve the
same tables live."""

import argparse
import json
import os
import socket
import sys


def lan_address() -> str:
    """The address other devices on this Wi-Fi can reach (no packet is sent)."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("10.255.255.255", 1))
        return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()


def bind_address(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def check_games():
    """Load every game and its data now: a bad data file stops the server here, in a sentence."""
    from . import games
    from .games.rules_data import GameDataError

    try:
        games.all_games()
    except GameDataError as err:
        sys.exit(f"companion serve: {err}")


def serve(args):
    """gunicorn with one gevent worker (companion/server.py), the server the benchmarks measure."""
    import segno

    from .server import Server

    if bool(args.cert) != bool(args.key):
        sys.exit("companion serve: --cert and --key go together.")
    check_games()
    tls = bool(args.cert)
    host = lan_address() if args.host in ("0.0.0.0", "::") else args.host
    url = f"{'https' if tls else 'http'}://{bind_address(host, args.port)}/"

    def when_ready(arbiter):  # the address is bound: say where to go
        print(f"\nThe table companion is running. On this Wi-Fi, open:\n\n    {url}\n", flush=True)
        if sys.stdout.isatty() or args.qr:
            segno.make(url, error="l").terminal(compact=True)
            sys.stdout.flush()
        if not tls:
            print("Plain HTTP: installing the app and keeping screens awake need HTTPS (see README).", flush=True)
        print("Stop with Ctrl+C; every acknowledged action is already saved.", flush=True)

    options = {"bind": bind_address(args.host, args.port), "when_ready": when_ready}
    if tls:
        options.update(certfile=args.cert, keyfile=args.key)
    Server(options, db=args.db).run()


def replay(args):
    """Fold a table's log again from the store and print the state it reaches."""
    from .core.errors import NotFound
    from .tables import Tables

    store = opened(existing(args.db, "replay"), "replay")
    try:
        table = Tables(store).get(args.code)
    except NotFound as err:
        sys.exit(f"companion replay: {err}")
    finally:
        store.close()
    print(json.dumps({"code": table.code, "game": table.game, "version": table.version, "state": table.state},
                     indent=2))


def existing(url: str, command: str) -> str:
    """A store to read from must be there: a SQLite path that does not exist would be created empty."""
    if not url.startswith(("postgresql://", "postgres://")) and url != ":memory:" and not os.path.exists(
            url.removeprefix("sqlite:///")):
        sys.exit(f"companion {command}: there is no database at {url}.")
    return url


def opened(url: str, command: str):
    from .store import open_store

    try:
        return open_store(url)
    except Exception as err:  # a URL PostgreSQL refuses, a file that is not SQLite
        sys.exit(f"companion {command}: cannot open {url.split('@')[-1]}: {str(err).splitlines()[0]}")


def migrate(args):
    """Copy every table, seat, link and event from one store to another (SQLite to PostgreSQL,
    say). A table whose code the destination already has is left alone and reported."""
    source = opened(existing(args.source, "migrate"), "migrate")
    dest = opened(args.dest, "migrate")
    copied = skipped = events = 0
    try:
        for code in source.codes():
            dumped = source.dump(code)
            if dumped is None:  # deleted meanwhile
                continue
            if dest.restore(dumped):
                copied += 1
                events += len(dumped[2])
            else:
                skipped += 1
                print(f"{code}: the destination already has a table of this code; left as it is", file=sys.stderr)
    finally:
        source.close()
        dest.close()
    print(f"Copied {copied} tables ({events} events); {skipped} left alone.")
    return copied, skipped


def main(argv=None):
    p = argparse.ArgumentParser(prog="companion", description="The table companion.")
    sub = p.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("serve", help="start the server")
    s.add_argument("--host", default="0.0.0.0")
    s.add_argument("--port", type=int, default=8000)
    s.add_argument("--db", default=os.environ.get("COMPANION_DB", "companion.db"),
                   help="a SQLite file, or postgresql://USER@HOST:PORT/DB for several processes")
    s.add_argument("--cert")
    s.add_argument("--key")
    s.add_argument("--qr", action="store_true", help="print the QR code even when not on a terminal")
    s.set_defaults(fn=serve)
    r = sub.add_parser("replay", help="print a table's state, folded from its log")
    r.add_argument("code")
    r.add_argument("--db", default=os.environ.get("COMPANION_DB", "companion.db"))
    r.set_defaults(fn=replay)
    m = sub.add_parser("migrate", help="copy every table from one store to another")
    m.add_argument("--from", dest="source", required=True, help="a SQLite file or a PostgreSQL URL")
    m.add_argument("--to", dest="dest", required=True, help="a SQLite file or a PostgreSQL URL")
    m.set_defaults(fn=migrate)
    args = p.parse_args(argv)
    args.fn(args)


if __name__ == "__main__":
    main()
