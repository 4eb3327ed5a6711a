"""A normal move under the extended terrain rules: wading at most 10 mm into water
that can otherwise only be swum (S34, L716), ending in hostile terrain (S34, A19),
standing on high ground (S33), leaving burning terrain (S35): the table's placement,
the path check, the shortest path, the reach and the rules agree."""

from __future__ import annotations

import math

import pytest

from tabletop.engine.core import CHANCE
from tabletop.games.skirmish.play import attack, hostile
from tabletop.games.skirmish.play.position import Piece, Warrior, position
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.play.state import ACTIVATION
from tabletop.games.skirmish.table import movement, planar, terrain_moves
from tabletop.games.skirmish.table.reach import reach
from tabletop.games.skirmish.table.terrain import BASIC, TERRAIN_RULES, WADE_DEPTH
from tests.skirmish.positions import act, refused
from tests.skirmish.scenes import kind, model, new_table, piece

#: a square lake 100 x 100 about (300, 300), sides at 250 and 350
LAKE = kind("pond", ((-50, -50), (50, -50), (50, 50), (-50, 50)), sight="flat", hostile=1, swim=4)


def _lake_table(ruleset=TERRAIN_RULES):
    table = new_table(ruleset)
    piece(table, "lake", LAKE, (300, 300))
    model(table, "nia", (300, 420), side=0)
    return table


def _in_reach(area, p) -> bool:
    return any(planar.point_in_polygon(p, poly) for poly in area.polygons)


#: the centre of a 30 mm base below the lake with the base `depth` mm into the water
def _below(depth: float, x: float = 300.0) -> tuple[float, float]:
    return (x, 350 + 15 - depth)


def test_a_base_may_stand_10_mm_into_water_and_no_deeper():
    table = _lake_table()
    assert WADE_DEPTH == 10.0
    assert table.model_fits(15, _below(10))
    assert not table.model_fits(15, _below(10.01))
    assert table.model_overlaps(15, _below(10.01)) == ["lake"]
    # at a corner the base reaches deepest towards the corner's inside: (340, 340) is
    # 10 mm from both sides
    off = 15 / 2**0.5
    assert table.model_fits(15, (340 + off + 0.01, 340 + off))
    assert not table.model_fits(15, (340 + off - 0.01, 340 + off))
    # under the basic rules the lake is impassable terrain, touching only
    basic = _lake_table(BASIC)
    assert not basic.model_fits(15, _below(0.01)) and basic.model_fits(15, _below(0))
    # the nearest free position to a pointer in the water is 10 mm in
    found = table.nearest_model_position(15, (300, 330))
    assert found is not None and found[1] == pytest.approx(355, abs=0.001)


def test_a_path_may_pass_and_end_10_mm_in_the_water():
    table = _lake_table()
    start = table.models["nia"].position
    assert movement.check_path(table, "nia", [start, _below(10)]).ok
    deep = movement.check_path(table, "nia", [start, _below(10.01)])
    assert not deep.ok and deep.blocked_by == "lake"
    # along the shore with the base in the water all the way
    along = [start, _below(10, 300), _below(10, 270)]
    assert movement.check_path(table, "nia", along).ok
    assert not movement.check_path(table, "nia", [start, _below(10, 300), _below(10.01, 270)]).ok
    # the cheapest path to a point 10 mm in is straight; none ends deeper
    found = movement.shortest_path(table, "nia", _below(10))
    assert found is not None and found.cost == pytest.approx(65)
    assert movement.shortest_path(table, "nia", _below(10.01)) is None
    # round the lake: the path may cut its corner 10 mm deep, so it is shorter than
    # under the basic rules, where it keeps the base off the water
    goal = (300 - 50 - 25, 300)
    wading = movement.shortest_path(table, "nia", goal, limit=400)
    dry = movement.shortest_path(_lake_table(BASIC), "nia", goal, limit=400)
    assert wading is not None and dry is not None and wading.cost < dry.cost - 5
    assert movement.check_path(table, "nia", wading.points, allowance=400).ok


def test_the_reach_holds_the_water_10_mm_deep_and_no_deeper():
    table = _lake_table()
    model(table, "x", (300, 460), side=0)  # unrelated
    table.move_model("nia", (300, 380))
    area = reach(table, "nia")
    assert _in_reach(area, _below(9.8))
    assert not _in_reach(area, _below(10.2))
    assert _in_reach(area, _below(9.8, 260)) and not _in_reach(area, _below(10.2, 260))
    dry = _lake_table(BASIC)
    dry.move_model("nia", (300, 380))
    assert not _in_reach(reach(dry, "nia"), _below(1))


def _torrent(*warriors: Warrior):
    # a torrent (Schwimmen 5) about (300, 300): its right end is the side x = 400, y 285..315
    return position(
        terrain=[Piece("torrent", (300, 300))],
        warriors=warriors,
        phase=ACTIVATION,
        active="w1",
        options={"spacing": "warn", "ruleset": "terrain"},
    )


def test_a_move_action_may_end_10_mm_into_a_torrent_and_not_deeper():
    state = _torrent(Warrior(0, (450, 300)), Warrior(1, (100, 100)))
    assert "overlap a terrain piece" in refused(state, "move", model="w1", path=((450.0, 300.0), (404.9, 300.0)))
    lines = act(state, "move", model="w1", path=((450.0, 300.0), (405.0, 300.0)))
    assert state.models["w1"]["position"] == [405.0, 300.0]
    assert "moves 4.5 cm" in lines[0]
    # a position may hold a warrior wading, not one deeper in the water
    assert _torrent(Warrior(0, (405, 300)), Warrior(1, (100, 100))).models["w1"]["position"] == [405.0, 300.0]
    with pytest.raises(ValueError, match="terrain"):
        _torrent(Warrior(0, (404.9, 300)), Warrior(1, (100, 100)))


# -- high ground (S33) ------------------------------------------------------------------------


def test_on_high_ground_and_below_at_the_hills_edge():
    table = new_table(TERRAIN_RULES)
    piece(table, "hill", "small_hill", (300, 300))  # its right corner (350, 300)
    model(table, "kessler", (350, 300), side=0)  # the centre on the outline: on it
    model(table, "yuri", (350.01, 240), side=1)
    assert terrain_moves.on_high_ground(table, (350, 300))
    assert not terrain_moves.on_high_ground(table, (350.01, 300))
    assert terrain_moves.below(table, "kessler", "yuri") and not terrain_moves.below(table, "yuri", "kessler")
    assert attack.high_ground(table, "kessler") and not attack.high_ground(table, "yuri")
    table.move_model("kessler", (350.01, 300))
    assert not terrain_moves.below(table, "kessler", "yuri") and not attack.high_ground(table, "kessler")
    # both on the hill: neither is below the other
    table.move_model("kessler", (300, 300))
    table.move_model("yuri", (349.99, 300))
    assert not terrain_moves.below(table, "kessler", "yuri")
    # the basic rules know no high ground bonus
    basic = new_table(BASIC)
    piece(basic, "hill", "small_hill", (300, 300))
    assert not terrain_moves.on_high_ground(basic, (300, 300))


# -- leaving terrain (S35) ----------------------------------------------------------------------


def _grid(centre, reach_mm, step=2.3):
    n = int(reach_mm / step) + 1
    for i in range(-n, n + 1):
        for j in range(-n, n + 1):
            yield (centre[0] + i * step + 0.137, centre[1] + j * step + 0.071)


def test_the_reach_of_a_warrior_leaving_burning_bushes_holds_no_point_on_them():
    table = new_table(TERRAIN_RULES)
    piece(table, "bush", "bushes", (300, 300))
    model(table, "m", (300, 300))
    table.set_burning("bush", True)
    area = reach(table, "m")
    bush = table.pieces["bush"]
    inside = beyond = 0
    for p in _grid((300, 300), 95):
        clear = bush.distance_to_point(p)
        if _in_reach(area, p):
            inside += 1
            assert clear >= 15 - 1e-6, p  # the base off the bushes
        elif 15.02 <= clear and movement.shortest_path(table, "m", p) is not None:
            beyond += 1
            # reached but left out: only just short of the allowance
            assert math.dist(p, (300, 300)) > 100 - 0.5, p
    assert inside > 1000
    # straight below, where the base just touches the bushes: 0.01 mm further off is
    # in, 0.01 mm nearer is out
    lo, hi = 300.0, 360.0
    for _ in range(60):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if bush.distance_to_point((300, mid)) < 15 else (lo, mid)
    assert _in_reach(area, (300, hi + 0.01)) and not _in_reach(area, (300, hi - 0.01))


def test_the_reach_from_a_rocky_hills_top_holds_the_top_and_below_not_half_over_the_edge():
    table = new_table(TERRAIN_RULES)
    piece(table, "rock", "rocky_hill", (300, 300))
    model(table, "shooter", (300, 300))
    rock = table.pieces["rock"]
    area = reach(table, "shooter")
    on = off = 0
    for p in _grid((300, 300), 95):
        if _in_reach(area, p):
            wholly_on = rock.holds_disc(p, 15)
            clear = rock.distance_to_point(p) >= 15 - 1e-6
            assert wholly_on or clear, p
            on += wholly_on
            off += clear
    assert on > 100 and off > 500
    # the top's edge below the centre: the side from (-5, 35) to (30, 32) lies lower
    assert _in_reach(area, (300, 300)) and _in_reach(area, (300, 300 + 34 - 15 - 0.5))
    assert not _in_reach(area, (300, 300 + 34.5))


# -- hostile terrain in play (S34) ---------------------------------------------------------------


def _terrain(pieces, *warriors: Warrior):
    return position(
        terrain=pieces,
        warriors=warriors,
        phase=ACTIVATION,
        active="w1",
        options={"spacing": "warn", "ruleset": "terrain"},
    )


def _roll(state, face: int) -> list[str]:
    assert RULES.actor(state) == CHANCE
    spec = RULES.chance_spec(state)
    assert (spec.kind, spec.count) == ("dice", 1)
    step = RULES.apply_chance(state, (face,))
    RULES.check_invariants(state)
    return [event.message.render(["A", "B"]) for event in step.events]


def test_a20_a_move_ending_in_dense_forest_wounds_once_per_round():
    # the forest's left side crosses y = 300 at x = 251.1: a base centred at 240 overlaps it
    state = _terrain([Piece("dense_forest", (300, 300))], Warrior(0, (220, 300)), Warrior(1, (500, 500)))
    lines = act(state, "move", model="w1", path=((220.0, 300.0), (240.0, 300.0)))
    assert lines[-1] == "Yuri ends its move in hostile terrain: 1 wound, armour ignored."
    marks = list(state.models["w1"]["marks"])
    lines = _roll(state, 6)  # the legs
    assert lines[-1] == "Yuri takes 1 wound (legs) from hostile terrain."
    assert state.models["w1"]["marks"][3] == marks[3] + 1 and RULES.actor(state) == 0
    # a second move this round ending inside: no further wound
    lines = act(state, "move", model="w1", path=((240.0, 300.0), (242.0, 300.0)))
    assert len(lines) == 1 and RULES.actor(state) == 0
    # the next round (its end clears what lasts the round, step 11): again
    state.effects = []
    lines = act(state, "move", model="w1", path=((242.0, 300.0), (243.0, 300.0)))
    assert "hostile terrain: 1 wound" in lines[-1] and RULES.actor(state) == CHANCE


def test_a19_touching_the_lake_is_not_entering_but_wading_into_it_wounds():
    # the lake's left corner is (240, 290): a base centred 15 mm left of it touches it
    lake = [Piece("contaminated_lake", (300, 300))]
    state = _terrain(lake, Warrior(0, (180, 290)), Warrior(1, (500, 500)))
    lines = act(state, "move", model="w1", path=((180.0, 290.0), (225.0, 290.0)))
    assert len(lines) == 1 and RULES.actor(state) == 0
    # 10 mm into the water is as far as a move may go (S34): then the lake's X
    state = _terrain(lake, Warrior(0, (180, 290)), Warrior(1, (500, 500)))
    lines = act(state, "move", model="w1", path=((180.0, 290.0), (235.0, 290.0)))
    assert lines[-1] == "Yuri ends its move in hostile terrain: 1 wound, armour ignored."
    assert _roll(state, 1)[-1] == "Yuri takes 1 wound (head) from hostile terrain."


def test_a97_ending_in_an_acid_cloud_costs_two_wounds_armour_ignored():
    state = _terrain([Piece("acid_cloud", (300, 300))], Warrior(0, (230, 300), "reyes"), Warrior(1, (500, 500)))
    before = list(state.models["w1"]["marks"])
    lines = act(state, "move", model="w1", path=((230.0, 300.0), (300.0, 300.0)))
    assert lines[-1] == "Reyes ends its move in hostile terrain: 2 wounds, armour ignored."
    _roll(state, 1)  # the head, where Reyes wears a helmet (RS): ignored
    assert RULES.actor(state) == CHANCE  # the second wound's roll
    _roll(state, 6)
    after = state.models["w1"]["marks"]
    assert (after[0] - before[0], after[3] - before[3]) == (1, 1) and RULES.actor(state) == 0


def test_breaking_away_into_dense_forest_wounds_too():
    # Yuri in contact with an enemy; his move breaks away first (a roll), then ends in the forest
    state = _terrain(
        [Piece("dense_forest", (300, 300))], Warrior(0, (220, 300)), Warrior(1, (220, 270)), Warrior(1, (500, 500))
    )
    act(state, "move", model="w1", path=((220.0, 300.0), (240.0, 300.0)))
    lines: list[str] = []
    while RULES.actor(state) == CHANCE and not hostile.waiting(state):
        spec = RULES.chance_spec(state)
        step = RULES.apply_chance(state, tuple(6 for _ in range(spec.count)))
        RULES.check_invariants(state)
        lines += [event.message.render(["A", "B"]) for event in step.events]
    assert "Yuri breaks away; 2 AP left." in lines
    assert lines[-1] == "Yuri ends its move in hostile terrain: 1 wound, armour ignored."
    assert state.models["w1"]["position"] == [240.0, 300.0]
    assert _roll(state, 4)[-1] == "Yuri takes 1 wound (torso) from hostile terrain."
