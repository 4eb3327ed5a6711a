"""Eden's screen: the 7 x 7 board with its coordinates and landscape tiles, the race
to 20 points, the open display of cultivation cards, the conquest's auction, and the
hand of the player behind the curtain with the controls of the turn.

Playing: click an irrigation card to water its field (or click the free field whose
card you hold); choose a cultivation card, turn it with R or the mouse wheel and
slide it over your land: the tiles that would rise and the price show before the
click that cultivates. After an irrigation next to an opponent, click the tiles to
attack (and one of yours to help); the auction then passes the laptop between the
two sides through the curtain, each seeing only their own mana.

EdenView lays out and composes the panels (board.py, preview.py, track.py,
display.py, discard.py, auction.py, hand.py, bar.py), which share the reading of
the match and the choices in progress (shared.py), and routes the events to them.
It draws only from `ctx.view()` and plays through `ctx.submit`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

import pygame

from tabletop.engine.core import Action, Event
from tabletop.games.eden.screen import legend
from tabletop.games.eden.screen.auction import AuctionPanel
from tabletop.games.eden.screen.bar import BUTTON_KEYS, BarPanel
from tabletop.games.eden.screen.board import BoardPanel
from tabletop.games.eden.screen.discard import DiscardPanel
from tabletop.games.eden.screen.display import DisplayPanel
from tabletop.games.eden.screen.hand import HandPanel
from tabletop.games.eden.screen.preview import Preview
from tabletop.games.eden.screen.shared import Shared
from tabletop.games.eden.screen.track import TrackPanel
from tabletop.i18n import _, ngettext, pgettext
from tabletop.ui import theme as th
from tabletop.ui.gameview import GameView, Hit, PlayerSummary, ViewContext

#: the letters that press a button (the F1 help lists them from here)
LETTERS = {getattr(pygame, f"K_{letter.lower()}"): key for key, letter in BUTTON_KEYS.items() if len(letter) == 1}


class EdenView(GameView):
    """Eden on the table."""

    def __init__(self, ctx: ViewContext) -> None:
        super().__init__(ctx)
        self.shared = Shared(ctx)
        self.board = BoardPanel(self.shared)
        self.preview = Preview(self.shared, self.board)
        self.track = TrackPanel(self.shared)
        self.display = DisplayPanel(self.shared)
        self.discard = DiscardPanel(self.shared)
        self.auction = AuctionPanel(self.shared)
        self.hand = HandPanel(self.shared)
        self.bar = BarPanel(self.shared, self.preview, self.auction)
        self.column = pygame.Rect(0, 0, 0, 0)

    # -- layout ---------------------------------------------------------------------------

    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)
        t = self.theme
        pad = t.px(18)
        inner = rect.inflate(-pad * 2, -pad * 2)
        # the column beside the board is wide enough for a few words a line
        side_w = max(int(inner.w * 0.37), t.fs(th.BODY) * 21)
        side = min(inner.h, inner.w - side_w - pad)
        self.board.layout(pygame.Rect(inner.x, inner.y + (inner.h - side) // 2, side, side))
        board = self.board.rect
        self.column = pygame.Rect(board.right + pad, inner.y, inner.right - board.right - pad, inner.h)
        self.track.rect = pygame.Rect(self.column.x, self.column.y, self.column.w, self.track.height())
        self.arrange()

    def arrange(self) -> None:
        """Place the open display (or the auction), the hand, the piles and the
        controls for the present moment: the display takes the rows its cards need,
        the status text the lines it needs, and the hand the rest."""
        t = self.theme
        data = self.shared.data
        column = self.column
        lower_h = self.auction.height() if data.auction is not None else self.display.height(column)
        lower = pygame.Rect(column.x, self.track.rect.bottom + t.px(12), column.w, lower_h)
        self.auction.rect = lower
        pad = t.px(18)
        private_top = lower.bottom + t.px(8)
        self.private_area = pygame.Rect(
            column.x - pad // 2, private_top, column.w + pad, self.rect.bottom - private_top
        )
        tray = self.private_area.inflate(-t.px(8), -t.px(16)).move(0, t.px(4))
        self.hand.tray = tray
        inset = t.px(16)
        header_h = int(t.fs(th.LARGE) * 1.6)
        button_h = max(t.px(58), int(t.fs(th.LARGE) * 1.55))
        body = pygame.Rect(tray.x + inset, tray.y + header_h, tray.w - inset * 2, tray.h - header_h - inset)
        buttons_row = pygame.Rect(body.x, body.bottom - button_h, body.w, button_h)
        status_h = self.bar.status_height(body.w)
        self.bar.status_rect = pygame.Rect(body.x, buttons_row.y - status_h - t.px(6), body.w, status_h)
        box = pygame.Rect(0, 0, 0, 0)
        hand_bottom = self.bar.status_rect.y - t.px(4)
        if self.auction.bidding():
            box_h = self.auction.box_height()
            box = pygame.Rect(body.x, self.bar.status_rect.y - box_h - t.px(8), body.w, box_h)
            hand_bottom = box.y - t.px(8)
        self.auction.layout_box(box)
        self.hand.layout(pygame.Rect(body.x, body.y, body.w, max(0, hand_bottom - body.y)))
        self.bar.layout(buttons_row)
        self.display.layout(lower, column)

    # -- drawing ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        s = self.shared
        data = s.data
        placement = self.preview.placement()
        self.board.draw(surface, placement is not None)
        if placement is not None:
            self.preview.draw(surface, placement)
        self.track.draw(surface)
        if data.auction is not None:
            self.auction.draw(surface, data.auction)
        else:
            self.display.draw(surface)
        self.display.draw_pile_tip(surface)
        if s.showing_discard:
            self.discard.draw(surface, self.board.rect)
        self.hits = self._public_hits()

    def draw_private(self, surface: pygame.Surface) -> None:
        s = self.shared
        seat = s.ctx.seat
        hand = s.data.hand
        if seat is None or hand is None:  # (never: a seat sees its own hand)
            return
        self.hand.draw_tray(surface, seat, hand.mana)
        self.hand.draw(surface)
        if self.auction.bid_area.w:
            self.auction.draw_box(surface)
        self.bar.draw(surface)
        self.hits = self._public_hits() + self._private_hits()

    def _public_hits(self) -> list[Hit]:
        """The cards of the open display, where a click buys them."""
        s = self.shared
        if s.data.auction is not None:
            return []
        return [
            Hit(f"buy-{s.tables.card_name(card)}", rect, partial(self._buy, card), card in s.legal.buy)
            for rect, card in self.display.rects
        ]

    def _private_hits(self) -> list[Hit]:
        """The hand's cards (in their order, left to right), then its buttons, with
        their tooltips."""
        s = self.shared
        hits = [
            Hit(f"card-{s.tables.card_name(card)}", rect, partial(self._choose, card)) for rect, card in self.hand.rects
        ]
        for key, button in self.auction.quick.items():
            if button.rect.w:
                hits.append(
                    Hit(
                        f"quick-{key}",
                        button.rect,
                        partial(self._quick, key),
                        button.enabled,
                        (),
                        None,
                        button.tooltip(),
                    )
                )
        for key in self.bar.shown:
            button = self.bar.buttons[key]
            hits.append(Hit(key, button.rect, partial(self._press, key), button.enabled, (), None, button.tooltip()))
        return hits

    # -- moves --------------------------------------------------------------------------------

    def _press(self, key: str) -> bool:
        """Carry out the button `key` (also its keyboard key)."""
        action = self.bar.action(key)
        return action is not None and self.ctx.submit(action)

    def _buy(self, card: int) -> bool:
        return self.ctx.submit(Action("buy", card=self.shared.tables.card_name(card)))

    def _quick(self, key: str) -> bool:
        if not self.auction.choose(key):
            return False
        self.arrange()
        return True

    def _choose(self, card: int) -> bool:
        """A card of the hand was clicked."""
        s = self.shared
        legal = s.legal
        name = s.tables.card_name(card)
        if s.is_irrigation(card):
            if card in legal.irrigate:
                s.selected = None
                return self.ctx.submit(Action("irrigate", card=name))
            if card in legal.discard:
                s.selected = None if s.selected == card else card
                self.arrange()
                return True
            # not playable now: let the rules say why
            return self.ctx.submit(Action("irrigate", card=name))
        s.selected = None if s.selected == card else card
        s.rotation = 0
        self.arrange()
        return True

    def _click_field(self, f: int) -> bool:
        s = self.shared
        data = s.data
        placement = self.preview.placement()
        if placement is not None:
            card, rotation, origin, _fields = placement
            valid, _text = self.preview.verdict(*placement)
            if not valid:
                return True  # shown as invalid with its reason; never submitted
            s.selected = None
            return self.ctx.submit(self.preview.action(card, rotation, origin))
        if data.phase == "conquest" and data.auction is None:
            return self._toggle_conquest(f)
        if f in s.legal.irrigate:
            s.selected = None
            return self.ctx.submit(Action("irrigate", card=s.tables.card_name(f)))
        return False

    def _toggle_conquest(self, f: int) -> bool:
        """Aim at an opponent's tile or take one's own to help: only tiles of an
        attack the player can pay."""
        s = self.shared
        owner = s.data.board.owner
        if f in s.legal.supports():
            s.support = None if s.support == f else f
        elif f in s.legal.attackable():
            if any(owner[g] != owner[f] for g in s.targets):
                s.targets = set()
            s.targets ^= {f}
        else:
            return False
        self.arrange()
        return True

    # -- input --------------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        s = self.shared
        kind = event.type
        if kind == pygame.MOUSEBUTTONDOWN and s.showing_discard:
            s.showing_discard = False  # any click closes the open discard pile
            return True
        if (
            kind == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.display.discard_rect.collidepoint(event.pos)
            and s.data.auction is None
        ):
            s.showing_discard = True  # public: anyone may look, in any turn
            return True
        if kind == pygame.MOUSEMOTION:
            return self._hover(event.pos)
        if kind == pygame.MOUSEWHEEL:
            if s.cultivating() and event.y:
                s.rotation = (s.rotation + (1 if event.y < 0 else -1)) % 4
                return True
            return False
        if kind == pygame.MOUSEBUTTONDOWN and event.button == 3:
            if s.selected is not None:
                s.selected = None
                self.arrange()
                return True
            return False
        if kind == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._hover(event.pos)
            if not s.my_turn():
                return False
            return self._click(event.pos)
        if kind == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _hover(self, pos: tuple[int, int]) -> bool:
        s = self.shared
        s.pointer = self.pointer = pos
        field_ = self.board.field_at(pos)
        card = self.hand.card_at(pos) if s.ctx.seat is not None else None
        shown = self.display.card_at(pos)
        for button in [*self.bar.buttons.values(), *self.auction.quick.values()]:
            button.hover(pos)
        piles = self.display.pile_at(pos)
        if s.data.auction is not None:
            piles = shown = None  # the auction covers the display and the piles
        changed = (field_, card, shown, piles) != (s.hover_field, s.hover_card, s.hover_display, s.hover_piles)
        s.hover_field, s.hover_card, s.hover_display, s.hover_piles = field_, card, shown, piles
        return changed or s.cultivating()

    def _click(self, pos: tuple[int, int]) -> bool:
        s = self.shared
        for key in self.bar.shown:
            if self.bar.buttons[key].hit(pos):
                return self._press(key)
        for key, button in self.auction.quick.items():
            if button.hit(pos):
                return self._quick(key)
        card = self.hand.card_at(pos)
        if card is not None:
            return self._choose(card)
        if s.data.auction is None:
            shown = self.display.card_at(pos)
            if shown is not None:
                return self._buy(shown)
        if s.hover_field is not None:
            return self._click_field(s.hover_field)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        s = self.shared
        key = event.key
        if not s.my_turn():
            return False
        if s.data.auction is not None:
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return self._press("bid")
            used = self.auction.key(event)
            if used:
                self.arrange()
            return bool(used)  # the bid box takes digits: no letter decides the auction
        if key == pygame.K_r and s.cultivating():
            s.rotation = (s.rotation + (-1 if event.mod & pygame.KMOD_SHIFT else 1)) % 4
            return True
        if key in LETTERS:
            return self._press(LETTERS[key])
        if pygame.K_1 <= key <= pygame.K_9:
            index = key - pygame.K_1
            if index < len(self.hand.rects):
                return self._choose(self.hand.rects[index][1])
        return False

    # -- what happened ----------------------------------------------------------------------------

    def on_events(self, events: Sequence[Event]) -> None:
        s = self.shared
        s.refresh()
        data = s.data
        if s.selected not in s.hand():
            s.selected = None
        if data.phase != "conquest":
            s.support, s.targets = None, set()
        s.amount, s.typed = None, ""
        if s.ctx.seat is None:
            s.hover_card = None
        if not events:
            self.board.pops.clear()
        for event in events:
            if event.kind == "irrigate":
                self.animations += self.board.pop([event.data["field"]], "drop")
            elif event.kind == "cultivate":
                self.animations += self.board.pop(list(event.data["raised"]), "rise")
            elif event.kind == "conquest":
                self.animations += self.board.pop(list(event.data["fields"]), "flip")
        self.arrange()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.board.update()

    # -- side panel, help and prompt ------------------------------------------------------------------

    def players_summary(self) -> list[PlayerSummary]:
        s = self.shared
        data = s.data
        target = s.economy.target_points
        out = []
        for seat, name in enumerate(s.ctx.names):
            points = data.seats[seat].points
            own = data.hand if seat == s.ctx.seat else None  # only the seat looking sees its mana
            details = [
                ngettext("{count} to win", "{count} to win", max(0, target - points)),
                _("{count} in hand", count=data.seats[seat].hand_size),
                _("{amount} mana", amount=own.mana) if own is not None else _("mana hidden"),
            ]
            out.append(PlayerSummary(seat, name, s.ctx.colour(seat), str(points), details))
        return out

    def shortcuts(self) -> list[tuple[str, str]]:
        letters = [(BUTTON_KEYS[key], BarPanel.plain_tip(key)) for key in LETTERS.values()]
        return [
            ("1 … 9", _("Choose a card of the hand")),
            (_("R / wheel"), _("Turn the chosen cultivation card (Shift+R back)")),
            (_("Right click"), _("Put the chosen card back")),
            *letters,
            (_("0-9, Backspace"), _("Type a bid")),
            (pgettext("the keys", "Up / Down"), _("Raise or lower the bid by one")),
            (pgettext("the key", "Enter"), BarPanel.plain_tip("bid")),
        ]

    def legend(self) -> list[tuple[pygame.Surface, str]]:
        return legend.entries(self.shared)

    def prompt(self) -> str | None:
        s = self.shared
        if not s.my_turn():
            return None
        data = s.data
        legal = s.legal
        if data.auction is not None:
            if not data.auction.bid:
                return _("Open the bidding for the conquest.")
            if legal.bid_range is None:
                return _("Accept the bid: your mana does not allow a raise.")
            return _("Raise the bid or accept it.")
        if data.phase == "conquest":
            if not legal.attacks:
                return _("No attack is within your mana: carry on with the turn.")
            return _("Attack from the new tile, or do not attack.")
        if s.cultivating():
            return _("Slide the card over your land; R or the mouse wheel turns it; a click cultivates.")
        if not data.played:
            return _("Irrigate one or two fields, cultivate, or pass; trade cultivation cards at any time.")
        if legal.irrigate:
            return _("Water a second field or end the turn.")
        return _("End the turn.")
