"""Trade in Catan: with the bank (4:1 or at a harbour) and with the other players,
offer and counter-offer until one side accepts or declines."""

from __future__ import annotations

from tabletop.engine.core import Action, Event, Step
from tabletop.games.catan import messages as M
from tabletop.games.catan.base import CatanBase
from tabletop.games.catan.moves import ACCEPT, COUNTER, OFFER, REJECT, TRADE_BANK, Cards
from tabletop.games.catan.state import MAIN, NEGOTIATE, CatanState
from tabletop.games.catan.tables import UNIT, R, has, refuse
from tabletop.i18n import Message

A_ACCEPT = Action("accept")
A_REJECT = Action("reject")
#: the sampled offers to a partner: one card of a kind held for one card of another
#: kind; A_OFFER[partner][mask] for the kinds held (bit r set: resource r held)
A_OFFER = tuple(
    tuple(
        tuple(
            Action("offer", partner=partner, give=UNIT[give], want=UNIT[want])
            for give in range(R)
            if mask >> give & 1
            for want in range(R)
            if want != give
        )
        for mask in range(1 << R)
    )
    for partner in range(4)
)
#: the counter-offers legal_actions lists per negotiation (check accepts any number)
SAMPLED_COUNTERS = 1
#: the negotiations legal_actions lists per turn (check accepts any number)
SAMPLED_OFFERS = 1


def open_offer(state: CatanState) -> tuple[int, int, tuple[int, ...], tuple[int, ...]]:
    """The open negotiation (there is one in the negotiate phase)."""
    assert state.offer is not None
    return state.offer


def _check_terms(give: tuple[int, ...], want: tuple[int, ...], hand: list[int]) -> None:
    if (
        any(count < 0 for count in give + want)
        or not sum(give)
        or not sum(want)
        or any(g and w for g, w in zip(give, want, strict=False))
    ):
        raise refuse(M.BAD_TRADE)
    if not has(hand, give):
        raise refuse(M.CANNOT_AFFORD)


class Trading(CatanBase):
    """Trade with the bank and between players."""

    def _trade_actions(self, state: CatanState) -> list[Action]:
        """The bank trades the player can make and a sample of offers to others."""
        t = self._t
        seat = state.turn
        hand = state.hands[seat]
        actions: list[Action] = []
        bank = state.bank
        ratios = state.ratios[seat]
        every = all(bank)
        for give in range(R):
            if hand[give] >= ratios[give]:
                if every:
                    actions += t.a_bank_other[give]
                else:
                    row = t.a_bank[give]
                    actions += [row[get] for get in range(R) if get != give and bank[get]]
        if state.offers < SAMPLED_OFFERS:
            mask = 0
            for r in range(R):
                if hand[r]:
                    mask |= 1 << r
            if mask:
                hands = state.hands
                for partner in range(state.players):
                    if partner != seat and any(hands[partner]):
                        actions += A_OFFER[partner][mask]
        return actions

    def _negotiate_actions(self, state: CatanState) -> list[Action]:
        proposer, responder, give, want = open_offer(state)
        actions = [A_REJECT]
        if has(state.hands[responder], want):
            actions.append(A_ACCEPT)
        if state.counters < SAMPLED_COUNTERS:
            # sample: offer one card of another kind for what was offered
            hand = state.hands[responder]
            for r in range(R):
                if hand[r] and not give[r] and not want[r]:
                    actions.append(Action("counter", give=UNIT[r], want=give))
        return actions

    @staticmethod
    def _check_trading(state: CatanState) -> None:
        if not (state.combined_phases or state.trading):
            raise refuse(M.TRADING_CLOSED)

    @TRADE_BANK.check
    def _check_trade_bank(self, state: CatanState, give: str, get: str) -> None:
        t = self._t
        self._check_trading(state)
        g, w = t.resource_index.get(give), t.resource_index.get(get)
        if g is None or w is None:
            raise refuse(M.UNKNOWN_RESOURCE)
        seat = state.turn
        if g == w:
            raise refuse(M.BAD_TRADE)
        if state.hands[seat][g] < state.ratios[seat][g]:
            raise refuse(M.CANNOT_AFFORD)
        if not state.bank[w]:
            raise refuse(M.BANK_HAS_NONE)

    @TRADE_BANK.apply
    def _apply_trade_bank(self, state: CatanState, give: str, get: str) -> Step:
        t = self._t
        seat = state.turn
        g, w = t.resource_index[give], t.resource_index[get]
        ratio = state.ratios[seat][g]
        hand, bank = state.hands[seat], state.bank
        hand[g] -= ratio
        bank[g] += ratio
        bank[w] -= 1
        hand[w] += 1
        return Step(
            [
                Event(M.cards(M.RETURN[give], ratio, {"player": seat})),
                Event(M.cards(M.RECEIVE[get], 1, {"player": seat})),
            ]
        )

    @OFFER.check
    def _check_offer(self, state: CatanState, partner: int, give: Cards, want: Cards) -> None:
        self._check_trading(state)
        if not 0 <= partner < state.players or partner == state.turn:
            raise refuse(M.BAD_PARTNER)
        _check_terms(give, want, state.hands[state.turn])

    @OFFER.apply
    def _apply_offer(self, state: CatanState, partner: int, give: Cards, want: Cards) -> Step:
        seat = state.turn
        state.offer = (seat, partner, give, want)
        state.offers += 1
        state.counters = 0
        state.phase = NEGOTIATE
        return Step(
            [
                Event(
                    Message(M.OFFERS, {"player": seat, "other_player": partner}),
                    kind="offer",
                    data={"give": list(give), "want": list(want)},
                )
            ]
        )

    @COUNTER.check
    def _check_counter(self, state: CatanState, give: Cards, want: Cards) -> None:
        _check_terms(give, want, state.hands[open_offer(state)[1]])

    @COUNTER.apply
    def _apply_counter(self, state: CatanState, give: Cards, want: Cards) -> Step:
        proposer, responder, _give, _want = open_offer(state)
        state.offer = (responder, proposer, give, want)
        state.counters += 1
        return Step(
            [
                Event(
                    Message(M.COUNTERS, {"player": responder, "other_player": proposer}),
                    kind="offer",
                    data={"give": list(give), "want": list(want)},
                )
            ]
        )

    @ACCEPT.check
    def _check_accept(self, state: CatanState) -> None:
        proposer, responder, give, want = open_offer(state)
        if not has(state.hands[responder], want):
            raise refuse(M.CANNOT_AFFORD)
        if not has(state.hands[proposer], give):
            raise refuse(M.PARTNER_CANNOT_PAY)

    @ACCEPT.apply
    def _apply_accept(self, state: CatanState) -> Step:
        t = self._t
        proposer, responder, give, want = open_offer(state)
        events = [Event(Message(M.ACCEPTS, {"player": responder}))]
        for giver, taker, cards in ((proposer, responder, give), (responder, proposer, want)):
            for r in range(R):
                if cards[r]:
                    state.hands[giver][r] -= cards[r]
                    state.hands[taker][r] += cards[r]
                    events.append(
                        Event(M.cards(M.GIVE_TO[t.resources[r]], cards[r], {"player": giver, "other_player": taker}))
                    )
        state.offer = None
        state.phase = MAIN
        return Step(events)

    @REJECT.apply
    def _apply_reject(self, state: CatanState) -> Step:
        responder = open_offer(state)[1]
        state.offer = None
        state.phase = MAIN
        return Step([Event(Message(M.REJECTS, {"player": responder}))])
