"""What the player at the table holds and points at: the tool in hand, the warrior
or terrain piece selected and the one under the pointer, and what the left (or,
to pan, another) button drags."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from tabletop.games.skirmish.table.planar import Point
from tabletop.i18n import _

#: the tools of the tool bar: name, the key's name, its key code
TOOLS = (
    ("select", "V", pygame.K_v),
    ("measure", "M", pygame.K_m),
    ("sight", "L", pygame.K_l),
    ("explosion", "E", pygame.K_e),
    ("flame", "F", pygame.K_f),
)


def tool_label(tool: str) -> str:
    return {
        "select": _("Select and move"),
        "measure": _("Tape measure"),
        "sight": _("Line of sight"),
        "explosion": _("Explosion template"),
        "flame": _("Flame template"),
        "reach": _("Show how far a warrior can move"),
        "grid": _("Centimetre grid"),
        "fit": _("Show the whole table"),
    }[tool]


@dataclass
class Drag:
    """Something held with the left (or, for panning, another) button.

    kind: "pan", "tape", "model" (placed freely in the layout), "path" (a move in
    play), "piece" (a terrain piece in the layout)."""

    kind: str
    start: tuple[int, int]
    item: str = ""
    grab: Point = (0.0, 0.0)
    moved: bool = False
    rotation: float = 0.0
    #: where the thing would go now (table mm), and whether it may
    ghost: Point | None = None
    valid: bool = False
    note: str = ""
    #: the path of a move: points, length, cost; freehand points with Shift
    path: tuple[Point, ...] = ()
    length: float = 0.0
    cost: float = 0.0
    freehand: list[Point] = field(default_factory=list)
    #: the path is the way found on the routing graph alone (its crossings of heavy
    #: terrain not slid): planned exactly once the pointer rests, and before the
    #: move is made
    rough: bool = False
    #: pressed with the sight tool: a click (no drag) picks the viewer or target
    sight_click: bool = False


@dataclass
class Hand:
    """The tool in hand and what it holds; the tool bar's two switches."""

    tool: str = "select"
    selected: str | None = None
    hovered: str | None = None
    drag: Drag | None = None
    #: a move just refused, shown with its reason until the next press
    refused: Drag | None = None
    #: where the pointer is (screen pixels), as the screen last saw it
    pointer: tuple[int, int] = (-1, -1)
    show_grid: bool = True
    show_reach: bool = True

    def held(self) -> str | None:
        """The warrior or piece being dragged (once it has moved)."""
        return self.drag.item if self.drag is not None and self.drag.moved else None

    def moved_positions(self) -> dict[str, Point]:
        """Warriors shown elsewhere than they stand: the one being dragged, at its ghost."""
        drag = self.drag
        if drag is not None and drag.moved and drag.kind in ("model", "path") and drag.ghost is not None:
            return {drag.item: drag.ghost}
        return {}
