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
#: taken as sqrt(length^2 + _SMOOTH^2) (mm): at most this much dearer a leg, no kinks
_SMOOTH = 1e-7
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
    least: projected Newton (the cost is a convex sum of lengths), each step
    halved until it costs less (where the Newton step clipped to the sides does
    not, the gradient's). Each length is taken as sqrt(length^2 + _SMOOTH^2): a leg
    of no length (a crossing on the source, on p, or on the next crossing, at a
    corner or on a side crossed twice) has no direction, and the steps stall at
    such a kink short of the least cost. (The reach asks the same path of several
    families: the last _REMEMBERED answers are kept.)"""
    k = len(sides)
    us = [0.5] * k
    dirs = [(b[0] - a[0], b[1] - a[1]) for a, b in sides]
    lines = [(a[0], a[1], e[0], e[1]) for (a, _b), e in zip(sides, dirs, strict=True)]
    hypot = math.hypot

    def points(u: list[float]) -> list[Point]:
        return [s, *[(ax + ex * v, ay + ey * v) for v, (ax, ay, ex, ey) in zip(u, lines, strict=True)], p]

    (sx, sy), (px, py) = s, p
    ends = [(ax, ay, ex, ey, r) for (ax, ay, ex, ey), r in zip(lines, rates[1:], strict=True)]
    first = rates[0]

    def total(u: list[float]) -> float:
        """The cost at fractions u: the same sums as over `points(u)` (math.dist is
        math.hypot of the differences)."""
        x, y = sx, sy
        rate = first
        terms = []
        for v, (ax, ay, ex, ey, r) in zip(u, ends, strict=True):
            nx, ny = ax + ex * v, ay + ey * v
            terms.append(rate * hypot(hypot(x - nx, y - ny), _SMOOTH))
            x, y, rate = nx, ny, r
        terms.append(rate * hypot(hypot(x - px, y - py), _SMOOTH))
        return sum(terms)

    value = total(us)
    for _ in range(100):
        pts = points(us)
        legs = []
        for q, t in zip(pts, pts[1:], strict=False):
            vx, vy = t[0] - q[0], t[1] - q[1]
            length = math.hypot(vx, vy, _SMOOTH)
            legs.append((vx / length, vy / length, length))
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        # (each leg's bend e^T (I - v v^T) f / |v| for a leg of unit v, written out)
        for j in range(k):
            ex, ey = dirs[j]
            bx, by, b_length = legs[j]
            ax, ay, a_length = legs[j + 1]
            e_before, e_after = ex * bx + ey * by, ex * ax + ey * ay
            grad[j] = rates[j] * (bx * ex + by * ey) - rates[j + 1] * (ax * ex + ay * ey)
            hess[j][j] = (
                rates[j] * ((ex * ex + ey * ey - e_before * e_before) / b_length)
                + rates[j + 1] * ((ex * ex + ey * ey - e_after * e_after) / a_length)
                + 1e-12
            )
            if j + 1 < k:
                fx, fy = dirs[j + 1]
                hess[j][j + 1] = hess[j + 1][j] = -rates[j + 1] * (
                    (ex * fx + ey * fy - e_after * (fx * ax + fy * ay)) / a_length
                )
        free = [j for j in range(k) if not ((us[j] <= 0.0 and grad[j] > 0.0) or (us[j] >= 1.0 and grad[j] < 0.0))]
        if not free:
            break
        step = _solve([[hess[i][j] for j in free] for i in free], [-grad[i] for i in free])
        if step is None or sum(st * grad[i] for st, i in zip(step, free, strict=True)) >= 0.0:
            step = [-grad[i] for i in free]
        if max(abs(st) for st in step) <= _CROSSING_TOLERANCE:
            break
        found = _halved(total, us, value, free, step) or _halved(total, us, value, free, [-grad[i] for i in free])
        if found is None:
            break
        trial, cost = found
        moved = max(abs(t - u) for t, u in zip(trial, us, strict=True))
        us, value = trial, cost
        if moved <= _CROSSING_TOLERANCE:
            break
    return tuple(us)


def _halved(
    total: Callable[[list[float]], float], us: list[float], value: float, free: list[int], step: list[float]
) -> tuple[list[float], float] | None:
    """The step (on the `free` fractions, kept on the sides) halved until it costs no
    more than `value`, and its cost (None: never)."""
    scale = 1.0
    moves = list(zip(step, free, strict=True))
    for _halving in range(40):
        trial = list(us)
        for st, i in moves:
            u = us[i] + scale * st
            u = u if u > 0.0 else 0.0  # (as min(1.0, max(0.0, u)))
            trial[i] = u if u < 1.0 else 1.0
        cost = total(trial)
        if cost <= value + 1e-12:
            return trial, cost
        scale /= 2
    return None


def _solve(matrix: list[list[float]], rhs: list[float]) -> list[float] | None:
    """Gaussian elimination with partial pivoting on a small system (None: singular);
    one or two unknowns written out (the same sums)."""
    n = len(rhs)
    if n == 1:
        return None if abs(matrix[0][0]) < 1e-300 else [rhs[0] / matrix[0][0]]
    if n == 2:
        (a, b), (c, d) = matrix
        r0, r1 = rhs
        if abs(c) > abs(a):
            a, b, r0, c, d, r1 = c, d, r1, a, b, r0
        if abs(a) < 1e-300:
            return None
        f = c / a
        d, r1 = d - f * b, r1 - f * r0
        if abs(d) < 1e-300:
            return None
        x1 = r1 / d
        return [(r0 - (0.0 + b * x1)) / a, x1]
    m = [row[:] + [r] for row, r in zip(matrix, rhs, strict=True)]
    for col in range(n):
        pivot, largest = col, abs(m[col][col])  # the first of the largest, as max() finds it
        for i in range(col + 1, n):
            if abs(m[i][col]) > largest:
                pivot, largest = i, abs(m[i][col])
        if largest < 1e-300:
            return None
        m[col], m[pivot] = m[pivot], m[col]
        for i in range(col + 1, n):
            f = m[i][col] / m[col][col]
            for j in range(col, n + 1):
                m[i][j] -= f * m[col][j]
    x = [0.0] * n
    for i in range(n - 1, -1, -1):
        x[i] = (m[i][n] - sum([m[i][j] * x[j] for j in range(i + 1, n)])) / m[i][i]
    return x
