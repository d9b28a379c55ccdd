"""Gathering of the Wicked: the narrator's phone walks the night and the day.

State is plain data. The rulebook's chapters are the modules: `setup` (the players, the
characters, the deal), `night`, `day` (and its votes), `narration` (the script, the beats, the
readings), `corrections` (the narrator's fixes), `view` (what each seat sees: secrecy is this
game's heart) and `data` (the game's facts, checked when it loads). `players` holds what they
share (who stands, a defeat, the win), `choices` who may be chosen, `moves` the table of moves,
`log` the log and Undo.
"""

from ...core.regions import Region
from ...core.table import HOST, PLAYER
from ..contract import Game
from . import cards, corrections
from .data import CHARS, DATA, MAYHEM, MISCHIEF
from .day import TIMER_ACTIONS, Accuse, Ballot, CrownDecides, CrownSuccessor, OffWithTheirHead, Prisoner, Thumb, Vote
from .log import describe, log_entry, reveals, sealed
from .moves import apply, prepare
from .narration import Beat, Script
from .night import HadesStep, LockAway, Mirror, MischiefMembers, MischiefTarget, Spy
from .setup import TITLE, Deal, Options, SetOptions, Setup, setup
from .view import view

__all__ = ["CHARS", "DATA", "GAME", "MAYHEM", "MISCHIEF"]

ID = "gathering"
ACTIONS = (Setup, Deal, Spy, LockAway, MischiefMembers, MischiefTarget, HadesStep, Mirror, CrownSuccessor,
           Prisoner, OffWithTheirHead, Accuse, Thumb, Beat, *corrections.ACTIONS, Vote, Ballot, CrownDecides,
           *TIMER_ACTIONS, Script, SetOptions, *cards.ACTIONS)
SCRIPTS = ("js/narrator.js",)  # the narrator's voice and wake lock, the debate timer on every screen
NARRATOR, PHONE = (HOST,), (PLAYER,)
R = "games/gathering/"
REGIONS = (  # a player's own card and vote first; the table's shared state after
    Region("card", R + "card.html", ("card", "no_card"), PHONE),
    Region("ballot", R + "ballot.html", ("ballot", "ballots_in", "standing", "thumbs_open"), PHONE),
    Region("phase", R + "phase.html", ("phase", "step", "round", "winner", "winner_team", "announce", "timer", "dusk",
                                       "dusk_heading", "thumbs_banner")),
    Region("setup", R + "setup.html", ("phase", "step", "seats", "suggested", "character_names", "setup_form"),
           NARRATOR),
    Region("deal", R + "deal.html", ("phase", "step", "warnings", "table", "characters_selected", "character_names",
                                     "mischief_count"), NARRATOR),
    Region("night", R + "night.html", ("phase", "round", "step", "night", "say", "say_lang", "silence_note", "beat", "decoy",
                                       "answer_hold", "choices", "alive", "step_names", "last_lock"), NARRATOR),
    Region("lines", R + "lines.html", ("phase", "beat"), NARRATOR),
    Region("day", R + "day.html", ("phase", "round", "step", "say", "say_lang", "silence_note", "beat", "choices", "successor_for",
                                   "crown"), NARRATOR),
    Region("timer", R + "timer.html", ("step", "timer", "timer_choices"), NARRATOR),
    Region("ballots", R + "ballots.html", ("step", "voting", "ballots_in", "standing", "ballots_missing", "thumbs_open"),
           NARRATOR),
    Region("votes", R + "votes.html", ("step", "round", "tap_in"), NARRATOR),
    Region("thumbs", R + "thumbs.html", ("step", "round", "thumbs"), NARRATOR),
    Region("result", R + "result.html", ("last_vote",)),  # the vote's result above who stands (issue 21)
    Region("table", R + "table.html", ("table", "voting", "ballots_in", "standing")),
    Region("sheet", R + "sheet.html", ("playing", "sheet"), NARRATOR),
    Region("cards", R + "cards.html", ("playing", "cards"), NARRATOR),
    Region("fix", R + "fix.html", ("playing", "corrections"), NARRATOR),
    Region("history", R + "history.html", ("history", "history_open")),
    Region("recap", R + "recap.html", ("recap", "recap_open", "phase")),
    Region("readings", R + "readings.html", ("playing", "readings"), NARRATOR),
    Region("voice", R + "voice.html", (), NARRATOR),
)

GAME = Game(
    id=ID, title=TITLE, options=Options, actions=ACTIONS,
    setup=setup, apply=apply, view=view, regions=REGIONS, styles=("css/gathering.css",),
    private=frozenset(),
    dice=False,  # no dice in the box: the tray shows only once someone rolls (the host can, under "Dice")
    scripts=SCRIPTS,
    prepare=prepare,
    log_entry=log_entry,
    sealed=sealed,
    describe=describe,
    reveals=reveals,
)
