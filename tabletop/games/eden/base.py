"""What Eden's rules, the conquest and the end's search share: the game's data, the
fields and cards by name, placing and removing tiles, income, trades and the win."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from tabletop.engine.core import Action, Event, IllegalAction
from tabletop.engine.rules import GameRules
from tabletop.games.eden.moves import ActionCache
from tabletop.games.eden.state import AUCTION, OVER, EdenState
from tabletop.games.eden.tables import EdenTables, load_tables
from tabletop.i18n import N_, Listed, Message


def _illegal(text: str, **params: Any) -> IllegalAction:
    return IllegalAction(Message(text, params))


def listed(items: list[str]) -> Message:
    """`items` as a list in words ("A1, B2 and C3"; "none" when empty), written out
    when the message is shown, the way the language of the moment lists things.

    >>> listed(["A1", "B2", "C3"]).render()
    'A1, B2, and C3'
    """
    if not items:
        return Message(N_("none"))
    # the text is only the list itself: nothing in it to translate
    return Message("{items}", {"items": Listed(tuple(items))})


def own_card(state: EdenState, card: int) -> None:
    """Refused unless the turn player holds `card`."""
    if card not in state.hands[state.turn]:
        raise _illegal(N_("You do not hold that card."))


def side_points(state: EdenState, seat: int) -> int:
    """The points of the other side of the conquest, which `seat`'s bids multiply."""
    fields = state.targets if seat == state.turn else state.group
    return sum(state.value[f] for f in fields)


def reserve(rules: EdenBase, state: EdenState) -> int:
    """The mana the attacker keeps in their auction, where they may buy: the standing
    bid per point (before the opening, the lowest opening bid, as the attacker must
    open) times the points of the targets. Nothing outside an auction."""
    if state.phase != AUCTION:
        return 0
    bid = state.bid or rules.tables.economy.opening_bid_min
    return bid * side_points(state, state.turn)


class EdenBase(GameRules):
    """The part of Eden's rules that the conquest and the end's search build on."""

    def __init__(self, data_root: Path | None = None) -> None:
        #: the data folder (None: the bundled data/); a house rule is an edited copy
        self.data_root = data_root

    @functools.cached_property
    def tables(self) -> EdenTables:
        """The game's data, loaded once."""
        return load_tables(self.data_root)

    @functools.cached_property
    def action_cache(self) -> ActionCache:
        return ActionCache(self.tables)

    def field_name(self, field_: int) -> str:
        """The name of a field on the board ("B4")."""
        return self.tables.board.name(field_)

    def field_called(self, name: str) -> int:
        """The field a move names; refused when the board has none of that name."""
        try:
            return self.tables.board.field(name)
        except KeyError:
            raise _illegal(N_("There is no field called {name}."), name=name) from None

    def card_called(self, name: str) -> int:
        """The card a move names; refused when the game has none of that name."""
        try:
            return self.tables.card_of(name)
        except KeyError:
            raise _illegal(N_("There is no card called {name}."), name=name) from None

    def shape_fields(self, card: int, rotation: int, origin: int) -> tuple[int, ...] | None:
        """The fields cultivation `card` covers turned `rotation` quarter turns
        clockwise with its top left corner on `origin`; None when it sticks out."""
        t = self.tables
        return t.board.fields_of(t.shapes[card - t.board.size], rotation, origin)

    def card_kind(self, card: int) -> int:
        """The shape of cultivation card `card` as a number: cards with the same
        shape (whatever its drawing's turn) are the same card to the rules."""
        return self.action_cache.kind_of_card[card - self.tables.board.size]

    def income(self, state: EdenState, seat: int) -> int:
        """The mana `seat` receives at the start of a turn: so much per red dot, and a
        tile of value v shows v - 1 red dots."""
        tiles = sum(1 for o in state.owner if o == seat)
        return self.tables.economy.income_per_red_dot * (state.points[seat] - tiles)

    def trades(self, state: EdenState) -> list[Action]:
        """The turn player's sales, and the purchases they can pay for (in their own
        auction keeping the mana their bid needs)."""
        t = self.tables
        cache = self.action_cache
        seat = state.turn
        actions = [cache.sell[c] for c in sorted(state.hands[seat]) if c >= t.board.size]
        if state.display:
            spare = state.mana[seat] - reserve(self, state)
            actions += [cache.buy[c] for c in sorted(state.display) if t.buy_price(c) <= spare]
        return actions

    def place(self, state: EdenState, seat: int, field_: int, value: int) -> None:
        state.free[seat][self.tables.kind_of[value]] -= 1
        state.owner[field_] = seat
        state.value[field_] = value
        state.points[seat] += value

    def remove(self, state: EdenState, field_: int) -> None:
        seat, value = state.owner[field_], state.value[field_]
        state.free[seat][self.tables.kind_of[value]] += 1
        state.points[seat] -= value
        state.owner[field_] = -1
        state.value[field_] = 0

    def won(self, state: EdenState, seat: int, events: list[Event]) -> bool:
        """End the game if `seat` reached the target."""
        if state.points[seat] < self.tables.economy.target_points:
            return False
        self._finish(state, [seat], events)
        return True

    def _finish(self, state: EdenState, winners: list[int], events: list[Event]) -> None:
        state.winners = winners
        state.phase = OVER
        for seat in winners:
            message = Message(
                N_("{player} wins with {points} fertility points!"), {"player": seat, "points": state.points[seat]}
            )
            events.append(Event(message, kind="win", data={"seat": seat}))

    def names(self, fields: list[int]) -> Message:
        """The fields by name, in order, as a list in words."""
        return listed([self.field_name(f) for f in sorted(fields)])
