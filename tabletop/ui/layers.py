"""Screens and dialogs as a stack of layers.

Each layer owns a pygame_gui manager (so a dialog's widgets sit above the screen
below it and take all input while it is open), draws its own artwork under its
widgets, and rebuilds its widgets from its own state whenever the window size or
the language changes.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextEntryLine

from tabletop.i18n import _
from tabletop.ui import art
from tabletop.ui import theme as th

if TYPE_CHECKING:
    from tabletop.ui.app import App


class Layer:
    """A screen (the bottom layer) or a dialog over it.

    Subclasses create widgets in `build` (from their own attributes, so a rebuild
    keeps what the players entered; `remember` copies widget values back first),
    draw their artwork in `draw`, and react to input in `handle_event`.
    """

    #: a dialog: dims what is below and closes with Esc
    modal = False

    def __init__(self, app: App) -> None:
        self.app = app
        #: the manager of this layer's widgets: the app gives each layer a new one
        #: whenever it builds it (App.push, App.rebuild)
        self.ui: pygame_gui.UIManager
        self.theme: th.Theme = app.theme
        self.rect = pygame.Rect((0, 0), app.size)

    # -- life cycle ---------------------------------------------------------------

    def build(self) -> None:
        """Create the widgets for the current window size and language."""

    def remember(self) -> None:
        """Copy what the players typed or chose from the widgets into attributes,
        before the widgets are rebuilt."""

    def opened(self) -> None:
        """Called once, after the first build."""

    def closed(self) -> None:
        """Called when the layer leaves the stack."""

    # -- frame --------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Advance animations by `dt` seconds."""

    def is_animating(self) -> bool:
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the artwork below this layer's widgets."""

    def draw_over(self, surface: pygame.Surface) -> None:
        """Draw what must lie above this layer's widgets."""

    # -- input --------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to an event pygame_gui did not consume; True when handled."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return self.escape()
        return False

    def escape(self) -> bool:
        """Esc: a dialog closes; screens decide for themselves."""
        if self.modal:
            self.app.pop(self)
            return True
        return False

    def shortcuts(self) -> list[tuple[str, str]]:
        """(key, what it does) pairs this layer adds to the F1 help."""
        return []

    def moves_now(self) -> list[str]:
        """What the rules let the player to act do now, a line each, for the F1
        help (a game's screen answers from the game's declared moves)."""
        return []

    def toast_anchor(self) -> tuple[int, int] | None:
        """Where short notes appear (their bottom centre); None: low in the window."""
        return None

    # -- widget helpers -----------------------------------------------------------

    def button(
        self,
        rect: pygame.Rect,
        label: str,
        command: Callable[[], Any],
        object_id: str | None = None,
        tooltip: str | None = None,
        enabled: bool = True,
    ) -> UIButton:
        """A pygame_gui button whose command runs after the current event."""
        widget = UIButton(
            pygame.Rect(rect),
            label,
            self.ui,
            tool_tip_text=html.escape(tooltip) if tooltip else None,
            object_id=object_id,
            command=lambda _data: self.app.defer(command),
        )
        if not enabled:
            widget.disable()
        return widget

    def label(self, rect: pygame.Rect, content: str, object_id: str | None = None) -> UILabel:
        return UILabel(pygame.Rect(rect), content, self.ui, object_id=object_id)

    def entry(
        self,
        rect: pygame.Rect,
        content: str = "",
        limit: int | None = None,
        numbers_only: bool = False,
        ghost: bool = False,
    ) -> UITextEntryLine:
        """A one-line text field; a `ghost` field has no background of its own (the
        layer draws it, with a grey hint while the field is empty: see `draw_field`)."""
        widget = UITextEntryLine(
            pygame.Rect(rect), self.ui, initial_text=content or None, object_id="#ghost" if ghost else None
        )
        if limit:
            widget.set_text_length_limit(limit)
        if numbers_only:
            widget.set_allowed_characters("numbers")
        return widget

    def draw_field(self, surface: pygame.Surface, widget: UITextEntryLine, hint: str) -> None:
        """The background of a ghost text field, with `hint` in grey while it is empty."""
        t = self.theme
        rect = widget.rect
        art.rounded_rect(surface, rect, (255, 252, 243), t.px(8))
        if not widget.get_text() and not widget.is_focused:
            art.text(
                surface,
                hint,
                t.font(th.BODY, italic=True),
                (150, 132, 110),
                (rect.x + t.px(12), rect.centery),
                "midleft",
                max_width=rect.w - t.px(20),
            )

    def dropdown(self, rect: pygame.Rect, options: Sequence[tuple[str, str]], selected: str) -> UIDropDownMenu:
        """A drop-down of (label, id) options with the option of id `selected` shown;
        low in the window it opens upwards."""
        choices: list[str | tuple[str, str]] = list(options)
        start = next((o for o in options if o[1] == selected), options[0])
        rect = pygame.Rect(rect)
        up = rect.centery > self.rect.h * 0.62
        return UIDropDownMenu(choices, start, rect, self.ui, object_id="#up" if up else None)


class Dialog(Layer):
    """A framed parchment dialog in the middle of the window, over a dimmed screen."""

    modal = True
    #: dialog size at 1080p
    design_size = (760, 520)
    title = ""

    def __init__(self, app: App) -> None:
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

    def __init__(self, app: App, title: str, message: str, on_close: Callable[[], Any] | None = None) -> None:
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
