"""Every game keeps the one contract (companion/games/contract.py): the engine, the pages, the hub
and the worker reach a game only through its GAME, and everything it names exists."""

from pathlib import Path

import pytest
from pydantic import BaseModel

from companion import games
from companion.core.regions import Region
from companion.games.contract import Game

ROOT = Path(__file__).resolve().parents[1]
IDS = sorted(games.IDS)


def test_the_registry_holds_the_four_games_each_declared_once():
    assert IDS == ["clue", "gathering", "touch-of-evil", "villainous"]
    assert all(isinstance(games.get(gid), Game) and games.get(gid).id == gid for gid in IDS)


@pytest.mark.parametrize("gid", IDS)
def test_a_game_declares_every_hook_the_engine_reads(gid):
    game = games.get(gid)
    assert game.title and issubclass(game.options, BaseModel)
    assert game.actions and all(issubclass(m, BaseModel) for m in game.actions)
    for hook in (game.setup, game.apply, game.view, game.describe, game.reveals):
        assert callable(hook)
    for hook in (game.prepare, game.log_entry, game.sealed, game.warm):
        assert hook is None or callable(hook)
    types = {m.model_fields["type"].annotation.__args__[0] for m in game.actions}
    assert set(game.private) <= types and set(game.not_undone) <= types  # names actions it has
    assert all(callable(task) and name.startswith(f"{gid}.") for name, task in game.tasks.items())


@pytest.mark.parametrize("gid", IDS)
def test_what_a_game_names_on_its_pages_exists(gid):
    game = games.get(gid)
    assert game.regions and all(isinstance(r, Region) for r in game.regions)
    assert len({r.id for r in game.regions}) == len(game.regions)
    for r in game.regions:
        assert r.partial.startswith(game.templates) and (ROOT / "templates" / r.partial).is_file(), r.partial
    for asset in (*game.scripts, *game.styles):
        assert (ROOT / "static" / asset).is_file(), asset
    assert f"css/{gid}.css" in game.styles  # its own stylesheet, its display layout among it


def test_no_shared_part_of_the_app_names_a_game():
    shared = [*(ROOT / "companion" / "core").glob("*.py"), *(ROOT / "companion" / "web").glob("*.py"),
              ROOT / "companion" / "live.py", ROOT / "companion" / "worker.py", ROOT / "companion" / "tables.py",
              ROOT / "static" / "js" / "app.js", ROOT / "static" / "css" / "app.css"]
    words = ("clue", "gathering", "villainous", "touch-of-evil", "touch_of_evil", "narrator")
    named = [f"{p.relative_to(ROOT)}: {w}" for p in shared for w in words if w in p.read_text(encoding="utf-8").lower()]
    assert named == []


def test_no_python_file_is_over_700_lines():
    long = [f"{p.relative_to(ROOT)} ({n})" for p in [*ROOT.glob("companion/**/*.py"), *ROOT.glob("tests/**/*.py")]
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 700]
    assert long == []
