"""Hostile terrain in play (Lebensfeindliche Umgebung X, rulebook L714-716; DECISIONS
S34; acceptance A19, A20, A97): under the extended terrain rules a move that ends
with the warrior's base overlapping a hostile piece, or a swim through one
(play/climbing.py), costs it X wounds, each in the
zone of a hit roll of its own, armour ignored, once per piece and round. Touching the
piece's edge is not entering it (A19); a move may end at most 10 mm into water it
could otherwise only swim (S34), and then takes that water's X.

In the end phase's step 3 (before the fire rolls) hostile terrain of X 2 or more
hurts everyone touching it or inside it that it has not hurt this round (S34, A97):
one warrior after the other (`end_phase`), then the end phase goes on.

This module says what hostile terrain does and returns it; the round's flow
(play/rounds.py) carries on after it: a warrior out of action leaves the table,
the end phase goes on (`hostile_rolled`).

After the move the wounds wait as the pending roll (`state.pending` of kind
"hostile": the warrior and the wounds still to roll for); which pieces have hurt
whom this round is kept in `state.effects` (gone at the round's end, step 11).
The geometry (which pieces the base overlaps) is table/terrain_moves.py's.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.core import ChanceSpec, Event
from tabletop.games.skirmish.play import chance, dice
from tabletop.games.skirmish.play.profile import ZONE_NAMES
from tabletop.games.skirmish.play.state import SkirmishState, table_of
from tabletop.games.skirmish.play.warriors import card
from tabletop.games.skirmish.table import terrain_moves
from tabletop.i18n import Message, data_name

#: the pending roll's kind
KIND = "hostile"


def hurting(state: SkirmishState, model_id: str, through: str | None = None) -> list[tuple[str, int]]:
    """The hostile pieces (id, X) the warrior's base overlaps where it stands, and
    the one it swam `through` (S34), that have not hurt it this round."""
    table = table_of(state)
    model = table.models[model_id]
    done = {effect["piece"] for effect in state.effects if effect.get(KIND) == model_id}
    found = terrain_moves.hostile_at(table, model.radius, model.position)
    if through is not None and table.effect(through).hostile and all(p != through for p, _x in found):
        found.insert(0, (through, table.effect(through).hostile))
    return [(piece_id, wounds) for piece_id, wounds in found if piece_id not in done]


def _hurt(state: SkirmishState, model_id: str, found: list[tuple[str, int]], **more: Any) -> int:
    """The wounds of the pieces found wait as the pending roll; each piece has hurt it this round."""
    for piece_id, _wounds in found:
        state.effects.append({KIND: model_id, "piece": piece_id})
    wounds = sum(x for _piece, x in found)
    state.pending = {"kind": KIND, "model": model_id, "wounds": wounds, **more}
    return wounds


def _in_step_3(state: SkirmishState, model_id: str) -> list[tuple[str, int]]:
    """The pieces of X 2 or more the warrior touches or stands in that have not hurt it this round."""
    table = table_of(state)
    model = table.models[model_id]
    done = {effect["piece"] for effect in state.effects if effect.get(KIND) == model_id}
    found = terrain_moves.hostile_at(table, model.radius, model.position, touching=True)
    return [(piece_id, x) for piece_id, x in found if x >= 2 and piece_id not in done]


def end_phase(state: SkirmishState, queue: list[str] | None = None) -> list[Event]:
    """Step 3: the next warrior (of `queue`, else all of them) that especially hostile
    terrain hurts waits with its wounds as the pending roll; none pending: nobody is left."""
    waiting = list(state.models) if queue is None else queue
    while waiting:
        model_id = waiting.pop(0)
        if model_id not in state.models:
            continue
        found = _in_step_3(state, model_id)
        if found:
            wounds = _hurt(state, model_id, found, then=waiting, end_phase=True)
            message = Message.counted(
                "{name} is in hostile terrain at the end of the round: {count} wound, armour ignored.",
                "{name} is in hostile terrain at the end of the round: {count} wounds, armour ignored.",
                wounds,
                {"name": data_name(state.models[model_id]["name"])},
            )
            return [Event(message, kind=KIND, data={"model": model_id})]
    return []


def after_move(state: SkirmishState, model_id: str, through: str | None = None) -> list[Event]:
    """A move has ended: the hostile terrain it ended in, or swam `through`, hurts
    the warrior (its hit rolls wait as the pending roll)."""
    found = hurting(state, model_id, through)
    if not found:
        return []
    wounds = _hurt(state, model_id, found)
    name = data_name(state.models[model_id]["name"])
    message = Message.counted(
        "{name} ends its move in hostile terrain: {count} wound, armour ignored.",
        "{name} ends its move in hostile terrain: {count} wounds, armour ignored.",
        wounds,
        {"name": name},
    )
    return [Event(message, kind=KIND, data={"model": model_id})]


def waiting(state: SkirmishState) -> bool:
    """Whether hostile terrain's wounds wait for their hit rolls."""
    return state.pending is not None and state.pending.get("kind") == KIND


def _roll(state: SkirmishState) -> chance.PendingRoll[dice.Hit]:
    pending = state.pending
    assert pending is not None
    entry = state.models[pending["model"]]
    return chance.hit(entry["name"], dice.HitRoll(tuple(card(entry).warrior.hit_index)))


def chance_spec(state: SkirmishState) -> ChanceSpec:
    spec = chance.chance_spec(_roll(state))
    assert spec is not None, "a hit roll has its die"
    return spec


def wound(state: SkirmishState, outcome: tuple[int, ...]) -> tuple[list[Event], bool]:
    """One wound's hit roll: the wound in its zone, armour ignored; the next roll
    waits while wounds are left, unless the warrior is out of action (returned with
    what happened: it is still on the table)."""
    pending: dict[str, Any] = state.pending or {}
    roll = _roll(state)
    result = chance.settle(roll, outcome)
    events = [chance.rolled(roll, result)]
    events[0].data["joins"] = bool(pending.get("rolled"))  # one move's rolls go together in the tray
    model_id = pending["model"]
    entry = state.models[model_id]
    before = card(entry)
    zone = before.hit_zone(result.face)
    after = before.hit(zone, 1, armour_ignored=True)
    entry["marks"] = list(after.marks)
    taken = sum(after.marks) - sum(before.marks)
    message = Message.counted(
        "{name} takes {count} wound ({zone}) from hostile terrain.",
        "{name} takes {count} wounds ({zone}) from hostile terrain.",
        taken,
        {"name": data_name(entry["name"]), "zone": Message(ZONE_NAMES[zone])},
    )
    events.append(
        Event(message, kind="wound", data={"model": model_id, "zone": zone, "result": True, "face": result.face})
    )
    pending["wounds"] -= 1
    pending["rolled"] = True
    if after.out_of_action or pending["wounds"] <= 0:
        state.pending = None
    return events, after.out_of_action


def check(state: SkirmishState) -> None:
    """The pending wounds are whole: their warrior is on the table, some are left."""
    pending = state.pending
    assert pending is not None and pending["model"] in state.models, "hostile terrain hurts a warrior off the table"
    assert pending["wounds"] > 0, "hostile terrain's wounds are all rolled but still pending"
