"""The grown obstacles as exact pieces, for the visible disc (visibility.py).

- `Field` (`Field.build(cores, radius, width, height)`, once per table version and
  base radius: passage.Board keeps it): the grown obstacles as pieces (`Circle`s at
  the cores' corners of radius core radius + base radius, the cores' sides moved
  out by that radius as `Line`s, the table's edge for base centres); `meets(a, b)`,
  where the outlines of two grown obstacles (or one and the table's edge) cross,
  worked out for a pair when first asked. `without(owner)` leaves one element out
  (the moving warrior's own disc).
- `Obstacle.near(region, clearance)`: whether a grown obstacle's core comes within
  `clearance` of a convex region, exactly; a broad phase first (`Obstacle.apart`:
  the boxes, then separating axes) leaves out what lies certainly farther, and a
  `planar.Region` keeps what it needs of a region asked of many obstacles.
- `crossings(p, q)`: where two pieces cross (`circle_circle`, `segment_circle` for
  a piece against a disc's own circle).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from tabletop.games.skirmish.table.planar import (
    EPS,
    Point,
    Polygon,
    Region,
    closest_on_segment,
    convex_within,
    orient,
    point_convex_signed_distance,
    point_in_convex,
    point_segment_distance,
    segment_segment_distance,
    separated,
)
from tabletop.games.skirmish.table.tangents import Core

TAU = 2.0 * math.pi
#: a source this close to an obstacle (either side of its boundary) touches it (mm):
#: twice the float tolerance, as a point in a gap a base fits exactly lies within
#: EPS of both sides
TOUCH = 2.0 * EPS


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
    #: the core's box, and per side its outward unit normal and the core's farthest
    #: reach along it (for `near`'s broad phase; a segment's two sides face both ways)
    core_box: tuple[float, float, float, float]
    axes: tuple[tuple[float, float, float], ...]

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
        core_box = (min(xs), min(ys), max(xs), max(ys))
        axes = []
        for i in range(n if n > 1 else 0):
            (ax, ay), (bx, by) = pts[i], pts[(i + 1) % n]
            length = math.hypot(bx - ax, by - ay)
            nx, ny = (by - ay) / length, -(bx - ax) / length
            axes.append((nx, ny, max(nx * x + ny * y for x, y in pts)))
        return Obstacle(core.owner, body, pts, r, box, circles, tuple(sides), tuple(normals), core_box, tuple(axes))

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

    def near(self, poly: Polygon | Region, clearance: float) -> bool:
        """Whether the core comes within `clearance` of a convex polygon of positive
        orientation (or a segment, or a point); a `Region` of it where it is asked of
        many obstacles. A broad phase first (`apart`) leaves out what lies certainly
        farther; it never leaves out what the exact test finds near."""
        region = poly if isinstance(poly, Region) else Region(poly)
        if self.apart(region, clearance):
            return False
        poly = region.points
        core = self.core
        if len(core) >= 3:
            return convex_within(poly, core, clearance)
        n = len(poly)
        for i in range(n if n > 2 else 1):
            a, b = poly[i], poly[(i + 1) % n]
            if len(core) == 1:
                d = point_segment_distance(core[0], a, b)
            else:
                d = segment_segment_distance(core[0], core[1], a, b)
            if d <= clearance:
                return True
        return len(poly) >= 3 and any(point_in_convex(q, poly) for q in core)

    def apart(self, region: Region, clearance: float) -> bool:
        """Whether the core lies certainly farther than `clearance` (by _APART more)
        from the region: their boxes' distance, or a separating axis among the core's
        sides' normals and the region's. False where these cannot tell."""
        bound = clearance + _APART
        x0, y0, x1, y1 = region.box
        left, top, right, bottom = self.core_box
        gx = x0 - right if x0 > right else left - x1 if left > x1 else 0.0
        gy = y0 - bottom if y0 > bottom else top - y1 if top > y1 else 0.0
        if gx * gx + gy * gy > bound * bound:
            return True
        return separated(self.axes, region.points, bound) or separated(region.axes(), self.core, bound)

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


#: how much farther than asked `Obstacle.apart` must find two shapes (mm): far above
#: the float noise of the distances `near` works out, so that it decides no pair `near`
#: would find near
_APART = 1e-9


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
        if math.dist(v, closest_on_segment(v, a, b)) <= _INSIDE:
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
        return circle_circle(p.x, p.y, p.r, q.x, q.y, q.r)
    if isinstance(p, Line) and isinstance(q, Line):
        return _segment_segment(p, q)
    line, circle = (p, q) if isinstance(p, Line) else (q, p)
    assert isinstance(line, Line) and isinstance(circle, Circle)
    return segment_circle(line.x1, line.y1, line.x2, line.y2, circle.x, circle.y, circle.r)


def circle_circle(ax: float, ay: float, ar: float, bx: float, by: float, br: float) -> list[Point]:
    dx, dy = bx - ax, by - ay
    d = math.hypot(dx, dy)
    if d == 0.0 or d > ar + br or d < abs(ar - br):
        return []
    a = (ar * ar - br * br + d * d) / (2.0 * d)
    h = math.sqrt(max(0.0, ar * ar - a * a))
    mx, my = ax + a * dx / d, ay + a * dy / d
    return [(mx + h * dy / d, my - h * dx / d), (mx - h * dy / d, my + h * dx / d)]


def segment_circle(x1: float, y1: float, x2: float, y2: float, cx: float, cy: float, r: float) -> list[Point]:
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
