"""The tangent graph's nodes where heavy terrain's outline runs into an obstacle
(graph.outline_meets): on the obstacle grown by the base's radius, to float
precision; a side the closed form shows to meet no obstacle is not searched."""

import math

import pytest

from tabletop.games.skirmish.play.layout import demo_table
from tabletop.games.skirmish.table import graph, planar
from tabletop.games.skirmish.table.graph import outline_meets
from tabletop.games.skirmish.table.passage import passage
from tabletop.games.skirmish.table.tangents import Core
from tabletop.games.skirmish.table.terrain import TERRAIN_RULES

MIRE = [(100.0, 300.0), (300.0, 300.0), (300.0, 500.0), (100.0, 500.0)]


def _points(found):
    return [point for point, _normal, _sides, _lengths in found]


def test_a_base_s_grown_disc_meets_the_outline_where_the_circle_crosses_its_side():
    # a base of radius 15 at (200, 290), grown by 15: a circle of 30 crossing the top side
    found = _points(outline_meets(MIRE, [Core("post", ((200.0, 290.0),), 15.0)], 15.0))
    half = math.sqrt(30**2 - 10**2)
    assert found == [pytest.approx((200 - half, 300.0), abs=1e-12), pytest.approx((200 + half, 300.0), abs=1e-12)]


def test_a_wall_s_grown_corner_and_side_meet_the_outline_at_their_exact_points():
    # a wall above the top side: its bottom-left corner 10 above it (the rounded corner
    # meets the side), its bottom side falling to 5 above it at x = 250 (the grown side)
    wall = ((150.0, 290.0), (250.0, 295.0), (250.0, 270.0), (150.0, 270.0))
    found = _points(outline_meets(MIRE, [Core("wall", wall, 0.0)], 15.0))
    assert len(found) == 2
    left, right = sorted(found)
    assert left == pytest.approx((150 - math.sqrt(15**2 - 10**2), 300.0), abs=1e-12)
    # past the wall's right end the grown corner at (250, 295) reaches 15 beyond it
    assert right == pytest.approx((250 + math.sqrt(15**2 - 5**2), 300.0), abs=1e-12)
    for p in found:
        assert planar.point_convex_signed_distance(p, wall) == pytest.approx(15.0, abs=1e-12)


def test_an_obstacle_that_only_touches_or_misses_the_outline_meets_it_nowhere():
    assert outline_meets(MIRE, [Core("post", ((200.0, 270.0),), 15.0)], 15.0) == []  # touches at (200, 300)
    assert outline_meets(MIRE, [Core("post", ((200.0, 250.0),), 15.0)], 15.0) == []


def test_only_the_sides_that_meet_an_obstacle_are_searched_for_where(monkeypatch):
    # the demo table under the terrain rules: 29 sides of heavy terrain's outlines come
    # near an obstacle (their boxes overlap) for the two base sizes, 16 of them meet one
    searched: list[list[float]] = []
    meets = graph._meets

    def counted(*args):
        searched.append(meets(*args))
        return searched[-1]

    monkeypatch.setattr(graph, "_meets", counted)
    table = demo_table(TERRAIN_RULES)
    for board in {passage(table, model_id).board for model_id in table.models}:
        for outline in board.costs.outlines:
            outline_meets(outline.points, board.obstacles, board.radius)
    assert len(searched) == 16
    assert all(searched)


def test_a_search_weighs_the_estimate_of_a_point_ahead_once_not_from_every_node(monkeypatch):
    """The A* estimate of a point body ahead (a node on heavy terrain's outline) is
    the same whichever node weighs it: asked once a search, and for each line
    weighed, not again at every node taken from the heap (m01 of the demo table
    under the terrain rules, across heavy terrain; the same ways found)."""
    from tabletop.games.skirmish.table import search

    table = demo_table(TERRAIN_RULES)
    mover = passage(table, "m01")
    x, y = mover.start
    goals = [(x + 70 * math.cos(k / 8 * 2 * math.pi), y + 70 * math.sin(k / 8 * 2 * math.pi)) for k in range(8)]
    first = [search.route(mover, goal, 200.0) for goal in goals]
    asked, weighed, points = [], [], []
    run, lines = search._Query.search, search._Query.lines

    def counted(query, in_range, limit, estimate, finishes, spare=0.0):
        points.append(sum(query.bodies[b].point for b in in_range))
        return run(query, in_range, limit, lambda p: asked.append(p) or estimate(p), finishes, spare)

    monkeypatch.setattr(search._Query, "search", counted)

    def listed(query, i, j):
        found = lines(query, i, j)
        weighed.extend(found)
        return found

    monkeypatch.setattr(search._Query, "lines", listed)
    again = [search.route(mover, goal, 200.0) for goal in goals]
    assert again == first and any(found is not None and len(found[0]) > 2 for found in first)
    # one for the start, one for each point ahead, one for each line weighed at most
    assert len(asked) <= len(goals) + sum(points) + len(weighed)


def test_a_walk_round_a_base_is_costed_only_as_far_as_it_takes_to_tell_it_is_dearer(monkeypatch):
    """The reach asks whether walking round a base from one node to another costs
    no more than reaching the other does (the other's sweep adds nothing then):
    over heavy terrain a walk's segments are costed only while that is in doubt
    (Router.walk_within), each costing at least its length and at most its length
    at the dearest rate near the walk. m02 of the demo table under the terrain
    rules, whose walks run through a wood: 4,666 segments costed before, 2,405 now."""
    from tabletop.games.skirmish.table.reach import reach

    table = demo_table(TERRAIN_RULES)
    costed = []
    cost = graph.segment_cost

    def counted(a, b, heavy):
        costed.append((a, b))
        return cost(a, b, heavy)

    monkeypatch.setattr(graph, "segment_cost", counted)
    reach(table, "m02")
    assert len(costed) < 2600


def test_a_walk_costed_in_part_tells_what_its_whole_cost_does():
    """Router.walk_within answers as `spent + walk(...).cost <= limit` does, also with
    the limit a hair either side of it (m02's walks round the bases near it on the
    demo table under the terrain rules, each asked of a router that has not costed it)."""
    table = demo_table(TERRAIN_RULES)
    mover = passage(table, "m02")
    router = graph.Router(mover.board)
    asked = 0
    for index, body in enumerate(router.bodies):
        if body.point or math.dist(body.centre, mover.start) > 150.0:
            continue
        n = len(body.corners)
        for c1 in range(n):
            for c2 in range(n):
                for orient in (1, -1):
                    a1 = body.starts[c1] + body.widths[c1] / 3
                    a2 = body.starts[c2] + body.widths[c2] * 2 / 3
                    walk = router.walk(index, c1, a1, c2, a2, orient)
                    for spent in (0.0, 17.3):
                        for off in (-walk.cost / 2, -1.0, -1e-6, -1e-12, 0.0, 1e-12, 1e-6, 1.0, walk.cost):
                            limit = spent + walk.cost + off
                            router.walks.clear()
                            told = router.walk_within(index, c1, a1, c2, a2, orient, spent, limit)
                            assert told == (spent + walk.cost <= limit)
                            asked += 1
    assert asked > 100


def test_a_walk_through_overlapping_heavy_pieces_is_told_at_what_they_add_up_to():
    """Where two heavy pieces overlap a mm there costs both extras (3 for two of 2):
    Router.walk_within's dearest rate adds up the pieces near the walk, so a walk
    round a base standing in both is never taken for cheaper than it is."""
    from tests.skirmish.scenes import box, kind, model, new_table, piece

    table = new_table(TERRAIN_RULES)
    piece(table, "mud", kind("mud", box(-60, -60, 60, 60), heavy=2), (300, 300))
    piece(table, "bog", kind("bog", box(-60, -60, 60, 60), heavy=2), (300, 300))
    model(table, "post", (300, 300), 40)
    model(table, "mover", (150, 300), 30)
    mover = passage(table, "mover")
    router = graph.Router(mover.board)
    index = next(i for i, body in enumerate(router.bodies) if body.owner == "post")
    body = router.bodies[index]
    half = body.starts[0] + math.pi / 2
    walk = router.walk(index, 0, body.starts[0], 0, half, 1)
    # a quarter turn round the base's disc grown by 15 (radius 35), some 55 mm, at 3 per mm
    assert walk.cost == pytest.approx(3 * walk.length, rel=1e-3)
    for limit in (2.5 * walk.length, walk.cost - 1e-3, walk.cost, walk.cost + 1e-3):
        router.walks.clear()
        assert router.walk_within(index, 0, body.starts[0], 0, half, 1, 0.0, limit) == (walk.cost <= limit)


def test_the_lines_one_way_are_made_from_the_other_way_s_only_when_asked_for():
    """Router.lines_between works out the tangent lines from one body to another
    once: the way back is those lines reversed, made when first asked for (not with
    every pair a search weighs), each costed its own way; between two points (nodes
    on heavy terrain's outline, most pairs of the graph) the one line is made at
    once, as the general loop makes it (m02 of the demo table under the terrain
    rules: bases, walls and the points along a wood)."""
    from tabletop.games.skirmish.table import tangents

    table = demo_table(TERRAIN_RULES)
    mover = passage(table, "m02")
    router = graph.Router(mover.board)
    near = [i for i, body in enumerate(router.bodies) if math.dist(body.centre, mover.start) < 120.0]
    assert sum(router.bodies[i].point for i in near) > 10 and sum(not router.bodies[i].point for i in near) > 2
    made = 0
    for i in near:
        for j in near:
            if i < j:
                ahead = router.lines_between(i, j)
                assert all(line.cost is None for line in ahead)
                made += len(ahead)
                assert (j, i) not in router.lines
                if router.bodies[i].point and router.bodies[j].point:
                    a, b = router.bodies[i].corners[0], router.bodies[j].corners[0]
                    d = math.hypot(b[0] - a[0], b[1] - a[1])
                    turned = tangents._tangent(a, 0.0, b, 0.0)
                    assert turned is not None
                    nu, length = turned
                    assert ahead == [tangents.Line(i, 0, nu, 0, j, 0, nu, 0, a, b, length)]
                    assert length == math.sqrt(d * d)
                for line in ahead:
                    router.line_cost(line)
                back = router.lines_between(j, i)
                assert back == [
                    tangents.Line(x.b, x.cb, x.angle_b, -x.ob, x.a, x.ca, x.angle_a, -x.oa, x.end, x.start, x.length)
                    for x in ahead
                ]
                assert router.lines_between(j, i) is back
    assert made > 100
