"""The corners of Catan's board, in the sea round the island: the Longest Road and
Largest Army cards with their holders (top), the development cards' pile (bottom
right), and the news (bottom left): the open trade offer, else what the last roll
produced."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from tabletop.games.catan import art as cart
from tabletop.games.catan import messages as M
from tabletop.games.catan.screen.board import Island
from tabletop.games.catan.screen.common import FELT_TEXT, Shared, cards_of, catan_data, resources, tied
from tabletop.games.catan.screen.panel import Panel
from tabletop.games.catan.views import PlayerView
from tabletop.i18n import _, ngettext
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.game_screen import last_roll


class Corners(Panel):
    """What lies in the corners of the board."""

    def __init__(self, shared: Shared, island: Island) -> None:
        super().__init__(shared)
        self.island = island

    @property
    def rect(self) -> pygame.Rect:
        return self.island.rect

    def card_size(self) -> tuple[int, int]:
        """The size of the special cards and of the development cards' pile."""
        size = self.island.size
        return max(30, int(size * 0.95)), max(42, int(size * 1.3))

    def draw(self, surface: pygame.Surface, data: PlayerView) -> None:
        t = self.theme
        rect = self.rect
        card = self.card_size()
        margin = t.px(6)
        players = data.players
        self._draw_special(
            surface,
            pygame.Rect(rect.x + margin, rect.y + margin, *card),
            "longest_road",
            _("Longest Road"),
            data.longest_road,
            "topleft",
            tied([p.road_length for p in players], catan_data().longest_road_minimum),
        )
        right = pygame.Rect(0, 0, *card)
        right.topright = (rect.right - margin, rect.y + margin)
        self._draw_special(
            surface,
            right,
            "largest_army",
            _("Largest Army"),
            data.largest_army,
            "topright",
            tied([p.knights for p in players], catan_data().largest_army_minimum),
        )
        self._draw_deck(surface, data, card)
        self._draw_news(surface, data)

    def corner_room(self, top: int, bottom: int) -> int:
        """How far from the left or right edge of the board a line from `top` to
        `bottom` may reach before it meets the sea frame (in a corner of the board)."""
        rect = self.rect
        quarter = rect.h / 4
        depth = bottom - rect.y if top - rect.y < rect.h / 2 else rect.bottom - top
        return max(0, int(rect.w / 2 * (1 - depth / quarter)))

    def _draw_special(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        kind: str,
        title: str,
        holder: int,
        side: str,
        tie: bool = False,
    ) -> None:
        """A special card in a top corner of the board, its holder beside it; without
        a holder, "nobody yet", or "in the supply (tie)" when a tie for the lead keeps
        it there."""
        t = self.theme
        points = _("{points} points", points=catan_data().special_card_points)
        art.drop_shadow(surface, rect, t.px(8), t.px(8), (0, t.px(3)))
        surface.blit(cart.special_card(kind, rect.size, title, points), rect)
        name_font = t.font(th.SMALL, bold=True)
        small = t.font(th.SMALL, italic=True)
        gap = t.px(10)
        x = rect.right + gap if side == "topleft" else rect.x - gap
        anchor = "topleft" if side == "topleft" else "topright"
        inset = rect.right + gap - self.rect.x if side == "topleft" else self.rect.right - rect.x + gap
        y = rect.y + t.px(2)
        line = name_font.get_linesize()
        held = holder is not None and holder >= 0
        token = art.token(max(5, t.fs(th.SMALL) // 2), self.ctx.colour(holder if held else 0), ring=th.GOLD)
        # a long title ("Armée la plus puissante") takes a second line, the holder's
        # name then shortened if need be (the corner narrows further down); a title
        # is elided only where the words for no holder would not fit below it
        widths = [self.corner_room(y + k * line, y + (k + 1) * line) - inset for k in range(3)]
        parts = _title_lines(title, name_font, widths[0])
        nobody = _("in the supply (tie)") if tie else _("nobody yet")
        if len(parts) > 1 and not held and art.shrunk(nobody, small, widths[2]).size(nobody)[0] > widths[2]:
            parts = [title]
        for part, width in zip(parts, widths, strict=False):
            art.text(surface, part, name_font, FELT_TEXT, (x, y), anchor, max_width=width)
            y += line
        width = self.corner_room(y, y + line) - inset
        if held:
            if anchor == "topleft":
                surface.blit(token, (x, y + t.px(2)))
                name_at, name_anchor = (x + token.get_width() + t.px(6), y), "topleft"
            else:
                surface.blit(token, token.get_rect(topright=(x, y + t.px(2))))
                name_at, name_anchor = (x - token.get_width() - t.px(6), y), "topright"
            art.text(
                surface,
                self.ctx.names[holder],
                name_font,
                th.GOLD,
                name_at,
                name_anchor,
                max_width=width - token.get_width(),
            )
        else:
            art.text(surface, nobody, small, FELT_TEXT, (x, y), anchor, max_width=width)

    def _draw_deck(self, surface: pygame.Surface, data: PlayerView, card: tuple[int, int]) -> None:
        t = self.theme
        rect = pygame.Rect(0, 0, *card)
        rect.bottomright = (self.rect.right - t.px(6) - t.px(4), self.rect.bottom - t.px(6))
        count = data.deck
        step = max(1, t.px(3))
        layers = min(4, count)
        art.drop_shadow(surface, rect, t.px(8), t.px(8), (0, t.px(3)))
        back = cart.development_back(card)
        for k in range(layers):
            surface.blit(back, rect.move(k * step, -k * step))
        if not count:
            pygame.draw.rect(surface, FELT_TEXT, rect, max(1, t.px(2)), border_radius=t.px(8))
        x = rect.x - t.px(12)
        font = t.font(th.SMALL, bold=True)
        line = font.get_linesize()
        inset = self.rect.right - x
        title = _("Development cards")
        if font.size(title)[0] > self.corner_room(rect.bottom - line * 2, rect.bottom) - inset:
            title = _("Dev. cards")
        rows = [(title, font), (ngettext("{count} left", "{count} left", count), t.font(th.SMALL))]
        for k, (content, face) in enumerate(rows):
            y = rect.bottom - line * (len(rows) - k)
            art.text(
                surface, content, face, FELT_TEXT, (x, y), "topright", max_width=self.corner_room(y, y + line) - inset
            )

    def _draw_news(self, surface: pygame.Surface, data: PlayerView) -> None:
        """Bottom left: the open trade offer, else what the last roll produced."""
        t = self.theme
        x = self.rect.x + t.px(8)
        bottom = self.rect.bottom - t.px(6)
        heading = t.font(th.SMALL, bold=True)
        line_h = max(heading.get_linesize(), int(t.fs(th.SMALL) * 1.45))
        icon = max(10, int(line_h * 0.9))
        offer = data.offer
        names = self.ctx.names
        #: each line: its words for a player's name (shortened, not the words, when the line is
        #: short), the cards it shows and the seat whose token leads it
        lines: list[tuple[Callable[[str], str], list[tuple[str, int]], int | None]] = []
        if offer is not None:
            # the corner narrows upwards: the short title on top, each name on a wider line below
            title = _("Trade offer")

            def gives(name: str) -> str:
                return _("{player} gives", player=name)

            lines.append((gives, cards_of(offer.give), offer.proposer))
            lines.append((gives, cards_of(offer.want), offer.responder))
        else:
            produced = self.production()
            if produced is None:
                return
            roller, total, gains = produced
            title = _("{player} rolled {total}", player=names[roller], total=total)
            if total == 7:
                discarding = [seat for seat, player in enumerate(data.players) if player.to_discard]
                if not discarding:
                    lines.append((lambda _name: _("The robber strikes!"), [], None))
                for seat in discarding:

                    def gives_back(name: str, count: int = data.players[seat].to_discard) -> str:
                        return ngettext(
                            "{player} gives back {count} card", "{player} gives back {count} cards", count, player=name
                        )

                    lines.append((gives_back, [], seat))
            elif not gains:
                lines.append((lambda _name: _("Nobody receives anything."), [], None))
            for seat in sorted(gains):
                cards = sorted(gains[seat].items(), key=lambda kv: resources().index(kv[0]))
                lines.append((str, cards, seat))
        y = bottom - line_h * (len(lines) + 1)
        art.text(surface, title, heading, th.GOLD, (x, y), max_width=self.corner_room(y, y + line_h) - t.px(8))
        y += line_h
        small = t.font(th.SMALL)
        for words, cards, owner in lines:
            width = self.corner_room(y, y + line_h) - t.px(8)
            lx = x
            if owner is not None:
                token = art.token(max(5, t.fs(th.SMALL) // 2 - 1), self.ctx.colour(owner))
                surface.blit(token, token.get_rect(midleft=(lx, y + line_h // 2)))
                lx += token.get_width() + t.px(6)
            # the label takes what the cards leave of the line (and never less than a third)
            cards_w = sum(icon + (heading.size(f"×{count}")[0] if count > 1 else 0) + t.px(6) for _key, count in cards)
            room = max(width // 3, width - (lx - x) - cards_w - t.px(8)) if cards else width - (lx - x)
            label = words(names[owner]) if owner is not None else words("")
            font = art.shrunk(label, small, room)  # a little smaller before the name is shortened
            if owner is not None and font.size(label)[0] > room:
                label = words(art.ellipsize(names[owner], font, room - font.size(words(""))[0]))
            label_w = min(font.size(label)[0], room)
            art.text(surface, label, font, FELT_TEXT, (lx, y + line_h // 2), "midleft", max_width=label_w + 1)
            lx += label_w + t.px(8)
            for key, count in cards:
                image = cart.resource_icon(key, icon)
                surface.blit(image, image.get_rect(midleft=(lx, y + line_h // 2)))
                lx += icon
                if count > 1:
                    r = art.text(surface, f"×{count}", heading, th.CREAM, (lx, y + line_h // 2), "midleft")
                    lx = r.right
                lx += t.px(6)
            y += line_h

    def production(self) -> tuple[int, int, dict[int, dict[str, int]]] | None:
        """The last production roll (not a roll for who begins): who rolled, the
        total, and what each seat received."""
        event, index = last_roll(self.ctx.match)
        if event is None or event.message.text != M.ROLLS:
            return None
        gains: dict[int, dict[str, int]] = {}
        for other in self.ctx.match.history[index]:
            if other.kind == "produce" and other.for_seat(self.ctx.seat) is not None:
                seat = other.message.params.get("player")
                if isinstance(seat, int):
                    bucket = gains.setdefault(seat, {})
                    bucket[other.data["resource"]] = bucket.get(other.data["resource"], 0) + other.data["count"]
        return int(event.message.params["player"]), int(event.message.params["total"]), gains


def _title_lines(title: str, font: pygame.font.Font, first_width: int) -> list[str]:
    """`title` on one line, or on two when it is wider than `first_width`: as many
    words as fit on the first, the rest on the second (elided there if need be)."""
    words = title.split(" ")
    first = words.pop(0)
    if font.size(title)[0] <= first_width or font.size(first)[0] > first_width:
        return [title]
    while words and font.size(f"{first} {words[0]}")[0] <= first_width:
        first = f"{first} {words.pop(0)}"
    return [first, " ".join(words)]
