"""The reach and the paths against the oracle on seeded scenes past the 3,000 the
exhaustive check runs (scripts/geometry_check.py --first 3000): each point here lay
outside the reach, reached with more than the 0.01 mm bound to spare and that far
clear of every obstacle."""

from __future__ import annotations

import pytest

from tabletop.games.skirmish.table.movement import shortest_path
from tests.skirmish.geometry.holes import in_reach, reached, room
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
