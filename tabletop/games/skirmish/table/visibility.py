"""The disc a point source sees among the grown obstacles, exactly.

- `Field` (pieces.py): the grown obstacles as exact pieces, per table version and
  base radius, and where their outlines meet.
- `visible_disc(field, source, radius, low, width, occluders)` -> `Disc`: the disc
  about the source clipped by what it sees, over the directions [low, low + width]
  (a full turn by default). Its boundary is kept as `Span`s in angular order: the
  disc's own arc (piece None), a piece of an obstacle, or a radial shadow line
  where two spans meet at different distances. `contains(p)` is closed form;
  `polygon(sag)` draws it, star-shaped about the source.

`occluders` are convex polygons that also stop sight (not grown: heavy terrain's
parts, for a disc in the open medium about them).

Clear is decided one way, by these exact pieces, not pymunk's space (which grows
shapes by radius - EPS): a ray is stopped where it enters a piece. A source within
TOUCH of an obstacle touches it: it sees along and away from the obstacle, not into
it (those directions are stopped at distance 0). A source deeper than TOUCH inside
an obstacle, or off the table by more, sees nothing (an empty disc).

Only the part of an obstacle facing the source is kept, each piece over its own
angular span from the source, so a ray meets at most one piece of each obstacle.
The directions are swept once: between two neighbouring span ends (or crossings
of a piece with the disc's circle) the same pieces are seen; the nearest at the
middle, found trying them nearest first, bounds the disc until it crosses one of
them that may come nearer (`meets`), and on from there the same way.
"""

from __future__ import annotations

import bisect
import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from tabletop.games.skirmish.table.pieces import (
    OCCLUDER,
    TAU,
    TOUCH,
    Circle,
    Field,
    Line,
    Obstacle,
    Piece,
    Touch,
    circle_circle,
    crossings,
    segment_circle,
)
from tabletop.games.skirmish.table.planar import (
    Point,
    Polygon,
    closest_on_segment,
    orient,
    point_convex_signed_distance,
)

#: spans narrower than this are dropped (radians)
_NARROW = 1e-12


@dataclass(frozen=True)
class Span:
    """Directions [low, high] (radians, low within [start, start + 2 pi) of the
    disc) whose boundary is `piece` (None: the disc's own arc)."""

    low: float
    high: float
    piece: Piece | None


@dataclass(frozen=True, eq=False)
class Disc:
    """The visible disc (see the module): spans in angular order from `low` over
    `width` (2 pi: the full turn); no spans: the source sees nothing."""

    source: Point
    radius: float
    low: float
    width: float
    spans: tuple[Span, ...]

    @functools.cached_property
    def _lows(self) -> list[float]:
        return [s.low for s in self.spans]

    def reach_at(self, span: Span, angle: float) -> float:
        """How far the disc reaches from the source in direction `angle` (in span)."""
        piece = span.piece
        if piece is None:
            return self.radius
        # (a piece grazed at its span's end may be met beyond the disc, or not at all)
        return min(self.radius, piece.hit(self.source[0], self.source[1], math.cos(angle), math.sin(angle)))

    def span_at(self, angle: float) -> Span | None:
        """The span holding direction `angle` (None: outside the wedge)."""
        if not self.spans:
            return None
        offset = (angle - self.low) % TAU
        if self.width < TAU and offset > self.width:
            return None
        k = bisect.bisect_right(self._lows, self.low + offset) - 1
        return self.spans[k if k >= 0 else len(self.spans) - 1]

    def contains(self, p: Point) -> bool:
        """Whether p lies in the disc (its boundary included, within float noise)."""
        dx, dy = p[0] - self.source[0], p[1] - self.source[1]
        r = math.hypot(dx, dy)
        if r == 0.0:
            return bool(self.spans)
        span = self.span_at(math.atan2(dy, dx))
        return span is not None and r <= self.reach_at(span, math.atan2(dy, dx)) + 1e-9

    def polygon(self, sag: float) -> Polygon:
        """The disc as a polygon within `sag` of its boundary and inside it: the
        disc's arcs by chords, obstacles' circles by tangent segments outside
        them, straight pieces as they are; the source a corner of a wedge."""
        ox, oy = self.source
        rho = self.radius
        ring: list[Point] = [] if self.width >= TAU else [self.source]
        for span in self.spans:
            piece = span.piece
            a0, a1 = span.low, span.high
            if piece is None:
                step = 2.0 * math.acos(max(-1.0, 1.0 - sag / rho))
                n = max(1, math.ceil((a1 - a0) / step))
                ring += [
                    (ox + rho * math.cos(a), oy + rho * math.sin(a))
                    for a in (a0 + (a1 - a0) * k / n for k in range(n + 1))
                ]
                continue
            t0, t1 = self.reach_at(span, a0), self.reach_at(span, a1)
            p0 = (ox + t0 * math.cos(a0), oy + t0 * math.sin(a0))
            p1 = (ox + t1 * math.cos(a1), oy + t1 * math.sin(a1))
            ring.append(p0)
            if isinstance(piece, Circle):
                cx, cy, r = piece.x, piece.y, piece.r
                f0 = math.atan2(p0[1] - cy, p0[0] - cx)
                turn = (math.atan2(p1[1] - cy, p1[0] - cx) - f0 + math.pi) % TAU - math.pi
                step = 2.0 * math.acos(1.0 / (1.0 + sag / r))
                n = math.ceil(abs(turn) / step)
                if n >= 1:
                    half = turn / (2 * n)
                    out = r / math.cos(half)
                    ring += [
                        (cx + out * math.cos(f0 + half * (2 * k + 1)), cy + out * math.sin(f0 + half * (2 * k + 1)))
                        for k in range(n)
                    ]
            ring.append(p1)
        return tuple(p for i, p in enumerate(ring) if p != ring[i - 1])


#: a piece seen from the source: (first direction, width of its span, the piece, its
#: least distance from the source)
_Seen = tuple[float, float, Piece, float]


def visible_disc(
    field: Field,
    source: Point,
    radius: float,
    low: float = 0.0,
    width: float = TAU,
    occluders: Sequence[Polygon] = (),
) -> Disc:
    """The disc of `radius` about `source` clipped by what the source sees, over the
    directions [low, low + width] (see the module)."""
    ox, oy = source
    full = width >= TAU
    start = 0.0 if full else low % TAU
    span_width = TAU if full else max(0.0, width)
    empty = Disc(source, radius, start, span_width, ())
    if radius <= 0.0:
        return empty
    x0, y0 = field.edges[0].x1, field.edges[0].y1
    x1, y1 = field.edges[2].x1, field.edges[2].y1
    if ox < x0 - TOUCH or ox > x1 + TOUCH or oy < y0 - TOUCH or oy > y1 + TOUCH:
        return empty
    near: list[_Seen] = []
    for e in field.edges:
        # seen from inside, an edge spans the directions from its first corner to its last
        depth = (e.x1 - ox) * e.mx + (e.y1 - oy) * e.my
        if depth > radius:
            continue
        if depth <= TOUCH:
            near.append((math.atan2(e.my, e.mx) - math.pi / 2, math.pi, e, 0.0))
            continue
        a0 = math.atan2(e.y1 - oy, e.x1 - ox)
        a1 = math.atan2(e.y2 - oy, e.x2 - ox)
        near.append((a0, (a1 - a0) % TAU, e, depth))
    for ob in field.obstacles:
        bx0, by0, bx1, by1 = ob.box
        if bx0 > ox + radius or bx1 < ox - radius or by0 > oy + radius or by1 < oy - radius:
            continue
        if bx0 - TOUCH <= ox <= bx1 + TOUCH and by0 - TOUCH <= oy <= by1 + TOUCH:
            room = ob.clearance(source)
            if room < -TOUCH:
                return empty
            if room <= TOUCH:
                into = _into(ob, source)
                near.append((into - math.pi / 2, math.pi, Touch(ob.owner, ob.body), 0.0))
                continue
        _facing(field, ob, ox, oy, radius, near)
    for poly in occluders:
        if not _occluder(poly, ox, oy, radius, near):
            return empty
    # where a piece crosses the disc's circle, the disc's arc and the piece change places
    marks: list[float] = []
    for a, w, piece, least in near:
        marks += (a, a + w)
        if isinstance(piece, Circle):
            if least < radius < math.hypot(piece.x - ox, piece.y - oy) + piece.r:
                marks += [
                    math.atan2(y - oy, x - ox) for x, y in circle_circle(ox, oy, radius, piece.x, piece.y, piece.r)
                ]
        elif isinstance(piece, Line) and least < radius:
            marks += [
                math.atan2(y - oy, x - ox)
                for x, y in segment_circle(piece.x1, piece.y1, piece.x2, piece.y2, ox, oy, radius)
            ]
    return Disc(source, radius, start, span_width, _sweep(field, near, marks, source, radius, start, span_width))


def _into(ob: Obstacle, p: Point) -> float:
    """The direction from p (on the outline) straight into the obstacle."""
    if len(ob.core) == 1:
        c = ob.core[0]
    else:
        c = min(
            (closest_on_segment(p, ob.core[i], ob.core[(i + 1) % len(ob.core)]) for i in range(len(ob.core))),
            key=lambda q: math.dist(p, q),
        )
    return math.atan2(c[1] - p[1], c[0] - p[0])


def _facing(field: Field, ob: Obstacle, ox: float, oy: float, radius: float, near: list[_Seen]) -> None:
    """Add the pieces of an obstacle (the source outside it) that face the source,
    each over the directions in which it is the obstacle's nearest piece."""
    r = ob.radius
    corners, sides = field.outline(ob.body)
    for i in corners:
        circle = ob.circles[i]
        dx, dy = ox - circle.x, oy - circle.y
        d = math.hypot(dx, dy)
        if d - r > radius or d <= r:
            continue
        # the circle's points the source sees lie within `half` of the direction to it
        half = math.acos(r / d)
        first, arc = ob.arc(i)
        lo = (math.atan2(dy, dx) - half - first) % TAU
        for f0, f1 in ((lo, lo + 2 * half), (lo - TAU, lo + 2 * half - TAU)):
            f0, f1 = max(f0, 0.0), min(f1, arc)
            if f1 - f0 > _NARROW:
                # the source's directions run the other way round from the circle's
                a1 = math.atan2(circle.y + r * math.sin(first + f0) - oy, circle.x + r * math.cos(first + f0) - ox)
                a0 = math.atan2(circle.y + r * math.sin(first + f1) - oy, circle.x + r * math.cos(first + f1) - ox)
                w = (a1 - a0) % TAU
                if w < math.pi:
                    near.append((a0, w, circle, d - r))
    for side in sides:
        _facing_line(side, ox, oy, radius, near)


def _facing_line(line: Line, ox: float, oy: float, radius: float, near: list[_Seen]) -> None:
    """Add a straight piece if it faces the source and comes within the radius."""
    if (line.x1 - ox) * line.mx + (line.y1 - oy) * line.my <= 0.0:
        return  # faces away
    q = closest_on_segment((ox, oy), (line.x1, line.y1), (line.x2, line.y2))
    least = math.hypot(q[0] - ox, q[1] - oy)
    if least > radius:
        return
    a0 = math.atan2(line.y2 - oy, line.x2 - ox)
    a1 = math.atan2(line.y1 - oy, line.x1 - ox)
    w = (a1 - a0) % TAU
    if _NARROW < w < math.pi:
        near.append((a0, w, line, least))


def _occluder(poly: Polygon, ox: float, oy: float, radius: float, near: list[_Seen]) -> bool:
    """Add an occluder's sides facing the source (or, the source on its outline,
    the directions into it); False when the source lies inside it."""
    pts = orient(poly)
    n = len(pts)
    room = point_convex_signed_distance((ox, oy), pts)
    if room < -TOUCH:
        return False
    lines = []
    for i in range(n):
        (ax, ay), (bx, by) = pts[i], pts[(i + 1) % n]
        length = math.hypot(bx - ax, by - ay)
        if length > 0.0:
            lines.append(Line("occluder", OCCLUDER, ax, ay, bx, by, -(by - ay) / length, (bx - ax) / length))
    if room > TOUCH:
        for line in lines:
            _facing_line(line, ox, oy, radius, near)
        return True
    # on its outline: stopped at once heading into every side whose line it lies on
    # (across a side: half a turn; at a corner: the corner's angle)
    heads = [
        math.atan2(line.my, line.mx)
        for line in lines
        if abs((line.x1 - ox) * line.mx + (line.y1 - oy) * line.my) <= TOUCH
    ]
    if heads:
        first, last = heads[0] - math.pi / 2, heads[0] + math.pi / 2
        for h in heads[1:]:
            turn = (h - heads[0] + math.pi) % TAU - math.pi
            first, last = max(first, heads[0] + turn - math.pi / 2), min(last, heads[0] + turn + math.pi / 2)
        if last - first > _NARROW:
            near.append((first, last - first, Touch("occluder", OCCLUDER), 0.0))
    return True


def _sweep(
    field: Field, near: list[_Seen], marks: list[float], source: Point, radius: float, start: float, width: float
) -> tuple[Span, ...]:
    """Sweep the directions from `start` over `width`. Between two neighbouring
    marks the same pieces are seen; the nearest of them at the middle (or the
    disc's own arc) bounds the disc up to where it crosses another of them
    (`_crossed`), and on from there the same way. Neighbours with the same piece
    join."""
    ox, oy = source
    offsets = sorted({(m - start) % TAU for m in marks if (m - start) % TAU < width} | {0.0, width})
    # pieces by where their spans open and close, as offsets from start
    opening: list[tuple[float, int]] = []
    closing: list[tuple[float, int]] = []
    active: set[int] = set()
    for k, (a, w, _piece, _least) in enumerate(near):
        lo = (a - start) % TAU
        hi = lo + w
        if hi > TAU:  # it holds start: seen from the first direction on
            active.add(k)
            closing.append((hi - TAU, k))
            if lo < width:
                opening.append((lo, k))
                closing.append((TAU + 1.0, k))
        else:
            opening.append((lo, k))
            closing.append((hi, k))
    opening.sort()
    closing.sort()
    io = ic = 0
    spans: list[Span] = []
    seen: list[_Seen] = []
    changed = True
    for m0, m1 in zip(offsets, offsets[1:], strict=False):
        if m1 - m0 < _NARROW:
            continue
        mid = (m0 + m1) / 2
        while io < len(opening) and opening[io][0] <= mid:
            active.add(opening[io][1])
            io += 1
            changed = True
        while ic < len(closing) and closing[ic][0] <= mid:
            active.discard(closing[ic][1])
            ic += 1
            changed = True
        if changed:
            seen = sorted((near[k] for k in active), key=lambda s: s[3])
            changed = False
        todo = [(start + m0, start + m1)]
        while todo:
            a0, a1 = todo.pop()
            angle = (a0 + a1) / 2
            ux, uy = math.cos(angle), math.sin(angle)
            best: float = radius
            winner: Piece | None = None
            for a, w, piece, least in seen:
                if least >= best:
                    break
                if (angle - a) % TAU <= w:
                    t = piece.hit(ox, oy, ux, uy)
                    if t < best:
                        best, winner = t, piece
            cuts = (
                _crossed(field, winner, seen, source, a0, a1)
                if isinstance(winner, Circle | Line) and len(seen) > 1
                else []
            )
            if cuts:
                bounds = [a0, *cuts, a1]
                todo += [(b0, b1) for b0, b1 in zip(bounds, bounds[1:], strict=False) if b1 - b0 >= _NARROW][::-1]
                continue
            if spans and spans[-1].piece is winner:
                spans[-1] = Span(spans[-1].low, a1, winner)
            else:
                spans.append(Span(a0, a1, winner))
    return tuple(spans)


def _crossed(
    field: Field, winner: Circle | Line, seen: list[_Seen], source: Point, a0: float, a1: float
) -> list[float]:
    """The directions strictly between a0 and a1 where the nearest piece at their
    middle crosses another piece seen there that may come nearer (one whose least
    distance is within the winner's greatest over [a0, a1], which lies at an end)."""
    ox, oy = source
    far = max(
        winner.hit(ox, oy, math.cos(a0), math.sin(a0)),
        winner.hit(ox, oy, math.cos(a1), math.sin(a1)),
    )
    body = winner.body
    cuts = []
    for _a, _w, piece, least in seen:
        if least > far:
            break
        other = piece.body
        if piece is winner or isinstance(piece, Touch) or (other == body and other != OCCLUDER):
            continue
        if OCCLUDER in (body, other):
            points: Sequence[Point] = crossings(winner, piece)
        else:
            points = field.meets(body, other)
        for x, y in points:
            angle = a0 + (math.atan2(y - oy, x - ox) - a0) % TAU
            if a0 + _NARROW < angle < a1 - _NARROW:
                cuts.append(angle)
    return sorted(cuts)
