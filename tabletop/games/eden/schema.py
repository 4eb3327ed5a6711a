"""The schema of Eden's data files (data/eden/*.yaml)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, field_validator

from tabletop.engine.data import DataModel, field_faults, unique_by
from tabletop.engine.gamedata import Colour, OptionData, Positive
from tabletop.i18n import _

#: The limits of the data (docs/DATA.md lists them): a board the screen draws at
#: either window size, a score track of one mark per point, and counts and texts the
#: rules and the screen handle in well under a second.
MAX_COLUMNS = 26
MAX_ROWS = 26
MAX_TARGET_POINTS = 100
MAX_CARDS = 100  # cultivation cards
MAX_SHAPE = MAX_COLUMNS  # rows and columns of a cultivation card's shape: at most the board
MAX_TILE_KINDS = 10
MAX_TILES = 100  # of one kind, per colour
MAX_MANA = 10_000  # any amount of mana
MAX_HAND = 30
MAX_COLOURS = 12
MAX_OPTIONS = 20

Mana = Annotated[int, Field(ge=0, le=MAX_MANA)]


class BoardData(DataModel):
    """board.yaml: the columns (left to right) and the number of rows (top to bottom)."""

    columns: list[Annotated[str, Field(min_length=1, max_length=2)]] = Field(min_length=2, max_length=MAX_COLUMNS)
    rows: Annotated[int, Field(ge=2, le=MAX_ROWS)]

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
    count: Annotated[int, Field(ge=1, le=MAX_TILES)]


class TilesData(DataModel):
    """tiles.yaml: the landscape tiles of one colour, lowest values first."""

    kinds: list[TileKind] = Field(min_length=1, max_length=MAX_TILE_KINDS)

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

    key: Annotated[str, Field(min_length=1, max_length=40)]
    shape: list[Annotated[str, Field(max_length=MAX_SHAPE)]] = Field(min_length=1, max_length=MAX_SHAPE)

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

    cards: Annotated[list[CultivationCard], Field(min_length=1, max_length=MAX_CARDS), unique_by("key")]


class EconomyData(DataModel):
    """economy.yaml: every amount of mana, the card counts and the target."""

    start_mana: Mana
    income_per_red_dot: Mana
    cultivation_cost_per_tile: Mana
    sell_per_field: Mana
    buy_base: Mana
    buy_per_field: Mana
    opening_bid_min: Annotated[int, Field(ge=1, le=MAX_MANA)]
    raise_min: Annotated[int, Field(ge=1, le=MAX_MANA)]
    target_points: Annotated[int, Field(ge=1, le=MAX_TARGET_POINTS)]  # one mark each on the score track
    hand_start: Annotated[int, Field(ge=0, le=MAX_HAND)]
    draw_below: Annotated[int, Field(ge=0, le=MAX_HAND)]
    irrigations_per_turn: Annotated[int, Field(ge=1, le=MAX_HAND)]


class PlayersData(DataModel):
    """players.yaml: the player colours and the options."""

    colours: Annotated[list[Colour], Field(min_length=1, max_length=MAX_COLOURS), unique_by("key")]
    options: Annotated[list[OptionData], Field(max_length=MAX_OPTIONS), unique_by("key")] = []
