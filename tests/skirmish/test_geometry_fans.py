"""Fans of straight rays over heavy terrain and past obstacles in closed form
(table/fans.py): what they draw is reached, by the independent oracle
(tests/skirmish/geometry), and they leave (almost) nothing to cast."""

from __future__ import annotations

import math

import pytest

from tabletop.games.skirmish.play.layout import demo_table
from tabletop.games.skirmish.table import fans as fans_module
from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table import reach as reach_module
from tabletop.games.skirmish.table.passage import passage
from tabletop.games.skirmish.table.planar import Polygon
from tabletop.games.skirmish.table.rays import CHORD_SAG, FAN_STEP
from tabletop.games.skirmish.table.reach import reach
from tabletop.games.skirmish.table.spans import segment_cost
from tabletop.games.skirmish.table.table import Table
from tabletop.games.skirmish.table.terrain import TERRAIN_RULES
from tests.skirmish.geometry import check
from tests.skirmish.geometry.oracle import Oracle
from tests.skirmish.geometry.scenes import MOVER, scene
from tests.skirmish.test_geometry_waves import _points, _table_of, _worst_over_allowance


def _drawn(monkeypatch: pytest.MonkeyPatch, table: Table, model_id: str) -> tuple[list[Polygon], float, float]:
    """The polygons the reach took from fans.py, and the directions (radians) it
    asked for and left to cast."""
    found: list[Polygon] = []
    widths = [0.0, 0.0]
    closed_fan = fans_module.closed_fan

    def fans(mover, origin, budget, low, width):  # type: ignore[no-untyped-def]
        result = closed_fan(mover, origin, budget, low, width)
        widths[0] += width
        if result is None:
            widths[1] += width
        else:
            found.extend(result[0])
            widths[1] += sum(w for _a, w in result[1])
        return result

    monkeypatch.setattr(reach_module, "closed_fan", fans)
    reach(table, model_id)
    return found, widths[0], widths[1]


@pytest.mark.parametrize("where", ["demo m02", "demo m13", "seed 47", "seed 272"])
def test_fans_past_obstacles_over_heavy_terrain_in_closed_form_hold_only_points_reached(monkeypatch, where):
    table, model_id = _table_of(where)
    polygons, asked, left = _drawn(monkeypatch, table, model_id)
    assert len(polygons) >= 3 and left <= 0.05 * asked, (len(polygons), asked, left)
    points = _points(polygons, 8)
    worst = _worst_over_allowance(table, model_id, points)
    assert worst <= check.BOUND, (worst, len(points))
    found = reach(table, model_id)
    assert all(any(planar.point_in_polygon(p, poly) for poly in found.polygons) for p in points[:50])


def _fans(monkeypatch: pytest.MonkeyPatch, table: Table, model_id: str) -> list[tuple[tuple, Polygon]]:  # type: ignore[type-arg]
    """Each polygon the reach took from fans.py with the fan's arguments."""
    found: list[tuple[tuple, Polygon]] = []  # type: ignore[type-arg]
    closed_fan = fans_module.closed_fan

    def fans(*args):  # type: ignore[no-untyped-def]
        result = closed_fan(*args)
        if result is not None:
            found.extend((args, poly) for poly in result[0])
        return result

    monkeypatch.setattr(fans_module, "closed_fan", fans)
    monkeypatch.setattr(reach_module, "closed_fan", fans)
    reach(table, model_id)
    monkeypatch.undo()
    return found


@pytest.mark.parametrize("where", ["demo m02", "demo m01", "seed 11", "seed 23", "seed 41", "seed 44"])
def test_every_point_of_a_closed_form_fan_s_edges_is_reached_straight_from_its_point(monkeypatch, where):
    # points along each edge (the straight edges between ray ends, the tangents drawn
    # outside an obstacle's circle, the radial edges where one obstacle hides
    # another): the straight way there from the fan's point is clear and costs at
    # most its budget, give or take CHORD_SAG (at the heavy terrain's rate) where an
    # edge joins two ends of rays the budget stops
    table, model_id = _table_of(where)
    fans = _fans(monkeypatch, table, model_id)
    assert len(fans) >= 5
    tried = 0
    for (mover, origin, budget, _low, _width), poly in fans:
        rate = 1.0 + max((h.extra for h in mover.heavy), default=0.0)
        for a, b in zip(poly, poly[1:] + poly[:1], strict=True):
            for f in (0.0, 0.25, 0.5, 0.75):
                p = (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)
                if math.dist(origin, p) < 1e-6:
                    continue
                # (a hair toward the fan's point: a point on an obstacle's outline is clear of it)
                q = (p[0] + (origin[0] - p[0]) * 1e-9, p[1] + (origin[1] - p[1]) * 1e-9)
                assert mover.clear(origin, q), (origin, p)
                assert segment_cost(origin, q, mover.heavy) <= budget + rate * CHORD_SAG + 1e-9, (origin, budget, p)
                tried += 1
    assert tried >= 1000


def test_a_fan_draws_the_ends_on_the_budget_s_circle_without_a_ray_each(monkeypatch):
    # where the budget runs out before the first heavy part a ray meets (or in it,
    # from inside it) and the obstacle it sees lies farther (both only grow away
    # from the directions in which they come nearest, marks of the fan), the ends
    # lie on a circle about the fan's point: drawn without working out a ray each
    counts = {"rays": 0, "points": 0}
    between = fans_module._Between.__init__

    def counted(self, ray, *args):  # type: ignore[no-untyped-def]
        def one(angle):  # type: ignore[no-untyped-def]
            counts["rays"] += 1
            return ray(angle)

        between(self, one, *args)

    closed_fan = fans_module.closed_fan

    def fans(*args):  # type: ignore[no-untyped-def]
        result = closed_fan(*args)
        if result is not None:
            counts["points"] += sum(len(poly) for poly in result[0])
        return result

    monkeypatch.setattr(fans_module._Between, "__init__", counted)
    monkeypatch.setattr(fans_module, "closed_fan", fans)
    monkeypatch.setattr(reach_module, "closed_fan", fans)
    reach(demo_table(TERRAIN_RULES), "m02")
    assert counts["points"] >= 2000
    assert counts["rays"] <= 0.6 * counts["points"], counts


def test_a_fan_s_ray_along_a_side_its_point_lies_on_runs_outside_the_terrain(monkeypatch):
    # seed 45: a fan from a node on heavy terrain's outline ends in the direction of a
    # side whose line runs through the node; its last ray runs along that side,
    # outside the terrain (as spans.heavy_spans counts it), to the full budget; counted
    # at the terrain's rate it stopped 7 mm short, and with the reach 0.005 mm short of
    # the allowance a point 0.05 mm inside the allowance beside it was left out
    monkeypatch.setattr(reach_module, "HEAVY_MARGIN", 0.005)
    p = (254.11042589833735, 419.4002098361258)
    found = reach(scene(45).table, MOVER)
    assert any(planar.point_in_polygon(p, poly) for poly in found.polygons)


def test_a_fan_s_ends_in_heavy_terrain_are_as_near_together_as_on_the_budget_s_circle(monkeypatch):
    # demo m10: a fan from a node on a side into heavy terrain (rate 2) ends on a
    # circle of half the budget's length; its rays are as near together as on the
    # budget's own circle, so a straight edge between two falls at most CHORD_SAG
    # short in cost, not twice that: with the reach 0.005 mm short of the allowance
    # this point (0.0145 mm inside it) lay between an edge and the circle
    monkeypatch.setattr(reach_module, "HEAVY_MARGIN", 0.005)
    p = (203.7389641846731, 100.64007345596889)
    found = reach(demo_table(TERRAIN_RULES), "m10")
    assert any(planar.point_in_polygon(p, poly) for poly in found.polygons)


@pytest.mark.parametrize("where", ["demo m02", "demo m03", "seed 212", "seed 455"])
def test_a_fan_s_ends_on_a_circle_are_no_farther_apart_than_the_sag_allows(monkeypatch, where):
    # where a fan's ends lie on a circle about its point (the budget runs out before
    # any heavy part, on a circle of the budget's length, or inside the part the
    # point lies in, on one of the budget over its rate: a mm short costs the rate),
    # the straight edge between two neighbouring ends falls short of the circle by at
    # most CHORD_SAG in cost: budget (1 - cos(turn / 2)) either way, whatever the
    # budget (short fans too)
    table, model_id = _table_of(where)
    fans = _fans(monkeypatch, table, model_id)
    pairs = 0
    for (_mover, origin, budget, _low, _width), poly in fans:
        for a, b in zip(poly, poly[1:] + poly[:1], strict=True):
            ra, rb = math.dist(origin, a), math.dist(origin, b)
            if ra < 1e-6 or abs(ra - rb) > 1e-9 * ra or budget / ra - 1.0 < -1e-9:
                continue
            (ux, uy), (vx, vy) = (a[0] - origin[0], a[1] - origin[1]), (b[0] - origin[0], b[1] - origin[1])
            turn = abs(math.atan2(ux * vy - uy * vx, ux * vx + uy * vy))
            assert budget * (1.0 - math.cos(turn / 2.0)) <= CHORD_SAG * (1.0 + 1e-6), (origin, budget, a, b)
            pairs += 1
    assert pairs >= 200, pairs


def test_a_short_fan_puts_its_ends_on_the_circle_as_far_apart_as_the_sag_allows(monkeypatch):
    # demo m02: the fans from nodes on heavy terrain's outline with a budget under
    # 26 mm (there 2 * acos(1 - CHORD_SAG / budget) > FAN_STEP) draw their ends on
    # the budget's circle wider apart than FAN_STEP: as many as the sag needs, not
    # up to four times that (`rays.chord_step`)
    table, model_id = _table_of("demo m02")
    widest = 0.0
    for (_mover, origin, budget, _low, _width), poly in _fans(monkeypatch, table, model_id):
        if budget >= 26.0:
            continue
        for a, b in zip(poly, poly[1:] + poly[:1], strict=True):
            ra, rb = math.dist(origin, a), math.dist(origin, b)
            if ra < 1e-6 or abs(ra - rb) > 1e-9 * ra:
                continue
            (ux, uy), (vx, vy) = (a[0] - origin[0], a[1] - origin[1]), (b[0] - origin[0], b[1] - origin[1])
            widest = max(widest, abs(math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)))
    assert widest > 1.5 * FAN_STEP, math.degrees(widest)


@pytest.mark.parametrize(
    "seed, corner",
    [
        # a rubbish heap's corner 30.15 mm along its side from the corner a fan starts at
        # (the oracle's cheapest way costs 73.78, 26.2 mm inside the allowance); the fan
        # into the heap drew its first ray, along that side, at the heap's rate (28.18
        # mm), and the fan outside ended on it: the corner lay on the fans' shared edge
        (477, (301.4780012337083, 173.3376359259551)),
        # the same along a side of a sewage pond (13.7 mm inside the allowance)
        (1137, (310.0600545498422, 294.60918550445194)),
        # and of a small hill (9.3 mm inside the allowance)
        (2843, (158.420540070436, 118.73552677749169)),
    ],
)
def test_a_fan_from_a_corner_of_heavy_terrain_holds_the_side_it_runs_along_at_the_plain_rate(seed, corner):
    # a ray along a side of heavy terrain runs outside it (spans.heavy_spans): the
    # fans from the corner hold the side as far as the whole budget goes along it
    sc = scene(seed)
    assert Oracle(sc.table, MOVER).polished(corner)[0] <= sc.table.allowance - 5.0
    found = reach(sc.table, MOVER)
    assert any(planar.point_in_polygon(corner, poly) for poly in found.polygons)


@pytest.mark.parametrize("into", [True, False])
def test_either_fan_from_a_corner_of_heavy_terrain_alone_holds_the_side_it_ends_on_to_the_whole_budget(into):
    # seed 477: the fans from a rubbish heap's corner into it and outside it meet on its side;
    # each on its own holds the side (inside it, not on its edge) as far as the
    # budget reaches along it at the plain rate, past the next corner
    origin, corner = (271.377548989681, 171.61636467916335), (301.4780012337083, 173.3376359259551)
    budget = 56.36929804047556
    side = math.atan2(corner[1] - origin[1], corner[0] - origin[0])
    low, width = (side, 2.097092472412933) if into else (side - 0.5171821263427151, 0.5171821263427151)
    mover = passage(scene(477).table, MOVER).within(origin, budget)
    found = fans_module.closed_fan(mover, origin, budget, low, width)
    assert found is not None and not found[1]
    for f in (0.2, 0.5, 0.9, 0.999):
        p = (origin[0] + math.cos(side) * budget * f, origin[1] + math.sin(side) * budget * f)
        assert any(planar.point_in_polygon(p, poly) for poly in found[0]), f


def test_the_directions_a_fan_casts_beside_are_worked_out_only_where_it_casts(monkeypatch):
    """A fan left to cast (rays.fan) casts rays just either side of the directions to
    the tangent points of the bodies near its point: worked out only where rays are
    cast, not for every fan the closed form draws whole (m02 of the demo table under
    the terrain rules: every fan from the start and from the corners and nodes of
    heavy terrain's outline drawn in closed form, so none of them asked)."""
    cast, asked = [], []
    fan, lines = reach_module.fan, reach_module.Spread.lines

    def casting(*args, **kwargs):
        cast.append(args[1])
        return fan(*args, **kwargs)

    def listing(found, i, j):
        asked.append(found.bodies[i].point)
        return lines(found, i, j)

    monkeypatch.setattr(reach_module, "fan", casting)
    monkeypatch.setattr(reach_module.Spread, "lines", listing)
    polygons = reach(demo_table(TERRAIN_RULES), "m02").polygons
    assert len(polygons) > 100 and asked and not cast
    # the lines a reach lists are from the bodies its sweeps go round (not from points)
    assert not any(asked)


def test_a_fan_s_ray_along_a_seam_between_two_parts_of_heavy_terrain_runs_at_its_rate():
    # seed 3525 (past the 3,000 the check runs): a fan from the inner corner of an
    # L-shaped ruined wall (double cost) ends in the direction of the seam between the
    # wall's two parts; its ray along the seam runs inside the wall (as
    # spans.heavy_spans counts it), not along its outline: drawn at 1 per mm it ran to
    # the full budget, 5.4 mm, a point whose path costs 105.4 of the allowance's 100
    table = scene(3525).table
    corner, end = (523.3140159206846, 420.7733364747185), (528.4892625218014, 422.34519608778106)
    assert segment_cost(corner, end, passage(table, MOVER).heavy) == pytest.approx(2 * math.dist(corner, end))
    found = reach(table, MOVER)
    assert not any(planar.point_in_polygon(end, poly) for poly in found.polygons)
    nearest = min(
        planar.point_segment_distance(end, poly[i - 1], poly[i]) for poly in found.polygons for i in range(len(poly))
    )
    assert nearest > 1.0, nearest
