"""The island's geometry: counts, and neighbourhoods worked out by hand.

Lattice points (X, Y): a hex (q, r) has its centre at (3q, 2r + q); its corners lie
at (+2, 0), (+1, +1), (-1, +1), (-2, 0), (-1, -1), (+1, -1) from the centre
(clockwise from the right, screen y pointing down).
"""

from __future__ import annotations

from collections import Counter

from tabletop.games.catan import geometry as G


def at(point: tuple[int, int]) -> int:
    return G.INTERSECTION_POINT.index(point)


def hexes(*axials: tuple[int, int]) -> set[int]:
    return {G.HEX_INDEX[a] for a in axials}


def test_counts():
    assert G.HEX_COUNT == 19
    assert G.INTERSECTION_COUNT == 54
    assert G.PATH_COUNT == 72
    assert len(G.FRAME_AXIAL) == 18
    assert len(set(G.FRAME_AXIAL)) == 18 and all(G.distance(q, r) == 3 for q, r in G.FRAME_AXIAL)
    assert len(G.HARBOUR_PLACES) == 9


def test_land_lies_in_columns_of_3_4_5_4_3():
    columns = Counter(q for q, _r in G.HEX_AXIAL)
    assert [columns[q] for q in range(-2, 3)] == [3, 4, 5, 4, 3]


def test_every_intersection_and_path_is_counted_once():
    # 19 hexes x 6 corners, each inner corner shared by 3 hexes, coast ones by 1 or 2
    per_intersection = Counter(len(h) for h in G.INTERSECTION_HEXES)
    assert per_intersection == {3: 24, 2: 12, 1: 18}
    assert sum(k * v for k, v in per_intersection.items()) == 19 * 6
    per_path = Counter(len(h) for h in G.PATH_HEXES)
    assert per_path == {2: 42, 1: 30}  # 30 paths on the coast
    assert sum(k * v for k, v in per_path.items()) == 19 * 6
    degrees = Counter(len(p) for p in G.INTERSECTION_PATHS)
    assert degrees == {3: 36, 2: 18}
    assert sum(k * v for k, v in degrees.items()) == 2 * 72


def test_layout_points_match_their_corner():
    for i, (h, k) in enumerate(G.INTERSECTION_CORNER):
        q, r = G.HEX_AXIAL[h]
        assert G.corner_point(q, r, k) == G.INTERSECTION_POINT[i]
        assert G.HEX_CORNERS[h][k] == i


def test_each_path_is_named_by_an_edge_of_a_hex():
    for p, (h, k) in enumerate(G.PATH_EDGE):
        assert set(G.PATH_ENDS[p]) == {G.HEX_CORNERS[h][k], G.HEX_CORNERS[h][(k + 1) % 6]}


def test_hand_checked_inner_intersection():
    # Between hexes (1, 0), (2, 0) and (2, -1): corner 0 of (1, 0) at (3 + 2, 1 + 0).
    i = at((5, 1))
    assert set(G.INTERSECTION_HEXES[i]) == hexes((1, 0), (2, 0), (2, -1))
    assert {G.INTERSECTION_POINT[n] for n in G.INTERSECTION_NEIGHBOURS[i]} == {(4, 2), (4, 0), (7, 1)}
    assert G.HEX_CORNERS[G.HEX_INDEX[(2, 0)]][4] == i
    assert G.HEX_CORNERS[G.HEX_INDEX[(2, -1)]][2] == i


def test_hand_checked_coast_intersection():
    # The right-most point of the island: corner 0 of hex (2, 0), centre (6, 2).
    i = at((8, 2))
    assert G.INTERSECTION_HEXES[i] == (G.HEX_INDEX[(2, 0)],)
    assert {G.INTERSECTION_POINT[n] for n in G.INTERSECTION_NEIGHBOURS[i]} == {(7, 3), (7, 1)}
    assert len(G.INTERSECTION_PATHS[i]) == 2


def test_hand_checked_centre_hex():
    centre = G.HEX_INDEX[(0, 0)]
    assert set(G.HEX_NEIGHBOURS[centre]) == hexes((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
    assert [G.INTERSECTION_POINT[i] for i in G.HEX_CORNERS[centre]] == [
        (2, 0),
        (1, 1),
        (-1, 1),
        (-2, 0),
        (-1, -1),
        (1, -1),
    ]
    assert all(len(G.INTERSECTION_HEXES[i]) == 3 for i in G.HEX_CORNERS[centre])
    # edge 0 of the centre (corners 0 and 1) is shared with the neighbour (1, 0)
    edge = G.HEX_PATHS[centre][0]
    assert set(G.PATH_ENDS[edge]) == {at((2, 0)), at((1, 1))}
    assert set(G.PATH_HEXES[edge]) == hexes((0, 0), (1, 0))


def test_hand_checked_corner_hex_and_path_neighbours():
    right = G.HEX_INDEX[(2, 0)]
    assert set(G.HEX_NEIGHBOURS[right]) == hexes((1, 0), (1, 1), (2, -1))
    # the coast path from (8, 2) to (7, 3): both ends touch only hex (2, 0), so its
    # neighbours are the hex's edges on either side
    p = G.PATH_ENDS.index(tuple(sorted((at((8, 2)), at((7, 3))))))
    assert G.PATH_HEXES[p] == (right,)
    neighbours = {frozenset(G.INTERSECTION_POINT[e] for e in G.PATH_ENDS[q]) for q in G.PATH_NEIGHBOURS[p]}
    assert neighbours == {frozenset({(8, 2), (7, 1)}), frozenset({(7, 3), (5, 3)})}
    # an inner path has four neighbours
    inner = G.PATH_ENDS.index(tuple(sorted((at((5, 1)), at((4, 2))))))
    assert len(G.PATH_NEIGHBOURS[inner]) == 4


def test_path_xor_gives_the_other_end():
    for p, (a, b) in enumerate(G.PATH_ENDS):
        assert G.PATH_XOR[p] ^ a == b and G.PATH_XOR[p] ^ b == a


def test_harbours_lie_on_every_other_frame_hex_from_the_right_column_of_four():
    assert G.FRAME_AXIAL[0] == (1, -3)  # above the right-hand column of four (q = 1)
    assert [place[0] for place in G.HARBOUR_PLACES] == list(range(0, 18, 2))
    served = [i for _f, _h, ends in G.HARBOUR_PLACES for i in ends]
    assert len(set(served)) == 18
    for frame, land, (a, b) in G.HARBOUR_PLACES:
        q, r = G.FRAME_AXIAL[frame]
        assert G.HEX_AXIAL[land] in [(q + dq, r + dr) for dq, dr in G.DIRECTIONS]
        assert a in G.HEX_CORNERS[land] and b in G.HEX_CORNERS[land]
        assert b in G.INTERSECTION_NEIGHBOURS[a]
        assert len(G.INTERSECTION_HEXES[a]) < 3 and len(G.INTERSECTION_HEXES[b]) < 3  # on the coast


def test_hand_checked_first_harbour():
    # Frame hex (1, -3) faces land hex (1, -2) (centre (3, -3)) across that hex's
    # edge 4, corners (2, -4) and (4, -4).
    frame, land, ends = G.HARBOUR_PLACES[0]
    assert G.HEX_AXIAL[land] == (1, -2)
    assert {G.INTERSECTION_POINT[i] for i in ends} == {(2, -4), (4, -4)}
    assert G.INTERSECTION_HARBOUR[ends[0]] == 0 == G.INTERSECTION_HARBOUR[ends[1]]
    # a frame hex touching two land hexes faces the one mid-side: (3, -1) faces (2, -1), not (2, 0)
    frame, land, _ends = G.HARBOUR_PLACES[2]
    assert G.FRAME_AXIAL[frame] == (3, -1) and G.HEX_AXIAL[land] == (2, -1)


def test_spirals_visit_every_hex_once_ending_in_the_centre():
    for clockwise in (True, False):
        for k, spiral in enumerate(G.SPIRALS[clockwise]):
            assert sorted(spiral) == list(range(19))
            assert spiral[0] == G.LAND_CORNERS[k]
            assert spiral[-1] == G.HEX_INDEX[(0, 0)]
            assert all(spiral[j + 1] in G.HEX_NEIGHBOURS[spiral[j]] for j in range(18))


def test_hand_checked_spiral_directions():
    clockwise = [G.HEX_AXIAL[h] for h in G.SPIRALS[True][0]]
    # from the right corner, clockwise on screen goes down first
    assert clockwise[:4] == [(2, 0), (1, 1), (0, 2), (-1, 2)]
    assert clockwise[12] == (1, 0)  # inner ring starts inside the starting corner
    counter = [G.HEX_AXIAL[h] for h in G.SPIRALS[False][0]]
    assert counter[:4] == [(2, 0), (2, -1), (2, -2), (1, -2)]
    assert counter[12] == (1, 0)


def test_corner_names_say_where_the_corner_hexes_lie():
    """CORNER_NAMES name the corner hexes as they lie on the screen (y down)."""
    import math

    where = {}
    for name, h in zip(G.CORNER_NAMES, G.LAND_CORNERS, strict=False):
        q, r = G.HEX_AXIAL[h]
        x, y = 1.5 * q, math.sqrt(3) * (r + q / 2)
        where[name] = (round(x, 6), round(y, 6))
    assert where["top"][0] == 0 and where["top"][1] < 0
    assert where["bottom"][0] == 0 and where["bottom"][1] > 0
    assert where["upper_right"][0] > 0 and where["upper_right"][1] < 0
    assert where["lower_right"][0] > 0 and where["lower_right"][1] > 0
    assert where["upper_left"][0] < 0 and where["upper_left"][1] < 0
    assert where["lower_left"][0] < 0 and where["lower_left"][1] > 0
    assert len(set(G.CORNER_NAMES)) == 6
