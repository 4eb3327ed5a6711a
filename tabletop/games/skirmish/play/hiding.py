"""Hiding (Versteck, rulebook L692; DECISIONS S32; acceptance A91): under the extended
terrain rules a warrior whose base touches a piece with Versteck, at least 15 cm from
every enemy (edge to edge) when its move starts, hides with a move that ends on the
piece (its centre on the outline): the move `hide`, a move like any other (1 AP, one
of the round's 3, the same path checks), checked where it starts.

A hidden warrior (its entry's "hidden": the piece) cannot be attacked by an enemy more
than 5 cm away (edge to edge), and the nearest-target rule passes over it there
(`unseen_by`). It may move or attack, but that ends its hiding, and so does being
attacked (templates too): `ends` is called wherever that happens.
"""

from __future__ import annotations

import math

from tabletop.engine.core import Action, Event, IllegalAction, Step
from tabletop.engine.rules import GameRules
from tabletop.games.skirmish.play.checks import active_warrior, illegal, point
from tabletop.games.skirmish.play.moves import HIDE, MOVE_MODEL, Corners
from tabletop.games.skirmish.play.ranged import HIDDEN
from tabletop.games.skirmish.play.state import SkirmishState, kinds, snap_point, table_of
from tabletop.games.skirmish.table import measure
from tabletop.games.skirmish.table.planar import EPS
from tabletop.games.skirmish.table.table import Table
from tabletop.i18n import N_, Message, data_name

#: S32: the nearest enemy at least this far (mm, edge to edge) when the move starts
UNSEEN_FROM = 150.0
#: S32: a hidden warrior is attacked only by an enemy at most this far (mm, edge to edge)
FOUND_WITHIN = 50.0


def hides(state: SkirmishState, piece_id: str) -> bool:
    """The piece is a hiding place under the table's rules."""
    return table_of(state).ruleset.terrain_rules and kinds()[state.pieces[piece_id]["kind"]].properties.hiding


def unseen_by(state: SkirmishState, attacker: str) -> frozenset[str]:
    """The hidden enemies the warrior may not attack from where it stands (more than 5 cm away)."""
    table = table_of(state)
    side = state.models[attacker]["side"]
    return frozenset(
        model
        for model, entry in state.models.items()
        if entry.get("hidden")
        and entry["side"] != side
        and measure.edge_distance(table, attacker, model) > FOUND_WITHIN + EPS
    )


def attack_refusal(state: SkirmishState, attacker: str, target: str) -> Message | None:
    """Why the warrior may not attack `target` from where it stands: hidden and too far."""
    if target in unseen_by(state, attacker):
        return Message(HIDDEN, {"target": data_name(state.models[target]["name"])})
    return None


def ends(state: SkirmishState, model: str) -> list[Event]:
    """The warrior is hidden no longer (it moved, attacked or was attacked)."""
    entry = state.models.get(model)
    if entry is None or not entry.get("hidden"):
        return []
    del entry["hidden"]
    said = Message(N_("{name} is hidden no longer."), {"name": data_name(entry["name"])})
    return [Event(said, kind="hidden", data={"model": model, "hidden": False})]


def refusal(state: SkirmishState, model: str, piece: str) -> Message | None:
    """Why the warrior cannot hide in the piece from where it stands (None: it can)."""
    entry = state.models[model]
    if piece not in state.pieces:
        return Message(N_("There is no such terrain piece."))
    name = Message(kinds()[state.pieces[piece]["kind"]].name)
    if not hides(state, piece):
        return Message(N_("{piece} is no hiding place."), {"piece": name})
    table = table_of(state)
    warrior = table.models[model]
    if table.pieces[piece].distance_to_point(warrior.position) > warrior.radius + table.contact + EPS:
        return Message(
            N_("{name} must touch {piece} to hide in it."), {"name": data_name(entry["name"]), "piece": name}
        )
    for other, enemy in state.models.items():
        if enemy["side"] != entry["side"]:
            gap = measure.edge_distance(table, model, other)
            if gap < UNSEEN_FROM - EPS:
                return Message(
                    N_("{other} is {distance:.1f} cm away: hiding needs every enemy 15 cm away or more."),
                    {"other": enemy["name"], "distance": gap / 10},
                )
    return None


@HIDE.check
def _check(rules: GameRules, state: SkirmishState, model: str, piece: str, path: Corners) -> None:
    active_warrior(state, model)
    refused = refusal(state, model, piece)
    if refused is not None:
        raise IllegalAction(refused)
    if not table_of(state).pieces[piece].contains(point(path[-1], "path")):
        raise illegal(N_("A move to hide ends on the hiding place."))
    rules.check(state, Action(MOVE_MODEL.kind, model=model, path=path))


@HIDE.apply
def _hide(rules: GameRules, state: SkirmishState, model: str, piece: str, path: Corners) -> Step:
    moved = rules.apply(state, Action(MOVE_MODEL.kind, model=model, path=path))
    entry = state.models.get(model)
    if entry is None:
        return moved
    entry["hidden"] = piece
    said = Message(
        N_("{name} hides in {piece}."),
        {"name": data_name(entry["name"]), "piece": Message(kinds()[state.pieces[piece]["kind"]].name)},
    )
    return Step([*moved.events, Event(said, kind="hidden", data={"model": model, "hidden": True})], moved.commits)


def hide_path(table: Table, model: str, piece_id: str) -> Corners:
    """A short straight move onto the piece: towards its middle, at most 6 cm (the
    screen's and random play's; the check decides)."""
    x, y = table.models[model].position
    px, py = table.pieces[piece_id].position
    gap = math.hypot(px - x, py - y)
    step = min(1.0, 60.0 / gap) if gap else 0.0
    return ((x, y), snap_point((x + (px - x) * step, y + (py - y) * step)))


def sample(state: SkirmishState) -> list[Action]:
    """The active warrior's moves to hide in the hiding places it touches (for random play)."""
    model = state.active
    if model is None or model not in state.models:
        return []
    table = table_of(state)
    return [
        HIDE.action(model=model, piece=piece_id, path=hide_path(table, model, piece_id))
        for piece_id in table.pieces
        if refusal(state, model, piece_id) is None
    ]
