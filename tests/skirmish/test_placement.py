"""Placing models and terrain while dragging, contact, what stands where."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.games.skirmish import schema
from tabletop.games.skirmish.play.layout import demo_table
from tabletop.games.skirmish.table.table import MAX_CACHED, Model
from tabletop.games.skirmish.table.terrain import TERRAIN_RULES, TerrainPiece

from .scenes import box, kind, model, new_table, piece


def test_bases_may_touch_but_not_overlap():
    table = new_table()
    model(table, "a", (100, 100))
    assert table.model_fits(15, (130, 100))  # touching
    assert not table.model_fits(15, (129.99, 100))
    assert table.model_overlaps(20, (134.99, 100)) == ["a"]
    assert table.model_fits(20, (135, 100))


def test_bases_stay_on_the_table():
    table = new_table()
    assert table.model_fits(15, (15, 15))
    assert table.model_overlaps(15, (14.9, 300)) == ["edge"]
    assert table.model_overlaps(20, (300, 585)) == ["edge"]


def test_impassable_terrain_blocks_a_base_and_crossable_does_not():
    table = new_table()
    piece(table, "wall", "wall", (300, 300))  # 100 x 10
    piece(table, "swamp", "swamp", (100, 450))
    assert table.model_overlaps(15, (300, 320)) == []  # touching the wall
    assert table.model_overlaps(15, (300, 319.9)) == ["wall"]
    assert table.model_overlaps(15, (300, 300)) == ["wall"]  # centre inside the wall
    assert table.model_fits(15, (100, 450))  # in the swamp


def test_terrain_rules_change_what_a_base_may_stand_on():
    basic = new_table()
    piece(basic, "bushes", "swamp", (300, 300))
    terrain = new_table(TERRAIN_RULES)
    piece(terrain, "lake", "contaminated_lake", (300, 300))
    assert basic.model_fits(15, (300, 300))
    assert not terrain.model_fits(15, (300, 300))


def test_nearest_position_slides_out_of_a_wall_to_touching():
    table = new_table()
    piece(table, "wall", "wall", (300, 300))
    found = table.nearest_model_position(15, (310, 302))
    assert math.isclose(found[0], 310) and math.isclose(found[1], 320, abs_tol=1e-3)
    assert table.model_fits(15, found)


def test_nearest_position_between_two_bases():
    table = new_table()
    model(table, "a", (100, 100))
    model(table, "b", (135, 100))  # 5 mm apart: a 30 mm base does not fit between
    found = table.nearest_model_position(15, (117.5, 101))
    assert math.isclose(math.dist(found, (100, 100)), 30, abs_tol=1e-3)
    assert math.isclose(math.dist(found, (135, 100)), 30, abs_tol=1e-3)
    assert found[1] > 100


def test_nearest_position_ignores_the_dragged_model():
    table = new_table()
    model(table, "a", (100, 100))
    assert table.nearest_model_position(15, (105, 100), ignore=["a"]) == (105, 100)


def test_nearest_position_on_a_full_table_is_none():
    table = new_table(width=40, height=40)
    model(table, "a", (20, 20))
    assert table.nearest_model_position(15, (20, 20)) is None


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.tuples(st.floats(40, 560), st.floats(40, 560)), min_size=1, max_size=12),
    st.tuples(st.floats(0, 600), st.floats(0, 600)),
    st.sampled_from([30, 40]),
)
def test_nearest_position_always_fits(others, wanted, base):
    table = new_table()
    piece(table, "wall", "wall", (300, 300), 30)
    for i, position in enumerate(others):
        if table.model_fits(15, position):
            model(table, f"m{i}", position)
    found = table.nearest_model_position(base / 2, wanted)
    assert found is not None
    assert table.model_fits(base / 2, found)
    if table.model_fits(base / 2, wanted):
        assert found == wanted


def test_terrain_keeps_its_spacing_while_dragged():
    table = new_table()
    piece(table, "wall", "wall", (300, 300))
    dragged = TerrainPiece("new", schema.terrain_data().kind("wall"), (0, 0))
    assert not table.piece_fits(dragged, (300, 340), 0, clearance=50)
    found = table.nearest_piece_position(dragged, (300, 340), 0, clearance=50)
    assert math.isclose(found[1], 360, abs_tol=1e-3) and math.isclose(found[0], 300)
    assert table.piece_fits(dragged, found, 0, clearance=50)
    # turned upright the wall is 100 mm tall: it must go further
    upright = table.nearest_piece_position(dragged, (300, 340), 90, clearance=50)
    assert table.piece_fits(dragged, upright, 90, clearance=50)
    assert math.dist(upright, (300, 340)) > 60


def test_a_piece_turned_round_and_round_keeps_the_tables_cache_bounded():
    table = new_table()
    piece(table, "wall", "wall", (300, 300))
    dragged = TerrainPiece("new", schema.terrain_data().kind("wall"), (0, 0))
    for step in range(3 * MAX_CACHED):
        table.piece_fits(dragged, (500, 500), step * 0.5, clearance=50)
    assert len(table._cache) <= MAX_CACHED
    # the last angles are still at hand
    assert table.piece_fits(dragged, (500, 500), 0.5 * (3 * MAX_CACHED - 1), clearance=50)


def test_terrain_stays_on_the_table_and_off_objectives():
    table = new_table()
    table.objectives["goal"] = (300, 300)
    dragged = TerrainPiece("new", schema.terrain_data().kind("tree"), (0, 0))
    assert table.piece_overlaps(dragged, (10, 300), 0) == ["edge"]
    assert table.piece_overlaps(dragged, (300, 360), 0, clearance=50) == ["goal"]
    assert table.piece_fits(dragged, (300, 360), 0)  # objectives only matter for spacing
    found = table.nearest_piece_position(dragged, (300, 330), 0, clearance=50)
    assert table.piece_fits(dragged, found, 0, clearance=50)


def test_terrain_may_not_cover_a_model_it_would_keep_out():
    table = new_table()
    model(table, "a", (300, 300))
    wall = TerrainPiece("new", schema.terrain_data().kind("wall"), (0, 0))
    swamp = TerrainPiece("new", schema.terrain_data().kind("swamp"), (0, 0))
    assert table.piece_overlaps(wall, (300, 300), 0) == ["a"]
    assert table.piece_fits(wall, (300, 320), 0)  # touching the base
    assert table.piece_fits(swamp, (300, 300), 0)


def test_contact_is_at_most_one_millimetre():
    table = new_table()
    model(table, "a", (100, 100), side=0)
    model(table, "b", (131, 100), side=1)  # 1 mm apart
    model(table, "c", (100, 131.01), side=1)  # 1.01 mm apart
    model(table, "d", (69, 100), side=0)  # friend, 1 mm apart
    assert table.in_contact("a", "b")
    assert not table.in_contact("a", "c")
    assert sorted(table.contacts("a")) == ["b", "d"]
    assert table.enemies_in_contact("a") == ["b"]
    assert table.engaged("a")
    assert not table.engaged("d")  # friendly contact does not engage


def test_pieces_under_a_point_and_high_ground():
    table = new_table()
    piece(table, "hill", "small_hill", (300, 300))
    piece(table, "swamp", "swamp", (100, 100))
    model(table, "up", (300, 300))
    model(table, "down", (100, 100))
    assert table.pieces_under((300, 300)) == ["hill"]
    assert table.on_high_ground("up")
    assert not table.on_high_ground("down")
    assert table.element_at((300, 300)) == "up"
    assert table.element_at((340, 300)) == "hill"
    assert table.element_at((500, 500)) is None


def test_custom_kinds_and_concave_pieces_keep_bases_out_of_their_notch():
    table = new_table()
    ell = kind("ell", box(0, 0, 10, 60)[:1] + [(80, 0), (80, 10), (10, 10), (10, 60), (0, 60)])
    piece(table, "ell", ell, (200, 200))
    assert table.model_fits(15, (225, 225))  # in the notch, touching both arms
    assert not table.model_fits(15, (224, 225))


def test_changes_invalidate_cached_geometry():
    table = demo_table()
    before = table.version
    table.move_model("m10", (250, 60))
    assert table.version > before
    assert table.model_fits(15, table.models["m10"].position, ignore=["m10"])
    table.add_model(Model("new", 30, (580, 580), 1))
    assert not table.model_fits(15, (575, 575))


def test_crossings_found_by_the_sweep_are_every_crossing():
    """The nearest free point comes from crossings of boundary pieces; pairs whose
    boxes do not overlap are skipped, which must lose none of them."""
    from tabletop.games.skirmish.table import freespace

    table = demo_table()
    dragged = TerrainPiece("new", schema.terrain_data().kind("dense_forest"), (0, 0), 30)
    blobs = table.piece_blobs(dragged, 30)
    features = [(i, f) for i, b in enumerate(blobs) for f in b.edges]
    every = set()
    for i in range(len(features)):
        for j in range(i + 1, len(features)):
            if features[i][0] != features[j][0]:
                every.update(freespace._intersections(features[i][1], features[j][1]))
    box = table.piece_box(dragged, 30)
    for pointer in ((300, 300), (120, 300), (420, 110)):
        found = freespace.nearest_free(pointer, blobs, box)
        near = [c for c in every if freespace.is_free(c, blobs, box)]
        best = min(near, key=lambda c: math.dist(pointer, c))
        assert found is not None and math.dist(pointer, found) <= math.dist(pointer, best) + 1e-6
