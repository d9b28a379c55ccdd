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
    if not a["status"] and not a["permission"] and not a["secrets"]:
        raise RuleError("Nothing to change.")
    if a["status"] and change_status(state, e, a, Chance(state, a)):
        return
    change_tokens(state, e, a)


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
            "secrets_label": f"{e['secrets']} Secret" + ("" if e["secrets"] == 1 else "s")}
