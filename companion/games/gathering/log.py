"""The log and Undo: how an action reads on the Undo button, what an action showed the whole
table (then only the narrator takes it back), and what of the log a seat may see (the night's
choices and the deal stay hidden; a ballot or a thumb shows only that it was cast, until the
count)."""

from ...core.i18n import N_, _
from .. import kernel

SECRET_IN_LOG = ("deal", "spy", "lock_away", "mischief_target", "mischief_members", "hades", "mirror", "script",
                 "ballot", "thumb")


TIMER_SAID = {"start": N_("the timer (start)"), "pause": N_("the timer (pause)"), "resume": N_("the timer (resume)"),
              "add": N_("the timer (add)"), "stop": N_("the timer (stop)")}
CORRECTION_SAID = {  # (with the player, without)
    "fallen": (N_("the correction (fallen {name})"), N_("the correction (fallen)")),
    "back": (N_("the correction (back {name})"), N_("the correction (back)")),
    "claw_add": (N_("the correction (claw_add {name})"), N_("the correction (claw_add)")),
    "claw_remove": (N_("the correction (claw_remove {name})"), N_("the correction (claw_remove)")),
    "crown": (N_("the correction (crown {name})"), N_("the correction (crown)")),
    "prisoner": (N_("the correction (prisoner {name})"), N_("the correction (prisoner)")),
}


def describe(a: dict) -> str | None:
    """How an action reads on the Undo button (the narrator's, or a player's own ballot), in the
    reader's language."""
    t = a.get("target") or a.get("player") or a.get("accused")
    kind = a["type"]
    voter = a.get("voter")
    if kind.startswith("timer_") and kind[6:] in TIMER_SAID:
        return _(TIMER_SAID[kind[6:]])
    if kind.startswith("correct_") and kind[8:] in CORRECTION_SAID:
        with_name, alone = CORRECTION_SAID[kind[8:]]
        return _(with_name, name=t) if t else _(alone)
    if kind == "hades":
        return _("Hades saves") if a.get("save") else _("Hades waits")
    if kind == "mirror":
        return _("the mirror unmasks {name}", name=t) if t else _("the Queen keeps her mirror")
    if kind == "ballot":  # secret until the count
        return _("a secret vote for {name}", name=voter) if voter else _("a secret vote")
    if kind == "thumb":  # secret until the count
        return _("a thumb for {name}", name=voter) if voter else _("a thumb")
    said = {
        "setup": N_("the players and characters"), "deal": N_("the deal"),
        "mischief_members": N_("Team Mischief's members"),
        "spy": N_("Diablo looks at {name}"), "lock_away": N_("Mother Gothel locks away {name}"),
        "mischief_target": N_("Team Mischief chooses {name}"),
        "crown_successor": N_("the Crown passes to {name}"), "prisoner": N_("Hook takes {name}"),
        "off_with_their_head": N_("the thumbs vote on {name}"), "vote": N_("the votes tapped in"),
        "crown_decides": N_("the Crown picks {name}"),
        "script": N_("the rewritten lines"), "options": N_("the readings"),
        "accuse": N_("the Queen of Hearts accuses {name}"),
        "beat": N_("the narrator's tap"),
    }.get(kind)
    return _(said, name=t) if said else None


def reveals(before: dict, after: dict, action: dict) -> str | None:
    """What an action showed the whole table: then only the narrator can take it back. Kept at the
    commit (core/undo.py), so in English here: whoever shows it translates it (`_(what)`)."""
    if after["winner"] and not before["winner"]:
        return N_("the end of the game")
    if after.get("last_vote") != before.get("last_vote"):
        return N_("the vote")
    if before["phase"] == "night" and after["phase"] == "day":
        return N_("the dawn")
    heard = [r for r in after["recap"] if not r.get("secret")]
    if len(heard) > len([r for r in before["recap"] if not r.get("secret")]):
        return N_("a result the table has heard")
    return None


def log_entry(action: dict, seat) -> dict | None:
    """The log as a player or the display may see it: the narrator's night choices and the deal
    stay hidden; a ballot shows only that it was cast."""
    kind = action["type"]
    if kind in SECRET_IN_LOG:
        return {"type": kind}
    return action


def sealed(state: dict, events: list[dict], seats: dict) -> set[int]:
    """The ballots and thumbs not yet counted (their log entries show only that they were cast,
    to the narrator too): every one entered since the oldest one still in the open box."""
    day = state.get("day") or {}
    out: set[int] = set()
    for kind, box in (("ballot", day.get("ballots") or {}), ("thumb", (day.get("thumbs") or {}).get("ballots") or {})):
        out |= sealed_kind(state, events, seats, kind, {kernel.norm(v) for v in box})
    return out


def sealed_kind(state, events, seats, kind: str, box: set) -> set[int]:
    if not box:
        return set()
    gone = {e["undoes"] for e in events if e["kind"] == "undo"}
    cast = [e for e in events if e["kind"] == "action" and e["action"]["type"] == kind]
    latest = {}
    for e in cast:
        voter = e["action"].get("voter")
        if not voter and e["seat"] in seats:
            me = kernel.player_of(state["players"], seats[e["seat"]])
            voter = me["name"] if me else None
        if voter and e["seq"] not in gone and kernel.norm(voter) in box:
            latest[kernel.norm(voter)] = e["seq"]
    first = min(latest.values(), default=None)
    return {e["seq"] for e in cast if first is not None and e["seq"] >= first}
