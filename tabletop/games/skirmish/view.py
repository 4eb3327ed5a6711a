"""The skirmish table on the screen: a gaming mat with a centimetre grid, terrain
drawn by code, warriors as tokens of their true base size, and the tools players
use on a real table: a tape measure, a line-of-sight check, the reach of a
warrior, its path while it is dragged, and the explosion and flame templates.

Left: the tool bar. Middle: the table, zoomed with the wheel and panned with the
right or middle button (or the arrow keys). Right: the terrain and warriors to
place while the table is laid out, what the current tool found, and the buttons
that pass the turn.

Drawing: the mat, the grid and the terrain are drawn once per zoom into one
surface, the warriors that stand still over it into a second one; per frame only
the table is blitted and what the tools show is drawn over it. Everything the
view knows of the match comes from `ctx.view()` (a `SkirmishPlayerView`); the
geometry (`Table`) is built from it after every change. Moves are submitted as actions; the rules check them.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from tabletop.engine.core import Action, Event
from tabletop.games.skirmish import art as sart
from tabletop.games.skirmish.play import deployment
from tabletop.games.skirmish.play.rules import settle_path, settle_point
from tabletop.games.skirmish.play.state import LAYOUT, PLAY, kinds, snap_angle, snap_point
from tabletop.games.skirmish.play.views import PieceView, SkirmishPlayerView, WarriorView, view_table
from tabletop.games.skirmish.table import measure, movement, planar
from tabletop.games.skirmish.table.planar import Point
from tabletop.games.skirmish.table.sight import Sight, sight
from tabletop.games.skirmish.table.table import Table
from tabletop.games.skirmish.table.terrain import TerrainPiece
from tabletop.i18n import _, ngettext, pgettext
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.gameview import GameView, Hit, PlayerSummary, Tween, ViewContext, hit_at, marked, with_key

#: the table may be zoomed until its larger side is this many pixels
MAX_LAYER = 2600
#: a click that moves less than this (px) is no drag
DRAG_SLOP = 5
#: a path drawn by hand keeps at most this many corners
MAX_DRAWN = 48
#: one notch of the wheel or one press of R turns by this (degrees)
TURN_STEP = 15
ZOOM_STEP = 1.15

GOOD = (92, 196, 110)
WARN = (236, 176, 60)
BAD = (222, 64, 52)
PATH = (250, 224, 120)
TAPE = (244, 206, 70)
#: the mark between two bases in contact: enemies, and warriors of one side
CONTACT_ENEMY = (222, 64, 52)
CONTACT_FRIEND = (64, 196, 214)
SIGHT_FILL = (255, 250, 220)
FELT_TEXT = (232, 240, 226)

TOOLS = (
    ("select", "V", pygame.K_v),
    ("measure", "M", pygame.K_m),
    ("sight", "L", pygame.K_l),
    ("explosion", "E", pygame.K_e),
    ("flame", "F", pygame.K_f),
)


def tool_label(tool: str) -> str:
    return {
        "select": _("Select and move"),
        "measure": _("Tape measure"),
        "sight": _("Line of sight"),
        "explosion": _("Explosion template"),
        "flame": _("Flame template"),
        "reach": _("Show how far a warrior can move"),
        "grid": _("Centimetre grid"),
        "fit": _("Show the whole table"),
    }[tool]


@dataclass
class Drag:
    """Something held with the left (or, for panning, another) button.

    kind: "pan", "tape", "model" (placed freely in the layout), "path" (a move in
    play), "piece" (a terrain piece in the layout)."""

    kind: str
    start: tuple[int, int]
    item: str = ""
    grab: Point = (0.0, 0.0)
    moved: bool = False
    rotation: float = 0.0
    #: where the thing would go now (table mm), and whether it may
    ghost: Point | None = None
    valid: bool = False
    note: str = ""
    #: the path of a move: points, length, cost; freehand points with Shift
    path: tuple[Point, ...] = ()
    length: float = 0.0
    cost: float = 0.0
    freehand: list[Point] = field(default_factory=list)
    #: pressed with the sight tool: a click (no drag) picks the viewer or target
    sight_click: bool = False


class SkirmishView(GameView):
    """The skirmish table and its tools."""

    def __init__(self, ctx: ViewContext) -> None:
        super().__init__(ctx)
        #: the match as the players see it, its warriors and terrain pieces by id, and
        #: the geometry built from it (all set by `refresh`)
        self.shown: SkirmishPlayerView
        self.warriors: dict[str, WarriorView]
        self.pieces: dict[str, PieceView]
        self.table: Table
        self.revision = 0
        self.toolbar = pygame.Rect(0, 0, 0, 0)
        self.viewport = pygame.Rect(0, 0, 0, 0)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0
        self.fit_scale = 1.0
        self.ox = 0
        self.oy = 0
        self.tool = "select"
        self.show_grid = True
        self.show_reach = True
        self.selected: str | None = None
        self.hovered: str | None = None
        self.drag: Drag | None = None
        #: placing from the palette: a terrain kind or a base size
        self.placing_kind: str | None = None
        self.placing_base: float | None = None
        self.placing_rotation = 0.0
        self.placing_ghost: Point | None = None
        self.placing_valid = False
        self.placing_note = ""
        # the tools' results
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
        self.spacing: list[deployment.SpacingProblem] = []
        self.engaged: set[str] = set()
        #: warriors walking along their path: id -> (points, tween)
        self.walking: dict[str, tuple[tuple[Point, ...], Tween]] = {}
        #: the ground with every piece (False) and without the pieces held (True)
        self._grounds: dict[bool, tuple[tuple, pygame.Surface]] = {}
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple | None = None
        self._reach: tuple[tuple, pygame.Surface | None, tuple[int, int]] | None = None
        #: the tool bar and the side panel as last drawn, with their controls
        self._panels: dict[str, tuple[tuple, pygame.Surface, list[Hit]]] = {}
        self._canvas: pygame.Surface | None = None
        self._backdrop: tuple[tuple, pygame.Surface] | None = None
        self.info_rect = pygame.Rect(0, 0, 0, 0)
        self.refresh()

    # -- reading the match --------------------------------------------------------------

    def refresh(self) -> None:
        """Read the match again and rebuild the geometry."""
        shown: object = self.ctx.view()  # (the engine annotates views as dicts)
        assert isinstance(shown, SkirmishPlayerView)
        self.shown = shown
        self.warriors = {warrior.id: warrior for warrior in shown.warriors}
        self.pieces = {piece.id: piece for piece in shown.pieces}
        self.table = view_table(shown)
        self.revision += 1
        table = self.table
        if self.selected and self.selected not in table.models and self.selected not in table.pieces:
            self.selected = None
        if self.viewer and self.viewer not in table.models:
            self.viewer = self.target = None
        if isinstance(self.target, str) and self.target not in table.models:
            self.target = None
            self.target_fixed = False
        if self.attacker and self.attacker not in table.models:
            self.attacker = None
        self.spacing = deployment.spacing_problems(table) if shown.options.spacing == "warn" else []
        #: warriors in contact with an enemy
        self.engaged = {m for m in table.models if table.engaged(m)}
        self.drag = None
        self._update_tools()

    @property
    def phase(self) -> str:
        return self.shown.phase

    @property
    def seat(self) -> int | None:
        """The seat acting now (the laptop is shared: whoever sits at it acts for it)."""
        actor = self.ctx.actor
        return actor if actor is not None and actor >= 0 else None

    def own(self, model_id: str) -> bool:
        return self.seat is not None and self.warriors[model_id].side == self.seat

    def may_walk(self, model_id: str) -> bool:
        """True when the warrior may make its move now."""
        return (
            self.phase == PLAY
            and self.own(model_id)
            and not self.warriors[model_id].moved
            and model_id not in self.engaged
        )

    def zone(self) -> tuple[deployment.Edge, deployment.Deployment] | None:
        """The edge and kind of the deployment zone of the seat acting (None: its
        warriors are placed freely)."""
        edge = self.shown.seats[self.seat].edge if self.seat is not None else None
        kind = self.shown.options.deployment
        return (edge, kind) if edge and kind != "free" else None

    def label(self, element: str) -> str:
        """What the players call a warrior or a terrain piece."""
        model = self.warriors.get(element)
        if model is not None:
            if model.name:
                return model.name
            return _("{player}'s warrior {number}", player=self.ctx.names[model.side], number=model.number)
        piece = self.pieces.get(element)
        if piece is not None:
            return marked(kinds()[piece.kind].name)
        if element == "edge":
            return _("the table edge")
        return _("a mission objective")

    def token_label(self, model: WarriorView) -> str:
        return sart.initials(model.name) if model.name else str(model.number)

    # -- geometry of the screen ----------------------------------------------------------

    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)
        t = self.theme
        pad = t.px(12)
        bar_w = t.px(76)
        panel_w = max(t.px(360), t.fs(th.SMALL) * 15)
        self.toolbar = pygame.Rect(rect.x + pad, rect.y + pad, bar_w, rect.h - 2 * pad)
        self.panel = pygame.Rect(rect.right - pad - panel_w, rect.y + pad, panel_w, rect.h - 2 * pad)
        self.viewport = pygame.Rect(
            self.toolbar.right + pad, rect.y + pad, self.panel.x - self.toolbar.right - 2 * pad, rect.h - 2 * pad
        )
        self.private_area = None
        self.fit()

    def fit(self) -> None:
        """Zoom and pan so the whole table shows."""
        if not self.viewport.w:
            return
        margin = self.theme.px(16)
        w, h = self.shown.width, self.shown.height
        self.fit_scale = max(0.05, min((self.viewport.w - 2 * margin) / w, (self.viewport.h - 2 * margin) / h))
        self.scale = self.fit_scale
        self.ox = round(self.viewport.centerx - w * self.scale / 2)
        self.oy = round(self.viewport.centery - h * self.scale / 2)

    def max_scale(self) -> float:
        return max(self.fit_scale * 1.5, MAX_LAYER / max(self.shown.width, self.shown.height))

    def zoom(self, factor: float, about: tuple[int, int]) -> None:
        scale = min(self.max_scale(), max(self.fit_scale * 0.85, self.scale * factor))
        if abs(scale - self.scale) < 1e-9:
            return
        x, y = self.to_table(about)
        self.scale = scale
        self.ox = round(about[0] - x * scale)
        self.oy = round(about[1] - y * scale)
        self._clamp()

    def pan(self, dx: int, dy: int) -> None:
        self.ox += dx
        self.oy += dy
        self._clamp()

    def _clamp(self) -> None:
        # a quarter of the table stays in sight
        w, h = self.shown.width * self.scale, self.shown.height * self.scale
        v = self.viewport
        self.ox = int(min(v.right - w * 0.25, max(v.left - w * 0.75, self.ox)))
        self.oy = int(min(v.bottom - h * 0.25, max(v.top - h * 0.75, self.oy)))

    def to_screen(self, p: Point) -> tuple[float, float]:
        return (self.ox + p[0] * self.scale, self.oy + p[1] * self.scale)

    def to_table(self, q: Sequence[float]) -> Point:
        return ((q[0] - self.ox) / self.scale, (q[1] - self.oy) / self.scale)

    def on_table(self, q: Sequence[float]) -> bool:
        x, y = self.to_table(q)
        return self.viewport.collidepoint(q) and 0 <= x <= self.shown.width and 0 <= y <= self.shown.height

    # -- drawing: the static layers --------------------------------------------------------

    def _ground_surface(self, held: tuple[str, ...] = ()) -> pygame.Surface:
        """Mat, grid, zones, objectives and terrain at the current zoom, without the
        terrain pieces in `held` (cached: one with every piece, one without those held)."""
        key = (self.scale, self.revision, self.show_grid, self.phase, held)
        cached = self._grounds.get(bool(held))
        if cached is not None and cached[0] == key:
            return cached[1]
        table = self.table
        s = self.scale
        size = (max(1, math.ceil(table.width * s)), max(1, math.ceil(table.height * s)))
        ground = sart.mat(size, round(s, 4)).copy()
        if self.show_grid:
            font = th.load_font(max(9, min(int(self.theme.fs(th.SMALL) * 0.8), int(s * 9))), bold=True)
            sart.draw_grid(ground, s, table.width, table.height, font)
        zones = self.shown.options.deployment
        if self.phase == LAYOUT and zones != "free":
            for seat, entry in enumerate(self.shown.seats):
                if entry.edge:
                    outline = deployment.zone_outline(table, entry.edge, zones)
                    self._poly(
                        ground,
                        [(x * s, y * s) for x, y in outline],
                        (*self.ctx.colour(seat), 46),
                        (*self.ctx.colour(seat), 200),
                        max(1, self.theme.px(2)),
                    )
        for piece in table.pieces.values():
            if piece.id in held:
                continue
            sprite, centre = sart.terrain(
                piece.kind.key, piece.footprint, piece.rotation, round(s, 4), sart.seed_of(piece.id + piece.kind.key)
            )
            ground.blit(
                sprite,
                sprite.get_rect(center=((piece.position[0] + centre[0]) * s, (piece.position[1] + centre[1]) * s)),
            )
            if self.pieces[piece.id].burning:
                self._poly(
                    ground, [(x * s, y * s) for x, y in piece.outline], (230, 110, 30, 70), (230, 110, 30, 220), 2
                )
        for spot in table.objectives.values():
            self._objective(ground, (spot[0] * s, spot[1] * s))
        for problem in self.spacing:
            for pid in (problem.piece, problem.other):
                if pid in table.pieces and pid not in held:
                    pygame.draw.polygon(
                        ground, WARN, [(x * s, y * s) for x, y in table.pieces[pid].outline], max(2, self.theme.px(3))
                    )
        ground = _converted(ground)
        self._grounds[bool(held)] = (key, ground)
        return ground

    def _objective(self, surface: pygame.Surface, centre: tuple[float, float]) -> None:
        """A mission objective: a brass marker with a star."""
        r = max(6, int(self.scale * 9))
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

    def _hidden(self) -> tuple[str, ...]:
        """Warriors drawn over the layer this frame (held, walking)."""
        hidden = set(self.walking)
        if self.drag is not None and self.drag.kind in ("model", "path") and self.drag.moved:
            hidden.add(self.drag.item)
        if self.drag is not None and self.drag.kind == "piece" and self.drag.moved:
            hidden.add(self.drag.item)
        return tuple(sorted(hidden))

    def _table_layer(self) -> pygame.Surface:
        """The ground with every warrior that stands still (cached)."""
        hidden = self._hidden()
        held = tuple(h for h in hidden if h in self.pieces)
        ground = self._ground_surface(held)
        key = (self._grounds[bool(held)][0], hidden, tuple(w.id for w in self.shown.warriors if w.moved))
        if self._layer is not None and self._layer_key == key:
            return self._layer
        layer = ground.copy()
        for model in self.table.models.values():
            if model.id not in hidden:
                self._warrior(layer, model.id, (model.position[0] * self.scale, model.position[1] * self.scale))
        self._layer, self._layer_key = _converted(layer), key
        return self._layer

    def _warrior(self, surface: pygame.Surface, model_id: str, centre: tuple[float, float], alpha: int = 255) -> None:
        model = self.warriors[model_id]
        side = model.side
        sprite = sart.warrior(
            max(4, round(model.base * self.scale)),
            _rgb(model.colour),
            self.ctx.colour(side),
            self.token_label(model),
        )
        if alpha < 255:
            sprite = sprite.copy()
            sprite.set_alpha(alpha)
        surface.blit(sprite, sprite.get_rect(center=(round(centre[0]), round(centre[1]))))
        if self.phase == PLAY and model.moved:
            # a small mark: this warrior has moved this turn
            r = model.base / 2 * self.scale
            spot = (centre[0] + r * 0.7, centre[1] - r * 0.7)
            pygame.draw.circle(surface, th.CREAM, spot, max(3, r * 0.28))
            pygame.draw.circle(surface, th.INK, spot, max(3, r * 0.28), 1)
            k = max(2, r * 0.14)
            pygame.draw.lines(
                surface,
                th.GREEN,
                False,
                [(spot[0] - k, spot[1]), (spot[0] - k * 0.2, spot[1] + k * 0.8), (spot[0] + k, spot[1] - k * 0.8)],
                max(1, int(k * 0.5)),
            )

    # -- drawing: per frame ----------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        if self.table is None:
            return
        clip = surface.get_clip()
        view = self.viewport
        surface.set_clip(view.clip(clip) if clip else view)
        layer = self._table_layer()
        surface.blit(self._backdrop_surface(layer.get_size()), view.topleft)
        surface.blit(layer, (self.ox, self.oy))
        self._draw_reach(surface)
        self._draw_marks(surface)
        self._draw_tool(surface)
        self._draw_held(surface)
        self._draw_walking(surface)
        self._draw_contacts(surface)
        self._draw_path_label(surface)
        surface.set_clip(clip)
        self.hits = []
        self._cached_panel(surface, "toolbar", self.toolbar, self._toolbar_key(), self._draw_toolbar)
        self._cached_panel(surface, "side", self.panel, self._side_key(), self._draw_side)
        self._cached_panel(surface, "info", self.info_rect, self._info_key(), self._draw_info, margin=0)

    def _backdrop_surface(self, table_size: tuple[int, int]) -> pygame.Surface:
        """The viewport behind the table: dark felt and the table's soft shadow
        (opaque, so it blits fast; redrawn when the view pans or zooms)."""
        t = self.theme
        key = (self.viewport.size, self.ox - self.viewport.x, self.oy - self.viewport.y, table_size)
        if self._backdrop is not None and self._backdrop[0] == key:
            return self._backdrop[1]
        back = pygame.Surface(self.viewport.size)
        back.fill((24, 52, 36))
        pygame.draw.rect(back, (14, 34, 22), back.get_rect(), max(1, t.px(3)))
        rect = pygame.Rect(key[1], key[2], *table_size)
        # the mat lies on a wooden board a little larger than itself
        board = rect.inflate(t.px(18), t.px(18))
        art.drop_shadow(back, board, t.px(8), t.px(12), (t.px(4), t.px(6)), alpha=170)
        back.blit(art.panel(board.size, "wood", radius=t.px(8), border=max(1, t.px(2))), board.topleft)
        back = _converted(back)
        self._backdrop = (key, back)
        return back

    def _cached_panel(
        self,
        surface: pygame.Surface,
        name: str,
        rect: pygame.Rect,
        key: tuple,
        draw: Callable[[pygame.Surface], None],
        margin: int | None = None,
    ) -> None:
        """Draw a panel once per change of what it shows; blit it otherwise."""
        margin = self.theme.px(24) if margin is None else margin
        area = rect.inflate(margin * 2, margin * 2).clip(surface.get_rect())
        if area.w <= 0 or area.h <= 0:
            return
        cached = self._panels.get(name)
        if cached is None or cached[0] != key:
            if self._canvas is None or self._canvas.get_size() != surface.get_size():
                self._canvas = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            canvas = self._canvas
            canvas.fill((0, 0, 0, 0), area)
            before = len(self.hits)
            draw(canvas)
            cached = (key, canvas.subsurface(area).copy(), self.hits[before:])
            self._panels[name] = cached
        else:
            self.hits.extend(cached[2])
        surface.blit(cached[1], area.topleft)

    def _pointer_control(self, within: pygame.Rect) -> str | None:
        """The name of the control under the pointer inside a panel (for hover)."""
        if not within.collidepoint(self.pointer):
            return None
        for _name, (_key, _image, hits) in self._panels.items():
            for hit in hits:
                if hit.rect.collidepoint(self.pointer):
                    return hit.name
        return ""

    def _toolbar_key(self) -> tuple:
        return (
            self.toolbar.topleft,
            self.toolbar.size,
            self.tool,
            self.show_reach,
            self.show_grid,
            self._pointer_control(self.toolbar),
        )

    def _side_key(self) -> tuple:
        return (
            self.panel.topleft,
            self.panel.size,
            self.revision,
            self.phase,
            self.seat,
            self.selected,
            self.tool,
            self.placing_kind,
            self.placing_base,
            self._pointer_control(self.panel),
            _("Ready"),
        )

    def _info_key(self) -> tuple:
        return (
            self.info_rect.topleft,
            self.info_rect.size,
            self.tool,
            self.placing_kind,
            self.placing_base,
            tuple(self.info_lines()),
            self.hover_line(),
            tuple(self.spacing),
        )

    def _poly(
        self,
        surface: pygame.Surface,
        points: Sequence[Sequence[float]],
        fill: tuple,
        outline: tuple | None = None,
        width: int = 2,
    ) -> pygame.Rect | None:
        """A translucent polygon, drawn through a surface only as large as it is."""
        if len(points) < 3:
            return None
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        bounds = pygame.Rect(
            int(min(xs)) - width - 1,
            int(min(ys)) - width - 1,
            int(max(xs) - min(xs)) + 2 * width + 3,
            int(max(ys) - min(ys)) + 2 * width + 3,
        )
        box = bounds.clip(surface.get_clip() or surface.get_rect())
        if box.w <= 0 or box.h <= 0:
            return None
        shape = pygame.Surface(box.size, pygame.SRCALPHA)
        local = [(x - box.x, y - box.y) for x, y in points]
        if fill[3] > 0:
            pygame.draw.polygon(shape, fill, local)
        if outline is not None:
            pygame.draw.polygon(shape, outline, local, width)
        surface.blit(shape, box.topleft)
        return box

    def _screen_poly(self, points: Sequence[Point]) -> list[tuple[float, float]]:
        s, ox, oy = self.scale, self.ox, self.oy
        return [(ox + x * s, oy + y * s) for x, y in points]

    def _pill(
        self,
        surface: pygame.Surface,
        text: str,
        at: tuple[float, float],
        colour: tuple[int, int, int] = th.CREAM,
        anchor: str = "center",
    ) -> pygame.Rect:
        """A short label on a dark rounded plate, over the table."""
        t = self.theme
        font = t.font(th.SMALL, bold=True)
        w, h = font.size(text)
        rect = pygame.Rect(0, 0, w + t.px(18), h + t.px(6))
        setattr(rect, anchor, (int(at[0]), int(at[1])))
        art.rounded_rect(surface, rect, (24, 18, 12, 215), rect.h // 2)
        art.text(surface, text, font, colour, rect.center, "center")
        return rect

    def _draw_reach(self, surface: pygame.Surface) -> None:
        model_id = self.selected
        if not (
            self.show_reach
            and self.tool == "select"
            and model_id
            and model_id in self.table.models
            and self.may_walk(model_id)
        ):
            return
        key = (self.revision, model_id, self.scale)
        if self._reach is None or self._reach[0] != key:
            found = movement.reach(self.table, model_id)
            s = self.scale
            polys = [[(x * s, y * s) for x, y in poly] for poly in found.polygons]
            if polys:
                xs = [p[0] for poly in polys for p in poly]
                ys = [p[1] for poly in polys for p in poly]
                left, top = int(min(xs)) - 3, int(min(ys)) - 3
                area = pygame.Surface((int(max(xs)) - left + 4, int(max(ys)) - top + 4), pygame.SRCALPHA)
                colour = self.ctx.colour(self.warriors[model_id].side)
                tint = art.shade(colour, 1.45)
                for poly in polys:
                    pygame.draw.polygon(area, (*tint, 255), [(x - left, y - top) for x, y in poly])
                area.fill((255, 255, 255, 78), special_flags=pygame.BLEND_RGBA_MULT)
                rim = pygame.mask.from_surface(area, 10).outline(2)
                if len(rim) > 2:
                    pygame.draw.lines(area, (*tint, 210), True, rim, 2)
                self._reach = (key, area, (left, top))
            else:
                self._reach = (key, None, (0, 0))
        _key, reach_area, (left, top) = self._reach
        if reach_area is not None:
            surface.blit(reach_area, (self.ox + left, self.oy + top))

    def _ring(
        self, surface: pygame.Surface, model_id: str, colour: tuple[int, int, int], width: int = 3, grow: float = 3.0
    ) -> None:
        model = self.table.models[model_id]
        centre = self.to_screen(self.moved_positions().get(model_id, model.position))
        if model_id in self.walking:
            centre = self.to_screen(self._walk_point(model_id))
        pygame.draw.circle(
            surface, colour, centre, model.radius * self.scale + self.theme.px(grow), max(1, self.theme.px(width))
        )

    def _draw_marks(self, surface: pygame.Surface) -> None:
        """Selection and hover: rings round warriors, outlines round terrain."""
        t = self.theme
        held = self.drag.item if self.drag is not None and self.drag.moved else None
        hovered = (
            self.hovered if self.tool == "select" and self.placing_kind is None and self.placing_base is None else None
        )
        for element, colour in ((hovered, (255, 255, 255)), (self.selected, th.GOLD)):
            if element is None or element == held:
                continue
            if element in self.table.models:
                self._ring(surface, element, colour, 3 if colour == th.GOLD else 2)
            elif element in self.table.pieces:
                pygame.draw.polygon(
                    surface, colour, self._screen_poly(self.table.pieces[element].outline), max(2, t.px(3))
                )
        if self.phase == PLAY:
            for model_id in self.table.models:
                if model_id != held and model_id in self.engaged and model_id not in self.walking:
                    self._ring(surface, model_id, BAD, 2, 1.5)

    def contact_links(self) -> list[tuple[str, str, bool, Point, Point]]:
        """Bases in contact now (edges at most the contact distance apart), as the
        screen shows them: (one, other, enemies, centre of one, centre of the other).
        A warrior being dragged or walked counts where its ghost stands, a new one
        being placed as "new"; one walking along its path does not count."""
        table = self.table
        contact = table.contact + planar.EPS
        bases: dict[str, tuple[Point, float, int]] = {}
        for model in table.models.values():
            if model.id not in self.walking:
                bases[model.id] = (model.position, model.radius, model.side)
        drag = self.drag
        if drag is not None and drag.moved and drag.kind in ("model", "path") and drag.item in bases:
            if drag.ghost is None:
                del bases[drag.item]
            else:
                _spot, radius, side = bases[drag.item]
                bases[drag.item] = (drag.ghost, radius, side)
        if (
            self.placing_base is not None
            and self.placing_ghost is not None
            and self.viewport.collidepoint(self.pointer)
        ):
            bases["new"] = (self.placing_ghost, self.placing_base / 2, self.seat if self.seat is not None else 0)
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

    def _draw_contacts(self, surface: pygame.Surface) -> None:
        """A short bar across the meeting point of two bases in contact: red between
        enemies, teal between warriors of one side."""
        t = self.theme
        table = self.table
        # the base being placed is "new" in the links (only while one is)
        new = (self.placing_base or 0.0) / 2
        for a, b, enemies, pa, pb in self.contact_links():
            d = math.dist(pa, pb)
            if d == 0.0:
                continue
            ux, uy = (pb[0] - pa[0]) / d, (pb[1] - pa[1]) / d
            ra = new if a == "new" else table.models[a].radius
            rb = new if b == "new" else table.models[b].radius
            along = ra + (d - ra - rb) / 2
            centre = self.to_screen((pa[0] + ux * along, pa[1] + uy * along))
            half = max(t.px(7), min(ra, rb) * self.scale * 0.6)
            ends = [(centre[0] - uy * half, centre[1] + ux * half), (centre[0] + uy * half, centre[1] - ux * half)]
            colour = CONTACT_ENEMY if enemies else CONTACT_FRIEND
            width = max(3, t.px(5))
            edge = max(2, t.px(2))
            pygame.draw.line(surface, (20, 14, 8), ends[0], ends[1], width + 2 * edge)
            for end in ends:
                pygame.draw.circle(surface, (20, 14, 8), end, width / 2 + edge)
            pygame.draw.line(surface, colour, ends[0], ends[1], width)
            for end in ends:
                pygame.draw.circle(surface, colour, end, width / 2)
            # a knot where the bases meet
            knot = max(4, t.px(6))
            pygame.draw.circle(surface, (20, 14, 8), centre, knot + edge)
            pygame.draw.circle(surface, colour, centre, knot)

    def _draw_tool(self, surface: pygame.Surface) -> None:
        t = self.theme
        if self.tool == "measure" and self.tape is not None:
            a, b = self.to_screen(self.tape.start), self.to_screen(self.tape.end)
            width = max(3, t.px(7))
            pygame.draw.line(surface, (60, 44, 10), (a[0] + 1, a[1] + 2), (b[0] + 1, b[1] + 2), width)
            pygame.draw.line(surface, TAPE, a, b, width)
            length = self.tape.length
            if length > 0:
                ux, uy = (b[0] - a[0]) / max(1e-9, math.dist(a, b)), (b[1] - a[1]) / max(1e-9, math.dist(a, b))
                for cm in range(1, int(length // 10) + 1):
                    px, py = a[0] + ux * cm * 10 * self.scale, a[1] + uy * cm * 10 * self.scale
                    k = width * (1.0 if cm % 5 else 1.6)
                    pygame.draw.line(
                        surface, (70, 50, 10), (px - uy * k / 2, py + ux * k / 2), (px + uy * k / 2, py - ux * k / 2), 1
                    )
            for end in (a, b):
                pygame.draw.circle(surface, (70, 50, 10), end, max(3, t.px(6)))
                pygame.draw.circle(surface, TAPE, end, max(2, t.px(4)))
            self._pill(
                surface, _("{cm:.1f} cm", cm=length / 10), ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2 - t.px(20)), TAPE
            )
        elif self.tool == "sight" and self.viewer is not None:
            self._draw_sight(surface, self.viewer)
        elif self.tool in ("explosion", "flame") and self.template is not None:
            points = self._screen_poly(self.template.polygon(64))
            colour = (255, 140, 40) if self.tool == "flame" else (255, 200, 60)
            self._poly(surface, points, (*colour, 70), (*art.shade(colour, 0.7), 230), max(2, t.px(3)))
            for model_id in self.under:
                self._ring(surface, model_id, BAD, 3, 2)
        elif self.tool == "flame" and self.attacker is None and self.hovered in self.table.models:
            self._ring(surface, self.hovered, (255, 140, 40), 3, 3)

    def _draw_sight(self, surface: pygame.Surface, viewer: str) -> None:
        t = self.theme
        seen = self.seen
        self._ring(surface, viewer, (120, 220, 255), 3, 3)
        if seen is None:
            return
        corridor = self._screen_poly(seen.corridor.polygon(48))
        if seen.visible:
            self._poly(surface, corridor, (*SIGHT_FILL, 62), (*SIGHT_FILL, 200), max(2, t.px(2)))
        else:
            self._poly(surface, corridor, (*BAD, 58), (*BAD, 220), max(2, t.px(2)))
        # the two ends stand over the corridor's wash
        moved = self.moved_positions()
        for end in (viewer, self.target):
            if isinstance(end, str) and end in self.table.models:
                self._warrior(surface, end, self.to_screen(moved.get(end, self.table.models[end].position)))
        for element in seen.blockers:
            self._outline(surface, element, BAD, 4)
        taken = self._token_rects()
        for obstacle in seen.obstacles if seen.visible else ():
            self._outline(surface, obstacle.element, WARN, 3)
        for obstacle in seen.obstacles if seen.visible else ():
            # each penalty beside its element, clear of the tokens and of the others
            text = f"−{obstacle.penalty}"
            size = self._pill_size(text)
            if obstacle.element in self.table.models:
                model = self.table.models[obstacle.element]
                c = self.to_screen(model.position)
                r = model.radius * self.scale + t.px(2)
                candidates = [
                    ("midbottom", (c[0], c[1] - r)),
                    ("midleft", (c[0] + r, c[1])),
                    ("midright", (c[0] - r, c[1])),
                    ("midtop", (c[0], c[1] + r)),
                ]
            else:
                c = self.to_screen(self._centre_of(obstacle.element))
                step = size[1] + t.px(4)
                candidates = [
                    ("center", (c[0] + dx * step, c[1] + dy * step))
                    for dx, dy in ((0, 0), (0, -1), (0, 1), (-1, 0), (1, 0))
                ]
            rect = self._free_rect(size, candidates, taken)
            taken.append(rect)
            self._pill(surface, text, rect.center, WARN)
        self._ring(surface, viewer, (120, 220, 255), 3, 3)
        if isinstance(self.target, str):
            self._ring(surface, self.target, (120, 220, 255), 3, 3)
        elif self.target is not None:
            q = self.to_screen(self.target)
            pygame.draw.circle(surface, (120, 220, 255), q, max(4, t.px(6)), max(2, t.px(2)))

    def _centre_of(self, element: str) -> Point:
        if element in self.table.models:
            return self.table.models[element].position
        return planar.centroid(self.table.pieces[element].outline)

    def _outline(self, surface: pygame.Surface, element: str, colour: tuple[int, int, int], width: int) -> None:
        if element in self.table.models:
            self._ring(surface, element, colour, width, 1)
        elif element in self.table.pieces:
            pygame.draw.polygon(
                surface, colour, self._screen_poly(self.table.pieces[element].outline), max(2, self.theme.px(width))
            )

    def _draw_held(self, surface: pygame.Surface) -> None:
        """What is being dragged or placed: its ghost where it would go, and a path."""
        t = self.theme
        drag = self.drag
        if drag is not None and drag.moved and drag.kind == "path":
            model = self.table.models[drag.item]
            colour = PATH if drag.valid else BAD
            points = list(drag.path) if drag.path else [model.position, drag.ghost or model.position]
            screen = self._screen_poly(points)
            if len(screen) >= 2:
                width = max(2, t.px(5))
                pygame.draw.lines(surface, (40, 30, 10), False, [(x + 1, y + 2) for x, y in screen], width)
                pygame.draw.lines(surface, colour, False, screen, width)
                # a dot where the path bends sharply (not along the short steps walking an arc)
                for before, corner, after in zip(screen, screen[1:], screen[2:], strict=False):
                    turn = abs(
                        (
                            math.atan2(after[1] - corner[1], after[0] - corner[0])
                            - math.atan2(corner[1] - before[1], corner[0] - before[0])
                            + math.pi
                        )
                        % (2 * math.pi)
                        - math.pi
                    )
                    if turn > math.radians(15):
                        pygame.draw.circle(surface, colour, corner, width)
            self._warrior(surface, drag.item, self.to_screen(model.position), 90)
            if drag.ghost is not None:
                self._warrior(surface, drag.item, self.to_screen(drag.ghost), 235 if drag.valid else 150)
                pygame.draw.circle(
                    surface, colour, self.to_screen(drag.ghost), model.radius * self.scale + t.px(3), max(2, t.px(3))
                )
        elif drag is not None and drag.moved and drag.kind == "model":
            model = self.table.models[drag.item]
            if drag.ghost is not None:
                self._warrior(surface, drag.item, self.to_screen(drag.ghost), 235 if drag.valid else 150)
                pygame.draw.circle(
                    surface,
                    GOOD if drag.valid else BAD,
                    self.to_screen(drag.ghost),
                    model.radius * self.scale + t.px(3),
                    max(2, t.px(3)),
                )
        elif drag is not None and drag.moved and drag.kind == "piece":
            piece = self.table.pieces[drag.item]
            self._ghost_piece(
                surface, piece.kind.key, piece.footprint, drag.ghost, drag.rotation, drag.valid, drag.note, drag.item
            )
        elif (
            self.placing_kind is not None
            and self.placing_ghost is not None
            and self.viewport.collidepoint(self.pointer)
        ):
            kind = kinds()[self.placing_kind]
            self._ghost_piece(
                surface,
                kind.key,
                planar.orient(kind.footprint),
                self.placing_ghost,
                self.placing_rotation,
                self.placing_valid,
                self.placing_note,
                "new",
            )
        elif (
            self.placing_base is not None
            and self.placing_ghost is not None
            and self.viewport.collidepoint(self.pointer)
        ):
            seat = self.seat or 0
            r = self.placing_base / 2
            sprite = sart.warrior(
                max(4, round(self.placing_base * self.scale)), self.ctx.colour(seat), self.ctx.colour(seat), "+"
            )
            sprite = sprite.copy()
            sprite.set_alpha(220 if self.placing_valid else 130)
            q = self.to_screen(self.placing_ghost)
            surface.blit(sprite, sprite.get_rect(center=(round(q[0]), round(q[1]))))
            pygame.draw.circle(
                surface, GOOD if self.placing_valid else BAD, q, r * self.scale + t.px(3), max(2, t.px(3))
            )

    def _pill_size(self, text: str) -> tuple[int, int]:
        """The size `_pill` draws a label of this text at."""
        t = self.theme
        w, h = t.font(th.SMALL, bold=True).size(text)
        return (w + t.px(18), h + t.px(6))

    def _token_rects(self) -> list[pygame.Rect]:
        """Where the warriors' tokens are on the screen (walking ones where they walk,
        a dragged one where it stands and where its ghost is)."""
        found = []
        grow = self.theme.px(3)
        spots = [
            (m.id, self._walk_point(m.id) if m.id in self.walking else m.position, m.radius)
            for m in self.table.models.values()
        ]
        spots += [
            (model_id, ghost, self.table.models[model_id].radius) for model_id, ghost in self.moved_positions().items()
        ]
        for _model_id, position, radius in spots:
            c = self.to_screen(position)
            r = radius * self.scale + grow
            found.append(pygame.Rect(int(c[0] - r), int(c[1] - r), int(2 * r) + 1, int(2 * r) + 1))
        return found

    def _free_rect(
        self, size: tuple[int, int], candidates: Sequence[tuple[str, tuple[float, float]]], taken: Sequence[pygame.Rect]
    ) -> pygame.Rect:
        """The first of the candidate places (anchor, point) where a rect of `size`
        lies inside the view and covers none of `taken`; else the first place."""
        first = None
        for anchor, at in candidates:
            rect = pygame.Rect((0, 0), size)
            setattr(rect, anchor, (int(at[0]), int(at[1])))
            first = first or rect
            if self.viewport.contains(rect) and rect.collidelist(taken) < 0:
                return rect
        return first if first is not None else pygame.Rect((0, 0), size)

    def _held_label(self) -> tuple[str, tuple[int, int, int], Point, float, tuple[Point, ...]] | None:
        """The label beside what is held: (text, colour, where it stands, its
        radius, the path to it), or None."""
        drag = self.drag
        if drag is not None and drag.moved and drag.kind == "path" and drag.ghost is not None:
            text = drag.note or _("{cm:.1f} cm", cm=drag.length / 10)
            path = tuple(drag.path) if drag.path else (self.table.models[drag.item].position, drag.ghost)
            return text, PATH if drag.valid else BAD, drag.ghost, self.table.models[drag.item].radius, path
        if drag is not None and drag.moved and drag.kind == "model" and drag.ghost is not None and drag.note:
            return drag.note, BAD, drag.ghost, self.table.models[drag.item].radius, ()
        if (
            self.placing_base is not None
            and self.placing_ghost is not None
            and self.placing_note
            and self.viewport.collidepoint(self.pointer)
        ):
            return self.placing_note, BAD, self.placing_ghost, self.placing_base / 2, ()
        return None

    def path_label_rect(self) -> pygame.Rect | None:
        """Where the label of what is held goes: beside its ghost (above, below, to
        either side) or beside the path, wherever it covers no warrior's token (nor
        the ghost's), inside the view; the first place tried when none is free."""
        held = self._held_label()
        if held is None:
            return None
        text, _colour, spot, radius, path = held
        t = self.theme
        size = self._pill_size(text)
        q = self.to_screen(spot)
        r = radius * self.scale + t.px(8)
        candidates = [
            ("midbottom", (q[0], q[1] - r)),
            ("midtop", (q[0], q[1] + r)),
            ("midleft", (q[0] + r, q[1])),
            ("midright", (q[0] - r, q[1])),
        ]
        screen = self._screen_poly(path)
        for a, b in list(zip(screen, screen[1:], strict=False))[::-1]:
            length = math.dist(a, b)
            if length < size[0]:
                continue
            m = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            nx, ny = -(b[1] - a[1]) / length, (b[0] - a[0]) / length
            gap = t.px(10) + size[1] / 2
            candidates += [
                ("center", (m[0] + nx * gap, m[1] + ny * gap)),
                ("center", (m[0] - nx * gap, m[1] - ny * gap)),
            ]
        rr = radius * self.scale + t.px(3)
        taken = self._token_rects() + [pygame.Rect(int(q[0] - rr), int(q[1] - rr), int(2 * rr) + 1, int(2 * rr) + 1)]
        return self._free_rect(size, candidates, taken)

    def _draw_path_label(self, surface: pygame.Surface) -> None:
        held = self._held_label()
        rect = self.path_label_rect()
        if held is None or rect is None:
            return
        self._pill(surface, held[0], rect.center, held[1])

    def _ghost_piece(
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
        if at is None:
            return
        colour = GOOD if valid and not note else (WARN if valid else BAD)
        sprite, centre = sart.terrain(
            kind, footprint, rotation, round(self.scale, 4), sart.seed_of(seed + kind), colour
        )
        q = self.to_screen((at[0] + centre[0], at[1] + centre[1]))
        surface.blit(sprite, sprite.get_rect(center=(round(q[0]), round(q[1]))))
        if note:
            top = self.to_screen(at)
            self._pill(surface, note, (top[0], top[1] - self.theme.px(40)), colour, "midbottom")

    def _walk_point(self, model_id: str) -> Point:
        points, tween = self.walking[model_id]
        total = sum(math.dist(a, b) for a, b in zip(points, points[1:], strict=False))
        goal = total * tween.t
        for a, b in zip(points, points[1:], strict=False):
            d = math.dist(a, b)
            if goal <= d and d > 0:
                k = goal / d
                return (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k)
            goal -= d
        return points[-1]

    def _draw_walking(self, surface: pygame.Surface) -> None:
        for model_id in self.walking:
            if model_id in self.warriors:
                self._warrior(surface, model_id, self.to_screen(self._walk_point(model_id)))

    # -- the tool bar and the side panel -----------------------------------------------------

    def _draw_toolbar(self, surface: pygame.Surface) -> None:
        t = self.theme
        bar = self.toolbar
        art.draw_panel(surface, bar, "wood", radius=t.px(14), shadow=t.px(8))
        size = min(bar.w - t.px(16), t.px(60))
        y = bar.y + t.px(10)
        key_font = t.font(th.SMALL * 0.8, bold=True)
        entries: list[tuple[str, str, bool, str, Callable[[], None]] | None] = [
            (name, key, self.tool == name, f"tool-{name}", functools.partial(self.set_tool, name))
            for name, key, _k in TOOLS
        ]
        entries.append(None)
        entries += [
            ("reach", "A", self.show_reach, "toggle-reach", self.toggle_reach),
            ("grid", "G", self.show_grid, "toggle-grid", self.toggle_grid),
            ("fit", "0", False, "toggle-fit", self.fit),
        ]
        for entry in entries:
            if entry is None:
                pygame.draw.line(
                    surface,
                    th.GOLD_DARK,
                    (bar.x + t.px(12), y + t.px(4)),
                    (bar.right - t.px(12), y + t.px(4)),
                    max(1, t.px(2)),
                )
                y += t.px(14)
                continue
            name, key, active, hit_name, on_click = entry
            rect = pygame.Rect(0, 0, size, size)
            rect.midtop = (bar.centerx, y)
            if rect.bottom > bar.bottom - t.px(6):
                break
            hovered = rect.collidepoint(self.pointer)
            body = (246, 214, 140) if active else ((96, 64, 40) if not hovered else (128, 88, 56))
            art.rounded_rect(surface, rect, body, t.px(10))
            pygame.draw.rect(
                surface, th.GOLD_DARK if active else (60, 38, 22), rect, max(1, t.px(2)), border_radius=t.px(10)
            )
            ink = th.INK if active else th.CREAM
            surface.blit(sart.icon(name, int(size * 0.72), ink), (rect.x + int(size * 0.14), rect.y + int(size * 0.1)))
            art.text(surface, key, key_font, ink, (rect.right - t.px(5), rect.bottom - t.px(2)), "bottomright")
            self.hits.append(Hit(hit_name, rect, on_click, tooltip=with_key(tool_label(name), key)))
            y += size + t.px(8)

    def _draw_side(self, surface: pygame.Surface) -> None:
        t = self.theme
        panel = self.panel
        art.draw_panel(surface, panel, "parchment", radius=t.px(16), shadow=t.px(10))
        inner = panel.inflate(-t.px(28), -t.px(24))
        heading = t.font(th.BODY, bold=True)
        small = t.font(th.SMALL)
        y = inner.y
        names = self.ctx.names
        seat = self.seat
        if self.phase == LAYOUT:
            title = _("Laying out the table")
        else:
            title = _("Turn {number}", number=self.shown.turns + 1)
        art.text(surface, title, heading, th.INK, (inner.x, y), max_width=inner.w)
        y += heading.get_linesize()
        if seat is not None:
            token = art.token(t.fs(th.SMALL) // 2, self.ctx.colour(seat))
            surface.blit(token, token.get_rect(midleft=(inner.x, y + small.get_height() // 2)))
            sub = (
                _("{player} is at the table", player=names[seat])
                if self.phase == LAYOUT
                else _("{player} moves", player=names[seat])
            )
            art.text(
                surface,
                sub,
                small,
                th.INK_SOFT,
                (inner.x + token.get_width() + t.px(8), y),
                max_width=inner.w - token.get_width(),
            )
            y += small.get_linesize() + t.px(8)
        buttons_h = max(t.px(54), t.fs(th.BODY) + t.px(22))
        bottom = inner.bottom - buttons_h
        if self.phase == LAYOUT:
            y = self._draw_palette(surface, inner, y)
        elif seat is not None:
            y = self._draw_roster(surface, inner, y, bottom)
        self.info_rect = pygame.Rect(inner.x, y + t.px(6), inner.w, bottom - y - t.px(18))
        # the buttons that pass the turn
        row = pygame.Rect(inner.x, bottom, inner.w, buttons_h)
        if self.phase == LAYOUT:
            half = (row.w - t.px(10)) // 2
            ready_ok = seat is not None and any(m.side == seat for m in self.shown.warriors)
            self.button(
                surface,
                "ready",
                pygame.Rect(row.x, row.y, half, row.h),
                _("Ready"),
                lambda: self.submit(Action("ready")),
                enabled=ready_ok,
                colour=th.GOLD,
                tip=_("Your side of the table is laid out: say so"),
                reason=_("Place at least one of your warriors first."),
            )
            self.button(
                surface,
                "end_turn",
                pygame.Rect(row.right - half, row.y, half, row.h),
                _("Pass on"),
                lambda: self.submit(Action("end_turn")),
                enabled=seat is not None,
                key=pgettext("the key", "Enter"),
                tip=_("Hand the table to the other player"),
            )
        else:
            self.button(
                surface,
                "end_turn",
                row,
                _("End turn"),
                lambda: self.submit(Action("end_turn")),
                enabled=seat is not None,
                colour=th.GOLD,
                key=pgettext("the key", "Enter"),
                tip=_("End the turn"),
            )

    def _draw_palette(self, surface: pygame.Surface, inner: pygame.Rect, y: int) -> int:
        t = self.theme
        bold = t.font(th.SMALL, bold=True)
        tiny = t.font(th.SMALL * 0.78)
        art.text(surface, _("Terrain"), bold, th.INK, (inner.x, y))
        budget = self.shown.terrain_budget
        if budget is not None and self.seat is not None:
            spent = self.shown.seats[self.seat].terrain_points
            art.text(
                surface,
                _("{spent} of {total} points", spent=spent, total=budget),
                tiny,
                th.INK_SOFT,
                (inner.right, y + t.px(3)),
                "topright",
            )
        y += bold.get_linesize() + t.px(2)
        catalogue = list(kinds().values())
        columns = 6
        gap = t.px(5)
        cell = (inner.w - gap * (columns - 1)) // columns
        live = self.seat is not None
        for index, kind in enumerate(catalogue):
            rect = pygame.Rect(
                inner.x + (index % columns) * (cell + gap), y + (index // columns) * (cell + gap), cell, cell
            )
            active = self.placing_kind == kind.key
            hovered = rect.collidepoint(self.pointer)
            affordable = (
                budget is None or self.seat is None or self.shown.seats[self.seat].terrain_points + kind.cost <= budget
            )
            body = (246, 214, 140) if active else ((236, 224, 196) if hovered else (226, 212, 180))
            art.rounded_rect(surface, rect, body, t.px(8))
            pygame.draw.rect(
                surface, th.GOLD_DARK if active else (170, 146, 110), rect, max(1, t.px(2)), border_radius=t.px(8)
            )
            iconic = sart.terrain_icon(kind.key, planar.orient(kind.footprint), int(cell * 0.9))
            surface.blit(iconic, iconic.get_rect(center=rect.center))
            if budget is not None:
                art.text(surface, str(kind.cost), tiny, th.INK, (rect.right - t.px(3), rect.bottom), "bottomright")
            if not affordable:
                art.rounded_rect(surface, rect, (120, 110, 90, 150), t.px(8))
            self.hits.append(
                Hit(
                    f"terrain-{kind.key}",
                    rect,
                    functools.partial(self.start_placing_terrain, kind.key),
                    live and affordable,
                )
            )
        rows = (len(catalogue) + columns - 1) // columns
        y += rows * (cell + gap) + t.px(4)
        hovered_kind = next(
            (h.name[8:] for h in self.hits if h.name.startswith("terrain-") and h.rect.collidepoint(self.pointer)), None
        )
        shown = hovered_kind or self.placing_kind
        if shown:
            art.text(surface, marked(kinds()[shown].name), tiny, th.INK, (inner.x, y), max_width=inner.w)
        y += tiny.get_linesize() + t.px(6)
        art.text(surface, _("Warriors"), bold, th.INK, (inner.x, y))
        y += bold.get_linesize() + t.px(2)
        bases = self.table.spec.bases
        width = (inner.w - t.px(8) * (len(bases) - 1)) // max(1, len(bases))
        height = max(t.px(44), t.fs(th.SMALL) + t.px(18))
        for index, base in enumerate(bases):
            rect = pygame.Rect(inner.x + index * (width + t.px(8)), y, width, height)
            self.button(
                surface,
                f"warrior-{base:g}",
                rect,
                _("{base:g} mm base", base=base),
                functools.partial(self.start_placing_warrior, base),
                enabled=live,
                selected=self.placing_base == base,
                font_size=th.SMALL,
                tip=_("Place a warrior on a {base:g} mm base", base=base),
            )
        return y + height + t.px(8)

    def _draw_roster(self, surface: pygame.Surface, inner: pygame.Rect, y: int, bottom: int) -> int:
        """The warriors of the player to move, each with what it may still do; a
        click selects one."""
        t = self.theme
        small = t.font(th.SMALL * 0.9)
        own = sorted((m for m in self.shown.warriors if m.side == self.seat), key=lambda m: m.number)
        if not own:
            return y
        row_h = max(t.px(34), small.get_linesize() + t.px(8))
        columns = 2
        rows = (len(own) + columns - 1) // columns
        if y + rows * row_h > bottom - t.px(140):
            rows = max(1, (bottom - t.px(140) - y) // row_h)
            own = own[: rows * columns]
        width = (inner.w - t.px(8)) // columns
        for index, model in enumerate(own):
            model_id = model.id
            rect = pygame.Rect(
                inner.x + (index // rows) * (width + t.px(8)), y + (index % rows) * row_h, width, row_h - t.px(4)
            )
            chosen = self.selected == model_id
            hovered = rect.collidepoint(self.pointer)
            if chosen or hovered:
                art.rounded_rect(surface, rect, (*th.GOLD, 150) if chosen else (255, 255, 255, 90), t.px(8))
            token = sart.warrior(
                rect.h - t.px(4), _rgb(model.colour), self.ctx.colour(model.side), self.token_label(model), False
            )
            surface.blit(token, token.get_rect(midleft=(rect.x + t.px(3), rect.centery)))
            if model.moved:
                status, colour = _("moved"), th.INK_SOFT
            elif model_id in self.engaged:
                status, colour = _("in contact"), th.RED
            else:
                status, colour = _("may move"), th.GREEN
            art.text(
                surface,
                status,
                small,
                colour,
                (rect.x + token.get_width() + t.px(8), rect.centery),
                "midleft",
                max_width=rect.w - token.get_width() - t.px(10),
            )
            self.hits.append(Hit(f"roster-{model_id}", rect, functools.partial(self.choose, model_id)))
        return y + rows * row_h + t.px(4)

    def choose(self, model_id: str) -> None:
        """Select a warrior from the roster (its reach shows)."""
        self.selected = model_id
        self.set_tool("select")

    def _draw_info(self, surface: pygame.Surface) -> None:
        """What the tool in hand found, or what to do with it."""
        t = self.theme
        area = self.info_rect
        if area.h < t.px(30):
            return
        art.rounded_rect(surface, area, (255, 252, 240, 120), t.px(10))
        pygame.draw.rect(surface, (190, 166, 124), area, max(1, t.px(1)), border_radius=t.px(10))
        inner = area.inflate(-t.px(20), -t.px(16))
        bold = t.font(th.SMALL, bold=True)
        small = t.font(th.SMALL)
        y = inner.y
        if self.placing_kind is not None:
            header = marked(kinds()[self.placing_kind].name)
        elif self.placing_base is not None:
            header = _("{base:g} mm base", base=self.placing_base)
        else:
            header = tool_label(self.tool)
        art.text(surface, header, bold, th.INK, (inner.x, y), max_width=inner.w)
        y += bold.get_linesize() + t.px(4)
        lines: list[tuple[str, tuple[int, int, int]]] = [(line, th.INK) for line in self.info_lines()]
        for problem in self.spacing[:3]:
            lines.append(
                (
                    _(
                        "{piece} is {cm:.1f} cm from {other}",
                        piece=self.label(problem.piece),
                        cm=problem.distance / 10,
                        other=self.label(problem.other),
                    ),
                    (150, 90, 20),
                )
            )
        hover = self.hover_line()
        for text, colour in lines:
            for line in art.wrap(text, small, inner.w):
                if y + small.get_linesize() > inner.bottom - (small.get_linesize() * 2 if hover else 0):
                    return
                art.text(surface, line, small, colour, (inner.x, y))
                y += small.get_linesize()
            y += t.px(4)
        if hover:
            hover_lines = art.wrap(hover, small, inner.w)[:2]
            y = max(y, inner.bottom - small.get_linesize() * len(hover_lines))
            for line in hover_lines:
                art.text(surface, line, small, th.INK_SOFT, (inner.x, y))
                y += small.get_linesize()

    def info_lines(self) -> list[str]:
        """The readout of the tool in hand, in words."""
        drag = self.drag
        if self.placing_kind is not None:
            lines = [
                _(
                    "Click on the table to place {terrain}; R or the wheel turns it, a right click puts it back.",
                    terrain=marked(kinds()[self.placing_kind].name),
                )
            ]
            return lines + ([self.placing_note] if self.placing_note else [])
        if self.placing_base is not None:
            lines = [_("Click on the table to place a warrior; a right click stops.")]
            return lines + ([self.placing_note] if self.placing_note else [])
        if self.tool == "measure":
            if self.tape is None:
                return [_("Drag from one point to another. Ends on a base measure from its edge.")]
            lines = [_("{cm:.1f} cm", cm=self.tape.length / 10)]
            if self.tape.start_model or self.tape.end_model:
                lines.append(
                    _(
                        "from {start} to {end}",
                        start=self.label(self.tape.start_model) if self.tape.start_model else _("the point"),
                        end=self.label(self.tape.end_model) if self.tape.end_model else _("the point"),
                    )
                )
            return lines
        if self.tool == "sight":
            if self.viewer is None:
                return [_("Click the warrior who looks.")]
            if self.seen is None:
                return [_("{viewer} looks: point at a warrior or a spot.", viewer=self.label(self.viewer))]
            target = self.label(self.target) if isinstance(self.target, str) else _("that spot")
            if not self.seen.visible:
                return [
                    _("{viewer} cannot see {target}.", viewer=self.label(self.viewer), target=target),
                    _("Blocked by {what}.", what=", ".join(self.label(b) for b in self.seen.blockers)),
                ]
            lines = [_("{viewer} sees {target}.", viewer=self.label(self.viewer), target=target)]
            if self.seen.obstacles:
                lines.append(
                    _(
                        "Obstacles: {list}",
                        list=", ".join(f"{self.label(o.element)} −{o.penalty}" for o in self.seen.obstacles),
                    )
                )
                lines.append(_("Combat talent −{penalty} for a ranged attack.", penalty=self.seen.penalty))
            else:
                lines.append(_("A clear view: no obstacles."))
            return lines
        if self.tool in ("explosion", "flame"):
            if self.tool == "flame" and self.attacker is None:
                return [
                    _("Click the warrior who breathes fire; the flame points at the pointer. R or the wheel turns it.")
                ]
            if self.template is None:
                return [_("Move the template over the table; a click pins it.")]
            if not self.under:
                return [_("No warrior is under the template.")]
            return [_("Under the template: {list}", list=", ".join(self.label(m) for m in self.under))]
        if drag is not None and drag.moved and drag.kind == "path":
            if drag.valid:
                lines = [_("Path {cm:.1f} cm", cm=drag.length / 10)]
                if drag.cost > drag.length + 0.05:
                    lines.append(
                        _(
                            "counts {cost:.1f} of {allowance:g} cm",
                            cost=drag.cost / 10,
                            allowance=self.shown.allowance / 10,
                        )
                    )
                return lines
            return [drag.note or _("The warrior cannot get there.")]
        if self.selected in self.warriors:
            model = self.warriors[self.selected]
            lines = [self.label(self.selected), _("{base:g} mm base", base=model.base)]
            if self.phase == PLAY:
                if model.moved:
                    lines.append(_("Has moved this turn."))
                elif self.selected in self.engaged:
                    lines.append(_("In contact with an enemy: cannot simply walk away."))
                elif self.own(self.selected):
                    lines.append(
                        _(
                            "Drag it, or click where it should go: up to {cm:g} cm."
                            " Shift while dragging: your own path.",
                            cm=self.shown.allowance / 10,
                        )
                    )
            elif self.own(self.selected):
                lines.append(_("Drag it elsewhere; Delete takes it off the table."))
            return lines
        if self.selected in self.pieces:
            lines = [self.label(self.selected), self.effect_line(self.selected)]
            if self.phase == LAYOUT:
                lines.append(_("Drag it; R turns it; Delete removes it."))
            return lines
        if self.phase == LAYOUT:
            return [
                _("Pick terrain or a base above and click on the table. Drag pieces and your warriors to move them.")
            ]
        return [_("Click one of your warriors to see how far it can go; drag it to move it.")]

    def effect_line(self, piece_id: str) -> str:
        """What a terrain piece does under the rules in play, in words."""
        eff = self.table.effect(piece_id)
        parts = []
        if eff.sight == "opaque":
            parts.append(_("hides what is behind it") if eff.behind_only else _("blocks sight"))
        elif eff.sight == "obstacle":
            parts.append(_("sight obstacle −{penalty}", penalty=eff.penalty))
        else:
            parts.append(_("no effect on sight"))
        if eff.crossing_cost is None:
            parts.append(_("cannot be crossed"))
        elif eff.crossing_cost > 1:
            parts.append(_("each cm counts {times:g}", times=eff.crossing_cost))
        else:
            parts.append(_("may be crossed"))
        if eff.elevation:
            parts.append(_("high ground"))
        return ", ".join(parts)

    def hover_line(self) -> str:
        element = self.hovered
        if element is None or self.drag is not None:
            return ""
        if element in self.pieces:
            return f"{self.label(element)}: {self.effect_line(element)}"
        if element in self.warriors:
            return self.label(element)
        return ""

    # -- tools ------------------------------------------------------------------------------

    def set_tool(self, tool: str) -> None:
        self.tool = tool
        self.stop_placing()
        self.drag = None
        if tool != "sight":
            self.target_fixed = False
        if tool == "flame" and self.attacker is None and self.selected in self.warriors:
            self.attacker = self.selected
        self._update_tools()

    def toggle_reach(self) -> None:
        self.show_reach = not self.show_reach

    def toggle_grid(self) -> None:
        self.show_grid = not self.show_grid

    def start_placing_terrain(self, kind: str) -> None:
        self.stop_placing()
        self.tool = "select"
        self.placing_kind = kind
        self._update_placing()

    def start_placing_warrior(self, base: float) -> None:
        self.stop_placing()
        self.tool = "select"
        self.placing_base = float(base)
        self._update_placing()

    def stop_placing(self) -> None:
        self.placing_kind = None
        self.placing_base = None
        self.placing_ghost = None
        self.placing_note = ""

    def submit(self, action: Action) -> bool:
        return self.ctx.submit(action)

    def _update_tools(self) -> None:
        """Recompute what the tools show after the pointer or the table changed."""
        table = self.table
        if table is None:
            return
        pointer = self.to_table(self.pointer)
        over = self.viewport.collidepoint(self.pointer)
        if self.tool == "sight" and self.viewer is not None:
            if not self.target_fixed:
                if over and self.hovered in table.models and self.hovered != self.viewer:
                    self.target = self.hovered
                elif over and self.on_table(self.pointer):
                    self.target = pointer
                else:
                    self.target = None
            self._update_sight()
        else:
            self.seen = None
        self.template = None
        self.under = []
        if self.tool == "explosion":
            if not self.blast_pinned:
                self.blast = pointer if over else None
            if self.blast is not None:
                self.template = measure.explosion(table, self.blast)
        elif self.tool == "flame" and self.attacker is not None:
            if not self.flame_pinned and over:
                origin = table.models[self.attacker].position
                if math.dist(origin, pointer) > 1:
                    self.flame_angle = math.degrees(math.atan2(pointer[1] - origin[1], pointer[0] - origin[0]))
            self.template = measure.flame(table, self.attacker, self.flame_angle)
        if self.template is not None:
            exclude = (self.attacker,) if self.tool == "flame" and self.attacker else ()
            self.under = measure.models_under(table, self.template, exclude)

    def moved_positions(self) -> dict[str, Point]:
        """Warriors shown elsewhere than they stand: the one being dragged, at its ghost."""
        drag = self.drag
        if drag is not None and drag.moved and drag.kind in ("model", "path") and drag.ghost is not None:
            return {drag.item: drag.ghost}
        return {}

    def _update_sight(self) -> None:
        """The sight between viewer and target, with a dragged warrior where its ghost is."""
        if self.viewer is None or self.target is None:
            self.seen = None
            return
        self.seen = sight(self.table, self.viewer, self.target, self.moved_positions())

    def _update_placing(self) -> None:
        self.placing_ghost = None
        self.placing_valid = False
        self.placing_note = ""
        if not self.viewport.collidepoint(self.pointer):
            return
        pointer = self.to_table(self.pointer)
        if self.placing_kind is not None:
            piece = TerrainPiece("new", kinds()[self.placing_kind], pointer, self.placing_rotation)
            self.placing_ghost, self.placing_valid, self.placing_note = self._piece_spot(
                piece, pointer, self.placing_rotation
            )
        elif self.placing_base is not None:
            self.placing_ghost, self.placing_valid, self.placing_note = self._model_spot(
                self.placing_base / 2, pointer, None
            )

    def _piece_spot(self, piece: TerrainPiece, wanted: Point, rotation: float) -> tuple[Point | None, bool, str]:
        """Where a dragged piece would go: the pointer when it fits there, else the
        nearest spot where it touches what it would overlap. With spacing enforced a
        spot that only breaks the spacing is shown in amber and moved on the drop."""
        table = self.table
        spacing = self.shown.terrain_spacing
        if table.piece_fits(piece, wanted, rotation, spacing):
            return wanted, True, ""
        spot = table.nearest_piece_position(piece, wanted, rotation, 0.0)
        if spot is None:
            return wanted, False, _("No room for it here.")
        if spacing and not table.piece_fits(piece, spot, rotation, spacing):
            return spot, True, _("Keeps {cm:g} cm from other terrain when dropped.", cm=spacing / 10)
        return spot, True, ""

    def _model_spot(self, radius: float, wanted: Point, model_id: str | None) -> tuple[Point | None, bool, str]:
        table = self.table
        ignore = (model_id,) if model_id else ()
        spot = table.nearest_model_position(radius, wanted, ignore)
        if spot is None:
            return None, False, _("No room for a base here.")
        zone = self.zone()
        if zone and not deployment.in_zone(table, *zone, spot, radius):
            return spot, False, _("Outside your deployment zone.")
        return spot, True, ""

    def _place_piece_at(self, piece: TerrainPiece | None, kind: str, spot: Point | None, rotation: float) -> bool:
        """Submit a new or moved piece at `spot`, or, with the spacing enforced, at
        the nearest spot that keeps it. Where nothing fits the rules say why."""
        if spot is None:
            spot = self.to_table(self.pointer)
        table = self.table
        rotation = snap_angle(rotation)
        probe = piece or TerrainPiece("new", kinds()[kind], spot, rotation)
        spacing = self.shown.terrain_spacing
        if not table.piece_fits(probe, spot, rotation, spacing):
            spot = table.nearest_piece_position(probe, spot, rotation, spacing) or spot
        at = settle_point(lambda p: table.piece_fits(probe, p, rotation, spacing), spot) or snap_point(spot)
        if piece is None:
            return self.submit(Action("add_piece", terrain=kind, at=at, rotation=rotation))
        return self.submit(Action("place_piece", piece=piece.id, at=at, rotation=rotation))

    def _fits_model(self, radius: float, model_id: str | None) -> Callable[[Point], bool]:
        table = self.table
        ignore = (model_id,) if model_id else ()
        zone = self.zone()

        def fits(p: Point) -> bool:
            if not table.model_fits(radius, p, ignore):
                return False
            return not zone or deployment.in_zone(table, *zone, p, radius)

        return fits

    # -- moving a warrior --------------------------------------------------------------------

    def plan(self, model_id: str, wanted: Point, freehand: Sequence[Point] = ()) -> Drag:
        """The move of a warrior towards a point: the shortest path (or the path
        drawn with Shift) and whether the rules allow it."""
        table = self.table
        model = table.models[model_id]
        plan = Drag("path", (0, 0), model_id, moved=True)
        goal = table.nearest_model_position(model.radius, wanted, (model_id,))
        plan.ghost = goal or wanted
        if goal is None:
            plan.note = _("No room for the base there.")
            return plan
        if freehand:
            drawn = [p for p in freehand if math.dist(p, model.position) > 2.0 and math.dist(p, goal) > 2.0]
            points = [model.position] + drawn[:MAX_DRAWN] + [goal]
            check = movement.check_path(table, model_id, points)
            plan.path = tuple(points)
            plan.length, plan.cost = check.length, check.cost
            plan.valid = check.ok
            if check.blocked_by is not None:
                plan.note = _("Blocked by {what}.", what=self.label(check.blocked_by))
            elif check.over_allowance:
                plan.note = _("{cm:.1f} cm: too far", cm=check.cost / 10)
        else:
            path = movement.shortest_path(table, model_id, goal)
            if path is None:
                straight = movement.check_path(table, model_id, [model.position, goal])
                plan.length, plan.cost = straight.length, straight.cost
                if straight.cost > table.allowance:
                    plan.note = _("{cm:.1f} cm: too far", cm=straight.cost / 10)
                else:
                    plan.note = _("No way there within {cm:g} cm.", cm=table.allowance / 10)
                return plan
            plan.path, plan.length, plan.cost, plan.valid = path.points, path.length, path.cost, True
        if plan.valid and not movement.move_may_end(table, model_id, goal):
            plan.valid = False
            plan.note = _("A move may not end touching an enemy.")
        return plan

    def walk(self, plan: Drag) -> bool:
        """Submit a planned move (an impossible one too: the rules say why not)."""
        table = self.table
        model = table.models[plan.item]
        if plan.valid and plan.path:
            points = settle_path(table, plan.item, plan.path)
            if points is not None:
                return self.submit(Action("move", model=plan.item, path=points))
        goal = snap_point(plan.ghost or model.position)
        if goal == model.position:
            return False
        return self.submit(Action("move", model=plan.item, path=(model.position, goal)))

    # -- input -----------------------------------------------------------------------------------

    def element_at(self, pos: tuple[int, int]) -> str | None:
        """The warrior (else terrain piece) under a screen point."""
        if self.table is None or not self.on_table(pos):
            return None
        return self.table.element_at(self.to_table(pos))

    def handle_event(self, event: pygame.event.Event) -> bool:
        kind = event.type
        if kind == pygame.MOUSEMOTION:
            return self._motion(event.pos, getattr(event, "buttons", (0, 0, 0)))
        if kind == pygame.MOUSEBUTTONDOWN:
            self.pointer = event.pos
            if event.button in (2, 3):
                if self.viewport.collidepoint(event.pos):
                    self.drag = Drag("pan", event.pos)
                    return True
                return False
            if event.button == 1:
                return self._press(event.pos)
            return False
        if kind == pygame.MOUSEBUTTONUP:
            self.pointer = event.pos
            if event.button in (2, 3) and self.drag is not None and self.drag.kind == "pan":
                drag, self.drag = self.drag, None
                if not drag.moved:
                    self.cancel()
                return True
            if event.button == 1 and self.drag is not None and self.drag.kind != "pan":
                drag, self.drag = self.drag, None
                return self._release(drag, event.pos)
            return False
        if kind == pygame.MOUSEWHEEL:
            if not self.viewport.collidepoint(self.pointer):
                return False
            if self._turning():
                self.turn(event.y * TURN_STEP)
            else:
                self.zoom(ZOOM_STEP**event.y, self.pointer)
                self._update_tools()
                self._update_placing()
            return True
        if kind == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _turning(self) -> bool:
        """True when the wheel and R turn something rather than zoom."""
        return (
            (self.drag is not None and self.drag.kind == "piece")
            or self.placing_kind is not None
            or (self.tool == "flame" and self.attacker is not None)
        )

    def turn(self, degrees: float) -> None:
        if self.drag is not None and self.drag.kind == "piece":
            self.drag.rotation = snap_angle(self.drag.rotation + degrees)
            self._drag_piece(self.drag, self.pointer)
        elif self.placing_kind is not None:
            self.placing_rotation = snap_angle(self.placing_rotation + degrees)
            self._update_placing()
        elif self.tool == "flame" and self.attacker is not None:
            self.flame_angle = (self.flame_angle + degrees) % 360
            self.flame_pinned = True
            self._update_tools()
        elif self.selected in self.pieces and self.phase == LAYOUT and self.seat is not None:
            piece = self.table.pieces[self.selected]
            self._place_piece_at(piece, piece.kind.key, piece.position, piece.rotation + degrees)

    def cancel(self) -> None:
        """A right click: put back what is in hand, forget what the tool found."""
        if self.placing_kind is not None or self.placing_base is not None:
            self.stop_placing()
        elif self.tool == "sight" and (self.viewer or self.target_fixed):
            self.viewer = self.target = None
            self.target_fixed = False
        elif self.tool == "measure":
            self.tape = None
        elif self.tool == "flame":
            self.attacker = None
            self.flame_pinned = False
        elif self.tool == "explosion":
            self.blast_pinned = False
        else:
            self.selected = None
        self._update_tools()

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        for name, _label, code in TOOLS:
            if key == code:
                self.set_tool(name)
                return True
        if key == pygame.K_g:
            self.toggle_grid()
        elif key == pygame.K_a:
            self.toggle_reach()
        elif key == pygame.K_r:
            self.turn(-TURN_STEP if event.mod & pygame.KMOD_SHIFT else TURN_STEP)
        elif key in (pygame.K_0, pygame.K_HOME, pygame.K_KP0):
            self.fit()
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.zoom(ZOOM_STEP, self.viewport.center)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.zoom(1 / ZOOM_STEP, self.viewport.center)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            step = self.theme.px(60)
            self.pan(
                {pygame.K_LEFT: step, pygame.K_RIGHT: -step}.get(key, 0),
                {pygame.K_UP: step, pygame.K_DOWN: -step}.get(key, 0),
            )
        elif key in (pygame.K_DELETE, pygame.K_BACKSPACE):
            return self.remove_selected()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.seat is not None and self.submit(Action("end_turn"))
        else:
            return False
        self._update_tools()
        return True

    def remove_selected(self) -> bool:
        if self.phase != LAYOUT or self.seat is None or self.selected is None:
            return False
        if self.selected in self.pieces:
            return self.submit(Action("remove_piece", piece=self.selected))
        if self.selected in self.warriors:
            return self.submit(Action("remove_model", model=self.selected))
        return False

    def _motion(self, pos: tuple[int, int], buttons: Sequence[int]) -> bool:
        previous = self.pointer
        self.pointer = pos
        drag = self.drag
        if drag is not None and drag.kind == "pan":
            if abs(pos[0] - drag.start[0]) + abs(pos[1] - drag.start[1]) > DRAG_SLOP:
                drag.moved = True
            self.pan(pos[0] - previous[0], pos[1] - previous[1])
            return True
        if drag is not None:
            if not drag.moved and abs(pos[0] - drag.start[0]) + abs(pos[1] - drag.start[1]) > DRAG_SLOP:
                drag.moved = True
            if drag.moved:
                self._drag_to(drag, pos)
                if self.tool == "sight":
                    self._update_sight()
            return True
        hovered = self.element_at(pos) if self.viewport.collidepoint(pos) else None
        self.hovered = hovered
        self._update_tools()
        if self.placing_kind is not None or self.placing_base is not None:
            self._update_placing()
        return True

    def _press(self, pos: tuple[int, int]) -> bool:
        hit = hit_at(self.hits, pos)
        if hit is not None:
            if hit.enabled:
                hit.on_click()
            return True
        if not self.viewport.collidepoint(pos):
            return False
        point = self.to_table(pos)
        element = self.element_at(pos)
        live = self.seat is not None
        if self.placing_kind is not None:
            if live:
                self._place_piece_at(None, self.placing_kind, self.placing_ghost, self.placing_rotation)
                self._update_placing()
            return True
        if self.placing_base is not None:
            if live and self.placing_ghost is not None:
                fits = self._fits_model(self.placing_base / 2, None)
                at = settle_point(fits, self.placing_ghost) if self.placing_valid else None
                self.submit(Action("add_model", base=self.placing_base, at=at or snap_point(self.placing_ghost)))
                self._update_placing()
            return True
        if self.tool == "measure":
            self.drag = Drag("tape", pos, moved=True)
            self.tape_from = point
            self.tape = measure.tape(self.table, point, point)
            return True
        if self.tool == "sight":
            if (
                element in self.table.models
                and self.viewer is not None
                and self.target is not None
                and self.target_fixed
            ):
                # with the sight shown, a warrior one may move can be dragged and the
                # sight follows it; a click without dragging still picks
                model = self.table.models[element]
                if self.phase == LAYOUT and live and self.own(element):
                    self.drag = Drag(
                        "model",
                        pos,
                        element,
                        (point[0] - model.position[0], point[1] - model.position[1]),
                        sight_click=True,
                    )
                    return True
                if self.may_walk(element):
                    self.drag = Drag("path", pos, element, sight_click=True)
                    return True
            self._sight_click(element, pos)
            return True
        if self.tool == "explosion":
            self.blast_pinned = not self.blast_pinned
            self.blast = point
            self._update_tools()
            return True
        if self.tool == "flame":
            if element in self.table.models and element != self.attacker:
                self.attacker = element
                self.flame_pinned = False
            elif self.attacker is not None:
                self.flame_pinned = not self.flame_pinned
            self._update_tools()
            return True
        # select and move
        if element in self.table.models:
            self.selected = element
            if self.phase == LAYOUT and self.own(element):
                model = self.table.models[element]
                self.drag = Drag("model", pos, element, (point[0] - model.position[0], point[1] - model.position[1]))
            elif self.may_walk(element):
                self.drag = Drag("path", pos, element)
            return True
        if element in self.table.pieces:
            if self.phase == LAYOUT and live:
                piece = self.table.pieces[element]
                self.selected = element
                self.drag = Drag(
                    "piece",
                    pos,
                    element,
                    (point[0] - piece.position[0], point[1] - piece.position[1]),
                    rotation=piece.rotation,
                )
                return True
        if self.selected in self.warriors and self.may_walk(self.selected) and self.on_table(pos):
            # a click on the table: the selected warrior walks there by the shortest way
            self.walk(self.plan(self.selected, point))
            return True
        self.selected = element
        return True

    def _sight_click(self, element: str | None, pos: tuple[int, int]) -> None:
        """A click with the sight tool: pick the viewer, then the target (a warrior
        or a spot); the viewer again forgets it."""
        if element in self.table.models:
            if self.viewer is None or element == self.viewer:
                self.viewer = None if element == self.viewer else element
                self.target, self.target_fixed = None, False
            else:
                self.target, self.target_fixed = element, True
        elif self.viewer is not None and self.on_table(pos):
            self.target, self.target_fixed = self.to_table(pos), True
        self._update_tools()

    def _drag_to(self, drag: Drag, pos: tuple[int, int]) -> None:
        point = self.to_table(pos)
        if drag.kind == "tape":
            self.tape = measure.tape(self.table, self.tape_from or point, point)
        elif drag.kind == "model":
            model = self.table.models[drag.item]
            wanted = (point[0] - drag.grab[0], point[1] - drag.grab[1])
            drag.ghost, drag.valid, drag.note = self._model_spot(model.radius, wanted, drag.item)
        elif drag.kind == "path":
            shift = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
            if shift:
                if not drag.freehand or math.dist(drag.freehand[-1], point) > 3.0:
                    drag.freehand.append(point)
            else:
                drag.freehand = []
            freehand = _simplified(drag.freehand, 1.5) if shift else ()
            plan = self.plan(drag.item, point, freehand)
            drag.ghost, drag.valid, drag.note, drag.path, drag.length, drag.cost = (
                plan.ghost,
                plan.valid,
                plan.note,
                plan.path,
                plan.length,
                plan.cost,
            )
        elif drag.kind == "piece":
            self._drag_piece(drag, pos)

    def _drag_piece(self, drag: Drag, pos: tuple[int, int]) -> None:
        piece = self.table.pieces[drag.item]
        point = self.to_table(pos)
        wanted = (point[0] - drag.grab[0], point[1] - drag.grab[1])
        drag.ghost, drag.valid, drag.note = self._piece_spot(piece, wanted, drag.rotation)

    def _release(self, drag: Drag, pos: tuple[int, int]) -> bool:
        """The left button let go of what `drag` held (no longer held)."""
        if drag.kind == "tape":
            return True
        if not drag.moved:
            if drag.sight_click:
                self._sight_click(drag.item, pos)
            return True
        if drag.kind == "model":
            model = self.table.models[drag.item]
            if drag.ghost is not None:
                at = settle_point(self._fits_model(model.radius, drag.item), drag.ghost) if drag.valid else None
                at = at or snap_point(drag.ghost)
                if at != model.position:
                    self.submit(Action("place_model", model=drag.item, at=at))
        elif drag.kind == "path":
            self.walk(drag)
        elif drag.kind == "piece":
            piece = self.table.pieces[drag.item]
            self._place_piece_at(piece, piece.kind.key, drag.ghost, drag.rotation)
        self._update_tools()
        return True

    # -- what happened ------------------------------------------------------------------------

    def on_events(self, events: Sequence[Event]) -> None:
        self.refresh()
        self._reach = None
        if not events:
            self.walking.clear()
        for event in events:
            if event.kind == "move" and event.data.get("model") in self.warriors:
                points = tuple(tuple(p) for p in event.data["path"])
                length = sum(math.dist(a, b) for a, b in zip(points, points[1:], strict=False))
                tween = Tween(min(0.9, 0.25 + length / 400))
                self.walking[event.data["model"]] = (points, tween)
                self.animations.append(tween)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.walking = {m: w for m, w in self.walking.items() if not w[1].done}

    def is_animating(self) -> bool:
        return bool(self.walking) or super().is_animating()

    # -- the frame's questions ------------------------------------------------------------------

    def players_summary(self) -> list[PlayerSummary]:
        shown = self.shown
        summaries = []
        for seat, name in enumerate(self.ctx.names):
            own = [m for m in shown.warriors if m.side == seat]
            details = [ngettext("{count} warrior", "{count} warriors", len(own))]
            if shown.phase == PLAY and seat == self.ctx.actor:
                details.append(_("{moved} moved", moved=sum(1 for m in own if m.moved)))
            elif shown.phase == LAYOUT:
                if shown.terrain_budget is not None:
                    details.append(
                        _(
                            "{spent} of {total} terrain points",
                            spent=shown.seats[seat].terrain_points,
                            total=shown.terrain_budget,
                        )
                    )
                if shown.seats[seat].ready:
                    details.append(_("ready"))
            summaries.append(PlayerSummary(seat, name, self.ctx.colour(seat), "", details))
        return summaries

    def shortcuts(self) -> list[tuple[str, str]]:
        return [
            ("V", _("Select and move warriors and terrain")),
            ("M", _("Tape measure: drag between two points")),
            ("L", _("Line of sight: click the viewer, then the target")),
            ("E", _("Explosion template (a click pins it)")),
            ("F", _("Flame template: click the attacker")),
            ("A", _("Show or hide how far the selected warrior can move")),
            ("G", _("Show or hide the centimetre grid")),
            ("R", _("Turn the terrain or template in hand (Shift: the other way)")),
            (_("Wheel"), _("Zoom; turns what is in hand")),
            (_("Right drag / arrows"), _("Move the view")),
            ("0", _("Show the whole table")),
            (_("Delete"), _("Remove the selected piece or warrior (while laying out)")),
            ("Shift", _("While dragging a warrior: follow your own path")),
            (pgettext("the key", "Enter"), _("End the turn / pass the table on")),
        ]

    def prompt(self) -> str | None:
        if self.phase == LAYOUT:
            return _("Lay out terrain and your warriors, then press Ready.")
        return _("Move each of your warriors once, up to {cm:g} cm, then end the turn.", cm=self.shown.allowance / 10)


def _converted(surface: pygame.Surface) -> pygame.Surface:
    """The surface in the screen's pixel format (faster blits), when there is one."""
    try:
        return surface.convert()
    except pygame.error:
        return surface


def _rgb(colour: str) -> tuple[int, int, int]:
    """An "#rrggbb" colour as numbers."""
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


def _simplified(points: Sequence[Point], tolerance: float) -> list[Point]:
    """A drawn line with fewer corners (Douglas-Peucker), for a path drawn by hand."""
    if len(points) < 3:
        return list(points)
    a, b = points[0], points[-1]
    index, worst = 0, 0.0
    for i in range(1, len(points) - 1):
        d = planar.point_segment_distance(points[i], a, b)
        if d > worst:
            index, worst = i, d
    if worst <= tolerance:
        return [a, b]
    return _simplified(points[: index + 1], tolerance)[:-1] + _simplified(points[index:], tolerance)
