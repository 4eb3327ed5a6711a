"""The hand of the player behind the curtain, at the top of the side column: the
name and points, the pieces left, the resource cards (a card of each resource, in
the data's order, with its count) and the development cards held (a gold frame
round those that may be played now)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pygame

from tabletop.engine.core import Event
from tabletop.games.catan import art as cart
from tabletop.games.catan import state as phases
from tabletop.games.catan.schema import DEVELOPMENT_KINDS
from tabletop.games.catan.screen.common import (
    CAPTION,
    DEVELOPMENT_HELP,
    DEVELOPMENT_LABELS,
    FELT_TEXT,
    Shared,
    own_cards,
    resource_label,
    resources,
)
from tabletop.games.catan.screen.development import Development
from tabletop.games.catan.screen.discard import Discard
from tabletop.games.catan.screen.panel import Panel
from tabletop.games.catan.views import VICTORY_POINT, PlayerView
from tabletop.i18n import _, ngettext
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.gameview import DISABLED, Hit, marked


def bought_order(history: Sequence[Sequence[Event]], seat: int, held: Mapping[str, int]) -> list[str]:
    """The kinds of development card `seat` holds (`held`: count per kind), in the
    order bought: a kind takes its place with its first card bought and keeps it
    until its last card is played. Only the seat's own purchases are read (the
    buyer alone reads which card it drew); cards the history does not show come first."""
    order: list[str] = []
    counts: dict[str, int] = {}
    for events in history:
        for event in events:
            card = event.data.get("card") if event.kind == "development" else None
            if not isinstance(card, str):
                continue
            if event.seat == seat:  # bought
                counts[card] = counts.get(card, 0) + 1
                if card not in order:
                    order.append(card)
            elif event.seat is None and event.message.params.get("player") == seat:  # played
                counts[card] = counts.get(card, 0) - 1
                if counts[card] <= 0 and card in order:
                    order.remove(card)
    known = [kind for kind in order if held.get(kind)]
    return [kind for kind in DEVELOPMENT_KINDS if held.get(kind) and kind not in known] + known


class HandPanel(Panel):
    """The revealed seat's own cards; a card is a control where it may be played
    (a development card) or chosen (a resource card to give back after a 7).
    Cards keep their places: the resources in the data's order, the development
    cards in the order bought, from the left; a card played or traded away leaves
    the others where they were."""

    def __init__(self, shared: Shared, discard: Discard, development: Development) -> None:
        super().__init__(shared)
        self.discard = discard
        self.development = development
        #: where each card of the hand was drawn last, by resource or development kind
        self.cards: dict[str, pygame.Rect] = {}
        self._order: tuple[tuple[int, int, int, tuple[int, ...]], list[str]] | None = None

    def development_order(self, seat: int, held: dict[str, int]) -> list[str]:
        """The development cards `seat` holds in the order bought (read once a change)."""
        history = self.ctx.match.history
        key = (len(history), id(history[-1]) if history else 0, seat, tuple(held.values()))
        if self._order is None or self._order[0] != key:
            self._order = (key, bought_order(self.ctx.match.history, seat, held))
        return self._order[1]

    def draw(self, surface: pygame.Surface, inner: pygame.Rect, side_h: int, data: PlayerView, seat: int) -> int:
        """The header and the cards from the top of `inner` (the side column is
        `side_h` high); the development cards only while the choices below leave
        room. Returns the y below."""
        self.cards = {}
        y = self._draw_header(surface, inner, data, seat)
        compact = self.needs_room(data)
        y = self._draw_resources(surface, inner, y, side_h, data)
        if not compact:
            y = self._draw_developments(surface, inner, y, side_h, data, seat)
        return y

    def needs_room(self, data: PlayerView) -> bool:
        """True when the choices below need the development cards' row too."""
        return self.read.live() and (self.choices.mode in ("offer", "counter", "bank") or data.phase == phases.DISCARD)

    def _draw_header(self, surface: pygame.Surface, inner: pygame.Rect, data: PlayerView, seat: int) -> int:
        t = self.theme
        heading = t.font(th.LARGE, bold=True)
        token = art.token(t.fs(th.LARGE) // 2, self.ctx.colour(seat), ring=th.GOLD)
        surface.blit(token, token.get_rect(midleft=(inner.x, inner.y + heading.get_height() // 2)))
        x = inner.x + token.get_width() + t.px(10)
        player = data.players[seat]
        hidden = own_cards(data).development[VICTORY_POINT] if data.phase != phases.OVER else 0
        points = player.points + hidden
        score = (
            ngettext("Points: {points} ({count} secret)", "Points: {points} ({count} secret)", hidden, points=points)
            if hidden
            else _("Points: {points}", points=points)
        )
        score_font = t.font(th.BODY, bold=True)
        score_w = score_font.size(score)[0]
        art.text(
            surface,
            self.ctx.names[seat],
            heading,
            th.CREAM,
            (x, inner.y),
            max_width=inner.right - x - score_w - t.px(14),
        )
        art.text(surface, score, score_font, th.GOLD, (inner.right, inner.y + heading.get_height() // 2), "midright")
        y = inner.y + heading.get_linesize()
        small = t.font(th.SMALL)
        line = _(
            "Pieces left: roads {roads} · settlements {settlements} · cities {cities}",
            roads=player.roads_left,
            settlements=player.settlements_left,
            cities=player.cities_left,
        )
        art.text(surface, line, small, CAPTION, (inner.x, y), max_width=inner.w)
        return y + small.get_linesize() + t.px(8)

    def card_size(self, inner: pygame.Rect, side_h: int) -> tuple[int, int]:
        """The size of a resource card: five across `inner`, and not taller than a
        share of the side column."""
        t = self.theme
        gap = t.px(12)
        w = (inner.w - gap * 4) // 5
        h = int(w * 1.36)
        limit = int(side_h * 0.15)
        if h > limit:
            h = limit
            w = int(h / 1.36)
        return max(20, w), max(28, h)

    def _draw_resources(
        self, surface: pygame.Surface, inner: pygame.Rect, y: int, side_h: int, data: PlayerView
    ) -> int:
        t = self.theme
        hand = own_cards(data).cards
        w, h = self.card_size(inner, side_h)
        lefts = art.hstack([w] * len(resources()), inner.w, t.px(12))
        discarding = self.read.live() and data.phase == phases.DISCARD
        badge_font = t.font(th.BODY, bold=True)
        caption = t.font(th.SMALL, bold=True)
        art.text(surface, _("Resource cards: {count}", count=sum(hand)), caption, CAPTION, (inner.x, y))
        y += caption.get_linesize() + t.px(2)
        for k, key in enumerate(resources()):
            rect = pygame.Rect(inner.x + lefts[k], y, w, h)
            self.cards[key] = rect
            count = hand[k] - (self.choices.discard_pick[k] if discarding else 0)
            clickable = discarding and count > 0
            lifted = rect.move(0, -t.px(8)) if clickable and rect.collidepoint(self.pointer) else rect
            art.drop_shadow(surface, lifted, t.px(8), t.px(6), (0, t.px(3)))
            image = cart.resource_card(key, (w, h), resource_label(key))
            if not count:
                image = image.copy()
                image.fill((150, 150, 150, 255), special_flags=pygame.BLEND_RGBA_MULT)
            surface.blit(image, lifted)
            if clickable:
                pygame.draw.rect(
                    surface, th.GOLD, lifted.inflate(t.px(6), t.px(6)), max(2, t.px(3)), border_radius=t.px(10)
                )
                self.hits.append(
                    Hit(f"hand-{key}", rect.inflate(0, t.px(8)).move(0, -t.px(4)), self.discard.picker(k, 1))
                )
            self.badge(
                surface,
                str(count),
                (lifted.right + t.px(6), lifted.y - t.px(6)),
                badge_font,
                th.INK if count else DISABLED,
                anchor="topright",
            )
        return y + h + t.px(10)

    def _draw_developments(
        self, surface: pygame.Surface, inner: pygame.Rect, y: int, side_h: int, data: PlayerView, seat: int
    ) -> int:
        t = self.theme
        own = own_cards(data)
        held = dict(zip(DEVELOPMENT_KINDS, own.development, strict=True))
        new = dict(zip(DEVELOPMENT_KINDS, own.new_development, strict=True))
        caption = t.font(th.SMALL, bold=True)
        art.text(surface, _("Development cards: {count}", count=sum(held.values())), caption, CAPTION, (inner.x, y))
        y += caption.get_linesize() + t.px(2)
        w, h = self.card_size(inner, side_h)
        w, h = int(w * 0.86), int(h * 0.86)
        kinds = self.development_order(seat, held)
        if not kinds:
            art.text(
                surface,
                _("None yet: buy one for wool, grain and ore."),
                t.font(th.SMALL, italic=True),
                FELT_TEXT,
                (inner.x, y + t.px(4)),
                max_width=inner.w,
            )
            return y + t.fs(th.SMALL) * 2
        plays = {a.kind: a for a in self.read.legal() if a.kind.startswith("play_")}
        badge_font = t.font(th.SMALL, bold=True)
        pointed: str | None = None
        for k, kind in enumerate(kinds):
            rect = pygame.Rect(inner.x + t.px(4) + k * (w + t.px(12)), y, w, h)
            self.cards[kind] = rect
            playable = f"play_{kind}" in plays
            if rect.collidepoint(self.pointer):
                pointed = kind
            hovered = playable and pointed == kind
            shown = rect.move(0, -t.px(8)) if hovered else rect
            art.drop_shadow(surface, shown, t.px(8), t.px(6), (0, t.px(3)))
            surface.blit(cart.development_card(kind, (w, h), marked(DEVELOPMENT_LABELS[kind])), shown)
            if playable:
                pygame.draw.rect(
                    surface, th.GOLD, shown.inflate(t.px(6), t.px(6)), max(2, t.px(3)), border_radius=t.px(10)
                )
                self.hits.append(
                    Hit(f"play-{kind}", rect.inflate(0, t.px(8)).move(0, -t.px(4)), self.development.player_of(kind))
                )
            self.badge(
                surface, str(held[kind]), (shown.right + t.px(6), shown.y - t.px(6)), badge_font, th.INK, "topright"
            )
            if new.get(kind):
                label = _("new") if new[kind] >= held[kind] else ngettext("{count} new", "{count} new", new[kind])
                tag = pygame.Rect(0, 0, badge_font.size(label)[0] + t.px(12), badge_font.get_height() + t.px(2))
                # at the top left, clear of the count at the top right
                tag.topleft = (shown.x - t.px(6), shown.y - t.px(6))
                art.rounded_rect(surface, tag, (*th.RED, 240), tag.h // 2)
                art.text(surface, label, badge_font, th.CREAM, tag.center, "center")
        y += h + t.px(6)
        # what the card under the mouse does, or how to play one
        if pointed is not None:
            hint = _(
                "{card}: {effect}", card=marked(DEVELOPMENT_LABELS[pointed]), effect=marked(DEVELOPMENT_HELP[pointed])
            )
        elif plays:
            hint = _("Click a card with a gold frame to play it.")
        elif any(new.values()):
            hint = _("A card bought this turn can be played from your next turn on.")
        else:
            hint = ""
        font = t.font(th.SMALL, italic=True)
        two_lines = int(font.get_linesize() * 1.15) + font.get_height()
        colour = th.GOLD if pointed else FELT_TEXT
        art.text_block(surface, hint, font, colour, pygame.Rect(inner.x, y, inner.w, two_lines))
        return y + font.get_linesize() * (2 if font.size(hint)[0] > inner.w else 1) + t.px(4)
