"""A Touch of Evil: Something Wicked. The Shadow Track, the Mystery Phase in its revised order
(run by the app: what it can do itself it does, and it waits only for a table roll and the
Mystery card), the Villain Minion Tables and the Advanced Co-operative table rolled and applied
(one Random Location per result, shared by its effects), the Villains' Murder! abilities,
terrain with its escalations, Minions with their Wounds, the Watchman, the Heroes (each phone
keeps its own Hero), the Town Elders, and the Showdown.

Every villain is data (rules_data/touch_of_evil.json): its table, abilities, terrain, Minions,
Murder! ability and healing. Chance (dice, Random Locations) is drawn in `prepare` and stored in
the event: each action carries its own pool of Random Locations and D6s, taken in order.
"""

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from ...core.actions import Action
from ...core.errors import RuleError
from ...core.regions import Region
from ...core.table import DISPLAY, HOST, PLAYER
from .. import kernel
from ..contract import Game
from ..rules_data import load

ID = "touch-of-evil"
TITLE = "A Touch of Evil: Something Wicked"
DATA = load("touch_of_evil")
VILLAINS = DATA["villains"]
MINIONS = DATA["minions"]
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



def clean_names(names: list[str] | None, what: str, low: int, high: int) -> list[str] | None:
    """Names typed one a line: stripped, blanks dropped, each different, low..high of them."""
    if names is None:
        return None
    out = [n.strip() for n in names if n and n.strip()]
    if any(len(n) > 40 for n in out):
        raise ValueError(f"each of the {what} is at most 40 characters")
    if len({n.lower() for n in out}) != len(out):
        raise ValueError(f"each of the {what} needs a different name")
    if not low <= len(out) <= high:
        raise ValueError(f"give {low} to {high} {what}")
    return out


class TouchOfEvilOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", title="TouchOfEvilOptions")
    villain: str = Field(default="gargoyle", description="gargoyle, bog_fiend, banshee, unspeakable_horror, or any villain the data holds.")
    mode: Literal["competitive", "cooperative", "solo_team", "lone_hero"] = "competitive"
    difficulty: Literal["normal", "hunter", "master", "insane", "apocalyptic"] = "normal"
    heroes: list[str] = Field(default_factory=list, max_length=12, description="Hero names in turn order (any Hero, typed).")
    mirror_lake: bool = True
    rules: Rules = Field(default_factory=Rules)
    void_overflow_steps: Literal[1, 2] = Field(
        default=2, description="A Circle where a Void already is moves the Shadow Track this far: 2 as the Minion Table says, or 1 as the terrain rules say.")
    track: Track | None = None
    locations: list[str] | None = Field(default=None, description="The board's spaces (the defaults are partly a guess).")
    roads: list[str] | None = Field(default=None, description="Spaces that are roads, never a Random Location.")
    elders: list[str] | None = None
    base_coop_table: list[str] | None = Field(default=None, description="The base game's co-operative table: 6 entries (a D6).")

    @field_validator("villain")
    @classmethod
    def known_villain(cls, v):
        if v not in VILLAINS:
            raise ValueError(f"unknown villain; the data holds {', '.join(VILLAINS)}")
        return v

    @field_validator("heroes")
    @classmethod
    def hero_names(cls, v):
        return clean_names(v, "Heroes", 0, 12)

    @field_validator("locations")
    @classmethod
    def location_names(cls, v):
        return clean_names(v, "locations", 3, 40)

    @field_validator("elders")
    @classmethod
    def elder_names(cls, v):
        return clean_names(v, "Town Elders", 1, 12)

    @field_validator("base_coop_table")
    @classmethod
    def six_entries(cls, v):
        if v is not None and (len(v) != 6 or any(not x.strip() or len(x) > 300 for x in v)):
            raise ValueError("the base co-operative table takes 6 entries (a D6), each 1 to 300 characters")
        return v


Options = TouchOfEvilOptions


class Drawn(Action):
    """Every action that may meet chance carries a pool the server draws (Random Locations, D6s)."""

    places: list[str] | None = Field(default=None, description="Drawn by the server.")
    d6s: list[int] | None = Field(default=None, description="Drawn by the server.")


class Shadow(Drawn):
    """Move the Shadow Track: positive steps toward Darkness, negative steps back."""

    type: Literal["shadow"]
    steps: int = Field(ge=-20, le=20)
    reason: str = Field(default="", max_length=120)


class MinionTable(Drawn):
    """Roll on the Villain Minion Table (the server rolls). `hero`: the Hero who rolled, whose space
    the result lands on (a Hero's phone rolls for its own Hero)."""

    type: Literal["minion_table"]
    roll: int | None = Field(default=None, description="Drawn by the server.")
    hero: str | None = Field(default=None, max_length=40)


class CoopTable(Drawn):
    """Roll 2D6 on the Advanced Co-operative Mystery Phase table."""

    type: Literal["coop_table"]
    roll: int | None = None


class BaseCoopTable(Drawn):
    """Roll on the base game's co-operative table (its entries set by the table)."""

    type: Literal["base_coop_table"]
    roll: int | None = None


class Resolve(Drawn):
    """Apply one offered effect of the last table result (each once), or all of them (effect -1)."""

    type: Literal["resolve"]
    effect: int = Field(ge=-1, le=20)
    location: str | None = Field(default=None, description="Where, if not the result's location.")
    roll: int | None = None


class Terrain(Drawn):
    """Place Swamp or Summoning Circle markers (escalating as the rules say) or clear a space."""

    type: Literal["terrain"]
    location: str = Field(max_length=40)
    terrain: Literal["swamp", "circle", "clear"]
    roll: int | None = None


class Minion(Drawn):
    """Put a Minion on the board, move it, wound it or take it off."""

    type: Literal["minion"]
    op: Literal["place", "move", "remove", "wound"]
    name: str = Field(default="", max_length=40)
    location: str | None = Field(default=None, max_length=40)
    id: int | None = None
    wounds: int = Field(default=1, ge=1, le=20)


class Watchman(Drawn):
    """The Watchman: place (or move, if out), after-battle roll, or take it off the board."""

    type: Literal["watchman"]
    op: Literal["place", "after_battle", "remove"]
    location: str | None = None
    roll: int | None = None
    new_location: str | None = None


class VillainWounds(Action):
    """Wounds on the Villain, and its +1 Wound markers."""

    type: Literal["villain"]
    wounds: int = Field(default=0, ge=-30, le=30)
    plus_wounds: int = Field(default=0, ge=-10, le=10)
    reason: str = Field(default="", max_length=120)


class Heal(Action):
    """The Villain's automatic healing (rolled by the server)."""

    type: Literal["heal"]
    roll: int | None = None


class Elder(Drawn):
    """A Town Elder: dies (a Permission Token may save it: `spend_token` says whether it is spent;
    `unpreventable` for a death nothing prevents), turns Evil, comes back; tokens; Secrets."""

    type: Literal["elder"]
    name: str = Field(max_length=40)
    status: Literal["alive", "dead", "evil"] | None = None
    spend_token: bool | None = Field(default=None, description="A Permission Token is spent to save the Elder (true) or not.")
    unpreventable: bool = False
    permission: int = Field(default=0, ge=-5, le=5)
    secrets: int = Field(default=0, ge=-5, le=5)


class Mystery(Drawn):
    """Start the Mystery Phase (the app runs every step it can) or tick the current step."""

    type: Literal["mystery"]
    op: Literal["start", "next"]


class MysteryCard(Drawn):
    """A Mystery card drawn: Murder! (the app applies the Villain's ability) or any other by name."""

    type: Literal["mystery_card"]
    name: str = Field(default="", max_length=60)
    murder: bool = False
    location: str | None = Field(default=None, max_length=40, description="Where Murder!'s Investigations go (else a Random Location).")


class Knockout(Drawn):
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
    """Choose the villain, the mode and the options before the hunt begins (again: confirm)."""

    type: Literal["configure"]
    options: TouchOfEvilOptions
    confirm: bool = False


class Facts(Action):
    """The host changes the table's facts the rulebook does not give: the track, the locations,
    the roads, the Elders' names, the base co-operative table."""

    type: Literal["facts"]
    track: Track | None = None
    locations: list[str] | None = None
    roads: list[str] | None = None
    elders: list[str] | None = None
    base_coop_table: list[str] | None = None
    locations_text: str | None = Field(default=None, max_length=2000, description="The host's form: one a line.")
    roads_text: str | None = Field(default=None, max_length=1000)
    elders_text: str | None = Field(default=None, max_length=1000)
    base_text: str | None = Field(default=None, max_length=3000)
    track_length: int | None = Field(default=None, ge=3, le=40)
    track_stages: str | None = Field(default=None, max_length=200)
    track_red: int | None = Field(default=None, ge=0, le=40)


def lines(text: str | None) -> list[str] | None:
    return None if text is None else [x.strip() for x in text.replace("\r", "").split("\n") if x.strip()]


def facts_from_form(state, a) -> dict:
    """The host's form sends every field; only what differs from now is a change."""
    a = dict(a)
    elders_now = [e["name"] for e in state["elders"]]
    for key, text, now in (("locations", "locations_text", locations(state["options"])), ("roads", "roads_text", roads(state["options"])),
                           ("elders", "elders_text", elders_now), ("base_coop_table", "base_text", base_entries(state))):
        got = lines(a.get(text))
        if got is not None and a.get(key) is None and got != now:
            a[key] = got
    if a.get("track") is None and (a.get("track_length") is not None or a.get("track_stages") is not None or a.get("track_red") is not None):
        now = state["track"]
        try:
            stages = [int(x) for x in (a["track_stages"] or "").replace(",", " ").split()] if a.get("track_stages") is not None else now["stages"]
            track = Track(length=a["track_length"] if a.get("track_length") is not None else now["length"], stages=stages,
                          red_from=a["track_red"] if a.get("track_red") is not None else now["red_from"]).model_dump()
        except ValueError as err:
            problem = err.errors()[0]["msg"] if hasattr(err, "errors") else str(err)
            msg = problem.removeprefix("Value error, ")
            raise RuleError(f"The track does not fit: {msg}.") from None
        if track != {k: now[k] for k in ("length", "stages", "red_from")}:
            a["track"] = track
    return a


class Hero(Action):
    """A Hero's own counters: Investigations, Wounds, Health, location, Items and Allies, skills."""

    type: Literal["hero"]
    name: str = Field(max_length=40)
    investigations: int = Field(default=0, ge=-50, le=50)
    wounds: int = Field(default=0, ge=-20, le=20)
    health: int | None = Field(default=None, ge=1, le=30)
    location: str | None = Field(default=None, max_length=40)
    item: str | None = Field(default=None, max_length=60)
    drop: int | None = Field(default=None, ge=0, le=40)
    bombs: int = Field(default=0, ge=-10, le=10, description="Bomb markers spent from its Items.")
    stone: int = Field(default=0, ge=-10, le=10, description="Stone Curse Transformation markers.")
    combat: int | None = Field(default=None, ge=0, le=12)
    cunning: int | None = Field(default=None, ge=0, le=12)
    spirit: int | None = Field(default=None, ge=0, le=12)
    honor: int | None = Field(default=None, ge=0, le=12)


class Claim(Action):
    """A player's phone takes a Hero (one phone a Hero)."""

    type: Literal["claim"]
    name: str = Field(max_length=40)


class Showdown(Drawn):
    """The Showdown: start (party, Elders, the Villain's Health and Fight dice from its sheet), a
    Hero's attack, the Villain's attack, the end of a Battle Round, the end without a win."""

    type: Literal["showdown"]
    op: Literal["start", "attack", "villain", "round", "end"]
    party: list[str] | None = Field(default=None, max_length=12)
    elders: list[str] | None = Field(default=None, max_length=12)
    health: int | None = Field(default=None, ge=1, le=60)
    fight: int | None = Field(default=None, ge=1, le=20)
    bonus: int = Field(default=0, ge=0, le=30)
    location: str | None = Field(default=None, max_length=40)
    hero: str | None = Field(default=None, max_length=40)
    attack_dice: int | None = Field(default=None, ge=0, le=30)
    token_from: str | None = Field(default=None, max_length=40)
    last_hope: int = Field(default=0, ge=0, le=10)


class HoldBack(Action):
    """Holding Back the Darkness: every Hero pays 2 Investigations, the track moves 1 back."""

    type: Literal["hold_back"]


class Dismiss(Action):
    """Tick off a reminder."""

    type: Literal["dismiss"]
    index: int = Field(ge=0, le=100)


ACTIONS = (Configure, Facts, Dismiss, HoldBack, Shadow, MinionTable, CoopTable, BaseCoopTable, Resolve, Terrain, Minion, Watchman,
           VillainWounds, Heal, Elder, Mystery, MysteryCard, Knockout, Battle, Hero, Claim, Showdown)


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


def roads(options) -> list[str]:
    return list(options["roads"]) if options.get("roads") is not None else list(DATA["locations"]["roads"])


def random_pool(options) -> list[str]:
    """The spaces a Random Location (a Lair card) can name: every space but the roads."""
    road = {r.lower() for r in roads(options)}
    return [x for x in locations(options) if x.lower() not in road] or locations(options)


def mirror_lake_spaces(options) -> set[str]:
    return set(DATA["locations"]["mirror_lake"]) if options.get("mirror_lake", True) else set()


def new_hero(name: str) -> dict:
    h = hero_data(name) or {}
    return {"name": name, "seat": None, "investigations": 0, "wounds": 0, "health": h.get("health"),
            "location": h.get("start"), "items": [], "knocked_out": False, "knockouts": 0, "bombs": 0, "stone": 0,
            "combat": None, "cunning": None, "spirit": None, "honor": None}


def setup(options: dict) -> dict:
    villain = VILLAINS[options["villain"]]
    state = {"options": options, "configured": bool(options.get("heroes")), "shadow": 0, "shadow_log": [],
             "terrain": {}, "minions": [], "next_minion": 1, "statues": [],
             "watchman": {"status": "none", "location": None}, "wounds": 0, "plus_wounds": 0, "wound_log": [],
             "elders": [{"name": n, "status": "alive", "permission": 0, "secrets": 0, "was_evil": False}
                        for n in (options.get("elders") or DATA["elders"])],
             "heroes": [new_hero(n) for n in options.get("heroes", [])],
             "mystery": None, "first": 0, "round": 1, "last": None, "prompts": [], "knockouts": 0, "log": [],
             "lost": None, "won": None, "showdown": None, "heal_due": False, "sheet": {"health": None, "fight": None},
             "last_card": None}
    coop = coop_track(state)
    state["track"] = options.get("track") or {k: v for k, v in DATA["track"]["cooperative" if coop else "competitive"].items()
                                               if k != "sure"}
    for loc, kind in (villain.get("setup_terrain") or {}).items():
        if loc in locations(options):
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

POOL = 12  # Random Locations an action carries
DICE = 40  # D6s an action carries (re-rolls, rituals, Wings, Battle Dice of a Showdown round)


def prepare(state, action, seat, rng):
    kind = action["type"]
    out = dict(action)
    pool = random_pool(state["options"])
    if kind in ("minion_table", "base_coop_table"):
        out["roll"] = rng.randint(1, 6)
        out["_roll"] = shared("d6", [out["roll"]], "Villain Minion Table" if kind == "minion_table" else "Co-operative table")
    elif kind == "coop_table":
        faces = [rng.randint(1, 6), rng.randint(1, 6)]
        out["roll"] = sum(faces)
        out["_roll"] = shared("2d6", faces, "Advanced Co-operative table")
    elif kind == "heal":
        rule = villain(state).get("healing") or {}
        dice = heal_dice(state)
        out["roll"] = rng.randint(1, int(dice[1:]))
        out["_roll"] = shared(dice, [out["roll"]], "Villain healing")
        return out if rule else action
    elif kind == "watchman":
        where = state["watchman"]["location"]
        out["roll"] = rng.randint(1, 6)
        others = [x for x in pool if x != where] or pool
        out["new_location"] = rng.choice(others)
        if action["op"] == "after_battle":
            out["_roll"] = shared("d6", [out["roll"]], "after the Battle with the Watchman")
    elif kind in ("terrain", "resolve"):
        out["roll"] = rng.randint(1, 6)
    elif kind == "battle":
        faces = [rng.randint(1, 6) for _ in range(action["dice"])]
        return {**action, "faces": faces,
                "_roll": shared(f"{action['dice']}d6", faces, f"Battle Dice, hits on {action['hit']}+")}
    if kind in ("configure", "facts", "dismiss", "villain", "hero", "claim", "battle", "heal"):
        return out
    out["places"] = [rng.choice(pool) for _ in range(POOL)]
    out["d6s"] = [rng.randint(1, 6) for _ in range(DICE)]
    return out


def shared(dice: str, faces: list[int], purpose: str) -> dict:
    return {"dice": dice, "faces": faces, "purpose": purpose}


def take_place(state, avoid: str | None = None) -> str:
    """The next Random Location of this action's pool (never `avoid` where the pool allows)."""
    state["drawn"] = state.get("drawn", 0) + 1
    ch = state.get("_chance") or {}
    places = ch.get("places") or []
    for i, p in enumerate(places):
        if p != avoid:
            return places.pop(i)
    pool = [x for x in random_pool(state["options"]) if x != avoid] or random_pool(state["options"])
    return pool[0]


def take_d6(state) -> int:
    state["drawn"] = state.get("drawn", 0) + 1
    dice = (state.get("_chance") or {}).get("d6s") or []
    return dice.pop(0) if dice else 1


def heal_dice(state) -> str:
    rule = villain(state).get("healing") or {}
    return rule.get("coop_dice") if cooperative(state) and rule.get("coop_dice") else rule.get("dice", "d3")


# ------------------------------------------------------------------ the Shadow Track and terrain

def move_shadow(state, steps: int, reason: str):
    """Move the track; each stage boundary crossed (either way) fires the Villain's stage ability
    once (Devil's Stench, End of Time), whatever moved the track."""
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
    low, high = sorted((before, after))
    crossed = [s for s in track["stages"][1:] if low < s <= high]
    for boundary in (crossed if v.get("on_stage") else ()):
        if v.get("terrain") == "swamp":
            devils_stench(state, boundary)
        else:
            state["prompts"].append(v["on_stage"] + f" (the track crossed step {boundary}.)")
    if after > before:
        for h in state["heroes"]:
            data = hero_data(h["name"])
            if data and data.get("on_shadow_step"):
                gain = data["on_shadow_step"] * (after - before)
                h["investigations"] += gain
                note(state, f"Power of Darkness: {h['name']} gains {gain} Investigation(s) (now {h['investigations']}).")
    if after >= track["length"] and not state["lost"]:
        state["lost"] = "The Shadow Track has reached Darkness: the Villain wins."
        note(state, state["lost"])


def devils_stench(state, boundary: int):
    """Devil's Stench, once per stage boundary crossed: the Lair deck moves, Rural Flooding in a
    Random Location (2 Investigations and a Swamp, escalating), a Mosquito Swarm on every Flooded space."""
    where = take_place(state)
    state["prompts"].append(f"Devil's Stench (the track crossed step {boundary}): move the Lair deck. Rural Flooding at {where}: "
                            f"2 Investigations there; a Mosquito Swarm goes on every Flooded space.")
    note(state, f"Devil's Stench: Rural Flooding at {where} (2 Investigations).")
    place_terrain(state, where, "swamp", "Devil's Stench: Rural Flooding")
    for loc, t in list(state["terrain"].items()):
        if t == "flooded":
            add_minion(state, "Mosquito Swarm", loc)


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
            remind(state, f"{loc} is Flooded: put a Swamp on every space next to it (tap them under Board).")
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


def summoning_ritual(state, where: str, reason: str):
    """A Summoning Circle and, for a new Circle, the ritual's D6 (4 Crimson Hand, 5 Traitor, 6 Fallen)."""
    roll = take_d6(state) if state["terrain"].get(where) is None else None
    place_terrain(state, where, "circle", reason, ritual_roll=roll)
    return roll


def add_minion(state, name: str, loc: str):
    if name.lower() == "watchman":
        return watchman_place(state, loc)
    state["minions"].append({"id": state["next_minion"], "name": name, "location": loc, "wounds": 0})
    state["next_minion"] += 1
    note(state, f"{name} appears at {loc}.")


def heroes_at(state, loc: str | None) -> list[str]:
    return [h["name"] for h in state["heroes"] if loc and h["location"] == loc and not h["knocked_out"]]


# ------------------------------------------------------------------ the tables

def entry_for(state, roll: int) -> dict:
    return next(e for e in villain(state)["table"] if e["from"] <= roll <= e["to"])


def watchman_gone_entry(entry: dict) -> dict:
    return {**entry, "name": "Barrow Shades (the Watchman is gone)", "kind": "event",
            "text": "The Watchman has left the game for good, so Barrow Shades come instead.",
            "effects": [{"do": "minion", "minion": "Barrow Shades", "where": "hero_or_random"}]}


def build_result(state, entry: dict, where: str, where2: str, *, table: str, roll, hero: str | None = None,
                 forced_random=False, attack_without_hero="table", name_prefix="", extra_text="", bonus_combat=0) -> dict:
    """A table result with one location shared by its effects (a second one for 'another')."""
    if entry.get("name") == "Watchman" and state["watchman"]["status"] == "gone":
        entry = watchman_gone_entry(entry)
    present = heroes_at(state, where)
    if hero and not forced_random and hero not in present:
        present = [hero, *present]
    effects, lines = [], []
    for eff in entry["effects"]:
        if eff.get("if") == "no hero" and present:
            continue
        effects.append({**eff, "loc": "second" if eff.get("another") else "main", "done": False})
    if entry.get("attack"):
        if present:
            lines.append(f"Villain Attack at {where}: {present[0]} fights one Battle Round with the Villain"
                         + (f" at +{bonus_combat} Combat" if bonus_combat else "")
                         + " (each Damage dealt earns 1 Investigation; not a Showdown).")
        elif attack_without_hero == "ignored":
            lines.append(f"No Hero stands at {where}: the Villain Attack passes.")
            effects = []
        elif entry["name"] == "Bog Fiend Attack!":
            lines.append(f"Trail of Slime from {where}: 1 Investigation on each space of the shortest path to the nearest Swamp.")
    return {"table": table, "roll": roll, "name": name_prefix + entry["name"], "kind": entry.get("kind", "event"),
            "text": (extra_text + " " if extra_text else "") + entry["text"], "effects": effects, "where": where,
            "where2": where2, "lines": lines, "hero": hero}


def roll_until(state, keep) -> tuple[dict, list[int]]:
    """Roll the Villain Minion Table until `keep(entry)` (at most 20 rolls from the action's pool)."""
    rolls = []
    entry = None
    for _ in range(20):
        r = take_d6(state)
        rolls.append(r)
        entry = entry_for(state, r)
        if entry.get("name") == "Watchman" and state["watchman"]["status"] == "gone":
            entry = watchman_gone_entry(entry)
        if keep(entry):
            break
    return entry, rolls


def is_event(e):
    return e.get("kind", "event") == "event"


def table_result(state, action, table: str, seat=None):
    roll = action["roll"]
    hero = hero_of_roll(state, action, seat)
    if table == "minion":
        entry = entry_for(state, roll)
        at_hero = hero and any(eff.get("where") == "hero_or_random" for eff in entry["effects"])
        loc = state_hero(state, hero)["location"] if at_hero and state_hero(state, hero) and state_hero(state, hero)["location"] else None
        where = loc or take_place(state)
        result = build_result(state, entry, where, take_place(state), table=table, roll=roll, hero=hero)
        if at_hero and not loc:
            result["lines"].append(f"{hero}'s space is not known to the app: the result landed in a Random Location; pick the Hero's space in the list if it differs.")
        state["last"] = result
        note(state, f"Minion Table roll {roll}: {entry['name']}" + (f" ({hero})" if hero else "") + ".")
        return
    entry = next(e for e in DATA["advanced_coop_table"] if e["roll"] == roll)
    where, where2 = take_place(state), take_place(state)
    sub = entry.get("sub")
    if not sub:
        state["last"] = build_result(state, entry, where, where2, table="coop", roll=roll)
        if roll == 3 and state["mystery"]:
            state["mystery"]["cards_due"] = max(1, len(state["heroes"]))
            state["last"]["lines"].append(f"The Mystery card step takes {state['mystery']['cards_due']} cards this turn.")
        if roll == 8:
            state["last"]["lines"].append(f"Murder!: {villain(state)['murder']['name']} applies at {where}.")
        if roll == 11:
            state["last"]["lines"] += madness_obsession(state)
    else:
        state["last"] = sub_result(state, entry, sub, where, where2, roll)
    note(state, f"Co-operative table roll {roll}: {state['last']['name']}.")


def sub_result(state, entry, sub, where, where2, roll) -> dict:
    """The Advanced table's results that roll on the Villain Minion Table, applied by the app."""
    text = entry["text"]
    prefix = entry["name"] + " → "
    if sub == "march":
        on_board = [m for m in state["minions"]]
        if on_board or state["watchman"]["status"] == "board":
            result = {"table": "coop", "roll": roll, "name": entry["name"], "kind": "event", "text": text, "where": where,
                      "where2": where2, "hero": None, "lines": ["Move each Minion 2 spaces along the shortest road to the Town Hall: "
                                                              "pick where it ends up (the app does not hold the roads)."],
                      "effects": [{"do": "move_minion", "id": m["id"], "loc": "main", "done": False} for m in on_board]}
            if state["watchman"]["status"] == "board":
                result["effects"].append({"do": "move_watchman", "loc": "main", "done": False})
            return result
        found, rolls = roll_until(state, lambda e: not is_event(e))
        r = build_result(state, found, where, where2, table="coop", roll=roll, forced_random=True, name_prefix=prefix, extra_text=text)
        r["sub_rolls"] = rolls
        placed = [e for e in r["effects"] if e["do"] in ("minion", "watchman")][:1]
        second = dict(placed[0]) if placed else None
        if second:
            second["loc"] = "second"
            if second["do"] == "watchman":  # one Watchman only: Barrow Shades take the excess
                second = {"do": "minion", "minion": "Barrow Shades", "loc": "second", "done": False}
            r["effects"] = [placed[0], second]
        r["lines"].append(f"No Minion on the board: rolled {', '.join(map(str, rolls))} (Events re-rolled); the Minion goes to {where} and {where2}.")
        return r
    if sub == "surge":
        r, rolls = one_roll(state, where, where2, roll, prefix, text, "ignored")
        return r
    if sub == "storm":
        found, rolls = roll_until(state, is_event)
        r = build_result(state, found, where, where2, table="coop", roll=roll, forced_random=True, name_prefix=prefix,
                         extra_text=text, attack_without_hero="ignored", bonus_combat=3)
        r["sub_rolls"] = rolls
        r["lines"].insert(0, f"Discard every Weather Mystery card in play. Rolled {', '.join(map(str, rolls))} (anything but an Event re-rolled).")
        return r
    # ambush
    heroes = [h for h in state["heroes"] if not h["knocked_out"]]
    target, lines = None, []
    if heroes:
        contenders = heroes
        for _ in range(6):
            scores = {h["name"]: take_d6(state) + (h["cunning"] or 0) for h in contenders}
            lines.append("D6 + Cunning: " + ", ".join(f"{n} {s}" for n, s in scores.items()))
            low = min(scores.values())
            lowest = [n for n, s in scores.items() if s == low]
            if len(lowest) == 1:
                target = lowest[0]
                break
            contenders = [h for h in contenders if h["name"] in lowest]  # a tie does not count: the tied roll again
        if any(h["cunning"] is None for h in heroes):
            lines.append("Some Heroes have no Cunning on their phone: their roll counts the die alone.")
    found, rolls = roll_until(state, lambda e: not is_event(e) and MINIONS.get(minion_name(e), {}).get("dice", 1) > 0)
    hero = state_hero(state, target) if target else None
    spot = hero["location"] if hero and hero["location"] else where
    r = build_result(state, found, spot, where2, table="coop", roll=roll, forced_random=True, name_prefix=prefix, extra_text=text)
    r["effects"] = [e for e in r["effects"] if not e.get("another")][:1]
    r["sub_rolls"] = rolls
    lines.append(f"{target} is ambushed at {spot}: no Items, Allies or abilities in the first Round, and the Minion rolls double dice."
                 if target else "No Hero to ambush.")
    r["lines"] = lines + r["lines"]
    r["hero"] = target
    return r


def lowest_and_highest(state, skill: str) -> tuple[str | None, str | None, list[str]]:
    """Every Hero rolls a D6 plus a skill; ties for the lowest or the highest roll again."""
    heroes = [h for h in state["heroes"] if not h["knocked_out"]]
    if len(heroes) < 2:
        return None, None, ["Fewer than two Heroes stand: nobody fights."]
    lines, ends = [], {}
    for end, pick in (("low", min), ("high", max)):
        contenders = heroes if end == "low" else [h for h in heroes if h["name"] != ends["low"]]
        for _ in range(6):
            scores = {h["name"]: take_d6(state) + (h[skill] or 0) for h in contenders}
            lines.append(f"D6 + {skill.capitalize()}: " + ", ".join(f"{n} {v}" for n, v in scores.items()))
            best = pick(scores.values())
            tied = [n for n, v in scores.items() if v == best]
            if len(tied) == 1:
                ends[end] = tied[0]
                break
            contenders = [h for h in contenders if h["name"] in tied]
    if any(h[skill] is None for h in heroes):
        lines.append(f"Some Heroes have no {skill.capitalize()} on their phone: their roll counts the die alone.")
    return ends.get("low"), ends.get("high"), lines


def madness_obsession(state) -> list[str]:
    low, high, lines = lowest_and_highest(state, "honor")
    if low and high:
        lines.append(f"{low} fights one Battle Round against {high}; each gains 1 Investigation per Damage dealt "
                     "(at least their base Combat in dice).")
    return lines


def minion_name(entry) -> str:
    for eff in entry["effects"]:
        if eff["do"] == "minion":
            return eff["minion"]
    return entry["name"]


def one_roll(state, where, where2, roll, prefix, text, attack_without_hero):
    r1 = take_d6(state)
    found = entry_for(state, r1)
    r = build_result(state, found, where, where2, table="coop", roll=roll, forced_random=True, name_prefix=prefix,
                     extra_text=text, attack_without_hero=attack_without_hero)
    r["sub_rolls"] = [r1]
    r["lines"].insert(0, f"Villain Minion Table: {r1}, in a Random Location ({where}).")
    return r, [r1]


def hero_of_roll(state, action, seat) -> str | None:
    if action.get("hero"):
        h = state_hero(state, action["hero"])
        if h is None:
            raise RuleError(f"No Hero called {action['hero']} is in this hunt.")
        return h["name"]
    mine = my_hero(state, seat) if seat is not None else None
    return mine["name"] if mine else None


def effect_label(state, eff, last) -> str:
    d = eff["do"]
    where = last["where2"] if eff.get("loc") == "second" else last["where"]
    cond = " (only if no Hero is there)" if eff.get("if") == "no hero" else ""
    if d == "shadow":
        return f"Move the Shadow Track {eff['steps'] if eff['steps'] != 'd3' else 'D3'} toward Darkness{cond}"
    if d == "investigations":
        return f"Put {eff['n']} Investigations at {where}{cond}"
    if d == "terrain":
        return f"Place a {'Swamp' if eff['terrain'] == 'swamp' else 'Summoning Circle'} at {where}" + (" and roll the ritual's D6" if eff.get("ritual") else "")
    if d == "minion":
        return f"Place {eff['minion']} at {where}"
    if d == "watchman":
        return f"Watchman at {where}" if state["watchman"]["status"] != "board" else f"Move the Watchman to {where}"
    if d == "location":
        return f"Random Location: {where}"
    if d == "murder":
        return f"Murder!: {villain(state)['murder']['name']} at {where}"
    if d == "move_minion":
        m = next((m for m in state["minions"] if m["id"] == eff["id"]), None)
        return f"Move {m['name']} (at {m['location']})" if m else "That Minion has left the board"
    if d == "move_watchman":
        return f"Move the Watchman (at {state['watchman']['location']})"
    if d == "honor_check":
        return f"Every Hero's Honor check ({eff['at_least']}+): the app rolls it"
    if d == "gather":
        return f"Every Hero moves to the Lair at {where} (then begin the Showdown, free)"
    if d == "each_hero":
        return f"Every Hero gains {eff['n']} Investigation{'s' if eff['n'] != 1 else ''}"
    if d == "roll":
        return "Roll a D6"
    return d


def resolve(state, a):
    last = state["last"]
    if not last:
        raise RuleError("There is no table result to apply.")
    if a["effect"] == -1:
        todo = [i for i, e in enumerate(last["effects"]) if not e["done"] and e["do"] not in ("move_minion", "move_watchman")]
        if not todo:
            raise RuleError("Every effect of this result is applied already (Minion moves need a place each).")
        for i in todo:
            resolve_one(state, last, i, None, a)
        return
    if a["effect"] >= len(last["effects"]):
        raise RuleError("That result has no such effect.")
    resolve_one(state, last, a["effect"], a.get("location"), a)


def resolve_one(state, last, i, location, a):
    eff = last["effects"][i]
    if eff["done"]:
        raise RuleError("That effect was already applied.")
    key = "where2" if eff.get("loc") == "second" else "where"
    if location:
        if location not in locations(state["options"]):
            raise RuleError(f"{location} is not a space on this board.")
        if eff["do"] not in ("move_minion", "move_watchman"):
            last[key] = location  # the result's other effects follow the place chosen
    where = location or last[key]
    d = eff["do"]
    if d == "shadow":
        steps = eff["steps"]
        if steps == "d3":
            steps = (a["roll"] - 1) % 3 + 1
        move_shadow(state, steps, last["name"])
    elif d == "investigations":
        note(state, f"{eff['n']} Investigations at {where} ({last['name']}).")
    elif d == "terrain":
        if eff.get("ritual"):
            ritual = a["roll"] if state["terrain"].get(where) is None else None
            place_terrain(state, where, "circle", last["name"], ritual_roll=ritual)
        else:
            place_terrain(state, where, eff["terrain"], last["name"])
    elif d == "minion":
        add_minion(state, eff["minion"], where)
    elif d == "watchman":
        watchman_place(state, where)
    elif d == "murder":
        murder(state, where, "the Advanced table's 8")
    elif d == "honor_check":
        honor_checks(state, eff, last["name"])
    elif d == "gather":
        for h in state["heroes"]:
            h["location"] = where
        note(state, f"Surprise: every Hero is at the Lair at {where}; the Showdown there costs no Investigations "
                    "and forms no Hunting Party of Elders.")
    elif d == "each_hero":
        for h in state["heroes"]:
            h["investigations"] += eff["n"]
        note(state, f"{last['name']}: every Hero gains {eff['n']} Investigation(s)"
                    + ("" if state["heroes"] else " (the app tracks no Hero: add them on the Hero sheets)") + ".")
    elif d == "move_minion":
        m = next((m for m in state["minions"] if m["id"] == eff["id"]), None)
        if m is None:
            raise RuleError("That Minion has left the board.")
        if not location:
            raise RuleError("Say where the Minion ends up.")
        note(state, f"{m['name']} marches {m['location']} → {location}.")
        m["location"] = location
    elif d == "move_watchman":
        if not location:
            raise RuleError("Say where the Watchman ends up.")
        watchman_place(state, location)
    else:
        note(state, f"{last['name']}: {effect_label(state, eff, last)}" + (f" → {a['roll']}" if d == "roll" else "") + ".")
    eff["done"] = True


def honor_checks(state, eff, name: str):
    """Every Hero rolls its Honor in dice: each success pays; no success costs an Event card or an Ally."""
    if not state["heroes"]:
        state["prompts"].append(f"{name}: every Hero makes the Honor check at the table (the app tracks no Hero).")
    for h in state["heroes"]:
        if h["honor"] is None:
            state["prompts"].append(f"{name}: {h['name']} has no Honor on the phone; roll the check at the table.")
            continue
        faces = [take_d6(state) for _ in range(h["honor"])]
        wins = sum(1 for f in faces if f >= eff["at_least"])
        if wins:
            h["investigations"] += wins * eff["per_success"]
            note(state, f"{name}: {h['name']} rolls {' '.join(map(str, faces))}, {wins} success(es): +{wins * eff['per_success']} Investigations.")
        else:
            note(state, f"{name}: {h['name']} rolls {' '.join(map(str, faces)) or 'no dice'} and fails.")
            state["prompts"].append(f"{name}: {h['name']} failed the Honor check: discard an Event card or an Ally.")


def murder(state, where: str, source: str):
    """The Villain's Murder! ability, wherever Murder! enters play (the card, or the Advanced 8)."""
    m = villain(state)["murder"]
    if m.get("roll_at_least"):
        roll = take_d6(state)
        if roll >= m["roll_at_least"]:
            note(state, f"{m['name']} ({source}): rolled {roll}, {m['minion']} joins the Investigations at {where}.")
            add_minion(state, m["minion"], where)
        else:
            note(state, f"{m['name']} ({source}): rolled {roll}, nothing more.")
    if m.get("terrain"):
        note(state, f"{m['name']} ({source}): a Swamp at {where}.")
        place_terrain(state, where, m["terrain"], m["name"])
    if m.get("investigations"):
        note(state, f"{m['name']} ({source}): {m['investigations']} more Investigations at {where} and "
                    f"{m['neighbours']} on each space next to it.")
        remind(state, f"{m['name']}: put {m['investigations']} more Investigations at {where} and {m['neighbours']} on each space next to it.")
        move_shadow(state, m["shadow"], m["name"])


def watchman_place(state, where: str):
    w = state["watchman"]
    if w["status"] == "gone":
        state["minions"].append({"id": state["next_minion"], "name": "Barrow Shades", "location": where, "wounds": 0})
        state["next_minion"] += 1
        note(state, f"The Watchman is gone for good: Barrow Shades appear at {where}.")
        return
    if w["status"] == "board":
        note(state, f"The Watchman is unique: it moves from {w['location']} to {where}.")
    else:
        note(state, f"The Watchman appears at {where}.")
    state["watchman"] = {"status": "board", "location": where}


# ------------------------------------------------------------------ the Mystery Phase

WAITS = ("coop_table", "mystery_card")


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
                extra.append("Growing Darkness: the app rolls once on the Villain Minion Table; a Minion or an attack lands in a Random Location.")
            if opts["rules"].get("holding_back_the_darkness") and coop and state["shadow"] >= state["track"]["red_from"]:
                extra.append("Holding Back the Darkness: if every Hero pays 2 Investigations, move the track 1 back (once a turn).")
        if s["key"] == "villain_heals" and v.get("healing"):
            h = v["healing"]
            extra.append({"showdown_round": "Ferocity heals after each Showdown Battle Round, not here.",
                          "unfinished_showdown": "If a Showdown ended with the Villain alive, it heals D3 and gains a +1 Wound marker (the app does it)."}[h["after"]])
        if s["key"] == "coop_table":
            extra.append("Roll 2D6 on the Advanced table." if advanced_table(state)
                         else "Roll on the base game's Co-operative table.")
        steps.append({"key": s["key"], "text": s["text"], "extra": extra, "did": []})
    return steps


def run_step(state, step):
    """What the app does itself at a step of the Mystery Phase."""
    v = villain(state)
    did = step["did"]
    if step["key"] == "minions_move":
        for m in state["minions"]:
            if m["name"] == "Grotesques":
                to = take_place(state, avoid=m["location"])
                did.append(f"Grotesques {m['location']} → {to}.")
                note(state, f"Grotesques jump {m['location']} → {to}.")
                m["location"] = to
            elif m["name"] == "Living Statues":
                did.append(f"Living Statues at {m['location']}: move them 1 space toward the Town Hall (Board).")
    elif step["key"] == "start":
        if v.get("mystery_start_ritual"):
            where = take_place(state)
            roll = summoning_ritual(state, where, "End of Time")
            did.append(f"End of Time: Summoning Ritual at {where}" + (f", ritual D6 {roll}." if roll is not None else "."))
        if state["options"]["rules"].get("growing_darkness"):
            r = take_d6(state)
            entry = entry_for(state, r)
            state["last"] = build_result(state, entry, take_place(state), take_place(state), table="minion", roll=r,
                                         forced_random=True, name_prefix="Growing Darkness → ")
            did.append(f"Growing Darkness: Minion Table {r}, {entry['name']} (apply it under Tables).")
            note(state, f"Growing Darkness: Minion Table roll {r}: {entry['name']}.")
    elif step["key"] == "recover":
        for h in state["heroes"]:
            if h["knocked_out"]:
                h["knocked_out"] = False
                h["wounds"] = 0
                did.append(f"{h['name']} recovers.")
                note(state, f"{h['name']} recovers from the Knock Out.")
    elif step["key"] == "villain_heals":
        if state["heal_due"]:
            roll = take_d6(state)
            healed = min(state["wounds"], (roll - 1) % 3 + 1)
            state["wounds"] -= healed
            state["plus_wounds"] += (v.get("healing") or {}).get("plus_wound", 0)
            state["heal_due"] = False
            did.append(f"{v['name']} heals {healed} (D3 from a {roll}) and gains a +1 Wound marker.")
            note(state, did[-1])
    elif step["key"] == "first_player":
        heroes = hero_names(state)
        if heroes:
            state["first"] = (state["first"] + 1) % len(heroes)
            did.append(f"{heroes[state['first']]} is now the First Player.")
            note(state, did[-1])


def advance(state):
    """Run the Mystery Phase's steps until one waits for the table (a roll, the Mystery card)."""
    m = state["mystery"]
    while m["index"] < len(m["steps"]):
        step = m["steps"][m["index"]]
        if step["key"] in WAITS and not step.get("passed"):
            return
        run_step(state, step)
        m["index"] += 1
    if state["options"]["mode"] == "lone_hero":  # a lone Hero knocked out in the phase is back at its end
        for h in state["heroes"]:
            if h["knocked_out"]:
                h["knocked_out"], h["wounds"] = False, 0
                note(state, f"{h['name']} is revived at the end of the Mystery Phase (a lone Hero).")
    state["mystery"] = None
    state["round"] += 1
    note(state, f"Turn {state['round']} begins.")


def mystery_op(state, a):
    if a["op"] == "start":
        if state["mystery"]:
            raise RuleError("The Mystery Phase is already under way.")
        if state["showdown"]:
            raise RuleError("Finish the Showdown first.")
        state["mystery"] = {"steps": mystery_steps(state), "index": 0, "cards_due": 1, "cards": []}
        note(state, "The Mystery Phase begins.")
        advance(state)
        return
    m = state["mystery"]
    if not m:
        raise RuleError("Start the Mystery Phase first.")
    m["steps"][m["index"]]["passed"] = True
    advance(state)


def pass_step(state, key: str):
    m = state["mystery"]
    if m and m["index"] < len(m["steps"]) and m["steps"][m["index"]]["key"] == key:
        m["steps"][m["index"]]["passed"] = True
        advance(state)


def mystery_card(state, a):
    where = a.get("location")
    if where and where not in locations(state["options"]):
        raise RuleError(f"{where} is not a space on this board.")
    name = a["name"].strip()
    is_murder = a["murder"] or name.lower().strip("!. ") in ("murder", "murder... murder")
    if not is_murder and not name:
        name = "a card with nothing for the app to do"
    if is_murder:
        where = where or take_place(state)
        state["last_card"] = {"name": "Murder!", "where": where}
        note(state, f"Mystery card: Murder! at {where} (the card's own Investigations go there).")
        murder(state, where, "the Mystery card")
    else:
        state["last_card"] = {"name": name, "where": None}
        note(state, f"Mystery card: {name} (the app knows no more of it: apply it at the table).")
    m = state["mystery"]
    if m and m["index"] < len(m["steps"]) and m["steps"][m["index"]]["key"] == "mystery_card":
        m["cards"].append(state["last_card"]["name"])
        if len(m["cards"]) >= m["cards_due"]:
            pass_step(state, "mystery_card")


# ------------------------------------------------------------------ heroes

def hero_names(state) -> list[str]:
    return [h["name"] for h in state["heroes"]] or list(state["options"].get("heroes") or [])


def state_hero(state, name: str | None) -> dict | None:
    return kernel.lookup(state["heroes"], name) if name else None


def my_hero(state, seat) -> dict | None:
    return kernel.player_of(state["heroes"], seat) if seat is not None else None


def hero_op(state, a, seat):
    h = state_hero(state, a["name"])
    if h is None:
        raise RuleError(f"No Hero called {a['name']} is in this hunt.")
    kernel.may_act_for(seat, h["name"], (my_hero(state, seat) or {}).get("name"))
    changes = []
    if a["location"] is not None:
        if a["location"] not in locations(state["options"]):
            raise RuleError(f"{a['location']} is not a space on this board.")
        h["location"] = a["location"]
        changes.append(f"at {a['location']}")
    if a["health"] is not None:
        h["health"] = a["health"]
        changes.append(f"Health {a['health']}")
    if a["investigations"]:
        if h["investigations"] + a["investigations"] < 0:
            raise RuleError(f"{h['name']} holds only {h['investigations']} Investigations.")
        h["investigations"] += a["investigations"]
        changes.append(f"{h['investigations']} Investigations")
    if a["wounds"]:
        h["wounds"] = max(0, h["wounds"] + a["wounds"])
        changes.append(f"{h['wounds']} Wounds")
    for counter, label in (("bombs", "Bombs spent"), ("stone", "Transformation markers")):
        if a[counter]:
            if h[counter] + a[counter] < 0:
                raise RuleError(f"{h['name']} has no {label} to take off.")
            h[counter] += a[counter]
            changes.append(f"{h[counter]} {label}")
    for skill in ("combat", "cunning", "spirit", "honor"):
        if a[skill] is not None:
            h[skill] = a[skill]
            changes.append(f"{skill.capitalize()} {a[skill]}")
    if a["item"]:
        if len(h["items"]) >= 40:
            raise RuleError("That is more cards than any Hero carries.")
        h["items"].append(a["item"])
        changes.append(f"takes {a['item']}")
    if a["drop"] is not None:
        if a["drop"] >= len(h["items"]):
            raise RuleError(f"{h['name']} has no such card.")
        changes.append(f"gives up {h['items'].pop(a['drop'])}")
    if not changes:
        raise RuleError("Nothing to change.")
    note(state, f"{h['name']}: " + ", ".join(changes) + ".")
    if h["health"] and h["wounds"] >= h["health"] and not h["knocked_out"]:
        knock_out(state, h["name"])


def claim_op(state, a, seat):
    h = state_hero(state, a["name"])
    if h is None:
        raise RuleError(f"No Hero called {a['name']} is in this hunt.")
    if seat.trusted != PLAYER:
        raise RuleError("A player's phone takes a Hero.")
    mine = my_hero(state, seat)
    if mine is not None:
        raise RuleError(f"This phone already plays {mine['name']}.")
    if h["seat"] is not None:
        raise RuleError(f"Another phone plays {h['name']}.")
    h["seat"] = seat.id
    note(state, f"{seat.name}'s phone plays {h['name']}.")


def knock_out(state, name: str):
    h = state_hero(state, name)
    state["knockouts"] += 1
    if h is not None:
        h["knocked_out"] = True
        h["knockouts"] += 1
        home = "Monastery" if h["location"] in mirror_lake_spaces(state["options"]) and "Monastery" in locations(state["options"]) else "Town Hall"
        h["location"] = home
        note(state, f"{h['name']} is Knocked Out and goes to the {home} (the rest as the base game says).")
        if state["showdown"] and h["name"] in state["showdown"]["party"]:
            state["showdown"]["party"].remove(h["name"])
            state["showdown"]["out"].append(h["name"])
    else:
        note(state, f"{name} is Knocked Out.")
    after_villain_kill(state, "a Hero was Knocked Out")
    if level(state)["third_knockout_loses"] and state["knockouts"] >= 3:
        state["lost"] = "Third Knock Out at the Apocalyptic level: the hunt is lost."
    if state["showdown"] and not state["showdown"]["party"]:
        end_showdown(state, "every Hero of the party is Knocked Out")


def do_knockout(state, a):
    if state["heroes"] and state_hero(state, a["hero"]) is None:
        raise RuleError(f"No Hero called {a['hero']} is in this hunt.")
    h = state_hero(state, a["hero"])
    if h and h["knocked_out"]:
        raise RuleError(f"{h['name']} is Knocked Out already.")
    knock_out(state, a["hero"])


# ------------------------------------------------------------------ the Showdown

def villain_health(state) -> int | None:
    s = state["showdown"]
    if not s:
        return None
    v = villain(state)
    total = s["health"] + state["plus_wounds"] + s["bonus"]
    if v.get("watchman") and state["watchman"]["status"] == "board":
        total += 2
    if v.get("swamp_lair_wound") and state["terrain"].get(s["location"]) in ("swamp", "flooded"):
        total += 1
    return total


def villain_fight(state, hero: dict) -> tuple[int, list[str]]:
    s, v = state["showdown"], state["options"]["villain"]
    dice, why = s["fight"], []
    if VILLAINS[v].get("swamp_lair_wound") and state["terrain"].get(s["location"]) in ("swamp", "flooded"):
        dice += 1
        why.append("+1 Swamp Lair")
    if v == "banshee" and hero.get("spirit") is not None and hero["spirit"] < 4:
        dice += 1
        why.append("+1 Ghost")
    return dice, why


def showdown_op(state, a, seat):
    op = a["op"]
    s = state["showdown"]
    if op == "start":
        if s:
            raise RuleError("A Showdown is already under way.")
        if state["mystery"]:
            raise RuleError("Finish the Mystery Phase first.")
        health = a["health"] or state["sheet"]["health"]
        fight = a["fight"] or state["sheet"]["fight"]
        if not health or not fight:
            raise RuleError("Give the Villain's Health and Fight dice from its sheet (the rulebook does not print them).")
        party = a["party"] if a["party"] is not None else [h["name"] for h in state["heroes"] if not h["knocked_out"]]
        names = []
        for n in party:
            h = state_hero(state, n)
            if h is None:
                raise RuleError(f"No Hero called {n} is in this hunt.")
            if h["knocked_out"]:
                raise RuleError(f"{h['name']} is Knocked Out.")
            if h["name"] not in names:
                names.append(h["name"])
        if not names:
            raise RuleError("A Showdown needs at least one Hero.")
        elders = []
        for n in a["elders"] or []:
            e = kernel.lookup(state["elders"], n)
            if e is None or e["status"] != "alive":
                raise RuleError(f"{n} is not a living Town Elder.")
            elders.append(e["name"])
        where = a["location"]
        if where and where not in locations(state["options"]):
            raise RuleError(f"{where} is not a space on this board.")
        state["sheet"] = {"health": health, "fight": fight}
        state["showdown"] = {"party": names, "out": [], "elders": elders, "health": health, "fight": fight, "bonus": a["bonus"],
                             "location": where, "round": 1, "attacked": [], "villain_rolled": False, "rolls": []}
        for n in names:
            h = state_hero(state, n)
            if where:
                h["location"] = where
        note(state, f"Showdown{' at ' + where if where else ''}: {', '.join(names)}"
                    + (f" with {', '.join(elders)}" if elders else "") + f" against {villain(state)['name']} "
                    + f"(Health {villain_health(state)}, Fight {fight}).")
        if level(state)["showdown_table"]:
            remind(state, "Insane / Apocalyptic: roll on the base game's Additional Showdown Table each Battle Round.")
        return
    if not s:
        raise RuleError("No Showdown is under way.")
    if op == "attack":
        h = state_hero(state, a["hero"] or (my_hero(state, seat) or {}).get("name"))
        if h is None:
            raise RuleError("Say which Hero attacks.")
        kernel.may_act_for(seat, h["name"], (my_hero(state, seat) or {}).get("name"))
        if h["name"] not in s["party"]:
            raise RuleError(f"{h['name']} is not fighting in this Showdown.")
        if h["name"] in s["attacked"]:
            raise RuleError(f"{h['name']} has attacked this Battle Round already.")
        n = a["attack_dice"] if a["attack_dice"] is not None else h["combat"]
        if not n:
            raise RuleError(f"Give {h['name']}'s Battle Dice (Combat) for this attack.")
        extra = []
        if a["token_from"]:
            e = kernel.lookup(state["elders"], a["token_from"])
            if e is None or e["name"] not in s["elders"]:
                raise RuleError(f"{a['token_from']} is not in the Hunting Party.")
            if e["permission"] < 1:
                raise RuleError(f"{e['name']} has no Permission Token.")
            e["permission"] -= 1
            n += 2
            extra.append(f"{e['name']}'s Permission Token +2")
        if a["last_hope"]:
            if state["options"]["villain"] != "unspeakable_horror":
                raise RuleError("Last Hope is the Unspeakable Horror's.")
            if h["investigations"] < 2 * a["last_hope"]:
                raise RuleError(f"{h['name']} holds only {h['investigations']} Investigations.")
            h["investigations"] -= 2 * a["last_hope"]
            n += a["last_hope"]
            extra.append(f"Last Hope +{a['last_hope']}")
        faces = [take_d6(state) for _ in range(min(n, 30))]
        hits = sum(1 for f in faces if f >= 5)
        s["attacked"].append(h["name"])
        s["rolls"].append({"who": h["name"], "faces": faces, "hits": hits})
        state["wounds"] += hits
        note(state, f"{h['name']} attacks with {n} dice" + (f" ({', '.join(extra)})" if extra else "")
                    + f": {' '.join(map(str, faces))}, {hits} Wound(s) on {villain(state)['name']}.")
        if state["wounds"] >= villain_health(state):
            state["won"] = f"{villain(state)['name']} is defeated: the Heroes win the hunt."
            note(state, state["won"])
        return
    if op == "villain":
        if s["villain_rolled"]:
            raise RuleError("The Villain has attacked this Battle Round already.")
        s["villain_rolled"] = True
        v = state["options"]["villain"]
        for name in list(s["party"]):
            h = state_hero(state, name)
            dice, why = villain_fight(state, h)
            faces = [take_d6(state) for _ in range(dice)]
            if v == "gargoyle":  # Underwater Attack: its misses rolled again first, once an attack
                faces = [f if f >= 5 else take_d6(state) for f in faces]
                why.append("misses re-rolled")
            hits = sum(1 for f in faces if f >= 5)
            sixes = sum(1 for f in faces if f == 6)
            s["rolls"].append({"who": f"{villain(state)['name']} → {name}", "faces": faces, "hits": hits})
            text = f"{villain(state)['name']} attacks {name} with {dice} dice" + (f" ({', '.join(why)})" if why else "") \
                + f": {' '.join(map(str, faces))}, {hits} Wound(s)"
            if sixes and v == "gargoyle":
                text += f"; {sixes} Stone Touch (a Stone Curse; Cunning 5+ dodges one each)"
            if sixes and v == "banshee":
                text += f"; Death Wail: {sixes} × pay 2 Investigations or take 1 more Damage"
            note(state, text + ". Armour, Items and Events: adjust on the Hero's phone.")
            h["wounds"] += hits
            if h["health"] and h["wounds"] >= h["health"]:
                knock_out(state, name)
        return
    if op == "round":
        heal = ""
        rule = villain(state).get("healing") or {}
        if rule.get("after") == "showdown_round":
            dice = heal_dice(state)
            roll = (take_d6(state) - 1) % 3 + 1 if dice == "d3" else take_d6(state)
            healed = min(state["wounds"], roll)
            state["wounds"] -= healed
            heal = f" Ferocity: {villain(state)['name']} heals {healed} ({dice} {roll})."
        note(state, f"Battle Round {s['round']} ends.{heal}")
        s["round"] += 1
        s["attacked"], s["villain_rolled"] = [], False
        return
    end_showdown(state, "the Heroes leave the fight")


def end_showdown(state, why: str):
    rule = villain(state).get("healing") or {}
    state["showdown"] = None
    note(state, f"The Showdown ends: {why}; {villain(state)['name']} lives.")
    if rule.get("after") == "unfinished_showdown":
        state["heal_due"] = True
        remind(state, f"{villain(state)['name']} heals D3 and gains a +1 Wound marker at the next Mystery Phase (the app does it).")


# ------------------------------------------------------------------ the rest of the moves

def do_configure(state, a):
    if state["configured"] and not a["confirm"]:
        raise RuleError("The hunt is set up already: tick the box to set it up again (what you set is kept in the form).")
    new = setup(a["options"])
    new["configured"] = True
    return new


def do_facts(state, a):
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
            raise RuleError(f"Something stands at {', '.join(missing)}: keep those spaces in the list.")
        opts["locations"] = locs
    if a["roads"] is not None:
        rds = [r.strip() for r in a["roads"] if r.strip()]
        bad = [r for r in rds if r not in locations(opts)]
        if bad:
            raise RuleError(f"{', '.join(bad)} is not a space on this board.")
        if len(rds) >= len(locations(opts)):
            raise RuleError("At least one space must be a location a Lair card can name.")
        opts["roads"] = rds
    if a["elders"] is not None:
        try:
            names = clean_names(a["elders"], "Town Elders", len(state["elders"]), len(state["elders"]))
        except ValueError as err:
            raise RuleError(f"Give the {len(state['elders'])} Town Elders' names, each different, in the same order.") from err
        for e, n in zip(state["elders"], names, strict=True):
            e["name"] = n
        opts["elders"] = names
    if a["track"] is not None:
        if state["shadow"] > a["track"]["length"]:
            raise RuleError(f"The Shadow Track stands at {state['shadow']}: the track must be at least that long.")
        state["track"] = a["track"]
        opts["track"] = a["track"]
    if a["base_coop_table"] is not None:
        try:
            TouchOfEvilOptions.six_entries(a["base_coop_table"])
        except ValueError as err:
            raise RuleError(str(err).capitalize() + ".") from None
        opts["base_coop_table"] = [x.strip() for x in a["base_coop_table"]]
    if all(a.get(k) is None for k in ("locations", "roads", "elders", "track", "base_coop_table")):
        raise RuleError("Nothing to change: every fact is as it was.")
    note(state, "The host changed the table's facts.")


def why_not_hold_back(state) -> str | None:
    """Why the Heroes cannot Hold Back the Darkness now (None: they can)."""
    if not state["options"]["rules"].get("holding_back_the_darkness"):
        return "Holding Back the Darkness is not one of this hunt's rules."
    if not cooperative(state):
        return "Holding Back the Darkness is for co-operative games."
    m = state["mystery"]
    if not m or m["index"] > next(i for i, st in enumerate(m["steps"]) if st["key"] == "mystery_card"):
        return "The Darkness is held back at the start of a Mystery Phase."
    if m.get("held_back"):
        return "The Darkness was held back this turn already."
    if state["shadow"] < state["track"]["red_from"]:
        return "The Shadow Track is not in the red."
    if not state["heroes"]:
        return "The app tracks no Hero to pay."
    poor = [h["name"] for h in state["heroes"] if h["investigations"] < 2]
    if poor:
        return f"Every Hero pays 2 Investigations, and {', '.join(poor)} cannot."
    return None


def do_hold_back(state, a):
    why = why_not_hold_back(state)
    if why:
        raise RuleError(why)
    for h in state["heroes"]:
        h["investigations"] -= 2
    state["mystery"]["held_back"] = True
    move_shadow(state, -1, "Holding Back the Darkness (every Hero paid 2 Investigations)")


def do_dismiss(state, a):
    if a["index"] >= len(state["prompts"]):
        raise RuleError("There is no such reminder.")
    state["prompts"].pop(a["index"])


def do_shadow(state, a):
    if a["steps"] == 0:
        raise RuleError("Move the Shadow Track at least one step.")
    move_shadow(state, a["steps"], a["reason"] or "moved by hand")


def do_coop_table(state, a):
    if not advanced_table(state):
        raise RuleError("The Advanced Co-operative table is switched off for this hunt (an option, or a lone Hero's level)."
                        if cooperative(state) else
                        "The Advanced Co-operative table is for co-operative games (or switched on as an option).")
    table_result(state, a, "coop")
    pass_step(state, "coop_table")


def base_entries(state) -> list[str]:
    return state["options"].get("base_coop_table") or DATA["base_coop_table"]["entries"]


def do_base_coop_table(state, a):
    if not cooperative(state):
        raise RuleError("The base co-operative table is for co-operative games.")
    if advanced_table(state):
        raise RuleError("This hunt uses the Advanced table instead.")
    text = base_entries(state)[a["roll"] - 1]
    state["last"] = {"table": "base", "roll": a["roll"], "name": f"Co-operative table {a['roll']}", "kind": "event", "text": text,
                     "effects": [], "where": None, "where2": None, "lines": [], "hero": None}
    note(state, f"Co-operative table roll {a['roll']}: {text}")
    pass_step(state, "coop_table")


def do_terrain(state, a):
    loc = a["location"]
    if loc not in locations(state["options"]):
        raise RuleError(f"{loc} is not a space on this board.")
    if a["terrain"] == "clear":
        if loc not in state["terrain"]:
            raise RuleError(f"{loc} has no marker.")
        state["terrain"].pop(loc, None)
        note(state, f"{loc} is cleared of markers.")
        return
    own = villain(state).get("terrain")
    if own and own != a["terrain"]:
        raise RuleError(f"{villain(state)['name']} brings {'Swamps' if own == 'swamp' else 'Summoning Circles'}, not those.")
    if not own:
        raise RuleError(f"{villain(state)['name']} brings no terrain markers.")
    if a["terrain"] == "circle" and state["terrain"].get(loc) is None:
        place_terrain(state, loc, "circle", "placed by hand", ritual_roll=a["roll"])
    else:
        place_terrain(state, loc, a["terrain"], "placed by hand")


def do_villain(state, a):
    if not a["wounds"] and not a["plus_wounds"]:
        raise RuleError("Nothing to change.")
    state["wounds"] = max(0, state["wounds"] + a["wounds"])
    state["plus_wounds"] = max(0, state["plus_wounds"] + a["plus_wounds"])
    note(state, f"Villain: {state['wounds']} Wounds, {state['plus_wounds']} +1 Wound markers"
                + (f" ({a['reason']})" if a["reason"] else "") + ".")
    if state["showdown"] and state["wounds"] >= villain_health(state):
        state["won"] = f"{villain(state)['name']} is defeated: the Heroes win the hunt."
        note(state, state["won"])


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


def do_battle(state, a):
    hits = sum(1 for f in a["faces"] if f >= a["hit"])
    state["last_battle"] = {"faces": a["faces"], "hit": a["hit"], "hits": hits}
    note(state, f"Battle: {a['dice']} dice hitting on {a['hit']}+: {hits} hit(s).")


def not_started(state) -> str | None:
    return "The hunt has begun; start a new table to change the villain or the mode." if state["log"] else None


def not_over(state) -> str | None:
    return state["lost"] or state["won"] or None


def move(handler, when=not_over, roles=(HOST, PLAYER), refusal=None) -> kernel.Move:
    return kernel.Move(lambda s, a, _seat: handler(s, a), roles, when, refusal)


def seated(handler, when=not_over, roles=(HOST, PLAYER)) -> kernel.Move:
    return kernel.Move(handler, roles, when)


def after_villain_kill(state, what: str):
    v = state["options"]["villain"]
    if v == "banshee":
        state["plus_wounds"] += 1
        note(state, f"Willow Vine: {what}, the Banshee gains a +1 Wound marker.")
    if state["options"]["rules"].get("evil_endurance"):
        each = "+1 Wound each" if cooperative(state) else "+2 Wounds each"
        state["prompts"].append(f"Evil Endurance: {what}; the Heroes take {each}.")


def minion_choices(state) -> list[str]:
    return list(villain(state).get("foes", []))


def minion_op(state, a):
    if a["op"] == "place":
        if not a["name"] or not a.get("location"):
            raise RuleError("Name the Minion and where it goes.")
        if a["location"] not in locations(state["options"]):
            raise RuleError(f"{a['location']} is not a space on this board.")
        if a["name"].lower() == "watchman":
            if not villain(state).get("watchman"):
                raise RuleError("Only the Banshee brings the Watchman.")
            return watchman_place(state, a["location"])
        known = {n.lower(): n for n in minion_choices(state)}
        if a["name"].lower() not in known:
            raise RuleError(f"{villain(state)['name']}'s Minions are {', '.join(minion_choices(state))}.")
        add_minion(state, known[a["name"].lower()], a["location"])
        return
    m = next((m for m in state["minions"] if m["id"] == a.get("id")), None)
    if m is None:
        raise RuleError("There is no such Minion on the board.")
    if a["op"] == "remove":
        state["minions"].remove(m)
        note(state, f"{m['name']} at {m['location']} is removed.")
    elif a["op"] == "wound":
        wound_minion(state, m, a["wounds"])
    else:
        if a.get("location") not in locations(state["options"]):
            raise RuleError("Say where the Minion moves.")
        if a["location"] == m["location"]:
            raise RuleError(f"{m['name']} is at {m['location']} already.")
        note(state, f"{m['name']} moves {m['location']} → {a['location']}.")
        m["location"] = a["location"]


def wound_minion(state, m: dict, n: int):
    """Damage dealt to a Minion: the Fallen's Wings shrug off each Damage on 4+, the Living
    Statues all of a blow on one 4+; at its Health the Minion is destroyed and pays its reward."""
    info = MINIONS.get(m["name"], {})
    ignore = info.get("ignore")
    taken, rolls = n, []
    if ignore and ignore["per"] == "damage":
        rolls = [take_d6(state) for _ in range(n)]
        taken = sum(1 for r in rolls if r < ignore["at_least"])
    elif ignore:
        rolls = [take_d6(state)]
        taken = 0 if rolls[0] >= ignore["at_least"] else n
    m["wounds"] += taken
    why = f" (rolled {' '.join(map(str, rolls))}: {n - taken} ignored)" if rolls else ""
    note(state, f"{m['name']} at {m['location']} takes {taken} of {n} Damage{why}.")
    if info.get("health") and m["wounds"] >= info["health"]:
        state["minions"].remove(m)
        note(state, f"{m['name']} is destroyed: the Hero gains {info['reward']} Investigations.")


def watchman_op(state, a):
    w = state["watchman"]
    if not villain(state).get("watchman"):
        raise RuleError("Only the Banshee brings the Watchman.")
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
    if e["status"] == "stone":
        return f"{e['name']} was turned to stone and is out of the game."
    if status == e["status"]:
        return f"{e['name']} is already {status}."
    if status == "alive" and (e["status"] == "evil" or e.get("was_evil")):
        return "An Evil Elder cannot come back to the town."
    if status == "evil" and e["status"] != "alive":
        return "Only a living Elder can turn Evil."
    return None


def elder_op(state, a):
    e = kernel.lookup(state["elders"], a["name"])
    if e is None:
        raise RuleError(f"No Town Elder is called {a['name']}.")
    if not a["status"] and not a["permission"] and not a["secrets"]:
        raise RuleError("Nothing to change.")
    if a["status"]:
        why = why_not_status(e, a["status"])
        if why:
            raise RuleError(why)
        if a["status"] == "dead" and e["status"] == "alive" and e["permission"] > 0 and not a["unpreventable"]:
            if a["spend_token"] is None:
                raise RuleError(f"{e['name']} holds a Permission Token: say whether it is spent to save the Elder.")
            if a["spend_token"]:
                e["permission"] -= 1
                note(state, f"{e['name']} would die, but a Permission Token is spent instead.")
                return
        if a["status"] in ("evil", "dead"):
            e["permission"] = 0
        if a["status"] == "evil":
            e["was_evil"] = True
        if a["status"] == "dead" and e["status"] == "alive" and state["options"]["villain"] == "gargoyle":
            where = take_place(state)
            state["statues"].append(where)
            note(state, f"Monument of Fear: {e['name']} turns to stone. Its Secrets are discarded unseen; a Stone Statue "
                        f"and 5 Investigations go to {where}.")
            e["secrets"] = 0
            e["status"] = "stone"
            after_villain_kill(state, "a Town Elder died")
            return
        was = e["status"]
        e["status"] = a["status"]
        if a["status"] == "alive":
            e["secrets"] = 0
        note(state, f"{e['name']} is now {a['status']}" + (" (nothing could prevent it)" if a["unpreventable"] else "") + ".")
        if a["status"] == "dead" and was == "alive":
            after_villain_kill(state, "a Town Elder died")
    if a["permission"]:
        if e["status"] != "alive":
            raise RuleError("Only a living Elder holds Permission Tokens.")
        if e["permission"] + a["permission"] < 0:
            raise RuleError(f"{e['name']} has no Permission Token to take off.")
        e["permission"] += a["permission"]
        note(state, f"{e['name']}: {e['permission']} Permission Token(s).")
    if a["secrets"]:
        e["secrets"] = max(0, e["secrets"] + a["secrets"])
        if state["options"]["rules"].get("more_secrets") and e["secrets"] >= 3:
            remind(state, f"More Secrets: {e['name']} holds {e['secrets']} Secrets: reveal them now; any reward goes to the First Player.")


def describe(a: dict) -> str | None:
    """How an action reads on the Undo button."""
    return {
        "configure": "the setup of the hunt", "dismiss": "clearing a reminder", "facts": "the table's facts",
        "shadow": f"the Shadow Track {a.get('steps', 0):+d}", "minion_table": "the Villain Minion Table roll",
        "coop_table": "the 2D6 table roll", "base_coop_table": "the co-operative table roll",
        "resolve": "a table result applied", "terrain": f"terrain at {a.get('location')}",
        "minion": f"a Minion ({a.get('op')})", "watchman": f"the Watchman ({a.get('op')})", "villain": "the Villain's Wounds",
        "heal": "the Villain's healing", "elder": f"{a.get('name')}'s change", "mystery": "a Mystery Phase step",
        "mystery_card": "the Mystery card", "knockout": "a Knock Out", "hold_back": "Holding Back the Darkness", "battle": "the Battle Dice",
        "hero": f"{a.get('name')}'s change", "claim": f"taking {a.get('name')}", "showdown": f"the Showdown ({a.get('op')})",
    }.get(a["type"])


def reveals(before: dict, after: dict, action: dict) -> str | None:
    if (after["lost"] and not before["lost"]) or (after.get("won") and not before.get("won")):
        return "the end of the hunt"
    if after.get("drawn", 0) > before.get("drawn", 0):
        return "a die or a Random Location the table has seen"
    return None


MOVES = {
    "configure": move(do_configure, not_started, (HOST,), "Only the host sets up the hunt."),
    "facts": move(do_facts, None, (HOST,), "Only the host changes the table's facts."),
    "dismiss": move(do_dismiss, None),
    "hold_back": move(do_hold_back),
    "shadow": move(do_shadow),
    "minion_table": seated(lambda s, a, seat: table_result(s, a, "minion", seat)),
    "coop_table": move(do_coop_table),
    "base_coop_table": move(do_base_coop_table),
    "resolve": move(resolve),
    "terrain": move(do_terrain),
    "minion": move(minion_op),
    "watchman": move(watchman_op),
    "villain": move(do_villain, None),
    "heal": move(do_heal),
    "elder": move(elder_op),
    "mystery": move(mystery_op),
    "mystery_card": move(mystery_card),
    "knockout": move(do_knockout),
    "battle": move(do_battle),
    "hero": seated(hero_op, None),
    "claim": seated(claim_op, None, (PLAYER,)),
    "showdown": seated(showdown_op),
}


def apply(state: dict, action: dict, seat) -> dict:
    state["_chance"] = {"places": list(action.get("places") or []), "d6s": list(action.get("d6s") or [])}
    try:
        out = kernel.dispatch(MOVES, state, action, seat, "The display shows the hunt; a Hero's phone or the host acts.")
    finally:
        state.pop("_chance", None)
    out.pop("_chance", None)
    return out


# ------------------------------------------------------------------ what a seat sees

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


def last_view(state) -> dict | None:
    last = state["last"]
    if not last:
        return None
    effects = [{**e, "label": effect_label(state, e, last),
                "short": effect_label(state, e, last) if e["do"].startswith("move_") else
                effect_label(state, e, last).replace(f" at {last['where2'] if e.get('loc') == 'second' else last['where']}", " here"),
                "where": last["where2"] if e.get("loc") == "second" else last["where"],
                "pick": e["do"] in ("terrain", "minion", "watchman", "investigations", "murder", "move_minion", "move_watchman", "gather")}
               for e in last["effects"]]
    placed = any(e["pick"] or e["do"] == "location" for e in effects) or any(last["where"] and last["where"] in x for x in last["lines"])
    return {**last, "effects": effects, "open": any(not e["done"] for e in effects), "placed": placed}


def hero_view(state, h: dict, first: str | None) -> dict:
    return {**h, "first": h["name"] == first, "notes": (hero_data(h["name"]) or {}).get("notes", [])}


def view(state: dict, seat) -> dict:
    track = state["track"]
    heroes = hero_names(state)
    v = villain(state)
    first = heroes[state["first"] % len(heroes)] if heroes else None
    out = {k: state[k] for k in ("shadow", "terrain", "watchman", "wounds", "plus_wounds", "round",
                                 "prompts", "knockouts", "lost", "statues")}
    mine = my_hero(state, seat)
    me = mine["name"] if mine else None
    out.update({
        "won": state["won"], "last": last_view(state), "over": bool(state["won"] or state["lost"]),
        "may_hold_back": why_not_hold_back(state) is None,
        "villain": state["options"]["villain"], "villain_name": v["name"], "abilities": v["abilities"],
        "track": track, "stage": stage_of(track, state["shadow"]) + 1, "red": state["shadow"] >= track["red_from"],
        "shadow_log": state["shadow_log"][-30:], "log": state["log"][-40:], "mode": state["options"]["mode"],
        "difficulty": level(state)["name"], "advanced_table": advanced_table(state),
        "showdown_table": level(state)["showdown_table"],
        "first_player": first, "heroes": heroes,
        "hero_notes": {h: (hero_data(h) or {}).get("notes", []) for h in heroes},
        "party": [hero_view(state, h, first) for h in state["heroes"]],
        "me": me, "is_host": seat.trusted == HOST,
        "my_heroes": [hero_view(state, h, first) for h in state["heroes"] if seat.trusted == HOST or h is mine],
        "unclaimed": [h["name"] for h in state["heroes"] if h["seat"] is None] if seat.trusted == PLAYER and not me else [],
        "mystery": state["mystery"], "locations": locations(state["options"]), "rules": state["options"]["rules"],
        "cooperative": cooperative(state), "void_overflow_steps": state["options"].get("void_overflow_steps", 2),
        "heals": bool(v.get("healing")), "last_battle": state.get("last_battle"),
        "villain_terrain": v.get("terrain"), "has_watchman": bool(v.get("watchman")),
        "track_sure": bool(state["options"].get("track")), "started": bool(state["log"]),
        "configured": state["configured"], "options": state["options"],
        "villain_choices": {k: x["name"] for k, x in VILLAINS.items()},
        "hero_choices": [h["name"] for h in DATA["heroes"].values()],
        "minion_choices": minion_choices(state) + (["Watchman"] if v.get("watchman") else []),
        "minions": [{**m, **{k: MINIONS.get(m["name"], {}).get(k) for k in ("health", "dice", "reward")}} for m in state["minions"]],
        "guesses": guesses(state), "roads": roads(state["options"]), "base_entries": base_entries(state),
        "murder_name": v["murder"]["name"], "last_card": state["last_card"],
        "showdown": ({**state["showdown"], "total": villain_health(state),
                      "left": max(0, villain_health(state) - state["wounds"])} if state["showdown"] else None),
        "sheet": state["sheet"], "heal_due": state["heal_due"],
        "living_elders": [e["name"] for e in state["elders"] if e["status"] == "alive"],
        "fighters": [h["name"] for h in state["heroes"] if not h["knocked_out"]],
    })
    bonus = []
    if v.get("watchman") and state["watchman"]["status"] == "board":
        bonus.append("+2 Wounds while the Watchman stands (Keeper's Watchman)")
    if v.get("swamp_lair_wound"):
        bonus.append("+1 Wound when fighting on a Swamp (Swamp Lair)")
    out["wound_bonuses"] = bonus
    out["can"] = seat.trusted != DISPLAY and not (state["lost"] or state["won"])
    out["elders"] = [{**e, "may_become": [st for st in ELDER_STATUSES if why_not_status(e, st) is None]}
                     for e in state["elders"]]
    return out


R = "games/touch-of-evil/"
REGIONS = (
    Region("track", R + "track.html", ("villain_name", "round", "mode", "difficulty", "first_player", "lost", "won", "shadow",
                                       "track", "stage", "red", "track_sure", "can")),
    Region("configure", R + "configure.html", ("started", "configured", "villain_choices", "villain", "mode", "hero_choices",
                                               "rules", "options"), (HOST,)),
    Region("heroes", R + "heroes.html", ("party", "unclaimed")),
    Region("hero", R + "hero.html", ("locations", "can", "me"), (HOST, PLAYER), each="my_heroes"),
    Region("prompts", R + "prompts.html", ("prompts", "can")),
    Region("mystery", R + "mystery.html", ("mystery", "can", "cooperative", "advanced_table", "locations", "murder_name",
                                           "last_card", "showdown", "over", "may_hold_back")),
    Region("tables", R + "tables.html", ("last", "can", "cooperative", "advanced_table", "locations", "me", "heroes", "is_host")),
    Region("showdown", R + "showdown.html", ("showdown", "party", "me", "is_host", "can", "sheet", "living_elders", "fighters",
                                             "villain", "villain_name", "locations", "elders", "wounds", "won", "mystery")),
    Region("villain", R + "villain.html", ("villain_name", "wounds", "plus_wounds", "wound_bonuses", "can", "heals",
                                           "abilities", "heal_due")),
    Region("board", R + "board.html", ("terrain", "has_watchman", "watchman", "minions", "villain_terrain", "locations",
                                       "last_battle", "can", "minion_choices", "statues")),
    Region("elders", R + "elders.html", ("elders", "can", "guesses")),
    Region("facts", R + "facts.html", ("guesses", "locations", "roads", "elders", "track", "base_entries", "cooperative",
                                       "is_host")),
    Region("log", R + "log.html", ("log",)),
)

GAME = Game(
    id=ID, title=TITLE, options=Options, actions=tuple(ACTIONS),
    setup=setup, apply=apply, view=view, regions=REGIONS, styles=("css/touch-of-evil.css",),
    private=frozenset(PRIVATE),
    prepare=prepare,
    describe=describe,
    reveals=reveals,
)
