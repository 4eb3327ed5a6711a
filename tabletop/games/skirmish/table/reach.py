"""The area a base centre can reach in one move, as polygons to fill (their union is
the area), from rays cast exactly from the start, the bends and the arcs of the
tangent graph (`reach(table, model_id)` -> `Reach`). What a ray may pass is the
warrior's `Passage` (passage.py); the nodes and their costs come from routing
(`search.spread`).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from tabletop.games.skirmish.table import wedges
from tabletop.games.skirmish.table.arc_rays import Arc, Ray
from tabletop.games.skirmish.table.clearing import away_from
from tabletop.games.skirmish.table.crossing import Way, across, crossings, neighbours, out_of, round_corners
from tabletop.games.skirmish.table.cuts import cuts, meets
from tabletop.games.skirmish.table.fans import closed_fan, side_fan
from tabletop.games.skirmish.table.leaving import LeavingCut
from tabletop.games.skirmish.table.node_costs import costed
from tabletop.games.skirmish.table.passage import Passage, passage
from tabletop.games.skirmish.table.planar import Point, Polygon
from tabletop.games.skirmish.table.rays import (
    EXACT_SAG,
    FAN_STEP,
    HEAVY_MARGIN,
    REACH_MARGIN,
    bearing,
    fan,
    sag_step,
)
from tabletop.games.skirmish.table.rim_rays import rim_rays
from tabletop.games.skirmish.table.search import Node, Spread, spread
from tabletop.games.skirmish.table.spans import cost_at
from tabletop.games.skirmish.table.sweeps import Sweep
from tabletop.games.skirmish.table.table import Table
from tabletop.games.skirmish.table.tangents import TAU, Body, Line
from tabletop.games.skirmish.table.through import Left, through_sides
from tabletop.games.skirmish.table.visibility import visible_disc


@dataclass(frozen=True)
class Reach:
    """Where the base centre can get in one move: the union of `polygons` (each a
    fan, star-shaped about its first point). `allowance` is what was spent."""

    origin: Point
    allowance: float
    polygons: tuple[Polygon, ...]


#: a way whose direction has less than this across a side's normal runs along the side
_ALONG = 1e-9
#: a way along a side is cut off at a node where it cannot go on this far (mm)
_CUT = 0.1

#: how much dearer than the limit (a fraction of it) the graph's way to a node may
#: be over heavy terrain and the node still be tried (the graph's crossings lie
#: every HEAVY_STEP; sliding them brings the cost down)
HEAVY_SLACK = 0.02
#: a node whose cost node_costs finds this much (mm) below the graph's way is reached
#: by another way than the graph's line
_SLID = 1e-6


def reach(table: Table, model_id: str, allowance: float | None = None) -> Reach:
    """The area the model's base centre can reach in one move: the union of the
    returned polygons. Every node of the tangent graph within the allowance is
    found (search.spread), over heavy terrain at its cost as node_costs.py finds it;
    rays are cast exactly from the start in every direction; off every arc a
    path walks round an obstacle the area reached leaving it along a tangent is
    drawn from its exact region (sweeps.py), or where heavy terrain lies within
    it from rays cast tangentially (bent where they first cross heavy terrain's
    outline); rays are cast from narrow gaps, from corners of heavy terrain (round
    them and into them), from its outline across it (the refracted rays of
    crossing points every CROSSING_STEP, also after running along the outline
    from a corner), at most `sag_step` apart and more where two neighbouring rays
    stop on different things, pass different heavy terrain or the straight edge
    joining their ends would cut into an obstacle. The area stops REACH_MARGIN
    short of the allowance (HEAVY_MARGIN where heavy terrain lies within it), its
    rays cast RAY_MARGIN and its sweeps REACH_MARGIN short of obstacles (the
    visible discs run up to them), and walks arcs at the cost the paths
    planned walk them, so everything in it is reached by `movement.shortest_path`
    (tests/skirmish/test_geometry_exact.py tells how close it comes to what one
    move reaches)."""
    growth = grow(table, model_id, allowance)
    return Reach(growth.origin, growth.allowance, tuple(p for part in growth.parts for p in part))


@dataclass(frozen=True)
class Growth:
    """The reach worked out a part at a time (`grow`), so that a screen may draw
    between parts: `parts` yields the polygons of a family of rays or a few at a
    time, cut as the reach's are; all of them, in order, are `reach`'s polygons."""

    origin: Point
    allowance: float
    parts: Iterator[tuple[Polygon, ...]]


def grow(table: Table, model_id: str, allowance: float | None = None) -> Growth:
    """`reach`, a part at a time (`Growth`); nothing is worked out till it is asked."""
    allowance = table.allowance if allowance is None else allowance
    mover = passage(table, model_id)
    limit = allowance - (HEAVY_MARGIN if mover.within(mover.start, allowance).heavy else REACH_MARGIN)
    return Growth(mover.start, limit, _parts(table, mover, limit))


def _parts(table: Table, mover: Passage, limit: float) -> Iterator[tuple[Polygon, ...]]:
    """The reach's polygons (see `reach`), a node's families at a time."""
    start = mover.start
    if mover.grown.blocked_at(start, mover.query, mover.leaving) is not None:
        return
    cut = LeavingCut(table, mover)
    # over heavy terrain the graph's costs run high (see node_costs.py): nodes a little
    # dearer on the graph may yet lie within the limit
    found = spread(mover, limit + (HEAVY_SLACK * limit if mover.heavy else 0.0))
    # the nodes' costs over heavy terrain, a node a part (they may take as long again)
    costs = yield from costed(mover, found)
    steps = found.steps
    near = found.near(limit)
    yield cut(
        _seen(
            mover,
            start,
            limit,
            0.0,
            2 * math.pi,
            lambda: [bearing(start, line.end) for b in near for line in found.lines(found.start, b)],
        )
    )
    # into heavy terrain and out again, refracted at both sides, in closed form; and out
    # of a part the start lies in across one side, refracted there (the graph's nodes on
    # it lie every HEAVY_STEP: seed 1565, a sliver past a side whose next node lies
    # beyond the limit, 0.02 mm)
    around = mover.within(start, limit)
    for part in through_sides(around, start, 0.0, limit):
        yield cut(part)
    yield cut(out_of(around, start, 0.0, limit))
    polygons: list[Polygon] = []
    left_from: Left = {}  # (through_sides', what was left to spend from each point)
    # sweeps off the arcs: a node dominated by another on the same body and way
    # round (reaching it by walking from there costs no more) sweeps nothing new
    by_body: dict[tuple[int, int], list[Node]] = {}
    ways_out = set(mover.exits() + mover.heavy_exits())
    ways: list[Way] = []
    # the corners of heavy terrain a path turns round outside (with its cost there and
    # wedge), by where the line to each starts
    rounded: dict[Point, list[tuple[Point, float, float, float]]] = {}
    for node, step in steps.items():
        yield cut(polygons)
        polygons = []
        g = costs[node]
        if step.line is None:  # only the start step
            continue
        body = found.bodies[node[0]]
        if g >= limit:
            if body.point and body.normal is not None:
                # a node of heavy terrain's outline beyond the limit: the crossings
                # between it and the next node may yet lie within it
                ways += [way for way in _ways(mover, found, costs, node, body, limit) if way[3] < limit]
            continue
        if body.point:
            budget = limit - g
            cut_off = False
            local = mover.within(body.corners[0], budget)
            corner = not body.mid_side
            wedge = wedges.wedge(body, bearing(step.line.start, step.line.end)) if corner else None
            if wedge is not None and body.normal is not None and _out_through(mover, body, step.line):
                # come to the corner through the terrain: out of it every way (`wedge`
                # keeps one side of straight on, for a way round the corner outside it;
                # seed 2093: the other side, from a forest a warrior starts in, left out
                # past where the refracted rays across the next side run, 0.7 mm deep)
                wedge = wedges.outside(body, None)
            if body.corners[0] in ways_out:
                # a bend on a way out of terrain the warrior leaves: clear of it there, the
                # way may turn any way but back onto it, even back past where it came from
                wedge = away_from(mover.leaving_parts, body.corners[0])
            if wedge is not None:
                # a gap, or a corner of heavy terrain a path turns round
                low, width = wedge
                if body.normal is not None:
                    # by every point the way to the corner runs straight from (seed 1942:
                    # on along a side through its nodes, a way round the corner from where
                    # the run began left out, 0.015 mm)
                    for origin in found.straight_from(node):
                        rounded.setdefault(origin, []).append((body.corners[0], g, low, width))
                polygons += _seen(
                    local, body.corners[0], budget, low, width, _toward_near(found, near, node[0], budget, body.sides)
                )
            if body.normal is not None and corner:
                low, width = wedges.into(body)
                polygons += _seen(local, body.corners[0], budget, low, width, functools.partial(list, body.sides))
                if step.cost - g > _SLID and body.corners[0] not in ways_out:
                    # the cheapest way found to the corner (its crossings slid: node_costs.py)
                    # comes in along another heading than the graph's line: round the corner
                    # outside the terrain also what the wedge about the line's heading leaves
                    # out (every ray from the node is a real path)
                    low, width = wedges.outside(body, wedge)
                    if width > 0.0:
                        polygons += _seen(
                            local,
                            body.corners[0],
                            budget,
                            low,
                            width,
                            _toward_near(found, near, node[0], budget, body.sides),
                        )
            elif body.normal is not None:
                # where the way to a crossing beyond this node is cut off (something
                # in the way), the path may bend here to any side across the outline
                heading = bearing(step.line.start, step.line.end)
                nx, ny = body.normal
                ahead = nx * math.cos(heading) + ny * math.sin(heading)
                x = body.corners[0]
                on = (x[0] + _CUT * math.cos(heading), x[1] + _CUT * math.sin(heading))
                # the way on cut off right at the node (an arc meets the side there):
                # it bends here as round a corner
                cut_off = math.dist(step.line.start, x) >= 1e-9 and not mover.clear(x, on)
                if abs(ahead) < _ALONG and cut_off:
                    # come along the side (at the cheaper rate) and cut off here: it turns
                    # into the dearer side (the cheaper side it reaches as well straight
                    # from where it came)
                    ahead = cost_at((x[0] + nx * 1e-3, x[1] + ny * 1e-3), mover.heavy) - cost_at(
                        (x[0] - nx * 1e-3, x[1] - ny * 1e-3), mover.heavy
                    )
                beyond = math.atan2(ny, nx) if ahead > 0 else math.atan2(-ny, -nx)
                # stepped off an obstacle where the outline meets it: to either side
                either = math.dist(step.line.start, step.line.end) < 1e-9 or ahead == 0.0
                low, width = beyond - math.pi / 2, 2 * math.pi if either else math.pi
                # in closed form (fans.py), else cast
                exact = side_fan(local, body.corners[0], budget, low, width)
                drawn, rest = ([], [(low, width)]) if exact is None else exact
                polygons += drawn
                polygons += [
                    fan(local, body.corners[0], budget, a0, span, list(body.sides), closed=False, step=3 * FAN_STEP)
                    for a0, span in rest
                ]
            if body.normal is not None:
                # across heavy terrain's outline near the node, straight from where the path came
                ways += _ways(mover, found, costs, node, body, limit)
                prev = step.prev
                if prev is not None and math.dist(step.line.start, step.line.end) < 1e-9 and prev[3] != 0:
                    # stepped onto the outline where an arc meets it: the ways straight
                    # past the arc from where the path came onto it cross the side beside
                    ways.append(_way(mover, found, costs, prev, body, limit))
                if corner or _onto_outline(mover, body, step.line):
                    # and on along the outline from the corner (just off it), then across;
                    # likewise from a side's node a way comes onto from the dear side or
                    # steps onto off an arc that touches it (it runs on along the outline)
                    polygons += crossings(local, body, limit, g)
                if corner or cut_off:
                    # and from the corner through two sides or more, refracted at each,
                    # and out of a part it lies on across one side, refracted there (the
                    # fans above run straight on; seed 272, 0.03 mm; from a side's node the
                    # way is cut off at, seed 1403, 0.31 mm)
                    for part in through_sides(local, body.corners[0], g, limit, left_from):
                        yield cut(polygons + part)
                        polygons = []
                    polygons += out_of(local, body.corners[0], g, limit)
        else:
            by_body.setdefault((node[0], node[3]), []).append(node)
    yield cut(polygons)
    # round the corners turned from each way's origin, and from each origin the node
    # next to it is reached from (seed 7970: along a forest's side to its corner and
    # round it into a second forest between two of its nodes, one reached along the
    # side, one from elsewhere: a hole 0.24 mm deep)
    ways += neighbours(ways)
    for part in across(ways + round_corners(mover, ways, rounded, limit), limit):
        yield cut(part)
    edges: dict[tuple[int, int], list[float]] = {}  # (`_swept`'s, per body and way round)
    for (index, orient), nodes in by_body.items():
        nodes.sort(key=lambda n: costs[n])
        kept: list[Node] = []
        for node in nodes:
            if any(_walked_to(mover, found, index, k, node, costs[k], costs[node] + 1e-9) for k in kept):
                continue
            kept.append(node)
        body = found.bodies[index]
        for node in kept:
            # the walk goes on only to the first node on it reached cheaper than walking
            # there: beyond it that node's sweep reaches further along every ray
            onward = _ahead(body, node, kept, costs, costs[node])
            yield cut(_swept(mover, found, near, body, node, costs[node], limit, onward, edges, left_from))
        for node in nodes:
            if node in costs.onto:
                # the cheapest way comes onto the arc before the node: the walk from
                # there to the node (a hair of it is the node's own)
                met, g = costs.onto[node]
                stretch = body.radius * ((orient * (node[2] - met)) % TAU)
                if stretch > _TAKES_OVER:
                    onto = (index, node[1], met, orient)
                    yield cut(
                        _swept(mover, found, near, body, onto, g, limit, ((stretch, -_TAKES_OVER),), edges, left_from)
                    )
            for met, g in costs.past.get(node, ()):
                # the cheapest ways onto the arc past the node (they crossed the side
                # the arc crosses there before the arc): the walk on from each
                if g < limit:
                    past = (index, node[1], met, orient)
                    onward = _ahead(body, past, kept, costs, g)
                    yield cut(_swept(mover, found, near, body, past, g, limit, onward, edges, left_from))
    # leaving terrain over heavy terrain: from bends anywhere on its grown outline
    yield cut(rim_rays(mover, limit))


#: a node takes the walk round a body over from another one only where reaching it
#: costs this much (mm) less than walking there (the sweeps walk an arc in straight
#: segments of their own: so a ray of one from the same point reaches no less far)
_TAKES_OVER = 0.01


def _swept(
    mover: Passage,
    found: Spread,
    near: list[int],
    body: Body,
    node: Node,
    g: float,
    limit: float,
    onward: tuple[tuple[float, float], ...],
    edges: dict[tuple[int, int], list[float]],
    left_from: Left,
) -> list[Polygon]:
    """The sweep off the body from `node` (reached for `g`), walking on to the first
    node `onward` reached _TAKES_OVER cheaper than walking there: drawn from its
    exact region, or cast where heavy terrain lies within it (`_sweep`). `edges`
    keeps the directions of the tangents to the other bodies, per body and way
    round (the same for every node on it)."""
    index, corner, _angle, orient = node
    until = min((d for d, dearer in onward if dearer + _TAKES_OVER <= d), default=math.inf)
    # the walk and its rays stay within the budget of the node's corner, and
    # the corner within the radius of where the walk starts
    local = mover.within(body.corners[corner], limit - g + body.radius)
    sweep = Sweep(local, body, node, g, limit, until)
    # a sweep walking into heavy terrain or holding a corner of it meets it: cast, not
    # drawn and thrown away (the walk asked first: it takes less to ask, and tells
    # half the time)
    if not (local.heavy and (sweep.walks_into(local.heavy) or sweep.holds_corner_of(local.heavy))):
        drawn = sweep.polygons(EXACT_SAG)
        if not local.heavy or not sweep.meets(drawn, local.heavy, EXACT_SAG):
            return drawn
    # rays just either side of every tangent to another body: where what
    # the ray meets changes
    tangents = edges.get((index, orient))
    if tangents is None:
        tangents = edges[(index, orient)] = [
            line.angle_a for b in near if b != index for line in found.lines(index, b) if line.oa == orient
        ]
    return _sweep(local, body, node, limit - g, tangents, onward, left_from)


def _walked_to(mover: Passage, found: Spread, index: int, k: Node, node: Node, spent: float, bound: float) -> bool:
    """Whether walking round body `index` from node k, reached at `spent`, comes to
    `node` at no more than `bound`, nothing in its way. The walk's length is what it
    costs at least (the dear walks over heavy terrain mostly fail on it alone); over
    heavy terrain it is costed only as far as it takes to tell; leaving terrain, a
    node the way touches with the base still on it walks nowhere."""
    orient = node[3]
    length = found.walk_length(index, k[1], k[2], node[1], node[2], orient)
    if spent + length > bound + 1e-9:
        return False
    walk = (index, k[1], k[2], node[1], node[2], orient)
    if mover.leaving:
        return spent + found.walk_clear(*walk) <= bound
    if not (found.walk_within(*walk, spent, bound) if mover.heavy else spent + length <= bound):
        return False
    # (where another obstacle cuts into the walk, the node is reached round that one:
    # seed 4764, a base standing in bushes its grown disc stands out of)
    return found.walk_free(*walk)


def _way(mover: Passage, found: Spread, costs: dict[Node, float], node: Node, body: Body, limit: float) -> Way:
    """The way across heavy terrain's outline at a node of it straight from where the
    path to the node came (the cost where that line starts: the node before, as slid)."""
    step = found.steps[node]
    prev, line = step.prev, step.line
    assert prev is not None and line is not None  # only the start step has none
    base = step.cost - found.line_cost(line) - (found.steps[prev].cost - costs[prev])
    return (mover.within(line.start, limit - base), body, line.start, base, None)


def _ways(mover: Passage, found: Spread, costs: dict[Node, float], node: Node, body: Body, limit: float) -> list[Way]:
    """The ways across heavy terrain's outline near a node of it (`_way`); at a corner,
    also from each point further back the way to it runs straight from: come along
    a side through its nodes, the way past the corner and across the next side runs
    straight from where that run began, cheaper than bending at the node before the
    corner (seed 5319: along a forest's side from its corner, past the next corner
    and into the forest across the side beyond, a sliver 0.024 mm deep left out)."""
    ways = [_way(mover, found, costs, node, body, limit)]
    if not body.mid_side:
        back = found.steps[node].prev
        for _ in found.straight_from(node)[1:]:  # (each point the way runs straight from starts a step)
            assert back is not None
            ways.append(_way(mover, found, costs, back, body, limit))
            back = found.steps[back].prev
    return ways


def _ahead(
    body: Body, node: Node, kept: list[Node], costs: dict[Node, float], spent: float
) -> tuple[tuple[float, float], ...]:
    """The other `kept` nodes on `body` (the same way round) that the walk from
    `node` (reached for `spent`) comes to: how far along the outline, and how much
    more reaching each cost (walking there costs at least that length: where it
    costs more, beyond that node its sweep reaches further along every tangent ray,
    and the walk need go no further), nearest first."""
    orient = node[3]
    here = body.along(node[1], node[2])
    found = []
    for other in kept:
        ahead = (orient * (body.along(other[1], other[2]) - here)) % body.perimeter
        if ahead > 1e-9:
            found.append((ahead, costs[other] - spent))
    return tuple(sorted(found))


def _onto_outline(mover: Passage, body: Body, line: Line) -> bool:
    """Whether the way along `line` comes onto heavy terrain's outline at the node
    `body` from its dear side, or steps onto it where an arc touches it."""
    if math.dist(line.start, line.end) < 1e-9:
        return True
    x, (nx, ny) = body.corners[0], body.normal or (0.0, 0.0)
    off = 1e-3
    cheap = min(
        cost_at((x[0] + nx * off, x[1] + ny * off), mover.heavy),
        cost_at((x[0] - nx * off, x[1] - ny * off), mover.heavy),
    )
    return cost_at(line.start, mover.heavy) > cheap


def _out_through(mover: Passage, body: Body, line: Line) -> bool:
    """Whether the way along `line` comes to the corner `body` of heavy terrain's
    outline through the terrain (dearer just before it than just past it)."""
    if math.dist(line.start, line.end) < 1e-9:
        return False
    x, heading, off = body.corners[0], bearing(line.start, line.end), 1e-3
    dx, dy = off * math.cos(heading), off * math.sin(heading)
    return cost_at((x[0] - dx, x[1] - dy), mover.heavy) > cost_at((x[0] + dx, x[1] + dy), mover.heavy)


def _toward_near(
    found: Spread, near: list[int], index: int, budget: float, sides: tuple[float, ...]
) -> Callable[[], list[float]]:
    """The directions from a point body to the tangent points of the bodies near it
    within `budget` (rays are cast just either side of them), then `sides`: worked
    out when asked (only where rays are cast)."""
    x = found.bodies[index].corners[0]
    return lambda: [
        bearing(x, line.end)
        for b in near
        if b != index
        for line in found.lines(index, b)
        if math.dist(x, line.end) < budget
    ] + list(sides)


def _sweep(
    mover: Passage,
    body: Body,
    node: Node,
    budget: float,
    edges: list[float],
    ahead: tuple[tuple[float, float], ...] = (),
    left_from: Left | None = None,
) -> list[Polygon]:
    """The area reached by walking on round a body from a node and then leaving it
    along a tangent: for each arc walked, rays leave it tangentially (every
    FAN_STEP, just either side of the directions in `edges`, and more where two
    neighbouring rays stop differently or the edge between their ends is not
    clear) with what is left of the budget. The area between two neighbouring rays
    is the triangle of their ends and the point where they cross, a corner of the
    straight segments walking the arc. Stops where the walk would overlap
    something, or the budget runs out, or at the first node `ahead` (how far along
    the outline, how much more it cost) reached _TAKES_OVER cheaper than this walk
    gets there (its sweep reaches further from there on). Where the arc crosses
    heavy terrain's outline, the walk on from where the way cutting across it
    meets the arc again costs what that way does, if less (cuts.py)."""
    _index, corner, angle, orient = node
    n = len(body.corners)
    r = body.radius
    found: list[Polygon] = []
    spent = walked = 0.0
    taken = False
    turned = (body.along(corner, angle) - body.offsets[corner]) / r
    for _step in range(n + 1):
        start, width = body.starts[corner], body.widths[corner]
        # a disc owns every direction: walk on round it as far as the budget lasts
        room = min(2 * math.pi, (budget - spent) / r) if n == 1 else (width - turned) if orient > 0 else turned
        # the nodes ahead on this arc: a ray at each, and the walk ends at the first
        # that takes it over
        nodes = {(d - walked) / r: dearer for d, dearer in ahead if 0.0 < d - walked <= r * room + 1e-9}
        centre = body.corners[corner]
        first = start + turned
        count = max(1, math.ceil(room / sag_step(budget - spent)))
        marks = {room * k / count for k in range(count + 1)} if room > 1e-9 else {0.0}
        marks |= {turn for turn in nodes if turn < room}
        # where the arc crosses heavy terrain's outline, the way cutting across (cuts.py)
        across = cuts(mover, body.corners[corner], r, orient, start + turned, room) if mover.heavy else []
        leaves = {cut.leave for cut in across}
        joins = {cut.join: cut for cut in across}
        # where the arc crosses heavy terrain's outline the way may leave it at that
        # point in any direction off the body, not only along the tangent
        bends = set(meets(mover, centre, r, orient, first, room)) if mover.heavy else set()
        marks |= leaves | set(joins) | bends
        for e in edges:
            turn = (orient * (e - first)) % (2 * math.pi)
            for d in (-1e-4, 1e-4):
                if 0.0 < turn + d < room:
                    marks.add(turn + d)
        arc = Arc(mover, centre, r, orient, first, budget)
        rays: list[Ray] = []
        parted: dict[float, Ray] = {}
        for turn in sorted(marks):
            cut = joins.get(turn)
            ray = arc.ray(rays[-1] if rays else None, turn, spent, parted.get(cut.leave) if cut else None, cut)
            if ray is None:
                # the walk is blocked or the budget gone before `turn`: the last ray short
                # of there (seed 1231: the walk round a base blocked by the next, the
                # strip past the last ray tried left out, a hole 0.012 mm deep)
                last = arc.last_before(rays[-1], turn) if rays else None
                if last is not None:
                    arc.refine(rays, last)
                    rays.append(last)
                break
            if turn in leaves:
                parted[turn] = ray
            if turn in bends:
                found += _bent_off(mover, arc, turn, ray[3], budget, left_from)
            if rays:
                arc.refine(rays, ray)
            rays.append(ray)
            if turn in nodes and nodes[turn] + _TAKES_OVER <= ray[3]:
                room, taken = turn, True
                break
        corners = [arc.corner(t0[0], t1[0]) for t0, t1 in zip(rays, rays[1:], strict=False)]
        if len(rays) >= 2:
            found.append(tuple(ray[1] for ray in rays) + tuple(reversed(corners)))
            if mover.heavy:
                found += arc.bent(rays)
        walked += r * room
        if not rays or n == 1 or rays[-1][0] < room - 1e-9 or taken:
            break
        spent = rays[-1][3]
        # the straight side to the next corner
        a, b, nxt = body.side_after(corner, orient)
        if not mover.clear(a, b):
            break
        spent += mover.cost(a, b)
        walked += math.dist(a, b)
        if spent >= budget:
            break
        corner = nxt
        turned = 0.0 if orient > 0 else body.widths[corner]
    return found


def _bent_off(
    mover: Passage, arc: Arc, turn: float, spent: float, budget: float, left_from: Left | None
) -> list[Polygon]:
    """The area reached leaving the arc where it crosses into heavy terrain (at `turn`, reached for `spent`)
    straight in any direction off the body out across a side of the terrain, refracted there (crossing.out_of), and
    on into the next terrain, refracted at each side (through.through_sides; seed 10025, a sliver in the next forest
    left out, reached 0.18 mm within the allowance): the cheapest way may leave there, between the tangent and the
    tangent refracted across the outline."""
    x = arc.touch(turn)
    through = through_sides(mover, x, spent, budget, left_from, off_arc=True)
    return out_of(mover, x, spent, budget) + [p for part in through for p in part]


def _seen(
    mover: Passage,
    origin: Point,
    budget: float,
    low: float,
    width: float,
    corners: Callable[[], list[float]],
) -> list[Polygon]:
    """The fan of rays from origin over [low, low + width]: where no heavy terrain
    lies within the budget, the exact visible disc (visibility.py) drawn within
    EXACT_SAG; else in closed form (fans.closed_fan: each ray to the nearer of the
    obstacle it meets and where its cost over heavy terrain reaches the budget,
    each ray's media found along it), and cast
    (rays.fan, just either side of the directions `corners` gives: worked out only
    then) where that is not settled and where the warrior starts on terrain it is
    leaving."""
    closed = width >= 2 * math.pi
    local = mover.within(origin, budget)  # (only the heavy terrain near it)
    if not (mover.leaving and origin == mover.start) and not local.heavy:
        return [visible_disc(mover.field, origin, budget, low, width).polygon(EXACT_SAG)]
    exact = closed_fan(local, origin, budget, low, width)
    if exact is None:
        return [fan(mover, origin, budget, low, width, corners(), closed=closed)]
    drawn, rest = exact
    if not rest:
        return drawn
    edges = corners()
    return drawn + [fan(mover, origin, budget, a0, span, edges, closed=False) for a0, span in rest]
