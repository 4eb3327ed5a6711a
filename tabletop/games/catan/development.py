"""Development cards in Catan: bought (the card drawn from the pile at random when
it is bought) and played: the knight, road building, year of plenty, monopoly."""

from __future__ import annotations

from tabletop.engine.core import Action, ChanceSpec, Event, Step
from tabletop.games.catan import messages as M
from tabletop.games.catan import schema
from tabletop.games.catan.base import CatanBase
from tabletop.games.catan.moves import (
    BUY_DEVELOPMENT,
    PLAY_KNIGHT,
    PLAY_MONOPOLY,
    PLAY_ROAD_BUILDING,
    PLAY_YEAR_OF_PLENTY,
    TAKE_RESOURCE,
)
from tabletop.games.catan.roads import award
from tabletop.games.catan.state import DEVELOP, FREE_ROADS, MAIN, PLENTY, ROBBER, CatanState
from tabletop.games.catan.tables import KNIGHT, MONOPOLY, PROGRESS, ROAD_BUILDING, YEAR_OF_PLENTY, affords, pay, refuse
from tabletop.i18n import Message

A_KNIGHT = Action("play_knight")
A_ROAD_BUILDING = Action("play_road_building")
A_YEAR_OF_PLENTY = Action("play_year_of_plenty")


class Development(CatanBase):
    """Development cards: the pile, buying and playing."""

    def _card_plays(self, state: CatanState, seat: int) -> list[Action]:
        t = self._t
        if state.dev_played:
            return []
        devs, new = state.devs[seat], state.new_devs
        actions = []
        if devs[KNIGHT] > new[KNIGHT]:
            actions.append(A_KNIGHT)
        if (
            devs[ROAD_BUILDING] > new[ROAD_BUILDING]
            and len(state.road_paths[seat]) < t.max_roads
            and self.road_spots(state, seat)
        ):
            actions.append(A_ROAD_BUILDING)
        if devs[YEAR_OF_PLENTY] > new[YEAR_OF_PLENTY] and sum(state.bank) > 0:
            actions.append(A_YEAR_OF_PLENTY)
        if devs[MONOPOLY] > new[MONOPOLY]:
            actions += t.a_monopoly
        return actions

    # -- buying: the card is drawn when it is bought ---------------------------------

    @BUY_DEVELOPMENT.check
    def _check_buy(self, state: CatanState) -> None:
        if not state.deck:
            raise refuse(M.DECK_EMPTY)
        if not affords(state.hands[state.turn], self._t.cost_development):
            raise refuse(M.CANNOT_AFFORD)

    @BUY_DEVELOPMENT.apply
    def _apply_buy(self, state: CatanState) -> Step:
        seat = state.turn
        pay(state.hands[seat], state.bank, self._t.cost_development)
        state.trading = False
        if len(state.deck) > state.deck_under:
            state.phase = DEVELOP  # chance draws the card
            return Step()
        # only cards played back under the pile are left: the top one is known
        return self._take_card(state, len(state.deck) - 1)

    def _draw_spec(self, state: CatanState) -> ChanceSpec:
        return ChanceSpec(
            "draw",
            count=1,
            size=len(state.deck) - state.deck_under,
            reason=Message(M.DRAW_DEVELOPMENT, {"player": state.turn}),
        )

    def _apply_draw(self, state: CatanState, outcome: tuple[int, ...]) -> Step:
        state.phase = MAIN
        return self._take_card(state, state.deck_under + outcome[0])

    def _take_card(self, state: CatanState, position: int) -> Step:
        """The player whose turn it is takes the card at `position` of the pile,
        in secret."""
        seat = state.turn
        card = state.deck.pop(position)
        if position < state.deck_under:
            state.deck_under -= 1
        state.devs[seat][card] += 1
        state.new_devs[card] += 1
        kind = schema.DEVELOPMENT_KINDS[card]
        event = Event(
            Message(M.DRAW[kind], {"player": seat}),
            kind="development",
            data={"card": kind},
            seat=seat,
            public=Message(M.BUY_DEVELOPMENT, {"player": seat}),
        )
        return self._scored(state, Step([event], commits=True))

    # -- playing --------------------------------------------------------------------------

    def _check_card(self, state: CatanState, kind: int) -> None:
        if state.dev_played:
            raise refuse(M.CARD_ALREADY_PLAYED)
        if state.devs[state.turn][kind] <= state.new_devs[kind]:
            raise refuse(M.NO_PLAYABLE_CARD)

    def _play(self, state: CatanState, kind: int) -> None:
        """Take a development card out of the active player's hand."""
        state.devs[state.turn][kind] -= 1
        state.dev_played = True
        if kind in PROGRESS:
            if state.progress_removed:
                state.removed[kind] += 1
            else:  # back under the pile, where everyone knows it lies
                state.deck.insert(0, kind)
                state.deck_under += 1

    @PLAY_KNIGHT.check
    def _check_knight(self, state: CatanState) -> None:
        self._check_card(state, KNIGHT)

    @PLAY_KNIGHT.apply
    def _apply_knight(self, state: CatanState) -> Step:
        t = self._t
        seat = state.turn
        self._play(state, KNIGHT)
        state.knights[seat] += 1
        events = [Event(Message(M.PLAY_KNIGHT, {"player": seat}), kind="development", data={"card": "knight"})]
        new = award(state.knights, state.largest, t.data.largest_army_minimum, state.holder_keeps)
        if new != state.largest:
            self._move_special(state, "largest", new, events)
        state.resume = state.phase
        state.phase = ROBBER
        state.knight_robber = True
        return self._scored(state, Step(events))

    @PLAY_ROAD_BUILDING.check
    def _check_road_building(self, state: CatanState) -> None:
        self._check_card(state, ROAD_BUILDING)
        seat = state.turn
        if len(state.road_paths[seat]) >= self._t.max_roads:
            raise refuse(M.NO_PIECES)
        if not self.road_spots(state, seat):
            raise refuse(M.NO_ROAD_SPOT)

    @PLAY_ROAD_BUILDING.apply
    def _apply_road_building(self, state: CatanState) -> Step:
        t = self._t
        seat = state.turn
        self._play(state, ROAD_BUILDING)
        state.free = min(t.data.free_roads, t.max_roads - len(state.road_paths[seat]))
        state.resume = state.phase
        state.phase = FREE_ROADS
        return Step(
            [Event(Message(M.PLAY_ROAD_BUILDING, {"player": seat}), kind="development", data={"card": "road_building"})]
        )

    @PLAY_YEAR_OF_PLENTY.check
    def _check_year_of_plenty(self, state: CatanState) -> None:
        self._check_card(state, YEAR_OF_PLENTY)
        if not sum(state.bank):
            raise refuse(M.BANK_EMPTY)

    @PLAY_YEAR_OF_PLENTY.apply
    def _apply_year_of_plenty(self, state: CatanState) -> Step:
        t = self._t
        seat = state.turn
        self._play(state, YEAR_OF_PLENTY)
        state.free = min(t.data.year_of_plenty_cards, sum(state.bank))
        state.resume = state.phase
        state.phase = PLENTY
        return Step(
            [
                Event(
                    Message(M.PLAY_YEAR_OF_PLENTY, {"player": seat}),
                    kind="development",
                    data={"card": "year_of_plenty"},
                )
            ]
        )

    @TAKE_RESOURCE.check
    def _check_take(self, state: CatanState, resource: str) -> None:
        r = self._t.resource_index.get(resource)
        if r is None:
            raise refuse(M.UNKNOWN_RESOURCE)
        if not state.bank[r]:
            raise refuse(M.BANK_HAS_NONE)

    @TAKE_RESOURCE.apply
    def _apply_take(self, state: CatanState, resource: str) -> Step:
        seat = state.turn
        r = self._t.resource_index[resource]
        state.bank[r] -= 1
        state.hands[seat][r] += 1
        state.free -= 1
        if not state.free or not sum(state.bank):
            state.free = 0
            state.phase = state.resume
        return Step([Event(M.cards(M.RECEIVE[resource], 1, {"player": seat}))])

    @PLAY_MONOPOLY.check
    def _check_monopoly(self, state: CatanState, resource: str) -> None:
        self._check_card(state, MONOPOLY)
        if resource not in self._t.resource_index:
            raise refuse(M.UNKNOWN_RESOURCE)

    @PLAY_MONOPOLY.apply
    def _apply_monopoly(self, state: CatanState, resource: str) -> Step:
        seat = state.turn
        r = self._t.resource_index[resource]
        self._play(state, MONOPOLY)
        events = [Event(Message(M.MONOPOLY[resource], {"player": seat}), kind="development", data={"card": "monopoly"})]
        for other in range(state.players):
            count = state.hands[other][r]
            if other != seat and count:
                state.hands[other][r] = 0
                state.hands[seat][r] += count
                events.append(Event(M.cards(M.TAKE_FROM[resource], count, {"player": seat, "other_player": other})))
        return Step(events)
