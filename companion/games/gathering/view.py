"""What each seat sees. Secrecy is the game: a seat learns a player's team only where it may
know it (the narrator all of them, a player its own, Team Mischief each other's, everyone a
revealed or fallen player's), and every player's page has the same shape whatever its team.
Every value a page shows is computed here, the same for every player whatever their team."""

from ...core import i18n
from ...core.i18n import N_, _, ngettext, pgettext
from ...core.names import norm
from ...core.regions import OLDER, renew
from ...core.table import DISPLAY, HOST, PLAYER
from .cards import cards_view
from .choices import CHOOSES, targets
from .corrections import correction_choices
from .data import CHARS, DATA, MAYHEM, MISCHIEF, SHEET_ORDER, SPENT_BY, STEP_NAMES, mischief_count, team_name
from .day import thumb_voters, timer_choices
from .items import narrator_news, narrator_now, player_now, player_prompt, table_news
from .narration import BUTTONS, READINGS, SILENT, beat_at, lines
from .players import find, holder, living
from .setup import setup_form, warnings
from .words import char_name, render, text

ANSWER_HOLD = 3  # seconds every answer of Hades or the Queen waits after her or his question, real or decoy alike


def knows(state, viewer: dict | None, p: dict, seat) -> bool:
    """Whether this seat may know p's alignment."""
    if seat.trusted == HOST or p["revealed"] or state["phase"] == "over":
        return True
    if viewer is None:
        return False
    return viewer is p or (viewer["alignment"] == MISCHIEF and p["alignment"] == MISCHIEF)


def claws_label(n: int) -> str | None:
    return ngettext("{n} claw mark", "{n} claw marks", n) if n else None


PHASE_NAMES = {"night": N_("Night"), "day": N_("Day"), "over": N_("End")}
WHEN = {"night": N_("Night {n}"), "day": N_("Day {n}"), "over": N_("End {n}")}
THUMB_BUTTONS = {"save": N_("Thumb up: spare"), "defeat": N_("Thumb down: defeat")}  # a player's own thumb
THUMB_TAPS = {"save": N_("Spare"), "defeat": N_("Defeat")}  # the narrator's tap for a player's thumb
THUMB_CAST = {"save": N_("up, spare"), "defeat": N_("down, defeat")}


def thumb_named(choice: str, long: bool) -> str:
    """A thumb as the lists of votes name it: "thumb up" on the result, "up" in the history."""
    if long:
        return _("thumb up") if choice == "save" else _("thumb down")
    return pgettext("a thumb in the list of votes", "up") if choice == "save" else \
        pgettext("a thumb in the list of votes", "down")


def when(entry: dict) -> str:
    """When a recap entry or a correction happened, as the lists say it ("Night 2", "Setup")."""
    if entry["round"] and entry["phase"] in WHEN:
        return _(WHEN[entry["phase"]], n=entry["round"])
    if entry["round"]:
        return _("Setup {n}", n=entry["round"])
    return _(PHASE_NAMES.get(entry["phase"], N_("Setup")))


def in_table_language(x):
    """A recipe (words.py) written out in the table's language: what the whole table hears or reads."""
    with i18n.for_table():
        return render(x)


def outcome(vote: dict) -> str:
    """What a vote decided, its lines one after the other, in the reader's language (the table's
    on the display; the narrator's voice reads them from its own group, in the table's)."""
    said = vote.get("outcome") or []
    if isinstance(said, str):
        return said
    return " ".join(text(x) for x in said)


# The language tag a spoken line is given (the utterance's `lang`): the table's language.
SPEECH_LANGS = {"en": "en", "fr": "fr-FR"}


def said(state) -> dict:
    """What the narrator's phone reads aloud now (its group's parts), in the table's language."""
    say = state.get("say") or SILENT
    with i18n.for_table():
        return {"n": say["n"], "parts": [{**part, "lines": [text(x) for x in part["lines"]]} for part in say["parts"]]}


def silence_note(state) -> str:
    """What the narrator's screen says during the silence: at night the next character wakes after
    it; after the last step the dawn comes instead, and no character is next."""
    if state["phase"] == "night":
        return _("Silence: the next character wakes in a moment.")
    return _("Silence: the dawn comes in a moment.")


def vote_shown(vote: dict, long: bool) -> dict:
    """A counted vote as every screen shows it: each voter's choice in words (a thumb as
    `thumb_named` says it, a name as itself) and each count's breakdown in votes and Claw marks."""
    shown = dict(vote)
    shown["outcome"] = outcome(vote)
    shown["choices"] = [{"voter": voter, "choice": thumb_named(c, long) if c in ("save", "defeat") else c}
                        for voter, c in vote["votes"].items()]
    if vote.get("counts"):
        shown["counts"] = [{**c, "detail": _("({votes} + {claws})",
                                             votes=ngettext("{n} vote", "{n} votes", c["votes"]),
                                             claws=ngettext("{n} Claw mark", "{n} Claw marks", c["claws"]))
                            if c["claws"] else None}
                           for c in vote["counts"]]
    return shown


def public(state, p: dict) -> dict:
    """A player as the table sees them, the narrator too: a team only once it is open to all (the
    narrator's list of the teams stays behind its own hold, so the phone can be handed over)."""
    open_card = p["revealed"] or not p["alive"] or state["phase"] == "over"
    return {"name": p["name"], "alive": p["alive"], "claw_marks": p["claw_marks"],
            "claws_label": claws_label(p["claw_marks"]),
            "character_name": char_name(p["character"]) if p["character"] else None,
            "team": team_name(p["alignment"]) if open_card and p["alignment"] else None,
            "team_id": p["alignment"] if open_card and p["alignment"] else None,  # its colour, whatever the language
            "crown": p["name"] == state["crown"], "prisoner": p["name"] == state["prisoner"]}


def player_row(state, viewer, p: dict, seat, known: bool | None = None) -> dict:
    """A player's row as this seat sees it (`known`: whether it may know the team, else asked of knows)."""
    row = {"name": p["name"], "alive": p["alive"], "claw_marks": p["claw_marks"], "revealed": p["revealed"],
           "character": p["character"],
           "character_name": char_name(p["character"]) if p["character"] else None}
    if known is None:
        known = bool(p["alignment"]) and knows(state, viewer, p, seat)
    if p["alignment"] and known:
        row["alignment"] = p["alignment"]
    return row


def rows(state) -> tuple[list[dict], list[dict]]:
    """Every player's row twice, made once per state for every seat: without a team (for a seat
    that may not know it), and with it (for a seat that may: see knows)."""
    bare = [player_row(state, None, p, None, known=False) for p in state["players"]]
    return bare, [{**row, "alignment": p["alignment"]} if p["alignment"] else row
                  for row, p in zip(bare, state["players"], strict=True)]


def phase_heading(state) -> str | None:
    """The heading of the table's page between the day's result and nightfall."""
    if state["phase"] != "night":
        return None
    return _("Day {n} ends", n=state["round"] - 1) if state["round"] > 1 else _("Night 1 is coming")


def history_open(state, host: bool) -> bool:
    """Every day's vote is listed for the narrator, at the end, and once there are two of them
    (the last one is on every screen already)."""
    history = state.get("votes", [])
    return bool(history) and (host or state["phase"] == "over" or len(history) > 1)


def view(state: dict, seat) -> dict:
    if seat.trusted == DISPLAY:  # the table's own screen: every sentence in the table's language
        with i18n.for_table():
            return seat_view(state, seat)
    return seat_view(state, seat)


SHARED_MAX = 256  # states whose shared parts are kept in a round (tables' latest versions, per language)
_SHARED: dict = {}  # (id(state), languages) -> (state, {part: value})


def shared(state, part: str, make):
    """A part of the view that is the same for every seat it is given to, made once per state
    and language (not once per seat) and given as the very same object: the page's regions that
    read it are then hashed and rendered once for the table (core.regions). Only parts that
    depend on nothing but the state (and the languages) may be made here."""
    key = (id(state), i18n.reading())
    kept = _SHARED.get(key)
    if kept is None or kept[0] is not state:
        older = _SHARED.get(OLDER)  # the round before (a full store starts a new round, never empties)
        kept = older.get(key) if older is not None else None
        if kept is None or kept[0] is not state:
            renew(_SHARED, SHARED_MAX)
            kept = (state, {})  # the state held: its id is never reused meanwhile
        _SHARED[key] = kept
    parts = kept[1]
    got = parts.get(part)
    if got is None:
        got = parts[part] = make()
    return got


def player_of(state, seat) -> dict | None:
    """kernel.player_of, with the players looked up once per state for every seat: by the seat
    recorded at setup, else by the name as compared (the first player of each, as there)."""
    if seat.trusted != PLAYER:
        return None
    by_seat, by_name = shared(state, "players by seat", lambda: _players_by(state["players"]))
    found = by_seat.get(seat.id)
    return found if found is not None else by_name.get(norm(seat.name))


def _players_by(players: list[dict]) -> tuple[dict, dict]:
    by_seat: dict = {}
    by_name: dict = {}
    for p in players:
        if p.get("seat") is not None:
            by_seat.setdefault(p["seat"], p)
        by_name.setdefault(norm(p["name"]), p)
    return by_seat, by_name


def seat_view(state: dict, seat) -> dict:
    host = seat.trusted == HOST
    viewer = player_of(state, seat)
    bare, known = shared(state, "rows", lambda: rows(state))
    players = [known[i] if p["alignment"] and knows(state, viewer, p, seat) else bare[i]
               for i, p in enumerate(state["players"])]
    day = state["day"] or {}
    over = state["phase"] == "over"
    out = {"phase": state["phase"], "round": state["round"], "step": state["step"], "players": players,
           "crown": state["crown"], "prisoner": state["prisoner"], "winner": state["winner"],
           "warnings": shared(state, "warnings", lambda: warnings(state["characters"], len(state["players"]),
                                                                 state["options"]))
           if state["characters"] else [],
           "timer": state["timer"],
           "readings": shared(state, "readings", lambda: [{"key": k, "value": state["options"].get(k, d), "text": _(t)}
                                                          for k, (d, t) in READINGS.items()]),
           "you": players[state["players"].index(viewer)] if viewer else None,
           "announce": shared(state, "announce", lambda: render(state["announce"]))  # the phone's language
           if state["phase"] != "night" and not host else [],
           "dusk": bool(state["phase"] == "night" and state["night"] and state["night"].get("at", [0])[0] < 0),
           "dusk_heading": phase_heading(state),
           "winner_team": team_name(state["winner"]) if state["winner"] else None,
           "successor_for": state["successor_for"],
           "table": shared(state, "table", lambda: [public(state, p) for p in state["players"]])
           if state["step"] != "setup" else [],
           "ballots_in": len(day.get("ballots", {})), "standing": len(living(state)),
           "voting": called(state), "playing": state["phase"] in ("night", "day") or state["step"] == "deal",
           "thumbs_open": thumbs_open(state), "history": shared(state, "history", lambda: [vote_shown(h, False) for h in state.get("votes", [])]),
           "history_open": history_open(state, host),
           "thumbs_banner": None if host else thumbs_open(state),  # the narrator has the tap-in instead
           "recap_open": host or state["phase"] == "over"}
    out["no_card"] = no_card(state) if seat.trusted == PLAYER and not viewer else None
    if viewer:
        out["card"] = own_card(state, viewer)
        out["ballot"] = own_ballot(state, viewer, day)
        if viewer["name"] in day.get("ballots", {}):
            out["my_ballot"] = day["ballots"][viewer["name"]]
    if state.get("last_vote"):
        out["last_vote"] = shared(state, "last_vote", lambda: vote_shown(
            {k: v for k, v in state["last_vote"].items() if k != "outcome_lines"}, True))
        out["last_votes"] = state["last_vote"]["votes"]
    if day.get("tie"):
        out["tie"] = day["tie"]
    whole = host or over  # the narrator and the end see the secret entries too

    def recap():
        with i18n.for_table():  # the shared log, in the table's language
            return [{**r, "text": text(r["text"]), "when": when(r)}
                    for r in state["recap"] if whole or not r.get("secret")]

    out["recap"] = shared(state, "recap whole" if whole else "recap open", recap)
    if host:
        out.update(host_view(state))
    out["now"], out["news"] = items(state, viewer, seat, out)
    return out


def items(state, viewer: dict | None, seat, out: dict) -> tuple[list, list]:
    """This seat's `now` and `news` (see items.py): the narrator's beat, a player's own vote,
    the table's news; a seat at the table that plays no part is told so."""
    if seat.trusted == HOST:
        return narrator_now(state), narrator_news(state, out)
    news = shared(state, "table news", lambda: table_news(state))  # the same on every phone
    if viewer is not None:
        prompt = player_prompt(state, viewer)
        return player_now(state, viewer), prompt + news if prompt else news
    if seat.trusted == PLAYER:
        return player_now(state, None), news
    return [], []  # the display shows the same news in its own layout, above its fold


def no_card(state) -> str:
    """What a phone without a card reads where its card goes: before the players are seated it is
    still to come; after, this seat is not among the players."""
    if state["step"] == "setup":
        return _("Your card will show here: the narrator seats the players, then deals the cards.")
    return _("No card for you in this game: you are at the table, not among its players.")


def own_card(state, me: dict) -> dict:
    """A player's own card and what they know of their team. Every phone shows the same rows,
    so a glance at one tells nobody which team it is on."""
    mates = [p["name"] for p in state["players"]
             if me["alignment"] == MISCHIEF and p is not me and p["alignment"] == MISCHIEF]
    if not me["alive"]:
        how = next((r["text"] for r in reversed(state["recap"]) if r["kind"] == "defeat" and r.get("player") == me["name"]),
                   None)
        status = _("You have fallen. {how}", how=text(how)) if how else _("You have fallen.")
    elif state["prisoner"] == me["name"]:
        status = _("You hold Captain Hook's Rope: if Hook falls by the vote today, you fall with him.")
    else:
        status = _("You stand.")
    if not me["character"]:
        known = _("Nothing has been dealt yet.")
    elif me["alignment"] == MISCHIEF:
        known = _("Your team-mates: {names}.", names=", ".join(mates)) if mates else _("You are Team Mischief's only member.")
    elif me["alignment"]:
        known = _("Team Mayhem does not know who is on its side.")
    else:
        known = _("Your team card was dealt by hand: look at it.")
    return {"character_name": char_name(me["character"]) if me["character"] else None,
            "team": team_name(me["alignment"]) if me["alignment"] else None,
            "mates": mates, "known": known, "alive": me["alive"], "status": status,
            "power": _(DATA["powers"][me["character"]]) if me["character"] in DATA["powers"] else None}


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
                "cast_label": _(THUMB_CAST[cast]) if cast in THUMB_CAST else None,
                "options": [{"vote": c, "label": _(THUMB_BUTTONS[c])} for c in left]}
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
             "alive": alive, "character_names": {cid: char_name(cid) for cid in CHARS},
             "step_names": {k: _(v) for k, v in STEP_NAMES.items()}, "say": said(state),
             "silence_note": silence_note(state),
             "say_lang": SPEECH_LANGS.get(i18n.table(), i18n.table()),
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
        i, _j, (key, wait, shows) = at
        extra["beat"] = {"key": key, "wait": wait, "direction": _(DATA["directions"][key]) if key in DATA["directions"] else None,
                         "button": _(BUTTONS[key]) if key in BUTTONS else None, "reveal": reveal(state, shows),
                         "lines": in_table_language(lines(state, key)) if key in DATA["script"] else []}
        extra["night"] = {"steps": [{"key": s["key"], "decoy": s["decoy"],
                                     "state": "done" if k < i else "now" if k == i else "next"}
                                    for k, s in enumerate(n["steps"])],
                          "victim": n["victim"], "lock": n["lock"], "spy": n["spy"],
                          "victim_locked": bool(n["victim"]) and n["lock"] == n["victim"]}
        extra["decoy"] = i >= 0 and n["steps"][i]["decoy"]
        extra["night_falls"] = i < 0  # the day's result is on screen: the narrator's tap brings the night
    elif state["phase"] == "day":
        key = {"vote": "vote_called" if day.get("called") else "vote_open", "thumbs": "thumbs"}.get(step)
        extra["beat"] = {"key": key, "wait": "beat" if step == "vote" and not day.get("called") else "choice",
                         "direction": _(DATA["directions"][key]) if key in DATA["directions"] else None,
                         "button": _("Call the vote") if step == "vote" and not day.get("called") else None,
                         "reveal": None, "lines": []}
    return extra


def reveal(state, shows: str | None) -> dict | None:
    """What the narrator's phone shows full screen to one character, and nothing else."""
    n = state["night"]
    if shows == "spy" and n["spy"]:
        p = find(state, n["spy"], alive=False)
        return {"to": char_name("diablo"), "label": _("{name}'s team card", name=p["name"]),
                "big": _("Team {team}", team=team_name(p["alignment"] or MAYHEM))}
    if shows == "victim" and n["victim"]:
        to = char_name("hades") if n["steps"][n["at"][0]]["key"] == "hades" else char_name("the_queen")
        return {"to": to, "label": _("Team Mischief chose"), "big": n["victim"]}
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
                          "options": [{"vote": c, "label": _(THUMB_TAPS[c])} for c in choices]}
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
            rows.append({"character": char_name(cid), "player": p["name"], "power": _(DATA["powers"][cid]),
                         "spent": bool(spent and state["used"].get(spent))})
    return rows
