"""Eden's data: the board, the deck, the tiles, the prices, colours and options."""

from __future__ import annotations

import shutil
from collections import Counter

import pytest

from tabletop.engine.data import DataError, load_dataset
from tabletop.games.eden.board import rotate
from tabletop.games.eden.rules import RULES
from tabletop.games.eden.tables import DATASET, build
from tabletop.resources import data_path

from .helpers import T


def canonical(cells) -> tuple:
    """The same shape whatever its rotation (mirror images stay different)."""
    return min(rotate(cells, r) for r in range(4))


def test_board_is_7_by_7_named_a1_to_g7():
    assert T.board.size == 49
    assert T.board.names[0] == "A1" and T.board.names[6] == "G1" and T.board.names[48] == "G7"
    assert T.board.field("B4") == 3 * 7 + 1


def test_fields_touch_only_side_to_side():
    b4 = T.board.field("B4")
    assert sorted(T.board.name(f) for f in T.board.neighbours[b4]) == ["A4", "B3", "B5", "C4"]
    assert sorted(T.board.name(f) for f in T.board.neighbours[T.board.field("A1")]) == ["A2", "B1"]


def test_deck_is_49_irrigation_and_17_cultivation_cards():
    assert T.deck_size == 66
    assert all(T.is_irrigation(c) for c in range(49))
    assert all(T.is_cultivation(c) for c in range(49, 66))


def test_the_17_cultivation_shapes():
    shapes = Counter(canonical(s) for s in T.shapes)
    domino = canonical([(0, 0), (1, 0)])
    line3 = canonical([(0, 0), (1, 0), (2, 0)])
    corner3 = canonical([(0, 0), (0, 1), (1, 1)])
    square = canonical([(0, 0), (1, 0), (0, 1), (1, 1)])
    line4 = canonical([(0, 0), (1, 0), (2, 0), (3, 0)])
    ell4 = canonical([(0, 0), (0, 1), (0, 2), (1, 2)])
    tee = canonical([(0, 0), (1, 0), (2, 0), (1, 1)])
    ess = canonical([(1, 0), (2, 0), (0, 1), (1, 1)])
    assert shapes == {domino: 3, line3: 3, corner3: 3, square: 2, line4: 2, ell4: 2, tee: 1, ess: 1}


def test_tiles_per_colour():
    assert T.kind_counts == (16, 8)
    assert T.kind_of[1:] == (0, 0, 1, 1)
    assert T.top_value == 4


def test_prices_and_targets():
    e = T.economy
    assert (e.start_mana, e.income_per_red_dot, e.cultivation_cost_per_tile) == (100, 5, 10)
    assert (e.sell_per_field, e.buy_base, e.buy_per_field) == (10, 10, 10)
    assert (e.opening_bid_min, e.raise_min, e.target_points) == (10, 5, 20)
    assert (e.hand_start, e.draw_below, e.irrigations_per_turn) == (6, 5, 2)


def test_colours_and_options_come_from_data():
    assert [key for key, _label, _rgb in RULES.colours()] == ["red", "blue", "yellow", "green"]
    specs = {spec.key: spec for spec in RULES.option_specs()}
    assert specs["two_players"].default is False
    assert specs["two_players"].parse("true") is True
    assert RULES.dataset is DATASET


@pytest.fixture
def data_copy(tmp_path):
    shutil.copytree(data_path("eden"), tmp_path / "eden")
    return tmp_path


def test_bundled_data_loads(data_copy):
    assert build(load_dataset(DATASET, data_copy)).deck_size == 66


def _problems(root) -> list[str]:
    with pytest.raises(DataError) as err:
        load_dataset(DATASET, root)
    return [str(p) for p in err.value.problems]


def test_a_broken_shape_is_reported_at_its_line(data_copy):
    path = data_copy / "eden" / "cultivation.yaml"
    text = path.read_text()
    line = next(i for i, row in enumerate(text.splitlines(), 1) if "tee4" in row)
    path.write_text(text.replace('shape: ["###", ".#."]', 'shape: ["#.#"]'))
    problems = _problems(data_copy)
    assert any(p.startswith(f"{path}:{line}:") and "touch" in p for p in problems), problems


def test_an_unknown_key_is_refused(data_copy):
    path = data_copy / "eden" / "economy.yaml"
    path.write_text(path.read_text() + "free_lunch: 5\n")
    assert any("free_lunch" in p and "unknown key" in p for p in _problems(data_copy))


def test_tile_sides_must_run_on(data_copy):
    path = data_copy / "eden" / "tiles.yaml"
    path.write_text(path.read_text().replace("sides: [3, 4]", "sides: [4, 5]"))
    assert any("tiles.yaml" in p and "run on" in p for p in _problems(data_copy))


def test_four_colours_are_needed(data_copy):
    path = data_copy / "eden" / "players.yaml"
    path.write_text("\n".join(line for line in path.read_text().splitlines() if "green" not in line) + "\n")
    assert any("players.yaml" in p and "4 colours" in p for p in _problems(data_copy))


def test_a_shape_larger_than_the_board_is_refused(data_copy):
    path = data_copy / "eden" / "cultivation.yaml"
    path.write_text(path.read_text().replace('shape: ["####"]}', 'shape: ["########"]}', 1))
    assert any("does not fit the board" in p for p in _problems(data_copy))
