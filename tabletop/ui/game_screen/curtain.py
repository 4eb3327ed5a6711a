"""The privacy curtain: red velvet over a seat's secrets until that player has
the laptop (GameScreen decides when it is closed)."""

from __future__ import annotations

import math

import pygame

from tabletop.i18n import _
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.caches import drawn

Colour = tuple[int, int, int]


@drawn(8)
def curtain_cloth(size: tuple[int, int], fold: int) -> pygame.Surface:
    """Red velvet with soft vertical folds and a gold fringe along the bottom."""
    w, h = size
    strip = pygame.Surface((w, 1))
    for x in range(w):
        k = 0.62 + 0.38 * (0.5 + 0.5 * math.sin(2 * math.pi * x / max(8, fold)))
        strip.set_at((x, 0), (int(128 * k), int(26 * k), int(30 * k)))
    cloth = pygame.transform.scale(strip, (w, h))
    cloth.blit(art.vertical_gradient((w, h), (0, 0, 0, 90), (0, 0, 0, 0)), (0, 0))
    fringe = max(6, h // 40)
    pygame.draw.rect(cloth, th.GOLD_DARK, (0, h - fringe * 2, w, fringe))
    for x in range(0, w, max(4, fringe // 2)):
        pygame.draw.line(cloth, th.GOLD, (x, h - fringe), (x, h - 1), max(1, fringe // 4))
    return cloth


def draw_curtain(surface: pygame.Surface, rect: pygame.Rect, theme: th.Theme, name: str, colour: Colour) -> None:
    """The closed curtain over `rect`, asking the others to look away while the
    laptop goes to `name` (a token of their `colour` above)."""
    t = theme
    cloth = curtain_cloth(rect.size, t.px(70))
    surface.blit(cloth, rect.topleft)
    big = t.font(th.HEADING, bold=True)
    body = t.font(th.BODY)
    lines = [
        (_("Pass the laptop to {player}", player=name), big, th.CREAM),
        (_("Everyone else, please look away."), body, (246, 224, 200)),
        (
            _("{player}: click here or press Space to see your secrets.", player=name),
            t.font(th.SMALL, bold=True),
            th.GOLD,
        ),
    ]
    token = art.token(t.fs(th.HEADING) // 2 + t.px(6), colour, ring=th.GOLD)
    width = rect.w - t.px(40)
    # a narrow curtain wraps its lines rather than cutting them short
    rows = [(row, font, colour_) for content, font, colour_ in lines for row in art.wrap(content, font, width)]
    total = token.get_height() + t.px(14) + sum(f.get_linesize() + t.px(6) for _l, f, _c in rows)
    y = rect.centery - total // 2
    surface.blit(token, token.get_rect(midtop=(rect.centerx, y)))
    y += token.get_height() + t.px(14)
    for content, font, colour_ in rows:
        art.text(surface, content, font, colour_, (rect.centerx, y), "midtop", shadow=(40, 0, 0), max_width=width)
        y += font.get_linesize() + t.px(6)
