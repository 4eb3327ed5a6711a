"""Deployment zones and terrain spacing, as checks and as outlines to draw.

A player deploys along one table edge ("top", "right", "bottom", "left"); the
own half is the half of the table along that edge.

- Open battle: the whole base in the own half, at least `open_battle` mm (200)
  from the centre line.
- Ambush: the whole base in the own half, at least `ambush` mm (200) from the
  table centre.

Play begins only with every warrior where it may start (`outside_zone`,
`enemy_contacts`): wholly inside its side's zone when there are zones, and none
in contact with an enemy.

Terrain pieces keep `terrain_spacing` mm (50) from each other, from the table
edges and from mission objectives.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.planar import EPS, Point, Polygon
from tabletop.games.skirmish.table.table import Table

Edge = Literal["top", "right", "bottom", "left"]
Deployment = Literal["open_battle", "ambush"]
EDGES: tuple[Edge, ...] = ("top", "right", "bottom", "left")
OPPOSITE: dict[str, Edge] = {"top": "bottom", "bottom": "top", "left": "right", "right": "left"}


def edge_named(name: str) -> Edge:
    """The edge of that name (a save's or a move's string)."""
    for edge in EDGES:
        if edge == name:
            return edge
    raise ValueError(f"no edge {name!r}")


def deployment_named(name: str) -> Deployment:
    """The kind of deployment of that name."""
    if name == "open_battle":
        return "open_battle"
    if name == "ambush":
        return "ambush"
    raise ValueError(f"no deployment {name!r}")


def _to_edge_frame(table: Table, edge: Edge, p: Point) -> tuple[float, float, float, float]:
    """(along, depth, length, full depth): p measured from the edge: depth is the
    distance from the edge into the table."""
    w, h = table.width, table.height
    x, y = p
    if edge == "top":
        return x, y, w, h
    if edge == "bottom":
        return w - x, h - y, w, h
    if edge == "left":
        return h - y, x, h, w
    return y, w - x, h, w


def _from_edge_frame(table: Table, edge: Edge, along: float, depth: float) -> Point:
    w, h = table.width, table.height
    if edge == "top":
        return (along, depth)
    if edge == "bottom":
        return (w - along, h - depth)
    if edge == "left":
        return (depth, h - along)
    return (w - depth, along)


def centre_line_point(table: Table, edge: Edge, along: float) -> Point:
    """The point of the centre line (between the half along `edge` and the opposite
    one) `along` mm from the side edge on the left of `edge`'s frame."""
    depth = (table.height if edge in ("top", "bottom") else table.width) / 2
    return _from_edge_frame(table, edge, along, depth)


def in_zone(table: Table, edge: Edge, deployment: Deployment, position: Point, radius: float) -> bool:
    """True when a base of `radius` at `position` lies wholly in the deployment zone
    along `edge`."""
    along, depth, length, full = _to_edge_frame(table, edge, position)
    half = full / 2
    if along < radius - EPS or along > length - radius + EPS or depth < radius - EPS:
        return False
    if deployment == "open_battle":
        return depth <= half - table.spec.deployment.open_battle - radius + EPS
    if depth > half - radius + EPS:
        return False
    centre = (length / 2, half)
    return math.dist((along, depth), centre) >= table.spec.deployment.ambush + radius - EPS


def model_in_zone(table: Table, model_id: str, edge: Edge, deployment: Deployment) -> bool:
    model = table.models[model_id]
    return in_zone(table, edge, deployment, model.position, model.radius)


def outside_zone(table: Table, side: int, edge: Edge, deployment: Deployment) -> list[str]:
    """The side's warriors not wholly inside its zone along `edge`, in table order."""
    return [m.id for m in table.models.values() if m.side == side and not model_in_zone(table, m.id, edge, deployment)]


def enemy_contacts(table: Table) -> list[tuple[str, str]]:
    """Every two enemies in contact (the table's contact rule), each pair once, the
    first of the pair first in table order."""
    order = {model_id: index for index, model_id in enumerate(table.models)}
    return [
        (model_id, other)
        for model_id in table.models
        for other in table.enemies_in_contact(model_id)
        if order[model_id] < order[other]
    ]


def zone_outline(table: Table, edge: Edge, deployment: Deployment, steps: int = 32) -> Polygon:
    """The zone for drawing: where bases may lie (their edges inside it)."""
    _, _, length, full = _to_edge_frame(table, edge, (0.0, 0.0))
    half = full / 2
    if deployment == "open_battle":
        depth = max(0.0, half - table.spec.deployment.open_battle)
        frame = [(0.0, 0.0), (length, 0.0), (length, depth), (0.0, depth)]
    else:
        r = table.spec.deployment.ambush
        arc = [
            (length / 2 + r * math.cos(math.pi * k / steps), half - r * math.sin(math.pi * k / steps))
            for k in range(steps + 1)
        ]
        frame = [(0.0, 0.0), (length, 0.0), (length, half)] + arc + [(0.0, half)]
    return planar.orient(_from_edge_frame(table, edge, a, d) for a, d in frame)


# -- terrain spacing ---------------------------------------------------------------------------


@dataclass(frozen=True)
class SpacingProblem:
    """Terrain piece `piece` is only `distance` mm from `other` (another piece, an
    objective, or "edge")."""

    piece: str
    other: str
    distance: float


def spacing_problems(table: Table, piece_id: str | None = None) -> list[SpacingProblem]:
    """Terrain pieces closer than the terrain spacing to each other, the table edges
    or objectives (only those of `piece_id` when given)."""
    spacing = table.spec.deployment.terrain_spacing
    ids = list(table.pieces) if piece_id is None else [piece_id]
    found = []
    for pid in ids:
        piece = table.pieces[pid]
        left, top, right, bottom = piece.box
        edge = min(left, top, table.width - right, table.height - bottom)
        if edge < spacing - EPS:
            found.append(SpacingProblem(pid, "edge", max(0.0, edge)))
        for other in table.pieces.values():
            if other.id == pid or (piece_id is None and other.id < pid):
                continue
            d = piece.distance_to(other)
            if d < spacing - EPS:
                found.append(SpacingProblem(pid, other.id, d))
        for objective, spot in table.objectives.items():
            d = piece.distance_to_point(spot)
            if d < spacing - EPS:
                found.append(SpacingProblem(pid, objective, d))
    return found
