"""What is drawn over the table each frame, in its simplest parts: translucent
shapes, short labels on dark plates (placed clear of the tokens), the warriors'
tokens and the rings round them."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from tabletop.games.skirmish import art as sart
from tabletop.games.skirmish.play.state import NON_PLAYER_SIDE
from tabletop.games.skirmish.screen.camera import Camera
from tabletop.games.skirmish.screen.hand import Hand
from tabletop.games.skirmish.screen.reading import Reading
from tabletop.games.skirmish.screen.walking import Walks
from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.planar import Point
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.gameview import ViewContext

GOOD = (92, 196, 110)
WARN = (236, 176, 60)
BAD = (222, 64, 52)

#: what a held label says, its colour, where it stands (table mm), its radius and the path to it
Label = tuple[str, tuple[int, int, int], Point, float, tuple[Point, ...]]


def rgb(colour: str) -> tuple[int, int, int]:
    """An "#rrggbb" colour as numbers."""
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


class Overlay:
    """Draws over the table through the camera."""

    def __init__(self, ctx: ViewContext, camera: Camera, reading: Reading, hand: Hand, walks: Walks) -> None:
        self.ctx = ctx
        self.camera = camera
        self.reading = reading
        self.hand = hand
        self.walks = walks

    def poly(
        self,
        surface: pygame.Surface,
        points: Sequence[Sequence[float]],
        fill: tuple,
        outline: tuple | None = None,
        width: int = 2,
    ) -> pygame.Rect | None:
        """A translucent polygon, drawn through a surface only as large as it is."""
        if len(points) < 3:
            return None
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        bounds = pygame.Rect(
            int(min(xs)) - width - 1,
            int(min(ys)) - width - 1,
            int(max(xs) - min(xs)) + 2 * width + 3,
            int(max(ys) - min(ys)) + 2 * width + 3,
        )
        box = bounds.clip(surface.get_clip() or surface.get_rect())
        if box.w <= 0 or box.h <= 0:
            return None
        shape = pygame.Surface(box.size, pygame.SRCALPHA)
        local = [(x - box.x, y - box.y) for x, y in points]
        if fill[3] > 0:
            pygame.draw.polygon(shape, fill, local)
        if outline is not None:
            pygame.draw.polygon(shape, outline, local, width)
        surface.blit(shape, box.topleft)
        return box

    def pill(
        self,
        surface: pygame.Surface,
        text: str,
        at: tuple[float, float],
        colour: tuple[int, int, int] = th.CREAM,
        anchor: str = "center",
    ) -> pygame.Rect:
        """A short label on a dark rounded plate, over the table."""
        return pill(surface, self.ctx.theme, text, at, colour, anchor)

    def pill_size(self, text: str) -> tuple[int, int]:
        """The size `pill` draws a label of this text at."""
        t = self.ctx.theme
        w, h = t.font(th.SMALL, bold=True).size(text)
        return (w + t.px(18), h + t.px(6))

    def free_rect(
        self, size: tuple[int, int], candidates: Sequence[tuple[str, tuple[float, float]]], taken: Sequence[pygame.Rect]
    ) -> pygame.Rect:
        """The first of the candidate places (anchor, point) where a rect of `size`
        lies inside the view and covers none of `taken`; else the first place moved
        into the view that covers none, else the first place moved into the view
        (a label is never cut off at the table's edge)."""
        view = self.camera.viewport
        places = []
        for anchor, at in candidates:
            rect = pygame.Rect((0, 0), size)
            setattr(rect, anchor, (int(at[0]), int(at[1])))
            if view.contains(rect) and rect.collidelist(taken) < 0:
                return rect
            places.append(rect.clamp(view))
        for rect in places:
            if rect.collidelist(taken) < 0:
                return rect
        return places[0] if places else pygame.Rect((0, 0), size).clamp(view)

    def token_rects(self) -> list[pygame.Rect]:
        """Where the warriors' tokens are on the screen (walking ones where they walk,
        a dragged one where it stands and where its ghost is)."""
        found = []
        grow = self.ctx.theme.px(3)
        models = self.reading.table.models
        spots = [
            (m.id, self.walks.point(m.id) if m.id in self.walks else m.position, m.radius) for m in models.values()
        ]
        spots += [(model_id, ghost, models[model_id].radius) for model_id, ghost in self.hand.moved_positions().items()]
        for _model_id, position, radius in spots:
            c = self.camera.to_screen(position)
            r = radius * self.camera.scale + grow
            found.append(pygame.Rect(int(c[0] - r), int(c[1] - r), int(2 * r) + 1, int(2 * r) + 1))
        return found

    def label_rect(self, held: Label | None) -> pygame.Rect | None:
        """Where the label of what is held goes: beside its ghost (above, below, to
        either side) or beside the path, wherever it covers no warrior's token (nor
        the ghost's), inside the view; the first place tried when none is free."""
        if held is None:
            return None
        text, _colour, spot, radius, path = held
        t = self.ctx.theme
        size = self.pill_size(text)
        q = self.camera.to_screen(spot)
        r = radius * self.camera.scale + t.px(8)
        candidates = [
            ("midbottom", (q[0], q[1] - r)),
            ("midtop", (q[0], q[1] + r)),
            ("midleft", (q[0] + r, q[1])),
            ("midright", (q[0] - r, q[1])),
        ]
        screen = self.camera.screen_poly(path)
        for a, b in list(zip(screen, screen[1:], strict=False))[::-1]:
            length = math.dist(a, b)
            if length < size[0]:
                continue
            m = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            nx, ny = -(b[1] - a[1]) / length, (b[0] - a[0]) / length
            gap = t.px(10) + size[1] / 2
            candidates += [
                ("center", (m[0] + nx * gap, m[1] + ny * gap)),
                ("center", (m[0] - nx * gap, m[1] - ny * gap)),
            ]
        rr = radius * self.camera.scale + t.px(3)
        taken = self.token_rects() + [pygame.Rect(int(q[0] - rr), int(q[1] - rr), int(2 * rr) + 1, int(2 * rr) + 1)]
        return self.free_rect(size, candidates, taken)

    def warrior(self, surface: pygame.Surface, model_id: str, centre: tuple[float, float], alpha: int = 255) -> None:
        """A warrior's token at a screen point; in play, a tick on one that has moved."""
        model = self.reading.warriors[model_id]
        scale = self.camera.scale
        sprite = sart.warrior(
            max(4, round(model.base * scale)),
            rgb(model.colour),
            self.ctx.colour(model.side),
            self.reading.token_label(model),
        )
        if alpha < 255:
            sprite = sprite.copy()
            sprite.set_alpha(alpha)
        surface.blit(sprite, sprite.get_rect(center=(round(centre[0]), round(centre[1]))))
        if not self.reading.setting_up and model.activated and model.side != NON_PLAYER_SIDE:
            moved_tick(surface, centre, model.base / 2 * scale)

    def ring(
        self, surface: pygame.Surface, model_id: str, colour: tuple[int, int, int], width: int = 3, grow: float = 3.0
    ) -> None:
        """A ring round a warrior where it shows (held: at its ghost; walking: where it walks)."""
        model = self.reading.table.models[model_id]
        centre = self.camera.to_screen(self.hand.moved_positions().get(model_id, model.position))
        if model_id in self.walks:
            centre = self.camera.to_screen(self.walks.point(model_id))
        t = self.ctx.theme
        pygame.draw.circle(surface, colour, centre, model.radius * self.camera.scale + t.px(grow), max(1, t.px(width)))

    def outline(self, surface: pygame.Surface, element: str, colour: tuple[int, int, int], width: int) -> None:
        """A ring round a warrior, a line round a terrain piece."""
        table = self.reading.table
        if element in table.models:
            self.ring(surface, element, colour, width, 1)
        elif element in table.pieces:
            pygame.draw.polygon(
                surface,
                colour,
                self.camera.screen_poly(table.pieces[element].outline),
                max(2, self.ctx.theme.px(width)),
            )

    def centre_of(self, element: str) -> Point:
        table = self.reading.table
        if element in table.models:
            return table.models[element].position
        return planar.centroid(table.pieces[element].outline)


def pill(
    surface: pygame.Surface,
    t: th.Theme,
    text: str,
    at: tuple[float, float],
    colour: tuple[int, int, int] = th.CREAM,
    anchor: str = "center",
) -> pygame.Rect:
    """A short label on a dark rounded plate."""
    font = t.font(th.SMALL, bold=True)
    w, h = font.size(text)
    rect = pygame.Rect(0, 0, w + t.px(18), h + t.px(6))
    setattr(rect, anchor, (int(at[0]), int(at[1])))
    art.rounded_rect(surface, rect, (24, 18, 12, 215), rect.h // 2)
    art.text(surface, text, font, colour, rect.center, "center")
    return rect


def moved_tick(surface: pygame.Surface, centre: tuple[float, float], r: float) -> None:
    """The small mark at the top right of the token (radius `r` px) of a warrior
    activated this round."""
    spot = (centre[0] + r * 0.7, centre[1] - r * 0.7)
    pygame.draw.circle(surface, th.CREAM, spot, max(3, r * 0.28))
    pygame.draw.circle(surface, th.INK, spot, max(3, r * 0.28), 1)
    k = max(2, r * 0.14)
    pygame.draw.lines(
        surface,
        th.GREEN,
        False,
        [(spot[0] - k, spot[1]), (spot[0] - k * 0.2, spot[1] + k * 0.8), (spot[0] + k, spot[1] - k * 0.8)],
        max(1, int(k * 0.5)),
    )
