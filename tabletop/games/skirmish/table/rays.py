"""Straight rays of a moving base for the reach (reach.py): where a ray stops
(`ray_stop`: short of the first thing the base would overlap, or where the budget
runs out; `cast`: also the heavy terrain it passes), fans of rays from one point
(`fan`, their rays at most `sag_step` apart, none cast between two that stop on
one convex obstacle with nothing between them), whether the straight edge between
two ray ends is clear (`chord_clear`) and whether it falls short of their front
(`sags`, in cost: `end_rate` is what a mm costs where a ray ends), and the media a
ray passes (`media`: two rays passing the same have one front between them).
"""

from __future__ import annotations

import bisect
import math

from tabletop.games.skirmish.table.passage import Passage
from tabletop.games.skirmish.table.planar import EPS, Point, Polygon
from tabletop.games.skirmish.table.spans import Heavy, budget_in, heavy_passes

#: the reach drawn stops this much short of the allowance where no heavy terrain lies
#: within it, and its exact regions (the sweeps off arcs) short of obstacles, so
#: that every point inside it is reachable despite float error (a warrior dropped in
#: it is still allowed once the rules have put its path on the 0.1 mm grid:
#: play/settling.py settle_path takes the end to a grid point near it whose way is
#: clear and within the allowance) (mm)
REACH_MARGIN = 0.0001
#: a ray cast (`cast`: the fans where the reach is not drawn from exact regions,
#: from a start on terrain the warrior leaves or over heavy terrain) stops this much
#: short of the first obstacle it meets (mm)
RAY_MARGIN = 0.01
#: how far short of the allowance the reach stops where heavy terrain lies within it:
#: room for the straight edges between refracted rays (crossing.py, the bent rays
#: off arcs), which may run a little beyond the front through their ends (mm)
HEAVY_MARGIN = 0.005
#: the widest angle between the rays of a fan, and between the rays leaving an arc
#: (radians); nearer together where the rays are long (`sag_step`)
FAN_STEP = math.radians(2.0)
#: the widest angle between neighbouring ends a fan drawn in closed form puts on the
#: circle where the budget runs out (`chord_step`; a short fan's sag allows wider)
CHORD_TURN = math.pi / 4.0
#: the straight edge between the ends of two neighbouring rays falls at most this far
#: short of the arc through them, in cost (mm of allowance: where the ends lie in heavy
#: terrain costing X a mm, at most CHORD_SAG / X mm across), so that with HEAVY_MARGIN
#: it stays within the 0.01 mm the reach is checked to
CHORD_SAG = 0.004
#: the exact regions (the visible disc of the start and of narrow gaps, the sweeps
#: off arcs) are drawn this close to their boundary, inside it (mm)
EXACT_SAG = 0.0005


def sag_step(length: float, rate: float = 1.0) -> float:
    """The angle between neighbouring rays of this length whose ends' straight edge
    falls at most CHORD_SAG short of the arc through them (at most FAN_STEP), where
    the ends lie in a medium costing `rate` a mm (the edge's sag costs that much a mm)."""
    length *= rate
    if length <= CHORD_SAG:
        return FAN_STEP
    return min(FAN_STEP, 2.0 * math.acos(1.0 - CHORD_SAG / length))


def chord_step(length: float) -> float:
    """The angle between neighbouring ends on a circle whose straight edge falls at
    most CHORD_SAG short of it (`length`: the budget the ends lie at, the sag bounded
    in cost, as inside heavy terrain the circle's radius is the budget over the rate),
    from the sag alone (as `sag_step`
    without FAN_STEP's cap, at most CHORD_TURN): where a fan drawn in closed form
    (fans.py) puts ends on the circle without a ray each, the sag is all there is."""
    if length <= CHORD_SAG / (1.0 - math.cos(CHORD_TURN / 2.0)):
        return CHORD_TURN
    return 2.0 * math.acos(1.0 - CHORD_SAG / length)


def sags(a: Point, b: Point, turn: float, rate: float = 1.0) -> bool:
    """Whether the straight edge between the ends a and b of two neighbouring rays of
    a front, whose directions turn by `turn` (radians) between them, falls more than
    CHORD_SAG short of the front through them, in cost: the ends lie in a medium
    costing `rate` a mm (in heavy terrain a point a mm short of the front costs X mm
    less). The front is at right angles to its rays (the rays of a cheapest way
    are, refracted or not) and taken to bend evenly between them, as a circle's arc
    does: from the chord and the turn alone, so a front flatter than the circle
    about the rays' last bend (a refracted one) is asked for as many rays as its own
    bending needs."""
    return rate * 0.5 * math.dist(a, b) * math.tan(abs(turn) / 4.0) > CHORD_SAG


def end_rate(heavy: list[Heavy], kind: Kind) -> float:
    """What a mm costs where a ray that passes `kind` (`cast`) ends: the rate of the
    heavy part it ends in, 1 in the open."""
    if kind and kind[-1][2] < 0:
        return 1.0 + heavy[kind[-1][0]].extra
    return 1.0


def bearing(a: Point, b: Point) -> float:
    """The direction from a to b (radians)."""
    return math.atan2(b[1] - a[1], b[0] - a[0])


def ray_stop(mover: Passage, origin: Point, budget: float, angle: float) -> tuple[Point, str | None]:
    """Where a ray from origin stops, and what stopped it (None: the budget ran
    out). Neighbouring rays stopped by different things have ground between them
    that neither sees the end of: the callers cast more rays there."""
    end, stopped, _kind = cast(mover, origin, budget, angle)
    return end, stopped


#: the heavy terrain a ray passes on its way: the parts it crosses (their index in
#: `Passage.heavy`), each with the sides it enters and leaves by (-1: it ends inside)
Kind = tuple[tuple[int, int, int], ...]


def _side_at(h: Heavy, x: float, y: float) -> int:
    """The side of a heavy part that the point (on its outline) lies on."""
    best, near = 0, math.inf
    for i, ((x1, y1, ex, ey, _tol), length) in enumerate(zip(h.edges, h.lengths, strict=True)):
        d = abs(ex * (y - y1) - ey * (x - x1)) / length
        if d < near:
            best, near = i, d
    return best


def cast(mover: Passage, origin: Point, budget: float, angle: float) -> tuple[Point, str | None, Kind]:
    """`ray_stop`, and the heavy terrain the ray passes (`Kind`: where two
    neighbouring rays pass different terrain, the area's front bends between them)."""
    ox, oy = origin
    dx, dy = budget * math.cos(angle), budget * math.sin(angle)
    end = (ox + dx, oy + dy)
    hit = mover.hit(origin, end)
    if hit is None:
        t, stopped = 1.0, None
    else:
        t, stopped = max(0.0, hit[1] - RAY_MARGIN / budget), hit[0]
        if stopped == "edge":
            # each side of the table stops a ray as a thing of its own: two rays stopped by
            # two of them stop differently, and more are cast about the corner between
            # (seed 2458: a fan's edge between the two cut the corner off, 0.14 mm deep)
            stopped = _table_side(mover, ox + dx * hit[1], oy + dy * hit[1])
    heavy = mover.heavy
    passes = heavy_passes(origin, end, heavy) if heavy else None
    if not passes:
        return (ox + (end[0] - ox) * t, oy + (end[1] - oy) * t), stopped, ()
    passes.sort()
    spent = budget_in([p[:3] for p in passes], budget, budget)
    if spent < t:
        t, stopped = spent, None
    kind = []
    for s0, s1, _extra, k, enter, leave in passes:
        if s0 < t:
            # the sides it enters and leaves by (-1: it starts or ends inside); where
            # the clip gave none (the budget lasts to the far end, in the part), the nearest
            if s0 <= 0.0:
                enter = -1
            elif enter < 0:
                enter = _side_at(heavy[k], ox + dx * s0, oy + dy * s0)
            if s1 > t:
                leave = -1
            elif leave < 0:
                leave = _side_at(heavy[k], ox + dx * s1, oy + dy * s1)
            kind.append((k, enter, leave))
    return (ox + (end[0] - ox) * t, oy + (end[1] - oy) * t), stopped, tuple(kind)


def _table_side(mover: Passage, x: float, y: float) -> str:
    """Which side of the table (for base centres) the point lies nearest: "edge" and
    its number (left, top, right, bottom)."""
    board = mover.board
    r = board.radius
    off = (x - r, y - r, board.width - r - x, board.height - r - y)
    return f"edge {min(range(4), key=lambda i: abs(off[i]))}"


#: a point this near (mm) a side's line lies on it (`media`)
_ON_LINE = 1e-7


def media(heavy: list[Heavy], origin: Point, kind: Kind) -> Kind:
    """The media a ray from origin that passes `kind` (`cast`) goes through, as a
    `Kind` two rays with one front between them share: a part entered by a side
    through the origin is one it starts in (which of the two float noise gave), and
    a part left straight into another of the same rate across a side the two share
    is one pass with it (its first part, the side it entered by and the side it leaves
    the last by); the front bends at neither."""
    found: list[tuple[int, int, int]] = []
    last = -1  # the part the last pass ends in
    for k, enter, leave in kind:
        if not found and enter >= 0 and _on_line(heavy[k], enter, origin):
            enter = -1
        if found and enter >= 0 and found[-1][2] >= 0 and heavy[k].extra == heavy[last].extra:
            x1, y1, ex, ey, _tol = heavy[k].edges[enter]
            side = heavy[last]
            if _on_line(side, found[-1][2], (x1, y1)) and _on_line(side, found[-1][2], (x1 + ex, y1 + ey)):
                found[-1] = (found[-1][0], found[-1][1], leave)
                last = k
                continue
        found.append((k, enter, leave))
        last = k
    return tuple(found)


def _on_line(h: Heavy, side: int, p: Point) -> bool:
    """Whether p lies on the line of side `side` of heavy part h."""
    x1, y1, ex, ey, _tol = h.edges[side]
    return abs(ex * (p[1] - y1) - ey * (p[0] - x1)) <= _ON_LINE * h.lengths[side]


def fan(
    mover: Passage,
    origin: Point,
    budget: float,
    low: float,
    width: float,
    corners: list[float],
    closed: bool,
    step: float = FAN_STEP,
) -> Polygon:
    """Cast rays from origin over the angles [low, low + width] (every `step`, or
    nearer where the rays are long (`sag_step`), and
    just either side of each corner direction inside it); each ray ends where the
    base would first overlap something or the budget runs out. Where the straight
    edge between two ray ends would cut into an obstacle, or the two rays stop
    differently or pass different heavy terrain, rays are added between them
    (`_between`, down to a hundredth of a degree). `closed`: the whole turn.

    Every `_STRIDE`-th of those rays is cast first, then the one halfway between two
    cast, and so on; between two that stop on the same convex obstacle with nothing
    in between (`_Wedge.holds`) the rays between are not cast (they end on that
    obstacle as well, at most `RAY_MARGIN` beyond the straight edge joining the
    two)."""
    steps = max(1, int(math.ceil(width / min(step, sag_step(budget)))))
    marked = [(low + width * k / steps, k % _STRIDE == 0) for k in range(steps + (0 if closed else 1))]
    if not closed:
        marked[-1] = (marked[-1][0], True)
    for c in corners:
        offset = (c - low) % (2 * math.pi)
        for d in (-1e-4, 1e-4):
            if 0.0 < offset + d < width:
                marked.append((low + offset + d, True))
    marked.sort()
    angles = [angle for angle, _first in marked]
    firsts = [i for i, (_angle, first) in enumerate(marked) if first]
    ends: list[_Fanned | None] = [None] * len(angles)
    for i in firsts:
        ends[i] = (angles[i], *cast(mover, origin, budget, angles[i]))
    if closed:
        zero = ends[0]
        assert zero is not None  # ray 0 is always cast first
        angles.append(angles[0] + 2 * math.pi)
        ends.append((angles[-1], *zero[1:]))
        firsts.append(len(angles) - 1)
    ring: list[Point] = [] if closed else [origin]
    parts = mover.board.parts
    wedge = _Wedge(mover, origin, budget, low)

    def join(i: int, j: int) -> None:
        """Put the ray ends from the i-th (cast) up to the j-th (cast, left out) on the ring."""
        first, last = ends[i], ends[j]
        assert first is not None and last is not None
        if j - i > 1:
            if wedge.holds(first, last):
                ring.append(first[1])
                return
            k = (i + j) // 2
            ends[k] = (angles[k], *cast(mover, origin, budget, angles[k]))
            join(i, k)
            join(k, j)
            return
        ring.append(first[1])
        if last[0] - first[0] < _FINEST:
            ring.extend(_elbow(mover, origin, budget, first, last))
            return
        # (`_between`'s first test, asked here: most neighbours join)
        if (
            first[2] == last[2]
            and first[3] == last[3]
            and (first[2] is None or parts.get(first[2], 0) < 2)
            and not _sags(mover, origin, first, last)
            and chord_clear(mover, origin, first[1], last[1])
        ):
            return
        ring.extend(_between(mover, origin, budget, first, last, 0, parts))

    for i, j in zip(firsts, firsts[1:], strict=False):
        join(i, j)
    if not closed:
        last_end = ends[-1]
        assert last_end is not None
        ring.append(last_end[1])
    return tuple(p for i, p in enumerate(ring) if i == 0 or p != ring[i - 1])


#: a fan casts every this many of its rays first, the rest only where needed (`fan`)
_STRIDE = 16


class _Wedge:
    """Whether the rays of a fan between two of its rays need not be cast (`holds`)."""

    def __init__(self, mover: Passage, origin: Point, budget: float, low: float) -> None:
        self.mover = mover
        self.origin = origin
        self.budget = budget
        self.low = low
        self.parts = mover.board.parts
        self.free = not (mover.leaving and origin == mover.start)
        self._corners: tuple[list[float], list[float]] | None = None

    def holds(self, first: _Fanned, last: _Fanned) -> bool:
        """Two rays stop on one convex obstacle (a warrior's disc, a piece of one
        part), the straight edge between their ends is clear and nothing lies
        between them: no corner of heavy terrain (a heavy part that meets the
        triangle of the origin and the two ends, but neither ray nor that edge, has a
        corner in it: so only the parts the two rays pass meet it), and the triangle
        is too narrow for a grown obstacle (at least twice the base radius across) to
        lie in it; and the budget lasts to every point of the triangle: its points
        lie no farther than `far` from the origin, and a straight way there passes at
        most min(far, its box's diagonal) of each part the two rays pass. Then every
        point of the triangle is reached straight from the origin, and each ray
        between the two first meets that obstacle, no nearer the origin than the
        edge between the two ends less `RAY_MARGIN` (as that edge is clear): the
        straight edge leaves out only ground within `RAY_MARGIN` of the obstacle."""
        a0, e0, s0, k0 = first
        a1, e1, s1, k1 = last
        if not self.free or s0 is None or s0 != s1 or self.parts.get(s0) != 1:
            return False
        ox, oy = self.origin
        far = max(math.hypot(e0[0] - ox, e0[1] - oy), math.hypot(e1[0] - ox, e1[1] - oy))
        if a1 - a0 >= math.pi or far * (a1 - a0) >= self.mover.radius:
            return False
        if k0 or k1:
            heavy = self.mover.heavy
            cost = far
            for k in {k for k, _enter, _leave in k0} | {k for k, _enter, _leave in k1}:
                cost += heavy[k].extra * min(far, heavy[k].across)
            if cost > self.budget:
                return False
        offsets, distances = self._heavy_corners()
        lo, hi = a0 - self.low, a1 - self.low
        for i in range(bisect.bisect_left(offsets, lo), bisect.bisect_right(offsets, hi)):
            if distances[i] <= far:
                return False
        if hi > 2 * math.pi:  # (the last rays of a closed fan wrap round)
            for i in range(bisect.bisect_right(offsets, hi - 2 * math.pi)):
                if distances[i] <= far:
                    return False
        return chord_clear(self.mover, self.origin, e0, e1)

    def _heavy_corners(self) -> tuple[list[float], list[float]]:
        """The corners of the heavy parts: their directions from the origin (as
        offsets from `low`, in [0, 2 pi)), sorted, and their distances from it; a
        corner at the origin lies in every direction (offsets 0 and 2 pi)."""
        if self._corners is None:
            ox, oy = self.origin
            found = []
            for h in self.mover.heavy:
                for x, y in h.part:
                    d = math.hypot(x - ox, y - oy)
                    if d <= EPS:
                        found += [(0.0, 0.0), (2 * math.pi, 0.0)]
                    else:
                        found.append(((math.atan2(y - oy, x - ox) - self.low) % (2 * math.pi), d))
            found.sort()
            self._corners = ([o for o, _d in found], [d for _o, d in found])
        return self._corners


def chord_clear(mover: Passage, origin: Point, a: Point, b: Point) -> bool:
    if mover.leaving and origin == mover.start:
        return mover.grown.first_hit(a, b, mover.query, mover.leaving) is None
    return mover.first_hit(a, b) is None


def _beyond(origin: Point, a: Point, b: Point, p: Point) -> float:
    """How far p lies beyond the straight edge a-b, seen from origin."""
    ex, ey = b[0] - a[0], b[1] - a[1]
    length = math.hypot(ex, ey)
    if length == 0.0:
        return 0.0
    side = (ex * (p[1] - a[1]) - ey * (p[0] - a[0])) / length
    return side if ex * (origin[1] - a[1]) - ey * (origin[0] - a[0]) < 0.0 else -side


#: a ray of a fan: (angle, end, what stopped it, the heavy terrain it passes)
_Fanned = tuple[float, Point, str | None, Kind]


def _sags(mover: Passage, origin: Point, first: _Fanned, last: _Fanned) -> bool:
    """Whether two neighbouring rays of a fan that end in heavy terrain turn apart by
    over `sag_step` at its rate (the fan spaces its rays for the budget's length: in
    heavy terrain a mm short of their ends costs its rate)."""
    rate = end_rate(mover.heavy, first[3])
    if rate == 1.0:
        return False
    far = max(math.dist(origin, first[1]), math.dist(origin, last[1]))
    return last[0] - first[0] > sag_step(far, rate)


#: the nearest two rays of a fan come (radians)
_FINEST = math.radians(0.01)
#: the widest (mm) the ground an elbow leaves out between two rays may be across
#: (`_elbow`): with the reach's margin, within the 0.01 mm it is checked to
_ELBOW_GAP = CHORD_SAG
#: the most halvings `_narrowed` and `_elbow` take
_NARROWINGS = 30


def _elbow(mover: Passage, origin: Point, budget: float, first: _Fanned, last: _Fanned, depth: int = 0) -> list[Point]:
    """Between two neighbouring rays at the finest, where the straight edge between
    their ends is not clear (one stops on an obstacle it grazes, the next passes it
    and runs on; or both stop on one that runs almost along them, the edge cutting
    across its bulge): the point of the longer ray as far out as the shorter one's
    end, so that the edge runs across at that distance and then along the longer ray
    (seed 1821: a ray's end a hundredth of a degree from the tangent to a base, the
    edge on to the next ray's end, 5 mm on, cut 0.0101 mm into the base). That
    leaves out the ground between the rays beyond the shorter one's end: where that
    is over `_ELBOW_GAP` across, rays are cast between till it is not."""
    (a0, e0, _s0, _k0), (a1, e1, _s1, _k1) = first, last
    if chord_clear(mover, origin, e0, e1):
        return []
    r0, r1 = math.dist(origin, e0), math.dist(origin, e1)
    if min(r0, r1) * (a1 - a0) > _ELBOW_GAP and depth < _NARROWINGS:
        # (seed 4144: rays 85.6 mm long along a base's side, their ends 0.0146 mm
        # apart, the edge between two a hair into the base's curve: the elbow left
        # out a sliver 0.0121 mm clear of it)
        mid = (a0 + a1) / 2
        middle = (mid, *cast(mover, origin, budget, mid))
        return [
            *_elbow(mover, origin, budget, first, middle, depth + 1),
            middle[1],
            *_elbow(mover, origin, budget, middle, last, depth + 1),
        ]
    angle, r = (a1, r0) if r0 < r1 else (a0, r1)
    elbow = (origin[0] + r * math.cos(angle), origin[1] + r * math.sin(angle))
    return [elbow] if chord_clear(mover, origin, *((e0, elbow) if r0 < r1 else (elbow, e1))) else []


def _narrowed(mover: Passage, origin: Point, budget: float, first: _Fanned, last: _Fanned) -> list[Point]:
    """The ends of two rays either side of where the heavy terrain the rays pass
    changes, between two neighbouring rays that end where the budget runs out, so
    near that the edge between them cuts off at most CHORD_SAG / 2 across (a ray that
    just reaches a side of heavy terrain ends on it: the front turns sharply there,
    from the circle outside to well short of it inside, where the rays cross the
    side at a grazing angle; a hundredth of a degree apart the edge between the two
    cut 0.025 mm off the corner in seed 240)."""
    low, high = first, last
    for _ in range(_NARROWINGS):
        if math.dist(low[1], high[1]) <= CHORD_SAG / 2:
            break
        mid = (low[0] + high[0]) / 2
        middle = (mid, *cast(mover, origin, budget, mid))
        if middle[2] is not None:
            break
        if middle[3] == first[3]:
            low = middle
        else:
            high = middle
    return [r[1] for r in (low, high) if r is not first and r is not last]


def _between(
    mover: Passage, origin: Point, budget: float, first: _Fanned, last: _Fanned, depth: int, parts: dict[str, int]
) -> list[Point]:
    """Ray ends to put between two neighbouring rays so that the straight edge
    joining them stays clear of obstacles, where they are stopped by different
    things (an obstacle and the budget: the corner where the two outlines meet;
    two obstacles: a gap between them may open beyond), and where they pass
    different heavy terrain (the front of the area bends where a ray starts to
    cross another part, or ends in it: the straight edge would cut across the
    bend), down to a hundredth of a degree; where the two both end where the
    budget runs out but pass different heavy terrain, on to where that changes
    (`_narrowed`)."""
    a0, e0, s0, k0 = first
    a1, e1, s1, k1 = last
    if depth >= 12 or a1 - a0 < _FINEST:
        if s0 is None and s1 is None and k0 != k1:
            return _narrowed(mover, origin, budget, first, last)
        return _elbow(mover, origin, budget, first, last)
    joined = s0 == s1 and k0 == k1 and not _sags(mover, origin, first, last) and chord_clear(mover, origin, e0, e1)
    if joined and (s0 is None or parts.get(s0, 0) < 2):
        return []
    mid = (a0 + a1) / 2
    middle = (mid, *cast(mover, origin, budget, mid))
    # both stopped by one obstacle of several parts: where its outline turns in
    # between (two parts meet, a notch) the ray between ends beyond the clear edge
    if joined and _beyond(origin, e0, e1, middle[1]) <= CHORD_SAG:
        return []
    return [
        *_between(mover, origin, budget, first, middle, depth + 1, parts),
        middle[1],
        *_between(mover, origin, budget, middle, last, depth + 1, parts),
    ]
