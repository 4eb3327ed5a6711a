"""A profile card drawn by code: the card's frame in the faction's colour, the
boxes of a body zone's points (white and red, ticked off as wounds come) and the
badges of markers. Pure drawing: what goes on the card is screen/profile_card.py's."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from tabletop.ui import art
from tabletop.ui import theme as th

Colour = tuple[int, int, int]

#: the card's paper and the colours of its white and red points
PAPER = (250, 243, 226)
WHITE_POINT = (255, 255, 255)
RED_POINT = (196, 52, 40)
TICK = (40, 26, 16)
#: each marker's colour on its badge
MARKER_COLOURS: dict[str, Colour] = {
    "fire": (222, 96, 30),
    "fear": (98, 70, 150),
    "poison": (70, 140, 50),
    "rage": (176, 28, 36),
    "slow": (60, 110, 170),
}


def frame(surface: pygame.Surface, rect: pygame.Rect, colour: Sequence[int], radius: int, band: int) -> pygame.Rect:
    """A card: paper inside a rim of `colour`, with a band of that colour across the
    top `band` pixels high. Returns the band's rect (for the card's title)."""
    ring = max(2, radius // 3)
    rim = art.shade(colour, 0.7)
    art.rounded_rect(surface, rect, rim, radius)
    paper = rect.inflate(-ring * 2, -ring * 2)
    art.rounded_rect(surface, paper, PAPER, max(1, radius - ring))
    top = pygame.Rect(paper.x, paper.y, paper.w, band)
    fill = (colour[0], colour[1], colour[2])
    art.rounded_rect(surface, top, fill, max(1, radius - ring))
    pygame.draw.rect(surface, fill, (top.x, top.centery, top.w, top.h - top.h // 2))
    pygame.draw.line(surface, rim, (top.x, top.bottom), (top.right - 1, top.bottom), max(1, ring // 2))
    return top


def point_box(surface: pygame.Surface, rect: pygame.Rect, red: bool, ticked: bool) -> None:
    """One point of a body zone: a white or red box, crossed out once it is marked."""
    fill = RED_POINT if red else WHITE_POINT
    pygame.draw.rect(surface, fill, rect, border_radius=max(1, rect.w // 5))
    pygame.draw.rect(surface, TICK, rect, max(1, rect.w // 9), border_radius=max(1, rect.w // 5))
    if ticked:
        inset = max(2, rect.w // 5)
        width = max(2, rect.w // 6)
        ink = WHITE_POINT if red else TICK
        pygame.draw.line(
            surface, ink, (rect.x + inset, rect.y + inset), (rect.right - inset - 1, rect.bottom - inset - 1), width
        )
        pygame.draw.line(
            surface, ink, (rect.right - inset - 1, rect.y + inset), (rect.x + inset, rect.bottom - inset - 1), width
        )


def value_chip(
    surface: pygame.Surface, rect: pygame.Rect, value: str, font: pygame.font.Font, red: bool, in_force: bool
) -> None:
    """A printed attribute value on a white or red chip; the one in force is ringed
    in ink, the other faded."""
    fill = RED_POINT if red else WHITE_POINT
    if not in_force:
        fill = art.shade(fill, 0.93) if not red else (214, 150, 140)
    pygame.draw.rect(surface, fill, rect, border_radius=max(2, rect.h // 4))
    ring = TICK if in_force else (170, 150, 130)
    pygame.draw.rect(surface, ring, rect, max(1, rect.h // 8) if in_force else 1, border_radius=max(2, rect.h // 4))
    ink = WHITE_POINT if red and in_force else (TICK if in_force else (150, 130, 115))
    art.text(surface, value, font, ink, rect.center, "center")


def marker_badge(surface: pygame.Surface, centre: tuple[int, int], radius: int, marker: str) -> None:
    """A round marker of the kind's colour."""
    colour = MARKER_COLOURS.get(marker, th.INK_SOFT)
    pygame.draw.circle(surface, art.shade(colour, 0.6), centre, radius)
    pygame.draw.circle(surface, colour, centre, max(1, radius - max(1, radius // 6)))
    pygame.draw.circle(surface, art.shade(colour, 1.3), (centre[0] - radius // 3, centre[1] - radius // 3), radius // 3)


def ap_pips(surface: pygame.Surface, right_centre: tuple[int, int], radius: int, left: int, of: int) -> pygame.Rect:
    """AP as pips, full for those left, hollow for those spent, ending at `right_centre`."""
    gap = radius // 2 + 1
    x = right_centre[0] - radius
    y = right_centre[1]
    for index in range(of):
        centre = (x - (of - 1 - index) * (radius * 2 + gap), y)
        if index < left:
            pygame.draw.circle(surface, th.GOLD, centre, radius)
            pygame.draw.circle(surface, th.GOLD_DARK, centre, radius, max(1, radius // 4))
        else:
            pygame.draw.circle(surface, (255, 255, 255), centre, radius, max(1, radius // 4))
    width = of * (radius * 2 + gap) - gap
    return pygame.Rect(right_centre[0] - width, y - radius, width, radius * 2)
