"""The Showdown: the Hunting Party and its Elders against the Villain's Health and Fight dice (from
its sheet), each Hero's attack (a Permission Token +2 dice, the Horror's Last Hope), the Villain's
attack on every Hero of the party (the Gargoyle's re-rolled misses, Stone Touch, Death Wail), the
end of a Battle Round (the Bog Fiend's Ferocity), and the end without a win.

Who may act: the host for any Hero; a player's phone only for its own Hero (it begins a Showdown
for its Hero alone, attacks with it, and rolls the Villain's attack and the round's end while its
Hero fights). A phone that plays no Hero is refused. `seat_refusal` decides it for the moves and
for the view, so the page offers exactly what the game accepts.
"""

from ...core.errors import Forbidden, RuleError
from ...core.table import HOST, PLAYER
from .. import kernel
from .chance import Chance
from .data import VILLAINS
from .heroes import battle_dice, known_hero, short_name, take_wounds
from .hunt import heal_dice, level, locations, my_hero, not_over, note, remind, state_hero, villain
from .villain import check_defeat, end_showdown, villain_health
from .wail import wail

HIT = 5  # a Battle Die hits on 5 or 6
HIT_LABEL = "hits on " + " or ".join(str(face) for face in range(HIT, 7))  # "hits on 5 or 6"
TOKEN_DICE = 2  # a Permission Token's extra Battle Dice
LAST_HOPE_COST = 2  # Investigations a Last Hope die costs
MAX_DICE = 30
NO_HERO = "This phone plays no Hero: a Hero's phone acts in a Showdown for its own Hero, and the host for anyone."


# ------------------------------------------------------------------ who may, when

def why_not_begin(state) -> str | None:
    """Why no Showdown can begin now (None: one can)."""
    if not_over(state):
        return not_over(state)
    if state["showdown"]:
        return "A Showdown is already under way."
    if state["mystery"]:
        return "Finish the Mystery Phase first."
    return None


def why_not_during(state) -> str | None:
    """Why no Showdown move can be made now (None: one can)."""
    return not_over(state) or (None if state["showdown"] else "No Showdown is under way.")


def why_not_villain_attack(state) -> str | None:
    if why_not_during(state):
        return why_not_during(state)
    return "The Villain has attacked this Battle Round already." if state["showdown"]["villain_rolled"] else None


def seat_refusal(state, seat, hero: str | None = None) -> str | None:
    """Why this seat may not act in the Showdown (for `hero`, when one is named; else for the
    whole party), or None. The host acts for anyone; a player for its own Hero only."""
    if seat.trusted == HOST:
        return None
    mine = my_hero(state, seat)
    if mine is None:
        return NO_HERO
    if hero is not None and not kernel.same(hero, mine["name"]):
        return f"Only {hero}'s phone or the host can do that for {hero}."
    s = state["showdown"]
    if hero is None and s and mine["name"] not in s["party"]:
        return f"{mine['name']} is not fighting in this Showdown: a fighting Hero's phone or the host does that."
    return None


def refuse_seat(state, seat, hero: str | None = None):
    why = seat_refusal(state, seat, hero)
    if why:
        raise Forbidden(why)


def villain_fight(state, hero: dict) -> tuple[int, list[str]]:
    s, v = state["showdown"], state["options"]["villain"]
    dice, why = s["fight"], []
    if VILLAINS[v].get("swamp_lair_wound") and state["terrain"].get(s["location"]) in ("swamp", "flooded"):
        dice += 1
        why.append("+1 Swamp Lair")
    if v == "banshee" and hero.get("spirit") is not None and hero["spirit"] < 4:
        dice += 1
        why.append("+1 Ghost")
    return dice, why


START_DICE = 3  # what an attack form offers when the Hero's sheet is not on its phone


def default_dice(state, h: dict) -> tuple[int, str]:
    """The dice an attack form offers, and why: what this Hero rolled last in this Showdown (the
    table's own count stays from one Battle Round to the next), else its Combat with what the app
    knows (Spirit for Faith, +2 Hunter), else 3 to start from."""
    s = state["showdown"] or {}
    kept = (s.get("dice") or {}).get(h["name"])
    if kept is not None:
        return kept, "as in the last Battle Round"
    n, why = battle_dice(h, villain(state)["name"])
    return (n, ", ".join(why)) if n is not None else (START_DICE, why[0] + ": 3 to start from")


def hits(faces: list[int]) -> int:
    return sum(1 for f in faces if f >= HIT)


# ------------------------------------------------------------------ moves

def party_of(state, a, seat) -> list[str]:
    """The Hunting Party: the Heroes named (a player's phone: its own Hero alone), every Hero
    standing when the host names none."""
    mine = my_hero(state, seat)
    if seat.trusted != HOST:
        others = [n for n in (a["party"] or []) if not kernel.same(n, mine["name"])]
        if others:
            raise Forbidden(f"From {mine['name']}'s phone a Showdown begins for {mine['name']} alone; the host gathers a larger Hunting Party.")
        party = [mine["name"]]
    else:
        party = a["party"] if a["party"] is not None else [h["name"] for h in state["heroes"] if not h["knocked_out"]]
    names = []
    for n in party:
        h = known_hero(state, n)
        if h["knocked_out"]:
            raise RuleError(f"{h['name']} is Knocked Out.")
        if h["name"] not in names:
            names.append(h["name"])
    if not names:
        raise RuleError("A Showdown needs at least one Hero.")
    return names


def showdown_start(state, a, seat):
    """`showdown_start`: the party (and the Elders who join) against the Villain at its Lair."""
    refuse_seat(state, seat)
    health = a["health"] or state["sheet"]["health"]
    fight = a["fight"] or state["sheet"]["fight"]
    if not health or not fight:
        raise RuleError("Give the Villain's Health and Fight dice from its sheet (the rulebook does not print them).")
    names = party_of(state, a, seat)
    elders = []
    for n in a["elders"] or []:
        e = kernel.lookup(state["elders"], n)
        if e is None or e["status"] != "alive":
            raise RuleError(f"{n} is not a living Town Elder.")
        elders.append(e["name"])
    where = a["location"]
    if where and where not in locations(state["options"]):
        raise RuleError(f"{where} is not a space on this board.")
    state["sheet"] = {"health": health, "fight": fight}
    state["showdown"] = {"party": names, "out": [], "elders": elders, "health": health, "fight": fight, "bonus": a["bonus"],
                         "location": where, "round": 1, "attacked": [], "villain_rolled": False, "rolls": [],
                         "seq": len(state["log"])}
    for n in names:
        if where:
            state_hero(state, n)["location"] = where
    note(state, f"Showdown{' at ' + where if where else ''}: {', '.join(names)}"
                + (f" with {', '.join(elders)}" if elders else "") + f" against {villain(state)['name']} "
                + f"(Health {villain_health(state)}, Fight {fight}).")
    if level(state)["showdown_table"]:
        remind(state, "Insane / Apocalyptic: roll on the base game's Additional Showdown Table each Battle Round.")


def attack_dice(state, h: dict, a) -> tuple[int, list[str]]:
    """The attack's Battle Dice: Combat (or as given), a Permission Token, Last Hope; what it costs is paid."""
    s = state["showdown"]
    n = a["attack_dice"] if a["attack_dice"] is not None else battle_dice(h, villain(state)["name"])[0]
    if not n:
        raise RuleError(f"Give {h['name']}'s Battle Dice (Combat) for this attack.")
    s.setdefault("dice", {})[h["name"]] = n  # offered again next Battle Round
    extra = []
    if a["token_from"]:
        e = kernel.lookup(state["elders"], a["token_from"])
        if e is None or e["name"] not in s["elders"]:
            raise RuleError(f"{a['token_from']} is not in the Hunting Party.")
        if e["permission"] < 1:
            raise RuleError(f"{e['name']} has no Permission Token.")
        e["permission"] -= 1
        n += TOKEN_DICE
        extra.append(f"{e['name']}'s Permission Token +{TOKEN_DICE}")
    if a["last_hope"]:
        if not has_last_hope(state):
            raise RuleError("Last Hope is the Unspeakable Horror's.")
        if h["investigations"] < LAST_HOPE_COST * a["last_hope"]:
            raise RuleError(f"{h['name']} holds only {h['investigations']} Investigations.")
        h["investigations"] -= LAST_HOPE_COST * a["last_hope"]
        n += a["last_hope"]
        extra.append(f"Last Hope +{a['last_hope']}")
    return n, extra


def has_last_hope(state) -> bool:
    return state["options"]["villain"] == "unspeakable_horror"


def showdown_attack(state, a, seat):
    """`showdown_attack`: one Hero of the party attacks, once a Battle Round."""
    s = state["showdown"]
    mine = my_hero(state, seat)
    if seat.trusted != HOST and mine is None:
        raise Forbidden(NO_HERO)
    h = state_hero(state, a["hero"] or (mine or {}).get("name"))
    if h is None:
        raise RuleError("Say which Hero attacks.")
    refuse_seat(state, seat, h["name"])
    if h["name"] not in s["party"]:
        raise RuleError(f"{h['name']} is not fighting in this Showdown.")
    if h["name"] in s["attacked"]:
        raise RuleError(f"{h['name']} has attacked this Battle Round already.")
    n, extra = attack_dice(state, h, a)
    chance = Chance(state, a)
    faces = [chance.d6() for _ in range(min(n, MAX_DICE))]
    s["attacked"].append(h["name"])
    s["rolls"].append({"who": h["name"], "faces": faces, "hits": hits(faces)})
    state["wounds"] += hits(faces)
    note(state, f"{h['name']} attacks with {n} dice" + (f" ({', '.join(extra)})" if extra else "")
                + f": {' '.join(map(str, faces))}, {hits(faces)} Wound(s) on {villain(state)['name']}.")
    check_defeat(state)


def showdown_villain(state, a, seat):
    """`showdown_villain`: the Villain attacks every Hero of the party, once a Battle Round."""
    refuse_seat(state, seat)
    s = state["showdown"]
    s["villain_rolled"] = True
    v = state["options"]["villain"]
    chance = Chance(state, a)
    for name in list(s["party"]):
        h = state_hero(state, name)
        dice, why = villain_fight(state, h)
        faces = [chance.d6() for _ in range(dice)]
        if v == "gargoyle":  # Underwater Attack: its misses rolled again first, once an attack
            faces = [f if f >= HIT else chance.d6() for f in faces]
            why.append("misses re-rolled")
        sixes = sum(1 for f in faces if f == 6)
        s["rolls"].append({"who": f"{villain(state)['name']} → {name}", "faces": faces, "hits": hits(faces)})
        text = f"{villain(state)['name']} attacks {name} with {dice} dice" + (f" ({', '.join(why)})" if why else "") \
            + f": {' '.join(map(str, faces))}, {hits(faces)} Wound(s)"
        if sixes and v == "gargoyle":
            text += f"; {sixes} Stone Touch (a Stone Curse; Cunning 5+ dodges one each)"
        if sixes and v == "banshee":
            text += f"; Death Wail: {sixes} × pay 2 Investigations or take 1 more Damage ({short_name(name)}'s phone answers)"
        note(state, text + ". Armour, Items and Events: adjust on the Hero's phone.")
        take_wounds(state, h, hits(faces), chance)
        if not h["knocked_out"] and v == "banshee":
            wail(state, name, sixes)


def showdown_round(state, a, seat):
    """`showdown_round`: the Battle Round ends (the Bog Fiend's Ferocity heals it)."""
    refuse_seat(state, seat)
    s = state["showdown"]
    heal = ""
    rule = villain(state).get("healing") or {}
    if rule.get("after") == "showdown_round":
        chance = Chance(state, a)
        dice = heal_dice(state)
        roll = (chance.d6() - 1) % 3 + 1 if dice == "d3" else chance.d6()
        healed = min(state["wounds"], roll)
        state["wounds"] -= healed
        heal = f" Ferocity: {villain(state)['name']} heals {healed} ({dice} {roll})."
    note(state, f"Battle Round {s['round']} ends.{heal}")
    s["round"] += 1
    s["attacked"], s["villain_rolled"] = [], False


def showdown_end(state, a, seat):
    """`showdown_end`: the Heroes leave the fight; the Villain lives."""
    refuse_seat(state, seat)
    end_showdown(state, "the Heroes leave the fight", Chance(state, a))


# ------------------------------------------------------------------ what a seat sees

def view_start(state, seat) -> dict | None:
    """The form that begins a Showdown, for a seat that may begin one now (else None)."""
    if why_not_begin(state) or seat_refusal(state, seat):
        return None
    mine = my_hero(state, seat)
    fighters = [h["name"] for h in state["heroes"] if not h["knocked_out"] and (seat.trusted == HOST or h is mine)]
    if not fighters:
        return None
    return {"fighters": fighters, "elders": [e["name"] for e in state["elders"] if e["status"] == "alive"],
            "health": state["sheet"]["health"], "fight": state["sheet"]["fight"], "locations": locations(state["options"])}


def view_showdown(state, seat) -> dict | None:
    """The Showdown under way as this seat sees it: the numbers, and the controls it may use."""
    s = state["showdown"]
    if not s:
        return None
    total = villain_health(state)
    acts = why_not_during(state) is None and seat.trusted in (HOST, PLAYER) and seat_refusal(state, seat) is None
    tokens = [{"name": e["name"], "label": f"{e['name']}'s token (+{TOKEN_DICE})"}
              for e in state["elders"] if e["name"] in s["elders"] and e["permission"] > 0]
    attackers = [{"name": n, "short": short_name(n), "dice": default_dice(state, state_hero(state, n))[0],
                  "why": default_dice(state, state_hero(state, n))[1]}
                 for n in s["party"] if n not in s["attacked"] and why_not_during(state) is None
                 and seat.trusted in (HOST, PLAYER) and seat_refusal(state, seat, n) is None]
    return {**s, "total": total, "left": max(0, total - state["wounds"]), "has_bonus": total != s["health"],
            "hit_label": HIT_LABEL, "recent_rolls": s["rolls"][-8:], "attackers": attackers,
            "token_choices": tokens, "offers_tokens": bool(s["elders"]), "last_hope": has_last_hope(state),
            "last_hope_label": f"Last Hope dice ({LAST_HOPE_COST} Investigations each)",
            "may_villain": acts and why_not_villain_attack(state) is None, "may_round": acts, "may_end": acts}
