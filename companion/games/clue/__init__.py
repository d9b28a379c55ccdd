"""Clue: Disney Villains. The public suggestion log, entered once, and each player's private
detective notes, deduced exactly from that player's own knowledge.

The package, by the rulebook's chapters: `data` (the editions' cards, checked at start),
`table` (options, the deck, seating), `log` (suggestions, accusations, the turn; each player's
entries), `notes` (hands, cards shown, marks; the grid, its conflicts, looking back), `knowledge`
(a player's constraints and the searches on them), the solver in three (`solver` the search
for forced facts, `counting` the odds, `weighing` the advisor's figures), `advisor`, `text`
(export and import) and `view` (what each seat sees)."""

from ...core.i18n import N_
from ...core.regions import Region
from ...core.table import HOST, PLAYER
from .. import kernel
from ..contract import Game
from . import advisor, log, notes, table, text
from .advisor import ADVISE_SECONDS, advise_task
from .data import DATA, card_id
from .knowledge import probabilities_task, solve_task, warm
from .log import describe, log_entry, reveals, sealed
from .table import Options, setup
from .view import MOVERS, view

ID = "clue"
TITLE = "Clue: Disney Villains"
PRIVATE = ("hand", "shown", "mark", "showed", "advise", "look_back", "import")
NOT_UNDONE = ("advise", "look_back")  # questions, not entries: Undo passes over them

ACTIONS = (table.Setup, table.HostPlays, notes.Hand, log.Suggestion, log.CorrectSuggestion, log.WithdrawSuggestion, notes.Shown,
           notes.Showed, advisor.Advise, notes.Mark, log.Accusation, log.EndTurn, notes.LookBack, text.Import)

NOTES = N_("Only a player's own phone keeps detective notes.")
MOVES = {
    "setup": kernel.Move(table.do_setup, (HOST,), refusal=N_("Only the host seats the players.")),
    "host_plays": kernel.Move(table.do_host_plays, (HOST,), table.seated, N_("Only the host's phone can play as a detective.")),
    "hand": kernel.Move(notes.do_hand, (PLAYER, HOST), table.seated, NOTES),
    "shown": kernel.Move(notes.do_shown, (PLAYER, HOST), table.seated, NOTES),
    "mark": kernel.Move(notes.do_mark, (PLAYER, HOST), table.seated, NOTES),
    "showed": kernel.Move(notes.do_showed, (PLAYER, HOST), table.seated, NOTES),
    "advise": kernel.Move(advisor.do_advise, (PLAYER, HOST), table.seated, NOTES),
    "look_back": kernel.Move(notes.do_look_back, (PLAYER, HOST), table.seated, NOTES),
    "import": kernel.Move(text.do_import, (HOST,), refusal=N_("Only the host imports a game.")),
    "suggestion": kernel.Move(log.do_suggestion, log.ENTER, table.under_way),
    "accusation": kernel.Move(log.do_accusation, log.ENTER, table.under_way),
    "correct_suggestion": kernel.Move(log.do_correct_suggestion, log.TURNS, table.under_way, log.TURNS_REFUSAL),
    "withdraw_suggestion": kernel.Move(log.do_withdraw_suggestion, log.TURNS, table.under_way, log.TURNS_REFUSAL),
    "end_turn": kernel.Move(log.do_end_turn, log.TURNS, table.under_way, log.TURNS_REFUSAL),
}


def apply(state: dict, action: dict, seat_) -> dict:
    return kernel.dispatch(MOVES, state, action, seat_)  # its refusals (marked N_) are said in the reader's language


R = "games/clue/"
SCRIPTS = ("js/clue.js",)  # the entry form's chips, the marking mode and the cell explanations
REGIONS = (
    Region("setup", R + "setup.html", ("seated", "editions", "movers", "mover_names", "seats", "setup_form",
                                       "seat.acts_as", "seat.name")),
    Region("turn", R + "turn.html", ("seated", "winner", "edition_note", "current", "players", "solution",
                                     "card_names", "end_turn_in_card", "may_play_as", "seat.acts_as")),
    Region("suggest_first", R + "suggest_first.html", ("suggest_first", "may_suggest", "suggesters", "disprovers",
                                                       "suggest_default", "next_id", "me", "players", "categories",
                                                       "category_names", "cards", "card_names")),
    Region("conflict", R + "conflict.html", ("seated", "me", "contradiction", "conflict", "editable",
                                             "players", "cards", "categories", "category_names", "card_names", "hand",
                                             "my_size", "undo"), (PLAYER, HOST)),
    Region("notes", R + "notes.html", ("seated", "me", "stale", "looking_back", "hand", "hand_names", "my_size",
                                       "cards", "card_names", "envelope", "exact", "odds", "odds_pending", "notes", "grid", "placed",
                                       "to_show", "to_record", "model"), (PLAYER, HOST)),
    Region("suggest", R + "suggest_below.html", ("suggest_first", "may_suggest", "suggesters", "disprovers", "suggest_default", "next_id",
                                           "me", "players", "categories", "category_names", "cards", "card_names")),
    Region("more", R + "more.html", ("seated", "me", "stale", "advice", "advice_words", "room", "clauses", "showed",
                                     "lair_word", "advisor_lairs", "card_names"), (PLAYER, HOST)),
    Region("history", R + "history.html", ("seated", "me", "looking_back", "steps", "look", "export"), (PLAYER, HOST)),
    Region("log", R + "log.html", ("seated", "suggestions", "log_lines", "accusations", "accusation_lines", "log_heads",
                                   "card_names", "editable", "players", "categories", "category_names", "cards",
                                   "seat.acts_as")),
    Region("accuse", R + "accuse.html", ("may_accuse", "accusers", "categories", "category_names", "cards",
                                         "card_names", "me")),
)

GAME = Game(
    id=ID, title=TITLE, options=Options, actions=ACTIONS,
    setup=setup, apply=apply, view=view, regions=REGIONS, styles=("css/clue.css",), prepare=table.prepare,
    private=frozenset(PRIVATE),
    not_undone=frozenset(NOT_UNDONE),
    scripts=SCRIPTS,
    log_entry=log_entry,
    sealed=sealed,
    warm=warm,
    describe=describe,
    reveals=reveals,
    tasks={"clue.probabilities": probabilities_task, "clue.solve": solve_task, "clue.advise": advise_task},
)

__all__ = ["ADVISE_SECONDS", "DATA", "GAME", "MOVERS", "card_id"]  # what bench/ and the shared tests read
