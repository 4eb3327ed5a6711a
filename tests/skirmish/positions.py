"""Moves made on a built position (play/position.py) as the tests of the rules of play
make them: checked, carried out, the invariants kept; their log lines, or the refusal."""

from __future__ import annotations

import pytest

from tabletop.engine.core import Action, IllegalAction
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.play.state import SkirmishState

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
