"""The straight edges the reach over heavy terrain is drawn with, between the ends of
neighbouring rays, against the cheapest way to their middles (the oracle): each falls
at most CHORD_SAG short of the front through the rays' ends, however the front bends
(refracted, it bends less than a circle about the rays' last bend does)."""

from __future__ import annotations

import math

from tabletop.games.skirmish.table.passage import passage
from tabletop.games.skirmish.table.rays import CHORD_SAG
from tabletop.games.skirmish.table.through import through
from tests.skirmish.geometry.oracle import Oracle
from tests.skirmish.geometry.scenes import MOVER, scene

#: the oracle's own error near the allowance, polished (mm)
_ORACLE = 1e-4


def _front_edges(polygons, oracle: Oracle, limit: float, near, within: float):
    """The edges of the polygons within `within` of `near` whose ends both lie on the
    front (reached at `limit`, as the rays' ends are)."""
    for poly in polygons:
        for a, b in zip(poly, poly[1:] + poly[:1], strict=True):
            if min(math.dist(a, near), math.dist(b, near)) > within or math.dist(a, b) < 1e-6:
                continue
            if all(abs(oracle.polished(p)[0] - limit) < 1e-3 for p in (a, b)):
                yield a, b


def test_the_edges_through_two_sides_of_heavy_terrain_fall_short_of_their_front_by_at_most_the_sag():
    # seed 257: from the start into a swamp, out across its far side and on, refracted at
    # both: the rays leaving the far side are joined as if their front were a circle about
    # where they left it, but it bends less; the edge between two ends 7 mm apart fell
    # 0.0095 mm short of it (a hole 0.0145 mm deep with the heavy margin of 0.005)
    sc = scene(257)
    table = sc.table
    mover = passage(table, MOVER)
    limit = table.allowance
    oracle = Oracle(table, MOVER)
    polygons = through(mover.within(mover.start, limit), mover.start, 0.0, limit)
    edges = list(_front_edges(polygons, oracle, limit, (183.57139054931636, 274.1280618172855), 8.0))
    assert edges
    for a, b in edges:
        middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        assert limit - oracle.polished(middle)[0] <= CHORD_SAG + _ORACLE, (a, b)
