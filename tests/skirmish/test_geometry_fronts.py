"""The reach's polygons across heavy terrain's outline drawn in closed form
(table/fronts.py: refracted fronts straight from a point across a side) hold only
points one move reaches, by the independent oracle (tests/skirmish/geometry), and
each ray's end costs the limit by families.Front."""

from __future__ import annotations

import math

import pytest

from tabletop.games.skirmish.play.layout import demo_table
from tabletop.games.skirmish.table import crossing, fronts, planar, rays
from tabletop.games.skirmish.table import reach as reach_module
from tabletop.games.skirmish.table.families import Front
from tabletop.games.skirmish.table.fringe import fringe, hit
from tabletop.games.skirmish.table.passage import passage
from tabletop.games.skirmish.table.pieces import Obstacle
from tabletop.games.skirmish.table.planar import Polygon
from tabletop.games.skirmish.table.reach import reach
from tabletop.games.skirmish.table.table import Table
from tabletop.games.skirmish.table.tangents import Core
from tabletop.games.skirmish.table.terrain import TERRAIN_RULES
from tests.skirmish.geometry import check
from tests.skirmish.geometry.oracle import Oracle
from tests.skirmish.geometry.scenes import MOVER, scene
from tests.skirmish.test_geometry_families import _one_mire
from tests.skirmish.test_geometry_waves import _points, _table_of, _worst_over_allowance


def _drawn(monkeypatch: pytest.MonkeyPatch, table: Table, model_id: str) -> list[Polygon]:
    """The polygons the reach took from fronts.py."""
    found: list[Polygon] = []
    front = crossing.front

    def fronts(*args):  # type: ignore[no-untyped-def]
        result = front(*args)
        if result is not None:
            found.extend(result[0])
        return result

    monkeypatch.setattr(crossing, "front", fronts)
    reach(table, model_id)
    return found


def _assert_reached_and_in_the_reach(table, model_id: str, polygons) -> None:
    """Points along the drawn polygons cost within the allowance by the oracle's
    measure, and the first 50 lie in the reach."""
    points = _points(polygons, 6)
    worst = _worst_over_allowance(table, model_id, points)
    assert worst <= check.BOUND, (worst, len(points))
    found = reach(table, model_id)
    assert all(any(planar.point_in_polygon(p, poly) for poly in found.polygons) for p in points[:50])


@pytest.mark.parametrize("where", ["demo m02", "demo m13", "seed 272", "seed 47", "seed 41"])
def test_what_the_reach_draws_of_refracted_fronts_in_closed_form_is_reached(monkeypatch, where):
    table, model_id = _table_of(where)
    polygons = _drawn(monkeypatch, table, model_id)
    assert len(polygons) >= 3
    _assert_reached_and_in_the_reach(table, model_id, polygons)


@pytest.mark.parametrize(
    ("start", "x0", "reach_along"),
    [
        ((250.0, 300.0), (300.0, 303.0), 7.0),
        ((320.0, 300.0), (300.0, 303.0), 7.0),
        ((320.0, 300.0), (300.0, 305.0), 10.0),
    ],
    ids=["into the mire", "out of it", "out of it up to the critical angle"],
)
def test_a_front_across_one_side_ends_where_it_costs_the_limit_and_covers_what_the_cast_rays_do(start, x0, reach_along):
    _table, _oracle = _one_mire(start)
    mover = passage(_table, "m")
    limit = 99.9
    rates = (1.0, 2.0) if start[0] < 300.0 else (2.0, 1.0)
    family = Front(start, 0.0, (((300.0, 200.0), (300.0, 400.0)),), rates)
    for u in [(0.0, 1.0), (0.0, -1.0)]:
        exact = crossing.front(mover, start, 0.0, limit, x0, u, 0.0, reach_along)
        assert exact is not None
        polygons, rest, _caster = exact
        assert polygons and rest == []
        # each ray's end (the polygons' second half) costs the limit
        ends = [q for p in polygons for q in p[len(p) // 2 :] if abs(q[0] - 300.0) > 1e-6]
        assert ends
        assert max(abs(family.cost(q) - limit) for q in ends) < 1e-9
        # and the area is the cast rays' (up to their sag)
        count = 5
        cast = crossing._crossing_run(
            mover, start, 0.0, limit, x0, u, [reach_along * k / count for k in range(count + 1)], None
        )
        drawn = sum(abs(planar.signed_area(p)) for p in polygons)
        assert drawn == pytest.approx(sum(abs(planar.signed_area(p)) for p in cast), abs=2.0)
        assert drawn > 100.0


def test_no_front_is_drawn_from_a_point_whose_way_to_the_side_crosses_another():
    # (451.8, 338.4) lies beyond the line of this side of the hill, but outside the hill:
    # its way to the side crosses another of the hill's sides first
    table = demo_table(TERRAIN_RULES)
    mover = passage(table, "m02")
    x0, u = (477.5, 319.6891108675446), (0.94349670931921, -0.3313818937477153)
    assert crossing.front(mover, (451.8, 338.4), 0.0, 99.9, x0, u, 0.0, 7.0) is None


@pytest.mark.parametrize(
    "where", ["seed 894", "seed 60", "seed 156", "seed 186", "seed 851", "seed 1948", "seed 969", "seed 350"]
)
def test_what_the_reach_draws_through_heavy_terrain_in_closed_form_is_reached(monkeypatch, where):
    table, model_id = _table_of(where)
    found: list[Polygon] = []
    through_sides = reach_module.through_sides

    def drawn(*args, **kwargs):  # type: ignore[no-untyped-def]
        for part in through_sides(*args, **kwargs):
            found.extend(part)
            yield part

    monkeypatch.setattr(reach_module, "through_sides", drawn)
    reach(table, model_id)
    assert found
    points = _points(found, 6)
    worst = _worst_over_allowance(table, model_id, points)
    assert worst <= check.BOUND, (worst, len(points))


@pytest.mark.parametrize("model_id", ["m02", "m18", "m20"])
def test_the_rays_a_front_leaves_to_cast_past_an_obstacle_are_worked_out_as_the_caster_casts_them(
    monkeypatch, model_id
):
    table = demo_table(TERRAIN_RULES)
    asked = []
    front = crossing.front

    def fronts(*args):  # type: ignore[no-untyped-def]
        result = front(*args)
        if result is not None and result[2] is not None:
            asked.append((args, result))
        return result

    monkeypatch.setattr(crossing, "front", fronts)
    reach(table, model_id)
    assert asked
    compared = stopped = 0
    for (mover, origin, base, limit, x0, u, _lo, _hi), (_drawn, rest, caster) in asked:
        for lo, hi in rest:
            # (inside the stretch: at a corner of the part the old probes either side
            # of the crossing find no outline)
            for f in (k / 20 for k in range(1, 20)):
                d = lo + (hi - lo) * f
                x = (x0[0] + u[0] * d, x0[1] + u[1] * d)
                exact = caster.crossing(d)
                if not mover.clear(origin, x) or base + mover.cost(origin, x) >= limit:
                    assert exact is None
                    continue
                cost = base + mover.cost(origin, x)
                direction = crossing.refracted(mover, x, rays.bearing(origin, x), (-u[1], u[0]))
                assert (exact is None) == (direction is None)
                if exact is None or direction is None:
                    continue
                assert math.dist(exact[0], x) < 1e-9 and exact[1] == pytest.approx(cost, abs=1e-9)
                assert abs((exact[2] - direction + math.pi) % (2 * math.pi) - math.pi) < 1e-9
                end, what, _kind = caster.cast(x, cost, direction)
                want, want_what, _want_kind = rays.cast(mover, x, limit - cost, direction)
                # (the grown space's segment queries stop within a few millionths of a mm
                # of the exact pieces; both stop RAY_MARGIN short of them)
                assert math.dist(end, want) < 1e-5, (end, want)
                assert (what is None) == (want_what is None)
                compared += 1
                stopped += what is not None
    assert compared >= 10 and stopped >= 1


def _grazed(monkeypatch, model_id):
    """The arguments crossing.crossings gave fronts.graze and the caster it got
    back, each time it got one, while the reach of model_id on the demo table under
    the terrain rules was drawn."""
    asked = []
    graze = crossing.graze

    def grazes(*args):  # type: ignore[no-untyped-def]
        result = graze(*args)
        if result is not None:
            asked.append((args, result))
        return result

    monkeypatch.setattr(crossing, "graze", grazes)
    reach(demo_table(TERRAIN_RULES), model_id)
    return asked


@pytest.mark.parametrize("model_id", ["m02", "m01"])
def test_the_rays_run_along_heavy_terrain_s_outline_and_in_past_an_obstacle_are_cast_as_the_caster_casts_them(
    monkeypatch, model_id
):
    asked = _grazed(monkeypatch, model_id)
    assert asked
    compared = stopped = 0
    for (mover, corner, start, u, base, limit, angle, far), caster in asked:
        for f in (0.1, 0.3, 0.5, 0.7, 0.9):
            d = far * f
            x = (start[0] + u[0] * d, start[1] + u[1] * d)
            exact = caster.crossing(d)
            if base + mover.cost(corner, x) >= limit:
                assert exact is None
                continue
            assert exact is not None and mover.clear(corner, x)
            assert exact[1] == base + mover.cost(corner, x) and exact[2] == angle
            end, what, _kind = caster.cast(x, exact[1], angle)
            want, want_what, _want_kind = rays.cast(mover, x, limit - exact[1], angle)
            # (the grown space's segment queries stop within some hundred-thousandths of
            # a mm of the exact pieces; both stop RAY_MARGIN short of them)
            assert math.dist(end, want) < 1e-4, (end, want)
            assert (what is None) == (want_what is None)
            compared += 1
            stopped += what is not None
    assert compared >= 10


def test_from_a_point_on_the_side_s_line_a_front_draws_and_casts_nothing():
    # the way along the outline crosses nowhere: it turns in at the critical angle only
    # (the head wave crossings draws from where it came onto the outline)
    _table, _oracle = _one_mire((250.0, 300.0))
    mover = passage(_table, "m")
    for origin in [(300.0, 250.0), (300.0, 330.0), (300.0, 150.0)]:
        for u in [(0.0, 1.0), (0.0, -1.0)]:
            assert crossing.front(mover, origin, 0.0, 99.9, (300.0, 303.0), u, 0.0, 7.0) == ([], [], None)


def test_the_reach_casts_no_rays_across_a_side_from_a_point_on_its_line(monkeypatch):
    table = demo_table(TERRAIN_RULES)
    along = []
    run = crossing._crossing_run

    def runs(mover, origin, base, limit, x0, u, marks, grazing, exact=None):  # type: ignore[no-untyped-def]
        if grazing is None and abs((origin[0] - x0[0]) * u[1] - (origin[1] - x0[1]) * u[0]) < fronts.ALONG:
            along.append((origin, x0, u))
        return run(mover, origin, base, limit, x0, u, marks, grazing, exact)

    monkeypatch.setattr(crossing, "_crossing_run", runs)
    reach(table, "m02")
    assert along == []


def test_rays_run_along_the_outline_in_one_direction_fan_out_nowhere(monkeypatch):
    table = demo_table(TERRAIN_RULES)
    widths = []
    fan = crossing.fan

    def fans(mover, origin, budget, low, width, *args, **kwargs):  # type: ignore[no-untyped-def]
        widths.append(width)
        return fan(mover, origin, budget, low, width, *args, **kwargs)

    monkeypatch.setattr(crossing, "fan", fans)
    reach(table, "m02")
    assert widths and min(widths) > 0.0


def test_the_ways_along_the_outline_to_the_crossings_cost_their_length_as_segment_cost_finds(monkeypatch):
    """The ways crossing.crossings runs along heavy terrain's outline from a corner
    and casts exactly (fronts.graze): each way's cost to its crossing point, taken as
    its length where no other heavy part lies near it, is what segment_cost finds."""
    asked = _grazed(monkeypatch, "m02")
    alone = [(args, caster) for args, caster in asked if caster.alone]
    assert alone
    compared = 0
    for (mover, corner, start, u, base, limit, _angle, far), caster in alone:
        for f in (0.0, 0.25, 0.5, 0.75, 1.0):
            d = far * f
            x = (start[0] + u[0] * d, start[1] + u[1] * d)
            found = caster.crossing(d)
            want = base + mover.cost(corner, x)
            if want >= limit:
                assert found is None
                continue
            assert found is not None and found[0] == x and found[1] == want
            compared += 1
    assert compared >= 20


def _stopped(monkeypatch, model_id):
    """What the casters fronts.graze handed crossing.crossings drew of the rays that
    surely end on one obstacle (`stopped`: its arguments, polygons and the stretches
    left), while the reach of model_id on the demo table under the terrain rules was
    drawn."""
    asked = []
    graze = crossing.graze

    def grazes(*args):  # type: ignore[no-untyped-def]
        caster = graze(*args)
        if caster is not None:
            stopped = caster.stopped

            def drawn(lo, hi):  # type: ignore[no-untyped-def]
                result = stopped(lo, hi)
                asked.append((args, caster, (lo, hi), result))
                return result

            caster.stopped = drawn
        return caster

    monkeypatch.setattr(crossing, "graze", grazes)
    reach(demo_table(TERRAIN_RULES), model_id)
    return asked


@pytest.mark.parametrize(("model_id", "least"), [("m02", 20), ("m01", 3)])
def test_the_rays_run_along_the_outline_that_surely_end_on_an_obstacle_are_drawn_along_it_and_reached(
    monkeypatch, model_id, least
):
    """m02 stands beside m01, who stands in the hill's heavy terrain: the rays run along
    the hill's outline and in end on m01's base. Where they surely do, they are drawn
    along its outline moved out by RAY_MARGIN, not cast: points the oracle finds
    reached, RAY_MARGIN / 2 or more off every obstacle; the stretches left to cast
    are the rest of each stretch."""
    asked = _stopped(monkeypatch, model_id)
    polygons = [p for _args, _caster, _span, (drawn, _rest) in asked for p in drawn]
    assert len(polygons) >= least
    for _args, _caster, (lo, hi), (drawn, rest) in asked:
        assert all(lo <= s0 < s1 <= hi for s0, s1 in rest)
        assert all(a[1] <= b[0] for a, b in zip(rest, rest[1:], strict=False))
        assert drawn or rest == [(lo, hi)]
    table = demo_table(TERRAIN_RULES)
    mover = passage(table, model_id)
    assert min(ob.clearance(q) for p in polygons for q in p for ob in mover.field.obstacles) >= rays.RAY_MARGIN / 2
    _assert_reached_and_in_the_reach(table, model_id, polygons)


@pytest.mark.parametrize(
    "core", [((500.0, 300.0),), ((480.0, 290.0), (520.0, 310.0)), ((480.0, 290.0), (530.0, 300.0), (500.0, 330.0))]
)
def test_the_fringe_of_an_obstacle_keeps_its_edges_half_the_margin_off_it(core):
    ob = Obstacle.grown(Core("o", core, 12.5), 12.5, 0)
    pad = rays.RAY_MARGIN
    for angle in (0.0, 0.7, 2.0, 4.0):
        v = (math.cos(angle), math.sin(angle))
        # rays from well before the obstacle across its whole width
        w = (-v[1], v[0])
        ends = []
        for k in range(-60, 61):
            x = (500.0 - v[0] * 200.0 + w[0] * k, 300.0 - v[1] * 200.0 + w[1] * k)
            t = hit(ob, x, v, pad)
            if t < math.inf:
                ends.append((x[0] + v[0] * t, x[1] + v[1] * t))
        assert len(ends) >= 40
        a, b = ends[1], ends[-2]
        line = [a, *fringe(ob, pad, v, a, b), b]
        assert len(line) > 10
        # on the outline moved out by pad, in order across the rays, none met first by another ray
        assert all(abs(ob.clearance(p) - pad) < 1e-9 for p in line)
        across = [w[0] * p[0] + w[1] * p[1] for p in line]
        assert all(p < q for p, q in zip(across, across[1:], strict=False))
        # each straight edge between neighbours keeps pad / 2 off the grown obstacle
        for p, q in zip(line, line[1:], strict=False):
            assert not ob.near((p, q), ob.radius + pad / 2 - 1e-9)


def test_the_rays_run_along_the_outline_leave_no_strip_out_where_what_stops_them_changes(monkeypatch):
    """Seed 159 (double cost, HEAVY_MARGIN 0.005 mm): from a corner along the outline
    and in at the critical angle (costs 98.98); where the rays stop changing from
    m6's base to the budget they were halved down to 0.0076 mm apart only, the strip
    between left out: a hole 1.01 mm deep."""
    monkeypatch.setattr(reach_module, "HEAVY_MARGIN", 0.005)
    sc = scene(159)
    goal = (208.1321664170215, 158.28916365833672)
    assert Oracle(sc.table, MOVER).polished(goal)[0] <= sc.table.allowance - 1.0
    assert any(planar.point_in_polygon(goal, poly) for poly in reach(sc.table, MOVER).polygons)


def test_a_way_out_of_terrain_casts_no_rays_across_heavy_terrain_from_where_the_base_is_still_on_it(monkeypatch):
    """A warrior leaving terrain (seed 194: out of burning bushes) cannot bend where
    its base is still on that terrain: the crossings of heavy terrain's outline
    straight from its start send no rays from there (each would run into the terrain
    at once; they were cast by the thousand, the slowest part of such a reach)."""
    sc = scene(194)
    mover = passage(sc.table, MOVER)
    assert mover.leaving
    on_it, cast_from = [], []
    run, cast = crossing._crossing_run, crossing.cast

    def runs(mover, origin, *args, **kwargs):  # type: ignore[no-untyped-def]
        cast_from.append(origin == mover.start)
        try:
            return run(mover, origin, *args, **kwargs)
        finally:
            cast_from.pop()

    def casts(mover, x, budget, angle):  # type: ignore[no-untyped-def]
        if cast_from and cast_from[-1]:
            parts = mover.leaving_parts
            on_it.append(any(planar.point_convex_signed_distance(x, part) < mover.radius for part in parts))
        return cast(mover, x, budget, angle)

    monkeypatch.setattr(crossing, "_crossing_run", runs)
    monkeypatch.setattr(crossing, "cast", casts)
    reach(sc.table, MOVER)
    # (rays are cast from the start's crossings where the base is clear)
    assert on_it and not any(on_it), (len(on_it), sum(on_it))


@pytest.mark.parametrize("seed", [2049, 2595])
def test_a_warrior_leaving_terrain_draws_the_fronts_from_past_its_way_out_in_closed_form(monkeypatch, seed):
    """A warrior leaving terrain (seed 2049: a rubbish heap; seed 2595: burning
    bushes) passes it only on the first leg of its path: the ways across heavy
    terrain's outline from the nodes past that leg are drawn in closed form as any
    warrior's (they were all cast, a fifth of such a reach's time), and what is
    drawn is reached."""
    sc = scene(seed)
    assert passage(sc.table, MOVER).leaving
    polygons = _drawn(monkeypatch, sc.table, MOVER)
    assert polygons
    _assert_reached_and_in_the_reach(sc.table, MOVER, polygons)


@pytest.mark.parametrize("seed", [9, 10, 13])
def test_a_ray_of_a_front_running_into_an_obstacle_leaves_its_pairs_to_cast_as_their_own_test_does(monkeypatch, seed):
    """Each two neighbouring rays of a front are drawn only where nothing lies in the
    way of their quadrilateral and legs. The rays are worked out as if nothing stopped
    them: one that runs into an obstacle puts it in the way of the pairs on either side
    of it, asked of the ray alone before the pair's own test. The reach is the same to
    the bit with only the pairs' own test asked."""
    sc = scene(seed)
    crossed = fronts._Run._crossed
    found = []

    def counted(r, obstacles, known):  # type: ignore[no-untyped-def]
        result = crossed(r, obstacles, known)
        found.append(result)
        return result

    monkeypatch.setattr(fronts._Run, "_crossed", staticmethod(counted))
    quick = reach(sc.table, MOVER).polygons
    assert any(found)
    monkeypatch.setattr(fronts._Run, "_crossed", staticmethod(lambda r, obstacles, known: False))
    assert reach(scene(seed).table, MOVER).polygons == quick
