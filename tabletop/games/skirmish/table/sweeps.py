"""The area a move reaches by walking on round a body from a node of the tangent
graph and leaving the body along a tangent: the sweep off its arcs, as an exact
region (`Sweep`).

A node on a rounded body (centre C of one of its corners, grown radius R, a way
round) reached with ρ of the budget left walks on round the body and leaves it
along the tangent: the sweep is {T(φ) + t·u(φ) : 0 ≤ t ≤ min(ρ − s(φ), h(φ))},
where T(φ) is the point of the arc in outward direction φ, u(φ) the way on along
the tangent there, s(φ) what the walk to it costs and h(φ) how far the tangent
ray runs before the base would overlap something (REACH_MARGIN short of it).

- Membership is in closed form (`Sweep.cost`, `Sweep.contains`): the tangent from
  p to each arc walked gives where the walk leaves, φ; then the cost is the
  node's cost + s(φ) + |T(φ)p|. The walk is clear as far as the arc stays
  outside every other grown obstacle (exactly, from where its circle crosses
  their pieces) and walking it in straight segments just outside the arc is
  (found once per sweep, exactly to `_WALK_TOLERANCE`); the tangent leg is clear when nothing lies within
  REACH_MARGIN beyond p along it (one segment query of the warrior's passage, the
  query every ray of the reach asks).
- The boundary for drawing (`Sweep.polygons(sag)`) is made of the involute where
  the budget runs out, the obstacles the tangent rays meet and the shadow lines
  of tangent rays grazing an obstacle's rounded corner; its rays lie at most
  `sag` apart on the involute and on the arc, just either side of every common
  tangent of the arc with a rounded corner or base near it and of every ray
  through a corner of the table, and are added where two neighbours stop on
  different things (down to where the budget meets an obstacle) or where the
  straight edge between two ends on one obstacle lies more than `sag` off it.

Arcs are walked at the cost the paths planned walk them (as straight segments
turning by up to ARC_TURN, up to WALKED times the arc), so every point of a sweep
is reached by `movement.shortest_path` too. The terrain within a sweep costs 1
a mm (a sweep meeting heavy terrain is drawn by reach.py's bent sweeps).
"""

from __future__ import annotations

import math
import weakref
from dataclasses import dataclass
from typing import NamedTuple

from tabletop.games.skirmish.table.passage import Board, Passage
from tabletop.games.skirmish.table.pieces import EDGE, Circle, crossings, segment_circle
from tabletop.games.skirmish.table.planar import (
    Point,
    Polygon,
    bounds,
    common_tangent_lines,
    point_in_convex,
    point_in_polygon,
    segment_meets_convex,
    without_repeats,
)
from tabletop.games.skirmish.table.rays import FAN_STEP, REACH_MARGIN
from tabletop.games.skirmish.table.spans import Heavy
from tabletop.games.skirmish.table.tangents import ARC_TURN, Body

TAU = 2.0 * math.pi
#: how far (mm) a sweep's polygons run past its first ray, outward of the body, into
#: the region that shares that ray (`Sweep.polygons`)
_SEAM = 1e-7
#: what walking an arc costs here against its length: the paths planned
#: (movement.shortest_path) walk arcs as straight segments turning by up to
#: ARC_TURN, longer by up to this, so every point a sweep reaches they reach too
WALKED = 1.0 + ARC_TURN**2 / 12.0
#: where the walk round an arc is first blocked, found this exactly (radians)
_WALK_TOLERANCE = 1e-6
#: rays either side of a breakpoint (a grazing tangent, a table corner) lie this
#: far from it (radians)
_BESIDE = 1e-7
#: the widest turn walked by one straight segment when the walk is checked
_WALK_PIECE = math.pi / 4
#: float noise in an exact clearance (mm): a point of an arc this far inside an
#: obstacle touches it (far less than the EPS by which the obstacles the segment
#: queries see are grown less, so those queries start outside them)
_NOISE = 1e-9
#: a walk's first hair (mm): where it starts on heavy terrain's outline, it runs into
#: the part only if this far on it lies inside
_HAIR = 1e-6


@dataclass(frozen=True)
class _Stretch:
    """One arc walked: about `centre`, from outward direction `first` on by
    `room` (radians, with the sweep's orientation), after `spent` of the budget."""

    centre: Point
    first: float
    room: float
    spent: float


class _Ray(NamedTuple):
    """A tangent ray leaving a stretch `turn` radians on: its end and what
    stopped it (None: the budget). (A named tuple: a sweep draws thousands.)"""

    turn: float
    end: Point
    stopped: str | None


@dataclass(frozen=True)
class _Near:
    """What lies about the bodies of one board: the rounded corners and bases
    (centre, grown radius, owner), the concave corners of the table's free area,
    and the owners made of several shapes (their outline turns inward where two
    shapes meet)."""

    circles: tuple[tuple[Point, float, str], ...]
    corners: tuple[Point, ...]
    several: frozenset[str]


_near: weakref.WeakKeyDictionary[Board, _Near] = weakref.WeakKeyDictionary()


def _surroundings(board: Board) -> _Near:
    found = _near.get(board)
    if found is None:
        r = board.radius
        circles = tuple((v, core.radius + r, core.owner) for core in board.obstacles for v in core.core)
        w, h = board.width, board.height
        corners = ((r, r), (w - r, r), (w - r, h - r), (r, h - r))
        several = frozenset(o for o, n in board.parts.items() if n > 1) | {"edge"}
        found = _near[board] = _Near(circles, corners, several)
    return found


class Sweep:
    """The sweep off a body from one node (see the module): `mover` is the
    warrior's passage (with no heavy terrain near the sweep), `node` is (body
    index, corner, outward direction, way round), `cost` what reaching it cost and
    `limit` what the move may cost; the walk goes at most `until` along the body's
    outline (where another node's sweep takes it over)."""

    def __init__(
        self,
        mover: Passage,
        body: Body,
        node: tuple[int, int, float, int],
        cost: float,
        limit: float,
        until: float = math.inf,
    ):
        self.mover, self.body, self.orient = mover, body, node[3]
        self.start_cost, self.limit = cost, limit
        self.stretches = self._walk(node[1], node[2], limit - cost, until)

    # -- the walk ---------------------------------------------------------------------------

    def _walk(self, corner: int, angle: float, budget: float, until: float) -> list[_Stretch]:
        """The arcs walked from the node while the walk is clear, the budget lasts
        and it has gone at most `until` along the outline."""
        body, orient, mover = self.body, self.orient, self.mover
        n = len(body.corners)
        r = body.radius
        found: list[_Stretch] = []
        spent = walked = 0.0
        turned = (body.along(corner, angle) - body.offsets[corner]) / r
        for _step in range(n + 1):
            start, width = body.starts[corner], body.widths[corner]
            room = TAU if n == 1 else (width - turned) if orient > 0 else turned
            room = max(0.0, min(room, (budget - spent) / (r * WALKED), (until - walked) / r))
            first = start + turned
            free = self._free_turn(body.corners[corner], first, room)
            found.append(_Stretch(body.corners[corner], first, free, spent))
            walked += r * room
            if n == 1 or free < room or spent + r * room * WALKED >= budget or walked >= until:
                break
            spent += r * room * WALKED
            # the straight side to the next corner
            a, b, nxt = body.side_after(corner, orient)
            if not mover.clear(a, b):
                break
            spent += math.dist(a, b)
            walked += math.dist(a, b)
            if spent >= budget:
                break
            corner = nxt
            turned = 0.0 if orient > 0 else body.widths[corner]
        return found

    def _touch(self, centre: Point, phi: float, outer: float = 0.0) -> Point:
        r = self.body.radius + outer
        return (centre[0] + r * math.cos(phi), centre[1] + r * math.sin(phi))

    def _walk_clear(self, centre: Point, first: float, turn0: float, turn1: float) -> bool:
        """Whether the straight segment walking the arc from turn0 to turn1 (just
        outside it, touching it at both ends) is clear."""
        o = self.orient
        half = (turn1 - turn0) / 2
        t0 = self._touch(centre, first + o * turn0)
        t1 = self._touch(centre, first + o * turn1)
        outer = self.body.radius / math.cos(half) - self.body.radius
        v = self._touch(centre, first + o * (turn0 + half), outer)
        return self.mover.clear(t0, v) and self.mover.clear(v, t1)

    def _free_turn(self, centre: Point, first: float, room: float) -> float:
        """How far round the arc the walk is clear: up to where the arc itself
        first runs into another grown obstacle or off the table (`_arc_free`), and
        there the first turn where the segments walking it, ever shorter, are
        blocked (or all of `room`)."""
        room = self._arc_free(centre, first, room)
        if room <= 0.0:
            return 0.0
        count = max(1, math.ceil(room / _WALK_PIECE))
        for k in range(count):
            blocked = self._blocked_in(centre, first, room * k / count, room * (k + 1) / count)
            if blocked is not None:
                return blocked
        return room

    def _arc_free(self, centre: Point, first: float, room: float) -> float:
        """How far round the arc (from `first`, by at most `room`) its points stay
        outside every grown obstacle and on the table, exactly: the arc meets an
        obstacle's outline only where its circle crosses the obstacle's pieces
        (pieces.py), and between two such turns it lies wholly inside or outside.
        (A segment query starting inside an obstacle does not see it: a walk
        checked by segments alone went on into another part of its own element.)"""
        if room <= 0.0:
            return 0.0
        r, o = self.body.radius, self.orient
        cx, cy = centre
        field = self.mover.field
        arc = Circle("", EDGE, cx, cy, r)
        near = [
            ob
            for ob in field.obstacles
            if ob.box[0] <= cx + r and ob.box[2] >= cx - r and ob.box[1] <= cy + r and ob.box[3] >= cy - r
        ]
        marks = {0.0, room}
        for piece in [*field.edges, *(p for ob in near for p in (*ob.circles, *ob.sides) if p is not None)]:
            for x, y in crossings(arc, piece):
                turn = (o * (math.atan2(y - cy, x - cx) - first)) % TAU
                if turn < room:
                    marks.add(turn)
        ordered = sorted(marks)
        low, high = field.radius, (field.width - field.radius, field.height - field.radius)
        for t0, t1 in zip(ordered, ordered[1:], strict=False):
            p = self._touch(centre, first + o * (t0 + t1) / 2)
            off = min(p[0] - low, p[1] - low, high[0] - p[0], high[1] - p[1])
            if off < -_NOISE or any(ob.clearance(p) < -_NOISE for ob in near):
                return t0
        return room

    def _blocked_in(self, centre: Point, first: float, turn0: float, turn1: float) -> float | None:
        if self._walk_clear(centre, first, turn0, turn1):
            return None
        if turn1 - turn0 < _WALK_TOLERANCE:
            return turn0
        middle = (turn0 + turn1) / 2
        found = self._blocked_in(centre, first, turn0, middle)
        return found if found is not None else self._blocked_in(centre, first, middle, turn1)

    # -- membership -------------------------------------------------------------------------

    def cost(self, p: Point) -> float:
        """What reaching p through this sweep costs (the node's cost, the walk
        and the tangent leg), in closed form; infinite where p lies in none of its
        tangent rays' reach (behind the body, past the walk, or the leg blocked)."""
        best = math.inf
        r, o = self.body.radius, self.orient
        for stretch in self.stretches:
            c = stretch.centre
            dx, dy = p[0] - c[0], p[1] - c[1]
            d = math.hypot(dx, dy)
            if d < r:
                continue
            leg = math.sqrt(max(0.0, d * d - r * r))
            phi = math.atan2(dy, dx) - o * math.atan2(leg, r)
            turn = (o * (phi - stretch.first)) % TAU
            if turn > stretch.room + 1e-12:
                if turn < TAU - 1e-12:
                    continue
                turn = 0.0
            cost = self.start_cost + stretch.spent + r * turn * WALKED + leg
            if cost >= best:
                continue
            t = self._touch(c, phi)
            ux, uy = -o * math.sin(phi), o * math.cos(phi)
            beyond = (t[0] + (leg + REACH_MARGIN) * ux, t[1] + (leg + REACH_MARGIN) * uy)
            if self.mover.hit(t, beyond) is None:
                best = cost
        return best

    def contains(self, p: Point) -> bool:
        return self.cost(p) <= self.limit

    def holds_corner_of(self, heavy: list[Heavy]) -> bool:
        """Whether the sweep reaches a corner of one of the heavy parts (in closed
        form): then they meet it (`meets` says so of its polygons, which lie within
        their sag of its boundary), and it need not be drawn to ask."""
        return any(self.contains(p) for h in heavy for p in h.part)

    def walks_into(self, heavy: list[Heavy]) -> bool:
        """Whether the walk (its arcs, which lie in the sweep: the rays leave from
        them) starts on one of the heavy parts or crosses one's outline (in closed
        form): then the sweep meets it (`meets`), and it need not be drawn to ask."""
        r, o = self.body.radius, self.orient
        for stretch in self.stretches:
            (cx, cy), first, room = stretch.centre, stretch.first, stretch.room
            if room <= 0.0:
                continue
            # (a hair on: a walk starting on an outline may run away from the part)
            start = self._touch(stretch.centre, first + o * min(room, _HAIR / r))
            for h in heavy:
                x0, y0, x1, y1 = h.box
                if x0 > cx + r or x1 < cx - r or y0 > cy + r or y1 < cy - r:
                    continue
                if point_in_convex(start, h.part):
                    return True
                n = len(h.part)
                for i in range(n):
                    (ax, ay), (bx, by) = h.part[i], h.part[(i + 1) % n]
                    for x, y in segment_circle(ax, ay, bx, by, cx, cy, r):
                        if _HAIR / r < (o * (math.atan2(y - cy, x - cx) - first)) % TAU <= room:
                            return True
        return False

    def meets(self, polygons: list[Polygon], heavy: list[Heavy], sag: float) -> bool:
        """Whether any of the heavy parts comes within `sag` of the sweep drawn as
        `polygons` (then the sweep as drawn here, at 1 a mm, is not what a move
        reaches there)."""
        for poly in polygons:
            left, top, right, bottom = bounds(poly)
            for h in heavy:
                x0, y0, x1, y1 = h.box
                if x0 > right + sag or x1 < left - sag or y0 > bottom + sag or y1 < top - sag:
                    continue
                if point_in_polygon(h.part[0], poly) or point_in_convex(poly[0], h.part, sag):
                    return True
                if any(segment_meets_convex(poly[i - 1], poly[i], h.part, sag) for i in range(len(poly))):
                    return True
        return False

    # -- drawing ----------------------------------------------------------------------------

    def polygons(self, sag: float) -> list[Polygon]:
        """The sweep as polygons to fill (one per arc walked), within `sag` of its
        boundary (see the module)."""
        found: list[Polygon] = []
        for stretch in self.stretches:
            if stretch.room <= 1e-12:
                continue
            rays = self._rays(stretch, sag)
            if len(rays) < 2:
                continue
            r = self.body.radius
            corners = []
            for a, b in zip(rays, rays[1:], strict=False):
                half = (b.turn - a.turn) / 2
                phi = stretch.first + self.orient * (a.turn + half)
                corners.append(self._touch(stretch.centre, phi, r / math.cos(half) - r))
            ring = [ray.end for ray in rays] + corners[::-1]
            # a hair beyond the first ray (outward of the body): the region before it
            # (what the way saw, a fan's, or the stretch before) shares that ray, and a
            # point on it is in neither polygon by float noise (seed 98)
            phi = stretch.first + self.orient * rays[0].turn
            nx, ny = _SEAM * math.cos(phi), _SEAM * math.sin(phi)
            ring += [(corners[0][0] + nx, corners[0][1] + ny), (rays[0].end[0] + nx, rays[0].end[1] + ny)]
            found.append(without_repeats(ring))
        return found

    def _left(self, stretch: _Stretch, turn: float) -> float:
        return self.limit - self.start_cost - stretch.spent - self.body.radius * turn * WALKED

    def _ray(self, stretch: _Stretch, turn: float) -> _Ray:
        orient = self.orient
        phi = stretch.first + orient * turn
        c, s = math.cos(phi), math.sin(phi)
        r = self.body.radius
        cx, cy = stretch.centre
        tx, ty = cx + r * c, cy + r * s
        left = self.limit - self.start_cost - stretch.spent - r * turn * WALKED  # (`_left`)
        if left <= 1e-9:
            return _Ray(turn, (tx, ty), None)
        ux, uy = -orient * s, orient * c
        end = (tx + left * ux, ty + left * uy)
        hit = self.mover.hit((tx, ty), end)
        if hit is None:
            return _Ray(turn, end, None)
        run = max(0.0, hit[1] * left - REACH_MARGIN)
        return _Ray(turn, (tx + run * ux, ty + run * uy), hit[0])

    def _rays(self, stretch: _Stretch, sag: float) -> list[_Ray]:
        r, room = self.body.radius, stretch.room
        longest = max(self._left(stretch, 0.0), sag)
        # the involute's chords and the walk's corners stay within `sag` of the
        # boundary: the rays grow shorter as the walk goes on, so further apart
        inner = min(FAN_STEP, 2.0 * math.acos(r / (r + sag)))
        marks = {0.0, room}
        turn = 0.0
        budget = self.limit - self.start_cost - stretch.spent  # (`_left`, term for term)
        while True:
            left = budget - r * turn * WALKED
            turn += inner if left <= sag else min(inner, 2.0 * math.acos(1.0 - sag / left))
            if turn >= room:
                break
            marks.add(turn)
        for turn in self._breaks(stretch):
            for d in (-_BESIDE, _BESIDE):
                if 0.0 < turn + d < room:
                    marks.add(turn + d)
        rays = [self._ray(stretch, turn) for turn in sorted(marks)]
        fine = sag / (r + longest)
        several = _surroundings(self.mover.board).several
        out: list[_Ray] = [rays[0]]
        for ray in rays[1:]:
            last = out[-1]
            # (`_between`'s first test, asked here: most neighbours both run out of budget)
            if not (last.stopped is None and ray.stopped is None):
                self._between(stretch, out, last, ray, sag, fine, several, 0)
            out.append(ray)
        return out

    def _breaks(self, stretch: _Stretch) -> list[float]:
        """Turns where a tangent ray grazes a rounded corner or base near the arc
        within its length (a shadow starts or ends), or passes a concave corner of
        the table's free area."""
        near = _surroundings(self.mover.board)
        c, r, o, first = stretch.centre, self.body.radius, self.orient, stretch.first
        reach = self._left(stretch, 0.0) + r
        own = (self.body.owner, self.mover.model_id)
        found = []

        def turn_of(phi: float) -> float:
            return (o * (phi - first)) % TAU

        for centre, radius, owner in near.circles:
            if owner in own or math.dist(c, centre) > reach + radius:
                continue
            for (px, py), _direction in common_tangent_lines(c, r, centre, radius):
                phi = math.atan2(py - c[1], px - c[0])
                turn = turn_of(phi)
                if turn > stretch.room:
                    continue
                ux, uy = -o * math.sin(phi), o * math.cos(phi)
                along = (centre[0] - px) * ux + (centre[1] - py) * uy
                if 0.0 < along <= self._left(stretch, turn) + radius:
                    found.append(turn)
        for q in near.corners:
            d = math.dist(c, q)
            if r < d <= reach:
                phi = math.atan2(q[1] - c[1], q[0] - c[0]) - o * math.acos(r / d)
                found.append(turn_of(phi))
        return found

    def _between(
        self,
        stretch: _Stretch,
        out: list[_Ray],
        a: _Ray,
        b: _Ray,
        sag: float,
        fine: float,
        several: frozenset[str],
        depth: int,
    ) -> None:
        """Add to `out` the rays between a and b that the boundary needs: where
        they stop on different things, down to `fine`; where both stop on one
        obstacle and a ray between ends more than `sag` off their straight edge."""
        if depth >= 24 or b.turn - a.turn < fine:
            return
        if a.stopped == b.stopped:
            if a.stopped is None:
                return
            if a.stopped not in several and math.dist(a.end, b.end) ** 2 <= 8.0 * self.mover.board.radius * sag:
                return
        middle = self._ray(stretch, (a.turn + b.turn) / 2)
        # one obstacle: its outline between the ends bulges into the area (the edge
        # cuts into it) or turns inward where two of its shapes meet; the middle ray
        # meets it near where it lies furthest off the edge, so half the sag
        if (
            a.stopped == b.stopped == middle.stopped
            and abs(_beyond(stretch.centre, a.end, b.end, middle.end)) <= sag / 2
        ):
            return
        self._between(stretch, out, a, middle, sag, fine, several, depth + 1)
        out.append(middle)
        self._between(stretch, out, middle, b, sag, fine, several, depth + 1)


def _beyond(inner: Point, a: Point, b: Point, p: Point) -> float:
    """How far p lies beyond the straight edge a-b, seen from `inner`."""
    ex, ey = b[0] - a[0], b[1] - a[1]
    length = math.hypot(ex, ey)
    if length == 0.0:
        return math.dist(a, p)
    side = (ex * (p[1] - a[1]) - ey * (p[0] - a[0])) / length
    return side if ex * (inner[1] - a[1]) - ey * (inner[0] - a[0]) < 0.0 else -side
