"""The Catan island as index tables: 19 land hexes, the 18 sea hexes of the frame,
54 intersections, 72 paths and the 9 harbour places.

Hexes are flat-topped and addressed in axial coordinates (q, r), with s = -q - r.
The land hexes form five columns of 3, 4, 5, 4 and 3 hexes from left to right, as
the rulebook lays them out. Screen y points down, so the six directions and the six
corners of a hex are numbered clockwise, starting to the right:

- corner k of a hex lies at angle 60k degrees (0 = right, 1 = lower right, ...);
- edge k joins corners k and k + 1 and faces the neighbour DIRECTIONS[k].

Every table is built once at import, as tuples of ints, so the rules can index them
without creating objects. Layout for a view, free of pixels: a hex's axial
coordinates (HEX_AXIAL, FRAME_AXIAL); an intersection's lattice point (X, Y) and one
(hex, corner) naming it; a path's two intersections and one (hex, edge) naming it.
With hexes of circumradius `size`, lattice point (X, Y) lies at pixel
(X * size / 2, Y * size * sqrt(3) / 2) from the centre of the middle hex.
"""

from __future__ import annotations

#: neighbour across edge k (flat-top axial, clockwise from lower right)
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
#: lattice offset (X, Y) of corner k from its hex centre (3q, 2r + q)
CORNER_OFFSETS: tuple[tuple[int, int], ...] = ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1))

LAND_RADIUS = 2


def distance(q: int, r: int) -> int:
    """Hex distance of (q, r) from the centre hex."""
    return max(abs(q), abs(r), abs(q + r))


def ring(radius: int, start_direction: int, clockwise: bool = True) -> list[tuple[int, int]]:
    """The hexes at `radius` from the centre, starting at the corner hex in direction
    `start_direction` and walking round clockwise (or counter-clockwise)."""
    if radius == 0:
        return [(0, 0)]
    dq, dr = DIRECTIONS[start_direction]
    q, r = dq * radius, dr * radius
    out = []
    turn = 2 if clockwise else -2
    for side in range(6):
        step = DIRECTIONS[(start_direction + turn + (side if clockwise else -side)) % 6]
        for _ in range(radius):
            out.append((q, r))
            q, r = q + step[0], r + step[1]
    return out


def corner_point(q: int, r: int, corner: int) -> tuple[int, int]:
    """Lattice point (X, Y) of corner `corner` of hex (q, r)."""
    dx, dy = CORNER_OFFSETS[corner]
    return 3 * q + dx, 2 * r + q + dy


# -- hexes ----------------------------------------------------------------------

#: axial coordinates of the land hexes, column by column (left to right), top to bottom
HEX_AXIAL: tuple[tuple[int, int], ...] = tuple(
    sorted(
        (
            (q, r)
            for q in range(-LAND_RADIUS, LAND_RADIUS + 1)
            for r in range(-LAND_RADIUS, LAND_RADIUS + 1)
            if distance(q, r) <= LAND_RADIUS
        ),
    )
)
HEX_COUNT = len(HEX_AXIAL)
HEX_INDEX: dict[tuple[int, int], int] = {axial: index for index, axial in enumerate(HEX_AXIAL)}

#: land hexes next to each land hex
HEX_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(HEX_INDEX[(q + dq, r + dr)] for dq, dr in DIRECTIONS if (q + dq, r + dr) in HEX_INDEX) for q, r in HEX_AXIAL
)

#: the sea frame, clockwise, starting at the end of the right-hand column of four
#: land hexes (q = 1, top): the first harbour's place
FRAME_AXIAL: tuple[tuple[int, int], ...] = (
    lambda full: tuple(full[full.index((1, -3)) :] + full[: full.index((1, -3))])
)(ring(LAND_RADIUS + 1, 4))

# -- intersections ----------------------------------------------------------------

_points = sorted({corner_point(q, r, k) for q, r in HEX_AXIAL for k in range(6)})
#: lattice point (X, Y) of each intersection, sorted left to right, then top to bottom
INTERSECTION_POINT: tuple[tuple[int, int], ...] = tuple(_points)
INTERSECTION_COUNT = len(INTERSECTION_POINT)
_point_index = {point: index for index, point in enumerate(INTERSECTION_POINT)}

#: the six intersections round each land hex, corner 0 to 5
HEX_CORNERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_point_index[corner_point(q, r, k)] for k in range(6)) for q, r in HEX_AXIAL
)

#: land hexes touching each intersection (1 to 3)
INTERSECTION_HEXES: tuple[tuple[int, ...], ...] = tuple(
    tuple(h for h in range(HEX_COUNT) if i in HEX_CORNERS[h]) for i in range(INTERSECTION_COUNT)
)

#: one (land hex, corner) naming each intersection, for a view
INTERSECTION_CORNER: tuple[tuple[int, int], ...] = tuple(
    next((h, HEX_CORNERS[h].index(i)) for h in INTERSECTION_HEXES[i]) for i in range(INTERSECTION_COUNT)
)

# -- paths ------------------------------------------------------------------------

_ends = sorted(
    {tuple(sorted((HEX_CORNERS[h][k], HEX_CORNERS[h][(k + 1) % 6]))) for h in range(HEX_COUNT) for k in range(6)}
)
#: the two intersections at the ends of each path (lower index first)
PATH_ENDS: tuple[tuple[int, int], ...] = tuple((a, b) for a, b in _ends)
PATH_COUNT = len(PATH_ENDS)
_path_index: dict[tuple[int, ...], int] = {ends: index for index, ends in enumerate(PATH_ENDS)}
#: a ^ b of a path's ends: the other end of path p from v is PATH_XOR[p] ^ v
PATH_XOR: tuple[int, ...] = tuple(a ^ b for a, b in PATH_ENDS)

#: paths meeting at each intersection (2 or 3)
INTERSECTION_PATHS: tuple[tuple[int, ...], ...] = tuple(
    tuple(p for p, ends in enumerate(PATH_ENDS) if i in ends) for i in range(INTERSECTION_COUNT)
)
#: intersections one path away from each intersection (2 or 3)
INTERSECTION_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(PATH_XOR[p] ^ i for p in INTERSECTION_PATHS[i]) for i in range(INTERSECTION_COUNT)
)
#: the six paths round each land hex, edge 0 to 5
HEX_PATHS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_path_index[tuple(sorted((HEX_CORNERS[h][k], HEX_CORNERS[h][(k + 1) % 6])))] for k in range(6))
    for h in range(HEX_COUNT)
)
#: one (land hex, edge) naming each path, for a view
PATH_EDGE: tuple[tuple[int, int], ...] = tuple(
    next((h, HEX_PATHS[h].index(p)) for h in range(HEX_COUNT) if p in HEX_PATHS[h]) for p in range(PATH_COUNT)
)
#: land hexes on either side of each path (1 on the coast, else 2)
PATH_HEXES: tuple[tuple[int, ...], ...] = tuple(
    tuple(h for h in range(HEX_COUNT) if p in HEX_PATHS[h]) for p in range(PATH_COUNT)
)
#: paths that share an end with each path
PATH_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted({q for end in PATH_ENDS[p] for q in INTERSECTION_PATHS[end] if q != p})) for p in range(PATH_COUNT)
)

# -- harbours -----------------------------------------------------------------------


def _is_land_corner(hex_index: int) -> bool:
    q, r = HEX_AXIAL[hex_index]
    return distance(q, r) == LAND_RADIUS and 0 in (q, r, -q - r)


def _harbour_place(frame_index: int) -> tuple[int, int, tuple[int, int]]:
    """(frame hex, land hex it faces, the two intersections it serves). A frame hex
    that touches two land hexes faces the one in the middle of the island's side."""
    q, r = FRAME_AXIAL[frame_index]
    facing = [
        (k, HEX_INDEX[(q + dq, r + dr)]) for k, (dq, dr) in enumerate(DIRECTIONS) if (q + dq, r + dr) in HEX_INDEX
    ]
    if len(facing) > 1:
        facing = [(k, h) for k, h in facing if not _is_land_corner(h)]
    ((edge, land),) = facing
    a, b = _point_index[corner_point(q, r, edge)], _point_index[corner_point(q, r, (edge + 1) % 6)]
    return frame_index, land, (min(a, b), max(a, b))


#: harbour places on every other frame hex, from the first frame hex on:
#: (frame hex index, land hex faced, (intersection, intersection))
HARBOUR_PLACES: tuple[tuple[int, int, tuple[int, int]], ...] = tuple(
    _harbour_place(f) for f in range(0, len(FRAME_AXIAL), 2)
)
#: harbour place served by each intersection, -1 for none
INTERSECTION_HARBOUR: tuple[int, ...] = tuple(
    next((slot for slot, (_f, _h, ends) in enumerate(HARBOUR_PLACES) if i in ends), -1)
    for i in range(INTERSECTION_COUNT)
)

# -- the number-token spiral ----------------------------------------------------------

#: the six corner hexes of the island, clockwise from the lower right
LAND_CORNERS: tuple[int, ...] = tuple(HEX_INDEX[(dq * LAND_RADIUS, dr * LAND_RADIUS)] for dq, dr in DIRECTIONS)
#: the corner hexes by where they lie on the screen, in LAND_CORNERS order
CORNER_NAMES: tuple[str, ...] = ("lower_right", "bottom", "lower_left", "upper_left", "top", "upper_right")


def _spiral(corner: int, clockwise: bool) -> tuple[int, ...]:
    order: list[tuple[int, int]] = []
    for radius in range(LAND_RADIUS, -1, -1):
        order += ring(radius, corner, clockwise)
    return tuple(HEX_INDEX[axial] for axial in order)


#: SPIRALS[clockwise][corner]: the land hexes from corner hex LAND_CORNERS[corner]
#: round the outer ring, then the inner ring from the hex inside that corner, then
#: the centre
SPIRALS: dict[bool, tuple[tuple[int, ...], ...]] = {
    clockwise: tuple(_spiral(corner, clockwise) for corner in range(6)) for clockwise in (True, False)
}

del _points, _ends

# -- names for people ------------------------------------------------------------------
#
# A land hex is named by its column, A to E from left to right, and its place in the
# column from the top: "A1".."A3", "B1".."B4", "C1".."C5" (C3 the centre), "D1".."D4",
# "E1".."E3". An intersection is a corner of a land hex and a path one of its sides,
# named by compass direction with north up the screen: "C3.ne" is the upper right
# corner of the centre hex, "C3.n" its top side. Corners of the flat-topped hexes lie
# e, se, sw, w, nw, ne; sides face se, s, sw, nw, n, ne. A place shared by several
# hexes answers to each of its names.

CORNER_WORDS: tuple[str, ...] = ("e", "se", "sw", "w", "nw", "ne")
SIDE_WORDS: tuple[str, ...] = ("se", "s", "sw", "nw", "n", "ne")


def _hex_names() -> tuple[str, ...]:
    names = []
    for q, r in HEX_AXIAL:
        column = [axial for axial in HEX_AXIAL if axial[0] == q]
        names.append(f"{'ABCDE'[q + LAND_RADIUS]}{column.index((q, r)) + 1}")
    return tuple(names)


#: the name of each land hex ("C3" the centre)
HEX_NAMES: tuple[str, ...] = _hex_names()
#: the land hex of each name in HEX_NAMES
HEX_BY_NAME: dict[str, int] = {name: h for h, name in enumerate(HEX_NAMES)}


def hex_name(h: int) -> str:
    """The name of land hex `h`.

    >>> hex_name(HEX_INDEX[(0, 0)])
    'C3'
    """
    return HEX_NAMES[h]


def intersection_name(i: int) -> str:
    """One name of intersection `i` (the one of INTERSECTION_CORNER).

    >>> intersection_name(HEX_CORNERS[HEX_INDEX[(0, 0)]][5]) in ("C3.ne", "C2.se", "D2.w")
    True
    """
    h, k = INTERSECTION_CORNER[i]
    return f"{HEX_NAMES[h]}.{CORNER_WORDS[k]}"


def path_name(p: int) -> str:
    """One name of path `p` (the one of PATH_EDGE)."""
    h, k = PATH_EDGE[p]
    return f"{HEX_NAMES[h]}.{SIDE_WORDS[k]}"


#: the name of each intersection and path in moves (intersection_name, path_name)
INTERSECTION_NAMES: tuple[str, ...] = tuple(intersection_name(i) for i in range(INTERSECTION_COUNT))
PATH_NAMES: tuple[str, ...] = tuple(path_name(p) for p in range(PATH_COUNT))
#: the intersection and the path of each name in moves (these names only)
INTERSECTION_BY_NAME: dict[str, int] = {name: i for i, name in enumerate(INTERSECTION_NAMES)}
PATH_BY_NAME: dict[str, int] = {name: p for p, name in enumerate(PATH_NAMES)}


def _split(name: str, words: tuple[str, ...]) -> tuple[int, int] | None:
    hex_part, _, word = name.partition(".")
    h = HEX_BY_NAME.get(hex_part.upper())
    if h is None or word.lower() not in words:
        return None
    return h, words.index(word.lower())


def hex_of(name: str) -> int | None:
    """The land hex called `name` ("C3"), or None."""
    return HEX_BY_NAME.get(name.upper())


def intersection_of(name: str) -> int | None:
    """The intersection called `name` ("C3.ne"), or None.

    >>> intersection_of("C3.ne") == intersection_of("C2.se") == intersection_of("D2.w")
    True
    """
    found = _split(name, CORNER_WORDS)
    return None if found is None else HEX_CORNERS[found[0]][found[1]]


def path_of(name: str) -> int | None:
    """The path called `name` ("C3.n"), or None.

    >>> path_of("C3.n") == path_of("C2.s")
    True
    """
    found = _split(name, SIDE_WORDS)
    return None if found is None else HEX_PATHS[found[0]][found[1]]
