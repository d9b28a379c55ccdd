"""The table service: creates tables and seats, authenticates tokens, and applies actions.

Every action runs under one lock per table with a version check; it is committed to the store
before anyone hears of it, and then every listener (the live sockets) is told.
"""

import hashlib
import logging
import secrets
import threading

from pydantic import ValidationError

from . import games
from .core import actions as act
from .core import table as tbl
from .core import undo
from .core.errors import BadInput, Forbidden, NotFound, RuleError, Stale, Unauthorized
from .core.table import DISPLAY, HOST, PLAYER, Seat, Table

log = logging.getLogger(__name__)
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, no 1/I: 32 symbols, 5 bits each
CODE_LENGTH = 7  # 35 bits


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(code: str) -> str:
    return "".join(ch for ch in (code or "").upper() if ch.isalnum())


def new_token() -> str:
    return secrets.token_urlsafe(24)  # 192 bits


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def clean_name(name) -> str:
    if not isinstance(name, str) or not name.strip():
        raise BadInput("A name is needed.")
    name = " ".join(name.split())
    if len(name) > act.NAME_MAX:
        raise BadInput(f"A name can be at most {act.NAME_MAX} characters long.")
    return name


class Tables:
    def __init__(self, store, rng=None):
        self.store = store
        self.rng = rng or secrets.SystemRandom()
        self._tables: dict[str, Table] = {}
        self._tokens: dict[str, dict[str, int]] = {}  # code -> token hash -> seat id
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()
        self.listeners = []  # callables (code) after every change

    # ----- loading -----
    def lock(self, code: str) -> threading.Lock:
        with self._guard:
            return self._locks.setdefault(code, threading.Lock())

    def get(self, code: str) -> Table:
        code = normal_code(code)
        table = self._tables.get(code)
        if table is not None:
            return table
        with self.lock(code):
            if code in self._tables:
                return self._tables[code]
            loaded = self.store.load(code) if code else None
            if loaded is None:
                raise NotFound("There is no table with that code.")
            game, options, seat_rows, events = loaded
            table = Table(code, game, options)
            tokens = {}
            for sid, name, role, approved, th in seat_rows:
                table.seats[sid] = Seat(sid, name, role, bool(approved))
                tokens[th] = sid
            table.events = events
            table.state = tbl.fold(games.get(game), table)
            self._tokens[code] = tokens
            self._tables[code] = table
            return table

    def module(self, table: Table):
        return games.get(table.game)

    # ----- tables and seats -----
    def create(self, game: str, options, name=None) -> tuple[Table, Seat, str]:
        if game not in games.IDS:
            raise BadInput(f"Unknown game {game!r}; choose one of {', '.join(games.IDS)}.")
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise BadInput("The options must be a JSON object.")
        module = games.get(game)
        try:
            options = module.Options.model_validate(options).model_dump(mode="json")
        except ValidationError as err:
            raise BadInput(act.explain(err)) from None
        host = Seat(0, clean_name(name) if name else "Host", HOST, True)
        code = new_code()
        while self.store.exists(code):
            code = new_code()
        table = Table(code, game, options, {0: host})
        table.state = tbl.initial(module, options)  # raises RuleError if the options break a rule
        token = new_token()
        self.store.create_table(code, game, options, host, token_hash(token))
        with self._guard:
            self._tables[code] = table
            self._tokens[code] = {token_hash(token): 0}
            self._locks.setdefault(code, threading.Lock())
        return table, host, token

    def authenticate(self, code: str, token: str | None) -> tuple[Table, Seat]:
        table = self.get(code)
        if not token:
            raise Unauthorized("This needs a seat's token: join the table first.")
        sid = self._tokens.get(table.code, {}).get(token_hash(token))
        if sid is None:
            raise Unauthorized("That token belongs to no seat at this table.")
        return table, table.seats[sid]

    def join(self, code: str, name, role, by: Seat | None = None) -> tuple[Seat, str]:
        table = self.get(code)
        if role not in (PLAYER, DISPLAY):
            raise BadInput("A seat's role is 'player' or 'display'.")
        name = clean_name(name)
        with self.lock(table.code):
            if table.seat_named(name):
                raise RuleError(f"The name {name} is taken at this table; choose another.", "name_taken")
            sid = max(table.seats) + 1
            seat = Seat(sid, name, role, approved=bool(by and by.role == HOST))
            token = new_token()
            self.store.add_seat(table.code, seat, token_hash(token))
            table.seats[sid] = seat
            self._tokens[table.code][token_hash(token)] = sid
        self._changed(table.code)
        return seat, token

    def approve(self, code: str, by: Seat, seat_id) -> Seat:
        table = self.get(code)
        if by.role != HOST:
            raise Forbidden("Only the host can approve a seat.")
        if isinstance(seat_id, str) and seat_id.isdigit():
            seat_id = int(seat_id)
        if seat_id not in table.seats:
            raise NotFound("There is no such seat at this table.")
        with self.lock(table.code):
            seat = table.seats[seat_id]
            if not seat.approved:
                self.store.approve(table.code, seat_id)
                seat = table.seats[seat_id] = Seat(seat.id, seat.name, seat.role, True)
        self._changed(table.code)
        return seat

    # ----- actions -----
    def act(self, code: str, seat: Seat, body) -> Table:
        table = self.get(code)
        module = self.module(table)
        action = act.parse(games.actions(table.game), body)
        expected = body.get("expected_version")
        with self.lock(table.code):
            seat = table.seats[seat.id]  # the freshest copy (approval may have come since)
            self._check_version(table, expected)
            if not seat.approved:
                raise Forbidden("The host has not approved this seat yet.")
            action = tbl.prepare(module, table.state, action, seat, self.rng)
            event = {"seq": table.version + 1, "kind": "action", "seat": seat.id, "action": action}
            state = tbl.step(module, table.state, event, table.seats)
            self.store.append(table.code, event)
            table.events.append(event)
            table.state = state
        self._changed(table.code)
        return table

    def undo(self, code: str, seat: Seat, body=None) -> Table:
        table = self.get(code)
        module = self.module(table)
        if body is not None and not isinstance(body, dict):
            raise BadInput("The body must be a JSON object.")
        with self.lock(table.code):
            seat = table.seats[seat.id]
            self._check_version(table, (body or {}).get("expected_version"))
            if not seat.approved:
                raise Forbidden("The host has not approved this seat yet.")
            target = undo.target(module, table, seat)
            event = {"seq": table.version + 1, "kind": "undo", "seat": seat.id, "undoes": target["seq"]}
            trial = Table(table.code, table.game, table.options, table.seats, [*table.events, event])
            state = tbl.fold(module, trial)
            self.store.append(table.code, event)
            table.events.append(event)
            table.state = state
        self._changed(table.code)
        return table

    @staticmethod
    def _check_version(table: Table, expected):
        if expected is None:
            return
        if not isinstance(expected, int) or isinstance(expected, bool):
            raise BadInput("The field 'expected_version' must be a whole number.")
        if expected != table.version:
            raise Stale(f"The table has moved on (it is at version {table.version}, not {expected}); look again and retry.")

    def _changed(self, code: str):
        """Tell the listeners; the change is already committed, so a listener's failure is
        logged and never turns the acknowledged action into an error."""
        for listener in list(self.listeners):
            try:
                listener(code)
            except Exception:
                log.exception("listener failed for table %s", code)
