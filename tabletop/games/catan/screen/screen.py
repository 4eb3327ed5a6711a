"""Catan's screen: the island on the left of the board area, the hand and the
choices of the player behind the curtain on the right.

`CatanView` lays the parts out, draws them in turn and routes the input; each part
is a small class of its own module (the island, its corners, the hand, the turn's
choices, trades, the discard, the robber, development cards, the bank's row, the
side column for everyone) that gets the `Shared` reading of the match and the
player's choices in progress. The island is drawn once per size into one surface;
pieces, the robber and the places that light up are drawn over it every frame.
Every control is an on-screen button drawn where it is hit: `draw_private` lays
the buttons out and `handle_event` hits the ones drawn last. A place on the board
takes a click only when the rules list an action for it.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from tabletop.engine.core import Event
from tabletop.games.catan import state as phases
from tabletop.games.catan.screen.bank import BankRow
from tabletop.games.catan.screen.bar import ActionBar
from tabletop.games.catan.screen.board import FRAME_RADIUS, HALF_WIDTH, Island
from tabletop.games.catan.screen.common import Choices, Reading, Shared, control_help
from tabletop.games.catan.screen.corners import Corners
from tabletop.games.catan.screen.development import Development
from tabletop.games.catan.screen.discard import Discard
from tabletop.games.catan.screen.hand import HandPanel
from tabletop.games.catan.screen.legend import legend
from tabletop.games.catan.screen.motion import Motion
from tabletop.games.catan.screen.public import PublicSide
from tabletop.games.catan.screen.robber import Robber
from tabletop.games.catan.screen.trade import Trade
from tabletop.games.catan.views import PlayerView
from tabletop.i18n import _, ngettext, pgettext
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.gameview import GameView, PlayerSummary, Tween, ViewContext


class CatanView(GameView):
    """The island, the pieces and the active player's hand and choices."""

    button_colour = th.WOOD_LIGHT

    def __init__(self, ctx: ViewContext) -> None:
        super().__init__(ctx)
        self.read = Reading(ctx)
        self.choices = Choices()
        shared = Shared(ctx, self.read, self.choices, self)
        self.motion = Motion(self.animations_start)
        self.island = Island(shared, self.motion)
        self.corners = Corners(shared, self.island)
        self.bank = BankRow(shared)
        self.public = PublicSide(shared, self.bank)
        self.discard = Discard(shared)
        self.development = Development(shared, self.bank)
        self.hand = HandPanel(shared, self.discard, self.development)
        self.bar = ActionBar(shared, self.bank)
        self.trade = Trade(shared, self.bank)
        self.robber = Robber(shared, self.island)
        #: the column right of the island: the hand and the choices, or the public side
        self.side = pygame.Rect(0, 0, 0, 0)
        self._turn_key: tuple | None = None

    def animations_start(self, tween: Tween) -> None:
        """Run `tween` with the view's animations."""
        self.animations.append(tween)

    def data(self) -> PlayerView:
        """The match as the table may see it (cached until the next change)."""
        return self.read.data()

    # -- layout -------------------------------------------------------------------------

    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)
        t = self.theme
        pad = t.px(14)
        side_min = max(int(rect.w * 0.37), t.px(400))
        size = min((rect.w - side_min - pad * 3) / (2 * HALF_WIDTH), (rect.h - pad * 2) / (2 * FRAME_RADIUS))
        size = max(8.0, size)
        bw, bh = int(2 * HALF_WIDTH * size), int(2 * FRAME_RADIUS * size)
        board = pygame.Rect(rect.x + pad, rect.y + (rect.h - bh) // 2, bw, bh)
        self.island.layout(board, size)
        side_x = board.right + pad
        self.side = pygame.Rect(side_x, rect.y + pad, rect.right - pad - side_x, rect.h - pad * 2)
        self.private_area = pygame.Rect(self.side)

    # -- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.hits = []
        self.bank.forget()
        data = self.data()
        if not self.island.draw(surface, data):
            return
        self.corners.draw(surface, data)
        self.island.draw_pieces(surface, data)
        if self.ctx.seat is None:
            self.public.draw(surface, self.side, data)

    def draw_private(self, surface: pygame.Surface) -> None:
        seat = self.ctx.seat
        if seat is None:
            return
        data = self.data()
        t = self.theme
        area = self.side
        art.draw_panel(surface, area, "dark", radius=t.px(16), shadow=t.px(10))
        inner = area.inflate(-t.px(24), -t.px(20))
        y = self.hand.draw(surface, inner, area.h, data, seat)
        rest = pygame.Rect(inner.x, y + t.px(6), inner.w, inner.bottom - y - t.px(6))
        pygame.draw.line(
            surface, th.GOLD_DARK, (rest.x, rest.y - t.px(3)), (rest.right, rest.y - t.px(3)), max(1, t.px(2))
        )
        self._draw_choices(surface, rest.inflate(0, -t.px(8)).move(0, t.px(4)), data, seat)

    def _draw_choices(self, surface: pygame.Surface, rect: pygame.Rect, data: PlayerView, seat: int) -> None:
        """Under the hand: what the player may do now, by the phase of the game."""
        phase = data.phase
        mode = self.choices.mode
        if phase == phases.OVER:
            self.bar.title(surface, rect, rect.y, _("The game is over."))
            return
        if not self.read.live():
            actor = self.ctx.actor
            if actor is not None and actor >= 0:
                self.bar.title(surface, rect, rect.y, _("Waiting for {player}…", player=self.ctx.names[actor]))
            return
        if phase in (phases.FOUND_SETTLEMENT, phases.FOUND_ROAD):
            self.bar.draw_founding(surface, rect, data, seat, road=phase == phases.FOUND_ROAD)
        elif phase == phases.ROLL:
            self.bar.draw_roll(surface, rect, data)
        elif phase == phases.MAIN:
            if mode == "bank":
                self.trade.draw_bank(surface, rect, data, self.bar.mode_setter("bank"))
            elif mode == "offer":
                self.trade.draw_offer(surface, rect, data, seat, counter=False)
            elif mode == "monopoly":
                self.development.draw_monopoly(surface, rect)
            else:
                self.bar.draw_main(surface, rect, data, seat)
        elif phase == phases.DISCARD:
            self.discard.draw(surface, rect, data, seat)
        elif phase == phases.ROBBER:
            self.robber.draw(surface, rect, data)
        elif phase == phases.PLENTY:
            self.development.draw_plenty(surface, rect, data)
        elif phase == phases.FREE_ROADS:
            y = self.bar.title(surface, rect, rect.y, _("Road building: free roads to place: {count}", count=data.free))
            self.bar.note(surface, rect, y, _("Click a lit path for each free road."))
        elif phase == phases.NEGOTIATE:
            if mode == "counter":
                self.trade.draw_offer(surface, rect, data, seat, counter=True)
            else:
                self.trade.draw_answer(surface, rect, data)

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
            if self.island.rect.collidepoint(event.pos):
                return self._click_board(event.pos)
            return False
        if event.type == pygame.KEYDOWN and self.ctx.seat is not None:
            for hit in self.hits:
                if event.key in hit.keys and hit.enabled:
                    hit.on_click()
                    return True
        return False

    def _cancel_board(self) -> bool:
        if self.choices.mode in ("road", "settlement", "city") or self.choices.robber_hex is not None:
            return self.choices.cancel()
        return False

    def _click_board(self, pos: tuple[int, int]) -> bool:
        spot = self.island.target_at(pos)
        if self.island.mode() == "robber":
            return self.robber.click(pos, spot)
        if spot is None:
            return False
        return self.ctx.submit(self.island.targets()[spot])

    # -- what happened -----------------------------------------------------------------------

    def on_events(self, events: Sequence[Event]) -> None:
        self.read.forget()
        data = self.data()
        turn_key = (data.phase, self.ctx.actor, self.ctx.seat, data.turn)
        if turn_key != self._turn_key:  # a new phase or another player: start afresh
            self.choices.start_afresh()
            self._turn_key = turn_key
        if self.choices.mode in ("road", "settlement", "city") and not self.island.targets():
            self.choices.mode = None
        if not events:
            self.motion.stop()
        else:
            self.motion.animate(events, data, self.island.hex_px, self.island.point_px)
        self.motion.robber_seen = data.board.robber

    def update(self, dt: float) -> None:
        super().update(dt)
        self.motion.update()

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
        space, enter = pgettext("the key", "Space"), pgettext("the key", "Enter")
        return [
            (f"{space} / {enter}", control_help("roll")),
            ("R", control_help("road")),
            ("S", control_help("settlement")),
            ("C", control_help("city")),
            ("V", control_help("development")),
            ("B", control_help("bank")),
            ("T", control_help("players")),
            ("E", control_help("end_turn")),
            (_("Right-click"), _("Cancel building or the robber's victim choice")),
            ("N", _("After a 7: move the robber and rob nobody")),
            ("C / D", _("Counter or decline a trade offered to you (accepting takes a click)")),
            (enter, _("After a 7: give the chosen cards back to the bank")),
        ]

    def legend(self) -> list[tuple[pygame.Surface, str]]:
        seat = self.ctx.seat
        return legend(self.theme, self.ctx.colour(seat if seat is not None else 0))

    def prompt(self) -> str | None:
        if not self.read.live():
            return None
        data = self.data()
        phase = data.phase
        seat = self.ctx.seat
        mode = self.choices.mode
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
            if self.choices.robber_hex is None:
                if data.robber_for_knight:
                    return _("Your knight moves the robber: click a lit land hex.")
                return _("You rolled a 7: move the robber to a lit land hex.")
            return _("Choose whom to rob, or nobody.") if data.theft_optional else _("Choose whom to rob.")
        if phase == phases.PLENTY:
            return ngettext(
                "Take resource cards of your choice from the bank ({count} left).",
                "Take resource cards of your choice from the bank ({count} left).",
                data.free,
            )
        if phase == phases.FREE_ROADS:
            return ngettext(
                "Place your free roads on lit paths ({count} left).",
                "Place your free roads on lit paths ({count} left).",
                data.free,
            )
        if phase == phases.NEGOTIATE and data.offer is not None:
            return _("Answer {player}'s trade offer.", player=self.ctx.names[data.offer.proposer])
        if phase == phases.MAIN:
            if mode == "road":
                return _("Click a lit path to build a road.")
            if mode == "settlement":
                return _("Click a lit intersection to build a settlement.")
            if mode == "city":
                return _("Click one of your settlements to make it a city.")
            return _("Build, trade, play a card or end your turn.")
        return None
