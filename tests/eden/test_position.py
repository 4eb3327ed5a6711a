"""Eden: positions stated by names (tabletop/games/eden/position.py)."""

from __future__ import annotations

import doctest

import pytest

from tabletop.games.eden import position as position_module
from tabletop.games.eden.position import Auction, PositionError, position
from tabletop.games.eden.rules import RULES

from .helpers import SIZE, C, F, T


def test_the_examples_of_the_module():
    assert doctest.testmod(position_module).failed == 0


def test_what_is_not_given_is_filled_consistently():
    state = position(
        players=4,
        turn=2,
        board={"A1": (0, 1), "B1": (0, 3), "C1": (2, 4)},
        hands={2: ["D4", "domino-1"], 3: ["A1"]},
        mana=[10, 20, 30, 40],
        display=["tee4"],
    )
    assert state.players == 4 and state.turn == 2 and state.phase == "play"
    assert state.points == [4, 0, 4, 0]
    assert state.free[0] == [15, 7] and state.free[2] == [16, 7] and state.free[1] == [16, 8]
    assert state.hands == [[], [], [F("D4"), C("domino-1")], [F("A1")]]
    assert state.discard == [F("B1"), F("C1")]  # A1's card is in a hand
    assert state.display == [C("tee4")]
    assert state.deck == sorted(state.deck) and len(state.deck) == T.deck_size - 6
    assert state.mana == [10, 20, 30, 40]
    RULES.check_invariants(state)


def test_a_given_pile_leaves_the_rest_to_the_other():
    others = [T.card_name(c) for c in range(T.deck_size) if c != F("A1")]
    state = position(board={"A1": (0, 1)}, deck=others)
    assert state.discard == [F("A1")] and state.deck == sorted(T.card_of(n) for n in others)
    state = position(board={"A1": (0, 1), "B2": (0, 1)}, hands={0: ["C3"]}, discard=["A1", "domino-1"])
    assert state.discard == [F("A1"), C("domino-1")] and F("B2") in state.deck  # after the piles changed places
    assert len(state.deck) == T.deck_size - 3


def test_cards_have_names():
    assert T.card_name(F("D4")) == "D4" and T.card_name(C("ess4")) == "ess4"
    assert [T.card_of(T.card_name(c)) for c in range(T.deck_size)] == list(range(T.deck_size))
    assert SIZE == 49


def test_a_conquest_and_an_auction():
    board = {"C4": (0, 1), "D4": (0, 1), "D3": (1, 1), "E4": (1, 1), "D5": (1, 2)}
    state = position(board=board, phase="conquest", placed="D4", played=True, irrigations=1)
    assert state.phase == "conquest" and state.placed == F("D4")
    auction = Auction(group=("D4", "C4"), targets=("D3", "E4", "D5"), bid=20, bidder=1)
    state = position(board=board, phase="auction", played=True, irrigations=1, auction=auction)
    assert (state.defender, state.bid, state.bidder) == (1, 20, 1)
    assert state.group == [F("D4"), F("C4")] and state.targets == [F("D3"), F("E4"), F("D5")]


@pytest.mark.parametrize(
    "params, reason",
    [
        ({"hands": {0: ["D4"], 1: ["D4"]}}, "card D4 is in two places: hand 0 and hand 1"),
        ({"hands": {0: ["tee4"]}, "display": ["tee4"]}, "card tee4 is in two places"),
        ({"board": {"H1": (0, 1)}}, "no field H1"),
        ({"board": {"A8": (0, 1)}}, "no field A8"),
        ({"hands": {0: ["Z9"]}}, "no card called Z9"),
        ({"board": {T.board.name(f): (0, 1) for f in range(17)}}, "17 tiles of kind 0, more than the 16"),
        ({"board": {T.board.name(f): (1, 4) for f in range(5)}}, "would have won"),
        ({"board": {"A1": (3, 1)}}, "seat 3, who does not play"),
        ({"board": {"A1": (0, 5)}}, "cannot show 5"),
        ({"hands": {0: ["A1", "A2", "A3", "A4", "A5", "A6", "A7"]}}, "7 irrigation cards"),
        ({"mana": [100, -1, 100]}, "never negative"),
        ({"mana": [100, 100]}, "2 mana totals for 3 players"),
        ({"display": ["A1"]}, "only cultivation cards"),
        ({"discard": ["A1"]}, "no tile lies on its field"),
        ({"deck": ["A1"], "discard": ["A2"]}, "lies nowhere"),
        ({"players": 5}, "not 5"),
        ({"turn": 3}, "seat 3 does not play"),
        ({"irrigations": 1}, "played must be true"),
        ({"phase": "conquest", "played": True, "irrigations": 1}, "needs the field of the tile just placed"),
        (
            {"board": {"D4": (0, 1)}, "phase": "conquest", "placed": "D4", "played": True, "irrigations": 1},
            "no opponent's tile lies next to D4",
        ),
        ({"phase": "over"}, "not 'over'"),
    ],
)
def test_an_impossible_position_is_refused(params, reason):
    with pytest.raises(PositionError, match=reason):
        position(**params)
    assert issubclass(PositionError, ValueError)


def test_an_impossible_auction_is_refused():
    board = {"C4": (0, 1), "D4": (0, 1), "D3": (1, 1), "E4": (2, 1)}
    turn = {"board": board, "phase": "auction", "played": True, "irrigations": 1}
    with pytest.raises(PositionError, match="one opponent"):
        position(**turn, auction=Auction(group=("D4",), targets=("D3", "E4")))
    with pytest.raises(PositionError, match="supporting tile"):
        position(**turn, auction=Auction(group=("D4", "D3"), targets=("E4",)))
    with pytest.raises(PositionError, match="more than their mana"):
        position(**turn, mana=[100, 5, 100], auction=Auction(group=("D4",), targets=("D3",), bid=10, bidder=0))
    with pytest.raises(PositionError, match="at least 10"):
        position(**turn, auction=Auction(group=("D4",), targets=("D3",), bid=5, bidder=1))
