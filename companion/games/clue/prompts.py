"""What each seat of a Clue table must do or know now (its `now`, first on its page: its hand while
not entered, whose turn it is and this seat's part of it, suggest, or accuse and end the turn) and what it must answer
wherever it is scrolled (its `news`, pinned: the card to show a suggester and the card shown to
you, each answered in one tap; an accusation's outcome, for everyone). Only this seat's own cards and
notes go into its items."""

from ...core import now as N
from ...core.i18n import _, ngettext
from ...core.table import DISPLAY, PLAYER
from .words import Names, and_list


def said(nm: Names, cards: list[str]) -> str:
    """Three cards as a sentence names them: "Hades, the Potion and the Laboratory"."""
    return and_list([nm.says(c) for c in cards])


def turn_items(state, me: str, may_end_turn: bool) -> list[dict]:
    cur = state["players"][state["current"]]
    turn = state.get("turn", 0)
    if me in state["out"]:
        return [N.item(f"out-{turn}", _("{name}'s turn. Your accusation was wrong: you no longer move or suggest, "
                                        "but you still show cards when asked.", name=cur))]
    if cur != me:
        return [N.item(f"wait-{turn}", _("{name}'s turn.", name=cur))]
    if state.get("suggested") == turn:
        acts = [N.act(_("End turn"), {"type": "end_turn"}, "secondary")] if may_end_turn else []
        return [N.item(f"suggested-{turn}", _("Your suggestion is in the log. Accuse now if you are sure, "
                                              "or end your turn."), N.MOVE, acts)]
    return [N.item(f"turn-{turn}", _("Your turn: move into a Lair, then suggest there with the form just below "
                                     "(or accuse, if you are sure)."), N.MOVE)]


def hand_item(state, me: str) -> dict:
    """A player's first move, before any other: entering their hand (their notes start from it)."""
    n = state["sizes"][state["players"].index(me)]
    return N.item("hand", ngettext("First enter your hand: tick your {n} card under My notes, then tap Save my hand.",
                                   "First enter your hand: tick your {n} cards under My notes, then tap Save my hand.",
                                   n), N.MOVE)


def show_items(state, me: str, to_record: list[dict], nm: Names) -> list[dict]:
    """The disproofs this seat gave and has not noted: the card to show (or which one it showed)."""
    out = []
    for r in to_record:
        s = next(x for x in state["suggestions"] if x["id"] == r["id"])
        choices = r["choices"]
        acts = [N.act(_("I showed {card}", card=nm.card(c)), {"type": "showed", "json:suggestion": r["id"], "card": c})
                for c in choices]
        if len(choices) == 1:
            text = _("Show {name} {card} (#{id}: {cards}).", name=r["to"], card=nm.says(choices[0]), id=r["id"],
                     cards=said(nm, s["cards"]))
        else:
            text = _("Show {name} one card of #{id}: {cards}.", name=r["to"], id=r["id"], cards=said(nm, s["cards"]))
        detail = (_("You showed {name} {card} before: showing it again tells them nothing new.", name=r["to"],
                    card=nm.says(r["before"])) if r["before"] else _("Tap the one you show, so your notes remember it."))
        out.append(N.item(f"show-{r['id']}", text, N.PROMPT, acts, detail))
    return out


def shown_items(state, to_show: list[dict], hand: list[str] | None, nm: Names) -> list[dict]:
    """The disproofs made to this seat whose card it has not noted: which card was it? (Not one of
    your own cards.)"""
    return [N.item(f"shown-{s['id']}", _("{name} showed you a card of #{id}: which one?", name=s["disproved_by"],
                                         id=s["id"]),
                   N.PROMPT, [N.act(nm.card(c), {"type": "shown", "json:suggestion": s["id"], "card": c})
                              for c in s["cards"] if hand is None or c not in hand])
            for s in to_show]


def now_for(state, seat_, me: str | None, view: dict) -> list[dict]:
    if seat_.trusted == DISPLAY or not seat_.approved:
        return []
    if not state["players"]:
        return [N.item("seat-wait", _("You are in. The host will seat you: your notes show here once the game "
                                      "starts."))] if seat_.trusted == PLAYER else []
    if me is None:
        if seat_.trusted == PLAYER:
            return [N.item("not-seated", _("The players were seated without you: you can follow the log here, and "
                                           "the host can seat you at a new table."))]
        return []
    if state["winner"]:
        return []
    first = [hand_item(state, me)] if view.get("hand") is None else []
    return first + turn_items(state, me, view["may_end_turn"])


def news_for(state, me: str | None, view: dict, nm: Names | None = None) -> list[dict]:
    """The cards this seat must show or note, pinned wherever its phone is scrolled (its own view
    only), then the latest accusation's outcome, for every screen."""
    out = []
    nm = nm or (Names(state) if state["players"] else None)
    if me is not None and not state["winner"]:
        out += shown_items(state, view.get("to_show") or [], view.get("hand"), nm) + \
            show_items(state, me, view.get("to_record") or [], nm)
    return out + accused(state, nm)


def accused(state, nm: Names | None) -> list[dict]:
    if not state["accusations"]:
        return []
    i = len(state["accusations"]) - 1
    a = state["accusations"][i]
    if a["correct"]:
        return [N.item(f"accusation-{i}", _("{name} solved it: {cards}!", name=a["by"], cards=said(nm, a["cards"])),
                       N.WIN)]
    if a["by"] not in state["out"]:
        return []
    return [N.item(f"accusation-{i}", _("{name} accused {cards}: wrong.", name=a["by"], cards=said(nm, a["cards"])),
                   N.WARN, detail=_("{name} no longer moves or suggests, but still shows cards when asked.",
                                    name=a["by"]))]
