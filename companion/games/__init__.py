"""The games: each a package under companion/games/ that declares one `GAME` (contract.Game).

The engine, the pages, the live hub and the worker reach a game only through this registry.
"""

from functools import cache
from importlib import import_module

from ..core.actions import COMMON
from .contract import Game

PACKAGES = ("gathering", "clue", "touch_of_evil", "villainous")  # in the home page's order


@cache
def _registry() -> dict[str, Game]:
    found = {}
    for package in PACKAGES:
        game = import_module(f"{__name__}.{package}").GAME
        if not isinstance(game, Game):
            raise TypeError(f"companion.games.{package}.GAME is not a Game.")
        found[game.id] = game
    return found


def __getattr__(name):  # IDS is read lazily so that importing one game does not load the others
    if name == "IDS":
        return tuple(_registry())
    raise AttributeError(name)


def get(game_id: str) -> Game:
    return _registry()[game_id]


def actions(game_id: str) -> tuple:
    return COMMON + get(game_id).actions


def all_games() -> list[tuple[str, Game]]:
    return list(_registry().items())


def tasks() -> dict:
    """Every game's background tasks, by name (the worker runs them)."""
    return {name: fn for game in _registry().values() for name, fn in game.tasks.items()}
