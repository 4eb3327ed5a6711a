"""Catan's screen: the island on the left of the board area, the hand and the
choices of the player behind the curtain on the right.

The island (sea frame, harbours, terrain hexes, number tokens) is drawn once per
size into one surface; pieces, the robber and the places that light up are drawn
over it every frame. Every control is an on-screen button drawn where it is hit:
`draw_private` lays the buttons out and `handle_event` hits the ones drawn last.
A place on the board takes a click only when the rules list an action for it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from tabletop.engine.core import CHANCE, Action, Event
from tabletop.games.catan import art as cart
from tabletop.games.catan import geometry as G
from tabletop.games.catan import messages as M
from tabletop.games.catan import state as phases
from tabletop.games.catan.rules import tables
from tabletop.games.catan.schema import DEVELOPMENT_KINDS, CatanData
from tabletop.games.catan.views import VICTORY_POINT, Board, Hand, PlayerView
from tabletop.i18n import N_, _, ngettext, pgettext
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.game_screen import last_roll
from tabletop.ui.gameview import DISABLED, BoardButton, GameView, Hit, PlayerSummary, Tween, ViewContext, marked

SQRT3 = math.sqrt(3)
#: the sea frame reaches this many hex sizes beyond the outer land hexes
FRAME_MARGIN = 0.85
#: half the width of the island with its frame, and the frame's corner radius, in hex sizes
HALF_WIDTH = 4 + FRAME_MARGIN
FRAME_RADIUS = HALF_WIDTH * 2 / SQRT3

DEVELOPMENT_LABELS = {
    "knight": N_("Knight"),
    "road_building": N_("Road building"),
    "year_of_plenty": N_("Year of plenty"),
    "monopoly": N_("Monopoly"),
    "victory_point": N_("Victory point"),
}
TRADING_OVER = N_("Trading is over once you have built this turn.")
DEVELOPMENT_HELP = {
    "knight": N_("Move the robber and rob a neighbour."),
    "road_building": N_("Build two roads for free."),
    "year_of_plenty": N_("Take two resources from the bank."),
    "monopoly": N_("Take every card of one resource."),
    "victory_point": N_("One point, kept secret until you win."),
}
FELT_TEXT = (232, 240, 226)
#: the colour of the places that light up (unlike any player's colour)
LIT = (255, 218, 96)


def _data() -> CatanData:
    """The bundled Catan data (loaded on first use, by the rules' cached tables)."""
    return tables().data


def _resources() -> tuple[str, ...]:
    """The resource keys, in the data's order (every list of five counts follows it)."""
    return tables().resources


def cost(key: str) -> tuple[int, ...]:
    """The cost of a "road", "settlement", "city" or "development" card, per resource."""
    return getattr(_data(), f"cost_{key}")


def resource_label(key: str) -> str:
    """A resource's name from the data, translated."""
    return marked(_data().resource_labels[_resources().index(key)])


def join_wrapped(parts: Sequence[str], joint: str, font: pygame.font.Font, width: int) -> list[str]:
    """`parts` joined by `joint` into lines no wider than `width`, breaking only
    between parts (a part wider than a line stands alone, to be shortened)."""
    lines: list[str] = []
    for part in parts:
        if lines and font.size(lines[-1] + joint + part)[0] <= width:
            lines[-1] += joint + part
        else:
            lines.append(part)
    return lines


def tied(values: Sequence[int], minimum: int) -> bool:
    """True when two or more players share the lead for a special card at or above
    its minimum (with no holder, the card then lies in the supply because of the tie)."""
    top = max(values, default=0)
    return top >= minimum and list(values).count(top) > 1


def cards_of(counts: Sequence[int]) -> list[tuple[str, int]]:
    """(resource, count) for each resource of a list of five counts that is not 0."""
    return [(key, count) for key, count in zip(_resources(), counts, strict=False) if count]


def robber_action(hex_index: int, victim: int | None = None) -> Action:
    """The robber's move to land hex `hex_index`, robbing `victim` (None: nobody);
    the hex by name, as moves take it."""
    if victim is None:
        return Action("move_robber", hex=G.hex_name(hex_index))
    return Action("move_robber", hex=G.hex_name(hex_index), victim=victim)


def own_cards(data: PlayerView) -> Hand:
    """The looking seat's own cards; no cards at all for a look with no seat."""
    if data.hand is not None:
        return data.hand
    resources = (0,) * len(_resources())
    kinds = (0,) * len(DEVELOPMENT_KINDS)
    return Hand(resources, kinds, kinds, (_data().bank_trade_ratio,) * len(resources), resources)


@dataclass
class Flight:
    """A resource card flying from a hex to a building (production)."""

    resource: str
    start: tuple[float, float]
    end: tuple[float, float]
    tween: Tween


class CatanView(GameView):
    """The island, the pieces and the active player's hand and choices."""

    button_colour = th.WOOD_LIGHT

    def __init__(self, ctx: ViewContext) -> None:
        super().__init__(ctx)
        self.size = 1.0
        self.board_rect = pygame.Rect(0, 0, 0, 0)
        self.side = pygame.Rect(0, 0, 0, 0)
        self.hex_px: list[tuple[float, float]] = []
        self.point_px: list[tuple[float, float]] = []
        self.harbour_px: list[tuple[tuple[float, float], tuple[float, float], tuple[float, float]]] = []
        self._island: pygame.Surface | None = None
        self._island_key: tuple | None = None
        #: where the bank's row was drawn last (empty when it was not drawn)
        self.bank_rect = pygame.Rect(0, 0, 0, 0)
        #: what the player is doing in the main phase: None, "road", "settlement",
        #: "city", "bank", "offer", "counter", "monopoly"
        self.mode: str | None = None
        self.bank_give: str | None = None
        self.partner: int | None = None
        self.give = [0] * len(_resources())
        self.want = [0] * len(_resources())
        self.discard_pick = [0] * len(_resources())
        self.robber_hex: int | None = None
        self.flights: list[Flight] = []
        self.placed: dict[tuple[str, int], Tween] = {}
        self.robber_from: tuple[int, Tween] | None = None
        #: where the robber stood when the view last looked (it slides from there)
        self._robber_seen: int | None = None
        self._turn_key: tuple | None = None
        self._cache_key: tuple | None = None
        self._cached_view: PlayerView | None = None
        self._cached_legal: list[Action] | None = None

    # -- reading the match ------------------------------------------------------------

    def _fresh(self) -> None:
        key = (len(self.ctx.match.log), self.ctx.seat, self.ctx.actor)
        if key != self._cache_key:
            self._cache_key = key
            self._cached_view = None
            self._cached_legal = None

    def data(self) -> PlayerView:
        """The match as the table may see it (cached until the next change)."""
        self._fresh()
        if self._cached_view is None:
            view = self.ctx.view()
            assert isinstance(view, PlayerView), "Catan's screen draws Catan's player view"
            self._cached_view = view
        return self._cached_view

    def legal(self) -> list[Action]:
        """The legal actions open to the revealed seat (cached until the next change)."""
        self._fresh()
        if self._cached_legal is None:
            self._cached_legal = self.ctx.legal_actions() if self.live() else []
        return self._cached_legal

    def live(self) -> bool:
        """True when the seat behind the curtain is the one to act."""
        actor = self.ctx.actor
        return actor is not None and actor != CHANCE and self.ctx.seat == actor

    def phase(self) -> str:
        return self.data().phase

    def _of_kind(self, kind: str) -> list[Action]:
        return [a for a in self.legal() if a.kind == kind]

    # -- layout -------------------------------------------------------------------------

    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)
        t = self.theme
        pad = t.px(14)
        side_min = max(int(rect.w * 0.37), t.px(400))
        size = min((rect.w - side_min - pad * 3) / (2 * HALF_WIDTH), (rect.h - pad * 2) / (2 * FRAME_RADIUS))
        self.size = max(8.0, size)
        bw, bh = int(2 * HALF_WIDTH * self.size), int(2 * FRAME_RADIUS * self.size)
        self.board_rect = pygame.Rect(rect.x + pad, rect.y + (rect.h - bh) // 2, bw, bh)
        side_x = self.board_rect.right + pad
        self.side = pygame.Rect(side_x, rect.y + pad, rect.right - pad - side_x, rect.h - pad * 2)
        self.private_area = pygame.Rect(self.side)
        s = self.size
        cx, cy = self.board_rect.center
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

    def path_px(self, p: int) -> tuple[tuple[float, float], tuple[float, float]]:
        a, b = G.PATH_ENDS[p]
        return self.point_px[a], self.point_px[b]

    def path_mid(self, p: int) -> tuple[float, float]:
        (ax, ay), (bx, by) = self.path_px(p)
        return (ax + bx) / 2, (ay + by) / 2

    def hex_at(self, pos: tuple[int, int]) -> int | None:
        """The land hex under a pixel, or None."""
        s = self.size
        cx, cy = self.board_rect.center
        x, y = pos[0] - cx, pos[1] - cy
        q = (2 / 3 * x) / s
        r = (-1 / 3 * x + SQRT3 / 3 * y) / s
        # cube rounding
        qx, rz = q, r
        sy = -qx - rz
        rq, rr, rs = round(qx), round(rz), round(sy)
        dq, dr, ds = abs(rq - qx), abs(rr - rz), abs(rs - sy)
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

    # -- what lights up ---------------------------------------------------------------------

    def board_mode(self) -> str | None:
        """What a click on the board places now: "settlement", "road", "city",
        "robber" or None."""
        if not self.live():
            return None
        phase = self.phase()
        if phase == phases.FOUND_SETTLEMENT:
            return "settlement"
        if phase in (phases.FOUND_ROAD, phases.FREE_ROADS):
            return "road"
        if phase == phases.ROBBER:
            return "robber"
        if phase == phases.MAIN and self.mode in ("road", "settlement", "city"):
            return self.mode
        return None

    def targets(self) -> dict[int, Action]:
        """The lit places of the board mode and the action each one plays."""
        mode = self.board_mode()
        if mode == "road":
            return {G.PATH_BY_NAME[a["path"]]: a for a in self._of_kind("build_road")}
        if mode == "settlement":
            return {G.INTERSECTION_BY_NAME[a["intersection"]]: a for a in self._of_kind("build_settlement")}
        if mode == "city":
            return {G.INTERSECTION_BY_NAME[a["intersection"]]: a for a in self._of_kind("build_city")}
        if mode == "robber":
            found: dict[int, Action] = {}
            for a in self._of_kind("move_robber"):
                found.setdefault(G.HEX_BY_NAME[a["hex"]], a)
            return found
        return {}

    def victims(self, hex_index: int) -> list[int]:
        name = G.hex_name(hex_index)
        return sorted(a["victim"] for a in self._of_kind("move_robber") if a["hex"] == name and "victim" in a)

    def target_at(self, pos: tuple[int, int]) -> int | None:
        mode = self.board_mode()
        targets = self.targets()
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

    def frame_points(self) -> list[tuple[float, float]]:
        cx, cy = self.board_rect.center
        radius = FRAME_RADIUS * self.size
        return [
            (cx + radius * math.cos(math.radians(-90 + 60 * k)), cy + radius * math.sin(math.radians(-90 + 60 * k)))
            for k in range(6)
        ]

    def _island_surface(self, board: Board) -> pygame.Surface:
        key = (self.board_rect.size, self.size, board.terrain, board.numbers, board.harbours)
        if self._island is not None and self._island_key == key:
            return self._island
        s = self.size
        rect = self.board_rect
        out = pygame.Surface(rect.size, pygame.SRCALPHA)
        ox, oy = rect.topleft

        def local(p: tuple[float, float]) -> tuple[float, float]:
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

    def draw(self, surface: pygame.Surface) -> None:
        self.hits = []
        self.bank_rect = pygame.Rect(0, 0, 0, 0)
        data = self.data()
        board = data.board
        if not board.terrain:
            art.text(
                surface,
                _("The island is being laid out…"),
                self.theme.font(th.LARGE, italic=True),
                FELT_TEXT,
                self.board_rect.center,
                "center",
            )
            return
        surface.blit(self._island_surface(board), self.board_rect.topleft)
        self._draw_rolled_numbers(surface, board, data.dice)
        self._draw_corners(surface, data)
        targets = self.targets()
        mode = self.board_mode()
        hovered = self.target_at(self.pointer) if targets else None
        if mode == "robber":
            self._draw_hex_targets(surface, targets, hovered)
        self._draw_robbed_hex(surface, board.robber)
        self._draw_roads(surface, data)
        if mode == "road":
            self._draw_path_targets(surface, targets, hovered)
        self._draw_buildings(surface, data)
        if mode in ("settlement", "city"):
            self._draw_point_targets(surface, targets, hovered, mode)
        chosen = self.robber_hex if mode == "robber" and self.robber_hex is not None else None
        if chosen is not None:
            self._draw_victims(surface, data, chosen)
        self._draw_robber(
            surface, board.robber, chosen if chosen is not None else hovered if mode == "robber" else None
        )
        self._draw_flights(surface)
        self._draw_side_public(surface, data)

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

    def robber_spot(self, h: int) -> tuple[float, float]:
        """Where the robber stands on a hex: beside the number token (its feet)."""
        x, y = self.hex_px[h]
        return x - self.size * 0.48, y + self.size * 0.34

    def _draw_robber(self, surface: pygame.Surface, h: int, ghost_at: int | None) -> None:
        height = max(12, int(self.size * 0.74))
        if ghost_at is not None and ghost_at != h:
            image = cart.robber(height, ghost=True)
            surface.blit(image, image.get_rect(midbottom=tuple(int(v) for v in self.robber_spot(ghost_at))))
        if not 0 <= h < G.HEX_COUNT:
            return
        x, y = self.robber_spot(h)
        if self.robber_from is not None:
            start, tween = self.robber_from
            sx, sy = self.robber_spot(start)
            k = tween.t
            x, y = sx + (x - sx) * k, sy + (y - sy) * k - self.size * 0.8 * math.sin(math.pi * k)
        image = cart.robber(height)
        surface.blit(image, image.get_rect(midbottom=(int(x), int(y))))

    def _drop(self, kind: str, spot: int) -> float:
        """How far above its place a piece just placed still hangs (pixels)."""
        tween = self.placed.get((kind, spot))
        return 0.0 if tween is None else (1 - tween.t) * self.size * 0.7

    def _draw_roads(self, surface: pygame.Surface, data: PlayerView) -> None:
        width = max(3.0, self.size * 0.17)
        for p, seat in enumerate(data.roads):
            if seat == -1:
                continue
            (ax, ay), (bx, by) = self.path_px(p)
            lift = self._drop("road", p)
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
            lift = self._drop("city" if level == 2 else "settlement", i)
            surface.blit(image, image.get_rect(center=(int(x), int(y - s * 0.06 - lift))))

    def _draw_point_targets(
        self, surface: pygame.Surface, targets: dict[int, Action], hovered: int | None, mode: str
    ) -> None:
        s = self.size
        seat = self.ctx.seat
        colour = self.ctx.colour(seat) if seat is not None else th.GOLD
        ring = max(2, int(s * 0.05))
        for i in targets:
            x, y = self.point_px[i]
            if mode == "city":  # a ring round the settlement that may grow
                r = s * (0.4 if i == hovered else 0.34)
            else:
                r = s * (0.2 if i == hovered else 0.15)
            spot = pygame.Surface((int(r * 2 + 6), int(r * 2 + 6)), pygame.SRCALPHA)
            c = spot.get_width() / 2
            if mode == "city":
                pygame.draw.circle(spot, (255, 250, 230, 70), (c, c), r)
                pygame.draw.circle(spot, (34, 24, 14, 170), (c, c), r + 1, ring + 2)
                pygame.draw.circle(spot, th.GOLD, (c, c), r, ring)
            else:  # a bright disc with a dark rim reads on every terrain
                pygame.draw.circle(spot, (34, 24, 14, 170), (c, c), r)
                pygame.draw.circle(spot, (*LIT, 235), (c, c), r * 0.74)
                pygame.draw.circle(spot, th.CREAM, (c, c), r * 0.36)
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
            # a bright bar with a dark rim reads on every terrain
            cart.road(surface, a, b, (34, 24, 14), width * 0.8, alpha=150)
            cart.road(surface, a, b, LIT, width * 0.42, alpha=235)
            mx, my = self.path_mid(p)
            pygame.draw.circle(surface, (34, 24, 14), (int(mx), int(my)), max(3, int(s * 0.1)))
            pygame.draw.circle(surface, th.CREAM, (int(mx), int(my)), max(2, int(s * 0.075)))

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
        for flight in self.flights:
            tween = flight.tween
            if tween.elapsed < 0:
                continue
            k = tween.t
            (sx, sy), (ex, ey) = flight.start, flight.end
            x = sx + (ex - sx) * k
            y = sy + (ey - sy) * k - self.size * 0.6 * math.sin(math.pi * k)
            card = cart.resource_card(flight.resource, (size, int(size * 1.4)))
            surface.blit(card, card.get_rect(center=(int(x), int(y))))

    # -- drawing: the corners of the board -----------------------------------------------------

    def _draw_corners(self, surface: pygame.Surface, data: PlayerView) -> None:
        t = self.theme
        rect = self.board_rect
        card = (max(30, int(self.size * 0.95)), max(42, int(self.size * 1.3)))
        margin = t.px(6)
        players = data.players
        self._draw_special(
            surface,
            pygame.Rect(rect.x + margin, rect.y + margin, *card),
            "longest_road",
            _("Longest Road"),
            data.longest_road,
            "topleft",
            tied([p.road_length for p in players], _data().longest_road_minimum),
        )
        right = pygame.Rect(0, 0, *card)
        right.topright = (rect.right - margin, rect.y + margin)
        self._draw_special(
            surface,
            right,
            "largest_army",
            _("Largest Army"),
            data.largest_army,
            "topright",
            tied([p.knights for p in players], _data().largest_army_minimum),
        )
        self._draw_deck(surface, data, card)
        self._draw_news(surface, data)

    def corner_room(self, top: int, bottom: int) -> int:
        """How far from the left or right edge of the board a line from `top` to
        `bottom` may reach before it meets the sea frame (in a corner of the board)."""
        rect = self.board_rect
        quarter = rect.h / 4
        depth = bottom - rect.y if top - rect.y < rect.h / 2 else rect.bottom - top
        return max(0, int(rect.w / 2 * (1 - depth / quarter)))

    def _draw_special(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        kind: str,
        title: str,
        holder: int,
        side: str,
        tie: bool = False,
    ) -> None:
        """A special card in a top corner of the board, its holder beside it; without
        a holder, "nobody yet", or "in the supply (tie)" when a tie for the lead keeps
        it there."""
        t = self.theme
        points = _("{points} points", points=_data().special_card_points)
        art.drop_shadow(surface, rect, t.px(8), t.px(8), (0, t.px(3)))
        surface.blit(cart.special_card(kind, rect.size, title, points), rect)
        name_font = t.font(th.SMALL, bold=True)
        small = t.font(th.SMALL, italic=True)
        gap = t.px(10)
        x = rect.right + gap if side == "topleft" else rect.x - gap
        anchor = "topleft" if side == "topleft" else "topright"
        inset = rect.right + gap - self.board_rect.x if side == "topleft" else self.board_rect.right - rect.x + gap
        y = rect.y + t.px(2)
        line = name_font.get_linesize()
        width = self.corner_room(y, y + line) - inset
        art.text(surface, title, name_font, FELT_TEXT, (x, y), anchor, max_width=width)
        y += line
        width = self.corner_room(y, y + line) - inset
        if holder is not None and holder >= 0:
            token = art.token(max(5, t.fs(th.SMALL) // 2), self.ctx.colour(holder), ring=th.GOLD)
            if anchor == "topleft":
                surface.blit(token, (x, y + t.px(2)))
                art.text(
                    surface,
                    self.ctx.names[holder],
                    name_font,
                    th.GOLD,
                    (x + token.get_width() + t.px(6), y),
                    "topleft",
                    max_width=width - token.get_width(),
                )
            else:
                surface.blit(token, token.get_rect(topright=(x, y + t.px(2))))
                art.text(
                    surface,
                    self.ctx.names[holder],
                    name_font,
                    th.GOLD,
                    (x - token.get_width() - t.px(6), y),
                    "topright",
                    max_width=width - token.get_width(),
                )
        else:
            art.text(
                surface,
                _("in the supply (tie)") if tie else _("nobody yet"),
                small,
                FELT_TEXT,
                (x, y),
                anchor,
                max_width=width,
            )

    def _draw_deck(self, surface: pygame.Surface, data: PlayerView, card: tuple[int, int]) -> None:
        t = self.theme
        rect = pygame.Rect(0, 0, *card)
        rect.bottomright = (self.board_rect.right - t.px(6) - t.px(4), self.board_rect.bottom - t.px(6))
        count = data.deck
        step = max(1, t.px(3))
        layers = min(4, count)
        art.drop_shadow(surface, rect, t.px(8), t.px(8), (0, t.px(3)))
        back = cart.development_back(card)
        for k in range(layers):
            surface.blit(back, rect.move(k * step, -k * step))
        if not count:
            pygame.draw.rect(surface, FELT_TEXT, rect, max(1, t.px(2)), border_radius=t.px(8))
        x = rect.x - t.px(12)
        font = t.font(th.SMALL, bold=True)
        line = font.get_linesize()
        inset = self.board_rect.right - x
        title = _("Development cards")
        if font.size(title)[0] > self.corner_room(rect.bottom - line * 2, rect.bottom) - inset:
            title = _("Dev. cards")
        rows = [(title, font), (_("{count} left", count=count), t.font(th.SMALL))]
        for k, (content, face) in enumerate(rows):
            y = rect.bottom - line * (len(rows) - k)
            art.text(
                surface, content, face, FELT_TEXT, (x, y), "topright", max_width=self.corner_room(y, y + line) - inset
            )

    def _draw_news(self, surface: pygame.Surface, data: PlayerView) -> None:
        """Bottom left: the open trade offer, else what the last roll produced."""
        t = self.theme
        x = self.board_rect.x + t.px(8)
        bottom = self.board_rect.bottom - t.px(6)
        heading = t.font(th.SMALL, bold=True)
        line_h = max(heading.get_linesize(), int(t.fs(th.SMALL) * 1.45))
        icon = max(10, int(line_h * 0.9))
        offer = data.offer
        lines: list[tuple[str, list[tuple[str, int]], int | None]] = []
        if offer is not None:
            title = _(
                "{player} offers {other_player}:",
                player=self.ctx.names[offer.proposer],
                other_player=self.ctx.names[offer.responder],
            )
            lines.append((_("gives"), cards_of(offer.give), None))
            lines.append((_("asks"), cards_of(offer.want), None))
        else:
            produced = self.production()
            if produced is None:
                return
            roller, total, gains = produced
            title = _("{player} rolled {total}", player=self.ctx.names[roller], total=total)
            if total == 7:
                discarding = [seat for seat, player in enumerate(data.players) if player.to_discard]
                if not discarding:
                    lines.append((_("The robber strikes!"), [], None))
                for seat in discarding:
                    lines.append(
                        (
                            ngettext(
                                "{player} gives back {count} card",
                                "{player} gives back {count} cards",
                                data.players[seat].to_discard,
                                player=self.ctx.names[seat],
                            ),
                            [],
                            seat,
                        )
                    )
            elif not gains:
                lines.append((_("Nobody receives anything."), [], None))
            for seat in sorted(gains):
                cards = sorted(gains[seat].items(), key=lambda kv: _resources().index(kv[0]))
                lines.append((self.ctx.names[seat], cards, seat))
        y = bottom - line_h * (len(lines) + 1)
        art.text(surface, title, heading, th.GOLD, (x, y), max_width=self.corner_room(y, y + line_h) - t.px(8))
        y += line_h
        small = t.font(th.SMALL)
        for label, cards, owner in lines:
            width = self.corner_room(y, y + line_h) - t.px(8)
            lx = x
            if owner is not None:
                token = art.token(max(5, t.fs(th.SMALL) // 2 - 1), self.ctx.colour(owner))
                surface.blit(token, token.get_rect(midleft=(lx, y + line_h // 2)))
                lx += token.get_width() + t.px(6)
            label_w = min(small.size(label)[0], int(width * 0.45)) if cards else width
            art.text(surface, label, small, FELT_TEXT, (lx, y + line_h // 2), "midleft", max_width=label_w + 1)
            lx += label_w + t.px(8)
            for key, count in cards:
                image = cart.resource_icon(key, icon)
                surface.blit(image, image.get_rect(midleft=(lx, y + line_h // 2)))
                lx += icon
                if count > 1:
                    r = art.text(surface, f"×{count}", heading, th.CREAM, (lx, y + line_h // 2), "midleft")
                    lx = r.right
                lx += t.px(6)
            y += line_h

    def production(self) -> tuple[int, int, dict[int, dict[str, int]]] | None:
        """The last production roll (not a roll for who begins): who rolled, the
        total, and what each seat received."""
        event, index = last_roll(self.ctx.match)
        if event is None or event.message.text != M.ROLLS:
            return None
        gains: dict[int, dict[str, int]] = {}
        for other in self.ctx.match.history[index]:
            if other.kind == "produce" and other.for_seat(self.ctx.seat) is not None:
                seat = other.message.params.get("player")
                if isinstance(seat, int):
                    bucket = gains.setdefault(seat, {})
                    bucket[other.data["resource"]] = bucket.get(other.data["resource"], 0) + other.data["count"]
        return int(event.message.params["player"]), int(event.message.params["total"]), gains

    # -- drawing: the side column ----------------------------------------------------------

    def bank_row_width(self, label: bool = True, size: float = th.SMALL) -> int:
        """The width of the bank's row (see draw_bank_row)."""
        t = self.theme
        font = t.font(size, bold=True)
        icon = int(font.get_linesize() * 1.1)
        entry = icon + t.px(2) + font.size("19")[0] + t.px(10)
        return entry * len(_resources()) - t.px(10) + ((font.size(_("Bank"))[0] + t.px(8)) if label else 0)

    def draw_bank_row(
        self,
        surface: pygame.Surface,
        data: PlayerView,
        right: int,
        y: int,
        label: bool = True,
        room: int | None = None,
        size: float = th.SMALL,
    ) -> pygame.Rect:
        """The bank's five open piles as a compact row, "Bank" and per resource an
        icon with its count, ending at `right` with its top at `y` (text of design
        size `size`); the word "Bank" is left out when the row would be wider than
        `room`. Returns its rect."""
        t = self.theme
        font = t.font(size, bold=True)
        icon = int(font.get_linesize() * 1.1)
        line = font.get_linesize()
        if label and room is not None and self.bank_row_width(True, size) > room:
            label = False
        width = self.bank_row_width(label, size)
        x = right - width
        area = pygame.Rect(x, y, width, line)
        if label:
            x = art.text(surface, _("Bank"), font, (222, 208, 184), (x, y + line // 2), "midleft").right + t.px(8)
        number_w = font.size("19")[0]
        for key, count in zip(_resources(), data.bank, strict=True):
            image = cart.resource_icon(key, icon)
            if not count:
                image = image.copy()
                image.fill((150, 150, 150, 200), special_flags=pygame.BLEND_RGBA_MULT)
            surface.blit(image, image.get_rect(midleft=(x, y + line // 2)))
            x += icon + t.px(2)
            art.text(
                surface, str(count), font, th.CREAM if count else DISABLED, (x + number_w, y + line // 2), "midright"
            )
            x += number_w + t.px(10)
        self.bank_rect = area
        return area

    def _draw_side_public(self, surface: pygame.Surface, data: PlayerView) -> None:
        """What the side column shows when nobody's hand is open: the building costs
        and the bank's open piles (and the final scores at the end)."""
        if self.ctx.seat is not None:
            return
        t = self.theme
        area = self.side
        art.draw_panel(surface, area, "dark", radius=t.px(16), shadow=t.px(10))
        inner = area.inflate(-t.px(28), -t.px(28))
        heading = t.font(th.LARGE, bold=True)
        art.text(surface, _("Building costs"), heading, th.CREAM, inner.topleft)
        y = inner.y + heading.get_linesize() + t.px(12)
        icon = max(14, t.fs(th.BODY) + t.px(8))
        body = t.font(th.BODY, bold=True)
        for key, label in self._build_labels():
            art.text(surface, label, body, th.CREAM, (inner.x, y + icon // 2), "midleft", max_width=inner.w // 2)
            x = inner.x + inner.w // 2
            for resource, count in cards_of(cost(key)):
                for _k in range(count):
                    surface.blit(cart.resource_icon(resource, icon), (x, y))
                    x += icon + t.px(2)
            y += icon + t.px(14)
        bank_label = art.text(
            surface, _("Bank"), body, th.CREAM, (inner.x, y + icon // 2), "midleft", max_width=inner.w // 3
        )
        row_size = (
            th.BODY if self.bank_row_width(False, th.BODY) <= inner.right - bank_label.right - t.px(12) else th.SMALL
        )
        self.draw_bank_row(
            surface,
            data,
            inner.right,
            y + (icon - t.font(row_size, bold=True).get_linesize()) // 2,
            label=False,
            size=row_size,
        )
        y += icon + t.px(14)
        if data.phase == phases.OVER:
            self._draw_standings(
                surface, pygame.Rect(inner.x, y + t.px(16), inner.w, inner.bottom - y - t.px(16)), data
            )

    def _draw_standings(self, surface: pygame.Surface, rect: pygame.Rect, data: PlayerView) -> None:
        """The final scores, victory point cards shown, the winner first."""
        t = self.theme
        pygame.draw.line(surface, th.GOLD_DARK, rect.topleft, rect.topright, max(1, t.px(2)))
        heading = t.font(th.LARGE, bold=True)
        y = rect.y + t.px(12)
        art.text(surface, _("Final scores"), heading, th.CREAM, (rect.x, y))
        y += heading.get_linesize() + t.px(6)
        body = t.font(th.BODY, bold=True)
        small = t.font(th.SMALL)
        order = sorted(range(len(data.players)), key=lambda seat: (seat != data.winner, -data.players[seat].points))
        for seat in order:
            player = data.players[seat]
            token = art.token(t.fs(th.BODY) // 2, self.ctx.colour(seat), ring=th.GOLD if seat == data.winner else None)
            surface.blit(token, token.get_rect(midleft=(rect.x, y + body.get_height() // 2)))
            x = rect.x + token.get_width() + t.px(10)
            art.text(
                surface,
                self.ctx.names[seat],
                body,
                th.GOLD if seat == data.winner else th.CREAM,
                (x, y),
                max_width=rect.w // 2,
            )
            art.text(surface, str(player.points), body, th.CREAM, (rect.right, y), "topright")
            y += body.get_linesize()
            facts = []
            if seat == data.winner:
                facts.append(_("wins"))
            if player.victory_cards:
                facts.append(_("victory point cards: {count}", count=player.victory_cards))
            if data.longest_road == seat:
                facts.append(_("Longest Road"))
            if data.largest_army == seat:
                facts.append(_("Largest Army"))
            for line in join_wrapped(facts, " · ", small, rect.right - x):
                art.text(surface, line, small, (222, 208, 184), (x, y), max_width=rect.right - x)
                y += small.get_linesize()
            y += t.px(8)

    @staticmethod
    def _build_labels() -> list[tuple[str, str]]:
        return [
            ("road", _("Road")),
            ("settlement", _("Settlement")),
            ("city", _("City")),
            ("development", _("Development card")),
        ]

    def draw_private(self, surface: pygame.Surface) -> None:
        seat = self.ctx.seat
        if seat is None:
            return
        data = self.data()
        t = self.theme
        area = self.side
        art.draw_panel(surface, area, "dark", radius=t.px(16), shadow=t.px(10))
        inner = area.inflate(-t.px(24), -t.px(20))
        y = self._draw_header(surface, inner, data, seat)
        compact = self._needs_room(data)
        y = self._draw_hand(surface, inner, y, data, seat)
        if not compact:
            y = self._draw_developments(surface, inner, y, data, seat)
        rest = pygame.Rect(inner.x, y + t.px(6), inner.w, inner.bottom - y - t.px(6))
        pygame.draw.line(
            surface, th.GOLD_DARK, (rest.x, rest.y - t.px(3)), (rest.right, rest.y - t.px(3)), max(1, t.px(2))
        )
        self._draw_actions(surface, rest.inflate(0, -t.px(8)).move(0, t.px(4)), data, seat)

    def _needs_room(self, data: PlayerView) -> bool:
        """True when the choices below need the development cards' row too."""
        return self.live() and (self.mode in ("offer", "counter", "bank") or data.phase == phases.DISCARD)

    def _draw_header(self, surface: pygame.Surface, inner: pygame.Rect, data: PlayerView, seat: int) -> int:
        t = self.theme
        heading = t.font(th.LARGE, bold=True)
        token = art.token(t.fs(th.LARGE) // 2, self.ctx.colour(seat), ring=th.GOLD)
        surface.blit(token, token.get_rect(midleft=(inner.x, inner.y + heading.get_height() // 2)))
        x = inner.x + token.get_width() + t.px(10)
        player = data.players[seat]
        hidden = own_cards(data).development[VICTORY_POINT] if data.phase != phases.OVER else 0
        points = player.points + hidden
        score = (
            _("Points: {points} ({count} secret)", points=points, count=hidden)
            if hidden
            else _("Points: {points}", points=points)
        )
        score_font = t.font(th.BODY, bold=True)
        score_w = score_font.size(score)[0]
        art.text(
            surface,
            self.ctx.names[seat],
            heading,
            th.CREAM,
            (x, inner.y),
            max_width=inner.right - x - score_w - t.px(14),
        )
        art.text(surface, score, score_font, th.GOLD, (inner.right, inner.y + heading.get_height() // 2), "midright")
        y = inner.y + heading.get_linesize()
        small = t.font(th.SMALL)
        line = _(
            "Pieces left: roads {roads} · settlements {settlements} · cities {cities}",
            roads=player.roads_left,
            settlements=player.settlements_left,
            cities=player.cities_left,
        )
        art.text(surface, line, small, (222, 208, 184), (inner.x, y), max_width=inner.w)
        return y + small.get_linesize() + t.px(8)

    def _card_size(self, inner: pygame.Rect) -> tuple[int, int]:
        t = self.theme
        gap = t.px(12)
        w = (inner.w - gap * 4) // 5
        h = int(w * 1.36)
        limit = int(self.side.h * 0.18)
        if h > limit:
            h = limit
            w = int(h / 1.36)
        return max(20, w), max(28, h)

    def _draw_hand(self, surface: pygame.Surface, inner: pygame.Rect, y: int, data: PlayerView, seat: int) -> int:
        t = self.theme
        hand = own_cards(data).cards
        w, h = self._card_size(inner)
        lefts = art.hstack([w] * len(_resources()), inner.w, t.px(12))
        discarding = self.live() and data.phase == phases.DISCARD
        badge_font = t.font(th.BODY, bold=True)
        total = sum(hand)
        caption = t.font(th.SMALL, bold=True)
        art.text(surface, _("Resource cards: {count}", count=total), caption, (222, 208, 184), (inner.x, y))
        y += caption.get_linesize() + t.px(2)
        for k, key in enumerate(_resources()):
            rect = pygame.Rect(inner.x + lefts[k], y, w, h)
            count = hand[k] - (self.discard_pick[k] if discarding else 0)
            clickable = discarding and count > 0
            lifted = rect.move(0, -t.px(8)) if clickable and rect.collidepoint(self.pointer) else rect
            art.drop_shadow(surface, lifted, t.px(8), t.px(6), (0, t.px(3)))
            image = cart.resource_card(key, (w, h), resource_label(key))
            if not count:
                image = image.copy()
                image.fill((150, 150, 150, 255), special_flags=pygame.BLEND_RGBA_MULT)
            surface.blit(image, lifted)
            if clickable:
                pygame.draw.rect(
                    surface, th.GOLD, lifted.inflate(t.px(6), t.px(6)), max(2, t.px(3)), border_radius=t.px(10)
                )
                self.hits.append(Hit(f"hand-{key}", rect.inflate(0, t.px(8)).move(0, -t.px(4)), self._picker(k, 1)))
            self._badge(
                surface,
                str(count),
                (lifted.right + t.px(6), lifted.y - t.px(6)),
                badge_font,
                th.INK if count else DISABLED,
                anchor="topright",
            )
        return y + h + t.px(10)

    def _badge(
        self,
        surface: pygame.Surface,
        content: str,
        corner: tuple[int, int],
        font: pygame.font.Font,
        colour: tuple[int, int, int],
        anchor: str = "bottomright",
    ) -> None:
        """A count in a cream pill with its `anchor` corner at `corner`."""
        t = self.theme
        w = max(font.size(content)[0] + t.px(14), font.get_height() + t.px(4))
        rect = pygame.Rect(0, 0, w, font.get_height() + t.px(4))
        setattr(rect, anchor, corner)
        art.rounded_rect(surface, rect, (*th.CREAM, 245), rect.h // 2)
        pygame.draw.rect(surface, colour, rect, max(1, t.px(2)), border_radius=rect.h // 2)
        art.text(surface, content, font, colour, rect.center, "center")

    def _draw_developments(
        self, surface: pygame.Surface, inner: pygame.Rect, y: int, data: PlayerView, seat: int
    ) -> int:
        t = self.theme
        own = own_cards(data)
        held = dict(zip(DEVELOPMENT_KINDS, own.development, strict=True))
        new = dict(zip(DEVELOPMENT_KINDS, own.new_development, strict=True))
        caption = t.font(th.SMALL, bold=True)
        art.text(
            surface, _("Development cards: {count}", count=sum(held.values())), caption, (222, 208, 184), (inner.x, y)
        )
        y += caption.get_linesize() + t.px(2)
        w, h = self._card_size(inner)
        w, h = int(w * 0.86), int(h * 0.86)
        kinds = [k for k in DEVELOPMENT_KINDS if held.get(k)]
        if not kinds:
            art.text(
                surface,
                _("None yet: buy one for wool, grain and ore."),
                t.font(th.SMALL, italic=True),
                FELT_TEXT,
                (inner.x, y + t.px(4)),
                max_width=inner.w,
            )
            return y + t.fs(th.SMALL) * 2
        plays = {a.kind: a for a in self.legal() if a.kind.startswith("play_")}
        lefts = art.hstack([w] * len(kinds), inner.w, t.px(12))
        badge_font = t.font(th.SMALL, bold=True)
        pointed: str | None = None
        for k, kind in enumerate(kinds):
            rect = pygame.Rect(inner.x + lefts[k], y, w, h)
            playable = f"play_{kind}" in plays
            if rect.collidepoint(self.pointer):
                pointed = kind
            hovered = playable and pointed == kind
            shown = rect.move(0, -t.px(8)) if hovered else rect
            art.drop_shadow(surface, shown, t.px(8), t.px(6), (0, t.px(3)))
            surface.blit(cart.development_card(kind, (w, h), marked(DEVELOPMENT_LABELS[kind])), shown)
            if playable:
                pygame.draw.rect(
                    surface, th.GOLD, shown.inflate(t.px(6), t.px(6)), max(2, t.px(3)), border_radius=t.px(10)
                )
                self.hits.append(Hit(f"play-{kind}", rect.inflate(0, t.px(8)).move(0, -t.px(4)), self._player_of(kind)))
            self._badge(
                surface,
                str(held[kind]),
                (shown.right + t.px(6), shown.y - t.px(6)),
                badge_font,
                th.INK,
                anchor="topright",
            )
            if new.get(kind):
                label = _("new") if new[kind] >= held[kind] else _("{count} new", count=new[kind])
                tag = pygame.Rect(0, 0, badge_font.size(label)[0] + t.px(12), badge_font.get_height() + t.px(2))
                tag.midtop = (shown.centerx, shown.y - t.px(4))
                art.rounded_rect(surface, tag, (*th.RED, 240), tag.h // 2)
                art.text(surface, label, badge_font, th.CREAM, tag.center, "center")
        y += h + t.px(6)
        # what the card under the mouse does, or how to play one
        if pointed is not None:
            hint = _(
                "{card}: {effect}", card=marked(DEVELOPMENT_LABELS[pointed]), effect=marked(DEVELOPMENT_HELP[pointed])
            )
        elif plays:
            hint = _("Click a card with a gold frame to play it.")
        elif any(new.values()):
            hint = _("A card bought this turn can be played from your next turn on.")
        else:
            hint = ""
        font = t.font(th.SMALL, italic=True)
        art.text_block(
            surface,
            hint,
            font,
            th.GOLD if pointed else FELT_TEXT,
            pygame.Rect(inner.x, y, inner.w, font.get_linesize() * 2),
        )
        return y + font.get_linesize() * (2 if font.size(hint)[0] > inner.w else 1) + t.px(4)

    # -- the choices -------------------------------------------------------------------------

    def _title(self, surface: pygame.Surface, rect: pygame.Rect, y: int, content: str) -> int:
        t = self.theme
        font = t.font(th.BODY, bold=True)
        lines = art.wrap(content, font, rect.w)
        for line in lines[:3]:
            art.text(surface, line, font, th.CREAM, (rect.x, y))
            y += font.get_linesize()
        return y + t.px(4)

    def _note(self, surface: pygame.Surface, rect: pygame.Rect, y: int, content: str, colour=FELT_TEXT) -> int:
        t = self.theme
        font = t.font(th.SMALL, italic=True)
        used = art.text_block(surface, content, font, colour, pygame.Rect(rect.x, y, rect.w, font.get_linesize() * 4))
        return y + used + t.px(4)

    def _row_rects(
        self, rect: pygame.Rect, y: int, count: int, height: int, gap: int | None = None
    ) -> list[pygame.Rect]:
        gap = self.theme.px(10) if gap is None else gap
        w = (rect.w - gap * (count - 1)) // count
        return [pygame.Rect(rect.x + k * (w + gap), y, w, height) for k in range(count)]

    def _button_h(self, icons: bool = False) -> int:
        t = self.theme
        h = t.fs(th.BODY) + t.px(22)
        if icons:
            h += t.fs(th.SMALL) + t.px(4)
        return h

    def _draw_actions(self, surface: pygame.Surface, rect: pygame.Rect, data: PlayerView, seat: int) -> None:
        phase = data.phase
        if phase == phases.OVER:
            self._title(surface, rect, rect.y, _("The game is over."))
            return
        if not self.live():
            actor = self.ctx.actor
            if actor is not None and actor >= 0:
                self._title(surface, rect, rect.y, _("Waiting for {player}…", player=self.ctx.names[actor]))
            return
        if phase == phases.FOUND_SETTLEMENT:
            round_ = self._founding_round(data, seat)
            y = self._title(surface, rect, rect.y, _("Founding round {round} of 2", round=round_))
            y = self._note(
                surface,
                rect,
                y,
                _("Place a settlement on a lit intersection. Its three neighbouring intersections must stay free."),
            )
            if round_ == 2:
                self._note(surface, rect, y, _("This second settlement brings one card of each land it touches."))
        elif phase == phases.FOUND_ROAD:
            y = self._title(surface, rect, rect.y, _("Place a road"))
            self._note(surface, rect, y, _("Click a lit path next to the settlement you just placed."))
        elif phase == phases.ROLL:
            self._draw_roll(surface, rect, data)
        elif phase == phases.MAIN:
            self._draw_main(surface, rect, data, seat)
        elif phase == phases.DISCARD:
            self._draw_discard(surface, rect, data, seat)
        elif phase == phases.ROBBER:
            self._draw_robber_choice(surface, rect, data)
        elif phase == phases.PLENTY:
            self._draw_plenty(surface, rect, data)
        elif phase == phases.FREE_ROADS:
            y = self._title(surface, rect, rect.y, _("Road building: free roads to place: {count}", count=data.free))
            self._note(surface, rect, y, _("Click a lit path for each free road."))
        elif phase == phases.NEGOTIATE:
            if self.mode == "counter":
                self._draw_trade_editor(surface, rect, data, seat, counter=True)
            else:
                self._draw_answer(surface, rect, data, seat)

    def _founding_round(self, data: PlayerView, seat: int) -> int:
        built = sum(1 for building in data.buildings if building.owner == seat)
        return 1 if built == 0 else 2

    def _draw_roll(self, surface: pygame.Surface, rect: pygame.Rect, data: PlayerView) -> None:
        t = self.theme
        y = self._title(surface, rect, rect.y, _("Your turn starts with the roll of the dice."))
        button = pygame.Rect(rect.x, y + t.px(8), rect.w, max(t.px(84), self._button_h() + t.px(20)))
        self._action_button(
            surface,
            "roll",
            button,
            _("Roll the dice"),
            Action("roll"),
            keys=(pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER),
            key=pgettext("the key", "Space"),
            colour=th.GOLD,
            font_size=th.LARGE,
        )
        self.draw_bank_row(surface, data, rect.right, button.bottom + t.px(16))

    def _draw_main(self, surface: pygame.Surface, rect: pygame.Rect, data: PlayerView, seat: int) -> None:
        if self.mode == "bank":
            self._draw_bank(surface, rect, data)
            return
        if self.mode == "offer":
            self._draw_trade_editor(surface, rect, data, seat, counter=False)
            return
        if self.mode == "monopoly":
            self._draw_monopoly(surface, rect)
            return
        t = self.theme
        legal = self.legal()
        kinds = {a.kind for a in legal}
        y = rect.y
        small = t.font(th.SMALL, bold=True)
        art.text(surface, _("Build"), small, (222, 208, 184), (rect.x, y))
        y += small.get_linesize()
        bh = self._button_h(icons=True)
        keys = {
            "road": (pygame.K_r, "R"),
            "settlement": (pygame.K_s, "S"),
            "city": (pygame.K_c, "C"),
            "development": (pygame.K_v, "V"),
        }
        action_kind = {
            "road": "build_road",
            "settlement": "build_settlement",
            "city": "build_city",
            "development": "buy_development",
        }
        labels = dict(self._build_labels())
        labels["development"] = _("Dev. card")
        rows = [("road", "settlement"), ("city", "development")]
        size = BoardButton.icon_size(t)
        for row in rows:
            for r, key in zip(self._row_rects(rect, y, 2, bh), row, strict=False):
                enabled = action_kind[key] in kinds
                if key == "development":

                    def buy_development() -> Any:
                        return self.ctx.submit(Action("buy_development"))

                    on_click: Callable[[], Any] = buy_development
                else:
                    on_click = self._mode_setter(key)
                icons = [cart.resource_icon(resource, size) for resource, n in cards_of(cost(key)) for _n in range(n)]
                self.button(
                    surface,
                    key,
                    r,
                    labels[key],
                    on_click,
                    enabled=enabled,
                    selected=self.mode == key,
                    keys=(keys[key][0],),
                    key=keys[key][1],
                    icons=icons,
                    tip=self._help(key),
                    reason="" if enabled else self._why_not(key, data, seat),
                )
            y += bh + t.px(14)
        if self.mode in ("road", "settlement", "city"):
            hint = {
                "road": _("Click a lit path for your road."),
                "settlement": _("Click a lit intersection for your settlement."),
                "city": _("Click one of your lit settlements to make it a city."),
            }[self.mode]
            y = self._note(surface, rect, y, hint + " " + _("Right-click to cancel."), th.GOLD)
        caption = art.text(surface, _("Trade"), small, (222, 208, 184), (rect.x, y))
        self.draw_bank_row(surface, data, rect.right, y, room=rect.right - caption.right - t.px(12))
        y += small.get_linesize()
        trading = data.trading
        has_cards = sum(own_cards(data).cards) > 0
        bank_ok = trading and "trade_bank" in kinds
        th_ = self._button_h()
        r1, r2 = self._row_rects(rect, y, 2, th_)
        over = marked(TRADING_OVER)
        self.button(
            surface,
            "bank",
            r1,
            _("Bank"),
            self._mode_setter("bank"),
            enabled=bank_ok,
            keys=(pygame.K_b,),
            key="B",
            tip=self._help("bank"),
            reason=over if not trading else _("You have too few cards of one kind for the bank's rates."),
        )
        self.button(
            surface,
            "players",
            r2,
            _("Players"),
            self._mode_setter("offer"),
            enabled=trading and has_cards,
            keys=(pygame.K_t,),
            key="T",
            tip=self._help("players"),
            reason=over if not trading else _("You have no cards to offer."),
        )
        y += th_ + t.px(6)
        if not trading:
            y = self._note(surface, rect, y, over)
        bh = self._button_h()
        end = pygame.Rect(rect.x, max(y + t.px(10), rect.bottom - bh - t.px(10)), rect.w, bh + t.px(6))
        self._action_button(
            surface, "end_turn", end, _("End the turn"), Action("end_turn"), keys=(pygame.K_e,), key="E", colour=th.GOLD
        )

    def _action_button(
        self, surface: pygame.Surface, name: str, rect: pygame.Rect, label: str, action: Action, **options: Any
    ) -> Hit:
        """A button that plays `action`: off while the rules do not list it, with
        the rules' reason in its tooltip."""
        enabled = action in self.legal()
        return self.button(
            surface,
            name,
            rect,
            label,
            lambda: self.ctx.submit(action),
            enabled=enabled,
            tip=self._help(name),
            reason="" if enabled else self.ctx.check(action) or "",
            **options,
        )

    def _help(self, name: str) -> str:
        """What the control `name` does, for its tooltip and the F1 help."""
        return {
            "roll": _("Roll the dice"),
            "road": _("Build a road: the free paths light up"),
            "settlement": _("Build a settlement: the free intersections light up"),
            "city": _("Build a city on one of your settlements"),
            "development": _("Buy a development card"),
            "bank": _("Trade with the bank or a harbour"),
            "players": _("Offer a trade to another player"),
            "end_turn": _("End the turn"),
            "no_theft": _("Move the robber and rob nobody"),
            "accept": _("Accept the trade offered to you"),
            "counter": _("Answer with a counter-offer"),
            "reject": _("Decline the trade offered to you"),
            "discard": _("Give the chosen cards back to the bank"),
            "discard_again": _("Take the chosen cards back into your hand"),
            "bank_done": _("Close the trade with the bank"),
        }[name]

    def _why_not(self, key: str, data: PlayerView, seat: int) -> str:
        """Why a build button is off: no piece left, too few cards, or no place."""
        player = data.players[seat]
        left = {
            "road": player.roads_left,
            "settlement": player.settlements_left,
            "city": player.cities_left,
            "development": data.deck,
        }[key]
        if not left:
            return marked(M.DECK_EMPTY if key == "development" else M.NO_PIECES)
        if any(have < count for have, count in zip(own_cards(data).cards, cost(key), strict=True)):
            return marked(M.CANNOT_AFFORD)
        return {
            "road": marked(M.NO_ROAD_SPOT),
            "settlement": _("There is no place for a settlement: it needs one of your roads and free neighbours."),
            "city": marked(M.NOT_YOUR_SETTLEMENT),
            "development": "",
        }[key]

    def _mode_setter(self, mode: str) -> Callable[[], bool]:
        def choose() -> bool:
            if self.mode == mode:
                self.mode = None
                return True
            self.mode = mode
            self.bank_give = None
            self.partner = None
            self.give = [0] * len(_resources())
            self.want = [0] * len(_resources())
            return True

        return choose

    def _resource_buttons(
        self,
        surface: pygame.Surface,
        prefix: str,
        rect: pygame.Rect,
        y: int,
        on_pick: Callable[[str], Callable[[], Any]],
        enabled: Callable[[str], bool],
        selected: Callable[[str], bool] = lambda key: False,
        notes: Callable[[str], str] = lambda key: "",
        order: Sequence[str] | None = None,
    ) -> int:
        """A row of five resource buttons (icon and name; in `order`, by default the
        data's); returns the y below it."""
        order = order or _resources()
        t = self.theme
        size = self._chip_size(rect)
        small = t.font(th.SMALL, bold=True)
        height = size + small.get_linesize() * (2 if notes(order[0]) else 1) + t.px(12)
        rects = self._row_rects(rect, y, len(order), height, gap=t.px(8))
        for r, key in zip(rects, order, strict=False):
            on = enabled(key)
            chosen = selected(key)
            hovered = on and r.collidepoint(self.pointer)
            body = (248, 238, 214) if on else (150, 140, 124)
            if hovered:
                body = (255, 250, 236)
            art.rounded_rect(surface, r, body, t.px(10))
            pygame.draw.rect(
                surface,
                th.GOLD if chosen else art.shade(body, 0.55),
                r,
                max(2, t.px(5 if chosen else 2)),
                border_radius=t.px(10),
            )
            icon = cart.resource_icon(key, size)
            if not on:
                icon = icon.copy()
                icon.fill((170, 170, 170, 200), special_flags=pygame.BLEND_RGBA_MULT)
            surface.blit(icon, icon.get_rect(midtop=(r.centerx, r.y + t.px(6))))
            art.text(
                surface,
                resource_label(key),
                small,
                th.INK if on else (96, 88, 76),
                (r.centerx, r.y + size + t.px(6)),
                "midtop",
                max_width=r.w - t.px(4),
            )
            note = notes(key)
            if note:
                art.text(
                    surface,
                    note,
                    t.font(th.SMALL),
                    th.INK_SOFT if on else (96, 88, 76),
                    (r.centerx, r.y + size + t.px(6) + small.get_linesize()),
                    "midtop",
                    max_width=r.w - t.px(4),
                )
            self.hits.append(Hit(f"{prefix}-{key}", r, on_pick(key), on))
        return rects[0].bottom + t.px(10)

    def _chip_size(self, rect: pygame.Rect) -> int:
        t = self.theme
        return max(16, min(t.px(52), (rect.w - t.px(8) * 4) // 5 - t.px(14)))

    def _draw_bank(self, surface: pygame.Surface, rect: pygame.Rect, data: PlayerView) -> None:
        t = self.theme
        ratios = dict(zip(_resources(), own_cards(data).ratios, strict=True))
        trades = self._of_kind("trade_bank")
        offered = {a["give"] for a in trades}
        y = self._title(surface, rect, rect.y, _("Trade with the bank"))
        small = t.font(th.SMALL, bold=True)
        art.text(surface, _("You give (best rate first)"), small, (222, 208, 184), (rect.x, y))
        y += small.get_linesize()
        resources = _resources()
        order = sorted(resources, key=lambda key: (ratios[key], resources.index(key)))

        def pick_give(key: str) -> Callable[[], bool]:
            def choose() -> bool:
                self.bank_give = None if self.bank_give == key else key
                return True

            return choose

        def rate(key: str) -> str:
            return f"{ratios[key]}:1"

        y = self._resource_buttons(
            surface,
            "bank_give",
            rect,
            y,
            pick_give,
            lambda key: key in offered,
            lambda key: key == self.bank_give,
            rate,
            order,
        )
        caption = art.text(surface, _("You get"), small, (222, 208, 184), (rect.x, y))
        self.draw_bank_row(surface, data, rect.right, y, room=rect.right - caption.right - t.px(12))
        y += small.get_linesize()
        gets = {a["get"] for a in trades if a["give"] == self.bank_give}

        def trade(key: str) -> Callable[[], bool]:
            def go() -> bool:
                give = self.bank_give
                done = self.ctx.submit(Action("trade_bank", give=give, get=key))
                if done and give not in {a["give"] for a in self._of_kind("trade_bank")}:
                    self.bank_give = None
                return done

            return go

        y = self._resource_buttons(surface, "bank_get", rect, y, trade, lambda key: key in gets)
        if self.bank_give is None:
            y = self._note(surface, rect, y, _("Choose what you give, then what you get."))
        else:
            y = self._note(
                surface,
                rect,
                y,
                _(
                    "Click what you want for {count} {resource}.",
                    count=ratios[self.bank_give],
                    resource=resource_label(self.bank_give),
                ),
            )
        done = pygame.Rect(rect.x, rect.bottom - self._button_h(), rect.w, self._button_h())
        self.button(
            surface,
            "bank_done",
            done,
            _("Done"),
            self._mode_setter("bank"),
            keys=(pygame.K_b,),
            key="B",
            tip=self._help("bank_done"),
        )

    def _draw_trade_editor(
        self, surface: pygame.Surface, rect: pygame.Rect, data: PlayerView, seat: int, counter: bool
    ) -> None:
        t = self.theme
        hand = own_cards(data).cards
        small = t.font(th.SMALL, bold=True)
        partner: int | None
        if counter:
            assert data.offer is not None, "a counter-offer answers an offer"
            partner = data.offer.proposer
            y = self._title(surface, rect, rect.y, _("Counter-offer to {player}", player=self.ctx.names[partner]))
        else:
            y = self._title(surface, rect, rect.y, _("Trade with a player"))
            partner = self.partner
            others = [s for s in range(len(self.ctx.names)) if s != seat]
            bh = t.fs(th.BODY) + t.px(18)
            for r, other in zip(self._row_rects(rect, y, len(others), bh), others, strict=False):

                def choose(other: int = other) -> bool:
                    self.partner = other
                    return True

                self.button(
                    surface,
                    f"partner-{other}",
                    r,
                    self.ctx.names[other],
                    choose,
                    selected=partner == other,
                    colour=art.shade(self.ctx.colour(other), 0.9),
                    font_size=th.SMALL,
                    tip=_("Trade with {player}", player=self.ctx.names[other]),
                )
            y += bh + t.px(8)
        rows = (
            ("give", _("You give"), self.give, lambda k: hand[k]),
            ("want", _("You ask for"), self.want, lambda k: _data().bank_per_resource),
        )
        size = self._chip_size(rect)
        step_h = t.fs(th.SMALL) + t.px(12)
        for side, label, counts, limit in rows:
            art.text(surface, label, small, (222, 208, 184), (rect.x, y))
            y += small.get_linesize()
            chips = self._row_rects(rect, y, len(_resources()), size + t.px(8), gap=t.px(8))
            for k, (r, key) in enumerate(zip(chips, _resources(), strict=False)):
                count = counts[k]
                art.rounded_rect(surface, r, (248, 238, 214) if count else (214, 200, 170), t.px(10))
                pygame.draw.rect(
                    surface,
                    th.GOLD if count else art.shade((214, 200, 170), 0.6),
                    r,
                    max(2, t.px(4 if count else 2)),
                    border_radius=t.px(10),
                )
                icon = cart.resource_icon(key, size)
                surface.blit(icon, icon.get_rect(center=r.center))
                self._badge(
                    surface, str(count), (r.right + t.px(2), r.bottom + t.px(2)), small, th.INK if count else DISABLED
                )
                plus_ok = count < limit(k)
                self.hits.append(
                    Hit(f"{side}-{key}", r, self._adjust(side, k, 1), plus_ok, on_right_click=self._adjust(side, k, -1))
                )
                minus, plus = self._row_rects(pygame.Rect(r.x, 0, r.w, 0), r.bottom + t.px(6), 2, step_h, gap=t.px(4))
                name = resource_label(key)
                giving = side == "give"
                self.button(
                    surface,
                    f"{side}-{key}-less",
                    minus,
                    "−",
                    self._adjust(side, k, -1),
                    enabled=count > 0,
                    font_size=th.SMALL,
                    tip=_("Give one {resource} less", resource=name)
                    if giving
                    else _("Ask for one {resource} less", resource=name),
                )
                self.button(
                    surface,
                    f"{side}-{key}-more",
                    plus,
                    "+",
                    self._adjust(side, k, 1),
                    enabled=plus_ok,
                    font_size=th.SMALL,
                    tip=_("Give one {resource} more", resource=name)
                    if giving
                    else _("Ask for one {resource} more", resource=name),
                    reason=_("You have no more {resource}.", resource=name) if giving else "",
                )
            y = chips[0].bottom + step_h + t.px(14)
        give, want = tuple(self.give), tuple(self.want)
        if partner is None:
            problem = _("Choose a player to trade with.")
        elif not sum(give) or not sum(want):
            problem = _("Choose at least one card to give and one to ask for.")
        elif any(count > have for have, count in zip(hand, give, strict=True)):
            problem = marked(M.CANNOT_AFFORD)
        else:
            problem = ""
        if not counter and partner is None:
            y = self._note(surface, rect, y, _("Choose a player to trade with."))
        bh = self._button_h()
        send, cancel = self._row_rects(rect, rect.bottom - bh, 2, bh)

        def send_counter() -> Any:
            return self._send(Action("counter", give=give, want=want))

        def send_offer() -> Any:
            return self._send(Action("offer", partner=partner, give=give, want=want))

        submit: Callable[[], Any] = send_counter if counter else send_offer
        self.button(
            surface,
            "send_offer",
            send,
            _("Send the offer"),
            submit,
            enabled=not problem,
            colour=th.GOLD,
            tip=_("Send the offer to {player}", player=self.ctx.names[partner]) if partner is not None else "",
            reason=problem,
        )
        self.button(surface, "cancel", cancel, _("Cancel"), self._cancel)

    def _adjust(self, side: str, k: int, delta: int) -> Callable[[], bool]:
        def change() -> bool:
            counts = self.give if side == "give" else self.want
            other = self.want if side == "give" else self.give
            counts[k] = max(0, counts[k] + delta)
            if counts[k]:
                other[k] = 0  # a resource is never on both sides
            return True

        return change

    def _send(self, action: Action) -> bool:
        done = self.ctx.submit(action)
        if done:
            self.mode = None
        return done

    def _cancel(self) -> bool:
        self.mode = None
        self.robber_hex = None
        return True

    def _draw_answer(self, surface: pygame.Surface, rect: pygame.Rect, data: PlayerView, seat: int) -> None:
        t = self.theme
        offer = data.offer
        assert offer is not None, "an answer answers an offer"
        proposer = offer.proposer
        y = self._title(surface, rect, rect.y, _("{player} offers you a trade", player=self.ctx.names[proposer]))
        small = t.font(th.SMALL, bold=True)
        for label, cards in ((_("You receive"), offer.give), (_("You give"), offer.want)):
            art.text(surface, label, small, (222, 208, 184), (rect.x, y))
            y += small.get_linesize() + t.px(8)
            y = self._card_group(surface, rect, y, cards_of(cards)) + t.px(6)
        if Action("accept") not in self.legal():
            y = self._note(surface, rect, y, _("You do not have the cards asked for."))
        bh = self._button_h()
        accept, counter, reject = self._row_rects(rect, rect.bottom - bh, 3, bh)
        self._action_button(
            surface,
            "accept",
            accept,
            _("Accept"),
            Action("accept"),
            colour=th.GOLD,
            font_size=th.SMALL,
        )

        def start_counter() -> bool:
            hand = own_cards(self.data()).cards
            self.mode = "counter"
            self.give = [min(count, have) for have, count in zip(hand, offer.want, strict=True)]
            self.want = list(offer.give)
            return True

        self.button(
            surface,
            "counter",
            counter,
            pgettext("make a counter-offer in a trade", "Counter"),
            start_counter,
            keys=(pygame.K_c,),
            key="C",
            font_size=th.SMALL,
            tip=self._help("counter"),
        )
        self._action_button(
            surface, "reject", reject, _("Decline"), Action("reject"), keys=(pygame.K_d,), key="D", font_size=th.SMALL
        )

    def _small_card(self, rect: pygame.Rect) -> tuple[int, int]:
        """The size of the cards shown in the choices (an offer, the cards to discard)."""
        w = int((rect.w - self.theme.px(14) * 4) / 5 * 0.8)
        return w, int(w * 1.36)

    def _card_group(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        y: int,
        cards: Sequence[tuple[str, int]],
        prefix: str = "",
        on_click: Callable[[int], Callable[[], Any]] | None = None,
    ) -> int:
        """One card per resource with its count, left to right from `rect.x`;
        clickable when `on_click` is given. Returns the y below the row, whose
        room is kept while it is empty (the cards to discard, before any is chosen;
        a trade always has cards on both sides)."""
        t = self.theme
        w, h = self._small_card(rect)
        x = rect.x + t.px(4)
        badge = t.font(th.SMALL, bold=True)
        for key, count in cards:
            r = pygame.Rect(x, y, w, h)
            art.drop_shadow(surface, r, t.px(6), t.px(5), (0, t.px(2)))
            surface.blit(cart.resource_card(key, (w, h), resource_label(key)), r)
            self._badge(surface, f"×{count}", (r.right + t.px(6), r.y - t.px(6)), badge, th.INK, anchor="topright")
            if on_click is not None:
                self.hits.append(Hit(f"{prefix}-{key}", r, on_click(_resources().index(key))))
            x += w + t.px(18)
        return y + h

    def _draw_discard(self, surface: pygame.Surface, rect: pygame.Rect, data: PlayerView, seat: int) -> None:
        t = self.theme
        need = data.players[seat].to_discard
        chosen = sum(self.discard_pick)
        y = self._title(
            surface,
            rect,
            rect.y,
            ngettext("A 7! Give {count} card back to the bank", "A 7! Give {count} cards back to the bank", need),
        )
        y = self._note(surface, rect, y, _("Click your cards above to choose them; click a chosen card to keep it."))
        y = self._card_group(
            surface, rect, y + t.px(6), cards_of(self.discard_pick), "chosen", lambda k: self._picker(k, -1)
        ) + t.px(10)
        art.text(
            surface,
            _("Chosen: {chosen} of {count}", chosen=chosen, count=need),
            t.font(th.BODY, bold=True),
            th.GOLD if chosen == need else th.CREAM,
            (rect.x, y),
        )
        bh = self._button_h()
        go, reset = self._row_rects(rect, rect.bottom - bh, 2, bh)
        self.button(
            surface,
            "discard",
            go,
            _("Discard"),
            self._discard,
            enabled=chosen == need,
            colour=th.GOLD,
            keys=(pygame.K_RETURN, pygame.K_KP_ENTER),
            key=pgettext("the key", "Enter"),
            tip=self._help("discard"),
            reason=ngettext("Choose {count} more card.", "Choose {count} more cards.", need - chosen),
        )
        self.button(
            surface,
            "discard_again",
            reset,
            _("Start again"),
            self._reset_discard,
            enabled=chosen > 0,
            tip=self._help("discard_again"),
            reason=_("No card is chosen yet."),
        )

    def _picker(self, k: int, delta: int) -> Callable[[], bool]:
        def pick() -> bool:
            data = self.data()
            seat = self.ctx.seat
            if seat is None:
                return False
            need = data.players[seat].to_discard
            have = own_cards(data).cards[k]
            if delta > 0 and (sum(self.discard_pick) >= need or self.discard_pick[k] >= have):
                return False
            self.discard_pick[k] = max(0, self.discard_pick[k] + delta)
            return True

        return pick

    def _reset_discard(self) -> bool:
        self.discard_pick = [0] * len(_resources())
        return True

    def _discard(self) -> bool:
        picks = list(self.discard_pick)
        self.discard_pick = [0] * len(_resources())
        for k, count in enumerate(picks):
            for _n in range(count):
                if not self.ctx.submit(Action("discard", resource=_resources()[k])):
                    return False
        return True

    def _draw_robber_choice(self, surface: pygame.Surface, rect: pygame.Rect, data: PlayerView) -> None:
        t = self.theme
        optional = data.theft_optional
        if self.robber_hex is None:
            y = self._title(surface, rect, rect.y, _("Move the robber"))
            if data.robber_for_knight:
                note = _(
                    "Click a lit land hex. It produces nothing while the robber stands "
                    "there, and your knight takes a card from a player with a building "
                    "on it."
                )
            elif optional:
                note = _(
                    "You rolled a 7. Click a lit land hex. It produces nothing while the robber "
                    "stands there, and you may take a card from a player with a building on it."
                )
            else:
                note = _(
                    "You rolled a 7. Click a lit land hex. It produces nothing while the robber "
                    "stands there, and you take a card from a player with a building on it."
                )
            self._note(surface, rect, y, note)
            return
        chosen = self.robber_hex
        y = self._title(surface, rect, rect.y, _("Whom do you rob?"))
        y = self._note(
            surface,
            rect,
            y,
            _("You take one card at random from the player you choose.")
            if not optional
            else _("You may take one card at random from a player you choose, or rob nobody."),
        )
        bh = self._button_h(icons=True)
        for seat in self.victims(chosen):
            r = pygame.Rect(rect.x, y, rect.w, bh)
            cards = data.players[seat].cards

            def rob(seat: int = seat) -> bool:
                self.robber_hex = None
                return self.ctx.submit(robber_action(chosen, seat))

            self.button(
                surface,
                f"victim-{seat}",
                r,
                self.ctx.names[seat],
                rob,
                colour=art.shade(self.ctx.colour(seat), 0.9),
                note=_("Cards in hand: {count}", count=cards),
                tip=_("Take a card at random from {player}", player=self.ctx.names[seat]),
            )
            y += bh + t.px(10)
        bh = self._button_h()
        back = pygame.Rect(rect.x, rect.bottom - bh, rect.w, bh)
        if robber_action(chosen) in self.legal():

            def rob_nobody() -> bool:
                self.robber_hex = None
                return self.ctx.submit(robber_action(chosen))

            nobody = pygame.Rect(rect.x, max(y, back.y - bh - t.px(12)), rect.w, bh)
            self.button(
                surface,
                "no_theft",
                nobody,
                _("Rob nobody"),
                rob_nobody,
                keys=(pygame.K_n,),
                key="N",
                tip=self._help("no_theft"),
            )
        self.button(surface, "cancel", back, _("Choose another hex"), self._cancel)

    def _draw_plenty(self, surface: pygame.Surface, rect: pygame.Rect, data: PlayerView) -> None:
        takes = {a["resource"] for a in self._of_kind("take_resource")}
        y = self._title(surface, rect, rect.y, _("Year of plenty: take {count} more", count=data.free))
        y = self._note(surface, rect, y, _("Click a resource to take one card of it from the bank."))

        def take(key: str) -> Callable[[], bool]:
            return lambda: self.ctx.submit(Action("take_resource", resource=key))

        y = self._resource_buttons(surface, "take", rect, y, take, lambda key: key in takes)
        self.draw_bank_row(surface, data, rect.right, y)

    def _draw_monopoly(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        plays = {a["resource"] for a in self._of_kind("play_monopoly")}
        y = self._title(surface, rect, rect.y, _("Monopoly: name a resource"))
        y = self._note(surface, rect, y, _("Every other player gives you all their cards of it."))

        def name(key: str) -> Callable[[], bool]:
            return lambda: self._send(Action("play_monopoly", resource=key))

        self._resource_buttons(surface, "monopoly", rect, y, name, lambda key: key in plays)
        back = pygame.Rect(rect.x, rect.bottom - self._button_h(), rect.w, self._button_h())
        self.button(surface, "cancel", back, _("Cancel"), self._cancel)

    def _player_of(self, kind: str) -> Callable[[], bool]:
        def play() -> bool:
            if kind == "monopoly":
                self.mode = "monopoly"
                return True
            return self.ctx.submit(Action(f"play_{kind}"))

        return play

    # -- input ---------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            self.pointer = event.pos
            if self.ctx.seat is None:
                return False
            right = event.button == 3
            for hit in reversed(self.hits):
                if hit.rect.collidepoint(event.pos):
                    if right:
                        if hit.on_right_click is not None:
                            hit.on_right_click()
                            return True
                        continue
                    if hit.enabled:
                        hit.on_click()
                    return True
            if right:
                return self._cancel_board()
            if self.board_rect.collidepoint(event.pos):
                return self._click_board(event.pos)
            return False
        if event.type == pygame.KEYDOWN and self.ctx.seat is not None:
            for hit in self.hits:
                if event.key in hit.keys and hit.enabled:
                    hit.on_click()
                    return True
        return False

    def _cancel_board(self) -> bool:
        if self.mode in ("road", "settlement", "city") or self.robber_hex is not None:
            self.mode = None
            self.robber_hex = None
            return True
        return False

    def _click_board(self, pos: tuple[int, int]) -> bool:
        if self.board_mode() == "robber" and self.robber_hex is not None:
            # a click on a ringed building robs its owner
            h = self.robber_hex
            victims = self.victims(h)
            owners = {i: self.data().buildings[i].owner for i in G.HEX_CORNERS[h]}
            building = self.intersection_at(pos, [i for i, owner in owners.items() if owner in victims])
            if building is not None:
                self.robber_hex = None
                return self.ctx.submit(robber_action(h, owners[building]))
            x, y = self.hex_px[h]
            if math.hypot(pos[0] - x, pos[1] - y) < self.size * 1.05:
                return False  # on the chosen hex or its corners: the choice of victim stays open
        spot = self.target_at(pos)
        if spot is None:
            return False
        action = self.targets()[spot]
        if self.board_mode() == "robber":
            victims = self.victims(spot)
            optional = robber_action(spot) in self.legal()
            if len(victims) > 1 or (victims and optional):  # a choice: whom to rob, or (after a 7) nobody
                self.robber_hex = spot
                return True
            if victims:
                action = robber_action(spot, victims[0])
            self.robber_hex = None
        return self.ctx.submit(action)

    # -- what happened -----------------------------------------------------------------------

    def on_events(self, events: Sequence[Event]) -> None:
        self._cache_key = None
        data = self.data()
        turn_key = (data.phase, self.ctx.actor, self.ctx.seat, data.turn)
        if turn_key != self._turn_key:  # a new phase or another player: start afresh
            self.mode = None
            self.robber_hex = None
            self.discard_pick = [0] * len(_resources())
            self._turn_key = turn_key
        if self.mode in ("road", "settlement", "city") and not self.targets():
            self.mode = None
        if not events:
            self.flights = []
            self.placed = {}
            self.robber_from = None
        else:
            self._animate(events, data)
        self._robber_seen = data.board.robber

    def _animate(self, events: Sequence[Event], data: PlayerView) -> None:
        board = data.board
        total = None
        for event in events:
            if event.kind == "dice" and "total" in event.message.params and data.dice:
                total = int(event.message.params["total"])
            elif event.kind in ("road", "settlement", "city"):
                spot = event.data.get("path", event.data.get("intersection"))
                if isinstance(spot, int):
                    tween = Tween(0.35)
                    self.placed[(event.kind, spot)] = tween
                    self.animations.append(tween)
            elif event.kind == "robber":
                old = self._robber_seen
                if old is not None and 0 <= old < G.HEX_COUNT and old != board.robber:
                    tween = Tween(0.5)
                    self.robber_from = (old, tween)
                    self.animations.append(tween)
        produced = {(e.message.params.get("player"), e.data.get("resource")) for e in events if e.kind == "produce"}
        if not produced:
            return
        flights = []
        if total is not None:
            for h, number in enumerate(board.numbers):
                resource = board.produce[h]
                if number != total or h == board.robber or resource is None:
                    continue
                for i in G.HEX_CORNERS[h]:
                    building = data.buildings[i]
                    if (building.owner, resource) in produced:
                        for k in range(building.level):
                            flights.append((resource, self.hex_px[h], self.point_px[i], 0.12 * k))
        else:
            for event in events:
                if event.kind == "settlement":
                    i = event.data["intersection"]
                    for h in G.INTERSECTION_HEXES[i]:
                        resource = board.produce[h]
                        if resource:
                            flights.append((resource, self.hex_px[h], self.point_px[i], 0.0))
        for n, (resource, start, end, delay) in enumerate(flights[:24]):
            tween = Tween(0.8, delay=delay + 0.05 * n)
            self.flights.append(Flight(resource, start, end, tween))
            self.animations.append(tween)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.flights = [f for f in self.flights if not f.tween.done]
        self.placed = {key: tween for key, tween in self.placed.items() if not tween.done}
        if self.robber_from is not None and self.robber_from[1].done:
            self.robber_from = None

    # -- the frame's questions ---------------------------------------------------------------

    def players_summary(self) -> list[PlayerSummary]:
        data = self.data()
        out = []
        for seat, name in enumerate(self.ctx.names):
            player = data.players[seat]
            details = [_("hand {count}", count=player.cards), _("dev. {count}", count=player.development_cards)]
            if player.knights:
                details.append(_("knights {count}", count=player.knights))
            if player.road_length:
                details.append(_("road {length}", length=player.road_length))
            out.append(PlayerSummary(seat, name, self.ctx.colour(seat), str(player.points), details))
        return out

    def shortcuts(self) -> list[tuple[str, str]]:
        return [
            (pgettext("the key", "Space"), self._help("roll")),
            ("R", self._help("road")),
            ("S", self._help("settlement")),
            ("C", self._help("city")),
            ("V", self._help("development")),
            ("B", self._help("bank")),
            ("T", self._help("players")),
            ("E", self._help("end_turn")),
            (_("Right-click"), _("Cancel building or the robber's victim choice")),
            ("N", _("After a 7: move the robber and rob nobody")),
            ("C / D", _("Counter or decline a trade offered to you (accepting takes a click)")),
        ]

    def prompt(self) -> str | None:
        if not self.live():
            return None
        data = self.data()
        phase = data.phase
        seat = self.ctx.seat
        if phase == phases.FOUND_SETTLEMENT:
            return _("Place a settlement on a lit intersection.")
        if phase == phases.FOUND_ROAD:
            return _("Place a road next to the settlement you just placed.")
        if phase == phases.ROLL:
            return _("Roll the dice (Space), or play a development card first.")
        if phase == phases.DISCARD and seat is not None:
            return ngettext(
                "Choose {count} card to give back to the bank.",
                "Choose {count} cards to give back to the bank.",
                data.players[seat].to_discard,
            )
        if phase == phases.ROBBER:
            if self.robber_hex is None:
                if data.robber_for_knight:
                    return _("Your knight moves the robber: click a lit land hex.")
                return _("You rolled a 7: move the robber to a lit land hex.")
            return _("Choose whom to rob, or nobody.") if data.theft_optional else _("Choose whom to rob.")
        if phase == phases.PLENTY:
            return _("Take resource cards of your choice from the bank ({count} left).", count=data.free)
        if phase == phases.FREE_ROADS:
            return _("Place your free roads on lit paths ({count} left).", count=data.free)
        if phase == phases.NEGOTIATE and data.offer is not None:
            return _("Answer {player}'s trade offer.", player=self.ctx.names[data.offer.proposer])
        if phase == phases.MAIN:
            if self.mode == "road":
                return _("Click a lit path to build a road.")
            if self.mode == "settlement":
                return _("Click a lit intersection to build a settlement.")
            if self.mode == "city":
                return _("Click one of your settlements to make it a city.")
            return _("Build, trade, play a card or end your turn.")
        return None
