"""A table: a game id, options, seats and a versioned event log. State is a fold over the log.

Events are plain dicts:
  {"seq": n, "kind": "action", "seat": id, "action": {...}}     (random outcomes already inside)
  {"seq": n, "kind": "undo", "seat": id, "undoes": m}
The version is the number of events. Undo appends an event; nothing is ever deleted.
"""

import copy
from dataclasses import dataclass, field

from . import dice
from .errors import Forbidden, Refusal
from .i18n import N_, SOURCE, _
from .names import norm

HOST, PLAYER, DISPLAY = "host", "player", "display"
# TRANSLATORS: a seat's role, shown beside its name
ROLE_WORDS = {HOST: N_("host"), PLAYER: N_("player"), DISPLAY: N_("display")}


@dataclass(frozen=True)
class Seat:
    id: int
    name: str
    role: str
    approved: bool = True

    @property
    def trusted(self) -> str:
        """The role this seat acts and sees as: a pending seat counts as a display."""
        return self.role if self.approved else DISPLAY


@dataclass(slots=True)  # every field a table carries is declared here: setting another one is an error
class Table:
    code: str
    game: str
    options: dict
    seats: dict[int, Seat] = field(default_factory=dict)
    events: list[dict] = field(default_factory=list)
    state: dict | None = None
    removed: set[int] = field(default_factory=set)  # seats the host removed: their past actions stay, not their place
    deleted: bool = False  # set when the table leaves the store, so a holder of its lock knows it is gone
    seals: dict = field(default_factory=dict, repr=False)  # seq -> what that action revealed (core.undo)
    compute: object = field(default=None, repr=False, compare=False)  # a background worker for heavy views
    views: dict = field(default_factory=dict, repr=False, compare=False)  # core.views' cache for this version
    game_views: dict = field(default_factory=dict, repr=False, compare=False)  # the game's part, by game state
    slice_memo: dict = field(default_factory=dict, repr=False, compare=False)  # core.regions: slices by identity
    language: str = SOURCE  # the language chosen at creation (the host's `language` action changes it: `language()`)

    @property
    def version(self) -> int:
        return len(self.events)

    def seat_named(self, name: str) -> Seat | None:
        return next((s for s in self.seats.values() if norm(s.name) == norm(name)), None)


def language(table: Table) -> str:
    """The table's language now: what the narration, the display and the shared log use."""
    state = table.state
    return (state.get("language") if state else None) or table.language


def initial(module, options: dict) -> dict:
    return {"game": module.setup(options), "rolls": [], "memos": {}}


def step(module, state: dict, event: dict, seats: dict[int, Seat]) -> dict:
    """Apply one action event to a state and return the new state (the old one is untouched)."""
    action, seat = event["action"], seats[event["seat"]]
    new = dict(state)
    kind = action["type"]
    if kind == "roll":
        new["rolls"] = [*state["rolls"], roll_entry(event, seat)]
    elif kind == "memo":
        new["memos"] = {**state["memos"], str(seat.id): action["text"]}
    elif kind == "language":
        if seat.trusted != HOST:
            raise Forbidden(_("Only the host can change the table's language."))
        new["language"] = action["language"]
    else:
        new["game"] = module.apply(clone(state["game"]), action, seat)
        if "_roll" in action:  # a game's own roll (a Minion Table, say) joins the shared roll log
            new["rolls"] = [*state["rolls"], roll_entry(event, seat)]
    return new


def clone(value, memo: dict | None = None):
    """A deep copy of a game's state for its `apply` to change, as copy.deepcopy makes it (a
    list or dict held in two places is one copy held in two places), but plain dicts, lists and
    atoms copied by hand: several times quicker (deepcopy was a tenth of an action that changes
    every page). Anything else goes to deepcopy, with the same memo."""
    kind = type(value)
    if kind is str or kind is int or value is None or kind is bool or kind is float:
        return value
    if memo is None:
        memo = {}
    made = memo.get(id(value))
    if made is not None:
        return made
    if kind is dict:
        out = memo[id(value)] = {}
        for k, v in value.items():
            out[k] = clone(v, memo)
    elif kind is list:
        out = memo[id(value)] = []
        out.extend([clone(v, memo) for v in value])
    else:
        return copy.deepcopy(value, memo)
    return out


def roll_entry(event: dict, seat: Seat, taken_back: bool = False) -> dict:
    game = "_roll" in event["action"]  # a roll a game's move made: its purpose is the game's words
    a = event["action"]["_roll"] if game else event["action"]
    entry = {"seq": event["seq"], "by": seat.name, "dice": a["dice"], "faces": a["faces"],
             "total": sum(a["faces"]), "purpose": a.get("purpose"), "taken_back": taken_back}
    if game:
        entry.update(game=True, purpose_kw=a.get("purpose_kw"))
    return entry


def undone(events: list[dict]) -> set[int]:
    return {e["undoes"] for e in events if e["kind"] == "undo"}


def fold(module, table: Table) -> dict:
    """The state after every event: undone actions are skipped, undone rolls stay, marked. An
    action whose premise was taken back since (a card shown for a suggestion that was withdrawn)
    no longer applies and is passed over, as if taken back with it."""
    gone = undone(table.events)
    state = initial(module, table.options)
    for event in table.events:
        if event["kind"] != "action":
            continue
        if event["seq"] in gone:
            if event["action"]["type"] == "roll" or "_roll" in event["action"]:
                entry = roll_entry(event, table.seats[event["seat"]], taken_back=True)
                state = {**state, "rolls": [*state["rolls"], entry]}
            continue
        try:
            state = step(module, state, event, table.seats)
        except Refusal:  # kept in the state, so undo never offers to take it back
            state = {**state, "dropped": [*state.get("dropped", ()), event["seq"]]}
    return state


def prepare(module, state: dict, action: dict, seat: Seat, rng) -> dict:
    """Draw what chance decides (dice, deals) before the action is recorded."""
    if action["type"] == "roll":
        return {**action, "dice": dice.normal(action["dice"]), "faces": dice.roll(action["dice"], rng)}
    hook = module.prepare
    return hook(state["game"], action, seat, rng) if hook else action


def is_private(module, action: dict) -> bool:
    """A private action concerns its author alone (a memo, a player's own notes)."""
    return action["type"] == "memo" or action["type"] in module.private
