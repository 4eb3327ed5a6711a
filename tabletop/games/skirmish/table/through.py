"""Refracted fronts through two sides of heavy terrain in closed form (reach.py): the
area reached straight from a point outside heavy terrain (the start) into a heavy
part across one side and out of it across another, refracted at both
(families.Front through two sides), drawn where nothing lies in the way of its legs
(open ground, the part, open ground again) and its rays do not cross. Where
something does, nothing is drawn: the outline's nodes and fronts.front reach what
they can there.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.fronts import ALONG, FIRST_STEP, HALVINGS, leaving
from tabletop.games.skirmish.table.passage import Passage
from tabletop.games.skirmish.table.pieces import Obstacle
from tabletop.games.skirmish.table.planar import Point, Polygon
from tabletop.games.skirmish.table.rays import sag_step
from tabletop.games.skirmish.table.waves import CLEAR, turn_between

#: a two-sided ray: (distance along the side entered, exit point, end, direction on,
#: the side left by, entry point)
_Through = tuple[float, Point, Point, float, int, Point]


def through(mover: Passage, origin: Point, base: float, limit: float) -> list[Polygon]:
    """The area reached straight from `origin` (outside heavy terrain, after `base`
    spent) into a heavy part across one side and out of it across another,
    refracted at both (families.Front through two sides), within `limit`, drawn
    where nothing lies in the way of its legs (open ground, the part, open ground
    again) and its rays do not cross; nothing where they do (the nodes of the
    outline and `front` reach what they can there)."""
    if mover.leaving:
        return []
    found: list[Polygon] = []
    for k, h in enumerate(mover.heavy):
        part = h.part
        if planar.point_in_convex(origin, part, 1e-9):
            continue
        n = len(part)
        for i in range(n):
            a, b = part[i], part[(i + 1) % n]
            length = math.dist(a, b)
            if length == 0.0:
                continue
            u = ((b[0] - a[0]) / length, (b[1] - a[1]) / length)
            if u[0] * (origin[1] - a[1]) - u[1] * (origin[0] - a[0]) > -ALONG:
                continue  # the origin does not lie outside this side
            found += _Through2(mover, origin, base, limit, k, i).polygons()
    return found


class _Through2:
    """The rays into part k across its side i and out across another, for `through`."""

    def __init__(self, mover: Passage, origin: Point, base: float, limit: float, k: int, i: int) -> None:
        self.mover, self.origin, self.base, self.limit, self.k = mover, origin, base, limit, k
        part = self.part = mover.heavy[k].part
        self.rate = 1.0 + mover.heavy[k].extra
        a, b = part[i], part[(i + 1) % len(part)]
        self.a, self.length = a, math.dist(a, b)
        self.u = ((b[0] - a[0]) / self.length, (b[1] - a[1]) / self.length)

    def ray(self, t: float) -> _Through | None:
        """The ray entering at a + u t: None where it ends inside the part (or
        cannot leave it: past the critical angle)."""
        ox, oy = self.origin
        ux, uy = self.u
        x = (self.a[0] + ux * t, self.a[1] + uy * t)
        dx, dy = x[0] - ox, x[1] - oy
        d = math.hypot(dx, dy)
        left = self.limit - self.base - d
        if d == 0.0 or left <= 0.0:
            return None
        sine = (dx * ux + dy * uy) / d / self.rate
        cosine = math.sqrt(1.0 - sine * sine)
        # into the part: its inward normal is the side's left
        v = (sine * ux - cosine * uy, sine * uy + cosine * ux)
        out, side = leaving(self.part, x, v)
        left -= self.rate * out
        if side < 0 or left <= 0.0:
            return None
        part = self.part
        p, q = part[side], part[(side + 1) % len(part)]
        span = math.dist(p, q)
        wx, wy = (q[0] - p[0]) / span, (q[1] - p[1]) / span
        sine = (v[0] * wx + v[1] * wy) * self.rate
        if abs(sine) >= 1.0:
            return None
        cosine = math.sqrt(1.0 - sine * sine)
        # out of it: its outward normal is the side's right
        w = (sine * wx + cosine * wy, sine * wy - cosine * wx)
        y = (x[0] + v[0] * out, x[1] + v[1] * out)
        return (t, y, (y[0] + w[0] * left, y[1] + w[1] * left), math.atan2(w[1], w[0]), side, x)

    def joins(self, a: _Through, b: _Through) -> bool:
        """Whether two neighbouring rays leave by one side, turn apart by at most
        `sag_step` and do not cross."""
        if a[4] != b[4] or turn_between(a[:4], b[:4]) > sag_step(max(math.dist(a[1], a[2]), math.dist(b[1], b[2]))):
            return False
        return not planar.segments_cross(a[1], a[2], b[1], b[2])

    def pairs(self, a: _Through, b: _Through | None, depth: int, out: list[tuple[_Through, _Through] | None]) -> None:
        if b is not None and self.joins(a, b):
            out.append((a, b))
            return
        if depth >= HALVINGS or b is None:
            out.append(None)
            return
        mid = self.ray((a[0] + b[0]) / 2)
        if mid is None:
            out.append(None)
            return
        self.pairs(a, mid, depth + 1, out)
        self.pairs(mid, b, depth + 1, out)

    def polygons(self) -> list[Polygon]:
        ox, oy = self.origin
        c = (self.a[0] - ox) * self.u[0] + (self.a[1] - oy) * self.u[1]
        e2 = (self.a[0] - ox) ** 2 + (self.a[1] - oy) ** 2
        room = self.limit - self.base
        disc = c * c - e2 + room * room
        if disc <= 0.0:
            return []
        t0, t1 = max(0.0, -c - math.sqrt(disc)), min(self.length, -c + math.sqrt(disc))
        if t1 - t0 <= 1e-9:
            return []
        count = max(1, math.ceil((t1 - t0) / FIRST_STEP))
        marks = [self.ray(t0 + (t1 - t0) * j / count) for j in range(count + 1)]
        if not any(marks):
            return []
        pairs: list[tuple[_Through, _Through] | None] = []
        for r0, r1 in zip(marks, marks[1:], strict=False):
            if r0 is None:
                pairs.append(None)
            else:
                self.pairs(r0, r1, 0, pairs)
        kept = [pair for pair in pairs if pair is not None]
        if not kept:
            return []
        rays = [r for pair in kept for r in pair]
        if self._in_the_way(rays, self.mover.field.obstacles, range(len(self.mover.heavy))) != ((), ()):
            whole = self._in_the_way(rays, self.mover.field.obstacles, range(len(self.mover.heavy)))
            pairs = [
                None if pair is None or self._in_the_way(list(pair), whole[0], whole[1]) != ((), ()) else pair
                for pair in pairs
            ]
        runs: list[list[_Through]] = []
        for pair in pairs + [None]:
            if pair is None:
                runs.append([])
            elif runs and runs[-1] and runs[-1][-1] is pair[0]:
                runs[-1].append(pair[1])
            else:
                runs.append(list(pair))
        return [tuple(r[1] for r in run) + tuple(r[2] for r in reversed(run)) for run in runs if len(run) >= 2]

    def _in_the_way(
        self, rays: list[_Through], obstacles: Sequence[Obstacle], parts: Iterable[int]
    ) -> tuple[tuple[Obstacle, ...], tuple[int, ...]]:
        """What of `obstacles` and the heavy `parts` lies in the way of the rays' legs
        (the origin to the entries, the entries to the exits, the exits to the
        ends); the table's edge in the way counts as every obstacle."""
        mover = self.mover
        board = mover.board
        r = board.radius
        legs = planar.convex_hull([self.origin, *(q[5] for q in rays)])
        inside = planar.convex_hull([q for ray in rays for q in (ray[5], ray[1])])
        beyond = planar.convex_hull([q for ray in rays for q in (ray[1], ray[2])])
        if any(not (r <= x <= board.width - r and r <= y <= board.height - r) for x, y in (*legs, *beyond)):
            return tuple(mover.field.obstacles), tuple(parts)
        heavy = mover.heavy
        found_parts = tuple(
            j
            for j in parts
            if heavy[j].overlaps(legs) or (j != self.k and heavy[j].overlaps(inside)) or heavy[j].overlaps(beyond)
        )
        points = (*legs, *inside, *beyond)
        xs, ys = [q[0] for q in points], [q[1] for q in points]
        left, top, right, bottom = min(xs) - CLEAR, min(ys) - CLEAR, max(xs) + CLEAR, max(ys) + CLEAR
        found = []
        for ob in obstacles:
            ol, ot, orr, obt = ob.box
            if orr < left or ol > right or obt < top or ot > bottom:
                continue
            clearance = ob.radius + CLEAR
            if ob.near(inside, clearance) or ob.near(beyond, clearance) or ob.near(legs, clearance):
                found.append(ob)
        return tuple(found), found_parts
