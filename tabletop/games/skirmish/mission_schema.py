"""Data model of the skirmish game's mission cards (rulebook L174-196, DECISIONS.md S11, S41).

`data/skirmish/missions.yaml` (`MissionsData`): each mission's unique name, its
symbol (a faction or a stigma whose units may play it, or none), whether it is
secret, its deployment (Offener Kampf or Überfall, L354-356), the objective markers
it places on the table, when it scores (each end phase, or at the end of the game)
and its goals in a declared vocabulary of victory points (SIG):

- `warriors_near`: `each` SIG per own warrior within `within` mm of the table's
  centre (`wholly`: the whole base inside that distance of the centre).
- `removed`: `each` SIG per enemy warrior removed (`leader` for the enemy leader);
  scored each end phase it counts the warriors removed in that round.
- `objective_held`: `each` SIG per objective marker with one of the player's warriors
  within `within` mm (edge of its base), carrying an item of `carrying` if given,
  and (`alone`) no enemy warrior that close.
- `leader_out`: `each` SIG if the enemy leader is out of action.
- `points_out`: `each` SIG per `per` points (rounded up) of enemy warriors out of action.

"Enemy" is a warrior of the opposing unit: non-player warriors never count (S41).
A goal the vocabulary cannot say is not a mission here: missions score by the rules.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Discriminator, Field, model_validator

from tabletop.engine.data import DataModel, field_faults, unique_by
from tabletop.engine.gamedata import Identifier, Label, Text
from tabletop.games.skirmish.card_schema import Category
from tabletop.i18n import _

#: the most missions a data set may hold, and objective markers one mission places (docs/DATA.md)
MAX_MISSIONS = 50
MAX_OBJECTIVES = 6
Millimetres = Annotated[int, Field(ge=1, le=1_000)]
Points = Annotated[int, Field(ge=1, le=20)]


class Objective(DataModel):
    """An objective marker: on the table's centre, or on the centre line (the line
    between the two deployment halves) `from_side_edge` mm from a side edge; `side`
    says which (1: the left one seen from the first deployer's edge, 2: the right)."""

    place: Literal["centre", "centre_line"]
    from_side_edge: Millimetres | None = None
    side: Literal[1, 2] | None = None

    @model_validator(mode="after")
    def _placed(self) -> Objective:
        on_line = self.place == "centre_line"
        if on_line != (self.from_side_edge is not None) or on_line != (self.side is not None):
            raise field_faults(
                [((), _("a marker on the centre line says from_side_edge and side; one on the centre neither"))]
            )
        return self


class WarriorsNear(DataModel):
    goal: Literal["warriors_near"]
    within: Millimetres
    wholly: bool = False
    each: Points = 1


class Removed(DataModel):
    goal: Literal["removed"]
    each: Points = 1
    leader: Points | None = None  # the enemy leader counts this instead of `each`


class ObjectiveHeld(DataModel):
    goal: Literal["objective_held"]
    within: Millimetres
    carrying: Category | None = None
    alone: bool = False
    each: Points = 1


class LeaderOut(DataModel):
    goal: Literal["leader_out"]
    each: Points = 1


class PointsOut(DataModel):
    goal: Literal["points_out"]
    per: Annotated[int, Field(ge=1, le=200)]
    each: Points = 1


Goal = Annotated[WarriorsNear | Removed | ObjectiveHeld | LeaderOut | PointsOut, Discriminator("goal")]


class Mission(DataModel):
    key: Identifier
    name: Label
    symbol: Identifier | None = None  # a faction's key or a stigma; none: every unit may play it
    secret: bool
    deployment: Literal["open_battle", "ambush"]
    scores: Literal["each_end_phase", "end"]
    objectives: Annotated[list[Objective], Field(max_length=MAX_OBJECTIVES)] = []
    goals: Annotated[list[Goal], Field(min_length=1, max_length=4)]
    text: Text  # the card's words, English

    @model_validator(mode="after")
    def _markers_for_goals(self) -> Mission:
        held = any(goal.goal == "objective_held" for goal in self.goals)
        if held and not self.objectives:
            raise field_faults([(("objectives",), _("a goal of holding markers needs markers on the table"))])
        if self.objectives and not held:
            raise field_faults([(("objectives",), _("markers on the table need a goal of holding them"))])
        return self


class MissionsData(DataModel):
    missions: Annotated[
        list[Mission],
        Field(min_length=1, max_length=MAX_MISSIONS),
        unique_by("key"),
        unique_by("name", whatever_case=True),  # a name is one mission (L180)
    ]
