"""Loads each game's facts from rules_data/ (data, not code: a new villain is a new entry)."""

import json
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "rules_data"


@cache
def load(name: str) -> dict:
    return json.loads((ROOT / f"{name}.json").read_text(encoding="utf-8"))
