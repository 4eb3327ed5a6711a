"""Sliding the crossings of heavy terrain's outline, continued from test_geometry_refine.py:
where a search along one side settles when the cost there is not convex (minimum.py)."""

from __future__ import annotations

from tabletop.games.skirmish.minimum import least_from
from tabletop.games.skirmish.table.refine import SLIDE_TOLERANCE


def test_a_least_found_where_the_cost_is_not_convex_is_never_dearer_than_a_point_asked():
    # a way through a point of a side, cheaper to the left but for a stretch inside an
    # arc the way walks (a thousand a mm the deeper, as placing.py weighs it) and a
    # rise at the far end: from 19 the search took the foot of that stretch, 10.9 (9.8),
    # for its least, after asking 2.1 there
    def f(s: float) -> float:
        return 0.9 * s + 1000.0 * max(0.0, 1.7 - abs(s - 9.2)) + 1.5 * max(0.0, 1.4 - s)

    seen: dict[float, float] = {}

    def asked(s: float) -> float:
        seen[s] = f(s)
        return seen[s]

    s = least_from(asked, 0.0, 20.0, 19.0, SLIDE_TOLERANCE)
    assert f(s) <= min(seen.values()) < 2.2
