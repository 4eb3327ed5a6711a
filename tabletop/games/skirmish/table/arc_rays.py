"""Rays leaving a rounded corner (or a disc) of the tangent graph tangentially, for
the reach's sweeps (reach.py `_sweep`): each cast straight with what is left of the
budget, and bent where it crosses heavy terrain's outline (Snell's law)."""

from __future__ import annotations

import math

from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.crossing import NARROWED, refracted
from tabletop.games.skirmish.table.crossing import along as crossings_along
from tabletop.games.skirmish.table.cuts import Cut
from tabletop.games.skirmish.table.passage import Passage
from tabletop.games.skirmish.table.planar import Point, Polygon
from tabletop.games.skirmish.table.rays import (
    FAN_STEP,
    Kind,
    cast,
    chord_clear,
    end_rate,
    fan,
    ray_stop,
    sag_step,
    sags,
)
from tabletop.games.skirmish.table.spans import cost_at, heavy_spans
from tabletop.games.skirmish.table.sweeps import WALKED

#: a ray leaving an arc: (turn, ray end, what stopped it, spent, the heavy terrain it passes)
Ray = tuple[float, Point, str | None, float, Kind]
#: a ray bent crossing heavy terrain's outline, at each side in a row: (the points
#: where it crosses each side and its end, what stopped it, the sides crossed (part,
#: edge), direction on)
Bend = tuple[tuple[Point, ...], str | None, tuple[tuple[int, int], ...], float]

#: a bent ray is traced across at most this many sides
SIDES = 4
#: a crossing this near (mm) where the ray was bent last is that one
_PAST = 1e-7
#: rays leaving an arc this near (radians) are not halved further (`Arc.bent`)
_FINEST = math.radians(0.01)


def _crossing(mover: Passage, a: Point, b: Point, heading: float, past: float) -> tuple[Point, int, int, Point] | None:
    """Where the segment a-b (along `heading`) first crosses from one cost to another
    more than `past` from a: the point, the part and its side there, its normal."""
    parts: list[int] = []
    spans = heavy_spans(a, b, mover.heavy, parts)
    low = max(1e-9, past / max(math.dist(a, b), 1e-300))
    marks = sorted(
        (u, k) for (s0, s1, _extra), k in zip(spans, parts, strict=True) for u in (s0, s1) if low < u < 1.0 - 1e-9
    )
    dx, dy = 0.01 * math.cos(heading), 0.01 * math.sin(heading)
    for u, k in marks:
        x = (a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u)
        if cost_at((x[0] - dx, x[1] - dy), mover.heavy) == cost_at((x[0] + dx, x[1] + dy), mover.heavy):
            continue  # between two parts of one piece: no outline here
        side, normal = _side(mover.heavy[k].part, x)
        return x, k, side, normal
    return None


def _stretches(run: list[Bend]) -> list[Polygon]:
    """The quadrilaterals between a run of joined bent rays, stretch by stretch."""
    if len(run) < 2:
        return []
    count = len(run[0][0]) - 1
    return [tuple(b[0][s] for b in run) + tuple(b[0][s + 1] for b in reversed(run)) for s in range(count)]


def _side(part: Polygon, x: Point) -> tuple[int, Point]:
    """The side of a convex part nearest x (x lies on it), and its normal."""
    n = len(part)
    best, normal, near = 0, (0.0, 0.0), math.inf
    for i in range(n):
        a, b = part[i], part[(i + 1) % n]
        length = math.dist(a, b)
        if length == 0.0:
            continue
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        d = abs(ux * (x[1] - a[1]) - uy * (x[0] - a[0]))
        if d < near:
            best, normal, near = i, (-uy, ux), d
    return best, normal


class Arc:
    """Rays leaving one rounded corner (or disc) tangentially, for `_sweep`."""

    def __init__(self, mover: Passage, centre: Point, r: float, orient: int, first: float, budget: float) -> None:
        self.mover, self.centre, self.r, self.orient, self.first, self.budget = mover, centre, r, orient, first, budget
        # the walk's straight legs stay within r / cos(FAN_STEP) of the centre: their
        # cost asks only the heavy parts near it (the same sums, the others add none)
        self.walk = mover.within(centre, r / math.cos(FAN_STEP))

    def touch(self, turn: float) -> Point:
        phi = self.first + self.orient * turn
        return (self.centre[0] + self.r * math.cos(phi), self.centre[1] + self.r * math.sin(phi))

    def corner(self, turn0: float, turn1: float) -> Point:
        """Where the tangents at two turns cross."""
        half = (turn1 - turn0) / 2
        phi = self.first + self.orient * (turn0 + half)
        outer = self.r / math.cos(half)
        return (self.centre[0] + outer * math.cos(phi), self.centre[1] + outer * math.sin(phi))

    def ray(
        self, before: Ray | None, turn: float, spent: float, parted: Ray | None = None, cut: Cut | None = None
    ) -> Ray | None:
        """The ray leaving at `turn` after walking on from the ray `before` (or from
        the start of the arc with `spent`), or where `cut` joins the arc again at
        `turn` after leaving it at the ray `parted`, if that costs less: None when the
        walk is blocked or the budget is gone."""
        mover = self.mover
        t = self.touch(turn)
        if before is not None:
            v = self.corner(before[0], turn)
            t0 = self.touch(before[0])
            if not (mover.clear(t0, v) and mover.clear(v, t)):
                return None
            walk = self.walk
            spent = before[3] + (walk.cost(t0, v) + walk.cost(v, t)) * WALKED
        if parted is not None and cut is not None:
            spent = min(spent, parted[3] + mover.cost(self.touch(parted[0]), cut.cross) + mover.cost(cut.cross, t))
        left = self.budget - spent
        if left <= 0.0:
            return None
        end, stopped, kind = cast(mover, t, left, self.first + self.orient * (turn + math.pi / 2))
        return (turn, end, stopped, spent, kind)

    def bent(self, rays: list[Ray]) -> list[Polygon]:
        """The area the rays reach bent where they cross heavy terrain's outline
        (Snell's law: a cheapest path leaving the arc bends there, where the
        straight ray runs on at a loss), at each side they cross in a row: between
        two neighbouring rays bent at the same sides, the quadrilaterals of their
        points on each stretch (side to side, the last side to their ends); rays are
        added between two that bend differently or whose ends do not join (down to
        a hundredth of a degree), and up to where the budget runs out on the side
        between a bent ray and one that stops short of it (`_short_of`) or one bent
        at one side more (`_one_side_more`); two bent alike that stop differently
        (on an obstacle, where the budget runs out) a hundredth of a degree apart
        are joined by the strip between them."""
        found: list[Polygon] = []
        run: list[Bend] = []
        last: tuple[Ray, Bend | None] | None = None
        for ray in rays:
            here = (ray, self.bend(ray))
            pieces = [here] if last is None else self._reaching(last, [*self._between_bends(last, here, 0), here])
            before = last
            for item in pieces:
                if before is not None:
                    found += self._critical(before, item)
                previous, before = before, item
                bend = item[1]
                if bend is not None and run and self._joins(run[-1], bend):
                    run.append(bend)
                    continue
                if (
                    bend is not None
                    and run
                    and previous is not None
                    and previous[1] is run[-1]
                    and item[0][0] - previous[0][0] < _FINEST
                    and self._joins(run[-1], bend, stops=False)
                ):
                    # stopped differently at the finest halving (on an obstacle and
                    # where the budget runs out: the corner where the two meet), bent
                    # alike: the strip between them (seed 1837: left out, a hole
                    # 0.011 mm deep)
                    found += _stretches([run[-1], bend])
                found += _stretches(run)
                run = [bend] if bend is not None else []
            last = here
        found += _stretches(run)
        return found

    def _reaching(
        self, last: tuple[Ray, Bend | None], pieces: list[tuple[Ray, Bend | None]]
    ) -> list[tuple[Ray, Bend | None]]:
        """`pieces` (the rays on from `last`, in order) with the last ray bent
        (`_short_of`) put in between a bent ray and its neighbour that stops short,
        and the last bent like each (`_one_side_more`) between two bent rays where
        the budget runs out on the side the one crosses next."""
        found: list[tuple[Ray, Bend | None]] = []
        before = last
        for item in pieces:
            found += self._short_of(before, item) + self._one_side_more(before, item)
            found.append(item)
            before = item
        return found

    def _short_of(self, a: tuple[Ray, Bend | None], b: tuple[Ray, Bend | None]) -> list[tuple[Ray, Bend | None]]:
        """Between a bent ray and its neighbour (a then b, in order round the arc)
        that passes no heavy terrain and stops where the budget runs out, short of
        the side the bent one crosses: the ways leaving the arc between them cross
        that side ever nearer where the budget runs out on it, their bent rays ever
        shorter. The last ray bent, NARROWED more halvings on (the quadrilateral of
        the two bent rays then reaches up to where the budget runs out on the side:
        seed 2154, the strip between them left out, a hole 0.012 mm deep); none
        where the rays between change otherwise."""
        (ray_a, bend_a), (ray_b, bend_b) = a, b
        if (bend_a is None) == (bend_b is None):
            return []
        short = ray_b if bend_b is None else ray_a
        if short[4] or short[2] is not None:
            return []  # it passes heavy terrain, or stops on an obstacle
        bent = bend_a if bend_a is not None else bend_b
        assert bent is not None
        inside, outside = (ray_a[0], ray_b[0]) if bend_a is not None else (ray_b[0], ray_a[0])
        found: list[tuple[Ray, Bend | None]] = []
        for _ in range(NARROWED):
            middle = self.ray(ray_a, (inside + outside) / 2, 0.0)
            if middle is None:
                break
            bend = self.bend(middle)
            if bend is not None and bend[2] == bent[2]:
                inside, found = middle[0], [(middle, bend)]
            elif not middle[4] and middle[2] is None:
                outside = middle[0]
            else:
                break
        return found

    def _one_side_more(self, a: tuple[Ray, Bend | None], b: tuple[Ray, Bend | None]) -> list[tuple[Ray, Bend | None]]:
        """Between two neighbouring bent rays (a then b, in order round the arc), one
        bent at the sides the other crosses and then across one more, where the one
        bent at fewer stops where the budget runs out (short of that side): the ways
        leaving the arc between them cross that side ever nearer where the budget
        runs out on it. The last ray bent like each, NARROWED more halvings on (the
        runs of each then reach up to where the budget runs out on the side: seed
        301, the sliver between the two halved as far as `_between_bends` goes left
        out, a hole 0.023 mm deep); none where the rays between bend otherwise."""
        (ray_a, bend_a), (_ray_b, bend_b) = a, b
        if bend_a is None or bend_b is None:
            return []
        fewer, more = (bend_a, bend_b) if len(bend_a[2]) < len(bend_b[2]) else (bend_b, bend_a)
        if len(more[2]) != len(fewer[2]) + 1 or more[2][: len(fewer[2])] != fewer[2] or fewer[1] is not None:
            return []
        low, high = a, b
        for _ in range(NARROWED):
            middle = self.ray(ray_a, (low[0][0] + high[0][0]) / 2, 0.0)
            if middle is None:
                break
            bend = self.bend(middle)
            if bend is not None and bend[2] == bend_a[2]:
                low = (middle, bend)
            elif bend is not None and bend[2] == bend_b[2]:
                high = (middle, bend)
            else:
                break
        return [item for item in (low, high) if item is not a and item is not b]

    def _critical(self, a: tuple[Ray, Bend | None], b: tuple[Ray, Bend | None]) -> list[Polygon]:
        """Between a ray bent out of heavy terrain and its neighbour that meets the
        same side beyond the critical angle (it cannot cross): the cheapest way leaves
        there at the critical angle and runs on along the side. The area between the
        last ray bent and the side, a fan from where the ray NARROWED more halvings
        nearer the critical angle crosses (the bent rays turn ever faster towards the
        side as they near it: halving stops short of it)."""
        (low, bend_low), (high, bend_high) = a, b
        if (bend_low is None) == (bend_high is None):
            return []
        if bend_low is None:
            low, high = high, low
        turn_low, turn_high = low[0], high[0]
        bent = bend_low if bend_low is not None else bend_high
        assert bent is not None
        edge = self._crossed(low)
        if edge is None or self._crossed(high) != (edge[0], None):
            return []
        # each ray tried is walked to from the bound before it round the arc (walked
        # back from the one after it, the walk's cost grew at every halving: seed 1160,
        # the way out at the critical angle 0.016 mm dearer than walking on, a strip
        # inside the side beyond left out)
        earlier = a[0]
        for _ in range(NARROWED):
            middle = self.ray(earlier, (turn_low + turn_high) / 2, 0.0)
            if middle is None:
                break
            crossed = self._crossed(middle)
            if crossed == edge:
                low, turn_low = middle, middle[0]
            elif crossed == (edge[0], None):
                turn_high = middle[0]
            else:
                break
            if middle[0] == min(turn_low, turn_high):
                earlier = middle
        t = self.touch(low[0])
        heading = self.first + self.orient * (low[0] + math.pi / 2)
        crossing = _crossing(self.mover, t, low[1], heading, 0.0)
        if crossing is None:
            return []
        x, k, side, (nx, ny) = crossing
        # from the last ray bent before the halvings (the area past it was drawn)
        direction = bent[3]
        left = self.budget - low[3] - self.mover.cost(t, x)
        if left <= 0.0:
            return []
        # along the side, the way the bent rays turn towards
        along = math.atan2(nx, -ny)
        if math.cos(along - direction) < 0.0:
            along += math.pi
        turn = (along - direction + math.pi) % (2 * math.pi) - math.pi
        start = direction if turn >= 0.0 else along
        found = [fan(self.mover, x, left, start, abs(turn), [], closed=False)]
        # and on along the side, across it back into the terrain at the critical angle
        part = self.mover.heavy[k].part
        ends = (part[side], part[(side + 1) % len(part)])
        end = max(ends, key=lambda e: (e[0] - x[0]) * math.cos(along) + (e[1] - x[1]) * math.sin(along))
        return found + crossings_along(self.mover, x, along, math.dist(x, end), self.budget - left, self.budget)

    def _crossed(self, ray: Ray) -> tuple[tuple[int, int], float | None] | None:
        """The part and side a ray first crosses from one cost to another, and the
        direction it bends to there (None beyond the critical angle); None where it
        crosses none."""
        if not ray[4]:
            return None
        t = self.touch(ray[0])
        heading = self.first + self.orient * (ray[0] + math.pi / 2)
        crossing = _crossing(self.mover, t, ray[1], heading, 0.0)
        if crossing is None:
            return None
        x, k, side, normal = crossing
        direction = refracted(self.mover, x, heading, normal)
        return (k, side), (None if direction is None else 0.0)

    def bend(self, ray: Ray) -> Bend | None:
        """The ray bent where it first crosses from one cost to another and on at
        each side it crosses next (at most SIDES), while it can cross (Snell): its
        points (the crossings, then its end), what stopped it, the sides, the
        direction on; None where it crosses none or cannot cross the first."""
        mover = self.mover
        turn, end, _stopped, spent, kind = ray
        if not kind:
            return None  # it passes no heavy terrain (cast says so)
        t = self.touch(turn)
        heading = self.first + self.orient * (turn + math.pi / 2)
        crossing = _crossing(mover, t, end, heading, 0.0)
        if crossing is None:
            return None
        x, k, side, normal = crossing
        direction = refracted(mover, x, heading, normal)
        if direction is None:
            return None
        left = self.budget - spent - mover.cost(t, x)
        if left <= 0.0:
            return None
        points, sides = [x], [(k, side)]
        while True:
            stop, stopped = ray_stop(mover, x, left, direction)
            if len(sides) == SIDES:
                break
            crossing = _crossing(mover, x, stop, direction, _PAST)
            if crossing is None:
                break
            y, k, side, normal = crossing
            on = refracted(mover, y, direction, normal)
            rest = left - mover.cost(x, y)
            if on is None or rest <= 0.0:
                break  # straight on past it (a way, if not the cheapest)
            x, direction, left = y, on, rest
            points.append(x)
            sides.append((k, side))
        return ((*points, stop), stopped, tuple(sides), direction)

    def _joins(self, a: Bend, b: Bend, stops: bool = True) -> bool:
        """Whether the quadrilaterals between two neighbouring bent rays hold what
        lies between them (`stops`: and the two stop alike)."""
        pa, pb = a[0], b[0]
        if a[2] != b[2] or (stops and a[1] != b[1]) or len(pa) != len(pb):
            return False
        turn = abs((b[3] - a[3] + math.pi) % (2 * math.pi) - math.pi)
        mover = self.mover
        # (in cost, at the rate of the medium the last stretches run in)
        rate = cost_at(((pa[-2][0] + pa[-1][0]) / 2, (pa[-2][1] + pa[-1][1]) / 2), mover.heavy)
        if turn > sag_step(math.dist(pa[-2], pa[-1]), rate) or sags(pa[-1], pb[-1], turn, rate):
            return False
        if not all(mover.clear(p, q) for p, q in zip(pa[:-1], pb[:-1], strict=True)):
            return False
        if not chord_clear(mover, pa[-2], pa[-1], pb[-1]):
            return False
        # they end in one medium (a ray that cannot cross the next side runs straight
        # on past it: seed 2141, the quadrilateral between one that ran on out of a
        # rubbish heap and one that ended in it held points 0.56 mm dearer than the
        # allowance)
        if cost_at(pa[-1], mover.heavy) != cost_at(pb[-1], mover.heavy):
            return False
        # past the second side: the stretches do not cross, and nothing but the
        # medium each runs in lies between them
        if any(planar.segments_cross(pa[s], pa[s + 1], pb[s], pb[s + 1]) for s in range(1, len(pa) - 1)):
            return False
        heavy = mover.heavy
        for s in range(len(pa) - 2):
            mid = ((pa[s][0] + pa[s + 1][0]) / 2, (pa[s][1] + pa[s + 1][1]) / 2)
            hull = planar.convex_hull([pa[s], pa[s + 1], pb[s], pb[s + 1]])
            for h in heavy:
                if not planar.point_in_convex(mid, h.part, 1e-9) and h.overlaps(hull):
                    return False
        return True

    def _between_bends(
        self, a: tuple[Ray, Bend | None], b: tuple[Ray, Bend | None], depth: int
    ) -> list[tuple[Ray, Bend | None]]:
        """Rays to add between two neighbouring rays whose bends do not join."""
        (ray_a, bend_a), (ray_b, bend_b) = a, b
        if bend_a is None and bend_b is None:
            return []
        if depth >= 8 or ray_b[0] - ray_a[0] < _FINEST:
            return []
        if bend_a is not None and bend_b is not None and self._joins(bend_a, bend_b):
            return []
        ray = self.ray(ray_a, (ray_a[0] + ray_b[0]) / 2, 0.0)
        if ray is None:
            return []
        middle = (ray, self.bend(ray))
        return [*self._between_bends(a, middle, depth + 1), middle, *self._between_bends(middle, b, depth + 1)]

    def last_before(self, before: Ray, turn: float) -> Ray | None:
        """The ray furthest round the arc after `before` and short of `turn`, where the
        walk is blocked or the budget gone (NARROWED halvings on); None where none
        leaves past `before`."""
        low, high, found = before[0], turn, None
        for _ in range(NARROWED):
            middle = self.ray(before if found is None else found, (low + high) / 2, 0.0)
            if middle is None:
                high = (low + high) / 2
            else:
                low, found = middle[0], middle
        return found

    def refine(self, rays: list[Ray], nxt: Ray, depth: int = 0) -> None:
        """Add rays between the last one and `nxt` where the two stop differently,
        pass different heavy terrain, the edge between their ends is not clear or
        falls over CHORD_SAG short of their front in cost (`sags`: the rays were
        spaced for the budget's length, but where they end in heavy terrain a mm
        short costs its rate) (down to a hundredth of a degree)."""
        last = rays[-1]
        if depth >= 10 or nxt[0] - last[0] < math.radians(0.01):
            return
        if (
            last[2] == nxt[2]
            and last[4] == nxt[4]
            and self.mover.first_hit(last[1], nxt[1]) is None
            and not sags(last[1], nxt[1], nxt[0] - last[0], end_rate(self.mover.heavy, last[4]))
        ):
            return
        middle = self.ray(last, (last[0] + nxt[0]) / 2, 0.0)
        if middle is None:
            return
        self.refine(rays, middle, depth + 1)
        rays.append(middle)
        self.refine(rays, nxt, depth + 1)
