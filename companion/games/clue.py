"""Placeholder until this game's own issue lands: the shared parts (seats, dice, memo, undo) work."""

from pydantic import BaseModel, ConfigDict

ID = "clue"
TITLE = "Clue: Disney Villains"
ACTIONS = ()
PRIVATE = ()


class Options(BaseModel):
    model_config = ConfigDict(extra="allow", title="Options_clue")


def setup(options: dict) -> dict:
    return {}


def apply(state: dict, action: dict, seat) -> dict:
    return state


def view(state: dict, seat) -> dict:
    return {}
