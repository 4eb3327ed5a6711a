"""Fans of straight rays from one point over heavy terrain, in closed form where
nothing they do not hold lies in their way (reach.py): `sector` draws the rays
from a point over some directions in one medium (open ground: the visible disc of
visibility.py; a heavy part: each ray at its rate until it leaves the part, then
at 1 a mm), and leaves to be cast the directions whose rays may meet an obstacle
or another heavy part (found exactly, as the directions from the point that reach
near them); `side_fan` from a point on a side of an outline (both media), and
`medium_fan` from a point in the medium it lies in.
"""

from __future__ import annotations

import math

from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.passage import Passage
from tabletop.games.skirmish.table.planar import Point, Polygon
from tabletop.games.skirmish.table.rays import CHORD_SAG, FAN_STEP, sag_step
from tabletop.games.skirmish.table.visibility import visible_disc
from tabletop.games.skirmish.table.waves import CLEAR, Ray, cuts_off, turn_between

#: the most halvings between two rays of a closed-form fan into a part
_HALVINGS = 12

#: how much wider (radians) either side a fan is drawn than its directions: at
#: most 0.0000001 mm at the reach's length, inside an obstacle's or a part's clearance
#: (CLEAR) or, touching a part, that far into it
_OVERLAP = 1e-9


def side_fan(
    mover: Passage, x: Point, normal: Point, budget: float, low: float, width: float
) -> tuple[list[Polygon], list[tuple[float, float]]] | None:
    """The fan of straight rays from x on a side of heavy terrain's outline (whose
    normal is `normal`) over the directions [low, low + width] with `budget`, as
    `sector` draws it into the terrain and out of it; None where the side does
    not part one heavy part from open ground."""
    if mover.leaving:
        return None
    heavy = mover.heavy
    nx, ny = normal
    off = 1e-3
    plus = [k for k, h in enumerate(heavy) if planar.point_in_convex((x[0] + nx * off, x[1] + ny * off), h.part)]
    minus = [k for k, h in enumerate(heavy) if planar.point_in_convex((x[0] - nx * off, x[1] - ny * off), h.part)]
    if len(plus) + len(minus) != 1:
        return None
    k = (plus or minus)[0]
    into = math.atan2(ny, nx) if plus else math.atan2(-ny, -nx)  # into the part
    drawn: list[Polygon] = []
    rest: list[tuple[float, float]] = []
    for middle, dear in ((into, True), (into + math.pi, False)):
        # this half's directions within [low, low + width] (one stretch: both are half turns)
        first = (middle - math.pi / 2 - low) % (2 * math.pi)
        lo, hi = (first, first + math.pi) if width >= 2 * math.pi - 1e-12 else _overlap_arc(first, width)
        if hi - lo <= 1e-12:
            continue
        more, left = sector(mover, x, budget, low + lo, hi - lo, k if dear else None)
        drawn += more
        rest += left
    return drawn, rest


def medium_fan(
    mover: Passage, origin: Point, budget: float, low: float, width: float, toward: float | None = None
) -> tuple[list[Polygon], list[tuple[float, float]]] | None:
    """`sector` from origin in the medium it lies in (on an outline: the medium a
    thousandth of a mm from it `toward` that direction); None where that is more
    than one heavy part, or the warrior starts on terrain it is leaving."""
    if mover.leaving and origin == mover.start:
        return None
    probe = origin if toward is None else (origin[0] + 1e-3 * math.cos(toward), origin[1] + 1e-3 * math.sin(toward))
    parts = [k for k, h in enumerate(mover.heavy) if planar.point_in_convex(probe, h.part, -1e-9)]
    if len(parts) > 1:
        return None
    return sector(mover, origin, budget, low, width, parts[0] if parts else None)


def sector(
    mover: Passage, x: Point, budget: float, low: float, width: float, k: int | None
) -> tuple[list[Polygon], list[tuple[float, float]]]:
    """The straight rays from x over the directions [low, low + width] with
    `budget`, all into heavy part k (each at its rate until it leaves the part,
    then at 1 a mm) or, k None, all over open ground (the visible disc): polygons
    for the directions drawn exactly, and the directions (first, width) whose rays
    would pass something the closed form does not hold (into the part: an
    obstacle or the table's edge; either way another heavy part), left to cast."""
    heavy = mover.heavy
    shadows = []
    for j, h in enumerate(heavy):
        if j != k and _box_distance(x, h.box) <= budget + CLEAR + _SLACK:
            shadows.append(_shadow(x, budget, h.part, CLEAR, touching=True))
    if k is not None:
        for ob in mover.field.obstacles:
            # (its box holds the core's, grown by its radius)
            if _box_distance(x, ob.box) <= budget + ob.radius + CLEAR + _SLACK:
                shadows.append(_shadow(x, budget, ob.core, ob.radius + CLEAR, touching=False))
    blocked = []
    for shadow in shadows:
        if shadow is None:
            continue
        lo, span = shadow
        first = (lo - low) % (2 * math.pi)
        for a in (first - 2 * math.pi, first):
            b0, b1 = max(0.0, a), min(width, a + span)
            if b1 - b0 > 1e-9:
                blocked.append((b0, b1))
    blocked.sort()
    free = []
    at = 0.0
    rest = []
    for b0, b1 in blocked:
        if b0 > at:
            free.append((at, b0))
        if b1 > at:
            rest.append((max(at, b0), b1))
            at = b1
    if at < width:
        free.append((at, width))
    drawn: list[Polygon] = []
    for f0, f1 in free:
        if f1 - f0 <= 1e-9:
            continue
        # a hair wider than its directions, so that it overlaps what lies either side
        # (a point on the ray they share is in neither by float noise)
        a0, span = low + f0 - _OVERLAP, f1 - f0 + 2 * _OVERLAP
        if k is None:
            poly: Polygon | None = visible_disc(mover.field, x, budget, a0, span).polygon(CHORD_SAG)
        else:
            poly = _into_part(mover, x, budget, a0, span, k)
        if poly is None:
            rest.append((f0, f1))
        elif len(poly) >= 3:
            drawn.append(poly)
    return drawn, [(low + r0, r1 - r0) for r0, r1 in rest]


#: how much farther than the rays reach a box may lie and what is in it still be
#: tried (mm): far more than the float error of the distances `_shadow` finds
_SLACK = 1e-6


def _box_distance(x: Point, box: tuple[float, float, float, float]) -> float:
    """How far x lies from a box (left, top, right, bottom): no farther than from
    anything in it, so what lies farther than a ray reaches casts no `_shadow`."""
    left, top, right, bottom = box
    dx = max(left - x[0], 0.0, x[0] - right)
    dy = max(top - x[1], 0.0, x[1] - bottom)
    return math.hypot(dx, dy)


def _shadow(x: Point, budget: float, core: Polygon, clearance: float, touching: bool) -> tuple[float, float] | None:
    """The directions (first, width) from x whose rays of length `budget` may come
    within `clearance` of the convex `core` (a superset): None where none do; a
    full turn where x lies that near (or, `touching`, x on the core's outline: the
    directions into it)."""
    if len(core) == 1:
        near = math.dist(x, core[0])
    elif len(core) == 2:
        near = planar.point_segment_distance(x, core[0], core[1])
    else:
        near = planar.point_convex_distance(x, core)
    if near > budget + clearance:
        return None
    others = [q for q in core if math.dist(q, x) > 1e-9]
    if near <= clearance:
        if not (touching and near <= 1e-9 and others):
            return (0.0, 2 * math.pi)
        if len(core) >= 3 and planar.point_in_convex(x, core, -1e-9):
            return (0.0, 2 * math.pi)  # (strictly inside)
        spread = 0.0
    else:
        spread = math.asin(clearance / near)
    # (seen from x, the core lies within a half turn about the way to its centre)
    cx, cy = sum(q[0] for q in core) / len(core), sum(q[1] for q in core) / len(core)
    base = math.atan2(cy - x[1], cx - x[0])
    turns = [(math.atan2(q[1] - x[1], q[0] - x[0]) - base + math.pi) % (2 * math.pi) - math.pi for q in others]
    lo, hi = min(turns) - spread, max(turns) + spread
    if hi - lo >= 2 * math.pi:
        return (0.0, 2 * math.pi)
    return (base + lo, hi - lo)


def _overlap_arc(first: float, width: float) -> tuple[float, float]:
    """The directions (from, to: offsets from the fan's first) that a half turn
    starting `first` after the fan's first shares with the fan of `width` (< 2 pi),
    the larger piece where they share two."""
    pieces = []
    for a in (first - 2 * math.pi, first):
        lo, hi = max(0.0, a), min(width, a + math.pi)
        if hi > lo:
            pieces.append((lo, hi))
    if not pieces:
        return 0.0, 0.0
    if len(pieces) == 2 and pieces[0][1] >= pieces[1][0] - 1e-12:
        return pieces[0][0], pieces[1][1]
    return max(pieces, key=lambda p: p[1] - p[0])


def _into_part(mover: Passage, x: Point, budget: float, low: float, width: float, k: int) -> Polygon | None:
    """The fan from x on part k's outline over [low, low + width] (all into the
    part, nothing else in reach of the rays: see `sector`): each ray at the part's
    rate until it leaves it, then at 1 a mm; rays are added between two whose ends'
    edge would cut off more than CHORD_SAG (`fill`); None where the rays leave the
    table or their ends do not join so within _HALVINGS halvings."""
    h = mover.heavy[k]
    rate = 1.0 + h.extra
    # waves.leaves_at from x, term for term: how far inside each side x lies is the
    # same for every ray
    sides = [(ex, ey, max(0.0, ex * (x[1] - y1) - ey * (x[0] - x1))) for x1, y1, ex, ey, _tol in h.edges]
    x0, y0 = x
    stay = budget / rate
    cos, sin, dist = math.cos, math.sin, math.dist
    # how far each ray's end lies from x (by its angle), found once
    lengths: dict[float, float] = {}

    def ray(angle: float) -> Ray:
        dx, dy = cos(angle), sin(angle)
        run = stay
        out = math.inf
        for ex, ey, inside in sides:
            slope = ex * dy - ey * dx
            if slope < 0.0:
                out = min(out, inside / -slope)
        if out < run:
            run = out + (budget - rate * out)
        end = (x0 + dx * run, y0 + dy * run)
        lengths[angle] = dist(x, end)
        return angle, x, end, angle

    def fill(a: Ray, b: Ray, depth: int) -> bool:
        """Put in `filled` the rays between a and b (halving) until neighbours turn
        apart by at most `sag_step` and, where one leaves the part, the edge between
        their ends cuts off at most CHORD_SAG (ends of rays that stay in the part
        lie on a circle about x, whose chords lie inside it); False where that takes
        more than _HALVINGS halvings."""
        mid = None
        length = lengths[a[0]]
        if turn_between(a, b) <= sag_step(length):
            if abs(length - stay) <= 1e-9 and abs(lengths[b[0]] - stay) <= 1e-9:
                return True  # (neither leaves the part)
            mid = ray((a[0] + b[0]) / 2)
            if not cuts_off(a, b, mid):
                return True
        if depth >= _HALVINGS:
            return False
        if mid is None:
            mid = ray((a[0] + b[0]) / 2)
        if not fill(a, mid, depth + 1):
            return False
        filled.append(mid)
        return fill(mid, b, depth + 1)

    count = max(1, math.ceil(width / min(FAN_STEP, sag_step(budget))))
    rays = [ray(low + width * i / count) for i in range(count + 1)]
    # two neighbours that both stay in the part need no ray between them where they
    # turn apart by well under `sag_step` at their length (as they do but where
    # the part's rate is near 1): `fill` would put none there
    calm = width / count * (1.0 + 1e-9) <= 0.999 * sag_step(stay + 1e-9)
    filled: list[Ray] = [rays[0]]
    for a, b in zip(rays, rays[1:], strict=False):
        if not (calm and abs(lengths[a[0]] - stay) <= 1e-9 and abs(lengths[b[0]] - stay) <= 1e-9) and not fill(a, b, 0):
            return None
        filled.append(b)
    polygon = (x, *(r[2] for r in filled))
    board = mover.board
    rad = board.radius
    if any(not (rad <= px <= board.width - rad and rad <= py <= board.height - rad) for px, py in polygon):
        return None
    return polygon
