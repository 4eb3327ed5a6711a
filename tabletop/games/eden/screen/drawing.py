"""Drawing helpers and colours shared by the panels of Eden's screen."""

from __future__ import annotations

import pygame

from tabletop.ui import art
from tabletop.ui import theme as th

FELT_TEXT = (232, 240, 226)
FELT_SOFT = (196, 218, 200)
TARGET_RED = (226, 62, 42)
PREVIEW_OK = (120, 220, 110)


def dashed_rect(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, ...], width: int, dash: int) -> None:
    """A rectangle outline drawn in dashes."""
    x0, y0, x1, y1 = rect.left, rect.top, rect.right - 1, rect.bottom - 1
    for start, end in (((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)), ((x1, y1), (x0, y1)), ((x0, y1), (x0, y0))):
        length = max(abs(end[0] - start[0]), abs(end[1] - start[1]))
        steps = max(1, length // (dash * 2))
        for k in range(steps + 1):
            a = min(1.0, k * dash * 2 / max(1, length))
            b = min(1.0, (k * dash * 2 + dash) / max(1, length))
            pygame.draw.line(
                surface,
                colour,
                (start[0] + (end[0] - start[0]) * a, start[1] + (end[1] - start[1]) * a),
                (start[0] + (end[0] - start[0]) * b, start[1] + (end[1] - start[1]) * b),
                width,
            )


def tag(
    surface: pygame.Surface,
    content: str,
    font: pygame.font.Font,
    pos: tuple[int, int],
    anchor: str,
    body: tuple[int, int, int] | tuple[int, int, int, int],
    ink: tuple[int, int, int],
    theme: th.Theme,
    bounds: pygame.Rect | None = None,
) -> pygame.Rect:
    """A rounded label (a price or a reason) with its `anchor` point at `pos`, kept
    inside `bounds`; a text too wide for them wraps onto more lines."""
    pad = theme.px(28)
    width = font.size(content)[0] + pad
    if bounds is not None:
        width = min(width, bounds.w)
    lines = art.wrap(content, font, width - pad)
    step = font.get_linesize()
    rect = pygame.Rect(0, 0, width, step * (len(lines) - 1) + font.get_height() + theme.px(12))
    setattr(rect, anchor, pos)
    if bounds is not None:
        rect.clamp_ip(bounds)
    radius = min(rect.h // 2, font.get_height() // 2 + theme.px(6))
    art.drop_shadow(surface, rect, radius, theme.px(8), (0, theme.px(3)))
    art.rounded_rect(surface, rect, body, radius)
    y = rect.y + theme.px(6)
    for line in lines:
        art.text(surface, line, font, ink, (rect.centerx, y), "midtop")
        y += step
    return rect


def ring(
    surface: pygame.Surface, rect: pygame.Rect, cell: int, colour: tuple[int, ...], width: int, dashed: bool = False
) -> None:
    """A frame around a field's `rect`, dark-edged so it shows on any tile."""
    rect = rect.inflate(width, width)
    if dashed:
        dashed_rect(surface, rect, colour, width, max(4, cell // 10))
        return
    radius = max(2, cell // 10)
    edge = max(1, width // 3)
    pygame.draw.rect(
        surface, (24, 14, 6), rect.inflate(edge * 2, edge * 2), width + edge * 2, border_radius=radius + edge
    )
    pygame.draw.rect(surface, colour, rect, width, border_radius=radius)


def tint(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], alpha: int) -> None:
    """Wash a field's `rect` with a colour (a tile that can be chosen)."""
    wash = pygame.Surface(rect.size, pygame.SRCALPHA)
    wash.fill((*colour, alpha))
    surface.blit(wash, rect.topleft)


def crosshair(surface: pygame.Surface, rect: pygame.Rect, filled: bool = True) -> None:
    """The target mark in the top right corner of a field's `rect` (hollow while not chosen)."""
    r = max(6, rect.w // 7)
    centre = (rect.right - r - rect.w // 12, rect.y + r + rect.w // 12)
    pygame.draw.circle(surface, (255, 255, 255), centre, r + max(1, r // 4))
    pygame.draw.circle(surface, TARGET_RED, centre, r, max(2, r // 3))
    if filled:
        pygame.draw.circle(surface, TARGET_RED, centre, max(2, r // 3))
