"""The reach over heavy terrain against the oracle on seeded scenes, at slivers the
exhaustive check found sampling every edge of the reach (test_geometry_exact_deep2.py
style): each point here lay outside the reach, reached with more than the 0.01 mm
bound to spare and that far clear of every obstacle; or inside it where the base
would overlap another by more than that bound."""

from __future__ import annotations

from tabletop.games.skirmish.table.movement import shortest_path
from tests.skirmish.geometry.holes import in_reach, reached, room, straight_and_held
from tests.skirmish.geometry.scenes import MOVER, scene


def test_the_bent_rays_off_an_arc_reach_up_to_where_they_begin_to_cross_one_side_more():
    # seed 301: out of heavy terrain's arc walk (double cost) along a tangent, across
    # the terrain's side, refracted, and on over open ground, ending where the budget
    # runs out just short of a second part's side: the rays off the arc bent at one
    # side and those bent at that one and the next were halved a hundredth of a degree
    # apart and the sliver between the two runs left out, a hole 0.023 mm deep
    for goal in ((442.2393802771862, 494.6041120851111), (442.2403545128781, 494.6051416406976)):
        assert reached(301, goal, 0.02)
        assert room(301, goal) > 0.02
        assert in_reach(301, goal)


def test_the_rays_through_heavy_terrain_are_cut_short_of_a_base_only_their_last_stretches_meet():
    # seed 272: out of a rubbish heap (double cost), across open ground and through a
    # hill (double cost), refracted at each side, and on to a base's outline, met at a
    # slant where the budget runs out there: the rays past the point where the front
    # meets the base, which run on into it, were left out whole (through.py), holes
    # 0.014 and 0.012 mm deep
    for goal in ((234.88083266238277, 379.1810187438508), (234.8819266729013, 379.1820099783791)):
        assert reached(272, goal, 0.03)
        assert room(272, goal) > 0.012
        assert in_reach(272, goal)


def test_the_rays_through_heavy_terrain_are_held_off_a_base_their_front_begins_to_meet():
    # seed 2079: out of a rubbish heap the warrior starts in (double cost), across open
    # ground and into a ruined wall (double cost), refracted at each side, the front
    # running into a base's outline: the pairs of rays about where they begin to meet
    # it, or come within 0.002 mm of it without meeting it, were left out at the finest
    # halving, a strip from the side crossed to the front 0.018 mm clear of the base
    for goal in ((224.6325952713878, 160.4683036819421), (224.63260049407413, 160.4667598498751)):
        assert reached(2079, goal, 0.04)
        assert room(2079, goal) > 0.018
        assert in_reach(2079, goal)


def test_from_a_corner_through_heavy_terrain_head_waves_run_from_where_its_rays_meet_a_side_at_the_critical_angle():
    # seed 1832: from a ruined wall's inner corner (double cost) through the wall to
    # where its rays meet a far side at the critical angle, along the outside of that
    # side and back in at the critical angle: cheaper there than straight through the
    # wall, a strip inside the side left out, holes 0.15 to 0.38 mm deep
    for goal in (
        (265.058534541057, 303.0313501497783),
        (265.8134749843518, 301.5775454611183),
        (265.8396109471632, 301.4688049704996),
    ):
        assert reached(1832, goal, 0.15)
        assert room(1832, goal) > 0.1
        assert in_reach(1832, goal)


def test_the_rays_bent_off_an_arc_join_only_where_they_end_in_one_medium():
    # seed 2141: off a tree's arc into a rubbish heap (double cost), bent at its side:
    # one ray ran on straight out of the heap past its next side, the next stayed in
    # it, and the quadrilateral between them held points up to 0.56 mm dearer than the
    # allowance by the oracle's way and by the planner's
    sc = scene(2141)
    for goal in ((375.1599991810622, 364.2538253848221), (374.68487686508695, 363.6142534989022)):
        assert not reached(2141, goal, -0.01)
        found = shortest_path(sc.table, MOVER, goal)
        assert found is None or found.cost > sc.table.allowance
        assert not in_reach(2141, goal)


def test_the_last_ray_across_heavy_terrain_before_a_way_is_blocked_overlaps_the_sweep_off_what_blocks_it():
    # seed 2099: straight from the start across the side of some bushes (double cost),
    # the ways to crossings further along the side cut a wall's rounded corner; the
    # rays beyond are the sweep off that corner, whose first ray runs on the line the
    # last way grazes. The last crossing found by halving lay up to 1e-4 mm before that
    # line: a crack between the two along the rays' length, a sweep's ray ending in it
    # (the end of a dearer walk round the corner) 0.047 mm cheaper than the allowance
    end = (465.7435270848335, 129.72412673858364)
    assert reached(2099, end, 0.04)
    assert room(2099, end) > 0.04
    for off in (-1e-5, 0.0, 1e-6, 1e-5):  # across the crack, at right angles to the rays
        assert in_reach(2099, (end[0] + off * 0.8252, end[1] + off * 0.5647))


def test_the_way_off_an_arc_out_of_heavy_terrain_at_the_critical_angle_is_walked_on_round_the_arc():
    # seed 1160: round a base's outline inside a forest (double cost), out across its
    # side at the critical angle, along it outside and back in where the budget runs
    # low. The ray at the critical angle was found by halving between a ray bent out
    # and the next one round the arc, each walked to back from the later one: its walk
    # cost 0.016 mm more than the arc, and the run along the side stopped short, holes
    # 0.010 to 0.017 mm deep just inside the side
    for goal in ((368.8830853056732, 234.372071047687), (368.8761930262271, 234.34708629743707)):
        assert reached(1160, goal, 0.011)
        assert room(1160, goal) > 0.011
        assert in_reach(1160, goal)


def test_a_way_across_heavy_terrain_that_passes_an_arc_by_meets_it_beyond_where_the_arc_crosses_the_side():
    # seed 1231: from the start straight across a forest's side (double cost) just
    # past where a base's outline crosses that side, on to a tangent of the base inside
    # the forest and round it. The graph reaches the base only at its tangent from the
    # start and walks round into the forest; the way that passes the arc by and meets
    # it beyond was never tried, the sweep off it left out: holes 0.05 to 0.17 mm deep
    for goal in ((248.74541130850528, 200.4300557696414), (248.9277551377731, 200.79184365818625)):
        assert reached(1231, goal, 0.1)
        assert room(1231, goal) > 0.1
        assert in_reach(1231, goal)


def test_a_walk_round_an_arc_blocked_between_two_rays_sends_its_last_ray_from_where_it_is_blocked():
    # seed 1231, the sweep off the base in the forest (above): its walk round the base
    # was blocked by the next one between two rays tried, and the sweep stopped at the
    # last; the strip past that ray, beside the base that blocks, was left out (a hole
    # 0.012 mm deep)
    goal = (248.9803773640379, 200.88053906316895)
    assert reached(1231, goal, 0.1)
    assert room(1231, goal) > 0.012
    assert in_reach(1231, goal)


def test_the_rays_through_heavy_terrain_that_both_meet_a_base_are_cut_in_pairs_where_their_cut_pair_does_not_join():
    # seed 1337: out of the heavy terrain the warrior starts in (double cost), across
    # open ground and into more (double cost), the rays running into a base's outline.
    # Two neighbouring rays both met it and were clear of it once cut, but the cut pair
    # did not join (their ends cut far apart): the pair was left out whole, a hole
    # 0.012 mm deep beside the base
    goal = (462.3355060399271, 320.1747618532144)
    assert reached(1337, goal, 0.3)
    assert room(1337, goal) > 0.011
    assert in_reach(1337, goal)


def test_from_a_node_of_a_side_where_an_arc_cuts_the_way_off_the_rays_run_through_the_terrain_refracted():
    # seed 1403: out of the ruined wall the warrior starts in (double cost), across open
    # ground to where a base's outline crosses the wall's other arm: the way on is cut
    # off there by the base, so it bends at that node of the side as round a corner,
    # into the arm and out across its far side, refracted there. Only the straight
    # rays from such a node were drawn (the refracted ones only from corners): holes
    # up to 0.31 mm deep beside the base
    for goal in ((323.15563071516044, 372.0480975461847), (322.35174821231476, 373.40880915979307)):
        assert reached(1403, goal, 0.18)
        assert room(1403, goal) > 0.18
        assert in_reach(1403, goal)


def test_a_way_from_where_an_arc_cuts_it_off_across_heavy_terrain_onto_that_arc_again_is_swept_on_round_it():
    # seed 1403, beyond the refracted rays above: from the node where the base's outline
    # crosses the wall's arm, across the arm, out of it and onto the same base's outline
    # again, then round it. The graph reaches the far side of the arm cheapest another
    # way, so no node's way came from that point and the walk round the base was never
    # costed from there: the strip along the base left out, holes 0.014 and 0.022 mm deep
    goal = (323.30906671637956, 371.76624009551625)
    assert reached(1403, goal, 0.02)
    assert room(1403, goal) > 0.02
    assert in_reach(1403, goal)


def test_the_rays_out_of_the_heavy_terrain_the_warrior_starts_in_are_refracted_across_every_side():
    # seed 1565: from inside a small hill (terrain rules) straight to its side, out across
    # it, refracted there, to a point just past it. The graph's nodes on that side lie
    # every HEAVY_STEP, the next one past its corner beyond the limit: only the straight
    # rays from the start reached there, a sliver 0.02 mm deep left out
    goal = (138.80071079763135, 475.91840403969144)
    assert reached(1565, goal, 0.019)
    assert room(1565, goal) > 0.02
    assert in_reach(1565, goal)


def test_a_way_on_along_a_side_through_its_nodes_turns_round_the_corner_from_where_the_run_began():
    # seed 1942 (double cost): round a base to where its outline crosses the side of a
    # patch of bushes, on along that side through its nodes to the corner, round it and
    # across the side of a destroyed area 0.9 mm beyond, refracted there. The graph
    # reached the corner from the side's last node, the destroyed area's nodes straight
    # from where the run along the side began: the ways round the corner were tried only
    # from the side's last node, and a sliver across the destroyed area's side was left
    # out, 0.015 mm deep
    goal = (478.5213655740647, 222.00719253452948)
    assert reached(1942, goal, 0.014)
    assert room(1942, goal) > 18.0
    assert in_reach(1942, goal)


def test_the_ways_across_a_side_are_tried_from_each_corner_turned_round_in_a_row():
    # seed 1700 (double cost): from the start round a corner of a swamp, along its side
    # and round its next corner, then across the side of a second swamp beside that
    # swamp's corner. The second swamp's corner was reached straight from the start,
    # clear of the first; the ways across its sides were tried from the corners a way
    # from the start turns round, but not on from those to the next corner turned
    # round: a sliver 0.026 mm deep left out
    for goal in ((235.43736598153308, 288.2587857519821), (235.34458060127668, 288.42927148095123)):
        assert reached(1700, goal, 0.02)
        assert room(1700, goal) > 24.0
        assert in_reach(1700, goal)


def test_the_rays_through_heavy_terrain_are_halved_on_where_their_front_meets_the_last_side_at_a_grazing_angle():
    # seed 1849 (double cost): from the start into a ruined wall, out of it, into its
    # other arm and out across that arm's far side, refracted at each, to a point just
    # past it. Where the front meets that side at a grazing angle, the last ray to cross
    # it at the finest halving ran on 0.05 mm past it and the pair was cut back to the
    # side: the sliver beyond it, between that ray and where the front meets the side,
    # was left out, 0.011 mm deep
    goal = (252.21310588562196, 285.7705674956363)
    assert reached(1849, goal, 0.011)
    assert room(1849, goal) > 12.0
    assert in_reach(1849, goal)


def test_a_fan_edge_between_a_ray_that_grazes_a_base_and_the_next_that_passes_it_keeps_out_of_the_base():
    # seed 1821 (double cost): a fan from where the warrior's way crosses a side of heavy
    # terrain near the critical angle. One ray stops on a base it meets at a grazing
    # angle, the next, a hundredth of a degree on, passes the base and runs 5 mm
    # further: the straight edge between their ends cut 0.0101 mm into the base, where
    # the warrior's base would overlap it
    for inside in ((400.28192139246795, 269.886974322386), (400.3472924959347, 269.84553375090337)):
        assert room(1821, inside) < -0.01
        assert not in_reach(1821, inside)


def test_rays_stopped_by_two_sides_of_the_table_stop_differently_and_the_corner_between_is_kept():
    # seed 2458 (terrain rules): the warrior leaves the terrain it stands in, near a
    # corner of the table, and its rays are cast. One ray stopped on the table's top
    # side and the next on its left side were taken as stopped by one thing, and the
    # straight edge between their ends cut the corner off: a point 0.14 mm from the side,
    # 79 mm straight from the start, left out
    goal = (16.583096656206884, 15.138013911816032)
    assert reached(2458, goal, 20.0)
    assert room(2458, goal) > 0.13
    assert in_reach(2458, goal)


def test_every_way_onto_a_base_s_arc_past_its_node_is_walked_on_from_where_it_comes_onto_it():
    # seed 1860 (terrain rules): from the start across a hill's side near its corner,
    # refracted, and on inside the hill to a tangent of a base, round a hair of its arc
    # and on to a point just past it. Two fronts came onto the arc past the node there:
    # the one from the hill's corner 1.1 degrees before the one from the start, whose
    # way to points beyond costs 0.027 less than the walk from the first; only the first
    # was walked on from, and the sweep past the second left out, a hole 0.013 mm deep
    for goal in ((346.06972281146284, 246.12273541110022), (347.18401772933925, 246.0647807695452)):
        assert reached(1860, goal, 0.011)
        assert room(1860, goal) > 0.5
        assert in_reach(1860, goal)


def test_a_start_s_fan_cut_where_the_warrior_may_not_end_keeps_both_ends_of_a_step_along_a_ray():
    # seed 1168 (terrain rules): from inside a dense forest the warrior leaves, its fan's
    # ray along the tangent to a base runs on 74.8 mm, the next, a ten-thousandth of a
    # radian on, stops on the base at 45.7: the fan's boundary steps along that ray. Cut
    # where the base would still be on the forest (leaving.py, ray by ray about the
    # start), the ray kept only the step's near end: the sliver between the two rays
    # beyond the base, reached straight for 72.45, was left out (2.34 mm clear of
    # everything). Where a ray runs on to the budget past a cult statue and the next
    # stops on the statue at 90.6 mm, the cut kept the step's far end alone: its edge
    # on to the next ray's end cut in where the base would overlap the statue, 0.014 mm
    assert straight_and_held(1168, (398.11542340948273, 420.90821948607424), 20.0, 2.3)
    inside = (551.557422654481, 462.10266356740897)
    assert room(1168, inside) < -0.014
    assert not in_reach(1168, inside)
