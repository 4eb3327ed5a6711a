"""Reaching Catan positions for the tests.

A rule test states its position with tabletop.games.catan.position.position(),
places by name ("C3.ne"); `place` and `side` turn a name into an index, `at` and
`along` into the one name moves take for the place (geometry.intersection_name,
path_name: "C3.ne" is "C2.se" in a move). A test of
the set-up plays it through a Match (`new_match`, `lay_board`, `founded_match`),
the board from fixed chance outcomes: the land in data order (hex i gets the i-th
terrain of board.yaml), the harbours in data order, the spiral from corner 0. `put`,
`give` and `resync` change a position in place (the screen's tests use them).
"""

from __future__ import annotations

from typing import Any

from tabletop.engine import CHANCE, Action, Match, PlayerInfo, Setup
from tabletop.games.catan import geometry as G
from tabletop.games.catan.position import count_pieces, count_points, position
from tabletop.games.catan.roads import award
from tabletop.games.catan.rules import RULES, tables
from tabletop.games.catan.state import CatanState

NAMES = ("Ann", "Bob", "Cas", "Dee")
DATA = tables().data
RESOURCE_INDEX = tables().resource_index


def setup(players: int = 3, **options: str) -> Setup:
    colours = [key for key, _label, _rgb in RULES.colours()]
    return Setup(
        players=tuple(PlayerInfo(NAMES[i], colours[i]) for i in range(players)),
        options={**RULES.default_options(), **options},
    )


def identity(size: int) -> tuple[int, ...]:
    return tuple(range(size))


def new_match(players: int = 3, seed: int = 0, **options: str) -> Match:
    return Match(RULES, setup(players, **options), seed)


def lay_board(match: Match, corner: int = 0) -> None:
    """Settle the board's chance steps with the fixed outcomes (`corner` when the
    corner is drawn by lot, not named in the options)."""
    state = match.state
    match.roll(identity(len(DATA.land)))
    match.roll(identity(len(DATA.harbours)))
    if state.random_numbers:
        raise ValueError("lay_board is for the spiral")
    if match.chance_spec().kind == "pick":
        match.roll(corner)


def founded_match(players: int = 3, **options: str) -> Match:
    """A match past the board and the first rolls: seat 0 begins, the founding
    rounds are next."""
    match = new_match(players, **options)
    lay_board(match)
    match.roll((6, 6))
    for _ in range(players - 1):
        match.roll((1, 1))
    return match


def state_in_main(players: int = 3, **options: str) -> CatanState:
    """A state in seat 0's turn after the roll, with an empty board and empty hands."""
    return position(players, options=options)


def place(name: str) -> int:
    """The intersection called `name` ("C3.ne": a corner of a land hex, see geometry)."""
    found = G.intersection_of(name)
    assert found is not None, name
    return found


def side(name: str) -> int:
    """The path called `name` ("C3.n": a side of a land hex, see geometry)."""
    found = G.path_of(name)
    assert found is not None, name
    return found


def at(name: str) -> str:
    """The name a move gives the intersection called `name` ("C3.ne" -> "C2.se")."""
    return G.intersection_name(place(name))


def along(name: str) -> str:
    """The name a move gives the path called `name` ("C3.n" -> "C2.s")."""
    return G.path_name(side(name))


def corner(axial: tuple[int, int], k: int) -> int:
    """The intersection at corner k of the land hex at `axial`."""
    return G.HEX_CORNERS[G.HEX_INDEX[axial]][k]


def path(a: int, b: int) -> int:
    """The path joining intersections a and b."""
    return G.PATH_ENDS.index((min(a, b), max(a, b)))


def trail(*points: int) -> list[int]:
    """The paths along a walk through the given intersections."""
    return [path(a, b) for a, b in zip(points, points[1:], strict=False)]


def ring_paths(axial: tuple[int, int]) -> list[int]:
    """The six paths round a land hex."""
    return list(G.HEX_PATHS[G.HEX_INDEX[axial]])


def put(state: CatanState, seat: int, settlements=(), cities=(), roads=()) -> None:
    """Put pieces on the board (no cost, no rule check) and resync."""
    for i in settlements:
        state.owner[i], state.level[i] = seat, 1
    for i in cities:
        state.owner[i], state.level[i] = seat, 2
    for p in roads:
        state.roads[p] = seat
    resync(state)


def give(state: CatanState, seat: int, **cards: int) -> None:
    """Move cards from the bank to a hand: give(state, 0, wood=2, ore=1)."""
    for key, count in cards.items():
        r = RESOURCE_INDEX[key]
        state.bank[r] -= count
        state.hands[seat][r] += count


def hand(state: CatanState, seat: int) -> dict[str, int]:
    return {key: state.hands[seat][r] for key, r in RESOURCE_INDEX.items() if state.hands[seat][r]}


def resync(state: CatanState) -> None:
    """Recompute what follows from the pieces on the board: piece lists and counts,
    harbour ratios, road lengths, the special cards (keeping a holder still in the
    lead) and public points."""
    count_pieces(state)
    state.longest = award(state.road_length, state.longest, DATA.longest_road_minimum, state.holder_keeps)
    state.largest = award(state.knights, state.largest, DATA.largest_army_minimum, state.holder_keeps)
    count_points(state)


def act(state: CatanState, kind: str, **params: Any):
    """Check and apply an action on a bare state; returns the Step."""
    action = Action(kind, **params)
    RULES.check(state, action)
    step = RULES.apply(state, action)
    RULES.check_invariants(state)
    return step


def chance(state: CatanState, outcome: Any):
    assert RULES.actor(state) == CHANCE
    spec = RULES.chance_spec(state)
    assert spec.valid(outcome), (spec, outcome)
    step = RULES.apply(state, spec.action(outcome))
    RULES.check_invariants(state)
    return step


def buy(state: CatanState, card: int):
    """Buy a development card and draw `card` from the pile; returns the draw's Step."""
    act(state, "buy_development")
    return chance(state, (state.deck.index(card, state.deck_under) - state.deck_under,))


def refused(state: CatanState, kind: str, **params: Any) -> str:
    """The reason an action is refused (AssertionError if it is allowed)."""
    from tabletop.engine import IllegalAction

    try:
        RULES.check(state, Action(kind, **params))
    except IllegalAction as err:
        return err.reason.text
    raise AssertionError(f"{kind} {params} was allowed")


def texts(step) -> list[str]:
    return [event.message.text for event in step.events]
