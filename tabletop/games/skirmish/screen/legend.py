"""The marks over the skirmish table for the help (F1): each a small picture drawn
with the screen's own art (tokens, contact bars, rings, shading, badges) and what
it means, in the players' words."""

from __future__ import annotations

import math

import pygame

from tabletop.games.skirmish import art as sart
from tabletop.games.skirmish.play.state import NON_PLAYER_COLOUR
from tabletop.games.skirmish.screen.marks import CONTACT_ENEMY, CONTACT_FRIEND, KNOT_EDGE, MISPLACED_RING, contact_bar
from tabletop.games.skirmish.screen.measuring import reach_shading
from tabletop.games.skirmish.screen.moving import PATH
from tabletop.games.skirmish.screen.overlay import BAD, WARN, moved_tick, pill, rgb
from tabletop.games.skirmish.screen.terrain_reach import COLOURS, hatching, hostile_band
from tabletop.i18n import _
from tabletop.ui import theme as th

Colour = tuple[int, int, int]


def _canvas(size: int) -> pygame.Surface:
    return pygame.Surface((size, size), pygame.SRCALPHA)


def _token(surface: pygame.Surface, centre: tuple[float, float], diameter: int, colour: Colour, label: str) -> None:
    sprite = sart.warrior(diameter, colour, colour, label)
    surface.blit(sprite, sprite.get_rect(center=(round(centre[0]), round(centre[1]))))


def _contact(t: th.Theme, size: int, one: Colour, other: Colour, bar: Colour) -> pygame.Surface:
    """Two tokens in contact with the bar across where they meet."""
    out = _canvas(size)
    d = int(size * 0.46)
    y = size / 2
    a, b = (size / 2 - d / 2, y), (size / 2 + d / 2, y)
    _token(out, a, d, one, "A")
    _token(out, b, d, other, "B")
    contact_bar(out, t, (size / 2, y), (1.0, 0.0), max(t.px(7), d * 0.3), bar)
    return out


def _moved(size: int, colour: Colour) -> pygame.Surface:
    out = _canvas(size)
    d = int(size * 0.62)
    centre = (size / 2, size / 2 + size * 0.05)
    _token(out, centre, d, colour, "A")
    moved_tick(out, centre, d / 2)
    return out


def _ringed(t: th.Theme, size: int, colour: Colour, ring: Colour, width: int, grow: float) -> pygame.Surface:
    """A token with a ring round it, as the table draws the selected warrior's."""
    out = _canvas(size)
    d = int(size * 0.56)
    _token(out, (size / 2, size / 2), d, colour, "A")
    pygame.draw.circle(out, ring, (size / 2, size / 2), d / 2 + t.px(grow), max(1, t.px(width)))
    return out


def _misplaced(t: th.Theme, size: int, colour: Colour) -> pygame.Surface:
    """A token in the thick red ring of one that may not start play where it stands."""
    out = _canvas(size)
    d = int(size * 0.5)
    c = (size / 2, size / 2)
    _token(out, c, d, colour, "A")
    grow, width = MISPLACED_RING
    pygame.draw.circle(out, KNOT_EDGE, c, d / 2 + t.px(grow - width), max(1, t.px(2)))
    pygame.draw.circle(out, BAD, c, d / 2 + t.px(grow), max(1, t.px(width)))
    return out


def _terrain_move(t: th.Theme, size: int) -> pygame.Surface:
    """A hatched area beyond a gap, where a jump may end."""
    out = _canvas(size)
    band = pygame.Rect(0, int(size * 0.42), size, int(size * 0.16))
    pygame.draw.rect(out, (70, 52, 40), band, border_radius=t.px(3))
    far = [(size * 0.1, size * 0.62), (size * 0.9, size * 0.62), (size * 0.8, size * 0.95), (size * 0.2, size * 0.95)]
    drawn = hatching([far], [], COLOURS["jump"], max(5, t.px(8)))
    if drawn is not None:
        area, corner = drawn
        out.blit(area, corner)
    _token(out, (size / 2, size * 0.24), int(size * 0.3), (200, 50, 50), "J")
    return out


def _hostile(t: th.Theme, size: int, colour: Colour) -> pygame.Surface:
    """A token's reach running into a hostile lake: the band in the lake hatched."""
    out = _canvas(size)
    c = size / 2
    reach = [[(c + c * 0.9 * math.cos(a), c + c * 0.9 * math.sin(a)) for a in [k * math.tau / 24 for k in range(24)]]]
    shaded = reach_shading(reach, colour)
    if shaded is not None:
        area, corner = shaded
        out.blit(area, corner)
    lake = [(size * 0.55, size * 0.05), (size, size * 0.05), (size, size * 0.95), (size * 0.62, size * 0.95)]
    pygame.draw.polygon(out, (60, 110, 90), lake)
    band = hostile_band(reach, [lake], max(5, t.px(7)))
    if band is not None:
        area, corner = band
        out.blit(area, corner)
    _token(out, (c * 0.7, c), int(size * 0.3), colour, "A")
    return out


def _reach(size: int, colour: Colour) -> pygame.Surface:
    """A token in the shaded area it can reach, bent round a corner."""
    out = _canvas(size)
    c = size / 2
    blob = [
        (c + c * 0.9 * math.cos(a) * (0.75 if 1.0 < a < 2.2 else 1.0), c + c * 0.9 * math.sin(a))
        for a in [k * math.tau / 24 for k in range(24)]
    ]
    shaded = reach_shading([blob], colour)
    if shaded is not None:
        area, corner = shaded
        out.blit(area, corner)
    _token(out, (c, c), int(size * 0.3), colour, "A")
    return out


def _obstacle(t: th.Theme, size: int) -> pygame.Surface:
    """A piece in the way of a line of sight, outlined, with its penalty."""
    out = _canvas(size)
    corners = ((0.18, 0.3), (0.62, 0.14), (0.86, 0.55), (0.4, 0.86))
    part = [(size * x, size * y) for x, y in corners]
    pygame.draw.polygon(out, (96, 118, 70), part)
    pygame.draw.polygon(out, WARN, part, max(2, t.px(3)))
    pill(out, t, "−1", (size / 2, size / 2), WARN)
    return out


def _path(t: th.Theme, size: int, colour: Colour) -> pygame.Surface:
    """A move being dragged: the path from the token to its ghost."""
    out = _canvas(size)
    d = int(size * 0.34)
    start, end = (size * 0.24, size * 0.72), (size * 0.74, size * 0.3)
    width = max(2, t.px(5))
    pygame.draw.line(out, PATH, start, end, width)
    ghost = sart.warrior(d, colour, colour, "A").copy()
    ghost.set_alpha(235)
    out.blit(ghost, ghost.get_rect(center=(round(end[0]), round(end[1]))))
    pygame.draw.circle(out, PATH, end, d / 2 + t.px(3), max(2, t.px(3)))
    _token(out, start, d, colour, "A")
    return out


def entries(t: th.Theme, own: Colour, other: Colour) -> list[tuple[pygame.Surface, str]]:
    """The table's marks, pictures `t`-sized, the warriors in the two sides' colours."""
    size = t.px(64)
    return [
        (
            _contact(t, size, own, other, CONTACT_ENEMY),
            _("A red bar: two enemies' bases in contact"),
        ),
        (
            _contact(t, size, own, own, CONTACT_FRIEND),
            _("A teal bar: two bases of one side in contact"),
        ),
        (_ringed(t, size, own, BAD, 2, 1.5), _("A red ring: this warrior is in contact with an enemy")),
        (_ringed(t, size, own, th.GOLD, 3, 3), _("A gold ring: the selected warrior")),
        (
            _misplaced(t, size, own),
            _(
                "A thick red ring while laying out: this warrior may not start here"
                " (outside its zone, or touching an enemy)"
            ),
        ),
        (
            _ringed(t, size, rgb(NON_PLAYER_COLOUR), th.GOLD, 3, 4),
            _(
                "A grey token: a non-player warrior (optional rule), the enemy of both sides; "
                "ringed while it waits to be activated in the end phase"
            ),
        ),
        (_moved(size, own), _("A tick: this warrior has been activated this round")),
        (_reach(size, own), _("Shaded: how far the selected warrior can move now (A shows or hides it)")),
        (
            _hostile(t, size, own),
            _("Hatched red over the shading (terrain rules): a move may end here, but hostile terrain wounds"),
        ),
        (
            _terrain_move(t, size),
            _("Hatched, with its AP (terrain rules): where a climb, swim or jump begun here can end"),
        ),
        (_path(t, size, own), _("A move being dragged: its path and where the warrior would stand")),
        (
            _obstacle(t, size),
            _("An obstacle in the line of sight, outlined, with what it takes off a ranged attack"),
        ),
    ]
