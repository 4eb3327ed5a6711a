"""Movement of a base across the table.

A move is a path of straight segments of the base centre. It is allowed when along
the whole path the base overlaps no other model and no terrain it may not cross
(touching is allowed), stays on the table, and the path's cost is within the
allowance (100 mm from data): each mm counts once, or X times inside terrain of
crossing cost X (heavy terrain, or crossable terrain at double cost), measured on
the centre's path.

Exactness: every obstacle is grown by the base radius in a pymunk space of its own
(`Table.grown`), so "the disc fits along this segment" is a zero-width segment
cast, exact up to `planar.EPS` (no sampling; pymunk's segment query with a radius
is not used because it misses shapes, Chipmunk issue 138). A 40 mm base does not
pass a 35 mm gap, a 30 mm base does, and one of 35 mm just does.

- `check_path(table, model_id, points)` -> `PathCheck` (ok, length, cost, what
  blocks which segment, over the allowance).
- `path_cost(table, points)` -> (length, cost).
- `shortest_path(table, model_id, goal)` -> `Path` or None: the cheapest path
  within the allowance, found on a visibility graph whose nodes lie just outside
  the grown obstacles (circumscribed polygons of the grown discs and rounded
  corners, points in narrow gaps, points along heavy terrain). Its cost exceeds the
  true infimum by at most about 1 % of the length spent bending around obstacles.
- `path_to_contact(table, model_id, target_id)`: the cheapest path ending in exact
  contact with the target (a charge).
- `reach(table, model_id)` -> `Reach`: the area the base centre can reach in one
  move, as star-shaped polygons to fill (their union is the area).
- End of a move: `enemies_touching`, `move_may_end` (no enemy in contact after a
  move), `charge_may_end` (an enemy in contact after a charge).
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass, replace

from tabletop.games.skirmish import planar
from tabletop.games.skirmish.planar import EPS, Point, Polygon
from tabletop.games.skirmish.table import GrownSpace, Table

#: nodes sit this far outside the grown obstacles, so float noise keeps them free (mm)
CLEARANCE = 1e-3
#: largest turn at one node around a rounded obstacle (radians): 16 nodes a circle
TURN = math.pi / 8
#: gaps between grown obstacles narrower than this get a node in the middle (mm)
WINDOW = 2.0
#: spacing of nodes along the edges of heavy terrain (mm)
HEAVY_STEP = 10.0
#: angle between the rays of a reach fan (radians)
FAN_STEP = math.radians(2.0)


@dataclass(frozen=True)
class Path:
    """A path of the base centre: `points` from the start, `length` of the centre
    line, `cost` with crossing costs (what counts against the allowance)."""

    points: tuple[Point, ...]
    length: float
    cost: float

    @property
    def end(self) -> Point:
        return self.points[-1]


@dataclass(frozen=True)
class PathCheck:
    """Whether a path may be moved. `blocked_by`: the element the base would overlap
    first ("edge" for the table edge), on segment `segment` (0 is the first).
    `over_allowance`: the cost exceeds the allowance."""

    ok: bool
    length: float
    cost: float
    blocked_by: str | None = None
    segment: int | None = None
    over_allowance: bool = False


@dataclass(frozen=True)
class Reach:
    """Where the base centre can get in one move: the union of `polygons` (each a
    fan, star-shaped about its first point). `allowance` is what was spent."""

    origin: Point
    allowance: float
    polygons: tuple[Polygon, ...]


# -- costs ------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Heavy:
    part: Polygon
    extra: float  # crossing cost - 1
    box: tuple[float, float, float, float]


def _heavy_parts(table: Table) -> list[_Heavy]:
    def build() -> list[_Heavy]:
        found = []
        for piece in table.pieces.values():
            cost = table.effect(piece.id).crossing_cost
            if cost is not None and cost > 1.0:
                found += [_Heavy(part, cost - 1.0, planar.bounds(part)) for part in piece.parts]
        return found

    return table.cached("heavy", build)


def _heavy_spans(a: Point, b: Point, heavy: list[_Heavy]) -> list[tuple[float, float, float]]:
    """The stretches of segment a-b inside heavy terrain: (from, to) as fractions of
    the segment, and the extra cost per mm there."""
    spans = []
    left, right = (a[0], b[0]) if a[0] < b[0] else (b[0], a[0])
    top, bottom = (a[1], b[1]) if a[1] < b[1] else (b[1], a[1])
    for h in heavy:
        hl, ht, hr, hb = h.box
        if hr < left or hl > right or hb < top or ht > bottom:
            continue
        clip = planar.clip_segment_convex(a, b, h.part)
        if clip is not None and clip[1] > clip[0]:
            spans.append((clip[0], clip[1], h.extra))
    return spans


def _segment_cost(a: Point, b: Point, heavy: list[_Heavy]) -> float:
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    if not heavy or length == 0.0:
        return length
    return length + sum(extra * (s1 - s0) * length for s0, s1, extra in _heavy_spans(a, b, heavy))


def path_cost(table: Table, points: list[Point] | tuple[Point, ...]) -> tuple[float, float]:
    """(length, cost) of a path of the base centre: cost counts each mm inside
    terrain of crossing cost X as X mm."""
    heavy = _heavy_parts(table)
    length = cost = 0.0
    for a, b in zip(points, points[1:]):
        length += math.dist(a, b)
        cost += _segment_cost(a, b, heavy)
    return length, cost


def _budget_along(a: Point, b: Point, budget: float, heavy: list[_Heavy]) -> float:
    """How far from a towards b (as a fraction) a budget of cost lasts."""
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    if length == 0.0:
        return 1.0
    spans = _heavy_spans(a, b, heavy)
    if not spans:
        return min(1.0, budget / length)
    spans.sort()
    spent = 0.0
    t = 0.0
    for s0, s1, extra in spans:
        if s0 > t:
            free_run = (s0 - t) * length
            if spent + free_run >= budget:
                return t + (budget - spent) / length
            spent += free_run
            t = s0
        run = (s1 - t) * length * (1.0 + extra)
        if spent + run >= budget:
            return t + (budget - spent) / (length * (1.0 + extra))
        spent += run
        t = s1
    return min(1.0, t + (budget - spent) / length)


# -- checks -------------------------------------------------------------------------------


def check_path(table: Table, model_id: str, points: list[Point] | tuple[Point, ...], allowance: float | None = None) -> PathCheck:
    """Check a path of the model's base centre (its first point is the start).
    Exact: the base may touch but never overlap anything along the way."""
    model = table.models[model_id]
    grown = table.grown(model.radius)
    query = grown.model_filter(model_id)
    length, cost = path_cost(table, points)
    limit = table.allowance if allowance is None else allowance
    over = cost > limit + EPS
    if len(points) == 1:
        blocker = grown.blocked_at(points[0], query)
        return PathCheck(blocker is None and not over, length, cost, blocker, 0 if blocker else None, over)
    for index, (a, b) in enumerate(zip(points, points[1:])):
        hit = grown.first_hit(a, b, query)
        if hit is not None:
            return PathCheck(False, length, cost, hit[0], index, over)
    return PathCheck(not over, length, cost, None, None, over)


def enemies_touching(table: Table, model_id: str, position: Point) -> list[str]:
    """Enemies whose bases would be in contact with this model's base at `position`."""
    model = table.models[model_id]
    reach = model.radius + table.contact + EPS
    return [
        other.id
        for other in table.models.values()
        if other.side != model.side and math.dist(position, other.position) <= reach + other.radius
    ]


def move_may_end(table: Table, model_id: str, position: Point) -> bool:
    """A move may not end in contact with an enemy."""
    return not enemies_touching(table, model_id, position)


def charge_may_end(table: Table, model_id: str, position: Point) -> bool:
    """A charge must end in contact with an enemy."""
    return bool(enemies_touching(table, model_id, position))


# -- the visibility graph ----------------------------------------------------------------


@dataclass(frozen=True)
class _Node:
    """A point where a path may bend.

    Around an obstacle: `ring` holds its neighbours on the obstacle's outline and
    `centre` the obstacle's centre. On the outline of heavy terrain: `normal` is the
    outline's outward normal there and `corner` tells a corner of the outline. In a
    narrow gap: none of these."""

    point: Point
    owners: frozenset[str]  # elements this node belongs to (never used by their own moves)
    ring: tuple[Point, Point] | None = None
    centre: Point | None = None
    normal: Point | None = None
    corner: bool = False
    blocked_by: frozenset[str] = frozenset()  # the one model the node itself lies in, if any


def _ring_nodes(outline_nodes: list[Point], owner: str, centre: Point) -> list[_Node]:
    n = len(outline_nodes)
    owners = frozenset((owner,))
    return [_Node(outline_nodes[i], owners, (outline_nodes[i - 1], outline_nodes[(i + 1) % n]), centre) for i in range(n)]


def _disc_ring(centre: Point, radius: float) -> list[Point]:
    count = int(math.ceil(2 * math.pi / TURN))
    outer = (radius + CLEARANCE) / math.cos(math.pi / count)
    return [
        (centre[0] + outer * math.cos(2 * math.pi * i / count), centre[1] + outer * math.sin(2 * math.pi * i / count))
        for i in range(count)
    ]


def _polygon_ring(part: Polygon, radius: float) -> list[Point]:
    """Nodes around a convex part grown by radius: its rounded corners, each split
    into turns of at most TURN, circumscribed at radius + CLEARANCE."""
    n = len(part)
    normals = []
    for i in range(n):
        a, b = part[i], part[(i + 1) % n]
        ex, ey = b[0] - a[0], b[1] - a[1]
        el = math.hypot(ex, ey)
        normals.append(math.atan2(-ex / el, ey / el))  # outward normal of edge i
    ring = []
    grow = radius + CLEARANCE
    for i in range(n):
        start = normals[i - 1]
        turn = (normals[i] - start) % (2 * math.pi)
        if turn > math.pi:
            turn = 0.0  # a reflex corner from float noise
        steps = max(1, int(math.ceil(turn / TURN - 1e-9)))
        half = turn / steps / 2
        outer = grow / math.cos(half)
        v = part[i]
        for j in range(steps):
            angle = start + (2 * j + 1) * half
            ring.append((v[0] + outer * math.cos(angle), v[1] + outer * math.sin(angle)))
    return ring


@dataclass(frozen=True)
class _Core:
    """An obstacle before growing: a disc (one point, radius) or a convex part."""

    owner: str
    core: Polygon
    radius: float


def _near_pairs(p: _Core, q: _Core) -> list[tuple[Point, Point, float]]:
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


def _nodes(table: Table, radius: float) -> list[_Node]:
    """Every node of the visibility graph for bases of `radius` (all movers)."""

    def build() -> list[_Node]:
        grown = table.grown(radius)
        raw: list[_Node] = []
        cores: list[_Core] = []
        for model in table.models.values():
            raw += _ring_nodes(_disc_ring(model.position, model.radius + radius), model.id, model.position)
            cores.append(_Core(model.id, (model.position,), model.radius))
        for piece in table.pieces.values():
            eff = table.effect(piece.id)
            if not eff.passable:
                for part in piece.parts:
                    centre = planar.centroid(part)
                    raw += _ring_nodes(_polygon_ring(part, radius), piece.id, centre)
                    cores.append(_Core(piece.id, part, 0.0))
            elif eff.crossing_cost and eff.crossing_cost > 1.0:
                raw += _along_outline(piece.outline)
        raw += _windows(table, cores, radius)
        nodes = []
        w, h = table.width, table.height
        for node in raw:
            point = node.point
            if not (radius <= point[0] <= w - radius and radius <= point[1] <= h - radius):
                continue
            blocked = frozenset(grown.shape_owner[i.shape] for i in grown.space.point_query(point, 0.0, _ALL) if i.distance < 0.0)
            if len(blocked) > 1 or "edge" in blocked or (blocked and next(iter(blocked)) not in table.models):
                continue
            nodes.append(replace(node, blocked_by=blocked) if blocked else node)
        return nodes

    return table.cached(f"nodes {radius:.6f}", build)


def _along_outline(outline: Polygon) -> list[_Node]:
    """Nodes every HEAVY_STEP along an outline (positive orientation)."""
    found = []
    n = len(outline)
    for i in range(n):
        a, b = outline[i], outline[(i + 1) % n]
        ex, ey = b[0] - a[0], b[1] - a[1]
        el = math.hypot(ex, ey)
        normal = (ey / el, -ex / el)
        steps = max(1, int(math.ceil(el / HEAVY_STEP)))
        for k in range(steps):
            point = (a[0] + ex * k / steps, a[1] + ey * k / steps)
            found.append(_Node(point, frozenset(), normal=normal, corner=k == 0))
    return found


def _windows(table: Table, cores: list[_Core], radius: float) -> list[_Node]:
    """A node in the middle of every gap narrower than WINDOW between two grown
    obstacles, or between one and the table edge, so paths can bend inside it."""
    found = []
    boxes = []
    for c in cores:
        left, top, right, bottom = planar.bounds(c.core)
        boxes.append((left - c.radius, top - c.radius, right + c.radius, bottom + c.radius))
    reach = 2 * radius + WINDOW
    for i, p in enumerate(cores):
        pl, pt, pr, pb = boxes[i]
        for j in range(i + 1, len(cores)):
            q = cores[j]
            if p.owner == q.owner:
                continue
            ql, qt, qr, qb = boxes[j]
            if ql > pr + reach or pl > qr + reach or qt > pb + reach or pt > qb + reach:
                continue
            for a, b, d in _near_pairs(p, q):
                gap = d - p.radius - q.radius - 2 * radius
                if 0.0 <= gap < WINDOW and d > 0.0:
                    f = (p.radius + radius + gap / 2) / d
                    found.append(_Node((a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f), frozenset((p.owner, q.owner))))
        # the table edges
        w, h = table.width, table.height
        for v in p.core:
            for (x, y), (nx, ny), limit in (((v[0], 0.0), (0, 1), v[1]), ((v[0], h), (0, -1), h - v[1]), ((0.0, v[1]), (1, 0), v[0]), ((w, v[1]), (-1, 0), w - v[0])):
                gap = limit - p.radius - 2 * radius
                if 0.0 <= gap < WINDOW:
                    step = radius + gap / 2
                    found.append(_Node((x + nx * step, y + ny * step), frozenset((p.owner,))))
    return found


_ALL = __import__("pymunk").ShapeFilter()


def _tangent(u: Point, node: _Node) -> bool:
    """True when a path from u may bend at the node: its outline neighbours lie on
    one side of the line from u through it (or on the line)."""
    if node.ring is None:
        return True
    v = node.point
    dx, dy = v[0] - u[0], v[1] - u[1]
    tol = 1e-6 * math.hypot(dx, dy)
    p, n = node.ring
    s1 = dx * (p[1] - u[1]) - dy * (p[0] - u[0])
    s2 = dx * (n[1] - u[1]) - dy * (n[0] - u[0])
    if not ((s1 > tol and s2 < -tol) or (s1 < -tol and s2 > tol)):
        return True
    # u inside the outline near the node (a base touching the obstacle): any way out
    inner_prev = (v[0] - p[0]) * (u[1] - p[1]) - (v[1] - p[1]) * (u[0] - p[0])
    inner_next = (n[0] - v[0]) * (u[1] - v[1]) - (n[1] - v[1]) * (u[0] - v[0])
    return inner_prev >= 0.0 and inner_next >= 0.0


class _Search:
    """The nodes a mover may use, with exact visibility between them."""

    def __init__(self, table: Table, model_id: str) -> None:
        model = table.models[model_id]
        self.start = model.position
        self.grown: GrownSpace = table.grown(model.radius)
        self.query = self.grown.model_filter(model_id)
        self.heavy = _heavy_parts(table)
        self.nodes = [
            n for n in _nodes(table, model.radius) if model_id not in n.owners and n.blocked_by <= {model_id}
        ]

    def clear(self, a: Point, b: Point) -> bool:
        return self.grown.first_hit(a, b, self.query) is None

    def cost(self, a: Point, b: Point) -> float:
        return _segment_cost(a, b, self.heavy)

    def free(self, p: Point) -> bool:
        return self.grown.blocked_at(p, self.query) is None


def _search(
    search: _Search,
    nodes: list[_Node],
    limit: float,
    heuristic,
    finish,
) -> tuple[list[Point], float] | None:
    """A* over `nodes` from the start. `finish(point, cost)` gives the cost of
    ending from a point (None if it cannot end there) and the end point."""
    start = search.start
    points = [start] + [n.point for n in nodes]
    best = [math.inf] * len(points)
    parent = [-1] * len(points)
    ends: dict[int, Point] = {}
    best[0] = 0.0
    heap = [(heuristic(start), 0.0, 0)]
    goal_cost = math.inf
    goal_from = -1
    goal_point: Point | None = None
    closed = [False] * len(points)
    while heap:
        f, g, i = heapq.heappop(heap)
        if f >= goal_cost:
            break
        if closed[i] or g > best[i]:
            continue
        closed[i] = True
        u = points[i]
        end = finish(u, g)
        if end is not None and end[1] < goal_cost and end[1] <= limit + EPS:
            goal_point, goal_cost, goal_from = end[0], end[1], i
        for j in range(1, len(points)):
            if closed[j]:
                continue
            node = nodes[j - 1]
            v = node.point
            straight = math.hypot(v[0] - u[0], v[1] - u[1])
            lower = g + straight
            h = heuristic(v)
            if lower + h > limit + EPS or lower >= best[j] or lower + h >= goal_cost:
                continue
            if not _tangent(u, node) or not search.clear(u, v):
                continue
            c = g + search.cost(u, v)
            if c < best[j] and c + h <= limit + EPS:
                best[j] = c
                parent[j] = i
                heapq.heappush(heap, (c + h, c, j))
    if goal_point is None:
        return None
    route = [goal_point]
    i = goal_from
    while i != -1:
        route.append(points[i])
        i = parent[i]
    route.reverse()
    if len(route) >= 2 and route[-1] == route[-2]:
        route.pop()
    return route, goal_cost


def shortest_path(table: Table, model_id: str, goal: Point, limit: float | None = None) -> Path | None:
    """The cheapest path of the model's base centre to `goal` that costs at most
    `limit` (default: the allowance); None if there is none (or the base does not
    fit at the goal)."""
    limit = table.allowance if limit is None else limit
    search = _Search(table, model_id)
    goal = (float(goal[0]), float(goal[1]))
    start = search.start
    if not search.free(goal) or math.dist(start, goal) > limit + EPS:
        return None
    if search.clear(start, goal):
        direct = search.cost(start, goal)
        if direct <= math.dist(start, goal) + EPS:
            return Path((start, goal), math.dist(start, goal), direct)
    nodes = [n for n in search.nodes if math.dist(start, n.point) + math.dist(n.point, goal) <= limit + EPS]

    def finish(u: Point, g: float):
        if u == goal:
            return (goal, g)
        if search.clear(u, goal):
            return (goal, g + search.cost(u, goal))
        return None

    found = _search(search, nodes, limit, lambda p: math.dist(p, goal), finish)
    if found is None:
        return None
    route, cost = found
    length = sum(math.dist(a, b) for a, b in zip(route, route[1:]))
    return Path(tuple(route), length, cost)


def path_to_contact(table: Table, model_id: str, target_id: str, limit: float | None = None) -> Path | None:
    """The cheapest path within `limit` (default: the allowance) that ends with the
    base in exact contact with the target's base; None if there is none."""
    limit = table.allowance if limit is None else limit
    search = _Search(table, model_id)
    model, target = table.models[model_id], table.models[target_id]
    centre = target.position
    touch = model.radius + target.radius
    start = search.start
    if math.dist(start, centre) - touch > limit + EPS:
        return None
    nodes = [n for n in search.nodes if math.dist(start, n.point) + max(0.0, math.dist(n.point, centre) - touch) <= limit + EPS]

    def heuristic(p: Point) -> float:
        return max(0.0, math.dist(p, centre) - touch)

    def finish(u: Point, g: float):
        d = math.dist(u, centre)
        if d == 0.0:
            return None
        end = (centre[0] + (u[0] - centre[0]) * touch / d, centre[1] + (u[1] - centre[1]) * touch / d)
        if not search.free(end) or (end != u and not search.clear(u, end)):
            return None
        return (end, g + search.cost(u, end))

    found = _search(search, nodes, limit, heuristic, finish)
    if found is None:
        return None
    route, cost = found
    if len(route) == 1:
        route = [route[0], route[0]]
    length = sum(math.dist(a, b) for a, b in zip(route, route[1:]))
    return Path(tuple(route), length, cost)


# -- reach -----------------------------------------------------------------------------------


def reach(table: Table, model_id: str, allowance: float | None = None) -> Reach:
    """The area the model's base centre can reach in one move (the union of the
    returned polygons). Rays are cast exactly; between rays, every FAN_STEP and
    at every obstacle corner, the outline is interpolated."""
    limit = table.allowance if allowance is None else allowance
    search = _Search(table, model_id)
    start = search.start
    if not search.free(start):
        return Reach(start, limit, ())
    nodes = [n for n in search.nodes if math.dist(start, n.point) < limit]
    # Dijkstra over the nodes
    points = [start] + [n.point for n in nodes]
    best = [math.inf] * len(points)
    parent = [-1] * len(points)
    best[0] = 0.0
    heap = [(0.0, 0)]
    done = [False] * len(points)
    while heap:
        g, i = heapq.heappop(heap)
        if done[i]:
            continue
        done[i] = True
        u = points[i]
        for j in range(1, len(points)):
            if done[j]:
                continue
            node = nodes[j - 1]
            v = node.point
            lower = g + math.hypot(v[0] - u[0], v[1] - u[1])
            if lower >= limit or lower >= best[j]:
                continue
            if not _tangent(u, node) or not search.clear(u, v):
                continue
            c = g + search.cost(u, v)
            if c < best[j] and c < limit:
                best[j] = c
                parent[j] = i
                heapq.heappush(heap, (c, j))
    polygons = []
    corners = [math.atan2(p[1] - start[1], p[0] - start[0]) for p, n in zip(points[1:], nodes) if _silhouette(start, n)]
    polygons.append(_fan(search, start, limit, 0.0, 2 * math.pi, corners, closed=True))
    for j in range(1, len(points)):
        if best[j] >= limit:
            continue
        node = nodes[j - 1]
        v = points[j]
        u = points[parent[j]]
        heading = math.atan2(v[1] - u[1], v[0] - u[0])
        wedge = _wedge(search, node, u, heading)
        if wedge is None:
            continue
        low, width = wedge
        budget = limit - best[j]
        near = [
            math.atan2(p[1] - v[1], p[0] - v[0])
            for p, n in zip(points[1:], nodes)
            if p != v and math.dist(p, v) < budget and _silhouette(v, n)
        ]
        polygons.append(_fan(search, v, budget, low, width, near, closed=False))
    return Reach(start, limit, tuple(p for p in polygons if len(p) >= 3))


def _silhouette(u: Point, node: _Node) -> bool:
    """Whether a ray from u towards the node may graze an outline there."""
    if node.normal is not None:
        return node.corner
    return _tangent(u, node)


def _cost_at(search: _Search, p: Point) -> float:
    cost = 1.0
    for h in search.heavy:
        left, top, right, bottom = h.box
        if left <= p[0] <= right and top <= p[1] <= bottom and planar.point_in_convex(p, h.part):
            cost += h.extra
    return cost


def _wedge(search: _Search, node: _Node, came_from: Point, heading: float) -> tuple[float, float] | None:
    """The directions (first angle, width) in which a path bending at the node
    sees what its previous point did not: around an obstacle, from straight on to
    along the outline; at heavy terrain, from straight on to the refracted
    direction (Snell's law, which cheapest paths obey); in a gap, straight ahead."""
    v = node.point
    if node.normal is not None:
        dx, dy = math.cos(heading), math.sin(heading)
        before = _cost_at(search, (v[0] - 0.01 * dx, v[1] - 0.01 * dy))
        after = _cost_at(search, (v[0] + 0.01 * dx, v[1] + 0.01 * dy))
        if before == after:
            return None
        nx, ny = node.normal
        if nx * dx + ny * dy < 0.0:
            nx, ny = -nx, -ny
        incidence = math.atan2(nx * dy - ny * dx, nx * dx + ny * dy)
        sine = math.sin(incidence) * before / after
        if abs(sine) > 1.0:
            return None
        out = math.atan2(ny, nx) + math.asin(sine)
        turn = (out - heading + math.pi) % (2 * math.pi) - math.pi
        return (heading, turn) if turn >= 0 else (heading + turn, -turn)
    if node.ring is None:
        return (heading - math.pi / 2, math.pi)
    side = (v[0] - came_from[0]) * (node.centre[1] - came_from[1]) - (v[1] - came_from[1]) * (node.centre[0] - came_from[0])
    turns = []
    for w in node.ring:
        angle = math.atan2(w[1] - v[1], w[0] - v[0])
        turn = (angle - heading) % (2 * math.pi) if side > 0 else (heading - angle) % (2 * math.pi)
        if 0.0 < turn < math.pi:
            turns.append(turn)
    width = min(turns) if turns else TURN
    if side > 0:
        return (heading, width)
    return (heading - width, width)


def _fan(
    search: _Search, origin: Point, budget: float, low: float, width: float, corners: list[float], closed: bool
) -> Polygon:
    """Cast rays from origin over the angles [low, low + width] (every FAN_STEP and
    just either side of each corner direction inside it); each ray ends where the
    base would first overlap something or the budget runs out."""
    steps = max(1, int(math.ceil(width / FAN_STEP)))
    angles = [low + width * k / steps for k in range(steps + (0 if closed else 1))]
    for c in corners:
        offset = (c - low) % (2 * math.pi)
        for d in (-1e-4, 1e-4):
            if 0.0 < offset + d < width:
                angles.append(low + offset + d)
    angles.sort()
    ring = [] if closed else [origin]
    heavy = search.heavy
    for angle in angles:
        end = (origin[0] + budget * math.cos(angle), origin[1] + budget * math.sin(angle))
        hit = search.grown.first_hit(origin, end, search.query)
        t = 1.0 if hit is None else max(0.0, hit[1] - CLEARANCE / budget)
        if heavy:
            t = min(t, _budget_along(origin, end, budget, heavy))
        ring.append((origin[0] + (end[0] - origin[0]) * t, origin[1] + (end[1] - origin[1]) * t))
    return tuple(ring)
