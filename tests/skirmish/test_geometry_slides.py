"""Sliding the crossings of heavy terrain's outline, continued from test_geometry_refine.py:
where a search along one side settles when the cost there is not convex (minimum.py), and
the walks round an arc next to a crossing (wraps.py), whose cost changes smoothly as the
crossing slides, so that the ways to one goal settle to one path (refine.py, coupled.py)."""

from __future__ import annotations

import math
import random

from tabletop.games.skirmish.minimum import least_from
from tabletop.games.skirmish.table import movement, placing, refine, spans
from tabletop.games.skirmish.table.movement import shortest_path
from tabletop.games.skirmish.table.passage import Passage
from tabletop.games.skirmish.table.planar import Point
from tabletop.games.skirmish.table.refine import SLIDE_TOLERANCE
from tabletop.games.skirmish.table.tangents import ARC_TURN, arc_points
from tabletop.games.skirmish.table.wraps import Ring, Wrap
from tests.skirmish.geometry.calls import counting
from tests.skirmish.geometry.holes import in_reach
from tests.skirmish.geometry.scenes import MOVER, goal_the_check_tries, scene


def test_a_least_found_where_the_cost_is_not_convex_is_never_dearer_than_a_point_asked():
    # a way through a point of a side, cheaper to the left but for a stretch inside an
    # arc the way walks (a thousand a mm the deeper, as placing.py weighs it) and a
    # rise at the far end: from 19 the search took the foot of that stretch, 10.9 (9.8),
    # for its least, after asking 2.1 there
    def f(s: float) -> float:
        return 0.9 * s + 1000.0 * max(0.0, 1.7 - abs(s - 9.2)) + 1.5 * max(0.0, 1.4 - s)

    seen: dict[float, float] = {}

    def asked(s: float) -> float:
        seen[s] = f(s)
        return seen[s]

    s = least_from(asked, 0.0, 20.0, 19.0, SLIDE_TOLERANCE)
    assert f(s) <= min(seen.values()) < 2.2


def _walk_cost(points: list[Point]) -> float:
    return sum(math.dist(a, b) for a, b in zip(points, points[1:], strict=False))


def test_a_walk_next_to_a_crossing_costs_smoothly_as_the_crossing_slides():
    # a walk round an arc of 20 mm from its far end at (20, 0), counter-clockwise, to
    # where it leaves for a crossing sliding 30 mm along y = 45: the walk turns
    # through some 70 segments' worth, and with segments of one turn each (as
    # arc_points walks it) its cost drops by up to 1e-5 mm where they grow one more;
    # walked with one segment that grows, the cost bends no more than its curve does
    wrap = Wrap((0.0, 0.0), 20.0, 1, (20.0, 0.0), True)
    ring = Ring(wrap.centre, wrap.radius, [])
    h = 1e-3
    xs = [40.0 - h * k for k in range(30_000)]

    def equal(q: Point) -> float:
        _tangent, end, turn = wrap._tangent_turn(q)
        return _walk_cost([wrap.end, *arc_points(wrap.centre, wrap.radius, end, turn), q])

    for cost, smooth in ((lambda q: wrap.cost_to(q, [], ring), True), (equal, False)):
        values = [cost((x, 45.0)) for x in xs]
        bends = [abs(a - 2.0 * b + c) for a, b, c in zip(values, values[1:], values[2:], strict=False)]
        assert (max(bends) < 1e-7) is smooth, max(bends)


def test_a_walk_next_to_a_crossing_is_never_dearer_than_one_of_segments_of_one_turn():
    # every segment of the walk turns at most as far as those arc_points walks the
    # same turn with (each of them at most ARC_TURN): never longer, over turns of every size
    rng = random.Random(5)
    for _ in range(400):
        r = rng.uniform(5.0, 40.0)
        orient, first = rng.choice((1, -1)), rng.random() < 0.5
        angle = rng.uniform(-math.pi, math.pi)
        wrap = Wrap((0.0, 0.0), r, orient, (r * math.cos(angle), r * math.sin(angle)), first)
        heading, distance = rng.uniform(-math.pi, math.pi), rng.uniform(r + 0.5, 4 * r)
        q = (distance * math.cos(heading), distance * math.sin(heading))
        tangent, end, turn = wrap._tangent_turn(q)
        if turn > math.pi:
            continue
        walked = wrap.to(q)
        corners = (
            arc_points(wrap.centre, r, end, orient * turn)
            if first
            else arc_points(wrap.centre, r, tangent, orient * turn)[::-1]
        )
        assert _walk_cost([*walked, q]) <= _walk_cost([wrap.end, *corners, q]) + 1e-12
        assert len(walked) - 1 >= math.ceil(turn / ARC_TURN - 1e-9)


def test_a_crossing_next_to_a_walk_round_an_arc_is_named_where_it_settles():
    from tabletop.games.skirmish.table.coupled import settled_on

    corners = [(0.0, 0.0), (100.0, 0.0), (100.0, 20.0), (0.0, 20.0)]
    outlines = [spans.Outline(tuple(corners), (0.0, 100.0, 120.0, 220.0, 240.0), 240.0)]
    arc = ((50.0, -30.0), 5.0)
    arcs = [("rock", arc[0], arc[1])]
    start, goal = (40.0, -60.0), (60.0, 50.0)

    def named(s: float, on: Point):
        path = [start, on, outlines[0].at(s), goal]
        return settled_on(path, [None, None, (0, s), None], [None, arc, None, None], outlines, arcs)

    assert named(50.0, (45.0, -30.0)) == named(60.0, (45.1, -29.0)) is not None
    # round the other way: another name
    assert named(50.0, (55.0, -30.0)) not in (None, named(50.0, (45.0, -30.0)))


def test_the_ways_past_a_walk_to_a_crossing_settle_to_one_path_placed_once(monkeypatch):
    """Seed 169's seventh goal, under double cost: six ways on the graph, each
    crossing the heavy terrain's outline next to a walk round a base; each settled
    on its own little step of the walk's cost (51 crossings placed, the cheapest
    92.87998536540539 mm); walked with a segment that grows, the ways after the
    first come where it settled and are given its path: fewer placements, and a
    path no dearer."""
    table, _start, goal = goal_the_check_tries(169, 7)
    shortest_path(table, MOVER, goal)  # what a table version builds once
    kept: list[refine.Kept] = []
    slide = movement.refine

    def watched(passage, points, placed=None):
        if placed is not None and placed not in kept:
            kept.append(placed)
        return slide(passage, points, placed=placed)

    calls = counting(monkeypatch, placing, "placed_crossing")
    monkeypatch.setattr(movement, "refine", watched)
    found = shortest_path(table, MOVER, goal)
    assert found is not None and found.cost <= 92.87998536540539
    assert calls[0] <= 20
    assert kept and kept[0].polished


def test_a_way_given_where_another_settled_past_a_walk_is_within_the_walks_tolerance():
    """Seed 2594's first goal, under double cost: three ways, the crossing next to a
    walk round a base. Their walks begin at different corners of the graph's walk
    round it: the third way slid alone settles 1.4e-6 mm cheaper than where the first
    settled, whose path it is given (within what a walk's segments may add to the
    arc, tangents.TOLERANCE_PER_MM a mm); and all three are cheaper than any gave
    with walks of segments of one turn (73.83582443241666 mm, the third's)."""
    from tabletop.games.skirmish.table.passage import passage
    from tabletop.games.skirmish.table.search import routes
    from tabletop.games.skirmish.table.tangents import TOLERANCE_PER_MM

    table, _start, goal = goal_the_check_tries(2594, 1)
    shortest_path(table, MOVER, goal)
    mover = passage(table, MOVER)
    limit = table.allowance
    ways = routes(mover, goal, limit + 0.02 * limit, movement.HEAVY_SPARE)[: movement.HEAVY_TRIED]
    kept = refine.Kept()

    def cost(points: list[Point]) -> float:
        return sum(spans.segment_cost(a, b, mover.heavy) for a, b in zip(points, points[1:], strict=False))

    for points, _cost in ways:
        given, alone = cost(refine.refine(mover, points, placed=kept)), cost(refine.refine(mover, points))
        assert given < 73.83582443241666
        assert given <= alone + TOLERANCE_PER_MM * 1.0
    assert kept.polished


def test_a_way_along_a_side_of_heavy_terrain_through_the_graphs_nodes_is_placed_at_its_ends(monkeypatch):
    """Seed 1408's first goal, under double cost: five of the ways on the graph run
    along one side of the heavy terrain's outline through its nodes there (every
    HEAVY_STEP), and each node was a crossing to place, creeping sweep after sweep
    (69 placements, and those five settled 0.0015 to 0.013 mm dearer than the
    first); the nodes between the first and the last on the side lie on the straight
    way between those two and are dropped: the same path, 40 placements."""
    table, _start, goal = goal_the_check_tries(1408, 1)
    shortest_path(table, MOVER, goal)  # what a table version builds once
    calls = counting(monkeypatch, placing, "placed_crossing")
    found = shortest_path(table, MOVER, goal)
    assert found is not None and abs(found.cost - 78.40492424504411) < 1e-9
    assert calls[0] <= 45


def test_points_along_one_side_between_two_others_on_it_are_dropped():
    corners = [(0.0, 0.0), (100.0, 0.0), (100.0, 20.0), (0.0, 20.0)]
    outline = spans.Outline(tuple(corners), (0.0, 100.0, 120.0, 220.0, 240.0), 240.0)
    path = [(0.0, -30.0), (10.0, 0.0), (20.0, 0.0), (30.0, 0.0), (40.0, 0.0), (100.0, 10.0), (130.0, 10.0)]
    slides = [None, (0, 10.0), (0, 20.0), (0, 30.0), (0, 40.0), (0, 110.0), None]
    refine._along_sides(path, slides, [outline], 1)
    assert path == [(0.0, -30.0), (10.0, 0.0), (40.0, 0.0), (100.0, 10.0), (130.0, 10.0)]
    assert slides == [None, (0, 10.0), (0, 40.0), (0, 110.0), None]


def test_the_legs_of_the_bends_out_of_terrain_are_checked_clear_once_for_all_the_ways_to_one_goal(monkeypatch):
    """Seed 2595's warrior stands in terrain it leaves, over heavy terrain: each way
    to its eleventh goal tries bends on the way out, and whether the leg from the
    start to a bend is clear (the base leaving the terrain: the dear check) is
    asked once for every way that tries that bend: 57 checks of a leg leaving the
    terrain in all (133 when each way asked its own), the path the same."""
    table, _start, goal = goal_the_check_tries(2595, 11)
    first = shortest_path(table, MOVER, goal)
    asked = counting(monkeypatch, Passage, "hit_leaving")
    again = shortest_path(table, MOVER, goal)
    assert again == first and first is not None and abs(first.cost - 63.87705730388549) < 1e-9
    assert asked[0] <= 70


def test_the_cheapest_way_across_another_run_of_heavy_terrain_is_slid_though_the_graph_has_it_dearer():
    # seed 1919 (double cost): the way round the end of a wall's arm costs 100.02 on the
    # graph and off it; the way through the arm, its crossings at the graph's nodes,
    # 101.64 on the graph (more than HEAVY_SPARE over the other) and 99.985 slid: the
    # goal, inside the reach, was refused
    goal = (107.52831865803964, 197.23472057521008)
    found = shortest_path(scene(1919).table, MOVER, goal)
    assert found is not None and found.cost < 99.99
    assert in_reach(1919, goal)
