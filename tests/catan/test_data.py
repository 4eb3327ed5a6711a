"""Catan's data files: what they hold and how a fault in them is reported."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections import Counter

import pytest

from tabletop.engine.data import DataError, load_dataset
from tabletop.games.catan import schema
from tabletop.games.catan.rules import RULES, tables
from tabletop.resources import DATA as DATA_ROOT

DATA = tables().data


def test_the_rules_data():
    assert Counter(key for key, _r in DATA.land) == {
        "forest": 4,
        "pasture": 4,
        "fields": 4,
        "hills": 3,
        "mountains": 3,
        "desert": 1,
    }
    assert DATA.tokens == (5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11)
    assert Counter(DATA.harbours) == {(-1, 3): 4, (0, 2): 1, (1, 2): 1, (2, 2): 1, (3, 2): 1, (4, 2): 1}
    assert DATA.deck_counts == (14, 2, 2, 2, 5) and len(DATA.deck) == 25
    assert (DATA.max_roads, DATA.max_settlements, DATA.max_cities) == (15, 5, 4)
    assert DATA.bank_per_resource == 19 and DATA.points_to_win == 10
    assert DATA.cost_road == (1, 1, 0, 0, 0)
    assert DATA.cost_settlement == (1, 1, 1, 1, 0)
    assert DATA.cost_city == (0, 0, 0, 2, 3)
    assert DATA.cost_development == (0, 0, 1, 1, 1)


def test_options_and_colours_come_from_the_data():
    specs = {spec.key: spec for spec in RULES.option_specs()}
    assert set(specs) == set(schema.OPTION_VALUES)
    for key, values in schema.OPTION_VALUES.items():
        assert specs[key].default == values[0]
        assert {value for value, _label in specs[key].choices} == set(values)
    assert [key for key, _label, _rgb in RULES.colours()] == ["red", "blue", "white", "orange"]
    assert RULES.dataset is schema.DATASET


def copy_data(tmp_path):
    root = tmp_path / "data"
    shutil.copytree(DATA_ROOT / "catan", root / "catan")
    return root


def replace(path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_the_bundled_data_loads(tmp_path):
    load_dataset(schema.DATASET, copy_data(tmp_path))


@pytest.mark.parametrize(
    "file, old, new, message",
    [
        ("board.yaml", "resource: wood, count: 4", "resource: wood, count: 5", "the terrains make 20 hexes"),
        ("board.yaml", "tokens: [5, 2,", "tokens: [5, 7,", "no number token may show 7"),
        (
            "board.yaml",
            "{resource: null, ratio: 3, count: 4}",
            "{resource: null, ratio: 3, count: 3}",
            "harbour places",
        ),
        ("board.yaml", "resource: ore, count: 3", "resource: iron, count: 3", "no resource 'iron'"),
        ("rules.yaml", "monopoly: 2, victory_point", "monopolies: 2, victory_point", "unknown key"),
        ("players.yaml", "default: separate", "default: mixed", "default 'mixed' is not one of the choices"),
        ("players.yaml", "value: removed", "value: burnt", "option 'progress_cards' takes exactly"),
        ("players.yaml", "value: removed", "value: true", "option 'progress_cards' takes exactly"),
    ],
)
def test_faults_are_reported_with_file_and_line(tmp_path, file, old, new, message):
    root = copy_data(tmp_path)
    replace(root / "catan" / file, old, new)
    with pytest.raises(DataError) as err:
        load_dataset(schema.DATASET, root)
    problems = err.value.problems
    assert any(message in p.message and p.file.endswith(file) and p.line > 1 for p in problems), problems


# -- a fault in the data: importing still works (the launcher shows the fault on the game's
# card: tests/ui/test_launcher.py) ------------------------------------------------------------

FAULT = ("rules.yaml", "points_to_win: 10", "points_to_win: lots")


def broken_copy(tmp_path):
    """The whole data folder, with points_to_win in catan/rules.yaml made a word."""
    root = tmp_path / "data"
    shutil.copytree(DATA_ROOT, root)
    replace(root / "catan" / FAULT[0], FAULT[1], FAULT[2])
    return root


def test_importing_the_rules_and_the_view_loads_no_data(tmp_path):
    """In a fresh interpreter over the broken copy: both modules import, and the
    fault comes (as file:line) only where the rules are asked for."""
    root = broken_copy(tmp_path)
    script = f"""
from pathlib import Path
from tabletop import resources
resources.DATA = Path({str(root)!r})
import tabletop.games.catan.rules as rules
import tabletop.games.catan.screen
from tabletop.engine.data import DataError
from tabletop.games import registry
try:
    registry.get("catan")
except DataError as err:
    print(err)
else:
    raise SystemExit("the rules were made from broken data")
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "catan/rules.yaml:" in done.stdout and "points_to_win: should be a whole number" in done.stdout
