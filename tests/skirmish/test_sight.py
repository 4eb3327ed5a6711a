"""Line of sight: the rulebook's cases, terrain under both rulesets, exactness."""

from __future__ import annotations

import math

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tabletop.games.skirmish.play.layout import demo_table
from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.sight import Corridor, meets_every_sight_line, sight, sight_pairs
from tabletop.games.skirmish.table.terrain import TERRAIN_RULES

from .scenes import box, kind, model, new_table, piece


def line_of_three(middle_base: float, offset: float = 0.0, end_base: float = 30):
    table = new_table()
    model(table, "a", (100, 300), end_base)
    model(table, "c", (150, 300 + offset), middle_base)
    model(table, "b", (200, 300), end_base)
    return table


def test_a22_a_30mm_base_is_hidden_behind_another_30mm_base():
    seen = sight(line_of_three(30), "a", "b")
    assert not seen.visible and seen.blockers == ("c",) and seen.blocker == "c"


def test_a22_a_30mm_base_is_hidden_behind_a_40mm_base():
    assert sight(line_of_three(40), "a", "b").blockers == ("c",)


def test_a22_a_40mm_base_is_not_hidden_behind_a_30mm_base():
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


def test_a23_a_hill_hides_only_what_is_behind_it():
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
        [
            (180, 200),
            (350, 200),
            (350, 400),
            (215, 400),
            (215, 288),
            (220, 288),
            (220, 395),
            (345, 395),
            (345, 205),
            (185, 205),
            (185, 312),
            (180, 312),
        ],
    )
    piece(table, "zigzag", zigzag, (0, 0))
    seen = sight(table, "a", "b")
    assert not seen.visible and seen.blockers == ("zigzag",)
    # shorter arms leave a slanted sight line free
    gappy = kind(
        "gappy",
        [
            (180, 200),
            (350, 200),
            (350, 400),
            (215, 400),
            (215, 300),
            (220, 300),
            (220, 395),
            (345, 395),
            (345, 205),
            (185, 205),
            (185, 300),
            (180, 300),
        ],
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


def test_a_point_on_terrain_is_seen_past_the_piece_it_lies_on():
    """The piece holding the target point is what is looked at: it neither blocks
    nor hinders sight to that point (the audit: a point 1 mm inside a tree's near
    edge was blocked by that very tree). Other pieces count as usual."""
    table = new_table()
    model(table, "a", (100, 300))
    piece(table, "tree", "tree", (250, 300))  # x 228..272
    piece(table, "wreck", "vehicle_wreck", (250, 420))  # x 210..290
    piece(table, "bush", kind("bush", sight="low", crossing="crossable"), (140, 200))
    for point in [(229, 300), (250, 300), (271, 300), (211, 420), (250, 420)]:
        seen = sight(table, "a", point)
        assert seen.visible and seen.obstacles == (), point
    behind = sight(table, "a", (300, 300))  # past the tree: the tree hides it
    assert not behind.visible and behind.blockers == ("tree",)
    inside_bush = sight(table, "a", (140, 200))
    assert inside_bush.visible and inside_bush.obstacles == ()
    piece(table, "wall", "wall", (180, 300), 90)  # a wall between hides the point on the tree
    walled = sight(table, "a", (229, 300))
    assert not walled.visible and walled.blockers == ("wall",)
    rules = new_table(TERRAIN_RULES)
    model(rules, "a", (100, 300))
    piece(rules, "wood", "dense_forest", (250, 300))
    piece(rules, "cloud", "acid_cloud", (170, 300))
    deep = sight(rules, "a", (250, 300))
    assert deep.visible and [o.element for o in deep.obstacles] == ["cloud"]


def test_corridor_outline_for_drawing():
    corridor = Corridor.between((100, 300), 15, (200, 300), 20)
    outline = corridor.polygon()
    assert planar.point_in_polygon((150, 300), outline)
    assert all(corridor.signed_distance(p) <= 1e-9 for p in outline)


# -- properties on random scenes -------------------------------------------------------

spot = st.tuples(st.floats(30, 570), st.floats(30, 570))
loose = st.tuples(
    st.sampled_from(["30", "40", "wall", "tree", "hill", "ruin", "bushes"]), spot, st.sampled_from([0, 30, 60, 90, 120])
)
# two warriors with something between them, near their line: blocked pairs are common
lined = st.tuples(
    st.just("line"),
    spot,
    st.floats(0, 2 * math.pi),
    st.floats(70, 260),
    st.sampled_from([30, 40]),
    st.sampled_from(["30", "40", "wall", "wall", "tree", "hill"]),
    st.floats(0.3, 0.7),
    st.one_of(st.just(0.0), st.floats(-10, 10)),
)
scene = st.lists(st.one_of(lined, lined, loose), min_size=3, max_size=12)

_KINDS = {"wall": "wall", "tree": "tree", "hill": "small_hill", "ruin": "ruined_wall", "bushes": "bushes"}


def random_table(items, terrain_rules):
    """A table from a drawn scene; what does not fit where it was drawn is left out.
    A "line" item puts two warriors on the table with an element between them."""
    table = new_table(TERRAIN_RULES) if terrain_rules else new_table()
    from tabletop.games.skirmish import schema
    from tabletop.games.skirmish.table.terrain import TerrainPiece

    def put(what, position, turn, name):
        if what in ("30", "40"):
            if table.model_fits(int(what) / 2, position):
                model(table, name, position, int(what), side=len(table.models) % 2)
        else:
            trial = TerrainPiece(name, schema.terrain_data().kind(_KINDS[what]), (0, 0))
            if table.piece_fits(trial, position, turn):
                trial.place(position, turn)
                table.add_piece(trial)

    for i, item in enumerate(items):
        if item[0] == "line":
            _, (x, y), heading, distance, base, middle, along, offset = item
            dx, dy = math.cos(heading), math.sin(heading)
            far = (x + distance * dx, y + distance * dy)
            if not (30 <= far[0] <= 570 and 30 <= far[1] <= 570):
                continue
            between = (x + distance * along * dx - offset * dy, y + distance * along * dy + offset * dx)
            put(
                middle,
                between,
                (math.degrees(heading) + 90) % 360,
                f"t{i}m" if middle not in ("30", "40") else f"m{i}m",
            )
            put(str(base), (x, y), 0, f"m{i}a")
            put(str(base), far, 0, f"m{i}b")
        else:
            what, position, turn = item
            put(what, position, turn, f"m{i}" if what in ("30", "40") else f"t{i}")
    return table


def _opaque_elements(table, a, b):
    """The elements that could hide b from a, read from the rules page, not from
    sight.py: every other warrior, and terrain read as opaque, except a piece that
    hides only what is behind it when either end stands on it or on high ground."""
    ends = (table.models[a].position, table.models[b].position)
    high = any(p.contains(e) for p in table.pieces.values() if table.effect(p.id).elevation for e in ends)
    found = [m for m in table.models if m not in (a, b)]
    for terrain in table.pieces.values():
        eff = table.effect(terrain.id)
        if eff.sight != "opaque":
            continue
        if eff.behind_only and (high or any(terrain.contains(e) for e in ends)):
            continue
        found.append(terrain.id)
    return found


def _sight_lines(table, a, b, count=24):
    """Sight lines sampled from points of a's base to points of b's: the centres,
    points round each rim and half way in, and the corridor's two straight sides."""

    def points(model):
        c, r = model.position, model.radius
        found = [c]
        for k in range(count):
            t = 2 * math.pi * k / count
            found.append((c[0] + r * math.cos(t), c[1] + r * math.sin(t)))
            if k % 2 == 0:
                found.append((c[0] + r / 2 * math.cos(t), c[1] + r / 2 * math.sin(t)))
        return found

    ma, mb = table.models[a], table.models[b]
    lines = [(p, q) for p in points(ma) for q in points(mb)]
    lines += list(Corridor.between(ma.position, ma.radius, mb.position, mb.radius).sides)
    return lines


def _meets(table, element, line):
    """Whether a sight line meets an element (touching counts)."""
    p, q = line
    if element in table.models:
        other = table.models[element]
        return planar.point_segment_distance(other.position, p, q) <= other.radius + 1e-9
    return any(planar.segment_meets_convex(p, q, part, 1e-9) for part in table.pieces[element].parts)


@settings(max_examples=80, deadline=None)
@given(scene, st.booleans())
def test_sight_does_not_depend_on_who_looks(items, terrain_rules):
    table = random_table(items, terrain_rules)
    ids = list(table.models)
    assume(len(ids) >= 2)
    for a, b in zip(ids, ids[1:], strict=False):
        there, back = sight(table, a, b), sight(table, b, a)
        assert there.visible == back.visible
        assert set(there.blockers) == set(back.blockers)
        assert set(there.obstacles) == set(back.obstacles)


@settings(max_examples=80, deadline=None)
@given(scene, st.booleans())
def test_blocked_and_clear_agree_with_sampled_sight_lines(items, terrain_rules):
    """Checked against sight lines sampled independently of sight.py: a blocker is
    an opaque element meeting every sampled line; when b is visible, every opaque
    element misses some sampled line (several may together cover the corridor)."""
    table = random_table(items, terrain_rules)
    ids = list(table.models)
    assume(len(ids) >= 2)
    for a, b in zip(ids, ids[1:], strict=False):
        seen = sight(table, a, b)
        opaque = _opaque_elements(table, a, b)
        lines = _sight_lines(table, a, b)
        for blocker in seen.blockers:
            assert blocker in opaque
            assert all(_meets(table, blocker, line) for line in lines), (a, b, blocker)
        if seen.visible:
            corridor = seen.corridor
            for element in opaque:
                if element in table.models:
                    m = table.models[element]
                    if corridor.signed_distance(m.position) >= m.radius:
                        continue
                assert any(not _meets(table, element, line) for line in lines), (a, b, element)


@settings(max_examples=60, deadline=None)
@given(scene, st.booleans(), spot, st.integers(0, 10**6), st.data())
def test_moving_an_element_clear_of_the_corridor_changes_nothing(items, terrain_rules, elsewhere, turn, data):
    """A warrior or a terrain piece moved from outside the corridor to elsewhere
    outside it changes neither the answer nor the obstacles."""
    table = random_table(items, terrain_rules)
    ids = list(table.models)
    assume(len(ids) >= 2)
    a, b = ids[0], ids[1]
    before = sight(table, a, b)
    corridor = before.corridor
    movers = [m for m in ids[2:]] + list(table.pieces)
    assume(movers)
    mover = data.draw(st.sampled_from(movers))
    if mover in table.models:
        radius = table.models[mover].radius
        assume(corridor.signed_distance(table.models[mover].position) > radius + 0.5)
        assume(corridor.signed_distance(elsewhere) > radius + 0.5)
        assume(table.model_fits(radius, elsewhere, ignore=[mover]))
        table.move_model(mover, elsewhere)
    else:
        piece = table.pieces[mover]
        rotation = (piece.rotation + turn) % 360

        def clear_of_corridor(outline):
            n = len(outline)
            for i in range(n):
                p, q = outline[i], outline[(i + 1) % n]
                steps = max(1, int(math.dist(p, q) / 0.25))
                for k in range(steps + 1):
                    x = (p[0] + (q[0] - p[0]) * k / steps, p[1] + (q[1] - p[1]) * k / steps)
                    if corridor.signed_distance(x) <= 0.5:
                        return False
            # nor the corridor inside the piece
            return not piece.contains(corridor.a) and not piece.contains(corridor.b)

        assume(clear_of_corridor(piece.outline))
        assume(table.piece_fits(piece, elsewhere, rotation))
        moved = planar.transform(piece.footprint, elsewhere, rotation)
        assume(clear_of_corridor(moved) and not planar.point_in_polygon(corridor.a, moved))
        table.place_piece(mover, elsewhere, rotation)
    after = sight(table, a, b)
    assert (after.visible, after.blockers, after.obstacles) == (before.visible, before.blockers, before.obstacles)


@settings(max_examples=150, deadline=None)
@given(
    spot,
    st.sampled_from([15, 20]),
    st.floats(0, 2 * math.pi),
    st.floats(60, 300),
    st.sampled_from([0, 15, 20]),
    st.floats(0.2, 0.8),
    st.tuples(st.floats(-30, 30), st.floats(-30, 30)),
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
