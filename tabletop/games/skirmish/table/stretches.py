"""The stretches of the ways node_costs.py slides: the last stretch of a node's way
that bends only where it crosses heavy terrain's outline (`Chain`), the front along
it (families.Front) and what it costs at a point with every crossing at its cheapest
place (`front_cost`), and where the stretch leaves an arc, the point it leaves slid
round the arc (`slid_cost`); the legs' costs and clearances asked once (`Legs`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tabletop.games.skirmish.minimum import least_on
from tabletop.games.skirmish.table.families import Front
from tabletop.games.skirmish.table.graph import HEAVY_STEP
from tabletop.games.skirmish.table.passage import Passage
from tabletop.games.skirmish.table.planar import Point
from tabletop.games.skirmish.table.search import Node, Spread
from tabletop.games.skirmish.table.spans import Heavy, Outline, cost_at, on_outline, segment_cost, side_beyond
from tabletop.games.skirmish.table.tangents import TAU


@dataclass(frozen=True)
class Chain:
    """The last stretch of a node's way that bends only where it crosses heavy
    terrain's outline: from `source` (the start, a corner, a gap or where the way
    leaves an arc), reached for `base`, across `sides` in a row; `via` holds the
    graph's point on each side (after the source), which tells each leg's rate."""

    source: Point
    base: float
    sides: tuple[tuple[Point, Point], ...]
    via: tuple[Point, ...]
    #: where the source is the point the way leaves an arc: the node walked from and
    #: the arc's corner (the way may leave it anywhere on that arc)
    arc: Leave | None = None


@dataclass(frozen=True)
class Leave:
    """The way walks round a body from `node` (reached for `base`) on to the arc
    of corner `corner` and leaves it tangentially."""

    node: Node
    base: float
    corner: int
    #: nodes of the same walk before `node` with their costs (node_costs' `_earlier`)
    earlier: tuple[tuple[Node, float], ...] = ()


class Legs:
    """The cost of straight legs over the warrior's heavy terrain and whether its
    base passes along them, each leg asked once: the fronts tried for one node
    and the next share most of their legs (the same source and crossings, the
    same node); and the outline a point lies on (the nodes a line leaves from are
    the start of many lines)."""

    def __init__(self, mover: Passage) -> None:
        self.mover = mover
        self.heavy: list[Heavy] = mover.heavy
        self.outlines: list[Outline] = mover.board.costs.outlines
        self._costs: dict[tuple[Point, Point], float] = {}
        self._clear: dict[tuple[Point, Point], bool] = {}
        self._on: dict[Point, tuple[int, float] | None] = {}
        #: what `front_cost` gave, by stretch (all but where it leaves an arc) and end:
        #: the ways tried for one node and the next, and slid round an arc, ask many again
        self.fronts: dict[
            tuple[Point, float, tuple[tuple[Point, Point], ...], tuple[Point, ...], Point],
            tuple[float, tuple[Point, ...]],
        ] = {}

    def on(self, p: Point) -> tuple[int, float] | None:
        """on_outline(p, outlines)."""
        if p in self._on:
            return self._on[p]
        found = self._on[p] = on_outline(p, self.outlines)
        return found

    def cost(self, a: Point, b: Point) -> float:
        """segment_cost(a, b) over the warrior's heavy terrain."""
        found = self._costs.get((a, b))
        if found is None:
            found = self._costs[(a, b)] = segment_cost(a, b, self.heavy)
        return found

    def clear(self, a: Point, b: Point) -> bool:
        """Passage.clear(a, b)."""
        found = self._clear.get((a, b))
        if found is None:
            found = self._clear[(a, b)] = self.mover.clear(a, b)
        return found

    def in_media(self, legs: tuple[Point, ...], rates: tuple[float, ...]) -> bool:
        """families.in_media(legs, rates, heavy): whether each leg costs its rate per mm."""
        if len(legs) != len(rates) + 1:
            return False
        for r, a, b in zip(rates, legs, legs[1:], strict=False):
            length = math.dist(a, b)
            if abs(self.cost(a, b) - r * length) > 1e-9 * (1.0 + length):
                return False
        return True


def on_side(chain: Chain, x: Point, on: tuple[int, float], outlines: list[Outline], way: int = 0) -> Chain:
    """The stretch `chain` going on through x on an outline (`on`: which, and how
    far along it; a side met twice in a row counts once: the way walked along
    it); at a corner, across the side after it (`way` 1) or before it (-1)."""
    outline = outlines[on[0]]
    side = outline.side_at(on[1] + way * 1e-6)
    if chain.sides and chain.sides[-1] == side:
        return Chain(chain.source, chain.base, chain.sides, (*chain.via[:-1], x), chain.arc)
    return Chain(chain.source, chain.base, (*chain.sides, side), (*chain.via, x), chain.arc)


#: how often the point where a way leaves an arc is slid to its front's first crossing
SLIDES = 30
#: how far round an arc (radians) a way leaving it is first tried past its node
HAIR = 1e-3


def slid_cost(
    legs: Legs, found: Spread, chain: Chain, here: Point, outlines: list[Outline]
) -> tuple[float, Point | None]:
    """What the front along the stretch costs at `here`, and its last crossing;
    where the stretch leaves an arc, the point it leaves slid round the arc to the
    tangent to the front's first crossing, and again, until it stays put (the
    graph's tangent runs to a node of the outline, the cheapest way to a crossing
    between its nodes)."""
    cost, xs = front_cost(legs, chain, here, outlines)
    last = xs[-1] if xs else None
    first = xs[0] if xs else None
    leave = chain.arc
    if leave is None:
        return cost, last
    index, c0, a0, orient = leave.node
    body = found.bodies[index]
    centre, r = body.corners[leave.corner], body.radius
    start, width = body.starts[leave.corner], body.widths[leave.corner]
    # the stretch leaves the arc where it meets the side it runs along: left a hair further round
    # (on another corner's arc than the node's, or before: seed 301) the way crosses the side
    at = a0 if leave.corner == c0 else math.atan2(chain.source[1] - centre[1], chain.source[0] - centre[0])
    for ahead in (at + orient * HAIR, at - orient * HAIR)[: 1 if leave.corner == c0 else 2]:
        walked = found.walk_clear(index, c0, a0, leave.corner, ahead, orient) if first is None else math.inf
        if walked < math.inf:
            ahead_chain = Chain(body.at(leave.corner, ahead), leave.base + walked, chain.sides, chain.via)
            xs = front_cost(legs, ahead_chain, here, outlines)[1]
            first = xs[0] if xs else None
    angle = None
    for _ in range(SLIDES if first is not None else 0):
        assert first is not None
        d = math.dist(centre, first)
        if d <= r:
            break
        # the tangent from the arc to that crossing, leaving with the walk's orientation
        toward = math.atan2(first[1] - centre[1], first[0] - centre[0]) - orient * math.acos(r / d)
        turn = (toward - start) % (2 * math.pi)
        if turn > width:
            # past either end of the corner's arc: its nearer end
            turn = 0.0 if turn > width + (2 * math.pi - width) / 2 else width
        nxt = start + turn
        if angle is not None and abs(nxt - angle) < 1e-12:
            break
        angle = nxt
        origin, base = _walked_from(found, leave, angle)
        walked = found.walk_clear(index, origin[1], origin[2], leave.corner, angle, orient)
        if walked == math.inf:
            break
        slid = Chain(body.at(leave.corner, angle), base + walked, chain.sides, chain.via)
        other, xs = front_cost(legs, slid, here, outlines)
        first = xs[0] if xs else None
        if other < cost:
            cost, last = other, (xs[-1] if xs else None)
        if first is None:
            break
    if leave.earlier:
        # the walk came onto the arc before the node it leaves from (it stepped onto
        # a point where the arc meets an outline): it may leave anywhere between
        (_node, base), low = leave.earlier[-1], leave.earlier[-1][0][2]
        high = low + orient * ((orient * (leave.node[2] - low)) % TAU)

        def left_at(angle: float) -> float:
            origin, base = _walked_from(found, leave, angle)
            walked = found.walk_clear(index, origin[1], origin[2], leave.corner, angle, orient)
            if walked == math.inf:
                return math.inf
            slid = Chain(body.at(leave.corner, angle), base + walked, chain.sides, chain.via)
            return front_cost(legs, slid, here, outlines)[0]

        lo, hi = min(low, high), max(low, high)
        angle = least_on(left_at, lo, hi, 1e-6)
        if left_at(angle) < cost:
            cost = left_at(angle)
    return cost, last


def _walked_from(found: Spread, leave: Leave, angle: float) -> tuple[Node, float]:
    """The node on the arc the way walks from to leave it at `angle`, and its cost:
    the node the stretch leaves from, or where that lies past `angle`, a node of
    the same walk before it (`Leave.earlier`)."""
    for node, base in ((leave.node, leave.base), *leave.earlier):
        if (node[3] * (angle - node[2])) % TAU <= math.pi:
            return node, base
    return leave.node, leave.base


def front_of(legs: Legs, chain: Chain, here: Point) -> Front | None:
    """The front along the stretch towards `here`: its sides where the rate changes
    across them, each leg's rate as the graph's points (`via`) tell; None where it
    changes across none."""
    pts = (chain.source, *chain.via, here)
    rates = []
    for a, b in zip(pts, pts[1:], strict=False):
        length = math.dist(a, b)
        rates.append(legs.cost(a, b) / length if length > 1e-9 else cost_at(a, legs.heavy))
    # a side with the same rate either side bends nothing: the legs either side join
    kept = [j for j in range(len(chain.sides)) if abs(rates[j] - rates[j + 1]) > 1e-12]
    if not kept:
        return None
    sides = tuple(chain.sides[j] for j in kept)
    return Front(chain.source, chain.base, sides, (*(rates[j] for j in kept), rates[-1]))


def front_cost(legs: Legs, chain: Chain, here: Point, outlines: list[Outline]) -> tuple[float, tuple[Point, ...]]:
    """What the front along the stretch costs at `here` (inf where its legs are
    not clear), and its crossings. A crossing that lands on the end of its side
    is tried on the side beyond that corner too (the graph's node may lie on the
    side next to the cheapest crossing)."""
    key = (chain.source, chain.base, chain.sides, chain.via, here)
    found = legs.fronts.get(key)
    if found is None:
        found = legs.fronts[key] = _front_cost(legs, chain, here, outlines)
    return found


def _front_cost(legs: Legs, chain: Chain, here: Point, outlines: list[Outline]) -> tuple[float, tuple[Point, ...]]:
    """`front_cost`, worked out."""
    front = front_of(legs, chain, here)
    if front is None:
        cost = chain.base + legs.cost(chain.source, here) if legs.clear(chain.source, here) else math.inf
        return cost, ()
    sides, rates = front.sides, front.rates
    cost, xs = front.crossings(here)
    best = _checked(legs, chain, front, cost, xs, here)
    for j in range(len(sides)):
        # the graph's crossing lies up to a HEAVY_STEP off the cheapest: near a corner,
        # the cheapest may lie on the side beyond it
        for end in sides[j]:
            if math.dist(xs[j], end) > HEAVY_STEP:
                continue
            beyond = side_beyond(outlines, sides[j], end)
            if beyond is None:
                continue
            trial = Front(chain.source, chain.base, (*sides[:j], beyond, *sides[j + 1 :]), tuple(rates))
            other, others = trial.crossings(here)
            if other < best[0]:
                best = min(best, _checked(legs, chain, trial, other, others, here), key=lambda c: c[0])
    return best


def _checked(
    legs: Legs, chain: Chain, front: Front, cost: float, xs: tuple[Point, ...], here: Point
) -> tuple[float, tuple[Point, ...]]:
    """What the front's way to `here` through crossings xs costs: inf where a leg
    is not clear, what its legs cost where one leaves its medium."""
    way = (chain.source, *xs, here)
    if not all(legs.clear(a, b) for a, b in zip(way, way[1:], strict=False) if a != b):
        return math.inf, xs
    if legs.in_media(way, front.rates):
        return cost, xs
    # a leg left its medium: the path is still real, at what its legs cost
    return chain.base + sum(legs.cost(a, b) for a, b in zip(way, way[1:], strict=False)), xs
