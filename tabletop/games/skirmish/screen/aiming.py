"""Throws and flames aimed on the table, as the rules allow them (DECISIONS S26): with a
throwable in hand the explosion template follows the pointer anywhere on the table
and the distance from the thrower's base edge to the point shows; with an area weapon
in hand the flame template turns round the attacker towards the pointer. Either way
the warriors under the template are marked (the attacker's own side in the warning
colour: a template hits friends too) and, when the rules refuse the attack there,
their reason shows under the pointer."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from tabletop.engine.core import Action
from tabletop.games.skirmish.play.attack import reach, weapon
from tabletop.games.skirmish.play.state import snap_angle, snap_point
from tabletop.games.skirmish.screen.camera import Camera
from tabletop.games.skirmish.screen.hand import Hand
from tabletop.games.skirmish.screen.measuring import BLAST, FIRE, draw_template
from tabletop.games.skirmish.screen.overlay import BAD, GOOD, Overlay
from tabletop.games.skirmish.screen.profile_card import card_of
from tabletop.games.skirmish.screen.reading import Reading
from tabletop.games.skirmish.table import measure
from tabletop.games.skirmish.table.planar import EPS
from tabletop.i18n import _
from tabletop.ui import theme as th
from tabletop.ui.gameview import ViewContext

#: the attacks aimed at a point or an angle rather than at a warrior
AIMED = ("throw", "flame")


@dataclass(frozen=True)
class Aim:
    """An aimed attack where the pointer puts it: the action a click makes, its
    template, the warriors under it (and those of them on the attacker's side), the
    rules' refusal ("" when allowed) and, for a throw, the distance from the
    thrower's base edge to the point and the item's reach (mm)."""

    action: Action
    template: measure.Template
    under: tuple[str, ...]
    friends: tuple[str, ...]
    refusal: str
    distance: float = 0.0
    reach: float = 0.0


class Aiming:
    """The throw or flame in hand, laid where the pointer says."""

    def __init__(self, ctx: ViewContext, camera: Camera, reading: Reading, hand: Hand, overlay: Overlay) -> None:
        self.ctx = ctx
        self.camera = camera
        self.reading = reading
        self.hand = hand
        self.overlay = overlay
        #: the aim last worked out, with what it was worked out for
        self._last: tuple[tuple[object, ...], Aim | None] | None = None

    def aim(self, kind: str, item: str, model_id: str) -> Aim | None:
        """The attack of `kind` with `item` by `model_id` aimed at the pointer; None when
        the pointer is not over the table."""
        pointer = self.hand.pointer
        key = (self.reading.revision, kind, item, model_id, pointer, self.camera.scale, self.camera.ox, self.camera.oy)
        if self._last is not None and self._last[0] == key:
            return self._last[1]
        found = self._aim(kind, item, model_id) if self.camera.on_table(pointer) else None
        self._last = (key, found)
        return found

    def _aim(self, kind: str, item: str, model_id: str) -> Aim:
        table = self.reading.table
        point = self.camera.to_table(self.hand.pointer)
        distance = limit = 0.0
        if kind == "throw":
            at = snap_point(point)
            action = Action("throw", model=model_id, item=item, at=at)
            template = measure.explosion(table, at)
            under = measure.models_under(table, template)  # the thrower too (S26)
            _item, mode = weapon(card_of(self.reading.warriors[model_id]), item, "throwable")
            distance, limit = measure.distance_to_point(table, model_id, at), reach(table, model_id, mode)
        else:
            x, y = table.models[model_id].position
            angle = snap_angle(math.degrees(math.atan2(point[1] - y, point[0] - x)))
            action = Action("flame", model=model_id, item=item, angle=angle)
            template = measure.flame(table, model_id, angle)
            under = measure.models_under(table, template, exclude=(model_id,))
        side = table.models[model_id].side
        friends = tuple(m for m in under if table.models[m].side == side)
        refusal = self.ctx.check(action) or ""
        return Aim(action, template, tuple(under), friends, refusal, distance, limit)

    def draw(self, surface: pygame.Surface, aim: Aim) -> None:
        """The template where it would lie, the warriors under it marked; for a throw
        the measure from the thrower's base edge to the point, for a flame the nearest
        enemies it must cover ringed in gold; the rules' refusal under the pointer."""
        t, overlay = self.ctx.theme, self.overlay
        action = aim.action
        colour = BLAST if action.kind == "throw" else FIRE
        draw_template(overlay, surface, aim.template, colour, aim.under, aim.friends)
        if action.kind == "flame":
            # the enemies the flame must cover part of
            for nearest in measure.nearest_enemies(self.reading.table, action["model"]):
                overlay.ring(surface, nearest, th.GOLD, 3, 7)
        x, y = self.hand.pointer
        said = pygame.Rect((0, 0), overlay.pill_size(aim.refusal))
        said.center = (x, y + t.px(28))
        said = said.clamp(self.camera.viewport)  # never cut off at the table's edge
        if action.kind == "throw":
            self._draw_measure(surface, action["model"], action["at"], aim, said if aim.refusal else None)
        if aim.refusal:
            overlay.pill(surface, aim.refusal, said.center, th.CREAM)

    def _draw_measure(
        self, surface: pygame.Surface, thrower: str, at: tuple[float, float], aim: Aim, said: pygame.Rect | None
    ) -> None:
        """A line from the thrower's base edge to the point and its length against the
        reach, placed clear of the refusal (`said`)."""
        t, camera, overlay = self.ctx.theme, self.camera, self.overlay
        model = self.reading.table.models[thrower]
        (x, y), gap = model.position, math.dist(model.position, at)
        colour = GOOD if aim.distance <= aim.reach + EPS else BAD
        point = camera.to_screen(at)
        if gap > model.radius:
            edge = (x + (at[0] - x) * model.radius / gap, y + (at[1] - y) * model.radius / gap)
            pygame.draw.line(surface, colour, camera.to_screen(edge), point, max(2, t.px(3)))
        pygame.draw.circle(surface, colour, point, max(3, t.px(5)))
        text = _("{distance:.1f} of {reach:.1f} cm", distance=aim.distance / 10, reach=aim.reach / 10)
        lift = aim.template.ra * camera.scale + t.px(6)
        places = [
            ("midbottom", (point[0], point[1] - lift)),
            ("midtop", (point[0], point[1] + lift)),
            ("midleft", (point[0] + lift, point[1])),
            ("midright", (point[0] - lift, point[1])),
        ]
        taken = overlay.token_rects() + ([said] if said is not None else [])
        rect = overlay.free_rect(overlay.pill_size(text), places, taken)
        overlay.pill(surface, text, rect.center, colour)
