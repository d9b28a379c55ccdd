"""What each seat must do or know now (its `now`, first on its page) and what the whole table must
see wherever each phone is scrolled (its `news`, pinned): the move first, then the location's
actions and the end of the turn; a claim to confirm; being Fated; the 20-Power warning; the win."""

from ...core import now as N
from ...core.i18n import _, ngettext, pgettext
from ...core.table import DISPLAY, HOST, PLAYER
from .data import objective_of, place, villain_name
from .fate import fates_left, targets
from .objectives import prompt, warned, why_not_confirm
from .players import current
from .symbols import at, describe_symbols, gain_amount, others_here, why_not_gain
from .turn import here, moves


def round_of(state) -> int:
    """The round the table is in: every Villain has one turn a round, the first player's opening it."""
    return (state["turn"] - 1) // len(state["players"]) + 1


def headline(state, mine: dict | None = None) -> str:
    """"Round 4, Ana's turn" (or "your turn" on Ana's phone)."""
    p = current(state)
    if state["winner"]:
        return _("Round {n}: {name} won", n=round_of(state), name=state["winner"])
    if p is mine:
        return _("Round {n}, your turn", n=round_of(state))
    return _("Round {n}, {name}'s turn", n=round_of(state), name=p["name"])


def move_item(state, p: dict, yours: bool) -> dict:
    head = headline(state, p if yours else None)
    options = moves(p)
    if options == [here(p)]:
        return N.item(f"move-{state['turn']}", _("{headline}. Every other location is locked:", headline=head), N.MOVE,
                      [N.act(_("Stay at {where}", where=place(here(p))),
                             {"type": "move", "player": p["name"], "location": here(p)})])
    text = (_("{headline}. Move your Villain to:", headline=head) if yours
            else _("{headline}. Move {name} to:", headline=head, name=p["name"]))
    return N.item(f"move-{state['turn']}", text, N.MOVE,
                  [N.act(place(loc), {"type": "move", "player": p["name"], "location": loc}) for loc in options],
                  detail=_("Not {where} again, and not a locked location.", where=place(here(p))))


def actions_item(state, p: dict, yours: bool) -> dict:
    """After the move: exactly the actions the location allows, Power gains and Fate in one tap."""
    where = place(here(p))
    taps = []
    if why_not_gain(state, p) is None:
        taps.append(N.act(ngettext("Gain {n} Power", "Gain {n} Power", gain_amount(p)),
                          {"type": "gain", "player": p["name"]}))
    # TRANSLATORS: a button: play a Fate action against the player {name}
    taps += [N.act(_("Fate {name}", name=o), {"type": "fate", "by": p["name"], "target": o}, "secondary")
             for o in targets(state, p)]
    symbols = at(p)
    # The detail is a few short sentences, each whole in the catalog
    if symbols is None:
        parts = [_("Nobody has entered this location's symbols (the host can, under its Villain's card): "
                   "Power with the buttons on the card, one Fate a turn.")]
    else:
        rest = others_here(p)
        done = [k for k in ("power",) if state.get("used", {}).get(k)]
        parts = [_("Also here, with the cards: {actions}.", actions=rest) if rest else _("Nothing else here.")]
        if done:
            parts.append(_("The Power here is taken."))
        parts.append(_("A Hero covering a symbol takes it away."))
    left = fates_left(state, p)
    if left and not targets(state, p):
        parts.append(_("Every opponent is protected from Fate."))
    detail = " ".join(parts)
    text = (_("You are at {where}: take its actions.", where=where) if yours
            else _("{name} is at {where}: take its actions.", name=p["name"], where=where))
    return N.item(f"act-{state['turn']}", text, N.MOVE, taps, detail)


def end_item(state, p: dict) -> dict:
    return N.item(f"end-{state['turn']}", _("Done? Draw back to four cards and pass the turn to the left."), N.MOVE,
                  [N.act(_("End turn (draw back to four)"), {"type": "end_turn"})])


def now_for(state, seat, mine: dict | None) -> list[dict]:
    if seat.trusted == DISPLAY or not seat.approved:
        return []
    if not state["players"]:
        if seat.trusted == PLAYER:
            return [N.item("seat-wait", _("You are in. The host will seat you: your Villain's card shows here once "
                                          "the game starts."))]
        return []
    if seat.trusted == PLAYER and mine is None:
        return [N.item("not-seated", _("The Villains were seated without you: you can follow this game here, "
                                       "and the host can seat you at a new table."))]
    if state["winner"]:
        return []
    out = []
    who = [mine] if mine else state["players"] if seat.trusted == HOST else []
    for p in who:
        nudge = prompt(state, p)
        if nudge:
            out.append(N.item(f"claim-due-{p['name']}-{state['turn']}", nudge if p is mine else
                              _("{name}'s objective looks met: claim it for them, and another player confirms.",
                                name=p["name"]),
                              N.PROMPT, [N.act(_("Claim the objective"), {"type": "claim", "player": p["name"]})]))
    cur = current(state)
    if cur is mine or seat.trusted == HOST:
        yours = cur is mine
        if not state["moved"]:
            if not yours:  # the player's own move is pinned (news): wherever the phone is when its turn comes
                out.append(move_item(state, cur, yours))
        else:
            out.append(actions_item(state, cur, yours))
            out.append(end_item(state, cur))
    elif mine is not None:
        out.append(N.item(f"wait-{state['turn']}", f"{headline(state)}.", N.INFO,
                          detail=_("You play {villain}; your card is below.", villain=villain_name(mine["villain"]))))
    return out


def news_for(state, seat, mine: dict | None) -> list[dict]:
    if not state["players"]:
        return []
    out = []
    if state["winner"]:
        w = next(p for p in state["players"] if p["name"] == state["winner"])
        out.append(N.item(f"win-{w['name']}", _("{name} ({villain}) wins!", name=w["name"],
                                                         villain=villain_name(w["villain"])), N.WIN,
                          detail=objective_of(w["villain"])))
        return out
    claim = state["claim"]
    if claim:
        c = next(p for p in state["players"] if p["name"] == claim)
        text = _("{name} claims the objective: {objective}", name=claim, objective=objective_of(c["villain"]))
        if seat.trusted != DISPLAY and why_not_confirm(state, seat) is None:
            out.append(N.item(f"claim-{state['turn']}-{claim}", text, N.PROMPT,
                              [N.act(_("Confirm: {name} wins", name=claim), {"type": "confirm", "json:accept": True}),
                               N.act(pgettext("villainous", "Not yet"), {"type": "confirm", "json:accept": False}, "secondary")]))
        else:
            out.append(N.item(f"claim-{state['turn']}-{claim}", text, N.PROMPT,
                              detail=_("Another player or the host confirms it.")))
    for w in warned(state):
        if w["who"] == claim or (mine is not None and w["who"] == mine["name"] and w["kind"] == "due"):
            continue  # the claim itself is the news now; the owner's own phone offers the claim at its top
        out.append(N.item(f"warn-{w['who']}-{w['kind']}-{state['turn']}", w["text"], N.WARN))
    if mine is not None and seat.trusted == PLAYER:
        fated = [f for f in state.get("fated", []) if f["target"] == mine["name"]]
        if fated:
            f = fated[-1]
            out.append(N.item(f"fated-{state['turn']}-{f['n']}", _("{name} Fates you.", name=f["by"]), N.PROMPT,
                              detail=_("{name} reveals the top two cards of your Fate deck, plays one against "
                                       "you and discards the other.", name=f["by"])))
    if mine is not None and seat.trusted == PLAYER and current(state) is mine and not state["moved"]:
        out.append({**move_item(state, mine, True), "keep": True})  # no Hide: it goes once the move is made
    return out


def symbols_line(p: dict) -> list[dict]:
    """Each location with the symbols entered for it, for the card."""
    return [{"name": loc, "symbols": describe_symbols(at(p, i)) if at(p, i) is not None else None}
            for i, loc in enumerate(p["locations"])]
