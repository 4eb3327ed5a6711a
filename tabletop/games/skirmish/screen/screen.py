"""The skirmish table on the screen: a gaming mat with a centimetre grid, terrain
drawn by code, warriors as tokens of their true base size, and the tools players
use on a real table: a tape measure, a line-of-sight check, the reach of a
warrior, its path while it is dragged, and the explosion and flame templates.

Left: the tool bar. Middle: the table, zoomed with the wheel and panned with the
right or middle button (or the arrow keys). Right: the terrain and warriors to
place while the table is laid out, what the current tool found, and the buttons
that pass the turn.

`SkirmishView` puts the parts together and turns the players' input into their
work: the camera (zoom and pan), what the screen reads of the match, the hand
(tool, selection, what is dragged), the table's cached layers, the measuring
tools, placing, moving, the marks and the panels. Everything the view knows of
the match comes from `ctx.view()`; moves are submitted as actions and the rules
check them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from tabletop.engine.core import Action, Event
from tabletop.games.skirmish.play.state import (
    ACTIVATION,
    DEPLOYING,
    LAYOUT,
    NAMING,
    TACTICS,
    snap_angle,
)
from tabletop.games.skirmish.screen import legend, summaries
from tabletop.games.skirmish.screen.camera import ZOOM_STEP, Camera
from tabletop.games.skirmish.screen.deployment import Placing
from tabletop.games.skirmish.screen.fight import Fight
from tabletop.games.skirmish.screen.hand import TOOLS, Drag, Hand
from tabletop.games.skirmish.screen.marks import Marks
from tabletop.games.skirmish.screen.measuring import Measuring, Reach
from tabletop.games.skirmish.screen.moving import Moving
from tabletop.games.skirmish.screen.non_players import NonPlayers
from tabletop.games.skirmish.screen.overlay import Label, Overlay
from tabletop.games.skirmish.screen.panel import SidePanel, Toolbar
from tabletop.games.skirmish.screen.panel_cache import PanelCache
from tabletop.games.skirmish.screen.reading import Reading
from tabletop.games.skirmish.screen.readout import InfoBox, Readout
from tabletop.games.skirmish.screen.table import TableLayers
from tabletop.games.skirmish.screen.terrain_reach import TerrainReach
from tabletop.games.skirmish.screen.walking import Walks
from tabletop.games.skirmish.table.planar import Point
from tabletop.ui import theme as th
from tabletop.ui.gameview import GameView, PlayerSummary, ViewContext, hit_at

#: a click that moves less than this (px) is no drag
DRAG_SLOP = 5
#: one notch of the wheel or one press of R turns by this (degrees)
TURN_STEP = 15

#: the screen's keys besides the tools' letters (`shortcuts` names each)
FIT_KEYS = (pygame.K_0, pygame.K_HOME, pygame.K_KP0)
ZOOM_IN_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
ZOOM_OUT_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS)
PAN_KEYS = {pygame.K_LEFT: (1, 0), pygame.K_RIGHT: (-1, 0), pygame.K_UP: (0, 1), pygame.K_DOWN: (0, -1)}
REMOVE_KEYS = (pygame.K_DELETE, pygame.K_BACKSPACE)
END_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)


def _part(part: str, name: str) -> Any:
    """An attribute of one of the screen's parts, read through the screen (tests and
    the bench read the screen's state there)."""
    return property(lambda self: getattr(getattr(self, part), name))


class SkirmishView(GameView):
    """The skirmish table and its tools."""

    #: an attack's rolls side by side: a comparison or dodge, the KAT roll, the hit roll
    dice_rows = 3

    table = _part("reading", "table")
    phase = _part("reading", "phase")
    seat = _part("reading", "seat")
    viewport = _part("camera", "viewport")
    scale = _part("camera", "scale")
    fit_scale = _part("camera", "fit_scale")
    ox = _part("camera", "ox")
    oy = _part("camera", "oy")
    to_screen = _part("camera", "to_screen")
    to_table = _part("camera", "to_table")
    zoom = _part("camera", "zoom")
    tool = _part("hand", "tool")
    selected = _part("hand", "selected")
    drag = _part("hand", "drag")
    show_grid = _part("hand", "show_grid")
    show_reach = _part("hand", "show_reach")
    placing_kind = _part("placing", "kind")
    tape = _part("measuring", "tape")
    viewer = _part("measuring", "viewer")
    target = _part("measuring", "target")
    target_fixed = _part("measuring", "target_fixed")
    seen = _part("measuring", "seen")
    blast = _part("measuring", "blast")
    blast_pinned = _part("measuring", "blast_pinned")
    attacker = _part("measuring", "attacker")
    flame_angle = _part("measuring", "flame_angle")
    under = _part("measuring", "under")
    _reach = _part("reach", "cache")
    info_lines = _part("readout", "lines")
    contact_links = _part("marks", "contact_links")

    def __init__(self, ctx: ViewContext) -> None:
        self.hand = Hand()  # first: it keeps the pointer GameView sets
        super().__init__(ctx)
        self.camera = Camera()
        self.reading = Reading(ctx)
        self.walks = Walks()
        hand, camera, reading = self.hand, self.camera, self.reading
        self.overlay = Overlay(ctx, camera, reading, hand, self.walks)
        self.layers = TableLayers(ctx, camera, reading, hand, self.walks, self.overlay)
        self.measuring = Measuring(ctx, camera, reading, hand, self.overlay)
        self.reach = Reach(ctx, camera, reading, hand)
        self.terrain_reach = TerrainReach(ctx, camera, reading, hand, self.overlay)
        self.placing = Placing(ctx, camera, reading, hand, self.overlay, self.submit)
        self.moving = Moving(ctx, camera, reading, hand, self.overlay, self.placing, self.submit)
        self.marks = Marks(ctx, camera, reading, hand, self.walks, self.overlay, self.placing)
        self.fight = Fight(ctx, camera, reading, hand, self.overlay)
        self.non_players = NonPlayers(self, camera, reading, hand, self.overlay, self.submit)
        self.readout = Readout(reading, hand, self.placing, self.measuring, self.moving, self.fight, self.prompt)
        self.info = InfoBox(ctx, reading, self.readout)
        self.panels = PanelCache(self)
        self.toolbar = Toolbar(self, hand, self.panels, self.set_tool, self.fit)
        self.side = SidePanel(
            self, reading, hand, self.placing, self.info, self.panels, self.choose, self.fight, self.non_players
        )
        self.refresh()

    @property
    def pointer(self) -> tuple[int, int]:
        return self.hand.pointer

    @pointer.setter
    def pointer(self, pos: tuple[int, int]) -> None:
        self.hand.pointer = pos

    def refresh(self) -> None:
        """Read the match again and rebuild the geometry."""
        reading, hand = self.reading, self.hand
        reading.read()
        self.placing.forget_stale()
        self.non_players.forget_stale()
        self.camera.width, self.camera.height = reading.shown.width, reading.shown.height
        table = reading.table
        if hand.selected and hand.selected not in table.models and hand.selected not in table.pieces:
            hand.selected = None
        self.measuring.forget_missing()
        hand.drag = hand.refused = None
        self.measuring.update()

    def submit(self, action: Action) -> bool:
        return self.ctx.submit(action)

    # -- the screen's parts -----------------------------------------------------------------

    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)
        t = self.theme
        pad = t.px(12)
        bar_w = t.px(76)
        panel_w = max(t.px(360), t.fs(th.SMALL) * 15)
        bar = pygame.Rect(rect.x + pad, rect.y + pad, bar_w, rect.h - 2 * pad)
        panel = pygame.Rect(rect.right - pad - panel_w, rect.y + pad, panel_w, rect.h - 2 * pad)
        self.toolbar.rect, self.side.rect = bar, panel
        self.camera.viewport = pygame.Rect(
            bar.right + pad, rect.y + pad, panel.x - bar.right - 2 * pad, rect.h - 2 * pad
        )
        self.private_area = None
        self.fit()

    def fit(self) -> None:
        """Zoom and pan so the whole table shows."""
        self.camera.fit(self.theme.px(16))

    def draw(self, surface: pygame.Surface) -> None:
        clip = surface.get_clip()
        view = self.camera.viewport
        surface.set_clip(view.clip(clip) if clip else view)
        self.layers.draw(surface, self.reach.shown())
        self.terrain_reach.draw(surface)
        self.marks.draw_selection(surface)
        self.marks.draw_ap(surface)
        self.measuring.draw(surface)
        if not self.moving.draw_held(surface):
            self.placing.draw(surface)
        for model_id in self.walks:
            if model_id in self.reading.warriors:
                self.overlay.warrior(surface, model_id, self.camera.to_screen(self.walks.point(model_id)))
        self.marks.draw_contacts(surface)
        self.non_players.draw(surface)
        self.fight.draw(surface)
        self.side.tactics.draw_laying(surface, self.overlay, self.camera, self.hand.pointer)
        held = self._held_label()
        rect = self.overlay.label_rect(held)
        if held is not None and rect is not None:
            self.overlay.pill(surface, held[0], rect.center, held[1])
        surface.set_clip(clip)
        self.hits = []
        toolbar, side, info = self.toolbar, self.side, self.info
        self.panels.draw(surface, "toolbar", toolbar.rect, toolbar.key(), toolbar.draw)
        self.panels.draw(surface, "side", side.rect, side.key(), side.draw)
        self.panels.draw(surface, "info", info.rect, info.key(), info.draw, margin=0)

    def _held_label(self) -> Label | None:
        return self.moving.label() or self.placing.label()

    def path_label_rect(self) -> pygame.Rect | None:
        """Where the label of what is held goes (see `Overlay.label_rect`)."""
        return self.overlay.label_rect(self._held_label())

    # -- what the player does ---------------------------------------------------------------

    def set_tool(self, tool: str) -> None:
        self.hand.tool = tool
        self.placing.stop()
        self.hand.drag = self.hand.refused = None
        self.measuring.took(tool)
        self.measuring.update()

    def choose(self, model_id: str) -> None:
        """Select a warrior from the roster (its reach shows)."""
        self.hand.selected = model_id
        self.set_tool("select")

    def cancel(self) -> None:
        """A right click: put back what is in hand, forget what the tool found."""
        if self.fight.put_down():
            pass
        elif self.placing.active:
            self.placing.stop()
        elif not self.measuring.cancel():
            self.hand.selected = None
        self.measuring.update()

    def put_down(self) -> bool:
        """Esc: let go of what is dragged, else put down the attack or the tool in
        hand and what it found (back to select and move); False with nothing in hand."""
        hand = self.hand
        if hand.drag is not None or hand.refused is not None:
            hand.drag = hand.refused = None
        elif self.fight.put_down():
            pass
        elif self.placing.active:
            self.placing.stop()
        elif hand.tool != "select":
            self.measuring.cancel()
            self.set_tool("select")
        else:
            return False
        self.measuring.update()
        return True

    def turning(self) -> bool:
        """True when the wheel and R turn something rather than zoom."""
        drag = self.hand.drag
        return (
            (drag is not None and drag.kind == "piece")
            or self.placing.kind is not None
            or (self.hand.tool == "flame" and self.measuring.attacker is not None)
        )

    def turn(self, degrees: float) -> None:
        hand, reading = self.hand, self.reading
        if hand.drag is not None and hand.drag.kind == "piece":
            hand.drag.rotation = snap_angle(hand.drag.rotation + degrees)
            self._drag_piece(hand.drag, hand.pointer)
        elif self.placing.kind is not None:
            self.placing.turn(degrees)
        elif hand.tool == "flame" and self.measuring.attacker is not None:
            self.measuring.turn_flame(degrees)
        elif hand.selected in reading.pieces and reading.phase == LAYOUT and reading.seat is not None:
            piece = reading.table.pieces[hand.selected]
            self.placing.place_piece(piece, piece.rotation + degrees)

    def remove_selected(self) -> bool:
        reading, selected = self.reading, self.hand.selected
        if reading.seat is None or selected is None:
            return False
        if selected in reading.pieces and reading.phase == LAYOUT:
            return self.submit(Action("remove_piece", piece=selected))
        if selected in reading.warriors and reading.places_warriors:
            return self.submit(Action("remove_model", model=selected))
        return False

    # -- input ------------------------------------------------------------------------------

    def element_at(self, pos: tuple[int, int]) -> str | None:
        """The warrior (else terrain piece) under a screen point."""
        if not self.camera.on_table(pos):
            return None
        return self.reading.table.element_at(self.camera.to_table(pos))

    def handle_event(self, event: pygame.event.Event) -> bool:
        kind = event.type
        hand, camera = self.hand, self.camera
        if kind == pygame.MOUSEMOTION:
            return self._motion(event.pos)
        if kind == pygame.MOUSEBUTTONDOWN:
            hand.pointer = event.pos
            hand.refused = None
            if event.button in (2, 3):
                if camera.viewport.collidepoint(event.pos):
                    hand.drag = Drag("pan", event.pos)
                    return True
                return False
            if event.button == 1:
                return self._press(event.pos)
            return False
        if kind == pygame.MOUSEBUTTONUP:
            hand.pointer = event.pos
            if event.button in (2, 3) and hand.drag is not None and hand.drag.kind == "pan":
                drag, hand.drag = hand.drag, None
                if not drag.moved:
                    self.cancel()
                return True
            if event.button == 1 and hand.drag is not None and hand.drag.kind != "pan":
                drag, hand.drag = hand.drag, None
                return self._release(drag, event.pos)
            return False
        if kind == pygame.MOUSEWHEEL:
            if not camera.viewport.collidepoint(hand.pointer):
                return self.side.roster.scroll(event.y)
            if self.turning():
                self.turn(event.y * TURN_STEP)
            else:
                camera.zoom(ZOOM_STEP**event.y, hand.pointer)
                self.measuring.update()
                self.placing.update()
            return True
        if kind == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        key, camera = event.key, self.camera
        if self.side.round_start.press(key):
            return True
        for name, _label, code in TOOLS:
            if key == code:
                self.set_tool(name)
                return True
        if key == pygame.K_g:
            self.toolbar.toggle_grid()
        elif key == pygame.K_a:
            self.toolbar.toggle_reach()
        elif key == pygame.K_r:
            self.turn(-TURN_STEP if event.mod & pygame.KMOD_SHIFT else TURN_STEP)
        elif key in FIT_KEYS:
            self.fit()
        elif key in ZOOM_IN_KEYS:
            camera.zoom(ZOOM_STEP, camera.viewport.center)
        elif key in ZOOM_OUT_KEYS:
            camera.zoom(1 / ZOOM_STEP, camera.viewport.center)
        elif key in PAN_KEYS:
            step = self.theme.px(60)
            camera.pan(PAN_KEYS[key][0] * step, PAN_KEYS[key][1] * step)
        elif key in REMOVE_KEYS:
            return self.remove_selected()
        elif key in END_KEYS:
            kind = self.end_kind()
            return kind is not None and self.reading.seat is not None and self.submit(Action(kind))
        else:
            return False
        self.measuring.update()
        return True

    def _motion(self, pos: tuple[int, int]) -> bool:
        hand = self.hand
        previous = hand.pointer
        hand.pointer = pos
        drag = hand.drag
        if drag is not None and drag.kind == "pan":
            if abs(pos[0] - drag.start[0]) + abs(pos[1] - drag.start[1]) > DRAG_SLOP:
                drag.moved = True
            self.camera.pan(pos[0] - previous[0], pos[1] - previous[1])
            return True
        if drag is not None:
            if not drag.moved and abs(pos[0] - drag.start[0]) + abs(pos[1] - drag.start[1]) > DRAG_SLOP:
                drag.moved = True
            if drag.moved:
                self._drag_to(drag, pos)
                if hand.tool == "sight":
                    self.measuring.update_sight()
            return True
        # a warrior's small card in the roster lights its token as the token itself does
        hand.hovered = (
            self.element_at(pos) if self.camera.viewport.collidepoint(pos) else self.side.roster.warrior_at(pos)
        )
        # a terrain kind of the palette under the pointer: the readout tells what it is
        hit = hit_at(self.hits, pos) if self.reading.phase == LAYOUT else None
        self.placing.pointed = hit.name.removeprefix("terrain-") if hit and hit.name.startswith("terrain-") else None
        self.measuring.update()
        if self.placing.active:
            self.placing.update()
        return True

    def _press(self, pos: tuple[int, int]) -> bool:
        hit = hit_at(self.hits, pos)
        if hit is not None:
            if hit.enabled:
                hit.on_click()
            return True
        if not self.camera.viewport.collidepoint(pos):
            return False
        hand, reading, measuring = self.hand, self.reading, self.measuring
        table = reading.table
        point = self.camera.to_table(pos)
        element = self.element_at(pos)
        live = reading.seat is not None
        if self.placing.active:
            self.placing.press()
            return True
        if self.side.tactics.laying() is not None and self.camera.on_table(pos):
            self.side.tactics.lay(point)
            return True
        if self.fight.pending():
            return True  # an attack waits for its rolls and choices: nothing else is done
        if self.non_players.press(element, point):
            return True
        if self.fight.press(element):
            return True
        if hand.tool == "measure":
            hand.drag = Drag("tape", pos, moved=True)
            measuring.start_tape(point)
            return True
        if hand.tool == "sight":
            if (
                element in table.models
                and measuring.viewer is not None
                and measuring.target is not None
                and measuring.target_fixed
            ):
                # with the sight shown, a warrior one may move can be dragged and the
                # sight follows it; a click without dragging still picks
                if reading.places_warriors and live and reading.own(element):
                    grab = _grab(point, table.models[element].position)
                    hand.drag = Drag("model", pos, element, grab, sight_click=True)
                    return True
                if reading.may_walk(element):
                    hand.drag = Drag("path", pos, element, sight_click=True)
                    return True
            measuring.sight_click(element, pos)
            return True
        if hand.tool == "explosion":
            measuring.pin_blast(point)
            return True
        if hand.tool == "flame":
            measuring.flame_click(element)
            return True
        # select and move
        if element in table.models:
            hand.selected = element
            if reading.places_warriors and reading.own(element):
                hand.drag = Drag("model", pos, element, _grab(point, table.models[element].position))
            elif reading.may_walk(element):
                hand.drag = Drag("path", pos, element)
            return True
        if element in table.pieces and reading.phase == LAYOUT and live:
            piece = table.pieces[element]
            hand.selected = element
            hand.drag = Drag("piece", pos, element, _grab(point, piece.position), rotation=piece.rotation)
            return True
        if hand.selected in reading.warriors and reading.may_walk(hand.selected) and self.camera.on_table(pos):
            # a click on the table: the selected warrior walks there by the shortest way
            self.moving.walk(self.moving.plan(hand.selected, point))
            return True
        hand.selected = element
        return True

    def _drag_to(self, drag: Drag, pos: tuple[int, int]) -> None:
        point = self.camera.to_table(pos)
        if drag.kind == "tape":
            self.measuring.stretch_tape(point)
        elif drag.kind == "model":
            model = self.reading.table.models[drag.item]
            wanted = (point[0] - drag.grab[0], point[1] - drag.grab[1])
            drag.ghost, drag.valid, drag.note = self.placing.model_spot(model.radius, wanted, drag.item)
        elif drag.kind == "path":
            self.moving.follow(drag, point, bool(pygame.key.get_mods() & pygame.KMOD_SHIFT))
        elif drag.kind == "piece":
            self._drag_piece(drag, pos)

    def _drag_piece(self, drag: Drag, pos: tuple[int, int]) -> None:
        piece = self.reading.table.pieces[drag.item]
        point = self.camera.to_table(pos)
        wanted = (point[0] - drag.grab[0], point[1] - drag.grab[1])
        drag.ghost, drag.valid, drag.note = self.placing.piece_spot(piece, wanted, drag.rotation)

    def _release(self, drag: Drag, pos: tuple[int, int]) -> bool:
        """The left button let go of what `drag` held (no longer held)."""
        if drag.kind == "tape":
            return True
        if not drag.moved:
            if drag.sight_click:
                self.measuring.sight_click(drag.item, pos)
            return True
        table = self.reading.table
        if drag.kind == "model":
            # the ghost is where it lands (or, refused, why not)
            if drag.ghost is not None and drag.ghost != table.models[drag.item].position:
                self.submit(Action("place_model", model=drag.item, at=drag.ghost))
        elif drag.kind == "path":
            self.moving.walk(drag)
        elif drag.kind == "piece":
            if drag.ghost is not None:
                self.submit(Action("place_piece", piece=drag.item, at=drag.ghost, rotation=snap_angle(drag.rotation)))
        self.measuring.update()
        return True

    # -- what happened ----------------------------------------------------------------------

    def on_events(self, events: Sequence[Event]) -> None:
        self.refresh()
        self.reach.cache = None
        self.animations.extend(self.walks.start(events, self.reading.warriors))

    def update(self, dt: float) -> None:
        super().update(dt)
        self.walks.prune()
        if self.moving.rest() and self.hand.tool == "sight":
            self.measuring.update_sight()  # the ghost planned exactly may stand elsewhere

    def is_animating(self) -> bool:
        return bool(self.walks) or self.moving.waiting() or self.reach.working() or super().is_animating()

    # -- the frame's questions --------------------------------------------------------------

    def players_summary(self) -> list[PlayerSummary]:
        return summaries.players_summary(self.ctx, self.reading)

    def shortcuts(self) -> list[tuple[str, str]]:
        return summaries.shortcuts()

    def legend(self) -> list[tuple[pygame.Surface, str]]:
        return legend.entries(self.theme, self.ctx.colour(0), self.ctx.colour(1))

    def prompt(self) -> str | None:
        return summaries.prompt(self.reading, self.side, self.fight, self.non_players)

    def end_kind(self) -> str | None:
        """The move Enter makes: pass the table on, pass the naming, end the
        activation, play no card, say the warriors are deployed (None: Enter does
        nothing now)."""
        if self.side.tactics.offered():
            return "no_card"
        if self.reading.phase == DEPLOYING:
            return "deployed" if self.reading.places_warriors else None
        return {LAYOUT: "end_turn", NAMING: "pass", ACTIVATION: "done", TACTICS: "no_card"}.get(self.reading.phase)


def _grab(point: Point, position: Point) -> Point:
    """Where a held thing was taken, from its reference point (table mm)."""
    return (point[0] - position[0], point[1] - position[1])
