"""The action symbols of each location: the host enters them from the board (how much Power a Gain
Power symbol gives, how many Fate, Play a Card, ... symbols), and the turn then offers exactly those
actions, each once per symbol, the Power gain in one tap. A location whose symbols nobody entered
offers what the table's rule says (one Fate a turn) and leaves the Power to the card's buttons."""

from typing import Annotated, Literal

from pydantic import Field

from ...core.actions import Action, Name
from ...core.errors import RuleError
from ...core.i18n import N_, _, ngettext, pgettext
from .data import place
from .players import current_only, find, note
from .power import cauldron
from .turn import match_location

# Every action a board may show, in the rulebook's order, with its name on the page.
KINDS = ("power", "play", "activate", "fate", "move_item", "move_hero", "vanquish", "discard")


def label_of(kind: str) -> str:
    """An action's name on the page (the French edition's words in French)."""
    return {
        "power": lambda: pgettext("villainous action", "Gain Power"),
        "play": lambda: pgettext("villainous action", "Play a Card"),
        "activate": lambda: pgettext("villainous action", "Activate"),
        "fate": lambda: pgettext("villainous action", "Fate"),
        "move_item": lambda: pgettext("villainous action", "Move an Item or Ally"),
        "move_hero": lambda: pgettext("villainous action", "Move a Hero"),
        "vanquish": lambda: pgettext("villainous action", "Vanquish"),
        "discard": lambda: pgettext("villainous action", "Discard Cards"),
    }[kind]()
POWER_MAX = 5   # the Power one Gain Power symbol may give (the boards show 1 to 4)
SYMBOLS_MAX = 3  # symbols of one kind at one location

Count = Annotated[int, Field(ge=0, le=SYMBOLS_MAX)]


class Symbols(Action):
    """The host enters the action symbols of one location as the board shows them."""

    type: Literal["symbols"]
    player: Name
    location: str = Field(max_length=40, title=N_("The location"))
    power: int = Field(default=0, ge=0, le=POWER_MAX, title=N_("The Power a Gain Power symbol gives"))
    play: Count = Field(default=0, title=N_("Play a Card symbols"))
    activate: Count = Field(default=0, title=N_("Activate symbols"))
    fate: Count = Field(default=0, title=N_("Fate symbols"))
    move_item: Count = Field(default=0, title=N_("Move an Item or Ally symbols"))
    move_hero: Count = Field(default=0, title=N_("Move a Hero symbols"))
    vanquish: Count = Field(default=0, title=N_("Vanquish symbols"))
    discard: Count = Field(default=0, title=N_("Discard Cards symbols"))


class Gain(Action):
    """The current Villain takes the Power its location's Gain Power symbol shows, once a turn."""

    type: Literal["gain"]
    player: Name | None = None


def at(p: dict, index: int | None = None) -> dict | None:
    """The symbols entered for a location (None: nobody entered them); keys missing are unknown."""
    table = p.get("symbols") or [None] * 4
    return table[p["at"] if index is None else index]


def entered(options_realm: dict) -> list[dict | None]:
    """A realm's symbols at the start: the Fate symbols the table's options entered, if any."""
    fate = options_realm.get("fate_symbols")
    return [{"fate": n} for n in fate] if fate else [None] * 4


def gain_amount(p: dict) -> int:
    return (at(p) or {}).get("power", 0)


def why_not_gain(state, p: dict) -> str | None:
    if not state["moved"]:
        return _("{name} moves first; gaining Power is one of the actions of the new location.", name=p["name"])
    where = place(p["locations"][p["at"]])
    if not gain_amount(p):
        return _("{where} shows no Gain Power symbol.", where=where) if at(p) is not None else \
            _("Nobody has entered the symbols of {where}: use the Power buttons on {name}'s card.", where=where,
              name=p["name"])
    if state.get("used", {}).get("power"):
        return _("{name} has already gained the Power of {where} this turn.", name=p["name"], where=where)
    if gain_amount(p) > cauldron(state):
        return ngettext("The Cauldron holds only {n} Power; take what is left with the Power buttons.",
                        "The Cauldron holds only {n} Power; take what is left with the Power buttons.", cauldron(state))
    return None


def do_gain(state, a, seat):
    p = current_only(state, seat, a.get("player"))
    why = why_not_gain(state, p)
    if why:
        raise RuleError(why)
    n = gain_amount(p)
    p["power"] += n
    state.setdefault("used", {})["power"] = 1
    note(state, "gains", seat.name, name=p["name"], n=n, where=p["locations"][p["at"]], total=p["power"])


def do_symbols(state, a, seat):
    p = find(state, a["player"])
    loc = match_location(p, a["location"])
    i = p["locations"].index(loc)
    table = list(p.get("symbols") or [None] * 4)
    table[i] = {k: a.get(k, 0) for k in KINDS}
    p["symbols"] = table
    note(state, "board", seat.name, name=p["name"], where=loc, symbols=table[i])


def describe_symbols(symbols: dict | None) -> str:
    """The symbols of a location in words: "Gain 2 Power, Fate, Play a Card ×2"."""
    if not symbols:
        return ""
    out = []
    for kind in KINDS:
        n = symbols.get(kind, 0)
        if not n:
            continue
        if kind == "power":
            out.append(ngettext("Gain {n} Power", "Gain {n} Power", n))
        else:
            out.append(label_of(kind) + (f" ×{n}" if n > 1 else ""))
    return ", ".join(out)


def others_here(p: dict) -> str:
    """The actions of the Villain's location that the cards decide (everything but Power and Fate)."""
    symbols = at(p)
    if symbols is None:
        return ""
    rest = {k: v for k, v in symbols.items() if k not in ("power", "fate")}
    return describe_symbols(rest)


def form(p: dict) -> list[dict]:
    """The host's form rows: for each location, its symbols as entered (0 where unknown)."""
    rows = []
    for i, loc in enumerate(p["locations"]):
        symbols = at(p, i)
        rows.append({"index": i, "location": loc, "place": place(loc),
                     "entered": symbols is not None and len(symbols) == len(KINDS),
                     "summary": describe_symbols(symbols) if symbols is not None else pgettext("villainous", "not entered"),
                     "fields": [{"name": k, "label": label_of(k),
                                 "value": (symbols or {}).get(k, 0), "max": POWER_MAX if k == "power" else SYMBOLS_MAX}
                                for k in KINDS]})
    return rows
