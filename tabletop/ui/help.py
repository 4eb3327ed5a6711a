"""The help (F1): the keys that act where it was opened, the markers of the game's
board with their pictures, and the game's rules in the players' words, grouped by
the sections of its rules document and searchable."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame
import pygame_gui

from tabletop.i18n import _
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.gameview import marked
from tabletop.ui.layers import Dialog

if TYPE_CHECKING:
    from tabletop.engine.match import Match
    from tabletop.ui.gameview import GameView
    from tabletop.ui.shell import Shell


def folded(content: str) -> str:
    """`content` for searching: lower case, accents dropped (é finds e)."""
    decomposed = unicodedata.normalize("NFKD", content.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def mentions(content: str, words: Sequence[str]) -> bool:
    """True when `content` contains every one of the (folded) `words`."""
    text = folded(content)
    return all(word in text for word in words)


@dataclass(frozen=True)
class Row:
    """One row of a column: its height and how it draws itself with its top left at (x, y)."""

    height: int
    paint: Callable[[pygame.Surface, int, int], object]


class Column:
    """Rows one under the other in `rect`, scrolled by the wheel; only whole rows are
    drawn, so no line is ever cut at the column's edges."""

    def __init__(self, rect: pygame.Rect, rows: Sequence[Row] = ()) -> None:
        self.rect = pygame.Rect(rect)
        self.rows = list(rows)
        self.scroll = 0

    @property
    def height(self) -> int:
        return sum(row.height for row in self.rows)

    def scroll_by(self, pixels: int) -> None:
        """Scroll the content up by `pixels` (negative: down), within its length."""
        self.scroll = max(0, min(self.height - self.rect.h, self.scroll + pixels))

    def draw(self, surface: pygame.Surface, theme: th.Theme) -> None:
        y = self.rect.y - self.scroll
        clip = surface.get_clip()
        surface.set_clip(self.rect.clip(clip))
        for row in self.rows:
            if y >= self.rect.y and y + row.height <= self.rect.bottom:
                row.paint(surface, self.rect.x, y)
            y += row.height
        surface.set_clip(clip)
        height = self.height
        if height > self.rect.h:
            # a bar in the column's right margin: where in the whole the view stands
            width = max(2, theme.px(7))
            bar = pygame.Rect(self.rect.right + theme.px(10), self.rect.y, width, self.rect.h)
            art.rounded_rect(surface, bar, (*th.PARCHMENT_DARK, 255), width // 2)
            thumb_h = max(theme.px(40), bar.h * self.rect.h // height)
            thumb_y = bar.y + (bar.h - thumb_h) * self.scroll // max(1, height - self.rect.h)
            art.rounded_rect(surface, pygame.Rect(bar.x, thumb_y, width, thumb_h), th.GOLD_DARK, width // 2)


class Table(Protocol):
    """What the help reads of the game screen below it."""

    match: Match
    view: GameView


class HelpDialog(Dialog):
    """F1: in a game, its keys and the table's, the legend of its board and its rules
    summary with a search field; on the launcher, the launcher's keys."""

    design_size = (1800, 1000)

    def __init__(self, app: Shell, screen: Table | None = None) -> None:
        super().__init__(app)
        #: the game screen it was opened over (None: the launcher's help)
        self.screen = screen
        self.query = ""
        self.field: pygame_gui.elements.UITextEntryLine | None = None
        self.keys = Column(pygame.Rect(0, 0, 0, 0))
        self.rules: Column | None = None
        #: where the pointer is: the wheel scrolls the column under it
        self.pointer = app.mouse_pos()

    def dialog_title(self) -> str:
        screen = self.screen
        if screen is None:
            return _("Help")
        return _("Help — {game}", game=marked(screen.match.rules.title))

    # -- layout ------------------------------------------------------------------------

    def build(self) -> None:
        screen = self.screen
        self.design_size = (1800, 1000) if screen is not None else (1200, 760)
        super().build()
        t = self.theme
        area = self.content_rect()
        gutter = t.px(30)  # the scroll bar's room right of each column
        if screen is None:
            self.field, self.rules = None, None
            rows = self._key_rows(area.w - gutter)
            # the launcher's few keys: the panel as tall as they need
            spare = area.h - sum(row.height for row in rows)
            if spare > 0:
                self.panel.h -= spare
                self.panel.centery = self.rect.centery
                area = self.content_rect()
            self.keys = Column(pygame.Rect(area.x, area.y, area.w - gutter, area.h), rows)
            self._close_button()
            return
        self._close_button()
        left_w = area.w // 2
        left = pygame.Rect(area.x, area.y, left_w - gutter, area.h)
        self.keys = Column(left, self._key_rows(left.w) + self._legend_rows(left.w, screen))
        right = pygame.Rect(left.right + gutter + t.px(40), area.y, 0, area.h)
        right.w = area.right - gutter - right.x
        heading = t.font(th.LARGE, bold=True)
        self.rules_heading_y = right.y
        field_y = right.y + heading.get_linesize() + t.px(10)
        field_h = t.fs(th.BODY) + t.px(26)
        self.field = self.entry(pygame.Rect(right.x, field_y, right.w + gutter, field_h), self.query, ghost=True)
        self.field.focus()
        self.field.edit_position = len(self.query)
        top = field_y + field_h + t.px(18)
        self.rules = Column(pygame.Rect(right.x, top, right.w, area.bottom - top))
        self._fill_rules()

    def _close_button(self) -> None:
        """Close, at the right of the title."""
        t = self.theme
        font = t.font(th.BODY, bold=True)
        label = _("Close")
        width = font.size(label)[0] + t.px(64)
        height = max(t.px(52), font.get_height() + t.px(16))
        self.button(
            pygame.Rect(self.panel.right - t.px(28) - width, self.panel.y + t.px(22), width, height),
            label,
            lambda: self.app.pop(self),
        )

    def remember(self) -> None:
        if self.field is not None:
            self.query = self.field.get_text()

    def _heading_row(self, content: str, width: int, first: bool) -> Row:
        t = self.theme
        font = t.font(th.LARGE, bold=True)
        above = 0 if first else t.px(26)

        def paint(surface: pygame.Surface, x: int, y: int) -> None:
            art.text(surface, content, font, th.INK, (x, y + above))
            line_y = y + above + font.get_height() + t.px(4)
            pygame.draw.line(surface, th.GOLD_DARK, (x, line_y), (x + width, line_y), max(1, t.px(2)))

        return Row(above + font.get_height() + t.px(16), paint)

    def _key_rows(self, width: int) -> list[Row]:
        """A key cap and what the key does (wrapped, a line per meaning) for each key."""
        t = self.theme
        items = self.app.shortcuts()
        cap_font = t.font(th.SMALL, bold=True)
        body = t.font(th.BODY)
        pad = t.px(12)
        cap_w = min(width * 2 // 5, max(cap_font.size(key)[0] for key, _what in items) + pad * 2)
        text_x = cap_w + t.px(20)
        rows = [self._heading_row(_("Keys"), width, first=True)]
        for key, what in items:
            key_lines = art.wrap(key, cap_font, cap_w - pad)
            lines = art.wrap(what, body, width - text_x)
            cap_h = cap_font.get_linesize() * len(key_lines) + t.px(10)
            height = max(cap_h, body.get_linesize() * len(lines)) + t.px(10)

            def paint(
                surface: pygame.Surface, x: int, y: int, key_lines: list[str] = key_lines, lines: list[str] = lines
            ) -> None:
                cap = pygame.Rect(x, y, cap_w, cap_font.get_linesize() * len(key_lines) + t.px(10))
                art.rounded_rect(surface, cap.move(0, t.px(3)), th.INK_SOFT, t.px(8))
                art.rounded_rect(surface, cap, th.CREAM, t.px(8))
                pygame.draw.rect(surface, th.INK_SOFT, cap, max(1, t.px(2)), border_radius=t.px(8))
                line_y = cap.y + t.px(5)
                for line in key_lines:
                    art.text(surface, line, cap_font, th.INK, (cap.centerx, line_y), "midtop")
                    line_y += cap_font.get_linesize()
                line_y = cap.centery - body.get_linesize() // 2 if len(lines) == 1 else y
                for line in lines:
                    art.text(surface, line, body, th.INK, (x + text_x, line_y))
                    line_y += body.get_linesize()

            rows.append(Row(height, paint))
        return rows

    def _legend_rows(self, width: int, screen: Table) -> list[Row]:
        """Each marker of the board: its picture and what it is."""
        legend = screen.view.legend()
        if not legend:
            return []
        t = self.theme
        body = t.font(th.BODY)
        box = max(t.px(64), body.get_linesize() * 2)
        text_x = box + t.px(20)
        rows = [self._heading_row(_("On the board"), width, first=False)]
        for picture, label in legend:
            image = art.fitted(picture, (box, box), cover=False)
            lines = art.wrap(label, body, width - text_x)
            height = max(box, body.get_linesize() * len(lines)) + t.px(12)

            def paint(
                surface: pygame.Surface, x: int, y: int, image: pygame.Surface = image, lines: list[str] = lines
            ) -> None:
                surface.blit(image, (x, y))
                line_y = (
                    y + (box - body.get_linesize() * len(lines)) // 2 if len(lines) * body.get_linesize() < box else y
                )
                for line in lines:
                    art.text(surface, line, body, th.INK, (x + text_x, line_y))
                    line_y += body.get_linesize()

            rows.append(Row(height, paint))
        return rows

    def _fill_rules(self) -> None:
        """The rules column for the words typed: what the rules allow now, then each
        section of the rules summary, keeping only the rules that mention every word."""
        screen, column = self.screen, self.rules
        if screen is None or column is None:
            return
        words = folded(self.query).split()
        sections: dict[str, list[str]] = {}
        moves = [text for text in self.app.moves_now() if mentions(text, words)]
        if moves:
            sections[_("What the rules allow now")] = moves
        for heading, rule in screen.match.rules.summary:
            if mentions(marked(rule), words):
                sections.setdefault(marked(heading), []).append(marked(rule))
        rows: list[Row] = []
        for heading, rules in sections.items():
            rows += self._section_rows(heading, rules, column.rect.w, first=not rows)
        if not rows:
            note = (
                _("No rule mentions “{words}”.", words=self.query.strip())
                if words
                else _("There is no summary of this game's rules.")
            )
            rows = self._note_rows(note, column.rect.w)
        column.rows = rows
        column.scroll = 0

    def _section_rows(self, heading: str, rules: list[str], width: int, first: bool) -> list[Row]:
        """A section's heading, then its rules: a bullet and a line per row."""
        t = self.theme
        head = t.font(th.BODY, bold=True)
        body = t.font(th.BODY)
        above = 0 if first else t.px(18)
        rows = [
            Row(
                above + head.get_linesize() + t.px(6),
                lambda surface, x, y: art.text(surface, heading, head, th.GOLD_DARK, (x, y + above)),
            )
        ]
        indent = body.size("•  ")[0]
        for rule in rules:
            for index, line in enumerate(art.wrap(rule, body, width - indent)):

                def paint(surface: pygame.Surface, x: int, y: int, line: str = line, bullet: bool = index == 0) -> None:
                    if bullet:
                        art.text(surface, "•", body, th.INK_SOFT, (x, y))
                    art.text(surface, line, body, th.INK, (x + indent, y))

                rows.append(Row(body.get_linesize(), paint))
            rows.append(Row(t.px(8), lambda surface, x, y: None))
        return rows

    def _note_rows(self, note: str, width: int) -> list[Row]:
        font = self.theme.font(th.BODY, italic=True)

        def row(line: str) -> Row:
            return Row(font.get_linesize(), lambda surface, x, y: art.text(surface, line, font, th.INK_SOFT, (x, y)))

        return [row(line) for line in art.wrap(note, font, width)]

    # -- input -------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.field:
            self.query = self.field.get_text()
            self._fill_rules()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if event.type == pygame.MOUSEWHEEL:
            column = self.rules or self.keys
            if self.keys.rect.collidepoint(self.pointer):
                column = self.keys
            column.scroll_by(-event.y * self.theme.fs(th.BODY) * 3)
            return True
        if event.type == pygame.KEYDOWN:
            column = self.rules or self.keys
            pages = {pygame.K_PAGEUP: -0.8, pygame.K_PAGEDOWN: 0.8, pygame.K_UP: -0.15, pygame.K_DOWN: 0.15}
            if event.key in pages:
                column.scroll_by(int(column.rect.h * pages[event.key]))
                return True
        return super().handle_event(event)

    # -- drawing -----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        t = self.theme
        self.keys.draw(surface, t)
        if self.rules is None or self.field is None:
            return
        art.text(surface, _("Rules"), t.font(th.LARGE, bold=True), th.INK, (self.rules.rect.x, self.rules_heading_y))
        hint = _("Search the rules")
        self.draw_field(surface, self.field, hint)
        if not self.field.get_text() and self.field.is_focused:
            # the hint stays while the field waits for the first letter
            rect = self.field.rect
            art.text(
                surface,
                hint,
                t.font(th.BODY, italic=True),
                (150, 132, 110),
                (rect.x + t.px(24), rect.centery),
                "midleft",
                max_width=rect.w - t.px(32),
            )
        self.rules.draw(surface, t)
