"""A Catan turn's frame: the roll, production and the end of the turn."""

from __future__ import annotations

from tabletop.engine.core import ChanceSpec, Event, Step
from tabletop.games.catan import messages as M
from tabletop.games.catan.base import CatanBase
from tabletop.games.catan.geometry import HEX_CORNERS
from tabletop.games.catan.moves import END_TURN, ROLL_DICE
from tabletop.games.catan.state import DICE, DISCARD, MAIN, ROBBER, ROLL, CatanState
from tabletop.games.catan.tables import R
from tabletop.i18n import Message

#: what never changes for a seat, made once: the production roll's chance step and
#: the end of the turn's message (seats 0-3)
DICE_SPECS = tuple(
    ChanceSpec("dice", count=2, sides=6, reason=Message(M.ROLL_FOR_PRODUCTION, {"player": seat})) for seat in range(4)
)
ENDS_TURN = tuple(Message(M.ENDS_TURN, {"player": seat}) for seat in range(4))
NO_PRODUCTION = Message(M.NO_PRODUCTION)
#: ROLLS[seat][total]: the log line of a production roll
ROLLS = tuple(tuple(Message(M.ROLLS, {"player": seat, "total": total}) for total in range(13)) for seat in range(4))
#: the log lines of production, made when first needed: (resource key, seat, count) -> Message
_RECEIVED: dict[tuple[str, int, int], Message] = {}


def _received(key: str, seat: int, count: int) -> Message:
    """ "{player} receives {count} <resource>." (Messages are frozen: one per wording.)"""
    message = _RECEIVED.get((key, seat, count))
    if message is None:
        message = _RECEIVED[key, seat, count] = M.cards(M.RECEIVE[key], count, {"player": seat})
    return message


class Turn(CatanBase):
    """The roll, production and the end of the turn."""

    @ROLL_DICE.apply
    def _apply_roll(self, state: CatanState) -> Step:
        state.phase = DICE
        return Step()

    def _apply_dice(self, state: CatanState, outcome: tuple[int, ...]) -> Step:
        t = self._t
        seat = state.turn
        total = outcome[0] + outcome[1]
        state.dice = list(outcome)
        events = [Event(ROLLS[seat][total], kind="dice", data={"faces": list(outcome)})]
        state.trading = True
        if total == 7:
            limit = t.data.discard_above
            for s in range(state.players):
                count = sum(state.hands[s])
                state.discard[s] = count // 2 if count > limit else 0
            state.resume = MAIN
            if any(state.discard):
                events.append(Event(Message(M.SEVEN, {"limit": limit})))
                state.phase = DISCARD
            else:
                state.phase = ROBBER
        else:
            events += self._produce(state, total)
            state.phase = MAIN
        return Step(events)

    def _produce(self, state: CatanState, total: int) -> list[Event]:
        """Pay out a roll of `total`; a resource the bank cannot pay in full goes to
        nobody (or, with the option, to the only player owed it)."""
        t = self._t
        owner, level, produce, robber, n = state.owner, state.level, state.produce, state.robber, state.players
        owed: list[int] | None = None  # cards owed, at resource * n + seat
        kinds = 0  # bit r: resource r is owed to someone
        for h in state.number_hexes[total]:
            if h != robber:
                r = produce[h]
                base = r * n
                for i in HEX_CORNERS[h]:
                    seat = owner[i]
                    if seat != -1:
                        if owed is None:
                            owed = [0] * (R * n)
                        owed[base + seat] += level[i]
                        kinds |= 1 << r
        if owed is None:
            return [Event(NO_PRODUCTION)]
        events = []
        bank = state.bank
        paid = [r for r in range(R) if kinds >> r & 1]
        for r in paid:
            base = r * n
            if sum(owed[base : base + n]) > bank[r]:
                takers = [seat for seat in range(n) if owed[base + seat]]
                if state.single_gets_rest and len(takers) == 1:
                    owed[base + takers[0]] = bank[r]
                else:
                    events.append(Event(Message(M.SHORT[t.resources[r]])))
                    for seat in takers:
                        owed[base + seat] = 0
        hands = state.hands
        for seat in range(n):
            for r in paid:
                count = owed[r * n + seat]
                if count:
                    hands[seat][r] += count
                    bank[r] -= count
                    events.append(
                        Event(
                            _received(t.resources[r], seat, count),
                            kind="produce",
                            data={"resource": t.resources[r], "count": count},
                        )
                    )
        if not events:
            events.append(Event(NO_PRODUCTION))
        return events

    @END_TURN.apply
    def _apply_end_turn(self, state: CatanState) -> Step:
        events = [Event(ENDS_TURN[state.turn])]
        state.turn = (state.turn + 1) % state.players
        state.phase = ROLL
        state.dev_played = False
        if any(state.new_devs):
            state.new_devs = [0] * len(state.new_devs)
        state.trading = False
        state.offers = 0
        state.dice = []
        # the next player may already hold the points to win
        return self._scored(state, Step(events))
