"""What each seat of a Clue table must do or know now (its `now`, first on its page: whose turn it
is and this seat's part of it, suggest, or accuse and end the turn) and what it must answer
wherever it is scrolled (its `news`, pinned: the card to show a suggester and the card shown to
you, each answered in one tap; an accusation's outcome, for everyone). Only this seat's own cards and
notes go into its items."""

from ...core import now as N
from ...core.table import DISPLAY, HOST, PLAYER
from .table import article


def one(state, cid: str) -> str:
    """A card as a sentence names it: "Hades", "the Potion"."""
    return dict(zip((c["id"] for c in state["cards"]), article(state), strict=True))[cid]


def said(state, cards: list[str]) -> str:
    """Three cards as a sentence names them: "Hades, the Potion and the Laboratory"."""
    words = [one(state, c) for c in cards]
    return ", ".join(words[:-1]) + " and " + words[-1]


def name_of(state, cid: str) -> str:
    return next(c["name"] for c in state["cards"] if c["id"] == cid)


def turn_items(state, me: str, may_end_turn: bool) -> list[dict]:
    cur = state["players"][state["current"]]
    turn = state.get("turn", 0)
    if me in state["out"]:
        return [N.item(f"out-{turn}", f"{cur}'s turn. Your accusation was wrong: you no longer move or suggest, "
                       "but you still show cards when asked.")]
    if cur != me:
        return [N.item(f"wait-{turn}", f"{cur}'s turn.")]
    if state.get("suggested") == turn:
        acts = [N.act("End turn", {"type": "end_turn"}, "secondary")] if may_end_turn else []
        return [N.item(f"suggested-{turn}", "Your suggestion is in the log. Accuse now if you are sure, "
                       "or end your turn.", N.MOVE, acts)]
    return [N.item(f"turn-{turn}", "Your turn: move into a Lair, then suggest there with the form just below "
                   "(or accuse, if you are sure).", N.MOVE)]


def show_items(state, me: str, to_record: list[dict]) -> list[dict]:
    """The disproofs this seat gave and has not noted: the card to show (or which one it showed)."""
    out = []
    for r in to_record:
        s = next(x for x in state["suggestions"] if x["id"] == r["id"])
        choices = r["choices"]
        acts = [N.act(f"I showed {name_of(state, c)}", {"type": "showed", "json:suggestion": r["id"], "card": c})
                for c in choices]
        if len(choices) == 1:
            text = f"Show {r['to']} {one(state, choices[0])} (#{r['id']}: {said(state, s['cards'])})."
        else:
            text = f"Show {r['to']} one card of #{r['id']}: {said(state, s['cards'])}."
        detail = (f"You showed {r['to']} {one(state, r['before'])} before: showing it again tells them "
                  "nothing new." if r["before"] else "Tap the one you show, so your notes remember it.")
        out.append(N.item(f"show-{r['id']}", text, N.PROMPT, acts, detail))
    return out


def shown_items(state, to_show: list[dict], hand: list[str] | None) -> list[dict]:
    """The disproofs made to this seat whose card it has not noted: which card was it? (Not one of
    your own cards.)"""
    return [N.item(f"shown-{s['id']}", f"{s['disproved_by']} showed you a card of #{s['id']}: which one?",
                   N.PROMPT, [N.act(name_of(state, c), {"type": "shown", "json:suggestion": s["id"], "card": c})
                              for c in s["cards"] if hand is None or c not in hand])
            for s in to_show]


def now_for(state, seat_, me: str | None, view: dict) -> list[dict]:
    if seat_.trusted == DISPLAY or not seat_.approved:
        return []
    if not state["players"]:
        return [N.item("seat-wait", "You are in. The host will seat you: your notes show here once the game "
                       "starts.")] if seat_.trusted == PLAYER else []
    if me is None:
        if seat_.trusted == PLAYER:
            return [N.item("not-seated", "The players were seated without you: you can follow the log here, and "
                           "the host can seat you at a new table.")]
        return []
    if state["winner"]:
        return []
    return turn_items(state, me, seat_.trusted in (HOST, PLAYER))


def news_for(state, me: str | None, view: dict) -> list[dict]:
    """The cards this seat must show or note, pinned wherever its phone is scrolled (its own view
    only), then the latest accusation's outcome, for every screen."""
    out = []
    if me is not None and not state["winner"]:
        out += shown_items(state, view.get("to_show") or [], view.get("hand")) + show_items(state, me, view.get("to_record") or [])
    return out + accused(state)


def accused(state) -> list[dict]:
    if not state["accusations"]:
        return []
    i = len(state["accusations"]) - 1
    a = state["accusations"][i]
    if a["correct"]:
        return [N.item(f"accusation-{i}", f"{a['by']} solved it: {said(state, a['cards'])}!", N.WIN)]
    if a["by"] not in state["out"]:
        return []
    return [N.item(f"accusation-{i}", f"{a['by']} accused {said(state, a['cards'])}: wrong.", N.WARN,
                   detail=f"{a['by']} no longer moves or suggests, but still shows cards when asked.")]
