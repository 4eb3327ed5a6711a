"""The oracles of the exhaustive geometry check (tests/skirmish/geometry) against
answers worked out by hand: they must be right before they judge the table's code."""

from __future__ import annotations

import math

import pytest

from tabletop.games.skirmish.table.terrain import TERRAIN_RULES
from tests.skirmish.geometry import check, sightline
from tests.skirmish.geometry.exits import Rim, clear_at
from tests.skirmish.geometry.oracle import Oracle
from tests.skirmish.geometry.scenes import SET_SIZE, scene
from tests.skirmish.scenes import box, kind, model, new_table, piece


def _golden(f, lo: float, hi: float) -> float:
    for _ in range(200):
        m1, m2 = lo + (hi - lo) / 3, hi - (hi - lo) / 3
        lo, hi = (lo, m2) if f(m1) <= f(m2) else (m1, hi)
    return f((lo + hi) / 2)


@pytest.mark.parametrize("base, passes", [(40, False), (30, True)])
def test_a_gap_of_35_mm_passes_a_30_mm_base_only(base, passes):
    table = new_table()
    wall = kind("wall", box(-50, -5, 50, 5))
    piece(table, "left", wall, (245, 300))  # ends at x = 295
    piece(table, "right", wall, (380, 300))  # starts at x = 330
    model(table, "m", (312.5, 260), base)
    oracle = Oracle(table, "m")
    cost = oracle.cost((312.5, 340))
    assert (cost == pytest.approx(80.0)) if passes else cost == math.inf


def test_round_a_base_the_cost_is_two_tangents_and_an_arc():
    table = new_table()
    model(table, "m", (100, 300))
    model(table, "other", (150, 300))
    oracle = Oracle(table, "m", allowance=200)
    grown = 30.0
    arc = math.pi - 2 * math.acos(grown / 50)
    assert oracle.cost((200, 300)) == pytest.approx(2 * 40 + grown * arc, abs=1e-9)


def test_into_heavy_terrain_the_crossing_obeys_the_cheapest_bend():
    table = new_table(TERRAIN_RULES)
    piece(table, "swamp", kind("mire", box(0, -250, 250, 250), crossing="crossable", heavy=2), (300, 300))
    model(table, "m", (250, 300))
    oracle = Oracle(table, "m", allowance=200)
    goal = (350, 340)
    best = _golden(lambda y: math.hypot(50, y - 300) + 2 * math.hypot(50, 340 - y), 300, 340)
    assert oracle.cost(goal) == pytest.approx(best, abs=0.05)
    assert oracle.polished(goal)[0] == pytest.approx(best, abs=1e-6)


def test_a_warrior_on_burning_bushes_walks_out_of_them():
    table = new_table(TERRAIN_RULES)
    piece(table, "bushes", "bushes", (300, 300))
    model(table, "m", (300, 300))
    table.set_burning("bushes", True)
    oracle = Oracle(table, "m")
    assert oracle.leaving == {"bushes"}
    assert oracle.end_clearance((300, 300)) < 0  # it may not stay in them
    assert oracle.cost((300, 370)) == pytest.approx(70.0)


def test_the_separating_lines_measure_the_corridor():
    a, b = (100.0, 300.0), (300.0, 300.0)
    # a base 10 mm beyond the corridor's straight side (y = 315)
    assert sightline.into([(200.0, 340.0)], 15.0, a, 15.0, b, 15.0) == pytest.approx(10.0, abs=1e-9)
    wall = [(195.0, 250.0), (205.0, 250.0), (205.0, 350.0), (195.0, 350.0)]
    assert sightline.free(wall, 0.0, a, 15.0, b, 15.0) == pytest.approx(-35.0, abs=1e-9)
    short = [(195.0, 290.0), (205.0, 290.0), (205.0, 350.0), (195.0, 350.0)]
    assert sightline.free(short, 0.0, a, 15.0, b, 15.0) == pytest.approx(5.0, abs=1e-9)


def test_a_scene_is_a_function_of_its_seed():
    def layout(seed):
        sc = scene(seed)
        return sc.rules, sc.start, [(p.kind.key, p.position, p.rotation, p.burning) for p in sc.table.pieces.values()]

    assert layout(SET_SIZE - 1) == layout(SET_SIZE - 1)
    assert layout(7) != layout(8)


def _burning_patch(table, position=(300, 300), half=40):
    """A flammable square patch of 2 * half mm, set burning (a move may not enter it)."""
    patch = kind("patch", box(-half, -half, half, half), crossing="crossable", passable=True, flammable=True)
    piece(table, "patch", patch, position)
    table.set_burning("patch", True)


def test_a_base_leaving_terrain_is_clear_of_it_where_hand_reckoning_says():
    square = [(-40.0, -40.0), (40.0, -40.0), (40.0, 40.0), (-40.0, 40.0)]
    # straight out of a side: clear where the centre is the radius beyond it
    assert clear_at([square], 15.0, (0.0, 0.0), (100.0, 0.0)) == pytest.approx(0.55, abs=1e-12)
    # out over a corner: clear where the centre is the radius from the corner
    assert clear_at([square], 15.0, (0.0, 0.0), (100.0, 100.0)) == pytest.approx(0.4 + 0.15 / math.sqrt(2), abs=1e-12)
    # still on it at the leg's end
    assert clear_at([square], 15.0, (0.0, 0.0), (50.0, 0.0)) > 1.0
    # the grown outline: the sides and a quarter circle round each corner
    assert Rim(square, 15.0).length == pytest.approx(320.0 + 2 * math.pi * 15.0, abs=1e-9)


def test_a_way_out_past_a_base_bends_where_it_is_first_clear_of_the_terrain():
    table = new_table(TERRAIN_RULES)
    _burning_patch(table)  # the base is clear of it at y = 355 (15 mm beyond its side)
    model(table, "m", (300, 300))
    # a base just beyond the patch: grown by both radii a disc of 30 mm about (300, 360)
    model(table, "post", (300, 360))
    oracle = Oracle(table, "m", allowance=200)
    goal = (345, 420)
    # straight to the goal runs into the post; the tangent past the post (30 degrees
    # off the straight way up) touches it still on the patch, so the way goes on
    # along it until clear, at y = 355, and bends there
    bend = (300 + 55 * math.tan(math.radians(30)), 355)
    cost = 55 / math.cos(math.radians(30)) + math.dist(bend, goal)
    assert oracle.cost(goal) == pytest.approx(cost, abs=1e-6)
    assert oracle.route(goal)[1][1] == pytest.approx(bend, abs=1e-5)  # touching within TOUCH


def test_a_way_out_into_heavy_terrain_bends_where_it_is_first_clear_at_the_cheapest_place():
    table = new_table(TERRAIN_RULES)
    _burning_patch(table)  # its right side at x = 340; the base is clear of it at x = 355
    # a mire (crossing cost 2) from x = 345: the way is in it before it may bend
    piece(table, "mire", kind("mire", box(0, -60, 100, 60), crossing="crossable", heavy=2), (345, 300))
    model(table, "m", (300, 300))
    oracle = Oracle(table, "m", allowance=200)
    goal = (420, 320)

    def bent(y):
        # to (355, y): 10 of its 55 mm across (x) in the mire; then all in the mire
        return math.hypot(55, y - 300) * 65 / 55 + 2 * math.hypot(65, 320 - y)

    best = _golden(bent, 260, 340)
    straight = math.dist((300, 300), goal) * (1 + 75 / 120)
    assert best < straight - 0.15
    assert oracle.cost(goal) == pytest.approx(best, abs=0.05)
    assert oracle.polished(goal)[0] == pytest.approx(best, abs=1e-6)


def _mire(table, x0: float, y0: float, x1: float, y1: float) -> None:
    """A box of heavy terrain (crossing cost 2) from (x0, y0) to (x1, y1)."""
    piece(table, "mire", kind("mire", box(x0, y0, x1, y1), crossing="crossable", heavy=2), (0, 0))


def test_across_two_sides_of_heavy_terrain_the_way_bends_at_both():
    table = new_table(TERRAIN_RULES)
    _mire(table, 100, 300, 500, 350)  # a strip 50 mm wide, crossed from above to below
    model(table, "m", (200, 250))
    oracle = Oracle(table, "m", allowance=400)
    goal = (400, 400)
    # the same bend at both sides (the way is symmetric about (300, 325))
    best = _golden(lambda x: 2 * math.hypot(x - 200, 50) + 2 * math.hypot(600 - 2 * x, 50), 200, 300)
    assert oracle.polished(goal)[0] == pytest.approx(best, abs=1e-6)


def test_a_way_along_a_side_of_heavy_terrain_from_its_corner_goes_in_at_the_critical_angle():
    table = new_table(TERRAIN_RULES)
    _mire(table, 100, 300, 500, 500)
    model(table, "m", (50, 320))  # beside the mire: the way goes to its corner (100, 300)
    oracle = Oracle(table, "m", allowance=250)
    goal = (250, 305)
    # along the top side (cost 1) and in 30 degrees off its normal (sin 30 = 1 / 2): a head wave
    enter = 250 - 5 * math.tan(math.radians(30))
    best = math.hypot(50, 20) + (enter - 100) + 2 * 5 / math.cos(math.radians(30))
    assert oracle.polished(goal)[0] == pytest.approx(best, abs=1e-6)


def test_a_way_along_a_side_of_heavy_terrain_leaves_it_where_a_wall_s_grown_side_meets_it():
    table = new_table(TERRAIN_RULES)
    _mire(table, 100, 300, 300, 500)

    # a wall above the mire's top side (y = 300), its bottom side falling 3 in 10 so
    # that, grown by the base's radius (15), it meets the top side at x = 259.6
    def bottom(x: float) -> float:
        return 300 + 0.3 * (x - 259.6) - 15 * math.sqrt(1.09)

    wall = [(200, bottom(200)), (360, bottom(360)), (360, bottom(360) - 20), (200, bottom(200) - 20)]
    piece(table, "wall", kind("wall", wall), (0, 0))
    model(table, "m", (200, 305))  # in the mire, 5 mm from its top side
    oracle = Oracle(table, "m", allowance=200)
    goal = (330, 330)
    # out at the critical angle, along the side to the wall, then straight across the
    # mire to its right side (below where the wall's grown side crosses it) and on
    out = 200 + 5 * math.tan(math.radians(30))
    corner = (259.6, 300.0)
    rest = _golden(lambda y: 2 * math.dist(corner, (300, y)) + math.dist((300, y), goal), 300 + 0.3 * 40.4, 330)
    best = 2 * 5 / math.cos(math.radians(30)) + (corner[0] - out) + rest
    # touching within TOUCH (1e-6 mm) lets the corner lie a few micrometres further on
    assert oracle.polished(goal)[0] == pytest.approx(best, abs=1e-5)


def test_a_way_round_a_base_leaves_its_arc_where_the_arc_enters_heavy_terrain():
    table = new_table(TERRAIN_RULES)
    _mire(table, 100, 310, 500, 500)
    model(table, "post", (300, 300))  # grown by both radii: a circle of 30 mm
    model(table, "m", (330, 240))  # its tangent to the circle touches it at (330, 300)
    oracle = Oracle(table, "m", allowance=150)
    # round the circle (cost 1) to where it meets the mire, at its angle 19.47 degrees
    # below the horizontal; leaving it there the way refracts into the mire: sin 19.47 / 2
    meet = math.asin(10 / 30)
    corner = (300 + 30 * math.cos(meet), 310.0)
    inside = math.asin(math.sin(meet) / 2)
    goal = (corner[0] - 10 * math.sin(inside), corner[1] + 10 * math.cos(inside))
    best = 60 + 30 * meet + 2 * 10
    assert oracle.polished(goal)[0] == pytest.approx(best, abs=1e-6)


def test_out_of_heavy_terrain_near_its_side_the_graph_leaves_at_the_critical_angle():
    table = new_table(TERRAIN_RULES)
    _mire(table, 100, 300, 500, 500)
    model(table, "m", (200, 300.3))  # in the mire, 0.3 mm from its top side
    oracle = Oracle(table, "m", allowance=200)
    goal = (300, 300)  # on the side: along it (cost 1) from where the way out meets it
    best = 2 * 0.3 / math.cos(math.radians(30)) + 100 - 0.3 * math.tan(math.radians(30))
    # unpolished: the graph has the point where the way out meets the side (not only
    # the side's points every mm, here 0.08 mm dearer)
    assert oracle.cost(goal) == pytest.approx(best, abs=1e-9)


def test_the_check_polishes_a_cost_the_graph_has_up_to_half_a_side_s_step_too_dear():
    table = new_table(TERRAIN_RULES)
    _mire(table, 100, 300, 500, 500)
    model(table, "m", (50, 300))  # on the line of the mire's top side
    oracle = Oracle(table, "m", allowance=250)
    # along the side and in at the critical angle (60 degrees off the side) to a point
    # 0.01 mm inside it, going in midway between two of the side's points (x = 250, 251)
    depth = 0.01
    goal = (250.5 + depth / math.sqrt(3), 300 + depth)
    best = 200.5 + 2 * depth / math.cos(math.radians(30))
    assert oracle.cost(goal) > best + 0.45  # the graph's: in from the point at x = 250
    assert check._cost(oracle, goal, best + 0.1) == pytest.approx(best, abs=1e-6)
