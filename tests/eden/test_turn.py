"""Eden: set-up, the turn, irrigation, dead cards, selling, buying and drawing."""

from __future__ import annotations

import pytest

from tabletop.engine import CHANCE, Action, IllegalAction, Match
from tabletop.games.eden.rules import RULES

from .helpers import SIZE, C, F, T, act, at, kinds, new_match, set_hand

# -- set-up -------------------------------------------------------------------------


def test_the_deal_draws_the_hands_at_random_in_a_chance_step():
    match = Match(RULES, new_match().setup, 0)
    assert match.actor == CHANCE and match.turn_holder is None
    spec = match.chance_spec()
    assert (spec.kind, spec.count, spec.size) == ("draw", 18, 66)
    match.roll((0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 65))
    state = match.state
    assert state.hands[0] == [0, 3, 6, 9, 12, 15]  # one card at a time, the first player first
    assert state.hands[2] == [2, 5, 8, 11, 14, 65]
    assert state.deck == list(range(17, 65))  # a pile without an order
    assert not match.can_undo


@pytest.mark.parametrize("players", [3, 4])
def test_each_player_gets_six_cards_100_mana_and_24_tiles(players):
    state = new_match(players).state
    assert [len(h) for h in state.hands] == [6] * players
    assert len(state.deck) == 66 - 6 * players
    assert state.mana == [100] * players
    assert state.free == [[16, 8]] * players
    assert state.points == [0] * players
    assert state.owner == [-1] * 49


def test_three_or_four_players_two_only_by_option():
    for count in (3, 4):
        new_match(count)
    with pytest.raises(IllegalAction, match="two-player option"):
        new_match(2)
    assert new_match(2, two_players=True).state.players == 2
    assert RULES.player_limits() == (2, 4)
    with pytest.raises(IllegalAction):
        new_match(5)
    with pytest.raises(IllegalAction):
        new_match(2, first=2, two_players=True)


def test_the_first_player_is_chosen_and_play_goes_clockwise():
    match = new_match(4, first=2)
    order = []
    for _ in range(5):
        order.append(match.actor)
        act(match, "pass")
        match.settle_chance()
    assert order == [2, 3, 0, 1, 2]


# -- income -------------------------------------------------------------------------


def test_income_is_five_mana_per_red_dot_at_the_start_of_the_turn():
    # A1 no red dot, B1 one, C1 three; D1 someone else's
    match, state = at(board={"A1": (1, 1), "B1": (1, 2), "C1": (1, 4), "D1": (0, 3)})
    act(match, "pass")
    match.settle_chance()
    assert state.turn == 1
    assert state.mana[1] == 100 + 5 * 4
    assert state.mana[0] == 100


# -- irrigation -----------------------------------------------------------------------


def test_irrigation_lays_a_value_1_tile_on_the_cards_field():
    match, state = at(hands={0: ["B4", "E5", "C1", "domino-1"]})
    events = act(match, "irrigate", card="B4")
    assert state.owner[F("B4")] == 0 and state.value[F("B4")] == 1
    assert state.free[0] == [15, 8] and state.points[0] == 1
    assert F("B4") not in state.hands[0] and state.discard[-1] == F("B4")
    assert events[0].message.render(["Ann", "Bob", "Cy"]) == "Ann irrigates B4."


def test_a_second_irrigation_is_allowed_but_not_a_third():
    match, state = at(hands={0: ["A1", "C3", "E5"]})
    act(match, "irrigate", card="A1")
    assert "irrigate" in kinds(match)
    act(match, "irrigate", card="C3")
    assert "irrigate" not in kinds(match)
    with pytest.raises(IllegalAction):
        act(match, "irrigate", card="E5")
    act(match, "end_turn")


def test_an_occupied_field_cannot_be_irrigated_and_its_card_is_dead():
    match, state = at(board={"B4": (1, 1)}, hands={0: ["B4", "C4"]})
    with pytest.raises(IllegalAction):
        act(match, "irrigate", card="B4")
    with pytest.raises(IllegalAction):
        act(match, "discard_dead", card="C4")  # C4 is free: not dead
    act(match, "discard_dead", card="B4")
    assert state.discard[-1] == F("B4") and state.owner[F("B4")] == 1
    # discarding is the turn's play: nothing else may be played, not even a live card
    assert kinds(match) == {"end_turn"}


def test_irrigation_needs_a_free_tile_with_sides_1_and_2():
    all_sixteen = {T.board.name(f): (0, 1) for f in range(16)}
    match, state = at(board=all_sixteen, hands={0: ["B4"]})
    assert state.free[0] == [0, 8]
    with pytest.raises(IllegalAction):
        act(match, "irrigate", card="B4")
    assert "irrigate" not in kinds(match)


def test_only_irrigation_cards_irrigate_and_only_held_cards_play():
    match, state = at(hands={0: ["square-1", "A1"]})
    with pytest.raises(IllegalAction, match="Only an irrigation card"):
        act(match, "irrigate", card="square-1")
    with pytest.raises(IllegalAction, match="You do not hold that card"):
        act(match, "irrigate", card="A2")
    act(match, "irrigate", card="A1")
    assert state.owner[F("A1")] == 0


def test_moves_name_their_cards_and_fields():
    """An irrigation card by its field, a cultivation card by its key, a field by its
    name on the board: the log of a game reads as the game."""
    match, state = at(
        board={"A1": (0, 1), "B1": (0, 1), "C4": (1, 1)},
        hands={0: ["B4", "domino-1", "tee4"]},
        display=["square-1"],
    )
    listed = match.legal_actions()
    assert Action("irrigate", card="B4") in listed and Action("sell", card="tee4") in listed
    assert Action("cultivate", card="domino-1", rotation=0, origin="A1") in listed
    assert Action("buy", card="square-1") in listed
    refused = [
        (Action("irrigate", card=F("B4")), "needs a text for card"),
        (Action("irrigate", card="b4"), "There is no card called b4."),
        (Action("discard_dead", card="H1"), "There is no card called H1."),
        (Action("cultivate", card="domino", rotation=0, origin="A1"), "There is no card called domino."),
        (Action("cultivate", card="domino-1", rotation=0, origin="A0"), "There is no field called A0."),
        (Action("sell", card="tee"), "There is no card called tee."),
        (Action("buy", card="square"), "There is no card called square."),
    ]
    for action, reason in refused:
        with pytest.raises(IllegalAction, match=reason):
            match.act(action)
    match.act(Action("irrigate", card="B4"))
    assert Action("attack", support=None, targets=("C4",)) in match.legal_actions()
    with pytest.raises(IllegalAction, match="There is no field called C8."):
        match.act(Action("attack", support=None, targets=("C8",)))
    with pytest.raises(IllegalAction, match="There is no field called c4."):
        match.act(Action("attack", support="c4", targets=("C4",)))
    match.act(Action("attack", support=None, targets=("C4",)))
    assert [entry.action.to_json() for entry in match.log] == [
        {"kind": "irrigate", "card": "B4"},
        {"kind": "attack", "support": None, "targets": ["C4"]},
    ]
    assert state.targets == [F("C4")]  # the state keeps numbers


def test_one_kind_of_play_per_turn():
    start = {"board": {"A1": (0, 1), "B1": (0, 1)}, "hands": {0: ["D4", "domino-1"]}}
    match, state = at(**start)
    act(match, "irrigate", card="D4")
    assert "cultivate" not in kinds(match)
    with pytest.raises(IllegalAction):
        act(match, "cultivate", card="domino-1", rotation=0, origin="A1")

    match, state = at(**start)
    act(match, "cultivate", card="domino-1", rotation=0, origin="A1")
    with pytest.raises(IllegalAction):
        act(match, "irrigate", card="D4")


def test_each_phase_allows_its_moves_and_says_why_others_wait():
    match, state = at(board={"C4": (1, 1)}, hands={0: ["B4", "C5"]})
    play = {"irrigate", "cultivate", "discard_dead", "pass", "end_turn", "sell", "buy"}
    assert {move.kind for move in RULES.allowed_moves(state)} == play
    assert all(move.help for move in RULES.allowed_moves(state))
    act(match, "irrigate", card="B4")
    assert {move.kind for move in RULES.allowed_moves(state)} == {"attack", "no_attack", "sell", "buy"}
    with pytest.raises(IllegalAction, match="First decide whether to attack from the tile just placed"):
        act(match, "irrigate", card="C5")
    with pytest.raises(IllegalAction, match="needs a list of: a text for targets"):
        act(match, "attack", support=None, targets="C4")
    act(match, "attack", support=None, targets=("C4",))
    assert {move.kind for move in RULES.allowed_moves(state)} == {"bid", "accept", "sell", "buy"}
    with pytest.raises(IllegalAction, match="The conquest must be settled first"):
        act(match, "end_turn")
    with pytest.raises(IllegalAction, match="needs a whole number for amount"):
        act(match, "bid", amount=True)
    with pytest.raises(IllegalAction, match="takes: amount"):
        act(match, "bid", amount=10, extra=1)
    act(match, "bid", amount=10)
    act(match, "accept")
    act(match, "end_turn")
    assert match.actor == CHANCE
    with pytest.raises(IllegalAction, match="A card must be drawn first"):
        RULES.check(state, Action("pass"))


def test_pass_before_a_play_end_turn_after():
    match, _state = at(hands={0: ["D4"]})
    with pytest.raises(IllegalAction):
        act(match, "end_turn")
    act(match, "irrigate", card="D4")
    with pytest.raises(IllegalAction):
        act(match, "pass")
    act(match, "end_turn")
    match.settle_chance()
    assert match.state.turn == 1


# -- drawing ---------------------------------------------------------------------------


def test_draw_one_card_at_the_end_when_holding_fewer_than_five():
    match, state = at(hands={0: ["A1", "B2", "C3", "D4", "E5"]})
    pile = list(state.deck)
    act(match, "irrigate", card="A1")
    act(match, "end_turn")
    assert match.actor == CHANCE and match.turn_holder == 0  # drawn when it happens
    spec = match.chance_spec()
    assert (spec.kind, spec.count, spec.size) == ("draw", 1, len(pile))
    match.roll((3,))
    assert len(state.hands[0]) == 5 and pile[3] in state.hands[0] and state.deck == pile[:3] + pile[4:]
    assert match.actor == 1 and not match.can_undo


def test_no_draw_when_holding_five():
    match, state = at(hands={0: ["A1", "B2", "C3", "D4", "E5"]})
    deck = len(state.deck)
    act(match, "pass")
    assert len(state.hands[0]) == 5 and len(state.deck) == deck


def test_only_one_card_is_drawn_after_two_irrigations():
    match, state = at(hands={0: ["A1", "C3", "E5"]})
    act(match, "irrigate", card="A1")
    act(match, "irrigate", card="C3")
    act(match, "end_turn")
    match.settle_chance()
    assert len(state.hands[0]) == 2 and match.actor == 1


def test_the_drawn_card_is_told_only_to_its_player():
    match, _state = at(hands={0: ["A1"]})
    act(match, "pass")
    events = match.settle_chance()
    draw = next(e for e in events if e.kind == "draw")
    assert draw.seat == 0
    assert draw.for_seat(1).render(["Ann", "Bob", "Cy"]) == "Ann draws a card."


def test_an_empty_draw_pile_is_replaced_by_the_discard_pile():
    """The draw pile is empty: the cards of the 36 fields that hold a tile and all
    cultivation cards but one lie in the discard pile; the other irrigation cards
    are in the hands."""
    board = {T.board.name(f): (f % 3, 1) for f in range(36)}
    hands = {0: ["domino-1", "B6", "C6", "D6"], 1: ["E6", "F6", "G6", "A7", "B7", "C7"], 2: ["D7", "E7", "F7", "G7"]}
    match, state = at(board=board, hands=hands, deck=[])
    pile = sorted(state.discard)
    act(match, "sell", card="domino-1")
    events = act(match, "pass")
    assert any(e.kind == "refill" for e in events)
    assert state.discard == [] and state.deck == pile  # not shuffled: drawn at random from it
    assert match.actor == CHANCE
    assert match.turn_holder == 0  # the card drawn ends seat 0's turn
    assert match.chance_spec().size == len(pile)
    match.roll()
    assert state.discard == [] and sorted(state.deck + [state.hands[0][-1]]) == pile
    assert C("domino-1") in state.display and C("domino-1") not in state.deck  # sold cards stay in the display
    assert match.actor == 1 and match.turn_holder == 1


def test_nothing_is_drawn_when_both_piles_are_empty():
    match = new_match()
    state = match.state
    set_hand(state, 0, [F("A1")])
    state.display += [c for c in state.deck if c >= SIZE]
    state.hands[2] += [c for c in state.deck if c < SIZE]
    state.deck = []
    act(match, "pass")
    assert match.actor == 1 and state.hands[0] == [F("A1")]


# -- selling and buying ------------------------------------------------------------------


def test_selling_pays_10_per_field_and_opens_the_card():
    match, state = at(hands={0: ["tee4", "domino-1"]})
    act(match, "sell", card="tee4")
    assert state.mana[0] == 140 and state.display == [C("tee4")]
    act(match, "sell", card="domino-1")
    assert state.mana[0] == 160 and C("domino-1") not in state.discard


def test_only_cultivation_cards_can_be_sold():
    match, _state = at(hands={0: ["A1"]})
    with pytest.raises(IllegalAction):
        act(match, "sell", card="A1")


def test_buying_costs_10_plus_10_per_field():
    match, state = at(display=["square-1", "domino-2"])
    act(match, "buy", card="square-1")
    assert state.mana[0] == 50 and C("square-1") in state.hands[0]
    match, state = at(display=["domino-2"], mana=[29, 100, 100])
    with pytest.raises(IllegalAction):
        act(match, "buy", card="domino-2")
    assert "buy" not in kinds(match)
    match, state = at(display=["domino-2"], mana=[30, 100, 100])
    act(match, "buy", card="domino-2")
    assert state.mana[0] == 0


def test_only_cards_of_the_display_can_be_bought():
    match = new_match()
    with pytest.raises(IllegalAction):
        act(match, "buy", card=T.card_name(match.state.deck[0]))


def test_a_bought_card_may_be_played_at_once():
    match, state = at(board={"A1": (0, 1), "B1": (0, 1)}, hands={0: ["G7"]}, display=["domino-3"])
    act(match, "buy", card="domino-3")
    act(match, "cultivate", card="domino-3", rotation=0, origin="A1")
    assert state.value[F("A1")] == 2


def test_selling_and_buying_at_any_moment_of_ones_own_turn():
    hand = ["A1", "B2", "domino-1", "line3-1", "square-1"]
    match, state = at(board={"B3": (1, 1)}, hands={0: hand}, display=["domino-2"])
    assert {"sell", "buy"} <= kinds(match)  # before the play
    act(match, "irrigate", card="A1")
    assert {"sell", "buy"} <= kinds(match)  # between the plays
    act(match, "sell", card="domino-1")
    act(match, "irrigate", card="B2")
    assert state.phase == "conquest" and {"sell", "buy"} <= kinds(match)  # before deciding on a conquest
    act(match, "no_attack")
    assert {"sell", "buy"} <= kinds(match)  # after the play
    act(match, "buy", card="domino-2")
    act(match, "end_turn")
    match.settle_chance()
    assert match.actor == 1
    assert not any(a.get("card") in state.hands[0] for a in match.legal_actions())


def test_the_public_view():
    hands = {0: ["domino-1", "A1"], 1: ["A2", "A3", "A4", "A5", "A6", "A7"], 2: ["G1", "G2", "G3", "G4", "G5", "G6"]}
    match, state = at(board={"B3": (1, 2)}, hands=hands)
    act(match, "sell", card="domino-1")
    act(match, "irrigate", card="A1")
    view = RULES.view(state, None)
    assert view.board.owner[F("B3")] == 1 and view.board.value[F("B3")] == 2
    assert view.display == (C("domino-1"),) and view.discard == (F("B3"), F("A1"))
    assert [s.hand_size for s in view.seats] == [0, 6, 6] and [s.points for s in view.seats] == [1, 2, 0]
    assert view.seats[1].free_tiles == (15, 8) and view.deck_size == len(state.deck)
    assert view.hand is None


def test_mana_is_never_below_zero_after_buying():
    match, state = at(display=["domino-2"], mana=[0, 100, 100])
    assert "buy" not in kinds(match)
