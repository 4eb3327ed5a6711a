"""Longest road: the longest trail through a player's own roads, and who holds the card.

Points are lattice points (see test_geometry). The centre hex's corners, clockwise
from the right: C0 (2, 0), C1 (1, 1), C2 (-1, 1), C3 (-2, 0), C4 (-1, -1), C5 (1, -1).
"""

from __future__ import annotations

import random

import pytest

from tabletop.games.catan import geometry as G
from tabletop.games.catan.position import position
from tabletop.games.catan.roads import award, longest_road
from tabletop.games.catan.rules import RULES

from .helpers import act, along, refused, ring_paths, trail

C0, C1, C2, C3, C4, C5 = ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1))


def pt(point: tuple[int, int]) -> int:
    return G.INTERSECTION_POINT.index(point)


def road(*points: tuple[int, int]) -> list[int]:
    return trail(*(pt(p) for p in points))


def length(roads: list[int], seat: int = 0, buildings: dict[tuple[int, int], int] | None = None) -> int:
    board = [-1] * G.PATH_COUNT
    for p in roads:
        board[p] = seat
    owner = [-1] * G.INTERSECTION_COUNT
    for point, holder in (buildings or {}).items():
        owner[pt(point)] = holder
    return longest_road(board, owner, seat)


def test_no_roads_no_length():
    assert length([]) == 0


def test_a_straight_trail_counts_every_piece():
    assert length(road(C0, C1, C2, C3, C4, C5)) == 5


def test_separate_pieces_do_not_add_up():
    # two trails of 2 that do not touch
    assert length(road(C0, C1, C2) + road((-5, 1), (-7, 1), (-8, 2))) == 2


def test_a_fork_counts_the_two_longest_branches():
    # branches from C1: to C0 (1), to C2-C3-C4 (3), to (2, 2)-(4, 2) (2)
    roads = road(C1, C0) + road(C1, C2, C3, C4) + road(C1, (2, 2), (4, 2))
    assert length(roads) == 5


def test_a_loop_counts_all_round():
    assert length(ring_paths((0, 0))) == 6


def test_a_loop_beside_a_separate_road():
    assert length(ring_paths((0, 0)) + road((-5, 1), (-7, 1), (-8, 2))) == 6
    assert length(ring_paths((-1, 1)) + ring_paths((1, -1))) == 6


def test_a_loop_with_a_tail():
    assert length(ring_paths((0, 0)) + road(C5, (2, -2), (4, -2))) == 8


def test_two_loops_sharing_a_side_are_one_trail():
    # the rings round (0, 0) and (1, 0) share one path: 11 pieces, two forks, all in one trail
    roads = sorted(set(ring_paths((0, 0)) + ring_paths((1, 0))))
    assert len(roads) == 11
    assert length(roads) == 11


def test_three_loops_round_a_point_cannot_all_be_walked():
    # the rings round the three hexes meeting at C0, (0,0), (1,0), (1,-1): 15 pieces;
    # four intersections have three roads (C0 and the far ends of the three shared
    # paths), so no trail uses every piece; leaving out one shared path, one does
    roads = sorted(set(ring_paths((0, 0)) + ring_paths((1, 0)) + ring_paths((1, -1))))
    assert len(roads) == 15
    assert length(roads) == 14


def test_another_players_settlement_cuts_the_road():
    roads = road(C0, C1, C2, C3, C4, C5)
    assert length(roads, buildings={C2: 1}) == 3
    assert length(roads, buildings={C3: 1}) == 3
    assert length(roads, buildings={C1: 1}) == 4


def test_own_settlement_does_not_cut_the_road():
    assert length(road(C0, C1, C2, C3, C4, C5), buildings={C2: 0}) == 5


def test_a_building_at_the_end_of_the_road_does_not_shorten_it():
    assert length(road(C0, C1, C2, C3, C4, C5), buildings={C0: 1, C5: 1}) == 5


def test_a_cut_loop_is_still_walked_from_the_cut():
    # the trail may start and end at the other player's settlement, never pass it
    assert length(ring_paths((0, 0)), buildings={C0: 1}) == 6
    assert length(ring_paths((0, 0)) + road(C0, (4, 0)), buildings={C0: 1}) == 6


def brute_force(board: list[int], owner: list[int], seat: int) -> int:
    """The longest trail, walked from every intersection the seat's roads touch."""
    best = 0

    def walk(at: int, used: frozenset) -> None:
        nonlocal best
        best = max(best, len(used))
        for p in G.INTERSECTION_PATHS[at]:
            if board[p] == seat and p not in used:
                there = G.PATH_XOR[p] ^ at
                if owner[there] in (-1, seat):
                    walk(there, used | {p})
                else:
                    best = max(best, len(used) + 1)

    for start in {e for p in range(G.PATH_COUNT) if board[p] == seat for e in G.PATH_ENDS[p]}:
        walk(start, frozenset())
    return best


def test_random_networks_match_walking_from_everywhere():
    rng = random.Random(7)
    for _ in range(300):
        board = [-1] * G.PATH_COUNT
        owner = [-1] * G.INTERSECTION_COUNT
        # grow a few networks for seat 0 and scatter the other seat's buildings
        for _piece in range(rng.randint(1, 3)):
            at = rng.randrange(G.INTERSECTION_COUNT)
            for _ in range(rng.randint(1, 8)):
                p = rng.choice(G.INTERSECTION_PATHS[at])
                board[p] = 0
                at = G.PATH_XOR[p] ^ at
        for i in rng.sample(range(G.INTERSECTION_COUNT), rng.randint(0, 6)):
            owner[i] = rng.choice((0, 1))
        assert longest_road(board, owner, 0) == brute_force(board, owner, 0)


def test_award_needs_the_minimum():
    assert award([4, 3, 0], -1, 5, False) == -1
    assert award([5, 3, 0], -1, 5, False) == 0


@pytest.mark.parametrize("keeps", [False, True])
def test_award_ties(keeps):
    # a tie for the lead: back to the supply (rulebook) or the holder keeps it (option)
    assert award([5, 5, 0], 0, 5, keeps) == (0 if keeps else -1)
    # a tie among players who do not hold it: nobody
    assert award([5, 5, 0], -1, 5, keeps) == -1
    assert award([4, 6, 6], 0, 5, keeps) == -1
    # a longer road takes it under both rules
    assert award([5, 6, 0], 0, 5, keeps) == 1


# -- in play ---------------------------------------------------------------------------


# The centre hex C3's corners C3.e (C0) ... C3.ne (C5) and sides C3.se (C0-C1), C3.s,
# C3.sw, C3.nw, C3.n, C3.ne (C5-C0).
SIX_ROADS = ["C3.se", "C3.s", "C3.sw", "C3.nw", "C3.n", "C2.se"]  # C0 ... C5 and on to C2.e
SETTLEMENT_CARDS = {"wood": 1, "brick": 1, "wool": 1, "grain": 1}


def six_road_position(**options: str):
    """Seat 0: six roads C0 ... C5 - C2.e and a settlement at C2.e, holding the
    card; seat 1: five roads from a settlement at E3.e to C1, in its turn."""
    state = position(
        options=options,
        turn=1,
        settlements={0: ["C2.e"], 1: ["E3.e"]},
        roads={0: SIX_ROADS, 1: ["E3.se", "E3.s", "D4.ne", "D3.s", "C4.ne"]},
        hands={1: SETTLEMENT_CARDS},
    )
    assert state.road_length[:2] == [6, 5] and state.longest == 0
    assert state.vp[:2] == [3, 1]
    return state


@pytest.mark.parametrize("ties, holder", [("supply", -1), ("holder", 0)])
def test_a_settlement_cutting_the_road_to_a_tie(ties, holder):
    state = six_road_position(special_ties=ties)
    act(state, "build_settlement", intersection=G.intersection_name(pt(C1)))
    assert state.road_length[:2] == [5, 5]
    assert state.longest == holder
    assert state.vp[0] == (3 if holder == 0 else 1)
    assert state.vp[1] == 2


def test_a_settlement_cutting_the_road_passes_the_card_on():
    state = position(
        turn=1,
        settlements={0: ["C2.e"], 1: ["A3.sw"]},
        roads={0: SIX_ROADS, 1: ["A3.sw", "A3.nw", "A2.s", "A2.se", "B2.s"]},  # on to C3 (C3.w)
        hands={1: SETTLEMENT_CARDS},
    )
    assert state.road_length[:2] == [6, 5] and state.longest == 0
    act(state, "build_settlement", intersection=G.intersection_name(pt(C3)))
    assert state.road_length[:2] == [3, 5]
    assert state.longest == 1
    assert state.vp[:2] == [1, 4]


def test_a_cut_below_five_sends_the_card_to_the_supply():
    state = position(
        turn=1,
        settlements={0: ["C2.e"], 1: ["A2.se"]},
        roads={0: SIX_ROADS, 1: ["A2.se", "B2.s"]},  # on to C3 (C3.w)
        hands={1: SETTLEMENT_CARDS},
    )
    step = act(state, "build_settlement", intersection=G.intersection_name(pt(C3)))
    assert state.longest == -1 and state.vp[0] == 1
    assert "The Longest Road card goes back to the supply." in [e.message.text for e in step.events]


@pytest.mark.parametrize("ties", ["supply", "holder"])
def test_building_level_with_the_holder(ties):
    state = position(
        options={"special_ties": ties},
        turn=1,
        settlements={0: ["C3.e"], 1: ["A3.sw"]},
        roads={0: SIX_ROADS[:5], 1: ["A3.sw", "A3.nw", "A2.s", "A3.ne"]},  # seat 1's ends at B3.w
        hands={1: {"wood": 2, "brick": 2}},
    )
    assert state.road_length[:2] == [5, 4] and state.longest == 0
    act(state, "build_road", path=G.path_name(road((-4, 2), (-2, 2))[0]))
    assert state.road_length[1] == 5
    assert state.longest == (0 if ties == "holder" else -1)
    act(state, "build_road", path=G.path_name(road((-2, 2), C2)[0]))
    assert state.road_length[1] == 6
    assert state.longest == 1 and state.vp[1] == 3


def test_road_length_is_recomputed_after_every_road():
    state = position(2, settlements={0: ["C3.e"]}, hands={0: {"wood": 5, "brick": 5}})
    for k in range(5):
        act(state, "build_road", path=along(SIX_ROADS[k]))
        assert state.road_length[0] == k + 1
    assert state.longest == 0 and state.vp[0] == 3


def test_a_new_road_lengthens_only_its_own_network_and_may_join_two():
    """Only the network a new road belongs to is walked again (a road cannot make
    any other trail longer); a road joining two networks walks them as one."""
    state = position(
        2,
        # three networks of three: C0-C1-C2, C3-C4-C5 and a separate trail round C1
        settlements={0: ["C3.e", "C3.w", "C1.e"]},
        roads={0: ["C3.se", "C3.s", "C3.nw", "C3.n", "C1.se", "C1.s", "B1.ne"]},
        hands={0: {"wood": 2, "brick": 2}},
    )
    assert state.road_length[0] == 3
    out = next(p for p in G.INTERSECTION_PATHS[pt(C2)] if p not in road(C1, C2, C3))
    act(state, "build_road", path=G.path_name(out))  # the C0-C1-C2 network: 3, as long as the far one
    assert state.road_length[0] == 3 and state.longest == -1
    act(state, "build_road", path=G.path_name(road(C5, C0)[0]))  # joins the two: out-C2-C1-C0-C5-C4-C3
    assert state.road_length[0] == 6 and state.longest == 0


def test_a_road_may_not_continue_through_another_players_settlement():
    state = position(
        2,
        settlements={0: ["A2.se"], 1: ["C3.w"]},
        roads={0: ["A2.se", "B2.s"]},  # on to C3 (C3.w)
        hands={0: {"wood": 1, "brick": 1}},
    )
    assert (
        refused(state, "build_road", path=G.path_name(road(C3, C2)[0]))
        == "A road must join your own road, settlement or city."
    )
    assert road(C3, C2)[0] not in RULES.road_spots(state, 0)
