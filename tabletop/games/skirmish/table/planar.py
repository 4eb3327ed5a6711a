"""Plane geometry on plain tuples, in millimetres.

Points are `(x, y)` tuples; x grows to the right and y downwards, as on the
screen. A convex polygon is a tuple of points in positive orientation (positive
signed area by the shoelace formula); `orient` makes any polygon so. Functions
here are pure and fast enough to run hundreds of times per frame: the sight,
movement and measuring modules build on them, pymunk does the spatial queries.

Touching counts as meeting everywhere: "distance" is 0 for shapes that touch
or overlap, and `EPS` is the tolerance for float noise.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import pymunk.autogeometry

Point = tuple[float, float]
Polygon = tuple[Point, ...]

#: Float tolerance in millimetres: gaps or overlaps smaller than this count as touching.
EPS = 1e-6


def dist(p: Point, q: Point) -> float:
    return math.hypot(q[0] - p[0], q[1] - p[1])


def point_segment_distance(p: Point, a: Point, b: Point) -> float:
    """Distance from point p to segment ab."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    px, py = p[0] - ax, p[1] - ay
    den = dx * dx + dy * dy
    if den > 0.0:
        t = (px * dx + py * dy) / den
        if t > 1.0:
            t = 1.0
        elif t < 0.0:
            t = 0.0
        px -= t * dx
        py -= t * dy
    return math.hypot(px, py)


def closest_on_segment(p: Point, a: Point, b: Point) -> Point:
    """The point of segment ab closest to p."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    den = dx * dx + dy * dy
    if den == 0.0:
        return a
    t = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / den
    t = 0.0 if t < 0.0 else 1.0 if t > 1.0 else t
    return (a[0] + t * dx, a[1] + t * dy)


def _orient(a: Point, b: Point, c: Point) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    """True when segments ab and cd share a point (touching included)."""
    d1 = _orient(c, d, a)
    d2 = _orient(c, d, b)
    d3 = _orient(a, b, c)
    d4 = _orient(a, b, d)
    if ((d1 > 0 and d2 < 0) or (d1 < 0 and d2 > 0)) and ((d3 > 0 and d4 < 0) or (d3 < 0 and d4 > 0)):
        return True
    return (
        (d1 == 0 and point_segment_distance(a, c, d) == 0.0)
        or (d2 == 0 and point_segment_distance(b, c, d) == 0.0)
        or (d3 == 0 and point_segment_distance(c, a, b) == 0.0)
        or (d4 == 0 and point_segment_distance(d, a, b) == 0.0)
    )


def segment_segment_distance(a: Point, b: Point, c: Point, d: Point) -> float:
    """Distance between segments ab and cd (0 when they cross or touch)."""
    if segments_cross(a, b, c, d):
        return 0.0
    return min(
        point_segment_distance(a, c, d),
        point_segment_distance(b, c, d),
        point_segment_distance(c, a, b),
        point_segment_distance(d, a, b),
    )


# -- polygons ------------------------------------------------------------------


def signed_area(poly: Sequence[Point]) -> float:
    """Shoelace area: positive for positive orientation."""
    total = 0.0
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        total += x1 * y2 - x2 * y1
    return total / 2.0


def orient(poly: Iterable[Point]) -> Polygon:
    """The polygon in positive orientation, as a tuple of float pairs."""
    pts = tuple((float(x), float(y)) for x, y in poly)
    if len(pts) > 1 and pts[0] == pts[-1]:
        pts = pts[:-1]
    return pts if signed_area(pts) >= 0 else tuple(reversed(pts))


def centroid(poly: Sequence[Point]) -> Point:
    """Area centroid of a simple polygon."""
    a = signed_area(poly)
    if abs(a) < 1e-12:
        n = len(poly)
        return (sum(p[0] for p in poly) / n, sum(p[1] for p in poly) / n)
    cx = cy = 0.0
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        f = x1 * y2 - x2 * y1
        cx += (x1 + x2) * f
        cy += (y1 + y2) * f
    return (cx / (6 * a), cy / (6 * a))


def bounding_circle(points: Sequence[Point]) -> tuple[Point, float]:
    """A circle holding all the points (about their bounding box centre)."""
    left, top, right, bottom = bounds(points)
    c = ((left + right) / 2, (top + bottom) / 2)
    return c, max(math.hypot(x - c[0], y - c[1]) for x, y in points)


def bounds(points: Iterable[Point]) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of some points."""
    xs, ys = zip(*points, strict=False)
    return (min(xs), min(ys), max(xs), max(ys))


def transform(poly: Sequence[Point], position: Point, rotation: float) -> Polygon:
    """Turn a polygon by `rotation` degrees about the origin, then move it to
    `position`. Positive angles turn clockwise on the screen (y grows downwards)."""
    c = math.cos(math.radians(rotation))
    s = math.sin(math.radians(rotation))
    px, py = position
    return tuple((px + x * c - y * s, py + x * s + y * c) for x, y in poly)


def is_convex(poly: Sequence[Point]) -> bool:
    n = len(poly)
    if n < 3:
        return False
    for i in range(n):
        if _orient(poly[i], poly[(i + 1) % n], poly[(i + 2) % n]) < -1e-9:
            return False
    return True


def convex_hull(points: Iterable[Point]) -> Polygon:
    """Convex hull in positive orientation (Andrew's monotone chain)."""
    pts = sorted(set(points))
    if len(pts) <= 2:
        return tuple(pts)
    lower: list[Point] = []
    for p in pts:
        while len(lower) >= 2 and _orient(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[Point] = []
    for p in reversed(pts):
        while len(upper) >= 2 and _orient(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return tuple(lower[:-1] + upper[:-1])


def convex_parts(poly: Sequence[Point]) -> tuple[Polygon, ...]:
    """Split a simple polygon into convex parts (one part when it is convex)."""
    pts = orient(poly)
    if is_convex(pts):
        return (pts,)
    ring = list(pts) + [pts[0]]
    parts = pymunk.autogeometry.convex_decomposition(ring, 0.0)
    result = []
    for part in parts:
        hull = convex_hull((float(v.x), float(v.y)) for v in part)
        if len(hull) >= 3 and abs(signed_area(hull)) > 1e-9:
            result.append(hull)
    return tuple(result)


def point_in_convex(p: Point, poly: Sequence[Point], eps: float = 0.0) -> bool:
    """True when p lies in the convex polygon (boundary within eps included)."""
    px, py = p
    n = len(poly)
    for i in range(n):
        ax, ay = poly[i]
        bx, by = poly[(i + 1) % n]
        ex, ey = bx - ax, by - ay
        if ex * (py - ay) - ey * (px - ax) < -eps * math.hypot(ex, ey):
            return False
    return True


def point_in_polygon(p: Point, poly: Sequence[Point]) -> bool:
    """Even-odd test for any simple polygon (boundary points may go either way)."""
    x, y = p
    inside = False
    n = len(poly)
    j = n - 1
    for i in range(n):
        xi, yi = poly[i]
        xj, yj = poly[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def point_convex_distance(p: Point, poly: Sequence[Point]) -> float:
    """Distance from p to the convex polygon (0 inside)."""
    if point_in_convex(p, poly):
        return 0.0
    n = len(poly)
    return min(point_segment_distance(p, poly[i], poly[(i + 1) % n]) for i in range(n))


def point_convex_signed_distance(p: Point, poly: Sequence[Point]) -> float:
    """Like point_convex_distance, but minus the depth when p is inside."""
    n = len(poly)
    edge = min(point_segment_distance(p, poly[i], poly[(i + 1) % n]) for i in range(n))
    return -edge if point_in_convex(p, poly) else edge


def closest_on_convex_boundary(p: Point, poly: Sequence[Point]) -> Point:
    n = len(poly)
    best = None
    best_d = math.inf
    for i in range(n):
        q = closest_on_segment(p, poly[i], poly[(i + 1) % n])
        d = dist(p, q)
        if d < best_d:
            best, best_d = q, d
    assert best is not None
    return best


def segment_convex_distance(a: Point, b: Point, poly: Sequence[Point]) -> float:
    """Distance from segment ab to the convex polygon (0 when they meet)."""
    if point_in_convex(a, poly) or point_in_convex(b, poly):
        return 0.0
    n = len(poly)
    best = math.inf
    for i in range(n):
        d = segment_segment_distance(a, b, poly[i], poly[(i + 1) % n])
        if d < best:
            best = d
            if d == 0.0:
                return 0.0
    return best


def convex_within(points: Sequence[Point], poly: Sequence[Point], clearance: float) -> bool:
    """Whether the convex polygon `points` (or a segment, or a point) comes within
    `clearance` (>= 0) of the convex polygon `poly` (three corners or more): a
    corner of either inside the other or within `clearance` of a side of the other,
    or two sides crossing. The answer asking segment_convex_distance of each side
    gives, in one pass without the distances (a hot test of the reach)."""
    n, m = len(points), len(poly)
    if any(point_in_convex(p, poly) for p in points) or (n >= 3 and any(point_in_convex(q, points) for q in poly)):
        return True
    if any(_one_within(points, poly[i], poly[(i + 1) % m], clearance) for i in range(m)):
        return True
    sides = n if n > 2 else n - 1  # (a point: its one side is itself)
    if any(_one_within(poly, points[i], points[(i + 1) % n], clearance) for i in range(max(sides, 1))):
        return True
    return any(
        segments_cross(points[i], points[(i + 1) % n], poly[j], poly[(j + 1) % m])
        for i in range(sides)
        for j in range(m)
    )


def _one_within(points: Sequence[Point], a: Point, b: Point, clearance: float) -> bool:
    """Whether one of `points` lies within `clearance` of segment ab
    (point_segment_distance, unrolled)."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    den = dx * dx + dy * dy
    for x, y in points:
        px, py = x - ax, y - ay
        if den > 0.0:
            t = (px * dx + py * dy) / den
            t = 1.0 if t > 1.0 else 0.0 if t < 0.0 else t
            px -= t * dx
            py -= t * dy
        if math.hypot(px, py) <= clearance:
            return True
    return False


def segment_meets_convex(a: Point, b: Point, poly: Sequence[Point], eps: float = EPS) -> bool:
    """True when segment ab meets the convex polygon; touching (within eps) counts."""
    # Separating-axis test on the polygon's edge normals and the segment's normal.
    ax, ay = a
    bx, by = b
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        ex, ey = x2 - x1, y2 - y1
        el = math.hypot(ex, ey)
        if el == 0.0:
            continue
        # outward normal (positive orientation): (ey, -ex)
        sa = (ey * (ax - x1) - ex * (ay - y1)) / el
        sb = (ey * (bx - x1) - ex * (by - y1)) / el
        if sa > eps and sb > eps:
            return False
    nx, ny = ay - by, bx - ax
    nl = math.hypot(nx, ny)
    if nl == 0.0:
        return point_in_convex(a, poly, eps)
    base = nx * ax + ny * ay
    spread = [(nx * x + ny * y - base) / nl for x, y in poly]
    return min(spread) <= eps and max(spread) >= -eps


def clip_segment_convex(a: Point, b: Point, poly: Sequence[Point]) -> tuple[float, float] | None:
    """Parameters (t0, t1) of the part of segment ab inside the convex polygon, or
    None (Cyrus-Beck clipping)."""
    t0, t1 = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        # inside when cross(edge, p - v1) >= 0
        ex, ey = x2 - x1, y2 - y1
        num = ex * (a[1] - y1) - ey * (a[0] - x1)
        den = ex * dy - ey * dx
        if den == 0.0:
            if num < 0.0:
                return None
            continue
        t = -num / den
        if den > 0.0:
            if t > t0:
                t0 = t
        else:
            if t < t1:
                t1 = t
        if t0 > t1:
            return None
    return (t0, t1)


def convex_depth(p_poly: Sequence[Point], q_poly: Sequence[Point]) -> float:
    """Overlap depth of two convex polygons by separating axes: positive when their
    interiors overlap, else minus a lower bound of their distance."""
    depth = math.inf
    for poly in (p_poly, q_poly):
        n = len(poly)
        for i in range(n):
            x1, y1 = poly[i]
            x2, y2 = poly[(i + 1) % n]
            nx, ny = y2 - y1, x1 - x2
            nl = math.hypot(nx, ny)
            if nl == 0.0:
                continue
            nx /= nl
            ny /= nl
            p_lo = min(nx * x + ny * y for x, y in p_poly)
            p_hi = max(nx * x + ny * y for x, y in p_poly)
            q_lo = min(nx * x + ny * y for x, y in q_poly)
            q_hi = max(nx * x + ny * y for x, y in q_poly)
            overlap = min(p_hi, q_hi) - max(p_lo, q_lo)
            if overlap < depth:
                depth = overlap
    return depth


def convex_distance(p_poly: Sequence[Point], q_poly: Sequence[Point]) -> float:
    """Distance between two convex polygons (0 when they touch or overlap)."""
    if convex_depth(p_poly, q_poly) >= 0.0:
        return 0.0
    best = math.inf
    n, m = len(p_poly), len(q_poly)
    for i in range(n):
        a, b = p_poly[i], p_poly[(i + 1) % n]
        for j in range(m):
            d = segment_segment_distance(a, b, q_poly[j], q_poly[(j + 1) % m])
            if d < best:
                best = d
    return best


def minkowski_difference(p_poly: Sequence[Point], q_poly: Sequence[Point]) -> Polygon:
    """P - Q = {p - q}: the offsets of Q's origin at which Q meets P."""
    return convex_hull((px - qx, py - qy) for px, py in p_poly for qx, qy in q_poly)


def regular_polygon(centre: Point, radius: float, count: int, phase: float = 0.0) -> Polygon:
    cx, cy = centre
    return tuple(
        (
            cx + radius * math.cos(phase + 2 * math.pi * i / count),
            cy + radius * math.sin(phase + 2 * math.pi * i / count),
        )
        for i in range(count)
    )


# -- regions asked of many shapes ----------------------------------------------


class Region:
    """A convex polygon of positive orientation (or a segment, or a point) asked of
    many shapes whether they come near it or overlap it (pieces.Obstacle.near,
    spans.Heavy.overlaps): its points, box and, worked out when first asked, `axes`
    (for their broad phases: a separating axis)."""

    __slots__ = ("points", "box", "_axes")

    def __init__(self, points: Polygon) -> None:
        self.points = points
        x0 = x1 = points[0][0]
        y0 = y1 = points[0][1]
        for x, y in points:
            if x < x0:
                x0 = x
            elif x > x1:
                x1 = x
            if y < y0:
                y0 = y
            elif y > y1:
                y1 = y
        self.box = (x0, y0, x1, y1)
        self._axes: list[tuple[float, float, float]] | None = None

    def axes(self) -> list[tuple[float, float, float]]:
        """Unit directions (nx, ny) with the farthest reach of the region's points
        along each: a segment's normal both ways; a polygon's sides' outward
        normals (reached by the side itself where it turns only left, once round;
        else, for a few points, both ways and measured)."""
        axes = self._axes
        if axes is None:
            points = self.points
            n = len(points)
            convex = n == 2 or (n > 2 and _convex(points))
            axes = []
            if convex or 2 < n <= _MEASURED:
                for i in range(n if n > 2 else 1):
                    (ax, ay), (bx, by) = points[i], points[(i + 1) % n]
                    nx, ny = by - ay, ax - bx
                    length = math.hypot(nx, ny)
                    if length == 0.0:
                        continue
                    nx, ny = nx / length, ny / length
                    if convex:
                        axes.append((nx, ny, nx * ax + ny * ay))
                        if n == 2:
                            axes.append((-nx, -ny, -(nx * ax + ny * ay)))
                    else:
                        reach = [nx * x + ny * y for x, y in points]
                        axes += [(nx, ny, max(reach)), (-nx, -ny, -min(reach))]
            self._axes = axes
        return axes


#: the most points of a region not known convex whose sides' normals `Region.axes`
#: measures (each costs a pass over them)
_MEASURED = 8


def separated(axes: Sequence[tuple[float, float, float]], points: Sequence[Point], margin: float) -> bool:
    """Whether along one of `axes` (unit direction, farthest reach of a shape along
    it) every point lies more than `margin` beyond the shape: a separating axis."""
    for nx, ny, far in axes:
        for x, y in points:
            if nx * x + ny * y - far <= margin:
                break
        else:
            return True
    return False


def _convex(points: Polygon) -> bool:
    """Whether the polygon turns only left (or goes straight on, or back) at each
    corner, and once round in all: then each side's outward normal reaches farthest
    at the side (to float noise). Once round: with four corners or fewer it cannot
    turn twice but going back and forth along one line (where every normal reaches
    as far at every point); with more, its sides' directions then change the sign
    of their x (and of their y) at most twice."""
    n = len(points)
    edges = [(points[(i + 1) % n][0] - x, points[(i + 1) % n][1] - y) for i, (x, y) in enumerate(points)]
    px, py = edges[-1]
    for ex, ey in edges:
        if px * ey - py * ex < 0.0:
            return False
        px, py = ex, ey
    if n <= 4:
        return True
    for signs in ([ex > 0.0 for ex, _ey in edges if ex != 0.0], [ey > 0.0 for _ex, ey in edges if ey != 0.0]):
        if sum(1 for i in range(len(signs)) if signs[i] != signs[i - 1]) > 2:
            return False
    return True


# -- discs and their hulls -------------------------------------------------------


def outer_tangents(a: Point, ra: float, b: Point, rb: float) -> tuple[tuple[Point, Point], tuple[Point, Point]] | None:
    """The two outer common tangent segments of discs (a, ra) and (b, rb), each as
    (point on a's circle, point on b's circle): the sides of their convex hull.
    None when one disc contains the other."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = math.hypot(dx, dy)
    if d <= abs(ra - rb) or d == 0.0:
        return None
    ux, uy = dx / d, dy / d
    c = (ra - rb) / d
    s = math.sqrt(max(0.0, 1.0 - c * c))
    # normals pointing from the centres to the tangent points
    n1 = (c * ux - s * uy, c * uy + s * ux)
    n2 = (c * ux + s * uy, c * uy - s * ux)
    t1 = ((a[0] + ra * n1[0], a[1] + ra * n1[1]), (b[0] + rb * n1[0], b[1] + rb * n1[1]))
    t2 = ((a[0] + ra * n2[0], a[1] + ra * n2[1]), (b[0] + rb * n2[0], b[1] + rb * n2[1]))
    return t1, t2


def common_tangent_lines(c1: Point, r1: float, c2: Point, r2: float) -> list[tuple[Point, Point]]:
    """All common tangent lines of two circles (radius 0 is a point), each as
    (point, unit direction). Up to four lines."""
    dx, dy = c2[0] - c1[0], c2[1] - c1[1]
    d2 = dx * dx + dy * dy
    if d2 == 0.0:
        return []
    lines = []
    for sign1 in (1.0, -1.0):
        # lines n.x = k with |n| = 1, n.c1 - k = r1, n.c2 - k = sign1 * r2
        r = sign1 * r2 - r1
        h = d2 - r * r
        if h < 0.0:
            continue
        h = math.sqrt(h)
        for sign2 in (1.0, -1.0) if h > 0.0 else (1.0,):
            nx = (dx * r - dy * h * sign2) / d2
            ny = (dy * r + dx * h * sign2) / d2
            # n . (c1 - p) = r1 for the tangent point p = c1 - r1 n
            px, py = c1[0] - r1 * nx, c1[1] - r1 * ny
            lines.append(((px, py), (-ny, nx)))
    return lines


def hull_of_discs_polygon(a: Point, ra: float, b: Point, rb: float, count: int = 48) -> Polygon:
    """A polygon inscribed in the convex hull of two discs (for drawing): both
    circles sampled at `count` points, then their hull."""
    points = [a] if ra <= 0 else list(regular_polygon(a, ra, count))
    points += [b] if rb <= 0 else list(regular_polygon(b, rb, count))
    return convex_hull(points)


def disc_hull_distance(p: Point, a: Point, ra: float, b: Point, rb: float) -> float:
    """Distance from p to the convex hull of discs (a, ra) and (b, rb); negative
    inside (not then a true depth, but below zero exactly inside). The hull is the
    union of the discs between them (centre and radius moving linearly), so this is
    the least of |p - c(t)| - r(t) over t in [0, 1]."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    d = math.hypot(dx, dy)
    if d == 0.0:
        return math.hypot(p[0] - ax, p[1] - ay) - max(ra, rb)
    ux, uy = dx / d, dy / d
    px, py = p[0] - ax, p[1] - ay
    along = px * ux + py * uy
    across = abs(px * uy - py * ux)
    k = (ra - rb) / d
    if abs(k) >= 1.0:
        return min(math.hypot(px, py) - ra, math.hypot(p[0] - b[0], p[1] - b[1]) - rb)
    s = k * across / math.sqrt(1.0 - k * k)
    t = (along - s) / d
    t = 0.0 if t < 0.0 else 1.0 if t > 1.0 else t
    return math.hypot(along - t * d, across) - (ra + t * (rb - ra))


def without_repeats(ring: list[Point]) -> Polygon:
    """The ring without a point repeating the one before it."""
    return (ring[0], *[q for p, q in zip(ring, ring[1:], strict=False) if q != p]) if ring else ()
