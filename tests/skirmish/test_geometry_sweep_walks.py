"""The walks round a body that the reach's sweeps off arcs take (reach.py `_sweep`,
sweeps.py `Sweep`): where another node on the body takes the walk over, and where
a way cutting across heavy terrain's outline (cuts.py) is cheaper than walking the
arc across it; against the oracle on the seeded scenes (tests/skirmish/geometry)."""

from __future__ import annotations

import math

import pytest

from tabletop.games.skirmish.play.layout import demo_table
from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.cuts import cuts
from tabletop.games.skirmish.table.passage import passage
from tabletop.games.skirmish.table.rays import EXACT_SAG, HEAVY_MARGIN, REACH_MARGIN
from tabletop.games.skirmish.table.reach import HEAVY_SLACK, _sweep, reach
from tabletop.games.skirmish.table.search import spread
from tabletop.games.skirmish.table.spans import Heavy
from tabletop.games.skirmish.table.sweeps import Sweep
from tabletop.games.skirmish.table.terrain import TERRAIN_RULES
from tests.skirmish.geometry import check
from tests.skirmish.geometry.holes import in_reach
from tests.skirmish.geometry.oracle import Oracle
from tests.skirmish.geometry.parts import node_costs
from tests.skirmish.geometry.scenes import MOVER, scene


def _arc_nodes(table, model_id: str):
    """The passage, the limit and every arc node the move reaches with its cost
    (over heavy terrain as node_costs finds it)."""
    mover = passage(table, model_id)
    limit = table.allowance - HEAVY_MARGIN
    found = spread(mover, limit + HEAVY_SLACK * limit)
    costs = node_costs(mover, found)
    nodes = [
        (node, costs[node], found.bodies[node[0]])
        for node, step in found.steps.items()
        if step.line is not None and not found.bodies[node[0]].point and costs[node] < limit
    ]
    return mover, limit, nodes


def _turn(body, node, p) -> float:
    """How far round its corner's arc from the node (radians, its way round) p's
    tangent point lies, for a p on a ray leaving the arc."""
    c, r, o = body.corners[node[1]], body.radius, node[3]
    d = math.dist(p, c)
    phi = math.atan2(p[1] - c[1], p[0] - c[0]) - o * math.acos(min(1.0, r / d))
    turn = (o * (phi - node[2])) % (2 * math.pi)
    # the node's own tangent point, a rounding error behind it, is no turn at all
    return turn - 2 * math.pi if turn > 2 * math.pi - 1e-9 else turn


def test_a_sweep_off_an_arc_walks_no_further_than_a_node_ahead_that_takes_it_over():
    # m02 on the demo table under the terrain rules: two dozen nodes round one base,
    # each reached by its own way across heavy terrain; each sweep walked all round
    # the base, though beyond the next node that one's sweep reaches further
    table = demo_table(TERRAIN_RULES)
    mover, limit, nodes = _arc_nodes(table, "m02")
    node, g, body = max(((n, g, b) for n, g, b in nodes if len(b.corners) == 1), key=lambda x: limit - x[1])
    local = mover.within(body.corners[0], limit - g + body.radius)
    until = body.radius * 0.3
    # cast: every ray leaves the arc before the node ahead
    cast = _sweep(local, body, node, limit - g, [], ((until, 0.0),))
    straight = cast[0]  # the tangent rays' ends, then the walk's corners back
    assert max(_turn(body, node, p) for p in straight[: len(straight) // 2 + 1]) <= 0.3 + 1e-9
    # drawn: the walk stops there too
    drawn = Sweep(local, body, node, g, limit, until)
    assert sum(s.room for s in drawn.stretches) * body.radius <= until + 1e-9
    # a node ahead reached dearer than walking there takes nothing over
    whole = _sweep(local, body, node, limit - g, [], ((until, until * 3.0),))
    assert max(_turn(body, node, p) for p in whole[0][: len(whole[0]) // 2 + 1]) > 0.3


def test_what_the_sweeps_reach_beyond_a_node_that_takes_them_over_the_reach_still_holds():
    # m02 on the demo table under the terrain rules: the middle of every tangent ray
    # of every sweep walked all the way (as before nodes ahead took walks over) lies
    # in the reach
    table = demo_table(TERRAIN_RULES)
    mover, limit, nodes = _arc_nodes(table, "m02")
    polygons = reach(table, "m02").polygons
    missed = []
    for node, g, body in nodes:
        if len(body.corners) != 1:
            continue
        local = mover.within(body.corners[0], limit - g + body.radius)
        for poly in _sweep(local, body, node, limit - g, [])[:1]:
            half = len(poly) // 2
            ends, corners = poly[: half + 1], poly[half + 1 :][::-1]
            for end, (a, b) in zip(ends[1:-1], zip(corners, corners[1:], strict=False), strict=False):
                # the ray leaves the arc between the two walk corners next to it
                t = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
                p = ((t[0] + end[0]) / 2, (t[1] + end[1]) / 2)
                if math.dist(t, end) > 1.0 and not any(planar.point_in_polygon(p, q) for q in polygons):
                    missed.append(p)
    assert not missed, missed[:5]


@pytest.mark.parametrize(
    ("seed", "goal"),
    [
        # out of double-cost ground round a base whose arc runs into another piece of it
        # and out again: the cheapest way leaves the arc inside, across the outline and
        # back onto the arc (costs 99.84; the walk along the arc left a hole 0.14 mm deep)
        (76, (214.67127204315432, 355.7735665464796)),
        # round a base across a hill's outline into it: off the arc before the outline,
        # across it and back onto the arc inside (costs 99.84; a hole 0.13 mm deep)
        (710, (377.73198943645224, 327.4466502205281)),
    ],
)
def test_the_reach_holds_what_a_walk_round_a_base_reaches_cutting_across_heavy_terrain_s_outline(seed, goal):
    sc = scene(seed)
    assert Oracle(sc.table, MOVER).polished(goal)[0] <= sc.table.allowance - HEAVY_MARGIN
    assert in_reach(seed, goal)


@pytest.mark.parametrize("seed", [76, 710])
def test_what_a_walk_cutting_across_heavy_terrain_s_outline_reaches_a_path_reaches(seed):
    # the reach of those scenes holds no point the oracle does not reach
    tally = check.check_reach(scene(seed))
    unsound = [f for f in tally.findings if f.check == "reach-unsound"]
    assert not unsound, unsound[:3]


def test_a_cut_across_heavy_terrain_s_outline_saves_on_walking_the_arc_and_crosses_it():
    # seed 710: the base m6's arc crosses the hill's outline; the cut leaves the arc
    # before it, crosses the outline on its side and meets the arc again after it
    sc = scene(710)
    mover = passage(sc.table, MOVER)
    found = spread(mover, sc.table.allowance - REACH_MARGIN)
    body = next(b for b in found.bodies if b.owner == "m6")
    centre, r = body.corners[0], body.radius
    both = [cuts(mover, centre, r, o, 0.0, 2 * math.pi) for o in (1, -1)]
    assert all(both)
    for o, found_cuts in zip((1, -1), both, strict=True):
        for cut in found_cuts:
            assert 0.0 <= cut.leave < cut.join <= 2 * math.pi
            a = (centre[0] + r * math.cos(o * cut.leave), centre[1] + r * math.sin(o * cut.leave))
            b = (centre[0] + r * math.cos(o * cut.join), centre[1] + r * math.sin(o * cut.join))
            assert math.dist(cut.cross, centre) > r
            assert any(
                planar.point_segment_distance(cut.cross, h.part[i - 1], h.part[i]) < 1e-6
                for h in mover.heavy
                for i in range(len(h.part))
            )
            walked = r * (cut.join - cut.leave)
            assert math.dist(a, cut.cross) + math.dist(cut.cross, b) > walked  # longer, yet cheaper
            assert mover.cost(a, cut.cross) + mover.cost(cut.cross, b) < _arc_cost(mover, centre, r, o, cut)


def _arc_cost(mover, centre, r, o, cut) -> float:
    """What walking the arc of the cut costs (in fine straight steps)."""
    steps = 2000
    turns = [cut.leave + (cut.join - cut.leave) * k / steps for k in range(steps + 1)]
    points = [(centre[0] + r * math.cos(o * t), centre[1] + r * math.sin(o * t)) for t in turns]
    return sum(mover.cost(p, q) for p, q in zip(points, points[1:], strict=False))


def test_a_sweep_whose_walk_runs_into_heavy_terrain_meets_it():
    # over the terrain rules' demo table: where `walks_into` says (in closed form,
    # without drawing) that the walk starts on heavy terrain or crosses its outline,
    # `meets` says so of the sweep as drawn; it tells of sweeps holding no corner of
    # heavy terrain, which were drawn only to be thrown away
    table = demo_table(TERRAIN_RULES)
    told = 0
    for model_id in ("m02", "m01", "m03"):
        mover, limit, nodes = _arc_nodes(table, model_id)
        for node, g, body in nodes:
            local = mover.within(body.corners[node[1]], limit - g + body.radius)
            sweep = Sweep(local, body, node, g, limit)
            if local.heavy and sweep.walks_into(local.heavy):
                assert sweep.meets(sweep.polygons(EXACT_SAG), local.heavy, EXACT_SAG)
                told += not sweep.holds_corner_of(local.heavy)
    assert told >= 5, told
    # a part the arc crosses, and one the walk starts on, away from the rest
    mover, limit, nodes = _arc_nodes(demo_table(TERRAIN_RULES), "m02")
    node, g, body = nodes[0]
    sweep = Sweep(mover, body, node, g, limit)
    first = sweep.stretches[0]
    c, r, o = first.centre, body.radius, node[3]
    on = first.first + o * first.room / 2
    across = (c[0] + r * math.cos(on), c[1] + r * math.sin(on))
    assert sweep.walks_into([_square(across, 0.5)])
    start = (c[0] + r * math.cos(first.first), c[1] + r * math.sin(first.first))
    assert sweep.walks_into([_square(start, 0.1)])
    assert not sweep.walks_into([_square((c[0] + 2 * r + 200.0, c[1]), 0.5)])
    assert not sweep.walks_into([_square(c, r * 0.5)])  # inside the arc: the walk never meets it


def _square(centre, half: float) -> Heavy:
    x, y = centre
    part = ((x - half, y - half), (x + half, y - half), (x + half, y + half), (x - half, y + half))
    return Heavy(part, 1.0, (x - half, y - half, x + half, y + half))


def test_the_tangents_a_body_s_sweeps_cast_beside_are_listed_once_per_body_and_way_round(monkeypatch):
    """The rays of a sweep cast off an arc lie just either side of every tangent from
    the body to another one near: the same for every node on the body going round
    the same way, listed once for all of them (m02 of the demo table under the
    terrain rules: 27 sweeps cast off 3 bodies' arcs, each way round)."""
    from tabletop.games.skirmish.table import reach as reach_module

    table = demo_table(TERRAIN_RULES)
    handed: list[tuple[tuple[int, int], list[float]]] = []
    cast = reach_module._sweep

    def kept(mover, body, node, budget, edges, ahead=(), left_from=None):
        handed.append(((node[0], node[3]), edges))
        return cast(mover, body, node, budget, edges, ahead, left_from)

    monkeypatch.setattr(reach_module, "_sweep", kept)
    asked = []
    lines = reach_module.Spread.lines

    def counted(found, i, j):
        asked.append((i, j))
        return lines(found, i, j)

    monkeypatch.setattr(reach_module.Spread, "lines", counted)
    reach(table, "m02")
    ways = {way for way, _edges in handed}
    assert len(handed) > 20 and len(ways) < len(handed)
    for way in ways:
        lists = [edges for w, edges in handed if w == way]
        assert all(edges is lists[0] for edges in lists)
    # the lines from a swept body to each other body asked for once per way round
    swept = {index for index, _orient in ways}
    from_swept = [(i, j) for i, j in asked if i in swept]
    assert from_swept and max(from_swept.count(pair) for pair in set(from_swept)) <= 2


def test_a_sweep_that_walks_into_heavy_terrain_is_not_asked_whether_it_holds_a_corner_of_it(monkeypatch):
    """Either tells that a sweep meets heavy terrain (it is cast, not drawn): its walk
    is asked first, taking less to ask (m02 of the demo table under the terrain
    rules: 24 of the 39 sweeps near heavy terrain walk into it)."""
    told: list[tuple[str, bool]] = []
    holds, walks = Sweep.holds_corner_of, Sweep.walks_into
    monkeypatch.setattr(
        Sweep, "holds_corner_of", lambda s, heavy: told.append(("holds", holds(s, heavy))) or told[-1][1]
    )
    monkeypatch.setattr(Sweep, "walks_into", lambda s, heavy: told.append(("walks", walks(s, heavy))) or told[-1][1])
    reach(demo_table(TERRAIN_RULES), "m02")
    assert ("walks", True) in told
    assert all(told[k - 1] == ("walks", False) for k, (asked, _) in enumerate(told) if asked == "holds")
