"""The skirmish table: size, models, terrain pieces and objectives, in millimetres.

`Table` holds what stands where (`models`: id -> `Model`, `pieces`: id ->
`TerrainPiece`, `objectives`: id -> point; change them with `add_model`,
`move_model`, `remove_model`, `add_piece`, `place_piece`, `set_burning`,
`remove_piece`) and answers the questions placement needs:

- `model_fits(radius, position)` / `model_overlaps(...)`: may a base stand there
  (on the table, overlapping no other base and no terrain it may not stand on;
  on a piece one may climb, wholly on top of it); touching is allowed. The final
  check is pymunk's `shape_query` with the disc.
- `standing_in(model_id)`: the pieces a model stands in that a move may not
  enter (burning bushes, the rocky hill it stands on); its move may leave them.
- `blocking_parts(piece_id)`: what of a piece a base may not overlap (water a
  normal move may wade WADE_DEPTH into: only its deep parts, S34).
- `nearest_model_position(radius, position)`: where a dragged base goes: the
  free position nearest to the pointer.
- `piece_fits(piece, position, rotation, clearance)` and
  `nearest_piece_position(...)`: the same for a terrain piece (other pieces,
  models that may not stand in it, table edges; `clearance` keeps the terrain
  spacing).
  While dragging, ask these every frame and move the thing only on the drop:
  the obstacles, and the free space among them, are kept until the table changes.
- contact: `gap(a, b)` (edge to edge), `in_contact`, `contacts`,
  `enemies_in_contact`, `engaged` (bases at most `contact` mm apart).
- `pieces_under(point)`, `on_high_ground(model_id)`, `element_at(point)`.

Coordinates: x to the right, y downwards, origin at the top left corner. Each
terrain piece is read under the table's `Ruleset` (`effect(piece_id)`).

The table keeps one pymunk space per base radius in which every obstacle is
grown by that radius (`grown(radius)`), so a zero-width segment cast decides
exactly whether a base fits along a straight line (see passage.py). What blocks a
move and what is heavy terrain is decided here, once (`blocks`, `blocking_parts`,
`heavy_cost`, `obstacles`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import pymunk

from tabletop.games.skirmish import schema
from tabletop.games.skirmish.schema import TableData
from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.freespace import Blob, FreeSpace
from tabletop.games.skirmish.table.inset import eroded
from tabletop.games.skirmish.table.planar import EPS, Point, Polygon
from tabletop.games.skirmish.table.tangents import Core
from tabletop.games.skirmish.table.terrain import BASIC, WADE_DEPTH, Ruleset, TerrainEffect, TerrainPiece, effect

#: obstacles of placement the table keeps at once: enough for every base size and
#: dragged piece of a game between two changes
MAX_CACHED = 128
#: free spaces the table keeps at once (each may hold every crossing of crowded
#: terrain, some MB): the thing dragged and a few of its last turns
MAX_FREE = 8


@dataclass
class Model:
    """A miniature on its base: a disc of diameter `base` centred at `position`."""

    id: str
    base: float
    position: Point
    side: int
    colour: str = "#808080"
    name: str = ""

    @property
    def radius(self) -> float:
        return self.base / 2.0


class GrownSpace:
    """Static pymunk shapes grown by a base radius, for zero-width segment casts.

    Holds every other model as a disc of radius (its radius + r), every terrain
    part a move may not cross as a polygon rounded by r, and the table edges as
    segments of radius r. Shapes are grown by r - EPS, so a base that only
    touches something is not reported. `shape_owner` names each shape's element
    ("edge" for the table edges); each model's disc has its own group so a query
    filtered with `model_filter(id)` ignores the moving model itself. `without`:
    pieces left out (casts answer as `first_hit(..., ignore=without)`, faster).
    """

    def __init__(self, table: Table, radius: float, without: frozenset[str] = frozenset()) -> None:
        self.radius = radius
        self.space = pymunk.Space()
        self.shape_owner: dict[pymunk.Shape, str] = {}
        self.groups: dict[str, int] = {}
        self.bodies: dict[str, pymunk.Body] = {}
        grow = max(radius - EPS, 0.0)
        w, h = table.width, table.height
        for a, b in (((0, 0), (w, 0)), ((w, 0), (w, h)), ((w, h), (0, h)), ((0, h), (0, 0))):
            edge = pymunk.Segment(self.space.static_body, a, b, grow)
            self.space.add(edge)
            self.shape_owner[edge] = "edge"
        for piece in (p for p in table.pieces.values() if p.id not in without):
            for part in table.blocking_parts(piece.id):
                shape = pymunk.Poly(self.space.static_body, part, radius=grow)
                self.space.add(shape)
                self.shape_owner[shape] = piece.id
        for index, model in enumerate(table.models.values(), start=1):
            body = pymunk.Body(body_type=pymunk.Body.STATIC)
            body.position = model.position
            disc = pymunk.Circle(body, model.radius + grow)
            disc.filter = pymunk.ShapeFilter(group=index)
            self.space.add(body, disc)
            self.shape_owner[disc] = model.id
            self.groups[model.id] = index
            self.bodies[model.id] = body

    def move(self, model_id: str, position: Point) -> None:
        body = self.bodies[model_id]
        body.position = position
        self.space.reindex_shapes_for_body(body)

    def model_filter(self, model_id: str | None) -> pymunk.ShapeFilter:
        """Query filter that ignores `model_id`'s own disc."""
        if model_id is None or model_id not in self.groups:
            return pymunk.ShapeFilter()
        return pymunk.ShapeFilter(group=self.groups[model_id])

    def first_hit(
        self, a: Point, b: Point, query_filter: pymunk.ShapeFilter, ignore: frozenset[str] = frozenset()
    ) -> tuple[str, float] | None:
        """The first element a base centre moving from a to b would overlap, and
        the fraction of the way at which it would; None when the way is free.
        Elements in `ignore` are passed through."""
        if not ignore:
            hit = self.space.segment_query_first(a, b, 0.0, query_filter)
            if hit is None:
                return None
            return self.shape_owner[hit.shape], hit.alpha
        hits = [h for h in self.space.segment_query(a, b, 0.0, query_filter) if self.shape_owner[h.shape] not in ignore]
        if not hits:
            return None
        first = min(hits, key=lambda h: h.alpha)
        return self.shape_owner[first.shape], first.alpha

    def owners_hit(self, a: Point, b: Point) -> frozenset[str]:
        """Every element a base centre moving from a to b would overlap (the moving
        model's own disc among them when it is on the table)."""
        return frozenset(self.shape_owner[h.shape] for h in self.space.segment_query(a, b, 0.0, pymunk.ShapeFilter()))

    def blocked_at(
        self, p: Point, query_filter: pymunk.ShapeFilter, ignore: frozenset[str] = frozenset()
    ) -> str | None:
        """What a base centred at p would overlap (None when p is free)."""
        for info in self.space.point_query(p, 0.0, query_filter):
            if info.distance < 0.0 and self.shape_owner[info.shape] not in ignore:
                return self.shape_owner[info.shape]
        return None


def _body_of(shape: pymunk.Shape) -> pymunk.Body:
    """A model's body (pymunk types a shape's body optional: a shape may be detached)."""
    body = shape.body
    assert body is not None, "a model's shape keeps its body while it is on the table"
    return body


class Table:
    """The table and everything on it. See the module docstring."""

    def __init__(
        self,
        width: float | None = None,
        height: float | None = None,
        *,
        ruleset: Ruleset = BASIC,
        spec: TableData | None = None,
    ) -> None:
        self.spec = spec or schema.table_data()
        self.width = float(width if width is not None else self.spec.table.width)
        self.height = float(height if height is not None else self.spec.table.height)
        self.ruleset = ruleset
        self.models: dict[str, Model] = {}
        self.pieces: dict[str, TerrainPiece] = {}
        self.objectives: dict[str, Point] = {}
        self._effects: dict[str, TerrainEffect] = {}
        #: what of each piece a base may not overlap (`blocking_parts`)
        self._blocking: dict[str, tuple[Polygon, ...]] = {}
        #: water a base may wade into: its blocking parts are not the piece's own
        self._wading: set[str] = set()
        self._grown: dict[float, GrownSpace] = {}
        self._space = pymunk.Space()
        self._owner: dict[pymunk.Shape, str] = {}
        self._model_shapes: dict[str, pymunk.Circle] = {}
        self._piece_shapes: dict[str, list[pymunk.Poly]] = {}
        #: obstacles of placement (model_blobs, piece_blobs) while something is dragged
        self._cache: dict[str, list[Blob]] = {}
        #: the free space among them (what of it was found so far), by the same keys
        self._free: dict[str, FreeSpace] = {}
        #: bumped by every change, so derived data can tell when it is stale
        self.version = 0
        #: the weather's limits (play/weather.py), set before the table is used: every
        #: movement action at most this many mm (storm, S37), nothing seen farther
        #: than this many mm edge to edge (dense fog); None: no limit
        self.move_limit: float | None = None
        self.sight_limit: float | None = None

    def _changed(self, rebuild: bool = False) -> None:
        self.version += 1
        self._cache.clear()
        self._free.clear()
        if rebuild:
            self._grown.clear()

    def _blobs(self, key: str, build: Callable[[], list[Blob]]) -> list[Blob]:
        """Obstacles of placement, built once until the table changes (at most
        MAX_CACHED of them: a piece turned round and round while dragged makes a
        new key for every angle, so the oldest is forgotten)."""
        if key not in self._cache:
            if len(self._cache) >= MAX_CACHED:
                del self._cache[next(iter(self._cache))]
            self._cache[key] = build()
        return self._cache[key]

    def _free_space(
        self, key: str, build: Callable[[], list[Blob]], box: tuple[float, float, float, float]
    ) -> FreeSpace:
        """The free space among the obstacles of `key` inside `box`, kept until the
        table changes (at most MAX_FREE): what a drag found stays found."""
        space = self._free.get(key)
        if space is None or space.box != box:
            if len(self._free) >= MAX_FREE:
                del self._free[next(iter(self._free))]
            space = self._free[key] = FreeSpace(self._blobs(key, build), box)
        return space

    # -- measures from data --------------------------------------------------------

    @property
    def contact(self) -> float:
        """Bases whose edges are at most this far apart are in contact."""
        return float(self.spec.contact)

    @property
    def allowance(self) -> float:
        """Path length of one move (the weather's limit when it is shorter)."""
        movement = float(self.spec.movement)
        return movement if self.move_limit is None else min(movement, self.move_limit)

    # -- changing the table ----------------------------------------------------------

    def add_model(self, model: Model) -> Model:
        if model.id in self.models or model.id in self.pieces:
            raise ValueError(f"id {model.id!r} is already on the table")
        model.position = (float(model.position[0]), float(model.position[1]))
        self.models[model.id] = model
        body = pymunk.Body(body_type=pymunk.Body.STATIC)
        body.position = model.position
        shape = pymunk.Circle(body, model.radius)
        self._space.add(body, shape)
        self._owner[shape] = model.id
        self._model_shapes[model.id] = shape
        self._changed(rebuild=True)
        return model

    def move_model(self, model_id: str, position: Point) -> None:
        """Put a model somewhere else (no check: see model_fits and movement)."""
        model = self.models[model_id]
        model.position = (float(position[0]), float(position[1]))
        body = _body_of(self._model_shapes[model_id])
        body.position = model.position
        self._space.reindex_shapes_for_body(body)
        for grown in self._grown.values():
            grown.move(model_id, model.position)
        self._changed()

    def remove_model(self, model_id: str) -> None:
        self.models.pop(model_id)
        shape = self._model_shapes.pop(model_id)
        self._space.remove(_body_of(shape), shape)
        del self._owner[shape]
        self._changed(rebuild=True)

    def add_piece(self, piece: TerrainPiece) -> TerrainPiece:
        if piece.id in self.pieces or piece.id in self.models:
            raise ValueError(f"id {piece.id!r} is already on the table")
        self.pieces[piece.id] = piece
        self._effects[piece.id] = effect(piece.kind, self.ruleset, piece.burning)
        self._add_piece_shapes(piece)
        self._find_blocking(piece)
        self._changed(rebuild=True)
        return piece

    def place_piece(self, piece_id: str, position: Point, rotation: float | None = None) -> None:
        """Move and turn a terrain piece (no check: see piece_fits)."""
        piece = self.pieces[piece_id]
        self._remove_piece_shapes(piece_id)
        piece.place(position, piece.rotation if rotation is None else rotation)
        self._add_piece_shapes(piece)
        self._find_blocking(piece)
        self._changed(rebuild=True)

    def set_burning(self, piece_id: str, burning: bool) -> None:
        piece = self.pieces[piece_id]
        piece.burning = burning
        self._effects[piece_id] = effect(piece.kind, self.ruleset, burning)
        self._find_blocking(piece)
        self._changed(rebuild=True)

    def remove_piece(self, piece_id: str) -> None:
        self.pieces.pop(piece_id)
        self._effects.pop(piece_id)
        self._blocking.pop(piece_id)
        self._wading.discard(piece_id)
        self._remove_piece_shapes(piece_id)
        self._changed(rebuild=True)

    def _add_piece_shapes(self, piece: TerrainPiece) -> None:
        shapes = [pymunk.Poly(self._space.static_body, part) for part in piece.parts]
        for shape in shapes:
            self._space.add(shape)
            self._owner[shape] = piece.id
        self._piece_shapes[piece.id] = shapes

    def _find_blocking(self, piece: TerrainPiece) -> None:
        effect = self._effects[piece.id]
        parts: tuple[Polygon, ...] = piece.parts
        if effect.passable:
            parts = ()
        elif effect.swim_only:
            # S34: a base may reach WADE_DEPTH into water it could otherwise only swim
            # (where shrinking a concave outline would change its shape, all of it stays out)
            deep = eroded(piece.outline, WADE_DEPTH)
            if deep is not None:
                parts = planar.convex_parts(deep) if deep else ()
        self._blocking[piece.id] = parts
        if parts is piece.parts:
            self._wading.discard(piece.id)
        else:
            self._wading.add(piece.id)

    def _remove_piece_shapes(self, piece_id: str) -> None:
        for shape in self._piece_shapes.pop(piece_id, []):
            self._space.remove(shape)
            del self._owner[shape]

    # -- reading the table ---------------------------------------------------------------

    def effect(self, piece_id: str) -> TerrainEffect:
        """What a terrain piece does under the table's ruleset."""
        return self._effects[piece_id]

    def blocks(self, piece_id: str) -> bool:
        """Whether a move may not enter the piece (nor a base stand in it, but wholly
        on top of one it may climb): the one place that decides it."""
        return not self._effects[piece_id].passable

    def blocking_parts(self, piece_id: str) -> tuple[Polygon, ...]:
        """The convex parts of the piece a base may not overlap, on a move or where it
        stands (touching them is allowed): none of terrain a move may enter, all of
        terrain it may not, but of water that can otherwise only be swum (terrain
        rules) only what lies more than WADE_DEPTH inside its outline (S34, L716): a
        normal move may pass and end with the base at most that deep in the water.
        The one place that decides it."""
        return self._blocking[piece_id]

    def heavy_cost(self, piece_id: str) -> float | None:
        """The piece's crossing cost where it is more than 1 per mm (heavy terrain, or
        crossable terrain at double cost), else None: the one place that decides it."""
        cost = self._effects[piece_id].crossing_cost
        return cost if cost is not None and cost > 1.0 else None

    def obstacles(self) -> list[Core]:
        """Every obstacle to bases before growing: warriors' discs and the convex
        parts of terrain a move may not enter."""
        found = [Core(m.id, (m.position,), m.radius) for m in self.models.values()]
        for piece in self.pieces.values():
            found += [Core(piece.id, part, 0.0) for part in self._blocking[piece.id]]
        return found

    def grown(self, radius: float) -> GrownSpace:
        """The pymunk space of obstacles grown by `radius` (built on first use)."""
        key = round(radius, 6)
        space = self._grown.get(key)
        if space is None:
            space = self._grown[key] = GrownSpace(self, radius)
        return space

    def gap(self, a: str, b: str) -> float:
        """Edge-to-edge distance between two models' bases (negative if they overlap)."""
        ma, mb = self.models[a], self.models[b]
        return math.dist(ma.position, mb.position) - ma.radius - mb.radius

    def in_contact(self, a: str, b: str) -> bool:
        """True when the two bases are at most `contact` mm apart."""
        return a != b and self.gap(a, b) <= self.contact + EPS

    def contacts(self, model_id: str) -> list[str]:
        """Every model in contact with this one (friend or enemy)."""
        model = self.models[model_id]
        reach = model.radius + self.contact + EPS
        found = []
        for other in self.models.values():
            if other.id != model_id and math.dist(model.position, other.position) <= reach + other.radius:
                found.append(other.id)
        return found

    def enemies_in_contact(self, model_id: str) -> list[str]:
        side = self.models[model_id].side
        return [o for o in self.contacts(model_id) if self.models[o].side != side]

    def engaged(self, model_id: str) -> bool:
        """True when an enemy is in contact (the model is not free)."""
        return bool(self.enemies_in_contact(model_id))

    def pieces_under(self, point: Point) -> list[str]:
        """Terrain pieces whose outline holds the point."""
        return [p.id for p in self.pieces.values() if p.contains(point)]

    def on_high_ground(self, model_id: str) -> bool:
        """True when the model's centre stands on a piece that is high ground."""
        return any(self._effects[p].elevation for p in self.pieces_under(self.models[model_id].position))

    def element_at(self, point: Point) -> str | None:
        """The model under a point, else the terrain piece under it, else None."""
        for info in self._space.point_query(point, 0.0, pymunk.ShapeFilter()):
            owner = self._owner[info.shape]
            if owner in self.models:
                return owner
        under = self.pieces_under(point)
        return under[0] if under else None

    # -- placing models ---------------------------------------------------------------

    def _blocks_model(self, owner: str) -> bool:
        return owner in self.models or bool(self._blocking[owner])

    def standing_in(self, model_id: str) -> frozenset[str]:
        """Terrain pieces the model's base overlaps although a move may not enter
        them: bushes set burning under it, or a rocky hill it stands on top of. Its
        next move may pass through them until it is clear of them (rulebook: a
        warrior leaves burning terrain as fast as it can; one on a hill climbs down)."""
        model = self.models[model_id]
        return frozenset(
            piece.id
            for piece in self.pieces.values()
            if any(
                planar.point_convex_signed_distance(model.position, part) < model.radius - EPS
                for part in self._blocking[piece.id]
            )
        )

    def model_overlaps(self, radius: float, position: Point, ignore: Iterable[str] = ()) -> list[str]:
        """What a base of `radius` at `position` would overlap: other models, terrain
        it may not stand on, and "edge" when it reaches over the table edge.
        Touching is no overlap."""
        ignored = set(ignore)
        found = []
        x, y = position
        if x - radius < -EPS or y - radius < -EPS or x + radius > self.width + EPS or y + radius > self.height + EPS:
            found.append("edge")
        body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        body.position = position
        probe = pymunk.Circle(body, radius)
        probe.cache_bb()
        # pymunk finds the candidates; its contact depth is unreliable when the
        # centre lies inside a polygon, so the overlap itself is measured here.
        for info in self._space.shape_query(probe):
            owner = self._owner[info.shape]
            if owner in ignored or owner in found or not self._blocks_model(owner):
                continue
            if self._disc_overlaps(owner, info.shape, position, radius):
                # on a piece one may climb, a base stands wholly on top or off it
                if (
                    owner in self.pieces
                    and self._effects[owner].climbable
                    and self.pieces[owner].holds_disc(position, radius)
                ):
                    continue
                found.append(owner)
        return found

    def _disc_overlaps(self, owner: str, shape: pymunk.Shape, centre: Point, radius: float) -> bool:
        if owner in self.models:
            other = self.models[owner]
            return math.dist(centre, other.position) < radius + other.radius - EPS
        if owner in self._wading:
            # water a base may wade into: only its deep parts count
            return any(
                planar.point_convex_signed_distance(centre, part) < radius - EPS for part in self._blocking[owner]
            )
        part = tuple((v.x, v.y) for v in shape.get_vertices())
        return planar.point_convex_signed_distance(centre, part) < radius - EPS

    def model_fits(self, radius: float, position: Point, ignore: Iterable[str] = ()) -> bool:
        """True when a base of `radius` may stand at `position`."""
        return not self.model_overlaps(radius, position, ignore)

    def model_blobs(self, radius: float, ignore: Iterable[str] = ()) -> list[Blob]:
        """Obstacles for the centre of a base of `radius`, as grown shapes."""
        ignored = set(ignore)
        blobs = [Blob((m.position,), m.radius + radius, m.id) for m in self.models.values() if m.id not in ignored]
        for piece in self.pieces.values():
            if piece.id not in ignored:
                blobs += [Blob(part, radius, piece.id) for part in self._blocking[piece.id]]
        return blobs

    def nearest_model_position(self, radius: float, position: Point, ignore: Iterable[str] = ()) -> Point | None:
        """The position nearest to `position` where a base of `radius` fits (the
        dragged model itself belongs in `ignore`). None when the table is full."""
        if self.model_fits(radius, position, ignore):
            # also where the free space has holes (on top of a rocky hill)
            return (float(position[0]), float(position[1]))
        box = (radius, radius, self.width - radius, self.height - radius)
        ignored = tuple(sorted(set(ignore)))
        key = f"model blobs {radius:.9g} {ignored}"
        found = self._free_space(key, lambda: self.model_blobs(radius, ignored), box).nearest(position)
        if found is not None and not self.model_fits(radius, found, ignore):
            return None
        return found

    # -- placing terrain ----------------------------------------------------------------

    def piece_blobs(self, piece: TerrainPiece, rotation: float, clearance: float = 0.0) -> list[Blob]:
        """Obstacles for the origin of `piece` turned by `rotation`: other pieces,
        models that may not stand in it and (with clearance) objectives, each grown
        by `clearance`."""
        local = [planar.transform(part, (0.0, 0.0), rotation) for part in piece.local_parts]
        passable = effect(piece.kind, self.ruleset, piece.burning).passable
        blobs = []
        for other in self.pieces.values():
            if other.id == piece.id:
                continue
            for q in other.parts:
                for p in local:
                    blobs.append(Blob(planar.minkowski_difference(q, p), clearance, other.id))
        if not passable:
            for model in self.models.values():
                for p in local:
                    core = planar.orient((model.position[0] - x, model.position[1] - y) for x, y in p)
                    blobs.append(Blob(core, model.radius, model.id))
        if clearance > 0:
            for objective_id, spot in self.objectives.items():
                for p in local:
                    core = planar.orient((spot[0] - x, spot[1] - y) for x, y in p)
                    blobs.append(Blob(core, clearance, objective_id))
        return blobs

    def piece_box(
        self, piece: TerrainPiece, rotation: float, clearance: float = 0.0
    ) -> tuple[float, float, float, float]:
        """Where the origin of `piece` turned by `rotation` may go so that the piece
        stays `clearance` inside the table edges."""
        outline = planar.transform(piece.footprint, (0.0, 0.0), rotation)
        left, top, right, bottom = planar.bounds(outline)
        return (clearance - left, clearance - top, self.width - clearance - right, self.height - clearance - bottom)

    def piece_overlaps(
        self, piece: TerrainPiece, position: Point, rotation: float, clearance: float = 0.0
    ) -> list[str]:
        """What `piece` at `position` turned by `rotation` would overlap or come closer
        than `clearance` to: other pieces, models that may not stand in it, objectives
        (with clearance) and "edge". Touching (at exactly `clearance`) is allowed."""
        found = []
        left, top, right, bottom = self.piece_box(piece, rotation, clearance)
        x, y = position
        if not (left - EPS <= x <= right + EPS and top - EPS <= y <= bottom + EPS):
            found.append("edge")
        for blob in self._piece_blobs_cached(piece, rotation, clearance):
            bl, bt, br, bb = blob.box
            if not (bl < x < br and bt < y < bb) or blob.owner in found:
                continue
            if blob.signed_distance(position) < -EPS:
                found.append(blob.owner)
        return found

    def piece_fits(self, piece: TerrainPiece, position: Point, rotation: float, clearance: float = 0.0) -> bool:
        return not self.piece_overlaps(piece, position, rotation, clearance)

    def nearest_piece_position(
        self, piece: TerrainPiece, position: Point, rotation: float, clearance: float = 0.0
    ) -> Point | None:
        """The origin nearest to `position` at which `piece`, turned by `rotation`,
        fits (keeping `clearance`, e.g. the terrain spacing). None if nowhere."""
        box = self.piece_box(piece, rotation, clearance)
        key = self._piece_key(piece, rotation, clearance)
        return self._free_space(key, lambda: self.piece_blobs(piece, rotation, clearance), box).nearest(position)

    def _piece_blobs_cached(self, piece: TerrainPiece, rotation: float, clearance: float) -> list[Blob]:
        # while a piece is dragged its obstacles stay the same from frame to frame
        key = self._piece_key(piece, rotation, clearance)
        return self._blobs(key, lambda: self.piece_blobs(piece, rotation, clearance))

    @staticmethod
    def _piece_key(piece: TerrainPiece, rotation: float, clearance: float) -> str:
        return (
            f"piece blobs {piece.id} {piece.kind.key} {hash(piece.footprint)} {piece.burning}"
            f" {rotation:.9g} {clearance:.9g}"
        )
