"""Each game's facts, from rules_data/ (data, not code: a new villain is a new entry), checked
when the game loads against the game's own pydantic model: every die result of a table covered
once, every id that is referred to present, every required field there. A bad file stops the
server at start with a sentence naming the file and the fault, never a 422 during play.
"""

import json
import os
from pathlib import Path

from pydantic import BaseModel, ConfigDict, ValidationError

# the project's rules_data/, or another folder of the same files (COMPANION_RULES_DATA): a table's own facts
ROOT = Path(os.environ.get("COMPANION_RULES_DATA") or Path(__file__).resolve().parents[2] / "rules_data")


class GameDataError(Exception):
    """A game's data file is missing, is not JSON, or does not fit its model."""


class Data(BaseModel):
    """The base of every game's data model: fields the model does not name are kept (notes,
    sources), and a model's validators add the checks that span the file (ranges, references)."""

    model_config = ConfigDict(extra="allow", frozen=True)


def covers(ranges, low: int, high: int, what: str):
    """Every whole number from low to high falls in exactly one of ranges ((first, last) pairs)."""
    seen: dict[int, tuple] = {}
    for first, last in ranges:
        if first > last:
            raise ValueError(f"{what}: the range {first}-{last} runs backwards")
        for n in range(first, last + 1):
            if not low <= n <= high:
                raise ValueError(f"{what}: {n} is outside {low}-{high}")
            if n in seen:
                raise ValueError(f"{what}: {n} is in both {seen[n][0]}-{seen[n][1]} and {first}-{last}")
            seen[n] = (first, last)
    missing = [n for n in range(low, high + 1) if n not in seen]
    if missing:
        raise ValueError(f"{what}: no result for {', '.join(map(str, missing))}")


def _where(loc) -> str:
    return " → ".join(str(p) for p in loc) or "the whole file"


def load(name: str, model: type[BaseModel] | None = None, root: Path | None = None) -> dict:
    """The file rules_data/<name>.json as plain data, after its model accepted it."""
    path = (root or ROOT) / f"{name}.json"
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise GameDataError(f"The game data file {path} is missing.") from None
    except json.JSONDecodeError as err:
        raise GameDataError(f"The game data file {path} is not valid JSON (line {err.lineno}: {err.msg}).") from None
    if model is not None:
        try:
            model.model_validate(raw)
        except ValidationError as err:
            faults = "; ".join(f"at {_where(e['loc'])}: {e['msg'].removeprefix('Value error, ')}" for e in err.errors()[:5])
            raise GameDataError(f"The game data file {path} does not fit its rules: {faults}.") from None
    return raw
