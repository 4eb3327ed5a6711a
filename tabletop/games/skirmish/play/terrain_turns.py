"""Terrain in the book's preparation (step 6, rulebook L344, L678; DECISIONS S12):
the players place pieces in turns, the preparation's beginner first, one piece a
turn (`add_piece`). Under the basic rules each places as many pieces as the option
says (4); under the terrain rules each spends all 8 terrain points while a piece
it can afford still fits somewhere (option: up to 8, a player may stop sooner,
`terrain_done`). A player with nothing left to place is done and the other places
on alone; when both are done, deployment follows (play/preparation.py).
"""

from __future__ import annotations

import functools

from tabletop.engine.core import Event, Step
from tabletop.games.skirmish.options import TERRAIN_PIECES, TERRAIN_SPEND
from tabletop.games.skirmish.play import preparation
from tabletop.games.skirmish.play.checks import illegal
from tabletop.games.skirmish.play.moves import TERRAIN_DONE
from tabletop.games.skirmish.play.settling import settle_point
from tabletop.games.skirmish.play.state import (
    SkirmishState,
    clearance,
    kinds,
    table_of,
    terrain_budget,
    terrain_points,
)
from tabletop.games.skirmish.schema import TerrainKind
from tabletop.games.skirmish.table.planar import Point
from tabletop.games.skirmish.table.terrain import TerrainPiece
from tabletop.i18n import N_, Message

#: S12: pieces each under the basic rules, unless the option says otherwise
PIECES_EACH = 4
#: the turns a piece is tried at when looking for room anywhere on the table
ROTATIONS = (0.0, 45.0, 90.0, 135.0)


def pieces_each(state: SkirmishState) -> int:
    return int(state.options.get(TERRAIN_PIECES, PIECES_EACH))


def placed(state: SkirmishState, seat: int) -> int:
    """The pieces `seat` has placed."""
    return sum(1 for piece in state.pieces.values() if piece.get("owner") == seat)


def points_left(state: SkirmishState, seat: int) -> int | None:
    """Terrain points `seat` has left (None: the basic rules, pieces cost nothing)."""
    budget = terrain_budget(state.options)
    return None if budget is None else budget - terrain_points(state, seat)


def spot_for(state: SkirmishState, kind: TerrainKind) -> tuple[Point, float] | None:
    """Where a piece of `kind` fits on the table as it is, and at which turn: a spot
    of the rules' own 0.1 mm grid (the geometry's nearest spot may lie a hair
    inside the spacing, where the rules refuse the piece), or None."""
    table = table_of(state)
    spacing = clearance(state, table)
    piece = TerrainPiece("", kind, (0.0, 0.0), 0.0)
    centre = (table.width / 2, table.height / 2)
    for turn in ROTATIONS:
        near = table.nearest_piece_position(piece, centre, turn, spacing)
        if near is None:
            continue
        at = settle_point(functools.partial(table.piece_fits, piece, rotation=turn, clearance=spacing), near)
        if at is not None:
            return at, turn
    return None


def fits_somewhere(state: SkirmishState, kind: TerrainKind) -> bool:
    """A piece of `kind` fits somewhere on the table, at one of a few turns."""
    return spot_for(state, kind) is not None


def affordable_spot(state: SkirmishState, seat: int) -> tuple[TerrainKind, Point, float] | None:
    """A piece `seat` can still afford, where it fits and at which turn (S12: then
    it must place one), or None."""
    left = points_left(state, seat)
    if left is None:
        return None
    for kind in kinds().values():
        if kind.cost <= left:
            found = spot_for(state, kind)
            if found is not None:
                return kind, found[0], found[1]
    return None


def affordable_fits(state: SkirmishState, seat: int) -> bool:
    """Some piece `seat` can still afford fits somewhere (S12: then it must place it)."""
    return affordable_spot(state, seat) is not None


def finished(state: SkirmishState, seat: int) -> bool:
    """`seat` has nothing left to place: its pieces placed, or its points spent down
    to less than the cheapest piece."""
    left = points_left(state, seat)
    if left is None:
        return placed(state, seat) >= pieces_each(state)
    return left < min(kind.cost for kind in kinds().values())


def placing_refusal(state: SkirmishState, seat: int) -> Message | None:
    """Why `seat` may not place another piece now, or None."""
    if state.terrain_done[seat]:
        return Message(N_("You have placed your terrain."))
    if points_left(state, seat) is None and placed(state, seat) >= pieces_each(state):
        return Message(N_("Each player places {pieces} pieces."), {"pieces": pieces_each(state)})
    return None


@TERRAIN_DONE.check
def _check_done(rules: object, state: SkirmishState) -> None:
    seat = state.turn
    if state.terrain_done[seat]:
        raise illegal(N_("You have placed your terrain."))
    left = points_left(state, seat)
    if left is None:
        if any(fits_somewhere(state, kind) for kind in kinds().values()):
            raise illegal(N_("Each player places {pieces} pieces."), pieces=pieces_each(state))
        return  # the table is full: nothing more can be placed
    found = affordable_spot(state, seat) if state.options.get(TERRAIN_SPEND) != "up_to" else None
    if found is not None:  # where it fits, for a spot may be hard to find on a crowded table
        kind, at, _turn = found
        raise illegal(
            N_(
                "You have {left} terrain points left and a piece you can afford still fits"
                " ({terrain} at {x}, {y} cm): place it."
            ),
            left=left,
            terrain=Message(kind.name),
            x=round(at[0] / 10),
            y=round(at[1] / 10),
        )


@TERRAIN_DONE.apply
def _done(rules: object, state: SkirmishState) -> Step:
    seat = state.turn
    state.terrain_done[seat] = True
    events = [Event(Message(N_("{player} places no more terrain."), {"player": seat}))]
    return Step(events + pass_on(state))


def after_piece(state: SkirmishState) -> list[Event]:
    """A piece was placed: the turn passes to the other side unless it is done."""
    for seat in (0, 1):
        if finished(state, seat):
            state.terrain_done[seat] = True
    return pass_on(state)


def pass_on(state: SkirmishState) -> list[Event]:
    if all(state.terrain_done):
        return preparation.step_done(state)
    other = 1 - state.turn
    if not state.terrain_done[other]:
        state.turn = other
    return []
