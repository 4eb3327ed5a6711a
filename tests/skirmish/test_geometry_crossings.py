"""The ways crossing.crossings runs along heavy terrain's outline from a corner and
casts exactly (fronts.graze): each way's cost to its crossing point, taken as its
length where no other heavy part lies near it, is what segment_cost finds."""

from __future__ import annotations

from tabletop.games.skirmish.play.layout import demo_table
from tabletop.games.skirmish.table import crossing
from tabletop.games.skirmish.table.reach import reach
from tabletop.games.skirmish.table.terrain import TERRAIN_RULES


def test_the_ways_along_the_outline_to_the_crossings_cost_their_length_as_segment_cost_finds(monkeypatch):
    table = demo_table(TERRAIN_RULES)
    asked = []
    graze = crossing.graze

    def grazes(*args):  # type: ignore[no-untyped-def]
        result = graze(*args)
        if result is not None:
            asked.append((args, result))
        return result

    monkeypatch.setattr(crossing, "graze", grazes)
    reach(table, "m02")
    alone = [(args, caster) for args, caster in asked if caster.alone]
    assert alone
    compared = 0
    for (mover, corner, start, u, base, limit, _angle, far), caster in alone:
        for f in (0.0, 0.25, 0.5, 0.75, 1.0):
            d = far * f
            x = (start[0] + u[0] * d, start[1] + u[1] * d)
            found = caster.crossing(d)
            want = base + mover.cost(corner, x)
            if want >= limit:
                assert found is None
                continue
            assert found is not None and found[0] == x and found[1] == want
            compared += 1
    assert compared >= 20
