"""Refracted fronts across heavy terrain's outline in closed form: the area reached
straight from a point (`origin`, reached for `base`) across a stretch of one side
of a heavy part's outline (`front`, for crossing.py: families.Front through one
side), and the rays of the ways along the outline that crossing.crossings casts,
cast exactly where only obstacles lie in their way (`graze`; drawn along the outline
of one where they surely end on it: fringe.py). What lies in the way is asked of the
obstacles (`Obstacle.near`) and the heavy parts (`Heavy.overlaps`).
Each crossing point sends the ray Snell's law gives it; while nothing lies in the
way the ray's end is worked out, not cast (inside the part at its rate until it
leaves it, then at 1 a mm; outside at 1 a mm), and the rays never cross (they turn
the way the crossing point moves). What lies in the way of the legs to the
crossing points or of the rays (an obstacle, another heavy part, the table's edge)
is found exactly, for all the rays and then for each two neighbouring ones: where
it is in their way, the caller casts rays across.

Within one medium the front's cost is convex (the least over the crossing points
of a convex sum of lengths), so the straight edge between two ray ends lies inside
what is reached; where a ray leaves the part the edge is checked against the ray
between (`waves.chord_cuts`). Neighbouring rays turn apart by at most `sag_step`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Protocol

from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.fringe import hit, shadows
from tabletop.games.skirmish.table.passage import Passage
from tabletop.games.skirmish.table.pieces import Obstacle
from tabletop.games.skirmish.table.planar import Point, Polygon
from tabletop.games.skirmish.table.rays import RAY_MARGIN, Kind, sag_step, sags
from tabletop.games.skirmish.table.spans import side_of
from tabletop.games.skirmish.table.waves import CLEAR, Ray, chord_cuts, joined_runs, leaves_at, leaving, turn_between

#: an origin this near the side's line (mm) has no front through it (it runs along the side)
ALONG = 1e-9
#: the rays are first taken this far apart along the side (mm)
FIRST_STEP = 2.0
#: the deepest halving between two rays
HALVINGS = 12
#: how near (mm) the rays an obstacle must come to be one `_Run.cast` stops them at
#: (the rays cast between two of the front's run up to their sag beyond the edge
#: between their ends)
_CAST_PAD = 1.0
#: polygons overlapping by less than this (mm, separating axes) only touch
_TOUCH = 1e-9
#: how much nearer than asked (mm) an obstacle must come to a ray to lie surely in the
#: way of what holds it (far above the sums' float noise)
_SURELY = 1e-9
#: a leg from an origin on an obstacle's outline leaves it at least this steeply (the
#: sine of its angle to the outline's tangent there)
_LEAVING = 1e-6


def front(
    mover: Passage, origin: Point, base: float, limit: float, x0: Point, u: Point, lo: float, hi: float
) -> tuple[list[Polygon], list[tuple[float, float]], Caster | None] | None:
    """The area reached straight from `origin` (after `base` spent) crossing heavy
    terrain's outline at x0 + u d for d in [lo, hi], within `limit`: polygons (their
    union; between two neighbouring rays the quadrilateral of their crossing points
    and ends), the stretches of [lo, hi] left to cast rays across (something
    lies in their way), and where only obstacles lie in the way of the rays (not
    of the legs, nor other heavy parts or the table's edge) the `Caster` that casts
    them exactly against those. None where the stretch is not one side of one
    heavy part with open ground beyond it, or the origin's way to it not in one
    medium, or the origin the start of a warrior leaving terrain (its first leg
    passes through that terrain; from any other point the terrain blocks as the rest).

    From an origin on the side's line (the way came along the outline) nothing is
    drawn and nothing left to cast: every leg to a crossing point runs along the
    outline, where no path is refracted (the medium before and after it is the
    outline's own); it leaves the outline at the critical angle only, which is the
    head wave `crossings` draws from where the way came onto the outline. (The rays
    cast there before found a refraction only by float noise, in polygons the rest
    of the reach held.)"""
    if (mover.leaving and origin == mover.start) or hi <= lo:
        return None
    heavy = mover.heavy
    a = (x0[0] + u[0] * lo, x0[1] + u[1] * lo)
    b = (x0[0] + u[0] * hi, x0[1] + u[1] * hi)
    k = side_of(heavy, a, b)
    if k is None:
        return None
    part = heavy[k].part
    rate = 1.0 + heavy[k].extra
    # the side's normal out of the part (the part lies on the left of its sides)
    mx, my = u[1], -u[0]
    if sum((p[0] - a[0]) * mx + (p[1] - a[1]) * my for p in part) > 0.0:
        mx, my = -mx, -my
    h = (origin[0] - x0[0]) * mx + (origin[1] - x0[1]) * my
    if abs(h) < ALONG:
        return [], [], None
    if h > 0.0:
        n_in, n_out, into = 1.0, rate, True
    else:
        if not planar.point_in_convex(origin, part, 1e-9):
            return None
        n_in, n_out, into = rate, 1.0, False
    # the crossings within the limit: |origin - x| < (limit - base) / n_in
    c = (x0[0] - origin[0]) * u[0] + (x0[1] - origin[1]) * u[1]
    e2 = (x0[0] - origin[0]) ** 2 + (x0[1] - origin[1]) ** 2
    room = (limit - base) / n_in
    disc = c * c - e2 + room * room
    if room <= 0.0 or disc <= 0.0:
        return [], [], None
    t0, t1 = max(lo, -c - math.sqrt(disc)), min(hi, -c + math.sqrt(disc))
    if n_in > n_out:
        # out of the part: only within the critical angle (sin in <= n_out / n_in)
        q = n_out / n_in
        w = abs(h) * q / math.sqrt(1.0 - q * q)
        t0, t1 = max(t0, -c - w), min(t1, -c + w)
    if t1 - t0 <= 1e-9:
        return [], [], None
    run = _Run(mover, origin, base, limit, x0, u, (-mx, -my) if into else (mx, my), n_in, n_out, k, into)
    drawn: list[Polygon] = []
    rest: list[tuple[float, float]] = []
    run.stretch(t0, t1, drawn, rest)
    # the stretches of [lo, hi] beyond [t0, t1] cross nowhere (out of reach, or past
    # the critical angle): nothing to cast there
    merged: list[tuple[float, float]] = []
    for s0, s1 in sorted(rest):
        if merged and s0 <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], s1))
        else:
            merged.append((s0, s1))
    if merged and run.castable is not None:
        run.blockers = run._blockers(*run.castable)
    return drawn, merged, (run if merged and run.blockers is not None else None)


class _Run:
    """The rays of one front across one side, for `front`."""

    def __init__(
        self,
        mover: Passage,
        origin: Point,
        base: float,
        limit: float,
        x0: Point,
        u: Point,
        m: Point,
        n_in: float,
        n_out: float,
        k: int,
        into: bool,
    ) -> None:
        self.mover, self.origin, self.base, self.limit = mover, origin, base, limit
        self.x0, self.u, self.m, self.n_in, self.n_out = x0, u, m, n_in, n_out
        #: the part whose side is crossed, and whether the rays run into it
        self.k, self.into = k, into
        self.part = mover.heavy[k].part if into else None
        #: the obstacles `cast` stops the rays at (None: it may not be asked), found
        #: when asked for the stretch and the rays kept in `castable`
        self.blockers: tuple[Obstacle, ...] | None = None
        self.castable: tuple[float, float, list[Point]] | None = None
        #: rays already worked out, by distance along the side
        self.rays: dict[float, Ray] = {}

    def ray(self, t: float) -> Ray:
        """The ray crossing at x0 + u t: (t, crossing point, end, direction)."""
        found = self.rays.get(t)
        if found is not None:
            return found
        ox, oy = self.origin
        ux, uy = self.u
        x = (self.x0[0] + ux * t, self.x0[1] + uy * t)
        dx, dy = x[0] - ox, x[1] - oy
        d = math.hypot(dx, dy)
        left = max(0.0, self.limit - self.base - self.n_in * d)
        sine = max(-1.0, min(1.0, (dx * ux + dy * uy) / d * self.n_in / self.n_out))
        cosine = math.sqrt(1.0 - sine * sine)
        vx, vy = sine * ux + cosine * self.m[0], sine * uy + cosine * self.m[1]
        length = left / self.n_out
        if self.part is not None:
            out = leaves_at(self.part, x, (vx, vy))
            if out < length:
                length = out + (left - self.n_out * out)
        found = self.rays[t] = (t, x, (x[0] + vx * length, x[1] + vy * length), math.atan2(vy, vx))
        return found

    def leaves(self, r: Ray) -> bool:
        """Whether the ray leaves the part it runs into."""
        if self.part is None:
            return False
        inside = (self.limit - self.base - self.n_in * math.dist(self.origin, r[1])) / self.n_out
        return abs(math.dist(r[1], r[2]) - inside) > 1e-9

    def joins(self, a: Ray, b: Ray) -> bool:
        """Whether the quadrilateral of two neighbouring rays holds what lies between
        them (within CHORD_SAG) and no more."""
        turn = turn_between(a, b)
        # in cost: where the rays end in the part they run into, a mm of sag costs its rate
        rate = self.n_out if self.part is not None and not (self.leaves(a) and self.leaves(b)) else 1.0
        length = max(math.dist(a[1], a[2]), math.dist(b[1], b[2]))
        if turn > sag_step(length, rate) or sags(a[2], b[2], turn, rate):
            return False
        return not ((self.leaves(a) or self.leaves(b)) and chord_cuts(self.ray, a, b))

    def pairs(
        self, a: Ray, b: Ray, depth: int, out: list[tuple[Ray, Ray] | None], failed: list[tuple[float, float]]
    ) -> None:
        """The neighbouring rays from a to b that join into `out` (None for a
        stretch between that still does not after the deepest halving, and that
        stretch into `failed`)."""
        if self.joins(a, b):
            out.append((a, b))
        elif depth >= HALVINGS:
            out.append(None)
            failed.append((a[0], b[0]))
        else:
            mid = self.ray((a[0] + b[0]) / 2)
            self.pairs(a, mid, depth + 1, out, failed)
            self.pairs(mid, b, depth + 1, out, failed)

    def stretch(self, t0: float, t1: float, drawn: list[Polygon], rest: list[tuple[float, float]]) -> None:
        """The polygons of the crossings at [t0, t1] into `drawn`, the stretches
        left to cast into `rest`: where something lies in the way of the legs to two
        neighbouring crossings or of the quadrilateral of their rays, or the rays do
        not join (`joins`) after the deepest halving."""
        count = max(1, math.ceil((t1 - t0) / FIRST_STEP))
        marks = [self.ray(t0 + (t1 - t0) * i / count) for i in range(count + 1)]
        pairs: list[tuple[Ray, Ray] | None] = []
        for a, b in zip(marks, marks[1:], strict=False):
            self.pairs(a, b, 0, pairs, rest)
        # (the crossing points lie on the side: its hull needs only the first and last)
        rays = {r[0]: r for pair in pairs if pair is not None for r in pair}
        if not rays:
            return
        first, last = rays[min(rays)], rays[max(rays)]
        points = [first[1], last[1], *(r[2] for r in rays.values())]
        # what lies in the way of all of them; only that is asked of each
        whole = self._in_the_way(t0, t1, points, self.mover.field.obstacles, range(len(self.mover.heavy)))
        if not rest and not whole[1] and not whole[2]:
            self.castable = (t0, t1, points)
        kept: list[tuple[Ray, Ray] | None] = []
        # (the rays are worked out as if nothing stopped them: where one runs into an
        # obstacle, that lies in the way of the quadrilateral of either pair it bounds)
        crossed: dict[float, bool] = {}
        for pair in pairs:
            if pair is not None and whole != ((), (), False):
                a, b = pair
                if (whole[0] and (self._crossed(a, whole[0], crossed) or self._crossed(b, whole[0], crossed))) or (
                    self._in_the_way(a[0], b[0], [a[1], b[1], a[2], b[2]], whole[0], whole[1], True) != ((), (), False)
                ):
                    rest.append((a[0], b[0]))
                    pair = None
            kept.append(pair)
        drawn += [tuple(r[1] for r in run) + tuple(r[2] for r in reversed(run)) for run in joined_runs(kept)]

    @staticmethod
    def _crossed(r: Ray, obstacles: Sequence[Obstacle], known: dict[float, bool]) -> bool:
        """Whether one of `obstacles` comes surely (by _SURELY) within CLEAR of the
        ray r (its crossing point to its end), asked once a ray: then it lies in the
        way of the quadrilateral of either pair of rays r bounds (`_in_the_way`)."""
        found = known.get(r[0])
        if found is None:
            (x1, y1), (x2, y2) = r[1], r[2]
            left, right = min(x1, x2) - CLEAR, max(x1, x2) + CLEAR
            top, bottom = min(y1, y2) - CLEAR, max(y1, y2) + CLEAR
            near = [
                ob
                for ob in obstacles
                if not (ob.box[2] < left or ob.box[0] > right or ob.box[3] < top or ob.box[1] > bottom)
            ]
            segment = planar.Region((r[1], r[2])) if near else None
            found = known[r[0]] = segment is not None and any(
                ob.near(segment, ob.radius + CLEAR - _SURELY) for ob in near
            )
        return found

    def _blockers(self, t0: float, t1: float, points: list[Point]) -> tuple[Obstacle, ...] | None:
        """The obstacles within _CAST_PAD of the rays crossing at [t0, t1] (their
        ends and crossing points `points`; all of them join), for `cast`; None where
        one lies in the way of the legs or the table's edge that near."""
        x0, u = self.x0, self.u
        a = (x0[0] + u[0] * t0, x0[1] + u[1] * t0)
        b = (x0[0] + u[0] * t1, x0[1] + u[1] * t1)
        legs = planar.orient((self.origin, a, b))
        hull = planar.convex_hull(points)
        board = self.mover.board
        r = board.radius + _CAST_PAD
        if any(not (r <= x <= board.width - r and r <= y <= board.height - r) for x, y in hull):
            return None
        xs = [q[0] for q in (*legs, *hull)]
        ys = [q[1] for q in (*legs, *hull)]
        left, top, right, bottom = min(xs) - _CAST_PAD, min(ys) - _CAST_PAD, max(xs) + _CAST_PAD, max(ys) + _CAST_PAD
        found = []
        for ob in self.mover.field.obstacles:
            ol, ot, orr, obt = ob.box
            if orr < left or ol > right or obt < top or ot > bottom:
                continue
            if ob.near(legs, ob.radius + CLEAR) and not _leaves(ob, self.origin, a, b):
                return None
            if ob.near(hull, ob.radius + _CAST_PAD):
                found.append(ob)
        return tuple(found)

    def crossing(self, d: float) -> tuple[Point, float, float] | None:
        """(crossing point, cost there, direction on) where a path crosses at
        x0 + u d; None where it cannot (out of reach, past the critical angle)."""
        ox, oy = self.origin
        ux, uy = self.u
        x = (self.x0[0] + ux * d, self.x0[1] + uy * d)
        dx, dy = x[0] - ox, x[1] - oy
        dist = math.hypot(dx, dy)
        cost = self.base + self.n_in * dist
        if cost >= self.limit or dist == 0.0:
            return None
        sine = (dx * ux + dy * uy) / dist * self.n_in / self.n_out
        if abs(sine) > 1.0:
            return None
        cosine = math.sqrt(1.0 - sine * sine)
        return x, cost, math.atan2(sine * uy + cosine * self.m[1], sine * ux + cosine * self.m[0])

    def cast(self, x: Point, cost: float, angle: float) -> tuple[Point, str | None, Kind]:
        """As rays.cast from x with what is left after `cost`: where the ray stops
        (RAY_MARGIN short of the first of the `blockers` it meets), what stopped it,
        and the heavy part it passes (the side it leaves by)."""
        vx, vy = math.cos(angle), math.sin(angle)
        left = self.limit - cost
        length = left / self.n_out
        kind: Kind = ()
        if self.part is not None:
            out, side = leaving(self.part, x, (vx, vy))
            if out < length:
                length = out + (left - self.n_out * out)
            else:
                side = -1
            kind = ((self.k, -1, side),)
        stopped = None
        for ob in self.blockers or ():
            meets = hit(ob, x, (vx, vy))
            if meets - RAY_MARGIN < length:
                length, stopped = max(0.0, meets - RAY_MARGIN), ob.owner
        return (x[0] + vx * length, x[1] + vy * length), stopped, kind

    def chord_clear(self, a: Point, b: Point) -> bool:
        return not any(ob.near((a, b), ob.radius) for ob in self.blockers or ())

    def _in_the_way(
        self,
        t0: float,
        t1: float,
        points: list[Point],
        obstacles: Sequence[Obstacle],
        parts: Iterable[int],
        first: bool = False,
    ) -> tuple[tuple[Obstacle, ...], tuple[int, ...], bool]:
        """What of `obstacles` and the heavy `parts` lies in the way of the legs from
        the origin to the crossings at [t0, t1] and of the rays (their ends and
        crossing points `points`), and whether the table's edge does; `first`: only
        the first found (where all that is asked is whether anything is)."""
        mover = self.mover
        board = mover.board
        r = board.radius
        x0, u = self.x0, self.u
        a = (x0[0] + u[0] * t0, x0[1] + u[1] * t0)
        b = (x0[0] + u[0] * t1, x0[1] + u[1] * t1)
        # (the legs' and the hull's box is that of the origin, a, b and the points)
        xs = [q[0] for q in points]
        ys = [q[1] for q in points]
        xs += [self.origin[0], a[0], b[0]]
        ys += [self.origin[1], a[1], b[1]]
        x_low, y_low, x_high, y_high = min(xs), min(ys), max(xs), max(ys)
        off = not (r <= x_low and x_high <= board.width - r and r <= y_low and y_high <= board.height - r)
        if first and off:
            return (), (), True
        left, top, right, bottom = x_low - CLEAR, y_low - CLEAR, x_high + CLEAR, y_high + CLEAR
        heavy = mover.heavy
        # only what comes into that box may lie in the way: most often nothing does
        near = [
            ob
            for ob in obstacles
            if not (ob.box[2] < left or ob.box[0] > right or ob.box[3] < top or ob.box[1] > bottom)
        ]
        parts = [
            j
            for j in parts
            if j != self.k
            and not (
                heavy[j].box[2] < x_low
                or heavy[j].box[0] > x_high
                or heavy[j].box[3] < y_low
                or heavy[j].box[1] > y_high
            )
        ]
        if not near and not parts:
            return (), (), off
        legs = planar.orient((self.origin, a, b))
        hull = planar.convex_hull(points)
        hull_region, legs_region = planar.Region(hull), planar.Region(legs)
        found: list[Obstacle] = []
        for ob in near:
            clearance = ob.radius + CLEAR
            if ob.near(hull_region, clearance) or (
                ob.near(legs_region, clearance) and not _leaves(ob, self.origin, a, b)
            ):
                if first:
                    return (ob,), (), False
                found.append(ob)
        # the legs run in open ground (into the part) or in the part; the rays the other way
        # (the part crossed lies on the inner side of its side's line, the legs into it
        # and the rays out of it on the outer: they touch it at most)
        found_parts: list[int] = []
        for j in parts:
            if heavy[j].overlaps(legs_region) or heavy[j].overlaps(hull_region):
                if first:
                    return (), (j,), False
                found_parts.append(j)
        return tuple(found), tuple(found_parts), off


class Caster(Protocol):
    """What `front` hands crossing.py for the stretches it leaves to cast, where only
    obstacles lie in their way: the crossings and the rays worked out exactly."""

    def crossing(self, d: float) -> tuple[Point, float, float] | None: ...

    def cast(self, x: Point, cost: float, angle: float) -> tuple[Point, str | None, Kind]: ...

    def chord_clear(self, a: Point, b: Point) -> bool:
        """Whether the straight edge between two ray ends is clear (the way between
        the crossings is)."""
        ...


class Grazer(Caster, Protocol):
    """What `graze` hands crossing.py: a `Caster`, and the rays that surely end on one
    obstacle drawn in closed form (`stopped`)."""

    def stopped(self, lo: float, hi: float) -> tuple[list[Polygon], list[tuple[float, float]]]: ...


def _leaves(ob: Obstacle, origin: Point, a: Point, b: Point) -> bool:
    """Whether the legs from an origin on the obstacle's grown outline to the points
    of a-b leave it at once and meet it nowhere else (it is convex: all of them point
    out of its supporting half-plane at the origin)."""
    if ob.clearance(origin) < -1e-9:
        return False
    core = ob.core
    if len(core) == 1:
        near = core[0]
    elif len(core) == 2:
        near = planar.closest_on_segment(origin, core[0], core[1])
    else:
        near = planar.closest_on_convex_boundary(origin, core)
    nx, ny = origin[0] - near[0], origin[1] - near[1]
    length = math.hypot(nx, ny)
    if length == 0.0:
        return False
    nx, ny = nx / length, ny / length
    return all((p[0] - origin[0]) * nx + (p[1] - origin[1]) * ny >= _LEAVING * math.dist(origin, p) for p in (a, b))


def graze(
    mover: Passage, corner: Point, start: Point, u: Point, base: float, limit: float, angle: float, hi: float
) -> Grazer | None:
    """For the ways crossing.crossings casts (from `corner`, reached for `base`, along
    the outline from `start` just off it in direction u, then into heavy terrain in
    the direction `angle`, for up to `hi` along it, where waves.head_wave found the
    way along the side outside all heavy terrain): the `Caster` that crosses and
    casts them exactly, where only obstacles lie in the way of the rays (not of
    the way along the side, nor another heavy part or the table's edge); else None
    (None as well from the start of a warrior leaving terrain: see `front`)."""
    if (mover.leaving and corner == mover.start) or hi <= 0.0:
        return None
    v = (math.cos(angle), math.sin(angle))
    end = (start[0] + u[0] * hi, start[1] + u[1] * hi)
    middle = (start[0] + u[0] * hi / 2 + v[0] * 1e-2, start[1] + u[1] * hi / 2 + v[1] * 1e-2)
    parts = [j for j, h in enumerate(mover.heavy) if planar.point_in_convex(middle, h.part, -1e-9)]
    if len(parts) != 1:
        return None
    k = parts[0]
    # every ray runs at most what is left at its start (a mm costs at least a mm): the
    # rays lie in this quadrilateral
    room0, room1 = max(0.0, limit - base), max(0.0, limit - base - hi)
    region = planar.orient(
        (
            start,
            end,
            (end[0] + v[0] * room1, end[1] + v[1] * room1),
            (start[0] + v[0] * room0, start[1] + v[1] * room0),
        )
    )
    board = mover.board
    r = board.radius
    if any(not (r <= x <= board.width - r and r <= y <= board.height - r) for x, y in (corner, *region)):
        return None
    box = planar.bounds(region)
    if any(j != k and h.overlaps(region, box) for j, h in enumerate(mover.heavy)):
        return None
    walk = (corner, end)
    # (the walk lies in the region's box but for the corner, a thousandth of a mm off it)
    left = min(box[0], corner[0]) - CLEAR
    top = min(box[1], corner[1]) - CLEAR
    right = max(box[2], corner[0]) + CLEAR
    bottom = max(box[3], corner[1]) + CLEAR
    blockers = []
    for ob in mover.field.obstacles:
        ol, ot, orr, obt = ob.box
        if orr < left or ol > right or obt < top or ot > bottom:
            continue
        if ob.near(walk, ob.radius + CLEAR):
            return None
        if ob.near(region, ob.radius + CLEAR):
            blockers.append(ob)
    # the ways from the corner to the points of the walk lie in the triangle of the
    # corner and the walk's ends, outside part k (on the cheap side of its side's
    # line, through the corner) and, where no other part comes near it, outside all
    # heavy terrain: each costs its length
    span = planar.bounds((corner, start, end))
    alone = not any(
        j != k and h.box[0] <= span[2] and h.box[2] >= span[0] and h.box[1] <= span[3] and h.box[3] >= span[1]
        for j, h in enumerate(mover.heavy)
    )
    return _Graze(mover, corner, start, u, base, limit, angle, k, tuple(blockers), alone)


class _Graze:
    """The ways of `graze`, crossed and cast exactly."""

    def __init__(
        self,
        mover: Passage,
        corner: Point,
        start: Point,
        u: Point,
        base: float,
        limit: float,
        angle: float,
        k: int,
        blockers: tuple[Obstacle, ...],
        alone: bool,
    ) -> None:
        self.mover, self.corner, self.start, self.u, self.base, self.limit = mover, corner, start, u, base, limit
        self.angle, self.k, self.blockers = angle, k, blockers
        #: whether the way from the corner to each crossing costs its length
        self.alone = alone
        self.part = mover.heavy[k].part
        self.rate = 1.0 + mover.heavy[k].extra
        self.v = (math.cos(angle), math.sin(angle))

    def crossing(self, d: float) -> tuple[Point, float, float] | None:
        x = (self.start[0] + self.u[0] * d, self.start[1] + self.u[1] * d)
        if self.alone:
            cost = self.base + math.hypot(x[0] - self.corner[0], x[1] - self.corner[1])
        else:
            cost = self.base + self.mover.cost(self.corner, x)
        if cost >= self.limit:
            return None
        return x, cost, self.angle

    def cast(self, x: Point, cost: float, angle: float) -> tuple[Point, str | None, Kind]:
        vx, vy = math.cos(angle), math.sin(angle)
        left = self.limit - cost
        kind: Kind = ()
        span = planar.clip_segment_convex(x, (x[0] + vx * left, x[1] + vy * left), self.part)
        length = left
        if span is not None and span[1] > span[0]:
            t_in, t_out = span[0] * left, span[1] * left
            inside = t_out - t_in
            if self.rate * inside >= left - t_in:
                length = t_in + (left - t_in) / self.rate
                kind = ((self.k, -1, -1),)
            else:
                length = t_out + (left - t_in - self.rate * inside)
                kind = ((self.k, -1, leaving(self.part, (x[0] + vx * t_in, x[1] + vy * t_in), (vx, vy))[1]),)
        stopped = None
        for ob in self.blockers:
            meets = hit(ob, x, (vx, vy))
            if meets - RAY_MARGIN < length:
                length, stopped = max(0.0, meets - RAY_MARGIN), ob.owner
        return (x[0] + vx * length, x[1] + vy * length), stopped, kind

    def chord_clear(self, a: Point, b: Point) -> bool:
        return not any(ob.near((a, b), ob.radius) for ob in self.blockers)

    def stopped(self, lo: float, hi: float) -> tuple[list[Polygon], list[tuple[float, float]]]:
        """The rays crossing at [lo, hi] that surely end on one of the blockers drawn
        along its outline (fringe.shadows: the ways to the crossings cost their length
        here), and the stretches of [lo, hi] left to cast."""
        if not self.alone or hi <= lo:
            return [], [(lo, hi)]
        room, rate, pad = self.limit - self.base, max(1.0, self.rate), RAY_MARGIN
        return shadows(self.start, self.u, self.v, self.corner, room, rate, self.part, self.blockers, pad, lo, hi)
