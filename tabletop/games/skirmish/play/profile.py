"""A warrior's profile card in play (rulebook L100-172, L296-306; DECISIONS.md S2, S4, S5):
the printed card, the items the warrior carries and the points marked on it.

Wounds mark a zone's white points first, then its red ones (L129). A zone whose
white points are all marked is wounded, and the attribute tied to it reads its red
value: PSI the head, KAT the arms, WID the torso, GES the legs (L139-147). A warrior
with every point of any one zone marked is out of action (L137, L298); wounds beyond
a zone's points are lost, never passed to another zone (S4). Healing removes the last
mark of a zone (L842, S4). Armour (RS) of all items adds up and is taken off the
wounds a hit would cause in a zone (L624, S5). Fractions round up (L304).

A card is immutable; each change gives a new one. Its state is plain data (the
warrior's key and the marks per zone), for a match state and for saves.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Literal

from tabletop.games.skirmish.card_schema import ZONE_OF, ZONES, Attribute, Item, Mode, Warrior, Zone
from tabletop.i18n import N_

#: marked points per body zone, in the order of ZONES (head, arms, torso, legs)
Marks = tuple[int, int, int, int]
NO_MARKS: Marks = (0, 0, 0, 0)

Status = Literal["normal", "wounded"]

#: the body zones as the log names them
ZONE_NAMES: dict[Zone, str] = {"head": N_("head"), "arms": N_("arms"), "torso": N_("torso"), "legs": N_("legs")}


def rounded_up(value: int | Fraction | float) -> int:
    """A game value as a whole number: fractions round up (L304)."""
    return math.ceil(value)


def halved(value: int) -> int:
    """Half a value, rounded up: PSI 3 halved is 2 (L306)."""
    return rounded_up(Fraction(value, 2))


def through_armour(wounds: int, armour: int) -> int:
    """The wounds a zone takes when armour (RS) meets `wounds` (L624): never below 0."""
    return max(0, wounds - armour)


@dataclass(frozen=True)
class ProfileCard:
    """A warrior's card in play: `warrior` the printed card, `items` the equipment it
    lists, `marks` the points marked per zone."""

    warrior: Warrior
    items: tuple[Item, ...] = ()
    marks: Marks = NO_MARKS

    def __post_init__(self) -> None:
        if len(self.marks) != len(ZONES) or any(
            not 0 <= mark <= sum(self.warrior.points_of(zone)) for zone, mark in zip(ZONES, self.marks, strict=True)
        ):
            raise ValueError(f"marks {self.marks} do not fit the zones of {self.warrior.key}")

    @property
    def key(self) -> str:
        return self.warrior.key

    # -- body zones ---------------------------------------------------------------------

    def marked(self, zone: Zone) -> int:
        """Points marked in a zone, white ones first."""
        return self.marks[ZONES.index(zone)]

    def unmarked(self, zone: Zone) -> tuple[int, int]:
        """(white, red) points of a zone still free."""
        white, red = self.warrior.points_of(zone)
        marked = self.marked(zone)
        return max(0, white - marked), min(red, white + red - marked)

    def status(self, zone: Zone) -> Status:
        """ "normal" while a white point of the zone is free, else "wounded" (L129, L870)."""
        return "wounded" if self.unmarked(zone)[0] == 0 else "normal"

    def is_wounded(self, zone: Zone) -> bool:
        return self.status(zone) == "wounded"

    @property
    def out_of_action(self) -> bool:
        """Every point of some zone is marked (L137, L298)."""
        return any(self.marked(zone) >= sum(self.warrior.points_of(zone)) for zone in ZONES)

    def healable(self) -> tuple[Zone, ...]:
        """The zones with a mark that healing could remove."""
        return () if self.out_of_action else tuple(zone for zone in ZONES if self.marked(zone))

    # -- attributes ------------------------------------------------------------------

    def printed(self, attribute: Attribute) -> int:
        """The value in force as printed: white while the attribute's zone is normal,
        red while it is wounded (L143)."""
        if self.is_wounded(ZONE_OF[attribute]):
            return self.warrior.red(attribute)
        return self.warrior.white(attribute)

    def attribute(
        self, attribute: Attribute, using: Mode | None = None, modifiers: Iterable[int | Fraction] = ()
    ) -> int:
        """The value in force: the printed white or red value, plus the bonus of the
        item being used (L634), plus other modifiers (markers, terrain, cards), rounded
        up (S2). It may fall to 0 or below (L240): the roll then fails."""
        total: int | Fraction = self.printed(attribute)
        if using is not None:
            total += using.bonus.get(attribute, 0)
        for modifier in modifiers:
            total += modifier
        return rounded_up(total)

    # -- hits -------------------------------------------------------------------------

    def hit_zone(self, face: int) -> Zone:
        """The zone a hit roll's face hits, by the card's hit index (L151-155)."""
        if not 1 <= face <= 6:
            raise ValueError(f"a hit roll shows 1 to 6, not {face}")
        return self.warrior.hit_index[face - 1]

    def armour(self, zone: Zone, ranged: bool = False) -> int:
        """The armour (RS) of a zone, summed over every item (S5); armour that counts
        only against ranged attacks counts when `ranged` (L746)."""
        total = 0
        for item in self.items:
            for mode in item.modes:
                if mode.armour is not None and (ranged or not mode.ranged_only):
                    total += mode.armour.of(zone)
        return total

    @property
    def full_protection(self) -> bool:
        """It wears an item of full protection (Vollschutz, S33)."""
        return any(mode.full_protection for item in self.items for mode in item.modes)

    # -- changes ---------------------------------------------------------------------

    def wound(self, zone: Zone, wounds: int = 1) -> ProfileCard:
        """The card with `wounds` more points marked in a zone; those beyond its last
        point are lost (S4)."""
        if wounds < 0:
            raise ValueError(f"wounds cannot be negative: {wounds}")
        index = ZONES.index(zone)
        marks = list(self.marks)
        marks[index] = min(sum(self.warrior.points_of(zone)), marks[index] + wounds)
        return replace(self, marks=(marks[0], marks[1], marks[2], marks[3]))

    def hit(self, zone: Zone, wounds: int, ranged: bool = False, armour_ignored: bool = False) -> ProfileCard:
        """The card after a hit that would cause `wounds` in a zone: armour takes its
        share first (L624), unless the rule says it is ignored (S5)."""
        if not armour_ignored:
            wounds = through_armour(wounds, self.armour(zone, ranged))
        return self.wound(zone, wounds)

    def wound_every_zone(self) -> ProfileCard:
        """One wound in each zone (area weapons, Explosiv, a failed climb: armour is
        ignored there, L590, L644, L696)."""
        card = self
        for zone in ZONES:
            card = card.wound(zone)
        return card

    def heal(self, zone: Zone, wounds: int = 1) -> ProfileCard:
        """The card with the last `wounds` marks of a zone removed (L842, S4). Only a
        zone with a mark heals, and never a warrior out of action (it has left the
        table for good, L298)."""
        if zone not in self.healable():
            raise ValueError(f"{self.key} has no wound to heal in the {zone}")
        index = ZONES.index(zone)
        marks = list(self.marks)
        marks[index] = max(0, marks[index] - wounds)
        return replace(self, marks=(marks[0], marks[1], marks[2], marks[3]))

    # -- state -----------------------------------------------------------------------

    def to_data(self) -> dict[str, Any]:
        """The card's state as plain JSON data: {"warrior": key, "marks": [4 ints]}."""
        return {"warrior": self.key, "marks": list(self.marks)}
