"""The skirmish table drawn by code: the mat, the centimetre grid, warriors as round
tokens on their bases, and the tool icons (terrain pieces: terrain_art.py).

Everything is drawn from table millimetres at a scale in pixels per millimetre.
Textures are seeded by the piece's id, so a piece looks the same every time it
is drawn. Returned surfaces are cached: blit them, do not draw on them.
"""

from __future__ import annotations

import math
import random
import re
import zlib
from collections.abc import Sequence

import pygame

from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.planar import Point
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.caches import drawn

Colour = tuple[int, int, int]
SUPERSAMPLE = 2

#: the mat: grass, with patches of dry earth
GRASS = (92, 112, 60)
EARTH = (128, 110, 74)
#: the warriors' bases are black, as painted miniatures' bases usually are
BASE = (34, 33, 36)


def seed_of(text: str) -> int:
    """A stable number for a name (Python's hash changes from run to run)."""
    return zlib.crc32(text.encode("utf-8"))


def mix(a: Sequence[int], b: Sequence[int], t: float) -> Colour:
    """The colour a fraction `t` of the way from a to b."""
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))  # type: ignore[return-value]


def jitter(colour: Sequence[int], rng: random.Random, amount: int) -> Colour:
    """The colour with a little random change of each channel."""
    return tuple(max(0, min(255, c + rng.randint(-amount, amount))) for c in colour[:3])  # type: ignore[return-value]


def lighten(colour: Sequence[int], rng: random.Random, amount: int) -> Colour:
    """The colour a little lighter or darker, its hue kept (stone, metal)."""
    delta = rng.randint(-amount, amount)
    return tuple(max(0, min(255, c + delta)) for c in colour[:3])  # type: ignore[return-value]


def shrunk(poly: Sequence[Point], factor: float, centre: Point | None = None) -> list[Point]:
    """The polygon scaled by `factor` about its centroid (contour lines of a hill)."""
    cx, cy = centre or planar.centroid(poly)
    return [(cx + (x - cx) * factor, cy + (y - cy) * factor) for x, y in poly]


# -- the mat ------------------------------------------------------------------------------


def _soft_field(
    size: tuple[int, int], cells: tuple[int, int], colour: Colour, low: int, high: int, rng: random.Random
) -> pygame.Surface:
    """`colour` with a soft random alpha between low and high: a few random cells
    scaled up smoothly."""
    small = pygame.Surface(cells, pygame.SRCALPHA)
    for y in range(cells[1]):
        for x in range(cells[0]):
            small.set_at((x, y), (*colour, rng.randint(low, high)))
    return pygame.transform.smoothscale(small, size)


@drawn(3)
def mat(size: tuple[int, int], scale: float) -> pygame.Surface:
    """The gaming mat for a table of `size` pixels at `scale` px/mm: grass with
    patches of dry earth, darker hollows and small tufts."""
    w, h = size
    rng = random.Random(7)
    out = pygame.Surface(size)
    out.fill(GRASS)
    mm_w, mm_h = w / scale, h / scale
    coarse = (max(2, int(mm_w / 45)), max(2, int(mm_h / 45)))
    fine = (max(2, int(mm_w / 12)), max(2, int(mm_h / 12)))
    out.blit(_soft_field(size, coarse, EARTH, 0, 200, rng), (0, 0))
    out.blit(_soft_field(size, fine, (70, 92, 48), 0, 110, rng), (0, 0))
    out.blit(_soft_field(size, fine, (150, 136, 92), 0, 70, rng), (0, 0))
    # grass tufts and pebbles, about one per square centimetre
    tuft = max(1, int(scale * 1.6))
    for _ in range(int(mm_w * mm_h / 100)):
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        if rng.random() < 0.85:
            colour = jitter((74, 98, 48) if rng.random() < 0.6 else (132, 148, 82), rng, 12)
            angle = rng.uniform(-0.6, 0.6) - math.pi / 2
            pygame.draw.line(
                out, colour, (x, y), (x + math.cos(angle) * tuft, y + math.sin(angle) * tuft), max(1, int(scale * 0.35))
            )
        else:
            pygame.draw.circle(out, jitter((150, 140, 118), rng, 16), (x, y), max(1, int(scale * 0.4)))
    # the mat's edge is a little darker, as a cloth mat lying on the table
    rim = pygame.Surface(size, pygame.SRCALPHA)
    depth = max(3, int(scale * 4))
    for i in range(depth):
        pygame.draw.rect(rim, (0, 0, 0, int(70 * (1 - i / depth) ** 2)), (i, i, w - 2 * i, h - 2 * i), 1)
    out.blit(rim, (0, 0))
    return out


def draw_grid(
    surface: pygame.Surface, scale: float, width_mm: float, height_mm: float, font: pygame.font.Font | None
) -> None:
    """A centimetre grid over the mat: fine lines each cm (when they are far enough
    apart to read), stronger ones each 10 cm, and the 10 cm marks along two edges."""
    w, h = surface.get_size()
    fine = pygame.Surface((w, h), pygame.SRCALPHA)
    if scale * 10 >= 7:
        for mm in range(10, int(width_mm), 10):
            if mm % 100:
                x = round(mm * scale)
                pygame.draw.line(fine, (255, 255, 240, 26), (x, 0), (x, h))
        for mm in range(10, int(height_mm), 10):
            if mm % 100:
                y = round(mm * scale)
                pygame.draw.line(fine, (255, 255, 240, 26), (0, y), (w, y))
    thick = max(1, round(scale * 0.5))
    for mm in range(100, int(width_mm), 100):
        x = round(mm * scale)
        pygame.draw.line(fine, (255, 255, 235, 62), (x, 0), (x, h), thick)
    for mm in range(100, int(height_mm), 100):
        y = round(mm * scale)
        pygame.draw.line(fine, (255, 255, 235, 62), (0, y), (w, y), thick)
    surface.blit(fine, (0, 0))
    if font is None:
        return
    ink = (244, 240, 220)
    pad = max(2, round(scale * 2))
    for mm in range(100, int(width_mm), 100):
        art.text(surface, str(mm // 10), font, ink, (round(mm * scale) + pad, pad), "topleft", shadow=(30, 36, 20))
    for mm in range(100, int(height_mm), 100):
        art.text(surface, str(mm // 10), font, ink, (pad, round(mm * scale) + pad), "topleft", shadow=(30, 36, 20))


def shadowed(sprite: pygame.Surface, offset: tuple[int, int], blur: int, alpha: int = 110) -> pygame.Surface:
    """The sprite over its own soft shadow, cast by `offset` (the centre stays put)."""
    pad = max(abs(offset[0]), abs(offset[1])) + blur * 2 + 1
    w, h = sprite.get_size()
    out = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    shadow = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    dark = sprite.copy()
    dark.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MIN)
    dark.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    shadow.blit(dark, (pad + offset[0], pad + offset[1]))
    if blur > 0:
        shadow = pygame.transform.gaussian_blur(shadow, blur)
    out.blit(shadow, (0, 0))
    out.blit(sprite, (pad, pad))
    return out


@drawn(160)

# -- warriors ----------------------------------------------------------------------------------


def initials(name: str) -> str:
    """Up to two letters for a warrior's token ("Yuri" -> "Y", "Ngobo Flitzehand" -> "NF",
    "K-7" -> "K7"); marks around a word ("(Yuri)") are not letters."""
    words = [w for w in re.sub(r"[\W_]+", " ", name).split() if w]
    return "".join(w[0].upper() for w in words[:2]) if words else "?"


@drawn(256)
def warrior(diameter: int, body: Colour, ring: Colour, label: str, shadow: bool = True) -> pygame.Surface:
    """A warrior seen from above on its round base, `diameter` pixels across: the
    black base with a rim in the player's colour, the figure's disc in its faction
    colour, and its initials or number. The base's centre is the sprite's centre."""
    d = max(4, diameter)
    s = 3
    big = d * s
    out = pygame.Surface((big, big), pygame.SRCALPHA)
    c = (big / 2, big / 2)
    R = big / 2
    pygame.draw.circle(out, BASE, c, R)
    pygame.draw.circle(out, ring, c, R, max(2, int(R * 0.1)))
    inner = R * 0.76
    pygame.draw.circle(out, art.shade(body, 0.55), (c[0] + R * 0.03, c[1] + R * 0.05), inner)
    pygame.draw.circle(out, body, c, inner * 0.96)
    pygame.draw.circle(out, art.shade(body, 1.22), (c[0] - inner * 0.18, c[1] - inner * 0.2), inner * 0.62)
    pygame.draw.circle(out, body, (c[0] + inner * 0.05, c[1] + inner * 0.06), inner * 0.62)
    # a sheen on the base's rim, light from the top left
    pygame.draw.arc(
        out,
        (120, 120, 128),
        (c[0] - R * 0.93, c[1] - R * 0.93, R * 1.86, R * 1.86),
        math.pi * 0.55,
        math.pi * 1.05,
        max(1, int(R * 0.05)),
    )
    if label and d >= 14:
        font = th.load_font(max(8, int(big * (0.36 if len(label) < 3 else 0.28))), bold=True)
        ink = art.ink_on(body)
        art.text(
            out,
            label,
            font,
            ink,
            (int(c[0]), int(c[1])),
            "center",
            shadow=art.shade(body, 0.45) if ink == th.CREAM else None,
        )
    sprite = pygame.transform.smoothscale(out, (d, d))
    if shadow:
        cast = max(1, d // 16)
        sprite = shadowed(sprite, (cast, cast + 1), max(1, d // 14), 120)
    return sprite


# -- tool icons -----------------------------------------------------------------------------


def icon(name: str, size: int, colour: Colour) -> pygame.Surface:
    """A tool's icon drawn in `colour` on a clear square of `size` pixels."""
    return _icon(name, size, colour)


@drawn(64)
def _icon(name: str, size: int, colour: Colour) -> pygame.Surface:
    s = 3
    S = size * s
    out = pygame.Surface((S, S), pygame.SRCALPHA)
    w = max(2, S // 14)
    c = (S / 2, S / 2)
    if name == "select":
        pts = [(0.3, 0.16), (0.3, 0.8), (0.45, 0.65), (0.56, 0.88), (0.66, 0.83), (0.55, 0.6), (0.76, 0.6)]
        pygame.draw.polygon(out, colour, [(x * S, y * S) for x, y in pts])
    elif name == "measure":
        body = pygame.Rect(S * 0.1, S * 0.36, S * 0.8, S * 0.28)
        pygame.draw.rect(out, colour, body, w, border_radius=S // 20)
        for k in range(1, 8):
            x = body.left + body.w * k / 8
            pygame.draw.line(
                out, colour, (x, body.top), (x, body.top + body.h * (0.55 if k % 2 else 0.35)), max(1, w // 2)
            )
    elif name == "sight":
        pygame.draw.ellipse(out, colour, (S * 0.1, S * 0.3, S * 0.8, S * 0.4), w)
        pygame.draw.circle(out, colour, c, S * 0.13)
    elif name == "explosion":
        pts = []
        for k in range(16):
            r = S * (0.42 if k % 2 == 0 else 0.22)
            a = k * math.pi / 8
            pts.append((c[0] + r * math.cos(a), c[1] + r * math.sin(a)))
        pygame.draw.polygon(out, colour, pts, w)
    elif name == "flame":
        flame = planar.hull_of_discs_polygon((S * 0.25, S * 0.5), S * 0.08, (S * 0.68, S * 0.5), S * 0.22, 24)
        pygame.draw.polygon(out, colour, flame, w)
    elif name == "reach":
        for k in range(12):
            a = k * math.pi / 6
            pygame.draw.arc(out, colour, (S * 0.12, S * 0.12, S * 0.76, S * 0.76), a, a + math.pi / 10, w)
        pygame.draw.circle(out, colour, c, S * 0.1)
    elif name == "grid":
        for f in (0.2, 0.4, 0.6, 0.8):
            pygame.draw.line(out, colour, (S * f, S * 0.14), (S * f, S * 0.86), max(1, w // 2))
            pygame.draw.line(out, colour, (S * 0.14, S * f), (S * 0.86, S * f), max(1, w // 2))
    elif name == "fit":
        for x, y, dx, dy in ((0.15, 0.15, 1, 1), (0.85, 0.15, -1, 1), (0.15, 0.85, 1, -1), (0.85, 0.85, -1, -1)):
            pygame.draw.line(out, colour, (x * S, y * S), ((x + dx * 0.25) * S, y * S), w)
            pygame.draw.line(out, colour, (x * S, y * S), (x * S, (y + dy * 0.25) * S), w)
    return pygame.transform.smoothscale(out, (size, size))
