"""The side panel's readout box is drawn only where a line of it fits: a box
squeezed below that (the missions in play on two rows, a large card and the
roster above it) leaves the paper bare rather than show an empty frame; at both
window sizes."""

from __future__ import annotations

import pygame
from driving import open_game

from tabletop.ui import theme as th

from .test_screen_bidding import bidding_match


def _drawn(info, height: int) -> bool:
    """Whether the readout box paints anything `height` pixels high."""
    surface = pygame.Surface((400, 200), pygame.SRCALPHA)
    info.rect = pygame.Rect(10, 10, 300, height)
    info.draw(surface)
    return surface.get_bounding_rect().w > 0


def test_a_readout_box_without_room_for_a_line_is_not_drawn(app):
    game = open_game(app, bidding_match())
    app.run_until_idle()
    t = game.view.theme
    line = t.px(16) + t.font(th.SMALL).get_linesize()
    assert _drawn(game.view.info, line)
    assert not _drawn(game.view.info, line - 1)
