"""A warrior's small profile card in the roster beside the table, as a player holds
the cards not in play at the moment: on paper edged in its side's colour, the
initials disc and the name; the AP left as pips and what the warrior may do now
(acting, done, in contact, or its GES for naming); its markers as badges with their
counts; and on the right the four body zones as tiny rows of boxes, white and red,
ticked off as wounds come. No text smaller than the theme's SMALL font."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from tabletop.games.skirmish import art as sart
from tabletop.games.skirmish import card_art
from tabletop.games.skirmish.card_schema import ZONES
from tabletop.games.skirmish.play.views import WarriorView
from tabletop.games.skirmish.play.warriors import ROUND_AP
from tabletop.games.skirmish.screen.overlay import rgb
from tabletop.games.skirmish.screen.profile_card import card_of, marker_counts
from tabletop.games.skirmish.screen.reading import called
from tabletop.i18n import _
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.theme import Theme

Colour = tuple[int, int, int]

#: the smallest box (pixels) whose cross can be read; smaller ticked boxes are filled
LEGIBLE_CROSS = 8


@dataclass(frozen=True)
class Status:
    """What a warrior may do now, as its small card says it."""

    words: str
    colour: Colour
    done: bool = False
    """Activated this round: the card is shown faded."""


def status(model: WarriorView, active: bool, engaged: bool, ges: int) -> Status:
    """The warrior's state on its small card: acting, done, in contact, or its GES
    (what it is named with)."""
    if active:
        return Status(_("acting"), th.GREEN)
    if model.activated:
        return Status(_("done"), th.INK_SOFT, True)
    if engaged:
        return Status(_("contact"), th.RED)
    return Status(_("GES {ges}", ges=ges), th.GREEN)


class SmallCardArt:
    """Draws the small card of one warrior; every small card has the same height."""

    def __init__(self, theme: Theme) -> None:
        self.theme = theme

    def fonts(self) -> tuple[pygame.font.Font, pygame.font.Font]:
        t = self.theme
        return t.font(th.SMALL, bold=True), t.font(th.SMALL)

    def ring(self) -> int:
        return max(2, self.theme.px(2))

    def line(self) -> int:
        bold, small = self.fonts()
        return max(bold.get_linesize(), small.get_linesize())

    def height(self) -> int:
        """A card's height: two lines inside the rim."""
        return 2 * self.line() + 2 * self.ring() + self.theme.px(2)

    def min_width(self) -> int:
        """The narrowest a card may be and stay readable."""
        return self.theme.fs(th.SMALL) * 6

    def width_needed(self, model: WarriorView, state: Status) -> int:
        """The width a card of `model` needs to show the first word of its name and
        its state whole beside its body points (its markers aside)."""
        t = self.theme
        bold, small = self.fonts()
        line = self.line()
        zones = max(white + red for white, red in (card_of(model).warrior.points_of(zone) for zone in ZONES))
        beside = zones * (self._box() + max(1, t.px(1))) + t.px(6)
        name = line - t.px(2) + t.px(4) + bold.size(called(model).split()[0])[0]
        pips = max(3, t.px(4))
        words = ROUND_AP * (pips * 2 + max(1, pips // 2)) + t.px(4) + small.size(state.words)[0]
        return 2 * self.ring() + t.px(8) + beside + max(name, words)

    def _box(self) -> int:
        """A point's box: four rows of them stand in the card's two lines."""
        return max(4, min(int(self.theme.fs(th.SMALL) * 0.45), (2 * self.line()) // 4 - max(1, self.theme.px(2))))

    def draw(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        model: WarriorView,
        side: Colour,
        state: Status,
        selected: bool = False,
        hovered: bool = False,
    ) -> None:
        """The card of `model` in `rect` (its height from `height`); `side` the
        player's colour, `state` what the warrior may do now."""
        t = self.theme
        bold, small = self.fonts()
        ring = self.ring()
        radius = t.px(10)
        edge = th.GOLD if selected else side
        art.rounded_rect(surface, rect, art.shade(edge, 0.8), radius)
        paper = rect.inflate(-ring * 2, -ring * 2)
        tint = card_art.PAPER if not hovered else (255, 252, 240)
        art.rounded_rect(surface, paper, tint, max(1, radius - ring))
        inner = paper.inflate(-t.px(8), -t.px(2))
        line = self.line()
        top = pygame.Rect(inner.x, inner.y, inner.w, line)
        below = pygame.Rect(inner.x, inner.y + line, inner.w, line)
        zones_w = self._draw_zones(surface, inner, model)
        room = inner.w - zones_w - t.px(6)
        # the first line: the initials disc and the name
        disc = sart.warrior(line - t.px(2), rgb(model.colour), side, sart.initials(called(model)), False)
        surface.blit(disc, disc.get_rect(midleft=(top.x, top.centery)))
        left = top.x + disc.get_width() + t.px(4)
        # the whole name where it fits, else its first word (the large card has it whole)
        whole = called(model)
        shown = whole if bold.size(whole)[0] <= top.x + room - left else whole.split()[0]
        name = art.text(surface, shown, bold, th.INK, (left, top.centery), "midleft", max_width=top.x + room - left)
        # the second line: AP as pips and the state; the markers with their
        # counts after the name, then after the state, and "+N" for those with no room
        x = self._draw_pips(surface, (below.x, below.centery), model.ap) + t.px(4)
        badge = line // 2 - max(1, t.px(2))
        step = badge * 2 + t.px(3)
        markers = marker_counts(model)
        end = top.x + room
        # the state leaves room for a "+N" when the markers do not all fit after the
        # name, unless that would cut the state short: it is whole first
        crowded = bool(markers) and name.right + t.px(4) + len(markers) * step > end
        reserve = small.size(f"+{len(markers)}")[0] + t.px(4) if crowded else 0
        if x + small.size(state.words)[0] + reserve > end:
            reserve = 0
        words = art.text(
            surface, state.words, small, state.colour, (x, below.centery), "midleft", max_width=end - x - reserve
        )
        places = [(top, name.right + t.px(4)), (below, words.right + t.px(4))]
        for index, (marker, count) in enumerate(markers):
            rest = len(markers) - index - 1
            # the last place keeps room for the "+N" of those that follow
            while (
                places and places[0][1] + step + (small.size(f"+{rest}")[0] if rest and len(places) == 1 else 0) > end
            ):
                places.pop(0)
            if not places:
                more = f"+{len(markers) - index}"
                if words.right + t.px(4) + small.size(more)[0] <= end:  # where it does not cover the state
                    art.text(surface, more, small, th.INK_SOFT, (end, below.centery), "midright")
                break
            row, x = places[0]
            card_art.marker_badge(surface, (x + badge, row.centery), badge, marker)
            art.text(surface, str(count), bold, (255, 255, 255), (x + badge, row.centery), "center")
            places[0] = (row, x + step)
        if state.done:
            art.rounded_rect(surface, paper, (*card_art.PAPER, 110), max(1, radius - ring))

    def _draw_pips(self, surface: pygame.Surface, left_centre: tuple[int, int], ap: int) -> int:
        """AP as pips from `left_centre`: gold for those left, hollow ink for those
        spent (the paper is light); returns where they end."""
        pip = max(3, self.theme.px(4))
        x, y = left_centre
        edge = max(1, pip // 3)
        for index in range(ROUND_AP):
            centre = (x + pip, y)
            if index < ap:
                pygame.draw.circle(surface, th.GOLD, centre, pip)
                pygame.draw.circle(surface, th.GOLD_DARK, centre, pip, edge)
            else:
                pygame.draw.circle(surface, th.INK_SOFT, centre, pip, edge)
            x += pip * 2 + max(1, pip // 2)
        return x

    def _draw_zones(self, surface: pygame.Surface, inner: pygame.Rect, model: WarriorView) -> int:
        """The body zones as four rows of boxes at the card's right edge (head at the
        top); returns the width they take."""
        t = self.theme
        card = card_of(model)
        box = self._box()
        step = box + max(1, t.px(1))
        row_h = (2 * self.line()) // len(ZONES)
        points = [card.warrior.points_of(zone) for zone in ZONES]
        width = max(white + red for white, red in points) * step
        for index, zone in enumerate(ZONES):
            white, red = points[index]
            ticked = card.marked(zone)
            y = inner.y + index * row_h + (row_h - box) // 2
            for point in range(white + red):
                square = pygame.Rect(inner.right - width + point * step, y, box, box)
                card_art.point_box(surface, square, point >= white, point < ticked)
                if point < ticked and box < LEGIBLE_CROSS:
                    # a box this small shows its cross as a dark fill inside the point's rim
                    edge = max(1, box // 5)
                    pygame.draw.rect(surface, card_art.TICK, square.inflate(-2 * edge, -2 * edge))
        return width
