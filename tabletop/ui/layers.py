"""Dialogs: framed parchment layers over the screen, and the message dialog.

Each layer (tabletop.ui.shell.Layer) owns a pygame_gui manager (so a dialog's
widgets sit above the screen below it and take all input while it is open), draws
its own artwork under its widgets, and rebuilds its widgets from its own state
whenever the window size or the language changes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from tabletop.i18n import _
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.shell import Layer, Shell


class Dialog(Layer):
    """A framed parchment dialog in the middle of the window, over a dimmed screen."""

    modal = True
    #: dialog size at 1080p
    design_size = (760, 520)
    title = ""

    def __init__(self, app: Shell) -> None:
        super().__init__(app)
        self.panel = pygame.Rect(0, 0, 0, 0)

    def layout_panel(self) -> pygame.Rect:
        w, h = self.design_size
        t = self.theme
        width = min(self.rect.w - t.px(40), max(t.px(w), int(w * t.font_scale * 0.92)))
        height = min(self.rect.h - t.px(40), max(t.px(h), int(h * t.font_scale * 0.92)))
        self.panel = pygame.Rect(0, 0, width, height)
        self.panel.center = self.rect.center
        return self.panel

    def content_rect(self) -> pygame.Rect:
        """The panel's inside below its title."""
        t = self.theme
        pad = t.px(36)
        top = t.fs(th.HEADING) + t.px(60) if self.dialog_title() else pad
        return pygame.Rect(self.panel.x + pad, self.panel.y + top, self.panel.w - pad * 2, self.panel.h - top - pad)

    def dialog_title(self) -> str:
        return self.title

    def build(self) -> None:
        self.layout_panel()

    def draw(self, surface: pygame.Surface) -> None:
        art.dim(surface, 150)
        t = self.theme
        art.draw_panel(surface, self.panel.inflate(t.px(16), t.px(16)), "wood", radius=t.px(22), shadow=t.px(28))
        art.draw_panel(surface, self.panel, "parchment", radius=t.px(16), shadow=0)
        title = self.dialog_title()
        if title:
            font = t.font(th.HEADING, bold=True)
            y = self.panel.y + t.px(28)
            art.text(surface, title, font, th.INK, (self.panel.centerx, y), "midtop", max_width=self.panel.w - t.px(60))
            line_y = y + font.get_height() + t.px(12)
            pygame.draw.line(
                surface,
                th.GOLD_DARK,
                (self.panel.x + t.px(40), line_y),
                (self.panel.right - t.px(40), line_y),
                max(1, t.px(2)),
            )


class MessageDialog(Dialog):
    """A message for the players (an error, a warning) with an OK button."""

    design_size = (900, 460)

    def __init__(self, app: Shell, title: str, message: str, on_close: Callable[[], Any] | None = None) -> None:
        super().__init__(app)
        self.title = title
        self.message = message
        self.on_close = on_close

    def build(self) -> None:
        super().build()
        t = self.theme
        area = self.content_rect()
        w, h = t.px(220), t.px(64)
        self.ok = self.button(
            pygame.Rect(area.centerx - w // 2, area.bottom - h, w, h), _("OK"), self.close, "#primary"
        )

    def close(self) -> None:
        self.app.pop(self)
        if self.on_close:
            self.on_close()

    def escape(self) -> bool:
        self.close()
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.close()
            return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        area = self.content_rect()
        area.h -= self.theme.px(90)
        art.text_block(surface, self.message, self.theme.font(th.BODY), th.INK, area)
