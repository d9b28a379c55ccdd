"""Clue's cards, from rules_data/clue.json: each edition's categories and their cards (one of
them the lairs a table may rename), and the mover who goes first. Checked when the game loads."""

import re

from pydantic import field_validator, model_validator

from ..rules_data import Data, load


def card_id(name: str) -> str:
    """'Dr. Facilier' -> 'dr_facilier'."""
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


class Category(Data):
    name: str
    cards: list[str]
    renamable: bool = False
    said: list[str] | None = None  # how a sentence names each card ("the Potion"); none: as printed

    @field_validator("cards")
    @classmethod
    def some_cards(cls, cards: list[str]) -> list[str]:
        if len(cards) < 2:
            raise ValueError("a category needs at least two cards")
        return cards


class Edition(Data):
    name: str
    categories: list[Category]
    first_mover: str

    @model_validator(mode="after")
    def fits(self):
        if len(self.categories) < 2:
            raise ValueError(f"{self.name}: an edition needs at least two categories")
        names = [c.name for c in self.categories]
        if len(set(names)) != len(names):
            raise ValueError(f"{self.name}: two categories share a name")
        ids = [card_id(x) for c in self.categories for x in c.cards]
        twice = sorted({x for x in ids if ids.count(x) > 1})
        if twice:
            raise ValueError(f"{self.name}: the card {twice[0]} is listed twice")
        for c in self.categories:
            if c.said is not None and len(c.said) != len(c.cards):
                raise ValueError(f"{self.name}: {c.name}: 'said' names {len(c.said)} cards, 'cards' {len(c.cards)}")
        if [c.renamable for c in self.categories][:-1].count(True):
            raise ValueError(f"{self.name}: only the last category (the lairs) may be renamed")
        if card_id(self.first_mover) not in {card_id(x) for x in self.categories[0].cards}:
            raise ValueError(f"{self.name}: the first mover {self.first_mover} is not one of the "
                             f"{self.categories[0].name.lower()}s")
        return self


class ClueData(Data):
    editions: dict[str, Edition]

    @model_validator(mode="after")
    def has_the_default(self):
        if DEFAULT_EDITION not in self.editions:
            raise ValueError(f"the edition {DEFAULT_EDITION!r} (every table's default) is missing")
        return self


DEFAULT_EDITION = "disney-villains"
DATA = load("clue", ClueData)


def lair_category(edition: dict) -> dict:
    """The category a suggestion is made in (the board's places): the last one of the edition."""
    return edition["categories"][-1]
