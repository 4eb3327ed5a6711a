"""The weather badge at the right of the side panel's heading (optional rule 3): a
drawn icon for each weather in force and the weather's name, its effect in the
tooltip. The rules say which weathers are in force (the view's `weather`)."""

from __future__ import annotations

import math

import pygame

from tabletop.games.skirmish.play import weather_play
from tabletop.i18n import marked
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.caches import drawn
from tabletop.ui.gameview import GameView, Hit

Colour = tuple[int, int, int]

CLOUD: Colour = (96, 100, 112)
#: the mark each weather draws under or beside its cloud
TINTS: dict[str, Colour] = {
    "ion_storm": (128, 72, 200),
    "storm": (70, 90, 120),
    "dense_fog": (140, 140, 146),
    "normal": (222, 170, 40),
    "light_fog": (170, 170, 176),
    "acid_rain": (92, 170, 40),
    "snowstorm": (90, 150, 210),
}


def weather_icon(key: str, size: int) -> pygame.Surface:
    """A weather's icon on a clear square of `size` pixels."""
    return _weather_icon(key, size)


@drawn(64)
def _weather_icon(key: str, size: int) -> pygame.Surface:
    s = 3
    S = size * s
    out = pygame.Surface((S, S), pygame.SRCALPHA)
    tint = TINTS.get(key, CLOUD)
    w = max(2, S // 14)
    if key == "normal":
        centre = (S * 0.5, S * 0.5)
        pygame.draw.circle(out, tint, centre, S * 0.2)
        for k in range(8):
            a = k * math.pi / 4
            inner, outer = S * 0.28, S * 0.42
            start = (centre[0] + inner * math.cos(a), centre[1] + inner * math.sin(a))
            end = (centre[0] + outer * math.cos(a), centre[1] + outer * math.sin(a))
            pygame.draw.line(out, tint, start, end, w)
        return pygame.transform.smoothscale(out, (size, size))
    # a cloud of three puffs on a flat bottom, in the upper part
    for cx, cy, r in ((0.32, 0.42, 0.15), (0.52, 0.33, 0.19), (0.7, 0.44, 0.14)):
        pygame.draw.circle(out, CLOUD, (S * cx, S * cy), S * r)
    pygame.draw.rect(out, CLOUD, pygame.Rect(S * 0.32, S * 0.4, S * 0.38, S * 0.18))
    if key == "ion_storm":
        bolt = [(0.55, 0.5), (0.4, 0.72), (0.52, 0.72), (0.42, 0.95), (0.66, 0.66), (0.54, 0.66), (0.62, 0.5)]
        pygame.draw.polygon(out, tint, [(x * S, y * S) for x, y in bolt])
    elif key == "storm":
        for k, y in enumerate((0.68, 0.8, 0.92)):
            left = S * (0.12 + 0.08 * k)
            pygame.draw.line(out, tint, (left, S * y), (S * 0.82, S * y), w)
            pygame.draw.arc(out, tint, (S * 0.74, S * (y - 0.1), S * 0.16, S * 0.1), -math.pi / 2, math.pi, w)
    elif key in ("dense_fog", "light_fog"):
        rows = (0.64, 0.78, 0.92) if key == "dense_fog" else (0.72, 0.88)
        thick = w * 3 // 2 if key == "dense_fog" else w
        for y in rows:
            pygame.draw.line(out, tint, (S * 0.12, S * y), (S * 0.88, S * y), thick)
    elif key == "acid_rain":
        for x, y in ((0.3, 0.68), (0.5, 0.78), (0.7, 0.68), (0.4, 0.9), (0.6, 0.9)):
            drop = [(x * S, (y - 0.07) * S), ((x - 0.04) * S, y * S), ((x + 0.04) * S, y * S)]
            pygame.draw.polygon(out, tint, drop)
            pygame.draw.circle(out, tint, (x * S, y * S), S * 0.04)
    elif key == "snowstorm":
        for x, y in ((0.3, 0.74), (0.55, 0.86), (0.76, 0.72)):
            for k in range(3):
                a = k * math.pi / 3
                dx, dy = S * 0.07 * math.cos(a), S * 0.07 * math.sin(a)
                pygame.draw.line(out, tint, (x * S - dx, y * S - dy), (x * S + dx, y * S + dy), max(1, w // 2 + 1))
    return pygame.transform.smoothscale(out, (size, size))


def tooltip(keys: tuple[str, ...]) -> str:
    """Each weather in force with its effect, one a line."""
    known = weather_play.catalogue()
    return "\n".join(f"{marked(known[key].name)}: {marked(known[key].text)}" for key in keys)


def draw_badge(view: GameView, surface: pygame.Surface, right: int, top: int, keys: tuple[str, ...], room: int) -> int:
    """The badge, its right edge at `right`, at most `room` pixels wide: the icons,
    then the weathers' names when they fit. Its width (0: no weather)."""
    if not keys:
        return 0
    t = view.theme
    small = t.font(th.SMALL)
    size = t.font(th.BODY, bold=True).get_linesize()
    known = weather_play.catalogue()
    name = " + ".join(marked(known[key].name) for key in keys)
    pad = t.px(6)
    icons_w = size * len(keys)
    width = icons_w + 2 * pad + small.size(name)[0] + pad
    if width > room:
        name = ""
        width = icons_w + 2 * pad
    rect = pygame.Rect(right - width, top - t.px(2), width, size + t.px(4))
    pygame.draw.rect(surface, (226, 214, 186), rect, border_radius=rect.h // 2)
    pygame.draw.rect(surface, (150, 132, 100), rect, max(1, t.px(1)), border_radius=rect.h // 2)
    x = rect.x + pad
    for key in keys:
        surface.blit(weather_icon(key, size), (x, rect.y + t.px(2)))
        x += size
    if name:
        art.text(surface, name, small, th.INK, (x + pad // 2, rect.centery - small.get_height() // 2))
    view.hits.append(Hit("weather", rect, lambda: None, enabled=False, tooltip=tooltip(keys)))
    return width
