"""The reach over heavy terrain of ways out of terrain the warrior leaves that bend
where the base is first clear (`rim_rays`), anywhere along the terrain's grown
outline (clearing.Rim): the search offers such bends only every EXIT_STEP
(passage.heavy_exits), and between two of them the area reached bulges past what
the two reach.

The first leg runs straight from the start to the bend at q(s), s mm along the
rim, for c(s) (it crosses heavy terrain: else no bend saves). A way on from there
in a medium of rate k to a point p costs c(s) + k |p - q(s)|, least over s where
the direction u from q(s) to p has u . q'(s) = c'(s) / k: every such way leaves
its bend in the one direction u(s), so the area they reach is swept by the rays
q(s) + u(s) t, each cast with what is left (rays.cast, straight on over heavy
terrain: never more than it reaches). Between two neighbouring rays it is the
quadrilateral of their bends (moved out off the rim by a hair, `_polygon`) and
ends; more rays where two turn apart by over sag_step, stop differently, pass
different heavy terrain or the edge between their ends is not clear. What lies
within the grown outline of another part of the terrain is cut by
`leaving.LeavingCut` as the rest of the reach.
"""

from __future__ import annotations

import math

from tabletop.games.skirmish.table.clearing import Rim, overlaps
from tabletop.games.skirmish.table.passage import OUTSIDE, Passage
from tabletop.games.skirmish.table.planar import Point, Polygon
from tabletop.games.skirmish.table.rays import Kind, cast, chord_clear, end_rate, sag_step
from tabletop.games.skirmish.table.spans import cost_at

#: the bends first tried along the rim this far apart (mm), more between where needed
RIM_STEP = 1.0
#: the rim's slope of the first leg's cost is taken over this much of it either side (mm)
_SLOPE = 1e-5
#: two neighbouring bends this near (mm) get no more rays between them
_FINEST = 1e-3
#: how much farther out than the chords' dip the area starts (mm): the rim's
#: points lie 1e-7 mm outside the grown outline only by rounding
_CLEAR = 1e-5

#: a ray: (distance along the rim, bend, end, what stopped it, direction, heavy terrain
#: passed, the rim's outward normal at the bend)
_Ray = tuple[float, Point, Point, str | None, float, Kind, Point]


def rim_rays(mover: Passage, limit: float) -> list[Polygon]:
    """The area reached within `limit` by ways out of the terrain the warrior leaves
    that bend on its grown outline, over heavy terrain (see the module); none where
    it leaves no terrain or there is no heavy terrain."""
    if not mover.leaving or not mover.heavy:
        return []
    found: list[Polygon] = []
    for part in mover.leaving_parts:
        found += _sweep(mover, Rim(part, mover.radius + OUTSIDE), limit)
    return found


def _sweep(mover: Passage, rim: Rim, limit: float) -> list[Polygon]:
    start, heavy, parts = mover.start, mover.heavy, mover.leaving_parts
    reach = mover.radius + OUTSIDE

    def first(s: float) -> tuple[Point, float] | None:
        """The bend s along the rim and the first leg's cost (None: not a bend of a
        way out, or the leg crosses no heavy terrain)."""
        q = rim.at(s % rim.length)
        if any(overlaps(q, part, reach - 2 * OUTSIDE) for part in parts if part is not rim.part):
            return None  # within the grown outline of another of its parts
        c = mover.cost(start, q)
        if c >= limit or c <= math.dist(start, q) + 1e-9:
            return None
        if not mover.clear(start, q):  # (dearer than the cost: asked last)
            return None
        return q, c

    def ray(s: float) -> _Ray | None:
        here = first(s)
        if here is None:
            return None
        q, c = here
        before, after = first(s - _SLOPE), first(s + _SLOPE)
        if before is None or after is None:
            return None
        (qa, ca), (qb, cb) = before, after
        step = math.dist(qa, qb)
        if step <= 0.0:
            return None
        tx, ty = (qb[0] - qa[0]) / step, (qb[1] - qa[1]) / step
        a = (cb - ca) / step / cost_at(q, heavy)
        if abs(a) >= 1.0:
            return None  # the way runs on along the rim: no bend there is the cheapest
        # the rim turns with growing angle, the terrain on its left: out is to the right
        b = math.sqrt(1.0 - a * a)
        direction = math.atan2(a * ty - b * tx, a * tx + b * ty)
        end, stopped, kind = cast(mover, q, limit - c, direction)
        return (s, q, end, stopped, direction, kind, (ty, -tx))

    def joins(a: _Ray, b: _Ray) -> bool:
        turn = abs((b[4] - a[4] + math.pi) % (2 * math.pi) - math.pi)
        return (
            turn <= sag_step(math.dist(a[1], a[2]), end_rate(mover.heavy, a[5]))
            and a[3] == b[3]
            and a[5] == b[5]
            and chord_clear(mover, start, a[1], b[1])
            and chord_clear(mover, a[1], a[2], b[2])
        )

    def between(a: _Ray, b: _Ray, depth: int) -> list[_Ray | None]:
        if depth >= 10 or b[0] - a[0] < _FINEST or joins(a, b):
            return []
        mid = ray((a[0] + b[0]) / 2)
        if mid is None:
            return [None]
        return [*between(a, mid, depth + 1), mid, *between(mid, b, depth + 1)]

    def edge(good: _Ray, bad: float) -> list[_Ray | None]:
        """Rays up to where there stops being a ray, between a ray and a distance
        along the rim without one."""
        lo, hi = good[0], bad
        last = None
        for _ in range(14):
            mid = (lo + hi) / 2
            here = ray(mid)
            if here is None:
                hi = mid
            else:
                lo, last = mid, here
        if last is None:
            return []
        if good[0] < last[0]:
            return [*between(good, last, 0), last]
        return [last, *between(last, good, 0)]

    count = max(8, math.ceil(rim.length / RIM_STEP))
    marks = [rim.length * i / count for i in range(count + 1)]
    samples: list[_Ray | None] = []
    previous = None
    for s in marks:
        here = ray(s)
        last = samples[-1] if samples else None
        if last is not None and here is not None:
            samples += between(last, here, 0)
        elif last is not None:
            samples += edge(last, s)
        elif samples and here is not None and previous is not None:
            samples += edge(here, previous)
        samples.append(here)
        previous = s
    found: list[Polygon] = []
    run: list[_Ray] = []
    for item in [*samples, None]:
        if item is not None and run and not joins(run[-1], item):
            if len(run) >= 2:
                found.append(_polygon(run, rim.radius))
            run = []
        if item is None:
            if len(run) >= 2:
                found.append(_polygon(run, rim.radius))
            run = []
        else:
            run.append(item)
    return found


def _polygon(run: list[_Ray], radius: float) -> Polygon:
    """The area between a run of neighbouring rays: their ends, and their bends moved
    out from the rim by as much as the chord between two neighbours dips inside it
    on its arcs (of `radius`), so that no side of it cuts into the terrain's grown
    outline (`LeavingCut` would cut it up side by side of the terrain's parts; what
    it leaves out lies nearer the outline than the base may end)."""
    step = max(math.dist(a[1], b[1]) for a, b in zip(run, run[1:], strict=False))
    out = step * step / (8.0 * radius) + _CLEAR
    inner = tuple((r[1][0] + r[6][0] * out, r[1][1] + r[6][1] * out) for r in run)
    return inner + tuple(r[2] for r in reversed(run))
