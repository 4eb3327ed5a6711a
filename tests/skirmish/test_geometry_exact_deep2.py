"""The reach over heavy terrain against the oracle on seeded scenes, at holes the
exhaustive check found sampling every edge of the reach (test_geometry_exact_deep.py
has the deeper ones the check of all 3,000 scenes found): each point here lay outside
the reach, reached with more than the 0.01 mm bound to spare and that far clear of
every obstacle."""

from __future__ import annotations

from tests.skirmish.geometry.holes import in_reach, reached, room


def test_crossings_into_heavy_terrain_are_reached_round_a_corner_of_the_terrain_left_on_the_way():
    # seed 257: out of a sewage pond (double cost) across its side, round a corner of
    # it outside it and straight on into a second pond, refracted at its side: the
    # second pond's nodes were reached straight from where the way left the first (past
    # the corner, through the first pond's corner) or from further along its side, and
    # the crossings between them that are cheapest round the corner were tried from
    # neither: a hole 0.18 mm deep
    goal = (206.6754943103545, 190.26023589553228)
    assert reached(257, goal, 0.18)
    assert room(257, goal) > 0.18
    assert in_reach(257, goal)


def test_the_reach_holds_where_rays_straight_out_of_heavy_terrain_and_into_more_begin_to_reach_a_third_part():
    # seed 212: straight from the start (in a rubbish heap, double cost) out of it and
    # into a hill (double cost), refracted at each side: the rays that reach the hill's
    # next part before the limit cross one side more than their neighbours that end in
    # the first, and the pair between them, halved as far as it goes, was left out
    # whole (through.py): a sliver along the stretch inside the hill, a hole 0.036 mm deep
    goal = (331.3970821606795, 83.4486781954935)
    assert reached(212, goal, 0.03)
    assert room(212, goal) > 0.03
    assert in_reach(212, goal)


def test_the_reach_holds_what_lies_past_heavy_terrain_entered_at_a_corner_of_its_outline_and_left_across_one_side():
    # seed 272: out of a rubbish heap (double cost) and across open ground to a corner
    # of heavy terrain's outline, into it there (any way: the corner has no one side)
    # and out across a side of the part, refracted: from a corner, only the rays
    # through two sides or more were drawn refracted (through.py), those across one
    # side straight on (the fan from the corner): holes 0.030 and 0.027 mm deep
    for goal in ((220.99230717915046, 371.0812922318032), (221.53564481903206, 371.4209623610077)):
        assert reached(272, goal, 0.025)
        assert room(272, goal) > 0.025
        assert in_reach(272, goal)
