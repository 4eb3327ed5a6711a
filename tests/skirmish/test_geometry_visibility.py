"""The exact visible disc (table/visibility.py) against pymunk's casts, its own
polygon, sources touching obstacles, wedges and occluders, and the reach's use of it.

The exact pieces decide what is clear; pymunk's grown space grows shapes by radius
- EPS, so the two agree to the float tolerance along a ray except where a ray meets
a piece almost along it (there a hair of depth is much ray length): along-ray
differences are judged as how far the ends lie from the other's boundary."""

from __future__ import annotations

import math
import random

import pytest

from tabletop.games.skirmish.play.layout import demo_table
from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.passage import Passage, passage
from tabletop.games.skirmish.table.pieces import TAU, Circle, Field, Line
from tabletop.games.skirmish.table.rays import CHORD_SAG, EXACT_SAG, REACH_MARGIN
from tabletop.games.skirmish.table.reach import reach
from tabletop.games.skirmish.table.terrain import BASIC
from tabletop.games.skirmish.table.visibility import Disc, visible_disc
from tests.skirmish.geometry.scenes import MOVER, scene

from .scenes import box, kind, model, new_table, piece

#: the agreement asked for with pymunk's casts (mm)
AGREE = 0.002


def _cast(mover: Passage, source, radius: float, angle: float) -> float:
    """How far pymunk's grown space lets a ray from source run (not from the start)."""
    end = (source[0] + radius * math.cos(angle), source[1] + radius * math.sin(angle))
    hit = mover.first_hit(source, end)
    return radius if hit is None else hit[1] * radius


def _clearance(field: Field, p) -> float:
    """How far p lies from the nearest grown obstacle or the table's edge (negative inside)."""
    r = field.radius
    edge = min(p[0] - r, p[1] - r, field.width - r - p[0], field.height - r - p[1])
    return min([edge, *(o.clearance(p) for o in field.obstacles)])


def _agrees(disc: Disc, mover: Passage, field: Field, angle: float) -> float:
    """How far the exact ray end and pymunk's lie apart, measured as depth beyond
    the other's boundary where they differ along a grazing ray (0: agree)."""
    span = disc.span_at(angle)
    assert span is not None
    exact = disc.reach_at(span, angle)
    cast = _cast(mover, disc.source, disc.radius, angle)
    if abs(exact - cast) <= AGREE:
        return abs(exact - cast)
    # a grazing ray: every point between the two ends lies within AGREE of touching
    ox, oy = disc.source
    u = (math.cos(angle), math.sin(angle))
    lo, hi = sorted((exact, cast))
    worst = 0.0
    for k in range(1, 20):
        t = lo + (hi - lo) * k / 20
        worst = max(worst, abs(_clearance(field, (ox + t * u[0], oy + t * u[1]))))
    return worst


def _rays(disc: Disc, mover: Passage, field: Field, rng: random.Random, count: int) -> float:
    return max(_agrees(disc, mover, field, rng.uniform(0.0, TAU)) for _ in range(count))


def test_the_start_disc_agrees_with_pymunk_casts_on_the_demo_table():
    table = demo_table(BASIC)
    rng = random.Random(1)
    worst = 0.0
    for model_id in sorted(table.models):
        mover = passage(table, model_id)
        disc = visible_disc(mover.field, mover.start, table.allowance)
        assert disc.spans
        worst = max(worst, _rays(disc, mover, mover.field, rng, 300))
    assert worst <= AGREE


@pytest.mark.parametrize("first", [0, 25, 50, 75])
def test_discs_agree_with_pymunk_casts_on_the_seeded_scenes(first):
    """From the mover's start and from free points, with radii from 20 to 200 mm:
    300 rays each, 25 scenes a case."""
    worst = 0.0
    for seed in range(first, first + 25):
        sc = scene(seed)
        mover = passage(sc.table, MOVER)
        field = mover.field
        rng = random.Random(seed)
        sources = [] if mover.leaving else [mover.start]
        while len(sources) < 3:
            p = (rng.uniform(20.0, 580.0), rng.uniform(20.0, 580.0))
            if mover.grown.blocked_at(p, mover.query) is None:
                sources.append(p)
        for source in sources:
            disc = visible_disc(field, source, rng.uniform(20.0, 200.0))
            worst = max(worst, _rays(disc, mover, field, rng, 300))
    assert worst <= AGREE


def test_contains_agrees_with_the_polygon_drawn_finely():
    """Away from the boundary (where the polygon's sag may put it either side),
    contains and the polygon drawn at 0.0005 mm say the same; the polygon lies
    inside the disc."""
    sag = 0.0005
    rng = random.Random(7)
    checked = 0
    for seed in range(12):
        sc = scene(seed)
        mover = passage(sc.table, MOVER)
        if mover.leaving:
            continue
        radius = rng.uniform(60.0, 160.0)
        disc = visible_disc(mover.field, mover.start, radius)
        ring = disc.polygon(sag)
        edges = list(zip(ring, ring[1:] + ring[:1], strict=True))
        for p in ring[::7]:
            # the polygon's corners are seen from the start, within the radius (float noise)
            assert math.dist(p, mover.start) <= radius + 1e-9, (seed, p)
            assert mover.first_hit(mover.start, p) is None and _clearance(mover.field, p) >= -1e-9, (seed, p)
        sx, sy = mover.start
        for _ in range(400):
            p = (sx + rng.uniform(-radius, radius), sy + rng.uniform(-radius, radius))
            if min(planar.point_segment_distance(p, a, b) for a, b in edges) <= 2 * sag:
                continue
            checked += 1
            assert disc.contains(p) == planar.point_in_polygon(p, ring), (seed, p)
    assert checked > 3000


def test_a_point_is_inside_only_where_the_source_sees_it_within_the_radius():
    table = new_table()
    model(table, "m", (100.0, 100.0))
    piece(table, "w", kind(footprint=box(-10, -30, 10, 30)), (200.0, 100.0))
    mover = passage(table, "m")
    disc = visible_disc(mover.field, mover.start, 150.0)
    # the wall grown by the base's 15 mm: its near side at x = 175
    assert disc.contains((174.9, 100.0))
    assert not disc.contains((175.1, 100.0))
    assert not disc.contains((240.0, 100.0))  # in its shadow
    assert disc.contains((100.0, 249.9))
    assert not disc.contains((100.0, 250.1))
    # its boundary: the disc's arc, the wall's near side and corners, two shadow lines
    kinds = [type(s.piece).__name__ for s in disc.spans]
    assert "Line" in kinds and "Circle" in kinds and "NoneType" in kinds
    near = next(s for s in disc.spans if isinstance(s.piece, Line) and s.piece.owner == "w")
    assert disc.reach_at(near, 0.0) == pytest.approx(75.0, abs=1e-9)


def test_a_source_inside_an_obstacle_sees_nothing():
    table = new_table()
    model(table, "m", (100.0, 100.0))
    model(table, "other", (150.0, 100.0))
    field = passage(table, "m").field
    disc = visible_disc(field, (140.0, 100.0), 100.0)
    assert disc.spans == () and not disc.contains((140.0, 100.0)) and disc.polygon(0.01) == ()
    assert visible_disc(field, (5.0, 100.0), 100.0).spans == ()  # off the table for a 30 mm base


def test_a_source_touching_an_obstacle_sees_along_and_away_from_it_not_into_it():
    """A warrior in base contact with another, one touching a wall's side and one in
    the table's corner: directions into what it touches stop at once, the others
    run on as pymunk's casts do."""
    table = new_table()
    model(table, "m", (100.0, 100.0))
    model(table, "friend", (130.0, 100.0))  # base contact: 30 mm apart
    model(table, "wallside", (310.0, 100.0))
    piece(table, "w", kind(footprint=box(-10, -30, 10, 30)), (335.0, 100.0))  # its side at x = 325, 15 mm off
    model(table, "corner", (15.0, 585.0))
    rng = random.Random(3)
    # (the directions it sees clearly: all but those grazing what it touches)
    cases = (("m", 0.0, None), ("wallside", 0.0, None), ("corner", math.radians(135.0), (-85.0, -5.0)))
    for model_id, into, free in cases:
        mover = passage(table, model_id)
        disc = visible_disc(mover.field, mover.start, 120.0)
        span = disc.span_at(into)
        assert span is not None and disc.reach_at(span, into) <= 1e-5
        sx, sy = mover.start
        assert not disc.contains((sx + 0.5 * math.cos(into), sy + 0.5 * math.sin(into)))
        assert disc.contains((sx - 10.0 * math.cos(into), sy - 10.0 * math.sin(into)))
        for _ in range(300):
            angle = rng.uniform(0.0, TAU)
            if free is None and abs(abs((angle - into + math.pi) % TAU - math.pi) - math.pi / 2) < 0.05:
                continue
            if free is not None and not free[0] < math.degrees((angle + math.pi) % TAU - math.pi) < free[1]:
                continue
            assert _agrees(disc, mover, mover.field, angle) <= AGREE, (model_id, angle)


def test_a_wedge_is_the_full_disc_over_its_directions():
    table = demo_table(BASIC)
    mover = passage(table, "m02")
    whole = visible_disc(mover.field, mover.start, table.allowance)
    rng = random.Random(5)
    for low, width in ((0.3, 1.0), (5.9, 1.2), (2.0, math.pi)):
        wedge = visible_disc(mover.field, mover.start, table.allowance, low, width)
        assert wedge.spans[0].low == pytest.approx(low % TAU) and wedge.spans[-1].high == pytest.approx(
            low % TAU + width
        )
        ring = wedge.polygon(CHORD_SAG)
        assert ring[0] == mover.start
        sx, sy = mover.start
        for _ in range(300):
            angle, r = rng.uniform(0.0, TAU), rng.uniform(0.0, table.allowance)
            p = (sx + r * math.cos(angle), sy + r * math.sin(angle))
            within = (angle - low) % TAU < width
            assert wedge.contains(p) == (within and whole.contains(p)), (low, angle, r)


def test_a_full_turn_has_no_corner_at_the_source():
    table = new_table()
    model(table, "m", (300.0, 300.0))
    mover = passage(table, "m")
    disc = visible_disc(mover.field, mover.start, 100.0)
    assert [s.piece for s in disc.spans] == [None]
    ring = disc.polygon(0.004)
    assert mover.start not in ring
    assert all(100.0 - 0.004 <= math.dist(p, mover.start) <= 100.0 + 1e-9 for p in ring)
    area = abs(planar.signed_area(ring))
    assert math.pi * 100.0**2 - 2 * math.pi * 100.0 * 0.004 <= area <= math.pi * 100.0**2


def test_occluders_stop_sight_as_the_polygon_itself():
    """A square occluder (not grown) in the open: behind it is hidden, beside it
    seen; a source on its corner sees every direction but those into it."""
    table = new_table()
    model(table, "m", (300.0, 300.0))
    mover = passage(table, "m")
    square = ((400.0, 280.0), (440.0, 280.0), (440.0, 320.0), (400.0, 320.0))
    disc = visible_disc(mover.field, mover.start, 200.0, occluders=[square])
    assert disc.contains((399.9, 300.0)) and not disc.contains((400.1, 300.0))
    assert not disc.contains((460.0, 300.0))
    assert disc.contains((460.0, 250.0))
    rng = random.Random(11)
    for _ in range(500):
        angle = rng.uniform(0.0, TAU)
        end = (300.0 + 200.0 * math.cos(angle), 300.0 + 200.0 * math.sin(angle))
        clip = planar.clip_segment_convex(mover.start, end, square)
        expected = 200.0 if clip is None else 200.0 * clip[0]
        span = disc.span_at(angle)
        assert span is not None
        assert disc.reach_at(span, angle) == pytest.approx(expected, abs=1e-6), angle
    # from its corner (440, 280): the corner's quarter turn into it is stopped at once
    corner = visible_disc(mover.field, (440.0, 280.0), 50.0, occluders=[square])
    inside = math.radians(135.0)  # towards the square's middle
    assert not corner.contains((440.0 + 0.5 * math.cos(inside), 280.0 + 0.5 * math.sin(inside)))
    for turn in (-30.0, 0.0, 90.0, -60.0, -120.0):
        a = math.radians(-45.0 + turn)
        assert corner.contains((440.0 + 40.0 * math.cos(a), 280.0 + 40.0 * math.sin(a))), turn
    # and two occluders crossing each other
    other = ((415.0, 200.0), (425.0, 200.0), (425.0, 400.0), (415.0, 400.0))
    both = visible_disc(mover.field, mover.start, 200.0, occluders=[square, other])
    for _ in range(500):
        angle = rng.uniform(0.0, TAU)
        end = (300.0 + 200.0 * math.cos(angle), 300.0 + 200.0 * math.sin(angle))
        clips = [c[0] for c in (planar.clip_segment_convex(mover.start, end, q) for q in (square, other)) if c]
        span = both.span_at(angle)
        assert span is not None
        assert both.reach_at(span, angle) == pytest.approx(200.0 * min(clips, default=1.0), abs=1e-6), angle


def test_the_field_is_kept_per_board_and_made_again_when_the_table_changes():
    table = new_table()
    model(table, "m", (100.0, 100.0))
    model(table, "n", (200.0, 100.0))
    first = passage(table, "m").board.field
    assert passage(table, "m").board.field is first
    assert [o.owner for o in passage(table, "m").field.obstacles] == ["n"]
    table.move_model("n", (200.0, 200.0))
    again = passage(table, "m").board.field
    assert again is not first
    assert next(o for o in again.obstacles if o.owner == "n").circles[0].y == 200.0
    assert isinstance(again.obstacles[0].circles[0], Circle)


def test_overlapping_obstacles_meet_where_their_outlines_cross():
    table = new_table()
    model(table, "m", (100.0, 300.0))
    model(table, "a", (300.0, 280.0))
    model(table, "b", (300.0, 320.0))  # 40 mm apart: their 30 mm grown discs overlap
    field = passage(table, "m").field
    a, b = (next(o.body for o in field.obstacles if o.owner == owner) for owner in "ab")
    assert field.meets(0, a) == () and field.meets(-1, a) == ()
    assert sorted(field.meets(b, a)) == [
        pytest.approx((300.0 - math.sqrt(30.0**2 - 20.0**2), 300.0)),
        pytest.approx((300.0 + math.sqrt(30.0**2 - 20.0**2), 300.0)),
    ]
    disc = visible_disc(field, (100.0, 300.0), 250.0)
    # the notch where the two discs meet bounds the disc there
    notch = 300.0 - math.sqrt(30.0**2 - 20.0**2)
    assert disc.reach_at(disc.span_at(0.0), 0.0) == pytest.approx(notch - 100.0, abs=1e-9)


def test_the_reach_starts_with_the_visible_disc_under_the_basic_rules():
    table = demo_table(BASIC)
    for model_id in ("m02", "m07"):
        mover = passage(table, model_id)
        found = reach(table, model_id)
        limit = table.allowance - REACH_MARGIN
        disc = visible_disc(mover.field, mover.start, limit)
        assert found.polygons[0] == disc.polygon(EXACT_SAG)


def test_what_lies_inside_another_part_of_a_concave_piece_is_left_out():
    """An L-shaped wall is two convex parts, overlapping once grown: their sides
    and corners inside the other part never bound a disc and are left out; the
    disc still agrees with pymunk's casts all round."""
    table = new_table()
    model(table, "m", (150.0, 150.0))
    footprint = [(0, 0), (60, 0), (60, 10), (10, 10), (10, 60), (0, 60)]
    piece(table, "l", kind(footprint=footprint), (200.0, 200.0))
    mover = passage(table, "m")
    field = mover.field
    parts = [o for o in field.obstacles if o.owner == "l"]
    assert len(parts) == 2
    kept = [field.outline(o.body) for o in parts]
    assert sum(len(corners) for corners, _sides in kept) < sum(len(o.circles) for o in parts)
    assert sum(len(sides) for _corners, sides in kept) < sum(len(o.sides) for o in parts)
    rng = random.Random(2)
    for source in ((150.0, 150.0), (300.0, 300.0), (240.0, 240.0), (150.0, 300.0)):
        disc = visible_disc(field, source, 150.0)
        assert _rays(disc, mover, field, rng, 400) <= AGREE


def test_through_a_gap_a_base_fits_exactly_the_wedge_is_the_exact_disc(monkeypatch):
    """Two bases 60 mm apart leave a 30 mm base exactly room: the gap's point
    touches both, so what it opens onto straight (the wedge) is a line, no area;
    the reach casts no fan for it (nor for the start) and still holds what lies
    beyond the gap, round the two bases."""
    from tabletop.games.skirmish.table import reach as reach_module

    table = new_table()
    model(table, "m", (330.0, 240.0))
    model(table, "a", (270.0, 300.0))
    model(table, "b", (330.0, 300.0))
    fans = []
    cast_fan = reach_module.fan
    monkeypatch.setattr(reach_module, "fan", lambda *args, **kw: fans.append(args[1]) or cast_fan(*args, **kw))
    found = reach(table, "m")
    assert fans == []
    wedge = visible_disc(passage(table, "m").field, (300.0, 300.0), 30.0, -math.pi / 2, math.pi)
    assert len(wedge.polygon(CHORD_SAG)) < 3
    assert not wedge.contains((300.0 + 1.0, 301.0)) and not wedge.contains((299.0, 301.0))
    assert any(planar.point_in_polygon((300.0, 320.0), poly) for poly in found.polygons)
