"""Lucky draw's position builder: positions stated in a line, impossible ones refused."""

from __future__ import annotations

import pytest

from tabletop.engine import Action, IllegalAction
from tabletop.games.testgame.position import PositionError, position
from tabletop.games.testgame.rules import RULES


def test_a_stated_position_plays_on_by_the_rules():
    state = position(hands={0: [12, 3], 1: [7]}, scores=[20, 3], die=5)
    RULES.check_invariants(state)
    RULES.check(state, Action("play", card=12))
    with pytest.raises(IllegalAction, match="do not hold card 7"):
        RULES.check(state, Action("play", card=7))
    RULES.apply(state, Action("play", card=12))
    assert state.phase == "over" and RULES.result(state).winners == (0,)


@pytest.mark.parametrize(
    "given, said",
    [
        ({"players": 5}, "2 to 4 players"),
        ({"turn": 2}, "does not play"),
        ({"hands": {0: [13]}}, "no card 13"),
        ({"hands": {0: [1]}, "played": [1]}, "two places"),
        ({"hands": {0: [1, 2, 3, 4]}}, "at most 3"),
        ({"scores": [25, 0]}, "ends the game"),
        ({"scores": [1]}, "score of 0 or more"),
        ({"die": 7}, "1 to 6"),
        ({"phase": "lunch"}, "no phase"),
    ],
)
def test_an_impossible_position_is_refused(given, said):
    with pytest.raises(PositionError, match=said):
        position(**given)
