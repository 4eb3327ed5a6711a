"""Data models of the skirmish game's profile cards and equipment (DECISIONS.md S38).

- `data/skirmish/warriors.yaml` (`WarriorsData`): the factions and every warrior's
  profile card: faction, stigma, types, base, points (or contamination for a
  non-player warrior), the four attributes with their white and red values, the
  four body zones with their white and red points, the hit index, equipment and
  special abilities.
- `data/skirmish/equipment.yaml` (`EquipmentData`): the items, each with one mode
  per category it belongs to.

Special abilities are data in a declared vocabulary of effects (`EFFECT_VERBS`);
an effect the vocabulary cannot express is written in the ability's text, for
the players to apply by hand, never as code. References between the two files
(equipment keys, what an ability needs, base sizes) are checked with the data set
(schema.py).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, Discriminator, Field, field_validator, model_validator

from tabletop.engine.data import DataModel, field_faults, unique_by
from tabletop.engine.gamedata import Identifier, Label, Text
from tabletop.i18n import _

Attribute = Literal["psi", "kat", "wid", "ges"]
Zone = Literal["head", "arms", "torso", "legs"]
Marker = Literal["fire", "fear", "poison", "rage", "slow"]
Stigma = Literal["destruction", "order", "protection", "change", "chaos"]

#: the attributes and the body zones in the order the card prints them
ATTRIBUTES: tuple[Attribute, ...] = ("psi", "kat", "wid", "ges")
ZONES: tuple[Zone, ...] = ("head", "arms", "torso", "legs")
#: the markers a warrior may carry, in the order the card shows them
MARKERS: tuple[Marker, ...] = ("fire", "fear", "poison", "rage", "slow")
#: the body zone whose wounds switch an attribute to its red value (L139, L834)
ZONE_OF: dict[Attribute, Zone] = {"psi": "head", "kat": "arms", "wid": "torso", "ges": "legs"}

Value = Annotated[int, Field(ge=0, le=20)]
Positive = Annotated[int, Field(ge=1, le=100)]
#: The limits of the cards (docs/DATA.md lists them with the table's in schema.py).
MAX_WARRIORS = 200
MAX_FACTIONS = 20
MAX_ITEMS = 200
MAX_CARRIED = 20  # items on one card
MAX_ABILITIES = 20  # abilities on one card
Millimetres = Annotated[int, Field(ge=1, le=10_000)]
#: a value with its white (normal) and red (wounded) figure
WhiteRed = tuple[Value, Value]


def _distinct(keys: list[str]) -> list[str]:
    """A list of keys naming each thing once; a repeat is reported at its line."""
    repeats = [
        ((index,), _("{key} is listed twice", key=repr(key))) for index, key in enumerate(keys) if key in keys[:index]
    ]
    if repeats:
        raise field_faults(repeats)
    return keys


# -- equipment.yaml ----------------------------------------------------------------


class Armour(DataModel):
    """Armour (RS) by body zone; `all` protects every zone (L624)."""

    head: Positive | None = None
    arms: Positive | None = None
    torso: Positive | None = None
    legs: Positive | None = None
    all: Positive | None = None

    @model_validator(mode="after")
    def _some_zone(self) -> Armour:
        if not any(getattr(self, name) for name in type(self).model_fields):
            raise ValueError(_("armour protects at least one zone (or all)"))
        return self

    def of(self, zone: Zone) -> int:
        """The armour this gives a zone."""
        return (getattr(self, zone) or 0) + (self.all or 0)


Category = Literal["shooting", "throwable", "area", "armour", "tech", "melee"]


class Mode(DataModel):
    """One category of an item with its bonus and game effects (L602-652)."""

    category: Category
    bonus: dict[Attribute, Annotated[int, Field(ge=-20, le=20)]] = {}  # while the item is used (L634)
    range: Millimetres | None = None  # Reichweite (X), edge to edge
    strength: Positive | None = None  # STÄ (X)
    explosive: Positive | None = None  # Explosiv (X): dice against each WID under the template
    fire: Positive | None = None  # Brand (X): fire markers
    fear: Positive | None = None  # Furcht (X): fear markers
    armour: Armour | None = None  # RS
    full_protection: bool = False  # Vollschutz (S33)
    ranged_only: bool = False  # the armour counts only against ranged attacks (L746)
    per_round: Positive | None = None
    per_game: Positive | None = None

    @model_validator(mode="after")
    def _fits_category(self) -> Mode:
        faults: list[tuple[tuple[Any, ...], str]] = []
        needs = {"shooting": ("range", "strength"), "throwable": ("range",), "armour": ("armour",)}
        for name in needs.get(self.category, ()):
            if getattr(self, name) is None:
                faults.append(
                    ((name,), _("an item of category {category} needs {field}", category=self.category, field=name))
                )
        allowed = {
            "range": ("shooting", "throwable"),
            "strength": ("shooting",),
            "explosive": ("throwable",),
            "armour": ("armour",),
            "full_protection": ("armour",),
            "ranged_only": ("armour",),
        }
        for name, categories in allowed.items():
            if getattr(self, name) and self.category not in categories:
                faults.append(
                    (
                        (name,),
                        _(
                            "{field} belongs to an item of category {categories}",
                            field=name,
                            categories=" or ".join(categories),
                        ),
                    )
                )
        if faults:
            raise field_faults(faults)
        return self


class Item(DataModel):
    key: Identifier
    name: Label  # English, translated where shown
    modes: Annotated[list[Mode], Field(min_length=1), unique_by("category")]

    def mode(self, category: Category) -> Mode | None:
        return next((mode for mode in self.modes if mode.category == category), None)


class EquipmentData(DataModel):
    items: Annotated[list[Item], Field(min_length=1, max_length=MAX_ITEMS), unique_by("key")]


# -- effects: the declared vocabulary ------------------------------------------------


class Target(DataModel):
    """Whom an effect reaches: the warrior itself, a friend, an enemy; touching
    it, within a distance (mm, edge to edge), of a type. A tactical card (which has
    no warrior of its own) reaches `warriors` of them (a number, or all), and
    measures `within` from its player's `near`: the leader, or a warrior of a type."""

    who: Literal["self", "friend", "self_or_friend", "enemy"] = "self"
    touching: bool = False
    within: Millimetres | None = None
    type: Identifier | None = None
    warriors: Positive | Literal["all"] = 1
    near: Identifier | None = None

    @property
    def for_cards_only(self) -> bool:
        """It says what only a tactical card may say (more than one warrior, or a
        distance measured from someone else)."""
        return self.warriors != 1 or self.near is not None


class Modify(DataModel):
    """A bonus (or penalty) to an attribute, or to all four."""

    verb: Literal["modify"]
    attribute: Attribute | Literal["all"]
    by: Annotated[int, Field(ge=-20, le=20)]
    target: Target = Target()


class Markers(DataModel):
    """Markers of an effect given to the target."""

    verb: Literal["markers"]
    marker: Marker
    count: Positive = 1
    target: Target = Target()


class ActionPoints(DataModel):
    """AP given to (or taken from) the target."""

    verb: Literal["ap"]
    by: Annotated[int, Field(ge=-10, le=10)]
    target: Target = Target()


class Heal(DataModel):
    """Wounds healed on the target (L842, S4)."""

    verb: Literal["heal"]
    wounds: Positive = 1
    target: Target = Target()


class HitShift(DataModel):
    """The target's player may shift hit rolls on it by up to `by`, one way (L252-256, S3)."""

    verb: Literal["hit_shift"]
    by: Positive = 1
    target: Target = Target()


class Limit(DataModel):
    """A changed limit: an action's uses per round, or the most markers of one kind
    the target may hold (0: immune)."""

    verb: Literal["limit"]
    action: Literal["move", "charge", "attack"] | None = None
    marker: Marker | None = None
    at_most: Annotated[int, Field(ge=0, le=20)]
    target: Target = Target()

    @model_validator(mode="after")
    def _one_thing(self) -> Limit:
        if (self.action is None) == (self.marker is None):
            raise ValueError(_("a limit names either an action or a marker"))
        return self


class Template(DataModel):
    """A template laid on the table, with markers for everyone under it."""

    verb: Literal["template"]
    shape: Literal["explosion", "flame"]
    marker: Marker | None = None
    count: Positive = 1


class NoCards(DataModel):
    """The opponent plays no tactical card for the rest of the round."""

    verb: Literal["no_cards"]


class Dodge(DataModel):
    """The target, attacked in melee, dodges without paying its AP (a tactical card
    played at that moment: Schutzwall)."""

    verb: Literal["dodge"]
    target: Target = Target()


Effect = Annotated[
    Modify | Markers | ActionPoints | Heal | HitShift | Limit | Template | NoCards | Dodge, Discriminator("verb")
]
#: the verbs of the vocabulary
EFFECT_VERBS: tuple[str, ...] = (
    "modify",
    "markers",
    "ap",
    "heal",
    "hit_shift",
    "limit",
    "template",
    "no_cards",
    "dodge",
)


def known_verbs(data: Any) -> Any:
    """Before a model with `effects` is read (an ability, a tactical card): each
    effect's verb is one of the vocabulary, else the fault says what to do instead."""
    if isinstance(data, dict) and isinstance(data.get("effects"), list):
        faults = []
        for index, effect in enumerate(data["effects"]):
            verb = effect.get("verb") if isinstance(effect, dict) else None
            if verb not in EFFECT_VERBS:
                faults.append(
                    (
                        ("effects", index, "verb") if isinstance(effect, dict) else ("effects", index),
                        _(
                            "{verb} is not an effect of the vocabulary ({verbs}); write what it does in the "
                            "card's text, for the players to apply by hand",
                            verb=repr(verb),
                            verbs=", ".join(EFFECT_VERBS),
                        ),
                    )
                )
        if faults:
            raise field_faults(faults)
    return data


# -- warriors.yaml -------------------------------------------------------------------


class Cost(DataModel):
    ap: Annotated[int, Field(ge=0, le=10)] = 0
    sp: Annotated[int, Field(ge=0, le=20)] = 0


class Uses(DataModel):
    """X / Runde, X / Spiel, or both (L456-466)."""

    round: Positive | None = None
    game: Positive | None = None


class Ability(DataModel):
    """A special ability (L592-598): permanent or an action, its cost and limits, the
    items it needs, its effects in the vocabulary and its text. An ability with no
    effects is applied by hand from its text."""

    key: Identifier
    name: Label
    kind: Literal["permanent", "action"]
    cost: Cost = Cost()
    limit: Uses = Uses()
    needs: list[Identifier] = []  # items the warrior must carry
    effects: list[Effect] = []
    text: Text | None = None  # the card's words, English

    @model_validator(mode="before")
    @classmethod
    def _known_verbs(cls, data: Any) -> Any:
        return known_verbs(data)

    @model_validator(mode="after")
    def _said_somehow(self) -> Ability:
        if not self.effects and not (self.text and self.text.strip()):
            raise field_faults(
                [(("text",), _("an ability with no effects of the vocabulary needs its text, to apply by hand"))]
            )
        faults = [
            (("effects", index, "target"), _("only a tactical card reaches several warriors or measures from another"))
            for index, effect in enumerate(self.effects)
            if getattr(effect, "target", Target()).for_cards_only
        ]
        if faults:
            raise field_faults(faults)
        return self

    @property
    def by_hand(self) -> bool:
        """Nothing of it runs by itself: the players apply its text."""
        return not self.effects


class Attributes(DataModel):
    psi: WhiteRed
    kat: WhiteRed
    wid: WhiteRed
    ges: WhiteRed


class Zones(DataModel):
    """Constitution points (KP) of each zone: white, then red (L125-135)."""

    head: WhiteRed
    arms: WhiteRed
    torso: WhiteRed
    legs: WhiteRed

    @model_validator(mode="after")
    def _some_points(self) -> Zones:
        empty = [((zone,), _("a body zone has at least one point")) for zone in ZONES if sum(getattr(self, zone)) < 1]
        if empty:
            raise field_faults(empty)
        return self


class Warrior(DataModel):
    """A profile card (L100-172)."""

    key: Identifier
    name: Label  # the warrior's own name
    faction: Identifier
    stigma: Stigma | None = None  # a non-player warrior may have none
    types: Annotated[list[Identifier], Field(min_length=1)]
    base: Millimetres  # base diameter
    points: Annotated[int, Field(ge=0, le=1000)] | None = None
    contamination: Positive | None = None  # a non-player warrior's value instead of points
    attributes: Attributes
    zones: Zones
    hit_index: list[Zone]  # the zone of faces 1-6
    equipment: Annotated[list[Identifier], Field(max_length=MAX_CARRIED), AfterValidator(_distinct)] = []
    abilities: Annotated[list[Ability], Field(max_length=MAX_ABILITIES), unique_by("key")] = []

    @field_validator("hit_index", mode="before")
    @classmethod
    def _six_faces(cls, value: Any) -> Any:
        if isinstance(value, list) and len(value) != 6:
            raise ValueError(
                _("the hit index names the zone of each face 1 to 6: six zones, not {count}", count=len(value))
            )
        return value

    @model_validator(mode="after")
    def _whole_card(self) -> Warrior:
        faults: list[tuple[tuple[Any, ...], str]] = []
        if (self.points is None) == (self.contamination is None):
            faults.append((("points",), _("a card has either points or (a non-player warrior) contamination")))
        for zone in ZONES:
            if zone not in self.hit_index:
                faults.append((("hit_index",), _("no face of the hit index hits the {zone}", zone=zone)))
        if faults:
            raise field_faults(faults)
        return self

    def white(self, attribute: Attribute) -> int:
        value: tuple[int, int] = getattr(self.attributes, attribute)
        return value[0]

    def red(self, attribute: Attribute) -> int:
        value: tuple[int, int] = getattr(self.attributes, attribute)
        return value[1]

    def points_of(self, zone: Zone) -> tuple[int, int]:
        """(white, red) constitution points of a zone."""
        value: tuple[int, int] = getattr(self.zones, zone)
        return value


class Faction(DataModel):
    key: Identifier
    name: Label
    non_player: bool = False  # its warriors are non-player warriors (optional rule 2)


class WarriorsData(DataModel):
    factions: Annotated[list[Faction], Field(min_length=1, max_length=MAX_FACTIONS), unique_by("key")]
    warriors: Annotated[list[Warrior], Field(min_length=1, max_length=MAX_WARRIORS), unique_by("key")]

    @model_validator(mode="after")
    def _factions_and_types(self) -> WarriorsData:
        factions = {faction.key: faction for faction in self.factions}
        types = {kind for warrior in self.warriors for kind in warrior.types}
        faults: list[tuple[tuple[Any, ...], str]] = []
        for index, warrior in enumerate(self.warriors):
            faction = factions.get(warrior.faction)
            if faction is None:
                faults.append((("warriors", index, "faction"), _("no faction {key}", key=repr(warrior.faction))))
            elif faction.non_player and warrior.contamination is None:
                faults.append(
                    (("warriors", index, "contamination"), _("a non-player warrior has contamination, not points"))
                )
            elif not faction.non_player:
                if warrior.points is None:
                    faults.append(
                        (("warriors", index, "points"), _("a player's warrior has points, not contamination"))
                    )
                if warrior.stigma is None:
                    faults.append((("warriors", index, "stigma"), _("a player's warrior has a stigma")))
            for number, ability in enumerate(warrior.abilities):
                for place, effect in enumerate(ability.effects):
                    wanted = getattr(getattr(effect, "target", None), "type", None)
                    if wanted is not None and wanted not in types:
                        faults.append(
                            (
                                ("warriors", index, "abilities", number, "effects", place, "target", "type"),
                                _("no warrior has the type {type}", type=repr(wanted)),
                            )
                        )
        if faults:
            raise field_faults(faults)
        return self
