"""Fights outside the Showdown: a Villain Attack (one Battle Round; each Damage the Hero deals
earns an Investigation instead of a Wound; not a Showdown) and a Minion fight (Battle Rounds until
the Minion is destroyed, the Hero is Knocked Out or leaves; the Watchman a single Round). The
Hero's dice are prefilled from its skill on its phone (Combat, or the skill the foe demands, -1 on
a Swamp), the foe's Battle Dice with their modifiers; the server rolls both in one tap, counts the
hits as the rulebook says and applies the Wounds and Investigations to the tracked Hero."""

from ...core.errors import RuleError
from ...core.i18n import _
from .board import minion_dice, watchman_place, wound_minion
from .chance import Chance
from .data import MINIONS, VILLAINS
from .heroes import battle_dice, known_hero, short_name, take_wounds
from .hunt import may_act_for, my_hero, not_over, note, remind, villain
from .text import N_, SKILL_NAMES, joined, nm, tr, ungettext
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
        return _("A fight is under way: finish it first.")
    if state["showdown"]:
        return _("A Showdown is under way.")
    return None


def why_not_during(state) -> str | None:
    return not_over(state) or (None if state.get("fight") else _("No fight is under way."))


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
        n, why = max(0, n - SWAMP_PENALTY), [*why, N_("-{n} on a Swamp", n=SWAMP_PENALTY)]
    return n, why


def foe_dice(state, f: dict) -> tuple[int | None, list[str]]:
    """The foe's Battle Dice this Round, with their modifiers."""
    h = known_hero(state, f["hero"])
    if f["kind"] == "villain":
        base = f.get("foe_dice") or state["sheet"]["fight"]
        if not base:
            return None, [N_("the Villain's Fight dice are on its sheet: type them in")]
        n, why = base, [N_("Fight {n}", n=base)]
        v = VILLAINS[state["options"]["villain"]]
        if v.get("swamp_lair_wound") and on_swamp(state, f["location"]):
            n, why = n + 1, [*why, N_("+1 Swamp Lair")]
        if state["options"]["villain"] == "banshee" and h["spirit"] is not None and h["spirit"] < 4:
            n, why = n + 1, [*why, N_("+1 Ghost")]
        if f.get("bonus"):
            n, why = n + f["bonus"], [*why, N_("+{n} Perfect Storm", n=f["bonus"])]
        return n, why
    if f["kind"] == "watchman":
        n, why = WATCHMAN_DICE, [N_("{n} dice", n=WATCHMAN_DICE)]
    else:
        m = minion_of(state, f)
        n, why = minion_dice(state, m)
        why = [N_("{n} dice", n=MINIONS.get(m["name"], {}).get("dice", 0)), *why]
    if f.get("ambush") and f["round"] == 1:
        n, why = n * 2, [*why, N_("doubled in the ambush's first Round")]
    return n, why


def minion_of(state, f: dict) -> dict:
    m = next((m for m in state["minions"] if m["id"] == f.get("minion")), None)
    if m is None:
        raise RuleError(_("That Minion has left the board."))
    return m


# ------------------------------------------------------------------ moves

def fight_start(state, a, seat):
    """`fight_start`: a Hero fights the Villain (`foe` "villain"), a Minion on the board (its id), or
    the Watchman (`foe` "watchman"); `ambush` doubles the Minion's dice in the first Round."""
    mine = my_hero(state, seat)
    h = known_hero(state, a["hero"] or (mine or {}).get("name") or "")
    may_act_for(seat, h["name"], (mine or {}).get("name"))
    if h["knocked_out"]:
        raise RuleError(_("{name} is Knocked Out.", name=h["name"]))
    f = {"hero": h["name"], "round": 1, "rolls": [], "ambush": a["ambush"], "bonus": a["bonus"], "foe_dice": a["foe_dice"],
         "location": h["location"], "seq": len(state["log"])}
    if a["foe"] == "villain":
        f.update(kind="villain", name=villain(state)["name"], skill="combat", rounds=1)
    elif a["foe"] == "watchman":
        if state["watchman"]["status"] != "board":
            raise RuleError(_("The Watchman is not on the board."))
        f.update(kind="watchman", name=N_("the Watchman"), skill="cunning", rounds=1, location=state["watchman"]["location"])
    else:
        wanted = a["minion"] if a["minion"] is not None else foe_id(a["foe"])
        m = next((m for m in state["minions"] if m["id"] == wanted), None)
        if m is None:
            raise RuleError(_("Say which Minion on the board the Hero fights."))
        info = MINIONS.get(m["name"], {})
        f.update(kind="minion", minion=m["id"], name=m["name"], skill=info.get("skill", "combat"), rounds=None,
                 location=m["location"])
    state["fight"] = f
    offer = (state["last"] or {}).get("fight")
    if offer and offer["hero"] == h["name"]:  # the fight the table result called for is under way: no longer offered
        state["last"]["fight"] = None
    said = {"name": h["name"], "foe": nm(f["name"]), "place": nm(f["location"])}
    if f["location"]:
        note(state, N_("{name} fights {foe} at {place} (ambushed: the Minion's dice double in the first Round).", **said) if f["ambush"]
             else N_("{name} fights {foe} at {place}.", **said))
    else:
        note(state, N_("{name} fights {foe} (ambushed: the Minion's dice double in the first Round).", **said) if f["ambush"]
             else N_("{name} fights {foe}.", **said))


def foe_id(foe: str) -> int | None:
    """A Minion named as the form sends it: "minion:ID"."""
    tail = foe.removeprefix("minion:")
    return int(tail) if tail.isascii() and tail.isdigit() and len(tail) < 6 else None


def fight_round(state, a, seat):
    """`fight_round`: one Battle Round, both sides' dice rolled by the server and applied."""
    f = state["fight"]
    h = known_hero(state, f["hero"])
    mine = my_hero(state, seat)
    may_act_for(seat, h["name"], (mine or {}).get("name"))
    if a["foe_dice"] is not None and f["kind"] == "villain":
        f["foe_dice"] = a["foe_dice"]
    mine_n = a["hero_dice"] if a["hero_dice"] is not None else hero_dice(state, h, f["skill"], f["name"])[0]
    if mine_n is None:
        raise RuleError(_("Give {name}'s Battle Dice ({skill}).", name=h["name"], skill=tr(SKILL_NAMES[f["skill"]])))
    f["kept"] = mine_n  # offered again next Battle Round
    theirs, why = foe_dice(state, f)
    if theirs is None:
        raise RuleError(_("Give the foe's Battle Dice: {why}.", why=tr(why[0])))
    chance = Chance(state, a)
    ours = [chance.d6() for _attempt in range(mine_n)]
    foes = [chance.d6() for _attempt in range(theirs)]
    if f["kind"] == "villain" and state["options"]["villain"] == "gargoyle":
        foes = [x if x >= HIT else chance.d6() for x in foes]  # Underwater Attack: its misses rolled again
    dealt, taken = hero_hits(state, f, ours), foe_hits(f, foes)
    extra = [N_("{n} more for the 1s", n=ours.count(1))] if f["kind"] == "minion" and MINIONS.get(f["name"], {}).get("ones_hurt") else []
    if extra:
        taken += ours.count(1)
    f["rolls"].append({"round": f["round"], "hero": ours, "foe": foes, "dealt": dealt, "taken": taken})
    said = {"round": f["round"], "name": h["name"], "ours": " ".join(map(str, ours)) or N_("no dice"), "dealt": dealt,
            "foe": nm(f["name"]), "theirs": " ".join(map(str, foes)) or N_("no dice"), "taken": taken}
    note(state, N_("Battle Round {round}: {name} rolls {ours} ({dealt} Damage); {foe} rolls {theirs} ({taken} Damage, {extra}).", **said,
                   extra=extra[0]) if extra
         else N_("Battle Round {round}: {name} rolls {ours} ({dealt} Damage); {foe} rolls {theirs} ({taken} Damage).", **said))
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
        note(state, ungettext("{name} gains {n} Investigation (Damage on the Villain outside a Showdown).",
                              "{name} gains {n} Investigations (Damage on the Villain outside a Showdown).", dealt, name=h["name"]))
    elif f["kind"] == "watchman" and dealt:
        h["investigations"] += WATCHMAN_PAYS * dealt
        note(state, N_("{name} gains {n} Investigations for the Damage dealt to the Watchman.", name=h["name"], n=WATCHMAN_PAYS * dealt))
    elif f["kind"] == "minion" and dealt:
        m = minion_of(state, f)
        reward = MINIONS.get(m["name"], {}).get("reward", 0)
        if wound_minion(state, m, dealt, chance):
            h["investigations"] += reward
            f["won"] = True
    if f["kind"] == "villain" and state["options"]["villain"] == "banshee":
        wail(state, h["name"], foes.count(6))
    if f["kind"] == "villain" and state["options"]["villain"] == "gargoyle" and foes.count(6):
        remind(state, N_("Stone Touch: {n} on {name}: a Stone Curse (a Cunning 5+ check dodges one per success).", n=foes.count(6), name=h["name"]))
    if f["kind"] == "watchman" and taken:
        remind(state, N_("The Watchman: {name} loses {cost} Investigations or discards an Ally for each of "
                         "{n} Damage (the Hero's choice, on its sheet).", name=h["name"], cost=WATCHMAN_PAYS, n=taken))
    per = MINIONS.get(f["name"], {}).get("investigations_per_damage", 0) if f["kind"] == "minion" else 0
    if per and taken:
        lost = min(h["investigations"], per * taken)
        h["investigations"] -= lost
        note(state, ungettext("{name} also loses {n} Investigation to {foe}.", "{name} also loses {n} Investigations to {foe}.", lost,
                              name=h["name"], foe=nm(f["name"])))
    if taken:
        take_wounds(state, h, taken, chance)


def finish(state, f, h, chance: Chance, why: str = ""):
    """The fight is over: after the Watchman its D6; after the Bog Fiend its Trail of Slime."""
    state["fight"] = None
    outcome = (N_("Knocked Out") if h["knocked_out"] else N_("won") if f.get("won") else why or N_("over"))
    note(state, N_("The fight of {name} against {foe} ends: {outcome}.", name=h["name"], foe=nm(f["name"]), outcome=outcome))
    state["last_fight"] = {"hero": h["name"], "foe": f["name"], "outcome": outcome, "rolls": f["rolls"][-3:]}
    if f["kind"] == "watchman":
        roll = chance.d6()
        if roll == WATCHMAN_GONE:
            h["investigations"] += WATCHMAN_BONUS
            state["watchman"] = {"status": "gone", "location": None}
            note(state, N_("After the Battle the D6 shows 6: {name} gains {n} more Investigations and the Watchman leaves the game.",
                           name=h["name"], n=WATCHMAN_BONUS))
        else:
            to = chance.place(avoid=state["watchman"]["location"])
            note(state, N_("After the Battle the D6 shows {roll}: the Watchman moves on.", roll=roll))
            watchman_place(state, to)
    if f["kind"] == "villain" and state["options"]["villain"] == "bog_fiend" and f["location"]:
        remind(state, N_("Trail of Slime from {place}: 1 Investigation on each space of the shortest path to the nearest Swamp.",
                         place=nm(f["location"])))


def fight_end(state, a, seat):
    """`fight_end`: the Hero leaves the fight (the Minion stays)."""
    f = state["fight"]
    h = known_hero(state, f["hero"])
    mine = my_hero(state, seat)
    may_act_for(seat, h["name"], (mine or {}).get("name"))
    finish(state, f, h, Chance(state, a), N_("the Hero leaves"))


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
        ours, our_why = f["kept"], [N_("as in the last Battle Round")]
    theirs, their_why = foe_dice(state, f) if f["kind"] != "minion" or any(m["id"] == f.get("minion") for m in state["minions"]) else (None, [])
    said = {"hero": h["name"], "foe": nm(f["name"]), "place": nm(f["location"]), "round": f["round"]}
    head = (N_("{hero} against {foe} at {place} · Battle Round {round}", **said) if f["location"]
            else N_("{hero} against {foe} · Battle Round {round}", **said))
    if f["rounds"]:
        head = N_("{fight} (a single Round)", fight=head)
    ours_said = N_("{name}: {n} dice ({why})", name=short_name(h["name"]), n=ours if ours is not None else "", why=joined(our_why))
    theirs_said = (N_("{foe}: {n} dice ({why})", foe=nm(f["name"]), n=theirs, why=joined(their_why)) if theirs is not None
                   else N_("{foe}: {why}", foe=nm(f["name"]), why=joined(their_why)))
    return {"labels": {"head": head, "dice": N_("{hero} · {foe}", hero=ours_said, foe=theirs_said)},"hero": h["name"], "short": short_name(h["name"]), "foe": nm(f["name"]), "round": f["round"], "location": nm(f["location"]),
            "hero_dice": ours if ours is not None else "", "hero_why": joined(our_why), "foe_dice": theirs,
            "foe_why": joined(their_why), "single": bool(f["rounds"]), "acts": acts,
            "rolls": [{"label": N_("Round {n}: {ours} against {theirs}", n=r["round"], ours=" ".join(map(str, r["hero"])) or "-",
                                   theirs=" ".join(map(str, r["foe"])) or "-"),
                       "result": N_("{dealt} dealt, {taken} taken", dealt=r["dealt"], taken=r["taken"])} for r in f["rolls"][-4:]]}


def start_view(state, seat) -> dict | None:
    """The form that starts a fight by hand, and the fight the last table result calls for."""
    if why_not_start(state) or seat.trusted not in ("host", "player"):
        return None
    mine = my_hero(state, seat)
    heroes = [h["name"] for h in state["heroes"] if not h["knocked_out"] and (seat.trusted == "host" or h is mine)]
    if not heroes:
        return None
    foes = [{"value": "villain", "label": N_("{villain} (a Villain Attack)", villain=nm(villain(state)["name"]))}]
    foes += [{"value": f"minion:{m['id']}", "label": N_("{minion} at {place}", minion=nm(m["name"]), place=nm(m["location"]))}
             for m in state["minions"]]
    if state["watchman"]["status"] == "board":
        foes.append({"value": "watchman", "label": N_("the Watchman at {place}", place=nm(state["watchman"]["location"]))})
    return {"heroes": heroes, "foes": foes, "offer": offer_view(state, heroes)}


def offer_view(state, heroes: list[str]) -> dict | None:
    """The fight the last table result calls for (a Villain Attack on a Hero, a Night Ambush), as one tap."""
    offer = (state["last"] or {}).get("fight")
    if not offer or offer["hero"] not in heroes:
        return None
    h = known_hero(state, offer["hero"])
    if offer["foe"] == "villain":
        return {**offer, "label": N_("{name} fights {villain}", name=short_name(h["name"]), villain=nm(villain(state)["name"]))}
    here = [m for m in state["minions"] if m["location"] == h["location"]]
    if not here:
        return None
    return {**offer, "foe": f"minion:{here[-1]['id']}", "label": N_("{name} fights the ambushing {minion}", name=short_name(h["name"]),
                                                                    minion=nm(here[-1]["name"]))}
