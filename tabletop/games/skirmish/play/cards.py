"""The starter set of profile cards (data/skirmish/warriors.yaml and equipment.yaml):
the factions, the warriors, the items, and a warrior's card ready for play or
restored from a saved state."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from tabletop.engine.data import LoadedData
from tabletop.games.skirmish import schema
from tabletop.games.skirmish.card_schema import ZONES, EquipmentData, Faction, Item, Warrior, WarriorsData
from tabletop.games.skirmish.play.profile import ProfileCard


@dataclass(frozen=True, eq=False)
class StarterSet:
    """Factions, warriors and items by key, in data order."""

    factions: Mapping[str, Faction]
    warriors: Mapping[str, Warrior]
    items: Mapping[str, Item]

    @classmethod
    def from_data(cls, warriors: WarriorsData, equipment: EquipmentData) -> StarterSet:
        return cls(
            {faction.key: faction for faction in warriors.factions},
            {warrior.key: warrior for warrior in warriors.warriors},
            {item.key: item for item in equipment.items},
        )

    @classmethod
    def from_loaded(cls, loaded: LoadedData) -> StarterSet:
        return cls.from_data(loaded[schema.WARRIORS_FILE], loaded[schema.EQUIPMENT_FILE])

    def of_faction(self, faction: str) -> tuple[Warrior, ...]:
        return tuple(warrior for warrior in self.warriors.values() if warrior.faction == faction)

    def gear(self, warrior: Warrior) -> tuple[Item, ...]:
        """The items a card lists, in its order."""
        return tuple(self.items[key] for key in warrior.equipment)

    def card(self, key: str) -> ProfileCard:
        """A warrior's card as it enters play: nothing marked."""
        warrior = self.warriors[key]
        return ProfileCard(warrior, self.gear(warrior))

    def restore(self, data: Mapping[str, Any]) -> ProfileCard:
        """A card from its state (`ProfileCard.to_data`); ValueError when the data
        names no warrior of the set or marks that do not fit its zones."""
        key, marks = data.get("warrior"), data.get("marks")
        if not isinstance(key, str) or key not in self.warriors:
            raise ValueError(f"no warrior {key!r} in the starter set")
        if (
            not isinstance(marks, list | tuple)
            or len(marks) != len(ZONES)
            or not all(isinstance(m, int) and not isinstance(m, bool) for m in marks)
        ):
            raise ValueError(f"marks {marks!r} are not four whole numbers")
        warrior = self.warriors[key]
        return ProfileCard(warrior, self.gear(warrior), (marks[0], marks[1], marks[2], marks[3]))


@cache
def starter_set() -> StarterSet:
    """The bundled starter set, loaded and checked once."""
    return StarterSet.from_loaded(schema.bundled())
