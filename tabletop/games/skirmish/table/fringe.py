"""The outline of a grown obstacle moved out by a margin: where a ray first meets it
(`hit`), and on the side parallel rays meet first, points along it close enough
together that the straight edge between two neighbours stays clear of the obstacle
(`fringe`: where rays that all end on it stop).
"""

from __future__ import annotations

import math

from tabletop.games.skirmish.table.pieces import TAU, Obstacle
from tabletop.games.skirmish.table.planar import Point


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
