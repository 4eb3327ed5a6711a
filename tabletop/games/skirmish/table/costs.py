"""What a path of the base centre costs against the allowance, on this table.

Each millimetre of the centre's path counts once, or X times inside terrain of
crossing cost X (heavy terrain (X) under the terrain rules, crossable terrain at
double cost under the basic rules' option). Which pieces are heavy the table
decides (`Table.heavy_cost`); this module keeps them as plain geometry
(spans.py), one `TerrainCosts` per table version.

- `terrain_costs(table)` -> `TerrainCosts`: the convex parts (`heavy`) and the
  outlines (`outlines`) of heavy terrain.
- `heavy_parts(table)`: its convex parts alone.
- `path_cost(table, points)` -> (length, cost).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.memo import PerVersion
from tabletop.games.skirmish.table.planar import Point
from tabletop.games.skirmish.table.spans import Heavy, Outline, lone_sides, segment_cost
from tabletop.games.skirmish.table.table import Table


@dataclass(frozen=True)
class TerrainCosts:
    """Heavy terrain of one table version: every convex part with its extra cost,
    and each heavy piece's outline (in the table's order of pieces)."""

    heavy: list[Heavy]
    outlines: list[Outline]


_kept: PerVersion[None, TerrainCosts] = PerVersion()


def terrain_costs(table: Table) -> TerrainCosts:
    """The table's heavy terrain (built once per table version)."""
    found = _kept.get(table, None)
    if found is None:
        heavy = []
        outlines = []
        for piece in table.pieces.values():
            cost = table.heavy_cost(piece.id)
            if cost is None:
                continue
            heavy += [Heavy(part, cost - 1.0, planar.bounds(part), piece.id) for part in piece.parts]
            pts = piece.outline
            along = [0.0]
            for i in range(len(pts)):
                along.append(along[-1] + math.dist(pts[i], pts[(i + 1) % len(pts)]))
            outlines.append(Outline(pts, tuple(along), along[-1]))
        found = _kept.put(table, None, TerrainCosts(lone_sides(heavy), outlines))
    return found


def heavy_parts(table: Table) -> list[Heavy]:
    """Every convex part of terrain that costs more than 1 per mm."""
    return terrain_costs(table).heavy


def path_cost(table: Table, points: list[Point] | tuple[Point, ...]) -> tuple[float, float]:
    """(length, cost) of a path of the base centre: cost counts each mm inside
    terrain of crossing cost X as X mm."""
    heavy = heavy_parts(table)
    length = cost = 0.0
    for a, b in zip(points, points[1:], strict=False):
        length += math.dist(a, b)
        cost += segment_cost(a, b, heavy)
    return length, cost
