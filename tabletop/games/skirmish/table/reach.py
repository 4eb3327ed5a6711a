"""The area a base centre can reach in one move, as polygons to fill (their union is
the area), from rays cast exactly from the start, the bends and the arcs of the
tangent graph (`reach(table, model_id)` -> `Reach`). What a ray may pass is the
warrior's `Passage` (passage.py); the nodes and their costs come from routing
(`search.spread`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tabletop.games.skirmish.table.crossing import across, crossings
from tabletop.games.skirmish.table.leaving import cut_leaving
from tabletop.games.skirmish.table.passage import Passage, passage
from tabletop.games.skirmish.table.planar import Point, Polygon
from tabletop.games.skirmish.table.rays import FAN_STEP, REACH_MARGIN, bearing, fan, ray_stop
from tabletop.games.skirmish.table.search import Node, spread
from tabletop.games.skirmish.table.table import Table
from tabletop.games.skirmish.table.tangents import Body


@dataclass(frozen=True)
class Reach:
    """Where the base centre can get in one move: the union of `polygons` (each a
    fan, star-shaped about its first point). `allowance` is what was spent."""

    origin: Point
    allowance: float
    polygons: tuple[Polygon, ...]


def reach(table: Table, model_id: str, allowance: float | None = None) -> Reach:
    """The area the model's base centre can reach in one move: the union of the
    returned polygons. Every node of the tangent graph within the allowance is
    found (search.spread); rays are cast exactly from the start in every direction,
    tangentially off every arc a path walks round an obstacle, from narrow gaps,
    from corners of heavy terrain (round them and into them), from its outline
    across it (the refracted rays of crossing points every CROSSING_STEP, also
    after running along the outline from a corner), every FAN_STEP and more where
    two neighbouring rays stop on different things or the straight edge joining
    their ends would cut into an obstacle. The area stops REACH_MARGIN short of the
    allowance and of obstacles, so everything in it is reachable; on random tables
    what it leaves out costs within 0.25 mm of the allowance (1 mm over heavy
    terrain) or lies that close to an obstacle (see the tests)."""
    limit = (table.allowance if allowance is None else allowance) - REACH_MARGIN
    mover = passage(table, model_id)
    start = mover.start
    if mover.grown.blocked_at(start, mover.query, mover.leaving) is not None:
        return Reach(start, limit, ())
    found = spread(mover, limit)
    steps = found.steps
    near = found.near(limit)
    polygons = []
    corners = [bearing(start, line.end) for b in near for line in found.lines(found.start, b)]
    polygons.append(fan(mover, start, limit, 0.0, 2 * math.pi, corners, closed=True))
    # sweeps off the arcs: a node dominated by another on the same body and way
    # round (reaching it by walking from there costs no more) sweeps nothing new
    by_body: dict[tuple[int, int], list[Node]] = {}
    for node, step in steps.items():
        if step.line is None or step.cost >= limit:  # only the start step has no line
            continue
        body = found.bodies[node[0]]
        if body.point:
            budget = limit - step.cost
            local = mover.within(body.corners[0], budget)
            corner = body.normal is None or abs(abs((body.sides[1] - body.sides[0]) % (2 * math.pi) - math.pi)) > 1e-9
            wedge = _wedge(body, bearing(step.line.start, step.line.end)) if corner else None
            if wedge is not None:
                # a gap, or a corner of heavy terrain a path turns round
                low, width = wedge
                near_dirs = [
                    bearing(body.corners[0], line.end)
                    for b in near
                    if b != node[0]
                    for line in found.lines(node[0], b)
                    if math.dist(body.corners[0], line.end) < budget
                ]
                polygons.append(
                    fan(local, body.corners[0], budget, low, width, near_dirs + list(body.sides), closed=False)
                )
            if body.normal is not None and corner:
                low, width = _into(body)
                polygons.append(fan(local, body.corners[0], budget, low, width, list(body.sides), closed=False))
            elif body.normal is not None:
                # where the way to a crossing beyond this node is cut off (something
                # in the way), the path may bend here to any side across the outline
                heading = bearing(step.line.start, step.line.end)
                nx, ny = body.normal
                beyond = (
                    math.atan2(ny, nx) if nx * math.cos(heading) + ny * math.sin(heading) > 0 else math.atan2(-ny, -nx)
                )
                polygons.append(
                    fan(
                        local,
                        body.corners[0],
                        budget,
                        beyond - math.pi / 2,
                        math.pi,
                        list(body.sides),
                        closed=False,
                        step=3 * FAN_STEP,
                    )
                )
            if body.normal is not None:
                # across heavy terrain's outline near the node, straight from where the path came
                base = step.cost - found.line_cost(step.line)
                came = mover.within(step.line.start, limit - base)
                polygons += across(came, body, step.line.start, base, limit)
                if corner:
                    # and on along the outline from the corner (just off it), then across
                    polygons += crossings(local, body, limit, step.cost)
        else:
            by_body.setdefault((node[0], node[3]), []).append(node)
    for (index, orient), nodes in by_body.items():
        nodes.sort(key=lambda n: steps[n].cost)
        kept: list[Node] = []
        for node in nodes:
            g = steps[node].cost
            if any(
                steps[k].cost + found.walk_length(index, k[1], k[2], node[1], node[2], orient) <= g + 1e-9 for k in kept
            ):
                continue
            kept.append(node)
            # rays just either side of every tangent to another body: where what
            # the ray meets changes
            edges = [line.angle_a for b in near if b != index for line in found.lines(index, b) if line.oa == orient]
            body = found.bodies[index]
            # the walk and its rays stay within the budget of the node's corner, and
            # the corner within the radius of where the walk starts
            local = mover.within(body.corners[node[1]], limit - g + body.radius)
            polygons += _sweep(local, body, node, limit - g, edges)
    return Reach(start, limit, cut_leaving(table, mover, [p for p in polygons if len(p) >= 3]))


def _wedge(body: Body, heading: float) -> tuple[float, float] | None:
    """The directions (first angle, width) a path arriving along `heading` newly
    reaches by turning at a point: in a narrow gap, everything ahead; at a corner
    of heavy terrain it passes outside, from straight on round towards the terrain
    as far as the terrain's side (what the corner hid from where the path came);
    None where the path runs into the terrain at the corner (`_into`, and ways
    across its sides are `crossing.across`). Every ray is a real path, so a wider
    wedge only costs rays."""
    if body.normal is None:
        return (heading - math.pi / 2, math.pi)
    forward, back = body.sides
    inside = (back - forward) % (2 * math.pi)  # the terrain: from forward, turning by `inside`
    if (heading - forward) % (2 * math.pi) < inside:
        return None  # into the terrain: see `_into`
    middle = forward + inside / 2
    if math.sin(middle - heading) > 0:
        return (heading, (forward - heading) % (2 * math.pi))  # turning with growing angle
    turn = (heading - back) % (2 * math.pi)
    return (heading - turn, turn)


def _into(body: Body) -> tuple[float, float]:
    """Every direction into heavy terrain from a corner of its outline (there the
    outline has no one direction, so a path may turn into it any way)."""
    forward, back = body.sides
    return (forward, (back - forward) % (2 * math.pi))


#: a ray leaving an arc: (turn, ray end, what stopped it, spent)
_Ray = tuple[float, Point, str | None, float]


def _sweep(mover: Passage, body: Body, node: Node, budget: float, edges: list[float]) -> list[Polygon]:
    """The area reached by walking on round a body from a node and then leaving it
    along a tangent: for each arc walked, rays leave it tangentially (every
    FAN_STEP, just either side of the directions in `edges`, and more where two
    neighbouring rays stop differently or the edge between their ends is not
    clear) with what is left of the budget. The area between two neighbouring rays
    is the triangle of their ends and the point where they cross, a corner of the
    straight segments walking the arc. Stops where the walk would overlap
    something, or the budget runs out."""
    _index, corner, angle, orient = node
    n = len(body.corners)
    r = body.radius
    found: list[Polygon] = []
    spent = 0.0
    turned = (body.along(corner, angle) - body.offsets[corner]) / r
    for _step in range(n + 1):
        start, width = body.starts[corner], body.widths[corner]
        # a disc owns every direction: walk on round it as far as the budget lasts
        room = min(2 * math.pi, (budget - spent) / r) if n == 1 else (width - turned) if orient > 0 else turned
        centre = body.corners[corner]
        first = start + turned
        count = max(1, math.ceil(room / FAN_STEP))
        marks = {room * k / count for k in range(count + 1)} if room > 1e-9 else {0.0}
        for e in edges:
            turn = (orient * (e - first)) % (2 * math.pi)
            for d in (-1e-4, 1e-4):
                if 0.0 < turn + d < room:
                    marks.add(turn + d)
        arc = _Arc(mover, centre, r, orient, first, budget)
        rays: list[_Ray] = []
        for turn in sorted(marks):
            ray = arc.ray(rays[-1] if rays else None, turn, spent)
            if ray is None:
                break
            if rays:
                arc.refine(rays, ray)
            rays.append(ray)
        corners = [arc.corner(t0[0], t1[0]) for t0, t1 in zip(rays, rays[1:], strict=False)]
        if len(rays) >= 2:
            found.append(tuple(ray[1] for ray in rays) + tuple(reversed(corners)))
        if not rays or n == 1 or rays[-1][0] < room - 1e-9:
            break
        spent = rays[-1][3]
        # the straight side to the next corner
        nxt = (corner + orient) % n
        a = body.at(corner, start + (width if orient > 0 else 0.0))
        b = body.at(nxt, body.starts[nxt] + (0.0 if orient > 0 else body.widths[nxt]))
        if not mover.clear(a, b):
            break
        spent += mover.cost(a, b)
        if spent >= budget:
            break
        corner = nxt
        turned = 0.0 if orient > 0 else body.widths[corner]
    return found


class _Arc:
    """Rays leaving one rounded corner (or disc) tangentially, for `_sweep`."""

    def __init__(self, mover: Passage, centre: Point, r: float, orient: int, first: float, budget: float) -> None:
        self.mover, self.centre, self.r, self.orient, self.first, self.budget = mover, centre, r, orient, first, budget

    def touch(self, turn: float) -> Point:
        phi = self.first + self.orient * turn
        return (self.centre[0] + self.r * math.cos(phi), self.centre[1] + self.r * math.sin(phi))

    def corner(self, turn0: float, turn1: float) -> Point:
        """Where the tangents at two turns cross."""
        half = (turn1 - turn0) / 2
        phi = self.first + self.orient * (turn0 + half)
        outer = self.r / math.cos(half)
        return (self.centre[0] + outer * math.cos(phi), self.centre[1] + outer * math.sin(phi))

    def ray(self, before: _Ray | None, turn: float, spent: float) -> _Ray | None:
        """The ray leaving at `turn` after walking on from the ray `before` (or from
        the start of the arc with `spent`): None when the walk is blocked or the
        budget is gone."""
        mover = self.mover
        t = self.touch(turn)
        if before is not None:
            v = self.corner(before[0], turn)
            t0 = self.touch(before[0])
            if not (mover.clear(t0, v) and mover.clear(v, t)):
                return None
            spent = before[3] + mover.cost(t0, v) + mover.cost(v, t)
        left = self.budget - spent
        if left <= 0.0:
            return None
        end, stopped = ray_stop(mover, t, left, self.first + self.orient * (turn + math.pi / 2))
        return (turn, end, stopped, spent)

    def refine(self, rays: list[_Ray], nxt: _Ray, depth: int = 0) -> None:
        """Add rays between the last one and `nxt` where the two stop differently or
        the edge between their ends is not clear (down to a hundredth of a degree)."""
        last = rays[-1]
        if depth >= 10 or nxt[0] - last[0] < math.radians(0.01):
            return
        if last[2] == nxt[2] and self.mover.first_hit(last[1], nxt[1]) is None:
            return
        middle = self.ray(last, (last[0] + nxt[0]) / 2, 0.0)
        if middle is None:
            return
        self.refine(rays, middle, depth + 1)
        rays.append(middle)
        self.refine(rays, nxt, depth + 1)
