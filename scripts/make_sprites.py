#!/usr/bin/env python3
"""Draw the bundled images into sprites/: the table textures, the launcher
pictures and the app icon. Deterministic: the same code gives the same files.

    .venv/bin/python scripts/make_sprites.py
"""

from __future__ import annotations

import io
import math
import os
import random
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

SPRITES = ROOT / "sprites"


# -- noise ---------------------------------------------------------------------------


def periodic_noise(size: tuple[int, int], cells: tuple[int, int], rng: random.Random) -> list[float]:
    """Smooth value noise in 0..1 that tiles seamlessly, as a flat row-major list."""
    cx, cy = cells
    small = pygame.Surface((cx * 3, cy * 3))
    values = [[rng.randrange(256) for _ in range(cx)] for _ in range(cy)]
    for y in range(cy * 3):
        for x in range(cx * 3):
            v = values[y % cy][x % cx]
            small.set_at((x, y), (v, v, v))
    w, h = size
    big = pygame.transform.smoothscale(small, (w * 3, h * 3))
    big = pygame.transform.smoothscale(pygame.transform.smoothscale(big, (w * 3 // 2, h * 3 // 2)), (w * 3, h * 3))
    centre = big.subsurface((w, h, w, h))
    raw = pygame.image.tobytes(centre, "RGB")
    return [raw[i] / 255 for i in range(0, len(raw), 3)]


def fractal(size: tuple[int, int], octaves: list[tuple[tuple[int, int], float]], rng: random.Random) -> list[float]:
    total = [0.0] * (size[0] * size[1])
    weight = sum(w for _c, w in octaves)
    for cells, w in octaves:
        layer = periodic_noise(size, cells, rng)
        for i, v in enumerate(layer):
            total[i] += v * w / weight
    return total


def to_surface(size: tuple[int, int], pixels: bytearray) -> pygame.Surface:
    return pygame.image.frombytes(bytes(pixels), size, "RGB").copy()


def clamp(v: float) -> int:
    return 0 if v < 0 else 255 if v > 255 else int(v)


# -- textures ------------------------------------------------------------------------


def wood(width: int = 1024, height: int = 512) -> pygame.Surface:
    """Warm walnut planks, running left to right, tiling in both directions."""
    rng = random.Random(11)
    planks = 4
    plank_h = height // planks
    size = (width, height)
    warp = fractal(size, [((4, 10), 1.0), ((8, 20), 0.5)], rng)
    fibre = fractal(size, [((6, 96), 1.0), ((12, 192), 0.6)], rng)
    knots = periodic_noise(size, (7, 14), rng)
    tones = [(100, 62, 35), (90, 55, 30), (108, 67, 38), (95, 58, 32)]
    joints = [rng.randrange(width) for _ in range(planks)]
    pixels = bytearray(width * height * 3)
    for y in range(height):
        plank = y // plank_h
        local = (y % plank_h) / plank_h
        base = tones[plank]
        edge = y % plank_h
        for x in range(width):
            i = y * width + x
            segment = 1 if (x - joints[plank]) % width < width // 2 else 0
            phase = local * 7.0 + warp[i] * 5.0 + segment * 0.37 + plank * 1.7
            ring = (0.5 + 0.5 * math.sin(phase * 2 * math.pi)) ** 3
            k = 0.9 + 0.15 * ring + 0.14 * (fibre[i] - 0.5) + 0.08 * max(0.0, knots[i] - 0.75)
            if segment:
                k *= 1.03
            r, g, b = base[0] * k, base[1] * k, base[2] * k
            if edge < 2:
                r, g, b = r * 0.5, g * 0.47, b * 0.45
            elif edge < 4:
                r, g, b = r * 1.12, g * 1.1, b * 1.08
            if (x - joints[plank]) % width < 2:
                r, g, b = r * 0.55, g * 0.52, b * 0.5
            pixels[i * 3 : i * 3 + 3] = bytes((clamp(r), clamp(g), clamp(b)))
    return to_surface(size, pixels)


def felt(size: int = 256) -> pygame.Surface:
    """Green baize: fine even grain and a faint cloudy variation, tiling."""
    rng = random.Random(23)
    cloud = fractal((size, size), [((4, 4), 1.0), ((8, 8), 0.5)], rng)
    pixels = bytearray(size * size * 3)
    base = (38, 96, 64)
    for i in range(size * size):
        k = 0.9 + 0.16 * cloud[i] + rng.uniform(-0.07, 0.07)
        pixels[i * 3 : i * 3 + 3] = bytes((clamp(base[0] * k), clamp(base[1] * k), clamp(base[2] * k)))
    surface = to_surface((size, size), pixels)
    for _ in range(1400):
        x, y = rng.randrange(size), rng.randrange(size)
        angle = rng.uniform(0, math.pi)
        length = rng.uniform(2, 6)
        tone = rng.choice([(50, 116, 80), (28, 76, 50)])
        for dx in (-size, 0, size):
            for dy in (-size, 0, size):
                pygame.draw.aaline(
                    surface,
                    tone,
                    (x + dx, y + dy),
                    (x + dx + math.cos(angle) * length, y + dy + math.sin(angle) * length),
                )
    return surface


def parchment(size: int = 512) -> pygame.Surface:
    """Old paper: cream with soft blotches and fibres, tiling."""
    rng = random.Random(37)
    cloud = fractal((size, size), [((3, 3), 1.0), ((7, 7), 0.6), ((24, 24), 0.25)], rng)
    pixels = bytearray(size * size * 3)
    base = (242, 229, 200)
    for i in range(size * size):
        k = 0.93 + 0.09 * cloud[i] + rng.uniform(-0.015, 0.015)
        pixels[i * 3 : i * 3 + 3] = bytes(
            (clamp(base[0] * k), clamp(base[1] * (k - 0.005)), clamp(base[2] * (k - 0.02)))
        )
    surface = to_surface((size, size), pixels)
    for _ in range(500):
        x, y = rng.randrange(size), rng.randrange(size)
        angle = rng.uniform(0, math.pi)
        length = rng.uniform(4, 14)
        tone = (218, 200, 164)
        for dx in (-size, 0, size):
            for dy in (-size, 0, size):
                pygame.draw.aaline(
                    surface,
                    tone,
                    (x + dx, y + dy),
                    (x + dx + math.cos(angle) * length, y + dy + math.sin(angle) * length),
                )
    return surface


# -- launcher pictures -----------------------------------------------------------------

PICTURE = (640, 400)
SS = 2  # pictures are drawn at twice the size and scaled down for smooth edges


def _finish(big: pygame.Surface) -> pygame.Surface:
    return pygame.transform.smoothscale(big, PICTURE)


def _sky(size: tuple[int, int], top, bottom) -> pygame.Surface:
    from tabletop.ui import art

    return art.vertical_gradient(size, top, bottom)


def picture_eden() -> pygame.Surface:
    """A 7x7 garden board: irrigated fields, canals and cultivated plots."""
    from tabletop.ui import art

    rng = random.Random(5)
    W, H = PICTURE[0] * SS, PICTURE[1] * SS
    out = _sky((W, H), (86, 130, 74), (44, 82, 46))
    board = pygame.Rect(0, 0, int(H * 0.86), int(H * 0.86))
    board.center = (W // 2, H // 2)
    pygame.draw.rect(out, (70, 44, 24), board.inflate(36, 36), border_radius=20)
    pygame.draw.rect(out, (120, 80, 46), board.inflate(20, 20), border_radius=14)
    cell = board.w // 7
    soil = [(196, 160, 104), (186, 150, 96), (204, 170, 112)]
    players = [(200, 60, 50), (60, 100, 200), (230, 150, 40)]
    water = (70, 150, 210)
    irrigated = {(r, c) for r in range(7) for c in range(7) if rng.random() < 0.45}
    for r in range(7):
        for c in range(7):
            rect = pygame.Rect(board.x + c * cell, board.y + r * cell, cell, cell).inflate(-6, -6)
            pygame.draw.rect(out, rng.choice(soil), rect, border_radius=6)
            if (r, c) in irrigated:
                green = (92 + rng.randrange(30), 150 + rng.randrange(30), 70)
                pygame.draw.rect(out, green, rect.inflate(-10, -10), border_radius=6)
                for _ in range(5):
                    px = rect.x + rng.randrange(14, rect.w - 14)
                    py = rect.y + rng.randrange(14, rect.h - 14)
                    pygame.draw.circle(out, (46, 110, 52), (px, py), 7)
                    pygame.draw.circle(out, (120, 190, 90), (px - 2, py - 2), 3)
                if rng.random() < 0.4:
                    owner = rng.choice(players)
                    pygame.draw.rect(out, owner, rect.inflate(-4, -4), 6, border_radius=6)
    # canals along some grid lines
    for c in range(1, 7):
        x = board.x + c * cell
        for r in range(7):
            if ((r, c - 1) in irrigated) != ((r, c) in irrigated) or rng.random() < 0.15:
                pygame.draw.line(out, water, (x, board.y + r * cell + 4), (x, board.y + (r + 1) * cell - 4), 8)
    for r in range(1, 7):
        y = board.y + r * cell
        for c in range(7):
            if ((r - 1, c) in irrigated) != ((r, c) in irrigated) and rng.random() < 0.7:
                pygame.draw.line(out, water, (board.x + c * cell + 4, y), (board.x + (c + 1) * cell - 4, y), 8)
    # a fountain in the middle and pawns
    centre = (board.x + cell * 3 + cell // 2, board.y + cell * 3 + cell // 2)
    pygame.draw.circle(out, (150, 150, 160), centre, cell // 2 - 6)
    pygame.draw.circle(out, water, centre, cell // 2 - 16)
    pygame.draw.circle(out, (200, 230, 250), (centre[0] - 8, centre[1] - 8), 8)
    for i, colour in enumerate(players):
        p = art.pawn(cell // 1 - 20, colour)
        out.blit(p, (board.right + 30 + (i % 2) * 20, board.y + 40 + i * (cell + 20)))
    cards = [((120, 170, 90), -12), ((220, 190, 110), 6)]
    for i, (tint, angle) in enumerate(cards):
        face = art.card_face((150, 210), paper=(250, 244, 226))
        face = face.copy()
        for k in range(3):
            pygame.draw.rect(face, tint, (30 + k * 32, 70, 28, 28), border_radius=4)
        pygame.draw.rect(face, tint, (62, 102, 28, 28), border_radius=4)
        rotated = pygame.transform.rotozoom(face, angle, 1.0)
        out.blit(rotated, (60 + i * 70, 120 + i * 240))
    return _finish(out)


def _hex(center: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    return [
        (
            center[0] + radius * math.cos(math.radians(60 * k - 30)),
            center[1] + radius * math.sin(math.radians(60 * k - 30)),
        )
        for k in range(6)
    ]


def picture_catan() -> pygame.Surface:
    """A hex island in the sea with number tokens, roads and settlements."""
    from tabletop.ui import art

    rng = random.Random(8)
    W, H = PICTURE[0] * SS, PICTURE[1] * SS
    out = _sky((W, H), (54, 120, 178), (30, 78, 140))
    for _ in range(90):
        x, y = rng.randrange(W), rng.randrange(H)
        pygame.draw.arc(out, (110, 170, 220), (x, y, 40, 16), 0.3, 2.8, 3)
    radius = H * 0.108
    dx = radius * math.sqrt(3)
    dy = radius * 1.5
    rows = [3, 4, 5, 4, 3]
    terrain = {
        "forest": (46, 112, 52),
        "pasture": (146, 196, 86),
        "fields": (232, 196, 76),
        "hills": (192, 104, 58),
        "mountains": (134, 134, 146),
        "desert": (228, 206, 152),
    }
    bag = ["forest"] * 4 + ["pasture"] * 4 + ["fields"] * 4 + ["hills"] * 3 + ["mountains"] * 3 + ["desert"]
    rng.shuffle(bag)
    numbers = [5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11]
    cx, cy = W / 2, H / 2
    centres = []
    for r, count in enumerate(rows):
        for c in range(count):
            centres.append((cx + (c - (count - 1) / 2) * dx, cy + (r - 2) * dy))
    # the sandy coast under the island
    for centre in centres:
        pygame.draw.polygon(out, (226, 208, 156), _hex(centre, radius * 1.16))
    number_iter = iter(numbers)
    for centre, kind in zip(centres, bag, strict=False):
        colour = terrain[kind]
        pygame.draw.polygon(out, art.shade(colour, 0.7), _hex(centre, radius))
        pygame.draw.polygon(out, colour, _hex(centre, radius * 0.93))
        if kind == "forest":
            for k in range(5):
                tx = centre[0] + (k - 2) * radius * 0.28
                ty = centre[1] + (k % 2) * radius * 0.3 - radius * 0.3
                pygame.draw.polygon(out, (24, 74, 34), [(tx, ty - 22), (tx - 14, ty + 12), (tx + 14, ty + 12)])
        elif kind == "mountains":
            pygame.draw.polygon(
                out,
                (96, 96, 110),
                [(centre[0] - 40, centre[1] + 20), (centre[0] - 5, centre[1] - 40), (centre[0] + 30, centre[1] + 20)],
            )
            pygame.draw.polygon(
                out,
                (240, 240, 246),
                [(centre[0] - 16, centre[1] - 22), (centre[0] - 5, centre[1] - 40), (centre[0] + 6, centre[1] - 22)],
            )
        elif kind == "fields":
            for k in range(4):
                y = centre[1] - radius * 0.5 + k * radius * 0.3
                pygame.draw.line(out, (196, 156, 50), (centre[0] - radius * 0.6, y), (centre[0] + radius * 0.6, y), 4)
        elif kind == "pasture":
            for k in range(3):
                sx = centre[0] + (k - 1) * radius * 0.4
                sy = centre[1] - radius * 0.35 + (k % 2) * 16
                pygame.draw.ellipse(out, (250, 250, 244), (sx - 12, sy - 8, 24, 16))
        elif kind == "hills":
            pygame.draw.arc(out, (150, 74, 40), (centre[0] - 40, centre[1] - 40, 80, 50), 0, math.pi, 6)
        if kind != "desert":
            n = next(number_iter)
            pygame.draw.circle(
                out, (80, 60, 40), (int(centre[0]) + 2, int(centre[1] + radius * 0.32) + 3), int(radius * 0.3)
            )
            pygame.draw.circle(
                out, (250, 240, 214), (int(centre[0]), int(centre[1] + radius * 0.32)), int(radius * 0.3)
            )
            font = pygame.font.Font(str(_font(True)), int(radius * 0.34))
            colour = (176, 30, 24) if n in (6, 8) else (40, 28, 18)
            art.text(out, str(n), font, colour, (int(centre[0]), int(centre[1] + radius * 0.32)), "center")
    # roads and settlements
    players = [(200, 50, 40), (40, 90, 200), (240, 240, 236), (230, 130, 30)]
    for i in range(8):
        centre = centres[rng.randrange(len(centres))]
        corners = _hex(centre, radius)
        k = rng.randrange(6)
        colour = players[i % 4]
        a, b = corners[k], corners[(k + 1) % 6]
        pygame.draw.line(out, (30, 20, 10), a, b, 16)
        pygame.draw.line(out, colour, a, b, 10)
        x, y = b
        house = [(x - 14, y + 12), (x - 14, y - 4), (x, y - 18), (x + 14, y - 4), (x + 14, y + 12)]
        pygame.draw.polygon(out, colour, house)
        pygame.draw.polygon(out, (30, 20, 10), house, 3)
    return _finish(out)


def picture_skirmish() -> pygame.Surface:
    """A battle table from above: terrain, two warbands on round bases, a line of
    sight and a movement arc."""
    from tabletop.ui import art

    rng = random.Random(13)
    W, H = PICTURE[0] * SS, PICTURE[1] * SS
    ground = fractal((W // 4, H // 4), [((8, 5), 1.0), ((24, 15), 0.5), ((80, 50), 0.25)], rng)
    pixels = bytearray()
    for v in ground:
        pixels += bytes((clamp(92 + 60 * v), clamp(90 + 44 * v), clamp(52 + 20 * v)))
    out = pygame.transform.smoothscale(to_surface((W // 4, H // 4), pixels), (W, H))
    for _ in range(160):
        x, y = rng.randrange(W), rng.randrange(H)
        for _blade in range(4):
            pygame.draw.line(out, (118, 124, 62), (x, y), (x + rng.randrange(-8, 9), y - rng.randrange(8, 16)), 2)
    # rocks
    for _ in range(4):
        cx, cy = rng.randrange(200, W - 200), rng.randrange(120, H - 120)
        points = [
            (cx + math.cos(a) * rng.uniform(50, 90), cy + math.sin(a) * rng.uniform(40, 70))
            for a in [k * math.pi / 4 for k in range(8)]
        ]
        pygame.draw.polygon(out, (70, 66, 62), [(x + 8, y + 10) for x, y in points])
        pygame.draw.polygon(out, (138, 134, 128), points)
        pygame.draw.polygon(out, (170, 166, 158), points[:4] + [(cx, cy)])
    # trees
    for cx, cy in ((120, 120), (560, 240), (860, 620), (1180, 560), (1120, 700), (420, 740), (90, 420)):
        r = rng.randrange(40, 70)
        pygame.draw.circle(out, (40, 52, 26), (cx + 10, cy + 14), r)
        pygame.draw.circle(out, (58, 110, 46), (cx, cy), r)
        pygame.draw.circle(out, (88, 146, 64), (cx - r // 4, cy - r // 4), r // 2)
    # ruins
    pygame.draw.rect(out, (120, 96, 70), (W // 2 - 160, H // 2 - 24, 320, 34))
    pygame.draw.rect(out, (150, 124, 92), (W // 2 - 160, H // 2 - 30, 320, 28))
    bands = [((196, 52, 40), (260, 560)), ((50, 92, 196), (1000, 220))]
    for colour, (bx, by) in bands:
        for k in range(5):
            x = bx + (k % 3) * 80 + rng.randrange(-10, 10)
            y = by + (k // 3) * 90 + rng.randrange(-10, 10)
            r = 40 if k == 0 else 30
            pygame.draw.circle(out, (20, 16, 12), (x + 5, y + 7), r)
            pygame.draw.circle(out, (34, 30, 26), (x, y), r)
            pygame.draw.circle(out, colour, (x, y), r - 7)
            pygame.draw.circle(out, art.shade(colour, 1.4), (x - r // 4, y - r // 4), r // 4)
    a, b = (300, 560), (1040, 220)
    length = math.dist(a, b)
    for t in range(0, int(length), 28):
        p = (a[0] + (b[0] - a[0]) * t / length, a[1] + (b[1] - a[1]) * t / length)
        pygame.draw.circle(out, (250, 236, 170), (int(p[0]), int(p[1])), 5)
    pygame.draw.arc(out, (250, 236, 170), (140, 440, 320, 320), 0.2, 1.6, 4)
    return _finish(out)


def picture_testgame() -> pygame.Surface:
    """Three fanned cards and a die on felt."""
    from tabletop.ui import art

    W, H = PICTURE[0] * SS, PICTURE[1] * SS
    out = art.tiled(pygame.image.load(str(SPRITES / "textures" / "felt.png")), (W, H))
    font = pygame.font.Font(str(_font(True)), 120)
    for i, (number, angle) in enumerate(((4, 14), (9, 0), (12, -14))):
        face = art.card_face((220, 310)).copy()
        art.text(face, str(number), font, (60, 36, 20), (110, 155), "center")
        rotated = pygame.transform.rotozoom(face, angle, 1.0)
        out.blit(rotated, rotated.get_rect(center=(W // 2 - 240 + i * 170, H // 2 + abs(angle) * 2)))
    die = art.die_face(180, 5)
    out.blit(pygame.transform.rotozoom(die, 18, 1.0), (W - 430, H - 380))
    return _finish(out)


def _font(bold: bool = False) -> Path:
    from tabletop.ui import theme

    return theme.FONT_FILES[(bold, False)]


# -- icon ----------------------------------------------------------------------------


def icon(size: int = 256) -> pygame.Surface:
    """The app icon: a die and a card on a round wooden table."""
    from tabletop.ui import art

    S = size * 4
    out = pygame.Surface((S, S), pygame.SRCALPHA)
    wood_tex = pygame.image.load(str(SPRITES / "textures" / "wood.png"))
    disc = art.tiled(wood_tex, (S, S))
    mask = pygame.Surface((S, S), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (S // 2, S // 2), S // 2 - 8)
    table_top = pygame.Surface((S, S), pygame.SRCALPHA)
    table_top.blit(disc, (0, 0))
    table_top.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    out.blit(table_top, (0, 0))
    pygame.draw.circle(out, (40, 24, 12), (S // 2, S // 2), S // 2 - 8, 18)
    felt_tex = pygame.image.load(str(SPRITES / "textures" / "felt.png"))
    inner = art.tiled(felt_tex, (S, S))
    mask2 = pygame.Surface((S, S), pygame.SRCALPHA)
    pygame.draw.circle(mask2, (255, 255, 255, 255), (S // 2, S // 2), int(S * 0.4))
    inner.set_colorkey(None)
    felt_disc = pygame.Surface((S, S), pygame.SRCALPHA)
    felt_disc.blit(inner, (0, 0))
    felt_disc.blit(mask2, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    out.blit(felt_disc, (0, 0))
    back = art.card_back((int(S * 0.34), int(S * 0.48)))
    out.blit(pygame.transform.rotozoom(back, 16, 1.0), (int(S * 0.18), int(S * 0.2)))
    die = art.die_face(int(S * 0.36), 5)
    rotated = pygame.transform.rotozoom(die, -12, 1.0)
    shadow = pygame.Surface(rotated.get_size(), pygame.SRCALPHA)
    shadow.fill((0, 0, 0, 120))
    shadow.blit(rotated, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    out.blit(shadow, (int(S * 0.44) + 14, int(S * 0.42) + 20))
    out.blit(rotated, (int(S * 0.44), int(S * 0.42)))
    return pygame.transform.smoothscale(out, (size, size))


def write_ico(images: list[pygame.Surface], path: Path) -> None:
    """A Windows .ico holding PNG-compressed images (Windows Vista and later)."""
    blobs = []
    for image in images:
        buffer = io.BytesIO()
        pygame.image.save(image, buffer, "icon.png")
        blobs.append(buffer.getvalue())
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    entries = b""
    for image, blob in zip(images, blobs, strict=False):
        w, h = image.get_size()
        entries += struct.pack("<BBBBHHII", w % 256, h % 256, 0, 0, 1, 32, len(blob), offset)
        offset += len(blob)
    path.write_bytes(header + entries + b"".join(blobs))


def main() -> int:
    pygame.display.init()
    pygame.font.init()
    (SPRITES / "textures").mkdir(parents=True, exist_ok=True)
    (SPRITES / "launcher").mkdir(parents=True, exist_ok=True)
    made = []

    def save(surface: pygame.Surface, name: str) -> None:
        path = SPRITES / name
        pygame.image.save(surface, str(path))
        made.append(path)

    save(wood(), "textures/wood.png")
    save(felt(), "textures/felt.png")
    save(parchment(), "textures/parchment.png")
    save(picture_eden(), "launcher/eden.png")
    save(picture_catan(), "launcher/catan.png")
    save(picture_skirmish(), "launcher/skirmish.png")
    save(picture_testgame(), "launcher/testgame.png")
    big = icon(256)
    save(big, "icon.png")
    write_ico([big] + [pygame.transform.smoothscale(big, (s, s)) for s in (64, 48, 32, 16)], SPRITES / "icon.ico")
    made.append(SPRITES / "icon.ico")
    for path in made:
        print(path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
