"""The tools players measure with, as on a real table: the tape measure, the line
of sight between a warrior and a target, the explosion and flame templates, and
the reach of the selected warrior (how far it may move): what each finds, what it
shows over the table and what it says in words."""

from __future__ import annotations

import math
import time
from collections.abc import Collection, Sequence

import pygame

from tabletop.games.skirmish.screen.camera import Camera
from tabletop.games.skirmish.screen.hand import Hand
from tabletop.games.skirmish.screen.overlay import BAD, WARN, Overlay
from tabletop.games.skirmish.screen.reading import Reading
from tabletop.games.skirmish.screen.terrain_reach import hostile_band, hostile_polygons
from tabletop.games.skirmish.table import measure
from tabletop.games.skirmish.table.planar import Point, Polygon
from tabletop.games.skirmish.table.reach import Growth, grow
from tabletop.games.skirmish.table.reach import Reach as ReachArea
from tabletop.games.skirmish.table.sight import Sight, sight
from tabletop.i18n import _
from tabletop.ui import art
from tabletop.ui.gameview import ViewContext

TAPE = (244, 206, 70)
SIGHT_FILL = (255, 250, 220)
LOOK = (120, 220, 255)
FIRE = (255, 140, 40)
BLAST = (255, 200, 60)


class Measuring:
    """The tape, the sight and the templates: what each tool has found so far."""

    def __init__(self, ctx: ViewContext, camera: Camera, reading: Reading, hand: Hand, overlay: Overlay) -> None:
        self.ctx = ctx
        self.camera = camera
        self.reading = reading
        self.hand = hand
        self.overlay = overlay
        self.tape: measure.Tape | None = None
        #: where the tape was started (its shown start snaps to a base's edge)
        self.tape_from: Point | None = None
        self.viewer: str | None = None
        self.target: str | Point | None = None
        self.target_fixed = False
        self.seen: Sight | None = None
        self.blast: Point | None = None
        self.blast_pinned = False
        self.attacker: str | None = None
        self.flame_angle = 0.0
        self.flame_pinned = False
        self.template: measure.Template | None = None
        self.under: list[str] = []

    # -- what the tools find -------------------------------------------------------------

    def forget_missing(self) -> None:
        """After the match changed: forget warriors no longer on the table."""
        models = self.reading.table.models
        if self.viewer and self.viewer not in models:
            self.viewer = self.target = None
        if isinstance(self.target, str) and self.target not in models:
            self.target = None
            self.target_fixed = False
        if self.attacker and self.attacker not in models:
            self.attacker = None

    def took(self, tool: str) -> None:
        """The player took up `tool`."""
        if tool != "sight":
            self.target_fixed = False
        if tool == "flame" and self.attacker is None and self.hand.selected in self.reading.warriors:
            self.attacker = self.hand.selected

    def update(self) -> None:
        """Recompute what the tools show after the pointer or the table changed."""
        table = self.reading.table
        hand, camera = self.hand, self.camera
        pointer = camera.to_table(hand.pointer)
        over = camera.viewport.collidepoint(hand.pointer)
        if hand.tool == "sight" and self.viewer is not None:
            if not self.target_fixed:
                if over and hand.hovered in table.models and hand.hovered != self.viewer:
                    self.target = hand.hovered
                elif over and camera.on_table(hand.pointer):
                    self.target = pointer
                else:
                    self.target = None
            self.update_sight()
        else:
            self.seen = None
        self.template = None
        self.under = []
        if hand.tool == "explosion":
            if not self.blast_pinned:
                self.blast = pointer if over else None
            if self.blast is not None:
                self.template = measure.explosion(table, self.blast)
        elif hand.tool == "flame" and self.attacker is not None:
            if not self.flame_pinned and over:
                origin = table.models[self.attacker].position
                if math.dist(origin, pointer) > 1:
                    self.flame_angle = math.degrees(math.atan2(pointer[1] - origin[1], pointer[0] - origin[0]))
            self.template = measure.flame(table, self.attacker, self.flame_angle)
        if self.template is not None:
            exclude = (self.attacker,) if hand.tool == "flame" and self.attacker else ()
            self.under = measure.models_under(table, self.template, exclude)

    def update_sight(self) -> None:
        """The sight between viewer and target, with a dragged warrior where its ghost is."""
        if self.viewer is None or self.target is None:
            self.seen = None
            return
        self.seen = sight(self.reading.table, self.viewer, self.target, self.hand.moved_positions())

    # -- what the player does with them ---------------------------------------------------

    def start_tape(self, point: Point) -> None:
        self.tape_from = point
        self.tape = measure.tape(self.reading.table, point, point)

    def stretch_tape(self, point: Point) -> None:
        self.tape = measure.tape(self.reading.table, self.tape_from or point, point)

    def sight_click(self, element: str | None, pos: tuple[int, int]) -> None:
        """A click with the sight tool: pick the viewer, then the target (a warrior
        or a spot); the viewer again forgets it."""
        if element in self.reading.table.models:
            if self.viewer is None or element == self.viewer:
                self.viewer = None if element == self.viewer else element
                self.target, self.target_fixed = None, False
            else:
                self.target, self.target_fixed = element, True
        elif self.viewer is not None and self.camera.on_table(pos):
            self.target, self.target_fixed = self.camera.to_table(pos), True
        self.update()

    def pin_blast(self, point: Point) -> None:
        """A click with the explosion template: pin it there, or let it go."""
        self.blast_pinned = not self.blast_pinned
        self.blast = point
        self.update()

    def flame_click(self, element: str | None) -> None:
        """A click with the flame template: pick who breathes fire, or pin the flame."""
        if element in self.reading.table.models and element != self.attacker:
            self.attacker = element
            self.flame_pinned = False
        elif self.attacker is not None:
            self.flame_pinned = not self.flame_pinned
        self.update()

    def turn_flame(self, degrees: float) -> None:
        self.flame_angle = (self.flame_angle + degrees) % 360
        self.flame_pinned = True
        self.update()

    def cancel(self) -> bool:
        """A right click with a measuring tool: forget what it found (False when there
        is nothing for it to forget)."""
        tool = self.hand.tool
        if tool == "sight" and (self.viewer or self.target_fixed):
            self.viewer = self.target = None
            self.target_fixed = False
        elif tool == "measure":
            self.tape = None
        elif tool == "flame":
            self.attacker = None
            self.flame_pinned = False
        elif tool == "explosion":
            self.blast_pinned = False
        else:
            return False
        return True

    # -- drawing --------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        t = self.ctx.theme
        tool, camera, overlay = self.hand.tool, self.camera, self.overlay
        if tool == "measure" and self.tape is not None:
            a, b = camera.to_screen(self.tape.start), camera.to_screen(self.tape.end)
            width = max(3, t.px(7))
            pygame.draw.line(surface, (60, 44, 10), (a[0] + 1, a[1] + 2), (b[0] + 1, b[1] + 2), width)
            pygame.draw.line(surface, TAPE, a, b, width)
            length = self.tape.length
            if length > 0:
                ux, uy = (b[0] - a[0]) / max(1e-9, math.dist(a, b)), (b[1] - a[1]) / max(1e-9, math.dist(a, b))
                for cm in range(1, int(length // 10) + 1):
                    px, py = a[0] + ux * cm * 10 * camera.scale, a[1] + uy * cm * 10 * camera.scale
                    k = width * (1.0 if cm % 5 else 1.6)
                    pygame.draw.line(
                        surface, (70, 50, 10), (px - uy * k / 2, py + ux * k / 2), (px + uy * k / 2, py - ux * k / 2), 1
                    )
            for end in (a, b):
                pygame.draw.circle(surface, (70, 50, 10), end, max(3, t.px(6)))
                pygame.draw.circle(surface, TAPE, end, max(2, t.px(4)))
            text = _("{cm:.1f} cm", cm=length / 10)
            rect = overlay.free_rect(overlay.pill_size(text), tape_label_places(a, b, t.px(20)), overlay.token_rects())
            overlay.pill(surface, text, rect.center, TAPE)
        elif tool == "sight" and self.viewer is not None:
            self._draw_sight(surface, self.viewer)
        elif tool in ("explosion", "flame") and self.template is not None:
            draw_template(overlay, surface, self.template, FIRE if tool == "flame" else BLAST, self.under)
        elif tool == "flame" and self.attacker is None and self.hand.hovered in self.reading.table.models:
            overlay.ring(surface, self.hand.hovered, FIRE, 3, 3)

    def _draw_sight(self, surface: pygame.Surface, viewer: str) -> None:
        t = self.ctx.theme
        camera, overlay, models = self.camera, self.overlay, self.reading.table.models
        seen = self.seen
        overlay.ring(surface, viewer, LOOK, 3, 3)
        if seen is None:
            return
        corridor = camera.screen_poly(seen.corridor.polygon(48))
        if seen.visible:
            overlay.poly(surface, corridor, (*SIGHT_FILL, 62), (*SIGHT_FILL, 200), max(2, t.px(2)))
        else:
            overlay.poly(surface, corridor, (*BAD, 58), (*BAD, 220), max(2, t.px(2)))
        # the two ends stand over the corridor's wash
        moved = self.hand.moved_positions()
        for end in (viewer, self.target):
            if isinstance(end, str) and end in models:
                overlay.warrior(surface, end, camera.to_screen(moved.get(end, models[end].position)))
        for element in seen.blockers:
            overlay.outline(surface, element, BAD, 4)
        taken = overlay.token_rects()
        for obstacle in seen.obstacles if seen.visible else ():
            overlay.outline(surface, obstacle.element, WARN, 3)
        for obstacle in seen.obstacles if seen.visible else ():
            # each penalty beside its element, clear of the tokens and of the others
            text = f"−{obstacle.penalty}"
            size = overlay.pill_size(text)
            if obstacle.element in models:
                model = models[obstacle.element]
                c = camera.to_screen(model.position)
                r = model.radius * camera.scale + t.px(2)
                candidates = [
                    ("midbottom", (c[0], c[1] - r)),
                    ("midleft", (c[0] + r, c[1])),
                    ("midright", (c[0] - r, c[1])),
                    ("midtop", (c[0], c[1] + r)),
                ]
            else:
                c = camera.to_screen(overlay.centre_of(obstacle.element))
                step = size[1] + t.px(4)
                candidates = [
                    ("center", (c[0] + dx * step, c[1] + dy * step))
                    for dx, dy in ((0, 0), (0, -1), (0, 1), (-1, 0), (1, 0))
                ]
            rect = overlay.free_rect(size, candidates, taken)
            taken.append(rect)
            overlay.pill(surface, text, rect.center, WARN)
        overlay.ring(surface, viewer, LOOK, 3, 3)
        if isinstance(self.target, str):
            overlay.ring(surface, self.target, LOOK, 3, 3)
        elif self.target is not None:
            q = camera.to_screen(self.target)
            pygame.draw.circle(surface, LOOK, q, max(4, t.px(6)), max(2, t.px(2)))

    # -- in words -------------------------------------------------------------------------

    def _sight_lines(self) -> list[str]:
        """What the viewer sees of the target, in words."""
        label = self.reading.label
        viewer = self.viewer or ""
        if self.seen is None:
            return [_("{viewer} looks: point at a warrior or a spot.", viewer=label(viewer))]
        target = label(self.target) if isinstance(self.target, str) else _("that spot")
        if self.seen.too_far:
            limit = self.reading.shown.sight_limit or 0
            return [
                _("{viewer} cannot see {target}.", viewer=label(viewer), target=target),
                _("In the fog nothing farther than {cm:g} cm is seen.", cm=limit / 10),
            ]
        if not self.seen.visible:
            return [
                _("{viewer} cannot see {target}.", viewer=label(viewer), target=target),
                _("Blocked by {what}.", what=", ".join(label(b) for b in self.seen.blockers)),
            ]
        lines = [_("{viewer} sees {target}.", viewer=label(viewer), target=target)]
        if self.seen.obstacles:
            lines.append(
                _(
                    "Obstacles: {list}",
                    list=", ".join(f"{label(o.element)} −{o.penalty}" for o in self.seen.obstacles),
                )
            )
            lines.append(_("Combat talent −{penalty} for a ranged attack.", penalty=self.seen.penalty))
        else:
            lines.append(_("A clear view: no obstacles."))
        return lines

    def lines(self) -> list[str] | None:
        """The readout of the measuring tool in hand (None: the tool in hand is not one)."""
        label = self.reading.label
        tool = self.hand.tool
        if tool == "measure":
            if self.tape is None:
                return [_("Drag from one point to another. Ends on a base measure from its edge.")]
            lines = [_("{cm:.1f} cm", cm=self.tape.length / 10)]
            if self.tape.start_model or self.tape.end_model:
                lines.append(
                    _(
                        "from {start} to {end}",
                        start=label(self.tape.start_model) if self.tape.start_model else _("the point"),
                        end=label(self.tape.end_model) if self.tape.end_model else _("the point"),
                    )
                )
            return lines
        if tool == "sight":
            if self.viewer is None:
                return [_("Click the warrior who looks.")]
            return self._sight_lines() + [
                _("To pick another viewer: click {viewer} again (or right-click).", viewer=label(self.viewer))
            ]
        if tool in ("explosion", "flame"):
            if tool == "flame" and self.attacker is None:
                return [
                    _("Click the warrior who breathes fire; the flame points at the pointer. R or the wheel turns it.")
                ]
            if self.template is None:
                return [_("Move the template over the table; a click pins it.")]
            if not self.under:
                return [_("No warrior is under the template.")]
            return [_("Under the template: {list}", list=", ".join(label(m) for m in self.under))]
        return None


#: how long (s) a frame works on a reach before it is drawn (the rest in the next): with
#: the frame's own few ms within a 60th of a second, so the frames keep their rate
REACH_SHARE = 0.010


class Reach:
    """How far the selected warrior may move, as a tinted area (worked out once per
    change of the match or the warrior, a share of each frame at a time so that the
    screen never waits for it; shaded once per zoom; laid over the table by
    `TableLayers.draw`)."""

    def __init__(self, ctx: ViewContext, camera: Camera, reading: Reading, hand: Hand) -> None:
        self.ctx = ctx
        self.camera = camera
        self.reading = reading
        self.hand = hand
        #: (key, the shaded area and the hostile band, each with its top left corner on
        #: the table layer)
        self.cache: tuple[tuple, list[tuple[pygame.Surface, tuple[int, int]]]] | None = None
        #: ((the match's read, the warrior), its reach and the hostile terrain it could end
        #: in, in mm): a zoom shades them again without working them out again
        self.found: tuple[tuple[int, str], ReachArea, list[Polygon]] | None = None
        #: the reach being worked out: (the match's read, the warrior), what grows,
        #: its polygons so far and the hostile terrain it could end in
        self.growing: tuple[tuple[int, str], Growth, list[Polygon], list[Polygon]] | None = None

    def shown(self) -> tuple[tuple, list[tuple[pygame.Surface, tuple[int, int]]]] | None:
        """The reach shown now, with what it was drawn for (the match's read, the
        warrior, the zoom): the shaded area and the hostile band, each with its top
        left corner on the table layer; None when no reach shows."""
        hand, reading, camera = self.hand, self.reading, self.camera
        model_id = hand.selected
        if not (
            hand.show_reach
            and hand.tool == "select"
            and model_id
            and model_id in reading.table.models
            and reading.may_walk(model_id)
        ):
            self.growing = None
            return None
        key = (reading.revision, model_id, camera.scale)
        if self.cache is None or self.cache[0] != key:
            if (self.found is None or self.found[0] != key[:2]) and not self._grown(key[:2]):
                return None
            assert self.found is not None
            _, found, hostile = self.found
            s = camera.scale
            polys = [[(x * s, y * s) for x, y in poly] for poly in found.polygons]
            shaded = reach_shading(polys, self.ctx.colour(reading.warriors[model_id].side))
            pieces = [[(x * s, y * s) for x, y in poly] for poly in hostile]
            band = hostile_band(polys, pieces, max(6, self.ctx.theme.px(9)))
            self.cache = (key, [drawn for drawn in (shaded, band) if drawn is not None])
        return self.cache

    def _grown(self, key: tuple[int, str]) -> bool:
        """Whether the reach for `key` (the match's read, the warrior) is found, worked
        on for REACH_SHARE more: then it is `found`, else the next frame goes on."""
        if self.growing is None or self.growing[0] != key:
            table = self.reading.table
            # where a move would end in hostile terrain: allowed, but it hurts (S34)
            self.growing = (key, grow(table, key[1]), [], hostile_polygons(table, key[1]))
        _, growth, polygons, hostile = self.growing
        until = time.perf_counter() + REACH_SHARE
        for part in growth.parts:
            polygons += part
            if time.perf_counter() >= until:
                return False
        self.found = (key, ReachArea(growth.origin, growth.allowance, tuple(polygons)), hostile)
        self.growing = None
        return True

    def working(self) -> bool:
        """Whether a reach is being worked out (the frames go on till it is found)."""
        return self.growing is not None


def draw_template(
    overlay: Overlay,
    surface: pygame.Surface,
    template: measure.Template,
    colour: tuple[int, int, int],
    under: Sequence[str],
    warned: Collection[str] = (),
) -> None:
    """A template over the table, translucent, with a ring round each warrior under it
    (in the warning colour round those in `warned`)."""
    t = overlay.ctx.theme
    points = overlay.camera.screen_poly(template.polygon(64))
    overlay.poly(surface, points, (*colour, 70), (*art.shade(colour, 0.7), 230), max(2, t.px(3)))
    for model_id in under:
        overlay.ring(surface, model_id, WARN if model_id in warned else BAD, 3, 2)


def reach_shading(
    polys: list[list[tuple[float, float]]], colour: tuple[int, int, int]
) -> tuple[pygame.Surface, tuple[int, int]] | None:
    """The shading of how far a warrior of `colour` may move (polygons in px), and
    where its top left corner goes; None when there is none."""
    if not polys:
        return None
    xs = [p[0] for poly in polys for p in poly]
    ys = [p[1] for poly in polys for p in poly]
    left, top = int(min(xs)) - 3, int(min(ys)) - 3
    area = pygame.Surface((int(max(xs)) - left + 4, int(max(ys)) - top + 4), pygame.SRCALPHA)
    tint = art.shade(colour, 1.45)
    for poly in polys:
        pygame.draw.polygon(area, (*tint, 255), [(x - left, y - top) for x, y in poly])
    area.fill((255, 255, 255, 78), special_flags=pygame.BLEND_RGBA_MULT)
    rim = pygame.mask.from_surface(area, 10).outline(2)
    if len(rim) > 2:
        pygame.draw.lines(area, (*tint, 210), True, rim, 2)
    return area, (left, top)


def tape_label_places(
    a: tuple[float, float], b: tuple[float, float], gap: float
) -> list[tuple[str, tuple[float, float]]]:
    """Where the tape's label may go (screen px): above its middle first, then
    beside it on either side and along it towards either end."""
    d = max(1e-9, math.dist(a, b))
    ux, uy = (b[0] - a[0]) / d, (b[1] - a[1]) / d
    nx, ny = (uy, -ux) if uy <= 0 else (-uy, ux)  # the normal pointing up the screen first
    places = []
    for along in (0.5, 0.3, 0.7, 0.15, 0.85):
        m = (a[0] + (b[0] - a[0]) * along, a[1] + (b[1] - a[1]) * along)
        places += [("center", (m[0] + nx * gap, m[1] + ny * gap)), ("center", (m[0] - nx * gap, m[1] - ny * gap))]
    return places
