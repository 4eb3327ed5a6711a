"""The directions a path newly reaches by turning at a node of the tangent graph that
is a point (for reach.py): in a narrow gap everything ahead (`wedge`); at a corner of
heavy terrain's outline round it outside the terrain (`wedge`, `outside`) or into it
(`into`). Each is (first angle, width), counterclockwise.
"""

from __future__ import annotations

import math

from tabletop.games.skirmish.table.tangents import Body


def wedge(body: Body, heading: float) -> tuple[float, float] | None:
    """The directions (first angle, width) a path arriving along `heading` newly
    reaches by turning at a point: in a narrow gap, everything ahead; at a corner
    of heavy terrain it passes outside, from straight on round towards the terrain
    as far as the terrain's side (what the corner hid from where the path came);
    None where the path runs into the terrain at the corner (`into`, and ways
    across its sides are `crossing.across`). Every ray is a real path, so a wider
    wedge only costs rays."""
    if body.normal is None:
        return (heading - math.pi / 2, math.pi)
    forward, back = body.sides
    inside = (back - forward) % (2 * math.pi)  # the terrain: from forward, turning by `inside`
    if (heading - forward) % (2 * math.pi) < inside:
        return None  # into the terrain: see `into`
    middle = forward + inside / 2
    if math.sin(middle - heading) > 0:
        return (heading, (forward - heading) % (2 * math.pi))  # turning with growing angle
    turn = (heading - back) % (2 * math.pi)
    return (heading - turn, turn)


def outside(body: Body, wedge: tuple[float, float] | None) -> tuple[float, float]:
    """The directions (first angle, width) outside heavy terrain from a corner of its
    outline that `wedge` (from `wedge`: one end on a side of the corner) leaves out;
    all of them where it is None."""
    forward, back = body.sides
    outside = (forward - back) % (2 * math.pi)  # from back, turning by `outside`
    if wedge is None:
        return (back, outside)
    low, width = wedge
    if abs((low - back + math.pi) % (2 * math.pi) - math.pi) < 1e-12:
        return (low + width, outside - width)  # the wedge starts at the side behind
    return (back, outside - width)


def into(body: Body) -> tuple[float, float]:
    """Every direction into heavy terrain from a corner of its outline (there the
    outline has no one direction, so a path may turn into it any way)."""
    forward, back = body.sides
    return (forward, (back - forward) % (2 * math.pi))
