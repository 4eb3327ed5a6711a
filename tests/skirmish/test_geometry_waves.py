"""The reach's polygons over heavy terrain drawn in closed form (table/waves.py:
head waves along a side, refracted fronts across it; table/fans.py: fans of
straight rays into and out of it) hold only points one move reaches, by the
independent oracle (tests/skirmish/geometry)."""

from __future__ import annotations

import random

import pytest

from tabletop.games.skirmish.play.layout import demo_table
from tabletop.games.skirmish.table import crossing, planar
from tabletop.games.skirmish.table import fans as fans_module
from tabletop.games.skirmish.table import reach as reach_module
from tabletop.games.skirmish.table.movement import shortest_path
from tabletop.games.skirmish.table.planar import Polygon
from tabletop.games.skirmish.table.reach import reach
from tabletop.games.skirmish.table.table import Table
from tabletop.games.skirmish.table.terrain import TERRAIN_RULES
from tests.skirmish.geometry import check
from tests.skirmish.geometry.oracle import Oracle
from tests.skirmish.geometry.scenes import MOVER, scene


def _drawn(monkeypatch: pytest.MonkeyPatch, table: Table, model_id: str) -> list[Polygon]:
    """The polygons the reach took from waves.py and fans.py."""
    found: list[Polygon] = []
    head_wave, closed_fan = crossing.head_wave, fans_module.closed_fan

    def waves(*args):  # type: ignore[no-untyped-def]
        result = head_wave(*args)
        if result is not None:
            found.extend(result[0])
        return result

    def fans(*args):  # type: ignore[no-untyped-def]
        result = closed_fan(*args)
        if result is not None:
            found.extend(result[0])
        return result

    monkeypatch.setattr(crossing, "head_wave", waves)
    monkeypatch.setattr(fans_module, "closed_fan", fans)
    monkeypatch.setattr(reach_module, "closed_fan", fans)
    reach(table, model_id)
    return found


def _points(polygons: list[Polygon], count: int) -> list[tuple[float, float]]:
    """Points of each polygon: corners a hair toward its centre, and points at
    random between corners and centre (those inside it)."""
    rng = random.Random(1)
    points = []
    for poly in polygons:
        cx = sum(p[0] for p in poly) / len(poly)
        cy = sum(p[1] for p in poly) / len(poly)
        for x, y in rng.sample(list(poly), min(len(poly), count)):
            f = rng.random()
            points += [
                p
                for p in ((x + (cx - x) * 1e-4, y + (cy - y) * 1e-4), (x + (cx - x) * f, y + (cy - y) * f))
                if planar.point_in_polygon(p, poly)
            ]
    return points


def _table_of(where: str) -> tuple[Table, str]:
    """The table and mover a parameter names: "demo mNN" or "seed N"."""
    if where.startswith("demo"):
        return demo_table(TERRAIN_RULES), where.split()[1]
    return scene(int(where.split()[1])).table, MOVER


def _worst_over_allowance(table: Table, model_id: str, points: list[tuple[float, float]]) -> float:
    """How far the dearest of the points lies beyond the allowance by the oracle
    (each where the base may stand); the planner's path, let over the allowance,
    counts where the oracle finds it cheaper (as check_reach)."""
    oracle = Oracle(table, model_id)
    limit = table.allowance
    worst = 0.0
    for p in points:
        assert oracle.end_clearance(p) >= -check.BOUND, p
        cost = check._cost(oracle, p, limit + check.BOUND, check.BOUND)
        if cost > limit + check.BOUND:
            found = shortest_path(table, model_id, p, limit=limit + 1.0)
            if found is not None and oracle.check_path(found.points):
                cost = min(cost, oracle.path_cost(found.points))
        worst = max(worst, cost - limit)
    return worst


@pytest.mark.parametrize("where", ["demo m02", "seed 272", "seed 47"])
def test_what_the_reach_draws_across_heavy_terrain_s_outline_in_closed_form_is_reached(monkeypatch, where):
    table, model_id = _table_of(where)
    polygons = _drawn(monkeypatch, table, model_id)
    assert len(polygons) >= 10
    points = _points(polygons, 6)
    worst = _worst_over_allowance(table, model_id, points)
    assert worst <= check.BOUND, (worst, len(points))
    # and the same polygons are in the reach
    found = reach(table, model_id)
    assert all(any(planar.point_in_polygon(p, poly) for poly in found.polygons) for p in points[:50])


def test_the_reach_holds_a_point_on_the_ray_two_closed_form_fans_share():
    # seed 182: fans from nodes of a side of heavy terrain and from its corner share the
    # ray along the side's line; this point (1.4 mm inside the allowance) lay on it,
    # within 0.00000000000004 mm, and by float noise in none of them
    p = (133.95614684591717, 101.18025120484748)
    found = reach(scene(182).table, MOVER)
    assert any(planar.point_in_polygon(p, poly) for poly in found.polygons)
