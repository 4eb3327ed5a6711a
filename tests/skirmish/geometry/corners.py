"""Where a side of heavy terrain's outline meets the edge of the free space: the
corners of the free space on heavy terrain's outline, exactly.

A way along an outline (refracted at it, or walked along it on its cheaper side)
may have to stop where the base first touches an obstacle: where the side meets a
wall's grown side, the circle round a wall's corner or a base, or the table's edge
moved in by the radius. A way round an obstacle's circle may leave it, or come onto
it, where the circle crosses the side (the arc's cost changes there). Both are
corners of the cheapest ways over heavy terrain that points spaced along the
outline only come near; here they are solved in closed form (a line against a
line or a circle).
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
