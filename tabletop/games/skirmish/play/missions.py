"""Victory points (SIG) by the missions (rulebook L174-196, L440-442; DECISIONS.md S11,
S30, S41), as plain functions of the table and the warriors. No pygame here.

A mission's goals are data (mission_schema.py); `score` reads them against the
table at an end phase (missions that score `each_end_phase`) or at the end of the
game (those that score at the `end`, the secret ones), and answers what was earned
with how: one `Earned` per goal that gave points, its message for the log and the
score sheet. "Enemy" is a warrior of the opposing unit; non-player warriors never
count (S41). Distances are the table's: a base's edge to a point, unless a goal
says the whole base.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tabletop.games.skirmish.mission_schema import (
    LeaderOut,
    Mission,
    ObjectiveHeld,
    PointsOut,
    Removed,
    WarriorsNear,
)
from tabletop.games.skirmish.play.attack import count_message
from tabletop.games.skirmish.play.deployment import Edge, centre_line_point
from tabletop.games.skirmish.table.measure import distance_to_point
from tabletop.games.skirmish.table.planar import Point
from tabletop.games.skirmish.table.table import Table
from tabletop.i18n import N_, Message, Nn_

NEAR_CENTRE = Nn_(
    "{count} warrior within {cm:g} cm of the centre: {points} SIG.",
    "{count} warriors within {cm:g} cm of the centre: {points} SIG.",
)
WHOLLY_NEAR_CENTRE = Nn_(
    "{count} warrior wholly within {cm:g} cm of the centre: {points} SIG.",
    "{count} warriors wholly within {cm:g} cm of the centre: {points} SIG.",
)
REMOVED = Nn_("{count} enemy warrior removed: {points} SIG.", "{count} enemy warriors removed: {points} SIG.")
HELD = Nn_("{count} marker held: {points} SIG.", "{count} markers held: {points} SIG.")
POINTS_OUT = Nn_(
    "{count} point of enemy warriors out of action: {points} SIG.",
    "{count} points of enemy warriors out of action: {points} SIG.",
)
LEADER_OUT = N_("The enemy leader is out of action: {points} SIG.")


@dataclass(frozen=True)
class Fighter:
    """A player's warrior as a mission sees it: its side, its card's points, whether
    it leads its unit, the categories of the items it carries, and whether it was
    put out of action (`removed_in`: the round it was removed in; None: on the table)."""

    id: str
    side: int
    points: int
    leader: bool = False
    carries: frozenset[str] = frozenset()
    removed_in: int | None = None


@dataclass(frozen=True)
class Earned:
    """Victory points earned by one goal of a mission, and how."""

    goal: int
    points: int
    how: Message


def objective_spots(mission: Mission, table: Table, first_edge: Edge) -> list[Point]:
    """Where the mission's objective markers lie: the table's centre, or on the
    centre line between the halves, measured from the side edges of the first
    deployer's edge (side 1 on the left of its frame, side 2 on the right)."""
    spots = []
    length = table.width if first_edge in ("top", "bottom") else table.height
    for objective in mission.objectives:
        if objective.place == "centre":
            spots.append((table.width / 2, table.height / 2))
        else:
            offset = float(objective.from_side_edge or 0)
            along = offset if objective.side == 1 else length - offset
            spots.append(centre_line_point(table, first_edge, along))
    return spots


def scores_now(mission: Mission, at_end: bool) -> bool:
    """Whether the mission scores at this moment: every end phase (the game's last
    one too), or only at the end of the game."""
    return mission.scores == "each_end_phase" or at_end


def score(
    mission: Mission,
    side: int,
    table: Table,
    fighters: Iterable[Fighter],
    round_number: int,
    objectives: Sequence[Point] = (),
) -> list[Earned]:
    """What `side` earns by `mission` now: at an end phase of `round_number` (a
    mission scoring each end phase counts the warriors removed in that round), or at
    the end of the game (a mission scoring at the end counts every warrior removed)."""
    everyone = list(fighters)
    own = [f for f in everyone if f.side == side and f.removed_in is None and f.id in table.models]
    enemies = [f for f in everyone if f.side == 1 - side]  # non-player warriors never count (S41)
    standing_enemies = [f for f in enemies if f.removed_in is None and f.id in table.models]
    if mission.scores == "each_end_phase":
        fallen = [f for f in enemies if f.removed_in == round_number]
    else:
        fallen = [f for f in enemies if f.removed_in is not None]
    centre = (table.width / 2, table.height / 2)
    earned = []
    for index, goal in enumerate(mission.goals):
        if isinstance(goal, WarriorsNear):
            near = [f for f in own if _within_of(table, f.id, centre, goal.within, goal.wholly)]
            points = goal.each * len(near)
            pair = WHOLLY_NEAR_CENTRE if goal.wholly else NEAR_CENTRE
            how = count_message(pair, len(near), {"cm": goal.within / 10, "points": points})
        elif isinstance(goal, Removed):
            points = sum(goal.leader if f.leader and goal.leader is not None else goal.each for f in fallen)
            how = count_message(REMOVED, len(fallen), {"points": points})
        elif isinstance(goal, ObjectiveHeld):
            held = [spot for spot in objectives if _holds(table, goal, spot, own, standing_enemies)]
            points = goal.each * len(held)
            how = count_message(HELD, len(held), {"points": points})
        elif isinstance(goal, LeaderOut):
            out = any(f.leader for f in enemies if f.removed_in is not None)
            points = goal.each if out else 0
            how = Message(LEADER_OUT, {"points": points})
        else:
            assert isinstance(goal, PointsOut)
            lost = sum(f.points for f in enemies if f.removed_in is not None)
            points = goal.each * math.ceil(lost / goal.per)
            how = count_message(POINTS_OUT, lost, {"points": points})
        if points:
            earned.append(Earned(index, points, how))
    return earned


def total(before: int, change: int) -> int:
    """Victory points after a change: never below 0, the starting value (L440, A85)."""
    return max(0, before + change)


def _within_of(table: Table, model_id: str, point: Point, within: float, wholly: bool) -> bool:
    model = table.models[model_id]
    reach = math.dist(model.position, point) + (model.radius if wholly else -model.radius)
    return reach <= within + 1e-9


def _holds(table: Table, goal: ObjectiveHeld, spot: Point, own: Sequence[Fighter], enemies: Sequence[Fighter]) -> bool:
    holders = [
        f
        for f in own
        if distance_to_point(table, f.id, spot) <= goal.within + 1e-9
        and (goal.carrying is None or goal.carrying in f.carries)
    ]
    if not holders:
        return False
    return not goal.alone or not any(distance_to_point(table, f.id, spot) <= goal.within + 1e-9 for f in enemies)
