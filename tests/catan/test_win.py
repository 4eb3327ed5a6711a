"""The win: 10 points during one's own turn, hidden victory point cards counted and shown."""

from __future__ import annotations

from tabletop.games.catan import geometry as G
from tabletop.games.catan.rules import RULES
from tabletop.games.catan.state import MAIN, OVER, ROLL

from .helpers import act, buy, give, put, state_in_main, texts, trail

VICTORY_POINT = 4


def spread(count: int) -> list[int]:
    """`count` intersections that keep the distance rule between them."""
    chosen: list[int] = []
    for i in range(G.INTERSECTION_COUNT):
        if all(i not in G.INTERSECTION_NEIGHBOURS[j] for j in chosen):
            chosen.append(i)
        if len(chosen) == count:
            return chosen
    raise AssertionError


def two_steps_away(state, start: int) -> tuple[int, int]:
    """An intersection two paths from `start` where a settlement may stand, and the one between."""
    for middle in G.INTERSECTION_NEIGHBOURS[start]:
        for target in G.INTERSECTION_NEIGHBOURS[middle]:
            if target in RULES.open_intersections(state):
                return middle, target
    raise AssertionError


def test_ten_points_in_ones_own_turn_win_at_once():
    state = state_in_main(3)
    places = spread(5)
    put(state, 0, cities=places[:4], settlements=places[4:5])
    middle, target = two_steps_away(state, places[4])
    put(state, 0, roads=trail(places[4], middle, target))
    assert state.vp[0] == 9
    give(state, 0, wood=1, brick=1, wool=1, grain=1)
    step = act(state, "build_settlement", intersection=target)
    assert state.phase == OVER and state.winner == 0 and step.commits
    assert RULES.actor(state) is None and RULES.legal_actions(state) == []
    assert RULES.turn_holder(state) is None
    assert texts(step)[-1] == "{player} wins with {points} victory points!"
    result = RULES.result(state)
    assert result.winners == (0,) and result.scores[0] == 10


def test_hidden_victory_cards_count_and_are_shown_at_the_win():
    state = state_in_main(3)
    places = spread(5)
    put(state, 0, cities=places[:4])
    state.devs[0][VICTORY_POINT] = 1
    state.deck.remove(VICTORY_POINT)
    middle, target = two_steps_away(state, places[0])
    put(state, 0, roads=trail(places[0], middle, target))
    assert RULES.points(state, 0) == 9
    give(state, 0, wood=1, brick=1, wool=1, grain=1)
    step = act(state, "build_settlement", intersection=target)
    assert state.phase == OVER
    assert texts(step)[-2:] == [
        "{player} shows {count} victory point cards.",
        "{player} wins with {points} victory points!",
    ]


def test_a_victory_point_card_bought_wins_at_once():
    state = state_in_main(2)
    places = spread(5)
    put(state, 0, cities=places[:4], settlements=places[4:5])
    assert state.vp[0] == 9
    give(state, 0, wool=1, grain=1, ore=1)
    buy(state, VICTORY_POINT)
    assert state.phase == OVER and state.winner == 0


def test_no_win_in_another_players_turn_but_at_the_start_of_ones_own():
    state = state_in_main(3)
    places = spread(5)
    put(state, 1, cities=places[:4], settlements=places[4:5])
    state.devs[1][VICTORY_POINT] = 1
    state.deck.remove(VICTORY_POINT)
    assert RULES.points(state, 1) == 10
    # seat 1 holds 10 while seat 0 plays: the game goes on
    give(state, 0, wood=4)
    act(state, "trade_bank", give="wood", get="ore")
    assert state.phase == MAIN
    act(state, "end_turn")
    assert state.phase == OVER and state.winner == 1


def test_public_points_hide_the_victory_cards_until_the_win():
    state = state_in_main(2)
    places = spread(5)
    put(state, 0, cities=places[:4], settlements=places[4:5])
    state.devs[0][VICTORY_POINT] = 0
    state.phase = ROLL
    assert RULES.view(state, 1)["players"][0]["points"] == 9
    state.phase = MAIN
    give(state, 0, wool=1, grain=1, ore=1)
    buy(state, VICTORY_POINT)
    view = RULES.view(state, 1)
    assert view["players"][0]["points"] == 10 and view["players"][0]["victory_cards"] == 1
    assert view["winner"] == 0
