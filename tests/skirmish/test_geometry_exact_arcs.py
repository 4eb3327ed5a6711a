"""The reach over heavy terrain where the cheapest way walks round an arc, against
the oracle on seeded scenes (test_geometry_exact.py has the rest): each point here
lay in a hole of the reach deeper than the 0.01 mm bound."""

from __future__ import annotations

import pytest

from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.rays import HEAVY_MARGIN
from tabletop.games.skirmish.table.reach import reach
from tests.skirmish.geometry.holes import in_reach, reached
from tests.skirmish.geometry.oracle import Oracle
from tests.skirmish.geometry.scenes import MOVER, scene


@pytest.mark.parametrize(
    "seed, goal",
    [
        # seed 2549: into a wood, refracted at its side onto a base inside it (a crossing
        # between the graph's nodes along the side), round the base and off it: the
        # graph's node on the base lies further round than where that way comes onto it,
        # and its straight way from the start cost 0.56 more; a hole 0.41 mm deep
        (2549, (329.193819715728, 180.75387675274064)),
        # the same way off the base between where it comes onto it and the node: the
        # walk started at the node; a hole 0.40 mm deep
        (2549, (326.3581981373433, 169.2629223997202)),
    ],
)
def test_the_reach_holds_what_lies_past_an_arc_a_refracted_way_comes_onto_before_its_node(seed, goal):
    assert reached(seed, goal, 0.3)
    assert in_reach(seed, goal)


def test_the_reach_holds_what_lies_past_where_an_arc_leaves_heavy_terrain_it_cut_into():
    # seed 1231: round a base whose arc runs into a strip of rough ground and out of it:
    # the cheapest way leaves the arc before the strip, cuts across its side back onto
    # the arc, and turns where the arc leaves the strip (costs 99.69); the point there
    # was costed by walking the whole arc, 0.31 dearer: a hole 0.31 mm deep
    goal = (284.1787123720013, 112.16114215775036)
    assert reached(1231, goal, 0.3)
    assert in_reach(1231, goal)


def test_the_reach_holds_what_lies_past_an_outline_s_stretch_next_to_a_node_beyond_the_limit():
    # seed 390: round a corner of one bed of rough ground and straight on across the
    # side of another, refracted there (costs 99.94): the side's next node costs 101.0,
    # beyond the limit, and the stretch between the nodes was drawn from neither; a
    # hole 0.027 mm deep (asked of the reach stopping 0.005 mm short of the allowance)
    sc = scene(390)
    goal = (423.67793472777277, 408.0899175108772)
    allowance = sc.table.allowance - 0.005 + HEAVY_MARGIN
    assert Oracle(sc.table, MOVER).polished(goal)[0] <= allowance - HEAVY_MARGIN - 0.05
    polygons = reach(sc.table, MOVER, allowance).polygons
    assert any(planar.point_in_polygon(goal, poly) for poly in polygons)


@pytest.mark.parametrize(
    "goal, spare",
    [
        # the deepest point of the hole (0.127 mm) over every edge of the reach
        ((207.14161575807125, 359.2824047536414), 0.1),
        # the point the CI's scenes found (0.0575 mm deep)
        ((204.7897964692627, 359.8006103081847), 0.05),
    ],
)
def test_the_reach_holds_what_lies_past_heavy_terrain_a_way_crosses_from_where_an_arc_enters_it(goal, spare):
    # seed 76: out of a ruined wall, round a base whose arc runs into another stretch of
    # the wall; the cheapest way leaves the arc just where it enters the wall, turned off
    # the tangent (between it and the tangent refracted there), straight across the
    # wall and out of it refracted. The arc's rays leave it only tangentially: those from
    # before the wall bend towards its normal, those from after it run on along the
    # tangent, and the headings between, from the point itself, were drawn from nowhere
    assert reached(76, goal, spare)
    assert in_reach(76, goal)
