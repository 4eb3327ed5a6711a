"""Non-player warriors in play (optional rule 2, rulebook L762-802; DECISIONS.md S36),
on the plain functions of play/non_player.py:

- Preparation step 6a (L766-776): with an infestation level above 0 each player's
  pool is the level; the players in turn, the preparation's beginner first, spend X
  of it on a non-player warrior of infestation value X (`place_nsk`) where
  non-player warriors may stand. A pool rest that finds no room is lost (S36; any
  rest buys a Marauder). When both pools are spent, deployment follows.
- End phase step 2 (L778-794): the players in turn, the one who acts first in the
  end phase (L408) beginning, each pick a non-player warrior not yet activated
  (`activate_nsk`) and carry out the one action the rules force on it (`nsk_order`):
  attack, charge, shoot, roam or stay. The player who activated it chooses among
  equal choices, except that the opponent takes it over when its only targets are
  that player's own warriors (L794). Its attacks use the attacks of part 1: it pays
  no AP, strikes back for free, never follows up or punishes; the players' warriors
  react as usual.
- A non-player warrior's entry has side NON_PLAYER_SIDE: the enemy of both sides in
  every rule that compares sides. Killed by an attack, it scores its infestation
  value to the attacker's player (L800; play/victory.py).
"""

from __future__ import annotations

import math
import random
from typing import Any

from tabletop.engine.core import Action, Event, IllegalAction, Step
from tabletop.games.skirmish.play import combat, hiding, melee, non_player, preparation, ranged, rounds
from tabletop.games.skirmish.play.checks import check_path, illegal, point
from tabletop.games.skirmish.play.infestation import cards, lose_rests, on_table, placed_all, players, refusal, room
from tabletop.games.skirmish.play.laying_out import new_id
from tabletop.games.skirmish.play.moves import ACTIVATE_NSK, NSK_ORDER, PLACE_NSK, Corners
from tabletop.games.skirmish.play.non_player import Duty
from tabletop.games.skirmish.play.settling import settle_path
from tabletop.games.skirmish.play.state import (
    END,
    INFESTATION,
    NON_PLAYER_COLOUR,
    NON_PLAYER_SIDE,
    SkirmishState,
    new_model,
    snap_point,
    table_of,
)
from tabletop.games.skirmish.play.warriors import card, card_warrior, new_entry
from tabletop.games.skirmish.table.movement import path_to_contact
from tabletop.i18n import N_, Message, data_name

DUTY_NAMES: dict[str, str] = {
    "attack": N_("attack a warrior in contact"),
    "charge": N_("charge a warrior within 10 cm in sight"),
    "shoot": N_("shoot at a warrior"),
    "roam": N_("roam up to 5 cm"),
    "stay": N_("stay where it is"),
}

#: the moments its attacks offer the attacked side for a tactical card (S28; Schutzwall, Deckung)
MELEE, RANGED = "melee_attack_on_friend", "ranged_attack_on_friend"


def _pass_on(state: SkirmishState, events: list[Event]) -> list[Event]:
    """The other player places next while his pool lasts; with both spent, step 7."""
    if placed_all(state):
        return events + preparation.step_done(state)
    if state.pools[1 - state.turn] > 0:
        state.turn = 1 - state.turn
    return events


@PLACE_NSK.check
def _check_place(rules: object, state: SkirmishState, warrior: str, at: tuple[float, float]) -> None:
    pool = state.pools[state.turn]
    found = {c.key: c for c in cards()}.get(warrior)
    if found is None:
        raise illegal(N_("There is no such non-player warrior."))
    value = found.contamination or 0
    if value > pool:
        raise IllegalAction(
            Message.counted(
                "{name} costs {value} infestation points; you have {count} left.",
                "{name} costs {value} infestation points; you have {count} left.",
                pool,
                {"name": found.name, "value": value},
            )
        )
    refused = refusal(state, found.base / 2, point(at, "at"))
    if refused is not None:
        raise IllegalAction(refused)


@PLACE_NSK.apply
def _place(rules: object, state: SkirmishState, warrior: str, at: tuple[float, float]) -> Step:
    seat = state.turn
    found = card_warrior(warrior)
    value = found.contamination or 0
    state.pools[seat] -= value
    model_id = new_id(state, "n")
    number = 1 + len(on_table(state))
    entry = new_entry(warrior, NON_PLAYER_SIDE, at, NON_PLAYER_COLOUR, number, f"{found.name} {number}")
    state.models[model_id] = entry
    table_of(state).add_model(new_model(model_id, entry))
    placed = Message.counted(
        "{player} places {name} (infestation value {value}); {count} point left.",
        "{player} places {name} (infestation value {value}); {count} points left.",
        state.pools[seat],
        {"player": seat, "name": data_name(entry["name"]), "value": value},
    )
    events = [Event(placed, kind="place", data={"model": model_id})]
    return Step(_pass_on(state, events + lose_rests(state)))


# -- activation (end phase step 2) ---------------------------------------------------------------


def _shooting_item(entry: dict[str, Any]) -> tuple[str, float] | None:
    for item in card(entry).items:
        mode = item.mode("shooting")
        if mode is not None and mode.range is not None:
            return item.key, float(mode.range)
    return None


def orders_of(state: SkirmishState, model_id: str) -> non_player.Orders:
    """What the non-player warrior must do now (S36's order of duties)."""
    entry = state.models[model_id]
    shooting = _shooting_item(entry)
    return non_player.orders(
        table_of(state),
        model_id,
        set(players(state)),
        entry["markers"],
        shooting[1] if shooting else None,
        unseen=hiding.unseen_by(state, model_id),
    )


def _controller(state: SkirmishState, activating: int, found: non_player.Orders) -> int:
    if found.duty in ("attack", "charge", "shoot"):
        return non_player.controller(activating, (state.models[t]["side"] for t in found.targets))
    return activating


@ACTIVATE_NSK.check
def _check_activate(rules: object, state: SkirmishState, model: str) -> None:
    progress = state.end
    if progress.get("step") != rounds.NON_PLAYER or progress.get("nsk") is not None:
        raise illegal(N_("No non-player warrior is to be activated now."))
    if model not in progress["queue"]:
        raise illegal(N_("That is not a non-player warrior still to be activated this round."))


@ACTIVATE_NSK.apply
def _activate(rules: object, state: SkirmishState, model: str) -> Step:
    progress = state.end
    activating = state.turn
    found = orders_of(state, model)
    controller = _controller(state, activating, found)
    progress["queue"].remove(model)
    progress.update(nsk=model, controller=controller, picks=1 - activating)
    name = data_name(state.models[model]["name"])
    if controller != activating:
        said = Message(
            N_(
                "{player} activates {name}; it must {duty}, and only at {player}'s warriors: "
                "{other_player} takes it over."
            ),
            {"player": activating, "name": name, "duty": Message(DUTY_NAMES[found.duty]), "other_player": controller},
        )
    else:
        said = Message(
            N_("{player} activates {name}; it must {duty}."),
            {"player": activating, "name": name, "duty": Message(DUTY_NAMES[found.duty])},
        )
    state.turn = controller
    events = [Event(said, kind="activate", data={"model": model})]
    if found.duty == "stay":  # nothing to choose
        return Step(events + _carried_out(state, model, "stay", None, ()))
    return Step(events)


def _charge_refusal(state: SkirmishState, model: str, target: str, path: Corners) -> None:
    """The charge's path (L788, S36): as a move's, at most 10 cm, never into terrain
    but heavy terrain alone, ending in contact with the target and no other player's warrior."""
    points = check_path(state, model, path)
    table = table_of(state)
    radius = table.models[model].radius
    if not non_player.keeps_off_terrain(table, radius, points):
        raise illegal(N_("A non-player warrior keeps off terrain, except pieces that are only heavy terrain."))
    end = points[-1]
    touching = [
        other
        for other in players(state)
        if math.dist(end, table.models[other].position) - radius - table.models[other].radius <= table.contact
    ]
    if target not in touching:
        raise illegal(N_("The charge must end in contact with {name}."), name=data_name(state.models[target]["name"]))
    if len(touching) > 1:
        raise illegal(N_("The charge may touch no other player's warrior."))


@NSK_ORDER.check
def _check_order(rules: object, state: SkirmishState, duty: Duty, target: str | None, path: Corners) -> None:
    model = state.end.get("nsk")
    if state.end.get("step") != rounds.NON_PLAYER or model is None:
        raise illegal(N_("No non-player warrior is activated now."))
    found = orders_of(state, model)
    if duty != found.duty:
        raise illegal(
            N_("{name} must {duty}."), name=data_name(state.models[model]["name"]), duty=Message(DUTY_NAMES[found.duty])
        )
    if duty in ("attack", "charge", "shoot"):
        if target not in found.targets:
            names = ", ".join(state.models[t]["name"] for t in found.targets)
            raise illegal(N_("It must choose one of: {options}."), options=names)
        assert target is not None
        if duty == "charge":
            _charge_refusal(state, model, target, path)
    elif duty == "roam":
        if len(path) != 2 or list(path[0]) != state.models[model]["position"]:
            raise illegal(N_("A roam goes straight from where the non-player warrior stands."))
        refused = non_player.roam_refusal(table_of(state), model, point(path[1], "path"))
        if refused is not None:
            raise IllegalAction(refused)


@NSK_ORDER.apply
def _order(rules: object, state: SkirmishState, duty: Duty, target: str | None, path: Corners) -> Step:
    model = state.end["nsk"]
    return Step(_carried_out(state, model, duty, target, path))


def _carried_out(state: SkirmishState, model: str, duty: str, target: str | None, path: Corners) -> list[Event]:
    """The non-player warrior's action; an attack is left under way (play/combat.py)
    and the end phase goes on when it ends."""
    entry = state.models[model]
    state.end["nsk"] = None
    names = {"name": data_name(entry["name"]), "other": data_name(state.models[target]["name"]) if target else ""}
    moved = {"model": model, "path": [list(p) for p in path]}
    if duty in ("roam", "charge"):
        entry["position"] = list(path[-1])
        table_of(state).move_model(model, path[-1])
    if duty == "attack":
        assert target is not None
        events = [Event(Message(N_("{name} attacks {other} in melee."), names), kind="attack")]
        started, said = melee.attack(combat.fighter(state, model), combat.fighter(state, target), combat.options(state))
        return combat.declared(state, combat.start(state, started, events + list(said)), MELEE, model, target).events
    if duty == "charge":
        assert target is not None
        charged = Event(Message(N_("{name} charges {other}."), names), kind="move", data=moved)
        started, said = melee.charge(combat.fighter(state, model), combat.fighter(state, target), combat.options(state))
        return combat.declared(state, combat.start(state, started, [charged, *said]), MELEE, model, target).events
    if duty == "shoot":
        assert target is not None
        shooting = _shooting_item(entry)
        assert shooting is not None
        shot = ranged.aim(
            table_of(state),
            combat.cards(state),
            model,
            target,
            shooting[0],
            combat.all_modifiers(state),
            combat.options(state).markers_need_wound,
        )
        return combat.declared(state, combat.start(state, shot, []), RANGED, model, target).events
    if duty == "roam":
        events = [Event(Message(N_("{name} roams."), names), kind="move", data=moved)]
    else:
        events = [Event(Message(N_("{name} stays where it is."), names))]
    return events + rounds.advance_end_phase(state)


def activating(state: SkirmishState) -> bool:
    """The end phase is at step 2: non-player warriors are activated."""
    return state.phase == END and state.end.get("step") == rounds.NON_PLAYER


# -- for random play -------------------------------------------------------------------------


def sample(state: SkirmishState) -> list[Action]:
    """A few placements (at the free spot nearest the centre and a few others), the
    non-player warriors to activate, or the activated one's orders to a few targets
    and points (the rules' check decides)."""
    found: list[Action] = []
    if state.phase == INFESTATION:
        rng = random.Random(state.serial * 7919 + state.turn)
        table = table_of(state)
        for warrior in non_player.buyable(state.pools[state.turn], cards()):
            spots = [room(state, warrior.base / 2)]
            spots += [(table.width / 2 + rng.uniform(-150, 150), table.height / 2 + rng.uniform(-150, 150))]
            found += [PLACE_NSK.action(warrior=warrior.key, at=snap_point(s)) for s in spots if s is not None]
        return found
    if state.phase != END or state.end.get("step") != rounds.NON_PLAYER:
        return found
    model = state.end.get("nsk")
    if model is None:
        return [ACTIVATE_NSK.action(model=m) for m in state.end["queue"]]
    orders = orders_of(state, model)
    if orders.duty in ("attack", "shoot"):
        return [NSK_ORDER.action(duty=orders.duty, target=t, path=()) for t in orders.targets]
    table = table_of(state)
    if orders.duty == "charge":
        for target in orders.targets:
            path = path_to_contact(table, model, target)
            points = settle_path(table, model, path.points) if path is not None else None
            if points is not None:
                found.append(NSK_ORDER.action(duty="charge", target=target, path=points))
        return found
    if orders.duty == "roam":
        x, y = state.models[model]["position"]
        for turn in range(4):
            angle = math.pi / 2 * turn + state.round
            end = snap_point((x + 45 * math.cos(angle), y + 45 * math.sin(angle)))
            found.append(NSK_ORDER.action(duty="roam", target=None, path=((x, y), end)))
        # "up to 5 cm": hemmed in, it roams 0 cm
        found.append(NSK_ORDER.action(duty="roam", target=None, path=((x, y), (x, y))))
    return found + [NSK_ORDER.action(duty="stay", target=None, path=())]
