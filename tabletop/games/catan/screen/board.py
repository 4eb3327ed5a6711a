"""The island on Catan's screen: where its hexes, intersections, paths and
harbours are drawn, which places light up and take a click, and the drawing of
the island (once per size), the pieces, the robber and the lit places over it."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from tabletop.engine.core import Action
from tabletop.games.catan import art as cart
from tabletop.games.catan import geometry as G
from tabletop.games.catan import state as phases
from tabletop.games.catan.screen.common import FELT_TEXT, LIT, Shared
from tabletop.games.catan.screen.motion import Motion
from tabletop.games.catan.screen.panel import Panel
from tabletop.games.catan.views import Board, PlayerView
from tabletop.i18n import _
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.caches import drawn

SQRT3 = math.sqrt(3)
#: the sea frame reaches this many hex sizes beyond the outer land hexes
FRAME_MARGIN = 0.85
#: half the width of the island with its frame, and the frame's corner radius, in hex sizes
HALF_WIDTH = 4 + FRAME_MARGIN
FRAME_RADIUS = HALF_WIDTH * 2 / SQRT3

Point = tuple[float, float]


class Island(Panel):
    """The board: the island in its frame, the pieces and the places that light up."""

    def __init__(self, shared: Shared, motion: Motion) -> None:
        super().__init__(shared)
        self.motion = motion
        #: the size of a hex (centre to corner), in pixels
        self.size = 1.0
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.hex_px: list[Point] = []
        self.point_px: list[Point] = []
        self.harbour_px: list[tuple[Point, Point, Point]] = []
        self._island: pygame.Surface | None = None
        self._island_key: tuple | None = None

    # -- where things are ---------------------------------------------------------------

    def layout(self, rect: pygame.Rect, size: float) -> None:
        """Place the island in `rect` with hexes of `size` pixels."""
        self.rect = pygame.Rect(rect)
        self.size = size
        s = size
        cx, cy = self.rect.center
        self.hex_px = [(cx + 1.5 * q * s, cy + SQRT3 * s * (r + q / 2)) for q, r in G.HEX_AXIAL]
        self.point_px = [(cx + X * s / 2, cy + Y * s * SQRT3 / 2) for X, Y in G.INTERSECTION_POINT]
        self.harbour_px = []
        for _frame, land, (a, b) in G.HARBOUR_PLACES:
            pa, pb = self.point_px[a], self.point_px[b]
            mid = ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2)
            lx, ly = self.hex_px[land]
            dx, dy = mid[0] - lx, mid[1] - ly
            norm = math.hypot(dx, dy) or 1
            self.harbour_px.append((pa, pb, (mid[0] + dx / norm * s * 0.5, mid[1] + dy / norm * s * 0.5)))
        self._island = None

    def path_px(self, p: int) -> tuple[Point, Point]:
        a, b = G.PATH_ENDS[p]
        return self.point_px[a], self.point_px[b]

    def path_mid(self, p: int) -> Point:
        (ax, ay), (bx, by) = self.path_px(p)
        return (ax + bx) / 2, (ay + by) / 2

    def hex_at(self, pos: tuple[int, int]) -> int | None:
        """The land hex under a pixel, or None."""
        s = self.size
        cx, cy = self.rect.center
        x, y = pos[0] - cx, pos[1] - cy
        q = (2 / 3 * x) / s
        r = (-1 / 3 * x + SQRT3 / 3 * y) / s
        # cube rounding
        sy = -q - r
        rq, rr, rs = round(q), round(r), round(sy)
        dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - sy)
        if dq > dr and dq > ds:
            rq = -rr - rs
        elif dr > ds:
            rr = -rq - rs
        return G.HEX_INDEX.get((rq, rr))

    def intersection_at(self, pos: tuple[int, int], among: Sequence[int]) -> int | None:
        """The intersection of `among` nearest to a pixel, if within reach."""
        best, reach = None, self.size * 0.34
        for i in among:
            x, y = self.point_px[i]
            d = math.hypot(pos[0] - x, pos[1] - y)
            if d < reach:
                best, reach = i, d
        return best

    def path_at(self, pos: tuple[int, int], among: Sequence[int]) -> int | None:
        """The path of `among` whose middle is nearest to a pixel, if within reach."""
        best, reach = None, self.size * 0.36
        for p in among:
            x, y = self.path_mid(p)
            d = math.hypot(pos[0] - x, pos[1] - y)
            if d < reach:
                best, reach = p, d
        return best

    def robber_spot(self, h: int) -> Point:
        """Where the robber stands on a hex: beside the number token (its feet)."""
        x, y = self.hex_px[h]
        return x - self.size * 0.48, y + self.size * 0.34

    # -- what lights up ---------------------------------------------------------------------

    def mode(self) -> str | None:
        """What a click on the board places now: "settlement", "road", "city",
        "robber" or None."""
        if not self.read.live():
            return None
        phase = self.read.phase()
        if phase == phases.FOUND_SETTLEMENT:
            return "settlement"
        if phase in (phases.FOUND_ROAD, phases.FREE_ROADS):
            return "road"
        if phase == phases.ROBBER:
            return "robber"
        if phase == phases.MAIN and self.choices.mode in ("road", "settlement", "city"):
            return self.choices.mode
        return None

    def targets(self) -> dict[int, Action]:
        """The lit places of the board mode and the action each one plays."""
        mode = self.mode()
        of_kind = self.read.of_kind
        if mode == "road":
            return {G.PATH_BY_NAME[a["path"]]: a for a in of_kind("build_road")}
        if mode == "settlement":
            return {G.INTERSECTION_BY_NAME[a["intersection"]]: a for a in of_kind("build_settlement")}
        if mode == "city":
            return {G.INTERSECTION_BY_NAME[a["intersection"]]: a for a in of_kind("build_city")}
        if mode == "robber":
            found: dict[int, Action] = {}
            for a in of_kind("move_robber"):
                found.setdefault(G.HEX_BY_NAME[a["hex"]], a)
            return found
        return {}

    def victims(self, hex_index: int) -> list[int]:
        """The players the robber may rob on a hex."""
        name = G.hex_name(hex_index)
        return sorted(a["victim"] for a in self.read.of_kind("move_robber") if a["hex"] == name and "victim" in a)

    def target_at(
        self, pos: tuple[int, int], mode: str | None = None, targets: dict[int, Action] | None = None
    ) -> int | None:
        """The lit place under a pixel, or None (`mode` and `targets` when the caller
        has them already)."""
        mode = self.mode() if mode is None else mode
        targets = self.targets() if targets is None else targets
        if not targets:
            return None
        if mode == "road":
            return self.path_at(pos, list(targets))
        if mode in ("settlement", "city"):
            return self.intersection_at(pos, list(targets))
        if mode == "robber":
            h = self.hex_at(pos)
            return h if h in targets else None
        return None

    # -- drawing: the island --------------------------------------------------------------------

    def frame_points(self) -> list[Point]:
        cx, cy = self.rect.center
        radius = FRAME_RADIUS * self.size
        return [
            (cx + radius * math.cos(math.radians(-90 + 60 * k)), cy + radius * math.sin(math.radians(-90 + 60 * k)))
            for k in range(6)
        ]

    def _island_surface(self, board: Board) -> pygame.Surface:
        key = (self.rect.size, self.size, board.terrain, board.numbers, board.harbours)
        if self._island is not None and self._island_key == key:
            return self._island
        s = self.size
        rect = self.rect
        out = pygame.Surface(rect.size, pygame.SRCALPHA)
        ox, oy = rect.topleft

        def local(p: Point) -> Point:
            return p[0] - ox, p[1] - oy

        frame = [local(p) for p in self.frame_points()]
        # the sea inside a wooden frame
        sea = cart.sea_texture(rect.size).copy()
        mask = pygame.Surface(rect.size, pygame.SRCALPHA)
        cart.aa_polygon(mask, (255, 255, 255, 255), frame)
        sea.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        shadow = pygame.Surface(rect.size, pygame.SRCALPHA)
        cart.aa_polygon(shadow, (0, 0, 0, 90), [(x + s * 0.04, y + s * 0.08) for x, y in frame])
        out.blit(shadow, (0, 0))
        out.blit(sea, (0, 0))
        rim = max(3, int(s * 0.13))
        pygame.draw.polygon(out, (120, 80, 44), [(round(x), round(y)) for x, y in frame], rim)
        pygame.draw.aalines(out, (60, 36, 18), True, frame)
        k = rim / (FRAME_RADIUS * s)
        inner = [(x + (rect.w / 2 - x) * k, y + (rect.h / 2 - y) * k) for x, y in frame]
        pygame.draw.aalines(out, (170, 124, 74), True, inner)
        # shallow water and beach round the land
        for h in range(G.HEX_COUNT):
            cx, cy = local(self.hex_px[h])
            cart.aa_polygon(out, (86, 150, 190), cart.hex_points(cx, cy, s * 1.2))
        for h in range(G.HEX_COUNT):
            cx, cy = local(self.hex_px[h])
            cart.aa_polygon(out, cart.SAND, cart.hex_points(cx, cy, s * 1.06))
        # harbour piers, then the land over their ends
        plank = max(2, int(s * 0.1))
        for slot, (pa, pb, spot) in enumerate(self.harbour_px):
            if slot >= len(board.harbours):
                break
            for end in (pa, pb):
                a, b = local(end), local(spot)
                pygame.draw.line(out, (70, 44, 22), a, b, plank + 2)
                pygame.draw.line(out, (168, 120, 70), a, b, plank)
        tile_radius = max(4, int(s * 0.965))
        for h, terrain in enumerate(board.terrain):
            tile = cart.terrain_tile(terrain, tile_radius, h)
            out.blit(tile, tile.get_rect(center=(round(local(self.hex_px[h])[0]), round(local(self.hex_px[h])[1]))))
        for slot, harbour in enumerate(board.harbours):
            token = cart.harbour_token(harbour.resource, harbour.ratio, max(6, int(s * 0.39)))
            out.blit(token, token.get_rect(center=tuple(round(v) for v in local(self.harbour_px[slot][2]))))
        for h, number in enumerate(board.numbers):
            if number:
                token = cart.number_token(number, max(6, int(s * 0.3)))
                out.blit(token, token.get_rect(center=tuple(round(v) for v in local(self.hex_px[h]))))
        self._island = out
        self._island_key = key
        return out

    def draw(self, surface: pygame.Surface, data: PlayerView) -> bool:
        """The island, its pieces and what lights up; False while there is no
        island yet (chance still lays it out)."""
        board = data.board
        if not board.terrain:
            art.text(
                surface,
                _("The island is being laid out…"),
                self.theme.font(th.LARGE, italic=True),
                FELT_TEXT,
                self.rect.center,
                "center",
            )
            return False
        surface.blit(self._island_surface(board), self.rect.topleft)
        self._draw_rolled_numbers(surface, board, data.dice)
        return True

    def draw_pieces(self, surface: pygame.Surface, data: PlayerView) -> None:
        """The pieces, the robber and the lit places (over the corners of the board)."""
        board = data.board
        targets = self.targets()
        mode = self.mode()
        hovered = self.target_at(self.pointer, mode, targets) if targets else None
        if mode == "robber":
            self._draw_hex_targets(surface, targets, hovered)
        self._draw_robbed_hex(surface, board.robber)
        self._draw_roads(surface, data)
        if mode == "road":
            self._draw_path_targets(surface, targets, hovered)
        self._draw_buildings(surface, data)
        if mode in ("settlement", "city"):
            self._draw_point_targets(surface, targets, hovered, mode)
        robber_hex = self.choices.robber_hex
        chosen = robber_hex if mode == "robber" and robber_hex is not None else None
        if chosen is not None:
            self._draw_victims(surface, data, chosen)
        self._draw_robber(
            surface, board.robber, chosen if chosen is not None else hovered if mode == "robber" else None
        )
        self._draw_flights(surface)

    def _draw_rolled_numbers(self, surface: pygame.Surface, board: Board, dice: tuple[int, ...]) -> None:
        """A gold ring round the number tokens of this turn's roll."""
        if not dice:
            return
        total = sum(dice)
        radius = int(self.size * 0.3) + max(3, int(self.size * 0.07))
        for h, number in enumerate(board.numbers):
            if number == total:
                x, y = self.hex_px[h]
                pygame.draw.circle(surface, (34, 24, 14), (int(x), int(y)), radius + 2, max(3, int(self.size * 0.08)))
                pygame.draw.circle(surface, LIT, (int(x), int(y)), radius, max(2, int(self.size * 0.055)))

    def _draw_robbed_hex(self, surface: pygame.Surface, h: int) -> None:
        if not 0 <= h < G.HEX_COUNT:
            return
        shade = cart.hex_shape(int(self.size * 0.96), (20, 12, 8, 96))
        surface.blit(shade, shade.get_rect(center=tuple(int(v) for v in self.hex_px[h])))

    def _draw_victims(self, surface: pygame.Surface, data: PlayerView, h: int) -> None:
        """Rings round the buildings of the players the robber may rob on hex `h`."""
        s = self.size
        victims = set(self.victims(h))
        for i in G.HEX_CORNERS[h]:
            if data.buildings[i].owner in victims:
                x, y = self.point_px[i]
                pygame.draw.circle(surface, (34, 24, 14), (int(x), int(y)), int(s * 0.38), max(3, int(s * 0.1)))
                pygame.draw.circle(surface, LIT, (int(x), int(y)), int(s * 0.37), max(2, int(s * 0.06)))

    def _draw_robber(self, surface: pygame.Surface, h: int, ghost_at: int | None) -> None:
        height = max(12, int(self.size * 0.74))
        if ghost_at is not None and ghost_at != h:
            image = cart.robber(height, ghost=True)
            surface.blit(image, image.get_rect(midbottom=tuple(int(v) for v in self.robber_spot(ghost_at))))
        if not 0 <= h < G.HEX_COUNT:
            return
        x, y = self.robber_spot(h)
        sliding = self.motion.robber_from
        if sliding is not None:
            start, tween = sliding
            sx, sy = self.robber_spot(start)
            k = tween.t
            x, y = sx + (x - sx) * k, sy + (y - sy) * k - self.size * 0.8 * math.sin(math.pi * k)
        image = cart.robber(height)
        surface.blit(image, image.get_rect(midbottom=(int(x), int(y))))

    def _draw_roads(self, surface: pygame.Surface, data: PlayerView) -> None:
        width = max(3.0, self.size * 0.17)
        for p, seat in enumerate(data.roads):
            if seat == -1:
                continue
            (ax, ay), (bx, by) = self.path_px(p)
            lift = self.motion.drop("road", p, self.size)
            cart.road(surface, (ax, ay - lift), (bx, by - lift), self.ctx.colour(seat), width)

    def _draw_buildings(self, surface: pygame.Surface, data: PlayerView) -> None:
        s = self.size
        for i, building in enumerate(data.buildings):
            if building.owner == -1:
                continue
            colour = self.ctx.colour(building.owner)
            level = building.level
            if level == 2:
                image = cart.city(colour, max(8, int(s * 0.52)))
            else:
                image = cart.settlement(colour, max(6, int(s * 0.38)))
            x, y = self.point_px[i]
            lift = self.motion.drop("city" if level == 2 else "settlement", i, s)
            surface.blit(image, image.get_rect(center=(int(x), int(y - s * 0.06 - lift))))

    def _draw_point_targets(
        self, surface: pygame.Surface, targets: dict[int, Action], hovered: int | None, mode: str
    ) -> None:
        s = self.size
        seat = self.ctx.seat
        colour = self.ctx.colour(seat) if seat is not None else th.GOLD
        for i in targets:
            x, y = self.point_px[i]
            spot = lit_spot(s, mode, i == hovered)
            surface.blit(spot, spot.get_rect(center=(int(x), int(y))))
        if hovered is not None:
            x, y = self.point_px[hovered]
            image = (
                cart.city(colour, max(8, int(s * 0.52)), ghost=True)
                if mode == "city"
                else cart.settlement(colour, max(6, int(s * 0.38)), ghost=True)
            )
            surface.blit(image, image.get_rect(center=(int(x), int(y - s * 0.06))))

    def _draw_path_targets(self, surface: pygame.Surface, targets: dict[int, Action], hovered: int | None) -> None:
        s = self.size
        seat = self.ctx.seat
        colour = self.ctx.colour(seat) if seat is not None else th.GOLD
        width = max(3.0, s * 0.17)
        for p in targets:
            a, b = self.path_px(p)
            if p == hovered:
                cart.road(surface, a, b, colour, width, alpha=220)
                continue
            lit_path(surface, a, b, s)

    def _draw_hex_targets(self, surface: pygame.Surface, targets: dict[int, Action], hovered: int | None) -> None:
        s = self.size
        for h in targets:
            x, y = self.hex_px[h]
            points = cart.hex_points(x, y, s * 0.86)
            if h == hovered:
                glow = cart.hex_shape(int(s * 0.86), (255, 246, 210, 70))
                surface.blit(glow, glow.get_rect(center=(int(x), int(y))))
            outline = [(round(px), round(py)) for px, py in points]
            pygame.draw.polygon(
                surface,
                th.GOLD if h != hovered else th.CREAM,
                outline,
                max(2, int(s * (0.06 if h == hovered else 0.04))),
            )

    def _draw_flights(self, surface: pygame.Surface) -> None:
        size = max(10, int(self.size * 0.42))
        for flight in self.motion.flights:
            tween = flight.tween
            if tween.elapsed < 0:
                continue
            k = tween.t
            (sx, sy), (ex, ey) = flight.start, flight.end
            x = sx + (ex - sx) * k
            y = sy + (ey - sy) * k - self.size * 0.6 * math.sin(math.pi * k)
            card = cart.resource_card(flight.resource, (size, int(size * 1.4)))
            surface.blit(card, card.get_rect(center=(int(x), int(y))))


@drawn(8)
def lit_spot(size: float, mode: str, hovered: bool = False) -> pygame.Surface:
    """The mark of an intersection where a piece may go (hex `size` in pixels): a
    bright disc with a dark rim, which reads on every terrain; for a city, a gold
    ring round the settlement that may grow."""
    s = size
    ring = max(2, int(s * 0.05))
    if mode == "city":
        r = s * (0.4 if hovered else 0.34)
    else:
        r = s * (0.2 if hovered else 0.15)
    spot = pygame.Surface((int(r * 2 + 6), int(r * 2 + 6)), pygame.SRCALPHA)
    c = spot.get_width() / 2
    if mode == "city":
        pygame.draw.circle(spot, (255, 250, 230, 70), (c, c), r)
        pygame.draw.circle(spot, (34, 24, 14, 170), (c, c), r + 1, ring + 2)
        pygame.draw.circle(spot, th.GOLD, (c, c), r, ring)
    else:
        pygame.draw.circle(spot, (34, 24, 14, 170), (c, c), r)
        pygame.draw.circle(spot, (*LIT, 235), (c, c), r * 0.74)
        pygame.draw.circle(spot, th.CREAM, (c, c), r * 0.36)
    return spot


def lit_path(surface: pygame.Surface, a: Point, b: Point, size: float) -> None:
    """The mark of a path where a road may go, from `a` to `b` (hex `size` in
    pixels): a bright bar with a dark rim, which reads on every terrain, and a dot
    in its middle."""
    s = size
    width = max(3.0, s * 0.17)
    cart.road(surface, a, b, (34, 24, 14), width * 0.8, alpha=150)
    cart.road(surface, a, b, LIT, width * 0.42, alpha=235)
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    pygame.draw.circle(surface, (34, 24, 14), (int(mx), int(my)), max(3, int(s * 0.1)))
    pygame.draw.circle(surface, th.CREAM, (int(mx), int(my)), max(2, int(s * 0.075)))
