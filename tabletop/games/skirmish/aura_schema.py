"""A terrain kind's aura (terrain.yaml, `aura:`): what a piece does to the warriors
about it under the extended terrain rules, in a declared vocabulary, so that a
modder's piece says it in the same words as the rulebook's energy field generator
and cult statue (L746-748). Each effect has a verb:

- `item`: every warrior it reaches has the item (an armour item of equipment.yaml)
  while its base is at most `within` mm from the piece's outline;
- `modify`: an attribute in force changes by `by` while within;
- `no_attack`: the warriors it names may not attack the piece.

`who` names the warriors reached: of one of `factions` (warriors.yaml's keys) and of
one of `types`; an empty list allows any. The references (items, factions, types)
are checked against the other files with the data set (`aura_problems`).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Discriminator, Field, model_validator

from tabletop.engine.data import DataModel, LoadedData, Problem, field_faults
from tabletop.engine.gamedata import Identifier
from tabletop.games.skirmish.card_schema import Attribute, EquipmentData, WarriorsData
from tabletop.i18n import _

#: how far an aura reaches at most, mm (a piece's aura over half a large table is a mistake)
MAX_WITHIN = 500
Within = Annotated[float, Field(gt=0, le=MAX_WITHIN)]


class Who(DataModel):
    """The warriors an effect reaches: of one of `factions` and of one of `types`
    (an empty list: any)."""

    factions: Annotated[list[Identifier], Field(max_length=20)] = []
    types: Annotated[list[Identifier], Field(max_length=20)] = []


class CarryItem(DataModel):
    """Every warrior reached has `item` while within (the generator's field, L746)."""

    verb: Literal["item"]
    item: Identifier
    within: Within
    who: Who = Who()


class ModifyAttribute(DataModel):
    """An attribute in force changes by `by` while within (the statue's PSI, L748)."""

    verb: Literal["modify"]
    attribute: Attribute
    by: Annotated[int, Field(ge=-20, le=20)]
    within: Within
    who: Who = Who()

    @model_validator(mode="after")
    def _changes(self) -> ModifyAttribute:
        if self.by == 0:
            raise field_faults([(("by",), _("a modifier of 0 changes nothing"))])
        return self


class NoAttack(DataModel):
    """The warriors reached may not attack the piece (the statue, L748)."""

    verb: Literal["no_attack"]
    who: Who = Who()


AuraEffect = Annotated[CarryItem | ModifyAttribute | NoAttack, Discriminator("verb")]
#: the verbs of a terrain aura
AURA_VERBS: tuple[str, ...] = ("item", "modify", "no_attack")
Aura = Annotated[list[AuraEffect], Field(min_length=1, max_length=10)]


def aura_problems(
    loaded: LoadedData,
    terrain_file: str,
    auras: list[tuple[int, list[CarryItem | ModifyAttribute | NoAttack]]],
    warriors: WarriorsData,
    equipment: EquipmentData,
) -> list[Problem]:
    """Each aura's references against the cards, at its line of `terrain_file`
    (`auras`: the kind's index and its aura): an item is an armour item of
    equipment.yaml (nothing else can be carried by standing near a piece), and the
    factions and types are those of warriors.yaml."""
    items = {item.key: item for item in equipment.items}
    factions = {faction.key for faction in warriors.factions}
    types = {kind for warrior in warriors.warriors for kind in warrior.types}
    problems = []
    for index, aura in auras:
        for number, effect in enumerate(aura):
            where = ("kinds", index, "aura", number)
            if isinstance(effect, CarryItem):
                item = items.get(effect.item)
                if item is None:
                    message = _("no item {key} in equipment.yaml", key=repr(effect.item))
                    problems.append(loaded.problem(terrain_file, (*where, "item"), message))
                elif any(mode.category != "armour" for mode in item.modes):
                    message = _("an aura gives only armour; {key} is more", key=repr(effect.item))
                    problems.append(loaded.problem(terrain_file, (*where, "item"), message))
            for place, key in enumerate(effect.who.factions):
                if key not in factions:
                    message = _("no faction {key} in warriors.yaml", key=repr(key))
                    problems.append(loaded.problem(terrain_file, (*where, "who", "factions", place), message))
            for place, key in enumerate(effect.who.types):
                if key not in types:
                    message = _("no warrior has the type {type}", type=repr(key))
                    problems.append(loaded.problem(terrain_file, (*where, "who", "types", place), message))
    return problems
