"""Whether a point of a seeded scene lies in its mover's reach, and whether the
exhaustive check's oracle says it must (for the seed tests of reach holes)."""

from __future__ import annotations

from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.movement import shortest_path
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


def straight_and_held(seed: int, p: Point, spare: float, clear: float) -> bool:
    """Whether p is reached with `spare` (mm) of the allowance left and lies `clear`
    of every obstacle, by the oracle; the planner's path to it is one straight leg;
    and the reach holds it."""
    found = shortest_path(scene(seed).table, MOVER, p)
    return (
        reached(seed, p, spare)
        and room(seed, p) > clear
        and found is not None
        and len(found.points) == 2
        and in_reach(seed, p)
    )


def deep_and_held(seed: int, p: Point, spare: float) -> bool:
    """Whether p is reached with `spare` (mm) of the allowance left and lies that clear
    of every obstacle, by the oracle, and the reach holds it."""
    return reached(seed, p, spare) and room(seed, p) > spare and in_reach(seed, p)


def turns_at(seed: int, p: Point, turn: int) -> Point | None:
    """The point `turn` (its index) of the planner's path to p; None where it has none."""
    found = shortest_path(scene(seed).table, MOVER, p)
    return None if found is None or len(found.points) <= turn else found.points[turn]
