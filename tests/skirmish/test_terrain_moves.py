"""Where a climb, a swim and a jump start and end; wading, hostile terrain and high
ground (the extended terrain rules' geometry, DECISIONS S33-S34)."""

from __future__ import annotations

import math
import os
import random

import pytest

from tabletop.games.skirmish import schema
from tabletop.games.skirmish.table import planar, terrain_moves
from tabletop.games.skirmish.table.movement import enemies_touching
from tabletop.games.skirmish.table.terrain import BASIC, TERRAIN_RULES, TerrainPiece, effect
from tests.skirmish.scenes import kind, model, new_table, piece

#: grid offsets no edge of the scenes falls on, so both sides of a test agree or not
STEP, SHIFT = 1.7, 0.3183


def _grid(centre, reach):
    cx, cy = centre
    n = int(reach / STEP) + 1
    for i in range(-n, n + 1):
        for j in range(-n, n + 1):
            yield (cx + i * STEP + SHIFT, cy + j * STEP + SHIFT)


def _fits_off_enemies(table, model_id, p, ignore=()):
    r = table.models[model_id].radius
    return table.model_fits(r, p, (model_id, *ignore)) and not enemies_touching(table, model_id, p)


def _touches(table, piece_id, radius, p):
    """The base's edge at most the contact distance from the piece, no overlap."""
    d = table.pieces[piece_id].distance_to_point(p)
    return radius - 1e-6 <= d <= radius + table.contact + 1e-6


def _hill_scene():
    table = new_table(TERRAIN_RULES)
    piece(table, "hill", "rocky_hill", (300, 300))
    # the hill's left corner is (-45, -5): Yuri touches it from the left
    model(table, "yuri", (300 - 45 - 15, 295), side=0)
    model(table, "kira", (320, 300), side=1)  # an enemy on top
    model(table, "tony", (290, 315), side=0)  # a friend on top
    return table


def test_effect_reads_the_moves_under_the_terrain_rules_only():
    data = schema.terrain_data()
    hill = effect(data.kind("rocky_hill"), TERRAIN_RULES)
    lake = effect(data.kind("contaminated_lake"), TERRAIN_RULES)
    chasm = effect(data.kind("chasm"), TERRAIN_RULES)
    forest = effect(data.kind("dense_forest"), TERRAIN_RULES)
    assert (hill.climbable, hill.climb, hill.elevation) == (True, 2, True)
    assert (lake.swim, lake.hostile, lake.swim_only) == (4, 1, True)
    assert (chasm.jump, chasm.passable) == (2, False)
    # heavy terrain is walked through, never swum; its hostility stays when it burns
    assert (forest.hostile, forest.swim_only, forest.crossing_cost) == (1, False, 2.0)
    assert effect(data.kind("dense_forest"), TERRAIN_RULES, burning=True).hostile == 1
    basic = effect(data.kind("contaminated_lake"), BASIC)
    assert (basic.swim, basic.hostile, basic.climb, basic.jump) == (0, 0, 0, 0)


def test_climb_onto_a_hill_starts_touching_and_ends_on_top():
    table = _hill_scene()
    move = terrain_moves.climb(table, "yuri", "hill")
    assert move is not None
    assert (move.kind, move.up, move.ap, move.difficulty) == ("climb", True, 2, 2)
    assert move.may_start
    hill = table.pieces["hill"]
    start = move.start
    # on top, wholly on the piece, clear of Kira and Tony
    assert move.ends.contains((285, 284)) and not move.ends.contains((300, 280))
    assert move.length((285, 284)) == pytest.approx(math.dist(start, (285, 284)))
    # every grid point within reach: on top, within 10 cm, fitting and off enemies
    checked = 0
    for p in _grid(start, 105):
        expected = (
            hill.holds_disc(p, 15)
            and math.dist(p, start) <= terrain_moves.END_WITHIN
            and _fits_off_enemies(table, "yuri", p)
        )
        assert move.ends.contains(p) == expected, p
        checked += expected
    assert checked > 10


def test_climb_ends_exactly_where_the_base_stays_on_the_top():
    table = new_table(TERRAIN_RULES)
    piece(
        table, "hill", kind("cliff", ((-40, -30), (40, -30), (40, 30), (-40, 30)), elevation=True, climb=3), (300, 300)
    )
    model(table, "yuri", (300, 345), side=0)  # touching the bottom side
    move = terrain_moves.climb(table, "yuri", "hill")
    assert move is not None and move.may_start and move.difficulty == 3
    # the top for a 30 mm base: 15 mm in from every side
    assert move.ends.contains((300, 315))
    assert not move.ends.contains((300, 315.01))
    assert move.ends.contains((325, 300)) and not move.ends.contains((325.01, 300))
    # at most 10 cm from the start (here further than the far side's limit)
    assert move.ends.contains((300, 285)) and move.length((300, 285)) == pytest.approx(60)
    (top,) = move.ends.polygons()
    assert planar.signed_area(top) == pytest.approx(50 * 30)


def test_climb_starts_only_touching_the_piece():
    table = new_table(TERRAIN_RULES)
    piece(
        table, "hill", kind("cliff", ((-40, -30), (40, -30), (40, 30), (-40, 30)), elevation=True, climb=3), (300, 300)
    )
    model(table, "near", (300, 345 + 1.0), side=0)  # edges 1 mm apart: contact
    model(table, "far", (200, 345 + 1.01), side=0)  # 1.01 mm: not in contact
    climb_near = terrain_moves.climb(table, "near", "hill")
    climb_far = terrain_moves.climb(table, "far", "hill")
    assert climb_near is not None and climb_near.may_start
    assert climb_far is not None and not climb_far.may_start


def test_climb_down_ends_touching_the_foot():
    table = _hill_scene()
    move = terrain_moves.climb(table, "tony", "hill")
    assert move is not None and not move.up and move.may_start
    start = move.start
    checked = 0
    for p in _grid(start, 105):
        expected = (
            _touches(table, "hill", 15, p)
            and math.dist(p, start) <= terrain_moves.END_WITHIN
            and _fits_off_enemies(table, "tony", p)
        )
        assert move.ends.contains(p) == expected, p
        checked += expected
    assert checked > 20


def test_no_terrain_moves_under_the_basic_rules_or_on_other_pieces():
    table = new_table(BASIC)
    piece(table, "hill", "rocky_hill", (300, 300))
    piece(table, "lake", "contaminated_lake", (100, 100))
    model(table, "yuri", (240, 295))
    assert terrain_moves.climb(table, "yuri", "hill") is None
    assert terrain_moves.swim(table, "yuri", "lake") is None
    assert terrain_moves.wading(table, "lake", 15) is None
    assert terrain_moves.hostile(table, 15) == ()
    rules = new_table(TERRAIN_RULES)
    piece(rules, "swamp", "swamp", (300, 300))
    piece(rules, "hill", "rocky_hill", (100, 450))
    model(rules, "yuri", (300, 200))
    assert terrain_moves.swim(rules, "yuri", "swamp") is None
    assert terrain_moves.jump(rules, "yuri", "swamp") is None
    assert terrain_moves.climb(rules, "yuri", "swamp") is None
    assert terrain_moves.swim(rules, "yuri", "hill") is None


def _lake_scene():
    table = new_table(TERRAIN_RULES)
    # a square lake 100 x 100 at (300, 300): easy to measure against
    lake = kind("pond", ((-50, -50), (50, -50), (50, 50), (-50, 50)), sight="opaque", hostile=1, swim=4)
    piece(table, "lake", lake, (300, 300))
    model(table, "nia", (300, 365), side=1)  # touching the bottom side
    return table


def test_swim_ends_touching_the_lake_as_in_a94():
    table = _lake_scene()
    model(table, "yuri", (260, 236), side=0)  # an enemy near the top side
    move = terrain_moves.swim(table, "nia", "lake")
    assert move is not None and move.may_start and (move.ap, move.difficulty) == (2, 4)
    # touching the left side, centre 10 cm from the start
    far = (235, 365 - math.sqrt(100**2 - 65**2))
    assert move.ends.contains(far)
    assert not move.ends.contains((far[0], far[1] - 0.01))
    assert not move.ends.contains((235 - 1.01, far[1] + 1))  # 1.01 mm off the edge
    assert move.ends.contains((235 - 1.0, far[1] + 1))
    assert not move.ends.contains((250, 300))  # in the water
    start = move.start
    checked = 0
    for p in _grid(start, 105):
        expected = (
            _touches(table, "lake", 15, p)
            and math.dist(p, start) <= terrain_moves.END_WITHIN
            and _fits_off_enemies(table, "nia", p)
        )
        assert move.ends.contains(p) == expected, p
        checked += expected
    assert checked > 20


def test_a19_touching_the_lake_is_not_entering_it():
    table = new_table(TERRAIN_RULES)
    piece(table, "lake", "contaminated_lake", (300, 300))
    lake = table.pieces["lake"]
    # the lake's left corner (-60, -10); Nia's base touches it from the left
    touching = (300 - 60 - 15, 290)
    assert lake.distance_to_point(touching) == pytest.approx(15)
    assert terrain_moves.hostile_at(table, 15, touching) == []
    (hostile,) = terrain_moves.hostile(table, 15)
    assert hostile.wounds == 1 and not hostile.ends_in(touching)
    # she may swim from there
    model(table, "nia", touching, side=1)
    move = terrain_moves.swim(table, "nia", "lake")
    assert move is not None and move.may_start
    # 0.01 mm further in, her base is in the water
    inside = (touching[0] + 0.01, touching[1])
    assert terrain_moves.hostile_at(table, 15, inside) == [("lake", 1)]
    assert hostile.ends_in(inside)
    # touching counts for hostile terrain (X >= 2) at the end of the round
    assert terrain_moves.hostile_at(table, 15, touching, touching=True) == [("lake", 1)]


def test_normal_move_wades_at_most_10_mm_into_the_lake():
    table = _lake_scene()
    wading = terrain_moves.wading(table, "lake", 15)
    assert wading is not None
    blocked = [b for b in wading.obstacle]

    def deep(p):
        return any(b.signed_distance(p) < -1e-6 for b in blocked)

    # the base reaches 9.99 mm into the bottom side: allowed, and it is in the water
    assert not deep((300, 350 + 15 - 9.99)) and wading.area.contains((300, 350 + 15 - 9.99))
    assert deep((300, 350 + 15 - 10.01))
    # at a corner the base reaches deepest towards the corner's inside
    corner = (350, 350)
    d = 15 - 10 * math.sqrt(2)  # the disc touches the shrunk square's corner
    assert not deep((corner[0] + d / math.sqrt(2) + 0.01, corner[1] + d / math.sqrt(2) + 0.01))
    assert deep((corner[0] + d / math.sqrt(2) - 0.01, corner[1] + d / math.sqrt(2) - 0.01))
    # touching without overlap is out of the water
    assert not wading.area.contains((300, 365)) and wading.area.contains((300, 364.99))


def test_wading_about_the_inner_corners_of_a_torrent():
    table = new_table(TERRAIN_RULES)
    piece(table, "river", "torrent", (300, 100))
    # the torrent's top side dents in at (0, -12), between sides whose inward normals
    # are (-+10, 50) / |(10, 50)|
    v = (300, 88)
    ny = 50 / math.hypot(10, 50)
    for radius in (5.0, 15.0, 20.0):
        wading = terrain_moves.wading(table, "river", radius)
        assert wading is not None
        # straight down from the dent: a small base reaches the arc about it, a
        # larger one the sides moved 10 mm in
        edge = 10 - radius if radius <= 10 else -(radius - 10) / ny
        below = any(b.signed_distance((v[0], v[1] + edge + 0.01)) < -1e-6 for b in wading.obstacle)
        above = any(b.signed_distance((v[0], v[1] + edge - 0.01)) < -1e-6 for b in wading.obstacle)
        assert below and not above, radius


def _depth(table, piece_id, centre, radius, step=0.3):
    """How deep a base reaches into a piece, by sampling the base."""
    piece_ = table.pieces[piece_id]
    outline = piece_.outline
    n = len(outline)
    best = 0.0
    k = int(radius / step)
    for i in range(-k, k + 1):
        for j in range(-k, k + 1):
            q = (centre[0] + i * step, centre[1] + j * step)
            if math.dist(q, centre) <= radius and piece_.contains(q):
                best = max(
                    best, min(planar.point_segment_distance(q, outline[m], outline[(m + 1) % n]) for m in range(n))
                )
    return best


def test_wading_agrees_with_a_sampled_depth():
    table = new_table(TERRAIN_RULES)
    piece(table, "river", "torrent", (300, 100))
    wading = terrain_moves.wading(table, "river", 15)
    assert wading is not None
    for x in range(190, 420, 29):
        for y in range(70, 135, 8):
            p = (x + 0.37, y + 0.11)
            depth = _depth(table, "river", p, 15)
            if abs(depth - 10) < 0.25:
                continue  # the sampling's own error
            assert any(b.signed_distance(p) < 0 for b in wading.obstacle) == (depth > 10), (p, depth)


def test_jump_over_a_chasm_lands_beyond_it():
    table = new_table(TERRAIN_RULES)
    gap = kind("gap", ((-60, -10), (60, -10), (60, 10), (-60, 10)), sight="flat", jump=2)
    piece(table, "gap", gap, (300, 300))
    model(table, "vladd", (300, 325), side=0)  # touching the gap's bottom side
    move = terrain_moves.jump(table, "vladd", "gap")
    assert move is not None and move.may_start and (move.ap, move.difficulty) == (1, 2)
    assert move.may_end((300, 275))  # across, touching the far side
    assert move.length((300, 275)) == pytest.approx(50)
    assert not move.may_end((300, 276))  # the base would stand in the gap
    assert not move.may_end((300, 224.99))  # more than 10 cm
    assert move.may_end((300, 225))
    assert not move.may_end((380, 325))  # not over the gap
    piece(table, "wall", "wall", (300, 262))  # a wall beyond the gap, in the way
    move = terrain_moves.jump(table, "vladd", "gap")
    assert move is not None
    assert not move.may_end((300, 240))
    assert move.may_end((380, 270))  # past the wall's end


def test_ending_inside_dense_forest_is_hostile_as_in_a20():
    table = new_table(TERRAIN_RULES)
    piece(table, "forest", "dense_forest", (300, 300))
    forest = table.pieces["forest"]
    # the forest's left corner (-50, -18): Mira touches it, then moves 5 cm in
    touching = (300 - 50 - 15, 282)
    assert terrain_moves.hostile_at(table, 15, touching) == []
    assert terrain_moves.hostile_at(table, 15, (touching[0] + 50, 282)) == [("forest", 1)]
    (hostile,) = terrain_moves.hostile(table, 15)
    for p in _grid((300, 300), 80):
        assert hostile.ends_in(p) == (forest.distance_to_point(p) < 15 - 1e-6), p


def test_high_ground_is_where_the_centre_stands_on_a_hill():
    table = new_table(TERRAIN_RULES)
    piece(table, "hill", "small_hill", (300, 300))
    piece(table, "swamp", "swamp", (100, 100))
    model(table, "kessler", (340, 300))
    model(table, "yuri", (300, 400))
    (found,) = terrain_moves.high_ground(table)
    name, area = found
    assert name == "hill"
    for model_id in ("kessler", "yuri"):
        assert area.contains(table.models[model_id].position) == table.on_high_ground(model_id)
    assert area.contains((350, 300)) and not area.contains((350.01, 300))


@pytest.mark.parametrize("sag", [0.005, 0.1])
def test_drawn_areas_lie_in_the_area_within_the_sag(sag):
    table = _lake_scene()
    move = terrain_moves.swim(table, "nia", "lake")
    assert move is not None
    polygons = move.ends.polygons(sag)
    assert polygons
    for poly in polygons:
        for p in poly:
            # on the included blobs (within the sag) and the start's 10 cm
            assert min(b.signed_distance(p) for b in move.ends.include) <= 1e-6
            assert math.dist(p, move.start) <= terrain_moves.END_WITHIN + 1e-6
    for hole in move.ends.holes(sag):
        for p in hole:
            assert any(-1e-6 <= b.signed_distance(p) <= sag * 1.01 for b in move.ends.avoid)


def test_touching_area_is_where_the_base_touches_and_fits():
    table = _hill_scene()
    area = terrain_moves.touching_area(table, "yuri", "hill")
    checked = 0
    for p in _grid((300, 300), 80):
        expected = _touches(table, "hill", 15, p) and table.model_fits(15, p, ("yuri",))
        assert area.contains(p) == expected, p
        checked += expected
    assert checked > 20


def test_shrinking_water_that_changes_shape_keeps_all_of_it_out_of_wading():
    table = new_table(TERRAIN_RULES)
    # a U of water whose arms are 16 mm wide: 10 mm in from every side they vanish
    u = ((-40, -30), (-24, -30), (-24, 14), (24, 14), (24, -30), (40, -30), (40, 50), (-40, 50))
    assert terrain_moves.eroded(u, 10) is None
    assert terrain_moves.eroded(u, 5) is not None
    piece(table, "u", kind("u", u, sight="flat", swim=3), (300, 300))
    wading = terrain_moves.wading(table, "u", 15)
    assert wading is not None
    assert {b.core for b in wading.obstacle} == set(table.pieces["u"].parts)
    # a strip 16 mm wide is never 10 mm deep: a base may wade across it
    piece(table, "strip", kind("strip", ((-50, -8), (50, -8), (50, 8), (-50, 8)), sight="flat", swim=3), (300, 100))
    assert terrain_moves.eroded(table.pieces["strip"].outline, 10) == ()
    strip = terrain_moves.wading(table, "strip", 15)
    assert strip is not None and strip.obstacle == ()


#: kinds the random scenes mix: every terrain move, hostile and high ground, and obstacles
SCENE_KINDS = (
    "rocky_hill",
    "contaminated_lake",
    "torrent",
    "chasm",
    "wall",
    "tree",
    "swamp",
    "dense_forest",
    "acid_cloud",
    "small_hill",
)


def _random_scene(seed):
    rng = random.Random(seed)
    table = new_table(TERRAIN_RULES)
    data = schema.terrain_data()
    for index in range(rng.randint(3, 7)):
        terrain = TerrainPiece(f"p{index}", data.kind(rng.choice(SCENE_KINDS)), (0.0, 0.0))
        position, rotation = (rng.uniform(80, 520), rng.uniform(80, 520)), rng.choice((0, 30, 45, 90, 135, 200))
        if table.piece_fits(terrain, position, rotation):
            terrain.place(position, rotation)
            table.add_piece(terrain)
    for index in range(rng.randint(3, 8)):
        base = rng.choice((30, 40))
        # near a piece, so that many warriors touch one
        near = rng.choice(list(table.pieces.values()))
        spot = rng.choice(near.outline)
        position = (spot[0] + rng.uniform(-25, 25), spot[1] + rng.uniform(-25, 25))
        found = table.nearest_model_position(base / 2, position)
        if found is not None:
            model(table, f"m{index}", found, base, side=index % 2)
    return table, rng


def _jumps(table, model_id, piece_id, end):
    """A jump's way by pymunk's cast: over the piece, into nothing else."""
    warrior = table.models[model_id]
    r = warrior.radius
    grown = table.grown(r)
    query = grown.model_filter(model_id)
    if grown.first_hit(warrior.position, end, query, frozenset({piece_id})) is not None:
        return False
    parts = table.pieces[piece_id].parts
    return any(planar.segment_convex_distance(warrior.position, end, part) < r - 1e-6 for part in parts)


def _near_the_outline(terrain, radius, contact):
    """Points 0.01 mm either side of where a base touches the piece, stands on its top
    or stands within the contact distance of it, off the middle of each side."""
    outline = terrain.outline
    n = len(outline)
    found = []
    for i in range(n):
        (ax, ay), (bx, by) = outline[i], outline[(i + 1) % n]
        length = math.hypot(bx - ax, by - ay)
        nx, ny = (by - ay) / length, (ax - bx) / length  # outward
        for along in (0.5, 0.25):
            mx, my = ax + (bx - ax) * along, ay + (by - ay) * along
            for offset in (radius, -radius, radius + contact):
                for shift in (-0.01, 0.01):
                    found.append((mx + nx * (offset + shift), my + ny * (offset + shift)))
    return found


@pytest.mark.parametrize("seed", range(int(os.environ.get("TERRAIN_MOVES_SCENES", "12"))))
def test_random_scenes_agree_with_the_tables_own_tests(seed):
    """Each area against the table's own tests (fits, on top, touching, off enemies)
    at random points and 0.01 mm either side of its edges (TERRAIN_MOVES_SCENES=400
    runs 400 scenes)."""
    table, rng = _random_scene(seed)
    for model_id, warrior in table.models.items():
        r = warrior.radius
        points = [
            (warrior.position[0] + rng.uniform(-105, 105), warrior.position[1] + rng.uniform(-105, 105))
            for _ in range(300)
        ]
        # and 0.01 mm either side of the 10 cm limit
        for _ in range(40):
            turn = rng.uniform(0, 2 * math.pi)
            for reach in (terrain_moves.END_WITHIN - 0.01, terrain_moves.END_WITHIN + 0.01):
                points.append(
                    (warrior.position[0] + reach * math.cos(turn), warrior.position[1] + reach * math.sin(turn))
                )
        for piece_id, terrain in table.pieces.items():
            points += _near_the_outline(terrain, r, table.contact)
            for plan in (terrain_moves.climb, terrain_moves.swim, terrain_moves.jump):
                move = plan(table, model_id, piece_id)
                if move is None:
                    continue
                on_top = terrain.holds_disc(warrior.position, r)
                assert move.may_start == (
                    on_top if move.kind == "climb" and not move.up else _touches(table, piece_id, r, warrior.position)
                )
                for p in points:
                    if move.kind == "climb" and move.up:
                        where = terrain.holds_disc(p, r)
                    elif move.kind == "jump":
                        where = _jumps(table, model_id, piece_id, p)
                    else:
                        where = _touches(table, piece_id, r, p)
                    # only a climb reaches a top: the others end off climbable pieces
                    on_a_top = any(
                        other.holds_disc(p, r)
                        for other in table.pieces.values()
                        if table.effect(other.id).climbable and not (move.up and other.id == piece_id)
                    )
                    expected = (
                        where
                        and not on_a_top
                        and math.dist(p, move.start) <= terrain_moves.END_WITHIN
                        and _fits_off_enemies(table, model_id, p)
                    )
                    assert move.ends.contains(p) == expected, (move.kind, piece_id, p)
            for found in terrain_moves.hostile(table, r):
                if found.piece_id == piece_id:
                    for p in points:
                        assert found.ends_in(p) == (terrain.distance_to_point(p) < r - 1e-6)


def _margin(p, poly):
    """Signed distance from p to the convex polygon's outline (negative inside)."""
    return planar.point_convex_signed_distance(p, poly)


def test_drawn_pieces_less_holes_are_the_area_within_0_01_mm():
    moves = []
    for seed in range(40):
        table, rng = _random_scene(seed)
        moves += [
            (move, rng)
            for model_id in table.models
            for piece_id in table.pieces
            for plan in (terrain_moves.climb, terrain_moves.swim, terrain_moves.jump)
            if (move := plan(table, model_id, piece_id)) is not None and move.may_start
        ]
        if len({move.kind for move, _ in moves}) == 3 and len(moves) >= 12:
            break
    assert {move.kind for move, _ in moves} == {"climb", "swim", "jump"}
    for move, rng in moves:
        polygons, holes = move.ends.polygons(), move.ends.holes()
        for _ in range(150):
            p = (move.start[0] + rng.uniform(-105, 105), move.start[1] + rng.uniform(-105, 105))
            inside = min((_margin(p, poly) for poly in polygons), default=math.inf)
            hidden = min((_margin(p, hole) for hole in holes), default=math.inf)
            if abs(inside) < 0.01 or abs(hidden) < 0.01:
                continue  # on a drawn edge: within the drawing's tolerance
            assert move.ends.contains(p) == (inside < 0 and hidden > 0), (move.kind, p)


def test_climb_onto_a_concave_top_keeps_the_base_on_it():
    table = new_table(TERRAIN_RULES)
    ell = ((-50, -50), (10, -50), (10, 0), (50, 0), (50, 50), (-50, 50))
    piece(table, "ell", kind("ell", ell, elevation=True, climb=2), (300, 300))
    model(table, "yuri", (300 - 50 - 15, 300), side=0)
    move = terrain_moves.climb(table, "yuri", "ell")
    assert move is not None and move.may_start
    ell_piece = table.pieces["ell"]
    inside = 0
    for p in _grid((300, 300), 60):
        expected = ell_piece.holds_disc(p, 15) and math.dist(p, move.start) <= terrain_moves.END_WITHIN
        assert move.ends.contains(p) == expected, p
        inside += expected
    assert inside > 100
    # below-left of the inner corner (10, 0) the top's edge is an arc of the base's radius
    corner, d = (310, 300), 1 / math.sqrt(2)
    assert move.ends.contains((corner[0] - 15.01 * d, corner[1] + 15.01 * d))
    assert not move.ends.contains((corner[0] - 14.99 * d, corner[1] + 14.99 * d))


def test_the_moves_a_warrior_may_begin_where_it_stands():
    table = new_table(TERRAIN_RULES)
    gap = kind("gap", ((-60, -10), (60, -10), (60, 10), (-60, 10)), sight="flat", jump=2)
    piece(table, "gap", gap, (300, 300))
    piece(table, "hill", "rocky_hill", (300, 450))
    model(table, "vladd", (300, 325), side=0)  # touching the gap, far from the hill
    assert [(m.kind, m.piece_id) for m in terrain_moves.moves_from_here(table, "vladd")] == [("jump", "gap")]
    model(table, "yuri", (100, 100), side=0)  # touching nothing
    assert terrain_moves.moves_from_here(table, "yuri") == []
    basic = new_table(BASIC)
    piece(basic, "gap", gap, (300, 300))
    model(basic, "vladd", (300, 325), side=0)
    assert terrain_moves.moves_from_here(basic, "vladd") == []  # the basic rules know no jumps
