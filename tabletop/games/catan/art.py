"""Catan's artwork, drawn by code: terrain hexes with their motifs, the sea, number
tokens with probability pips, harbour tokens, the pieces in the player colours, the
robber, resource and development card faces and the two special cards.

Every function returns a cached surface for a given size (blit it, do not draw on
it). Shapes are drawn larger and scaled down smoothly, so edges are soft.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import pygame
import pygame.gfxdraw

from tabletop.ui import art
from tabletop.ui import theme as th
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


def _inside_hex(x: float, y: float, cx: float, cy: float, radius: float) -> bool:
    dx, dy = abs(x - cx), abs(y - cy)
    return dy <= radius * SQRT3 / 2 and dx <= radius - dy / SQRT3


def _scatter(
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
        if not _inside_hex(x, y, cx, cy, radius):
            continue
        if math.hypot(x - cx, y - cy) < keep_out:
            continue
        if any(math.hypot(x - px, y - py) < spacing for px, py in points):
            continue
        points.append((x, y))
    return sorted(points, key=lambda p: p[1])


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
    for x, y in _scatter(rng, cx, cy + radius * 0.1, radius * 0.86, 17, radius * 0.36, radius * 0.21):
        h = radius * rng.uniform(0.3, 0.4)
        if rng.random() < 0.78:
            _conifer(surface, x, y, h, art.shade((40, 96, 44), rng.uniform(0.85, 1.1)))
        else:
            _broadleaf(surface, x, y, h, (78, 140, 58))


def _sheep(surface: pygame.Surface, x: float, y: float, size: float, facing: int) -> None:
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
    for x, y in _scatter(rng, cx, cy, radius * 0.92, 40, 0, radius * 0.1):
        h = radius * 0.07
        for dx in (-0.6, 0, 0.6):
            pygame.draw.line(surface, grass, (x, y), (x + dx * h, y - h), max(1, int(radius * 0.018)))
        if rng.random() < 0.2:
            pygame.draw.circle(surface, light if rng.random() < 0.6 else (250, 240, 120), (x, y - h), radius * 0.018)
    spots = _scatter(rng, cx, cy + radius * 0.05, radius * 0.7, 3, radius * 0.42, radius * 0.42)
    for x, y in spots:
        _sheep(surface, x, y, radius * 0.3, rng.choice((-1, 1)))


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
            if not _inside_hex(ex, ey, cx, cy, radius * 0.97):
                continue
            pygame.draw.line(
                surface, (170, 124, 34), (ex, ey + step * 0.3), (ex, ey - step * 0.2), max(1, int(radius * 0.014))
            )
            pygame.draw.ellipse(surface, light, (ex - step * 0.12, ey - step * 0.5, step * 0.24, step * 0.42))


def _bricks(surface: pygame.Surface, x: float, y: float, w: float) -> None:
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
    for x, y in _scatter(rng, cx, cy, radius * 0.85, 4, radius * 0.45, radius * 0.45):
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
        _bricks(surface, x + rng.uniform(-0.05, 0.05) * radius, y, radius * rng.uniform(0.46, 0.54))


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
    for x, y in _scatter(rng, cx, cy, radius * 0.9, 9, radius * 0.45, radius * 0.15):
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


# -- tokens, harbours, pieces ----------------------------------------------------------


def pips(number: int) -> int:
    """Ways two dice roll `number` (the dots under a number token)."""
    return 6 - abs(7 - number)


#: tokens and pieces are drawn this many times larger, then scaled down smoothly
PIECE_SS = 3


def _token_canvas(radius: int, shadow: int) -> tuple[pygame.Surface, tuple[int, int], int]:
    """A supersampled canvas for a round token of `radius` with its shadow (of
    alpha `shadow`) drawn: (canvas, centre, radius on the canvas). `_scaled` then
    gives the token."""
    s = PIECE_SS
    R = radius * s
    size = R * 2 + s * 4
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (size // 2, size // 2)
    pygame.draw.circle(out, (0, 0, 0, shadow), (c[0] + s, c[1] + s * 2), R)
    return out, c, R


def _scaled(out: pygame.Surface, ghost: bool = False) -> pygame.Surface:
    """A supersampled token or piece at its size (a `ghost` one pale and see-through)."""
    if ghost:
        out.fill((255, 255, 255, 150), special_flags=pygame.BLEND_RGBA_MULT)
    return pygame.transform.smoothscale(out, (out.get_width() // PIECE_SS, out.get_height() // PIECE_SS))


@drawn(32)
def number_token(number: int, radius: int) -> pygame.Surface:
    """A round cream token with the number (red for 6 and 8) and its pips."""
    out, c, R = _token_canvas(radius, 70)
    pygame.draw.circle(out, (196, 170, 120), c, R)
    pygame.draw.circle(out, (248, 238, 210), c, int(R * 0.9))
    pygame.draw.circle(out, (255, 250, 236), (c[0] - R // 6, c[1] - R // 6), int(R * 0.55))
    pygame.draw.circle(out, (248, 238, 210), c, int(R * 0.72))
    dots = pips(number)
    red = number in (6, 8)
    ink = RED_NUMBER if red else th.INK
    font = th.load_font(max(8, int(R * (0.86 + 0.05 * dots))), bold=True)
    art.text(out, str(number), font, ink, (c[0], c[1] - int(R * 0.14)), "center")
    dot_r = max(2, int(R * 0.085))
    gap = dot_r * 2.6
    y = c[1] + int(R * 0.52)
    for k in range(dots):
        x = c[0] + (k - (dots - 1) / 2) * gap
        pygame.draw.circle(out, ink, (int(x), y), dot_r)
    return _scaled(out)


@drawn(64)
def resource_icon(resource: str | None, size: int) -> pygame.Surface:
    """The picture of a resource, `size` pixels square: logs, bricks, a sheep, a
    sheaf of grain, a heap of ore; None: a question mark (any resource)."""
    s = 3
    S = size * s
    out = pygame.Surface((S, S), pygame.SRCALPHA)
    outline = (40, 28, 20)
    lw = max(2, S // 28)
    if resource == "wood":
        # three logs, ends towards the viewer
        bark, wood_end, ring = (112, 70, 36), (222, 180, 120), (170, 120, 70)
        for cx, cy in ((0.32, 0.66), (0.68, 0.66), (0.5, 0.34)):
            x, y = cx * S, cy * S
            r = S * 0.2
            pygame.draw.rect(out, bark, (x - r * 1.6, y - r, r * 1.6, r * 2))
            pygame.draw.circle(out, outline, (x, y), r + lw)
            pygame.draw.circle(out, wood_end, (x, y), r)
            pygame.draw.circle(out, ring, (x, y), r * 0.62, lw)
            pygame.draw.circle(out, ring, (x, y), r * 0.25)
    elif resource == "brick":
        _bricks(out, S * 0.5, S * 0.86, S * 0.92)
    elif resource == "wool":
        _sheep(out, S * 0.48, S * 0.86, S * 0.78, 1)
    elif resource == "grain":
        stalk, ear = (170, 126, 30), (236, 196, 72)
        base = (S * 0.5, S * 0.92)
        for k in range(-3, 4):
            angle = math.radians(-90 + k * 11)
            top = (base[0] + math.cos(angle) * S * 0.62, base[1] + math.sin(angle) * S * 0.8)
            pygame.draw.line(out, stalk, base, top, max(1, S // 40))
            for j in range(4):
                t = 0.62 + 0.11 * j
                ex = base[0] + (top[0] - base[0]) * t
                ey = base[1] + (top[1] - base[1]) * t
                for side in (-1, 1):
                    rect = pygame.Rect(0, 0, S * 0.07, S * 0.12)
                    rect.center = (int(ex + side * S * 0.03), int(ey))
                    pygame.draw.ellipse(out, ear, rect)
                    pygame.draw.ellipse(out, art.shade(ear, 0.7), rect, max(1, s))
        pygame.draw.line(out, (120, 80, 30), (S * 0.34, S * 0.74), (S * 0.66, S * 0.74), max(2, S // 16))
    elif resource == "ore":
        rocks = [((0.3, 0.7), 0.25), ((0.68, 0.7), 0.24), ((0.5, 0.42), 0.26)]
        for (x, y), r in rocks:
            cx, cy, R = x * S, y * S, r * S
            pts = [
                (cx + R * math.cos(a) * (0.85 + 0.15 * (k % 2)), cy + R * math.sin(a) * 0.8)
                for k, a in enumerate(math.radians(d) for d in range(0, 360, 51))
            ]
            aa_polygon(out, (88, 92, 108), pts)
            aa_polygon(out, (150, 156, 174), [(cx, cy), pts[3], pts[4], pts[5]])
            pygame.draw.aalines(out, outline, True, pts)
            pygame.draw.circle(out, (230, 236, 250), (cx - R * 0.3, cy - R * 0.25), max(2, R * 0.1))
    else:
        font = th.load_font(int(S * 0.8), bold=True)
        art.text(out, "?", font, th.INK, (S // 2, S // 2), "center")
    return pygame.transform.smoothscale(out, (size, size))


@drawn(32)
def harbour_token(resource: str | None, ratio: int, radius: int) -> pygame.Surface:
    """A harbour's round sign: its resource (or any) and its ratio."""
    out, c, R = _token_canvas(radius, 80)
    rim = RESOURCE_COLOURS.get(resource or "", (240, 236, 226)) if resource else (236, 232, 220)
    pygame.draw.circle(out, (92, 62, 36), c, R)
    pygame.draw.circle(out, rim, c, int(R * 0.88))
    pygame.draw.circle(out, (250, 244, 228), c, int(R * 0.74))
    icon = resource_icon(resource, int(R * 0.72))
    out.blit(icon, icon.get_rect(center=(c[0], c[1] - int(R * 0.26))))
    font = th.load_font(max(8, int(R * 0.58)), bold=True)
    art.text(out, f"{ratio}:1", font, th.INK, (c[0], c[1] + int(R * 0.36)), "center")
    return _scaled(out)


def _outlined(
    surface: pygame.Surface, points: Sequence[tuple[float, float]], fill: Colour, outline: Colour, width: int
) -> None:
    aa_polygon(surface, fill, points)
    pygame.draw.polygon(surface, outline, [(round(x), round(y)) for x, y in points], width)


def _piece_canvas(width: int, height: float) -> tuple[pygame.Surface, int, int, int, int]:
    """A supersampled canvas for a piece `width` pixels wide and `height` times as
    tall, with room round it: (canvas, x0, y0, W, H), the piece's box on the
    canvas. `_scaled` then gives the piece."""
    W = width * PIECE_SS
    H = int(W * height)
    pad = PIECE_SS * 3
    return pygame.Surface((W + pad * 2, H + pad * 2), pygame.SRCALPHA), pad, pad, W, H


def _house(
    out: pygame.Surface,
    colour: Colour,
    outline: Sequence[tuple[float, float]],
    left: float,
    right: float,
    top: float,
    eaves: float,
    line: int,
) -> None:
    """A house in `colour`: the `outline` filled and edged, and the gable between
    `left` and `right` (the roof from `top` down to `eaves`), its two faces lit
    from the top left."""
    edge = art.shade(colour, 0.35)
    _outlined(out, outline, colour, edge, line)
    middle = (left + right) / 2
    ridge = (middle, top + line * 1.2)
    aa_polygon(out, art.shade(colour, 1.3), [(left + line, eaves), ridge, (middle, eaves)])
    aa_polygon(out, art.shade(colour, 0.82), [ridge, (right - line, eaves), (middle, eaves)])


def _arch(out: pygame.Surface, colour: Colour, rect: pygame.Rect) -> None:
    """A door or window with a round top."""
    pygame.draw.rect(out, colour, rect, border_top_left_radius=rect.w // 2, border_top_right_radius=rect.w // 2)


@drawn(64)
def settlement(colour: Colour, width: int, ghost: bool = False) -> pygame.Surface:
    """A little wooden house in a player's colour, `width` pixels wide (height 1.1x)."""
    out, x0, y0, W, H = _piece_canvas(width, 1.1)
    edge = art.shade(colour, 0.35)
    line = max(2, W // 16)
    front = [(x0, y0 + H * 0.45), (x0 + W * 0.5, y0), (x0 + W, y0 + H * 0.45), (x0 + W, y0 + H), (x0, y0 + H)]
    if not ghost:
        pygame.draw.ellipse(out, (0, 0, 0, 90), (x0 - W * 0.05, y0 + H * 0.84, W * 1.2, H * 0.26))
    _house(out, colour, front, x0, x0 + W, y0, y0 + H * 0.45, line)
    pygame.draw.polygon(out, edge, [(round(x), round(y)) for x, y in front], line)
    pygame.draw.line(out, edge, (x0, y0 + H * 0.45), (x0 + W, y0 + H * 0.45), line)
    door = pygame.Rect(0, 0, int(W * 0.24), int(H * 0.3))
    door.midbottom = (int(x0 + W * 0.5), int(y0 + H - line // 2))
    _arch(out, art.shade(colour, 0.5), door)
    return _scaled(out, ghost)


@drawn(64)
def city(colour: Colour, width: int, ghost: bool = False) -> pygame.Surface:
    """A city in a player's colour: a tall gabled house and a lower hall, `width`
    pixels wide (height 0.9x)."""
    out, x0, y0, W, H = _piece_canvas(width, 0.9)
    edge = art.shade(colour, 0.35)
    line = max(2, W // 20)
    shape = [
        (x0, y0 + H * 0.32),
        (x0 + W * 0.26, y0),
        (x0 + W * 0.52, y0 + H * 0.32),
        (x0 + W * 0.52, y0 + H * 0.44),
        (x0 + W, y0 + H * 0.44),
        (x0 + W, y0 + H),
        (x0, y0 + H),
    ]
    if not ghost:
        pygame.draw.ellipse(out, (0, 0, 0, 90), (x0 - W * 0.04, y0 + H * 0.82, W * 1.12, H * 0.3))
    _house(out, colour, shape, x0, x0 + W * 0.52, y0, y0 + H * 0.32, line)
    pygame.draw.rect(out, art.shade(colour, 1.15), (x0 + W * 0.52, y0 + H * 0.44, W * 0.48 - line, H * 0.1))
    pygame.draw.polygon(out, edge, [(round(x), round(y)) for x, y in shape], line)
    pygame.draw.line(out, edge, (x0, y0 + H * 0.32), (x0 + W * 0.52, y0 + H * 0.32), line)
    pygame.draw.line(out, edge, (x0 + W * 0.52, y0 + H * 0.44), (x0 + W * 0.52, y0 + H), line)
    dark = art.shade(colour, 0.5)
    for k in range(2):
        _arch(out, dark, pygame.Rect(int(x0 + W * (0.62 + 0.18 * k)), int(y0 + H * 0.62), int(W * 0.1), int(H * 0.16)))
    door = pygame.Rect(0, 0, int(W * 0.18), int(H * 0.34))
    door.midbottom = (int(x0 + W * 0.26), int(y0 + H - line // 2))
    _arch(out, dark, door)
    return _scaled(out, ghost)


def road(
    surface: pygame.Surface,
    a: tuple[float, float],
    b: tuple[float, float],
    colour: Colour,
    width: float,
    alpha: int = 255,
) -> None:
    """A road piece: a wooden bar from near `a` to near `b`, `width` thick."""
    ax, ay = a
    bx, by = b
    length = math.hypot(bx - ax, by - ay) or 1
    ux, uy = (bx - ax) / length, (by - ay) / length
    trim = length * 0.14
    ax, ay, bx, by = ax + ux * trim, ay + uy * trim, bx - ux * trim, by - uy * trim
    nx, ny = -uy * width / 2, ux * width / 2
    body = [(ax + nx, ay + ny), (bx + nx, by + ny), (bx - nx, by - ny), (ax - nx, ay - ny)]
    edge = art.shade(colour, 0.35)
    if alpha < 255:
        fill: tuple[int, ...] = (*colour, alpha)
        aa_polygon(surface, fill, body)
        pygame.draw.aalines(surface, (*edge, alpha), True, body)
        return
    shadow = [(x + width * 0.15, y + width * 0.3) for x, y in body]
    aa_polygon(surface, (0, 0, 0, 80), shadow)
    aa_polygon(surface, edge, body)
    inner = [
        (ax + nx * 0.62, ay + ny * 0.62),
        (bx + nx * 0.62, by + ny * 0.62),
        (bx - nx * 0.62, by - ny * 0.62),
        (ax - nx * 0.62, ay - ny * 0.62),
    ]
    aa_polygon(surface, colour, inner)
    light = [
        (ax + nx * 0.62, ay + ny * 0.62),
        (bx + nx * 0.62, by + ny * 0.62),
        (bx + nx * 0.1, by + ny * 0.1),
        (ax + nx * 0.1, ay + ny * 0.1),
    ]
    other = [
        (ax - nx * 0.62, ay - ny * 0.62),
        (bx - nx * 0.62, by - ny * 0.62),
        (bx - nx * 0.1, by - ny * 0.1),
        (ax - nx * 0.1, ay - ny * 0.1),
    ]
    top_side = light if ny < 0 or (ny == 0 and nx < 0) else other  # the side facing the light
    aa_polygon(surface, art.shade(colour, 1.25), top_side)


@drawn(16)
def robber(height: int, ghost: bool = False) -> pygame.Surface:
    """The robber: a dark, hooded figure about `height` tall."""
    s = 3
    H = height * s
    W = int(H * 0.62)
    out = pygame.Surface((W, H), pygame.SRCALPHA)
    cx = W / 2
    body = ROBBER
    light = art.shade(body, 1.6)
    edge = (20, 18, 22)
    if not ghost:
        pygame.draw.ellipse(out, (0, 0, 0, 100), (W * 0.05, H * 0.86, W * 0.9, H * 0.13))
    base = pygame.Rect(int(W * 0.1), int(H * 0.78), int(W * 0.8), int(H * 0.18))
    pygame.draw.ellipse(out, body, base)
    shape = [(cx - W * 0.2, H * 0.34), (cx + W * 0.2, H * 0.34), (cx + W * 0.36, H * 0.86), (cx - W * 0.36, H * 0.86)]
    aa_polygon(out, body, shape)
    pygame.draw.circle(out, body, (cx, H * 0.42), W * 0.27)
    head = (cx, H * 0.2)
    pygame.draw.circle(out, body, head, W * 0.22)
    pygame.draw.circle(out, light, (head[0] - W * 0.07, head[1] - W * 0.07), W * 0.07)
    fold = [(cx - W * 0.12, H * 0.38), (cx - W * 0.04, H * 0.38), (cx - W * 0.2, H * 0.8), (cx - W * 0.28, H * 0.8)]
    aa_polygon(out, light, fold)
    pygame.draw.circle(out, edge, head, W * 0.22, max(1, s))
    pygame.draw.ellipse(out, edge, base, max(1, s))
    if ghost:
        out.fill((255, 255, 255, 140), special_flags=pygame.BLEND_RGBA_MULT)
    return pygame.transform.smoothscale(out, (max(1, W // s), height))


# -- cards ---------------------------------------------------------------------------


@drawn(64)
def resource_card(resource: str, size: tuple[int, int], label: str = "") -> pygame.Surface:
    """A resource card: a coloured field with the resource's picture on cream paper,
    its name along the bottom."""
    w, h = size
    out = art.card_face(size, frame=art.shade(RESOURCE_COLOURS[resource], 0.7)).copy()
    inset = max(4, w // 10)
    field = pygame.Rect(inset, inset, w - inset * 2, int(h * 0.68) - inset)
    colour = RESOURCE_COLOURS[resource]
    art.rounded_rect(out, field, (*colour, 255), max(3, w // 12))
    out.blit(art.vertical_gradient(field.size, (255, 255, 255, 60), (0, 0, 0, 30)), field.topleft)
    icon = resource_icon(resource, int(min(field.w, field.h) * 0.9))
    out.blit(icon, icon.get_rect(center=field.center))
    if label:
        font = th.load_font(max(8, int(h * 0.13)), bold=True)
        art.text(out, label, font, art.shade(colour, 0.55), (w // 2, int(h * 0.83)), "center", max_width=w - inset)
    return out


def _knight(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A shield with a sword behind it."""
    cx, cy, r = rect.centerx, rect.centery, min(rect.w, rect.h) / 2
    blade = (214, 218, 226)
    pygame.draw.line(
        surface, blade, (cx - r * 0.75, cy + r * 0.75), (cx + r * 0.75, cy - r * 0.75), max(2, int(r * 0.14))
    )
    hilt = max(2, int(r * 0.16))
    pygame.draw.line(surface, (120, 84, 40), (cx - r * 0.55, cy + r * 0.35), (cx - r * 0.35, cy + r * 0.55), hilt)
    shield = [
        (cx - r * 0.55, cy - r * 0.6),
        (cx + r * 0.55, cy - r * 0.6),
        (cx + r * 0.5, cy + r * 0.1),
        (cx, cy + r * 0.75),
        (cx - r * 0.5, cy + r * 0.1),
    ]
    _outlined(surface, shield, (168, 40, 40), (60, 20, 20), max(1, int(r * 0.06)))
    pygame.draw.line(surface, th.GOLD, (cx, cy - r * 0.5), (cx, cy + r * 0.55), max(2, int(r * 0.12)))
    cross = max(2, int(r * 0.12))
    pygame.draw.line(surface, th.GOLD, (cx - r * 0.42, cy - r * 0.12), (cx + r * 0.42, cy - r * 0.12), cross)


def _road_building(surface: pygame.Surface, rect: pygame.Rect) -> None:
    cx, cy, r = rect.centerx, rect.centery, min(rect.w, rect.h) / 2
    road(surface, (cx - r, cy + r * 0.55), (cx + r * 0.1, cy - r * 0.1), (176, 120, 64), r * 0.32)
    road(surface, (cx - r * 0.1, cy - r * 0.1), (cx + r, cy + r * 0.55), (176, 120, 64), r * 0.32)
    # a hammer
    handle = max(2, int(r * 0.12))
    pygame.draw.line(surface, (120, 84, 40), (cx + r * 0.05, cy - r * 0.15), (cx + r * 0.5, cy - r * 0.8), handle)
    head = [
        (cx + r * 0.25, cy - r * 0.95),
        (cx + r * 0.8, cy - r * 0.6),
        (cx + r * 0.7, cy - r * 0.45),
        (cx + r * 0.15, cy - r * 0.8),
    ]
    _outlined(surface, head, (150, 154, 166), (50, 50, 60), max(1, int(r * 0.05)))


def _year_of_plenty(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A horn of plenty spilling grain and wool."""
    cx, cy, r = rect.centerx, rect.centery, min(rect.w, rect.h) / 2
    horn = [
        (cx - r * 0.95, cy - r * 0.55),
        (cx - r * 0.4, cy - r * 0.1),
        (cx + r * 0.15, cy + r * 0.05),
        (cx + r * 0.55, cy - r * 0.25),
        (cx + r * 0.7, cy + r * 0.45),
        (cx + r * 0.1, cy + r * 0.65),
        (cx - r * 0.5, cy + r * 0.3),
    ]
    _outlined(surface, horn, (196, 140, 62), (90, 56, 24), max(1, int(r * 0.06)))
    for k, key in enumerate(("grain", "wool", "ore")):
        icon = resource_icon(key, int(r * 0.75))
        surface.blit(icon, icon.get_rect(center=(int(cx + r * (0.35 + 0.2 * k)), int(cy + r * (-0.45 + 0.35 * k)))))


def _monopoly(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A horseshoe magnet: it draws every card of one kind."""
    cx, cy, r = rect.centerx, rect.centery, min(rect.w, rect.h) / 2
    width = max(3, int(r * 0.36))
    arc = pygame.Rect(0, 0, int(r * 1.5), int(r * 1.5))
    arc.center = (int(cx), int(cy + r * 0.05))
    for k in range(width):
        pygame.draw.arc(surface, (196, 46, 40), arc.inflate(-k * 2, -k * 2), math.radians(180), math.radians(360), 2)
    for side in (-1, 1):
        x = cx + side * (arc.w / 2 - width / 2)
        pygame.draw.rect(surface, (196, 46, 40), (x - width / 2, cy - r * 0.55, width, r * 0.62))
        pygame.draw.rect(surface, (210, 214, 224), (x - width / 2, cy - r * 0.8, width, r * 0.28))
    for k in range(3):  # the pull of the magnet
        x = cx - r * 0.25 + k * r * 0.25
        pygame.draw.line(surface, th.GOLD_DARK, (x, cy - r * 0.95), (x, cy - r * 0.8), 2)


def _victory_point(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A little hall with columns: a building worth a point."""
    cx, cy, r = rect.centerx, rect.centery, min(rect.w, rect.h) / 2
    stone, edge = (236, 226, 200), (110, 90, 60)
    roof = [(cx - r * 0.85, cy - r * 0.3), (cx, cy - r * 0.85), (cx + r * 0.85, cy - r * 0.3)]
    _outlined(surface, roof, stone, edge, max(1, int(r * 0.06)))
    pygame.draw.rect(surface, stone, (cx - r * 0.85, cy + r * 0.55, r * 1.7, r * 0.2))
    pygame.draw.rect(surface, edge, (cx - r * 0.85, cy + r * 0.55, r * 1.7, r * 0.2), max(1, int(r * 0.05)))
    for k in range(4):
        x = cx - r * 0.62 + k * r * 0.41
        pygame.draw.rect(surface, stone, (x - r * 0.08, cy - r * 0.28, r * 0.16, r * 0.84))
        pygame.draw.rect(surface, edge, (x - r * 0.08, cy - r * 0.28, r * 0.16, r * 0.84), max(1, int(r * 0.04)))
    pygame.draw.circle(surface, th.GOLD, (cx, cy - r * 0.5), r * 0.14)


DEVELOPMENT_PICTURES = {
    "knight": _knight,
    "road_building": _road_building,
    "year_of_plenty": _year_of_plenty,
    "monopoly": _monopoly,
    "victory_point": _victory_point,
}


def _fitting_font(label: str, size: int, width: int) -> pygame.font.Font:
    """A bold font of about `size` in which every word of `label` fits `width`: a
    long word shrinks the text rather than breaking in two."""
    size = max(7, size)
    font = th.load_font(size, bold=True)
    while size > 6 and max((font.size(word)[0] for word in label.split()), default=0) > width:
        size -= 1
        font = th.load_font(size, bold=True)
    return font


@drawn(64)
def development_card(kind: str, size: tuple[int, int], label: str = "") -> pygame.Surface:
    """A development card: its picture in a coloured field and its name."""
    w, h = size
    colour = DEVELOPMENT_COLOURS[kind]
    out = art.card_face(size, frame=art.shade(colour, 0.8)).copy()
    inset = max(4, w // 10)
    field = pygame.Rect(inset, inset, w - inset * 2, int(h * 0.64) - inset)
    art.rounded_rect(out, field, (*art.shade(colour, 1.55), 255), max(3, w // 12))
    picture = pygame.Surface((field.w * 3, field.h * 3), pygame.SRCALPHA)
    DEVELOPMENT_PICTURES[kind](picture, picture.get_rect().inflate(-field.w * 3 // 5, -field.h * 3 // 5))
    picture = pygame.transform.smoothscale(picture, field.size)
    out.blit(picture, field.topleft)
    if label:
        font = _fitting_font(label, int(h * 0.12), w - inset * 2)
        lines = art.wrap(label, font, w - inset * 2)[:2]
        step = font.get_height()
        middle = (field.bottom + h - inset) // 2  # between the picture and the frame's bottom
        y = middle - (len(lines) - 1) * step // 2
        for line in lines:
            art.text(out, line, font, art.shade(colour, 0.6), (w // 2, y), "center")
            y += step
    return out


@drawn(16)
def development_back(size: tuple[int, int]) -> pygame.Surface:
    """The back of a development card."""
    return art.card_back(size, (58, 90, 130))


@drawn(16)
def special_card(kind: str, size: tuple[int, int], title: str, points: str) -> pygame.Surface:
    """The Longest Road ("longest_road") or Largest Army ("largest_army") card."""
    w, h = size
    colour = (120, 60, 150) if kind == "largest_army" else (40, 110, 130)
    out = art.card_face(size, frame=art.shade(colour, 0.8)).copy()
    inset = max(4, w // 12)
    band = pygame.Rect(inset, inset, w - inset * 2, int(h * 0.28))
    art.rounded_rect(out, band, (*colour, 255), max(3, w // 14))
    font = _fitting_font(title, int(h * 0.1), band.w - inset)
    lines = art.wrap(title, font, band.w - inset)[:2]
    y = band.centery - (len(lines) - 1) * font.get_height() // 2
    for line in lines:
        art.text(out, line, font, th.CREAM, (band.centerx, y), "center")
        y += font.get_height()
    field = pygame.Rect(inset, band.bottom + inset // 2, w - inset * 2, int(h * 0.38))
    picture = pygame.Surface((field.w * 3, field.h * 3), pygame.SRCALPHA)
    area = picture.get_rect().inflate(-field.w * 3 // 4, -field.h * 3 // 4)
    if kind == "largest_army":
        _knight(picture, area)
    else:  # a winding road of four pieces
        bends = [(area.x + area.w * k / 4, area.centery + (area.h * 0.2 if k % 2 else -area.h * 0.2)) for k in range(5)]
        for a, b in zip(bends, bends[1:], strict=False):
            road(picture, a, b, (176, 120, 64), area.h * 0.2)
    out.blit(pygame.transform.smoothscale(picture, field.size), field.topleft)
    big = _fitting_font(points.replace(" ", "\u00a0"), int(h * 0.13), w - inset * 3)
    art.text(out, points, big, art.shade(colour, 0.7), (w // 2, (field.bottom + h - inset) // 2), "center")
    return out
