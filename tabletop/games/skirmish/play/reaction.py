"""Who may do what in a melee, and at what cost (rulebook L470-480, L502, L522, L532,
L660; DECISIONS S16-S21, S27, S36).

A `Fighter` is a warrior as a melee sees it: its card in play, its AP, the attacks it
has left this round, its markers, the modifiers the match reads from markers, terrain
and cards (S2), and the melee weapon it strikes with (S27: one per attack). The costs
of the melee actions say how many AP they take and which limit per round they count
against; the limits themselves are the match's. The reactions offered to a warrior
attacked in melee: passive always, dodge with an AP (S20), strike back with an AP, an
attack left and no fear marker (L522, L660, S21); a non-player warrior strikes back at
no cost unless afraid (L798, S36).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal

from tabletop.games.skirmish.card_schema import ATTRIBUTES, MARKERS, Attribute, HitShift, Limit, Marker, Mode
from tabletop.games.skirmish.play import limits
from tabletop.games.skirmish.play.profile import ProfileCard
from tabletop.i18n import N_, Message, data_name

Reaction = Literal["passive", "dodge", "strike_back"]
PASSIVE: Reaction = "passive"
DODGE: Reaction = "dodge"
STRIKE_BACK: Reaction = "strike_back"
REACTIONS: tuple[Reaction, ...] = (PASSIVE, DODGE, STRIKE_BACK)
#: the options of a follow-up after a strike back and of a punishment when breaking away
ATTACK_NOW, DECLINE = "attack", "decline"

# the costs of the melee actions (one definition for every action: play/limits.py)
ATTACK, CHARGE, MOVE = limits.ATTACK, limits.CHARGE, limits.MOVE
ATTACK_COST, CHARGE_COST, CHARGE_ATTACK_COST = limits.ATTACK_COST, limits.CHARGE_COST, limits.CHARGE_ATTACK_COST
MISSED_CHARGE_COST, DODGE_COST, MOVE_COST = limits.MISSED_CHARGE_COST, limits.DODGE_COST, limits.MOVE_COST
STRIKE_BACK_COST, FOLLOW_UP_COST, PUNISH_COST = limits.STRIKE_BACK_COST, limits.FOLLOW_UP_COST, limits.PUNISH_COST
Cost = limits.Cost


FEARED = N_("{name} has a fear marker: it may only move and dodge.")
NO_AP = limits.NO_AP
NO_ATTACK_LEFT = N_("{name} has no attack left this round.")
NOT_FREE = N_("{name} is in contact with an enemy: a charge starts free.")


# -- the warriors in a melee -----------------------------------------------------------------


@dataclass(frozen=True)
class Fighter:
    """A warrior as a melee sees it: the match's id for it (`ref`), its side, its card
    in play, its AP, the attacks it has left this round, its markers (count per kind,
    MARKERS order), the modifiers to PSI, KAT, WID and GES from everything but the
    weapon (markers, terrain, cards: S2), the melee weapon it uses (an item key; None:
    bare hands) and whether it is a non-player warrior."""

    ref: str
    side: int
    card: ProfileCard
    ap: int = 0
    attacks_left: int = 0
    markers: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)
    modifiers: tuple[int, int, int, int] = (0, 0, 0, 0)
    weapon: str | None = None
    non_player: bool = False

    @classmethod
    def of(
        cls,
        ref: str,
        side: int,
        card: ProfileCard,
        *,
        ap: int = 0,
        attacks_left: int = 0,
        markers: Mapping[str, int] | None = None,
        modifiers: Mapping[str, int] | None = None,
        weapon: str | None = None,
        non_player: bool = False,
    ) -> Fighter:
        """A fighter from mappings; the weapon is the card's first melee item unless named."""
        marks, mods = markers or {}, modifiers or {}
        return cls(
            ref,
            side,
            card,
            ap,
            attacks_left,
            (
                marks.get("fire", 0),
                marks.get("fear", 0),
                marks.get("poison", 0),
                marks.get("rage", 0),
                marks.get("slow", 0),
            ),
            (mods.get("psi", 0), mods.get("kat", 0), mods.get("wid", 0), mods.get("ges", 0)),
            weapon if weapon is not None else next(iter(melee_weapons(card)), None),
            non_player,
        )

    @property
    def name(self) -> Message:
        """The card's name, translated where it is shown."""
        return data_name(self.card.warrior.name)

    def marker(self, marker: Marker) -> int:
        return self.markers[MARKERS.index(marker)]

    @property
    def weapon_mode(self) -> Mode | None:
        for item in self.card.items:
            if item.key == self.weapon:
                return item.mode("melee")
        return None

    def value(self, attribute: Attribute, striking: bool = False) -> int:
        """The attribute in force; while it strikes or compares, with its weapon's bonus."""
        modifier = self.modifiers[ATTRIBUTES.index(attribute)]
        return self.card.attribute(attribute, self.weapon_mode if striking else None, (modifier,))

    @property
    def hit_shift(self) -> int:
        """How far its player may shift a hit roll on it (Geschmeidig, L256, S3)."""
        shifts = [
            effect.by
            for ability in self.card.warrior.abilities
            if ability.kind == "permanent" and not ability.cost.ap and not ability.cost.sp
            for effect in ability.effects
            if isinstance(effect, HitShift) and effect.target.who == "self"
        ]
        return max(shifts, default=0)

    def marker_room(self, marker: Marker) -> int | None:
        """How many more markers of a kind its card lets it hold (None: no cap)."""
        caps = [
            effect.at_most
            for ability in self.card.warrior.abilities
            for effect in ability.effects
            if isinstance(effect, Limit) and effect.marker == marker and effect.target.who == "self"
        ]
        return max(0, min(caps) - self.marker(marker)) if caps else None

    @property
    def may_attack(self) -> bool:
        """AP, an attack left and no fear: what an attack of its own needs (L522, S21)."""
        return self.ap >= 1 and self.attacks_left >= 1 and not self.marker("fear")

    def spent(self, cost: Cost) -> Fighter:
        return replace(
            self,
            ap=self.ap - cost.ap,
            attacks_left=self.attacks_left - (1 if cost.counts_as == ATTACK else 0),
        )

    def to_data(self) -> dict[str, Any]:
        return {
            "ref": self.ref,
            "side": self.side,
            "card": self.card.to_data(),
            "ap": self.ap,
            "attacks_left": self.attacks_left,
            "markers": list(self.markers),
            "modifiers": list(self.modifiers),
            "weapon": self.weapon,
            "non_player": self.non_player,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any], restore: Callable[[Mapping[str, Any]], ProfileCard]) -> Fighter:
        m, d = data["markers"], data["modifiers"]
        return cls(
            str(data["ref"]),
            int(data["side"]),
            restore(data["card"]),
            int(data["ap"]),
            int(data["attacks_left"]),
            (int(m[0]), int(m[1]), int(m[2]), int(m[3]), int(m[4])),
            (int(d[0]), int(d[1]), int(d[2]), int(d[3])),
            data["weapon"],
            bool(data["non_player"]),
        )


def melee_weapons(card: ProfileCard) -> tuple[str, ...]:
    """The keys of the items a card may strike with in melee (S27: one per attack)."""
    return tuple(item.key for item in card.items if item.mode("melee") is not None)


def reactions(target: Fighter) -> tuple[Reaction, ...]:
    """The reactions offered to a warrior attacked in melee (L502, S20, S21): passive
    always; dodge with an AP; strike back with an AP, an attack left and no fear. A
    non-player warrior strikes back at no cost unless it is afraid (S36)."""
    if target.non_player:
        return (PASSIVE,) if target.marker("fear") else (STRIKE_BACK,)
    offered: list[Reaction] = [PASSIVE]
    if target.ap >= 1:
        offered.append(DODGE)
    if target.may_attack:
        offered.append(STRIKE_BACK)
    return tuple(offered)


def attack_refusal(attacker: Fighter, cost: Cost = ATTACK_COST) -> Message | None:
    """Why a warrior may not start a melee attack now (fear, AP, no attack left), or
    None. Contact and the limits of the round beyond the count given are the match's."""
    if attacker.marker("fear"):
        return Message(FEARED, {"name": attacker.name})
    if attacker.ap < cost.ap:
        return Message(NO_AP[0], {"name": attacker.name, "count": cost.ap}, NO_AP[1])
    if attacker.attacks_left < 1:
        return Message(NO_ATTACK_LEFT, {"name": attacker.name})
    return None


def charge_refusal(charger: Fighter, engaged: bool) -> Message | None:
    """Why a warrior may not charge now (L474, S17, S21): in contact with an enemy,
    afraid, fewer than 2 AP or no attack left (the once-a-round limit is the match's)."""
    if engaged:
        return Message(NOT_FREE, {"name": charger.name})
    return attack_refusal(charger, CHARGE_COST)
