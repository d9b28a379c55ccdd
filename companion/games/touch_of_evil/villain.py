"""The Villain: its Wounds and +1 Wound markers, its Health in a Showdown, its healing, Murder!,
and what a Knock Out or an Elder's death gives it (Willow Vine, Evil Endurance)."""

from ...core.errors import RuleError
from .board import add_minion
from .hunt import cooperative, note, remind, villain
from .track import move_shadow, place_terrain


def villain_health(state) -> int | None:
    """The Villain's Health in the Showdown under way: its sheet, its +1 Wound markers, the table's
    bonus, the Keeper's Watchman while it stands and the Swamp Lair on a Swamp."""
    s = state["showdown"]
    if not s:
        return None
    v = villain(state)
    total = s["health"] + state["plus_wounds"] + s["bonus"]
    if v.get("watchman") and state["watchman"]["status"] == "board":
        total += 2
    if v.get("swamp_lair_wound") and state["terrain"].get(s["location"]) in ("swamp", "flooded"):
        total += 1
    return total


def wound_bonuses(state) -> list[str]:
    v = villain(state)
    bonus = []
    if v.get("watchman") and state["watchman"]["status"] == "board":
        bonus.append("+2 Wounds while the Watchman stands (Keeper's Watchman)")
    if v.get("swamp_lair_wound"):
        bonus.append("+1 Wound when fighting on a Swamp (Swamp Lair)")
    return bonus


def check_defeat(state):
    if state["showdown"] and state["wounds"] >= villain_health(state):
        state["won"] = f"{villain(state)['name']} is defeated: the Heroes win the hunt."
        state["last_showdown"] = {"outcome": "won", "text": state["won"], "heal": None, "seq": len(state["log"]), "round": state["round"]}
        note(state, state["won"])


def after_villain_kill(state, what: str):
    if state["options"]["villain"] == "banshee":
        state["plus_wounds"] += 1
        note(state, f"Willow Vine: {what}, the Banshee gains a +1 Wound marker.")
    if state["options"]["rules"].get("evil_endurance") and not state["heroes"]:
        each = "+1 Wound each" if cooperative(state) else "+2 Wounds each"
        state["prompts"].append(f"Evil Endurance: {what}; the Heroes take {each}.")


def end_showdown(state, why: str, chance, lost: bool = False):
    """The Showdown ends with the Villain alive: lost (every Hero of the party Knocked Out) or left.
    A Villain that heals after a complete Showdown it survived (the Horror) heals now, once: D3 and
    a +1 Wound marker."""
    rule = villain(state).get("healing") or {}
    name = villain(state)["name"]
    state["showdown"] = None
    text = (f"The Showdown is lost: {why}; {name} lives." if lost else f"The Showdown ends: {why}; {name} lives.")
    note(state, text)
    heal = None
    if rule.get("after") == "unfinished_showdown":
        roll = (chance.d6() - 1) % 3 + 1
        healed = min(state["wounds"], roll)
        state["wounds"] -= healed
        state["plus_wounds"] += rule.get("plus_wound", 0)
        heal = f"{name} heals {healed} Wound{'s' if healed != 1 else ''} (D3: {roll}) and gains a +1 Wound marker."
        note(state, heal)
    state["last_showdown"] = {"outcome": "lost" if lost else "left", "text": text, "heal": heal, "seq": len(state["log"]), "round": state["round"]}


def murder(state, where: str, source: str, chance):
    """The Villain's Murder! ability, wherever Murder! enters play (the card, or the Advanced 8)."""
    m = villain(state)["murder"]
    if m.get("roll_at_least"):
        roll = chance.d6()
        if roll >= m["roll_at_least"]:
            note(state, f"{m['name']} ({source}): rolled {roll}, {m['minion']} joins the Investigations at {where}.")
            add_minion(state, m["minion"], where)
        else:
            note(state, f"{m['name']} ({source}): rolled {roll}, nothing more.")
    if m.get("terrain"):
        note(state, f"{m['name']} ({source}): a Swamp at {where}.")
        place_terrain(state, where, m["terrain"], m["name"], chance)
    if m.get("investigations"):
        note(state, f"{m['name']} ({source}): {m['investigations']} more Investigations at {where} and "
                    f"{m['neighbours']} on each space next to it.")
        remind(state, f"{m['name']}: put {m['investigations']} more Investigations at {where} and {m['neighbours']} on each space next to it.")
        move_shadow(state, m["shadow"], m["name"], chance)


# ------------------------------------------------------------------ moves

def change_wounds(state, a, seat):
    """`villain`: Wounds on the Villain and its +1 Wound markers, by hand."""
    if not a["wounds"] and not a["plus_wounds"]:
        raise RuleError("Nothing to change.")
    state["wounds"] = max(0, state["wounds"] + a["wounds"])
    state["plus_wounds"] = max(0, state["plus_wounds"] + a["plus_wounds"])
    note(state, f"Villain: {state['wounds']} Wounds, {state['plus_wounds']} +1 Wound markers"
                + (f" ({a['reason']})" if a["reason"] else "") + ".")
    check_defeat(state)


def heal(state, a, seat):
    """`heal`: the Villain's automatic healing, rolled by the server."""
    rule = villain(state).get("healing")
    if not rule:
        raise RuleError(f"{villain(state)['name']} does not heal by itself.")
    if rule["after"] == "unfinished_showdown":
        raise RuleError(f"{villain(state)['name']} heals by itself at the end of each Showdown it survives: the app did it then.")
    healed = min(state["wounds"], a["roll"])
    state["wounds"] -= healed
    if rule.get("plus_wound"):
        state["plus_wounds"] += rule["plus_wound"]
    note(state, f"{villain(state)['name']} heals {healed} (rolled {a['roll']})"
                + (" and gains a +1 Wound marker" if rule.get("plus_wound") else "") + ".")
