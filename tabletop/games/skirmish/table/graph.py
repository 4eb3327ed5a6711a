"""The tangent graph of cheapest routes for bases of one radius on one table version.

Its nodes are the bodies of tangents.py (every obstacle grown by the base radius),
a point in the middle of every gap narrower than WINDOW (where two grown
obstacles touch, a base fitting the gap exactly, no common tangent passes between
them, so a node in the gap lets paths through and bend there), and, on heavy
terrain, its corners and points every HEAVY_STEP along its outline, so that the
search sees ways across, and the points where its outline runs into an obstacle
(`outline_meets`: a way along the outline, outside the dearer terrain, goes on
round the obstacle from there), and where it crosses the line a base centre keeps
to along the table's edge (`outline_edges`: the points every HEAVY_STEP beyond it
are no nodes).

Exactness: the bodies are the obstacles grown by exactly r, while the shapes every
segment is checked against (the board's grown space) are grown by r - EPS, so
segments touching a body are free and float noise (far below EPS) cannot block them.

`router(board)` builds a `Router` from a layer-1 `Board` (plain data) once per
board, i.e. per table version and base radius; the lines between bodies and the
walks round them are built when first needed and kept.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.passage import Board
from tabletop.games.skirmish.table.planar import EPS, Point, Polygon
from tabletop.games.skirmish.table.spans import Heavy, outline_points, segment_cost
from tabletop.games.skirmish.table.tangents import (
    Body,
    Core,
    Line,
    Walk,
    disc_body,
    near_pairs,
    point_body,
    rounded_body,
    tangent_lines,
    walk_points,
)

#: nodes lie this far apart along the outlines of heavy terrain (mm)
HEAVY_STEP = 10.0
#: gaps narrower than this between obstacles get a node in the middle (mm): where two
#: grown obstacles touch (a base fitting a gap exactly) no common tangent passes between
WINDOW = 1e-6
#: routers kept at once (one per table version and base radius)
KEPT = 32
#: starts whose lines to the graph a router keeps (a warrior dragged plans from one
#: start at every motion; its reach was spread from the same start)
KEPT_STARTS = 8


def windows(
    cores: list[Core], width: float, height: float, radius: float, window: float
) -> list[tuple[Point, frozenset[str]]]:
    """A point in the middle of every gap narrower than `window` between two grown
    obstacles, or between one and the table edge, so paths can pass (and bend) there."""
    found = []
    boxes = []
    for c in cores:
        left, top, right, bottom = planar.bounds(c.core)
        boxes.append((left - c.radius, top - c.radius, right + c.radius, bottom + c.radius))
    reach = 2 * radius + window
    w, h = width, height
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


def _within(f0: float, f1: float, lo: float, hi: float, span: tuple[float, float]) -> tuple[float, float]:
    """`span` (an interval of t) cut to where f0 + f1 t lies in [lo, hi]."""
    t0, t1 = span
    if f1 == 0.0:
        return span if lo <= f0 <= hi else (math.inf, -math.inf)
    u, v = (lo - f0) / f1, (hi - f0) / f1
    if u > v:
        u, v = v, u
    return max(t0, u), min(t1, v)


def _through_disc(a: Point, d: Point, c: Point, r: float) -> tuple[float, float]:
    """Where the line a + t d runs inside the disc about c of radius r (t from, to;
    empty where from > to)."""
    fx, fy = a[0] - c[0], a[1] - c[1]
    aa = d[0] * d[0] + d[1] * d[1]
    bb = d[0] * fx + d[1] * fy
    cc = fx * fx + fy * fy - r * r
    det = bb * bb - aa * cc
    if det < 0.0 or aa == 0.0:
        return math.inf, -math.inf
    q = -(bb + math.copysign(math.sqrt(det), bb))
    if q == 0.0:
        return 0.0, 0.0
    t1, t2 = q / aa, cc / q
    return (t1, t2) if t1 <= t2 else (t2, t1)


def _span(a: Point, b: Point, core: Core, reach: float) -> tuple[float, float]:
    """Where the line through a and b (t from, to: a + t (b - a)) runs within `reach`
    of the core (a disc: its centre; a convex part: the part), in closed form
    (empty where from >= to): that set is the union of a disc about each corner and
    a strip either side of each side, so the line runs inside it from the least
    entry into any of them to the last exit from any."""
    d = (b[0] - a[0], b[1] - a[1])
    pts = core.core
    entry, exit_ = math.inf, -math.inf
    for c in pts:
        t0, t1 = _through_disc(a, d, c, reach)
        if t0 <= t1:
            entry, exit_ = min(entry, t0), max(exit_, t1)
    n = len(pts)
    for i in range(n if n > 2 else n - 1):
        p, q = pts[i], pts[(i + 1) % n]
        length = math.dist(p, q)
        if length == 0.0:
            continue
        ex, ey = (q[0] - p[0]) / length, (q[1] - p[1]) / length
        ax, ay = a[0] - p[0], a[1] - p[1]
        # along the side (0 to its length) and off it (within reach either way)
        span = _within(ax * ex + ay * ey, d[0] * ex + d[1] * ey, 0.0, length, (-math.inf, math.inf))
        span = _within(ax * -ey + ay * ex, d[0] * -ey + d[1] * ex, -reach, reach, span)
        if span[0] <= span[1]:
            entry, exit_ = min(entry, span[0]), max(exit_, span[1])
    return entry, exit_


#: how far (mm) a segment must surely pass outside an obstacle's grown outline, or
#: both its ends inside, for the closed form (`_span`) to tell it meets nothing
_SURE = 1e-6


def _surely_none(a: Point, b: Point, core: Core, reach: float) -> bool:
    """Whether segment a-b surely does not run into or out of the points within
    `reach` of the core: it stays _SURE outside, or both its ends lie _SURE inside
    (the set is convex)."""
    entry, exit_ = _span(a, b, core, reach + _SURE)
    if not entry < exit_ or exit_ <= 0.0 or entry >= 1.0:
        return True
    entry, exit_ = _span(a, b, core, reach - _SURE)
    return entry < exit_ and entry <= 0.0 and exit_ >= 1.0


def _meets(a: Point, b: Point, gap: Callable[[Point], float]) -> list[float]:
    """Where along a-b (fractions strictly inside) `gap`, convex along the segment,
    is zero: the least by golden sections, then each side of it halved."""

    def at(t: float) -> float:
        return gap((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))

    ratio = (math.sqrt(5) - 1) / 2
    lo, hi = 0.0, 1.0
    m1, m2 = hi - ratio * (hi - lo), lo + ratio * (hi - lo)
    g1, g2 = at(m1), at(m2)
    for _ in range(60):
        if g1 <= g2:
            hi, m2, g2 = m2, m1, g1
            m1 = hi - ratio * (hi - lo)
            g1 = at(m1)
        else:
            lo, m1, g1 = m1, m2, g2
            m2 = lo + ratio * (hi - lo)
            g2 = at(m2)
    least = (lo + hi) / 2
    if at(least) >= 0.0:
        return []
    found = []
    for outside, inside in ((0.0, least), (1.0, least)):
        if at(outside) <= 0.0:
            continue
        for _ in range(64):
            mid = (outside + inside) / 2
            outside, inside = (mid, inside) if at(mid) > 0.0 else (outside, mid)
        if 0.0 < outside < 1.0:
            found.append(outside)
    return found


def outline_meets(
    outline: Polygon,
    obstacles: list[Core],
    grow: float,
    boxes: list[tuple[float, float, float, float]] | None = None,
) -> list[tuple[Point, Point, tuple[float, ...], tuple[float, ...]]]:
    """Where the sides of heavy terrain's outline run into an obstacle grown by
    `grow` (as `outline_points` gives its points): a cheapest way along the outline,
    outside the dearer terrain, goes on round the obstacle from there (the tangent
    lines to it would cut through the terrain), so these are nodes too, on the
    grown outline (a base there touches the obstacle). `boxes`: the obstacles'
    bounds (planar.bounds), if known."""
    found: list[tuple[Point, Point, tuple[float, ...], tuple[float, ...]]] = []
    n = len(outline)
    o_left, o_top, o_right, o_bottom = planar.bounds(outline)
    for k, core in enumerate(obstacles):
        left, top, right, bottom = planar.bounds(core.core) if boxes is None else boxes[k]
        disc = len(core.core) == 1
        reach = core.radius + grow if disc else grow
        if o_right < left - reach or o_left > right + reach or o_bottom < top - reach or o_top > bottom + reach:
            continue

        def gap(p: Point, core: Core = core, reach: float = reach, disc: bool = disc) -> float:
            away = math.dist(p, core.core[0]) if disc else planar.point_convex_signed_distance(p, core.core)
            return away - reach

        for i in range(n):
            a, b = outline[i], outline[(i + 1) % n]
            if (
                max(a[0], b[0]) < left - reach
                or min(a[0], b[0]) > right + reach
                or max(a[1], b[1]) < top - reach
                or min(a[1], b[1]) > bottom + reach
            ):
                continue
            length = math.dist(a, b)
            if length == 0.0:
                continue
            ex, ey = (b[0] - a[0]) / length, (b[1] - a[1]) / length
            forward = math.atan2(ey, ex)
            if _surely_none(a, b, core, reach):
                continue
            for t in _meets(a, b, gap):
                point = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
                found.append((point, (ey, -ex), (forward, forward + math.pi), (length * (1 - t), length * t)))
    return found


def outline_edges(
    outline: Polygon, width: float, height: float, grow: float
) -> list[tuple[Point, Point, tuple[float, ...], tuple[float, ...]]]:
    """Where the sides of heavy terrain's outline cross the line the base centre
    keeps to along the table's edge (`grow` inside it), on the table (as
    `outline_points` gives its points): the side's nodes every HEAVY_STEP off the
    table are no nodes, so a way along or across the side next to the edge
    bends here."""
    found: list[tuple[Point, Point, tuple[float, ...], tuple[float, ...]]] = []
    n = len(outline)
    for i in range(n):
        a, b = outline[i], outline[(i + 1) % n]
        length = math.dist(a, b)
        if length == 0.0:
            continue
        ex, ey = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        forward = math.atan2(ey, ex)
        for axis, line in ((0, grow), (0, width - grow), (1, grow), (1, height - grow)):
            da, db = a[axis] - line, b[axis] - line
            if da * db >= 0.0:
                continue
            t = da / (da - db)
            point = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
            if grow - 1e-9 <= point[1 - axis] <= (width, height)[1 - axis] - grow + 1e-9:
                found.append((point, (ey, -ex), (forward, forward + math.pi), (length * (1 - t), length * t)))
    return found


class Router:
    """The tangent graph for bases of one radius on one table version: bodies,
    the lines between them and the walks round them, each built when first needed
    and kept (a new table version has a new board, so a new router)."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.radius = board.radius
        self.heavy: list[Heavy] = board.costs.heavy
        grow = board.radius  # exactly: the shapes checked against are EPS smaller (see Exactness)
        bodies: list[Body] = []
        for core in board.obstacles:
            if len(core.core) == 1:
                bodies.append(disc_body(core.owner, core.core[0], core.radius + grow))
            else:
                bodies.append(rounded_body(core.owner, core.core, grow))
        for point, owners in windows(board.obstacles, board.width, board.height, board.radius, WINDOW):
            bodies.append(point_body("", point, board.blocked(point) - owners))
        boxes = [planar.bounds(core.core) for core in board.obstacles] if board.costs.outlines else []
        for outline in board.costs.outlines:
            marks = (
                outline_points(outline.points, HEAVY_STEP)
                + outline_meets(outline.points, board.obstacles, grow, boxes)
                + outline_edges(outline.points, board.width, board.height, grow)
            )
            for point, normal, sides, lengths in marks:
                blocked = board.blocked(point)
                if "edge" not in blocked:
                    bodies.append(point_body("", point, blocked, normal, sides, lengths))
        self.bodies = bodies
        self.lines: dict[tuple[int, int], list[Line]] = {}
        self.walks: dict[tuple[int, int, float, int, float, int], Walk] = {}
        #: per start point: the lines between it (a search's body len(bodies)) and the bodies
        self.starts: dict[Point, dict[tuple[int, int], list[Line]]] = {}
        #: per start point and limit: the nodes about it where it lies in heavy terrain
        self.feet: dict[tuple[Point, float], list[Body]] = {}
        #: per start point and limit with such nodes: the lines between them and the
        #: graph's bodies, keyed by (index of the first of them in a search, i, j)
        self.feet_lines: dict[tuple[Point, float], dict[tuple[int, int, int], list[Line]]] = {}

    # -- lines and walks, kept between queries -----------------------------------------------

    def lines_between(self, i: int, j: int) -> list[Line]:
        found = self.lines.get((i, j))
        if found is None:
            back = self.lines.get((j, i))
            if back is None:
                found = tangent_lines(self.bodies, i, j)
            else:
                # the lines the other way reversed, made when first asked for: each
                # costed its own way (`line_cost`)
                found = [line.reversed() for line in back]
                for line in found:
                    line.cost = None
            self.lines[(i, j)] = found
        return found

    def start_lines(self, start: Point, bodies: list[Body], i: int, j: int) -> list[Line]:
        """The lines between a search's start, a point body at index len(self.bodies)
        of `bodies`, and a body of the graph, kept per start point (the same for
        every search from it)."""
        kept = self.starts.get(start)
        if kept is None:
            if len(self.starts) >= KEPT_STARTS:
                del self.starts[next(iter(self.starts))]
            kept = self.starts[start] = {}
        found = kept.get((i, j))
        if found is None:
            found = kept[(i, j)] = tangent_lines(bodies, i, j)
        return found

    def start_feet(self, start: Point, limit: float) -> list[Body] | None:
        """The nodes a search put about its start in heavy terrain (kept per start
        point and limit by `keep_start_feet`), or None."""
        return self.feet.get((start, limit))

    def keep_start_feet(self, start: Point, limit: float, bodies: list[Body]) -> None:
        if len(self.feet) >= KEPT_STARTS:
            oldest = next(iter(self.feet))
            del self.feet[oldest]
            self.feet_lines.pop(oldest, None)
        self.feet[(start, limit)] = bodies
        self.feet_lines[(start, limit)] = {}

    def start_feet_lines(self, start: Point, limit: float) -> dict[tuple[int, int, int], list[Line]]:
        """Where `start_feet` gives nodes for (start, limit): the lines between them
        and the graph's bodies, keyed by (index of the first of them in a search,
        i, j), to keep (the same for every search from it that puts them there)."""
        return self.feet_lines[(start, limit)]

    def line_cost(self, line: Line) -> float:
        if line.cost is None:
            line.cost = segment_cost(line.start, line.end, self.heavy)
        return line.cost

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
            points, length, heavy = self._walk_points(body_index, c1, a1, c2, a2, orient)
            cost = 0.0
            for p, q in zip(points, points[1:], strict=False):
                cost += segment_cost(p, q, heavy)
            found = Walk(points, length, cost)
            self.walks[key] = found
        return found

    def walk_points(self, body_index: int, c1: int, a1: float, c2: int, a2: float, orient: int) -> tuple[Point, ...]:
        """The points of the walk round a body between two of its points (`walk`'s),
        its segments not costed."""
        found = self.walks.get((body_index, c1, a1, c2, a2, orient))
        if found is not None:
            return tuple(found.points)
        return self._walk_points(body_index, c1, a1, c2, a2, orient)[0]

    def walk_within(
        self, body_index: int, c1: int, a1: float, c2: int, a2: float, orient: int, spent: float, limit: float
    ) -> bool:
        """`spent + walk(...).cost <= limit`, the walk's segments costed only while
        that is in doubt: each costs at least its length, and at most its length at
        the dearest rate the heavy parts near the walk add up to (_SURE to spare
        either way)."""
        found = self.walks.get((body_index, c1, a1, c2, a2, orient))
        if found is not None:
            return spent + found.cost <= limit
        points, length, heavy = self._walk_points(body_index, c1, a1, c2, a2, orient)
        legs = [math.hypot(q[0] - p[0], q[1] - p[1]) for p, q in zip(points, points[1:], strict=False)]
        rest = sum(legs)  # what the segments not yet costed cost at least
        # the dearest a mm near the walk can cost: the parts of one piece do not overlap,
        # but pieces may, and segment_cost adds up the extra of every part a stretch is in
        extra: dict[object, float] = {}
        for h in heavy:
            key = h.owner or id(h)  # (a part of no named piece counts on its own)
            extra[key] = max(extra.get(key, 0.0), h.extra)
        dearest = 1.0 + sum(extra.values())
        cost = 0.0
        for k, leg in enumerate(legs):
            if spent + cost + rest * dearest < limit - _SURE:
                return True
            if spent + cost + rest > limit + _SURE:
                return False
            cost += segment_cost(points[k], points[k + 1], heavy)
            rest -= leg
        self.walks[(body_index, c1, a1, c2, a2, orient)] = Walk(points, length, cost)
        return spent + cost <= limit

    def _walk_points(
        self, body_index: int, c1: int, a1: float, c2: int, a2: float, orient: int
    ) -> tuple[tuple[Point, ...], float, list[Heavy]]:
        """The points of the walk, its length, and the heavy parts whose box meets
        the walk's (segment_cost skips the others anyway)."""
        body = self.bodies[body_index]
        first, last = body.at(c1, a1), body.at(c2, a2)
        corners, length = walk_points(body, c1, a1, c2, a2, orient)
        points = (first, *corners, last)
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        left, right, top, bottom = min(xs), max(xs), min(ys), max(ys)
        heavy = [h for h in self.heavy if _box_meets(h.box, left, top, right, bottom)]
        return points, length, heavy


#: how far (mm) `Router.walk_within`'s bounds must lie from the limit to decide it: far
#: above the float error of summing a walk's segments in another order
_SURE = 1e-6


def _box_meets(box: tuple[float, float, float, float], left: float, top: float, right: float, bottom: float) -> bool:
    return not (box[2] < left or box[0] > right or box[3] < top or box[1] > bottom)


_routers: dict[Board, Router] = {}


def router(board: Board) -> Router:
    """The tangent graph on `board` (kept for the last KEPT boards)."""
    found = _routers.get(board)
    if found is None:
        if len(_routers) >= KEPT:
            del _routers[next(iter(_routers))]
        found = _routers[board] = Router(board)
    return found
