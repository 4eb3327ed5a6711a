"""The roster in the side panel: the warriors of the player to act as small cards in
a grid; when not all fit, the mouse wheel scrolls it a row at a time and a line
below says how many more there are. A click on a card shows that warrior's large
card; the card under the pointer lights its token on the table."""

from __future__ import annotations

import functools
from collections.abc import Callable

import pygame

from tabletop.games.skirmish.play.views import WarriorView
from tabletop.games.skirmish.screen.reading import Reading
from tabletop.games.skirmish.screen.small_card import SmallCardArt, Status, status
from tabletop.i18n import ngettext
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.gameview import GameView, Hit


class Roster:
    """The grid of small cards and how far it is scrolled."""

    def __init__(self, view: GameView, reading: Reading, choose: Callable[[str], None]) -> None:
        self.view = view
        self.reading = reading
        self.choose = choose
        #: the first row shown (the wheel scrolls it)
        self.first_row = 0
        #: rows and cards as last drawn: where each warrior's card is, and the rows
        #: there are and that show
        self.cards: dict[str, pygame.Rect] = {}
        self.rows = 0
        self.shown_rows = 0
        self.area = pygame.Rect(0, 0, 0, 0)

    def forget(self) -> None:
        """Not drawn now (while laying out, or with nobody to act): no card is under the pointer."""
        self.cards = {}
        self.area = pygame.Rect(0, 0, 0, 0)

    def warriors(self) -> list[WarriorView]:
        """The warriors of the player to act, by number."""
        seat = self.reading.seat
        return sorted((m for m in self.reading.shown.warriors if m.side == seat), key=lambda m: m.number)

    def scroll(self, notches: int) -> bool:
        """The wheel over the roster: up (positive) shows earlier rows. False when
        there is nothing to scroll."""
        if self.rows <= self.shown_rows:
            return False
        self.first_row = max(0, min(self.rows - self.shown_rows, self.first_row - notches))
        return True

    def warrior_at(self, pos: tuple[int, int]) -> str | None:
        """The warrior whose small card is under `pos` (None: none is)."""
        if not self.area.collidepoint(pos):
            return None
        return next((model_id for model_id, rect in self.cards.items() if rect.collidepoint(pos)), None)

    def columns(self, width: int, room: int) -> int:
        """Two cards to a row where they are wide enough, or where one to a row would
        not show every warrior in `room` pixels; else one, each card whole."""
        art_ = SmallCardArt(self.view.theme)
        gap = self.view.theme.px(6)
        columns = max(1, min(2, (width + gap) // (art_.min_width() + gap)))
        own = self.warriors()
        if columns == 1 or len(own) * (art_.height() + self.view.theme.px(4)) - self.view.theme.px(4) > room:
            return columns
        half = (width - self.view.theme.px(4)) // 2
        return 1 if any(art_.width_needed(model, self._status(model)) > half for model in own) else columns

    def _status(self, model: WarriorView) -> Status:
        reading = self.reading
        return status(model, reading.shown.active == model.id, model.id in reading.engaged, reading.ges(model.id))

    def height(self, width: int, room: int) -> int:
        """The height the roster takes in `room` pixels at `width`: all its rows,
        else as many as fit with the line that says there are more."""
        t = self.view.theme
        count = len(self.warriors())
        if not count:
            return 0
        gap = t.px(4)
        row = SmallCardArt(t).height() + gap
        rows = -(-count // self.columns(width, room))
        if rows * row - gap <= room:
            return rows * row - gap
        hint = t.font(th.SMALL).get_linesize()
        return max(1, (room - hint) // row) * row + hint

    def draw(self, surface: pygame.Surface, area: pygame.Rect, selected: str | None) -> None:
        """The small cards in `area` (its height from `height`)."""
        view = self.view
        t = view.theme
        self.area = area
        self.cards = {}
        own = self.warriors()
        card = SmallCardArt(t)
        gap = t.px(4)
        columns = self.columns(area.w, area.h)
        width = (area.w - gap * (columns - 1)) // columns
        row = card.height() + gap
        self.rows = -(-len(own) // columns)
        small = t.font(th.SMALL)
        fits = self.rows * row - gap <= area.h
        self.shown_rows = self.rows if fits else max(1, (area.h - small.get_linesize()) // row)
        self.first_row = max(0, min(self.first_row, self.rows - self.shown_rows))
        first = self.first_row * columns
        shown = own[first : first + self.shown_rows * columns]
        for index, model in enumerate(shown):
            rect = pygame.Rect(
                area.x + (index % columns) * (width + gap), area.y + (index // columns) * row, width, card.height()
            )
            model_id = model.id
            state = self._status(model)
            card.draw(
                surface,
                rect,
                model,
                view.ctx.colour(model.side),
                state,
                selected=selected == model_id,
                hovered=rect.collidepoint(view.pointer),
            )
            self.cards[model_id] = rect
            view.hits.append(Hit(f"roster-{model_id}", rect, functools.partial(self.choose, model_id)))
        if not fits:
            above = first
            below = len(own) - first - len(shown)
            y = area.y + self.shown_rows * row
            words = ngettext("Wheel: {count} more warrior", "Wheel: {count} more warriors", above + below)
            mid = y + small.get_linesize() // 2
            size = max(3, small.get_height() // 4)
            x = area.x + size
            for up, shown_more in ((True, above), (False, below)):
                tip = -size if up else size
                colour = th.INK_SOFT if shown_more else (200, 184, 156)
                pygame.draw.polygon(surface, colour, [(x - size, mid - tip), (x + size, mid - tip), (x, mid + tip)])
                x += size * 2 + t.px(4)
            art.text(surface, words, small, th.INK_SOFT, (x, mid), "midleft", max_width=area.right - x)

    def key(self) -> tuple:
        return (self.first_row,)
