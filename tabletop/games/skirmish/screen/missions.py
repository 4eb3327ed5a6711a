"""The missions on the screen (play/mission_play.py, play/victory.py): in preparation
step 5 the side panel lists the missions the player's unit may play, behind the
curtain (each with its kind, deployment and words) and "Choose" plays the one
selected; afterwards a strip of the two sides' missions, each readable in its
tooltip (an open one by everyone, a secret one only by its owner behind the
curtain); at the end of the game the score sheet: the winner or a draw, each side's
victory points, both missions revealed and how each point was earned."""

from __future__ import annotations

import functools
from collections.abc import Callable

import pygame

from tabletop.engine.core import Action
from tabletop.games.skirmish.mission_schema import Mission
from tabletop.games.skirmish.play import mission_play, victory
from tabletop.games.skirmish.play.state import MISSIONS, OVER
from tabletop.games.skirmish.screen.reading import Reading
from tabletop.i18n import _
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.gameview import BoardButton, GameView, marked

#: the size of the labels in the strip of missions in play
STRIP_FONT = th.SMALL * 0.85


def card_words(mission: Mission) -> str:
    """A mission card as the players read it: its kind, deployment and words."""
    kind = marked(mission_play.KIND_NAMES[mission.secret])
    deployment = marked(mission_play.DEPLOYMENT_NAMES[mission.deployment])
    return _("Kind: {kind}. Deployment: {deployment}.", kind=kind, deployment=deployment) + "\n" + marked(mission.text)


class Missions:
    """The mission chosen in the list (kept until it is played) and the drawings."""

    def __init__(self, view: GameView, reading: Reading, submit: Callable[[Action], bool]) -> None:
        self.view = view
        self.reading = reading
        self.submit = submit
        #: the mission selected in the list, and the seat it was selected by (a
        #: seat never finds the other's choice selected)
        self.selected: str | None = None
        self._by: int | None = None

    # -- step 5 ---------------------------------------------------------------------------------

    def choosing(self) -> bool:
        """The player behind the curtain chooses a mission now."""
        return self.reading.phase == MISSIONS and self.reading.seat is not None

    def offered(self) -> list[Mission]:
        seat = self.reading.seat
        if seat is None:
            return []
        return mission_play.choices(self.view.ctx.match.state, seat)

    def refusal(self, key: str) -> str:
        """Why the mission cannot be played, in words ("" when it can)."""
        return self.view.ctx.check(Action("mission", mission=key)) or ""

    def key(self) -> tuple:
        return (self.selected, self.reading.revision)

    def whose(self, player: str) -> tuple[str, ...]:
        return (_("{player} plays a mission in private", player=player), _("{player} plays a mission", player=player))

    def draw_choice(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The unit's missions, one button each, and the words of the one selected."""
        view = self.view
        t = view.theme
        offered = self.offered()
        if self._by != self.reading.seat or self.selected not in {m.key for m in offered}:
            self._by = self.reading.seat
            self.selected = next((m.key for m in offered if not self.refusal(m.key)), None)
        bold = t.font(th.SMALL, bold=True)
        small = t.font(th.SMALL)
        art.text(surface, _("Your unit's missions"), bold, th.INK, (area.x, area.y), max_width=area.w)
        y = area.y + bold.get_linesize() + t.px(4)
        row_h = max(t.px(36), t.fs(th.SMALL) + t.px(16))
        gap = t.px(6)
        for mission in offered:
            kind = marked(mission_play.KIND_NAMES[mission.secret])
            reason = self.refusal(mission.key)
            label = _("{mission} ({kind})", mission=marked(mission.name), kind=kind)
            # a long name (Retreat into the contaminated area) on two lines
            lines = len(BoardButton.label_lines(t, label, area.w, th.SMALL))
            height = max(row_h, BoardButton.height(t, lines, th.SMALL)) if lines > 1 else row_h
            view.button(
                surface,
                f"mission-{mission.key}",
                pygame.Rect(area.x, y, area.w, height),
                label,
                functools.partial(self._select, mission.key),
                enabled=not reason,
                selected=mission.key == self.selected,
                font_size=th.SMALL,
                tip=card_words(mission),
                reason=reason,
            )
            y += height + gap
        chosen = victory.catalogue().get(self.selected or "")
        if chosen is None:
            return
        y += t.px(4)
        name = pygame.Rect(area.x, y, area.w, bold.get_linesize() * 2)
        y += art.text_block(surface, marked(chosen.name), bold, th.INK, name, line_gap=1.0)
        art.text_block(surface, card_words(chosen), small, th.INK_SOFT, pygame.Rect(area.x, y, area.w, area.bottom - y))

    def _select(self, key: str) -> None:
        self.selected = key

    def draw_button(self, surface: pygame.Surface, row: pygame.Rect) -> None:
        chosen = self.selected
        self.view.button(
            surface,
            "mission",
            row,
            _("Choose"),
            lambda: self.submit(Action("mission", mission=chosen)) if chosen else None,
            enabled=chosen is not None,
            colour=th.GOLD,
            tip=_("Play the mission selected; a secret one stays hidden from the other player"),
            reason=_("Select a mission first."),
        )

    # -- the missions in play ---------------------------------------------------------------------

    def strip_height(self, width: int) -> int:
        """The room the strip of missions takes in `width` (none before a mission is
        played): one row, or a row for each side when a label would not fit half of it."""
        if not any(seat.played_mission for seat in self.reading.shown.seats):
            return 0
        t = self.view.theme
        row = max(t.px(30), t.fs(th.SMALL) + t.px(12)) + t.px(6)
        return row * (2 if self._stacked(width) else 1)

    def _labels(self) -> list[tuple[str, str]]:
        """Each side's label and tooltip: its mission's name when the looker may read
        it, "Secret" for one kept from the looker."""
        names = self.view.ctx.names
        labels = []
        for side, seat in enumerate(self.reading.shown.seats):
            if not seat.played_mission:
                labels.append((_("No mission yet"), _("{player} has not played a mission", player=names[side])))
            elif seat.mission is None:
                labels.append((_("Secret"), _("{player}'s mission is secret until the game ends", player=names[side])))
            else:
                mission = victory.catalogue()[seat.mission]
                labels.append((marked(mission.name), card_words(mission)))
        return labels

    def _room(self, width: int) -> int:
        """The width a label has on a button `width` wide beside its token (BoardButton
        keeps 16 design pixels of its face)."""
        t = self.view.theme
        beside = art.token(t.fs(th.SMALL) // 2, th.INK).get_width() + t.px(4)
        return width - beside - t.px(16)

    def _stacked(self, width: int) -> bool:
        """The two sides one above the other: a label does not fit half the strip."""
        font = self.view.theme.font(STRIP_FONT, bold=True)
        half = (width - self.view.theme.px(6)) // 2
        return any(font.size(label)[0] > self._room(half) for label, _tip in self._labels())

    def draw_strip(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Each side's mission, with the card's words in the tooltip; side by side, or
        one above the other when a name needs the whole width."""
        view = self.view
        t = view.theme
        gap = t.px(6)
        stacked = self._stacked(area.w)
        rows = 2 if stacked else 1
        row_h = area.h // rows
        width = area.w if stacked else (area.w - gap) // 2
        for side, (label, tip) in enumerate(self._labels()):
            token = art.token(t.fs(th.SMALL) // 2, view.ctx.colour(side))
            x = area.x if stacked else area.x + side * (width + gap)
            y = area.y + side * row_h if stacked else area.y
            cell = pygame.Rect(x, y, width, row_h - t.px(6))
            surface.blit(token, token.get_rect(midleft=(cell.x, cell.centery)))
            beside = token.get_width() + t.px(4)
            rect = pygame.Rect(cell.x + beside, cell.y, cell.w - beside, cell.h)
            view.button(surface, f"missions-{side}", rect, label, lambda: None, font_size=STRIP_FONT, tip=tip)

    # -- the end of the game --------------------------------------------------------------------

    def over(self) -> bool:
        return self.reading.phase == OVER

    def verdict(self) -> str:
        """The winner, or a draw, in words."""
        result = self.view.ctx.match.result()
        names = self.view.ctx.names
        if result is None or len(result.winners) != 1:
            return _("A draw")
        return _("{player} wins", player=names[result.winners[0]])

    def draw_sheet(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The score sheet: the verdict, then for each side its SIG, its mission and
        each point earned (the round, or the end of the game, and how)."""
        view, shown = self.view, self.reading.shown
        t = view.theme
        large = t.font(th.BODY, bold=True)
        bold = t.font(th.SMALL, bold=True)
        small = t.font(th.SMALL)
        y = area.y
        art.text(surface, self.verdict(), large, th.INK, (area.x, y), max_width=area.w)
        y += large.get_linesize() + t.px(4)
        for side, seat in enumerate(shown.seats):
            token = art.token(t.fs(th.SMALL) // 2, view.ctx.colour(side))
            surface.blit(token, token.get_rect(midleft=(area.x, y + bold.get_height() // 2)))
            line = _("{player}: {sig} SIG", player=view.ctx.names[side], sig=seat.sig)
            art.text(surface, line, bold, th.INK, (area.x + token.get_width() + t.px(6), y), max_width=area.w)
            y += bold.get_linesize()
            mission = victory.catalogue().get(seat.mission or "")
            if mission is not None:
                kind = marked(mission_play.KIND_NAMES[mission.secret])
                words = _("Mission: {mission} ({kind})", mission=marked(mission.name), kind=kind)
                y += art.text_block(surface, words, small, th.INK_SOFT, pygame.Rect(area.x, y, area.w, area.bottom - y))
            earned = [e for e in shown.earned if e.side == side]
            for got in earned:
                when = _("End") if got.round == 0 else _("Round {number}", number=got.round)
                text = _("{when}: {how}", when=when, how=got.how.render(view.ctx.names))
                y += art.text_block(surface, text, small, th.INK, pygame.Rect(area.x, y, area.w, area.bottom - y))
            if not earned:
                rest = pygame.Rect(area.x, y, area.w, area.bottom - y)
                y += art.text_block(surface, _("No victory points earned."), small, th.INK, rest)
            y += t.px(8)
            if y >= area.bottom:
                break
