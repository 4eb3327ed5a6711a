"""What each node the reach spreads from costs (`costed`). Over heavy terrain
the tangent graph (graph.py) crosses outlines only at its nodes, every HEAVY_STEP
along them, so its ways run dearer than the cheapest path; here each node's way
is taken on from the last point where it bends for something other than an
outline (the start, a corner, a gap, where it leaves an arc) as the front of
families.py across the same sides, every crossing at its cheapest place (on the
side beyond a corner too, where the graph's crossing lies near one). Where the way
leaves an arc, the point it leaves slides round the arc (past the node, or back
to where the walk came onto the arc); a node on an arc is also reached by the
front to where the tangent from its last crossing meets the arc, before the node
and then round the arc (`NodeCosts.onto`), or past it (`NodeCosts.past`, where
cheaper than walking there from the node: the reach walks on from either), and
round the arc from a node before it. A node of the outline is also reached straight
from a point where an arc crosses the outline (a way the arc cuts off there bends
there), and the ways on from it go on from that point. A bend out of terrain the
warrior leaves is placed along that terrain's outline (bend_out.bent_cost).
"""

from __future__ import annotations

import math
from collections.abc import Generator, Iterator

from tabletop.games.skirmish.table.bend_out import ExitLegs, bent_cost
from tabletop.games.skirmish.table.cuts import cut_walk, meets
from tabletop.games.skirmish.table.graph import HEAVY_STEP
from tabletop.games.skirmish.table.passage import Passage
from tabletop.games.skirmish.table.planar import Point
from tabletop.games.skirmish.table.search import Node, Spread
from tabletop.games.skirmish.table.spans import Outline, outline_crossings
from tabletop.games.skirmish.table.stretches import HAIR, SLIDES, Chain, Leave, Legs, front_of, on_side, slid_cost
from tabletop.games.skirmish.table.tangents import TAU

#: how many of a node's stretches later nodes go on along
_KEPT = 3
#: a way onto an arc past its node is kept where it saves this much (mm) on walking there
_PAST_SAVES = 1e-6
#: two points of an arc this near (radians) are one
_SAME = 1e-7
#: a crossing this near either end of a line (mm) is the end's own outline
_ON_LINE = 1e-6
#: how many nodes of a walk round an arc before the one a way leaves from it may leave from
_BACK = 3
#: a point node reached this much (mm) cheaper than the graph's way is a way on to others
_BELOW = 1e-6


class NodeCosts(dict[Node, float]):
    """Each node's cost (`costed`), and for a node on an arc that the cheapest
    way found comes onto before the node (`onto`): how far round (the arc's
    outward direction there) and what it cost there; likewise past the node
    (`past`: each such way that is cheaper than walking there from the node or
    from a cheaper one of them)."""

    def __init__(self, costs: dict[Node, float]) -> None:
        super().__init__(costs)
        self.onto: dict[Node, tuple[float, float]] = {}
        self.past: dict[Node, list[tuple[float, float]]] = {}


def costed(mover: Passage, found: Spread) -> Generator[tuple[()], None, NodeCosts]:
    """The cost of each node reached, a node at a time (an empty part between two:
    the reach's, reach.grow). Over heavy terrain the graph's way crosses
    outlines only at its nodes (every HEAVY_STEP), so it runs dearer than the
    cheapest way. Each node's cost is the least of the graph's, the way to the node
    before (at its own cost) and on along the graph's line, and the front
    (families.Front) from the last point where the way bends for something other
    than an outline, across the same sides, with every crossing at its cheapest
    place (Snell's law, exact): each a real path with every leg checked, so never
    below the truth. A node on an arc may be reached cheapest by coming onto the
    arc before it (the front's tangent to the arc) and walking round: `onto`
    tells where."""
    steps = found.steps
    costs = NodeCosts({node: step.cost for node, step in steps.items()})
    if not mover.heavy:
        return costs
    outlines = mover.board.costs.outlines
    legs = Legs(mover)
    # each node's stretches (a few, the cheapest first): a later node may go on
    # along one that was not the cheapest to this one
    chains: dict[Node, list[Chain]] = {}
    # the points of each arc (body, corner, way round) reached for a known cost
    taken: dict[tuple[int, int, int], list[tuple[float, float]]] = {}
    for n, at in steps.items():
        taken.setdefault((n[0], n[1], n[3]), []).append((n[2], at.cost))
    # leaving terrain: the bends on its grown outline the search offers (every
    # EXIT_STEP), and the first legs tried placing them (refine_exit)
    bends = set(mover.heavy_exits())
    placed: ExitLegs = {}
    # the nodes on each body's arcs (by way round) costed so far
    arcs: dict[tuple[int, int], list[Node]] = {}
    # the points of the outline where an arc crosses it that a way steps onto the arc at
    kinks: dict[Node, None] = {}
    # the point nodes reached cheaper than the graph's way, with their costs
    below: dict[Node, float] = {}
    for node in sorted(steps, key=lambda n: steps[n].cost):
        yield ()
        step = steps[node]
        here = found.bodies[node[0]].at(node[1], node[2])
        prev, line = step.prev, step.line
        if prev is None or line is None:
            chains[node] = [Chain(here, 0.0, (), ())]
            continue
        body = found.bodies[prev[0]]
        walked = step.walk.cost if step.walk is not None else 0.0
        if walked > 0.0 and not body.point and prev[1] == line.ca:
            # where the arc crosses heavy terrain's outline, the way may cut across it
            walked = min(walked, cut_walk(mover, found, prev, line.angle_a))
        left = costs[prev] + walked
        if not body.point:
            # the line leaves the arc: the walk there from another node of the arc, or from
            # where a way comes onto it past one, may cost less (seed 5771: a way out of a
            # swamp onto a base's arc past the graph's node, 0.047 mm cheaper than the walk
            # from it, and on round the next base: a hole past it 0.042 mm deep)
            left = _walked(
                found, costs, arcs.get((prev[0], prev[3]), []), (prev[0], line.ca, line.angle_a, prev[3]), left
            )
        best = min(step.cost, left + found.line_cost(line))
        first = found.steps[prev].prev
        if body.point and line.start in bends and first is not None and found.steps[first].prev is None:
            # from the start to a bend where the base is first clear of the terrain it
            # leaves, and straight on: the bend placed along that outline
            best = min(best, bent_cost(mover, line.start, here, placed))
        leave = None if body.point else Leave(prev, costs[prev], line.ca, _earlier(found, costs, prev))
        tried = [Chain(line.start, left, (), (), leave)]
        if leave is not None and walked > 0.0 and prev[1] == line.ca:
            # the arc walked crosses heavy terrain's outline: the way may leave it before
            # there and cross the outline's side itself (slid round the arc to its place)
            tried += _off_arc(mover, found, legs, prev, line.angle_a, costs[prev], leave)
        on = legs.on(line.start) if body.point else None
        if on is not None:
            # on the outline (a node of it, or a gap's point that lies on it): a
            # crossing, or a point walked past or touched from outside (the path
            # bends there); at a corner the crossing may lie on either side of it
            # (the graph has nodes only every HEAVY_STEP)
            ways = (-1, 1) if outlines[on[0]].has_corner(line.start) else (0,)
            # (and where the way came there round an arc, the stretches that came to the
            # arc before it: the cheapest may pass the arc by, cross the side short of
            # where the arc crosses it and meet the arc beyond, `_past_cost`; seed 1231,
            # a way from the start across a forest's side to a tangent of a base inside,
            # the sweep past it left out, a hole 0.17 mm deep)
            before = chains[prev] + [
                c for chain in chains[prev] if chain.arc is not None for c in chains.get(chain.arc.node, ())
            ]
            tried += [on_side(chain, line.start, on, outlines, way) for chain in before for way in ways]
        crossed = [
            (
                (line.start[0] + (line.end[0] - line.start[0]) * t, line.start[1] + (line.end[1] - line.start[1]) * t),
                outlines[k].side_at(s),
            )
            for t, k, s in _crossings_between(line.start, line.end, outlines)
        ]
        ranked: list[tuple[float, int, Chain]] = []
        onto: tuple[float, float] | None = None
        pasts: list[tuple[float, float]] = []
        for i, chain in enumerate(tried):
            if crossed:
                chain = Chain(
                    chain.source,
                    chain.base,
                    (*chain.sides, *(side for _x, side in crossed)),
                    (*chain.via, *(x for x, _side in crossed)),
                    chain.arc,
                )
            cost, last = slid_cost(legs, found, chain, here, outlines) if chain.sides else (best, None)
            if chain.arc is not None and len(chain.sides) > 1:
                # the arc it leaves may itself cross the first side: leaving it past
                # there, the way crosses only the sides after
                cut = Chain(chain.source, chain.base, chain.sides[1:], chain.via[1:], chain.arc)
                cost = min(cost, slid_cost(legs, found, cut, here, outlines)[0])
            met = None
            if chain.sides and not found.bodies[node[0]].point:
                arrived, onto_arc = _arrived_cost(legs, found, chain, node, outlines)
                if arrived < cost:
                    cost, met = arrived, onto_arc
                beyond = _past_cost(legs, found, chain, node, last, outlines)
                if beyond is not None:
                    pasts.append(beyond)
            if cost < best:
                best, onto = cost, met
            ranked.append((cost, i, chain))
        ranked.sort(key=lambda r: (r[0], r[1]))
        chains[node] = [chain for _cost, _i, chain in ranked[:_KEPT]]
        if found.bodies[node[0]].point and kinks:
            # straight from a point where an arc crosses the outline: a way there the arc
            # cuts off bends there (seed 1403: on across the far side of the terrain and
            # onto that arc again, the sweep off it left out, a hole 0.022 mm deep); each
            # within HEAVY_STEP of the best, a later node may go on along
            at_kinks = ((found.bodies[k[0]].at(k[1], k[2]), costs[k]) for k in kinks)
            for cost, chain in _straight_from(legs, at_kinks, here, best + HEAVY_STEP):
                best = min(best, cost)
                chains[node].append(chain)
        if found.bodies[node[0]].point and below:
            # straight from a point node reached cheaper than the graph's way: the graph
            # weighed its lines on at the dearer cost (seed 4522: out of a swamp round a
            # hill's corner and on along its side, the side's far corner reached 0.2 mm
            # dearer from the swamp's side straight, a hole past a pond that deep)
            at_below = ((found.bodies[k[0]].corners[0], g) for k, g in below.items())
            cheaper_ways = [way for way in _straight_from(legs, at_below, here, best) if way[0] < best]
            cheaper = min(cheaper_ways, key=lambda way: way[0], default=None)
            if cheaper is not None:
                best = cheaper[0]
                chains[node].append(cheaper[1])
        if not found.bodies[node[0]].point:
            if body.point and line.length < 1e-9 and not mover.leaving:
                kinks[prev] = None
                # stepped onto the arc where it crosses heavy terrain's outline: the
                # walk round the arc from a node before it (or from where a way comes
                # onto the arc past one) may reach it cheaper than the graph's way
                best = min(best, _walked(found, costs, arcs.get((node[0], node[3]), []), node, best))
            arcs.setdefault((node[0], node[3]), []).append(node)
        costs[node] = best
        if found.bodies[node[0]].point and best < step.cost - _BELOW:
            below[node] = best
        if best < costs[prev] and body.point and line.length < 1e-9 and not mover.leaving:
            # stepped onto the arc at a point of the outline (where the arc crosses it)
            # and reached cheaper round the arc: so is that point (the way may bend
            # there, across the side)
            costs[prev] = best
        if onto is not None and best < step.cost:
            costs.onto[node] = onto
        index, corner, angle, orient = node
        on_arc = taken.get((index, corner, orient), [])
        kept: list[tuple[float, float]] = []
        for a, c in sorted(pasts, key=lambda p: p[1]):
            # each way onto the arc past the node that is cheaper than walking there from
            # it or from a cheaper such way (the walk costed only as far as it takes to
            # tell), where no node or other such way reaches that point as cheaply (seed
            # 1860: the front from the start comes onto a base's arc 1.1 degrees past where
            # the front from a corner of the terrain does, 0.027 mm cheaper than the walk
            # from there)
            if any(abs((a - b + math.pi) % TAU - math.pi) < _SAME and d <= c + 1e-9 for b, d in on_arc):
                continue
            if any(
                found.walk_within(index, corner, b, corner, a, orient, d, c + _PAST_SAVES)
                for b, d in ((angle, best), *kept)
            ):
                continue
            kept.append((a, c))
            on_arc.append((a, c))
        if kept:
            costs.past[node] = kept
    return costs


def _straight_from(
    legs: Legs, sources: Iterator[tuple[Point, float]], here: Point, bound: float
) -> Iterator[tuple[float, Chain]]:
    """The ways to the point `here` straight from each of `sources` (a point and what
    reaching it cost) that cross no outline between, are clear and cost at most
    `bound`: each with its cost and its stretch from the source."""
    for x, g in sources:
        if x == here or g + math.dist(x, here) > bound:
            continue
        cost = g + legs.cost(x, here)
        if cost > bound or not legs.clear(x, here):
            continue
        if not _crossings_between(x, here, legs.outlines):
            yield cost, Chain(x, g, (), ())


def _crossings_between(a: Point, b: Point, outlines: list[Outline]) -> list[tuple[float, int, float]]:
    """outline_crossings of a-b but those within _ON_LINE of either end (the outline
    an end lies on: no crossing there)."""
    length = math.dist(a, b)
    return [
        c for c in outline_crossings(a, b, outlines) if _ON_LINE < c[0] * length and (1.0 - c[0]) * length > _ON_LINE
    ]


def _walked(found: Spread, costs: NodeCosts, before: list[Node], node: Node, bound: float) -> float:
    """The cheapest walk round the body to `node` (the same way round) from a node
    `before` it at that node's cost, or from where a way comes onto the arc past one
    (`NodeCosts.past`), where nothing else lies in the walk's way; `bound` where none
    costs less."""
    index, corner, angle, orient = node
    best = bound
    for k in before:
        froms = [(k[1], k[2], costs[k])] + [(k[1], a, g) for a, g in costs.past.get(k, ())]
        for c, a, g in froms:
            length = found.walk_length(index, c, a, corner, angle, orient)
            if length > 0.0 and g + length < best:
                best = min(best, g + found.walk_clear(index, c, a, corner, angle, orient))
    return best


def _off_arc(
    mover: Passage, found: Spread, legs: Legs, node: Node, angle: float, base: float, leave: Leave
) -> list[Chain]:
    """Where the walk round the arc from `node` (reached for `base`) to `angle`
    crosses heavy terrain's outline last: the stretch leaving the arc before there
    (half way back to the node or the crossing before) across that side."""
    index, corner, first, orient = node
    body = found.bodies[index]
    room = (orient * (angle - first)) % TAU
    turns = meets(mover, body.corners[corner], body.radius, orient, first, room)
    if not turns:
        return []
    at = turns[-1]
    x = body.at(corner, first + orient * at)
    on = legs.on(x)
    if on is None:
        return []
    back = first + orient * (at + (turns[-2] if len(turns) > 1 else 0.0)) / 2
    walked = found.walk_clear(index, corner, first, corner, back, orient)
    if walked == math.inf:
        return []
    side = legs.outlines[on[0]].side_at(on[1])
    return [Chain(body.at(corner, back), base + walked, (side,), (x,), leave)]


def _earlier(found: Spread, costs: dict[Node, float], node: Node) -> tuple[tuple[Node, float], ...]:
    """The nodes of the walk round an arc before `node`, each with its cost, the
    nearest first: the way stepped onto points on the arc and off again (where
    the arc meets an outline) between them."""
    index, _corner, _angle, orient = node
    found_: list[tuple[Node, float]] = []
    while len(found_) < _BACK:
        here = found.bodies[index].at(node[1], node[2])
        prev = found.steps[node].prev
        while (
            prev is not None
            and found.bodies[prev[0]].point
            and math.dist(found.bodies[prev[0]].corners[0], here) < 1e-9
        ):
            prev = found.steps[prev].prev
        if prev is None or prev[0] != index or prev[3] != orient:
            break
        node = prev
        found_.append((node, costs[node]))
    return tuple(found_)


def _arrived_cost(
    legs: Legs, found: Spread, chain: Chain, node: Node, outlines: list[Outline]
) -> tuple[float, tuple[float, float] | None]:
    """For a node on an arc: the front along the stretch to where the tangent from
    its last crossing meets the arc, then round the arc to the node; that point
    slid to the tangent from the front's new last crossing, and again, until it
    stays put (the graph's tangent to the node comes straight from a node of the
    outline, the front comes onto the arc sooner). inf where there is no such way;
    beside it where the cheapest comes onto the arc (its outward direction) and
    what it costs there."""
    index, corner, angle, orient = node
    body = found.bodies[index]
    best, onto = math.inf, None
    here = body.at(corner, angle)
    if len(chain.sides) > 1 and math.dist(chain.via[-1], here) < 1e-9:
        # the node lies where the arc crosses the stretch's last side: the way may come
        # onto the arc before that side and cross it walking round the arc
        short = Chain(chain.source, chain.base, chain.sides[:-1], chain.via[:-1], chain.arc)
        best, onto = _arrived_cost(legs, found, short, node, outlines)
    checked = slid_cost(legs, found, chain, here, outlines)[1]
    # and from the front's own last crossing to the node, whatever is in the way: where
    # its last leg cuts into the body the check finds none there (or one far off, on
    # the side beyond a corner), though the way comes onto the arc before the node
    front = front_of(legs, chain, here)
    own = front.crossings(here)[1][-1] if front is not None else None
    for last in (checked, own) if own != checked else (checked,):
        for met, cost in _tangents_onto(legs, found, chain, node, last, outlines, past=False):
            walked = found.walk_clear(index, corner, met, corner, angle, orient)
            if walked == math.inf:
                break
            if cost + walked < best:
                best, onto = cost + walked, (met, cost)
    return best, onto


def _past_cost(
    legs: Legs, found: Spread, chain: Chain, node: Node, last: Point | None, outlines: list[Outline]
) -> tuple[float, float] | None:
    """For a node on an arc reached along the stretch `chain` (`last`: its last
    crossing slid for the node): the way that comes onto the arc past the node,
    where the tangent from that crossing meets the arc (where the node lies on the
    side, the arc crossing it there: from the crossing of the front to a hair past
    the node); that point slid to the tangent from the front's new crossing, and
    again, until it stays put. Where it comes onto the arc (outward direction) and
    what it costs there, the last point slid to; None where there is no such way."""
    index, corner, angle, orient = node
    body = found.bodies[index]
    centre, r = body.corners[corner], body.radius
    start, width = body.starts[corner], body.widths[corner]
    if last is None or math.dist(centre, last) <= r + _ON_LINE:
        ahead = angle + orient * HAIR
        if (ahead - start) % TAU > width + 1e-12:
            return None
        cost, last = slid_cost(legs, found, chain, body.at(corner, ahead), outlines)
        if cost == math.inf:
            # the straight leg to the side there cuts the body: from the nearest crossing
            # the source sees instead (a way that passes the arc by before meeting it)
            last = _seen_crossing(legs, chain, body.at(corner, angle))
            if last is None:
                return None
    best: tuple[float, float] | None = None
    for met, cost in _tangents_onto(legs, found, chain, node, last, outlines, past=True):
        if cost == math.inf:
            break
        best = (met, cost)
    return best


#: how many halvings find the crossing a stretch's source sees nearest a node (`_seen_crossing`)
_SEEN_HALVINGS = 14


def _seen_crossing(legs: Legs, chain: Chain, p: Point) -> Point | None:
    """For a stretch straight from its source across one side: the point of that side
    nearest p (on it), either way along it, that a straight leg from the source
    reaches clear; None where none does (or the stretch crosses more sides)."""
    if len(chain.sides) != 1 or chain.arc is not None:
        return None
    a, b = chain.sides[0]
    length = math.dist(a, b)
    u = ((b[0] - a[0]) / length, (b[1] - a[1]) / length)
    s = (p[0] - a[0]) * u[0] + (p[1] - a[1]) * u[1]
    seen = []
    for sign, most in ((1.0, length - s), (-1.0, s)):
        if most > 0.0:
            d = legs.mover.first_clear(chain.source, p, (sign * u[0], sign * u[1]), most, _SEEN_HALVINGS)
            if d is not None:
                seen.append((d, (p[0] + sign * u[0] * d, p[1] + sign * u[1] * d)))
    return min(seen)[1] if seen else None


def _tangents_onto(
    legs: Legs, found: Spread, chain: Chain, node: Node, last: Point | None, outlines: list[Outline], past: bool
) -> Iterator[tuple[float, float]]:
    """Where the way along `chain` comes onto the arc of a node on one: the tangent
    from `last` (its last crossing) meeting the arc with the walk's orientation, slid
    to the tangent from the front's new last crossing, and again, until it stays put,
    while on the corner's arc and before the node (past it, where `past`): each
    point's outward direction and what the way costs there (inf where none)."""
    index, corner, angle, orient = node
    body = found.bodies[index]
    centre, r = body.corners[corner], body.radius
    start, width = body.starts[corner], body.widths[corner]
    met = None
    for _ in range(SLIDES):
        if last is None or (d := math.dist(centre, last)) <= r:
            return
        toward = math.atan2(last[1] - centre[1], last[0] - centre[0]) + orient * math.acos(r / d)
        onward = toward - angle if past else angle - toward
        if (toward - start) % TAU > width + 1e-12 or (orient * onward) % TAU > math.pi:
            return  # off this corner's arc, or on the node's other side
        if met is not None and abs((toward - met + math.pi) % TAU - math.pi) < 1e-12:
            return
        met = toward
        cost, last = slid_cost(legs, found, chain, body.at(corner, met), outlines)
        yield met, cost
