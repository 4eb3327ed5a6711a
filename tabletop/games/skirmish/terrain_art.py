"""The skirmish table's terrain pieces drawn by code: a texture per kind (trees,
walls, water, hills, ruins ...), its shadow by how high the kind stands, and the
palette's icons. Textures are seeded by the piece's id, so a piece looks the same
every time it is drawn. Returned surfaces are cached: blit them, do not draw on them.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

import pygame

from tabletop.games.skirmish.art import SUPERSAMPLE, Colour, jitter, lighten, mix, seed_of, shadowed, shrunk
from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.planar import Point
from tabletop.ui import art

#: how high a kind stands, in mm of shadow cast down and to the right (0: flat)
HEIGHT = {
    "tree": 6,
    "dense_forest": 6,
    "bushes": 2.5,
    "vehicle_wreck": 4,
    "wall": 4,
    "ruined_wall": 3,
    "energy_field_generator": 4,
    "cult_statue": 5,
    "rubbish_heap": 2.5,
    "rocky_hill": 4,
    "small_hill": 2,
}


# -- terrain ---------------------------------------------------------------------------------

Painter = Callable[[pygame.Surface, list[Point], float, random.Random], None]


def _blobs(
    surface: pygame.Surface,
    area: pygame.Rect,
    colours: Sequence[Colour],
    count: int,
    rmin: float,
    rmax: float,
    rng: random.Random,
    alpha: int = 255,
) -> None:
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    for _ in range(count):
        r = rng.uniform(rmin, rmax)
        pygame.draw.circle(
            layer,
            (*jitter(rng.choice(colours), rng, 10), alpha),
            (rng.uniform(area.left, area.right), rng.uniform(area.top, area.bottom)),
            r,
        )
    surface.blit(layer, (0, 0))


def _area(poly: Sequence[Point]) -> pygame.Rect:
    left, top, right, bottom = planar.bounds(poly)
    return pygame.Rect(int(left), int(top), max(1, int(right - left)), max(1, int(bottom - top)))


def _canopy(surface: pygame.Surface, centre: Point, radius: float, rng: random.Random, green: Colour) -> None:
    """A tree seen from above: a dark crown, leafy clumps, light from the top left."""
    cx, cy = centre
    pygame.draw.circle(surface, art.shade(green, 0.62), centre, radius)
    for _ in range(9):
        a = rng.uniform(0, 2 * math.pi)
        d = rng.uniform(0.25, 0.62) * radius
        pygame.draw.circle(
            surface,
            jitter(art.shade(green, 0.85), rng, 8),
            (cx + d * math.cos(a), cy + d * math.sin(a)),
            radius * rng.uniform(0.32, 0.45),
        )
    for _ in range(7):
        a = rng.uniform(math.pi * 0.9, math.pi * 1.6)
        d = rng.uniform(0.15, 0.5) * radius
        pygame.draw.circle(
            surface,
            jitter(green, rng, 8),
            (cx + d * math.cos(a), cy + d * math.sin(a)),
            radius * rng.uniform(0.22, 0.34),
        )
    for _ in range(4):
        a = rng.uniform(math.pi * 1.0, math.pi * 1.5)
        d = rng.uniform(0.25, 0.55) * radius
        pygame.draw.circle(
            surface,
            art.shade(green, 1.3),
            (cx + d * math.cos(a), cy + d * math.sin(a)),
            radius * rng.uniform(0.08, 0.14),
        )


def _paint_tree(surface, poly, s, rng):
    surface.fill((58, 52, 34))
    cx, cy = planar.centroid(poly)
    radius = min(_area(poly).w, _area(poly).h) / 2
    _canopy(surface, (cx, cy), radius * 1.02, rng, (70, 120, 52))


def _paint_dense_forest(surface, poly, s, rng):
    surface.fill((44, 56, 32))
    area = _area(poly)
    _blobs(surface, area, [(56, 70, 38), (36, 46, 26)], 30, 2 * s, 5 * s, rng)
    spots = []
    for _ in range(200):
        p = (rng.uniform(area.left, area.right), rng.uniform(area.top, area.bottom))
        if planar.point_in_polygon(p, poly) and all(math.dist(p, q) > 9 * s for q in spots):
            spots.append(p)
    spots.sort(key=lambda p: p[1])
    for p in spots:
        _canopy(surface, p, rng.uniform(8, 12) * s, rng, jitter((58, 104, 46), rng, 10))


def _paint_bushes(surface, poly, s, rng):
    surface.fill((96, 90, 56))
    area = _area(poly)
    _blobs(surface, area, [(80, 76, 46), (110, 100, 64)], 20, 2 * s, 4 * s, rng)
    for _ in range(34):
        p = (rng.uniform(area.left, area.right), rng.uniform(area.top, area.bottom))
        r = rng.uniform(3.5, 6.5) * s
        green = jitter((96, 138, 58), rng, 12)
        pygame.draw.circle(surface, art.shade(green, 0.6), p, r)
        pygame.draw.circle(surface, green, (p[0] - r * 0.15, p[1] - r * 0.15), r * 0.8)
        pygame.draw.circle(surface, art.shade(green, 1.25), (p[0] - r * 0.35, p[1] - r * 0.35), r * 0.3)
    for _ in range(14):
        pygame.draw.circle(
            surface,
            rng.choice([(236, 214, 92), (240, 236, 226), (200, 120, 160)]),
            (rng.uniform(area.left, area.right), rng.uniform(area.top, area.bottom)),
            max(1.0, 0.7 * s),
        )


def _stones(
    surface: pygame.Surface, area: pygame.Rect, s: float, rng: random.Random, grey: Colour, course: float
) -> None:
    """Courses of stone blocks along x, in running bond."""
    surface.fill(art.shade(grey, 0.55))
    y: float = area.top
    row = 0
    while y < area.bottom:
        x = area.left - (rng.uniform(0, course) if row % 2 else 0)
        while x < area.right:
            length = rng.uniform(1.4, 2.4) * course
            block = pygame.Rect(
                int(x + 0.35 * s), int(y + 0.35 * s), max(1, int(length - 0.7 * s)), max(1, int(course - 0.7 * s))
            )
            colour = lighten(grey, rng, 16)
            pygame.draw.rect(surface, colour, block, border_radius=max(1, int(0.6 * s)))
            pygame.draw.line(surface, art.shade(colour, 1.25), block.topleft, block.topright, max(1, int(0.5 * s)))
            x += length
        y += course
        row += 1


def _paint_wall(surface, poly, s, rng):
    _stones(surface, _area(poly), s, rng, (164, 158, 146), 5 * s)


def _rubble(
    surface: pygame.Surface,
    area: pygame.Rect,
    s: float,
    rng: random.Random,
    count: int,
    colours: Sequence[Colour],
    size: float,
) -> None:
    for _ in range(count):
        cx, cy = rng.uniform(area.left, area.right), rng.uniform(area.top, area.bottom)
        r = rng.uniform(0.4, 1.0) * size * s
        corners = [
            (cx + r * rng.uniform(0.6, 1.1) * math.cos(a), cy + r * rng.uniform(0.6, 1.1) * math.sin(a))
            for a in sorted(rng.uniform(0, 2 * math.pi) for _ in range(5))
        ]
        colour = jitter(rng.choice(colours), rng, 12)
        pygame.draw.polygon(surface, art.shade(colour, 0.6), [(x + 0.5 * s, y + 0.6 * s) for x, y in corners])
        pygame.draw.polygon(surface, colour, corners)


def _cracks(
    surface: pygame.Surface,
    area: pygame.Rect,
    s: float,
    rng: random.Random,
    count: int,
    steps: int,
    reach: float,
    colour: Colour,
) -> None:
    """`count` cracks in the ground of `area`, each a zigzag of `steps` strokes,
    each up to `reach` times `s` across and down."""
    for _ in range(count):
        x, y = rng.uniform(area.left, area.right), rng.uniform(area.top, area.bottom)
        points = [(x, y)]
        for _k in range(steps):
            x += rng.uniform(-reach, reach) * s
            y += rng.uniform(-reach, reach) * s
            points.append((x, y))
        pygame.draw.lines(surface, colour, False, points, max(1, int(0.5 * s)))


def _paint_ruined_wall(surface, poly, s, rng):
    area = _area(poly)
    _stones(surface, area, s, rng, (150, 142, 128), 5 * s)
    # broken stretches and fallen stones
    _blobs(surface, area, [(112, 100, 84), (96, 88, 74)], 7, 3 * s, 6 * s, rng)
    _rubble(surface, area, s, rng, 26, [(158, 150, 134), (132, 124, 110), (120, 104, 86)], 2.4)


def _paint_vehicle_wreck(surface, poly, s, rng):
    area = _area(poly)
    surface.fill((70, 60, 48))
    body = pygame.Rect(area.x + int(6 * s), area.y + int(6 * s), area.w - int(12 * s), area.h - int(12 * s))
    for wx in (body.left + body.w * 0.18, body.right - body.w * 0.18):
        for wy in (body.top - 2 * s, body.bottom - 4 * s):
            pygame.draw.rect(surface, (26, 24, 24), (wx - 6 * s, wy, 12 * s, 6 * s), border_radius=int(2 * s))
    rust = (138, 74, 44)
    pygame.draw.rect(surface, art.shade(rust, 0.7), body.move(int(s), int(s)), border_radius=int(4 * s))
    pygame.draw.rect(surface, rust, body, border_radius=int(4 * s))
    cab = pygame.Rect(body.x + int(body.w * 0.58), body.y + int(3 * s), int(body.w * 0.3), body.h - int(6 * s))
    pygame.draw.rect(surface, (96, 96, 92), cab, border_radius=int(3 * s))
    glass = cab.inflate(-int(5 * s), -int(5 * s))
    pygame.draw.rect(surface, (34, 44, 52), glass, border_radius=int(2 * s))
    for _ in range(4):
        x = rng.uniform(glass.left, glass.right)
        pygame.draw.line(
            surface, (150, 170, 180), (x, glass.top), (x + rng.uniform(-4, 4) * s, glass.bottom), max(1, int(0.4 * s))
        )
    for _ in range(6):
        x = rng.uniform(body.left, cab.left)
        pygame.draw.line(
            surface, art.shade(rust, 0.8), (x, body.top + 2 * s), (x, body.bottom - 2 * s), max(1, int(0.8 * s))
        )
    _blobs(surface, body, [(50, 34, 26), (176, 110, 64)], 9, 1.5 * s, 4 * s, rng, alpha=110)


def _paint_swamp(surface, poly, s, rng):
    surface.fill((82, 92, 54))
    area = _area(poly)
    _blobs(surface, area, [(52, 76, 66), (44, 66, 60)], 26, 3 * s, 8 * s, rng, alpha=120)
    _blobs(surface, area, [(96, 110, 60), (104, 100, 62)], 20, 2 * s, 5 * s, rng, alpha=160)
    for _ in range(26):
        x, y = rng.uniform(area.left, area.right), rng.uniform(area.top, area.bottom)
        for _k in range(5):
            dx = rng.uniform(-2, 2) * s
            pygame.draw.line(
                surface,
                jitter((150, 150, 70), rng, 20),
                (x + dx, y),
                (x + dx * 1.6, y - rng.uniform(3, 6) * s),
                max(1, int(0.5 * s)),
            )


def _liquid(surface, poly, s, rng, colour: Colour, rim: Colour, light: Colour) -> None:
    surface.fill(rim)
    inner = shrunk(poly, 0.86)
    pygame.draw.polygon(surface, colour, inner)
    pygame.draw.polygon(surface, art.shade(colour, 0.8), shrunk(poly, 0.55))
    area = _area(inner)
    for _ in range(10):
        x, y = rng.uniform(area.left, area.right), rng.uniform(area.top, area.bottom)
        r = rng.uniform(3, 7) * s
        pygame.draw.arc(surface, light, (x - r, y - r * 0.5, 2 * r, r), 0.3, 2.8, max(1, int(0.6 * s)))


def _paint_sewage_pond(surface, poly, s, rng):
    _liquid(surface, poly, s, rng, (124, 130, 44), (92, 76, 48), (190, 196, 96))
    area = _area(shrunk(poly, 0.8))
    for _ in range(16):
        p = (rng.uniform(area.left, area.right), rng.uniform(area.top, area.bottom))
        r = rng.uniform(0.6, 1.8) * s
        pygame.draw.circle(surface, (196, 204, 104), p, r, max(1, int(0.4 * s)))


def _paint_chemical_cesspool(surface, poly, s, rng):
    # the sewage pond's acid twin: a poisonous green with pale fumes
    _liquid(surface, poly, s, rng, (110, 170, 40), (70, 96, 40), (214, 240, 120))
    area = _area(shrunk(poly, 0.8))
    for _ in range(16):
        p = (rng.uniform(area.left, area.right), rng.uniform(area.top, area.bottom))
        r = rng.uniform(0.8, 2.2) * s
        pygame.draw.circle(surface, (226, 246, 150), p, r, max(1, int(0.4 * s)))


def _paint_contaminated_lake(surface, poly, s, rng):
    _liquid(surface, poly, s, rng, (44, 104, 100), (104, 136, 60), (150, 204, 190))


def _paint_torrent(surface, poly, s, rng):
    area = _area(poly)
    surface.fill((58, 110, 156))
    pygame.draw.rect(surface, (44, 92, 140), (area.left, area.centery - area.h * 0.2, area.w, area.h * 0.4))
    for _ in range(70):
        x = rng.uniform(area.left, area.right)
        y = rng.uniform(area.top, area.bottom)
        length = rng.uniform(6, 16) * s
        pygame.draw.line(
            surface,
            jitter((196, 222, 238), rng, 12),
            (x, y),
            (x + length, y + rng.uniform(-0.6, 0.6) * s),
            max(1, int(0.5 * s)),
        )


def _paint_destroyed_area(surface, poly, s, rng):
    surface.fill((116, 104, 88))
    area = _area(poly)
    _blobs(surface, area, [(60, 52, 46), (84, 76, 66)], 16, 3 * s, 8 * s, rng, alpha=70)
    _cracks(surface, area, s, rng, 7, 4, 6, (56, 48, 40))
    _rubble(surface, area, s, rng, 40, [(150, 144, 134), (124, 112, 98), (170, 120, 92)], 2.2)


def _contours(surface, poly, s, rng, low: Colour, high: Colour, lines: Colour, steps: int = 5) -> None:
    centre = planar.centroid(poly)
    surface.fill(low)
    for k in range(steps):
        factor = 1 - k / steps
        inner = shrunk(poly, factor * 0.98 if k else 1.0, centre)
        pygame.draw.polygon(surface, mix(low, high, k / (steps - 1)), inner)
        if k:
            pygame.draw.polygon(surface, lines, inner, max(1, int(0.45 * s)))


def _paint_small_hill(surface, poly, s, rng):
    _contours(surface, poly, s, rng, (92, 118, 58), (150, 170, 92), (70, 90, 44))
    area = _area(poly)
    for _ in range(30):
        x, y = rng.uniform(area.left, area.right), rng.uniform(area.top, area.bottom)
        pygame.draw.line(surface, (80, 104, 50), (x, y), (x + rng.uniform(-1, 1) * s, y - 2 * s), max(1, int(0.4 * s)))


def _paint_rocky_hill(surface, poly, s, rng):
    _contours(surface, poly, s, rng, (112, 104, 92), (176, 168, 152), (82, 74, 66), steps=6)
    area = _area(shrunk(poly, 0.8))
    _cracks(surface, area, s, rng, 9, 3, 5, (70, 64, 58))
    _rubble(surface, _area(poly), s, rng, 10, [(140, 132, 120), (160, 152, 140)], 3.0)


def _paint_chasm(surface, poly, s, rng):
    centre = planar.centroid(poly)
    surface.fill((104, 86, 64))
    for k, colour in enumerate(((78, 62, 46), (48, 38, 30), (24, 18, 14), (10, 8, 6))):
        inner = [
            (centre[0] + (x - centre[0]) * (1 - 0.12 * (k + 1)), centre[1] + (y - centre[1]) * (1 - 0.25 * (k + 1)))
            for x, y in poly
        ]
        pygame.draw.polygon(surface, colour, inner)


def _paint_energy_field_generator(surface, poly, s, rng):
    area = _area(poly)
    surface.fill((84, 90, 98))
    plate = area.inflate(-int(3 * s), -int(3 * s))
    pygame.draw.rect(surface, (120, 128, 138), plate, border_radius=int(2 * s))
    pygame.draw.rect(surface, (60, 64, 72), plate, max(1, int(0.6 * s)), border_radius=int(2 * s))
    for corner in (plate.topleft, plate.topright, plate.bottomleft, plate.bottomright):
        pygame.draw.circle(
            surface,
            (170, 176, 184),
            (
                corner[0] + (2 if corner[0] == plate.left else -2) * s,
                corner[1] + (2 if corner[1] == plate.top else -2) * s,
            ),
            0.9 * s,
        )
    c = area.center
    glow = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    for k in range(6, 0, -1):
        pygame.draw.circle(glow, (90, 220, 255, 28), c, k * 1.6 * s)
    surface.blit(glow, (0, 0))
    pygame.draw.circle(surface, (40, 70, 90), c, 6 * s)
    pygame.draw.circle(surface, (110, 230, 255), c, 4.2 * s)
    pygame.draw.circle(surface, (235, 252, 255), c, 1.8 * s)
    pygame.draw.circle(surface, (110, 230, 255), c, 9 * s, max(1, int(0.6 * s)))


def _paint_cult_statue(surface, poly, s, rng):
    surface.fill((176, 166, 146))
    pygame.draw.polygon(surface, (150, 140, 122), shrunk(poly, 0.75))
    c = planar.centroid(poly)
    wood = (128, 86, 48)
    pygame.draw.ellipse(surface, art.shade(wood, 0.7), (c[0] - 7 * s, c[1] - 4 * s, 14 * s, 9 * s))
    pygame.draw.ellipse(surface, wood, (c[0] - 6 * s, c[1] - 4.5 * s, 12 * s, 8 * s))
    pygame.draw.circle(surface, art.shade(wood, 1.2), (c[0], c[1] - 1 * s), 3 * s)
    pygame.draw.circle(surface, art.shade(wood, 1.5), (c[0] - 1 * s, c[1] - 2 * s), 1.2 * s)


def _paint_rubbish_heap(surface, poly, s, rng):
    surface.fill((92, 78, 60))
    area = _area(poly)
    _blobs(surface, area, [(70, 60, 48), (112, 96, 74)], 14, 3 * s, 6 * s, rng)
    _rubble(
        surface, area, s, rng, 46, [(150, 90, 52), (130, 130, 126), (70, 96, 140), (200, 196, 180), (110, 124, 70)], 2.6
    )
    for _ in range(3):
        p = (rng.uniform(area.left, area.right), rng.uniform(area.top, area.bottom))
        pygame.draw.circle(surface, (24, 24, 24), p, 3.2 * s, max(1, int(1.4 * s)))


def _paint_acid_cloud(surface, poly, s, rng):
    surface.fill((168, 196, 52, 120))
    area = _area(poly)
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    for _ in range(26):
        p = (rng.uniform(area.left, area.right), rng.uniform(area.top, area.bottom))
        pygame.draw.circle(layer, (*jitter((200, 226, 80), rng, 20), 70), p, rng.uniform(4, 10) * s)
    surface.blit(layer, (0, 0))
    for _ in range(8):
        x, y = rng.uniform(area.left, area.right), rng.uniform(area.top, area.bottom)
        r = rng.uniform(4, 9) * s
        pygame.draw.arc(
            surface,
            (232, 246, 170, 170),
            (x - r, y - r, 2 * r, 2 * r),
            rng.uniform(0, 3),
            rng.uniform(3.5, 6),
            max(1, int(0.6 * s)),
        )
    blurred = pygame.transform.gaussian_blur(surface, max(1, int(1.2 * s)))
    surface.fill((0, 0, 0, 0))
    surface.blit(blurred, (0, 0))


def _paint_plain(surface, poly, s, rng):
    surface.fill((120, 110, 96))


PAINTERS: dict[str, Painter] = {
    "tree": _paint_tree,
    "dense_forest": _paint_dense_forest,
    "bushes": _paint_bushes,
    "vehicle_wreck": _paint_vehicle_wreck,
    "wall": _paint_wall,
    "ruined_wall": _paint_ruined_wall,
    "swamp": _paint_swamp,
    "sewage_pond": _paint_sewage_pond,
    "chemical_cesspool": _paint_chemical_cesspool,
    "destroyed_area": _paint_destroyed_area,
    "small_hill": _paint_small_hill,
    "rocky_hill": _paint_rocky_hill,
    "chasm": _paint_chasm,
    "energy_field_generator": _paint_energy_field_generator,
    "cult_statue": _paint_cult_statue,
    "rubbish_heap": _paint_rubbish_heap,
    "acid_cloud": _paint_acid_cloud,
    "contaminated_lake": _paint_contaminated_lake,
    "torrent": _paint_torrent,
}


def terrain(
    kind: str, footprint: tuple[Point, ...], rotation: float, scale: float, seed: int, tint: Colour | None = None
) -> tuple[pygame.Surface, Point]:
    """A terrain piece drawn at `scale` px/mm and turned by `rotation` degrees
    (clockwise): the sprite, and where its centre lies from the piece's origin in
    table mm. The piece's true outline is drawn as a fine line (it is what the
    rules go by). `tint` washes it in a colour (a piece being dragged)."""
    left, top, right, bottom = planar.bounds(footprint)
    margin = 1.0
    s = scale * SUPERSAMPLE
    w = max(2, math.ceil((right - left + 2 * margin) * s))
    h = max(2, math.ceil((bottom - top + 2 * margin) * s))
    poly = [((x - left + margin) * s, (y - top + margin) * s) for x, y in footprint]
    paint = pygame.Surface((w, h), pygame.SRCALPHA)
    PAINTERS.get(kind, _paint_plain)(paint, poly, s, random.Random(seed))
    if tint is not None:
        wash = pygame.Surface((w, h), pygame.SRCALPHA)
        wash.fill((*tint, 110))
        paint.blit(wash, (0, 0))
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), poly)
    paint.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    edge = (30, 26, 20, 150) if tint is None else (*art.shade(tint, 0.5), 230)
    pygame.draw.polygon(paint, edge, poly, max(1, int(SUPERSAMPLE * (0.9 if tint is None else 1.6))))
    sprite = pygame.transform.smoothscale(paint, (max(1, round(w / SUPERSAMPLE)), max(1, round(h / SUPERSAMPLE))))
    if rotation % 360:
        sprite = pygame.transform.rotozoom(sprite, -rotation, 1.0)
    height = HEIGHT.get(kind, 0)
    if height:
        cast = max(1, round(height * scale * 0.55))
        sprite = shadowed(sprite, (cast, cast), max(1, round(height * scale * 0.35)), 100)
    cx, cy = (left + right) / 2, (top + bottom) / 2
    c, sn = math.cos(math.radians(rotation)), math.sin(math.radians(rotation))
    return sprite, (cx * c - cy * sn, cx * sn + cy * c)


def terrain_icon(kind: str, footprint: tuple[Point, ...], size: int) -> pygame.Surface:
    """A terrain kind fitted into a square of `size` pixels (the palette)."""
    left, top, right, bottom = planar.bounds(footprint)
    scale = (size * 0.84) / max(right - left, bottom - top, 1.0)
    sprite, _centre = terrain(kind, tuple(footprint), 0.0, scale, seed_of(kind))
    return sprite
