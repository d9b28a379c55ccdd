"""A Touch of Evil: Something Wicked. The Shadow Track, the Mystery Phase in its revised order
(run by the app: what it can do itself it does, and it waits only for a table roll and the
Mystery card), the Villain Minion Tables and the Advanced Co-operative table rolled and applied
(one Random Location per result, shared by its effects), the Villains' Murder! abilities,
terrain with its escalations, Minions with their Wounds, the Watchman, the Heroes (each phone
keeps its own Hero), the Town Elders, and the Showdown.

Every villain is data (rules_data/touch_of_evil.json, checked at load by data.py): its table,
abilities, terrain, Minions, Murder! ability and healing. Chance (dice, Random Locations) is drawn
in `prepare` and stored in the event: each action carries its own pool of Random Locations and
D6s, taken in order (chance.Chance).

The modules follow the rulebook: hunt (the villain, the mode, the board), track (the Shadow Track
and terrain), board (Minions, the Watchman), tables (the Minion and co-operative tables), mystery
(the Mystery Phase), heroes, elders, villain, showdown; options and setup, actions (every action
type), moves (who may make each, and when), view.

Each sub-operation is its own action type, so the kernel checks who may make it and when: the
Showdown's `showdown_start` (party, Elders, the Villain's Health and Fight dice, bonus, location),
`showdown_attack` (hero, attack_dice, token_from, last_hope), `showdown_villain` (the Villain's
attack), `showdown_round` (the end of a Battle Round) and `showdown_end`; `minion_place`,
`minion_move`, `minion_wound`, `minion_remove`; `watchman_place`, `watchman_after_battle`,
`watchman_remove`; `mystery_start`, `mystery_next`. The older forms with an `op`
(`{"type": "showdown", "op": "attack", ...}`, and `minion`, `watchman`, `mystery` likewise) are
still accepted, read as the type they stand for before the kernel checks them. In a Showdown the
host acts for any Hero and a player's phone for its own Hero only; a phone with no Hero is refused.
"""

from ...core.i18n import N_
from ..contract import Game
from .actions import ACTIONS
from .chance import prepare
from .data import DATA, MINIONS, VILLAINS
from .hunt import coop_track, locations, random_pool
from .moves import MOVES, apply, describe, reveals
from .options import MAX_HEROES, Options, TouchOfEvilOptions
from .setup import setup
from .view import REGIONS, view

ID = "touch-of-evil"
TITLE = N_("A Touch of Evil: Something Wicked")  # no French edition known: the box's name as printed

__all__ = ["DATA", "GAME", "MAX_HEROES", "MINIONS", "MOVES", "VILLAINS", "TouchOfEvilOptions", "coop_track",
           "locations", "random_pool"]

GAME = Game(
    id=ID, title=TITLE, options=Options, actions=tuple(ACTIONS),
    setup=setup, apply=apply, view=view, regions=REGIONS, styles=("css/touch-of-evil.css",),
    prepare=prepare,
    describe=describe,
    reveals=reveals,
)
