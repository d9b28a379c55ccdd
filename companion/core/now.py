"""What a seat must do or know now: the items at the top of its page, and the table's pinned news.

A game's view may hold two lists of items, each item a plain dict:
  {"id": "fate-12",            stable while the item means the same thing (a phone hides a news
                               item by its id; a new id shows it again)
   "text": "Ana Fated you ...", one sentence in people's words
   "tone": "move" | "prompt" | "info" | "warn" | "win",
   "detail": "...",            optional, a smaller second sentence
   "actions": [{"label": "Confirm", "fields": {"type": "...", ...}, "post": "act", "cls": "", "confirm": "..."}],
   "inputs": [{"name": "json:dice", "label": "Dice", "value": 3, "kind": "number", "min": 1, "max": 9}],
   "keep": True}               optional: a pinned item this phone cannot hide (a move it must make)
`now` is this seat's next move and every prompt addressed to it, first on its page; `news` is
what concerns the whole table (a win, a warning, a stage crossed) and what a seat must answer
wherever it is scrolled: it is pinned to the top of the screen until hidden or superseded.

The table itself adds what every game shares: a phone waiting for the host's approval is told so,
and the host sees how many wait, with the Approve taps, pinned. No Flask here.
"""

from .i18n import _, ngettext
from .table import HOST, Seat, Table

MOVE, PROMPT, INFO, WARN, WIN = "move", "prompt", "info", "warn", "win"
ADMIT_HERE = 13  # "Let X in" taps in the host's pinned count: the largest box's whole table (12 and a display)


def item(id: str, text: str, tone: str = INFO, actions=(), detail: str | None = None, inputs=()) -> dict:
    out = {"id": id, "text": text, "tone": tone, "actions": list(actions)}
    if detail:
        out["detail"] = detail
    if inputs:
        out["inputs"] = list(inputs)
    return out


def act(label: str, fields: dict, cls: str = "", post: str = "act", confirm: str | None = None) -> dict:
    """A tap that answers an item: by default, an action posted to the table; with `confirm`, the
    question the phone asks before it sends it."""
    out = {"label": label, "fields": fields}
    if cls:
        out["cls"] = cls
    if confirm:
        out["confirm"] = confirm
    if post != "act":
        out["post"] = post
    return out


def listed(names) -> str:
    """Names as a sentence says them: "Ann", "Ann and Bob", "Ann, Bob and Cat" ("" for none)."""
    names = [str(n) for n in names]
    if len(names) < 2:
        return "".join(names)
    # TRANSLATORS: the last two of a list of names ("Ann, Bob and Cat")
    return _("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


def table_items(table: Table, seat: Seat, seats: list[dict]) -> tuple[list[dict], list[dict]]:
    """The items every game shares: (now, news) for this seat."""
    host = next((s["name"] for s in seats if s["role"] == HOST), None)
    if not seat.approved:
        text = (_("You are waiting for {host}, the host, to let you in.", host=host) if host
                else _("You are waiting for the host to let you in."))
        return [item("waiting", text, PROMPT,
                     detail=_("Keep this page open: it changes by itself once you are in."))], []
    if seat.trusted != HOST:
        return [], []
    waiting = [s for s in seats if not s["approved"]]
    if not waiting:
        return [], []
    # a display says so: the host lets a screen in as knowingly as a phone
    names = [_("{name} (display)", name=s["name"]) if s["role"] == "display" else s["name"] for s in waiting]
    text = ngettext("{n} phone waits to join: {names}.", "{n} phones wait to join: {names}.", len(waiting),
                    names=listed(names))
    shown = waiting[:ADMIT_HERE]
    taps = [act(_("Let {name} in", name=n), {}, post=f"seats/{s['seat']}/approve")
            for s, n in zip(shown, names, strict=False)]
    more = None if len(waiting) <= ADMIT_HERE else _("The others are under “At the table”, at the bottom.")
    return [], [item("approve-" + "-".join(str(s["seat"]) for s in waiting), text, PROMPT, taps, more)]
