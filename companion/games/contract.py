"""The one contract every game keeps: what the engine, the renderer, the hub and the worker read.

A game package (`companion/games/<package>/`) declares exactly one `GAME = Game(...)` in its
`__init__.py`. Nothing outside the package reads a game's module by another name: the engine
(`core/`), the pages (`web/`), the live hub and the background worker see only this object.
"""

from collections.abc import Callable
from dataclasses import dataclass, field

from pydantic import BaseModel


def _none(*_args):
    return None


@dataclass(frozen=True)
class Game:
    # ------------------------------------------------------------- who it is
    id: str                              # the API's id ("touch-of-evil"): URLs, templates, CSS classes
    title: str                           # the box's name, on the home page and every page's header
    options: type[BaseModel]             # what a table is created with (validated before setup)
    actions: tuple[type[BaseModel], ...]  # every move the game accepts, one model per action type

    # ------------------------------------------------------------- the rules (pure: no Flask, no I/O)
    setup: Callable[[dict], dict]                  # options -> the first state
    apply: Callable[[dict, dict, object], dict]    # (state, action, seat) -> new state; raises a Refusal
    view: Callable[[dict, object], dict]           # (state, seat) -> what that seat may know, ready to show
    prepare: Callable | None = None      # (state, action, seat, rng) -> action with chance drawn (dice, deals)
    log_entry: Callable | None = None    # (action, seat) -> the action as the log may keep it, or None
    sealed: Callable | None = None       # (state, events, seats) -> seqs secret until counted (ballots)
    warm: Callable | None = None         # (state) -> None: starts heavy views early (Clue's searches)

    # ------------------------------------------------------------- undo
    describe: Callable[[dict], str | None] = _none        # an action in words, for the Undo button
    reveals: Callable[[dict, dict, dict], str | None] = _none  # (before, after, action) -> what it showed the table
    private: frozenset[str] = frozenset()     # action types that concern their author alone
    not_undone: frozenset[str] = frozenset()  # questions, not moves: Undo passes over them

    # ------------------------------------------------------------- the page
    regions: tuple = ()                  # core.regions.Region: the page's parts, in order, each with its slice
    dice: bool = True                    # whether the box has dice (else the tray shows once someone rolls)
    scripts: tuple[str, ...] = ()        # static/ paths loaded on this game's pages
    styles: tuple[str, ...] = ()         # static/ stylesheets loaded on this game's pages

    # ------------------------------------------------------------- the background worker
    tasks: dict[str, Callable[[dict], dict]] = field(default_factory=dict)  # name -> pure function of a payload

    @property
    def templates(self) -> str:
        """Where the game's partials live, under templates/."""
        return f"games/{self.id}/"
