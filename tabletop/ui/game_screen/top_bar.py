"""The game screen's top bar: the game, whose turn it is and what they are to do
(the buttons on its right are GameScreen's)."""

from __future__ import annotations

import pygame

from tabletop.ui import art
from tabletop.ui import theme as th

Colour = tuple[int, int, int]
#: the colour of the second line
SUB = (230, 214, 186)


def draw_top_bar(
    surface: pygame.Surface,
    bar: pygame.Rect,
    theme: th.Theme,
    title: str,
    turn: tuple[str, str, Colour | None],
    text_right: int,
) -> None:
    """The bar across the top: the game's `title`, then whose turn it is (`turn`:
    headline, second line, the colour of the seat's token) up to `text_right`,
    where the bar's buttons begin."""
    t = theme
    shade = pygame.Surface(bar.size, pygame.SRCALPHA)
    shade.fill((24, 12, 4, 170))
    surface.blit(shade, bar.topleft)
    pygame.draw.line(surface, th.GOLD_DARK, (0, bar.bottom - 1), (bar.right, bar.bottom - 1), max(1, t.px(2)))
    head, sub, colour = turn
    head_font = t.font(th.LARGE, bold=True)
    sub_font = t.font(th.SMALL)
    token = art.token(t.fs(th.LARGE) // 2, colour, ring=th.GOLD) if colour is not None else None
    beside = token.get_width() + t.px(14) if token is not None else 0
    x = t.px(28)
    after_title = x + head_font.size(title)[0] + t.px(34)
    # the game's title gives its room to a second line that would not fit beside it
    # (a longer language, two long warrior names): the window's title still names the game
    room = text_right - after_title - beside
    if not sub or art.shrunk(sub, sub_font, room).size(sub)[0] <= room:
        art.text(surface, title, head_font, th.GOLD, (x, bar.centery), "midleft", shadow=(0, 0, 0))
        x = after_title
        pygame.draw.line(
            surface,
            th.GOLD_DARK,
            (x - t.px(17), bar.y + t.px(18)),
            (x - t.px(17), bar.bottom - t.px(18)),
            max(1, t.px(2)),
        )
    width = text_right - x
    if token is not None:
        surface.blit(token, token.get_rect(midleft=(x, bar.centery)))
        x += beside
        width -= beside
    if sub and art.shrunk(sub, sub_font, width).size(sub)[0] > width:
        # a long second line (a longer language) takes two lines under the headline
        top = bar.y + t.px(6)
        art.text(surface, head, head_font, th.CREAM, (x, top), "topleft", max_width=width)
        below = top + head_font.get_height()
        art.text_block(
            surface, sub, sub_font, SUB, pygame.Rect(x, below, width, bar.bottom - t.px(4) - below), line_gap=1.0
        )
    elif sub:
        art.text(surface, head, head_font, th.CREAM, (x, bar.centery + t.px(2)), "bottomleft", max_width=width)
        art.text(surface, sub, sub_font, SUB, (x, bar.centery + t.px(4)), "topleft", max_width=width)
    else:
        art.text(surface, head, head_font, th.CREAM, (x, bar.centery), "midleft", max_width=width)
