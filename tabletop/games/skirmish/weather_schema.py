"""Data model of the optional weather rules (rulebook L804-824, DECISIONS.md S29, S35, S37).

`data/skirmish/weather.yaml` (`WeatherData`): the weather table read by the sum of
2 W6, each weather with the totals that give it and its effects in a declared
vocabulary: `move_limit` (mm every movement action is limited to, S37),
`sight_limit` (mm beyond which nothing is seen), `card_cost` (SP a tactical card
costs), `deploy_alternately` (the players deploy one warrior each in turn), and an
`end_of_round` roll (an attribute at a difficulty; without a success a wound to a
zone with armour useless, or a marker; `sheltered`: a warrior sheltered all round
by a rain-cover piece does not roll; `non_player`: whether non-player warriors
roll too). Exactly one weather is `normal` (what a change roll of 6 turns to), and
`change` is the option's d6 after each round (L824).
"""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, Field, model_validator

from tabletop.engine.data import DataModel, field_faults, unique_by
from tabletop.engine.gamedata import Identifier, Label, Text
from tabletop.games.skirmish.card_schema import Attribute, Marker, Zone
from tabletop.i18n import _

Total = Annotated[int, Field(ge=2, le=12)]
Face = Annotated[int, Field(ge=1, le=6)]
Millimetres = Annotated[int, Field(ge=10, le=1_000)]


class EndOfRound(DataModel):
    attribute: Attribute
    difficulty: Annotated[int, Field(ge=1, le=12)]
    wound: Zone | None = None  # one wound to this zone, armour useless
    marker: Marker | None = None
    sheltered: bool = False
    non_player: bool = True

    @model_validator(mode="after")
    def _one_outcome(self) -> EndOfRound:
        if (self.wound is None) == (self.marker is None):
            raise field_faults([((), _("a failed roll gives either a wound or a marker"))])
        return self


class Weather(DataModel):
    key: Identifier
    name: Label
    rolls: Annotated[list[Total], Field(min_length=1, max_length=11)]
    normal: bool = False
    move_limit: Millimetres | None = None
    sight_limit: Millimetres | None = None
    card_cost: Annotated[int, Field(ge=0, le=20)] | None = None
    deploy_alternately: bool = False
    end_of_round: EndOfRound | None = None
    text: Text


class Change(DataModel):
    """The option's d6 after each round: roll again and add a weather, keep it, or
    turn to normal weather (L824)."""

    again: list[Face]
    stays: list[Face]
    normal: list[Face]

    @model_validator(mode="after")
    def _every_face_once(self) -> Change:
        faces = sorted(self.again + self.stays + self.normal)
        if faces != [1, 2, 3, 4, 5, 6]:
            raise field_faults([((), _("again, stays and normal share the faces 1 to 6, each once"))])
        return self


def _every_total_once(weathers: list[Weather]) -> list[Weather]:
    totals = sorted(total for weather in weathers for total in weather.rolls)
    if totals != list(range(2, 13)):
        raise field_faults([((), _("the weathers' rolls cover the totals 2 to 12, each once"))])
    if sum(weather.normal for weather in weathers) != 1:
        raise field_faults([((), _("exactly one weather is the normal one"))])
    return weathers


class WeatherData(DataModel):
    weathers: Annotated[
        list[Weather], Field(min_length=1, max_length=11), unique_by("key"), AfterValidator(_every_total_once)
    ]
    change: Change
