"""Placing one crossing of heavy terrain's outline (for refine.py): where along the
outline the way through it costs least, its neighbours staying (`placed_crossing`;
either neighbour may be a walk round an arc, wraps.py's `Wrap`, met at the tangent
to wherever the crossing goes), each straight side within the window searched by
minimum.py (a side whose `floor`, the shortest way through it, is dearer than
the best found is not searched); where the straight way to a
neighbour is cut off there, placed again with the way round what is in the way
(`place`). `Kept`: what placing the crossings of one way keeps for the next
placement and the next way to the same goal.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from tabletop.games.skirmish.minimum import least_from, least_on
from tabletop.games.skirmish.table.coupled import Settled
from tabletop.games.skirmish.table.passage import Passage
from tabletop.games.skirmish.table.planar import Point
from tabletop.games.skirmish.table.spans import Heavy, Outline, segment_cost
from tabletop.games.skirmish.table.wraps import Ring, Wrap, ring_of


def floor(p: Point, n: Point, a: Point, b: Point) -> float:
    """The shortest way from p to n through a point of segment a-b: what the way
    through any point of it costs at least (a millimetre costs at least a mm)."""
    ex, ey = b[0] - a[0], b[1] - a[1]
    square = ex * ex + ey * ey
    if square < 1e-18:
        # a side under a nanometre is a point: its mirror image would be lost to rounding
        return min(math.dist(p, a) + math.dist(a, n), math.dist(p, b) + math.dist(b, n))
    side_p = ex * (p[1] - a[1]) - ey * (p[0] - a[0])
    side_n = ex * (n[1] - a[1]) - ey * (n[0] - a[0])
    if (side_p > 0.0 and side_n > 0.0) or (side_p < 0.0 and side_n < 0.0):
        # both on one side (asked by sign: the product of two tiny ones rounds to 0):
        # the way to n's mirror image crosses the line where the way to n touches it
        n = (n[0] + 2.0 * side_n / square * ey, n[1] - 2.0 * side_n / square * ex)
        side_n = -side_n
    if side_p == side_n:  # both on the line
        ends = [(q[0] - a[0]) * ex + (q[1] - a[1]) * ey for q in (p, n)]
        candidates = [min(1.0, max(0.0, u / square)) for u in ends]
    else:
        w = side_p / (side_p - side_n)
        x, y = p[0] + (n[0] - p[0]) * w, p[1] + (n[1] - p[1]) * w
        candidates = [min(1.0, max(0.0, ((x - a[0]) * ex + (y - a[1]) * ey) / square))]
    # (the mirror image is as far from every point of the line as n is)
    return min(math.dist(p, q) + math.dist(q, n) for u in candidates for q in [(a[0] + ex * u, a[1] + ey * u)])


def _cheapest(
    f: Callable[[float], float],
    outline: Outline,
    sides: list[tuple[float, float]],
    prev: Point,
    nxt: Point,
    tolerance: float,
    start: float | None = None,
    convex: Callable[[float], float] | None = None,
) -> float:
    """Where along the outline's straight stretches `sides` f (the cost of the way
    prev - q - nxt with q at that distance along it) is least: `least_from` on each
    stretch from `start` (where the crossing is; without it, `least_on` on each, or
    an end of it where the cost rises from there), the first that gives the
    least; a stretch whose `floor` is already dearer than the best found is not
    searched (it cannot give the least), nor searched on once the costs asked
    show it dearer all along (`convex`: the part of f convex along each stretch,
    f itself by default: `least_from`'s `above`)."""
    floors = [floor(prev, nxt, outline.at(lo), outline.at(hi)) for lo, hi in sides]
    found: list[tuple[float, int, float]] = []
    best = math.inf
    # the crossing's own stretch first (mostly the cheapest: the others then mostly
    # need few costs to show they are dearer), then by their floors
    order = sorted(range(len(sides)), key=lambda i: (start is None or not sides[i][0] < start < sides[i][1], floors[i]))
    for i in order:
        if floors[i] > best + 1e-9:
            continue
        lo, hi = sides[i]
        step = tolerance / 3
        if start is not None:
            # from where the crossing is (or the end of the side nearest it): most stay
            # put or move little, and those on another side are mostly cheapest at an end
            # (given up on a side where the cost surely stays above the best found)
            s = least_from(f, lo, hi, min(hi, max(lo, start)), tolerance, best + 1e-9, convex)
        # cheapest at an end (the cost rises from it: so it does all along the side,
        # being convex there) as most are round a corner: two costs, not a search
        elif hi - lo <= 2 * step:
            s = least_on(f, lo, hi, tolerance)
        elif f(lo + step) >= f(lo):
            s = lo
        elif f(hi - step) >= f(hi):
            s = hi
        else:
            s = least_on(f, lo, hi, tolerance)
        value = f(s)
        best = min(best, value)
        found.append((value, i, s))
    return min(found)[2]


#: what a mm inside an arc walked counts in the search for a crossing (no way lies there)
DEEP = 1000.0


def all_clear(passage: Passage, points: list[Point]) -> bool:
    """Whether the way through `points` is clear for the warrior (`Passage.clear`,
    each segment; a point repeated is no segment)."""
    return all(passage.clear(a, b) for a, b in zip(points, points[1:], strict=False) if a != b)


def placed_crossing(
    outline: Outline,
    s0: float,
    window: float,
    tolerance: float,
    prev: Point,
    nxt: Point,
    before: Wrap | None,
    after: Wrap | None,
    heavy: list[Heavy],
    kept: Kept,
    start: float | None = None,
) -> tuple[float, list[Point], list[Point]] | None:
    """Where along the outline within `window` of s0 the crossing between prev and
    nxt costs least (either neighbour walking round an arc to it: `before`,
    `after`), with the way to it from prev (or the walk's far end) and the way
    from nxt (or the other's) back to it; None where nothing cheaper than s0 is
    found. The search starts from `start` (default s0). `kept`: what another
    placement may ask again (the same costs for the same neighbours)."""

    def ways(q: Point) -> tuple[list[Point], list[Point]]:
        return ([prev] if before is None else before.to(q)), ([nxt] if after is None else after.to(q))

    wraps = [w for w in (before, after) if w is not None]
    # the legs walking an arc lie about it: only the heavy terrain there counts
    about = [None if w is None else ring_of(kept.rings, w, heavy) for w in (before, after)]

    def way(end: Point, wrap: Wrap | None, ring: Ring | None, q: Point) -> float:
        """What the way from `end` (or round the wrap) to q costs."""
        if wrap is None or ring is None:
            return segment_cost(end, q, heavy)
        return wrap.cost_near(q, heavy, ring)

    # what f gave, asked again for the ends and the best (and by other placements with
    # the same neighbours), and the same without what counts inside an arc
    key = (id(outline), prev if before is None else before, nxt if after is None else after)
    costs = kept.costs.get(key)
    if costs is None:
        costs = kept.costs[key] = ({}, {})
    seen, ways_cost = costs

    def f(s: float) -> float:
        value = seen.get(s)
        if value is None:
            q = outline.at(s)
            # inside an arc walked there is no way: steeply dearer the deeper, so
            # that the search turns back to its edge (that part is not convex: how
            # deep a point sliding along a straight side lies in a circle)
            cost = ways_cost[s] = way(prev, before, about[0], q) + way(nxt, after, about[1], q)
            value = seen[s] = cost + DEEP * sum(w.inside(q) for w in wraps)
        return value

    # along one straight side the cost is convex, round a corner not (a crossing
    # near a corner may be cheapest on either side of it): the least of each side's
    # stretch inside the window
    sides = outline.sides_within(s0 - window, s0 + window)
    ends = (prev if before is None else before.end), (nxt if after is None else after.end)
    s = _cheapest(f, outline, sides, *ends, tolerance, s0 if start is None else start, ways_cost.__getitem__)
    if f(s) >= f(s0) - 1e-9:
        return None
    return (s, *ways(outline.at(s)))


def place(
    passage: Passage,
    arcs: list[tuple[str, Point, float]],
    outline: Outline,
    s0: float,
    window: float,
    tolerance: float,
    prev: Point,
    nxt: Point,
    before: Wrap | None,
    after: Wrap | None,
    placing: Kept,
) -> Step | None:
    """Where the crossing at s0 between prev and nxt (or the walks `before` and
    `after`) goes: `placed_crossing`, and where the straight way to a neighbour is
    cut off there, placed again with the way round what is in the way; with the
    walks it is placed between, or None where it stays (nothing cheaper, or
    nothing clear). A function of its arguments alone (`placing` only keeps costs)."""
    heavy = passage.heavy
    found = placed_crossing(outline, s0, window, tolerance, prev, nxt, before, after, heavy, placing)
    if found is not None and not all_clear(passage, [*found[1], outline.at(found[0]), *found[2][::-1]]):
        # the straight way to a neighbour is cut off there: round what is in the way
        q = outline.at(found[0])
        before = before or Wrap.round(passage, arcs, prev, q, True)
        after = after or Wrap.round(passage, arcs, q, nxt, False)
        # (from where the crossing was best with the straight ways)
        found = placed_crossing(outline, s0, window, tolerance, prev, nxt, before, after, heavy, placing, found[0])
    if found is None:
        return None
    s, head, tail = found
    if not all_clear(passage, [*head, outline.at(s), *tail[::-1]]):
        return None
    return s, head, tail, before, after


#: what `place` is asked: the outline, where the crossing is, the tolerance, its
#: neighbours and the walks next to it
StepKey = tuple[int, float, float, Point, Point, "Wrap | None", "Wrap | None"]
#: what it gives: where the crossing goes, the ways to it and the walks either side
Step = tuple[float, list[Point], list[Point], "Wrap | None", "Wrap | None"]


class Kept:
    """What placing the crossings of one way works out that placing them on
    another way to the same goal asks again: the heavy terrain about each arc
    (`ring_of`), and per outline and a crossing's neighbours (points, or walks
    round an arc) the cost of the way through each point of the outline tried,
    with and without what counts inside an arc walked (the ways to one goal share
    most of their crossings' neighbours at first, and a crossing whose neighbours
    stay is placed again from where it was best)."""

    def __init__(self) -> None:
        self.rings: dict[tuple[Point, float], Ring] = {}
        self.costs: dict[tuple[int, Point | Wrap, Point | Wrap], tuple[dict[float, float], dict[float, float]]] = {}
        #: the path each way's crossings settled to, by where they settled
        #: (`settled_on`: a way that comes there settles where that one did)
        self.finals: dict[Settled, list[Point]] = {}
        #: the settled paths placed again more finely (once each)
        self.polished: set[Settled] = set()
        #: per the arcs about a path, where each crossing placed between given
        #: neighbours went (`place`: the same again for the same neighbours)
        self.steps: dict[tuple[tuple[str, Point, float], ...], dict[StepKey, Step | None]] = {}
