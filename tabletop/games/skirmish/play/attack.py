"""What every attack shares (rulebook 5, L480; 6, L490-590; 8, L600-652; DECISIONS S5,
S16, S23, S25): what it costs and which limits it counts against, the weapon it is
made with, who may make a ranged one, the warriors it may hurt as plain data, the
choices it waits for, and how it ends.

- `attack_cost(item, mode)`: an Attack is 1 AP and counts against 2 attacks a round
  (L480, S16); an item with its own uses (X / Runde, X / Spiel, L650-652) counts
  against those too (a play/limits.Cost). The match keeps the counts and enforces
  them (`Cost.refusal`).
- `Victim.of(...)`: what a resolution needs of a warrior it may hurt, read from its
  card once (hit index, armour against ranged attacks, WID and GES in force, its own
  hit-roll shift), so a pending resolution is plain data.
- `Outcome`: the wounds (armour already taken off), the markers given, whether the
  attack succeeded (the target lost a point, L574) and its line for the log;
  `Outcome.cards(cards)` marks the wounds on the cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from tabletop.engine.core import Event, IllegalAction
from tabletop.games.skirmish.card_schema import ZONES, Attribute, HitShift, Item, Mode, Uses, Zone
from tabletop.games.skirmish.play import limits
from tabletop.games.skirmish.play.cards import starter_set
from tabletop.games.skirmish.play.profile import ProfileCard
from tabletop.games.skirmish.table import measure, terrain_moves
from tabletop.games.skirmish.table.table import Table
from tabletop.i18n import N_, Message, Nn_, data_name

#: modifiers in force per model id and attribute (markers, cards, terrain: S2), from the match
Modifiers = Mapping[str, Mapping[Attribute, int]]

#: high ground under the terrain rules (L694): range +5 cm, KAT +2 against a target below
HIGH_GROUND_RANGE = 50
HIGH_GROUND_KAT = 2

#: the hit roll and the body zone it names, for the log (a whole phrase: "arms" alone
#: could be read as weapons by a translator)
HIT_TO: dict[str, str] = {
    "head": N_("hit roll {face} -> head"),
    "arms": N_("hit roll {face} -> arms"),
    "torso": N_("hit roll {face} -> torso"),
    "legs": N_("hit roll {face} -> legs"),
}

# -- refusals ------------------------------------------------------------------------
NOT_FREE = N_("{warrior} is in contact with an enemy: only a free warrior attacks from afar.")
NO_ITEM = N_("{warrior} does not carry the item {item}.")
NO_SUCH_ITEM = N_("{warrior} carries no such item.")
NOT_OF_KIND = N_("The item {item} cannot be used that way.")

# -- the log -------------------------------------------------------------------------
DICE_AGAINST = Nn_("{count} die against {attribute} {value}", "{count} dice against {attribute} {value}")
SUCCESSES = Nn_("{count} success", "{count} successes")
WOUNDS = Nn_("{count} wound", "{count} wounds")
MARKERS = {
    "fire": Nn_("{warrior} gets {count} fire marker.", "{warrior} gets {count} fire markers."),
    "fear": Nn_("{warrior} gets {count} fear marker.", "{warrior} gets {count} fear markers."),
}


def count_message(pair: tuple[str, str], count: int, params: Mapping[str, Any] | None = None) -> Message:
    """The message of an Nn_ pair for `count`."""
    singular, plural = pair
    return Message(singular, {**(params or {}), "count": count}, plural)


# -- costs and limits ----------------------------------------------------------------


#: Angriff: 1 AP, 2 a round (L480); strike back and charge attacks count too (S16)
ATTACK_AP = limits.ATTACK_COST.ap


def attack_cost(item: Item, mode: Mode) -> limits.Cost:
    """A ranged attack with an item: an Attack (1 AP, 2 a round), and one use of the
    item where it has its own limit (the sniper rifle once a round, the molotov
    cocktail once a game)."""
    uses = limits.ATTACK_COST.uses
    if mode.per_round is not None or mode.per_game is not None:
        uses += (limits.item_use(item.key, item.name, Uses(round=mode.per_round, game=mode.per_game)),)
    return limits.Cost(ATTACK_AP, uses)


# -- who may attack, with what, at whom --------------------------------------------------


def weapon(card: ProfileCard, item_key: str, category: Literal["shooting", "throwable", "area"]) -> tuple[Item, Mode]:
    """The item a warrior attacks with, in the mode of that kind of attack."""
    item = next((item for item in card.items if item.key == item_key), None)
    if item is None:
        known = starter_set().items.get(item_key)
        if known is None:
            raise IllegalAction(Message(NO_SUCH_ITEM, {"warrior": Message(card.warrior.name)}))
        raise IllegalAction(Message(NO_ITEM, {"warrior": Message(card.warrior.name), "item": Message(known.name)}))
    mode = item.mode(category)
    if mode is None:
        raise IllegalAction(Message(NOT_OF_KIND, {"item": Message(item.name)}))
    return item, mode


def check_free(table: Table, cards: Mapping[str, ProfileCard], shooter: str) -> None:
    """A ranged attack needs a free warrior: no enemy touches it; friends may (S23)."""
    if table.engaged(shooter):
        raise IllegalAction(Message(NOT_FREE, {"warrior": Message(cards[shooter].warrior.name)}))


def high_ground(table: Table, shooter: str) -> bool:
    """The shooter stands on high ground and the terrain rules are played (L694)."""
    return terrain_moves.on_high_ground(table, table.models[shooter].position)


def reach(table: Table, shooter: str, mode: Mode) -> float:
    """The weapon's range in mm, 5 cm more from high ground (L694)."""
    return (mode.range or 0) + (HIGH_GROUND_RANGE if high_ground(table, shooter) else 0)


def element_name(table: Table, cards: Mapping[str, ProfileCard], element: str) -> Message:
    """A warrior's name, a model's label or a terrain piece's kind, translated where shown."""
    if element in cards:
        return data_name(cards[element].warrior.name)
    if element in table.models:
        return data_name(table.models[element].name or element)
    if element in table.pieces:
        return data_name(table.pieces[element].kind.name)
    return data_name(element)


# -- who is hit ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Victim:
    """What a resolution needs of a warrior it may hurt, as plain data: its name, side,
    hit index, armour per zone (head, arms, torso, legs) against this attack, WID and
    GES in force, the hit-roll shift its own effects give (Geschmeidig), and its
    distance to the attacker (edge to edge, mm)."""

    id: str
    name: str
    side: int
    hit_index: tuple[str, ...]
    armour: tuple[int, ...]
    wid: int
    ges: int
    shift: int = 0
    distance: float = 0.0

    @classmethod
    def of(
        cls, table: Table, cards: Mapping[str, ProfileCard], model: str, attacker: str, modifiers: Modifiers
    ) -> Victim:
        card = cards[model]
        mods = modifiers.get(model, {})
        shift = sum(
            effect.by
            for ability in card.warrior.abilities
            for effect in ability.effects
            if isinstance(effect, HitShift) and effect.target.who == "self"
        )
        return cls(
            model,
            card.warrior.name,
            table.models[model].side,
            tuple(card.warrior.hit_index),
            tuple(card.armour(zone, ranged=True) for zone in ZONES),
            card.attribute("wid", modifiers=(mods.get("wid", 0),)),
            card.attribute("ges", modifiers=(mods.get("ges", 0),)),
            shift,
            measure.edge_distance(table, attacker, model) if model != attacker else 0.0,
        )

    def armour_of(self, zone: str) -> int:
        return self.armour[ZONES.index(_zone(zone))]

    def to_data(self) -> dict[str, Any]:
        return {**self.__dict__, "hit_index": list(self.hit_index), "armour": list(self.armour)}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Victim:
        return cls(**{**data, "hit_index": tuple(data["hit_index"]), "armour": tuple(data["armour"])})


def _zone(name: str) -> Zone:
    for zone in ZONES:
        if zone == name:
            return zone
    raise ValueError(f"no body zone {name!r}")


@dataclass(frozen=True)
class Wound:
    """Wounds landing in one zone of a warrior, armour already taken off."""

    warrior: str
    zone: str
    wounds: int


@dataclass(frozen=True)
class Given:
    """Markers given to a warrior (fire, fear ...)."""

    warrior: str
    marker: str
    count: int


@dataclass(frozen=True)
class Outcome:
    """How an attack ended: `succeeded` when the target lost a point (L574), the
    wounds and markers given, the attack's line for the log and, after a hit roll,
    the face the hit index was finally read at (the dice tray marks it)."""

    succeeded: bool
    wounds: tuple[Wound, ...]
    markers: tuple[Given, ...]
    line: Message
    face: int | None = None
    #: the outcome in short, for the dice tray ("Gorm: 2 wounds (arms)")
    summary: Message | None = field(default=None, compare=False)

    def cards(self, cards: Mapping[str, ProfileCard]) -> dict[str, ProfileCard]:
        """The cards this outcome changes, with their wounds marked."""
        changed: dict[str, ProfileCard] = {}
        for wound in self.wounds:
            card = changed.get(wound.warrior, cards[wound.warrior])
            changed[wound.warrior] = card.wound(_zone(wound.zone), wound.wounds)
        return changed

    def events(self, cards: Mapping[str, ProfileCard]) -> tuple[Event, ...]:
        """The log lines of the end: the attack's line and the markers given, named
        from `cards` (before the change); a warrior put out of action says so as it
        leaves the table (rounds.remove), once."""
        read: dict[str, Any] = {"result": True}
        if self.face is not None:
            read["face"] = self.face
        if self.summary is not None:
            read["summary"] = self.summary
        lines = [Event(self.line, data=read)]
        for given in self.markers:
            name = Message(cards[given.warrior].warrior.name)  # a card's name, translated where shown
            lines.append(Event(count_message(MARKERS[given.marker], given.count, {"warrior": name})))
        return tuple(lines)


def weapon_markers(warrior: str, fire: int, fear: int) -> tuple[Given, ...]:
    """The markers an item's Brand (X) and Furcht (X) give a warrior it is used against
    (L638-640)."""
    found = []
    if fire:
        found.append(Given(warrior, "fire", fire))
    if fear:
        found.append(Given(warrior, "fear", fear))
    return tuple(found)


# -- choices -------------------------------------------------------------------------


@dataclass(frozen=True)
class Choice:
    """A choice a resolution waits for: the model whose player makes it, what it is
    (`kind`), the options (faces of the hit roll, or model ids) and the question."""

    chooser: str
    kind: Literal["stray", "effect_shift", "shift"]
    options: tuple[int | str, ...]
    prompt: Message


Stage = Literal["kat", "stray", "hit", "effect_shift", "shift", "strength", "done"]
