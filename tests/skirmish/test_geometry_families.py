"""The reach's families over heavy terrain (table/families.py) against the oracle's
cost at points (tests/skirmish/geometry/oracle.py): each family's cost is the
cheapest path's where that path is of its kind, and its region and edge are where
its cost reaches the limit."""

from __future__ import annotations

import math
import random

import pytest

from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.families import Disc, Front, HeadWave, in_media
from tabletop.games.skirmish.table.passage import passage
from tabletop.games.skirmish.table.terrain import TERRAIN_RULES
from tests.skirmish.geometry.oracle import Oracle
from tests.skirmish.geometry.parts import node_costs
from tests.skirmish.scenes import box, kind, model, new_table, piece

#: the agreement asked of the families against the oracle (mm)
BOUND = 0.01


def _mire(table, piece_id: str, x0: float, y0: float, x1: float, y1: float, heavy: float = 2) -> None:
    """A crossable rectangle of heavy terrain with corners (x0, y0) and (x1, y1)."""
    mire = kind("mire", box(0, 0, x1 - x0, y1 - y0), sight="flat", crossing="crossable", heavy=heavy)
    piece(table, piece_id, mire, (x0, y0))


def _one_mire(start, allowance: float = 300.0):
    """The mire x 300..550, y 200..400 (cost 2) and a warrior at `start`, with the oracle."""
    table = new_table(TERRAIN_RULES)
    _mire(table, "mire", 300, 200, 550, 400)
    model(table, "m", start)
    return table, Oracle(table, "m", allowance=allowance)


def test_a_front_through_one_side_costs_what_the_oracle_finds():
    start = (250.0, 300.0)
    _table, oracle = _one_mire(start)
    front = Front(start, 0.0, (((300.0, 400.0), (300.0, 200.0)),), (1.0, 2.0))
    for goal in [(350.0, 340.0), (320.0, 250.0), (330.0, 360.0), (310.0, 300.0)]:
        assert front.cost(goal) == pytest.approx(oracle.polished(goal)[0], abs=BOUND)
    # Snell's law at the crossing: sin in = 2 sin out
    goal = (350.0, 340.0)
    _s, x, _p = front.legs(goal)
    sin_in = (x[1] - start[1]) / math.dist(start, x)
    sin_out = (goal[1] - x[1]) / math.dist(x, goal)
    assert sin_in == pytest.approx(2 * sin_out, abs=1e-9)


def test_a_head_wave_walks_the_outline_then_turns_in_at_the_critical_angle():
    start = (250.0, 300.0)
    _table, oracle = _one_mire(start, allowance=400.0)
    corner = (300.0, 200.0)
    wave = HeadWave(corner, (550.0, 200.0), math.dist(start, corner), 1.0, 2.0, left=True)
    goal = (450.0, 215.0)
    assert wave.cost(goal) == pytest.approx(math.dist(start, corner) + 150 + 15 * math.sqrt(3), abs=1e-9)
    assert wave.cost(goal) == pytest.approx(oracle.polished(goal)[0], abs=BOUND)
    # it leaves the outline at 30 degrees from the normal (sin = 1 / 2)
    _a, x, _p = wave.legs(goal)
    assert x[1] == pytest.approx(200.0, abs=1e-12)
    assert (goal[0] - x[0]) / math.dist(x, goal) == pytest.approx(0.5, abs=1e-12)
    # a point whose entry would fall before the corner is the corner's, not the wave's
    assert wave.cost((301.0, 220.0)) == math.inf
    assert wave.cost((450.0, 190.0)) == math.inf  # outside the mire


def test_round_heavy_terrain_a_path_bends_at_its_corner():
    start = (250.0, 300.0)
    _table, oracle = _one_mire(start)
    corner = (300.0, 200.0)
    disc = Disc(corner, math.dist(start, corner), 1.0)
    goal = (400.0, 150.0)
    assert disc.cost(goal) == pytest.approx(2 * math.dist(start, corner), abs=1e-9)
    assert disc.cost(goal) == pytest.approx(oracle.polished(goal)[0], abs=BOUND)
    assert disc.legs(goal) == (corner, goal)


def test_the_least_family_is_the_oracles_cost_inside_heavy_terrain():
    """Inside the mire: the start's fronts through the sides it sees, each corner's
    disc and each corner's head waves along its two sides, with the corners' costs
    as the oracle gives them; their least cost is the oracle's at every point."""
    start = (230.0, 330.0)
    table, oracle = _one_mire(start, allowance=180.0)
    mover = passage(table, "m")
    part = [(300.0, 200.0), (550.0, 200.0), (550.0, 400.0), (300.0, 400.0)]  # turning left (y down)
    families: list = []
    for i, a in enumerate(part):
        b, before = part[(i + 1) % 4], part[i - 1]
        reached = oracle.polished(a)[0]
        families.append(Disc(a, reached, 2.0))
        families.append(HeadWave(a, b, reached, 1.0, 2.0, left=True))
        families.append(HeadWave(a, before, reached, 1.0, 2.0, left=False))
        if (b[0] - a[0]) * (start[1] - a[1]) - (b[1] - a[1]) * (start[0] - a[0]) < 0:  # the start sees it
            families.append(Front(start, 0.0, ((a, b),), (1.0, 2.0)))
    rng = random.Random(7)
    checked = 0
    for _ in range(60):
        p = (rng.uniform(300.5, 400.0), rng.uniform(200.5, 399.5))
        truth = oracle.polished(p)[0]
        if truth > oracle.limit:
            continue
        least = min(f.cost(p) for f in families if in_media(f.legs(p), f.rates, mover.heavy))
        assert least == pytest.approx(truth, abs=BOUND), p
        checked += 1
    assert checked >= 30


def test_a_front_across_a_strip_bends_twice():
    table = new_table(TERRAIN_RULES)
    _mire(table, "strip", 300, 100, 340, 500)
    start = (250.0, 300.0)
    model(table, "m", start)
    oracle = Oracle(table, "m", allowance=250.0)
    front = Front(start, 0.0, (((300.0, 500.0), (300.0, 100.0)), ((340.0, 100.0), (340.0, 500.0))), (1.0, 2.0, 1.0))
    for goal in [(400.0, 250.0), (380.0, 400.0), (360.0, 150.0)]:
        cost, (x1, x2) = front.crossings(goal)
        assert cost == pytest.approx(oracle.polished(goal)[0], abs=BOUND)
        # straight on beyond the strip: the same direction as before it
        before = math.atan2(x1[1] - start[1], x1[0] - start[0])
        after = math.atan2(goal[1] - x2[1], goal[0] - x2[0])
        assert before == pytest.approx(after, abs=1e-6)
        assert in_media(front.legs(goal), front.rates, oracle_heavy(table))


def test_a_front_across_three_sides_of_two_pieces():
    table = new_table(TERRAIN_RULES)
    _mire(table, "strip", 300, 100, 340, 500)
    _mire(table, "pool", 380, 200, 500, 400, heavy=3)
    start = (250.0, 300.0)
    model(table, "m", start)
    oracle = Oracle(table, "m", allowance=250.0)
    sides = (((300.0, 500.0), (300.0, 100.0)), ((340.0, 100.0), (340.0, 500.0)), ((380.0, 400.0), (380.0, 200.0)))
    front = Front(start, 0.0, sides, (1.0, 2.0, 1.0, 3.0))
    for goal in [(400.0, 260.0), (395.0, 330.0)]:
        assert front.cost(goal) == pytest.approx(oracle.polished(goal)[0], abs=BOUND)
    # each crossing obeys Snell's law: rate x sine of the angle from the side's normal
    goal = (400.0, 260.0)
    pts = front.legs(goal)
    sines = [(b[1] - a[1]) / math.dist(a, b) * r for r, a, b in zip(front.rates, pts, pts[1:], strict=False)]
    assert max(sines) - min(sines) == pytest.approx(0.0, abs=1e-7)


def oracle_heavy(table):
    return passage(table, next(iter(table.models))).heavy


def test_a_head_waves_region_is_where_it_costs_the_limit_or_less():
    wave = HeadWave((300.0, 200.0), (550.0, 200.0), 40.0, 1.0, 2.0, left=True)
    limit = 200.0
    region = wave.region(limit)
    assert len(region) >= 3
    for p in region:
        assert wave.cost(p) <= limit + 1e-9
    rng = random.Random(3)
    for _ in range(2000):
        p = (rng.uniform(290.0, 560.0), rng.uniform(195.0, 300.0))
        inside = planar.point_in_convex(p, region)
        margin = abs(wave.cost(p) - limit) if wave.cost(p) < math.inf else 1.0
        if margin > 1e-9 and planar.point_convex_distance(p, region) > 1e-9 or inside:
            assert inside == (wave.cost(p) <= limit), p
    assert wave.region(30.0) == ()


def test_a_fronts_edge_lies_at_the_limit():
    start = (250.0, 300.0)
    front = Front(start, 5.0, (((300.0, 400.0), (300.0, 200.0)),), (1.0, 2.0))
    limit = 120.0
    edge = front.edge(limit, 40)
    assert len(edge) > 20
    for p in edge:
        assert front.cost(p) == pytest.approx(limit, abs=1e-9)


def test_the_reachs_nodes_across_heavy_terrain_cost_what_the_oracle_finds():
    """On the demo table m02's graph reaches arcs beyond the small hill along ways
    that cross its outline at the graph's nodes, far dearer than the cheapest path;
    each node's cost is the front's across the same sides, crossings slid exactly
    (node_costs.py), and agrees with the oracle."""
    from tabletop.games.skirmish.play.layout import demo_table
    from tabletop.games.skirmish.table.reach import HEAVY_SLACK
    from tabletop.games.skirmish.table.search import spread

    table = demo_table(TERRAIN_RULES)
    mover = passage(table, "m02")
    found = spread(mover, table.allowance * (1 + HEAVY_SLACK))
    costs = node_costs(mover, found)
    oracle = Oracle(table, "m02")
    nodes = {
        node: found.bodies[node[0]].at(node[1], node[2]) for node in found.steps if not found.bodies[node[0]].point
    }
    checked = 0
    for goal in [(425.806, 309.998), (408.798, 355.228), (399.653, 361.173), (477.428, 325.685)]:
        node = min(nodes, key=lambda n: math.dist(nodes[n], goal))
        assert math.dist(nodes[node], goal) < 0.01
        assert found.steps[node].cost > costs[node] + 5.0  # the graph's own way
        assert costs[node] == pytest.approx(oracle.polished(nodes[node])[0], abs=BOUND)
        checked += 1
    assert checked == 4
    # never below the truth: a node cheaper than the oracle finds is one the graph's
    # own way reaches that cheaply (the oracle stands in for ways along arcs over
    # heavy terrain with points every 2 degrees, a little dear exactly on an arc: it
    # is asked 0.002 mm off the arc, where the tangent to the point is its own)
    for node, here in nodes.items():
        centre = found.bodies[node[0]].corners[node[1]]
        away = math.dist(here, centre)
        off = tuple(c + (h - c) * (away + 0.002) / away for c, h in zip(centre, here, strict=True))
        assert costs[node] >= oracle.polished(off)[0] - BOUND or costs[node] == found.steps[node].cost
