"""Walks round an obstacle next to where a path crosses heavy terrain's outline
(for refine.py): with the crossing slid along the outline, the walk meets the
obstacle's arc (or leaves it) at the tangent to the crossing, its far end staying
(`Wrap`); where the straight way from a crossing is cut off, the walk round the
corner in the way (`Wrap.round`); a crossing on an arc the path bends round,
pulled tight round it (`tightened`). The arcs are the rounded corners of the
board's grown obstacles (`circles`), a path's points on them found by `arc_of`.
A walk's straight segments are as many as `arc_points` would walk it with, and one
more that grows as the turn does (`_split`): its cost changes smoothly as the
crossing slides, and is never dearer than theirs. It is weighed (`Wrap.cost_to`)
with the heavy terrain about its arc sorted by direction (`Ring`): its segments
clear of every outline there cost what `segment_cost` gives them, without
clipping each; `Wrap.cost_near` gives the same to float rounding without working
out their corners (all but the one that grows are one chord long), for the
search for a crossing's place.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from dataclasses import dataclass

from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.graph import router
from tabletop.games.skirmish.table.passage import Passage
from tabletop.games.skirmish.table.planar import Point
from tabletop.games.skirmish.table.spans import Heavy, segment_cost
from tabletop.games.skirmish.table.tangents import ARC_TURN, TAU, arc_points

#: the arcs of the last KEPT passages (a passage is one warrior on one table version)
KEPT = 32
_circles: dict[Passage, list[tuple[str, Point, float]]] = {}


def circles(passage: Passage) -> list[tuple[str, Point, float]]:
    """The arcs a path may walk round: each rounded corner of the board's grown
    obstacles (not the warrior's own), as its owner, centre and radius (kept per
    passage: every path refined asks)."""
    found = _circles.get(passage)
    if found is None:
        if len(_circles) >= KEPT:
            del _circles[next(iter(_circles))]
        found = _circles[passage] = [
            (body.owner, corner, body.radius)
            for body in router(passage.board).bodies
            if not body.point and body.owner != passage.model_id
            for corner in body.corners
        ]
    return found


#: a point walking an arc lies this much outside it at most (the corners of the straight
#: segments that walk it), as a share of its radius
_OUTSIDE = 1.0 / math.cos(ARC_TURN / 2) - 1.0


def arc_of(p: Point, circles: list[tuple[str, Point, float]]) -> tuple[Point, float] | None:
    """The arc p lies on (a corner of the straight segments walking it), or None."""
    x, y = p
    for _owner, centre, radius in circles:
        dx, dy = x - centre[0], y - centre[1]
        outer = radius * (1.0 + _OUTSIDE) + 1e-7
        if abs(dx) > outer or abs(dy) > outer:
            continue
        d = math.hypot(dx, dy)
        if radius - 1e-7 <= d <= outer:
            return centre, radius
    return None


def tightened(prev: Point, q: Point, nxt: Point, arc: tuple[Point, float]) -> list[Point] | None:
    """The way prev - q - nxt with q on an arc it bends round, pulled tight round
    the arc (from the tangent from prev to the tangent to nxt); None where it
    does not bend round it."""
    (cx, cy), r = arc
    d0, d1 = math.dist(prev, (cx, cy)), math.dist(nxt, (cx, cy))
    if d0 <= r or d1 <= r:
        return None
    bend = (q[0] - prev[0]) * (nxt[1] - q[1]) - (q[1] - prev[1]) * (nxt[0] - q[0])
    o = 1 if bend > 0 else -1
    meet = math.atan2(prev[1] - cy, prev[0] - cx) + o * math.acos(r / d0)
    leave = math.atan2(nxt[1] - cy, nxt[0] - cx) - o * math.acos(r / d1)
    turn = (o * (leave - meet)) % TAU
    if turn > math.pi:
        return None
    return [prev, *arc_points((cx, cy), r, meet, o * turn), nxt]


@dataclass(frozen=True)
class Wrap:
    """A stretch of a path walking an arc (`centre`, `radius`, `orient` 1 counter-
    clockwise) between a crossing of heavy terrain's outline and `end`, the far end
    of the walk, which stays: with the crossing elsewhere, the walk meets it at
    the tangent to it."""

    centre: Point
    radius: float
    orient: int
    end: Point
    #: whether the walk comes before the crossing (it walks from `end` to the crossing)
    first: bool
    #: the path's point beyond the walk, where it comes from a point off the arc (the
    #: walk then ends at the tangent from it, `end`)
    beyond: Point | None = None

    @staticmethod
    def round(
        passage: Passage, circles: list[tuple[str, Point, float]], a: Point, b: Point, first: bool
    ) -> Wrap | None:
        """Where the straight way a-b is cut off by an obstacle: the walk round the
        corner of it the way runs deepest into, on the side the way passes it,
        from the crossing's neighbour (a where `first`, else b) on; None where
        nothing of the board's obstacles is in the way."""
        hit = passage.board.grown.owners_hit(a, b) - {passage.model_id}
        deepest = None
        for owner, centre, radius in circles:
            if owner in hit:
                depth = radius - planar.point_segment_distance(centre, a, b)
                if depth > 0 and (deepest is None or depth > deepest[0]):
                    deepest = (depth, centre, radius)
        if deepest is None:
            return None
        _depth, (cx, cy), r = deepest
        # the way passes with the corner's centre on its left: counter-clockwise round it
        o = 1 if (b[0] - a[0]) * (cy - a[1]) - (b[1] - a[1]) * (cx - a[0]) > 0 else -1
        far = a if first else b
        d = math.dist(far, (cx, cy))
        if d <= r:
            return None
        tangent = math.atan2(far[1] - cy, far[0] - cx) + (o if first else -o) * math.acos(r / d)
        end = (cx + r * math.cos(tangent), cy + r * math.sin(tangent))
        return Wrap((cx, cy), r, o, end, first, far)

    @staticmethod
    def of(
        path: list[Point], end: int, near: int, arc: tuple[Point, float] | None, crossing: Point, first: bool
    ) -> Wrap | None:
        """The walk of path[end..near] (near next to the crossing, after it where
        `first`), or None where path[near] walks no arc."""
        if arc is None or end in (0, len(path) - 1):
            return None
        centre, radius = arc
        # which way round: from two points of the walk in its order, or for one point
        # from the way between it and the crossing
        if end != near:
            a, b = (path[end], path[end + 1]) if first else (path[near], path[near + 1])
            turn = (a[0] - centre[0]) * (b[1] - centre[1]) - (a[1] - centre[1]) * (b[0] - centre[0])
        else:
            p = path[near]
            heading = (crossing[0] - p[0], crossing[1] - p[1]) if first else (p[0] - crossing[0], p[1] - crossing[1])
            turn = (p[0] - centre[0]) * heading[1] - (p[1] - centre[1]) * heading[0]
        return Wrap(centre, radius, 1 if turn > 0 else -1, path[end], first)

    def _tangent_turn(self, q: Point) -> tuple[float, float, float]:
        """The angles of the tangent to q where the walk leaves (first) or meets the
        arc and of `end`, and the turn walked between them (0 to 2 pi, the walk's way)."""
        c, r, o = self.centre, self.radius, self.orient
        d = max(math.dist(q, c), r)
        sign = -o if self.first else o
        tangent = math.atan2(q[1] - c[1], q[0] - c[0]) + sign * math.acos(r / d)
        end = math.atan2(self.end[1] - c[1], self.end[0] - c[0])
        turn = (o * (tangent - end)) % TAU if self.first else (o * (end - tangent)) % TAU
        return tangent, end, turn

    def _walk(self, q: Point) -> tuple[list[Point], list[Point], float, float, int]:
        """The walk to (or from) q: the points before the arc's corners (the point
        beyond, `end`), the corners (`_grid` from `end` by `turn`, signed: listed
        from the end, the way round the walk goes where it comes first, else back
        from the end towards the tangent), the direction of `end`, that turn, and
        how many of the corners turn alike (`_split`); no corners where the tangent lies
        behind the end (then only the point beyond, or `end`)."""
        c, r, o = self.centre, self.radius, self.orient
        _tangent, end, turn = self._tangent_turn(q)
        ahead = [] if self.beyond is None else [self.beyond]
        if turn > math.pi:
            # the tangent lies behind the end: straight on from it (from the point
            # beyond, where the walk was only to go round what was in the way)
            return (ahead or [self.end]), [], 0.0, 0.0, 0
        signed = o * turn if self.first else -o * turn
        corners, full = _grid(c, r, end, signed)
        return [*ahead, self.end], corners, end, signed, full

    def to(self, q: Point) -> list[Point]:
        """The walk from `end` round the arc to where it leaves for q (or, not
        first, meets it coming from q), in that order. (Where q lies inside the arc,
        to the point of it nearest q: no way, see `inside`.)"""
        head, corners, _start, _turn, _full = self._walk(q)
        return head + corners

    def cost_to(self, q: Point, heavy: list[Heavy], ring: Ring) -> float:
        """What the way `to(q)` and on to q costs: the legs off the arc (from the
        point beyond to `end`, from the last corner to q) over all of `heavy`, the
        segments walking the arc over the parts about it (`ring`'s); those lying
        clear of every outline there as `ring` sorts them, term for term the sums
        `segment_cost` works out for them."""
        head, corners, start, turn, full = self._walk(q)
        total = segment_cost(corners[-1] if corners else head[-1], q, heavy)
        near = ring.heavy
        for a, b in zip(head, head[1:] + corners[:1], strict=False):
            total += segment_cost(a, b, near if a is not self.beyond else heavy)
        count = len(corners)
        if count < 2:
            return total
        # the segment between corners k and k + 1 of one turn (in the order listed);
        # the one on to the last, that grows, weighed as any
        _count, even, _grown = _split(abs(turn))
        sorts: list[tuple[float, ...] | None] = ring.along(start, math.copysign(even, turn), full)
        sorts += [None] * (count - 1 - len(sorts))
        hypot = math.hypot
        for a, b, inside in zip(corners, corners[1:], sorts, strict=False):
            if inside is None:
                total += segment_cost(a, b, near)
                continue
            length = hypot(b[0] - a[0], b[1] - a[1])
            # segment_cost's sums: the length, plus each part's extra x (1.0 - 0.0) x the
            # length (the same floats)
            extra_cost = 0.0
            for extra in inside:
                extra_cost += extra * length
            total += length + extra_cost
        return total

    def cost_near(self, q: Point, heavy: list[Heavy], ring: Ring) -> float:
        """`cost_to(q)` to float rounding, without working out every corner: the
        segments walking the arc that turn alike are all as long (a chord of the
        corners' circle), those `ring` sorts weighed by their sort, the corners of
        the others (and of the one that grows, and of the legs off the arc) placed
        as `_grid` places them. For the search for a crossing's place, which asks
        it many times."""
        c, r, o = self.centre, self.radius, self.orient
        _tangent, end, turn = self._tangent_turn(q)
        if turn > math.pi or turn < _NO_TURN:
            # no corners (as `_walk`): straight on from the point beyond, or from the end
            return self.cost_to(q, heavy, ring)
        head = [self.end] if self.beyond is None else [self.beyond, self.end]
        signed = o * turn if self.first else -o * turn
        full, even, grown = _split(turn)
        step = math.copysign(even, signed)
        outer = r / math.cos(even / 2)
        cx, cy = c

        def corner(k: int) -> Point:
            """Corner k of those turning `even`, in the order listed (from `end`)."""
            angle = end + (k + 0.5) * step
            return (cx + outer * math.cos(angle), cy + outer * math.sin(angle))

        short = None if grown < _NO_TURN else _corner(c, r, end + full * step + math.copysign(grown, signed) / 2, grown)
        first = corner(0)
        last = short if short is not None else corner(full - 1)
        near = ring.heavy
        total = segment_cost(last, q, heavy)
        for a, b in zip(head, [*head[1:], first], strict=True):
            total += segment_cost(a, b, near if a is not self.beyond else heavy)
        if short is not None and full:
            before = corner(full - 1)
            inside = ring.between(end + (full - 0.5) * step, end + full * step + math.copysign(grown, signed) / 2)
            if inside is None:
                total += segment_cost(before, short, near)
            else:
                length = math.hypot(short[0] - before[0], short[1] - before[1])
                total += length + sum(extra * length for extra in inside)
        if full < 2:
            return total
        chord = 2.0 * outer * math.sin(abs(even) / 2)
        weight = 0.0  # the chords' extra weights and count, summed
        for k, inside in enumerate(ring.along(end, step, full)):
            if inside is None:
                total += segment_cost(corner(k), corner(k + 1), near)
                continue
            weight += 1.0
            for extra in inside:
                weight += extra
        return total + chord * weight

    def near(self, heavy: list[Heavy]) -> list[Heavy]:
        """The parts of heavy terrain whose box meets the arc's (the walk's straight
        segments lie just outside it)."""
        (cx, cy), reach = self.centre, self.radius * (1.0 + _OUTSIDE) + 1e-6
        return [
            h
            for h in heavy
            if h.box[0] <= cx + reach and h.box[2] >= cx - reach and h.box[1] <= cy + reach and h.box[3] >= cy - reach
        ]

    def inside(self, q: Point) -> float:
        """How far q lies inside the arc (0 outside it)."""
        return max(0.0, self.radius - math.dist(q, self.centre))


#: a turn under this (radians) is none
_NO_TURN = 1e-12


def _split(turn: float) -> tuple[int, float, float]:
    """How a walk next to a crossing turns (unsigned `turn`), in segments each
    touching the arc: as many as `arc_points` walks it with, each turning `even`,
    and one more turning `grown`, that grows from nothing where `arc_points`
    walks the turn with one segment more than a little less of it to as much as
    each of those where it would walk it with one more: as the crossing slides the
    walk's cost changes smoothly (where the segments of `arc_points`, all of one
    turn, grow one more the cost drops a little: a search for the crossing's place
    settles on such a step, each way to a goal on its own), and it is never dearer
    than that walk (each segment turns at most as far as theirs, so it is at most
    as long for its turn). (count, even, grown)"""
    count = max(1, math.ceil(turn / ARC_TURN - 1e-9))
    grown = (turn - (count - 1) * ARC_TURN) * count / (count + 1)
    return count, (turn - grown) / count, grown


def _corner(centre: Point, radius: float, angle: float, turn: float) -> Point:
    """The corner of the segment touching the arc at `angle` and turning `turn`."""
    far = radius / math.cos(turn / 2)
    return (centre[0] + far * math.cos(angle), centre[1] + far * math.sin(angle))


def _grid(centre: Point, radius: float, start: float, turn: float) -> tuple[list[Point], int]:
    """The corners of the segments walking an arc next to a crossing from direction
    `start` by `turn` (signed), as `_split` turns them (the one that grows last, none
    where it turns nothing); and how many turn `even`."""
    if abs(turn) < _NO_TURN:
        return [], 0
    count, even, grown = _split(abs(turn))
    step = math.copysign(even, turn)
    corners = [_corner(centre, radius, start + (k + 0.5) * step, even) for k in range(count)]
    if grown >= _NO_TURN:
        corners.append(_corner(centre, radius, start + count * step + math.copysign(grown, turn) / 2, grown))
    return corners, count


def ring_of(rings: dict[tuple[Point, float], Ring], wrap: Wrap, heavy: list[Heavy]) -> Ring:
    """The `Ring` of the wrap's arc over the parts of `heavy` about it (`Wrap.near`),
    kept in `rings`."""
    key = (wrap.centre, wrap.radius)
    found = rings.get(key)
    if found is None:
        found = rings[key] = Ring(wrap.centre, wrap.radius, wrap.near(heavy))
    return found


#: how far (mm) the segments walking an arc keep from heavy terrain's outline where
#: `Ring` takes them as wholly inside or outside a part: far above the float error
#: of the sums `heavy_spans` works out for them (and of the corners' places)
_CLEAR = 1e-5


class Ring:
    """The parts of heavy terrain about an arc (`centre`, `radius`), sorted by
    direction from the centre: where their outlines come within `_CLEAR` of the
    ring the segments walking the arc lie in (between the arc and its corners, at
    most ARC_TURN apart), and in between, which parts the ring lies inside. A
    segment clear of every outline lies wholly inside or outside each part:
    `heavy_spans` finds the whole of it in each part it lies in, and nothing of the
    others."""

    def __init__(self, centre: Point, radius: float, heavy: list[Heavy]) -> None:
        self.heavy = heavy
        cx, cy = centre
        inner = radius - _CLEAR
        outer = radius / math.cos(ARC_TURN * 0.5005) + _CLEAR
        turn = _CLEAR / inner  # the angle _CLEAR makes at the ring
        # the directions where an outline comes near the ring, from -pi on (one
        # running past pi split in two)
        near: list[tuple[float, float]] = []
        for h in heavy:
            for x1, y1, ex, ey, _tol in h.edges:
                for lo, hi in _edge_arcs(x1 - cx, y1 - cy, ex, ey, inner, outer):
                    lo -= turn
                    hi += turn
                    shift = math.floor((lo + math.pi) / TAU) * TAU
                    lo, hi = lo - shift, hi - shift
                    if hi >= math.pi:
                        near += [(lo, math.pi), (-math.pi, hi - TAU)]
                    else:
                        near.append((lo, hi))
        near.sort()
        merged: list[list[float]] = []
        for lo, hi in near:
            if merged and lo <= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], hi)
            else:
                merged.append([lo, hi])
        #: the directions between which the ring is clear of every outline, and
        #: there the extra cost of each part it lies in (in the order of `heavy`);
        #: None where an outline comes near
        self.bounds: list[float] = []
        self.found: list[tuple[float, ...] | None] = []
        edge = -math.pi
        for lo, hi in [*merged, [math.pi, math.pi]]:
            if lo > edge:
                middle = (edge + lo) / 2
                p = (cx + radius * math.cos(middle), cy + radius * math.sin(middle))
                self.bounds.append(edge)
                self.found.append(tuple(h.extra for h in heavy if _strictly_inside(p, h)))
            if hi > lo:
                self.bounds.append(lo)
                self.found.append(None)
            edge = max(edge, hi)

    def between(self, a: float, b: float) -> tuple[float, ...] | None:
        """`inside` for the segment between the corners in directions a and b (less
        than a half turn apart): the sort of the stretch of the ring between outlines
        that holds it (a nanoradian to spare, as `along`), None where none does."""
        lo, hi = (a, b) if a <= b else (b, a)
        shift = math.floor((lo + math.pi) / TAU) * TAU
        lo, hi = lo - shift, hi - shift
        bounds = self.bounds
        i = bisect_right(bounds, lo) - 1
        if i < 0 or lo < bounds[i] + 1e-9:
            return None
        if hi > (bounds[i + 1] if i + 1 < len(bounds) else math.pi) - 1e-9:
            return None
        return self.found[i]

    def along(self, start: float, step: float, count: int) -> list[tuple[float, ...] | None]:
        """`inside` for each segment between the corners `arc_points` puts `step`
        apart from direction `start` (count of them): the segment k from corner k
        to k + 1. Where a stretch of the ring between outlines holds whole
        segments, those are found by division (a nanoradian to spare: far under
        the angle _CLEAR makes); the segments across an end of it are None."""
        found: list[tuple[float, ...] | None] = [None] * (count - 1)
        if count < 2:
            return found
        width = abs(step)
        # the directions from the least on, so that segment m runs from base + m width
        # (the segments from the last corner back where the walk turns clockwise)
        base = start + 0.5 * step if step > 0 else start + (count - 0.5) * step
        shift = math.floor((base + math.pi) / TAU) * TAU
        base -= shift
        top = base + (count - 1) * width
        bounds = self.bounds
        n = len(bounds)
        for turn in (0.0, TAU):
            for i in range(n):
                sort = self.found[i]
                if sort is None:
                    continue
                lo = bounds[i] + turn
                hi = (bounds[i + 1] if i + 1 < n else math.pi) + turn
                if hi <= base or lo >= top:
                    continue
                first = max(0, math.ceil((lo - base) / width + 1e-9))
                last = min(count - 2, math.floor((hi - base) / width - 1.0 - 1e-9))
                if first <= last:
                    found[first : last + 1] = [sort] * (last - first + 1)
        if step < 0:
            found.reverse()
        return found


def _strictly_inside(p: Point, h: Heavy) -> bool:
    """Whether p lies inside the part, not along a side (`heavy_spans`'s test)."""
    x, y = p
    return all(ex * (y - y1) - ey * (x - x1) >= tol for x1, y1, ex, ey, tol in h.edges)


def _edge_arcs(ax: float, ay: float, ex: float, ey: float, inner: float, outer: float) -> list[tuple[float, float]]:
    """The directions (from the origin) of the points of the segment from (ax, ay)
    along (ex, ey) that lie between `inner` and `outer` of it, widened by _CLEAR
    along the segment: each stretch as (least, greatest) direction, the greatest
    past pi where the stretch crosses it."""
    square = ex * ex + ey * ey
    if square == 0.0:
        d = math.hypot(ax, ay)
        if inner <= d <= outer:
            angle = math.atan2(ay, ax)
            return [(angle, angle)]
        return []
    length = math.sqrt(square)
    pad = _CLEAR / length
    half = ax * ex + ay * ey
    start = ax * ax + ay * ay

    def roots(radius: float) -> tuple[float, float] | None:
        """Where the segment's line is `radius` from the origin (fractions of it)."""
        disc = half * half - square * (start - radius * radius)
        if disc < 0.0:
            return None
        root = math.sqrt(disc)
        return (-half - root) / square, (-half + root) / square

    within = roots(outer)
    if within is None:
        return []
    lo, hi = max(0.0, within[0] - pad), min(1.0, within[1] + pad)
    if lo > hi:
        return []
    stretches = [(lo, hi)]
    hole = roots(inner)
    if hole is not None and hole[0] + pad < hole[1] - pad:
        h0, h1 = hole[0] + pad, hole[1] - pad
        stretches = [(u, v) for u, v in ((lo, min(hi, h0)), (max(lo, h1), hi)) if u <= v]
    found = []
    for u, v in stretches:
        a0 = math.atan2(ay + ey * u, ax + ex * u)
        a1 = math.atan2(ay + ey * v, ax + ex * v)
        turn = (a1 - a0 + math.pi) % TAU - math.pi  # the shorter way: the stretch passes outside `inner`
        found.append((a0, a0 + turn) if turn >= 0.0 else (a0 + turn, a0))
    return found
