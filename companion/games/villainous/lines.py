"""The table's log: the state keeps what happened (a kind of line and its facts: names, numbers, the
box's ids); the sentence is made when a view reads it, in the table's language (`lines`)."""

from ...core import i18n
from ...core.i18n import _, ngettext, pgettext
from .data import VILLAINS, objective_of, place, villain_name


def mark_label(villain: str, key: str, locations: list[str]) -> str:
    """The words of one mark of a Villain's tracker ("a Curse at The Forest")."""
    spec = VILLAINS[villain]["tracker"]
    if key.startswith("loc"):
        return _(spec["per_location"]).format(location=place(locations[int(key[3:])]))
    return _(spec["marks"][int(key[1:])])


def symbols_words(symbols: dict | None) -> str:
    from .symbols import describe_symbols
    return describe_symbols(symbols) or pgettext("villainous", "no action")


# Each kind of line, as a sentence from its facts (a: the facts the move stored).
LINES = {
    "first": lambda a: _("{name} goes first. Everyone reads their objective aloud.", name=a["name"]),
    "takes": lambda a: ngettext("{name} takes {n} Power (now {total}).", "{name} takes {n} Power (now {total}).",
                                a["n"], name=a["name"], total=a["total"]),
    "pays": lambda a: ngettext("{name} pays {n} Power (now {total}).", "{name} pays {n} Power (now {total}).",
                               a["n"], name=a["name"], total=a["total"]),
    "gains": lambda a: ngettext("{name} gains {n} Power at {where} (now {total}).",
                                "{name} gains {n} Power at {where} (now {total}).",
                                a["n"], name=a["name"], where=place(a["where"]), total=a["total"]),
    "fates": lambda a: _("{by} Fates {target}.", by=a["by"], target=a["target"]),
    "fates_token": lambda a: _("{by} Fates {target} and hands over the Fate token.", by=a["by"], target=a["target"]),
    "checked": lambda a: _("{name}'s objective matches the board: {objective}", name=a["name"],
                           objective=objective_of(a["villain"])),
    "power_win": lambda a: ngettext("{name} begins the turn with {n} Power: {villain} wins.",
                                    "{name} begins the turn with {n} Power: {villain} wins.",
                                    a["n"], name=a["name"], villain=villain_name(a["villain"])),
    "claims": lambda a: _("{name} claims the objective: {objective}", name=a["name"],
                          objective=objective_of(a["villain"])),
    "confirms": lambda a: _("{by} confirms: {name} wins.", by=a["by"], name=a["name"]),
    "rejects": lambda a: _("{by} does not accept {name}'s claim.", by=a["by"], name=a["name"]),
    "mark_on": lambda a: _("{name}: {mark}: yes.", name=a["name"],
                           mark=mark_label(a["villain"], a["mark"], a["locations"])),
    "mark_off": lambda a: _("{name}: {mark}: no longer.", name=a["name"],
                            mark=mark_label(a["villain"], a["mark"], a["locations"])),
    "board": lambda a: _("{name}'s board: {where} shows {shown}.", name=a["name"], where=place(a["where"]),
                         shown=symbols_words(a["symbols"])),
    "stays": lambda a: _("{name} stays at {where}: every other location is locked.", name=a["name"],
                         where=place(a["where"])),
    "moves": lambda a: _("{name} moves to {where}.", name=a["name"], where=place(a["where"])),
    "locked": lambda a: _("{where} is now locked.", where=place(a["where"])),
    "unlocked": lambda a: _("{where} is now unlocked.", where=place(a["where"])),
    "next": lambda a: _("{name} draws back to four. Now it is {next}'s turn.", name=a["name"], next=a["next"]),
    "realm": lambda a: _("{name}'s realm: {places}.", name=a["name"], places=", ".join(a["places"])),
}


def text(entry: dict) -> str:
    if "line" not in entry:
        return entry["text"]  # a line written before the log kept facts
    return LINES[entry["line"]](entry["args"])


def lines(log: list) -> list[dict]:
    """The log's lines as the page reads them, in the table's language."""
    with i18n.for_table():
        return [{"text": text(e), "turn": e.get("turn"), "by": e.get("by")} for e in log]
