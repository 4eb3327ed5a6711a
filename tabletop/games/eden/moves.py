"""Eden's moves, declared once: their parameters, phases and help, and the table
that lists them (the checks and changes are in rules.py and conquest.py), and the
actions that do not depend on the state, made once.

A move names its cards and fields (an irrigation card by its field, "D4"; a
cultivation card by its key, "domino-1"; a field as on the board, "C3"), so that a
log reads as the game; the state keeps numbers, converted at the move's check and
change. A bid (the other side answers), the acceptance that settles a conquest,
passing and ending the turn (a card drawn, the next player) always commit.
"""

from __future__ import annotations

from tabletop.engine.core import Action
from tabletop.engine.moves import Move, Moves
from tabletop.games.eden.state import AUCTION, CONQUEST, DEAL, DRAW, OVER, PLAY
from tabletop.games.eden.tables import EdenTables
from tabletop.i18n import N_

IRRIGATE = Move(
    "irrigate", N_("Water the field of an irrigation card: lay a tile of 1 there."), phases=(PLAY,), card=str
)
CULTIVATE = Move(
    "cultivate",
    N_("Lay a cultivation card on your land: its lowest tiles rise by one."),
    phases=(PLAY,),
    card=str,
    rotation=int,
    origin=str,
)
DISCARD_DEAD = Move(
    "discard_dead",
    N_("Discard an irrigation card whose field is taken, as the play of the turn."),
    phases=(PLAY,),
    card=str,
)
PASS = Move("pass", N_("Play no card and end the turn."), phases=(PLAY,), commits=True)
END_TURN = Move(
    "end_turn", N_("End the turn after the play (a card is drawn below five)."), phases=(PLAY,), commits=True
)
SELL = Move("sell", N_("Sell a cultivation card to the open display."), phases=(PLAY, CONQUEST, AUCTION), card=str)
BUY = Move("buy", N_("Buy a cultivation card from the open display."), phases=(PLAY, CONQUEST, AUCTION), card=str)
ATTACK = Move(
    "attack",
    N_("Attack an opponent's tiles next to the tile just placed, with or without a supporting tile."),
    phases=(CONQUEST,),
    support=str | None,
    targets=tuple[str, ...],
)
NO_ATTACK = Move("no_attack", N_("Do not attack from the tile just placed."), phases=(CONQUEST,))
BID = Move(
    "bid", N_("Bid mana per point of the other side of the conquest."), phases=(AUCTION,), commits=True, amount=int
)
ACCEPT = Move(
    "accept", N_("Accept the standing bid: the bidder pays and wins the conquest."), phases=(AUCTION,), commits=True
)
MOVES = Moves(
    IRRIGATE,
    CULTIVATE,
    DISCARD_DEAD,
    PASS,
    END_TURN,
    SELL,
    BUY,
    ATTACK,
    NO_ATTACK,
    BID,
    ACCEPT,
    phase_of=lambda state: state.phase,
    not_now={
        DEAL: N_("The cards must be dealt first."),
        DRAW: N_("A card must be drawn first."),
        CONQUEST: N_("First decide whether to attack from the tile just placed."),
        AUCTION: N_("The conquest must be settled first."),
        OVER: N_("The game is over."),
    },
)


class ActionCache:
    """The actions that do not depend on the state, made once (making an Action
    costs), by the number of their card: the state holds numbers, actions names."""

    def __init__(self, t: EdenTables) -> None:
        size = t.board.size
        name = t.card_name
        self.irrigate = {c: IRRIGATE.action(card=name(c)) for c in range(size)}
        self.discard_dead = {c: DISCARD_DEAD.action(card=name(c)) for c in range(size)}
        self.sell = {c: SELL.action(card=name(c)) for c in range(size, t.deck_size)}
        self.buy = {c: BUY.action(card=name(c)) for c in range(size, t.deck_size)}
        #: per cultivation card: (mask, fields, action) of each placement on the board
        self.cultivate = [
            [
                (
                    p.mask,
                    p.fields,
                    CULTIVATE.action(card=name(size + i), rotation=p.rotation, origin=t.board.name(p.origin)),
                )
                for p in placements
            ]
            for i, placements in enumerate(t.placements)
        ]
        self.pass_ = Action("pass")
        self.end_turn = Action("end_turn")
        self.no_attack = Action("no_attack")
        self.accept = Action("accept")
        #: cultivation cards of the same shape are the same card to the rules: per
        #: card (counted from the first cultivation card) its shape, and per shape
        #: its field count and the (mask, fields) of each placement
        signatures: dict[frozenset[tuple[int, ...]], int] = {}
        self.kind_of_card: list[int] = []
        self.kind_sizes: list[int] = []
        self.kind_placements: list[list[tuple[int, tuple[int, ...]]]] = []
        for i, placements in enumerate(t.placements):
            signature = frozenset(p.fields for p in placements)
            if signature not in signatures:
                signatures[signature] = len(self.kind_sizes)
                self.kind_sizes.append(t.shape_sizes[i])
                self.kind_placements.append([(p.mask, p.fields) for p in placements])
            self.kind_of_card.append(signatures[signature])
