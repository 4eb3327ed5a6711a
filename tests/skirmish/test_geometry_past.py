"""Shallow holes of the reach over heavy terrain where a node's cost or the walk on
from it runs dearer than the cheapest way (0.01-0.05 mm, beyond the 0.01 mm bound):
points the reach left out, each where the exhaustive check of all scenes found one."""

from __future__ import annotations

from tabletop.games.skirmish.table.movement import shortest_path
from tests.skirmish.geometry.check import BOUND
from tests.skirmish.geometry.holes import in_reach, within
from tests.skirmish.geometry.oracle import Oracle
from tests.skirmish.geometry.scenes import MOVER, scene


def test_the_walk_round_an_arc_starts_where_the_way_s_front_comes_onto_it_past_the_graph_s_node():
    # seeds 147, 537, 756, 883, 1468, 2509, 2781: across a side of heavy terrain and
    # on to an arc, the graph crosses the side at its own node (where the arc meets the
    # outline, or the tangent from it to the arc); slid to its cheapest place, the
    # crossing's tangent comes onto the arc past the graph's node, and walking there from
    # that node cost 0.004-0.053 mm more: the sweep off the arc fell short by as much
    for seed, goal in (
        (147, (241.3113753050819, 393.62904532231244)),
        (537, (212.91938570646732, 227.97283760701544)),
        (756, (457.83760778284176, 330.7956279343571)),
        (756, (453.5480998959089, 322.9058655048905)),
        (883, (256.36842417072785, 207.49776727880626)),
        (1468, (115.54113498115362, 434.50654166103374)),
        (2509, (122.7503997933147, 404.0949024039137)),
        (2781, (355.16916656188306, 144.01623059133718)),
    ):
        assert within(seed, goal), seed
        assert in_reach(seed, goal), seed


def test_a_node_where_an_arc_meets_the_outline_is_reached_straight_past_the_arc():
    # seed 2737: the graph reaches a node of a strip's far side where an arc meets it by
    # walking round the arc inside the strip; straight from the start across the near
    # side to the node costs 0.007 mm less, and the fan from the node fell short by as much
    goal = (365.33469620347137, 321.8818586696432)
    assert within(2737, goal)
    assert in_reach(2737, goal)


def test_the_bend_out_of_terrain_the_warrior_leaves_is_placed_where_the_search_s_bend_is_the_best_tried():
    # seed 2595: out of a swamp the warrior stands in, bending where the base is first
    # clear, to a corner of the swamp and on along its side: the search's bend (every
    # EXIT_STEP along the grown outline) was the best of those tried, and placing the
    # bends stopped there; 0.56 mm round the outline the corner costs 0.03 mm less. The
    # path to a point beyond ran over the allowance, and the reach fell short by as much
    sc = scene(2595)
    goal = (315.9205108977124, 353.28256953896357)
    assert within(2595, goal)
    assert in_reach(2595, goal)
    found = shortest_path(sc.table, MOVER, goal)
    assert found is not None
    assert found.cost <= Oracle(sc.table, MOVER).polished(goal)[0] + BOUND
