"""The markers of Catan's board for the help (F1): each a small picture drawn with
Catan's own art and what it means, in the players' words."""

from __future__ import annotations

import pygame

from tabletop.games.catan import art as cart
from tabletop.games.catan.screen.board import lit_path, lit_spot
from tabletop.games.catan.screen.common import LIT, catan_data, resource_label, resources
from tabletop.i18n import _, ngettext
from tabletop.ui import theme as th

Colour = tuple[int, int, int]


def _canvas(size: int) -> pygame.Surface:
    return pygame.Surface((size, size), pygame.SRCALPHA)


def _centred(picture: pygame.Surface, size: int) -> pygame.Surface:
    """`picture` in the middle of a square of `size` (shrunk to fit)."""
    w, h = picture.get_size()
    if w > size or h > size:
        k = size / max(w, h)
        picture = pygame.transform.smoothscale(picture, (max(1, int(w * k)), max(1, int(h * k))))
    out = _canvas(size)
    out.blit(picture, picture.get_rect(center=(size // 2, size // 2)))
    return out


def _road(colour: Colour, size: int, hex_size: float) -> pygame.Surface:
    out = _canvas(size)
    cart.road(out, (size * 0.15, size * 0.75), (size * 0.85, size * 0.25), colour, max(4.0, hex_size * 0.3))
    return out


def _lit_places(size: int, hex_size: float) -> pygame.Surface:
    out = _canvas(size)
    lit_path(out, (size * 0.1, size * 0.8), (size * 0.55, size * 0.45), hex_size)
    spot = lit_spot(hex_size, "settlement")
    out.blit(spot, spot.get_rect(center=(int(size * 0.75), int(size * 0.3))))
    return out


def _rolled(size: int, hex_size: float) -> pygame.Surface:
    """A number token ringed in gold, as after the roll of its number."""
    out = _canvas(size)
    radius = int(hex_size * 0.3)
    token = cart.number_token(6, radius)
    centre = (size // 2, size // 2)
    out.blit(token, token.get_rect(center=centre))
    ring = radius + max(3, int(hex_size * 0.07))
    pygame.draw.circle(out, (34, 24, 14), centre, ring + 2, max(3, int(hex_size * 0.08)))
    pygame.draw.circle(out, LIT, centre, ring, max(2, int(hex_size * 0.055)))
    return out


def legend(theme: th.Theme, colour: Colour) -> list[tuple[pygame.Surface, str]]:
    """The board's markers, pictures `theme`-sized, the pieces in `colour`."""
    data = catan_data()
    size = theme.px(56)
    s = size / 1.3  # the hex size the pictures are drawn at
    card = (int(s * 0.95), int(s * 1.3))
    points = data.special_card_points
    special = _("{points} points", points=points)
    generic = next((ratio for kind, ratio in data.harbours if kind < 0), data.bank_trade_ratio)
    own = next(((kind, ratio) for kind, ratio in data.harbours if kind >= 0), None)
    entries = [
        (cart.settlement(colour, int(s * 0.38) * 2), _("A settlement, in its player's colour: 1 point")),
        (cart.city(colour, int(s * 0.52) * 2), _("A city: 2 points, and two cards from each roll of its lands")),
        (_road(colour, size, s), _("A road, in its player's colour")),
        (cart.robber(int(s * 0.74) * 2), _("The robber: its land hex produces nothing")),
        (
            cart.number_token(8, int(s * 0.3) * 2),
            _("A number token: its land produces on this roll; more dots, rolled more often"),
        ),
        (_rolled(size, s), _("A ring round the number just rolled")),
        (
            cart.harbour_token(None, generic, int(s * 0.39) * 2),
            _("A {ratio}:1 harbour: {ratio} cards of one resource buy one card", ratio=generic),
        ),
    ]
    if own is not None:
        kind, ratio = own
        resource = resources()[kind]
        entries.append(
            (
                cart.harbour_token(resource, ratio, int(s * 0.39) * 2),
                _(
                    "A {ratio}:1 harbour: {ratio} {resource} buy one card",
                    ratio=ratio,
                    resource=resource_label(resource),
                ),
            )
        )
    entries += [
        (
            cart.special_card("longest_road", card, _("Longest Road"), special),
            ngettext(
                "The Longest Road: {points} points for the longest road of at least {count} piece",
                "The Longest Road: {points} points for the longest road of at least {count} pieces",
                data.longest_road_minimum,
                points=points,
            ),
        ),
        (
            cart.special_card("largest_army", card, _("Largest Army"), special),
            ngettext(
                "The Largest Army: {points} points for the most knights played, at least {count} knight",
                "The Largest Army: {points} points for the most knights played, at least {count} knights",
                data.largest_army_minimum,
                points=points,
            ),
        ),
        (cart.development_back(card), _("The development cards left to buy")),
        (_lit_places(size, s), _("A lit place: you may build or move there now")),
    ]
    return [(_centred(picture, size), label) for picture, label in entries]
