"""The crossings of a front across several sides (least_crossings.many_sides) against a
slow careful reference: the least cost over the crossings found side by side, each
crossing's best cost for every place of the next by nested golden-section searches
(the cost of the path up to a crossing is convex in where it crosses), the first
crossing exactly by least_crossings.one_side."""

from __future__ import annotations

import math

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tabletop.games.skirmish.table.least_crossings import _kinked, many_sides, one_side
from tabletop.games.skirmish.table.planar import Point

Side = tuple[Point, Point]

#: golden-section steps of the reference: an interval of 1e-13 of a side
_GOLDEN_STEPS = 63
_SHRINK = (math.sqrt(5) - 1) / 2


def _at(side: Side, u: float) -> Point:
    (a, b) = side
    return (a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u)


def _cost(s: Point, p: Point, sides: tuple[Side, ...], rates: tuple[float, ...], us: tuple[float, ...]) -> float:
    pts = [s, *(_at(side, u) for side, u in zip(sides, us, strict=True)), p]
    return sum(r * math.dist(q, t) for r, q, t in zip(rates, pts, pts[1:], strict=False))


def _golden(f, steps: int = _GOLDEN_STEPS) -> float:
    """The least of a convex f on [0, 1] (its ends included)."""
    lo, hi = 0.0, 1.0
    x1, x2 = hi - _SHRINK * (hi - lo), lo + _SHRINK * (hi - lo)
    f1, f2 = f(x1), f(x2)
    for _ in range(steps):
        if f1 <= f2:
            hi, x2, f2 = x2, x1, f1
            x1 = hi - _SHRINK * (hi - lo)
            f1 = f(x1)
        else:
            lo, x1, f1 = x1, x2, f2
            x2 = lo + _SHRINK * (hi - lo)
            f2 = f(x2)
    return min(f1, f2, f(0.0), f(1.0))


def _least(s: Point, p: Point, sides: tuple[Side, ...], rates: tuple[float, ...]) -> float:
    """The least cost of s -> x1 -> ... -> xk -> p, xi on sides[i]."""

    def reached(j: int, x: Point) -> float:
        """The least cost from s across sides[0..j] to the point x (after side j)."""
        if j == 0:
            (a, b) = sides[0]
            u = one_side(s, x, a, b, rates[0], rates[1])
            return rates[0] * math.dist(s, _at(sides[0], u)) + rates[1] * math.dist(_at(sides[0], u), x)
        return _golden(lambda u: reached(j - 1, _at(sides[j], u)) + rates[j + 1] * math.dist(_at(sides[j], u), x))

    return reached(len(sides) - 1, p)


#: the least cost of seed 2518's path below, by `_least` (8 s: too slow to run each time)
LEAST_2518 = 71.28577774358115


def test_seed_2518s_front_across_four_sides_crosses_them_at_the_least_cost():
    # (seed 2518's reach: the steps used to zig-zag on this path and stop 2.79 mm dearer)
    s, p = (91.67245191443959, 439.4998243784732), (132.90192047101368, 415.8688343594744)
    sides = (
        ((110.28540185483882, 449.53721918282787), (66.27669684499102, 425.8046701550433)),
        ((71.02320665054796, 417.00292915307375), (106.23017065842619, 435.9889683753014)),
        ((106.23017065842619, 435.9889683753014), (139.45573929732458, 374.3767813615145)),
        ((148.25748029929414, 379.1232911670714), (110.28540185483882, 449.53721918282787)),
    )
    rates = (1.0, 2.0, 1.0, 1.9999999999999984, 1.0)
    us = many_sides.__wrapped__(s, p, sides, rates)
    assert _cost(s, p, sides, rates, us) == pytest.approx(LEAST_2518, abs=1e-9)


_coord = st.floats(0.0, 200.0, allow_nan=False)
_point = st.tuples(_coord, _coord)


@settings(max_examples=40, deadline=None, derandomize=True)
# (a side crossed in and straight out along the way's own line: s, the side and p on one line)
@example(s=(0.0, 3.0), p=(0.0, 0.0), sides=[((0.0, 0.0), (0.0, 2.0))], rates=[1.5, 2.0, 1.0, 1.0], twice=True)
@example(s=(5.0, 0.0), p=(0.0, 0.0), sides=[((0.0, 0.0), (5.0, 0.0))], rates=[3.0, 3.0, 1.0, 1.0], twice=True)
@given(
    s=_point,
    p=_point,
    sides=st.lists(st.tuples(_point, _point).filter(lambda ab: math.dist(*ab) > 1.0), min_size=1, max_size=2),
    rates=st.lists(st.sampled_from([1.0, 1.5, 2.0, 3.0]), min_size=4, max_size=4),
    twice=st.booleans(),
)
def test_the_crossings_of_two_or_three_sides_cost_the_least(s, p, sides, rates, twice):
    # (twice: the first side crossed in and straight out again, the path touching it)
    ways = tuple([sides[0], *sides] if twice or len(sides) == 1 else sides)
    media = tuple(rates[: len(ways) + 1])
    us = many_sides.__wrapped__(s, p, ways, media)
    assert all(0.0 <= u <= 1.0 for u in us)
    assert _cost(s, p, ways, media, us) <= _least(s, p, ways, media) + 1e-9


@settings(max_examples=40, deadline=None, derandomize=True)
# (a side of no length after two on one line through it, each crossing free: the Newton
# step on the chained sides divided by the length of none)
@example(
    s=(-2.685543682645299, -1.324265543780788),
    p=(5.882514597466518, 3.6744933825396533),
    sides=[((0.0, 0.0), (-0.5399146568972704, 0.0)), ((0.0, 0.0), (-2.5174570629390978, 0.0))],
    point=(0.0, 1.0),
    at=2,
    rates=[1.0, 3.0, 3.0, 2.0, 2.0],
    last=((0.0, -2.6271773761704678), (1.7336868101345635, -2.6271773761704678)),
)
@given(
    s=_point,
    p=_point,
    sides=st.lists(st.tuples(_point, _point).filter(lambda ab: math.dist(*ab) > 1.0), min_size=0, max_size=1),
    point=_point,
    at=st.integers(0, 3),
    rates=st.lists(st.sampled_from([1.0, 1.5, 2.0, 3.0]), min_size=5, max_size=5),
    last=st.none() | st.tuples(_point, _point).filter(lambda ab: math.dist(*ab) > 1.0),
)
def test_a_side_of_no_length_is_crossed_at_its_point_for_the_least_cost(s, p, sides, point, at, rates, last):
    ways = [*sides, *([last] if last else [])]
    ways.insert(min(at, len(ways)), (point, point))
    media = tuple(rates[: len(ways) + 1])
    us = many_sides.__wrapped__(s, p, tuple(ways), media)
    assert all(0.0 <= u <= 1.0 for u in us)
    assert _cost(s, p, tuple(ways), media, us) <= _least(s, p, tuple(ways), media) + 1e-9


def test_a_side_crossed_in_and_straight_out_along_the_ways_line_costs_the_least():
    # (the crossings move together along the line at no cost to the leg between them, and the
    # steps of the Hessian summed over their own moves crept on at most 1.5e-6 mm short of its
    # end: 3.5000015 for 3.5)
    s, p, side = (0.0, 3.0), (0.0, 0.0), ((0.0, 0.0), (0.0, 2.0))
    us = many_sides.__wrapped__(s, p, (side, side), (1.5, 2.0, 1.0))
    assert _cost(s, p, (side, side), (1.5, 2.0, 1.0), us) == pytest.approx(3.5, abs=1e-9)


_grid = st.integers(0, 4).map(lambda v: 7.0 * v)


@st.composite
def _touching(draw: st.DrawFn) -> tuple[Point, Point, tuple[Side, ...], tuple[float, ...]]:
    """Two or three sides between a few points of a coarse grid (sides sharing a
    corner, crossing at one, lying on one line, the same side twice), s and p on
    the grid or on a side's line (at its ends, inside, beyond)."""
    corners = draw(st.lists(st.tuples(_grid, _grid), min_size=3, max_size=5, unique=True))
    pick = st.integers(0, len(corners) - 1)
    sides = []
    for _ in range(draw(st.integers(2, 3))):
        i, j = draw(st.lists(pick, min_size=2, max_size=2, unique=True))
        sides.append((corners[i], corners[j]))

    def point() -> Point:
        if draw(st.booleans()):
            return draw(st.tuples(_grid, _grid))
        a, b = draw(st.sampled_from(sides))
        t = draw(st.sampled_from([-0.5, 0.0, 0.25, 0.5, 1.0, 1.5]))
        return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)

    s, p = point(), point()
    rates = draw(st.lists(st.sampled_from([1.0, 1.5, 2.0, 3.0]), min_size=len(sides) + 1, max_size=len(sides) + 1))
    return s, p, tuple(sides), tuple(rates)


@settings(max_examples=40, deadline=None, derandomize=True)
# (s = p at the end the two sides share: the least costs nothing; the steps in the crossings'
# own moves stopped 66.4 dearer)
@example(case=((14.0, 28.0), (14.0, 28.0), (((7.0, 7.0), (14.0, 28.0)), ((14.0, 28.0), (7.0, 7.0))), (3.0, 3.0, 3.0)))
# (the same side twice through s = p)
@example(case=((0.0, 0.0), (0.0, 0.0), (((21.0, 28.0), (0.0, 0.0)), ((21.0, 28.0), (0.0, 0.0))), (1.0, 1.0, 1.0)))
# (legs along the middle side: its bend rounded below nothing, a step uphill taken for the
# least 0.73 dearer, the legs all longer than a smoothing's kink)
@example(
    case=(
        (21.0, 0.0),
        (21.0, 0.0),
        (((14.0, 14.0), (21.0, 28.0)), ((21.0, 28.0), (7.0, 0.0)), ((7.0, 0.0), (14.0, 14.0))),
        (1.0, 2.0, 2.0, 1.0),
    )
)
@given(case=_touching())
def test_the_crossings_of_sides_that_touch_or_lie_on_one_line_cost_the_least(case):
    s, p, sides, rates = case
    us = many_sides.__wrapped__(s, p, sides, rates)
    assert all(0.0 <= u <= 1.0 for u in us)
    if len(sides) <= 3:
        assert _cost(s, p, sides, rates, us) <= _least(s, p, sides, rates) + 1e-9


#: recorded ways across sides with a kink at their least (seeds 1004, 169, 455 and
#: the older recorded set): the call and the cost of its crossings as the continuation
#: over the smoothings found them (a few millionths of a micrometre dearer than the kink)
KINKED = [
    # (p inside the last side)
    (
        (
            (161.06095132053454, 273.3572435517233),
            (212.409557198913, 272.45676540299127),
            (
                ((162.64738564195937, 248.28957777650817), (168.3785791547159, 267.4508256721787)),
                ((266.99968365562285, 252.05735148855672), (192.0609572423, 280.0606956379463)),
            ),
            (1.999999999999998, 1.4852410758565215, 2.0),
        ),
        84.62572133881051,
    ),
    # (through the corner two sides share)
    (
        (
            (114.6006464582613, 420.76316501586143),
            (122.55462105289297, 433.9148697167255),
            (
                ((98.89848060619607, 412.8079801529091), (67.26277781984551, 475.2514130279016)),
                ((134.58044224904893, 430.8855246022523), (98.89848060619607, 412.8079801529091)),
            ),
            (1.0, 1.9999999999999993, 1.0),
        ),
        49.30588645576877,
    ),
    # (touching a side crossed in and out again)
    (
        (
            (203.85630871772764, 465.207157792274),
            (231.01822937339537, 452.6078429388957),
            (
                ((231.00980914491234, 452.63850825877256), (208.37905379798215, 465.36049365521876)),
                ((231.00980914491234, 452.63850825877256), (208.37905379798215, 465.36049365521876)),
            ),
            (1.0, 2.0, 1.0),
        ),
        29.94536943415593,
    ),
    # (s at an end of the first side)
    (
        (
            (66.27669684499102, 425.8046701550433),
            (115.7174194864018, 421.9669455828388),
            (
                ((66.27669684499102, 425.8046701550433), (71.02320665054796, 417.00292915307375)),
                ((106.23017065842619, 435.9889683753014), (139.45573929732458, 374.3767813615145)),
            ),
            (2.0, 1.0, 2.0),
        ),
        51.430346901345395,
    ),
    # (s at an end of a side crossed in and out again)
    (
        (
            (168.3785791547159, 267.4508256721787),
            (136.0154615756967, 246.06858791412492),
            (
                ((162.64738564195937, 248.28957777650817), (168.3785791547159, 267.4508256721787)),
                ((162.64738564195937, 248.28957777650817), (168.3785791547159, 267.4508256721787)),
            ),
            (1.0, 1.9999999999999987, 1.0),
        ),
        38.7888060009067,
    ),
    # (s inside the first side)
    (
        (
            (152.30837883887114, 206.34285557543288),
            (153.57971717918323, 206.53563074058465),
            (
                ((213.48582073710233, 217.9809239106836), (144.7190697342862, 204.89910612733684)),
                ((144.7190697342862, 204.89910612733684), (146.5879008461929, 195.07528455550596)),
            ),
            (2.0, 1.0, 2.0),
        ),
        25.746270789388547,
    ),
    # (s inside a side crossed in and out again)
    (
        (
            (212.69495098064453, 415.16345590202087),
            (198.2138899519935, 345.84333081743847),
            (
                ((220.45922673018362, 399.0267775088965), (203.11609732190036, 435.0714145902647)),
                ((220.45922673018362, 399.0267775088965), (203.11609732190036, 435.0714145902647)),
            ),
            (1.0, 2.0, 1.0),
        ),
        70.81652964004091,
    ),
    # (p inside a side crossed in and out again)
    (
        (
            (203.85630871772764, 465.207157792274),
            (215.92263891362555, 461.1198318564034),
            (
                ((231.00980914491234, 452.63850825877256), (208.37905379798215, 465.36049365521876)),
                ((231.00980914491234, 452.63850825877256), (208.37905379798215, 465.36049365521876)),
            ),
            (1.0, 2.0, 1.0),
        ),
        12.739802106102266,
    ),
    # (p at an end of a side crossed in and out again)
    (
        (
            (203.85630871772764, 465.207157792274),
            (231.00980914491234, 452.63850825877256),
            (
                ((231.00980914491234, 452.63850825877256), (208.37905379798215, 465.36049365521876)),
                ((231.00980914491234, 452.63850825877256), (208.37905379798215, 465.36049365521876)),
            ),
            (1.0, 2.0, 1.0),
        ),
        29.921289018781774,
    ),
    # (p at an end of the last side)
    (
        (
            (469.33673484198727, 407.5651115193706),
            (500.4723065567683, 396.30431712534534),
            (
                ((506.9129995719163, 408.89468937896135), (459.3353364000062, 393.5204912827914)),
                ((462.4101760192402, 384.0049586484094), (500.4723065567683, 396.30431712534534)),
            ),
            (1.0, 1.9999999999999956, 1.0),
        ),
        45.89364439986145,
    ),
    # (through the corner two sides share, then back across the first)
    (
        (
            (118.55125688108876, 418.18466216683817),
            (122.54987271485297, 433.91136409715125),
            (
                ((134.58044224904893, 430.8855246022523), (98.89848060619607, 412.8079801529091)),
                ((98.89848060619607, 412.8079801529091), (67.26277781984551, 475.2514130279016)),
                ((134.58044224904893, 430.8855246022523), (98.89848060619607, 412.8079801529091)),
            ),
            (1.9999999999999984, 1.0, 2.0, 1.0),
        ),
        58.73526248053783,
    ),
    # (touching a side crossed in and out again, then across another)
    (
        (
            (66.27669684499102, 425.8046701550433),
            (114.9111753448784, 422.02017379784695),
            (
                ((71.02320665054796, 417.00292915307375), (106.23017065842619, 435.9889683753014)),
                ((71.02320665054796, 417.00292915307375), (106.23017065842619, 435.9889683753014)),
                ((106.23017065842619, 435.9889683753014), (139.45573929732458, 374.3767813615145)),
            ),
            (1.0, 2.0, 1.0, 2.0),
        ),
        49.87846946981975,
    ),
    # (p inside the last of three sides)
    (
        (
            (397.4513056297038, 231.0740673714108),
            (345.0237423890029, 302.8697273256681),
            (
                ((360.9477691254134, 235.81933248947914), (400.898203765283, 237.810003754532)),
                ((410.38814460898715, 248.29528023076264), (360.45010130915017, 245.80694114944654)),
                ((343.0394598834024, 306.523960415382), (354.8277250753567, 284.814819396812)),
            ),
            (1.0, 1.9999999999999991, 1.3946993021350194, 2.0),
        ),
        127.3886107641917,
    ),
    # (s inside the first of three sides)
    (
        (
            (201.1805266021868, 416.0302687803926),
            (256.6412756719672, 404.3843672178912),
            (
                ((189.7691556994875, 439.7467915085359), (211.44806745984158, 394.6909951568257)),
                ((220.45922673018362, 399.0267775088965), (203.11609732190036, 435.0714145902647)),
                ((249.41544184691202, 408.14955657055987), (225.9147497017369, 385.86239729222865)),
            ),
            (1.0, 1.9999999999999993, 1.0, 1.9999999999999984),
        ),
        76.26336659122614,
    ),
    # (two sides each crossed in and out again, touching the second)
    (
        (
            (91.62784121301593, 437.9636156729909),
            (132.7201592225568, 415.99355282428326),
            (
                ((110.28540185483882, 449.53721918282787), (66.27669684499102, 425.8046701550433)),
                ((110.28540185483882, 449.53721918282787), (66.27669684499102, 425.8046701550433)),
                ((106.23017065842619, 435.9889683753014), (139.45573929732458, 374.3767813615145)),
                ((106.23017065842619, 435.9889683753014), (139.45573929732458, 374.3767813615145)),
                ((148.25748029929414, 379.1232911670714), (110.28540185483882, 449.53721918282787)),
            ),
            (1.9999999999999925, 1.0, 2.0, 1.0, 1.9999999999999984, 1.0),
        ),
        79.33200498035387,
    ),
]


@pytest.mark.parametrize(("call", "found"), KINKED)
def test_a_way_kinked_at_its_least_is_taken_at_the_kink_and_costs_no_more(call, found):
    s, p, sides, rates = call
    assert _kinked(s, p, sides, rates) is not None
    us = many_sides.__wrapped__(s, p, sides, rates)
    assert _cost(s, p, sides, rates, us) <= found + 1e-12
    if len(sides) <= 3:
        assert _cost(s, p, sides, rates, us) <= _least(s, p, sides, rates) + 1e-9


def test_a_way_from_a_corner_along_the_line_of_the_next_side_to_a_point_on_it_costs_the_least():
    # (the least through the corner (7, 14) of the second and third sides: from there across
    # the last side, whose line holds the corner and p, the crossing by Newton on Snell's
    # condition landed on p, a kink, and stopped there 1.96 dearer)
    s, p = (0.0, -10.5), (5.25, 10.5)
    sides = (
        ((0.0, 0.0), (0.0, 21.0)),
        ((7.0, 14.0), (0.0, 0.0)),
        ((0.0, 21.0), (7.0, 14.0)),
        ((7.0, 14.0), (0.0, 0.0)),
    )
    rates = (1.0, 1.0, 1.5, 1.5, 1.0)
    us = many_sides.__wrapped__(s, p, sides, rates)
    # (s to the corner (0, 0), to (7, 14), to p: 10.5 + 7 sqrt(5) + 1.75 sqrt(5))
    assert _cost(s, p, sides, rates, us) == pytest.approx(10.5 + 8.75 * math.sqrt(5.0), abs=1e-9)


def test_a_kink_whose_least_beside_it_is_not_the_least_is_not_taken():
    # (s and p on the second side's line, the first side ending at p: the two crossings of
    # the first side at one point taken with the least of the others found as one, which
    # stopped 4 dearer, its slopes not nothing; the least is every crossing at p)
    first, second = ((0.0, 1.0), (1.0, 2.0)), ((0.0, 0.0), (0.0, 2.0))
    s, p = (0.0, 0.0), (4.478405313241133e-45, 1.0)
    sides, rates = (first, first, second, first, second), (1.0,) * 6
    us = many_sides.__wrapped__(s, p, sides, rates)
    assert _cost(s, p, sides, rates, us) == pytest.approx(1.0, abs=1e-9)
