"""The skirmish data's documented limits (issue 16, point 6): beyond them a clear error,
each fault reported once (not once per pair), and a layout at every limit validates and
sets up its table quickly."""

from __future__ import annotations

import pytest

from tabletop.engine.data import DataError, load_model
from tabletop.engine.gamedata import MAX_LABEL, GameFile
from tabletop.games.skirmish import schema
from tabletop.games.skirmish.play.layout import load_layout, table_from_layout
from tabletop.games.skirmish.table.terrain import TERRAIN_RULES


def _write(tmp_path, text: str, name: str = "layout.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _models(count: int, at=lambda i: (300, 300)) -> str:
    return "".join(
        f"  - {{id: m{i}, warrior: yuri, base: 30, position: [{at(i)[0]}, {at(i)[1]}], side: 0}}\n"
        for i in range(count)
    )


def test_two_thousand_overlapping_models_are_one_fault_found_at_once(tmp_path, within):
    path = _write(tmp_path, "name: Crowd\ntable: {width: 600, height: 600}\nmodels:\n" + _models(2000))
    # a bound against checking every pair, not a speed target (bench.py times the limits)
    with within(60), pytest.raises(DataError) as err:
        load_layout(path)
    assert [(p.line, p.field, p.message) for p in err.value.problems] == [
        (4, "models", f"should have at most {schema.MAX_MODELS} items, not 2000")
    ]


def test_overlapping_models_are_reported_once_each_not_once_per_pair(tmp_path):
    path = _write(tmp_path, "name: Crowd\ntable: {width: 600, height: 600}\nmodels:\n" + _models(schema.MAX_MODELS))
    with pytest.raises(DataError) as err:
        load_layout(path)
    said = [(p.field, p.message) for p in err.value.problems]
    assert said == [(f"models.{i}.position", "overlaps model 'm0'") for i in range(1, schema.MAX_MODELS)]


def test_overlapping_terrain_is_reported_once_each(tmp_path):
    pieces = "".join(f"  - {{id: t{i}, kind: tree, position: [300, 300]}}\n" for i in range(5))
    path = _write(tmp_path, "name: Wood\ntable: {width: 600, height: 600}\nterrain:\n" + pieces)
    with pytest.raises(DataError) as err:
        load_layout(path)
    assert [p.message for p in err.value.problems] == ["overlaps terrain piece 't0'"] * 4


@pytest.mark.parametrize(
    "text, field, said",
    [
        ("table: {width: 100000, height: 600}", "table.width", "should be less than or equal to 2,000"),
        ("table: {width: 600, height: 1}", "table.height", "should be greater than or equal to 100"),
        ("name: " + "x" * (MAX_LABEL + 1), "name", f"should have at most {MAX_LABEL} characters"),
    ],
)
def test_tables_and_names_beyond_the_limits_are_refused(tmp_path, text, field, said):
    lines = {"name": "name: Test", "table": "table: {width: 600, height: 600}"}
    lines[text.split(":")[0]] = text
    path = _write(tmp_path, "\n".join(lines.values()) + "\n")
    with pytest.raises(DataError) as err:
        load_layout(path)
    assert [(p.field, p.message) for p in err.value.problems] == [(field, said)]


def test_a_base_too_small_to_play_is_refused(tmp_path):
    from tabletop import resources

    text = (
        (resources.DATA / "skirmish/table.yaml")
        .read_text(encoding="utf-8")
        .replace("bases: [30, 40]", "bases: [0.001]")
    )
    path = _write(tmp_path, text, "table.yaml")
    with pytest.raises(DataError) as err:
        load_model(path, schema.TableData)
    assert [(p.field, p.message) for p in err.value.problems] == [
        ("bases.0", f"should be greater than or equal to {schema.MIN_BASE}")
    ]


def test_a_sprite_name_longer_than_a_file_system_allows_is_a_problem_not_an_oserror(tmp_path):
    path = _write(tmp_path, f"picture: launcher/{'a' * 300}.png\n", "game.yaml")
    with pytest.raises(DataError) as err:
        load_model(path, GameFile)
    [problem] = err.value.problems
    assert problem.field == "picture" and "is too long" in problem.message


def test_a_layout_at_every_limit_validates_and_sets_up(tmp_path, within):
    """60 trees and 40 models, spread over the largest table."""
    side = schema.MAX_TABLE
    pieces = "".join(
        f"  - {{id: t{i}, kind: tree, position: [{100 + (i % 10) * 180}, {100 + (i // 10) * 300}]}}\n"
        for i in range(schema.MAX_TERRAIN_PIECES)
    )
    models = _models(schema.MAX_MODELS, at=lambda i: (190 + (i % 10) * 180, 250 + (i // 10) * 300))
    text = f"name: Full\ntable: {{width: {side}, height: {side}}}\nterrain:\n{pieces}models:\n{models}"
    path = _write(tmp_path, text)
    with within(60):  # a bound against a hang; bench.py times the data at its limits
        layout = load_layout(path)
        table = table_from_layout(layout, TERRAIN_RULES)
    assert len(table.models) == schema.MAX_MODELS
