"""The reach over heavy terrain as exact families: regions of the table each reached
by one kind of cheapest path from one source, with the cost of that path at a
point in closed form or by a small convex minimisation. The reach is where the
least of them is within the allowance.

Each millimetre of the base centre's path costs the rate of the medium it crosses
(1 outside heavy terrain, X inside terrain of crossing cost X; along an outline
it counts as outside). A cheapest path bends only at its start, round obstacles,
at corners of heavy terrain, where it crosses an outline (Snell's law) and where
it leaves an outline at the critical angle; so the last stretch of a cheapest
path is one of:

- `Disc`: straight from a point source (the start, a corner of heavy terrain) in
  one medium: cost `base + rate * |sp|`.
- `HeadWave`: along a side of an outline from its corner on the cheap side, then
  into the dear side at the critical angle (sin = cheap rate / dear rate): cost
  linear in p, its region a convex polygon (`HeadWave.region`).
- `Front`: straight from a point source across one or more sides in a row,
  refracted at each: cost the least over the crossing points (convex: Newton on
  Snell's condition, `Front.crossings`), its edge drawn parametrically
  (`Front.edge`).

Plain geometry (layer 0): the families know rates, points and sides, not the
table; whether a family's legs are clear of obstacles, and which rate a medium
has, is the caller's to say (`legs` gives the path, `in_media` checks the rates
against the heavy parts).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import dataclass

from tabletop.games.skirmish.table.inset import clip_halfplane
from tabletop.games.skirmish.table.planar import Point, Polygon
from tabletop.games.skirmish.table.spans import Heavy, segment_cost

#: the crossing points of a front are found this exactly (fraction of the side)
_CROSSING_TOLERANCE = 1e-13
#: an entry this far (mm) beyond an end of its side is taken at the end (float error on
#: the edges of a head wave's region)
_ON_SIDE = 1e-9
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
#: how many of `_many_sides`'s answers are kept
_REMEMBERED = 4096


@dataclass(frozen=True)
class Disc:
    """Straight from `source` (reached for `base`) through one medium of `rate`."""

    source: Point
    base: float
    rate: float

    def cost(self, p: Point) -> float:
        return self.base + self.rate * math.dist(self.source, p)

    @property
    def rates(self) -> tuple[float, ...]:
        return (self.rate,)

    def legs(self, p: Point) -> tuple[Point, ...]:
        return (self.source, p)


@dataclass(frozen=True)
class HeadWave:
    """Along the side `corner`-`toward` of an outline from `corner` (reached for
    `base`) at the cheap side's rate `along`, then into the dear side (rate
    `into`, on the side's left turning from `corner` to `toward` when `left`) at
    the critical angle. Holds the points whose entry falls on the side."""

    corner: Point
    toward: Point
    base: float
    along: float
    into: float
    left: bool

    def _frame(self) -> tuple[float, float, float, float, float]:
        """(unit along the side x, y; unit normal into the dear side x, y; length)."""
        a, b = self.corner, self.toward
        length = math.dist(a, b)
        tx, ty = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        nx, ny = (-ty, tx) if self.left else (ty, -tx)
        return tx, ty, nx, ny, length

    def _slope(self) -> float:
        """The cost of going one mm deeper, entering at the critical angle."""
        return math.sqrt(self.into * self.into - self.along * self.along)

    def entry(self, p: Point) -> float | None:
        """How far along the side the path to p leaves it (None: p is not in the
        family: behind the side, or its entry falls off the side)."""
        tx, ty, nx, ny, length = self._frame()
        dx, dy = p[0] - self.corner[0], p[1] - self.corner[1]
        s, d = dx * tx + dy * ty, dx * nx + dy * ny
        if d < 0.0:
            return None
        x = s - d * self.along / self._slope()
        if not -_ON_SIDE <= x <= length + _ON_SIDE:
            return None
        return min(length, max(0.0, x))

    def cost(self, p: Point) -> float:
        """The cost at p (inf where p is not in the family)."""
        if self.entry(p) is None:
            return math.inf
        tx, ty, nx, ny, _length = self._frame()
        dx, dy = p[0] - self.corner[0], p[1] - self.corner[1]
        return self.base + self.along * (dx * tx + dy * ty) + self._slope() * (dx * nx + dy * ny)

    def legs(self, p: Point) -> tuple[Point, ...]:
        x = self.entry(p)
        if x is None:
            return ()
        tx, ty, _nx, _ny, _length = self._frame()
        return (self.corner, (self.corner[0] + tx * x, self.corner[1] + ty * x), p)

    @property
    def rates(self) -> tuple[float, ...]:
        return (self.along, self.into)

    def region(self, limit: float) -> Polygon:
        """The points of the family reached within `limit`: a convex polygon (empty
        when the corner is not reached), not yet clipped to the dear medium."""
        left = limit - self.base
        if left <= 0.0:
            return ()
        tx, ty, nx, ny, length = self._frame()
        k = self._slope()
        slant = self.along / k
        depth = left / k  # no point of the family lies deeper
        # the strip of entries along the side, as deep as the budget could go
        strip = [(0.0, 0.0), (length, 0.0), (length + slant * depth, depth), (slant * depth, depth)]
        # cut by the budget: along * s + k * d <= left (kept on the left of the line)
        a, b = (left / self.along, 0.0), (0.0, left / k)
        cut = clip_halfplane(strip, a, b)
        ax, ay = self.corner
        return tuple((ax + tx * s + nx * d, ay + ty * s + ny * d) for s, d in cut)


@dataclass(frozen=True)
class Front:
    """Straight from `source` (reached for `base`) across the `sides` (each a
    segment (a, b)) in order, refracted at each: `rates` holds the medium's rate
    of each leg (one more than there are sides)."""

    source: Point
    base: float
    sides: tuple[tuple[Point, Point], ...]
    rates: tuple[float, ...]

    def crossings(self, p: Point) -> tuple[float, tuple[Point, ...]]:
        """The least cost to p over the crossing points, and those points (ends of
        sides allowed: there the path bends at a corner)."""
        sides, rates = self.sides, self.rates
        if len(sides) == 1:
            ((a, b),) = sides
            u = _one_side(self.source, p, a, b, rates[0], rates[1])
            x = (a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u)
            return self.base + rates[0] * math.dist(self.source, x) + rates[1] * math.dist(x, p), (x,)
        us = _many_sides(self.source, p, sides, rates)
        xs = tuple((a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u) for u, (a, b) in zip(us, sides, strict=True))
        pts = (self.source, *xs, p)
        cost = self.base + sum(r * math.dist(q, s) for r, q, s in zip(rates, pts, pts[1:], strict=False))
        return cost, xs

    def cost(self, p: Point) -> float:
        return self.crossings(p)[0]

    def legs(self, p: Point) -> tuple[Point, ...]:
        return (self.source, *self.crossings(p)[1], p)

    def edge(self, limit: float, count: int) -> list[Point]:
        """Points of the front's edge at `limit` (one side: `count` + 1 crossing
        points evenly along it, each ray refracted by Snell's law and run out to
        the budget; those that cannot cross or have nothing left are left out)."""
        assert len(self.sides) == 1, "the edge is drawn for fronts through one side"
        ((a, b),) = self.sides
        n_in, n_out = self.rates
        ex, ey = b[0] - a[0], b[1] - a[1]
        length = math.hypot(ex, ey)
        tx, ty = ex / length, ey / length
        found = []
        for k in range(count + 1):
            x = (a[0] + ex * k / count, a[1] + ey * k / count)
            dx, dy = x[0] - self.source[0], x[1] - self.source[1]
            d = math.hypot(dx, dy)
            left = limit - self.base - n_in * d
            if d == 0.0 or left <= 0.0:
                continue
            sine = (dx * tx + dy * ty) / d * n_in / n_out
            if abs(sine) >= 1.0:
                continue
            nx, ny = -ty, tx
            if nx * dx + ny * dy < 0.0:
                nx, ny = -nx, -ny
            cosine = math.sqrt(1.0 - sine * sine)
            run = left / n_out
            found.append((x[0] + (sine * tx + cosine * nx) * run, x[1] + (sine * ty + cosine * ny) * run))
        return found


def in_media(legs: tuple[Point, ...], rates: tuple[float, ...], heavy: list[Heavy], tolerance: float = 1e-9) -> bool:
    """Whether each leg of a family's path costs its rate per mm over `heavy`
    (it stays in its medium): where one does not, the family's closed form is
    not the cost of its path."""
    if len(legs) != len(rates) + 1:
        return False
    for r, a, b in zip(rates, legs, legs[1:], strict=False):
        length = math.dist(a, b)
        if abs(segment_cost(a, b, heavy) - r * length) > tolerance * (1.0 + length):
            return False
    return True


def _one_side(s: Point, p: Point, a: Point, b: Point, n_in: float, n_out: float) -> float:
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


@functools.lru_cache(maxsize=_REMEMBERED)
def _many_sides(
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
    there, where Newton's steps shrink to nothing short of the least: each
    length is taken as sqrt(length^2 + d^2) for d each of `_SMOOTHINGS` in turn,
    each least the start of the next (the last at most (k + 1) * rate * d dearer
    than the least; once every leg is far longer than d, straight to the last).
    Such a short leg between crossings on one line (a side crossed in and out
    again) bends sharply as they part and not at all as they move together: that
    step is found by `_following` (in the Hessian summed over the crossings' own
    moves the second is lost in rounding beside the first). (The reach asks the
    same path of several families: the last _REMEMBERED answers are kept.)"""
    k = len(sides)
    (sx, sy), (px, py) = s, p
    dx, dy = px - sx, py - sy
    us = []
    for a, b in sides:
        ex, ey = b[0] - a[0], b[1] - a[1]
        across = dx * ey - dy * ex
        t = (dx * (sy - a[1]) - dy * (sx - a[0])) / across if across != 0.0 else 0.5
        us.append(t if 0.0 < t < 1.0 else (0.0 if t <= 0.0 else 1.0))
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

    level = 0
    while True:
        smooth = _SMOOTHINGS[level]
        last = level == len(_SMOOTHINGS) - 1
        value = total(us, smooth)
        shortest = math.inf
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
                break
        if last:
            return tuple(us)
        level = len(_SMOOTHINGS) - 1 if shortest > 1e3 * smooth else level + 1


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
