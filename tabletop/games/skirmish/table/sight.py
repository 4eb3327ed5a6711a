"""Line of sight, as DECISIONS.md defines it.

A sight line is a straight segment from any point of the viewer's base to any point
of the target (another model's base, or a point on the table). The corridor is the
convex hull of the viewer's base and the target: the union of all sight lines.

- An opaque element (any other model; terrain that its effect reads as opaque)
  that meets every sight line blocks: no line of sight. Touching counts. An element
  only blocks when it reaches into the corridor, so a piece that merely touches the
  corridor's rim never blocks.
- Otherwise every element that reaches into the corridor (overlaps its inside) and
  is not flat is an obstacle: -1 (basic rules), or -X for terrain with sight
  obstacle (X) under the terrain rules.
- Several elements that only together cover the corridor do not block; each one is
  an obstacle.
- A piece that hides only what is behind it (a hill) has no effect when either
  end stands on it, or stands on high ground.
- The viewer and the target are no elements. For a point target, the elements
  holding the point (a model whose base holds it, a terrain piece whose outline
  holds it) are what is looked at: they neither block nor hinder sight to it, as a
  target warrior does not hide itself (docs/rules/skirmish.md).

"Meets every sight line" is decided exactly. For a convex element that overlaps
neither end, it holds if and only if the element meets both outer tangent segments
of the corridor (the corridor's two straight sides): then a chord of the element
joins the two sides and separates the viewer's base from the target inside the
corridor. Other elements (concave pieces, or pieces overlapping an end) go through
`meets_every_sight_line`, which looks for a free sight line among the lines that
touch two of the features bounding the set of free lines (both ends' circles, the
element's corners and the points where its edges cross the ends' circles), each
nudged by `NUDGE` into the free side.

Main entry points: `sight(table, viewer, target)` -> `Sight` (visible, blocker(s),
obstacles with penalties, the corridor for drawing) and `sight_pairs(table)` for
every pair of models.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.memo import PerVersion
from tabletop.games.skirmish.table.planar import EPS, Point, Polygon
from tabletop.games.skirmish.table.table import Table
from tabletop.games.skirmish.table.terrain import TerrainPiece

#: how far candidate lines are moved off the features they touch (mm)
NUDGE = 1e-5
#: sight lines nearer than this to an element meet it (touching counts)
TOUCH = 1e-9


@dataclass(frozen=True)
class Corridor:
    """The convex hull of the viewer's base (a, ra) and the target (b, rb; rb = 0
    for a point). `sides` are its straight sides (outer tangent segments), or
    empty when the target lies inside the viewer's base."""

    a: Point
    ra: float
    b: Point
    rb: float
    sides: tuple[tuple[Point, Point], ...]
    box: tuple[float, float, float, float]

    @classmethod
    def between(cls, a: Point, ra: float, b: Point, rb: float) -> Corridor:
        tangents = planar.outer_tangents(a, ra, b, rb)
        box = (
            min(a[0] - ra, b[0] - rb),
            min(a[1] - ra, b[1] - rb),
            max(a[0] + ra, b[0] + rb),
            max(a[1] + ra, b[1] + rb),
        )
        return cls(a, ra, b, rb, tangents or (), box)

    def polygon(self, count: int = 48) -> Polygon:
        """An outline of the corridor for drawing."""
        return planar.hull_of_discs_polygon(self.a, self.ra, self.b, self.rb, count)

    def signed_distance(self, p: Point) -> float:
        """Distance from p to the corridor; negative (not a true depth) inside."""
        return planar.disc_hull_distance(p, self.a, self.ra, self.b, self.rb)


@dataclass(frozen=True)
class Obstacle:
    """An element reaching into the corridor without blocking it, and what it takes
    off the shooter's combat talent."""

    element: str
    penalty: int


@dataclass(frozen=True)
class Sight:
    """The answer of a sight check.

    visible: there is line of sight. blockers: the elements that each meet every
    sight line (empty when visible). obstacles: elements reaching into the corridor
    that do not block. penalty: the obstacles' total. too_far: the target lies
    beyond the table's sight limit (dense fog), so it is not seen whatever stands
    between.
    """

    visible: bool
    blockers: tuple[str, ...]
    obstacles: tuple[Obstacle, ...]
    corridor: Corridor
    penalty: int = field(init=False)
    too_far: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "penalty", sum(o.penalty for o in self.obstacles))

    @property
    def blocker(self) -> str | None:
        """One element that blocks, or None."""
        return self.blockers[0] if self.blockers else None


# -- exact blocking ---------------------------------------------------------------


def _crosses(p: Point, q: Point, s0: Point, s1: Point) -> bool:
    """True when segment pq crosses segment s0 s1 at a point inside both."""
    ex, ey = s1[0] - s0[0], s1[1] - s0[1]
    tol = EPS * math.hypot(ex, ey)
    d1 = ex * (p[1] - s0[1]) - ey * (p[0] - s0[0])
    d2 = ex * (q[1] - s0[1]) - ey * (q[0] - s0[0])
    if not ((d1 > tol and d2 < -tol) or (d1 < -tol and d2 > tol)):
        return False
    fx, fy = q[0] - p[0], q[1] - p[1]
    tol = EPS * math.hypot(fx, fy)
    d3 = fx * (s0[1] - p[1]) - fy * (s0[0] - p[0])
    d4 = fx * (s1[1] - p[1]) - fy * (s1[0] - p[0])
    return (d3 > tol and d4 < -tol) or (d3 < -tol and d4 > tol)


def _part_reaches(part: Polygon, corridor: Corridor) -> bool:
    """True when the convex part overlaps the inside of the corridor.

    The part's boundary enters the corridor's inside exactly when a corner lies
    inside, or an edge crosses one of the corridor's straight sides, or an edge
    passes through the inside of either end's disc; failing all three, the part
    can still hold the whole corridor (then it holds the viewer's centre)."""
    a, ra, b, rb = corridor.a, corridor.ra, corridor.b, corridor.rb
    for v in part:
        if corridor.signed_distance(v) < -EPS:
            return True
    sides = corridor.sides
    n = len(part)
    for i in range(n):
        p, q = part[i - 1], part[i]
        if planar.point_segment_distance(a, p, q) < ra - EPS:
            return True
        if rb > 0.0 and planar.point_segment_distance(b, p, q) < rb - EPS:
            return True
        for s0, s1 in sides:
            if _crosses(p, q, s0, s1):
                return True
    return planar.point_in_convex(a, part)


def _gap_segment(p0: Point, u: Point, a: Point, ra: float, b: Point, rb: float) -> tuple[Point, Point] | None:
    """Along the line p0 + s u: the stretch between the viewer's base and the
    target, which every sight line on that line covers. None if the line misses
    either end."""
    ta = (a[0] - p0[0]) * u[0] + (a[1] - p0[1]) * u[1]
    ha = abs((a[0] - p0[0]) * u[1] - (a[1] - p0[1]) * u[0])
    tb = (b[0] - p0[0]) * u[0] + (b[1] - p0[1]) * u[1]
    hb = abs((b[0] - p0[0]) * u[1] - (b[1] - p0[1]) * u[0])
    if ha >= ra:
        return None
    half_a = math.sqrt(ra * ra - ha * ha)
    if rb > 0.0:
        if hb >= rb:
            return None
        half_b = math.sqrt(rb * rb - hb * hb)
    else:
        if hb > 1e-7:
            return None
        half_b = 0.0
    if tb >= ta:
        s0, s1 = ta + half_a, tb - half_b
    else:
        s0, s1 = ta - half_a, tb + half_b
    if (tb >= ta and s1 < s0) or (tb < ta and s1 > s0):
        return None
    return ((p0[0] + s0 * u[0], p0[1] + s0 * u[1]), (p0[0] + s1 * u[0], p0[1] + s1 * u[1]))


def _circle_edge_points(centre: Point, radius: float, parts: Sequence[Polygon]) -> list[Point]:
    found: list[Point] = []
    if radius <= 0.0:
        return found
    for part in parts:
        n = len(part)
        for i in range(n):
            p, q = part[i], part[(i + 1) % n]
            dx, dy = q[0] - p[0], q[1] - p[1]
            fx, fy = p[0] - centre[0], p[1] - centre[1]
            qa = dx * dx + dy * dy
            qb = 2 * (fx * dx + fy * dy)
            qc = fx * fx + fy * fy - radius * radius
            disc = qb * qb - 4 * qa * qc
            if qa == 0.0 or disc < 0.0:
                continue
            root = math.sqrt(disc)
            for t in ((-qb - root) / (2 * qa), (-qb + root) / (2 * qa)):
                if 0.0 <= t <= 1.0:
                    found.append((p[0] + t * dx, p[1] + t * dy))
    return found


def meets_every_sight_line(parts: Sequence[Polygon], a: Point, ra: float, b: Point, rb: float) -> bool:
    """True when the union of convex `parts` meets every segment from a point of the
    disc (a, ra) to a point of the disc (b, rb) (rb = 0: the point b). Exact up to
    NUDGE: works for concave elements and for elements overlapping either end."""
    corridor = Corridor.between(a, ra, b, rb)
    if not corridor.sides:
        return False
    for side in corridor.sides:
        if not any(planar.segment_meets_convex(side[0], side[1], part, TOUCH) for part in parts):
            return False
    left, top, right, bottom = corridor.box
    corners = {
        v
        for part in parts
        for v in part
        if left - 1 <= v[0] <= right + 1 and top - 1 <= v[1] <= bottom + 1 and corridor.signed_distance(v) <= NUDGE
    }
    corners.update(_circle_edge_points(a, ra, parts))
    corners.update(_circle_edge_points(b, rb, parts))
    circles: list[tuple[Point, float]] = [(a, max(ra - NUDGE, 0.0)), (b, max(rb - NUDGE, 0.0))]
    circles += [(v, NUDGE) for v in corners]
    for i in range(len(circles)):
        for j in range(i + 1, len(circles)):
            for p0, u in planar.common_tangent_lines(circles[i][0], circles[i][1], circles[j][0], circles[j][1]):
                gap = _gap_segment(p0, u, a, ra, b, rb)
                if gap is None:
                    continue
                if not any(planar.segment_meets_convex(gap[0], gap[1], part, TOUCH) for part in parts):
                    return False
    return True


def _disc_blocks(c: Point, rho: float, corridor: Corridor) -> bool:
    # a disc never overlaps either end here (bases do not overlap)
    return all(planar.point_segment_distance(c, s[0], s[1]) <= rho + TOUCH for s in corridor.sides) and bool(
        corridor.sides
    )


def _piece_blocks(parts: Sequence[Polygon], corridor: Corridor) -> bool:
    if not corridor.sides:
        return False
    for side in corridor.sides:
        if not any(planar.segment_meets_convex(side[0], side[1], part, TOUCH) for part in parts):
            return False
    if len(parts) == 1:
        part = parts[0]
        clear_a = planar.point_convex_signed_distance(corridor.a, part) >= corridor.ra - EPS
        if corridor.rb > 0.0:
            clear_b = planar.point_convex_signed_distance(corridor.b, part) >= corridor.rb - EPS
        else:
            clear_b = planar.point_convex_signed_distance(corridor.b, part) >= -EPS
        if clear_a and clear_b:
            return True
    return meets_every_sight_line(parts, corridor.a, corridor.ra, corridor.b, corridor.rb)


# -- the check -----------------------------------------------------------------------


@dataclass(frozen=True)
class _Piece:
    id: str
    box: tuple[float, float, float, float]
    centre: Point
    radius: float  # bounding circle about centre
    parts: tuple[Polygon, ...]
    circles: tuple[tuple[Point, float], ...]  # bounding circle of each part
    kind: str
    penalty: int
    behind_only: bool


def _pieces(table: Table) -> tuple[list[_Piece], list[TerrainPiece]]:
    """The table's pieces that act on sight, and the high-ground pieces."""
    found = []
    for piece in table.pieces.values():
        eff = table.effect(piece.id)
        if eff.sight == "flat":
            continue
        centre, radius = planar.bounding_circle(piece.outline)
        circles = tuple(planar.bounding_circle(part) for part in piece.parts)
        found.append(
            _Piece(piece.id, piece.box, centre, radius, piece.parts, circles, eff.sight, eff.penalty, eff.behind_only)
        )
    high = [piece for piece in table.pieces.values() if table.effect(piece.id).elevation]
    return found, high


_Seen = tuple[list[tuple[str, Point, float]], list[_Piece], list[TerrainPiece]]
_kept: PerVersion[None, _Seen] = PerVersion()


def _seen(table: Table) -> _Seen:
    """The bases and the pieces sight is judged against (built once per table version)."""
    found = _kept.get(table, None)
    if found is None:
        pieces, high = _pieces(table)
        found = _kept.put(table, None, ([(m.id, m.position, m.radius) for m in table.models.values()], pieces, high))
    return found


def sight(table: Table, viewer: str, target: str | Point, positions: Mapping[str, Point] | None = None) -> Sight:
    """Line of sight from model `viewer` to a model id or a point (x, y).
    `positions`: models to judge as standing elsewhere (a warrior being dragged)."""
    placed = positions or {}
    me = table.models[viewer]
    a = placed.get(viewer, me.position)
    if isinstance(target, str):
        other = table.models[target]
        b, rb, point = placed.get(target, other.position), other.radius, None
    else:
        b = point = (float(target[0]), float(target[1]))
        rb = 0.0
    corridor = Corridor.between(a, me.radius, b, rb)
    if not corridor.sides:
        # the target point lies on the viewer's own base
        return Sight(True, (), (), corridor)
    if table.sight_limit is not None and math.dist(a, b) - me.radius - rb > table.sight_limit + EPS:
        return Sight(False, (), (), corridor, too_far=True)
    blockers: list[str] = []
    obstacles: list[Obstacle] = []
    left, top, right, bottom = corridor.box
    distance = corridor.signed_distance
    # the corridor lies within the larger end's radius of the line between the
    # ends' centres: a cheap test leaves out what stays clear of that
    ax, ay = a
    ux, uy = b[0] - ax, b[1] - ay
    span = math.hypot(ux, uy)
    ux, uy = ux / span, uy / span
    wide = max(me.radius, rb)
    bases, pieces, high_pieces = _seen(table)
    for model_id, c, r in bases:
        if model_id == viewer or model_id == target:
            continue
        if placed:
            c = placed.get(model_id, c)
        if c[0] + r < left or c[0] - r > right or c[1] + r < top or c[1] - r > bottom:
            continue
        cx, cy = c[0] - ax, c[1] - ay
        along = cx * ux + cy * uy
        if -r - wide < along < span + r + wide and abs(cx * uy - cy * ux) >= r + wide:
            continue
        if point is not None and math.hypot(point[0] - c[0], point[1] - c[1]) <= r:
            continue
        if distance(c) >= r - EPS:
            continue
        if _disc_blocks(c, r, corridor):
            blockers.append(model_id)
        else:
            obstacles.append(Obstacle(model_id, 1))
    high: bool | None = None
    for piece in pieces:
        pl, pt, pr, pb = piece.box
        if pr < left or pl > right or pb < top or pt > bottom:
            continue
        cx, cy = piece.centre[0] - ax, piece.centre[1] - ay
        if abs(cx * uy - cy * ux) >= piece.radius + wide:
            continue
        if distance(piece.centre) >= piece.radius:
            continue
        if point is not None and any(planar.point_in_convex(point, part, EPS) for part in piece.parts):
            continue  # the piece the target point lies on is what is looked at
        if not any(
            distance(centre) < radius and _part_reaches(part, corridor)
            for part, (centre, radius) in zip(piece.parts, piece.circles, strict=False)
        ):
            continue
        if piece.behind_only:
            if high is None:
                high = any(h.contains(corridor.a) or h.contains(corridor.b) for h in high_pieces)
            if high or any(
                planar.point_in_convex(corridor.a, part, EPS) or planar.point_in_convex(corridor.b, part, EPS)
                for part in piece.parts
            ):
                continue
        if piece.kind == "opaque" and _piece_blocks(piece.parts, corridor):
            blockers.append(piece.id)
        else:
            obstacles.append(Obstacle(piece.id, piece.penalty))
    return Sight(not blockers, tuple(blockers), tuple(obstacles), corridor)


def sight_pairs(table: Table, models: Iterable[str] | None = None) -> dict[tuple[str, str], Sight]:
    """Sight between every pair of models, each pair checked once (sight does not
    depend on which of the two looks): {(a, b): Sight} with a before b in the order
    given (default: the table's order)."""
    ids = list(table.models) if models is None else list(models)
    found = {}
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            found[(a, b)] = sight(table, a, b)
    return found
