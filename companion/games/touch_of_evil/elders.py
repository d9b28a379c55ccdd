"""The Town Elders: alive, dead, Evil (never back), turned to stone by the Gargoyle's Monument of
Fear; their Permission Tokens (spent to save a dying Elder, or for +2 dice in a Showdown) and Secrets."""

from ...core.errors import RuleError
from ...core.i18n import _
from .. import kernel
from .chance import Chance
from .heroes import villain_kill
from .hunt import more_secrets, note, remind
from .text import N_, SKILL_NAMES, joined, nm, tn, ungettext

ELDER_STATUSES = ("dead", "evil", "alive")


def why_not_status(e: dict, status: str) -> str | None:
    """Why Elder e cannot take this status now (None: it can)."""
    if e["status"] == "stone":
        return _("{name} was turned to stone and is out of the game.", name=tn(e["name"]))
    if status == e["status"]:
        return {"alive": _("{name} is already alive.", name=tn(e["name"])), "dead": _("{name} is already dead.", name=tn(e["name"])),
                "evil": _("{name} is already evil.", name=tn(e["name"]))}[status]
    if status == "alive" and (e["status"] == "evil" or e.get("was_evil")):
        return _("An Evil Elder cannot come back to the town.")
    if status == "evil" and e["status"] != "alive":
        return _("Only a living Elder can turn Evil.")
    return None


def known_elder(state, name: str) -> dict:
    e = kernel.lookup(state["elders"], name)
    if e is None:
        raise RuleError(_("No Town Elder is called {name}.", name=name))
    return e


def change_status(state, e: dict, a, chance: Chance) -> bool:
    """The Elder's new status; True when that ends the action (a token spent, a statue)."""
    why = why_not_status(e, a["status"])
    if why:
        raise RuleError(why)
    if a["status"] == "dead" and e["status"] == "alive" and e["permission"] > 0 and not a["unpreventable"]:
        if a["spend_token"] is False:
            raise RuleError(_("{name} holds a Permission Token, and a token is always spent when its Elder would die: "
                              "the Elder lives. Only a death nothing can prevent ignores it.", name=tn(e["name"])))
        e["permission"] -= 1
        note(state, N_("{name} would die, but a Permission Token is spent instead.", name=nm(e["name"])))
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
    now = {"alive": (N_("{name} is now alive."), N_("{name} is now alive (nothing could prevent it).")),
           "dead": (N_("{name} is now dead."), N_("{name} is now dead (nothing could prevent it).")),
           "evil": (N_("{name} is now evil."), N_("{name} is now evil (nothing could prevent it)."))}[a["status"]][bool(a["unpreventable"])]
    note(state, N_(now, name=nm(e["name"])))
    if a["status"] == "dead" and was == "alive":
        villain_kill(state, N_("a Town Elder died"), chance)
    return False


def monument_of_fear(state, e: dict, chance: Chance):
    """The Gargoyle: a dying Elder turns to stone; a Stone Statue and 5 Investigations in a Random Location."""
    where = chance.place()
    state["statues"].append(where)
    note(state, N_("Monument of Fear: {name} turns to stone. Its Secrets are discarded unseen; a Stone Statue "
                   "and 5 Investigations go to {place}.", name=nm(e["name"]), place=nm(where)))
    e["secrets"] = 0
    e["status"] = "stone"
    villain_kill(state, N_("a Town Elder died"), chance)


def change_tokens(state, e: dict, a):
    if a["permission"]:
        if e["status"] != "alive":
            raise RuleError(_("Only a living Elder holds Permission Tokens."))
        if e["permission"] + a["permission"] < 0:
            raise RuleError(_("{name} has no Permission Token to take off.", name=tn(e["name"])))
        e["permission"] += a["permission"]
        note(state, ungettext("{name}: {n} Permission Token.", "{name}: {n} Permission Tokens.", e["permission"], name=nm(e["name"])))
    if a["secrets"]:
        e["secrets"] = max(0, e["secrets"] + a["secrets"])
        if more_secrets(state) and e["secrets"] >= 3:
            remind(state, N_("More Secrets: {name} holds {n} Secrets: reveal them now; any reward goes to the First Player.",
                             name=nm(e["name"]), n=e["secrets"]))


# ------------------------------------------------------------------ moves

def elder(state, a, seat):
    """`elder`: an Elder dies (a token may save it), turns Evil, comes back; its tokens and Secrets."""
    e = known_elder(state, a["name"])
    if not a["status"] and not a["permission"] and not a["secrets"] and a["honor"] is None and a["spirit"] is None:
        raise RuleError(_("Nothing to change."))
    change_skills(state, e, a)
    if a["status"] and change_status(state, e, a, Chance(state, a)):
        return
    change_tokens(state, e, a)


def change_skills(state, e: dict, a):
    """An Elder's Honor and Spirit, typed in from its card once (the rulebook does not print them)."""
    for skill in ("honor", "spirit"):
        if a[skill] is not None and a[skill] != e.get(skill):
            e[skill] = a[skill]
            note(state, N_("{name}: {skill} {n} (from its card).", name=nm(e["name"]), skill=SKILL_NAMES[skill], n=a[skill]))


def gain_secret(state, e: dict, reveal_at_three: bool = False):
    """One more Secret; 3 or more are revealed (More Secrets, or a result that says so)."""
    e["secrets"] += 1
    if e["secrets"] >= 3 and (reveal_at_three or more_secrets(state)):
        remind(state, N_("{name} holds {n} Secrets: reveal them now; any reward goes to the First Player.", name=nm(e["name"]), n=e["secrets"]))


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
            lines.append(N_("{name} (Honor {honor}) gains a Secret: {n} now.", name=nm(e["name"]), honor=e["honor"], n=e["secrets"]))
    if unknown:
        remind(state, N_("Lies and Deception (D6 {roll}): enter the Honor of {names} under Town Elders, "
                         "or give a Secret by hand to each whose Honor is at most the roll.", roll=roll, names=joined(unknown)))
    return [N_("Lies and Deception: the D6 shows {roll}.", roll=roll)] + (lines or [N_("No Elder of known Honor is at or under it.")])


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
        faces = [chance.d6() for _attempt in range(e["spirit"])]
        rolled = " ".join(map(str, faces)) or N_("no dice")
        who = {"name": nm(e["name"]), "spirit": e["spirit"], "rolled": rolled}
        if any(f >= SPIRIT_CHECK for f in faces):
            e["permission"] += 1
            lines.append(N_("{name} (Spirit {spirit}: {rolled}) passes and gains a Permission Token.", **who))
            continue
        fate = chance.d6()
        if fate <= 2:
            lines.append(N_("{name} (Spirit {spirit}: {rolled}) fails; D6 {fate}: goes mad and dies.", **who, fate=fate))
            change_status(state, e, {"status": "dead", "unpreventable": True, "spend_token": None}, chance)
        elif fate <= 4:
            lines.append(N_("{name} (Spirit {spirit}: {rolled}) fails; D6 {fate}: turns Evil.", **who, fate=fate))
            change_status(state, e, {"status": "evil", "unpreventable": False, "spend_token": None}, chance)
        else:
            gain_secret(state, e)
            lines.append(N_("{name} (Spirit {spirit}: {rolled}) fails; D6 {fate}: gains a Secret.", **who, fate=fate))
    for line in lines:
        note(state, N_("Corruption and Madness: {line}", line=line))
    if unknown:
        remind(state, N_("Corruption and Madness: enter the Spirit of {names} under Town Elders, "
                         "or roll their checks at the table.", names=joined(unknown)))
    return lines


# ------------------------------------------------------------------ what a seat sees

VERBS = {"evil": N_("Turns Evil"), "alive": N_("Back to life")}
STATUS = {"alive": N_("alive"), "evil": N_("evil"), "dead": N_("dead"), "stone": N_("turned to stone")}


def status_label(e: dict) -> str:
    if e["status"] == "dead" and e.get("was_evil"):
        return N_("dead (was Evil)")
    return STATUS.get(e["status"], e["status"])


def elder_view(e: dict) -> dict:
    """An Elder with its labels and the changes it may take now (the page offers exactly these)."""
    may = [st for st in ELDER_STATUSES if why_not_status(e, st) is None]
    alive = e["status"] == "alive"
    return {**e, "label": nm(e["name"]), "change_label": N_("Change {name}", name=nm(e["name"])), "may_become": may, "status_label": status_label(e), "out": e["status"] in ("dead", "stone"),
            "changeable": e["status"] != "stone", "may_die": "dead" in may,
            "asks_token": "dead" in may and alive and e["permission"] > 0,
            "may_die_unpreventable": "dead" in may and alive,
            "turns": [{"status": st, "label": VERBS[st]} for st in may if st != "dead"],
            "may_add_token": alive, "may_drop_token": alive and e["permission"] > 0,
            "secrets_label": ungettext("{n} Secret", "{n} Secrets", e["secrets"]),
            "permission_label": ungettext("{n} Permission", "{n} Permission", e["permission"]),
            "skills_label": skills_label(e), "skills_entered": e.get("honor") is not None or e.get("spirit") is not None}


def skills_label(e: dict) -> str:
    """The Elder's Honor and Spirit as the table entered them from its card."""
    known = [N_("{skill} {n}", skill=SKILL_NAMES[k], n=e[k]) for k in ("honor", "spirit") if e.get(k) is not None]
    return N_("{skills} (entered by the table)", skills=joined(known, " · ")) if known else N_("Honor and Spirit not entered")
