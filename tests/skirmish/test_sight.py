"""Line of sight: the rulebook's cases, terrain under both rulesets, exactness."""

from __future__ import annotations

import math

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tabletop.games.skirmish import planar
from tabletop.games.skirmish.layout import demo_table
from tabletop.games.skirmish.sight import Corridor, meets_every_sight_line, sight, sight_pairs
from tabletop.games.skirmish.terrain import TERRAIN_RULES

from .scenes import box, kind, model, new_table, piece


def line_of_three(middle_base: float, offset: float = 0.0, end_base: float = 30):
    table = new_table()
    model(table, "a", (100, 300), end_base)
    model(table, "c", (150, 300 + offset), middle_base)
    model(table, "b", (200, 300), end_base)
    return table


def test_a_30mm_base_is_hidden_behind_another_30mm_base():
    seen = sight(line_of_three(30), "a", "b")
    assert not seen.visible and seen.blockers == ("c",) and seen.blocker == "c"


def test_a_30mm_base_is_hidden_behind_a_40mm_base():
    assert sight(line_of_three(40), "a", "b").blockers == ("c",)


def test_a_40mm_base_is_not_hidden_behind_a_30mm_base():
    seen = sight(line_of_three(30, end_base=40), "a", "b")
    assert seen.visible
    assert [o.element for o in seen.obstacles] == ["c"] and seen.penalty == 1


def test_touching_both_sides_of_the_corridor_counts_as_meeting_them():
    # the middle base of case one touches both sides exactly; a hair lower it misses one
    assert not sight(line_of_three(30, offset=0.0), "a", "b").visible
    moved = sight(line_of_three(30, offset=0.01), "a", "b")
    assert moved.visible and moved.penalty == 1


def test_partial_cover_is_an_obstacle():
    seen = sight(line_of_three(30, offset=12), "a", "b")
    assert seen.visible and seen.obstacles[0].element == "c" and seen.penalty == 1
    clear = sight(line_of_three(30, offset=31), "a", "b")  # beside the corridor
    assert clear.visible and clear.obstacles == ()


def test_a_base_only_touching_the_corridor_is_no_obstacle():
    seen = sight(line_of_three(30, offset=30), "a", "b")
    assert seen.visible and seen.obstacles == ()


def test_several_bases_together_covering_the_corridor_do_not_block():
    table = new_table()
    model(table, "a", (100, 300))
    model(table, "b", (300, 300))
    model(table, "upper", (180, 292))  # meets only the upper side (y = 285)
    model(table, "lower", (220, 308))  # meets only the lower side (y = 315)
    seen = sight(table, "a", "b")
    assert seen.visible
    assert sorted(o.element for o in seen.obstacles) == ["lower", "upper"] and seen.penalty == 2


def test_flat_terrain_is_ignored_and_low_terrain_only_hinders():
    table = new_table()
    model(table, "a", (100, 300))
    model(table, "b", (260, 300))
    piece(table, "swamp", "swamp", (180, 300))
    assert sight(table, "a", "b").obstacles == ()
    low = new_table()
    model(low, "a", (100, 300))
    model(low, "b", (260, 300))
    piece(low, "bushes", kind("screen", box(-5, -60, 5, 60), sight="low"), (180, 300))
    seen = sight(low, "a", "b")
    assert seen.visible and seen.penalty == 1


def test_opaque_terrain_across_the_corridor_blocks_and_partly_in_it_hinders():
    table = new_table()
    model(table, "a", (100, 300))
    model(table, "b", (260, 300))
    piece(table, "wall", "wall", (180, 300), 90)
    seen = sight(table, "a", "b")
    assert not seen.visible and seen.blockers == ("wall",)
    table.place_piece("wall", (180, 366), 90)  # y 316..416: just beside the corridor
    assert sight(table, "a", "b").obstacles == ()
    table.place_piece("wall", (180, 360), 90)  # y 310..410: 5 mm into the corridor
    seen = sight(table, "a", "b")
    assert seen.visible and [o.element for o in seen.obstacles] == ["wall"]


def test_terrain_rules_read_sight_obstacles_with_their_value():
    table = new_table(TERRAIN_RULES)
    model(table, "a", (100, 300))
    model(table, "b", (260, 300))
    piece(table, "wall", "wall", (180, 300), 90)  # sight obstacle (2): hinders, never blocks
    seen = sight(table, "a", "b")
    assert seen.visible and seen.penalty == 2
    piece(table, "tree", "tree", (130, 250))  # beside the corridor
    piece(table, "forest", "dense_forest", (190, 345))  # reaches in: sight obstacle (3)
    seen = sight(table, "a", "b")
    assert seen.visible and sorted((o.element, o.penalty) for o in seen.obstacles) == [("forest", 3), ("wall", 2)]
    assert seen.penalty == 5


def test_impenetrable_terrain_blocks_under_the_terrain_rules():
    table = new_table(TERRAIN_RULES)
    model(table, "a", (100, 300))
    model(table, "b", (300, 300))
    piece(table, "rock", "rocky_hill", (200, 300))
    assert sight(table, "a", "b").blockers == ("rock",)


def test_a_hill_hides_only_what_is_behind_it():
    for ruleset, hidden in ((None, "blocked"), (TERRAIN_RULES, 3)):
        table = new_table() if ruleset is None else new_table(ruleset)
        model(table, "a", (100, 300))
        model(table, "b", (300, 300))
        piece(table, "hill", "small_hill", (200, 300), 90)
        seen = sight(table, "a", "b")
        if hidden == "blocked":
            assert not seen.visible and seen.blockers == ("hill",)
        else:
            assert seen.visible and seen.penalty == hidden
        # on the hill: it hides nothing from there, nor its top from anyone
        table.move_model("b", (200, 300))
        for a, b in (("a", "b"), ("b", "a")):
            seen = sight(table, a, b)
            assert seen.visible and seen.obstacles == ()


def test_a_model_on_high_ground_sees_over_other_hills():
    table = new_table(TERRAIN_RULES)
    piece(table, "hill", "small_hill", (100, 300))
    piece(table, "rock", "rocky_hill", (250, 300))
    model(table, "up", (100, 300))
    model(table, "far", (400, 300))
    assert table.on_high_ground("up")
    assert sight(table, "up", "far").visible
    assert sight(table, "up", "far").obstacles == ()
    table.move_model("up", (30, 300))  # off the hill: the rocky hill hides the far model
    seen = sight(table, "up", "far")
    assert seen.blockers == ("rock",)
    assert seen.obstacles[0].element == "hill" and seen.obstacles[0].penalty == 3


def test_sight_to_a_point():
    table = new_table()
    model(table, "a", (100, 300))
    piece(table, "wall", "wall", (180, 300), 90)  # x 175..185, y 250..350
    assert not sight(table, "a", (260, 300)).visible
    assert sight(table, "a", (260, 420)).visible
    assert sight(table, "a", (100, 310)).visible  # on its own base
    model(table, "x", (260, 420))
    assert sight(table, "a", (262, 421)).visible  # a point on a base: that base does not hide it
    assert sight(table, "a", (284, 438)).blockers == ("x",)  # just behind it


def test_a_concave_piece_blocks_only_when_it_meets_every_sight_line():
    table = new_table()
    model(table, "a", (100, 300))
    model(table, "b", (300, 300))  # corridor y 285..315
    # two arms jutting into the corridor from either side, joined far outside it:
    # no straight sight line slips past both tips, though the arms never meet inside
    zigzag = kind(
        "zigzag",
        [(180, 200), (350, 200), (350, 400), (215, 400), (215, 288), (220, 288), (220, 395),
         (345, 395), (345, 205), (185, 205), (185, 312), (180, 312)],
    )
    piece(table, "zigzag", zigzag, (0, 0))
    seen = sight(table, "a", "b")
    assert not seen.visible and seen.blockers == ("zigzag",)
    # shorter arms leave a slanted sight line free
    gappy = kind(
        "gappy",
        [(180, 200), (350, 200), (350, 400), (215, 400), (215, 300), (220, 300), (220, 395),
         (345, 395), (345, 205), (185, 205), (185, 300), (180, 300)],
    )
    table.remove_piece("zigzag")
    piece(table, "gappy", gappy, (0, 0))
    seen = sight(table, "a", "b")
    assert seen.visible and [o.element for o in seen.obstacles] == ["gappy"]


def test_terrain_under_an_end_is_judged_exactly():
    # an opaque crossable piece under the viewer: lines leave from the part of its
    # base outside the piece
    table = new_table()
    cover = kind("cover", box(-20, -40, 20, 40), sight="opaque", crossing="crossable")
    piece(table, "cover", cover, (95, 300))  # x 75..115 covers the viewer's front
    model(table, "a", (100, 300))
    model(table, "b", (250, 300))
    assert not sight(table, "a", "b").visible
    table.place_piece("cover", (95, 330))  # y 290..370: the upper part of the base looks out
    assert sight(table, "a", "b").visible


def test_every_pair_once_and_symmetric_on_the_demo_table():
    table = demo_table()
    pairs = sight_pairs(table)
    assert len(pairs) == 190
    for (a, b), seen in pairs.items():
        back = sight(table, b, a)
        assert back.visible == seen.visible
        assert sorted(back.blockers) == sorted(seen.blockers)
        assert sorted(back.obstacles, key=lambda o: o.element) == sorted(seen.obstacles, key=lambda o: o.element)
    assert any(not s.visible for s in pairs.values()) and any(s.visible for s in pairs.values())


def test_corridor_outline_for_drawing():
    corridor = Corridor.between((100, 300), 15, (200, 300), 20)
    outline = corridor.polygon()
    assert planar.point_in_polygon((150, 300), outline)
    assert all(corridor.signed_distance(p) <= 1e-9 for p in outline)


# -- properties on random scenes -------------------------------------------------------

spot = st.tuples(st.floats(30, 570), st.floats(30, 570))
scene = st.lists(
    st.tuples(st.sampled_from(["30", "40", "wall", "tree", "hill", "ruin", "bushes"]), spot, st.sampled_from([0, 30, 60, 90, 120])),
    min_size=3,
    max_size=16,
)


def random_table(items, terrain_rules):
    table = new_table(TERRAIN_RULES) if terrain_rules else new_table()
    from tabletop.games.skirmish import schema
    from tabletop.games.skirmish.terrain import TerrainPiece

    kinds = {"wall": "wall", "tree": "tree", "hill": "small_hill", "ruin": "ruined_wall", "bushes": "bushes"}
    for i, (what, position, turn) in enumerate(items):
        if what in ("30", "40"):
            if table.model_fits(int(what) / 2, position):
                model(table, f"m{i}", position, int(what), side=i % 2)
        else:
            trial = TerrainPiece(f"t{i}", schema.terrain_data().kind(kinds[what]), (0, 0))
            if table.piece_fits(trial, position, turn):
                trial.place(position, turn)
                table.add_piece(trial)
    return table


@settings(max_examples=80, deadline=None)
@given(scene, st.booleans())
def test_sight_does_not_depend_on_who_looks(items, terrain_rules):
    table = random_table(items, terrain_rules)
    ids = list(table.models)
    assume(len(ids) >= 2)
    for a, b in zip(ids, ids[1:]):
        there, back = sight(table, a, b), sight(table, b, a)
        assert there.visible == back.visible
        assert set(there.blockers) == set(back.blockers)
        assert set(there.obstacles) == set(back.obstacles)


@settings(max_examples=80, deadline=None)
@given(scene, st.booleans())
def test_a_blocked_result_names_an_element_that_meets_every_sight_line(items, terrain_rules):
    table = random_table(items, terrain_rules)
    ids = list(table.models)
    assume(len(ids) >= 2)
    for a, b in zip(ids, ids[1:]):
        seen = sight(table, a, b)
        assert seen.visible == (not seen.blockers)
        ma, mb = table.models[a], table.models[b]
        for blocker in seen.blockers:
            if blocker in table.models:
                other = table.models[blocker]
                parts = [planar.regular_polygon(other.position, other.radius / math.cos(math.pi / 64), 64)]
            else:
                parts = table.pieces[blocker].parts
            assert meets_every_sight_line(parts, ma.position, ma.radius, mb.position, mb.radius)


@settings(max_examples=60, deadline=None)
@given(scene, st.booleans(), spot, st.data())
def test_moving_an_element_clear_of_the_corridor_changes_nothing(items, terrain_rules, elsewhere, data):
    table = random_table(items, terrain_rules)
    ids = list(table.models)
    assume(len(ids) >= 3)
    a, b = ids[0], ids[1]
    before = sight(table, a, b)
    corridor = before.corridor
    mover = data.draw(st.sampled_from(ids[2:]))
    radius = table.models[mover].radius
    assume(corridor.signed_distance(table.models[mover].position) > radius + 0.5)
    assume(corridor.signed_distance(elsewhere) > radius + 0.5)
    assume(table.model_fits(radius, elsewhere, ignore=[mover]))
    table.move_model(mover, elsewhere)
    after = sight(table, a, b)
    assert (after.visible, after.blockers, after.obstacles) == (before.visible, before.blockers, before.obstacles)


@settings(max_examples=150, deadline=None)
@given(
    spot, st.sampled_from([15, 20]), st.floats(0, 2 * math.pi), st.floats(60, 300), st.sampled_from([0, 15, 20]),
    st.floats(0.2, 0.8), st.tuples(st.floats(-30, 30), st.floats(-30, 30)),
    st.lists(st.tuples(st.floats(-40, 40), st.floats(-40, 40)), min_size=3, max_size=7),
)
def test_the_tangent_test_agrees_with_the_general_search(a, ra, heading, distance, rb, along, offset, corners):
    b = (a[0] + distance * math.cos(heading), a[1] + distance * math.sin(heading))
    centre = (a[0] + (b[0] - a[0]) * along + offset[0], a[1] + (b[1] - a[1]) * along + offset[1])
    part = planar.convex_hull((centre[0] + x, centre[1] + y) for x, y in corners)
    assume(len(part) >= 3 and abs(planar.signed_area(part)) > 5)
    assume(math.dist(a, b) > ra + rb + 1)
    # clear of both ends and of either side by a margin, so float noise cannot decide
    assume(planar.point_convex_distance(a, part) > ra + 0.01)
    assume(planar.point_convex_distance(b, part) > rb + 0.01)
    corridor = Corridor.between(a, ra, b, rb)
    sides = [planar.segment_convex_distance(s0, s1, part) for s0, s1 in corridor.sides]
    assume(all(d == 0.0 or d > 0.01 for d in sides))
    assert meets_every_sight_line([part], a, ra, b, rb) == all(d == 0.0 for d in sides)
