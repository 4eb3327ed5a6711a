"""Tangents between rounded convex bodies, and walks round them: the plane
geometry of cheapest routes (routing builds its graph from these).

Everything a base of radius r may not overlap, grown by r, is a convex rounded
*body*: another warrior is a disc (its radius + r), a convex part of terrain the
move may not enter is the part with its corners rounded by r. The cheapest way
between two points round such bodies is made of straight segments that touch the
bodies (or end at the start or goal) and of stretches along their outlines: arcs
round the rounded corners and the straight sides between them.

A move is a path of straight segments, so an arc is walked as straight segments
just outside it, each touching the arc and turning by at most ARC_TURN: a segment
turning by t is 2 tan(t/2) / t times the arc it stands for (about 1 + t**2 / 12).
ARC_TURN is the largest turn for which that is at most 1 + TOLERANCE_PER_MM, so a
path found is at most 0.0025 mm longer per 10 cm of path than the shortest one there
is (its arcs are never longer than the path; ARC_TURN is about 0.99 degrees). The
reach charges its walks round arcs as the paths walk them (sweeps.WALKED), so that
much of a walk round a base's rim lies between its edge and the cheapest way's: a
quarter of the 0.01 mm it is drawn to, beside the heavy margin and the chords' sag.

- `Body` (`disc_body`, `rounded_body`, `point_body`), `Line`, `tangent_lines(bodies,
  i, j)`: the segments leaving body i and touching body j.
- `Walk`, `walk_points(body, ...)`: the straight segments walking an outline.
- `Core`, `near_pairs`: obstacles before growing, and where gaps between them begin.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.planar import Point, Polygon

TAU = 2.0 * math.pi
#: how much longer than the shortest path a found path may be, per mm of path
TOLERANCE_PER_MM = 0.0025 / 100.0


def _largest_turn(tolerance: float) -> float:
    """The largest turn t of a segment walking an arc just outside it for which the
    segment is at most (1 + tolerance) times the arc: 2 tan(t/2) / t = 1 + tolerance."""
    low, high = 0.0, math.pi / 2
    for _ in range(100):
        t = (low + high) / 2
        low, high = (t, high) if 2 * math.tan(t / 2) / t <= 1 + tolerance else (low, t)
    return low


#: largest turn of one straight segment walking an arc (radians)
ARC_TURN = _largest_turn(TOLERANCE_PER_MM)


# -- bodies -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Body:
    """A grown obstacle, or a point where paths may bend.

    A rounded convex body has `corners` (centres of its rounded corners) of
    `radius`; corner i owns the outward directions from `starts[i]` over `widths[i]`
    (radians), and its arc begins `offsets[i]` mm along the outline. A disc is one
    corner owning every direction. A point (`point` True) has radius 0 and no
    outline: the start, the goal, a node in a narrow gap or on heavy terrain's
    outline (`normal`, `sides`).
    """

    owner: str
    corners: tuple[Point, ...]
    radius: float
    starts: tuple[float, ...]
    widths: tuple[float, ...]
    offsets: tuple[float, ...]
    perimeter: float
    centre: Point
    reach: float
    point: bool = False
    blocked: frozenset[str] = frozenset()
    #: a point on heavy terrain's outline: the outline's outward normal there, and
    #: the directions along the outline from it (two; at a corner, to both neighbours)
    normal: Point | None = None
    sides: tuple[float, ...] = ()
    #: how far the outline runs in each of those directions (to the next corner)
    lengths: tuple[float, ...] = ()

    @property
    def mid_side(self) -> bool:
        """A point of heavy terrain's outline between two of its corners (its two
        directions along the outline opposite)."""
        return self.normal is not None and abs(abs((self.sides[1] - self.sides[0]) % TAU - math.pi)) <= 1e-9

    def at(self, corner: int, angle: float) -> Point:
        """The point of the outline in outward direction `angle` at a corner."""
        c = self.corners[corner]
        if self.point:
            return c
        return (c[0] + self.radius * math.cos(angle), c[1] + self.radius * math.sin(angle))

    def side_after(self, corner: int, orient: int) -> tuple[Point, Point, int]:
        """The straight side walked from a corner's arc on to the next corner's
        (going round the way `orient` turns): its two ends and the next corner."""
        nxt = (corner + orient) % len(self.corners)
        a = self.at(corner, self.starts[corner] + (self.widths[corner] if orient > 0 else 0.0))
        b = self.at(nxt, self.starts[nxt] + (0.0 if orient > 0 else self.widths[nxt]))
        return a, b, nxt

    def along(self, corner: int, angle: float) -> float:
        """How far along the outline (from corner 0's arc) that point lies."""
        turn = (angle - self.starts[corner]) % TAU
        width = self.widths[corner]
        if turn > width:
            # a hair before the corner's first direction (float noise), or past its last
            turn = 0.0 if turn > width + (TAU - width) / 2 else width
        return self.offsets[corner] + self.radius * turn


def disc_body(owner: str, centre: Point, radius: float) -> Body:
    return Body(owner, (centre,), radius, (0.0,), (TAU,), (0.0,), TAU * radius, centre, radius)


def rounded_body(owner: str, part: Polygon, radius: float) -> Body:
    """A convex part (positive orientation) with its corners rounded by `radius`."""
    n = len(part)
    normals = []
    for i in range(n):
        a, b = part[i], part[(i + 1) % n]
        normals.append(math.atan2(-(b[0] - a[0]), b[1] - a[1]))  # outward normal of edge i
    starts, widths, offsets = [], [], []
    along = 0.0
    for i in range(n):
        start = normals[i - 1]
        width = (normals[i] - start) % TAU
        if width > math.pi:
            width = 0.0  # a reflex corner from float noise
        starts.append(start)
        widths.append(width)
        offsets.append(along)
        along += radius * width + math.dist(part[i], part[(i + 1) % n])
    centre, reach = planar.bounding_circle(part)
    return Body(owner, tuple(part), radius, tuple(starts), tuple(widths), tuple(offsets), along, centre, reach + radius)


def point_body(
    owner: str,
    p: Point,
    blocked: frozenset[str] = frozenset(),
    normal: Point | None = None,
    sides: tuple[float, ...] = (),
    lengths: tuple[float, ...] = (),
) -> Body:
    return Body(owner, (p,), 0.0, (0.0,), (TAU,), (0.0,), 0.0, p, 0.0, True, blocked, normal, sides, lengths)


def _in_range(angle: float, start: float, width: float, tol: float = 1e-9) -> bool:
    turn = (angle - start) % TAU
    return turn <= width + tol or turn >= TAU - tol


def _overlap(s1: float, w1: float, s2: float, w2: float) -> bool:
    """Whether two ranges of directions share a direction."""
    d = (s2 - s1) % TAU
    return d <= w1 + 1e-9 or TAU - d <= w2 + 1e-9


# -- lines between bodies --------------------------------------------------------------------------


@dataclass
class Line:
    """A straight segment leaving body `a` at corner `ca`, outward direction
    `angle_a`, going round it with orientation `oa` (+1: the body on the left, the
    outline walked with growing angle; -1 the other way; 0 for a point), arriving
    at body `b` likewise. `cost` and `blockers` are filled in when first needed."""

    a: int
    ca: int
    angle_a: float
    oa: int
    b: int
    cb: int
    angle_b: float
    ob: int
    start: Point
    end: Point
    length: float
    cost: float | None = None

    def reversed(self) -> Line:
        return Line(
            self.b,
            self.cb,
            self.angle_b,
            -self.ob,
            self.a,
            self.ca,
            self.angle_a,
            -self.oa,
            self.end,
            self.start,
            self.length,
            self.cost,
        )


def _tangent(ca: Point, ra: float, cb: Point, rb: float) -> tuple[float, float] | None:
    """The common tangent leaving circle (ca, |ra|) and reaching circle (cb, |rb|)
    where a signed radius gives the side (positive: the circle on the left of the
    way): (angle of the right-hand normal n, length). The touching points are
    ca + ra n and cb + rb n."""
    dx, dy = cb[0] - ca[0], cb[1] - ca[1]
    d = math.hypot(dx, dy)
    k = ra - rb
    if d <= abs(k) + 1e-12:
        return None
    nu = math.atan2(dy, dx) - math.acos(k / d)
    return nu, math.sqrt(d * d - k * k)


def _step_out(p: Point, body: Body) -> list[tuple[int, float, int]] | None:
    """Where a path from p joins the body's outline when p lies on or within it (a
    base touching the obstacle): the outline point nearest to p, as (corner,
    direction, orientation) for either way round; None when p lies outside. A point
    on a straight side is joined at the end of that side the walk goes on from, so
    the walk never doubles back."""
    if len(body.corners) == 1:
        c = body.corners[0]
        d = math.dist(p, c)
        if d > body.radius + 1e-9 or d == 0.0:
            return None
        angle = math.atan2(p[1] - c[1], p[0] - c[0])
        return [(0, angle, 1), (0, angle, -1)]
    part = body.corners
    if planar.point_convex_signed_distance(p, part) > body.radius + 1e-9:
        return None
    n = len(part)
    best: tuple[float, int, Point] | None = None
    for i in range(n):
        q = planar.closest_on_segment(p, part[i], part[(i + 1) % n])
        d = math.dist(p, q)
        if best is None or d < best[0]:
            best = (d, i, q)
    assert best is not None, "a body has at least one corner"
    d, i, q = best
    for corner in (i, (i + 1) % n):
        if math.dist(q, part[corner]) < 1e-9:
            if d == 0.0:
                return None
            v = part[corner]
            angle = math.atan2(p[1] - v[1], p[0] - v[0])
            return [(corner, angle, 1), (corner, angle, -1)]
    following = (i + 1) % n
    return [(following, body.starts[following], 1), (i, body.starts[i] + body.widths[i], -1)]


def tangent_lines(bodies: list[Body], i: int, j: int) -> list[Line]:
    """Every segment tangent to both bodies (touching each inside the directions its
    corners own), from body i to body j. From a point within a body's margin (a
    base touching it) to that body: the short step straight out to its outline."""
    A, B = bodies[i], bodies[j]
    if A.point and B.point:
        # (the loop below for two points, done at once: a tangent graph has hundreds)
        ca, cb = A.corners[0], B.corners[0]
        dx, dy = cb[0] - ca[0], cb[1] - ca[1]
        d = math.hypot(dx, dy)
        if d <= 1e-12:
            return []
        nu = math.atan2(dy, dx) - math.pi / 2  # (acos(0): the radii are both 0)
        length = math.sqrt(d * d)
        return [] if length <= 1e-9 else [Line(i, 0, nu, 0, j, 0, nu, 0, ca, cb, length)]
    if A.point != B.point:
        p_index, b_index = (i, j) if A.point else (j, i)
        p, body = bodies[p_index].corners[0], bodies[b_index]
        near = _step_out(p, body)
        if near is not None:
            steps = [
                Line(
                    p_index,
                    0,
                    0.0,
                    0,
                    b_index,
                    corner,
                    angle,
                    o,
                    p,
                    body.at(corner, angle),
                    math.dist(p, body.at(corner, angle)),
                )
                for corner, angle, o in near
            ]
            return steps if A.point else [line.reversed() for line in steps]
    found = []
    for oa in (0,) if A.point else (1, -1):
        for ob in (0,) if B.point else (1, -1):
            flip = math.pi if oa * ob < 0 else 0.0
            for ia, ca in enumerate(A.corners):
                for ib, cb in enumerate(B.corners):
                    if (
                        not A.point
                        and not B.point
                        and not _overlap(A.starts[ia], A.widths[ia], B.starts[ib] + flip, B.widths[ib])
                    ):
                        continue
                    touching = _tangent(ca, oa * A.radius, cb, ob * B.radius)
                    if touching is None:
                        continue
                    nu, length = touching
                    if length <= 1e-9:
                        continue
                    angle_a = nu if oa >= 0 else nu + math.pi
                    angle_b = nu if ob >= 0 else nu + math.pi
                    if not A.point and not _in_range(angle_a, A.starts[ia], A.widths[ia]):
                        continue
                    if not B.point and not _in_range(angle_b, B.starts[ib], B.widths[ib]):
                        continue
                    found.append(
                        Line(i, ia, angle_a, oa, j, ib, angle_b, ob, A.at(ia, angle_a), B.at(ib, angle_b), length)
                    )
    return found


# -- walking round a body ------------------------------------------------------------------------


@dataclass
class Walk:
    """A stretch along a body's outline, as the straight segments that walk it:
    `points` from the first touching point to the last (the corners between lie
    just outside the arcs), with its length and cost."""

    points: tuple[Point, ...]
    length: float
    cost: float


def arc_points(centre: Point, radius: float, start: float, turn: float) -> list[Point]:
    """Corners of the straight segments walking an arc from direction `start` by
    `turn` (signed), each segment touching the arc."""
    if abs(turn) < 1e-12:
        return []
    count = max(1, math.ceil(abs(turn) / ARC_TURN - 1e-9))
    step = turn / count
    outer = radius / math.cos(step / 2)
    return [
        (centre[0] + outer * math.cos(start + (k + 0.5) * step), centre[1] + outer * math.sin(start + (k + 0.5) * step))
        for k in range(count)
    ]


def walk_points(body: Body, c1: int, a1: float, c2: int, a2: float, orient: int) -> tuple[list[Point], float]:
    """The corners walking body's outline from (c1, a1) to (c2, a2) with orientation
    `orient`, and the length of the outline walked."""
    s1, s2 = body.along(c1, a1), body.along(c2, a2)
    total = ((s2 - s1) if orient > 0 else (s1 - s2)) % body.perimeter if body.perimeter > 0 else 0.0
    if total > body.perimeter - 1e-9:
        total = 0.0
    points: list[Point] = []
    if total == 0.0:
        return points, 0.0
    n = len(body.corners)
    r = body.radius
    corner = c1
    # how far into its arc (radians from the corner's first direction) the walk is
    turned = (body.along(c1, a1) - body.offsets[c1]) / r
    left = total
    for _step in range(n + 2):
        start, width = body.starts[corner], body.widths[corner]
        room = (width - turned) if orient > 0 else turned  # what is left of this corner's arc
        if corner == c2 and left <= r * room + 1e-7:
            points += arc_points(body.corners[corner], r, start + turned, orient * left / r)
            break
        points += arc_points(body.corners[corner], r, start + turned, orient * room)
        left -= r * room
        # then the straight side to the next corner
        nxt = (corner + orient) % n
        left -= math.dist(body.corners[corner], body.corners[nxt]) if n > 1 else 0.0
        corner = nxt
        turned = 0.0 if orient > 0 else body.widths[corner]
        if left <= 1e-9:
            break
    return points, total


@dataclass(frozen=True)
class Core:
    """An obstacle before growing: a disc (one point, radius) or a convex part."""

    owner: str
    core: Polygon
    radius: float


def near_pairs(p: Core, q: Core) -> list[tuple[Point, Point, float]]:
    """Pairs (point of p, point of q, distance) from each corner of one core to
    the nearest point of the other: where narrow gaps between them begin and end."""
    found = []
    for a_poly, b_poly, swap in ((p.core, q.core, False), (q.core, p.core, True)):
        m = len(b_poly)
        for v in a_poly:
            if m == 1:
                c = b_poly[0]
            elif m >= 3 and planar.point_in_convex(v, b_poly):
                continue
            else:
                c = min(
                    (planar.closest_on_segment(v, b_poly[j], b_poly[(j + 1) % m]) for j in range(m)),
                    key=lambda c: math.dist(v, c),
                )
            d = math.dist(v, c)
            found.append((c, v, d) if swap else (v, c, d))
    return found
