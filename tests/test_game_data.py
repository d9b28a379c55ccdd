"""Game data checked at start: a bad rules_data file stops `companion serve` before it listens,
with one sentence naming the file and the fault (no traceback, no 422 in the middle of a game)."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

from .test_live import free_port

ROOT = Path(__file__).resolve().parents[1]


def test_a_bad_data_file_stops_the_server_at_start_with_a_sentence(tmp_path):
    data = tmp_path / "rules_data"
    shutil.copytree(ROOT / "rules_data", data)
    villainous = json.loads((data / "villainous.json").read_text(encoding="utf-8"))
    villainous["villains"]["jafar"]["locked"] = "Atlantis"
    (data / "villainous.json").write_text(json.dumps(villainous), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1", "--port",
                          str(free_port()), "--db", str(tmp_path / "t.db")], capture_output=True, text=True,
                         timeout=60, env={"PATH": "/usr/bin:/bin", "COMPANION_RULES_DATA": str(data)})
    assert run.returncode != 0
    assert "villainous.json" in run.stderr and "Atlantis" in run.stderr
    assert "Traceback" not in run.stderr
