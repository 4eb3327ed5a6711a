"""Where the pieces of the new-game screen's options column go: each option's
label, its chips (as many side by side as leave room for the longest label) and
its hint, then the seed, in the scrolled area's own coordinates; and the fade of
the options cut off at the top or bottom of the column."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from tabletop.engine.core import OptionSpec
from tabletop.i18n import _
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.gameview import marked

#: line spacing of the hints under the options (as art.text_block draws them)
HINT_LINE_GAP = 1.15


@dataclass
class OptionsPlan:
    """Where the pieces of the options column go, in the scrolled area's own
    coordinates (its top left is 0, 0)."""

    width: int
    height: int = 0
    labels: list[tuple[pygame.Rect, str]] = field(default_factory=list)
    #: (rect, option, index of the choice)
    chips: list[tuple[pygame.Rect, OptionSpec, int]] = field(default_factory=list)
    hints: list[tuple[pygame.Rect, str]] = field(default_factory=list)
    seed: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))


def plan_options(theme: th.Theme, specs: Sequence[OptionSpec], width: int) -> OptionsPlan:
    """Where each option's label, chips and hint and the seed go in a column
    `width` pixels wide (in the scrolled area's own coordinates)."""
    t = theme
    label_h = int(t.fs(th.BODY) * 1.5)
    row_h = max(t.px(60), t.fs(th.BODY) + t.px(24))
    chip_h = max(t.px(54), t.fs(th.SMALL) + t.px(24))
    chip_gap = t.px(12)
    plan = OptionsPlan(width)
    y = 0
    for spec in specs:
        plan.labels.append((pygame.Rect(0, y, width, label_h), marked(spec.label)))
        y += label_h + t.px(6)
        columns = chip_columns(theme, [marked(label) for _value, label in spec.choices], width, chip_gap)
        chip_w = (width - chip_gap * (columns - 1)) // columns
        for index in range(len(spec.choices)):
            row, column = divmod(index, columns)
            plan.chips.append(
                (
                    pygame.Rect(column * (chip_w + chip_gap), y + row * (chip_h + chip_gap), chip_w, chip_h),
                    spec,
                    index,
                )
            )
        rows = -(-len(spec.choices) // columns)
        y += max(0, rows * (chip_h + chip_gap) - chip_gap)
        if spec.help:
            y += t.px(8) + plan_hint(theme, plan, marked(spec.help), y)
        y += t.px(30)
    plan.labels.append((pygame.Rect(0, y, width, label_h), _("Seed (optional)")))
    y += label_h + t.px(6)
    plan.seed = pygame.Rect(0, y, min(width, t.px(320)), row_h)
    y += row_h + t.px(8)
    y += plan_hint(theme, plan, _("Leave empty for a new game; the same seed deals the same game again."), y)
    plan.height = y + t.px(8)
    return plan


def chip_columns(theme: th.Theme, labels: list[str], width: int, gap: int) -> int:
    """As many chips side by side as leave room for the longest label."""
    font = theme.font(th.SMALL)
    # the label, the chip's padding either side and its border
    need = max((font.size(label)[0] for label in labels), default=0) + theme.px(16) * 2 + 6
    columns = max(1, len(labels))
    while columns > 1 and (width - gap * (columns - 1)) // columns < need:
        columns -= 1
    return columns


def plan_hint(theme: th.Theme, plan: OptionsPlan, hint: str, y: int) -> int:
    """Place a wrapped hint at `y`; returns its height."""
    font = theme.font(th.SMALL, italic=True)
    lines = len(art.wrap(hint, font, plan.width))
    height = (lines - 1) * int(font.get_linesize() * HINT_LINE_GAP) + font.get_height()
    plan.hints.append((pygame.Rect(0, y, plan.width, height), hint))
    return height


def fade_strip(
    theme: th.Theme, panel: pygame.Rect, view: pygame.Rect, size: tuple[int, int, bool, tuple[int, int]]
) -> pygame.Surface:
    """A strip `height` high and `width` wide of the game panel's parchment along the
    top (or bottom) of the options' `view`, opaque at the edge and clear towards the
    middle: options cut off there fade into the parchment. `size` is (height, width,
    top, the panel's size)."""
    height, width, top, _panel_size = size
    parchment = art.panel(panel.size, "parchment", theme.px(20))
    y = view.y - panel.y if top else view.bottom - height - panel.y
    strip = parchment.subsurface((view.x - panel.x, y, width, height)).copy()
    edge, clear = (255, 255, 255, 255), (255, 255, 255, 0)
    strip.blit(
        art.vertical_gradient((width, height), edge if top else clear, clear if top else edge),
        (0, 0),
        special_flags=pygame.BLEND_RGBA_MULT,
    )
    return strip
