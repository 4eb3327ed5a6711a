"""Terrain in the book's preparation (step 6, rulebook L344, L678; DECISIONS S12):
the players place pieces in turns, the preparation's beginner first, one piece a
turn (`add_piece`). Under the basic rules each places as many pieces as the option
says (4); under the terrain rules each spends all 8 terrain points while a piece
it can afford still fits somewhere (option: up to 8, a player may stop sooner,
`terrain_done`). A player with nothing left to place is done and the other places
on alone; when both are done, deployment follows (play/preparation.py).
"""

from __future__ import annotations

from tabletop.engine.core import Event, Step
from tabletop.games.skirmish.options import TERRAIN_PIECES, TERRAIN_SPEND
from tabletop.games.skirmish.play import preparation
from tabletop.games.skirmish.play.checks import illegal
from tabletop.games.skirmish.play.moves import TERRAIN_DONE
from tabletop.games.skirmish.play.state import (
    SkirmishState,
    clearance,
    kinds,
    table_of,
    terrain_budget,
    terrain_points,
)
from tabletop.games.skirmish.schema import TerrainKind
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


def fits_somewhere(state: SkirmishState, kind: TerrainKind) -> bool:
    """A piece of `kind` fits somewhere on the table, at one of a few turns."""
    table = table_of(state)
    spacing = clearance(state, table)
    piece = TerrainPiece("", kind, (0.0, 0.0), 0.0)
    centre = (table.width / 2, table.height / 2)
    return any(table.nearest_piece_position(piece, centre, turn, spacing) is not None for turn in ROTATIONS)


def affordable_fits(state: SkirmishState, seat: int) -> bool:
    """Some piece `seat` can still afford fits somewhere (S12: then it must place it)."""
    left = points_left(state, seat)
    return any(left is not None and kind.cost <= left and fits_somewhere(state, kind) for kind in kinds().values())


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
    if state.options.get(TERRAIN_SPEND) != "up_to" and affordable_fits(state, seat):
        raise illegal(
            N_("You have {left} terrain points left and a piece you can afford still fits: place it."), left=left
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
