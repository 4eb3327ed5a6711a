"""The reach across heavy terrain's outline (table/crossing.py `across`): every node's
stretch is drawn, the stretches from one origin along one side of a heavy part as one
run, and a neighbouring node's way only toward the node it came from."""

from __future__ import annotations

import math

import pytest

from tabletop.games.skirmish.play.layout import demo_table
from tabletop.games.skirmish.table import crossing
from tabletop.games.skirmish.table import reach as reach_module
from tabletop.games.skirmish.table.crossing import CROSSING_STEP, Way, neighbours
from tabletop.games.skirmish.table.graph import HEAVY_STEP
from tabletop.games.skirmish.table.planar import Point
from tabletop.games.skirmish.table.reach import reach
from tabletop.games.skirmish.table.spans import Heavy, side_of
from tabletop.games.skirmish.table.terrain import TERRAIN_RULES
from tests.skirmish.geometry.scenes import MOVER, scene

#: a stretch drawn: origin, what was spent there, where it starts, its direction, from, to
Drawn = tuple[Point, float, Point, Point, float, float]


#: the heavy parts each stretch drawn was asked of (its passage's)
heavy: dict[Drawn, list[Heavy]] = {}


def _across(monkeypatch: pytest.MonkeyPatch, table, model_id: str) -> tuple[list[Way], list[Drawn]]:  # type: ignore[no-untyped-def]
    """The ways the reach hands `across` and the stretches it draws for them."""
    ways: list[Way] = []
    drawn: list[Drawn] = []
    across, across_side = crossing.across, crossing._across_side

    within = [False]  # (out_of draws across sides too: only `across`'s stretches are recorded)

    def recorded(given, limit):  # type: ignore[no-untyped-def]
        ways.extend(given)
        within[0] = True
        try:
            parts = list(across(given, limit))
        finally:
            within[0] = False
        return iter(parts)

    def side(mover, origin, base, limit, x0, u, lo, hi):  # type: ignore[no-untyped-def]
        if within[0]:
            drawn.append((origin, base, x0, u, lo, hi))
            heavy[(origin, base, x0, u, lo, hi)] = mover.heavy
        return across_side(mover, origin, base, limit, x0, u, lo, hi)

    monkeypatch.setattr(reach_module, "across", recorded)
    monkeypatch.setattr(crossing, "_across_side", side)
    reach(table, model_id)
    return ways, drawn


def _covered(drawn: list[Drawn], origin: Point, base: float, p: Point) -> bool:
    """Whether a stretch drawn from `origin` (for `base`) holds the point p of a side."""
    for o, b, x0, u, lo, hi in drawn:
        if o != origin or abs(b - base) > 1e-9:
            continue
        d = (p[0] - x0[0]) * u[0] + (p[1] - x0[1]) * u[1]
        off = abs((p[0] - x0[0]) * u[1] - (p[1] - x0[1]) * u[0])
        if off < 1e-6 and lo - 1e-6 <= d <= hi + 1e-6:
            return True
    return False


@pytest.mark.parametrize("where", [("demo", "m02"), ("demo", "m01"), (1403, MOVER), (455, MOVER)])
def test_every_node_s_stretch_is_drawn_and_one_origin_s_stretches_along_a_side_as_one(monkeypatch, where):
    source, model_id = where
    table = demo_table(TERRAIN_RULES) if source == "demo" else scene(source).table
    ways, drawn = _across(monkeypatch, table, model_id)
    assert ways and drawn
    # (a neighbouring node's way, toward one node only: the test below)
    for _mover, body, origin, base, _toward in (way for way in ways if way[4] is None):
        node = body.corners[0]
        for heading, length in zip(body.sides, body.lengths, strict=False):
            # either way, at least half way to the next node and CROSSING_STEP on, or to
            # the side's end
            most = min(length, HEAVY_STEP / 2 + CROSSING_STEP)
            on = [(node[0] + d * math.cos(heading), node[1] + d * math.sin(heading)) for d in (0.0, most / 2, most)]
            assert all(_covered(drawn, origin, base, p) for p in on), (origin, base, node, heading)
    # no two stretches drawn from one origin along one side overlap: they are one run,
    # but where together they would not lie on one side of one heavy part
    for i, (o, b, x0, u, lo, hi) in enumerate(drawn):
        for o2, b2, y0, v, lo2, hi2 in drawn[i + 1 :]:
            if o2 != o or abs(b2 - b) > 1e-9 or abs(u[0] * v[1] - u[1] * v[0]) > 1e-9:
                continue
            if math.dist(x0, y0) > 1e-6 or u[0] * v[0] + u[1] * v[1] < 0.0:
                continue  # another side (collinear sides of two parts are drawn apart)
            if hi2 < lo + 1e-6 or lo2 > hi - 1e-6:
                continue
            first, last = min(lo, lo2), max(hi, hi2)
            a = (x0[0] + u[0] * first, x0[1] + u[1] * first)
            c = (x0[0] + u[0] * last, x0[1] + u[1] * last)
            assert side_of(heavy[drawn[i]], a, c) is None, ((o, b), (lo, hi), (lo2, hi2))


def test_a_neighbouring_node_s_way_crosses_only_toward_the_node_it_came_from(monkeypatch):
    table = demo_table(TERRAIN_RULES)
    ways, _drawn = _across(monkeypatch, table, "m02")
    own = [way for way in ways if way[4] is None]
    found = neighbours(own)
    assert found
    drawn: list[Drawn] = []
    across_side = crossing._across_side

    def side(mover, origin, base, limit, x0, u, lo, hi):  # type: ignore[no-untyped-def]
        drawn.append((origin, base, x0, u, lo, hi))
        return across_side(mover, origin, base, limit, x0, u, lo, hi)

    monkeypatch.setattr(crossing, "_across_side", side)
    for way in found[:40]:
        drawn.clear()
        list(crossing.across([way], table.allowance))
        node, toward = way[1].corners[0], way[4]
        if toward is None:
            continue  # the other node not along its sides: either way
        assert 0.0 < math.dist(node, toward) <= HEAVY_STEP + 1e-6
        # the node it came from lies along one of its sides
        assert any(
            abs((toward[0] - node[0]) * math.sin(side) - (toward[1] - node[1]) * math.cos(side)) < 1e-6
            for side in way[1].sides
        )
        assert drawn
        for _o, _b, x0, u, lo, hi in drawn:
            for d in (lo, hi):
                p = (x0[0] + u[0] * d, x0[1] + u[1] * d)
                # every crossing drawn lies from the node toward where the way came from
                assert (p[0] - node[0]) * (toward[0] - node[0]) + (p[1] - node[1]) * (toward[1] - node[1]) >= -1e-6
