"""What a moving base may pass: the table as routing and movement see it.

- `Board` (`board(table, radius)`, one per table version and base radius): plain
  data for bases of one radius: the grown space, the obstacles before growing,
  the heavy terrain, the table's size; `blocked(p)` says what a base centred at p
  would overlap; `field` the obstacles as exact pieces (pieces.py).
- `Passage` (`passage(table, model_id)`, one per table version and model): one
  warrior about to move: `hit(a, b)` and `clear(a, b)` for a straight leg,
  `cost(a, b)`. A warrior standing in terrain a move may not enter
  (bushes set burning, a rocky hill it stands on top of: `Table.standing_in`) may
  pass through that terrain on the first leg of its path until its base is clear
  of it (`hit_leaving`).
- `segment_caster(grown, query)`: `GrownSpace.first_hit` made straight through
  pymunk's C library (the reach casts thousands); `point_prober(grown, query)`:
  likewise whether anything lies near a point.

Routing receives a `Passage` (and its `Board`), never the table or a callback.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import dataclass

import pymunk

from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.clearing import Clearing, Rim, clear_of, exits, overlaps
from tabletop.games.skirmish.table.costs import TerrainCosts, terrain_costs
from tabletop.games.skirmish.table.memo import PerVersion
from tabletop.games.skirmish.table.pieces import Field
from tabletop.games.skirmish.table.planar import EPS, Point
from tabletop.games.skirmish.table.spans import Heavy, segment_cost
from tabletop.games.skirmish.table.table import GrownSpace, Table
from tabletop.games.skirmish.table.tangents import Core

try:  # pymunk's own C library, for segment casts without building Python objects for each answer
    from pymunk._chipmunk import ffi as _ffi  # type: ignore[import-not-found]  # cffi module, no stubs
    from pymunk._chipmunk import lib as _lib
except ImportError:  # pragma: no cover - another pymunk: GrownSpace.first_hit does it all
    _ffi = _lib = None

_ALL = pymunk.ShapeFilter()

#: over heavy terrain, a way out of terrain the warrior stands in is tried bending
#: every this far along the terrain's grown outline (mm; see `Passage.heavy_exits`)
EXIT_STEP = 2.0
#: those bends lie this far outside the grown outline, so the base is clear there (mm)
OUTSIDE = 1e-7


@dataclass(frozen=True, eq=False)
class Board:
    """The table for bases of `radius`, as plain data: `grown` (every obstacle
    grown by the radius), `obstacles` (before growing), `costs` (heavy terrain)."""

    radius: float
    width: float
    height: float
    grown: GrownSpace
    obstacles: list[Core]
    costs: TerrainCosts

    def blocked(self, p: Point) -> frozenset[str]:
        """What a base centred at p would overlap (every element, none ignored;
        "edge" off the table)."""
        r = self.radius
        if not (r - EPS <= p[0] <= self.width - r + EPS and r - EPS <= p[1] <= self.height - r + EPS):
            return frozenset(("edge",))
        return frozenset(
            self.grown.shape_owner[i.shape] for i in self.grown.space.point_query(p, 0.0, _ALL) if i.distance < 0.0
        )

    @functools.cached_property
    def parts(self) -> dict[str, int]:
        """How many convex parts each obstacle has (a warrior's disc one; where a
        piece has several its outline turns inward where two meet)."""
        counts: dict[str, int] = {}
        for core in self.obstacles:
            counts[core.owner] = counts.get(core.owner, 0) + 1
        return counts

    @functools.cached_property
    def field(self) -> Field:
        """The grown obstacles as exact pieces, for visible discs (built on first use)."""
        return Field.build(self.obstacles, self.radius, self.width, self.height)


_boards: PerVersion[float, Board] = PerVersion()


def board(table: Table, radius: float) -> Board:
    """The table for bases of `radius` (built once per table version)."""
    key = round(radius, 6)
    found = _boards.get(table, key)
    if found is None:
        found = _boards.put(
            table,
            key,
            Board(radius, table.width, table.height, table.grown(radius), table.obstacles(), terrain_costs(table)),
        )
    return found


class Passage:
    """One warrior about to move on one table version: its board, the heavy
    terrain, the terrain it stands in and may leave (passed through on the first
    leg of a path, until the base is clear of it). Plain data: it keeps no table."""

    def __init__(self, table: Table, model_id: str) -> None:
        model = table.models[model_id]
        self.model_id = model_id
        self.radius = model.radius
        self.start = model.position
        self.board = board(table, model.radius)
        self.grown: GrownSpace = self.board.grown
        self.query = self.grown.model_filter(model_id)
        self.heavy: list[Heavy] = self.board.costs.heavy
        self.leaving = table.standing_in(model_id)
        self.leaving_parts = [part for piece_id in self.leaving for part in table.blocking_parts(piece_id)]
        self.first_hit = segment_caster(self.grown, self.query)
        # the same casts with the pieces it leaves passed through (`hit_leaving`): a
        # space of its own without them
        self._first_hit_off = self.first_hit
        if self.leaving:
            off = GrownSpace(table, model.radius, without=self.leaving)
            self._first_hit_off = segment_caster(off, off.model_filter(model_id))
        self._clearing = Clearing(self.leaving_parts, self.radius, self.start)
        self.anything_near = point_prober(self.grown, self.query)
        self._exits: tuple[Point, ...] | None = None
        self._heavy_exits: tuple[Point, ...] | None = None

    def exits(self) -> tuple[Point, ...]:
        """Where a way out of the pieces it is leaving may bend (`clearing.exits`):
        on from where a tangent from the start touches another obstacle, or grazes a
        corner of their own grown outline from within, with the base still on them,
        where the base is clear of them."""
        if self._exits is None:
            others = tuple(
                core for core in self.board.obstacles if core.owner != self.model_id and core.owner not in self.leaving
            )
            self._exits = exits(tuple(self.leaving_parts), self.radius, self.start, others) if self.leaving else ()
        return self._exits

    def heavy_exits(self) -> tuple[Point, ...]:
        """Over heavy terrain, a way out that crosses it while the base is still on
        the pieces it leaves cannot bend at its outline; bending where the base is
        first clear may cost less: points every EXIT_STEP along the pieces' grown
        outline (just outside it) whose straight way from the start crosses heavy
        terrain stand in for those bends (a path has its bend placed exactly by
        `bend_out.refine_exit`)."""
        if not self.leaving or not self.heavy:
            return ()
        if self._heavy_exits is None:
            self._heavy_exits = self._bends_over_heavy()
        return self._heavy_exits

    def _bends_over_heavy(self) -> tuple[Point, ...]:
        """`heavy_exits`: every EXIT_STEP along the rim, and where the rim runs into
        another obstacle (the cheapest bend may be stopped there)."""
        parts, start, reach = self.leaving_parts, self.start, self.radius + OUTSIDE
        others = [
            core for core in self.board.obstacles if core.owner != self.model_id and core.owner not in self.leaving
        ]
        found: list[Point] = []
        for part in parts:
            rim = Rim(part, reach)
            count = max(8, math.ceil(rim.length / EXIT_STEP))
            marks = [rim.at(rim.length * i / count) for i in range(count)]
            marks += [q for other in others for q in rim.meets(other, self.radius)]
            for q in marks:
                if any(overlaps(q, other, reach - 2 * OUTSIDE) for other in parts):
                    continue  # within the grown outline of another of its parts
                if self.cost(start, q) > math.dist(start, q) + 1e-9:
                    found.append(q)
        return tuple(found) + self._past_heavy_corners()

    def _past_heavy_corners(self) -> tuple[Point, ...]:
        """The bends of ways out that graze a corner of heavy terrain with the base
        still on the pieces it leaves (they cannot bend there): straight on past the
        corner, where the base is first clear. Bending there, the first leg crosses
        none of that terrain; bending a little either side of it, it crosses some."""
        parts, start = self.leaving_parts, self.start
        span = max(math.dist(start, v) for part in parts for v in part) + 2 * self.radius
        found: list[Point] = []
        for heavy in self.heavy:
            if planar.point_in_convex(start, heavy.part):
                continue
            for c in heavy.part:
                d = math.dist(start, c)
                if d <= EPS or d > span:
                    continue
                ux, uy = (c[0] - start[0]) / d, (c[1] - start[1]) / d
                # only where the way grazes the part: all of it on one side of the line
                across = [ux * (v[1] - start[1]) - uy * (v[0] - start[0]) for v in heavy.part]
                if min(across) < -1e-9 and max(across) > 1e-9:
                    continue
                far = (start[0] + span * ux, start[1] + span * uy)
                t = clear_of(parts, self.radius, start, far)
                if t < 1.0 and t * span > d:
                    found.append((start[0] + span * ux * t, start[1] + span * uy * t))
        return tuple(found)

    @functools.cached_property
    def field(self) -> Field:
        """The board's `field` without this warrior's own disc."""
        return self.board.field.without(self.model_id)

    def hit_leaving(self, a: Point, b: Point) -> tuple[tuple[str, float] | None, bool]:
        """The first hit on segment a-b for the base starting on the pieces it is
        leaving (passed through until it is clear of them), and whether it is still
        on them at b."""
        clearing = self._clearing
        t = clearing.clear_at(b) if a == clearing.a else clear_of(self.leaving_parts, self.radius, a, b)
        if t >= 1.0:
            return self._first_hit_off(a, b), t > 1.0
        out = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        hit = self._first_hit_off(a, out)
        if hit is not None:
            return (hit[0], hit[1] * t), True
        hit = self.first_hit(out, b)
        if hit is not None:
            return (hit[0], t + hit[1] * (1.0 - t)), False
        return None, False

    def hit(self, a: Point, b: Point) -> tuple[str, float] | None:
        """The first element a base moving from a to b would overlap, and the
        fraction of the way at which it would (see GrownSpace.first_hit)."""
        if self.leaving and a == self.start:
            return self.hit_leaving(a, b)[0]
        return self.first_hit(a, b)

    def clear(self, a: Point, b: Point) -> bool:
        if self.leaving and a == self.start:
            return self.hit_leaving(a, b)[0] is None
        return self.first_hit(a, b) is None

    def first_clear(self, a: Point, b: Point, u: Point, most: float, halvings: int) -> float | None:
        """The least distance d (to within `halvings` halvings) at which the straight way
        from a to b + u d is clear, where the one to b is not; None where none up to
        `most` is (tried at doubling distances first)."""
        blocked, d = 0.0, 2e-3
        while not self.clear(a, (b[0] + u[0] * d, b[1] + u[1] * d)):
            if d >= most:
                return None
            blocked, d = d, min(2 * d, most)
        for _ in range(halvings):
            mid = (blocked + d) / 2
            if self.clear(a, (b[0] + u[0] * mid, b[1] + u[1] * mid)):
                d = mid
            else:
                blocked = mid
        return d

    def cost(self, a: Point, b: Point) -> float:
        return segment_cost(a, b, self.heavy)

    def within(self, origin: Point, budget: float) -> Passage:
        """This passage for legs that stay within `budget` of origin (a mm costs at
        least a mm, so everything reached from origin with that budget does): only
        the heavy parts near that disc, and no casts at all when nothing that blocks
        lies in it. The same answers for such legs, with less work."""
        x, y = origin
        reach = budget + _WITHIN_PAD
        heavy = [
            h
            for h in self.heavy
            if h.box[0] <= x + reach and h.box[2] >= x - reach and h.box[1] <= y + reach and h.box[3] >= y - reach
        ]
        free = not self.leaving and not self.anything_near(origin, reach)
        if not free and len(heavy) == len(self.heavy):
            return self
        # a shallow copy (as copy.copy makes, without its generic machinery: asked
        # hundreds of times a reach)
        view = object.__new__(type(self))
        view.__dict__.update(self.__dict__)
        view.heavy = heavy
        if free:
            view.first_hit = _nothing_hit
        return view


#: what `Passage.within` adds to the budget, so points just past it (the probes
#: either side of an outline) still see the terrain there (mm)
_WITHIN_PAD = 1.0


def _nothing_hit(a: Point, b: Point) -> tuple[str, float] | None:
    return None


_passages: PerVersion[str, Passage] = PerVersion()


def passage(table: Table, model_id: str) -> Passage:
    """The model's passage on the table as it stands (built once per table version)."""
    found = _passages.get(table, model_id)
    if found is None:
        found = _passages.put(table, model_id, Passage(table, model_id))
    return found


def segment_caster(grown: GrownSpace, query: pymunk.ShapeFilter) -> Callable[[Point, Point], tuple[str, float] | None]:
    """`grown.first_hit(a, b, query)` as a function of a and b: the same query of
    pymunk's space (cpSpaceSegmentQueryFirst, the same answer), made straight
    through pymunk's C library where it offers one, which is several times faster
    than building pymunk's Python objects for each answer (the reach casts
    thousands)."""
    space = getattr(grown.space, "_space", None)
    owners = {}
    for shape, owner in grown.shape_owner.items():
        pointer = getattr(shape, "_shape", None)
        if pointer is None:
            space = None
            break
        owners[pointer] = owner
    if _lib is None or space is None:
        return lambda a, b: grown.first_hit(a, b, query)
    info = _ffi.new("cpSegmentQueryInfo *")
    cast = _lib.cpSpaceSegmentQueryFirst
    null = _ffi.NULL
    # the filter as the C struct, made once (not converted from pymunk's tuple each cast)
    held = _ffi.new("cpShapeFilter *", tuple(query))
    shape_filter = held[0]

    # (the space is held as well: the C pointer alone does not keep it alive)
    def first_hit(a: Point, b: Point, _held: object = held, _grown: object = grown) -> tuple[str, float] | None:
        shape = cast(space, a, b, 0.0, shape_filter, info)
        if shape == null:
            return None
        return owners[shape], info.alpha

    return first_hit


def point_prober(grown: GrownSpace, query: pymunk.ShapeFilter) -> Callable[[Point, float], bool]:
    """Whether `grown.space.point_query_nearest(p, distance, query)` finds a shape, as
    a function of p and distance: the same query of pymunk's space
    (cpSpacePointQueryNearest), made straight through its C library where it offers
    one (as `segment_caster`)."""
    space = getattr(grown.space, "_space", None)
    if _lib is None or space is None:
        return lambda p, distance: grown.space.point_query_nearest(p, distance, query) is not None
    info = _ffi.new("cpPointQueryInfo *")
    probe = _lib.cpSpacePointQueryNearest
    null = _ffi.NULL
    held = _ffi.new("cpShapeFilter *", tuple(query))
    shape_filter = held[0]

    def anything_near(p: Point, distance: float, _held: object = held) -> bool:
        return bool(probe(space, p, distance, shape_filter, info) != null)

    return anything_near
