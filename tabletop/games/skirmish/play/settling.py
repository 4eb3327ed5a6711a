"""Positions and paths put on the 0.1 mm grid the log keeps (so that a game
replays exactly): the grid point nearest to where a warrior or piece was dropped at
which it still fits, and a path's corners settled the same way."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence

from tabletop.games.skirmish.play.state import snap, snap_point
from tabletop.games.skirmish.table import movement
from tabletop.games.skirmish.table.planar import EPS, Point
from tabletop.games.skirmish.table.table import Table

#: offsets on the 0.1 mm grid tried when a rounded point does not fit, nearest first
_NUDGES = sorted(
    ((dx / 10, dy / 10) for dx in range(-3, 4) for dy in range(-3, 4)), key=lambda d: (d[0] ** 2 + d[1] ** 2, d)
)


def settle_point(fits: Callable[[Point], bool], point: Sequence[float]) -> Point | None:
    """The point of the 0.1 mm grid nearest to `point` at which `fits` holds (at
    most 0.3 mm away), or None."""
    base = snap_point(point)
    for dx, dy in _NUDGES:
        candidate = (snap(base[0] + dx), snap(base[1] + dy))
        if fits(candidate):
            return candidate
    return None


def settle_path(table: Table, model_id: str, points: Sequence[Sequence[float]]) -> tuple[Point, ...] | None:
    """A path on the 0.1 mm grid close to `points` (which start at the model) that
    still passes `movement.check_path`, or None. Corners found by the geometry lie
    on or a hair outside obstacles, so rounding them may cut a corner: each corner
    goes to the grid point (at most 0.3 mm away) that keeps the way clear and makes
    the path cheapest there; the end goes to the nearest grid point where the way
    stays clear and costs no more than the allowance (else where it stays clear).
    A warrior leaving terrain it stands in is checked as a whole path
    (see movement.check_path)."""
    model = table.models[model_id]
    start = model.position
    grown = table.grown(model.radius)
    query = grown.model_filter(model_id)
    leaving = table.standing_in(model_id)
    settled: list[Point] = [start]
    raw = [(float(p[0]), float(p[1])) for p in points[1:]]
    for index, point in enumerate(raw):
        following = raw[index + 1] if index + 1 < len(raw) else None

        def clear(candidate: Point, *, following: Point | None = following) -> bool:
            if leaving:
                tail = [candidate] if following is None else [candidate, following]
                return movement.check_path(table, model_id, settled + tail, allowance=math.inf).ok
            if (
                grown.blocked_at(candidate, query) is not None
                or grown.first_hit(settled[-1], candidate, query) is not None
            ):
                return False
            return following is None or grown.first_hit(candidate, following, query) is None

        if following is None:
            # the nearest grid point where the way stays clear and within the
            # allowance (rounding alone may put an end drawn inside the reach over it)
            found = settle_point(functools.partial(_within, table, settled, clear), point)
            if found is None:
                found = settle_point(clear, point)
        else:
            base = snap_point(point)
            candidates = [(snap(base[0] + dx), snap(base[1] + dy)) for dx, dy in _NUDGES]
            candidates.sort(key=lambda c: movement.path_cost(table, (settled[-1], c, following))[1])
            found = next((c for c in candidates if clear(c)), None)
        if found is None:
            return None
        if found != settled[-1]:
            settled.append(found)
    if len(settled) < 2 or not movement.check_path(table, model_id, settled).ok:
        return None
    return tuple(settled)


def _within(table: Table, settled: list[Point], clear: Callable[[Point], bool], end: Point) -> bool:
    """Whether the way on from the settled corners to `end` is clear and costs no
    more than the allowance (as `movement.check_path` counts it)."""
    return movement.path_cost(table, (*settled, end))[1] <= table.allowance + EPS and clear(end)
