"""Clue's public log: suggestions (who made one, the three cards, who disproved it), their
corrections and removals, accusations and the turn; and each player's entries, the log and their
own notes as one list in the order they were made, each with the constraints it brings."""

from typing import Literal

from pydantic import Field

from ...core.actions import Action, Name
from ...core.errors import Forbidden, RuleError
from ...core.i18n import N_, _
from ...core.table import DISPLAY, HOST, PLAYER
from .table import EMPTY, ENVELOPE, card, mine, player, plays, tick, triple
from .words import why

ENTER = (HOST, PLAYER, DISPLAY)  # who enters suggestions and accusations: the display too
TURNS = (HOST, PLAYER)  # who corrects the log and ends turns
TURNS_REFUSAL = N_("The display enters suggestions and accusations, not turns.")


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
    raise RuleError(_("There is no suggestion #{id}.", id=sid))


def why_not_suggest(state, name: str) -> str | None:
    """A player who made a wrong accusation makes no further moves (they still disprove)."""
    if name in state["out"]:
        return _("{name} made a wrong accusation and can no longer suggest.", name=name)
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
            raise RuleError(_("Nobody disproves their own suggestion."))
    return {"by": by, "cards": cards, "disproved_by": d}


def why_not_change(state, s: dict, seat_) -> str | None:
    """Only the phone that entered a suggestion, or the host, removes or edits it."""
    if seat_.trusted == HOST or s.get("seat") in (None, seat_.id):
        return None
    if s.get("author"):
        return _("Only the phone that entered #{id} ({name}) or the host can change it.", id=s["id"], name=s["author"])
    return _("Only the phone that entered #{id} (another seat) or the host can change it.", id=s["id"])


def next_up(state, after: int) -> int:
    n = len(state["players"])
    for step in range(1, n + 1):
        nxt = (after + step) % n
        if state["players"][nxt] not in state["out"]:
            return nxt
    return after


def suggest_default(state) -> str | None:
    """Whose suggestion the form offers first: the player whose turn it is, as the turn card says
    (the next one when that player accused wrongly and can no longer suggest)."""
    if not state["players"]:
        return None
    cur = state["current"]
    if state["players"][cur] in state["out"]:
        cur = next_up(state, cur)
    return state["players"][cur]


def record_shown(state, s: dict, card_: str | None, seat_, when: int):
    """The card shown to the suggester, kept in their own notes (their phone only)."""
    if plays(state, seat_) != s["by"]:
        raise Forbidden(_("Only {name}'s own phone saw the card shown and can record it.", name=s["by"]))
    priv = mine(state, s["by"])
    if card_ is None:
        priv["shown"].pop(str(s["id"]), None)
        return
    if s["disproved_by"] is None:
        raise RuleError(_("Nobody disproved that suggestion, so no card was shown."))
    c = card(state, card_)["id"]
    if c not in s["cards"]:
        raise RuleError(_("The card shown must be one of the three suggested."))
    priv["shown"][str(s["id"])] = c
    priv.setdefault("at", {})[f"shown:{s['id']}"] = when


def describe(a: dict) -> str | None:
    """How an action reads on the Undo button."""
    said = DESCRIBED.get(a["type"])
    return None if said is None else _(said, name=a.get("by"), id=a.get("id"), player=a.get("player"))


DESCRIBED = {  # an Undo button's words for each action (a noun phrase: "Undo: Ann's suggestion")
    "setup": N_("seating the players"), "hand": N_("your hand"), "shown": N_("the card you were shown"),
    "mark": N_("your mark"), "showed": N_("the card you showed"), "advise": N_("the advisor's lair"),
    "look_back": N_("looking back"), "import": N_("the imported game"),
    "suggestion": N_("{name}'s suggestion"), "correct_suggestion": N_("the correction of #{id}"),
    "withdraw_suggestion": N_("removing #{id}"), "accusation": N_("{name}'s accusation"),
    "end_turn": N_("the end of the turn"), "host_plays": N_("playing as {player}"),
}


def reveals(before: dict, after: dict, action: dict) -> str | None:
    if after["winner"] and not before["winner"]:
        return N_("the solution")  # translated where it is shown (core.undo keeps it for every reader)
    return N_("an accusation") if action["type"] == "accusation" else None


def do_suggestion(state, a, seat_):
    s = check_suggestion(state, a)
    by_i = state["players"].index(s["by"])
    if by_i != state["current"]:  # the turn is evidently theirs (nobody tapped End turn)
        state["current"] = by_i
        state["turn"] = state.get("turn", 0) + 1
    turn = state.get("turn", 0)
    for old in state["suggestions"]:
        if old.get("turn") == turn and old["by"] == s["by"] and old["cards"] == s["cards"]:
            if a.get("shown") is not None and old["disproved_by"] and plays(state, seat_) == old["by"]:
                raise RuleError(_("That suggestion is already in the log as #{id}. If {name} made it again on a "
                                  "later turn, tap End turn first. Tap the card you were shown under #{id}, at the "
                                  "top of your notes.", id=old["id"], name=s["by"]))
            raise RuleError(_("That suggestion is already in the log as #{id}. If {name} made it again on a later "
                              "turn, tap End turn first.", id=old["id"], name=s["by"]))
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
        raise RuleError(_("{name} has already made their one accusation.", name=by))
    cards = triple(state, a["cards"])
    state["accusations"].append({"by": by, "cards": cards, "correct": a["correct"], "at": tick(state)})
    if a["correct"]:
        state["winner"] = by
    else:
        state["out"].append(by)


def why_not_end_turn(state, seat_) -> str | None:
    """Only the player whose turn it is ends it (or the host): another phone cannot skip it."""
    cur = state["players"][state["current"]]
    if seat_.trusted == HOST or plays(state, seat_) == cur:
        return None
    return _("Only {name}, whose turn it is, or the host can end {name}'s turn.", name=cur)


def do_end_turn(state, _a, seat_):
    why = why_not_end_turn(state, seat_)
    if why:
        raise Forbidden(why)
    if all(p in state["out"] for p in state["players"]):
        raise RuleError(_("Every player has made a wrong accusation: nobody is left to take a turn."))
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
    the solver constraints it brings and how a sentence names it ("#4", "your mark on Jafar"),
    as `words.Why` (made into a sentence in the reader's language only when shown)."""
    cards = state["cards"]
    index = {c["id"]: i for i, c in enumerate(cards)}
    players = state["players"]
    me_i = players.index(name)
    n = len(players)
    priv = state["private"].get(name) or EMPTY
    at = priv.get("at") or {}
    out = []

    def entry(key, when, label, kind, **ref):
        e = {"key": key, "at": when, "label": label, "kind": kind, "facts": [], "clauses": [], "exclusions": [],
             **ref}
        out.append(e)
        return e

    if priv["hand"] is not None:
        hand = set(priv["hand"])
        e = entry("hand", at.get("hand", 0), why(N_("your hand")), "hand")
        for c in cards:
            i = index[c["id"]]
            e["facts"].append((i, me_i, c["id"] in hand, why(N_("You hold {card}."), card=c["id"]) if c["id"] in hand
                               else why(N_("{Card} is not in your hand."), Card=c["id"])))
    for s in state["suggestions"]:
        trip = [index[c] for c in s["cards"]]
        e = entry(f"s{s['id']}", s.get("at", 0), why(N_("#{id}"), id=s["id"]), "suggestion", id=s["id"])
        by = players.index(s["by"])
        stop = players.index(s["disproved_by"]) if s["disproved_by"] else by
        step = (by + 1) % n
        while step != stop:
            passed = why(N_("You could not disprove #{id} ({cards}).") if step == me_i else
                         N_("{name} could not disprove #{id} ({cards})."), name=players[step], id=s["id"],
                         cards=s["cards"])
            for i in trip:
                e["facts"].append((i, step, False, passed))
            step = (step + 1) % n
        if s["disproved_by"]:
            d = players.index(s["disproved_by"])
            # a clause's reason: who showed a card for which suggestion (notes.explain says it whole)
            e["clauses"].append((d, frozenset(trip), why("showed", name=s["disproved_by"], id=s["id"],
                                                         cards=s["cards"])))
            shown = priv["shown"].get(str(s["id"]))
            if s["by"] == name and shown:
                e2 = entry(f"shown{s['id']}", at.get(f"shown:{s['id']}", s.get("at", 0)),
                           why(N_("{name} showing you {card} for #{id}"), name=s["disproved_by"], card=shown,
                               id=s["id"]), "shown", id=s["id"])
                e2["facts"].append((index[shown], d, True, why(N_("{name} showed you {card} for #{id}."),
                                                               name=s["disproved_by"], card=shown, id=s["id"])))
    for j, a in enumerate(state["accusations"]):
        trip = [index[c] for c in a["cards"]]
        e = entry(f"a{j}", a.get("at", 0), why(N_("{name}'s right accusation") if a["correct"] else
                                                N_("{name}'s wrong accusation"), name=a["by"]), "accusation")
        if a["correct"]:
            for i in trip:
                e["facts"].append((i, n, True, why(N_("{name}'s accusation was right."), name=a["by"])))
        else:
            e["exclusions"].append(frozenset(trip))
    for key, value in priv["marks"].items():
        cid, holder = key.split("|", 1)
        h = n if holder == ENVELOPE else players.index(holder)
        has = value == "has"
        if h == n:
            label = N_("your mark on {cards} (in the envelope)") if has else \
                N_("your mark on {cards} (not in the envelope)")
            says = N_("Your own mark says in the envelope.") if has else N_("Your own mark says not in the envelope.")
        elif h == me_i:
            label = N_("your mark on {cards} (you have it)") if has else N_("your mark on {cards} (you do not have it)")
            says = N_("Your own mark says you have it.") if has else N_("Your own mark says you do not have it.")
        else:
            label = N_("your mark on {cards} ({name} has it)") if has else \
                N_("your mark on {cards} ({name} does not have it)")
            says = N_("Your own mark says {name} has it.") if has else N_("Your own mark says {name} does not have it.")
        e = entry("mark:" + key, at.get("mark:" + key, 0), why(label, cards=[cid], name=holder), "mark",
                  card=cid, holder=holder)
        e["facts"].append((index[cid], h, has, why(says, name=holder)))
    out.sort(key=lambda e: e["at"])  # stable: entries of one moment keep their order
    return out
