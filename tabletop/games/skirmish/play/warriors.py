"""The warriors in play: each base on the table is a starter warrior of
warriors.yaml with its profile card in play (play/profile.py). A warrior's entry in
the state is plain data: its card's key and marks, its AP, its uses of limited
actions this round and this game, its markers (fire, fear, poison, rage, slow) and
whether it has been activated this round.

Markers change the attributes in force (L662-666, S22): poison takes 1 from every
attribute whatever the number of markers; rage adds the number of its markers to
KAT and GES and takes it from WID and PSI. A warrior with no AP counts as
activated for the rest of the round, even if it gets AP back (L416, L832, S15).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, MutableMapping, Sequence
from typing import Any

from tabletop.games.skirmish.card_schema import ATTRIBUTES, MARKERS, Attribute, Warrior
from tabletop.games.skirmish.play import units
from tabletop.games.skirmish.play.cards import starter_set
from tabletop.games.skirmish.play.profile import NO_MARKS, ProfileCard

#: the AP every warrior has at the start of a round (L362, L436)
ROUND_AP = 3

Entry = MutableMapping[str, Any]


def card_warrior(key: str) -> Warrior:
    """The printed card of a starter warrior (KeyError for an unknown key)."""
    return starter_set().warriors[key]


def new_entry(
    key: str, side: int, at: Sequence[float], colour: str, number: int, name: str | None = None
) -> dict[str, Any]:
    """A warrior's entry as it enters the table: its card unmarked, 3 AP, no markers,
    nothing used. The base is the card's; the name its unit's for it, else the card's."""
    warrior = card_warrior(key)
    return {
        "warrior": key,
        "name": warrior.name if name is None else name,
        "base": float(warrior.base),
        "position": [float(at[0]), float(at[1])],
        "side": side,
        "colour": colour,
        "number": number,
        "marks": list(NO_MARKS),
        "ap": ROUND_AP,
        "activated": False,
        "round_uses": {},
        "game_uses": {},
        "markers": {marker: 0 for marker in MARKERS},
    }


def card(entry: Mapping[str, Any]) -> ProfileCard:
    """The warrior's profile card in play, with the points marked on it."""
    return starter_set().restore({"warrior": entry["warrior"], "marks": list(entry["marks"])})


def marker_modifiers(markers: Mapping[str, int], attribute: Attribute) -> tuple[int, ...]:
    """What the warrior's markers add to an attribute (L662-666, S22)."""
    found: list[int] = []
    if markers.get("poison", 0):
        found.append(-1)
    rage = markers.get("rage", 0)
    if rage:
        found.append(rage if attribute in ("kat", "ges") else -rage)
    return tuple(found)


#: a warrior's entry: what the tactical cards played this round add to its attributes
CARD_MODIFIERS = "card_modifiers"


def modifiers_of(entry: Mapping[str, Any], attribute: Attribute) -> tuple[int, ...]:
    """What the warrior's markers and the tactical cards played on it this round
    (`card_modifiers`, play/card_effects.py) add to an attribute (S2)."""
    played = entry.get(CARD_MODIFIERS, {}).get(attribute, 0)
    return (*marker_modifiers(entry["markers"], attribute), *((played,) if played else ()))


def in_force(entry: Mapping[str, Any], attribute: Attribute, extra: Iterable[int] = ()) -> int:
    """An attribute's value in force: the card's white or red value with the markers'
    and cards' modifiers (and any `extra`), rounded up (S2)."""
    return card(entry).attribute(attribute, modifiers=(*modifiers_of(entry, attribute), *extra))


def attributes_in_force(entry: Mapping[str, Any]) -> dict[str, int]:
    """Every attribute's value in force, from one reading of the card."""
    shown = card(entry)
    return {a: shown.attribute(a, modifiers=modifiers_of(entry, a)) for a in ATTRIBUTES}


def spend_ap(entry: Entry, ap: int) -> None:
    """Pay `ap`; a warrior left with none counts as activated for the round (S15)."""
    if ap > entry["ap"]:
        raise ValueError(f"{entry['name']} has {entry['ap']} AP, not {ap}")
    entry["ap"] -= ap
    if entry["ap"] == 0:
        entry["activated"] = True


def may_be_activated(entry: Mapping[str, Any]) -> bool:
    """Not activated this round and some AP left (L414-416)."""
    return not entry["activated"] and entry["ap"] > 0


def sp_pool(keys: Iterable[str], stigma: bool = False) -> int:
    """A side's strategy points: the sum of its warriors' PSI, halved and rounded up
    for a stigma unit (S8, play/units.py)."""
    return units.strategy_points((card_warrior(key).white("psi") for key in keys), stigma)
