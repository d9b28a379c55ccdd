"""What each seat sees. Secrecy is the game: a seat learns a player's team only where it may
know it (the narrator all of them, a player its own, Team Mischief each other's, everyone a
revealed or fallen player's), and every player's page has the same shape whatever its team.
Every value a page shows is computed here, the same for every player whatever their team."""

from ...core.table import HOST, PLAYER
from .. import kernel
from .cards import cards_view
from .choices import CHOOSES, targets
from .corrections import correction_choices
from .data import CHARS, DATA, MAYHEM, MISCHIEF, SHEET_ORDER, SPENT_BY, STEP_NAMES, mischief_count, team_name
from .day import thumb_voters, timer_choices
from .items import narrator_news, narrator_now, player_now, player_prompt, table_news
from .narration import BUTTONS, READINGS, SILENT, beat_at, lines
from .players import find, holder, living
from .setup import setup_form, warnings

ANSWER_HOLD = 3  # seconds every answer of Hades or the Queen waits after her or his question, real or decoy alike


def knows(state, viewer: dict | None, p: dict, seat) -> bool:
    """Whether this seat may know p's alignment."""
    if seat.trusted == HOST or p["revealed"] or state["phase"] == "over":
        return True
    if viewer is None:
        return False
    return viewer is p or (viewer["alignment"] == MISCHIEF and p["alignment"] == MISCHIEF)


def claws_label(n: int) -> str | None:
    return f"{n} claw mark{'s' if n > 1 else ''}" if n else None


PHASE_NAMES = {"night": "Night", "day": "Day", "over": "End"}
THUMB_NAMES = {"save": "up", "defeat": "down"}  # a thumb as the lists of votes name it
THUMB_BUTTONS = {"save": "Thumb up: spare", "defeat": "Thumb down: defeat"}  # a player's own thumb
THUMB_TAPS = {"save": "Spare", "defeat": "Defeat"}  # the narrator's tap for a player's thumb
THUMB_CAST = {"save": "up, spare", "defeat": "down, defeat"}


def when(entry: dict) -> str:
    """When a recap entry or a correction happened, as the lists say it ("Night 2", "Setup")."""
    name = PHASE_NAMES.get(entry["phase"], "Setup")
    return f"{name} {entry['round']}" if entry["round"] else name


def vote_shown(vote: dict, thumbs: str) -> dict:
    """A counted vote as every screen shows it: each voter's choice in words (a thumb as
    `thumbs` says it, a name as itself) and each count's breakdown in votes and Claw marks."""
    shown = dict(vote)
    shown["choices"] = [{"voter": voter, "choice": f"{thumbs}{THUMB_NAMES[c]}" if c in THUMB_NAMES else c}
                        for voter, c in vote["votes"].items()]
    if vote.get("counts"):
        shown["counts"] = [{**c, "detail": f"({c['votes']} vote{'s' if c['votes'] != 1 else ''} + {c['claws']} Claw "
                                          f"mark{'s' if c['claws'] != 1 else ''})" if c["claws"] else None}
                           for c in vote["counts"]]
    return shown


def public(state, p: dict) -> dict:
    """A player as the table sees them, the narrator too: a team only once it is open to all (the
    narrator's list of the teams stays behind its own hold, so the phone can be handed over)."""
    open_card = p["revealed"] or not p["alive"] or state["phase"] == "over"
    return {"name": p["name"], "alive": p["alive"], "claw_marks": p["claw_marks"],
            "claws_label": claws_label(p["claw_marks"]),
            "character_name": CHARS[p["character"]]["name"] if p["character"] else None,
            "team": team_name(p["alignment"]) if open_card and p["alignment"] else None,
            "crown": p["name"] == state["crown"], "prisoner": p["name"] == state["prisoner"]}


def player_row(state, viewer, p: dict, seat) -> dict:
    row = {"name": p["name"], "alive": p["alive"], "claw_marks": p["claw_marks"], "revealed": p["revealed"],
           "character": p["character"],
           "character_name": CHARS[p["character"]]["name"] if p["character"] else None}
    if p["alignment"] and knows(state, viewer, p, seat):
        row["alignment"] = p["alignment"]
    return row


def phase_heading(state) -> str | None:
    """The heading of the table's page between the day's result and nightfall."""
    if state["phase"] != "night":
        return None
    return f"Day {state['round'] - 1} ends" if state["round"] > 1 else "Night 1 is coming"


def history_open(state, host: bool) -> bool:
    """Every day's vote is listed for the narrator, at the end, and once there are two of them
    (the last one is on every screen already)."""
    history = state.get("votes", [])
    return bool(history) and (host or state["phase"] == "over" or len(history) > 1)


def view(state: dict, seat) -> dict:
    host = seat.trusted == HOST
    viewer = kernel.player_of(state["players"], seat)
    players = [player_row(state, viewer, p, seat) for p in state["players"]]
    day = state["day"] or {}
    out = {"phase": state["phase"], "round": state["round"], "step": state["step"], "players": players,
           "crown": state["crown"], "prisoner": state["prisoner"], "winner": state["winner"],
           "warnings": warnings(state["characters"], len(state["players"]), state["options"])
           if state["characters"] else [],
           "timer": state["timer"], "readings": [{"key": k, "value": state["options"].get(k, d), "text": t}
                                                  for k, (d, t) in READINGS.items()],
           "you": players[state["players"].index(viewer)] if viewer else None,
           "announce": state["announce"] if state["phase"] != "night" and not host else [],
           "dusk": bool(state["phase"] == "night" and state["night"] and state["night"].get("at", [0])[0] < 0),
           "dusk_heading": phase_heading(state),
           "winner_team": team_name(state["winner"]) if state["winner"] else None,
           "successor_for": state["successor_for"],
           "table": [public(state, p) for p in state["players"]] if state["step"] != "setup" else [],
           "ballots_in": len(day.get("ballots", {})), "standing": len(living(state)),
           "voting": called(state), "playing": state["phase"] in ("night", "day") or state["step"] == "deal",
           "thumbs_open": thumbs_open(state), "history": [vote_shown(h, "") for h in state.get("votes", [])],
           "history_open": history_open(state, host),
           "thumbs_banner": None if host else thumbs_open(state),  # the narrator has the tap-in instead
           "recap_open": host or state["phase"] == "over"}
    if viewer:
        out["card"] = own_card(state, viewer)
        out["ballot"] = own_ballot(state, viewer, day)
        if viewer["name"] in day.get("ballots", {}):
            out["my_ballot"] = day["ballots"][viewer["name"]]
    if state.get("last_vote"):
        out["last_vote"] = vote_shown({k: v for k, v in state["last_vote"].items() if k != "outcome_lines"}, "thumb ")
        out["last_votes"] = state["last_vote"]["votes"]
    if day.get("tie"):
        out["tie"] = day["tie"]
    recap = [{**r, "when": when(r)} for r in state["recap"] if host or state["phase"] == "over" or not r.get("secret")]
    out["recap"] = recap
    if host:
        out.update(host_view(state))
    out["now"], out["news"] = items(state, viewer, seat, out)
    return out


def items(state, viewer: dict | None, seat, out: dict) -> tuple[list, list]:
    """This seat's `now` and `news` (see items.py): the narrator's beat, a player's own vote,
    the table's news; a seat at the table that plays no part is told so."""
    if seat.trusted == HOST:
        return narrator_now(state), narrator_news(state, out)
    if viewer is not None:
        return player_now(state, viewer), player_prompt(state, viewer) + table_news(state)
    if seat.trusted == PLAYER:
        return player_now(state, None), table_news(state)
    return [], []  # the display shows the same news in its own layout, above its fold


def own_card(state, me: dict) -> dict:
    """A player's own card and what they know of their team. Every phone shows the same rows,
    so a glance at one tells nobody which team it is on."""
    mates = [p["name"] for p in state["players"]
             if me["alignment"] == MISCHIEF and p is not me and p["alignment"] == MISCHIEF]
    if not me["alive"]:
        how = next((r["text"] for r in reversed(state["recap"]) if r["kind"] == "defeat" and r.get("player") == me["name"]),
                   None)
        status = f"You have fallen. {how}" if how else "You have fallen."
    elif state["prisoner"] == me["name"]:
        status = "You hold Captain Hook's Rope: if Hook falls by the vote today, you fall with him."
    else:
        status = "You stand."
    if not me["character"]:
        known = "Nothing has been dealt yet."
    elif me["alignment"] == MISCHIEF:
        known = "Your team-mates: " + ", ".join(mates) + "." if mates else "You are Team Mischief's only member."
    elif me["alignment"]:
        known = "Team Mayhem does not know who is on its side."
    else:
        known = "Your team card was dealt by hand: look at it."
    return {"character_name": CHARS[me["character"]]["name"] if me["character"] else None,
            "team": team_name(me["alignment"]) if me["alignment"] else None,
            "mates": mates, "known": known, "alive": me["alive"], "status": status,
            "power": DATA["powers"].get(me["character"]) if me["character"] else None}


def called(state) -> bool:
    """Whether the vote is open: the narrator has given the signal (ballots are refused before)."""
    return state["step"] == "vote" and bool((state["day"] or {}).get("called"))


def own_ballot(state, me: dict, day: dict) -> dict | None:
    """A living player's secret vote while ballots are open: cast, or the names to choose from;
    in the Queen of Hearts' vote, the thumbs (the accused has none, the Queen only thumb down)."""
    if not me["alive"]:
        return None
    if state["step"] == "thumbs":
        th = day["thumbs"]
        if me["name"] == th["accused"]:
            return {"kind": "thumbs", "accused": th["accused"], "cast": None, "choices": [], "cast_label": None,
                    "options": []}
        cast = th["ballots"].get(me["name"])
        choices = ["defeat"] if me["name"] == th["queen"] else ["save", "defeat"]
        left = [c for c in choices if c != cast]
        return {"kind": "thumbs", "accused": th["accused"], "cast": cast, "choices": left,
                "cast_label": THUMB_CAST.get(cast), "options": [{"vote": c, "label": THUMB_BUTTONS[c]} for c in left]}
    if state["step"] != "vote":
        return None
    if not day.get("called"):  # the same waiting card on every phone until the narrator's signal
        return {"kind": "wait", "cast": None, "targets": []}
    cast = day.get("ballots", {}).get(me["name"])  # it may be changed until the last ballot is in
    return {"kind": "point", "cast": cast,
            "targets": [p["name"] for p in living(state) if p is not me and p["name"] != cast]}


def thumbs_open(state) -> dict | None:
    """The Queen of Hearts' vote in progress, as the whole table may see it: who, and how many are in."""
    if state["step"] != "thumbs":
        return None
    th = state["day"]["thumbs"]
    return {"accused": th["accused"], "in": len(th["ballots"]), "of": len(thumb_voters(state))}


def host_view(state) -> dict:
    """The narrator's extra: the night's steps with decoys, the beat the voice stands at (its
    lines, the stage direction, what to show full screen), whom each step may choose, and the
    ballots to tap in."""
    n = state["night"]
    day = state["day"] or {}
    alive = [p["name"] for p in living(state)]
    extra = {"characters_selected": state["characters"], "suggested": DATA["suggested"],
             "mischief_count": mischief_count(len(state["players"])) if state["players"] else None,
             "last_lock": state["last_lock"], "used": state["used"], "alignments_known": state["alignments_known"],
             "alive": alive, "character_names": {cid: c["name"] for cid, c in CHARS.items()},
             "step_names": STEP_NAMES, "say": state.get("say") or SILENT,
             "ballots_missing": [name for name in alive if name not in day.get("ballots", {})]
             if called(state) else [],
             "sheet": night_sheet(state), "corrections": correction_choices(state),
             "setup_form": setup_form(state), "timer_choices": timer_choices(), "answer_hold": ANSWER_HOLD}
    step = state["step"]
    extra["choices"] = targets(state, step) if step in CHOOSES else []
    qoh = holder(state, "queen_of_hearts")
    extra["thumbs"] = ({"queen": qoh["name"], "accused": [x for x in alive if x != qoh["name"]]}
                       if step == "vote" and not day.get("called") and qoh and qoh["alive"]
                       and not state["used"].get("off_with_their_head")
                       else None)
    extra["tap_in"] = tap_in(state)
    extra["cards"] = cards_view(state, own_card)
    extra["beat"] = None
    at = beat_at(state)
    if at:
        i, _, (key, wait, shows) = at
        extra["beat"] = {"key": key, "wait": wait, "direction": DATA["directions"].get(key),
                         "button": BUTTONS.get(key), "reveal": reveal(state, shows),
                         "lines": lines(state, key) if key in DATA["script"] else []}
        extra["night"] = {"steps": [{"key": s["key"], "decoy": s["decoy"],
                                     "state": "done" if k < i else "now" if k == i else "next"}
                                    for k, s in enumerate(n["steps"])],
                          "victim": n["victim"], "lock": n["lock"], "spy": n["spy"],
                          "victim_locked": bool(n["victim"]) and n["lock"] == n["victim"]}
        extra["decoy"] = i >= 0 and n["steps"][i]["decoy"]
        extra["night_falls"] = i < 0  # the day's result is on screen: the narrator's tap brings the night
    elif state["phase"] == "day":
        key = {"vote": "vote_open", "thumbs": "thumbs"}.get(step)
        extra["beat"] = {"key": key, "wait": "beat" if step == "vote" and not day.get("called") else "choice",
                         "direction": DATA["directions"].get(key) if key else None,
                         "button": "Call the vote" if step == "vote" and not day.get("called") else None,
                         "reveal": None, "lines": []}
    return extra


def reveal(state, shows: str | None) -> dict | None:
    """What the narrator's phone shows full screen to one character, and nothing else."""
    n = state["night"]
    if shows == "spy" and n["spy"]:
        p = find(state, n["spy"], alive=False)
        return {"to": "Diablo", "label": f"{p['name']}'s team card", "big": f"Team {team_name(p['alignment'] or MAYHEM)}"}
    if shows == "victim" and n["victim"]:
        to = "Hades" if n["steps"][n["at"][0]]["key"] == "hades" else "The Queen"
        return {"to": to, "label": "Team Mischief chose", "big": n["victim"]}
    return None


def tap_in(state) -> dict | None:
    """The narrator's ballots, one tap per voter: each living voter's row with its target chips
    (who is in already is shown, never what they chose until the count)."""
    day = state["day"] or {}
    if called(state):
        box = day.get("ballots", {})
        return {"kind": "point", "rows": [{"voter": p["name"], "in": p["name"] in box,
                                           "choices": [q["name"] for q in living(state) if q is not p]}
                                          for p in living(state)]}
    if state["step"] == "thumbs":
        th = day["thumbs"]
        return {"kind": "thumbs", "accused": th["accused"],
                "rows": [{"voter": name, "in": name in th["ballots"], "choices": choices,
                          "options": [{"vote": c, "label": THUMB_TAPS[c]} for c in choices]}
                         for name in thumb_voters(state)
                         for choices in [["defeat"] if name == th["queen"] else ["save", "defeat"]]]}
    return None


def night_sheet(state) -> list[dict]:
    """The night-order sheet: each standing character with a power, in the order they are called."""
    rows = []
    for cid in SHEET_ORDER:
        p = holder(state, cid)
        if p and p["alive"]:
            spent = SPENT_BY.get(cid)
            rows.append({"character": CHARS[cid]["name"], "player": p["name"], "power": DATA["powers"][cid],
                         "spent": bool(spent and state["used"].get(spent))})
    return rows
