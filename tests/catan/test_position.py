"""The position builder (tabletop/games/catan/position.py): readable places, the
rest filled in consistently, impossible positions refused with the reason."""

from __future__ import annotations

import pytest

from tabletop.games.catan import geometry as G
from tabletop.games.catan.position import ImpossiblePosition, position
from tabletop.games.catan.rules import KNIGHT, RULES, VICTORY_POINT, tables
from tabletop.games.catan.state import DISCARD, MAIN, ROBBER, ROLL

DATA = tables().data


def test_every_place_has_a_name_that_finds_it_again():
    assert len(set(G.HEX_NAMES)) == G.HEX_COUNT and G.hex_name(G.HEX_INDEX[(0, 0)]) == "C3"
    for h in range(G.HEX_COUNT):
        assert G.hex_of(G.hex_name(h)) == h
    for i in range(G.INTERSECTION_COUNT):
        assert G.intersection_of(G.intersection_name(i)) == i
    for p in range(G.PATH_COUNT):
        assert G.path_of(G.path_name(p)) == p
    # each corner and side of each hex names a place; shared places answer to each name
    for h in range(G.HEX_COUNT):
        for k in range(6):
            assert G.intersection_of(f"{G.HEX_NAMES[h]}.{G.CORNER_WORDS[k]}") == G.HEX_CORNERS[h][k]
            assert G.path_of(f"{G.HEX_NAMES[h]}.{G.SIDE_WORDS[k]}") == G.HEX_PATHS[h][k]
    assert G.intersection_of("C3.n") is None and G.path_of("C3.e") is None and G.hex_of("F1") is None


def test_names_follow_the_screen():
    """Columns left to right, rows top to bottom; corners and sides by compass."""
    x, y = zip(*G.INTERSECTION_POINT, strict=True)
    centre = G.HEX_INDEX[(0, 0)]
    top = G.INTERSECTION_POINT[G.intersection_of("C3.nw")]
    bottom = G.INTERSECTION_POINT[G.intersection_of("C3.sw")]
    right = G.INTERSECTION_POINT[G.intersection_of("C3.e")]
    assert top[1] < bottom[1] and top[0] == bottom[0] < right[0]
    assert G.path_of("C3.n") == G.path_of("C2.s") and G.HEX_NAMES[centre] == "C3"
    assert G.hex_of("A1") == G.HEX_INDEX[(-2, 0)] and G.hex_of("E3") == G.HEX_INDEX[(2, 0)]
    assert min(x) < 0 < max(x) and min(y) < 0 < max(y)


def test_the_rest_follows_from_what_is_given():
    state = position(
        players=4,
        turn=2,
        settlements={0: ["C3.ne"], 2: ["A1.w"]},
        cities={1: ["E3.e"]},
        roads={0: ["C3.n", "C3.nw", "C3.sw"], 2: ["A1.nw"], 1: ["E3.se"]},
        hands={2: {"brick": 2, "wool": 1}, 0: {"ore": 19}},
        development={2: ["knight", "knight", "victory_point"], 3: ["monopoly"]},
        bought=["knight"],
        knights={0: 1},
    )
    wool, brick, ore = (tables().resource_index[key] for key in ("wool", "brick", "ore"))
    assert state.phase == MAIN and state.turn == 2 and state.trading
    assert state.bank[brick] == 17 and state.bank[wool] == 18 and state.bank[ore] == 0
    assert state.vp == [1, 2, 1, 0] and RULES.points(state, 2) == 2
    assert state.settlements == [1, 0, 1, 0] and state.cities == [0, 1, 0, 0]
    assert state.road_length == [3, 1, 1, 0] and state.longest == -1 and state.largest == -1
    assert len(state.deck) == 25 - 4 - 1 and state.deck == sorted(state.deck)
    assert state.deck.count(KNIGHT) == 14 - 3 and state.deck.count(VICTORY_POINT) == 4
    assert state.new_devs[KNIGHT] == 1
    assert state.robber == state.produce.index(-1)
    RULES.check_invariants(state)


def test_the_special_cards_go_to_the_leader():
    ring = ["C3.n", "C3.ne", "C3.se", "C3.s", "C3.sw"]
    state = position(settlements={1: ["C3.nw"]}, roads={1: ring}, knights={0: 3, 2: 2})
    assert state.longest == 1 and state.largest == 0 and state.vp == [2, 3, 0]
    # on a tie the card stays with its holder only with the option
    tie = position(knights={0: 3, 1: 3}, largest_army=0, options={"special_ties": "holder"})
    assert tie.largest == 0
    with pytest.raises(ImpossiblePosition, match="On a tie nobody holds the Largest Army card"):
        position(knights={0: 3, 1: 3}, largest_army=0)


def test_phases():
    assert position(phase="roll").phase == ROLL
    robbed = position(phase="robber", knight_robber=True)
    assert robbed.phase == ROBBER and robbed.knight_robber
    discarding = position(phase="discard", hands={1: {"wood": 5, "ore": 4}})
    assert discarding.phase == DISCARD and discarding.discard == [0, 4, 0]
    assert RULES.actor(discarding) == 1
    assert position(phase="main", dice=(3, 4), trading=False).dice == [3, 4]
    founding = position(
        phase="found_settlement",
        turn=1,
        placed=2,
        settlements={1: ["A1.w"], 2: ["E3.e"]},
        roads={1: ["A1.nw"], 2: ["E3.se"]},
    )
    assert founding.order == [1, 2, 0, 0, 2, 1] and RULES.actor(founding) == 0


@pytest.mark.parametrize(
    "given, reason",
    [
        ({"settlements": {0: ["C3.ne"], 1: ["C3.e"]}}, "C3.e is next to another building (the distance rule)."),
        ({"settlements": {0: ["C3.ne"]}, "cities": {1: ["C2.se"]}}, "C2.se holds two buildings."),
        ({"settlements": {0: ["C3.x"]}}, "There is no intersection called 'C3.x'."),
        ({"roads": {0: ["C3.n"]}}, "The road on C2.s of seat 0 is joined to none of its buildings."),
        ({"settlements": {0: ["C3.ne"]}, "roads": {0: ["C3.ne", "C3.ne"]}}, "C3.ne holds two roads."),
        (
            {"settlements": {0: ["A1.w", "A3.w", "C1.nw", "C5.sw", "E1.e", "E3.e"]}},
            "Seat 0 has 6 settlements; each player has 5.",
        ),
        ({"hands": {0: {"wood": 10}, 1: {"wood": 10}}}, "The hands hold 20 wood; there are 19."),
        ({"hands": {0: {"gold": 1}}}, "There is no resource 'gold'"),
        ({"hands": {0: {"wood": -1}}}, "Seat 0 cannot hold -1 wood."),
        ({"development": {0: ["monopoly"] * 2, 1: ["monopoly"]}}, "The players hold 3 monopoly cards; there are 2."),
        ({"development": {0: ["knight"] * 10}, "knights": {1: 5}}, "The players hold 15 knight cards; there are 14."),
        ({"bought": ["knight"]}, "Seat 0 holds no knight card to have bought this turn."),
        ({"robber": "Z9"}, "There is no land hex called 'Z9'."),
        ({"phase": "negotiate"}, "A position is stated in one of the phases"),
        ({"phase": "discard"}, "Nobody holds more than 7 cards: nobody discards."),
        ({"turn": 3}, "There is no seat 3 among 3 players."),
        (
            {"phase": "found_settlement", "placed": 1},
            "After 1 placements of the founding rounds seat 0 holds settlements and roads: 1 of each, not 0 and 0.",
        ),
        ({"phase": "found_settlement", "placed": 6}, "The founding rounds end after 6 placements, not 6."),
        ({"placed": 1}, "Settlements are placed only in the founding rounds."),
        ({"hands": {5: {"wood": 1}}}, "hands: there is no seat 5 among 3 players."),
        ({"knights": {0: 3}, "largest_army": 1}, "Seat 1 cannot hold the Largest Army card: it does not lead."),
        (
            {"cities": {0: ["A1.w", "A3.w", "C1.nw", "C5.sw"]}, "development": {0: ["victory_point"] * 2}},
            "Seat 0 has the points to win: the game would be over.",
        ),
    ],
)
def test_an_impossible_position_is_refused_with_the_reason(given, reason):
    with pytest.raises(ImpossiblePosition) as refused:
        position(**given)
    assert str(refused.value).startswith(reason)
    assert isinstance(refused.value, ValueError)
