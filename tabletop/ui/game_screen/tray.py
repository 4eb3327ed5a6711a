"""The dice tray beside the board: the last roll as real dice faces in a felt
tray, tumbling when new dice land; while the players roll real dice, what to
roll and where to enter it.

A game explains its rolls through the data of its dice events (all optional):

- ``lit``: one flag per die, the dice that count (successes, wounds): ringed in
  gold, the others dimmed;
- ``row``: a short line naming the roll, shown above its dice;
- ``index``: one label per face, a table the roll is read on (the skirmish hit
  index): drawn as a strip beside the die, the face rolled outlined;
- ``joins``: the roll belongs to the one before it (one attack's rolls), so the
  tray shows them together, one row each, oldest first.

A later event with ``face`` in its data moves where the index is read (a hit roll
shifted); one with ``result`` is the group's outcome, written under its rows (its
``face``, when given, is where the index was finally read)."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from tabletop.engine.core import Event
from tabletop.i18n import Message, _
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.gameview import Tween

if TYPE_CHECKING:
    from tabletop.engine.match import Match

#: the most rows the tray shows of one group of rolls
MAX_ROWS = 3
#: the ivory of a die that does not count
DIM_DIE = (176, 170, 156)


def last_roll(match: Match) -> tuple[Event | None, int]:
    """The newest dice event in the match's history and its step index."""
    group = roll_group(match)
    return (group.rolls[-1], group.index) if group is not None else (None, -1)


@dataclass(frozen=True)
class RollGroup:
    """The newest roll with the rolls it joins (oldest first, at most MAX_ROWS), the
    event that gives their outcome (None while none has come), and the step index of
    the newest roll (the dice's tilt follows it)."""

    rolls: tuple[Event, ...]
    result: Event | None
    index: int
    #: where the index is read now: the outcome's face, else the newest shift's
    face: int | None = None

    @property
    def explained(self) -> bool:
        """True when the game explains the rolls (rows, lit dice, an index)."""
        return (
            len(self.rolls) > 1
            or any(key in roll.data for roll in self.rolls for key in ("lit", "row", "index"))
            or self.result is not None
        )


def roll_group(match: Match) -> RollGroup | None:
    """The rolls the tray shows now, None before the first."""
    found: list[Event] = []
    result: Event | None = None
    face: int | None = None
    newest = -1
    for index in range(len(match.history) - 1, -1, -1):
        for event in reversed(match.history[index]):
            if event.kind == "dice" and event.data.get("faces"):
                if found and not found[-1].data.get("joins"):
                    return RollGroup(_oldest_first(found), result, newest, face)
                if not found:
                    newest = index
                found.append(event)
            elif not found:
                if result is None and event.data.get("result"):
                    result = event
                if face is None and isinstance(event.data.get("face"), int):
                    face = event.data["face"]
    if not found:
        return None
    return RollGroup(_oldest_first(found), result, newest, face)


def _oldest_first(found: list[Event]) -> tuple[Event, ...]:
    """The newest MAX_ROWS of rolls collected newest first, oldest first."""
    return tuple(reversed(found[:MAX_ROWS]))


class DiceTray:
    """The last roll, as real dice faces in a felt tray; tumbles when new dice land."""

    def __init__(self) -> None:
        self.tween: Tween | None = None
        self._rng = random.Random(7)

    def on_events(self, events: Sequence[Event]) -> None:
        if any(e.kind == "dice" for e in events):
            self.tween = Tween(0.75)

    def update(self, dt: float) -> None:
        if self.tween:
            self.tween.step(dt)
            if self.tween.done:
                self.tween = None

    def is_animating(self) -> bool:
        return self.tween is not None

    @staticmethod
    def draw_frame(surface: pygame.Surface, rect: pygame.Rect, theme: th.Theme) -> None:
        """The wooden tray with its felt, drawn once into the screen's backdrop."""
        t = theme
        art.draw_panel(surface, rect, "wood", radius=t.px(16), shadow=t.px(10))
        felt = rect.inflate(-t.px(22), -t.px(22))
        surface.blit(art.panel(felt.size, "felt", radius=t.px(10), border=0), felt.topleft)

    def draw(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        theme: th.Theme,
        match: Match,
        viewer: int | None,
        pending: str | None,
    ) -> None:
        t = theme
        felt = rect.inflate(-t.px(22), -t.px(22))
        small = t.font(th.SMALL)
        caption_h = int(t.fs(th.SMALL) * 1.5)
        dice_area = pygame.Rect(felt.x, felt.y + t.px(8), felt.w, felt.h - caption_h - t.px(8))
        if pending:
            art.text(
                surface,
                pending,
                t.font(th.BODY, bold=True),
                th.GOLD,
                dice_area.center,
                "center",
                max_width=felt.w - t.px(20),
            )
            art.text(
                surface,
                _("Click here to enter the dice"),
                small,
                th.CREAM,
                (felt.centerx, felt.bottom - t.px(8)),
                "midbottom",
                max_width=felt.w - t.px(20),
            )
            return
        group = roll_group(match)
        if group is None:
            art.text(
                surface, _("No dice rolled yet"), t.font(th.BODY, italic=True), (214, 230, 214), felt.center, "center"
            )
            return
        if group.explained:
            self._draw_rows(surface, felt, t, match, viewer, group)
            return
        event, index = group.rolls[-1], group.index
        message = event.for_seat(viewer)
        caption = [message.render(match.player_names)] if message is not None else []
        width = felt.w - t.px(20)
        if caption and art.shrunk(caption[0], small, width).size(caption[0])[0] > width:
            # a long caption (long names, a longer language) takes a second line above the first
            caption = art.wrap(caption[0], small, width)[:2]
            dice_area.h -= small.get_linesize()
        faces = list(event.data["faces"])
        sides = int(event.data.get("sides", 6))
        size = min(dice_area.h - t.px(6), t.px(96), (felt.w - t.px(20)) // max(1, len(faces)) - t.px(14))
        size = max(12, size)
        lefts = art.hstack([size] * len(faces), felt.w, t.px(18))
        for k, (left, face) in enumerate(zip(lefts, faces, strict=False)):
            centre = (felt.x + left + size // 2, dice_area.centery)
            self._draw_die(surface, t, centre, size, face, sides, index, k, None)
        bottom = felt.bottom - t.px(8) - (len(caption) - 1) * small.get_linesize()
        for k, line in enumerate(caption):
            art.text(
                surface,
                line,
                small,
                th.CREAM,
                (felt.centerx, bottom + k * small.get_linesize()),
                "midbottom",
                max_width=width,
            )

    def _draw_die(
        self,
        surface: pygame.Surface,
        t: th.Theme,
        centre: tuple[int, int],
        size: int,
        face: int,
        sides: int,
        index: int,
        k: int,
        lit: bool | None,
        tumbling: bool = True,
    ) -> None:
        """One die at `centre`, tilted by its place, tumbling while new; `lit` True
        rings it in gold, False dims it, None draws it plain."""
        angle = ((index * 37 + k * 53) % 24) - 12
        lift = 0
        shown = face
        tween = self.tween if tumbling else None
        if tween is not None:  # rolling
            progress = tween.raw
            angle += int(360 * (1 - progress) * (1 if k % 2 else -1))
            lift = int(t.px(26) * abs(math.sin(progress * math.pi * 2.5)) * (1 - progress)) * size // max(1, t.px(60))
            if progress < 0.8:
                shown = self._rng.randint(1, max(2, sides))
        settled = tween is None or tween.raw >= 0.8
        body = DIM_DIE if (lit is False and settled) else th.CREAM
        die = art.die_face(size, shown, body=body, sides=sides)
        turned = pygame.transform.rotate(die, angle)
        x, y = centre[0], centre[1] - lift
        shadow = pygame.Rect(0, 0, size, size)
        shadow.center = (x + t.px(4), centre[1] + t.px(5))
        art.drop_shadow(surface, shadow, size // 5, t.px(6), alpha=120)
        surface.blit(turned, turned.get_rect(center=(x, y)))
        if lit and settled:
            ring = pygame.Rect(0, 0, size + t.px(8), size + t.px(8))
            ring.center = (x, y)
            pygame.draw.rect(surface, th.GOLD, ring, max(2, t.px(3)), border_radius=size // 4)

    def _draw_rows(
        self,
        surface: pygame.Surface,
        felt: pygame.Rect,
        t: th.Theme,
        match: Match,
        viewer: int | None,
        group: RollGroup,
    ) -> None:
        """One row per roll of the group (its line above its dice, the dice that
        count lit, an index strip beside a die read on one), the outcome below."""
        small = t.font(th.SMALL)
        bold = t.font(th.SMALL, bold=True)
        pad = t.px(12)
        inner = felt.inflate(-2 * pad, -2 * t.px(8))
        result_lines: list[str] = []
        result = group.result
        if result is not None:
            summary = result.data.get("summary")
            message = summary if isinstance(summary, Message) else result.for_seat(viewer)
            if message is not None:
                result_lines = art.wrap(message.render(match.player_names), bold, inner.w)[:2]
        line_h = small.get_linesize()
        bottom = inner.bottom - len(result_lines) * line_h
        rows = group.rolls
        row_h = max(1, (bottom - inner.y) // len(rows))
        size = max(12, min(row_h - line_h - t.px(10), t.px(64)))
        y = inner.y
        for number, roll in enumerate(rows):
            message = roll.data.get("row") or roll.for_seat(viewer)
            caption = [message.render(match.player_names)] if isinstance(message, Message) else []
            dice_size = size
            if caption and art.shrunk(caption[0], small, inner.w).size(caption[0])[0] > inner.w:
                # a long caption (a longer language) takes a second line where the dice keep room
                room = min(row_h - 2 * line_h - t.px(10), t.px(64))
                if room >= t.px(24):
                    caption, dice_size = art.wrap(caption[0], small, inner.w)[:2], room
            for k, line in enumerate(caption):
                art.text(surface, line, small, th.CREAM, (inner.x, y + k * line_h), max_width=inner.w)
            dice_y = y + max(1, len(caption)) * line_h + t.px(4) + dice_size // 2
            tilt = group.index - (len(rows) - 1 - number)
            newest = number == len(rows) - 1
            self._draw_row_dice(surface, t, inner, dice_y, dice_size, roll, tilt, newest, group.face, match)
            y += row_h
        for k, line in enumerate(result_lines):
            art.text(surface, line, bold, th.GOLD, (inner.x, bottom + k * line_h))

    def _draw_row_dice(
        self,
        surface: pygame.Surface,
        t: th.Theme,
        inner: pygame.Rect,
        centre_y: int,
        size: int,
        roll: Event,
        index: int,
        newest: bool,
        read_at: int | None,
        match: Match,
    ) -> None:
        faces = [int(face) for face in roll.data["faces"]]
        sides = int(roll.data.get("sides", 6))
        lit: list[Any] = list(roll.data.get("lit", [None] * len(faces)))
        gap = t.px(8)
        step = min(size + gap, max(1, (inner.w - size) // max(1, len(faces) - 1)) if len(faces) > 1 else size + gap)
        x = inner.x + size // 2 + t.px(2)
        for k, face in enumerate(faces):
            self._draw_die(surface, t, (x, centre_y), size, face, sides, index, k, lit[k], tumbling=newest)
            x += step
        labels = roll.data.get("index")
        if labels:
            final = read_at
            strip = pygame.Rect(
                x - size // 2 + t.px(6), centre_y - size // 2, inner.right - (x - size // 2 + t.px(6)), size
            )
            self._draw_index(surface, t, strip, [_label(label, match) for label in labels], faces[0], final)

    @staticmethod
    def _draw_index(
        surface: pygame.Surface, t: th.Theme, strip: pygame.Rect, labels: list[str], rolled: int, final: Any
    ) -> None:
        """The table the roll is read on: a cell per face (its number over its label),
        the face rolled outlined, the face finally read filled in gold."""
        if strip.w < t.px(60) or not labels:
            return
        tiny = t.font(th.SMALL)
        bold = t.font(th.SMALL, bold=True)
        cell_w = strip.w // len(labels)
        for face, label in enumerate(labels, start=1):
            cell = pygame.Rect(strip.x + (face - 1) * cell_w, strip.y, cell_w - t.px(3), strip.h)
            chosen = final == face
            fill = th.GOLD if chosen else (32, 70, 44)
            art.rounded_rect(surface, cell, fill, t.px(5))
            ink = th.INK if chosen else th.CREAM
            if face == rolled:
                art.rounded_rect(surface, cell, th.CREAM, t.px(5), max(2, t.px(2)))
            art.text(surface, str(face), bold, ink, (cell.centerx, cell.y + t.px(2)), "midtop")
            art.text(
                surface, label, tiny, ink, (cell.centerx, cell.bottom - t.px(2)), "midbottom", max_width=cell.w - 2
            )


def _label(label: Any, match: Match) -> str:
    """A label of an index strip: a message rendered, anything else as written."""
    return label.render(match.player_names) if isinstance(label, Message) else str(label)
