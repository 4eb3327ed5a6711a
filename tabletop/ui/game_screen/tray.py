"""The dice tray beside the board: the last roll as real dice faces in a felt
tray, tumbling when new dice land; while the players roll real dice, what to
roll and where to enter it."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from tabletop.engine.core import Event
from tabletop.i18n import _
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.gameview import Tween

if TYPE_CHECKING:
    from tabletop.engine.match import Match


def last_roll(match: Match) -> tuple[Event | None, int]:
    """The newest dice event in the match's history and its step index."""
    for index in range(len(match.history) - 1, -1, -1):
        for event in reversed(match.history[index]):
            if event.kind == "dice" and event.data.get("faces"):
                return event, index
    return None, -1


class DiceTray:
    """The last roll, as real dice faces in a felt tray; tumbles when new dice land."""

    def __init__(self) -> None:
        self.tween: Tween | None = None
        self._rng = random.Random(7)

    def on_events(self, events: Sequence[Event]) -> None:
        if any(e.kind == "dice" for e in events):
            self.tween = Tween(0.75)

    def update(self, dt: float) -> None:
        if self.tween:
            self.tween.step(dt)
            if self.tween.done:
                self.tween = None

    def is_animating(self) -> bool:
        return self.tween is not None

    @staticmethod
    def draw_frame(surface: pygame.Surface, rect: pygame.Rect, theme: th.Theme) -> None:
        """The wooden tray with its felt, drawn once into the screen's backdrop."""
        t = theme
        art.draw_panel(surface, rect, "wood", radius=t.px(16), shadow=t.px(10))
        felt = rect.inflate(-t.px(22), -t.px(22))
        surface.blit(art.panel(felt.size, "felt", radius=t.px(10), border=0), felt.topleft)

    def draw(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        theme: th.Theme,
        match: Match,
        viewer: int | None,
        pending: str | None,
    ) -> None:
        t = theme
        felt = rect.inflate(-t.px(22), -t.px(22))
        small = t.font(th.SMALL)
        event, index = last_roll(match)
        caption_h = int(t.fs(th.SMALL) * 1.5)
        dice_area = pygame.Rect(felt.x, felt.y + t.px(8), felt.w, felt.h - caption_h - t.px(8))
        if pending:
            art.text(
                surface,
                pending,
                t.font(th.BODY, bold=True),
                th.GOLD,
                dice_area.center,
                "center",
                max_width=felt.w - t.px(20),
            )
            art.text(
                surface,
                _("Click here to enter the dice"),
                small,
                th.CREAM,
                (felt.centerx, felt.bottom - t.px(8)),
                "midbottom",
                max_width=felt.w - t.px(20),
            )
            return
        if event is None:
            art.text(
                surface, _("No dice rolled yet"), t.font(th.BODY, italic=True), (214, 230, 214), felt.center, "center"
            )
            return
        faces = list(event.data["faces"])
        sides = int(event.data.get("sides", 6))
        size = min(dice_area.h - t.px(6), t.px(96), (felt.w - t.px(20)) // max(1, len(faces)) - t.px(14))
        size = max(12, size)
        lefts = art.hstack([size] * len(faces), felt.w, t.px(18))
        tween = self.tween
        for k, (left, face) in enumerate(zip(lefts, faces, strict=False)):
            angle = ((index * 37 + k * 53) % 24) - 12
            lift = 0
            shown = face
            if tween is not None:  # rolling
                progress = tween.raw
                angle += int(360 * (1 - progress) * (1 if k % 2 else -1))
                lift = int(t.px(26) * abs(math.sin(progress * math.pi * 2.5)) * (1 - progress))
                if progress < 0.8:
                    shown = self._rng.randint(1, max(2, sides))
            die = art.die_face(size, shown, sides=sides)
            turned = pygame.transform.rotate(die, angle)
            centre = (felt.x + left + size // 2, dice_area.centery - lift)
            shadow = pygame.Rect(0, 0, size, size)
            shadow.center = (centre[0] + t.px(4), dice_area.centery + t.px(6))
            art.drop_shadow(surface, shadow, size // 5, t.px(6), alpha=120)
            surface.blit(turned, turned.get_rect(center=centre))
        message = event.for_seat(viewer)
        if message is not None:
            art.text(
                surface,
                message.render(match.player_names),
                small,
                th.CREAM,
                (felt.centerx, felt.bottom - t.px(8)),
                "midbottom",
                max_width=felt.w - t.px(20),
            )
