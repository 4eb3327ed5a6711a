"""The oracle's costs over heavy terrain, exact for a given path: along a straight
segment (clipped against each heavy part; along a part's side, the lesser cost of
either side of it: along the outline the open ground's, along a seam between two
parts of a piece the piece's) and along an arc of a circle (constant between the
angles where the circle crosses a heavy part's sides).
"""

from __future__ import annotations

import bisect
import math

from tabletop.games.skirmish.table import planar

Point = tuple[float, float]
TAU = 2 * math.pi
#: how far either side of a stretch along a part's side the cost is asked (mm)
SIDE_OFF = 1e-7


def norm(theta: float) -> float:
    return theta % TAU


class HeavyCosts:
    """`heavy`: (convex part, extra cost per mm inside it, its bounds) of every
    heavy part on the table."""

    def __init__(self, heavy: list[tuple[tuple[Point, ...], float, tuple[float, float, float, float]]]) -> None:
        self.heavy = heavy

    def at(self, p: Point) -> float:
        """The cost per mm at p."""
        return 1.0 + sum(extra for part, extra, _ in self.heavy if planar.point_in_convex(p, part, -1e-9))

    def segment(self, a: Point, b: Point) -> float:
        length = math.dist(a, b)
        if not self.heavy or length == 0.0:
            return length
        cost = length
        left, right = min(a[0], b[0]), max(a[0], b[0])
        top, bottom = min(a[1], b[1]), max(a[1], b[1])
        inside = []  # (from, to, extra) strictly inside a part
        on_side = []  # (from, to) along a part's side
        for part, extra, (pl, pt, pr, pb) in self.heavy:
            if pr < left or pl > right or pb < top or pt > bottom:
                continue
            span = planar.clip_segment_convex(a, b, part)
            if span is None or span[1] <= span[0]:
                continue
            t = (span[0] + span[1]) / 2
            if planar.point_in_convex((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t), part, -1e-9):
                cost += extra * (span[1] - span[0]) * length
                inside.append((span[0], span[1], extra))
            else:
                on_side.append(span)
        return cost + self._along_sides(a, b, length, inside, on_side)

    def _along_sides(self, a: Point, b: Point, length: float, inside, on_side) -> float:
        """The extra cost of the stretches of a-b along parts' sides: the lesser of
        the costs per mm just either side of it (a seam between two parts of a piece
        lies inside it, the outline does not), less what the parts it runs inside
        count already; asked between every two ends of such stretches."""
        cuts = sorted({t for span in on_side for t in span})
        nx, ny = (a[1] - b[1]) / length * SIDE_OFF, (b[0] - a[0]) / length * SIDE_OFF
        extra_cost = 0.0
        for t0, t1 in zip(cuts, cuts[1:], strict=False):
            t = (t0 + t1) / 2
            if not any(s0 <= t <= s1 for s0, s1 in on_side):
                continue
            m = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
            rate = min(self.at((m[0] + nx, m[1] + ny)), self.at((m[0] - nx, m[1] - ny)))
            extra = rate - 1.0 - sum(e for s0, s1, e in inside if s0 < t < s1)
            if extra > 0.0:
                extra_cost += extra * (t1 - t0) * length
        return extra_cost

    def arc(self, circle, t0: float, t1: float) -> float:
        """Cost along the circle from angle t0 to t1 (its `profile` kept on it)."""
        if not circle.heavy:
            return circle.radius * abs(t1 - t0)
        if circle.profile is None:
            circle.profile = self._profile(circle)
        return abs(_integral(circle.profile, t1) - _integral(circle.profile, t0))

    def _profile(self, circle) -> tuple[list[float], list[float], list[float]]:
        """(angles, cost per radian from each angle on, integral up to each angle)."""
        cuts = {0.0}
        for part, _, _ in self.heavy:
            for i in range(len(part)):
                cuts.update(circle_cuts(circle.centre, circle.radius, part[i], part[(i + 1) % len(part)]))
        angles = sorted(cuts)
        ends = [*angles[1:], TAU]
        rates = [circle.radius * self.at(circle.point((a + b) / 2)) for a, b in zip(angles, ends, strict=True)]
        sums = [0.0]
        for a, b, rate in zip(angles, ends, rates, strict=True):
            sums.append(sums[-1] + rate * (b - a))
        return angles, rates, sums


def circle_cuts(c: Point, radius: float, a: Point, b: Point) -> list[float]:
    """The angles (in [0, 2pi)) at which segment a-b crosses the circle."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    fx, fy = a[0] - c[0], a[1] - c[1]
    qa = dx * dx + dy * dy
    qb = 2 * (fx * dx + fy * dy)
    qc = fx * fx + fy * fy - radius * radius
    disc = qb * qb - 4 * qa * qc
    if qa == 0.0 or disc < 0.0:
        return []
    root = math.sqrt(disc)
    return [
        norm(math.atan2(fy + t * dy, fx + t * dx))
        for t in ((-qb - root) / (2 * qa), (-qb + root) / (2 * qa))
        if -1e-12 <= t <= 1 + 1e-12
    ]


def _integral(profile: tuple[list[float], list[float], list[float]], theta: float) -> float:
    """The cost along a circle from angle 0 to theta (any real angle)."""
    angles, rates, sums = profile
    turns, rest = divmod(theta, TAU)
    k = bisect.bisect_right(angles, rest) - 1
    return turns * sums[-1] + sums[k] + rates[k] * (rest - angles[k])
