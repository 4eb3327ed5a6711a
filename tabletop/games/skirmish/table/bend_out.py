"""The bend on the way out of terrain a warrior stands in, over heavy terrain
(`refine_exit`, after refine.py has slid the path's crossings of heavy terrain's
outline): the first leg of such a path runs straight until the base is clear of
that terrain, so it cannot bend at heavy terrain's outline while still on it;
it may bend where the base is first clear (on the terrain's grown outline, a
`Rim`), placed to SLIDE_TOLERANCE. `bent_cost`: what such a way to a point costs
with its bend placed so (the reach's nodes reached by a bend of the search).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from tabletop.games.skirmish.minimum import least_on
from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.clearing import Rim
from tabletop.games.skirmish.table.passage import EXIT_STEP, OUTSIDE, Passage
from tabletop.games.skirmish.table.planar import Point
from tabletop.games.skirmish.table.refine import SLIDE_TOLERANCE
from tabletop.games.skirmish.table.spans import segment_cost

#: the bends on the way out `refine_exit` tried, per start, rim and place on it:
#: where the bend is, what the leg to it costs (inf inside another part's rim) and
#: whether that leg is clear (None: not asked yet)
ExitLegs = dict[tuple[Point, int, float], tuple[Point, float, bool | None]]


def refine_exit(passage: Passage, points: list[Point], tried_before: ExitLegs | None = None) -> list[Point]:
    """Over heavy terrain, for a warrior leaving terrain it stands in: the first leg
    runs straight until the base is clear of that terrain, so where it crosses heavy
    terrain still on it, it cannot bend at the outline; bending where the base is
    first clear (on the terrain's grown outline) may cost less. Tried every
    EXIT_STEP along it, the best placed to SLIDE_TOLERANCE (a path that bends there
    already, at a node of the search, has that bend placed, also where it is the
    best of those tried); never returns a
    dearer path. `tried_before` keeps the first legs tried, for the next path
    from the same start (each way to one goal over heavy terrain is tried)."""
    if not passage.leaving or not passage.heavy or len(points) < 2:
        return points
    heavy, start = passage.heavy, points[0]
    parts = passage.leaving_parts
    reach = passage.radius + OUTSIDE
    rims = [Rim(part, reach) for part in parts]
    # a path bending on the grown outline already: that bend is placed afresh
    bent = (
        len(points) >= 3 and abs(min(planar.point_convex_signed_distance(points[1], p) for p in parts) - reach) < 1e-6
    )
    nxt = points[2] if bent else points[1]
    legs = [(start, points[1]), (points[1], nxt)] if bent else [(start, nxt)]
    if all(segment_cost(a, b, heavy) <= math.dist(a, b) + 1e-9 for a, b in legs):
        return points  # no heavy terrain on the way: no bend shortens it
    now = (
        segment_cost(start, nxt, heavy)
        if not bent
        else (segment_cost(start, points[1], heavy) + segment_cost(points[1], nxt, heavy))
    )

    kept: ExitLegs = {} if tried_before is None else tried_before

    def cost(k: int, s: float) -> float:
        found = kept.get((start, k, s))
        if found is None:
            rim = rims[k]
            q = rim.at(s % rim.length)
            if len(parts) > 1 and any(
                planar.point_convex_signed_distance(q, part) < reach - 2 * OUTSIDE
                for part in parts
                if part is not rim.part
            ):
                found = (q, math.inf, None)  # inside the grown outline of another of its parts
            else:
                found = (q, segment_cost(start, q, heavy), None)
            kept[(start, k, s)] = found
        q, first, _clear = found
        return first if first == math.inf else first + segment_cost(q, nxt, heavy)

    def clear_from_start(k: int, s: float) -> bool:
        """Whether the leg from the start to the bend at s is clear (asked once for
        every way from the start: `passage.clear` of a leg leaving the terrain is
        the dear part of a bend's check)."""
        q, first, clear = kept[(start, k, s)]
        if clear is None:
            clear = passage.clear(start, q)
            kept[(start, k, s)] = (q, first, clear)
        return clear

    checked: dict[tuple[int, float], float] = {}  # what valid gave, asked again

    def valid(k: int, s: float) -> float:
        """The cost bending at s, or inf where either leg is not clear."""
        rim = rims[k]
        s %= rim.length
        found = checked.get((k, s))
        if found is None:
            c = cost(k, s)
            q = rim.at(s)
            found = checked[(k, s)] = (
                c if c == math.inf or (clear_from_start(k, s) and passage.clear(q, nxt)) else math.inf
            )
        return found

    tried = []
    for k, rim in enumerate(rims):
        count = max(8, math.ceil(rim.length / EXIT_STEP))
        for i in range(count):
            s = rim.length * i / count
            tried.append((cost(k, s), s, k, rim.length / count))
    tried.sort(key=lambda t: t[0])
    windows = 0
    for c, s, k, step in tried:
        if c > now + 1e-9 or windows >= 8:
            break
        rim = rims[k]
        # a window with no allowed bend at its middle or ends is passed over
        if all(valid(k, u % rim.length) == math.inf for u in (s - step, s, s + step)):
            continue
        windows += 1

        def along(u: float, k: int = k) -> float:
            return valid(k, u)

        def weighed(u: float, k: int = k) -> float:
            return cost(k, u % rims[k].length)

        best = _placed(along, s - step, s + step, weighed)
        if best is not None and valid(k, best) < now - 1e-9:
            return [start, rim.at(best % rim.length), *points[2 if bent else 1 :]]
    return points


def bent_cost(passage: Passage, bend: Point, here: Point, tried_before: ExitLegs | None = None) -> float:
    """What the way from the start bending where the base is first clear of the
    terrain it leaves (at `bend` on its grown outline, as the search does every
    EXIT_STEP) and straight on to `here` costs with the bend placed as `refine_exit`
    places it; inf where a leg is not clear."""
    start = passage.start
    way = refine_exit(passage, [start, bend, here], tried_before)
    if len(way) != 3 or not (passage.clear(start, way[1]) and passage.clear(way[1], here)):
        return math.inf
    return passage.cost(start, way[1]) + passage.cost(way[1], here)


#: how near (mm along the outline) `_placed` places a bend against where it stops being allowed
_EDGE = 1e-7


def _placed(f: Callable[[float], float], lo: float, hi: float, weigh: Callable[[float], float]) -> float | None:
    """Where f (inf where not allowed) is least on [lo, hi]: the best of a fine
    sampling, then placed to SLIDE_TOLERANCE between its neighbours, or to _EDGE
    against where f stops being allowed; None where it nowhere is.
    `weigh`: f where it is allowed, cheaper to ask: the sampling's best is the
    first allowed of its points from the cheapest on (whether f is allowed is
    asked there and at its neighbours only)."""
    count = 16
    marks = [lo + (hi - lo) * i / count for i in range(count + 1)]
    weights = [weigh(u) for u in marks]
    values: dict[int, float] = {}
    for i in sorted(range(count + 1), key=lambda i: (weights[i], i)):
        values[i] = f(marks[i])
        if values[i] < math.inf:
            k = i
            break
    else:
        return None
    best, found = marks[k], values[k]
    for j in (k - 1, k + 1):
        if not 0 <= j <= count:
            continue
        if j not in values:
            values[j] = f(marks[j])
        if values[j] == math.inf:
            # allowed at k, not at j: the edge between, where the least may lie
            good, bad = marks[k], marks[j]
            while abs(bad - good) > _EDGE:
                mid = (good + bad) / 2
                good, bad = (mid, bad) if f(mid) < math.inf else (good, mid)
            if f(good) < found:
                best, found = good, f(good)
        else:
            a, b = sorted((marks[k], marks[j]))
            u = least_on(f, a, b, SLIDE_TOLERANCE)
            if f(u) < found:
                best, found = u, f(u)
    return best
