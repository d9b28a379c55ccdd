"""Clue's public log: suggestions (who made one, the three cards, who disproved it), their
corrections and removals, accusations and the turn; and each player's entries, the log and their
own notes as one list in the order they were made, each with the constraints it brings."""

from typing import Literal

from pydantic import Field

from ...core.actions import Action, Name
from ...core.errors import Forbidden, RuleError
from ...core.table import DISPLAY, HOST, PLAYER
from .table import EMPTY, ENVELOPE, article, cap, card, mine, player, plays, tick, triple

ENTER = (HOST, PLAYER, DISPLAY)  # who enters suggestions and accusations: the display too
TURNS = (HOST, PLAYER)  # who corrects the log and ends turns
TURNS_REFUSAL = "The display enters suggestions and accusations, not turns."


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


class Accusation(Action):
    """An accusation and whether it was right."""

    type: Literal["accusation"]
    by: Name
    cards: list[str] = Field(min_length=3, max_length=3)
    correct: bool


class EndTurn(Action):
    """Pass the turn to the left (wrong accusers are skipped)."""

    type: Literal["end_turn"]


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


def describe(a: dict) -> str | None:
    """How an action reads on the Undo button."""
    return {
        "setup": "seating the players", "hand": "your hand", "shown": "the card you were shown", "mark": "your mark",
        "showed": "the card you showed", "advise": "the advisor's lair", "look_back": "looking back",
        "import": "the imported game",
        "suggestion": f"{a.get('by')}'s suggestion", "correct_suggestion": f"the correction of #{a.get('id')}",
        "withdraw_suggestion": f"removing #{a.get('id')}", "accusation": f"{a.get('by')}'s accusation",
        "end_turn": "the end of the turn", "host_plays": f"playing as {a.get('player')}",
    }.get(a["type"])


def reveals(before: dict, after: dict, action: dict) -> str | None:
    if after["winner"] and not before["winner"]:
        return "the solution"
    return "an accusation" if action["type"] == "accusation" else None


def do_suggestion(state, a, seat_):
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


def do_correct_suggestion(state, a, seat_):
    s = find_suggestion(state, a["id"])
    why = why_not_change(state, s, seat_)
    if why:
        raise Forbidden(why)
    s.update(check_suggestion(state, a, was=s))
    s.setdefault("logged", s.get("at", 0))  # where it stands in the log: a fix does not move it there
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


def do_withdraw_suggestion(state, a, seat_):
    s = find_suggestion(state, a["id"])
    why = why_not_change(state, s, seat_)
    if why:
        raise Forbidden(why)
    state["suggestions"].remove(s)
    for priv in state["private"].values():
        priv["shown"].pop(str(s["id"]), None)
        (priv.get("showed") or {}).pop(str(s["id"]), None)


def do_accusation(state, a, _seat):
    by = player(state, a["by"])
    if by in state["out"]:
        raise RuleError(f"{by} has already made their one accusation.")
    cards = triple(state, a["cards"])
    state["accusations"].append({"by": by, "cards": cards, "correct": a["correct"], "at": tick(state)})
    if a["correct"]:
        state["winner"] = by
    else:
        state["out"].append(by)


def do_end_turn(state, _a, _seat):
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
