"""Clue's table: the options it is created with, the deck of the chosen edition, seating the
players (hand sizes counted out, who moves first), and finding players, cards and the player
a seat plays."""

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from ...core.actions import Action, Name
from ...core.errors import Forbidden, RuleError
from ...core.i18n import N_, _, ngettext
from ...core.table import HOST
from .. import kernel
from .data import DATA, DEFAULT_EDITION, card_id

MIN_PLAYERS, MAX_PLAYERS = 2, 6  # the rulebook's detectives
MAX_HAND = 18  # the most cards one hand can hold (two players share the 18 dealt cards)
ENVELOPE = "envelope"


HandSize = Annotated[int, Field(ge=1, le=MAX_HAND, description="Cards in that player's hand.")]


class ClueOptions(BaseModel):
    """Players clockwise; optional hand sizes, lair names, the edition and who moves which Villain."""

    model_config = ConfigDict(extra="forbid", title="ClueOptions")
    players: list[Name] | None = Field(default=None, description="Names in clockwise seating order, 2 to 6.")
    hand_sizes: dict[Name, HandSize] | None = Field(default=None, description="Else counted out from the first player on.")
    lairs: list[Name] | None = Field(default=None, description="Nine lair names (the rulebook names only the Laboratory).")
    edition: str = Field(default=DEFAULT_EDITION, description="A card set from rules_data/clue.json.")
    movers: dict[Name, Name] | None = Field(default=None, description="Who plays which Villain mover.")
    host_player: Name | None = Field(default=None, description=(
        "The player whose phone is the host's: that seat keeps this player's hand, marks and notes."))


Options = ClueOptions


class PlayerRow(BaseModel):
    """A player with, optionally, their hand size and the Villain mover they play."""

    model_config = ConfigDict(extra="forbid")
    name: Name
    hand_size: int | None = Field(default=None, ge=1, le=MAX_HAND)
    mover: Name | None = None


class Setup(Action):
    """Seat the detectives (when the table was created without players). A player is a name,
    or a row with the name, the hand size and the mover."""

    type: Literal["setup"]
    players: list[Name | PlayerRow]
    hand_sizes: dict[Name, HandSize] | None = None
    lairs: list[Name] | None = None
    edition: str = DEFAULT_EDITION
    movers: dict[Name, Name] | None = None
    host_player: Name | None = Field(default=None, description="The player the host's phone plays, if any.")


def deck(edition: str, lairs: list[str] | None) -> list[dict]:
    ed = DATA["editions"].get(edition)
    if ed is None:
        raise RuleError(_("Unknown card set {edition}; choose one of {known}.", edition=repr(edition),
                          known=", ".join(DATA["editions"])))
    cards = []
    for cat in ed["categories"]:
        names = cat["cards"]
        if lairs and cat.get("renamable"):
            if len(lairs) != len(names):
                # TRANSLATORS: {kind} is a kind of card, e.g. "Lair"
                raise RuleError(ngettext("Name the {n} card of the kind {kind}.", "Name all {n} {kind}s.", len(names),
                                         kind=_(cat["name"]).lower()))
            names = lairs
        for name in names:
            cards.append({"id": card_id(name), "name": name, "category": cat["name"]})
    ids = [c["id"] for c in cards]
    if len(set(ids)) != len(ids):
        raise RuleError(_("Two cards would share a name; give each lair its own name."))
    return cards


def seat(state: dict, opts: dict) -> dict:
    players = opts["players"]
    # TRANSLATORS: the game's short name in "Clue takes 2 to 6 players." (the French edition: Cluedo)
    kernel.roster(players, MIN_PLAYERS, MAX_PLAYERS, N_("Clue"))
    cards = deck(opts.get("edition") or DEFAULT_EDITION, opts.get("lairs"))
    ed = DATA["editions"][opts.get("edition") or DEFAULT_EDITION]
    movers = opts.get("movers") or {}
    first = 0
    for name, mover in movers.items():
        if name not in players:
            raise RuleError(_("{name} is not one of the players.", name=name))
        if card_id(mover) not in {card_id(c) for c in ed["categories"][0]["cards"]}:
            raise RuleError(_("{mover} is not one of the game's movers.", mover=mover))
        if card_id(mover) == card_id(ed["first_mover"]):
            first = players.index(name)
    dealt = len(cards) - len(ed["categories"])
    sizes = opts.get("hand_sizes")
    if sizes:
        if set(sizes) != set(players):
            raise RuleError(_("Give a hand size for every player."))
        if sum(sizes.values()) != dealt:
            raise RuleError(ngettext("The hands must add up to the {n} dealt card.",
                                     "The hands must add up to the {n} dealt cards.", dealt))
        sizes = [sizes[p] for p in players]
    else:  # dealt one by one clockwise from the first player
        sizes = [dealt // len(players) + (1 if (i - first) % len(players) < dealt % len(players) else 0)
                 for i in range(len(players))]
    host_player = None
    if opts.get("host_player"):
        host_player = kernel.lookup(players, opts["host_player"], key=str)
        if host_player is None:
            raise RuleError(_("{name} is not one of the players, so the host cannot play them.",
                              name=opts["host_player"]))
    state.update(players=players, sizes=sizes, cards=cards, movers=movers, first=first, current=first,
                 host_player=host_player,
                 categories=[c["name"] for c in ed["categories"]], edition=ed["name"])
    return state


def prepare(state, action: dict, seat_, rng) -> dict:
    """Before a set-up is stored: the lair names the form offered in the phone's language and left
    as they were are stored as the rules data names them, so a table's cards (their ids and names)
    are the same whichever language its host seated it in; a name the host typed stays as typed."""
    if action.get("type") != "setup" or not action.get("lairs"):
        return action
    ed = DATA["editions"].get(action.get("edition") or DEFAULT_EDITION)
    cat = next((c for c in ed["categories"] if c.get("renamable")), None) if ed else None
    if cat is None or len(action["lairs"]) != len(cat["cards"]):
        return action
    lairs = [name if typed == _(name) else typed for typed, name in zip(action["lairs"], cat["cards"], strict=True)]
    return action if lairs == action["lairs"] else {**action, "lairs": lairs}


def setup(options: dict) -> dict:
    state = {"players": [], "sizes": [], "cards": [], "suggestions": [], "accusations": [], "private": {},
             "next_id": 1, "out": [], "winner": None, "current": None, "first": 0, "movers": {},
             "categories": [], "edition": None, "turn": 0, "clock": 0, "suggested": None}
    if options.get("players"):
        seat(state, options)
    return state


def player(state, name: str) -> str:
    p = kernel.lookup(state["players"], name, key=str)
    if p is None:
        raise RuleError(_("{name} is not a player at this table.", name=name))
    return p


def plays(state, seat_) -> str | None:
    """The player this seat keeps notes for: a player's own, or the host's when the host plays."""
    if seat_.trusted == HOST:
        return state.get("host_player")
    name = kernel.player_of(state["players"], seat_, key=str)
    return None if name is not None and name == state.get("host_player") else name  # the host's, not theirs


def card(state, cid: str) -> dict:
    key = card_id(cid)
    for c in state["cards"]:
        if c["id"] == key:
            return c
    raise RuleError(_("There is no card {card} in this game.", card=repr(cid)))


def triple(state, cards: list[str]) -> list[str]:
    chosen = [card(state, c) for c in cards]
    if sorted(c["category"] for c in chosen) != sorted(state["categories"]):
        raise RuleError(_("Name one card of each kind: {kinds}.", kinds=", ".join(_(k) for k in state["categories"]).lower()))
    by_cat = {c["category"]: c["id"] for c in chosen}
    return [by_cat[cat] for cat in state["categories"]]


def me(state, seat_) -> str:
    name = plays(state, seat_)
    if seat_.trusted == HOST and name is None:
        raise Forbidden(_("The host keeps notes only when playing (the table option host_player)."))
    if seat_.trusted not in ("player", HOST):
        raise Forbidden(_("Only a player's own phone keeps detective notes."))
    if name is None:
        raise RuleError(_("{name} is not a player at this table.", name=seat_.name))
    return name


def mine(state, name: str) -> dict:
    return state["private"].setdefault(name, {"hand": None, "shown": {}, "marks": {}, "at": {}})


def tick(state) -> int:
    """The order entries were made in (the notes before a contradiction are those of the
    entries made before it)."""
    state["clock"] = state.get("clock", 0) + 1
    return state["clock"]


def do_setup(state, a, _seat):
    if state["players"]:
        raise RuleError(_("The players are already seated."))
    rows = [p if isinstance(p, dict) else {"name": p} for p in a["players"]]
    movers = {**(a.get("movers") or {}), **{r["name"]: r["mover"] for r in rows if r.get("mover")}}
    if len(set(movers.values())) != len(movers):
        raise RuleError(_("Each Villain mover belongs to one player."))
    sizes = {**(a.get("hand_sizes") or {}), **{r["name"]: r["hand_size"] for r in rows if r.get("hand_size")}}
    return seat(state, {**a, "players": [r["name"] for r in rows], "movers": movers, "hand_sizes": sizes or None})


class HostPlays(Action):
    """The host's phone plays one of the detectives (a table created without host_player whose
    host is also at the table: that player's way in)."""

    type: Literal["host_plays"]
    player: Name


def untouched(state, name: str) -> bool:
    """No phone has kept notes for this player yet."""
    priv = state["private"].get(name) or EMPTY
    return priv["hand"] is None and not priv["shown"] and not priv["marks"] and not priv.get("showed")


def why_not_host_plays(state, name: str) -> str | None:
    if state.get("host_player"):
        return _("The host already plays {name}.", name=state["host_player"])
    if not untouched(state, name):
        return _("{name}'s phone already keeps {name}'s notes: the host cannot take them over.", name=name)
    return None


def do_host_plays(state, a, _seat):
    name = player(state, a["player"])
    why = why_not_host_plays(state, name)
    if why:
        raise RuleError(why)
    state["host_player"] = name


def seated(state) -> str | None:
    return None if state["players"] else _("Seat the players first.")


def under_way(state) -> str | None:
    if not state["players"]:
        return _("Seat the players first.")
    return _("The game is over: {name} solved it.", name=state["winner"]) if state["winner"] else None


EMPTY = {"hand": None, "shown": {}, "marks": {}, "at": {}}


def lair_kind(state) -> str:
    """The category a suggestion is made in: the lairs (the last category of every edition)."""
    return state["categories"][-1]
