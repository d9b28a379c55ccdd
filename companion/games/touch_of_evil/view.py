"""What a seat sees: every number, label, limit, choice and who-may-do-what its page shows, decided
here (the partials only loop and print), and the page's regions with the keys each reads."""

from contextlib import nullcontext

from ...core import i18n
from ...core.regions import Region
from ...core.table import DISPLAY, HOST, PLAYER
from .board import battle_form, battle_view, minion_choices, minion_view, watchman_on_board
from .data import DATA, VILLAINS, hero_data
from .elders import elder_view
from .fights import fight_view
from .fights import start_view as fight_start_view
from .heroes import choices, short_name
from .hunt import advanced_table, cooperative, hero_names, level, locations, my_hero, roads, turns, villain
from .mystery import why_not_start
from .nowview import seat_news, seat_now
from .options import MAX_HEROES, MODES, RULE_NOTES, RULES, VOID_STEPS
from .setup import guesses
from .showdown import view_showdown, view_start
from .tables import MOVES as TABLE_MOVES
from .tables import PICKED, base_entries, effect_label, effect_where, share_rows
from .text import N_, joined, nm, tr, ungettext
from .track import stage_of, why_not_hold_back
from .villain import wound_bonuses
from .wail import wail_view


def last_view(state) -> dict | None:
    """The last table result with each effect's label, its place, whether a place is picked for it."""
    last = state["last"]
    if not last:
        return None
    effects = []
    for e in last["effects"]:
        label, where = effect_label(state, e, last), effect_where(last, e)
        effects.append({**e, "label": label, "where": where, "pick": e["do"] in PICKED,
                        "shares": [{**r, "label": ungettext("{name} (at most {n})", "{name} (at most {n})", r["max"], name=r["name"])
                                    if r["max"] is not None else r["name"]} for r in share_rows(state)] if e["do"] == "share_wounds" else None,
                        "short": label if e["do"].startswith("move_") else effect_label(state, e, last, here=True),
                        "where_label": N_("Where: {effect}", effect=label), "done_label": N_("✓ {effect}", effect=label)})
    placed = any(e["pick"] or e["do"] == "location" for e in effects) or any(last["where"] and last["where"] in x for x in last["lines"])
    is_open = any(not e["done"] for e in effects)
    appliable = [e for e in effects if not e["done"] and e["do"] not in (*TABLE_MOVES, "share_wounds")]  # what Apply all applies
    return {**last, "effects": effects, "open": is_open, "placed": placed, "apply_all": bool(appliable) and len(effects) > 1,
            "where_label": N_("at {place}", place=nm(last["where"]))}


def hero_view(state, h: dict, first: str | None, me: str | None) -> dict:
    offer = (state["last"] or {}).get("fight")
    called = None
    if offer and offer["hero"] == h["name"] and not state.get("fight"):
        where = state["last"].get("where")
        if offer["foe"] == "villain":
            called = N_("Attacked by the Villain at {place}", place=nm(where)) if where else N_("Attacked by the Villain")
        else:
            called = N_("Ambushed at {place}", place=nm(where)) if where else N_("Ambushed")
    moved = h.get("moved") or {}
    fighting = (state.get("fight") or {}).get("hero") == h["name"]
    short = short_name(h["name"])
    wounds = (N_("{n} of {health} Wounds", n=h["wounds"], health=h["health"]) if h["health"]
              else ungettext("{n} Wound", "{n} Wounds", h["wounds"]))
    return {**h, "first": h["name"] == first, "notes": [nm(n) for n in (hero_data(h["name"]) or {}).get("notes", [])],
            "short": short, "mine": h["name"] == me, "may": choices(h), "called": called,
            "fighting": (nm(state["fight"]["name"]) if fighting else None),
            "move_roll": moved.get("roll") if moved.get("round") == state["round"] else None,
            "place": nm(h["location"]) or N_("an unknown space"), "items": list(h["items"]),
            "labels": {"fighting": N_("Fighting {foe}", foe=nm(state["fight"]["name"])) if fighting else None,
                       "moves": N_("Moves {n}", n=moved.get("roll")), "move_to": N_("{name} moves to", name=h["name"]),
                       "move_here": N_("Move {name} here", name=short), "takes": N_("A card {name} takes", name=h["name"]),
                       "knocked_out": N_("{name} is Knocked Out", name=short),
                       "wounds": wounds,
                       # English as it always read ("1 Investigations"); a language with its own plural says it its way
                       "line": ungettext("At {place} · {n} Investigations · {wounds}", "At {place} · {n} Investigations · {wounds}",
                                         h["investigations"], place=nm(h["location"]) or N_("an unknown space"), wounds=wounds),
                       "bombs": ungettext("{n} Bomb spent", "{n} Bombs spent", h["bombs"]),
                       "stone": ungettext("{n} Transformation marker (Stone Curse)", "{n} Transformation markers (Stone Curse)", h["stone"])}}


def track_steps(state) -> list[dict]:
    """Each step of the Shadow Track, 0 to Darkness: where the marker is and where a stage begins."""
    track = state["track"]
    return [{"n": i, "here": i == state["shadow"], "stage": i in track["stages"] and i > 0}
            for i in range(track["length"] + 1)]


def phase_view(state) -> dict | None:
    """The Mystery Phase as the page lists it: each step done, now or ahead, and the card count."""
    m = state["mystery"]
    if not m:
        return None
    steps = [{"text": nm(st["text"]), "did": st["did"], "extra": st["extra"] if i >= m["index"] else [],
              "done": i < m["index"], "now": i == m["index"]} for i, st in enumerate(m["steps"])]
    waits = m["steps"][m["index"]]["key"] if m["index"] < len(m["steps"]) else None
    card = N_("Mystery card {i} of {n}", i=len(m["cards"]) + 1, n=m["cards_due"]) if m["cards_due"] > 1 else N_("Mystery card")
    return {"steps": steps, "waits": waits, "card_label": card}


def setup_view(state) -> dict:
    """The set-up form: its choices with the current one marked, and one Hero input per Hero the
    options accept (MAX_HEROES)."""
    o = state["options"]
    heroes = o.get("heroes") or []
    return {
        "hero_inputs": [{"index": i, "label": N_("Hero {n}", n=i + 1), "value": heroes[i] if i < len(heroes) else "",
                         "placeholder": N_("Hero {n} (First Player)", n=i + 1) if i == 0 else N_("Hero {n}", n=i + 1)} for i in range(MAX_HEROES)],
        "mode_choices": [{"value": k, "label": nm(n), "selected": k == o["mode"]} for k, n in MODES.items()],
        "difficulty_choices": [{"value": k, "label": nm(x["name"]), "selected": k == o["difficulty"]} for k, x in DATA["difficulty"].items()],
        "rule_switches": [{"key": k, "label": nm(RULE_NOTES.get(k, n)), "on": bool(o["rules"].get(k))} for k, n in RULES.items()],
        "void_choices": [{"value": k, "label": nm(n), "selected": k == o.get("void_overflow_steps", 2)} for k, n in VOID_STEPS.items()],
    }


TERRAIN = {"swamp": N_("Swamp"), "flooded": N_("Flooded"), "circle": N_("Summoning Circle"), "void": N_("Void")}


def terrain_tags(state) -> list[dict]:
    return [{"location": loc, "label": TERRAIN[kind]} for loc, kind in state["terrain"].items()]


def terrain_lines(state) -> list[str]:
    return [N_("{place}: {marker}", place=nm(loc), marker=TERRAIN[kind]) for loc, kind in state["terrain"].items()]


def watchman_label(state) -> str:
    w = state["watchman"]
    return {"none": N_("not on the board"), "board": N_("at {place}", place=nm(w["location"] or "")), "gone": N_("gone for good")}[w["status"]]


def places(names) -> list[dict]:
    """Spaces (or other names from the box) for a list to pick from: the id sent, the name shown."""
    return [{"value": x, "label": nm(x)} for x in names]


def view(state: dict, seat) -> dict:
    """The seat's view, its sentences in the phone's language (the display's all in the table's);
    the shared log in the table's language."""
    with i18n.for_table() if seat.trusted == DISPLAY else nullcontext():
        out = tr(seat_view(state, seat))
    with i18n.for_table():
        log = tr(state["log"][-40:])
    out["log"], out["log_newest"] = log, log[::-1]
    return out


def seat_view(state: dict, seat) -> dict:
    track = state["track"]
    heroes = hero_names(state)
    v = villain(state)
    first = heroes[state["first"] % len(heroes)] if heroes else None
    out = {k: state[k] for k in ("shadow", "terrain", "watchman", "wounds", "plus_wounds", "round",
                                 "prompts", "knockouts", "lost", "statues")}
    mine = my_hero(state, seat)
    me = mine["name"] if mine else None
    can = seat.trusted != DISPLAY and not (state["lost"] or state["won"])
    mode = state["options"]["mode"]
    start = view_start(state, seat) if can else None
    showdown = view_showdown(state, seat)
    out.update({
        "won": state["won"], "last": last_view(state), "over": bool(state["won"] or state["lost"]),
        "may_hold_back": why_not_hold_back(state) is None,
        "villain": state["options"]["villain"], "villain_name": nm(v["name"]), "abilities": [nm(x) for x in v["abilities"]],
        "track": track, "stage": stage_of(track, state["shadow"]) + 1, "red": state["shadow"] >= track["red_from"],
        "track_steps": track_steps(state), "mode_label": nm(MODES[mode]),
        "level_label": nm(level(state)["name"]) if mode == "lone_hero" else None,
        "shadow_log": state["shadow_log"][-30:], "mode": mode,
        "difficulty": nm(level(state)["name"]), "advanced_table": advanced_table(state),
        "showdown_table": level(state)["showdown_table"],
        "first_player": first, "heroes": heroes, "turns": turns(state),
        "hero_notes": {h: [nm(n) for n in (hero_data(h) or {}).get("notes", [])] for h in heroes},
        "party": [hero_view(state, h, first, me) for h in state["heroes"]],
        "me": me, "is_host": seat.trusted == HOST,
        "my_heroes": [hero_view(state, h, first, me) for h in state["heroes"] if seat.trusted == HOST or h is mine],
        "unclaimed": [h["name"] for h in state["heroes"] if h["seat"] is None] if seat.trusted == PLAYER and not me else [],
        "mystery": state["mystery"], "phase": phase_view(state),
        "may_start_mystery": can and why_not_start(state) is None, "in_showdown": bool(state["showdown"]), "locations": locations(state["options"]),
        "place_choices": places(locations(state["options"])),
        "rules": state["options"]["rules"],
        "cooperative": cooperative(state), "void_overflow_steps": state["options"].get("void_overflow_steps", 2),
        "heals": bool(v.get("healing")), "battle": battle_view(state), "last_battle": state.get("last_battle"), "battle_form": battle_form(),
        "villain_terrain": v.get("terrain"), "terrain_tags": terrain_tags(state), "terrain_lines": terrain_lines(state),
        "terrain_add_label": {"swamp": N_("Add Swamp"), "circle": N_("Add Circle")}.get(v.get("terrain")),
        "watchman_label": watchman_label(state), "watchman_fights": watchman_on_board(state) is None, "has_watchman": bool(v.get("watchman")),
        "track_sure": bool(state["options"].get("track")), "started": bool(state["log"]),
        "configured": state["configured"], "options": state["options"], "setup_form": setup_view(state),
        "villain_choices": {k: nm(x["name"]) for k, x in VILLAINS.items()},
        "hero_choices": [nm(h["name"]) for h in DATA["heroes"].values()],
        "minion_choices": minion_choices(state) + (["Watchman"] if v.get("watchman") else []),
        "minion_options": places(minion_choices(state) + (["Watchman"] if v.get("watchman") else [])),
        "minions": [minion_view(state, m) for m in state["minions"]],
        "guesses": guesses(state), "roads": roads(state["options"]), "base_entries": base_entries(state),
        "murder_name": nm(v["murder"]["name"]), "last_card": last_card_view(state),
        "showdown": showdown, "showdown_start": start, "showdown_card": bool(showdown or state["won"] or start or state.get("last_showdown") or state.get("death_wail")),
        "death_wail": wail_view(state, seat),
        "fight": fight_view(state, seat), "fight_start": fight_start_view(state, seat) if can else None,
        "last_fight": last_fight_view(state),
        "sheet": state["sheet"], "last_showdown": state.get("last_showdown"),
        "heals_after_showdown": (v.get("healing") or {}).get("after") == "unfinished_showdown",
        "living_elders": [e["name"] for e in state["elders"] if e["status"] == "alive"],
        "labels": labels(state, v),
        "fighters": [h["name"] for h in state["heroes"] if not h["knocked_out"]],
        "roll_label": N_("Roll the Villain Minion Table ({name})", name=short_name(me)) if me else N_("Roll the Villain Minion Table"),
        "plus_wounds_label": ungettext("+{n} Wound marker", "+{n} Wound markers", state["plus_wounds"]),
    })
    out["wound_bonuses"] = wound_bonuses(state)
    out["can"] = can
    out["elders"] = [elder_view(e) for e in state["elders"]]
    last = out["last"]
    out["result_in_now"] = bool(can and last and last["open"] and (seat.trusted == HOST or (me and last.get("hero") == me)))
    out["now"], out["news"] = seat_now(state, seat, out), seat_news(state, seat, out)
    out["start_in_now"] = seat.trusted == HOST and out["may_start_mystery"] and out["started"]
    out["phase_in_now"] = seat.trusted == HOST and bool(out["phase"]) and out["phase"]["waits"] in ("coop_table", "mystery_card")
    return out


def last_card_view(state) -> dict | None:
    c = state["last_card"]
    if not c:
        return None
    said = {"card": c["name"], "place": nm(c["where"])}
    return {**c, "text": N_("Last Mystery card: {card} at {place}.", **said) if c["where"] else N_("Last Mystery card: {card}.", **said)}


def last_fight_view(state) -> dict | None:
    f = state.get("last_fight")
    if not f:
        return None
    return {**f, "foe": nm(f["foe"]), "text": N_("Last fight: {hero} against {foe}: {outcome}.", hero=f["hero"], foe=nm(f["foe"]),
                                                  outcome=f["outcome"])}


def playing(state) -> str | None:
    """Whose turn it is, for the whole table (the display): during the Heroes' turns only."""
    if not state["log"] or state["mystery"] or state["showdown"] or state["won"] or state["lost"] or not state["heroes"]:
        return None
    current = turns(state)["current"]
    return (N_("Now playing: {name}", name=short_name(current)) if current
            else N_("Every Hero has played: the Mystery Phase is next."))


def labels(state, v: dict) -> dict:
    """Sentences of the partials that carry a value (the partials print them as they come)."""
    track = state["track"]
    g = guesses(state)
    return {
        "title": N_("{villain} · turn {n}", villain=nm(v["name"]), n=state["round"]),
        "playing": playing(state),
        "toward": N_("/ {n} toward Darkness · stage {stage}", n=track["length"], stage=stage_of(track, state["shadow"]) + 1),
        "villain_wounds": ungettext("{villain}: {n} Wound", "{villain}: {n} Wounds", state["wounds"], villain=nm(v["name"])),
        "statues": N_("Stone Statues: {places}", places=joined(state["statues"])),
        "guessed_locations": N_("Guessed location names (not in the Something Wicked rulebook): {names}.", names=joined(g["locations"])),
        "guessed_elders": N_("Guessed Town Elder names (only Judge Croft is in the rulebook): {names}.", names=joined(g["elders"])),
        "roads": N_("Roads, never a Random Location: {names}.", names=joined(roads(state["options"])) if roads(state["options"]) else N_("none")),
        # the facts form's lists, one a line, each name in the reader's language (read back as the name it stands for)
        "locations_text": joined(locations(state["options"]), "\n"), "roads_text": joined(roads(state["options"]), "\n"),
        "elders_text": joined([e["name"] for e in state["elders"]], "\n"), "base_text": joined(base_entries(state), "\n"),
    }


R = "games/touch-of-evil/"
REGIONS = (  # a Hero's own card first on its phone, under its "now"
    Region("hero", R + "hero.html", ("locations", "place_choices", "can"), (HOST, PLAYER), each="my_heroes"),
    Region("configure", R + "configure.html", ("started", "configured", "villain_choices", "villain", "hero_choices",
                                               "setup_form", "options"), (HOST,)),
    Region("track", R + "track.html", ("villain_name", "round", "mode_label", "level_label", "first_player", "lost", "won",
                                       "shadow", "track", "track_steps", "stage", "red", "track_sure", "can", "labels")),
    Region("heroes", R + "heroes.html", ("party",)),
    Region("prompts", R + "prompts.html", ("prompts", "can")),
    Region("mystery", R + "mystery.html", ("phase", "can", "advanced_table", "murder_name", "last_card",
                                           "may_start_mystery", "in_showdown", "over", "may_hold_back",
                                           "phase_in_now", "start_in_now")),
    Region("tables", R + "tables.html", ("last", "can", "locations", "place_choices", "roll_label", "heroes", "is_host", "result_in_now")),
    Region("showdown", R + "showdown.html", ("showdown", "showdown_start", "showdown_card", "villain_name", "won",
                                             "last_showdown", "death_wail", "fight", "fight_start", "last_fight")),
    Region("villain", R + "villain.html", ("villain_name", "wounds", "plus_wounds", "plus_wounds_label", "wound_bonuses",
                                           "can", "heals", "abilities", "heals_after_showdown", "labels")),
    Region("board", R + "board.html", ("terrain_tags", "terrain_lines", "terrain_add_label", "has_watchman", "watchman_label", "watchman_fights", "minions", "villain_terrain", "locations",
                                       "place_choices", "battle", "battle_form", "heroes", "can", "minion_choices", "minion_options", "statues",
                                       "labels")),
    Region("elders", R + "elders.html", ("elders", "can", "guesses")),
    Region("facts", R + "facts.html", ("guesses", "locations", "roads", "elders", "track", "base_entries", "cooperative",
                                       "is_host", "labels")),
    Region("log", R + "log.html", ("log_newest",)),
)
