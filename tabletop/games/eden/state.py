"""The state of a game of Eden: its phases and EdenState, plain data that the rules
(rules.py) change."""

from __future__ import annotations

from dataclasses import dataclass, field

# Phases of the state.
DEAL = "deal"  # chance: the cards dealt at random
PLAY = "play"  # the turn player chooses a play, sells, buys, ends the turn
CONQUEST = "conquest"  # a tile was just placed next to an opponent: attack or not
AUCTION = "auction"  # attacker and defender bid in turn
DRAW = "draw"  # chance: the card drawn at the end of a turn
OVER = "over"

#: the value of a tile laid by irrigation
IRRIGATED_VALUE = 1


@dataclass
class EdenState:
    """The whole game as plain lists and numbers. Fields and cards are numbers (see
    EdenTables); a seat's tiles on the board are the fields whose `owner` is that seat."""

    players: int
    turn: int
    phase: str = DEAL
    #: per field: the seat whose tile lies there (-1: none) and the tile's value (0: none)
    owner: list[int] = field(default_factory=list)
    value: list[int] = field(default_factory=list)
    #: per seat, per tile kind: tiles not on the board
    free: list[list[int]] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    mana: list[int] = field(default_factory=list)
    #: the draw pile: a pile without an order (kept sorted), each card is drawn at random
    deck: list[int] = field(default_factory=list)
    hands: list[list[int]] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    #: sold cultivation cards, open for anyone to buy
    display: list[int] = field(default_factory=list)
    #: whether the turn player has played a card (irrigation, cultivation or a dead card)
    played: bool = False
    irrigations: int = 0
    #: the field of the tile just placed, while its conquest is open
    placed: int = -1
    #: the conquest: defending seat, attacking group, targets, standing bid per point,
    #: seat to bid or accept next
    defender: int = -1
    group: list[int] = field(default_factory=list)
    targets: list[int] = field(default_factory=list)
    bid: int = 0
    bidder: int = -1
    #: the winning seats once the game is over
    winners: list[int] = field(default_factory=list)

    def copy(self) -> EdenState:
        """A copy that shares no list with this state."""
        return EdenState(
            players=self.players,
            turn=self.turn,
            phase=self.phase,
            owner=list(self.owner),
            value=list(self.value),
            free=[list(f) for f in self.free],
            points=list(self.points),
            mana=list(self.mana),
            deck=list(self.deck),
            hands=[list(h) for h in self.hands],
            discard=list(self.discard),
            display=list(self.display),
            played=self.played,
            irrigations=self.irrigations,
            placed=self.placed,
            defender=self.defender,
            group=list(self.group),
            targets=list(self.targets),
            bid=self.bid,
            bidder=self.bidder,
            winners=list(self.winners),
        )
