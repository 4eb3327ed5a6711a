"""Where a climb, a swim and a jump can start and end (the extended terrain rules).

The terrain rules move warriors in ways a normal move cannot (rulebook L694-718,
DECISIONS S33-S34). Each is an action of its own, planned here as plain data of
the base centre's positions:

- `climb(table, model_id, piece_id)`: Klettern (X), 2 AP. From touching a piece one
  may climb onto its top (the base wholly on the piece), or from its top down to
  touching its foot (coming down is a climb too).
- `swim(...)`: Schwimmen (X), 2 AP, through a piece that can only be swum: from
  touching it to anywhere touching its edge.
- `jump(...)`: Sprung (X), 1 AP, straight over a piece that can only be jumped.

Each ends off enemies with the centre at most 10 cm from the start (S33), where the
base fits. A `TerrainMove` holds where it may start and end as `Area`s, its AP and
the roll's difficulty; `length(end)` is the centre's straight way.

Beside those, what a normal move needs under the terrain rules:

- `wading(table, piece_id, radius)`: a normal move may end at most 10 mm inside a
  piece that can only be swum (S34, L716): the obstacle its centre must keep out of
  (the base deeper than 10 mm) and where it then ends in the water.
- `hostile(table, radius)`: where a move ending overlaps hostile terrain
  (Lebensfeindlich X, S34); a path may cross it. Touching is not entering (A19).
- `hostile_at(...)`: the hostile pieces a base at a position overlaps or touches.
- `high_ground(table)`: where a centre stands on high ground (Anhöhe); "below" is
  everywhere else (S33): `on_high_ground(table, position)`, `below(table, shooter,
  target)`, the rules' questions. Heavy terrain (X) keeps its cost in costs.py.

An `Area` is a union of rounded convex `Blob`s cut to a disc about the start and to
the table, outside other blobs, and for a jump reached by a straight `Way` (over
the piece, through nothing else); `contains` is exact (touching within `EPS`).
For drawing, `polygons(sag)` gives its convex pieces and `holes(sag)` what to
take out of them, arcs as chords at most about `sag` off.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.freespace import Blob
from tabletop.games.skirmish.table.inset import SAG, arc, clip_convex, eroded
from tabletop.games.skirmish.table.planar import EPS, Point, Polygon
from tabletop.games.skirmish.table.table import Table
from tabletop.games.skirmish.table.terrain import TerrainPiece

#: S33: a climb, swim or jump ends with the centre at most this far from its start
END_WITHIN = 100.0
#: AP of each action (L696, L710, L718)
CLIMB_AP = 2
SWIM_AP = 2
JUMP_AP = 1

MoveKind = Literal["climb", "swim", "jump"]


def end_within(table: Table) -> float:
    """How far from its start a climb, swim or jump may end: END_WITHIN, or the
    weather's shorter limit of every movement action (storm, S37)."""
    return END_WITHIN if table.move_limit is None else min(END_WITHIN, table.move_limit)


@dataclass(frozen=True)
class Way:
    """A straight way of the base centre from `start`: it must pass through one of
    `over` and through none of `blockers` (both open: grazing one does not count)."""

    start: Point
    over: tuple[Blob, ...]
    blockers: tuple[Blob, ...]

    def clear(self, end: Point) -> bool:
        s = self.start
        if not any(_through(s, end, b) for b in self.over):
            return False
        return not any(_through(s, end, b) for b in self.blockers)

    def shadows(self, blobs: tuple[Blob, ...], sag: float) -> tuple[Polygon, ...]:
        """Where a way from the start passes through each blob, as convex polygons
        (to END_WITHIN beyond the start; the blobs' arcs at most `sag` outside)."""
        return tuple(_shadow(self.start, b, -sag) for b in blobs)


@dataclass(frozen=True)
class Area:
    """Positions of a base centre: in one of `include` (closed), within `within`
    (centre, radius) and `box` (left, top, right, bottom) when given, in none of
    `avoid` (open: touching an avoided blob is allowed), and reached by a clear
    straight `way` when given (a jump)."""

    include: tuple[Blob, ...]
    avoid: tuple[Blob, ...] = ()
    within: tuple[Point, float] | None = None
    box: tuple[float, float, float, float] | None = None
    way: Way | None = None

    def contains(self, p: Point) -> bool:
        if self.box is not None:
            left, top, right, bottom = self.box
            if not (left - EPS <= p[0] <= right + EPS and top - EPS <= p[1] <= bottom + EPS):
                return False
        if self.within is not None:
            (cx, cy), reach = self.within
            if math.hypot(p[0] - cx, p[1] - cy) > reach + EPS:
                return False
        if not any(b.near(p, EPS) and b.signed_distance(p) <= EPS for b in self.include):
            return False
        if any(b.near(p, 0.0) and b.signed_distance(p) < -EPS for b in self.avoid):
            return False
        return self.way is None or self.way.clear(p)

    def polygons(self, sag: float = SAG) -> tuple[Polygon, ...]:
        """The included pieces cut to `within`, `box` and (a way) where the way
        passes over, as convex polygons inside the area but for the holes (see
        `holes`); arcs become chords at most about `sag` in."""
        cuts: list[Polygon] = []
        if self.within is not None:
            centre, reach = self.within
            cuts.append(blob_polygon(Blob((centre,), reach, ""), sag))
        if self.box is not None:
            left, top, right, bottom = self.box
            cuts.append(((left, top), (left, bottom), (right, bottom), (right, top)))
        shapes = [blob_polygon(blob, sag) for blob in self.include]
        if self.way is not None:
            overs = self.way.shadows(self.way.over, -sag)
            shapes = [clip_convex(shape, over) for shape in shapes for over in overs]
        found = []
        for poly in shapes:
            for cut in cuts:
                poly = clip_convex(poly, cut)
            if len(poly) >= 3 and abs(planar.signed_area(poly)) > EPS:
                found.append(poly)
        return tuple(found)

    def holes(self, sag: float = SAG) -> tuple[Polygon, ...]:
        """The avoided blobs and what hides from the way (the blockers' shadows) as
        convex polygons (chords at most about `sag` outside them)."""
        holes = tuple(blob_polygon(b, -sag) for b in self.avoid)
        if self.way is not None:
            holes += self.way.shadows(self.way.blockers, sag)
        return holes


@dataclass(frozen=True)
class TerrainMove:
    """A climb, swim or jump of one model over one piece.

    `start`: the model's centre now; `starts`: where its centre must be to begin
    (touching the piece, or on its top for a climb down); `ends`: where it may end.
    `up`: a climb onto the top (False: down from it; other kinds: False).
    `difficulty`: the X of the piece's property; `ap`: what it costs. A jump's
    `ends` hold its straight way: over the piece and through nothing else.
    """

    kind: MoveKind
    model_id: str
    piece_id: str
    radius: float
    start: Point
    starts: Area
    ends: Area
    difficulty: int
    ap: int
    up: bool = False

    @property
    def may_start(self) -> bool:
        return self.starts.contains(self.start)

    def length(self, end: Point) -> float:
        """The centre's straight way from the start to `end`."""
        return math.dist(self.start, end)

    def may_end(self, end: Point) -> bool:
        """True when the move may end with the centre at `end`."""
        return self.ends.contains(end)


@dataclass(frozen=True)
class Wading:
    """A swim-only piece for a normal move of a base of `radius` (S34): `obstacle`
    is where the centre may not go (the base more than 10 mm inside; it replaces the
    piece's grown parts), `area` where a move ending there stands in the water."""

    piece_id: str
    obstacle: tuple[Blob, ...]
    area: Area


@dataclass(frozen=True)
class Hostile:
    """Hostile terrain (Lebensfeindlich X) for a base of one radius: a move whose
    centre ends strictly inside one of `blobs` overlaps the piece."""

    piece_id: str
    wounds: int
    blobs: tuple[Blob, ...]

    def ends_in(self, p: Point) -> bool:
        return any(b.near(p, 0.0) and b.signed_distance(p) < -EPS for b in self.blobs)


# -- the moves ----------------------------------------------------------------------------


def climb(table: Table, model_id: str, piece_id: str) -> TerrainMove | None:
    """The model's climb onto the piece, or down from it when it stands on top.
    None when the piece cannot be climbed under the table's rules."""
    effect = table.effect(piece_id)
    if not table.ruleset.terrain_rules or not effect.climbable:
        return None
    model = table.models[model_id]
    piece = table.pieces[piece_id]
    r = model.radius
    if piece.holds_disc(model.position, r):
        starts = Area(tuple(Blob(part, 0.0, piece_id) for part in piece.parts), _edges(piece, r))
        ends = _touching_ends(table, model_id, piece)
        return TerrainMove("climb", model_id, piece_id, r, model.position, starts, ends, effect.climb, CLIMB_AP)
    top = Area(
        _top(piece, r),
        _edges(piece, r) + _obstacles(table, model_id, r, piece_id) + _enemies(table, model_id),
        (model.position, end_within(table)),
        _box(table, r),
    )
    starts = touching_area(table, model_id, piece_id)
    return TerrainMove("climb", model_id, piece_id, r, model.position, starts, top, effect.climb, CLIMB_AP, up=True)


def swim(table: Table, model_id: str, piece_id: str) -> TerrainMove | None:
    """The model's swim through a piece that can only be swum: it ends touching the
    piece's edge anywhere (L712). None when the piece cannot be swum."""
    effect = table.effect(piece_id)
    if not table.ruleset.terrain_rules or not effect.swim_only:
        return None
    model = table.models[model_id]
    starts = touching_area(table, model_id, piece_id)
    ends = _touching_ends(table, model_id, table.pieces[piece_id])
    return TerrainMove("swim", model_id, piece_id, model.radius, model.position, starts, ends, effect.swim, SWIM_AP)


def jump(table: Table, model_id: str, piece_id: str) -> TerrainMove | None:
    """The model's jump over a piece with Sprung (X): straight from touching it to
    where the base fits, its way passing over the piece and nothing else."""
    effect = table.effect(piece_id)
    if not table.ruleset.terrain_rules or not effect.jump:
        return None
    model = table.models[model_id]
    r = model.radius
    starts = touching_area(table, model_id, piece_id)
    over = tuple(Blob(part, r, piece_id) for part in table.pieces[piece_id].parts)
    way = Way(model.position, over, _obstacles(table, model_id, r, piece_id))
    ends = Area(
        (Blob((model.position,), end_within(table), piece_id),),
        _obstacles(table, model_id, r) + _enemies(table, model_id),
        None,
        _box(table, r),
        way,
    )
    return TerrainMove("jump", model_id, piece_id, r, model.position, starts, ends, effect.jump, JUMP_AP)


def moves_from_here(table: Table, model_id: str) -> list[TerrainMove]:
    """The climbs, swims and jumps the model may begin where it stands (its base
    touching the piece, or on the top for a climb down), piece by piece in the
    table's order; none under the basic rules."""
    if not table.ruleset.terrain_rules or model_id not in table.models:
        return []
    model = table.models[model_id]
    near = model.radius + table.contact + EPS
    found: list[TerrainMove] = []
    for piece_id, piece in table.pieces.items():
        if piece.distance_to_point(model.position) > near and not piece.contains(model.position):
            continue
        for plan in (climb, swim, jump):
            move = plan(table, model_id, piece_id)
            if move is not None and move.may_start:
                found.append(move)
    return found


def touching_area(table: Table, model_id: str, piece_id: str) -> Area:
    """Where the model's centre stands with its base touching the piece (edges at
    most the contact distance apart, no overlap) and fitting on the table."""
    r = table.models[model_id].radius
    piece = table.pieces[piece_id]
    return Area(
        tuple(Blob(part, r + table.contact, piece_id) for part in piece.parts),
        tuple(Blob(part, r, piece_id) for part in piece.parts) + _obstacles(table, model_id, r, piece_id),
        None,
        _box(table, r),
    )


def _touching_ends(table: Table, model_id: str, piece: TerrainPiece) -> Area:
    """Touching the piece's edge, off enemies, at most 10 cm from the start."""
    model = table.models[model_id]
    r = model.radius
    return Area(
        tuple(Blob(part, r + table.contact, piece.id) for part in piece.parts),
        tuple(Blob(part, r, piece.id) for part in piece.parts)
        + _obstacles(table, model_id, r, piece.id)
        + _enemies(table, model_id),
        (model.position, end_within(table)),
        _box(table, r),
    )


# -- what a normal move needs ---------------------------------------------------------------


def wading(table: Table, piece_id: str, radius: float) -> Wading | None:
    """A swim-only piece as a normal move of a base of `radius` meets it (S34), None
    for other pieces: the obstacle is the table's (`Table.blocking_parts`: the water
    more than WADE_DEPTH inside the outline, exact for a convex piece; about a
    concave one's inner corners chords at most `SAG` further out; where the piece is
    too narrow to shrink cleanly, the whole piece)."""
    effect = table.effect(piece_id)
    if not table.ruleset.terrain_rules or not effect.swim_only:
        return None
    piece = table.pieces[piece_id]
    obstacle = tuple(Blob(part, radius, piece_id) for part in table.blocking_parts(piece_id))
    # in the water: the base overlaps the piece (touching its edge is not entering)
    area = Area(tuple(Blob(part, radius - 2 * EPS, piece_id) for part in piece.parts), obstacle)
    return Wading(piece_id, obstacle, area)


def hostile(table: Table, radius: float) -> tuple[Hostile, ...]:
    """Every hostile piece, with where a base of `radius` ending there overlaps it."""
    if not table.ruleset.terrain_rules:
        return ()
    return tuple(
        Hostile(piece.id, table.effect(piece.id).hostile, tuple(Blob(part, radius, piece.id) for part in piece.parts))
        for piece in table.pieces.values()
        if table.effect(piece.id).hostile
    )


def hostile_at(table: Table, radius: float, position: Point, touching: bool = False) -> list[tuple[str, int]]:
    """The hostile pieces (id, X) a base at `position` overlaps; with `touching`,
    also those its edge touches (within the contact distance: S34 step 3)."""
    if not table.ruleset.terrain_rules:
        return []
    reach = radius + table.contact + EPS if touching else radius - EPS
    found = []
    for piece in table.pieces.values():
        wounds = table.effect(piece.id).hostile
        if wounds and any(planar.point_convex_signed_distance(position, part) < reach for part in piece.parts):
            found.append((piece.id, wounds))
    return found


def high_ground(table: Table) -> tuple[tuple[str, Area], ...]:
    """Each piece of high ground with where a centre stands on it (its outline)."""
    return tuple(
        (piece.id, Area(tuple(Blob(part, 0.0, piece.id) for part in piece.parts)))
        for piece in table.pieces.values()
        if table.effect(piece.id).elevation
    )


def on_high_ground(table: Table, position: Point) -> bool:
    """Whether a warrior whose centre is at `position` stands on high ground (Anhöhe,
    L694; its outline counts, within EPS): under the terrain rules only."""
    return table.ruleset.terrain_rules and any(area.contains(position) for _, area in high_ground(table))


def below(table: Table, shooter: str, target: str) -> bool:
    """Whether `target` stands below `shooter` (S33: the shooter on high ground, the
    target not), so a shot from there gets the high ground's bonus (L694)."""
    models = table.models
    return on_high_ground(table, models[shooter].position) and not on_high_ground(table, models[target].position)


# -- pieces of areas -------------------------------------------------------------------------


def _top(piece: TerrainPiece, radius: float) -> tuple[Blob, ...]:
    """Convex pieces holding every centre whose base lies wholly on the piece: the
    piece shrunk by the radius where that is clean (exact when convex), else the
    piece itself (`_edges` then keeps the base on it)."""
    top = eroded(piece.outline, radius)
    if top is None:
        return tuple(Blob(part, 0.0, piece.id) for part in piece.parts)
    return tuple(Blob(part, 0.0, piece.id) for part in (planar.convex_parts(top) if top else ()))


def _edges(piece: TerrainPiece, radius: float) -> tuple[Blob, ...]:
    """The piece's outline edges grown by `radius`: a centre outside all of them but
    on the piece holds the whole base on it (also on a concave piece)."""
    outline = piece.outline
    n = len(outline)
    return tuple(Blob((outline[i], outline[(i + 1) % n]), radius, piece.id) for i in range(n))


def _obstacles(table: Table, model_id: str, radius: float, skip: str = "") -> tuple[Blob, ...]:
    """Other bases and terrain a base may not stand in, grown by its radius."""
    ignore = (model_id, skip) if skip else (model_id,)
    return tuple(table.model_blobs(radius, ignore))


def _enemies(table: Table, model_id: str) -> tuple[Blob, ...]:
    """Where the model's base would be in contact with an enemy (S33: ends off them);
    grown a hair more so the contact distance itself stays out."""
    model = table.models[model_id]
    return tuple(
        Blob((other.position,), model.radius + other.radius + table.contact + 2 * EPS, other.id)
        for other in table.models.values()
        if other.side != model.side
    )


def _box(table: Table, radius: float) -> tuple[float, float, float, float]:
    return (radius, radius, table.width - radius, table.height - radius)


def _through(a: Point, b: Point, blob: Blob) -> bool:
    """True when the segment ab passes through the blob's inside (not only grazing it)."""
    left, top, right, bottom = blob.box
    if max(a[0], b[0]) <= left or min(a[0], b[0]) >= right or max(a[1], b[1]) <= top or min(a[1], b[1]) >= bottom:
        return False
    core = blob.core
    if len(core) == 1:
        d = planar.point_segment_distance(core[0], a, b)
    elif len(core) == 2:
        d = planar.segment_segment_distance(a, b, core[0], core[1])
    else:
        d = planar.segment_convex_distance(a, b, core)
    return d < blob.radius - EPS


# -- polygons --------------------------------------------------------------------------------


def _shadow(start: Point, blob: Blob, sag: float) -> Polygon:
    """The points whose straight way from `start` passes through the blob, out to
    at least 2 x END_WITHIN from the start: the blob and the cone behind it. The
    cone's sides are the exact tangents from the start; the blob is drawn with
    chords `sag` inside it (or outside for a negative sag)."""
    if blob.signed_distance(start) < -EPS:
        return planar.regular_polygon(start, 2 * END_WITHIN / math.cos(math.pi / 16), 16)
    near = planar.closest_on_convex_boundary(start, blob.core) if len(blob.core) >= 3 else None
    if near is None:
        a, b = blob.core[0], blob.core[-1]
        near = planar.closest_on_segment(start, a, b)
    base = math.atan2(near[1] - start[1], near[0] - start[0])
    low, high = math.inf, -math.inf
    for x, y in blob.core:
        # the blob is the hull of the discs about its corners
        turn = (math.atan2(y - start[1], x - start[0]) - base + math.pi) % (2 * math.pi) - math.pi
        half = math.asin(min(1.0, blob.radius / max(math.hypot(x - start[0], y - start[1]), 1e-12)))
        low, high = min(low, turn - half), max(high, turn + half)
    # the cone's far end as a fan of rays whose chords stay 2 x END_WITHIN out
    count = max(1, math.ceil((high - low) / (math.pi / 8)))
    far = 2 * END_WITHIN / math.cos((high - low) / count / 2)
    rays = [
        (
            start[0] + far * math.cos(base + low + (high - low) * i / count),
            start[1] + far * math.sin(base + low + (high - low) * i / count),
        )
        for i in range(count + 1)
    ]
    return planar.orient(planar.convex_hull(list(blob_polygon(blob, sag)) + rays))


def blob_polygon(blob: Blob, sag: float = SAG) -> Polygon:
    """A blob as a convex polygon: its arcs as chords at most `sag` inside (a
    negative sag: the polygon holds the blob, at most about |sag| outside)."""
    core, r = blob.core, blob.radius
    if r <= 0.0:
        return planar.orient(core)
    if len(core) == 1:
        return planar.orient(arc(core[0], r, 0.0, 2 * math.pi, sag)[:-1])
    ring = list(core) if len(core) == 2 else list(planar.orient(core))
    n = len(ring)
    normals = []
    for i in range(n):
        (ax, ay), (bx, by) = ring[i], ring[(i + 1) % n]
        el = math.hypot(bx - ax, by - ay)
        normals.append(((by - ay) / el, (ax - bx) / el))  # outward: inside is left of each edge
    pts = []
    for i in range(n):
        a0 = math.atan2(normals[i - 1][1], normals[i - 1][0])
        # the outward normal turns the way the sides do (by 180 degrees at a segment's ends)
        turn = (math.atan2(normals[i][1], normals[i][0]) - a0) % (2 * math.pi)
        pts += arc(ring[i], r, a0, turn, sag)
    return planar.orient(planar.convex_hull(pts))
