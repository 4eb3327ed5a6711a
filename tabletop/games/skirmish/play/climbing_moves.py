"""The climb, swim and jump declared (the extended terrain rules; the rules of each and
the rolls that follow: play/climbing.py): the check that the move may begin where the
warrior stands and end at the point chosen, and its declaration. A warrior in contact
with an enemy breaks away first (L472, S18; play/attack_moves.py), the move's AP and use
its spends; otherwise they are paid at once and the move's roll waits.
"""

from __future__ import annotations

from tabletop.engine.core import Event, IllegalAction, Step
from tabletop.games.skirmish.play import attack_moves
from tabletop.games.skirmish.play.checks import active_warrior, illegal, point
from tabletop.games.skirmish.play.climbing import (
    CANNOT,
    DECLARED,
    KIND,
    NOT_AN_END,
    NOT_AT_START,
    cost,
    piece_name,
    plan,
    settle_without_dice,
    swim_pool,
)
from tabletop.games.skirmish.play.moves import CLIMB, JUMP, SWIM, Position
from tabletop.games.skirmish.play.state import SkirmishState, table_of
from tabletop.games.skirmish.play.warriors import spend_ap
from tabletop.games.skirmish.table.terrain_moves import MoveKind, TerrainMove
from tabletop.i18n import N_, Message, data_name


def _check(state: SkirmishState, kind: MoveKind, model: str, piece: str, at: Position) -> TerrainMove:
    entry = active_warrior(state, model)  # fear allows moves (S21)
    if piece not in state.pieces:
        raise illegal(N_("There is no such terrain piece."))
    move = plan(state, kind, model, piece)
    if move is None:
        raise illegal(CANNOT[kind], piece=piece_name(state, piece))
    refused = cost(move).refusal_of(entry)
    if refused is not None:
        raise IllegalAction(refused)
    if not move.may_start:
        raise illegal(NOT_AT_START[kind], name=data_name(entry["name"]), piece=piece_name(state, piece))
    if kind == "swim" and swim_pool(state, model) <= 0:
        raise illegal(
            N_("{name} would swim with {pool} dice: a swim needs at least one."),
            name=data_name(entry["name"]),
            pool=swim_pool(state, model),
        )
    if not move.may_end(point(at, "at")):
        raise illegal(NOT_AN_END[kind])
    return move


def _declare(state: SkirmishState, kind: MoveKind, model: str, piece: str, at: Position) -> Step:
    move = plan(state, kind, model, piece)
    assert move is not None
    entry = state.models[model]
    roll = {
        "kind": KIND,
        "move": kind,
        "model": model,
        "piece": piece,
        "at": list(at),
        "difficulty": move.difficulty,
        "stage": "roll",
    }
    said = Message(DECLARED[kind], {"name": data_name(entry["name"]), "piece": piece_name(state, piece)})
    events = [Event(said, kind="terrain_move", data={"model": model, "piece": piece})]
    if table_of(state).engaged(model):
        # in contact it breaks away first; the roll waits for that (its spends pay the move)
        step = attack_moves.disengage(state, model, None, cost(move), roll)
        step.events[:0] = events
        return step
    spend_ap(entry, move.ap)
    cost(move).record(entry)
    state.pending = roll
    return Step(events + settle_without_dice(state))


@CLIMB.check
def _check_climb(rules: object, state: SkirmishState, model: str, piece: str, at: Position) -> None:
    _check(state, "climb", model, piece, at)


@CLIMB.apply
def _climb(rules: object, state: SkirmishState, model: str, piece: str, at: Position) -> Step:
    return _declare(state, "climb", model, piece, at)


@SWIM.check
def _check_swim(rules: object, state: SkirmishState, model: str, piece: str, at: Position) -> None:
    _check(state, "swim", model, piece, at)


@SWIM.apply
def _swim(rules: object, state: SkirmishState, model: str, piece: str, at: Position) -> Step:
    return _declare(state, "swim", model, piece, at)


@JUMP.check
def _check_jump(rules: object, state: SkirmishState, model: str, piece: str, at: Position) -> None:
    _check(state, "jump", model, piece, at)


@JUMP.apply
def _jump(rules: object, state: SkirmishState, model: str, piece: str, at: Position) -> Step:
    return _declare(state, "jump", model, piece, at)


# -- the rolls ---------------------------------------------------------------------------
