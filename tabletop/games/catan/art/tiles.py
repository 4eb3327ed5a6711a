"""Catan's terrain hexes, drawn by code with their motifs (forest, pasture, fields,
hills, mountains, desert), and the sea."""

from __future__ import annotations

import math
import random

import pygame
import pygame.gfxdraw

from tabletop.games.catan.art.base import (
    SEA,
    SEA_DEEP,
    SQRT3,
    SS,
    TERRAIN_COLOURS,
    Colour,
    aa_polygon,
    hex_points,
    inside_hex,
    scatter,
)
from tabletop.ui import art
from tabletop.ui.caches import drawn

# -- terrain motifs ----------------------------------------------------------------


def _speckle(
    surface: pygame.Surface,
    rng: random.Random,
    base: Colour,
    cx: float,
    cy: float,
    radius: float,
    count: int,
    size: float,
) -> None:
    """Soft blotches of lighter and darker ground."""
    for _ in range(count):
        x = cx + rng.uniform(-radius, radius)
        y = cy + rng.uniform(-radius, radius)
        r = rng.uniform(size * 0.4, size)
        colour = art.shade(base, rng.choice((0.9, 0.93, 1.06, 1.1)))
        pygame.draw.ellipse(surface, colour, (x - r, y - r * 0.6, r * 2, r * 1.2))


def _conifer(surface: pygame.Surface, x: float, y: float, h: float, colour: Colour) -> None:
    """A fir tree standing on (x, y), `h` tall."""
    w = h * 0.62
    pygame.draw.rect(surface, (92, 60, 34), (x - h * 0.06, y - h * 0.2, h * 0.12, h * 0.2))
    pygame.draw.ellipse(surface, art.shade(colour, 0.55), (x - w * 0.55, y - h * 0.08, w * 1.1, h * 0.16))
    for k in range(3):
        top = y - h + k * h * 0.26
        bottom = top + h * 0.42
        half = w * (0.32 + 0.1 * k)
        aa_polygon(surface, art.shade(colour, 0.78 + 0.06 * k), [(x, top), (x + half, bottom), (x - half, bottom)])
        aa_polygon(surface, art.shade(colour, 1.08 + 0.04 * k), [(x, top), (x, bottom), (x - half, bottom)])


def _broadleaf(surface: pygame.Surface, x: float, y: float, h: float, colour: Colour) -> None:
    """A round leafy tree standing on (x, y)."""
    pygame.draw.rect(surface, (96, 64, 36), (x - h * 0.05, y - h * 0.35, h * 0.1, h * 0.35))
    r = h * 0.3
    crown = (x, y - h * 0.6)
    pygame.draw.circle(surface, art.shade(colour, 0.7), (crown[0] + r * 0.1, crown[1] + r * 0.1), r)
    pygame.draw.circle(surface, colour, crown, r * 0.92)
    pygame.draw.circle(surface, art.shade(colour, 1.18), (crown[0] - r * 0.3, crown[1] - r * 0.3), r * 0.42)


def _forest(surface: pygame.Surface, rng: random.Random, cx: float, cy: float, radius: float) -> None:
    base = TERRAIN_COLOURS["forest"]
    _speckle(surface, rng, base, cx, cy, radius, 26, radius * 0.22)
    for x, y in scatter(rng, cx, cy + radius * 0.1, radius * 0.86, 17, radius * 0.36, radius * 0.21):
        h = radius * rng.uniform(0.3, 0.4)
        if rng.random() < 0.78:
            _conifer(surface, x, y, h, art.shade((40, 96, 44), rng.uniform(0.85, 1.1)))
        else:
            _broadleaf(surface, x, y, h, (78, 140, 58))


def sheep(surface: pygame.Surface, x: float, y: float, size: float, facing: int) -> None:
    """A sheep standing on (x, y), `size` long, facing left (-1) or right (1)."""
    body_w, body_h = size, size * 0.62
    bx, by = x - body_w / 2, y - body_h - size * 0.18
    legs = (40, 36, 38)
    for k in (0.25, 0.4, 0.62, 0.77):
        leg_x = bx + body_w * k
        pygame.draw.line(surface, legs, (leg_x, by + body_h * 0.8), (leg_x, y), max(1, int(size * 0.08)))
    pygame.draw.ellipse(surface, (0, 0, 0, 40), (x - body_w * 0.55, y - size * 0.06, body_w * 1.1, size * 0.14))
    wool = (246, 244, 236)
    shadow = (206, 202, 192)
    pygame.draw.ellipse(surface, shadow, (bx, by + body_h * 0.1, body_w, body_h))
    for k in range(5):
        px = bx + body_w * (0.2 + 0.15 * k)
        py = by + body_h * (0.35 if k % 2 else 0.28)
        pygame.draw.circle(surface, wool, (px, py), body_h * 0.33)
    pygame.draw.ellipse(surface, wool, (bx + body_w * 0.08, by + body_h * 0.15, body_w * 0.84, body_h * 0.7))
    hx = x + facing * body_w * 0.52
    head = pygame.Rect(0, 0, size * 0.3, size * 0.36)
    head.center = (int(hx), int(by + body_h * 0.35))
    pygame.draw.ellipse(surface, (52, 48, 50), head)
    ear = (hx - facing * size * 0.2 - size * 0.08, by + body_h * 0.16, size * 0.16, size * 0.1)
    pygame.draw.ellipse(surface, (52, 48, 50), ear)


def _pasture(surface: pygame.Surface, rng: random.Random, cx: float, cy: float, radius: float) -> None:
    base = TERRAIN_COLOURS["pasture"]
    _speckle(surface, rng, base, cx, cy, radius, 24, radius * 0.25)
    grass = art.shade(base, 0.7)
    light = art.shade(base, 1.2)
    for x, y in scatter(rng, cx, cy, radius * 0.92, 40, 0, radius * 0.1):
        h = radius * 0.07
        for dx in (-0.6, 0, 0.6):
            pygame.draw.line(surface, grass, (x, y), (x + dx * h, y - h), max(1, int(radius * 0.018)))
        if rng.random() < 0.2:
            pygame.draw.circle(surface, light if rng.random() < 0.6 else (250, 240, 120), (x, y - h), radius * 0.018)
    spots = scatter(rng, cx, cy + radius * 0.05, radius * 0.7, 3, radius * 0.42, radius * 0.42)
    for x, y in spots:
        sheep(surface, x, y, radius * 0.3, rng.choice((-1, 1)))


def _fields(surface: pygame.Surface, rng: random.Random, cx: float, cy: float, radius: float) -> None:
    base = TERRAIN_COLOURS["fields"]
    # rows of wheat running diagonally
    dark = art.shade(base, 0.8)
    light = art.shade(base, 1.25)
    step = radius * 0.16
    angle = math.radians(-28)
    ux, uy = math.cos(angle), math.sin(angle)
    vx, vy = -uy, ux
    for k in range(-8, 9):
        ox, oy = cx + vx * k * step, cy + vy * k * step
        a = (ox - ux * radius * 1.2, oy - uy * radius * 1.2)
        b = (ox + ux * radius * 1.2, oy + uy * radius * 1.2)
        pygame.draw.line(surface, dark if k % 2 else art.shade(base, 0.92), a, b, max(1, int(step * 0.45)))
        # ears of grain along the row
        for j in range(-9, 10):
            t = j * radius * 0.13 + rng.uniform(-3, 3) * SS
            ex, ey = ox + ux * t, oy + uy * t
            if not inside_hex(ex, ey, cx, cy, radius * 0.97):
                continue
            pygame.draw.line(
                surface, (170, 124, 34), (ex, ey + step * 0.3), (ex, ey - step * 0.2), max(1, int(radius * 0.014))
            )
            pygame.draw.ellipse(surface, light, (ex - step * 0.12, ey - step * 0.5, step * 0.24, step * 0.42))


def bricks(surface: pygame.Surface, x: float, y: float, w: float) -> None:
    """A stack of clay bricks standing on (x, y), `w` wide: three, two, one."""
    bw, bh = w / 3, w * 0.17
    mortar = (96, 44, 28)
    line = max(1, int(w * 0.035))
    pygame.draw.ellipse(surface, (0, 0, 0, 60), (x - w * 0.6, y - bh * 0.4, w * 1.2, bh * 0.9))
    for level, count in enumerate((3, 2, 1)):
        for k in range(count):
            rect = pygame.Rect(0, 0, int(bw), int(bh))
            rect.bottomleft = (int(x - w / 2 + (3 - count) * bw / 2 + k * bw), int(y - level * bh))
            pygame.draw.rect(surface, (182, 64, 36), rect)
            pygame.draw.rect(surface, (226, 120, 80), (rect.x, rect.y, rect.w, max(2, rect.h // 3)))
            pygame.draw.rect(surface, mortar, rect, line)


def _hills(surface: pygame.Surface, rng: random.Random, cx: float, cy: float, radius: float) -> None:
    base = TERRAIN_COLOURS["hills"]
    _speckle(surface, rng, base, cx, cy, radius, 20, radius * 0.22)
    # rounded clay mounds
    for x, y in scatter(rng, cx, cy, radius * 0.85, 4, radius * 0.45, radius * 0.45):
        w = radius * rng.uniform(0.45, 0.6)
        h = w * 0.5
        pygame.draw.ellipse(surface, art.shade(base, 0.75), (x - w / 2, y - h, w, h * 2))
        pygame.draw.ellipse(surface, art.shade(base, 1.12), (x - w / 2.4, y - h * 0.9, w * 0.55, h * 0.8))
        pygame.draw.rect(surface, art.shade(base, 0.88), (x - w / 2 - 2, y, w + 4, h))
    # the clay pit's bricks
    for x, y in (
        (cx - radius * 0.5, cy + radius * 0.62),
        (cx + radius * 0.52, cy + radius * 0.5),
        (cx + radius * 0.02, cy - radius * 0.5),
    ):
        bricks(surface, x + rng.uniform(-0.05, 0.05) * radius, y, radius * rng.uniform(0.46, 0.54))


def _mountains(surface: pygame.Surface, rng: random.Random, cx: float, cy: float, radius: float) -> None:
    base = TERRAIN_COLOURS["mountains"]
    _speckle(surface, rng, base, cx, cy, radius, 18, radius * 0.2)
    peaks = [
        (cx - radius * 0.5, cy - radius * 0.05, radius * 0.62),
        (cx + radius * 0.48, cy - radius * 0.1, radius * 0.58),
        (cx - radius * 0.05, cy - radius * 0.35, radius * 0.66),
        (cx - radius * 0.32, cy + radius * 0.62, radius * 0.44),
        (cx + radius * 0.35, cy + radius * 0.66, radius * 0.4),
    ]
    for x, base_y, h in sorted(peaks, key=lambda p: p[1]):
        w = h * rng.uniform(0.75, 0.95)
        top = (x + rng.uniform(-0.08, 0.08) * w, base_y - h * 0.75)
        left, right = (x - w, base_y + h * 0.25), (x + w, base_y + h * 0.25)
        aa_polygon(surface, (96, 94, 104), [top, right, left])
        aa_polygon(surface, (170, 168, 176), [top, (top[0] - w * 0.1, base_y + h * 0.25), left])
        # snow cap
        k = 0.32
        cap_l = (top[0] + (left[0] - top[0]) * k, top[1] + (left[1] - top[1]) * k)
        cap_r = (top[0] + (right[0] - top[0]) * k, top[1] + (right[1] - top[1]) * k)
        mid = (top[0] + w * 0.05, cap_l[1] + h * 0.06)
        aa_polygon(surface, (246, 248, 252), [top, cap_r, mid, (top[0] - w * 0.12, cap_l[1] + h * 0.02), cap_l])
    for x, y in scatter(rng, cx, cy, radius * 0.9, 9, radius * 0.45, radius * 0.15):
        r = radius * rng.uniform(0.04, 0.07)
        pygame.draw.circle(surface, (88, 86, 94), (x, y), r)
        pygame.draw.circle(surface, (168, 166, 172), (x - r * 0.3, y - r * 0.3), r * 0.5)


def _desert(surface: pygame.Surface, rng: random.Random, cx: float, cy: float, radius: float) -> None:
    base = TERRAIN_COLOURS["desert"]
    # dunes: long soft crests with a shaded lee side
    for k in range(-3, 4):
        y = cy + k * radius * 0.27 + rng.uniform(-4, 4) * SS
        rect = pygame.Rect(0, 0, int(radius * rng.uniform(1.1, 1.6)), int(radius * 0.34))
        rect.center = (int(cx + rng.uniform(-0.35, 0.35) * radius), int(y))
        pygame.draw.ellipse(surface, art.shade(base, 0.86), rect)
        crest = rect.move(0, int(radius * 0.05)).inflate(-rect.w // 8, -rect.h // 4)
        pygame.draw.ellipse(surface, art.shade(base, 1.08), crest)
        pygame.draw.arc(
            surface, art.shade(base, 0.72), rect, math.radians(20), math.radians(160), max(1, int(radius * 0.02))
        )
    # a cactus and a few stones
    x, y = cx + radius * 0.48, cy + radius * 0.5
    green, light = (70, 130, 64), (110, 170, 90)
    w = radius * 0.09
    pygame.draw.rect(surface, green, (x - w / 2, y - radius * 0.42, w, radius * 0.42), border_radius=int(w / 2))
    pygame.draw.rect(surface, green, (x - w * 2.1, y - radius * 0.3, w * 0.8, radius * 0.18), border_radius=int(w / 2))
    pygame.draw.rect(surface, green, (x - w * 2.1, y - radius * 0.2, w * 1.8, w * 0.8), border_radius=int(w / 3))
    pygame.draw.rect(surface, green, (x + w * 1.3, y - radius * 0.34, w * 0.8, radius * 0.16), border_radius=int(w / 2))
    pygame.draw.rect(surface, green, (x + w * 0.3, y - radius * 0.24, w * 1.8, w * 0.8), border_radius=int(w / 3))
    pygame.draw.line(
        surface, light, (x - w * 0.15, y - radius * 0.38), (x - w * 0.15, y - radius * 0.05), max(1, int(w * 0.25))
    )
    stones = (
        (cx - radius * 0.55, cy + radius * 0.45),
        (cx - radius * 0.4, cy - radius * 0.55),
        (cx + radius * 0.6, cy - radius * 0.3),
    )
    for sx, sy in stones:
        pygame.draw.ellipse(surface, (150, 130, 100), (sx, sy, radius * 0.12, radius * 0.07))


MOTIFS = {
    "forest": _forest,
    "pasture": _pasture,
    "fields": _fields,
    "hills": _hills,
    "mountains": _mountains,
    "desert": _desert,
}


@drawn(128)
def terrain_tile(terrain: str, radius: int, variant: int = 0) -> pygame.Surface:
    """A flat-topped land hex of circumradius `radius`: its ground, motifs and a
    bevelled rim; `variant` varies the motifs between hexes of one terrain."""
    big = radius * SS
    w, h = big * 2, int(math.ceil(big * SQRT3))
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    cx, cy = w / 2, h / 2
    base = TERRAIN_COLOURS.get(terrain, (160, 160, 160))
    outline = hex_points(cx, cy, big)
    ground = pygame.Surface((w, h), pygame.SRCALPHA)
    ground.fill((*base, 255))
    rng = random.Random(f"{terrain}-{variant}")
    motif = MOTIFS.get(terrain)
    if motif:
        motif(ground, rng, cx, cy, big)
    # light from the top left
    ground.blit(art.vertical_gradient((w, h), (255, 255, 255, 34), (0, 0, 0, 40)), (0, 0))
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    aa_polygon(mask, (255, 255, 255, 255), outline)
    ground.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    out.blit(ground, (0, 0))
    rim = max(2, int(big * 0.045))
    inner = hex_points(cx, cy, big - rim / 2)
    for k in range(6):
        a, b = inner[k], inner[(k + 1) % 6]
        # edges 3, 4 face up-left (lit); edges 0, 1 face down-right (shaded)
        colour = (255, 255, 255, 70) if k in (3, 4) else (0, 0, 0, 70) if k in (0, 1) else (0, 0, 0, 30)
        pygame.draw.line(out, colour, a, b, rim)
    pygame.draw.aalines(out, art.shade(base, 0.5), True, outline)
    return pygame.transform.smoothscale(out, (radius * 2, int(math.ceil(radius * SQRT3))))


@drawn(8)
def sea_texture(size: tuple[int, int]) -> pygame.Surface:
    """Open water: deep blue with scattered wave crests."""
    w, h = size
    out = (
        art.vertical_gradient((w, h), (*art.shade(SEA, 1.08), 255), (*SEA_DEEP, 255)).convert_alpha()
        if pygame.display.get_surface()
        else art.vertical_gradient((w, h), (*art.shade(SEA, 1.08), 255), (*SEA_DEEP, 255))
    )
    rng = random.Random(11)
    crest = (150, 196, 226, 120)
    for _ in range(max(20, w * h // 2600)):
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        r = rng.uniform(5, 11) * max(1.0, w / 1400)
        pygame.draw.arc(
            out, crest, (x - r, y - r / 2, r * 2, r), math.radians(20), math.radians(160), max(1, int(r / 5))
        )
    return out
