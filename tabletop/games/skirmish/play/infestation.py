"""Non-player warriors on the table (optional rule 2, rulebook L762-802; DECISIONS.md
S36): which warriors are non-player ones, and preparation step 6a's pools (L766-776):
each player's pool is the infestation level, spent on non-player warriors where they
may stand; a pool rest that finds no room is lost. The moves that place and activate
them are play/non_player_play.py's; the preparation enters step 6a here
(`begin_placement`).
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.core import Event
from tabletop.games.skirmish.card_schema import Warrior
from tabletop.games.skirmish.options import INFESTATION as LEVEL
from tabletop.games.skirmish.play import non_player, victory
from tabletop.games.skirmish.play.cards import starter_set
from tabletop.games.skirmish.play.state import NON_PLAYER_SIDE, SkirmishState, table_of
from tabletop.games.skirmish.table.planar import Point
from tabletop.i18n import Message

#: the grid (mm) searched for room when a pool rest may have none left (S36)
ROOM_GRID = 10.0


def level(state: SkirmishState) -> int:
    """The infestation level of the match's options (0: no non-player warriors)."""
    return int(state.options.get(LEVEL, 0))


def is_non_player(entry: dict[str, Any]) -> bool:
    return bool(entry["side"] == NON_PLAYER_SIDE)


def on_table(state: SkirmishState) -> list[str]:
    """The non-player warriors on the table, in the table's order."""
    return [model_id for model_id, entry in state.models.items() if is_non_player(entry)]


def players(state: SkirmishState) -> list[str]:
    """The players' warriors on the table."""
    return [model_id for model_id, entry in state.models.items() if not is_non_player(entry)]


def cards() -> list[Warrior]:
    """The non-player warriors' cards (warriors.yaml, their own faction), in data order."""
    return [warrior for warrior in starter_set().warriors.values() if warrior.contamination is not None]


def ambush_possible(state: SkirmishState) -> bool:
    """A mission played is an ambush or secret: a warrior might deploy round the
    centre, so non-player warriors keep away from it too (S36)."""
    found = (victory.catalogue()[key] for key in state.missions if key is not None)
    return any(mission.secret or mission.deployment == "ambush" for mission in found)


# -- placement (step 6a) -------------------------------------------------------------------


def refusal(state: SkirmishState, radius: float, at: Point) -> Message | None:
    """Why a non-player warrior of base `radius` may not be placed at `at`, or None."""
    return non_player.placement_refusal(table_of(state), at, radius, on_table(state), ambush_possible(state))


def room(state: SkirmishState, radius: float) -> Point | None:
    """A spot on a 1 cm grid round the centre where a base of `radius` may be placed, or None."""
    table = table_of(state)
    cx, cy = table.width / 2, table.height / 2
    reach = int(table.spec.deployment.open_battle // ROOM_GRID)
    # nearest to the centre first: a spot is found quickly on an open table
    steps = sorted(
        ((i, j) for i in range(-reach, reach + 1) for j in range(-reach, reach + 1)),
        key=lambda ij: (abs(ij[0]) + abs(ij[1]), ij),
    )
    for i, j in steps:
        spot = (cx + i * ROOM_GRID, cy + j * ROOM_GRID)
        if refusal(state, radius, spot) is None:
            return spot
    return None


def lose_rests(state: SkirmishState) -> list[Event]:
    """A rest with no room left for the smallest base it buys is lost (S36)."""
    events = []
    for seat in (0, 1):
        pool = state.pools[seat]
        buyable = non_player.buyable(pool, cards())
        if pool and (not buyable or room(state, min(c.base for c in buyable) / 2) is None):
            state.pools[seat] = 0
            lost = Message.counted(
                "{player} finds no room for a non-player warrior: {count} infestation point is lost.",
                "{player} finds no room for a non-player warrior: {count} infestation points are lost.",
                pool,
                {"player": seat},
            )
            events.append(Event(lost))
    return events


def begin_placement(state: SkirmishState) -> list[Event]:
    """Step 6a begins with the preparation's beginner: each pool is the level; rests
    without room are lost (when both pools are lost at once, the step is over:
    `placed_all`)."""
    state.pools = [level(state)] * 2
    events = lose_rests(state)
    if state.pools[state.turn] == 0:
        state.turn = 1 - state.turn
    return events


def placed_all(state: SkirmishState) -> bool:
    """Both pools are spent: step 6a is over."""
    return not any(state.pools)
