"""The straight edges the reach over heavy terrain is drawn with, between the ends of
neighbouring rays, against the cheapest way to their middles (the oracle): each falls
at most CHORD_SAG short of the front through the rays' ends, however the front bends
(refracted, it bends less than a circle about the rays' last bend does)."""

from __future__ import annotations

import math

from tabletop.games.skirmish.table.passage import passage
from tabletop.games.skirmish.table.rays import CHORD_SAG, HEAVY_MARGIN
from tabletop.games.skirmish.table.reach import reach
from tests.skirmish.geometry.oracle import Oracle
from tests.skirmish.geometry.parts import through
from tests.skirmish.geometry.scenes import MOVER, scene

#: the oracle's own error near the allowance, polished (mm)
_ORACLE = 1e-4


def _sag(polygons, oracle: Oracle, level: float, near, within: float) -> float:
    """The most that the middle of an edge of the polygons within `within` of `near`,
    whose ends both lie on the front (reached at `level`, as the rays' ends are),
    costs less than its ends."""
    worst = -math.inf
    for poly in polygons:
        for a, b in zip(poly, poly[1:] + poly[:1], strict=True):
            if min(math.dist(a, near), math.dist(b, near)) > within or math.dist(a, b) < 1e-6:
                continue
            ends = [oracle.polished(p)[0] for p in (a, b)]
            if all(abs(cost - level) < 2e-3 for cost in ends):
                middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
                worst = max(worst, min(ends) - oracle.polished(middle)[0])
    return worst


def test_the_edges_through_two_sides_of_heavy_terrain_fall_short_of_their_front_by_at_most_the_sag():
    # seed 257: from the start into a swamp, out across its far side and on, refracted at
    # both: the rays leaving the far side are joined as if their front were a circle about
    # where they left it, but it bends less; the edge between two ends 7 mm apart fell
    # 0.0095 mm short of it (a hole 0.0145 mm deep with the heavy margin of 0.005)
    sc = scene(257)
    table = sc.table
    mover = passage(table, MOVER)
    limit = table.allowance
    polygons = through(mover.within(mover.start, limit), mover.start, 0.0, limit)
    near = (183.57139054931636, 274.1280618172855)
    sag = _sag(polygons, Oracle(table, MOVER), limit, near, 8.0)
    assert 0.0 < sag <= CHORD_SAG + _ORACLE


def test_the_edges_across_one_side_of_heavy_terrain_fall_short_of_their_front_by_at_most_the_sag():
    # seed 63: from a node of the tangent graph across a swamp's side, refracted in closed
    # form (fronts.front): the edges between ends 2.2 mm apart fell 0.010 mm short of the
    # front (a hole 0.011 mm deep with the heavy margin of 0.005)
    sc = scene(63)
    table = sc.table
    near = (238.3095752584806, 444.608807419864)
    sag = _sag(reach(table, MOVER).polygons, Oracle(table, MOVER), table.allowance - HEAVY_MARGIN, near, 3.0)
    assert 0.0 < sag <= CHORD_SAG + _ORACLE


def test_the_edges_between_rays_ending_in_heavy_terrain_fall_short_of_their_front_by_at_most_the_sag_in_cost():
    # seed 1718: from a node of the tangent graph into a swamp (2 a mm), refracted in closed
    # form (fronts.front): rays 44 mm long turning 1.08 degrees apart, their ends 1.27 mm
    # apart; the edge between them fell 0.003 mm short of the front, within CHORD_SAG across
    # but 0.006 mm of allowance at the swamp's rate (a hole 0.011 mm deep with the heavy margin)
    sc = scene(1718)
    table = sc.table
    near = (389.67597962251546, 282.3802575173557)
    sag = _sag(reach(table, MOVER).polygons, Oracle(table, MOVER), table.allowance - HEAVY_MARGIN, near, 2.0)
    assert 0.0 < sag <= CHORD_SAG + _ORACLE
