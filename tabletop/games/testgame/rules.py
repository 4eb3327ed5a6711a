"""Lucky draw, the test-only game.

Twelve cards numbered 1-12 are shuffled and each player is dealt three, in secret.
On a turn the player rolls a die, then either plays a card from the hand (score
card + die, the card is shown) or holds (score 1); then refills the hand to three
while cards are left. The first to 25 points wins.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from tabletop.engine.core import CHANCE, Action, ChanceSpec, Event, Result, Setup, Step
from tabletop.engine.data import DataSet
from tabletop.engine.gamedata import GameFile
from tabletop.engine.rules import GameRules
from tabletop.i18n import N_, Message

CARDS = 12
HAND = 3
TARGET = 25


@dataclass
class LuckyState:
    players: int
    phase: str = "shuffle"  # shuffle, roll, act, over
    turn: int = 0
    deck: list[int] = field(default_factory=list)
    hands: list[list[int]] = field(default_factory=list)
    played: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    die: int = 0


class LuckyDrawRules(GameRules):
    id = "testgame"
    title = N_("Lucky draw")
    dataset = DataSet("testgame", {"testgame/game.yaml": GameFile})  # its launcher picture
    description = N_("A small test game: roll, play a card, reach 25.")
    min_players = 2
    max_players = 4
    hidden = True
    random_play_step_limit = 400

    COLOURS = (
        ("red", N_("red"), (200, 40, 40)),
        ("blue", N_("blue"), (40, 90, 200)),
        ("white", N_("white"), (235, 235, 225)),
        ("orange", N_("orange"), (230, 130, 30)),
    )

    def colours(self):
        return self.COLOURS

    def new_state(self, setup: Setup) -> LuckyState:
        count = len(setup.players)
        return LuckyState(players=count, turn=setup.first, hands=[[] for _ in range(count)], scores=[0] * count)

    def actor(self, state: LuckyState) -> int | None:
        if state.phase == "over":
            return None
        if state.phase in ("shuffle", "roll"):
            return CHANCE
        return state.turn

    def chance_spec(self, state: LuckyState) -> ChanceSpec:
        if state.phase == "shuffle":
            return ChanceSpec("shuffle", size=CARDS, reason=Message(N_("Shuffle the cards")))
        return ChanceSpec("dice", count=1, sides=6, reason=Message(N_("Roll the die")))

    def legal_actions(self, state: LuckyState) -> list[Action]:
        if state.phase != "act":
            return []
        return [Action("play", card=c) for c in sorted(state.hands[state.turn])] + [Action("hold")]

    def describe(self, state: LuckyState, action: Action) -> Message:
        if action.kind == "play":
            return Message(N_("Play card {card}"), {"card": action["card"]})
        return Message(N_("Hold"))

    def apply(self, state: LuckyState, action: Action) -> Step:
        if state.phase == "shuffle":
            state.deck = [action["outcome"][i] + 1 for i in range(CARDS)]
            for _ in range(HAND):
                for seat in range(state.players):
                    state.hands[seat].append(state.deck.pop())
            state.phase = "roll"
            return Step([Event(Message(N_("The cards are shuffled and dealt.")))], commits=True)
        if state.phase == "roll":
            state.die = action["outcome"][0]
            state.phase = "act"
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
        seat = state.turn
        events: list[Event] = []
        commits = False
        if action.kind == "play":
            card = action["card"]
            state.hands[seat].remove(card)
            state.played.append(card)
            state.scores[seat] += card + state.die
            events.append(Event(Message(N_("{player} plays {card}."), {"player": seat, "card": card})))
            commits = True
        else:
            state.scores[seat] += 1
            events.append(Event(Message(N_("{player} holds."), {"player": seat})))
        if state.scores[seat] >= TARGET:
            state.phase = "over"
            events.append(Event(Message(N_("{player} wins!"), {"player": seat})))
            return Step(events, commits=True)
        if state.deck and len(state.hands[seat]) < HAND:
            state.hands[seat].append(state.deck.pop())
            commits = True
        state.turn = (seat + 1) % state.players
        state.phase = "roll"
        return Step(events, commits=commits)

    def result(self, state: LuckyState) -> Result | None:
        if state.phase != "over":
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

    def view(self, state: LuckyState, seat: int | None) -> dict[str, Any]:
        return {
            "phase": state.phase,
            "turn": state.turn,
            "deck_size": len(state.deck),
            "hand_sizes": [len(h) for h in state.hands],
            "played": list(state.played),
            "scores": list(state.scores),
            "die": state.die,
            "hand": sorted(state.hands[seat]) if seat is not None else None,
        }

    def check_invariants(self, state: LuckyState) -> None:
        if state.phase == "shuffle":
            return
        cards = sorted(state.deck + state.played + [c for h in state.hands for c in h])
        assert cards == list(range(1, CARDS + 1)), f"cards not conserved: {cards}"
        assert all(len(h) <= HAND for h in state.hands), "a hand is too large"

    def perturb_secrets(self, state: LuckyState, seat: int, rng: random.Random) -> LuckyState | None:
        if not state.deck or not state.hands[seat]:
            return None
        other = self.copy_state(state)
        i = rng.randrange(len(other.hands[seat]))
        j = rng.randrange(len(other.deck))
        other.hands[seat][i], other.deck[j] = other.deck[j], other.hands[seat][i]
        rng.shuffle(other.deck)
        return other


RULES = LuckyDrawRules()
