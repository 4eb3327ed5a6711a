"""Skirmish data: the terrain list, its readings under both rulesets, layouts."""

from __future__ import annotations

import math

import pytest

from tabletop.engine.data import DataError, load_dataset
from tabletop.games.skirmish import options, schema
from tabletop.games.skirmish.play.layout import (
    demo_table,
    layout_from_table,
    load_layout,
    save_layout,
    scenario_path,
    table_from_layout,
)
from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.terrain import BASIC, TERRAIN_RULES, Ruleset, TerrainPiece, effect

# name, cost and properties as the rulebook's terrain list gives them
RULEBOOK = {
    "tree": (1, dict(flammable=True, destruction=3, sight_obstacle=1)),
    "bushes": (1, dict(flammable=True, destruction=3, sight_obstacle=2, passable=True)),
    "vehicle_wreck": (1, dict(destruction=8, sight_obstacle=1)),
    "wall": (1, dict(destruction=4, sight_obstacle=2)),
    "ruined_wall": (1, dict(destruction=4, sight_obstacle=1, passable=True)),
    "swamp": (1, dict(heavy=2)),
    "dense_forest": (2, dict(flammable=True, destruction=6, heavy=2, hostile=1, sight_obstacle=3, hiding=True)),
    "sewage_pond": (2, dict(sight_obstacle=2, hostile=1, heavy=2)),
    # the same pond laid as a chemical cesspool (S34: its placer picks hostile 1 or 2)
    "chemical_cesspool": (2, dict(sight_obstacle=2, hostile=2, heavy=2)),
    "destroyed_area": (2, dict(sight_obstacle=2, passable=True)),
    "small_hill": (2, dict(elevation=True, heavy=2, sight_obstacle=3, behind_only=True)),
    "chasm": (2, dict(jump=2)),
    "energy_field_generator": (3, dict(destruction=3, sight_obstacle=1)),
    "cult_statue": (3, dict(destruction=2, sight_obstacle=1, flammable=True)),
    "rubbish_heap": (3, dict(sight_obstacle=1, flammable=True, destruction=4, heavy=2, hiding=True)),
    "rocky_hill": (3, dict(elevation=True, climb=2, impenetrable=True, behind_only=True)),
    "acid_cloud": (3, dict(hostile=2, sight_obstacle=3, passable=True)),
    "contaminated_lake": (4, dict(hostile=1, swim=4)),
    "torrent": (5, dict(swim=5)),
}


def test_bundled_data_loads_and_checks():
    loaded = load_dataset(schema.DATASET)
    assert loaded[schema.TABLE_FILE].table.width == 600
    assert loaded[schema.TABLE_FILE].movement == 100
    assert loaded[schema.TABLE_FILE].contact == 1
    assert loaded[schema.TABLE_FILE].templates.explosion == 80
    flame = loaded[schema.TABLE_FILE].templates.flame
    assert (flame.length, flame.narrow, flame.wide) == (200, 20, 60)


def test_terrain_list_is_the_rulebooks():
    kinds = {k.key: k for k in schema.terrain_data().kinds}
    assert set(kinds) == set(RULEBOOK)
    for key, (cost, props) in RULEBOOK.items():
        kind = kinds[key]
        assert kind.cost == cost, key
        defaults = schema.TerrainProperties()
        for field in schema.TerrainProperties.model_fields:
            if field == "behind_only":
                continue
            assert getattr(kind.properties, field) == props.get(field, getattr(defaults, field)), (key, field)
        assert kind.properties.behind_only == props.get("behind_only", False), key


def test_special_effects_are_text_for_the_players():
    kinds = {k.key: k for k in schema.terrain_data().kinds}
    for key in ("energy_field_generator", "cult_statue", "sewage_pond"):
        assert kinds[key].special


@pytest.mark.parametrize(
    "key, basic, terrain",
    [
        # (sight, penalty, crossing cost) under the basic rules, then the terrain rules
        ("tree", ("opaque", 1, None), ("obstacle", 1, None)),
        ("wall", ("opaque", 1, None), ("obstacle", 2, None)),
        ("bushes", ("obstacle", 1, 1.0), ("obstacle", 2, 1.0)),
        ("swamp", ("flat", 0, 1.0), ("flat", 0, 2.0)),
        ("dense_forest", ("obstacle", 1, 1.0), ("obstacle", 3, 2.0)),
        ("small_hill", ("opaque", 1, 1.0), ("obstacle", 3, 2.0)),
        ("rocky_hill", ("opaque", 1, None), ("opaque", 1, None)),
        ("chasm", ("flat", 0, None), ("flat", 0, None)),
        ("torrent", ("flat", 0, None), ("flat", 0, None)),
        ("acid_cloud", ("obstacle", 1, 1.0), ("obstacle", 3, 1.0)),
    ],
)
def test_effect_under_each_ruleset(key, basic, terrain):
    kind = schema.terrain_data().kind(key)
    for ruleset, (sight, penalty, cost) in ((BASIC, basic), (TERRAIN_RULES, terrain)):
        found = effect(kind, ruleset)
        assert (found.sight, found.penalty, found.crossing_cost) == (sight, penalty, cost), (key, ruleset)


def test_basic_crossable_terrain_at_double_cost_is_an_option():
    kind = schema.terrain_data().kind("bushes")
    assert effect(kind, Ruleset(double_cost=True)).crossing_cost == 2.0
    assert effect(schema.terrain_data().kind("wall"), Ruleset(double_cost=True)).crossing_cost is None


def test_hills_hide_only_behind_them_and_are_high_ground():
    for key in ("small_hill", "rocky_hill"):
        kind = schema.terrain_data().kind(key)
        for ruleset in (BASIC, TERRAIN_RULES):
            assert effect(kind, ruleset).behind_only
            assert effect(kind, ruleset).elevation
    assert not effect(schema.terrain_data().kind("wall"), TERRAIN_RULES).elevation


def test_burning_terrain_cannot_be_crossed_and_hinders_more():
    bushes = schema.terrain_data().kind("bushes")
    burning = effect(bushes, TERRAIN_RULES, burning=True)
    assert burning.crossing_cost is None
    assert burning.penalty == 3
    swamp = schema.terrain_data().kind("swamp")  # not flammable
    assert effect(swamp, TERRAIN_RULES, burning=True).crossing_cost == 2.0


def test_concave_footprints_split_into_convex_parts_of_the_same_area():
    for kind in schema.terrain_data().kinds:
        piece = TerrainPiece("p", kind, (300, 300), 30)
        assert all(planar.is_convex(part) for part in piece.parts), kind.key
        total = sum(planar.signed_area(part) for part in piece.parts)
        assert math.isclose(total, abs(planar.signed_area(piece.outline)), rel_tol=1e-9), kind.key
    ruined = TerrainPiece("p", schema.terrain_data().kind("ruined_wall"), (0, 0))
    assert len(ruined.parts) >= 2


def test_turning_a_piece_turns_its_outline_clockwise_on_screen():
    wall = TerrainPiece("w", schema.terrain_data().kind("wall"), (100, 100), 90)
    left, top, right, bottom = wall.box
    assert (round(left, 6), round(top, 6), round(right, 6), round(bottom, 6)) == (95, 50, 105, 150)
    corner = TerrainPiece("c", schema.terrain_data().kind("wall"), (0, 0), 90).outline
    # (50, -5) turned a quarter clockwise (y grows downwards) lands at (5, 50)
    assert any(math.isclose(x, 5) and math.isclose(y, 50) for x, y in corner)


def test_demo_layout_has_twenty_models_and_sixteen_pieces():
    table = demo_table()
    assert len(table.models) == 20
    assert len(table.pieces) == 16
    assert {m.side for m in table.models.values()} == {0, 1}
    assert {m.base for m in table.models.values()} == {30, 40}


def test_layout_round_trip(tmp_path):
    table = demo_table()
    table.move_model("m10", (250.25, 60.5))
    table.set_burning("tree-1", True)
    path = tmp_path / "saved.yaml"
    save_layout(layout_from_table(table, "Saved table"), path)
    again = table_from_layout(load_layout(path))
    assert again.models["m10"].position == (250.25, 60.5)
    assert again.pieces["tree-1"].burning
    assert layout_from_table(again, "Saved table") == layout_from_table(table, "Saved table")
    assert load_layout(scenario_path("demo")) == schema.bundled()["skirmish/scenarios/demo.yaml"]


def test_custom_footprint_is_kept(tmp_path):
    table = demo_table()
    layout = layout_from_table(table, "x")
    wall = layout.terrain[[t.id for t in layout.terrain].index("wall-1")]
    longer = wall.model_copy(update={"footprint": [(-70, -5), (70, -5), (70, 5), (-70, 5)], "position": (355, 405)})
    terrain = [longer if t.id == "wall-1" else t for t in layout.terrain]
    path = tmp_path / "long.yaml"
    save_layout(layout.model_copy(update={"terrain": terrain}), path)
    again = table_from_layout(load_layout(path))
    left, top, right, bottom = again.pieces["wall-1"].box
    assert right - left > 120


def _write(tmp_path, text):
    path = tmp_path / "layout.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "lines, line, message",
    [
        (["terrain:", "  - {id: a, kind: castle, position: [100, 100]}"], 4, "no terrain kind 'castle'"),
        (
            [
                "models:",
                "  - {id: a, warrior: yuri, base: 30, position: [100, 100], side: 0}",
                "  - {id: b, warrior: yuri, base: 30, position: [120, 100], side: 1}",
            ],
            5,
            "overlaps model 'a'",
        ),
        (["models:", "  - {id: a, warrior: yuri, base: 35, position: [100, 100], side: 0}"], 4, "base 35 mm"),
        (["models:", "  - {id: a, warrior: yuri, base: 30, position: [10, 100], side: 0}"], 4, "table edge"),
        (
            [
                "terrain:",
                "  - {id: a, kind: wall, position: [100, 100]}",
                "models:",
                "  - {id: a, warrior: yuri, base: 30, position: [300, 300], side: 0}",
            ],
            6,
            "already used",
        ),
        (
            [
                "terrain:",
                "  - {id: a, kind: wall, position: [100, 100]}",
                "  - {id: b, kind: wall, position: [120, 104]}",
            ],
            5,
            "overlaps terrain piece 'a'",
        ),
        (
            [
                "terrain:",
                "  - {id: a, kind: wall, position: [100, 100], footprint: [[0, 0], [30, 0], [0, 10], [10, 20]]}",
            ],
            4,
            "cross",
        ),
    ],
)
def test_layout_faults_name_their_line(tmp_path, lines, line, message):
    path = _write(tmp_path, "\n".join(["name: Test", "table: {width: 600, height: 600}", *lines]) + "\n")
    with pytest.raises(DataError) as err:
        load_layout(path)
    assert any(p.line == line and message in p.message for p in err.value.problems), err.value


def test_unknown_keys_are_refused(tmp_path):
    path = _write(
        tmp_path,
        "name: Test\ntable: {width: 600, height: 600}\nmodels:\n"
        "  - {id: a, warrior: yuri, base: 30, position: [100, 100], side: 0, size: 3}\n",
    )
    with pytest.raises(DataError) as err:
        load_layout(path)
    assert err.value.problems[0].line == 4


def test_demo_models_stand_where_they_may_under_both_rulesets():
    for ruleset in (BASIC, TERRAIN_RULES):
        table = demo_table(ruleset)
        for m in table.models.values():
            assert table.model_fits(m.radius, m.position, ignore=[m.id]), (m.id, ruleset)
        assert sum(table.engaged(m) for m in table.models) == 0  # play may begin: no enemies touch
        assert table.on_high_ground("m01")


def test_the_data_set_check_reports_a_broken_scenario(tmp_path):
    import shutil

    from tabletop import resources

    root = tmp_path / "data"
    shutil.copytree(resources.data_path("skirmish"), root / "skirmish")
    (root / "skirmish" / "scenarios" / "broken.yaml").write_text(
        "name: Broken\ntable: {width: 600, height: 600}\nterrain:\n  - {id: a, kind: castle, position: [100, 100]}\n",
        encoding="utf-8",
    )
    with pytest.raises(DataError) as err:
        load_dataset(schema.DATASET, root=root)
    assert [(p.line, p.field) for p in err.value.problems] == [(4, "terrain.0.kind")]
    assert err.value.problems[0].file.endswith("broken.yaml")


# -- players.yaml: colours and options; the terrain points -------------------------------------


def _data_copy(tmp_path):
    """A copy of data/skirmish to change, as the root of a data folder."""
    import shutil

    from tabletop import resources

    root = tmp_path / "data"
    shutil.copytree(resources.data_path("skirmish"), root / "skirmish")
    return root


def _replace(path, old: str, new: str) -> int:
    """Replace the first `old` in a file with `new`; the line it was on."""
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1


def test_options_and_colours_are_the_datas():
    from tabletop.games.skirmish.play.rules import RULES

    specs = {spec.key: spec for spec in RULES.option_specs()}
    assert list(specs) == [options.START, *options.OPTION_VALUES]
    assert RULES.option_specs() == schema.option_specs(schema.bundled())
    assert RULES.default_options() == {
        "start": "demo",
        "unit_1": "layout",
        "unit_2": "layout",
        "ruleset": "basic",
        "double_cost": False,
        "table": 600,
        "deployment": "free",
        "spacing": "enforce",
        "points": 100,
        "follow_up": "lost",
        "weapon_markers": "success",
        "round_one_bid": "bid",
        "emptied_side": "points",
        "terrain_pieces": 4,
        "terrain_spend": "all",
        "preparation": "book",
        "weather": "off",
        "deck_symbols": "chosen",
        "card_names": "game",
        "infestation": 0,
    }
    assert specs["start"].choices == (("demo", "Demo table"), ("empty", "Empty table"))
    assert [value for value, _label in specs["table"].choices] == [600, 900, 1200]
    for key, values in options.OPTION_VALUES.items():
        if values is not None:
            assert [value for value, _label in specs[key].choices] == list(values), key
    assert RULES.colours()[:2] == (("red", "red", (200, 50, 50)), ("blue", "blue", (47, 95, 191)))
    assert RULES.uses_dice is True and RULES.has_secrets is True  # the bids, missions and hands


def test_a_label_changed_in_the_data_is_shown(tmp_path, monkeypatch):
    from tabletop.games.skirmish.play.rules import SkirmishRules
    from tabletop.games.skirmish.play.state import terrain_budget

    root = _data_copy(tmp_path)
    players = root / "skirmish" / "players.yaml"
    _replace(players, "label: Terrain spacing", "label: Room between pieces")
    _replace(players, '{value: 900, label: "90 x 90 cm"}', '{value: 900, label: "90 by 90 cm"}')
    _replace(players, "empty: Empty table", "empty: Bare table")
    _replace(players, "{key: blue, label: blue,", "{key: blue, label: sky blue,")
    _replace(root / "skirmish" / "terrain.yaml", "points_per_player: 8", "points_per_player: 5")
    loaded = load_dataset(schema.DATASET, root=root)
    monkeypatch.setattr(schema, "bundled", lambda: loaded)
    rules = SkirmishRules()
    specs = {spec.key: spec for spec in rules.option_specs()}
    assert specs["spacing"].label == "Room between pieces"
    assert dict(specs["table"].choices)[900] == "90 by 90 cm"
    assert dict(specs["start"].choices)["empty"] == "Bare table"
    assert dict((key, label) for key, label, _rgb in rules.colours())["blue"] == "sky blue"
    assert terrain_budget({"ruleset": "terrain"}) == 5 and terrain_budget({"ruleset": "basic"}) is None


@pytest.mark.parametrize(
    "file, old, new, shift, message",
    [
        # `shift`: lines from the changed line to the reported one
        (
            "players.yaml",
            "{value: ambush, label: ambush}",
            "{value: skirmish, label: ambush}",
            -2,
            "option 'deployment' takes exactly: free, open_battle, ambush",
        ),
        (
            "players.yaml",
            "{value: true, label: counts double}",
            "{value: maybe, label: counts double}",
            -1,
            "option 'double_cost' takes exactly: false, true",
        ),
        ("players.yaml", "default: enforce", "default: strict", 0, "default 'strict' is not one of the choices"),
        ("players.yaml", "{value: 1200, label:", "{value: 500, label:", 0, "at least the standard 600 x 600 mm"),
        ("players.yaml", "{value: 1200, label:", "{value: big, label:", 0, "whole number of millimetres"),
        ("players.yaml", "{value: 1200, label:", "{value: 1200.5, label:", 0, "valid integer"),
        ("players.yaml", "{value: 1200, label:", "{value: 900, label:", 0, "offered twice"),
        ("players.yaml", "default: demo ", "default: castle ", 0, "no scenario 'castle'"),
        ("players.yaml", "key: spacing", "key: spaces", 0, "the rules know no option 'spaces'"),
        ("players.yaml", "key: points", "key: start", 0, "the first option is written under start"),
        ("players.yaml", "rgb: [47, 95, 191]", "rgb: [47, 95, 291]", 0, "less than or equal to 255"),
        ("players.yaml", "{key: green, label: green,", "{key: blue, label: green,", 0, "'blue' is used twice"),
        ("players.yaml", "  empty: Empty table", "  empty: Empty table\n  shown: yes", 1, "unknown key"),
        ("terrain.yaml", "points_per_player: 8", "points_per_player: 0", 0, "greater than or equal to 1"),
    ],
)
def test_a_fault_in_the_options_names_its_file_and_line(tmp_path, file, old, new, shift, message):
    root = _data_copy(tmp_path)
    line = _replace(root / "skirmish" / file, old, new) + shift
    with pytest.raises(DataError) as err:
        load_dataset(schema.DATASET, root=root)
    found = [(p.file, p.line, p.message) for p in err.value.problems]
    assert any(name.endswith(f"skirmish/{file}") and at == line and message in text for name, at, text in found), found


def test_a_missing_option_is_reported(tmp_path):
    root = _data_copy(tmp_path)
    players = root / "skirmish" / "players.yaml"
    text = players.read_text(encoding="utf-8")
    start, end = text.index("  - key: spacing"), text.index("  - key: points")
    players.write_text(text[:start] + text[end:], encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_dataset(schema.DATASET, root=root)
    assert [(p.field, p.message) for p in err.value.problems] == [("options", "option 'spacing' is missing")]
