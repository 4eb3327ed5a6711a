"""The geometry of Eden's board: fields, their neighbours and where a cultivation
shape fits. Fields are numbered row by row from the top left: field = row * columns + column.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


def rotate(cells: Sequence[tuple[int, int]], quarter_turns: int) -> tuple[tuple[int, int], ...]:
    """`cells` (column, row) turned clockwise `quarter_turns` times, moved so that the
    smallest column and row are 0, sorted. Never mirrored.

    >>> rotate([(0, 0), (0, 1), (1, 1)], 1)
    ((0, 0), (0, 1), (1, 0))
    """
    turned = list(cells)
    for _ in range(quarter_turns % 4):
        # clockwise on a screen whose rows grow downwards: right -> down -> left
        turned = [(-r, c) for c, r in turned]
    low_c = min(c for c, _r in turned)
    low_r = min(r for _c, r in turned)
    return tuple(sorted((c - low_c, r - low_r) for c, r in turned))


@dataclass(frozen=True)
class Placement:
    """A cultivation shape laid on the board: quarter turns, the field under the top left
    corner of its bounding box, the fields it covers and those as a bit mask."""

    rotation: int
    origin: int
    fields: tuple[int, ...]
    mask: int


class Board:
    """The fields of a board of `columns` x `rows`."""

    def __init__(self, columns: Sequence[str], rows: int) -> None:
        self.columns = tuple(columns)
        self.width = len(self.columns)
        self.height = rows
        self.size = self.width * rows
        self.names = tuple(f"{self.columns[f % self.width]}{f // self.width + 1}" for f in range(self.size))
        self._index = {name: f for f, name in enumerate(self.names)}
        self.neighbours = tuple(tuple(self._neighbours(f)) for f in range(self.size))

    def _neighbours(self, field: int) -> list[int]:
        col, row = field % self.width, field // self.width
        steps = ((col, row - 1), (col - 1, row), (col + 1, row), (col, row + 1))
        return [r * self.width + c for c, r in steps if 0 <= c < self.width and 0 <= r < self.height]

    def field(self, name: str) -> int:
        """The number of the field called `name` ("B4"); KeyError if there is none."""
        return self._index[name]

    def name(self, field: int) -> str:
        return self.names[field]

    def fields_of(self, shape: Sequence[tuple[int, int]], rotation: int, origin: int) -> tuple[int, ...] | None:
        """The fields `shape` covers turned `rotation` quarter turns with the top left of
        its bounding box on `origin`, or None when it would stick out of the board."""
        col0, row0 = origin % self.width, origin // self.width
        fields = []
        for c, r in rotate(shape, rotation):
            col, row = col0 + c, row0 + r
            if col >= self.width or row >= self.height:
                return None
            fields.append(row * self.width + col)
        return tuple(fields)

    def placements(self, shape: Sequence[tuple[int, int]]) -> tuple[Placement, ...]:
        """Every distinct way `shape` covers fields of the board (a rotation that gives
        the same fields as a smaller one is left out)."""
        found: dict[tuple[int, ...], Placement] = {}
        for rotation in range(4):
            for origin in range(self.size):
                fields = self.fields_of(shape, rotation, origin)
                if fields is not None and fields not in found:
                    mask = 0
                    for f in fields:
                        mask |= 1 << f
                    found[fields] = Placement(rotation, origin, fields, mask)
        return tuple(found.values())
