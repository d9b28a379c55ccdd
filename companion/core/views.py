"""The one place that decides what a seat may see.

Everything a seat receives (the JSON view, its page, its socket pushes, its log) is built from
`view_for` and `log_for`. The raw log, undo stacks and the initial deal never leave the server.
"""

import json
import marshal
import threading
from json.encoder import encode_basestring_ascii
from operator import is_

from . import compute, i18n, now, undo
from .table import DISPLAY, HOST, Seat, Table, is_private, undone


def seats_public(table: Table) -> list[dict]:
    removed = table.removed  # seats the host removed keep their past actions, not a place
    return [{"seat": s.id, "name": s.name, "role": s.role, "approved": s.approved}
            for s in sorted(table.seats.values(), key=lambda s: s.id) if s.id not in removed]


WAITING_MAX = 256  # results one seat's views may wait for at once


class Awaiting:
    """A table's view of the background worker (`owner.compute`, shared by every table): what
    each seat's view asked for and had to show without (queued, not waited for) is remembered,
    and when it arrives only that seat's generation moves on, so only its view is computed
    again and only its page pushed (`arrived`). Other seats and other tables keep theirs."""

    def __init__(self, owner):
        self.owner = owner  # anything with a `compute` attribute: the worker, or None (inline)
        self._waiting: dict[int, set[tuple[str, str]]] = {}  # seat id -> (task, key) it showed without
        self._generations: dict[int, int] = {}
        self._lock = threading.Lock()

    @property
    def worker(self):
        return self.owner.compute

    def generation(self, seat: Seat) -> int:
        """This seat's generation, moved on first if a result its view waited for is known now (a
        result that came while no page of the table was open is seen here, not by `arrived`)."""
        worker = self.worker
        with self._lock:
            items = list(self._waiting.get(seat.id, ()))
        if items and worker is not None:
            known = [(task, key) for task, key in items if worker.ask(task, key, None, queue=False) is not None]
            if known:
                with self._lock:
                    mine = self._waiting.get(seat.id, set())
                    mine.difference_update(known)
                    self._generations[seat.id] = self._generations.get(seat.id, 0) + 1
        return self._generations.get(seat.id, 0)

    def asking(self, seat: Seat):
        """What a seat's view asks through (None: no worker, the game computes inline)."""
        worker = self.worker
        return None if worker is None else _SeatAsks(worker, self, seat.id)

    def arrived(self) -> bool:
        """Look whether anything a seat waits for has come; answers whether a seat's view moved on."""
        worker = self.worker
        if worker is None:
            return False
        with self._lock:
            waiting = [(sid, item) for sid, items in self._waiting.items() for item in items]
        moved = set()
        for sid, (task, key) in waiting:
            if worker.ask(task, key, None, queue=False) is not None:  # known now (never queues anything)
                with self._lock:
                    self._waiting.get(sid, set()).discard((task, key))
                moved.add(sid)
        with self._lock:
            for sid in moved:
                self._generations[sid] = self._generations.get(sid, 0) + 1
        return bool(moved)

    def _expect(self, sid: int, item, wanted: bool):
        with self._lock:
            mine = self._waiting.setdefault(sid, set())
            if wanted:
                if len(mine) >= WAITING_MAX:  # results that never came (a worker that restarted): forget
                    mine.clear()  # them, and let the seat's next view ask again for what it still needs
                    self._generations[sid] = self._generations.get(sid, 0) + 1
                mine.add(item)
            else:
                mine.discard(item)


class _SeatAsks:
    def __init__(self, worker, awaiting: Awaiting, sid: int):
        self.worker, self.awaiting, self.sid = worker, awaiting, sid

    def ask(self, task: str, key: str, payload, lane: str = "slow", wait: float = 0.0, queue: bool = True):
        shows_without = queue and not wait  # queued and not waited for: the view shows it is coming
        if shows_without:
            self.awaiting._expect(self.sid, (task, key), True)  # before asking: an answer right after is seen
        got = self.worker.ask(task, key, payload, lane=lane, wait=wait, queue=queue)
        if shows_without and got is not None:
            self.awaiting._expect(self.sid, (task, key), False)
        return got

    def __getattr__(self, name):  # anything else of the worker, as it is
        return getattr(self.worker, name)


def generation(table: Table, seat: Seat) -> int:
    """How many awaited results have reached this seat's view: a new one, a new view."""
    worker = table.compute
    if isinstance(worker, Awaiting):
        return worker.generation(seat)
    return getattr(worker, "generation", 0)


def _asking(table: Table, seat: Seat | None):
    worker = table.compute
    if isinstance(worker, Awaiting):
        return worker.asking(seat) if seat is not None else worker.worker
    return worker


def reader(table: Table, seat: Seat, phone: str | None = None) -> tuple[str, str]:
    """(the language this seat's view and page are in, the table's language): the phone's own
    (`phone`, else the one in use), but the display's is the table's."""
    state = table.state
    spoken = (state.get("language") if state else None) or table.language  # (core.table.language, inlined)
    if seat.role == DISPLAY:
        return spoken, spoken
    return (phone if phone in i18n.LOCALES else i18n.current()), spoken


def view_for(module, table: Table, seat: Seat) -> dict:
    """What this seat may see now, in the language in use (a display's: the table's). Computed
    once per version of the table, language (the reader's and the table's) and result of its
    background worker: the check before a commit, the answer and every socket's push share it.
    Callers must not change the dict they get."""
    locale, spoken = reader(table, seat)
    key = (seat, generation(table, seat), locale, spoken)
    state = table.state  # read before the version: a commit sets the state first (tables._commit)
    stamp = (table.version, tuple(table.seats.values()), frozenset(table.removed))
    views = table.views
    if views.get("stamp") != stamp:  # a new event, or a seat joined, was approved or removed: a new
        # cache (never the old one emptied: a view still being worked out for it may land there)
        views = table.views = {"stamp": stamp, "shared": views.get("shared") or {}}  # shared parts carried
    view = views.get(key)
    if view is None:
        if (locale, spoken) == i18n.reading():
            view = _view(module, table, seat, key)
        else:
            with i18n.use(locale, table=spoken):
                view = _view(module, table, seat, key)
        # kept only if the table did not move on while it was worked out (a push's thread holds no
        # lock): a view of the old state kept for the new version would be sent from then on
        if table.state is state and table.views is views:
            views[key] = view
    return view


def warm(module, table: Table) -> None:
    """Before every seat's view is worked out: a game with heavy views (`warm(state)`) may start
    all of their work on its background worker at once."""
    start = module.warm
    if start is None or table.state is None:
        return
    if any(kept[0] is table.state["game"] for kept in table.game_views.values()):
        return  # the game itself did not change (a roll, a note): its views are kept as they were
    token = compute.current.set(_asking(table, None))  # the worker itself: nothing here is shown without
    try:
        start(table.state["game"])
    finally:
        compute.current.reset(token)


def _game_view(module, table: Table, seat: Seat, key: tuple) -> dict:
    """The game's part of a view, kept while the game's state is the very same object (a roll or
    a note makes a new version but leaves the game as it was)."""
    game = table.state["game"]
    # key: (seat, generation, language, table language), as view_for made it
    kept = table.game_views.get(key)
    if kept is not None and kept[0] is game:  # the reference held keeps the id from being reused
        return kept[1]
    token = compute.current.set(_asking(table, seat))  # heavy work goes to the table's worker
    try:
        view = module.view(game, seat)
    finally:
        compute.current.reset(token)
    if len(table.game_views) > 8 * len(table.seats) + 8:  # room for two languages at one table
        table.game_views.clear()
    table.game_views[key] = (game, view)
    return view


def _shared(table: Table, what: str, source, make):
    """One object for every seat's view while `source` (compared by identity) is the same: a
    region reading it then keeps its slice, whichever seat and version (core.regions)."""
    shared = table.views.setdefault("shared", {})
    kept = shared.get(what)
    if kept is not None and kept[0] is source:
        return kept[1]
    made = make()
    shared[what] = (source, made)
    return made


def _said_rolls(rolls: list[dict]) -> list[dict]:
    """The roll log as the table reads it: a purpose the game wrote (marked for the catalog) in
    the table's language; one a person typed, as typed."""
    with i18n.for_table():
        return [{**r, "purpose": i18n._(r["purpose"], **(r.get("purpose_kw") or {}))}
                if r.get("game") and r.get("purpose") else r for r in rolls]


def _seat_public(table: Table, seat: Seat) -> dict:
    mine = table.views.setdefault("shared", {}).setdefault("seat", {})
    if seat not in mine:  # a Seat is a value: a renamed or approved seat is another one
        if len(mine) > 4 * len(table.seats) + 8:
            mine.clear()
        mine[seat] = {"id": seat.id, "name": seat.name, "role": seat.role, "acts_as": seat.trusted,
                      "approved": seat.approved}
    return mine[seat]


def _joined(table_items: list, game_items: list | None) -> list:
    """The table's items before the game's; the game's own list as it is when the table adds none
    (the same object from version to version keeps its region's slice without hashing again)."""
    return table_items + game_items if table_items and game_items else table_items or game_items or []


def _view(module, table: Table, seat: Seat, key: tuple) -> dict:
    state = table.state
    rolls = state["rolls"]
    shared = table.views["shared"]
    seating = (tuple(table.seats.values()), frozenset(table.removed))
    kept = shared.get("seats")
    if kept is None or kept[0] != seating:
        kept = shared["seats"] = (seating, seats_public(table))
    seats = kept[1]
    game = _game_view(module, table, seat, key)
    view = dict(game)
    mine, pinned = now.table_items(table, seat, seats)
    view.update({
        "now": _joined(mine, game.get("now")),
        "news": _joined(pinned, game.get("news")),
        "rolls": rolls,
        "recent_rolls": _shared(table, "recent_rolls " + i18n.table(), rolls, lambda: _said_rolls(rolls[-10:])),
        "memo": state["memos"].get(str(seat.id), ""),
        "seats": seats,
        "seat": _seat_public(table, seat),
        "undo": undo.offer(module, table, seat),
        "dice_tray": module.dice or bool(state["rolls"]),  # a game without dice shows none
        # the host always has the dice at hand (closed in a game without them); a seat that acts rolls
        "dice_shown": module.dice or bool(state["rolls"]) or seat.trusted == HOST,
        "dice_form": seat.trusted != DISPLAY,  # (a seat not yet approved counts as a display)
        "language": key[3],  # the table's language: the narration, the display, the shared log
    })
    _steady(table, key, view)
    return view


STEADY = ("now", "news", "undo")  # a view's parts made again for every version, yet mostly unchanged


def _steady(table: Table, key: tuple, view: dict) -> None:
    """Give the view the seat's last view's very object for each STEADY part whose value did
    not change (equal, and equal bytes to marshal: True is not 1, and the order is the same), so
    the regions reading it keep their slices without hashing again (core.regions)."""
    last_views = table.views["shared"].setdefault("last", {})
    last = last_views.get(key)
    if last is not None:
        for k in STEADY:
            new, old = view[k], last.get(k)
            if new is not old and type(new) is type(old) and new == old and _same(new, old):
                view[k] = old
    if len(last_views) > 4 * len(table.seats) + 8:
        last_views.clear()
    last_views[key] = view


def _same(a, b) -> bool:
    try:
        return marshal.dumps(a, 2) == marshal.dumps(b, 2)
    except ValueError:  # not plain data: left as it is
        return False


def log_for(module, table: Table, seat: Seat) -> list[dict]:
    """The event log as this seat may see it: others' private actions are left out, and each
    game may hide fields of its secret actions (a secret choice made at night, say)."""
    gone = undone(table.events)
    redact = module.log_entry
    by_seq = {e["seq"]: e for e in table.events}
    sealing = module.sealed  # secret until counted (ballots): hidden from the host too
    sealed = sealing(table.state["game"], table.events, table.seats) if sealing and table.state else set()
    out = []
    for e in table.events:
        author = table.seats.get(e["seat"])
        entry = {"seq": e["seq"], "kind": e["kind"], "by": author.name if author else None}
        if e["kind"] == "undo":
            target = by_seq[e["undoes"]]
            if is_private(module, target["action"]) and target["seat"] != seat.id:
                continue
            entry["undoes"] = e["undoes"]
        else:
            action = e["action"]
            if is_private(module, action) and e["seat"] != seat.id:
                continue
            if redact and (seat.trusted != HOST or e["seq"] in sealed) and e["seat"] != seat.id:
                action = redact(action, seat)
                if action is None:
                    continue
            entry["action"] = action
            entry["taken_back"] = e["seq"] in gone
        out.append(entry)
    return out


JSON_MAX = 20000  # JSON texts of a table's view parts kept (by identity); then the store starts again
_WHOLE = json.JSONEncoder(separators=(",", ":")).encode  # jsonify's writing (ASCII, in order, compact)


def _plain(v) -> str:
    kind = type(v)
    if kind is str:
        return encode_basestring_ascii(v)
    if v is None:
        return "null"
    if kind is bool:
        return "true" if v else "false"
    if kind is int:
        return int.__repr__(v)
    return _WHOLE(v)


def json_text(table: Table, value) -> str:
    """`value` (a view, or anything JSON holds) as compact JSON, as jsonify writes it, its parts'
    texts kept for the table by identity: a view shares most parts with the other seats' views
    and the version before (the game's view after a roll), so only what is new is written; a
    list that grew (the rolls) adds its new items' texts to the text of the list it grew from.
    Views are never changed in place, so an object's text stays true while it lives. Raises
    TypeError or ValueError when JSON cannot hold the value."""
    memo = table.views.setdefault("shared", {}).setdefault("json", {})
    if len(memo) > JSON_MAX:
        memo.clear()
    if not isinstance(value, dict) or not all(type(k) is str for k in value):
        return _WHOLE(value)
    return "{" + ",".join(f"{_plain(k)}:{_part(memo, x)}" for k, x in value.items()) + "}"


def _part(memo: dict, v) -> str:
    if not isinstance(v, (dict, list)):
        return _plain(v)
    kept = memo.get(id(v))
    if kept is not None and kept[0] is v:
        return kept[1]
    grown = memo.get(("grown", id(v[0]))) if type(v) is list and v else None  # the last list seen starting so
    if grown is not None and len(grown[0]) < len(v) and all(map(is_, grown[0], v)):
        text = grown[1][:-1] + "," + ",".join(map(_WHOLE, v[len(grown[0]):])) + "]"  # (never empty: v[0] is in)
    else:
        text = _WHOLE(v)
    if type(v) is list and v:
        memo[("grown", id(v[0]))] = (v, text)  # v holds v[0]: its id is never reused meanwhile
    memo[id(v)] = (v, text)  # the reference held keeps the id from being reused
    return text


def serialises(table: Table, view: dict) -> None:
    """Raise unless the view can be written as JSON: its parts are written once (json_text),
    and a part written before (the very same object) is not written again; the texts are kept
    for the answer and the API, which then write nothing again."""
    json_text(table, view)
