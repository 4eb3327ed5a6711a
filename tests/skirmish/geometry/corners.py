"""Where a side of heavy terrain's outline meets the edge of the free space: the
corners of the free space on heavy terrain's outline, exactly.

A way along an outline (refracted at it, or walked along it on its cheaper side)
may have to stop where the base first touches an obstacle: where the side meets a
wall's grown side, the circle round a wall's corner or a base, or the table's edge
moved in by the radius. A way round an obstacle's circle may leave it, or come onto
it, where the circle crosses the side (the arc's cost changes there). Both are
corners of the cheapest ways over heavy terrain that points spaced along the
outline only come near; here they are solved in closed form (a line against a
line or a circle). So is where a way out of the terrain the start lies in meets a
side at the critical angle, to go on along it where that costs less (a head wave).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from tests.skirmish.geometry.heavy import circle_cuts

Point = tuple[float, float]


def grown_sides(walls: Sequence[Sequence[Point]], r: float, width: float, height: float) -> list[tuple[Point, Point]]:
    """The straight edges of the free space: every wall part's sides moved out by r
    (both ways: the part's inside is no free space either) and the table's edges
    moved in by r."""
    found = []
    for part in walls:
        n = len(part)
        for i in range(n):
            v, w = part[i], part[(i + 1) % n]
            ex, ey = w[0] - v[0], w[1] - v[1]
            length = math.hypot(ex, ey)
            if length == 0.0:
                continue
            nx, ny = ey / length * r, -ex / length * r
            found.append(((v[0] + nx, v[1] + ny), (w[0] + nx, w[1] + ny)))
            found.append(((v[0] - nx, v[1] - ny), (w[0] - nx, w[1] - ny)))
    found += [
        ((r, r), (width - r, r)),
        ((width - r, r), (width - r, height - r)),
        ((width - r, height - r), (r, height - r)),
        ((r, height - r), (r, r)),
    ]
    return found


def segments_meet(a: Point, b: Point, c: Point, d: Point) -> Point | None:
    """Where segments a-b and c-d cross (None: they do not, or run parallel)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    ex, ey = d[0] - c[0], d[1] - c[1]
    den = dx * ey - dy * ex
    if den == 0.0:
        return None
    t = ((c[0] - a[0]) * ey - (c[1] - a[1]) * ex) / den
    u = ((c[0] - a[0]) * dy - (c[1] - a[1]) * dx) / den
    if -1e-12 <= t <= 1 + 1e-12 and -1e-12 <= u <= 1 + 1e-12:
        return (a[0] + dx * t, a[1] + dy * t)
    return None


def side_corners(
    a: Point, b: Point, sides: Sequence[tuple[Point, Point]], circles: Sequence[tuple[Point, float]]
) -> tuple[list[Point], list[tuple[int, float]]]:
    """Where side a-b meets the free space's straight edges (points) and its circles
    ((index into `circles`, angle on it))."""
    points = [q for c, d in sides if (q := segments_meet(a, b, c, d)) is not None]
    on_circles = [(k, theta) for k, (c, radius) in enumerate(circles) for theta in circle_cuts(c, radius, a, b)]
    return points, on_circles


def critical_points(s: Point, a: Point, b: Point, inside: float, along: float) -> list[Point]:
    """Where a straight way from s, in terrain costing `inside` per mm, meets side a-b
    to go on along it at `along` per mm: at the critical angle off the side's normal
    (its sine along / inside), either way along the side (none where going along
    the side costs no less)."""
    if along >= inside:
        return []
    length = math.dist(a, b)
    if length == 0.0:
        return []
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    foot = (s[0] - a[0]) * ux + (s[1] - a[1]) * uy
    depth = abs((s[0] - a[0]) * uy - (s[1] - a[1]) * ux)
    ratio = along / inside
    off = depth * ratio / math.sqrt(1.0 - ratio * ratio)
    return [(a[0] + ux * t, a[1] + uy * t) for t in (foot - off, foot + off) if 0.0 <= t <= length]


def nodes(oracle, a: Point, b: Point, touch: float) -> list[tuple[Point, int | None, float]]:
    """The oracle's nodes on side a-b of heavy terrain's outline from here, within
    its reach and clear (touching within `touch`): (point, the circle it lies on or
    None, its angle there)."""
    if not hasattr(oracle, "grown_sides"):
        oracle.grown_sides = grown_sides([part for _, part, _ in oracle.walls], oracle.r, oracle.width, oracle.height)
    circles = [(c.centre, c.radius) for c in oracle.circles]
    points, on_circles = side_corners(a, b, oracle.grown_sides, circles)
    along = oracle.cost_at(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
    points += critical_points(oracle.start, a, b, oracle.cost_at(oracle.start), along)
    found: list[tuple[Point, int | None, float]] = []
    for q in points:
        if math.dist(q, oracle.start) <= oracle.limit and oracle.clearance(q) >= -touch:
            found.append((q, None, 0.0))
    for k, theta in on_circles:
        q = oracle.circles[k].point(theta)
        if math.dist(q, oracle.start) <= oracle.limit and oracle.circles[k].interval(theta) is not None:
            found.append((q, k, theta))
    return found
