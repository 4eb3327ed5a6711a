"""Where the table lies on the screen: its viewport, the zoom and the pan, and the
conversion between table millimetres and screen pixels."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from tabletop.games.skirmish.table.planar import Point

#: the table may be zoomed until its larger side is this many pixels
MAX_LAYER = 2600
ZOOM_STEP = 1.15


class Camera:
    """The table (`width` x `height` mm) seen through `viewport`: `scale` pixels a
    millimetre, its top left corner at (`ox`, `oy`)."""

    def __init__(self) -> None:
        self.viewport = pygame.Rect(0, 0, 0, 0)
        self.width = 1.0
        self.height = 1.0
        self.scale = 1.0
        self.fit_scale = 1.0
        self.ox = 0
        self.oy = 0

    def fit(self, margin: int) -> None:
        """Zoom and pan so the whole table shows, `margin` pixels inside the viewport."""
        if not self.viewport.w:
            return
        w, h = self.width, self.height
        self.fit_scale = max(0.05, min((self.viewport.w - 2 * margin) / w, (self.viewport.h - 2 * margin) / h))
        self.scale = self.fit_scale
        self.ox = round(self.viewport.centerx - w * self.scale / 2)
        self.oy = round(self.viewport.centery - h * self.scale / 2)

    def max_scale(self) -> float:
        return max(self.fit_scale * 1.5, MAX_LAYER / max(self.width, self.height))

    def zoom(self, factor: float, about: tuple[int, int]) -> None:
        scale = min(self.max_scale(), max(self.fit_scale * 0.85, self.scale * factor))
        if abs(scale - self.scale) < 1e-9:
            return
        x, y = self.to_table(about)
        self.scale = scale
        self.ox = round(about[0] - x * scale)
        self.oy = round(about[1] - y * scale)
        self._clamp()

    def pan(self, dx: int, dy: int) -> None:
        self.ox += dx
        self.oy += dy
        self._clamp()

    def _clamp(self) -> None:
        # a quarter of the table stays in sight
        w, h = self.width * self.scale, self.height * self.scale
        v = self.viewport
        self.ox = int(min(v.right - w * 0.25, max(v.left - w * 0.75, self.ox)))
        self.oy = int(min(v.bottom - h * 0.25, max(v.top - h * 0.75, self.oy)))

    def to_screen(self, p: Point) -> tuple[float, float]:
        return (self.ox + p[0] * self.scale, self.oy + p[1] * self.scale)

    def to_table(self, q: Sequence[float]) -> Point:
        return ((q[0] - self.ox) / self.scale, (q[1] - self.oy) / self.scale)

    def on_table(self, q: Sequence[float]) -> bool:
        x, y = self.to_table(q)
        return self.viewport.collidepoint(q) and 0 <= x <= self.width and 0 <= y <= self.height

    def screen_poly(self, points: Sequence[Point]) -> list[tuple[float, float]]:
        s, ox, oy = self.scale, self.ox, self.oy
        return [(ox + x * s, oy + y * s) for x, y in points]
