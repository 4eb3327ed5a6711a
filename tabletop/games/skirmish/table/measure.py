"""Measuring on the table: distances, the tape measure, the nearest-target rule and
templates. All distances between models are edge to edge.

- `edge_distance(table, a, b)`, `distance_to_point(table, model_id, point)`.
- `tape(table, start, end)` -> `Tape`: a tape measure from start to end whose ends
  snap to the edge of a base they lie on (or within `snap` mm of).
- `nearest_enemies(table, model_id)`: the enemies nearest to a model.
- `targets(table, shooter, weapon_range)` -> `Targets`: the enemies within range
  and in sight, nearest first, and which of them may be chosen: a nearest one, or
  one that only engaged enemies are nearer than (engaged enemies may be skipped).
- `explosion(table, point)`, `flame(table, attacker_id, angle)` -> `Template`;
  `models_under(table, template)`: the models whose bases it covers at least in
  part (touching its rim is not covering). Template sizes come from data.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.planar import EPS, Point, Polygon
from tabletop.games.skirmish.table.sight import Sight, sight
from tabletop.games.skirmish.table.table import Table


def edge_distance(table: Table, a: str, b: str) -> float:
    """Distance between two bases, edge to edge (0 when they touch)."""
    return max(0.0, table.gap(a, b))


def distance_to_point(table: Table, model_id: str, point: Point) -> float:
    """Distance from a base's edge to a point (0 when the point is on the base)."""
    model = table.models[model_id]
    return max(0.0, math.dist(model.position, point) - model.radius)


# -- the tape measure ------------------------------------------------------------------------


@dataclass(frozen=True)
class Tape:
    """A measured stretch: from `start` to `end`, `length` long; `start_model` and
    `end_model` name the bases its ends snapped to."""

    start: Point
    end: Point
    length: float
    start_model: str | None = None
    end_model: str | None = None


def _base_at(table: Table, point: Point, snap: float) -> str | None:
    best = None
    best_d = math.inf
    for model in table.models.values():
        d = math.dist(point, model.position) - model.radius
        if d <= snap and d < best_d:
            best, best_d = model.id, d
    return best


def tape(table: Table, start: Point, end: Point, snap: float = 3.0) -> Tape:
    """Measure from start to end. An end on a base (or within `snap` mm of its edge)
    snaps to the point of that base's edge facing the other end, so the length is
    edge to edge as the rules measure."""
    first = _base_at(table, start, snap)
    last = _base_at(table, end, snap)
    if first is not None and first == last:
        return Tape(start, end, math.dist(start, end))
    a = table.models[first].position if first else (float(start[0]), float(start[1]))
    b = table.models[last].position if last else (float(end[0]), float(end[1]))
    d = math.dist(a, b)
    ra = table.models[first].radius if first else 0.0
    rb = table.models[last].radius if last else 0.0
    if d == 0.0:
        return Tape(a, b, 0.0, first, last)
    ux, uy = (b[0] - a[0]) / d, (b[1] - a[1]) / d
    if d < ra + rb:
        middle = (a[0] + ux * d / 2, a[1] + uy * d / 2)
        return Tape(middle, middle, 0.0, first, last)
    return Tape((a[0] + ux * ra, a[1] + uy * ra), (b[0] - ux * rb, b[1] - uy * rb), d - ra - rb, first, last)


# -- the nearest-target rule -----------------------------------------------------------------


def nearest_enemies(table: Table, model_id: str, among: Iterable[str] | None = None) -> list[str]:
    """The enemies (or the models of `among`) nearest to this model, edge to edge;
    several when they are equally near."""
    side = table.models[model_id].side
    pool = [m for m in (among if among is not None else table.models) if m != model_id and table.models[m].side != side]
    if not pool:
        return []
    distances = {m: edge_distance(table, model_id, m) for m in pool}
    least = min(distances.values())
    return [m for m in pool if distances[m] <= least + EPS]


@dataclass(frozen=True)
class Candidate:
    """An enemy within range and in sight of the shooter."""

    model: str
    distance: float
    engaged: bool
    sight: Sight


@dataclass(frozen=True)
class Targets:
    """`candidates`: the enemies within range and in sight, nearest first.
    `allowed`: those the shooter may choose."""

    candidates: tuple[Candidate, ...]
    allowed: tuple[str, ...]


def targets(table: Table, shooter: str, weapon_range: float, unseen: frozenset[str] = frozenset()) -> Targets:
    """The nearest-target rule for a shot of `weapon_range` (edge to edge): the
    target must be a nearest enemy within range and in sight; enemies engaged in
    melee may be skipped, and may also be chosen when nothing nearer than them
    counts. The `unseen` (hidden from the shooter) are passed over."""
    side = table.models[shooter].side
    found = []
    for other in table.models.values():
        if other.side == side or other.id in unseen:
            continue
        distance = edge_distance(table, shooter, other.id)
        if distance > weapon_range + EPS:
            continue
        seen = sight(table, shooter, other.id)
        if seen.visible:
            found.append(Candidate(other.id, distance, table.engaged(other.id), seen))
    found.sort(key=lambda c: c.distance)
    allowed = []
    for candidate in found:
        nearer = [c for c in found if c.distance < candidate.distance - EPS]
        if all(c.engaged for c in nearer):
            allowed.append(candidate.model)
    return Targets(tuple(found), tuple(allowed))


# -- templates ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Template:
    """A template: the convex hull of the discs (a, ra) and (b, rb). The explosion
    disc has a == b; the flame teardrop has its narrow end at a."""

    a: Point
    ra: float
    b: Point
    rb: float

    def polygon(self, count: int = 48) -> Polygon:
        """An outline for drawing."""
        return planar.hull_of_discs_polygon(self.a, self.ra, self.b, self.rb, count)

    def covers(self, centre: Point, radius: float) -> bool:
        """True when a base at `centre` lies at least partly under the template."""
        return planar.disc_hull_distance(centre, self.a, self.ra, self.b, self.rb) < radius - EPS


def explosion(table: Table, point: Point) -> Template:
    """The explosion disc centred on a point."""
    r = table.spec.templates.explosion / 2
    p = (float(point[0]), float(point[1]))
    return Template(p, r, p, r)


def flame(table: Table, attacker_id: str, angle: float) -> Template:
    """The flame template laid with its narrow end touching the attacker's base and
    pointing away from it at `angle` degrees (0 to the right, clockwise on screen)."""
    spec = table.spec.templates.flame
    model = table.models[attacker_id]
    narrow, wide = spec.narrow / 2, spec.wide / 2
    ux, uy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    cx, cy = model.position
    start = model.radius + narrow
    end = model.radius + spec.length - wide
    return Template((cx + ux * start, cy + uy * start), narrow, (cx + ux * end, cy + uy * end), wide)


def models_under(table: Table, template: Template, exclude: Iterable[str] = ()) -> list[str]:
    """The models whose bases the template covers at least in part."""
    skip = set(exclude)
    return [m.id for m in table.models.values() if m.id not in skip and template.covers(m.position, m.radius)]
