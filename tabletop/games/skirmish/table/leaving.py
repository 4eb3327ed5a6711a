"""Where a move leaving terrain may not end: the reach cut to it.

A warrior standing in terrain a move may not enter (bushes set burning under it, the
top of a rocky hill: `Table.standing_in`) may pass through it until its base is
clear of it, but the move may not end with the base still on it; on a piece it may
climb, the base may end wholly on top (movement.py). The reach's rays pass through
such terrain, so `LeavingCut(table, mover)` takes those places out:

- where the base would overlap a part of the terrain it leaves (each convex part
  grown by the radius, its arcs as chords at most `SAG` outside them: a little more
  is taken out, never less), but
- where it stands wholly on top of a piece it may climb (the piece's outline moved
  in by the radius) stays.

A polygon star-shaped about the start (the start's fan) that holds the start in
what is taken out is cut in polar terms: between its own boundary and the union of
those grown parts, ray by ray, each a few simple polygons. Any other polygon that
meets a part is cut by the part's sides: the union of the polygon's pieces outside
each side (they overlap; the reach is a union).
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Sequence

from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.freespace import Blob
from tabletop.games.skirmish.table.inset import SAG, clip_convex, clip_halfplane, eroded
from tabletop.games.skirmish.table.passage import Passage
from tabletop.games.skirmish.table.planar import EPS, Point, Polygon
from tabletop.games.skirmish.table.table import Table
from tabletop.games.skirmish.table.terrain_moves import blob_polygon

TAU = 2 * math.pi


class LeavingCut:
    """The reach's polygons without the places where the move of a warrior leaving
    terrain may not end (see the module), `cut(polygons)` a batch at a time (the
    reach's families one by one): each polygon's pieces, in order; those with fewer
    than three corners left out. What the terrain left gives is worked out once."""

    def __init__(self, table: Table, mover: Passage) -> None:
        self.start = mover.start
        r = mover.radius
        blobs: list[Blob] = []
        #: the tops of pieces it may climb, where it may end wholly on one
        self.tops: list[Polygon] = []
        for piece_id in sorted(mover.leaving):
            blobs += [Blob(part, r, piece_id) for part in table.blocking_parts(piece_id)]
            if table.effect(piece_id).climbable:
                top = eroded(table.pieces[piece_id].outline, r)
                if top:
                    self.tops += planar.convex_parts(top)
        self.blobs = blobs
        self.walls = [blob_polygon(blob, -SAG) for blob in blobs]
        self.axes = [_axes(blob.core) for blob in blobs]
        self.core_sides = [_core_sides(blob.core) for blob in blobs]
        #: the walls the start lies in (cut in polar terms about it)
        self.around = [k for k, wall in enumerate(self.walls) if planar.point_in_convex(self.start, wall, -EPS)]

    def __call__(self, polygons: Sequence[Polygon]) -> tuple[Polygon, ...]:
        if not self.blobs and not self.tops:
            return tuple(p for p in polygons if len(p) >= 3)
        start, walls, around = self.start, self.walls, self.around
        found: list[Polygon] = []
        for poly in polygons:
            if len(poly) < 3:
                continue
            meets = [
                k for k, blob in enumerate(self.blobs) if not _clear_of(poly, blob, self.axes[k], self.core_sides[k])
            ]
            pieces = [poly]
            star = _Star.about(start, poly) if any(k in around for k in meets) else None
            if star is not None:
                pieces = _outside(start, star, [_Star.about(start, walls[k]) for k in around])
                meets = [k for k in meets if k not in around]
            for k in meets:
                pieces = [q for p in pieces for q in _minus(p, walls[k])]
            found += pieces
            for top in self.tops:
                on = clip_convex(poly, top) if _may_meet(poly, top) else ()
                if len(on) >= 3 and abs(planar.signed_area(on)) > EPS:
                    found.append(on)
        return tuple(p for p in found if len(p) >= 3)


def _clear_of(poly: Polygon, blob: Blob, axes: list[tuple[float, float, float]], sides: _CoreSides) -> bool:
    """Whether no point of the polygon lies inside the blob (its sides touching it
    at most); exact. `axes`: the `_axes` of its core, `sides` its `_core_sides`."""
    left, top, right, bottom = planar.bounds(poly)
    bl, bt, br, bb = blob.box
    if left >= br or right <= bl or top >= bb or bottom <= bt:
        return True
    if planar.point_in_polygon(blob.core[0], poly):
        return False
    core, reach = blob.core, blob.radius - EPS
    # a side of the polygon with both ends beyond the line of one side of the core by
    # more than the blob's radius (by _SURELY_CLEAR: far above the sums' rounding) lies
    # farther than that from the core, as does one outside the blob's box: the exact
    # test only for the rest (the lines each corner of the polygon lies beyond, as
    # bits, worked out for the corners of sides that meet the box)
    far = reach + _SURELY_CLEAR
    n = len(poly)
    beyond: list[int | None] = [None] * n

    def bits(i: int) -> int:
        found = beyond[i]
        if found is None:
            x, y = poly[i]
            found = 0
            for k, (nx, ny, c) in enumerate(axes):
                if nx * x + ny * y - c > far:
                    found |= 1 << k
            beyond[i] = found
        return found

    for i in range(n):
        j = i + 1 if i + 1 < n else 0
        (ax, ay), (bx, by) = a, b = poly[i], poly[j]
        if (ax <= bl and bx <= bl) or (ax >= br and bx >= br) or (ay <= bt and by <= bt) or (ay >= bb and by >= bb):
            continue
        if bits(i) & bits(j):
            continue
        if len(core) >= 3:
            if _near_convex(a, b, core, reach, far, sides):
                return False
            continue
        if len(core) == 2:
            d = planar.segment_segment_distance(a, b, core[0], core[1])
        else:
            d = planar.point_segment_distance(core[0], a, b)
        if d < reach:
            return False
    return True


#: the sides of a convex core, each with its box: (p, q, least x, most x, least y, most y)
_CoreSides = list[tuple[Point, Point, float, float, float, float]]


def _core_sides(core: Polygon) -> _CoreSides:
    n = len(core)
    found = []
    for i in range(n):
        p, q = core[i], core[(i + 1) % n]
        found.append((p, q, min(p[0], q[0]), max(p[0], q[0]), min(p[1], q[1]), max(p[1], q[1])))
    return found


def _near_convex(a: Point, b: Point, core: Polygon, reach: float, far: float, sides: _CoreSides) -> bool:
    """Whether `planar.segment_convex_distance(a, b, core) < reach`, asking the
    distance only of the core's sides (`_core_sides`) whose box lies within `far`
    (over `reach`) of the segment's box (the rest lie farther)."""
    if planar.point_in_convex(a, core) or planar.point_in_convex(b, core):
        return True
    left, right = (a[0], b[0]) if a[0] < b[0] else (b[0], a[0])
    top, bottom = (a[1], b[1]) if a[1] < b[1] else (b[1], a[1])
    for p, q, low_x, high_x, low_y, high_y in sides:
        if left - high_x > far or low_x - right > far or top - high_y > far or low_y - bottom > far:
            continue
        if planar.segment_segment_distance(a, b, p, q) < reach:
            return True
    return False


#: how much farther (mm) than the blob's radius a side must lie beyond a side's line
#: of the core for `_clear_of` to leave it without the exact test
_SURELY_CLEAR = 1e-6


def _axes(core: Polygon) -> list[tuple[float, float, float]]:
    """The outward unit normals of a convex core's sides (three corners or more),
    each with how far along it the side's line lies: the core lies within each."""
    n = len(core)
    if n < 3:
        return []
    mx, my = sum(x for x, _y in core) / n, sum(y for _x, y in core) / n
    found = []
    for i in range(n):
        (ax, ay), (bx, by) = core[i], core[(i + 1) % n]
        length = math.hypot(bx - ax, by - ay)
        if length == 0.0:
            continue
        nx, ny = (by - ay) / length, (ax - bx) / length
        if nx * (mx - ax) + ny * (my - ay) > 0.0:
            nx, ny = -nx, -ny
        found.append((nx, ny, nx * ax + ny * ay))
    return found


# -- star-shaped polygons about the start ---------------------------------------------------


class _Star:
    """A polygon star-shaped about `centre`, its vertices by angle about it: the
    distance along each ray to its boundary (two where it steps along a ray: a fan's
    elbow, `rays._elbow`)."""

    def __init__(self, centre: Point, points: list[Point], angles: list[float]) -> None:
        self.centre = centre
        self.points = points
        self.angles = angles  # increasing, from angles[0] over less than a full turn

    @staticmethod
    def about(centre: Point, poly: Sequence[Point]) -> _Star | None:
        """The polygon as seen from `centre`, None unless its vertices go round the
        centre once, each further on than the one before (star-shaped about it)."""
        cx, cy = centre
        raw = [math.atan2(y - cy, x - cx) for x, y in poly]
        if any(math.hypot(x - cx, y - cy) < EPS for x, y in poly):
            return None
        n = len(raw)
        turns = [(raw[(i + 1) % n] - raw[i] + math.pi) % TAU - math.pi for i in range(n)]
        total = sum(turns)
        if abs(abs(total) - TAU) > 1e-6:
            return None
        points = list(poly) if total > 0 else list(reversed(poly))
        if total < 0:
            turns = [-t for t in reversed(turns)]
            turns = turns[1:] + turns[:1]
        # two rays of a fan cast in one direction (to two nodes on one tangent) put
        # two vertices on one ray: a turn of nought but for rounding
        if any(t <= -1e-12 for t in turns):
            return None
        turns = [max(t, 0.0) for t in turns]
        first = math.atan2(points[0][1] - cy, points[0][0] - cx)
        angles = [first]
        for t in turns[:-1]:
            angles.append(angles[-1] + t)
        return _Star(centre, points, angles)

    def reach(self, theta: float, before: bool = False) -> float:
        """How far the boundary lies from the centre along the ray at `theta`. Where
        it steps along that ray (two vertices on it: a fan's ray that runs on beside
        one stopped short), the side after the step, or with `before` the side
        before it."""
        a0 = self.angles[0]
        t = a0 + (theta - a0) % TAU
        # (a vertex's own angle comes back from `_outside`'s offsets but for rounding)
        if before:
            i = bisect.bisect_left(self.angles, t - _SAME_RAY) - 1
        else:
            i = bisect.bisect_right(self.angles, t + _SAME_RAY) - 1
        p, q = self.points[i], self.points[(i + 1) % len(self.points)]
        return _ray_hits(self.centre, t, p, q)


#: two angles about the centre this near (radians) are one ray (`_Star.reach`)
_SAME_RAY = 1e-12


def _ray_hits(c: Point, theta: float, p: Point, q: Point) -> float:
    """Distance from c along the ray at theta to the line through p and q."""
    dx, dy = math.cos(theta), math.sin(theta)
    ex, ey = q[0] - p[0], q[1] - p[1]
    den = dx * ey - dy * ex
    if abs(den) < 1e-15:
        return min(math.dist(c, p), math.dist(c, q))
    return ((p[0] - c[0]) * ey - (p[1] - c[1]) * ex) / den


def _outside(centre: Point, star: _Star, walls: list[_Star | None]) -> list[Polygon]:
    """The part of `star` outside the union of `walls` (convex, each holding the
    centre), as simple polygons: ray by ray, between the walls' farthest boundary
    and the star's."""
    shapes = [w for w in walls if w is not None]
    base = star.angles[0]
    cuts = {0.0}
    for shape in (star, *shapes):
        cuts.update((a - base) % TAU for a in shape.angles)
    angles = sorted(cuts)

    def wall(theta: float) -> tuple[float, int]:
        return max((s.reach(theta), k) for k, s in enumerate(shapes))

    def gap(theta: float) -> float:
        return star.reach(theta) - wall(theta)[0]

    # between neighbouring angles each boundary is one straight side, but which
    # wall lies farthest may change once per pair: add the angle where it does
    full: list[float] = []
    for a0, a1 in zip(angles, [*angles[1:], TAU], strict=False):
        full.append(a0)
        k0 = wall(base + a0)[1]
        if len(shapes) > 1 and wall(base + a1)[1] != k0:
            lo, hi = a0, a1
            for _ in range(50):
                mid = (lo + hi) / 2
                lo, hi = (mid, hi) if wall(base + mid)[1] == k0 else (lo, mid)
            full.append(hi)
    # the runs of rays on which the star reaches beyond the walls
    pts = [*full, TAU]
    beyond = [gap(base + a) > 0.0 for a in pts]
    runs: list[list[float]] = []
    current: list[float] | None = None
    for i in range(len(pts) - 1):
        a0, a1 = pts[i], pts[i + 1]
        if beyond[i]:
            if current is None:
                current = [a0]
                runs.append(current)
            else:
                current.append(a0)
        if beyond[i] != beyond[i + 1]:
            # the star's side and the wall's cross once between the two rays
            lo, hi = a0, a1
            for _ in range(60):
                mid = (lo + hi) / 2
                lo, hi = (mid, hi) if (gap(base + mid) > 0.0) == beyond[i] else (lo, mid)
            if current is not None:
                current.append(lo)
                current = None
            else:
                current = [hi]
                runs.append(current)
    if current is not None:
        current.append(TAU)
        if len(runs) > 1 and runs[0][0] == 0.0:
            # the last run goes on into the first
            current += [a + TAU for a in runs.pop(0)[1:]]
    found: list[Polygon] = []
    for run in runs:
        if len(run) < 2:
            continue
        span = run[-1] - run[0]
        pieces = [run] if span < math.pi else _halves(run)
        for piece in pieces:
            # where the star steps along a ray inside the run, both ends of the step
            # (seed 1168: a fan's ray running on past a base beside one stopped on it,
            # its far end left out: a sliver 29 mm long, reached straight, not held)
            rays = [a for k, a in enumerate(piece) if k == 0 or a - piece[k - 1] > _SAME_RAY]
            outer = []
            for k, a in enumerate(rays):
                if k > 0 and (d := star.reach(base + a, before=True)) > wall(base + a)[0]:
                    outer.append(_at(centre, base + a, d))
                if k < len(rays) - 1:
                    outer.append(_at(centre, base + a, star.reach(base + a)))
            inner = [_at(centre, base + a, wall(base + a)[0]) for a in reversed(piece)]
            ring = _dedupe(outer + inner)
            if len(ring) >= 3 and abs(planar.signed_area(ring)) > EPS:
                found.append(ring)
    return found


def _halves(run: list[float]) -> list[list[float]]:
    middle = (run[0] + run[-1]) / 2
    k = bisect.bisect_left(run, middle)
    return [[*run[:k], middle], [middle, *run[k:]]]


def _at(c: Point, theta: float, distance: float) -> Point:
    return (c[0] + distance * math.cos(theta), c[1] + distance * math.sin(theta))


def _dedupe(ring: list[Point]) -> Polygon:
    out: list[Point] = []
    for p in ring:
        if not out or math.dist(p, out[-1]) > 1e-9:
            out.append(p)
    while len(out) > 1 and math.dist(out[0], out[-1]) <= 1e-9:
        out.pop()
    return tuple(out)


# -- any polygon less a convex one -----------------------------------------------------------


def _may_meet(poly: Sequence[Point], convex: Sequence[Point]) -> bool:
    a, b = planar.bounds(poly), planar.bounds(convex)
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def _minus(poly: Polygon, wall: Polygon) -> list[Polygon]:
    """`poly` (any simple polygon) less the convex `wall`: its pieces beyond each of
    the wall's sides (they overlap). `poly` itself when they do not meet."""
    if not _may_meet(poly, wall):
        return [poly]
    ring = planar.orient(wall)
    m = len(ring)
    sides = []
    for i in range(m):
        (ax, ay), (bx, by) = ring[i], ring[(i + 1) % m]
        ex, ey = bx - ax, by - ay
        # whether a vertex of poly lies beyond the side (positive: outside the wall),
        # and one short of it: the first of each answers
        inward = outward = False
        for x, y in poly:
            beyond = ey * (x - ax) - ex * (y - ay)
            if beyond < 0.0:
                inward = True
                if outward:
                    break
            elif beyond > 0.0:
                outward = True
                if inward:
                    break
        if not inward:
            return [poly]  # the side parts them
        if outward:
            sides.append((ring[(i + 1) % m], ring[i]))
    if all(planar.point_in_convex(p, ring) for p in poly):
        return []
    found = []
    for a, b in sides:
        piece = clip_halfplane(poly, a, b)
        if len(piece) >= 3 and abs(planar.signed_area(piece)) > EPS:
            found.append(piece)
    return found
