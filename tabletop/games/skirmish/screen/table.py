"""The table drawn once per zoom (or change) and blitted every frame: the mat with
its grid, the deployment zones, the terrain and the objectives in one surface, the
warriors that stand still over it in a second; the dark felt and the wooden board
round the mat behind both."""

from __future__ import annotations

import math

import pygame

from tabletop.games.skirmish import art as sart
from tabletop.games.skirmish import terrain_art
from tabletop.games.skirmish.play import deployment
from tabletop.games.skirmish.play.state import DEPLOYING, LAYOUT
from tabletop.games.skirmish.screen.camera import Camera
from tabletop.games.skirmish.screen.hand import Hand
from tabletop.games.skirmish.screen.overlay import WARN, Overlay
from tabletop.games.skirmish.screen.reading import Reading
from tabletop.games.skirmish.screen.walking import Walks
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.gameview import ViewContext

#: what lies over the table (see `TableLayers.draw`)
Shading = tuple[tuple, list[tuple[pygame.Surface, tuple[int, int]]]]


class TableLayers:
    """The table's cached layers and the backdrop behind them."""

    def __init__(
        self, ctx: ViewContext, camera: Camera, reading: Reading, hand: Hand, walks: Walks, overlay: Overlay
    ) -> None:
        self.ctx = ctx
        self.camera = camera
        self.reading = reading
        self.hand = hand
        self.walks = walks
        self.overlay = overlay
        #: the ground with every piece (False) and without the pieces held (True)
        self._grounds: dict[bool, tuple[tuple, pygame.Surface]] = {}
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple | None = None
        self._backdrop: tuple[tuple, pygame.Surface] | None = None
        #: the backdrop with the layer over it, as the viewport shows them
        self._view: tuple[tuple, pygame.Surface] | None = None

    def draw(self, surface: pygame.Surface, over: Shading | None = None) -> None:
        """The backdrop and the table, inside the viewport (clipped by the caller),
        with what lies `over` the table (the reach: (what it was drawn for, each
        surface with its top left corner on the table layer)): one blit a frame of
        all laid together (kept until one of them changes)."""
        layer = self.layer()
        back = self.backdrop(layer.get_size())
        view = self.camera.viewport
        at = (self.camera.ox - view.x, self.camera.oy - view.y)
        key = (self._backdrop[0] if self._backdrop else None, self._layer_key, at, over[0] if over else None)
        if self._view is None or self._view[0] != key:
            both = back.copy()
            both.blit(layer, at)
            for area, (left, top) in over[1] if over else ():
                both.blit(area, (at[0] + left, at[1] + top))
            self._view = (key, both)
        surface.blit(self._view[1], view.topleft)

    def ground(self, held: tuple[str, ...] = ()) -> pygame.Surface:
        """Mat, grid, zones, objectives and terrain at the current zoom, without the
        terrain pieces in `held` (cached: one with every piece, one without those held)."""
        reading, theme = self.reading, self.ctx.theme
        key = (self.camera.scale, reading.revision, self.hand.show_grid, reading.phase, held)
        cached = self._grounds.get(bool(held))
        if cached is not None and cached[0] == key:
            return cached[1]
        table = reading.table
        s = self.camera.scale
        size = (max(1, math.ceil(table.width * s)), max(1, math.ceil(table.height * s)))
        ground = sart.mat(size, round(s, 4)).copy()
        if self.hand.show_grid:
            font = th.load_font(max(9, min(int(theme.fs(th.SMALL) * 0.8), int(s * 9))), bold=True)
            sart.draw_grid(ground, s, table.width, table.height, font)
        if reading.phase in (LAYOUT, DEPLOYING):
            for seat, entry in enumerate(reading.shown.seats):
                if entry.edge and entry.deployment:
                    outline = deployment.zone_outline(table, entry.edge, entry.deployment)
                    self.overlay.poly(
                        ground,
                        [(x * s, y * s) for x, y in outline],
                        (*self.ctx.colour(seat), 46),
                        (*self.ctx.colour(seat), 200),
                        max(1, theme.px(2)),
                    )
        for piece in table.pieces.values():
            if piece.id in held:
                continue
            sprite, centre = terrain_art.terrain(
                piece.kind.key, piece.footprint, piece.rotation, round(s, 4), sart.seed_of(piece.id + piece.kind.key)
            )
            ground.blit(
                sprite,
                sprite.get_rect(center=((piece.position[0] + centre[0]) * s, (piece.position[1] + centre[1]) * s)),
            )
            if reading.pieces[piece.id].burning:
                self.overlay.poly(
                    ground, [(x * s, y * s) for x, y in piece.outline], (230, 110, 30, 70), (230, 110, 30, 220), 2
                )
        for spot in table.objectives.values():
            self.objective(ground, (spot[0] * s, spot[1] * s))
        for problem in reading.spacing:
            for pid in (problem.piece, problem.other):
                if pid in table.pieces and pid not in held:
                    pygame.draw.polygon(
                        ground, WARN, [(x * s, y * s) for x, y in table.pieces[pid].outline], max(2, theme.px(3))
                    )
        ground = art.opaque(ground)
        self._grounds[bool(held)] = (key, ground)
        return ground

    def objective(self, surface: pygame.Surface, centre: tuple[float, float]) -> None:
        """A mission objective: a brass marker with a star."""
        r = max(6, int(self.camera.scale * 9))
        pygame.draw.circle(surface, (40, 30, 20), (centre[0] + 2, centre[1] + 3), r)
        pygame.draw.circle(surface, th.GOLD, centre, r)
        pygame.draw.circle(surface, th.GOLD_DARK, centre, r, max(2, r // 5))
        star = [
            (
                centre[0] + r * (0.62 if k % 2 == 0 else 0.27) * math.cos(-math.pi / 2 + k * math.pi / 5),
                centre[1] + r * (0.62 if k % 2 == 0 else 0.27) * math.sin(-math.pi / 2 + k * math.pi / 5),
            )
            for k in range(10)
        ]
        pygame.draw.polygon(surface, th.INK, star)

    def hidden(self) -> tuple[str, ...]:
        """Warriors and pieces drawn over the layer this frame (held, walking)."""
        hidden = set(self.walks)
        drag = self.hand.drag
        if drag is not None and drag.kind in ("model", "path", "piece") and drag.moved:
            hidden.add(drag.item)
        return tuple(sorted(hidden))

    def layer(self) -> pygame.Surface:
        """The ground with every warrior that stands still (cached)."""
        hidden = self.hidden()
        held = tuple(h for h in hidden if h in self.reading.pieces)
        ground = self.ground(held)
        key = (self._grounds[bool(held)][0], hidden, tuple(w.id for w in self.reading.shown.warriors if w.activated))
        if self._layer is not None and self._layer_key == key:
            return self._layer
        layer = ground.copy()
        scale = self.camera.scale
        for model in self.reading.table.models.values():
            if model.id not in hidden:
                self.overlay.warrior(layer, model.id, (model.position[0] * scale, model.position[1] * scale))
        self._layer, self._layer_key = art.opaque(layer), key
        return self._layer

    def backdrop(self, table_size: tuple[int, int]) -> pygame.Surface:
        """The viewport behind the table: dark felt and the table's soft shadow
        (opaque, so it blits fast; redrawn when the view pans or zooms)."""
        t = self.ctx.theme
        view = self.camera.viewport
        key = (view.size, self.camera.ox - view.x, self.camera.oy - view.y, table_size)
        if self._backdrop is not None and self._backdrop[0] == key:
            return self._backdrop[1]
        back = pygame.Surface(view.size)
        back.fill((24, 52, 36))
        pygame.draw.rect(back, (14, 34, 22), back.get_rect(), max(1, t.px(3)))
        rect = pygame.Rect(key[1], key[2], *table_size)
        # the mat lies on a wooden board a little larger than itself
        board = rect.inflate(t.px(18), t.px(18))
        art.drop_shadow(back, board, t.px(8), t.px(12), (t.px(4), t.px(6)), alpha=170)
        back.blit(art.panel(board.size, "wood", radius=t.px(8), border=max(1, t.px(2))), board.topleft)
        back = art.opaque(back)
        self._backdrop = (key, back)
        return back
