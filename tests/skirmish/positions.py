"""Moves made on a built position (play/position.py) as the tests of the rules of play
make them: checked, carried out, the invariants kept; their log lines, or the refusal."""

from __future__ import annotations

import pytest

from tabletop.engine.core import Action, IllegalAction
from tabletop.engine.match import Match
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.play.state import BIDDING, MISSIONS, SkirmishState

#: the players' names the log lines are written with
NAMES = ["A", "B"]


def act(state: SkirmishState, kind: str, **params) -> list[str]:
    """Check and carry out a move on a built position; the log lines."""
    action = Action(kind, **params)
    RULES.check(state, action)
    step = RULES.apply(state, action)
    RULES.check_invariants(state)
    return [event.message.render(NAMES) for event in step.events]


def refused(state: SkirmishState, kind: str, **params) -> str:
    """Why the move is refused, in words."""
    with pytest.raises(IllegalAction) as caught:
        RULES.check(state, Action(kind, **params))
    return caught.value.reason.render(NAMES)


def through_the_bid(match: Match, beginner: int) -> None:
    """The bid for who begins the round under way: both bid 0 SP, the roll-off goes
    to `beginner`, who says they begin (the pools stay as they were)."""
    assert match.state.phase == BIDDING, match.state.phase
    match.act(Action("bid", sp=0))
    match.act(Action("bid", sp=0))
    match.roll((6, 1) if beginner == 0 else (1, 6))
    match.act(Action("begin", player=beginner))


def missions_played(match: Match, first: str = "annihilation", second: str = "trap") -> None:
    """Preparation step 5: the beginner plays `first`, the other `second` (by default
    an open mission and a secret one, neither with markers)."""
    assert match.state.phase == MISSIONS, match.state.phase
    match.act(Action("mission", mission=first))
    match.act(Action("mission", mission=second))


def play_begins(match: Match, beginner: int | None = None) -> None:
    """Both players say they are ready; round 1's bid goes to `beginner` (default:
    the seat chosen to begin)."""
    match.act(Action("ready"))
    match.act(Action("ready"))
    through_the_bid(match, match.state.first if beginner is None else beginner)


def round_begun_by(state: SkirmishState, beginner: int) -> list[str]:
    """On a built position waiting for the bid: both bid 0 SP, the roll-off goes to
    `beginner`, who begins; the log lines."""
    assert state.phase == BIDDING, state.phase
    lines = act(state, "bid", sp=0) + act(state, "bid", sp=0)
    step = RULES.apply_chance(state, (6, 1) if beginner == 0 else (1, 6))
    lines += [event.message.render(NAMES) for event in step.events]
    return lines + act(state, "begin", player=beginner)


def told(match: Match, seat: int | None) -> list[str]:
    """The log as `seat` reads it (None: the public log)."""
    lines = []
    for step in match.history:
        for event in step:
            message = event.for_seat(seat)
            if message is not None:
                lines.append(message.render(NAMES))
    return lines
