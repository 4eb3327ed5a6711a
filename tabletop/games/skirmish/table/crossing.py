"""The reach across heavy terrain's outline (reach.py): crossing points along its
sides, each reached straight from a point of the way and sending the refracted
ray a cheapest path takes on (`across`; `round_corners`: also from corners of
heavy terrain a way turns round outside on its way there), and the ways that run along the outline
from a corner before crossing at the critical angle (`crossings`, drawn in closed
form by waves.py where nothing lies in their way, by rays cast elsewhere; `out_of`
also from where the rays out of a part meet its side at the critical angle).
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Iterator

from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.fronts import Caster, front, graze
from tabletop.games.skirmish.table.graph import HEAVY_STEP
from tabletop.games.skirmish.table.passage import Passage
from tabletop.games.skirmish.table.planar import Point, Polygon
from tabletop.games.skirmish.table.rays import Kind, bearing, cast, chord_clear, end_rate, fan, media, sag_step, sags
from tabletop.games.skirmish.table.spans import cost_at, side_of
from tabletop.games.skirmish.table.tangents import TAU, Body
from tabletop.games.skirmish.table.waves import head_wave

#: spacing of the crossing points tried along heavy terrain's outline (mm)
CROSSING_STEP = 2.0
#: how far (mm) off a side its cost is read for the rate either side of it
_PROBE = 1e-3


def refracted(mover: Passage, x: Point, heading: float, normal: Point) -> float | None:
    """The direction a cheapest path takes on after crossing heavy terrain's outline
    at x coming in along `heading` (Snell's law: sin out = sin in x cost before /
    cost after); None where it does not cross (grazing, or turned back)."""
    dx, dy = math.cos(heading), math.sin(heading)
    before = cost_at((x[0] - 0.01 * dx, x[1] - 0.01 * dy), mover.heavy)
    after = cost_at((x[0] + 0.01 * dx, x[1] + 0.01 * dy), mover.heavy)
    if before == after:
        return None
    nx, ny = normal
    if nx * dx + ny * dy < 0.0:
        nx, ny = -nx, -ny
    incidence = math.atan2(nx * dy - ny * dx, nx * dx + ny * dy)
    sine = math.sin(incidence) * before / after
    if abs(sine) > 1.0:
        return None
    return math.atan2(ny, nx) + math.asin(sine)


#: how far (mm) the rays cast beside what waves.py drew run into it either side
_OVERLAP = 1e-9


def _widened(
    stretches: list[tuple[float, float]], start: float, stop: float, beside: bool
) -> list[tuple[float, float]]:
    """The stretches of a side (within [start, stop]) to cast rays over, `beside` what
    waves.py or fronts.py drew: a hair wider, so that the two overlap (a point on the
    ray they share is in neither by float noise)."""
    if not beside:
        return stretches
    return [(max(start, lo - _OVERLAP), min(stop, hi + _OVERLAP)) for lo, hi in stretches]


#: how many more halvings find where rays change what stops them or the heavy terrain
#: they pass (`_crossing_run`, along the outline), or cross a side at the critical angle
#: (arc_rays' `Arc._critical`)
NARROWED = 14

#: two crossing samples this near (mm along the side) that still do not join are
#: joined by the strip between them where it is clear (`_crossing_run`)
_NEAREST = 0.01

#: a crossing sample: (distance along the side, crossing point, ray end, what stopped
#: it, direction, the heavy terrain the ray passes)
_Crossing = tuple[float, Point, Point, str | None, float, Kind]


def crossings(mover: Passage, body: Body, limit: float, base: float) -> list[Polygon]:
    """The area reached by running from a corner of heavy terrain's outline (the
    node `body`, reached for `base`) along the outline on its cheaper side (a
    thousandth of a millimetre off it), then across at the critical angle anywhere
    on the sides from that corner (see `_crossing_run`)."""
    found: list[Polygon] = []
    for side, length in zip(body.sides, body.lengths, strict=False):
        found += along(mover, body.corners[0], side, length, base, limit)
    return found


def along(mover: Passage, x0: Point, side: float, length: float, base: float, limit: float) -> list[Polygon]:
    """The area reached by running from x0 on heavy terrain's outline (reached for
    `base`) along its side in direction `side` for up to `length` on its cheaper
    side, then across at the critical angle (`crossings`, a side at a time)."""
    ux, uy = math.cos(side), math.sin(side)
    normal = (-uy, ux)
    off = _PROBE
    probe = (x0[0] + ux * 1.0, x0[1] + uy * 1.0)
    outer = cost_at((probe[0] + normal[0] * off, probe[1] + normal[1] * off), mover.heavy)
    inner = cost_at((probe[0] - normal[0] * off, probe[1] - normal[1] * off), mover.heavy)
    if outer == inner:
        return []
    found: list[Polygon] = []
    into = (-normal[0], -normal[1]) if outer < inner else normal
    shifted = (x0[0] - into[0] * off, x0[1] - into[1] * off)
    # coming in along the outline, a path turns into the dearer side at the
    # critical angle: sin = cheaper cost / dearer cost from the normal
    turn = math.asin(min(outer, inner) / max(outer, inner))
    grazing = math.atan2(into[1] * math.cos(turn) + uy * math.sin(turn), into[0] * math.cos(turn) + ux * math.sin(turn))
    # exactly where nothing lies in its way (waves.py); rays cast where something does
    exact = head_wave(mover, x0, (ux, uy), length, base, limit)
    stretches = [(0.0, length)] if exact is None else exact[1]
    caster = None
    if exact is not None:
        found += exact[0]
        if stretches:
            # where only obstacles lie in the way of the rays: cast exactly (fronts.py)
            far = min(length, stretches[-1][1] + _OVERLAP)
            caster = graze(mover, x0, shifted, (ux, uy), base, limit, grazing, far)
    # where the outline runs off an obstacle's edge at x0, the way just off it is blocked
    # for a few thousandths of a millimetre: the first crossing that clears it is tried
    # too (seed 2402: otherwise only the blocked x0 and the next sample, beyond the
    # limit, were, and the run between them was left out)
    first = (
        None
        if mover.clear(x0, shifted)
        else mover.first_clear(x0, shifted, (ux, uy), min(length, limit - base), NARROWED)
    )
    for lo, hi in _widened(stretches, 0.0, length, exact is not None):
        # the rays that surely end on one obstacle in closed form (fronts.py); the rest cast
        drawn, rest = ([], [(lo, hi)]) if caster is None else caster.stopped(lo, hi)
        found += drawn
        for s0, s1 in rest:
            count = max(1, math.ceil((s1 - s0) / CROSSING_STEP))
            marks = [s0 + (s1 - s0) * k / count for k in range(count + 1)]
            if first is not None and s0 < first < marks[1]:
                marks.insert(1, first)
            found += _crossing_run(mover, x0, base, limit, shifted, (ux, uy), marks, grazing, caster)
    return found


#: a way across heavy terrain's outline near a node: (the passage for legs from
#: `origin`, the node on the outline, origin, what was spent at origin, and the node
#: it runs toward from there: None, either way along the outline)
Way = tuple[Passage, Body, Point, float, Point | None]


def across(ways: list[Way], limit: float) -> Iterator[list[Polygon]]:
    """The area reached straight from each way's origin (after what was spent there)
    across heavy terrain's outline near its node: on either side of the node half
    way to the next node and CROSSING_STEP on (see `_crossing_run`), only toward the
    node a way runs toward where it has one. Where no way crosses at the next node
    along the side (the graph found none there: its way dearer than the limit and
    the search's slack, though crossings short of it lie within the limit), on up to
    that node and CROSSING_STEP past it (seed 2869: the last 3 mm of a side before
    its corner were left out). One origin's stretches along one side are drawn as one
    where they overlap (`_runs`; drawn apart, each drew its neighbours' again). A
    run's polygons at a time."""
    nodes = sorted({way[1].corners[0] for way in ways})
    runs: dict[tuple[Point, float, Point, float], tuple[Passage, float, Point, Point, list[tuple[float, float]]]] = {}
    for mover, body, origin, base, toward in ways:
        x0 = body.corners[0]
        for side, length in zip(body.sides, body.lengths, strict=False):
            u = (math.cos(side), math.sin(side))
            if toward is not None and (toward[0] - x0[0]) * u[0] + (toward[1] - x0[1]) * u[1] <= 0.0:
                continue
            reach = min(length, HEAVY_STEP / 2 + CROSSING_STEP)
            if reach < length and not _next_node(nodes, x0, u):
                reach = min(length, HEAVY_STEP + CROSSING_STEP)
            end, v, lo, hi = _from_side_end(body, side, length, reach)
            # (float noise rounded off; where the rounding parts one side, two runs are drawn)
            key = (origin, round(base, 9), (round(end[0], 6), round(end[1], 6)), round(math.atan2(v[1], v[0]), 6))
            kept = runs.get(key)
            if kept is None:
                runs[key] = (mover, base, end, v, [(lo, hi)])
            else:
                kept[4].append((lo, hi))
    for (origin, _base, _end, _heading), (mover, base, end, v, stretches) in runs.items():
        for lo, hi in _runs(mover, end, v, stretches):
            yield _across_side(mover, origin, base, limit, end, v, lo, hi)


def _from_side_end(body: Body, side: float, length: float, reach: float) -> tuple[Point, Point, float, float]:
    """The stretch `reach` along `side` from a node of the outline (the side ends
    `length` on) as (an end of the side, direction, from, to): from the same end, the
    same way, for every node on the side."""
    x0 = body.corners[0]
    u = (math.cos(side), math.sin(side))
    if u[0] > _LEVEL or (abs(u[0]) <= _LEVEL and u[1] > 0.0):
        # from the end behind the node (a corner is that end itself)
        back = (body.lengths[1] if side == body.sides[0] else body.lengths[0]) if body.mid_side else 0.0
        return (x0[0] - u[0] * back, x0[1] - u[1] * back), u, back, back + reach
    # from the end ahead of the node, back toward it
    return (x0[0] + u[0] * length, x0[1] + u[1] * length), (-u[0], -u[1]), length - reach, length


#: a side whose direction has less than this across the x axis runs along the y axis
_LEVEL = 1e-9


def _runs(mover: Passage, end: Point, v: Point, stretches: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The stretches from `end` along v joined where they meet and the run stays on
    one side of one heavy part (an outline's side may be two parts' sides in a row:
    fronts.py draws across one only; rays cast over both ran short, seed 1195)."""
    joined: list[tuple[float, float]] = []
    for lo, hi in sorted(stretches):
        if joined and lo <= joined[-1][1]:
            first, last = joined[-1][0], max(joined[-1][1], hi)
            a = (end[0] + v[0] * first, end[1] + v[1] * first)
            b = (end[0] + v[0] * last, end[1] + v[1] * last)
            if last == joined[-1][1] or side_of(mover.heavy, a, b) is not None:
                joined[-1] = (first, last)
                continue
        joined.append((lo, hi))
    return joined


def neighbours(ways: list[Way]) -> list[Way]:
    """The ways across heavy terrain's outline from each origin on to the nodes next
    to its own (HEAVY_STEP apart at most) that other origins reach: the crossings
    between two nodes reached from different points of the way (one straight past a
    corner of heavy terrain that the other turns round) are reached from either. Where
    the other node lies along one of the node's sides, only toward it (the crossings
    between the two); elsewhere either way along its sides."""
    found: list[Way] = []
    order = sorted(ways, key=lambda way: way[1].corners[0][0])
    for i, (mover, body, origin, base, _toward) in enumerate(order):
        x = body.corners[0]
        for j in range(i + 1, len(order)):
            other = order[j]
            y = other[1].corners[0]
            if y[0] - x[0] > HEAVY_STEP:
                break
            if (other[2], other[3]) == (origin, base) or math.dist(x, y) > HEAVY_STEP + 1e-6:
                continue
            found += [
                (mover, other[1], origin, base, x if _along_sides(other[1], x) else None),
                (other[0], body, other[2], other[3], y if _along_sides(body, y) else None),
            ]
    return found


def _along_sides(body: Body, p: Point) -> bool:
    """Whether p lies ahead on one of the outline's sides from the node `body`."""
    return any(_ahead_on(body.corners[0], (math.cos(side), math.sin(side)), p) for side in body.sides)


def round_corners(
    mover: Passage, ways: list[Way], rounded: dict[Point, list[tuple[Point, float, float, float]]], limit: float
) -> list[Way]:
    """The ways across heavy terrain's outline near each way's node from the corners
    of heavy terrain reached straight from the same origin that a path turns round
    outside them, where the crossings tried there (`across`: at most
    HEAVY_STEP + CROSSING_STEP either side of the node) lie in the corner's wedge
    (turning there towards them is a way round the corner): those the straight
    line from the origin reaches only through the corner's terrain are reached
    cheaper round it (seed 257: out of a sewage pond across its side, round its
    corner and into a second pond, whose nodes were reached straight from where the
    way left the first or from further along its side; the crossings between them
    were tried from neither: a hole 0.18 mm deep). And on from each such corner to the
    corners turned round from it (seed 1700: round two corners of a swamp in a row and
    across a second swamp's side beside the corner the start reached straight, 0.026
    mm)."""
    found: list[Way] = []
    for _mover, body, origin, _base, _toward in ways:
        x0 = body.corners[0]
        for corner, g, low, width in _turned(rounded, origin):
            if corner == x0 or g >= limit:
                continue
            first = bearing(corner, x0)
            for side, length in zip(body.sides, body.lengths, strict=False):
                run = min(length, HEAVY_STEP + CROSSING_STEP)
                end = (x0[0] + run * math.cos(side), x0[1] + run * math.sin(side))
                # the directions from the corner to the stretch: from `first` by `turn`
                turn = (bearing(corner, end) - first + math.pi) % TAU - math.pi
                a0, span = (first, turn) if turn >= 0 else (first + turn, -turn)
                if (a0 - low) % TAU <= width or (low - a0) % TAU <= span:
                    found.append((mover.within(corner, limit - g), body, corner, g, None))
                    break
    return found


def _turned(
    rounded: dict[Point, list[tuple[Point, float, float, float]]], origin: Point
) -> list[tuple[Point, float, float, float]]:
    """The corners a path from `origin` turns round (`round_corners`), and on those
    turned round from each of them (each once)."""
    found = list(rounded.get(origin, ()))
    seen = {origin, *(c[0] for c in found)}
    for corner, _g, _low, _width in found:
        for turned in rounded.get(corner, ()):
            if turned[0] not in seen:
                seen.add(turned[0])
                found.append(turned)
    return found


def _next_node(nodes: list[Point], x0: Point, u: Point) -> bool:
    """Whether one of `nodes` (sorted) lies on the line from x0 along u, at most
    HEAVY_STEP on (the graph's next node on the side)."""
    reach = HEAVY_STEP + 1e-6
    for p in nodes[bisect.bisect_left(nodes, (x0[0] - reach, -math.inf)) :]:
        if p[0] > x0[0] + reach:
            break
        if _ahead_on(x0, u, p, reach):
            return True
    return False


def _ahead_on(x0: Point, u: Point, p: Point, reach: float = math.inf) -> bool:
    """Whether p lies on the line from x0 along u, past x0 and at most `reach` on."""
    dx, dy = p[0] - x0[0], p[1] - x0[1]
    return 1e-9 < dx * u[0] + dy * u[1] <= reach and abs(dx * u[1] - dy * u[0]) < 1e-6


def out_of(mover: Passage, origin: Point, base: float, limit: float) -> list[Polygon]:
    """The area reached straight from `origin` (after `base` spent) in a heavy part
    or on its outline, out across any of its sides `origin` does not lie on,
    refracted there (`_across_side`)."""
    found: list[Polygon] = []
    for h in mover.heavy:
        part = h.part
        if not planar.point_in_convex(origin, part, 1e-9):
            continue
        for a, b in zip(part, part[1:] + part[:1], strict=True):
            length = math.dist(a, b)
            if length == 0.0 or planar.point_segment_distance(origin, a, b) < 1e-9:
                continue
            u = ((b[0] - a[0]) / length, (b[1] - a[1]) / length)
            found += _across_side(mover, origin, base, limit, a, u, 0.0, length)
            found += _head_waves(mover, origin, base, limit, a, u, length, 1.0 + h.extra)
    return found


def _head_waves(
    mover: Passage, origin: Point, base: float, limit: float, a: Point, u: Point, length: float, rate: float
) -> list[Polygon]:
    """The area reached straight from `origin` (after `base` spent) in a heavy part
    (at `rate`) to where its rays meet the part's side a + u d (d in [0, length]) at
    the critical angle, then along the outline outside the part, away from the foot
    of `origin` on the side, and back in at the critical angle (`along`): the region
    inside beside the side past those points is reached cheaper so than straight
    (seed 1832: from a corner of a ruined wall through it, a strip inside its far
    sides left out, a hole 0.38 mm deep)."""
    foot = (origin[0] - a[0]) * u[0] + (origin[1] - a[1]) * u[1]
    height = abs(u[0] * (origin[1] - a[1]) - u[1] * (origin[0] - a[0]))
    middle = (a[0] + u[0] * length / 2, a[1] + u[1] * length / 2)
    # outward: the part lies on the left of its sides
    outside = cost_at((middle[0] + u[1] * _PROBE, middle[1] - u[0] * _PROBE), mover.heavy)
    if outside >= rate or height <= 0.0:
        return []
    reach = height * outside / math.sqrt(rate * rate - outside * outside)
    found: list[Polygon] = []
    for sign in (1.0, -1.0):
        d = foot + sign * reach
        if not 0.0 < d < length:
            continue
        x = (a[0] + u[0] * d, a[1] + u[1] * d)
        if not mover.clear(origin, x):
            continue
        spent = base + mover.cost(origin, x)
        if spent < limit:
            run = length - d if sign > 0.0 else d
            found += along(mover, x, math.atan2(sign * u[1], sign * u[0]), run, spent, limit)
    return found


def _across_side(
    mover: Passage, origin: Point, base: float, limit: float, x0: Point, u: Point, lo: float, hi: float
) -> list[Polygon]:
    """The area reached straight from `origin` (after `base` spent) across heavy
    terrain's outline at x0 + u d for d in [lo, hi]: in closed form where nothing
    lies in the way (fronts.py), by rays cast where something does."""
    found: list[Polygon] = []
    exact = front(mover, origin, base, limit, x0, u, lo, hi)
    stretches = [(lo, hi)] if exact is None else exact[1]
    caster = None if exact is None else exact[2]
    if exact is not None:
        found += exact[0]
    for s0, s1 in _widened(stretches, lo, hi, exact is not None):
        count = max(1, math.ceil((s1 - s0) / CROSSING_STEP))
        marks = [s0 + (s1 - s0) * k / count for k in range(count + 1)]
        run = _crossing_run(mover, origin, base, limit, x0, u, marks, None, caster)
        if not run:
            # no crossing tried was reached (blocked, or beyond the limit): one may lie
            # between them, where the way just passes what blocks and is within the limit
            count *= _DENSER
            marks = [s0 + (s1 - s0) * k / count for k in range(count + 1)]
            run = _crossing_run(mover, origin, base, limit, x0, u, marks, None, caster)
        found += run
    return found


#: how many times as many crossings are tried along a stretch where none was reached
_DENSER = 16


def _crossing_run(
    mover: Passage,
    origin: Point,
    base: float,
    limit: float,
    x0: Point,
    u: Point,
    marks: list[float],
    grazing: float | None,
    exact: Caster | None = None,
) -> list[Polygon]:
    """The area reached by crossing heavy terrain's outline at the points x0 + u d
    for d in `marks` (rising, about CROSSING_STEP apart), each reached straight from `origin`
    (after `base` spent), each sending its refracted ray; more where neighbouring
    rays turn apart by over `sag_step`, the edge between their ends falls over
    CHORD_SAG short of their front (`sags`, in cost at the rate where they end), they
    stop differently, or the edge between their ends is not clear. Between two
    neighbouring rays the area is the quadrilateral of the two crossing points and
    the two ray ends. `grazing`: the origin is a
    corner and the way runs along the outline from it (x0 just off it), every ray
    leaving in that one direction (the critical angle). `exact`: the crossings and
    rays worked out exactly where only obstacles it knows lie in their way
    (fronts.py)."""
    ux, uy = u
    normal = (-uy, ux)  # of the side of the outline walked (Snell reads it either way)
    found: list[Polygon] = []

    def crossing(d: float, grazed: bool = False) -> tuple[Point, float, float] | None:
        """(crossing point, cost there, direction on) where a path crosses at d;
        None where it cannot (`grazed`: where the way from origin is clear or not)."""
        if exact is not None:
            return exact.crossing(d)
        x = (x0[0] + ux * d, x0[1] + uy * d)
        if not (0 <= x[0] <= mover.board.width and 0 <= x[1] <= mover.board.height):
            return None
        if mover.leaving and origin == mover.start:
            # leaving terrain: with the base still on it at x the way cannot bend there
            # (every ray from x runs into that terrain at once: nothing is reached past x)
            hit, still_on = mover.hit_leaving(origin, x)
            if hit is not None or still_on:
                return None
        elif not grazed and not mover.clear(origin, x):
            return None
        cost = base + mover.cost(origin, x)
        if cost >= limit:
            return None
        direction = grazing if grazing is not None else refracted(mover, x, bearing(origin, x), normal)
        if direction is None:
            return None
        return x, cost, direction

    def ray(d: float, x: Point, cost: float, direction: float) -> _Crossing:
        """The sample at d whose crossing point, cost there and direction on are given."""
        end, stopped, kind = (
            cast(mover, x, limit - cost, direction) if exact is None else exact.cast(x, cost, direction)
        )
        # (rays that pass the same media pass the same terrain: crossing points on a
        # side two parts share, seed 2154, sent the rays of a strip 0.005 mm wide
        # into one part or on into the other, and the strip was left out)
        return (d, x, end, stopped, direction, media(mover.heavy, x, kind))

    def sample(d: float) -> _Crossing | None:
        found = crossing(d)
        return None if found is None else ray(d, *found)

    joined: dict[tuple[float, float], bool] = {}

    def _strip_clear(a: _Crossing, b: _Crossing) -> bool:
        """Whether the quadrilateral of two neighbouring samples is clear (its rays
        are: so are the edges between their crossing points and their ends)."""
        if exact is not None:
            return exact.chord_clear(a[2], b[2])
        return mover.clear(a[1], b[1]) and chord_clear(mover, a[1], a[2], b[2])

    def joins(a: _Crossing, b: _Crossing) -> bool:
        """Whether the quadrilateral of two neighbouring samples is clear and holds
        what lies between them (asked again for the same two when the runs are put
        together: kept in `joined`)."""
        key = (a[0], b[0])
        known = joined.get(key)
        if known is None:
            turn = abs((b[4] - a[4] + math.pi) % (2 * math.pi) - math.pi)
            rate = end_rate(mover.heavy, a[5])
            known = joined[key] = (
                a[3] == b[3]
                and a[5] == b[5]
                and turn <= sag_step(math.dist(a[1], a[2]), rate)
                and not sags(a[2], b[2], turn, rate)
                and _strip_clear(a, b)
            )
        return known

    def between(a: _Crossing, b: _Crossing, depth: int) -> list[_Crossing | None]:
        if joins(a, b):
            return []
        if depth >= 8 or b[0] - a[0] < 0.01:
            return narrowed(a, b)
        mid = sample((a[0] + b[0]) / 2)
        if mid is None:
            return [None]
        return between(a, mid, depth + 1) + [mid] + between(mid, b, depth + 1)

    def narrowed(a: _Crossing, b: _Crossing) -> list[_Crossing | None]:
        """Where two neighbouring rays along the outline (`grazing`: parallel, so no
        fan fills between them) stop on different things or pass different heavy
        terrain after the deepest halving: the rays either side of where that
        changes, NARROWED more halvings apart (the strip between them is left out),
        worked out exactly or cast alike."""
        if grazing is None or (a[3], a[5]) == (b[3], b[5]):
            return []
        low, high = a, b
        for _ in range(NARROWED):
            mid = sample((low[0] + high[0]) / 2)
            if mid is None:
                break
            if (mid[3], mid[5]) == (a[3], a[5]):
                low = mid
            else:
                high = mid
        return [r for r in (low, high) if r is not a and r is not b]

    def edge(good: _Crossing, bad: float) -> list[_Crossing | None]:
        """Samples up to where crossing stops being possible between a good sample
        and a distance where it is not (near the critical angle the refracted
        rays fan out fastest); None where a sample between fails, as in `between`."""
        # only whether a path crosses decides the halving: the ray is cast for the last one
        lo, hi, last_found = good[0], bad, None
        for _ in range(14):
            mid = (lo + hi) / 2
            found = crossing(mid)
            if found is None:
                hi = mid
            else:
                lo, last_found = mid, found
        if last_found is None:
            return []
        last = ray(lo, *last_found)
        past = None if exact is not None or mover.leaving else crossing(hi, grazed=True)
        if past is not None and mover.clear(last_found[0], past[0]):
            # the way to hi is blocked, to lo (a hair before it) clear: it grazes what
            # blocks it between them, on the line a sweep off that obstacle shares. The
            # last ray leaves at hi, its way within hi - lo of lo's, over the line (by
            # halving the strip between lo and that line was left out: seed 2099, a crack
            # 1e-4 mm wide beside a sweep, 0.047 mm deep)
            last = ray(hi, *past)
        if good[0] < last[0]:
            return between(good, last, 0) + [last]
        return [last] + between(last, good, 0)

    samples: list[_Crossing | None] = []
    previous_d = None
    for d in marks:
        here = sample(d)
        if samples and samples[-1] is not None and here is not None:
            samples += between(samples[-1], here, 0)
        elif samples and samples[-1] is not None:
            samples += edge(samples[-1], d)
        elif samples and here is not None and previous_d is not None:
            samples += edge(here, previous_d)
        samples.append(here)
        previous_d = d
    run: list[_Crossing] = []
    for item in samples + [None]:
        if item is not None and run and not joins(run[-1], item):
            # still apart after refining: near the critical angle the rays turn
            # fast while the crossing point hardly moves; a fan from that point
            # fills the turn
            last = run[-1]
            turn = (item[4] - last[4] + math.pi) % (2 * math.pi) - math.pi
            # (rays in one direction, as along the outline, turn not at all: a fan of
            # no width holds nothing)
            if turn != 0.0 and math.dist(last[1], item[1]) < 0.05:
                low = last[4] if turn >= 0 else item[4]
                spent = base + mover.cost(origin, last[1])
                found.append(fan(mover, last[1], limit - spent, low, abs(turn), [], closed=False))
                # the fan's rays all leave last's crossing point, item's leaves its own: the
                # strip between the fan's ray in item's direction and item's ray, as long
                # as the crossing points lie apart, where the two stop alike and end at
                # one rate (they may pass different parts of one piece: seed 25, the rays
                # ending on the line between two parts of a forest, a strip 0.004 mm wide
                # and 16 mm long left out, a hole 0.06 mm deep)
                beside = ray(last[0], last[1], spent, item[4])
                rates = end_rate(mover.heavy, beside[5]), end_rate(mover.heavy, item[5])
                if beside[3] == item[3] and rates[0] == rates[1] and _strip_clear(beside, item):
                    found.append((last[1], item[1], item[2], beside[2]))
            if item[0] - last[0] < _NEAREST and last[3] != item[3] and last[5] == item[5] and _strip_clear(last, item):
                # stopped differently a hair apart (on an obstacle and where the budget
                # runs out: the corner where the two meet), past the same heavy
                # terrain: the strip between them
                found.append((last[1], item[1], item[2], last[2]))
            if len(run) >= 2:
                found.append(tuple(r[1] for r in run) + tuple(r[2] for r in reversed(run)))
            run = []
        if item is None:
            if len(run) >= 2:
                found.append(tuple(r[1] for r in run) + tuple(r[2] for r in reversed(run)))
            run = []
        else:
            run.append(item)
    return found
