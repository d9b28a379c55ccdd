"""What each seat must do or know now (issue 21): `now`, first on its page, holds its next move
(its Hero's turn, its fight, its attack in the Showdown, the host's step of the Mystery Phase);
`news`, pinned to the top of the screen, holds what the whole table must know (the hunt won or
lost, a Showdown's outcome, a stage of the Shadow Track crossed) and the prompts a seat must
answer wherever it is scrolled (Death Wail, an ambush or a Villain Attack on its Hero). Computed
from the state and the seat's own view only: nothing here is more than that seat may see."""

from ...core.now import INFO, MOVE, PROMPT, WARN, WIN, act, item
from ...core.table import DISPLAY, HOST, PLAYER
from .heroes import short_name
from .hunt import my_hero, villain


def dice_input(name: str, value, label: str = "Dice") -> dict:
    """A count of dice, prefilled; its limits are the server's to say in words (no browser bubble)."""
    return {"name": name, "label": label, "value": value if value != "" else None, "kind": "number", "min": None, "max": None}


def hero_line(h: dict) -> str:
    wounds = f"{h['wounds']} of {h['health']} Wounds" if h["health"] else f"{h['wounds']} Wounds"
    return f"at {h['location'] or 'an unknown space'} · {h['investigations']} Investigations · {wounds}"


# ------------------------------------------------------------------ now: this seat's next move

def seat_now(state, seat, v: dict) -> list[dict]:
    if seat.trusted == DISPLAY or v["over"]:
        return []
    mine = my_hero(state, seat)
    if seat.trusted == PLAYER and mine is None:
        return [unseated(v)]
    items = fight_now(v) + showdown_now(state, seat, v)
    if seat.trusted == HOST and not v["started"]:
        return [item("setup", "Set up the hunt just below: the Villain, the mode and the Heroes." if not v["configured"]
                     else "The hunt is set up: each Hero's phone picks its Hero, then the first Hero plays.", MOVE)]
    if seat.trusted == HOST:
        items += host_now(state, v)
        if v["may_start_mystery"]:
            first = f", {short_name(v['first_player'])} first" if v["first_player"] else ""
            items.append(item(f"turns-{state['round']}", f"Turn {state['round']}: the Heroes take their turns{first}.", MOVE,
                              [act("Start the Mystery Phase", {"type": "mystery_start"}, "secondary")],
                              "Once every Hero has played, the Mystery Phase ends the turn."))
    if mine is not None and not items:
        items += [phase_now(v) if v["phase"] else turn_now(state, mine)] + result_now(v)  # a new result below the tap
    return items


def unseated(v: dict) -> dict:
    if v["unclaimed"]:
        return item("claim", "Which Hero do you play? Tap yours.", PROMPT,
                    [act(f"I play {n}", {"type": "claim", "name": n}) for n in v["unclaimed"]])
    return item("unseated", "You are in: the host will seat you.", INFO,
                detail="Once the host adds your Hero to the hunt, tap it here to play it.")


def phase_now(v: dict) -> dict:
    now = next((st["text"] for st in v["phase"]["steps"] if st["now"]), None)
    return item("phase", "Mystery Phase: the host runs it.", INFO, detail=f"Now: {now}" if now else None)


def turn_now(state, h: dict) -> dict:
    """The Hero's own turn: its card in one line, its movement roll, the Minion Table."""
    short = short_name(h["name"])
    if h["knocked_out"]:
        return item(f"out-{short}", f"{short} is Knocked Out at the {h['location']}.", INFO,
                    detail="Back on its feet in the Mystery Phase.")
    moved = h.get("moved") or {}
    rolled = moved.get("round") == state["round"]
    text = f"{short} {hero_line(h)}."
    detail = f"Movement this turn: {moved['roll']}" + (" (a 1: draw a free Event)." if moved["roll"] == 1 else ".") if rolled else None
    taps = [] if rolled else [act("Roll for movement (D6)", {"type": "movement", "hero": h["name"]})]
    taps.append(act("Roll the Villain Minion Table", {"type": "minion_table"}, "secondary"))
    return item(f"turn-{short}", text, MOVE, taps, detail)


def fight_now(v: dict) -> list[dict]:
    """A fight this seat rolls for: the Battle Round with the dice prefilled."""
    f = v["fight"]
    if not f or not f["acts"]:
        return []
    inputs = [dice_input("json:hero_dice", f["hero_dice"], f"{f['short']}'s dice")]
    if f["foe_dice"] is None:
        inputs.append({"name": "json:foe_dice", "label": f"{f['foe']}'s Fight dice", "value": None, "kind": "number", "min": None, "max": None})
    foe = f"{f['foe_dice']} dice ({f['foe_why']})" if f["foe_dice"] is not None else f["foe_why"]
    return [item(f"fight-{f['short']}-{f['round']}", f"{f['short']} fights {f['foe']}"
                 + (f" at {f['location']}" if f["location"] else "") + f": Battle Round {f['round']}.", MOVE,
                 [act("Roll the Battle Round", {"type": "fight_round"}), act(f"{f['short']} leaves the fight", {"type": "fight_end"}, "secondary")],
                 f"{f['short']}: {f['hero_why']}. {f['foe']}: {foe}.", inputs)]


def showdown_now(state, seat, v: dict) -> list[dict]:
    """The Showdown as this seat plays it: its Hero's attack, dice prefilled; then the Villain's
    attack and the end of the Battle Round."""
    s = v["showdown"]
    if not s:
        return []
    name = v["villain_name"]
    head = f"Showdown, Battle Round {s['round']}: {name} has {s['left']} of {s['total']} Health left."
    items = []
    for h in s["attackers"]:
        extra = " A Permission Token or Last Hope: in the Showdown below." if s["offers_tokens"] or s["last_hope"] else ""
        items.append(item(f"attack-{h['short']}-{s['round']}", f"{head} {h['short']} attacks.", MOVE,
                          [act(f"{h['short']} attacks", {"type": "showdown_attack", "hero": h["name"]})],
                          f"Dice: {h['why']}.{extra}", [dice_input("json:attack_dice", h["dice"], f"{h['short']}'s dice")]))
    if not s["may_round"]:
        return items
    taps = [act(f"{name} attacks the party", {"type": "showdown_villain"})] if s["may_villain"] else []
    taps.append(act("End of the Battle Round", {"type": "showdown_round"}, "secondary" if taps else ""))
    hits = {r["who"]: r["hits"] for r in s["rolls"]}  # each Hero's last attack: this Round's, once it attacked
    done = ", ".join(f"{short_name(n)} ({hits.get(n, 0)} hit{'s' if hits.get(n, 0) != 1 else ''})" for n in s["attacked"]) or "nobody"
    return items + [item(f"round-{s['round']}-{int(s['villain_rolled'])}", head if not items else "After the attacks:", MOVE, taps,
                 f"Attacked this Round: {done}." + ("" if s["may_villain"] else f" {name} has attacked."))]


def host_now(state, v: dict) -> list[dict]:
    """The host runs the table: the Mystery Phase's waiting step, the last table result to apply."""
    items = []
    p = v["phase"]
    if p and p["waits"] == "coop_table":
        label = "Roll the Advanced table (2D6)" if v["advanced_table"] else "Roll the base co-operative table"
        items.append(item("mystery-table", "Mystery Phase: the co-operative table.", MOVE,
                          [act(label, {"type": "coop_table" if v["advanced_table"] else "base_coop_table"})]))
    elif p and p["waits"] == "mystery_card":
        items.append(item(f"mystery-card-{p['card_label']}", f"Mystery Phase: {p['card_label']}: what was drawn?", MOVE,
                          [act(f"Murder! ({v['murder_name']})", {"type": "mystery_card", "json:murder": True}),
                           act("Another card", {"type": "mystery_card"}, "secondary")],
                          "Murder! costs 3 Investigations at a Random Location and 1 step toward Darkness."))
    return items + result_now(v)


def result_now(v: dict) -> list[dict]:
    """The last table result still to apply, for the seat that applies it (the host, the Hero who rolled)."""
    last = v["last"]
    if not v["result_in_now"]:
        return []
    open_ = [(i, e) for i, e in enumerate(last["effects"]) if not e["done"]]
    if last["apply_all"]:
        taps = [act("Apply all at the places shown", {"type": "resolve", "json:effect": -1})]
    elif len(open_) == 1 and open_[0][1]["shares"] is None:  # one effect: at the place shown (another under Tables)
        i, e = open_[0]
        taps = [act(e["label"], {"type": "resolve", "json:effect": i, **({"location": e["where"]} if e["pick"] and e["where"] else {})})]
    else:
        taps = []
    return [item(f"result-{last.get('seq')}", f"Table result {last['roll']}: {last['name']}"
                 + (f" at {last['where']}" if last["where"] and last["placed"] else "") + ".", MOVE, taps,
                 "Each effect, or another place for it, under Tables." if taps else "Its effects, one by one, under Tables.")]


# ------------------------------------------------------------------ news: pinned for the whole table

def seat_news(state, seat, v: dict) -> list[dict]:
    items = []
    if v["won"]:
        items.append(item("won", v["won"], WIN))
    if state["lost"]:
        items.append(item("lost", state["lost"], WARN))
    past = v["last_showdown"]
    if past and not v["showdown"] and not v["over"] and past.get("round", state["round"]) == state["round"]:  # news for its turn
        items.append(item(f"showdown-{past.get('seq')}", past["text"], WIN if past["outcome"] == "won" else WARN,
                          detail=past.get("heal")))
    for w in v["death_wail"]:
        if w["answers"]:
            items.append(item(f"wail-{w['short']}-{w['left']}", f"Death Wail on {w['short']}: {w['left']} "
                              f"six{'es' if w['left'] != 1 else ''} to answer, one at a time.", PROMPT,
                              [act("Pay 2 Investigations", {"type": "death_wail", "hero": w["hero"], "json:pay": True}),
                               act("Take 1 more Damage", {"type": "death_wail", "hero": w["hero"], "json:pay": False}, "secondary")]
                              if w["may_pay"] else [act("Take 1 more Damage", {"type": "death_wail", "hero": w["hero"], "json:pay": False})],
                              None if w["may_pay"] else f"{w['short']} holds fewer than 2 Investigations."))
    offer = (v["fight_start"] or {}).get("offer")
    if offer:
        items.append(offer_news(state, offer, v))
    if v["stage"] > 1 and not v["over"] and seat.trusted != DISPLAY:  # the display shows the track itself
        items.append(item(f"stage-{v['stage']}", f"The Shadow Track is in stage {v['stage']}"
                          + (" (the red zone)." if v["red"] else "."), WARN if v["red"] else INFO))
    if seat.trusted == DISPLAY:
        items += display_news(state, v)
    return items


def offer_news(state, offer: dict, v: dict) -> dict:
    last = v["last"] or {}
    who = short_name(offer["hero"])
    if offer["foe"] == "villain":
        text = f"{villain(state)['name']} attacks {who} at {last.get('where')}: one Battle Round, now."
    else:
        text = f"{who} is ambushed at {last.get('where')}: fight now."
    return item(f"offer-{last.get('seq')}-{who}", text, PROMPT,
                [act(offer["label"], {"type": "fight_start", "hero": offer["hero"], "foe": offer["foe"],
                                      "json:ambush": bool(offer["ambush"]), "json:bonus": offer["bonus"]})])


def display_news(state, v: dict) -> list[dict]:
    """The display's first screen: the last table result and its dice, the fight or Showdown under way."""
    items = []
    last = v["last"]
    if last:
        who = f" for {short_name(last['hero'])}" if last.get("hero") else ""
        table = {"minion": "Villain Minion Table", "coop": "Advanced table", "base": "Co-operative table"}.get(last["table"], "Table")
        head = f"{last['name']}{who}" if last["name"].startswith(table) else f"{table}{who}: {last['roll']}, {last['name']}"
        items.append(item(f"last-{last.get('seq')}", head
                          + (f" at {last['where']}" if last["where"] and last["placed"] else "") + ".", INFO,
                          detail=last["text"]))
    s = v["showdown"]
    if s:
        rolls = "; ".join(f"{r['who']}: {r['hits']} hit{'s' if r['hits'] != 1 else ''} ({' '.join(map(str, r['faces']))})"
                          for r in s["recent_rolls"][-4:])
        items.append(item(f"sd-{s['round']}-{len(s['rolls'])}", f"Showdown, Battle Round {s['round']}: {v['villain_name']} "
                          f"has {s['left']} of {s['total']} Health left.", PROMPT, detail=rolls or None))
    f = v["fight"]
    if f:
        items.append(item(f"fight-{f['short']}-{f['round']}", f"{f['hero']} fights {f['foe']}: Battle Round {f['round']}.", PROMPT,
                          detail=f["rolls"][-1]["label"] + ", " + f["rolls"][-1]["result"] if f["rolls"] else None))
    b = v["battle"]
    if b:
        items.append(item(f"battle-{b['seq']}", b["label"], INFO, detail=b["detail"]))
    return items
