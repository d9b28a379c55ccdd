"""What an undo takes back, said in words, and which results are sealed for players.

A player may take back their own last action only until it resolved something the whole table
has seen (a shared roll, a vote revealed, a dawn, the end of the game): after that only the
host can, and the host is told so. Each game says what its actions reveal (`reveals`) and how
they read (`describe`); the rest is here.
"""

from .errors import Forbidden, RuleError
from .i18n import N_, _, language_name
from .table import HOST, Table, fold, is_private, step, undone


def _before_and_after(module, table: Table, event: dict) -> tuple[dict, dict]:
    upto = Table(table.code, table.game, table.options, table.seats, table.events[: event["seq"] - 1])
    before = fold(module, upto)
    return before, step(module, before, event, table.seats)


def revealed(module, event: dict, before: dict, after: dict) -> str | None:
    """What this action showed the whole table, given the states before and after it."""
    action = event["action"]
    if action["type"] == "roll" or "_roll" in action:
        return N_("a shared roll")  # kept as written (table.seals): translated where it is shown
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


def describe(module, table: Table, event: dict, reader=None) -> str:
    """How the action reads on the reader's Undo button: the reader's own action as it is
    ("Diablo looks at Bob"), another seat's with whose it was ("+3 Power for Ann (by Ann)")."""
    seat = table.seats.get(event["seat"])
    by = seat.name if seat else _("someone")
    action = event["action"]
    if action["type"] == "roll":
        return _("{name}'s roll of {dice}", name=by, dice=action["dice"])
    if action["type"] == "memo":
        return _("{name}'s private note", name=by)
    if action["type"] == "language":
        return _("{name}'s choice of language ({language})", name=by, language=language_name(action["language"]))
    hook = module.describe
    text = hook(action)
    if text:
        if reader is not None and reader == event["seat"]:
            return text
        # TRANSLATORS: what was done, then who did it ("+3 Power for Ann (by Ann)")
        return _("{action} (by {name})", name=by, action=text)
    return _("{name}'s {action}", name=by, action=action["type"].replace("_", " "))


def taken_back(table: Table) -> set[int]:
    """The numbers of the actions undone so far (core.table.undone), kept for the table and
    brought up to date with the events added since: a version reads only its new events, not
    the whole log (which grows with every roll). Callers must not change the set."""
    shared = table.views.setdefault("shared", {})
    events = table.events
    kept = shared.get("undone")
    if kept is None or kept[0] > len(events) or (kept[0] and events[kept[0] - 1] is not kept[2]):
        kept = (0, frozenset(), None)  # another log (a table loaded again): read it whole
    n, gone, _ = kept
    if n < len(events):
        more = undone(events[n:])
        if more:
            gone = gone | more
        shared["undone"] = kept = (len(events), gone, events[-1])  # the last event read, to know the log again
    return kept[1]


def last_visible(module, table: Table, seat) -> dict | None:
    """The last live action this seat may see (another seat's private actions are invisible)."""
    gone = taken_back(table)
    dropped = (table.state or {}).get("dropped")  # dropped: its premise went
    if dropped:
        gone = gone | set(dropped)
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
        raise RuleError(_("There is nothing to take back."))
    if seat.trusted == HOST:
        return event
    if event["seat"] != seat.id:
        raise Forbidden(_("Only the host can take back another seat's action; yours is no longer the last."))
    what = reveals(module, table, event)
    if what:
        raise Forbidden(_("Your last action revealed {what} to the whole table; only the host can take it back now.",
                          what=_(what)))
    return event


def offer(module, table: Table, seat) -> dict | None:
    """What this seat's Undo button says and does (None: nothing it may take back)."""
    if not seat.approved or seat.trusted not in (HOST, "player"):
        return None
    event = last_visible(module, table, seat)
    if event is None:
        return None
    if seat.trusted != HOST and event["seat"] != seat.id:
        return None  # another seat's action: a player has nothing to take back
    label = describe(module, table, event, seat.id)
    button = _("Undo: {what}", what=label)
    if seat.trusted == HOST:
        what = reveals(module, table, event)
        confirm = None
        if what:
            confirm = _("Take back {what}? The whole table has already seen {seen}.", what=label, seen=_(what))
        elif event["seat"] != seat.id:
            confirm = _("Take back {what}?", what=label)
        return {"label": button, "confirm": confirm, "allowed": True, "why": None}
    what = reveals(module, table, event)
    if what:
        return {"label": button, "confirm": None, "allowed": False,
                "why": _("It revealed {what} to the whole table; only the host can take it back.", what=_(what))}
    return {"label": button, "confirm": None, "allowed": True, "why": None}
