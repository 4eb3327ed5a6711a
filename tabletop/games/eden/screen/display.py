"""The open display of Eden's screen: the sold cultivation cards anyone may buy,
one stack per shape with its price, and the draw and discard piles with their
counts in the heading row."""

from __future__ import annotations

import pygame

from tabletop.games.eden import art as eart
from tabletop.games.eden.screen.drawing import FELT_SOFT, FELT_TEXT, tag
from tabletop.games.eden.screen.shared import Shared
from tabletop.i18n import _, ngettext
from tabletop.ui import art
from tabletop.ui import theme as th


class DisplayPanel:
    """The open display and the piles."""

    def __init__(self, shared: Shared) -> None:
        self.shared = shared
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.rects: list[tuple[pygame.Rect, int]] = []
        self.pile_rect = pygame.Rect(0, 0, 0, 0)
        self.discard_rect = pygame.Rect(0, 0, 0, 0)

    def heading_h(self) -> int:
        return int(self.shared.theme.font(th.BODY, bold=True).get_linesize() * 1.35)

    @staticmethod
    def card_h(column: pygame.Rect, theme: th.Theme) -> int:
        """The height of a card of the open display: an eighth of the column, so that
        two rows of them leave the hand its room."""
        return max(theme.px(60), column.h // 8)

    def height(self, column: pygame.Rect) -> int:
        """The height the display needs in `column`: its heading and one or two rows."""
        t = self.shared.theme
        gap = t.px(8)
        n = len(self.stacks())
        h = self.card_h(column, t)
        w = int(h * 0.7)
        rows = 1 if n * w + (n - 1) * gap <= column.w else 2
        return self.heading_h() + rows * h + (rows - 1) * gap + t.px(8)

    def stacks(self) -> list[tuple[int, int]]:
        """The open display as (card, count): cards of the same shape lie in one
        stack (they are the same card to the rules), shown by its first card."""
        s = self.shared
        stacks: dict[int, list[int]] = {}
        for card in sorted(s.data.display):
            stacks.setdefault(s.ctx.rules.card_kind(card), []).append(card)
        return [(cards[0], len(cards)) for _kind, cards in sorted(stacks.items())]

    def layout(self, area: pygame.Rect, column: pygame.Rect) -> None:
        """One card per shape in a grid of at most two rows, as large as the area
        allows; no card covers another, so every shape and price shows. The piles sit
        at the right of the heading."""
        t = self.shared.theme
        self.rect = pygame.Rect(area)
        heading = self.heading_h()
        font = t.font(th.SMALL, bold=True)
        # the piles: a small card back (the draw pile) and the discard pile, with counts
        icon_h = max(8, heading - t.px(6))
        icon_w = int(icon_h * 0.72)
        count_w = font.size("00")[0] + t.px(6)
        y = area.y + (heading - icon_h) // 2 - t.px(2)
        self.discard_rect = pygame.Rect(area.right - icon_w - count_w, y, icon_w + count_w, icon_h)
        self.pile_rect = pygame.Rect(self.discard_rect.x - t.px(10) - icon_w - count_w, y, icon_w + count_w, icon_h)
        stacks = self.stacks()
        self.rects = []
        if not stacks:
            return
        n = len(stacks)
        gap = t.px(8)
        space = pygame.Rect(area.x, area.y + heading, area.w, area.h - heading)
        h = self.card_h(column, t)
        w = int(h * 0.7)
        per_row = max(1, min(n, (space.w + gap) // (w + gap)))
        if -(-n // per_row) > 2:  # never more than two rows: smaller cards then
            per_row = -(-n // 2)
            w = int((space.w - gap * (per_row - 1)) / per_row)
            h = int(w / 0.7)
        for i, (card, _count) in enumerate(stacks):
            r, c = divmod(i, per_row)
            self.rects.append((pygame.Rect(space.x + c * (w + gap), space.y + r * (h + gap), w, h), card))

    def card_at(self, pos: tuple[int, int]) -> int | None:
        return next((card for rect, card in self.rects if rect.collidepoint(pos)), None)

    def pile_at(self, pos: tuple[int, int]) -> str | None:
        if self.pile_rect.collidepoint(pos):
            return "pile"
        return "discard" if self.discard_rect.collidepoint(pos) else None

    # -- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        s = self.shared
        t = s.theme
        data = s.data
        area = self.rect
        font = t.font(th.BODY, bold=True)
        heading = _("Open display")
        art.text(surface, heading, font, FELT_TEXT, (area.x, area.y), max_width=self.pile_rect.x - area.x - t.px(8))
        self._draw_piles(surface)
        if not self.rects:
            note = _("Sold cultivation cards lie here; anyone may buy them in their turn.")
            art.text_block(
                surface,
                note,
                t.font(th.SMALL, italic=True),
                FELT_SOFT,
                pygame.Rect(area.x, area.y + self.heading_h(), area.w, area.h),
            )
            return
        mana = data.hand.mana if data.hand is not None else None
        live = s.my_turn()
        counts = dict(self.stacks())
        for rect, card in self.rects:
            hovered = card == s.hover_display
            lifted = rect.move(0, -t.px(3)) if hovered else rect
            art.drop_shadow(surface, lifted, t.px(8), t.px(8 if hovered else 5), (0, t.px(3)))
            count = counts.get(card, 1)
            if count > 1:  # the cards under the first one of the stack
                for k in range(min(count - 1, 2), 0, -1):
                    back = lifted.move(k * t.px(3), -k * t.px(3))
                    art.rounded_rect(surface, back, (222, 214, 190), max(4, rect.w // 11))
                    pygame.draw.rect(surface, (150, 130, 90), back, 1, border_radius=max(4, rect.w // 11))
            surface.blit(s.card_face(card, rect.size), lifted)
            price = s.tables.buy_price(card)
            affordable = mana is None or price <= mana
            if live and card not in s.legal.buy:
                shade = pygame.Surface(rect.size, pygame.SRCALPHA)
                shade.fill((20, 10, 4, 110))
                surface.blit(shade, lifted)
            if hovered and (not live or card in s.legal.buy):
                pygame.draw.rect(
                    surface, th.GOLD, lifted.inflate(t.px(6), t.px(6)), max(2, t.px(3)), border_radius=t.px(10)
                )
            self._price_pill(surface, lifted, price, affordable)
            if count > 1:
                self._count_badge(surface, lifted, count)

    def _count_badge(self, surface: pygame.Surface, card: pygame.Rect, count: int) -> None:
        """How many cards of this shape lie in the display, at the card's top right."""
        t = self.shared.theme
        font = t.font(th.SMALL, bold=True)
        label = _("×{count}", count=count)
        badge = pygame.Rect(0, 0, font.size(label)[0] + t.px(10), font.get_height() + t.px(2))
        badge.topright = (card.right + t.px(4), card.y - t.px(4))
        art.rounded_rect(surface, badge, th.WOOD_DARK, badge.h // 2)
        art.text(surface, label, font, th.GOLD, badge.center, "center")

    def _draw_piles(self, surface: pygame.Surface) -> None:
        """The draw pile (a card back) and the discard pile (its top card), each with
        its count; the discard pile opens when clicked."""
        s = self.shared
        t = s.theme
        data = s.data
        font = t.font(th.SMALL, bold=True)
        for rect, count, top in (
            (self.pile_rect, data.deck_size, None),
            (self.discard_rect, len(data.discard), data.discard[-1] if data.discard else None),
        ):
            icon = pygame.Rect(rect.x, rect.y, int(rect.h * 0.72), rect.h)
            if top is not None:
                surface.blit(s.card_face(top, icon.size), icon)
            elif rect is self.pile_rect and count:
                surface.blit(art.card_back(icon.size, (44, 92, 60)), icon)
            else:
                pygame.draw.rect(surface, FELT_SOFT, icon, 1, border_radius=max(2, icon.w // 6))
            if rect is self.discard_rect and (s.hover_piles == "discard" or s.showing_discard):
                pygame.draw.rect(
                    surface, th.GOLD, icon.inflate(t.px(4), t.px(4)), max(1, t.px(2)), border_radius=max(2, icon.w // 5)
                )
            art.text(surface, str(count), font, FELT_TEXT, (icon.right + t.px(4), icon.centery), "midleft")

    def draw_pile_tip(self, surface: pygame.Surface) -> None:
        """What the pile under the pointer is, below it, over the display."""
        s = self.shared
        data = s.data
        if s.hover_piles is None or s.showing_discard or data.auction is not None:
            return
        t = s.theme
        if s.hover_piles == "pile":
            words = ngettext("Draw pile: {count} card.", "Draw pile: {count} cards.", data.deck_size)
        else:
            words = ngettext(
                "Discard pile: {count} card. Click to look through it.",
                "Discard pile: {count} cards. Click to look through it.",
                len(data.discard),
            )
        rect = self.pile_rect if s.hover_piles == "pile" else self.discard_rect
        tag(
            surface,
            words,
            t.font(th.SMALL, bold=True),
            (rect.right, rect.bottom + t.px(6)),
            "topright",
            (*th.WOOD_DARK, 240),
            th.CREAM,
            t,
            self.rect.inflate(t.px(8), 0),
        )

    def price_rect(self, card: pygame.Rect, price: int) -> pygame.Rect:
        """Where the buying price of a card of the display lies: at the foot of the card."""
        t = self.shared.theme
        font = t.font(th.SMALL, bold=True)
        pill = pygame.Rect(0, 0, font.get_height() + font.size(str(price))[0] + t.px(14), font.get_height() + t.px(4))
        pill.midbottom = (card.centerx, card.bottom - t.px(3))
        return pill

    def _price_pill(self, surface: pygame.Surface, card: pygame.Rect, price: int, affordable: bool) -> None:
        """The buying price on a card of the display."""
        t = self.shared.theme
        font = t.font(th.SMALL, bold=True)
        coin = eart.mana(font.get_height())
        pill = self.price_rect(card, price)
        art.rounded_rect(surface, pill, (34, 20, 10, 225), pill.h // 2)
        surface.blit(coin, coin.get_rect(midleft=(pill.x + t.px(3), pill.centery)))
        art.text(
            surface,
            str(price),
            font,
            th.CREAM if affordable else (236, 150, 130),
            (pill.x + coin.get_width() + t.px(6), pill.centery),
            "midleft",
        )
