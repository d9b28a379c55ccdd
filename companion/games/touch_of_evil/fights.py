"""Fights outside the Showdown: a Villain Attack (one Battle Round; each Damage the Hero deals
earns an Investigation instead of a Wound; not a Showdown) and a Minion fight (Battle Rounds until
the Minion is destroyed, the Hero is Knocked Out or leaves; the Watchman a single Round). The
Hero's dice are prefilled from its skill on its phone (Combat, or the skill the foe demands, -1 on
a Swamp), the foe's Battle Dice with their modifiers; the server rolls both in one tap, counts the
hits as the rulebook says and applies the Wounds and Investigations to the tracked Hero."""

from ...core.errors import RuleError
from .. import kernel
from .board import minion_dice, watchman_place, wound_minion
from .chance import Chance
from .data import MINIONS, VILLAINS
from .heroes import battle_dice, known_hero, short_name, take_wounds
from .hunt import my_hero, not_over, note, remind, villain
from .wail import wail

HIT = 5  # a Battle Die hits on 5 or 6
WATCHMAN_DICE = 4
WATCHMAN_PAYS = 2  # Investigations per Damage dealt to the Watchman
WATCHMAN_GONE = 6  # the D6 after a Battle with it that sends it away for good (and pays 5)
WATCHMAN_BONUS = 5
SWAMP_PENALTY = 1  # a Hero on a Swamp rolls 1 Battle Die fewer


# ------------------------------------------------------------------ who may, when

def why_not_start(state) -> str | None:
    if not_over(state):
        return not_over(state)
    if state.get("fight"):
        return "A fight is under way: finish it first."
    if state["showdown"]:
        return "A Showdown is under way."
    return None


def why_not_during(state) -> str | None:
    return not_over(state) or (None if state.get("fight") else "No fight is under way.")


# ------------------------------------------------------------------ the fighters' dice

def on_swamp(state, where) -> bool:
    return state["terrain"].get(where) in ("swamp", "flooded")


def hero_dice(state, h: dict, skill: str, foe: str | None = None) -> tuple[int | None, list[str]]:
    """The Hero's Battle Dice from its phone: the skill the fight uses (Spirit for Faith, +2 for a
    Hunter against a Ghost or Demon), -1 on a Swamp."""
    n, why = battle_dice(h, foe, skill)
    if n is None:
        return n, why
    if on_swamp(state, h["location"]):
        n, why = max(0, n - SWAMP_PENALTY), [*why, f"-{SWAMP_PENALTY} on a Swamp"]
    return n, why


def foe_dice(state, f: dict) -> tuple[int | None, list[str]]:
    """The foe's Battle Dice this Round, with their modifiers."""
    h = known_hero(state, f["hero"])
    if f["kind"] == "villain":
        base = f.get("foe_dice") or state["sheet"]["fight"]
        if not base:
            return None, ["the Villain's Fight dice are on its sheet: type them in"]
        n, why = base, [f"Fight {base}"]
        v = VILLAINS[state["options"]["villain"]]
        if v.get("swamp_lair_wound") and on_swamp(state, f["location"]):
            n, why = n + 1, [*why, "+1 Swamp Lair"]
        if state["options"]["villain"] == "banshee" and h["spirit"] is not None and h["spirit"] < 4:
            n, why = n + 1, [*why, "+1 Ghost"]
        if f.get("bonus"):
            n, why = n + f["bonus"], [*why, f"+{f['bonus']} Perfect Storm"]
        return n, why
    if f["kind"] == "watchman":
        n, why = WATCHMAN_DICE, [f"{WATCHMAN_DICE} dice"]
    else:
        m = minion_of(state, f)
        n, why = minion_dice(state, m)
        why = [f"{MINIONS.get(m['name'], {}).get('dice', 0)} dice", *why]
    if f.get("ambush") and f["round"] == 1:
        n, why = n * 2, [*why, "doubled in the ambush's first Round"]
    return n, why


def minion_of(state, f: dict) -> dict:
    m = next((m for m in state["minions"] if m["id"] == f.get("minion")), None)
    if m is None:
        raise RuleError("That Minion has left the board.")
    return m


# ------------------------------------------------------------------ moves

def fight_start(state, a, seat):
    """`fight_start`: a Hero fights the Villain (`foe` "villain"), a Minion on the board (its id), or
    the Watchman (`foe` "watchman"); `ambush` doubles the Minion's dice in the first Round."""
    mine = my_hero(state, seat)
    h = known_hero(state, a["hero"] or (mine or {}).get("name") or "")
    kernel.may_act_for(seat, h["name"], (mine or {}).get("name"))
    if h["knocked_out"]:
        raise RuleError(f"{h['name']} is Knocked Out.")
    f = {"hero": h["name"], "round": 1, "rolls": [], "ambush": a["ambush"], "bonus": a["bonus"], "foe_dice": a["foe_dice"],
         "location": h["location"], "seq": len(state["log"])}
    if a["foe"] == "villain":
        f.update(kind="villain", name=villain(state)["name"], skill="combat", rounds=1)
    elif a["foe"] == "watchman":
        if state["watchman"]["status"] != "board":
            raise RuleError("The Watchman is not on the board.")
        f.update(kind="watchman", name="the Watchman", skill="cunning", rounds=1, location=state["watchman"]["location"])
    else:
        wanted = a["minion"] if a["minion"] is not None else foe_id(a["foe"])
        m = next((m for m in state["minions"] if m["id"] == wanted), None)
        if m is None:
            raise RuleError("Say which Minion on the board the Hero fights.")
        info = MINIONS.get(m["name"], {})
        f.update(kind="minion", minion=m["id"], name=m["name"], skill=info.get("skill", "combat"), rounds=None,
                 location=m["location"])
    state["fight"] = f
    offer = (state["last"] or {}).get("fight")
    if offer and offer["hero"] == h["name"]:  # the fight the table result called for is under way: no longer offered
        state["last"]["fight"] = None
    note(state, f"{h['name']} fights {f['name']}" + (f" at {f['location']}" if f["location"] else "")
                + (" (ambushed: the Minion's dice double in the first Round)" if f["ambush"] else "") + ".")


def foe_id(foe: str) -> int | None:
    """A Minion named as the form sends it: "minion:ID"."""
    tail = foe.removeprefix("minion:")
    return int(tail) if tail.isascii() and tail.isdigit() and len(tail) < 6 else None


def fight_round(state, a, seat):
    """`fight_round`: one Battle Round, both sides' dice rolled by the server and applied."""
    f = state["fight"]
    h = known_hero(state, f["hero"])
    mine = my_hero(state, seat)
    kernel.may_act_for(seat, h["name"], (mine or {}).get("name"))
    if a["foe_dice"] is not None and f["kind"] == "villain":
        f["foe_dice"] = a["foe_dice"]
    mine_n = a["hero_dice"] if a["hero_dice"] is not None else hero_dice(state, h, f["skill"], f["name"])[0]
    if mine_n is None:
        raise RuleError(f"Give {h['name']}'s Battle Dice ({f['skill'].capitalize()}).")
    f["kept"] = mine_n  # offered again next Battle Round
    theirs, why = foe_dice(state, f)
    if theirs is None:
        raise RuleError("Give the foe's Battle Dice: " + why[0] + ".")
    chance = Chance(state, a)
    ours = [chance.d6() for _ in range(mine_n)]
    foes = [chance.d6() for _ in range(theirs)]
    if f["kind"] == "villain" and state["options"]["villain"] == "gargoyle":
        foes = [x if x >= HIT else chance.d6() for x in foes]  # Underwater Attack: its misses rolled again
    dealt, taken = hero_hits(state, f, ours), foe_hits(f, foes)
    extra = [f"{ours.count(1)} more for the 1s"] if f["kind"] == "minion" and MINIONS.get(f["name"], {}).get("ones_hurt") else []
    if extra:
        taken += ours.count(1)
    f["rolls"].append({"round": f["round"], "hero": ours, "foe": foes, "dealt": dealt, "taken": taken})
    note(state, f"Battle Round {f['round']}: {h['name']} rolls {' '.join(map(str, ours)) or 'no dice'} ({dealt} Damage); "
                f"{f['name']} rolls {' '.join(map(str, foes)) or 'no dice'} ({taken} Damage" + (f", {extra[0]}" if extra else "") + ").")
    apply_round(state, f, h, dealt, taken, foes, chance)
    f["round"] += 1
    if state.get("fight") and (h["knocked_out"] or f.get("won") or (f["rounds"] and f["round"] > f["rounds"])):
        finish(state, f, h, chance)


def hero_hits(state, f, faces) -> int:
    need = MINIONS.get(f["name"], {}).get("hurt_on", HIT) if f["kind"] == "minion" else HIT
    return sum(1 for x in faces if x >= need)


def foe_hits(f, faces) -> int:
    need = MINIONS.get(f["name"], {}).get("hits_on", HIT) if f["kind"] == "minion" else HIT
    return sum(1 for x in faces if x >= need)


def apply_round(state, f, h, dealt: int, taken: int, foes: list[int], chance: Chance):
    """What the Round's Damage does, foe by foe, then the Hero's Wounds."""
    if f["kind"] == "villain" and dealt:
        h["investigations"] += dealt
        note(state, f"{h['name']} gains {dealt} Investigation{'s' if dealt != 1 else ''} (Damage on the Villain outside a Showdown).")
    elif f["kind"] == "watchman" and dealt:
        h["investigations"] += WATCHMAN_PAYS * dealt
        note(state, f"{h['name']} gains {WATCHMAN_PAYS * dealt} Investigations for the Damage dealt to the Watchman.")
    elif f["kind"] == "minion" and dealt:
        m = minion_of(state, f)
        reward = MINIONS.get(m["name"], {}).get("reward", 0)
        if wound_minion(state, m, dealt, chance):
            h["investigations"] += reward
            f["won"] = True
    if f["kind"] == "villain" and state["options"]["villain"] == "banshee":
        wail(state, h["name"], foes.count(6))
    if f["kind"] == "villain" and state["options"]["villain"] == "gargoyle" and foes.count(6):
        remind(state, f"Stone Touch: {foes.count(6)} on {h['name']}: a Stone Curse (a Cunning 5+ check dodges one per success).")
    if f["kind"] == "watchman" and taken:
        remind(state, f"The Watchman: {h['name']} loses {WATCHMAN_PAYS} Investigations or discards an Ally for each of "
                      f"{taken} Damage (the Hero's choice, on its sheet).")
    per = MINIONS.get(f["name"], {}).get("investigations_per_damage", 0) if f["kind"] == "minion" else 0
    if per and taken:
        lost = min(h["investigations"], per * taken)
        h["investigations"] -= lost
        note(state, f"{h['name']} also loses {lost} Investigation{'s' if lost != 1 else ''} to {f['name']}.")
    if taken:
        take_wounds(state, h, taken, chance)


def finish(state, f, h, chance: Chance, why: str = ""):
    """The fight is over: after the Watchman its D6; after the Bog Fiend its Trail of Slime."""
    state["fight"] = None
    outcome = ("Knocked Out" if h["knocked_out"] else "won" if f.get("won") else why or "over")
    note(state, f"The fight of {h['name']} against {f['name']} ends: {outcome}.")
    state["last_fight"] = {"hero": h["name"], "foe": f["name"], "outcome": outcome, "rolls": f["rolls"][-3:]}
    if f["kind"] == "watchman":
        roll = chance.d6()
        if roll == WATCHMAN_GONE:
            h["investigations"] += WATCHMAN_BONUS
            state["watchman"] = {"status": "gone", "location": None}
            note(state, f"After the Battle the D6 shows 6: {h['name']} gains {WATCHMAN_BONUS} more Investigations and the Watchman leaves the game.")
        else:
            to = chance.place(avoid=state["watchman"]["location"])
            note(state, f"After the Battle the D6 shows {roll}: the Watchman moves on.")
            watchman_place(state, to)
    if f["kind"] == "villain" and state["options"]["villain"] == "bog_fiend" and f["location"]:
        remind(state, f"Trail of Slime from {f['location']}: 1 Investigation on each space of the shortest path to the nearest Swamp.")


def fight_end(state, a, seat):
    """`fight_end`: the Hero leaves the fight (the Minion stays)."""
    f = state["fight"]
    h = known_hero(state, f["hero"])
    mine = my_hero(state, seat)
    kernel.may_act_for(seat, h["name"], (mine or {}).get("name"))
    finish(state, f, h, Chance(state, a), "the Hero leaves")


# ------------------------------------------------------------------ what a seat sees

def fight_view(state, seat) -> dict | None:
    f = state.get("fight")
    if not f:
        return None
    h = known_hero(state, f["hero"])
    mine = my_hero(state, seat)
    acts = not not_over(state) and (seat.trusted == "host" or (mine is not None and mine["name"] == h["name"]))
    ours, our_why = hero_dice(state, h, f["skill"], f["name"])
    if f.get("kept") is not None:
        ours, our_why = f["kept"], ["as in the last Battle Round"]
    theirs, their_why = foe_dice(state, f) if f["kind"] != "minion" or any(m["id"] == f.get("minion") for m in state["minions"]) else (None, [])
    return {"hero": h["name"], "short": short_name(h["name"]), "foe": f["name"], "round": f["round"], "location": f["location"],
            "hero_dice": ours if ours is not None else "", "hero_why": ", ".join(our_why), "foe_dice": theirs,
            "foe_why": ", ".join(their_why), "single": bool(f["rounds"]), "acts": acts,
            "rolls": [{"label": f"Round {r['round']}: {' '.join(map(str, r['hero'])) or '-'} against {' '.join(map(str, r['foe'])) or '-'}",
                       "result": f"{r['dealt']} dealt, {r['taken']} taken"} for r in f["rolls"][-4:]]}


def start_view(state, seat) -> dict | None:
    """The form that starts a fight by hand, and the fight the last table result calls for."""
    if why_not_start(state) or seat.trusted not in ("host", "player"):
        return None
    mine = my_hero(state, seat)
    heroes = [h["name"] for h in state["heroes"] if not h["knocked_out"] and (seat.trusted == "host" or h is mine)]
    if not heroes:
        return None
    foes = [{"value": "villain", "label": villain(state)["name"] + " (a Villain Attack)"}]
    foes += [{"value": f"minion:{m['id']}", "label": f"{m['name']} at {m['location']}"} for m in state["minions"]]
    if state["watchman"]["status"] == "board":
        foes.append({"value": "watchman", "label": f"the Watchman at {state['watchman']['location']}"})
    return {"heroes": heroes, "foes": foes, "offer": offer_view(state, heroes)}


def offer_view(state, heroes: list[str]) -> dict | None:
    """The fight the last table result calls for (a Villain Attack on a Hero, a Night Ambush), as one tap."""
    offer = (state["last"] or {}).get("fight")
    if not offer or offer["hero"] not in heroes:
        return None
    h = known_hero(state, offer["hero"])
    if offer["foe"] == "villain":
        return {**offer, "label": f"{short_name(h['name'])} fights {villain(state)['name']}"}
    here = [m for m in state["minions"] if m["location"] == h["location"]]
    if not here:
        return None
    return {**offer, "foe": f"minion:{here[-1]['id']}", "label": f"{short_name(h['name'])} fights the ambushing {here[-1]['name']}"}
