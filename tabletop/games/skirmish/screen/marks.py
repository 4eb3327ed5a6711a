"""The marks over the table: rings round the selected and the hovered warrior (lines
round a terrain piece), red rings round warriors in contact with an enemy (while
laying out, round those that may not start play where they stand), a
bar across the meeting point of two bases in contact, each warrior's AP left as
small pips below its base, and the gold ring round a terrain piece the attack in hand
may hit (`piece_ring`), as round a warrior it may."""

from __future__ import annotations

import math

import pygame

from tabletop.games.skirmish import card_art
from tabletop.games.skirmish.play.state import LAYOUT, NON_PLAYER_SIDE
from tabletop.games.skirmish.play.warriors import ROUND_AP
from tabletop.games.skirmish.screen.camera import Camera
from tabletop.games.skirmish.screen.deployment import Placing
from tabletop.games.skirmish.screen.hand import Hand
from tabletop.games.skirmish.screen.overlay import BAD, Overlay
from tabletop.games.skirmish.screen.reading import Reading
from tabletop.games.skirmish.screen.walking import Walks
from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.planar import Point
from tabletop.ui import caches
from tabletop.ui import theme as th
from tabletop.ui.gameview import ViewContext

#: the mark between two bases in contact: enemies, and warriors of one side
CONTACT_ENEMY = (222, 64, 52)
CONTACT_FRIEND = (64, 196, 214)
#: the dark edge round a contact mark
KNOT_EDGE = (20, 14, 8)


#: the ring round a warrior that may not start play where it stands: (grow, width) in px
MISPLACED_RING = (6.0, 3)


def misplaced_ring(overlay: Overlay, surface: pygame.Surface, model_id: str) -> None:
    """A thick red ring, apart from the token by a dark one, round a warrior that may
    not start play where it stands (plain on a token of any colour)."""
    grow, width = MISPLACED_RING
    overlay.ring(surface, model_id, KNOT_EDGE, 2, grow - width)
    overlay.ring(surface, model_id, BAD, width, grow)


#: the ring round a terrain piece the attack in hand may hit: (grow, width) in px
PIECE_RING = (5.0, 3)


def grown(points: list[tuple[float, float]], by: float) -> list[tuple[float, float]]:
    """A screen polygon moved out by `by` px along its sides (corners mitred, a sharp
    corner cut at twice that)."""
    n = len(points)
    if n < 3 or by == 0:
        return points
    area = sum(points[i][0] * points[(i + 1) % n][1] - points[(i + 1) % n][0] * points[i][1] for i in range(n))
    out = 1.0 if area > 0 else -1.0  # outward: to the right of a counter-clockwise side (y down)
    normals = []
    for i in range(n):
        (ax, ay), (bx, by_) = points[i], points[(i + 1) % n]
        length = math.hypot(bx - ax, by_ - ay) or 1.0
        normals.append((out * (by_ - ay) / length, -out * (bx - ax) / length))
    found = []
    for i in range(n):
        (px, py), (qx, qy) = normals[i - 1], normals[i]
        mx, my = px + qx, py + qy
        dot = max(0.5, 1 + px * qx + py * qy)  # the mitre, at most twice as long
        found.append((points[i][0] + mx * by / dot, points[i][1] + my * by / dot))
    return found


def piece_ring(
    overlay: Overlay, surface: pygame.Surface, piece_id: str, colour: tuple[int, int, int] = th.GOLD
) -> None:
    """A ring round a terrain piece a little outside its outline, on a dark edge, as
    a warrior that may be targeted is ringed."""
    t = overlay.ctx.theme
    grow, width = PIECE_RING
    outline = overlay.camera.screen_poly(overlay.reading.table.pieces[piece_id].outline)
    ring = grown(outline, t.px(grow))
    pygame.draw.polygon(surface, KNOT_EDGE, ring, max(1, t.px(width)) + 2)
    pygame.draw.polygon(surface, colour, ring, max(1, t.px(width)))


class Marks:
    """Selection, hover and contact, drawn each frame."""

    def __init__(
        self,
        ctx: ViewContext,
        camera: Camera,
        reading: Reading,
        hand: Hand,
        walks: Walks,
        overlay: Overlay,
        placing: Placing,
    ) -> None:
        self.ctx = ctx
        self.camera = camera
        self.reading = reading
        self.hand = hand
        self.walks = walks
        self.overlay = overlay
        self.placing = placing

    def draw_selection(self, surface: pygame.Surface) -> None:
        """Selection and hover: rings round warriors, outlines round terrain."""
        t = self.ctx.theme
        hand, table = self.hand, self.reading.table
        held = hand.held()
        hovered = hand.hovered if hand.tool == "select" and not self.placing.active else None
        for element, colour in ((hovered, (255, 255, 255)), (hand.selected, th.GOLD)):
            if element is None or element == held:
                continue
            if element in table.models:
                self.overlay.ring(surface, element, colour, 3 if colour == th.GOLD else 2)
            elif element in table.pieces:
                pygame.draw.polygon(
                    surface, colour, self.camera.screen_poly(table.pieces[element].outline), max(2, t.px(3))
                )
        if self.reading.phase == LAYOUT:
            for model_id in self.reading.misplaced:
                if model_id != held:
                    misplaced_ring(self.overlay, surface, model_id)
            return
        if self.reading.setting_up:
            return
        for model_id in table.models:
            if model_id != held and model_id in self.reading.engaged and model_id not in self.walks:
                self.overlay.ring(surface, model_id, BAD, 2, 1.5)

    def draw_ap(self, surface: pygame.Surface) -> None:
        """Each warrior's AP as pips below its base, full for those left, hollow for
        those spent (not while the table is laid out, nor on a warrior in hand)."""
        if self.reading.setting_up:
            return
        t = self.ctx.theme
        held = self.hand.held()
        moved = self.hand.moved_positions()
        radius = max(2, t.px(4))
        for model_id, model in self.reading.table.models.items():
            if model_id == held or model_id in self.walks or model.side == NON_PLAYER_SIDE:
                continue  # a non-player warrior has no AP (S36)
            sx, sy = self.camera.to_screen(moved.get(model_id, model.position))
            x = round(sx)
            below = round(sy + model.radius * self.camera.scale) + radius + t.px(3)
            plate = ap_plate(radius, t.px(4), self.reading.warriors[model_id].ap)
            surface.blit(plate, plate.get_rect(center=(x, below)))

    def contact_links(self) -> list[tuple[str, str, bool, Point, Point]]:
        """Bases in contact now (edges at most the contact distance apart), as the
        screen shows them: (one, other, enemies, centre of one, centre of the other).
        A warrior being dragged or walked counts where its ghost stands, a new one
        being placed as "new"; one walking along its path does not count."""
        table = self.reading.table
        contact = table.contact + planar.EPS
        bases: dict[str, tuple[Point, float, int]] = {}
        for model in table.models.values():
            if model.id not in self.walks:
                bases[model.id] = (model.position, model.radius, model.side)
        drag = self.hand.drag
        if drag is not None and drag.moved and drag.kind in ("model", "path") and drag.item in bases:
            if drag.ghost is None:
                del bases[drag.item]
            else:
                _spot, radius, side = bases[drag.item]
                bases[drag.item] = (drag.ghost, radius, side)
        placing = self.placing
        if placing.base is not None and placing.ghost is not None and placing.shown():
            seat = self.reading.seat
            bases["new"] = (placing.ghost, placing.base / 2, seat if seat is not None else 0)
        ids = list(bases)
        found = []
        for i, a in enumerate(ids):
            pa, ra, sa = bases[a]
            for b in ids[i + 1 :]:
                pb, rb, sb = bases[b]
                if abs(pa[0] - pb[0]) > ra + rb + contact or abs(pa[1] - pb[1]) > ra + rb + contact:
                    continue
                if math.dist(pa, pb) - ra - rb <= contact:
                    found.append((a, b, sa != sb, pa, pb))
        return found

    def draw_contacts(self, surface: pygame.Surface) -> None:
        """A short bar across the meeting point of two bases in contact: red between
        enemies, teal between warriors of one side."""
        t = self.ctx.theme
        table = self.reading.table
        # the base being placed is "new" in the links (only while one is)
        new = (self.placing.base or 0.0) / 2
        for a, b, enemies, pa, pb in self.contact_links():
            d = math.dist(pa, pb)
            if d == 0.0:
                continue
            ux, uy = (pb[0] - pa[0]) / d, (pb[1] - pa[1]) / d
            ra = new if a == "new" else table.models[a].radius
            rb = new if b == "new" else table.models[b].radius
            along = ra + (d - ra - rb) / 2
            centre = self.camera.to_screen((pa[0] + ux * along, pa[1] + uy * along))
            half = max(t.px(7), min(ra, rb) * self.camera.scale * 0.6)
            contact_bar(surface, t, centre, (ux, uy), half, CONTACT_ENEMY if enemies else CONTACT_FRIEND)


#: the colour that stays clear round an AP plate (its rounded ends)
CLEAR = (255, 0, 255)


@caches.drawn(32)
def ap_plate(radius: int, pad: int, left: int) -> pygame.Surface:
    """A warrior's AP as pips on a dark plate (`left` of ROUND_AP full), drawn once
    per size and count: what draw_ap blits below each base."""
    width = ROUND_AP * (radius * 2 + radius // 2 + 1)
    plate = pygame.Rect(0, 0, width + pad, radius * 2 + pad)
    # odd sizes centre as drawn on the table: the plate's centre at (w // 2, h // 2)
    image = pygame.Surface(plate.size)
    image.fill(CLEAR)
    image.set_colorkey(CLEAR)
    centre = (plate.w // 2, plate.h // 2)
    plate.center = centre
    pygame.draw.rect(image, KNOT_EDGE, plate, border_radius=plate.h // 2)
    card_art.ap_pips(image, (centre[0] + width // 2, centre[1]), radius, left, ROUND_AP)
    return image


def contact_bar(
    surface: pygame.Surface,
    t: th.Theme,
    centre: tuple[float, float],
    direction: tuple[float, float],
    half: float,
    colour: tuple[int, int, int],
) -> None:
    """The bar across the meeting point of two bases in contact (`direction`: the
    unit vector from one centre to the other), with a knot where they meet."""
    ux, uy = direction
    ends = [(centre[0] - uy * half, centre[1] + ux * half), (centre[0] + uy * half, centre[1] - ux * half)]
    width = max(3, t.px(5))
    edge = max(2, t.px(2))
    pygame.draw.line(surface, KNOT_EDGE, ends[0], ends[1], width + 2 * edge)
    for end in ends:
        pygame.draw.circle(surface, KNOT_EDGE, end, width / 2 + edge)
    pygame.draw.line(surface, colour, ends[0], ends[1], width)
    for end in ends:
        pygame.draw.circle(surface, colour, end, width / 2)
    knot = max(4, t.px(6))
    pygame.draw.circle(surface, KNOT_EDGE, centre, knot + edge)
    pygame.draw.circle(surface, colour, centre, knot)
