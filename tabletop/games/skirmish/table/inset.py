"""Outlines moved inward and convex polygons cut (plane geometry, layer 0).

- `eroded(outline, depth, sag)`: the points of a simple polygon at least `depth`
  from its outline (water a base may wade into, S34; the top a base stands wholly
  on).
- `clip_convex(poly, cut)`: the part of a polygon inside a convex one;
  `clip_halfplane(poly, a, b)`: left of a line.
- `arc(centre, radius, a0, sweep, sag)`: an arc as points, chords at most `sag` off.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.planar import EPS, Point, Polygon

#: default chord sag of arcs, in mm
SAG = 0.005


def arc(centre: Point, radius: float, a0: float, sweep: float, sag: float) -> list[Point]:
    """Points on an arc from angle a0 turning by `sweep`, ends included, chords at
    most |sag| inside it (sag < 0: the chords' middles on it, corners outside)."""
    if radius <= 0.0:
        return [centre]
    limit = abs(sag) / radius
    step = 2.0 * math.acos(1.0 - limit) if limit < 1.0 else math.pi / 2
    count = max(1, math.ceil(abs(sweep) / step - 1e-9))
    rad = radius if sag >= 0 else radius / math.cos(abs(sweep) / count / 2)
    cx, cy = centre
    if sag < 0:
        # corners outside: the first and last points stay on the arc's ends
        pts = [(cx + radius * math.cos(a0), cy + radius * math.sin(a0))]
        for i in range(count):
            a = a0 + sweep * (i + 0.5) / count
            pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
        a = a0 + sweep
        pts.append((cx + radius * math.cos(a), cy + radius * math.sin(a)))
        return pts
    return [
        (cx + rad * math.cos(a0 + sweep * i / count), cy + rad * math.sin(a0 + sweep * i / count))
        for i in range(count + 1)
    ]


def clip_convex(poly: Sequence[Point], cut: Sequence[Point]) -> Polygon:
    """The part of convex `poly` inside convex `cut` (Sutherland-Hodgman)."""
    out = tuple(poly)
    cut = planar.orient(cut)
    m = len(cut)
    for i in range(m):
        if not out:
            break
        out = clip_halfplane(out, cut[i], cut[(i + 1) % m])
    return out


def clip_halfplane(poly: Sequence[Point], a: Point, b: Point) -> Polygon:
    """The part of `poly` left of the line from a to b (the inside side of an
    oriented cut); for a concave `poly` its pieces may be joined along the line."""
    ax, ay = a
    ex, ey = b[0] - ax, b[1] - ay
    side = [ex * (y - ay) - ey * (x - ax) for x, y in poly]
    kept: list[Point] = []
    k = len(poly)
    for j in range(k):
        p, q = poly[j], poly[(j + 1) % k]
        sp, sq = side[j], side[(j + 1) % k]
        if sp >= 0.0:
            kept.append(p)
        if (sp >= 0.0) != (sq >= 0.0):
            t = sp / (sp - sq)
            kept.append((p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t))
    return tuple(kept)


def eroded(outline: Sequence[Point], depth: float, sag: float = SAG) -> Polygon | None:
    """The points of a simple polygon at least `depth` from its outline: () when
    none, None when a concave outline would change shape (a side vanishing or a
    part splitting off). Exact for a convex outline; about an inner corner the arc
    is drawn with chords at most `sag` inside its disc (the result holds the true
    one)."""
    ring = planar.orient(outline)
    n = len(ring)
    normals = []
    for i in range(n):
        (ax, ay), (bx, by) = ring[i], ring[(i + 1) % n]
        el = math.hypot(bx - ax, by - ay)
        normals.append(((ay - by) / el, (bx - ax) / el))  # inward: left of the side
    if planar.is_convex(ring):
        poly: Polygon = ring
        for i in range(n):
            (ax, ay), (bx, by) = ring[i], ring[(i + 1) % n]
            nx, ny = normals[i]
            poly = clip_halfplane(poly, (ax + nx * depth, ay + ny * depth), (bx + nx * depth, by + ny * depth))
            if len(poly) < 3:
                return ()
        return poly if planar.signed_area(poly) > EPS else ()
    corners: list[list[Point]] = []
    for i in range(n):
        n1, n2 = normals[i - 1], normals[i]
        v = ring[i]
        turn = n1[0] * n2[1] - n1[1] * n2[0]
        if turn >= 0.0:
            corners.append([_meet(ring[i - 1], v, n1, v, ring[(i + 1) % n], n2, depth)])
        else:
            # an inner corner: the points `depth` from it lie on an arc about it
            a0 = math.atan2(n1[1], n1[0])
            corners.append(arc(v, depth, a0, math.atan2(turn, n1[0] * n2[0] + n1[1] * n2[1]), sag))
    for i in range(n):
        # each side moved in must keep its direction, else the shape changed
        a, b = corners[i][-1], corners[(i + 1) % n][0]
        (ax, ay), (bx, by) = ring[i], ring[(i + 1) % n]
        if (b[0] - a[0]) * (bx - ax) + (b[1] - a[1]) * (by - ay) <= 0.0:
            return None
    pts = tuple(p for corner in corners for p in corner)
    return pts if _simple(pts) else None


def _meet(a: Point, b: Point, n1: Point, c: Point, d: Point, n2: Point, depth: float) -> Point:
    """Where the lines ab and cd, each moved by `depth` along its normal, cross."""
    p = (a[0] + n1[0] * depth, a[1] + n1[1] * depth)
    q = (c[0] + n2[0] * depth, c[1] + n2[1] * depth)
    e = (b[0] - a[0], b[1] - a[1])
    f = (d[0] - c[0], d[1] - c[1])
    den = e[0] * f[1] - e[1] * f[0]
    if abs(den) < 1e-12:
        return (b[0] + n1[0] * depth, b[1] + n1[1] * depth)
    t = ((q[0] - p[0]) * f[1] - (q[1] - p[1]) * f[0]) / den
    return (p[0] + e[0] * t, p[1] + e[1] * t)


def _simple(pts: Sequence[Point]) -> bool:
    """True when no two non-neighbouring sides of the closed polygon meet."""
    n = len(pts)
    if n < 3 or planar.signed_area(pts) <= EPS:
        return False
    for i in range(n):
        a, b = pts[i], pts[(i + 1) % n]
        for j in range(i + 2, n):
            if i == 0 and j == n - 1:
                continue
            if planar.segments_cross(a, b, pts[j], pts[(j + 1) % n]):
                return False
    return True
