"""Heavy terrain's outline crossed in closed form (crossing.py): the head wave
along a side (`head_wave`: a path runs along the side outside the terrain, then
turns into it at the critical angle; every such path leaves the side in the same
direction, so the area they reach is bounded by straight lines only: inside the
terrain the convex polygon of families.HeadWave, and past each side the rays
leave it by, running on outside at a cost still linear along that side, a
quadrilateral). What lies in its way (an obstacle, another heavy part) is found
exactly; there the caller casts rays as before. Also the rays in closed form that
fronts.py and through.py draw fans of (`Ray`, `leaves_at`, `leaving`,
`chord_cuts`, `cuts_off`, `rays_between`, `joined_runs`)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TypeVar

from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.families import HeadWave
from tabletop.games.skirmish.table.inset import clip_convex
from tabletop.games.skirmish.table.passage import Passage
from tabletop.games.skirmish.table.planar import Point, Polygon
from tabletop.games.skirmish.table.rays import CHORD_SAG, sag_step
from tabletop.games.skirmish.table.spans import heavy_spans

#: a ray of a fan or a front, joined to its neighbours (`joined_runs`)
R = TypeVar("R")

#: a point this near a side (mm) lies on it
_ON_SIDE = 1e-7
#: how much farther than the base's own clearance an obstacle must stay from the
#: polygons (mm): the way along the side runs a thousandth of a mm off it
CLEAR = 2e-3
#: how far (mm) a polygon past a side the rays leave the part by reaches back into it
_OVERLAP = 1e-9
#: polygons overlapping by less than this (mm, separating axes) only touch
_TOUCH = 1e-9


def head_wave(
    mover: Passage, corner: Point, u: Point, length: float, base: float, limit: float
) -> tuple[list[Polygon], list[tuple[float, float]]] | None:
    """The area reached running from `corner` on heavy terrain's outline (reached
    for `base`) along the side in direction `u` for up to `length`, then into the
    terrain at the critical angle, within `limit`: polygons (their union), and the
    stretches of the side (distances from the corner) whose ways are not drawn
    because something lies in them (an obstacle, another heavy part; the caller
    casts rays across those); None where the wave is not exact at all (the way along
    the side not outside all heavy terrain, or off the table)."""
    if mover.leaving or length <= 0.0:
        return None
    ux, uy = u
    nx, ny = -uy, ux  # the left of the side
    probe = min(1.0, length / 2)
    px, py = corner[0] + ux * probe, corner[1] + uy * probe
    off = 1e-3
    heavy = mover.heavy
    on_left = [k for k, h in enumerate(heavy) if planar.point_in_convex((px + nx * off, py + ny * off), h.part, -1e-9)]
    on_right = [k for k, h in enumerate(heavy) if planar.point_in_convex((px - nx * off, py - ny * off), h.part, -1e-9)]
    if len(on_left) + len(on_right) != 1:
        return None  # the way along the side is not outside all heavy terrain, or two parts overlap there
    left = bool(on_left)
    k = (on_left or on_right)[0]
    part = heavy[k].part
    toward = (corner[0] + ux * length, corner[1] + uy * length)
    on = planar.point_segment_distance
    if not any(
        on(corner, a, b) < _ON_SIDE and on(toward, a, b) < _ON_SIDE
        for a, b in zip(part, part[1:] + part[:1], strict=True)
    ):
        return None  # the outline's side runs on past the part's
    dx, dy = (nx, ny) if left else (-nx, -ny)
    # the way along the side, a thousandth of a mm off it on the cheap side, on the table
    board = mover.board
    r = board.radius
    walk = ((corner[0] - dx * off, corner[1] - dy * off), (toward[0] - dx * off, toward[1] - dy * off))
    if heavy_spans(walk[0], walk[1], heavy) or any(
        not (r <= x <= board.width - r and r <= y <= board.height - r) for x, y in (corner, toward)
    ):
        return None
    rate = 1.0 + heavy[k].extra
    slope = math.sqrt(rate * rate - 1.0)
    v = ((ux + dx * slope) / rate, (uy + dy * slope) / rate)
    box = ((r, r), (board.width - r, r), (board.width - r, board.height - r), (r, board.height - r))
    wave = HeadWave(corner, toward, base, 1.0, rate, left)
    found = _polygons(wave, part, v, limit, box)
    # what lies in the way: the stretches of entries whose rays (as whole lines) pass it
    blocked = []
    wx, wy = -v[1], v[0]
    across = wx * ux + wy * uy
    at = wx * corner[0] + wy * corner[1]
    for lo, hi, on_walk in _in_the_way(mover, found, k, corner, toward, v):
        s0, s1 = sorted(((lo - at) / across, (hi - at) / across))
        if s1 >= 0.0 and s0 <= length:
            blocked.append((max(0.0, s0), length if on_walk else min(length, s1)))
    if not blocked:
        return [p for p, _inside in found], []
    blocked.sort()
    merged = [list(blocked[0])]
    for s0, s1 in blocked[1:]:
        if s0 <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], s1)
        else:
            merged.append([s0, s1])
    gaps = []
    s = 0.0
    for s0, s1 in merged:
        if s0 > s:
            gaps.append((s, s0))
        s = max(s, s1)
    if s < length:
        gaps.append((s, length))
    drawn: list[Polygon] = []
    rest = [(s0, s1) for s0, s1 in merged]
    for s0, s1 in gaps:
        a = (corner[0] + ux * s0, corner[1] + uy * s0)
        b = (corner[0] + ux * s1, corner[1] + uy * s1)
        if s1 - s0 < 1e-6:
            rest.append((s0, s1))
            continue
        sub = _polygons(HeadWave(a, b, base + s0, 1.0, rate, left), part, v, limit, box)
        if _in_the_way(mover, sub, k, a, b, v):
            rest.append((s0, s1))
        else:
            drawn += [p for p, _inside in sub]
    return drawn, sorted(rest)


def _polygons(wave: HeadWave, part: Polygon, v: Point, limit: float, box: Polygon) -> list[tuple[Polygon, bool]]:
    """The wave's polygons (positive orientation) on the table, each flagged whether
    it lies inside the part: there, and past each side the rays leave it by."""
    region = wave.region(limit)
    if len(region) < 3:
        return []
    found = [clip_convex(region, part)]
    oriented = planar.orient(part)
    m = len(oriented)
    for j in range(m):
        a, b = oriented[j], oriented[(j + 1) % m]
        ex, ey = b[0] - a[0], b[1] - a[1]
        if ey * v[0] - ex * v[1] <= 1e-12 * math.hypot(ex, ey):
            continue  # (outward normal (ey, -ex)) the rays do not leave by this side
        quad = _beyond(wave, (a, b), v, limit)
        if quad is not None:
            found.append(quad)
    clipped = [(clip_convex(planar.orient(p), box) if len(p) >= 3 else (), i == 0) for i, p in enumerate(found)]
    return [(planar.orient(p), inside) for p, inside in clipped if len(p) >= 3]


def _beyond(wave: HeadWave, side: tuple[Point, Point], v: Point, limit: float) -> Polygon | None:
    """The area reached by the wave's rays running on outside past `side` of the
    part (they leave it there, in direction v): the side's stretch they leave by
    within `limit`, each point of it run on by what is left (linear along it)."""
    a, b = side
    # the stretch of the side whose rays entered on the wave's side, within limit
    stretch: Polygon = (a, b)
    c, t = wave.corner, wave.toward
    # left of the line through the corner along v, right of the one through the far end
    stretch = _cut(stretch, (c[0] - v[0], c[1] - v[1]), c, wave)
    if len(stretch) == 2:
        stretch = _cut(stretch, t, (t[0] - v[0], t[1] - v[1]), wave)
    if len(stretch) != 2:
        return None
    e0, e1 = stretch
    c0, c1 = wave.cost(e0), wave.cost(e1)
    if math.isinf(c0) or math.isinf(c1):
        # (an end at the strip's edge, by float error a hair outside the family)
        c0, c1 = _linear(wave, e0), _linear(wave, e1)
    if c0 > limit and c1 > limit:
        return None
    if c0 > limit or c1 > limit:
        # only the stretch within the limit
        f = (limit - c0) / (c1 - c0)
        mid = (e0[0] + (e1[0] - e0[0]) * f, e0[1] + (e1[1] - e0[1]) * f)
        e0, e1, c0, c1 = (e0, mid, c0, limit) if c0 <= limit else (mid, e1, limit, c1)
    r0, r1 = limit - c0, limit - c1
    # from a hair inside the part, so that it overlaps the polygon there (a point on the
    # side they share is in neither by float noise; it costs a billionth of a mm more)
    b0 = (e0[0] - v[0] * _OVERLAP, e0[1] - v[1] * _OVERLAP)
    b1 = (e1[0] - v[0] * _OVERLAP, e1[1] - v[1] * _OVERLAP)
    return (b0, b1, (e1[0] + v[0] * r1, e1[1] + v[1] * r1), (e0[0] + v[0] * r0, e0[1] + v[1] * r0))


def _linear(wave: HeadWave, p: Point) -> float:
    """The wave's cost at p by its linear form, wherever p lies."""
    a, b = wave.corner, wave.toward
    length = math.dist(a, b)
    tx, ty = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    nx, ny = (-ty, tx) if wave.left else (ty, -tx)
    dx, dy = p[0] - a[0], p[1] - a[1]
    slope = math.sqrt(wave.into * wave.into - wave.along * wave.along)
    return wave.base + wave.along * (dx * tx + dy * ty) + slope * (dx * nx + dy * ny)


def _cut(stretch: Polygon, a: Point, b: Point, wave: HeadWave) -> Polygon:
    """The part of a segment on the strip's side of the line a-b (the side holding
    the wave's other end)."""
    p, q = stretch
    ex, ey = b[0] - a[0], b[1] - a[1]
    # keep the side of the line the middle of the wave's side lies on
    mx, my = (wave.corner[0] + wave.toward[0]) / 2, (wave.corner[1] + wave.toward[1]) / 2
    sign = 1.0 if ex * (my - a[1]) - ey * (mx - a[0]) >= 0.0 else -1.0
    sp = sign * (ex * (p[1] - a[1]) - ey * (p[0] - a[0]))
    sq = sign * (ex * (q[1] - a[1]) - ey * (q[0] - a[0]))
    if sp < 0.0 and sq < 0.0:
        return ()
    if sp >= 0.0 and sq >= 0.0:
        return stretch
    f = sp / (sp - sq)
    x = (p[0] + (q[0] - p[0]) * f, p[1] + (q[1] - p[1]) * f)
    return (p, x) if sp >= 0.0 else (x, q)


def _in_the_way(
    mover: Passage, polygons: list[tuple[Polygon, bool]], k: int, corner: Point, toward: Point, v: Point
) -> list[tuple[float, float, bool]]:
    """What lies in the way of the wave's polygons (those flagged inside part k in
    it, the others outside all heavy terrain: past its sides, by construction, but
    for the hair they reach back into it): each other heavy part and each
    obstacle (its exact grown pieces) that meets one, as its extent across the
    rays (the least and greatest of x * -v_y + y * v_x over it, an obstacle's
    widened by its clearance), and whether it meets the way along the side too
    (then every entry beyond it is cut off)."""
    wx, wy = -v[1], v[0]
    found: list[tuple[float, float, bool]] = []
    heavy = mover.heavy
    for p, _inside in polygons:
        for j, h in enumerate(heavy):
            if j != k and h.overlaps(p):
                ws = [wx * x + wy * y for x, y in h.part]
                found.append((min(ws), max(ws), False))
    if not polygons:
        return found
    xs = [q[0] for p, _inside in polygons for q in p]
    ys = [q[1] for p, _inside in polygons for q in p]
    left, top, right, bottom = min(xs) - CLEAR, min(ys) - CLEAR, max(xs) + CLEAR, max(ys) + CLEAR
    for ob in mover.field.obstacles:
        ol, ot, orr, ob_ = ob.box
        if orr < left or ol > right or ob_ < top or ot > bottom:
            continue
        clearance = ob.radius + CLEAR
        if any(ob.near(p, clearance) for p, _inside in polygons):
            ws = [wx * x + wy * y for x, y in ob.core]
            on_walk = ob.near((corner, toward), clearance)
            found.append((min(ws) - clearance, max(ws) + clearance, on_walk))
    return found


#: the deepest halving between two rays of a fan
_HALVINGS = 12

Ray = tuple[float, Point, Point, float]


def leaves_at(part: Polygon, x: Point, d: Point) -> float:
    """How far from x (on or in the convex part, positive orientation) along the
    unit direction d the part ends."""
    return leaving(part, x, d)[0]


def leaving(part: Polygon, x: Point, d: Point) -> tuple[float, int]:
    """How far from x (on or in the convex part, positive orientation) along the
    unit direction d the part ends, and by which side (-1: none)."""
    t, side = math.inf, -1
    n = len(part)
    for i in range(n):
        (x1, y1), (x2, y2) = part[i], part[(i + 1) % n]
        ex, ey = x2 - x1, y2 - y1
        inside = max(0.0, ex * (x[1] - y1) - ey * (x[0] - x1))
        slope = ex * d[1] - ey * d[0]
        if slope < 0.0 and inside / -slope < t:
            t, side = inside / -slope, i
    return t, side


def joined_runs(pairs: list[tuple[R, R] | None]) -> list[list[R]]:
    """The runs of neighbouring rays joined pair by pair (None: the pair between
    two rays is not drawn), each of two rays or more."""
    runs: list[list[R]] = []
    for pair in pairs + [None]:
        if pair is None:
            runs.append([])
        elif runs and runs[-1] and runs[-1][-1] is pair[0]:
            runs[-1].append(pair[1])
        else:
            runs.append(list(pair))
    return [run for run in runs if len(run) >= 2]


def chord_cuts(ray: Callable[[float], Ray | None], a: Ray, b: Ray) -> bool:
    """Whether the straight edge between two neighbouring rays' ends would cut off
    more than CHORD_SAG of what lies beyond it reached (the ray between them ends
    short of it), or that ray does not exist."""
    mid = ray((a[0] + b[0]) / 2)
    if mid is None:
        return True
    return cuts_off(a, b, mid)


def cuts_off(a: Ray, b: Ray, mid: Ray) -> bool:
    """`chord_cuts` given the ray between a and b (at the middle of their angles)."""
    (px, py), (qx, qy), (mx, my) = a[2], b[2], mid[2]
    ex, ey = qx - px, qy - py
    length = math.hypot(ex, ey)
    if length == 0.0:
        return math.dist(a[2], mid[2]) > CHORD_SAG
    # how far the middle end lies on the crossing points' side of the edge
    toward = (ex * (a[1][1] - py) - ey * (a[1][0] - px)) >= 0.0
    beyond = (ex * (my - py) - ey * (mx - px)) / length
    return (beyond if toward else -beyond) > CHORD_SAG


def turn_between(a: Ray, b: Ray) -> float:
    return abs((b[3] - a[3] + math.pi) % (2 * math.pi) - math.pi)


def rays_between(ray: Callable[[float], Ray | None], a: Ray, b: Ray, depth: int) -> list[Ray | None]:
    """Rays to put between two of a front turning apart by over `sag_step`."""
    if depth >= _HALVINGS or turn_between(a, b) <= sag_step(math.dist(a[1], a[2])):
        return []
    mid = ray((a[0] + b[0]) / 2)
    if mid is None:
        return [None]
    return [*rays_between(ray, a, mid, depth + 1), mid, *rays_between(ray, mid, b, depth + 1)]
