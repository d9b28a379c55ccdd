"""The Villain: its Wounds and +1 Wound markers, its Health in a Showdown, its healing, Murder!,
and what a Knock Out or an Elder's death gives it (Willow Vine, Evil Endurance)."""

from ...core.errors import RuleError
from ...core.i18n import _
from .board import add_minion
from .hunt import cooperative, note, remind, villain
from .text import N_, nm, tn, ungettext
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
        bonus.append(N_("+2 Wounds while the Watchman stands (Keeper's Watchman)"))
    if v.get("swamp_lair_wound"):
        bonus.append(N_("+1 Wound when fighting on a Swamp (Swamp Lair)"))
    return bonus


def check_defeat(state):
    if state["showdown"] and state["wounds"] >= villain_health(state):
        state["won"] = N_("{villain} is defeated: the Heroes win the hunt.", villain=nm(villain(state)["name"]))
        state["last_showdown"] = {"outcome": "won", "text": state["won"], "heal": None, "seq": len(state["log"]), "round": state["round"]}
        note(state, state["won"])


def after_villain_kill(state, what: str):
    if state["options"]["villain"] == "banshee":
        state["plus_wounds"] += 1
        note(state, N_("Willow Vine: {what}, the Banshee gains a +1 Wound marker.", what=what))
    if state["options"]["rules"].get("evil_endurance") and not state["heroes"]:
        state["prompts"].append(N_("Evil Endurance: {what}; the Heroes take +1 Wound each.", what=what) if cooperative(state)
                                else N_("Evil Endurance: {what}; the Heroes take +2 Wounds each.", what=what))


def end_showdown(state, why: str, chance, lost: bool = False):
    """The Showdown ends with the Villain alive: lost (every Hero of the party Knocked Out) or left.
    A Villain that heals after a complete Showdown it survived (the Horror) heals now, once: D3 and
    a +1 Wound marker."""
    rule = villain(state).get("healing") or {}
    name = nm(villain(state)["name"])
    state["showdown"] = None
    text = (N_("The Showdown is lost: {why}; {villain} lives.", why=why, villain=name) if lost
            else N_("The Showdown ends: {why}; {villain} lives.", why=why, villain=name))
    note(state, text)
    heal = None
    if rule.get("after") == "unfinished_showdown":
        roll = (chance.d6() - 1) % 3 + 1
        healed = min(state["wounds"], roll)
        state["wounds"] -= healed
        state["plus_wounds"] += rule.get("plus_wound", 0)
        heal = ungettext("{villain} heals {n} Wound (D3: {roll}) and gains a +1 Wound marker.",
                         "{villain} heals {n} Wounds (D3: {roll}) and gains a +1 Wound marker.", healed, villain=name, roll=roll)
        note(state, heal)
    state["last_showdown"] = {"outcome": "lost" if lost else "left", "text": text, "heal": heal, "seq": len(state["log"]), "round": state["round"]}


def murder(state, where: str, source: str, chance):
    """The Villain's Murder! ability, wherever Murder! enters play (the card, or the Advanced 8)."""
    m = villain(state)["murder"]
    said = {"ability": nm(m["name"]), "source": source, "place": nm(where)}
    if m.get("roll_at_least"):
        roll = chance.d6()
        if roll >= m["roll_at_least"]:
            note(state, N_("{ability} ({source}): rolled {roll}, {minion} joins the Investigations at {place}.", **said, roll=roll,
                           minion=nm(m["minion"])))
            add_minion(state, m["minion"], where)
        else:
            note(state, N_("{ability} ({source}): rolled {roll}, nothing more.", **said, roll=roll))
    if m.get("terrain"):
        note(state, N_("{ability} ({source}): a Swamp at {place}.", **said))
        place_terrain(state, where, m["terrain"], m["name"], chance)
    if m.get("investigations"):
        note(state, N_("{ability} ({source}): {n} more Investigations at {place} and {near} on each space next to it.", **said,
                       n=m["investigations"], near=m["neighbours"]))
        remind(state, N_("{ability}: put {n} more Investigations at {place} and {near} on each space next to it.", ability=said["ability"],
                         place=said["place"], n=m["investigations"], near=m["neighbours"]))
        move_shadow(state, m["shadow"], m["name"], chance)


# ------------------------------------------------------------------ moves

def change_wounds(state, a, seat):
    """`villain`: Wounds on the Villain and its +1 Wound markers, by hand."""
    if not a["wounds"] and not a["plus_wounds"]:
        raise RuleError(_("Nothing to change."))
    state["wounds"] = max(0, state["wounds"] + a["wounds"])
    state["plus_wounds"] = max(0, state["plus_wounds"] + a["plus_wounds"])
    counts = {"wounds": state["wounds"], "markers": state["plus_wounds"]}
    note(state, N_("Villain: {wounds} Wounds, {markers} +1 Wound markers ({reason}).", **counts, reason=a["reason"]) if a["reason"]
         else N_("Villain: {wounds} Wounds, {markers} +1 Wound markers.", **counts))
    check_defeat(state)


def heal(state, a, seat):
    """`heal`: the Villain's automatic healing, rolled by the server."""
    rule = villain(state).get("healing")
    if not rule:
        raise RuleError(_("{villain} does not heal by itself.", villain=tn(villain(state)["name"])))
    if rule["after"] == "unfinished_showdown":
        raise RuleError(_("{villain} heals by itself at the end of each Showdown it survives: the app did it then.",
                          villain=tn(villain(state)["name"])))
    healed = min(state["wounds"], a["roll"])
    state["wounds"] -= healed
    if rule.get("plus_wound"):
        state["plus_wounds"] += rule["plus_wound"]
    said = {"villain": nm(villain(state)["name"]), "n": healed, "roll": a["roll"]}
    note(state, N_("{villain} heals {n} (rolled {roll}) and gains a +1 Wound marker.", **said) if rule.get("plus_wound")
         else N_("{villain} heals {n} (rolled {roll}).", **said))
