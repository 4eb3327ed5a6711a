"""What a tactical card played does to the table (rulebook L200-218, L444; DECISIONS
S2, S4, S28, S42), verb by verb of the vocabulary (card_schema.EFFECT_VERBS), to the
warriors it reaches (play/tactical_phase.receivers):

- ap, markers, heal: as an ability's (play/abilities.give; the healed zone is the
  move's, S4);
- modify: the attribute of each warrior reached, wherever it is read (S2:
  warriors.modifiers_of, so naming, attacks, dodging, the end phase's rolls and the
  card shown) until the round ends; a card played at an attack's moment changes
  that attack only (combat.change_attack: the shot aimed again, the melee's fighter);
- limit: the uses a round of one of the book's actions the warrior may make this
  round (limits.CARD_LIMITS; Zerstörungswut: attack 3 times); a card's marker limit
  is applied by hand;
- template: the explosion template centred on the point the move gives, anywhere on
  the table; every warrior under it at least in part gets its markers (no roll, no
  wound);
- no_cards: the opponent plays no more cards this round (tactical_phase.jammed reads
  the round's `state.effects`);
- dodge: the warrior attacked in melee dodges without paying its AP (combat.free_dodge).

Step 11 of the end phase ends them all (tactical_phase.end_of_round).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.engine.core import Event
from tabletop.games.skirmish.card_schema import (
    ATTRIBUTES,
    ActionPoints,
    Attribute,
    Dodge,
    Effect,
    Heal,
    Limit,
    Markers,
    Modify,
    Template,
)
from tabletop.games.skirmish.play import abilities, combat, limits
from tabletop.games.skirmish.play.attack import count_message
from tabletop.games.skirmish.play.melee_messages import MARKER_NAMES
from tabletop.games.skirmish.play.profile import ZONE_NAMES
from tabletop.games.skirmish.play.state import SkirmishState, table_of
from tabletop.games.skirmish.play.tactical_phase import ATTACK_MOMENTS, GETS_AP, LOSES_AP
from tabletop.games.skirmish.play.warriors import CARD_MODIFIERS
from tabletop.games.skirmish.table import measure
from tabletop.games.skirmish.tactics_schema import TacticalCard
from tabletop.i18n import N_, Message, Nn_, data_name

ATTRIBUTE_NAMES = {"psi": "PSI", "kat": "KAT", "wid": "WID", "ges": "GES"}
MODIFIED = N_("{card}: {name} has {attribute} {change} this round.")
MODIFIED_ATTACK = N_("{card}: {name} has {attribute} {change} for this attack.")
LIMITED = {
    limits.MOVE: Nn_(
        "{card}: {name} may move {count} time this round.", "{card}: {name} may move {count} times this round."
    ),
    limits.CHARGE: Nn_(
        "{card}: {name} may charge {count} time this round.", "{card}: {name} may charge {count} times this round."
    ),
    limits.ATTACK: Nn_(
        "{card}: {name} may attack {count} time this round.", "{card}: {name} may attack {count} times this round."
    ),
}
LAID = Nn_(
    "{card}: the explosion template lies at {x:.1f}, {y:.1f} cm; {count} warrior is under it.",
    "{card}: the explosion template lies at {x:.1f}, {y:.1f} cm; {count} warriors are under it.",
)
GETS_MARKERS = N_("{card}: {name} gets {markers}.")
HEALED = Nn_("{card}: {name} heals {count} wound ({zone}).", "{card}: {name} heals {count} wounds ({zone}).")
DODGES = N_("{card}: {name} dodges without paying an AP.")
SILENCED = N_("{player} plays no more cards this round.")


def apply(state: SkirmishState, card: TacticalCard, entry: Mapping[str, Any], reached: list[str]) -> list[Event]:
    """Every effect of `card`, played as `entry` says (its side, its moment, the point
    and zone its move gave), on the warriors `reached`; the lines for the log."""
    events: list[Event] = []
    name = Message(card.name)
    at_attack = entry.get("moment") in ATTACK_MOMENTS
    for effect in card.effects:
        if effect.verb == "no_cards":
            events.append(Event(Message(SILENCED, {"player": 1 - entry["side"]}), kind="tactics"))
        elif isinstance(effect, Template):
            events += _template(state, name, effect, entry["at"])
        else:
            for model_id in reached:
                said = {"card": name, "name": data_name(state.models[model_id]["name"])}
                events += _on(state, effect, model_id, said, entry.get("zone"), at_attack)
    return events


def _on(
    state: SkirmishState, effect: Effect, model_id: str, said: dict[str, Any], zone: Any, at_attack: bool
) -> list[Event]:
    """One effect on one warrior."""
    entry = state.models[model_id]
    if isinstance(effect, Modify):
        changed: tuple[Attribute, ...] = ATTRIBUTES if effect.attribute == "all" else (effect.attribute,)
        if at_attack:
            combat.change_attack(state, model_id, {attribute: effect.by for attribute in changed})
        else:
            modifiers = entry.setdefault(CARD_MODIFIERS, {})
            for attribute in changed:
                modifiers[attribute] = modifiers.get(attribute, 0) + effect.by
        text = MODIFIED_ATTACK if at_attack else MODIFIED
        return [
            Event(Message(text, {**said, "attribute": ATTRIBUTE_NAMES[attribute], "change": f"{effect.by:+d}"}))
            for attribute in changed
        ]
    if isinstance(effect, Limit):
        assert effect.action is not None, "a card's marker limit is applied by hand"
        entry.setdefault(limits.CARD_LIMITS, {})[effect.action] = effect.at_most
        return [Event(count_message(LIMITED[effect.action], effect.at_most, said))]
    if isinstance(effect, Dodge):
        return [Event(Message(DODGES, said)), *combat.free_dodge(state)]
    done = abilities.give(state, effect, model_id, zone)
    if isinstance(effect, Heal):
        return [Event(count_message(HEALED, done, {**said, "zone": Message(ZONE_NAMES[zone])}))]
    if isinstance(effect, Markers):
        return [Event(Message(GETS_MARKERS, {**said, "markers": count_message(MARKER_NAMES[effect.marker], done)}))]
    assert isinstance(effect, ActionPoints)
    return [Event(count_message(GETS_AP if done >= 0 else LOSES_AP, abs(done), said))]


def _template(state: SkirmishState, name: Message, effect: Template, at: list[float]) -> list[Event]:
    """The explosion template centred on `at`: its markers to everyone under it."""
    table = table_of(state)
    under = measure.models_under(table, measure.explosion(table, (at[0], at[1])))
    events = [Event(count_message(LAID, len(under), {"card": name, "x": at[0] / 10, "y": at[1] / 10}))]
    if effect.marker is None:
        return events
    given = Markers(verb="markers", marker=effect.marker, count=effect.count)
    for model_id in under:
        done = abilities.give(state, given, model_id)
        markers = count_message(MARKER_NAMES[effect.marker], done)
        events.append(
            Event(
                Message(
                    GETS_MARKERS, {"card": name, "name": data_name(state.models[model_id]["name"]), "markers": markers}
                )
            )
        )
    return events
