"""The area a base centre can reach in one move, as polygons to fill (their union is
the area), from rays cast exactly from the start, the bends and the arcs of the
tangent graph (`reach(table, model_id)` -> `Reach`). What a ray may pass is the
warrior's `Passage` (passage.py); the nodes and their costs come from routing
(`search.spread`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tabletop.games.skirmish.table.graph import HEAVY_STEP
from tabletop.games.skirmish.table.passage import Passage, passage
from tabletop.games.skirmish.table.planar import Point, Polygon
from tabletop.games.skirmish.table.search import Node, spread
from tabletop.games.skirmish.table.spans import budget_along, cost_at
from tabletop.games.skirmish.table.table import Table
from tabletop.games.skirmish.table.tangents import Body


@dataclass(frozen=True)
class Reach:
    """Where the base centre can get in one move: the union of `polygons` (each a
    fan, star-shaped about its first point). `allowance` is what was spent."""

    origin: Point
    allowance: float
    polygons: tuple[Polygon, ...]


#: the reach drawn stops this much short of the allowance and of obstacles, so that
#: every point inside it is reachable despite the straight edges between rays (mm)
REACH_MARGIN = 0.1
#: angle between the rays of a fan, and between the rays leaving an arc (radians)
FAN_STEP = math.radians(2.0)


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
    corners = [_angle(start, line.end) for b in near for line in found.lines(found.start, b)]
    polygons.append(_fan(mover, start, limit, 0.0, 2 * math.pi, corners, closed=True))
    # sweeps off the arcs: a node dominated by another on the same body and way
    # round (reaching it by walking from there costs no more) sweeps nothing new
    by_body: dict[tuple[int, int], list[Node]] = {}
    # the stretches of outline sides crossed straight from each (origin, cost there)
    crossed: dict[tuple[Point, float], dict[_Side, tuple[Point, Point, list[tuple[float, float]]]]] = {}
    for node, step in steps.items():
        if step.line is None or step.cost >= limit:  # only the start step has no line
            continue
        body = found.bodies[node[0]]
        if body.point:
            budget = limit - step.cost
            local = mover.within(body.corners[0], budget)
            corner = body.normal is None or abs(abs((body.sides[1] - body.sides[0]) % (2 * math.pi) - math.pi)) > 1e-9
            wedge = _wedge(body, _angle(step.line.start, step.line.end)) if corner else None
            if wedge is not None:
                # a gap, or a corner of heavy terrain a path turns round
                low, width = wedge
                near_dirs = [
                    _angle(body.corners[0], line.end)
                    for b in near
                    if b != node[0]
                    for line in found.lines(node[0], b)
                    if math.dist(body.corners[0], line.end) < budget
                ]
                polygons.append(
                    _fan(local, body.corners[0], budget, low, width, near_dirs + list(body.sides), closed=False)
                )
            if body.normal is not None and corner:
                low, width = _into(body)
                polygons.append(_fan(local, body.corners[0], budget, low, width, list(body.sides), closed=False))
            elif body.normal is not None:
                # where the way to a crossing beyond this node is cut off (something
                # in the way), the path may bend here to any side across the outline
                heading = _angle(step.line.start, step.line.end)
                nx, ny = body.normal
                across = (
                    math.atan2(ny, nx) if nx * math.cos(heading) + ny * math.sin(heading) > 0 else math.atan2(-ny, -nx)
                )
                polygons.append(
                    _fan(
                        local,
                        body.corners[0],
                        budget,
                        across - math.pi / 2,
                        math.pi,
                        list(body.sides),
                        closed=False,
                        step=3 * FAN_STEP,
                    )
                )
            if body.normal is not None:
                # across heavy terrain's outline near the node (half way to the next
                # node), straight from where the path came
                base = step.cost - found.line_cost(step.line)
                windows = crossed.setdefault((step.line.start, base), {})
                x0 = body.corners[0]
                for side, length in zip(body.sides, body.lengths, strict=False):
                    reach_out = min(length, HEAVY_STEP / 2 + CROSSING_STEP)
                    outline_side = _outline_side(mover, x0, side)
                    if outline_side is None:  # not on an outline side after all: on its own
                        key, p, q = (-1, len(windows)), x0, _towards(x0, side, length)
                    else:
                        key, p, q = outline_side
                    ex, ey = q[0] - p[0], q[1] - p[1]
                    full = math.hypot(ex, ey)
                    at = ((x0[0] - p[0]) * ex + (x0[1] - p[1]) * ey) / full
                    span = (
                        (at, at + reach_out) if ex * math.cos(side) + ey * math.sin(side) > 0 else (at - reach_out, at)
                    )
                    windows.setdefault(key, (p, q, []))[2].append((max(0.0, span[0]), min(full, span[1])))
                if corner:
                    # and on along the outline from the corner (just off it), then across
                    polygons += _crossings(local, body, limit, step.cost)
        else:
            by_body.setdefault((node[0], node[3]), []).append(node)
    for (origin, base), windows in crossed.items():
        polygons += _across(mover.within(origin, limit - base), origin, base, limit, windows)
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
    return Reach(start, limit, tuple(p for p in polygons if len(p) >= 3))


def _angle(a: Point, b: Point) -> float:
    return math.atan2(b[1] - a[1], b[0] - a[0])


def _towards(a: Point, angle: float, length: float) -> Point:
    return (a[0] + length * math.cos(angle), a[1] + length * math.sin(angle))


def _wedge(body: Body, heading: float) -> tuple[float, float] | None:
    """The directions (first angle, width) a path arriving along `heading` newly
    reaches by turning at a point: in a narrow gap, everything ahead; at a corner
    of heavy terrain it passes outside, from straight on round towards the terrain
    as far as the terrain's side (what the corner hid from where the path came);
    None where the path runs into the terrain at the corner (`_into`, and ways
    across its sides are `_crossings`). Every ray is a real path, so a wider
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


def _ray(mover: Passage, origin: Point, budget: float, angle: float) -> Point:
    """Where a ray from origin stops: short of the first thing the base would
    overlap, or where the budget runs out."""
    return _ray_stop(mover, origin, budget, angle)[0]


def _ray_stop(mover: Passage, origin: Point, budget: float, angle: float) -> tuple[Point, str | None]:
    """Where a ray from origin stops, and what stopped it (None: the budget ran
    out). Neighbouring rays stopped by different things have ground between them
    that neither sees the end of: the callers cast more rays there."""
    end = (origin[0] + budget * math.cos(angle), origin[1] + budget * math.sin(angle))
    hit = mover.hit(origin, end)
    t = 1.0 if hit is None else max(0.0, hit[1] - REACH_MARGIN / budget)
    stopped = None if hit is None else hit[0]
    if mover.heavy:
        spent = budget_along(origin, end, budget, mover.heavy)
        if spent < t:
            t, stopped = spent, None
    return (origin[0] + (end[0] - origin[0]) * t, origin[1] + (end[1] - origin[1]) * t), stopped


def _fan_ray(mover: Passage, origin: Point, budget: float, angle: float, terrain: bool) -> tuple[Point, str | None]:
    """A ray of a fan (`_ray_stop`). `terrain`: one whose budget runs out in heavy
    terrain counts as stopped by that terrain: the front of the start's fan bends
    where its rays begin to end inside heavy terrain, so rays ending either side
    of its outline are refined as rays stopped by different things are."""
    end, stopped = _ray_stop(mover, origin, budget, angle)
    if stopped is None and terrain:
        x, y = end
        for h in mover.heavy:
            left, top, right, bottom = h.box
            if left <= x <= right and top <= y <= bottom:
                # inside or on the part (as `cost_at` reads it)
                for x1, y1, ex, ey, _tol in h.edges:
                    if ex * (y - y1) - ey * (x - x1) < 0.0:
                        break
                else:
                    return end, h.owner
    return end, stopped


def _fan(
    mover: Passage,
    origin: Point,
    budget: float,
    low: float,
    width: float,
    corners: list[float],
    closed: bool,
    step: float = FAN_STEP,
) -> Polygon:
    """Cast rays from origin over the angles [low, low + width] (every FAN_STEP and
    just either side of each corner direction inside it); each ray ends where the
    base would first overlap something or the budget runs out. Where the straight
    edge between two ray ends would cut into an obstacle, rays are added between
    them (down to a hundredth of a degree). The start's fan (`closed`) also adds
    rays where its rays begin to end inside heavy terrain (`_fan_ray`)."""
    steps = max(1, int(math.ceil(width / step)))
    angles = [low + width * k / steps for k in range(steps + (0 if closed else 1))]
    for c in corners:
        offset = (c - low) % (2 * math.pi)
        for d in (-1e-4, 1e-4):
            if 0.0 < offset + d < width:
                angles.append(low + offset + d)
    angles.sort()
    ends = [(angle, *_fan_ray(mover, origin, budget, angle, closed)) for angle in angles]
    if closed:
        ends.append((ends[0][0] + 2 * math.pi, ends[0][1], ends[0][2]))
    ring: list[Point] = [] if closed else [origin]
    for (a0, e0, s0), (a1, e1, s1) in zip(ends, ends[1:], strict=False):
        ring.append(e0)
        ring += _between(mover, origin, budget, a0, e0, s0, a1, e1, s1, 0, closed)
    if not closed:
        ring.append(ends[-1][1])
    return tuple(p for i, p in enumerate(ring) if i == 0 or p != ring[i - 1])


def _chord_clear(mover: Passage, origin: Point, a: Point, b: Point) -> bool:
    if mover.leaving and origin == mover.start:
        return mover.grown.first_hit(a, b, mover.query, mover.leaving) is None
    return mover.first_hit(a, b) is None


def _between(
    mover: Passage,
    origin: Point,
    budget: float,
    a0: float,
    e0: Point,
    s0: str | None,
    a1: float,
    e1: Point,
    s1: str | None,
    depth: int,
    terrain: bool,
) -> list[Point]:
    """Ray ends to put between two neighbouring rays so that the straight edge
    joining them stays clear of obstacles, and where they are stopped by different
    things (an obstacle and the budget: the corner where the two outlines meet;
    two obstacles: a gap between them may open beyond)."""
    if depth >= 12 or a1 - a0 < math.radians(0.01) or (s0 == s1 and _chord_clear(mover, origin, e0, e1)):
        return []
    mid = (a0 + a1) / 2
    em, sm = _fan_ray(mover, origin, budget, mid, terrain)
    return (
        _between(mover, origin, budget, a0, e0, s0, mid, em, sm, depth + 1, terrain)
        + [em]
        + _between(mover, origin, budget, mid, em, sm, a1, e1, s1, depth + 1, terrain)
    )


#: spacing of the crossing points tried along heavy terrain's outline (mm)
CROSSING_STEP = 2.0


def _refracted(mover: Passage, x: Point, heading: float, normal: Point) -> float | None:
    """The direction a cheapest path takes on after crossing heavy terrain's outline
    at x coming in along `heading` (Snell's law: sin out = sin in x cost before /
    cost after); None where it does not cross (grazing, or turned back)."""
    dx, dy = math.cos(heading), math.sin(heading)
    before = cost_at((x[0] - 0.01 * dx, x[1] - 0.01 * dy), mover.heavy)
    after = cost_at((x[0] + 0.01 * dx, x[1] + 0.01 * dy), mover.heavy)
    if before == after:
        return None
    nx, ny = normal
    if nx * dx + ny * dy < 0.0:
        nx, ny = -nx, -ny
    incidence = math.atan2(nx * dy - ny * dx, nx * dx + ny * dy)
    sine = math.sin(incidence) * before / after
    if abs(sine) > 1.0:
        return None
    return math.atan2(ny, nx) + math.asin(sine)


#: a crossing sample: (distance along the side, crossing point, ray end, what stopped it, direction)
_Crossing = tuple[float, Point, Point, str | None, float]
#: a ray leaving an arc: (turn, ray end, what stopped it, spent)
_Ray = tuple[float, Point, str | None, float]


def _crossings(mover: Passage, body: Body, limit: float, base: float) -> list[Polygon]:
    """The area reached by running from a corner of heavy terrain's outline (the
    node `body`, reached for `base`) along the outline on its cheaper side (a
    thousandth of a millimetre off it), then across at the critical angle anywhere
    on the sides from that corner (see `_crossing_run`)."""
    x0 = body.corners[0]
    found: list[Polygon] = []
    for side, length in zip(body.sides, body.lengths, strict=False):
        ux, uy = math.cos(side), math.sin(side)
        normal = (-uy, ux)
        off = 1e-3
        probe = (x0[0] + ux * 1.0, x0[1] + uy * 1.0)
        outer = cost_at((probe[0] + normal[0] * off, probe[1] + normal[1] * off), mover.heavy)
        inner = cost_at((probe[0] - normal[0] * off, probe[1] - normal[1] * off), mover.heavy)
        if outer == inner:
            continue
        into = (-normal[0], -normal[1]) if outer < inner else normal
        shifted = (x0[0] - into[0] * off, x0[1] - into[1] * off)
        # coming in along the outline, a path turns into the dearer side at the
        # critical angle: sin = cheaper cost / dearer cost from the normal
        turn = math.asin(min(outer, inner) / max(outer, inner))
        grazing = math.atan2(
            into[1] * math.cos(turn) + uy * math.sin(turn), into[0] * math.cos(turn) + ux * math.sin(turn)
        )
        count = max(1, math.ceil(length / CROSSING_STEP))
        marks = [length * k / count for k in range(1, count + 1)]
        found += _crossing_run(mover, x0, base, limit, shifted, (ux, uy), marks, grazing)
    return found


#: a side of heavy terrain's outline: (outline, side) in the board's outlines
_Side = tuple[int, int]


def _outline_side(mover: Passage, x0: Point, side: float) -> tuple[_Side, Point, Point] | None:
    """The side of heavy terrain's outline that runs from x0 in the direction
    `side`, with its two ends."""
    ux, uy = math.cos(side), math.sin(side)
    for k, outline in enumerate(mover.board.costs.outlines):
        pts = outline.points
        for i in range(len(pts)):
            p, q = pts[i], pts[(i + 1) % len(pts)]
            ex, ey = q[0] - p[0], q[1] - p[1]
            length = math.hypot(ex, ey)
            if length == 0.0 or abs(ex * uy - ey * ux) > 1e-9 * length:
                continue
            rx, ry = x0[0] - p[0], x0[1] - p[1]
            along = (rx * ex + ry * ey) / length
            if abs(rx * ey - ry * ex) <= 1e-7 * length and -1e-7 <= along <= length + 1e-7:
                return (k, i), p, q
    return None


def _across(
    mover: Passage,
    origin: Point,
    base: float,
    limit: float,
    windows: dict[_Side, tuple[Point, Point, list[tuple[float, float]]]],
) -> list[Polygon]:
    """The area reached straight from `origin` (after `base` spent) across heavy
    terrain's outline, on the stretches of its sides in `windows` (near the nodes
    reached from there): each stretch where they meet is tried once."""
    found: list[Polygon] = []
    for p, q, spans in windows.values():
        ex, ey = q[0] - p[0], q[1] - p[1]
        length = math.hypot(ex, ey)
        spans.sort()
        marks: list[float] = []
        hi = -math.inf
        for a, b in [*spans, (math.inf, math.inf)]:
            if a > hi + 1e-9 and marks:
                # the stretches met so far overlap: one run over all their samples
                marks.sort()
                kept = [d for i, d in enumerate(marks) if i == 0 or d - marks[i - 1] > 1e-9]
                found += _crossing_run(mover, origin, base, limit, p, (ex / length, ey / length), kept, None)
                marks = []
            if a == math.inf:
                break
            count = max(1, math.ceil((b - a) / CROSSING_STEP))
            marks += [a + (b - a) * k / count for k in range(count + 1)]
            hi = max(hi, b)
    return found


def _crossing_run(
    mover: Passage,
    origin: Point,
    base: float,
    limit: float,
    x0: Point,
    u: Point,
    marks: list[float],
    grazing: float | None,
) -> list[Polygon]:
    """The area reached by crossing heavy terrain's outline at the points x0 + u d
    for d in `marks` (rising, about CROSSING_STEP apart), each reached straight from `origin`
    (after `base` spent), each sending its refracted ray; more where neighbouring
    rays turn apart by over FAN_STEP, stop differently, or the edge between their
    ends is not clear. Between two neighbouring rays the area is the quadrilateral
    of the two crossing points and the two ray ends. `grazing`: the origin is a
    corner and the way runs along the outline from it (x0 just off it), every ray
    leaving in that one direction (the critical angle)."""
    ux, uy = u
    normal = (-uy, ux)  # of the side of the outline walked (Snell reads it either way)
    found: list[Polygon] = []

    def crossing(d: float) -> tuple[Point, float, float] | None:
        """(crossing point, cost there, direction on) where a path crosses at d;
        None where it cannot."""
        x = (x0[0] + ux * d, x0[1] + uy * d)
        if not (0 <= x[0] <= mover.board.width and 0 <= x[1] <= mover.board.height) or not mover.clear(origin, x):
            return None
        cost = base + mover.cost(origin, x)
        if cost >= limit:
            return None
        direction = grazing if grazing is not None else _refracted(mover, x, _angle(origin, x), normal)
        if direction is None:
            return None
        return x, cost, direction

    def ray(d: float, x: Point, cost: float, direction: float) -> _Crossing:
        """(distance along the side, crossing point, ray end, what stopped it, direction)"""
        end, stopped = _ray_stop(mover, x, limit - cost, direction)
        return (d, x, end, stopped, direction)

    def sample(d: float) -> _Crossing | None:
        found = crossing(d)
        return None if found is None else ray(d, *found)

    joined: dict[tuple[float, float], bool] = {}

    def joins(a: _Crossing, b: _Crossing) -> bool:
        """Whether the quadrilateral of two neighbouring samples is clear and holds
        what lies between them (asked again for the same two when the runs are put
        together: kept in `joined`)."""
        key = (a[0], b[0])
        known = joined.get(key)
        if known is None:
            turn = abs((b[4] - a[4] + math.pi) % (2 * math.pi) - math.pi)
            known = joined[key] = (
                turn <= FAN_STEP and a[3] == b[3] and mover.clear(a[1], b[1]) and _chord_clear(mover, a[1], a[2], b[2])
            )
        return known

    def between(a: _Crossing, b: _Crossing, depth: int) -> list[_Crossing | None]:
        if depth >= 8 or b[0] - a[0] < 0.01 or joins(a, b):
            return []
        mid = sample((a[0] + b[0]) / 2)
        if mid is None:
            return [None]
        return between(a, mid, depth + 1) + [mid] + between(mid, b, depth + 1)

    def edge(good: _Crossing, bad: float) -> list[_Crossing | None]:
        """Samples up to where crossing stops being possible between a good sample
        and a distance where it is not (near the critical angle the refracted
        rays fan out fastest); None where a sample between fails, as in `between`."""
        # only whether a path crosses decides the halving: the ray is cast for the last one
        lo, hi, last_found = good[0], bad, None
        for _ in range(14):
            mid = (lo + hi) / 2
            found = crossing(mid)
            if found is None:
                hi = mid
            else:
                lo, last_found = mid, found
        if last_found is None:
            return []
        last = ray(lo, *last_found)
        if good[0] < last[0]:
            return between(good, last, 0) + [last]
        return [last] + between(last, good, 0)

    samples: list[_Crossing | None] = []
    previous_d = None
    for d in marks:
        here = sample(d)
        if samples and samples[-1] is not None and here is not None:
            samples += between(samples[-1], here, 0)
        elif samples and samples[-1] is not None:
            samples += edge(samples[-1], d)
        elif samples and here is not None and previous_d is not None:
            samples += edge(here, previous_d)
        samples.append(here)
        previous_d = d
    run: list[_Crossing] = []
    for item in samples + [None]:
        if item is not None and run and not joins(run[-1], item):
            # still apart after refining: near the critical angle the rays turn
            # fast while the crossing point hardly moves; a fan from that point
            # fills the turn
            last = run[-1]
            if math.dist(last[1], item[1]) < 0.05:
                turn = (item[4] - last[4] + math.pi) % (2 * math.pi) - math.pi
                low = last[4] if turn >= 0 else item[4]
                spent = base + mover.cost(origin, last[1])
                found.append(_fan(mover, last[1], limit - spent, low, abs(turn), [], closed=False))
            if len(run) >= 2:
                found.append(tuple(r[1] for r in run) + tuple(r[2] for r in reversed(run)))
            run = []
        if item is None:
            if len(run) >= 2:
                found.append(tuple(r[1] for r in run) + tuple(r[2] for r in reversed(run)))
            run = []
        else:
            run.append(item)
    return found


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
        end, stopped = _ray_stop(mover, t, left, self.first + self.orient * (turn + math.pi / 2))
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
