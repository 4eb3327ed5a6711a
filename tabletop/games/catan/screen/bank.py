"""The bank's five open piles as a row: "Bank" and per resource an icon with its
count. The count per resource is public: the row shows beside the trade buttons
of the player whose turn it is, and in the side column while the curtain is closed."""

from __future__ import annotations

import pygame

from tabletop.games.catan import art as cart
from tabletop.games.catan.screen.common import CAPTION, Shared, resources
from tabletop.games.catan.screen.panel import Panel
from tabletop.games.catan.views import PlayerView
from tabletop.i18n import _
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.gameview import DISABLED


class BankRow(Panel):
    """The bank's row; `rect` is where it was drawn last (empty when it was not)."""

    def __init__(self, shared: Shared) -> None:
        super().__init__(shared)
        self.rect = pygame.Rect(0, 0, 0, 0)

    def forget(self) -> None:
        """A new frame: the row has not been drawn yet."""
        self.rect = pygame.Rect(0, 0, 0, 0)

    def width(self, label: bool = True, size: float = th.SMALL) -> int:
        """The width of the row (see draw)."""
        t = self.theme
        font = t.font(size, bold=True)
        icon = int(font.get_linesize() * 1.1)
        entry = icon + t.px(2) + font.size("19")[0] + t.px(10)
        return entry * len(resources()) - t.px(10) + ((font.size(_("Bank"))[0] + t.px(8)) if label else 0)

    def draw(
        self,
        surface: pygame.Surface,
        data: PlayerView,
        right: int,
        y: int,
        label: bool = True,
        room: int | None = None,
        size: float = th.SMALL,
    ) -> pygame.Rect:
        """The row ending at `right` with its top at `y` (text of design size
        `size`); the word "Bank" is left out when the row would be wider than
        `room`. Returns its rect."""
        t = self.theme
        font = t.font(size, bold=True)
        icon = int(font.get_linesize() * 1.1)
        line = font.get_linesize()
        if label and room is not None and self.width(True, size) > room:
            label = False
        width = self.width(label, size)
        x = right - width
        area = pygame.Rect(x, y, width, line)
        if label:
            x = art.text(surface, _("Bank"), font, CAPTION, (x, y + line // 2), "midleft").right + t.px(8)
        number_w = font.size("19")[0]
        for key, count in zip(resources(), data.bank, strict=True):
            image = cart.resource_icon(key, icon)
            if not count:
                image = image.copy()
                image.fill((150, 150, 150, 200), special_flags=pygame.BLEND_RGBA_MULT)
            surface.blit(image, image.get_rect(midleft=(x, y + line // 2)))
            x += icon + t.px(2)
            art.text(
                surface, str(count), font, th.CREAM if count else DISABLED, (x + number_w, y + line // 2), "midright"
            )
            x += number_w + t.px(10)
        self.rect = area
        return area
