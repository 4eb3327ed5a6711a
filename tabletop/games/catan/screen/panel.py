"""The base of the parts of Catan's screen, with the drawing they share: titles
and notes of the side column, rows of buttons, counts in a pill, the row of five
resource buttons and a group of resource cards."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from tabletop.engine.core import Action
from tabletop.games.catan import art as cart
from tabletop.games.catan.screen.common import (
    FELT_TEXT,
    Shared,
    control_help,
    resource_label,
    resources,
)
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.gameview import Hit


class Panel:
    """A part of the screen: it reads the match through `read`, keeps the player's
    choices in `choices`, and draws its controls with `button` into `hits`."""

    def __init__(self, shared: Shared) -> None:
        self.shared = shared
        self.ctx = shared.ctx
        self.read = shared.read
        self.choices = shared.choices

    @property
    def theme(self) -> th.Theme:
        return self.ctx.theme

    @property
    def hits(self) -> list[Hit]:
        return self.shared.controls.hits

    @property
    def pointer(self) -> tuple[int, int]:
        return self.shared.controls.pointer

    def button(self, surface: pygame.Surface, name: str, rect: pygame.Rect, label: str, on_click, **options) -> Hit:
        """A board button (see GameView.button)."""
        return self.shared.controls.button(surface, name, rect, label, on_click, **options)

    def action_button(
        self, surface: pygame.Surface, name: str, rect: pygame.Rect, label: str, action: Action, **options: Any
    ) -> Hit:
        """A button that plays `action`: off while the rules do not list it, with
        the rules' reason in its tooltip."""
        enabled = action in self.read.legal()
        return self.button(
            surface,
            name,
            rect,
            label,
            lambda: self.ctx.submit(action),
            enabled=enabled,
            tip=control_help(name),
            reason="" if enabled else self.ctx.check(action) or "",
            **options,
        )

    def submit_and_close(self, action: Action) -> bool:
        """Play `action`; once played, the player is choosing nothing any more."""
        done = self.ctx.submit(action)
        if done:
            self.choices.mode = None
        return done

    # -- text ---------------------------------------------------------------------------

    def title(self, surface: pygame.Surface, rect: pygame.Rect, y: int, content: str) -> int:
        """A heading of up to three lines at `y`; returns the y below it."""
        t = self.theme
        font = t.font(th.BODY, bold=True)
        lines = art.wrap(content, font, rect.w)
        for line in lines[:3]:
            art.text(surface, line, font, th.CREAM, (rect.x, y))
            y += font.get_linesize()
        return y + t.px(4)

    def note(self, surface: pygame.Surface, rect: pygame.Rect, y: int, content: str, colour=FELT_TEXT) -> int:
        """A note in italics of up to four lines at `y`; returns the y below it."""
        t = self.theme
        font = t.font(th.SMALL, italic=True)
        used = art.text_block(surface, content, font, colour, pygame.Rect(rect.x, y, rect.w, font.get_linesize() * 4))
        return y + used + t.px(4)

    def note_if_room(
        self, surface: pygame.Surface, rect: pygame.Rect, y: int, content: str, bottom: int, colour=FELT_TEXT
    ) -> int:
        """A note at `y` when it fits whole above `bottom` (else nothing); returns
        the y below it."""
        font = self.theme.font(th.SMALL, italic=True)
        lines = len(art.wrap(content, font, rect.w))
        if lines > 3 or y + font.get_height() + int(font.get_linesize() * 1.15) * (lines - 1) > bottom:
            return y
        return self.note(surface, rect, y, content, colour)

    def badge(
        self,
        surface: pygame.Surface,
        content: str,
        corner: tuple[int, int],
        font: pygame.font.Font,
        colour: tuple[int, int, int],
        anchor: str = "bottomright",
    ) -> None:
        """A count in a cream pill with its `anchor` corner at `corner`."""
        t = self.theme
        w = max(font.size(content)[0] + t.px(14), font.get_height() + t.px(4))
        rect = pygame.Rect(0, 0, w, font.get_height() + t.px(4))
        setattr(rect, anchor, corner)
        art.rounded_rect(surface, rect, (*th.CREAM, 245), rect.h // 2)
        pygame.draw.rect(surface, colour, rect, max(1, t.px(2)), border_radius=rect.h // 2)
        art.text(surface, content, font, colour, rect.center, "center")

    # -- rows -----------------------------------------------------------------------------

    def row_rects(
        self, rect: pygame.Rect, y: int, count: int, height: int, gap: int | None = None
    ) -> list[pygame.Rect]:
        """`count` rectangles side by side across `rect` at `y`."""
        gap = self.theme.px(10) if gap is None else gap
        w = (rect.w - gap * (count - 1)) // count
        return [pygame.Rect(rect.x + k * (w + gap), y, w, height) for k in range(count)]

    def button_h(self, icons: bool = False) -> int:
        """The height of a button (with a row of pictures under its label)."""
        t = self.theme
        h = t.fs(th.BODY) + t.px(22)
        if icons:
            h += t.fs(th.SMALL) + t.px(4)
        return h

    def chip_size(self, rect: pygame.Rect) -> int:
        """The size of the resource pictures in a row of five across `rect`."""
        t = self.theme
        return max(16, min(t.px(52), (rect.w - t.px(8) * 4) // 5 - t.px(14)))

    def resource_buttons(
        self,
        surface: pygame.Surface,
        prefix: str,
        rect: pygame.Rect,
        y: int,
        on_pick: Callable[[str], Callable[[], Any]],
        enabled: Callable[[str], bool],
        selected: Callable[[str], bool] = lambda key: False,
        notes: Callable[[str], str] = lambda key: "",
        order: Sequence[str] | None = None,
    ) -> int:
        """A row of five resource buttons (icon and name; in `order`, by default the
        data's); returns the y below it."""
        order = order or resources()
        t = self.theme
        size = self.chip_size(rect)
        small = t.font(th.SMALL, bold=True)
        height = size + small.get_linesize() * (2 if notes(order[0]) else 1) + t.px(12)
        rects = self.row_rects(rect, y, len(order), height, gap=t.px(8))
        for r, key in zip(rects, order, strict=False):
            on = enabled(key)
            chosen = selected(key)
            hovered = on and r.collidepoint(self.pointer)
            body = (248, 238, 214) if on else (150, 140, 124)
            if hovered:
                body = (255, 250, 236)
            art.rounded_rect(surface, r, body, t.px(10))
            pygame.draw.rect(
                surface,
                th.GOLD if chosen else art.shade(body, 0.55),
                r,
                max(2, t.px(5 if chosen else 2)),
                border_radius=t.px(10),
            )
            icon = cart.resource_icon(key, size)
            if not on:
                icon = icon.copy()
                icon.fill((170, 170, 170, 200), special_flags=pygame.BLEND_RGBA_MULT)
            surface.blit(icon, icon.get_rect(midtop=(r.centerx, r.y + t.px(6))))
            art.text(
                surface,
                resource_label(key),
                small,
                th.INK if on else (96, 88, 76),
                (r.centerx, r.y + size + t.px(6)),
                "midtop",
                max_width=r.w - t.px(4),
            )
            note = notes(key)
            if note:
                art.text(
                    surface,
                    note,
                    t.font(th.SMALL),
                    th.INK_SOFT if on else (96, 88, 76),
                    (r.centerx, r.y + size + t.px(6) + small.get_linesize()),
                    "midtop",
                    max_width=r.w - t.px(4),
                )
            self.hits.append(Hit(f"{prefix}-{key}", r, on_pick(key), on))
        return rects[0].bottom + t.px(10)

    def small_card(self, rect: pygame.Rect) -> tuple[int, int]:
        """The size of the cards shown in the choices (an offer, the cards to discard)."""
        w = int((rect.w - self.theme.px(14) * 4) / 5 * 0.8)
        return w, int(w * 1.36)

    def card_group(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        y: int,
        cards: Sequence[tuple[str, int]],
        prefix: str = "",
        on_click: Callable[[int], Callable[[], Any]] | None = None,
    ) -> int:
        """One card per resource with its count, left to right from `rect.x`;
        clickable when `on_click` is given. Returns the y below the row, whose
        room is kept while it is empty (the cards to discard, before any is chosen;
        a trade always has cards on both sides)."""
        t = self.theme
        w, h = self.small_card(rect)
        x = rect.x + t.px(4)
        badge = t.font(th.SMALL, bold=True)
        for key, count in cards:
            r = pygame.Rect(x, y, w, h)
            art.drop_shadow(surface, r, t.px(6), t.px(5), (0, t.px(2)))
            surface.blit(cart.resource_card(key, (w, h), resource_label(key)), r)
            self.badge(surface, f"×{count}", (r.right + t.px(6), r.y - t.px(6)), badge, th.INK, anchor="topright")
            if on_click is not None:
                self.hits.append(Hit(f"{prefix}-{key}", r, on_click(resources().index(key))))
            x += w + t.px(18)
        return y + h
