"""The exhaustive check itself (tests/skirmish/geometry/check.py): what it can see."""

from __future__ import annotations

import math
import random

from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.reach import reach
from tests.skirmish.geometry import check
from tests.skirmish.geometry.scenes import MOVER, scene


def test_the_lattice_finds_a_region_the_reach_leaves_out_whole_far_from_every_edge():
    # seed 2: the reach with its polygon round this point (a pocket past a base) left
    # out, as if no ray or sweep had gone there. No edge of the others lies within
    # 6.5 mm: the points by every edge, the corners and the patch about one see no hole;
    # the lattice over the allowance disc finds it, 7 mm deep
    sc, p = scene(2), (155.24266762582144, 217.66731568680117)
    polygons = [poly for poly in reach(sc.table, MOVER).polygons if not planar.point_in_polygon(p, poly)]
    assert not check.check_reach(sc, "outside", edges=None, lattice=None, polygons=polygons).findings
    found = check.check_reach(sc, "outside", edges=None, polygons=polygons).findings
    assert found and all(f.check == "reach-hole" for f in found)
    assert max(f.error for f in found) > 5.0


def test_the_lattice_covers_the_allowance_disc_at_its_spacing():
    points = check.lattice_points((300.0, 300.0), 100.0, 10.0, random.Random(7))
    assert all(math.dist(q, (300.0, 300.0)) <= 100.0 + 1e-9 for q in points)
    assert abs(len(points) - math.pi * 100.0**2 / 10.0**2) < 40
    # every point of the disc lies within half a diagonal of a lattice point
    rng = random.Random(8)
    for _ in range(200):
        heading, distance = rng.uniform(0, 2 * math.pi), 90.0 * math.sqrt(rng.random())
        q = (300.0 + distance * math.cos(heading), 300.0 + distance * math.sin(heading))
        assert min(math.dist(q, r) for r in points) <= 10.0 * math.sqrt(0.5) + 1e-9


def test_a_point_every_polygon_about_it_has_on_its_boundary_is_in_the_reach():
    # seed 1109: a corner of two heavy parts' outline, reached along the outline for
    # 93.86 of 100; the fronts and fans on every side of it run up to it, so no polygon
    # holds it inside, every point about it lies inside one
    sc, p = scene(1109), (84.36943037141774, 415.6705985119436)
    polygons = reach(sc.table, MOVER).polygons
    boxed = [(poly, planar.bounds(poly)) for poly in polygons]
    assert check.holds(boxed, p)
    for k in range(8):
        q = (p[0] + 1e-6 * math.cos(k * math.pi / 4), p[1] + 1e-6 * math.sin(k * math.pi / 4))
        assert check.holds(boxed, q)
    # a point a hair off every polygon's edge is not held
    lone = ((0.0, 0.0), (1.0, 0.0), (0.0, 1.0))
    assert check.holds([(lone, planar.bounds(lone))], (0.5, 0.0))
    assert not check.holds([(lone, planar.bounds(lone))], (0.5, -1e-6))
