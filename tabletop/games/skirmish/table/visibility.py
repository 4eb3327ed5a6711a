"""The disc a point source sees among the grown obstacles, exactly.

- `Field` (`Field.build(cores, radius, width, height)`, once per table version and
  base radius: passage.Board keeps it): the grown obstacles as pieces (`Circle`s at
  the cores' corners of radius core radius + base radius, the cores' sides moved
  out by that radius as `Line`s, the table's edge for base centres); `meets(a, b)`,
  where the outlines of two grown obstacles (or one and the table's edge) cross,
  worked out for a pair when first asked. `without(owner)` leaves one element out
  (the moving warrior's own disc).
- `visible_disc(field, source, radius, low, width, occluders)` -> `Disc`: the disc
  about the source clipped by what it sees, over the directions [low, low + width]
  (a full turn by default). Its boundary is kept as `Span`s in angular order: the
  disc's own arc (piece None), a piece of an obstacle, or a radial shadow line
  where two spans meet at different distances. `contains(p)` is closed form;
  `polygon(sag)` draws it, star-shaped about the source.

`occluders` are convex polygons that also stop sight (not grown: heavy terrain's
parts, for a disc in the open medium about them).

Clear is decided one way, by these exact pieces, not pymunk's space (which grows
shapes by radius - EPS): a ray is stopped where it enters a piece. A source within
TOUCH of an obstacle touches it: it sees along and away from the obstacle, not into
it (those directions are stopped at distance 0). A source deeper than TOUCH inside
an obstacle, or off the table by more, sees nothing (an empty disc).

Only the part of an obstacle facing the source is kept, each piece over its own
angular span from the source, so a ray meets at most one piece of each obstacle.
The directions are swept once: between two neighbouring span ends (or crossings
of a piece with the disc's circle) the same pieces are seen; the nearest at the
middle, found trying them nearest first, bounds the disc until it crosses one of
them that may come nearer (`meets`), and on from there the same way.
"""

from __future__ import annotations

import bisect
import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from tabletop.games.skirmish.table.planar import (
    EPS,
    Point,
    Polygon,
    orient,
    point_convex_signed_distance,
    point_in_convex,
)
from tabletop.games.skirmish.table.tangents import Core

TAU = 2.0 * math.pi
#: a source this close to an obstacle (either side of its boundary) touches it (mm):
#: twice the float tolerance, as a point in a gap a base fits exactly lies within
#: EPS of both sides
TOUCH = 2.0 * EPS
#: spans narrower than this are dropped (radians)
_NARROW = 1e-12


#: `body` of the table's edge and of occluders' pieces (an obstacle's is its index in the field)
EDGE = -1
OCCLUDER = -2


class Circle:
    """A grown corner (or a warrior's grown disc): entered from outside. `body`: the
    obstacle's index in its field."""

    __slots__ = ("owner", "body", "x", "y", "r")

    def __init__(self, owner: str, body: int, x: float, y: float, r: float) -> None:
        self.owner, self.body, self.x, self.y, self.r = owner, body, x, y, r

    def hit(self, ox: float, oy: float, ux: float, uy: float) -> float:
        """How far along the ray from o in direction u it enters the circle (the
        ray is known to meet it: the nearest point where it grazes)."""
        fx, fy = ox - self.x, oy - self.y
        b = fx * ux + fy * uy
        disc = b * b - (fx * fx + fy * fy - self.r * self.r)
        t = -b - math.sqrt(disc) if disc > 0.0 else -b
        return t if t > 0.0 else 0.0


class Line:
    """A straight piece from (x1, y1) to (x2, y2) with the blocked side where its
    normal (mx, my) points: a grown side, an occluder's side, the table's edge."""

    __slots__ = ("owner", "body", "x1", "y1", "x2", "y2", "mx", "my")

    def __init__(self, owner: str, body: int, x1: float, y1: float, x2: float, y2: float, mx: float, my: float) -> None:
        self.owner, self.body = owner, body
        self.x1, self.y1, self.x2, self.y2, self.mx, self.my = x1, y1, x2, y2, mx, my

    def hit(self, ox: float, oy: float, ux: float, uy: float) -> float:
        den = ux * self.mx + uy * self.my
        if den <= 0.0:
            return math.inf
        t = ((self.x1 - ox) * self.mx + (self.y1 - oy) * self.my) / den
        return t if t > 0.0 else 0.0


class Touch:
    """An obstacle the source touches: every direction into it is stopped at once."""

    __slots__ = ("owner", "body")

    def __init__(self, owner: str, body: int) -> None:
        self.owner, self.body = owner, body

    def hit(self, ox: float, oy: float, ux: float, uy: float) -> float:
        return 0.0


Piece = Circle | Line | Touch


@dataclass(frozen=True, eq=False)
class Obstacle:
    """One grown convex obstacle: its core (positive orientation), grown radius,
    box, the circles at its corners and its sides moved out (side i runs from
    corner i to corner i + 1; None where two corners coincide), and each side's
    outward normal angle."""

    owner: str
    body: int
    core: Polygon
    radius: float
    box: tuple[float, float, float, float]
    circles: tuple[Circle, ...]
    sides: tuple[Line | None, ...]
    normals: tuple[float, ...]

    @staticmethod
    def grown(core: Core, radius: float, body: int) -> Obstacle:
        pts = core.core if len(core.core) < 3 else orient(core.core)
        pts = tuple(p for i, p in enumerate(pts) if p != pts[i - 1]) or pts[:1]
        r = core.radius + radius
        n = len(pts)
        circles = tuple(Circle(core.owner, body, x, y, r) for x, y in pts)
        sides: list[Line | None] = []
        normals: list[float] = []
        for i in range(n if n > 1 else 0):
            (ax, ay), (bx, by) = pts[i], pts[(i + 1) % n]
            length = math.hypot(bx - ax, by - ay)
            nx, ny = (by - ay) / length, -(bx - ax) / length  # outward (positive orientation)
            sides.append(Line(core.owner, body, ax + nx * r, ay + ny * r, bx + nx * r, by + ny * r, -nx, -ny))
            normals.append(math.atan2(ny, nx))
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        box = (min(xs) - r, min(ys) - r, max(xs) + r, max(ys) + r)
        return Obstacle(core.owner, body, pts, r, box, circles, tuple(sides), tuple(normals))

    def clearance(self, p: Point) -> float:
        """Signed distance from p to the grown obstacle (negative inside)."""
        if len(self.core) == 1:
            return math.dist(p, self.core[0]) - self.radius
        if len(self.core) == 2:
            a, b = self.core
            ex, ey = b[0] - a[0], b[1] - a[1]
            t = max(0.0, min(1.0, ((p[0] - a[0]) * ex + (p[1] - a[1]) * ey) / (ex * ex + ey * ey)))
            return math.dist(p, (a[0] + ex * t, a[1] + ey * t)) - self.radius
        return point_convex_signed_distance(p, self.core) - self.radius

    def arc(self, i: int) -> tuple[float, float]:
        """The directions (first, width) of the outline's arc round corner i."""
        n = len(self.core)
        if n == 1:
            return 0.0, TAU
        before = self.normals[i - 1]
        return before, (self.normals[i] - before) % TAU


@dataclass(frozen=True, eq=False)
class Field:
    """The grown obstacles for bases of `radius` on a table of `width` x `height`
    and the table's edge for base centres (`edges`, blocked beyond); `meets(a, b)`:
    where the outlines of two bodies cross (worked out when first asked)."""

    radius: float
    width: float
    height: float
    obstacles: tuple[Obstacle, ...]
    edges: tuple[Line, ...]
    #: every obstacle by its body (`obstacles` may leave some out), the meets found,
    #: and per body the pieces (circles, sides) not buried in another part of its element
    bodies: tuple[Obstacle, ...]
    found: dict[tuple[int, int], tuple[Point, ...]]
    outlines: dict[int, tuple[tuple[int, ...], tuple[Line, ...]]]

    @staticmethod
    def build(cores: Sequence[Core], radius: float, width: float, height: float) -> Field:
        obstacles = tuple(Obstacle.grown(core, radius, body) for body, core in enumerate(cores))
        r = radius
        x0, y0, x1, y1 = r, r, width - r, height - r
        edges = (
            Line("edge", EDGE, x0, y0, x1, y0, 0.0, -1.0),
            Line("edge", EDGE, x1, y0, x1, y1, 1.0, 0.0),
            Line("edge", EDGE, x1, y1, x0, y1, 0.0, 1.0),
            Line("edge", EDGE, x0, y1, x0, y0, -1.0, 0.0),
        )
        return Field(radius, width, height, obstacles, edges, obstacles, {}, {})

    def without(self, owner: str) -> Field:
        """The field with one element left out (a warrior does not block itself)."""
        if not any(o.owner == owner for o in self.obstacles):
            return self
        kept = tuple(o for o in self.obstacles if o.owner != owner)
        return Field(self.radius, self.width, self.height, kept, self.edges, self.bodies, self.found, self.outlines)

    def meets(self, a: int, b: int) -> tuple[Point, ...]:
        """Where the outlines of bodies a and b (EDGE: the table's edge) cross."""
        key = (a, b) if a < b else (b, a)
        found = self.found.get(key)
        if found is None:
            first, second = key
            q = self.bodies[second]
            if first == EDGE:
                found = tuple(x for p in _pieces(q) for e in self.edges for x in crossings(p, e) if _on(q, x))
            else:
                o = self.bodies[first]
                ox0, oy0, ox1, oy1 = o.box
                qx0, qy0, qx1, qy1 = q.box
                if ox0 > qx1 or qx0 > ox1 or oy0 > qy1 or qy0 > oy1:
                    found = ()
                else:
                    found = tuple(
                        x for p in _pieces(o) for r in _pieces(q) for x in crossings(p, r) if _on(o, x) and _on(q, x)
                    )
            self.found[key] = found
        return found

    def outline(self, body: int) -> tuple[tuple[int, ...], tuple[Line, ...]]:
        """The obstacle's corners (whose circles count) and sides, but those lying wholly inside another
        convex part of the same element (a concave piece's parts overlap: what lies
        inside one never bounds a disc). Worked out when first asked."""
        found = self.outlines.get(body)
        if found is None:
            ob = self.bodies[body]
            x0, y0, x1, y1 = ob.box
            others = [
                o
                for o in self.bodies
                if o.owner == ob.owner
                and o is not ob
                and not (o.box[0] > x1 or x0 > o.box[2] or o.box[1] > y1 or y0 > o.box[3])
            ]
            corners = tuple(i for i in range(len(ob.circles)) if not any(_buried_arc(ob, i, o) for o in others))
            sides = tuple(
                s
                for s in ob.sides
                if s is not None
                and not any(
                    o.clearance((s.x1, s.y1)) < -_INSIDE and o.clearance((s.x2, s.y2)) < -_INSIDE for o in others
                )
            )
            found = self.outlines[body] = (corners, sides)
        return found


#: how far inside a convex part a point must lie to count as buried in it (mm)
_INSIDE = 1e-9


def _buried_arc(ob: Obstacle, i: int, other: Obstacle) -> bool:
    """Whether the outline's arc round corner i of `ob` lies strictly inside `other`
    (grown by the same radius): its corner lies in the other's core and none of the
    arc's directions is one in which that corner is the core's nearest point."""
    if ob.radius != other.radius or len(other.core) < 3:
        return False
    v = ob.core[i]
    if not point_in_convex(v, other.core, _INSIDE):
        return False
    first, width = ob.arc(i)
    n = len(other.core)
    for j, w in enumerate(other.core):
        if math.dist(v, w) <= _INSIDE:
            low, wide = other.arc(j)  # on the other's corner: its arc's directions
            return not ((low - first) % TAU <= width + _INSIDE or (first - low) % TAU <= wide + _INSIDE)
    for j in range(n):
        a, b = other.core[j], other.core[(j + 1) % n]
        if math.dist(v, _closest(v, a, b)) <= _INSIDE:
            normal = other.normals[j]  # on the other's side: its normal
            return not ((normal - first) % TAU <= width + _INSIDE or TAU - (normal - first) % TAU <= _INSIDE)
    return True


def _on(o: Obstacle, p: Point) -> bool:
    """Whether p lies on the obstacle's outline (not on a circle's or line's part inside it)."""
    return abs(o.clearance(p)) <= 1e-7


def _pieces(o: Obstacle) -> list[Circle | Line]:
    return [*o.circles, *(s for s in o.sides if s is not None)]


def crossings(p: Circle | Line, q: Circle | Line) -> list[Point]:
    """Where two pieces cross (circles whole, lines as segments)."""
    if isinstance(p, Circle) and isinstance(q, Circle):
        return _circle_circle(p.x, p.y, p.r, q.x, q.y, q.r)
    if isinstance(p, Line) and isinstance(q, Line):
        return _segment_segment(p, q)
    line, circle = (p, q) if isinstance(p, Line) else (q, p)
    assert isinstance(line, Line) and isinstance(circle, Circle)
    return _segment_circle(line.x1, line.y1, line.x2, line.y2, circle.x, circle.y, circle.r)


def _circle_circle(ax: float, ay: float, ar: float, bx: float, by: float, br: float) -> list[Point]:
    dx, dy = bx - ax, by - ay
    d = math.hypot(dx, dy)
    if d == 0.0 or d > ar + br or d < abs(ar - br):
        return []
    a = (ar * ar - br * br + d * d) / (2.0 * d)
    h = math.sqrt(max(0.0, ar * ar - a * a))
    mx, my = ax + a * dx / d, ay + a * dy / d
    return [(mx + h * dy / d, my - h * dx / d), (mx - h * dy / d, my + h * dx / d)]


def _segment_circle(x1: float, y1: float, x2: float, y2: float, cx: float, cy: float, r: float) -> list[Point]:
    ex, ey = x2 - x1, y2 - y1
    fx, fy = x1 - cx, y1 - cy
    a = ex * ex + ey * ey
    b = 2.0 * (fx * ex + fy * ey)
    c = fx * fx + fy * fy - r * r
    disc = b * b - 4.0 * a * c
    if a == 0.0 or disc < 0.0:
        return []
    s = math.sqrt(disc)
    return [(x1 + ex * t, y1 + ey * t) for t in ((-b - s) / (2.0 * a), (-b + s) / (2.0 * a)) if 0.0 <= t <= 1.0]


def _segment_segment(p: Line, q: Line) -> list[Point]:
    ex, ey, fx, fy = p.x2 - p.x1, p.y2 - p.y1, q.x2 - q.x1, q.y2 - q.y1
    den = ex * fy - ey * fx
    if den == 0.0:
        return []
    t = ((q.x1 - p.x1) * fy - (q.y1 - p.y1) * fx) / den
    u = ((q.x1 - p.x1) * ey - (q.y1 - p.y1) * ex) / den
    return [(p.x1 + ex * t, p.y1 + ey * t)] if 0.0 <= t <= 1.0 and 0.0 <= u <= 1.0 else []


@dataclass(frozen=True)
class Span:
    """Directions [low, high] (radians, low within [start, start + 2 pi) of the
    disc) whose boundary is `piece` (None: the disc's own arc)."""

    low: float
    high: float
    piece: Piece | None


@dataclass(frozen=True, eq=False)
class Disc:
    """The visible disc (see the module): spans in angular order from `low` over
    `width` (2 pi: the full turn); no spans: the source sees nothing."""

    source: Point
    radius: float
    low: float
    width: float
    spans: tuple[Span, ...]

    @functools.cached_property
    def _lows(self) -> list[float]:
        return [s.low for s in self.spans]

    def reach_at(self, span: Span, angle: float) -> float:
        """How far the disc reaches from the source in direction `angle` (in span)."""
        piece = span.piece
        if piece is None:
            return self.radius
        # (a piece grazed at its span's end may be met beyond the disc, or not at all)
        return min(self.radius, piece.hit(self.source[0], self.source[1], math.cos(angle), math.sin(angle)))

    def span_at(self, angle: float) -> Span | None:
        """The span holding direction `angle` (None: outside the wedge)."""
        if not self.spans:
            return None
        offset = (angle - self.low) % TAU
        if self.width < TAU and offset > self.width:
            return None
        k = bisect.bisect_right(self._lows, self.low + offset) - 1
        return self.spans[k if k >= 0 else len(self.spans) - 1]

    def contains(self, p: Point) -> bool:
        """Whether p lies in the disc (its boundary included, within float noise)."""
        dx, dy = p[0] - self.source[0], p[1] - self.source[1]
        r = math.hypot(dx, dy)
        if r == 0.0:
            return bool(self.spans)
        span = self.span_at(math.atan2(dy, dx))
        return span is not None and r <= self.reach_at(span, math.atan2(dy, dx)) + 1e-9

    def polygon(self, sag: float) -> Polygon:
        """The disc as a polygon within `sag` of its boundary and inside it: the
        disc's arcs by chords, obstacles' circles by tangent segments outside
        them, straight pieces as they are; the source a corner of a wedge."""
        ox, oy = self.source
        rho = self.radius
        ring: list[Point] = [] if self.width >= TAU else [self.source]
        for span in self.spans:
            piece = span.piece
            a0, a1 = span.low, span.high
            if piece is None:
                step = 2.0 * math.acos(max(-1.0, 1.0 - sag / rho))
                n = max(1, math.ceil((a1 - a0) / step))
                ring += [
                    (ox + rho * math.cos(a), oy + rho * math.sin(a))
                    for a in (a0 + (a1 - a0) * k / n for k in range(n + 1))
                ]
                continue
            t0, t1 = self.reach_at(span, a0), self.reach_at(span, a1)
            p0 = (ox + t0 * math.cos(a0), oy + t0 * math.sin(a0))
            p1 = (ox + t1 * math.cos(a1), oy + t1 * math.sin(a1))
            ring.append(p0)
            if isinstance(piece, Circle):
                cx, cy, r = piece.x, piece.y, piece.r
                f0 = math.atan2(p0[1] - cy, p0[0] - cx)
                turn = (math.atan2(p1[1] - cy, p1[0] - cx) - f0 + math.pi) % TAU - math.pi
                step = 2.0 * math.acos(1.0 / (1.0 + sag / r))
                n = math.ceil(abs(turn) / step)
                if n >= 1:
                    half = turn / (2 * n)
                    out = r / math.cos(half)
                    ring += [
                        (cx + out * math.cos(f0 + half * (2 * k + 1)), cy + out * math.sin(f0 + half * (2 * k + 1)))
                        for k in range(n)
                    ]
            ring.append(p1)
        return tuple(p for i, p in enumerate(ring) if p != ring[i - 1])


#: a piece seen from the source: (first direction, width of its span, the piece, its
#: least distance from the source)
_Seen = tuple[float, float, Piece, float]


def visible_disc(
    field: Field,
    source: Point,
    radius: float,
    low: float = 0.0,
    width: float = TAU,
    occluders: Sequence[Polygon] = (),
) -> Disc:
    """The disc of `radius` about `source` clipped by what the source sees, over the
    directions [low, low + width] (see the module)."""
    ox, oy = source
    full = width >= TAU
    start = 0.0 if full else low % TAU
    span_width = TAU if full else max(0.0, width)
    empty = Disc(source, radius, start, span_width, ())
    if radius <= 0.0:
        return empty
    x0, y0 = field.edges[0].x1, field.edges[0].y1
    x1, y1 = field.edges[2].x1, field.edges[2].y1
    if ox < x0 - TOUCH or ox > x1 + TOUCH or oy < y0 - TOUCH or oy > y1 + TOUCH:
        return empty
    near: list[_Seen] = []
    for e in field.edges:
        # seen from inside, an edge spans the directions from its first corner to its last
        depth = (e.x1 - ox) * e.mx + (e.y1 - oy) * e.my
        if depth > radius:
            continue
        if depth <= TOUCH:
            near.append((math.atan2(e.my, e.mx) - math.pi / 2, math.pi, e, 0.0))
            continue
        a0 = math.atan2(e.y1 - oy, e.x1 - ox)
        a1 = math.atan2(e.y2 - oy, e.x2 - ox)
        near.append((a0, (a1 - a0) % TAU, e, depth))
    for ob in field.obstacles:
        bx0, by0, bx1, by1 = ob.box
        if bx0 > ox + radius or bx1 < ox - radius or by0 > oy + radius or by1 < oy - radius:
            continue
        if bx0 - TOUCH <= ox <= bx1 + TOUCH and by0 - TOUCH <= oy <= by1 + TOUCH:
            room = ob.clearance(source)
            if room < -TOUCH:
                return empty
            if room <= TOUCH:
                into = _into(ob, source)
                near.append((into - math.pi / 2, math.pi, Touch(ob.owner, ob.body), 0.0))
                continue
        _facing(field, ob, ox, oy, radius, near)
    for poly in occluders:
        if not _occluder(poly, ox, oy, radius, near):
            return empty
    # where a piece crosses the disc's circle, the disc's arc and the piece change places
    marks: list[float] = []
    for a, w, piece, least in near:
        marks += (a, a + w)
        if isinstance(piece, Circle):
            if least < radius < math.hypot(piece.x - ox, piece.y - oy) + piece.r:
                marks += [
                    math.atan2(y - oy, x - ox) for x, y in _circle_circle(ox, oy, radius, piece.x, piece.y, piece.r)
                ]
        elif isinstance(piece, Line) and least < radius:
            marks += [
                math.atan2(y - oy, x - ox)
                for x, y in _segment_circle(piece.x1, piece.y1, piece.x2, piece.y2, ox, oy, radius)
            ]
    return Disc(source, radius, start, span_width, _sweep(field, near, marks, source, radius, start, span_width))


def _into(ob: Obstacle, p: Point) -> float:
    """The direction from p (on the outline) straight into the obstacle."""
    if len(ob.core) == 1:
        c = ob.core[0]
    else:
        c = min(
            (_closest(p, ob.core[i], ob.core[(i + 1) % len(ob.core)]) for i in range(len(ob.core))),
            key=lambda q: math.dist(p, q),
        )
    return math.atan2(c[1] - p[1], c[0] - p[0])


def _closest(p: Point, a: Point, b: Point) -> Point:
    ex, ey = b[0] - a[0], b[1] - a[1]
    ee = ex * ex + ey * ey
    t = 0.0 if ee == 0.0 else max(0.0, min(1.0, ((p[0] - a[0]) * ex + (p[1] - a[1]) * ey) / ee))
    return (a[0] + ex * t, a[1] + ey * t)


def _facing(field: Field, ob: Obstacle, ox: float, oy: float, radius: float, near: list[_Seen]) -> None:
    """Add the pieces of an obstacle (the source outside it) that face the source,
    each over the directions in which it is the obstacle's nearest piece."""
    r = ob.radius
    corners, sides = field.outline(ob.body)
    for i in corners:
        circle = ob.circles[i]
        dx, dy = ox - circle.x, oy - circle.y
        d = math.hypot(dx, dy)
        if d - r > radius or d <= r:
            continue
        # the circle's points the source sees lie within `half` of the direction to it
        half = math.acos(r / d)
        first, arc = ob.arc(i)
        lo = (math.atan2(dy, dx) - half - first) % TAU
        for f0, f1 in ((lo, lo + 2 * half), (lo - TAU, lo + 2 * half - TAU)):
            f0, f1 = max(f0, 0.0), min(f1, arc)
            if f1 - f0 > _NARROW:
                # the source's directions run the other way round from the circle's
                a1 = math.atan2(circle.y + r * math.sin(first + f0) - oy, circle.x + r * math.cos(first + f0) - ox)
                a0 = math.atan2(circle.y + r * math.sin(first + f1) - oy, circle.x + r * math.cos(first + f1) - ox)
                w = (a1 - a0) % TAU
                if w < math.pi:
                    near.append((a0, w, circle, d - r))
    for side in sides:
        _facing_line(side, ox, oy, radius, near)


def _facing_line(line: Line, ox: float, oy: float, radius: float, near: list[_Seen]) -> None:
    """Add a straight piece if it faces the source and comes within the radius."""
    if (line.x1 - ox) * line.mx + (line.y1 - oy) * line.my <= 0.0:
        return  # faces away
    q = _closest((ox, oy), (line.x1, line.y1), (line.x2, line.y2))
    least = math.hypot(q[0] - ox, q[1] - oy)
    if least > radius:
        return
    a0 = math.atan2(line.y2 - oy, line.x2 - ox)
    a1 = math.atan2(line.y1 - oy, line.x1 - ox)
    w = (a1 - a0) % TAU
    if _NARROW < w < math.pi:
        near.append((a0, w, line, least))


def _occluder(poly: Polygon, ox: float, oy: float, radius: float, near: list[_Seen]) -> bool:
    """Add an occluder's sides facing the source (or, the source on its outline,
    the directions into it); False when the source lies inside it."""
    pts = orient(poly)
    n = len(pts)
    room = point_convex_signed_distance((ox, oy), pts)
    if room < -TOUCH:
        return False
    lines = []
    for i in range(n):
        (ax, ay), (bx, by) = pts[i], pts[(i + 1) % n]
        length = math.hypot(bx - ax, by - ay)
        if length > 0.0:
            lines.append(Line("occluder", OCCLUDER, ax, ay, bx, by, -(by - ay) / length, (bx - ax) / length))
    if room > TOUCH:
        for line in lines:
            _facing_line(line, ox, oy, radius, near)
        return True
    # on its outline: stopped at once heading into every side whose line it lies on
    # (across a side: half a turn; at a corner: the corner's angle)
    heads = [
        math.atan2(line.my, line.mx)
        for line in lines
        if abs((line.x1 - ox) * line.mx + (line.y1 - oy) * line.my) <= TOUCH
    ]
    if heads:
        first, last = heads[0] - math.pi / 2, heads[0] + math.pi / 2
        for h in heads[1:]:
            turn = (h - heads[0] + math.pi) % TAU - math.pi
            first, last = max(first, heads[0] + turn - math.pi / 2), min(last, heads[0] + turn + math.pi / 2)
        if last - first > _NARROW:
            near.append((first, last - first, Touch("occluder", OCCLUDER), 0.0))
    return True


def _sweep(
    field: Field, near: list[_Seen], marks: list[float], source: Point, radius: float, start: float, width: float
) -> tuple[Span, ...]:
    """Sweep the directions from `start` over `width`. Between two neighbouring
    marks the same pieces are seen; the nearest of them at the middle (or the
    disc's own arc) bounds the disc up to where it crosses another of them
    (`_crossed`), and on from there the same way. Neighbours with the same piece
    join."""
    ox, oy = source
    offsets = sorted({(m - start) % TAU for m in marks if (m - start) % TAU < width} | {0.0, width})
    # pieces by where their spans open and close, as offsets from start
    opening: list[tuple[float, int]] = []
    closing: list[tuple[float, int]] = []
    active: set[int] = set()
    for k, (a, w, _piece, _least) in enumerate(near):
        lo = (a - start) % TAU
        hi = lo + w
        if hi > TAU:  # it holds start: seen from the first direction on
            active.add(k)
            closing.append((hi - TAU, k))
            if lo < width:
                opening.append((lo, k))
                closing.append((TAU + 1.0, k))
        else:
            opening.append((lo, k))
            closing.append((hi, k))
    opening.sort()
    closing.sort()
    io = ic = 0
    spans: list[Span] = []
    seen: list[_Seen] = []
    changed = True
    for m0, m1 in zip(offsets, offsets[1:], strict=False):
        if m1 - m0 < _NARROW:
            continue
        mid = (m0 + m1) / 2
        while io < len(opening) and opening[io][0] <= mid:
            active.add(opening[io][1])
            io += 1
            changed = True
        while ic < len(closing) and closing[ic][0] <= mid:
            active.discard(closing[ic][1])
            ic += 1
            changed = True
        if changed:
            seen = sorted((near[k] for k in active), key=lambda s: s[3])
            changed = False
        todo = [(start + m0, start + m1)]
        while todo:
            a0, a1 = todo.pop()
            angle = (a0 + a1) / 2
            ux, uy = math.cos(angle), math.sin(angle)
            best: float = radius
            winner: Piece | None = None
            for a, w, piece, least in seen:
                if least >= best:
                    break
                if (angle - a) % TAU <= w:
                    t = piece.hit(ox, oy, ux, uy)
                    if t < best:
                        best, winner = t, piece
            cuts = (
                _crossed(field, winner, seen, source, a0, a1)
                if isinstance(winner, Circle | Line) and len(seen) > 1
                else []
            )
            if cuts:
                bounds = [a0, *cuts, a1]
                todo += [(b0, b1) for b0, b1 in zip(bounds, bounds[1:], strict=False) if b1 - b0 >= _NARROW][::-1]
                continue
            if spans and spans[-1].piece is winner:
                spans[-1] = Span(spans[-1].low, a1, winner)
            else:
                spans.append(Span(a0, a1, winner))
    return tuple(spans)


def _crossed(
    field: Field, winner: Circle | Line, seen: list[_Seen], source: Point, a0: float, a1: float
) -> list[float]:
    """The directions strictly between a0 and a1 where the nearest piece at their
    middle crosses another piece seen there that may come nearer (one whose least
    distance is within the winner's greatest over [a0, a1], which lies at an end)."""
    ox, oy = source
    far = max(
        winner.hit(ox, oy, math.cos(a0), math.sin(a0)),
        winner.hit(ox, oy, math.cos(a1), math.sin(a1)),
    )
    body = winner.body
    cuts = []
    for _a, _w, piece, least in seen:
        if least > far:
            break
        other = piece.body
        if piece is winner or isinstance(piece, Touch) or (other == body and other != OCCLUDER):
            continue
        if OCCLUDER in (body, other):
            points: Sequence[Point] = crossings(winner, piece)
        else:
            points = field.meets(body, other)
        for x, y in points:
            angle = a0 + (math.atan2(y - oy, x - ox) - a0) % TAU
            if a0 + _NARROW < angle < a1 - _NARROW:
                cuts.append(angle)
    return sorted(cuts)
