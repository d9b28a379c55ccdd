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
from .text import N_, joined, nm, ungettext


def dice_input(name: str, value, label: str | None = None) -> dict:
    """A count of dice, prefilled; its limits are the server's to say in words (no browser bubble)."""
    return {"name": name, "label": label or N_("Dice"), "value": value if value != "" else None, "kind": "number", "min": None, "max": None}


def hero_line(h: dict) -> str:
    """The Hero's card in one sentence: "Eliza at Inn · 0 Investigations · 0 of 6 Wounds."."""
    said = {"name": short_name(h["name"]), "place": nm(h["location"]) or N_("an unknown space"), "inv": h["investigations"],
            "wounds": h["wounds"], "health": h["health"]}
    if h["health"]:
        return ungettext("{name} at {place} · {inv} Investigations · {wounds} of {health} Wounds.",
                         "{name} at {place} · {inv} Investigations · {wounds} of {health} Wounds.", h["investigations"], **said)
    return ungettext("{name} at {place} · {inv} Investigations · {wounds} Wounds.",
                     "{name} at {place} · {inv} Investigations · {wounds} Wounds.", h["investigations"], **said)


# ------------------------------------------------------------------ now: this seat's next move

def seat_now(state, seat, v: dict) -> list[dict]:
    if seat.trusted == DISPLAY or v["over"]:
        return []
    mine = my_hero(state, seat)
    if seat.trusted == PLAYER and mine is None:
        return [unseated(v)]
    items = fight_now(v) + showdown_now(state, seat, v)
    if seat.trusted == HOST and not v["started"]:
        return [item("setup", N_("Set up the hunt just below: the Villain, the mode and the Heroes.") if not v["configured"]
                     else N_("The hunt is set up: each Hero's phone picks its Hero, then the first Hero plays."), MOVE)]
    if seat.trusted == HOST:
        items += host_now(state, v)
        if v["may_start_mystery"]:
            items.append(turns_now(state, v))
    if mine is not None and not items:
        items += [phase_now(v) if v["phase"] else turn_now(state, mine, v["turns"])] + result_now(v)  # a new result below the tap
    return items


def turns_now(state, v: dict) -> dict:
    """The host's view of the game turn: whose turn it is, and the Mystery Phase once every Hero
    standing has played (before that, starting it asks first: it would end the others' turns)."""
    t, n = v["turns"], state["round"]
    start = N_("Start the Mystery Phase")
    if not t["current"]:
        return item(f"turns-{n}-done", N_("Turn {n}: every Hero has played. The Mystery Phase ends the turn.", n=n), MOVE,
                    [act(start, {"type": "mystery_start"})])
    name = short_name(t["current"])
    names = [short_name(x) for x in t["left"]]
    # TRANSLATORS: the last two of a list of Heroes ("Eliza, Valeria and Karl")
    left = N_("{names} and {last}", names=joined(names[:-1]), last=names[-1]) if len(names) > 1 else names[0]
    played = ungettext("{done} of {n} Hero has played.", "{done} of {n} Heroes have played.", len(t["order"]),
                       done=len(t["done"]))
    return item(f"turns-{n}-{len(t['done'])}", N_("Turn {n}: {name}'s turn.", n=n, name=name), MOVE,
                [act(N_("End {name}'s turn", name=name), {"type": "end_turn", "hero": t["current"]}, "secondary"),
                 act(start, {"type": "mystery_start"}, "secondary",
                     confirm=N_("Still to play this turn: {names}. Start the Mystery Phase anyway?", names=left))],
                played)


def unseated(v: dict) -> dict:
    if v["unclaimed"]:
        return item("claim", N_("Which Hero do you play? Tap yours."), PROMPT,
                    [act(N_("I play {name}", name=n), {"type": "claim", "name": n}) for n in v["unclaimed"]])
    return item("unseated", N_("You are in: the host will seat you."), INFO,
                detail=N_("Once the host adds your Hero to the hunt, tap it here to play it."))


def phase_now(v: dict) -> dict:
    now = next((st["text"] for st in v["phase"]["steps"] if st["now"]), None)
    return item("phase", N_("Mystery Phase: the host runs it."), INFO, detail=N_("Now: {step}", step=now) if now else None)


def turn_now(state, h: dict, t: dict) -> dict:
    """The Hero's own turn: its card in one line, its movement roll, what it does where it stops,
    the end of its turn, the Minion Table; or, while another Hero plays, whose turn it is."""
    short = short_name(h["name"])
    if h["knocked_out"]:
        return item(f"out-{short}", N_("{name} is Knocked Out at the {place}.", name=short, place=nm(h["location"])), INFO,
                    detail=N_("Back on its feet in the Mystery Phase."))
    minions = act(N_("Roll the Villain Minion Table"), {"type": "minion_table"}, "secondary")
    if h["name"] != t["current"]:
        if h["name"] in t["done"]:
            wait = (N_("{name} has played this turn; now it is {other}'s turn.", name=short, other=short_name(t["current"]))
                    if t["current"] else N_("{name} has played this turn; the host starts the Mystery Phase next.", name=short))
        else:
            wait = N_("{other}'s turn; {name} plays after.", other=short_name(t["current"]), name=short)
        return item(f"wait-{short}-{state['round']}-{len(t['done'])}", wait, INFO, [minions], hero_line(h))
    moved = h.get("moved") or {}
    rolled = moved.get("round") == state["round"]
    text = hero_line(h)
    detail = None
    if rolled:
        detail = (N_("Movement this turn: {roll} (a 1: draw a free Event).", roll=moved["roll"]) if moved["roll"] == 1
                  else N_("Movement this turn: {roll}.", roll=moved["roll"]))
        detail = N_("{moved} Move up to that many spaces, fight any enemy in your space, then take your actions "
                    "there (encounter the space, and the rest), then end the turn.", moved=detail)
    taps = ([act(N_("End {name}'s turn", name=short), {"type": "end_turn", "hero": h["name"]})] if rolled
            else [act(N_("Roll for movement (D6)"), {"type": "movement", "hero": h["name"]}),
                  act(N_("End {name}'s turn", name=short), {"type": "end_turn", "hero": h["name"]}, "secondary")])
    taps.append(minions)
    return item(f"turn-{short}", N_("Your turn: {line}", line=text), MOVE, taps, detail)


def fight_now(v: dict) -> list[dict]:
    """A fight this seat rolls for: the Battle Round with the dice prefilled."""
    f = v["fight"]
    if not f or not f["acts"]:
        return []
    inputs = [dice_input("json:hero_dice", f["hero_dice"], N_("{name}'s dice", name=f["short"]))]
    if f["foe_dice"] is None:
        inputs.append({"name": "json:foe_dice", "label": N_("{foe}'s Fight dice", foe=f["foe"]), "value": None, "kind": "number",
                       "min": None, "max": None})
    foe = N_("{n} dice ({why})", n=f["foe_dice"], why=f["foe_why"]) if f["foe_dice"] is not None else f["foe_why"]
    said = {"name": f["short"], "foe": f["foe"], "place": f["location"], "round": f["round"]}
    text = (N_("{name} fights {foe} at {place}: Battle Round {round}.", **said) if f["location"]
            else N_("{name} fights {foe}: Battle Round {round}.", **said))
    return [item(f"fight-{f['short']}-{f['round']}", text, MOVE,
                 [act(N_("Roll the Battle Round"), {"type": "fight_round"}),
                  act(N_("{name} leaves the fight", name=f["short"]), {"type": "fight_end"}, "secondary")],
                 N_("{name}: {why}. {foe}: {dice}.", name=f["short"], why=f["hero_why"], foe=f["foe"], dice=foe), inputs)]


def showdown_now(state, seat, v: dict) -> list[dict]:
    """The Showdown as this seat plays it: its Hero's attack, dice prefilled; then the Villain's
    attack and the end of the Battle Round."""
    s = v["showdown"]
    if not s:
        return []
    name = v["villain_name"]
    head = {"round": s["round"], "villain": name, "left": s["left"], "total": s["total"]}
    items = []
    for h in s["attackers"]:
        why = (N_("Dice: {why}. A Permission Token or Last Hope: in the Showdown below.", why=h["why"]) if s["offers_tokens"] or s["last_hope"]
               else N_("Dice: {why}.", why=h["why"]))
        items.append(item(f"attack-{h['short']}-{s['round']}",
                          N_("Showdown, Battle Round {round}: {villain} has {left} of {total} Health left. {name} attacks.", **head,
                             name=h["short"]), MOVE,
                          [act(N_("{name} attacks", name=h["short"]), {"type": "showdown_attack", "hero": h["name"]})],
                          why, [dice_input("json:attack_dice", h["dice"], N_("{name}'s dice", name=h["short"]))]))
    if not s["may_round"]:
        return items
    taps = [act(N_("{villain} attacks the party", villain=name), {"type": "showdown_villain"})] if s["may_villain"] else []
    taps.append(act(N_("End of the Battle Round"), {"type": "showdown_round"}, "secondary" if taps else ""))
    hits = {r["who"]: r["hits"] for r in s["rolls"]}  # each Hero's last attack: this Round's, once it attacked
    done = joined([ungettext("{name} ({n} hit)", "{name} ({n} hits)", hits.get(n, 0), name=short_name(n)) for n in s["attacked"]]) \
        if s["attacked"] else N_("nobody")
    return items + [item(f"round-{s['round']}-{int(s['villain_rolled'])}",
                         N_("Showdown, Battle Round {round}: {villain} has {left} of {total} Health left.", **head) if not items
                         else N_("After the attacks:"), MOVE, taps,
                         N_("Attacked this Round: {names}.", names=done) if s["may_villain"]
                         else N_("Attacked this Round: {names}. {villain} has attacked.", names=done, villain=name))]


def host_now(state, v: dict) -> list[dict]:
    """The host runs the table: the Mystery Phase's waiting step, the last table result to apply."""
    items = []
    p = v["phase"]
    if p and p["waits"] == "coop_table":
        label = N_("Roll the Advanced table (2D6)") if v["advanced_table"] else N_("Roll the base co-operative table")
        items.append(item("mystery-table", N_("Mystery Phase: the co-operative table."), MOVE,
                          [act(label, {"type": "coop_table" if v["advanced_table"] else "base_coop_table"})]))
    elif p and p["waits"] == "mystery_card":
        items.append(item(f"mystery-card-{p['card_label']}", N_("Mystery Phase: {card}: what was drawn?", card=p["card_label"]), MOVE,
                          [act(N_("Murder! ({ability})", ability=v["murder_name"]), {"type": "mystery_card", "json:murder": True}),
                           act(N_("Another card"), {"type": "mystery_card"}, "secondary")],
                          N_("Murder! costs 3 Investigations at a Random Location and 1 step toward Darkness.")))
    return items + result_now(v)


def result_now(v: dict) -> list[dict]:
    """The last table result still to apply, for the seat that applies it (the host, the Hero who rolled)."""
    last = v["last"]
    if not v["result_in_now"]:
        return []
    open_ = [(i, e) for i, e in enumerate(last["effects"]) if not e["done"]]
    if last["apply_all"]:
        taps = [act(N_("Apply all at the places shown"), {"type": "resolve", "json:effect": -1})]
    elif len(open_) == 1 and open_[0][1]["shares"] is None:  # one effect: at the place shown (another under Tables)
        i, e = open_[0]
        taps = [act(e["label"], {"type": "resolve", "json:effect": i, **({"location": e["where"]} if e["pick"] and e["where"] else {})})]
    else:
        taps = []
    said = {"roll": last["roll"], "result": last["name"], "place": nm(last["where"])}
    return [item(f"result-{last.get('seq')}", N_("Table result {roll}: {result} at {place}.", **said) if last["where"] and last["placed"]
                 else N_("Table result {roll}: {result}.", **said), MOVE, taps,
                 N_("Each effect, or another place for it, under Tables.") if taps else N_("Its effects, one by one, under Tables."))]


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
            items.append(item(f"wail-{w['short']}-{w['left']}",
                              ungettext("Death Wail on {name}: {n} six to answer, one at a time.",
                                        "Death Wail on {name}: {n} sixes to answer, one at a time.", w["left"], name=w["short"]), PROMPT,
                              [act(N_("Pay 2 Investigations"), {"type": "death_wail", "hero": w["hero"], "json:pay": True}),
                               act(N_("Take 1 more Damage"), {"type": "death_wail", "hero": w["hero"], "json:pay": False}, "secondary")]
                              if w["may_pay"] else [act(N_("Take 1 more Damage"), {"type": "death_wail", "hero": w["hero"], "json:pay": False})],
                              None if w["may_pay"] else N_("{name} holds fewer than 2 Investigations.", name=w["short"])))
    offer = (v["fight_start"] or {}).get("offer")
    if offer:
        items.append(offer_news(state, offer, v))
    if v["stage"] > 1 and not v["over"] and seat.trusted != DISPLAY:  # the display shows the track itself
        items.append(item(f"stage-{v['stage']}", N_("The Shadow Track is in stage {n} (the red zone).", n=v["stage"]) if v["red"]
                          else N_("The Shadow Track is in stage {n}.", n=v["stage"]), WARN if v["red"] else INFO))
    if seat.trusted == DISPLAY:
        items += display_news(state, v)
    return items


def offer_news(state, offer: dict, v: dict) -> dict:
    last = v["last"] or {}
    who = short_name(offer["hero"])
    if offer["foe"] == "villain":
        text = N_("{villain} attacks {name} at {place}: one Battle Round, now.", villain=nm(villain(state)["name"]), name=who,
                  place=nm(last.get("where")))
    else:
        text = N_("{name} is ambushed at {place}: fight now.", name=who, place=nm(last.get("where")))
    return item(f"offer-{last.get('seq')}-{who}", text, PROMPT,
                [act(offer["label"], {"type": "fight_start", "hero": offer["hero"], "foe": offer["foe"],
                                      "json:ambush": bool(offer["ambush"]), "json:bonus": offer["bonus"]})])


def display_news(state, v: dict) -> list[dict]:
    """The display's first screen: the last table result and its dice, the fight or Showdown under way."""
    items = []
    last = v["last"]
    if last:
        items.append(item(f"last-{last.get('seq')}", last_head(last), INFO, detail=last["text"]))
    s = v["showdown"]
    if s:
        rolls = joined([ungettext("{who}: {n} hit ({faces})", "{who}: {n} hits ({faces})", r["hits"], who=r["who"],
                                  faces=" ".join(map(str, r["faces"]))) for r in s["recent_rolls"][-4:]], "; ")
        items.append(item(f"sd-{s['round']}-{len(s['rolls'])}", N_("Showdown, Battle Round {round}: {villain} has {left} of {total} Health left.",
                                                                  round=s["round"], villain=v["villain_name"], left=s["left"], total=s["total"]),
                          PROMPT, detail=rolls if s["recent_rolls"] else None))
    f = v["fight"]
    if f:
        items.append(item(f"fight-{f['short']}-{f['round']}", N_("{name} fights {foe}: Battle Round {round}.", name=f["hero"], foe=f["foe"],
                                                                   round=f["round"]), PROMPT,
                          detail=N_("{roll}, {result}", roll=f["rolls"][-1]["label"], result=f["rolls"][-1]["result"]) if f["rolls"] else None))
    b = v["battle"]
    if b:
        items.append(item(f"battle-{b['seq']}", b["label"], INFO, detail=b["detail"]))
    return items


TABLES = {"minion": N_("Villain Minion Table"), "coop": N_("Advanced table"), "base": N_("Co-operative table")}


def last_head(last: dict) -> str:
    """The display's line for the last table result: "Villain Minion Table for Eliza: 2, Living Statues at Inn."."""
    table = TABLES.get(last["table"], N_("Table"))
    said = {"table": table, "name": short_name(last["hero"]) if last.get("hero") else None, "roll": last["roll"], "result": last["name"],
            "place": nm(last["where"])}
    placed = bool(last["where"] and last["placed"])
    if last["name"].startswith(table):  # the base table's result is named after its table already
        if said["name"]:
            return N_("{result} for {name} at {place}.", **said) if placed else N_("{result} for {name}.", **said)
        return N_("{result} at {place}.", **said) if placed else N_("{result}.", **said)
    if said["name"]:
        return (N_("{table} for {name}: {roll}, {result} at {place}.", **said) if placed
                else N_("{table} for {name}: {roll}, {result}.", **said))
    return N_("{table}: {roll}, {result} at {place}.", **said) if placed else N_("{table}: {roll}, {result}.", **said)
