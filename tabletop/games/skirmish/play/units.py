"""Building a unit (rulebook section 3, L312-320; preparation step 2, L332-334;
DECISIONS S7, S8): which warriors a player brings to the table.

- A unit is a faction unit (every warrior of one faction) or a stigma unit (every
  warrior of one stigma), chosen when it is built (L314-316).
- Its points values add up to at most 100; 150 and 200 by agreement (L318-320, S7).
- Each warrior has its own name, unique within the unit (L102, S7).
- Exactly one warrior leads it; any of its warriors may (L340).
- Its strategy points are the sum of its warriors' PSI, halved and rounded up for a
  stigma unit (L332-334, S8; all fractions round up, L308).

Only player's warriors (cards with points) may be in a unit; non-player warriors
have none (L764). Each rule is a check that says why a unit breaks it: a `Fault`
names the place in the unit (as a unit file writes it) and the reason.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal, Protocol

from tabletop.games.skirmish.card_schema import Faction, Warrior, WarriorsData
from tabletop.games.skirmish.unit_schema import DEFAULT_LIMIT, MAX_NAME, MAX_WARRIORS, POINT_LIMITS
from tabletop.i18n import N_, Listed, Message


class Cards(Protocol):
    """The profile cards a unit is built from, by key (play/cards.py's StarterSet,
    or a `CardIndex` of the data alone)."""

    @property
    def factions(self) -> Mapping[str, Faction]: ...

    @property
    def warriors(self) -> Mapping[str, Warrior]: ...


@dataclass(frozen=True)
class CardIndex:
    """The factions and warriors of warriors.yaml by key: what the data check of the
    bundled units needs, before the cards are in play."""

    factions: Mapping[str, Faction]
    warriors: Mapping[str, Warrior]

    @classmethod
    def from_data(cls, data: WarriorsData) -> CardIndex:
        return cls({f.key: f for f in data.factions}, {w.key: w for w in data.warriors})


Kind = Literal["faction", "stigma"]
FACTION: Kind = "faction"
STIGMA: Kind = "stigma"
KINDS: tuple[Kind, ...] = (FACTION, STIGMA)
#: the five stigmas (L165-170) with their names as shown
STIGMAS: dict[str, str] = {
    "destruction": N_("Destruction"),
    "order": N_("Order"),
    "protection": N_("Protection"),
    "change": N_("Change"),
    "chaos": N_("Chaos"),
}

#: where in a unit (as its file writes it) and why
Fault = tuple[tuple[str | int, ...], Message]


@dataclass(frozen=True)
class Member:
    """One warrior of a unit: the profile card it plays and its name."""

    card: str
    name: str
    leader: bool = False


@dataclass(frozen=True)
class Unit:
    """A unit as its player built it (not yet checked: see `faults`)."""

    name: str
    kind: Kind
    symbol: str  # a faction's key or a stigma
    limit: int = DEFAULT_LIMIT
    warriors: tuple[Member, ...] = ()

    def to_data(self) -> dict[str, Any]:
        """The unit as a unit file writes it."""
        return {
            "name": self.name,
            "kind": self.kind,
            "symbol": self.symbol,
            "limit": self.limit,
            "warriors": [
                {"card": m.card, "name": m.name, **({"leader": True} if m.leader else {})} for m in self.warriors
            ],
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Unit:
        """A unit from what `to_data` wrote (checked by the unit file's schema first)."""
        return cls(
            data["name"],
            data["kind"],
            data["symbol"],
            data.get("limit", DEFAULT_LIMIT),
            tuple(Member(w["card"], w["name"], bool(w.get("leader", False))) for w in data["warriors"]),
        )

    def to_setup(self) -> list[Any]:
        """The unit in full as a game's set-up holds it (plain lists, as saves keep
        options): [name, kind, symbol, limit, [[card, name, leader], ...]]."""
        return [self.name, self.kind, self.symbol, self.limit, [[m.card, m.name, m.leader] for m in self.warriors]]

    @classmethod
    def from_setup(cls, value: Any) -> Unit:
        """The unit a set-up holds; ValueError when it is not one."""
        if not (isinstance(value, list) and len(value) == 5 and isinstance(value[4], list)):
            raise ValueError("a unit is [name, kind, symbol, limit, warriors]")
        name, kind, symbol, limit, warriors = value
        if not (isinstance(name, str) and kind in KINDS and isinstance(symbol, str)):
            raise ValueError("a unit's name, kind and symbol are text")
        if not isinstance(limit, int) or isinstance(limit, bool):
            raise ValueError("a unit's limit is a whole number")
        members = []
        for warrior in warriors:
            if not (
                isinstance(warrior, list)
                and len(warrior) == 3
                and isinstance(warrior[0], str)
                and isinstance(warrior[1], str)
                and isinstance(warrior[2], bool)
            ):
                raise ValueError("a unit's warrior is [card, name, leader]")
            members.append(Member(warrior[0], warrior[1], warrior[2]))
        return cls(name, kind, symbol, limit, tuple(members))

    # -- building ---------------------------------------------------------------------

    def added(self, card: str, name: str) -> Unit:
        """The unit with one more warrior (the first one leads)."""
        return replace(self, warriors=(*self.warriors, Member(card, name, leader=not self.warriors)))

    def removed(self, index: int) -> Unit:
        """The unit without its warrior `index`; when it led, the first one left leads."""
        left = self.warriors[:index] + self.warriors[index + 1 :]
        if self.warriors[index].leader and left and not any(m.leader for m in left):
            left = (replace(left[0], leader=True), *left[1:])
        return replace(self, warriors=left)

    def renamed(self, index: int, name: str) -> Unit:
        members = list(self.warriors)
        members[index] = replace(members[index], name=name)
        return replace(self, warriors=tuple(members))

    def led_by(self, index: int) -> Unit:
        """The unit with warrior `index` as its only leader."""
        return replace(self, warriors=tuple(replace(m, leader=i == index) for i, m in enumerate(self.warriors)))

    def leader(self) -> Member | None:
        return next((m for m in self.warriors if m.leader), None)


def free_name(unit: Unit, name: str) -> str:
    """`name`, or `name 2`, `name 3` ... when a warrior of the unit has it already."""
    taken = {m.name.strip().casefold() for m in unit.warriors}
    candidate, number = name, 1
    while candidate.casefold() in taken:
        number += 1
        candidate = f"{name} {number}"
    return candidate


# -- the numbers --------------------------------------------------------------------------


def strategy_points(psi: Iterable[int], stigma: bool) -> int:
    """The SP pool: the sum of the PSI values, halved and rounded up for a stigma
    unit (L332-334, S8)."""
    total = sum(psi)
    return math.ceil(total / 2) if stigma else total


def players_warrior(cards: Cards, key: str) -> Warrior | None:
    """The card `key` when it is a player's warrior (with points), else None."""
    warrior = cards.warriors.get(key)
    return warrior if warrior is not None and warrior.points is not None else None


def points(unit: Unit, cards: Cards) -> int:
    """The unit's points: its warriors' points values added up (unknown cards count 0)."""
    found = [players_warrior(cards, m.card) for m in unit.warriors]
    return sum(w.points or 0 for w in found if w is not None)


def sp(unit: Unit, cards: Cards) -> int:
    """The unit's strategy points (unknown cards count 0)."""
    found = [players_warrior(cards, m.card) for m in unit.warriors]
    return strategy_points((w.white("psi") for w in found if w is not None), unit.kind == STIGMA)


def symbols(cards: Cards, kind: Kind) -> dict[str, str]:
    """The symbols a unit of `kind` may be built on: key -> name as shown."""
    if kind == FACTION:
        return {key: faction.name for key, faction in cards.factions.items() if not faction.non_player}
    return dict(STIGMAS)


def symbol_name(cards: Cards, kind: Kind, symbol: str) -> str:
    """The faction's or the stigma's name (N_-marked data or table text)."""
    return symbols(cards, kind).get(symbol, symbol)


def eligible(cards: Cards, kind: Kind, symbol: str) -> list[Warrior]:
    """The player's warriors a unit of this kind and symbol may take, in data order."""
    return [
        w
        for w in cards.warriors.values()
        if w.points is not None and (w.faction if kind == FACTION else w.stigma) == symbol
    ]


# -- the checks: each rule says why a unit breaks it ---------------------------------------


def check_symbol(unit: Unit, cards: Cards) -> list[Fault]:
    """A faction unit names a player's faction, a stigma unit one of the five stigmas."""
    if unit.symbol in symbols(cards, unit.kind):
        return []
    known = _at(unit, Listed(tuple(Message(name) for name in symbols(cards, unit.kind).values())))
    if unit.kind == FACTION:
        return [(("symbol",), Message(N_("There is no faction {symbol}; factions: {known}."), known))]
    return [(("symbol",), Message(N_("There is no stigma {symbol}; stigmas: {known}."), known))]


def check_cards(unit: Unit, cards: Cards) -> list[Fault]:
    """Each warrior plays a player's warrior card (a non-player warrior has no points)."""
    found: list[Fault] = []
    for index, member in enumerate(unit.warriors):
        if players_warrior(cards, member.card) is None:
            reason = (
                N_("{card} is a non-player warrior: it joins no unit.")
                if member.card in cards.warriors
                else N_("There is no warrior card {card}.")
            )
            found.append((("warriors", index, "card"), Message(reason, {"card": member.card})))
    return found


def check_allegiance(unit: Unit, cards: Cards) -> list[Fault]:
    """A faction unit holds only warriors of its faction, a stigma unit only warriors
    of its stigma (L316)."""
    found: list[Fault] = []
    for index, member in enumerate(unit.warriors):
        warrior = players_warrior(cards, member.card)
        if warrior is None:
            continue
        if unit.kind == FACTION and warrior.faction != unit.symbol:
            reason = N_("{name}'s faction is {has}, not {symbol}: a faction unit holds only warriors of its faction.")
            has = Message(symbol_name(cards, FACTION, warrior.faction))
        elif unit.kind == STIGMA and warrior.stigma != unit.symbol:
            reason = N_("{name}'s stigma is {has}, not {symbol}: a stigma unit holds only warriors of its stigma.")
            has = Message(symbol_name(cards, STIGMA, warrior.stigma or ""))
        else:
            continue
        params = {"name": member.name, "has": has, "symbol": Message(symbol_name(cards, unit.kind, unit.symbol))}
        found.append((("warriors", index, "card"), Message(reason, params)))
    return found


def check_names(unit: Unit, cards: Cards) -> list[Fault]:
    """Every warrior has a name of its own within the unit (L102, S7)."""
    found: list[Fault] = []
    seen: dict[str, str] = {}
    for index, member in enumerate(unit.warriors):
        name = member.name.strip()
        key = name.casefold()
        if not name:
            found.append((("warriors", index, "name"), Message(N_("Every warrior needs a name."))))
        elif len(name) > MAX_NAME:
            reason = Message.counted(
                "{name} is too long a name: at most {count} letter.",
                "{name} is too long a name: at most {count} letters.",
                MAX_NAME,
                {"name": name},
            )
            found.append((("warriors", index, "name"), reason))
        elif key in seen:
            twice = N_("Two warriors are called {name}: each needs a name of its own.")
            found.append((("warriors", index, "name"), Message(twice, {"name": name})))
        else:
            seen[key] = name
    return found


def check_leader(unit: Unit, cards: Cards) -> list[Fault]:
    """Exactly one warrior leads the unit; any of them may (L340)."""
    leaders = [index for index, member in enumerate(unit.warriors) if member.leader]
    if not unit.warriors:
        return []
    if not leaders:
        return [(("warriors",), Message(N_("The unit has no leader: mark one of its warriors.")))]
    return [
        (
            ("warriors", index, "leader"),
            Message(N_("{name} cannot lead too: a unit has one leader."), _named(unit, index)),
        )
        for index in leaders[1:]
    ]


def check_points(unit: Unit, cards: Cards) -> list[Fault]:
    """The unit stays within its points (L318-320, S7): 100, or 150 or 200 by agreement."""
    if unit.limit not in POINT_LIMITS:
        known = Listed(tuple(str(limit) for limit in POINT_LIMITS), "or")
        return [
            (
                ("limit",),
                Message(N_("A unit is built to {limit} points, not {given}."), {"limit": known, "given": unit.limit}),
            )
        ]
    total = points(unit, cards)
    if total > unit.limit:
        reason = Message.counted(
            "{count} point: over the limit of {limit} by {over}.",
            "{count} points: over the limit of {limit} by {over}.",
            total,
            {"limit": unit.limit, "over": total - unit.limit},
        )
        return [(("warriors",), reason)]
    return []


def check_size(unit: Unit, cards: Cards) -> list[Fault]:
    """A unit has at least one warrior, and not more than a unit file may hold."""
    if not unit.warriors:
        return [(("warriors",), Message(N_("The unit has no warriors yet.")))]
    if len(unit.warriors) > MAX_WARRIORS:
        reason = Message.counted(
            "A unit holds at most {count} warrior.", "A unit holds at most {count} warriors.", MAX_WARRIORS
        )
        return [(("warriors",), reason)]
    return []


def check_name(unit: Unit, cards: Cards) -> list[Fault]:
    """The unit has a name (it is saved and picked by it)."""
    name = unit.name.strip()
    if not name:
        return [(("name",), Message(N_("The unit needs a name.")))]
    if len(name) > MAX_NAME:
        reason = Message.counted(
            "The unit's name is too long: at most {count} letter.",
            "The unit's name is too long: at most {count} letters.",
            MAX_NAME,
        )
        return [(("name",), reason)]
    return []


Check = Callable[[Unit, Cards], list[Fault]]
#: every rule of a unit, in the order their reasons are shown
CHECKS: tuple[Check, ...] = (
    check_name,
    check_symbol,
    check_size,
    check_cards,
    check_allegiance,
    check_points,
    check_names,
    check_leader,
)


def faults(unit: Unit, cards: Cards, checks: Sequence[Check] = CHECKS) -> list[Fault]:
    """Every way the unit breaks the rules (none: it may be played)."""
    found: list[Fault] = []
    for check in checks:
        found += check(unit, cards)
    return found


def within(unit: Unit, cards: Cards, limit: int) -> Message | None:
    """Why the unit does not fit a game played to `limit` points, or None."""
    total = points(unit, cards)
    if total <= limit:
        return None
    return Message.counted(
        "{unit} has {count} point; this game allows {limit}.",
        "{unit} has {count} points; this game allows {limit}.",
        total,
        {"unit": unit.name, "limit": limit},
    )


def _at(unit: Unit, known: Listed) -> dict[str, Any]:
    return {"symbol": unit.symbol, "known": known}


def _named(unit: Unit, index: int) -> dict[str, Any]:
    return {"name": unit.warriors[index].name}
