"""Catan's card faces drawn by code: resource cards, development cards and their
back, and the two special cards."""

from __future__ import annotations

import math

import pygame
import pygame.gfxdraw

from tabletop.games.catan.art.base import DEVELOPMENT_COLOURS, RESOURCE_COLOURS
from tabletop.games.catan.art.pieces import outlined, resource_icon, road
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.caches import drawn

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
    outlined(surface, shield, (168, 40, 40), (60, 20, 20), max(1, int(r * 0.06)))
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
    outlined(surface, head, (150, 154, 166), (50, 50, 60), max(1, int(r * 0.05)))


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
    outlined(surface, horn, (196, 140, 62), (90, 56, 24), max(1, int(r * 0.06)))
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
    outlined(surface, roof, stone, edge, max(1, int(r * 0.06)))
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
