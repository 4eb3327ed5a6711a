"""Heavy terrain as plain geometry: convex parts with an extra cost per mm, what
a straight segment costs across them, and the outlines where paths cross them.

Each millimetre of the base centre's path counts once, or X times inside terrain of
crossing cost X (along the outline once; along a seam between two convex parts of a
piece, inside it, X times). A `Heavy` is one convex part with its extra cost (X - 1).

- `heavy_spans(a, b, heavy)`, `segment_cost(a, b, heavy)`, `budget_along(a, b,
  budget, heavy)`, `cost_at(p, heavy)`; `Heavy.overlaps`: whether a convex region
  overlaps a part (a broad phase first: the boxes, then separating axes); `lone_sides`:
  the sides with open ground beyond them.
- `Outline` (a piece's outline with distances along it), `outline_points` (nodes
  along an outline), `outline_crossings`, `on_outline`: where a path crosses an
  outline, and the points along it where a crossing may slide.
"""

from __future__ import annotations

import bisect
import math
from dataclasses import dataclass, field

from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.inset import clip_convex
from tabletop.games.skirmish.table.planar import Point, Polygon, Region

#: the area (mm²) of a polygon's overlap with a heavy part that counts as touching only
_TOUCH = 1e-9
#: how far apart (mm) a side's line must find a polygon and a heavy part for
#: `Heavy.overlaps` to say they do not overlap without clipping them: far above the
#: float error of the clip, which then finds nothing
_APART = 1e-6


@dataclass(frozen=True)
class Heavy:
    """A convex part of heavy terrain: `extra` is its crossing cost - 1. `edges`:
    each side as (x1, y1, ex, ey, hypot(ex, ey) x 1e-9), from its first corner (x1,
    y1) along (ex, ey), worked out once (the sums below are those of
    `planar.clip_segment_convex` and `planar.point_in_convex`, term for term)."""

    part: Polygon
    extra: float
    box: tuple[float, float, float, float]
    owner: str = ""
    #: the sides (indices into `edges`) with no heavy terrain beyond them (`lone_sides`):
    #: a way along one costs 1 per mm, no seam to look at; empty: not known, every side
    #: is looked at
    lone: frozenset[int] = field(default=frozenset(), compare=False)
    edges: tuple[tuple[float, float, float, float, float], ...] = field(init=False, repr=False, compare=False)
    #: each side's length (1 for a side of none), in the order of `edges`
    lengths: tuple[float, ...] = field(init=False, repr=False, compare=False)
    #: the diagonal of `box`: no straight way runs farther inside the part
    across: float = field(init=False, repr=False, compare=False)
    #: each side's outward unit normal and the part's farthest reach along it (for
    #: `overlaps`'s broad phase)
    axes: tuple[tuple[float, float, float], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        part = self.part
        n = len(part)
        edges = []
        for i in range(n):
            x1, y1 = part[i]
            x2, y2 = part[(i + 1) % n]
            ex, ey = x2 - x1, y2 - y1
            edges.append((x1, y1, ex, ey, 1e-9 * math.hypot(ex, ey)))
        object.__setattr__(self, "edges", tuple(edges))
        object.__setattr__(self, "lengths", tuple(math.hypot(ex, ey) or 1.0 for _x, _y, ex, ey, _tol in edges))
        left, top, right, bottom = self.box
        object.__setattr__(self, "across", math.hypot(right - left, bottom - top))
        ring = part if planar.signed_area(part) >= 0.0 else tuple(reversed(part))
        axes = []
        for i in range(n):
            (ax, ay), (bx, by) = ring[i], ring[(i + 1) % n]
            length = math.hypot(bx - ax, by - ay)
            if length > 0.0:
                nx, ny = (by - ay) / length, (ax - bx) / length
                axes.append((nx, ny, max(nx * x + ny * y for x, y in part)))
        object.__setattr__(self, "axes", tuple(axes))

    def overlaps_at_all(self, poly: Polygon, box: tuple[float, float, float, float]) -> bool:
        """Whether a convex polygon (positive orientation, with its bounds `box`)
        and the part overlap by any area at all."""
        left, top, right, bottom = self.box
        x0, y0, x1, y1 = box
        if x1 < left or x0 > right or y1 < top or y0 > bottom:
            return False
        common = clip_convex(self.part, poly)
        return len(common) >= 3 and planar.signed_area(common) != 0.0

    def overlaps(self, poly: Polygon | Region, box: tuple[float, float, float, float] | None = None) -> bool:
        """Whether a convex polygon (positive orientation; `box`: its bounds, if
        known; or a `Region` of it, asked of many parts) and the part overlap by
        more than touching. A broad phase first: where a side of either lies
        certainly between them (_APART), they do not."""
        region = poly if isinstance(poly, Region) else None
        if region is not None:
            poly, box = region.points, region.box
        assert not isinstance(poly, Region)
        if len(poly) < 3:
            return False
        left, top, right, bottom = self.box
        x0, y0, x1, y1 = planar.bounds(poly) if box is None else box
        if x1 < left or x0 > right or y1 < top or y0 > bottom:
            return False
        if planar.separated(self.axes, poly, _APART):
            return False
        if region is not None and planar.separated(region.axes(), self.part, _APART):
            return False
        common = clip_convex(self.part, poly)
        return len(common) >= 3 and abs(planar.signed_area(common)) > _TOUCH


#: The middle of a stretch the clip finds lies inside each side by |den| x (t1 - t0)
#: / 2 at least (by num where den is 0), give or take the sums' float error (well
#: under 1e-8 mm² for coordinates and sides under a few metres). Where the least
#: |den| (or num) times (t1 - t0) is over this (mm²), far above a side's tolerance
#: (1e-9 x its length), the middle passes every side's test: it is not tried.
_SURELY_INSIDE = 2e-4


def heavy_spans(
    a: Point, b: Point, heavy: list[Heavy], parts: list[int] | None = None
) -> list[tuple[float, float, float]]:
    """The stretches of segment a-b inside heavy terrain: (from, to) as fractions of
    the segment, and the extra cost per mm there. A stretch running along the
    outline counts as outside (as a base touching terrain is not in it); one along
    a seam between two parts of a piece, inside it, counts (`_seams`, after the
    stretches inside a part). `parts`,
    if given, gets the index in `heavy` of each stretch's part, in the same order."""
    spans = []
    along: list[tuple[float, float, int]] = []
    ax, ay = a
    bx, by = b
    left, right = (ax, bx) if ax < bx else (bx, ax)
    top, bottom = (ay, by) if ay < by else (by, ay)
    dx, dy = bx - ax, by - ay
    for k, h in enumerate(heavy):
        hl, ht, hr, hb = h.box
        if hr < left or hl > right or hb < top or ht > bottom:
            continue
        # the part of a-b inside the part (Cyrus-Beck, as planar.clip_segment_convex)
        t0, t1 = 0.0, 1.0
        low = math.inf  # the least |den| of the sides (num where den is 0): see _SURELY_INSIDE
        for x1, y1, ex, ey, _tol in h.edges:
            # num = ex * (ay - y1) - ey * (ax - x1); t = -num / den, with -num worked out as
            # ey * (ax - x1) - ex * (ay - y1) (the same float); num itself only where den is 0
            den = ex * dy - ey * dx
            if den > 0.0:
                t = (ey * (ax - x1) - ex * (ay - y1)) / den
                if den < low:
                    low = den
                if t > t0:
                    t0 = t
                    if t0 > t1:
                        break
            elif den < 0.0:
                t = (ey * (ax - x1) - ex * (ay - y1)) / den
                if -den < low:
                    low = -den
                if t < t1:
                    t1 = t
                    if t0 > t1:
                        break
            else:
                num = ex * (ay - y1) - ey * (ax - x1)
                if num < 0.0:
                    break
                if num < low:
                    low = num
        else:
            if t1 > t0:
                if low * (t1 - t0) > _SURELY_INSIDE:
                    spans.append((t0, t1, h.extra))
                    if parts is not None:
                        parts.append(k)
                    continue
                # strictly inside at its middle, not along an edge (as planar.point_in_convex
                # with eps -1e-9)
                t = (t0 + t1) / 2
                mx, my = ax + dx * t, ay + dy * t
                for i, (x1, y1, ex, ey, tol) in enumerate(h.edges):
                    if ex * (my - y1) - ey * (mx - x1) < tol:
                        if i not in h.lone and (t1 - t0) * math.hypot(dx, dy) >= _SEAM_MIN:
                            along.append((t0, t1, k))
                        break
                else:
                    spans.append((t0, t1, h.extra))
                    if parts is not None:
                        parts.append(k)
    if along:
        for s0, s1, extra, k in _seams(a, b, heavy, spans, along):
            spans.append((s0, s1, extra))
            if parts is not None:
                parts.append(k)
    return spans


#: a stretch of a segment inside heavy terrain (`heavy_passes`): from, to (fractions
#: of the segment), the extra cost per mm, the part's index, and the sides (indices
#: into the part's `edges`) the segment enters and leaves it by (-1: it starts or
#: ends inside, or the stretch runs along a seam, the part's side)
Pass = tuple[float, float, float, int, int, int]


def heavy_passes(a: Point, b: Point, heavy: list[Heavy]) -> list[Pass]:
    """`heavy_spans(a, b, heavy)` (the same stretches, found by the same sums, in the
    same order), each with its part and the sides segment a-b enters and leaves it
    by: those whose line gave the stretch's ends."""
    found = []
    along: list[tuple[float, float, int]] = []
    ax, ay = a
    bx, by = b
    left, right = (ax, bx) if ax < bx else (bx, ax)
    top, bottom = (ay, by) if ay < by else (by, ay)
    dx, dy = bx - ax, by - ay
    for k, h in enumerate(heavy):
        hl, ht, hr, hb = h.box
        if hr < left or hl > right or hb < top or ht > bottom:
            continue
        t0, t1 = 0.0, 1.0
        i0 = i1 = -1
        low = math.inf
        for i, (x1, y1, ex, ey, _tol) in enumerate(h.edges):
            den = ex * dy - ey * dx  # (the sums of heavy_spans)
            if den > 0.0:
                t = (ey * (ax - x1) - ex * (ay - y1)) / den
                if den < low:
                    low = den
                if t > t0:
                    t0, i0 = t, i
                    if t0 > t1:
                        break
            elif den < 0.0:
                t = (ey * (ax - x1) - ex * (ay - y1)) / den
                if -den < low:
                    low = -den
                if t < t1:
                    t1, i1 = t, i
                    if t0 > t1:
                        break
            else:
                num = ex * (ay - y1) - ey * (ax - x1)
                if num < 0.0:
                    break
                if num < low:
                    low = num
        else:
            if t1 > t0:
                if low * (t1 - t0) > _SURELY_INSIDE:
                    found.append((t0, t1, h.extra, k, i0, i1))
                    continue
                t = (t0 + t1) / 2
                mx, my = ax + dx * t, ay + dy * t
                for i, (x1, y1, ex, ey, tol) in enumerate(h.edges):
                    if ex * (my - y1) - ey * (mx - x1) < tol:
                        if i not in h.lone and (t1 - t0) * math.hypot(dx, dy) >= _SEAM_MIN:
                            along.append((t0, t1, k))
                        break
                else:
                    found.append((t0, t1, h.extra, k, i0, i1))
    if along:
        inside = [(s0, s1, extra) for s0, s1, extra, _k, _i0, _i1 in found]
        found += [(s0, s1, extra, k, -1, -1) for s0, s1, extra, k in _seams(a, b, heavy, inside, along)]
    return found


#: how near (mm) another part's box must come to a side's for the side to be looked at
#: as a seam: far above _SEAM_OFF, where `_seams` asks the cost beyond the side
_SEAM_NEAR = 1e-6


def lone_sides(heavy: list[Heavy]) -> list[Heavy]:
    """The parts again, each knowing its `lone` sides: those where no other part
    overlaps the strip _SEAM_NEAR wide beyond the side (touching it at a corner is
    not overlapping): open ground, where a way along the side costs 1 per mm, as
    `_seams` would find, without asking."""
    marked = []
    for k, h in enumerate(heavy):
        lone = set()
        for i, (x1, y1, ex, ey, _tol) in enumerate(h.edges):
            length = h.lengths[i]
            nx, ny = ey / length * _SEAM_NEAR, -ex / length * _SEAM_NEAR  # outward (the parts turn left)
            strip = ((x1, y1), (x1 + nx, y1 + ny), (x1 + ex + nx, y1 + ey + ny), (x1 + ex, y1 + ey))
            if planar.signed_area(strip) < 0.0:
                strip = strip[::-1]
            box = planar.bounds(strip)
            if not any(j != k and g.overlaps_at_all(strip, box) for j, g in enumerate(heavy)):
                lone.add(i)
        marked.append(Heavy(h.part, h.extra, h.box, h.owner, frozenset(lone)))
    return marked


#: a stretch along a side shorter than this (mm) is not looked at as a seam (it
#: would cost at most this much more)
_SEAM_MIN = 1e-6
#: how far either side of a stretch along a part's side its cost is asked (mm): far
#: above the 1e-9 mm within which the stretch lies on the side (and the float error
#: of coordinates on a table), far below any part's width
_SEAM_OFF = 1e-7


def _seams(
    a: Point,
    b: Point,
    heavy: list[Heavy],
    inside: list[tuple[float, float, float]],
    along: list[tuple[float, float, int]],
) -> list[tuple[float, float, float, int]]:
    """Where segment a-b runs along a side of a heavy part (`along`: from, to, part)
    with heavy terrain on both sides: a seam between two convex parts of one piece,
    inside it. Along a side the cost per mm is the lesser of the costs either side
    of it (1 along the outline); what the parts it runs strictly `inside` (its
    `heavy_spans`) count there already is left out. Each such stretch as (from, to,
    extra cost per mm, the part it runs along), cut where the stretches along sides
    begin and end."""
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    if length == 0.0:
        return []
    dx, dy = b[0] - a[0], b[1] - a[1]
    ox, oy = -dy / length * _SEAM_OFF, dx / length * _SEAM_OFF
    cuts = sorted({t for s0, s1, _k in along for t in (s0, s1)})
    found: list[tuple[float, float, float, int]] = []
    for c0, c1 in zip(cuts, cuts[1:], strict=False):
        if (c1 - c0) * length < _SEAM_MIN:
            continue
        t = (c0 + c1) / 2
        owner = next((k for s0, s1, k in along if s0 <= t <= s1), -1)
        if owner < 0:
            continue
        mx, my = a[0] + dx * t, a[1] + dy * t
        rate = min(cost_at((mx + ox, my + oy), heavy), cost_at((mx - ox, my - oy), heavy))
        extra = rate - 1.0 - sum(e for s0, s1, e in inside if s0 < t < s1)
        if extra <= 0.0:
            continue
        if found and found[-1][2] == extra and (c0 - found[-1][1]) * length < _SEAM_MIN:
            found[-1] = (found[-1][0], c1, extra, found[-1][3])
        else:
            found.append((c0, c1, extra, owner))
    return found


def segment_cost(a: Point, b: Point, heavy: list[Heavy]) -> float:
    """Cost of one straight segment of the centre's path."""
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    if not heavy or length == 0.0:
        return length
    extra_cost = 0.0  # summed in order, as sum() would (a loop: called thousands of times per reach)
    for s0, s1, extra in heavy_spans(a, b, heavy):
        extra_cost += extra * (s1 - s0) * length
    return length + extra_cost


def budget_along(a: Point, b: Point, budget: float, heavy: list[Heavy]) -> float:
    """How far from a towards b (as a fraction) a budget of cost lasts."""
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    if length == 0.0:
        return 1.0
    return budget_in(heavy_spans(a, b, heavy), length, budget)


def budget_in(spans: list[tuple[float, float, float]], length: float, budget: float) -> float:
    """How far along a segment of `length` with these `heavy_spans` (as a
    fraction) a budget of cost lasts."""
    if not spans:
        return min(1.0, budget / length)
    spans.sort()
    spent = 0.0
    t = 0.0
    for s0, s1, extra in spans:
        if s0 > t:
            free_run = (s0 - t) * length
            if spent + free_run >= budget:
                return t + (budget - spent) / length
            spent += free_run
            t = s0
        run = (s1 - t) * length * (1.0 + extra)
        if spent + run >= budget:
            return t + (budget - spent) / (length * (1.0 + extra))
        spent += run
        t = s1
    return min(1.0, t + (budget - spent) / length)


def cost_at(p: Point, heavy: list[Heavy]) -> float:
    """Crossing cost per mm at a point (1 outside heavy terrain)."""
    cost = 1.0
    px, py = p
    for h in heavy:
        left, top, right, bottom = h.box
        if left <= px <= right and top <= py <= bottom:
            for x1, y1, ex, ey, _tol in h.edges:
                if ex * (py - y1) - ey * (px - x1) < 0.0:
                    break
            else:
                cost += h.extra
    return cost


def outline_points(outline: Polygon, step: float) -> list[tuple[Point, Point, tuple[float, ...], tuple[float, ...]]]:
    """Corners of an outline (positive orientation) and points about `step` apart
    on its sides: each with the outward normal there, the directions along the
    outline from it and how far the outline runs straight that way."""
    found: list[tuple[Point, Point, tuple[float, ...], tuple[float, ...]]] = []
    n = len(outline)
    for i in range(n):
        a, b = outline[i], outline[(i + 1) % n]
        ex, ey = b[0] - a[0], b[1] - a[1]
        length = math.hypot(ex, ey)
        if length == 0.0:
            continue
        normal = (ey / length, -ex / length)
        forward = math.atan2(ey, ex)
        before = outline[i - 1]
        back = math.atan2(before[1] - a[1], before[0] - a[0])
        count = max(1, math.ceil(length / step))
        for k in range(count):
            t = k / count
            sides = (forward, back) if k == 0 else (forward, forward + math.pi)
            lengths = (length, math.dist(a, before)) if k == 0 else (length * (1 - t), length * t)
            found.append(((a[0] + ex * t, a[1] + ey * t), normal, sides, lengths))
    return found


#: how much wider than an outline its box is (mm): far more than the 1e-7 mm within
#: which a point lies on it, so the box never leaves out a crossing or a point on it
_BOX_PAD = 1e-3


@dataclass(frozen=True)
class Outline:
    """The outline of one piece of heavy terrain, with each corner's distance along it."""

    points: Polygon
    along: tuple[float, ...]
    total: float
    #: the outline's bounding box (left, top, right, bottom), a hair wider: a segment
    #: or point off it meets no side (`outline_crossings`, `on_outline`)
    box: tuple[float, float, float, float] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        xs = [p[0] for p in self.points]
        ys = [p[1] for p in self.points]
        pad = _BOX_PAD
        object.__setattr__(self, "box", (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad))

    def at(self, s: float) -> Point:
        s %= self.total
        n = len(self.points)
        # the first side that ends at or past s (the last one at the latest)
        i = min(bisect.bisect_left(self.along, s, 1, n) - 1, n - 1)
        a, b = self.points[i], self.points[(i + 1) % n]
        length = self.along[i + 1] - self.along[i]
        t = (s - self.along[i]) / length if length > 0 else 0.0
        t = min(1.0, max(0.0, t))
        return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)

    def has_corner(self, x: Point) -> bool:
        """Whether x (on the outline) is one of its corners."""
        return any(math.dist(x, corner) < 1e-9 for corner in self.points)

    def side_index(self, s: float) -> int:
        """The straight side at distance s along the outline: the index of its first corner."""
        return min(max(bisect.bisect_right(self.along, s % self.total) - 1, 0), len(self.points) - 1)

    def side_at(self, s: float) -> tuple[Point, Point]:
        """The straight side at distance s along the outline, as its two corners."""
        i = self.side_index(s)
        return self.points[i], self.points[(i + 1) % len(self.points)]

    def sides_within(self, lo: float, hi: float) -> list[tuple[float, float]]:
        """The stretch [lo, hi] of distances along the outline (may run past either
        end: it goes round) cut at the corners, one piece per straight side."""
        cuts = [lo]
        base = math.floor(lo / self.total) * self.total
        while base < hi:
            cuts += [base + a for a in self.along if lo < base + a < hi]
            base += self.total
        cuts.append(hi)
        cuts.sort()
        return [(a, b) for a, b in zip(cuts, cuts[1:], strict=False) if b > a]


def side_beyond(outlines: list[Outline], side: tuple[Point, Point], end: Point) -> tuple[Point, Point] | None:
    """The side of the same outline that meets `side` at its end `end`."""
    for outline in outlines:
        pts = outline.points
        n = len(pts)
        for i in range(n):
            if (pts[i], pts[(i + 1) % n]) == side:
                return (pts[i - 1], pts[i]) if end == side[0] else (pts[(i + 1) % n], pts[(i + 2) % n])
    return None


def outline_crossings(a: Point, b: Point, outlines: list[Outline]) -> list[tuple[float, int, float]]:
    """Where segment a-b crosses the outlines: (fraction along a-b, outline, distance
    along the outline), in order from a."""
    found = []
    dx, dy = b[0] - a[0], b[1] - a[1]
    left, right = (a[0], b[0]) if a[0] < b[0] else (b[0], a[0])
    top, bottom = (a[1], b[1]) if a[1] < b[1] else (b[1], a[1])
    for k, outline in enumerate(outlines):
        ol, ot, o_r, ob = outline.box
        if o_r < left or ol > right or ob < top or ot > bottom:
            continue
        pts = outline.points
        n = len(pts)
        for i in range(n):
            p, q = pts[i], pts[(i + 1) % n]
            ex, ey = q[0] - p[0], q[1] - p[1]
            den = dx * ey - dy * ex
            if abs(den) < 1e-12:
                continue
            t = ((p[0] - a[0]) * ey - (p[1] - a[1]) * ex) / den
            u = ((p[0] - a[0]) * dy - (p[1] - a[1]) * dx) / den
            if 1e-9 < t < 1 - 1e-9 and 0.0 <= u <= 1.0:
                found.append((t, k, outline.along[i] + u * (outline.along[i + 1] - outline.along[i])))
    found.sort()
    return found


def on_outline(p: Point, outlines: list[Outline]) -> tuple[int, float] | None:
    """The outline p lies on (within 1e-7 mm) and how far along it; None: none."""
    x, y = p
    for k, outline in enumerate(outlines):
        left, top, right, bottom = outline.box
        if not (left <= x <= right and top <= y <= bottom):
            continue
        pts = outline.points
        n = len(pts)
        for i in range(n):
            a, b = pts[i], pts[(i + 1) % n]
            if planar.point_segment_distance(p, a, b) < 1e-7:
                length = outline.along[i + 1] - outline.along[i]
                t = math.dist(a, p) / length if length > 0 else 0.0
                return k, outline.along[i] + t * length
    return None


#: a point this near a side (mm) lies on it (`side_of`)
ON_SIDE = 1e-7


def side_of(heavy: list[Heavy], a: Point, b: Point) -> int | None:
    """The heavy part one of whose sides holds both a and b (the stretch between
    them); None where no part's does, or more than one's."""
    on = planar.point_segment_distance
    owners = [
        k
        for k, h in enumerate(heavy)
        if h.box[0] - ON_SIDE <= a[0] <= h.box[2] + ON_SIDE
        and h.box[1] - ON_SIDE <= a[1] <= h.box[3] + ON_SIDE
        and any(
            on(a, p, q) < ON_SIDE and on(b, p, q) < ON_SIDE
            for p, q in zip(h.part, h.part[1:] + h.part[:1], strict=True)
        )
    ]
    return owners[0] if len(owners) == 1 else None
