"""Trading on Catan's screen: with the bank or a harbour (the best rate first),
an offer to another player (the partner, the cards given and asked for), and the
answer of the player offered a trade (accept, counter, decline)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from tabletop.engine.core import Action
from tabletop.games.catan import art as cart
from tabletop.games.catan import messages as M
from tabletop.games.catan.screen.bank import BankRow
from tabletop.games.catan.screen.common import (
    CAPTION,
    Shared,
    cards_of,
    catan_data,
    control_help,
    own_cards,
    resource_label,
    resources,
)
from tabletop.games.catan.screen.panel import Panel
from tabletop.games.catan.views import PlayerView
from tabletop.i18n import _, pgettext
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.gameview import DISABLED, Hit, marked


class Trade(Panel):
    """The trades; `choices` holds the resource offered to the bank, the partner
    and the cards of an offer being made."""

    def __init__(self, shared: Shared, bank: BankRow) -> None:
        super().__init__(shared)
        self.bank = bank

    # -- with the bank ----------------------------------------------------------------------

    def draw_bank(self, surface: pygame.Surface, rect: pygame.Rect, data: PlayerView, close: Callable[[], Any]) -> None:
        """Trade with the bank; `close` ends it (the Done button)."""
        t = self.theme
        choices = self.choices
        ratios = dict(zip(resources(), own_cards(data).ratios, strict=True))
        trades = self.read.of_kind("trade_bank")
        offered = {a["give"] for a in trades}
        y = self.title(surface, rect, rect.y, _("Trade with the bank"))
        small = t.font(th.SMALL, bold=True)
        art.text(surface, _("You give (best rate first)"), small, CAPTION, (rect.x, y))
        y += small.get_linesize()
        keys = resources()
        order = sorted(keys, key=lambda key: (ratios[key], keys.index(key)))

        def pick_give(key: str) -> Callable[[], bool]:
            def choose() -> bool:
                choices.bank_give = None if choices.bank_give == key else key
                return True

            return choose

        def rate(key: str) -> str:
            return f"{ratios[key]}:1"

        y = self.resource_buttons(
            surface,
            "bank_give",
            rect,
            y,
            pick_give,
            lambda key: key in offered,
            lambda key: key == choices.bank_give,
            rate,
            order,
        )
        caption = art.text(surface, _("You get"), small, CAPTION, (rect.x, y))
        self.bank.draw(surface, data, rect.right, y, room=rect.right - caption.right - t.px(12))
        y += small.get_linesize()
        gets = {a["get"] for a in trades if a["give"] == choices.bank_give}

        def trade(key: str) -> Callable[[], bool]:
            def go() -> bool:
                give = choices.bank_give
                done = self.ctx.submit(Action("trade_bank", give=give, get=key))
                if done and give not in {a["give"] for a in self.read.of_kind("trade_bank")}:
                    choices.bank_give = None
                return done

            return go

        y = self.resource_buttons(surface, "bank_get", rect, y, trade, lambda key: key in gets)
        if choices.bank_give is None:
            y = self.note(surface, rect, y, _("Choose what you give, then what you get."))
        else:
            y = self.note(
                surface,
                rect,
                y,
                _(
                    "Click what you want for {count} {resource}.",
                    count=ratios[choices.bank_give],
                    resource=resource_label(choices.bank_give),
                ),
            )
        done = pygame.Rect(rect.x, rect.bottom - self.button_h(), rect.w, self.button_h())
        self.button(
            surface, "bank_done", done, _("Done"), close, keys=(pygame.K_b,), key="B", tip=control_help("bank_done")
        )

    # -- with a player --------------------------------------------------------------------------

    def draw_offer(
        self, surface: pygame.Surface, rect: pygame.Rect, data: PlayerView, seat: int, counter: bool
    ) -> None:
        """The offer being made to a player (`counter`: the answer to an offer)."""
        choices = self.choices
        hand = own_cards(data).cards
        partner: int | None
        if counter:
            assert data.offer is not None, "a counter-offer answers an offer"
            partner = data.offer.proposer
            y = self.title(surface, rect, rect.y, _("Counter-offer to {player}", player=self.ctx.names[partner]))
        else:
            y = self.title(surface, rect, rect.y, _("Trade with a player"))
            partner = choices.partner
            y = self._draw_partners(surface, rect, y, seat, partner)
        y = self._draw_sides(surface, rect, y, hand)
        give, want = tuple(choices.give), tuple(choices.want)
        if partner is None:
            problem = _("Choose a player to trade with.")
        elif not sum(give) or not sum(want):
            problem = _("Choose at least one card to give and one to ask for.")
        elif any(count > have for have, count in zip(hand, give, strict=True)):
            problem = marked(M.CANNOT_AFFORD)
        else:
            problem = ""
        if not counter and partner is None:
            y = self.note(surface, rect, y, _("Choose a player to trade with."))
        bh = self.button_h()
        send, cancel = self.row_rects(rect, rect.bottom - bh, 2, bh)

        def send_counter() -> Any:
            return self.submit_and_close(Action("counter", give=give, want=want))

        def send_offer() -> Any:
            return self.submit_and_close(Action("offer", partner=partner, give=give, want=want))

        self.button(
            surface,
            "send_offer",
            send,
            _("Send the offer"),
            send_counter if counter else send_offer,
            enabled=not problem,
            colour=th.GOLD,
            tip=_("Send the offer to {player}", player=self.ctx.names[partner]) if partner is not None else "",
            reason=problem,
        )
        self.button(surface, "cancel", cancel, _("Cancel"), self.choices.cancel)

    def _draw_partners(self, surface: pygame.Surface, rect: pygame.Rect, y: int, seat: int, partner: int | None) -> int:
        """A button for each other player, the chosen partner pressed in."""
        t = self.theme
        others = [s for s in range(len(self.ctx.names)) if s != seat]
        bh = t.fs(th.BODY) + t.px(18)
        for r, other in zip(self.row_rects(rect, y, len(others), bh), others, strict=False):

            def choose(other: int = other) -> bool:
                self.choices.partner = other
                return True

            self.button(
                surface,
                f"partner-{other}",
                r,
                self.ctx.names[other],
                choose,
                selected=partner == other,
                colour=art.shade(self.ctx.colour(other), 0.9),
                font_size=th.SMALL,
                tip=_("Trade with {player}", player=self.ctx.names[other]),
            )
        return y + bh + t.px(8)

    def _draw_sides(self, surface: pygame.Surface, rect: pygame.Rect, y: int, hand: tuple[int, ...]) -> int:
        """The cards given and asked for: a chip per resource with its count, and
        − and + under it. Returns the y below."""
        t = self.theme
        small = t.font(th.SMALL, bold=True)
        rows = (
            ("give", _("You give"), self.choices.give, lambda k: hand[k]),
            ("want", _("You ask for"), self.choices.want, lambda k: catan_data().bank_per_resource),
        )
        size = self.chip_size(rect)
        step_h = t.fs(th.SMALL) + t.px(12)
        for side, label, counts, limit in rows:
            art.text(surface, label, small, CAPTION, (rect.x, y))
            y += small.get_linesize()
            chips = self.row_rects(rect, y, len(resources()), size + t.px(8), gap=t.px(8))
            for k, (r, key) in enumerate(zip(chips, resources(), strict=False)):
                count = counts[k]
                art.rounded_rect(surface, r, (248, 238, 214) if count else (214, 200, 170), t.px(10))
                pygame.draw.rect(
                    surface,
                    th.GOLD if count else art.shade((214, 200, 170), 0.6),
                    r,
                    max(2, t.px(4 if count else 2)),
                    border_radius=t.px(10),
                )
                icon = cart.resource_icon(key, size)
                surface.blit(icon, icon.get_rect(center=r.center))
                self.badge(
                    surface, str(count), (r.right + t.px(2), r.bottom + t.px(2)), small, th.INK if count else DISABLED
                )
                plus_ok = count < limit(k)
                self.hits.append(
                    Hit(f"{side}-{key}", r, self._adjust(side, k, 1), plus_ok, on_right_click=self._adjust(side, k, -1))
                )
                minus, plus = self.row_rects(pygame.Rect(r.x, 0, r.w, 0), r.bottom + t.px(6), 2, step_h, gap=t.px(4))
                name = resource_label(key)
                giving = side == "give"
                self.button(
                    surface,
                    f"{side}-{key}-less",
                    minus,
                    "−",
                    self._adjust(side, k, -1),
                    enabled=count > 0,
                    font_size=th.SMALL,
                    tip=_("Give one {resource} less", resource=name)
                    if giving
                    else _("Ask for one {resource} less", resource=name),
                )
                self.button(
                    surface,
                    f"{side}-{key}-more",
                    plus,
                    "+",
                    self._adjust(side, k, 1),
                    enabled=plus_ok,
                    font_size=th.SMALL,
                    tip=_("Give one {resource} more", resource=name)
                    if giving
                    else _("Ask for one {resource} more", resource=name),
                    reason=_("You have no more {resource}.", resource=name) if giving else "",
                )
            y = chips[0].bottom + step_h + t.px(14)
        return y

    def _adjust(self, side: str, k: int, delta: int) -> Callable[[], bool]:
        def change() -> bool:
            counts = self.choices.give if side == "give" else self.choices.want
            other = self.choices.want if side == "give" else self.choices.give
            counts[k] = max(0, counts[k] + delta)
            if counts[k]:
                other[k] = 0  # a resource is never on both sides
            return True

        return change

    # -- the answer ------------------------------------------------------------------------------

    def draw_answer(self, surface: pygame.Surface, rect: pygame.Rect, data: PlayerView) -> None:
        """The offer made to the player behind the curtain, and the answers."""
        t = self.theme
        offer = data.offer
        assert offer is not None, "an answer answers an offer"
        y = self.title(surface, rect, rect.y, _("{player} offers you a trade", player=self.ctx.names[offer.proposer]))
        small = t.font(th.SMALL, bold=True)
        for label, cards in ((_("You receive"), offer.give), (_("You give"), offer.want)):
            art.text(surface, label, small, CAPTION, (rect.x, y))
            y += small.get_linesize() + t.px(8)
            y = self.card_group(surface, rect, y, cards_of(cards)) + t.px(6)
        if Action("accept") not in self.read.legal():
            y = self.note(surface, rect, y, _("You do not have the cards asked for."))
        bh = self.button_h()
        accept, counter, reject = self.row_rects(rect, rect.bottom - bh, 3, bh)
        self.action_button(surface, "accept", accept, _("Accept"), Action("accept"), colour=th.GOLD, font_size=th.SMALL)

        def start_counter() -> bool:
            hand = own_cards(self.read.data()).cards
            self.choices.mode = "counter"
            self.choices.give = [min(count, have) for have, count in zip(hand, offer.want, strict=True)]
            self.choices.want = list(offer.give)
            return True

        self.button(
            surface,
            "counter",
            counter,
            pgettext("make a counter-offer in a trade", "Counter"),
            start_counter,
            keys=(pygame.K_c,),
            key="C",
            font_size=th.SMALL,
            tip=control_help("counter"),
        )
        self.action_button(
            surface, "reject", reject, _("Decline"), Action("reject"), keys=(pygame.K_d,), key="D", font_size=th.SMALL
        )
