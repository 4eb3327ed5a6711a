"""The race to the target points on Eden's screen: every player's points, with
their emblem."""

from __future__ import annotations

import pygame

from tabletop.games.eden import art as eart
from tabletop.games.eden.screen.shared import Shared
from tabletop.i18n import _
from tabletop.ui import art
from tabletop.ui import theme as th


class TrackPanel:
    """One row per player: emblem, name, a segment per point, points/target."""

    def __init__(self, shared: Shared) -> None:
        self.shared = shared
        self.rect = pygame.Rect(0, 0, 0, 0)

    def height(self) -> int:
        """The height the rows of every player need."""
        t = self.shared.theme
        return int(t.fs(th.SMALL) * 1.55) * len(self.shared.ctx.names) + t.px(16)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.shared
        t = s.theme
        data = s.data
        rect = self.rect
        art.draw_panel(surface, rect, "dark", radius=t.px(12), shadow=t.px(8))
        target = s.economy.target_points
        font = t.font(th.SMALL, bold=True)
        names = s.ctx.names
        row_h = (rect.h - t.px(16)) // max(1, len(names))
        name_w = min(rect.w // 3, max(font.size(name)[0] for name in names) + t.px(8))
        for seat, name in enumerate(names):
            y = rect.y + t.px(8) + seat * row_h
            cy = y + row_h // 2
            colour = s.ctx.colour(seat)
            mark = eart.badge(max(6, int(row_h * 0.4)), colour, s.emblems[seat])
            surface.blit(mark, mark.get_rect(midleft=(rect.x + t.px(10), cy)))
            x = rect.x + t.px(16) + mark.get_width()
            art.text(surface, name, font, th.CREAM, (x, cy), "midleft", max_width=name_w)
            points = data.seats[seat].points
            label = _("{points}/{target}", points=points, target=target)
            label_w = font.size(_("{points}/{target}", points=target, target=target))[0]
            bar = pygame.Rect(
                x + name_w + t.px(8),
                cy - row_h // 4,
                rect.right - t.px(14) - label_w - t.px(10) - (x + name_w + t.px(8)),
                row_h // 2,
            )
            seg = bar.w / target
            for k in range(target):
                cell = pygame.Rect(int(bar.x + k * seg) + 1, bar.y, max(1, int(seg) - 2), bar.h)
                body = colour if k < points else (74, 56, 40)
                pygame.draw.rect(surface, body, cell, border_radius=max(1, bar.h // 4))
            art.text(
                surface, label, font, th.GOLD if points >= target else th.CREAM, (rect.right - t.px(14), cy), "midright"
            )
