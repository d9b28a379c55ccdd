"""The Mystery Phase, in the revised order: the app runs every step it can itself (Minions that
move, the start's rituals and Growing Darkness, recovery, the Villain's healing, the First Player)
and waits only for the table's roll and the Mystery card; Murder! applies the Villain's ability."""

from ...core.errors import RuleError
from ...core.i18n import _
from .chance import Chance
from .data import DATA
from .hunt import advanced_table, cooperative, hero_names, locations, not_over, note, remind, villain
from .tables import base_entries, build_result, coop_table_result, entry_for
from .text import N_, nm, tn
from .track import move_shadow, summoning_ritual
from .villain import murder

WAITS = ("coop_table", "mystery_card")
HEALS = {"showdown_round": N_("Ferocity heals after each Showdown Battle Round, not here."),
         "unfinished_showdown": N_("It healed at the end of each Showdown it survived (the app did it then), not here.")}


def mystery_steps(state) -> list[dict]:
    v, opts = villain(state), state["options"]
    coop = cooperative(state)
    steps = []
    for s in DATA["mystery_phase"]:
        if s.get("coop_only") and not (coop or advanced_table(state)):
            continue
        extra = []
        if s["key"] == "minions_move":
            extra += [nm(x) for x in v.get("mystery_start", []) if "Summoning" not in x]
        if s["key"] == "start":
            extra += [nm(x) for x in v.get("mystery_start", []) if "Summoning" in x]
            if opts["rules"].get("growing_darkness"):
                extra.append(N_("Growing Darkness: the app rolls once on the Villain Minion Table; a Minion or an attack lands in a Random Location."))
            if opts["rules"].get("holding_back_the_darkness") and coop and state["shadow"] >= state["track"]["red_from"]:
                extra.append(N_("Holding Back the Darkness: if every Hero pays 2 Investigations, move the track 1 back (once a turn)."))
        if s["key"] == "villain_heals" and v.get("healing"):
            extra.append(HEALS[v["healing"]["after"]])
        if s["key"] == "coop_table":
            extra.append(N_("Roll 2D6 on the Advanced table.") if advanced_table(state)
                         else N_("Roll on the base game's Co-operative table."))
        steps.append({"key": s["key"], "text": nm(s["text"]), "extra": extra, "did": []})
    return steps


def run_step(state, step, chance: Chance):
    """What the app does itself at a step of the Mystery Phase."""
    RUNS.get(step["key"], skip)(state, step["did"], chance)


def skip(state, did, chance):
    return None


def minions_move(state, did, chance):
    for m in state["minions"]:
        if m["name"] == "Grotesques":
            to = chance.place(avoid=m["location"])
            did.append(N_("Grotesques {start} → {place}.", start=nm(m["location"]), place=nm(to)))
            note(state, N_("Grotesques jump {start} → {place}.", start=nm(m["location"]), place=nm(to)))
            m["location"] = to
        elif m["name"] == "Living Statues":
            did.append(N_("Living Statues at {place}: move them 1 space toward the Town Hall (Board).", place=nm(m["location"])))


def start(state, did, chance):
    if villain(state).get("mystery_start_ritual"):
        where = chance.place()
        roll = summoning_ritual(state, where, N_("End of Time"), chance)
        did.append(N_("End of Time: Summoning Ritual at {place}, ritual D6 {roll}.", place=nm(where), roll=roll) if roll is not None
                   else N_("End of Time: Summoning Ritual at {place}.", place=nm(where)))
    if state["options"]["rules"].get("growing_darkness"):
        r = chance.d6()
        entry = entry_for(state, r)
        state["last"] = build_result(state, entry, chance.place(), chance.place(), table="minion", roll=r,
                                     forced_random=True, name_prefix=N_("Growing Darkness"))
        did.append(N_("Growing Darkness: Minion Table {roll}, {result} (apply it under Tables).", roll=r, result=nm(entry["name"])))
        note(state, N_("Growing Darkness: Minion Table roll {roll}: {result}.", roll=r, result=nm(entry["name"])))


def recover(state, did, chance):
    for h in state["heroes"]:
        if h["knocked_out"]:
            h["knocked_out"] = False
            h["wounds"] = 0
            did.append(N_("{name} recovers.", name=h["name"]))
            note(state, N_("{name} recovers from the Knock Out.", name=h["name"]))


def first_player(state, did, chance):
    heroes = hero_names(state)
    if heroes:
        state["first"] = (state["first"] + 1) % len(heroes)
        did.append(N_("{name} is now the First Player.", name=heroes[state["first"]]))
        note(state, did[-1])


RUNS = {"minions_move": minions_move, "start": start, "recover": recover,
        "first_player": first_player}


def advance(state, chance: Chance):
    """Run the Mystery Phase's steps until one waits for the table (a roll, the Mystery card)."""
    m = state["mystery"]
    while m["index"] < len(m["steps"]):
        step = m["steps"][m["index"]]
        if step["key"] in WAITS and not step.get("passed"):
            return
        run_step(state, step, chance)
        m["index"] += 1
    if state["options"]["mode"] == "lone_hero":  # a lone Hero knocked out in the phase is back at its end
        for h in state["heroes"]:
            if h["knocked_out"]:
                h["knocked_out"], h["wounds"] = False, 0
                note(state, N_("{name} is revived at the end of the Mystery Phase (a lone Hero).", name=h["name"]))
    state["mystery"] = None
    state["round"] += 1
    note(state, N_("Turn {n} begins.", n=state["round"]))


def pass_step(state, key: str, chance: Chance):
    """The step that waited for this is done: the phase runs on."""
    m = state["mystery"]
    if m and m["index"] < len(m["steps"]) and m["steps"][m["index"]]["key"] == key:
        m["steps"][m["index"]]["passed"] = True
        advance(state, chance)


# ------------------------------------------------------------------ moments

def why_not_start(state) -> str | None:
    """Why the Mystery Phase cannot begin now (None: it can)."""
    if state["lost"] or state["won"]:
        return not_over(state)
    if state["mystery"]:
        return _("The Mystery Phase is already under way.")
    if state["showdown"]:
        return _("Finish the Showdown first.")
    return None


def why_not_next(state) -> str | None:
    if state["lost"] or state["won"]:
        return not_over(state)
    return None if state["mystery"] else _("Start the Mystery Phase first.")


# ------------------------------------------------------------------ moves

def mystery_start(state, a, seat):
    """`mystery_start`: the phase begins; the app runs every step it can."""
    state["mystery"] = {"steps": mystery_steps(state), "index": 0, "cards_due": 1, "cards": []}
    note(state, N_("The Mystery Phase begins."))
    advance(state, Chance(state, a))


def mystery_next(state, a, seat):
    """`mystery_next`: the current step is done (or skipped)."""
    m = state["mystery"]
    m["steps"][m["index"]]["passed"] = True
    advance(state, Chance(state, a))


def mystery_card(state, a, seat):
    """`mystery_card`: the card drawn; Murder! applies the Villain's ability (inside the phase or out)."""
    where = a.get("location")
    if where and where not in locations(state["options"]):
        raise RuleError(_("{place} is not a space on this board.", place=tn(where)))
    chance = Chance(state, a)
    name = a["name"].strip()
    is_murder = a["murder"] or name.lower().strip("!. ") in ("murder", "murder... murder")
    if not is_murder and not name:
        name = N_("a card with nothing for the app to do")
    if is_murder:
        where = where or chance.place()
        state["last_card"] = {"name": N_("Murder!"), "where": where}
        murder_card(state, where, chance)
    else:
        state["last_card"] = {"name": name, "where": None}
        note(state, N_("Mystery card: {card} (the app knows no more of it: apply it at the table).", card=name))
    m = state["mystery"]
    if m and m["index"] < len(m["steps"]) and m["steps"][m["index"]]["key"] == "mystery_card":
        m["cards"].append(state["last_card"]["name"])
        if len(m["cards"]) >= m["cards_due"]:
            pass_step(state, "mystery_card", chance)


MURDER_INVESTIGATIONS = 3  # the card's own effect, as the Advanced table's 8 (which counts as the card) reads it
MURDER_STEPS = 1


def murder_card(state, where: str, chance: Chance):
    """The Mystery card Murder!: its own effect (3 Investigations at a Random Location, 1 step toward
    Darkness: the base game's card is not in this rulebook, so the Advanced table's 8, which counts
    as it, gives the figures), then the Villain's Murder! ability on top (Night Wail's extra step)."""
    note(state, N_("Mystery card: Murder! at {place}: {n} Investigations go there.", place=nm(where), n=MURDER_INVESTIGATIONS))
    remind(state, N_("Murder!: put {n} Investigations at {place}.", n=MURDER_INVESTIGATIONS, place=nm(where)))
    move_shadow(state, MURDER_STEPS, N_("Murder!"), chance)
    murder(state, where, N_("the Mystery card"), chance)


def coop_table(state, a, seat):
    """`coop_table`: the Advanced Co-operative table's 2D6."""
    if not advanced_table(state):
        raise RuleError(_("The Advanced Co-operative table is switched off for this hunt (an option, or a lone Hero's level).")
                        if cooperative(state) else
                        _("The Advanced Co-operative table is for co-operative games (or switched on as an option)."))
    chance = Chance(state, a)
    coop_table_result(state, a["roll"], chance)
    pass_step(state, "coop_table", chance)


def base_coop_table(state, a, seat):
    """`base_coop_table`: the base game's co-operative table, its entries as the host typed them."""
    if not cooperative(state):
        raise RuleError(_("The base co-operative table is for co-operative games."))
    if advanced_table(state):
        raise RuleError(_("This hunt uses the Advanced table instead."))
    text = nm(base_entries(state)[a["roll"] - 1])
    state["last"] = {"seq": len(state["log"]), "table": "base", "roll": a["roll"], "name": N_("Co-operative table {n}", n=a["roll"]),
                     "kind": "event", "text": text, "effects": [], "where": None, "where2": None, "lines": [], "hero": None}
    note(state, N_("Co-operative table roll {roll}: {text}", roll=a["roll"], text=text))
    pass_step(state, "coop_table", Chance(state, a))
