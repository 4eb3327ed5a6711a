"""A warrior's profile card as the player holds it, drawn beside the table: its
initials and name on a band of the faction's colour with the AP left; what is left
this round of the book's per-round limits (moves, charge, attacks); the four
attributes PSI KAT WID GES in force with their printed white and red values (the
one in force ringed); the body zones with their points, ticked off as wounds come,
and the faces of the hit index that hit each; its equipment and abilities with
their limits, and what terrain auras give it with their pieces; its markers with
their counts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pygame

from tabletop.games.skirmish import art as sart
from tabletop.games.skirmish import card_art
from tabletop.games.skirmish.card_schema import ATTRIBUTES, MARKERS, ZONE_OF, ZONES, Uses, Zone
from tabletop.games.skirmish.play import limits
from tabletop.games.skirmish.play.profile import ZONE_NAMES, ProfileCard
from tabletop.games.skirmish.play.views import WarriorView
from tabletop.games.skirmish.play.warriors import ROUND_AP, card
from tabletop.games.skirmish.screen.overlay import rgb
from tabletop.games.skirmish.screen.reading import called
from tabletop.i18n import N_, _, marked
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.theme import Theme

#: the markers as the card names them
MARKER_NAMES = {
    "fire": N_("fire"),
    "fear": N_("fear"),
    "poison": N_("poison"),
    "rage": N_("rage"),
    "slow": N_("slow"),
}

#: the book's per-round limits as the card says what is left of them (left of limit)
LIMIT_WORDS = {
    limits.MOVE: N_("Moves"),
    limits.CHARGE: N_("Charge"),
    limits.ATTACK: N_("Attacks"),
}


def round_limits(entry: Mapping[str, Any]) -> list[tuple[str, int, int]]:
    """What is left this round of each of the book's per-round limits (S16) for a
    warrior's entry in the match: (action, uses left, uses a round)."""
    return [
        (action, limits.left(entry, action, limit) or 0, limit.round or 0)
        for action, limit in ((action, limits.action_limit(entry, action)) for action in limits.ACTION_LIMITS)
    ]


def limit_words(action: str, uses: int, limit: int) -> str:
    """What is left of one per-round limit in words ("Moves 2/3")."""
    return _("{action} {left}/{limit}", action=marked(LIMIT_WORDS[action]), left=uses, limit=limit)


def card_of(model: WarriorView) -> ProfileCard:
    """The warrior's card in play with the points marked on it."""
    return card({"warrior": model.warrior, "marks": model.marks})


def faces(card: ProfileCard, zone: Zone) -> str:
    """The faces of the hit roll that hit a zone, runs joined ("2-3", "1", "4-5")."""
    numbers = [face for face in range(1, 7) if card.hit_zone(face) == zone]
    runs: list[list[int]] = []
    for face in numbers:
        if runs and runs[-1][-1] == face - 1:
            runs[-1].append(face)
        else:
            runs.append([face])
    return " ".join(f"{run[0]}" if len(run) == 1 else f"{run[0]}–{run[-1]}" for run in runs)


def limit_text(limit: Uses | None) -> str:
    """An item's or ability's limit in words ("" when it has none)."""
    if limit is None:
        return ""
    parts = []
    if limit.round is not None:
        parts.append(_("{count}/round", count=limit.round))
    if limit.game is not None:
        parts.append(_("{count}/game", count=limit.game))
    return ", ".join(parts)


def gear_lines(card: ProfileCard) -> list[str]:
    """Equipment and abilities by name, each with its limits."""
    lines = []
    for item in card.items:
        mode = next((m for m in item.modes if m.per_round or m.per_game), None)
        limit = limit_text(Uses(round=mode.per_round, game=mode.per_game) if mode else None)
        name = marked(item.name)
        lines.append(f"{name} ({limit})" if limit else name)
    for ability in card.warrior.abilities:
        limit = limit_text(ability.limit)
        name = marked(ability.name)
        lines.append(f"{name} ({limit})" if limit else name)
    return lines


def gear_of(model: WarriorView, font: pygame.font.Font, width: int) -> list[str]:
    """The warrior's gear lines, then what terrain auras give it now, each with its
    piece ("Energy field generator: Gyromagnetic field, armour +2 against ranged
    attacks"), wrapped to `width` pixels: the reason is read whole."""
    auras = [line for said in model.auras for line in art.wrap(said.render(), font, width)]
    return gear_lines(card_of(model)) + auras


def marker_counts(model: WarriorView) -> list[tuple[str, int]]:
    """The warrior's markers with their counts, in the card's order."""
    counts = dict(model.markers)
    return [(marker, counts[marker]) for marker in MARKERS if counts.get(marker)]


class ProfileCardArt:
    """Draws the large card of one warrior into a rect of a given width."""

    def __init__(self, theme: Theme) -> None:
        self.theme = theme

    def fonts(self) -> tuple[pygame.font.Font, pygame.font.Font, pygame.font.Font, pygame.font.Font]:
        t = self.theme
        return (
            t.font(th.SMALL, bold=True),  # the name
            t.font(th.SMALL * 0.78),  # labels and lines
            t.font(th.BODY * 1.1, bold=True),  # an attribute in force
            t.font(th.SMALL * 0.78, bold=True),  # printed values, counts
        )

    def height(self, model: WarriorView, width: int, round_left: Sequence[tuple[str, int, int]] = ()) -> int:
        """The card's height for `model` at `width` pixels (`round_left` as for `draw`)."""
        t = self.theme
        name, small, big, bold = self.fonts()
        gear = len(gear_of(model, small, width - t.px(16) - self._ring() * 2))
        rows = [
            self._band(name),
            self._limit_lines(round_left, width - t.px(16) - self._ring() * 2) * small.get_linesize() + t.px(4),
            t.px(6) + small.get_linesize() + big.get_linesize() + self._chip(bold) + t.px(6),
            len(ZONES) * self._zone_row(small) + t.px(6),
        ]
        inner = width - t.px(16) - self._ring() * 2
        if self._beside(model, inner):
            rows.append((max(1, gear) - 1) * small.get_linesize() + self._marker_row(small) + t.px(8))
        else:
            rows.append(max(1, gear) * small.get_linesize() + t.px(4))
            rows.append(max(1, len(self._marker_rows(model, inner))) * self._marker_row(small) + t.px(8))
        return sum(rows) + self._ring() * 2

    def _limit_lines(self, round_left: Sequence[tuple[str, int, int]], width: int) -> int:
        """The lines the round's limits take: one when each fits its cell whole, else
        two (each name over its count); none without limits."""
        if not round_left:
            return 0
        _name, _small, _big, bold = self.fonts()
        cell = width // max(1, len(round_left))
        whole = all(bold.size(limit_words(*limit))[0] <= cell - self.theme.px(4) for limit in round_left)
        return 1 if whole else 2

    def _ring(self) -> int:
        return max(2, self.theme.px(12) // 3)

    def _band(self, name: pygame.font.Font) -> int:
        return name.get_linesize() + self.theme.px(10)

    def _chip(self, bold: pygame.font.Font) -> int:
        return bold.get_linesize() + self.theme.px(2)

    def _zone_row(self, small: pygame.font.Font) -> int:
        return max(small.get_linesize(), self.theme.px(22)) + self.theme.px(2)

    def _marker_row(self, small: pygame.font.Font) -> int:
        return max(small.get_linesize(), self.theme.px(24))

    def draw(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        model: WarriorView,
        side: tuple[int, int, int],
        round_left: Sequence[tuple[str, int, int]] = (),
    ) -> None:
        """The card of `model` in `rect` (its height from `height`); `side` the
        player's colour for the token's rim; `round_left` what is left of the per-round
        limits (`round_limits`)."""
        t = self.theme
        name_font, small, big, bold = self.fonts()
        card = card_of(model)
        colour = rgb(model.colour)
        ink_on_band = art.ink_on(colour)
        band = card_art.frame(surface, rect, colour, t.px(12), self._band(name_font))
        inner = pygame.Rect(band.x + t.px(8), band.y, band.w - t.px(16), rect.bottom - band.y)
        # the band: token, name, AP left
        token = sart.warrior(band.h - t.px(6), colour, side, sart.initials(called(model)), False)
        surface.blit(token, token.get_rect(midleft=(inner.x - t.px(3), band.centery)))
        pips = card_art.ap_pips(surface, (inner.right, band.centery), max(3, t.px(7)), model.ap, ROUND_AP)
        ap = art.text(
            surface, _("{ap} AP", ap=model.ap), bold, ink_on_band, (pips.x - t.px(5), band.centery), "midright"
        )
        left = inner.x + token.get_width()
        art.text(
            surface,
            called(model),
            name_font,
            ink_on_band,
            (left, band.centery),
            "midleft",
            max_width=ap.x - left - t.px(4),
        )
        y = band.bottom + t.px(2)
        # what is left of the round's limits ("Moves 2/3"), on one line when they fit
        # there, else each name over its count; a limit used up in red
        if round_left:
            cell = inner.w // len(round_left)
            two_lines = self._limit_lines(round_left, inner.w) == 2
            for index, (action, uses, limit) in enumerate(round_left):
                centre = inner.x + index * cell + cell // 2
                colour_left = card_art.RED_POINT if uses == 0 else th.INK
                if two_lines:
                    words = marked(LIMIT_WORDS[action])
                    art.text(surface, words, small, th.INK_SOFT, (centre, y), "midtop", max_width=cell - t.px(4))
                    value = _("{left}/{limit}", left=uses, limit=limit)
                    art.text(surface, value, bold, colour_left, (centre, y + small.get_linesize()), "midtop")
                else:
                    words = limit_words(action, uses, limit)
                    art.text(surface, words, bold, colour_left, (centre, y), "midtop", max_width=cell - t.px(4))
        y += self._limit_lines(round_left, inner.w) * small.get_linesize() + t.px(4)
        pygame.draw.line(surface, (200, 180, 150), (inner.x, y - t.px(2)), (inner.right, y - t.px(2)))
        y += t.px(4)
        # the attributes: the value in force large, the printed white and red values below
        forces = dict(model.attributes)
        cell = inner.w // len(ATTRIBUTES)
        for index, attribute in enumerate(ATTRIBUTES):
            x = inner.x + index * cell
            centre = x + cell // 2
            art.text(surface, attribute.upper(), small, th.INK_SOFT, (centre, y), "midtop")
            wounded = card.is_wounded(ZONE_OF[attribute])
            value_colour = card_art.RED_POINT if wounded else th.INK
            art.text(surface, str(forces[attribute]), big, value_colour, (centre, y + small.get_linesize()), "midtop")
            chip_y = y + small.get_linesize() + big.get_linesize()
            chip_w = min((cell - t.px(8)) // 2, bold.size("00")[0] + t.px(8))
            chip_h = self._chip(bold)
            white_chip = pygame.Rect(centre - chip_w - t.px(1), chip_y, chip_w, chip_h)
            red_chip = pygame.Rect(centre + t.px(1), chip_y, chip_w, chip_h)
            card_art.value_chip(surface, white_chip, str(card.warrior.white(attribute)), bold, False, not wounded)
            card_art.value_chip(surface, red_chip, str(card.warrior.red(attribute)), bold, True, wounded)
        y += small.get_linesize() + big.get_linesize() + self._chip(bold) + t.px(6)
        # the body zones: name, points (white then red, marked ones ticked), hit faces
        row = self._zone_row(small)
        box = row - t.px(6)
        faces_w = small.size("4–5 ")[0] + t.px(4)
        label_w = max(small.size(marked(ZONE_NAMES[zone]))[0] for zone in ZONES) + t.px(8)
        pygame.draw.line(surface, (200, 180, 150), (inner.x, y - t.px(3)), (inner.right, y - t.px(3)))
        for zone in ZONES:
            mid = y + row // 2
            colour_zone = card_art.RED_POINT if card.is_wounded(zone) else th.INK
            art.text(surface, marked(ZONE_NAMES[zone]), small, colour_zone, (inner.x, mid), "midleft")
            white, red = card.warrior.points_of(zone)
            ticked = card.marked(zone)
            x = inner.x + label_w
            room = inner.right - faces_w - x
            step = min(box + t.px(3), room // max(1, white + red))
            for point in range(white + red):
                square = pygame.Rect(x + point * step, mid - box // 2, min(box, step - 1), box)
                card_art.point_box(surface, square, point >= white, point < ticked)
            hit = faces(card, zone)
            art.text(surface, hit, small, th.INK_SOFT, (inner.right, mid), "midright")
            y += row
        y += t.px(6)
        # equipment and abilities
        pygame.draw.line(surface, (200, 180, 150), (inner.x, y - t.px(3)), (inner.right, y - t.px(3)))
        lines = gear_of(model, small, inner.w) or [_("No equipment")]
        row_h = self._marker_row(small)
        beside = self._beside(model, inner.w)
        for index, line in enumerate(lines):
            if beside and index == len(lines) - 1:
                # the markers share the last line with the gear (room for the roster)
                mid = y + row_h // 2
                room = inner.w - self._markers_width(model) - t.px(16)
                art.text(surface, line, small, th.INK, (inner.x, mid), "midleft", max_width=room)
                self._draw_markers(surface, (inner.right - self._markers_width(model), mid), model)
                return
            art.text(surface, line, small, th.INK, (inner.x, y), max_width=inner.w)
            y += small.get_linesize()
        y += t.px(4)
        # the markers with their counts, in rows as wide as the card
        rows = self._marker_rows(model, inner.w)
        if not rows:
            self._draw_markers(surface, (inner.x, y + row_h // 2), model)
            return
        for markers in rows:
            self._draw_row(surface, (inner.x, y + row_h // 2), markers)
            y += row_h

    def _beside(self, model: WarriorView, width: int) -> bool:
        """True when the markers (or "No markers") fit in one row beside the last line
        of the gear, in `width` pixels."""
        _name, small, _big, _bold = self.fonts()
        lines = gear_of(model, small, width) or [_("No equipment")]
        return (
            len(self._marker_rows(model, width)) <= 1
            and small.size(lines[-1])[0] + self.theme.px(16) + self._markers_width(model) <= width
        )

    def _markers_width(self, model: WarriorView) -> int:
        """The width of the markers in one row (or of "No markers")."""
        t = self.theme
        _name, small, _big, _bold = self.fonts()
        counts = marker_counts(model)
        if not counts:
            return small.size(_("No markers"))[0]
        badge = (self._marker_row(small) // 2 - t.px(1)) * 2 + t.px(3)
        return sum(badge + small.size(marked(MARKER_NAMES[marker]))[0] for marker, _count in counts) + t.px(8) * (
            len(counts) - 1
        )

    def _draw_markers(self, surface: pygame.Surface, left_mid: tuple[int, int], model: WarriorView) -> None:
        """The markers in one row from `left_mid`, or "No markers"."""
        counts = marker_counts(model)
        if not counts:
            _name, small, _big, _bold = self.fonts()
            art.text(surface, _("No markers"), small, th.INK_SOFT, left_mid, "midleft")
            return
        self._draw_row(surface, left_mid, counts)

    def _draw_row(self, surface: pygame.Surface, left_mid: tuple[int, int], markers: list[tuple[str, int]]) -> None:
        """One row of markers, each a badge with its count and its name."""
        t = self.theme
        _name, small, _big, bold = self.fonts()
        radius = self._marker_row(small) // 2 - t.px(1)
        x, mid = left_mid
        for marker, count in markers:
            card_art.marker_badge(surface, (x + radius, mid), radius, marker)
            art.text(surface, str(count), bold, (255, 255, 255), (x + radius, mid), "center")
            word = art.text(
                surface, marked(MARKER_NAMES[marker]), small, th.INK, (x + radius * 2 + t.px(3), mid), "midleft"
            )
            x = word.right + t.px(8)

    def _marker_rows(self, model: WarriorView, width: int) -> list[list[tuple[str, int]]]:
        """The markers laid out in rows that fit `width`: a badge and its name each."""
        t = self.theme
        _name, small, _big, _bold = self.fonts()
        badge = self._marker_row(small) - t.px(2) + t.px(3)
        rows: list[list[tuple[str, int]]] = []
        x = width
        for marker, count in marker_counts(model):
            need = badge + small.size(marked(MARKER_NAMES[marker]))[0]
            if not rows or x + need > width:
                rows.append([])
                x = 0
            rows[-1].append((marker, count))
            x += need + t.px(8)
        return rows
