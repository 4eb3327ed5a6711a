"""Nearest free position among rounded convex obstacles (for dragging).

While a model or terrain piece is dragged, its reference point must stay out of
every obstacle grown by the dragged thing's size: a model of radius r must keep its
centre r away from other bases (a disc of radius r + r_other) and from terrain it may
not stand on (the terrain part grown by r); a terrain piece keeps its origin out of
the Minkowski difference of each other part and its own parts. All of these are
`Blob`s: the points within `radius` of a convex polygon `core`. The free point
nearest to the pointer lies on a blob's boundary or where two boundaries cross,
so those are the candidates `nearest_free` tries, each checked exactly.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.planar import EPS, Point, Polygon

#: how far outside a boundary candidates are pushed, so float noise keeps them free
MARGIN = 1e-4


@dataclass(frozen=True)
class Blob:
    """The points within `radius` of the convex polygon `core` (one point: a disc).
    `owner` names what it stands for."""

    core: Polygon
    radius: float
    owner: str
    box: tuple[float, float, float, float] = field(init=False, repr=False, compare=False)
    edges: tuple[tuple, ...] = field(init=False, repr=False, compare=False)
    #: a circle holding the blob (centre, radius): a cheap lower bound of distances
    circle: tuple[Point, float] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        left, top, right, bottom = planar.bounds(self.core)
        r = self.radius
        object.__setattr__(self, "box", (left - r, top - r, right + r, bottom + r))
        object.__setattr__(self, "edges", tuple(self.features()))
        centre, reach = planar.bounding_circle(self.core)
        object.__setattr__(self, "circle", (centre, reach + r))

    def near(self, p: Point, distance: float) -> bool:
        """Whether p may lie within `distance` of the blob (cheap: may say yes wrongly)."""
        (cx, cy), reach = self.circle
        return math.hypot(p[0] - cx, p[1] - cy) - reach <= distance

    def signed_distance(self, p: Point) -> float:
        """Distance from p to the blob, negative inside."""
        core = self.core
        if len(core) == 1:
            return math.hypot(p[0] - core[0][0], p[1] - core[0][1]) - self.radius
        if len(core) == 2:
            return planar.point_segment_distance(p, core[0], core[1]) - self.radius
        return planar.point_convex_signed_distance(p, core) - self.radius

    def project_out(self, p: Point, margin: float = MARGIN) -> Point:
        """The point just outside the blob nearest to p."""
        core = self.core
        if len(core) == 1:
            q = core[0]
        elif len(core) == 2:
            q = planar.closest_on_segment(p, core[0], core[1])
        elif planar.point_in_convex(p, core):
            q = planar.closest_on_convex_boundary(p, core)
            # from inside the core, leave through the nearest edge
            dx, dy = q[0] - p[0], q[1] - p[1]
            d = math.hypot(dx, dy)
            if d == 0.0:
                i = _nearest_edge(p, core)
                a, b = core[i], core[(i + 1) % len(core)]
                ex, ey = b[0] - a[0], b[1] - a[1]
                el = math.hypot(ex, ey)
                dx, dy, d = ey / el, -ex / el, 1.0
            step = self.radius + margin
            return (q[0] + dx / d * step, q[1] + dy / d * step)
        else:
            q = planar.closest_on_convex_boundary(p, core)
        dx, dy = p[0] - q[0], p[1] - q[1]
        d = math.hypot(dx, dy)
        if d == 0.0:
            if len(core) >= 3:
                i = _nearest_edge(p, core)
                a, b = core[i], core[(i + 1) % len(core)]
                ex, ey = b[0] - a[0], b[1] - a[1]
                el = math.hypot(ex, ey)
                dx, dy, d = ey / el, -ex / el, 1.0
            else:
                dx, dy, d = 1.0, 0.0, 1.0
        step = self.radius + margin
        return (q[0] + dx / d * step, q[1] + dy / d * step)

    def features(self, margin: float = MARGIN) -> list[tuple]:
        """The boundary pieces, pushed out by `margin`: ("segment", a, b) for the
        offset edges and ("circle", centre, radius) for the rounded corners."""
        r = self.radius + margin
        core = self.core
        if len(core) == 1:
            return [("circle", core[0], r)]
        found: list[tuple] = [("circle", v, r) for v in core]
        n = len(core)
        if n == 2:
            pairs = [(core[0], core[1]), (core[1], core[0])]
        else:
            pairs = [(core[i], core[(i + 1) % n]) for i in range(n)]
        for a, b in pairs:
            ex, ey = b[0] - a[0], b[1] - a[1]
            el = math.hypot(ex, ey)
            if el == 0.0:
                continue
            nx, ny = ey / el * r, -ex / el * r
            found.append(("segment", (a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny)))
        return found


def _nearest_edge(p: Point, poly: Sequence[Point]) -> int:
    n = len(poly)
    return min(range(n), key=lambda i: planar.point_segment_distance(p, poly[i], poly[(i + 1) % n]))


def _intersections(f: tuple, g: tuple) -> list[Point]:
    if f[0] == "circle" and g[0] == "circle":
        return _circle_circle(f[1], f[2], g[1], g[2])
    if f[0] == "segment" and g[0] == "segment":
        p = _segment_segment(f[1], f[2], g[1], g[2])
        return [p] if p else []
    if f[0] == "circle":
        f, g = g, f
    return _segment_circle(f[1], f[2], g[1], g[2])


def _circle_circle(c1: Point, r1: float, c2: Point, r2: float) -> list[Point]:
    dx, dy = c2[0] - c1[0], c2[1] - c1[1]
    d = math.hypot(dx, dy)
    if d == 0.0 or d > r1 + r2 or d < abs(r1 - r2):
        return []
    a = (r1 * r1 - r2 * r2 + d * d) / (2 * d)
    h = math.sqrt(max(0.0, r1 * r1 - a * a))
    mx, my = c1[0] + a * dx / d, c1[1] + a * dy / d
    return [(mx - h * dy / d, my + h * dx / d), (mx + h * dy / d, my - h * dx / d)]


def _segment_segment(a: Point, b: Point, c: Point, d: Point) -> Point | None:
    rx, ry = b[0] - a[0], b[1] - a[1]
    sx, sy = d[0] - c[0], d[1] - c[1]
    den = rx * sy - ry * sx
    if den == 0.0:
        return None
    qx, qy = c[0] - a[0], c[1] - a[1]
    t = (qx * sy - qy * sx) / den
    u = (qx * ry - qy * rx) / den
    if -1e-9 <= t <= 1 + 1e-9 and -1e-9 <= u <= 1 + 1e-9:
        return (a[0] + t * rx, a[1] + t * ry)
    return None


def _segment_circle(a: Point, b: Point, c: Point, r: float) -> list[Point]:
    dx, dy = b[0] - a[0], b[1] - a[1]
    fx, fy = a[0] - c[0], a[1] - c[1]
    qa = dx * dx + dy * dy
    if qa == 0.0:
        return []
    qb = 2 * (fx * dx + fy * dy)
    qc = fx * fx + fy * fy - r * r
    disc = qb * qb - 4 * qa * qc
    if disc < 0:
        return []
    root = math.sqrt(disc)
    found = []
    for t in ((-qb - root) / (2 * qa), (-qb + root) / (2 * qa)):
        if -1e-9 <= t <= 1 + 1e-9:
            found.append((a[0] + t * dx, a[1] + t * dy))
    return found


def is_free(p: Point, blobs: Iterable[Blob], box: tuple[float, float, float, float]) -> bool:
    """True when p lies in the box and outside (or on) every blob."""
    left, top, right, bottom = box
    x, y = p
    if not (left - EPS <= x <= right + EPS and top - EPS <= y <= bottom + EPS):
        return False
    for b in blobs:
        bl, bt, br, bb = b.box
        if bl < x < br and bt < y < bb and b.signed_distance(p) < -EPS:
            return False
    return True


def nearest_free(p: Point, blobs: Sequence[Blob], box: tuple[float, float, float, float]) -> Point | None:
    """The free point nearest to p: inside `box` (left, top, right, bottom) and
    outside every blob. None when there is none."""
    left, top, right, bottom = box
    if left > right + EPS or top > bottom + EPS:
        return None
    start = (min(max(p[0], left), right), min(max(p[1], top), bottom))
    if is_free(start, blobs, box):
        return start
    # Look among the blobs near p first, then widen.
    reach = 0.0
    for b in blobs:
        bl, bt, br, bb = b.box
        if bl < p[0] < br and bt < p[1] < bb and b.signed_distance(p) < 0:
            reach = max(reach, b.radius + _core_size(b.core))
    reach = max(reach, 20.0)
    diagonal = math.hypot(right - left, bottom - top) + 1.0
    while True:
        near = [b for b in blobs if b.near(start, reach) and b.signed_distance(start) <= reach]
        best = _nearest_among(start, near, blobs, box)
        if best is not None:
            # a nearer free point can only lie on a blob closer than `best`
            found = math.dist(start, best)
            if found <= reach:
                return best
            reach = found + EPS
            continue
        if reach > diagonal + max((b.radius for b in blobs), default=0.0):
            return None
        reach *= 2


def _core_size(core: Polygon) -> float:
    left, top, right, bottom = planar.bounds(core)
    return math.hypot(right - left, bottom - top)


def _feature_box(f: tuple) -> tuple[float, float, float, float]:
    """Bounds of a boundary piece, a hair larger than the crossing tests' tolerance."""
    pad = 1e-6
    if f[0] == "circle":
        (x, y), r = f[1], f[2]
        return (x - r - pad, y - r - pad, x + r + pad, y + r + pad)
    (ax, ay), (bx, by) = f[1], f[2]
    return (min(ax, bx) - pad, min(ay, by) - pad, max(ax, bx) + pad, max(ay, by) + pad)


def _feature_distance(p: Point, f: tuple) -> float:
    if f[0] == "circle":
        return abs(math.dist(p, f[1]) - f[2])
    return planar.point_segment_distance(p, f[1], f[2])


def _nearest_among(
    p: Point, near: Sequence[Blob], blobs: Sequence[Blob], box: tuple[float, float, float, float]
) -> Point | None:
    left, top, right, bottom = box
    candidates: list[Point] = [b.project_out(p) for b in near]
    candidates += [(left, top), (right, top), (right, bottom), (left, bottom)]
    candidates += [(min(max(q[0], left), right), min(max(q[1], top), bottom)) for q in list(candidates)]
    best = _best(p, candidates, blobs, box)
    limit = math.inf if best is None else math.dist(p, best)
    # Crossings of two boundaries nearer than the best so far: only boundary pieces
    # nearer than that can hold one.
    features = [(index, f) for index, b in enumerate(near) for f in b.edges if _feature_distance(p, f) < limit]
    features += [
        (-1, f)
        for f in (
            ("segment", (left, top), (right, top)),
            ("segment", (right, top), (right, bottom)),
            ("segment", (right, bottom), (left, bottom)),
            ("segment", (left, bottom), (left, top)),
        )
        if _feature_distance(p, f) < limit
    ]
    # only boundary pieces whose boxes overlap can cross: sweep over the boxes
    boxes = [_feature_box(f) for _owner, f in features]
    crossings: list[Point] = []
    active: list[int] = []
    for i in sorted(range(len(features)), key=lambda k: boxes[k][0]):
        left_i, top_i, _right_i, bottom_i = boxes[i]
        active = [j for j in active if boxes[j][2] >= left_i]
        owner, f = features[i]
        for j in active:
            other, g = features[j]
            if (owner == other and owner != -1) or boxes[j][1] > bottom_i or boxes[j][3] < top_i:
                continue
            crossings += _intersections(g, f) if j < i else _intersections(f, g)
        active.append(i)
    crossings = [c for c in crossings if math.dist(p, c) < limit]
    crossing = _best(p, crossings, blobs, box)
    return crossing if crossing is not None else best


def _best(p: Point, candidates: Iterable[Point], blobs: Sequence[Blob], box) -> Point | None:
    best = None
    best_d = math.inf
    for c in sorted(candidates, key=lambda c: math.dist(p, c)):
        d = math.dist(p, c)
        if d >= best_d:
            break
        if is_free(c, blobs, box):
            best, best_d = c, d
            break
    return best
