"""Clue: Disney Villains. The public suggestion log, entered once, and each player's private
detective notes, deduced exactly from that player's own knowledge (see clue_solver)."""

import re
from functools import lru_cache
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..core import compute
from ..core.actions import Action, Name
from ..core.errors import Forbidden, RuleError
from ..core.regions import Region, fingerprint
from ..core.table import DISPLAY, HOST, PLAYER
from . import clue_solver as solver
from . import kernel
from .rules_data import load

ID = "clue"
TITLE = "Clue: Disney Villains"
DATA = load("clue")
PRIVATE = ("hand", "shown", "mark")
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
    """A suggestion and who disproved it (or nobody), entered once for the whole table."""

    type: Literal["suggestion"]
    by: Name
    cards: list[str] = Field(min_length=3, max_length=3)
    disproved_by: Name | None = None


class CorrectSuggestion(Suggestion):
    """Fix a suggestion entered wrong; every note is worked out again."""

    type: Literal["correct_suggestion"]
    id: int


class WithdrawSuggestion(Action):
    """Take a suggestion out of the log."""

    type: Literal["withdraw_suggestion"]
    id: int


class Shown(Action):
    """The suggester records the card shown to them (private)."""

    type: Literal["shown"]
    suggestion: int
    card: str


class Mark(Action):
    """A player's own mark on their grid (private): has, lacks, or cleared."""

    type: Literal["mark"]
    card: str
    holder: str = Field(max_length=40)
    value: Literal["has", "lacks"] | None = None


class Accusation(Action):
    """An accusation and whether it was right."""

    type: Literal["accusation"]
    by: Name
    cards: list[str] = Field(min_length=3, max_length=3)
    correct: bool


class EndTurn(Action):
    """Pass the turn to the left (wrong accusers are skipped)."""

    type: Literal["end_turn"]


ACTIONS = (Setup, Hand, Suggestion, CorrectSuggestion, WithdrawSuggestion, Shown, Mark, Accusation, EndTurn)


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
             "categories": [], "edition": None}
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
    return state["private"].setdefault(name, {"hand": None, "shown": {}, "marks": {}})


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


def check_suggestion(state, a) -> dict:
    by = player(state, a["by"])
    why = why_not_suggest(state, by)
    if why:
        raise RuleError(why)
    cards = triple(state, a["cards"])
    d = a.get("disproved_by")
    if d is not None:
        d = player(state, d)
        if d == by:
            raise RuleError("Nobody disproves their own suggestion.")
    return {"by": by, "cards": cards, "disproved_by": d}


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
    mine(state, name)["hand"] = cards


def do_shown(state, a, seat_):
    name = me(state, seat_)
    s = find_suggestion(state, a["suggestion"])
    if s["by"] != name:
        raise Forbidden("Only the player who made the suggestion saw the card shown.")
    if s["disproved_by"] is None:
        raise RuleError("Nobody disproved that suggestion, so no card was shown.")
    c = card(state, a["card"])["id"]
    if c not in s["cards"]:
        raise RuleError("The card shown must be one of the three suggested.")
    mine(state, name)["shown"][str(s["id"])] = c


def do_mark(state, a, seat_):
    name = me(state, seat_)
    c = card(state, a["card"])["id"]
    h = ENVELOPE if kernel.same(a["holder"], ENVELOPE) else player(state, a["holder"])
    marks = mine(state, name)["marks"]
    key = f"{c}|{h}"
    if a["value"] is None:
        marks.pop(key, None)
    else:
        marks[key] = a["value"]


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
    **{kind: kernel.Move(lambda s, a, _seat: public(s, a, a["type"]), (HOST, PLAYER, DISPLAY), under_way)
       for kind in ("suggestion", "accusation")},
    **{kind: kernel.Move(lambda s, a, _seat: public(s, a, a["type"]), (HOST, PLAYER), under_way, TURNS)
       for kind in ("correct_suggestion", "withdraw_suggestion", "end_turn")},
}


def apply(state: dict, action: dict, seat_) -> dict:
    return kernel.dispatch(MOVES, state, action, seat_)


def public(state, a, kind):
    if kind == "suggestion":
        s = check_suggestion(state, a)
        state["suggestions"].append({"id": state["next_id"], **s})
        state["next_id"] += 1
    elif kind == "correct_suggestion":
        s = find_suggestion(state, a["id"])
        s.update(check_suggestion(state, a))
        for priv in state["private"].values():  # a shown card no longer among the three is dropped
            shown = priv["shown"].get(str(s["id"]))
            if shown and (shown not in s["cards"] or s["disproved_by"] is None):
                priv["shown"].pop(str(s["id"]))
    elif kind == "withdraw_suggestion":
        s = find_suggestion(state, a["id"])
        state["suggestions"].remove(s)
        for priv in state["private"].values():
            priv["shown"].pop(str(s["id"]), None)
    elif kind == "accusation":
        by = player(state, a["by"])
        if by in state["out"]:
            raise RuleError(f"{by} has already made their one accusation.")
        cards = triple(state, a["cards"])
        state["accusations"].append({"by": by, "cards": cards, "correct": a["correct"]})
        if a["correct"]:
            state["winner"] = by
        else:
            state["out"].append(by)
    elif kind == "end_turn":
        n = len(state["players"])
        for step in range(1, n + 1):
            nxt = (state["current"] + step) % n
            if state["players"][nxt] not in state["out"]:
                state["current"] = nxt
                return
        raise RuleError("Every player has made a wrong accusation: nobody is left to take a turn.")


# ------------------------------------------------------------------ knowledge and notes

def knowledge(state, name: str) -> tuple[solver.Knowledge, list[dict]]:
    """What `name` knows, as solver constraints; with the cards for reference."""
    cards = state["cards"]
    index = {c["id"]: i for i, c in enumerate(cards)}
    players = state["players"]
    me_i = players.index(name)
    cats = [[i for i, c in enumerate(cards) if c["category"] == cat] for cat in state["categories"]]
    k = solver.Knowledge(cats, len(cards), list(players), list(state["sizes"]))
    priv = state["private"].get(name) or {"hand": None, "shown": {}, "marks": {}}
    if priv["hand"] is not None:
        hand = set(priv["hand"])
        for c in cards:
            i = index[c["id"]]
            k.facts.append((i, me_i, c["id"] in hand,
                            f"You hold the {c['name']}." if c["id"] in hand else "It is not in your hand."))
    n = len(players)
    for s in state["suggestions"]:
        trip = [index[c] for c in s["cards"]]
        names = ", ".join(cards[i]["name"] for i in trip)
        by = players.index(s["by"])
        stop = players.index(s["disproved_by"]) if s["disproved_by"] else by
        step = (by + 1) % n
        while step != stop:
            for i in trip:
                k.facts.append((i, step, False, f"{players[step]} could not disprove #{s['id']} ({names})."))
            step = (step + 1) % n
        if s["disproved_by"]:
            shown = priv["shown"].get(str(s["id"]))
            d = players.index(s["disproved_by"])
            if s["by"] == name and shown:
                k.facts.append((index[shown], d, True, f"{s['disproved_by']} showed you the {cards[index[shown]]['name']} for #{s['id']}."))
            else:
                k.clauses.append((d, frozenset(trip), f"{s['disproved_by']} showed a card for #{s['id']} ({names})"))
    for a in state["accusations"]:
        trip = [index[c] for c in a["cards"]]
        if a["correct"]:
            for i in trip:
                k.facts.append((i, k.env, True, f"{a['by']}'s accusation was right."))
        else:
            k.exclusions.append(frozenset(trip))
    for key, value in priv["marks"].items():
        cid, holder = key.split("|", 1)
        h = k.env if holder == ENVELOPE else players.index(holder)
        k.facts.append((index[cid], h, value == "has", "You marked it yourself."))
    return k, cards


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
        solved = worker.ask("clue.solve", fingerprint("clue.solve", job), job, lane="fast", wait=10.0)
        if solved is None or "error" in solved:  # the worker failed or is stuck: work it out here
            solved = solve_task({"sig": sig})
    found = {"contradiction": solved["contradiction"]} if "contradiction" in solved else \
        {"possible": solved["possible"], "k": knowledge_of(sig)}
    _deduced[sig] = found
    while len(_deduced) > 256:
        _deduced.pop(next(iter(_deduced)))
    return found


_deduced: dict = {}


def solve_task(job: dict) -> dict:
    """The complete search for forced facts (in the fast worker, or here)."""
    try:
        return {"possible": solver.solve(knowledge_of(job["sig"]))["possible"]}
    except solver.Contradiction as err:
        return {"contradiction": str(err)}


def knowledge_of(sig) -> solver.Knowledge:
    cats, n, players, sizes, facts, clauses, exclusions = sig
    return solver.Knowledge([list(c) for c in cats], n, list(players), list(sizes),
                            [tuple(f) for f in facts], [(h, frozenset(cs), why) for h, cs, why in clauses],
                            [frozenset(cs) for cs in exclusions])


def payload(sig: tuple, possible: list[int]) -> dict:
    cats, n, players, sizes, facts, clauses, exclusions = sig
    return {"sig": [cats, n, players, sizes, facts, [(h, sorted(cs), why) for h, cs, why in clauses],
                    [sorted(cs) for cs in exclusions]], "possible": possible}


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


@lru_cache(maxsize=256)
def _inline_odds(sig: tuple) -> dict:
    return odds(knowledge_of(sig), deduce(sig)["possible"], **INLINE)


def explain(k, possible, c: int, h: int, has: bool, names: list[str], holders: list[str], kind: str) -> str:
    for fc, fh, fhas, reason in k.facts:
        if fc == c and fh == h and fhas == has:
            return reason
    if has:
        for ch, cards, reason in k.clauses:
            if ch == h and c in cards and all(not possible[x] >> h & 1 for x in cards if x != c):
                others = " and ".join(names[x] for x in cards if x != c)
                return f"{reason}; {holders[h]} has neither {others}, so it must be the {names[c]}."
        if h == k.env:
            return f"Every other {kind.lower()} is with a player, so the {names[c]} is in the envelope."
        return (f"Every deal that fits what you know puts the {names[c]} with {holders[h]} "
                "(the hand sizes and the suggestions together force it).")
    for h2 in range(k.holders):
        if h2 != h and possible[c] == 1 << h2:
            return f"The {names[c]} is with {holders[h2]}."
    return f"No deal that fits what you know puts the {names[c]} with {holders[h]}."


def notes(state, name: str) -> dict:
    k, cards = knowledge(state, name)
    sig = signature(k)
    d = deduce(sig)
    holders = state["players"] + [ENVELOPE]
    if "contradiction" in d:
        return {"contradiction": d["contradiction"] + " Check the hand, the marks and the suggestions.",
                "notes": {}, "probabilities": {}}
    possible = d["possible"]
    probs = probabilities(sig, d)
    names = [c["name"] for c in cards]
    grid, prob, why = {}, {}, {}
    total = (probs or {}).get("total") or 1
    for i, c in enumerate(cards):
        grid[c["id"]], prob[c["id"]], why[c["id"]] = {}, {}, {}
        for h, hname in enumerate(holders):
            can = possible[i] >> h & 1
            value = "has" if possible[i] == 1 << h else None if can else "lacks"
            grid[c["id"]][hname] = value
            prob[c["id"]][hname] = round(probs["cells"][i][h] / total, 4) if probs and probs["cells"] else None
            if value:
                why[c["id"]][hname] = explain(d["k"], possible, i, h, value == "has", names, holders,
                                                 c["category"])
    triples = sorted(((t, w / total) for t, w in (probs or {}).get("triples", [])), key=lambda x: -x[1])[:5]
    env_known = [c["id"] for i, c in enumerate(cards) if possible[i] == 1 << len(state["players"])]
    return {"notes": grid, "probabilities": prob, "why": why,
            "envelope": {"likely": [{"cards": [cards[i]["id"] for i in t], "p": round(p, 4)} for t, p in triples],
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
           "movers": MOVERS, "short": short_names(state["players"])}
    name = plays(state, seat_) if state["players"] else None
    if name:
        priv = state["private"].get(name) or {"hand": None, "shown": {}, "marks": {}}
        out.update({"me": name, "hand": priv["hand"], "shown": priv["shown"], "marks": priv["marks"],
                    "my_size": state["sizes"][state["players"].index(name)],
                    "to_show": [s for s in state["suggestions"] if s["by"] == name and s["disproved_by"]
                                and str(s["id"]) not in priv["shown"]]})
        out.update(notes(state, name))
    return out


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


MOVERS = ["Ursula", "Evil Queen", "Dr. Facilier", "Jafar", "Hades", "Maleficent"]
R = "games/clue/"
REGIONS = (
    Region("setup", R + "setup.html", ("seated", "editions", "movers", "seats", "seat.acts_as")),
    Region("turn", R + "turn.html", ("seated", "winner", "edition", "current", "players", "seat.acts_as")),
    Region("notes", R + "notes.html", ("seated", "me", "contradiction", "hand", "my_size", "cards", "card_names",
                                       "envelope", "exact", "margin", "odds_pending", "players", "short", "notes", "marks",
                                       "probabilities", "why", "to_show"), (PLAYER, HOST)),
    Region("suggest", R + "suggest.html", ("seated", "winner", "suggesters", "players", "current", "categories",
                                           "cards", "seat.acts_as")),
    Region("log", R + "log.html", ("seated", "suggestions", "accusations", "card_names", "seat.acts_as")),
    Region("accuse", R + "accuse.html", ("seated", "winner", "accusers", "categories", "cards", "seat.acts_as")),
)


