"""Lucky draw positions in a few lines, for tests.

>>> state = position(hands={0: [12, 3], 1: [7, 8, 9]}, played=[1], scores=[14, 6], die=4)
>>> state.phase, state.turn, state.hands[0], len(state.deck)
('act', 0, [12, 3], 6)
>>> position(hands={0: [12], 1: [12]})
Traceback (most recent call last):
...
tabletop.games.testgame.position.PositionError: Card 12 is in two places.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tabletop.games.testgame.rules import ACT, CARDS, DEAL, DRAW, HAND, OVER, ROLL, TARGET, LuckyState


class PositionError(ValueError):
    """A position that no game of Lucky draw can reach."""


def position(
    players: int = 2,
    turn: int = 0,
    hands: Mapping[int, Sequence[int]] | None = None,
    played: Sequence[int] = (),
    scores: Sequence[int] | None = None,
    die: int = 1,
    phase: str = ACT,
) -> LuckyState:
    """The state with these hands, cards played, scores and die; every other card
    lies in the pile. PositionError says why a position is impossible."""
    if not 2 <= players <= 4:
        raise PositionError(f"Lucky draw is for 2 to 4 players, not {players}.")
    if not 0 <= turn < players:
        raise PositionError(f"Seat {turn} does not play.")
    if phase not in (DEAL, ROLL, ACT, DRAW, OVER):
        raise PositionError(f"There is no phase {phase!r}.")
    held = {seat: list(cards) for seat, cards in (hands or {}).items()}
    if any(not 0 <= seat < players for seat in held):
        raise PositionError("A hand belongs to a seat that does not play.")
    seen: set[int] = set()
    for card in [*played, *(card for cards in held.values() for card in cards)]:
        if not 1 <= card <= CARDS:
            raise PositionError(f"There is no card {card}.")
        if card in seen:
            raise PositionError(f"Card {card} is in two places.")
        seen.add(card)
    if any(len(cards) > HAND for cards in held.values()):
        raise PositionError(f"A hand holds at most {HAND} cards.")
    points = list(scores) if scores is not None else [0] * players
    if len(points) != players or any(score < 0 for score in points):
        raise PositionError("Every seat has a score of 0 or more.")
    if phase != OVER and any(score >= TARGET for score in points):
        raise PositionError(f"A score of {TARGET} ends the game.")
    if not 1 <= die <= 6:
        raise PositionError("A die shows 1 to 6.")
    return LuckyState(
        players=players,
        phase=phase,
        turn=turn,
        deck=sorted(set(range(1, CARDS + 1)) - seen),
        hands=[held.get(seat, []) for seat in range(players)],
        played=list(played),
        scores=points,
        die=die,
    )
