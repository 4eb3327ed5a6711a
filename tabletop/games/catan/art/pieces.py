"""Catan's number tokens with probability pips, resource icons, harbour tokens, the
pieces in the player colours and the robber, drawn by code."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame
import pygame.gfxdraw

from tabletop.games.catan.art.base import RED_NUMBER, RESOURCE_COLOURS, ROBBER, Colour, aa_polygon
from tabletop.games.catan.art.tiles import bricks, sheep
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.caches import drawn

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
        bricks(out, S * 0.5, S * 0.86, S * 0.92)
    elif resource == "wool":
        sheep(out, S * 0.48, S * 0.86, S * 0.78, 1)
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


def outlined(
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
    outlined(out, outline, colour, edge, line)
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
