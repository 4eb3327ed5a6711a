"""The reach's straight rays over heavy terrain (table/rays.py, spans.py): what a
ray passes, found once per ray (a seam between two parts of a piece inside it), and
fans of them cast where neighbours stop on one obstacle."""

from __future__ import annotations

import math
import random

import pytest

from tabletop.games.skirmish.play.layout import demo_table
from tabletop.games.skirmish.table import fans as fans_module
from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table import rays as rays_module
from tabletop.games.skirmish.table import reach as reach_module
from tabletop.games.skirmish.table.costs import heavy_parts, path_cost
from tabletop.games.skirmish.table.passage import passage
from tabletop.games.skirmish.table.rays import RAY_MARGIN
from tabletop.games.skirmish.table.reach import reach
from tabletop.games.skirmish.table.spans import Heavy, budget_along, heavy_passes, heavy_spans, segment_cost
from tabletop.games.skirmish.table.terrain import TERRAIN_RULES
from tests.skirmish.geometry.heavy import HeavyCosts
from tests.skirmish.scenes import kind, new_table, piece


def _segments(count: int) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Segments about the demo table's heavy terrain: from a corner of a part, from
    a point of a side, from inside it and from near it, each way."""
    rng = random.Random(3)
    heavy = passage(demo_table(TERRAIN_RULES), "m02").heavy
    found = []
    for _ in range(count):
        part = rng.choice(heavy).part
        i = rng.randrange(len(part))
        a, b = part[i], part[(i + 1) % len(part)]
        f = rng.random()
        cx = sum(p[0] for p in part) / len(part)
        cy = sum(p[1] for p in part) / len(part)
        start = rng.choice(
            [
                a,
                (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f),
                (cx + rng.uniform(-5, 5), cy + rng.uniform(-5, 5)),
                (a[0] + rng.uniform(-20, 20), a[1] + rng.uniform(-20, 20)),
            ]
        )
        angle, length = rng.uniform(0, 2 * math.pi), rng.uniform(1, 120)
        found.append((start, (start[0] + length * math.cos(angle), start[1] + length * math.sin(angle))))
    return found


def _along_sides(count: int) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Segments from a point of a side of a heavy part along it, a hair off it either
    way, and across to another side."""
    rng = random.Random(4)
    heavy = passage(demo_table(TERRAIN_RULES), "m02").heavy
    found = []
    for _ in range(count):
        part = rng.choice(heavy).part
        i, j = rng.randrange(len(part)), rng.randrange(len(part))
        (p, q), (r, s) = (part[i], part[(i + 1) % len(part)]), (part[j], part[(j + 1) % len(part)])
        f, g, off = rng.random(), rng.random(), rng.choice([0.0, 1e-9, -1e-9, 1e-7, -1e-7, 1e-3])
        a = (p[0] + (q[0] - p[0]) * f, p[1] + (q[1] - p[1]) * f)
        b = (r[0] + (s[0] - r[0]) * g + off, r[1] + (s[1] - r[1]) * g - off)
        found.append((a, b))
    return found


def test_heavy_spans_are_planar_s_clip_strictly_inside_at_its_middle_then_the_seams():
    # the sums are term for term those of planar.clip_segment_convex and
    # planar.point_in_convex (eps -1e-9), also where the middle is not tried; after
    # them the stretches along a seam between two parts of a piece (on the sides of
    # two parts, strictly inside none), at the piece's extra cost
    table = demo_table(TERRAIN_RULES)
    heavy = passage(table, "m02").heavy
    costs = HeavyCosts([(h.part, h.extra, h.box) for h in heavy])
    seams = 0
    for a, b in _segments(1000) + _along_sides(3000):
        expected = []
        for h in heavy:
            clip = planar.clip_segment_convex(a, b, h.part)
            if clip is None or clip[1] <= clip[0]:
                continue
            t = (clip[0] + clip[1]) / 2
            middle = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
            if planar.point_in_convex(middle, h.part, -1e-9):
                expected.append((clip[0], clip[1], h.extra))
        spans = heavy_spans(a, b, heavy)
        assert spans[: len(expected)] == expected, (a, b)
        for s0, s1, extra in spans[len(expected) :]:
            seams += 1
            t = (s0 + s1) / 2
            middle = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
            on = [h for h in heavy if planar.point_in_convex(middle, h.part, 1e-9)]
            assert len(on) == 2 and on[0].owner == on[1].owner and extra == on[0].extra, (a, b)
            assert not any(planar.point_in_convex(middle, h.part, -1e-9) for h in heavy), (a, b)
        # the exhaustive check's oracle prices them its own way (it also counts
        # stretches under a millionth of a millimetre, where the segment ends on a seam)
        assert segment_cost(a, b, heavy) == pytest.approx(costs.segment(a, b), abs=1e-6), (a, b)
    assert seams > 0


def test_a_way_along_the_seam_between_two_parts_of_heavy_terrain_costs_the_terrain_s_rate():
    # an L of mud (double cost) is two convex parts, and the side they share lies
    # inside it: a way along that side counts twice (as the exhaustive check found a
    # way along a ruined wall's seam walked as open ground, 11.5 mm too cheap: seed
    # 1832), a way along the outline once
    table = new_table(TERRAIN_RULES)
    piece(table, "mud", kind("mud", [(0, 0), (60, 0), (60, 20), (20, 20), (20, 60), (0, 60)], heavy=2), (300, 300))
    first, second = table.pieces["mud"].parts
    assert set(first) & set(second) == {(300.0, 300.0), (320.0, 320.0)}
    heavy = heavy_parts(table)
    costs = HeavyCosts([(h.part, h.extra, h.box) for h in heavy])
    seam = math.hypot(20, 20)
    for a, b, expected in (
        ((300, 300), (320, 320), 2 * seam),
        ((320, 320), (300, 300), 2 * seam),
        ((290, 290), (330, 330), 2 * seam + seam),  # on past both ends, outside
        ((300, 310), (300, 330), 20),  # along the outline
        ((310, 300), (350, 300), 40),
    ):
        assert path_cost(table, [a, b])[1] == pytest.approx(expected, abs=1e-9), (a, b)
        assert costs.segment(a, b) == pytest.approx(expected, abs=1e-9), (a, b)
        passes = heavy_passes(a, b, heavy)
        assert [p[:3] for p in passes] == heavy_spans(a, b, heavy)
    # a budget runs out along the seam at the terrain's rate
    assert budget_along((300, 300), (320, 320), seam, heavy) == pytest.approx(0.5, abs=1e-12)


def test_a_part_s_lone_sides_are_those_with_no_heavy_terrain_beyond_them():
    # the L of mud's seam, and a swamp across its left side, have heavy terrain
    # beyond them; a bog touching the L at a corner does not make its sides seams:
    # the way along a lone side is not looked at as a seam, and every segment along a
    # side costs the same to the bit as when no side is known lone
    table = new_table(TERRAIN_RULES)
    piece(table, "mud", kind("mud", [(0, 0), (60, 0), (60, 20), (20, 20), (20, 60), (0, 60)], heavy=2), (300, 300))
    piece(table, "swamp", kind("swamp", [(0, 0), (20, 0), (20, 20), (0, 20)], heavy=3), (290, 330))
    piece(table, "bog", kind("bog", [(0, 0), (20, 0), (20, 20), (0, 20)], heavy=2), (360, 320))
    heavy = heavy_parts(table)
    beyond = 0
    for k, h in enumerate(heavy):
        assert h.lone
        n = len(h.part)
        ring = h.part if planar.signed_area(h.part) >= 0 else h.part[::-1]
        assert ring == h.part
        for i in range(n):
            (x1, y1), (x2, y2) = h.part[i], h.part[(i + 1) % n]
            length = math.hypot(x2 - x1, y2 - y1)
            nx, ny = (y2 - y1) / length * 1e-4, (x1 - x2) / length * 1e-4
            samples = [(x1 + (x2 - x1) * f / 100 + nx, y1 + (y2 - y1) * f / 100 + ny) for f in range(1, 100)]
            heavy_beyond = any(
                planar.point_in_convex(p, g.part, 0.0) for j, g in enumerate(heavy) if j != k for p in samples
            )
            beyond += heavy_beyond
            assert (i in h.lone) == (not heavy_beyond), (h.owner, h.part[i], h.part[(i + 1) % n])
    assert beyond == 2 + 1 + 3  # the seam from both parts; the L's left side; three of the swamp's
    assert path_cost(table, [(300.0, 310.0), (300.0, 360.0)])[1] == pytest.approx(20 + 20 * 3 + 10, abs=1e-9)
    rng = random.Random(5)
    along = []
    for _ in range(3000):
        part = rng.choice(heavy).part
        i, f, g = rng.randrange(len(part)), rng.random(), rng.random()
        (px, py), (qx, qy) = part[i], part[(i + 1) % len(part)]
        along.append(((px + (qx - px) * f, py + (qy - py) * f), (px + (qx - px) * g, py + (qy - py) * g)))
    demo = passage(demo_table(TERRAIN_RULES), "m02").heavy
    for parts, segments in ((heavy, along), (demo, _along_sides(3000))):
        plain = [Heavy(h.part, h.extra, h.box, h.owner) for h in parts]
        for a, b in segments:
            assert heavy_spans(a, b, parts) == heavy_spans(a, b, plain), (a, b)
            assert heavy_passes(a, b, parts) == heavy_passes(a, b, plain), (a, b)


def test_a_segment_s_passes_are_its_heavy_spans_with_the_sides_it_crosses():
    heavy = passage(demo_table(TERRAIN_RULES), "m02").heavy
    for a, b in _segments(2000):
        parts: list[int] = []
        spans = heavy_spans(a, b, heavy, parts)
        passes = heavy_passes(a, b, heavy)
        # the same stretches, bit for bit, of the same parts
        assert [p[:4] for p in passes] == [(*s, k) for s, k in zip(spans, parts, strict=True)]
        for s0, s1, _extra, k, enter, leave in passes:
            edges = heavy[k].edges
            for s, side in ((s0, enter), (s1, leave)):
                if s in (0.0, 1.0):
                    assert side == -1
                    continue
                # the point where the segment enters (leaves) lies on that side's line
                x, y = a[0] + (b[0] - a[0]) * s, a[1] + (b[1] - a[1]) * s
                x1, y1, ex, ey, _tol = edges[side]
                assert abs(ex * (y - y1) - ey * (x - x1)) / math.hypot(ex, ey) < 1e-9


@pytest.mark.parametrize("model_id", ["m02", "m18"])
def test_a_fan_casts_no_rays_between_two_that_stop_on_one_convex_obstacle(monkeypatch, model_id):
    # the fans the reach draws (in closed form, fans.py), each cast with every ray
    # (_STRIDE 1): the ring is the same less ray ends between two on one obstacle,
    # each within RAY_MARGIN of the straight edge that takes their place, and far
    # fewer rays are cast
    table = demo_table(TERRAIN_RULES)
    fans: list[tuple] = []  # type: ignore[type-arg]
    fan = rays_module.fan
    closed_fan = fans_module.closed_fan

    def asked(mover, origin, budget, low, width):  # type: ignore[no-untyped-def]
        fans.append(((mover, origin, budget, low, width, []), {"closed": width >= 2 * math.pi}))
        return closed_fan(mover, origin, budget, low, width)

    monkeypatch.setattr(reach_module, "closed_fan", asked)
    monkeypatch.setattr(fans_module, "closed_fan", asked)
    reach(table, model_id)
    monkeypatch.undo()
    assert len(fans) >= 10
    cast = rays_module.cast
    count = [0]

    def counted(*args):  # type: ignore[no-untyped-def]
        count[0] += 1
        return cast(*args)

    monkeypatch.setattr(rays_module, "cast", counted)
    narrowed = rays_module._narrowed

    def narrowed_uncounted(*args):  # type: ignore[no-untyped-def]
        # where the heavy terrain passed changes between two rays: the same halvings at any stride
        before = count[0]
        found = narrowed(*args)
        count[0] = before
        return found

    monkeypatch.setattr(rays_module, "_narrowed", narrowed_uncounted)
    casts = {}
    for stride in (1, rays_module._STRIDE):
        monkeypatch.setattr(rays_module, "_STRIDE", stride)
        count[0] = 0
        rings = [fan(*args, **kw) for args, kw in fans]
        casts[stride] = count[0]
        if stride == 1:
            every = rings
    left_out = 0
    for full, ring in zip(every, rings, strict=True):
        i = 0
        for p in full:
            if i < len(ring) and p == ring[i]:
                i += 1
                continue
            # left out between ring[i - 1] and ring[i]
            assert 0 < i < len(ring) or (i == len(ring) and len(ring) > 1), p
            a, b = ring[i - 1], ring[i % len(ring)]
            assert planar.point_segment_distance(p, a, b) <= RAY_MARGIN, (p, a, b)
            left_out += 1
        assert i == len(ring)
    assert left_out > 100
    assert casts[rays_module._STRIDE] < 0.9 * casts[1]


def test_rays_across_a_side_two_parts_of_one_rate_share_pass_the_same_media():
    # two squares of double cost side by side (x = 10 their shared side: side 1 of the
    # first, side 3 of the second), a square of triple cost beyond: from the first's
    # left side (x = 0), a ray that ends in the first (entered by the side it starts
    # on or not: float noise) and one on into the second pass one medium; on into the
    # third, two
    from tabletop.games.skirmish.table.rays import media
    from tabletop.games.skirmish.table.spans import Heavy

    def square(x: float, extra: float) -> Heavy:
        part = ((x, 0.0), (x + 10.0, 0.0), (x + 10.0, 10.0), (x, 10.0))
        return Heavy(part, extra, planar.bounds(part))

    heavy = [square(0.0, 1.0), square(10.0, 1.0), square(20.0, 2.0)]
    origin = (0.0, 5.0)
    first = media(heavy, origin, ((0, -1, -1),))
    assert media(heavy, origin, ((0, 3, -1),)) == first
    assert media(heavy, origin, ((0, -1, 1), (1, 3, -1))) == first
    assert media(heavy, origin, ((0, 3, 1), (1, 3, 1), (2, 3, -1))) == ((0, -1, 1), (2, 3, -1))
    # from a point off the first's side, the side it enters by counts
    assert media(heavy, (-1.0, 5.0), ((0, 3, -1),)) == ((0, 3, -1),)
