"""What an undo takes back, said in words, and which results are sealed for players.

A player may take back their own last action only until it resolved something the whole table
has seen (a shared roll, a vote revealed, a dawn, the end of the game): after that only the
host can, and the host is told so. Each game says what its actions reveal (`reveals`) and how
they read (`describe`); the rest is here.
"""

from .errors import Forbidden, RuleError
from .table import HOST, Table, fold, is_private, step, undone


def _before_and_after(module, table: Table, event: dict) -> tuple[dict, dict]:
    upto = Table(table.code, table.game, table.options, table.seats, table.events[: event["seq"] - 1])
    before = fold(module, upto)
    return before, step(module, before, event, table.seats)


def revealed(module, event: dict, before: dict, after: dict) -> str | None:
    """What this action showed the whole table, given the states before and after it."""
    action = event["action"]
    if action["type"] == "roll" or "_roll" in action:
        return "a shared roll"
    hook = module.reveals
    return hook(before["game"], after["game"], action)


def remember(module, table: Table, event: dict, before: dict, after: dict):
    """At the commit, where both states are at hand: what the new action revealed."""
    table.seals[event["seq"]] = revealed(module, event, before, after)


def reveals(module, table: Table, event: dict) -> str | None:
    """What this action showed the whole table, if anything (kept from its commit; an action
    loaded from the store is folded once to find out)."""
    seq = event["seq"]
    if seq not in table.seals:
        before, after = _before_and_after(module, table, event)
        table.seals[seq] = revealed(module, event, before, after)
    return table.seals[seq]


def describe(module, table: Table, event: dict) -> str:
    seat = table.seats.get(event["seat"])
    by = seat.name if seat else "someone"
    action = event["action"]
    if action["type"] == "roll":
        return f"{by}'s roll of {action['dice']}"
    if action["type"] == "memo":
        return f"{by}'s private note"
    hook = module.describe
    text = hook(action)
    return f"{by}: {text}" if text else f"{by}'s {action['type'].replace('_', ' ')}"


def last_visible(module, table: Table, seat) -> dict | None:
    """The last live action this seat may see (another seat's private actions are invisible)."""
    cached = table.views.get("undone")  # one scan of the log per version, for every seat
    if cached is None or cached[0] != len(table.events):
        cached = table.views["undone"] = (len(table.events), undone(table.events))
    gone = cached[1] | set((table.state or {}).get("dropped", ()))  # dropped: its premise went
    for event in reversed(table.events):
        if event["kind"] != "action" or event["seq"] in gone:
            continue
        if is_private(module, event["action"]) and event["seat"] != seat.id:
            continue
        if event["action"]["type"] in module.not_undone:  # a question, not a move (an advisor's answer)
            continue
        return event
    return None


def target(module, table: Table, seat) -> dict:
    """The event an undo by this seat takes back, or a sentence saying why there is none."""
    event = last_visible(module, table, seat)
    if event is None:
        raise RuleError("There is nothing to take back.")
    if seat.trusted == HOST:
        return event
    if event["seat"] != seat.id:
        raise Forbidden("Only the host can take back another seat's action; yours is no longer the last.")
    what = reveals(module, table, event)
    if what:
        raise Forbidden(f"Your last action revealed {what} to the whole table; only the host can take it back now.")
    return event


def offer(module, table: Table, seat) -> dict | None:
    """What this seat's Undo button says and does (None: nothing it may take back)."""
    if not seat.approved or seat.trusted not in (HOST, "player"):
        return None
    event = last_visible(module, table, seat)
    if event is None:
        return None
    label = describe(module, table, event)
    if seat.trusted == HOST:
        what = reveals(module, table, event)
        confirm = None
        if event["seat"] != seat.id or what:
            confirm = f"Take back {label}?" + (f" The whole table has already seen {what}." if what else "")
        return {"label": f"Undo: {label}", "confirm": confirm, "allowed": True, "why": None}
    if event["seat"] != seat.id:
        return None
    what = reveals(module, table, event)
    if what:
        return {"label": f"Undo: {label}", "confirm": None, "allowed": False,
                "why": f"It revealed {what} to the whole table; only the host can take it back."}
    return {"label": f"Undo: {label}", "confirm": None, "allowed": True, "why": None}
