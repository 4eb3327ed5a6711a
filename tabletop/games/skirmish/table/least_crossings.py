"""Where a straight-legged way from a point s to a point p crosses a row of sides,
each leg at its own rate (a medium's cost per mm), for the least cost: one side by
Newton on Snell's condition (`one_side`), several by Newton on the cost's
tridiagonal Hessian, its kinks found outright or smoothed away (`many_sides`).
The crossings of families' `Front` (plain geometry, layer 0)."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable

from tabletop.games.skirmish.table.planar import Point

#: the crossing points of a front are found this exactly (fraction of the side)
_CROSSING_TOLERANCE = 1e-13
#: a leg shorter than this (mm) has no direction: the cost has a kink there
_POINT = 1e-12
#: the crossings of a front through several sides are found with each leg's length
#: taken as sqrt(length^2 + d^2) for d each of these in turn (mm): at most the last
#: dearer a leg (times its rate), no kinks
_SMOOTHINGS = (1e-4, 1e-6, 1e-8, 1e-10, 1e-11)
#: Newton steps at most per smoothing
_STEPS = 60
#: the last smoothing's steps stop where Newton's promises less than this (mm)
_SETTLED = 1e-13
#: a pivot of the Newton step's elimination less than this part of its diagonal
#: holds too few digits: a short leg between crossings on parallel sides (sines of
#: their angle at most _PARALLEL) and the two crossings moving together along it
_PIVOT = 1e-10
_PARALLEL = 1e-6
#: a leg longer than this (mm) is far from its kink: a path whose legs all stay longer
#: (and Newton's steps settle) is found at the last smoothing straight away
_LONG = 1e3 * _SMOOTHINGS[0]
#: a way with a leg of no length (a kink) is taken at the kink only where its other
#: legs are longer than this (mm) and need a pull of at most 1 - _KINK_SPARE of its rate
_KINK_CLEAR = 1e-9
_KINK_SPARE = 1e-9
#: and where each other crossing's slope is nothing (or pushes into its end) to within
#: this part of its two legs' rates times its side's length: the least found beside
#: the kink holds there
_SMOOTH_SLOPE = 1e-7
#: s or p this near (mm) the line of its side is taken on it
_ON_LINE = 1e-13
#: a way across one side from or to a point this near (mm) its line, between its
#: ends, is not left to `one_side`
_ON_LINE_NEAR = 1e-9
#: how many of `many_sides`'s answers are kept
_REMEMBERED = 4096


def one_side(s: Point, p: Point, a: Point, b: Point, n_in: float, n_out: float) -> float:
    """Where on side a-b (as a fraction) the path s -> x -> p costs least (rate
    n_in before, n_out after): Newton on Snell's condition, kept in a bracket
    by bisection (the cost is convex along the side)."""
    ex, ey = b[0] - a[0], b[1] - a[1]

    def slope(u: float) -> tuple[float, float]:
        """The cost's first and second derivatives at u."""
        x0, y0 = a[0] + ex * u, a[1] + ey * u
        d1x, d1y = x0 - s[0], y0 - s[1]
        d2x, d2y = x0 - p[0], y0 - p[1]
        ee = ex * ex + ey * ey
        first = second = 0.0
        for rate, dx, dy in ((n_in, d1x, d1y), (n_out, d2x, d2y)):
            length = math.hypot(dx, dy)
            if length < _POINT:
                second += rate * ee / _POINT  # a kink where x meets the end of the leg
                continue
            along = dx * ex + dy * ey
            first += rate * along / length
            second += rate * (ee - along * along / (length * length)) / length
        return first, second

    lo, hi = 0.0, 1.0
    g_lo, _ = slope(lo)
    if g_lo >= 0.0:
        return 0.0
    g_hi, _ = slope(hi)
    if g_hi <= 0.0:
        return 1.0
    u = 0.5
    for _ in range(100):
        g, h = slope(u)
        if g > 0.0:
            hi = u
        else:
            lo = u
        step = u - g / h if h > 0.0 else -1.0
        nxt = step if lo < step < hi else (lo + hi) / 2
        if abs(nxt - u) <= _CROSSING_TOLERANCE or hi - lo <= _CROSSING_TOLERANCE:
            return nxt
        u = nxt
    return u


def _kinked(
    s: Point, p: Point, sides: tuple[tuple[Point, Point], ...], rates: tuple[float, ...]
) -> tuple[float, ...] | None:
    """The least of a way across sides where it has a kink, found outright: the
    first crossing at s (s on its side: the other crossings the least from there,
    or, across two sides, at s too where the same side is crossed in and out
    again), the last at p (the same turned round), or two crossings in a row at one
    point (the same side crossed in and out again where the way touches it: the
    least with the two taken as one crossing; the corner two sides share: the least
    to it and from it). Kept only where the slopes of the smooth legs there are met
    by a pull of each kinked leg of at most its rate (and the ends' pushes): then
    the least of the convex cost (None: no such kink holds the least)."""
    if not all((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2 > 0.0 for a, b in sides):
        return None
    for a, b, ways, media, turned in ((s, p, sides, rates, False), (p, s, sides[::-1], rates[::-1], True)):
        found = _kinked_at_source(a, b, ways, media)
        if found is not None:
            return found[::-1] if turned else found
    for i in range(1, len(sides)):  # the leg between crossings i - 1 and i
        (a0, b0), (a1, b1) = sides[i - 1], sides[i]
        if (a0, b0) in ((a1, b1), (b1, a1)):
            merged = _least(s, p, sides[:i] + sides[i + 1 :], rates[:i] + rates[i + 1 :])
            u = merged[i - 1]
            us = (*merged[:i], u if a0 == a1 else 1.0 - u, *merged[i:])
        else:
            corner = next(((u0, x) for u0, x in ((0.0, a0), (1.0, b0)) if x in (a1, b1)), None)
            if corner is None:
                continue
            u0, x = corner
            before, after = _least(s, x, sides[: i - 1], rates[:i]), _least(x, p, sides[i + 1 :], rates[i + 1 :])
            us = (*before, u0, 0.0 if x == a1 else 1.0, *after)
        held = _kink_held(s, p, sides, us, i, rates)
        if held is not None:
            return held
    return None


def _least(s: Point, p: Point, sides: tuple[tuple[Point, Point], ...], rates: tuple[float, ...]) -> tuple[float, ...]:
    """`many_sides` for any number of sides; across one by `one_side` where neither
    s nor p lies within _ON_LINE_NEAR of the side between its ends (there `one_side`'s
    steps may land on the kink of a leg of no length and stop short)."""
    if not sides:
        return ()
    if len(sides) == 1:
        (a, b), (n_in, n_out) = sides[0], rates
        ex, ey = b[0] - a[0], b[1] - a[1]
        ee = ex * ex + ey * ey
        near = _ON_LINE_NEAR * math.sqrt(ee)
        if ee > 0.0 and all(
            abs((q[0] - a[0]) * ey - (q[1] - a[1]) * ex) > near
            or not 0.0 < ((q[0] - a[0]) * ex + (q[1] - a[1]) * ey) / ee < 1.0
            for q in (s, p)
        ):
            return (one_side(s, p, a, b, n_in, n_out),)
    return many_sides(s, p, sides, rates)


def _kinked_at_source(
    s: Point, p: Point, sides: tuple[tuple[Point, Point], ...], rates: tuple[float, ...]
) -> tuple[float, ...] | None:
    """`_kinked`'s way with its first crossing at s, if s lies on the first side
    (within _ON_LINE) and that is the least."""
    a0, b0 = sides[0]
    ex, ey = b0[0] - a0[0], b0[1] - a0[1]
    ee = ex * ex + ey * ey
    u0 = ((s[0] - a0[0]) * ex + (s[1] - a0[1]) * ey) / ee
    if not 0.0 <= u0 <= 1.0 or abs((s[0] - a0[0]) * ey - (s[1] - a0[1]) * ex) > _ON_LINE * math.sqrt(ee):
        return None
    u0 = 0.0 if s == a0 else (1.0 if s == b0 else u0)
    x0 = (a0[0] + ex * u0, a0[1] + ey * u0)
    if len(sides) != 2 or (a0, b0) not in (sides[1], sides[1][::-1]):
        return _kink_held(s, p, sides, (u0, *_least(x0, p, sides[1:], rates[1:])), 0, rates)
    a1 = sides[1][0]
    r0, r1, r2 = rates
    # the same side in and out again at s: legs 0 and 1 kinked, the second's pull b
    # (a part of its rate along the side) met at crossing 1 by the last leg's slope
    # and at crossing 0 by the first's pull of at most r0
    u1, turn = (u0, 1.0) if a0 == a1 else (1.0 - u0, -1.0)
    dx, dy = p[0] - x0[0], p[1] - x0[1]
    length = math.hypot(dx, dy)
    if length < _KINK_CLEAR:
        return None
    # crossing 1's slope h + r1 * turn * |e| * b
    at = r2 * turn * (ex * dx + ey * dy) / length / (r1 * turn * math.sqrt(ee))
    spare = 1.0 - _KINK_SPARE
    lo, hi = -spare, spare
    lo, hi = _narrowed(lo, hi, at, u1, turn > 0.0)
    # crossing 0's slope |e| (r0 a - r1 b), a within [-1, 1]
    reach = spare * r0 / r1
    if 0.0 < u0 < 1.0:
        lo, hi = max(lo, -reach), min(hi, reach)
    elif u0 == 0.0:
        hi = min(hi, reach)
    else:
        lo = max(lo, -reach)
    return (u0, u1) if lo <= hi else None


def _kink_held(
    s: Point,
    p: Point,
    sides: tuple[tuple[Point, Point], ...],
    us: tuple[float, ...],
    kinked: int,
    rates: tuple[float, ...],
) -> tuple[float, ...] | None:
    """`us` if the way across the sides crossing them there, its leg `kinked` of no
    length, costs the least: the slope g_j of the other legs at each crossing j
    next to it is met by a pull of the kinked leg, rate * (e_j . w) with |w| < 1
    (e_j: the crossing's move along its side), to within the push of its side's end
    where it lies at one; at every other crossing (found in a least beside the kink)
    the slope is nothing, or pushes into its end (None: not so, or a leg other than
    the kinked one too short to tell)."""
    pts = [s, *((a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u) for (a, b), u in zip(sides, us, strict=True)), p]
    rows = []  # (the kinked leg's change with the crossing, the others' slope, where the crossing lies)
    for j, (a, b) in enumerate(sides):
        ex, ey = b[0] - a[0], b[1] - a[1]
        slope = 0.0
        for i, sign in ((j, 1.0), (j + 1, -1.0)):  # leg i ends (sign 1) or starts at crossing j
            if i == kinked:
                change = (ex * sign, ey * sign)
                continue
            dx, dy = pts[i + 1][0] - pts[i][0], pts[i + 1][1] - pts[i][1]
            length = math.hypot(dx, dy)
            if length < _KINK_CLEAR:
                return None
            slope += sign * rates[i] * (ex * dx + ey * dy) / length
        if kinked in (j, j + 1):
            rows.append((change, slope / rates[kinked], us[j]))
        elif not _meets(slope, _SMOOTH_SLOPE * (rates[j] + rates[j + 1]) * math.hypot(ex, ey), us[j]):
            return None
    return tuple(us) if _pull(rows) < 1.0 - _KINK_SPARE else None


def _pull(rows: list[tuple[tuple[float, float], float, float]]) -> float:
    """The least |w| meeting each row (e, slope, u): slope + e . w = 0 for u between
    the ends, >= 0 at u = 0, <= 0 at u = 1 (one or two rows)."""
    if len(rows) == 2 and abs(_cross(rows[0][0], rows[1][0])) <= _PARALLEL * _norm(rows[0][0]) * _norm(rows[1][0]):
        # one line: w along it (t), a scalar within each row's interval
        t = rows[0][0]
        lo, hi = -math.inf, math.inf
        for e, g, u in rows:
            along = (e[0] * t[0] + e[1] * t[1]) / _norm(t)
            lo, hi = _narrowed(lo, hi, -g / along, u, along > 0.0)
        if lo > hi:
            return math.inf
        return 0.0 if lo <= 0.0 <= hi else min(abs(lo), abs(hi))
    best = math.inf
    n = len(rows)
    for active in range(1 << n):
        if any(0.0 < rows[j][2] < 1.0 for j in range(n) if not active >> j & 1):
            continue
        chosen = [rows[j] for j in range(n) if active >> j & 1]
        if not chosen:
            w = (0.0, 0.0)
        elif len(chosen) == 1:
            (ex, ey), g, _u = chosen[0]
            f = -g / (ex * ex + ey * ey)
            w = (ex * f, ey * f)
        else:
            ((ex, ey), g, _u), ((fx, fy), h, _v) = chosen
            det = ex * fy - ey * fx
            w = ((-g * fy + h * ey) / det, (-ex * h + fx * g) / det)
        if all(_meets(g + e[0] * w[0] + e[1] * w[1], _KINK_SPARE * (1.0 + abs(g)), u) for e, g, u in rows):
            best = min(best, math.hypot(*w))
    return best


def _narrowed(lo: float, hi: float, at: float, u: float, rising: bool) -> tuple[float, float]:
    """[lo, hi] narrowed to the pulls that meet a crossing at `u` needing `at` (within
    _KINK_SPARE of it): `at` itself between its side's ends; at an end, no less where
    the pull pushes into it as it grows (`rising`: the start), no more at the other."""
    slack = _KINK_SPARE * (1.0 + abs(at))
    if 0.0 < u < 1.0:
        return max(lo, at - slack), min(hi, at + slack)
    if (u == 0.0) == rising:
        return max(lo, at - slack), hi
    return lo, min(hi, at + slack)


def _meets(pulled: float, slack: float, u: float) -> bool:
    """Whether a crossing at `u` whose slope is `pulled` (its smooth legs' slope and
    any kinked leg's pull) lies at the least: none between the ends, none pointing
    into its side at an end (within `slack`)."""
    return (u > 0.0 or pulled >= -slack) and (u < 1.0 or pulled <= slack) and (u in (0.0, 1.0) or abs(pulled) <= slack)


def _cross(e: tuple[float, float], f: tuple[float, float]) -> float:
    return e[0] * f[1] - e[1] * f[0]


def _norm(e: tuple[float, float]) -> float:
    return math.hypot(e[0], e[1])


@functools.lru_cache(maxsize=_REMEMBERED)
def many_sides(
    s: Point, p: Point, sides: tuple[tuple[Point, Point], ...], rates: tuple[float, ...]
) -> tuple[float, ...]:
    """Where on each side (fractions) the path s -> x1 -> ... -> xk -> p costs
    least. The cost is a convex sum of lengths, each leg's depending on the two
    crossings at its ends: Newton on its tridiagonal Hessian, from where the
    straight line s-p meets each side, with an active set for the ends of the
    sides (a crossing that reaches an end is held there until its slope points
    back along the side) and each step halved until it costs enough less. A leg
    of no length (a crossing on the source, on p, or on the next crossing: at a
    corner, or on a side crossed twice) has no direction and the cost a kink
    there, where Newton's steps shrink to nothing short of the least. Such a kink
    is tried outright first (`_kinked`: kept only where it provably holds the
    least). Otherwise, while every leg stays longer than _LONG
    from the start, the steps are taken with each length as sqrt(length^2 + d^2),
    d the last of `_SMOOTHINGS` (at most (k + 1) * rate * d dearer than the least,
    no kinks); where a leg comes shorter, or the steps stop before Newton's promise
    falls below _SETTLED (a kink's steep bend ahead), from the start again with d each of
    `_SMOOTHINGS` in turn, each least the start of the next (once every leg is far
    longer than d, straight to the last).
    Such a short leg between crossings on one line (a side crossed in and out
    again) bends sharply as they part and not at all as they move together: that
    step is found by `_following` (in the Hessian summed over the crossings' own
    moves the second is lost in rounding beside the first). A side of no length
    is crossed at its point: the way splits there into two solved apart. (The
    reach asks the same path of several families: the last _REMEMBERED answers
    are kept.)"""
    point = next((j for j, (a, b) in enumerate(sides) if a == b), None)
    if point is not None:
        at = sides[point][0]
        before = _least(s, at, sides[:point], rates[: point + 1])
        return (*before, 0.0, *_least(at, p, sides[point + 1 :], rates[point + 1 :]))
    k = len(sides)
    kinked = _kinked(s, p, sides, rates)
    if kinked is not None:
        return kinked
    (sx, sy), (px, py) = s, p
    dx, dy = px - sx, py - sy
    straight = []
    for a, b in sides:
        ex, ey = b[0] - a[0], b[1] - a[1]
        across = dx * ey - dy * ex
        t = (dx * (sy - a[1]) - dy * (sx - a[0])) / across if across != 0.0 else 0.5
        straight.append(t if 0.0 < t < 1.0 else (0.0 if t <= 0.0 else 1.0))
    us = straight
    dirs = [(b[0] - a[0], b[1] - a[1]) for a, b in sides]
    ends = [(a[0], a[1], e[0], e[1], r) for (a, _b), e, r in zip(sides, dirs, rates[1:], strict=True)]
    hypot = math.hypot
    first = rates[0]

    def total(u: list[float], smooth: float) -> float:
        x, y = sx, sy
        rate = first
        cost = 0.0
        for v, (ax, ay, ex, ey, r) in zip(u, ends, strict=True):
            nx, ny = ax + ex * v, ay + ey * v
            cost += rate * hypot(x - nx, y - ny, smooth)
            x, y, rate = nx, ny, r
        return cost + rate * hypot(x - px, y - py, smooth)

    # straight to the last smoothing while every leg stays long and Newton's steps go
    # the whole way, else the continuation
    direct = min(_lengths(s, p, sides, us)) > _LONG
    level = len(_SMOOTHINGS) - 1 if direct else 0
    while True:
        smooth = _SMOOTHINGS[level]
        last = level == len(_SMOOTHINGS) - 1
        value = total(us, smooth)
        shortest = math.inf
        settled = False  # Newton's step promises next to nothing either way (not stalled short of it)
        for _ in range(_STEPS):
            legs = []
            x, y = sx, sy
            for v, (ax, ay, ex, ey, _r) in zip(us, ends, strict=True):
                nx, ny = ax + ex * v, ay + ey * v
                length = hypot(nx - x, ny - y, smooth)
                legs.append(((nx - x) / length, (ny - y) / length, length))
                x, y = nx, ny
            length = hypot(px - x, py - y, smooth)
            legs.append(((px - x) / length, (py - y) / length, length))
            shortest = min(leg[2] for leg in legs)
            if direct and shortest <= _LONG:
                break
            grad, diag, off = [0.0] * k, [0.0] * k, [0.0] * k  # off[j]: between j and j + 1
            # (each leg's bend e^T (I - v v^T) f / |v| for a leg of unit v, written out)
            for j in range(k):
                ex, ey = dirs[j]
                bx, by, b_length = legs[j]
                ax, ay, a_length = legs[j + 1]
                e_before, e_after = ex * bx + ey * by, ex * ax + ey * ay
                ee = ex * ex + ey * ey
                grad[j] = rates[j] * e_before - rates[j + 1] * e_after
                diag[j] = (
                    rates[j] * (ee - e_before * e_before) / b_length
                    + rates[j + 1] * (ee - e_after * e_after) / a_length
                    + 1e-12
                )
                if j + 1 < k:
                    fx, fy = dirs[j + 1]
                    off[j] = -rates[j + 1] * (ex * fx + ey * fy - e_after * (fx * ax + fy * ay)) / a_length
            # held: at an end with the slope pointing out, or the step would leave there
            free = [not ((us[j] <= 0.0 and grad[j] > 0.0) or (us[j] >= 1.0 and grad[j] < 0.0)) for j in range(k)]
            while True:
                step = _tridiagonal(diag, off, grad, free)
                if step is None:
                    step = _following(dirs, legs, rates, grad, free)
                if step is None:
                    step = [-g / h if f else 0.0 for g, h, f in zip(grad, diag, free, strict=True)]
                out = [
                    j
                    for j in range(k)
                    if free[j] and ((us[j] <= 0.0 and step[j] < 0.0) or (us[j] >= 1.0 and step[j] > 0.0))
                ]
                if not out:
                    break
                for j in out:
                    free[j] = False
            slope = sum(g * d for g, d in zip(grad, step, strict=True))
            if slope > -1e-30 or max(abs(d) for d in step) <= 1e-15:
                settled = abs(slope) < _SETTLED
                break
            # the step stops at the first end of a side it reaches (held there next)
            most, block = 1.0, -1
            for j, d in enumerate(step):
                if us[j] + d > 1.0 and (1.0 - us[j]) / d < most:
                    most, block = (1.0 - us[j]) / d, j
                elif us[j] + d < 0.0 and -us[j] / d < most:
                    most, block = -us[j] / d, j
            found = _halved(total, smooth, us, value, step, slope, most, block)
            if found is None:
                break
            trial, cost = found
            moved = max(abs(t - u) for t, u in zip(trial, us, strict=True))
            us, value = trial, cost
            if moved <= 1e-15 or -slope < (_SETTLED if last else smooth):
                settled = -slope < _SETTLED
                break
        if direct and (shortest <= _LONG or not settled):
            us, level, direct = straight, 0, False
            continue
        if last:
            return tuple(us)
        level = len(_SMOOTHINGS) - 1 if shortest > 1e3 * smooth else level + 1


def _lengths(s: Point, p: Point, sides: tuple[tuple[Point, Point], ...], us: list[float]) -> list[float]:
    """The legs' lengths of s -> x1 -> ... -> xk -> p crossing `sides` at `us`."""
    pts = [s, *((a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u) for (a, b), u in zip(sides, us, strict=True)), p]
    return [math.dist(q, t) for q, t in zip(pts, pts[1:], strict=False)]


def _halved(
    total: Callable[[list[float], float], float],
    smooth: float,
    us: list[float],
    value: float,
    step: list[float],
    slope: float,
    most: float,
    block: int,
) -> tuple[list[float], float] | None:
    """The step, cut to `most` of it (where the side `block` ends), halved until its
    cost falls below `value` by a ten-thousandth of what the `slope` promises, and
    that cost (None: never)."""
    scale = most
    for _halving in range(60):
        trial = [min(1.0, max(0.0, u + scale * d)) for u, d in zip(us, step, strict=True)]
        if scale == most and block >= 0:
            trial[block] = 1.0 if step[block] > 0.0 else 0.0
        cost = total(trial, smooth)
        if cost <= value + 1e-4 * scale * slope:
            return trial, cost
        scale /= 2
    return None


def _tridiagonal(diag: list[float], off: list[float], grad: list[float], free: list[bool]) -> list[float] | None:
    """The Newton step: H d = -grad on the `free` unknowns, the others 0 (H
    tridiagonal: `diag`, and `off[j]` between j and j + 1): Thomas's algorithm,
    the matrix being positive definite (None: rounding leaves no pivot)."""
    k = len(diag)
    ratio, right = [0.0] * k, [0.0] * k
    joined = False
    for j in range(k):
        if not free[j]:
            joined = False
            continue
        pivot, rhs = diag[j], -grad[j]
        if joined:
            pivot -= off[j - 1] * ratio[j - 1]
            rhs -= off[j - 1] * right[j - 1]
        if not pivot > _PIVOT * diag[j]:
            return None
        ratio[j], right[j] = off[j] / pivot, rhs / pivot
        joined = True
    step = [0.0] * k
    for j in range(k - 1, -1, -1):
        if free[j]:
            step[j] = right[j] - (ratio[j] * step[j + 1] if j + 1 < k and free[j + 1] else 0.0)
    return step


def _following(
    dirs: list[tuple[float, float]],
    legs: list[tuple[float, float, float]],
    rates: tuple[float, ...],
    grad: list[float],
    free: list[bool],
) -> list[float] | None:
    """The Newton step on the `free` unknowns as `_tridiagonal`'s (`legs`: each
    leg's unit direction and length), found in other unknowns z: where free
    crossings j - 1 and j lie on parallel sides, z_j is j's move beside the one
    j - 1's move takes it along the line (d_j = c d_(j-1) + z_j, c e_j = e_(j-1));
    elsewhere z_j = d_j. The Hessian in z is summed leg by leg from each leg's
    own change with z, so a leg between two crossings on one line bends with z_j
    alone: its large curvature there (a short leg) leaves the small one of their
    moving together whole, where the Hessian in d holds it only as the difference
    of large sums, lost in rounding. Gaussian elimination with partial pivoting
    (None: no pivot)."""
    k = len(dirs)
    chained = [False] * k
    for j in range(1, k):
        if free[j] and free[j - 1]:
            (ex, ey), (fx, fy) = dirs[j - 1], dirs[j]
            chained[j] = abs(ex * fy - ey * fx) <= _PARALLEL * math.hypot(ex, ey) * math.hypot(fx, fy)
    # d = T z, T's row j: crossing j's move by each z
    T = [[0.0] * k for _ in range(k)]
    for j in range(k):
        if not free[j]:
            continue
        T[j][j] = 1.0
        if chained[j]:
            (ex, ey), (fx, fy) = dirs[j - 1], dirs[j]
            c = (ex * fx + ey * fy) / (fx * fx + fy * fy)
            row, before = T[j], T[j - 1]
            for m in range(j):
                row[m] = c * before[m]
    H = [[0.0] * k for _ in range(k)]
    for i in range(k + 1):
        vx, vy, length = legs[i]
        rate = rates[i]
        # the leg's change with each z: e_i T[i] - e_(i-1) T[i-1]
        jac = []
        for m in range(k):
            x = y = 0.0
            if i < k and T[i][m] != 0.0:
                x, y = dirs[i][0] * T[i][m], dirs[i][1] * T[i][m]
            if i > 0 and T[i - 1][m] != 0.0:
                if i < k and chained[i] and m < i:
                    # (c e_i - e_(i-1)) T[i-1][m]: the sides' small difference first
                    (ex, ey), (fx, fy) = dirs[i - 1], dirs[i]
                    c = (ex * fx + ey * fy) / (fx * fx + fy * fy)
                    x, y = (c * fx - ex) * T[i - 1][m], (c * fy - ey) * T[i - 1][m]
                else:
                    x, y = x - dirs[i - 1][0] * T[i - 1][m], y - dirs[i - 1][1] * T[i - 1][m]
            if x != 0.0 or y != 0.0:
                jac.append((m, x, y, x * vx + y * vy))
        for m, x, y, along in jac:
            for n, x2, y2, along2 in jac:
                H[m][n] += rate * (x * x2 + y * y2 - along * along2) / length
    index = [m for m in range(k) if free[m]]
    rhs = [-sum(T[j][m] * grad[j] for j in range(k)) for m in index]
    matrix = [[H[m][n] + (1e-12 if m == n else 0.0) for n in index] + [r] for m, r in zip(index, rhs, strict=True)]
    n = len(index)
    for col in range(n):
        pivot = max(range(col, n), key=lambda i: abs(matrix[i][col]))
        if not abs(matrix[pivot][col]) > 1e-300:
            return None
        matrix[col], matrix[pivot] = matrix[pivot], matrix[col]
        for i in range(col + 1, n):
            f = matrix[i][col] / matrix[col][col]
            for j in range(col, n + 1):
                matrix[i][j] -= f * matrix[col][j]
    z = [0.0] * k
    for col in range(n - 1, -1, -1):
        z[index[col]] = (matrix[col][n] - sum(matrix[col][j] * z[index[j]] for j in range(col + 1, n))) / matrix[col][
            col
        ]
    return [sum(T[j][m] * z[m] for m in range(k)) for j in range(k)]
