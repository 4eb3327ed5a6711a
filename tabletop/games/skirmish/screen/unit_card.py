"""A profile card as the unit editor shows it: small, on the card's paper in the
card_art frame, with what a player builds a unit from: the name and points value
on the band, the four attributes, the base, faction and stigma, and the body zones'
white and red points as boxes. Pure drawing."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from tabletop.games.skirmish import art as sart
from tabletop.games.skirmish import card_art
from tabletop.games.skirmish.card_schema import ATTRIBUTES, ZONES, Warrior
from tabletop.i18n import marked, ngettext
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.theme import Theme

Colour = tuple[int, int, int]

#: each faction's band, in the order of warriors.yaml (more factions take the last)
BANDS: tuple[Colour, ...] = ((150, 40, 60), (160, 110, 30), (40, 90, 150), (110, 50, 120), (90, 90, 90))


def band_colour(faction_index: int) -> Colour:
    return BANDS[min(faction_index, len(BANDS) - 1)]


class UnitCardArt:
    """Draws a warrior's card for picking it into a unit; every card has the same height."""

    def __init__(self, theme: Theme) -> None:
        self.theme = theme

    def fonts(self) -> tuple[pygame.font.Font, pygame.font.Font]:
        t = self.theme
        return t.font(th.SMALL, bold=True), t.font(th.SMALL)

    def line(self) -> int:
        bold, small = self.fonts()
        return max(bold.get_linesize(), small.get_linesize())

    def height(self) -> int:
        """The band and two lines below it."""
        return 3 * self.line() + self.theme.px(22)

    def min_width(self, warriors: Sequence[Warrior]) -> int:
        """The narrowest card on which every line of these warriors' cards fits whole."""
        t = self.theme
        bold, _small = self.fonts()
        text_w = max((bold.size(attribute_line(w))[0] for w in warriors), default=0)
        return text_w + self._zones_width(warriors) + t.px(40)

    def _box(self) -> int:
        return max(4, min(2 * self.line() // 4 - max(1, self.theme.px(2)), self.theme.fs(th.SMALL) // 2))

    def _zones_width(self, warriors: Sequence[Warrior]) -> int:
        most = max((sum(w.points_of(zone)) for w in warriors for zone in ZONES), default=0)
        return most * (self._box() + max(1, self.theme.px(2)))

    def draw(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        warrior: Warrior,
        colour: Colour,
        lines: tuple[str, str],
        hovered: bool = False,
    ) -> None:
        """The card of `warrior` in `rect`, its band in `colour`; `lines` the two
        lines under the band (attributes, then base, faction and stigma)."""
        t = self.theme
        bold, small = self.fonts()
        line = self.line()
        band = card_art.frame(surface, rect, colour, t.px(10), line + t.px(6))
        if hovered:
            pygame.draw.rect(surface, th.GOLD, rect, max(2, t.px(3)), border_radius=t.px(10))
        ink = art.ink_on(colour)
        name = marked(warrior.name)
        disc = sart.warrior(line, colour, th.WOOD_DARK, sart.initials(name), False)
        surface.blit(disc, disc.get_rect(midleft=(band.x + t.px(6), band.centery)))
        points = ngettext("{count} pt", "{count} pts", warrior.points or 0)
        right = art.text(surface, points, bold, ink, (band.right - t.px(8), band.centery), "midright")
        left = band.x + t.px(10) + disc.get_width()
        art.text(surface, name, bold, ink, (left, band.centery), "midleft", max_width=right.x - left - t.px(6))
        inner = pygame.Rect(band.x + t.px(8), band.bottom + t.px(4), band.w - t.px(16), rect.bottom - band.bottom)
        zones_w = self._draw_zones(surface, inner, warrior)
        room = inner.w - zones_w - t.px(8)
        art.text(surface, lines[0], bold, th.INK, (inner.x, inner.y), max_width=room)
        art.text(surface, lines[1], small, th.INK_SOFT, (inner.x, inner.y + line), max_width=room)

    def _draw_zones(self, surface: pygame.Surface, inner: pygame.Rect, warrior: Warrior) -> int:
        """The four zones' points as rows of boxes at the right; their width."""
        box = self._box()
        gap = max(1, self.theme.px(2))
        width = self._zones_width([warrior])
        x0 = inner.right - width
        for row, zone in enumerate(ZONES):
            white, red = warrior.points_of(zone)
            y = inner.y + row * (box + gap)
            for k in range(white + red):
                card_art.point_box(surface, pygame.Rect(x0 + k * (box + gap), y, box, box), k >= white, False)
        return width


def attribute_line(warrior: Warrior) -> str:
    """PSI 4  KAT 4  WID 4  GES 5 (the white values; the card words stay as printed)."""
    return "  ".join(f"{name.upper()} {warrior.white(name)}" for name in ATTRIBUTES)
