"""Straight rays of a moving base for the reach (reach.py): where a ray stops
(`ray_stop`: short of the first thing the base would overlap, or where the budget
runs out), fans of rays from one point (`fan`), whether the straight edge between
two ray ends is clear (`chord_clear`).
"""

from __future__ import annotations

import math

from tabletop.games.skirmish.table.passage import Passage
from tabletop.games.skirmish.table.planar import Point, Polygon
from tabletop.games.skirmish.table.spans import budget_along

#: the reach drawn stops this much short of the allowance and of obstacles, so that
#: every point inside it is reachable despite the straight edges between rays (mm)
REACH_MARGIN = 0.1
#: angle between the rays of a fan, and between the rays leaving an arc (radians)
FAN_STEP = math.radians(2.0)


def bearing(a: Point, b: Point) -> float:
    """The direction from a to b (radians)."""
    return math.atan2(b[1] - a[1], b[0] - a[0])


def ray_stop(mover: Passage, origin: Point, budget: float, angle: float) -> tuple[Point, str | None]:
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


def _ends_in(mover: Passage, end: Point, stopped: str | None) -> str | None:
    """The heavy terrain (its piece) a ray stopped by its budget ends in; None on
    open ground or where an obstacle stopped it."""
    if stopped is not None:
        return None
    x, y = end
    for h in mover.heavy:
        left, top, right, bottom = h.box
        if left <= x <= right and top <= y <= bottom:
            # inside or on the part (as `cost_at` reads it)
            for x1, y1, ex, ey, _tol in h.edges:
                if ex * (y - y1) - ey * (x - x1) < 0.0:
                    break
            else:
                return h.owner
    return None


def fan(
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
    them (down to a hundredth of a degree). In the start's fan (`closed`), where
    neighbouring rays end on either side of heavy terrain's outline, the front
    may bend out beyond the edge joining their ends: rays are added there where
    they end beyond it (`_bulge`)."""
    steps = max(1, int(math.ceil(width / step)))
    angles = [low + width * k / steps for k in range(steps + (0 if closed else 1))]
    for c in corners:
        offset = (c - low) % (2 * math.pi)
        for d in (-1e-4, 1e-4):
            if 0.0 < offset + d < width:
                angles.append(low + offset + d)
    angles.sort()
    ends = [(angle, *ray_stop(mover, origin, budget, angle)) for angle in angles]
    if closed:
        ends.append((ends[0][0] + 2 * math.pi, ends[0][1], ends[0][2]))
    ring: list[Point] = [] if closed else [origin]
    for (a0, e0, s0), (a1, e1, s1) in zip(ends, ends[1:], strict=False):
        ring.append(e0)
        between = _between(mover, origin, budget, a0, e0, s0, a1, e1, s1, 0)
        if closed and not between:
            i0, i1 = _ends_in(mover, e0, s0), _ends_in(mover, e1, s1)
            if i0 != i1:
                between = _bulge(mover, origin, budget, (a0, e0, i0), (a1, e1, i1), (e0, e1), 0)
        ring += between
    if not closed:
        ring.append(ends[-1][1])
    return tuple(p for i, p in enumerate(ring) if i == 0 or p != ring[i - 1])


def chord_clear(mover: Passage, origin: Point, a: Point, b: Point) -> bool:
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
) -> list[Point]:
    """Ray ends to put between two neighbouring rays so that the straight edge
    joining them stays clear of obstacles, and where they are stopped by different
    things (an obstacle and the budget: the corner where the two outlines meet;
    two obstacles: a gap between them may open beyond)."""
    if depth >= 12 or a1 - a0 < math.radians(0.01) or (s0 == s1 and chord_clear(mover, origin, e0, e1)):
        return []
    mid = (a0 + a1) / 2
    em, sm = ray_stop(mover, origin, budget, mid)
    return (
        _between(mover, origin, budget, a0, e0, s0, mid, em, sm, depth + 1)
        + [em]
        + _between(mover, origin, budget, mid, em, sm, a1, e1, s1, depth + 1)
    )


#: a ray of the start's fan for `_bulge`: (angle, end, the heavy terrain it ends in)
_Tagged = tuple[float, Point, str | None]


def _bulge(
    mover: Passage,
    origin: Point,
    budget: float,
    first: _Tagged,
    last: _Tagged,
    edge: tuple[Point, Point],
    depth: int,
) -> list[Point]:
    """Ray ends to put on the edge drawn (from edge[0] to edge[1]) between two rays
    that end in different terrain (either side of heavy terrain's outline): the
    ray halfway between is kept where it ends beyond the edge and the edges to it
    are clear, and the edge then runs through it; halving goes on where
    neighbouring rays still end in different terrain (down to a hundredth of a
    degree). The area only grows."""
    a0, i0 = first[0], first[2]
    a1, i1 = last[0], last[2]
    if i0 == i1 or depth >= 12 or a1 - a0 < math.radians(0.01):
        return []
    mid = (a0 + a1) / 2
    em, sm = ray_stop(mover, origin, budget, mid)
    middle = (mid, em, _ends_in(mover, em, sm))
    c0, c1 = edge
    ex, ey = c1[0] - c0[0], c1[1] - c0[1]
    beyond = (ex * (em[1] - c0[1]) - ey * (em[0] - c0[0])) * (ex * (origin[1] - c0[1]) - ey * (origin[0] - c0[0])) < 0.0
    if beyond and chord_clear(mover, origin, c0, em) and chord_clear(mover, origin, em, c1):
        return [
            *_bulge(mover, origin, budget, first, middle, (c0, em), depth + 1),
            em,
            *_bulge(mover, origin, budget, middle, last, (em, c1), depth + 1),
        ]
    left = _bulge(mover, origin, budget, first, middle, edge, depth + 1)
    return [*left, *_bulge(mover, origin, budget, middle, last, (left[-1] if left else c0, c1), depth + 1)]
