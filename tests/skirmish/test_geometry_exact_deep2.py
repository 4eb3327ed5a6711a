"""The reach over heavy terrain against the oracle on seeded scenes, at holes the
exhaustive check found sampling every edge of the reach (test_geometry_exact_deep.py
has the deeper ones the check of all 3,000 scenes found): each point here lay outside
the reach, reached with more than the 0.01 mm bound to spare and that far clear of
every obstacle."""

from __future__ import annotations

from tests.skirmish.geometry.holes import in_reach
from tests.skirmish.geometry.oracle import Oracle
from tests.skirmish.geometry.scenes import MOVER, scene


def _reached(seed: int, p, spare: float) -> bool:
    """Whether the oracle's cheapest way reaches p with `spare` (mm) of the allowance left."""
    sc = scene(seed)
    return Oracle(sc.table, MOVER).polished(p)[0] <= sc.table.allowance - spare


def _room(seed: int, p) -> float:
    return Oracle(scene(seed).table, MOVER).end_clearance(p)


def test_crossings_into_heavy_terrain_are_reached_round_a_corner_of_the_terrain_left_on_the_way():
    # seed 257: out of a sewage pond (double cost) across its side, round a corner of
    # it outside it and straight on into a second pond, refracted at its side: the
    # second pond's nodes were reached straight from where the way left the first (past
    # the corner, through the first pond's corner) or from further along its side, and
    # the crossings between them that are cheapest round the corner were tried from
    # neither: a hole 0.18 mm deep
    goal = (206.6754943103545, 190.26023589553228)
    assert _reached(257, goal, 0.18)
    assert _room(257, goal) > 0.18
    assert in_reach(257, goal)
