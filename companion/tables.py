"""The table service: creates tables and seats, authenticates tokens, and applies actions.

Every action runs under one lock per table with a version check; its resulting state must show
every seat its view before it is committed to the store, and only then is anyone told.

With a store that other processes share (PostgreSQL), each action first catches up with what
the others wrote; the event's number is the arbiter (a second insert of a number fails, and the
loser catches up and applies the action again, or answers 409 when the client named the version
it expected). Notifications from the store bring the other processes' changes to this process's
sockets (`notice`).

Tables that nobody used for a while leave memory (`idle_seconds`) and come back from the store
on the next request; tables idle for `keep_days` are deleted from the store (`sweep`).
"""

import hashlib
import logging
import secrets
import threading
import time
import weakref
from contextlib import contextmanager

from pydantic import ValidationError

from . import games, lookalike
from .core import actions as act
from .core import compute, i18n, undo
from .core import table as tbl
from .core.errors import BadInput, Forbidden, NotFound, Refusal, RuleError, Stale, Unauthorized
from .core.i18n import _, ngettext
from .core.names import why_not_name
from .core.sentences import BUSY, HOST_ONLY, taken
from .core.table import DISPLAY, HOST, PLAYER, Seat, Table
from .core.views import Awaiting, log_for, serialises, view_for, warm
from .store import Conflict

log = logging.getLogger(__name__)
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, no 1/I: 32 symbols, 5 bits each
CODE_LENGTH = 7  # 35 bits
CODE_MAX = 16  # longer than any code: refused without a look-up
PENDING_MAX = 20  # seats waiting for the host's approval, per table
SEATS_MAX = 40  # seats at one table (players, displays and the host): the largest box seats 12
RETRIES = 8  # times an action is tried again after another process took its number
IDLE_SECONDS = 30 * 60
KEEP_DAYS = 30.0
NOBODY = Seat(-1, "", DISPLAY, False)  # the public: what a display, or anyone who joins later, sees


class LinkUsed(Refusal):
    status, code = 410, "link_used"


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _i in range(CODE_LENGTH))


def normal_code(code: str) -> str:
    code = "".join(ch for ch in (code or "").upper() if ch.isascii() and ch.isalnum())
    return code if len(code) <= CODE_MAX else ""


def new_token() -> str:
    return secrets.token_urlsafe(24)  # 192 bits


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def seat_number(value) -> int:
    """A seat id from a path or a body: ASCII digits only (not '²', not 5,000 digits)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 9:
        return int(value)
    raise NotFound(_("There is no such seat at this table."))


def clean_name(name) -> str:
    if not isinstance(name, str):
        raise BadInput(_("A name is needed."))
    name = lookalike.clean(name)
    if not name:
        raise BadInput(_("A name is needed."))
    if len(name) > act.NAME_MAX:
        raise BadInput(_("A name can be at most {n} characters long.", n=act.NAME_MAX))
    why = why_not_name(name)
    if why:
        raise BadInput(why)  # already in the reader's words (core.names)
    return name


class Tables:
    def __init__(self, store, rng=None, idle_seconds: float = IDLE_SECONDS, keep_days: float = KEEP_DAYS,
                 pending_max: int = PENDING_MAX):
        self.store = store
        self.rng = rng or secrets.SystemRandom()
        self.idle_seconds, self.keep_days, self.pending_max = idle_seconds, keep_days, pending_max
        self._tables: dict[str, Table] = {}
        self._tokens: dict[str, dict[str, int]] = {}  # code -> token hash -> seat id
        self._hashes: dict[str, dict[int, str]] = {}  # code -> seat id -> its token hash (to see a change)
        self._used: dict[str, float] = {}  # code -> when it was last asked for (time.monotonic)
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()
        self._loading = threading.Lock()
        self.listeners = []  # callables (code) after every change
        self.holders = []  # callables (code) -> True while something here (a live socket) needs that table
        self.closers = []  # callables (code, seat id) when a seat's token stops working (its sockets close)
        self.compute = None  # a background worker for heavy views (companion.background), or None: inline

    # ----- loading -----
    def lock(self, code: str) -> threading.Lock:
        with self._guard:
            return self._locks.setdefault(code, threading.Lock())

    def get(self, code: str) -> Table:
        table = self._tables.get(code)  # a code as kept is already in its normal form (every push asks so)
        if table is None:
            code = normal_code(code)
            table = self._tables.get(code)
            if table is None:
                table = self._load(code)
        self._used[code] = time.monotonic()
        return table

    def _load(self, code: str) -> Table:
        with self._loading:  # one load at a time: no lock is made for a code that does not exist
            if code in self._tables:
                return self._tables[code]
            loaded = self.store.load(code) if code else None
            if loaded is None:
                raise NotFound(_("There is no table with that code."))
            game, options, seat_rows, events, *rest = loaded
            table = Table(code, game, options, compute=Awaiting(self), language=rest[0] if rest else i18n.SOURCE)
            tokens, hashes = self._seat_rows(table, seat_rows)
            table.events = events
            table.state = tbl.fold(games.get(game), table)
            with self._guard:
                self._tokens[code] = tokens
                self._hashes[code] = hashes
                self._locks.setdefault(code, threading.Lock())
                self._tables[code] = table
        if self.store.shared:
            # Another process may have committed between the read above and the registration
            # (its notice found no table here and was dropped): look once more, on the side, so
            # that this table's sockets do not stay one change behind until the next one.
            threading.Thread(target=self._look_again, args=(code,), daemon=True, name=f"catch-up-{code}").start()
        return table

    def _look_again(self, code: str):
        try:
            self.notice(f"{code} seats")
        except Exception as err:  # the store closed or went away: the next notice or action catches up
            log.warning("catching up table %s after loading it failed: %s", code, err)

    @staticmethod
    def _seat_rows(table: Table, rows) -> tuple[dict[str, int], dict[int, str]]:
        """Seats from the store's rows into `table`; answers (token hash -> seat, seat -> hash)."""
        seats, removed, tokens, hashes = {}, set(), {}, {}
        for sid, name, role, approved, th, gone in rows:
            seats[sid] = Seat(sid, name, role, bool(approved))
            hashes[sid] = th
            if gone:
                removed.add(sid)
            else:
                tokens[th] = sid
        table.seats, table.removed = seats, removed
        return tokens, hashes

    # ----- other processes -----
    def _catch_up(self, table: Table, seats: bool = True) -> tuple[bool, list[int]]:
        """Read what other processes wrote to this table since this one last looked (under the
        table's lock). Answers (anything changed, the seats whose token stopped working)."""
        if not self.store.shared:
            return False, []
        changed, revoked = False, []
        if seats:
            rows = self.store.seat_rows(table.code)
            old_seats, old_removed, old_hashes = table.seats, table.removed, self._hashes.get(table.code, {})
            tokens, hashes = self._seat_rows(table, rows)
            revoked = [sid for sid, th in old_hashes.items()
                       if sid not in old_removed and (hashes.get(sid) != th or sid in table.removed)]
            changed = table.seats != old_seats or table.removed != old_removed or bool(revoked)
            with self._guard:
                self._tokens[table.code], self._hashes[table.code] = tokens, hashes
        events = self.store.events_after(table.code, table.version)
        if events:
            module = self.module(table)
            every = [*table.events, *events]
            if any(e["kind"] != "action" for e in events) or table.state is None:
                state = tbl.fold(module, Table(table.code, table.game, table.options, table.seats, every,
                                               language=table.language))
            else:
                state = table.state
                for event in events:
                    try:
                        state = tbl.step(module, state, event, table.seats)
                    except Refusal:  # as the fold does: kept, never offered for undo
                        state = {**state, "dropped": [*state.get("dropped", ()), event["seq"]]}
            # as a commit does: the new state whole, then the version, then a cache for it (a push's
            # thread reading meanwhile never keeps a view of the old state for the new version)
            table.state = state
            table.events = every
            table.views = {"shared": table.views.get("shared") or {}}
            changed = True
        return changed, revoked

    def notice(self, payload: str | None):
        """Another process changed a table ("CODE seats", "CODE deleted", "CODE events N": its
        version is now N), or None: anything may have changed (the listener reconnected). A table
        this process holds catches up, and its sockets are told."""
        if payload is None:
            for code in list(self._tables):
                self.notice(f"{code} seats")
            return
        code, _sep, what = payload.partition(" ")
        table = self._tables.get(code)
        if table is None:
            if self.held(code) and what != "deleted":  # sockets here, the table not (yet) in memory
                self._changed(code)  # they are pushed, which reads it fresh
            return  # else it is read fresh when asked for
        kind, _sep, version = what.partition(" ")
        if kind == "events" and version.isdigit() and table.version >= int(version):
            return  # this process wrote it, or has read it already
        if what == "deleted":
            self._drop(code, stored=False)
            return
        with self.lock(code):
            table = self._tables.get(code)
            if table is None:
                return
            changed, revoked = self._catch_up(table, seats=kind != "events")
        for sid in revoked:
            self._revoked(code, sid)
        if changed:
            self._changed(code)

    @contextmanager
    def _locked(self, code: str):
        """The table under its lock, fresh: not one that left memory or was deleted meanwhile."""
        code = self.get(code).code
        with self.lock(code):
            table = self._tables.get(code) or self._load(code)
            if table.deleted:
                raise NotFound(_("There is no table with that code."))
            self._used[code] = time.monotonic()
            yield table

    def _retry(self, code: str, what: str, work):
        """`work(table)` under the table's lock, caught up with the other processes first; run
        again when another process took the number it wrote (`Conflict`), at most RETRIES times."""
        for _attempt in range(RETRIES):
            revoked = []
            try:
                with self._locked(code) as table:
                    _moved, revoked = self._catch_up(table)
                    return work(table)
            except Conflict:
                continue
            finally:
                for sid in revoked:
                    self._revoked(table.code, sid)
        raise RuleError(_(BUSY[what]) if what in BUSY else _("The table is too busy just now; try again."), "busy")

    def module(self, table: Table):
        return games.get(table.game)

    def loaded(self) -> int:
        return len(self._tables)

    # ----- checks before a commit -----
    def _viewable(self, module, table: Table):
        """Every seat (and the public) can be shown the table: else refuse, change nothing."""
        try:
            warm(module, table)  # a game may start every seat's heavy work at once
            dumped = set()
            for seat in [*(s for s in table.seats.values() if s.id not in table.removed), NOBODY]:
                view = view_for(module, table, seat)  # every seat's view computes (and is kept for the push)
                if seat.trusted not in dumped:  # one of each role is enough to prove they serialise
                    dumped.add(seat.trusted)
                    serialises(table, view)
        except Refusal:
            raise
        except Exception:
            log.exception("table %s: a view failed to render; the change was refused", table.code)
            raise RuleError(_("That would leave the table unable to show itself to every seat, so it was refused; "
                              "nothing was changed."), "unviewable") from None

    @staticmethod
    def _fault(what: str, code: str):
        log.exception("table %s: %s failed", code, what)
        return RuleError(_("The app could not apply that (a fault on our side, now logged); nothing was changed."),
                         "fault")

    # ----- tables and seats -----
    def create(self, game: str, options, name=None, language: str | None = None) -> tuple[Table, Seat, str]:
        if not isinstance(game, str) or game not in games.IDS:
            raise BadInput(_("Unknown game {game}; choose one of {games}.", game=repr(game),
                             games=", ".join(games.IDS))[:200])
        if language is None:
            language = i18n.current()  # the creator's own language
        if language not in i18n.LOCALES:
            raise BadInput(_("The table's language must be one of {languages}.", languages=", ".join(i18n.LOCALES)))
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise BadInput(_("The options must be a JSON object."))
        module = games.get(game)
        try:
            options = module.options.model_validate(options, strict=True).model_dump(mode="json")
        except ValidationError as err:
            raise BadInput(act.explain(err, whole=act.OPTIONS, models=(module.options,))) from None
        # TRANSLATORS: the host's name when the creator gives none (stored as the seat's name)
        host = Seat(0, clean_name(name) if name else _("Host"), HOST, True)
        code = new_code()
        while self.store.exists(code):
            code = new_code()
        table = Table(code, game, options, {0: host}, compute=Awaiting(self), language=language)
        table.removed = set()
        try:
            table.state = tbl.initial(module, options)  # raises RuleError if the options break a rule
        except Refusal:
            raise
        except Exception:
            raise self._fault("setting up the table", code) from None
        self._viewable(module, table)
        token = new_token()
        self.store.create_table(code, game, options, host, token_hash(token), language)
        with self._guard:
            self._tables[code] = table
            self._tokens[code] = {token_hash(token): 0}
            self._hashes[code] = {0: token_hash(token)}
            self._locks.setdefault(code, threading.Lock())
        self._used[code] = time.monotonic()
        return table, host, token

    def authenticate(self, code: str, token: str | None) -> tuple[Table, Seat]:
        table = self.get(code)
        if not token or not isinstance(token, str) or len(token) > 200:
            raise Unauthorized(_("This needs a seat's token: join the table first."))
        sid = self._tokens.get(table.code, {}).get(token_hash(token))
        if self.store.shared:
            # several processes: the database says which seat a token opens now, so a seat removed
            # or given a new link on another process is refused here as soon as that was answered
            # (one indexed read; the notification that catches this process up may come later)
            stored = self.store.seat_of_token(table.code, token_hash(token))
            if stored != sid:  # a seat made, a link used or a seat removed elsewhere: catch up
                with self._locked(table.code) as table:
                    _moved, revoked = self._catch_up(table)
                for gone in revoked:
                    self._revoked(table.code, gone)
                sid = self._tokens.get(table.code, {}).get(token_hash(token)) if stored is not None else None
        if sid is None:
            raise Unauthorized(_("That token belongs to no seat at this table."))
        return table, table.seats[sid]

    def _host(self, by: Seat, what: str):
        if by is None or by.trusted != HOST:
            raise Forbidden(_(HOST_ONLY[what]) if what in HOST_ONLY else _("Only the host can do that."))

    def _seat(self, table: Table, seat_id) -> Seat:
        sid = seat_number(seat_id)
        if sid not in table.seats or sid in table.removed:
            raise NotFound(_("There is no such seat at this table."))
        return table.seats[sid]

    def join(self, code: str, name, role, by: Seat | None = None, personal: bool = False) -> tuple[Seat, str]:
        """A new seat and its token. With the host's seat (`by`) it is approved at once; with
        `personal`, the answer is a one-time personal link's token instead of the seat's own."""
        if role not in (PLAYER, DISPLAY):
            raise BadInput(_("A seat's role is 'player' or 'display'."))
        name = clean_name(name)
        approved = bool(by and by.trusted == HOST)

        def work(table):
            if by is not None and by.id in table.removed:
                raise Unauthorized(_("That token belongs to no seat at this table."))
            shape = lookalike.skeleton(name)
            for other in table.seats.values():
                if other.id not in table.removed and lookalike.skeleton(other.name) == shape:
                    raise RuleError(taken(name, other), "name_taken")
            seated = [s for s in table.seats.values() if s.id not in table.removed]
            if len(seated) >= SEATS_MAX:
                raise RuleError(_("This table already has {n} seats, the most one table takes; the host can "
                                  "remove a seat that is no longer used.", n=SEATS_MAX), "table_full")
            pending = sum(1 for s in seated if not s.approved)
            if not approved and pending >= self.pending_max:
                raise RuleError(ngettext("{n} seat is already waiting for the host at this table; ask the host to "
                                         "approve or remove some first.",
                                         "{n} seats are already waiting for the host at this table; ask the host to "
                                         "approve or remove some first.", pending), "too_many_pending")
            sid = max(table.seats) + 1
            seat = Seat(sid, name, role, approved=approved)
            token = new_token()
            if personal:
                self.store.add_seat(table.code, seat, token_hash(new_token()), claim_hash=token_hash(token))
            else:
                self.store.add_seat(table.code, seat, token_hash(token))
                self._tokens[table.code][token_hash(token)] = sid
                self._hashes[table.code][sid] = token_hash(token)
            table.seats[sid] = seat
            return table, seat, token

        table, seat, token = self._retry(code, "seat someone", work)
        self._changed(table.code)
        return seat, token

    def approve(self, code: str, by: Seat, seat_id) -> Seat:
        self._host(by, "approve a seat")

        def work(table):
            seat = self._seat(table, seat_id)
            if not seat.approved:
                self.store.approve(table.code, seat.id)
                seat = table.seats[seat.id] = Seat(seat.id, seat.name, seat.role, True)
            return table, seat

        table, seat = self._retry(code, "approve a seat", work)
        self._changed(table.code)
        return seat

    def remove_seat(self, code: str, by: Seat, seat_id) -> Seat:
        """The host removes a seat, pending or approved: its token stops working at once and its
        sockets close. Its past actions stay in the log under its name."""
        self._host(by, "remove a seat")

        def work(table):
            seat = self._seat(table, seat_id)
            if seat.role == HOST:
                raise RuleError(_("The host's own seat stays; end and delete the table instead."), "host_seat")
            void = "removed:" + token_hash(new_token())
            self.store.remove_seat(table.code, seat.id, void)
            self._forget(table.code, seat.id)
            self._hashes[table.code][seat.id] = void
            table.removed.add(seat.id)
            return table, seat

        table, seat = self._retry(code, "remove a seat", work)
        self._revoked(table.code, seat.id)
        self._changed(table.code)
        return seat

    def new_link(self, code: str, by: Seat, seat_id, personal: bool = True) -> tuple[Seat, str]:
        """The host gives a seat a new way in: a one-time personal link (`personal`) or a new
        token. Either way the seat's old token and any earlier link stop working at once."""
        self._host(by, "give a seat a new link")

        def work(table):
            seat = self._seat(table, seat_id)
            if seat.role == HOST:
                raise RuleError(_("The host's own seat keeps its link."), "host_seat")
            token = new_token()
            stored = token_hash(new_token()) if personal else token_hash(token)
            if personal:
                self.store.new_link(table.code, seat.id, stored, claim_hash=token_hash(token))
            else:
                self.store.new_link(table.code, seat.id, stored)
            self._forget(table.code, seat.id)
            self._hashes[table.code][seat.id] = stored
            if not personal:
                self._tokens[table.code][token_hash(token)] = seat.id
            return table, seat, token

        table, seat, token = self._retry(code, "give a new link", work)
        self._revoked(table.code, seat.id)
        return seat, token

    def claim(self, code: str, link_token) -> tuple[Table, Seat, str]:
        """Use a personal link: the first browser gets the seat (and a token of its own); the link
        never works again, on any process (the store deletes it in the transaction that reads it)."""
        h = token_hash(link_token) if isinstance(link_token, str) and 0 < len(link_token) <= 200 else None

        def work(table):
            token = new_token()
            sid = self.store.claim(table.code, h, token_hash(token)) if h else None
            if sid is None:
                raise LinkUsed(_("This personal link has already been used, or the host has replaced it. "
                                 "Ask the host for a new one."))
            self._tokens[table.code][token_hash(token)] = sid
            self._hashes[table.code][sid] = token_hash(token)
            return table, table.seats[sid], token

        return self._retry(code, "use that link", work)

    def _forget(self, code: str, sid: int):
        """Every token of one seat stops working here (its links are voided in the store)."""
        tokens = self._tokens.get(code, {})
        for h in [h for h, s in tokens.items() if s == sid]:
            del tokens[h]

    def delete(self, code: str, by: Seat):
        """The host ends the table: its seats, log and notes are gone (then 404)."""
        self._host(by, "end and delete the table")
        self._drop(self.get(code).code)

    def _drop(self, code: str, stored: bool = True):
        """A table gone: from the store (unless another process deleted it: `stored` False) and memory."""
        with self.lock(code):
            table = self._tables.get(code)
            if stored:
                self.store.delete_table(code)
            seats = list(table.seats) if table else []
            if table is not None:
                table.deleted = True
            with self._guard:
                for store in (self._tables, self._tokens, self._hashes, self._used):
                    store.pop(code, None)
        for sid in seats:
            self._revoked(code, sid)
        with self._guard:
            self._locks.pop(code, None)

    def public_log(self, code: str, by: Seat) -> dict:
        """What the whole table saw, to keep before deleting: the public log and the seats."""
        self._host(by, "download the table's log")
        table = self.get(code)
        module = self.module(table)
        view = {k: v for k, v in view_for(module, table, NOBODY).items() if k not in ("seat", "memo", "undo")}
        return {"code": table.code, "game": table.game, "title": module.title, "version": table.version,
                "seats": view["seats"], "events": log_for(module, table, NOBODY), "final": view}

    # ----- housekeeping -----
    def sweep(self, now: float | None = None, clock: float | None = None) -> tuple[int, int]:
        """Tables idle for `idle_seconds` leave memory; tables idle for `keep_days` are deleted.
        Answers (left memory, deleted)."""
        now = time.time() if now is None else now
        clock = time.monotonic() if clock is None else clock
        deleted = 0
        for code in self.store.idle_since(now - self.keep_days * 86400):
            self._drop(code)
            deleted += 1
        left = 0
        for code, used in list(self._used.items()):
            if clock - used < self.idle_seconds or self.held(code):
                continue  # a table whose phones are connected here stays, to hear the other processes
            lock = self.lock(code)
            if not lock.acquire(blocking=False):
                continue
            try:
                if clock - self._used.get(code, clock) < self.idle_seconds:
                    continue
                with self._guard:
                    for store in (self._tables, self._tokens, self._hashes, self._used):
                        store.pop(code, None)
                left += 1
            finally:
                lock.release()
        return left, deleted

    def held(self, code: str) -> bool:
        return any(holds(code) for holds in self.holders)

    def start_sweeper(self, every: float = 60.0) -> threading.Thread:
        """A daemon that sweeps every `every` seconds while this service lives."""
        ref = weakref.ref(self)

        def run():
            while True:
                time.sleep(every)
                me = ref()
                if me is None:
                    return
                try:
                    me.sweep()
                except Exception:
                    log.exception("the sweep failed")
                del me

        thread = threading.Thread(target=run, daemon=True, name="companion-sweep")
        thread.start()
        return thread

    # ----- actions -----
    def act(self, code: str, seat: Seat, body) -> Table:
        started = time.perf_counter()
        table = self.get(code)
        module = self.module(table)
        action = act.parse(games.actions(table.game), body)
        expected = body.get("expected_version")

        def work(table):
            actor = self._acting(table, seat, expected)
            event = {"seq": table.version + 1, "kind": "action", "seat": actor.id}
            try:
                with i18n.use(i18n.current(), table=tbl.language(table)):  # the rules' sentences: the phone's and the table's
                    event["action"] = tbl.prepare(module, table.state, action, actor, self.rng)
                    state = tbl.step(module, table.state, event, table.seats)
            except Refusal:
                raise
            except Exception:
                raise self._fault(f"the action {action['type']!r}", table.code) from None
            token = compute.answering.set(actor)  # the other seats' heavy views may come later
            try:
                self._commit(module, table, event, state)
            finally:
                compute.answering.reset(token)
            return table

        table = self._retry(code, "take that", work)
        self._changed(table.code)
        self._logged(table, seat, action["type"], started)
        return table

    def undo(self, code: str, seat: Seat, body=None) -> Table:
        started = time.perf_counter()
        table = self.get(code)
        module = self.module(table)
        if body is not None and not isinstance(body, dict):
            raise BadInput(_("The body must be a JSON object."))

        def work(table):
            actor = self._acting(table, seat, (body or {}).get("expected_version"))
            target = undo.target(module, table, actor)
            event = {"seq": table.version + 1, "kind": "undo", "seat": actor.id, "undoes": target["seq"]}
            trial = Table(table.code, table.game, table.options, table.seats, [*table.events, event],
                          language=table.language)
            try:
                with i18n.use(i18n.current(), table=tbl.language(table)):
                    state = tbl.fold(module, trial)
            except Refusal:
                raise
            except Exception:
                raise self._fault("taking back", table.code) from None
            self._commit(module, table, event, state)
            return table

        table = self._retry(code, "take that back", work)
        self._changed(table.code)
        self._logged(table, seat, "undo", started)
        return table

    def _acting(self, table: Table, seat: Seat, expected) -> Seat:
        """The seat as it is now at this table, if it may act at the version the client expects."""
        self._still_seated(table, seat)
        seat = table.seats[seat.id]  # the freshest copy (approval may have come since)
        self._check_version(table, expected)
        if not seat.approved:
            raise Forbidden(_("The host has not approved this seat yet."))
        return seat

    @staticmethod
    def _logged(table: Table, seat: Seat, kind: str, started: float):
        """One line per action: the table, the seat's number, the kind and the time it took
        (never a token, a name or what the action said)."""
        log.info("table %s v%d: %s by seat %d in %.1f ms", table.code, table.version, kind, seat.id,
                 (time.perf_counter() - started) * 1000)

    def _commit(self, module, table: Table, event: dict, state: dict):
        """Check the new state shows every seat its view, then store it, then keep it."""
        trial = Table(table.code, table.game, table.options, table.seats, [*table.events, event], state,
                      dict(table.seals), compute=table.compute, language=table.language)
        trial.removed = table.removed
        trial.views["shared"] = table.views.get("shared") or {}  # the parts of views every seat shares (core.views)
        if event["kind"] == "action" and table.state is not None:
            undo.remember(module, trial, event, table.state, state)
        if table.state is None or state["game"] is not table.state["game"]:  # a roll or a note leaves it as it was
            self._viewable(module, trial)
        self.store.append(table.code, event)
        # the state before the version: a reader that sees the new version sees the new state
        # (core.views.view_for reads them the other way round, and keeps no view of a state that moved)
        table.state = state
        table.seals.update(trial.seals)
        table.events.append(event)
        table.views = trial.views  # the views just checked are the ones every seat is sent

    @staticmethod
    def _still_seated(table: Table, seat: Seat):
        if seat.id not in table.seats or seat.id in table.removed:
            raise Unauthorized(_("That token belongs to no seat at this table."))

    @staticmethod
    def _check_version(table: Table, expected):
        if expected is None:
            return
        if not isinstance(expected, int) or isinstance(expected, bool):
            raise BadInput(_("The field 'expected_version' must be a whole number."))
        if expected != table.version:
            raise Stale(_("The table has moved on (it is at version {version}, not {expected}); look again and retry.",
                          version=table.version, expected=expected))

    def _revoked(self, code: str, sid: int):
        for closer in list(self.closers):
            try:
                closer(code, sid)
            except Exception:
                log.exception("closing the sockets of seat %s at table %s failed", sid, code)

    def _changed(self, code: str):
        """Tell the listeners; the change is already committed, so a listener's failure is
        logged and never turns the acknowledged action into an error."""
        for listener in list(self.listeners):
            try:
                listener(code)
            except Exception:
                log.exception("listener failed for table %s", code)
