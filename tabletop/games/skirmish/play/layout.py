"""Table layouts in YAML (data/skirmish/scenarios/*.yaml) to and from a `Table`.

- `load_layout(path)` -> `Layout`, checked like the bundled data (unknown kinds,
  base sizes, overlaps and things off the table are reported as file:line).
- `save_layout(layout, path)` writes it back (atomically).
- `table_from_layout(layout, ruleset)` -> `Table`; `layout_from_table(table, name)`.
- `demo_table(ruleset)`: the bundled demo (16 terrain pieces, 20 models).
"""

from __future__ import annotations

from pathlib import Path

import yaml

from tabletop import resources
from tabletop.engine.data import load_model
from tabletop.engine.files import write_text_atomic
from tabletop.games.skirmish import schema
from tabletop.games.skirmish.play.cards import starter_set
from tabletop.games.skirmish.play.state import hex_colour
from tabletop.games.skirmish.schema import (
    Layout,
    Objective,
    PlacedModel,
    PlacedTerrain,
    TableData,
    TableSize,
    TerrainData,
)
from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.planar import Polygon
from tabletop.games.skirmish.table.table import Model, Table
from tabletop.games.skirmish.table.terrain import BASIC, Ruleset, TerrainPiece

DEMO = "demo"


def scenario_path(name: str) -> Path:
    return resources.data_path("skirmish", "scenarios", f"{name}.yaml")


def load_layout(path: Path, terrain: TerrainData | None = None, spec: TableData | None = None) -> Layout:
    """Read and check a layout file; DataError names the file and line of a fault."""
    context = (terrain or schema.terrain_data(), spec or schema.table_data())
    layout: Layout = load_model(Path(path), Layout, context=context)
    return layout


def save_layout(layout: Layout, path: Path) -> None:
    """Write a layout as YAML; the file is either the old or the new one, never half."""
    path = Path(path)
    data = layout.model_dump(mode="json", exclude_defaults=True)
    data.setdefault("terrain", [])
    data.setdefault("models", [])
    text = yaml.safe_dump(data, sort_keys=False, default_flow_style=None, allow_unicode=True, width=120)
    write_text_atomic(Path(path), text)


def table_from_layout(
    layout: Layout, ruleset: Ruleset = BASIC, terrain: TerrainData | None = None, spec: TableData | None = None
) -> Table:
    """A table set up as the layout says."""
    terrain = terrain or schema.terrain_data()
    table = Table(layout.table.width, layout.table.height, ruleset=ruleset, spec=spec)
    for placed in layout.terrain:
        kind = terrain.kind(placed.kind)
        table.add_piece(
            TerrainPiece(
                placed.id,
                kind,
                placed.position,
                placed.rotation,
                tuple((x, y) for x, y in placed.footprint or ()),
                placed.burning,
            )
        )
    colours = _side_colours()
    for model in layout.models:
        name = starter_set().warriors[model.warrior].name
        table.add_model(Model(model.id, model.base, model.position, model.side, colours[model.side], name))
    for objective in layout.objectives:
        table.objectives[objective.id] = (float(objective.position[0]), float(objective.position[1]))
    return table


def layout_from_table(table: Table, name: str) -> Layout:
    """The table's current layout (to save it)."""
    return Layout(
        name=name,
        table=TableSize(width=table.width, height=table.height),
        terrain=[
            PlacedTerrain(
                id=p.id,
                kind=p.kind.key,
                position=p.position,
                rotation=p.rotation,
                footprint=None if p.footprint == _default_outline(p) else list(p.footprint),
                burning=p.burning,
            )
            for p in table.pieces.values()
        ],
        models=[
            PlacedModel(id=m.id, warrior=_warrior_named(m.name), base=m.base, position=m.position, side=m.side)
            for m in table.models.values()
        ],
        objectives=[Objective(id=key, position=spot) for key, spot in table.objectives.items()],
    )


def _side_colours() -> tuple[str, str]:
    """The first two player colours of players.yaml (a layout's warriors take their
    players' colours in a match; these stand in for them on a bare table)."""
    first, second = schema.colours(schema.bundled())[:2]
    return hex_colour(first[2]), hex_colour(second[2])


def _warrior_named(name: str) -> str:
    """The key of the starter warrior a table's model names."""
    for key, warrior in starter_set().warriors.items():
        if warrior.name == name:
            return key
    raise ValueError(f"no starter warrior is called {name!r}")


def _default_outline(piece: TerrainPiece) -> Polygon:
    return planar.orient(piece.kind.footprint)


def demo_table(ruleset: Ruleset = BASIC) -> Table:
    """The bundled demo table."""
    return table_from_layout(schema.bundled()[f"skirmish/scenarios/{DEMO}.yaml"], ruleset)
