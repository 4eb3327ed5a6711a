"""The view of Lucky draw: a score track, the draw pile, the played cards, and the
hand of the player behind the curtain. Clicking a card plays it; Hold scores 1.

It is the worked example of tabletop.ui.gameview.GameView: it draws only from
`ctx.view()`, plays through `ctx.submit`, animates played cards and pawns moving
on the track, and lists its keys for the F1 help.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from tabletop.engine.core import Action, Event
from tabletop.games.testgame.rules import TARGET, LuckyView
from tabletop.i18n import _
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.caches import drawn
from tabletop.ui.gameview import BoardButton, GameView, PlayerSummary, Tooltip, Tween, ViewContext, button_tooltip

#: card colours by value: low, middle, high
BANDS = ((64, 126, 74), (52, 96, 170), (170, 60, 44))
FELT_TEXT = (232, 240, 226)


def hold_help() -> str:
    return _("Hold: score 1 point")


def band(card: int) -> tuple[int, int, int]:
    return BANDS[min(2, (card - 1) // 4)]


def star(surface: pygame.Surface, centre: tuple[int, int], radius: int, colour: tuple[int, ...]) -> None:
    """A five-pointed star (the suit mark of the cards)."""
    points = []
    for k in range(10):
        r = radius if k % 2 == 0 else radius * 0.45
        a = -math.pi / 2 + k * math.pi / 5
        points.append((centre[0] + r * math.cos(a), centre[1] + r * math.sin(a)))
    pygame.draw.polygon(surface, colour, points)


@drawn(64)
def numbered_card(card: int, size: tuple[int, int]) -> pygame.Surface:
    """A numbered card front in its colour band (cached: drawn once per size)."""
    w, h = size
    surface = art.card_face(size).copy()
    colour = band(card)
    inset = max(4, w // 14)
    star(surface, (w // 2, h // 2), int(w * 0.36), (*art.shade(colour, 1.75), 255))
    big = th.load_font(max(10, int(h * 0.36)), bold=True)
    art.text(surface, str(card), big, colour, (w // 2, h // 2), "center", shadow=art.shade(colour, 0.6))
    small = th.load_font(max(8, int(h * 0.11)), bold=True)
    art.text(surface, str(card), small, colour, (inset + w // 20, inset + h // 40))
    corner = pygame.transform.rotate(small.render(str(card), True, colour), 180)
    surface.blit(corner, corner.get_rect(bottomright=(w - inset - w // 20, h - inset - h // 40)))
    return surface


class TestGameView(GameView):
    """Lucky draw on the table."""

    def __init__(self, ctx: ViewContext) -> None:
        super().__init__(ctx)
        self.hold = BoardButton(key="H", colour=th.GOLD, font_size=th.LARGE, shadow=True)
        self.hand_rects: list[tuple[pygame.Rect, int]] = []
        self.hovered_card: int | None = None
        self.track: list[pygame.Rect] = []
        self.deck_rect = pygame.Rect(0, 0, 0, 0)
        self.played_area = pygame.Rect(0, 0, 0, 0)
        self.card_size = (0, 0)
        self.hand_size = (0, 0)
        view = ctx.view()
        self._played = list(view.played)
        self._scores = list(view.scores)
        #: pawns on their way: seat -> (from score, tween)
        self._moving: dict[int, tuple[int, Tween]] = {}
        #: the card flying from the hand to the table, and its tween
        self._flying: tuple[int, Tween] | None = None

    # -- layout ------------------------------------------------------------------

    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)
        t = self.theme
        pad = t.px(26)
        inner = rect.inflate(-pad * 2, -pad * 2)
        track_h = max(t.px(96), t.fs(th.SMALL) * 3)
        spaces = TARGET + 1
        gap = max(2, t.px(5))
        space_w = (inner.w - gap * (spaces - 1)) / spaces
        size = int(min(space_w, track_h * 0.62))
        y = inner.y + track_h - size
        self.track = [
            pygame.Rect(int(inner.x + i * (space_w + gap) + (space_w - size) / 2), y, size, size) for i in range(spaces)
        ]
        private_h = int(inner.h * 0.42)
        self.private_area = pygame.Rect(rect.x, rect.bottom - private_h - pad, rect.w, private_h + pad)
        middle = pygame.Rect(
            inner.x, inner.y + track_h + pad * 2, inner.w, self.private_area.y - inner.y - track_h - pad * 3
        )
        ch = max(20, int(middle.h - t.fs(th.SMALL) * 1.6))
        self.card_size = (int(ch * 0.7), ch)
        label_h = int(t.fs(th.SMALL) * 1.5)
        self.deck_rect = pygame.Rect(middle.x + t.px(10), middle.y + label_h, *self.card_size)
        self.played_area = pygame.Rect(
            self.deck_rect.right + t.px(60), middle.y + label_h, middle.right - self.deck_rect.right - t.px(60), ch
        )
        area = self.private_area.inflate(-pad * 2, -pad)
        hh = max(20, int(area.h - t.fs(th.BODY) * 3.2))
        self.hand_size = (int(hh * 0.7), hh)
        self.hold.rect = pygame.Rect(0, 0, max(t.px(170), t.fs(th.LARGE) * 5), max(t.px(100), t.fs(th.LARGE) * 3))
        self.hold.rect.midright = (area.right - t.px(10), area.centery + t.px(10))
        self._layout_hand()

    def _layout_hand(self) -> None:
        view = self.ctx.view()
        hand = view.hand or []
        t = self.theme
        area = self.private_area or pygame.Rect(0, 0, 0, 0)
        w, h = self.hand_size
        gap = t.px(28)
        lefts = art.hstack([w] * len(hand), area.w, gap)
        top = area.y + int(t.fs(th.BODY) * 2.2)
        self.hand_rects = [(pygame.Rect(area.x + x, top, w, h), card) for x, card in zip(lefts, hand, strict=False)]

    # -- drawing -------------------------------------------------------------------

    def card_face(self, card: int, size: tuple[int, int]) -> pygame.Surface:
        return numbered_card(card, size)

    def draw(self, surface: pygame.Surface) -> None:
        view = self.ctx.view()
        t = self.theme
        self._draw_track(surface, view)
        small = t.font(th.SMALL, bold=True)
        # draw pile
        layers = min(view.deck_size, 6)
        step = max(1, t.px(3))
        art.text(
            surface,
            _("Draw pile"),
            small,
            FELT_TEXT,
            (self.deck_rect.x, self.deck_rect.y - int(t.fs(th.SMALL) * 1.4) - layers * step),
        )
        if layers:
            back = art.card_back(self.card_size)
            art.drop_shadow(surface, self.deck_rect, t.px(10), t.px(12), (0, t.px(5)))
            for i in range(layers):
                surface.blit(back, self.deck_rect.move(-i * step, -i * step))
            count = t.font(th.BODY, bold=True)
            badge = pygame.Rect(0, 0, count.size("00")[0] + t.px(24), count.get_height() + t.px(6))
            badge.center = (self.deck_rect.centerx - layers * step, self.deck_rect.bottom - layers * step - t.px(4))
            art.rounded_rect(surface, badge, (*th.WOOD_DARK, 230), badge.h // 2)
            art.text(surface, str(view.deck_size), count, th.CREAM, badge.center, "center")
        else:
            pygame.draw.rect(surface, FELT_TEXT, self.deck_rect, max(1, t.px(2)), border_radius=t.px(10))
            art.text(surface, _("empty"), small, FELT_TEXT, self.deck_rect.center, "center")
        # played cards, newest on top and to the right
        art.text(
            surface,
            _("Played cards"),
            small,
            FELT_TEXT,
            (self.played_area.x, self.played_area.y - int(t.fs(th.SMALL) * 1.4)),
        )
        for card, rect in self._played_slots(view.played):
            if self._flying and self._flying[0] == card:
                continue
            art.drop_shadow(surface, rect, t.px(10), t.px(10), (0, t.px(4)))
            surface.blit(self.card_face(card, self.card_size), rect)
        if not view.played:
            art.text(
                surface,
                _("No card has been played yet."),
                t.font(th.BODY, italic=True),
                FELT_TEXT,
                (self.played_area.x, self.played_area.centery),
                "midleft",
            )
        if self._flying:
            self._draw_flying(surface, view, *self._flying)

    def _played_slots(self, played: Sequence[int]) -> list[tuple[int, pygame.Rect]]:
        w, h = self.card_size
        area = self.played_area
        if not played:
            return []
        step = min(w + self.theme.px(16), (area.w - w) / max(1, len(played) - 1)) if len(played) > 1 else 0
        return [(card, pygame.Rect(int(area.x + i * step), area.y, w, h)) for i, card in enumerate(played)]

    def _draw_flying(self, surface: pygame.Surface, view: LuckyView, card: int, tween: Tween) -> None:
        slots = dict(self._played_slots(view.played))
        target = slots.get(card)
        if target is None:
            return
        start = pygame.Rect(0, 0, *self.hand_size)
        start.center = (self.private_area or self.rect).center
        k = tween.t
        w = int(start.w + (target.w - start.w) * k)
        h = int(start.h + (target.h - start.h) * k)
        rect = pygame.Rect(0, 0, w, h)
        rect.center = (
            int(start.centerx + (target.centerx - start.centerx) * k),
            int(start.centery + (target.centery - start.centery) * k) - int(self.theme.px(60) * (1 - abs(2 * k - 1))),
        )
        art.drop_shadow(surface, rect, self.theme.px(10), self.theme.px(16), (0, self.theme.px(10)))
        surface.blit(self.card_face(card, (w, h)), rect)

    def _draw_track(self, surface: pygame.Surface, view: LuckyView) -> None:
        t = self.theme
        if not self.track:
            return
        first, last = self.track[0], self.track[-1]
        band_rect = pygame.Rect(first.x, first.y, last.right - first.x, first.h).inflate(t.px(24), t.px(24))
        art.draw_panel(surface, band_rect, "wood", radius=t.px(14), shadow=t.px(10))
        label = t.font(th.SMALL, bold=True)
        art.text(
            surface,
            _("Score track: first to {target} wins", target=TARGET),
            label,
            FELT_TEXT,
            (band_rect.x, band_rect.y - t.px(6)),
            "bottomleft",
        )
        number_font = th.load_font(max(8, int(first.h * 0.42)), bold=True)
        for i, rect in enumerate(self.track):
            goal = i == TARGET
            face = th.GOLD if goal else (th.PARCHMENT if i % 5 else th.PARCHMENT_DARK)
            art.rounded_rect(surface, rect, face, max(3, rect.w // 5))
            pygame.draw.rect(surface, th.WOOD_DARK, rect, max(1, t.px(1)), border_radius=max(3, rect.w // 5))
            if goal:
                star(surface, rect.center, int(rect.w * 0.42), th.CREAM)
            art.text(surface, str(i), number_font, th.INK_SOFT if not goal else th.INK, rect.center, "center")
        # pawns: several on one space stand side by side
        positions: dict[int, list[int]] = {}
        for seat, score in enumerate(view.scores):
            positions.setdefault(min(score, TARGET), []).append(seat)
        pawn_h = int(first.h * 1.25)
        for score, seats in positions.items():
            for k, seat in enumerate(seats):
                x, y = self._pawn_spot(seat, score, k, len(seats))
                if seat in self._moving:
                    start, tween = self._moving[seat]
                    sx, sy = self._pawn_spot(seat, min(start, TARGET), 0, 1)
                    x = int(sx + (x - sx) * tween.t)
                    y = int(sy + (y - sy) * tween.t) - int(t.px(30) * (1 - abs(2 * tween.t - 1)))
                image = art.pawn(pawn_h, self.ctx.colour(seat))
                surface.blit(image, image.get_rect(midbottom=(x, y)))

    def _pawn_spot(self, seat: int, score: int, index: int, count: int) -> tuple[int, int]:
        rect = self.track[min(score, len(self.track) - 1)]
        spread = rect.w * 0.45
        offset = 0 if count == 1 else int(-spread / 2 + spread * index / (count - 1))
        return rect.centerx + offset, rect.centery + rect.h // 3

    def draw_private(self, surface: pygame.Surface) -> None:
        view = self.ctx.view()
        seat = self.ctx.seat
        if seat is None or self.private_area is None:
            return
        t = self.theme
        area = self.private_area
        tray = area.inflate(-t.px(20), -t.px(10))
        art.draw_panel(surface, tray, "dark", radius=t.px(18), shadow=t.px(12))
        heading = t.font(th.LARGE, bold=True)
        colour = self.ctx.colour(seat)
        token = art.token(t.fs(th.LARGE) // 2, colour)
        surface.blit(token, (tray.x + t.px(24), tray.y + t.px(16)))
        art.text(
            surface,
            _("{player}'s hand", player=self.ctx.names[seat]),
            heading,
            th.CREAM,
            (tray.x + t.px(36) + token.get_width(), tray.y + t.px(14)),
        )
        live = self.my_turn()
        die = view.die
        # the die just rolled, at the left of the hand
        if die:
            size = min(self.hand_size[1] // 2, t.px(110))
            face = art.die_face(size, die)
            spot = pygame.Rect(tray.x + t.px(40), 0, size, size)
            spot.centery = tray.centery + t.px(16)
            art.drop_shadow(surface, spot, size // 5, t.px(8), (0, t.px(4)))
            surface.blit(face, spot)
            art.text(
                surface, _("your roll"), t.font(th.SMALL), FELT_TEXT, (spot.centerx, spot.bottom + t.px(8)), "midtop"
            )
        note = t.font(th.SMALL, bold=True)
        for index, (rect, card) in enumerate(self.hand_rects):
            lifted = rect.move(0, -t.px(18)) if live and self.hovered_card == card else rect
            art.drop_shadow(surface, lifted, t.px(12), t.px(14 if lifted is not rect else 8), (0, t.px(6)))
            surface.blit(self.card_face(card, self.hand_size), lifted)
            if live and self.hovered_card == card:
                pygame.draw.rect(
                    surface, th.GOLD, lifted.inflate(t.px(8), t.px(8)), max(2, t.px(4)), border_radius=t.px(14)
                )
            caption = _("+{points} points", points=card + die) if live else ""
            if caption:
                art.text(
                    surface,
                    f"{index + 1}  ·  {caption}",
                    note,
                    FELT_TEXT,
                    (rect.centerx, rect.bottom + t.px(10)),
                    "midtop",
                )
        self.hold.label, self.hold.tip = _("Hold"), hold_help()
        self.hold.enabled = live and Action("hold") in self.ctx.legal_actions()
        self.hold.reason = "" if self.hold.enabled else self.ctx.check(Action("hold")) or ""
        self.hold.draw(surface, t)
        if self.hold.enabled:
            art.text(
                surface,
                _("+1 point"),
                note,
                FELT_TEXT,
                (self.hold.rect.centerx, self.hold.rect.bottom + t.px(12)),
                "midtop",
            )

    # -- input -------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            return self._hover(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.ctx.seat is None:
                return False
            if self.hold.hit(event.pos):
                return self.ctx.submit(Action("hold"))
            for rect, card in reversed(self.hand_rects):
                if rect.collidepoint(event.pos) or rect.move(0, -self.theme.px(18)).collidepoint(event.pos):
                    return self.ctx.submit(Action("play", card=card))
            return False
        if event.type == pygame.KEYDOWN and self.ctx.seat is not None:
            if event.key == pygame.K_h:
                return self.ctx.submit(Action("hold"))
            if pygame.K_1 <= event.key <= pygame.K_9:
                index = event.key - pygame.K_1
                if index < len(self.hand_rects):
                    return self.ctx.submit(Action("play", card=self.hand_rects[index][1]))
        return False

    def _hover(self, pos: tuple[int, int]) -> bool:
        self.pointer = pos
        changed = self.hold.hover(pos)
        card = None
        if self.ctx.seat is not None:
            for rect, value in reversed(self.hand_rects):
                if rect.collidepoint(pos):
                    card = value
                    break
        if card != self.hovered_card:
            self.hovered_card = card
            changed = True
        return changed

    # -- what happened -----------------------------------------------------------

    def on_events(self, events: Sequence[Event]) -> None:
        view = self.ctx.view()
        played, scores = list(view.played), list(view.scores)
        animate = bool(events)
        if animate and len(played) == len(self._played) + 1 and played[:-1] == self._played:
            tween = Tween(0.45, on_done=self._landed)
            self._flying = (played[-1], tween)
            self.animations.append(tween)
        elif not animate:
            self._flying = None
        for seat, (old, new) in enumerate(zip(self._scores, scores, strict=False)):
            if animate and new > old:
                tween = Tween(0.5, delay=0.15)
                self._moving[seat] = (old, tween)
                self.animations.append(tween)
            elif not animate:
                self._moving.pop(seat, None)
        self._played, self._scores = played, scores
        self.hovered_card = None
        self._layout_hand()

    def update(self, dt: float) -> None:
        super().update(dt)
        self._moving = {seat: m for seat, m in self._moving.items() if not m[1].done}

    def _landed(self) -> None:
        self._flying = None

    # -- side panel and help -------------------------------------------------------

    def players_summary(self) -> list[PlayerSummary]:
        view = self.ctx.view()
        return [
            PlayerSummary(
                seat,
                name,
                self.ctx.colour(seat),
                str(view.scores[seat]),
                [_("Cards in hand: {count}", count=view.hand_sizes[seat])],
            )
            for seat, name in enumerate(self.ctx.names)
        ]

    def shortcuts(self) -> list[tuple[str, str]]:
        return [("1, 2, 3", _("Play the first, second or third card of the hand")), ("H", hold_help())]

    def tooltip_at(self, pos: tuple[int, int]) -> Tooltip | None:
        return button_tooltip([self.hold], pos) if self.ctx.seat is not None else None

    def prompt(self) -> str | None:
        if self.my_turn():
            return _("Play a card (its number plus the die) or hold for 1 point.")
        return None
