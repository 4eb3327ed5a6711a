"""What Catan's rules take from the data (data/catan/), built once, and the small
card helpers every part of the rules shares."""

from __future__ import annotations

import functools
from typing import Any

from tabletop.engine.core import Action, IllegalAction
from tabletop.games.catan import schema
from tabletop.i18n import Message

#: the resource kinds: the data names exactly those of schema.RESOURCE_KEYS, in an
#: order of its own (Tables.resources), which card lists and hands follow
R = len(schema.RESOURCE_KEYS)
KNIGHT, ROAD_BUILDING, YEAR_OF_PLENTY, MONOPOLY, VICTORY_POINT = range(len(schema.DEVELOPMENT_KINDS))
PROGRESS = (ROAD_BUILDING, YEAR_OF_PLENTY, MONOPOLY)
#: one card of a resource, as a card list
UNIT = tuple(tuple(int(i == r) for i in range(R)) for r in range(R))

#: a cost or a card list as (resource, amount) pairs
Cost = tuple[tuple[int, int], ...]


def refuse(text: str, **params: Any) -> IllegalAction:
    return IllegalAction(Message(text, params))


def has(hand: list[int], cards: tuple[int, ...] | list[int]) -> bool:
    """True if `hand` holds at least `cards` (counts per resource)."""
    for have, need in zip(hand, cards, strict=False):
        if have < need:
            return False
    return True


def affords(hand: list[int], cost: Cost) -> bool:
    """True if `hand` can pay `cost`, given as (resource, amount) pairs."""
    for r, amount in cost:
        if hand[r] < amount:
            return False
    return True


def pay(hand: list[int], bank: list[int], cost: Cost) -> None:
    for r, amount in cost:
        hand[r] -= amount
        bank[r] += amount


def _pairs(cost: tuple[int, ...]) -> Cost:
    return tuple((r, amount) for r, amount in enumerate(cost) if amount)


class Tables:
    """What the rules take from the data (data/catan/, schema.load()), built once
    on first use: the data itself, the resource keys in the data's order and their
    indexes, the costs as (resource, amount) pairs, the limits the turn checks most
    often and the actions that name a resource (handed out by legal_actions)."""

    __slots__ = (
        "data",
        "resources",
        "resource_index",
        "cost_road",
        "cost_settlement",
        "cost_city",
        "cost_development",
        "max_roads",
        "max_settlements",
        "max_cities",
        "points_to_win",
        "a_monopoly",
        "a_take",
        "a_discard",
        "a_bank",
        "a_bank_other",
    )

    def __init__(self, data: schema.CatanData) -> None:
        self.data = data
        self.resources: tuple[str, ...] = tuple(data.resources)
        resources = self.resources
        self.resource_index = {key: index for index, key in enumerate(resources)}
        self.cost_road = _pairs(data.cost_road)
        self.cost_settlement = _pairs(data.cost_settlement)
        self.cost_city = _pairs(data.cost_city)
        self.cost_development = _pairs(data.cost_development)
        self.max_roads: int = data.max_roads
        self.max_settlements: int = data.max_settlements
        self.max_cities: int = data.max_cities
        self.points_to_win: int = data.points_to_win
        self.a_monopoly = tuple(Action("play_monopoly", resource=key) for key in resources)
        self.a_take = tuple(Action("take_resource", resource=key) for key in resources)
        self.a_discard = tuple(Action("discard", resource=key) for key in resources)
        self.a_bank = tuple(tuple(Action("trade_bank", give=give, get=get) for get in resources) for give in resources)
        #: a_bank[give] without the trade of a resource for itself
        self.a_bank_other = tuple(
            tuple(row[get] for get in range(R) if get != give) for give, row in enumerate(self.a_bank)
        )


@functools.cache
def tables() -> Tables:
    """The bundled data (schema.load()) and the rules' tables built from it, once,
    on first use. A fault in the data raises DataError (every problem, as
    file:line) here, and again on the next call; never on import."""
    return Tables(schema.load())
