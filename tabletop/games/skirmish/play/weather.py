"""The weather in play (optional rule 3; rulebook L804-824, DECISIONS.md S29, S35, S37):
the weather a 2 W6 total gives, what the weathers in force do together, and the
option's change roll after each round. Plain functions; no pygame here.

Several weathers may be in force at once (combined by agreement, L824): every
movement action is limited by the tightest move limit, sight by the shortest sight
limit, a card costs the most any of them asks; the players deploy in turn if any
says so; each end-of-round roll is made.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from tabletop.games.skirmish.table.table import Table
from tabletop.games.skirmish.tactics_schema import PLAY_COST
from tabletop.games.skirmish.weather_schema import EndOfRound, Weather, WeatherData

#: a movement action's allowance without weather (L284-288), in mm
MOVE_ALLOWANCE = 100.0

Change = Literal["again", "stays", "normal"]


def weather_of(data: WeatherData, total: int) -> Weather:
    """The weather of a 2 W6 total (2-12)."""
    for weather in data.weathers:
        if total in weather.rolls:
            return weather
    raise ValueError(f"no weather for the total {total}")


def normal(data: WeatherData) -> Weather:
    return next(weather for weather in data.weathers if weather.normal)


@dataclass(frozen=True)
class Conditions:
    """What the weathers in force do together."""

    weathers: tuple[Weather, ...]

    @property
    def move_allowance(self) -> float:
        """A movement action's allowance in mm: Move, Charge, the allowance heavy
        terrain is paid from, and the 10 cm of a climb, swim or jump (S37)."""
        limits = [float(w.move_limit) for w in self.weathers if w.move_limit is not None]
        return min([MOVE_ALLOWANCE, *limits])

    @property
    def sight_limit(self) -> float | None:
        """How far a warrior sees in mm, or None: as far as the table allows."""
        limits = [float(w.sight_limit) for w in self.weathers if w.sight_limit is not None]
        return min(limits) if limits else None

    @property
    def card_cost(self) -> int:
        return max([PLAY_COST, *(w.card_cost for w in self.weathers if w.card_cost is not None)])

    @property
    def deploy_alternately(self) -> bool:
        return any(w.deploy_alternately for w in self.weathers)

    @property
    def end_of_round(self) -> tuple[EndOfRound, ...]:
        return tuple(w.end_of_round for w in self.weathers if w.end_of_round is not None)

    def limit(self, table: Table) -> None:
        """Give a table the weathers' limits of movement and sight (S37)."""
        moves = [w.move_limit for w in self.weathers if w.move_limit is not None]
        table.move_limit = self.move_allowance if moves else None
        table.sight_limit = self.sight_limit


def named(data: WeatherData, keys: Sequence[str]) -> Conditions:
    """The conditions of the weathers `keys` (their keys in weather.yaml)."""
    known = {weather.key: weather for weather in data.weathers}
    return Conditions(tuple(known[key] for key in keys))


def rolls_at_end_of_round(roll: EndOfRound, non_player: bool, sheltered: bool) -> bool:
    """Whether a warrior makes the weather's end-of-round roll: non-player warriors
    only if the weather reaches them, sheltered ones (S35) not if it spares them."""
    if non_player and not roll.non_player:
        return False
    return not (roll.sheltered and sheltered)


def sheltered(touched: Sequence[bool]) -> bool:
    """Sheltered from acid rain all round (S35): it touched a rain-cover piece at the
    start of the activation phase, at the end of each of its moves and charges, and
    at the check; `touched` lists each of those moments in order."""
    return bool(touched) and all(touched)


def change_of(data: WeatherData, face: int) -> Change:
    """The option's d6 after a round (L824): 1 roll again and add that weather, 2-5
    the weather stays, 6 it turns to normal weather."""
    if face in data.change.again:
        return "again"
    if face in data.change.normal:
        return "normal"
    return "stays"


def changed(data: WeatherData, current: Sequence[Weather], face: int, total: int | None = None) -> tuple[Weather, ...]:
    """The weathers in force after the change roll `face`; after a 1 the added
    weather is the one of the 2 W6 `total` rolled again (a weather already in force
    is not added twice)."""
    what = change_of(data, face)
    if what == "normal":
        return (normal(data),)
    if what == "stays":
        return tuple(current)
    if total is None:
        raise ValueError("a change roll of 'again' needs the new 2 W6 total")
    added = weather_of(data, total)
    kept = tuple(w for w in current if not w.normal)
    if added.normal:
        return kept or (added,)
    return kept if added in kept else (*kept, added)
