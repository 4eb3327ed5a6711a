"""Laying out the table: terrain and warriors placed from the palette, and where a
piece or a base dragged in the layout may go (the nearest free spot, inside the
deployment zone, the terrain spacing kept)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from tabletop.engine.core import Action
from tabletop.games.skirmish import art as sart
from tabletop.games.skirmish import terrain_art
from tabletop.games.skirmish.play import deployment
from tabletop.games.skirmish.play.settling import settle_point
from tabletop.games.skirmish.play.state import kinds, snap_angle, snap_point
from tabletop.games.skirmish.screen.camera import Camera
from tabletop.games.skirmish.screen.hand import Hand
from tabletop.games.skirmish.screen.overlay import BAD, GOOD, WARN, Label, Overlay
from tabletop.games.skirmish.screen.reading import Reading
from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.planar import Point
from tabletop.games.skirmish.table.terrain import TerrainPiece
from tabletop.i18n import _
from tabletop.ui.gameview import ViewContext, marked


class Placing:
    """A terrain kind (`kind`) or a base size (`base`) picked from the palette, and
    its ghost where a click would put it."""

    def __init__(
        self,
        ctx: ViewContext,
        camera: Camera,
        reading: Reading,
        hand: Hand,
        overlay: Overlay,
        submit: Callable[[Action], bool],
    ) -> None:
        self.ctx = ctx
        self.camera = camera
        self.reading = reading
        self.hand = hand
        self.overlay = overlay
        self.submit = submit
        self.kind: str | None = None
        self.base: float | None = None
        self.rotation = 0.0
        self.ghost: Point | None = None
        self.valid = False
        self.note = ""

    @property
    def active(self) -> bool:
        return self.kind is not None or self.base is not None

    def shown(self) -> bool:
        """True when the ghost shows: there is one, under the pointer on the table."""
        return self.ghost is not None and self.camera.viewport.collidepoint(self.hand.pointer)

    def start_terrain(self, kind: str) -> None:
        self.stop()
        self.hand.tool = "select"
        self.kind = kind
        self.update()

    def start_warrior(self, base: float) -> None:
        self.stop()
        self.hand.tool = "select"
        self.base = float(base)
        self.update()

    def stop(self) -> None:
        self.kind = None
        self.base = None
        self.ghost = None
        self.note = ""

    def turn(self, degrees: float) -> None:
        self.rotation = snap_angle(self.rotation + degrees)
        self.update()

    def update(self) -> None:
        """The ghost follows the pointer."""
        self.ghost = None
        self.valid = False
        self.note = ""
        if not self.camera.viewport.collidepoint(self.hand.pointer):
            return
        pointer = self.camera.to_table(self.hand.pointer)
        if self.kind is not None:
            piece = TerrainPiece("new", kinds()[self.kind], pointer, self.rotation)
            self.ghost, self.valid, self.note = self.piece_spot(piece, pointer, self.rotation)
        elif self.base is not None:
            self.ghost, self.valid, self.note = self.model_spot(self.base / 2, pointer, None)

    def press(self) -> None:
        """A click on the table: place what is picked where its ghost is."""
        live = self.reading.seat is not None
        if self.kind is not None:
            if live:
                self.place_piece(None, self.kind, self.ghost, self.rotation)
                self.update()
        elif self.base is not None and live and self.ghost is not None:
            fits = self.fits_model(self.base / 2, None)
            at = settle_point(fits, self.ghost) if self.valid else None
            self.submit(Action("add_model", base=self.base, at=at or snap_point(self.ghost)))
            self.update()

    # -- where things may go ---------------------------------------------------------------

    def piece_spot(self, piece: TerrainPiece, wanted: Point, rotation: float) -> tuple[Point | None, bool, str]:
        """Where a dragged piece would go: the pointer when it fits there, else the
        nearest spot where it touches what it would overlap. With spacing enforced a
        spot that only breaks the spacing is shown in amber and moved on the drop."""
        table = self.reading.table
        spacing = self.reading.shown.terrain_spacing
        if table.piece_fits(piece, wanted, rotation, spacing):
            return wanted, True, ""
        spot = table.nearest_piece_position(piece, wanted, rotation, 0.0)
        if spot is None:
            return wanted, False, _("No room for it here.")
        if spacing and not table.piece_fits(piece, spot, rotation, spacing):
            return spot, True, _("Keeps {cm:g} cm from other terrain when dropped.", cm=spacing / 10)
        return spot, True, ""

    def model_spot(self, radius: float, wanted: Point, model_id: str | None) -> tuple[Point | None, bool, str]:
        table = self.reading.table
        ignore = (model_id,) if model_id else ()
        spot = table.nearest_model_position(radius, wanted, ignore)
        if spot is None:
            return None, False, _("No room for a base here.")
        zone = self.reading.zone()
        if zone and not deployment.in_zone(table, *zone, spot, radius):
            return spot, False, _("Outside your deployment zone.")
        return spot, True, ""

    def place_piece(self, piece: TerrainPiece | None, kind: str, spot: Point | None, rotation: float) -> bool:
        """Submit a new or moved piece at `spot`, or, with the spacing enforced, at
        the nearest spot that keeps it. Where nothing fits the rules say why."""
        if spot is None:
            spot = self.camera.to_table(self.hand.pointer)
        table = self.reading.table
        rotation = snap_angle(rotation)
        probe = piece or TerrainPiece("new", kinds()[kind], spot, rotation)
        spacing = self.reading.shown.terrain_spacing
        if not table.piece_fits(probe, spot, rotation, spacing):
            spot = table.nearest_piece_position(probe, spot, rotation, spacing) or spot
        at = settle_point(lambda p: table.piece_fits(probe, p, rotation, spacing), spot) or snap_point(spot)
        if piece is None:
            return self.submit(Action("add_piece", terrain=kind, at=at, rotation=rotation))
        return self.submit(Action("place_piece", piece=piece.id, at=at, rotation=rotation))

    def fits_model(self, radius: float, model_id: str | None) -> Callable[[Point], bool]:
        table = self.reading.table
        ignore = (model_id,) if model_id else ()
        zone = self.reading.zone()

        def fits(p: Point) -> bool:
            if not table.model_fits(radius, p, ignore):
                return False
            return not zone or deployment.in_zone(table, *zone, p, radius)

        return fits

    # -- drawing and words -----------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """The ghost of what is picked, where a click would put it."""
        if not self.shown() or self.ghost is None:
            return
        if self.kind is not None:
            kind = kinds()[self.kind]
            self.ghost_piece(
                surface,
                kind.key,
                planar.orient(kind.footprint),
                self.ghost,
                self.rotation,
                self.valid,
                self.note,
                "new",
            )
        elif self.base is not None:
            t = self.ctx.theme
            seat = self.reading.seat or 0
            r = self.base / 2
            sprite = sart.warrior(
                max(4, round(self.base * self.camera.scale)), self.ctx.colour(seat), self.ctx.colour(seat), "+"
            )
            sprite = sprite.copy()
            sprite.set_alpha(220 if self.valid else 130)
            q = self.camera.to_screen(self.ghost)
            surface.blit(sprite, sprite.get_rect(center=(round(q[0]), round(q[1]))))
            pygame.draw.circle(
                surface, GOOD if self.valid else BAD, q, r * self.camera.scale + t.px(3), max(2, t.px(3))
            )

    def ghost_piece(
        self,
        surface: pygame.Surface,
        kind: str,
        footprint: tuple[Point, ...],
        at: Point | None,
        rotation: float,
        valid: bool,
        note: str,
        seed: str,
    ) -> None:
        """A terrain piece tinted by where it would go: green, amber (moved on the
        drop to keep the spacing) or red; the note above it."""
        if at is None:
            return
        colour = GOOD if valid and not note else (WARN if valid else BAD)
        sprite, centre = terrain_art.terrain(
            kind, footprint, rotation, round(self.camera.scale, 4), sart.seed_of(seed + kind), colour
        )
        q = self.camera.to_screen((at[0] + centre[0], at[1] + centre[1]))
        surface.blit(sprite, sprite.get_rect(center=(round(q[0]), round(q[1]))))
        if note:
            top = self.camera.to_screen(at)
            gap = self.ctx.theme.px(40)
            places = [("midbottom", (top[0], top[1] - gap)), ("midtop", (top[0], top[1] + gap))]
            rect = self.overlay.free_rect(self.overlay.pill_size(note), places, [])
            self.overlay.pill(surface, note, rect.center, colour)

    def label(self) -> Label | None:
        """Why a base cannot go where its ghost is, beside it."""
        if self.base is not None and self.ghost is not None and self.note and self.shown():
            return self.note, BAD, self.ghost, self.base / 2, ()
        return None

    def header(self) -> str | None:
        if self.kind is not None:
            return marked(kinds()[self.kind].name)
        if self.base is not None:
            return _("{base:g} mm base", base=self.base)
        return None

    def lines(self) -> list[str] | None:
        """What to do with what is picked (None: nothing is)."""
        if self.kind is not None:
            lines = [
                _(
                    "Click on the table to place {terrain}; R or the wheel turns it, a right click puts it back.",
                    terrain=marked(kinds()[self.kind].name),
                )
            ]
            return lines + ([self.note] if self.note else [])
        if self.base is not None:
            lines = [_("Click on the table to place a warrior; a right click stops.")]
            return lines + ([self.note] if self.note else [])
        return None
