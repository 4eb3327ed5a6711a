"""Playing development cards: a click on a card with a gold frame plays it; year
of plenty then takes resources from the bank one by one, monopoly names a resource
first (road building places its roads on the board, the knight moves the robber)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from tabletop.engine.core import Action
from tabletop.games.catan.screen.bank import BankRow
from tabletop.games.catan.screen.common import Shared
from tabletop.games.catan.screen.panel import Panel
from tabletop.games.catan.views import PlayerView
from tabletop.i18n import _


class Development(Panel):
    """The choices of a development card being played."""

    def __init__(self, shared: Shared, bank: BankRow) -> None:
        super().__init__(shared)
        self.bank = bank

    def player_of(self, kind: str) -> Callable[[], bool]:
        """What a click on a playable card of `kind` does."""

        def play() -> bool:
            if kind == "monopoly":
                self.choices.mode = "monopoly"
                return True
            return self.ctx.submit(Action(f"play_{kind}"))

        return play

    def draw_plenty(self, surface: pygame.Surface, rect: pygame.Rect, data: PlayerView) -> None:
        takes = {a["resource"] for a in self.read.of_kind("take_resource")}
        y = self.title(surface, rect, rect.y, _("Year of plenty: take {count} more", count=data.free))
        y = self.note(surface, rect, y, _("Click a resource to take one card of it from the bank."))

        def take(key: str) -> Callable[[], bool]:
            return lambda: self.ctx.submit(Action("take_resource", resource=key))

        y = self.resource_buttons(surface, "take", rect, y, take, lambda key: key in takes)
        self.bank.draw(surface, data, rect.right, y)

    def draw_monopoly(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        plays = {a["resource"] for a in self.read.of_kind("play_monopoly")}
        y = self.title(surface, rect, rect.y, _("Monopoly: name a resource"))
        y = self.note(surface, rect, y, _("Every other player gives you all their cards of it."))

        def name(key: str) -> Callable[[], bool]:
            return lambda: self.submit_and_close(Action("play_monopoly", resource=key))

        self.resource_buttons(surface, "monopoly", rect, y, name, lambda key: key in plays)
        back = pygame.Rect(rect.x, rect.bottom - self.button_h(), rect.w, self.button_h())
        self.button(surface, "cancel", back, _("Cancel"), self.choices.cancel)
