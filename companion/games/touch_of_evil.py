"""A Touch of Evil: Something Wicked. The Shadow Track, the Mystery Phase in its revised order,
the Villain Minion Tables and the Advanced Co-operative table rolled and applied, terrain with
its escalations, the Watchman, the Villain's wounds and healing, and the Town Elders.

Every villain is data (rules_data/touch_of_evil.json): its table, abilities, terrain and healing.
Chance (dice, Random Locations) is drawn in `prepare`, so it is stored in the event.
"""

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from ..core.actions import Action
from ..core.errors import RuleError
from ..core.regions import Region
from ..core.table import DISPLAY, HOST, PLAYER
from . import kernel
from .rules_data import load

ID = "touch-of-evil"
TITLE = "A Touch of Evil: Something Wicked"
DATA = load("touch_of_evil")
VILLAINS = DATA["villains"]
PRIVATE = ()


class Track(BaseModel):
    model_config = ConfigDict(extra="forbid")
    length: int = Field(ge=3, le=40, description="Steps from the start to Darkness.")
    stages: list[int] = Field(min_length=1, max_length=40, description="Where each stage begins (0 first).")
    red_from: int = Field(description="The first red (most dangerous) step, inside the track.")

    @model_validator(mode="after")
    def fits(self):
        """Stages ascending from 0, each a step of the track, and the red zone on the track: any
        other track could not be shown (every view and action would fail)."""
        s = self.stages
        if s[0] != 0:
            raise ValueError("the first stage begins at step 0")
        if any(b <= a for a, b in zip(s, s[1:], strict=False)):
            raise ValueError("the stages must begin at steps in ascending order")
        if s[-1] >= self.length:
            raise ValueError(f"every stage must begin inside the track (steps 0 to {self.length - 1})")
        if not 0 <= self.red_from <= self.length:
            raise ValueError(f"red_from must be a step of the track (0 to {self.length})")
        return self


class Rules(BaseModel):
    """The optional rules, as switches."""

    model_config = ConfigDict(extra="forbid")
    more_secrets: bool = True
    trading: bool = True
    advanced_coop_table: bool = False
    growing_darkness: bool = False
    holding_back_the_darkness: bool = False
    evil_endurance: bool = False


class TouchOfEvilOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", title="TouchOfEvilOptions")
    villain: str = Field(default="gargoyle", description="gargoyle, bog_fiend, banshee, unspeakable_horror, or any villain the data holds.")
    mode: Literal["competitive", "cooperative", "solo_team", "lone_hero"] = "competitive"
    difficulty: Literal["normal", "hunter", "master", "insane", "apocalyptic"] = "normal"
    heroes: list[str] = Field(default_factory=list, max_length=12, description="Hero names in turn order.")
    mirror_lake: bool = True
    rules: Rules = Field(default_factory=Rules)
    void_overflow_steps: Literal[1, 2] = Field(
        default=2, description="A Circle where a Void already is moves the Shadow Track this far: 2 as the Minion Table says, or 1 as the terrain rules say.")
    track: Track | None = None
    locations: list[str] | None = None
    elders: list[str] | None = None

    @field_validator("villain")
    @classmethod
    def known_villain(cls, v):
        if v not in VILLAINS:
            raise ValueError(f"unknown villain; the data holds {', '.join(VILLAINS)}")
        return v


Options = TouchOfEvilOptions


class Shadow(Action):
    """Move the Shadow Track: positive steps toward Darkness, negative steps back."""

    type: Literal["shadow"]
    steps: int = Field(ge=-20, le=20)
    reason: str = Field(default="", max_length=120)
    random_location: str | None = Field(default=None, description="Drawn by the server.")


class MinionTable(Action):
    """Roll on the Villain Minion Table (the server rolls)."""

    type: Literal["minion_table"]
    roll: int | None = Field(default=None, description="Drawn by the server.")
    locations: list[str] | None = Field(default=None, description="Drawn by the server.")
    extra: int | None = None


class CoopTable(Action):
    """Roll 2D6 on the Advanced Co-operative Mystery Phase table."""

    type: Literal["coop_table"]
    roll: int | None = None
    locations: list[str] | None = None
    extra: int | None = None


class Resolve(Action):
    """Apply one offered effect of the last table result (each once)."""

    type: Literal["resolve"]
    effect: int = Field(ge=0, le=20)
    location: str | None = Field(default=None, description="Where, if not the drawn Random Location.")
    hero_present: bool | None = None
    roll: int | None = None


class Terrain(Action):
    """Place Swamp or Summoning Circle markers (escalating as the rules say) or clear a space."""

    type: Literal["terrain"]
    location: str = Field(max_length=40)
    terrain: Literal["swamp", "circle", "clear"]
    roll: int | None = None


class Minion(Action):
    """Put a Minion on the board, move it, or take it off."""

    type: Literal["minion"]
    op: Literal["place", "move", "remove"]
    name: str = Field(default="", max_length=40)
    location: str | None = Field(default=None, max_length=40)
    id: int | None = None


class Watchman(Action):
    """The Watchman: place (or move, if out), after-battle roll, or take it off the board."""

    type: Literal["watchman"]
    op: Literal["place", "after_battle", "remove"]
    location: str | None = None
    roll: int | None = None
    new_location: str | None = None


class VillainWounds(Action):
    """Wounds on the Villain in a Showdown, and its +1 Wound markers."""

    type: Literal["villain"]
    wounds: int = Field(default=0, ge=-30, le=30)
    plus_wounds: int = Field(default=0, ge=-10, le=10)
    reason: str = Field(default="", max_length=120)


class Heal(Action):
    """The Villain's automatic healing (rolled by the server)."""

    type: Literal["heal"]
    roll: int | None = None


class Elder(Action):
    """A Town Elder: alive, dead or Evil; Permission Tokens; Secrets."""

    type: Literal["elder"]
    name: str = Field(max_length=40)
    status: Literal["alive", "dead", "evil"] | None = None
    permission: int = Field(default=0, ge=-5, le=5)
    secrets: int = Field(default=0, ge=-5, le=5)


class Mystery(Action):
    """Start the Mystery Phase or tick its current step."""

    type: Literal["mystery"]
    op: Literal["start", "next"]


class Knockout(Action):
    """A Hero is Knocked Out (for Willow Vine, Evil Endurance and the Apocalyptic level)."""

    type: Literal["knockout"]
    hero: str = Field(max_length=40)


class Battle(Action):
    """Roll a pool of Battle Dice against a hit number."""

    type: Literal["battle"]
    dice: int = Field(ge=1, le=20)
    hit: Literal[4, 5, 6] = 5
    faces: list[int] | None = None


class Configure(Action):
    """Choose the villain, the mode and the options before the hunt begins."""

    type: Literal["configure"]
    options: TouchOfEvilOptions


class Dismiss(Action):
    """Tick off a reminder."""

    type: Literal["dismiss"]
    index: int = Field(ge=0, le=100)


ACTIONS = (Configure, Dismiss, Shadow, MinionTable, CoopTable, Resolve, Terrain, Minion, Watchman, VillainWounds, Heal, Elder,
           Mystery, Knockout, Battle)


# ------------------------------------------------------------------ setup

def cooperative(state) -> bool:
    """A co-operative game (a solo Hero Team plays by the co-operative rules)."""
    return state["options"]["mode"] in ("cooperative", "solo_team")


def level(state) -> dict:
    """The lone Hero's difficulty level (Normal for every other mode)."""
    return DATA["difficulty"][state["options"]["difficulty"] if state["options"]["mode"] == "lone_hero" else "normal"]


def coop_track(state) -> bool:
    return cooperative(state) or level(state)["coop_track"]


def advanced_table(state) -> bool:
    return bool(state["options"]["rules"].get("advanced_coop_table")) or level(state)["advanced_table"]


def locations(options) -> list[str]:
    if options.get("locations"):
        return list(options["locations"])
    out = list(DATA["locations"]["shadowbrook"])
    if options.get("mirror_lake", True):
        out += DATA["locations"]["mirror_lake"]
    return out


def setup(options: dict) -> dict:
    villain = VILLAINS[options["villain"]]
    state = {"options": options, "shadow": 0, "shadow_log": [], "terrain": {}, "minions": [], "next_minion": 1,
             "watchman": {"status": "none", "location": None}, "wounds": 0, "plus_wounds": 0, "wound_log": [],
             "elders": [{"name": n, "status": "alive", "permission": 0, "secrets": 0}
                        for n in (options.get("elders") or DATA["elders"])],
             "mystery": None, "first": 0, "round": 1, "last": None, "prompts": [], "knockouts": 0, "log": [],
             "lost": None}
    coop = coop_track(state)
    state["track"] = options.get("track") or {k: v for k, v in DATA["track"]["cooperative" if coop else "competitive"].items()
                                               if k != "sure"}
    for loc, kind in (villain.get("setup_terrain") or {}).items():
        state["terrain"][loc] = kind
    reminders = list(villain.get("setup", []))
    if options.get("mirror_lake", True) and "Put 2 Investigations on each new Dangerous Location (Swamp, North Pier, South Pier)." not in reminders:
        reminders.append("Put 2 Investigations on each new Dangerous Location (Swamp, North Pier, South Pier).")
    for hero in options.get("heroes", []):
        h = hero_data(hero)
        if h and h.get("start"):
            reminders.append(f"{h['name']} starts at the {h['start']}.")
    state["prompts"] = reminders
    return state


def hero_data(name: str) -> dict | None:
    key = name.lower().split(",")[0].strip().replace(" ", "_")
    for hid, h in DATA["heroes"].items():
        if key in (hid, h["name"].lower().split(",")[0].replace(" ", "_")):
            return h
    return None


def villain(state) -> dict:
    return VILLAINS[state["options"]["villain"]]


def remind(state, text: str):
    """Add a reminder, unless the same one is already waiting (reminders never pile up)."""
    if text not in state["prompts"]:
        state["prompts"].append(text)


def note(state, text: str):
    state["log"].append({"round": state["round"], "text": text})


def stage_of(track, value: int) -> int:
    return max(i for i, start in enumerate(track["stages"]) if value >= start)


# ------------------------------------------------------------------ chance, drawn before the event is stored

def prepare(state, action, seat, rng):
    kind = action["type"]
    locs = locations(state["options"])

    def draw(n=2, avoid=None):
        pool = [x for x in locs if x != avoid] or locs
        return [rng.choice(pool) for _ in range(n)]

    if kind == "minion_table":
        roll = rng.randint(1, 6)
        return {**action, "roll": roll, "locations": draw(3), "extra": rng.randint(1, 6),
                "_roll": shared("d6", [roll], "Villain Minion Table")}
    if kind == "coop_table":
        faces = [rng.randint(1, 6), rng.randint(1, 6)]
        return {**action, "roll": sum(faces), "locations": draw(3), "extra": rng.randint(1, 6),
                "_roll": shared("2d6", faces, "Advanced Co-operative table")}
    if kind == "shadow":
        return {**action, "random_location": draw(1)[0]}
    if kind == "heal":
        rule = villain(state).get("healing") or {}
        dice = rule.get("coop_dice") if cooperative(state) and rule.get("coop_dice") else rule.get("dice", "d3")
        roll = rng.randint(1, int(dice[1:]))
        return {**action, "roll": roll, "_roll": shared(dice, [roll], "Villain healing")}
    if kind == "watchman":
        where = state["watchman"]["location"]
        roll = rng.randint(1, 6)
        out = {**action, "roll": roll, "new_location": draw(1, avoid=where)[0]}
        if action["op"] == "after_battle":
            out["_roll"] = shared("d6", [roll], "after the Battle with the Watchman")
        return out
    if kind in ("terrain", "resolve"):
        return {**action, "roll": rng.randint(1, 6)}
    if kind == "battle":
        faces = [rng.randint(1, 6) for _ in range(action["dice"])]
        return {**action, "faces": faces,
                "_roll": shared(f"{action['dice']}d6", faces, f"Battle Dice, hits on {action['hit']}+")}
    return action


def shared(dice: str, faces: list[int], purpose: str) -> dict:
    return {"dice": dice, "faces": faces, "purpose": purpose}


# ------------------------------------------------------------------ the rules

def move_shadow(state, steps: int, reason: str, random_location: str | None = None):
    track = state["track"]
    before = state["shadow"]
    after = max(0, min(track["length"], before + steps))
    if after == before:
        if steps:
            note(state, f"The Shadow Track cannot move further ({reason}).")
        return
    state["shadow"] = after
    state["shadow_log"].append({"from": before, "to": after, "reason": reason, "round": state["round"]})
    note(state, f"Shadow Track {before} → {after}: {reason}.")
    v = villain(state)
    if stage_of(track, before) != stage_of(track, after) and v.get("on_stage"):
        text = v["on_stage"] + f" (Shadow Track {before} → {after}.)"  # each crossing its own reminder
        if v.get("terrain") == "swamp" and random_location:
            text += f" (Random Location drawn: {random_location}.)"
            place_terrain(state, random_location, "swamp", "Devil's Stench: Rural Flooding")
            for loc, t in state["terrain"].items():
                if t == "flooded":
                    add_minion(state, "Mosquito Swarm", loc)
        remind(state, text)
    if after > before:
        for hero in state["options"].get("heroes", []):
            h = hero_data(hero)
            if h and h.get("on_shadow_step"):
                remind(state, f"{h['name']}: gain {h['on_shadow_step'] * (after - before)} Investigation(s) (Power of Darkness).")
    if after >= track["length"]:
        state["lost"] = "The Shadow Track has reached Darkness: the Villain wins."
        note(state, state["lost"])


def place_terrain(state, loc: str, kind: str, reason: str, ritual_roll: int | None = None):
    """Swamp → Flooded (and Swamps next door); Flooded → the track moves. Circle → Void;
    Void → the track moves (2 steps by the Minion Table, 1 by the terrain rules: a table option)."""
    have = state["terrain"].get(loc)
    if kind == "swamp":
        if have is None:
            state["terrain"][loc] = "swamp"
            note(state, f"Swamp at {loc} ({reason}).")
        elif have == "swamp":
            state["terrain"][loc] = "flooded"
            note(state, f"{loc} floods ({reason}): its Game Text and deck leave the game.")
            remind(state, f"{loc} is Flooded: put a Swamp on every space next to it (tap them under Terrain).")
        else:
            move_shadow(state, 2, f"{reason}: {loc} was already Flooded")
    elif kind == "circle":
        if have is None:
            state["terrain"][loc] = "circle"
            note(state, f"Summoning Circle at {loc} ({reason}).")
            if ritual_roll is not None:
                extra = {4: "Crimson Hand", 5: "Traitor", 6: "Fallen"}.get(ritual_roll)
                note(state, f"Ritual roll {ritual_roll}: " + (f"a {extra} appears on the new Circle." if extra else "nothing more."))
                if extra:
                    add_minion(state, extra, loc)
        elif have == "circle":
            state["terrain"][loc] = "void"
            note(state, f"The Circle at {loc} opens into a Void ({reason}).")
        else:
            steps = state["options"].get("void_overflow_steps", 2)
            move_shadow(state, steps, f"{reason}: a Void already gapes at {loc}")


def add_minion(state, name: str, loc: str):
    state["minions"].append({"id": state["next_minion"], "name": name, "location": loc})
    state["next_minion"] += 1
    note(state, f"{name} appears at {loc}.")


def table_result(state, action, table: str):
    roll, locs = action["roll"], action["locations"]
    if table == "minion":
        entry = next(e for e in villain(state)["table"] if e["from"] <= roll <= e["to"])
    else:
        entry = next(e for e in DATA["advanced_coop_table"] if e["roll"] == roll)
    effects = []
    random_iter = iter(locs)
    for eff in entry["effects"]:
        where = None
        if eff.get("where") in ("random", "hero_or_random") or eff["do"] == "location":
            where = next(random_iter, locs[0])
        effects.append({**eff, "where_drawn": where, "done": False, "label": effect_label(state, eff, where)})
    if entry.get("name") == "Watchman" and state["watchman"]["status"] == "gone":
        entry = {**entry, "name": "Barrow Shades (the Watchman is gone)", "text": "The Watchman has left the game for good, so Barrow Shades come instead.",
                 "effects": []}
        effects = [{"do": "minion", "minion": "Barrow Shades", "where_drawn": locs[0], "done": False,
                    "label": f"Place Barrow Shades at {locs[0]}"}]
    state["last"] = {"table": table, "roll": roll, "name": entry["name"], "kind": entry.get("kind", "event"),
                     "text": entry["text"], "effects": effects, "extra": action.get("extra")}
    note(state, f"{'Minion Table' if table == 'minion' else 'Co-operative table'} roll {roll}: {entry['name']}.")


def effect_label(state, eff, where) -> str:
    d = eff["do"]
    cond = " (only if no Hero is there)" if eff.get("if") == "no hero" else ""
    if d == "shadow":
        return f"Move the Shadow Track {eff['steps']} toward Darkness{cond}"
    if d == "investigations":
        return f"Put {eff['n']} Investigations at {where}{cond}"
    if d == "terrain":
        return f"Place a {'Swamp' if eff['terrain'] == 'swamp' else 'Summoning Circle'} at {where}"
    if d == "minion":
        return f"Place {eff['minion']} at {where}"
    if d == "watchman":
        return f"Watchman at {where}" if state["watchman"]["status"] != "board" else f"Move the Watchman to {where}"
    if d == "location":
        return f"Random Location: {where}"
    if d == "minion_roll":
        return "Roll on the Villain Minion Table"
    if d == "roll":
        return "Roll a D6"
    return d


def resolve(state, a):
    last = state["last"]
    if not last:
        raise RuleError("There is no table result to apply.")
    if a["effect"] >= len(last["effects"]):
        raise RuleError("That result has no such effect.")
    eff = last["effects"][a["effect"]]
    if eff["done"]:
        raise RuleError("That effect was already applied.")
    where = a.get("location") or eff["where_drawn"]
    if where and where not in locations(state["options"]):
        raise RuleError(f"{where} is not a space on this board.")
    d = eff["do"]
    if d == "shadow":
        steps = eff["steps"]
        if steps == "d3":
            steps = (a["roll"] - 1) % 3 + 1
        move_shadow(state, steps, last["name"])
    elif d == "investigations":
        note(state, f"{eff['n']} Investigations at {where} ({last['name']}).")
    elif d == "terrain":
        place_terrain(state, where, eff["terrain"], last["name"],
                      ritual_roll=a["roll"] if eff.get("ritual") else None)
    elif d == "minion":
        add_minion(state, eff["minion"], where)
    elif d == "watchman":
        watchman_place(state, where)
    elif d in ("location", "roll", "minion_roll"):
        note(state, f"{last['name']}: {eff['label']}" + (f" → {a['roll']}" if d == "roll" else "") + ".")
    eff["done"] = True


def watchman_place(state, where: str):
    w = state["watchman"]
    if w["status"] == "gone":
        add_minion(state, "Barrow Shades", where)
        return
    if w["status"] == "board":
        note(state, f"The Watchman is unique: it moves from {w['location']} to {where}.")
    else:
        note(state, f"The Watchman appears at {where}.")
    state["watchman"] = {"status": "board", "location": where}


def mystery_steps(state) -> list[dict]:
    v, opts = villain(state), state["options"]
    coop = cooperative(state)
    steps = []
    for s in DATA["mystery_phase"]:
        if s.get("coop_only") and not (coop or advanced_table(state)):
            continue
        extra = []
        if s["key"] == "minions_move":
            extra += [x for x in v.get("mystery_start", []) if "Summoning" not in x]
        if s["key"] == "start":
            extra += [x for x in v.get("mystery_start", []) if "Summoning" in x]
            if opts["rules"].get("growing_darkness"):
                extra.append("Growing Darkness: roll once on the Villain Minion Table; a Minion or an attack lands in a Random Location.")
            if opts["rules"].get("holding_back_the_darkness") and coop and state["shadow"] >= state["track"]["red_from"]:
                extra.append("Holding Back the Darkness: if every Hero pays 2 Investigations, move the track 1 back (once a turn).")
        if s["key"] == "villain_heals" and v.get("healing"):
            h = v["healing"]
            extra.append({"showdown_round": "Ferocity heals after each Showdown Battle Round, not here.",
                          "unfinished_showdown": "If a Showdown ended with the Villain alive, it heals D3 and gains a +1 Wound marker."}[h["after"]])
        if s["key"] == "coop_table":
            extra.append("Roll 2D6 on the Advanced table." if advanced_table(state)
                         else "Roll on the base game's Co-operative table.")
        steps.append({"key": s["key"], "text": s["text"], "extra": extra})
    return steps


def do_configure(state, a):
    return setup(a["options"])


def do_dismiss(state, a):
    if a["index"] >= len(state["prompts"]):
        raise RuleError("There is no such reminder.")
    state["prompts"].pop(a["index"])


def do_shadow(state, a):
    if a["steps"] == 0:
        raise RuleError("Move the Shadow Track at least one step.")
    move_shadow(state, a["steps"], a["reason"] or "moved by hand", a.get("random_location"))


def do_coop_table(state, a):
    if not (cooperative(state) or advanced_table(state)):
        raise RuleError("The Advanced Co-operative table is for co-operative games (or switched on as an option).")
    table_result(state, a, "coop")


def do_terrain(state, a):
    loc = a["location"]
    if loc not in locations(state["options"]):
        raise RuleError(f"{loc} is not a space on this board.")
    if a["terrain"] == "clear":
        state["terrain"].pop(loc, None)
        note(state, f"{loc} is cleared of markers.")
        return
    own = villain(state).get("terrain")
    if own and own != a["terrain"]:
        raise RuleError(f"{villain(state)['name']} brings {'Swamps' if own == 'swamp' else 'Summoning Circles'}, not those.")
    place_terrain(state, loc, a["terrain"], "placed by hand")


def do_villain(state, a):
    state["wounds"] = max(0, state["wounds"] + a["wounds"])
    state["plus_wounds"] = max(0, state["plus_wounds"] + a["plus_wounds"])
    note(state, f"Villain: {state['wounds']} Wounds, {state['plus_wounds']} +1 Wound markers"
                + (f" ({a['reason']})" if a["reason"] else "") + ".")


def do_heal(state, a):
    rule = villain(state).get("healing")
    if not rule:
        raise RuleError(f"{villain(state)['name']} does not heal by itself.")
    healed = min(state["wounds"], a["roll"])
    state["wounds"] -= healed
    if rule.get("plus_wound"):
        state["plus_wounds"] += rule["plus_wound"]
    note(state, f"{villain(state)['name']} heals {healed} (rolled {a['roll']})"
                + (" and gains a +1 Wound marker" if rule.get("plus_wound") else "") + ".")


def do_knockout(state, a):
    state["knockouts"] += 1
    note(state, f"{a['hero']} is Knocked Out.")
    after_villain_kill(state, "a Hero was Knocked Out")
    if level(state)["third_knockout_loses"] and state["knockouts"] >= 3:
        state["lost"] = "Third Knock Out at the Apocalyptic level: the hunt is lost."


def do_battle(state, a):
    hits = sum(1 for f in a["faces"] if f >= a["hit"])
    state["last_battle"] = {"faces": a["faces"], "hit": a["hit"], "hits": hits}
    note(state, f"Battle: {a['dice']} dice hitting on {a['hit']}+: {hits} hit(s).")


def not_started(state) -> str | None:
    return "The hunt has begun; start a new table to change the villain or the mode." if state["log"] else None


def not_lost(state) -> str | None:
    return state["lost"] or None


def move(handler, when=not_lost, roles=(HOST, PLAYER), refusal=None) -> kernel.Move:
    return kernel.Move(lambda s, a, _seat: handler(s, a), roles, when, refusal)


def after_villain_kill(state, what: str):
    v = state["options"]["villain"]
    if v == "banshee":
        state["plus_wounds"] += 1
        note(state, f"Willow Vine: {what}, the Banshee gains a +1 Wound marker.")
    if state["options"]["rules"].get("evil_endurance"):
        each = "+1 Wound each" if cooperative(state) else "+2 Wounds each"
        remind(state, f"Evil Endurance: {what}; the Heroes take {each}.")


def minion_op(state, a):
    if a["op"] == "place":
        if not a["name"] or not a.get("location"):
            raise RuleError("Name the Minion and where it goes.")
        if a["location"] not in locations(state["options"]):
            raise RuleError(f"{a['location']} is not a space on this board.")
        if a["name"].lower() == "watchman":
            return watchman_place(state, a["location"])
        add_minion(state, a["name"], a["location"])
        return
    m = next((m for m in state["minions"] if m["id"] == a.get("id")), None)
    if m is None:
        raise RuleError("There is no such Minion on the board.")
    if a["op"] == "remove":
        state["minions"].remove(m)
        note(state, f"{m['name']} at {m['location']} is removed.")
    else:
        if a.get("location") not in locations(state["options"]):
            raise RuleError("Say where the Minion moves.")
        note(state, f"{m['name']} moves {m['location']} → {a['location']}.")
        m["location"] = a["location"]


def watchman_op(state, a):
    w = state["watchman"]
    if a["op"] == "place":
        where = a.get("location") or a["new_location"]
        if where not in locations(state["options"]):
            raise RuleError(f"{where} is not a space on this board.")
        return watchman_place(state, where)
    if w["status"] != "board":
        raise RuleError("The Watchman is not on the board.")
    if a["op"] == "remove":  # removed from play like any Minion; it may come back later
        state["watchman"] = {"status": "none", "location": None}
        note(state, "The Watchman is off the board (it may return).")
    else:  # after a Battle with it
        if a["roll"] == 6:
            state["watchman"] = {"status": "gone", "location": None}
            note(state, "After the Battle the roll is 6: 5 more Investigations, and the Watchman leaves the game for good.")
        else:
            note(state, f"After the Battle the roll is {a['roll']}: the Watchman moves to {a['new_location']}.")
            state["watchman"] = {"status": "board", "location": a["new_location"]}


ELDER_STATUSES = ("dead", "evil", "alive")


def why_not_status(e: dict, status: str) -> str | None:
    """Why Elder e cannot take this status now (None: it can)."""
    if status == e["status"]:
        return f"{e['name']} is already {status}."
    if status == "alive" and e["status"] == "evil":
        return "An Evil Elder cannot come back to the town."
    if status == "evil" and e["status"] != "alive":
        return "Only a living Elder can turn Evil."
    return None


def elder_op(state, a):
    e = kernel.lookup(state["elders"], a["name"])
    if e is None:
        raise RuleError(f"No Town Elder is called {a['name']}.")
    if a["status"]:
        why = why_not_status(e, a["status"])
        if why:
            raise RuleError(why)
        if a["status"] == "dead" and e["status"] == "alive" and e["permission"] > 0:
            e["permission"] -= 1
            note(state, f"{e['name']} would die, but spends a Permission Token instead.")
            return
        if a["status"] == "evil":
            e["permission"] = 0
        if a["status"] == "dead" and state["options"]["villain"] == "gargoyle":
            note(state, f"Monument of Fear: {e['name']} turns to stone. Discard its Secrets unseen; a statue and 5 Investigations go to a Random Location.")
            e["secrets"] = 0
        e["status"] = a["status"]
        note(state, f"{e['name']} is now {a['status']}.")
        if a["status"] == "dead":
            after_villain_kill(state, "a Town Elder died")
    if a["permission"]:
        e["permission"] = max(0, e["permission"] + a["permission"])
    if a["secrets"]:
        e["secrets"] = max(0, e["secrets"] + a["secrets"])
        if state["options"]["rules"].get("more_secrets") and e["secrets"] >= 3:
            remind(state, f"More Secrets: {e['name']} holds {e['secrets']} Secrets: reveal them now; any reward goes to the First Player.")


def mystery_op(state, a):
    if a["op"] == "start":
        if state["mystery"]:
            raise RuleError("The Mystery Phase is already under way.")
        state["mystery"] = {"steps": mystery_steps(state), "index": 0}
        note(state, "The Mystery Phase begins.")
        if villain(state).get("mystery_start_ritual"):
            remind(state, "End of Time: roll the Summoning Ritual now (Minion Table result 3) in a Random Location.")
        return
    m = state["mystery"]
    if not m:
        raise RuleError("Start the Mystery Phase first.")
    step = m["steps"][m["index"]]
    if step["key"] == "first_player":
        heroes = state["options"].get("heroes") or []
        if heroes:
            state["first"] = (state["first"] + 1) % len(heroes)
            note(state, f"{heroes[state['first']]} is now the First Player.")
    m["index"] += 1
    if m["index"] >= len(m["steps"]):
        state["mystery"] = None
        state["round"] += 1
        note(state, f"Turn {state['round']} begins.")


def describe(a: dict) -> str | None:
    """How an action reads on the Undo button."""
    return {
        "configure": "the setup of the hunt", "dismiss": "clearing a reminder",
        "shadow": f"the Shadow Track {a.get('steps', 0):+d}", "minion_table": "the Villain Minion Table roll",
        "coop_table": "the 2D6 table roll", "resolve": "a table result applied", "terrain": f"terrain at {a.get('location')}",
        "minion": f"a Minion ({a.get('op')})", "watchman": f"the Watchman ({a.get('op')})", "villain": "the Villain's Wounds",
        "heal": "the Villain's healing", "elder": f"{a.get('name')}'s change", "mystery": "a Mystery Phase step",
        "knockout": "a Knock Out", "battle": "the Battle Dice",
    }.get(a["type"])


def reveals(before: dict, after: dict, action: dict) -> str | None:
    return "the end of the hunt" if after["lost"] and not before["lost"] else None


MOVES = {
    "configure": move(do_configure, not_started, (HOST,), "Only the host sets up the hunt."),
    "dismiss": move(do_dismiss, None),
    "shadow": move(do_shadow),
    "minion_table": move(lambda s, a: table_result(s, a, "minion")),
    "coop_table": move(do_coop_table),
    "resolve": move(resolve),
    "terrain": move(do_terrain),
    "minion": move(minion_op),
    "watchman": move(watchman_op),
    "villain": move(do_villain, None),
    "heal": move(do_heal),
    "elder": move(elder_op),
    "mystery": move(mystery_op),
    "knockout": move(do_knockout),
    "battle": move(do_battle),
}


def apply(state: dict, action: dict, seat) -> dict:
    return kernel.dispatch(MOVES, state, action, seat, "The display shows the hunt; a Hero's phone or the host acts.")


def view(state: dict, seat) -> dict:
    track = state["track"]
    heroes = state["options"].get("heroes") or []
    v = villain(state)
    out = {k: state[k] for k in ("shadow", "terrain", "minions", "watchman", "wounds", "plus_wounds", "elders", "round",
                                 "last", "prompts", "knockouts", "lost")}
    out.update({
        "villain": state["options"]["villain"], "villain_name": v["name"], "abilities": v["abilities"],
        "track": track, "stage": stage_of(track, state["shadow"]) + 1, "red": state["shadow"] >= track["red_from"],
        "shadow_log": state["shadow_log"][-30:], "log": state["log"][-40:], "mode": state["options"]["mode"],
        "difficulty": level(state)["name"], "advanced_table": advanced_table(state),
        "showdown_table": level(state)["showdown_table"],
        "first_player": heroes[state["first"]] if heroes else None, "heroes": heroes,
        "hero_notes": {h: (hero_data(h) or {}).get("notes", []) for h in heroes},
        "mystery": state["mystery"], "locations": locations(state["options"]), "rules": state["options"]["rules"],
        "cooperative": cooperative(state), "void_overflow_steps": state["options"].get("void_overflow_steps", 2),
        "heals": bool(v.get("healing")), "last_battle": state.get("last_battle"),
        "villain_terrain": v.get("terrain"), "has_watchman": bool(v.get("watchman")),
        "track_sure": bool(state["options"].get("track")), "started": bool(state["log"]),
        "villain_choices": {k: x["name"] for k, x in VILLAINS.items()},
        "hero_choices": [h["name"] for h in DATA["heroes"].values()],
    })
    bonus = []
    if v.get("watchman") and state["watchman"]["status"] == "board":
        bonus.append("+2 Wounds while the Watchman stands (Keeper's Watchman)")
    if v.get("swamp_lair_wound"):
        bonus.append("+1 Wound when fighting on a Swamp (Swamp Lair)")
    out["wound_bonuses"] = bonus
    out["can"] = seat.trusted != DISPLAY
    out["elders"] = [{**e, "may_become": [st for st in ELDER_STATUSES if why_not_status(e, st) is None]}
                     for e in state["elders"]]
    return out


R = "games/touch-of-evil/"
REGIONS = (
    Region("track", R + "track.html", ("villain_name", "round", "mode", "difficulty", "first_player", "lost", "shadow",
                                       "track", "stage", "red", "track_sure", "can")),
    Region("prompts", R + "prompts.html", ("prompts", "can")),
    Region("configure", R + "configure.html", ("started", "villain_choices", "villain", "mode", "hero_choices", "rules"),
           (HOST,)),
    Region("mystery", R + "mystery.html", ("mystery", "can")),
    Region("tables", R + "tables.html", ("last", "can", "cooperative", "advanced_table", "locations")),
    Region("villain", R + "villain.html", ("villain_name", "wounds", "plus_wounds", "wound_bonuses", "can", "heals",
                                           "abilities")),
    Region("board", R + "board.html", ("terrain", "has_watchman", "watchman", "minions", "villain_terrain", "locations",
                                       "last_battle", "can")),
    Region("elders", R + "elders.html", ("elders", "can", "first_player")),
    Region("heroes", R + "heroes.html", ("heroes", "hero_notes")),
    Region("log", R + "log.html", ("log",)),
)
