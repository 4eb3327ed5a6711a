"""The conquest's auction on Eden's screen: the public panel (both sides, their
points, the standing bid and what it costs) and, in the bidder's hand, the bid box
with its quick amounts."""

from __future__ import annotations

import pygame

from tabletop.engine.core import Action
from tabletop.games.eden import art as eart
from tabletop.games.eden.screen.drawing import TARGET_RED
from tabletop.games.eden.screen.shared import Shared
from tabletop.games.eden.views import AuctionView
from tabletop.i18n import _
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.gameview import BoardButton

#: the quick amounts, in their order on the screen
QUICK = ("min", "raise", "raise_twice", "all_in")


class AuctionPanel:
    """The auction: the public panel and the bidder's box."""

    def __init__(self, shared: Shared) -> None:
        self.shared = shared
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.bid_area = pygame.Rect(0, 0, 0, 0)
        self.amount_rect = pygame.Rect(0, 0, 0, 0)
        self.quick = {key: BoardButton() for key in QUICK}

    def height(self) -> int:
        """The height of the public panel."""
        t = self.shared.theme
        small_line = t.font(th.SMALL).get_linesize()
        return int(t.fs(th.BODY) * 1.5) + small_line * 6 + t.font(th.HEADING, bold=True).get_linesize() + t.px(40)

    def bidding(self) -> bool:
        """True when the revealed seat bids now and may raise (its box shows)."""
        s = self.shared
        return s.data.auction is not None and s.my_turn() and s.legal.bid_range is not None

    # -- the amounts ----------------------------------------------------------------------------

    def quick_amounts(self) -> dict[str, int]:
        """The quick amounts offered now: the lowest opening bid, or the standing bid
        raised by the smallest raise and by twice it; and all the bidder's mana
        allows. Only amounts the bidder may bid at all are offered."""
        s = self.shared
        auction = s.data.auction
        span = s.legal.bid_range
        if auction is None or span is None:
            return {}
        low, high = span
        step = s.economy.raise_min
        amounts: dict[str, int] = {}
        if auction.bid:
            amounts = {"raise": auction.bid + step, "raise_twice": auction.bid + 2 * step}
            if low not in amounts.values():
                amounts = {"min": low, **amounts}
        else:
            amounts = {"min": low}
        amounts["all_in"] = high
        return {key: amount for key, amount in amounts.items() if low <= amount <= high}

    def amount(self) -> int | None:
        """The bid in the amount box (typed or chosen)."""
        s = self.shared
        if s.typed:
            return int(s.typed)
        if s.amount is not None:
            return s.amount
        span = s.legal.bid_range
        return span[0] if span else None

    def problem(self, amount: int | None) -> str:
        """Why `amount` cannot be bid, in words ("" when it can)."""
        span = self.shared.legal.bid_range
        if span is None:
            return _("You cannot afford to raise: accept the bid.")
        if amount is None:
            return _("Type a bid.")
        low, high = span
        if amount < low:
            return _("At least {amount} per point.", amount=low)
        if amount > high:
            return _("Your mana allows at most {amount} per point.", amount=high)
        return ""

    def sides(self, auction: AuctionView) -> tuple[int, int, tuple[int, ...]]:
        """(the bidder's points factor, the other seat, the fields the bidder would take)."""
        s = self.shared
        data = s.data
        if auction.bidder == data.turn:
            return s.side_points(auction.targets), auction.defender, auction.targets
        return s.side_points(auction.group), data.turn, auction.group

    def status(self, auction: AuctionView) -> str:
        """What the bid in the box costs if the other side accepts it, or why it cannot be bid."""
        s = self.shared
        amount = self.amount()
        problem = self.problem(amount)
        if problem or amount is None:
            return problem
        factor, other, taken = self.sides(auction)
        return _(
            "If {player} accepts, you pay {bid} × {points} = {cost} mana and take {fields}.",
            player=s.ctx.names[other],
            bid=amount,
            points=factor,
            cost=amount * factor,
            fields=s.field_list(taken),
        )

    def labels(self) -> dict[str, str]:
        amounts = self.quick_amounts()
        step = self.shared.economy.raise_min
        return {
            "min": _("Min {amount}", amount=amounts.get("min", 0)),
            "raise": _("+{amount}", amount=step),
            "raise_twice": _("+{amount}", amount=2 * step),
            "all_in": _("All in {amount}", amount=amounts.get("all_in", 0)),
        }

    def tips(self) -> dict[str, str]:
        amounts = self.quick_amounts()
        step = self.shared.economy.raise_min
        return {
            "min": _("Set the bid to the lowest allowed"),
            "raise": _("Raise the standing bid by {step}: {amount} per point", step=step, amount=amounts.get("raise")),
            "raise_twice": _(
                "Raise the standing bid by {step}: {amount} per point", step=2 * step, amount=amounts.get("raise_twice")
            ),
            "all_in": _("Set the bid to the most your mana allows"),
        }

    def choose(self, key: str) -> bool:
        """A quick amount was clicked: it goes into the box."""
        amount = self.quick_amounts().get(key)
        if amount is None:
            return False
        self.shared.amount = amount
        self.shared.typed = ""
        return True

    def key(self, event: pygame.event.Event) -> bool | None:
        """The bid box's keys: digits, Backspace, Up and Down change the amount; Enter
        is the Bid button's (None: not a key of the box)."""
        s = self.shared
        key = event.key
        digits = {getattr(pygame, f"K_{d}"): str(d) for d in range(10)}
        digits.update({getattr(pygame, f"K_KP{d}"): str(d) for d in range(10)})
        if key in digits:
            s.typed = (s.typed + digits[key])[:6].lstrip("0")
            return True
        if key == pygame.K_BACKSPACE:
            s.typed = s.typed[:-1]
            return True
        if key in (pygame.K_UP, pygame.K_DOWN):
            span = s.legal.bid_range
            if span:
                step = 1 if key == pygame.K_UP else -1
                s.amount = min(span[1], max(span[0], (self.amount() or span[0]) + step))
                s.typed = ""
            return True
        return None

    def bid_action(self) -> Action:
        return Action("bid", amount=self.amount())

    # -- layout and drawing -----------------------------------------------------------------------

    def layout_box(self, area: pygame.Rect) -> None:
        """The quick amounts in a row over the amount box, inside `area` (empty: none)."""
        t = self.shared.theme
        self.bid_area = pygame.Rect(area)
        for button in self.quick.values():
            button.rect = pygame.Rect(0, 0, 0, 0)
        self.amount_rect = pygame.Rect(0, 0, 0, 0)
        if not area.w:
            return
        quick_h = int(t.fs(th.BODY) * 2.0)
        labels = self.labels()
        shown = list(self.quick_amounts())
        quick_font = t.font(th.BODY, bold=True)
        gap = t.px(8)
        natural = [quick_font.size(labels[k])[0] + t.px(24) for k in shown]
        scale = (area.w - gap * (len(shown) - 1)) / max(1, sum(natural))
        x: float = area.x
        for name, width in zip(shown, natural, strict=False):
            self.quick[name].rect = pygame.Rect(int(x), area.y, int(width * scale), quick_h)
            x += width * scale + gap
        self.amount_rect = pygame.Rect(
            area.x, area.y + quick_h + t.px(8), area.w, area.bottom - area.y - quick_h - t.px(8)
        )

    def box_height(self) -> int:
        t = self.shared.theme
        return int(t.fs(th.BODY) * 2.0) + t.px(8) + int(t.fs(th.LARGE) * 2.0)

    def draw_box(self, surface: pygame.Surface) -> None:
        """The quick amounts and the amount box (the bidder's own: drawn in the hand)."""
        s = self.shared
        t = s.theme
        amount = self.amount()
        labels = self.labels()
        tips = self.tips()
        for key, button in self.quick.items():
            if not button.rect.w:
                continue
            button.label = labels[key]
            button.tip = tips[key]
            # the rules judge each amount (the bidder's own move: no secret told)
            button.reason = s.why_not(Action("bid", amount=self.quick_amounts()[key]))
            button.enabled = not button.reason
            button.draw(surface, t)
        box = self.amount_rect
        art.rounded_rect(surface, box, (252, 246, 232, 255), t.px(10))
        valid = not self.problem(amount)
        pygame.draw.rect(surface, th.GOLD if valid else TARGET_RED, box, max(2, t.px(3)), border_radius=t.px(10))
        big = t.font(th.HEADING, bold=True)
        text = str(amount) if amount is not None else ""
        label = t.font(th.SMALL)
        art.text(surface, _("your bid per point"), label, th.INK_SOFT, (box.x + t.px(14), box.centery), "midleft")
        art.text(surface, text, big, th.INK, (box.right - t.px(16), box.centery), "midright")
        if s.typed:
            x = box.right - t.px(12)
            pygame.draw.line(surface, th.INK, (x, box.y + box.h // 5), (x, box.bottom - box.h // 5), max(1, t.px(2)))

    def draw(self, surface: pygame.Surface, auction: AuctionView) -> None:
        """The conquest's auction, for everyone: both sides and their points, the
        standing bid and what its bidder pays if the other side accepts."""
        s = self.shared
        t = s.theme
        data = s.data
        area = self.rect
        attacker, defender = data.turn, auction.defender
        names = s.ctx.names
        group, targets = auction.group, auction.targets
        points = {attacker: s.side_points(group), defender: s.side_points(targets)}
        art.draw_panel(surface, area, "parchment", radius=t.px(14), shadow=t.px(8))
        inner = area.inflate(-t.px(24), -t.px(16))
        heading = t.font(th.BODY, bold=True)
        art.text(surface, _("Conquest"), heading, th.INK, (inner.centerx, inner.y), "midtop", max_width=inner.w)
        y = inner.y + int(t.fs(th.BODY) * 1.45)
        half = (inner.w - t.px(16)) // 2
        small = t.font(th.SMALL)
        bold = t.font(th.SMALL, bold=True)
        big = t.font(th.HEADING, bold=True)
        for k, (seat, fields) in enumerate(((attacker, group), (defender, targets))):
            x = inner.x + k * (half + t.px(16))
            mark = eart.badge(max(6, small.get_linesize() // 2), s.ctx.colour(seat), s.emblems[seat])
            surface.blit(mark, mark.get_rect(midleft=(x, y + small.get_linesize() // 2)))
            art.text(
                surface,
                names[seat],
                bold,
                th.INK,
                (x + mark.get_width() + t.px(6), y),
                max_width=half - mark.get_width() - t.px(6),
            )
            line = _("{fields} · worth {points}", fields=s.field_list(fields), points=points[seat])
            art.text(surface, line, small, th.INK_SOFT, (x, y + small.get_linesize()), max_width=half)
            # each side's bids are multiplied by the other side's points; the role goes on this
            # short line, which leaves the name a line of its own
            factor = points[defender if seat == attacker else attacker]
            role = (
                _("attacker · pays bid × {factor}", factor=factor)
                if seat == attacker
                else _("defender · pays bid × {factor}", factor=factor)
            )
            # two lines where a longer language needs them
            role_rect = pygame.Rect(x, y + small.get_linesize() * 2, half, small.get_linesize() * 2)
            art.text_block(surface, role, small, th.INK_SOFT, role_rect, line_gap=1.0)
        pygame.draw.line(
            surface,
            th.PARCHMENT_DARK,
            (inner.centerx, y),
            (inner.centerx, y + small.get_linesize() * 4),
            max(1, t.px(2)),
        )
        y += small.get_linesize() * 4 + t.px(8)
        bid = auction.bid
        bidder = auction.bidder
        if bid:
            last = defender if bidder == attacker else attacker
            taken = group if bidder == attacker else targets
            art.text(surface, str(bid), big, th.RED, (inner.x, y), "topleft")
            bx = inner.x + big.size(str(bid))[0] + t.px(12)
            art.text(
                surface,
                _("mana per point, bid by {player}", player=names[last]),
                bold,
                th.INK,
                (bx, y + big.get_height() // 2),
                "midleft",
                max_width=inner.right - bx,
            )
            y += big.get_linesize()
            outcome = _(
                "If {player} accepts, {other_player} pays {bid} × {points} = {amount} mana and takes {fields}.",
                player=names[bidder],
                other_player=names[last],
                bid=bid,
                points=points[bidder],
                amount=bid * points[bidder],
                fields=s.field_list(taken),
            )
            art.text_block(surface, outcome, small, th.INK, pygame.Rect(inner.x, y, inner.w, inner.bottom - y))
        else:
            opening = s.economy.opening_bid_min
            text = _(
                "{player} opens the bidding: at least {amount} mana per point of the defence, {cost} mana in all.",
                player=names[attacker],
                amount=opening,
                cost=opening * points[defender],
            )
            art.text_block(surface, text, bold, th.INK, pygame.Rect(inner.x, y + t.px(6), inner.w, inner.bottom - y))
