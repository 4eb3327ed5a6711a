"""Nearest free position among rounded convex obstacles (for dragging).

While a model or terrain piece is dragged, its reference point must stay out of
every obstacle grown by the dragged thing's size: a model of radius r must keep its
centre r away from other bases (a disc of radius r + r_other) and from terrain it may
not stand on (the terrain part grown by r); a terrain piece keeps its origin out of
the Minkowski difference of each other part and its own parts. All of these are
`Blob`s: the points within `radius` of a convex polygon `core`. The free point
nearest to the pointer lies on a blob's boundary or where two boundaries cross,
so those are the candidates `nearest_free` tries, each checked exactly.

The crossings do not depend on the pointer: where a question finds many (a drag
over crowded terrain), `FreeSpace` finds them all once for its obstacles, sorts
them into square cells and decides which are free a cell at a time, when a pointer
first comes near it; the table keeps one per dragged thing until it changes, so a
drag asks only for what it has not asked before.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.planar import EPS, Point, Polygon

#: how far outside a boundary candidates are pushed, so float noise keeps them free
MARGIN = 1e-4

#: (left, top, right, bottom)
Box = tuple[float, float, float, float]


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
    #: the core's edges as (ax, ay, dx, dy, dx² + dy²) when it is a polygon (for `inside`)
    sides: tuple[tuple[float, float, float, float, float], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        left, top, right, bottom = planar.bounds(self.core)
        r = self.radius
        object.__setattr__(self, "box", (left - r, top - r, right + r, bottom + r))
        object.__setattr__(self, "edges", tuple(self.features()))
        centre, reach = planar.bounding_circle(self.core)
        object.__setattr__(self, "circle", (centre, reach + r))
        core, n = self.core, len(self.core)
        sides = []
        for i in range(n if n >= 3 else 0):
            (ax, ay), (bx, by) = core[i], core[(i + 1) % n]
            dx, dy = bx - ax, by - ay
            sides.append((ax, ay, dx, dy, dx * dx + dy * dy))
        object.__setattr__(self, "sides", tuple(sides))

    def near(self, p: Point, distance: float) -> bool:
        """Whether p may lie within `distance` of the blob (cheap: may say yes wrongly)."""
        (cx, cy), reach = self.circle
        return math.hypot(p[0] - cx, p[1] - cy) - reach <= distance

    def inside(self, p: Point) -> bool:
        """Whether p lies more than EPS inside: `signed_distance(p) < -EPS`, the same
        answer for every point (the same sums as planar.point_in_convex and
        point_segment_distance), cheaper: it stops at the first edge that decides."""
        sides = self.sides
        if not sides:
            return self.signed_distance(p) < -EPS
        px, py = p
        r = self.radius
        if all(dx * (py - ay) - dy * (px - ax) >= 0.0 for ax, ay, dx, dy, _den in sides):
            # in the core: -depth - r <= -r (rounding keeps the order), so a radius beyond EPS decides
            return r > EPS or self.signed_distance(p) < -EPS
        if r <= EPS:
            return False
        # min(d) - r < -EPS exactly when some d - r < -EPS (rounding keeps the order)
        for ax, ay, dx, dy, den in sides:
            qx, qy = px - ax, py - ay
            if den > 0.0:
                t = (qx * dx + qy * dy) / den
                if t > 1.0:
                    t = 1.0
                elif t < 0.0:
                    t = 0.0
                qx -= t * dx
                qy -= t * dy
            if math.hypot(qx, qy) - r < -EPS:
                return True
        return False

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


def is_free(p: Point, blobs: Iterable[Blob], box: Box) -> bool:
    """True when p lies in the box and outside (or on) every blob."""
    return _in_box(p, box) and _covering(p, blobs) is None


def _in_box(p: Point, box: Box) -> bool:
    left, top, right, bottom = box
    return left - EPS <= p[0] <= right + EPS and top - EPS <= p[1] <= bottom + EPS


def _covers(b: Blob, p: Point) -> bool:
    bl, bt, br, bb = b.box
    return bl < p[0] < br and bt < p[1] < bb and b.inside(p)


def _holds_cell(b: Blob, cell: tuple[int, int]) -> bool:
    """Whether the whole of `cell` lies inside b (more than EPS): its corners lie
    deeper than EPS + COVER, and a blob is convex, so every point of the cell does,
    and float noise (far below COVER) cannot bring one out to EPS."""
    left, top = cell[0] * CELL, cell[1] * CELL
    corners = ((left, top), (left + CELL, top), (left + CELL, top + CELL), (left, top + CELL))
    return all(b.signed_distance(c) < -EPS - COVER for c in corners)


def _covering(p: Point, blobs: Iterable[Blob]) -> Blob | None:
    """The first blob p lies inside (more than EPS), or None."""
    return next((b for b in blobs if _covers(b, p)), None)


#: the side (mm) of the square cells the crossings of boundaries are sorted into
CELL = 32.0
#: crossings one question's sweep may find before the free space keeps them all by
#: cell for the next questions (a drag over crowded terrain): a few milliseconds' worth
CROWDED = 2000
#: how much deeper than EPS a cell's corners must lie in a blob for the whole cell to count as inside
COVER = 1e-6


def nearest_free(p: Point, blobs: Sequence[Blob], box: Box) -> Point | None:
    """The free point nearest to p: inside `box` (left, top, right, bottom) and
    outside every blob. None when there is none. (Asked again and again about the
    same obstacles, as while dragging: keep a `FreeSpace`.)"""
    return FreeSpace(blobs, box).nearest(p)


class FreeSpace:
    """The blobs and the box of `nearest_free`, with what does not depend on the
    pointer kept. A question sweeps the boundary pieces near the pointer for their
    crossings; once one finds many, every crossing is found and sorted into cells,
    each cell's free ones decided when a question first reaches that cell."""

    def __init__(self, blobs: Sequence[Blob], box: Box) -> None:
        self.blobs = tuple(blobs)
        self.box = box
        #: crossings by cell: (point, order, blob of one boundary, that boundary,
        #: blob of the other, the other); the table's edges belong to blob -1
        self._cells: dict[tuple[int, int], list[_Crossing]] | None = None
        #: the free crossings of each cell decided so far
        self._free: dict[tuple[int, int], list[_Crossing]] = {}
        #: a question found so many crossings that the next ones keep them by cell
        self._crowded = False

    def nearest(self, p: Point) -> Point | None:
        """The free point nearest to p (as `nearest_free`)."""
        blobs, box = self.blobs, self.box
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
        # each round of widening asks again about what the last one asked: answered once
        depth: dict[int, float] = {}
        asked = _Asked(start, blobs, box)
        while True:
            near = []
            for i, b in enumerate(blobs):
                if b.near(start, reach):
                    if i not in depth:
                        depth[i] = b.signed_distance(start)
                    if depth[i] <= reach:
                        near.append(i)
            best = self._nearest_among(start, near, asked)
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

    def _nearest_among(self, p: Point, near: list[int], asked: _Asked) -> Point | None:
        """The nearest free point among the candidates of the blobs `near`: each
        one's point nearest to p, the box's corners, those moved into the box, and
        the crossings of their boundaries and the box's edges."""
        left, top, right, bottom = self.box
        candidates: list[Point] = [asked.way_out(i) for i in near]
        candidates += [(left, top), (right, top), (right, bottom), (left, bottom)]
        candidates += [(min(max(q[0], left), right), min(max(q[1], top), bottom)) for q in list(candidates)]
        best = _best(p, candidates, asked.free)
        limit = math.inf if best is None else math.dist(p, best)
        if self._cells is None and not self._crowded:
            crossing = self._swept_crossing(p, near, limit, asked)
        else:
            crossing = self._nearest_crossing(p, set(near), limit)
        return crossing if crossing is not None else best

    def _swept_crossing(self, p: Point, near: list[int], limit: float, asked: _Asked) -> Point | None:
        """`_nearest_crossing` found afresh, nothing kept: a sweep over the boundary
        pieces nearer than `limit` (ordered by the left of their boxes) finds their
        crossings, tried nearest first. Cheaper than finding every crossing where few
        pieces are near; where many are, the cells are used from then on."""
        pieces = [(i, f) for i in near for f in self.blobs[i].edges if _feature_distance(p, f) < limit]
        pieces += [(-1, f) for f in _box_edges(self.box) if _feature_distance(p, f) < limit]
        boxes = [_feature_box(f) for _owner, f in pieces]
        crossings: list[Point] = []
        active: list[int] = []
        for i in sorted(range(len(pieces)), key=lambda k: boxes[k][0]):
            left_i, top_i, _right_i, bottom_i = boxes[i]
            active = [j for j in active if boxes[j][2] >= left_i]
            owner, f = pieces[i]
            for j in active:
                other, g = pieces[j]
                if (owner == other and owner != -1) or boxes[j][1] > bottom_i or boxes[j][3] < top_i:
                    continue
                crossings += _intersections(g, f) if j < i else _intersections(f, g)
            active.append(i)
        if len(crossings) > CROWDED:
            # too many to try one by one, and a drag asks again: keep them by cell
            self._crowded = True
            return self._nearest_crossing(p, set(near), limit)
        return _best(p, [c for c in crossings if math.dist(p, c) < limit], asked.free)

    def _nearest_crossing(self, p: Point, near: set[int], limit: float) -> Point | None:
        """The free crossing nearest to p and nearer than `limit`, of two boundary
        pieces of different blobs among `near` (or the box's edges), each nearer than
        `limit`; between crossings as near, the one found first by a sweep over the
        boundary pieces (ordered by the left of their boxes)."""
        cells = self._crossing_cells()
        if math.isinf(limit):
            reached: Iterable[tuple[int, int]] = list(cells)
        else:
            columns = range(math.floor((p[0] - limit) / CELL), math.floor((p[0] + limit) / CELL) + 1)
            rows = range(math.floor((p[1] - limit) / CELL), math.floor((p[1] + limit) / CELL) + 1)
            if len(columns) * len(rows) > len(cells):
                reached = [c for c in cells if c[0] in columns and c[1] in rows]
            else:
                reached = [(i, j) for i in columns for j in rows if (i, j) in cells]
        found: Point | None = None
        found_order: tuple[float, int, int, int] | None = None
        for cell in reached:
            for point, order, a, f, b, g in self._free_in(cell):
                d = math.dist(p, point)
                if d >= limit or (a != -1 and a not in near) or (b != -1 and b not in near):
                    continue
                if _feature_distance(p, f) >= limit or _feature_distance(p, g) >= limit:
                    continue
                if found_order is None or (d, *order) < found_order:
                    found, found_order = point, (d, *order)
        return found

    def _free_in(self, cell: tuple[int, int]) -> list[_Crossing]:
        free = self._free.get(cell)
        if free is None:
            free = self._free[cell] = []
            crossings = self._crossing_cells()[cell]
            # crossings side by side mostly lie in the same blob: that one is asked first
            last = _covering(crossings[0][0], self.blobs)
            if last is not None and _holds_cell(last, cell):
                return free
            for crossing in crossings:
                if last is not None and _covers(last, crossing[0]):
                    continue
                last = _covering(crossing[0], self.blobs)
                if last is None and _in_box(crossing[0], self.box):
                    free.append(crossing)
        return free

    def _crossing_cells(self) -> dict[tuple[int, int], list[_Crossing]]:
        """Every crossing of two boundary pieces of different blobs (or of the box's
        edges) whose boxes overlap, by cell, each with its place in a sweep over the
        pieces ordered by the left of their boxes (ties in the order listed)."""
        if self._cells is not None:
            return self._cells
        features: list[tuple[int, tuple]] = [(i, f) for i, b in enumerate(self.blobs) for f in b.edges]
        features += [(-1, f) for f in _box_edges(self.box)]
        boxes = [_feature_box(f) for _owner, f in features]
        cells: dict[tuple[int, int], list[_Crossing]] = {}
        active: list[tuple[int, int]] = []
        for place, i in enumerate(sorted(range(len(features)), key=lambda k: boxes[k][0])):
            left_i, top_i, _right_i, bottom_i = boxes[i]
            active = [(j, at) for j, at in active if boxes[j][2] >= left_i]
            owner, f = features[i]
            for j, at in active:
                other, g = features[j]
                if (owner == other and owner != -1) or boxes[j][1] > bottom_i or boxes[j][3] < top_i:
                    continue
                # the piece listed first is the first argument, as the points depend on it
                points = _intersections(g, f) if j < i else _intersections(f, g)
                for k, point in enumerate(points):
                    cell = (math.floor(point[0] / CELL), math.floor(point[1] / CELL))
                    cells.setdefault(cell, []).append((point, (place, at, k), owner, f, other, g))
            active.append((i, place))
        self._cells = cells
        return cells


def _box_edges(box: Box) -> list[tuple]:
    left, top, right, bottom = box
    return [
        ("segment", (left, top), (right, top)),
        ("segment", (right, top), (right, bottom)),
        ("segment", (right, bottom), (left, bottom)),
        ("segment", (left, bottom), (left, top)),
    ]


#: a crossing: its point, its place in the sweep, and the two boundary pieces with their blobs
_Crossing = tuple[Point, tuple[int, int, int], int, tuple, int, tuple]


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


class _Asked:
    """What one question (`FreeSpace.nearest`) found out about its point `p`: the
    way out of each blob and which candidates are free."""

    def __init__(self, p: Point, blobs: Sequence[Blob], box: Box) -> None:
        self.p, self.blobs, self.box = p, blobs, box
        self._ways: dict[int, Point] = {}
        self._free: dict[Point, bool] = {}

    def way_out(self, i: int) -> Point:
        way = self._ways.get(i)
        if way is None:
            way = self._ways[i] = self.blobs[i].project_out(self.p)
        return way

    def free(self, c: Point) -> bool:
        free = self._free.get(c)
        if free is None:
            free = self._free[c] = is_free(c, self.blobs, self.box)
        return free


def _best(p: Point, candidates: Iterable[Point], free: Callable[[Point], bool]) -> Point | None:
    """The first free candidate in order of distance from p (ties: in the order given)."""
    for c in sorted(candidates, key=lambda c: math.dist(p, c)):
        if free(c):
            return c
    return None
