"""The packaged program (a PyInstaller build: sys.frozen, its files in sys._MEIPASS)
finds the player's own data folder the same way as from source, over the data in
the build folder (issue 16, point 8 from the packaged build). What can be checked
without building: the program run as the build runs it, with its bundled files
in a build folder elsewhere and the user data folder where platformdirs puts it.
docs/BUILD.md says what to check on a real build."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop import resources

ROOT = Path(__file__).resolve().parent.parent

#: tabletop started as the build starts it: frozen, its files in the build folder
FROZEN = """
import sys
sys.frozen = True
sys._MEIPASS = sys.argv[1]
from tabletop import resources
from tabletop.cli import main
code = main(sys.argv[2:])
print("data:", resources.DATA)
print("mine:", resources.user_data_dir())
sys.exit(code)
"""

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the user data folder as platformdirs puts it on Linux")


@pytest.fixture
def build(tmp_path):
    """A build folder holding what the build bundles (data/ and sprites/), away
    from the source tree, and an empty home whose data folder is in XDG_DATA_HOME."""
    internal = tmp_path / "dist" / "tabletop" / "_internal"
    shutil.copytree(resources.DATA, internal / "data")
    shutil.copytree(resources.SPRITES, internal / "sprites")
    return internal


def _run(build: Path, tmp_path: Path, *args: str) -> tuple[int, list[str], str]:
    env = {key: value for key, value in os.environ.items() if key not in ("TABLETOP_HOME", "TABLETOP_DATA")}
    env.update(HOME=str(tmp_path / "home"), XDG_DATA_HOME=str(tmp_path / "xdg"), PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-c", FROZEN, str(build), *args],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    return done.returncode, done.stdout.splitlines(), done.stderr


def test_the_frozen_program_reads_the_players_folder_over_the_build(build, tmp_path):
    mine = tmp_path / "xdg" / "tabletop" / "data"
    code, lines, err = _run(build, tmp_path, "validate")
    assert lines[-2:] == [f"data: {build / 'data'}", f"mine: {mine}"]
    assert code == 0 and lines[0] == "All data is valid.", err
    # a scenario of the player's own with a fault: named (as seen from the working
    # folder) with its line, as from source
    demo = (build / "data" / "skirmish" / "scenarios" / "demo.yaml").read_text()
    ridge = mine / "skirmish" / "scenarios" / "ridge.yaml"
    ridge.parent.mkdir(parents=True)
    ridge.write_text(demo.replace("name: Demo table", "name: Ridge").replace("width: 600", "width: wide"))
    code, lines, _err = _run(build, tmp_path, "validate")
    assert code == 1
    at = demo[: demo.index("width: 600")].count("\n") + 1
    assert [line for line in lines if line.startswith(f"{ridge.relative_to(tmp_path)}:{at}: table.width: ")], lines


def test_a_relative_data_folder_is_the_one_in_the_working_folder(build, tmp_path):
    folder = tmp_path / "given" / "skirmish" / "scenarios"
    folder.mkdir(parents=True)
    (folder / "ridge.yaml").write_text("name: [\n")
    code, lines, _err = _run(build, tmp_path, "--data", "given", "validate")
    assert lines[-1] == "mine: given"  # read from the working folder
    assert code == 1 and lines[0].startswith("given/skirmish/scenarios/ridge.yaml:2: "), lines
