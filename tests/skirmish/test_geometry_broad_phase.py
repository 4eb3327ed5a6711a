"""What spares the table's geometry work without changing its answers: the broad
phases before the exact tests of what lies in the way give the answer the exact test
alone gives (worked out here by brute force, as pieces.Obstacle.near did before it
had one), on random segments and convex regions about the grown obstacles of seeded
scenes, many of them at the edge of the clearance asked; a front's crossings
remembered are those worked out afresh; whether a polygon of the reach keeps clear
of terrain the warrior leaves, its sides mostly left by the lines of the core's
sides, is what measuring every side finds; what lies in the way of a front's rays,
asked of the boxes first, is what the exact tests found before."""

from __future__ import annotations

import math
import random

from tabletop.games.skirmish.table import least_crossings, leaving, planar
from tabletop.games.skirmish.table.families import Front
from tabletop.games.skirmish.table.freespace import Blob
from tabletop.games.skirmish.table.inset import clip_convex
from tabletop.games.skirmish.table.passage import passage
from tabletop.games.skirmish.table.pieces import Obstacle
from tabletop.games.skirmish.table.planar import Region
from tests.skirmish.geometry.scenes import MOVER, scene

#: seeds with crowded heavy scenes (the slowest reach) and some of the CI's
SEEDS = (1011, 2595, 194, 3, 17, 42)
#: seeds with several heavy parts
HEAVY_SEEDS = (1011, 1408, 2828, 2595)


def _near_brute(ob: Obstacle, poly: planar.Polygon, clearance: float) -> bool:
    """Whether the core comes within `clearance` of the polygon: every corner in the
    other, then every side against the core."""
    core = ob.core
    if len(poly) >= 3 and any(planar.point_in_convex(q, poly) for q in core):
        return True
    if len(core) >= 3 and any(planar.point_in_convex(q, core) for q in poly):
        return True
    n = len(poly)
    for i in range(n if n > 2 else 1):
        a, b = poly[i], poly[(i + 1) % n]
        if len(core) == 1:
            d = planar.point_segment_distance(core[0], a, b)
        elif len(core) == 2:
            d = planar.segment_segment_distance(core[0], core[1], a, b)
        else:
            d = planar.segment_convex_distance(a, b, core)
        if d <= clearance:
            return True
    return False


def _distance(ob: Obstacle, poly: planar.Polygon) -> float:
    """The distance between the core and the polygon (0 where they meet)."""
    core = ob.core
    if len(poly) >= 3 and any(planar.point_in_convex(q, poly) for q in core):
        return 0.0
    if len(core) >= 3 and any(planar.point_in_convex(q, core) for q in poly):
        return 0.0
    n, m = len(poly), len(core)
    return min(
        planar.segment_segment_distance(poly[i], poly[(i + 1) % n], core[j], core[(j + 1) % m])
        for i in range(n if n > 2 else 1)
        for j in range(m if m > 2 else 1)
    )


def _region(rng: random.Random, ob: Obstacle) -> planar.Polygon:
    """A point, a segment or a convex polygon about the obstacle."""
    x0, y0, x1, y1 = ob.box
    pad = rng.choice((1.0, 10.0, 60.0))
    count = rng.choice((1, 2, 2, 3, 4, 5, 30))
    pts = [(rng.uniform(x0 - pad, x1 + pad), rng.uniform(y0 - pad, y1 + pad)) for _ in range(count)]
    if count <= 2:
        return tuple(pts)
    hull = planar.convex_hull(pts)
    return hull if len(hull) >= 3 else tuple(pts[:2])


def test_near_broad_phase_keeps_every_obstacle_the_brute_force_finds_near():
    rng = random.Random(14)
    asked = apart = 0
    for seed in SEEDS:
        obstacles = passage(scene(seed).table, MOVER).field.obstacles
        for ob in obstacles:
            for _ in range(60):
                poly = _region(rng, ob)
                d = _distance(ob, poly)
                clearances = [ob.radius, ob.radius + 1e-3, 5.0]
                if d > 0.0:  # at the edge: just over, at, and just under the distance
                    clearances += [d * (1 + 1e-15), d, d * (1 - 1e-15), d + 1e-10, d - 1e-10, d + 2e-9, d - 2e-9]
                for clearance in clearances:
                    if clearance < 0.0:
                        continue
                    want = _near_brute(ob, poly, clearance)
                    assert ob.near(poly, clearance) == want, (seed, ob.owner, poly, clearance)
                    region = Region(poly)
                    assert ob.near(region, clearance) == want, (seed, ob.owner, poly, clearance)
                    asked += 1
                    apart += ob.apart(region, clearance)
                    assert not (want and ob.apart(region, clearance))
    # (and the broad phase decides many of them)
    assert asked > 10_000 and apart > asked // 10, (asked, apart)


def _overlaps_brute(part: planar.Polygon, poly: planar.Polygon) -> bool:
    """Whether the part and the polygon overlap by more than touching: their common
    part clipped, by area."""
    if len(poly) < 3:
        return False
    common = clip_convex(part, poly)
    return len(common) >= 3 and abs(planar.signed_area(common)) > 1e-9


def test_heavy_overlaps_broad_phase_keeps_every_part_the_clip_finds_overlapping():
    rng = random.Random(7)
    asked = apart = 0
    for seed in HEAVY_SEEDS:
        for h in passage(scene(seed).table, MOVER).heavy:
            x0, y0, x1, y1 = h.box
            part = h.part
            for _ in range(150):
                pad = rng.choice((1.0, 10.0, 60.0))
                count = rng.choice((2, 3, 4, 6, 30))
                pts = [(rng.uniform(x0 - pad, x1 + pad), rng.uniform(y0 - pad, y1 + pad)) for _ in range(count)]
                polys = [planar.convex_hull(pts)]
                # the same moved to lie just off one of the part's sides, just on it, just over it
                i = rng.randrange(len(part))
                (ax, ay), (bx, by) = part[i], part[(i + 1) % len(part)]
                length = math.hypot(bx - ax, by - ay)
                if length > 0.0:
                    nx, ny = (by - ay) / length, (ax - bx) / length
                    if planar.signed_area(part) < 0.0:
                        nx, ny = -nx, -ny
                    near = min(nx * x + ny * y for x, y in polys[0]) - (nx * ax + ny * ay)
                    for gap in (1e-4, 1e-6, 1e-7, 1e-9, 0.0, -1e-9, -1e-7, -1e-4):
                        shift = gap - near
                        polys.append(planar.orient((x + nx * shift, y + ny * shift) for x, y in polys[0]))
                        # and a strip along the side, as deep in or as far off
                        polys.append(
                            planar.orient(
                                (
                                    (ax + nx * gap, ay + ny * gap),
                                    (bx + nx * gap, by + ny * gap),
                                    (bx + nx * (gap + pad), by + ny * (gap + pad)),
                                    (ax + nx * (gap + pad), ay + ny * (gap + pad)),
                                )
                            )
                        )
                for poly in polys:
                    want = _overlaps_brute(part, poly)
                    assert h.overlaps(poly) == want, (seed, part, poly)
                    assert h.overlaps(poly, planar.bounds(poly)) == want, (seed, part, poly)
                    assert h.overlaps(Region(poly)) == want, (seed, part, poly)
                    asked += 1
                    apart += not want
    assert asked > 5_000 and apart > 1_000, (asked, apart)


def _star(n: int, turns: int) -> planar.Polygon:
    """A regular star polygon (n corners, each joined to the one `turns` on)."""
    return tuple(
        (50.0 + 40.0 * math.cos(2 * math.pi * turns * i / n), 50.0 + 40.0 * math.sin(2 * math.pi * turns * i / n))
        for i in range(n)
    )


def test_region_axes_bound_its_points():
    rng = random.Random(3)
    shapes: list[planar.Polygon] = [_star(5, 2), _star(7, 3), _star(7, 2), _star(12, 5), _star(9, 1)]
    for _ in range(300):
        count = rng.choice((2, 3, 4, 6, 9, 40))
        pts = tuple((rng.uniform(0, 100), rng.uniform(0, 100)) for _ in range(count))
        shapes += [pts, planar.convex_hull(pts), tuple(reversed(planar.convex_hull(pts)))]
    for pts in shapes:
        region = Region(pts)
        assert region.box == planar.bounds(pts)
        for nx, ny, far in region.axes():
            assert math.isclose(math.hypot(nx, ny), 1.0)
            assert all(nx * x + ny * y <= far + 1e-12 for x, y in pts), (pts, nx, ny, far)


def test_a_fronts_crossings_remembered_are_those_worked_out_afresh():
    rng = random.Random(5)
    for _ in range(150):
        count = rng.choice((2, 3, 4))
        sides = tuple(
            ((rng.uniform(0, 200), rng.uniform(0, 200)), (rng.uniform(0, 200), rng.uniform(0, 200)))
            for _ in range(count)
        )
        rates = tuple(rng.choice((1.0, 2.0, 3.0)) for _ in range(count + 1))
        front = Front((rng.uniform(0, 200), rng.uniform(0, 200)), rng.uniform(0, 50), sides, rates)
        p = (rng.uniform(0, 200), rng.uniform(0, 200))
        least_crossings.many_sides.cache_clear()
        cost, xs = front.crossings(p)
        assert front.crossings(p) == (cost, xs)  # remembered
        least_crossings.many_sides.cache_clear()
        assert front.crossings(p) == (cost, xs)  # afresh
        # (the cost of the path over those crossing points)
        pts = (front.source, *xs, p)
        assert cost == front.base + sum(r * math.dist(q, t) for r, q, t in zip(rates, pts, pts[1:], strict=False))


def test_what_is_in_the_way_asked_for_the_first_only_is_clear_where_all_of_it_is(monkeypatch):
    """fronts' and through's `_in_the_way(..., first=True)` (all the reach asks of
    each pair of rays is whether anything is in their way) against the whole answer,
    on every question the reach asks on crowded heavy scenes."""
    from tabletop.games.skirmish.table import fronts, through
    from tabletop.games.skirmish.table.reach import reach

    asked = {"fronts": 0, "through": 0}
    front_way, through_way = fronts._Run._in_the_way, through._Rays._in_the_way

    def front_checked(self, t0, t1, points, obstacles, parts, first=False):
        parts = tuple(parts)
        whole = front_way(self, t0, t1, points, obstacles, parts)
        alone = front_way(self, t0, t1, points, obstacles, parts, True)
        assert (alone == ((), (), False)) == (whole == ((), (), False))
        asked["fronts"] += 1
        return alone if first else whole

    def through_checked(self, rays, obstacles, parts, first=False):
        parts = tuple(parts)
        whole = through_way(self, rays, obstacles, parts)
        alone = through_way(self, rays, obstacles, parts, True)
        assert (alone == ((), ())) == (whole == ((), ()))
        asked["through"] += 1
        return alone if first else whole

    monkeypatch.setattr(fronts._Run, "_in_the_way", front_checked)
    monkeypatch.setattr(through._Rays, "_in_the_way", through_checked)
    for seed in (1011, 2828):
        reach(scene(seed).table, MOVER)
    assert asked["fronts"] > 1000 and asked["through"] > 100, asked


def _clear_of_brute(poly: planar.Polygon, blob: Blob) -> bool:
    """Whether no point of the polygon lies inside the blob: the core's first corner
    not in it, and every side at least the blob's radius (less EPS) from the core."""
    if planar.point_in_polygon(blob.core[0], poly):
        return False
    core, n = blob.core, len(poly)
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        if len(core) >= 3:
            d = planar.segment_convex_distance(a, b, core)
        elif len(core) == 2:
            d = planar.segment_segment_distance(a, b, core[0], core[1])
        else:
            d = planar.point_segment_distance(core[0], a, b)
        if d < blob.radius - planar.EPS:
            return False
    return True


def test_leaving_clear_of_broad_phase_gives_the_answer_every_side_measured_gives():
    rng = random.Random(11)
    asked = clear = near = 0
    for core in (
        ((0.0, 0.0), (40.0, 5.0), (50.0, 30.0), (20.0, 45.0), (-5.0, 25.0)),
        ((0.0, 0.0), (30.0, 0.0), (30.0, 30.0), (0.0, 30.0)),
        ((0.0, 0.0), (80.0, 10.0), (10.0, 12.0)),
        ((0.0, 0.0), (30.0, 10.0)),
        ((5.0, 5.0),),
    ):
        for radius in (15.0, 20.0):
            blob = Blob(core, radius, "piece")
            axes, sides = leaving._axes(core), leaving._core_sides(core)
            x0, y0, x1, y1 = blob.box
            for _ in range(400):
                pad = rng.choice((1.0, 10.0, 60.0))
                count = rng.choice((3, 4, 6, 30))
                pts = [(rng.uniform(x0 - pad, x1 + pad), rng.uniform(y0 - pad, y1 + pad)) for _ in range(count)]
                polys = [planar.convex_hull(pts), tuple(pts)]
                # a polygon a side of which runs along the blob's outline: just off it, on it, just in
                (cx, cy), reach = blob.circle
                angle = rng.uniform(0, 2 * math.pi)
                ux, uy = math.cos(angle), math.sin(angle)
                far = max(ux * x + uy * y for x, y in core)
                for gap in (1e-4, 1e-6, 2e-9, 0.0, -2e-9, -1e-6, -1e-4):
                    at = far + radius - planar.EPS + gap
                    mx, my = cx + ux * (at - (ux * cx + uy * cy)), cy + uy * (at - (ux * cx + uy * cy))
                    polys.append(
                        planar.orient(
                            (
                                (mx - uy * 200, my + ux * 200),
                                (mx + uy * 200, my - ux * 200),
                                (mx + uy * 200 + ux * pad, my - ux * 200 + uy * pad),
                                (mx - uy * 200 + ux * pad, my + ux * 200 + uy * pad),
                            )
                        )
                    )
                for poly in polys:
                    if len(poly) < 3:
                        continue
                    want = _clear_of_brute(poly, blob)
                    assert leaving._clear_of(poly, blob, axes, sides) == want, (core, radius, poly)
                    asked += 1
                    clear += want
                    near += not want
    assert asked > 10_000 and clear > 1_000 and near > 1_000, (asked, clear, near)


def _in_the_way_brute(run, t0, t1, points, obstacles, parts, first):  # type: ignore[no-untyped-def]
    """fronts' `_Run._in_the_way` as it was asked before it asked the boxes first: the
    exact tests of the legs' and the rays' regions, asked of every part and of every
    obstacle whose box comes within CLEAR of theirs."""
    from tabletop.games.skirmish.table import fronts
    from tabletop.games.skirmish.table.waves import CLEAR

    board = run.mover.board
    r = board.radius
    a = (run.x0[0] + run.u[0] * t0, run.x0[1] + run.u[1] * t0)
    b = (run.x0[0] + run.u[0] * t1, run.x0[1] + run.u[1] * t1)
    legs, hull = planar.orient((run.origin, a, b)), planar.convex_hull(points)
    off = any(not (r <= x <= board.width - r and r <= y <= board.height - r) for x, y in (*legs, *hull))
    left, top, right, bottom = planar.bounds((*legs, *hull))
    boxed = [
        ob
        for ob in obstacles
        if not (
            ob.box[2] < left - CLEAR
            or ob.box[0] > right + CLEAR
            or ob.box[3] < top - CLEAR
            or ob.box[1] > bottom + CLEAR
        )
    ]
    found = tuple(
        ob
        for ob in boxed
        if ob.near(hull, ob.radius + CLEAR)
        or (ob.near(legs, ob.radius + CLEAR) and not fronts._leaves(ob, run.origin, a, b))
    )
    heavy = run.mover.heavy
    found_parts = tuple(j for j in parts if j != run.k and (heavy[j].overlaps(legs) or heavy[j].overlaps(hull)))
    if not first:
        return found, found_parts, off
    if off:
        return (), (), True
    return (found[:1], (), False) if found else ((), found_parts[:1], False)


def test_what_is_in_the_way_of_a_front_asked_of_boxes_first_is_what_the_exact_tests_find(monkeypatch):
    """fronts' `_in_the_way` asks the exact tests only of the obstacles and heavy parts
    whose boxes come into the legs' and rays' box: its answer is that of the exact
    tests asked of all, on every question the reach asks on crowded heavy scenes and
    on random ones with an obstacle just within, at and just beyond the clearance."""
    from tabletop.games.skirmish.table import fronts
    from tabletop.games.skirmish.table.reach import reach
    from tabletop.games.skirmish.table.waves import CLEAR

    way = fronts._Run._in_the_way
    asked = {"all": 0, "in the way": 0}

    def checked(self, t0, t1, points, obstacles, parts, first=False):  # type: ignore[no-untyped-def]
        parts = tuple(parts)
        answer = way(self, t0, t1, points, obstacles, parts, first)
        assert answer == _in_the_way_brute(self, t0, t1, points, obstacles, parts, first)
        asked["all"] += 1
        asked["in the way"] += answer != ((), (), False)
        return answer

    monkeypatch.setattr(fronts._Run, "_in_the_way", checked)
    for seed in (1011, 455, 1408):
        reach(scene(seed).table, MOVER)
    assert asked["all"] > 1000 and asked["in the way"] > 100, asked

    rng = random.Random(16)
    near = 0
    for seed in HEAVY_SEEDS:
        mover = passage(scene(seed).table, MOVER)
        obstacles = mover.field.obstacles
        for k, h in enumerate(mover.heavy):
            for _ in range(40):
                i = rng.randrange(len(h.part))
                x0, x1 = h.part[i], h.part[(i + 1) % len(h.part)]
                length = math.dist(x0, x1)
                if length == 0.0:
                    continue
                u = ((x1[0] - x0[0]) / length, (x1[1] - x0[1]) / length)
                m = (u[1], -u[0])
                origin = (x0[0] + m[0] * rng.uniform(-80, 80), x0[1] + m[1] * rng.uniform(-80, 80))
                run = fronts._Run(mover, origin, 0.0, 100.0, x0, u, m, 1.0, 2.0, k, True)
                t0 = rng.uniform(0.0, length)
                t1 = rng.uniform(t0, length)
                a = (x0[0] + u[0] * t0, x0[1] + u[1] * t0)
                b = (x0[0] + u[0] * t1, x0[1] + u[1] * t1)
                # a point just within, at or just beyond the clearance of an obstacle, off
                # its core's corner nearest the legs along the axis they lie across
                ob = rng.choice(obstacles)
                left, top, right, bottom = planar.bounds((origin, a, b))
                dx, dy = (left + right) / 2 - ob.core[0][0], (top + bottom) / 2 - ob.core[0][1]
                v = (math.copysign(1.0, dx), 0.0) if abs(dx) >= abs(dy) else (0.0, math.copysign(1.0, dy))
                c = max(ob.core, key=lambda q: q[0] * v[0] + q[1] * v[1])
                gap = ob.radius + CLEAR + rng.choice((-1e-6, 0.0, 1e-6, 0.3, -0.3))
                points = [a, b, (c[0] + gap * v[0], c[1] + gap * v[1])]
                for first in (False, True):
                    answer = way(run, t0, t1, points, obstacles, range(len(mover.heavy)), first)
                    want = _in_the_way_brute(run, t0, t1, points, obstacles, range(len(mover.heavy)), first)
                    assert answer == want, (seed, k, origin, t0, t1, points)
                near += ob in way(run, t0, t1, points, obstacles, range(len(mover.heavy)))[0]
    assert near > 100, near
