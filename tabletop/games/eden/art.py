"""Eden's drawings: dry fields, landscape tiles at four stages of fertility with
their value and red dots, the players' emblems, irrigation and cultivation cards
and the mana figure.

Everything is drawn by code, supersampled and cached per size (blit the returned
surfaces, never draw on them). Shared artwork (cards, shadows, text) comes from
tabletop.ui.art.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import pygame

from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.caches import drawn

Colour = tuple[int, int, int]

#: the marks that tell the colours apart without colour, by colour index
EMBLEMS = ("circle", "triangle", "square", "diamond")

#: the kinds of card: their frame colour and the colour of their motif
WATER = (58, 116, 178)
WATER_LIGHT = (132, 188, 230)
LEAF = (64, 128, 58)
LEAF_LIGHT = (150, 200, 110)
WHITE_DOT = (250, 248, 240)
RED_DOT = (200, 40, 34)
AMBER = (222, 150, 52)

SS = 2  # supersampling of the landscape pictures


def emblem_for(index: int) -> str:
    """The emblem of the colour with this index in the rules' colour list."""
    return EMBLEMS[index % len(EMBLEMS)]


def emblem_points(shape: str, centre: tuple[float, float], radius: float) -> list[tuple[float, float]] | None:
    """The corners of an emblem (None for the circle)."""
    x, y = centre
    r = radius
    if shape == "triangle":
        return [(x, y - r * 1.05), (x + r * 0.98, y + r * 0.72), (x - r * 0.98, y + r * 0.72)]
    if shape == "square":
        s = r * 0.8
        return [(x - s, y - s), (x + s, y - s), (x + s, y + s), (x - s, y + s)]
    if shape == "diamond":
        return [(x, y - r * 1.1), (x + r * 0.9, y), (x, y + r * 1.1), (x - r * 0.9, y)]
    return None


def draw_emblem(
    surface: pygame.Surface,
    shape: str,
    centre: tuple[float, float],
    radius: float,
    fill: Colour,
    outline: Colour | None = None,
    width: int = 0,
) -> None:
    """Draw a player's emblem (filled, with an optional outline `width` wide)."""
    points = emblem_points(shape, centre, radius)
    if points is None:
        pygame.draw.circle(surface, fill, (int(centre[0]), int(centre[1])), int(radius * 0.92))
        if outline is not None and width:
            pygame.draw.circle(surface, outline, (int(centre[0]), int(centre[1])), int(radius * 0.92), width)
        return
    pygame.draw.polygon(surface, fill, points)
    if outline is not None and width:
        pygame.draw.polygon(surface, outline, points, width)


@drawn(64)
def badge(radius: int, colour: Colour, shape: str) -> pygame.Surface:
    """A round badge in a player's colour with the emblem in white: the mark of a
    player on tiles, in the track and in the hand."""
    s = art.SUPERSAMPLE
    R = radius * s
    out = pygame.Surface((R * 2 + 2 * s, R * 2 + 2 * s), pygame.SRCALPHA)
    c = (R + s, R + s)
    pygame.draw.circle(out, art.shade(colour, 0.45), (c[0], c[1] + s), R)
    pygame.draw.circle(out, art.shade(colour, 0.55), c, R)
    pygame.draw.circle(out, colour, c, int(R * 0.86))
    draw_emblem(out, shape, c, R * 0.5, WHITE_DOT, art.shade(colour, 0.4), max(1, s))
    size = out.get_width() // s
    return pygame.transform.smoothscale(out, (size, size))


# -- landscape ----------------------------------------------------------------------------


def _mottle(
    surface: pygame.Surface,
    rng: random.Random,
    colours: Sequence[Colour],
    count: int,
    size: tuple[float, float],
    alpha: int,
) -> None:
    """Soft blotches of `colours` scattered over the surface (ground texture)."""
    w, h = surface.get_size()
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    for _ in range(count):
        rw = int(w * rng.uniform(*size))
        rh = int(rw * rng.uniform(0.5, 1.0))
        x, y = rng.randrange(-rw // 2, w), rng.randrange(-rh // 2, h)
        pygame.draw.ellipse(layer, (*rng.choice(colours), alpha), (x, y, rw, rh))
    surface.blit(layer, (0, 0))


def _tree(
    surface: pygame.Surface,
    centre: tuple[int, int],
    radius: int,
    leaf: Colour,
    rng: random.Random,
    fruit: Colour | None = None,
) -> None:
    """A tree crown seen from above with its shadow, light from the top left."""
    x, y = centre
    shadow = pygame.Surface((radius * 3, radius * 3), pygame.SRCALPHA)
    pygame.draw.circle(shadow, (10, 30, 8, 90), (int(radius * 1.7), int(radius * 1.75)), radius)
    surface.blit(shadow, (x - int(radius * 1.5), y - int(radius * 1.5)))
    dark, light = art.shade(leaf, 0.62), art.shade(leaf, 1.32)
    pygame.draw.circle(surface, dark, (x, y), radius)
    for _ in range(5):
        a = rng.uniform(0, 2 * math.pi)
        d = radius * 0.45
        pygame.draw.circle(surface, leaf, (int(x + math.cos(a) * d), int(y + math.sin(a) * d)), int(radius * 0.55))
    pygame.draw.circle(surface, leaf, (x, y), int(radius * 0.7))
    pygame.draw.circle(surface, light, (x - radius // 3, y - radius // 3), int(radius * 0.36))
    if fruit is not None:
        for _ in range(4):
            a = rng.uniform(0, 2 * math.pi)
            d = rng.uniform(0.2, 0.7) * radius
            pygame.draw.circle(
                surface, fruit, (int(x + math.cos(a) * d), int(y + math.sin(a) * d)), max(2, radius // 7)
            )


def _leaf(surface: pygame.Surface, x: float, y: float, length: float, angle: float, colour: Colour) -> None:
    """A pointed leaf growing from (x, y) towards `angle` (radians, 0 = right)."""
    dx, dy = math.cos(angle), math.sin(angle)
    nx, ny = -dy, dx
    width = length * 0.32
    tip = (x + dx * length, y + dy * length)
    mid = (x + dx * length * 0.45, y + dy * length * 0.45)
    pygame.draw.polygon(
        surface,
        colour,
        [(x, y), (mid[0] + nx * width, mid[1] + ny * width), tip, (mid[0] - nx * width, mid[1] - ny * width)],
    )


def _sprout(surface: pygame.Surface, x: float, y: float, size: float, colour: Colour) -> None:
    """A seedling: two leaves opening from the ground."""
    _leaf(surface, x, y, size, -math.pi * 0.78, colour)
    _leaf(surface, x, y, size, -math.pi * 0.22, art.shade(colour, 0.82))


def _tuft(surface: pygame.Surface, x: float, y: float, size: float, colour: Colour) -> None:
    """A dry tuft of grass: a few thin blades."""
    w = max(1, int(size / 6))
    for k in (-0.35, -0.12, 0.12, 0.35):
        pygame.draw.line(surface, colour, (x, y), (x + k * size * 1.4, y - size * (1 - abs(k))), w)


def _stream(surface: pygame.Surface, rng: random.Random, width: float) -> None:
    """A winding irrigation channel across the field, with a light glint."""
    w, h = surface.get_size()
    horizontal = rng.random() < 0.5
    points = []
    phase = rng.uniform(0, 2 * math.pi)
    base = rng.uniform(0.35, 0.65)
    for i in range(13):
        t = i / 12
        offset = base + 0.12 * math.sin(phase + t * 5.0)
        points.append((t * w * 1.1 - w * 0.05, offset * h) if horizontal else (offset * w, t * h * 1.1 - h * 0.05))
    pygame.draw.lines(surface, (74, 56, 38), False, points, int(width * 1.8))
    pygame.draw.lines(surface, WATER, False, points, int(width))
    glint = [(x - width * 0.15, y - width * 0.15) for x, y in points]
    pygame.draw.lines(surface, WATER_LIGHT, False, glint, max(1, int(width * 0.3)))


def _furrows(
    surface: pygame.Surface, rng: random.Random, colour: Colour, count: int, slant: float
) -> list[list[tuple[float, float]]]:
    """Parallel ploughed furrows; returns their lines (to plant along)."""
    w, h = surface.get_size()
    lines: list[list[tuple[float, float]]] = []
    for i in range(count):
        y0 = (i + 0.5) / count * h
        line: list[tuple[float, float]] = [
            (x, y0 + slant * (x - w / 2) + math.sin(x / w * 3 + i) * h * 0.01)
            for x in range(-4, w + 8, max(4, w // 12))
        ]
        pygame.draw.lines(surface, colour, False, line, max(2, h // 40))
        lines.append(line)
    return lines


@drawn(64)
def _landscape_big(value: int, size: int, variant: int) -> pygame.Surface:
    """The landscape of a tile of `value` (0 = dry, unwatered land) at SS times `size`."""
    n = size * SS
    rng = random.Random(value * 1009 + variant * 7919 + 17)
    out = pygame.Surface((n, n))
    if value <= 0:
        out.fill((214, 184, 128))
        _mottle(out, rng, [(226, 200, 146), (196, 162, 104), (232, 210, 160)], 26, (0.15, 0.45), 90)
        for _ in range(3):  # cracks in the dry ground
            x, y = rng.uniform(0.1, 0.9) * n, rng.uniform(0.1, 0.9) * n
            points = [(x, y)]
            for _k in range(4):
                x += rng.uniform(-0.12, 0.12) * n
                y += rng.uniform(-0.12, 0.12) * n
                points.append((x, y))
            pygame.draw.lines(out, (168, 134, 84), False, points, max(1, n // 90))
        for _ in range(6):  # pebbles and dry tufts
            x, y = rng.randrange(n), rng.randrange(n)
            if rng.random() < 0.5:
                r = max(2, n // 40)
                pygame.draw.ellipse(out, (160, 146, 126), (x, y, r * 2, int(r * 1.5)))
                pygame.draw.ellipse(out, (196, 186, 166), (x, y, int(r * 1.3), r))
            else:
                _tuft(out, x, y, n * 0.06, (150, 128, 70))
        return out
    if value == 1:
        out.fill((108, 74, 46))
        _mottle(out, rng, [(92, 62, 38), (126, 88, 56), (80, 54, 34)], 20, (0.2, 0.5), 110)
        _furrows(out, rng, (84, 56, 34), 6, rng.uniform(-0.12, 0.12))
        _stream(out, rng, n * 0.07)
        for _ in range(7):
            _sprout(out, rng.uniform(0.08, 0.92) * n, rng.uniform(0.12, 0.95) * n, n * 0.05, (134, 196, 84))
        return out
    if value == 2:
        # young green: rows of seedlings close enough to turn the field green
        out.fill((104, 78, 46))
        _mottle(out, rng, [(92, 68, 40), (120, 92, 56)], 12, (0.2, 0.5), 110)
        _mottle(out, rng, [(92, 150, 60), (110, 168, 70)], 10, (0.25, 0.5), 90)
        lines = _furrows(out, rng, (80, 58, 34), 5, rng.uniform(-0.1, 0.1))
        for line in lines:
            for x, y in line:
                for dx in (0.0, 0.33, 0.66):
                    px = x + dx * n / 12
                    _sprout(out, px, y - n * 0.005, n * 0.085, (104, 176, 64))
                    pygame.draw.circle(out, (164, 220, 104), (int(px), int(y - n * 0.05)), max(1, n // 90))
        return out
    if value == 3:
        out.fill((100, 150, 66))
        _mottle(out, rng, [(88, 138, 56), (118, 168, 80)], 14, (0.2, 0.5), 100)
        # a patchwork of fields: a golden grain field and a green crop field in rows
        split = rng.uniform(0.38, 0.62)
        if rng.random() < 0.5:
            grain = pygame.Rect(0, 0, int(n * split), n)
        else:
            grain = pygame.Rect(0, int(n * split), n, n - int(n * split))
        pygame.draw.rect(out, (214, 180, 84), grain)
        step = max(4, n // 14)
        for x in range(grain.x + step // 2, grain.right, step):
            pygame.draw.line(out, (184, 148, 60), (x, grain.y), (x, grain.bottom), max(1, n // 100))
        for y in range(grain.y + step // 2, grain.bottom, step):
            for x in range(grain.x + step // 2, grain.right, step):
                pygame.draw.circle(out, (236, 206, 110), (x, y), max(1, n // 80))
        pygame.draw.rect(out, (76, 110, 44), grain, max(2, n // 60))
        for _ in range(3):
            x, y = rng.uniform(0.12, 0.88) * n, rng.uniform(0.12, 0.88) * n
            if not grain.collidepoint(x, y):
                _tree(out, (int(x), int(y)), int(n * 0.09), (66, 128, 50), rng)
        return out
    # value 4 and above: lush land, an orchard with fruit, flowers and a pond
    out.fill((62, 126, 52))
    _mottle(out, rng, [(52, 112, 44), (80, 146, 62), (70, 136, 48)], 18, (0.2, 0.5), 110)
    if rng.random() < 0.6:
        pond = pygame.Rect(0, 0, int(n * 0.34), int(n * 0.24))
        pond.center = (int(rng.uniform(0.3, 0.7) * n), int(rng.uniform(0.3, 0.7) * n))
        pygame.draw.ellipse(out, (40, 92, 44), pond.inflate(n // 20, n // 20))
        pygame.draw.ellipse(out, WATER, pond)
        pygame.draw.ellipse(out, WATER_LIGHT, pond.inflate(-pond.w // 2, -pond.h // 2).move(-pond.w // 8, -pond.h // 8))
    for _ in range(22):
        x, y = rng.randrange(n), rng.randrange(n)
        pygame.draw.circle(
            out, rng.choice([(250, 236, 120), (250, 250, 240), (236, 130, 170)]), (x, y), max(1, n // 70)
        )
    spots = [(0.25, 0.25), (0.75, 0.28), (0.28, 0.74), (0.74, 0.74), (0.5, 0.5)]
    rng.shuffle(spots)
    for sx, sy in spots[:4]:
        x = int((sx + rng.uniform(-0.06, 0.06)) * n)
        y = int((sy + rng.uniform(-0.06, 0.06)) * n)
        _tree(
            out,
            (x, y),
            int(n * rng.uniform(0.13, 0.16)),
            rng.choice([(58, 132, 46), (74, 146, 50)]),
            rng,
            fruit=rng.choice([(222, 64, 44), (240, 150, 40)]),
        )
    return out


@drawn(256)
def landscape(value: int, size: int, variant: int = 0) -> pygame.Surface:
    """The landscape picture of a tile of `value` (0: dry land), `size` pixels square."""
    size = max(4, size)
    return art.ready(pygame.transform.smoothscale(_landscape_big(value, size, variant % 3), (size, size)))


def variant_of(field: int) -> int:
    """Which of the pictures of a stage a field shows (so neighbours differ)."""
    return (field * 5 + field // 7) % 3


# -- tiles --------------------------------------------------------------------------------


def value_plaque(surface: pygame.Surface, value: int, centre: tuple[int, int], height: int) -> pygame.Rect:
    """The tile's value as a numeral on a dark plaque, readable across the table,
    followed by its value - 1 red dots (the dots that earn income)."""
    font = th.load_font(max(8, int(height * 0.95)), bold=True)
    numeral = str(value)
    numeral_w = font.size(numeral)[0]
    radius = max(2, height // 7)
    gap = max(1, radius // 2)
    reds = max(0, value - 1)
    dots_w = reds * radius * 2 + max(0, reds - 1) * gap
    pad = max(2, height // 4)
    plaque = pygame.Rect(0, 0, numeral_w + pad * 2 + (dots_w + pad if reds else 0), height)
    plaque.center = centre
    art.rounded_rect(surface, plaque, (30, 22, 14, 215), plaque.h // 2)
    art.text(surface, numeral, font, WHITE_DOT, (plaque.x + pad, plaque.centery), "midleft")
    x = plaque.x + pad + numeral_w + pad + radius
    for _k in range(reds):
        pygame.draw.circle(surface, (12, 8, 4), (x, plaque.centery + max(1, radius // 4)), radius)
        pygame.draw.circle(surface, RED_DOT, (x, plaque.centery), radius)
        x += radius * 2 + gap
    return plaque


@drawn(256)
def tile(value: int, size: int, colour: Colour, shape: str, variant: int = 0) -> pygame.Surface:
    """A landscape tile of a player: the picture in a bevelled rim of the player's
    colour, the emblem badge in the top left corner and the value along the bottom."""
    size = max(8, size)
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    radius = max(3, size // 9)
    rim = max(3, size // 14)
    out.fill((*colour, 255))
    # bevel: light from the top left
    bevel = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.polygon(
        bevel, (255, 255, 255, 70), [(0, 0), (size, 0), (size - rim, rim), (rim, size - rim), (0, size)]
    )
    pygame.draw.polygon(
        bevel, (0, 0, 0, 80), [(size, size), (size, 0), (size - rim, rim), (rim, size - rim), (0, size)]
    )
    out.blit(bevel, (0, 0))
    inner = size - rim * 2
    picture = art.clip_rounded(landscape(value, inner, variant), max(2, radius - rim))
    out.blit(picture, (rim, rim))
    pygame.draw.rect(
        out, art.shade(colour, 0.45), (rim, rim, inner, inner), max(1, size // 90), border_radius=max(2, radius - rim)
    )
    out.blit(art.rounded_mask((size, size), radius), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.rect(out, art.shade(colour, 0.35), out.get_rect(), max(1, size // 70), border_radius=radius)
    mark = badge(max(5, int(size * 0.15)), colour, shape)
    out.blit(mark, (rim // 2, rim // 2))
    height = max(8, int(size * 0.3))
    value_plaque(out, value, (size // 2, size - rim - height // 2 - max(1, size // 40)), height)
    return art.ready(out)


# -- cards --------------------------------------------------------------------------------


def _drop(surface: pygame.Surface, centre: tuple[int, int], radius: int, colour: Colour) -> None:
    """A water drop."""
    x, y = centre
    pygame.draw.circle(surface, colour, (x, y + radius // 3), radius)
    pygame.draw.polygon(
        surface,
        colour,
        [(x - radius * 0.92, y + radius * 0.1), (x, y - radius * 1.5), (x + radius * 0.92, y + radius * 0.1)],
    )
    pygame.draw.circle(surface, art.shade(colour, 1.6), (x - radius // 3, y + radius // 4), max(1, radius // 4))


def _band(out: pygame.Surface, w: int, h: int, colour: Colour, label: str) -> pygame.Rect:
    """The coloured band at the top of a card with its label (field name or count)
    at the left, where it shows even when cards overlap."""
    inset = max(4, w // 14)
    band = pygame.Rect(inset, inset, w - inset * 2, int(h * 0.25))
    art.rounded_rect(out, band, (*colour, 255), max(2, w // 24))
    font = th.load_font(max(8, int(band.h * 0.82)), bold=True)
    art.text(
        out, label, font, th.CREAM, (band.x + max(3, w // 20), band.centery), "midleft", shadow=art.shade(colour, 0.5)
    )
    return band


@drawn(160)
def irrigation_card(name: str, column: int, row: int, columns: int, rows: int, size: tuple[int, int]) -> pygame.Surface:
    """An irrigation card: the field's name, a water drop, and a map of the board with
    that field marked."""
    w, h = size
    out = art.card_face(size, (238, 244, 246), WATER).copy()
    inset = max(4, w // 14)
    band = _band(out, w, h, WATER, name)
    _drop(out, (band.right - band.h // 2, band.centery), max(3, band.h // 4), WATER_LIGHT)
    space = pygame.Rect(inset * 2, band.bottom + inset, w - inset * 4, h - band.bottom - inset * 3)
    cell = max(2, min(space.w // columns, space.h // rows))
    grid = pygame.Rect(0, 0, cell * columns, cell * rows)
    grid.center = space.center
    pygame.draw.rect(out, (222, 200, 150), grid)
    for c in range(1, columns):
        pygame.draw.line(out, (184, 160, 116), (grid.x + c * cell, grid.y), (grid.x + c * cell, grid.bottom - 1))
    for r in range(1, rows):
        pygame.draw.line(out, (184, 160, 116), (grid.x, grid.y + r * cell), (grid.right - 1, grid.y + r * cell))
    spot = pygame.Rect(grid.x + column * cell, grid.y + row * cell, cell + 1, cell + 1)
    pygame.draw.line(out, WATER_LIGHT, (spot.centerx, grid.y), (spot.centerx, grid.bottom - 1), max(1, cell // 4))
    pygame.draw.line(out, WATER_LIGHT, (grid.x, spot.centery), (grid.right - 1, spot.centery), max(1, cell // 4))
    pygame.draw.rect(out, WATER, spot.inflate(cell // 3, cell // 3))
    _drop(out, spot.center, max(2, cell // 3), WATER_LIGHT)
    pygame.draw.rect(out, (120, 96, 60), grid, 1)
    return art.ready(out)


def shape_cells_rect(
    cells: Sequence[tuple[int, int]], area: pygame.Rect, max_cell: int | None = None
) -> tuple[int, pygame.Rect]:
    """The cell size and the rectangle that centre `cells` (column, row) inside `area`."""
    cols = max(c for c, _r in cells) + 1
    rows = max(r for _c, r in cells) + 1
    cell = min(area.w // cols, area.h // rows)
    if max_cell:
        cell = min(cell, max_cell)
    rect = pygame.Rect(0, 0, cell * cols, cell * rows)
    rect.center = area.center
    return cell, rect


def draw_shape(
    surface: pygame.Surface,
    cells: Sequence[tuple[int, int]],
    area: pygame.Rect,
    colour: Colour = LEAF,
    max_cell: int | None = None,
) -> None:
    """A cultivation shape as little raised tiles centred in `area`."""
    cell, rect = shape_cells_rect(cells, area, max_cell)
    gap = max(1, cell // 12)
    for c, r in cells:
        square = pygame.Rect(rect.x + c * cell + gap, rect.y + r * cell + gap, cell - gap * 2, cell - gap * 2)
        pygame.draw.rect(surface, art.shade(colour, 0.6), square.move(0, max(1, gap)), border_radius=max(1, cell // 6))
        pygame.draw.rect(surface, colour, square, border_radius=max(1, cell // 6))
        pygame.draw.rect(
            surface,
            art.shade(colour, 1.35),
            square.inflate(-cell // 3, -cell // 3).move(-cell // 10, -cell // 10),
            border_radius=max(1, cell // 8),
        )
        _sprout(surface, square.centerx, square.centery + cell * 0.2, cell * 0.28, (222, 240, 190))


@drawn(160)
def cultivation_card(cells: tuple[tuple[int, int], ...], size: tuple[int, int]) -> pygame.Surface:
    """A cultivation card: the count of its fields and the shape it raises."""
    w, h = size
    out = art.card_face(size, (244, 240, 220), LEAF).copy()
    inset = max(4, w // 14)
    band = _band(out, w, h, LEAF, str(len(cells)))
    _sprout(out, band.right - band.h * 0.5, band.bottom - band.h * 0.22, band.h * 0.5, LEAF_LIGHT)
    area = pygame.Rect(inset * 2, band.bottom + inset, w - inset * 4, h - band.bottom - inset * 3)
    draw_shape(out, cells, area, LEAF, max_cell=w // 3)
    return art.ready(out)


# -- mana -----------------------------------------------------------------------------------


@drawn(32)
def mana(size: int) -> pygame.Surface:
    """The mana token: an amber disc with the little stone-age Venus figure."""
    s = art.SUPERSAMPLE
    n = size * s
    out = pygame.Surface((n, n), pygame.SRCALPHA)
    c = n // 2
    pygame.draw.circle(out, art.shade(AMBER, 0.5), (c, c + s), c - s)
    pygame.draw.circle(out, AMBER, (c, c), c - s * 2)
    pygame.draw.circle(out, art.shade(AMBER, 1.3), (c - n // 8, c - n // 8), n // 5)
    figure = art.shade(AMBER, 0.42)
    pygame.draw.circle(out, figure, (c, int(n * 0.25)), max(2, n // 11))
    pygame.draw.ellipse(out, figure, (c - n * 0.2, n * 0.33, n * 0.4, n * 0.3))
    pygame.draw.ellipse(out, figure, (c - n * 0.16, n * 0.55, n * 0.32, n * 0.24))
    pygame.draw.polygon(out, figure, [(c - n * 0.09, n * 0.74), (c + n * 0.09, n * 0.74), (c, n * 0.86)])
    return art.ready(pygame.transform.smoothscale(out, (size, size)))
