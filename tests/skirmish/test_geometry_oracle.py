"""The oracles of the exhaustive geometry check (tests/skirmish/geometry) against
answers worked out by hand: they must be right before they judge the table's code."""

from __future__ import annotations

import math

import pytest

from tabletop.games.skirmish.table.terrain import TERRAIN_RULES
from tests.skirmish.geometry import sightline
from tests.skirmish.geometry.oracle import Oracle
from tests.skirmish.geometry.scenes import SET_SIZE, scene
from tests.skirmish.scenes import box, kind, model, new_table, piece


def _golden(f, lo: float, hi: float) -> float:
    for _ in range(200):
        m1, m2 = lo + (hi - lo) / 3, hi - (hi - lo) / 3
        lo, hi = (lo, m2) if f(m1) <= f(m2) else (m1, hi)
    return f((lo + hi) / 2)


@pytest.mark.parametrize("base, passes", [(40, False), (30, True)])
def test_a_gap_of_35_mm_passes_a_30_mm_base_only(base, passes):
    table = new_table()
    wall = kind("wall", box(-50, -5, 50, 5))
    piece(table, "left", wall, (245, 300))  # ends at x = 295
    piece(table, "right", wall, (380, 300))  # starts at x = 330
    model(table, "m", (312.5, 260), base)
    oracle = Oracle(table, "m")
    cost = oracle.cost((312.5, 340))
    assert (cost == pytest.approx(80.0)) if passes else cost == math.inf


def test_round_a_base_the_cost_is_two_tangents_and_an_arc():
    table = new_table()
    model(table, "m", (100, 300))
    model(table, "other", (150, 300))
    oracle = Oracle(table, "m", allowance=200)
    grown = 30.0
    arc = math.pi - 2 * math.acos(grown / 50)
    assert oracle.cost((200, 300)) == pytest.approx(2 * 40 + grown * arc, abs=1e-9)


def test_into_heavy_terrain_the_crossing_obeys_the_cheapest_bend():
    table = new_table(TERRAIN_RULES)
    piece(table, "swamp", kind("mire", box(0, -250, 250, 250), crossing="crossable", heavy=2), (300, 300))
    model(table, "m", (250, 300))
    oracle = Oracle(table, "m", allowance=200)
    goal = (350, 340)
    best = _golden(lambda y: math.hypot(50, y - 300) + 2 * math.hypot(50, 340 - y), 300, 340)
    assert oracle.cost(goal) == pytest.approx(best, abs=0.05)
    assert oracle.polished(goal)[0] == pytest.approx(best, abs=1e-6)


def test_a_warrior_on_burning_bushes_walks_out_of_them():
    table = new_table(TERRAIN_RULES)
    piece(table, "bushes", "bushes", (300, 300))
    model(table, "m", (300, 300))
    table.set_burning("bushes", True)
    oracle = Oracle(table, "m")
    assert oracle.leaving == {"bushes"}
    assert oracle.end_clearance((300, 300)) < 0  # it may not stay in them
    assert oracle.cost((300, 370)) == pytest.approx(70.0)


def test_the_separating_lines_measure_the_corridor():
    a, b = (100.0, 300.0), (300.0, 300.0)
    # a base 10 mm beyond the corridor's straight side (y = 315)
    assert sightline.into([(200.0, 340.0)], 15.0, a, 15.0, b, 15.0) == pytest.approx(10.0, abs=1e-9)
    wall = [(195.0, 250.0), (205.0, 250.0), (205.0, 350.0), (195.0, 350.0)]
    assert sightline.free(wall, 0.0, a, 15.0, b, 15.0) == pytest.approx(-35.0, abs=1e-9)
    short = [(195.0, 290.0), (205.0, 290.0), (205.0, 350.0), (195.0, 350.0)]
    assert sightline.free(short, 0.0, a, 15.0, b, 15.0) == pytest.approx(5.0, abs=1e-9)


def test_a_scene_is_a_function_of_its_seed():
    def layout(seed):
        sc = scene(seed)
        return sc.rules, sc.start, [(p.kind.key, p.position, p.rotation, p.burning) for p in sc.table.pieces.values()]

    assert layout(SET_SIZE - 1) == layout(SET_SIZE - 1)
    assert layout(7) != layout(8)
