"""Where a base leaving convex parts is first clear of them along a leg
(clearing.clear_of, solved in closed form), against the test of overlap itself
walked along the leg."""

import math
import random

import pytest

from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.clearing import Rim, away_from, clear_of, exits, overlaps
from tabletop.games.skirmish.table.passage import passage
from tabletop.games.skirmish.table.tangents import Core
from tests.skirmish.geometry.scenes import MOVER, scene


def _overlaps(parts, radius, p):
    return any(planar.point_convex_signed_distance(p, part) < radius + 1e-9 for part in parts)


def _case(rnd):
    parts = []
    for _ in range(rnd.randint(1, 3)):
        cx, cy = rnd.uniform(0, 60), rnd.uniform(0, 60)
        hull = planar.convex_hull([(cx + rnd.uniform(-20, 20), cy + rnd.uniform(-20, 20)) for _ in range(6)])
        if len(hull) >= 3:
            parts.append(tuple(reversed(hull)) if rnd.random() < 0.5 else tuple(hull))
    radius = rnd.choice([12.5, 15.0, 20.0])
    corner = parts[0][0]
    a = (corner[0] + rnd.uniform(-0.7, 0.7) * radius, corner[1] + rnd.uniform(-0.7, 0.7) * radius)
    angle, length = rnd.uniform(0, 2 * math.pi), rnd.choice([rnd.uniform(0.5, 5.0), rnd.uniform(5.0, 150.0)])
    return parts, radius, a, (a[0] + length * math.cos(angle), a[1] + length * math.sin(angle))


@pytest.mark.parametrize("seed", range(40))
def test_a_base_leaving_parts_is_clear_where_clear_of_says_and_not_before(seed):
    rnd = random.Random(seed)
    for _ in range(10):
        parts, radius, a, b = _case(rnd)
        t = clear_of(parts, radius, a, b)
        length = math.dist(a, b)

        def at(s, a=a, b=b):
            return (a[0] + (b[0] - a[0]) * s, a[1] + (b[1] - a[1]) * s)

        if not _overlaps(parts, radius, a):
            assert t == 0.0
            continue
        if t >= 1.0:
            # on them all the way: still on them at b (2) or clear just there (1)
            assert (t > 1.0) == _overlaps(parts, radius, b)
            steps = [k / 400 for k in range(401)]
        else:
            assert not _overlaps(parts, radius, at(t))
            # on them up to a hair (a ten-millionth of a millimetre) before
            assert _overlaps(parts, radius, at(t - 1e-7 / length))
            steps = [t * k / 400 for k in range(400)]
        assert all(_overlaps(parts, radius, at(s)) for s in steps)


def test_a_rim_walks_the_grown_outline():
    part = ((0.0, 0.0), (30.0, 0.0), (40.0, 20.0), (5.0, 25.0))
    rim = Rim(part, 12.5)
    assert rim.length == pytest.approx(
        sum(math.dist(part[i], part[(i + 1) % 4]) for i in range(4)) + 2 * math.pi * 12.5
    )
    for k in range(200):
        p = rim.at(rim.length * k / 200)
        assert planar.point_convex_signed_distance(p, part) == pytest.approx(12.5, abs=1e-9)


def test_a_way_out_bends_where_the_base_is_clear_on_the_tangent_that_touches_an_obstacle_still_on_the_parts():
    # a heap (a square) with the start inside; a warrior's base reaching over its
    # edge: the tangents from the start touch its grown disc while the base is still
    # on the heap, and run on to where the base is clear of it
    part, r = ((0.0, 0.0), (60.0, 0.0), (60.0, 60.0), (0.0, 60.0)), 15.0
    start, other = (20.0, 30.0), Core("m1", ((70.0, 30.0),), 15.0)
    found = exits((part,), r, start, (other,))
    assert len(found) == 2
    for x in found:
        assert planar.point_convex_signed_distance(x, part) == pytest.approx(r, abs=1e-6)
        # on a line from the start tangent to the grown disc
        dx, dy = x[0] - start[0], x[1] - start[1]
        off = abs(dx * (30.0 - start[1]) - dy * (70.0 - start[0])) / math.hypot(dx, dy)
        assert off == pytest.approx(30.0, abs=1e-9)
    # a disc the tangents touch only where the base is clear: ordinary tangents, no bend
    assert exits((part,), r, start, (Core("m2", ((140.0, 30.0),), 15.0),)) == ()


def test_a_way_out_bends_where_the_base_is_clear_past_the_corner_of_its_own_grown_outline_it_grazes():
    # an L of two parts, the start in its foot: the grown outlines of the two cross at
    # (35, 35), in the L's inner corner; the way from the start through there grazes it
    # from within (a hair to one side the base is clear of the L, then on it again) and
    # runs on up the L's upright till the base is clear (seed 3641, a hole 1.65 mm deep)
    foot, upright, r = (
        ((0.0, 0.0), (60.0, 0.0), (60.0, 20.0), (0.0, 20.0)),
        ((0.0, 20.0), (20.0, 20.0), (20.0, 80.0), (0.0, 80.0)),
        15.0,
    )
    start = (50.0, 10.0)
    found = exits((foot, upright), r, start, ())
    assert len(found) == 1
    x = found[0]
    assert min(planar.point_convex_signed_distance(x, part) for part in (foot, upright)) == pytest.approx(r, abs=1e-6)
    # on the line from the start through the corner, past it
    dx, dy = x[0] - start[0], x[1] - start[1]
    assert abs(dx * (35.0 - start[1]) - dy * (35.0 - start[0])) / math.hypot(dx, dy) == pytest.approx(0.0, abs=1e-6)
    assert math.dist(start, x) > math.dist(start, (35.0, 35.0)) + 1.0
    # from a start whose way through the corner runs into the gap beyond it: no bend
    assert exits((foot, upright), r, (10.0, 10.0), ()) == ()


@pytest.mark.parametrize("seed", range(20))
def test_a_way_out_goes_on_from_its_bend_in_every_direction_but_back_onto_the_parts(seed):
    # from a point where the base is first clear (on the nearest part's grown
    # outline), a short step in a direction of the half-turn leaves the base clear;
    # a step in any other direction puts it back on the part
    rnd = random.Random(seed)
    parts, radius, _a, _b = _case(rnd)
    rim = Rim(parts[0], radius + 1e-7)
    for _ in range(20):
        p = rim.at(rnd.uniform(0.0, rim.length))
        if _overlaps(parts, radius, p):
            continue  # within another part's grown outline
        low, width = away_from(parts, p)
        for k in range(1, 36):
            angle = low + 2 * math.pi * k / 36
            step = (p[0] + 1e-3 * math.cos(angle), p[1] + 1e-3 * math.sin(angle))
            ahead = (angle - low) % (2 * math.pi)
            if 1e-6 < ahead < width - 1e-6:
                assert not any(planar.point_convex_signed_distance(step, part) < radius - 1e-6 for part in parts[:1])
            elif width + 1e-6 < ahead < 2 * math.pi - 1e-6:
                assert planar.point_convex_signed_distance(step, parts[0]) < radius


@pytest.mark.parametrize("seed", range(20))
def test_overlaps_answers_as_the_signed_distance_does(seed):
    # clearing.overlaps stops at the first side that decides; the answer is the
    # signed distance's, near the grown outline (where rounding decides) as well
    rnd = random.Random(seed)
    parts, radius, _a, _b = _case(rnd)
    for part in parts:
        rim = Rim(part, radius)
        for _ in range(50):
            q = rim.at(rnd.uniform(0.0, rim.length))
            for p in (
                q,
                (q[0] + rnd.uniform(-1e-9, 1e-9), q[1] + rnd.uniform(-1e-9, 1e-9)),
                (q[0] + rnd.uniform(-30, 30), q[1] + rnd.uniform(-30, 30)),
            ):
                assert overlaps(p, part, radius) == (planar.point_convex_signed_distance(p, part) < radius)


@pytest.mark.parametrize("seed", [581, 926, 1086, 2316])
def test_a_leaving_warriors_casts_pass_the_pieces_it_leaves_as_the_grown_space_ignoring_them_does(seed):
    # Passage.hit_leaving casts in a space of its own without the pieces it leaves:
    # the same answers as the table's grown space asked to ignore them
    sc = scene(seed)
    mover = passage(sc.table, MOVER)
    assert mover.leaving
    grown, query, leaving, start = mover.grown, mover.query, mover.leaving, mover.start
    rnd = random.Random(seed)
    for _ in range(300):
        angle, length = rnd.uniform(0, 2 * math.pi), rnd.uniform(1.0, 250.0)
        b = (start[0] + length * math.cos(angle), start[1] + length * math.sin(angle))
        t = clear_of(mover.leaving_parts, mover.radius, start, b)
        if t >= 1.0:
            expected = (grown.first_hit(start, b, query, leaving), t > 1.0)
        else:
            out = (start[0] + (b[0] - start[0]) * t, start[1] + (b[1] - start[1]) * t)
            hit = grown.first_hit(start, out, query, leaving)
            if hit is not None:
                expected = ((hit[0], hit[1] * t), True)
            else:
                hit = grown.first_hit(out, b, query)
                expected = (None if hit is None else (hit[0], t + hit[1] * (1.0 - t)), False)
        assert mover.hit_leaving(start, b) == expected
