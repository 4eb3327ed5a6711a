"""The search over the tangent graph: cheapest routes of one warrior's base centre.

A* over the graph of graph.py (Euclidean distance to the goal is the estimate, so
the first way to the goal is the cheapest), or Dijkstra to every node within a
limit (for the reach). The warrior is given as its `Passage` (layer 1): its own
disc is no obstacle, and segments from the start are checked with it.

- `route(passage, goal, limit)` -> (points, cost) or None;
- `contact_route(passage, centre, touch, limit)`: ending in contact;
- `spread(passage, limit)` -> `Spread`: every node within the limit, for the reach.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.graph import Router, router
from tabletop.games.skirmish.table.passage import Passage
from tabletop.games.skirmish.table.planar import EPS, Point
from tabletop.games.skirmish.table.spans import cost_at, segment_cost
from tabletop.games.skirmish.table.tangents import Body, Line, Walk, point_body, tangent_lines

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


class _Query:
    """Searches from where a warrior stands over a router's bodies (its own disc is
    no obstacle to it). Segments from the start are checked with its `Passage` (a
    warrior leaving terrain it stands in passes through it)."""

    def __init__(self, graph: Router, passage: Passage) -> None:
        self.graph = graph
        self.passage = passage
        self.mover = passage.model_id
        self.start = start = passage.start
        self.allowed = frozenset((passage.model_id,))
        self.bodies = list(graph.bodies)
        self.extra: dict[tuple[int, int], list[Line]] = {}
        #: nodes of this search alone, besides the start and goal
        self.extra_bodies: list[int] = []
        #: where the start lies in heavy terrain: the nodes about it (`feet`) kept by
        #: the graph, as (index of the first, index past the last, the lines between
        #: them and the graph's bodies the graph keeps: `Router.start_feet_lines`)
        self.kept_feet: tuple[int, int, dict[tuple[int, int, int], list[Line]]] | None = None
        #: the ways to end a search found (see `search`)
        self.others: list[tuple[Finish, Step]] = []
        self.s = self.add(point_body("start", start))

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
        it (the cheapest ways out of it, or in to p) become nodes of this search,
        and on each side the two points a way leaving at the critical angle meets
        (the cheapest ways out to run on along the outline, outside it). Those of
        the start are the same for every search from it (kept by the graph)."""
        found = self.graph.start_feet(p, limit) if p == self.start else None
        if found is None:
            found = self._feet(p, limit)
            if p == self.start:
                self.graph.keep_start_feet(p, limit, found)
        if p == self.start and found and self.kept_feet is None:
            first = len(self.bodies)
            self.kept_feet = (first, first + len(found), self.graph.start_feet_lines(p, limit))
        for body in found:
            self.extra_bodies.append(self.add(body))

    def exits(self, limit: float, heavy: bool = False) -> None:
        """Where a warrior leaving terrain it stands in may bend on its way out
        (`Passage.exits`; with `heavy`, also `Passage.heavy_exits`), within `limit`
        of the start, become nodes of this search."""
        board = self.graph.board
        found = self.passage.exits() + (self.passage.heavy_exits() if heavy else ())
        for p in found:
            if math.dist(p, self.start) <= limit:
                blocked = board.blocked(p)
                if "edge" not in blocked:
                    self.extra_bodies.append(self.add(point_body("", p, blocked)))

    def _feet(self, p: Point, limit: float) -> list[Body]:
        heavy = self.graph.heavy
        found: list[Body] = []
        if not any(
            h.box[0] <= p[0] <= h.box[2] and h.box[1] <= p[1] <= h.box[3] and planar.point_in_convex(p, h.part)
            for h in heavy
        ):
            return found
        board = self.graph.board
        inside = cost_at(p, heavy)
        for heavy_outline in board.costs.outlines:
            outline = heavy_outline.points
            n = len(outline)
            for i in range(n):
                a, b = outline[i], outline[(i + 1) % n]
                length = math.dist(a, b)
                if length == 0.0:
                    continue
                ex, ey = (b[0] - a[0]) / length, (b[1] - a[1]) / length
                foot = planar.closest_on_segment(p, a, b)
                if math.dist(p, foot) > limit:
                    continue
                # the nearest point, and where a way running on along the outline
                # outside leaves p's terrain: at the critical angle from the normal
                # (sin = cost outside / cost inside), either way along the side, from
                # the foot on the side's line (which may lie past the side's end)
                marks = [foot]
                outside = cost_at((foot[0] + ey * 1e-3, foot[1] - ex * 1e-3), heavy)
                if outside == inside:
                    outside = cost_at((foot[0] - ey * 1e-3, foot[1] + ex * 1e-3), heavy)
                level = (p[0] - a[0]) * ex + (p[1] - a[1]) * ey
                on_line = (a[0] + ex * level, a[1] + ey * level)
                depth = math.dist(p, on_line)
                if outside < inside and depth > 1e-9:
                    run = depth * math.tan(math.asin(outside / inside))
                    marks += [
                        (on_line[0] + ex * run, on_line[1] + ey * run),
                        (on_line[0] - ex * run, on_line[1] - ey * run),
                    ]
                forward = math.atan2(ey, ex)
                for q in marks:
                    along = (q[0] - a[0]) * ex + (q[1] - a[1]) * ey
                    if not 1e-6 < along < length - 1e-6:
                        continue
                    blocked = board.blocked(q)
                    if "edge" in blocked:
                        continue
                    found.append(
                        point_body("", q, blocked, (ey, -ex), (forward, forward + math.pi), (length - along, along))
                    )
        return found

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
        if i <= n and j <= n and self.s == n:
            # from or to the start: the same for every search from it (kept by the graph)
            return self.graph.start_lines(self.start, self.bodies, i, j)
        kept = self.kept_feet
        if kept is not None and (i < n or kept[0] <= i < kept[1]) and (j < n or kept[0] <= j < kept[1]):
            # between the graph's bodies and the nodes about the start: the same for
            # every search from it (kept by the graph)
            key = (kept[0], i, j)
            found = kept[2].get(key)
            if found is None:
                found = kept[2][key] = tangent_lines(self.bodies, i, j)
            return found
        found = self.extra.get((i, j))
        if found is None:
            found = tangent_lines(self.bodies, i, j)
            self.extra[(i, j)] = found
        return found

    def line_cost(self, line: Line) -> float:
        return self.graph.line_cost(line)

    def clear(self, line: Line, end: Point | None = None) -> bool:
        stop = line.end if end is None else end
        if line.a == self.s:
            return self.passage.clear(line.start, stop)
        # the warrior's own caster passes its disc alone: nothing else is in the way
        # where it finds nothing
        return self.passage.first_hit(line.start, stop) is None

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
        if walk is not None and not self.walk_free(walk.points):
            return None
        if not self.clear(line, end):
            return None
        return cost, walk

    def walk_free(self, points: Sequence[Point]) -> bool:
        """Whether nothing but the warrior itself lies in the way of a walk through
        `points`: its caster, which passes its disc alone, finds nothing on any segment."""
        first_hit = self.passage.first_hit
        return all(first_hit(p, q) is None for p, q in zip(points, points[1:], strict=False))

    def search(
        self,
        in_range: list[int],
        limit: float,
        estimate: Callable[[Point], float],
        finishes: Callable[[Node], list[Finish]] | None,
        spare: float = 0.0,
    ) -> tuple[dict[Node, Step], tuple[Finish, Step] | None]:
        """Cheapest ways from the start over the bodies `in_range`, costing at most
        `limit`. With `finishes` (the ways to end from a node): A* towards the
        cheapest end (`estimate` never more than what ending from a point costs),
        returning it; with `spare`, also every other way to end costing at most
        `spare` more, from the cheapest way to each node it ends from (`others`,
        cheapest first). Without: every node within the limit (Dijkstra)."""
        limit = limit + EPS
        start: Node = (self.s, 0, 0.0, 0)
        steps: dict[Node, Step] = {start: Step(None, None, None, 0.0)}
        heap = [(estimate(self.start), 0.0, start)]
        goal_cost = math.inf
        goal: tuple[Finish, Step] | None = None
        ends: dict[Node, tuple[float, Finish, Step]] = {}
        closed: set[Node] = set()
        # each point body's node, point and estimate, the same whichever node it is
        # weighed from
        at_points: dict[int, tuple[Node, Point, float]] = {}
        for b in in_range:
            there_body = self.bodies[b]
            if there_body.point:
                at_points[b] = ((b, 0, 0.0, 0), there_body.corners[0], estimate(there_body.corners[0]))
        while heap:
            f, g, node = heapq.heappop(heap)
            if f >= goal_cost + spare:
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
                    leave = self._leave(node, g, line, finish.end, limit, goal_cost + spare)
                    if leave is None:
                        continue
                    ending = Step(node, line, leave[1], leave[0])
                    if node not in ends or leave[0] < ends[node][0]:
                        ends[node] = (leave[0], finish, ending)
                    if leave[0] < goal_cost:
                        goal_cost = leave[0]
                        goal = (finish, ending)
            for b in in_range:
                if b == a:
                    continue
                point = at_points.get(b)
                if point is not None:
                    # every line to a point ends there: weighed once, before its lines
                    # are worked out (the same test as for each line below)
                    there, end, h = point
                    if there in closed:
                        continue
                    known = steps.get(there)
                    bound = min(known.cost if known is not None else math.inf, goal_cost + spare - h)
                    if g + math.dist(here, end) >= bound:
                        continue
                for line in self.lines(a, b):
                    if not body.point and line.oa != orient:
                        continue
                    # a point is one node however the path comes to it
                    target: Node = point[0] if point is not None else (b, line.cb, line.angle_b, line.ob)
                    if target in closed:
                        continue
                    h = estimate(line.end)
                    known = steps.get(target)
                    bound = min(known.cost if known is not None else math.inf, goal_cost + spare - h)
                    if g + math.dist(here, line.end) >= bound:
                        continue
                    leave = self._leave(node, g, line, line.end, limit - h, bound)
                    if leave is None:
                        continue
                    cost, walk = leave
                    steps[target] = Step(node, line, walk, cost)
                    heapq.heappush(heap, (cost + h, cost, target))
        self.others = [(finish, step) for cost, finish, step in sorted(ends.values(), key=lambda e: e[0])]
        self.others = [(finish, step) for finish, step in self.others if step.cost <= goal_cost + spare]
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


def route(passage: Passage, goal: Point, limit: float) -> tuple[list[Point], float] | None:
    """The cheapest path of the warrior's base centre from where it stands to
    `goal` costing at most `limit`: (points, cost), or None."""
    found = routes(passage, goal, limit)
    return found[0] if found else None


def routes(passage: Passage, goal: Point, limit: float, spare: float = 0.0) -> list[tuple[list[Point], float]]:
    """`route`, and with `spare` the other ways found costing at most `spare` more
    (the cheapest way to each node a last leg leaves from), cheapest first."""
    query = _Query(router(passage.board), passage)
    g = query.add(point_body("goal", goal))
    query.feet(passage.start, limit)
    query.feet(goal, limit)
    query.exits(limit, heavy=True)
    in_range = query.near(limit, goal)
    steps, found = query.search(
        in_range,
        limit,
        lambda p: math.dist(p, goal),
        lambda node: [Finish(line, goal) for line in query.lines(node[0], g)],
        spare,
    )
    if found is None:
        return []
    return [(query.path(steps, last, finish.end), last.cost) for finish, last in query.others]


def contact_route(passage: Passage, centre: Point, touch: float, limit: float) -> tuple[list[Point], float] | None:
    """The cheapest path ending with the base centre `touch` from `centre` (exact
    contact with a target's base: `touch` is the sum of the radii): the last
    segment heads for the centre (tangent to whatever the path went round) and
    stops at contact."""
    query = _Query(router(passage.board), passage)
    c = query.add(point_body("target", centre))
    query.feet(passage.start, limit)
    query.exits(limit, heavy=True)
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


def spread(passage: Passage, limit: float) -> Spread:
    """Every node of the tangent graph the warrior's base centre reaches for at
    most `limit`, with the cheapest way there (for drawing the reach)."""
    query = _Query(router(passage.board), passage)
    query.feet(passage.start, limit)
    query.exits(limit, heavy=True)
    steps, _found = query.search(query.near(limit), limit, lambda p: 0.0, None)
    return Spread(query, steps)


class Spread:
    """What `spread` found: `steps` (each node reached, with the cheapest way
    there), the `bodies` of the search (the start is body `start`), and what the
    reach asks of the graph about them."""

    def __init__(self, query: _Query, steps: dict[Node, Step]) -> None:
        self._query = query
        self.steps = steps
        self.bodies: list[Body] = query.bodies
        self.start: int = query.s

    def near(self, limit: float) -> list[int]:
        """The bodies a path from the start costing at most `limit` could touch."""
        return self._query.near(limit)

    def lines(self, i: int, j: int) -> list[Line]:
        """The tangent segments leaving body i and touching body j."""
        return self._query.lines(i, j)

    def line_cost(self, line: Line) -> float:
        return self._query.line_cost(line)

    def walk_length(self, body_index: int, c1: int, a1: float, c2: int, a2: float, orient: int) -> float:
        """Length of the outline walked round a body between two of its points."""
        return self._query.graph.walk_length(body_index, c1, a1, c2, a2, orient)

    def walk_cost(self, body_index: int, c1: int, a1: float, c2: int, a2: float, orient: int) -> float:
        """What walking round a body between two of its points costs (heavy
        terrain on the way counted)."""
        return self._query.graph.walk(body_index, c1, a1, c2, a2, orient).cost

    def walk_within(
        self, body_index: int, c1: int, a1: float, c2: int, a2: float, orient: int, spent: float, limit: float
    ) -> bool:
        """Whether `spent` + what walking round a body between two of its points
        costs is at most `limit` (the walk costed only as far as that needs)."""
        return self._query.graph.walk_within(body_index, c1, a1, c2, a2, orient, spent, limit)

    def walk_clear(self, body_index: int, c1: int, a1: float, c2: int, a2: float, orient: int) -> float:
        """What walking round a body between two of its points costs, inf where
        something other than the warrior itself is in the way."""
        walk = self._query.graph.walk(body_index, c1, a1, c2, a2, orient)
        return walk.cost if self._query.walk_free(walk.points) else math.inf

    def walk_free(self, body_index: int, c1: int, a1: float, c2: int, a2: float, orient: int) -> bool:
        """Whether nothing but the warrior itself lies in the way of the walk round a
        body between two of its points (the walk not costed)."""
        return self._query.walk_free(self._query.graph.walk_points(body_index, c1, a1, c2, a2, orient))

    def straight_from(self, node: Node) -> list[Point]:
        """Where the cheapest way to a node runs straight from: its line's start, and
        back on through each point node the way passes straight on (a side's nodes)."""
        starts: list[Point] = []
        step = self.steps[node]
        while step.prev is not None and step.line is not None:
            line = step.line
            starts.append(line.start)
            before = self.steps[step.prev]
            if not self.bodies[step.prev[0]].point or before.line is None or before.line.length < 1e-9:
                break
            (ax, ay), (x, y), (bx, by) = before.line.start, line.start, line.end
            # the line before runs on to this one's end (the point node passed straight)
            across = (x - ax) * (by - ay) - (y - ay) * (bx - ax)
            if abs(across) > 1e-9 * math.dist((ax, ay), (bx, by)) * math.dist((ax, ay), (x, y)) or (
                (x - ax) * (bx - x) + (y - ay) * (by - y) <= 0.0
            ):
                break
            step = before
        return starts

    def points(self, node: Node) -> list[Point]:
        """The points of the cheapest way found to a node (ending where it arrives)."""
        return self._query.path(self.steps, self.steps[node], self._query.here(node))
