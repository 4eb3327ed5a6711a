"""The palette of the table being laid out: the terrain kinds to place (the name
of the one under the pointer or picked; its details show in the readout) and the
base sizes of the warriors to place."""

from __future__ import annotations

import functools

import pygame

from tabletop.games.skirmish import terrain_art
from tabletop.games.skirmish.options import RULESET
from tabletop.games.skirmish.play.state import DEPLOYING, TERRAIN, kinds, kinds_offered
from tabletop.games.skirmish.screen.deployment import Placing
from tabletop.games.skirmish.screen.reading import Reading
from tabletop.games.skirmish.table import planar
from tabletop.i18n import _
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.gameview import GameView, Hit, marked


def draw_palette(
    view: GameView, reading: Reading, placing: Placing, surface: pygame.Surface, inner: pygame.Rect, y: int
) -> int:
    """The terrain kinds and base sizes to pick from, and what the kind under the
    pointer (or the one picked) is, from `y` down; where the palette ends. The
    book's preparation shows only what its step places: terrain, then warriors."""
    t = view.theme
    bold = t.font(th.SMALL, bold=True)
    tiny = t.font(th.SMALL * 0.78)
    if reading.phase == DEPLOYING:
        return _draw_bases(view, reading, placing, surface, inner, y)
    art.text(surface, _("Terrain"), bold, th.INK, (inner.x, y))
    budget = reading.shown.terrain_budget
    seat = reading.seat
    if budget is not None and seat is not None:
        spent = reading.shown.seats[seat].terrain_points
        art.text(
            surface,
            _("{spent} of {total} points", spent=spent, total=budget),
            tiny,
            th.INK_SOFT,
            (inner.right, y + t.px(3)),
            "topright",
        )
    y += bold.get_linesize() + t.px(2)
    catalogue = kinds_offered({RULESET: reading.shown.options.ruleset})
    columns = 6
    gap = t.px(5)
    cell = (inner.w - gap * (columns - 1)) // columns
    live = reading.places_terrain
    for index, kind in enumerate(catalogue):
        rect = pygame.Rect(
            inner.x + (index % columns) * (cell + gap), y + (index // columns) * (cell + gap), cell, cell
        )
        active = placing.kind == kind.key
        hovered = rect.collidepoint(view.pointer)
        affordable = budget is None or seat is None or reading.shown.seats[seat].terrain_points + kind.cost <= budget
        body = (246, 214, 140) if active else ((236, 224, 196) if hovered else (226, 212, 180))
        art.rounded_rect(surface, rect, body, t.px(8))
        pygame.draw.rect(
            surface, th.GOLD_DARK if active else (170, 146, 110), rect, max(1, t.px(2)), border_radius=t.px(8)
        )
        iconic = terrain_art.terrain_icon(kind.key, planar.orient(kind.footprint), int(cell * 0.9))
        surface.blit(iconic, iconic.get_rect(center=rect.center))
        if budget is not None:
            art.text(surface, str(kind.cost), tiny, th.INK, (rect.right - t.px(3), rect.bottom), "bottomright")
        if not affordable:
            art.rounded_rect(surface, rect, (120, 110, 90, 150), t.px(8))
        view.hits.append(
            Hit(
                f"terrain-{kind.key}",
                rect,
                functools.partial(placing.start_terrain, kind.key),
                live and affordable,
            )
        )
    rows = (len(catalogue) + columns - 1) // columns
    y += rows * (cell + gap) + t.px(4)
    hovered_kind = next(
        (h.name[8:] for h in view.hits if h.name.startswith("terrain-") and h.rect.collidepoint(view.pointer)), None
    )
    shown = hovered_kind or placing.kind
    if shown:
        art.text(surface, marked(kinds()[shown].name), tiny, th.INK, (inner.x, y), max_width=inner.w)
    y += tiny.get_linesize() + t.px(6)
    if reading.phase == TERRAIN:
        return y
    return _draw_bases(view, reading, placing, surface, inner, y)


def _draw_bases(
    view: GameView, reading: Reading, placing: Placing, surface: pygame.Surface, inner: pygame.Rect, y: int
) -> int:
    """The base sizes a warrior of the unit is placed on."""
    t = view.theme
    bold = t.font(th.SMALL, bold=True)
    art.text(surface, _("Warriors"), bold, th.INK, (inner.x, y))
    y += bold.get_linesize() + t.px(2)
    bases = reading.table.spec.bases
    waiting = reading.waiting_bases()
    width = (inner.w - t.px(8) * (len(bases) - 1)) // max(1, len(bases))
    height = max(t.px(44), t.fs(th.SMALL) + t.px(18))
    for index, base in enumerate(bases):
        rect = pygame.Rect(inner.x + index * (width + t.px(8)), y, width, height)
        view.button(
            surface,
            f"warrior-{base:g}",
            rect,
            _("{base:g} mm base", base=base),
            functools.partial(placing.start_warrior, base),
            enabled=reading.places_warriors and base in waiting,
            selected=placing.base == base,
            font_size=th.SMALL,
            tip=_("Place a warrior on a {base:g} mm base", base=base),
            reason=_("No warrior of your unit waits on a {base:g} mm base.", base=base)
            if waiting
            else _("Every warrior of your unit is on the table."),
        )
    return y + height + t.px(8)
