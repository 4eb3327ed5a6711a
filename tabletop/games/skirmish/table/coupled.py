"""Crossings of heavy terrain's outline next to one another, placed together (for
refine.py).

Sliding one crossing at a time with its neighbours fixed, crossings joined by a
straight segment creep towards the best together, a little a sweep. Along one
straight side each, the cost of the way through a run of them is a smooth
convex function of where they lie (a sum of weighted lengths between points
moving along lines): `together` takes Newton steps on all of them at once, its
slope and curvature from differences of the costs (each segment's cost depends
on two crossings at most, so the curvature is tridiagonal), each step kept to
the sides and taken only where the way gets cheaper.

A way that comes to the same sides, between the same points otherwise, as
another way to the same goal has settled to, settles where that one did (the
same convex function, the same least): `settled_on` names where a way's crossings
lie for that comparison (a walk round an arc named with the way round it: next to
a crossing its cost changes smoothly as the crossing slides, wraps.py), None where
a crossing lies on an arc or two crossings in a row lie on one side (in and
straight out again: no longer one convex least).
"""

from __future__ import annotations

import math

from tabletop.games.skirmish.table.planar import Point
from tabletop.games.skirmish.table.spans import Heavy, Outline, segment_cost
from tabletop.games.skirmish.table.wraps import arc_of

#: where a way's crossings lie (`settled_on`): per point of the path, ("x", outline,
#: side) for a crossing, ("a", arc, anticlockwise) for a walk round an arc (one for
#: the whole walk), ("p", point) for any other
Settled = tuple[tuple[object, ...], ...]


def settled_on(
    path: list[Point],
    slides: list[tuple[int, float] | None],
    on_arc: list[tuple[Point, float] | None],
    outlines: list[Outline],
    arcs: list[tuple[str, Point, float]],
) -> Settled | None:
    """The sides the crossings of a path lie on (`slides`: the outline and distance
    along it of each crossing, None for other points; `on_arc`: the arc a point
    walks) and its other points, as `Settled`; None where a crossing lies on an
    arc of `arcs` or two crossings in a row lie on one side."""
    found: list[tuple[object, ...]] = []
    for i, (p, slide, arc) in enumerate(zip(path, slides, on_arc, strict=True)):
        item: tuple[object, ...]
        if slide is not None:
            if arc_of(p, arcs) is not None:
                return None
            k, s = slide
            outline = outlines[k]
            item = ("x", k, outline.side_index(s))
        elif arc is not None:
            if found and found[-1][:2] == ("a", arc):
                continue
            if not 0 < i < len(path) - 1:
                return None
            (ax, ay), (cx, cy) = path[i - 1], path[i + 1]
            (ox, oy), _r = arc
            # the way round it: the way goes on across the radius where it comes onto the arc
            item = ("a", arc, (p[0] - ox) * (cy - ay) - (p[1] - oy) * (cx - ax) > 0)
        else:
            item = ("p", p)
        if found and item[0] == "x" and item == found[-1]:
            return None
        found.append(item)
    return tuple(found)


#: the difference the slopes and curvatures are taken over (mm along the outline)
STEP = 1e-3

#: Newton steps at most, and the step (mm) under which the crossings are placed
STEPS = 8
SETTLED = 1e-7


def side_of(outline: Outline, s: float) -> tuple[float, float] | None:
    """The straight side of the outline s lies on, as distances along it (on the
    same turn round it as s); None within 2 STEP of a corner (the cost bends there)."""
    base = math.floor(s / outline.total) * outline.total
    along = outline.along
    for lo, hi in zip(along, along[1:], strict=False):
        if base + lo + 2 * STEP < s < base + hi - 2 * STEP:
            return base + lo, base + hi
    return None


def together(
    outlines: list[Outline],
    run: list[tuple[int, float]],
    heavy: list[Heavy],
    prev: Point,
    nxt: Point,
) -> list[float] | None:
    """Where the crossings `run` ((outline, distance along it), in the path's order,
    each joined to the next by a straight segment over `heavy`) together cost least
    on their sides, the way coming straight from `prev` to the first and going
    straight on from the last to `nxt`. Newton's method from where they are; the
    new distances, or None where it finds nothing cheaper (a corner too near, the
    curvature not convex, no step that saves)."""

    def segment(a: Point, b: Point) -> float:
        return segment_cost(a, b, heavy)

    def first(q: Point) -> float:
        return segment_cost(prev, q, heavy)

    def last(q: Point) -> float:
        return segment_cost(q, nxt, heavy)

    n = len(run)
    sides = []
    for k, s in run:
        side = side_of(outlines[k], s)
        if side is None:
            return None
        sides.append(side)
    xs = [s for _k, s in run]

    def points(values: list[float]) -> list[Point]:
        return [outlines[k].at(v) for (k, _s), v in zip(run, values, strict=True)]

    def total(values: list[float]) -> float:
        qs = points(values)
        return first(qs[0]) + sum(segment(a, b) for a, b in zip(qs, qs[1:], strict=False)) + last(qs[-1])

    h = STEP
    now = total(xs)
    start = now
    for _ in range(STEPS):
        at = [outlines[k].at for k, _s in run]
        grad = [0.0] * n
        diag = [0.0] * n
        off = [0.0] * (n - 1)
        # the ends' ways, each of one crossing
        for m, end in ((0, first), (n - 1, last)):
            lo, mid, hi = end(at[m](xs[m] - h)), end(at[m](xs[m])), end(at[m](xs[m] + h))
            grad[m] += (hi - lo) / (2 * h)
            diag[m] += (hi - 2 * mid + lo) / (h * h)
        # each segment between two crossings
        for m in range(n - 1):
            x, y = xs[m], xs[m + 1]
            a, b = at[m], at[m + 1]
            pa = {d: a(x + d) for d in (-h, 0.0, h)}
            pb = {d: b(y + d) for d in (-h, 0.0, h)}

            def cost(u: float, v: float, pa: dict[float, Point] = pa, pb: dict[float, Point] = pb) -> float:
                return segment(pa[u], pb[v])

            mid = cost(0.0, 0.0)
            grad[m] += (cost(h, 0.0) - cost(-h, 0.0)) / (2 * h)
            grad[m + 1] += (cost(0.0, h) - cost(0.0, -h)) / (2 * h)
            diag[m] += (cost(h, 0.0) - 2 * mid + cost(-h, 0.0)) / (h * h)
            diag[m + 1] += (cost(0.0, h) - 2 * mid + cost(0.0, -h)) / (h * h)
            off[m] += (cost(h, h) - cost(h, -h) - cost(-h, h) + cost(-h, -h)) / (4 * h * h)
        step = _solved(diag, off, [-g for g in grad])
        if step is None:
            break
        # kept to the sides: as far as the nearest end lets the whole step go
        scale = 1.0
        for x, d, (lo, hi) in zip(xs, step, sides, strict=True):
            if x + d * scale > hi - 2 * h:
                scale = (hi - 2 * h - x) / d
            elif x + d * scale < lo + 2 * h:
                scale = (lo + 2 * h - x) / d
        moved = False
        for _halving in range(4):
            trial = [x + d * scale for x, d in zip(xs, step, strict=True)]
            value = total(trial)
            if value < now:
                xs, now, moved = trial, value, True
                break
            scale /= 2
        if not moved or max(abs(d * scale) for d in step) < SETTLED:
            break
    return xs if now < start else None


def _solved(diag: list[float], off: list[float], rhs: list[float]) -> list[float] | None:
    """The solution of the symmetric tridiagonal system (`diag`, `off` beside it),
    or None where it is not positive definite (no least to step to)."""
    n = len(diag)
    d = list(diag)
    r = list(rhs)
    for i in range(1, n):
        if d[i - 1] <= 0.0:
            return None
        w = off[i - 1] / d[i - 1]
        d[i] -= w * off[i - 1]
        r[i] -= w * r[i - 1]
    if d[-1] <= 0.0:
        return None
    x = [0.0] * n
    x[-1] = r[-1] / d[-1]
    for i in range(n - 2, -1, -1):
        x[i] = (r[i] - off[i] * x[i + 1]) / d[i]
    return x
