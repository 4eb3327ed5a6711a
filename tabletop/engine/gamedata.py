"""Data models that every game's files share: the game's own file with its
launcher picture (GameFile, `GAME/game.yaml` in the game's data set), the player
colours and the options of the new-game screen (a game's `players.yaml` model
lists `colours: list[Colour]` and `options: list[OptionData]`), and the field
types they are made of.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated

from pydantic import AfterValidator, Field, ValidationInfo, field_validator

from tabletop import resources
from tabletop.engine.core import OptionSpec
from tabletop.engine.data import DataModel, LoadedData, Problem, SpritePath, field_faults, load_model
from tabletop.i18n import _

#: a number of things, 0 or more
Count = Annotated[int, Field(ge=0)]
#: a number of things, at least 1
Positive = Annotated[int, Field(ge=1)]
#: a key written into saves: lower case letters, digits, "_" and "-"
Identifier = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_-]*$", max_length=40)]
#: the longest name and the longest text shown to the players (docs/DATA.md): a
#: label is wrapped on one line or two, a text over a few lines of a panel
MAX_LABEL = 100
MAX_TEXT = 1000
#: a name shown to the players: English, translated where it is shown
Label = Annotated[str, Field(min_length=1, max_length=MAX_LABEL)]
#: a longer text shown to the players (help, a card's words)
Text = Annotated[str, Field(max_length=MAX_TEXT)]
Channel = Annotated[int, Field(ge=0, le=255)]
#: what an option can be set to
OptionValue = bool | int | str

Rgb = tuple[int, int, int]


class GameFile(DataModel):
    """GAME/game.yaml: what the launcher shows of a game before the game is
    imported and the rest of its data loaded (game_picture reads it)."""

    picture: SpritePath  # the launcher card's picture, relative to sprites/


def game_picture(game_id: str) -> str:
    """The launcher card's picture of a game, relative to sprites/: the `picture` of
    its game file, data/GAME/game.yaml, or "" for a game without one. Reads that
    file alone (neither the rest of the data nor a module of the game), so that the
    launcher shows it with its first frame; DataError on a fault in it."""
    path = resources.DATA / game_id / "game.yaml"
    return load_model(path, GameFile).picture if path.is_file() else ""


class Colour(DataModel):
    """A player colour."""

    key: Identifier
    label: Label
    rgb: tuple[Channel, Channel, Channel]


def colour_table(colours: Sequence[Colour]) -> tuple[tuple[str, str, Rgb], ...]:
    """The colours as GameRules.colours() gives them: (key, label, rgb)."""
    return tuple((c.key, c.label, (c.rgb[0], c.rgb[1], c.rgb[2])) for c in colours)


class OptionChoice(DataModel):
    value: OptionValue
    label: Label


def shown_value(value: OptionValue) -> str:
    """An option value as a message quotes it: true, 900, 'basic'."""
    return str(value).lower() if isinstance(value, bool) else repr(value)


def shown_values(values: Sequence[OptionValue]) -> str:
    """Option values as the data writes them: "false, true", "basic, terrain"."""
    return ", ".join(str(v).lower() if isinstance(v, bool) else str(v) for v in values)


def same_value(a: OptionValue, b: OptionValue) -> bool:
    """Equal and of one type (true is not 1)."""
    return a == b and type(a) is type(b)


def _distinct_values(choices: list[OptionChoice]) -> list[OptionChoice]:
    """Each value once (true and 1 differ); a repeat is reported at its line."""
    faults = [
        ((index, "value"), _("the value {value} is offered twice", value=shown_value(choice.value)))
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
    help: Text = ""
    choices: Annotated[list[OptionChoice], Field(min_length=2), AfterValidator(_distinct_values)]
    default: OptionValue

    @field_validator("default")
    @classmethod
    def _default_is_a_choice(cls, default: OptionValue, info: ValidationInfo) -> OptionValue:
        choices = info.data.get("choices")
        if choices is not None and not any(same_value(default, choice.value) for choice in choices):
            raise ValueError(_("default {value} is not one of the choices", value=shown_value(default)))
        return default

    def spec(self) -> OptionSpec:
        """The option as the new-game screen takes it."""
        return OptionSpec(
            self.key, self.label, self.default, tuple((c.value, c.label) for c in self.choices), self.help
        )


def option_problems(
    loaded: LoadedData,
    file: str,
    options: Sequence[OptionData],
    known: Mapping[str, tuple[OptionValue, ...] | None],
    first_is_default: bool = False,
    elsewhere: Mapping[str, str] | None = None,
) -> list[Problem]:
    """The options of a players file (`file`, its field `options`) against the ones
    the rules understand, `known`: key -> the values they handle, exactly (None:
    values the game checks itself). An option the rules do not know, one that is
    missing and choices other than the values are reported at their lines; with
    `first_is_default` a default other than the first value too. `elsewhere` says,
    for a key that is written in another place of the file, where."""
    problems = []
    found = {option.key: index for index, option in enumerate(options)}
    for index, option in enumerate(options):
        if option.key not in known:
            said = (elsewhere or {}).get(option.key) or _("the rules know no option {key}", key=repr(option.key))
            problems.append(loaded.problem(file, ("options", index, "key"), said))
    for key, values in known.items():
        if key not in found:
            problems.append(loaded.problem(file, ("options",), _("option {key} is missing", key=repr(key))))
            continue
        index = found[key]
        option = options[index]
        if values is None:
            continue
        choices = [c.value for c in option.choices]
        if len(choices) != len(values) or not all(any(same_value(c, v) for c in choices) for v in values):
            message = _("option {key} takes exactly: {values}", key=repr(key), values=shown_values(values))
            problems.append(loaded.problem(file, ("options", index, "choices"), message))
        elif first_is_default and not same_value(option.default, values[0]):
            message = _("the default of {key} is {value}", key=repr(key), value=shown_values(values[:1]))
            problems.append(loaded.problem(file, ("options", index, "default"), message))
    return problems
