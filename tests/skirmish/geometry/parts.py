"""What the table's code works out a part at a time (for the reach, reach.grow),
run out at once for tests that look at the whole."""

from __future__ import annotations

from tabletop.games.skirmish.table.node_costs import NodeCosts, costed
from tabletop.games.skirmish.table.passage import Passage
from tabletop.games.skirmish.table.planar import Point, Polygon
from tabletop.games.skirmish.table.search import Spread
from tabletop.games.skirmish.table.through import through_sides


def node_costs(mover: Passage, found: Spread) -> NodeCosts:
    """Every node's cost (node_costs.costed, its parts run out)."""
    return _ran_out(costed(mover, found))


def _ran_out(parts):  # type: ignore[no-untyped-def]
    while True:
        try:
            next(parts)
        except StopIteration as done:
            return done.value


def through(mover: Passage, origin: Point, base: float, limit: float) -> list[Polygon]:
    """The polygons of every first side (through.through_sides, joined)."""
    return [polygon for part in through_sides(mover, origin, base, limit) for polygon in part]
