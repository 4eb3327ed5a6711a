"""The bid for who begins a round (rulebook L384-390, L336-338; DECISIONS S8-S10),
as moves: each player bids strategy points from the pool in private (`bid`); when
both have bid the bids are shown together and both are spent; the higher bid wins
and its player says who begins (`begin`); equal bids: each side rolls a die until
the rolls differ. When one side's leader fell in the round before, there is no
bid: the other side says who begins (rounds.open_round). The arithmetic of bids is
play/bids.py; this module plays them on the state.

A bid is its player's secret until both are made: the other seat's view and the
public log say only that a bid was made (views.py, Event.public).
"""

from __future__ import annotations

from tabletop.engine.core import REVEAL, ChanceSpec, Event, Step
from tabletop.games.skirmish.play import bids, preparation, rounds
from tabletop.games.skirmish.play.checks import illegal
from tabletop.games.skirmish.play.moves import BEGIN, BID
from tabletop.games.skirmish.play.state import CHOOSING, SkirmishState
from tabletop.i18n import N_, Message


def waiting_for_dice(state: SkirmishState) -> bool:
    """The bids were equal: the roll-off waits for its dice."""
    return state.roll_off


def chance_spec(state: SkirmishState) -> ChanceSpec:
    """One die for each side, the first for seat 0 (S8)."""
    return ChanceSpec("dice", count=2, sides=6, reason=Message(N_("Roll-off for who begins: a die each")))


def apply_chance(state: SkirmishState, outcome: tuple[int, ...]) -> Step:
    rolls = list(outcome)
    winner = bids.roll_off(rolls)
    message = Message(
        N_("Roll-off: {first_player} rolls {first_roll}, {second_player} rolls {second_roll}."),
        {"first_player": 0, "first_roll": rolls[0], "second_player": 1, "second_roll": rolls[1]},
    )
    events = [Event(message, kind="dice", data={"faces": rolls})]
    if winner is None:
        events.append(Event(Message(N_("The rolls are equal: both roll again."))))
        return Step(events)
    state.roll_off = False
    return Step(events + _won(state, winner))


def _won(state: SkirmishState, winner: int) -> list[Event]:
    state.phase = CHOOSING
    state.decider = state.turn = winner
    return [Event(Message(N_("{player} wins the bid and says who begins."), {"player": winner}))]


@BID.check
def _check_bid(rules: object, state: SkirmishState, sp: int) -> None:
    seat = state.turn
    if state.bids[seat] is not None:
        raise illegal(N_("You have bid already."))
    refusal = bids.bid_refusal(sp, state.sp[seat])
    if refusal is not None:
        raise illegal(refusal.text, **refusal.params)


@BID.apply
def _bid(rules: object, state: SkirmishState, sp: int) -> Step:
    seat = state.turn
    state.bids[seat] = sp
    made = Event(
        Message(N_("{player} bids {sp} SP in private."), {"player": seat, "sp": sp}),
        kind="bid",
        seat=seat,
        public=Message(N_("{player} has bid in private."), {"player": seat}),
    )
    other = 1 - seat
    if state.bids[other] is None:
        state.turn = other
        return Step([made])
    shown = [int(b) for b in state.bids if b is not None]
    state.sp = bids.pools_after(state.sp, shown)
    reveal = Event(
        Message(
            N_("The bids are shown: {first_player} {first_sp} SP, {second_player} {second_sp} SP; both are spent."),
            {"first_player": 0, "first_sp": shown[0], "second_player": 1, "second_sp": shown[1]},
        ),
        kind=REVEAL,
        data={"bids": shown, "about": None},  # both sides
    )
    winner = bids.winner(shown)
    if winner is None:
        state.roll_off = True
        tie = Event(Message(N_("The bids are equal: each side rolls a die, the higher begins.")))
        return Step([made, reveal, tie], commits=True)
    return Step([made, reveal, *_won(state, winner)], commits=True)


@BEGIN.check
def _check_begin(rules: object, state: SkirmishState, player: int) -> None:
    if player not in (0, 1):
        raise illegal(N_("A round is begun by one of the two players."))


@BEGIN.apply
def _begin(rules: object, state: SkirmishState, player: int) -> Step:
    decider = state.turn
    state.decider = None
    if state.round == 0:
        message = Message(
            N_("{player} says {first_player} begins the preparation."), {"player": decider, "first_player": player}
        )
        return Step([Event(message), *preparation.after_bid(state, player)])
    message = Message(N_("{player} says {first_player} begins the round."), {"player": decider, "first_player": player})
    return Step([Event(message), *rounds.begin_round(state, state.round, player)])
