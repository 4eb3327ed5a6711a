"""Where a base starting on convex parts is first clear of them along a straight
leg (`clear_of`): a warrior leaving terrain it may not enter passes through it on
the first leg of its path until its base is clear of it (passage.py).

Along a line, the places where a base of radius r overlaps a convex part (its
centre nearer than r to the part, or inside it) are one stretch: the line's
stretch in the part or in the rounded strip along one of its sides (each side
a rectangle and two discs). The stretch's ends are found in closed form, and
the end a leg leaves by is checked with the same test of overlap the rest uses.

Where the way out may bend (`exits`): a path leaving the parts goes straight
until its base is clear of them, so where the straight way from the start
touches another obstacle while the base is still on the parts, it cannot bend
round the obstacle there. The cheapest ways past the obstacle's far side (hidden
from the start) then go on along that tangent until the base is clear, and bend
there: that point is a node of the way out. So too where the straight way grazes
the terrain itself from within, at a corner where the grown outlines of two of
its parts cross: a hair beyond, the base would be clear of them and then back on
(the terrain blocks once it is clear), so the ways past that corner go on until
the base is clear.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable

from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.planar import Point, Polygon
from tabletop.games.skirmish.table.tangents import Core

#: how far past the solved end of a stretch the base is taken to be clear of it (mm):
#: far below anything measured, far above the rounding of the solution
_PAST = 1e-11
#: how near the solved ends of a stretch (mm) the overlap test itself decides
_BLUR = 1e-6


def clear_of(parts: list[Polygon], radius: float, a: Point, b: Point) -> float:
    """How far along segment a-b (as a fraction; 1 or more: not before b) a base of
    `radius` starting on the convex `parts` is first clear of all of them. Each part
    is convex, so along the segment the base overlaps it on one stretch. "Clear" is
    a hair beyond touching, so the rest of the segment, checked against the pieces
    again, starts off them."""
    return Clearing(parts, radius, a).clear_at(b)


class Clearing:
    """`clear_of` for legs from one start a: what each part's sides and a alone give
    worked out once (a leaving warrior's legs all start where it stands), the same
    sums."""

    def __init__(self, parts: list[Polygon], radius: float, a: Point) -> None:
        self.a = a
        self.radius = radius = radius + 1e-9
        self._parts = [(_from(part, radius, a), _edges(part)) for part in parts]

    def clear_at(self, b: Point) -> float:
        """`clear_of(parts, radius, a, b)`."""
        a, radius = self.a, self.radius
        length = math.dist(a, b)
        past = _PAST / length if length > 0.0 else 0.0

        def inside(edges: _Edges, t: float) -> bool:
            return _overlaps((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t), edges, radius)

        # whether the base overlaps a part at a fraction t: the solved stretch tells,
        # unless t lies within a nanometre of its ends (there the overlap test does)
        blur = _BLUR / length if length > 0.0 else math.inf

        def within(edges: _Edges, found: tuple[float, float] | None, t: float) -> bool:
            if found is not None:
                lo, hi = found
                if lo + blur < t < hi - blur:
                    return True
                if t < lo - blur or t > hi + blur:
                    return False
            elif length > 0.0:
                return False
            return inside(edges, t)

        stretches = []
        for sides, edges in self._parts:
            found = _stretch(sides, radius, a, b)
            at_start = within(edges, found, 0.0)
            if found is None and not at_start:
                continue
            if found is None:  # a leg of no length
                found = (0.0, 0.0)
            enter, leave = found
            if at_start:
                enter = 0.0
            elif enter >= 1.0 or leave <= 0.0:
                continue
            if within(edges, found, 1.0):
                leave = 1.0
            else:
                # a hundred-millionth of a micrometre on, off the boundary the rounding blurs
                leave = _clear_after(edges, max(leave, enter) + past, inside)
            stretches.append((max(enter, 0.0), leave))
        reached = 0.0
        grew = True
        while grew:
            grew = False
            for t0, t1 in stretches:
                if t0 <= reached + 1e-12 and t1 > reached:
                    reached = t1
                    grew = True
        if reached >= 1.0:
            # still on them at b: ask whether the base is clear at b itself
            return 1.0 if not any(inside(edges, 1.0) for _sides, edges in self._parts) else 2.0
        return reached


def _clear_after(part: _Edges, t: float, inside: Callable[[_Edges, float], bool]) -> float:
    """The first fraction at or after t (the stretch's end as solved, which is off
    by rounding only) where the base is clear of the part by the test of overlap
    itself: the solved end if it is, else halved down between there and the end of
    the leg (the base is clear at the end: the caller asked)."""
    t = min(max(t, 0.0), 1.0)
    if not inside(part, t):
        return t
    lo, hi = t, 1.0
    for _ in range(60):
        mid = (lo + hi) / 2
        if inside(part, mid):
            lo = mid
        else:
            hi = mid
    return hi


def overlaps(p: Point, part: Polygon, radius: float) -> bool:
    """Whether a base of `radius` (> 0) centred at p overlaps the convex part:
    `planar.point_convex_signed_distance(p, part) < radius`, the same sums, answered
    by the first side that decides it."""
    return _overlaps(p, _edges(part), radius)


def _overlaps(p: Point, edges: _Edges, radius: float) -> bool:
    """Whether a base of `radius` centred at p overlaps the convex part of these
    `_edges`: `planar.point_convex_signed_distance(p, part) < radius` (radius > 0),
    the same sums, answered by the first side that decides it."""
    x, y = p
    outside = False
    for ax, ay, ex, ey, _den in edges:
        if ex * (y - ay) - ey * (x - ax) < 0.0:
            outside = True
            break
    if not outside:
        return True  # inside the part: the signed distance is not positive
    for ax, ay, dx, dy, den in edges:
        px, py = x - ax, y - ay
        if den > 0.0:
            t = (px * dx + py * dy) / den
            if t > 1.0:
                t = 1.0
            elif t < 0.0:
                t = 0.0
            px -= t * dx
            py -= t * dy
        if math.hypot(px, py) < radius:
            return True
    return False


#: the sides of a part as `_edges` gives them
_Edges = tuple[tuple[float, float, float, float, float], ...]


@functools.lru_cache(maxsize=1024)
def _edges(part: Polygon) -> _Edges:
    """Each side of a part as it comes (as planar's distance tests take it): its
    first corner, the way to the next and that way's length squared."""
    n = len(part)
    found = []
    for i in range(n):
        ax, ay = part[i]
        bx, by = part[(i + 1) % n]
        dx, dy = bx - ax, by - ay
        found.append((ax, ay, dx, dy, dx * dx + dy * dy))
    return tuple(found)


@functools.lru_cache(maxsize=1024)
def _sides(part: Polygon) -> tuple[tuple[float, float, float, float, float, float, float], ...]:
    """Each side of a convex part, turning with growing angle (the inside on its
    left), as (x, y) of its first corner, (ex, ey) along it, its unit direction and
    length: worked out once per part (a leaving warrior's legs ask the same few)."""
    ring = part if planar.signed_area(part) >= 0.0 else tuple(reversed(part))
    n = len(ring)
    found = []
    for i in range(n):
        px, py = ring[i]
        qx, qy = ring[(i + 1) % n]
        ex, ey = qx - px, qy - py
        length = math.hypot(ex, ey)
        found.append((px, py, ex, ey, ex / length if length else 0.0, ey / length if length else 0.0, length))
    return tuple(found)


#: the sides of a part as seen from a leg's start a (`_from`): for each, (ex, ey)
#: along it and how far a lies on its inner side (times its length); (py - ay,
#: px - ax) to its first corner; and (fx, fy) back from it, fx² + fy² - r², its unit
#: direction and length, -along and length - along (a's place along it), -r - off
#: and r - off (a's place off it)
_Seen = tuple[
    tuple[tuple[float, float, float], ...],
    tuple[tuple[float, float], ...],
    tuple[tuple[float, float, float, float, float, float, float, float, float, float, float], ...],
]


@functools.lru_cache(maxsize=256)
def _from(part: Polygon, radius: float, a: Point) -> _Seen:
    """What `_stretch` works out of each side of a part and a leg's start alone, the
    same sums: once per start (a leaving warrior's legs all start at one point)."""
    ax, ay = a
    r2 = radius * radius
    lines, corners, sides = [], [], []
    for px, py, ex, ey, ux, uy, length in _sides(part):
        fx, fy = ax - px, ay - py
        along, off = fx * ux + fy * uy, fy * ux - fx * uy
        lines.append((ex, ey, ex * (ay - py) - ey * (ax - px)))
        corners.append((py - ay, px - ax))
        sides.append(
            (fx, fy, fx * fx + fy * fy - r2, ux, uy, length, -along, length - along, -radius - off, radius - off, off)
        )
    return tuple(lines), tuple(corners), tuple(sides)


def _stretch(seen: _Seen, radius: float, a: Point, b: Point) -> tuple[float, float] | None:
    """The stretch (from, to), as fractions along the line through a and b (either
    may lie beyond a or b), where a base centred on it would overlap the convex
    part seen so (`_from` a; nearer than `radius`, or inside it); None where it
    overlaps nowhere."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    dd = dx * dx + dy * dy
    if dd == 0.0:
        return None
    lines, corners, sides = seen
    lo, hi = math.inf, -math.inf
    # the line within the part itself
    t0, t1 = -math.inf, math.inf
    for ex, ey, num in lines:
        # num > 0: a on the inner side
        den = ex * dy - ey * dx
        if den == 0.0:
            if num < 0.0:
                t0, t1 = math.inf, -math.inf
                break
            continue
        t = -num / den
        if den > 0.0:
            if t > t0:
                t0 = t
        elif t < t1:
            t1 = t
    if t1 > t0:
        lo, hi = t0, t1
    # each corner's distance from the line (signed): a disc or strip farther than the
    # radius on one side meets it nowhere
    norm = math.sqrt(dd)
    across = [(dx * qy - dy * qx) / norm for qy, qx in corners]
    n = len(sides)
    for i in range(n):
        h = across[i]
        h_next = across[i + 1] if i + 1 < n else across[0]
        if (h >= radius and h_next >= radius) or (h <= -radius and h_next <= -radius):
            continue
        fx, fy, ff, ux, uy, length, back, ahead, below, above, off = sides[i]
        if -radius < h < radius:
            # the disc about the corner
            half_b = dx * fx + dy * fy
            disc = half_b * half_b - dd * ff
            if disc > 0.0:
                root = math.sqrt(disc)
                e = (-half_b - root) / dd
                if e < lo:
                    lo = e
                e = (-half_b + root) / dd
                if e > hi:
                    hi = e
        # the rectangle along the side: 0 < along < length, |off the side| < radius
        if length == 0.0:
            continue
        s0, s1 = -math.inf, math.inf
        rate = dx * ux + dy * uy
        if rate != 0.0:
            e0, e1 = back / rate, ahead / rate
            s0, s1 = (e0, e1) if e0 < e1 else (e1, e0)
        elif not 0.0 < -back < length:
            continue
        rate = dy * ux - dx * uy
        if rate != 0.0:
            e0, e1 = below / rate, above / rate
            if e0 > e1:
                e0, e1 = e1, e0
            if e0 > s0:
                s0 = e0
            if e1 < s1:
                s1 = e1
        elif not -radius < off < radius:
            continue
        if s1 > s0:
            if s0 < lo:
                lo = s0
            if s1 > hi:
                hi = s1
    if hi <= lo:
        return None
    return lo, hi


@functools.lru_cache(maxsize=64)
def exits(parts: tuple[Polygon, ...], radius: float, start: Point, others: tuple[Core, ...]) -> tuple[Point, ...]:
    """Where a way from `start` out of the convex `parts` (a base of `radius` on
    them) may bend: for each straight way from the start that touches one of
    `others` (each grown by its own radius and `radius`), or grazes a corner where
    the parts' grown outlines cross (`_grown_corners`), while the base is still on
    the parts, the point on it where the base is first clear of them (see the
    module). Each is the end of such a way, whatever lies on it beyond the touch."""
    span = max(math.dist(start, v) for part in parts for v in part) + 2 * radius
    found: list[Point] = []
    for corner in _grown_corners(parts, radius):
        d = math.dist(start, corner)
        if d <= _BLUR:
            continue
        far = (start[0] + span * (corner[0] - start[0]) / d, start[1] + span * (corner[1] - start[1]) / d)
        t = clear_of(list(parts), radius, start, far)
        # still on the parts past the corner: the way grazed it from within (a way
        # into the gap beyond it is clear of them right there)
        if t < 1.0 and t * span > d + _GRAZED:
            found.append((start[0] + (far[0] - start[0]) * t, start[1] + (far[1] - start[1]) * t))
    for other in others:
        reach = other.radius + radius
        if _gap(start, other, reach) <= 0.0:
            continue  # the start within it: no way touches it from outside
        for c in other.core:
            d = math.dist(start, c)
            if d <= reach or d - reach > span:
                continue
            base = math.atan2(c[1] - start[1], c[0] - start[0])
            half = math.asin(reach / d)
            length = math.sqrt(d * d - reach * reach)
            for side in (-1.0, 1.0):
                heading = base + side * half
                touch = (start[0] + length * math.cos(heading), start[1] + length * math.sin(heading))
                if _gap(touch, other, reach) < -1e-9:
                    continue  # touches that corner's circle inside the grown obstacle
                if clear_of(list(parts), radius, start, touch) <= 1.0:
                    continue  # clear of the parts where it touches: an ordinary tangent
                far = (start[0] + span * math.cos(heading), start[1] + span * math.sin(heading))
                t = clear_of(list(parts), radius, start, far)
                if t < 1.0:
                    found.append((start[0] + (far[0] - start[0]) * t, start[1] + (far[1] - start[1]) * t))
    return tuple(found)


#: a way grazing a corner of the parts' grown outlines from within is still on them
#: this far (mm) past it; one into the gap beyond is clear within a hair of it
_GRAZED = 1e-6


def _grown_corners(parts: tuple[Polygon, ...], radius: float) -> list[Point]:
    """The corners where the outlines of two of the convex `parts`, each grown by
    `radius`, cross, on the outline of their union (within no other part grown):
    where it turns inward (`Rim.meets`: on the first's grown outline, just outside
    the second's; each pair once, the two outlines cross at the same corners)."""
    found: list[Point] = []
    for i, part in enumerate(parts):
        rim = Rim(part, radius)
        for j in range(i + 1, len(parts)):
            for q in rim.meets(Core("", parts[j], 0.0), radius):
                if not any(overlaps(q, third, radius - _BLUR) for k, third in enumerate(parts) if k not in (i, j)):
                    found.append(q)
    return found


def away_from(parts: list[Polygon], p: Point) -> tuple[float, float]:
    """The directions (first angle, width) a way may go on in from p, where a base
    leaving the convex `parts` is first clear of them (on the outline of the nearest
    grown by its radius): the half-turn beyond that outline's tangent there (every
    other direction runs straight back onto the part)."""
    near = min(parts, key=lambda part: planar.point_convex_signed_distance(p, part))
    foot = planar.closest_on_convex_boundary(p, near)
    out = math.atan2(p[1] - foot[1], p[0] - foot[0])
    return (out - math.pi / 2, math.pi)


def _gap(p: Point, other: Core, reach: float) -> float:
    """How far p lies outside the obstacle grown by `reach` (negative: inside)."""
    if len(other.core) == 1:
        return math.dist(p, other.core[0]) - reach
    return planar.point_convex_signed_distance(p, other.core) - reach


class Rim:
    """The outline of a convex part grown by `radius`, walked by length: `at(s)` is
    the point `s` mm along it (from the first corner's arc, with growing angle),
    for 0 <= s <= `length`."""

    def __init__(self, part: Polygon, radius: float) -> None:
        ring = part if planar.signed_area(part) >= 0.0 else tuple(reversed(part))
        n = len(ring)
        normals = []
        for i in range(n):
            (ax, ay), (bx, by) = ring[i], ring[(i + 1) % n]
            normals.append(math.atan2(-(bx - ax), by - ay))  # outward: the inside is on the left
        # pieces: (where it ends along the rim, arc centre or side start, side end, arc's first angle, turn)
        self._pieces: list[tuple[float, Point, Point, float, float]] = []
        done = 0.0
        for i in range(n):
            first = normals[i - 1]
            turn = (normals[i] - first) % (2 * math.pi)
            if 0.0 < turn <= math.pi and radius > 0.0:
                done += radius * turn
                self._pieces.append((done, ring[i], ring[i], first, turn))
            a, b = ring[i], ring[(i + 1) % n]
            nx, ny = math.cos(normals[i]) * radius, math.sin(normals[i]) * radius
            done += math.dist(a, b)
            self._pieces.append((done, (a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny), 0.0, 0.0))
        self.part = part
        self.radius = radius
        self.length = done

    def at(self, s: float) -> Point:
        begin = 0.0
        for end, a, b, first, turn in self._pieces:
            if s <= end or end == self.length:
                share = 0.0 if end <= begin else min(1.0, max(0.0, (s - begin) / (end - begin)))
                if turn == 0.0:
                    return (a[0] + (b[0] - a[0]) * share, a[1] + (b[1] - a[1]) * share)
                angle = first + turn * share
                return (a[0] + self.radius * math.cos(angle), a[1] + self.radius * math.sin(angle))
            begin = end
        raise AssertionError("a rim has at least one piece")

    def meets(self, other: Core, radius: float, step: float = 0.5) -> list[Point]:
        """Where this rim runs into `other` grown by its own radius and `radius`: the
        points of the rim just outside it (followed every `step` mm and halved to a
        nanometre; a crossing within one step and back is missed)."""
        left, top, right, bottom = planar.bounds(self.part)
        ol, ot, orr, ob = planar.bounds(other.core)
        reach = other.radius + radius
        pad = self.radius + reach
        if ol > right + pad or orr < left - pad or ot > bottom + pad or ob < top - pad:
            return []
        count = max(8, math.ceil(self.length / step))
        marks = [self.length * i / count for i in range(count + 1)]
        outside = [_gap(self.at(m), other, reach) >= 0.0 for m in marks]
        found = []
        for i in range(count):
            if outside[i] == outside[i + 1]:
                continue
            good, bad = (marks[i], marks[i + 1]) if outside[i] else (marks[i + 1], marks[i])
            for _ in range(60):
                mid = (good + bad) / 2
                good, bad = (mid, bad) if _gap(self.at(mid), other, reach) >= 0.0 else (good, mid)
            found.append(self.at(good))
        return found
