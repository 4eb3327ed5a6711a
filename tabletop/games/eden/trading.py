"""Eden's card trade: selling cultivation cards to the open display and buying them
from it, at any moment of one's own turn, one's own auction included (see
docs/rules/eden.md). The moves' checks and changes; EdenRules lists them in its table
of moves."""

from __future__ import annotations

from tabletop.engine.core import Event, Step
from tabletop.games.eden.base import EdenBase, _illegal, own_card, reserve
from tabletop.games.eden.moves import BUY, SELL
from tabletop.games.eden.state import AUCTION, EdenState
from tabletop.i18n import N_, Message


class CardTrade(EdenBase):
    """Selling and buying cultivation cards: the checks and changes of the moves."""

    @SELL.check
    def _check_sell(self, state: EdenState, card: str) -> None:
        number = self.card_called(card)
        if state.phase == AUCTION and state.bidder != state.turn:
            raise _illegal(N_("Cards can be sold only in your own turn."))
        own_card(state, number)
        if not self.tables.is_cultivation(number):
            raise _illegal(N_("Only cultivation cards can be sold."))

    @BUY.check
    def _check_buy(self, state: EdenState, card: str) -> None:
        number = self.card_called(card)
        if state.phase == AUCTION and state.bidder != state.turn:
            raise _illegal(N_("Cards can be bought only in your own turn."))
        if number not in state.display:
            raise _illegal(N_("That card is not in the open display."))
        price = self.tables.buy_price(number)
        mana = state.mana[state.turn]
        if price > mana:
            raise _illegal(N_("That card costs {cost} mana."), cost=price)
        needed = reserve(self, state)
        if mana - price < needed:
            raise _illegal(
                N_("After this purchase you would have less than the {needed} mana your bid needs."), needed=needed
            )

    @SELL.apply
    def _apply_sell(self, state: EdenState, card: str) -> Step:
        seat = state.turn
        number = self.tables.card_of(card)
        price = self.tables.sell_price(number)
        state.hands[seat].remove(number)
        state.display.append(number)
        state.mana[seat] += price
        message = Message(
            N_("{player} sells a cultivation card of {size} fields for {amount} mana."),
            {"player": seat, "size": self.tables.card_size(number), "amount": price},
        )
        return Step([Event(message, kind="sell", data={"seat": seat, "card": number})])

    @BUY.apply
    def _apply_buy(self, state: EdenState, card: str) -> Step:
        seat = state.turn
        number = self.tables.card_of(card)
        price = self.tables.buy_price(number)
        state.display.remove(number)
        state.hands[seat].append(number)
        state.mana[seat] -= price
        message = Message(
            N_("{player} buys a cultivation card of {size} fields for {amount} mana."),
            {"player": seat, "size": self.tables.card_size(number), "amount": price},
        )
        return Step([Event(message, kind="buy", data={"seat": seat, "card": number})])
