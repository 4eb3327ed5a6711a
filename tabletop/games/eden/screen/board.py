"""The 7 x 7 board of Eden's screen: the wooden board with its coordinates and dry
fields, the players' tiles (with their animations), and the marks over them: the
conquest's tiles, the field of the irrigation card in view, the field under the
pointer."""

from __future__ import annotations

import pygame

from tabletop.games.eden import art as eart
from tabletop.games.eden.screen.drawing import TARGET_RED, crosshair, ring, tag, tint
from tabletop.games.eden.screen.shared import Shared
from tabletop.games.eden.views import PlayerView
from tabletop.i18n import _
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.gameview import Tween


class BoardPanel:
    """The board: its geometry, its tiles and the marks of the moment."""

    def __init__(self, shared: Shared) -> None:
        self.shared = shared
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.grid = pygame.Rect(0, 0, 0, 0)
        self.cell = 0
        self.fields: list[pygame.Rect] = []
        #: fields animating: field -> (kind, tween)
        self.pops: dict[int, tuple[str, Tween]] = {}
        self._background: pygame.Surface | None = None

    def layout(self, rect: pygame.Rect) -> None:
        """The board as a square of side `rect.h` at the left of `rect`'s row."""
        s = self.shared
        t = s.theme
        self.rect = pygame.Rect(rect)
        side = rect.w
        margin = max(int(t.fs(th.BODY) * 1.5), int(side * 0.055))
        columns, rows = s.board.width, s.board.height
        self.cell = min((side - margin * 2) // columns, (side - margin * 2) // rows)
        self.grid = pygame.Rect(0, 0, self.cell * columns, self.cell * rows)
        self.grid.center = rect.center
        gap = max(1, self.cell // 28)
        self.fields = [
            pygame.Rect(
                self.grid.x + (f % columns) * self.cell + gap,
                self.grid.y + (f // columns) * self.cell + gap,
                self.cell - gap * 2,
                self.cell - gap * 2,
            )
            for f in range(s.board.size)
        ]
        self._background = None

    def field_at(self, pos: tuple[int, int]) -> int | None:
        """The field under `pos`, or None off the grid."""
        if not self.grid.collidepoint(pos):
            return None
        board = self.shared.board
        c = (pos[0] - self.grid.x) // self.cell
        r = (pos[1] - self.grid.y) // self.cell
        if 0 <= c < board.width and 0 <= r < board.height:
            return int(r * board.width + c)
        return None

    def pop(self, fields: list[int], kind: str) -> list[Tween]:
        """Animate `fields`: "drop" (a new tile), "rise" (cultivated), "flip" (conquered)."""
        tweens = []
        for f in fields:
            tween = Tween(0.5 if kind == "flip" else 0.4)
            self.pops[f] = (kind, tween)
            tweens.append(tween)
        return tweens

    def update(self) -> None:
        self.pops = {f: p for f, p in self.pops.items() if not p[1].done}

    # -- drawing ----------------------------------------------------------------------------

    def background(self) -> pygame.Surface:
        """The wooden board with its coordinates and dry fields (drawn once per size)."""
        if self._background is not None and self._background.get_size() == self.rect.size:
            return self._background
        t = self.shared.theme
        rect = self.rect
        surface = pygame.Surface(rect.size, pygame.SRCALPHA)
        surface.blit(art.panel(rect.size, "wood", radius=t.px(18), border=max(1, t.px(3))), (0, 0))
        grid = self.grid.move(-rect.x, -rect.y)
        frame = grid.inflate(t.px(12), t.px(12))
        art.rounded_rect(surface, frame, (58, 36, 20, 255), t.px(8))
        for f, field_rect in enumerate(self.fields):
            r = field_rect.move(-rect.x, -rect.y)
            surface.blit(art.clip_rounded(eart.landscape(0, r.w, eart.variant_of(f)), max(2, r.w // 14)), r.topleft)
        self._background = art.ready(surface)
        return self._background

    def draw(self, surface: pygame.Surface, previewing: bool) -> None:
        """The board, its tiles and marks (`previewing`: a cultivation card is held
        over it, which draws its own marks)."""
        s = self.shared
        t = s.theme
        data = s.data
        art.drop_shadow(surface, self.rect, t.px(18), t.px(16), (0, t.px(6)))
        surface.blit(self.background(), self.rect.topleft)
        self._draw_coordinates(surface)
        owner, value = data.board.owner, data.board.value
        for f, rect in enumerate(self.fields):
            if owner[f] >= 0:
                self._draw_tile(surface, f, owner[f], value[f], rect)
        self._draw_marks(surface, data, previewing)

    def _draw_coordinates(self, surface: pygame.Surface) -> None:
        s = self.shared
        t = s.theme
        font = t.font(th.BODY, bold=True)
        hover = s.hover_field
        hc = hover % s.board.width if hover is not None else -1
        hr = hover // s.board.width if hover is not None else -1
        gap = (self.grid.top - self.rect.top) // 2
        for c, name in enumerate(s.board.columns):
            x = self.grid.x + c * self.cell + self.cell // 2
            colour = th.GOLD if c == hc else th.CREAM
            for y in (self.rect.top + gap, self.rect.bottom - gap):
                art.text(surface, name, font, colour, (x, y), "center", shadow=(20, 10, 4))
        for r in range(s.board.height):
            y = self.grid.y + r * self.cell + self.cell // 2
            colour = th.GOLD if r == hr else th.CREAM
            for x in (self.rect.left + gap, self.rect.right - gap):
                art.text(surface, str(r + 1), font, colour, (x, y), "center", shadow=(20, 10, 4))

    def _draw_tile(self, surface: pygame.Surface, f: int, seat: int, value: int, rect: pygame.Rect) -> None:
        s = self.shared
        t = s.theme
        image = eart.tile(value, rect.w, s.ctx.colour(seat), s.emblems[seat], eart.variant_of(f))
        pop = self.pops.get(f)
        if pop is None:
            art.drop_shadow(surface, rect, rect.w // 9, t.px(5), (t.px(2), t.px(3)), alpha=90)
            surface.blit(image, rect)
            return
        kind, tween = pop
        k = tween.t
        if kind == "flip":
            width = max(1, int(rect.w * abs(1 - 2 * tween.raw)))
            scaled = pygame.transform.smoothscale(image, (width, rect.h))
            surface.blit(scaled, scaled.get_rect(center=rect.center))
            return
        scale = 1.35 - 0.35 * k if kind == "drop" else 1.0 + 0.12 * (1 - abs(2 * tween.raw - 1))
        size = max(1, int(rect.w * scale))
        scaled = pygame.transform.smoothscale(image, (size, size))
        shadow_offset = int(t.px(14) * (1 - k)) if kind == "drop" else t.px(4)
        art.drop_shadow(
            surface, scaled.get_rect(center=rect.center), size // 9, t.px(8), (shadow_offset, shadow_offset), alpha=100
        )
        surface.blit(scaled, scaled.get_rect(center=rect.center))
        if kind == "rise":
            glow = pygame.Surface(rect.size, pygame.SRCALPHA)
            glow.fill((255, 240, 160, int(120 * (1 - tween.raw))))
            surface.blit(glow, rect.topleft, special_flags=pygame.BLEND_RGBA_ADD)

    def ring(self, surface: pygame.Surface, f: int, colour: tuple[int, ...], width: int, dashed: bool = False) -> None:
        ring(surface, self.fields[f], self.cell, colour, width, dashed)

    def _draw_marks(self, surface: pygame.Surface, data: PlayerView, previewing: bool) -> None:
        """What the player is about to do or what is going on, over the board."""
        s = self.shared
        t = s.theme
        thick = max(3, t.px(6))
        thin = max(2, t.px(4))
        auction = data.auction
        hand = s.hand()
        if auction is not None:
            for f in auction.group:
                self.ring(surface, f, th.GOLD, thick)
            for f in auction.targets:
                self.ring(surface, f, TARGET_RED, thick)
                crosshair(surface, self.fields[f])
        elif data.phase == "conquest" and data.placed >= 0:
            self.ring(surface, data.placed, th.GOLD, thick)
            if s.my_turn():
                # only the tiles of an attack the player can afford are offered
                legal = s.legal
                for f in legal.attackable():
                    chosen = f in s.targets
                    tint(surface, self.fields[f], TARGET_RED, 70 if chosen else 40)
                    self.ring(surface, f, TARGET_RED, thick, dashed=not chosen)
                    crosshair(surface, self.fields[f], filled=chosen)
                for f in legal.supports():
                    chosen = f == s.support
                    tint(surface, self.fields[f], th.GOLD, 70 if chosen else 35)
                    self.ring(surface, f, th.GOLD, thick, dashed=not chosen)
        # the field of the irrigation card under the pointer (or chosen)
        focus = s.hover_card if s.hover_card in hand else s.selected if s.selected in hand else None
        if focus is not None and s.is_irrigation(focus):
            self._field_glow(surface, focus, data)
        elif (
            s.hover_field is not None
            and s.my_turn()
            and s.hover_field in s.legal.irrigate
            and s.hover_field in hand
            and not previewing
        ):
            self._field_glow(surface, s.hover_field, data)
        if not previewing and s.hover_field is not None:
            rect = self.fields[s.hover_field].inflate(thin, thin)
            pygame.draw.rect(surface, (*th.CREAM, 255), rect, max(1, t.px(2)), border_radius=max(2, self.cell // 10))

    def _field_glow(self, surface: pygame.Surface, f: int, data: PlayerView) -> None:
        """Light up field `f`: water on a free field, a warning on a taken one."""
        s = self.shared
        t = s.theme
        rect = self.fields[f]
        free = data.board.owner[f] < 0
        colour = eart.WATER_LIGHT if free else TARGET_RED
        if free:
            ghost = eart.landscape(1, rect.w, eart.variant_of(f)).copy()
            ghost.set_alpha(150)
            surface.blit(ghost, rect.topleft)
        pygame.draw.rect(
            surface, colour, rect.inflate(t.px(10), t.px(10)), max(3, t.px(6)), border_radius=max(2, self.cell // 8)
        )
        font = t.font(th.BODY, bold=True)
        label = s.board.name(f) if free else _("{field} is taken", field=s.board.name(f))
        tag(
            surface,
            label,
            font,
            (rect.centerx, rect.y - t.px(6)),
            "midbottom",
            (*th.WOOD_DARK, 235),
            th.CREAM,
            t,
            self.grid,
        )
