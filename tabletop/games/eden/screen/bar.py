"""The controls of the turn on Eden's screen: the buttons of the moment (pass, end
the turn, discard, sell, attack or not, bid, accept) right aligned at the foot of
the hand, and the status line above them saying what the player may do now."""

from __future__ import annotations

import pygame

from tabletop.engine.core import Action
from tabletop.games.eden.screen.auction import AuctionPanel
from tabletop.games.eden.screen.drawing import FELT_TEXT
from tabletop.games.eden.screen.preview import Preview
from tabletop.games.eden.screen.shared import Shared
from tabletop.i18n import _, pgettext
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.gameview import BoardButton

#: the keys of the buttons (`press` carries them out; the tooltips and the F1 help
#: name them); accepting a bid settles the conquest for good, so only a click on its
#: button does it
BUTTON_KEYS = {
    "pass": "P",
    "end_turn": "E",
    "discard": "D",
    "sell": "S",
    "attack": "A",
    "no_attack": "N",
    "bid": "Enter",
    "accept": "",
}


class BarPanel:
    """The buttons of the moment and the status line."""

    def __init__(self, shared: Shared, preview: Preview, auction: AuctionPanel) -> None:
        self.shared = shared
        self.preview = preview
        self.auction = auction
        # labels and tooltips are set when drawn (they name prices and follow the language)
        self.buttons = {
            key: BoardButton(key=value, font_size=th.LARGE, shadow=True) for key, value in BUTTON_KEYS.items()
        }
        self.shown: list[str] = []
        self.status_rect = pygame.Rect(0, 0, 0, 0)
        #: whether the buttons wear their short labels (the long ones do not fit)
        self.short = False

    # -- which buttons, and what they say ---------------------------------------------------------

    def offered(self) -> list[str]:
        """The buttons of the moment, in their order: only what can be done now (an
        attack the player cannot pay is not offered, nor a bid they cannot raise)."""
        s = self.shared
        if not s.my_turn():
            return []
        legal = s.legal
        data = s.data
        shown: list[str]
        if data.auction is not None:
            shown = (["accept"] if legal.accept else []) + (["bid"] if legal.bid_range is not None else [])
        elif data.phase == "conquest":
            shown = ["no_attack", "attack"] if legal.attacks else ["no_attack"]
        else:
            shown = ["end_turn"] if legal.end_turn else ["pass"] if legal.pass_ else []
            if s.selected is not None and s.selected in legal.discard:
                shown.insert(0, "discard")
        if s.selected is not None and s.selected in legal.sell:
            shown.insert(0, "sell")
        return shown

    def label(self, key: str, short: bool = False) -> str:
        """The button's label; `short`: without the amount, where the long one does not fit."""
        s = self.shared
        data = s.data
        card = s.selected
        if not short:
            if key == "sell" and card is not None and not s.is_irrigation(card):
                return _("Sell for {price}", price=s.tables.sell_price(card))
            if key == "discard" and card is not None and s.is_irrigation(card):
                return _("Discard {field}", field=s.board.name(card))
            if key == "bid":
                amount = self.auction.amount()
                return _("Bid {amount}", amount=amount) if amount is not None else _("Bid")
            if key == "accept" and data.auction is not None:
                return _("Accept {bid}", bid=data.auction.bid)
        return {
            "pass": _("Pass"),
            "end_turn": _("End the turn"),
            "discard": _("Discard"),
            "sell": _("Sell"),
            "attack": _("Attack"),
            "no_attack": _("Do not attack"),
            "bid": _("Bid"),
            "accept": _("Accept"),
        }[key]

    def tip(self, key: str) -> str:
        """What the button `key` does, for its tooltip (and the F1 help)."""
        s = self.shared
        card = s.selected
        if not self.short:
            return self.plain_tip(key)
        # the short labels leave the amount to the tooltip
        if key == "sell" and card is not None and not s.is_irrigation(card):
            return _("Sell the chosen cultivation card for {price} mana", price=s.tables.sell_price(card))
        auction = s.data.auction
        if key == "accept" and auction is not None and auction.bid:
            return _("Accept the bid of {bid} per point", bid=auction.bid)
        return self.plain_tip(key)

    @staticmethod
    def plain_tip(key: str) -> str:
        """What the button `key` does, in general words (the F1 help names it so)."""
        return {
            "pass": _("Pass: end the turn without a play"),
            "end_turn": _("End the turn"),
            "discard": _("Discard the chosen dead irrigation card"),
            "sell": _("Sell the chosen cultivation card"),
            "attack": _("Attack the chosen tiles"),
            "no_attack": _("Do not attack"),
            "bid": _("Make the bid in the box"),
            "accept": _("Accept the bid"),
        }[key]

    def reason(self, key: str) -> str:
        """Why the button `key` is off, in words ("" when there is nothing to say)."""
        if key == "attack":
            if not self.shared.targets:
                return _("Click the opponent's tiles to attack first.")
            return self.shared.why_not(self.attack_action())
        if key == "bid":
            return self.auction.problem(self.auction.amount())
        return ""

    def enabled(self, key: str) -> bool:
        s = self.shared
        legal = s.legal
        if key == "pass":
            return legal.pass_
        if key == "end_turn":
            return legal.end_turn
        if key == "discard":
            return s.selected in legal.discard
        if key == "sell":
            return s.selected in legal.sell
        if key == "attack":
            return (s.support, frozenset(s.targets)) in legal.attacks
        if key == "no_attack":
            return legal.no_attack
        if key == "bid":
            return not self.auction.problem(self.auction.amount())
        if key == "accept":
            return legal.accept
        return False

    def action(self, key: str) -> Action | None:
        """The move of the button `key`, when it is shown and on."""
        if key not in self.shown or not self.enabled(key):
            return None
        s = self.shared
        if key == "discard":
            return Action("discard_dead", card=s.tables.card_name(s.selected))
        if key == "sell":
            return Action("sell", card=s.tables.card_name(s.selected))
        if key == "attack":
            return self.attack_action()
        if key == "bid":
            return self.auction.bid_action()
        return Action(key)

    def attack_action(self) -> Action:
        s = self.shared
        name = s.board.name
        support = None if s.support is None else name(s.support)
        return Action("attack", support=support, targets=tuple(name(f) for f in sorted(s.targets)))

    # -- the status line ------------------------------------------------------------------------

    def status(self) -> str:
        """What the player to act may do now, in the hand's own words."""
        s = self.shared
        data = s.data
        if not s.my_turn():
            actor = s.ctx.actor
            return _("Waiting for {player}.", player=s.ctx.names[actor]) if actor is not None and actor >= 0 else ""
        legal = s.legal
        card = s.selected if s.selected in s.hand() else None
        if data.auction is not None:
            return self.auction.status(data.auction)
        if data.phase == "conquest":
            return self._attack_status()
        if card is not None and s.is_irrigation(card) and card in legal.discard:
            return _("{field} is taken: discard this dead card as your play?", field=s.board.name(card))
        if card is not None and not s.is_irrigation(card):
            price = s.tables.sell_price(card)
            if s.cultivating():
                placement = self.preview.placement()
                if placement is not None:
                    valid, text = self.preview.verdict(*placement)
                    if valid:
                        return _("Click to cultivate: {what}.", what=text)
                    return text
                if card not in legal.cultivate:
                    return _("This card fits nowhere on your land now; you may sell it for {price}.", price=price)
                return _("Slide the card over your land; R or the mouse wheel turns it.")
            return _("You may sell this card for {price} mana.", price=price)
        if not data.played:
            return _("Click an irrigation card to water its field, or choose a cultivation card for your land.")
        if legal.irrigate:
            return _("You may water a second field, or end the turn.")
        return _("End the turn when you are done; you may still sell or buy.")

    def _attack_status(self) -> str:
        s = self.shared
        data = s.data
        placed = data.placed
        if not s.legal.attacks:
            return _(
                "Your mana does not pay for an attack from {field}: carry on with the turn.",
                field=s.board.name(placed),
            )
        if not s.targets:
            return _(
                "Attack from {field}? Click the opponent's tiles to attack, and one of yours to help.",
                field=s.board.name(placed),
            )
        group = [placed] + ([s.support] if s.support is not None else [])
        a_points = s.side_points(group)
        d_points = s.side_points(list(s.targets))
        if (s.support, frozenset(s.targets)) in s.legal.attacks:
            return _(
                "Your side is worth {attack}, the targets {defence}: opening costs at least {cost} mana.",
                attack=a_points,
                defence=d_points,
                cost=s.economy.opening_bid_min * d_points,
            )
        return s.why_not(self.attack_action()) or ""

    # -- layout and drawing -----------------------------------------------------------------------

    def status_height(self, width: int) -> int:
        """The height of the status line's lines at `width`."""
        s = self.shared
        t = s.theme
        font = t.font(th.BODY)
        step = int(font.get_linesize() * 1.15)
        lines = len(art.wrap(self.status(), font, width)) if s.ctx.seat is not None else 1
        if s.cultivating():
            lines = max(lines, 3)  # the preview's words change as the card moves
        lines = max(2, lines)
        return step * (lines - 1) + font.get_height() + t.px(4)

    def layout(self, row: pygame.Rect) -> None:
        """The buttons of the moment, right aligned in `row`, each wide enough for its
        label: the long labels, else the short ones, else the short ones in a smaller
        font (three buttons at once in the smallest window)."""
        t = self.shared.theme
        shown = self.offered()
        gap = t.px(12)
        sizes: list[int] = []
        for short, font_size in ((False, th.LARGE), (True, th.LARGE), (True, th.BODY)):
            font = t.font(font_size, bold=True)
            least = t.px(120 if font_size == th.LARGE else 80)
            sizes = [max(least, font.size(self.label(k, short))[0] + t.px(40)) for k in shown]
            if sum(sizes) + gap * max(0, len(shown) - 1) <= row.w:
                break
        self.short = short
        total = sum(sizes) + gap * max(0, len(sizes) - 1)
        if total > row.w and shown:
            sizes = [int((row.w - gap * (len(shown) - 1)) / len(shown))] * len(shown)
            total = row.w
        x = row.right - total
        for button in self.buttons.values():
            button.rect = pygame.Rect(0, 0, 0, 0)
            button.font_size = font_size
        for key, width in zip(shown, sizes, strict=False):
            self.buttons[key].rect = pygame.Rect(x, row.y, width, row.h)
            x += width + gap
        self.shown = shown

    def draw(self, surface: pygame.Surface) -> None:
        s = self.shared
        t = s.theme
        text = self.status()
        if text:
            art.text_block(surface, text, t.font(th.BODY), FELT_TEXT, self.status_rect)
        for key in self.shown:
            button = self.buttons[key]
            button.label = self.label(key, self.short)
            # a letter is the same in every language, a named key is not
            button.key = pgettext("the key", "Enter") if key == "bid" else BUTTON_KEYS[key]
            button.tip = self.tip(key)
            button.enabled = self.enabled(key)
            button.reason = "" if button.enabled else self.reason(key)
            button.colour = th.GOLD if key in ("bid", "attack", "end_turn") else th.PARCHMENT
            if key == "sell":
                button.colour = (180, 210, 150)
            button.draw(surface, t)
