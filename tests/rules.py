"""The one harness for rule tests: every action goes the way the API sends it.

`Game` drives the table service itself (`companion.tables.Tables`, which the JSON API, the pages
and the socket all call) over an in-memory store. So an action is

  * sent as JSON (a tuple arrives as a list, a set or an object cannot be sent at all),
  * validated by the game's pydantic models (`core.actions.parse`),
  * checked against the seat (approved, its role, its name),
  * drawn by `core.table.prepare` (dice and deals from the harness's seeded rng, or a scripted
    `Dice`), and applied by `core.table.step`,

exactly as `POST /api/tables/{code}/actions` does. A refusal is the same `Refusal` (class,
sentence, status) the API would answer with, and the harness checks it changed nothing.
A test reads the answer as the API's view of the acting seat, and may look at the server's own
state (`.state`) for what no seat is shown.
"""

import copy
import json
import random

import pytest

from companion import games
from companion.core.errors import Refusal
from companion.core.table import Seat
from companion.core.views import log_for, view_for
from companion.store import Store
from companion.tables import Tables


def as_json(value):
    """What survives the trip through a JSON body, as the server would parse it."""
    return json.loads(json.dumps(value))


class Dice:
    """A scripted source of chance: randint pops the next value (the lowest face once they run
    out); choice takes the queued place, else the first."""

    def __init__(self, *values, places=()):
        self.values, self.places = list(values), list(places)

    def randint(self, a, b):
        v = self.values.pop(0) if self.values else a
        assert a <= v <= b, f"scripted {v} is not a face of {a}..{b}"
        return v

    def choice(self, seq):
        if self.places:
            want = self.places.pop(0)
            assert want in seq, f"scripted place {want!r} is not one of {seq}"
            return want
        return seq[0]


class Game:
    """One table of one game, with a host seat, player seats and (by default) a display.

    `players` are joined as approved player seats under those names (the names the games match
    seats by); `display` is the display seat's name, or None for none.
    """

    def __init__(self, game_id: str, options: dict | None = None, *, players=(), display: str | None = "Board",
                 host: str = "Host", seed: int = 3):
        self.game_id = game_id
        self.module = games.get(game_id)
        self.rng = random.Random(seed)
        self.tables = Tables(Store(":memory:"), rng=self.rng)
        table, self.host, _ = self.tables.create(game_id, as_json(options), host)
        self.code = table.code
        for name in players:
            self.join(name)
        if display:
            self.join(display, "display")

    # ----- seats -----
    def join(self, name: str, role: str = "player", approved: bool = True) -> Seat:
        """A new seat, approved by the host unless approved=False (then it is pending)."""
        seat, _ = self.tables.join(self.code, name, role, by=self.host if approved else None)
        return seat

    def approve(self, who) -> Seat:
        return self.tables.approve(self.code, self.host, self.seat(who).id)

    def seat(self, who) -> Seat:
        """A seat by its exact name, else the first seat with that role ("host", "display", "player")."""
        if isinstance(who, Seat):
            return self.table.seats[who.id]
        seats = sorted(self.table.seats.values(), key=lambda s: s.id)
        found = next((s for s in seats if s.name == who), None) or next((s for s in seats if s.role == who), None)
        if found is None:
            raise LookupError(f"no seat named {who!r} and no seat with that role at this table")
        return found

    # ----- reading -----
    @property
    def table(self):
        return self.tables.get(self.code)

    @property
    def state(self) -> dict:
        """The server's game state, every secret included: for assertions only."""
        return self.table.state["game"]

    @property
    def version(self) -> int:
        return self.table.version

    def view(self, who) -> dict:
        """What GET /api/tables/{code} answers this seat with."""
        return as_json(view_for(self.module, self.table, self.seat(who)))

    def log(self, who) -> list[dict]:
        """What GET /api/tables/{code}/log answers this seat with."""
        return as_json(log_for(self.module, self.table, self.seat(who)))

    # ----- acting -----
    def act(self, who, /, rng=None, **action) -> dict:
        """Send an action as this seat; answer its view, or raise the API's Refusal.

        `rng` draws this action's chance (a `Dice` to script it); else the table's seeded rng.
        """
        seat = self.seat(who)
        table = self.table
        before = (table.version, copy.deepcopy(table.state))
        self.tables.rng = rng or self.rng
        try:
            self.tables.act(self.code, seat, as_json(action))
        except Refusal:
            assert (table.version, table.state) == before, "a refused action changed the table"
            raise
        finally:
            self.tables.rng = self.rng
        return self.view(seat)

    def refused(self, who, /, rng=None, **action) -> str:
        """Send an action the API must refuse; answer the refusal's sentence."""
        with pytest.raises(Refusal) as err:
            self.act(who, rng=rng, **action)
        return err.value.message

    def undo(self, who, **body) -> dict:
        """POST /api/tables/{code}/undo as this seat; answer its view."""
        seat = self.seat(who)
        self.tables.undo(self.code, seat, as_json(body))
        return self.view(seat)


def broken_data(name: str, model, tmp_path, change) -> str:
    """The sentence a changed copy of rules_data/<name>.json stops the game with; it names the file."""
    from companion.games.rules_data import ROOT, GameDataError, load

    data = json.loads((ROOT / f"{name}.json").read_text(encoding="utf-8"))
    change(data)
    (tmp_path / f"{name}.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(GameDataError) as err:
        load(name, model, root=tmp_path)
    assert str(tmp_path / f"{name}.json") in str(err.value)
    return str(err.value)
