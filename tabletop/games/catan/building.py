"""Building in Catan: roads, settlements and cities, in the founding rounds, in a
turn and for free with road building."""

from __future__ import annotations

from tabletop.engine.core import Event, Step
from tabletop.games.catan import messages as M
from tabletop.games.catan.founding import Founding
from tabletop.games.catan.geometry import (
    INTERSECTION_BY_NAME,
    INTERSECTION_HARBOUR,
    INTERSECTION_NEIGHBOURS,
    INTERSECTION_PATHS,
    PATH_BY_NAME,
    PATH_ENDS,
)
from tabletop.games.catan.moves import BUILD_CITY, BUILD_ROAD, BUILD_SETTLEMENT, intersection_named, path_named
from tabletop.games.catan.roads import longest_road
from tabletop.games.catan.state import FOUND_ROAD, FOUND_SETTLEMENT, FREE_ROADS, MAIN, CatanState
from tabletop.games.catan.tables import affords, pay, refuse
from tabletop.i18n import Message


class Building(Founding):
    """Roads, settlements and cities."""

    @BUILD_ROAD.check
    def _check_road(self, state: CatanState, path: str) -> None:
        t = self._t
        p = path_named(path)
        if state.roads[p] != -1:
            raise refuse(M.PATH_TAKEN)
        if state.phase == FOUND_ROAD:
            if state.last_settlement not in PATH_ENDS[p]:
                raise refuse(M.PATH_NOT_AT_SETTLEMENT)
            return
        seat = state.turn
        if len(state.road_paths[seat]) >= t.max_roads:
            raise refuse(M.NO_PIECES)
        if state.phase == MAIN and not affords(state.hands[seat], t.cost_road):
            raise refuse(M.CANNOT_AFFORD)
        if not self.road_joins(state, seat, p):
            raise refuse(M.PATH_UNCONNECTED)

    @BUILD_ROAD.apply
    def _apply_road(self, state: CatanState, path: str) -> Step:
        t = self._t
        p = PATH_BY_NAME[path]
        phase = state.phase
        if phase == FOUND_ROAD:
            return self._scored(state, self._found_road(state, p))
        seat = state.turn
        if phase == FREE_ROADS:
            events = [Event(Message(M.FREE_ROAD, {"player": seat}), kind="road", data={"path": p})]
            self._place_road(state, seat, p, events)
            state.free -= 1
            if not state.free or not self.road_spots(state, seat):
                state.free = 0
                state.phase = state.resume
            return self._scored(state, Step(events))
        pay(state.hands[seat], state.bank, t.cost_road)
        state.trading = False
        events = [Event(Message(M.BUILDS_ROAD, {"player": seat}), kind="road", data={"path": p})]
        self._place_road(state, seat, p, events)
        return self._scored(state, Step(events))

    @BUILD_SETTLEMENT.check
    def _check_settlement(self, state: CatanState, intersection: str) -> None:
        t = self._t
        i = intersection_named(intersection)
        owner = state.owner
        if owner[i] != -1:
            raise refuse(M.INTERSECTION_TAKEN)
        if any(owner[n] != -1 for n in INTERSECTION_NEIGHBOURS[i]):
            raise refuse(M.DISTANCE_RULE)
        if state.phase == FOUND_SETTLEMENT:
            return
        seat = state.turn
        if state.settlements[seat] >= t.max_settlements:
            raise refuse(M.NO_PIECES)
        if not affords(state.hands[seat], t.cost_settlement):
            raise refuse(M.CANNOT_AFFORD)
        if not any(state.roads[p] == seat for p in INTERSECTION_PATHS[i]):
            raise refuse(M.SETTLEMENT_UNCONNECTED)

    @BUILD_SETTLEMENT.apply
    def _apply_settlement(self, state: CatanState, intersection: str) -> Step:
        t = self._t
        i = INTERSECTION_BY_NAME[intersection]
        founding = state.phase == FOUND_SETTLEMENT
        seat = state.order[state.found_step] if founding else state.turn
        state.owner[i] = seat
        state.level[i] = 1
        state.buildings[seat] = (*state.buildings[seat], i)
        state.settlements[seat] += 1
        state.vp[seat] += 1
        slot = INTERSECTION_HARBOUR[i]
        if slot != -1:
            resource, ratio = state.harbour_resource[slot], state.harbour_ratio[slot]
            state.ratios[seat] = tuple(
                min(old, ratio) if resource in (-1, r) else old for r, old in enumerate(state.ratios[seat])
            )
        if founding:
            return self._found_settlement(state, seat, i)
        pay(state.hands[seat], state.bank, t.cost_settlement)
        state.trading = False
        events = [Event(Message(M.BUILDS_SETTLEMENT, {"player": seat}), kind="settlement", data={"intersection": i})]
        # the settlement may cut another player's road in two
        cut = False
        for other in {state.roads[p] for p in INTERSECTION_PATHS[i]}:
            if other not in (-1, seat):
                state.road_length[other] = longest_road(state.roads, state.owner, other, state.road_paths[other])
                cut = True
        if cut:
            self._update_longest(state, events)
        return self._scored(state, Step(events))

    @BUILD_CITY.check
    def _check_city(self, state: CatanState, intersection: str) -> None:
        t = self._t
        i = intersection_named(intersection)
        seat = state.turn
        if state.owner[i] != seat or state.level[i] != 1:
            raise refuse(M.NOT_YOUR_SETTLEMENT)
        if state.cities[seat] >= t.max_cities:
            raise refuse(M.NO_PIECES)
        if not affords(state.hands[seat], t.cost_city):
            raise refuse(M.CANNOT_AFFORD)

    @BUILD_CITY.apply
    def _apply_city(self, state: CatanState, intersection: str) -> Step:
        t = self._t
        i = INTERSECTION_BY_NAME[intersection]
        seat = state.turn
        pay(state.hands[seat], state.bank, t.cost_city)
        state.trading = False
        state.level[i] = 2
        state.settlements[seat] -= 1
        state.cities[seat] += 1
        state.vp[seat] += 1
        return self._scored(
            state, Step([Event(Message(M.BUILDS_CITY, {"player": seat}), kind="city", data={"intersection": i})])
        )
