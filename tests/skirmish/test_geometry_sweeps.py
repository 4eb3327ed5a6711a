"""The sweeps off arcs as exact regions (table/sweeps.py): the closed-form cost
against the oracle, the drawn polygons against the closed-form membership, and
the membership against the sweeps the reach drew before they were exact.

data/today_sweep_ends.json holds every third tangent-ray end of the sweeps the
reach drew on the demo table (basic rules, its 20 warriors) before sweeps were
exact regions (main at 1adba80, `_sweep`), leaving out each arc's first and last
ray (they lie on the sweep's own sides, where a point along them is on its
boundary either way): [x, y, direction of the ray] per end, by warrior and node
(body owner, corner, way round, outward direction)."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest

from tabletop.games.skirmish.play.layout import demo_table
from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.movement import shortest_path
from tabletop.games.skirmish.table.passage import passage
from tabletop.games.skirmish.table.planar import Point, Polygon
from tabletop.games.skirmish.table.rays import CHORD_SAG, EXACT_SAG, REACH_MARGIN
from tabletop.games.skirmish.table.reach import reach
from tabletop.games.skirmish.table.search import spread
from tabletop.games.skirmish.table.spans import Heavy
from tabletop.games.skirmish.table.sweeps import Sweep
from tabletop.games.skirmish.table.table import Table
from tabletop.games.skirmish.table.terrain import BASIC, TERRAIN_RULES
from tests.skirmish.geometry.oracle import Oracle
from tests.skirmish.geometry.scenes import MOVER, scene

TODAY = Path(__file__).parent / "data" / "today_sweep_ends.json"


def _sweeps(table: Table, model_id: str) -> dict[tuple, Sweep]:
    """A sweep from every arc node the warrior's move reaches (the reach keeps the
    ones no other node of the same body and way round dominates)."""
    mover = passage(table, model_id)
    limit = table.allowance - REACH_MARGIN
    found = spread(mover, limit)
    sweeps = {}
    for node, step in found.steps.items():
        body = found.bodies[node[0]]
        if step.line is None or body.point or step.cost >= limit:
            continue
        local = mover.within(body.corners[node[1]], limit - step.cost + body.radius)
        sweeps[(body.owner, node[1], node[3], round(node[2], 6))] = Sweep(local, body, node, step.cost, limit)
    return sweeps


def _points(table: Table, model_id: str) -> list[tuple[Point, float]]:
    """The nodes a path bends at without an arc (narrow gaps), with their costs."""
    mover = passage(table, model_id)
    found = spread(mover, table.allowance - REACH_MARGIN)
    return [
        (found.bodies[node[0]].corners[0], step.cost)
        for node, step in found.steps.items()
        if step.line is not None and found.bodies[node[0]].point
    ]


@pytest.mark.parametrize("model_id", ["m02", "m07", "m13"])
def test_sweep_cost_in_closed_form_is_the_oracles(model_id):
    """With the start's straight legs and the gap points, the sweeps' closed-form
    cost is the cheapest cost the oracle finds, at grid points within the
    allowance (arcs walked at the planned paths' cost: up to 0.0025 mm per 10 cm)."""
    table = demo_table(BASIC)
    mover = passage(table, model_id)
    sweeps = list(_sweeps(table, model_id).values())
    points = _points(table, model_id)
    oracle = Oracle(table, model_id)
    limit = table.allowance
    start = mover.start
    compared = 0
    worst = 0.0
    swept = 0
    for i in range(-25, 26):
        for j in range(-25, 26):
            p = (start[0] + 4.0 * i + 0.37, start[1] + 4.0 * j + 0.23)
            if math.dist(p, start) > limit or oracle.end_clearance(p) < 0.05:
                continue
            expected = oracle.cost(p)
            if expected > limit:
                continue
            through = min((s.cost(p) for s in sweeps), default=math.inf)
            costs = [through] + [g + math.dist(v, p) for v, g in points if mover.clear(v, p)]
            if mover.clear(start, p):
                costs.append(math.dist(start, p))
            got = min(costs)
            compared += 1
            swept += through == got
            worst = max(worst, abs(got - expected))
            # a closed form is a real path's cost: never below the cheapest
            assert through >= expected - 1e-6, (p, through, expected)
    assert compared > 300 and swept > 20, (compared, swept)
    assert worst <= 0.01, worst


def _edges(polygons: list[Polygon]) -> list[tuple[Point, Point]]:
    return [(poly[i], poly[(i + 1) % len(poly)]) for poly in polygons for i in range(len(poly))]


def test_sweep_polygons_are_its_membership_within_the_sag():
    """Random points about every sweep of the demo table's 20 warriors, more than
    the sag from its drawn boundary: inside the polygons exactly where the closed
    form says reached."""
    table = demo_table(BASIC)
    rng = random.Random(7)
    tried = inside = 0
    for model_id in table.models:
        for sweep in _sweeps(table, model_id).values():
            polygons = sweep.polygons(CHORD_SAG)
            if not polygons:
                continue
            left, top, right, bottom = planar.bounds([p for poly in polygons for p in poly])
            edges = _edges(polygons)
            for _ in range(60):
                p = (rng.uniform(left - 2, right + 2), rng.uniform(top - 2, bottom + 2))
                if min(planar.point_segment_distance(p, a, b) for a, b in edges) <= CHORD_SAG + 1e-6:
                    continue
                drawn = any(planar.point_in_polygon(p, poly) for poly in polygons)
                assert drawn == sweep.contains(p), (model_id, sweep.body.owner, p, drawn, sweep.cost(p))
                tried += 1
                inside += drawn
    assert tried > 3000 and inside > 800, (tried, inside)


@pytest.mark.parametrize("seed", [51, 95])
def test_sweep_edges_keep_off_the_obstacles_their_rays_meet(seed):
    """Where neighbouring rays both stop on one obstacle, the straight edge between
    their ends stays off it (a rounded corner bulges towards the sweep: the edge
    would cut into it): every edge's middle leaves the base clear within the sag."""
    sc = scene(seed)
    oracle = Oracle(sc.table, MOVER)
    edges = 0
    for sweep in _sweeps(sc.table, MOVER).values():
        for a, b in _edges(sweep.polygons(CHORD_SAG)):
            middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            assert oracle.end_clearance(middle) >= -CHORD_SAG, (middle, oracle.end_clearance(middle))
            edges += 1
    assert edges > 100


def _square(centre: Point, half: float) -> Heavy:
    x, y = centre
    part = ((x - half, y - half), (x + half, y - half), (x + half, y + half), (x - half, y + half))
    return Heavy(part, 1.0, (x - half, y - half, x + half, y + half))


def test_a_sweep_tells_whether_heavy_terrain_meets_it():
    """Heavy terrain near a sweep but off it leaves it as drawn; a part inside it,
    across its edge or holding it all does not."""
    table = demo_table(BASIC)
    sweep = max(_sweeps(table, "m02").values(), key=lambda s: len(s.polygons(CHORD_SAG)[0]))
    drawn = sweep.polygons(CHORD_SAG)
    poly = drawn[0]
    left, top, right, bottom = planar.bounds(poly)
    a, b = poly[len(poly) // 4], poly[len(poly) // 4 + 1]
    middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    inside = next(
        (x, y)
        for x in (left + (right - left) * k / 20 for k in range(1, 20))
        for y in (top + (bottom - top) * k / 20 for k in range(1, 20))
        if planar.point_in_polygon((x, y), poly)
        and min(planar.point_segment_distance((x, y), a, b) for a, b in _edges([poly])) > 0.5
    )
    assert sweep.meets(drawn, [_square(inside, 0.2)], CHORD_SAG)
    assert sweep.meets(drawn, [_square(middle, 0.5)], CHORD_SAG)
    assert sweep.meets(drawn, [_square(((left + right) / 2, (top + bottom) / 2), 400.0)], CHORD_SAG)
    assert not sweep.meets(drawn, [_square((right + 5.0, bottom + 5.0), 2.0)], CHORD_SAG)
    assert not sweep.meets(drawn, [], CHORD_SAG)


def test_a_sweep_that_reaches_a_corner_of_heavy_terrain_meets_it():
    """`holds_corner_of` tells in closed form, without drawing, of heavy parts that
    meet the sweep as drawn: a part about a point inside it does, one off it does
    not; and over the terrain rules' demo table, where it says so `meets` does."""
    table = demo_table(BASIC)
    sweep = max(_sweeps(table, "m02").values(), key=lambda s: len(s.polygons(CHORD_SAG)[0]))
    poly = sweep.polygons(CHORD_SAG)[0]
    left, top, right, bottom = planar.bounds(poly)
    inside = next(
        (x, y)
        for x in (left + (right - left) * k / 20 for k in range(1, 20))
        for y in (top + (bottom - top) * k / 20 for k in range(1, 20))
        if sweep.contains((x, y)) and sweep.contains((x + 0.2, y + 0.2)) and sweep.contains((x - 0.2, y - 0.2))
    )
    assert sweep.holds_corner_of([_square(inside, 0.2)])
    assert not sweep.holds_corner_of([_square((right + 5.0, bottom + 5.0), 2.0)])
    assert not sweep.holds_corner_of([])
    terrain = demo_table(TERRAIN_RULES)
    held = 0
    for model_id in ("m02", "m01"):
        for found in _sweeps(terrain, model_id).values():
            if found.mover.heavy and found.holds_corner_of(found.mover.heavy):
                assert found.meets(found.polygons(EXACT_SAG), found.mover.heavy, EXACT_SAG)
                held += 1
    assert held >= 5, held


def test_today_sweep_ends_within_a_hundredth_of_the_membership():
    """Every recorded end of today's sweep rays, 0.01 mm back along its ray, is in
    the exact sweep of its node, and 0.01 mm past where the sweep ends along it is
    not (the recorded rays stopped 0.01 mm short of obstacles and of the allowance,
    the margin then; the sweeps stop REACH_MARGIN short)."""
    recorded = json.loads(TODAY.read_text())
    table = demo_table(BASIC)
    checked = 0
    for model_id, found in recorded.items():
        sweeps = _sweeps(table, model_id)
        for entry in found:
            sweep = sweeps[tuple(entry["node"])]
            for x, y, heading in entry["ends"]:
                ux, uy = math.cos(heading), math.sin(heading)
                assert sweep.contains((x - 0.01 * ux, y - 0.01 * uy)), (model_id, entry["node"], (x, y))
                on = 0.01 - REACH_MARGIN + 0.01
                assert not sweep.contains((x + on * ux, y + on * uy)), (model_id, entry["node"], (x, y))
                checked += 1
    assert checked > 1000, checked


def test_a_node_the_walk_round_its_body_cannot_reach_sweeps_on_itself():
    # seed 4764 (past the 3,000 the check runs): a base stands in bushes (an obstacle
    # under the terrain rules) and its grown disc stands out of theirs; the walk round
    # the bushes from a node reached cheaper runs into it, so the node beyond it,
    # reached round the base, sweeps the way on itself: it was taken as walked to,
    # and a point whose path costs 88.8 of the allowance's 100 was left out, 5.7 mm deep
    table = scene(4764).table
    goal = (310.8298972332478, 88.66418087141696)
    path = shortest_path(table, MOVER, goal)
    assert path is not None and path.cost < 90
    assert any(planar.point_in_polygon(goal, poly) for poly in reach(table, MOVER).polygons)
