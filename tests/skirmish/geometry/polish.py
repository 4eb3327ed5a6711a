"""The oracle's ways over heavy terrain polished: each point where a way crosses
heavy terrain's outline (a bend there, or a leg straight across) slid along the
outline to where it costs least, and a bend
on the way out of terrain the mover stands in along its rim (golden section,
sweeps until they gain nothing). This removes the error of the spacing of the
outline's points and of the points on circles that stand in for tangents:

- where the way goes on from the bend round a circle (or comes off one), the leg
  between them is the tangent from the bend, and the arc starts (or ends) where it
  touches: the tangent follows the bend as it slides, the arc's far end stays;
- where the least lies beyond where the way is clear (the base would touch an
  obstacle), the bend stops at the last clear place (halved down to it).

Near an outline that spacing may put the way that polishes cheapest behind
another, so the cheapest way of each shape (which sides, rims and circles it
bends on) within POLISH_SLACK of the cheapest found is polished, at most POLISHED
of them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tabletop.games.skirmish.table import planar
from tests.skirmish.geometry.exits import EXIT_STEP, golden, tangent_points
from tests.skirmish.geometry.oracle import HEAVY_STEP

Point = tuple[float, float]

#: the ways this much dearer than the cheapest found (before polishing, mm) are polished too
POLISH_SLACK = 1.0
#: at most this many of them
POLISHED = 6
#: sweeps over a way's bends at most
SWEEPS = 30


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
            if abs(den) <= 1e-9 * math.hypot(dx, dy) * math.hypot(ex, ey):
                continue  # along the side (parallel within rounding): no crossing
            t = ((e0[0] - a[0]) * ey - (e0[1] - a[1]) * ex) / den
            u = ((e0[0] - a[0]) * dy - (e0[1] - a[1]) * dx) / den
            if 1e-9 < t < 1 - 1e-9 and 0.0 <= u <= 1.0:
                cuts.append((t, (e0[0] + ex * u, e0[1] + ey * u)))
        found += [x for _, x in sorted(cuts)]
        found.append(b)
    return found


def _polish(oracle, best: float, points: list[Point]) -> tuple[float, list[Point]]:
    """One way's crossings slid, sweeps until they gain nothing: (its cost, its points)."""
    place = oracle.ways_out.place_of(points[1]) if len(points) > 2 else None
    points = _crossings(oracle, points)
    for _ in range(SWEEPS):
        gain = 0.0
        if place is not None:
            # the way out's bend, slid along the rim it lies on
            slid = oracle.ways_out.slide(place, points[2])
            if slid is not None:
                before = oracle.segment_cost(points[0], points[1]) + oracle.segment_cost(points[1], points[2])
                place, points[1], cost = slid
                gain += before - cost
        k = 1
        while k < len(points) - 1:
            for e0, e1 in oracle.outline_edges:
                if planar.point_segment_distance(points[k], e0, e1) > 1e-9:
                    continue
                back, on = _link(oracle, points, k, -1), _link(oracle, points, k, 1)
                saved, points, k = _slide(oracle, points, k, back, on, e0, e1)
                gain += saved
            k += 1
        best -= gain
        if gain < 1e-10:
            break
    return best, points


@dataclass(frozen=True)
class _Link:
    """How a bend of a way joins the way on one side of it: straight to the point
    `anchor`, or (`circle` given) on the tangent to that circle and round it to the
    point `anchor`, the far end of the arc, at angle `end`; `near` is the angle
    of the arc's first point, `turn` the sense it runs away from the bend (+1:
    counter-clockwise)."""

    anchor: int
    circle: int | None = None
    near: float = 0.0
    end: float = 0.0
    turn: float = 1.0


def _on_circle(oracle, q: Point) -> int | None:
    for k, circle in enumerate(oracle.circles):
        if abs(math.dist(q, circle.centre) - circle.radius) <= 1e-7:
            return k
    return None


def _angle(circle, q: Point, near: float) -> float:
    """The angle of q on the circle, within half a turn of `near`."""
    theta = math.atan2(q[1] - circle.centre[1], q[0] - circle.centre[0])
    return near + (theta - near + math.pi) % (2 * math.pi) - math.pi


def _link(oracle, points: list[Point], k: int, step: int) -> _Link:
    """How the bend points[k] joins the way before it (step -1) or after it (+1)."""
    j = k + step
    c = _on_circle(oracle, points[j]) if 0 < j < len(points) - 1 else None
    if c is None:
        return _Link(j)
    circle = oracle.circles[c]
    near = end = _angle(circle, points[j], 0.0)
    e = j
    while 0 <= e + step < len(points) and _on_circle(oracle, points[e + step]) == c:
        end = _angle(circle, points[e + step], end)
        e += step
    if e == j or end == near:
        return _Link(j)
    return _Link(e, c, near, end, 1.0 if end > near else -1.0)


def _joined(oracle, points: list[Point], link: _Link, x: Point, arc: bool = False) -> tuple[float, list[Point]] | None:
    """The cost of the way from x to the link's anchor, and the points it passes
    (the tangent's point, and with `arc` the arc's every degree; None: the tangent
    from x does not come onto the arc)."""
    if link.circle is None:
        return oracle.segment_cost(x, points[link.anchor]), []
    circle = oracle.circles[link.circle]
    for t in tangent_points(x, circle.centre, circle.radius):
        theta = _angle(circle, t, link.near)
        # from x along the tangent the way runs on round the circle in the arc's sense
        sense = (-math.sin(theta) * link.turn, math.cos(theta) * link.turn)
        if (t[0] - x[0]) * sense[0] + (t[1] - x[1]) * sense[1] <= 0.0:
            continue
        if link.turn * (link.end - theta) < 0.0 or circle.interval(theta) != circle.interval(link.end):
            return None
        steps = int(abs(link.end - theta) / math.radians(1.0)) if arc else 0
        on = [circle.point(theta + (link.end - theta) * i / (steps + 1)) for i in range(1, steps + 1)]
        return oracle.segment_cost(x, t) + oracle.arc_cost(link.circle, theta, link.end), [t, *on]
    return None


def _current(oracle, points: list[Point], k: int, link: _Link) -> float:
    """The cost of the way as it is from points[k] to the link's anchor."""
    j = k + (1 if link.anchor > k else -1)
    if link.circle is None:
        return oracle.segment_cost(points[k], points[j])
    return oracle.segment_cost(points[k], points[j]) + oracle.arc_cost(link.circle, link.near, link.end)


def _slide(oracle, points: list[Point], k: int, back: _Link, on: _Link, e0: Point, e1: Point):
    """Bend points[k] slid along side e0-e1 to where the way from back's anchor to
    on's anchor costs least and is clear, the tangents to the arcs on either side
    following it: (the cost saved, the way's points, the bend's index)."""
    length = math.dist(e0, e1)
    here = math.dist(e0, points[k]) / length
    span = 2 * HEAVY_STEP / length

    def at(t: float) -> Point:
        return (e0[0] + (e1[0] - e0[0]) * t, e0[1] + (e1[1] - e0[1]) * t)

    def way(t: float, arc: bool = False) -> tuple[float, list[Point], list[Point]]:
        x = at(t)
        before, after = _joined(oracle, points, back, x, arc), _joined(oracle, points, on, x, arc)
        if before is None or after is None:
            return math.inf, [], []
        return before[0] + after[0], before[1][::-1], after[1]

    def clear(t: float) -> bool:
        _, before, after = way(t)
        x = at(t)
        a = before[-1] if before else points[back.anchor]
        b = after[0] if after else points[on.anchor]
        return oracle.leg_clear(a, x) and oracle.segment_clear(x, b)

    now = _current(oracle, points, k, back) + _current(oracle, points, k, on)
    t, value = golden(lambda t: way(t)[0], max(0.0, here - span), min(1.0, here + span))
    if value < now - 1e-9 and not clear(t):
        # the least is not clear: the last clear place on the way to it
        inside, outside = here, t
        for _ in range(40):
            middle = (inside + outside) / 2
            inside, outside = (middle, outside) if clear(middle) else (inside, middle)
        t, value = inside, way(inside)[0]
    if value >= now - 1e-9 or not clear(t):
        return 0.0, points, k
    _, before, after = way(t, arc=True)
    points = [*points[: back.anchor + 1], *before, at(t), *after, *points[on.anchor :]]
    return now - value, points, back.anchor + 1 + len(before)
