"""Measuring: edge-to-edge distances, the tape measure, the nearest-target rule,
templates, deployment zones and terrain spacing."""

from __future__ import annotations

import math

import pytest

from tabletop.games.skirmish.play import deployment
from tabletop.games.skirmish.play.layout import demo_table
from tabletop.games.skirmish.table import measure, planar

from .scenes import model, new_table, piece


def test_distances_are_edge_to_edge():
    table = new_table()
    model(table, "a", (100, 100), 30)
    model(table, "b", (200, 100), 40)
    assert measure.edge_distance(table, "a", "b") == 65
    assert measure.distance_to_point(table, "a", (100, 150)) == 35
    assert measure.distance_to_point(table, "a", (105, 100)) == 0


def test_tape_snaps_to_base_edges():
    table = new_table()
    model(table, "a", (100, 100), 30)
    model(table, "b", (200, 100), 40)
    both = measure.tape(table, (104, 101), (198, 99))
    assert (both.start_model, both.end_model) == ("a", "b")
    assert both.length == pytest.approx(65)
    assert both.start == pytest.approx((115, 100)) and both.end == pytest.approx((180, 100))
    near_edge = measure.tape(table, (117, 100), (100, 300))  # 2 mm outside a's edge: snaps
    assert near_edge.start_model == "a" and near_edge.length == pytest.approx(185)
    loose = measure.tape(table, (100, 200), (100, 300))
    assert loose.start_model is None and loose.length == 100


def shooting_range():
    table = new_table()
    model(table, "shooter", (100, 300), side=0)
    model(table, "near", (160, 300), side=1)  # 30 mm away
    model(table, "friend", (100, 200), side=0)
    model(table, "far", (100, 400), side=1)  # 70 mm away
    model(table, "farther", (300, 200), side=1)
    return table


def test_the_target_must_be_a_nearest_enemy_in_sight_and_range():
    table = shooting_range()
    found = measure.targets(table, "shooter", 150)
    assert [c.model for c in found.candidates] == ["near", "far"]  # "farther" is out of range
    assert found.allowed == ("near",)


def test_engaged_enemies_may_be_skipped_or_chosen():
    table = shooting_range()
    model(table, "brawler", (160, 331), side=0)  # 1 mm from "near": engages it
    found = measure.targets(table, "shooter", 150)
    assert found.candidates[0].engaged
    assert found.allowed == ("near", "far")


def test_enemies_out_of_sight_are_no_targets():
    table = shooting_range()
    piece(table, "wall", "wall", (130, 300), 90)
    found = measure.targets(table, "shooter", 150)
    assert found.allowed == ("far",)
    assert found.candidates[0].sight.visible


def test_equally_near_enemies_are_both_allowed():
    table = new_table()
    model(table, "shooter", (300, 300), side=0)
    model(table, "left", (200, 300), side=1)
    model(table, "right", (400, 300), side=1)
    assert set(measure.targets(table, "shooter", 200).allowed) == {"left", "right"}
    assert set(measure.nearest_enemies(table, "shooter")) == {"left", "right"}


def test_explosion_covers_bases_it_overlaps():
    table = new_table()
    model(table, "in", (300, 354.9))  # 54.9 from the centre: 0.1 mm under the 80 mm disc
    model(table, "rim", (300, 245))  # exactly touching the rim: not covered
    model(table, "centre", (260, 300))
    blast = measure.explosion(table, (300, 300))
    assert blast.ra == blast.rb == 40
    assert sorted(measure.models_under(table, blast)) == ["centre", "in"]


def test_flame_template_from_the_attackers_base():
    table = new_table()
    model(table, "attacker", (100, 300), 30)
    model(table, "tip", (100 + 15 + 200 + 15 - 0.1, 300), 30)  # 0.1 mm under the far end
    model(table, "side", (285, 300 + 30 + 15 + 0.1), 30)  # 0.1 mm beside the wide end
    model(table, "under", (200, 334), 30)  # the side runs at y = 319.5 here
    flame = measure.flame(table, "attacker", 0)
    assert flame.a == pytest.approx((125, 300)) and flame.ra == 10
    assert flame.b == pytest.approx((285, 300)) and flame.rb == 30
    assert measure.models_under(table, flame, exclude=["attacker"]) == ["tip", "under"]
    outline = flame.polygon()
    left, top, right, bottom = planar.bounds(outline)
    assert right - left == pytest.approx(200, abs=0.5)
    turned = measure.flame(table, "attacker", 90)  # clockwise on screen: downwards
    assert turned.b[1] > 300 and turned.b[0] == pytest.approx(100)


def test_open_battle_zone():
    table = new_table()
    # own half along the top edge, bases at least 200 mm from the centre line (y = 300)
    assert deployment.in_zone(table, "top", "open_battle", (300, 85), 15)
    assert not deployment.in_zone(table, "top", "open_battle", (300, 85.1), 15)
    assert not deployment.in_zone(table, "top", "open_battle", (10, 50), 15)  # over the edge
    assert deployment.in_zone(table, "bottom", "open_battle", (300, 515), 15)
    assert deployment.in_zone(table, "left", "open_battle", (80, 300), 20)
    assert not deployment.in_zone(table, "right", "open_battle", (80, 300), 20)
    outline = deployment.zone_outline(table, "right", "open_battle")
    assert planar.bounds(outline) == (500, 0, 600, 600)


def test_ambush_zone_leaves_out_a_half_disc_about_the_centre():
    table = new_table()
    assert deployment.in_zone(table, "bottom", "ambush", (30, 300 + 16), 15)  # a corner of the own half
    assert not deployment.in_zone(table, "bottom", "ambush", (300, 300 + 214), 15)
    assert deployment.in_zone(table, "bottom", "ambush", (300, 300 + 215), 15)
    assert not deployment.in_zone(table, "bottom", "ambush", (30, 300 - 16), 15)  # the other half
    outline = deployment.zone_outline(table, "bottom", "ambush")
    assert planar.point_in_polygon((300, 580), outline)
    assert not planar.point_in_polygon((300, 450), outline)
    assert abs(planar.signed_area(outline)) == pytest.approx(600 * 300 - math.pi * 200**2 / 2, rel=0.01)


def test_model_in_zone_uses_its_base():
    table = new_table()
    model(table, "big", (300, 80.01), 40)
    assert not deployment.model_in_zone(table, "big", "top", "open_battle")
    table.move_model("big", (300, 80))  # its edge exactly 200 mm from the centre line
    assert deployment.model_in_zone(table, "big", "top", "open_battle")


def test_terrain_spacing():
    table = demo_table()
    assert deployment.spacing_problems(table) == []
    table.place_piece("tree-2", (60, 165))  # 22 mm across its corners: under 50 mm from the left edge
    problems = deployment.spacing_problems(table)
    assert [(p.piece, p.other) for p in problems] == [("tree-2", "edge")]
    assert problems[0].distance == pytest.approx(table.pieces["tree-2"].box[0]) and problems[0].distance < 40
    table.place_piece("tree-2", (260, 440))  # near the objective at (265, 450) and the wall
    others = {p.other for p in deployment.spacing_problems(table, "tree-2")}
    assert "objective" in others


def test_terrain_spacing_between_pieces():
    table = new_table()
    piece(table, "a", "wall", (200, 200))
    piece(table, "b", "wall", (200, 259.9))  # 49.9 mm apart
    piece(table, "c", "wall", (400, 200))
    problems = deployment.spacing_problems(table)
    assert [(p.piece, p.other) for p in problems] == [("a", "b")]
    assert problems[0].distance == pytest.approx(49.9)
