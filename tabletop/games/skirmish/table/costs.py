"""What a path of the base centre costs against the allowance.

Each millimetre of the centre's path counts once, or X times inside terrain of
crossing cost X (heavy terrain (X) under the terrain rules, crossable terrain at
double cost under the basic rules' option). Heavy terrain is kept as convex parts
with their extra cost (X - 1), built once per table version.

- `path_cost(table, points)` -> (length, cost).
- `heavy_parts(table)`, `segment_cost(a, b, heavy)`, `heavy_spans(a, b, heavy)`,
  `budget_along(a, b, budget, heavy)`, `cost_at(p, heavy)`: the pieces the
  movement and route modules build on.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.planar import Point, Polygon
from tabletop.games.skirmish.table.table import Table
from tabletop.games.skirmish.table.terrain import TerrainPiece


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
    edges: tuple[tuple[float, float, float, float, float], ...] = field(init=False, repr=False, compare=False)

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


def heavy_pieces(table: Table) -> list[tuple[TerrainPiece, float]]:
    """The pieces of heavy terrain (crossing them costs more than 1 per mm), each
    with its crossing cost."""
    found = []
    for piece in table.pieces.values():
        cost = table.effect(piece.id).crossing_cost
        if cost is not None and cost > 1.0:
            found.append((piece, cost))
    return found


def heavy_parts(table: Table) -> list[Heavy]:
    """Every convex part of terrain that costs more than 1 per mm (cached)."""

    def build() -> list[Heavy]:
        return [
            Heavy(part, cost - 1.0, planar.bounds(part), piece.id)
            for piece, cost in heavy_pieces(table)
            for part in piece.parts
        ]

    return table.cached("heavy", build)


def heavy_spans(a: Point, b: Point, heavy: list[Heavy]) -> list[tuple[float, float, float]]:
    """The stretches of segment a-b inside heavy terrain: (from, to) as fractions of
    the segment, and the extra cost per mm there. A stretch running along the
    outline counts as outside (as a base touching terrain is not in it)."""
    spans = []
    ax, ay = a
    bx, by = b
    left, right = (ax, bx) if ax < bx else (bx, ax)
    top, bottom = (ay, by) if ay < by else (by, ay)
    dx, dy = bx - ax, by - ay
    for h in heavy:
        hl, ht, hr, hb = h.box
        if hr < left or hl > right or hb < top or ht > bottom:
            continue
        # the part of a-b inside the part (Cyrus-Beck, as planar.clip_segment_convex)
        t0, t1 = 0.0, 1.0
        for x1, y1, ex, ey, _tol in h.edges:
            num = ex * (ay - y1) - ey * (ax - x1)
            den = ex * dy - ey * dx
            if den == 0.0:
                if num < 0.0:
                    break
                continue
            t = -num / den
            if den > 0.0:
                if t > t0:
                    t0 = t
            elif t < t1:
                t1 = t
            if t0 > t1:
                break
        else:
            if t1 > t0:
                # strictly inside at its middle, not along an edge (as planar.point_in_convex
                # with eps -1e-9)
                t = (t0 + t1) / 2
                mx, my = ax + dx * t, ay + dy * t
                for x1, y1, ex, ey, tol in h.edges:
                    if ex * (my - y1) - ey * (mx - x1) < tol:
                        break
                else:
                    spans.append((t0, t1, h.extra))
    return spans


def segment_cost(a: Point, b: Point, heavy: list[Heavy]) -> float:
    """Cost of one straight segment of the centre's path."""
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    if not heavy or length == 0.0:
        return length
    return length + sum(extra * (s1 - s0) * length for s0, s1, extra in heavy_spans(a, b, heavy))


def path_cost(table: Table, points: list[Point] | tuple[Point, ...]) -> tuple[float, float]:
    """(length, cost) of a path of the base centre: cost counts each mm inside
    terrain of crossing cost X as X mm."""
    heavy = heavy_parts(table)
    length = cost = 0.0
    for a, b in zip(points, points[1:], strict=False):
        length += math.dist(a, b)
        cost += segment_cost(a, b, heavy)
    return length, cost


def budget_along(a: Point, b: Point, budget: float, heavy: list[Heavy]) -> float:
    """How far from a towards b (as a fraction) a budget of cost lasts."""
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    if length == 0.0:
        return 1.0
    spans = heavy_spans(a, b, heavy)
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
