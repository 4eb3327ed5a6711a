"""The checks the moves share: parameters given to a tenth, and why a base or a
piece may not go where it would overlap something."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from tabletop.engine.core import IllegalAction
from tabletop.games.skirmish.play.state import snap
from tabletop.games.skirmish.table.planar import Point
from tabletop.games.skirmish.table.table import Table
from tabletop.i18n import N_, Message


def illegal(text: str, **params: Any) -> IllegalAction:
    return IllegalAction(Message(text, params))


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


def blocker_reason(table: Table, owner: str, what: str) -> IllegalAction:
    """Why a base or piece may not go where it would overlap `owner`."""
    if owner == "edge":
        return illegal(N_("The {what} would reach over the table edge."), what=what)
    if owner in table.models:
        return illegal(N_("The {what} would overlap a warrior."), what=what)
    if owner in table.pieces:
        return illegal(N_("The {what} would overlap a terrain piece."), what=what)
    return illegal(N_("The {what} would cover a mission objective."), what=what)


def about(named: str, seat: int, model: dict[str, Any], **params: Any) -> Message:
    """A message about a warrior, by name."""
    return Message(named, {"player": seat, "name": model["name"], **params})
