"""The choices of the player whose turn it is, under the hand: the founding
rounds' notes, the roll of the dice, and in the main phase the build buttons
(with their costs), the trade buttons and the end of the turn."""

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
    TRADING_OVER,
    Shared,
    cards_of,
    control_help,
    cost,
    own_cards,
)
from tabletop.games.catan.screen.panel import Panel
from tabletop.games.catan.screen.public import build_labels
from tabletop.games.catan.views import PlayerView
from tabletop.i18n import _, pgettext
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.gameview import BoardButton, marked

#: the key of each build button, and the action it leads to
BUILD_KEYS = {
    "road": (pygame.K_r, "R"),
    "settlement": (pygame.K_s, "S"),
    "city": (pygame.K_c, "C"),
    "development": (pygame.K_v, "V"),
}
BUILD_ACTIONS = {
    "road": "build_road",
    "settlement": "build_settlement",
    "city": "build_city",
    "development": "buy_development",
}


class ActionBar(Panel):
    """The turn's choices outside of trades, cards and the robber."""

    def __init__(self, shared: Shared, bank: BankRow) -> None:
        super().__init__(shared)
        self.bank = bank

    def mode_setter(self, mode: str) -> Callable[[], bool]:
        """What a button that starts `mode` does: start it afresh, or stop it when
        it is on."""

        def choose() -> bool:
            if self.choices.mode == mode:
                self.choices.mode = None
            else:
                self.choices.choose(mode)
            return True

        return choose

    def draw_founding(
        self, surface: pygame.Surface, rect: pygame.Rect, data: PlayerView, seat: int, road: bool
    ) -> None:
        """The founding rounds: where the settlement (or, `road`, its road) goes."""
        if road:
            y = self.title(surface, rect, rect.y, _("Place a road"))
            self.note(surface, rect, y, _("Click a lit path next to the settlement you just placed."))
            return
        built = sum(1 for building in data.buildings if building.owner == seat)
        round_ = 1 if built == 0 else 2
        y = self.title(surface, rect, rect.y, _("Founding round {round} of 2", round=round_))
        y = self.note(
            surface,
            rect,
            y,
            _("Place a settlement on a lit intersection. Its three neighbouring intersections must stay free."),
        )
        if round_ == 2:
            self.note(surface, rect, y, _("This second settlement brings one card of each land it touches."))

    def draw_roll(self, surface: pygame.Surface, rect: pygame.Rect, data: PlayerView) -> None:
        t = self.theme
        y = self.title(surface, rect, rect.y, _("Your turn starts with the roll of the dice."))
        button = pygame.Rect(rect.x, y + t.px(8), rect.w, max(t.px(84), self.button_h() + t.px(20)))
        self.action_button(
            surface,
            "roll",
            button,
            _("Roll the dice"),
            Action("roll"),
            keys=(pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER),
            key=pgettext("the key", "Space"),
            colour=th.GOLD,
            font_size=th.LARGE,
        )
        self.bank.draw(surface, data, rect.right, button.bottom + t.px(16))

    def draw_main(self, surface: pygame.Surface, rect: pygame.Rect, data: PlayerView, seat: int) -> None:
        """Build, trade, end the turn."""
        t = self.theme
        mode = self.choices.mode
        kinds = {a.kind for a in self.read.legal()}
        y = rect.y
        small = t.font(th.SMALL, bold=True)
        art.text(surface, _("Build"), small, CAPTION, (rect.x, y))
        y += small.get_linesize()
        bh = self.button_h(icons=True)
        labels = dict(build_labels())
        labels["development"] = _("Dev. card")
        size = BoardButton.icon_size(t)
        for row in (("road", "settlement"), ("city", "development")):
            for r, key in zip(self.row_rects(rect, y, 2, bh), row, strict=False):
                enabled = BUILD_ACTIONS[key] in kinds
                if key == "development":

                    def buy_development() -> Any:
                        return self.ctx.submit(Action("buy_development"))

                    on_click: Callable[[], Any] = buy_development
                else:
                    on_click = self.mode_setter(key)
                icons = [cart.resource_icon(resource, size) for resource, n in cards_of(cost(key)) for _n in range(n)]
                self.button(
                    surface,
                    key,
                    r,
                    labels[key],
                    on_click,
                    enabled=enabled,
                    selected=mode == key,
                    keys=(BUILD_KEYS[key][0],),
                    key=BUILD_KEYS[key][1],
                    icons=icons,
                    tip=control_help(key),
                    reason="" if enabled else self._why_not(key, data, seat),
                )
            y += bh + t.px(14)
        bh = self.button_h()
        trade_h = self.button_h()
        # the end of the turn always shows at the bottom; the notes only where
        # they fit whole above the trade row (the prompt and the tooltips say it too)
        end = pygame.Rect(rect.x, rect.bottom - bh - t.px(10), rect.w, bh + t.px(6))
        trade_room = end.y - t.px(10) - trade_h - small.get_linesize()
        trading = data.trading
        over = marked(TRADING_OVER)
        if mode in ("road", "settlement", "city"):
            hint = {
                "road": _("Click a lit path for your road."),
                "settlement": _("Click a lit intersection for your settlement."),
                "city": _("Click one of your lit settlements to make it a city."),
            }[mode]
            y = self.note_if_room(surface, rect, y, hint + " " + _("Right-click to cancel."), trade_room, th.GOLD)
        y = min(y, max(rect.y, trade_room))
        caption = art.text(surface, _("Trade"), small, CAPTION, (rect.x, y))
        self.bank.draw(surface, data, rect.right, y, room=rect.right - caption.right - t.px(12))
        y += small.get_linesize()
        has_cards = sum(own_cards(data).cards) > 0
        bank_ok = trading and "trade_bank" in kinds
        r1, r2 = self.row_rects(rect, y, 2, trade_h)
        self.button(
            surface,
            "bank",
            r1,
            _("Bank"),
            self.mode_setter("bank"),
            enabled=bank_ok,
            keys=(pygame.K_b,),
            key="B",
            tip=control_help("bank"),
            reason=over if not trading else _("You have too few cards of one kind for the bank's rates."),
        )
        self.button(
            surface,
            "players",
            r2,
            _("Players"),
            self.mode_setter("offer"),
            enabled=trading and has_cards,
            keys=(pygame.K_t,),
            key="T",
            tip=control_help("players"),
            reason=over if not trading else _("You have no cards to offer."),
        )
        y += trade_h + t.px(6)
        if not trading:
            self.note_if_room(surface, rect, y, over, end.y - t.px(4))
        self.action_button(
            surface, "end_turn", end, _("End the turn"), Action("end_turn"), keys=(pygame.K_e,), key="E", colour=th.GOLD
        )

    def _why_not(self, key: str, data: PlayerView, seat: int) -> str:
        """Why a build button is off: no piece left, too few cards, or no place."""
        player = data.players[seat]
        left = {
            "road": player.roads_left,
            "settlement": player.settlements_left,
            "city": player.cities_left,
            "development": data.deck,
        }[key]
        if not left:
            return marked(M.DECK_EMPTY if key == "development" else M.NO_PIECES)
        if any(have < count for have, count in zip(own_cards(data).cards, cost(key), strict=True)):
            return marked(M.CANNOT_AFFORD)
        return {
            "road": marked(M.NO_ROAD_SPOT),
            "settlement": _("There is no place for a settlement: it needs one of your roads and free neighbours."),
            "city": marked(M.NOT_YOUR_SETTLEMENT),
            "development": "",
        }[key]
