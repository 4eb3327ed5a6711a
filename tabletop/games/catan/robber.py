"""The robber in Catan: the discards after a 7, the robber's move and the theft
(a card drawn at random from the victim's hand when it is taken)."""

from __future__ import annotations

from tabletop.engine.core import Action, ChanceSpec, Event, Step
from tabletop.games.catan import messages as M
from tabletop.games.catan.base import CatanBase
from tabletop.games.catan.geometry import HEX_BY_NAME, HEX_COUNT, HEX_NAMES, INTERSECTION_HEXES
from tabletop.games.catan.moves import DISCARD_CARD, MOVE_ROBBER, hex_named
from tabletop.games.catan.state import ROBBER, STEAL, CatanState
from tabletop.games.catan.tables import R, refuse
from tabletop.i18n import Message

A_ROBBER = tuple(Action("move_robber", hex=HEX_NAMES[h]) for h in range(HEX_COUNT))
A_ROB = tuple(tuple(Action("move_robber", hex=HEX_NAMES[h], victim=v) for v in range(4)) for h in range(HEX_COUNT))


class Robber(CatanBase):
    """Discards, the robber and the theft."""

    @staticmethod
    def _discarder(state: CatanState) -> int:
        n = state.players
        for k in range(n):
            seat = (state.turn + k) % n
            if state.discard[seat]:
                return seat
        raise AssertionError("nobody has to discard")

    def _discard_actions(self, state: CatanState) -> list[Action]:
        hand = state.hands[self._discarder(state)]
        return [self._t.a_discard[r] for r in range(R) if hand[r]]

    @DISCARD_CARD.check
    def _check_discard(self, state: CatanState, resource: str) -> None:
        r = self._t.resource_index.get(resource)
        if r is None:
            raise refuse(M.UNKNOWN_RESOURCE)
        if not state.hands[self._discarder(state)][r]:
            raise refuse(M.NOTHING_TO_DISCARD)

    @DISCARD_CARD.apply
    def _apply_discard(self, state: CatanState, resource: str) -> Step:
        t = self._t
        seat = self._discarder(state)
        r = t.resource_index[resource]
        state.hands[seat][r] -= 1
        state.bank[r] += 1
        state.discard[seat] -= 1
        chosen = list(state.discarded[seat])
        chosen[r] += 1
        state.discarded[seat] = tuple(chosen)
        if state.discard[seat]:
            return Step()
        # the seat's discard is complete: one line, the cards for the seat itself,
        # their count for the others (the bank's piles show them once all have discarded)
        count = sum(chosen)
        events = [
            Event(
                M.cards(M.DISCARDS_LISTED, count, {"player": seat, "cards": M.card_list(chosen, t.resources)}),
                seat=seat,
                public=M.cards(M.DISCARDS, count, {"player": seat}),
            )
        ]
        if any(state.discard):
            return Step(events)
        for s in range(state.players):
            state.discarded[s] = (0,) * R
        state.phase = ROBBER
        return Step(events, commits=True)

    def _robber_actions(self, state: CatanState) -> list[Action]:
        seat, robber, n = state.turn, state.robber, state.players
        found = [0] * HEX_COUNT  # per hex, bit v: seat v can be robbed there
        for victim, hand in enumerate(state.hands):
            if victim != seat and any(hand):
                bit = 1 << victim
                for i in state.buildings[victim]:
                    for h in INTERSECTION_HEXES[i]:
                        found[h] |= bit
        optional = state.theft_optional and not state.knight_robber
        actions = []
        for h in range(HEX_COUNT):
            if h == robber:
                continue
            bits = found[h]
            if bits:
                row = A_ROB[h]
                actions += [row[v] for v in range(n) if bits >> v & 1]
                if optional:
                    actions.append(A_ROBBER[h])
            else:
                actions.append(A_ROBBER[h])
        return actions

    @MOVE_ROBBER.check
    def _check_robber(self, state: CatanState, hex: str, victim: int | None = None) -> None:
        h = hex_named(hex)
        if h == state.robber:
            raise refuse(M.SAME_HEX)
        if victim is None:
            if (state.knight_robber or not state.theft_optional) and self.victims(state, h):
                raise refuse(M.MUST_ROB)
        elif victim not in self.victims(state, h):
            raise refuse(M.BAD_VICTIM)

    @MOVE_ROBBER.apply
    def _apply_robber(self, state: CatanState, hex: str, victim: int | None = None) -> Step:
        seat = state.turn
        h = HEX_BY_NAME[hex]
        state.robber = h
        events = [Event(Message(M.MOVES_ROBBER, {"player": seat}), kind="robber", data={"hex": h})]
        state.knight_robber = False
        if victim is None:
            if self.victims(state, h):  # the theft after a 7 is left out (theft option)
                events.append(Event(Message(M.ROBS_NOBODY, {"player": seat})))
            state.phase = state.resume
        else:
            state.victim = victim
            state.phase = STEAL
        return Step(events)

    def _steal_spec(self, state: CatanState) -> ChanceSpec:
        return ChanceSpec(
            "pick",
            size=sum(state.hands[state.victim]),
            reason=Message(M.PICK_STOLEN, {"player": state.turn, "other_player": state.victim}),
        )

    def _apply_steal(self, state: CatanState, outcome: int) -> Step:
        t = self._t
        seat, victim = state.turn, state.victim
        hand = state.hands[victim]
        r = 0
        while outcome >= hand[r]:
            outcome -= hand[r]
            r += 1
        hand[r] -= 1
        state.hands[seat][r] += 1
        text = M.cards(M.TAKE_FROM[t.resources[r]], 1, {"player": seat, "other_player": victim})
        state.victim = -1
        state.phase = state.resume
        return Step(
            [
                Event(
                    text,
                    kind="steal",
                    seat=seat,
                    shared_with=(victim,),
                    public=Message(M.STEALS_A_CARD, {"player": seat, "other_player": victim}),
                )
            ]
        )
