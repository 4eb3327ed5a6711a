"""Laying out the table: terrain and warriors placed from the palette, and where a
piece or a base dragged in the layout lands (the nearest free spot a short way
from the pointer, inside the deployment zone, the terrain spacing kept): the ghost
shows the very spot a drop submits, or, red, that it cannot land there and why."""

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
from tabletop.ui.caches import drawn
from tabletop.ui.gameview import ViewContext, marked

#: how far (mm) a ghost may slide from the pointer to where it fits (beyond the
#: terrain spacing, for a piece): about a large base; farther, it cannot land there
SLIDE = 40.0
#: a ghost this far (mm) or more from the pointer says how far it slid
MOVED = 2.0


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
        #: the terrain kind under the pointer in the palette (its details show)
        self.pointed: str | None = None
        #: the seat that picked what is in hand
        self.picker: int | None = None

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
        self.picker = self.reading.seat
        self.update()

    def start_warrior(self, base: float) -> None:
        self.stop()
        self.hand.tool = "select"
        self.base = float(base)
        self.picker = self.reading.seat
        self.update()

    def forget_stale(self) -> None:
        """Put down what is in hand once it cannot be placed: the step is over (a
        tree picked for the terrain step would otherwise ride on into the non-player
        warriors' placing, a base into the round), no warrior waits on the base
        picked any more, or the turn passed to the other player, who picks for himself."""
        reading = self.reading
        if (
            (self.kind is not None and not reading.places_terrain)
            or (self.base is not None and not reading.places_warriors)
            or (self.base is not None and self.base not in reading.waiting_bases())
            or (self.active and reading.seat != self.picker)
        ):
            self.stop()

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
        """A click on the table: place what is picked where its ghost is (where it
        cannot land, the rules refuse it with the reason the ghost shows)."""
        if self.reading.seat is None or self.ghost is None:
            return
        if self.kind is not None:
            self.submit(Action("add_piece", terrain=self.kind, at=self.ghost, rotation=snap_angle(self.rotation)))
        elif self.base is not None:
            self.submit(Action("add_model", base=self.base, at=self.ghost))
        self.update()

    # -- where things land -----------------------------------------------------------------
    #
    # The ghost is where a drop lands: a spot found here is the very point submitted
    # (settled on the rules' 0.1 mm grid), and where nothing near fits the ghost stays
    # under the pointer in red with the rules' own refusal of that spot.

    def piece_spot(self, piece: TerrainPiece, wanted: Point, rotation: float) -> tuple[Point, bool, str]:
        """Where a piece dropped at `wanted` lands: there when it fits (the spacing
        kept when enforced), else the nearest spot that fits if it is at most
        `SLIDE` beyond the spacing away (amber, with how far), else nowhere (red)."""
        table = self.reading.table
        rotation = snap_angle(rotation)
        spacing = self.reading.shown.terrain_spacing

        def fits(p: Point) -> bool:
            return table.piece_fits(piece, p, rotation, spacing)

        def probe(p: Point) -> Action:
            if piece.id == "new":
                return Action("add_piece", terrain=piece.kind.key, at=p, rotation=rotation)
            return Action("place_piece", piece=piece.id, at=p, rotation=rotation)

        near = wanted if fits(wanted) else table.nearest_piece_position(piece, wanted, rotation, spacing)
        return self._landing(fits, wanted, near, spacing + SLIDE, probe)

    def model_spot(self, radius: float, wanted: Point, model_id: str | None) -> tuple[Point, bool, str]:
        """Where a base dropped at `wanted` lands: the nearest spot where it fits,
        if that is at most `SLIDE` away and inside the zone (with one), else nowhere."""
        table = self.reading.table
        fits = self.fits_model(radius, model_id)

        def probe(p: Point) -> Action:
            if model_id is None:
                return Action("add_model", base=radius * 2, at=p)
            return Action("place_model", model=model_id, at=p)

        ignore = (model_id,) if model_id else ()
        return self._landing(fits, wanted, table.nearest_model_position(radius, wanted, ignore), SLIDE, probe)

    def _landing(
        self,
        fits: Callable[[Point], bool],
        wanted: Point,
        near: Point | None,
        reach: float,
        probe: Callable[[Point], Action],
    ) -> tuple[Point, bool, str]:
        """(the ghost, whether it lands there, a note): `near` settled on the grid
        when it is within `reach` of `wanted`, else `wanted` and why it cannot land."""
        at = settle_point(fits, near) if near is not None and planar.dist(near, wanted) <= reach else None
        if at is None:
            spot = snap_point(wanted)
            return spot, False, self.ctx.check(probe(spot)) or _("No room for it here.")
        moved = planar.dist(at, wanted)
        if moved >= MOVED:
            return at, True, _("Lands {cm:.1f} cm from the pointer, where it fits.", cm=moved / 10)
        return at, True, ""

    def place_piece(self, piece: TerrainPiece, rotation: float) -> bool:
        """Turn a piece where it stands: submitted where its ghost would land, or
        where it is, for the rules to say why it cannot turn."""
        at, _valid, _note = self.piece_spot(piece, piece.position, rotation)
        return self.submit(Action("place_piece", piece=piece.id, at=at, rotation=snap_angle(rotation)))

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
        """A terrain piece where it would land, tinted and outlined: green, amber
        (it slid from the pointer to fit) or red (it cannot land here); the note
        above it."""
        if at is None:
            return
        colour = GOOD if valid and not note else (WARN if valid else BAD)
        sprite, centre = _ghost_art(kind, footprint, rotation, round(self.camera.scale, 4), seed, colour)
        q = self.camera.to_screen((at[0] + centre[0], at[1] + centre[1]))
        surface.blit(sprite, sprite.get_rect(center=(round(q[0]), round(q[1]))))
        width = max(2, self.ctx.theme.px(2 if valid else 4))
        pygame.draw.polygon(surface, colour, self.camera.screen_poly(planar.transform(footprint, at, rotation)), width)
        if note:
            top = self.camera.to_screen(at)
            gap = self.ctx.theme.px(40)
            places = [("midbottom", (top[0], top[1] - gap)), ("midtop", (top[0], top[1] + gap))]
            rect = self.overlay.free_rect(self.overlay.pill_size(note), places, [])
            self.overlay.pill(surface, note, rect.center, colour)

    def label(self) -> Label | None:
        """Why a base cannot go where its ghost is, or how far it slid, beside it."""
        if self.base is not None and self.ghost is not None and self.note and self.shown():
            return self.note, WARN if self.valid else BAD, self.ghost, self.base / 2, ()
        return None

    def header(self) -> str | None:
        if self.pointed is not None:
            return marked(kinds()[self.pointed].name)
        if self.kind is not None:
            return marked(kinds()[self.kind].name)
        if self.base is not None:
            return _("{base:g} mm base", base=self.base)
        return None

    def lines(self) -> list[str] | None:
        """The details of the terrain kind pointed at in the palette, or what is
        picked and what to do with it (None: nothing is). Where the ghost lands or
        why it cannot is said beside the ghost, not again here (the box is small)."""
        if self.pointed is not None:
            return [self.reading.kind_details(kinds()[self.pointed])]
        if self.kind is not None:
            return [
                self.reading.kind_details(kinds()[self.kind]),
                _(
                    "Click on the table to place {terrain}; R or the wheel turns it, a right click puts it back.",
                    terrain=marked(kinds()[self.kind].name),
                ),
            ]
        if self.base is not None:
            return [_("Click on the table to place a warrior; a right click stops.")]
        return None


@drawn(8)
def _ghost_art(
    kind: str, footprint: tuple[Point, ...], rotation: float, scale: float, seed: str, colour: tuple[int, int, int]
) -> tuple[pygame.Surface, Point]:
    """The tinted picture of a piece held (its sprite and centre): the same from
    frame to frame while it is dragged, so painted once."""
    return terrain_art.terrain(kind, footprint, rotation, scale, sart.seed_of(seed + kind), colour)
