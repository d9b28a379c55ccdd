"""The Town Elders: alive, dead, Evil (never back), turned to stone by the Gargoyle's Monument of
Fear; their Permission Tokens (spent to save a dying Elder, or for +2 dice in a Showdown) and Secrets."""

from ...core.errors import RuleError
from .. import kernel
from .chance import Chance
from .heroes import villain_kill
from .hunt import more_secrets, note, remind

ELDER_STATUSES = ("dead", "evil", "alive")


def why_not_status(e: dict, status: str) -> str | None:
    """Why Elder e cannot take this status now (None: it can)."""
    if e["status"] == "stone":
        return f"{e['name']} was turned to stone and is out of the game."
    if status == e["status"]:
        return f"{e['name']} is already {status}."
    if status == "alive" and (e["status"] == "evil" or e.get("was_evil")):
        return "An Evil Elder cannot come back to the town."
    if status == "evil" and e["status"] != "alive":
        return "Only a living Elder can turn Evil."
    return None


def known_elder(state, name: str) -> dict:
    e = kernel.lookup(state["elders"], name)
    if e is None:
        raise RuleError(f"No Town Elder is called {name}.")
    return e


def change_status(state, e: dict, a, chance: Chance) -> bool:
    """The Elder's new status; True when that ends the action (a token spent, a statue)."""
    why = why_not_status(e, a["status"])
    if why:
        raise RuleError(why)
    if a["status"] == "dead" and e["status"] == "alive" and e["permission"] > 0 and not a["unpreventable"]:
        if a["spend_token"] is False:
            raise RuleError(f"{e['name']} holds a Permission Token, and a token is always spent when its Elder would die: "
                            "the Elder lives. Only a death nothing can prevent ignores it.")
        e["permission"] -= 1
        note(state, f"{e['name']} would die, but a Permission Token is spent instead.")
        return True
    if a["status"] in ("evil", "dead"):
        e["permission"] = 0
    if a["status"] == "evil":
        e["was_evil"] = True
    if a["status"] == "dead" and e["status"] == "alive" and state["options"]["villain"] == "gargoyle":
        monument_of_fear(state, e, chance)
        return True
    was = e["status"]
    e["status"] = a["status"]
    if a["status"] == "alive":
        e["secrets"] = 0
    note(state, f"{e['name']} is now {a['status']}" + (" (nothing could prevent it)" if a["unpreventable"] else "") + ".")
    if a["status"] == "dead" and was == "alive":
        villain_kill(state, "a Town Elder died", chance)
    return False


def monument_of_fear(state, e: dict, chance: Chance):
    """The Gargoyle: a dying Elder turns to stone; a Stone Statue and 5 Investigations in a Random Location."""
    where = chance.place()
    state["statues"].append(where)
    note(state, f"Monument of Fear: {e['name']} turns to stone. Its Secrets are discarded unseen; a Stone Statue "
                f"and 5 Investigations go to {where}.")
    e["secrets"] = 0
    e["status"] = "stone"
    villain_kill(state, "a Town Elder died", chance)


def change_tokens(state, e: dict, a):
    if a["permission"]:
        if e["status"] != "alive":
            raise RuleError("Only a living Elder holds Permission Tokens.")
        if e["permission"] + a["permission"] < 0:
            raise RuleError(f"{e['name']} has no Permission Token to take off.")
        e["permission"] += a["permission"]
        note(state, f"{e['name']}: {e['permission']} Permission Token(s).")
    if a["secrets"]:
        e["secrets"] = max(0, e["secrets"] + a["secrets"])
        if more_secrets(state) and e["secrets"] >= 3:
            remind(state, f"More Secrets: {e['name']} holds {e['secrets']} Secrets: reveal them now; any reward goes to the First Player.")


# ------------------------------------------------------------------ moves

def elder(state, a, seat):
    """`elder`: an Elder dies (a token may save it), turns Evil, comes back; its tokens and Secrets."""
    e = known_elder(state, a["name"])
    if not a["status"] and not a["permission"] and not a["secrets"] and a["honor"] is None and a["spirit"] is None:
        raise RuleError("Nothing to change.")
    change_skills(state, e, a)
    if a["status"] and change_status(state, e, a, Chance(state, a)):
        return
    change_tokens(state, e, a)


def change_skills(state, e: dict, a):
    """An Elder's Honor and Spirit, typed in from its card once (the rulebook does not print them)."""
    for skill in ("honor", "spirit"):
        if a[skill] is not None and a[skill] != e.get(skill):
            e[skill] = a[skill]
            note(state, f"{e['name']}: {skill.capitalize()} {a[skill]} (from its card).")


def gain_secret(state, e: dict, reveal_at_three: bool = False):
    """One more Secret; 3 or more are revealed (More Secrets, or a result that says so)."""
    e["secrets"] += 1
    if e["secrets"] >= 3 and (reveal_at_three or more_secrets(state)):
        remind(state, f"{e['name']} holds {e['secrets']} Secrets: reveal them now; any reward goes to the First Player.")


def lies_and_deception(state, roll: int) -> list[str]:
    """Every living Elder whose Honor is at most the roll gains a Secret (3 or more: revealed)."""
    lines, unknown = [], []
    for e in state["elders"]:
        if e["status"] != "alive":
            continue
        if e.get("honor") is None:
            unknown.append(e["name"])
        elif e["honor"] <= roll:
            gain_secret(state, e, reveal_at_three=True)
            lines.append(f"{e['name']} (Honor {e['honor']}) gains a Secret: {e['secrets']} now.")
    if unknown:
        remind(state, f"Lies and Deception (D6 {roll}): enter the Honor of {', '.join(unknown)} under Town Elders, "
                      "or give a Secret by hand to each whose Honor is at most the roll.")
    return [f"Lies and Deception: the D6 shows {roll}."] + (lines or ["No Elder of known Honor is at or under it."])


SPIRIT_CHECK = 4  # Corruption and Madness: a Spirit check of 4+


def corruption_and_madness(state, chance: Chance) -> list[str]:
    """Every living Elder rolls its Spirit in dice: a 4+ earns a Permission Token; none, and a D6
    says: 1-2 dead (nothing prevents it), 3-4 Evil, 5-6 a Secret."""
    lines, unknown = [], []
    for e in list(state["elders"]):
        if e["status"] != "alive":
            continue
        if e.get("spirit") is None:
            unknown.append(e["name"])
            continue
        faces = [chance.d6() for _ in range(e["spirit"])]
        rolled = " ".join(map(str, faces)) or "no dice"
        if any(f >= SPIRIT_CHECK for f in faces):
            e["permission"] += 1
            lines.append(f"{e['name']} (Spirit {e['spirit']}: {rolled}) passes and gains a Permission Token.")
            continue
        fate = chance.d6()
        if fate <= 2:
            lines.append(f"{e['name']} (Spirit {e['spirit']}: {rolled}) fails; D6 {fate}: goes mad and dies.")
            change_status(state, e, {"status": "dead", "unpreventable": True, "spend_token": None}, chance)
        elif fate <= 4:
            lines.append(f"{e['name']} (Spirit {e['spirit']}: {rolled}) fails; D6 {fate}: turns Evil.")
            change_status(state, e, {"status": "evil", "unpreventable": False, "spend_token": None}, chance)
        else:
            gain_secret(state, e)
            lines.append(f"{e['name']} (Spirit {e['spirit']}: {rolled}) fails; D6 {fate}: gains a Secret.")
    for line in lines:
        note(state, "Corruption and Madness: " + line)
    if unknown:
        remind(state, f"Corruption and Madness: enter the Spirit of {', '.join(unknown)} under Town Elders, "
                      "or roll their checks at the table.")
    return lines


# ------------------------------------------------------------------ what a seat sees

VERBS = {"evil": "Turns Evil", "alive": "Back to life"}


def status_label(e: dict) -> str:
    if e["status"] == "stone":
        return "turned to stone"
    if e["status"] == "dead":
        return "dead (was Evil)" if e.get("was_evil") else "dead"
    return e["status"]


def elder_view(e: dict) -> dict:
    """An Elder with its labels and the changes it may take now (the page offers exactly these)."""
    may = [st for st in ELDER_STATUSES if why_not_status(e, st) is None]
    alive = e["status"] == "alive"
    return {**e, "may_become": may, "status_label": status_label(e), "out": e["status"] in ("dead", "stone"),
            "changeable": e["status"] != "stone", "may_die": "dead" in may,
            "asks_token": "dead" in may and alive and e["permission"] > 0,
            "may_die_unpreventable": "dead" in may and alive,
            "turns": [{"status": st, "label": VERBS[st]} for st in may if st != "dead"],
            "may_add_token": alive, "may_drop_token": alive and e["permission"] > 0,
            "secrets_label": f"{e['secrets']} Secret" + ("" if e["secrets"] == 1 else "s"),
            "skills_label": skills_label(e), "skills_entered": e.get("honor") is not None or e.get("spirit") is not None}


def skills_label(e: dict) -> str:
    """The Elder's Honor and Spirit as the table entered them from its card."""
    known = [f"{k.capitalize()} {e[k]}" for k in ("honor", "spirit") if e.get(k) is not None]
    return (" · ".join(known) + " (entered by the table)") if known else "Honor and Spirit not entered"
