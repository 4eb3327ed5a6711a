"""The attacks declared (rulebook 5, L470-480; 6, L490-590; 8, L600-652; DECISIONS
S16-S25): the moves of the active warrior's melee attack, charge, shot, throw and
flame, who may make them and what they cost, and the break-away that begins a move
of a warrior in contact (`disengage`). Each starts a resolution that play/combat.py
carries to its end; a feared warrior makes no attack (L660, S21).
"""

from __future__ import annotations

import math
from typing import Any

from tabletop.engine.core import Action, Event, IllegalAction, Step
from tabletop.games.skirmish.play import (
    attack,
    burning,
    climbing,
    combat,
    destruction,
    hiding,
    limits,
    melee,
    ranged,
    templates,
    weather_play,
)
from tabletop.games.skirmish.play.checks import active_warrior, check_path, illegal, point
from tabletop.games.skirmish.play.moves import ATTACK, CHARGE, FLAME, SHOOT, THROW, Corners
from tabletop.games.skirmish.play.reaction import attack_refusal, charge_refusal
from tabletop.games.skirmish.play.state import ACTIVATION, SkirmishState, snap_point, table_of
from tabletop.games.skirmish.play.warriors import card, spend_ap
from tabletop.games.skirmish.table import measure, movement
from tabletop.i18n import N_, Message, data_name

# -- who may attack --------------------------------------------------------------------------------


def _enemy(state: SkirmishState, model: str, target: str) -> dict[str, Any]:
    entry = state.models.get(target)
    if entry is None:
        raise illegal(N_("There is no such warrior."))
    if entry["side"] == state.models[model]["side"]:
        raise illegal(N_("{name} is not an enemy."), name=data_name(entry["name"]))
    return entry


def _unhidden(state: SkirmishState, *models: str) -> list[Event]:
    """Attacking and being attacked end hiding (S32)."""
    return [event for model in models for event in hiding.ends(state, model)]


def _paid_now(entry: dict[str, Any], cost: limits.Cost) -> None:
    refused = cost.refusal_of(entry)
    if refused is not None:
        raise IllegalAction(refused)


# -- melee ----------------------------------------------------------------------------------------


@ATTACK.check
def _check_attack(rules: object, state: SkirmishState, model: str, target: str) -> None:
    entry = active_warrior(state, model, fearless=True)  # fear forbids attacks (L660)
    enemy = _enemy(state, model, target)
    if target not in table_of(state).contacts(model):
        raise illegal(
            N_("{name} is not in contact with {other}."), name=data_name(entry["name"]), other=data_name(enemy["name"])
        )
    _paid_now(entry, limits.ATTACK_COST)
    refused = attack_refusal(combat.fighter(state, model))
    if refused is not None:
        raise IllegalAction(refused)


@ATTACK.apply
def _attack(rules: object, state: SkirmishState, model: str, target: str) -> Step:
    names = {"name": data_name(state.models[model]["name"]), "other": data_name(state.models[target]["name"])}
    events = [Event(Message(N_("{name} attacks {other} in melee."), names), kind="attack")]
    events += _unhidden(state, model, target)
    started, said = melee.attack(combat.fighter(state, model), combat.fighter(state, target), combat.options(state))
    return combat.declared(
        state, combat.start(state, started, events + list(said)), "melee_attack_on_friend", model, target
    )


@CHARGE.check
def _check_charge(rules: object, state: SkirmishState, model: str, target: str, path: Corners) -> None:
    entry = active_warrior(state, model, fearless=True)  # fear forbids attacks (L660)
    _enemy(state, model, target)
    table = table_of(state)
    refused = charge_refusal(combat.fighter(state, model), table.engaged(model))
    refused = refused or hiding.attack_refusal(state, model, target) or climbing.plain_move_refusal(state, model)
    if refused is not None:
        raise IllegalAction(refused)
    _paid_now(entry, limits.CHARGE_COST)
    _paid_now(entry, limits.CHARGE_ATTACK_COST)
    points = _path(state, model, path)
    if target not in movement.enemies_touching(table, model, points[-1]):
        _paid_now(entry, limits.MISSED_CHARGE_COST)  # without contact it is a plain move (L476, S17)


@CHARGE.apply
def _charge(rules: object, state: SkirmishState, model: str, target: str, path: Corners) -> Step:
    entry = state.models[model]
    table = table_of(state)
    contact = target in movement.enemies_touching(table, model, path[-1])
    unhidden = _unhidden(state, model, *([target] if contact else []))
    entry["position"] = list(path[-1])
    table.move_model(model, path[-1])
    weather_play.moved(state, model)
    names = {"name": data_name(entry["name"]), "other": data_name(state.models[target]["name"])}
    data = {"model": model, "path": [list(p) for p in path]}
    said_now = (
        N_("{name} charges {other}.") if contact else N_("{name} charges {other} but makes no contact: a plain move.")
    )
    events = [*unhidden, Event(Message(said_now, names), kind="move", data=data)]
    started, said = melee.charge(
        combat.fighter(state, model), combat.fighter(state, target) if contact else None, combat.options(state)
    )
    step = combat.start(state, started, events + list(said))
    return combat.declared(state, step, "melee_attack_on_friend", model, target) if contact else step


def _path(state: SkirmishState, model: str, path: Corners) -> list[tuple[float, float]]:
    """The path checked by the table as a move's (L470): within the allowance, never
    through what the warrior may not cross."""
    return check_path(state, model, path)


def disengage(
    state: SkirmishState,
    model: str,
    path: Corners | None,
    cost: limits.Cost = limits.MOVE_COST,
    then: dict[str, Any] | None = None,
) -> Step:
    """A warrior in contact begins a move: it breaks away first (L472, S18). The move
    is along `path`, or, for a climb, swim or jump (`cost` its own), the roll `then`
    waits for after the break-away (play/climbing.py)."""
    table = table_of(state)
    enemies = tuple(
        combat.fighter(state, other)
        for other in table.contacts(model)
        if state.models[other]["side"] != state.models[model]["side"]
    )
    events = [Event(Message(N_("{name} tries to break away."), {"name": data_name(state.models[model]["name"])}))]
    started, said = melee.disengage(combat.fighter(state, model), enemies, combat.options(state), cost)
    return combat.start(state, started, events + list(said), path, then)


# -- ranged ---------------------------------------------------------------------------------------


def _ranged_cost(state: SkirmishState, model: str, item: str, kind: Any) -> limits.Cost:
    entry = active_warrior(state, model, fearless=True)  # fear forbids attacks (L660)
    cost = attack.attack_cost(*attack.weapon(card(entry), item, kind))
    _paid_now(entry, cost)
    return cost


def _pay(state: SkirmishState, model: str, cost: limits.Cost) -> None:
    entry = state.models[model]
    spend_ap(entry, cost.ap)
    cost.record(entry)


@SHOOT.check
def _check_shoot(rules: object, state: SkirmishState, model: str, item: str, target: str) -> None:
    _ranged_cost(state, model, item, "shooting")
    _enemy(state, model, target)
    unseen = hiding.unseen_by(state, model)
    ranged.aim(table_of(state), combat.cards(state), model, target, item, combat.all_modifiers(state), unseen=unseen)


@SHOOT.apply
def _shoot(rules: object, state: SkirmishState, model: str, item: str, target: str) -> Step:
    wound_only = combat.options(state).markers_need_wound
    unseen = hiding.unseen_by(state, model)
    shot = ranged.aim(
        table_of(state), combat.cards(state), model, target, item, combat.all_modifiers(state), wound_only, unseen
    )
    _pay(state, model, _ranged_cost(state, model, item, "shooting"))
    return combat.declared(
        state, combat.start(state, shot, _unhidden(state, model, target)), "ranged_attack_on_friend", model, target
    )


@THROW.check
def _check_throw(rules: object, state: SkirmishState, model: str, item: str, at: tuple[float, float]) -> None:
    _ranged_cost(state, model, item, "throwable")
    templates.throw(table_of(state), combat.cards(state), model, item, point(at, "at"), combat.all_modifiers(state))


@THROW.apply
def _throw(rules: object, state: SkirmishState, model: str, item: str, at: tuple[float, float]) -> Step:
    table = table_of(state)
    blast = templates.throw(table, combat.cards(state), model, item, at, combat.all_modifiers(state))
    _pay(state, model, _ranged_cost(state, model, item, "throwable"))
    template = measure.explosion(table, at)
    under = measure.models_under(table, template)
    events = _unhidden(state, model, *under) + _set_fire(state, model, item, "throwable", template)
    events += destruction.landed(state, at, state.models[model]["name"], model)  # S31: on a piece, an attack on it
    return combat.start(state, blast, events)


@FLAME.check
def _check_flame(rules: object, state: SkirmishState, model: str, item: str, angle: float) -> None:
    _ranged_cost(state, model, item, "area")
    refused = templates.flame_refusal(table_of(state), combat.cards(state), model, item, angle)
    if refused is not None:
        raise IllegalAction(refused)


@FLAME.apply
def _flame(rules: object, state: SkirmishState, model: str, item: str, angle: float) -> Step:
    table = table_of(state)
    outcome = templates.flame(table, combat.cards(state), model, item, angle, combat.all_modifiers(state))
    _pay(state, model, _ranged_cost(state, model, item, "area"))
    template = measure.flame(table, model, angle)
    under = measure.models_under(table, template)
    events = _unhidden(state, model, *under) + _set_fire(state, model, item, "area", template)
    return Step(events + combat.ranged_over(state, outcome))


def _set_fire(state: SkirmishState, model: str, item: str, kind: Any, template: measure.Template) -> list[Event]:
    """A Brand (X) weapon's template sets the flammable pieces it reaches on fire (S31)."""
    entry = state.models[model]
    _item, mode = attack.weapon(card(entry), item, kind)
    return burning.template_reaches(state, template, mode.fire or 0, entry["name"], model)


def sample(state: SkirmishState) -> list[Action]:
    """A few attacks of the active warrior for random play (the check decides)."""
    model = state.active
    if state.phase != ACTIVATION or model is None or model not in state.models:
        return []
    table = table_of(state)
    entry = state.models[model]
    own = card(entry)
    enemies = [other for other, e in state.models.items() if e["side"] != entry["side"]]
    found: list[Action] = []
    for enemy in table.enemies_in_contact(model):
        found.append(ATTACK.action(model=model, target=enemy))
    x, y = entry["position"]
    for enemy in enemies[:3]:
        ex, ey = state.models[enemy]["position"]
        gap = math.dist((x, y), (ex, ey))
        if gap > 0:
            # straight at the enemy until the bases touch
            touch = (entry["base"] + state.models[enemy]["base"]) / 2 + 0.2
            end = snap_point((ex - (ex - x) * touch / gap, ey - (ey - y) * touch / gap))
            found.append(CHARGE.action(model=model, target=enemy, path=((x, y), end)))
        for item in own.items:
            if item.mode("shooting") is not None:
                found.append(SHOOT.action(model=model, item=item.key, target=enemy))
            if item.mode("throwable") is not None:
                found.append(THROW.action(model=model, item=item.key, at=(ex, ey)))
            if item.mode("area") is not None:
                angle = round(math.degrees(math.atan2(ey - y, ex - x)) % 360, 1)
                found.append(FLAME.action(model=model, item=item.key, angle=angle))
    return found
