"""Beside the reach of the selected warrior, under the extended terrain rules: where
each climb, swim and jump it may begin from where it stands could end, hatched in
the move's colour with its name and cost; and where a move would end with the base
in hostile terrain (allowed, but it hurts: S34), hatched the other way in the
warning colour over the reach (the geometry is table/terrain_moves.py). A hidden
warrior (Versteck, S32) wears the hiding marker: a dashed ring and a closed eye."""

from __future__ import annotations

import math

import pygame

from tabletop.games.skirmish.screen.camera import Camera
from tabletop.games.skirmish.screen.hand import Hand
from tabletop.games.skirmish.screen.overlay import Overlay
from tabletop.games.skirmish.screen.reading import Reading
from tabletop.games.skirmish.table.planar import Polygon
from tabletop.games.skirmish.table.table import Table
from tabletop.games.skirmish.table.terrain_moves import TerrainMove, blob_polygon, hostile, moves_from_here
from tabletop.i18n import _, ngettext
from tabletop.ui import art
from tabletop.ui.gameview import ViewContext

#: the hatching of each kind of move
COLOURS: dict[str, tuple[int, int, int]] = {
    "climb": (214, 150, 70),
    "swim": (70, 150, 230),
    "jump": (180, 110, 220),
}
#: the hatching of where a move would end in hostile terrain
HOSTILE = (226, 70, 48)
#: the hiding marker's colours: the dashed ring and the badge
HIDDEN_RING = (38, 62, 46)
HIDDEN_BADGE = (214, 226, 196)
#: how finely the areas' rounded edges are drawn (mm)
SAG = 0.2


def move_label(move: TerrainMove) -> str:
    """What an area's label says: the move and its AP."""
    if move.kind == "climb":
        what = _("Climb up") if move.up else _("Climb down")
    elif move.kind == "swim":
        what = _("Swim")
    else:
        what = _("Jump")
    return ngettext("{what}: {count} AP", "{what}: {count} AP", move.ap, what=what)


class TerrainReach:
    """The end areas of the terrain moves of the selected warrior, drawn while its
    reach shows; worked out once per change of the table and zoom."""

    def __init__(self, ctx: ViewContext, camera: Camera, reading: Reading, hand: Hand, overlay: Overlay) -> None:
        self.ctx = ctx
        self.camera = camera
        self.reading = reading
        self.hand = hand
        self.overlay = overlay
        #: (key, the hatched areas with their top left corner, the labels with their table points)
        self.cache: tuple[tuple, list[tuple[pygame.Surface, tuple[int, int]]], list[tuple[str, tuple[float, float]]]]
        self.cache = ((), [], [])

    def moves(self) -> list[TerrainMove]:
        """The moves the selected warrior may begin now (none when its reach is hidden)."""
        hand, reading = self.hand, self.reading
        model_id = hand.selected
        if not (hand.show_reach and hand.tool == "select" and model_id in reading.table.models):
            return []
        if not reading.may_walk(model_id):
            return []
        return moves_from_here(reading.table, model_id)

    def draw(self, surface: pygame.Surface) -> None:
        key = (self.reading.revision, self.hand.selected, self.hand.show_reach, self.hand.tool, self.camera.scale)
        if self.cache[0] != key:
            areas, labels = [], []
            for move in self.moves():
                polygons, holes = move.ends.polygons(SAG), move.ends.holes(SAG)
                s = self.camera.scale
                drawn = hatching(
                    [[(x * s, y * s) for x, y in poly] for poly in polygons if len(poly) >= 3],
                    [[(x * s, y * s) for x, y in hole] for hole in holes if len(hole) >= 3],
                    COLOURS[move.kind],
                    max(6, self.ctx.theme.px(10)),
                )
                if drawn is not None:
                    areas.append(drawn)
                    labels.append((move_label(move), _centre(polygons)))
            self.cache = (key, areas, labels)
        _key, areas, labels = self.cache
        camera = self.camera
        for area, (left, top) in areas:
            surface.blit(area, (camera.ox + left, camera.oy + top))
        for text, point in labels:
            self.overlay.pill(surface, text, camera.to_screen(point))
        for warrior in self.reading.shown.warriors:
            if warrior.hidden and warrior.id in self.reading.table.models:
                self.draw_hidden(surface, warrior.id)

    def draw_hidden(self, surface: pygame.Surface, model_id: str) -> None:
        """The hiding marker: a dashed ring round the base and a closed eye on its rim."""
        model = self.reading.table.models[model_id]
        cx, cy = self.camera.to_screen(model.position)
        t = self.ctx.theme
        r = model.radius * self.camera.scale + t.px(5)
        width = max(3, t.px(4))
        # pale dashes on a dark ring: plain on the mat and on every terrain
        pygame.draw.circle(surface, HIDDEN_RING, (cx, cy), r + width / 2, width + 2)
        dashes = 10
        for k in range(dashes):
            a0 = 2 * math.pi * k / dashes
            a1 = a0 + math.pi / dashes
            arc = [
                (cx + r * math.cos(a0 + (a1 - a0) * i / 4), cy + r * math.sin(a0 + (a1 - a0) * i / 4)) for i in range(5)
            ]
            pygame.draw.lines(surface, HIDDEN_BADGE, False, arc, width - 1)
        badge = max(8, t.px(11))
        bx, by = cx + r * 0.72, cy - r * 0.72
        pygame.draw.circle(surface, HIDDEN_RING, (bx, by), badge)
        pygame.draw.circle(surface, HIDDEN_BADGE, (bx, by), badge - max(1, t.px(2)))
        lid = pygame.Rect(0, 0, badge * 1.4, badge * 0.9)
        lid.center = (round(bx), round(by - badge * 0.15))
        pygame.draw.arc(surface, HIDDEN_RING, lid, math.pi, 2 * math.pi, max(2, t.px(2)))
        for k in (-1, 0, 1):
            x = bx + k * badge * 0.35
            pygame.draw.line(surface, HIDDEN_RING, (x, by + badge * 0.28), (x + k * badge * 0.12, by + badge * 0.5), 1)


def hatching(
    polys: list[list[tuple[float, float]]],
    holes: list[list[tuple[float, float]]],
    colour: tuple[int, int, int],
    step: int,
) -> tuple[pygame.Surface, tuple[int, int]] | None:
    """An area (polygons less holes, in px) hatched in `colour` every `step` px on a
    surface of its own, and where its top left corner goes; None when it is empty."""
    if not polys:
        return None
    left, top, size = _frame(polys)
    mask = pygame.Surface(size, pygame.SRCALPHA)
    for poly in polys:
        pygame.draw.polygon(mask, (255, 255, 255, 255), [(x - left, y - top) for x, y in poly])
    for hole in holes:
        pygame.draw.polygon(mask, (0, 0, 0, 0), [(x - left, y - top) for x, y in hole])
    return _hatched(mask, colour, step, rising=True), (left, top)


def hostile_band(
    reach: list[list[tuple[float, float]]],
    pieces: list[list[tuple[float, float]]],
    step: int,
) -> tuple[pygame.Surface, tuple[int, int]] | None:
    """Where the reach (polygons in px) meets where a base would overlap hostile
    terrain (`pieces`, px), hatched in HOSTILE falling the other way, and where its
    top left corner goes; None when they do not meet."""
    if not reach or not pieces:
        return None
    left, top, size = _frame(pieces)
    mask = pygame.Surface(size, pygame.SRCALPHA)
    for poly in pieces:
        pygame.draw.polygon(mask, (255, 255, 255, 255), [(x - left, y - top) for x, y in poly])
    within = pygame.Surface(size, pygame.SRCALPHA)
    for poly in reach:
        pygame.draw.polygon(within, (255, 255, 255, 255), [(x - left, y - top) for x, y in poly])
    mask.blit(within, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    if pygame.mask.from_surface(mask, 10).count() == 0:
        return None
    return _hatched(mask, HOSTILE, step, rising=False), (left, top)


def hostile_polygons(table: Table, model_id: str) -> list[Polygon]:
    """Where the model's base would overlap hostile terrain (table mm), as polygons."""
    radius = table.models[model_id].radius
    return [blob_polygon(blob, SAG) for found in hostile(table, radius) for blob in found.blobs]


def _frame(polys: list[list[tuple[float, float]]]) -> tuple[int, int, tuple[int, int]]:
    xs = [p[0] for poly in polys for p in poly]
    ys = [p[1] for poly in polys for p in poly]
    left, top = int(min(xs)) - 2, int(min(ys)) - 2
    return left, top, (int(max(xs)) - left + 4, int(max(ys)) - top + 4)


def _hatched(mask: pygame.Surface, colour: tuple[int, int, int], step: int, rising: bool) -> pygame.Surface:
    """`mask`'s area tinted in `colour`, hatched every `step` px and rimmed."""
    size = mask.get_size()
    area = pygame.Surface(size, pygame.SRCALPHA)
    area.fill((*colour, 60))
    line = (*art.shade(colour, 0.8), 200)
    for offset in range(-size[1], size[0], step):
        if rising:
            pygame.draw.line(area, line, (offset, size[1]), (offset + size[1], 0), 2)
        else:
            pygame.draw.line(area, line, (offset, 0), (offset + size[1], size[1]), 2)
    area.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    rim = pygame.mask.from_surface(mask, 10).outline(2)
    if len(rim) > 2:
        pygame.draw.lines(area, (*art.shade(colour, 0.7), 230), True, rim, 2)
    return area


def _centre(polygons: tuple[Polygon, ...]) -> tuple[float, float]:
    """A point to label the area at: the middle of its largest piece's corners."""
    largest = max(polygons, key=len)
    return (sum(p[0] for p in largest) / len(largest), sum(p[1] for p in largest) / len(largest))
