"""Climbing, swimming and jumping in play (the extended terrain rules: Klettern X,
Schwimmen X, Sprung X; rulebook L696, L710-712, L718; DECISIONS S5, S16, S21, S33, S34).

Each is a move of the active warrior (it counts among its 3 moves a round, S16, and a
warrior in fear may make it, S21) from where it stands, touching the piece (or on the
top of a piece it climbed), to a point the table's plan allows (table/terrain_moves.py:
off enemies, the centre at most 10 cm from the start). Its AP are paid and the move
counted when it is declared; then its roll waits as the pending roll (`state.pending`
of kind "terrain_move"), drawn when it happens:

- climb (2 AP; coming down from the high point is a climb too, S33): a GES roll at
  difficulty X. A success puts the warrior on the point. A failure leaves it at its
  start and a WID roll at X follows; failing that too, each body zone takes one
  wound, armour ignored (S5).
- swim (2 AP, refused when the pool is 0 or less, S33): a WID roll at X, one die less
  per item carried and two less per item of full protection (Vollschutz). Each failure
  costs a wound to the head, armour ignored, and the roll is made again until it
  succeeds (or the warrior is out of action); then it is placed at the point, and the
  water's Lebensfeindlich X hurts it as a move ending in it would (S34, play/hostile.py).
- jump (1 AP): a GES roll at X; without a success the warrior is out of action.

A warrior standing on the top of a piece it climbed leaves it only by a climb (S33):
a plain move or a charge from there is refused (`plain_move_refusal`).

Each is "eine Bewegung als Aktion" (L696, L710, L718), so a warrior in contact with an
enemy begins it as it begins any move (L472, S18): it breaks away first, its GES roll
against the highest GES among them, punished on a failure (play/attack_moves.py); the
move's AP and use are the break-away's spends, and the move's own roll follows once it
may move.
"""

from __future__ import annotations

import math
from typing import Any

from tabletop.engine.core import Action, ChanceSpec, Event, Step
from tabletop.games.skirmish.card_schema import Attribute
from tabletop.games.skirmish.play import auras, burning, chance, dice, hostile, limits, rounds, weather_play
from tabletop.games.skirmish.play.moves import CLIMB, JUMP, SWIM, Position
from tabletop.games.skirmish.play.state import SkirmishState, kinds, snap_point, table_of
from tabletop.games.skirmish.play.warriors import card
from tabletop.games.skirmish.table import terrain_moves
from tabletop.games.skirmish.table.planar import Point
from tabletop.games.skirmish.table.terrain_moves import MoveKind, TerrainMove
from tabletop.i18n import N_, Message, data_name

#: the pending roll's kind
KIND = "terrain_move"

#: each move's plan on the table
PLANS = {"climb": terrain_moves.climb, "swim": terrain_moves.swim, "jump": terrain_moves.jump}

CANNOT = {
    "climb": N_("{piece} cannot be climbed."),
    "swim": N_("{piece} cannot be swum."),
    "jump": N_("{piece} cannot be jumped over."),
}
NOT_AT_START = {
    "climb": N_("{name} must touch {piece}, or stand on its top, to climb."),
    "swim": N_("{name} must touch {piece} to swim through it."),
    "jump": N_("{name} must touch {piece} to jump over it."),
}
NOT_AN_END = {
    "climb": N_("A climb may not end there: on the top, or touching the foot, off enemies, at most 10 cm away."),
    "swim": N_("A swim may not end there: touching the water's edge, off enemies, at most 10 cm away."),
    "jump": N_("A jump may not end there: straight over the piece, where the base fits, at most 10 cm away."),
}
DECLARED = {
    "climb": N_("{name} climbs {piece}."),
    "swim": N_("{name} swims through {piece}."),
    "jump": N_("{name} jumps over {piece}."),
}
ON_TOP = N_("{name} stands on {piece}: it comes down only by climbing.")


def piece_name(state: SkirmishState, piece_id: str) -> Message:
    return Message(kinds()[state.pieces[piece_id]["kind"]].name)


def plan(state: SkirmishState, kind: MoveKind, model: str, piece: str) -> TerrainMove | None:
    """The table's plan of the move, None when the piece does not allow it."""
    if piece not in state.pieces:
        return None
    return PLANS[kind](table_of(state), model, piece)


def cost(move: TerrainMove) -> limits.Cost:
    """Its AP, counted as one of the round's moves (S16)."""
    return limits.cost(move.ap, limits.MOVE)


def swim_pool(state: SkirmishState, model: str) -> int:
    """The dice of a swim: WID in force (auras too), -1 per item carried, -2 per item
    of full protection (Vollschutz, L710, S33)."""
    items = card(state.models[model]).items
    burden = sum(2 if any(mode.full_protection for mode in item.modes) else 1 for item in items)
    return auras.attribute_in_force(state, model, "wid", (-burden,))


def plain_move_refusal(state: SkirmishState, model: str) -> Message | None:
    """Why a plain move or charge of the warrior is refused: it stands on the top of a
    piece it climbed and leaves it only by a climb (S33); None otherwise."""
    table = table_of(state)
    if not table.ruleset.terrain_rules or model not in table.models:
        return None
    for piece_id in sorted(table.standing_in(model)):
        if table.effect(piece_id).climbable:
            return Message(
                ON_TOP, {"name": data_name(state.models[model]["name"]), "piece": piece_name(state, piece_id)}
            )
    return None


def waiting(state: SkirmishState) -> bool:
    """Whether a climb's, swim's or jump's roll waits for its dice."""
    return state.pending is not None and state.pending.get("kind") == KIND


def _roll(state: SkirmishState) -> chance.PendingRoll[dice.Successes]:
    pending = state.pending
    assert pending is not None
    entry = state.models[pending["model"]]
    x = pending["difficulty"]
    model = pending["model"]
    if pending["move"] == "swim":
        return chance.attribute(entry["name"], "WID", dice.attribute_roll(swim_pool(state, model), x))
    attribute: Attribute = "wid" if pending["stage"] == "fall" else "ges"
    value = auras.attribute_in_force(state, model, attribute)
    return chance.attribute(entry["name"], attribute.upper(), dice.attribute_roll(value, x))


def chance_spec(state: SkirmishState) -> ChanceSpec:
    spec = chance.chance_spec(_roll(state))
    assert spec is not None, "a roll without dice is settled at once"
    return spec


def apply_chance(state: SkirmishState, outcome: tuple[int, ...]) -> Step:
    return Step(_settled(state, outcome) + settle_without_dice(state))


def settle_without_dice(state: SkirmishState) -> list[Event]:
    """Rolls without dice (an attribute at 0, L240) fail at once, with no faces."""
    events: list[Event] = []
    while waiting(state) and _roll(state).dice == 0:
        events += _settled(state, ())
    return events


def _settled(state: SkirmishState, faces: tuple[int, ...]) -> list[Event]:
    pending: dict[str, Any] = state.pending or {}
    roll = _roll(state)
    result = chance.settle(roll, faces)
    events = [chance.rolled(roll, result)]
    model, kind, stage = pending["model"], pending["move"], pending["stage"]
    entry = state.models[model]
    name = {"name": data_name(entry["name"]), "piece": piece_name(state, pending["piece"])}
    if kind == "jump" and not result.succeeded:
        state.pending = None
        events.append(Event(Message(N_("{name} falls into {piece}."), name), kind="wound", data={"model": model}))
        return events + rounds.out_of_action(state, (model,))
    if kind == "climb" and stage == "roll" and not result.succeeded:
        pending["stage"] = "fall"
        events.append(Event(Message(N_("{name} fails the climb and stays where it was."), name)))
        return events
    if kind == "climb" and stage == "fall":
        state.pending = None
        if result.succeeded:
            events.append(Event(Message(N_("{name} lands unhurt."), name)))
            return events
        after = card(entry).wound_every_zone()
        entry["marks"] = list(after.marks)
        said = Message(N_("{name} falls: a wound in each zone, armour ignored."), name)
        events.append(Event(said, kind="wound", data={"model": model, "result": True}))
        return events + (rounds.out_of_action(state, (model,)) if after.out_of_action else [])
    if kind == "swim" and not result.succeeded:
        after = card(entry).hit("head", 1, armour_ignored=True)
        entry["marks"] = list(after.marks)
        said = Message(N_("{name} swallows water: a wound to the head, armour ignored."), name)
        events.append(Event(said, kind="wound", data={"model": model, "zone": "head", "result": True}))
        if after.out_of_action:
            state.pending = None
            return events + rounds.out_of_action(state, (model,))
        return events
    # a success: the warrior is placed at its end
    state.pending = None
    at = (float(pending["at"][0]), float(pending["at"][1]))
    start = list(entry["position"])
    entry["position"] = list(at)
    table_of(state).move_model(model, at)
    weather_play.moved(state, model)  # away from cover: exposed to acid rain (S35)
    done = {"climb": N_("{name} climbs to its end."), "swim": N_("{name} swims across."), "jump": N_("{name} jumps.")}
    events.append(Event(Message(done[kind], name), kind="move", data={"model": model, "path": [start, list(at)]}))
    events += burning.after_move(state, model)
    if kind == "swim":
        return events + hostile.after_move(state, model, through=pending["piece"])
    return events + hostile.after_move(state, model)


def check(state: SkirmishState) -> None:
    """The pending roll is whole: its warrior is on the table."""
    pending = state.pending
    assert pending is not None and pending["model"] in state.models, "a climb, swim or jump off the table"
    assert pending["move"] in PLANS and pending["stage"] in ("roll", "fall"), "an unknown terrain move"


# -- for random play -------------------------------------------------------------------------


def ends_of(move: TerrainMove, count: int = 2) -> list[Position]:
    """A few points where the move may end, to a tenth of a millimetre: the middles of
    the pieces of its ending area, else points just inside their corners (a swim's or a
    climb down's area is a band along the piece; the screen offers the whole area)."""
    candidates: list[Point] = []
    corners: list[Point] = []
    for polygon in move.ends.polygons():
        x = sum(p[0] for p in polygon) / len(polygon)
        y = sum(p[1] for p in polygon) / len(polygon)
        candidates.append((x, y))
        for px, py in polygon:
            gap = math.hypot(x - px, y - py) or 1.0
            corners.append((px + (x - px) * 0.3 / gap, py + (y - py) * 0.3 / gap))
    step = max(1, len(corners) // (4 * count))
    found: list[Position] = []
    for spot in candidates + corners[::step]:
        at = snap_point(spot)
        if move.may_end(at) and at not in found:
            found.append(at)
            if len(found) >= count:
                break
    return found


def sample(state: SkirmishState) -> list[Action]:
    """The active warrior's climbs, swims and jumps from where it stands, to a few ends."""
    model = state.active
    if model is None or model not in state.models:
        return []
    moves = {"climb": CLIMB, "swim": SWIM, "jump": JUMP}
    return [
        moves[move.kind].action(model=model, piece=move.piece_id, at=at)
        for move in terrain_moves.moves_from_here(table_of(state), model)
        for at in ends_of(move)
    ]
