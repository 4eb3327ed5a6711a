"""Setting up: the board by chance steps, who begins, the founding rounds."""

from __future__ import annotations

from collections import Counter

import pytest

from tabletop.engine import CHANCE, IllegalAction, Match
from tabletop.games.catan import geometry as G
from tabletop.games.catan.position import position
from tabletop.games.catan.rules import RULES, red_numbers_touch, tables
from tabletop.games.catan.state import BOARD, FIRST, FOUND_ROAD, FOUND_SETTLEMENT, ROLL

from .helpers import act, hand, identity, lay_board, new_match, place, refused, setup

DATA = tables().data


def board_of(match: Match) -> tuple:
    s = match.state
    return s.terrain, s.numbers, s.harbour_resource, s.harbour_ratio, s.robber, s.deck


def settle_board(match: Match) -> None:
    while match.state.phase == BOARD:
        match.roll()


def test_board_is_set_up_by_chance_steps_only():
    match = new_match(4, seed=5)
    kinds = []
    while match.state.phase == BOARD:
        assert match.actor == CHANCE
        kinds.append(match.chance_spec().kind)
        match.roll()
    assert kinds == ["shuffle", "shuffle", "pick"]  # the development cards lie in a pile without an order
    assert match.state.phase == FIRST and match.turn_holder is None  # nobody's turn before the first
    assert all(entry.action.kind == "chance" for entry in match.log)


def test_same_seed_same_board_and_replay_rebuilds_it():
    a, b = new_match(4, seed=11), new_match(4, seed=11)
    settle_board(a)
    settle_board(b)
    assert board_of(a) == board_of(b)
    again = Match.replay(RULES, a.setup, a.log, a.seed)
    assert board_of(again) == board_of(a)
    c = new_match(4, seed=12)
    settle_board(c)
    assert board_of(c) != board_of(a)


def test_the_board_holds_the_rulebooks_pieces():
    match = new_match(3, seed=3)
    settle_board(match)
    s = match.state
    assert Counter(s.terrain) == {"forest": 4, "pasture": 4, "fields": 4, "hills": 3, "mountains": 3, "desert": 1}
    desert = s.terrain.index("desert")
    assert s.numbers[desert] == 0 and s.robber == desert
    assert sorted(n for n in s.numbers if n) == sorted(DATA.tokens)
    assert Counter(zip(s.harbour_resource, s.harbour_ratio, strict=False)) == {
        (-1, 3): 4,
        (0, 2): 1,
        (1, 2): 1,
        (2, 2): 1,
        (3, 2): 1,
        (4, 2): 1,
    }
    assert Counter(s.deck) == {0: 14, 1: 2, 2: 2, 3: 2, 4: 5}


def test_tokens_follow_the_spiral_clockwise_skipping_the_desert():
    match = new_match(3)
    lay_board(match, corner=0)  # the desert lies on the starting corner hex (2, 0)
    s = match.state
    order = [G.HEX_AXIAL[h] for h in G.SPIRALS[True][0]]
    assert order[0] == (2, 0) and s.terrain[G.HEX_INDEX[(2, 0)]] == "desert"
    laid = [s.numbers[G.HEX_INDEX[a]] for a in order if s.terrain[G.HEX_INDEX[a]] != "desert"]
    assert laid == list(DATA.tokens)
    # A (5) on the hex after the corner going clockwise, i.e. downwards from the right
    assert s.numbers[G.HEX_INDEX[(1, 1)]] == 5 and s.numbers[G.HEX_INDEX[(0, 2)]] == 2


def test_tokens_start_at_the_chosen_corner():
    match = new_match(3)
    lay_board(match, corner=3)  # the left corner hex (-2, 0), a forest
    s = match.state
    assert s.numbers[G.HEX_INDEX[(-2, 0)]] == DATA.tokens[0]
    assert s.numbers[G.HEX_INDEX[(-1, -1)]] == DATA.tokens[1]  # clockwise: upwards from the left


#: with the helpers' land (the desert on the lower right corner hex (2, 0)): where
#: token A lands from each named corner, and the next token clockwise
FIRST_TOKENS = {
    "top": ((0, -2), (1, -2)),
    "upper_right": ((2, -2), (2, -1)),
    "lower_right": ((1, 1), (0, 2)),  # the corner hex is the desert: A goes on the next hex
    "bottom": ((0, 2), (-1, 2)),
    "lower_left": ((-2, 2), (-2, 1)),
    "upper_left": ((-2, 0), (-1, -1)),
}


@pytest.mark.parametrize("name", sorted(FIRST_TOKENS))
def test_the_players_may_name_the_starting_corner(name):
    match = new_match(3, start_corner=name)
    kinds = []
    for outcome in (identity(len(DATA.land)), identity(len(DATA.harbours))):
        kinds.append(match.chance_spec().kind)
        match.roll(outcome)
    assert kinds == ["shuffle", "shuffle"]  # no chance step picks the corner
    s = match.state
    assert s.phase == FIRST and s.start_corner == G.CORNER_NAMES.index(name)
    first, second = FIRST_TOKENS[name]
    assert s.numbers[G.HEX_INDEX[first]] == DATA.tokens[0] == 5
    assert s.numbers[G.HEX_INDEX[second]] == DATA.tokens[1] == 2
    assert s.number_hexes[5] and G.HEX_INDEX[first] in s.number_hexes[5]


def test_a_named_corner_with_the_counter_clockwise_spiral():
    match = new_match(3, start_corner="top", spiral="counterclockwise")
    lay_board(match)
    s = match.state
    assert s.numbers[G.HEX_INDEX[(0, -2)]] == 5 and s.numbers[G.HEX_INDEX[(-1, -1)]] == 2


def test_the_corner_is_drawn_by_lot_unless_named():
    assert RULES.default_options()["start_corner"] == "random"
    for seed in range(3):
        match = new_match(3, seed=seed)
        match.roll(identity(len(DATA.land)))
        match.roll(identity(len(DATA.harbours)))
        spec = match.chance_spec()
        assert spec.kind == "pick" and spec.size == 6
    # with random numbers there is no corner at all
    match = new_match(3, numbers="random", start_corner="top")
    match.roll(identity(len(DATA.land)))
    match.roll(identity(len(DATA.harbours)))
    assert match.chance_spec().kind == "shuffle" and match.chance_spec().size == len(DATA.tokens)


def test_counter_clockwise_option():
    match = new_match(3, spiral="counterclockwise")
    lay_board(match, corner=0)
    s = match.state
    order = [G.HEX_AXIAL[h] for h in G.SPIRALS[False][0]]
    laid = [s.numbers[G.HEX_INDEX[a]] for a in order if s.terrain[G.HEX_INDEX[a]] != "desert"]
    assert laid == list(DATA.tokens)
    assert s.numbers[G.HEX_INDEX[(2, -1)]] == 5  # A goes upwards from the right corner


def test_random_numbers_are_shuffled_again_while_red_numbers_touch():
    match = new_match(3, numbers="random")
    match.roll(identity(len(DATA.land)))
    match.roll(identity(len(DATA.harbours)))
    spec = match.chance_spec()
    assert spec.kind == "shuffle" and spec.size == len(DATA.tokens)
    # the producing hexes, in index order, get the tokens in the order shuffled:
    # put two red numbers on neighbouring hexes
    producing = [h for h in range(G.HEX_COUNT) if match.state.produce[h] != -1]
    reds = [k for k, n in enumerate(DATA.tokens) if n in DATA.red_numbers]
    a, b = producing[0], next(h for h in G.HEX_NEIGHBOURS[producing[0]] if h in producing)
    order = list(range(len(DATA.tokens)))
    order.remove(reds[0])
    order.remove(reds[1])
    order.insert(producing.index(a), reds[0])
    order.insert(producing.index(b), reds[1])
    match.roll(tuple(order))
    assert red_numbers_touch(match.state.numbers)
    assert match.state.phase == BOARD and match.chance_spec().kind == "shuffle"
    match.roll()
    while match.state.board_step == 2:
        match.roll()
    assert not red_numbers_touch(match.state.numbers)


def test_random_numbers_never_put_reds_side_by_side():
    for seed in range(15):
        match = new_match(2, seed=seed, numbers="random")
        settle_board(match)
        assert not red_numbers_touch(match.state.numbers)
        assert sorted(n for n in match.state.numbers if n) == sorted(DATA.tokens)


def test_two_to_four_players():
    for players in (2, 3, 4):
        RULES.check_setup(setup(players))
    for players in (1, 5):
        given = setup(4)
        names = given.players * 2
        with pytest.raises(IllegalAction):
            RULES.check_setup(type(given)(players=names[:players], options=given.options))


# -- who begins ----------------------------------------------------------------------------


def test_the_dice_decide_who_begins_not_the_setup():
    assert RULES.players_choose_first is False
    given = setup(3)
    match = Match(RULES, type(given)(players=given.players, options=given.options, first=2), 0)
    lay_board(match)
    assert match.state.phase == FIRST
    match.roll((1, 2))  # seat 0: 3
    match.roll((5, 6))  # seat 1: 11
    match.roll((4, 4))  # seat 2: 8
    assert match.state.phase == FOUND_SETTLEMENT
    assert match.actor == 1
    assert match.state.order == [1, 2, 0, 0, 2, 1]


def test_a_tie_for_the_highest_roll_is_rolled_again_by_the_tied_players():
    match = new_match(4)
    lay_board(match)
    match.roll((6, 5))  # seat 0: 11
    match.roll((1, 1))  # seat 1: 2
    match.roll((5, 6))  # seat 2: 11
    match.roll((6, 6))  # seat 3: 12
    assert match.state.phase == FOUND_SETTLEMENT and match.actor == 3

    match = new_match(4)
    lay_board(match)
    for faces in ((6, 5), (1, 1), (5, 6), (2, 2)):
        match.roll(faces)
    assert match.state.phase == FIRST and match.state.contenders == [0, 2]
    reason = match.chance_spec().reason
    assert reason.params == {"player": 0}
    match.roll((1, 1))  # seat 0
    match.roll((3, 1))  # seat 2
    assert match.actor == 2 and match.state.order == [2, 3, 0, 1, 1, 0, 3, 2]


# -- founding rounds -------------------------------------------------------------------------


def found(state, settlement: int, road: int) -> None:
    act(state, "build_settlement", intersection=G.intersection_name(settlement))
    act(state, "build_road", path=G.path_name(road))


def spots_for(count: int) -> list[tuple[int, int]]:
    """`count` settlement spots far apart, each with a road leading away."""
    chosen: list[int] = []
    for i in range(G.INTERSECTION_COUNT):
        if all(
            i != j and i not in G.INTERSECTION_NEIGHBOURS[j] and j not in G.INTERSECTION_NEIGHBOURS[i] for j in chosen
        ) and all(not set(G.INTERSECTION_NEIGHBOURS[i]) & set(G.INTERSECTION_NEIGHBOURS[j]) for j in chosen):
            chosen.append(i)
        if len(chosen) == count:
            break
    return [(i, G.INTERSECTION_PATHS[i][0]) for i in chosen]


def test_founding_rounds_go_in_snake_order():
    state = position(3, phase="found_settlement")
    actors = []
    for settlement, road in spots_for(6):
        actors.append(RULES.actor(state))
        assert RULES.turn_holder(state) == RULES.actor(state)
        act(state, "build_settlement", intersection=G.intersection_name(settlement))
        assert RULES.turn_holder(state) == RULES.actor(state) == actors[-1]  # the same seat places its road
        act(state, "build_road", path=G.path_name(road))
    assert actors == [0, 1, 2, 2, 1, 0]
    # the last to place the second settlement begins
    assert state.phase == ROLL and RULES.actor(state) == 0


def test_founding_settlements_keep_the_distance_rule():
    state = position(2, phase="found_settlement")
    first = place("C3.e")
    found(state, first, G.INTERSECTION_PATHS[first][0])
    neighbour = G.INTERSECTION_NEIGHBOURS[first][1]
    assert "Too close" in refused(state, "build_settlement", intersection=G.intersection_name(neighbour))
    refused(state, "build_settlement", intersection=G.intersection_name(first))
    legal = RULES.legal_actions(state)
    assert all(a.kind == "build_settlement" for a in legal)
    taken = {first, *G.INTERSECTION_NEIGHBOURS[first]}
    assert not {G.intersection_name(i) for i in taken} & {a["intersection"] for a in legal}
    assert len(legal) == G.INTERSECTION_COUNT - len(taken)


def test_founding_road_touches_the_settlement_just_placed():
    state = position(2, phase="found_settlement")
    a = place("C3.e")
    act(state, "build_settlement", intersection=G.intersection_name(a))
    assert state.phase == FOUND_ROAD
    assert {action["path"] for action in RULES.legal_actions(state)} == {
        G.path_name(p) for p in G.INTERSECTION_PATHS[a]
    }
    far = next(p for p in range(G.PATH_COUNT) if a not in G.PATH_ENDS[p])
    assert "just placed" in refused(state, "build_road", path=G.path_name(far))
    # a road next to the player's first settlement is not enough in the second round
    b_settlement, b_road = spots_for(3)[2]
    c_settlement = spots_for(4)[3][0]
    state = position(
        2,
        phase="found_settlement",
        placed=3,
        settlements={0: ["C3.e"], 1: [G.intersection_name(b_settlement), G.intersection_name(c_settlement)]},
        roads={
            0: [G.path_name(G.INTERSECTION_PATHS[a][0])],
            1: [G.path_name(b_road), G.path_name(G.INTERSECTION_PATHS[c_settlement][0])],
        },
    )
    assert RULES.actor(state) == 0
    d = next(i for i in RULES.open_intersections(state) if i not in G.INTERSECTION_NEIGHBOURS[a])
    act(state, "build_settlement", intersection=G.intersection_name(d))
    refused(state, "build_road", path=G.path_name(G.INTERSECTION_PATHS[a][1]))


def test_the_second_settlement_pays_its_land_and_the_first_does_not():
    s = position(2, phase="found_settlement")
    # first round: seat 0 at the corner of C3 (0,0) shared with D3 (1,0) and D2 (1,-1): fields, hills, hills
    first = place("C3.e")
    found(s, first, G.INTERSECTION_PATHS[first][0])
    assert hand(s, 0) == {}
    left = place("A1.w")  # touches the forest A1 (-2, 0) only
    found(s, left, G.INTERSECTION_PATHS[left][0])  # seat 1
    assert hand(s, 1) == {}
    lower = place("B3.sw")  # pastures B3 (-1,1), B4 (-1,2) and forest A3 (-2,2)
    assert {G.HEX_AXIAL[h] for h in G.INTERSECTION_HEXES[lower]} == {(-1, 1), (-1, 2), (-2, 2)}
    found(s, lower, G.INTERSECTION_PATHS[lower][0])  # seat 1 again, second settlement
    assert hand(s, 1) == {"wool": 2, "wood": 1}
    # seat 0's second settlement next to the desert E3 (2,0), hills D3 (1,0) and mountains D4 (1,1)
    second = place("E3.w")
    assert {G.HEX_AXIAL[h] for h in G.INTERSECTION_HEXES[second]} == {(2, 0), (1, 0), (1, 1)}
    found(s, second, G.INTERSECTION_PATHS[second][0])
    assert hand(s, 0) == {"brick": 1, "ore": 1}
    assert s.bank[1] == DATA.bank_per_resource - 1
    assert s.phase == ROLL and RULES.actor(s) == 0
