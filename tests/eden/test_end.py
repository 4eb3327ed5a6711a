"""Eden: the end of the game."""

from __future__ import annotations

from tabletop.games.eden.rules import RULES

from .helpers import C, F, SIZE, T, act, new_match, place, set_hand


def test_twenty_points_win_at_once_on_irrigation():
    match = new_match()
    state = match.state
    for name in ("A1", "B1", "C1", "D1"):
        place(state, name, 0, 4)
    place(state, "E1", 0, 3)
    place(state, "B3", 1, 1)  # an opponent next to B2
    set_hand(state, 0, [F("B2"), F("D4")])
    assert state.points[0] == 19
    events = act(match, "irrigate", card=F("B2"))
    assert match.over and state.points[0] == 20
    assert match.result().winners == (0,)
    assert match.legal_actions() == []  # no conquest, no second irrigation
    assert events[-1].message.render(["Ann", "Bob", "Cy"]) == "Ann wins with 20 fertility points!"
    assert not match.can_undo


def test_nineteen_points_do_not_win():
    match = new_match()
    state = match.state
    for name in ("A1", "B1", "C1", "D1"):
        place(state, name, 0, 4)
    place(state, "E1", 0, 2)
    set_hand(state, 0, [F("A7")])
    act(match, "irrigate", card=F("A7"))
    assert not match.over and state.points[0] == 19


def test_a_defender_can_win_in_someone_elses_turn():
    match = new_match()
    state = match.state
    for name in ("A1", "B1", "C1", "D1"):
        place(state, name, 1, 4)
    place(state, "C4", 1, 2)  # Bob: 18
    place(state, "A4", 0, 1)
    set_hand(state, 0, [F("B4")])
    act(match, "irrigate", card=F("B4"))
    act(match, "attack", support=F("A4"), targets=(F("C4"),))
    act(match, "bid", amount=10)
    act(match, "bid", amount=15)
    act(match, "accept")
    assert match.over and match.result().winners == (1,)
    assert state.points[1] == 20 and state.turn == 0


def test_cultivation_can_win():
    match = new_match()
    state = match.state
    for name in ("A1", "B1", "C1", "D1"):
        place(state, name, 0, 4)
    place(state, "A3", 0, 1)
    place(state, "B3", 0, 1)  # 18
    set_hand(state, 0, [C("domino-1")])
    act(match, "cultivate", card=C("domino-1"), rotation=0, origin=F("A3"))
    assert match.over and match.result().winners == (0,) and match.result().scores[0] == 20


def frozen_table(mana: int):
    """Four players, the board full of value-1 tiles in rows (Ann, Bob and Cy 14
    points, Dee 7), only dead irrigation cards in the hands, every cultivation card
    in the open display."""
    match = new_match(4)
    state = match.state
    for f in range(SIZE):
        place(state, T.board.name(f), (f // 7) % 4, 1)
    state.hands = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [9, 10, 11]]
    state.deck = list(range(12, SIZE))
    state.discard = []
    state.display = list(range(SIZE, T.deck_size))
    state.mana = [mana] * 4
    return match, state


def test_a_game_in_which_nothing_can_change_any_more_ends_with_most_points():
    match, state = frozen_table(39)  # the cheapest card (30) and one tile (10) cost 40
    assert RULES.frozen(state)
    events = act(match, "discard_dead", card=0)
    assert not match.over
    act(match, "end_turn")
    assert match.over
    assert match.result().winners == (0, 1, 2) and match.result().scores == (14, 14, 14, 7)
    assert any("game ends" in e.message.render() for e in events + match.history[-1])


def test_mana_enough_to_buy_and_raise_keeps_the_game_going():
    match, state = frozen_table(39)
    state.mana[3] = 40
    assert not RULES.frozen(state)
    act(match, "pass")
    assert not match.over


def test_a_cultivation_card_outside_the_display_keeps_the_game_going():
    match, state = frozen_table(0)
    state.display.remove(SIZE)
    state.deck.append(SIZE)
    assert not RULES.frozen(state)


def test_income_keeps_the_game_going():
    match, state = frozen_table(0)
    place(state, "A1", 0, 2)
    assert RULES.income(state, 0) == 5 and not RULES.frozen(state)


def test_nobody_able_to_raise_a_tile_freezes_whatever_the_mana():
    match, state = frozen_table(1000)
    for f in range(SIZE):
        place(state, T.board.name(f), (f % 7 + 2 * (f // 7)) % 4, 1)  # no two own tiles touch
    assert all(not RULES._can_raise(state, seat) for seat in range(4))
    assert RULES.frozen(state)


def test_a_free_field_that_can_be_irrigated_keeps_the_game_going():
    match, state = frozen_table(0)
    owner = state.owner[F("G7")]
    state.owner[F("G7")], state.value[F("G7")] = -1, 0
    state.free[owner][0] += 1
    state.points[owner] -= 1
    assert not RULES.frozen(state)  # its card lies in the draw pile and anyone may place
    set_hand(state, 3, [F("G7")])
    state.free[3][0] = 16
    assert not RULES.frozen(state)  # Dee holds it and has a free tile
