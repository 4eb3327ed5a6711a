"""The colours of Catan's artwork and the hex shapes every picture is drawn on."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import pygame
import pygame.gfxdraw

from tabletop.ui.caches import drawn

SQRT3 = math.sqrt(3)
SS = 2  # supersampling of the terrain tiles

Colour = tuple[int, int, int]

#: base colour of each terrain
TERRAIN_COLOURS: dict[str, Colour] = {
    "forest": (52, 112, 48),
    "pasture": (138, 190, 78),
    "fields": (226, 184, 64),
    "hills": (190, 104, 58),
    "mountains": (128, 126, 132),
    "desert": (226, 202, 146),
}
#: colour of each resource's cards and icons
RESOURCE_COLOURS: dict[str, Colour] = {
    "wood": (48, 116, 52),
    "brick": (188, 86, 46),
    "wool": (128, 186, 74),
    "grain": (222, 176, 44),
    "ore": (112, 118, 134),
}
DEVELOPMENT_COLOURS: dict[str, Colour] = {
    "knight": (120, 60, 150),
    "road_building": (40, 120, 96),
    "year_of_plenty": (40, 120, 96),
    "monopoly": (40, 120, 96),
    "victory_point": (176, 128, 30),
}
SEA = (38, 104, 162)
SEA_DEEP = (26, 74, 128)
SAND = (232, 212, 160)
RED_NUMBER = (186, 30, 24)
ROBBER = (58, 56, 62)


def hex_points(cx: float, cy: float, radius: float) -> list[tuple[float, float]]:
    """The six corners of a flat-topped hex, corner 0 to the right, clockwise."""
    return [(cx + radius * math.cos(math.pi / 3 * k), cy + radius * math.sin(math.pi / 3 * k)) for k in range(6)]


def aa_polygon(surface: pygame.Surface, colour: Sequence[int], points: Sequence[tuple[float, float]]) -> None:
    """A filled polygon with smooth edges."""
    pts = [(round(x), round(y)) for x, y in points]
    pygame.gfxdraw.filled_polygon(surface, pts, colour)
    pygame.gfxdraw.aapolygon(surface, pts, colour)


@drawn(16)
def hex_shape(radius: int, colour: tuple[int, int, int, int]) -> pygame.Surface:
    """A flat-topped hex of `radius` filled with `colour` (alpha allowed), centred in
    its surface: to shade or light one hex of the board."""
    w, h = radius * 2 + 2, int(math.ceil(radius * SQRT3)) + 2
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    aa_polygon(out, colour, hex_points(w / 2, h / 2, radius))
    return out


def inside_hex(x: float, y: float, cx: float, cy: float, radius: float) -> bool:
    dx, dy = abs(x - cx), abs(y - cy)
    return dy <= radius * SQRT3 / 2 and dx <= radius - dy / SQRT3


def scatter(
    rng: random.Random, cx: float, cy: float, radius: float, count: int, keep_out: float, spacing: float
) -> list[tuple[float, float]]:
    """Points spread over a hex (inside `radius`), none within `keep_out` of the
    centre (the number token) and none closer than `spacing` to each other."""
    points: list[tuple[float, float]] = []
    tries = 0
    while len(points) < count and tries < count * 60:
        tries += 1
        x = cx + rng.uniform(-radius, radius)
        y = cy + rng.uniform(-radius * SQRT3 / 2, radius * SQRT3 / 2)
        if not inside_hex(x, y, cx, cy, radius):
            continue
        if math.hypot(x - cx, y - cy) < keep_out:
            continue
        if any(math.hypot(x - px, y - py) < spacing for px, py in points):
            continue
        points.append((x, y))
    return sorted(points, key=lambda p: p[1])
