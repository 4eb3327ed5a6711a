"""The players panel beside the board: each seat's pawn, name, details and
score, the seat whose turn it is lit."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from tabletop.i18n import _
from tabletop.ui import art
from tabletop.ui import theme as th

if TYPE_CHECKING:
    from tabletop.ui.gameview import PlayerSummary


def draw_players(
    surface: pygame.Surface,
    rect: pygame.Rect,
    theme: th.Theme,
    summaries: Sequence[PlayerSummary],
    marks: tuple[int | None, int | None],
    row_h: int,
) -> None:
    """The players panel: a row per seat (pawn, name, details, score) `row_h`
    high; `marks` are the seat whose turn it is (its row lit) and the seat that
    acts now during it, if another (its row framed in red, "to act")."""
    t = theme
    heading = t.font(th.BODY, bold=True)
    art.text(surface, _("Players"), heading, th.INK, (rect.x + t.px(20), rect.y + t.px(12)))
    art.text(surface, _("Score"), t.font(th.SMALL), th.INK_SOFT, (rect.right - t.px(20), rect.y + t.px(16)), "topright")
    y = rect.y + t.px(24) + heading.get_height()
    holder, acting = marks
    name_font = t.font(th.BODY, bold=True)
    detail_font = t.font(th.SMALL)
    score_font = t.font(th.HEADING, bold=True)
    tag_font = t.font(th.SMALL, bold=True)
    for summary in summaries:
        row = pygame.Rect(rect.x + t.px(10), y, rect.w - t.px(20), row_h - t.px(6))
        if summary.seat == holder:
            art.rounded_rect(surface, row, (*th.GOLD, 120), t.px(12))
            pygame.draw.rect(surface, th.GOLD_DARK, row, max(1, t.px(2)), border_radius=t.px(12))
        if summary.seat == acting:
            # acts now, during another seat's turn: a red frame, and a tag after the name
            pygame.draw.rect(surface, th.RED, row, max(2, t.px(3)), border_radius=t.px(12))
        pawn = art.pawn(int(row.h * 0.8), summary.colour)
        surface.blit(pawn, pawn.get_rect(midleft=(row.x + t.px(12), row.centery)))
        text_x = row.x + t.px(24) + pawn.get_width()
        score_w = score_font.size(summary.score or "0")[0] + t.px(20)
        width = row.right - text_x - score_w
        tag = _("to act") if summary.seat == acting else ""
        tag_w = tag_font.size(tag)[0] + t.px(20) if tag else 0
        # the name keeps room for the tag; the details have the line under it to themselves
        name_w = width - (tag_w + t.px(8) if tag else 0)
        if summary.details:
            name = art.text(
                surface,
                summary.name,
                name_font,
                th.INK,
                (text_x, row.centery + t.px(2)),
                "bottomleft",
                max_width=name_w,
            )
            art.text(
                surface,
                " · ".join(summary.details),
                detail_font,
                th.INK_SOFT,
                (text_x, row.centery + t.px(2)),
                "topleft",
                max_width=width,
            )
        else:
            name = art.text(
                surface, summary.name, name_font, th.INK, (text_x, row.centery), "midleft", max_width=name_w
            )
        if tag:
            pill = pygame.Rect(0, 0, tag_w, tag_font.get_height() + t.px(4))
            pill.midleft = (min(name.right, text_x + name_w) + t.px(8), name.centery)
            art.rounded_rect(surface, pill, th.RED, pill.h // 2)
            art.text(surface, tag, tag_font, th.CREAM, pill.center, "center")
        if summary.score:
            art.text(surface, summary.score, score_font, th.INK, (row.right - t.px(12), row.centery), "midright")
        y += row_h
