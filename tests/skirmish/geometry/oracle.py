"""An independent oracle for movement: the exact cost of the cheapest path of a base
centre to a point, computed its own way.

It shares nothing with routes.py, movement.py or costs.py: it reads only the Table's
contents (models, pieces with their convex parts and outlines, their effects) and
uses planar.py's primitives.

- Free space: the base centre keeps `radius` off every convex part of terrain a move
  may not cross, `radius + r` off every other base's centre, and `radius` inside the
  table's edges. Touching is allowed (within TOUCH).
- Without heavy terrain the cheapest path is made of straight segments tangent to
  circles (the grown corners of terrain parts, the grown bases) and arcs along them.
  The oracle builds that graph exactly: every common tangent of two circles and every
  tangent from the start, kept where it is clear and both ends lie on free arcs of
  their circles (the free arcs are cut exactly where a circle meets any obstacle's
  circle, a grown edge or a table edge), and every arc between neighbouring tangent
  points of one free arc (round a wholly free circle also past its angle 0). A
  point's cost is the cheapest of: straight from the start, or along a circle to
  one of the two tangent points from the point and on to it.
- Heavy terrain (crossing cost X > 1): the same graph, plus points every HEAVY_STEP
  mm along each heavy piece's outline and the exact corners of the free space on it
  (where a side meets a wall's grown side, a circle or the table's edge, corners.py)
  joined by every clear straight segment
  (Dijkstra, lazily, pruned by the straight-line bound). Costs are exact for a given
  path (the segment clipped against each heavy part, a seam between two parts of
  a piece inside it, an arc split where it crosses a heavy part's side); points
  every CIRCLE_STEP on the circles' free arcs stand in for the
  tangents from outline points to circles. The graph gives an upper bound of the cheapest cost that is within
  about X * HEAVY_STEP^2 / length of it (a crossing off by at most half a step);
  `polished` slides the crossings to their least (polish.py).
- A warrior standing in terrain a move may not enter (burning bushes, the top of a
  rocky hill) passes through it on the first leg until its base is first clear of
  it: straight segments from the start, and the bends where a way out may bend
  (exits.py: past an obstacle the leg touches while still on the terrain, and the
  ends of the stretches of the terrain's grown outline a first leg reaches; over
  heavy terrain every point of it every EXIT_STEP, slid along it when polished).
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable
from dataclasses import dataclass, field

from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.table import Table
from tests.skirmish.geometry import corners
from tests.skirmish.geometry.exits import WaysOut, clear_at, tangent_points
from tests.skirmish.geometry.heavy import TAU, HeavyCosts, circle_cuts, norm

Point = tuple[float, float]

#: touching is allowed: an overlap this small counts as touching (mm)
TOUCH = 1e-6
#: spacing of the points on heavy terrain's outline (mm)
HEAVY_STEP = 1.0
#: angle between the points that stand in for tangents to a circle over heavy terrain
#: (a path bends by at most this at one: radius * step^2 / 8 too dear, 0.003 mm)
CIRCLE_STEP = math.radians(2.0)
#: tangent points this close to the end of a free arc lie on it (radians)
ANGLE_TOUCH = 1e-7


@dataclass
class _Circle:
    centre: Point
    radius: float
    cuts: list[float] = field(default_factory=list)
    free: list[tuple[float, float]] = field(default_factory=list)  # angle intervals, start in [0, 2pi)
    nodes: list[int] = field(default_factory=list)
    heavy: bool = False  # whether heavy terrain may lie on it
    profile: tuple[list[float], list[float], list[float]] | None = None

    def point(self, theta: float) -> Point:
        return (self.centre[0] + self.radius * math.cos(theta), self.centre[1] + self.radius * math.sin(theta))

    @property
    def whole(self) -> bool:
        """Whether the whole circle is free (a way round it may pass its angle 0)."""
        return len(self.free) == 1 and self.free[0][1] - self.free[0][0] >= TAU - 1e-12

    def turns(self, a0: float, a1: float) -> list[float]:
        """The angles to go to from a0 to reach angle a1 along a free arc: a1,
        and round the other way past angle 0 on a whole free circle."""
        if not self.whole:
            return [a1]
        return [a1, a1 + TAU if a1 < a0 else a1 - TAU]

    def interval(self, theta: float) -> int | None:
        """Which free arc holds the angle (None: none)."""
        for k, (a0, a1) in enumerate(self.free):
            t = norm(theta - a0)
            if t <= a1 - a0 + ANGLE_TOUCH or t >= TAU - ANGLE_TOUCH:
                return k
        return None

    def offset(self, k: int, theta: float) -> float:
        """The angle measured along free arc k from its start."""
        t = norm(theta - self.free[k][0])
        return 0.0 if t >= TAU - ANGLE_TOUCH else t


@dataclass
class _Node:
    point: Point
    circle: int | None = None
    arc: int | None = None
    along: float = 0.0  # angle along the free arc


class Oracle:
    """The cheapest-path costs of one model's move on a table (see the module)."""

    def __init__(self, table: Table, model_id: str, allowance: float | None = None) -> None:
        me = table.models[model_id]
        self.r = r = me.radius
        self.start: Point = me.position
        self.limit = table.allowance if allowance is None else allowance
        self.width, self.height = table.width, table.height
        self.discs = [(m.position, m.radius + r) for m in table.models.values() if m.id != model_id]
        self.walls: list[tuple[str, tuple[Point, ...], tuple[float, float, float, float]]] = []
        self.heavy: list[tuple[tuple[Point, ...], float, tuple[float, float, float, float]]] = []
        heavy_outlines = []
        self.outline_edges: list[tuple[Point, Point]] = []
        self.climbable = {}
        for piece in table.pieces.values():
            eff = table.effect(piece.id)
            if eff.crossing_cost is None:
                # swim-only water: a base may reach 10 mm into it (S34), so its deep parts are the walls
                for part in table.blocking_parts(piece.id):
                    self.walls.append((piece.id, part, planar.bounds(part)))
                if eff.climbable:
                    self.climbable[piece.id] = piece
            elif eff.crossing_cost > 1.0:
                for part in piece.parts:
                    self.heavy.append((part, eff.crossing_cost - 1.0, planar.bounds(part)))
                heavy_outlines.append(piece.outline)
                out = piece.outline
                self.outline_edges += [(out[i], out[(i + 1) % len(out)]) for i in range(len(out))]
        # pieces the base overlaps at the start although a move may not enter them
        self.leaving = frozenset(
            pid for pid, part, _ in self.walls if planar.point_convex_signed_distance(self.start, part) < r - TOUCH
        )
        self.leaving_parts = [part for pid, part, _ in self.walls if pid in self.leaving]
        self.costs = HeavyCosts(self.heavy)
        self.circles: list[_Circle] = []
        self.nodes: list[_Node] = [_Node(self.start)]
        self.edges: dict[int, list[tuple[int, float]]] = {0: []}
        self.heavy_nodes: list[int] = []
        self._build_circles()
        self._tangents()
        self.ways_out = WaysOut(self)
        if self.heavy:
            self._outline_nodes(heavy_outlines)
            self._circle_nodes()
        self._arcs()
        self.parent: list[int] = [-1] * len(self.nodes)
        self.g = self._dijkstra()

    # -- free space ------------------------------------------------------------------

    def clearance(self, p: Point, ignore: frozenset[str] = frozenset()) -> float:
        """How far the base at p is from overlapping anything (negative: overlap)."""
        r = self.r
        x, y = p
        worst = min(x - r, y - r, self.width - r - x, self.height - r - y)
        for c, rr in self.discs:
            worst = min(worst, math.hypot(x - c[0], y - c[1]) - rr)
        for pid, part, (left, top, right, bottom) in self.walls:
            if pid in ignore:
                continue
            if x < left - worst - r or x > right + worst + r or y < top - worst - r or y > bottom + worst + r:
                continue
            worst = min(worst, planar.point_convex_signed_distance(p, part) - r)
        return worst

    def end_clearance(self, p: Point) -> float:
        """Like `clearance` for where a move ends: on a piece it may climb and stood
        on at the start, the base may stand wholly on top."""
        climbed = frozenset(pid for pid in self.leaving if pid in self.climbable)
        worst = self.clearance(p, climbed)
        for pid in climbed:
            piece = self.climbable[pid]
            off = min(planar.point_convex_signed_distance(p, part) for (part,) in [(q,) for q in piece.parts]) - self.r
            on = -math.inf
            if planar.point_in_polygon(p, piece.outline):
                out = piece.outline
                on = min(planar.point_segment_distance(p, out[i], out[(i + 1) % len(out)]) for i in range(len(out)))
                on -= self.r
            worst = min(worst, max(off, on))
        return worst

    def segment_clear(self, a: Point, b: Point, ignore: frozenset[str] = frozenset(), touch: float = TOUCH) -> bool:
        r = self.r
        for x, y in (a, b):
            if min(x - r, y - r, self.width - r - x, self.height - r - y) < -touch:
                return False
        for c, rr in self.discs:
            if planar.point_segment_distance(c, a, b) < rr - touch:
                return False
        left, right = min(a[0], b[0]) - r, max(a[0], b[0]) + r
        top, bottom = min(a[1], b[1]) - r, max(a[1], b[1]) + r
        for pid, part, (pl, pt, pr, pb) in self.walls:
            if pr < left or pl > right or pb < top or pt > bottom or pid in ignore:
                continue
            if planar.segment_convex_distance(a, b, part) < r - touch:
                return False
        return True

    def start_segment(self, a: Point, b: Point, touch: float = TOUCH) -> tuple[bool, bool]:
        """(clear, still on the pieces it started in at b) for a segment from the start."""
        if not self.leaving:
            return self.segment_clear(a, b, touch=touch), False
        t = clear_at(self.leaving_parts, self.r, a, b)
        if t >= 1.0:
            return self.segment_clear(a, b, self.leaving, touch), True
        out = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        return self.segment_clear(a, out, self.leaving, touch) and self.segment_clear(out, b, touch=touch), False

    def edge_clear(self, i: int, b: Point) -> bool:
        return self.leg_clear(self.nodes[i].point, b)

    def leg_clear(self, a: Point, b: Point) -> bool:
        """Whether a leg of a path is clear: from the start, through the terrain it
        stands in until first clear of it, and off it at b."""
        if a == self.start:
            ok, on = self.start_segment(a, b)
            return ok and not on
        return self.segment_clear(a, b)

    # -- costs -----------------------------------------------------------------------

    def cost_at(self, p: Point) -> float:
        return self.costs.at(p)

    def segment_cost(self, a: Point, b: Point) -> float:
        return self.costs.segment(a, b)

    def arc_cost(self, k: int, t0: float, t1: float) -> float:
        return self.costs.arc(self.circles[k], t0, t1)

    def path_cost(self, points) -> float:
        return sum(self.segment_cost(a, b) for a, b in zip(points, points[1:], strict=False))

    def check_path(self, points, touch: float = 1e-5) -> bool:
        """Whether a path of straight segments from the start is clear (touching
        within `touch` allowed) and may end where it ends."""
        on = bool(self.leaving) and tuple(points[0]) == self.start
        for a, b in zip(points, points[1:], strict=False):
            if on:
                if a != self.start:
                    return False  # the oracle only passes through on the first segment
                ok, on = self.start_segment(a, b, touch)
            else:
                ok = self.segment_clear(a, b, touch=touch)
            if not ok:
                return False
        return self.end_clearance(points[-1]) >= -touch

    # -- the graph -------------------------------------------------------------------

    def _build_circles(self) -> None:
        reach = self.limit + 1.0
        seen: dict[tuple[float, float, float], int] = {}

        def add(centre: Point, radius: float, cuts: list[float]) -> None:
            if math.dist(centre, self.start) - radius > reach:
                return
            key = (round(centre[0], 9), round(centre[1], 9), round(radius, 9))
            if key in seen:
                self.circles[seen[key]].cuts += cuts
                return
            seen[key] = len(self.circles)
            self.circles.append(_Circle(centre, radius, list(cuts)))

        for c, rr in self.discs:
            add(c, rr, [])
        for _, part, _ in self.walls:
            n = len(part)
            for i in range(n):
                prev, v, nxt = part[i - 1], part[i], part[(i + 1) % n]
                # the outward normals of the two sides at the corner bound its free arc
                cuts = [math.atan2(-(v[0] - prev[0]), v[1] - prev[1]), math.atan2(-(nxt[0] - v[0]), nxt[1] - v[1])]
                add(v, self.r, cuts)
        for circle in self.circles:
            self._free_arcs(circle)
            (x, y), rr = circle.centre, circle.radius
            circle.heavy = any(
                left <= x + rr and x - rr <= right and top <= y + rr and y - rr <= bottom
                for _, _, (left, top, right, bottom) in self.heavy
            )

    def _free_arcs(self, circle: _Circle) -> None:
        c, rr = circle.centre, circle.radius
        cuts = [norm(t) for t in circle.cuts]
        # every obstacle's circle cuts, also those too far from the start to be nodes
        others = [*self.discs, *((v, self.r) for _, part, _ in self.walls for v in part)]
        for centre, radius in others:
            d = math.dist(c, centre)
            if d == 0.0 or d >= rr + radius or d <= abs(rr - radius):
                continue
            base = math.atan2(centre[1] - c[1], centre[0] - c[0])
            half = math.acos(max(-1.0, min(1.0, (d * d + rr * rr - radius**2) / (2 * d * rr))))
            cuts += [norm(base + half), norm(base - half)]
        segments = []
        for _, part, _ in self.walls:
            n = len(part)
            for i in range(n):
                v, w = part[i], part[(i + 1) % n]
                ex, ey = w[0] - v[0], w[1] - v[1]
                length = math.hypot(ex, ey)
                nx, ny = ey / length * self.r, -ex / length * self.r
                segments.append(((v[0] + nx, v[1] + ny), (w[0] + nx, w[1] + ny)))
                segments.append(((v[0] - nx, v[1] - ny), (w[0] - nx, w[1] - ny)))
        r = self.r
        w, h = self.width, self.height
        segments += [
            ((r, r), (w - r, r)),
            ((w - r, r), (w - r, h - r)),
            ((w - r, h - r), (r, h - r)),
            ((r, h - r), (r, r)),
        ]
        for a, b in segments:
            cuts += circle_cuts(c, rr, a, b)
        cuts = sorted(set(cuts))
        if not cuts:
            circle.free = [(0.0, TAU)] if self.clearance(circle.point(0.0)) >= -1e-7 else []
            return
        free = []
        for k, a0 in enumerate(cuts):
            a1 = cuts[k + 1] if k + 1 < len(cuts) else cuts[0] + TAU
            if a1 - a0 < 1e-12:
                continue
            if self.clearance(circle.point((a0 + a1) / 2)) >= -1e-7:
                if free and abs(free[-1][1] - a0) < 1e-12:
                    free[-1] = (free[-1][0], a1)
                else:
                    free.append((a0, a1))
        if len(free) > 1 and abs(free[-1][1] - TAU - free[0][0]) < 1e-12:
            free[0] = (free[-1][0], free[0][1] + TAU)
            free.pop()
        circle.free = free

    def _node(self, point: Point, k: int | None = None, theta: float = 0.0) -> int:
        node = _Node(point)
        if k is not None:
            circle = self.circles[k]
            arc = circle.interval(theta)
            assert arc is not None
            node.circle, node.arc, node.along = k, arc, circle.offset(arc, theta)
            circle.nodes.append(len(self.nodes))
        self.nodes.append(node)
        self.edges[len(self.nodes) - 1] = []
        return len(self.nodes) - 1

    def _join(self, i: int, j: int, cost: float) -> None:
        self.edges[i].append((j, cost))
        self.edges[j].append((i, cost))

    def _tangents(self) -> None:
        s, limit = self.start, self.limit
        circles = self.circles
        for k, circle in enumerate(circles):
            if not circle.free:
                continue
            for t in tangent_points(s, circle.centre, circle.radius):
                theta = math.atan2(t[1] - circle.centre[1], t[0] - circle.centre[0])
                if math.dist(s, t) > limit or circle.interval(theta) is None:
                    continue
                ok, on = self.start_segment(s, t)
                if ok and not on:
                    j = self._node(t, k, theta)
                    self.edges[0].append((j, self.segment_cost(s, t)))
        for k, c1 in enumerate(circles):
            if not c1.free:
                continue
            for m in range(k + 1, len(circles)):
                c2 = circles[m]
                if not c2.free or math.dist(c1.centre, c2.centre) - c1.radius - c2.radius > limit:
                    continue
                if min(math.dist(s, c1.centre) - c1.radius, math.dist(s, c2.centre) - c2.radius) > limit:
                    continue
                for p, d in planar.common_tangent_lines(c1.centre, c1.radius, c2.centre, c2.radius):
                    along = (c2.centre[0] - p[0]) * d[0] + (c2.centre[1] - p[1]) * d[1]
                    q = (p[0] + along * d[0], p[1] + along * d[1])
                    length = abs(along)
                    if min(math.dist(s, p), math.dist(s, q)) + length > limit:
                        continue
                    t1 = math.atan2(p[1] - c1.centre[1], p[0] - c1.centre[0])
                    t2 = math.atan2(q[1] - c2.centre[1], q[0] - c2.centre[0])
                    if c1.interval(t1) is None or c2.interval(t2) is None or not self.segment_clear(p, q):
                        continue
                    self._join(self._node(p, k, t1), self._node(q, m, t2), self.segment_cost(p, q))

    def _outline_nodes(self, outlines) -> None:
        for outline in outlines:
            n = len(outline)
            for i in range(n):
                a, b = outline[i], outline[(i + 1) % n]
                count = max(1, math.ceil(math.dist(a, b) / HEAVY_STEP))
                for j in range(count):
                    q = (a[0] + (b[0] - a[0]) * j / count, a[1] + (b[1] - a[1]) * j / count)
                    if math.dist(q, self.start) <= self.limit and self.clearance(q) >= 0.0:
                        self.heavy_nodes.append(self._node(q))
                # the free space's corners on the side and the start's critical exits to it, exactly
                for q, k, theta in corners.nodes(self, a, b, TOUCH):
                    self.heavy_nodes.append(self._node(q, k, theta))

    def _circle_nodes(self) -> None:
        # over heavy terrain a path may reach a circle from an outline point: points
        # every CIRCLE_STEP on the free arcs stand in for those tangents
        for k, circle in enumerate(self.circles):
            if math.dist(circle.centre, self.start) - circle.radius > self.limit:
                continue
            for a0, a1 in circle.free:
                count = math.ceil((a1 - a0) / CIRCLE_STEP)
                for j in range(count + 1):
                    theta = a0 + (a1 - a0) * j / count
                    q = circle.point(theta)
                    if math.dist(q, self.start) <= self.limit:
                        self.heavy_nodes.append(self._node(q, k, theta))

    def _arcs(self) -> None:
        for k, circle in enumerate(self.circles):
            by_arc: dict[int, list[int]] = {}
            for i in circle.nodes:
                by_arc.setdefault(self.nodes[i].arc, []).append(i)
            for arc, members in by_arc.items():
                members.sort(key=lambda i: self.nodes[i].along)
                start = circle.free[arc][0]
                for i, j in zip(members, members[1:], strict=False):
                    t0, t1 = start + self.nodes[i].along, start + self.nodes[j].along
                    self._join(i, j, self.arc_cost(k, t0, t1))
                if circle.whole and len(members) > 1:
                    # round a whole free circle past its angle 0
                    last, first = members[-1], members[0]
                    t0, t1 = start + self.nodes[last].along, start + self.nodes[first].along + TAU
                    self._join(last, first, self.arc_cost(k, t0, t1))

    def _dijkstra(self) -> list[float]:
        g = [math.inf] * len(self.nodes)
        g[0] = 0.0
        done = [False] * len(self.nodes)
        heap = [(0.0, 0)]
        lazy = set(self.heavy_nodes)
        targets = self.heavy_nodes
        everything = range(len(self.nodes))
        while heap:
            d, i = heapq.heappop(heap)
            if done[i]:
                continue
            done[i] = True
            for j, c in self.edges[i]:
                if d + c < g[j]:
                    g[j] = d + c
                    self.parent[j] = i
                    heapq.heappush(heap, (g[j], j))
            if not lazy:
                continue
            # straight segments over heavy terrain: to and from every outline point
            p = self.nodes[i].point
            for j in everything if i in lazy else targets:
                if done[j]:
                    continue
                q = self.nodes[j].point
                bound = d + math.hypot(q[0] - p[0], q[1] - p[1])
                if bound >= g[j] or bound > self.limit:
                    continue
                if not self.edge_clear(i, q):
                    continue
                c = d + self.segment_cost(p, q)
                if c < g[j]:
                    g[j] = c
                    self.parent[j] = i
                    heapq.heappush(heap, (c, j))
        return g

    # -- answers ---------------------------------------------------------------------

    def cost(self, p: Point, touch: float = TOUCH) -> float:
        """The cost of the cheapest path found to p (inf: none within the limit).
        Whether the base may end at p is `end_clearance`'s question."""
        return self.route(p, touch)[0]

    def route(self, p: Point, touch: float = TOUCH) -> tuple[float, list[Point]]:
        """The cheapest path found to p: its cost and its points (arcs as points on
        the circle every degree, for looking at). `touch`: the overlap allowed on
        the last leg, for a point that close to an obstacle."""
        ways = self._ways(p, touch)
        if not ways:
            return math.inf, [self.start, p]
        cost, via = min(ways, key=lambda way: way[0])
        return cost, [*via(), p]

    def _ways(self, p: Point, touch: float, slack: float = 0.0) -> list[tuple[float, Callable[[], list[Point]]]]:
        """The ways to p found within `slack` of the cheapest: (cost, its points
        up to p)."""
        s = self.start
        found: list[tuple[float, Callable[[], list[Point]]]] = []
        best = math.inf

        def keep(cost: float, via: Callable[[], list[Point]]) -> None:
            nonlocal best
            if cost < best + slack:
                found.append((cost, via))
                best = min(best, cost)

        if math.dist(s, p) <= self.limit:
            ok, on = self.start_segment(s, p, touch)
            if ok and (not on or self.end_clearance(p) >= -touch):
                keep(self.segment_cost(s, p), lambda: [s])
        for i in self.ways_out.fixed:
            q = self.nodes[i].point
            if self.g[i] + math.dist(q, p) < best + slack and self.segment_clear(q, p, touch=touch):
                keep(self.g[i] + self.segment_cost(q, p), lambda i=i: self._points(i))
        for k, circle in enumerate(self.circles):
            if not circle.nodes:
                continue
            for t in tangent_points(p, circle.centre, circle.radius):
                theta = math.atan2(t[1] - circle.centre[1], t[0] - circle.centre[0])
                arc = circle.interval(theta)
                if arc is None:
                    continue
                along = circle.offset(arc, theta)
                start = circle.free[arc][0]
                arrive, node, to = math.inf, -1, start + along
                ranked = sorted(
                    (self.g[i] + circle.radius * abs(end - start - self.nodes[i].along), i, end)
                    for i in circle.nodes
                    if self.nodes[i].arc == arc
                    for end in circle.turns(start + self.nodes[i].along, start + along)
                )
                for bound, i, end in ranked:
                    if bound >= arrive:
                        break
                    cost = self.g[i] + self.arc_cost(k, start + self.nodes[i].along, end)
                    if cost < arrive:
                        arrive, node, to = cost, i, end
                if arrive + math.dist(t, p) < best + slack and self.segment_clear(t, p, touch=touch):

                    def via(node: int = node, theta: float = to, t: Point = t) -> list[Point]:
                        return [*self._points(node), *self._arc_points(node, theta), t]

                    keep(arrive + self.segment_cost(t, p), via)
        if self.heavy_nodes:
            ranked = sorted((self.g[i] + math.dist(self.nodes[i].point, p), i) for i in range(1, len(self.nodes)))
            for bound, i in ranked:
                if bound >= best + slack or bound > self.limit + 1.0:
                    break
                q = self.nodes[i].point
                if self.segment_clear(q, p, touch=touch):
                    keep(self.g[i] + self.segment_cost(q, p), lambda i=i: self._points(i))
        return [way for way in found if way[0] <= best + slack]

    def polished(self, p: Point, touch: float = TOUCH) -> tuple[float, list[Point]]:
        """`route` over heavy terrain with its crossings slid to their least (polish.py)."""
        if not self.heavy:
            return self.route(p, touch)
        from tests.skirmish.geometry import polish  # it reads this module's constants

        return polish.polished(self, p, touch)

    def _arc_points(self, i: int, theta: float) -> list[Point]:
        node = self.nodes[i]
        if node.circle is None:
            return []
        circle = self.circles[node.circle]
        t0 = circle.free[node.arc][0] + node.along
        steps = int(abs(theta - t0) / math.radians(1.0))
        return [circle.point(t0 + (theta - t0) * j / (steps + 1)) for j in range(1, steps + 1)]

    def _points(self, i: int) -> list[Point]:
        """The points of the cheapest path to node i."""
        chain = []
        while i != -1:
            chain.append(i)
            i = self.parent[i]
        chain.reverse()
        points = [self.nodes[chain[0]].point]
        for a, b in zip(chain, chain[1:], strict=False):
            na, nb = self.nodes[a], self.nodes[b]
            if na.circle is not None and na.circle == nb.circle:
                circle = self.circles[nb.circle]
                start = circle.free[nb.arc][0]
                # the way the search went round: the arc whose cost it added
                ends = circle.turns(start + na.along, start + nb.along)
                spent = self.g[b] - self.g[a]
                end = min(ends, key=lambda e: abs(self.arc_cost(nb.circle, start + na.along, e) - spent))
                points += self._arc_points(a, end)
            points.append(nb.point)
        return points
