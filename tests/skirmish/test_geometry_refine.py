"""Sliding the crossings of heavy terrain's outline (refine.py, least.py): where each is placed,
and how few costs of the way that takes; and how few lines the search over the graph
works out (search.py)."""

from __future__ import annotations

import math
import random

import pytest

from tabletop.games.skirmish.minimum import convex_floor, least_from, least_on
from tabletop.games.skirmish.play.layout import demo_table
from tabletop.games.skirmish.table import bend_out, movement, placing, refine, spans
from tabletop.games.skirmish.table.movement import shortest_path
from tabletop.games.skirmish.table.passage import Passage
from tabletop.games.skirmish.table.planar import Point
from tabletop.games.skirmish.table.refine import SLIDE_TOLERANCE
from tabletop.games.skirmish.table.terrain import TERRAIN_RULES
from tests.skirmish.geometry.calls import counting
from tests.skirmish.geometry.scenes import MOVER, goal_the_check_tries


def _snell(s: float) -> float:
    """The way from (-30, 40) outside to (25, -35) in double-cost ground through (s, 0)
    on its edge."""
    return math.hypot(s + 30.0, 40.0) + 2.0 * math.hypot(25.0 - s, 35.0)


def _snell_point() -> float:
    """Where the way bends (sin out = 2 sin in), to a nanometre, by halving."""
    lo, hi = -30.0, 25.0
    for _ in range(100):
        s = (lo + hi) / 2
        out = (s + 30.0) / math.hypot(s + 30.0, 40.0)
        inside = (25.0 - s) / math.hypot(25.0 - s, 35.0)
        lo, hi = (s, hi) if out < 2.0 * inside else (lo, s)
    return (lo + hi) / 2


def _counted(f):
    asked: list[float] = []

    def g(s: float) -> float:
        asked.append(s)
        return f(s)

    return g, asked


def test_a_crossing_already_at_its_cheapest_place_stays_there_for_three_costs():
    best = _snell_point()
    f, asked = _counted(_snell)
    s = least_from(f, -20.0, 20.0, best, SLIDE_TOLERANCE)
    assert abs(s - best) <= SLIDE_TOLERANCE and len(asked) == 3


@pytest.mark.parametrize("start", [8.0, 10.0, 13.0, 16.0])
def test_a_crossing_slides_a_few_mm_to_where_the_way_bends_by_snells_law_in_fewer_costs(start):
    best = _snell_point()
    f, asked = _counted(_snell)
    s = least_from(f, -20.0, 20.0, start, SLIDE_TOLERANCE)
    g, searched = _counted(_snell)
    least_on(g, -20.0, 20.0, SLIDE_TOLERANCE)
    assert abs(s - best) <= SLIDE_TOLERANCE
    assert len(asked) < len(searched)


def test_a_crossing_cheapest_at_a_corner_is_placed_on_it():
    # the bend lies past the side's end (about 11.5 along): cheapest at that end, exactly
    assert least_from(_snell, -20.0, 5.0, 0.0, SLIDE_TOLERANCE) == 5.0
    assert least_from(_snell, 12.0, 20.0, 15.0, SLIDE_TOLERANCE) == 12.0
    # a side the crossing is not on, searched from the end nearest it: two costs
    f, asked = _counted(_snell)
    assert least_from(f, 12.0, 20.0, 12.0, SLIDE_TOLERANCE) == 12.0 and len(asked) == 2


def test_a_side_shown_dearer_than_the_best_found_is_given_up_after_few_costs():
    # the stretch [0, 20] as a side the crossing is not on, searched from its end 0:
    # where another side already gave a way 1 mm cheaper than its least (about 11.5
    # along), the costs asked show it dearer all along before its least is placed
    best = _snell_point()
    least = _snell(best)
    f, asked = _counted(_snell)
    s = least_from(f, 0.0, 20.0, 0.0, SLIDE_TOLERANCE, least - 1.0)
    assert _snell(s) > least - 1.0
    g, searched = _counted(_snell)
    assert abs(least_from(g, 0.0, 20.0, 0.0, SLIDE_TOLERANCE) - best) <= SLIDE_TOLERANCE
    assert len(asked) <= 6 < len(searched)
    # where its least may beat the best found, it is placed as without
    assert least_from(_snell, 0.0, 20.0, 0.0, SLIDE_TOLERANCE, least + 1e-3) == least_from(
        _snell, 0.0, 20.0, 0.0, SLIDE_TOLERANCE
    )


def test_the_floor_of_a_convex_function_lies_under_its_least():
    best = _snell(_snell_point())
    rng = random.Random(7)
    for _ in range(200):
        seen = {s: _snell(s) for s in (rng.uniform(-20.0, 20.0) for _ in range(rng.randint(3, 8)))}
        assert convex_floor(seen, -20.0, 20.0) <= best
    # points either side of the least: a floor close under it
    seen = {s: _snell(s) for s in (0.0, 0.01, 20.0, 19.99)}
    assert best - 8.0 < convex_floor(seen, -20.0, 20.0) <= best


def test_a_side_dearer_inside_an_arc_walked_is_not_given_up_for_that_rise():
    # the cost of a way through a point of a side, falling along it, and steeply
    # dearer inside an arc the way walks (refine's search turning back to its edge):
    # that rise, how deep a point sliding along a straight line lies in a circle, is
    # not convex, and the chords of the costs there do not bound the least (about
    # 5.25 at 21.53) from below; only the convex part of the cost shows whether the
    # side may beat a best found elsewhere (6.0)
    def ways(s: float) -> float:
        return 100.0 - 4.4 * s

    def cost(s: float) -> float:
        return ways(s) + 1000.0 * max(0.0, 3.5 - math.hypot(s - 25.0, 0.5))

    placed = least_from(cost, 8.0, 24.0, 8.0, SLIDE_TOLERANCE)
    assert cost(placed) < 6.0
    assert least_from(cost, 8.0, 24.0, 8.0, SLIDE_TOLERANCE, 6.0, ways) == placed
    assert cost(least_from(cost, 8.0, 24.0, 8.0, SLIDE_TOLERANCE, 6.0)) > 6.0  # (the whole cost as convex: given up)


def test_a_way_sliding_crossings_round_a_corner_of_heavy_terrain_asks_few_segment_costs(monkeypatch):
    """Seed 514's warrior to its eleventh goal, under double cost: six ways on the
    graph slid across heavy terrain's outline, crossings next to a corner of it;
    each crossing is placed on its own side first, and the side beyond the corner
    searched only until its costs show it dearer (6,671 segment costs asked when
    each side was searched to its least); the crossings sent on the way they went
    after a sweep ask again only the segments that changed (3,739 when every
    segment was asked each time), for the same path."""
    table, start, goal = goal_the_check_tries(514, 11)
    shortest_path(table, MOVER, goal)  # what a table version builds once
    asked = counting(monkeypatch, spans, "heavy_spans")
    found = shortest_path(table, MOVER, goal)
    assert found is not None and abs(found.cost - 65.48586192804783) < 1e-6
    assert asked[0] <= 3500


def test_the_worst_path_of_the_bench_under_the_terrain_rules_asks_few_segment_costs(monkeypatch):
    # m03 of the demo table to 80 mm straight down (bench rule_sets): four ways on the
    # graph slid across the swamp's outline, each walking round an obstacle to its
    # crossing; it asked the cost of 885 segments when each crossing was placed by
    # Brent's method from the middle of its window (89.97224720649767 mm before the
    # walk next to a crossing had a segment more)
    table = demo_table(TERRAIN_RULES)
    x, y = table.models["m03"].position
    goal = (x, y - 80.0)
    shortest_path(table, "m03", goal)  # what a table version builds once
    asked = counting(monkeypatch, spans, "heavy_spans")
    found = shortest_path(table, "m03", goal)
    assert found is not None and abs(found.cost - 89.97224278058539) < 1e-6
    assert asked[0] <= 400


def test_the_search_works_out_the_lines_to_a_point_only_where_a_way_through_it_may_do(monkeypatch):
    # m13 of the demo table to 80 mm at 300 degrees (bench rule_sets) over the swamp:
    # the two ways within the spare, as before, with 146 tangent lines worked out, not
    # 290 (a point is weighed once, before its lines, as each line would be)
    from tabletop.games.skirmish.table import search
    from tabletop.games.skirmish.table.passage import passage

    table = demo_table(TERRAIN_RULES)
    mover = passage(table, "m13")
    x, y = table.models["m13"].position
    goal = (x + 40.0, y - 40.0 * math.sqrt(3))
    search.routes(mover, goal, 102.0, 1.0)  # what a start keeps
    asked = [0]
    tangent_lines = search.tangent_lines

    def counted(*args):
        asked[0] += 1
        return tangent_lines(*args)

    monkeypatch.setattr(search, "tangent_lines", counted)
    found = search.routes(mover, goal, 102.0, 1.0)
    assert [round(cost, 9) for _points, cost in found] == [101.751894365, 101.886761206]
    assert asked[0] <= 150


def test_a_crossing_whose_leg_on_is_blocked_plans_no_way_to_it(monkeypatch):
    # m01 of the demo table dragged past its allowance (the planner's first try beyond
    # it, within 135.1): refine_entry slides a crossing along the swamp's outline with
    # the way to each point planned afresh; along one side the leg on from the crossing
    # is blocked everywhere, and it planned a way to each point tried there too (100
    # searches, about 190 ms), for the same path (118.7501993 mm before a walk by a crossing had a segment more)
    table = demo_table(TERRAIN_RULES)
    goal = (430.45, 377.1)
    planned = counting(monkeypatch, refine, "route")
    found = shortest_path(table, "m01", goal, 135.1)
    assert found is not None and abs(found.cost - 118.75019007962547) < 1e-6
    assert planned[0] <= 40


def test_the_bends_out_of_terrain_are_weighed_once_for_all_the_ways_to_one_goal(monkeypatch):
    """Seed 2595's warrior stands in terrain it leaves, over heavy terrain: each of
    the ways to a goal within the spare of the cheapest is slid, and the bend on the
    way out is tried for each; the first leg of each bend tried (the same from the
    same start) is weighed once for them all, the path the same."""
    table, start, goal = goal_the_check_tries(2595, 11)
    first = shortest_path(table, MOVER, goal)
    legs: list[Point] = []
    ways: list[list[Point]] = []
    weigh, bend = bend_out.segment_cost, movement.refine_exit

    def bent(passage: Passage, points: list[Point], *kept: object) -> list[Point]:
        ways.append(points)
        try:
            return bend(passage, points, *kept)  # type: ignore[arg-type]
        finally:
            ways.append([])

    def weighed(a: Point, b: Point, heavy: list[spans.Heavy]) -> float:
        # the legs from the start to a bend tried (not to the way's own points)
        if a == start and ways and ways[-1] and b not in ways[-1]:
            legs.append(b)
        return weigh(a, b, heavy)

    monkeypatch.setattr(bend_out, "segment_cost", weighed)
    monkeypatch.setattr(movement, "refine_exit", bent)
    again = shortest_path(table, MOVER, goal)
    assert again == first and first is not None and len(ways) > 2
    assert legs and len(legs) == len(set(legs)), "a bend out weighed again for another way"


def test_a_bend_out_of_terrain_is_checked_clear_only_where_it_may_be_the_best(monkeypatch):
    """Seed 2595's warrior leaves terrain it stands in over heavy terrain: along each
    window of its grown outline the bend is sampled at 17 points, and whether the
    legs to and from a point are clear is asked from the cheapest point on until
    one is, and of that one's neighbours (328 checks for the ways to its eleventh
    goal when every point sampled was checked), for the same path."""
    table, start, goal = goal_the_check_tries(2595, 11)
    shortest_path(table, MOVER, goal)  # what a table version builds once
    checked = [0]
    bending = [False]
    clear, bend = Passage.clear, movement.refine_exit

    def counted(self: Passage, a: Point, b: Point) -> bool:
        checked[0] += bending[0]
        return clear(self, a, b)

    def bent(*args: object) -> list[Point]:
        bending[0] = True
        try:
            return bend(*args)  # type: ignore[arg-type]
        finally:
            bending[0] = False

    monkeypatch.setattr(Passage, "clear", counted)
    monkeypatch.setattr(movement, "refine_exit", bent)
    found = shortest_path(table, MOVER, goal)
    assert found is not None and abs(found.cost - 63.87705730388549) < 1e-6
    assert checked[0] <= 200


def _part(points: list[Point], extra: float = 1.0) -> spans.Heavy:
    from tabletop.games.skirmish.table import planar

    return spans.Heavy(tuple(points), extra, planar.bounds(points))


@pytest.mark.parametrize("first", [True, False])
@pytest.mark.parametrize("orient", [1, -1])
def test_a_walk_round_an_arc_costs_what_its_segments_cost_one_by_one(monkeypatch, first, orient):
    """The walk round an arc next to a crossing, its segments a degree of the arc
    apart, weighed as refine slides the crossing (`Wrap.cost_to`): segments clear of
    every outline about the arc are taken as wholly inside or outside each part,
    the others weighed as any segment; the cost is the same float as the sum of
    `segment_cost` over the walk's points, whatever the crossing, for a part the
    arc runs into, one whose side grazes the arc (the segments' corners poke a
    thousandth of a mm into it), one a corner of which comes within a hundredth
    of a mm of it and one lying over another; and only the segments next to an
    outline ask `heavy_spans`."""
    from tabletop.games.skirmish.table.wraps import Ring, Wrap

    r = 20.0
    heavy = [
        _part([(10.0, -50.0), (60.0, -50.0), (60.0, 50.0), (10.0, 50.0)]),  # crosses the arc at +-60 degrees
        _part([(-30.0, r + 1e-7), (5.0, r + 1e-7), (5.0, 40.0), (-30.0, 40.0)], 2.0),  # grazes it at 90
        _part([(-r - 0.01, -5.0), (-40.0, -30.0), (-40.0, 20.0)], 0.5),  # a corner 0.01 mm off it at 180
        _part([(0.0, -50.0), (40.0, -50.0), (40.0, 0.0), (0.0, 0.0)], 0.25),  # over the first below 0 degrees
    ]
    rng = random.Random(7)
    asked = counting(monkeypatch, spans, "heavy_spans")
    segments = weighed = 0
    for _ in range(60):
        end_angle = rng.uniform(-math.pi, math.pi)
        end = (r * math.cos(end_angle), r * math.sin(end_angle))
        beyond = None
        if rng.random() < 0.5:
            # from a point off the arc, along its tangent at `end`
            along = -orient if first else orient
            beyond = (end[0] - along * 30.0 * math.sin(end_angle), end[1] + along * 30.0 * math.cos(end_angle))
        wrap = Wrap((0.0, 0.0), r, orient, end, first, beyond)
        ring = Ring(wrap.centre, wrap.radius, wrap.near(heavy))
        near = wrap.near(heavy)
        for _ in range(5):
            angle, distance = rng.uniform(-math.pi, math.pi), rng.uniform(r + 1.0, 80.0)
            q = (distance * math.cos(angle), distance * math.sin(angle))
            points = wrap.to(q)
            expected = spans.segment_cost(points[-1], q, heavy)
            for a, b in zip(points, points[1:], strict=False):
                expected += spans.segment_cost(a, b, heavy if a is beyond else near)
            before = asked[0]
            assert wrap.cost_to(q, heavy, ring) == expected
            weighed += asked[0] - before
            segments += len(points)
    assert segments > 5000
    assert weighed < 0.2 * segments


@pytest.mark.parametrize("first", [True, False])
@pytest.mark.parametrize("orient", [1, -1])
def test_a_walk_round_an_arc_weighed_without_its_corners_costs_what_its_segments_cost(monkeypatch, first, orient):
    """`Wrap.cost_near`, what refine's search for a crossing's place asks: the walk's
    segments round the arc, all one chord long, weighed by the sort `Ring` gives
    them, their corners worked out only next to an outline; the same cost as
    `cost_to` (the sum of `segment_cost` over the walk's points) to 1e-9 mm (float rounding),
    for walks of every length over the parts of the test above, with and without a
    point beyond; and with far fewer sines and cosines asked."""
    from tabletop.games.skirmish.table import wraps
    from tabletop.games.skirmish.table.wraps import Ring, Wrap

    r = 20.0
    heavy = [
        _part([(10.0, -50.0), (60.0, -50.0), (60.0, 50.0), (10.0, 50.0)]),
        _part([(-30.0, r + 1e-7), (5.0, r + 1e-7), (5.0, 40.0), (-30.0, 40.0)], 2.0),
        _part([(-r - 0.01, -5.0), (-40.0, -30.0), (-40.0, 20.0)], 0.5),
        _part([(0.0, -50.0), (40.0, -50.0), (40.0, 0.0), (0.0, 0.0)], 0.25),
    ]
    rng = random.Random(11)
    sines = [0, 0]  # asked by cost_near, by cost_to (and the walk's points)
    which = [0]
    sin = math.sin

    class Counting:
        def __getattr__(self, name: str) -> object:
            return getattr(math, name)

        @staticmethod
        def sin(x: float) -> float:
            sines[which[0]] += 1
            return sin(x)

    monkeypatch.setattr(wraps, "math", Counting())
    from tabletop.games.skirmish.table import tangents

    monkeypatch.setattr(tangents, "math", Counting())
    walks = 0
    for _ in range(60):
        end_angle = rng.uniform(-math.pi, math.pi)
        end = (r * math.cos(end_angle), r * math.sin(end_angle))
        beyond = None
        if rng.random() < 0.5:
            along = -orient if first else orient
            beyond = (end[0] - along * 30.0 * math.sin(end_angle), end[1] + along * 30.0 * math.cos(end_angle))
        wrap = Wrap((0.0, 0.0), r, orient, end, first, beyond)
        ring = Ring(wrap.centre, wrap.radius, wrap.near(heavy))
        for _ in range(5):
            angle, distance = rng.uniform(-math.pi, math.pi), rng.uniform(r + 1.0, 80.0)
            q = (distance * math.cos(angle), distance * math.sin(angle))
            which[0] = 1
            exact = wrap.cost_to(q, heavy, ring)
            walks += len(wrap.to(q)) > 20
            which[0] = 0
            assert abs(wrap.cost_near(q, heavy, ring) - exact) < 1e-9
    assert walks > 100
    assert sines[0] < 0.25 * sines[1]


def test_the_costs_of_a_crossings_places_are_shared_only_by_placements_with_the_same_neighbours(monkeypatch):
    # a crossing of a double-cost square's lower side placed between a point outside
    # and one inside: placed again with the costs of its places kept from another
    # crossing there with another neighbour, it goes where it goes alone; placed
    # again with the same neighbours, it asks no cost anew
    from tabletop.games.skirmish.table.spans import Outline

    square = [(0.0, 0.0), (100.0, 0.0), (100.0, 100.0), (0.0, 100.0)]
    heavy = [_part(square)]
    outline = Outline(tuple(square), (0.0, 100.0, 200.0, 300.0, 400.0), 400.0)
    prev = (20.0, -40.0)

    def placed(nxt: Point, kept: refine.Kept) -> tuple[float, list[Point], list[Point]] | None:
        return placing.placed_crossing(outline, 50.0, 20.0, SLIDE_TOLERANCE, prev, nxt, None, None, heavy, kept)

    alone = {nxt: placed(nxt, refine.Kept()) for nxt in [(70.0, 40.0), (38.0, 40.0)]}
    assert alone[(70.0, 40.0)] is not None and alone[(38.0, 40.0)] is not None
    assert abs(alone[(70.0, 40.0)][0] - alone[(38.0, 40.0)][0]) > 5.0
    shared = refine.Kept()
    assert placed((38.0, 40.0), shared) == alone[(38.0, 40.0)]
    assert placed((70.0, 40.0), shared) == alone[(70.0, 40.0)]
    asked = counting(monkeypatch, refine, "segment_cost")
    assert placed((70.0, 40.0), shared) == alone[(70.0, 40.0)] and asked[0] == 0


def test_the_ways_to_one_goal_share_the_costs_of_their_crossings_places(monkeypatch):
    """Seed 1352's warrior to its first goal, under double cost: five ways on the
    graph slid across heavy terrain's outline to the same path, the crossings of
    each placed with the costs of the places the ways before tried (the same costs
    for the same neighbours) kept; the same path as with each way's own, for 890
    segments clipped against heavy terrain, not 2,050."""
    table, _start, goal = goal_the_check_tries(1352, 1)
    shortest_path(table, MOVER, goal)  # what a table version builds once
    asked = counting(monkeypatch, spans, "heavy_spans")
    shared = shortest_path(table, MOVER, goal)
    with_shared = asked[0]
    slide = movement.refine
    monkeypatch.setattr(movement, "refine", lambda passage, points, placed=None: slide(passage, points))
    asked[0] = 0
    alone = shortest_path(table, MOVER, goal)
    assert shared == alone and shared is not None
    assert with_shared < 0.5 * asked[0], (with_shared, asked[0])


def _strip() -> tuple[list[spans.Heavy], list[spans.Outline]]:
    """A double-cost strip 20 mm wide (y 0 to 20, x 0 to 100) and its outline."""
    corners = [(0.0, 0.0), (100.0, 0.0), (100.0, 20.0), (0.0, 20.0)]
    outline = spans.Outline(tuple(corners), (0.0, 100.0, 120.0, 220.0, 240.0), 240.0)
    return [_part(corners)], [outline]


def test_two_crossings_joined_by_a_segment_are_placed_together_where_the_way_costs_least():
    # from (10, -30) across the strip to (70, 60): the crossing of its lower side at
    # (x, 0), of its upper one at (u, 20) (distance 220 - u along the outline); the
    # least of the way (for each x the least over u, by thirds), reached from
    # crossings 8 and 6 mm off by Newton's method on both at once (placing each
    # with the other fixed, 200 times in turn, still leaves them 4e-6 mm off)
    from tabletop.games.skirmish.table.coupled import together

    heavy, outlines = _strip()
    prev, nxt = (10.0, -30.0), (70.0, 60.0)

    def cost(x: float, u: float) -> float:
        return math.dist(prev, (x, 0.0)) + 2.0 * math.dist((x, 0.0), (u, 20.0)) + math.dist((u, 20.0), nxt)

    def least(f, lo: float, hi: float) -> float:
        for _ in range(90):
            a, b = lo + (hi - lo) / 3, hi - (hi - lo) / 3
            lo, hi = (lo, b) if f(a) < f(b) else (a, hi)
        return (lo + hi) / 2

    x = least(lambda v: cost(v, least(lambda w: cost(v, w), 0.0, 100.0)), 0.0, 100.0)
    u = least(lambda w: cost(x, w), 0.0, 100.0)
    found = together(outlines, [(0, x + 8.0), (0, 220.0 - u - 6.0)], heavy, prev, nxt)
    assert found is not None
    assert abs(found[0] - x) < 1e-6 and abs(220.0 - found[1] - u) < 1e-6
    assert cost(found[0], 220.0 - found[1]) - cost(x, u) < 1e-9


def test_crossings_a_corner_of_the_outline_too_near_are_left_to_the_sweeps():
    from tabletop.games.skirmish.table.coupled import STEP, together

    heavy, outlines = _strip()
    assert together(outlines, [(0, 100.0 - STEP), (0, 160.0)], heavy, (10.0, -30.0), (70.0, 60.0)) is None


def test_where_a_ways_crossings_lie_names_their_sides_not_their_places():
    # the ways to one goal that come to the same sides between the same points settle
    # to one path: the same name for crossings anywhere on the strip's lower side,
    # another for one on the side beyond its corner, none for a way that ends on an
    # arc (a crossing next to a walk round one: test_geometry_slides.py)
    from tabletop.games.skirmish.table.coupled import settled_on

    _heavy, outlines = _strip()
    start, goal = (10.0, -30.0), (150.0, 10.0)
    arc = ((120.0, 40.0), 5.0)
    arcs = [("rock", arc[0], arc[1])]

    def named(s: float, on_arc: tuple[Point, float] | None = None):
        return settled_on([start, outlines[0].at(s), goal], [None, (0, s), None], [None, None, on_arc], outlines, arcs)

    assert named(30.0) == named(70.0) is not None
    assert named(110.0) is not None and named(110.0) != named(70.0)
    assert named(70.0, arc) is None
    # a walk round an arc is named with the way round it; a side crossed in and
    # straight out again (two crossings on it in a row: no longer one convex least)
    # is not named
    below = [(100.0, 40.0), (120.0, 35.0), (140.0, 40.0)]
    above = [(100.0, 40.0), (120.0, 45.0), (140.0, 40.0)]
    round_below = settled_on(below, [None] * 3, [None, arc, None], outlines, arcs)
    round_above = settled_on(above, [None] * 3, [None, arc, None], outlines, arcs)
    assert round_below is not None and round_above is not None and round_below != round_above
    twice = [start, outlines[0].at(30.0), outlines[0].at(70.0), goal]
    assert settled_on(twice, [None, (0, 30.0), (0, 70.0), None], [None] * 4, outlines, arcs) is None


@pytest.mark.parametrize(
    ("seed", "nth", "shared"),
    [(0, 4, True), (5, 5, True), (11, 3, True), (12, 5, True), (509, 11, True)],
)
def test_a_way_that_comes_where_another_settled_is_given_its_path_never_dearer(seed, nth, shared):
    # the ways on the graph to one goal (as shortest_path slides them, cheapest
    # first): a way whose crossings come to the sides another's settled on is given
    # that one's path (placed again more finely once); none is dearer than the same
    # way slid alone, and some ways settle where another did (seed 2594's first goal,
    # a crossing next to a walk round a base: test_geometry_slides.py). Seed 509's eleventh:
    # the third way crosses one side of the swamp in and straight out again (no
    # longer one convex least); given the first's path it was 5.1e-5 mm dearer
    from tabletop.games.skirmish.table.passage import passage
    from tabletop.games.skirmish.table.search import routes

    table, _start, goal = goal_the_check_tries(seed, nth)
    shortest_path(table, MOVER, goal)  # what a table version builds once
    mover = passage(table, MOVER)
    limit = table.allowance
    ways = routes(mover, goal, limit + 0.02 * limit, movement.HEAVY_SPARE)[: movement.HEAVY_TRIED]
    kept = refine.Kept()

    def cost(points: list[Point]) -> float:
        return sum(spans.segment_cost(a, b, mover.heavy) for a, b in zip(points, points[1:], strict=False))

    for points, _cost in ways:
        assert cost(refine.refine(mover, points, placed=kept)) <= cost(refine.refine(mover, points)) + 1e-9
    assert bool(kept.polished) == shared


def test_crossings_on_the_way_out_with_the_base_still_on_the_terrain_are_not_placed(monkeypatch):
    """Seed 2595's warrior leaves terrain it stands in: each way to its eleventh goal
    runs its first leg into heavy terrain and out again with its base still on the
    terrain it leaves. Neither crossing can move alone (the other, or the first,
    would be a bend inside that terrain): none is placed (4 placements a way, half
    of them with a walk round the terrain's own corner), for the same path."""
    table, _start, goal = goal_the_check_tries(2595, 11)
    shortest_path(table, MOVER, goal)  # what a table version builds once
    placed = counting(monkeypatch, placing, "placed_crossing")
    found = shortest_path(table, MOVER, goal)
    assert found is not None and abs(found.cost - 63.87705730388549) < 1e-6
    assert placed[0] == 0


@pytest.mark.parametrize("nth", [4, 11])
def test_a_crossing_on_the_way_out_moved_alone_with_the_base_still_on_the_terrain_is_a_bend_inside_it(nth):
    # what lets refine leave such crossings where they are: moving any of them (or the
    # point after them) a little along its outline, either way, gives a path the exact
    # check turns down, blocked by the terrain left where the base is still on it
    from tabletop.games.skirmish.table.passage import passage
    from tabletop.games.skirmish.table.search import routes

    table, start, goal = goal_the_check_tries(2595, nth)
    mover = passage(table, MOVER)
    outlines = mover.board.costs.outlines
    ways = routes(mover, goal, 1.02 * table.allowance, movement.HEAVY_SPARE)[: movement.HEAVY_TRIED]
    tried = 0
    for points, _cost in ways:
        first = [
            (start[0] + (points[1][0] - start[0]) * t, start[1] + (points[1][1] - start[1]) * t, k, s)
            for t, k, s in spans.outline_crossings(start, points[1], outlines)
        ]
        on = [c for c in first if mover.hit_leaving(start, c[:2])[1]]
        if len(on) < 2:
            continue
        way = [start, *(c[:2] for c in first), *points[1:]]
        for i, (_x, _y, k, s) in enumerate(first):
            for ds in (-0.5, 0.5):
                moved = list(way)
                moved[i + 1] = outlines[k].at(s + ds)
                check = movement.check_path(table, MOVER, moved, allowance=1e9)
                assert not check.ok and check.blocked_by in mover.leaving
                tried += 1
    assert tried >= 4


def test_a_crossing_between_the_same_neighbours_is_placed_once_for_every_sweep_and_way(monkeypatch):
    """Seed 1333's warrior to its first goal, under double cost: five ways on the
    graph, sharing crossings whose neighbours stay from one sweep to the next and
    from one way to the next; each is placed once for them all (39 placements when
    each sweep placed them again), for the same path (86.12587702898617 mm before a
    walk next to a crossing had a segment more)."""
    table, _start, goal = goal_the_check_tries(1333, 1)
    shortest_path(table, MOVER, goal)  # what a table version builds once
    placed = counting(monkeypatch, placing, "placed_crossing")
    found = shortest_path(table, MOVER, goal)
    assert found is not None and abs(found.cost - 86.12585679931188) < 1e-6
    assert placed[0] <= 26
