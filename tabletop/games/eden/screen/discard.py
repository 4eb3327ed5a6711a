"""The discard pile of Eden's screen laid open over the board: the irrigation cards
on a map of the board and the cultivation cards on a shelf. Public: anyone may
open it, in any turn, behind the closed curtain too."""

from __future__ import annotations

import pygame

from tabletop.games.eden import art as eart
from tabletop.games.eden.screen.shared import Shared
from tabletop.i18n import _, ngettext
from tabletop.ui import art
from tabletop.ui import theme as th


class DiscardPanel:
    """The open discard pile (where each field's card and each cultivation card
    was drawn, set when drawn)."""

    def __init__(self, shared: Shared) -> None:
        self.shared = shared
        self.cells: dict[int, pygame.Rect] = {}
        self.shelf: list[tuple[pygame.Rect, int]] = []

    def draw(self, surface: pygame.Surface, over: pygame.Rect) -> None:
        """The pile laid open over `over` (the board): the field of each irrigation
        card in the pile marked, the last one discarded ringed, then the cultivation
        cards."""
        s = self.shared
        t = s.theme
        panel = over.inflate(-t.px(16), -t.px(16))
        art.drop_shadow(surface, panel, t.px(16), t.px(16), (0, t.px(6)))
        art.draw_panel(surface, panel, "parchment", radius=t.px(16))
        inner = panel.inflate(-t.px(32), -t.px(28))
        pile = s.data.discard
        title = t.font(th.LARGE, bold=True)
        art.text(
            surface,
            ngettext("Discard pile: {count} card", "Discard pile: {count} cards", len(pile)),
            title,
            th.INK,
            (inner.x, inner.y),
            max_width=inner.w,
        )
        small = t.font(th.SMALL)
        y = inner.y + title.get_linesize()
        art.text(
            surface,
            _("The card on top is ringed. Click anywhere to close."),
            small,
            th.INK_SOFT,
            (inner.x, y),
            max_width=inner.w,
        )
        y += small.get_linesize() + t.px(8)
        irrigation = {c for c in pile if s.is_irrigation(c)}
        cultivation = [c for c in pile if not s.is_irrigation(c)]
        last = pile[-1] if pile else None
        bold = t.font(th.SMALL, bold=True)
        art.text(surface, _("Irrigation cards: {count}", count=len(irrigation)), bold, th.INK, (inner.x, y))
        y += bold.get_linesize() + t.px(4)
        shelf_h = int(inner.w / 5 / 0.7) if cultivation else 0
        map_h = inner.bottom - y - (shelf_h + bold.get_linesize() + t.px(12) if cultivation else 0)
        cols, rows = s.board.width, s.board.height
        cell = max(6, min(inner.w // cols, map_h // rows))
        grid = pygame.Rect(inner.x + (inner.w - cell * cols) // 2, y, cell * cols, cell * rows)
        name_font = t.font(th.SMALL, bold=True)
        self.cells = {}
        self.shelf = []
        for f in range(s.board.size):
            rect = pygame.Rect(grid.x + (f % cols) * cell, grid.y + (f // cols) * cell, cell, cell).inflate(-2, -2)
            self.cells[f] = rect
            if f in irrigation:
                art.rounded_rect(surface, rect, eart.WATER, max(2, cell // 8))
                art.text(surface, s.board.name(f), name_font, (255, 255, 255), rect.center, "center")
                if f == last:
                    pygame.draw.rect(
                        surface,
                        th.GOLD,
                        rect.inflate(t.px(4), t.px(4)),
                        max(2, t.px(3)),
                        border_radius=max(2, cell // 6),
                    )
            else:
                pygame.draw.rect(surface, th.PARCHMENT_DARK, rect, 1, border_radius=max(2, cell // 8))
                art.text(surface, s.board.name(f), small, th.PARCHMENT_DARK, rect.center, "center")
        if cultivation:
            y = grid.bottom + t.px(12)
            art.text(surface, _("Cultivation cards: {count}", count=len(cultivation)), bold, th.INK, (inner.x, y))
            y += bold.get_linesize() + t.px(4)
            gap = t.px(8)
            w = min(int((inner.w - gap * (len(cultivation) - 1)) / len(cultivation)), int((inner.bottom - y) * 0.7))
            h = int(w / 0.7)
            for i, card in enumerate(cultivation):
                rect = pygame.Rect(inner.x + i * (w + gap), y, w, h)
                self.shelf.append((rect, card))
                surface.blit(s.card_face(card, rect.size), rect)
                if card == last:
                    pygame.draw.rect(
                        surface, th.GOLD, rect.inflate(t.px(6), t.px(6)), max(2, t.px(3)), border_radius=t.px(8)
                    )
