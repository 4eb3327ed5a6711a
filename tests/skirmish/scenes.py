"""Hand-made scenes for the skirmish geometry tests."""

from __future__ import annotations

from tabletop.games.skirmish import schema
from tabletop.games.skirmish.schema import BasicReading, TerrainKind, TerrainProperties
from tabletop.games.skirmish.table.table import Model, Table
from tabletop.games.skirmish.table.terrain import BASIC, Ruleset, TerrainPiece


def new_table(ruleset: Ruleset = BASIC, width: float = 600, height: float = 600) -> Table:
    return Table(width, height, ruleset=ruleset)


def model(table: Table, model_id: str, position, base: float = 30, side: int = 0) -> str:
    table.add_model(Model(model_id, base, position, side))
    return model_id


def piece(table: Table, piece_id: str, kind: str | TerrainKind, position, rotation: float = 0.0, footprint=None) -> str:
    if isinstance(kind, str):
        kind = schema.terrain_data().kind(kind)
    table.add_piece(TerrainPiece(piece_id, kind, position, rotation, tuple(footprint or ())))
    return piece_id


def kind(
    key: str = "block",
    footprint=((-10, -10), (10, -10), (10, 10), (-10, 10)),
    sight: str = "opaque",
    crossing: str = "impassable",
    **properties,
) -> TerrainKind:
    """A terrain kind made for one test (basic reading and terrain properties given)."""
    return TerrainKind(
        key=key,
        name=key,
        cost=1,
        footprint=[list(p) for p in footprint],
        properties=TerrainProperties(**properties),
        basic=BasicReading(sight=sight, crossing=crossing),
    )


def box(x0: float, y0: float, x1: float, y1: float) -> list[tuple[float, float]]:
    """A rectangle footprint about the origin (for pieces placed at (0, 0))."""
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
