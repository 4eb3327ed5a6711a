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

import math
from dataclasses import dataclass

from tabletop.games.skirmish.table.inset import clip_halfplane
from tabletop.games.skirmish.table.least_crossings import many_sides, one_side
from tabletop.games.skirmish.table.planar import Point, Polygon
from tabletop.games.skirmish.table.spans import Heavy, segment_cost

#: an entry this far (mm) beyond an end of its side is taken at the end (float error on
#: the edges of a head wave's region)
_ON_SIDE = 1e-9


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
            u = one_side(self.source, p, a, b, rates[0], rates[1])
            x = (a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u)
            return self.base + rates[0] * math.dist(self.source, x) + rates[1] * math.dist(x, p), (x,)
        us = many_sides(self.source, p, sides, rates)
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
