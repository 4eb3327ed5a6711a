"""An independent oracle for sight, by separating lines (shares nothing with sight.py).

The viewer's base A and the target B (a disc, or a point: radius 0) are discs; an
element K is a convex polygon or a disc. Two margins, each the largest over every
direction u of a support-function gap (min over K of u.x minus a bound):

- `into`: max over u of [min_K u.x - max(u.a + ra, u.b + rb)]. The corridor (the
  hull of A and B) and K are apart exactly when a line separates them, so this is
  how far K stays outside the corridor (negative: how deep it reaches in).
- `free`: max over u of [min_K u.x - max(u.a - ra, u.b - rb)]. A sight line a-b
  misses a convex K exactly when a line has K on one side and a point of A and a
  point of B on the other, so this is by how much K could grow and still leave a
  free sight line (negative: K meets every sight line, with that much to spare).

Each maximum is found by sampling u every SAMPLE_STEP and a golden-section search
about the best samples (the gap is piecewise smooth in the angle of u).
"""

from __future__ import annotations

import math

Point = tuple[float, float]

SAMPLE_STEP = math.radians(0.5)
ROUNDS = 60


def _gap(corners: list[Point], radius: float, a: Point, ra: float, b: Point, rb: float, theta: float) -> float:
    ux, uy = math.cos(theta), math.sin(theta)
    low = min(ux * x + uy * y for x, y in corners) - radius
    return low - max(ux * a[0] + uy * a[1] + ra, ux * b[0] + uy * b[1] + rb)


def _largest(corners: list[Point], radius: float, a: Point, ra: float, b: Point, rb: float) -> float:
    count = round(2 * math.pi / SAMPLE_STEP)
    samples = [_gap(corners, radius, a, ra, b, rb, k * SAMPLE_STEP) for k in range(count)]
    best = max(samples)
    peaks = [k for k in range(count) if samples[k] >= samples[k - 1] and samples[k] >= samples[(k + 1) % count]]
    peaks.sort(key=lambda k: -samples[k])
    ratio = (math.sqrt(5) - 1) / 2
    for k in peaks[:4]:
        lo, hi = (k - 1) * SAMPLE_STEP, (k + 1) * SAMPLE_STEP
        m1, m2 = hi - ratio * (hi - lo), lo + ratio * (hi - lo)
        g1, g2 = _gap(corners, radius, a, ra, b, rb, m1), _gap(corners, radius, a, ra, b, rb, m2)
        for _ in range(ROUNDS):
            if g1 >= g2:
                hi, m2, g2 = m2, m1, g1
                m1 = hi - ratio * (hi - lo)
                g1 = _gap(corners, radius, a, ra, b, rb, m1)
            else:
                lo, m1, g1 = m1, m2, g2
                m2 = lo + ratio * (hi - lo)
                g2 = _gap(corners, radius, a, ra, b, rb, m2)
        best = max(best, g1, g2)
    return best


def into(corners: list[Point], radius: float, a: Point, ra: float, b: Point, rb: float) -> float:
    """How far the convex element (corners, rounded by radius; a disc: one corner)
    stays outside the corridor of discs (a, ra) and (b, rb); negative: reaches in."""
    return _largest(corners, radius, a, ra, b, rb)


def free(corners: list[Point], radius: float, a: Point, ra: float, b: Point, rb: float) -> float:
    """By how much the convex element could grow and still leave a sight line from
    disc (a, ra) to disc (b, rb) free; negative: it meets every sight line."""
    return _largest(corners, radius, a, -ra, b, -rb)
