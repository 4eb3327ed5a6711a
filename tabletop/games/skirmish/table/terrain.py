"""Terrain pieces on the table and what they do under each set of rules.

A `TerrainPiece` is a kind from data/skirmish/terrain.yaml placed at a position and
turned; its outline may be concave, so it also keeps convex parts for the queries.
`effect(kind, ruleset)` reads a kind under the basic rules or under the optional
terrain rules into one `TerrainEffect`: how it acts on sight (flat, obstacle,
opaque), its sight penalty, whether it hides only models behind it, whether it is
high ground, and what crossing it costs (None: a move may not cross it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from tabletop.games.skirmish.schema import TerrainKind
from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.planar import Point, Polygon


@dataclass(frozen=True)
class Ruleset:
    """Which rules the geometry follows.

    `terrain_rules`: the optional extended terrain rules (else the basic rules).
    `double_cost`: basic rules only, crossable terrain counts each mm twice.
    """

    terrain_rules: bool = False
    double_cost: bool = False


BASIC = Ruleset()
TERRAIN_RULES = Ruleset(terrain_rules=True)

#: S34 (L716 "ins Wasser hinein max. 1 cm"): how deep a normal move's base may reach
#: into water that can otherwise only be swum, in mm
WADE_DEPTH = 10.0

SightKind = Literal["flat", "obstacle", "opaque"]

#: a kind's sight under the basic rules (terrain.yaml: opaque, low or flat)
_BASIC_SIGHT: dict[str, SightKind] = {"opaque": "opaque", "low": "obstacle", "flat": "flat"}


@dataclass(frozen=True)
class TerrainEffect:
    """A terrain kind read under one ruleset.

    sight: "flat" (ignored by sight), "obstacle" (hinders, never blocks) or
    "opaque" (blocks when it meets every sight line, else hinders).
    penalty: what it takes off as an obstacle. behind_only: it only acts on sight
    between models of which neither stands on it or on high ground. elevation: a
    model on it stands on high ground. crossing_cost: mm of allowance per mm of
    path inside it, None when a move may not enter it. climbable: a warrior may
    stand on top of it (terrain rules, "climb (X)") with its base wholly on the
    piece; climbing up is an action of its own, so a move still does not enter it.
    climb, swim, jump, hostile: the X of Klettern, Schwimmen, Sprung and
    Lebensfeindlich (terrain rules; 0 when the kind has none): the difficulty of
    the roll, or the wounds of hostile terrain.
    """

    sight: SightKind
    penalty: int
    behind_only: bool
    elevation: bool
    crossing_cost: float | None
    climbable: bool = False
    climb: int = 0
    swim: int = 0
    jump: int = 0
    hostile: int = 0

    @property
    def passable(self) -> bool:
        return self.crossing_cost is not None

    @property
    def swim_only(self) -> bool:
        """Water a move may not cross (S34: neither passable nor heavy), only swim."""
        return self.swim > 0 and self.crossing_cost is None


def effect(kind: TerrainKind, ruleset: Ruleset, burning: bool = False) -> TerrainEffect:
    """How a kind acts under `ruleset`. A burning flammable piece (terrain rules)
    can no longer be crossed and hinders sight one step more. Climbing belongs to
    the terrain rules, so under the basic rules a rocky hill is only impassable."""
    props = kind.properties
    if ruleset.terrain_rules:
        penalty = props.sight_obstacle or 0
        cost: float | None = None
        if props.passable:
            cost = 1.0
        elif props.heavy:
            cost = float(props.heavy)
        if burning and props.flammable:
            cost = None
            penalty += 1
        if props.impenetrable:
            sight: SightKind = "opaque"
            penalty = max(penalty, 1)
        elif penalty:
            sight = "obstacle"
        else:
            sight = "flat"
        return TerrainEffect(
            sight,
            penalty,
            props.behind_only,
            props.elevation,
            cost,
            bool(props.climb),
            props.climb or 0,
            props.swim or 0,
            props.jump or 0,
            props.hostile or 0,
        )
    basic = kind.basic
    sight = _BASIC_SIGHT[basic.sight]
    cost = None
    if basic.crossing == "crossable":
        cost = 2.0 if ruleset.double_cost else 1.0
    return TerrainEffect(sight, 0 if sight == "flat" else 1, basic.behind_only, props.elevation, cost)


@dataclass
class TerrainPiece:
    """A terrain piece on the table: a kind, where it stands and how it is turned.

    `footprint` is the outline about the piece's origin (the kind's default unless
    the layout gives one); `outline` is the same in table coordinates, `parts` its
    convex parts, `box` its bounds (left, top, right, bottom).
    """

    id: str
    kind: TerrainKind
    position: Point
    rotation: float = 0.0
    footprint: Polygon = ()
    burning: bool = False
    outline: Polygon = field(init=False, default=())
    parts: tuple[Polygon, ...] = field(init=False, default=())
    local_parts: tuple[Polygon, ...] = field(init=False, default=())
    box: tuple[float, float, float, float] = field(init=False, default=(0.0, 0.0, 0.0, 0.0))

    def __post_init__(self) -> None:
        self.footprint = planar.orient(self.footprint or self.kind.footprint)
        self.local_parts = planar.convex_parts(self.footprint)
        self.place(self.position, self.rotation)

    def place(self, position: Point, rotation: float) -> None:
        """Move and turn the piece (updates outline, parts and box)."""
        self.position = (float(position[0]), float(position[1]))
        self.rotation = float(rotation)
        self.outline = planar.transform(self.footprint, self.position, self.rotation)
        self.parts = tuple(planar.transform(p, self.position, self.rotation) for p in self.local_parts)
        self.box = planar.bounds(self.outline)

    def contains(self, point: Point) -> bool:
        """True when the point lies on the piece (its outline, boundary included)."""
        left, top, right, bottom = self.box
        if not (
            left - planar.EPS <= point[0] <= right + planar.EPS and top - planar.EPS <= point[1] <= bottom + planar.EPS
        ):
            return False
        return any(planar.point_in_convex(point, part, planar.EPS) for part in self.parts)

    def holds_disc(self, centre: Point, radius: float) -> bool:
        """True when a disc lies wholly on the piece (touching its outline from
        inside counts): a base standing on top of it."""
        if not self.contains(centre):
            return False
        outline = self.outline
        n = len(outline)
        return all(
            planar.point_segment_distance(centre, outline[i], outline[(i + 1) % n]) >= radius - planar.EPS
            for i in range(n)
        )

    def distance_to_point(self, point: Point) -> float:
        """Distance from the piece's outline to a point (0 on or inside it)."""
        return min(planar.point_convex_distance(point, part) for part in self.parts)

    def distance_to(self, other: TerrainPiece) -> float:
        """Distance between two pieces' outlines (0 when they touch or overlap)."""
        return min(planar.convex_distance(p, q) for p in self.parts for q in other.parts)
