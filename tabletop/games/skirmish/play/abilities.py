"""Action abilities and putting out fire (rulebook L594-598, L658, L660; DECISIONS
S4, S16, S21, S38-S39).

- An action ability (✎ on the card) is used only in the activation of the warrior
  that has it (L598): its player announces it and pays its cost, AP from the warrior
  and SP from the side's pool, within its limits per round and per game (play/limits.py),
  if the warrior carries the items it needs. Its effects then happen at once. The
  match applies the effects of the vocabulary it can apply at once: healing (the
  healing player picks a zone with a wound, whose last mark goes, S4), AP and markers
  given. An ability whose effects are only its text (or need more than these) is
  applied by hand: using it pays its cost and logs its text for the players.
- Its targets are the ones its card names: the warrior itself, a friend, an enemy,
  touching it or within a distance (edge to edge), of a type; the table's geometry
  says who touches whom and how far apart they stand.
- A warrior with a fear marker uses no action ability and puts out no fire: it may
  only move and dodge (L660, S21). A warrior out of action has left the table (L298).
- A warrior with fire markers puts one out for 1 AP during its own activation, as
  often as it likes (L658, S16).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.engine.core import Action, Event, IllegalAction, Step
from tabletop.games.skirmish.card_schema import Ability, ActionPoints, Effect, Heal, Markers, Target, Zone
from tabletop.games.skirmish.play import combat, limits
from tabletop.games.skirmish.play.attack import count_message
from tabletop.games.skirmish.play.cards import starter_set
from tabletop.games.skirmish.play.checks import active_warrior, illegal
from tabletop.games.skirmish.play.melee_messages import MARKER_NAMES
from tabletop.games.skirmish.play.moves import EXTINGUISH, USE
from tabletop.games.skirmish.play.profile import ZONE_NAMES
from tabletop.games.skirmish.play.state import ACTIVATION, SkirmishState, table_of
from tabletop.games.skirmish.play.warriors import card, card_warrior, spend_ap
from tabletop.games.skirmish.table import measure
from tabletop.games.skirmish.table.planar import EPS
from tabletop.i18n import N_, Message, Nn_, data_name

#: the verbs whose effects the match applies itself; any other is applied by hand
APPLIED = ("heal", "ap", "markers")

# -- the log -----------------------------------------------------------------------------------
HEALS = Nn_(
    "{name} heals {count} wound of {other} ({zone}; {paid}).",
    "{name} heals {count} wounds of {other} ({zone}; {paid}).",
)
HEALS_OWN = Nn_(
    "{name} heals {count} wound of its own ({zone}; {paid}).",
    "{name} heals {count} wounds of its own ({zone}; {paid}).",
)
GIVES_AP = Nn_("{name} gives {other} {count} AP ({paid}).", "{name} gives {other} {count} AP ({paid}).")
TAKES_AP = Nn_("{name} takes {count} AP from {other} ({paid}).", "{name} takes {count} AP from {other} ({paid}).")
GIVES_MARKERS = N_("{name} gives {other} {markers} ({paid}).")
BY_HAND = N_("{name} uses {ability} ({paid}): {text} The players apply it by hand.")
PUTS_OUT = Nn_(
    "{name} puts out a fire marker (1 AP); {count} fire marker left.",
    "{name} puts out a fire marker (1 AP); {count} fire markers left.",
)
AP_PAID = Nn_("{count} AP", "{count} AP")
SP_PAID = Nn_("{count} SP", "{count} SP")
BOTH_PAID = N_("{ap} and {sp}")
FREE = N_("no cost")
SAME_USE = N_("the same use")

# -- refusals ----------------------------------------------------------------------------------
NO_ABILITY = N_("{name} has no action ability {ability}.")
NO_SUCH_ABILITY = N_("{name} has no such action ability.")
NEEDS_ITEM = N_("{name} needs the item {item} to use {ability}.")
NEEDS_TARGET = N_("Name the warrior {ability} is used on.")
ONLY_SELF = N_("{ability} works on {name} itself.")
NOT_SELF = N_("{name} cannot use {ability} on itself.")
NOT_FRIEND = N_("{other} is not a friend of {name}.")
NOT_ENEMY = N_("{other} is not an enemy of {name}.")
NOT_OF_TYPE = N_("{ability} works only on a warrior of type {type}; {other} is not one.")
NOT_TOUCHING = N_("{other} is not touching {name}.")
TOO_FAR = N_("{other} is {distance:.1f} cm from {name}; {ability} reaches {reach:g} cm.")
BY_HAND_ONLY = N_("{ability} is applied by hand: it takes no target and no zone.")
CHOOSE_ZONE = N_("Choose the zone of {other} to heal.")
NO_ZONE = N_("{ability} heals no zone.")
NOTHING_TO_HEAL = N_("{other} has no wound to heal.")
NO_WOUND_THERE = N_("{other} has no wound there ({zone}).")
NO_FIRE = N_("{name} has no fire marker to put out.")


# -- what an ability asks for ------------------------------------------------------------------


def action_abilities(warrior_key: str) -> tuple[Ability, ...]:
    """The action abilities (✎) on a warrior's card, in its order."""
    return tuple(ability for ability in card_warrior(warrior_key).abilities if ability.kind == "action")


def by_hand(ability: Ability) -> bool:
    """The players apply it from its text: it has no effect the match applies itself."""
    return ability.by_hand or any(effect.verb not in APPLIED for effect in ability.effects)


def needs_target(ability: Ability) -> bool:
    """Some effect reaches a warrior other than the one using it (named in the move)."""
    return not by_hand(ability) and any(_reach(effect).who != "self" for effect in ability.effects)


def heals(ability: Ability) -> bool:
    """It heals a wound: the move names the zone."""
    return not by_hand(ability) and any(isinstance(effect, Heal) for effect in ability.effects)


def cost_of(ability: Ability) -> limits.Cost:
    return limits.ability_cost(ability.key, ability.name, ability.cost.ap, ability.cost.sp, ability.limit)


def _reach(effect: Effect) -> Target:
    target: Target = getattr(effect, "target", Target())
    return target


def _receiver(effect: Effect, model: str, target: str | None) -> str:
    """The warrior an effect reaches: the user itself or the move's target."""
    return model if _reach(effect).who == "self" or target is None else target


# -- the checks --------------------------------------------------------------------------------


def ability_of(entry: Mapping[str, Any], key: str) -> Ability:
    """The action ability `key` of a warrior's card (IllegalAction when it has none)."""
    found = next((ability for ability in action_abilities(entry["warrior"]) if ability.key == key), None)
    if found is None:
        # named as the cards name it, never by its key
        named = next((a.name for w in starter_set().warriors.values() for a in w.abilities if a.key == key), None)
        if named is None:
            raise illegal(NO_SUCH_ABILITY, name=data_name(entry["name"]))
        raise illegal(NO_ABILITY, name=data_name(entry["name"]), ability=Message(named))
    return found


def _paid_now(state: SkirmishState, entry: Mapping[str, Any], ability: Ability) -> None:
    """The warrior carries what the ability needs and can pay for it now."""
    carried = {item.key for item in card(entry).items}
    for item in ability.needs:
        if item not in carried:
            raise illegal(
                NEEDS_ITEM,
                name=data_name(entry["name"]),
                item=Message(starter_set().items[item].name),
                ability=Message(ability.name),
            )
    refused = cost_of(ability).refusal_of(entry, state.sp[entry["side"]])
    if refused is not None:
        raise IllegalAction(refused)


def target_refusal(state: SkirmishState, model: str, ability: Ability, target: str) -> Message | None:
    """Why `model` may not use `ability` on `target` (None: it may): the card's target
    (self, friend, enemy; touching, within a distance edge to edge; of a type),
    checked with the table's geometry."""
    entry = state.models[model]
    other = state.models.get(target)
    if other is None:
        return Message(N_("There is no such warrior."))
    names = {"name": data_name(entry["name"]), "other": data_name(other["name"]), "ability": Message(ability.name)}
    table = table_of(state)
    for effect in ability.effects:
        reach = _reach(effect)
        if reach.who == "self":
            continue
        if reach.who == "friend" and target == model:
            return Message(NOT_SELF, names)
        if reach.who in ("friend", "self_or_friend") and other["side"] != entry["side"]:
            return Message(NOT_FRIEND, names)
        if reach.who == "enemy" and other["side"] == entry["side"]:
            return Message(NOT_ENEMY, names)
        if reach.type is not None and reach.type not in card_warrior(other["warrior"]).types:
            return Message(NOT_OF_TYPE, {**names, "type": reach.type})
        if target == model:
            continue
        if reach.touching and target not in table.contacts(model):
            return Message(NOT_TOUCHING, names)
        if reach.within is not None:
            distance = measure.edge_distance(table, model, target)
            if distance > reach.within + EPS:
                return Message(TOO_FAR, {**names, "distance": distance / 10, "reach": reach.within / 10})
    return None


def zone_refusal(state: SkirmishState, healed: str, zone: Zone | None) -> Message | None:
    """Why the zone chosen cannot be healed on `healed` (None: it can): it must be a
    zone with a wound (S4)."""
    other = state.models[healed]
    healable = card(other).healable()
    if not healable:
        return Message(NOTHING_TO_HEAL, {"other": data_name(other["name"])})
    if zone is None:
        return Message(CHOOSE_ZONE, {"other": data_name(other["name"])})
    if zone not in healable:
        return Message(NO_WOUND_THERE, {"other": data_name(other["name"]), "zone": Message(ZONE_NAMES[zone])})
    return None


@USE.check
def _check_use(
    rules: object, state: SkirmishState, model: str, ability: str, target: str | None, zone: Zone | None
) -> None:
    entry = active_warrior(state, model, fearless=True)  # fear: no abilities (L660, S21)
    found = ability_of(entry, ability)
    _paid_now(state, entry, found)
    said = {"name": data_name(entry["name"]), "ability": Message(found.name)}
    if by_hand(found):
        if target is not None or zone is not None:
            raise IllegalAction(Message(BY_HAND_ONLY, said))
        return
    if needs_target(found):
        if target is None:
            raise IllegalAction(Message(NEEDS_TARGET, said))
        refused = target_refusal(state, model, found, target)
        if refused is not None:
            raise IllegalAction(refused)
    elif target is not None and target != model:
        raise IllegalAction(Message(ONLY_SELF, said))
    if heals(found):
        for effect in found.effects:
            if isinstance(effect, Heal):
                refused = zone_refusal(state, _receiver(effect, model, target), zone)
                if refused is not None:
                    raise IllegalAction(refused)
    elif zone is not None:
        raise IllegalAction(Message(NO_ZONE, said))


# -- using it ----------------------------------------------------------------------------------


def paid_message(cost: limits.Cost) -> Message:
    """What a use cost, for the log: "1 AP", "1 SP", "1 AP and 1 SP" or no cost."""
    ap = Message(AP_PAID[0], {"count": cost.ap}, AP_PAID[1])
    sp = Message(SP_PAID[0], {"count": cost.sp}, SP_PAID[1])
    if cost.ap and cost.sp:
        return Message(BOTH_PAID, {"ap": ap, "sp": sp})
    if cost.ap:
        return ap
    if cost.sp:
        return sp
    return Message(FREE)


def give(state: SkirmishState, effect: Effect, receiver: str, zone: Zone | None = None) -> int:
    """Apply one effect the match applies itself (heal, ap, markers: an ability's or a
    tactical card's) to `receiver`; how much it did: the wounds healed, the AP given
    (taken: below 0), the markers given (a card may cap them: Machine, no fear)."""
    other = state.models[receiver]
    if isinstance(effect, Heal):
        assert zone is not None, "the check asks for the zone"
        before = card(other)
        healed = before.heal(zone, effect.wounds)
        other["marks"] = list(healed.marks)
        return before.marked(zone) - healed.marked(zone)
    if isinstance(effect, ActionPoints):
        before_ap = other["ap"]
        other["ap"] = max(0, before_ap + effect.by)
        if other["ap"] == 0:
            other["activated"] = True  # no AP: activated for the round (S15)
        return int(other["ap"] - before_ap)
    assert isinstance(effect, Markers), f"{effect.verb} is applied by hand"
    room = combat.fighter(state, receiver).marker_room(effect.marker)
    count = effect.count if room is None else min(effect.count, room)
    other["markers"][effect.marker] += count
    return count


def _effect(state: SkirmishState, model: str, effect: Effect, receiver: str, zone: Zone | None, paid: Message) -> Event:
    """Apply one effect of the vocabulary to `receiver`; its line for the log."""
    entry, other = state.models[model], state.models[receiver]
    names = {"name": data_name(entry["name"]), "other": data_name(other["name"]), "paid": paid}
    done = give(state, effect, receiver, zone)
    if isinstance(effect, Heal):
        assert zone is not None, "the check asks for the zone"
        pair = HEALS_OWN if receiver == model else HEALS
        return Event(count_message(pair, done, {**names, "zone": Message(ZONE_NAMES[zone])}), kind="ability")
    if isinstance(effect, ActionPoints):
        if effect.by >= 0:
            return Event(count_message(GIVES_AP, effect.by, names), kind="ability")
        return Event(count_message(TAKES_AP, -done, names), kind="ability")
    assert isinstance(effect, Markers)
    given = count_message(MARKER_NAMES[effect.marker], done)
    return Event(Message(GIVES_MARKERS, {**names, "markers": given}), kind="ability")


@USE.apply
def _use(rules: object, state: SkirmishState, model: str, ability: str, target: str | None, zone: Zone | None) -> Step:
    entry = state.models[model]
    found = ability_of(entry, ability)
    cost = cost_of(found)
    spend_ap(entry, cost.ap)
    cost.record(entry)
    state.sp[entry["side"]] -= cost.sp
    paid = paid_message(cost)
    if by_hand(found):
        said = {
            "name": data_name(entry["name"]),
            "ability": Message(found.name),
            "paid": paid,
            "text": Message(found.text or ""),
        }
        return Step([Event(Message(BY_HAND, said), kind="ability")])
    events = []
    for effect in found.effects:
        events.append(_effect(state, model, effect, _receiver(effect, model, target), zone, paid))
        paid = Message(SAME_USE)  # the cost is said once, with the first effect
    return Step(events)


# -- putting out fire --------------------------------------------------------------------------


@EXTINGUISH.check
def _check_extinguish(rules: object, state: SkirmishState, model: str) -> None:
    entry = active_warrior(state, model, fearless=True)  # fear: no abilities (L660, S21)
    if not entry["markers"]["fire"]:
        raise illegal(NO_FIRE, name=data_name(entry["name"]))
    refused = limits.EXTINGUISH_COST.refusal_of(entry)
    if refused is not None:
        raise IllegalAction(refused)


@EXTINGUISH.apply
def _extinguish(rules: object, state: SkirmishState, model: str) -> Step:
    entry = state.models[model]
    spend_ap(entry, limits.EXTINGUISH_COST.ap)
    entry["markers"]["fire"] -= 1
    return Step(
        [Event(count_message(PUTS_OUT, entry["markers"]["fire"], {"name": data_name(entry["name"])}), kind="ability")]
    )


def use_action(model: str, ability: str, target: str | None = None, zone: Zone | None = None) -> Action:
    """The move using an ability, leaving out the target and zone it does not name."""
    named = {name: value for name, value in (("target", target), ("zone", zone)) if value is not None}
    return USE.action(model=model, ability=ability, **named)


# -- for the log, the help and random play -----------------------------------------------------

KINDS = (USE.kind, EXTINGUISH.kind)


def describe(state: SkirmishState, action: Action) -> Message:
    """The move in words."""
    entry = state.models.get(action.get("model", ""), {})
    name = data_name(entry.get("name", "?"))
    if action.kind == EXTINGUISH.kind:
        return Message(N_("{name} puts out a fire marker"), {"name": name})
    found = next((a for a in action_abilities(entry["warrior"]) if a.key == action["ability"]), None) if entry else None
    ability = Message(found.name) if found is not None else action["ability"]
    target = action.get("target")
    if target is not None and target != action.get("model") and target in state.models:
        return Message(
            N_("{name} uses {ability} on {other}"),
            {"name": name, "ability": ability, "other": data_name(state.models[target]["name"])},
        )
    return Message(N_("{name} uses {ability}"), {"name": name, "ability": ability})


def sample(state: SkirmishState) -> list[Action]:
    """The active warrior's abilities on each warrior of its side (the zone: the first
    with a wound) and putting out a fire marker, for random play (the check decides)."""
    model = state.active
    if state.phase != ACTIVATION or model is None or model not in state.models:
        return []
    entry = state.models[model]
    found = [EXTINGUISH.action(model=model)]
    for ability in action_abilities(entry["warrior"]):
        if by_hand(ability):
            found.append(use_action(model, ability.key))
            continue
        targets = state.models.items() if needs_target(ability) else [(model, entry)]
        for target, other in targets:
            healable = card(other).healable()
            zone = healable[0] if heals(ability) and healable else None
            aimed = target if needs_target(ability) else None
            found.append(use_action(model, ability.key, aimed, zone))
    return found
