"""Lucky draw, the test-only game.

Twelve cards numbered 1-12 lie face down; each player is dealt three at random, in
secret. On a turn the player rolls a die, then either plays a card from the hand
(score card + die, the card is shown) or holds (score 1); then draws a card at random
while the hand holds fewer than three and cards are left. The first to 25 points wins.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from tabletop.engine.core import CHANCE, Action, ChanceSpec, Event, IllegalAction, Result, Setup, Step
from tabletop.engine.data import DataSet
from tabletop.engine.gamedata import GameFile
from tabletop.engine.moves import Move, Moves
from tabletop.engine.rules import GameRules
from tabletop.games import registry
from tabletop.i18n import N_, Message

CARDS = 12
HAND = 3
TARGET = 25


#: phases: chance deals, chance rolls, the player acts, chance draws a card, the end
DEAL, ROLL, ACT, DRAW, OVER = "deal", "roll", "act", "draw", "over"

PLAY = Move(
    "play", N_("Play a card from your hand: it scores its number plus the die."), phases=(ACT,), commits=True, card=int
)
HOLD = Move("hold", N_("Keep your cards and score 1."), phases=(ACT,))
MOVES = Moves(PLAY, HOLD, phase_of=lambda state: state.phase, not_now={ROLL: N_("The die must be rolled first.")})


@dataclass(frozen=True)
class LuckyView:
    """What one seat sees: everything but the other hands and the pile's cards."""

    phase: str
    #: the seat whose turn it is
    turn: int
    deck_size: int
    hand_sizes: tuple[int, ...]
    #: the cards played so far, in order
    played: tuple[int, ...]
    scores: tuple[int, ...]
    #: the last die rolled (0 before the first roll)
    die: int
    #: the looking seat's own cards, sorted; None for the public view
    hand: tuple[int, ...] | None


@dataclass
class LuckyState:
    players: int
    phase: str = DEAL
    turn: int = 0
    #: the cards not yet dealt, face down: a pile without an order (sorted)
    deck: list[int] = field(default_factory=list)
    hands: list[list[int]] = field(default_factory=list)
    played: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    die: int = 0


class LuckyDrawRules(GameRules):
    id = "testgame"
    title = registry.title("testgame")
    dataset = DataSet("testgame", {"testgame/game.yaml": GameFile})  # its launcher picture
    description = N_("A small test game: roll, play a card, reach 25.")
    min_players = 2
    max_players = 4
    random_play_step_limit = 400
    moves = MOVES

    COLOURS = (
        ("red", N_("red"), (200, 40, 40)),
        ("blue", N_("blue"), (40, 90, 200)),
        ("white", N_("white"), (235, 235, 225)),
        ("orange", N_("orange"), (230, 130, 30)),
    )

    def colours(self) -> tuple[tuple[str, str, tuple[int, int, int]], ...]:
        return self.COLOURS

    def new_state(self, setup: Setup) -> LuckyState:
        count = len(setup.players)
        return LuckyState(
            players=count,
            turn=setup.first,
            deck=list(range(1, CARDS + 1)),
            hands=[[] for _ in range(count)],
            scores=[0] * count,
        )

    def actor(self, state: LuckyState) -> int | None:
        if state.phase == OVER:
            return None
        if state.phase in (DEAL, ROLL, DRAW):
            return CHANCE
        return state.turn

    def chance_spec(self, state: LuckyState) -> ChanceSpec:
        if state.phase == DEAL:
            count = HAND * state.players
            return ChanceSpec("draw", count=count, size=len(state.deck), reason=Message(N_("Deal the cards")))
        if state.phase == DRAW:
            return ChanceSpec("draw", count=1, size=len(state.deck), reason=Message(N_("Draw a card")))
        return ChanceSpec("dice", count=1, sides=6, reason=Message(N_("Roll the die")))

    def legal_actions(self, state: LuckyState) -> list[Action]:
        if state.phase != ACT:
            return []
        return [PLAY.action(card=c) for c in sorted(state.hands[state.turn])] + [HOLD.action()]

    def describe(self, state: LuckyState, action: Action) -> Message:
        if action.kind == "play":
            return Message(N_("Play card {card}"), {"card": action["card"]})
        return Message(N_("Hold"))

    def _take(self, state: LuckyState, positions: tuple[int, ...]) -> list[int]:
        """The cards at `positions` of the pile, taken from it."""
        cards = [state.deck[i] for i in positions]
        state.deck = [card for card in state.deck if card not in cards]
        return cards

    def apply_chance(self, state: LuckyState, outcome: tuple[int, ...]) -> Step:
        if state.phase == DEAL:
            cards = self._take(state, outcome)
            for index, card in enumerate(cards):
                state.hands[index % state.players].append(card)
            state.phase = ROLL
            return Step([Event(Message(N_("The cards are dealt.")))], commits=True)
        if state.phase == DRAW:
            state.hands[state.turn].extend(self._take(state, outcome))
            self._next_turn(state)
            return Step([], commits=True)
        state.die = outcome[0]
        state.phase = ACT
        return Step(
            [
                Event(
                    Message(N_("{player} rolls {die}."), {"player": state.turn, "die": state.die}),
                    kind="dice",
                    data={"faces": [state.die]},
                )
            ],
            commits=True,
        )

    @PLAY.check
    def _check_play(self, state: LuckyState, card: int) -> None:
        if card not in state.hands[state.turn]:
            raise IllegalAction(Message(N_("You do not hold card {card}."), {"card": card}))

    @PLAY.apply
    def _apply_play(self, state: LuckyState, card: int) -> Step:
        seat = state.turn
        state.hands[seat].remove(card)
        state.played.append(card)
        state.scores[seat] += card + state.die
        return self._after_scoring(state, Event(Message(N_("{player} plays {card}."), {"player": seat, "card": card})))

    @HOLD.apply
    def _apply_hold(self, state: LuckyState) -> Step:
        state.scores[state.turn] += 1
        return self._after_scoring(state, Event(Message(N_("{player} holds."), {"player": state.turn})))

    def _after_scoring(self, state: LuckyState, event: Event) -> Step:
        seat = state.turn
        events = [event]
        if state.scores[seat] >= TARGET:
            state.phase = OVER
            events.append(Event(Message(N_("{player} wins!"), {"player": seat})))
            return Step(events, commits=True)
        if state.deck and len(state.hands[seat]) < HAND:
            state.phase = DRAW
        else:
            self._next_turn(state)
        return Step(events)

    def _next_turn(self, state: LuckyState) -> None:
        state.turn = (state.turn + 1) % state.players
        state.phase = ROLL

    def result(self, state: LuckyState) -> Result | None:
        if state.phase != OVER:
            return None
        best = max(state.scores)
        winners = tuple(i for i, s in enumerate(state.scores) if s == best)
        return Result(winners, tuple(state.scores))

    def encode(self, state: LuckyState) -> dict[str, Any]:
        return {
            "players": state.players,
            "phase": state.phase,
            "turn": state.turn,
            "deck": list(state.deck),
            "hands": [list(h) for h in state.hands],
            "played": list(state.played),
            "scores": list(state.scores),
            "die": state.die,
        }

    def view(self, state: LuckyState, seat: int | None) -> LuckyView:
        return LuckyView(
            phase=state.phase,
            turn=state.turn,
            deck_size=len(state.deck),
            hand_sizes=tuple(len(h) for h in state.hands),
            played=tuple(state.played),
            scores=tuple(state.scores),
            die=state.die,
            hand=tuple(sorted(state.hands[seat])) if seat is not None else None,
        )

    def check_invariants(self, state: LuckyState) -> None:
        cards = sorted(state.deck + state.played + [c for h in state.hands for c in h])
        assert cards == list(range(1, CARDS + 1)), f"cards not conserved: {cards}"
        assert all(len(h) <= HAND for h in state.hands), "a hand is too large"

    def perturb_secrets(self, state: LuckyState, seat: int, rng: random.Random) -> LuckyState | None:
        if not state.deck or not state.hands[seat]:
            return None
        other: LuckyState = self.copy_state(state)
        i = rng.randrange(len(other.hands[seat]))
        j = rng.randrange(len(other.deck))
        other.hands[seat][i], other.deck[j] = other.deck[j], other.hands[seat][i]
        other.deck.sort()
        return other


RULES = LuckyDrawRules()
