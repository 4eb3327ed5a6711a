"""The set-up of a Catan game: the island laid at random (an open layout), the
rolls for who begins and the two founding rounds."""

from __future__ import annotations

from tabletop.engine.core import ChanceSpec, Event, Step
from tabletop.engine.data import DataError, Problem, load_bundled
from tabletop.games.catan import messages as M
from tabletop.games.catan.base import CatanBase
from tabletop.games.catan.geometry import (
    CORNER_NAMES,
    HEX_COUNT,
    HEX_NEIGHBOURS,
    INTERSECTION_HEXES,
    LAND_CORNERS,
    SPIRALS,
)
from tabletop.games.catan.schema import DATASET, MAX_TOKEN_DEALS
from tabletop.games.catan.state import FIRST, FOUND_ROAD, FOUND_SETTLEMENT, ROLL, CatanState
from tabletop.games.catan.tables import tables
from tabletop.i18n import Message, _

#: the board's chance steps: the land, the harbours, the tokens (or their corner)
BOARD_STEPS = 3


def red_numbers_touch(numbers: list[int]) -> bool:
    """True if two land hexes side by side both hold a red number."""
    red = tables().data.red_numbers
    return any(numbers[h] in red and any(numbers[n] in red for n in HEX_NEIGHBOURS[h]) for h in range(HEX_COUNT))


def set_numbers(state: CatanState, numbers: list[int]) -> None:
    """Lay the number tokens (0: none) on the land hexes."""
    state.numbers = tuple(numbers)
    state.number_hexes = tuple(tuple(h for h in range(HEX_COUNT) if numbers[h] == total) for total in range(13))


def chosen_corner(state: CatanState) -> int | None:
    """The corner (index into LAND_CORNERS) the players named for the spiral, or
    None when the tokens are placed at random or the corner is drawn by lot."""
    name = state.options.get("start_corner", "random")
    if state.random_numbers or name not in CORNER_NAMES:
        return None
    return CORNER_NAMES.index(name)


class Founding(CatanBase):
    """The island, the first rolls and the founding rounds."""

    chosen_corner = staticmethod(chosen_corner)

    def _board_spec(self, state: CatanState) -> ChanceSpec:
        t = self._t
        step = state.board_step
        if step == 0:
            return ChanceSpec("shuffle", size=len(t.data.land), reason=Message(M.SHUFFLE_LAND))
        if step == 1:
            return ChanceSpec("shuffle", size=len(t.data.harbours), reason=Message(M.SHUFFLE_HARBOURS))
        if state.random_numbers:
            return ChanceSpec("shuffle", size=len(t.data.tokens), reason=Message(M.SHUFFLE_TOKENS))
        return ChanceSpec("pick", size=len(LAND_CORNERS), reason=Message(M.PICK_CORNER))

    def _first_roll_spec(self, state: CatanState) -> ChanceSpec:
        seat = state.contenders[len(state.first_rolls)]
        return ChanceSpec("dice", count=2, sides=6, reason=Message(M.ROLL_FOR_FIRST, {"player": seat}))

    def _apply_board(self, state: CatanState, outcome: tuple[int, ...] | int) -> Step:
        t = self._t
        step = state.board_step
        events = []
        if step == 0:
            assert isinstance(outcome, tuple)
            land = [t.data.land[k] for k in outcome]
            state.terrain = tuple(key for key, _r in land)
            state.produce = tuple(resource for _k, resource in land)
            state.robber = state.produce.index(-1) if -1 in state.produce else 0
            events.append(Event(Message(M.LAND_LAID), kind="board"))
        elif step == 1:
            assert isinstance(outcome, tuple)
            harbours = [t.data.harbours[k] for k in outcome]
            state.harbour_resource = tuple(resource for resource, _ratio in harbours)
            state.harbour_ratio = tuple(ratio for _resource, ratio in harbours)
            events.append(Event(Message(M.HARBOURS_LAID), kind="board"))
            corner = chosen_corner(state)
            if corner is not None:  # the players named the corner: no chance step for it
                events.append(self._lay_spiral(state, corner))
                state.board_step += 1
        elif isinstance(outcome, tuple):  # the tokens at random
            producing = [h for h in range(HEX_COUNT) if state.produce[h] != -1]
            numbers = [0] * HEX_COUNT
            for h, k in zip(producing, outcome, strict=False):
                numbers[h] = t.data.tokens[k]
            if red_numbers_touch(numbers):
                state.numbers = tuple(numbers)
                state.token_deals += 1
                if state.token_deals >= MAX_TOKEN_DEALS:  # the data's limits make this all but impossible
                    raise DataError([self._no_deal_problem()])
                return Step([Event(Message(M.TOKENS_AGAIN), kind="board")])
            state.token_deals = 0
            set_numbers(state, numbers)
            events.append(Event(Message(M.TOKENS_RANDOM), kind="board"))
        else:
            events.append(self._lay_spiral(state, outcome))
        state.board_step += 1
        if state.board_step >= BOARD_STEPS:
            state.phase = FIRST
        return Step(events)

    def _no_deal_problem(self) -> Problem:
        """The fault, in the data the rules were made from (the bundled data)."""
        message = _(
            "the tokens were dealt {deals} times and two red numbers lay side by side each time: "
            "fewer tokens with a red number are needed",
            deals=MAX_TOKEN_DEALS,
        )
        return load_bundled(DATASET).problem("catan/board.yaml", ("red_numbers",), message)

    def _lay_spiral(self, state: CatanState, corner: int) -> Event:
        """Tokens A-R from the corner hex, round the spiral, skipping the desert."""
        t = self._t
        state.start_corner = corner
        numbers = [0] * HEX_COUNT
        tokens = iter(t.data.tokens)
        for h in SPIRALS[state.clockwise][corner]:
            if state.produce[h] != -1:
                numbers[h] = next(tokens)
        set_numbers(state, numbers)
        return Event(Message(M.TOKENS_SPIRAL), kind="board")

    def _apply_first_roll(self, state: CatanState, outcome: tuple[int, ...]) -> Step:
        seat = state.contenders[len(state.first_rolls)]
        total = outcome[0] + outcome[1]
        state.first_rolls.append(total)
        events = [
            Event(Message(M.FIRST_ROLL, {"player": seat, "total": total}), kind="dice", data={"faces": list(outcome)})
        ]
        if len(state.first_rolls) < len(state.contenders):
            return Step(events)
        best = max(state.first_rolls)
        tied = [s for s, roll in zip(state.contenders, state.first_rolls, strict=False) if roll == best]
        state.first_rolls = []
        if len(tied) > 1:
            state.contenders = tied
            events.append(Event(Message(M.FIRST_TIE)))
            return Step(events)
        first = tied[0]
        n = state.players
        state.contenders = []
        forward = [(first + k) % n for k in range(n)]
        state.order = forward + forward[::-1]
        state.found_step = 0
        state.turn = first
        state.phase = FOUND_SETTLEMENT
        events.append(Event(Message(M.BEGINS, {"player": first})))
        return Step(events)

    def _found_settlement(self, state: CatanState, seat: int, i: int) -> Step:
        """A founding settlement, on `i`, already on the board: the road follows;
        the second settlement pays its land."""
        t = self._t
        events = [Event(Message(M.PLACE_SETTLEMENT, {"player": seat}), kind="settlement", data={"intersection": i})]
        state.last_settlement = i
        state.phase = FOUND_ROAD
        if state.found_step >= state.players:
            hand = state.hands[seat]
            for h in INTERSECTION_HEXES[i]:
                r = state.produce[h]
                if r != -1 and state.bank[r]:
                    hand[r] += 1
                    state.bank[r] -= 1
                    events.append(
                        Event(
                            M.cards(M.RECEIVE[t.resources[r]], 1, {"player": seat}),
                            kind="produce",
                            data={"resource": t.resources[r], "count": 1},
                        )
                    )
        return Step(events)

    def _found_road(self, state: CatanState, p: int) -> Step:
        """A founding road on `p`: the next player places, or the game begins with
        the last to place."""
        seat = state.order[state.found_step]
        events = [Event(Message(M.PLACE_ROAD, {"player": seat}), kind="road", data={"path": p})]
        self._place_road(state, seat, p, events)
        state.found_step += 1
        if state.found_step == len(state.order):
            state.phase = ROLL
            state.turn = state.order[-1]
        else:
            state.phase = FOUND_SETTLEMENT
        return Step(events)
