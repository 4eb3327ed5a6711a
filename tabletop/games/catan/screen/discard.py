"""Giving cards back after a 7: the player clicks cards of the hand to choose
them (the chosen ones show in the side column, a click takes one back), then
gives them back in one go."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from tabletop.engine.core import Action
from tabletop.games.catan.screen.common import cards_of, control_help, no_cards, own_cards, resources
from tabletop.games.catan.screen.panel import Panel
from tabletop.games.catan.views import PlayerView
from tabletop.i18n import _, ngettext, pgettext
from tabletop.ui import art
from tabletop.ui import theme as th


class Discard(Panel):
    """The choice of the cards to give back; `choices.discard_pick` holds it."""

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, data: PlayerView, seat: int) -> None:
        t = self.theme
        need = data.players[seat].to_discard
        chosen = sum(self.choices.discard_pick)
        y = self.title(
            surface,
            rect,
            rect.y,
            ngettext("A 7! Give {count} card back to the bank", "A 7! Give {count} cards back to the bank", need),
        )
        y = self.note(surface, rect, y, _("Click your cards above to choose them; click a chosen card to keep it."))
        y = self.card_group(
            surface, rect, y + t.px(6), cards_of(self.choices.discard_pick), "chosen", lambda k: self.picker(k, -1)
        ) + t.px(10)
        art.text(
            surface,
            _("Chosen: {chosen} of {count}", chosen=chosen, count=need),
            t.font(th.BODY, bold=True),
            th.GOLD if chosen == need else th.CREAM,
            (rect.x, y),
        )
        bh = self.button_h()
        go, reset = self.row_rects(rect, rect.bottom - bh, 2, bh)
        self.button(
            surface,
            "discard",
            go,
            _("Discard"),
            self._discard,
            enabled=chosen == need,
            colour=th.GOLD,
            keys=(pygame.K_RETURN, pygame.K_KP_ENTER),
            key=pgettext("the key", "Enter"),
            tip=control_help("discard"),
            reason=ngettext("Choose {count} more card.", "Choose {count} more cards.", need - chosen),
        )
        self.button(
            surface,
            "discard_again",
            reset,
            _("Start again"),
            self._reset,
            enabled=chosen > 0,
            tip=control_help("discard_again"),
            reason=_("No card is chosen yet."),
        )

    def picker(self, k: int, delta: int) -> Callable[[], bool]:
        """What a click on a card of resource `k` does: choose one more (`delta`
        1, from the hand) or one less (-1, from the chosen ones)."""

        def pick() -> bool:
            data = self.read.data()
            seat = self.ctx.seat
            if seat is None:
                return False
            picks = self.choices.discard_pick
            need = data.players[seat].to_discard
            have = own_cards(data).cards[k]
            if delta > 0 and (sum(picks) >= need or picks[k] >= have):
                return False
            picks[k] = max(0, picks[k] + delta)
            return True

        return pick

    def _reset(self) -> bool:
        self.choices.discard_pick = no_cards()
        return True

    def _discard(self) -> bool:
        picks = list(self.choices.discard_pick)
        self.choices.discard_pick = no_cards()
        for k, count in enumerate(picks):
            for _n in range(count):
                if not self.ctx.submit(Action("discard", resource=resources()[k])):
                    return False
        return True
