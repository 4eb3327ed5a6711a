"""Non-player warriors (optional rule 2; rulebook L762-802, DECISIONS.md S36): what an
infestation pool buys, where one may be placed, and what one must do when it is
activated in the end phase. Plain functions of the table; no pygame here.

- Placement (preparation step 6a, L766-776): each player's pool is the infestation
  level; in turn each spends X on a non-player warrior of infestation value X. A
  pool rest that buys none, or finds no room, is lost (S36). Non-player warriors
  keep 15 cm from each other (L774), stand off terrain except pieces whose only
  property is heavy terrain (L792), and wholly outside every zone a warrior could
  deploy in, whichever edge is picked: within 20 cm of both centre lines (the open
  battle's 20 cm), and within 20 cm of the table centre if a mission is an ambush or
  secret (S36; the distances are the table's deployment spec).
- Activation (end phase step 2, L778-794): one action each, the first the rules
  allow of: attack (in contact with a player's warrior, L790), charge (none in
  contact but one within 10 cm in sight and reachable, L788), shoot (a ranged
  non-player warrior with a target, L792), roam up to 5 cm (no player's warrior
  within 10 cm in sight, L786), stay (S36). Fear: no charge, attack or strike back;
  slow: no roaming (S36). It does not charge or shoot a hidden warrior more than 5 cm
  away (L692, S32, S36); such a warrior still counts for L786 (hiding keeps it from
  being attacked, not from being seen), so one in sight within 10 cm keeps it from
  roaming.
- The player who activates it chooses and rolls, except when its only targets are
  that player's own warriors: the opponent takes it over for that attack (L794).
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from tabletop.games.skirmish.card_schema import Warrior
from tabletop.games.skirmish.schema import TerrainKind
from tabletop.games.skirmish.table import measure, planar
from tabletop.games.skirmish.table.movement import path_to_contact
from tabletop.games.skirmish.table.planar import EPS, Point
from tabletop.games.skirmish.table.sight import sight
from tabletop.games.skirmish.table.table import Table
from tabletop.i18n import N_, Message

#: L774: how far non-player warriors keep from each other, edge to edge (mm)
SPACING = 150.0
#: L786-788: a player's warrior this close (edge to edge, in sight) draws a charge and stops roaming
NEAR = 100.0
#: L786: the farthest a roam goes (mm)
ROAM = 50.0

Duty = Literal["attack", "charge", "shoot", "roam", "stay"]


def buyable(pool: int, cards: Iterable[Warrior]) -> list[Warrior]:
    """The non-player warriors a pool can still pay for (infestation value at most the pool)."""
    return [card for card in cards if card.contamination is not None and card.contamination <= pool]


def only_heavy(kind: TerrainKind) -> bool:
    """A piece whose only property is heavy terrain: a non-player warrior may stand
    on it and roam over it (L792)."""
    properties = kind.properties
    return properties.heavy is not None and properties == type(properties)(heavy=properties.heavy)


def _terrain_under(table: Table, position: Point, radius: float) -> list[str]:
    """The pieces a base at `position` overlaps that a non-player warrior keeps off."""
    return [
        piece_id
        for piece_id, piece in table.pieces.items()
        if not only_heavy(piece.kind) and piece.distance_to_point(position) < radius - EPS
    ]


def in_placement_area(table: Table, position: Point, radius: float, ambush_possible: bool) -> bool:
    """Wholly outside every zone a warrior could deploy in, whichever edge is picked
    (S36): within (half the table - the open battle's distance) of both centre lines,
    and within the ambush distance of the centre when a mission may be an ambush."""
    spec = table.spec.deployment
    cx, cy = table.width / 2, table.height / 2
    x, y = position
    # the open battle's zone along an edge reaches to `open_battle` mm short of the
    # centre line: outside it for all four edges means that close to both centre lines
    if abs(x - cx) + radius > spec.open_battle + EPS or abs(y - cy) + radius > spec.open_battle + EPS:
        return False
    return not ambush_possible or math.dist(position, (cx, cy)) + radius <= spec.ambush + EPS


def placement_refusal(
    table: Table, position: Point, radius: float, others: Collection[str], ambush_possible: bool
) -> Message | None:
    """Why a non-player warrior of `radius` cannot be placed at `position`, or None;
    `others` are the non-player warriors already placed."""
    if not in_placement_area(table, position, radius, ambush_possible):
        if ambush_possible:
            return Message(
                N_("A non-player warrior stands wholly within {cm:g} cm of the table centre and of both centre lines."),
                {"cm": min(table.spec.deployment.open_battle, table.spec.deployment.ambush) / 10},
            )
        return Message(
            N_("A non-player warrior stands wholly within {cm:g} cm of both centre lines."),
            {"cm": table.spec.deployment.open_battle / 10},
        )
    if _terrain_under(table, position, radius):
        return Message(N_("A non-player warrior stands off terrain, except pieces that are only heavy terrain."))
    overlaps = [owner for owner in table.model_overlaps(radius, position) if owner in table.models or owner == "edge"]
    if overlaps:
        return Message(N_("Another base stands there."))
    for other in others:
        model = table.models[other]
        if math.dist(model.position, position) - model.radius - radius < SPACING - EPS:
            return Message(N_("Non-player warriors keep {cm:g} cm from each other."), {"cm": SPACING / 10})
    return None


@dataclass(frozen=True)
class Orders:
    """What an activated non-player warrior must do, and at whom (the player's
    warriors it may attack or charge, or shoot at)."""

    duty: Duty
    targets: tuple[str, ...] = ()


def _near_in_sight(table: Table, nsk: str, players: Collection[str]) -> list[str]:
    return [
        other
        for other in table.models  # in the table's order, so the choice is listed the same each time
        if other in players
        and measure.edge_distance(table, nsk, other) <= NEAR + EPS
        and sight(table, nsk, other).visible
    ]


def _charge_targets(
    table: Table, nsk: str, near: Sequence[str], players: Collection[str], allowance: float
) -> list[str]:
    """Those of `near` a charge reaches: a path of at most `allowance` ending in
    contact with it and touching no other player's warrior (L788)."""
    found = []
    for target in near:
        path = path_to_contact(table, nsk, target, allowance)
        if path is None:
            continue
        end = path.points[-1]
        radius = table.models[nsk].radius
        if not keeps_off_terrain(table, radius, path.points):
            continue
        touched = [
            other
            for other in players
            if other != target
            and math.dist(end, table.models[other].position) - radius - table.models[other].radius <= table.contact
        ]
        if not touched:
            found.append(target)
    return found


def orders(
    table: Table,
    nsk: str,
    players: Collection[str],
    markers: Mapping[str, int],
    shooting_range: float | None = None,
    allowance: float | None = None,
    unseen: Collection[str] = (),
) -> Orders:
    """The first action the rules allow the non-player warrior `nsk` (S36: attack,
    charge, shoot, roam, stay). `players`: the players' warriors on the table;
    `markers` its markers; `shooting_range` its ranged weapon's range, if any;
    `allowance` a charge's move (10 cm, 8 in a storm); `unseen` the hidden warriors
    it may not attack from where it stands (more than 5 cm away, S32)."""
    afraid = markers.get("fear", 0) > 0
    touching = [other for other in table.contacts(nsk) if other in players]
    if touching and not afraid:
        return Orders("attack", tuple(touching))
    near = _near_in_sight(table, nsk, players)
    if near and not touching and not afraid:
        targets = [other for other in near if other not in unseen]
        charge = _charge_targets(table, nsk, targets, players, table.allowance if allowance is None else allowance)
        if charge:
            return Orders("charge", tuple(charge))
    if shooting_range is not None and not touching and not afraid:
        found = measure.targets(table, nsk, shooting_range)
        shots = tuple(t for t in found.allowed if t in players and t not in unseen)
        if shots:
            return Orders("shoot", shots)
    if not near and not touching and markers.get("slow", 0) == 0:
        return Orders("roam")
    return Orders("stay")


def keeps_off_terrain(table: Table, radius: float, points: Sequence[Point]) -> bool:
    """A base of `radius` along `points` touches no terrain but pieces that are only
    heavy terrain (L792)."""
    return not any(
        not only_heavy(piece.kind) and planar.segment_convex_distance(start, end, part) < radius - EPS
        for start, end in zip(points, points[1:], strict=False)
        for piece in table.pieces.values()
        for part in piece.parts
    )


def roam_refusal(table: Table, nsk: str, end: Point) -> Message | None:
    """Why the non-player warrior cannot roam straight to `end`, or None: at most
    5 cm, ending where it may stand, passing no base and no terrain but heavy terrain
    alone (L786, L792)."""
    model = table.models[nsk]
    start = model.position
    length = math.dist(start, end)
    if length > ROAM + EPS:
        return Message(N_("A non-player warrior roams at most {cm:g} cm."), {"cm": ROAM / 10})
    if not keeps_off_terrain(table, model.radius, (start, end)):
        return Message(N_("A non-player warrior keeps off terrain, except pieces that are only heavy terrain."))
    for other_id, other in table.models.items():
        if (
            other_id != nsk
            and planar.point_segment_distance(other.position, start, end) < model.radius + other.radius - EPS
        ):
            return Message(N_("Another base is in the way."))
    if "edge" in table.model_overlaps(model.radius, end, ignore=[nsk]):
        return Message(N_("A base stays on the table."))
    return None


def controller(activating: int, target_sides: Iterable[int]) -> int:
    """The player who chooses and rolls for the non-player warrior's attack: the one
    activating it, unless every target is that player's own (L794)."""
    sides = set(target_sides)
    return 1 - activating if sides == {activating} else activating
