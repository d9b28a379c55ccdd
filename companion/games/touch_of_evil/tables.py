"""The tables: the Villain Minion Table (a D6), the Advanced Co-operative Mystery Phase table (2D6,
its results that roll on the Minion Table applied by the app) and the base game's co-operative table.
A result lands in one Random Location shared by its effects (a second for 'another'); each effect
is applied with one tap, at the place shown or one picked."""

from ...core.errors import RuleError
from ...core.i18n import _, ngettext
from .board import add_minion, watchman_place
from .chance import Chance
from .data import DATA, MINIONS
from .elders import corruption_and_madness, lies_and_deception
from .heroes import take_wounds
from .hunt import heroes_at, locations, my_hero, note, state_hero, villain
from .text import N_, SKILL_NAMES, joined, nm, tn, ungettext
from .track import move_shadow, place_terrain
from .villain import murder

PICKED = ("terrain", "minion", "watchman", "investigations", "murder", "move_minion", "move_watchman", "gather")
MOVES = ("move_minion", "move_watchman")  # effects that need a place picked for each


def entry_for(state, roll: int) -> dict:
    return next(e for e in villain(state)["table"] if e["from"] <= roll <= e["to"])


def watchman_gone_entry(entry: dict) -> dict:
    return {**entry, "name": N_("Barrow Shades (the Watchman is gone)"), "kind": "minion",
            "text": N_("The Watchman has left the game for good, so Barrow Shades come instead."),
            "effects": [{"do": "minion", "minion": "Barrow Shades", "where": "hero_or_random"}]}


def build_result(state, entry: dict, where: str, where2: str, *, table: str, roll, hero: str | None = None,
                 forced_random=False, attack_without_hero="table", name_prefix=None, extra_text=None, bonus_combat=0) -> dict:
    """A table result with one location shared by its effects (a second one for 'another'); its
    name after `name_prefix` (a sub-roll: "Surge of Evil → Traitor"), its text after `extra_text`."""
    if entry.get("name") == "Watchman" and state["watchman"]["status"] == "gone":
        entry = watchman_gone_entry(entry)
    present = heroes_at(state, where)
    if hero and not forced_random and hero not in present:
        present = [hero, *present]
    elif forced_random and len(present) > 1:  # several Heroes there: the highest Honor fights first
        present = sorted(present, key=lambda n: -(state_hero(state, n)["honor"] or 0))
    effects, lines, fight = [], [], None
    for eff in entry["effects"]:
        if eff.get("if") == "no hero" and present:
            continue
        effects.append({**eff, "loc": "second" if eff.get("another") else "main", "done": False})
    if entry.get("attack"):
        if present:
            fight = {"hero": present[0], "foe": "villain", "bonus": bonus_combat, "ambush": False}
            top = [n for n in present if (state_hero(state, n)["honor"] or 0) == (state_hero(state, present[0])["honor"] or 0)]
            if forced_random and len(top) > 1:
                lines.append(N_("{names} share the highest Honor: the First Player picks who fights (start the fight by hand).",
                                names=", ".join(top)))
            if bonus_combat:
                lines.append(N_("Villain Attack at {place}: {hero} fights one Battle Round with the Villain at +{bonus} Combat "
                                "(each Damage dealt earns 1 Investigation; not a Showdown).", place=nm(where), hero=present[0],
                                bonus=bonus_combat))
            else:
                lines.append(N_("Villain Attack at {place}: {hero} fights one Battle Round with the Villain "
                                "(each Damage dealt earns 1 Investigation; not a Showdown).", place=nm(where), hero=present[0]))
        elif attack_without_hero == "ignored":
            lines.append(N_("No Hero stands at {place}: the Villain Attack passes.", place=nm(where)))
            effects = []
        elif entry["name"] == "Bog Fiend Attack!":
            lines.append(N_("Trail of Slime from {place}: 1 Investigation on each space of the shortest path to the nearest Swamp.",
                            place=nm(where)))
    name = N_("{first} → {then}", first=nm(name_prefix), then=nm(entry["name"])) if name_prefix else nm(entry["name"])
    text = N_("{first} {then}", first=nm(extra_text), then=nm(entry["text"])) if extra_text else nm(entry["text"])
    return {"table": table, "roll": roll, "name": name, "kind": entry.get("kind", "event"),
            "text": text, "effects": effects, "where": where,
            "where2": where2, "lines": lines, "hero": hero, "fight": fight, "seq": len(state["log"])}


REROLLS_SHOWN = 20  # re-rolls drawn from the action's pool before the app picks among the valid results


def roll_until(state, keep, chance: Chance) -> tuple[dict | None, list[int]]:
    """Roll the Villain Minion Table, re-rolling every result `keep` refuses. Re-rolling until a
    valid result is the same as picking one of the valid faces at random, so after REROLLS_SHOWN
    misses the app picks one (chance.pick); with no valid face at all it answers None."""
    valid = [f for f in range(1, 7) if keep(table_entry(state, f))]
    if not valid:
        return None, []
    rolls = []
    for _attempt in range(REROLLS_SHOWN):
        rolls.append(chance.d6())
        if rolls[-1] in valid:
            return table_entry(state, rolls[-1]), rolls
    rolls.append(valid[chance.pick() % len(valid)])
    return table_entry(state, rolls[-1]), rolls


def table_entry(state, roll: int) -> dict:
    """The Minion Table's entry for a roll as it reads now (the Watchman gone for good: Barrow Shades)."""
    entry = entry_for(state, roll)
    return watchman_gone_entry(entry) if entry.get("name") == "Watchman" and state["watchman"]["status"] == "gone" else entry


def is_event(e):
    return e.get("kind", "event") == "event"


def is_fighting_minion(e):
    return not is_event(e) and MINIONS.get(minion_name(e), {}).get("dice", 1) > 0


def minion_table_result(state, a, hero: str | None, chance: Chance):
    """A Villain Minion Table result: at the rolling Hero's space where the result says so."""
    roll = a["roll"]
    entry = entry_for(state, roll)
    at_hero = hero and any(eff.get("where") == "hero_or_random" for eff in entry["effects"])
    h = state_hero(state, hero) if at_hero else None
    loc = h["location"] if h and h["location"] else None
    where = loc or chance.place()
    result = build_result(state, entry, where, chance.place(), table="minion", roll=roll, hero=hero)
    if at_hero and not loc:
        result["lines"].append(N_("{hero}'s space is not known to the app: the result landed in a Random Location; "
                                  "pick the Hero's space in the list if it differs.", hero=hero))
    state["last"] = result
    note(state, N_("Minion Table roll {roll}: {result} ({hero}).", roll=roll, result=nm(entry["name"]), hero=hero) if hero
         else N_("Minion Table roll {roll}: {result}.", roll=roll, result=nm(entry["name"])))


def coop_table_result(state, roll: int, chance: Chance):
    entry = next(e for e in DATA["advanced_coop_table"] if e["roll"] == roll)
    where, where2 = chance.place(), chance.place()
    sub = entry.get("sub")
    if not sub:
        state["last"] = build_result(state, entry, where, where2, table="coop", roll=roll)
        if roll == 3 and state["mystery"]:
            state["mystery"]["cards_due"] = max(1, len(state["heroes"]))
            state["last"]["lines"].append(ungettext("The Mystery card step takes {n} card this turn.",
                                                    "The Mystery card step takes {n} cards this turn.", state["mystery"]["cards_due"]))
        if roll == 8:
            state["last"]["lines"].append(N_("Murder!: {ability} applies at {place}.", ability=nm(villain(state)["murder"]["name"]),
                                             place=nm(where)))
        if roll == 11:
            state["last"]["lines"] += madness_obsession(state, chance)
    else:
        state["last"] = SUBS[sub](state, entry, where, where2, roll, chance)
    note(state, N_("Co-operative table roll {roll}: {result}.", roll=roll, result=state["last"]["name"]))


def march(state, entry, where, where2, roll, chance) -> dict:
    """March of Darkness: every Minion moves; with none out, one from the table in two places."""
    text, prefix = entry["text"], entry["name"]
    on_board = list(state["minions"])
    if on_board or state["watchman"]["status"] == "board":
        result = {"table": "coop", "roll": roll, "name": nm(entry["name"]), "kind": "event", "text": nm(text), "where": where,
                  "where2": where2, "hero": None, "lines": [N_("Move each Minion 2 spaces along the shortest road to the Town Hall: "
                                                             "pick where it ends up (the app does not hold the roads).")],
                  "effects": [{"do": "move_minion", "id": m["id"], "loc": "main", "done": False} for m in on_board]}
        if state["watchman"]["status"] == "board":
            result["effects"].append({"do": "move_watchman", "loc": "main", "done": False})
        return result
    found, rolls = roll_until(state, lambda e: not is_event(e), chance)
    if found is None:
        return no_valid_result(entry, roll, where, where2, N_("no result of the Villain Minion Table is a Minion"))
    r = build_result(state, found, where, where2, table="coop", roll=roll, forced_random=True, name_prefix=prefix, extra_text=text)
    r["sub_rolls"] = rolls
    placed = [e for e in r["effects"] if e["do"] in ("minion", "watchman")][:1]
    second = dict(placed[0]) if placed else None
    if second:
        second["loc"] = "second"
        if second["do"] == "watchman":  # one Watchman only: Barrow Shades take the excess
            second = {"do": "minion", "minion": "Barrow Shades", "loc": "second", "done": False}
        r["effects"] = [placed[0], second]
    r["lines"].append(N_("No Minion on the board: rolled {rolls} (Events re-rolled); the Minion goes to {place} and {place2}.",
                         rolls=", ".join(map(str, rolls)), place=nm(where), place2=nm(where2)))
    return r


def surge(state, entry, where, where2, roll, chance) -> dict:
    """Surge of Evil: one roll on the Minion Table in a Random Location; an attack there with no Hero passes."""
    r1 = chance.d6()
    found = entry_for(state, r1)
    r = build_result(state, found, where, where2, table="coop", roll=roll, forced_random=True, name_prefix=entry["name"],
                     extra_text=entry["text"], attack_without_hero="ignored")
    r["sub_rolls"] = [r1]
    r["lines"].insert(0, N_("Villain Minion Table: {roll}, in a Random Location ({place}).", roll=r1, place=nm(where)))
    return r


def storm(state, entry, where, where2, roll, chance) -> dict:
    """Perfect Storm: anything but an Event re-rolled; a Villain Attack strikes with +3 Combat."""
    found, rolls = roll_until(state, is_event, chance)
    if found is None:
        return no_valid_result(entry, roll, where, where2, N_("no result of the Villain Minion Table is an Event"))
    r = build_result(state, found, where, where2, table="coop", roll=roll, forced_random=True, name_prefix=entry["name"],
                     extra_text=entry["text"], attack_without_hero="ignored", bonus_combat=3)
    r["sub_rolls"] = rolls
    r["lines"].insert(0, N_("Discard every Weather Mystery card in play. Rolled {rolls} (anything but an Event re-rolled).",
                            rolls=", ".join(map(str, rolls))))
    return r


def ambush(state, entry, where, where2, roll, chance) -> dict:
    """Night Ambush: the lowest D6 + Cunning (ties roll again) meets a Minion that fights."""
    heroes = [h for h in state["heroes"] if not h["knocked_out"]]
    target, lines = None, []
    if heroes:
        contenders = heroes
        for _attempt in range(6):
            scores = {h["name"]: chance.d6() + (h["cunning"] or 0) for h in contenders}
            lines.append(N_("D6 + Cunning: {scores}", scores=", ".join(f"{n} {s}" for n, s in scores.items())))
            low = min(scores.values())
            lowest = [n for n, s in scores.items() if s == low]
            if len(lowest) == 1:
                target = lowest[0]
                break
            contenders = [h for h in contenders if h["name"] in lowest]  # a tie does not count: the tied roll again
        if any(h["cunning"] is None for h in heroes):
            lines.append(N_("Some Heroes have no Cunning on their phone: their roll counts the die alone."))
    found, rolls = roll_until(state, is_fighting_minion, chance)
    if found is None:
        return no_valid_result(entry, roll, where, where2, N_("no result of the Villain Minion Table is a Minion with Battle Dice"))
    hero = state_hero(state, target) if target else None
    spot = hero["location"] if hero and hero["location"] else where
    r = build_result(state, found, spot, where2, table="coop", roll=roll, forced_random=True, name_prefix=entry["name"],
                     extra_text=entry["text"])
    r["effects"] = [e for e in r["effects"] if not e.get("another")][:1]
    r["sub_rolls"] = rolls
    lines.append(N_("{hero} is ambushed at {place}: no Items, Allies or abilities in the first Round, and the Minion rolls double dice.",
                    hero=target, place=nm(spot)) if target else N_("No Hero to ambush."))
    r["lines"] = lines + r["lines"]
    r["hero"] = target
    r["fight"] = {"hero": target, "foe": "ambush", "bonus": 0, "ambush": True} if target else None
    return r


def no_valid_result(entry, roll, where, where2, why: str) -> dict:
    """A sub-roll that no face of the table can satisfy: said so, nothing placed."""
    return {"table": "coop", "roll": roll, "name": nm(entry["name"]), "kind": "event", "text": nm(entry["text"]), "where": where,
            "where2": where2, "hero": None, "effects": [], "sub_rolls": [],
            "lines": [N_("Nothing to roll for: {why}, so re-rolling could never end. The table decides.", why=why)]}


SUBS = {"march": march, "surge": surge, "storm": storm, "ambush": ambush}


def lowest_and_highest(state, skill: str, chance: Chance) -> tuple[str | None, str | None, list[str]]:
    """Every Hero rolls a D6 plus a skill; ties for the lowest or the highest roll again."""
    heroes = [h for h in state["heroes"] if not h["knocked_out"]]
    if len(heroes) < 2:
        return None, None, [N_("Fewer than two Heroes stand: nobody fights.")]
    lines, ends = [], {}
    for end, pick in (("low", min), ("high", max)):
        contenders = heroes if end == "low" else [h for h in heroes if h["name"] != ends["low"]]
        for _attempt in range(6):
            scores = {h["name"]: chance.d6() + (h[skill] or 0) for h in contenders}
            lines.append(N_("D6 + {skill}: {scores}", skill=SKILL_NAMES[skill], scores=", ".join(f"{n} {v}" for n, v in scores.items())))
            best = pick(scores.values())
            tied = [n for n, v in scores.items() if v == best]
            if len(tied) == 1:
                ends[end] = tied[0]
                break
            contenders = [h for h in contenders if h["name"] in tied]
    if any(h[skill] is None for h in heroes):
        lines.append(N_("Some Heroes have no {skill} on their phone: their roll counts the die alone.", skill=SKILL_NAMES[skill]))
    return ends.get("low"), ends.get("high"), lines


def madness_obsession(state, chance: Chance) -> list[str]:
    low, high, lines = lowest_and_highest(state, "honor", chance)
    if low and high:
        lines.append(N_("{low} fights one Battle Round against {high}; each gains 1 Investigation per Damage dealt "
                        "(at least their base Combat in dice).", low=low, high=high))
    return lines


def minion_name(entry) -> str:
    for eff in entry["effects"]:
        if eff["do"] == "minion":
            return eff["minion"]
    return entry["name"]


def hero_of_roll(state, action, seat) -> str | None:
    """The Hero a roll is for: the one named, else the Hero the rolling phone plays."""
    if action.get("hero"):
        h = state_hero(state, action["hero"])
        if h is None:
            raise RuleError(_("No Hero called {name} is in this hunt.", name=action["hero"]))
        return h["name"]
    mine = my_hero(state, seat)
    return mine["name"] if mine else None


def effect_where(last, eff) -> str:
    return last["where2"] if eff.get("loc") == "second" else last["where"]


def effect_label(state, eff, last, here: bool = False) -> str:
    """What applying an effect does, as its button reads (`here`: the place left out, for the
    button beside the list of places)."""
    d = eff["do"]
    where = nm(effect_where(last, eff))
    cond = eff.get("if") == "no hero"
    if d == "shadow":
        steps = "D3" if eff["steps"] == "d3" else eff["steps"]
        return (N_("Move the Shadow Track {steps} toward Darkness (only if no Hero is there)", steps=steps) if cond
                else N_("Move the Shadow Track {steps} toward Darkness", steps=steps))
    if d == "investigations":
        if here:
            return (N_("Put {n} Investigations here (only if no Hero is there)", n=eff["n"]) if cond
                    else N_("Put {n} Investigations here", n=eff["n"]))
        return (N_("Put {n} Investigations at {place} (only if no Hero is there)", n=eff["n"], place=where) if cond
                else N_("Put {n} Investigations at {place}", n=eff["n"], place=where))
    if d == "terrain":
        ritual = eff.get("ritual")
        if eff["terrain"] == "swamp":
            return N_("Place a Swamp here") if here else N_("Place a Swamp at {place}", place=where)
        if here:
            return N_("Place a Summoning Circle here and roll the ritual's D6") if ritual else N_("Place a Summoning Circle here")
        return (N_("Place a Summoning Circle at {place} and roll the ritual's D6", place=where) if ritual
                else N_("Place a Summoning Circle at {place}", place=where))
    if d == "minion":
        return N_("Place {minion} here", minion=nm(eff["minion"])) if here else N_("Place {minion} at {place}", minion=nm(eff["minion"]), place=where)
    if d == "watchman":
        if state["watchman"]["status"] == "board":
            return N_("Move the Watchman to {place}", place=where)
        return N_("Watchman here") if here else N_("Watchman at {place}", place=where)
    if d == "location":
        return N_("Random Location: {place}", place=where)
    if d == "murder":
        ability = nm(villain(state)["murder"]["name"])
        return N_("Murder!: {ability} here", ability=ability) if here else N_("Murder!: {ability} at {place}", ability=ability, place=where)
    if d == "move_minion":
        m = next((m for m in state["minions"] if m["id"] == eff["id"]), None)
        return N_("Move {minion} (at {place})", minion=nm(m["name"]), place=nm(m["location"])) if m else N_("That Minion has left the board")
    if d == "move_watchman":
        return N_("Move the Watchman (at {place})", place=nm(state["watchman"]["location"]))
    if d == "honor_check":
        return N_("Every Hero's Honor check ({n}+): the app rolls it", n=eff["at_least"])
    if d == "gather":
        return (N_("Every Hero moves to the Lair here (then begin the Showdown, free)") if here
                else N_("Every Hero moves to the Lair at {place} (then begin the Showdown, free)", place=where))
    if d == "each_hero":
        return ungettext("Every Hero gains {n} Investigation", "Every Hero gains {n} Investigations", eff["n"])
    if d == "roll":
        return N_("Roll a D6")
    if d == "share_wounds":
        return N_("Prevent it: the Heroes take {n} Wounds between them", n=eff["n"])
    if d == "lies":
        return N_("Roll a D6: every Elder whose Honor is at most the roll gains a Secret")
    if d == "corruption":
        return N_("Every living Elder's Spirit check (4+): the app rolls and applies each")
    return d


def base_entries(state) -> list[str]:
    return state["options"].get("base_coop_table") or DATA["base_coop_table"]["entries"]


# ------------------------------------------------------------------ applying a result

def resolve_one(state, last, i, location, a, chance: Chance):
    eff = last["effects"][i]
    if eff["done"]:
        raise RuleError(_("That effect was already applied."))
    key = "where2" if eff.get("loc") == "second" else "where"
    if location:
        if location not in locations(state["options"]):
            raise RuleError(_("{place} is not a space on this board.", place=tn(location)))
        if eff["do"] not in MOVES:
            last[key] = location  # the result's other effects follow the place chosen
    where = location or last[key]
    d = eff["do"]
    if d == "shadow":
        steps = eff["steps"]
        if steps == "d3":
            steps = (a["roll"] - 1) % 3 + 1
            last["lines"].append(N_("The D3 shows {n}.", n=steps))
        move_shadow(state, steps, last["name"], chance)
        for other in last["effects"]:
            if other["do"] == "share_wounds":
                other["done"] = True
    elif d == "investigations":
        note(state, N_("{n} Investigations at {place} ({result}).", n=eff["n"], place=nm(where), result=last["name"]))
    elif d == "terrain":
        if eff.get("ritual"):
            ritual = a["roll"] if state["terrain"].get(where) is None else None
            place_terrain(state, where, "circle", last["name"], chance, ritual_roll=ritual)
        else:
            place_terrain(state, where, eff["terrain"], last["name"], chance)
    elif d == "minion":
        add_minion(state, eff["minion"], where)
    elif d == "watchman":
        watchman_place(state, where)
    elif d == "murder":
        murder(state, where, N_("the Advanced table's 8"), chance)
    elif d == "honor_check":
        honor_checks(state, eff, last["name"], chance)
    elif d == "lies":
        lines = lies_and_deception(state, a["roll"])
        last["lines"] += lines
        for line in lines:
            note(state, line)
    elif d == "share_wounds":
        share_wounds(state, last, eff, a, chance)
    elif d == "corruption":
        last["lines"] += corruption_and_madness(state, chance) or [N_("No Elder with a Spirit entered: roll their checks at the table.")]
    elif d == "gather":
        for h in state["heroes"]:
            h["location"] = where
        note(state, N_("Surprise: every Hero is at the Lair at {place}; the Showdown there costs no Investigations "
                       "and forms no Hunting Party of Elders.", place=nm(where)))
    elif d == "each_hero":
        for h in state["heroes"]:
            h["investigations"] += eff["n"]
        if state["heroes"]:
            note(state, ungettext("{result}: every Hero gains {n} Investigation.", "{result}: every Hero gains {n} Investigations.",
                                  eff["n"], result=last["name"]))
        else:
            note(state, ungettext("{result}: every Hero gains {n} Investigation (the app tracks no Hero: add them on the Hero sheets).",
                                  "{result}: every Hero gains {n} Investigations (the app tracks no Hero: add them on the Hero sheets).",
                                  eff["n"], result=last["name"]))
    elif d == "move_minion":
        m = next((m for m in state["minions"] if m["id"] == eff["id"]), None)
        if m is None:
            raise RuleError(_("That Minion has left the board."))
        if not location:
            raise RuleError(_("Say where the Minion ends up."))
        note(state, N_("{minion} marches {start} → {place}.", minion=nm(m["name"]), start=nm(m["location"]), place=nm(location)))
        m["location"] = location
    elif d == "move_watchman":
        if not location:
            raise RuleError(_("Say where the Watchman ends up."))
        watchman_place(state, location)
    else:
        note(state, N_("{result}: {effect} → {roll}.", result=last["name"], effect=effect_label(state, eff, last), roll=a["roll"]) if d == "roll"
             else N_("{result}: {effect}.", result=last["name"], effect=effect_label(state, eff, last)))
    eff["done"] = True


def share_rows(state) -> list[dict]:
    """Each standing Hero and the Wounds it may still take (no more than its Health boxes hold)."""
    return [{"name": h["name"], "max": (h["health"] - h["wounds"]) if h["health"] else None}
            for h in state["heroes"] if not h["knocked_out"]]


def share_wounds(state, last, eff, a, chance: Chance):
    """Fall into Darkness prevented: the Heroes take `n` Wounds between them, none beyond its Health."""
    shares = [s for s in (a.get("shares") or []) if s["wounds"]]
    if not state["heroes"]:
        raise RuleError(_("The app tracks no Hero: share the Wounds at the table and skip this."))
    rows = {r["name"]: r for r in share_rows(state)}
    taken = {}
    for s in shares:
        h = state_hero(state, s["name"])
        if h is None or h["name"] not in rows:
            raise RuleError(_("{name} is not a Hero standing in this hunt.", name=s["name"]))
        limit = rows[h["name"]]["max"]
        if limit is not None and s["wounds"] > limit:
            raise RuleError(ngettext("{name} can take at most {n} more Wound.", "{name} can take at most {n} more Wounds.", limit, name=h["name"]))
        taken[h["name"]] = taken.get(h["name"], 0) + s["wounds"]
    if sum(taken.values()) != eff["n"]:
        raise RuleError(_("The Heroes take exactly {n} Wounds between them (these make {total}).", n=eff["n"], total=sum(taken.values())))
    note(state, N_("{result} is prevented: {shares}.", result=last["name"],
                   shares=joined([N_("{name} takes {n}", name=n, n=w) for n, w in taken.items()])))
    for n, w in taken.items():
        take_wounds(state, state_hero(state, n), w, chance)
    for other in last["effects"]:
        if other["do"] == "shadow":
            other["done"] = True


def honor_checks(state, eff, name: str, chance: Chance):
    """Every Hero rolls its Honor in dice: each success pays; no success costs an Event card or an Ally."""
    if not state["heroes"]:
        state["prompts"].append(N_("{result}: every Hero makes the Honor check at the table (the app tracks no Hero).", result=name))
    for h in state["heroes"]:
        if h["honor"] is None:
            state["prompts"].append(N_("{result}: {name} has no Honor on the phone; roll the check at the table.", result=name, name=h["name"]))
            continue
        faces = [chance.d6() for _attempt in range(h["honor"])]
        wins = sum(1 for f in faces if f >= eff["at_least"])
        if wins:
            h["investigations"] += wins * eff["per_success"]
            note(state, ungettext("{result}: {name} rolls {faces}, {n} success: +{gain} Investigations.",
                                  "{result}: {name} rolls {faces}, {n} successes: +{gain} Investigations.", wins,
                                  result=name, name=h["name"], faces=" ".join(map(str, faces)), gain=wins * eff["per_success"]))
        else:
            note(state, N_("{result}: {name} rolls {faces} and fails.", result=name, name=h["name"],
                           faces=" ".join(map(str, faces)) or N_("no dice")))
            state["prompts"].append(N_("{result}: {name} failed the Honor check: discard an Event card or an Ally.", result=name, name=h["name"]))


# ------------------------------------------------------------------ moves

def minion_table(state, a, seat):
    """`minion_table`: the Villain Minion Table, rolled for a Hero (named, or the rolling phone's)."""
    minion_table_result(state, a, hero_of_roll(state, a, seat), Chance(state, a))


def resolve(state, a, seat):
    """`resolve`: one effect of the last result (at its place or one picked), or all of them (-1)."""
    last = state["last"]
    if not last:
        raise RuleError(_("There is no table result to apply."))
    chance = Chance(state, a)
    if a["effect"] == -1:
        todo = [i for i, e in enumerate(last["effects"]) if not e["done"] and e["do"] not in (*MOVES, "share_wounds")]
        if not todo:
            raise RuleError(_("Every effect of this result is applied already (Minion moves need a place each)."))
        for i in todo:
            resolve_one(state, last, i, None, a, chance)
        return
    if a["effect"] >= len(last["effects"]):
        raise RuleError(_("That result has no such effect."))
    resolve_one(state, last, a["effect"], a.get("location"), a, chance)
