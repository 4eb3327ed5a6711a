"""Eden: cultivating one's own land with a cultivation card."""

from __future__ import annotations

import pytest

from tabletop.engine import IllegalAction

from .helpers import C, F, T, act, at, new_match, place, set_hand


def cultivations(match, card: str) -> set[tuple[int, str]]:
    return {(a["rotation"], a["origin"]) for a in match.legal_actions() if a.kind == "cultivate" and a["card"] == card}


def holding(card: str, values: dict[str, int], **given):
    """A match in which Ann (seat 0) holds `card` alone and has tiles of `values` on
    the board, and what `given` states besides (the parameters of position())."""
    board = {name: (0, value) for name, value in values.items()}
    return at(**{**given, "board": {**board, **given.get("board", {})}, "hands": {0: [card]}})


def test_only_the_lowest_values_rise_at_10_mana_each():
    """The rulebook's example: four fields, two of them lowest, 20 mana."""
    match, state = holding("square-1", {"B2": 1, "C2": 2, "B3": 1, "C3": 2})
    events = act(match, "cultivate", card="square-1", rotation=0, origin="B2")
    assert [state.value[F(n)] for n in ("B2", "C2", "B3", "C3")] == [2, 2, 2, 2]
    assert state.mana[0] == 80 and state.points[0] == 8
    assert state.discard[-1] == C("square-1") and not state.hands[0]
    assert events[0].message.render(["Ann"]) == "Ann cultivates B2 and B3 to 2 for 20 mana."


def test_the_s_card_turned_a_quarter_fits():
    match, _state = holding("ess4", {"B2": 1, "B3": 1, "C3": 1, "C4": 1})
    assert cultivations(match, "ess4") == {(1, "B2")}


def test_the_card_may_be_turned():
    # "#." / "##" turned a quarter clockwise is "##" / "#."
    match, state = holding("corner3-1", {"B2": 1, "C2": 1, "B3": 1})
    assert cultivations(match, "corner3-1") == {(1, "B2")}
    with pytest.raises(IllegalAction):
        act(match, "cultivate", card="corner3-1", rotation=0, origin="B2")
    act(match, "cultivate", card="corner3-1", rotation=1, origin="B2")
    assert state.points[0] == 6


@pytest.mark.parametrize(
    "card, mirrored",
    [
        ("ess4", ["B2", "C2", "C3", "D3"]),  # the card shows ".##" / "##."
        ("ess4", ["C2", "C3", "B3", "B4"]),
        ("ell4-1", ["C2", "C3", "C4", "B4"]),  # the card shows "#." / "#." / "##"
    ],
)
def test_the_card_is_never_mirrored(card, mirrored):
    match, _state = holding(card, {name: 1 for name in mirrored})
    assert cultivations(match, card) == set()
    for rotation in range(4):
        for origin in T.board.names:
            with pytest.raises(IllegalAction):
                act(match, "cultivate", card=card, rotation=rotation, origin=origin)


def test_every_field_under_the_card_must_hold_an_own_tile():
    match, state = holding("line3-1", {"A1": 1, "B1": 1}, board={"C1": (1, 1)})
    with pytest.raises(IllegalAction, match="your tiles"):
        act(match, "cultivate", card="line3-1", rotation=0, origin="A1")  # C1 is another's
    match, state = holding("line3-1", {"A1": 1, "B1": 1, "C1": 1, "D1": 1})
    with pytest.raises(IllegalAction, match="your tiles"):
        act(match, "cultivate", card="line3-1", rotation=1, origin="A1")  # A2, A3 are empty
    act(match, "cultivate", card="line3-1", rotation=0, origin="B1")
    assert [state.value[F(n)] for n in ("A1", "B1", "C1", "D1")] == [1, 2, 2, 2]


def test_a_larger_area_rises_only_under_the_card():
    match, state = holding("domino-1", {"A1": 1, "B1": 1, "C1": 1, "A2": 1})
    act(match, "cultivate", card="domino-1", rotation=0, origin="B1")
    assert [state.value[F(n)] for n in ("A1", "B1", "C1", "A2")] == [1, 2, 2, 1]
    assert state.mana[0] == 80


def test_1_to_2_and_3_to_4_flip_the_tile():
    match, state = holding("domino-1", {"A1": 1, "B1": 1, "A3": 3, "B3": 3})
    free = list(state.free[0])
    act(match, "cultivate", card="domino-1", rotation=0, origin="A1")
    assert state.free[0] == free
    match, state = holding("domino-1", {"A3": 3, "B3": 3})
    free = list(state.free[0])
    act(match, "cultivate", card="domino-1", rotation=0, origin="A3")
    assert state.free[0] == free and state.value[F("A3")] == 4


def test_2_to_3_swaps_for_a_free_3_4_tile():
    match, state = holding("domino-1", {"A1": 2, "B1": 2})
    assert state.free[0] == [14, 8]
    act(match, "cultivate", card="domino-1", rotation=0, origin="A1")
    assert state.free[0] == [16, 6]
    assert state.value[F("A1")] == 3 and state.points[0] == 6


def test_a_swap_needs_enough_free_3_4_tiles():
    # seven 3/4 tiles on the board make 21 points and more: a position the game never
    # reaches with these data (position() refuses it), set by hand
    match = new_match()
    state = match.state
    for name, value in {"A1": 2, "B1": 2, "A3": 3, "B3": 3, "C3": 3, "D3": 3, "E3": 3, "F3": 3, "G3": 3}.items():
        place(state, name, 0, value)
    set_hand(state, 0, [C("domino-1")])
    assert state.free[0] == [14, 1]
    assert cultivations(match, "domino-1") - {(0, n) for n in ("A3", "B3", "C3", "D3", "E3", "F3")} == set()
    with pytest.raises(IllegalAction, match="free tiles"):
        act(match, "cultivate", card="domino-1", rotation=0, origin="A1")


def test_not_allowed_when_nothing_would_rise():
    match, state = holding("domino-1", {"A1": 4, "B1": 4})
    assert cultivations(match, "domino-1") == set()
    with pytest.raises(IllegalAction, match="rise"):
        act(match, "cultivate", card="domino-1", rotation=0, origin="A1")


def test_not_allowed_when_the_player_cannot_pay():
    match, state = holding("domino-1", {"A1": 1, "B1": 1}, mana=[19, 100, 100])
    assert cultivations(match, "domino-1") == set()
    with pytest.raises(IllegalAction, match="costs 20"):
        act(match, "cultivate", card="domino-1", rotation=0, origin="A1")
    match, state = holding("domino-1", {"A1": 1, "B1": 1}, mana=[20, 100, 100])
    act(match, "cultivate", card="domino-1", rotation=0, origin="A1")
    assert state.mana[0] == 0


def test_a_turn_that_gives_the_same_fields_is_the_same_placement():
    match, state = holding("domino-1", {"A1": 1, "B1": 1})
    assert cultivations(match, "domino-1") == {(0, "A1")}
    act(match, "cultivate", card="domino-1", rotation=2, origin="A1")
    assert state.points[0] == 4


def test_the_card_must_lie_on_the_board():
    match, state = holding("domino-1", {"G1": 1, "G2": 1})
    with pytest.raises(IllegalAction, match="on the board"):
        act(match, "cultivate", card="domino-1", rotation=0, origin="G1")
    with pytest.raises(IllegalAction):
        act(match, "cultivate", card="domino-1", rotation=7, origin="G1")
    with pytest.raises(IllegalAction):
        act(match, "cultivate", card="G1", rotation=1, origin="G1")
