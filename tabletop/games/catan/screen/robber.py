"""Moving the robber: the lit land hexes take a click; where more than one player
may be robbed (or, after a 7 under the theft option, nobody), the side column asks
whom to rob, and a click on a ringed building robs its owner."""

from __future__ import annotations

import math

import pygame

from tabletop.games.catan import geometry as G
from tabletop.games.catan.screen.board import Island
from tabletop.games.catan.screen.common import Shared, control_help, robber_action
from tabletop.games.catan.screen.panel import Panel
from tabletop.games.catan.views import PlayerView
from tabletop.i18n import _
from tabletop.ui import art


class Robber(Panel):
    """The robber's move and its victim."""

    def __init__(self, shared: Shared, island: Island) -> None:
        super().__init__(shared)
        self.island = island

    def click(self, pos: tuple[int, int], spot: int | None) -> bool:
        """A click on the board at `pos` while the robber moves (`spot`: the lit
        hex there, or None)."""
        island, choices = self.island, self.choices
        if choices.robber_hex is not None:
            # a click on a ringed building robs its owner
            h = choices.robber_hex
            victims = island.victims(h)
            owners = {i: self.read.data().buildings[i].owner for i in G.HEX_CORNERS[h]}
            building = island.intersection_at(pos, [i for i, owner in owners.items() if owner in victims])
            if building is not None:
                choices.robber_hex = None
                return self.ctx.submit(robber_action(h, owners[building]))
            x, y = island.hex_px[h]
            if math.hypot(pos[0] - x, pos[1] - y) < island.size * 1.05:
                return False  # on the chosen hex or its corners: the choice of victim stays open
        if spot is None:
            return False
        victims = island.victims(spot)
        optional = robber_action(spot) in self.read.legal()
        if len(victims) > 1 or (victims and optional):  # a choice: whom to rob, or (after a 7) nobody
            choices.robber_hex = spot
            return True
        choices.robber_hex = None
        return self.ctx.submit(robber_action(spot, victims[0]) if victims else island.targets()[spot])

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, data: PlayerView) -> None:
        """The side column while the robber moves: what a lit hex does, then whom to rob."""
        t = self.theme
        optional = data.theft_optional
        chosen = self.choices.robber_hex
        if chosen is None:
            y = self.title(surface, rect, rect.y, _("Move the robber"))
            if data.robber_for_knight:
                note = _(
                    "Click a lit land hex. It produces nothing while the robber stands "
                    "there, and your knight takes a card from a player with a building "
                    "on it."
                )
            elif optional:
                note = _(
                    "You rolled a 7. Click a lit land hex. It produces nothing while the robber "
                    "stands there, and you may take a card from a player with a building on it."
                )
            else:
                note = _(
                    "You rolled a 7. Click a lit land hex. It produces nothing while the robber "
                    "stands there, and you take a card from a player with a building on it."
                )
            self.note(surface, rect, y, note)
            return
        y = self.title(surface, rect, rect.y, _("Whom do you rob?"))
        y = self.note(
            surface,
            rect,
            y,
            _("You take one card at random from the player you choose.")
            if not optional
            else _("You may take one card at random from a player you choose, or rob nobody."),
        )
        bh = self.button_h(icons=True)
        for seat in self.island.victims(chosen):
            r = pygame.Rect(rect.x, y, rect.w, bh)

            def rob(seat: int = seat) -> bool:
                self.choices.robber_hex = None
                return self.ctx.submit(robber_action(chosen, seat))

            self.button(
                surface,
                f"victim-{seat}",
                r,
                self.ctx.names[seat],
                rob,
                colour=art.shade(self.ctx.colour(seat), 0.9),
                note=_("Cards in hand: {count}", count=data.players[seat].cards),
                tip=_("Take a card at random from {player}", player=self.ctx.names[seat]),
            )
            y += bh + t.px(10)
        bh = self.button_h()
        back = pygame.Rect(rect.x, rect.bottom - bh, rect.w, bh)
        if robber_action(chosen) in self.read.legal():

            def rob_nobody() -> bool:
                self.choices.robber_hex = None
                return self.ctx.submit(robber_action(chosen))

            nobody = pygame.Rect(rect.x, max(y, back.y - bh - t.px(12)), rect.w, bh)
            self.button(
                surface,
                "no_theft",
                nobody,
                _("Rob nobody"),
                rob_nobody,
                keys=(pygame.K_n,),
                key="N",
                tip=control_help("no_theft"),
            )
        self.button(surface, "cancel", back, _("Choose another hex"), self.choices.cancel)
