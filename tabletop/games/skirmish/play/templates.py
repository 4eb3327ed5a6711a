"""Thrown and area weapons, resolved through their templates (rulebook L576-590,
L638-644; DECISIONS S5, S25, S26). Both are Attacks (1 AP, 2 a round, L480) by a free
warrior, with no attack roll: they hit an area (L580, L590).

- A throwable (molotov cocktail, hand grenade) lands on a point at most its range
  from the thrower's base edge, which the thrower must see (or see a warrior standing
  on it); the nearest-target rule does not bind it (L578-582, S26). The explosion
  template is centred on the point and reaches every warrior under it at least in
  part, friends and the thrower too (S26). Explosiv (X): X dice against each one's WID;
  any success is one wound in every zone, armour ignored (L644, S5). Its Brand and
  Furcht markers go to everyone under the template, hurt or not (L644, S25).
- An area weapon (flamethrower) lays the flame template with its narrow end touching
  the attacker's base, turned as the attacker likes as long as it covers at least part
  of a nearest enemy, engaged or not; sight and terrain do not matter (L588-590, S26).
  Everyone under it takes one wound in every zone, armour ignored, and the weapon's
  markers (Brand (1)).

The table's own geometry lays the templates and says who is under them
(table/measure.py). A `Blast` waits for one Explosiv roll per warrior under the
template, in the table's order; a flame needs no dice and gives its `Outcome` at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from tabletop.engine.core import ChanceSpec, Event, IllegalAction
from tabletop.games.skirmish.card_schema import ZONES
from tabletop.games.skirmish.play import chance
from tabletop.games.skirmish.play.attack import (
    Given,
    Modifiers,
    Outcome,
    Victim,
    Wound,
    check_free,
    count_message,
    element_name,
    reach,
    weapon,
    weapon_markers,
)
from tabletop.games.skirmish.play.chance import PendingRoll
from tabletop.games.skirmish.play.dice import Successes, explosion_roll, explosion_wounds
from tabletop.games.skirmish.play.profile import ProfileCard
from tabletop.games.skirmish.table import measure
from tabletop.games.skirmish.table.planar import EPS, Point
from tabletop.games.skirmish.table.sight import sight
from tabletop.games.skirmish.table.table import Table
from tabletop.i18n import N_, Message, Nn_

# -- refusals ------------------------------------------------------------------------
OFF_TABLE = N_("That point lies off the table.")
THROW_OUT_OF_RANGE = N_("The point is {distance:.1f} cm from {warrior}; the {item} reaches {reach:.1f} cm.")
THROW_OUT_OF_SIGHT = N_("{warrior} cannot see that point: {blocker} is in the way.")
THROW_IN_FOG = N_("{warrior} cannot see that point: in the fog nothing farther than {limit:g} cm is seen.")
NO_ENEMY = N_("{warrior} has no enemy to turn the {item} on.")
FLAME_MISSES_NEAREST = N_("The flame must cover {nearest}, the nearest enemy.")

# -- the log -------------------------------------------------------------------------
THROWN = Nn_(
    "{thrower} throws the {item}: {count} warrior under the template.",
    "{thrower} throws the {item}: {count} warriors under the template.",
)
EXPLODED = N_("{warrior} is caught in the explosion: a wound in each zone.")
SPARED = N_("{warrior} comes through the explosion unhurt.")
FLAMED = Nn_(
    "{attacker} turns the {item} on the enemy: {count} warrior under the flame, a wound in each zone.",
    "{attacker} turns the {item} on the enemy: {count} warriors under the flame, a wound in each zone.",
)


def every_zone(warrior: str) -> tuple[Wound, ...]:
    """One wound in each body zone, armour ignored (L590, L644)."""
    return tuple(Wound(warrior, zone, 1) for zone in ZONES)


# -- throwables: the explosion --------------------------------------------------------


@dataclass(frozen=True)
class Blast:
    """A throwable's explosion being resolved: the warriors under the template and the
    successes of the Explosiv rolls made so far (one per warrior, in order). `need` is
    the next roll, `rolled(faces)` the next blast with its `events`, until `outcome`."""

    thrower: str
    thrower_name: str
    item: str
    item_name: str
    point: tuple[float, float]
    explosive: int
    fire: int
    fear: int
    under: tuple[Victim, ...]
    results: tuple[int, ...] = ()
    outcome: Outcome | None = None
    events: tuple[Event, ...] = field(default=(), compare=False)

    @property
    def need(self) -> PendingRoll[Successes] | None:
        """The Explosiv roll on the next warrior under the template; None once over."""
        if self.outcome is not None:
            return None
        victim = self.under[len(self.results)]
        return chance.explosion(victim.name, explosion_roll(self.explosive, victim.wid))

    def chance_spec(self) -> ChanceSpec | None:
        """The engine's chance step for the next roll; None when over or when the roll
        needs no dice (then call `rolled(())` at once)."""
        need = self.need
        return chance.chance_spec(need) if need is not None else None

    def rolled(self, faces: tuple[int, ...]) -> Blast:
        need = self.need
        if need is None:
            raise ValueError("the explosion waits for no roll")
        result = chance.settle(need, faces)
        victim = self.under[len(self.results)]
        hurt = explosion_wounds(result)
        said = Message(EXPLODED if hurt else SPARED, {"warrior": victim.name})
        after = replace(self, results=(*self.results, result.successes))
        events = (chance.rolled(need, result), Event(said))
        if len(after.results) == len(self.under):
            return replace(after._finished(), events=events)
        return replace(after, events=events)

    def _finished(self) -> Blast:
        wounds: list[Wound] = []
        markers: list[Given] = []
        for victim, successes in zip(self.under, self.results, strict=False):
            if successes:
                wounds += every_zone(victim.id)
            markers += weapon_markers(victim.id, self.fire, self.fear)
        line = count_message(THROWN, len(self.under), {"thrower": self.thrower_name, "item": Message(self.item_name)})
        return replace(self, outcome=Outcome(bool(wounds), tuple(wounds), tuple(markers), line))

    def to_data(self) -> dict[str, Any]:
        """A pending blast as plain JSON data (outcome and events are not kept)."""
        data = {name: value for name, value in self.__dict__.items() if name not in ("outcome", "events")}
        return {**data, "point": list(self.point), "under": [v.to_data() for v in self.under]}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Blast:
        return cls(
            **{
                **data,
                "point": (data["point"][0], data["point"][1]),
                "under": tuple(Victim.from_data(v) for v in data["under"]),
                "results": tuple(data["results"]),
            }
        )


def throw(
    table: Table,
    cards: Mapping[str, ProfileCard],
    thrower: str,
    item_key: str,
    point: Point,
    modifiers: Modifiers | None = None,
) -> Blast:
    """A throwable thrown by `thrower` onto `point`. IllegalAction says why not: the
    thrower is not free or carries no such throwable, the point is off the table, out
    of range (edge to point) or out of sight."""
    card = cards[thrower]
    check_free(table, cards, thrower)
    item, mode = weapon(card, item_key, "throwable")
    x, y = float(point[0]), float(point[1])
    if not (0 <= x <= table.width and 0 <= y <= table.height):
        raise IllegalAction(Message(OFF_TABLE))
    limit = reach(table, thrower, mode)
    distance = measure.distance_to_point(table, thrower, (x, y))
    if distance > limit + EPS:
        params = {"distance": distance / 10, "warrior": card.warrior.name, "item": Message(item.name)}
        raise IllegalAction(Message(THROW_OUT_OF_RANGE, {**params, "reach": limit / 10}))
    seen = sight(table, thrower, (x, y))
    if seen.too_far:
        limit_cm = (table.sight_limit or 0) / 10
        raise IllegalAction(Message(THROW_IN_FOG, {"warrior": card.warrior.name, "limit": limit_cm}))
    if not seen.visible:
        blocker = element_name(table, cards, seen.blocker or "")
        raise IllegalAction(Message(THROW_OUT_OF_SIGHT, {"warrior": card.warrior.name, "blocker": blocker}))
    mods = modifiers or {}
    under = measure.models_under(table, measure.explosion(table, (x, y)))
    blast = Blast(
        thrower,
        card.warrior.name,
        item.key,
        item.name,
        (x, y),
        mode.explosive or 0,
        mode.fire or 0,
        mode.fear or 0,
        tuple(Victim.of(table, cards, model, thrower, mods) for model in under),
    )
    if not under or not blast.explosive:
        # nobody to roll for: only the markers of what was thrown
        return replace(blast, results=tuple(0 for _ in under))._finished()
    return blast


# -- area weapons: the flame ----------------------------------------------------------


def flame_refusal(
    table: Table, cards: Mapping[str, ProfileCard], attacker: str, item_key: str, angle: float
) -> Message | None:
    """Why the flame may not be laid at `angle` degrees (None: it may): the attacker
    is not free or carries no area weapon, has no enemy, or the template misses every
    nearest enemy (L590)."""
    try:
        _flame_under(table, cards, attacker, item_key, angle)
    except IllegalAction as refused:
        return refused.reason
    return None


def _flame_under(
    table: Table, cards: Mapping[str, ProfileCard], attacker: str, item_key: str, angle: float
) -> list[str]:
    card = cards[attacker]
    check_free(table, cards, attacker)
    item, _mode = weapon(card, item_key, "area")
    nearest = measure.nearest_enemies(table, attacker)
    if not nearest:
        raise IllegalAction(Message(NO_ENEMY, {"warrior": card.warrior.name, "item": Message(item.name)}))
    under = measure.models_under(table, measure.flame(table, attacker, angle), exclude=(attacker,))
    if not set(nearest) & set(under):
        raise IllegalAction(Message(FLAME_MISSES_NEAREST, {"nearest": element_name(table, cards, nearest[0])}))
    return under


def flame(
    table: Table,
    cards: Mapping[str, ProfileCard],
    attacker: str,
    item_key: str,
    angle: float,
    modifiers: Modifiers | None = None,
) -> Outcome:
    """The flame of `attacker`'s area weapon laid at `angle` degrees (0 to the right,
    clockwise on the screen): everyone under it takes one wound in every zone, armour
    ignored, and the weapon's markers. IllegalAction as `flame_refusal` says."""
    under = _flame_under(table, cards, attacker, item_key, angle)
    item, mode = weapon(cards[attacker], item_key, "area")
    wounds = tuple(wound for model in under for wound in every_zone(model))
    markers = tuple(given for model in under for given in weapon_markers(model, mode.fire or 0, mode.fear or 0))
    line = count_message(FLAMED, len(under), {"attacker": cards[attacker].warrior.name, "item": Message(item.name)})
    return Outcome(bool(wounds), wounds, markers, line)
