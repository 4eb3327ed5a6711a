"""The preview of a cultivation card held over Eden's board: where it would lie,
which tiles would rise and at what price, or why it cannot lie there."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from tabletop.engine.core import Action
from tabletop.games.eden.screen.board import BoardPanel
from tabletop.games.eden.screen.drawing import PREVIEW_OK, TARGET_RED, tag
from tabletop.games.eden.screen.shared import Shared
from tabletop.i18n import _
from tabletop.ui import art
from tabletop.ui import theme as th

#: (card, rotation, origin, fields) of a cultivation card lying on the board
Placement = tuple[int, int, int, tuple[int, ...]]


class Preview:
    """The chosen cultivation card under the pointer."""

    def __init__(self, shared: Shared, board: BoardPanel) -> None:
        self.shared = shared
        self.board = board

    def placement(self) -> Placement | None:
        """(card, rotation, origin, fields) of the chosen cultivation card under the
        pointer, slid so that it lies on the board; None when it is not over the board."""
        s = self.shared
        grid, cell = self.board.grid, self.board.cell
        if not s.cultivating() or not grid.collidepoint(s.pointer):
            return None
        card = s.selected
        assert card is not None  # cultivating() says a card is chosen
        cells = s.rotated(card)
        cols = max(c for c, _r in cells) + 1
        rows = max(r for _c, r in cells) + 1
        fx = (s.pointer[0] - grid.x) / cell
        fy = (s.pointer[1] - grid.y) / cell
        col = min(max(0, round(fx - cols / 2)), s.board.width - cols)
        row = min(max(0, round(fy - rows / 2)), s.board.height - rows)
        origin = row * s.board.width + col
        fields = s.ctx.rules.shape_fields(card, s.rotation, origin)
        if fields is None:
            return None
        return card, s.rotation, origin, tuple(fields)

    def rising(self, fields: Sequence[int]) -> list[int]:
        """The tiles under the card that would rise: the lowest of the player's own."""
        s = self.shared
        board = s.data.board
        seat = s.ctx.seat
        own = [f for f in fields if board.owner[f] == seat]
        if len(own) != len(fields):
            return []
        low = min(board.value[f] for f in own)
        if low >= s.tables.top_value:
            return []
        return [f for f in own if board.value[f] == low]

    def verdict(self, card: int, rotation: int, origin: int, fields: tuple[int, ...]) -> tuple[bool, str]:
        """(valid, what the placement does or why it cannot be made)."""
        s = self.shared
        if frozenset(fields) in s.legal.cultivate.get(card, set()):
            rising = self.rising(fields)
            low = s.data.board.value[rising[0]]
            cost = s.economy.cultivation_cost_per_tile * len(rising)
            names = s.field_list(rising)
            return True, _("+1 on {fields} (to {value}): {cost} mana", fields=names, value=low + 1, cost=cost)
        return False, s.why_not(self.action(card, rotation, origin))

    def action(self, card: int, rotation: int, origin: int) -> Action:
        s = self.shared
        return Action("cultivate", card=s.tables.card_name(card), rotation=rotation, origin=s.board.name(origin))

    def draw(self, surface: pygame.Surface, placement: Placement) -> None:
        s = self.shared
        t = s.theme
        data = s.data
        board = self.board
        card, rotation, origin, fields = placement
        valid, text = self.verdict(card, rotation, origin, fields)
        rising = set(self.rising(fields)) if valid else set()
        seat = s.ctx.seat
        layer = pygame.Surface(board.rect.size, pygame.SRCALPHA)
        offset = (-board.rect.x, -board.rect.y)
        for f in fields:
            rect = board.fields[f].move(offset)
            if not valid and data.board.owner[f] != seat:
                layer.fill((*TARGET_RED, 120), rect)
            elif f in rising:
                layer.fill((*PREVIEW_OK, 110), rect)
            else:
                layer.fill((255, 255, 255, 50), rect)
        surface.blit(layer, board.rect.topleft)
        edge = PREVIEW_OK if valid else TARGET_RED
        width = max(3, t.px(6))
        cover = set(fields)
        w = s.board.width
        for f in fields:
            r = board.fields[f].inflate(board.cell - board.fields[f].w, board.cell - board.fields[f].h)
            c, row = f % w, f // w
            if row == 0 or f - w not in cover:
                pygame.draw.line(surface, edge, r.topleft, r.topright, width)
            if row == s.board.height - 1 or f + w not in cover:
                pygame.draw.line(surface, edge, r.bottomleft, r.bottomright, width)
            if c == 0 or f - 1 not in cover:
                pygame.draw.line(surface, edge, r.topleft, r.bottomleft, width)
            if c == w - 1 or f + 1 not in cover:
                pygame.draw.line(surface, edge, r.topright, r.bottomright, width)
        arrow_font = t.font(th.LARGE, bold=True)
        for f in rising:
            rect = board.fields[f]
            art.text(
                surface,
                "+1",
                arrow_font,
                th.CREAM,
                (rect.centerx, rect.centery - rect.h // 8),
                "center",
                shadow=(20, 40, 10),
            )
        top = min(board.fields[f].top for f in fields)
        bottom = max(board.fields[f].bottom for f in fields)
        xs = [board.fields[f].centerx for f in fields]
        body = (30, 70, 30, 235) if valid else (110, 20, 12, 235)
        font = t.font(th.BODY, bold=True)
        # above the card, or below it when it lies along the top row
        above = top - t.px(8) - font.get_height() - t.px(12) >= board.grid.top
        anchor, y = ("midbottom", top - t.px(8)) if above else ("midtop", bottom + t.px(8))
        tag(surface, text, font, ((min(xs) + max(xs)) // 2, y), anchor, body, th.CREAM, t, board.grid)
