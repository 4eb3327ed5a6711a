"""Cheapest routes of a base centre: the tangent graph over the grown obstacles.

Everything a base of radius r may not overlap, grown by r, is a convex rounded
*body*: another warrior is a disc (its radius + r), a convex part of terrain the
move may not enter is the part with its corners rounded by r. The cheapest way
between two points round such bodies is made of straight segments that touch the
bodies (or end at the start or goal) and of stretches along their outlines: arcs
round the rounded corners and the straight sides between them. The tangent graph
has a node wherever such a segment touches a body; A* over it finds the cheapest
way exactly (Euclidean distance to the goal is the estimate, so the first way to
the goal is the cheapest).

A move is a path of straight segments, so an arc is walked as straight segments
just outside it, each touching the arc and turning by at most ARC_TURN: that makes
the path longer than the ideal curve by at most (length of the arcs) x
ARC_TURN**2 / 12, under 0.041 mm per 10 cm of arc. So the path found is at most
0.05 mm longer per 10 cm of path than the shortest one there is
(`TOLERANCE_PER_MM`).

Heavy terrain (each mm costs X): the cheapest path bends where it enters or
leaves heavy terrain (Snell's law). Corners of heavy terrain and points every
HEAVY_STEP along its outline are nodes of the graph, so the search sees ways
across; afterwards every point where the path crosses an outline is slid along
that outline to the cheapest place (to SLIDE_TOLERANCE), with its neighbours
following. That is a local refinement: where two ways across heavy terrain cost
within a few tenths of a millimetre of each other, the one found may not be the
cheaper.

Exactness: the bodies are the obstacles grown by exactly r, while the shapes every
segment is checked against (`Table.grown`) are grown by r - EPS, so segments
touching a body are free and float noise (far below EPS) cannot block them. Where
two grown obstacles touch (a gap exactly as wide as the base), no common tangent
passes between them, so a node in the gap lets paths through and bend there.

Main entries: `route(table, model_id, goal, limit)` -> (points, cost) or None;
`contact_route(table, model_id, target_id, limit)` (ending in contact);
`spread(table, model_id, limit)` (every node within the limit, for the reach);
`refine(table, points, clear)` (heavy terrain's crossings). `router(table,
radius)` is built once per table version and base radius.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable
from dataclasses import dataclass

import pymunk

from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.costs import Heavy, heavy_parts, heavy_pieces, segment_cost
from tabletop.games.skirmish.table.planar import EPS, Point, Polygon
from tabletop.games.skirmish.table.table import GrownSpace, Table

TAU = 2.0 * math.pi
#: largest turn of one straight segment walking an arc (radians)
ARC_TURN = math.radians(4.0)
#: how much longer than the shortest path a found path may be, per mm of path
TOLERANCE_PER_MM = 0.05 / 100.0
#: nodes lie this far apart along the outlines of heavy terrain (mm)
HEAVY_STEP = 10.0
#: crossing points of heavy terrain are placed this exactly (mm)
SLIDE_TOLERANCE = 0.005
#: gaps narrower than this between obstacles get a node in the middle (mm): where two
#: grown obstacles touch (a base fitting a gap exactly) no common tangent passes between
WINDOW = 1e-6

_ALL = pymunk.ShapeFilter()


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

    def at(self, corner: int, angle: float) -> Point:
        """The point of the outline in outward direction `angle` at a corner."""
        c = self.corners[corner]
        if self.point:
            return c
        return (c[0] + self.radius * math.cos(angle), c[1] + self.radius * math.sin(angle))

    def along(self, corner: int, angle: float) -> float:
        """How far along the outline (from corner 0's arc) that point lies."""
        turn = (angle - self.starts[corner]) % TAU
        width = self.widths[corner]
        if turn > width:
            # a hair before the corner's first direction (float noise), or past its last
            turn = 0.0 if turn > width + (TAU - width) / 2 else width
        return self.offsets[corner] + self.radius * turn


def _disc(owner: str, centre: Point, radius: float) -> Body:
    return Body(owner, (centre,), radius, (0.0,), (TAU,), (0.0,), TAU * radius, centre, radius)


def _rounded(owner: str, part: Polygon, radius: float) -> Body:
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


def _point(
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
    blockers: frozenset[str] | None = None

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
            self.blockers,
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


def _lines(bodies: list[Body], i: int, j: int) -> list[Line]:
    """Every segment tangent to both bodies (touching each inside the directions its
    corners own), from body i to body j. From a point within a body's margin (a
    base touching it) to that body: the short step straight out to its outline."""
    A, B = bodies[i], bodies[j]
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
    just outside the arcs), with its length, cost and what it would overlap."""

    points: tuple[Point, ...]
    length: float
    cost: float
    blockers: frozenset[str]


def _arc_points(centre: Point, radius: float, start: float, turn: float) -> list[Point]:
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


def _walk_points(body: Body, c1: int, a1: float, c2: int, a2: float, orient: int) -> tuple[list[Point], float]:
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
            points += _arc_points(body.corners[corner], r, start + turned, orient * left / r)
            break
        points += _arc_points(body.corners[corner], r, start + turned, orient * room)
        left -= r * room
        # then the straight side to the next corner
        nxt = (corner + orient) % n
        left -= math.dist(body.corners[corner], body.corners[nxt]) if n > 1 else 0.0
        corner = nxt
        turned = 0.0 if orient > 0 else body.widths[corner]
        if left <= 1e-9:
            break
    return points, total


# -- the graph ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Core:
    """An obstacle before growing: a disc (one point, radius) or a convex part."""

    owner: str
    core: Polygon
    radius: float


def near_pairs(p: _Core, q: _Core) -> list[tuple[Point, Point, float]]:
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


def windows(table: Table, cores: list[_Core], radius: float, window: float) -> list[tuple[Point, frozenset[str]]]:
    """A point in the middle of every gap narrower than `window` between two grown
    obstacles, or between one and the table edge, so paths can pass (and bend) there."""
    found = []
    boxes = []
    for c in cores:
        left, top, right, bottom = planar.bounds(c.core)
        boxes.append((left - c.radius, top - c.radius, right + c.radius, bottom + c.radius))
    reach = 2 * radius + window
    w, h = table.width, table.height
    for i, p in enumerate(cores):
        pl, pt, pr, pb = boxes[i]
        for j in range(i + 1, len(cores)):
            q = cores[j]
            if p.owner == q.owner:
                continue
            ql, qt, qr, qb = boxes[j]
            if ql > pr + reach or pl > qr + reach or qt > pb + reach or pt > qb + reach:
                continue
            for a, b, d in near_pairs(p, q):
                gap = d - p.radius - q.radius - 2 * radius
                if -2 * EPS <= gap < window and d > 0.0:
                    f = (p.radius + radius + gap / 2) / d
                    found.append(((a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f), frozenset((p.owner, q.owner))))
        for v in p.core:
            for (x, y), (nx, ny), limit in (
                ((v[0], 0.0), (0, 1), v[1]),
                ((v[0], h), (0, -1), h - v[1]),
                ((0.0, v[1]), (1, 0), v[0]),
                ((w, v[1]), (-1, 0), w - v[0]),
            ):
                gap = limit - p.radius - 2 * radius
                if -2 * EPS <= gap < window:
                    step = radius + gap / 2
                    found.append(((x + nx * step, y + ny * step), frozenset((p.owner,))))
    return found


def cores(table: Table) -> list[_Core]:
    """Every obstacle to bases before growing: warriors' discs and the convex parts
    of terrain a move may not enter."""
    found = [_Core(m.id, (m.position,), m.radius) for m in table.models.values()]
    for piece in table.pieces.values():
        if not table.effect(piece.id).passable:
            found += [_Core(piece.id, part, 0.0) for part in piece.parts]
    return found


def _outline_points(outline: Polygon, step: float) -> list[tuple[Point, Point, tuple[float, ...], tuple[float, ...]]]:
    """Corners of an outline (positive orientation) and points about `step` apart
    on its sides: each with the outward normal there, the directions along the
    outline from it and how far the outline runs straight that way."""
    found: list[tuple[Point, Point, tuple[float, ...], tuple[float, ...]]] = []
    n = len(outline)
    for i in range(n):
        a, b = outline[i], outline[(i + 1) % n]
        ex, ey = b[0] - a[0], b[1] - a[1]
        length = math.hypot(ex, ey)
        if length == 0.0:
            continue
        normal = (ey / length, -ex / length)
        forward = math.atan2(ey, ex)
        before = outline[i - 1]
        back = math.atan2(before[1] - a[1], before[0] - a[0])
        count = max(1, math.ceil(length / step))
        for k in range(count):
            t = k / count
            sides = (forward, back) if k == 0 else (forward, forward + math.pi)
            lengths = (length, math.dist(a, before)) if k == 0 else (length * (1 - t), length * t)
            found.append(((a[0] + ex * t, a[1] + ey * t), normal, sides, lengths))
    return found


class Router:
    """The tangent graph for bases of one radius on one table version: bodies,
    the lines between them and the walks round them, each built when first needed
    and kept (the table's cache drops the router when anything changes)."""

    def __init__(self, table: Table, radius: float) -> None:
        self.table = table
        self.radius = radius
        self.grown: GrownSpace = table.grown(radius)
        self.heavy: list[Heavy] = heavy_parts(table)
        grow = radius  # exactly: the shapes checked against are EPS smaller (see Exactness)
        bodies: list[Body] = []
        for model in table.models.values():
            bodies.append(_disc(model.id, model.position, model.radius + grow))
        for piece in table.pieces.values():
            if not table.effect(piece.id).passable:
                bodies += [_rounded(piece.id, part, grow) for part in piece.parts]
        w, h = table.width, table.height
        inside = (radius, radius, w - radius, h - radius)
        for point, owners in windows(table, cores(table), radius, WINDOW):
            bodies.append(_point("", point, self._blocked(point, inside) - owners))
        for piece in table.pieces.values():
            cost = table.effect(piece.id).crossing_cost
            if cost is not None and cost > 1.0:
                for point, normal, sides, lengths in _outline_points(piece.outline, HEAVY_STEP):
                    blocked = self._blocked(point, inside)
                    if "edge" not in blocked:
                        bodies.append(_point("", point, blocked, normal, sides, lengths))
        self.bodies = bodies
        self.lines: dict[tuple[int, int], list[Line]] = {}
        self.walks: dict[tuple[int, int, float, int, float, int], Walk] = {}

    def _blocked(self, p: Point, inside: tuple[float, float, float, float]) -> frozenset[str]:
        """What a base centred at p would overlap (every element, none ignored)."""
        if not (inside[0] - EPS <= p[0] <= inside[2] + EPS and inside[1] - EPS <= p[1] <= inside[3] + EPS):
            return frozenset(("edge",))
        return frozenset(
            self.grown.shape_owner[i.shape] for i in self.grown.space.point_query(p, 0.0, _ALL) if i.distance < 0.0
        )

    # -- lines and walks, kept between queries -----------------------------------------------

    def lines_between(self, i: int, j: int) -> list[Line]:
        found = self.lines.get((i, j))
        if found is None:
            found = _lines(self.bodies, i, j)
            self.lines[(i, j)] = found
            self.lines[(j, i)] = [line.reversed() for line in found]
        return found

    def line_cost(self, line: Line) -> float:
        if line.cost is None:
            line.cost = segment_cost(line.start, line.end, self.heavy)
        return line.cost

    def line_blockers(self, line: Line) -> frozenset[str]:
        if line.blockers is None:
            line.blockers = self.grown.owners_hit(line.start, line.end)
        return line.blockers

    def walk_length(self, body_index: int, c1: int, a1: float, c2: int, a2: float, orient: int) -> float:
        """Length of the outline walked (a lower bound of the walk's cost), cheaply."""
        body = self.bodies[body_index]
        if body.perimeter <= 0.0:
            return 0.0
        s1, s2 = body.along(c1, a1), body.along(c2, a2)
        total = ((s2 - s1) if orient > 0 else (s1 - s2)) % body.perimeter
        return 0.0 if total > body.perimeter - 1e-9 else total

    def walk(self, body_index: int, c1: int, a1: float, c2: int, a2: float, orient: int) -> Walk:
        key = (body_index, c1, a1, c2, a2, orient)
        found = self.walks.get(key)
        if found is None:
            body = self.bodies[body_index]
            first, last = body.at(c1, a1), body.at(c2, a2)
            corners, length = _walk_points(body, c1, a1, c2, a2, orient)
            points = (first, *corners, last)
            cost = 0.0
            blockers: set[str] = set()
            for p, q in zip(points, points[1:], strict=False):
                cost += segment_cost(p, q, self.heavy)
                blockers |= self.grown.owners_hit(p, q)
            found = Walk(points, length, cost, frozenset(blockers))
            self.walks[key] = found
        return found


def router(table: Table, radius: float) -> Router:
    """The table's tangent graph for bases of `radius` (cached until the table changes)."""
    return table.cached(f"router {radius:.6f}", lambda: Router(table, radius))


# -- the search ---------------------------------------------------------------------------------------

# a node: (body, corner, outward angle, orientation); a point body has (body, 0, 0.0, 0)
Node = tuple[int, int, float, int]


@dataclass
class Step:
    """How the cheapest way reached a node: from node `prev`, walking its body
    (`walk`, None at a point), then along `line`."""

    prev: Node | None
    line: Line | None
    walk: Walk | None
    cost: float


@dataclass
class Finish:
    """A way to end from a node: along `line` (leaving the node's body) up to
    `end`, which may lie short of the line's end (a charge stops at contact)."""

    line: Line
    end: Point


class Query:
    """Searches from `start` over a router's bodies for the model `mover` (whose
    own disc is no obstacle to it). `start_clear(a, b)`: whether a segment from the
    start is free (a warrior leaving terrain it stands in passes through it)."""

    def __init__(self, graph: Router, mover: str, start: Point, start_clear: Callable[[Point, Point], bool]) -> None:
        self.graph = graph
        self.mover = mover
        self.start = start
        self.allowed = frozenset((mover,))
        self.start_clear = start_clear
        self.bodies = list(graph.bodies)
        self.extra: dict[tuple[int, int], list[Line]] = {}
        #: nodes of this search alone, besides the start and goal
        self.extra_bodies: list[int] = []
        self.s = self.add(_point("start", start))

    def add(self, body: Body) -> int:
        """A body of this query only (the start, a goal)."""
        self.bodies.append(body)
        return len(self.bodies) - 1

    def usable(self, index: int) -> bool:
        body = self.bodies[index]
        if body.owner == self.mover or index == self.s:
            return False
        return not body.point or body.blocked <= self.allowed

    def feet(self, p: Point, limit: float) -> None:
        """Where p lies in heavy terrain, the nearest points of the outlines about
        it (the cheapest ways out of it, or in to p) become nodes of this search."""
        heavy = self.graph.heavy
        if not any(
            h.box[0] <= p[0] <= h.box[2] and h.box[1] <= p[1] <= h.box[3] and planar.point_in_convex(p, h.part)
            for h in heavy
        ):
            return
        table = self.graph.table
        radius = self.graph.radius
        inside = (radius, radius, table.width - radius, table.height - radius)
        for piece in table.pieces.values():
            cost = table.effect(piece.id).crossing_cost
            if cost is None or cost <= 1.0:
                continue
            outline = piece.outline
            n = len(outline)
            for i in range(n):
                a, b = outline[i], outline[(i + 1) % n]
                foot = planar.closest_on_segment(p, a, b)
                length = math.dist(a, b)
                if length == 0.0 or math.dist(p, foot) > limit or min(math.dist(foot, a), math.dist(foot, b)) < 1e-6:
                    continue
                ex, ey = (b[0] - a[0]) / length, (b[1] - a[1]) / length
                blocked = self.graph._blocked(foot, inside)
                if "edge" in blocked:
                    continue
                forward = math.atan2(ey, ex)
                self.extra_bodies.append(
                    self.add(
                        _point(
                            "",
                            foot,
                            blocked,
                            (ey, -ex),
                            (forward, forward + math.pi),
                            (math.dist(foot, b), math.dist(foot, a)),
                        )
                    )
                )

    def near(self, limit: float, goal: Point | None = None) -> list[int]:
        """The bodies a path costing at most `limit` could touch: within the
        ellipse about the start and the goal, or the disc about the start; and the
        nodes of this search alone (`feet`)."""
        s = self.start
        found = [i for i in self.extra_bodies if self.usable(i)]
        for i in range(len(self.graph.bodies)):
            body = self.bodies[i]
            if not self.usable(i):
                continue
            c, reach = body.centre, body.reach
            far = (
                math.dist(s, c)
                + (math.dist(c, goal) if goal is not None else 0.0)
                - (2 if goal is not None else 1) * reach
            )
            if far <= limit:
                found.append(i)
        return found

    def lines(self, i: int, j: int) -> list[Line]:
        n = len(self.graph.bodies)
        if i < n and j < n:
            return self.graph.lines_between(i, j)
        found = self.extra.get((i, j))
        if found is None:
            found = _lines(self.bodies, i, j)
            self.extra[(i, j)] = found
        return found

    def line_cost(self, line: Line) -> float:
        return self.graph.line_cost(line)

    def clear(self, line: Line, end: Point | None = None) -> bool:
        stop = line.end if end is None else end
        if line.a == self.s:
            return self.start_clear(line.start, stop)
        if end is None or end == line.end:
            return self.graph.line_blockers(line) <= self.allowed
        return self.graph.grown.owners_hit(line.start, stop) <= self.allowed

    def here(self, node: Node) -> Point:
        return self.bodies[node[0]].at(node[1], node[2])

    def _leave(
        self, node: Node, g: float, line: Line, end: Point, limit: float, bound: float
    ) -> tuple[float, Walk | None] | None:
        """The cost of ending at `end` along `line` from a node reached at cost g,
        if it stays under `bound` and `limit` and the way is free; else None."""
        a, corner, angle, orient = node
        body = self.bodies[a]
        walk = None
        walked = 0.0
        if not body.point:
            walked = self.graph.walk_length(a, corner, angle, line.ca, line.angle_a, orient)
        straight = math.dist(line.start, end)
        if g + walked + straight > limit or g + walked + straight >= bound:
            return None
        cost = g
        if not body.point:
            walk = self.graph.walk(a, corner, angle, line.ca, line.angle_a, orient)
            cost += walk.cost
        cost += self.line_cost(line) if end == line.end else segment_cost(line.start, end, self.graph.heavy)
        if cost > limit or cost >= bound:
            return None
        if walk is not None and not walk.blockers <= self.allowed:
            return None
        if not self.clear(line, end):
            return None
        return cost, walk

    def search(
        self,
        in_range: list[int],
        limit: float,
        estimate: Callable[[Point], float],
        finishes: Callable[[Node], list[Finish]] | None,
    ) -> tuple[dict[Node, Step], tuple[Finish, Step] | None]:
        """Cheapest ways from the start over the bodies `in_range`, costing at most
        `limit`. With `finishes` (the ways to end from a node): A* towards the
        cheapest end (`estimate` never more than what ending from a point costs),
        returning it. Without: every node within the limit (Dijkstra)."""
        limit = limit + EPS
        start: Node = (self.s, 0, 0.0, 0)
        steps: dict[Node, Step] = {start: Step(None, None, None, 0.0)}
        heap = [(estimate(self.start), 0.0, start)]
        goal_cost = math.inf
        goal: tuple[Finish, Step] | None = None
        closed: set[Node] = set()
        while heap:
            f, g, node = heapq.heappop(heap)
            if f >= goal_cost:
                break
            if node in closed or g > steps[node].cost:
                continue
            closed.add(node)
            a, _corner, _angle, orient = node
            body = self.bodies[a]
            here = self.here(node)
            if finishes is not None:
                for finish in finishes(node):
                    line = finish.line
                    if not body.point and line.oa != orient:
                        continue
                    leave = self._leave(node, g, line, finish.end, limit, goal_cost)
                    if leave is not None:
                        goal_cost = leave[0]
                        goal = (finish, Step(node, line, leave[1], leave[0]))
            for b in in_range:
                if b == a:
                    continue
                for line in self.lines(a, b):
                    if not body.point and line.oa != orient:
                        continue
                    # a point is one node however the path comes to it
                    target: Node = (b, 0, 0.0, 0) if self.bodies[b].point else (b, line.cb, line.angle_b, line.ob)
                    if target in closed:
                        continue
                    h = estimate(line.end)
                    known = steps.get(target)
                    bound = min(known.cost if known is not None else math.inf, goal_cost - h)
                    if g + math.dist(here, line.end) >= bound:
                        continue
                    leave = self._leave(node, g, line, line.end, limit - h, bound)
                    if leave is None:
                        continue
                    cost, walk = leave
                    steps[target] = Step(node, line, walk, cost)
                    heapq.heappush(heap, (cost + h, cost, target))
        return steps, goal

    def path(self, steps: dict[Node, Step], last: Step, end: Point | None) -> list[Point]:
        """The points of the way ending with step `last` (then at `end`)."""
        chain = [last]
        while chain[-1].prev is not None:
            chain.append(steps[chain[-1].prev])
        chain.reverse()
        points: list[Point] = []
        for step in chain:
            if step.prev is None:
                points.append(self.start)
                continue
            body = self.bodies[step.prev[0]]
            if step.prev[0] != self.s:
                if body.point:
                    points.append(body.corners[0])
                elif step.walk is not None:
                    inner = step.walk.points[1:-1]
                    points += inner if inner else [step.walk.points[0]]
            if step is not last:
                continue
        if end is not None:
            points.append(end)
        clean = [points[0]]
        for p in points[1:]:
            if math.dist(p, clean[-1]) > 1e-12:
                clean.append(p)
        return clean


def _start_clear(graph: Router, model_id: str) -> Callable[[Point, Point], bool]:
    query_filter = graph.grown.model_filter(model_id)
    return lambda a, b: graph.grown.first_hit(a, b, query_filter) is None


def route(
    table: Table, model_id: str, goal: Point, limit: float, start_clear: Callable[[Point, Point], bool] | None = None
) -> tuple[list[Point], float] | None:
    """The cheapest path of the model's base centre from where it stands to `goal`
    costing at most `limit`: (points, cost), or None. `start_clear(a, b)` says
    whether a segment from the start is free (default: nothing overlapped)."""
    model = table.models[model_id]
    graph = router(table, model.radius)
    query = Query(graph, model_id, model.position, start_clear or _start_clear(graph, model_id))
    g = query.add(_point("goal", goal))
    query.feet(model.position, limit)
    query.feet(goal, limit)
    in_range = query.near(limit, goal)
    steps, found = query.search(
        in_range,
        limit,
        lambda p: math.dist(p, goal),
        lambda node: [Finish(line, goal) for line in query.lines(node[0], g)],
    )
    if found is None:
        return None
    finish, last = found
    return query.path(steps, last, finish.end), last.cost


def contact_route(
    table: Table, model_id: str, target_id: str, limit: float, start_clear: Callable[[Point, Point], bool] | None = None
) -> tuple[list[Point], float] | None:
    """The cheapest path ending with the base in exact contact with the target's
    base: the last segment heads for the target's centre (tangent to whatever the
    path went round) and stops at contact."""
    model, target = table.models[model_id], table.models[target_id]
    graph = router(table, model.radius)
    query = Query(graph, model_id, model.position, start_clear or _start_clear(graph, model_id))
    centre = target.position
    touch = model.radius + target.radius
    c = query.add(_point("target", centre))
    query.feet(model.position, limit)
    in_range = query.near(limit + touch, centre)

    def finishes(node: Node) -> list[Finish]:
        found = []
        for line in query.lines(node[0], c):
            d = math.dist(line.start, centre)
            if d < touch - 1e-9:
                continue
            k = touch / d
            found.append(
                Finish(line, (centre[0] + (line.start[0] - centre[0]) * k, centre[1] + (line.start[1] - centre[1]) * k))
            )
        return found

    steps, found = query.search(in_range, limit, lambda p: max(0.0, math.dist(p, centre) - touch), finishes)
    if found is None:
        return None
    finish, last = found
    return query.path(steps, last, finish.end), last.cost


def spread(
    table: Table, model_id: str, limit: float, start_clear: Callable[[Point, Point], bool] | None = None
) -> tuple[Query, dict[Node, Step]]:
    """Every node of the tangent graph the model's base centre reaches for at most
    `limit`, with the cheapest way there (for drawing the reach)."""
    model = table.models[model_id]
    graph = router(table, model.radius)
    query = Query(graph, model_id, model.position, start_clear or _start_clear(graph, model_id))
    query.feet(model.position, limit)
    steps, _found = query.search(query.near(limit), limit, lambda p: 0.0, None)
    return query, steps


# -- refining where a path crosses heavy terrain -------------------------------------------------------


@dataclass(frozen=True)
class _Outline:
    """The outline of one piece of heavy terrain, with each corner's distance along it."""

    points: Polygon
    along: tuple[float, ...]
    total: float

    def at(self, s: float) -> Point:
        s %= self.total
        n = len(self.points)
        for i in range(n):
            if s <= self.along[i + 1] or i == n - 1:
                a, b = self.points[i], self.points[(i + 1) % n]
                length = self.along[i + 1] - self.along[i]
                t = (s - self.along[i]) / length if length > 0 else 0.0
                t = min(1.0, max(0.0, t))
                return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        return self.points[0]

    def sides_within(self, lo: float, hi: float) -> list[tuple[float, float]]:
        """The stretch [lo, hi] of distances along the outline (may run past either
        end: it goes round) cut at the corners, one piece per straight side."""
        cuts = [lo]
        base = math.floor(lo / self.total) * self.total
        while base < hi:
            cuts += [base + a for a in self.along if lo < base + a < hi]
            base += self.total
        cuts.append(hi)
        cuts.sort()
        return [(a, b) for a, b in zip(cuts, cuts[1:], strict=False) if b > a]


def _golden(f: Callable[[float], float], lo: float, hi: float) -> float:
    """Where f, convex on [lo, hi], is least (to SLIDE_TOLERANCE), by golden
    section; the ends count too."""
    golden = (math.sqrt(5) - 1) / 2
    x1, x2 = hi - golden * (hi - lo), lo + golden * (hi - lo)
    f1, f2 = f(x1), f(x2)
    a, b = lo, hi
    while b - a > SLIDE_TOLERANCE:
        if f1 <= f2:
            b, x2, f2 = x2, x1, f1
            x1 = b - golden * (b - a)
            f1 = f(x1)
        else:
            a, x1, f1 = x1, x2, f2
            x2 = a + golden * (b - a)
            f2 = f(x2)
    return min((lo, hi, (a + b) / 2), key=f)


def _outlines(table: Table) -> list[_Outline]:
    def build() -> list[_Outline]:
        found = []
        for piece, _cost in heavy_pieces(table):
            pts = piece.outline
            along = [0.0]
            for i in range(len(pts)):
                along.append(along[-1] + math.dist(pts[i], pts[(i + 1) % len(pts)]))
            found.append(_Outline(pts, tuple(along), along[-1]))
        return found

    return table.cached("heavy outlines", build)


def _crossings(a: Point, b: Point, outlines: list[_Outline]) -> list[tuple[float, int, float]]:
    """Where segment a-b crosses the outlines: (fraction along a-b, outline, distance
    along the outline), in order from a."""
    found = []
    dx, dy = b[0] - a[0], b[1] - a[1]
    for k, outline in enumerate(outlines):
        pts = outline.points
        n = len(pts)
        for i in range(n):
            p, q = pts[i], pts[(i + 1) % n]
            ex, ey = q[0] - p[0], q[1] - p[1]
            den = dx * ey - dy * ex
            if abs(den) < 1e-12:
                continue
            t = ((p[0] - a[0]) * ey - (p[1] - a[1]) * ex) / den
            u = ((p[0] - a[0]) * dy - (p[1] - a[1]) * dx) / den
            if 1e-9 < t < 1 - 1e-9 and 0.0 <= u <= 1.0:
                found.append((t, k, outline.along[i] + u * (outline.along[i + 1] - outline.along[i])))
    found.sort()
    return found


def _on_outline(p: Point, outlines: list[_Outline]) -> tuple[int, float] | None:
    for k, outline in enumerate(outlines):
        pts = outline.points
        n = len(pts)
        for i in range(n):
            a, b = pts[i], pts[(i + 1) % n]
            if planar.point_segment_distance(p, a, b) < 1e-7:
                length = outline.along[i + 1] - outline.along[i]
                t = math.dist(a, p) / length if length > 0 else 0.0
                return k, outline.along[i] + t * length
    return None


def refine(table: Table, points: list[Point], clear: Callable[[Point, Point], bool]) -> list[Point]:
    """Slide every point where the path crosses (or bends on) the outline of heavy
    terrain along that outline to where the path costs least, its neighbours
    fixed, sweeping until nothing moves by more than SLIDE_TOLERANCE. `clear(a, b)`
    says whether a segment is free. Never returns a dearer path."""
    outlines = _outlines(table)
    heavy = heavy_parts(table)
    if not outlines or len(points) < 2:
        return points
    path: list[Point] = [points[0]]
    slides: list[tuple[int, float] | None] = [None]
    for index, (a, b) in enumerate(zip(points, points[1:], strict=False)):
        for t, k, s in _crossings(a, b, outlines):
            path.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
            slides.append((k, s))
        path.append(b)
        slides.append(_on_outline(b, outlines) if index + 1 < len(points) - 1 else None)

    def cost(p: Point, q: Point) -> float:
        return segment_cost(p, q, heavy)

    window = 2 * HEAVY_STEP
    for _sweep in range(6):
        moved = 0.0
        for i in range(1, len(path) - 1):
            slide = slides[i]
            if slide is None:
                continue
            k, s0 = slide
            outline = outlines[k]
            prev, nxt = path[i - 1], path[i + 1]

            def f(s: float, *, outline: _Outline = outline, prev: Point = prev, nxt: Point = nxt) -> float:
                q = outline.at(s)
                return cost(prev, q) + cost(q, nxt)

            # along one straight side the cost is convex, round a corner not (a
            # crossing near a corner may be cheapest on either side of it): the
            # least of each side's stretch inside the window
            s = min((_golden(f, lo, hi) for lo, hi in outline.sides_within(s0 - window, s0 + window)), key=f)
            q = outline.at(s)
            if f(s) < f(s0) - 1e-9 and clear(prev, q) and clear(q, nxt):
                moved = max(moved, math.dist(q, path[i]))
                path[i] = q
                slides[i] = (k, s)
        if moved < SLIDE_TOLERANCE:
            break
    # drop corners the path no longer needs
    out = [path[0]]
    for i in range(1, len(path) - 1):
        p, q, r = out[-1], path[i], path[i + 1]
        if math.dist(p, q) < 1e-9:
            continue
        if abs((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])) < 1e-9 * math.dist(p, r):
            continue
        out.append(q)
    out.append(path[-1])
    before = sum(cost(p, q) for p, q in zip(points, points[1:], strict=False))
    after = sum(cost(p, q) for p, q in zip(out, out[1:], strict=False))
    if after > before + 1e-9 or not all(clear(p, q) for p, q in zip(out, out[1:], strict=False)):
        return list(points)
    return out


def refine_entry(
    table: Table, model_id: str, points: list[Point], clear: Callable[[Point, Point], bool], limit: float
) -> list[Point]:
    """After `refine`: where the path comes round an obstacle straight to a point of
    heavy terrain's outline, the cheapest crossing may lie where the way would have
    to go on further round the obstacle (the straight line from where the path
    leaves it is cut off), which sliding with the neighbours fixed cannot reach.
    There the crossing slides along the outline (each straight side within the
    window) with the way to it planned afresh on the tangent graph. Tried only
    where the best crossing for the fixed neighbours is cut off; never returns a
    dearer path."""
    outlines = _outlines(table)
    if not outlines or len(points) < 4:
        return points
    heavy = heavy_parts(table)
    for i in range(2, len(points) - 1):
        on = _on_outline(points[i], outlines)
        if on is not None and _on_outline(points[i - 1], outlines) is None:
            break
    else:
        return points
    k, s0 = on
    outline = outlines[k]
    prev, nxt = points[i - 1], points[i + 1]
    sides = outline.sides_within(s0 - 2 * HEAVY_STEP, s0 + 2 * HEAVY_STEP)

    def fixed(s: float) -> float:
        q = outline.at(s)
        return segment_cost(prev, q, heavy) + segment_cost(q, nxt, heavy)

    best = outline.at(min((_golden(fixed, lo, hi) for lo, hi in sides), key=fixed))
    if math.dist(best, points[i]) < SLIDE_TOLERANCE or clear(prev, best):
        return points  # refine had the whole stretch to choose from
    # each point's way and cost, planned once (the searches ask again for the ends)
    tried: dict[float, tuple[float, list[Point] | None]] = {}

    def rerouted(s: float) -> float:
        if s not in tried:
            q = outline.at(s)
            found = route(table, model_id, q, limit, clear)
            if found is None or not clear(q, nxt):
                tried[s] = (math.inf, None)
            else:
                tried[s] = (found[1] + segment_cost(q, nxt, heavy), found[0])
        return tried[s][0]

    s = min((_golden(rerouted, lo, hi) for lo, hi in sides), key=rerouted)
    head = tried[s][1]
    if head is None:
        return points
    path = refine(table, head + list(points[i + 1 :]), clear)

    def total(way: list[Point]) -> float:
        return sum(segment_cost(a, b, heavy) for a, b in zip(way, way[1:], strict=False))

    return (
        path
        if total(path) < total(points) - 1e-9 and all(clear(a, b) for a, b in zip(path, path[1:], strict=False))
        else points
    )
