"""What each seat sees: every Villain's card, the standings, the turn, the log, and the controls
this seat may use now (computed with the same functions the moves refuse with)."""

from ...core import i18n
from ...core.actions import NAME_MAX
from ...core.i18n import _, ngettext
from ...core.regions import Region
from ...core.table import DISPLAY, HOST, PLAYER
from .data import DATA, LOCATION_MAX, VILLAINS, objective_of, place, villain_name
from .fate import fates_left, targets, uses_token
from .lines import lines
from .objectives import objective_note, objective_unsure, prompt, tracker, warnings, why_not_claim, why_not_confirm
from .options import PLAYERS_MAX, PLAYERS_MIN, setup_rows, villain_choices
from .players import current, plays
from .power import cauldron, steps
from .prompts import headline, news_for, now_for, round_of, symbols_line
from .symbols import form
from .turn import here, locked_everywhere, moves, why_no_lock_token

LOG_KEPT = 40          # the newest lines of the log a view carries
LOG_ON_DISPLAY = 6     # the newest lines the display shows


def controls(state, seat, p: dict) -> dict | None:
    """What this seat may do for Villain p now (None: nothing)."""
    if state["winner"] or seat.trusted == DISPLAY:
        return None
    mine = plays(state, seat)
    if seat.trusted != HOST and mine is not p:
        return None
    full = why_no_lock_token(state) is not None
    out = {"power": True, "claim": why_not_claim(state, p) is None, "marks": not tracker(p)["automatic"],
           "locks": [{"name": loc, "locked": loc in p["locked"]} for loc in p["locations"]
                     if loc in p["locked"] or not full]}
    if p is current(state):
        if not state["moved"]:
            out["moves"] = moves(p)
            out["stay"] = out["moves"] == [here(p)]
        else:
            out["fates"] = targets(state, p)
            out["fates_left"] = fates_left(state, p)
            out["end_turn"] = True
    return out


def villain_card(state, seat, p: dict, i: int, mine: dict | None) -> dict:
    t = tracker(p)
    return {
        "n": i, "name": p["name"], "villain": p["villain"], "villain_name": villain_name(p["villain"]),
        "power": p["power"], "location": place(here(p)),
        "locations": [dict(loc, locked=loc["name"] in p["locked"]) for loc in symbols_line(p)],
        "places": {loc: place(loc) for loc in p["locations"]},  # each location's name in the reader's edition
        "objective": objective_of(p["villain"]), "objective_note": objective_note(p), "tracker": t,
        "names_unsure": not VILLAINS[p["villain"]]["sure"] and not p.get("confirmed"),
        "objective_unsure": objective_unsure(p),
        "symbols_form": form(p) if seat.trusted == HOST and not state["winner"] else None,
        "auto_checked": t["automatic"], "current": i == state["current"],
        "fate_token": p["name"] == state["fate_token"], "mine": p is mine,
        "controls": controls(state, seat, p), "prompt": prompt(state, p),
        "may_rename": seat.trusted == HOST}


def standing(card: dict) -> dict:
    return {"name": card["name"], "villain_name": card["villain_name"], "power": card["power"],
            "location": card["location"], "current": card["current"], "fate_token": card["fate_token"],
            "mine": card["mine"], "progress": f"{card['tracker']['done']}/{card['tracker']['of']}",
            "met": card["tracker"]["met"]}


def log_lines(log: list, seat) -> list[dict]:
    """The log as the page lists it: newest first, the display only the latest few."""
    newest_first = list(reversed(log))
    return newest_first[:LOG_ON_DISPLAY] if seat.trusted == DISPLAY else newest_first


def view(state: dict, seat) -> dict:
    if seat.trusted == DISPLAY:  # the display is the whole table's: in the table's language
        with i18n.for_table():
            return seat_view(state, seat)
    return seat_view(state, seat)


def seat_view(state: dict, seat) -> dict:
    mine = plays(state, seat)
    players = [villain_card(state, seat, p, i, mine) for i, p in enumerate(state["players"])]
    # Your own Villain's card right under the turn (the host's: the current Villain's), the others after the standings
    first = [c for c in players if c["mine"] or (seat.trusted == HOST and c["current"] and not state["winner"])]
    others = [c for c in players if c not in first]
    villains = sorted(players, key=lambda p: not p["mine"])  # every card, your own Villain's first
    log = lines(state["log"][-LOG_KEPT:])
    seated = bool(state["players"])
    return {"now": now_for(state, seat, mine), "news": news_for(state, seat, mine),
            "headline": headline(state, mine) if seated else None, "round": round_of(state) if seated else None,
            "lock_tokens": {"used": len(locked_everywhere(state)), "of": DATA["lock_tokens"],
                            "full": why_no_lock_token(state) if seated else None},
            "players": players, "standing": [standing(p) for p in players], "villains": villains, "first_card": first, "other_cards": others,
            "current": current(state)["name"] if state["players"] else None,
            "turn": state["turn"], "moved": state["moved"], "seated": bool(state["players"]),
            "fate_token": state["fate_token"], "fate_token_in_play": bool(state["players"]) and uses_token(state),
            "cauldron": cauldron(state), "winner": state["winner"], "claim": state["claim"],
            "may_confirm": bool(state["claim"]) and why_not_confirm(state, seat) is None,
            "warnings": warnings(state), "log": log, "log_lines": log_lines(log, seat),
            "log_open": seat.trusted == DISPLAY,
            "villain_choices": {c["id"]: c["name"] for c in villain_choices()},
            "setup_rows": setup_rows(), "players_min": PLAYERS_MIN, "players_max": PLAYERS_MAX, "name_max": NAME_MAX,
            "location_max": LOCATION_MAX,
            "turn_steps": [_(s) for s in DATA["turn_steps"]], "steps_after_move": [_(s) for s in DATA["turn_steps"][1:]],
            "power_steps": steps()}


def describe(a: dict) -> str | None:
    """How an action reads on the Undo button."""
    kind, who, where = a["type"], a.get("player"), a.get("location")
    where = place(where) if isinstance(where, str) and where else where
    delta = a.get("delta", 0)
    signed = format(delta, "+d")
    words = {
        "setup": lambda: _("seating the Villains"),
        "power": lambda: ngettext("{delta} Power for {name}", "{delta} Power for {name}", abs(delta),
                                  delta=signed, name=who),
        "move": lambda: _("the move to {where}", where=where), "fate": lambda: _("Fate on {name}", name=a.get("target")),
        "lock": lambda: (_("locking {where}", where=where) if a.get("locked") else _("unlocking {where}", where=where)),
        "end_turn": lambda: _("the end of the turn"), "claim": lambda: _("{name}'s claim", name=who),
        "confirm": lambda: _("the answer to the claim"),
        "gain": lambda: (_("the Power gained by {name}", name=who) if who
                         else _("the Power gained by the current Villain")),
        "symbols": lambda: _("the symbols of {where}", where=where),
        "objective": lambda: _("checking {name}'s objective", name=who),
    }.get(kind)
    return words() if words else None


def reveals(before: dict, after: dict, action: dict) -> str | None:
    # translated where it is shown (core.undo keeps it for every reader)
    return i18n.N_("the winner") if after["winner"] and not before["winner"] else None


REGIONS = (
    Region("setup", "games/villainous/setup.html",
           ("seated", "villain_choices", "setup_rows", "players_min", "players_max", "name_max", "seats",
            "seat.acts_as")),
    Region("turn", "games/villainous/turn.html", ("seated", "headline", "cauldron", "fate_token",
                                                 "fate_token_in_play", "lock_tokens", "undo", "seat.acts_as")),
    Region("first", "games/villainous/villain.html", ("power_steps", "location_max", "lock_tokens"),
           (HOST, PLAYER), each="first_card"),
    Region("standings", "games/villainous/standings.html", ("seated", "standing", "winner")),
    Region("villain", "games/villainous/villain.html", ("power_steps", "location_max", "lock_tokens"),
           (HOST, PLAYER), each="other_cards"),
    Region("log", "games/villainous/log.html", ("log_lines", "log_open")),
)
