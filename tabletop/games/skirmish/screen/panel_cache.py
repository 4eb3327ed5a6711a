"""The panels beside the table as last drawn: each drawn again only when what it
shows changes, and blitted otherwise; the opaque middle of a panel as an opaque
surface (a plain copy), only its rim with its shadow blended."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from tabletop.ui import art
from tabletop.ui.gameview import GameView, Hit

#: a panel as blitted: each piece with where it goes (relative to the panel's area)
#: and the part of it that is blitted
Pieces = list[tuple[pygame.Surface, tuple[int, int], pygame.Rect]]


class PanelCache:
    """The panels as last drawn, each with its controls: a panel is drawn again
    only when what it shows changes, and blitted otherwise."""

    def __init__(self, view: GameView) -> None:
        self.view = view
        self._panels: dict[str, tuple[tuple, Pieces, list[Hit]]] = {}
        self._canvas: pygame.Surface | None = None

    def draw(
        self,
        surface: pygame.Surface,
        name: str,
        rect: pygame.Rect,
        key: tuple,
        draw: Callable[[pygame.Surface], None],
        margin: int | None = None,
    ) -> None:
        """Draw a panel once per change of what it shows (`key`); blit it otherwise.
        Its controls go to the view's hits either way."""
        view = self.view
        margin = view.theme.px(24) if margin is None else margin
        area = rect.inflate(margin * 2, margin * 2).clip(surface.get_rect())
        if area.w <= 0 or area.h <= 0:
            return
        cached = self._panels.get(name)
        if cached is None or cached[0] != key:
            if self._canvas is None or self._canvas.get_size() != surface.get_size():
                self._canvas = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            canvas = self._canvas
            canvas.fill((0, 0, 0, 0), area)
            before = len(view.hits)
            draw(canvas)
            image = canvas.subsurface(area).copy()
            cached = (key, pieces(image, rect.move(-area.x, -area.y)), view.hits[before:])
            self._panels[name] = cached
        else:
            view.hits.extend(cached[2])
        for piece, at, part in cached[1]:
            surface.blit(piece, (area.x + at[0], area.y + at[1]), part)

    def pointer_control(self, within: pygame.Rect) -> str | None:
        """The name of the control under the pointer inside a panel (for hover)."""
        pointer = self.view.pointer
        if not within.collidepoint(pointer):
            return None
        for _name, (_key, _image, hits) in self._panels.items():
            for hit in hits:
                if hit.rect.collidepoint(pointer):
                    return hit.name
        return ""


def pieces(image: pygame.Surface, panel: pygame.Rect) -> Pieces:
    """A panel's image (with its rim and shadow about `panel`, both relative to the
    image) as blitted: the widest band of `panel` as tall as it that is wholly opaque
    as an opaque copy, the rest blended; the whole image blended when no band is."""
    whole = image.get_rect()
    panel = panel.clip(whole)
    opaque = pygame.mask.from_surface(image, 254)  # alpha 255 only

    def solid(inset: int) -> bool:
        band = panel.inflate(-2 * inset, 0)
        if band.w <= 0:
            return False
        box = pygame.mask.Mask(band.size, fill=True)
        return opaque.overlap_area(box, band.topleft) == band.w * band.h

    # the least inset from the sides that leaves an opaque band (rounded corners are
    # narrower than a quarter of a panel; a band within an opaque band is opaque)
    low, high = 0, panel.w // 4
    if panel.w <= 0 or panel.h <= 0 or not solid(high):
        return [(image, (0, 0), whole)]
    while low < high:
        middle = (low + high) // 2
        if solid(middle):
            high = middle
        else:
            low = middle + 1
    core = panel.inflate(-2 * high, 0)
    found: Pieces = [(art.opaque(image.subsurface(core).copy()), core.topleft, pygame.Rect((0, 0), core.size))]
    for part in (
        pygame.Rect(0, 0, whole.w, core.top),
        pygame.Rect(0, core.bottom, whole.w, whole.h - core.bottom),
        pygame.Rect(0, core.top, core.left, core.h),
        pygame.Rect(core.right, core.top, whole.w - core.right, core.h),
    ):
        if part.w > 0 and part.h > 0:
            found.append((image, part.topleft, part))
    return found
