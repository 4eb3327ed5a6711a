"""The reach and the paths against the oracle on seeded scenes past the 3,000 the
exhaustive check runs (scripts/geometry_check.py --first 3000): each point here lay
outside the reach, reached with more than the 0.01 mm bound to spare and that far
clear of every obstacle."""

from __future__ import annotations

import pytest

from tabletop.games.skirmish.table.movement import shortest_path
from tests.skirmish.geometry.holes import deep_and_held, in_reach, reached, room, straight_and_held, turns_at
from tests.skirmish.geometry.scenes import MOVER, scene


def test_a_way_out_of_terrain_that_grazes_its_own_grown_outline_bends_where_the_base_is_clear():
    # seed 3641: from inside a dense forest of two parts (a warrior may not enter it,
    # so it leaves it straight), the way through the corner where the parts' grown
    # outlines cross grazes it from within: a hair to one side the base would be clear
    # and then back on the forest, so it goes on till the base is clear and bends there
    # (clearing.exits). No way bent there: the path went round, 100.01 of the
    # allowance's 100 (a legal move refused), and the reach left a hole 1.65 mm deep
    goal = (277.01833784557147, 495.4955313161605)
    assert reached(3641, goal, 1.6)
    assert room(3641, goal) > 1.6
    found = shortest_path(scene(3641).table, MOVER, goal)
    assert found is not None and found.cost == pytest.approx(98.3514, abs=1e-3)
    assert in_reach(3641, goal)


def test_a_node_is_reached_straight_from_a_corner_sliding_made_cheaper_than_the_graph_found():
    # seed 4522: out of a swamp (the warrior starts in it), round a hill's corner and on
    # along its side to its far corner, then round two corners of a pond: the graph
    # reached the far corner straight from the swamp's side, and the way round the
    # hill's corner (its crossings slid, 0.27 mm cheaper than the graph's) was never
    # weighed on from there (node_costs.costed), a hole past the pond 0.2 mm deep
    goal = (257.41399354428967, 116.31866970132717)
    assert reached(4522, goal, 0.19)
    assert room(4522, goal) > 0.19
    assert in_reach(4522, goal)


def test_rays_out_of_a_part_across_a_seam_run_on_into_the_part_beside_it():
    # seed 4321: from inside a forest of two parts across the seam between them, out
    # of the second part by its side and into another forest: the rays across the seam
    # were taken out into open ground (refracted, within the critical angle), not on
    # into the part beside it at the same rate (through.py), holes 0.06 and 0.02 mm deep
    holes = (((125.58857316017924, 435.949205647542), 0.05), ((122.22701507364499, 435.64117718087584), 0.015))
    for goal, depth in holes:
        assert reached(4321, goal, depth)
        assert room(4321, goal) > depth
        assert in_reach(4321, goal)


def test_rays_along_a_base_they_stop_on_are_cast_nearer_where_the_edge_between_their_ends_grazes_it():
    # seed 4144: from inside a large rubbish heap the warrior leaves, the start's rays
    # near the tangent to a 30 mm base run almost along its grown outline, each a
    # hair short of it: the straight edge between two ends a hundredth of a degree
    # apart (0.5 mm out, 0.0146 across) cut into the outline's curve, and the elbow
    # drawn in its place (along the longer ray, then across) left out the ground
    # between them beyond the shorter one's end, a sliver 0.0121 mm clear of the base
    assert straight_and_held(4144, (378.14863665522034, 457.62231561676094), 14.0, 0.012)


def test_a_line_off_an_arc_leaves_it_from_the_cheapest_way_onto_the_arc_not_only_its_node():
    # seed 5771: out of a swamp the warrior starts in, onto a large base's arc past the
    # graph's node there (the crossing slid), 0.047 mm cheaper than walking from the node,
    # then round the arc and off it along the tangent to the next base: the next base's
    # node was costed from the walk off the graph's node only, and the ground reached
    # round that base left out, a hole 0.042 mm deep
    for goal in ((375.34464909864204, 307.03247499208845), (375.85370687086953, 302.71152119851433)):
        assert deep_and_held(5771, goal, 0.04)


def test_crossings_past_a_corner_a_way_runs_along_a_side_to_are_reached_straight_from_where_the_run_began():
    # seed 5319: round a forest's corner and on along its side through its nodes, past
    # its next corner and into it across the side beyond: the crossings near that corner
    # were tried only from the node before it (a bend there, 0.046 dearer), not straight
    # from the corner the run began at, and a sliver into the forest was left out, 0.024
    # mm deep (this point 0.01 mm)
    goal = (250.35009685293127, 330.88284796898637)
    assert turns_at(5319, goal, 1) == pytest.approx((271.65226, 306.60201), abs=1e-4)
    assert deep_and_held(5319, goal, 0.03)


def test_crossings_between_two_nodes_reached_from_different_origins_are_reached_round_the_corners_turned_from_either():
    # seed 7970: out of a forest the warrior starts in, along its side to its corner and
    # round it, then into a second forest across its side between two nodes: one reached
    # straight from where the way left the first forest, the other from its far side. The
    # corner was tried only with the crossings by the node its own origin reached, not
    # with those the neighbouring node's way tries from that origin: a hole 0.24 mm deep
    goal = (450.81143932132693, 251.06890648264795)
    assert turns_at(7970, goal, 2) == pytest.approx((428.38936, 264.75308), abs=1e-4)
    assert deep_and_held(7970, goal, 0.23)


def test_a_way_leaving_an_arc_where_it_crosses_into_terrain_is_refracted_at_each_side_beyond():
    # seed 10025: round a base whose arc crosses into a forest, off the arc there,
    # out of the forest and into the next one: the ways leaving the arc at that
    # crossing were refracted out of the first forest only and ran on straight into
    # the next (crossing.out_of): a sliver in it left out, ground the oracle reaches
    # 0.18 mm within the allowance
    for goal in ((208.35214348620693, 339.5049730080019), (207.85214348620693, 340.0049730080019)):
        assert deep_and_held(10025, goal, 0.1)
