"""Shallow holes of the reach over heavy terrain (0.01-0.03 mm deep, beyond the 0.01 mm
bound all the same): points within HEAVY_MARGIN and CHORD_SAG of the allowance the
reach left out, each where the exhaustive check of all scenes found one."""

from __future__ import annotations

from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.passage import passage
from tabletop.games.skirmish.table.rays import HEAVY_MARGIN
from tests.skirmish.geometry.holes import in_reach, within
from tests.skirmish.geometry.oracle import Oracle
from tests.skirmish.geometry.parts import through
from tests.skirmish.geometry.scenes import MOVER, scene


def test_the_reach_holds_the_crossings_between_a_side_s_last_node_and_a_corner_the_graph_did_not_reach():
    # seed 2869: from the start across a swamp's side 3 mm short of its corner (costs
    # 99.98); the corner lies beyond the graph's search, and the side's last node drew
    # the crossings only HEAVY_STEP / 2 + CROSSING_STEP (7 mm) towards it, 10 mm away
    goal = (80.28517138735666, 386.99685915340797)
    assert within(2869, goal)
    assert in_reach(2869, goal)


def test_one_origin_s_crossings_along_an_outline_side_made_of_two_parts_sides_are_drawn_per_part():
    # seed 1195: straight from one point across an outline side 80 mm long that is the
    # sides of two heavy parts in a row; its nodes' stretches drawn as one run over both,
    # the front was no one part's, its rays were cast and the point (costing 99.98) was
    # left out, 0.024 mm deep
    goal = (220.84589609443512, 282.93075228343383)
    assert within(1195, goal)
    assert in_reach(1195, goal)


def test_the_start_s_fan_narrows_where_its_rays_just_reach_heavy_terrain():
    # seeds 240 and 1177: the start's rays end just past a side of heavy terrain they
    # cross at a grazing angle: the front turns sharply where they reach it, and the edge
    # between two rays a hundredth of a degree either side cut 0.025 mm off the corner
    # (points costing 99.98 and 99.99 were left out)
    for seed, goal in ((240, (231.28105947577836, 484.393488882726)), (1177, (304.2051937593876, 267.83082076400996))):
        assert within(seed, goal)
        assert in_reach(seed, goal)


def test_the_strip_between_crossings_a_hair_apart_that_stop_differently_is_reached():
    # seeds 2474, 2539 and 2040: across heavy terrain's outline near a node, the rays of two
    # crossings under 0.01 mm apart end one on an obstacle, the other where the budget
    # runs out; the strip between them (and points costing 99.98, 99.96, 99.90 in it)
    # was left out
    for seed, goal in (
        (2474, (465.4453888374255, 473.428493534204)),
        (2539, (307.83687004317414, 282.17770091230807)),
        (2040, (490.97390579819734, 225.96905508739036)),
    ):
        assert within(seed, goal)
        assert in_reach(seed, goal)


def test_a_point_on_the_ray_a_sweep_shares_with_the_start_s_fan_is_reached():
    # seed 98: straight from the start along the tangent to a base (costs 73.46), on the
    # ray the start's fan and the sweep round that base share: in neither polygon
    goal = (436.85738003482294, 153.69197365821702)
    assert within(98, goal)
    assert in_reach(98, goal)


def test_where_an_arc_leaves_heavy_terrain_the_outline_s_point_costs_the_walk_round_the_arc_from_a_cheaper_node():
    # seeds 169 and 1508: across a side of heavy terrain (double cost) onto a base's grown
    # circle (seed 169: before a node of the graph; seed 1508: past the node where the
    # circle crosses that side), round it inside the terrain to where it leaves it, and
    # off it there straight into the open. The node where the circle leaves the terrain
    # was costed only by the graph's walk round from where the circle enters it (0.375
    # and 0.005 dearer), and the rays from the outline's point there fell short: holes
    # 0.0117 and 0.0115 mm deep
    for seed, goal in (
        (169, (300.22088723865124, 133.15112090867675)),
        (1508, (242.83832410527157, 170.86155515979777)),
    ):
        assert within(seed, goal)
        assert in_reach(seed, goal)


def test_the_rays_through_heavy_terrain_go_on_across_a_side_two_parts_share():
    # seed 212: from the start out of a swamp and into another across its side, then on
    # across the side its part shares with the next part of the same swamp: traced as out
    # into open ground and in again, the rays stopped there (two sides more, or past open
    # ground's critical angle), and the front beyond was drawn only from the outline's
    # nodes, 0.02-0.07 mm short (points costing 99.96 and 99.92 were left out)
    sc = scene(212)
    table = sc.table
    mover = passage(table, MOVER)
    limit = table.allowance - HEAVY_MARGIN
    polygons = through(mover.within(mover.start, limit), mover.start, 0.0, limit)
    for goal in ((331.36511519649287, 83.16203732917417), (331.1045702941708, 80.94960692509656)):
        assert within(212, goal)
        assert any(planar.point_in_polygon(goal, poly) for poly in polygons)


def test_the_strip_between_rays_off_an_arc_bent_alike_that_stop_differently_is_reached():
    # seed 1837: round a base's grown circle, off it along the tangent across a small
    # hill's side (double cost), refracted, to where the bent rays end one on another
    # base's grown circle, the next (a hundredth of a degree on) where the budget runs
    # out; the strip between them (and a point costing 99.98 in it, 0.011 mm clear of
    # the base) was left out
    goal = (343.3706181082384, 474.71012742471913)
    assert within(1837, goal)
    assert Oracle(scene(1837).table, MOVER).end_clearance(goal) > 0.01
    assert in_reach(1837, goal)


def test_the_rays_across_a_side_that_end_either_side_of_a_side_two_parts_of_one_rate_share_join():
    # seeds 1233 and 2807: across a dense forest's side (double cost), refracted, the
    # rays of neighbouring crossing points ended either side of the side its two parts
    # share (the front does not bend there): the strip between them was left out
    # (points costing 99.975 in it)
    for seed, goal in (
        (1233, (184.10031528284065, 310.7247094698725)),
        (2807, (190.1660490246321, 436.27871242546007)),
    ):
        assert within(seed, goal)
        assert in_reach(seed, goal)


def test_the_bent_rays_off_an_arc_reach_up_to_where_the_budget_runs_out_on_the_side_they_cross():
    # seed 2154: round a rocky hill's grown corner, off it along the tangent across a
    # dense forest's side (double cost) just where the budget runs out on it: the last
    # ray bent crossed the side, the next (a hundredth of a degree on) stopped short of
    # it, and the forest between the bent ray and where the budget runs out on the side
    # was left out (a point costing 99.988 in it)
    goal = (444.6634864818945, 246.1893408190089)
    assert within(2154, goal)
    assert in_reach(2154, goal)
