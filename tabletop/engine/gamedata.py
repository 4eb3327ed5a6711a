"""Data models that every game's files share: the player colours and the options
of the new-game screen (a game's `players.yaml` model lists
`colours: list[Colour]` and `options: list[OptionData]`), and the field types
they are made of.
"""

from __future__ import annotations

from typing import Annotated, Sequence

from pydantic import AfterValidator, Field, ValidationInfo, field_validator

from tabletop.engine.core import OptionSpec
from tabletop.engine.data import DataModel, field_faults
from tabletop.i18n import _

#: a number of things, 0 or more
Count = Annotated[int, Field(ge=0)]
#: a number of things, at least 1
Positive = Annotated[int, Field(ge=1)]
#: a key written into saves: lower case letters, digits, "_" and "-"
Identifier = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_-]*$", max_length=40)]
#: a name shown to the players: English, translated where it is shown
Label = Annotated[str, Field(min_length=1)]
Channel = Annotated[int, Field(ge=0, le=255)]
#: what an option can be set to
OptionValue = bool | int | str

Rgb = tuple[int, int, int]


class Colour(DataModel):
    """A player colour."""

    key: Identifier
    label: Label
    rgb: tuple[Channel, Channel, Channel]


def colour_table(colours: Sequence[Colour]) -> tuple[tuple[str, str, Rgb], ...]:
    """The colours as GameRules.colours() gives them: (key, label, rgb)."""
    return tuple((c.key, c.label, tuple(c.rgb)) for c in colours)


class OptionChoice(DataModel):
    value: OptionValue
    label: Label


def same_value(a: OptionValue, b: OptionValue) -> bool:
    """Equal and of one type (true is not 1)."""
    return a == b and type(a) is type(b)


def _distinct_values(choices: list[OptionChoice]) -> list[OptionChoice]:
    """Each value once (true and 1 differ); a repeat is reported at its line."""
    faults = [
        ((index, "value"), _("the value {value} is offered twice", value=repr(choice.value)))
        for index, choice in enumerate(choices)
        if any(same_value(choice.value, other.value) for other in choices[:index])
    ]
    if faults:
        raise field_faults(faults)
    return choices


class OptionData(DataModel):
    """One option of the new-game screen; its default must be one of its choices
    (the choices come first so the default is checked against them)."""

    key: Identifier
    label: Label
    help: str = ""
    choices: Annotated[list[OptionChoice], Field(min_length=2), AfterValidator(_distinct_values)]
    default: OptionValue

    @field_validator("default")
    @classmethod
    def _default_is_a_choice(cls, default: OptionValue, info: ValidationInfo) -> OptionValue:
        choices = info.data.get("choices")
        if choices is not None and not any(same_value(default, choice.value) for choice in choices):
            raise ValueError(_("default {value} is not one of the choices", value=repr(default)))
        return default

    def spec(self) -> OptionSpec:
        """The option as the new-game screen takes it."""
        return OptionSpec(self.key, self.label, self.default, tuple((c.value, c.label) for c in self.choices), self.help)
