"""The log and Undo: how an action reads on the Undo button, what an action showed the whole
table (then only the narrator takes it back), and what of the log a seat may see (the night's
choices and the deal stay hidden; a ballot or a thumb shows only that it was cast, until the
count)."""

from .. import kernel

SECRET_IN_LOG = ("deal", "spy", "lock_away", "mischief_target", "mischief_members", "hades", "mirror", "script",
                 "ballot", "thumb")


def describe(a: dict) -> str | None:
    """How an action reads on the Undo button (the narrator's, or a player's own ballot)."""
    t = a.get("target") or a.get("player") or a.get("accused")
    return {
        "setup": "the players and characters", "deal": "the deal", "mischief_members": "Team Mischief's members",
        "spy": f"Diablo looks at {t}", "lock_away": f"Mother Gothel locks away {t}",
        "mischief_target": f"Team Mischief chooses {t}", "hades": "Hades saves" if a.get("save") else "Hades waits",
        "mirror": f"the mirror unmasks {t}" if t else "the Queen keeps her mirror",
        "crown_successor": f"the Crown passes to {t}", "prisoner": f"Hook takes {t}",
        "off_with_their_head": f"the thumbs vote on {t}", "vote": "the votes tapped in",
        "ballot": "a secret vote" + (f" for {a['voter']}" if a.get("voter") else ""),  # secret until the count
        "crown_decides": f"the Crown picks {t}", **{f"timer_{c}": f"the timer ({c})" for c in ("start", "pause", "resume", "add", "stop")},
        "script": "the rewritten lines", "options": "the readings",
        "accuse": f"the Queen of Hearts accuses {t}",
        "thumb": "a thumb" + (f" for {a['voter']}" if a.get("voter") else ""),  # secret until the count
        "beat": "the narrator's tap", **{f"correct_{w}": f"the correction ({w}{' ' + t if t else ''})"
           for w in ("fallen", "back", "claw_add", "claw_remove", "crown", "prisoner")},
    }.get(a["type"])


def reveals(before: dict, after: dict, action: dict) -> str | None:
    """What an action showed the whole table: then only the narrator can take it back."""
    if after["winner"] and not before["winner"]:
        return "the end of the game"
    if after.get("last_vote") != before.get("last_vote"):
        return "the vote"
    if before["phase"] == "night" and after["phase"] == "day":
        return "the dawn"
    heard = [r for r in after["recap"] if not r.get("secret")]
    if len(heard) > len([r for r in before["recap"] if not r.get("secret")]):
        return "a result the table has heard"
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
