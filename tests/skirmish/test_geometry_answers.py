"""scripts/geometry_answers.py: the seeded scenes' answers fingerprinted, and a later
run compared with them (a change that makes the geometry faster shown to leave every
answer as it was)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "geometry_answers.py"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), "--seeds", "3,21", "--jobs", "1", *args], capture_output=True, text=True
    )


def test_the_same_answers_twice_agree_and_a_changed_one_is_named_by_its_seed(tmp_path):
    before = tmp_path / "before.jsonl"
    assert _run("--out", str(before)).returncode == 0
    rows = [json.loads(line) for line in before.read_text().splitlines()]
    assert [row["seed"] for row in rows] == [3, 21]
    assert all(len(row[name]) == 40 for row in rows for name in ("reach", "paths", "sight"))

    again = _run("--against", str(before))
    assert again.returncode == 0, again.stdout + again.stderr
    assert "reach: 0 of 2 scenes differ" in again.stdout
    assert "seeds:" not in again.stdout

    rows[1]["paths"] = "0" * 40
    before.write_text("".join(json.dumps(row) + "\n" for row in rows))
    changed = _run("--against", str(before))
    assert changed.returncode == 1
    assert "paths: 1 of 2 scenes differ" in changed.stdout
    assert "reach: 0 of 2 scenes differ" in changed.stdout
    assert "seeds: 21" in changed.stdout


def test_fingerprints_that_cannot_be_read_are_named_not_a_traceback(tmp_path):
    broken = tmp_path / "broken.jsonl"
    broken.write_text("{not json\n")
    done = _run("--against", str(broken))
    assert done.returncode != 0
    assert "broken.jsonl cannot be read as fingerprints" in done.stderr
    assert "Traceback" not in done.stderr
