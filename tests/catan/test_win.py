"""The win: 10 points during one's own turn, hidden victory point cards counted and shown."""

from __future__ import annotations

from tabletop.games.catan.position import position
from tabletop.games.catan.rules import RULES, VICTORY_POINT
from tabletop.games.catan.state import MAIN, OVER

from .helpers import act, at, buy, texts

#: four cities far apart: 8 points
CITIES = ["A1.w", "A3.w", "C1.nw", "C5.sw"]
#: a settlement with a road two steps on to a free intersection, E3.sw
SETTLEMENT, ROADS, TARGET = "E3.e", ["E3.se", "E3.s"], "E3.sw"
SETTLEMENT_CARDS = {"wood": 1, "brick": 1, "wool": 1, "grain": 1}


def test_ten_points_in_ones_own_turn_win_at_once():
    state = position(cities={0: CITIES}, settlements={0: [SETTLEMENT]}, roads={0: ROADS}, hands={0: SETTLEMENT_CARDS})
    assert state.vp[0] == 9
    step = act(state, "build_settlement", intersection=at(TARGET))
    assert state.phase == OVER and state.winner == 0 and step.commits
    assert RULES.actor(state) is None and RULES.legal_actions(state) == []
    assert RULES.turn_holder(state) is None
    assert texts(step)[-1] == "{player} wins with {points} victory points!"
    result = RULES.result(state)
    assert result.winners == (0,) and result.scores[0] == 10


def test_hidden_victory_cards_count_and_are_shown_at_the_win():
    state = position(
        cities={0: [*CITIES[:3], SETTLEMENT]},
        roads={0: ROADS},
        development={0: ["victory_point"]},
        hands={0: SETTLEMENT_CARDS},
    )
    assert RULES.points(state, 0) == 9
    step = act(state, "build_settlement", intersection=at(TARGET))
    assert state.phase == OVER
    assert texts(step)[-2:] == [
        "{player} shows {count} victory point card.",
        "{player} wins with {points} victory points!",
    ]
    assert step.events[-2].message.render(["Ann", "Bob", "Cy"]) == "Ann shows 1 victory point card."


def test_a_victory_point_card_bought_wins_at_once():
    state = position(2, cities={0: CITIES}, settlements={0: [SETTLEMENT]}, hands={0: {"wool": 1, "grain": 1, "ore": 1}})
    assert state.vp[0] == 9
    buy(state, VICTORY_POINT)
    assert state.phase == OVER and state.winner == 0


def test_no_win_in_another_players_turn_but_at_the_start_of_ones_own():
    state = position(
        cities={1: CITIES},
        settlements={1: [SETTLEMENT]},
        development={1: ["victory_point"]},
        hands={0: {"wood": 4}},
    )
    assert RULES.points(state, 1) == 10
    # seat 1 holds 10 while seat 0 plays: the game goes on
    act(state, "trade_bank", give="wood", get="ore")
    assert state.phase == MAIN
    act(state, "end_turn")
    assert state.phase == OVER and state.winner == 1


def test_public_points_hide_the_victory_cards_until_the_win():
    state = position(2, cities={0: CITIES}, settlements={0: [SETTLEMENT]}, hands={0: {"wool": 1, "grain": 1, "ore": 1}})
    assert RULES.view(state, 1).players[0].points == 9
    buy(state, VICTORY_POINT)
    view = RULES.view(state, 1)
    assert view.players[0].points == 10 and view.players[0].victory_cards == 1
    assert view.winner == 0
