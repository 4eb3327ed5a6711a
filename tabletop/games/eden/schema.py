"""The schema of Eden's data files (data/eden/*.yaml)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, field_validator

from tabletop.engine.data import DataModel, field_faults, unique_by
from tabletop.engine.gamedata import Colour, Count, OptionData, Positive
from tabletop.i18n import _


class BoardData(DataModel):
    """board.yaml: the columns (left to right) and the number of rows (top to bottom)."""

    columns: list[Annotated[str, Field(min_length=1, max_length=2)]] = Field(min_length=2)
    rows: Annotated[int, Field(ge=2, le=26)]

    @field_validator("columns")
    @classmethod
    def _distinct(cls, columns: list[str]) -> list[str]:
        faults = [
            ((index,), _("{value} is used twice (first at item {index})", value=repr(name), index=columns.index(name)))
            for index, name in enumerate(columns)
            if name in columns[:index]
        ]
        if faults:
            raise field_faults(faults)
        return columns


class TileKind(DataModel):
    """One kind of double-sided landscape tile: its two values and how many a colour has."""

    sides: tuple[Positive, Positive]
    count: Positive


class TilesData(DataModel):
    """tiles.yaml: the landscape tiles of one colour, lowest values first."""

    kinds: list[TileKind] = Field(min_length=1)

    @field_validator("kinds")
    @classmethod
    def _consecutive(cls, kinds: list[TileKind]) -> list[TileKind]:
        for index, kind in enumerate(kinds):
            low = 2 * index + 1
            if kind.sides != (low, low + 1):
                raise field_faults(
                    [
                        (
                            (index, "sides"),
                            _(
                                "sides must run on from value {value}: expected [{value}, {next}]",
                                value=low,
                                next=low + 1,
                            ),
                        )
                    ]
                )
        return kinds


class CultivationCard(DataModel):
    """A cultivation card: rows of "#" (a field of the card) and "." (no field)."""

    key: Annotated[str, Field(min_length=1)]
    shape: list[str] = Field(min_length=1)

    @field_validator("shape")
    @classmethod
    def _shape(cls, rows: list[str]) -> list[str]:
        faults = [
            ((index,), _("every row of a shape must be as long as the first"))
            for index, row in enumerate(rows)
            if len(row) != len(rows[0])
        ]
        faults += [
            ((index,), _('a shape is drawn with "#" and "." only'))
            for index, row in enumerate(rows)
            if set(row) - {"#", "."}
        ]
        if faults:
            raise field_faults(faults)
        cells = {(c, r) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#"}
        if len(cells) < 2:
            raise ValueError(_("a shape needs at least two fields"))
        if (
            min(c for c, _r in cells) != 0
            or min(r for _c, r in cells) != 0
            or max(c for c, _r in cells) != len(rows[0]) - 1
            or max(r for _c, r in cells) != len(rows) - 1
        ):
            raise ValueError(_("a shape may not have empty rows or columns at its edges"))
        seen = {min(cells)}
        todo = list(seen)
        while todo:
            c, r = todo.pop()
            for step in ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)):
                if step in cells and step not in seen:
                    seen.add(step)
                    todo.append(step)
        if seen != cells:
            raise ValueError(_("the fields of a shape must touch side to side"))
        return rows

    def cells(self) -> list[tuple[int, int]]:
        """The (column, row) offsets of the card's fields as drawn."""
        return [(c, r) for r, row in enumerate(self.shape) for c, ch in enumerate(row) if ch == "#"]


class CultivationData(DataModel):
    """cultivation.yaml: the cultivation cards of the deck."""

    cards: Annotated[list[CultivationCard], Field(min_length=1), unique_by("key")]


class EconomyData(DataModel):
    """economy.yaml: every amount of mana, the card counts and the target."""

    start_mana: Count
    income_per_red_dot: Count
    cultivation_cost_per_tile: Count
    sell_per_field: Count
    buy_base: Count
    buy_per_field: Count
    opening_bid_min: Positive
    raise_min: Positive
    target_points: Positive
    hand_start: Count
    draw_below: Count
    irrigations_per_turn: Positive


class PlayersData(DataModel):
    """players.yaml: the player colours and the options."""

    colours: Annotated[list[Colour], Field(min_length=1), unique_by("key")]
    options: Annotated[list[OptionData], unique_by("key")] = []
