"""Terrain auras in play (terrain.yaml `aura:`, aura_schema.py): under the extended
terrain rules a piece's aura reaches the warriors it names.

- The energy field generator (L746): every warrior whose base is at most 5 cm from
  its outline has the item Gyromagnetic field (armour all +2, against ranged attacks
  only), added to the armour it has, while it stays there.
- The cult statue (L748): warriors of the Matriarchat (her slaves are of her
  faction) may not attack it; her sisters at most 10 cm from it have PSI +1
  (a distance, not a movement: the storm leaves it at 10 cm, S37).

An aura is read where its effect matters, never kept: the armour when a ranged
attack is made, an attribute wherever the attribute in force is read (the rolls on
it, the warrior's card, the readout). "Within X" is measured from the base's edge to
the piece's outline, as touching a piece is. The same aura of two pieces of one
kind counts once, as an item carried twice is carried once. A destroyed piece is a
destroyed area and has no aura.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from tabletop.games.skirmish.aura_schema import CarryItem, ModifyAttribute, NoAttack, Who
from tabletop.games.skirmish.card_schema import ATTRIBUTES, ZONES, Attribute, Item, Warrior
from tabletop.games.skirmish.play.cards import starter_set
from tabletop.games.skirmish.play.profile import ZONE_NAMES, ProfileCard
from tabletop.games.skirmish.play.state import SkirmishState, table_of
from tabletop.games.skirmish.play.warriors import card, card_warrior, in_force, modifiers_of
from tabletop.games.skirmish.schema import TerrainKind
from tabletop.games.skirmish.table.planar import EPS
from tabletop.games.skirmish.table.table import Table
from tabletop.i18n import N_, Message, data_name

#: the attributes as the card prints them
ATTRIBUTE_NAMES = {"psi": "PSI", "kat": "KAT", "wid": "WID", "ges": "GES"}

NO_ATTACK = N_("{name} may not attack {piece}: warriors of its faction or type may not attack it.")
ITEM_RANGED = N_("{piece}: {item}, armour {armour} against ranged attacks")
ITEM = N_("{piece}: {item}, armour {armour}")
MODIFIED = N_("{piece}: {attribute} {by}")
# a kind's aura in the players' words (the piece's description)
AURA_ITEM = N_("{item} within {cm} cm")
AURA_MODIFY = N_("{attribute} {by} within {cm} cm")
AURA_FOR = N_("{effect} for {who}")
AURA_NO_ATTACK = N_("{who} may not attack it")
NO_ONE_ATTACKS = N_("no warrior may attack it")
TYPES_OF = N_("{types} of {factions}")
#: the warriors' types of warriors.yaml, as an aura names them (another type goes by its key)
TYPE_NAMES = {
    "human": N_("humans"),
    "cyborg": N_("cyborgs"),
    "sister": N_("sisters"),
    "slave": N_("slaves"),
    "mutant": N_("mutants"),
}


@dataclass(frozen=True)
class Reached:
    """One effect of a piece's aura on a warrior: the piece and the effect."""

    piece: str
    kind: str
    name: str  # the kind's name, English
    effect: CarryItem | ModifyAttribute


def names(who: Who, warrior: Warrior) -> bool:
    """The warrior is one of those `who` names."""
    return (not who.factions or warrior.faction in who.factions) and (
        not who.types or any(kind in who.types for kind in warrior.types)
    )


def gap(table: Table, model_id: str, piece_id: str) -> float:
    """From the base's edge to the piece's outline, mm (0 when it touches or stands on it)."""
    model = table.models[model_id]
    return max(0.0, table.pieces[piece_id].distance_to_point(model.position) - model.radius)


def _auras(table: Table) -> Iterator[tuple[str, CarryItem | ModifyAttribute | NoAttack]]:
    if not table.ruleset.terrain_rules:
        return
    for piece_id, piece in table.pieces.items():
        for effect in piece.kind.aura or ():
            yield piece_id, effect


def reached(state: SkirmishState, model_id: str) -> list[Reached]:
    """The aura effects on a warrior where it stands now, each kind's effect once."""
    table = table_of(state)
    warrior = card_warrior(state.models[model_id]["warrior"])
    found: dict[tuple[str, int], Reached] = {}
    for piece_id, effect in _auras(table):
        if isinstance(effect, NoAttack) or not names(effect.who, warrior):
            continue
        kind = table.pieces[piece_id].kind
        key = (kind.key, (kind.aura or []).index(effect))
        if key not in found and gap(table, model_id, piece_id) <= effect.within + EPS:
            found[key] = Reached(piece_id, kind.key, kind.name, effect)
    return list(found.values())


def items(state: SkirmishState, model_id: str) -> tuple[Item, ...]:
    """The items the auras give the warrior now."""
    keys = dict.fromkeys(r.effect.item for r in reached(state, model_id) if isinstance(r.effect, CarryItem))
    return tuple(starter_set().items[key] for key in keys)


def bonus(state: SkirmishState, model_id: str) -> dict[Attribute, int]:
    """What the auras add to each attribute of the warrior now."""
    found = dict.fromkeys(ATTRIBUTES, 0)
    for r in reached(state, model_id):
        if isinstance(r.effect, ModifyAttribute):
            found[r.effect.attribute] += r.effect.by
    return found


def card_in_play(state: SkirmishState, model_id: str) -> ProfileCard:
    """The warrior's card in play with the items the auras give it (their armour
    adds to its own, L746)."""
    shown = card(state.models[model_id])
    given = tuple(item for item in items(state, model_id) if item not in shown.items)
    return replace(shown, items=shown.items + given) if given else shown


def attribute_in_force(state: SkirmishState, model_id: str, attribute: Attribute, extra: tuple[int, ...] = ()) -> int:
    """An attribute in force (warriors.in_force) with what the auras add, and the
    roll's own `extra` modifiers (a swim's burden)."""
    by = bonus(state, model_id)[attribute]
    return in_force(state.models[model_id], attribute, ((by,) if by else ()) + extra)


def attributes_in_force(state: SkirmishState, model_id: str) -> dict[str, int]:
    """Every attribute in force with the auras, from one reading of the card."""
    entry = state.models[model_id]
    shown = card(entry)
    added = bonus(state, model_id)
    return {a: shown.attribute(a, modifiers=(*modifiers_of(entry, a), added[a])) for a in ATTRIBUTES}


def attack_refusal(state: SkirmishState, model_id: str, piece_id: str) -> Message | None:
    """Why the warrior may not attack the piece by its aura (None: it may)."""
    table = table_of(state)
    if piece_id not in table.pieces:
        return None
    warrior = card_warrior(state.models[model_id]["warrior"])
    for piece, effect in _auras(table):
        if piece == piece_id and isinstance(effect, NoAttack) and names(effect.who, warrior):
            name = Message(table.pieces[piece_id].kind.name)
            return Message(NO_ATTACK, {"name": data_name(state.models[model_id]["name"]), "piece": name})
    return None


def _armour_words(item: Item) -> tuple[str, bool]:
    """An armour item's protection in words ("+2", "head +1, torso +1") and whether
    it counts against ranged attacks only."""
    mode = next(mode for mode in item.modes if mode.armour is not None)
    assert mode.armour is not None
    if mode.armour.all:
        return f"+{mode.armour.all}", mode.ranged_only
    parts = [
        f"{Message(ZONE_NAMES[zone]).render()} +{getattr(mode.armour, zone)}"
        for zone in ZONES
        if getattr(mode.armour, zone)
    ]
    return ", ".join(parts), mode.ranged_only


def reasons(state: SkirmishState, model_id: str) -> tuple[Message, ...]:
    """What the auras give the warrior now, each with the piece it comes from
    ("Energy field generator: Gyromagnetic field, armour +2 against ranged attacks")."""
    found = []
    for r in reached(state, model_id):
        piece = Message(r.name)
        if isinstance(r.effect, CarryItem):
            item = starter_set().items[r.effect.item]
            armour, ranged_only = _armour_words(item)
            found.append(
                Message(
                    ITEM_RANGED if ranged_only else ITEM, {"piece": piece, "item": Message(item.name), "armour": armour}
                )
            )
        else:
            by = f"{r.effect.by:+d}"
            attribute = ATTRIBUTE_NAMES[r.effect.attribute]
            found.append(Message(MODIFIED, {"piece": piece, "attribute": attribute, "by": by}))
    return tuple(found)


def _who_words(who: Who) -> str:
    """The warriors an effect names, in words ("sisters of Matriarchat"); "" for any."""
    factions = starter_set().factions
    named = " / ".join(Message(factions[key].name).render() if key in factions else key for key in who.factions)
    types = " / ".join(Message(TYPE_NAMES[key]).render() if key in TYPE_NAMES else key for key in who.types)
    if named and types:
        return Message(TYPES_OF, {"types": types, "factions": named}).render()
    return named or types


def kind_words(kind: TerrainKind) -> list[str]:
    """A kind's aura in the players' words, one phrase per effect ("Gyromagnetic field
    within 5 cm", "PSI +1 within 10 cm for sisters of Matriarchat", "Matriarchat may
    not attack it")."""
    words = []
    for effect in kind.aura or ():
        who = _who_words(effect.who)
        if isinstance(effect, NoAttack):
            said = Message(AURA_NO_ATTACK, {"who": who}) if who else Message(NO_ONE_ATTACKS)
            words.append(said.render())
            continue
        cm = f"{effect.within / 10:g}"
        if isinstance(effect, CarryItem):
            what = Message(AURA_ITEM, {"item": Message(starter_set().items[effect.item].name), "cm": cm})
        else:
            attribute = ATTRIBUTE_NAMES[effect.attribute]
            what = Message(AURA_MODIFY, {"attribute": attribute, "by": f"{effect.by:+d}", "cm": cm})
        words.append(Message(AURA_FOR, {"effect": what, "who": who}).render() if who else what.render())
    return words
