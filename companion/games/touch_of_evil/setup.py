"""Setting the hunt up: the first state from the options, the host's set-up form (again, with a
confirmation), the table's facts the rulebook does not give (and which of them are guesses), and
the reminders a table ticks off."""

from ...core.errors import RuleError
from ...core.i18n import N_ as mark
from ...core.i18n import _
from .data import DATA, VILLAINS, hero_data
from .heroes import new_hero
from .hunt import coop_track, locations, note, roads
from .options import TouchOfEvilOptions, Track, clean_names
from .tables import base_entries
from .text import N_, nm, said_in_any_language, tn

DANGEROUS = mark("Put 2 Investigations on each new Dangerous Location (Swamp, North Pier, South Pier).")


def setup(options: dict) -> dict:
    villain = VILLAINS[options["villain"]]
    state = {"options": options, "configured": bool(options.get("heroes")), "shadow": 0, "shadow_log": [],
             "terrain": {}, "minions": [], "next_minion": 1, "statues": [],
             "watchman": {"status": "none", "location": None}, "wounds": 0, "plus_wounds": 0, "wound_log": [],
             "elders": [{"name": n, "status": "alive", "permission": 0, "secrets": 0, "was_evil": False, "honor": None, "spirit": None}
                        for n in (options.get("elders") or DATA["elders"])],
             "heroes": [new_hero(n) for n in options.get("heroes", [])],
             "mystery": None, "first": 0, "round": 1, "last": None, "prompts": [], "knockouts": 0, "log": [],
             "lost": None, "won": None, "showdown": None, "last_showdown": None, "sheet": {"health": None, "fight": None},
             "last_card": None}
    coop = coop_track(state)
    state["track"] = options.get("track") or {k: v for k, v in DATA["track"]["cooperative" if coop else "competitive"].items()
                                               if k != "sure"}
    for loc, kind in (villain.get("setup_terrain") or {}).items():
        if loc in locations(options):
            state["terrain"][loc] = kind
    reminders = [nm(x) for x in villain.get("setup", [])]
    if options.get("mirror_lake", True) and DANGEROUS not in reminders:
        reminders.append(nm(DANGEROUS))
    for hero in options.get("heroes", []):
        h = hero_data(hero)
        if h and h.get("start"):
            reminders.append(N_("{name} starts at the {place}.", name=nm(h["name"]), place=nm(h["start"])))
    state["prompts"] = reminders
    return state


def lines(text: str | None, back: dict | None = None) -> list[str] | None:
    """One a line; a line that is a name of the box as some language writes it is that name."""
    back = back or {}
    return None if text is None else [back.get(x.strip(), x.strip()) for x in text.replace("\r", "").split("\n") if x.strip()]


def form_names(state) -> list[str]:
    """Every name the facts form may show translated: the board's, the Elders', the base table's."""
    opts = state["options"]
    return [*locations(opts), *DATA["locations"]["shadowbrook"], *DATA["locations"]["mirror_lake"],
            *[e["name"] for e in state["elders"]], *DATA["elders"], *base_entries(state), *DATA["base_coop_table"]["entries"]]


def facts_from_form(state, a) -> dict:
    """The host's form sends every field; only what differs from now is a change (a name shown in
    the phone's language counts as the name it stands for)."""
    a = dict(a)
    back = said_in_any_language(form_names(state))
    elders_now = [e["name"] for e in state["elders"]]
    for key, text, now in (("locations", "locations_text", locations(state["options"])), ("roads", "roads_text", roads(state["options"])),
                           ("elders", "elders_text", elders_now), ("base_coop_table", "base_text", base_entries(state))):
        got = lines(a.get(text), back)
        if got is not None and a.get(key) is None and got != now:
            a[key] = got
    if a.get("track") is None and (a.get("track_length") is not None or a.get("track_stages") is not None or a.get("track_red") is not None):
        now = state["track"]
        written = (a.get("track_stages") or "").replace(",", " ").split()
        if not all(x.isascii() and x.isdigit() for x in written):
            raise RuleError(_("The stages are written as the steps where each begins, like 0 4 8 12."))
        try:
            stages = [int(x) for x in written] if a.get("track_stages") is not None else now["stages"]
            track = Track(length=a["track_length"] if a.get("track_length") is not None else now["length"], stages=stages,
                          red_from=a["track_red"] if a.get("track_red") is not None else now["red_from"]).model_dump()
        except ValueError as err:
            problem = err.errors()[0]["msg"] if hasattr(err, "errors") else str(err)
            msg = problem.removeprefix("Value error, ")
            raise RuleError(_("The track does not fit: {problem}.", problem=msg)) from None
        if track != {k: now[k] for k in ("length", "stages", "red_from")}:
            a["track"] = track
    return a



def configure(state, a, seat):
    """`configure`: the villain, the mode and the options, before the hunt begins (again: confirm)."""
    if state["configured"] and not a["confirm"]:
        raise RuleError(_("The hunt is set up already: tick the box to set it up again (what you set is kept in the form)."))
    new = setup(a["options"])
    new["configured"] = True
    return new


def facts(state, a, seat):
    """`facts`: the host changes what the rulebook does not give (track, board, Elders, the base table)."""
    a = facts_from_form(state, a)
    opts = state["options"]
    if a["locations"] is not None:
        try:
            locs = clean_names(a["locations"], "locations", 3, 40)
        except ValueError as err:
            raise RuleError(str(err).capitalize() + ".") from None
        used = set(state["terrain"]) | {m["location"] for m in state["minions"]} | {h["location"] for h in state["heroes"] if h["location"]}
        if state["watchman"]["location"]:
            used.add(state["watchman"]["location"])
        missing = sorted(u for u in used if u not in locs)
        if missing:
            raise RuleError(_("Something stands at {places}: keep those spaces in the list.", places=", ".join(tn(x) for x in missing)))
        opts["locations"] = locs
    if a["roads"] is not None:
        rds = [r.strip() for r in a["roads"] if r.strip()]
        bad = [r for r in rds if r not in locations(opts)]
        if bad:
            raise RuleError(_("{place} is not a space on this board.", place=", ".join(bad)))
        if len(rds) >= len(locations(opts)):
            raise RuleError(_("At least one space must be a location a Lair card can name."))
        opts["roads"] = rds
    if a["elders"] is not None:
        try:
            names = clean_names(a["elders"], "Town Elders", len(state["elders"]), len(state["elders"]))
        except ValueError as err:
            raise RuleError(_("Give the {n} Town Elders' names, each different, in the same order.", n=len(state["elders"]))) from err
        for e, n in zip(state["elders"], names, strict=True):
            e["name"] = n
        opts["elders"] = names
    if a["track"] is not None:
        if state["shadow"] > a["track"]["length"]:
            raise RuleError(_("The Shadow Track stands at {n}: the track must be at least that long.", n=state["shadow"]))
        state["track"] = a["track"]
        opts["track"] = a["track"]
    if a["base_coop_table"] is not None:
        try:
            TouchOfEvilOptions.six_entries(a["base_coop_table"])
        except ValueError as err:
            raise RuleError(str(err).capitalize() + ".") from None
        opts["base_coop_table"] = [x.strip() for x in a["base_coop_table"]]
    if all(a.get(k) is None for k in ("locations", "roads", "elders", "track", "base_coop_table")):
        raise RuleError(_("Nothing to change: every fact is as it was."))
    note(state, N_("The host changed the table's facts."))


def dismiss(state, a, seat):
    """`dismiss`: a reminder ticked off."""
    if a["index"] >= len(state["prompts"]):
        raise RuleError(_("There is no such reminder."))
    state["prompts"].pop(a["index"])



def guesses(state) -> dict:
    """The facts the rulebook does not give and the table has not set: shown flagged."""
    opts = state["options"]
    sure = set(DATA["locations"]["named_in_rulebook"])
    return {
        "track": not opts.get("track"),
        "locations": [] if opts.get("locations") else [x for x in locations(opts) if x not in sure],
        "elders": [] if opts.get("elders") else [e for e in DATA["elders"] if e not in DATA["elders_named_in_rulebook"]],
        "base_table": not opts.get("base_coop_table"),
    }
