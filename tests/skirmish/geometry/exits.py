"""The oracle's ways out of terrain a warrior stands in and may not enter (burning
bushes, the top of a rocky hill): on the first leg of its path the base passes
through that terrain until it is first clear of it, and may bend only there or later.

Worked out plainly, on their own (nothing of the planner's clearing or refining):

- `overlap_span`: along a line, where a base of radius r overlaps a convex part
  (its centre inside the part, or nearer than r to one of its sides or corners):
  one stretch, the union of the stretches in the part, in each side's strip and in
  each corner's disc, each solved in closed form.
- `clear_at`: how far along a leg from the start the base is first clear of all
  the parts it stands on.
- `Rim`: the outline of a convex part grown by r (sides moved out by r, arcs of
  radius r round the corners), walked by length. Where a way out bends, its base
  is first clear of the terrain: the bend lies on a rim.

Where the cheapest way out bends: on a rim, where the leg from the start is clear of
everything else and the base first clear of the terrain. Along a stretch of a rim
that such legs reach, the cost of bending at b is |start - b| plus the cost from b
on, which has a continuous gradient (the unit vector of the way's next leg, back
along it; where two ways tie it has a ridge, never a least). So its least lies at
an end of the stretch, or where its derivative along the rim is zero: there the
leg in and the leg out have the same component along the rim, and both leave the
rim outward (the way may not go back onto the terrain), so they are one straight
line: no bend at all (the oracle's straight legs from the start have it). The
bends are therefore the ends of the stretches:

1. past an obstacle a leg from the start touches while the base is still on the
   terrain: the tangent from the start to the obstacle's circle, on until the
   base is clear (`WaysOut._grazes`, exact);
2. where a rim meets another obstacle, the table's edge or another part of the
   terrain, or where the leg to it starts to touch an obstacle: the rims sampled
   every EXIT_STEP mm, each change between reached and not reached halved down
   to below 1e-9 mm (a stretch shorter than EXIT_STEP between two samples not
   reached is missed, unless 1 gives its end).

Over heavy terrain the cost of a leg is not its length and a bend may lie inside
a stretch: there every sample is a node too, and the bend of the cheapest way is
slid along its rim to its least (`WaysOut.slide`, from Oracle.polished).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from tabletop.games.skirmish.table import planar

Point = tuple[float, float]

#: spacing of the samples along a rim (mm)
EXIT_STEP = 1.0
#: a bend on a rim lies this far outside it, so its base is clear of the terrain (mm)
OUTSIDE = 1e-7


def _line_disc(a: Point, d: Point, c: Point, r: float) -> tuple[float, float] | None:
    """Where the line a + t d lies within r of c (open interval of t)."""
    fx, fy = a[0] - c[0], a[1] - c[1]
    qa = d[0] * d[0] + d[1] * d[1]
    qb = 2 * (fx * d[0] + fy * d[1])
    qc = fx * fx + fy * fy - r * r
    disc = qb * qb - 4 * qa * qc
    if disc <= 0.0:
        return None
    root = math.sqrt(disc)
    return (-qb - root) / (2 * qa), (-qb + root) / (2 * qa)


def _line_halfplanes(a: Point, d: Point, planes: Sequence[tuple[Point, float]]) -> tuple[float, float] | None:
    """Where the line a + t d satisfies every n . x < c (open interval of t)."""
    lo, hi = -math.inf, math.inf
    for (nx, ny), c in planes:
        num = c - (nx * a[0] + ny * a[1])
        den = nx * d[0] + ny * d[1]
        if den == 0.0:
            if num <= 0.0:
                return None
            continue
        t = num / den
        if den > 0.0:
            hi = min(hi, t)
        else:
            lo = max(lo, t)
    return (lo, hi) if lo < hi else None


def _ring(part: Sequence[Point]) -> list[Point]:
    """The part's corners turning left (the inside on the left of each side)."""
    ring = list(part)
    return ring if planar.signed_area(ring) >= 0.0 else ring[::-1]


def _outward(v: Point, w: Point) -> Point:
    """The outward unit normal of side v-w of a ring turning left."""
    ex, ey = w[0] - v[0], w[1] - v[1]
    length = math.hypot(ex, ey)
    return (ey / length, -ex / length)


def overlap_span(a: Point, b: Point, part: Sequence[Point], r: float) -> tuple[float, float] | None:
    """Along the line through a (t = 0) and b (t = 1): the open stretch of t where
    a base of radius r centred there overlaps the convex part (None: nowhere)."""
    d = (b[0] - a[0], b[1] - a[1])
    if d == (0.0, 0.0):
        return None
    ring = _ring(part)
    n = len(ring)
    found = []
    inside = []
    for i in range(n):
        v, w = ring[i], ring[(i + 1) % n]
        if math.dist(v, w) == 0.0:
            continue
        nx, ny = _outward(v, w)
        ex, ey = w[0] - v[0], w[1] - v[1]
        inside.append(((nx, ny), nx * v[0] + ny * v[1]))
        found.append(_line_disc(a, d, v, r))
        # the strip along the side: within r of its line, between its ends
        strip = [
            ((nx, ny), nx * v[0] + ny * v[1] + r),
            ((-nx, -ny), -(nx * v[0] + ny * v[1]) + r),
            ((-ex, -ey), -(ex * v[0] + ey * v[1])),
            ((ex, ey), ex * w[0] + ey * w[1]),
        ]
        found.append(_line_halfplanes(a, d, strip))
    found.append(_line_halfplanes(a, d, inside))
    spans = [s for s in found if s is not None]
    if not spans:
        return None
    return min(s[0] for s in spans), max(s[1] for s in spans)


def clear_at(parts: Sequence[Sequence[Point]], r: float, a: Point, b: Point) -> float:
    """From a (the base on some of the parts) along a-b: the fraction at which the
    base is first clear of all of them (above 1: still on one at b)."""
    spans = []
    for part in parts:
        span = overlap_span(a, b, part, r)
        if span is None or span[1] <= 0.0 or span[0] >= 1.0:
            continue
        spans.append((max(span[0], 0.0), 2.0 if span[1] > 1.0 else span[1]))
    reached = 0.0
    for enter, leave in sorted(spans):
        if enter <= reached + 1e-12:
            reached = max(reached, leave)
    return reached


class Rim:
    """The outline of a convex part grown by r, walked by length from 0 to
    `length` (and round again): `at(s)` the point."""

    def __init__(self, part: Sequence[Point], r: float) -> None:
        ring = _ring(part)
        ring = [p for i, p in enumerate(ring) if math.dist(p, ring[i - 1]) > 0.0]
        n = len(ring)
        normals = [_outward(ring[i], ring[(i + 1) % n]) for i in range(n)]
        # pieces: (length, corner or side start, side end or None, first angle, turn)
        self.pieces: list[tuple[float, Point, Point | None, float, float]] = []
        for i in range(n):
            first = math.atan2(normals[i - 1][1], normals[i - 1][0])
            turn = (math.atan2(normals[i][1], normals[i][0]) - first) % (2 * math.pi)
            if 1e-12 < turn < math.pi:
                self.pieces.append((r * turn, ring[i], None, first, turn))
            v, w = ring[i], ring[(i + 1) % n]
            nx, ny = normals[i]
            side = ((v[0] + r * nx, v[1] + r * ny), (w[0] + r * nx, w[1] + r * ny))
            self.pieces.append((math.dist(v, w), side[0], side[1], 0.0, 0.0))
        self.r = r
        self.length = sum(p[0] for p in self.pieces)

    def at(self, s: float, out: float = 0.0) -> Point:
        """The point s along the rim, `out` mm outside it."""
        s %= self.length
        for piece in self.pieces:
            if s <= piece[0]:
                break
            s -= piece[0]
        length, a, b, first, turn = piece
        if b is None:
            angle = first + turn * s / length
            return (a[0] + (self.r + out) * math.cos(angle), a[1] + (self.r + out) * math.sin(angle))
        nx, ny = _outward(a, b)
        share = s / length
        return (a[0] + (b[0] - a[0]) * share + out * nx, a[1] + (b[1] - a[1]) * share + out * ny)


def golden(f: Callable[[float], float], lo: float, hi: float, steps: int = 45) -> tuple[float, float]:
    """The least of f on [lo, hi] (f unimodal there): (where, value)."""
    ratio = (math.sqrt(5) - 1) / 2
    m1, m2 = hi - ratio * (hi - lo), lo + ratio * (hi - lo)
    c1, c2 = f(m1), f(m2)
    for _ in range(steps):
        if c1 <= c2:
            hi, m2, c2 = m2, m1, c1
            m1 = hi - ratio * (hi - lo)
            c1 = f(m1)
        else:
            lo, m1, c1 = m1, m2, c2
            m2 = lo + ratio * (hi - lo)
            c2 = f(m2)
    return (m1, c1) if c1 <= c2 else (m2, c2)


def tangent_points(p: Point, c: Point, radius: float) -> list[Point]:
    """The points where the tangents from p touch the circle (none from inside)."""
    dx, dy = p[0] - c[0], p[1] - c[1]
    d2 = dx * dx + dy * dy
    if d2 <= radius * radius:
        return []
    d = math.sqrt(d2)
    base = math.atan2(dy, dx)
    half = math.acos(radius / d)
    return [(c[0] + radius * math.cos(base + s * half), c[1] + radius * math.sin(base + s * half)) for s in (1, -1)]


class WaysOut:
    """The bends of the ways out of the terrain the mover stands in, as nodes of
    the oracle's graph (see the module): `fixed` (1 and 2, each joined to the
    start and to every circle by its tangents), `windows` (the stretches of the
    rims the first leg reaches: (rim, samples along it)); over heavy terrain the
    samples are nodes too. `bends` holds every bend's point, `on_rim` the rim and
    place of each bend that lies on one (by its point)."""

    def __init__(self, oracle) -> None:
        self.oracle = oracle
        self.fixed: list[int] = []
        self.on_rim: dict[Point, tuple[Rim, float]] = {}
        self.windows: list[tuple[Rim, list[float]]] = []
        self.rims = [Rim(part, oracle.r) for part in oracle.leaving_parts]
        self.bends: set[Point] = set()
        if not self.rims:
            return
        ends = []
        for rim in self.rims:
            ends += self._stretches(rim)
        for point in self._grazes():
            self._fixed(point)
        for rim, s in ends:
            self._fixed(rim.at(s, OUTSIDE), rim, s)
        if oracle.heavy:
            # over heavy terrain the cost is not the length: every sample is a node, slid later
            for rim, run in self.windows:
                for s in run[1:-1]:
                    self._node(rim, s, rim.at(s, OUTSIDE), heavy=True)

    def reached(self, b: Point) -> bool:
        """Whether a first leg may end at b: within the allowance, clear of
        everything, through the terrain until its base is first clear there."""
        o = self.oracle
        if math.dist(o.start, b) > o.limit or o.clearance(b) < 0.0:
            return False
        return o.start_segment(o.start, b) == (True, False)

    def _stretches(self, rim: Rim) -> list[tuple[Rim, float]]:
        """Sample the rim; record the runs the first leg reaches as windows; answer
        the ends of the runs (halved down to where reaching starts or stops)."""
        o = self.oracle
        count = max(3, math.ceil(rim.length / EXIT_STEP))
        ss = [rim.length * j / count for j in range(count)]
        near = [math.dist(o.start, rim.at(s)) <= o.limit + EXIT_STEP for s in ss]
        if not any(near):
            return []
        ok = [near[j] and self.reached(rim.at(s, OUTSIDE)) for j, s in enumerate(ss)]
        if all(ok):  # round the whole rim: a least near its start is inside the run too
            self.windows.append((rim, [ss[-1] - rim.length, *ss, rim.length, rim.length + ss[1]]))
            return []
        ends = []
        first = ok.index(False)
        run: list[float] = []
        for step in range(1, count + 1):
            i, j = (first + step - 1) % count, (first + step) % count
            lo, hi = ss[i], ss[j] if j > i else ss[j] + rim.length
            if ok[j] and not ok[i]:
                end = self._edge(rim, hi, lo)
                ends.append((rim, end))
                run = [end, hi]
            elif ok[j] and ok[i]:
                run.append(hi)
            elif ok[i] and not ok[j]:
                end = self._edge(rim, lo, hi)
                ends.append((rim, end))
                run.append(end)
                self.windows.append((rim, run))
                run = []
        return ends

    def _edge(self, rim: Rim, inside: float, outside: float) -> float:
        """Between a place the first leg reaches and one it does not: where it stops."""
        for _ in range(50):
            mid = (inside + outside) / 2
            if self.reached(rim.at(mid, OUTSIDE)):
                inside = mid
            else:
                outside = mid
        return inside

    def _grazes(self) -> list[Point]:
        """1: past every circle a leg from the start touches while the base is still
        on the terrain, where the base is first clear."""
        o = self.oracle
        s = o.start
        found = []
        for circle in o.circles:
            for t in tangent_points(s, circle.centre, circle.radius):
                if math.dist(s, t) > o.limit or o.start_segment(s, t) != (True, True):
                    continue
                length = math.dist(s, t)
                u = ((t[0] - s[0]) / length, (t[1] - s[1]) / length)
                far = (s[0] + u[0] * o.limit, s[1] + u[1] * o.limit)
                share = clear_at(o.leaving_parts, o.r, s, far)
                if share < 1.0:
                    out = share * o.limit + OUTSIDE
                    found.append((s[0] + u[0] * out, s[1] + u[1] * out))
        return found

    def _node(self, rim: Rim | None, s: float, b: Point, heavy: bool = False) -> int | None:
        """A bend at b (s along the rim), joined from the start (None: no first leg
        ends there)."""
        o = self.oracle
        if not self.reached(b):
            return None
        i = o._node(b)
        o.edges[0].append((i, o.segment_cost(o.start, b)))
        self.bends.add(b)
        if rim is not None:
            self.on_rim[b] = (rim, s)
        if heavy:
            o.heavy_nodes.append(i)
        return i

    def _fixed(self, b: Point, rim: Rim | None = None, s: float = 0.0) -> None:
        """A bend joined to every circle by the tangents from it (like the start)."""
        o = self.oracle
        i = self._node(rim, s, b, heavy=bool(o.heavy))
        if i is None:
            return
        self.fixed.append(i)
        spent = math.dist(o.start, b)
        for k, circle in enumerate(o.circles):
            if not circle.free:
                continue
            for t in tangent_points(b, circle.centre, circle.radius):
                theta = math.atan2(t[1] - circle.centre[1], t[0] - circle.centre[0])
                if spent + math.dist(b, t) > o.limit or circle.interval(theta) is None or not o.segment_clear(b, t):
                    continue
                o._join(i, o._node(t, k, theta), o.segment_cost(b, t))

    def bends_on(self, points: Sequence[Point]) -> bool:
        """Whether a way (its points from the start) bends first at one of these."""
        return len(points) > 2 and points[1] in self.bends

    def place_of(self, b: Point) -> tuple[Rim, float] | None:
        """The rim and the place along it of a bend node at b (None: b is none)."""
        return self.on_rim.get(b)

    def slide(self, place: tuple[Rim, float], after: Point) -> tuple[tuple[Rim, float], Point, float] | None:
        """The bend at `place` slid along its rim to where start-bend-after costs
        least (over heavy terrain): (new place, bend, cost); None: no better."""
        o = self.oracle
        rim, s0 = place

        def cost(s: float) -> float:
            x = rim.at(s, OUTSIDE)
            return o.segment_cost(o.start, x) + o.segment_cost(x, after)

        s, value = golden(cost, s0 - 2 * EXIT_STEP, s0 + 2 * EXIT_STEP)
        x = rim.at(s, OUTSIDE)
        if value < cost(s0) - 1e-9 and self.reached(x) and o.segment_clear(x, after):
            return (rim, s), x, value
        return None
