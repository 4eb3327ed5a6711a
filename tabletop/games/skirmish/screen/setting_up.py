"""The side panel's controls for the book's preparation steps on the table
(play/preparation.py): terrain placed in turns ("Place no more terrain" under the
terrain rules), non-player warriors placed in turns (screen/non_players.py has
their palette), and deployment (the first deployer's choice of an edge, then
"Deployed" once every warrior stands in its zone)."""

from __future__ import annotations

import functools
from collections.abc import Callable

import pygame

from tabletop.engine.core import Action
from tabletop.games.skirmish.play.deploying import EDGE_NAMES
from tabletop.games.skirmish.play.deployment import EDGES
from tabletop.games.skirmish.play.laying_out import unplaced
from tabletop.games.skirmish.play.state import DEPLOYING, INFESTATION, TERRAIN
from tabletop.games.skirmish.screen.reading import Reading
from tabletop.i18n import Message, _, ngettext, pgettext
from tabletop.ui import theme as th
from tabletop.ui.gameview import GameView

#: the phases whose controls this module draws
PHASES = (TERRAIN, INFESTATION, DEPLOYING)


def edge_label(edge: str) -> str:
    """An edge button's short label, in the language now shown."""
    return {
        "top": pgettext("table edge", "Top"),
        "right": pgettext("table edge", "Right"),
        "bottom": pgettext("table edge", "Bottom"),
        "left": pgettext("table edge", "Left"),
    }[edge]


class SettingUp:
    """The buttons of the preparation's terrain and deployment steps."""

    def __init__(self, view: GameView, reading: Reading, submit: Callable[[Action], bool]) -> None:
        self.view = view
        self.reading = reading
        self.submit = submit

    def _edge_chosen(self) -> bool:
        seat = self.reading.seat
        return seat is not None and self.reading.shown.seats[seat].edge is not None

    def whose(self, player: str) -> tuple[str, ...]:
        if self.reading.shown.phase == INFESTATION:
            return (_("{player} places a non-player warrior", player=player), _("{player} places", player=player))
        if self.reading.shown.phase == TERRAIN:
            return (_("{player} places a piece of terrain", player=player), _("{player} places terrain", player=player))
        if not self._edge_chosen():
            return (_("{player} chooses an edge to deploy along", player=player), _("{player} chooses", player=player))
        return (_("{player} deploys", player=player),)

    def title(self) -> str:
        if self.reading.shown.phase == INFESTATION:
            return _("Non-player warriors")
        return _("Terrain") if self.reading.shown.phase == TERRAIN else _("Deployment")

    def note(self) -> str:
        shown, seat = self.reading.shown, self.reading.seat
        if seat is None:
            return ""
        if shown.phase == INFESTATION and shown.non_players is not None:
            return ngettext(
                "In turns, spend your infestation points: {count} left. They stand in the shaded area, 15 cm apart.",
                "In turns, spend your infestation points: {count} left. They stand in the shaded area, 15 cm apart.",
                shown.non_players.pools[seat],
            )
        if shown.phase == TERRAIN:
            if shown.terrain_budget is None:
                return _("One piece a turn, in turns; then the warriors deploy.")
            left = shown.terrain_budget - shown.seats[seat].terrain_points
            return _("One piece a turn; {left} of your terrain points left.", left=left)
        if not self._edge_chosen():
            return _("Choose the edge you deploy along; the other side takes the opposite one.")
        return _("Place every warrior wholly inside your zone, then say you are deployed.")

    def key(self) -> tuple:
        seat = self.reading.seat
        return (self._edge_chosen(), len(unplaced_of(self.reading, seat)) if seat is not None else 0)

    def rows(self) -> int:
        """The rows of buttons: two while the edge is chosen (four edges), else one."""
        return 2 if self.reading.shown.phase == DEPLOYING and not self._edge_chosen() else 1

    def draw(self, surface: pygame.Surface, area: pygame.Rect, row_h: int) -> None:
        """The buttons in `area` (the last `row_h` of it is the bottom row)."""
        view, shown, seat = self.view, self.reading.shown, self.reading.seat
        if seat is None:
            return
        t = view.theme
        gap = t.px(6)
        row = pygame.Rect(area.x, area.bottom - row_h, area.w, row_h)
        if shown.phase == INFESTATION:
            return  # a placement is the only move: a rest without room is lost by itself (S36)
        if shown.phase == TERRAIN:
            view.button(
                surface,
                "terrain_done",
                row,
                _("Place no more terrain"),
                lambda: self.submit(Action("terrain_done")),
                enabled=shown.terrain_budget is not None,
                tip=_("You place no more pieces (while a piece you can afford fits, only by the option)"),
                reason=_("Under the basic rules each player places the same number of pieces."),
            )
            return
        if not self._edge_chosen():
            width = (row.w - gap) // 2
            for index, edge in enumerate(EDGES):  # top, right above bottom, left
                x = row.x + (index % 2) * (width + gap)
                y = row.y - (row_h + gap) * (1 - index // 2)
                view.button(
                    surface,
                    f"edge-{edge}",
                    pygame.Rect(x, y, width, row_h),
                    edge_label(edge),
                    functools.partial(self.submit, Action("edge", edge=edge)),
                    colour=th.GOLD,
                    tip=_("Deploy along {edge}", edge=Message(EDGE_NAMES[edge]).render()),
                )
            return
        waiting = unplaced_of(self.reading, seat)
        view.button(
            surface,
            "deployed",
            row,
            _("Deployed"),
            lambda: self.submit(Action("deployed")),
            enabled=not waiting,
            colour=th.GOLD,
            key=pgettext("the key", "Enter"),
            tip=_("Every warrior stands in your zone: the other side deploys, or play begins"),
            reason=_("{name} waits beside the table.", name=waiting[0]) if waiting else "",
        )


def unplaced_of(reading: Reading, seat: int | None) -> list[str]:
    """The names of the seat's warriors waiting beside the table."""
    if seat is None:
        return []
    return [member["name"] for member in unplaced(reading.ctx.match.state, seat)]
