"""Non-player warriors on the screen (optional rule 2; play/non_player_play.py).

Preparation step 6a: the side panel lists the non-player warriors the pool of the
player placing can buy; one picked follows the pointer as a ghost, green where it may
stand and red with the rules' reason where it may not, and the area where they may
stand is shaded on the table. A click places it.

End phase step 2: the non-player warriors still to be activated are ringed; the
player who picks clicks one; then whoever controls it (the opponent when its only
targets are the picker's own warriors) clicks its target (attack, shoot, or charge:
the path is the shortest one into contact) or, when it roams, the point it goes
towards (at most 5 cm).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable

import pygame

from tabletop.engine.core import Action
from tabletop.games.skirmish.play import non_player
from tabletop.games.skirmish.play.non_player_play import DUTY_NAMES, cards
from tabletop.games.skirmish.play.settling import settle_path
from tabletop.games.skirmish.play.state import END, INFESTATION, NON_PLAYER_SIDE, snap_point
from tabletop.games.skirmish.play.views import NonPlayerView
from tabletop.games.skirmish.screen.camera import Camera
from tabletop.games.skirmish.screen.hand import Hand
from tabletop.games.skirmish.screen.overlay import Overlay
from tabletop.games.skirmish.screen.reading import Reading
from tabletop.games.skirmish.table.movement import path_to_contact
from tabletop.games.skirmish.table.planar import Point
from tabletop.i18n import Message, _, ngettext
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.gameview import GameView

#: the shading of the area where non-player warriors may be placed
AREA = (236, 200, 90, 60)
AREA_EDGE = (200, 160, 50, 200)
#: the ring round a non-player warrior still to be activated, and round its targets
TO_ACTIVATE = (236, 200, 90)
TARGET = (214, 60, 50)
GOOD = (60, 170, 80)
BAD = (214, 60, 50)


class NonPlayers:
    """Placing and activating non-player warriors on the screen."""

    def __init__(
        self,
        view: GameView,
        camera: Camera,
        reading: Reading,
        hand: Hand,
        overlay: Overlay,
        submit: Callable[[Action], bool],
    ) -> None:
        self.view = view
        self.camera = camera
        self.reading = reading
        self.hand = hand
        self.overlay = overlay
        self.submit = submit
        #: the card picked to place (a key of warriors.yaml), None: none
        self.armed: str | None = None
        #: the seat that picked it
        self.picker: int | None = None

    # -- what the view says --------------------------------------------------------------

    def shown(self) -> NonPlayerView | None:
        return self.reading.shown.non_players

    def placing(self) -> bool:
        return self.reading.phase == INFESTATION and self.reading.seat is not None

    def activating(self) -> bool:
        shown = self.shown()
        return self.reading.phase == END and shown is not None and self.reading.shown.attack is None

    def key(self) -> tuple:
        shown = self.shown()
        return (self.armed, shown.pools if shown is not None else None)

    def whose(self, player: str) -> tuple[str, ...]:
        shown = self.shown()
        if shown is not None and shown.activated is not None:
            name = self.reading.label(shown.activated)
            return (_("{player} acts for {name}", player=player, name=name), _("{player} acts", player=player))
        return (_("{player} activates a non-player warrior", player=player), _("{player} activates", player=player))

    def prompt(self) -> str | None:
        shown = self.shown()
        if shown is None:
            return None
        if self.reading.phase == INFESTATION:
            return _("Place non-player warriors in turns: pick one, then click where it stands.")
        if not self.activating():
            return None
        if shown.activated is None:
            return _("Non-player warriors act (end phase, step 2): click one still to be activated.")
        name = self.reading.label(shown.activated)
        duty = Message(DUTY_NAMES[shown.duty or "stay"]).render()
        if shown.duty == "roam":
            return _("{name} must {duty}: click where it goes.", name=name, duty=duty)
        return _("{name} must {duty}: click its target.", name=name, duty=duty)

    # -- the side panel ----------------------------------------------------------------------

    def draw_palette(self, surface: pygame.Surface, inner: pygame.Rect, y: int) -> int:
        """The non-player warriors the pool can buy, as buttons, from `y` down."""
        view, shown, seat = self.view, self.shown(), self.reading.seat
        t = view.theme
        bold = t.font(th.SMALL, bold=True)
        art.text(surface, _("Non-player warriors"), bold, th.INK, (inner.x, y))
        y += bold.get_linesize() + t.px(4)
        pool = shown.pools[seat] if shown is not None and seat is not None else 0
        row_h = max(t.px(44), t.fs(th.SMALL) + t.px(20))
        for card in cards():
            value = card.contamination or 0
            view.button(
                surface,
                f"nsk-{card.key}",
                pygame.Rect(inner.x, y, inner.w, row_h),
                _("{name}: value {value}, {base} mm", name=Message(card.name).render(), value=value, base=card.base),
                functools.partial(self.arm, card.key),
                enabled=seat is not None and value <= pool,
                selected=self.armed == card.key,
                tip=_("Pick it, then click on the table where it stands"),
                reason=ngettext("Your pool has {count} point left.", "Your pool has {count} points left.", pool),
            )
            y += row_h + t.px(6)
        return y

    def arm(self, key: str) -> None:
        self.armed = None if self.armed == key else key
        self.picker = self.reading.seat

    def forget_stale(self) -> None:
        """Put the pick down once the step is over or the turn passed to the other
        player, who picks for himself (as Placing.forget_stale does for terrain)."""
        if self.armed is not None and (not self.placing() or self.reading.seat != self.picker):
            self.armed = None

    # -- the table ----------------------------------------------------------------------------

    def _radius(self) -> float | None:
        found = {card.key: card for card in cards()}.get(self.armed or "")
        return found.base / 2 if found is not None else None

    def refusal(self, at: Point) -> str | None:
        """Why the picked non-player warrior may not stand at `at`, in words, or None."""
        radius, shown = self._radius(), self.shown()
        if radius is None or shown is None:
            return None
        table = self.reading.table
        others = [m.id for m in table.models.values() if m.side == NON_PLAYER_SIDE]
        refused = non_player.placement_refusal(table, at, radius, others, shown.ambush)
        return refused.render() if refused is not None else None

    def draw(self, surface: pygame.Surface) -> None:
        shown = self.shown()
        if shown is None:
            return
        if self.reading.phase == INFESTATION:
            self._draw_area(surface, shown)
            if self.placing() and self.armed is not None and self.camera.on_table(self.hand.pointer):
                self._draw_ghost(surface)
        elif self.activating():
            if shown.activated is None:
                for model_id in shown.to_activate:
                    self.overlay.ring(surface, model_id, TO_ACTIVATE, 3, 4)
            else:
                self.overlay.ring(surface, shown.activated, TO_ACTIVATE, 4, 4)
                for model_id in shown.targets:
                    self.overlay.ring(surface, model_id, TARGET, 3, 4)

    def _draw_area(self, surface: pygame.Surface, shown: NonPlayerView) -> None:
        """Within 20 cm of both centre lines, and of the centre when a mission may be an ambush (S36)."""
        table = self.reading.table
        spec = table.spec.deployment
        cx, cy = table.width / 2, table.height / 2
        if shown.ambush:
            reach = min(spec.ambush, spec.open_battle)
            turns = [math.radians(a) for a in range(0, 360, 6)]
            corners = [(cx + reach * math.cos(a), cy + reach * math.sin(a)) for a in turns]
        else:
            d = spec.open_battle
            corners = [(cx - d, cy - d), (cx + d, cy - d), (cx + d, cy + d), (cx - d, cy + d)]
        self.overlay.poly(surface, self.camera.screen_poly(corners), AREA, AREA_EDGE, self.view.theme.px(2))

    def _draw_ghost(self, surface: pygame.Surface) -> None:
        radius = self._radius()
        assert radius is not None
        at = snap_point(self.camera.to_table(self.hand.pointer))
        refused = self.refusal(at)
        centre = self.camera.to_screen(at)
        colour = GOOD if refused is None else BAD
        pygame.draw.circle(surface, colour, centre, radius * self.camera.scale, max(2, self.view.theme.px(3)))
        if refused is not None:
            self.overlay.pill(surface, refused, (centre[0], centre[1] - radius * self.camera.scale - 14), BAD)

    # -- clicks ---------------------------------------------------------------------------------

    def press(self, element: str | None, point: Point) -> bool:
        """A click on the table while non-player warriors are placed or activated."""
        shown = self.shown()
        if shown is None or self.reading.seat is None:
            return False
        if self.reading.phase == INFESTATION:
            if self.armed is not None:
                self.submit(Action("place_nsk", warrior=self.armed, at=snap_point(point)))
            return True
        if not self.activating():
            return False
        if shown.activated is None:
            if element in shown.to_activate:
                self.submit(Action("activate_nsk", model=element))
            return True
        return self._order(shown, shown.activated, element, point)

    def _order(self, shown: NonPlayerView, model: str, element: str | None, point: Point) -> bool:
        table = self.reading.table
        if shown.duty == "roam":
            start = table.models[model].position
            gap = math.dist(start, point)
            reach = min(1.0, (non_player.ROAM - 0.1) / gap) if gap else 0.0
            end = snap_point((start[0] + (point[0] - start[0]) * reach, start[1] + (point[1] - start[1]) * reach))
            self.submit(Action("nsk_order", duty="roam", target=None, path=(start, end)))
            return True
        if element not in shown.targets:
            return True
        if shown.duty == "charge":
            path = path_to_contact(table, model, element)
            points = settle_path(table, model, path.points) if path is not None else None
            if points is not None:
                self.submit(Action("nsk_order", duty="charge", target=element, path=points))
            return True
        self.submit(Action("nsk_order", duty=shown.duty, target=element, path=()))
        return True
