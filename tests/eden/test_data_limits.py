"""Eden's data within documented limits (issue 16, points 5 and 6): the score track's
target and the board are bounded so that the screen draws them, and anything inside
the limits opens and draws."""

from __future__ import annotations

import shutil
import string

import pygame
import pytest

from tabletop.engine.data import DataError, load_dataset
from tabletop.games.eden import schema
from tabletop.games.eden.rules import EdenRules
from tabletop.games.eden.tables import DATASET
from tabletop.resources import DATA
from tabletop.ui.render import render_game

from .test_data import dealt


def _copy(tmp_path, **edits: tuple[str, str]):
    root = tmp_path / "data"
    shutil.copytree(DATA / "eden", root / "eden")
    for name, (old, new) in edits.items():
        path = root / "eden" / f"{name}.yaml"
        text = path.read_text(encoding="utf-8")
        assert old in text
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return root


def _said(root) -> list[str]:
    with pytest.raises(DataError) as err:
        load_dataset(DATASET, root)
    assert all(p.line > 1 for p in err.value.problems)
    return [f"{p.field}: {p.message}" for p in err.value.problems]


def test_a_target_beyond_the_score_track_is_refused(tmp_path):
    root = _copy(tmp_path, economy=("target_points: 20", "target_points: 1000000000"))
    assert _said(root) == ["target_points: should be less than or equal to 100"]


def test_a_board_wider_than_the_screen_draws_is_refused(tmp_path):
    columns = ", ".join(f"C{i}" for i in range(300))
    root = _copy(tmp_path, board=("columns: [A, B, C, D, E, F, G]", f"columns: [{columns}]"))
    assert _said(root) == ["columns: should have at most 26 items, not 300"]


def test_a_board_too_small_for_the_cards_is_refused(tmp_path):
    root = _copy(tmp_path, board=("columns: [A, B, C, D, E, F, G]", "columns: [A, B]"))
    (root / "eden/board.yaml").write_text("columns: [A, B]\nrows: 2\n", encoding="utf-8")
    assert any("the shape does not fit the board" in said for said in _said(root))


def test_data_at_every_limit_opens_and_draws_at_both_sizes(tmp_path, window_size, within):
    columns = ", ".join(string.ascii_uppercase[: schema.MAX_COLUMNS])
    root = _copy(
        tmp_path,
        board=("columns: [A, B, C, D, E, F, G]", f"columns: [{columns}]"),
        economy=("target_points: 20", f"target_points: {schema.MAX_TARGET_POINTS}"),
    )
    path = root / "eden/board.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("rows: 7", f"rows: {schema.MAX_ROWS}"), encoding="utf-8")
    with within(60):  # a bound against a hang; bench.py times the data at its limits
        rules = EdenRules(root)
        assert rules.tables.board.size == schema.MAX_COLUMNS * schema.MAX_ROWS
        match = dealt(rules, 4)
        surface = render_game(match, window_size)
    assert surface.get_size() == window_size
    assert pygame.transform.average_color(surface)[:3] != (0, 0, 0)
