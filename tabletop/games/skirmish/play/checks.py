"""The checks the moves share: parameters given to a tenth, why a base or a piece
may not go where it would overlap something, and the path of a move or a charge."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from tabletop.engine.core import IllegalAction
from tabletop.games.skirmish.play.moves import Corners
from tabletop.games.skirmish.play.reaction import FEARED
from tabletop.games.skirmish.play.state import MAX_PATH_POINTS, SkirmishState, snap, table_of
from tabletop.games.skirmish.table import movement
from tabletop.games.skirmish.table.planar import Point
from tabletop.games.skirmish.table.table import Table
from tabletop.i18n import N_, Message, data_name


def illegal(text: str, **params: Any) -> IllegalAction:
    return IllegalAction(Message(text, params))


#: the effect that holds a warrior activated in burning terrain until it has moved (S35,
#: play/burning.py), and why it may do nothing else
LEAVE_FIRE = "leave_fire"
IN_FIRE = N_("{name} stands in burning terrain: it must first move out.")


def active_warrior(state: SkirmishState, model: str, fearless: bool = False) -> dict[str, Any]:
    """The entry of the active warrior of the side to move, which alone acts now;
    `fearless`: also free of fear, for anything but moving and dodging (L660, S21),
    and not held in burning terrain until it moves out (S35)."""
    entry = state.models.get(model)
    if entry is None:
        raise illegal(N_("There is no such warrior."))
    if entry["side"] != state.turn:
        raise illegal(N_("That warrior belongs to the other player."))
    if model != state.active:
        raise illegal(N_("Only the active warrior acts now."))
    if fearless and entry["markers"]["fear"]:
        raise IllegalAction(Message(FEARED, {"name": data_name(entry["name"])}))
    if fearless and any(effect.get(LEAVE_FIRE) == model for effect in state.effects):
        raise illegal(IN_FIRE, name=data_name(entry["name"]))
    return entry


def number(value: float, name: str, low: float = -10_000.0, high: float = 10_000.0) -> float:
    """A number parameter (a rotation, a base) checked: finite, in range, to a tenth."""
    if not math.isfinite(value):
        raise illegal(N_("The move lacks a number for {name}."), name=name)
    if not low <= value <= high:
        raise illegal(N_("{name} is out of range."), name=name)
    if snap(value) != value:
        raise illegal(N_("{name} must be given to a tenth."), name=name)
    return value


def point(value: Sequence[float], name: str) -> Point:
    """A position parameter checked: finite, near the table, to a tenth of a millimetre."""
    for v in value:
        if not math.isfinite(v) or abs(v) > 10_000:
            raise illegal(N_("The move lacks a point for {name}."), name=name)
        if snap(v) != v:
            raise illegal(N_("{name} must be given to a tenth of a millimetre."), name=name)
    return (value[0], value[1])


#: what may be blocked, as the callers name it (N_-marked: "base", "terrain piece")
BASE, PIECE = "base", "terrain piece"
#: why a base or a terrain piece may not go there, one whole sentence per noun
#: (the noun's gender and article differ by language): by what is in the way
BLOCKED = {
    BASE: {
        "edge": N_("The base would reach over the table edge."),
        "model": N_("The base would overlap a warrior."),
        "piece": N_("The base would overlap a terrain piece."),
        "objective": N_("The base would cover a mission objective."),
    },
    PIECE: {
        "edge": N_("The terrain piece would reach over the table edge."),
        "model": N_("The terrain piece would overlap a warrior."),
        "piece": N_("The terrain piece would overlap another terrain piece."),
        "objective": N_("The terrain piece would cover a mission objective."),
    },
}


def blocker_reason(table: Table, owner: str, what: str) -> IllegalAction:
    """Why a base or piece (`what`: BASE or PIECE) may not go where it would overlap `owner`."""
    if owner == "edge":
        blocker = "edge"
    elif owner in table.models:
        blocker = "model"
    elif owner in table.pieces:
        blocker = "piece"
    else:
        blocker = "objective"
    return illegal(BLOCKED[what][blocker])


def about(named: str, seat: int, model: dict[str, Any], **params: Any) -> Message:
    """A message about a warrior, by name."""
    return Message(named, {"player": seat, "name": model["name"], **params})


def check_path(state: SkirmishState, model: str, path: Corners) -> list[Point]:
    """The path of a move or a charge as the table checks it (L470): 2 to 256 points
    from where the warrior stands, never through what it may not cross, within the
    allowance. The points, checked."""
    entry = state.models[model]
    if not 2 <= len(path) <= MAX_PATH_POINTS:
        raise illegal(N_("A move needs a path of 2 to {most} points."), most=MAX_PATH_POINTS)
    points = [point(p, "path") for p in path]
    if list(points[0]) != entry["position"]:
        raise illegal(N_("A path starts where the warrior stands."))
    table = table_of(state)
    check = movement.check_path(table, model, points)
    if check.blocked_by is not None:
        raise blocker_reason(table, check.blocked_by, BASE)
    if check.over_allowance:
        raise illegal(
            N_("The path costs {cost:.1f} cm; a move may cost {allowance:g} cm."),
            cost=check.cost / 10,
            allowance=table.allowance / 10,
        )
    return points
