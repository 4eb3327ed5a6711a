"""The side panel's controls for a round's first step (play/bidding.py): the bid,
made behind the curtain with − and + (or the keys, or typed in digits) and sent
with "Bid"; then the winner's choice of who begins; and the words for the end of
the game."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from tabletop.engine.core import Action
from tabletop.games.skirmish.play.state import BIDDING, CHOOSING, OVER
from tabletop.games.skirmish.screen.reading import Reading
from tabletop.i18n import _, pgettext
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.gameview import GameView

#: the phases whose controls this module draws
PHASES = (BIDDING, CHOOSING, OVER)
LESS_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS, pygame.K_DOWN)
MORE_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_UP)
BID_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
KEYPAD = tuple(getattr(pygame, f"K_KP{n}") for n in range(10))
#: the digits type the bid: the counter looks like a field, and players type in it
DIGIT_KEYS = {**{pygame.K_0 + n: n for n in range(10)}, **{k: n for n, k in enumerate(KEYPAD)}}


class RoundStart:
    """The bid being entered (kept on the screen until it is sent) and the buttons."""

    def __init__(self, view: GameView, reading: Reading, submit: Callable[[Action], bool]) -> None:
        self.view = view
        self.reading = reading
        self.submit = submit
        #: the bid on the counter, for the seat and round it was set for
        self.amount = 0
        self._for: tuple[int | None, int] = (None, 0)

    def _pool(self) -> int:
        seat = self.reading.seat
        return self.reading.shown.sp[seat] if seat is not None else 0

    def _counter(self) -> int:
        """The bid on the counter: 0 for a new bidder, never above the pool."""
        owner = (self.reading.seat, self.reading.shown.round)
        if owner != self._for:
            self._for, self.amount = owner, 0
        self.amount = max(0, min(self.amount, self._pool()))
        return self.amount

    def change(self, by: int) -> None:
        self.amount = max(0, min(self._counter() + by, self._pool()))

    def type_digit(self, digit: int) -> None:
        """A digit typed after the counter's; past the pool it starts a new number."""
        typed = self._counter() * 10 + digit
        self.amount = min(typed if typed <= self._pool() else digit, self._pool())

    def press(self, key: int) -> bool:
        """The bid's keys: − and + (or Down and Up) change it, digits type it (Backspace
        takes the last one back), Enter makes it."""
        if self.reading.shown.phase != BIDDING or self.reading.seat is None:
            return False
        if key in DIGIT_KEYS:
            self.type_digit(DIGIT_KEYS[key])
        elif key == pygame.K_BACKSPACE:
            self.amount = self._counter() // 10
        elif key in LESS_KEYS:
            self.change(-1)
        elif key in MORE_KEYS:
            self.change(1)
        elif key in BID_KEYS:
            self.submit(Action("bid", sp=self._counter()))
        else:
            return False
        return True

    def key(self) -> tuple:
        return (self._counter(), self.reading.shown.decider, self.reading.shown.roll_off)

    def whose(self, player: str) -> tuple[str, ...]:
        """Who does what now, fullest wording first."""
        shown = self.reading.shown
        if shown.phase == BIDDING:
            return (_("{player} bids in private for who begins", player=player), _("{player} bids", player=player))
        if shown.phase == CHOOSING:
            return (_("{player} says who begins the round", player=player), _("{player} chooses", player=player))
        return (_("The game is over"),)

    def note(self) -> str:
        """The line above the buttons: what the bid costs, or what the choice means."""
        shown, seat = self.reading.shown, self.reading.seat
        if shown.phase == BIDDING and seat is not None:
            other = shown.seats[1 - seat]
            said = _("the other player has bid") if other.has_bid else _("the other player bids after you")
            return _("Pool {sp} SP; both bids are spent; {said}.", sp=self._pool(), said=said)
        if shown.phase == CHOOSING and shown.round == 0:
            return _("The player who begins plays the first mission, places terrain first and deploys first.")
        if shown.phase == CHOOSING:
            return _("The player who begins names the first warrior; the other names next.")
        return ""

    def draw(self, surface: pygame.Surface, row: pygame.Rect) -> None:
        view, shown, seat = self.view, self.reading.shown, self.reading.seat
        t = view.theme
        gap = t.px(8)
        if shown.phase == BIDDING and seat is not None:
            step = row.h
            minus = pygame.Rect(row.x, row.y, step, row.h)
            count = pygame.Rect(minus.right + gap, row.y, step + t.px(24), row.h)
            plus = pygame.Rect(count.right + gap, row.y, step, row.h)
            send = pygame.Rect(plus.right + gap, row.y, row.right - plus.right - gap, row.h)
            amount = self._counter()
            view.button(
                surface,
                "bid_less",
                minus,
                "−",
                lambda: self.change(-1),
                enabled=amount > 0,
                key="−",
                tip=_("One strategy point less"),
            )
            art.draw_panel(surface, count, "parchment", radius=t.px(8))
            art.text(surface, str(amount), t.font(th.BODY, bold=True), th.INK, count.center, "center")
            view.button(
                surface,
                "bid_more",
                plus,
                "+",
                lambda: self.change(1),
                enabled=amount < self._pool(),
                key="+",
                tip=_("One strategy point more"),
                reason=_("Your pool holds no more."),
            )
            view.button(
                surface,
                "bid",
                send,
                # the counter beside it shows the amount: the word alone stays whole in every language
                pgettext("the skirmish bid's button", "Bid"),
                lambda: self.submit(Action("bid", sp=self._counter())),
                colour=th.GOLD,
                key=pgettext("the key", "Enter"),
                tip=_("Make your bid; it stays hidden until both have bid"),
            )
        elif shown.phase == CHOOSING and seat is not None:
            half = (row.w - gap) // 2
            other = self.view.ctx.names[1 - seat]
            preparing = shown.round == 0
            view.button(
                surface,
                "begin_self",
                pygame.Rect(row.x, row.y, half, row.h),
                _("I begin"),
                lambda: self.submit(Action("begin", player=seat)),
                colour=th.GOLD,
                tip=_("You begin the preparation") if preparing else _("You name the round's first warrior"),
            )
            # the other player's name alone where the sentence would not fit the button (a long name)
            label = _("{player} begins", player=other)
            room = half - t.px(16)
            font = t.font(th.BODY, bold=True)
            if art.shrunk(label, font, room).size(label)[0] > room:
                label = other
            view.button(
                surface,
                "begin_other",
                pygame.Rect(row.right - half, row.y, half, row.h),
                label,
                lambda: self.submit(Action("begin", player=1 - seat)),
                tip=(
                    _("{player} begins the preparation", player=other)
                    if preparing
                    else _("{player} names the round's first warrior", player=other)
                ),
            )
