"""Fans of straight rays from one point over heavy terrain and past obstacles, in
closed form (reach.py): `closed_fan`, and `side_fan` from a point on heavy
terrain's outline. A straight ray from the point ends where it first meets an
obstacle (the visible disc, visibility.py: for each direction which piece and how
far, in closed form) or where its cost reaches the budget (heavy parts it crosses
cost their rate a mm; between two directions in which it enters and leaves the
same parts by the same sides, where it does so is a closed form of the
direction), whichever is nearer.

The directions are split where the piece seen changes, at the directions of the
heavy parts' corners (the sides a ray crosses change there) and where a piece or a
side comes nearest to the point (between two splits how far a ray meets each
grows one way: where the budget runs out before any side (or in the part the
point lies in) at both ends of a stretch, it does so between them, on a circle
about the point, and the piece lies no nearer than at one of them). Found by
bisection, the two rays either side of where the nearer of the two ends changes
or the budget runs out in another stretch of the ray (before a part, in it, past
it: there the front bends toward the point). The front between two neighbouring
rays is drawn by the straight edge joining their ends: on a circle, at most
CHORD_SAG inside it; elsewhere tried at the ray between them (at most CHORD_SAG
beyond it along that ray) and kept clear of the piece seen there exactly. An
obstacle's circle is drawn by segments tangent to it, outside it (as the visible
disc draws it), each corner within the budget. Directions where that does not
settle within `_DEEPEST` halvings, or whose rays cross heavy parts that overlap,
are left to cast.

A ray along a side of heavy terrain whose line runs through the point (from a
corner, or from a node on the side) runs outside the terrain (spans.heavy_spans)
and may reach farther than the rays either side of it: its end is put beside
theirs, and where it bounds a wedge it is turned a hair off the side out of the
wedge, so that what lies along the side is inside a wedge, not on its edge.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from tabletop.games.skirmish.table.passage import Passage
from tabletop.games.skirmish.table.pieces import TAU, Circle, Line, Piece
from tabletop.games.skirmish.table.planar import Point, Polygon, without_repeats
from tabletop.games.skirmish.table.rays import CHORD_SAG, chord_step, sag_step
from tabletop.games.skirmish.table.spans import Heavy
from tabletop.games.skirmish.table.visibility import Disc, visible_disc

#: how much wider (radians) either side the directions left to cast are: the
#: ray they share with a polygon drawn here lies inside one of them, not on the
#: edge of both (a point on it would be in neither by float noise)
_OVERLAP = 1e-9
#: the most halvings between two rays before their directions are left to cast
_DEEPEST = 24
#: how near (radians) two rays either side of a change of stretch are found
_BISECTED = 1e-9
#: how far (mm) the straight edge between two rays' ends may run into the piece
#: they see (float noise: the ends may lie on it)
_GRAZE = 1e-9
#: rays crossing two heavy parts overlapping by more than this (mm along the ray)
#: are left to cast
_OVERLAPPING = 1e-9
#: how much farther (mm) a ray along a side of heavy terrain must reach than its
#: stretch's edge ray for its end to be put beside that one
_LONGER = 1e-9
#: how far (mm) the end of a ray along a side of heavy terrain is turned off it, and
#: a stretch's edge ray beside it into the stretch: half the tolerance of a side
#: (heavy parts' edges: 1e-9 mm across), so that a straight way to a point between
#: counts as running along the side (spans.heavy_spans)
_OFF_SIDE = 5e-10

#: a ray: (angle, end, distance, stretch: -1 stopped by the piece seen, else how
#: many ends of heavy parts it passed before the budget ran out; that count where
#: the budget runs out, stopped or not)
_Ray = tuple[float, Point, float, int, int]
#: a heavy part a ray passes: (constant and slope of the side it enters by (None:
#: it starts inside), the same of the side it leaves by, its rate)
_Pass = tuple[tuple[float, float, float] | None, tuple[float, float, float], float]


def closed_fan(
    mover: Passage, origin: Point, budget: float, low: float, width: float
) -> tuple[list[Polygon], list[tuple[float, float]]] | None:
    """The fan of straight rays from origin over [low, low + width] with `budget`:
    polygons drawn in closed form, and the directions (first, width) left to cast;
    None where the warrior starts on terrain it is leaving (its rays pass what it
    leaves) or origin sees nothing."""
    if mover.leaving and origin == mover.start:
        return None
    disc = visible_disc(mover.field, origin, budget, low, width)
    if not disc.spans:
        return None
    start, full = disc.low, disc.width
    closed = full >= TAU
    heavy = [h for h in mover.heavy if _box_distance(origin, h.box) <= budget]
    marks, along = _marks(disc, heavy, budget)
    offsets = sorted(m for m in marks if m <= full)
    if closed:
        offsets = [m for m in offsets if m < full] + [full]
    # each stretch of directions: its rays in order, or None (left to cast), and
    # the ends of its first and last ray where they run along a side
    pieces: list[tuple[float, float, list[Point] | None, Point | None, Point | None]] = []
    for o0, o1 in zip(offsets, offsets[1:], strict=False):
        if o1 - o0 < 1e-10:
            continue
        a0, a1 = start + o0, start + o1
        seen = disc.span_at((a0 + a1) / 2)
        piece = None if seen is None else seen.piece
        passes = _passes(heavy, origin, (a0 + a1) / 2)
        ends = None if passes is None else _stretch(origin, budget, piece, passes, a0, a1)
        lead = tail = None
        if ends is not None and along:
            ends, lead, tail = _along_sides(
                disc, heavy, origin, budget, piece, ends, (a0, _near_any(o0, along)), (a1, _near_any(o1, along))
            )
        pieces.append((a0, a1, ends, lead, tail))
    drawn: list[Polygon] = []
    rest: list[tuple[float, float]] = []
    if closed and all(ends is not None for _a0, _a1, ends, _l, _t in pieces):
        ring = [p for _a0, _a1, ends, _l, _t in pieces for p in ends or ()]
        drawn.append(without_repeats(ring))
        return drawn, rest
    if closed:
        # start at a stretch left to cast: every run drawn is one wedge
        first = next(i for i, (_a0, _a1, ends, _l, _t) in enumerate(pieces) if ends is None)
        pieces = pieces[first:] + pieces[:first]
    run: list[Point] = []
    cast_before = False
    last_along: Point | None = None
    for a0, a1, ends, lead, tail in pieces:
        if ends is None:
            if len(run) >= 2:
                drawn.append(_wedge(origin, run, last_along))
            run = []
            if cast_before:
                rest[-1] = (rest[-1][0], rest[-1][1] + (a1 - a0))
            else:
                rest.append((a0 - _OVERLAP, a1 - a0 + 2 * _OVERLAP))
        else:
            if not run and lead is not None:
                # a wedge's first ray runs along a side: its end turned off it out of the wedge first
                ends = [_off_side(origin, lead, -1.0), *ends]
            run += ends
            last_along = tail
        cast_before = ends is None
    if len(run) >= 2:
        drawn.append(_wedge(origin, run, last_along))
    return [p for p in drawn if len(p) >= 3], rest


def _wedge(origin: Point, run: list[Point], last_along: Point | None) -> Polygon:
    """The wedge from origin over the ray ends `run`, and where its last ray runs
    along a side (`last_along`: its end), that end turned off it out of the wedge."""
    if last_along is not None:
        run = [*run, _off_side(origin, last_along, 1.0)]
    return without_repeats([origin, *run])


def _near_any(offset: float, offsets: set[float]) -> bool:
    """Whether offset lies within float noise of one of `offsets` (either way round)."""
    return any(abs((offset - m + math.pi) % TAU - math.pi) < 1e-9 for m in offsets)


def _off_side(origin: Point, end: Point, way: float) -> Point:
    """end turned about origin (way: 1 with growing angle, -1 against it) by
    `_OFF_SIDE` mm: a point on the side of heavy terrain a ray from origin runs along
    lies inside the wedge, not on its edge, and what lies between stays within a
    side's tolerance of it (a straight way there runs along the side)."""
    reach = math.dist(origin, end)
    return end if reach == 0.0 else _turned(origin, end, way * _OFF_SIDE / reach)


def _marks(disc: Disc, heavy: list[Heavy], budget: float) -> tuple[set[float], set[float]]:
    """The directions (offsets from the disc's first) that split the fan: where the
    piece seen changes, where a heavy part's corner lies (the sides a ray crosses
    change), and where a piece, or a heavy part's side within the budget, comes
    nearest to origin (on either side how far a ray meets it grows one way); and
    those of them along a side whose line runs through origin (within its
    tolerance)."""
    ox, oy = disc.source
    start = disc.low
    atan2 = math.atan2
    marks = {0.0, disc.width}
    along: set[float] = set()
    for span in disc.spans:
        marks.add((span.low - start) % TAU)
        marks.add((span.high - start) % TAU)
        piece = span.piece
        if isinstance(piece, Circle):
            marks.add((atan2(piece.y - oy, piece.x - ox) - start) % TAU)
        elif isinstance(piece, Line):
            marks.add((atan2(piece.my, piece.mx) - start) % TAU)
    for h in heavy:
        for (x1, y1, ex, ey, tol), length in zip(h.edges, h.lengths, strict=True):
            if abs(x1 - ox) + abs(y1 - oy) > 1e-9:
                marks.add((atan2(y1 - oy, x1 - ox) - start) % TAU)
            c = ex * (oy - y1) - ey * (ox - x1)
            if abs(c) <= tol:
                # (toward either corner of the side not at origin: the same direction
                # unless origin lies between them)
                for x, y in ((x1, y1), (x1 + ex, y1 + ey)):
                    if abs(x - ox) + abs(y - oy) > 1e-9:
                        along.add((atan2(y - oy, x - ox) - start) % TAU)
            # (a side whose line lies beyond the budget never bounds where it runs out;
            # the foot on its line lies the way origin's cross product's sign picks)
            if 1e-12 < abs(c) <= budget * length:
                marks.add(((atan2(ex, -ey) if c < 0.0 else atan2(-ex, ey)) - start) % TAU)
    return marks, along


def _along_sides(
    disc: Disc,
    heavy: list[Heavy],
    origin: Point,
    budget: float,
    piece: Piece | None,
    ends: list[Point],
    first: tuple[float, bool],
    last: tuple[float, bool],
) -> tuple[list[Point], Point | None, Point | None]:
    """A stretch's ray ends with those of its edge rays that run along a side of
    heavy terrain (`first`, `last`: the direction, and whether it does) as they
    are: a ray along the outline runs outside the terrain (spans.heavy_spans),
    where the stretch's rays next to it run inside and end nearer. There the
    stretch's own end, and the ray's end put beside it, are turned a hair
    (`_OFF_SIDE`) into the stretch: what lies along the side up to its end is
    inside the polygon, not on its edge. Also the ends of the first and the last
    ray where they run along a side (the caller turns them off it out of a wedge
    they bound). `piece`: the one
    the stretch's rays see (at a change of the piece seen the ray stops at the
    nearer)."""
    found: list[Point | None] = [None, None]
    for (angle, is_along), at in ((first, 0), (last, -1)):
        if not is_along:
            continue
        passes = _passes(heavy, origin, angle)
        if passes is None:
            continue
        seen = disc.span_at(angle)
        end: Point | None = None
        for there in {piece, None if seen is None else seen.piece}:
            exact = _stretch(origin, budget, there, passes, angle, angle)
            if exact is None:
                end = None
                break
            if end is None or math.dist(origin, exact[0]) < math.dist(origin, end):
                end = exact[0]
        if end is None:
            continue
        found[at] = end
        near = ends[at]
        reach = math.dist(origin, end)
        if reach <= math.dist(origin, near) + _LONGER:
            continue
        # into the stretch, by less than the way to its next ray end
        toward = ends[1] if at == 0 else ends[-2]
        gap = abs((math.atan2(toward[1] - origin[1], toward[0] - origin[0]) - angle + math.pi) % TAU - math.pi)
        turn = min(_OFF_SIDE / reach, gap / 3) * (1.0 if at == 0 else -1.0)
        beside = [_turned(origin, end, turn), _turned(origin, near, turn)]
        ends = [*beside, *ends[1:]] if at == 0 else [*ends[:-1], *beside[::-1]]
    return ends, found[0], found[1]


def _turned(origin: Point, p: Point, angle: float) -> Point:
    """p turned about origin by `angle`."""
    ox, oy = origin
    dx, dy = p[0] - ox, p[1] - oy
    c, s = math.cos(angle), math.sin(angle)
    return (ox + dx * c - dy * s, oy + dx * s + dy * c)


def side_fan(
    mover: Passage, x: Point, budget: float, low: float, width: float
) -> tuple[list[Polygon], list[tuple[float, float]]] | None:
    """`closed_fan` from x on a side of heavy terrain's outline (each ray's media
    are found along it, either side alike); None where the warrior is leaving
    terrain (the caller casts)."""
    if mover.leaving:
        return None
    return closed_fan(mover, x, budget, low, width)


def _box_distance(x: Point, box: tuple[float, float, float, float]) -> float:
    left, top, right, bottom = box
    return math.hypot(max(left - x[0], 0.0, x[0] - right), max(top - x[1], 0.0, x[1] - bottom))


def _passes(heavy: list[Heavy], origin: Point, angle: float) -> list[_Pass] | None:
    """The heavy parts the ray from origin in direction `angle` crosses, nearest
    first, each by the sides it enters and leaves by (as closed forms of the
    direction: t = -c / (ex sin - ey cos) for a side (x1, y1, ex, ey) with c its
    cross product with origin); None where two of them overlap along it, or it runs
    along a seam between two parts of a piece."""
    ox, oy = origin
    ux, uy = math.cos(angle), math.sin(angle)
    found: list[tuple[float, float, _Pass]] = []
    for h in heavy:
        t0, t1 = 0.0, math.inf
        enter: tuple[float, float, float] | None = None
        leave: tuple[float, float, float] | None = None
        for x1, y1, ex, ey, tol in h.edges:
            c = ex * (oy - y1) - ey * (ox - x1)
            s = ex * uy - ey * ux
            if s > 0.0:
                t = -c / s
                # (from a point on the side's line (within a billionth of a mm) it starts inside)
                if t > t0 and c < -tol:
                    t0, enter = t, (c, ex, ey)
            elif s < 0.0:
                t = -c / s
                if t < t1:
                    t1, leave = t, (c, ex, ey)
            elif c < 0.0:
                t1 = -math.inf
                break
        if t1 > t0 and leave is not None:
            # strictly inside at its middle, not along a side (as spans.heavy_spans: a
            # stretch running along the outline counts as outside; one along a seam
            # between two parts of a piece runs inside it, at the cheaper part's
            # rate: left to cast, as heavy_spans costs it)
            t = (t0 + t1) / 2
            mx, my = ox + ux * t, oy + uy * t
            side = next(
                (i for i, (x1, y1, ex, ey, tol) in enumerate(h.edges) if ex * (my - y1) - ey * (mx - x1) < tol), None
            )
            if side is None:
                found.append((t0, t1, (enter, leave, 1.0 + h.extra)))
            elif side not in h.lone:
                return None
    found.sort(key=lambda f: f[0])
    for (_s0, s1, _p), (t0, _t1, _q) in zip(found, found[1:], strict=False):
        if t0 < s1 - _OVERLAPPING:
            return None
    return [p for _t0, _t1, p in found]


def _stretch(
    origin: Point, budget: float, piece: Piece | None, passes: list[_Pass], a0: float, a1: float
) -> list[Point] | None:
    """The ray ends over [a0, a1] (both included), in order, drawn as the module
    says; None where they are left to cast."""
    ox, oy = origin
    cos, sin = math.cos, math.sin
    hit = None if piece is None else piece.hit

    def ray(angle: float) -> _Ray:
        ux, uy = cos(angle), sin(angle)
        t = spent = 0.0
        stretch = 0
        reached = -1.0
        for enter, (c, ex, ey), rate in passes:
            t_in = 0.0
            if enter is not None:
                s = enter[1] * uy - enter[2] * ux
                t_in = -enter[0] / s if s > 0.0 else math.inf
                if t_in < t:
                    t_in = t
            s = ex * uy - ey * ux
            t_out = -c / s if s < 0.0 else math.inf
            if t_out < t_in:
                t_out = t_in
            if spent + (t_in - t) >= budget:
                reached = t + (budget - spent)
                break
            spent += t_in - t
            stretch += 1
            run = (t_out - t_in) * rate
            if spent + run >= budget:
                reached = t_in + (budget - spent) / rate
                break
            spent += run
            t = t_out
            stretch += 1
        if reached < 0.0:
            reached = t + (budget - spent)
        if hit is not None:
            far = hit(ox, oy, ux, uy)
            if far <= reached:
                return angle, (ox + far * ux, oy + far * uy), far, -1, stretch
        return angle, (ox + reached * ux, oy + reached * uy), reached, stretch, stretch

    first, last = ray(a0), ray(a1)
    between = _Between(ray, origin, budget, piece, passes).points(first, last, 0)
    if between is None:
        return None
    return [first[1], *between, last[1]]


class _Between:
    """The points to draw between two rays' ends (see the module)."""

    def __init__(
        self, ray: Callable[[float], _Ray], origin: Point, budget: float, piece: Piece | None, passes: list[_Pass]
    ) -> None:
        self.ray = ray
        self.origin = origin
        self.piece = piece
        # neighbouring rays at most this far apart: a straight edge between two ends on
        # a circle of the budget's length falls at most CHORD_SAG short of it, and so
        # costs at most that less on a shorter one in heavy terrain (its rate times as
        # short, the ends as dear)
        self.step = sag_step(budget)
        # ends on the circle itself are drawn as far apart as that bound alone allows
        # (not FAN_STEP: no ray is worked out between them, see `points`)
        self.arc_step = chord_step(budget)
        # the budget runs out on a circle about origin where no side bounds it: before
        # the first part (or in it, where origin lies in it)
        self.round_end = 1 if passes and passes[0][0] is None else 0
        # from inside the one part the rays cross, past its side: the ends lie on a
        # curve that bulges out (origin + u (budget - (rate - 1) t_out(u)), t_out the
        # way to one side's line: its turn, budget^2 + budget (rate - 1) d (2 sin^2 - cos^2)
        # / cos^3 with d the side's distance, is positive where the ray leaves before
        # the budget runs out, budget > rate d): the straight edge between two lies inside
        self.bulging = len(passes) == 1 and passes[0][0] is None

    def points(self, a: _Ray, b: _Ray, depth: int) -> list[Point] | None:
        """None where that does not settle within `_DEEPEST` halvings."""
        if depth > _DEEPEST:
            return None
        if a[3] != b[3]:
            return self._changed(a, b, depth)
        ray, origin = self.ray, self.origin
        # both rays' budget runs out on the circle: so it does between them (how far a
        # ray meets the side that ends the circle grows one way between two marks),
        # and the piece seen lies no nearer than at one of them
        plain = a[4] <= self.round_end and b[4] <= self.round_end
        if a[3] < 0:
            # both stopped by the piece: drawn as it is (a circle by tangent segments)
            if not plain:
                if b[0] - a[0] > self.step:
                    return self._split(a, b, math.ceil((b[0] - a[0]) / self.step), depth)
                mid = ray((a[0] + b[0]) / 2)
                if mid[3] >= 0:
                    return self._halved(a, b, mid, depth)
            if not isinstance(self.piece, Circle):
                return []
            tangents = _tangents(self.piece, a[1], b[1])
            for p in tangents:
                # in the directions between a and b, nearer than the piece (and, unless
                # plain, than where the budget runs out)
                angle = a[0] + (math.atan2(p[1] - origin[1], p[0] - origin[0]) - a[0]) % TAU
                if angle > b[0] or (not plain and ray(angle)[2] < math.dist(origin, p) - _GRAZE):
                    return self._halved(a, b, None, depth)
            return tangents
        if plain:
            # on the circle (the piece no nearer): its chords lie inside it
            radius = min(a[2], b[2])
            n = math.ceil((b[0] - a[0]) / self.arc_step)
            ox, oy = origin
            return [
                (ox + radius * math.cos(angle), oy + radius * math.sin(angle))
                for angle in (a[0] + (b[0] - a[0]) * k / n for k in range(1, n))
            ]
        # both ended by the budget past a side, in the same stretch
        if b[0] - a[0] > self.step:
            return self._split(a, b, math.ceil((b[0] - a[0]) / self.step), depth)
        if not _edge_clear(self.piece, a[1], b[1]):
            return self._halved(a, b, None, depth)
        if self.bulging and a[3] == 2:
            return []
        mid = ray((a[0] + b[0]) / 2)
        if mid[3] != a[3] or _short_of_edge(origin, a[1], b[1], mid[1]) > CHORD_SAG:
            return self._halved(a, b, mid, depth)
        return []

    def _changed(self, a: _Ray, b: _Ray, depth: int) -> list[Point] | None:
        """Where the stretch changes between a and b: the two rays either side of it
        (by bisection), and the points between each and a or b."""
        ray = self.ray
        lo, hi = a, b
        while hi[0] - lo[0] > _BISECTED:
            mid = ray((lo[0] + hi[0]) / 2)
            if mid[0] <= lo[0] or mid[0] >= hi[0]:
                break
            if mid[3] == a[3]:
                lo = mid
            else:
                hi = mid
        first = [] if lo is a else self.points(a, lo, depth + 1)
        if first is None:
            return None
        second = [] if hi is b else self.points(hi, b, depth + 1)
        if second is None:
            return None
        return [*first, *([lo[1]] if lo is not a else []), *([hi[1]] if hi is not b else []), *second]

    def _split(self, a: _Ray, b: _Ray, n: int, depth: int) -> list[Point] | None:
        """The points between a and b with n - 1 rays evenly between them."""
        rays = [a, *(self.ray(a[0] + (b[0] - a[0]) * k / n) for k in range(1, n)), b]
        found: list[Point] = []
        for c, d in zip(rays, rays[1:], strict=False):
            between = self.points(c, d, depth + 1)
            if between is None:
                return None
            found += between
            if d is not b:
                found.append(d[1])
        return found

    def _halved(self, a: _Ray, b: _Ray, mid: _Ray | None, depth: int) -> list[Point] | None:
        if mid is None:
            mid = self.ray((a[0] + b[0]) / 2)
        first = self.points(a, mid, depth + 1)
        if first is None:
            return None
        second = self.points(mid, b, depth + 1)
        if second is None:
            return None
        return [*first, mid[1], *second]


def _short_of_edge(origin: Point, p: Point, q: Point, m: Point) -> float:
    """How far m falls short of the straight edge p-q along the ray from origin
    through it (negative: it lies beyond the edge; where the budget stops the ray
    that far costs at most the heavy terrain's rate times it)."""
    ox, oy = origin
    ux, uy = m[0] - ox, m[1] - oy
    length = math.hypot(ux, uy)
    ex, ey = q[0] - p[0], q[1] - p[1]
    across = ex * uy - ey * ux
    if length == 0.0 or across == 0.0:
        return math.inf
    # origin + t (m - origin) / length on the line through p and q
    t = (ex * (p[1] - oy) - ey * (p[0] - ox)) / across * length
    return t - length


def _edge_clear(piece: Piece | None, p: Point, q: Point) -> bool:
    """Whether the straight edge p-q stays out of the piece (within `_GRAZE`)."""
    if piece is None:
        return True
    if isinstance(piece, Circle):
        cx, cy, r = piece.x, piece.y, piece.r
        ex, ey = q[0] - p[0], q[1] - p[1]
        length2 = ex * ex + ey * ey
        f = 0.0 if length2 == 0.0 else max(0.0, min(1.0, ((cx - p[0]) * ex + (cy - p[1]) * ey) / length2))
        return math.hypot(p[0] + ex * f - cx, p[1] + ey * f - cy) >= r - _GRAZE
    if isinstance(piece, Line):
        return all((x - piece.x1) * piece.mx + (y - piece.y1) * piece.my <= _GRAZE for x, y in (p, q))
    return False  # (a touch stops every ray at once)


def _tangents(circle: Circle, p0: Point, p1: Point) -> list[Point]:
    """The corners between p0 and p1 (on the circle) of segments tangent to it
    outside it, within CHORD_SAG of it (as visibility.Disc.polygon draws it)."""
    cx, cy, r = circle.x, circle.y, circle.r
    f0 = math.atan2(p0[1] - cy, p0[0] - cx)
    turn = (math.atan2(p1[1] - cy, p1[0] - cx) - f0 + math.pi) % TAU - math.pi
    step = 2.0 * math.acos(1.0 / (1.0 + CHORD_SAG / r))
    n = math.ceil(abs(turn) / step)
    if n < 1:
        return []
    half = turn / (2 * n)
    out = r / math.cos(half)
    return [
        (cx + out * math.cos(f0 + half * (2 * k + 1)), cy + out * math.sin(f0 + half * (2 * k + 1))) for k in range(n)
    ]
