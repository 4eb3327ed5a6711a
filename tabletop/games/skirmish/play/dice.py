"""The skirmish game's dice (rulebook 2.A, L224-256; DECISIONS S1-S6): every kind of
roll as a small pure value. Each roll says how many six-sided dice it needs (`dice`)
and turns their faces into its outcome (`outcome(faces)`); the engine draws the dice
or the players type them (play/chance.py). Attribute values come in as plain ints,
with every modifier already applied (S2): this module never reads a profile card.

- The attribute roll: as many dice as the attribute; a die at or above the
  difficulty is a success. A difficulty above 6 is 6, and each point above 6 takes
  a die away; below 1 it counts as 1, so every die succeeds (S1). An attribute (or a
  pool) at 0 or below fails without dice (L240). The dodge, disengaging, fear,
  climbing, swimming and jumping rolls are attribute rolls; so are the strength roll
  (weapon strength plus the successes kept, against WID) and the Explosiv (X) roll
  (X dice against WID), by S1.
- The comparison roll: one die each, added to the attribute; the higher total wins,
  equal totals the higher attribute, both equal: roll again (L244). A roll-off (bids,
  S8) is a comparison of two zeros.
- The hit roll: one die, read on the target's hit index (L250). Effects that shift it
  come first, chosen by their owner, one direction each (S3); then the attacker may
  spend successes, one per point, either way, keeping at least one (L514-516);
  never below 1 nor above 6.
- The fire roll: 3 dice whatever the number of Brand markers (S22), a wound for each
  face above WID (S1: not a difficulty roll).
- Armour (RS) takes its value off the wounds a zone would take (L624, S5).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

#: every die in this game has six faces
SIDES = 6
#: the highest difficulty a die can meet: above it, dice are taken away (L236)
TOP_DIFFICULTY = 6
#: the number of dice of the fire roll (L426; S22: whatever the number of markers)
FIRE_DICE = 3
#: the difficulty of the fear roll in the end phase (L428)
FEAR_DIFFICULTY = 5

Outcome = TypeVar("Outcome", covariant=True)


class Roll(Protocol[Outcome]):
    """What every roll offers: how many dice it needs and what their faces mean."""

    @property
    def dice(self) -> int: ...

    def outcome(self, faces: tuple[int, ...]) -> Outcome: ...


def _checked(faces: Sequence[int], dice: int) -> tuple[int, ...]:
    """The faces as a tuple, or ValueError when they are not `dice` faces of a d6."""
    if len(faces) != dice:
        raise ValueError(f"{dice} dice were asked, {len(faces)} faces given")
    for face in faces:
        if type(face) is not int or not 1 <= face <= SIDES:
            raise ValueError(f"{face!r} is not a face of a six-sided die")
    return tuple(faces)


# -- the attribute roll --------------------------------------------------------------


@dataclass(frozen=True)
class Successes:
    """An attribute roll's result: the faces, the difficulty they met and the successes."""

    faces: tuple[int, ...]
    difficulty: int
    successes: int

    @property
    def succeeded(self) -> bool:
        """At least one success: what a roll "succeeds" means (L472, L560, L644 ...)."""
        return self.successes > 0


@dataclass(frozen=True)
class AttributeRoll:
    """A pool of dice against a difficulty; made by `attribute_roll`, which applies
    the rules for difficulties above 6 and below 1 and for an empty pool."""

    #: dice to roll (0: the roll fails without dice)
    dice: int
    #: the difficulty each die must meet, 1 to 6
    difficulty: int

    def outcome(self, faces: tuple[int, ...]) -> Successes:
        faces = _checked(faces, self.dice)
        return Successes(faces, self.difficulty, sum(1 for face in faces if face >= self.difficulty))


def attribute_roll(attribute: int, difficulty: int) -> AttributeRoll:
    """The roll of an attribute (value in force, modifiers applied) at a difficulty.

    >>> attribute_roll(4, 7)      # Abama's KAT 4 at difficulty 7 (L238)
    AttributeRoll(dice=3, difficulty=6)
    >>> attribute_roll(3, 0)      # a WID lowered to 0 by rage (S1)
    AttributeRoll(dice=3, difficulty=1)
    >>> attribute_roll(0, 5).dice # an attribute at 0 (L240)
    0
    """
    pool = attribute - max(0, difficulty - TOP_DIFFICULTY)
    return AttributeRoll(max(0, pool), min(TOP_DIFFICULTY, max(1, difficulty)))


def strength_roll(strength: int, successes: int, wid: int) -> AttributeRoll:
    """The strength roll of a shot (L570-574): the weapon's strength (STÄ) plus the
    successes kept after the hit roll, against the target's WID; each success is a
    wound before armour."""
    return attribute_roll(strength + successes, wid)


def explosion_roll(explosive: int, wid: int) -> AttributeRoll:
    """Explosiv (X) on one warrior under the template (L644): X dice against its WID.
    One success or more gives every body zone one wound, armour ignored
    (`explosion_wounds`)."""
    return attribute_roll(explosive, wid)


def explosion_wounds(result: Successes) -> int:
    """The wounds each body zone takes from an explosion: one with any success (L644)."""
    return 1 if result.succeeded else 0


def disengage_roll(ges: int, enemies_ges: Iterable[int]) -> AttributeRoll:
    """The GES roll to leave a melee (L472, S18): against the highest GES among the
    enemies in contact; without a success each of them may punish."""
    return attribute_roll(ges, max(enemies_ges))


def dodge_roll(ges: int, initiator_kat: int) -> AttributeRoll:
    """The target's GES roll when it dodges (L542): against the initiator's KAT for
    this attack, taken before any reduction of his own pool (S20)."""
    return attribute_roll(ges, initiator_kat)


def fear_roll(psi: int) -> AttributeRoll:
    """The end phase's PSI roll of a warrior with Furcht markers (L428): one marker
    is removed per success."""
    return attribute_roll(psi, FEAR_DIFFICULTY)


def after_dodge(successes: int, dodged: int) -> int:
    """The initiator's successes left when each of the dodge's successes cancels one (L544)."""
    return max(0, successes - dodged)


# -- the comparison roll ---------------------------------------------------------------


@dataclass(frozen=True)
class Comparison:
    """A comparison roll's result: the two totals and who won (0 the first, 1 the
    second, None: a tie in total and attribute, roll again)."""

    faces: tuple[int, int]
    totals: tuple[int, int]
    winner: int | None


@dataclass(frozen=True)
class ComparisonRoll:
    """Two warriors compare an attribute: one die each, the first warrior's first (L244)."""

    first: int
    second: int

    @property
    def dice(self) -> int:
        return 2

    def outcome(self, faces: tuple[int, ...]) -> Comparison:
        a, b = _checked(faces, 2)
        totals = (self.first + a, self.second + b)
        if totals[0] != totals[1]:
            winner: int | None = 0 if totals[0] > totals[1] else 1
        elif self.first != self.second:
            winner = 0 if self.first > self.second else 1
        else:
            winner = None
        return Comparison((a, b), totals, winner)


def roll_off() -> ComparisonRoll:
    """One die each, the higher wins, equal faces roll again: the tie-break of equal
    strategy-point bids (L338, S8)."""
    return ComparisonRoll(0, 0)


# -- the hit roll ---------------------------------------------------------------------


@dataclass(frozen=True)
class Hit:
    """A hit roll's result: the face and the body zone it names on the hit index."""

    face: int
    zone: str


@dataclass(frozen=True)
class HitRoll:
    """One die read on the target's hit index: six zone keys, face 1 first (L151-155)."""

    hit_index: tuple[str, ...]

    def __post_init__(self) -> None:
        if len(self.hit_index) != SIDES:
            raise ValueError(f"a hit index has {SIDES} faces, not {len(self.hit_index)}")

    @property
    def dice(self) -> int:
        return 1

    def outcome(self, faces: tuple[int, ...]) -> Hit:
        (face,) = _checked(faces, 1)
        return self.zone(face)

    def zone(self, face: int) -> Hit:
        """The zone a face names (after any shift, too)."""
        (face,) = _checked((face,), 1)
        return Hit(face, self.hit_index[face - 1])


def effect_shifts(face: int, by: int) -> tuple[int, ...]:
    """The faces an effect that shifts the hit roll by `by` offers its owner (L252-256,
    S3): the face itself or a face up to `by` away in one direction, never off 1..6.
    Elenia's Geschmeidig on a 5: 4, 5 or 6 (A10).

    >>> effect_shifts(5, 1)
    (4, 5, 6)
    >>> effect_shifts(6, 1)
    (5, 6)
    """
    return tuple(f for f in range(max(1, face - by), min(SIDES, face + by) + 1))


def attacker_shifts(face: int, successes: int) -> tuple[int, ...]:
    """The faces the attacker may move the hit roll to, one success per point, either
    way, at least one success kept (L514-516); none without a success (S6).

    >>> attacker_shifts(5, 3)     # Brutus's 5 with 3 successes (A47): at most 2 spent
    (3, 4, 5, 6)
    >>> attacker_shifts(2, 1)
    (2,)
    """
    if successes < 1:
        return ()
    return effect_shifts(face, successes - 1)


def successes_after_shift(successes: int, face: int, chosen: int) -> int:
    """The successes left once the attacker moved the hit roll from `face` to
    `chosen`; ValueError if that shift is not his to make."""
    if chosen not in attacker_shifts(face, successes):
        raise ValueError(f"{successes} successes cannot move a hit roll of {face} to {chosen}")
    return successes - abs(chosen - face)


# -- the fire roll ------------------------------------------------------------------


@dataclass(frozen=True)
class Burn:
    """The fire roll's result: the faces and the wounds they cause (before armour)."""

    faces: tuple[int, ...]
    wounds: int


@dataclass(frozen=True)
class FireRoll:
    """The end phase's fire roll on a warrior with Brand markers (L426; S1, S22): three
    dice, a wound for each face above its WID; the zone is one hit roll for all of
    them, and armour counts."""

    wid: int

    @property
    def dice(self) -> int:
        return FIRE_DICE

    def outcome(self, faces: tuple[int, ...]) -> Burn:
        faces = _checked(faces, FIRE_DICE)
        return Burn(faces, sum(1 for face in faces if face > self.wid))
