"""Movement of a base across the table.

A move is a path of straight segments of the base centre. It is allowed when along
the whole path the base overlaps no other model and no terrain it may not cross
(touching is allowed), stays on the table, and the path's cost is within the
allowance (100 mm from data): each mm counts once, or X times inside terrain of
crossing cost X (heavy terrain, or crossable terrain at double cost), measured on
the centre's path.

Exactness: every obstacle is grown by the base radius in a pymunk space of its own
(`Table.grown`, read through passage.py), so "the disc fits along this segment" is a zero-width segment
cast, exact up to `planar.EPS` (no sampling; pymunk's segment query with a radius
is not used because it misses shapes, Chipmunk issue 138). A 40 mm base does not
pass a 35 mm gap, a 30 mm base does, and one of 35 mm just does.

- `check_path(table, model_id, points)` -> `PathCheck` (ok, length, cost, what
  blocks which segment, over the allowance).
- `path_cost(table, points)` -> (length, cost).
- `shortest_path(table, model_id, goal)` -> `Path` or None: the cheapest path
  within the allowance, on the tangent graph (graph.py, search.py, refine.py): at
  most 0.0025 mm per 10 cm over the cheapest path there is (arcs walked as short
  straight segments; crossings of heavy terrain placed along its outline to
  0.005 mm).
- `path_to_contact(table, model_id, target_id)`: the cheapest path ending in exact
  contact with the target (a charge), on the same graph.
- The area one move reaches is reach.py's.

A warrior standing in terrain a move may not enter (bushes set burning, a rocky
hill it stands on top of: `Table.standing_in`) may pass through that terrain
on the first leg of its path until its base is clear of it (a path that bends
still on it is refused at the bend), and the move must end where the base may
stand (off the burning piece; on the rocky hill only wholly on top).
- End of a move: `enemies_touching`, `move_may_end` (no enemy in contact after a
  move), `charge_may_end` (an enemy in contact after a charge).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.bend_out import ExitLegs, refine_exit
from tabletop.games.skirmish.table.costs import path_cost
from tabletop.games.skirmish.table.passage import Passage, passage
from tabletop.games.skirmish.table.planar import EPS, Point
from tabletop.games.skirmish.table.refine import Kept, refine, refine_entry
from tabletop.games.skirmish.table.search import contact_route, route, routes
from tabletop.games.skirmish.table.spans import Outline, outline_crossings
from tabletop.games.skirmish.table.table import Table

__all__ = [
    "Path",
    "PathCheck",
    "check_path",
    "path_cost",
    "shortest_path",
    "way_on_graph",
    "path_to_contact",
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


def check_path(
    table: Table, model_id: str, points: list[Point] | tuple[Point, ...], allowance: float | None = None
) -> PathCheck:
    """Check a path of the model's base centre (its first point is the start).
    Exact: the base may touch but never overlap anything along the way."""
    model = table.models[model_id]
    mover = passage(table, model_id)
    grown, query = mover.grown, mover.query
    length, cost = path_cost(table, points)
    limit = table.allowance if allowance is None else allowance
    over = cost > limit + EPS
    # terrain it stands in (burning bushes, a rocky hill) it may pass until clear of it
    leaving = mover.leaving if tuple(points[0]) == model.position else frozenset()
    if len(points) == 1:
        blocker = grown.blocked_at(points[0], query, leaving)
        return PathCheck(blocker is None and not over, length, cost, blocker, 0 if blocker else None, over)
    on = bool(leaving)
    for index, (a, b) in enumerate(zip(points, points[1:], strict=False)):
        if on and tuple(a) != model.position:
            # only the first leg passes through it: a bend still on it is a bend inside it
            return PathCheck(False, length, cost, _still_on(table, model_id, a, leaving), index, over)
        if on:
            hit, on = mover.hit_leaving(a, b)
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


def _still_on(table: Table, model_id: str, p: Point, leaving: frozenset[str]) -> str:
    """The piece among `leaving` the model's base at p still overlaps (the first by
    id; within a nanometre of touching, as `clearing.clear_of` counts it)."""
    radius = table.models[model_id].radius + 1e-9
    on = (
        piece_id
        for piece_id in sorted(leaving)
        if any(planar.point_convex_signed_distance(p, part) < radius for part in table.blocking_parts(piece_id))
    )
    return next(on, min(leaving))


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


#: over heavy terrain, ways on the graph this much dearer than its cheapest are slid
#: too (mm), at most HEAVY_TRIED of them, cheapest first
HEAVY_SPARE = 1.0
HEAVY_TRIED = 6
#: and the cheapest way across each other run of heavy terrain's outlines within this
#: share of the limit (the search's own slack over heavy terrain: what the sliding is
#: taken to save at most)
HEAVY_OTHER = 0.02


def shortest_path(table: Table, model_id: str, goal: Point, limit: float | None = None) -> Path | None:
    """The cheapest path of the model's base centre to `goal` that costs at most
    `limit` (default: the allowance); None if there is none (or the base may not
    stand at the goal). Found on the tangent graph (search.py): its cost exceeds
    the cheapest path's by at most `tangents.TOLERANCE_PER_MM` per mm (0.01 mm per
    10 cm), the arcs round obstacles being walked as short straight segments; the
    points where it crosses heavy terrain's outline are placed to 0.005 mm, on
    the cheapest way on the graph and on the others within HEAVY_SPARE of it, and on
    the cheapest across each other run of outlines (`_ways_to_slide`)."""
    return _planned(table, model_id, goal, limit, slid=True)


def way_on_graph(table: Table, model_id: str, goal: Point, limit: float | None = None) -> Path | None:
    """The cheapest way to `goal` on the tangent graph costing at most `limit`
    (default: the allowance), as `shortest_path` searches it but with its crossings
    of heavy terrain's outline left where the graph has them (every HEAVY_STEP
    along it), not slid to where they cost least: over heavy terrain it may cost
    a few mm more than the path `shortest_path` gives (and miss one that only the
    sliding brings within `limit`), elsewhere it is that path. Checked exactly: a
    path the base may move along. None if there is none."""
    return _planned(table, model_id, goal, limit, slid=False)


def _planned(table: Table, model_id: str, goal: Point, limit: float | None, slid: bool) -> Path | None:
    """`shortest_path` (`slid`: the crossings of heavy terrain's outline slid to
    where they cost least) or `way_on_graph`."""
    limit = table.allowance if limit is None else limit
    mover = passage(table, model_id)
    goal = (float(goal[0]), float(goal[1]))
    start = mover.start
    if not _may_end(table, mover, goal) or math.dist(start, goal) > limit + EPS:
        return None
    if mover.clear(start, goal):
        direct = mover.cost(start, goal)
        if direct <= math.dist(start, goal) + EPS:
            return Path((start, goal), math.dist(start, goal), direct)
    if not mover.heavy:
        found = route(mover, goal, limit)
        return None if found is None else _checked_path(table, mover, found[0], limit)
    if not slid:
        for points, _cost in routes(mover, goal, limit, HEAVY_SPARE)[:HEAVY_TRIED]:
            check = check_path(table, model_id, points, allowance=limit)
            if check.ok:
                return Path(tuple(points), check.length, check.cost)
        return None
    # over heavy terrain the search may go a little over the limit: sliding the
    # crossings of its outline can bring a path back under it; the graph's crossings
    # lie every HEAVY_STEP, so the cheapest way on it may not be the cheapest once
    # they are slid: the ways ending from other nodes within HEAVY_SPARE of it are
    # slid too
    best = None
    exits: ExitLegs = {}  # the first legs of the bends out tried for one way, for the next
    placed = Kept()  # the costs of the crossings' places tried for one way, for the next
    settled: dict[tuple[Point, ...], Path | None] = {}  # what each way slid to gave, for another sliding there
    for points in _ways_to_slide(mover, goal, limit + 0.02 * limit):
        path = _checked_path(table, mover, points, limit, exits, placed, settled)
        if path is not None and (best is None or path.cost < best.cost):
            best = path
    return best


def _ways_to_slide(mover: Passage, goal: Point, limit: float) -> list[list[Point]]:
    """The ways on the graph to slide over heavy terrain: those within HEAVY_SPARE of
    the cheapest (at most HEAVY_TRIED), and of those within HEAVY_OTHER x `limit` of
    it the cheapest across each other run of outlines (the graph's crossings lie
    every HEAVY_STEP: across a narrow strip of terrain its way may cost more than a
    mm over the path it slides to; seed 1919, through a wall's arm 1.62 mm more than
    the way round it, and 0.035 mm cheaper slid)."""
    found = routes(mover, goal, limit, HEAVY_OTHER * limit)
    if not found:
        return []
    outlines = mover.board.costs.outlines
    cheapest = found[0][1]
    ways = [(points, _run(points, outlines)) for points, cost in found[:HEAVY_TRIED] if cost <= cheapest + HEAVY_SPARE]
    runs = {run for _points, run in ways}
    for points, _cost in found[len(ways) :]:
        run = _run(points, outlines)
        if run not in runs:
            runs.add(run)
            ways.append((points, run))
    return [way[0] for way in ways]


def _run(points: list[Point], outlines: list[Outline]) -> tuple[int, ...]:
    """The outlines of heavy terrain a way crosses, in order."""
    return tuple(k for a, b in zip(points, points[1:], strict=False) for _t, k, _s in outline_crossings(a, b, outlines))


def _may_end(table: Table, mover: Passage, p: Point) -> bool:
    """Whether the base may stand at p at the end of the move."""
    if not mover.leaving:
        return mover.grown.blocked_at(p, mover.query) is None
    return table.model_fits(mover.radius, p, (mover.model_id,))


def _checked_path(
    table: Table,
    mover: Passage,
    points: list[Point],
    limit: float,
    exits: ExitLegs | None = None,
    placed: Kept | None = None,
    settled: dict[tuple[Point, ...], Path | None] | None = None,
) -> Path | None:
    """A route found on the tangent graph as a Path: its crossings of heavy
    terrain's outline slid to where they cost least, and kept only when the exact
    check passes it within `limit` (`exits`: the bends out of terrain the warrior
    stands in tried for other ways from its start, `bend_out.refine_exit`; `placed`:
    the crossings' places tried for other ways to the goal, `refine.Kept`;
    `settled`: what the rest gave for the points other ways' crossings slid to:
    the same again where this way's slide to the same points)."""
    key: tuple[Point, ...] | None = None
    if mover.heavy:
        points = refine(mover, points, placed=placed)
        key = tuple(points)
        if settled is not None and key in settled:
            return settled[key]
        points = refine_entry(mover, points, limit + 0.02 * limit)
        points = refine_exit(mover, points, exits)
    # the exact check weighs the path's cost too (over `limit`: not ok)
    check = check_path(table, mover.model_id, points, allowance=limit)
    path = Path(tuple(points), check.length, check.cost) if check.ok else None
    if settled is not None and key is not None:
        settled[key] = path
    return path


def path_to_contact(table: Table, model_id: str, target_id: str, limit: float | None = None) -> Path | None:
    """The cheapest path within `limit` (default: the allowance) that ends with the
    base in exact contact with the target's base; None if there is none. Same
    tangent graph and tolerance as `shortest_path`."""
    limit = table.allowance if limit is None else limit
    mover = passage(table, model_id)
    model, target = table.models[model_id], table.models[target_id]
    touch = model.radius + target.radius
    if math.dist(mover.start, target.position) - touch > limit + EPS:
        return None
    slack = 0.02 * limit if mover.heavy else 0.0
    found = contact_route(mover, target.position, touch, limit + slack)
    if found is None:
        return None
    points = found[0]
    if len(points) == 1:
        points = [points[0], points[0]]
    return _checked_path(table, mover, points, limit)
