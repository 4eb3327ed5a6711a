"""What every part of Catan's rules shares: the data's tables, where pieces may
go, the special cards and the win."""

from __future__ import annotations

from tabletop.engine.core import Event, Step
from tabletop.engine.rules import GameRules
from tabletop.games.catan import messages as M
from tabletop.games.catan.geometry import (
    HEX_CORNERS,
    INTERSECTION_COUNT,
    INTERSECTION_NEIGHBOURS,
    INTERSECTION_PATHS,
    PATH_ENDS,
)
from tabletop.games.catan.roads import award, longest_road, road_network
from tabletop.games.catan.state import BOARD, FIRST, FOUND_ROAD, FOUND_SETTLEMENT, OVER, CatanState
from tabletop.games.catan.tables import VICTORY_POINT, Tables, tables
from tabletop.i18n import Message

#: the phases in which nobody wins yet (the set-up) or any more
_NO_WIN_PHASES = frozenset((BOARD, FIRST, FOUND_SETTLEMENT, FOUND_ROAD, OVER))


class CatanBase(GameRules):
    """The part of the rules every other part builds on."""

    def __init__(self) -> None:
        """Rules over the bundled data, which this loads (DataError on a fault)."""
        self._t: Tables = tables()

    # -- where pieces may go ----------------------------------------------------------

    @staticmethod
    def open_intersections(state: CatanState) -> list[int]:
        """Free intersections whose neighbours are free too (the distance rule)."""
        owner = state.owner
        return [
            i
            for i in range(INTERSECTION_COUNT)
            if owner[i] == -1 and all(owner[n] == -1 for n in INTERSECTION_NEIGHBOURS[i])
        ]

    @staticmethod
    def road_spots(state: CatanState, seat: int) -> list[int]:
        """Empty paths joining `seat`'s roads or buildings; a road does not join
        through another player's settlement or city."""
        roads, owner = state.roads, state.owner
        spots = set()
        for p in state.road_paths[seat]:
            for end in PATH_ENDS[p]:
                holder = owner[end]
                if holder == -1 or holder == seat:
                    for q in INTERSECTION_PATHS[end]:
                        if roads[q] == -1:
                            spots.add(q)
        for i in state.buildings[seat]:
            for q in INTERSECTION_PATHS[i]:
                if roads[q] == -1:
                    spots.add(q)
        return sorted(spots)

    @staticmethod
    def road_joins(state: CatanState, seat: int, p: int) -> bool:
        """True if path `p` joins `seat`'s pieces: one of its ends holds the seat's
        building, or is free of buildings and meets one of the seat's roads (the
        test behind road_spots, for one path)."""
        roads, owner = state.roads, state.owner
        for end in PATH_ENDS[p]:
            holder = owner[end]
            if holder == seat:
                return True
            if holder == -1:
                for q in INTERSECTION_PATHS[end]:
                    if roads[q] == seat:
                        return True
        return False

    @staticmethod
    def settlement_spots(state: CatanState, seat: int) -> list[int]:
        """Intersections on `seat`'s roads where the distance rule allows a settlement."""
        owner = state.owner
        spots = set()
        for p in state.road_paths[seat]:
            for end in PATH_ENDS[p]:
                if owner[end] == -1 and all(owner[n] == -1 for n in INTERSECTION_NEIGHBOURS[end]):
                    spots.add(end)
        return sorted(spots)

    @staticmethod
    def victims(state: CatanState, hex_index: int) -> list[int]:
        """Players the robber on `hex_index` lets the active player rob: a building
        there and at least one card in hand."""
        owner, hands, seat = state.owner, state.hands, state.turn
        return sorted(
            {owner[i] for i in HEX_CORNERS[hex_index] if owner[i] not in (-1, seat) and sum(hands[owner[i]]) > 0}
        )

    def _place_road(self, state: CatanState, seat: int, p: int, events: list[Event]) -> None:
        """Put a road down and update the seat's road length: a new road can only
        lengthen a trail of its own network, so only that network is walked."""
        state.roads[p] = seat
        state.road_paths[seat] = (*state.road_paths[seat], p)
        network = road_network(state.roads, seat, p)
        if len(network) > state.road_length[seat]:  # else no trail in it can be longer
            length = longest_road(state.roads, state.owner, seat, network)
            if length > state.road_length[seat]:
                state.road_length[seat] = length
                self._update_longest(state, events)

    # -- special cards and the win ----------------------------------------------------------

    def _update_longest(self, state: CatanState, events: list[Event]) -> None:
        t = self._t
        new = award(state.road_length, state.longest, t.data.longest_road_minimum, state.holder_keeps)
        if new != state.longest:
            self._move_special(state, "longest", new, events)

    def _move_special(self, state: CatanState, which: str, new: int, events: list[Event]) -> None:
        t = self._t
        old = getattr(state, which)
        points = t.data.special_card_points
        if old != -1:
            state.vp[old] -= points
        if new != -1:
            state.vp[new] += points
        setattr(state, which, new)
        if which == "longest":
            text = M.TAKES_LONGEST_ROAD if new != -1 else M.LOSES_LONGEST_ROAD
        else:
            text = M.TAKES_LARGEST_ARMY if new != -1 else M.LOSES_LARGEST_ARMY
        events.append(Event(Message(text, {"player": new} if new != -1 else {}), kind=which))

    def points(self, state: CatanState, seat: int) -> int:
        """All of a seat's victory points, its hidden victory point cards included."""
        return state.vp[seat] + state.devs[seat][VICTORY_POINT]

    def _scored(self, state: CatanState, step: Step) -> Step:
        """`step`, after which the player whose turn it is may have reached the
        points to win (a build, a card drawn or played, the turn passed on): the
        win, if so, ends the game."""
        if state.phase not in _NO_WIN_PHASES:
            self._check_win(state, step)
        return step

    def _check_win(self, state: CatanState, step: Step) -> None:
        t = self._t
        seat = state.turn
        total = state.vp[seat] + state.devs[seat][VICTORY_POINT]
        if total < t.points_to_win:
            return
        state.winner = seat
        state.phase = OVER
        cards = state.devs[seat][VICTORY_POINT]
        if cards:
            step.events.append(Event(M.cards(M.SHOW_VICTORY_CARDS, cards, {"player": seat})))
        step.events.append(Event(Message(M.WINS, {"player": seat, "points": total}), kind="win"))
        step.commits = True
