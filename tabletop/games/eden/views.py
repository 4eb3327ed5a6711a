"""Eden's player view: what one seat, or everybody at the table, may see of the game.

`EdenRules.view(state, seat)` builds it and the screen (view.py) reads its fields.
Numbers mean what they mean in the rules (see EdenTables): a field is its index on
the board, row by row; the cards below the board's size are the irrigation cards of
those fields, the cards from there on the cultivation cards; seats count from 0, and
-1 stands for none. Everything is plain data held in tuples, so that two views
compare with == and `tabletop.engine.views.as_json` turns one into JSON.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class BoardView:
    """The landscape tiles on the board."""

    owner: tuple[int, ...]
    """Per field: the seat whose tile lies there (-1: no tile)."""
    value: tuple[int, ...]
    """Per field: the value of the tile there, its fertility points (0: no tile)."""


@dataclass(frozen=True)
class SeatView:
    """What everybody may see of one seat."""

    points: int
    """The fertility points of the seat's tiles on the board."""
    hand_size: int
    """How many cards the seat holds (which ones is its secret)."""
    free_tiles: tuple[int, ...]
    """Per tile kind: the seat's tiles not on the board."""


@dataclass(frozen=True)
class AuctionView:
    """A conquest's auction while it runs; the turn player is the attacker."""

    defender: int
    """The seat whose tiles are attacked."""
    group: tuple[int, ...]
    """The attacking fields: the tile just placed, then the tile supporting it if any."""
    targets: tuple[int, ...]
    """The defender's fields under attack, in order."""
    bid: int
    """The standing bid in mana per point (0: nobody has bid yet)."""
    bidder: int
    """The seat to bid or accept next."""


@dataclass(frozen=True)
class HandView:
    """The secrets of the seat looking."""

    cards: tuple[int, ...]
    """The cards in hand, in order of their numbers."""
    mana: int
    """The seat's mana."""


@dataclass(frozen=True)
class PlayerView:
    """The game as one seat may see it: the public game, and the seat's own hand
    (`hand` is None in the view for everybody)."""

    phase: str
    """The phase of the game (the names in rules.py: "deal", "play", "conquest", ...)."""
    turn: int
    """The turn player."""
    board: BoardView
    """The tiles on the board."""
    seats: tuple[SeatView, ...]
    """Every seat's public counts, by seat."""
    deck_size: int
    """How many cards the draw pile holds."""
    discard: tuple[int, ...]
    """The discard pile, its top card last (open: anyone may look through it)."""
    display: tuple[int, ...]
    """The open display: sold cultivation cards that anyone may buy in their turn."""
    played: bool
    """Whether the turn player has played a card this turn (irrigation, cultivation or a dead card)."""
    irrigations: int
    """How many fields the turn player has irrigated this turn."""
    placed: int
    """The field of the tile just placed while its conquest is open (-1: none)."""
    auction: AuctionView | None
    """The conquest's auction while it runs (None: no auction)."""
    winners: tuple[int, ...]
    """The winning seats once the game is over."""
    hand: HandView | None
    """The hand and mana of the seat looking (None: the view for everybody)."""
