"""The side column of Catan's screen while no hand is open: the building costs,
the bank's open piles, and the final scores once the game is over."""

from __future__ import annotations

import pygame

from tabletop.games.catan import art as cart
from tabletop.games.catan import state as phases
from tabletop.games.catan.screen.bank import BankRow
from tabletop.games.catan.screen.common import CAPTION, Shared, cards_of, cost, join_wrapped
from tabletop.games.catan.screen.panel import Panel
from tabletop.games.catan.views import PlayerView
from tabletop.i18n import _
from tabletop.ui import art
from tabletop.ui import theme as th


def build_labels() -> list[tuple[str, str]]:
    """What can be built or bought, with its name."""
    return [
        ("road", _("Road")),
        ("settlement", _("Settlement")),
        ("city", _("City")),
        ("development", _("Development card")),
    ]


class PublicSide(Panel):
    """The side column for everyone at the table."""

    def __init__(self, shared: Shared, bank: BankRow) -> None:
        super().__init__(shared)
        self.bank = bank

    def draw(self, surface: pygame.Surface, area: pygame.Rect, data: PlayerView) -> None:
        t = self.theme
        art.draw_panel(surface, area, "dark", radius=t.px(16), shadow=t.px(10))
        inner = area.inflate(-t.px(28), -t.px(28))
        heading = t.font(th.LARGE, bold=True)
        art.text(surface, _("Building costs"), heading, th.CREAM, inner.topleft)
        y = inner.y + heading.get_linesize() + t.px(12)
        icon = max(14, t.fs(th.BODY) + t.px(8))
        body = t.font(th.BODY, bold=True)
        for key, label in build_labels():
            art.text(surface, label, body, th.CREAM, (inner.x, y + icon // 2), "midleft", max_width=inner.w // 2)
            x = inner.x + inner.w // 2
            for resource, count in cards_of(cost(key)):
                for _k in range(count):
                    surface.blit(cart.resource_icon(resource, icon), (x, y))
                    x += icon + t.px(2)
            y += icon + t.px(14)
        bank_label = art.text(
            surface, _("Bank"), body, th.CREAM, (inner.x, y + icon // 2), "midleft", max_width=inner.w // 3
        )
        row_size = th.BODY if self.bank.width(False, th.BODY) <= inner.right - bank_label.right - t.px(12) else th.SMALL
        self.bank.draw(
            surface,
            data,
            inner.right,
            y + (icon - t.font(row_size, bold=True).get_linesize()) // 2,
            label=False,
            size=row_size,
        )
        y += icon + t.px(14)
        if data.phase == phases.OVER:
            self._draw_standings(
                surface, pygame.Rect(inner.x, y + t.px(16), inner.w, inner.bottom - y - t.px(16)), data
            )

    def _draw_standings(self, surface: pygame.Surface, rect: pygame.Rect, data: PlayerView) -> None:
        """The final scores, victory point cards shown, the winner first."""
        t = self.theme
        pygame.draw.line(surface, th.GOLD_DARK, rect.topleft, rect.topright, max(1, t.px(2)))
        heading = t.font(th.LARGE, bold=True)
        y = rect.y + t.px(12)
        art.text(surface, _("Final scores"), heading, th.CREAM, (rect.x, y))
        y += heading.get_linesize() + t.px(6)
        body = t.font(th.BODY, bold=True)
        small = t.font(th.SMALL)
        order = sorted(range(len(data.players)), key=lambda seat: (seat != data.winner, -data.players[seat].points))
        for seat in order:
            player = data.players[seat]
            winner = seat == data.winner
            token = art.token(t.fs(th.BODY) // 2, self.ctx.colour(seat), ring=th.GOLD if winner else None)
            surface.blit(token, token.get_rect(midleft=(rect.x, y + body.get_height() // 2)))
            x = rect.x + token.get_width() + t.px(10)
            name_colour = th.GOLD if winner else th.CREAM
            art.text(surface, self.ctx.names[seat], body, name_colour, (x, y), max_width=rect.w // 2)
            art.text(surface, str(player.points), body, th.CREAM, (rect.right, y), "topright")
            y += body.get_linesize()
            facts = []
            if winner:
                facts.append(_("wins"))
            if player.victory_cards:
                facts.append(_("victory point cards: {count}", count=player.victory_cards))
            if data.longest_road == seat:
                facts.append(_("Longest Road"))
            if data.largest_army == seat:
                facts.append(_("Largest Army"))
            for line in join_wrapped(facts, " · ", small, rect.right - x):
                art.text(surface, line, small, CAPTION, (x, y), max_width=rect.right - x)
                y += small.get_linesize()
            y += t.px(8)
