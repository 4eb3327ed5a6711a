"""Longest road and the two special cards.

A player's road length is the longest trail through their own roads: each road piece
used at most once, intersections may repeat (loops), and the trail may end at, but
not pass through, an intersection holding another player's settlement or city.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.games.catan.geometry import INTERSECTION_PATHS, PATH_ENDS, PATH_XOR


def longest_road(roads: Sequence[int], owner: Sequence[int], seat: int, own: Sequence[int] | None = None) -> int:
    """Length of `seat`'s longest trail. `roads[p]` is the seat owning path p (-1
    none), `owner[i]` the seat with a building on intersection i (-1 none); `own`
    may list the seat's paths to save a scan.

    >>> roads = [-1] * 72; owner = [-1] * 54
    >>> roads[0] = roads[1] = 0
    >>> longest_road(roads, owner, 0)
    2
    """
    if own is None:
        own = [p for p, holder in enumerate(roads) if holder == seat]
    if not own:
        return 0
    best = 0

    def walk(at: int, used: int, length: int) -> None:
        nonlocal best
        if length > best:
            best = length
        for p in INTERSECTION_PATHS[at]:
            if roads[p] == seat and not (used >> p) & 1:
                there = PATH_XOR[p] ^ at
                holder = owner[there]
                if holder != -1 and holder != seat:
                    if length + 1 > best:  # the trail ends at another player's building
                        best = length + 1
                else:
                    walk(there, used | (1 << p), length + 1)

    for start in _starts(roads, owner, seat, own):
        walk(start, 0, 0)
        if best == len(own):
            break
    return best


def road_network(roads: Sequence[int], seat: int, p: int) -> list[int]:
    """The seat's roads joined to its road on path `p` through any intersection
    (through other players' buildings too: a trail cannot pass there, but the
    degrees of the network's intersections stay whole), `p` first.

    >>> roads = [-1] * 72; roads[0] = roads[1] = roads[50] = 0
    >>> road_network(roads, 0, 1)
    [1, 0]
    """
    found = [p]
    seen = {p}
    k = 0
    while k < len(found):
        q = found[k]
        k += 1
        for end in PATH_ENDS[q]:
            for r in INTERSECTION_PATHS[end]:
                if r not in seen and roads[r] == seat:
                    seen.add(r)
                    found.append(r)
    return found


def _starts(roads: Sequence[int], owner: Sequence[int], seat: int, own: Sequence[int]) -> list[int]:
    """Where a longest trail may begin: an intersection where the seat's roads do
    not meet in exactly two (a dead end or a fork), or another player's building.
    A longest trail starting anywhere else could be made longer backwards, or is a
    closed loop that may as well start at one of these; a network that is nothing
    but a loop gets one start of its own."""
    degree: dict[int, int] = {}
    for p in own:
        for end in PATH_ENDS[p]:
            degree[end] = degree.get(end, 0) + 1
    starts = [v for v, d in degree.items() if d != 2 or owner[v] not in (-1, seat)]
    reached: set[int] = set()

    def flood(v: int) -> None:
        todo = [v]
        reached.add(v)
        while todo:
            at = todo.pop()
            for p in INTERSECTION_PATHS[at]:
                if roads[p] == seat:
                    there = PATH_XOR[p] ^ at
                    if there not in reached:
                        reached.add(there)
                        todo.append(there)

    for v in starts:
        if v not in reached:
            flood(v)
    for v in degree:
        if v not in reached:  # a piece of network that is one closed loop
            starts.append(v)
            flood(v)
    return starts


def award(values: Sequence[int], holder: int, minimum: int, holder_keeps: bool) -> int:
    """Who holds a special card (-1: the supply) given each seat's count.

    The card needs at least `minimum`. With the rulebook's rule it belongs to the one
    seat with the highest count, and goes back to the supply on a tie for the
    highest; with `holder_keeps` the current holder keeps it while still tied for
    the highest.

    >>> award([5, 5, 3], 0, 5, False), award([5, 5, 3], 0, 5, True), award([6, 5, 3], 1, 5, True)
    (-1, 0, 0)
    """
    top = max(values)
    if top < minimum:
        return -1
    if holder_keeps and holder >= 0 and values[holder] == top:
        return holder
    leaders = [seat for seat, value in enumerate(values) if value == top]
    return leaders[0] if len(leaders) == 1 else -1
