"""Where a walk round an arc crosses heavy terrain's outline, the way that cuts
across instead (`cuts`, for reach.py's sweeps): it leaves the arc tangentially
before the crossing, crosses the outline's side at a point and meets the arc again
tangentially after it, cheaper than walking the arc where the two sides of the
outline cost differently (the arc bulges into the cheaper side by less than the
tangents do). The point on the side is where the saving is greatest (minimum.py's
Brent's method: the saving is smooth along the side); what the walk costs from there on
is the cut's cost, which reach.py works out exactly (`Passage.cost`). `meets`: where
the arc crosses the outline (a way may leave it there in any heading off the body).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import NamedTuple

from tabletop.games.skirmish.minimum import least_on
from tabletop.games.skirmish.table.passage import Passage
from tabletop.games.skirmish.table.pieces import segment_circle
from tabletop.games.skirmish.table.planar import Point
from tabletop.games.skirmish.table.search import Node, Spread
from tabletop.games.skirmish.table.spans import cost_at
from tabletop.games.skirmish.table.sweeps import WALKED
from tabletop.games.skirmish.table.tangents import TAU

#: a cut saving less than this (mm) is not worth its rays
_GAIN = 1e-6
#: the point on the side is found this exactly (mm)
_TOLERANCE = 1e-7
#: the arc's cost is asked this far (mm along it) either side of where it crosses
_OFF = 1e-6


class Cut(NamedTuple):
    """A way across heavy terrain's outline cutting off a stretch of an arc: it
    leaves the arc `leave` radians on (from where the walk began), crosses the
    outline at `cross` and meets the arc again `join` radians on."""

    leave: float
    cross: Point
    join: float


def cuts(mover: Passage, centre: Point, r: float, orient: int, first: float, room: float) -> list[Cut]:
    """The cuts across the heavy outline the arc (about `centre`, from outward
    direction `first` on by `room` radians, turning with `orient`) crosses, where
    they are cheaper than the walk and their legs clear; none overlapping, in
    their order along the arc."""
    found = []
    for y, p, q in _on_outline(mover, centre, r):
        cut = _cut(mover, centre, r, orient, first, room, y, p, q)
        if cut is not None:
            found.append(cut)
    found.sort()
    kept: list[Cut] = []
    for cut in found:
        if not kept or cut.leave >= kept[-1].join:
            kept.append(cut)
    return kept


def meets(mover: Passage, centre: Point, r: float, orient: int, first: float, room: float) -> list[float]:
    """The turns (radians on from outward direction `first`, within `room`, turning
    with `orient`) where the arc about `centre` crosses heavy terrain's outline from
    one cost to another, in order."""
    cx, cy = centre
    d = _OFF / r
    found = set()
    for y, _p, _q in _on_outline(mover, centre, r):
        at = (orient * (math.atan2(y[1] - cy, y[0] - cx) - first)) % TAU
        if not d < at < room - d:
            continue
        before = first + orient * (at - d)
        after = first + orient * (at + d)
        if cost_at((cx + r * math.cos(before), cy + r * math.sin(before)), mover.heavy) != cost_at(
            (cx + r * math.cos(after), cy + r * math.sin(after)), mover.heavy
        ):
            found.add(at)
    return sorted(found)


def _on_outline(mover: Passage, centre: Point, r: float) -> Iterator[tuple[Point, Point, Point]]:
    """Where the circle about `centre` crosses a side p-q of heavy terrain's
    outline: (the point, p, q)."""
    cx, cy = centre
    for h in mover.heavy:
        x0, y0, x1, y1 = h.box
        if x0 > cx + r or x1 < cx - r or y0 > cy + r or y1 < cy - r:
            continue
        n = len(h.part)
        for i in range(n):
            p, q = h.part[i], h.part[(i + 1) % n]
            for y in segment_circle(p[0], p[1], q[0], q[1], cx, cy, r):
                yield y, p, q


def _cut(
    mover: Passage, centre: Point, r: float, orient: int, first: float, room: float, y: Point, p: Point, q: Point
) -> Cut | None:
    """The cut across the side p-q where the arc crosses it at y, or None."""
    cx, cy = centre
    o = orient
    phi = math.atan2(y[1] - cy, y[0] - cx)
    at = (o * (phi - first)) % TAU
    if not 0.0 < at < room:
        return None
    d = _OFF / r

    def on_arc(turn: float) -> Point:
        a = first + o * turn
        return (cx + r * math.cos(a), cy + r * math.sin(a))

    before = cost_at(on_arc(at - d), mover.heavy)
    after = cost_at(on_arc(at + d), mover.heavy)
    if before == after:
        return None  # between two parts of one piece, or along the side: no outline here
    length = math.dist(p, q)
    ex, ey = (q[0] - p[0]) / length, (q[1] - p[1]) / length
    # along the side away from the circle (its chord inside the circle lies behind y)
    if ex * (y[0] - cx) + ey * (y[1] - cy) < 0.0:
        ex, ey, end = -ex, -ey, p
    else:
        end = q
    longest = math.dist(y, end)

    def turns(s: float) -> tuple[float, float, Point]:
        x = (y[0] + ex * s, y[1] + ey * s)
        dist = max(math.hypot(x[0] - cx, x[1] - cy), r)
        spread = math.acos(min(1.0, r / dist))
        mid = (o * (math.atan2(x[1] - cy, x[0] - cx) - phi) + math.pi) % TAU - math.pi
        return at + mid - spread, at + mid + spread, x

    def inside(s: float) -> bool:
        t1, t2, _x = turns(s)
        return t1 >= 0.0 and t2 <= room and t1 <= at <= t2

    if not inside(0.0):
        return None
    lo, hi = 0.0, longest
    if not inside(hi):
        for _ in range(60):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if inside(mid) else (lo, mid)
        hi = lo
    if hi <= 0.0:
        return None

    def loss(s: float) -> float:
        t1, t2, x = turns(s)
        walked = WALKED * r * (before * (at - t1) + after * (t2 - at))
        return before * math.dist(on_arc(t1), x) + after * math.dist(x, on_arc(t2)) - walked

    best = least_on(loss, 0.0, hi, _TOLERANCE)
    if loss(best) > -_GAIN:
        return None
    t1, t2, x = turns(best)
    if not (mover.clear(on_arc(t1), x) and mover.clear(x, on_arc(t2))):
        return None
    return Cut(t1, x, t2)


def cut_walk(mover: Passage, found: Spread, node: Node, angle: float) -> float:
    """What walking round the arc from `node` to `angle` (on the same corner's arc)
    costs where the ways cutting across heavy terrain's outline where the arc crosses
    it (cuts.py) are cheaper than walking there: the walk before, between and after
    them with the cuts' legs."""
    index, corner, first, orient = node
    body = found.bodies[index]
    total, at = 0.0, first
    for cut in cuts(mover, body.corners[corner], body.radius, orient, first, (orient * (angle - first)) % TAU):
        a, b = first + orient * cut.leave, first + orient * cut.join
        way = mover.cost(body.at(corner, a), cut.cross) + mover.cost(cut.cross, body.at(corner, b))
        if way < found.walk_cost(index, corner, a, corner, b, orient):
            total += found.walk_cost(index, corner, at, corner, a, orient) + way
            at = b
    return total + found.walk_cost(index, corner, at, corner, angle, orient)
