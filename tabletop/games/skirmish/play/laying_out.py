"""Laying out the table (phase "layout"): the players take turns (`end_turn`
passes). On a turn a player may add, move, turn or remove any terrain piece, and
place, move or take off warriors of their own unit. Terrain may not overlap other
terrain, the table edge or warriors that may not stand on it; with the spacing
option "enforce" it also keeps 5 cm from other pieces, the edges and objectives
(with "warn" the view only marks pieces that are too close). Under the terrain
rules each player's own pieces cost at most the terrain points of terrain.yaml
(8). Each unit's warriors are starter warriors (warriors.yaml); placing a base of
a size puts the next warrior of the unit with a base of that size on the table
(the base is its card's). A warrior stands anywhere its base fits, or, with a
deployment option, wholly inside its side's zone. `ready` says the table suits
the player and passes the turn; when both are ready play begins (play/rounds.py).
A player is ready only with every own warrior inside its zone and no two enemies
in contact (`start_fault`). Any change to the table takes back both players' ready."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.engine.core import Event, IllegalAction, Step
from tabletop.games.skirmish.play import deployment, rounds, terrain_turns, weather_play
from tabletop.games.skirmish.play.checks import about, blocker_reason, illegal, number, point
from tabletop.games.skirmish.play.moves import (
    ADD_MODEL,
    ADD_PIECE,
    END_TURN,
    PLACE_MODEL,
    PLACE_PIECE,
    READY,
    REMOVE_MODEL,
    REMOVE_PIECE,
    Position,
)
from tabletop.games.skirmish.play.state import (
    DEPLOYING,
    LAYOUT,
    TERRAIN,
    SkirmishState,
    clearance,
    kinds,
    kinds_offered,
    new_model,
    new_piece,
    table_of,
    terrain_budget,
    terrain_points,
    zone_of,
)
from tabletop.games.skirmish.play.warriors import card_warrior, new_entry
from tabletop.games.skirmish.table.planar import Point
from tabletop.games.skirmish.table.table import Table
from tabletop.games.skirmish.table.terrain import TerrainPiece
from tabletop.i18n import N_, Listed, Message


def unplaced(state: SkirmishState, side: int) -> list[dict[str, str]]:
    """The warriors of the side's unit not on the table ({"warrior": card, "name"}),
    in the unit's order."""
    standing = [(entry["warrior"], entry["name"]) for entry in state.models.values() if entry["side"] == side]
    left = []
    for member in state.rosters[side]:
        if (member["warrior"], member["name"]) in standing:
            standing.remove((member["warrior"], member["name"]))
        else:
            left.append(member)
    return left


def next_of_base(state: SkirmishState, side: int, base: float) -> dict[str, str] | None:
    """The next warrior of the side's unit waiting to be placed on a base of that size."""
    return next((m for m in unplaced(state, side) if card_warrior(m["warrior"]).base == base), None)


def new_id(state: SkirmishState, prefix: str) -> str:
    while True:
        state.serial += 1
        candidate = f"{prefix}{state.serial}"
        if candidate not in state.pieces and candidate not in state.models and candidate not in state.objectives:
            return candidate


# -- checks -----------------------------------------------------------------------------------


@READY.check
def _check_ready(rules: object, state: SkirmishState) -> None:
    if not any(m["side"] == state.turn for m in state.models.values()):
        raise illegal(N_("Place at least one of your warriors before you are ready."))
    fault = start_fault(state, state.turn)
    if fault is not None:
        raise IllegalAction(fault)


def start_fault(state: SkirmishState, seat: int) -> Message | None:
    """Why play may not begin with the table as it is, naming the warriors at fault:
    a warrior of `seat` not wholly inside its zone (with a deployment option), or
    any two enemies in contact. None when every warrior may start where it stands.
    The other side's warriors were checked when it said it was ready (any change
    since took that back)."""
    table = table_of(state)
    zone = zone_of(state, seat)
    if zone is not None:
        outside = deployment.outside_zone(table, seat, zone[0], zone[1])
        if outside:
            return Message.counted(
                "{names} stands outside your deployment zone; warriors start wholly inside it.",
                "{names} stand outside your deployment zone; warriors start wholly inside it.",
                len(outside),
                {"names": Listed(tuple(state.models[m]["name"] for m in outside))},
            )
    pairs = deployment.enemy_contacts(table)
    if pairs:
        return Message(
            N_("No warrior may start in contact with an enemy: {pairs}."),
            {"pairs": Listed(tuple(f"{state.models[a]['name']} – {state.models[b]['name']}" for a, b in pairs))},
        )
    return None


def _piece_at(state: SkirmishState, piece: TerrainPiece, at: Point, rotation: float) -> None:
    table = table_of(state)
    overlaps = table.piece_overlaps(piece, at, rotation, 0.0)
    if overlaps:
        raise blocker_reason(table, overlaps[0], N_("terrain piece"))
    spacing = clearance(state, table)
    if spacing and table.piece_overlaps(piece, at, rotation, spacing):
        raise illegal(
            N_("Terrain pieces keep {spacing:g} cm from each other, the table edges and objectives."),
            spacing=spacing / 10,
        )


@ADD_PIECE.check
def _check_add_piece(rules: object, state: SkirmishState, terrain: str, at: Position, rotation: float) -> None:
    kind = kinds().get(terrain)
    if kind is None or kind not in kinds_offered(state.options):
        raise illegal(N_("There is no such terrain."))
    spot = point(at, "at")
    rotation = number(rotation, "rotation", 0.0, 359.9)
    if state.phase == TERRAIN:
        refusal = terrain_turns.placing_refusal(state, state.turn)
        if refusal is not None:
            raise IllegalAction(refusal)
    budget = terrain_budget(state.options)
    if budget is not None and terrain_points(state, state.turn) + kind.cost > budget:
        raise illegal(
            N_("That piece costs {cost} terrain points; you have {left} of {total} left."),
            cost=kind.cost,
            left=budget - terrain_points(state, state.turn),
            total=budget,
        )
    _piece_at(state, TerrainPiece("", kind, spot, rotation), spot, rotation)


def _existing_piece(state: SkirmishState, piece_id: str) -> TerrainPiece:
    if piece_id not in state.pieces:
        raise illegal(N_("There is no such terrain piece."))
    return table_of(state).pieces[piece_id]


@PLACE_PIECE.check
def _check_place_piece(rules: object, state: SkirmishState, piece: str, at: Position, rotation: float) -> None:
    placed = _existing_piece(state, piece)
    spot = point(at, "at")
    rotation = number(rotation, "rotation", 0.0, 359.9)
    if spot == placed.position and rotation == placed.rotation:
        raise illegal(N_("The piece is already there."))
    _piece_at(state, placed, spot, rotation)


@REMOVE_PIECE.check
def _check_remove_piece(rules: object, state: SkirmishState, piece: str) -> None:
    _existing_piece(state, piece)


def _model_at(state: SkirmishState, radius: float, at: Point, ignore: Sequence[str] = ()) -> None:
    table = table_of(state)
    overlaps = table.model_overlaps(radius, at, ignore)
    if overlaps:
        raise blocker_reason(table, overlaps[0], N_("base"))
    if state.phase == DEPLOYING and state.edges[state.turn] is None:
        raise illegal(N_("First choose the edge your warriors deploy along."))
    zone = zone_of(state, state.turn)
    if zone is not None and not deployment.in_zone(table, zone[0], zone[1], at, radius):
        raise illegal(N_("Your warriors deploy wholly inside your zone."))


@ADD_MODEL.check
def _check_add_model(rules: object, state: SkirmishState, base: float, at: Position) -> None:
    base = number(base, "base", 1.0)
    if base not in table_of(state).spec.bases:
        raise illegal(N_("There are no bases of {base:g} mm."), base=base)
    if next_of_base(state, state.turn, base) is None:
        if not unplaced(state, state.turn):
            raise illegal(N_("Every warrior of your unit is on the table."))
        raise illegal(N_("No warrior of your unit waits on a {base:g} mm base."), base=base)
    _model_at(state, base / 2, point(at, "at"))


def own_model(state: SkirmishState, model_id: str) -> dict[str, Any]:
    model = state.models.get(model_id)
    if model is None:
        raise illegal(N_("There is no such warrior."))
    if model["side"] != state.turn:
        raise illegal(N_("That warrior belongs to the other player."))
    return model


@PLACE_MODEL.check
def _check_place_model(rules: object, state: SkirmishState, model: str, at: Position) -> None:
    entry = own_model(state, model)
    spot = point(at, "at")
    if list(spot) == entry["position"]:
        raise illegal(N_("The warrior is already there."))
    _model_at(state, entry["base"] / 2, spot, (model,))


@REMOVE_MODEL.check
def _check_remove_model(rules: object, state: SkirmishState, model: str) -> None:
    own_model(state, model)


# -- carrying out -----------------------------------------------------------------------------


def _layout_changed(state: SkirmishState) -> Table:
    """Any change to the freely laid-out table takes back both players' ready; the geometry."""
    if state.phase == LAYOUT:
        state.ready = [False] * len(state.ready)
    return table_of(state)


def _about_piece(text: str, seat: int, kind: str) -> Message:
    """A log line about a terrain piece: the kind's name is translated where the log
    is shown."""
    return Message(text, {"player": seat, "terrain": Message(kinds()[kind].name)})


@ADD_PIECE.apply
def _add_piece(rules: object, state: SkirmishState, terrain: str, at: Position, rotation: float) -> Step:
    table = _layout_changed(state)
    seat = state.turn
    piece_id = new_id(state, "t")
    entry = {
        "kind": terrain,
        "position": list(at),
        "rotation": rotation,
        "footprint": None,
        "burning": False,
        "owner": seat,
    }
    state.pieces[piece_id] = entry
    table.add_piece(new_piece(piece_id, entry))
    message = _about_piece(N_("{player} places {terrain}."), seat, terrain)
    events = [Event(message, kind="place_piece", data={"piece": piece_id})]
    if state.phase == TERRAIN:  # the book's preparation: one piece a turn
        events += terrain_turns.after_piece(state)
    return Step(events)


@PLACE_PIECE.apply
def _place_piece(rules: object, state: SkirmishState, piece: str, at: Position, rotation: float) -> Step:
    table = _layout_changed(state)
    entry = state.pieces[piece]
    entry["position"] = list(at)
    entry["rotation"] = rotation
    table.place_piece(piece, at, rotation)
    message = _about_piece(N_("{player} moves {terrain}."), state.turn, entry["kind"])
    return Step([Event(message, kind="place_piece", data={"piece": piece})])


@REMOVE_PIECE.apply
def _remove_piece(rules: object, state: SkirmishState, piece: str) -> Step:
    table = _layout_changed(state)
    entry = state.pieces.pop(piece)
    table.remove_piece(piece)
    message = _about_piece(N_("{player} removes {terrain}."), state.turn, entry["kind"])
    return Step([Event(message)])


@ADD_MODEL.apply
def _add_model(rules: object, state: SkirmishState, base: float, at: Position) -> Step:
    table = _layout_changed(state)
    seat = state.turn
    member = next_of_base(state, seat, base)
    assert member is not None
    model_id = new_id(state, "w")
    number = 1 + max((m["number"] for m in state.models.values() if m["side"] == seat), default=0)
    entry = new_entry(member["warrior"], seat, at, state.colours[seat], number, member["name"])
    state.models[model_id] = entry
    table.add_model(new_model(model_id, entry))
    message = about(N_("{player} places {name}."), seat, entry)
    other = 1 - seat
    if state.phase == DEPLOYING and weather_play.conditions(state).deploy_alternately:
        if not state.ready[other] and unplaced(state, other):
            state.turn = other  # light fog: one warrior each in turn (L818)
    return Step([Event(message, kind="place_model", data={"model": model_id})])


@PLACE_MODEL.apply
def _place_model(rules: object, state: SkirmishState, model: str, at: Position) -> Step:
    table = _layout_changed(state)
    entry = state.models[model]
    entry["position"] = list(at)
    table.move_model(model, at)
    message = about(N_("{player} puts {name} elsewhere."), state.turn, entry)
    return Step([Event(message, kind="place_model", data={"model": model})])


@REMOVE_MODEL.apply
def _remove_model(rules: object, state: SkirmishState, model: str) -> Step:
    table = _layout_changed(state)
    entry = state.models.pop(model)
    table.remove_model(model)
    message = about(N_("{player} takes {name} off the table."), state.turn, entry)
    return Step([Event(message)])


@END_TURN.apply
def _end_turn(rules: object, state: SkirmishState) -> Step:
    seat = state.turn
    state.turn = 1 - seat
    return Step([Event(Message(N_("{player} passes the table on."), {"player": seat}))])


@READY.apply
def _ready(rules: object, state: SkirmishState) -> Step:
    seat = state.turn
    state.ready[seat] = True
    events = [Event(Message(N_("{player} is ready to play."), {"player": seat}))]
    if all(state.ready):
        return Step(events + rounds.begin_play(state), commits=True)
    state.turn = 1 - seat
    return Step(events)
