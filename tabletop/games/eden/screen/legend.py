"""The markers of Eden's board for the help (F1): each drawn small with the board's
own art, with a short label."""

from __future__ import annotations

import pygame

from tabletop.games.eden import art as eart
from tabletop.games.eden.screen.drawing import PREVIEW_OK, TARGET_RED, crosshair, ring, tint
from tabletop.games.eden.screen.shared import Shared
from tabletop.i18n import _
from tabletop.ui import art
from tabletop.ui import theme as th


def _field(size: int, value: int = 0) -> tuple[pygame.Surface, pygame.Rect]:
    """A transparent picture with a dry field (or a landscape of `value`) in its middle."""
    picture = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = pygame.Rect(0, 0, size, size).inflate(-size // 5, -size // 5)
    picture.blit(art.clip_rounded(eart.landscape(value, rect.w, 1), max(2, rect.w // 14)), rect.topleft)
    return picture, rect


def entries(shared: Shared) -> list[tuple[pygame.Surface, str]]:
    """(picture, label) of each marker a new player sees on the board."""
    t = shared.theme
    size = t.px(44)
    inner = size - size // 5
    width = max(2, size // 14)
    out: list[tuple[pygame.Surface, str]] = []
    for seat, name in enumerate(shared.ctx.names):
        picture = pygame.Surface((size, size), pygame.SRCALPHA)
        picture.blit(eart.tile(1, inner, shared.ctx.colour(seat), shared.emblems[seat], 1), (size // 10, size // 10))
        out.append((picture, _("{player}'s land: their colour and emblem", player=name)))
    picture = pygame.Surface((size, size), pygame.SRCALPHA)
    picture.blit(eart.tile(3, inner, shared.ctx.colour(0), shared.emblems[0], 2), (size // 10, size // 10))
    out.append(
        (
            picture,
            _(
                "The tile's value: its points; each red dot earns {amount} mana a turn",
                amount=shared.economy.income_per_red_dot,
            ),
        )
    )
    picture, rect = _field(size, 1)
    pygame.draw.rect(picture, eart.WATER_LIGHT, rect.inflate(width, width), width, border_radius=max(2, size // 8))
    out.append((picture, _("The field of the irrigation card you point at")))
    picture, rect = _field(size, 2)
    tint(picture, rect, PREVIEW_OK, 110)
    pygame.draw.rect(picture, PREVIEW_OK, rect.inflate(width, width), width)
    art.text(picture, "+1", t.font(th.SMALL, bold=True), th.CREAM, rect.center, "center", shadow=(20, 40, 10))
    out.append((picture, _("A cultivation card held over the board: these tiles rise by one")))
    picture, rect = _field(size)
    tint(picture, rect, TARGET_RED, 120)
    pygame.draw.rect(picture, TARGET_RED, rect.inflate(width, width), width)
    out.append((picture, _("The card cannot lie there; the reason shows beside it")))
    picture, rect = _field(size, 1)
    ring(picture, rect, size, th.GOLD, width)
    out.append((picture, _("The tile just placed, or a tile of the attacking side")))
    picture, rect = _field(size, 1)
    tint(picture, rect, TARGET_RED, 40)
    ring(picture, rect, size, TARGET_RED, width, dashed=True)
    crosshair(picture, rect, filled=False)
    out.append((picture, _("An opponent's tile you may attack: click to aim at it")))
    picture, rect = _field(size, 1)
    ring(picture, rect, size, TARGET_RED, width)
    crosshair(picture, rect)
    out.append((picture, _("A tile under attack")))
    picture, rect = _field(size, 1)
    tint(picture, rect, th.GOLD, 35)
    ring(picture, rect, size, th.GOLD, width, dashed=True)
    out.append((picture, _("One of your tiles that may help the attack: click to take it")))
    return out
