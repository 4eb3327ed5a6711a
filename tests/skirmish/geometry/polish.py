"""The oracle's ways over heavy terrain polished: each point where a way crosses
heavy terrain's outline (a bend there, or a leg straight across) slid along the
outline to where it costs least, and a bend
on the way out of terrain the mover stands in along its rim (golden section, a few
sweeps). This removes the error of the spacing of the outline's points.

Near an outline that spacing may put the way that polishes cheapest behind
another, so the cheapest way of each shape (which sides, rims and circles it
bends on) within POLISH_SLACK of the cheapest found is polished, at most POLISHED
of them.
"""

from __future__ import annotations

import math

from tabletop.games.skirmish.table import planar
from tests.skirmish.geometry.exits import EXIT_STEP, golden
from tests.skirmish.geometry.oracle import HEAVY_STEP

Point = tuple[float, float]

#: the ways this much dearer than the cheapest found (before polishing, mm) are polished too
POLISH_SLACK = 1.0
#: at most this many of them
POLISHED = 6


def polished(oracle, p: Point, touch: float) -> tuple[float, list[Point]]:
    """The cheapest of the polished ways to p: its cost and its points."""
    chosen: list[tuple[float, list[Point]]] = []
    seen = set()
    for cost, via in sorted(oracle._ways(p, touch, POLISH_SLACK), key=lambda way: way[0]):
        points = [*via(), p]
        # ways that bend on the same stretches slide to one least: the cheapest stands for them
        shape = tuple(_feature(oracle, q) for q in points[1:-1])
        if shape in seen:
            continue
        seen.add(shape)
        chosen.append((cost, points))
        if len(chosen) == POLISHED:
            break
    if not chosen:
        return math.inf, [oracle.start, p]
    return min((_polish(oracle, cost, points) for cost, points in chosen), key=lambda way: way[0])


def _feature(oracle, q: Point) -> tuple:
    """What a bend of a way lies on: a stretch of a rim or of a side of heavy
    terrain (each about as long as a bend slides), a circle, or nothing."""
    place = oracle.ways_out.place_of(q)
    if place is not None:
        return ("rim", id(place[0]), round(place[1] / (4 * EXIT_STEP)))
    for k, (e0, e1) in enumerate(oracle.outline_edges):
        if planar.point_segment_distance(q, e0, e1) <= 1e-9:
            return ("side", k, round(math.dist(e0, q) / (4 * HEAVY_STEP)))
    for k, circle in enumerate(oracle.circles):
        if abs(math.dist(q, circle.centre) - circle.radius) <= 1e-7:
            return ("circle", k)
    return ("point", q)


def _crossings(oracle, points: list[Point]) -> list[Point]:
    """The way's points with every point where a leg crosses an outline's side
    added (the same way: each may then bend there); not on the first leg of a
    mover leaving terrain it stands in (it may bend only once clear of it)."""
    found = [points[0]]
    for a, b in zip(points, points[1:], strict=False):
        if oracle.leaving and a == oracle.start:
            found.append(b)
            continue
        dx, dy = b[0] - a[0], b[1] - a[1]
        cuts = []
        for e0, e1 in oracle.outline_edges:
            ex, ey = e1[0] - e0[0], e1[1] - e0[1]
            den = dx * ey - dy * ex
            if den == 0.0:
                continue
            t = ((e0[0] - a[0]) * ey - (e0[1] - a[1]) * ex) / den
            u = ((e0[0] - a[0]) * dy - (e0[1] - a[1]) * dx) / den
            if 1e-9 < t < 1 - 1e-9 and 0.0 <= u <= 1.0:
                cuts.append((t, (e0[0] + ex * u, e0[1] + ey * u)))
        found += [x for _, x in sorted(cuts)]
        found.append(b)
    return found


def _polish(oracle, best: float, points: list[Point]) -> tuple[float, list[Point]]:
    """One way's crossings slid, a few sweeps: (its cost, its points)."""
    place = oracle.ways_out.place_of(points[1]) if len(points) > 2 else None
    points = _crossings(oracle, points)
    for _ in range(4):
        gain = 0.0
        if place is not None:
            # the way out's bend, slid along the rim it lies on
            slid = oracle.ways_out.slide(place, points[2])
            if slid is not None:
                before = oracle.segment_cost(points[0], points[1]) + oracle.segment_cost(points[1], points[2])
                place, points[1], cost = slid
                gain += before - cost
        for k in range(1, len(points) - 1):
            a, q, b = points[k - 1], points[k], points[k + 1]
            before = oracle.segment_cost(a, q) + oracle.segment_cost(q, b)
            for e0, e1 in oracle.outline_edges:
                if planar.point_segment_distance(q, e0, e1) > 1e-9:
                    continue
                x, cost = _slide(oracle, a, b, e0, e1, q)
                if cost < before - 1e-9:
                    gain += before - cost
                    before, points[k], q = cost, x, x
        best -= gain
        if gain < 1e-7:
            break
    return best, points


def _slide(oracle, a: Point, b: Point, e0: Point, e1: Point, q: Point) -> tuple[Point, float]:
    """The point of side e0-e1 near q where a-x-b costs least (and is clear)."""
    length = math.dist(e0, e1)
    here = math.dist(e0, q) / length
    span = 2 * HEAVY_STEP / length

    def at(t: float) -> Point:
        return (e0[0] + (e1[0] - e0[0]) * t, e0[1] + (e1[1] - e0[1]) * t)

    def cost(t: float) -> float:
        x = at(t)
        return oracle.segment_cost(a, x) + oracle.segment_cost(x, b)

    t, value = golden(cost, max(0.0, here - span), min(1.0, here + span))
    x = at(t)
    if oracle.leg_clear(a, x) and oracle.segment_clear(x, b):
        return x, value
    return q, cost(here)
