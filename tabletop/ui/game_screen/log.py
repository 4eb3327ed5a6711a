"""The game log beside the board: every event the viewer may read, newest at
the bottom, scrolled with the wheel or Page Up / Down."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tabletop.engine.core import CHANCE, Event
from tabletop.i18n import Message, _, language
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.gameview import seat_colour

if TYPE_CHECKING:
    from tabletop.engine.match import Match

LOG_FONT = 20
#: the ring of a line about no side
NEUTRAL = th.INK_SOFT


def about(event: Event, message: Message, actor: int) -> int | None:
    """Whose colour a log line carries: the seat the event says it is about (its data's
    "about"; None there: no side, a neutral dot), else the player its message names
    first (its "player" parameter), else whoever made the move (CHANCE: a roll, a die)."""
    if "about" in event.data:
        side = event.data["about"]
        return side if isinstance(side, int) else None
    named = message.params.get("player")
    if isinstance(named, int) and not isinstance(named, bool):
        return named
    return actor


class GameLog:
    """The log panel: every event the viewer may read, newest at the bottom."""

    def __init__(self) -> None:
        #: pixels scrolled up from the newest line
        self.scroll = 0
        #: (width, font height) the lines were wrapped for
        self._key: tuple[int, int] | None = None
        self._entries: list[tuple[int | None, str]] = []
        self._lines: list[tuple[int | None, str, bool]] = []
        self.rect = pygame.Rect(0, 0, 0, 0)
        #: the entries last read, with the viewer, language and names read for and
        #: the match's steps they were read from (each step's events: a step undone
        #: and made again is a new list)
        self._read: tuple[tuple, list[list[Event]], list[tuple[int | None, str]]] | None = None

    def entries(self, match: Match, viewer: int | None) -> list[tuple[int | None, str]]:
        """(whom the line is about: `about`, text) for every event the viewer may read,
        oldest first."""
        names = match.player_names
        out = []
        for entry, events in zip(match.log, match.history, strict=False):
            for event in events:
                message = event.for_seat(viewer)
                if message is not None:
                    out.append((about(event, message, entry.actor), message.render(names)))
        return out

    def shown(self, match: Match, viewer: int | None) -> list[tuple[int | None, str]]:
        """`entries`, read again only when a step is made or taken back, or the
        viewer, the language or the players' names change (drawn every frame)."""
        key = (viewer, language(), tuple(match.player_names))
        history = match.history
        read = self._read
        if (
            read is not None
            and read[0] == key
            and len(read[1]) == len(history)
            and all(seen is step for seen, step in zip(read[1], history, strict=True))
        ):
            return read[2]
        entries = self.entries(match, viewer)
        self._read = (key, list(history), entries)
        return entries

    def _wrapped(
        self, match: Match, viewer: int | None, font: pygame.font.Font, width: int
    ) -> list[tuple[int | None, str, bool]]:
        entries = self.shown(match, viewer)
        key = (width, font.get_height())
        if key != self._key or entries != self._entries:
            lines: list[tuple[int | None, str, bool]] = []
            for side, content in entries:
                for k, line in enumerate(art.wrap(content, font, width)):
                    lines.append((side, line, k == 0))
            self._lines = lines
            self._key = key
            self._entries = entries
        return self._lines

    def scroll_by(self, pixels: int) -> None:
        self.scroll = max(0, self.scroll + pixels)

    def draw(
        self, surface: pygame.Surface, rect: pygame.Rect, theme: th.Theme, match: Match, viewer: int | None
    ) -> None:
        t = theme
        self.rect = pygame.Rect(rect)
        heading = t.font(th.BODY, bold=True)
        art.text(surface, _("Game log"), heading, th.INK, (rect.x + t.px(20), rect.y + t.px(12)))
        font = t.font(LOG_FONT)
        marker = t.fs(LOG_FONT) // 2
        inner = pygame.Rect(
            rect.x + t.px(20),
            rect.y + t.px(20) + heading.get_height(),
            rect.w - t.px(40),
            rect.h - t.px(34) - heading.get_height(),
        )
        pygame.draw.line(
            surface, th.PARCHMENT_DARK, (inner.x, inner.y - t.px(4)), (inner.right, inner.y - t.px(4)), max(1, t.px(2))
        )
        text_x = inner.x + marker * 2 + t.px(10)
        lines = self._wrapped(match, viewer, font, inner.right - text_x - t.px(8))
        step = font.get_linesize()
        total = len(lines) * step
        self.scroll = min(self.scroll, max(0, total - inner.h))
        clip = surface.get_clip()
        surface.set_clip(inner)
        y = inner.bottom - total + self.scroll
        for side, line, first in lines:
            if y >= inner.y - 1 and y + step <= inner.bottom + 1:  # whole lines only: none cut in half
                if first:
                    centre = (inner.x + marker, y + step // 2)
                    if side == CHANCE:
                        die = art.die_face(marker * 2, 5)
                        surface.blit(die, die.get_rect(center=centre))
                    elif side is None:
                        # an empty ring: the line is about nobody's side
                        pygame.draw.circle(surface, NEUTRAL, centre, marker - 1, max(2, marker // 3))
                    else:
                        token = art.token(marker, seat_colour(match, side))
                        surface.blit(token, token.get_rect(center=centre))
                art.text(surface, line, font, th.INK, (text_x, y))
            y += step
        surface.set_clip(clip)
        if not lines:
            art.text(
                surface, _("Nothing has happened yet."), t.font(LOG_FONT, italic=True), th.INK_SOFT, (inner.x, inner.y)
            )
        if total > inner.h:
            # where the visible part lies in the whole log
            bar_h = max(t.px(30), inner.h * inner.h // total)
            top = inner.bottom - bar_h - (inner.h - bar_h) * self.scroll // max(1, total - inner.h)
            art.rounded_rect(
                surface, pygame.Rect(rect.right - t.px(12), top, t.px(6), bar_h), (*th.WOOD_LIGHT, 200), t.px(3)
            )
