"""What each seat of a Clue table sees: the public log and the turn for everyone; a player's
own notes, advisor and history on their own phone (and the host's, when the host plays)."""

import json

from ...core import i18n
from ...core.i18n import N_, _
from ...core.table import DISPLAY, HOST, PLAYER
from .data import DATA, DEFAULT_EDITION, lair_category
from .log import ENTER, TURNS, suggest_default, why_not_change, why_not_end_turn, why_not_suggest
from .notes import notes
from .prompts import news_for, now_for
from .table import EMPTY, ENVELOPE, MAX_HAND, MAX_PLAYERS, MIN_PLAYERS, lair_kind, plays, why_not_host_plays
from .text import IMPORT_MAX, export
from .words import Names, cap, decimal, split


def view(state: dict, seat_) -> dict:
    """What this seat sees, its sentences in the phone's language; the display's all in the
    table's (it is read by the whole table), and the shared log's lines in the table's on every
    screen."""
    if seat_.trusted == DISPLAY:
        with i18n.for_table():
            return _view(state, seat_)
    return _view(state, seat_)


def _view(state: dict, seat_) -> dict:
    nm = Names(state)
    out = {"players": [{"name": p, "hand_size": state["sizes"][i], "mover": state["movers"].get(p),
                        "out": p in state["out"]} for i, p in enumerate(state["players"])],
           "cards": state["cards"], "categories": state["categories"], "edition": state["edition"],
           "suggestions": state["suggestions"], "accusations": state["accusations"],
           "current": state["players"][state["current"]] if state["players"] else None,
           "winner": state["winner"], "editions": {k: _(v["name"]) for k, v in DATA["editions"].items()},
           "seated": bool(state["players"]), "card_names": nm.plain,
           "category_names": nm.kinds, "mover_names": {m: _(m) for m in MOVERS},
           "suggesters": [p for p in state["players"] if why_not_suggest(state, p) is None],
           "accusers": [p for p in state["players"] if p not in state["out"]],
           "movers": MOVERS, "short": short_names(state["players"]),
           "suggest_default": suggest_default(state),
           "editable": [s["id"] for s in state["suggestions"]
                        if seat_.trusted in (HOST, PLAYER) and why_not_change(state, s, seat_) is None],
           "model": _(MODEL), "next_id": state["next_id"], **page(state, seat_), **shared_log(state, nm)}
    name = plays(state, seat_) if state["players"] else None
    if name:
        priv = state["private"].get(name) or EMPTY
        out.update({"me": name, "hand": priv["hand"], "shown": priv["shown"], "marks": priv["marks"],
                    "hand_names": [nm.card(c["id"]) for c in state["cards"] if c["id"] in (priv["hand"] or ())],
                    "my_size": state["sizes"][state["players"].index(name)],
                    "to_show": [s for s in state["suggestions"] if s["by"] == name and s["disproved_by"]
                                and str(s["id"]) not in priv["shown"]],
                    **showing(state, name, priv)})
        out.update(notes(state, name, nm))
        out["export"] = export(state, name)
        out.update(grid(state, name, out, nm), look=look(out), advisor_lairs=advisor_lairs(state, priv.get("room"), nm),
                   conflict=[conflict_entry(state, e) for e in out.get("conflict") or []])
        out["advice_words"] = advice_words(out["advice"], nm) if out.get("advice") else None
    out["now"] = now_for(state, seat_, name, out)
    # one End turn on a screen: the turn card's, unless this seat's Now already offers it
    out["end_turn_in_card"] = out["may_end_turn"] and not any(
        a["fields"].get("type") == "end_turn" for item in out["now"] for a in item["actions"])
    out["news"] = news_for(state, name, out, nm)
    # on the phone of the player whose turn it is, the suggestion form comes first (right under the turn)
    # (the whole turn long: the form stays where it was once the suggestion is in)
    out["suggest_first"] = bool(name and out["may_suggest"] and out["current"] == name and name not in state["out"])
    return out


# ------------------------------------------------------------------ what the page shows, decided here

def page(state: dict, seat_) -> dict:
    """Who may do what on this seat's page, the set-up form's limits and the log in the order
    the page lists it: decided by the game, shown by the partials."""
    playing = bool(state["players"]) and not state["winner"]
    right = next((a for a in state["accusations"] if a["correct"]), None)
    default = DATA["editions"][DEFAULT_EDITION]
    return {
        "may_suggest": playing and seat_.trusted in ENTER,
        "may_accuse": playing and seat_.trusted in ENTER,  # the display too: the game takes it from there
        "may_end_turn": playing and seat_.trusted in TURNS and why_not_end_turn(state, seat_) is None,
        "may_play_as": [p for p in state["players"] if why_not_host_plays(state, p) is None]
        if playing and seat_.trusted == HOST and not state.get("host_player") else [],
        "disprovers": {p: [q for q in state["players"] if q != p] for p in state["players"]},
        "edition_note": _(state["edition"]) if state["edition"] not in (None, default["name"]) else None,
        "solution": right["cards"] if right and state["winner"] else None,
        "suggestions_newest_first": state["suggestions"][::-1],
        "lair_kind": lair_kind(state) if state["players"] else None,
        "lair_word": _(lair_kind(state)).lower() if state["players"] else None,  # "lair", in the reader's words
        "setup_form": {
            "players": {"low": MIN_PLAYERS, "high": MAX_PLAYERS},
            "rows": [{"index": i, "number": i + 1} for i in range(MAX_PLAYERS)],
            "hand_sizes": list(range(1, MAX_HAND + 1)),
            "lairs": [{"index": i, "number": i + 1, "name": _(n)} for i, n in enumerate(lair_category(default)["cards"])],
            "lairs_of": _(default["name"]),
            "import_max": IMPORT_MAX,
        },
    }


def look(out: dict) -> dict:
    """Where the Earlier and Later buttons of Look back go (null: back to now; Earlier is off at
    the start)."""
    b = out.get("looking_back")
    at = b["at"] if b else out["steps"]
    return {"at": at, "earlier": at - 1 if at > 0 else None, "later": at + 1 if at + 1 < out["steps"] else None}


def advisor_lairs(state: dict, room: str | None, nm: Names) -> list[dict]:
    """The lairs the advisor offers (you suggest in the one you are in), the one asked about on."""
    kind = lair_kind(state)
    return [{"id": c["id"], "name": nm.card(c["id"]), "on": c["id"] == room} for c in state["cards"]
            if c["category"] == kind]


def conflict_entry(state: dict, e: dict) -> dict:
    """An entry a conflict names, with its heading and, for a suggestion, the log's entry."""
    found = next((s for s in state["suggestions"] if s["id"] == e.get("id")), None) \
        if e["kind"] == "suggestion" else None
    return {**e, "heading": cap(e["label"]), "suggestion": found}


CERTAIN = {"has": N_("has it"), "lacks": N_("does not have it")}
NEXT_MARK = {None: "has", "has": "lacks", "lacks": None}  # a tap in marking mode: has, then lacks, then clear


def percent(p: float) -> int:
    return int(round(p * 100, 0))


def grid(state: dict, name: str, out: dict, nm: Names) -> dict:
    """The notes as the page lays them out: the holders' columns, each category's heading row and
    each card's row of cells (what the cell shows and says, the mark a tap in marking mode sets,
    why it says so); the cards placed, for the Why list; the most likely envelopes in words."""
    notes_, probs, why = out["notes"], out["probabilities"], out["why"]
    back = out.get("looking_back")
    exact = out["exact"]
    marks = {} if back else out["marks"]
    holders = [*state["players"], ENVELOPE]
    # TRANSLATORS: the envelope's column of the notes, abbreviated to fit six players on a phone
    columns = [{"name": nm.holder(h), "short": _("Env.") if h == ENVELOPE else out["short"][h], "env": h == ENVELOPE}
               for h in holders]
    rows = []
    # the words every cell may say, in the reader's language, looked up once per grid
    said_as = {k: _(v) for k, v in CERTAIN.items()}
    next_as = {**said_as, None: _("clear")}
    unknown = _("unknown")
    pct_as, likely_as = _("{n}%"), _("{n} percent likely") if exact else _("about {n} percent likely")
    holder_as = {h: nm.holder(h) for h in holders}
    # what a cell's button says on a tap and to a screen reader, put together here (once per
    # pattern) rather than by the template for each of the grid's cells
    tip_as = _("{card} · {holder}: {why}")
    label_as = {False: _("{card}, {holder}: {state}. Tap for why; when marking, a tap marks {next}."),
                True: _("{card}, {holder}: {state} (your mark). Tap for why; when marking, a tap marks {next}.")}
    for c in state["cards"] if notes_ else []:
        if not rows or rows[-1].get("category") != c["category"]:
            rows.append({"heading": nm.kind(c["category"]), "category": c["category"]})
        cells = []
        card_name = nm.card(c["id"])
        for i, h in enumerate(holders):
            val, p = notes_[c["id"]][h], probs[c["id"]][h]
            mine = marks.get(f"{c['id']}|{h}")
            nxt = NEXT_MARK[mine]
            if val:
                text, said = "✓" if val == "has" else "✗", said_as[val]
            elif p is not None:
                n = percent(p)
                text = ("" if exact else "~") + pct_as.format(n=n)
                said = likely_as.format(n=n)
            else:
                text, said = ("…" if out["odds_pending"] else ""), unknown
            cell_why = why[c["id"]][h]
            cells.append({"holder": h, "holder_name": holder_as[h], "index": i, "value": val, "mine": mine, "next": nxt,
                          "next_label": next_as[nxt], "text": text, "said": said, "card_name": card_name,
                          "why": cell_why,
                          "tip": tip_as.format(card=card_name, holder=holder_as[h], why=cell_why),
                          "label": label_as[bool(mine)].format(card=card_name, holder=holder_as[h], state=said,
                                                               next=next_as[nxt]),
                          "vals": mark_vals(c["id"], h, nxt),
                          "cls": " ".join(["cell", val or "open"] + ["marked"] * bool(mine) + ["env"] * (h == ENVELOPE))})
        rows.append({"card": c, "category": c["category"], "cells": cells})
    placed = [{"card": nm.card(c["id"]), "holder": nm.holder(h), "why": why[c["id"]][h]} for c in state["cards"]
              if notes_ for h, val in notes_[c["id"]].items() if val == "has" and h != name]
    return {"grid": {"columns": columns, "span": len(columns) + 1, "rows": rows,
                     "legend": [c for c in columns if not c["env"]]},
            "placed": placed, "odds": odds_words(out)}


def mark_vals(cid: str, holder: str, nxt: str | None) -> str:
    """The values a tap in marking mode posts (htmx's hx-vals), as JSON safe in an HTML attribute."""
    text = json.dumps({"type": "mark", "card": cid, "holder": holder, "json:value": json.dumps(nxt)})
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026").replace("'", "\\u0027")


def odds_words(out: dict) -> dict | None:
    """The most likely envelope(s) as the notes say it: every possible one tied, a few tied (named),
    many tied, or one best; with the estimate's margin when the odds are sampled. The sentence is
    given around the envelopes it names in bold (`before`, `after`)."""
    e = out.get("envelope")
    if out["odds_pending"] or not e or not e["likely"]:
        return None
    margin = percent(out["margin"])
    best = e["likely"][0]
    if e["tied"] > 1 and e["tied"] == e["possible"]:
        case = "all"
    elif e["tied"] > 1:
        case = "few" if e["tied"] <= 3 else "many"
    else:
        case = "one"
    pct = decimal(str(round(best["p"] * 100, 1)))
    exact = out["exact"]
    kw = {"n": e["tied"], "pct": pct, "margin": margin, "possible": e["possible"], "strong": "{strong}"}
    if case == "all":
        words = split(_("All {possible} envelopes still possible are equally likely, {pct}% each.", **kw) if exact else
                      _("All {possible} envelopes still possible are equally likely, {pct}% each, estimated ±{margin} "
                        "points.", **kw))
    elif case == "few":
        words = split(_("{n} envelopes tie as the most likely, at {pct}% each: {strong}.", **kw) if exact else
                      _("{n} envelopes tie as the most likely, at {pct}% each, estimated ±{margin} points: {strong}.",
                        **kw))
    elif case == "many":
        words = split(_("{n} envelopes tie as the most likely, at {pct}% each; {possible} envelopes are still "
                        "possible.", **kw) if exact else
                      _("{n} envelopes tie as the most likely, at {pct}% each, estimated ±{margin} points; {possible} "
                        "envelopes are still possible.", **kw))
    elif e["possible"] > 1:
        words = split(_("Most likely envelope: {strong} ({pct}%), of {possible} still possible.", **kw) if exact else
                      _("Most likely envelope: {strong} ({pct}%, estimated ±{margin} points), of {possible} still "
                        "possible.", **kw))
    else:
        words = split(_("Most likely envelope: {strong} ({pct}%).", **kw) if exact else
                      _("Most likely envelope: {strong} ({pct}%, estimated ±{margin} points).", **kw))
    return {"case": case, "pct": pct, "tied": e["tied"], "possible": e["possible"],
            "named": [t["cards"] for t in e["likely"][:e["tied"]]] if case == "few" else [],
            "best": best["cards"], "others": e["possible"] > 1,
            "estimate": "" if exact else _(", estimated ±{margin} points", margin=margin), "margin": margin,
            **words, "estimates": None if exact else _("Percentages marked ~ are estimates (±{margin} points); ✓ and ✗ "
                                                       "are certain.", margin=margin)}


def advice_words(a: dict, nm: Names) -> dict:
    """The advisor's answer in sentences: the best suggestion's sentence around its cards in bold,
    the figures written the reader's way."""
    out = {}
    kw = {"lair": nm.card(a["room"]), "strong": "{strong}"}
    out["pending_text"] = _("Weighing every suggestion in {lair}…", **kw)
    if not a.get("ranked"):
        return out
    best = a["ranked"][0]
    kw.update(n=a["tied"], gain=decimal(f"{best['gain']:.2f}"), entropy=decimal(f"{a['entropy']:.2f}"))
    if a["several_best"]:
        text = _("{n} suggestions tie as the best in {lair}, for example {strong}, expected to reveal {gain} bits about "
                 "the envelope ({entropy} bits still unknown).", **kw) if a["complete"] else \
            _("{n} suggestions weighed tie as the best in {lair}, for example {strong}, expected to reveal {gain} bits "
              "about the envelope ({entropy} bits still unknown).", **kw)
    else:
        text = _("Best in {lair}: {strong}, expected to reveal {gain} bits about the envelope ({entropy} bits still "
                 "unknown).", **kw) if a["complete"] else \
            _("Best of those weighed in {lair}: {strong}, expected to reveal {gain} bits about the envelope ({entropy} "
              "bits still unknown).", **kw)
    out.update(split(text))
    out["rest"] = [_("{cards}: {gain} bits", cards=nm.cards(r["cards"]), gain=decimal(f"{r['gain']:.2f}"))
                   for r in a["ranked"][1:]]
    out["partly"] = None if a["complete"] else _(
        "Only {weighed} of the {n} suggestions here could be weighed within a second (those about the least settled "
        "cards first): the best below is the best of those, and one not weighed may reveal more.",
        weighed=a["weighed"], n=a["suggestions"])
    out["how"] = _("A bit halves what is still possible. Each figure worked out exactly, in {seconds} s in all; a player "
                   "holding two of the three is taken to show either as often.",
                   seconds=decimal(f"{a['seconds']:.1f}"))
    return out


def shared_log(state: dict, nm: Names) -> dict:
    """The public log's lines, in the table's language on every screen (the table reads it in
    common): each suggestion (newest first, with its entry) and each accusation. (`nm`: the
    names in the reader's language, the table's too when they are the same.)"""
    with i18n.for_table() as spoken:
        if nm.locale != spoken:
            nm = Names(state)
        lines = []
        for s in state["suggestions"][::-1]:
            text = _("{name}: {cards} · disproved by {other}", name=s["by"], cards=nm.cards(s["cards"]),
                     other=s["disproved_by"]) if s["disproved_by"] else \
                _("{name}: {cards} · nobody could disprove", name=s["by"], cards=nm.cards(s["cards"]))
            lines.append({"suggestion": s, "text": text})
        accused = [_("{name}: {cards} · right!", name=a["by"], cards=nm.cards(a["cards"])) if a["correct"] else
                   _("{name}: {cards} · wrong", name=a["by"], cards=nm.cards(a["cards"]))
                   for a in state["accusations"]]
        heads = {"suggestions": _("Suggestions"), "accusations": _("Accusations"), "none": _("None yet.")}
    return {"log_lines": lines, "accusation_lines": accused, "log_heads": heads}


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


MODEL = N_("Every deal of the cards that fits what you know counts the same; which card a player chooses to show "
         "you is not guessed at.")
MOVERS = list(DATA["editions"][DEFAULT_EDITION]["categories"][0]["cards"])  # the Villain movers on the board
