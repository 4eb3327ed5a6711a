"""What every panel of Eden's screen reads: the match as the revealed seat may see
it and its legal moves (read again only when the match or the seat changed), and
the player's choices in progress (the chosen card and its turn, the attack being
put together, the bid in the box, what lies under the pointer)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from tabletop.engine.core import Action
from tabletop.games.eden import art as eart
from tabletop.games.eden.base import listed
from tabletop.games.eden.board import rotate
from tabletop.games.eden.screen.legal import Legal
from tabletop.games.eden.views import PlayerView
from tabletop.ui import theme as th
from tabletop.ui.gameview import ViewContext


class Shared:
    """The reading of the match and the choices in progress, shared by the panels."""

    def __init__(self, ctx: ViewContext) -> None:
        self.ctx = ctx
        rules = ctx.rules
        self.tables = rules.tables
        self.board = self.tables.board
        self.economy = self.tables.economy
        colours = [key for key, _label, _rgb in rules.colours()]
        #: each seat's emblem, from the index of its colour
        self.emblems = [
            eart.emblem_for(colours.index(p.colour) if p.colour in colours else seat)
            for seat, p in enumerate(ctx.match.players)
        ]
        self.pointer: tuple[int, int] = (-1, -1)
        # what lies under the pointer
        self.hover_field: int | None = None
        self.hover_card: int | None = None
        self.hover_display: int | None = None
        #: the pile under the pointer ("pile", "discard" or None)
        self.hover_piles: str | None = None
        #: whether the discard pile lies open over the board
        self.showing_discard = False
        # the player's choices in progress
        self.selected: int | None = None
        self.rotation = 0
        self.support: int | None = None
        self.targets: set[int] = set()
        self.amount: int | None = None
        self.typed = ""
        #: each seat's hand in the order its cards came into it (the rules' view
        #: lists them by number; a hand that re-sorted itself would move the cards
        #: under the player's hand)
        self.orders: dict[int, list[int]] = {}
        self._cache_key: tuple | None = None
        self._view: PlayerView  # set by refresh, before anything reads it
        self._actions: list[Action] = []
        self._legal = Legal.of(rules, [])
        self._reason_key: tuple | None = None
        self._reason = ""

    @property
    def theme(self) -> th.Theme:
        return self.ctx.theme

    def refresh(self) -> None:
        """Read the view and the legal moves again when the match or the seat changed."""
        match = self.ctx.match
        key = (match.state, len(match.log), self.ctx.seat)
        if self._cache_key is not None and all(a is b or a == b for a, b in zip(key, self._cache_key, strict=False)):
            return
        self._cache_key = key
        view = self.ctx.view()
        assert isinstance(view, PlayerView), "Eden's screen draws Eden's player view"
        self._view = view
        self._actions = self.ctx.legal_actions()
        self._legal = Legal.of(self.ctx.rules, self._actions)
        seat = self.ctx.seat
        if seat is not None and view.hand is not None:
            held = self.orders.get(seat, [])
            cards = set(view.hand.cards)
            kept = [card for card in held if card in cards]
            self.orders[seat] = kept + [card for card in view.hand.cards if card not in kept]

    def forget(self) -> None:
        """Read everything again at the next look (the position changed by hand)."""
        self._cache_key = None

    @property
    def data(self) -> PlayerView:
        self.refresh()
        return self._view

    @property
    def legal(self) -> Legal:
        self.refresh()
        return self._legal

    def my_turn(self) -> bool:
        """True when the revealed seat is the one to act (its controls are live)."""
        self.refresh()
        actor = self.ctx.actor
        return actor is not None and actor >= 0 and bool(self._actions)

    def hand(self) -> list[int]:
        """The revealed seat's hand in the order its cards came (empty while nobody's
        secrets show)."""
        self.refresh()
        seat = self.ctx.seat
        if seat is None or self._view.hand is None:
            return []
        return list(self.orders[seat])

    def is_irrigation(self, card: int) -> bool:
        return bool(self.tables.is_irrigation(card))

    def field_list(self, fields: Sequence[int]) -> str:
        """Fields by name, in order, joined as the language joins a list."""
        return str(listed([self.board.name(f) for f in sorted(fields)]).render())

    def side_points(self, fields: Sequence[int]) -> int:
        value = self.data.board.value
        return sum(value[f] for f in fields)

    def why_not(self, action: Action) -> str:
        """The rules' reason against a move of the revealed seat to act (its own
        move, so the reason tells nothing the seat does not know)."""
        key = (self._cache_key, action)
        if key != self._reason_key:
            self._reason_key = key
            self._reason = self.ctx.check(action) or ""
        return self._reason

    def cultivating(self) -> bool:
        """True when the chosen card is a cultivation card the player may lay now."""
        card = self.selected
        return (
            card is not None
            and self.my_turn()
            and not self.is_irrigation(card)
            and card in self.hand()
            and self.data.phase == "play"
            and not self.data.played
        )

    def rotated(self, card: int) -> tuple[tuple[int, int], ...]:
        """The shape of cultivation card `card`, turned as the player turned it."""
        return tuple(rotate(self.tables.shapes[card - self.board.size], self.rotation))

    def card_face(self, card: int, size: tuple[int, int]) -> pygame.Surface:
        """The picture of a card (the chosen cultivation card turned as it lies)."""
        if self.is_irrigation(card):
            w = self.board.width
            return eart.irrigation_card(self.board.name(card), card % w, card // w, w, self.board.height, size)
        cells = self.tables.shapes[card - self.board.size]
        if card == self.selected and self.cultivating():
            cells = self.rotated(card)
        return eart.cultivation_card(tuple(cells), size)
