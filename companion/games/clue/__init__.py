"""Clue: Disney Villains. The public suggestion log, entered once, and each player's private
detective notes, deduced exactly from that player's own knowledge (see clue_solver)."""

import re
import time
from functools import lru_cache
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from ...core import compute
from ...core.actions import Action, Name
from ...core.errors import Forbidden, RuleError
from ...core.regions import Region, fingerprint
from ...core.table import DISPLAY, HOST, PLAYER
from .. import kernel
from ..contract import Game
from ..rules_data import load
from . import solver
from . import text as clue_text

ID = "clue"
TITLE = "Clue: Disney Villains"
DATA = load("clue")
PRIVATE = ("hand", "shown", "mark", "showed", "advise", "look_back", "import")
NOT_UNDONE = ("advise", "look_back")  # questions, not entries: Undo passes over them
ENVELOPE = "envelope"


def card_id(name: str) -> str:
    """'Dr. Facilier' -> 'dr_facilier'."""
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


HandSize = Annotated[int, Field(ge=1, le=18, description="Cards in that player's hand.")]


class ClueOptions(BaseModel):
    """Players clockwise; optional hand sizes, lair names, the edition and who moves which Villain."""

    model_config = ConfigDict(extra="forbid", title="ClueOptions")
    players: list[Name] | None = Field(default=None, description="Names in clockwise seating order, 2 to 6.")
    hand_sizes: dict[Name, HandSize] | None = Field(default=None, description="Else counted out from the first player on.")
    lairs: list[Name] | None = Field(default=None, description="Nine lair names (the rulebook names only the Laboratory).")
    edition: str = Field(default="disney-villains", description="A card set from rules_data/clue.json.")
    movers: dict[Name, Name] | None = Field(default=None, description="Who plays which Villain mover.")
    host_player: Name | None = Field(default=None, description=(
        "The player whose phone is the host's: that seat keeps this player's hand, marks and notes."))


Options = ClueOptions


class PlayerRow(BaseModel):
    """A player with, optionally, their hand size and the Villain mover they play."""

    model_config = ConfigDict(extra="forbid")
    name: Name
    hand_size: int | None = Field(default=None, ge=1, le=18)
    mover: Name | None = None


class Setup(Action):
    """Seat the detectives (when the table was created without players). A player is a name,
    or a row with the name, the hand size and the mover."""

    type: Literal["setup"]
    players: list[Name | PlayerRow]
    hand_sizes: dict[Name, HandSize] | None = None
    lairs: list[Name] | None = None
    edition: str = "disney-villains"
    movers: dict[Name, Name] | None = None
    host_player: Name | None = Field(default=None, description="The player the host's phone plays, if any.")


class Hand(Action):
    """A player enters their own cards (private)."""

    type: Literal["hand"]
    cards: list[str] = Field(max_length=18)


class Suggestion(Action):
    """A suggestion and who disproved it (or nobody), entered once for the whole table. The
    suggester's own phone may add the card it was shown (`shown`): kept in that player's notes
    only, and left out of everyone else's log."""

    type: Literal["suggestion"]
    by: Name
    cards: list[str] = Field(min_length=3, max_length=3)
    disproved_by: Name | None = None
    shown: str | None = Field(default=None, max_length=40,
                              description="The card shown to the suggester (their own phone only; private).")


class CorrectSuggestion(Suggestion):
    """Fix a suggestion entered wrong; every note is worked out again."""

    type: Literal["correct_suggestion"]
    id: int


class WithdrawSuggestion(Action):
    """Take a suggestion out of the log."""

    type: Literal["withdraw_suggestion"]
    id: int


class Shown(Action):
    """The suggester records the card shown to them (private); null forgets it."""

    type: Literal["shown"]
    suggestion: int
    card: str | None


class Mark(Action):
    """A player's own mark on their grid (private): has, lacks, or cleared."""

    type: Literal["mark"]
    card: str
    holder: str = Field(max_length=40)
    value: Literal["has", "lacks"] | None = None


class Showed(Action):
    """The disprover records which card they showed the suggester (private), so as to keep
    showing the same one; null forgets it."""

    type: Literal["showed"]
    suggestion: int
    card: str | None


class Advise(Action):
    """Ask the advisor which suggestion to make in this lair (private); null stops asking."""

    type: Literal["advise"]
    room: str | None = Field(max_length=40)


class LookBack(Action):
    """Look at your notes as they stood after your first `to` entries (read-only, worked out
    again from those entries); null comes back to now."""

    type: Literal["look_back"]
    to: int | None = Field(default=None, ge=0)


class Import(Action):
    """Start this (new, unseated) table from a game exported as text: the players, the public
    log, and the private entries of the player whose notes it carries."""

    type: Literal["import"]
    text: str = Field(min_length=1, max_length=200_000)
    host_player: Name | None = Field(default=None, description=(
        "The player the host's phone plays (else the text's own answer to 'Host plays')."))


class Accusation(Action):
    """An accusation and whether it was right."""

    type: Literal["accusation"]
    by: Name
    cards: list[str] = Field(min_length=3, max_length=3)
    correct: bool


class EndTurn(Action):
    """Pass the turn to the left (wrong accusers are skipped)."""

    type: Literal["end_turn"]


ACTIONS = (Setup, Hand, Suggestion, CorrectSuggestion, WithdrawSuggestion, Shown, Showed, Advise, Mark, Accusation,
           EndTurn, LookBack, Import)


# ------------------------------------------------------------------ setup

def deck(edition: str, lairs: list[str] | None) -> list[dict]:
    ed = DATA["editions"].get(edition)
    if ed is None:
        raise RuleError(f"Unknown card set {edition!r}; choose one of {', '.join(DATA['editions'])}.")
    cards = []
    for cat in ed["categories"]:
        names = cat["cards"]
        if lairs and cat.get("renamable"):
            if len(lairs) != len(names):
                raise RuleError(f"Name all {len(names)} {cat['name'].lower()}s.")
            names = lairs
        for name in names:
            cards.append({"id": card_id(name), "name": name, "category": cat["name"]})
    ids = [c["id"] for c in cards]
    if len(set(ids)) != len(ids):
        raise RuleError("Two cards would share a name; give each lair its own name.")
    return cards


def seat(state: dict, opts: dict) -> dict:
    players = opts["players"]
    kernel.roster(players, 2, 6, "Clue")
    cards = deck(opts.get("edition") or "disney-villains", opts.get("lairs"))
    ed = DATA["editions"][opts.get("edition") or "disney-villains"]
    movers = opts.get("movers") or {}
    first = 0
    for name, mover in movers.items():
        if name not in players:
            raise RuleError(f"{name} is not one of the players.")
        if card_id(mover) not in {card_id(c) for c in ed["categories"][0]["cards"]}:
            raise RuleError(f"{mover} is not one of the game's movers.")
        if card_id(mover) == card_id(ed["first_mover"]):
            first = players.index(name)
    dealt = len(cards) - len(ed["categories"])
    sizes = opts.get("hand_sizes")
    if sizes:
        if set(sizes) != set(players):
            raise RuleError("Give a hand size for every player.")
        if sum(sizes.values()) != dealt:
            raise RuleError(f"The hands must add up to the {dealt} dealt cards.")
        sizes = [sizes[p] for p in players]
    else:  # dealt one by one clockwise from the first player
        sizes = [dealt // len(players) + (1 if (i - first) % len(players) < dealt % len(players) else 0)
                 for i in range(len(players))]
    host_player = None
    if opts.get("host_player"):
        host_player = kernel.lookup(players, opts["host_player"], key=str)
        if host_player is None:
            raise RuleError(f"{opts['host_player']} is not one of the players, so the host cannot play them.")
    state.update(players=players, sizes=sizes, cards=cards, movers=movers, first=first, current=first,
                 host_player=host_player,
                 categories=[c["name"] for c in ed["categories"]], edition=ed["name"])
    return state


def setup(options: dict) -> dict:
    state = {"players": [], "sizes": [], "cards": [], "suggestions": [], "accusations": [], "private": {},
             "next_id": 1, "out": [], "winner": None, "current": None, "first": 0, "movers": {},
             "categories": [], "edition": None, "turn": 0, "clock": 0, "suggested": None}
    if options.get("players"):
        seat(state, options)
    return state


# ------------------------------------------------------------------ helpers

def player(state, name: str) -> str:
    p = kernel.lookup(state["players"], name, key=str)
    if p is None:
        raise RuleError(f"{name} is not a player at this table.")
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
    raise RuleError(f"There is no card {cid!r} in this game.")


def triple(state, cards: list[str]) -> list[str]:
    chosen = [card(state, c) for c in cards]
    if sorted(c["category"] for c in chosen) != sorted(state["categories"]):
        raise RuleError("Name one card of each kind: " + ", ".join(state["categories"]).lower() + ".")
    by_cat = {c["category"]: c["id"] for c in chosen}
    return [by_cat[cat] for cat in state["categories"]]


def me(state, seat_) -> str:
    name = plays(state, seat_)
    if seat_.trusted == HOST and name is None:
        raise Forbidden("The host keeps notes only when playing (the table option host_player).")
    if seat_.trusted not in ("player", HOST):
        raise Forbidden("Only a player's own phone keeps detective notes.")
    if name is None:
        raise RuleError(f"{seat_.name} is not a player at this table.")
    return name


def mine(state, name: str) -> dict:
    return state["private"].setdefault(name, {"hand": None, "shown": {}, "marks": {}, "at": {}})


def find_suggestion(state, sid: int) -> dict:
    for s in state["suggestions"]:
        if s["id"] == sid:
            return s
    raise RuleError(f"There is no suggestion #{sid}.")


def why_not_suggest(state, name: str) -> str | None:
    """A player who made a wrong accusation makes no further moves (they still disprove)."""
    if name in state["out"]:
        return f"{name} made a wrong accusation and can no longer suggest."
    return None


def check_suggestion(state, a, was: dict | None = None) -> dict:
    """A suggestion as entered (or as corrected: `was` is the entry before; its suggester may
    have accused wrongly since, which does not unmake a suggestion made earlier)."""
    by = player(state, a["by"])
    why = why_not_suggest(state, by)
    if why and not (was and was["by"] == by):
        raise RuleError(why)
    cards = triple(state, a["cards"])
    d = a.get("disproved_by")
    if d is not None:
        d = player(state, d)
        if d == by:
            raise RuleError("Nobody disproves their own suggestion.")
    return {"by": by, "cards": cards, "disproved_by": d}


def tick(state) -> int:
    """The order entries were made in (the notes before a contradiction are those of the
    entries made before it)."""
    state["clock"] = state.get("clock", 0) + 1
    return state["clock"]


def why_not_change(state, s: dict, seat_) -> str | None:
    """Only the phone that entered a suggestion, or the host, removes or edits it."""
    if seat_.trusted == HOST or s.get("seat") in (None, seat_.id):
        return None
    return f"Only the phone that entered #{s['id']} ({s.get('author') or 'another seat'}) or the host can change it."


def next_up(state, after: int) -> int:
    n = len(state["players"])
    for step in range(1, n + 1):
        nxt = (after + step) % n
        if state["players"][nxt] not in state["out"]:
            return nxt
    return after


def suggest_default(state) -> str | None:
    """Whose suggestion the form offers first: the player whose turn it is, or the next one once
    that player's suggestion is in."""
    if not state["players"]:
        return None
    cur = state["current"]
    if state.get("suggested") == state.get("turn", 0) or state["players"][cur] in state["out"]:
        cur = next_up(state, cur)
    return state["players"][cur]


def record_shown(state, s: dict, card_: str | None, seat_, when: int):
    """The card shown to the suggester, kept in their own notes (their phone only)."""
    if plays(state, seat_) != s["by"]:
        raise Forbidden(f"Only {s['by']}'s own phone saw the card shown and can record it.")
    priv = mine(state, s["by"])
    if card_ is None:
        priv["shown"].pop(str(s["id"]), None)
        return
    if s["disproved_by"] is None:
        raise RuleError("Nobody disproved that suggestion, so no card was shown.")
    c = card(state, card_)["id"]
    if c not in s["cards"]:
        raise RuleError("The card shown must be one of the three suggested.")
    priv["shown"][str(s["id"])] = c
    priv.setdefault("at", {})[f"shown:{s['id']}"] = when


# ------------------------------------------------------------------ apply

def do_setup(state, a, _seat):
    if state["players"]:
        raise RuleError("The players are already seated.")
    rows = [p if isinstance(p, dict) else {"name": p} for p in a["players"]]
    movers = {**(a.get("movers") or {}), **{r["name"]: r["mover"] for r in rows if r.get("mover")}}
    if len(set(movers.values())) != len(movers):
        raise RuleError("Each Villain mover belongs to one player.")
    sizes = {**(a.get("hand_sizes") or {}), **{r["name"]: r["hand_size"] for r in rows if r.get("hand_size")}}
    return seat(state, {**a, "players": [r["name"] for r in rows], "movers": movers, "hand_sizes": sizes or None})


def do_hand(state, a, seat_):
    name = me(state, seat_)
    cards = sorted({card(state, c)["id"] for c in a["cards"]})
    size = state["sizes"][state["players"].index(name)]
    if len(cards) != size:
        raise RuleError(f"Your hand has {size} cards; you entered {len(cards)}.")
    priv = mine(state, name)
    priv["hand"] = cards
    priv.setdefault("at", {})["hand"] = tick(state)


def do_shown(state, a, seat_):
    name = me(state, seat_)
    s = find_suggestion(state, a["suggestion"])
    if s["by"] != name:
        raise Forbidden("Only the player who made the suggestion saw the card shown.")
    record_shown(state, s, a["card"], seat_, tick(state))


def do_showed(state, a, seat_):
    name = me(state, seat_)
    s = find_suggestion(state, a["suggestion"])
    if s["disproved_by"] != name:
        raise RuleError(f"You did not disprove #{s['id']}, so you showed no card for it.")
    priv = mine(state, name)
    showed = priv.setdefault("showed", {})
    if a["card"] is None:
        showed.pop(str(s["id"]), None)
        return
    c = card(state, a["card"])["id"]
    if c not in s["cards"]:
        raise RuleError("The card you showed must be one of the three suggested.")
    if priv["hand"] is not None and c not in priv["hand"]:
        raise RuleError(f"{card(state, c)['name']} is not in your hand.")
    showed[str(s["id"])] = c


def do_advise(state, a, seat_):
    name = me(state, seat_)
    room = None
    if a["room"] is not None:
        c = card(state, a["room"])
        if c["category"] != state["categories"][-1]:
            raise RuleError(f"Choose a {state['categories'][-1].lower()}: you suggest in the one you are in.")
        room = c["id"]
    mine(state, name)["room"] = room


def do_look_back(state, a, seat_):
    name = me(state, seat_)
    to = a.get("to")
    if to is not None and to > len(entries(state, name)):
        raise RuleError(f"You have made {len(entries(state, name))} entries; there is no entry {to} to look back to.")
    mine(state, name)["look"] = to


def do_mark(state, a, seat_):
    name = me(state, seat_)
    c = card(state, a["card"])["id"]
    h = ENVELOPE if kernel.same(a["holder"], ENVELOPE) else player(state, a["holder"])
    priv = mine(state, name)
    marks = priv["marks"]
    key = f"{c}|{h}"
    if a["value"] is None:
        marks.pop(key, None)
    else:
        marks[key] = a["value"]
        priv.setdefault("at", {})["mark:" + key] = tick(state)


def seated(state) -> str | None:
    return None if state["players"] else "Seat the players first."


def under_way(state) -> str | None:
    if not state["players"]:
        return "Seat the players first."
    return f"The game is over: {state['winner']} solved it." if state["winner"] else None


def describe(a: dict) -> str | None:
    """How an action reads on the Undo button."""
    return {
        "setup": "seating the players", "hand": "your hand", "shown": "the card you were shown", "mark": "your mark",
        "showed": "the card you showed", "advise": "the advisor's lair", "look_back": "looking back",
        "import": "the imported game",
        "suggestion": f"{a.get('by')}'s suggestion", "correct_suggestion": f"the correction of #{a.get('id')}",
        "withdraw_suggestion": f"removing #{a.get('id')}", "accusation": f"{a.get('by')}'s accusation",
        "end_turn": "the end of the turn",
    }.get(a["type"])


def reveals(before: dict, after: dict, action: dict) -> str | None:
    if after["winner"] and not before["winner"]:
        return "the solution"
    return "an accusation" if action["type"] == "accusation" else None


NOTES = "Only a player's own phone keeps detective notes."
TURNS = "The display enters suggestions and accusations, not turns."
MOVES = {
    "setup": kernel.Move(do_setup, (HOST,), refusal="Only the host seats the players."),
    "hand": kernel.Move(do_hand, (PLAYER, HOST), seated, NOTES),
    "shown": kernel.Move(do_shown, (PLAYER, HOST), seated, NOTES),
    "mark": kernel.Move(do_mark, (PLAYER, HOST), seated, NOTES),
    "showed": kernel.Move(do_showed, (PLAYER, HOST), seated, NOTES),
    "advise": kernel.Move(do_advise, (PLAYER, HOST), seated, NOTES),
    "look_back": kernel.Move(do_look_back, (PLAYER, HOST), seated, NOTES),
    "import": kernel.Move(lambda s, a, seat_: clue_text.load(s, a), (HOST,), refusal="Only the host imports a game."),
    **{kind: kernel.Move(lambda s, a, seat_: public(s, a, seat_), (HOST, PLAYER, DISPLAY), under_way)
       for kind in ("suggestion", "accusation")},
    **{kind: kernel.Move(lambda s, a, seat_: public(s, a, seat_), (HOST, PLAYER), under_way, TURNS)
       for kind in ("correct_suggestion", "withdraw_suggestion", "end_turn")},
}


def apply(state: dict, action: dict, seat_) -> dict:
    return kernel.dispatch(MOVES, state, action, seat_)


def public(state, a, seat_):
    kind = a["type"]
    if kind == "suggestion":
        s = check_suggestion(state, a)
        by_i = state["players"].index(s["by"])
        if by_i != state["current"]:  # the turn is evidently theirs (nobody tapped End turn)
            state["current"] = by_i
            state["turn"] = state.get("turn", 0) + 1
        turn = state.get("turn", 0)
        for old in state["suggestions"]:
            if old.get("turn") == turn and old["by"] == s["by"] and old["cards"] == s["cards"]:
                then = ""
                if a.get("shown") is not None and old["disproved_by"] and plays(state, seat_) == old["by"]:
                    then = f" Tap the card you were shown under #{old['id']}, at the top of your notes."
                raise RuleError(f"That suggestion is already in the log as #{old['id']}. If {s['by']} made it "
                                "again on a later turn, tap End turn first." + then)
        s = {"id": state["next_id"], **s, "turn": turn, "at": tick(state), "seat": seat_.id, "author": seat_.name}
        state["suggestions"].append(s)
        state["next_id"] += 1
        state["suggested"] = turn
        if a.get("shown") is not None:
            record_shown(state, s, a["shown"], seat_, s["at"])
    elif kind == "correct_suggestion":
        s = find_suggestion(state, a["id"])
        why = why_not_change(state, s, seat_)
        if why:
            raise Forbidden(why)
        s.update(check_suggestion(state, a, was=s))
        s["at"] = tick(state)
        for who, priv in state["private"].items():  # a card no longer among the three is dropped
            shown = priv["shown"].get(str(s["id"]))
            if shown and (shown not in s["cards"] or s["disproved_by"] is None):
                priv["shown"].pop(str(s["id"]))
            showed = (priv.get("showed") or {}).get(str(s["id"]))
            if showed and (showed not in s["cards"] or s["disproved_by"] != who):
                priv["showed"].pop(str(s["id"]))
        if a.get("shown") is not None:
            record_shown(state, s, a["shown"], seat_, s["at"])
    elif kind == "withdraw_suggestion":
        s = find_suggestion(state, a["id"])
        why = why_not_change(state, s, seat_)
        if why:
            raise Forbidden(why)
        state["suggestions"].remove(s)
        for priv in state["private"].values():
            priv["shown"].pop(str(s["id"]), None)
            (priv.get("showed") or {}).pop(str(s["id"]), None)
    elif kind == "accusation":
        by = player(state, a["by"])
        if by in state["out"]:
            raise RuleError(f"{by} has already made their one accusation.")
        cards = triple(state, a["cards"])
        state["accusations"].append({"by": by, "cards": cards, "correct": a["correct"], "at": tick(state)})
        if a["correct"]:
            state["winner"] = by
        else:
            state["out"].append(by)
    elif kind == "end_turn":
        if all(p in state["out"] for p in state["players"]):
            raise RuleError("Every player has made a wrong accusation: nobody is left to take a turn.")
        state["current"] = next_up(state, state["current"])
        state["turn"] = state.get("turn", 0) + 1


def log_entry(action: dict, seat_) -> dict | None:
    """Everyone else's log leaves out the card shown to a suggester."""
    if action.get("shown") is not None:
        return {k: v for k, v in action.items() if k != "shown"}
    return action


def sealed(state, events, seats) -> set:
    """A suggestion that carries the card its suggester saw is redacted for the host too."""
    return {e["seq"] for e in events if e["kind"] == "action" and e["action"].get("shown") is not None}


# ------------------------------------------------------------------ knowledge and notes

EMPTY = {"hand": None, "shown": {}, "marks": {}, "at": {}}


def entries(state, name: str) -> list[dict]:
    """What `name` has entered or seen, one entry at a time, in the order it was made: each with
    the solver constraints it brings and how a sentence names it ("#4", "your mark on Jafar")."""
    cards = state["cards"]
    index = {c["id"]: i for i, c in enumerate(cards)}
    players = state["players"]
    me_i = players.index(name)
    n = len(players)
    priv = state["private"].get(name) or EMPTY
    at = priv.get("at") or {}
    art = article(state)
    out = []

    def entry(key, when, label, kind, **ref):
        e = {"key": key, "at": when, "label": label, "kind": kind, "facts": [], "clauses": [], "exclusions": [],
             **ref}
        out.append(e)
        return e

    if priv["hand"] is not None:
        hand = set(priv["hand"])
        e = entry("hand", at.get("hand", 0), "your hand", "hand")
        for c in cards:
            i = index[c["id"]]
            e["facts"].append((i, me_i, c["id"] in hand,
                               f"You hold {art[i]}." if c["id"] in hand else f"{cap(art[i])} is not in your hand."))
    for s in state["suggestions"]:
        trip = [index[c] for c in s["cards"]]
        names = ", ".join(cards[i]["name"] for i in trip)
        e = entry(f"s{s['id']}", s.get("at", 0), f"#{s['id']}", "suggestion", id=s["id"])
        by = players.index(s["by"])
        stop = players.index(s["disproved_by"]) if s["disproved_by"] else by
        step = (by + 1) % n
        while step != stop:
            for i in trip:
                who = "You" if step == me_i else players[step]
                e["facts"].append((i, step, False, f"{who} could not disprove #{s['id']} ({names})."))
            step = (step + 1) % n
        if s["disproved_by"]:
            d = players.index(s["disproved_by"])
            who = "You" if d == me_i else s["disproved_by"]
            e["clauses"].append((d, frozenset(trip), f"{who} showed a card for #{s['id']} ({names})"))
            shown = priv["shown"].get(str(s["id"]))
            if s["by"] == name and shown:
                cname = art[index[shown]]
                e2 = entry(f"shown{s['id']}", at.get(f"shown:{s['id']}", s.get("at", 0)),
                           f"{s['disproved_by']} showing you {cname} for #{s['id']}", "shown", id=s["id"])
                e2["facts"].append((index[shown], d, True, f"{s['disproved_by']} showed you {cname} for #{s['id']}."))
    for j, a in enumerate(state["accusations"]):
        trip = [index[c] for c in a["cards"]]
        e = entry(f"a{j}", a.get("at", 0), f"{a['by']}'s {'right' if a['correct'] else 'wrong'} accusation",
                  "accusation")
        if a["correct"]:
            for i in trip:
                e["facts"].append((i, n, True, f"{a['by']}'s accusation was right."))
        else:
            e["exclusions"].append(frozenset(trip))
    for key, value in priv["marks"].items():
        cid, holder = key.split("|", 1)
        h = n if holder == ENVELOPE else players.index(holder)
        cname = cards[index[cid]]["name"]
        where = ("in the envelope" if value == "has" else "not in the envelope") if h == n else \
            ("you have it" if value == "has" else "you do not have it") if h == me_i else \
            (f"{holder} has it" if value == "has" else f"{holder} does not have it")
        e = entry("mark:" + key, at.get("mark:" + key, 0), f"your mark on {cname} ({where})", "mark",
                  card=cid, holder=holder)
        e["facts"].append((index[cid], h, value == "has", f"Your own mark says {where}."))
    out.sort(key=lambda e: e["at"])  # stable: entries of one moment keep their order
    return out


def build(state, es: list[dict]) -> solver.Knowledge:
    """The solver's knowledge from these entries (the hand sizes and the deck always hold)."""
    cards = state["cards"]
    cats = [[i for i, c in enumerate(cards) if c["category"] == cat] for cat in state["categories"]]
    k = solver.Knowledge(cats, len(cards), list(state["players"]), list(state["sizes"]))
    for e in sorted(es, key=lambda e: e["kind"] != "hand"):  # own hand first: its reasons read best
        k.facts += e["facts"]
        k.clauses += e["clauses"]
        k.exclusions += e["exclusions"]
    return k


def knowledge(state, name: str) -> tuple[solver.Knowledge, list[dict]]:
    """What `name` knows, as solver constraints; with the cards for reference."""
    return build(state, entries(state, name)), state["cards"]


def signature(k: solver.Knowledge) -> tuple:
    return (tuple(map(tuple, k.categories)), k.n_cards, tuple(k.players), tuple(k.sizes), tuple(k.facts),
            tuple(k.clauses), tuple(k.exclusions))


def deduce(sig: tuple) -> dict:
    """The forced facts for one player's knowledge: from the table's fast worker (waited for,
    without holding the server), or worked out here when the table has none. Cached."""
    found = _deduced.get(sig)
    if found is not None:
        return found
    worker = compute.current.get()
    if worker is None:
        solved = solve_task({"sig": sig})
    else:
        job = {"sig": payload(sig, [])["sig"]}
        key = fingerprint("clue.solve", job)
        solved = worker.ask("clue.solve", key, job, lane="fast", queue=False)  # found already (see `warm`)?
        if solved is None or "error" in solved:  # most searches take a few milliseconds: done here
            solved = _quick(sig)
        if solved is None:  # the rest on the worker (under way since `warm`), waited for
            solved = worker.ask("clue.solve", key, job, lane="fast", wait=10.0)
            if solved is None or "error" in solved:  # the worker failed or is stuck: work it out here
                solved = solve_task({"sig": sig})
    found = {"contradiction": solved["contradiction"]} if "contradiction" in solved else \
        {"possible": solved["possible"], "k": knowledge_of(sig)}
    _deduced[sig] = found
    while len(_deduced) > 256:
        _deduced.pop(next(iter(_deduced)))
    return found


def warm(state: dict) -> None:
    """Before the seats' views are worked out one after another: every player's search asked of
    the fast worker at once (not waited for), so that it searches while this process works on
    the others; `deduce` then takes what it has found."""
    worker = compute.current.get()
    if worker is None or not state["players"]:
        return
    for name in state["players"]:
        sig = signature(build(state, entries(state, name)))
        if sig not in _deduced:
            job = {"sig": payload(sig, [])["sig"]}
            worker.ask("clue.solve", fingerprint("clue.solve", job), job, lane="fast")


_deduced: dict = {}
INLINE_SOLVE = 0.012  # seconds of search on the request path before the fast worker takes over


def _quick(sig: tuple) -> dict | None:
    """The search, if it ends within INLINE_SOLVE seconds."""
    try:
        return {"possible": solver.solve(knowledge_of(sig), seconds=INLINE_SOLVE)["possible"]}
    except solver.Contradiction as err:
        return {"contradiction": str(err)}
    except solver.TooHard:
        return None


def solve_task(job: dict) -> dict:
    """The complete search for forced facts (in the fast worker, or here)."""
    try:
        return {"possible": solver.solve(knowledge_of(job["sig"]))["possible"]}
    except solver.Contradiction as err:
        return {"contradiction": str(err)}


def knowledge_of(sig) -> solver.Knowledge:
    """The solver's knowledge from a signature, or from a worker job's (no sentences, players counted)."""
    cats, n, players, sizes, facts, clauses, exclusions = sig
    players = [f"P{i}" for i in range(players)] if isinstance(players, int) else list(players)
    facts = [tuple(f) if len(f) == 4 else (*f, "") for f in facts]
    clauses = [(cl[0], frozenset(cl[1]), cl[2] if len(cl) > 2 else "") for cl in clauses]
    return solver.Knowledge([list(c) for c in cats], n, players, list(sizes), facts, clauses,
                            [frozenset(cs) for cs in exclusions])


def payload(sig: tuple, possible: list[int]) -> dict:
    """A job for the worker: the constraints without their sentences (the worker never explains),
    so jobs stay small and two seats that know the same share one result."""
    cats, n, players, sizes, facts, clauses, exclusions = sig
    return {"sig": [cats, n, len(players), sizes, sorted({(c, h, has) for c, h, has, _ in facts}),
                    sorted({(h, tuple(sorted(cs))) for h, cs, _ in clauses}),
                    sorted({tuple(sorted(cs)) for cs in exclusions})], "possible": possible}


def odds(k: solver.Knowledge, possible: list[int], exact_seconds: float, sample_seconds: float) -> dict:
    """The probabilities as plain data: exact counts when they fit the time, else a sample with
    its margin."""
    exact = solver.count(k, possible, budget=5_000_000, seconds=exact_seconds)
    p = {**exact, "sampled": False, "margin": 0.0} if exact is not None else \
        solver.sample(k, possible, seconds=sample_seconds, want=400_000)
    return {"total": p["total"], "cells": p["cells"], "triples": [[list(t), w] for t, w in p["triples"].items()],
            "sampled": p["sampled"], "margin": p.get("margin", 0.0)}


def probabilities_task(job: dict) -> dict:
    """In the background worker: as exact as 10 seconds allow, else a 1-second sample."""
    return odds(knowledge_of(job["sig"]), job["possible"], exact_seconds=10.0, sample_seconds=1.0)


INLINE = {"exact_seconds": 0.2, "sample_seconds": 0.1}  # without a worker (rule tests, replay)


def probabilities(sig: tuple, d: dict) -> dict | None:
    """The probabilities for this knowledge: from the table's worker (None while it works), or
    computed here when the table has none."""
    worker = compute.current.get()
    if worker is None:
        return _inline_odds(sig)
    job = payload(sig, d["possible"])
    key = fingerprint("clue.probabilities", job)
    result = worker.ask("clue.probabilities", key, job, lane="slow")
    return None if result is None or "error" in result else result


def advise_task(job: dict) -> dict:
    """In the background worker: the advisor's ranking, exact, or word that it would take too long."""
    import time
    t = time.perf_counter()
    k = knowledge_of(job["sig"])
    r = solver.advise(k, job["possible"], job["me"], job["room"], seconds=job.get("seconds", ADVISE_SECONDS),
                      partial=True)
    took = round(time.perf_counter() - t, 3)
    if r is None:
        return {"too_hard": True, "seconds": took}
    return {"ranked": [{"cards": x["cards"], "gain": x["gain"]} for x in r["ranked"][:5]], "entropy": r["entropy"],
            "tied": r["tied"], "seconds": took, "too_hard": False, "complete": r["complete"],
            "weighed": len(r["ranked"]), "suggestions": r["suggestions"]}


ADVISE_SECONDS = 0.8  # in the background, the least settled suggestions first; past it, those weighed so far


def advice(state, name: str, sig: tuple, d: dict) -> dict | None:
    priv = state["private"].get(name) or EMPTY
    room = priv.get("room")
    if not room:
        return None
    index = {c["id"]: i for i, c in enumerate(state["cards"])}
    job = {**payload(sig, d["possible"]), "me": state["players"].index(name), "room": index[room]}
    worker = compute.current.get()
    if worker is None:
        r = _inline_advice(sig, job["me"], job["room"])
    else:
        r = worker.ask("clue.advise", fingerprint("clue.advise", job), job, lane="slow")
        r = None if r is None or "error" in r else r
    out = {"room": room, "pending": r is None}
    if r:
        ids = [c["id"] for c in state["cards"]]
        out.update(too_hard=r["too_hard"], seconds=r["seconds"], entropy=r.get("entropy"), tied=r.get("tied", 1),
                   complete=r.get("complete", True), weighed=r.get("weighed"), suggestions=r.get("suggestions"),
                   ranked=[{"cards": [ids[i] for i in x["cards"]], "gain": round(x["gain"], 3)}
                           for x in r.get("ranked", [])])
    return out


@lru_cache(maxsize=64)
def _inline_advice(sig: tuple, me_i: int, room: int) -> dict:
    return advise_task({"sig": payload(sig, [])["sig"], "possible": deduce(sig)["possible"], "me": me_i,
                        "room": room, "seconds": ADVISE_SECONDS})


@lru_cache(maxsize=256)
def _inline_odds(sig: tuple) -> dict:
    return odds(knowledge_of(sig), deduce(sig)["possible"], **INLINE)


def article(state) -> list[str]:
    """How a sentence names each card: a villain by name, an object or a lair with "the"."""
    first = state["categories"][0]
    return [c["name"] if c["category"] == first else "the " + c["name"] for c in state["cards"]]


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def and_list(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def first_reasons(k) -> dict:
    """The first reason given for each fact (kept on the knowledge object: built once per view)."""
    found = getattr(k, "_reasons", None)
    if found is None:
        found = {}
        for fc, fh, fhas, reason in k.facts:
            found.setdefault((fc, fh, fhas), reason)
        k._reasons = found
    return found


def explain(k, possible, c: int, h: int, has: bool, names: list[str], holders: list[str], kind: str,
            me_i: int) -> str:
    """Why cell (c, h) is certain, in a sentence naming the entries it comes from."""
    reason = first_reasons(k).get((c, h, has))
    if reason is not None:
        return reason
    env = k.env
    one = 1 << h

    def holder(x):
        return "you" if x == me_i else holders[x]

    if has:
        for ch, cards_, reason in k.clauses:
            if ch == h and c in cards_ and all(not possible[x] >> h & 1 for x in cards_ if x != c):
                others = [names[x] for x in sorted(cards_) if x != c]
                neither = f"neither {others[0]} nor {others[1]}" if len(others) == 2 else f"not {others[0]}"
                subject = "you have" if h == me_i else f"{holders[h]} has"
                return f"{reason}, and {subject} {neither}, so it must be {names[c]}."
        if h == env:
            cat = next(cs for cs in k.categories if c in cs)
            held: dict[int, list[str]] = {}
            loose = []
            for x in cat:
                if x == c:
                    continue
                p = next((q for q in range(len(k.players)) if possible[x] == 1 << q), None)
                if p is None:
                    loose.append(names[x])
                else:
                    held.setdefault(p, []).append(names[x])
            parts = [("you hold " if p == me_i else f"{holders[p]} has ") + and_list(xs) for p, xs in held.items()]
            if loose:
                parts.append(and_list(loose) + (" is" if len(loose) == 1 else " are") +
                             " ruled out of it (tap those envelope cells for why)")
            return (f"The envelope holds one {kind.lower()}, and none of the others can be there: "
                    + "; ".join(parts) + ".")
        return (f"Every deal that fits what you know puts {names[c]} with {holder(h)}: the hand sizes and the "
                "entries leave it no other place.")
    for h2 in range(k.holders):
        if h2 != h and possible[c] == 1 << h2:
            base = explain(k, possible, c, h2, True, names, holders, kind, me_i)
            return base + (" So it is not in the envelope." if h == env else " So you do not have it."
                           if h == me_i else f" So {holders[h]} does not have it.")
    if h == env:
        cat = next(cs for cs in k.categories if c in cs)
        known = next((x for x in cat if possible[x] == 1 << env), None)
        if known is not None:
            return f"The envelope's {kind.lower()} is {names[known]}, and it holds only one."
    else:
        mine_ = [x for x in range(k.n_cards) if possible[x] == one]
        if len(mine_) == k.sizes[h]:
            whose = "your" if h == me_i else holders[h] + "'s"
            return (f"All {k.sizes[h]} of {whose} cards are known ({and_list([names[x] for x in mine_])}), "
                    f"so {holder(h)} {'have' if h == me_i else 'has'} no other.")
    return (f"No deal that fits what you know puts {names[c]} with {holder(h)}: the hand sizes and the entries "
            "rule it out.")


_conflicts: dict = {}
CONFLICT_SECONDS = 0.5  # at most this long narrowing down the entries a conflict names


def conflict(state, es: list[dict]) -> dict:
    """For entries that cannot all be true: the longest run of them, from the first, that still
    fits (the notes shown greyed), and a smallest set that cannot (named in the sentence)."""
    key = (tuple(state["sizes"]), len(state["cards"]),
           tuple((e["key"], e["at"], tuple(e["facts"]), tuple(e["clauses"]), tuple(e["exclusions"])) for e in es))
    found = _conflicts.get(key)
    if found is not None:
        return found

    def fits(subset):
        return solver.consistent(build(state, subset)) is not False  # not settled in time: assume it fits

    lo, hi = 0, len(es)  # es[:lo] fits, es[:hi] does not
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if fits(es[:mid]):
            lo = mid
        else:
            hi = mid
    last = es[hi - 1]
    keep = es[:hi - 1]
    until = time.perf_counter() + CONFLICT_SECONDS
    for e in reversed(es[:hi - 1]):
        if time.perf_counter() > until:  # out of time: the entries not yet tried are named too
            break
        trial = [x for x in keep if x is not e]
        if not fits([*trial, last]):
            keep = trial
    core = [*keep, last]
    labels = [e["label"] for e in core]
    if len(core) == 1:
        sentence = f"{cap(labels[0])} cannot be true: no deal of the cards fits it."
    else:
        sentence = f"These entries cannot all be true: {and_list(labels)}."
    found = {"prefix": lo, "sentence": sentence + " Remove or edit one of them.",
             "entries": [{k: v for k, v in e.items() if k not in ("facts", "clauses", "exclusions", "at")}
                         for e in core]}
    _conflicts[key] = found
    while len(_conflicts) > 64:
        _conflicts.pop(next(iter(_conflicts)))
    return found


def looking_back(state, name: str, es: list[dict]) -> dict:
    """The notes as they stood after the seat's first `look` entries, worked out again from
    those entries with the same functions (nothing of the past is stored); {} when looking at now."""
    look = (state["private"].get(name) or EMPTY).get("look")
    if look is None or look >= len(es):
        return {"looking_back": None}
    steps = len(es)
    if look == 0:
        label = "before any entry"
    else:
        e = es[look - 1]
        label = "after " + e["label"]
        if e["kind"] == "suggestion":
            s = next((x for x in state["suggestions"] if x["id"] == e["id"]), None)
            if s:
                names = {c["id"]: c["name"] for c in state["cards"]}
                label += (f" ({s['by']}: {', '.join(names[x] for x in s['cards'])}; "
                          + (f"disproved by {s['disproved_by']})" if s["disproved_by"] else "nobody disproved)"))
    k = build(state, es[:look])
    sig = signature(k)
    d = deduce(sig)
    back = {"at": look, "of": steps, "label": label, "fits": "contradiction" not in d}
    if "contradiction" in d:
        return {"looking_back": back, "notes": {}, "probabilities": {}, "why": {}, "envelope": None,
                "odds_pending": False, "exact": True, "margin": 0.0, "stale": False}
    past = grid_of(state, name, k, sig, d)
    return {"looking_back": back, "stale": False, **{key: past[key] for key in (
        "notes", "probabilities", "why", "envelope", "odds_pending", "exact", "margin")}}


def notes(state, name: str) -> dict:
    es = entries(state, name)
    return {**now_notes(state, name, es), "steps": len(es), **looking_back(state, name, es)}


def now_notes(state, name: str, es: list[dict]) -> dict:
    k = build(state, es)
    sig = signature(k)
    d = deduce(sig)
    if "contradiction" not in d:
        return {**grid_of(state, name, k, sig, d), "contradiction": None, "conflict": [], "stale": False,
                "advice": advice(state, name, sig, d)}
    found = conflict(state, es)
    out = {"contradiction": found["sentence"], "conflict": found["entries"], "stale": True}
    k2 = build(state, es[:found["prefix"]])
    sig2 = signature(k2)
    d2 = deduce(sig2)
    if "contradiction" in d2:  # cannot happen unless the search gave up: show no grid rather than a wrong one
        return {**out, "notes": {}, "probabilities": {}, "why": {}, "envelope": None, "odds_pending": False,
                "exact": True, "margin": 0.0, "clauses": {}, "advice": None}
    return {**grid_of(state, name, k2, sig2, d2), **out, "advice": None}


def grid_of(state, name: str, k, sig: tuple, d: dict) -> dict:
    cards = state["cards"]
    possible = d["possible"]
    probs = probabilities(sig, d)
    holders = state["players"] + [ENVELOPE]
    names = article(state)
    me_i = state["players"].index(name)
    grid, prob, why = {}, {}, {}
    total = (probs or {}).get("total") or 1
    for i, c in enumerate(cards):
        grid[c["id"]], prob[c["id"]], why[c["id"]] = {}, {}, {}
        for h, hname in enumerate(holders):
            can = possible[i] >> h & 1
            value = "has" if possible[i] == 1 << h else None if can else "lacks"
            grid[c["id"]][hname] = value
            p = round(probs["cells"][i][h] / total, 4) if probs and probs["cells"] else None
            prob[c["id"]][hname] = p
            if value:
                why[c["id"]][hname] = explain(d["k"], possible, i, h, value == "has", names, holders,
                                              c["category"], me_i)
            else:
                where = "in the envelope" if h == len(state["players"]) else \
                    "yours" if h == me_i else f"with {hname}"
                why[c["id"]][hname] = (f"Nothing you know settles whether {names[i]} is {where}"
                                       + (f": {p * 100:.0f}% of the deals that fit say it is." if p is not None
                                          else "; the odds are being worked out."))
    ranked = sorted(((t, w / total) for t, w in (probs or {}).get("triples", [])), key=lambda x: -x[1])
    top = ranked[0][1] if ranked else 0
    tied = sum(1 for _, p in ranked if abs(p - top) < 1e-9) if ranked else 0
    env_known = [c["id"] for i, c in enumerate(cards) if possible[i] == 1 << len(state["players"])]
    clauses: dict = {}
    for h, cs_, reason in d["k"].clauses:
        if any(possible[c] == 1 << h for c in cs_):
            continue
        left = [cards[c]["id"] for c in sorted(cs_) if possible[c] >> h & 1]
        ref = re.search(r"#(\d+)", reason)
        row = clauses.setdefault(holders[h], [])
        if len(left) > 1 and left not in [x["cards"] for x in row]:
            row.append({"cards": left, "id": int(ref.group(1)) if ref else None})
    return {"notes": grid, "clauses": {p: row for p, row in clauses.items() if row}, "probabilities": prob, "why": why,
            "envelope": {"likely": [{"cards": [cards[i]["id"] for i in t], "p": round(p, 4)} for t, p in ranked[:5]],
                         "tied": tied, "possible": len(ranked),
                         "known": env_known if len(env_known) == len(state["categories"]) else None},
            "odds_pending": probs is None,
            "exact": bool(probs) and not probs.get("sampled"), "margin": round((probs or {}).get("margin", 0.0), 3)}


# ------------------------------------------------------------------ view

def view(state: dict, seat_) -> dict:
    out = {"players": [{"name": p, "hand_size": state["sizes"][i], "mover": state["movers"].get(p),
                        "out": p in state["out"]} for i, p in enumerate(state["players"])],
           "cards": state["cards"], "categories": state["categories"], "edition": state["edition"],
           "suggestions": state["suggestions"], "accusations": state["accusations"],
           "current": state["players"][state["current"]] if state["players"] else None,
           "winner": state["winner"], "editions": {k: v["name"] for k, v in DATA["editions"].items()},
           "seated": bool(state["players"]), "card_names": {c["id"]: c["name"] for c in state["cards"]},
           "suggesters": [p for p in state["players"] if why_not_suggest(state, p) is None],
           "accusers": [p for p in state["players"] if p not in state["out"]],
           "movers": MOVERS, "short": short_names(state["players"]),
           "suggest_default": suggest_default(state),
           "editable": [s["id"] for s in state["suggestions"]
                        if seat_.trusted in (HOST, PLAYER) and why_not_change(state, s, seat_) is None],
           "model": MODEL, "next_id": state["next_id"]}
    name = plays(state, seat_) if state["players"] else None
    if name:
        priv = state["private"].get(name) or EMPTY
        out.update({"me": name, "hand": priv["hand"], "shown": priv["shown"], "marks": priv["marks"],
                    "my_size": state["sizes"][state["players"].index(name)],
                    "to_show": [s for s in state["suggestions"] if s["by"] == name and s["disproved_by"]
                                and str(s["id"]) not in priv["shown"]],
                    **showing(state, name, priv)})
        out.update(notes(state, name))
        out["export"] = clue_text.export(state, name)
    return out


def showing(state, name: str, priv: dict) -> dict:
    """Which card you showed to whom, and the disproofs you have not noted yet (with the card you
    showed that player before, when it is among the three: showing it again tells them nothing new)."""
    showed = priv.get("showed") or {}
    by_id = {str(s["id"]): s for s in state["suggestions"]}
    done = [{"id": int(sid), "to": by_id[sid]["by"], "card": c} for sid, c in showed.items() if sid in by_id]
    todo = []
    for s in state["suggestions"]:
        if s["disproved_by"] != name or str(s["id"]) in showed:
            continue
        choices = [c for c in s["cards"] if priv["hand"] is None or c in priv["hand"]]
        before = next((x["card"] for x in done if x["to"] == s["by"] and x["card"] in choices), None)
        todo.append({"id": s["id"], "to": s["by"], "choices": choices, "before": before})
    return {"showed": done, "to_record": todo, "room": priv.get("room")}


def short_names(players: list[str]) -> dict[str, str]:
    """Column headings a 390 px phone can show for six players: the shortest distinct prefixes
    (at least two letters), with a legend under the grid."""
    out = {}
    for p in players:
        n = 2
        while n < len(p) and any(q != p and q[:n].casefold() == p[:n].casefold() for q in players):
            n += 1
        out[p] = p[:n]
    return out


MODEL = ("Every deal of the cards that fits what you know counts the same; which card a player chooses to show "
         "you is not guessed at.")
MOVERS = ["Ursula", "Evil Queen", "Dr. Facilier", "Jafar", "Hades", "Maleficent"]
R = "games/clue/"
SCRIPTS = ("js/clue.js",)  # the entry form's chips, the marking mode and the cell explanations
REGIONS = (
    Region("setup", R + "setup.html", ("seated", "editions", "movers", "seats", "seat.acts_as", "seat.name")),
    Region("turn", R + "turn.html", ("seated", "winner", "edition", "editions", "current", "players", "accusations",
                                     "card_names", "seat.acts_as")),
    Region("conflict", R + "conflict.html", ("seated", "me", "contradiction", "conflict", "suggestions", "editable",
                                             "players", "cards", "categories", "card_names", "hand", "my_size",
                                             "undo"), (PLAYER, HOST)),
    Region("notes", R + "notes.html", ("seated", "me", "stale", "looking_back", "hand", "my_size", "cards", "card_names",
                                       "envelope", "exact", "margin", "odds_pending", "players", "short", "notes", "marks",
                                       "probabilities", "why", "to_show", "to_record", "model"), (PLAYER, HOST)),
    Region("suggest", R + "suggest.html", ("seated", "winner", "suggesters", "suggest_default", "next_id", "me",
                                           "players", "categories", "cards", "seat.acts_as")),
    Region("more", R + "more.html", ("seated", "me", "stale", "advice", "room", "clauses", "showed",
                                     "cards", "categories", "card_names"), (PLAYER, HOST)),
    Region("history", R + "history.html", ("seated", "me", "looking_back", "steps", "export"), (PLAYER, HOST)),
    Region("log", R + "log.html", ("seated", "suggestions", "accusations", "card_names", "editable", "players",
                                   "categories", "cards", "seat.acts_as")),
    Region("accuse", R + "accuse.html", ("seated", "winner", "accusers", "categories", "cards", "seat.acts_as", "me")),
)

GAME = Game(
    id=ID, title=TITLE, options=Options, actions=tuple(ACTIONS),
    setup=setup, apply=apply, view=view, regions=REGIONS, styles=("css/clue.css",),
    private=frozenset(PRIVATE),
    not_undone=frozenset(NOT_UNDONE),
    scripts=SCRIPTS,
    log_entry=log_entry,
    sealed=sealed,
    warm=warm,
    describe=describe,
    reveals=reveals,
    tasks={"clue.probabilities": probabilities_task, "clue.solve": solve_task, "clue.advise": advise_task},
)
