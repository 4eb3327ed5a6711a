"""Refracted fronts through two sides of heavy terrain or more in closed form
(reach.py): the area reached straight from a point (the start, or a corner of heavy
terrain's outline) across one side of a heavy part and on across the next sides its
rays meet, refracted at each (families.Front through sides in a row): from a point
outside a part into it and out across another side, or from a point inside a part
(or on its outline) out of it and into another (and on, where the rays meet more).
Each ray is traced: inside a part at its rate until it leaves by a side, outside at
1 a mm until it enters a part by a side, Snell's law at each (where two parts share
a side, from one part's rate straight to the other's). The stretches after
the second side crossed are drawn between neighbouring rays that cross the same
sides, where nothing lies in the way of any stretch (nothing but its own medium:
open ground, or the part) and the rays do not cross. Where an obstacle lies in the
way of the last stretches only, the rays are cut RAY_MARGIN short of it; where
anything else does, nothing is drawn: the outline's nodes and fronts.front reach what
they can there.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence

from tabletop.games.skirmish.minimum import least_on
from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.fronts import ALONG, FIRST_STEP, HALVINGS
from tabletop.games.skirmish.table.passage import Passage
from tabletop.games.skirmish.table.pieces import Obstacle
from tabletop.games.skirmish.table.planar import Point, Polygon
from tabletop.games.skirmish.table.rays import CHORD_SAG, RAY_MARGIN, sag_step, sags
from tabletop.games.skirmish.table.spans import Heavy, cost_at
from tabletop.games.skirmish.table.waves import CLEAR, joined_runs, leaving

#: a ray through sides in a row: (distance along the first side, the points where it
#: crosses each side and its end, direction on at the end, the sides crossed (part,
#: side) and last None where it cannot cross the next (past the critical angle) or
#: meets more sides than SIDES)
_Through = tuple[float, tuple[Point, ...], float, tuple[tuple[int, int] | None, ...]]

#: rays are traced across at most this many sides
SIDES = 4
#: out of a part the first rays are taken at most this far apart in the direction they
#: leave in (radians)
_FIRST_TURN = math.radians(8.0)
#: how many times a pair of rays something lies in the way of is halved to find the
#: pairs beside it that nothing does (`_Rays._clear_of`)
_CLEAR_HALVINGS = 10
#: how many more halvings a pair of rays whose one crosses a side more is taken
#: while the last stretch cutting it short leaves out is over CHORD_SAG (where the
#: front meets that side at a grazing angle: seed 1849, a sliver beyond it 0.011 mm
#: deep, past the last ray to cross it at the finest of HALVINGS)
_FRONT_HALVINGS = 12
#: how many pairs `_Rays._cut_between` splits a pair into
_SPLIT = 2
#: a ray entering a part this near (mm, ahead or behind) where it left the last one
#: enters it there (parts that share a side)
_SHARED = 1e-9
#: where a ray's last stretch comes nearest an obstacle is found to this part of it,
#: and where it first comes within RAY_MARGIN of it by this many halvings
_WITHIN_TOLERANCE = 1e-9
_WITHIN_HALVINGS = 50
#: what was left to spend from each point `through_sides` drew from
Left = dict[Point, float]


def through_sides(
    mover: Passage, origin: Point, base: float, limit: float, left_from: Left | None = None, off_arc: bool = False
) -> Iterator[list[Polygon]]:
    """The area reached straight from `origin` (after `base` spent) across one side of a heavy part and on across at
    least one more, refracted at each (families.Front through sides in a row), within `limit`: from outside a part
    into it across a side that faces `origin`, or from inside a part (or on its outline) out of it across any of its
    sides `origin` does not lie on; drawn beyond the second side where nothing lies in the way of the rays (open
    ground, the parts they cross) and they do not cross, cut short of an obstacle only their last stretches meet;
    nothing where anything else lies in their way (the nodes of the outline and `front` reach what they can there).
    A first side's polygons at a time. `left_from`: what was left to spend from each point drawn from (to 1e-9 mm),
    nothing where as much was (seed 2816: a node and two bends off an arc at one point); `off_arc`: the ways leave
    an arc the origin lies on (its obstacle in the way of no stretch that leaves it, `_off`)."""
    if mover.leaving:
        return
    if left_from is not None:
        key = (round(origin[0], 9), round(origin[1], 9))
        if left_from.get(key, -math.inf) >= limit - base:
            return
        left_from[key] = limit - base
    heavy = mover.heavy
    inside = [k for k, h in enumerate(heavy) if planar.point_in_convex(origin, h.part, 1e-9)]
    for k, h in enumerate(heavy):
        part = h.part
        within = k in inside
        n = len(part)
        for i in range(n):
            a, b = part[i], part[(i + 1) % n]
            length = math.dist(a, b)
            if length == 0.0:
                continue
            u = ((b[0] - a[0]) / length, (b[1] - a[1]) / length)
            # the part lies on the left of its sides
            left_of = u[0] * (origin[1] - a[1]) - u[1] * (origin[0] - a[0])
            if (left_of < ALONG) if within else (left_of > -ALONG):
                continue  # the origin does not lie on the side's near side
            yield _Rays(mover, origin, base, limit, k, i, within, off_arc).polygons()


def _entering(part: Polygon, x: Point, d: Point, length: float) -> tuple[float, int]:
    """How far from x (outside the convex part) along the unit direction d the part
    is entered within `length`, and by which side (inf, -1: it is not)."""
    t0, t1, side = -math.inf, math.inf, -1
    n = len(part)
    for i in range(n):
        (x1, y1), (x2, y2) = part[i], part[(i + 1) % n]
        ex, ey = x2 - x1, y2 - y1
        num = ex * (x[1] - y1) - ey * (x[0] - x1)
        den = ex * d[1] - ey * d[0]
        if den == 0.0:
            if num < 0.0:
                return math.inf, -1
            continue
        t = -num / den
        if den > 0.0:
            if t > t0:
                t0, side = t, i
        elif t < t1:
            t1 = t
    if side < 0 or t0 >= t1 or t0 > length or t0 < -_SHARED:
        return math.inf, -1
    return max(0.0, t0), side


def _shared(heavy: Sequence[Heavy], k: int, x: Point, d: Point) -> tuple[int, int]:
    """The part other than k that a ray along unit d, leaving part k at x, enters
    right there (within _SHARED: the parts share the side), and by which side (-1,
    -1: none)."""
    for j, h in enumerate(heavy):
        if j == k:
            continue
        left, top, right, bottom = h.box
        if not (left - _SHARED <= x[0] <= right + _SHARED and top - _SHARED <= x[1] <= bottom + _SHARED):
            continue
        _enter, by = _entering(h.part, x, d, _SHARED)
        if by >= 0:
            return j, by
    return -1, -1


def _refracted(d: Point, side: tuple[Point, Point], n_in: float, n_out: float, into: bool) -> Point | None:
    """The direction on of a ray along unit d crossing a side (of a part, positive
    orientation) into the part or out of it, by Snell's law; None past the critical
    angle."""
    (x1, y1), (x2, y2) = side
    length = math.hypot(x2 - x1, y2 - y1)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    sine = (d[0] * ux + d[1] * uy) * n_in / n_out
    if abs(sine) >= 1.0:
        return None
    cosine = math.sqrt(1.0 - sine * sine)
    # into the part: its inward normal is the side's left; out of it, its right
    nx, ny = (-uy, ux) if into else (uy, -ux)
    return (sine * ux + cosine * nx, sine * uy + cosine * ny)


def _cut_short(a: _Through, b: _Through) -> tuple[_Through, _Through] | None:
    """Two neighbouring rays halved as far as they go where one ends at the limit and
    the other crosses one side more first (where the rays begin to reach a part
    before the limit): the longer cut back to the side it crosses last that the other
    does too, as a pair drawn like any other (what lies between their last common
    stretches is reached: short of the limit and of the side the longer crosses
    next); None for any other pair."""
    if len(a[3]) > len(b[3]):
        cut = _cut_back(a, b)
        return None if cut is None else (cut, b)
    cut = _cut_back(b, a)
    return None if cut is None else (a, cut)


def _overhang(a: _Through, b: _Through) -> float:
    """How long the last stretch is of the one of two rays that crosses a side more
    (what `_cut_short` leaves out)."""
    longer = a if len(a[3]) > len(b[3]) else b
    return math.dist(longer[1][-2], longer[1][-1])


def _cut_back(longer: _Through, shorter: _Through) -> _Through | None:
    """`longer` cut back to the crossings of `shorter`, where `shorter` ends at the
    limit (a point past its last side) and `longer` crosses the same sides and then
    exactly one more (not past the critical angle)."""
    n = len(shorter[3])
    if len(longer[3]) != n + 1 or longer[3][:n] != shorter[3] or None in longer[3] or None in shorter[3]:
        return None
    if len(shorter[1]) != n + 1 or len(longer[1]) < n + 1:
        return None
    points = longer[1][: n + 1]
    (x0, y0), (x1, y1) = points[-2], points[-1]
    return (longer[0], points, math.atan2(y1 - y0, x1 - x0), shorter[3])


def _kept_off(ray: _Through, obstacles: Sequence[Obstacle]) -> _Through:
    """`ray` with its last stretch cut where it first comes within RAY_MARGIN of one
    of `obstacles` (the same ray where it does not)."""
    p, q = ray[1][-2], ray[1][-1]
    first = min((_first_within(ob, p, q, RAY_MARGIN) for ob in obstacles), default=1.0)
    if first >= 1.0:
        return ray
    end = (p[0] + (q[0] - p[0]) * first, p[1] + (q[1] - p[1]) * first)
    return (ray[0], (*ray[1][:-1], end), ray[2], ray[3])


def _first_within(ob: Obstacle, p: Point, q: Point, margin: float) -> float:
    """How far along the way from p to q (a fraction) it first comes within `margin`
    of the obstacle (its clearance is convex along the way): the last point short of
    it found by halving; 1 where it does not."""

    def clearance(t: float) -> float:
        return ob.clearance((p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t))

    if clearance(0.0) <= margin:
        return 0.0
    nearest = least_on(clearance, 0.0, 1.0, _WITHIN_TOLERANCE)
    if clearance(nearest) > margin:
        return 1.0
    lo, hi = 0.0, nearest
    for _ in range(_WITHIN_HALVINGS):
        mid = (lo + hi) / 2
        if clearance(mid) <= margin:
            hi = mid
        else:
            lo = mid
    return lo


def _off(ob: Obstacle, origin: Point, first: Polygon) -> int:
    """1 where `origin` lies on the grown obstacle's outline (to 1e-9 mm) and the first stretches'
    hull (`first`) lies beyond its tangent there (the convex obstacle behind it), else 0."""
    if abs(ob.clearance(origin)) > 1e-9:
        return 0
    (x, y), h = origin, 1e-6  # (the outward normal: the clearance's gradient)
    nx, ny = ob.clearance((x + h, y)) - ob.clearance((x - h, y)), ob.clearance((x, y + h)) - ob.clearance((x, y - h))
    return int(all(nx * (p[0] - x) + ny * (p[1] - y) > 0.0 for p in first if p != origin))


class _Rays:
    """The rays across side i of part k (out of it when `out`, else into it) and on,
    for `through_sides`."""

    def __init__(
        self, mover: Passage, origin: Point, base: float, limit: float, k: int, i: int, out: bool, off_arc: bool
    ) -> None:
        self.mover, self.origin, self.base, self.limit, self.k, self.i = mover, origin, base, limit, k, i
        self.out, self.off_arc = out, off_arc
        part = self.part = mover.heavy[k].part
        self.rate = 1.0 + mover.heavy[k].extra
        a, b = part[i], part[(i + 1) % len(part)]
        self.a, self.length = a, math.dist(a, b)
        self.u = ((b[0] - a[0]) / self.length, (b[1] - a[1]) / self.length)
        # out of the part across a side another part shares: into that one (no critical
        # angle to open ground; seed 4321, from a forest's part across the seam to its
        # other part and out past a side of it, a hole 0.06 mm deep)
        mid = (a[0] + self.u[0] * self.length / 2, a[1] + self.u[1] * self.length / 2)
        self.seam = out and _shared(mover.heavy, k, mid, (self.u[1], -self.u[0]))[1] >= 0
        # the foot of the origin on the side's line (along it) and the origin's distance from it
        self.foot = (origin[0] - a[0]) * self.u[0] + (origin[1] - a[1]) * self.u[1]
        self.height = abs(self.u[0] * (origin[1] - a[1]) - self.u[1] * (origin[0] - a[0]))
        # the rays cut short of an obstacle (`_cut`), by parameter: (the ray, cut)
        self._cuts: dict[float, tuple[_Through, _Through]] = {}

    def along(self, q: float) -> float:
        """Where along the side the ray of parameter q crosses it: into the part q is
        that distance; out of it q is the direction the ray leaves in (from the side's
        normal), so that rays near the critical angle, turning fast as they cross
        further along, lie as close together as they turn (across a seam, the distance)."""
        if not self.out or self.seam:
            return q
        sine = math.sin(q) / self.rate
        return self.foot + self.height * sine / math.sqrt(1.0 - sine * sine)

    def parameter(self, t: float) -> float:
        """The parameter of the ray crossing the side at t (`along`'s inverse)."""
        if not self.out or self.seam:
            return t
        d = t - self.foot
        return math.asin(max(-1.0, min(1.0, self.rate * d / math.hypot(d, self.height))))

    def ray(self, q: float) -> _Through | None:
        """The ray of parameter q (`along`) crossing side i, traced on; None where
        nothing is left at the crossing."""
        heavy = self.mover.heavy
        t = self.along(q)
        ox, oy = self.origin
        x = (self.a[0] + self.u[0] * t, self.a[1] + self.u[1] * t)
        dx, dy = x[0] - ox, x[1] - oy
        d = math.hypot(dx, dy)
        rate = self.rate if self.out else 1.0
        left = self.limit - self.base - rate * d
        if d == 0.0 or left <= 0.0:
            return None
        points = [x]
        sides: list[tuple[int, int] | None] = [(self.k, self.i)]
        direction: Point | None = (dx / d, dy / d)
        medium = None if self.out else self.k  # the part the ray runs in on (None: open ground)
        last, side = self.k, self.i
        if self.seam:
            # into the part that shares the side, by its own side there
            nxt, by = _shared(heavy, self.k, x, (dx / d, dy / d))
            if by >= 0:
                last = medium = nxt
                side = by
                sides[0] = (nxt, by)
        while True:
            assert direction is not None
            part = heavy[last].part
            n_out = 1.0 if medium is None else 1.0 + heavy[medium].extra
            direction = _refracted(
                direction, (part[side], part[(side + 1) % len(part)]), rate, n_out, medium is not None
            )
            if direction is None:
                sides.append(None)
                break
            rate = n_out
            if medium is not None:
                run, side = leaving(heavy[medium].part, x, direction)
                if side < 0 or rate * run >= left:
                    run, side = left / rate, -1
                    last, medium = medium, None
                else:
                    # out of the part where another shares the side: straight into that
                    # one, refracted from rate to rate (no open ground between them)
                    end = (x[0] + direction[0] * run, x[1] + direction[1] * run)
                    nxt, by = _shared(heavy, medium, end, direction)
                    last, medium = (nxt, nxt) if by >= 0 else (medium, None)
                    side = by if by >= 0 else side
            else:
                run, side = math.inf, -1
                for j, h in enumerate(heavy):
                    if j == last:
                        continue
                    box = h.box
                    if max(x[0], x[0] + direction[0] * left) < box[0] or min(x[0], x[0] + direction[0] * left) > box[2]:
                        continue
                    if max(x[1], x[1] + direction[1] * left) < box[1] or min(x[1], x[1] + direction[1] * left) > box[3]:
                        continue
                    enter, by = _entering(h.part, x, direction, min(left, run))
                    if enter < run:
                        run, side, medium = enter, by, j
                if side < 0:
                    run, medium = left, None
                else:
                    last = medium if medium is not None else last
            x = (x[0] + direction[0] * run, x[1] + direction[1] * run)
            points.append(x)
            if side < 0:
                break
            left -= rate * run
            if len(sides) == SIDES:
                sides.append(None)
                break
            sides.append((last, side))
            if left <= 0.0:
                break
        return (q, tuple(points), math.atan2(direction[1], direction[0]) if direction else 0.0, tuple(sides))

    def joins(self, a: _Through, b: _Through) -> bool:
        """Whether two neighbouring rays cross the same sides, turn apart by at most
        `sag_step`, the edge between their ends falls at most CHORD_SAG short of their
        front (`sags`: refracted, it bends less than a circle about the last side's
        crossing; in cost, at the rate of the medium their last stretches run in) and
        their stretches beyond the second side do not cross."""
        if a[3] != b[3] or len(a[1]) != len(b[1]):
            return False
        pa, pb = a[1], b[1]
        turn = abs((b[2] - a[2] + math.pi) % (2 * math.pi) - math.pi)
        length = max(math.dist(pa[-2], pa[-1]), math.dist(pb[-2], pb[-1]))
        rate = cost_at(((pa[-2][0] + pa[-1][0]) / 2, (pa[-2][1] + pa[-1][1]) / 2), self.mover.heavy)
        if turn > sag_step(length, rate) or sags(pa[-1], pb[-1], turn, rate):
            return False
        return not any(planar.segments_cross(pa[s], pa[s + 1], pb[s], pb[s + 1]) for s in range(1, len(pa) - 1))

    def pairs(self, a: _Through, b: _Through | None, depth: int, out: list[tuple[_Through, _Through] | None]) -> None:
        if b is None:
            out.append(None)
            return
        if self.joins(a, b):
            out.append((a, b))
            return
        if depth >= HALVINGS:
            cut = _cut_short(a, b)
            if not (cut is not None and depth < HALVINGS + _FRONT_HALVINGS and _overhang(a, b) > CHORD_SAG):
                out.append(cut if cut is not None and self.joins(*cut) else None)
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
        room = (self.limit - self.base) / (self.rate if self.out else 1.0)
        disc = c * c - e2 + room * room
        if disc <= 0.0:
            return []
        t0, t1 = max(0.0, -c - math.sqrt(disc)), min(self.length, -c + math.sqrt(disc))
        turning = self.out and not self.seam  # (the rays' parameter is the way they leave in)
        if turning:
            # out of the part: only within the critical angle (sin in <= 1 / rate)
            h = abs(self.u[0] * (oy - self.a[1]) - self.u[1] * (ox - self.a[0]))
            q = 1.0 / self.rate
            w = h * q / math.sqrt(1.0 - q * q)
            t0, t1 = max(t0, -c - w), min(t1, -c + w)
        if t1 - t0 <= 1e-9:
            return []
        q0, q1 = self.parameter(t0), self.parameter(t1)
        count = max(1, math.ceil((t1 - t0) / FIRST_STEP), math.ceil((q1 - q0) / _FIRST_TURN) if turning else 1)
        marks = [self.ray(q0 + (q1 - q0) * j / count) for j in range(count + 1)]
        # only rays crossing two sides or more are drawn
        if not any(r is not None and len(r[1]) >= 3 for r in marks):
            return []
        pairs: list[tuple[_Through, _Through] | None] = []
        for r0, r1 in zip(marks, marks[1:], strict=False):
            if r0 is None:
                pairs.append(None)
            else:
                self.pairs(r0, r1, 0, pairs)
        pairs = [pair if pair is not None and len(pair[0][1]) >= 3 else None for pair in pairs]
        runs = joined_runs(pairs)
        if not runs:
            return []
        kept: list[tuple[_Through, _Through] | None] = []
        everything = self.mover.field.obstacles
        for run in runs:
            whole = self._in_the_way(run, everything, range(len(self.mover.heavy)))
            if whole == ((), ()):
                kept += [*zip(run, run[1:], strict=False), None]
                continue
            for a, b in zip(run, run[1:], strict=False):
                kept += self._clear_of(a, b, whole, 0)
            kept.append(None)
        found: list[Polygon] = []
        for run in joined_runs(kept):
            stretches = len(run[0][1]) - 1
            found += [
                tuple(r[1][s] for r in run) + tuple(r[1][s + 1] for r in reversed(run)) for s in range(1, stretches)
            ]
        return found

    def _clear_of(
        self, a: _Through, b: _Through, whole: tuple[tuple[Obstacle, ...], tuple[int, ...]], depth: int
    ) -> list[tuple[_Through, _Through] | None]:
        """The pairs between two joined rays that nothing of `whole` (what lies in the
        way of their run) lies in the way of: the pair itself; where only an obstacle
        lies in the way of the last stretches, the two rays cut short of it (`_cut`),
        where both meet it and nothing lies in the way of the cut pair (seed 272: the
        rays ending past where the front meets a base's outline were left out, a
        hole 0.014 mm deep); or halved (at most _CLEAR_HALVINGS times) where an
        obstacle does (not heavy terrain) and one of the two rays is clear of it (an
        obstacle the stretches only graze: the rays beside it are clear), or one
        clear of it once cut and the other not (where the rays begin to meet it); split
        into cut pairs where both are clear of it once cut (`_cut_between`); at the
        finest halving, or where neither runs into it and their ends lie within
        RAY_MARGIN of each other, each held off it (`_held_off`); None for each left
        out."""
        obstacles, parts = self._in_the_way([a, b], whole[0], whole[1], True)
        if not (obstacles or parts):
            return [(a, b)]
        if parts:
            return [None]
        cut_a, cut_b = self._cut(a), self._cut(b)
        if (
            cut_a is not None
            and cut_b is not None
            and cut_a is not a
            and cut_b is not b
            and self._drawn(cut_a, cut_b, whole)
        ):
            return [(cut_a, cut_b)]
        if depth >= _CLEAR_HALVINGS:
            return [self._held_off(a, b, whole)]
        if not (self._clear(a, obstacles) or self._clear(b, obstacles)):
            # both meet it: halved only where one is clear of it once cut, the other not
            free_a = cut_a is not None and cut_a is not a and self._clear(cut_a, obstacles)
            free_b = cut_b is not None and cut_b is not b and self._clear(cut_b, obstacles)
            if free_a and free_b:
                # both clear once cut, the cut pair not joined: the cut pairs of rays
                # between them, _SPLIT of them (seed 1337: the pair left out whole beside
                # a base, a hole 0.012 mm deep)
                return self._cut_between(a, b, whole)
            if free_a == free_b:
                if cut_a is a and cut_b is b and math.dist(a[1][-1], b[1][-1]) <= RAY_MARGIN:
                    # neither runs into it (each only comes within CLEAR of it), their
                    # ends this near: each held off it
                    return [self._held_off(a, b, whole)]
                return [None]
        mid = self.ray((a[0] + b[0]) / 2)
        if mid is None or not (self.joins(a, mid) and self.joins(mid, b)):
            return [None]
        return self._clear_of(a, mid, whole, depth + 1) + self._clear_of(mid, b, whole, depth + 1)

    def _cut_between(
        self, a: _Through, b: _Through, whole: tuple[tuple[Obstacle, ...], tuple[int, ...]]
    ) -> list[tuple[_Through, _Through] | None]:
        """Between two joined rays that both meet an obstacle and are clear of it once
        cut, whose cut pair does not join: _SPLIT pairs of rays between them, each
        cut, kept where the cut pair joins and nothing lies in its way."""
        rays = [a, *(self.ray(a[0] + (b[0] - a[0]) * k / _SPLIT) for k in range(1, _SPLIT)), b]
        cut = [None if r is None else self._cut(r) for r in rays]
        return [
            (c0, c1) if c0 is not None and c1 is not None and self._drawn(c0, c1, whole) else None
            for c0, c1 in zip(cut, cut[1:], strict=False)
        ]

    def _drawn(self, a: _Through, b: _Through, whole: tuple[tuple[Obstacle, ...], tuple[int, ...]]) -> bool:
        """Whether the pair of rays is drawn: they join and nothing of `whole` lies in its way."""
        return self.joins(a, b) and self._in_the_way([a, b], whole[0], whole[1], True) == ((), ())

    def _held_off(
        self, a: _Through, b: _Through, whole: tuple[tuple[Obstacle, ...], tuple[int, ...]]
    ) -> tuple[_Through, _Through] | None:
        """Two joined rays at the finest halving of `_clear_of`: each cut where its last
        stretch first comes within RAY_MARGIN of an obstacle of `whole`, drawn where
        nothing lies in the way of the pair so cut (what is left out lies within
        RAY_MARGIN of an obstacle, as where a ray is cut short of one). Seed 2079: the
        front running into a base's outline, the pairs about where the rays begin to
        meet it or come within CLEAR of it were left out, a strip 0.018 mm from the
        base. None where that is not so."""
        if None in a[3] or None in b[3]:
            return None
        pair = (_kept_off(a, whole[0]), _kept_off(b, whole[0]))
        return pair if self._drawn(*pair, whole) else None

    def _cut(self, ray: _Through) -> _Through | None:
        """The ray cut RAY_MARGIN short of the first obstacle its last stretch meets
        (the same ray where it meets none; one ray cut once, so that the pairs either
        side of it join in a run); None where it stops at a side it cannot cross."""
        if None in ray[3]:
            return None
        known = self._cuts.get(ray[0])
        if known is not None and known[0] is ray:
            return known[1]
        p, q = ray[1][-2], ray[1][-1]
        hit = self.mover.hit(p, q)
        cut = ray
        if hit is not None:
            t = max(0.0, hit[1] - RAY_MARGIN / max(math.dist(p, q), 1e-300))
            end = (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)
            cut = (ray[0], (*ray[1][:-1], end), ray[2], ray[3])
        self._cuts[ray[0]] = (ray, cut)
        return cut

    def _clear(self, ray: _Through, obstacles: tuple[Obstacle, ...]) -> bool:
        """Whether none of `obstacles` lies in the way of one ray's stretches."""
        return self._in_the_way([ray], obstacles, (), True) == ((), ())

    def _in_the_way(
        self, rays: list[_Through], obstacles: Sequence[Obstacle], parts: Iterable[int], first: bool = False
    ) -> tuple[tuple[Obstacle, ...], tuple[int, ...]]:
        """What of `obstacles` and the heavy `parts` lies in the way of the rays (all
        crossing the same sides): of each stretch (the origin to the first side, from
        side to side, the last side to the ends) what is not its own medium; the
        table's edge in the way counts as every obstacle. `first`: only the first
        found (where all that is asked is whether anything is)."""
        mover = self.mover
        board = mover.board
        r = board.radius
        heavy = mover.heavy
        sides = rays[0][3]
        medium = self.k if self.out else None
        regions: list[tuple[Polygon, int | None]] = [
            (planar.convex_hull([self.origin, *(q[1][0] for q in rays)]), medium)
        ]
        for s in range(1, len(rays[0][1])):
            crossed = sides[s - 1]
            assert crossed is not None
            # across a side of the part it runs in: out of it; of another part: into that
            medium = None if crossed[0] == medium else crossed[0]
            regions.append((planar.convex_hull([p for q in rays for p in q[1][s - 1 : s + 1]]), medium))
        points = [p for region, _m in regions for p in region]
        if any(not (r <= x <= board.width - r and r <= y <= board.height - r) for x, y in points):
            return tuple(mover.field.obstacles), tuple(parts)
        asked = [planar.Region(region) for region, _m in regions]
        xs, ys = [q[0] for q in points], [q[1] for q in points]
        left, top, right, bottom = min(xs) - CLEAR, min(ys) - CLEAR, max(xs) + CLEAR, max(ys) + CLEAR
        found = []
        for ob in obstacles:
            ol, ot, orr, obt = ob.box
            if orr < left or ol > right or obt < top or ot > bottom:
                continue
            clearance = ob.radius + CLEAR
            # (off an arc: the first stretch leaving the obstacle the origin lies on is clear of it)
            off = _off(ob, self.origin, regions[0][0]) if self.off_arc else 0
            if any(ob.near(region, clearance) for region in asked[off:]):
                if first:
                    return (ob,), ()
                found.append(ob)
        found_parts = []
        for j in parts:
            if any(j != m and heavy[j].overlaps(region) for region, (_r, m) in zip(asked, regions, strict=True)):
                if first:
                    return (), (j,)
                found_parts.append(j)
        return tuple(found), tuple(found_parts)
