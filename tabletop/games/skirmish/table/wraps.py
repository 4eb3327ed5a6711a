"""Walks round an obstacle next to where a path crosses heavy terrain's outline
(for refine.py): with the crossing slid along the outline, the walk meets the
obstacle's arc (or leaves it) at the tangent to the crossing, its far end staying
(`Wrap`); where the straight way from a crossing is cut off, the walk round the
corner in the way (`Wrap.round`); a crossing on an arc the path bends round,
pulled tight round it (`tightened`). The arcs are the rounded corners of the
board's grown obstacles (`circles`), a path's points on them found by `arc_of`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.graph import router
from tabletop.games.skirmish.table.passage import Passage
from tabletop.games.skirmish.table.planar import Point
from tabletop.games.skirmish.table.spans import Heavy
from tabletop.games.skirmish.table.tangents import ARC_TURN, TAU, arc_points

#: the arcs of the last KEPT passages (a passage is one warrior on one table version)
KEPT = 32
_circles: dict[Passage, list[tuple[str, Point, float]]] = {}


def circles(passage: Passage) -> list[tuple[str, Point, float]]:
    """The arcs a path may walk round: each rounded corner of the board's grown
    obstacles (not the warrior's own), as its owner, centre and radius (kept per
    passage: every path refined asks)."""
    found = _circles.get(passage)
    if found is None:
        if len(_circles) >= KEPT:
            del _circles[next(iter(_circles))]
        found = _circles[passage] = [
            (body.owner, corner, body.radius)
            for body in router(passage.board).bodies
            if not body.point and body.owner != passage.model_id
            for corner in body.corners
        ]
    return found


#: a point walking an arc lies this much outside it at most (the corners of the straight
#: segments that walk it), as a share of its radius
_OUTSIDE = 1.0 / math.cos(ARC_TURN / 2) - 1.0


def arc_of(p: Point, circles: list[tuple[str, Point, float]]) -> tuple[Point, float] | None:
    """The arc p lies on (a corner of the straight segments walking it), or None."""
    x, y = p
    for _owner, centre, radius in circles:
        dx, dy = x - centre[0], y - centre[1]
        outer = radius * (1.0 + _OUTSIDE) + 1e-7
        if abs(dx) > outer or abs(dy) > outer:
            continue
        d = math.hypot(dx, dy)
        if radius - 1e-7 <= d <= outer:
            return centre, radius
    return None


def tightened(prev: Point, q: Point, nxt: Point, arc: tuple[Point, float]) -> list[Point] | None:
    """The way prev - q - nxt with q on an arc it bends round, pulled tight round
    the arc (from the tangent from prev to the tangent to nxt); None where it
    does not bend round it."""
    (cx, cy), r = arc
    d0, d1 = math.dist(prev, (cx, cy)), math.dist(nxt, (cx, cy))
    if d0 <= r or d1 <= r:
        return None
    bend = (q[0] - prev[0]) * (nxt[1] - q[1]) - (q[1] - prev[1]) * (nxt[0] - q[0])
    o = 1 if bend > 0 else -1
    meet = math.atan2(prev[1] - cy, prev[0] - cx) + o * math.acos(r / d0)
    leave = math.atan2(nxt[1] - cy, nxt[0] - cx) - o * math.acos(r / d1)
    turn = (o * (leave - meet)) % TAU
    if turn > math.pi:
        return None
    return [prev, *arc_points((cx, cy), r, meet, o * turn), nxt]


@dataclass(frozen=True)
class Wrap:
    """A stretch of a path walking an arc (`centre`, `radius`, `orient` 1 counter-
    clockwise) between a crossing of heavy terrain's outline and `end`, the far end
    of the walk, which stays: with the crossing elsewhere, the walk meets it at
    the tangent to it."""

    centre: Point
    radius: float
    orient: int
    end: Point
    #: whether the walk comes before the crossing (it walks from `end` to the crossing)
    first: bool
    #: the path's point beyond the walk, where it comes from a point off the arc (the
    #: walk then ends at the tangent from it, `end`)
    beyond: Point | None = None

    @staticmethod
    def round(
        passage: Passage, circles: list[tuple[str, Point, float]], a: Point, b: Point, first: bool
    ) -> Wrap | None:
        """Where the straight way a-b is cut off by an obstacle: the walk round the
        corner of it the way runs deepest into, on the side the way passes it,
        from the crossing's neighbour (a where `first`, else b) on; None where
        nothing of the board's obstacles is in the way."""
        hit = passage.board.grown.owners_hit(a, b) - {passage.model_id}
        deepest = None
        for owner, centre, radius in circles:
            if owner in hit:
                depth = radius - planar.point_segment_distance(centre, a, b)
                if depth > 0 and (deepest is None or depth > deepest[0]):
                    deepest = (depth, centre, radius)
        if deepest is None:
            return None
        _depth, (cx, cy), r = deepest
        # the way passes with the corner's centre on its left: counter-clockwise round it
        o = 1 if (b[0] - a[0]) * (cy - a[1]) - (b[1] - a[1]) * (cx - a[0]) > 0 else -1
        far = a if first else b
        d = math.dist(far, (cx, cy))
        if d <= r:
            return None
        tangent = math.atan2(far[1] - cy, far[0] - cx) + (o if first else -o) * math.acos(r / d)
        end = (cx + r * math.cos(tangent), cy + r * math.sin(tangent))
        return Wrap((cx, cy), r, o, end, first, far)

    @staticmethod
    def of(
        path: list[Point], end: int, near: int, arc: tuple[Point, float] | None, crossing: Point, first: bool
    ) -> Wrap | None:
        """The walk of path[end..near] (near next to the crossing, after it where
        `first`), or None where path[near] walks no arc."""
        if arc is None or end in (0, len(path) - 1):
            return None
        centre, radius = arc
        # which way round: from two points of the walk in its order, or for one point
        # from the way between it and the crossing
        if end != near:
            a, b = (path[end], path[end + 1]) if first else (path[near], path[near + 1])
            turn = (a[0] - centre[0]) * (b[1] - centre[1]) - (a[1] - centre[1]) * (b[0] - centre[0])
        else:
            p = path[near]
            heading = (crossing[0] - p[0], crossing[1] - p[1]) if first else (p[0] - crossing[0], p[1] - crossing[1])
            turn = (p[0] - centre[0]) * heading[1] - (p[1] - centre[1]) * heading[0]
        return Wrap(centre, radius, 1 if turn > 0 else -1, path[end], first)

    def to(self, q: Point) -> list[Point]:
        """The walk from `end` round the arc to where it leaves for q (or, not
        first, meets it coming from q), in that order. (Where q lies inside the arc,
        to the point of it nearest q: no way, see `inside`.)"""
        c, r, o = self.centre, self.radius, self.orient
        d = max(math.dist(q, c), r)
        # leaving (first) or meeting the arc at the tangent to q
        sign = -o if self.first else o
        tangent = math.atan2(q[1] - c[1], q[0] - c[0]) + sign * math.acos(r / d)
        end = math.atan2(self.end[1] - c[1], self.end[0] - c[0])
        turn = (o * (tangent - end)) % TAU if self.first else (o * (end - tangent)) % TAU
        ahead = [] if self.beyond is None else [self.beyond]
        if turn > math.pi:
            # the tangent lies behind the end: straight on from it (from the point
            # beyond, where the walk was only to go round what was in the way)
            return ahead or [self.end]
        if self.first:
            return [*ahead, self.end, *arc_points(c, r, end, o * turn)]
        # met at the tangent, walked on to the end: listed from the end back
        return [*ahead, self.end, *arc_points(c, r, tangent, o * turn)[::-1]]

    def near(self, heavy: list[Heavy]) -> list[Heavy]:
        """The parts of heavy terrain whose box meets the arc's (the walk's straight
        segments lie just outside it)."""
        (cx, cy), reach = self.centre, self.radius * (1.0 + _OUTSIDE) + 1e-6
        return [
            h
            for h in heavy
            if h.box[0] <= cx + reach and h.box[2] >= cx - reach and h.box[1] <= cy + reach and h.box[3] >= cy - reach
        ]

    def inside(self, q: Point) -> float:
        """How far q lies inside the arc (0 outside it)."""
        return max(0.0, self.radius - math.dist(q, self.centre))
