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
type: see its docstring for the Showdown's own types), moves (who may make each, and when), view.
"""

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
TITLE = "A Touch of Evil: Something Wicked"

__all__ = ["DATA", "GAME", "MAX_HEROES", "MINIONS", "MOVES", "VILLAINS", "TouchOfEvilOptions", "coop_track",
           "locations", "random_pool"]

GAME = Game(
    id=ID, title=TITLE, options=Options, actions=tuple(ACTIONS),
    setup=setup, apply=apply, view=view, regions=REGIONS, styles=("css/touch-of-evil.css",),
    prepare=prepare,
    describe=describe,
    reveals=reveals,
)
