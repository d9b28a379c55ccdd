"""Every action A Touch of Evil accepts, one pydantic model a type (the OpenAPI document lists them).

Each sub-operation is its own type, so the kernel checks who may make it and when:
`minion_place` · `minion_move` · `minion_wound` · `minion_remove`; `watchman_place` ·
`watchman_after_battle` · `watchman_remove`; `mystery_start` · `mystery_next`; and the Showdown's
`showdown_start` · `showdown_attack` · `showdown_villain` (the Villain's attack) · `showdown_round`
(the end of a Battle Round) · `showdown_end`. The older forms with an `op` (`{"type": "showdown",
"op": "attack", ...}`, and likewise `minion`, `watchman`, `mystery`; and `terrain` with `"terrain": "clear"`
for `terrain_clear`) are still accepted: `current`
reads each as the type it stands for before the kernel checks it, so the same checks apply.
"""

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ...core.actions import Action
from ...core.i18n import N_
from .options import TouchOfEvilOptions, Track

BATTLE_HITS = {5: N_("hits on 5+"), 6: N_("hits on 6 only"), 4: N_("hits on 4+")}  # a Battle roll's hit numbers, the default first


class Drawn(Action):
    """Every action that may meet chance carries a pool the server draws (Random Locations, D6s)."""

    places: list[str] | None = Field(default=None, description="Drawn by the server.")
    d6s: list[int] | None = Field(default=None, description="Drawn by the server.")
    pick: int | None = Field(default=None, description="Drawn by the server: an even pick among valid re-roll results.")


class Shadow(Drawn):
    """Move the Shadow Track: positive steps toward Darkness, negative steps back."""

    type: Literal["shadow"]
    steps: int = Field(ge=-20, le=20, title="The steps the Shadow Track moves")
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


class Share(BaseModel):
    """One Hero's part of Wounds the Heroes share."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(max_length=40)
    wounds: int = Field(default=0, ge=0, le=30, title="The Wounds a Hero takes")


class Resolve(Drawn):
    """Apply one offered effect of the last table result (each once), or all of them (effect -1)."""

    type: Literal["resolve"]
    effect: int = Field(ge=-1, le=20)
    location: str | None = Field(default=None, description="Where, if not the result's location.")
    roll: int | None = None
    shares: list[Share] | None = Field(default=None, max_length=12, description="Fall into Darkness: the Wounds each Hero takes to prevent it.")


class Terrain(Drawn):
    """Place the Villain's terrain marker on a space (a Swamp or a Summoning Circle, escalating as
    the rules say). `terrain` may name it (the Villain's own, when left out); `"clear"` is the older
    form of terrain_clear."""

    type: Literal["terrain"]
    location: str = Field(max_length=40)
    terrain: Literal["swamp", "circle", "clear"] | None = None
    roll: int | None = None


class TerrainClear(Drawn):
    """Take every terrain marker off a space."""

    type: Literal["terrain_clear"]
    location: str = Field(max_length=40)


class VillainWounds(Action):
    """Wounds on the Villain, and its +1 Wound markers."""

    type: Literal["villain"]
    wounds: int = Field(default=0, ge=-30, le=30, title="The Villain's Wounds")
    plus_wounds: int = Field(default=0, ge=-10, le=10)
    reason: str = Field(default="", max_length=120)


class Heal(Action):
    """The Villain's automatic healing (rolled by the server)."""

    type: Literal["heal"]
    roll: int | None = None


class Elder(Drawn):
    """A Town Elder: dies (a Permission Token it holds is always spent instead; `spend_token: false`
    is refused; `unpreventable` for a death nothing prevents), turns Evil, comes back; tokens; Secrets."""

    type: Literal["elder"]
    name: str = Field(max_length=40)
    status: Literal["alive", "dead", "evil"] | None = None
    spend_token: bool | None = Field(default=None, description="Older field: a token is always spent to save the Elder (false is refused).")
    unpreventable: bool = False
    permission: int = Field(default=0, ge=-5, le=5, title="Permission Tokens")
    secrets: int = Field(default=0, ge=-5, le=5, title="Secrets")
    honor: int | None = Field(default=None, ge=0, le=12, title="The Elder's Honor", description="The Elder's Honor, from its card (entered once).")
    spirit: int | None = Field(default=None, ge=0, le=12, title="The Elder's Spirit", description="The Elder's Spirit, from its card (entered once).")


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


class Movement(Action):
    """A Hero's movement roll: a D6 rolled by the server, kept on the Hero's card for this turn."""

    type: Literal["movement"]
    hero: str | None = Field(default=None, max_length=40, title="The Hero", description="The phone's own Hero when not named.")
    roll: int | None = Field(default=None, description="Drawn by the server.")


class EndTurn(Action):
    """A Hero has played its turn this game turn; the next one in the table's order plays."""

    type: Literal["end_turn"]
    hero: str | None = Field(default=None, max_length=40, title="The Hero", description="The phone's own Hero when not named.")


class Battle(Action):
    """Roll a pool of Battle Dice against a hit number."""

    type: Literal["battle"]
    dice: int = Field(ge=1, le=20, title="Battle Dice")
    hero: str | None = Field(default=None, max_length=40, title="Who rolls", description="The Hero (or foe) the dice are rolled for: shown with the hits.")
    hit: Literal[tuple(BATTLE_HITS)] = 5
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
    track: Track | None = Field(default=None, title="The Shadow Track")
    locations: list[str] | None = None
    roads: list[str] | None = None
    elders: list[str] | None = None
    base_coop_table: list[str] | None = None
    locations_text: str | None = Field(default=None, max_length=2000, description="The host's form: one a line.")
    roads_text: str | None = Field(default=None, max_length=1000)
    elders_text: str | None = Field(default=None, max_length=1000)
    base_text: str | None = Field(default=None, max_length=3000)
    track_length: int | None = Field(default=None, ge=3, le=40, title="The Shadow Track's length")
    track_stages: str | None = Field(default=None, max_length=200)
    track_red: int | None = Field(default=None, ge=0, le=40, title="The first red step")


class Hero(Drawn):
    """A Hero's own counters: Investigations, Wounds, Health, location, Items and Allies, skills."""

    type: Literal["hero"]
    name: str = Field(max_length=40)
    investigations: int = Field(default=0, ge=-50, le=50, title="Investigations")
    wounds: int = Field(default=0, ge=-20, le=20, title="The Hero's Wounds")
    health: int | None = Field(default=None, ge=1, le=30, title="Health")
    location: str | None = Field(default=None, max_length=40)
    item: str | None = Field(default=None, max_length=60)
    drop: int | None = Field(default=None, ge=0, le=40)
    bombs: int = Field(default=0, ge=-10, le=10, description="Bomb markers spent from its Items.")
    stone: int = Field(default=0, ge=-10, le=10, description="Stone Curse Transformation markers.")
    combat: int | None = Field(default=None, ge=0, le=12, title="Combat")
    cunning: int | None = Field(default=None, ge=0, le=12, title="Cunning")
    spirit: int | None = Field(default=None, ge=0, le=12, title="Spirit")
    honor: int | None = Field(default=None, ge=0, le=12, title="Honor")


class Claim(Action):
    """A player's phone takes a Hero (one phone a Hero)."""

    type: Literal["claim"]
    name: str = Field(max_length=40)


class HoldBack(Action):
    """Holding Back the Darkness: every Hero pays 2 Investigations, the track moves 1 back."""

    type: Literal["hold_back"]


class Dismiss(Action):
    """Tick off a reminder."""

    type: Literal["dismiss"]
    index: int = Field(ge=0, le=100)


# ------------------------------------------------------------------ each sub-operation its own action type

class MinionPlace(Drawn):
    """Put one of the Villain's Minions (or its Watchman) on a space."""

    type: Literal["minion_place"]
    name: str = Field(default="", max_length=40)
    location: str | None = Field(default=None, max_length=40)


class MinionMove(Drawn):
    """Move a Minion on the board (by its `id`) to a space."""

    type: Literal["minion_move"]
    id: int | None = None
    location: str | None = Field(default=None, max_length=40)


class MinionWound(Drawn):
    """Damage dealt to a Minion (its Wings or stone may shrug some off: the server rolls)."""

    type: Literal["minion_wound"]
    id: int | None = None
    wounds: int = Field(default=1, ge=1, le=20)


class MinionRemove(Drawn):
    """Take a Minion off the board."""

    type: Literal["minion_remove"]
    id: int | None = None


class WatchmanPlace(Drawn):
    """The Watchman goes on a space (or moves there: it is unique)."""

    type: Literal["watchman_place"]
    location: str | None = None
    roll: int | None = None
    new_location: str | None = None


class WatchmanAfterBattle(Drawn):
    """After a Battle with the Watchman: the server rolls; a 6 sends it away for good, else it moves."""

    type: Literal["watchman_after_battle"]
    roll: int | None = None
    new_location: str | None = None


class WatchmanRemove(Drawn):
    """The Watchman leaves the board (it may return)."""

    type: Literal["watchman_remove"]
    roll: int | None = None
    new_location: str | None = None


class MysteryStart(Drawn):
    """The Mystery Phase begins: the app runs every step it can and waits for the table's roll and the card."""

    type: Literal["mystery_start"]


class MysteryNext(Drawn):
    """The Mystery Phase's current step is done (or skipped)."""

    type: Literal["mystery_next"]


class ShowdownStart(Drawn):
    """A Showdown begins: the party (a player's phone: its own Hero), the Elders who join, the
    Villain's Health and Fight dice from its sheet, extra Wounds, the Lair."""

    type: Literal["showdown_start"]
    party: list[str] | None = Field(default=None, max_length=12)
    elders: list[str] | None = Field(default=None, max_length=12)
    health: int | None = Field(default=None, ge=1, le=60, title="The Villain's Health")
    fight: int | None = Field(default=None, ge=1, le=20, title="The Villain's Fight dice")
    bonus: int = Field(default=0, ge=0, le=30, title="The other extra Wounds")
    location: str | None = Field(default=None, max_length=40)


class ShowdownAttack(Drawn):
    """A Hero of the party attacks (its phone, or the host naming it), once a Battle Round."""

    type: Literal["showdown_attack"]
    hero: str | None = Field(default=None, max_length=40)
    attack_dice: int | None = Field(default=None, ge=0, le=30, title="The attack's Battle Dice")
    token_from: str | None = Field(default=None, max_length=40)
    last_hope: int = Field(default=0, ge=0, le=10, title="Last Hope dice")


class ShowdownVillain(Drawn):
    """The Villain attacks every Hero of the party, once a Battle Round."""

    type: Literal["showdown_villain"]


class ShowdownRound(Drawn):
    """The Battle Round ends."""

    type: Literal["showdown_round"]


class FightStart(Drawn):
    """A fight outside the Showdown: `hero` (a phone: its own) against `foe`: "villain" (a Villain
    Attack), "watchman", or a Minion ("minion:ID", or "minion" with `minion` its id). `ambush`
    doubles the Minion's dice in the first Round; `bonus` adds Villain dice (Perfect Storm's +3);
    `foe_dice` gives the foe's dice where the app has none (the Villain's Fight from its sheet)."""

    type: Literal["fight_start"]
    hero: str | None = Field(default=None, max_length=40)
    foe: str = Field(default="villain", max_length=20)
    minion: int | None = Field(default=None, ge=0, le=100000)
    ambush: bool = False
    bonus: int = Field(default=0, ge=0, le=10)
    foe_dice: int | None = Field(default=None, ge=1, le=20)


class FightRound(Drawn):
    """One Battle Round of the fight: both sides' dice, rolled by the server; `hero_dice` as the Hero
    rolls them (else its skill, prefilled)."""

    type: Literal["fight_round"]
    hero_dice: int | None = Field(default=None, ge=0, le=30, title="The Hero's Battle Dice")
    foe_dice: int | None = Field(default=None, ge=1, le=20, title="The foe's Fight dice", description="The Villain's Fight dice, where its sheet was not typed in.")


class FightEnd(Drawn):
    """The Hero leaves the fight (the Minion stays)."""

    type: Literal["fight_end"]


class DeathWail(Drawn):
    """The Banshee's Death Wail: one six answered by the Hero it struck (its phone, or the host):
    `pay` 2 Investigations, or take 1 more Damage."""

    type: Literal["death_wail"]
    hero: str | None = Field(default=None, max_length=40)
    pay: bool


class ShowdownEnd(Drawn):
    """The Heroes leave the fight; the Villain lives."""

    type: Literal["showdown_end"]

# ------------------------------------------------------------------ the older forms, one type with an `op`

class Minion(MinionPlace, MinionMove, MinionWound):
    """The older form of minion_place, minion_move, minion_wound, minion_remove: `op` names which (still accepted)."""

    type: Literal["minion"]
    op: Literal["place", "move", "remove", "wound"]


class Watchman(WatchmanPlace):
    """The older form of watchman_place, watchman_after_battle, watchman_remove: `op` names which (still accepted)."""

    type: Literal["watchman"]
    op: Literal["place", "after_battle", "remove"]


class Mystery(MysteryStart):
    """The older form of mystery_start, mystery_next: `op` names which (still accepted)."""

    type: Literal["mystery"]
    op: Literal["start", "next"]


class Showdown(ShowdownStart, ShowdownAttack):
    """The older form of showdown_start, showdown_attack, showdown_villain, showdown_round and
    showdown_end: `op` names which (still accepted)."""

    type: Literal["showdown"]
    op: Literal["start", "attack", "villain", "round", "end"]


# The older forms, one type with an `op` (and `terrain` with `"terrain": "clear"`): still accepted,
# each read as the type it stands for.
OLDER = {"minion": "minion_", "watchman": "watchman_", "mystery": "mystery_", "showdown": "showdown_"}


def current(action: dict) -> dict:
    """An action in its current form: `{"type": "showdown", "op": "attack", ...}` is `showdown_attack`."""
    if action["type"] == "terrain" and action.get("terrain") == "clear":
        return {**action, "type": "terrain_clear"}
    prefix = OLDER.get(action["type"])
    return {**action, "type": prefix + action["op"]} if prefix and "op" in action else action


ACTIONS = (Configure, Facts, Dismiss, HoldBack, Shadow, MinionTable, CoopTable, BaseCoopTable, Resolve, Terrain, TerrainClear,
           MinionPlace, MinionMove, MinionWound, MinionRemove, WatchmanPlace, WatchmanAfterBattle, WatchmanRemove,
           VillainWounds, Heal, Elder, MysteryStart, MysteryNext, MysteryCard, Knockout, Battle, Movement, EndTurn, Hero, Claim,
           ShowdownStart, ShowdownAttack, ShowdownVillain, ShowdownRound, ShowdownEnd, DeathWail,
           FightStart, FightRound, FightEnd,
           Minion, Watchman, Mystery, Showdown)
