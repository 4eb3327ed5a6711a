"""The outline of a grown obstacle moved out by a margin: where a ray first meets it
(`hit`), and on the side parallel rays meet first, points along it close enough
together that the straight edge between two neighbours stays clear of the obstacle
(`fringe`); the area of parallel rays that surely end on one obstacle, drawn along
it (`shadows`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.pieces import TAU, Obstacle
from tabletop.games.skirmish.table.planar import Point, Polygon

#: the rays `shadows` finds surely ending on an obstacle are sought this far apart
#: along their start (mm), and where they start and stop halved this often
_STEP = 1.0
_HALVINGS = 12
#: a length past every part along a ray (mm)
_LONG = 1e5


def fringe(ob: Obstacle, pad: float, v: Point, a: Point, b: Point) -> list[Point]:
    """The points of the obstacle's grown outline moved out by `pad` that rays in the
    unit direction v meet first, strictly between the points a and b on it (across
    the rays), in order from a to b: on each corner's arc at most the angle apart
    whose chord keeps pad / 2 off the obstacle, and both ends of each straight side
    between (its chord is the side). With a and b, each two neighbours' straight edge
    keeps pad / 2 or more off the grown obstacle."""
    r = ob.radius + pad
    step = 2.0 * math.acos((ob.radius + pad / 2) / r)
    # across the rays: w; the side met first has outward normals against v
    wa, wb = v[0] * a[1] - v[1] * a[0], v[0] * b[1] - v[1] * b[0]
    low_w, high_w = min(wa, wb), max(wa, wb)
    facing = math.atan2(v[1], v[0]) + math.pi / 2
    found: list[tuple[float, Point]] = []
    for i, (cx, cy) in enumerate(ob.core):
        first, width = ob.arc(i)
        # the corner's arc of normals within the half turn against v (offsets from
        # `facing`, up to pi), where the point's w = the corner's + r cos(offset) lies
        # between a's and b's: an arc of up to a whole turn meets it in up to two pieces
        wc = v[0] * cy - v[1] * cx
        near = math.acos(max(-1.0, min(1.0, (high_w - wc) / r)))
        far = math.acos(max(-1.0, min(1.0, (low_w - wc) / r)))
        start = (first - facing) % TAU
        for lo, hi in ((start, start + width), (start - TAU, start - TAU + width)):
            lo, hi = max(lo, near, 0.0), min(hi, far, math.pi)
            if hi < lo:
                continue
            count = max(1, math.ceil((hi - lo) / step))
            for k in range(count + 1):
                angle = facing + lo + (hi - lo) * k / count
                p = (cx + r * math.cos(angle), cy + r * math.sin(angle))
                w = v[0] * p[1] - v[1] * p[0]
                if low_w < w < high_w:
                    found.append((w, p))
    found.sort(reverse=wa > wb)
    points: list[Point] = []
    for _w, p in found:
        if not points or p != points[-1]:
            points.append(p)
    return points


def hit(ob: Obstacle, p: Point, d: Point, pad: float = 0.0) -> float:
    """How far from p (clear of the grown obstacle) along the unit direction d the
    ray first meets it, or its outline moved out by `pad` (inf: never): its circles
    (the corners) and its sides, each moved out by pad."""
    best = math.inf
    px, py = p
    for c in ob.circles:
        fx, fy, r = px - c.x, py - c.y, c.r + pad
        along = fx * d[0] + fy * d[1]
        disc = along * along - (fx * fx + fy * fy - r * r)
        if disc >= 0.0:
            t = -along - math.sqrt(disc)
            if t >= -1e-9:
                best = min(best, max(0.0, t))
    for line in ob.sides:
        if line is None:
            continue
        den = d[0] * line.mx + d[1] * line.my
        if den <= 0.0:
            continue
        t = ((line.x1 - px) * line.mx + (line.y1 - py) * line.my) / den - pad / den
        if -1e-9 <= t < best:
            hx, hy = px + d[0] * t, py + d[1] * t
            ex, ey = line.x2 - line.x1, line.y2 - line.y1
            f = ((hx - line.x1) * ex + (hy - line.y1) * ey) / (ex * ex + ey * ey)
            if 0.0 <= f <= 1.0:
                best = max(0.0, t)
    return best


def shadows(
    start: Point,
    u: Point,
    v: Point,
    corner: Point,
    room: float,
    rate: float,
    part: Polygon,
    blockers: Sequence[Obstacle],
    pad: float,
    lo: float,
    hi: float,
) -> tuple[list[Polygon], list[tuple[float, float]]]:
    """Parallel rays in the unit direction v from the points start + u d, d in [lo,
    hi] (the part lies ahead of that line), each reached for its distance from
    `corner` out of `room`, a mm of them costing `rate` (1 or more) in the convex
    `part` and 1 outside it, with only `blockers` in their way: the polygons of
    those that surely end on one blocker (each ray ending on its outline moved out by
    `pad`, `fringe`), where nothing else comes within pad of them; and the stretches
    of [lo, hi] left.

    A ray surely ends on a blocker where a bound of what it costs to get there is no
    more than what is left at its start: first its distance times rate; then, on
    the stretches left of _STEP or more, that distance plus rate - 1 times the length
    of the ray's line in the part. The first is convex in d (the distance to a convex
    obstacle along parallel rays is), the second between the rays through two
    corners of the part (the part's chord is linear there, so those split it), and
    what is left concave: between two rays that surely end on the blocker every ray
    does. So each stretch is sought at points _STEP apart and halved _HALVINGS times
    outward, for each blocker."""

    def left(x: Point) -> float:
        return room - math.hypot(x[0] - corner[0], x[1] - corner[1])

    def rated(ob: Obstacle, d: float) -> bool:
        x = (start[0] + u[0] * d, start[1] + u[1] * d)
        return hit(ob, x, v) * rate <= left(x)

    def chorded(ob: Obstacle, d: float) -> bool:
        x = (start[0] + u[0] * d, start[1] + u[1] * d)
        far, spare = hit(ob, x, v), left(x)
        if not far <= spare:
            return False
        span = planar.clip_segment_convex(x, (x[0] + v[0] * _LONG, x[1] + v[1] * _LONG), part)
        return far + (rate - 1.0) * (0.0 if span is None else (span[1] - span[0]) * _LONG) <= spare

    drawn: list[Polygon] = []
    taken: list[tuple[float, float]] = []
    for sure in (rated, chorded):
        pieces = [(lo, hi)] if sure is rated else [(s0, s1) for s0, s1 in _rest(lo, hi, taken) if s1 - s0 >= _STEP]
        if sure is chorded:
            across = v[0] * u[1] - v[1] * u[0]
            corners = [(v[0] * (y - start[1]) - v[1] * (x - start[0])) / across for x, y in part] if across else []
            pieces = [
                (c0, c1)
                for s0, s1 in pieces
                for cuts in [sorted({s0, s1} | {d for d in corners if s0 < d < s1})]
                for c0, c1 in zip(cuts, cuts[1:], strict=False)
            ]
        for c0, c1 in pieces:
            for ob in blockers:
                span = _sought(sure, ob, c0, c1)
                polygon = None if span is None else _shadow(start, u, v, ob, blockers, pad, *span)
                if span is not None and polygon is not None:
                    drawn.append(polygon)
                    taken.append(span)
    return drawn, _rest(lo, hi, taken)


def _sought(sure: Callable[[Obstacle, float], bool], ob: Obstacle, lo: float, hi: float) -> tuple[float, float] | None:
    """The stretch of [lo, hi] where `sure` holds (an interval), found at points _STEP
    apart and halved _HALVINGS times outward; None: none found."""
    count = max(1, math.ceil((hi - lo) / _STEP))
    marks = [lo + (hi - lo) * i / count for i in range(count + 1)]
    good = [i for i, d in enumerate(marks) if sure(ob, d)]
    if not good:
        return None
    ends = []
    for i, outward in ((good[0], -1), (good[-1], 1)):
        inner = marks[i]
        if 0 <= i + outward <= count:
            outer = marks[i + outward]
            for _ in range(_HALVINGS):
                mid = (inner + outer) / 2
                inner, outer = (mid, outer) if sure(ob, mid) else (inner, mid)
        ends.append(inner)
    return (ends[0], ends[1]) if ends[1] > ends[0] else None


def _rest(lo: float, hi: float, taken: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The stretches of [lo, hi] outside those taken."""
    rest: list[tuple[float, float]] = []
    s = lo
    for s0, s1 in sorted(taken):
        if s0 > s:
            rest.append((s, s0))
        s = max(s, s1)
    if s < hi:
        rest.append((s, hi))
    return rest


def _shadow(
    start: Point, u: Point, v: Point, ob: Obstacle, blockers: Sequence[Obstacle], pad: float, s0: float, s1: float
) -> Polygon | None:
    """The polygon of the rays from start + u d, d in [s0, s1], that surely end on the
    obstacle: their starts and where each meets its outline moved out by pad
    (`fringe`); None where their starts come that near it, or another blocker that
    near the polygon."""
    x0 = (start[0] + u[0] * s0, start[1] + u[1] * s0)
    x1 = (start[0] + u[0] * s1, start[1] + u[1] * s1)
    if ob.near((x0, x1), ob.radius + pad):
        return None
    h0, h1 = hit(ob, x0, v, pad), hit(ob, x1, v, pad)
    e0 = (x0[0] + v[0] * h0, x0[1] + v[1] * h0)
    e1 = (x1[0] + v[0] * h1, x1[1] + v[1] * h1)
    polygon = (x0, x1, e1, *fringe(ob, pad, v, e1, e0), e0)
    others = [other for other in blockers if other is not ob]
    hull = planar.convex_hull(polygon) if others else ()
    if any(other.near(hull, other.radius + pad) for other in others):
        return None
    return polygon
