"""Whether a point of a seeded scene lies in its mover's reach, and whether the
exhaustive check's oracle says it must (for the seed tests of reach holes)."""

from __future__ import annotations

from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.planar import Point
from tabletop.games.skirmish.table.reach import reach
from tests.skirmish.geometry.check import BOUND
from tests.skirmish.geometry.oracle import Oracle
from tests.skirmish.geometry.scenes import MOVER, scene


def in_reach(seed: int, p: Point) -> bool:
    """Whether p lies in the reach of scene seed's mover."""
    return any(planar.point_in_polygon(p, poly) for poly in reach(scene(seed).table, MOVER).polygons)


def within(seed: int, p: Point) -> bool:
    """Whether the cheapest way to p costs at most the allowance less BOUND (a point
    the reach must hold)."""
    table = scene(seed).table
    return Oracle(table, MOVER).polished(p)[0] <= table.allowance - BOUND


def reached(seed: int, p: Point, spare: float) -> bool:
    """Whether the oracle's cheapest way reaches p with `spare` (mm) of the allowance left."""
    table = scene(seed).table
    return Oracle(table, MOVER).polished(p)[0] <= table.allowance - spare


def room(seed: int, p: Point) -> float:
    """How far p lies clear of every obstacle, by the oracle (mm)."""
    return Oracle(scene(seed).table, MOVER).end_clearance(p)
