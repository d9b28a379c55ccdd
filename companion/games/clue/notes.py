"""Each Clue player's detective notes: their hand, the cards shown to them and by them, their
own marks; and the grid worked out from everything they know (certain cells with the sentence
that settles each, the odds of the open ones), the conflict when their entries cannot all be
true, and their notes as they stood after any earlier entry (looking back)."""

from typing import Literal

from pydantic import Field

from ...core.actions import Action
from ...core.errors import Forbidden, RuleError
from ...core.i18n import _, ngettext, pgettext
from .. import kernel
from . import solver
from .advisor import advice
from .knowledge import build, deduce, probabilities, signature
from .log import entries, find_suggestion, record_shown
from .table import EMPTY, ENVELOPE, card, me, mine, player, tick
from .words import Names, Why, and_list, cap


class Hand(Action):
    """A player enters their own cards (private)."""

    type: Literal["hand"]
    cards: list[str] = Field(max_length=18)


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


class LookBack(Action):
    """Look at your notes as they stood after your first `to` entries (read-only, worked out
    again from those entries); null comes back to now."""

    type: Literal["look_back"]
    to: int | None = Field(default=None, ge=0)


def do_hand(state, a, seat_):
    name = me(state, seat_)
    cards = sorted({card(state, c)["id"] for c in a["cards"]})
    size = state["sizes"][state["players"].index(name)]
    if len(cards) != size:
        raise RuleError(ngettext("Your hand has {n} card; you entered {count}.",
                                 "Your hand has {n} cards; you entered {count}.", size, count=len(cards)))
    priv = mine(state, name)
    priv["hand"] = cards
    priv.setdefault("at", {})["hand"] = tick(state)


def do_shown(state, a, seat_):
    name = me(state, seat_)
    s = find_suggestion(state, a["suggestion"])
    if s["by"] != name:
        raise Forbidden(_("Only the player who made the suggestion saw the card shown."))
    record_shown(state, s, a["card"], seat_, tick(state))


def do_showed(state, a, seat_):
    name = me(state, seat_)
    s = find_suggestion(state, a["suggestion"])
    if s["disproved_by"] != name:
        raise RuleError(_("You did not disprove #{id}, so you showed no card for it.", id=s["id"]))
    priv = mine(state, name)
    showed = priv.setdefault("showed", {})
    if a["card"] is None:
        showed.pop(str(s["id"]), None)
        return
    c = card(state, a["card"])["id"]
    if c not in s["cards"]:
        raise RuleError(_("The card you showed must be one of the three suggested."))
    if priv["hand"] is not None and c not in priv["hand"]:
        raise RuleError(_("{card} is not in your hand.", card=Names(state).card(c)))
    showed[str(s["id"])] = c


def do_look_back(state, a, seat_):
    name = me(state, seat_)
    to = a.get("to")
    if to is not None and to > len(entries(state, name)):
        raise RuleError(ngettext("You have made {n} entry; there is no entry {to} to look back to.",
                                 "You have made {n} entries; there is no entry {to} to look back to.",
                                 len(entries(state, name)), to=to))
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


def first_reasons(k) -> dict:
    """The first reason given for each fact (kept on the knowledge object: built once per view)."""
    found = getattr(k, "_reasons", None)
    if found is None:
        found = {}
        for fc, fh, fhas, reason in k.facts:
            found.setdefault((fc, fh, fhas), reason)
        k._reasons = found
    return found


def explain(k, possible, c: int, h: int, has: bool, nm: Names, holders: list[str], kind: str,
            me_i: int) -> str:
    """Why cell (c, h) is certain, in a sentence naming the entries it comes from (in the reader's
    language: `nm` names the cards)."""
    reason = first_reasons(k).get((c, h, has))
    if reason is not None:
        return nm.say(reason)
    env = k.env
    one = 1 << h
    ids = [x["id"] for x in nm.state["cards"]]

    def said(xs):
        return and_list([nm.says(ids[x]) for x in xs])

    if has:
        for ch, cards_, reason in k.clauses:
            if ch == h and c in cards_ and all(not possible[x] >> h & 1 for x in cards_ if x != c):
                others = [nm.says(ids[x]) for x in sorted(cards_) if x != c]
                r = dict(reason.args) if isinstance(reason, Why) else {}
                kw = {"id": r.get("id"), "cards": nm.cards(r.get("cards", ())), "name": holders[h],
                      "card": nm.says(ids[c]), "first": others[0], "second": others[-1]}
                if h == me_i:
                    if len(others) == 2:
                        return _("You showed a card for #{id} ({cards}), and you have neither {first} nor {second}, "
                                 "so it must be {card}.", **kw)
                    return _("You showed a card for #{id} ({cards}), and you have not {first}, so it must be {card}.",
                             **kw)
                if len(others) == 2:
                    return _("{name} showed a card for #{id} ({cards}), and {name} has neither {first} nor {second}, "
                             "so it must be {card}.", **kw)
                return _("{name} showed a card for #{id} ({cards}), and {name} has not {first}, so it must be {card}.",
                         **kw)
        if h == env:
            cat = next(cs for cs in k.categories if c in cs)
            held: dict[int, list[int]] = {}
            loose = []
            for x in cat:
                if x == c:
                    continue
                p = next((q for q in range(len(k.players)) if possible[x] == 1 << q), None)
                if p is None:
                    loose.append(x)
                else:
                    held.setdefault(p, []).append(x)
            parts = [_("you hold {cards}", cards=said(xs)) if p == me_i else
                     _("{name} has {cards}", name=holders[p], cards=said(xs)) for p, xs in held.items()]
            if loose:
                parts.append(ngettext("{cards} is ruled out of it (tap those envelope cells for why)",
                                      "{cards} are ruled out of it (tap those envelope cells for why)", len(loose),
                                      cards=said(loose)))
            # TRANSLATORS: {kind} is the kind of card in lower case ("villain"); {reasons} are clauses joined
            # by "; " ("you hold Ursula; Bob has Jafar")
            return _("The envelope holds one {kind}, and none of the others can be there: {reasons}.",
                     kind=nm.kind(kind).lower(), reasons=pgettext("between the parts of a list", "; ").join(parts))
        if h == me_i:
            return _("Every deal that fits what you know puts {card} with you: the hand sizes and the entries leave "
                     "it no other place.", card=nm.says(ids[c]))
        return _("Every deal that fits what you know puts {card} with {name}: the hand sizes and the entries leave "
                 "it no other place.", card=nm.says(ids[c]), name=holders[h])
    for h2 in range(k.holders):
        if h2 != h and possible[c] == 1 << h2:
            base = explain(k, possible, c, h2, True, nm, holders, kind, me_i)
            so = _("So it is not in the envelope.") if h == env else _("So you do not have it.") if h == me_i \
                else _("So {name} does not have it.", name=holders[h])
            return base + " " + so
    if h == env:
        cat = next(cs for cs in k.categories if c in cs)
        known = next((x for x in cat if possible[x] == 1 << env), None)
        if known is not None:
            return _("The envelope's {kind} is {card}, and it holds only one.", kind=nm.kind(kind).lower(),
                     card=nm.says(ids[known]))
    else:
        mine_ = [x for x in range(k.n_cards) if possible[x] == one]
        if len(mine_) == k.sizes[h]:
            if h == me_i:
                return ngettext("All {n} of your cards are known ({cards}), so you have no other.",
                                "All {n} of your cards are known ({cards}), so you have no other.", k.sizes[h],
                                cards=said(mine_))
            return ngettext("All {n} of {name}'s cards are known ({cards}), so {name} has no other.",
                            "All {n} of {name}'s cards are known ({cards}), so {name} has no other.", k.sizes[h],
                            name=holders[h], cards=said(mine_))
    if h == me_i:
        return _("No deal that fits what you know puts {card} with you: the hand sizes and the entries rule it out.",
                 card=nm.says(ids[c]))
    return _("No deal that fits what you know puts {card} with {name}: the hand sizes and the entries rule it out.",
             card=nm.says(ids[c]), name=holders[h])


_conflicts: dict = {}
CONFLICT_SECONDS = 0.5  # at most this long narrowing down the entries a conflict names


def conflict(state, es: list[dict]) -> dict:
    """For entries that cannot all be true: the longest run of them, from the first, that still
    fits (the notes shown greyed), and a smallest set that cannot (named in the sentence, made by
    `conflict_sentence` in the reader's language)."""
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
    until = solver.clock() + CONFLICT_SECONDS
    for e in reversed(es[:hi - 1]):
        if solver.clock() > until:  # out of time: the entries not yet tried are named too
            break
        trial = [x for x in keep if x is not e]
        if not fits([*trial, last]):
            keep = trial
    core = [*keep, last]
    found = {"prefix": lo, "entries": [{k: v for k, v in e.items() if k not in ("facts", "clauses", "exclusions", "at")}
                                       for e in core]}
    _conflicts[key] = found
    while len(_conflicts) > 64:
        _conflicts.pop(next(iter(_conflicts)))
    return found


def conflict_sentence(nm: Names, found: dict) -> str:
    labels = [nm.say(e["label"]) for e in found["entries"]]
    if len(labels) == 1:
        # TRANSLATORS: {entry} is the entry, at the start of the sentence ("Your hand")
        return _("{entry} cannot be true: no deal of the cards fits it. Remove or edit one of them.",
                 entry=cap(labels[0]))
    return _("These entries cannot all be true: {entries}. Remove or edit one of them.", entries=and_list(labels))


def looking_back(state, name: str, es: list[dict], nm: Names) -> dict:
    """The notes as they stood after the seat's first `look` entries, worked out again from
    those entries with the same functions (nothing of the past is stored); {} when looking at now."""
    look = (state["private"].get(name) or EMPTY).get("look")
    if look is None or look >= len(es):
        return {"looking_back": None}
    steps = len(es)
    if look == 0:
        label = _("before any entry")
    else:
        e = es[look - 1]
        label = _("after {entry}", entry=nm.say(e["label"]))
        if e["kind"] == "suggestion":
            s = next((x for x in state["suggestions"] if x["id"] == e["id"]), None)
            if s:
                if s["disproved_by"]:
                    label = _("after {entry} ({name}: {cards}; disproved by {other})", entry=nm.say(e["label"]),
                              name=s["by"], cards=nm.cards(s["cards"]), other=s["disproved_by"])
                else:
                    label = _("after {entry} ({name}: {cards}; nobody disproved)", entry=nm.say(e["label"]),
                              name=s["by"], cards=nm.cards(s["cards"]))
    k = build(state, es[:look])
    sig = signature(k)
    d = deduce(sig)
    back = {"at": look, "of": steps, "label": label, "fits": "contradiction" not in d}
    if "contradiction" in d:
        return {"looking_back": back, "notes": {}, "probabilities": {}, "why": {}, "envelope": None,
                "odds_pending": False, "exact": True, "margin": 0.0, "stale": False}
    past = grid_of(state, name, k, sig, d, nm)
    return {"looking_back": back, "stale": False, **{key: past[key] for key in (
        "notes", "probabilities", "why", "envelope", "odds_pending", "exact", "margin")}}


def notes(state, name: str, nm: Names | None = None) -> dict:
    es = entries(state, name)
    nm = nm or Names(state)
    return {**now_notes(state, name, es, nm), "steps": len(es), **looking_back(state, name, es, nm)}


def now_notes(state, name: str, es: list[dict], nm: Names) -> dict:
    k = build(state, es)
    sig = signature(k)
    d = deduce(sig)
    if "contradiction" not in d:
        return {**grid_of(state, name, k, sig, d, nm), "contradiction": None, "conflict": [], "stale": False,
                "advice": advice(state, name, sig, d)}
    found = conflict(state, es)
    out = {"contradiction": conflict_sentence(nm, found),
           "conflict": [{**e, "label": nm.say(e["label"])} for e in found["entries"]], "stale": True}
    k2 = build(state, es[:found["prefix"]])
    sig2 = signature(k2)
    d2 = deduce(sig2)
    if "contradiction" in d2:  # cannot happen unless the search gave up: show no grid rather than a wrong one
        return {**out, "notes": {}, "probabilities": {}, "why": {}, "envelope": None, "odds_pending": False,
                "exact": True, "margin": 0.0, "clauses": {}, "advice": None}
    return {**grid_of(state, name, k2, sig2, d2, nm), **out, "advice": None}


def grid_of(state, name: str, k, sig: tuple, d: dict, nm: Names) -> dict:
    cards = state["cards"]
    possible = d["possible"]
    probs = None if d.get("pending") else probabilities(sig, d)  # pending: the search first, then the odds
    holders = state["players"] + [ENVELOPE]
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
                why[c["id"]][hname] = explain(d["k"], possible, i, h, value == "has", nm, holders,
                                              c["category"], me_i)
            else:
                why[c["id"]][hname] = open_why(nm, c["id"], h, hname, me_i, len(state["players"]), p)
    ranked = sorted(((t, w / total) for t, w in (probs or {}).get("triples", [])), key=lambda x: -x[1])
    top = ranked[0][1] if ranked else 0
    tied = sum(1 for _, p in ranked if abs(p - top) < 1e-9) if ranked else 0
    env_known = [c["id"] for i, c in enumerate(cards) if possible[i] == 1 << len(state["players"])]
    clauses: dict = {}
    for h, cs_, reason in d["k"].clauses:
        if any(possible[c] == 1 << h for c in cs_):
            continue
        left = [cards[c]["id"] for c in sorted(cs_) if possible[c] >> h & 1]
        ref = dict(reason.args).get("id") if isinstance(reason, Why) else None
        row = clauses.setdefault(holders[h], [])
        if len(left) > 1 and left not in [x["cards"] for x in row]:
            row.append({"cards": left, "id": ref})
    return {"notes": grid, "clauses": {p: row for p, row in clauses.items() if row}, "probabilities": prob, "why": why,
            "envelope": {"likely": [{"cards": [cards[i]["id"] for i in t], "p": round(p, 4)} for t, p in ranked[:5]],
                         "tied": tied, "possible": len(ranked),
                         "known": env_known if len(env_known) == len(state["categories"]) else None},
            "odds_pending": probs is None,
            "exact": bool(probs) and not probs.get("sampled"), "margin": round((probs or {}).get("margin", 0.0), 3)}


def open_why(nm: Names, cid: str, h: int, hname: str, me_i: int, env: int, p: float | None) -> str:
    """Why an open cell is open: nothing settles it; the share of the deals that say it is."""
    card_ = nm.says(cid)
    if p is None:
        if h == env:
            return _("Nothing you know settles whether {card} is in the envelope; the odds are being worked out.",
                     card=card_)
        if h == me_i:
            return _("Nothing you know settles whether {card} is yours; the odds are being worked out.", card=card_)
        return _("Nothing you know settles whether {card} is with {name}; the odds are being worked out.",
                 card=card_, name=hname)
    pct = f"{p * 100:.0f}"
    if h == env:
        return _("Nothing you know settles whether {card} is in the envelope: {pct}% of the deals that fit say it "
                 "is.", card=card_, pct=pct)
    if h == me_i:
        return _("Nothing you know settles whether {card} is yours: {pct}% of the deals that fit say it is.",
                 card=card_, pct=pct)
    return _("Nothing you know settles whether {card} is with {name}: {pct}% of the deals that fit say it is.",
             card=card_, name=hname, pct=pct)
