"""Where a function of one real variable, convex on an interval, is least, to a
tolerance: plain numerics beside the table's layers, as math is, so that any layer
may hand them a function of its own (refine.py's cost of a way through a point
sliding along one straight side of heavy terrain, smooth but for a few kinks;
node_costs.py's cost of leaving an arc at an angle; cuts.py's walk cut short).

- `least_on(f, lo, hi, tolerance)`: Brent's method over the whole interval.
- `least_from(f, lo, hi, start, tolerance, above)`: Newton's method on the derivative
  from `start`, where it was least before; given up where f surely stays above
  `above` all along [lo, hi] (`convex_floor`: what the costs asked so far leave it).
"""

from __future__ import annotations

import math
from collections.abc import Callable


def least_on(f: Callable[[float], float], lo: float, hi: float, tolerance: float) -> float:
    """Where f, convex on [lo, hi], is least (to `tolerance`), by Brent's method:
    steps to the least of the parabola through the last three points where it
    falls inside the bracket and shrinks it, golden sections where not (the cost
    along a straight side is smooth but for a few kinks, so the parabolas get
    there in a few steps where golden sections alone take many); the ends count
    too. f is asked once per point."""
    seen: dict[float, float] = {}

    def at(s: float) -> float:
        value = seen.get(s)
        if value is None:
            value = seen[s] = f(s)
        return value

    golden = (3 - math.sqrt(5)) / 2
    a, b = lo, hi
    x = w = v = a + golden * (b - a)
    fx = fw = fv = at(x)
    d = e = 0.0
    tol1 = tolerance / 3
    tol2 = 2 * tol1
    while abs(x - (a + b) / 2) > tol2 - (b - a) / 2:
        middle = (a + b) / 2
        parabolic = False
        if abs(e) > tol1:
            r = (x - w) * (fx - fv)
            q = (x - v) * (fx - fw)
            p = (x - v) * q - (x - w) * r
            q = 2.0 * (q - r)
            if q > 0.0:
                p = -p
            q = abs(q)
            last, e = e, d
            if abs(p) < abs(0.5 * q * last) and q * (a - x) < p < q * (b - x):
                d = p / q
                if x + d - a < tol2 or b - (x + d) < tol2:
                    d = tol1 if x < middle else -tol1
                parabolic = True
        if not parabolic:
            e = (b - x) if x < middle else (a - x)
            d = golden * e
        u = x + (d if abs(d) >= tol1 else math.copysign(tol1, d))
        fu = at(u)
        if fu <= fx:
            if u < x:
                b = x
            else:
                a = x
            v, fv, w, fw, x, fx = w, fw, x, fx, u, fu
        else:
            if u < x:
                a = u
            else:
                b = u
            if fu <= fw or w == x:
                v, fv, w, fw = w, fw, u, fu
            elif fu <= fv or v in (x, w):
                v, fv = u, fu
    return min((lo, hi, x), key=at)


def least_from(
    f: Callable[[float], float],
    lo: float,
    hi: float,
    start: float,
    tolerance: float,
    above: float = math.inf,
    convex: Callable[[float], float] | None = None,
) -> float:
    """Where f, convex on [lo, hi], is least (to `tolerance`), from `start` (where it
    was least before: most crossings move little, if at all, from one sweep to the
    next): Newton's method on the derivative (Snell's condition), slope and
    curvature from f a third of the tolerance either side of each point tried.
    Each step stays inside the bracket the slopes leave: one past an end of the
    stretch tries that end; one leaving the bracket otherwise, or one longer than
    half the step before the last (Newton creeps or strays), halves it; one shorter than that third is made that
    long (so that the points either side are shared), twice as long while such
    steps go on one way (a kink). Where f is least at a point tried and either side
    of it, that point (where f is not convex and a point asked before was cheaper,
    that one); where it rises from an end, that end. f is asked once per
    point; a stretch shorter than six thirds goes to `least_on`. Where the costs
    asked show that f nowhere on [lo, hi] comes down to `above` (the least is
    wanted only where it beats that), the search stops at the point asked where f
    was least (so f there is over `above` too): `convex_floor` of the values of
    `convex` at the points asked, a convex function f is never below (default: f
    itself, where f is convex all along)."""
    h = tolerance / 3
    if hi - lo <= 6 * h:
        return least_on(f, lo, hi, tolerance)
    seen: dict[float, float] = {}

    def at(s: float) -> float:
        value = seen.get(s)
        if value is None:
            value = seen[s] = f(s)
        return value

    # from an end (a side the crossing is not on): that end where f rises from it
    if start <= lo and at(lo + h) >= at(lo):
        return lo
    if start >= hi and at(hi - h) >= at(hi):
        return hi
    a, b = lo, hi
    x = min(hi - h, max(lo + h, start))
    old = last = b - a  # the lengths of the last two steps
    least = h  # the least step, doubled while steps that short go on one way (a kink)
    for _ in range(64):
        fl, fx, fr = at(x - h), at(x), at(x + h)
        if fl >= fx <= fr:
            # convex: least within h of x (where it is not, as inside an arc a way
            # walks, the cheapest point asked)
            return x if fx <= min(seen.values()) else min(seen, key=seen.__getitem__)
        if fl < fx and x - h <= lo:
            return lo  # rising from lo (least within h of it)
        if fr < fx and x + h >= hi:
            return hi
        if above < math.inf and convex_floor(seen if convex is None else {u: convex(u) for u in seen}, lo, hi) > above:
            return min(seen, key=seen.__getitem__)
        # convex: where f falls towards one side the least lies on that side
        if fl < fr:
            b = min(b, x)
        else:
            a = max(a, x)
        if b - a <= 2 * tolerance:
            break
        curvature = (fl - 2.0 * fx + fr) / (h * h)
        step = -(fr - fl) / (2.0 * h * curvature) if curvature > 0.0 else math.copysign(b - a, fl - fr)
        if abs(step) < least:
            step = math.copysign(least, fl - fr)
            least *= 2
        else:
            least = h
        nxt = x + step
        if nxt <= a == lo or nxt >= b == hi:
            pass  # past an end the least may lie at: that end tried next
        elif not a < nxt < b or abs(step) > old / 2:
            nxt = (a + b) / 2  # halved: Newton strays (a kink, far from the least) or creeps
        old, last = last, abs(nxt - x)
        x = min(hi - h, max(lo + h, nxt))
    return min((a + b) / 2, min(seen, key=seen.__getitem__), key=at)


def convex_floor(seen: dict[float, float], lo: float, hi: float) -> float:
    """The least a function convex on [lo, hi] can be anywhere on it, given its
    values `seen` at points of it. Its least lies next to the point seen least
    (beyond either neighbour it is dearer than that neighbour); between two
    neighbouring points it lies above the chords either side extended (the chord
    through the two points before, and the one through the two after); past the
    last point (or before the first), above the last (first) chord extended to
    hi (lo). -inf where too few points leave that stretch unbounded."""
    xs = sorted(seen)
    n = len(xs)
    ys = [seen[x] for x in xs]
    k = min(range(n), key=ys.__getitem__)

    def slope(i: int) -> float | None:
        """The chord's through points i and i + 1, if both are."""
        return (ys[i + 1] - ys[i]) / (xs[i + 1] - xs[i]) if 0 <= i and i + 1 < n else None

    floor = ys[k]
    # the stretch before point k (from lo where it is the first) and the one after
    # it (to hi), each with the chords extended into it: (from point, its slope)
    stretches = (
        (xs[k - 1] if k else lo, xs[k], ((k - 1, slope(k - 2)), (k, slope(k)))),
        (xs[k], xs[k + 1] if k + 1 < n else hi, ((k, slope(k - 1)), (k + 1, slope(k + 1)))),
    )
    for u, v, chords in stretches:
        if v <= u:
            continue
        lines = [(xs[i], ys[i], m) for i, m in chords if m is not None]
        if not lines:
            return -math.inf
        marks = [u, v]
        if len(lines) == 2:
            (x1, y1, m1), (x2, y2, m2) = lines
            if m1 != m2:
                cross = (y2 - y1 + m1 * x1 - m2 * x2) / (m1 - m2)  # where the two chords meet
                if u < cross < v:
                    marks.append(cross)
        floor = min(floor, min(max(y + m * (c - x) for x, y, m in lines) for c in marks))
    return floor
