"""The games. Each module offers the same interface:

  ID, TITLE, Options (pydantic model), ACTIONS (pydantic models), PRIVATE (action types that
  concern their author alone), setup(options) -> state, apply(state, action, seat) -> state
  (raises a Refusal with a sentence), view(state, seat) -> dict, and optionally
  prepare(state, action, seat, rng) -> action (draws chance before the action is recorded)
  and log_entry(action, seat) -> action or None (hides secret fields from the log).
"""

from importlib import import_module

from ..core.actions import COMMON

IDS = ("gathering", "clue", "touch-of-evil", "villainous")
_MODULES = {"gathering": "gathering", "clue": "clue", "touch-of-evil": "touch_of_evil", "villainous": "villainous"}


def get(game_id: str):
    return import_module(f"{__name__}.{_MODULES[game_id]}")


def actions(game_id: str) -> tuple:
    return COMMON + tuple(get(game_id).ACTIONS)


def all_games():
    return [(gid, get(gid)) for gid in IDS]
