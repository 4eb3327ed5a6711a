"""The private hand of Eden's screen: the tray with the player's name and mana, and
the cards in the order they came into the hand, so a card stays where the player
saw it (a played card's gap closes from the right)."""

from __future__ import annotations

import pygame

from tabletop.games.eden import art as eart
from tabletop.games.eden.screen.drawing import FELT_SOFT
from tabletop.games.eden.screen.shared import Shared
from tabletop.i18n import _
from tabletop.ui import art
from tabletop.ui import theme as th


class HandPanel:
    """The revealed seat's tray and hand."""

    def __init__(self, shared: Shared) -> None:
        self.shared = shared
        self.tray = pygame.Rect(0, 0, 0, 0)
        self.area = pygame.Rect(0, 0, 0, 0)
        self.rects: list[tuple[pygame.Rect, int]] = []
        self.card_size = (0, 0)
        #: the places of the cards, and the turn and area they were made for
        self._slots: list[pygame.Rect] = []
        self._slots_key: tuple | None = None

    def lift(self) -> int:
        """How far the chosen card and the one under the pointer rise."""
        return self.shared.theme.px(14)

    def shown(self) -> list[int]:
        """The cards of the hand laid out now: all of them, except during a conquest's
        auction, when only the cards the bidder may use show (the attacker may sell
        cultivation cards; the defender uses none), so the bid has the room."""
        s = self.shared
        hand = s.hand()
        if s.data.auction is not None and s.my_turn():
            return [card for card in hand if card in s.legal.sell]
        return hand

    def layout(self, area: pygame.Rect) -> None:
        """The hand in one or two rows from the left of `area`. Within a turn the
        places stay while the hand shrinks, so a card lies where the player saw it:
        a played card's gap closes from the right."""
        s = self.shared
        self.area = pygame.Rect(area)
        hand = self.shown()
        key = (s.ctx.seat, s.data.turn, tuple(area))
        if key != self._slots_key or len(hand) > len(self._slots):
            self._slots = self._places(area, len(hand))
            self._slots_key = key
        self.rects = list(zip(self._slots, hand, strict=False))

    def _places(self, area: pygame.Rect, n: int) -> list[pygame.Rect]:
        """Places for `n` cards in one or two rows, as large as `area` allows; when the
        cards do not fit side by side they overlap, each still showing its top left
        corner."""
        t = self.shared.theme
        lift = self.lift()
        gap = t.px(10)
        best: tuple[float, float, int, int] | None = None
        for rows in (1, 2):
            per_row = -(-max(1, n) // rows)
            h = min((area.h - gap * (rows - 1)) / rows - lift, t.px(230))
            tallest = h * 0.7
            side_by_side = min(tallest, (area.w - gap * (per_row - 1)) / per_row)
            overlapping = min(tallest, area.w / (1 + 0.56 * (per_row - 1))) if per_row > 1 else tallest
            step = (area.w - overlapping) / max(1, per_row - 1)
            # what counts: how much of each card shows (whole cards side by side are
            # worth a little more than larger ones overlapping), then their size
            # (and one row a little more than two, which split the hand's order)
            tidy = 1.0 if rows == 1 else 0.9
            for w, visible in (
                (side_by_side, side_by_side * 1.15 * tidy),
                (overlapping, min(overlapping, step) * tidy),
            ):
                score = (visible, w, rows, per_row)
                if best is None or score[:2] > best[:2]:
                    best = score
        assert best is not None  # one and two rows were both tried
        _visible, w, rows, per_row = best
        w = int(max(10, w))
        h = int(w / 0.7)
        self.card_size = (w, h)
        places: list[pygame.Rect] = []
        block = rows * (h + lift) + (rows - 1) * gap
        top = area.y + lift + max(0, (area.h - block) // 2)
        for row in range(rows):
            count = min(per_row, n - row * per_row)
            step = w + gap if count * w + (count - 1) * gap <= area.w else (area.w - w) / max(1, count - 1)
            y = top + row * (h + lift + gap)
            places += [pygame.Rect(int(area.x + i * step), y, w, h) for i in range(max(0, count))]
        return places

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """The card of the hand under `pos`, in the order they are drawn: the one under
        the pointer and the chosen one lie on top (raised)."""
        s = self.shared
        lift = self.lift()
        for card in (s.hover_card, s.selected):
            for rect, value in self.rects:
                if value == card and rect.union(rect.move(0, -lift)).collidepoint(pos):
                    return card
        for rect, card in reversed(self.rects):
            if rect.collidepoint(pos):
                return card
        return None

    def draw_tray(self, surface: pygame.Surface, seat: int, mana: int) -> None:
        """The tray with its header: the player's badge and name, and their mana."""
        s = self.shared
        t = s.theme
        tray = self.tray
        art.draw_panel(surface, tray, "dark", radius=t.px(18), shadow=t.px(12))
        heading = t.font(th.LARGE, bold=True)
        header_y = tray.y + int(t.fs(th.LARGE) * 0.8)
        mark = eart.badge(t.fs(th.LARGE) // 2 + t.px(2), s.ctx.colour(seat), s.emblems[seat])
        surface.blit(mark, mark.get_rect(midleft=(tray.x + t.px(16), header_y)))
        coin = eart.mana(t.fs(th.LARGE))
        mana_text = str(mana)
        mana_w = heading.size(mana_text)[0]
        art.text(surface, mana_text, heading, th.GOLD, (tray.right - t.px(16), header_y), "midright")
        surface.blit(coin, coin.get_rect(midright=(tray.right - t.px(22) - mana_w, header_y)))
        name_x = tray.x + t.px(26) + mark.get_width()
        art.text(
            surface,
            _("{player}'s hand", player=s.ctx.names[seat]),
            heading,
            th.CREAM,
            (name_x, header_y),
            "midleft",
            max_width=tray.right - t.px(40) - mana_w - coin.get_width() - name_x,
        )

    def draw(self, surface: pygame.Surface) -> None:
        s = self.shared
        t = s.theme
        data = s.data
        live = s.my_turn()
        legal = s.legal
        owner = data.board.owner
        small = t.font(th.SMALL, bold=True)
        if not self.rects:
            if data.auction is not None and s.hand() and live:
                note = _("Your cards wait until the conquest is settled.")
            else:
                note = _("No cards in hand.")
            font = t.font(th.BODY, italic=True)
            lines = len(art.wrap(note, font, self.area.w))
            height = font.get_linesize() * lines
            area = pygame.Rect(self.area.x, self.area.centery - height // 2, self.area.w, height + t.px(4))
            art.text_block(surface, note, font, FELT_SOFT, area.clip(self.area), align="center")
            return
        front = s.hover_card if s.hover_card in self.shown() else None
        # the chosen card, then the one under the pointer, lie on top of the others
        order = sorted(self.rects, key=lambda item: (item[1] == front, item[1] == s.selected))
        for rect, card in order:
            raised = card == s.selected or (live and card == front)
            shown = rect.move(0, -self.lift()) if raised else rect
            art.drop_shadow(surface, shown, t.px(10), t.px(12 if raised else 7), (0, t.px(5)))
            surface.blit(s.card_face(card, rect.size), shown)
            dead = s.is_irrigation(card) and owner[card] >= 0
            usable = card in legal.irrigate or card in legal.discard or card in legal.cultivate or card in legal.sell
            if dead or (live and not usable):
                shade = pygame.Surface(rect.size, pygame.SRCALPHA)
                shade.fill((30, 20, 12, 120))
                shade.blit(
                    art.rounded_mask(rect.size, max(4, rect.w // 11)), (0, 0), special_flags=pygame.BLEND_RGBA_MIN
                )
                surface.blit(shade, shown)
            if dead:
                mark = eart.badge(max(6, rect.w // 6), s.ctx.colour(owner[card]), s.emblems[owner[card]])
                surface.blit(mark, mark.get_rect(center=(shown.right - rect.w // 5, shown.y + int(rect.h * 0.32))))
            taken = _("taken")
            if dead and (card == front or not self._covered(rect)) and small.size(taken)[0] <= rect.w - t.px(4):
                # (on a card too small for the word, its owner's badge and the shade say it)
                art.text(
                    surface,
                    taken,
                    small,
                    (255, 210, 200),
                    (shown.centerx, shown.bottom - t.px(6)),
                    "midbottom",
                    shadow=(0, 0, 0),
                )
            if card == s.selected:
                pygame.draw.rect(
                    surface, th.GOLD, shown.inflate(t.px(8), t.px(8)), max(2, t.px(4)), border_radius=t.px(12)
                )
            elif live and card == front and usable:
                pygame.draw.rect(
                    surface, th.CREAM, shown.inflate(t.px(6), t.px(6)), max(2, t.px(3)), border_radius=t.px(12)
                )

    def _covered(self, rect: pygame.Rect) -> bool:
        """True when the next card of the hand lies over part of `rect`."""
        return any(other.x > rect.x and other.colliderect(rect) for other, _card in self.rects)
