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
  within the allowance, on the tangent graph of routes.py: at most 0.05 mm per
  10 cm over the cheapest path there is (arcs walked as short straight segments;
  crossings of heavy terrain placed along its outline to 0.005 mm).
- `path_to_contact(table, model_id, target_id)`: the cheapest path ending in exact
  contact with the target (a charge), on the same graph.
- `reach(table, model_id)` -> `Reach`: the area the base centre can reach in one
  move, as polygons to fill (their union is the area), from rays cast exactly
  from the start, the bends and the arcs of the tangent graph.

A warrior standing in terrain a move may not enter (bushes set burning, a rocky
hill it stands on top of: `Table.standing_in`) may pass through that terrain
until its base is first clear of it, and the move must end where the base may
stand (off the burning piece; on the rocky hill only wholly on top).
- End of a move: `enemies_touching`, `move_may_end` (no enemy in contact after a
  move), `charge_may_end` (an enemy in contact after a charge).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pymunk

from tabletop.games.skirmish.table import planar, routes
from tabletop.games.skirmish.table.costs import budget_along, cost_at, heavy_parts, path_cost, segment_cost
from tabletop.games.skirmish.table.planar import EPS, Point, Polygon
from tabletop.games.skirmish.table.table import GrownSpace, Table

try:  # pymunk's own C library, for segment casts without building Python objects for each answer
    from pymunk._chipmunk import ffi as _ffi  # type: ignore[import-not-found]  # cffi module, no stubs
    from pymunk._chipmunk import lib as _lib
except ImportError:  # pragma: no cover - another pymunk: GrownSpace.first_hit does it all
    _ffi = _lib = None

__all__ = [
    "Path",
    "PathCheck",
    "Reach",
    "check_path",
    "path_cost",
    "shortest_path",
    "path_to_contact",
    "reach",
    "enemies_touching",
    "move_may_end",
    "charge_may_end",
]


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


# -- leaving the terrain a warrior stands in ---------------------------------------------------


def _clear_of(table: Table, model_id: str, a: Point, b: Point, leaving: frozenset[str]) -> float:
    """How far along segment a-b (as a fraction; 1 or more: not before b) the
    model's base, starting on pieces in `leaving`, is first clear of all of them.
    Each part is convex, so along the segment the base overlaps it on one stretch.
    "Clear" is a hair beyond touching, so the rest of the segment, checked against
    the pieces again, starts off them."""
    radius = table.models[model_id].radius + 1e-9
    parts = [part for piece_id in leaving for part in table.pieces[piece_id].parts]

    def point(t: float) -> Point:
        return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)

    def inside(part: Polygon, t: float) -> bool:
        return planar.point_convex_signed_distance(point(t), part) < radius

    def root(part: Polygon, lo: float, hi: float, entering: bool) -> float:
        # the change between lo and hi (inside at lo when leaving, outside when entering)
        for _ in range(60):
            mid = (lo + hi) / 2
            if inside(part, mid) != entering:
                lo = mid
            else:
                hi = mid
        return hi

    stretches = []
    for part in parts:
        if inside(part, 0.0):
            stretches.append((0.0, 1.0 if inside(part, 1.0) else root(part, 0.0, 1.0, False)))
            continue
        # the nearest approach of the segment to the part (distance is convex along it)
        lo, hi = 0.0, 1.0
        for _ in range(60):
            m1, m2 = lo + (hi - lo) / 3, hi - (hi - lo) / 3
            if planar.point_convex_distance(point(m1), part) <= planar.point_convex_distance(point(m2), part):
                hi = m2
            else:
                lo = m1
        nearest = (lo + hi) / 2
        if inside(part, nearest):
            enter = root(part, 0.0, nearest, True)
            stretches.append((enter, 1.0 if inside(part, 1.0) else root(part, nearest, 1.0, False)))
    reached = 0.0
    grew = True
    while grew:
        grew = False
        for t0, t1 in stretches:
            if t0 <= reached + 1e-12 and t1 > reached:
                reached = t1
                grew = True
    if reached >= 1.0:
        # still on them at b: ask whether the base is clear at b itself
        return 1.0 if not any(inside(part, 1.0) for part in parts) else 2.0
    return reached


def _first_hit_leaving(
    table: Table,
    model_id: str,
    grown: GrownSpace,
    query: pymunk.ShapeFilter,
    a: Point,
    b: Point,
    leaving: frozenset[str],
) -> tuple[tuple[str, float] | None, bool]:
    """The first hit on segment a-b for a base that starts on pieces in `leaving`
    (passed through until it is clear of them), and whether it is still on them at b."""
    t = _clear_of(table, model_id, a, b, leaving)
    if t >= 1.0:
        return grown.first_hit(a, b, query, leaving), t > 1.0
    out = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
    hit = grown.first_hit(a, out, query, leaving)
    if hit is not None:
        return (hit[0], hit[1] * t), True
    hit = grown.first_hit(out, b, query)
    if hit is not None:
        return (hit[0], t + hit[1] * (1.0 - t)), False
    return None, False


# -- checks -------------------------------------------------------------------------------


def check_path(
    table: Table, model_id: str, points: list[Point] | tuple[Point, ...], allowance: float | None = None
) -> PathCheck:
    """Check a path of the model's base centre (its first point is the start).
    Exact: the base may touch but never overlap anything along the way."""
    model = table.models[model_id]
    grown = table.grown(model.radius)
    query = grown.model_filter(model_id)
    length, cost = path_cost(table, points)
    limit = table.allowance if allowance is None else allowance
    over = cost > limit + EPS
    # terrain it stands in (burning bushes, a rocky hill) it may pass until clear of it
    leaving = table.standing_in(model_id) if tuple(points[0]) == model.position else frozenset()
    if len(points) == 1:
        blocker = grown.blocked_at(points[0], query, leaving)
        return PathCheck(blocker is None and not over, length, cost, blocker, 0 if blocker else None, over)
    on = bool(leaving)
    for index, (a, b) in enumerate(zip(points, points[1:], strict=False)):
        if on:
            hit, on = _first_hit_leaving(table, model_id, grown, query, a, b, leaving)
        else:
            hit = grown.first_hit(a, b, query)
        if hit is not None:
            return PathCheck(False, length, cost, hit[0], index, over)
    if on:
        # still on a piece it may not enter at the end: only on top of one it may climb
        end = points[-1]
        stuck = [o for o in table.model_overlaps(model.radius, end, (model_id,)) if o in leaving]
        if stuck:
            return PathCheck(False, length, cost, stuck[0], len(points) - 2, over)
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


# -- searching -------------------------------------------------------------------------------


class _Mover:
    """One model about to move: its grown space, the heavy terrain, the terrain it
    stands in and may leave (passed through on the first leg of a path, until the
    base is clear of it)."""

    def __init__(self, table: Table, model_id: str) -> None:
        model = table.models[model_id]
        self.table = table
        self.model_id = model_id
        self.radius = model.radius
        self.start = model.position
        self.grown: GrownSpace = table.grown(model.radius)
        self.query = self.grown.model_filter(model_id)
        self.heavy = heavy_parts(table)
        self.leaving = table.standing_in(model_id)
        self.first_hit = _caster(self.grown, self.query)

    def hit(self, a: Point, b: Point) -> tuple[str, float] | None:
        """The first element a base moving from a to b would overlap (see first_hit)."""
        if self.leaving and a == self.start:
            return _first_hit_leaving(self.table, self.model_id, self.grown, self.query, a, b, self.leaving)[0]
        return self.first_hit(a, b)

    def clear(self, a: Point, b: Point) -> bool:
        return self.hit(a, b) is None

    def cost(self, a: Point, b: Point) -> float:
        return segment_cost(a, b, self.heavy)

    def may_end(self, p: Point) -> bool:
        """Whether the base may stand at p at the end of the move."""
        if not self.leaving:
            return self.grown.blocked_at(p, self.query) is None
        return self.table.model_fits(self.radius, p, (self.model_id,))


def _caster(grown: GrownSpace, query: pymunk.ShapeFilter) -> Callable[[Point, Point], tuple[str, float] | None]:
    """`grown.first_hit(a, b, query)` as a function of a and b: the same query of
    pymunk's space (cpSpaceSegmentQueryFirst, the same answer), made straight
    through pymunk's C library where it offers one, which is several times faster
    than building pymunk's Python objects for each answer (the reach casts
    thousands)."""
    space = getattr(grown.space, "_space", None)
    owners = {}
    for shape, owner in grown.shape_owner.items():
        pointer = getattr(shape, "_shape", None)
        if pointer is None:
            space = None
            break
        owners[pointer] = owner
    if _lib is None or space is None:
        return lambda a, b: grown.first_hit(a, b, query)
    info = _ffi.new("cpSegmentQueryInfo *")
    cast = _lib.cpSpaceSegmentQueryFirst
    null = _ffi.NULL

    def first_hit(a: Point, b: Point) -> tuple[str, float] | None:
        shape = cast(space, a, b, 0.0, query, info)
        if shape == null:
            return None
        return owners[shape], info.alpha

    return first_hit


def shortest_path(table: Table, model_id: str, goal: Point, limit: float | None = None) -> Path | None:
    """The cheapest path of the model's base centre to `goal` that costs at most
    `limit` (default: the allowance); None if there is none (or the base may not
    stand at the goal). Found on the tangent graph (routes.py): its cost exceeds
    the cheapest path's by at most `routes.TOLERANCE_PER_MM` per mm (0.05 mm per
    10 cm), the arcs round obstacles being walked as short straight segments; the
    points where it crosses heavy terrain's outline are placed to 0.005 mm."""
    limit = table.allowance if limit is None else limit
    mover = _Mover(table, model_id)
    goal = (float(goal[0]), float(goal[1]))
    start = mover.start
    if not mover.may_end(goal) or math.dist(start, goal) > limit + EPS:
        return None
    if mover.clear(start, goal):
        direct = mover.cost(start, goal)
        if direct <= math.dist(start, goal) + EPS:
            return Path((start, goal), math.dist(start, goal), direct)
    # over heavy terrain the search may go a little over the limit: sliding the
    # crossings of its outline can bring a path back under it
    slack = 0.02 * limit if mover.heavy else 0.0
    found = routes.route(table, model_id, goal, limit + slack, mover.clear)
    if found is None:
        return None
    return _checked_path(mover, found[0], limit)


def _checked_path(mover: _Mover, points: list[Point], limit: float) -> Path | None:
    """A route found on the tangent graph as a Path: its crossings of heavy
    terrain's outline slid to where they cost least, and kept only when the exact
    check passes it within `limit`."""
    table = mover.table
    if mover.heavy:
        points = routes.refine(table, points, mover.clear)
        points = routes.refine_entry(table, mover.model_id, points, mover.clear, limit + 0.02 * limit)
    length, cost = path_cost(table, points)
    if cost > limit + EPS or not check_path(table, mover.model_id, points, allowance=limit).ok:
        return None
    return Path(tuple(points), length, cost)


def path_to_contact(table: Table, model_id: str, target_id: str, limit: float | None = None) -> Path | None:
    """The cheapest path within `limit` (default: the allowance) that ends with the
    base in exact contact with the target's base; None if there is none. Same
    tangent graph and tolerance as `shortest_path`."""
    limit = table.allowance if limit is None else limit
    mover = _Mover(table, model_id)
    model, target = table.models[model_id], table.models[target_id]
    touch = model.radius + target.radius
    if math.dist(mover.start, target.position) - touch > limit + EPS:
        return None
    slack = 0.02 * limit if mover.heavy else 0.0
    found = routes.contact_route(table, model_id, target_id, limit + slack, mover.clear)
    if found is None:
        return None
    points = found[0]
    if len(points) == 1:
        points = [points[0], points[0]]
    return _checked_path(mover, points, limit)


# -- reach -----------------------------------------------------------------------------------

#: the reach drawn stops this much short of the allowance and of obstacles, so that
#: every point inside it is reachable despite the straight edges between rays (mm)
REACH_MARGIN = 0.1
#: angle between the rays of a fan, and between the rays leaving an arc (radians)
FAN_STEP = math.radians(2.0)


def reach(table: Table, model_id: str, allowance: float | None = None) -> Reach:
    """The area the model's base centre can reach in one move: the union of the
    returned polygons. Every node of the tangent graph within the allowance is
    found (routes.spread); rays are cast exactly from the start in every direction,
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
    mover = _Mover(table, model_id)
    start = mover.start
    if mover.grown.blocked_at(start, mover.query, mover.leaving) is not None:
        return Reach(start, limit, ())
    query, steps = routes.spread(table, model_id, limit, mover.clear)
    near = query.near(limit)
    polygons = []
    corners = [_angle(start, line.end) for b in near for line in query.lines(query.s, b)]
    polygons.append(_fan(mover, start, limit, 0.0, 2 * math.pi, corners, closed=True))
    # sweeps off the arcs: a node dominated by another on the same body and way
    # round (reaching it by walking from there costs no more) sweeps nothing new
    by_body: dict[tuple[int, int], list[routes.Node]] = {}
    for node, step in steps.items():
        if step.line is None or step.cost >= limit:  # only the start step has no line
            continue
        body = query.bodies[node[0]]
        if body.point:
            budget = limit - step.cost
            corner = body.normal is None or abs(abs((body.sides[1] - body.sides[0]) % (2 * math.pi) - math.pi)) > 1e-9
            wedge = _wedge(body, _angle(step.line.start, step.line.end)) if corner else None
            if wedge is not None:
                # a gap, or a corner of heavy terrain a path turns round
                low, width = wedge
                near_dirs = [
                    _angle(body.corners[0], line.end)
                    for b in near
                    if b != node[0]
                    for line in query.lines(node[0], b)
                    if math.dist(body.corners[0], line.end) < budget
                ]
                polygons.append(
                    _fan(mover, body.corners[0], budget, low, width, near_dirs + list(body.sides), closed=False)
                )
            if body.normal is not None and corner:
                low, width = _into(body)
                polygons.append(_fan(mover, body.corners[0], budget, low, width, list(body.sides), closed=False))
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
                        mover,
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
                # across heavy terrain's outline near the node, straight from where the path came
                base = step.cost - query.line_cost(step.line)
                polygons += _crossings(mover, body, step.line.start, base, limit, False)
                if corner:
                    # and on along the outline from the corner (just off it), then across
                    polygons += _crossings(mover, body, body.corners[0], step.cost, limit, True)
        else:
            by_body.setdefault((node[0], node[3]), []).append(node)
    graph = query.graph
    for (index, orient), nodes in by_body.items():
        nodes.sort(key=lambda n: steps[n].cost)
        kept: list[routes.Node] = []
        for node in nodes:
            g = steps[node].cost
            if any(
                steps[k].cost + graph.walk_length(index, k[1], k[2], node[1], node[2], orient) <= g + 1e-9 for k in kept
            ):
                continue
            kept.append(node)
            # rays just either side of every tangent to another body: where what
            # the ray meets changes
            edges = [line.angle_a for b in near if b != index for line in query.lines(index, b) if line.oa == orient]
            polygons += _sweep(mover, query.bodies[index], node, limit - g, edges)
    return Reach(start, limit, tuple(p for p in polygons if len(p) >= 3))


def _angle(a: Point, b: Point) -> float:
    return math.atan2(b[1] - a[1], b[0] - a[0])


def _wedge(body: routes.Body, heading: float) -> tuple[float, float] | None:
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


def _into(body: routes.Body) -> tuple[float, float]:
    """Every direction into heavy terrain from a corner of its outline (there the
    outline has no one direction, so a path may turn into it any way)."""
    forward, back = body.sides
    return (forward, (back - forward) % (2 * math.pi))


def _ray(mover: _Mover, origin: Point, budget: float, angle: float) -> Point:
    """Where a ray from origin stops: short of the first thing the base would
    overlap, or where the budget runs out."""
    return _ray_stop(mover, origin, budget, angle)[0]


def _ray_stop(mover: _Mover, origin: Point, budget: float, angle: float) -> tuple[Point, str | None]:
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


def _fan(
    mover: _Mover,
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
    them (down to a hundredth of a degree)."""
    steps = max(1, int(math.ceil(width / step)))
    angles = [low + width * k / steps for k in range(steps + (0 if closed else 1))]
    for c in corners:
        offset = (c - low) % (2 * math.pi)
        for d in (-1e-4, 1e-4):
            if 0.0 < offset + d < width:
                angles.append(low + offset + d)
    angles.sort()
    ends = [(angle, *_ray_stop(mover, origin, budget, angle)) for angle in angles]
    if closed:
        ends.append((ends[0][0] + 2 * math.pi, ends[0][1], ends[0][2]))
    ring: list[Point] = [] if closed else [origin]
    for (a0, e0, s0), (a1, e1, s1) in zip(ends, ends[1:], strict=False):
        ring.append(e0)
        ring += _between(mover, origin, budget, a0, e0, s0, a1, e1, s1, 0)
    if not closed:
        ring.append(ends[-1][1])
    return tuple(p for i, p in enumerate(ring) if i == 0 or p != ring[i - 1])


def _chord_clear(mover: _Mover, origin: Point, a: Point, b: Point) -> bool:
    if mover.leaving and origin == mover.start:
        return mover.grown.first_hit(a, b, mover.query, mover.leaving) is None
    return mover.first_hit(a, b) is None


def _between(
    mover: _Mover,
    origin: Point,
    budget: float,
    a0: float,
    e0: Point,
    s0: str | None,
    a1: float,
    e1: Point,
    s1: str | None,
    depth: int,
) -> list[Point]:
    """Ray ends to put between two neighbouring rays so that the straight edge
    joining them stays clear of obstacles, and where they are stopped by different
    things (an obstacle and the budget: the corner where the two outlines meet;
    two obstacles: a gap between them may open beyond)."""
    if depth >= 12 or a1 - a0 < math.radians(0.01) or (s0 == s1 and _chord_clear(mover, origin, e0, e1)):
        return []
    mid = (a0 + a1) / 2
    em, sm = _ray_stop(mover, origin, budget, mid)
    return (
        _between(mover, origin, budget, a0, e0, s0, mid, em, sm, depth + 1)
        + [em]
        + _between(mover, origin, budget, mid, em, sm, a1, e1, s1, depth + 1)
    )


#: spacing of the crossing points tried along heavy terrain's outline (mm)
CROSSING_STEP = 2.0


def _refracted(mover: _Mover, x: Point, heading: float, normal: Point) -> float | None:
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


def _crossings(
    mover: _Mover, body: routes.Body, origin: Point, base: float, limit: float, along: bool
) -> list[Polygon]:
    """The area reached by crossing heavy terrain's outline near a node of it: the
    crossing points every CROSSING_STEP along the outline on either side (half the
    distance to the next node), each reached straight from `origin` (after `base`
    spent), each sending its refracted ray; more where neighbouring rays turn apart
    by over FAN_STEP, stop differently, or the edge between their ends is not
    clear. Between two neighbouring rays the area is the quadrilateral of the two
    crossing points and the two ray ends. `along`: the origin is the node itself,
    a corner, and the way runs along the outline on its cheaper side (a thousandth
    of a millimetre off it) before crossing at the critical angle, anywhere on the
    sides from that corner."""
    x0 = body.corners[0]
    found: list[Polygon] = []
    for side, length in zip(body.sides, body.lengths, strict=False):
        ux, uy = math.cos(side), math.sin(side)
        normal = (-uy, ux)  # of the side of the outline walked (Snell reads it either way)
        # half way to the next node; along the outline, the whole side
        reach = min(length, routes.HEAVY_STEP / 2 + CROSSING_STEP) if not along else length
        shift = (0.0, 0.0)
        grazing = None
        if along:
            off = 1e-3
            probe = (x0[0] + ux * 1.0, x0[1] + uy * 1.0)
            outer = cost_at((probe[0] + normal[0] * off, probe[1] + normal[1] * off), mover.heavy)
            inner = cost_at((probe[0] - normal[0] * off, probe[1] - normal[1] * off), mover.heavy)
            if outer == inner:
                continue
            into = (-normal[0], -normal[1]) if outer < inner else normal
            shift = (-into[0] * off, -into[1] * off)
            # coming in along the outline, a path turns into the dearer side at the
            # critical angle: sin = cheaper cost / dearer cost from the normal
            turn = math.asin(min(outer, inner) / max(outer, inner))
            grazing = math.atan2(
                into[1] * math.cos(turn) + uy * math.sin(turn), into[0] * math.cos(turn) + ux * math.sin(turn)
            )

        def sample(
            d: float,
            *,
            ux: float = ux,
            uy: float = uy,
            shift: Point = shift,
            grazing: float | None = grazing,
            normal: Point = normal,
        ) -> _Crossing | None:
            """(distance along the side, crossing point, ray end, what stopped it, direction);
            the keyword arguments hold this side's values."""
            x = (x0[0] + ux * d + shift[0], x0[1] + uy * d + shift[1])
            if not (0 <= x[0] <= mover.table.width and 0 <= x[1] <= mover.table.height) or not mover.clear(origin, x):
                return None
            cost = base + mover.cost(origin, x)
            if cost >= limit:
                return None
            direction = grazing if along else _refracted(mover, x, _angle(origin, x), normal)
            if direction is None:
                return None
            end, stopped = _ray_stop(mover, x, limit - cost, direction)
            return (d, x, end, stopped, direction)

        joined: dict[tuple[float, float], bool] = {}

        def joins(a: _Crossing, b: _Crossing, *, joined: dict[tuple[float, float], bool] = joined) -> bool:
            """Whether the quadrilateral of two neighbouring samples is clear and holds
            what lies between them (asked again for the same two when the runs are put
            together: kept in this side's `joined`)."""
            key = (a[0], b[0])
            known = joined.get(key)
            if known is None:
                turn = abs((b[4] - a[4] + math.pi) % (2 * math.pi) - math.pi)
                known = joined[key] = (
                    turn <= FAN_STEP
                    and a[3] == b[3]
                    and mover.clear(a[1], b[1])
                    and _chord_clear(mover, a[1], a[2], b[2])
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
            lo, hi, last = good[0], bad, good
            for _ in range(14):
                mid = (lo + hi) / 2
                found = sample(mid)
                if found is None:
                    hi = mid
                else:
                    lo, last = mid, found
            if last is good:
                return []
            if good[0] < last[0]:
                return between(good, last, 0) + [last]
            return [last] + between(last, good, 0)

        count = max(1, math.ceil(reach / CROSSING_STEP))
        samples: list[_Crossing | None] = []
        previous_d = None
        for k in range(1 if along else 0, count + 1):
            d = reach * k / count
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


def _sweep(mover: _Mover, body: routes.Body, node: routes.Node, budget: float, edges: list[float]) -> list[Polygon]:
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

    def __init__(self, mover: _Mover, centre: Point, r: float, orient: int, first: float, budget: float) -> None:
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
