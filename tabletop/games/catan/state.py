"""The state of a Catan game: plain lists of ints, cheap to copy and to encode."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

# Phases. Chance decides in BOARD, FIRST, DICE, STEAL and DEVELOP.
BOARD = "board"  # the open random layout of the island (land, harbours, tokens)
FIRST = "first"  # each player rolls; the highest begins
FOUND_SETTLEMENT = "found_settlement"  # founding rounds: a free settlement ...
FOUND_ROAD = "found_road"  # ... then a free road touching it
ROLL = "roll"  # start of a turn: roll, or play a development card first
DICE = "dice"  # the production roll
DISCARD = "discard"  # after a 7, players over the limit discard, one after another
ROBBER = "robber"  # the active player moves the robber and picks whom to rob (after a 7: or nobody)
STEAL = "steal"  # chance picks the stolen card
DEVELOP = "develop"  # chance draws the development card just bought
MAIN = "main"  # trade and build (trade closes at the first build unless combined)
NEGOTIATE = "negotiate"  # a trade offer waits for the other side's answer
FREE_ROADS = "free_roads"  # road building card: free roads
PLENTY = "plenty"  # year of plenty card: free resources from the bank
OVER = "over"


@dataclass(slots=True)
class CatanState:
    """Everything about a game in progress. Seats are 0..players-1; resources and
    development cards are indexes (see schema.CatanData); -1 means none."""

    players: int
    options: dict[str, str]
    # option switches, from `options`
    random_numbers: bool
    clockwise: bool
    combined_phases: bool
    single_gets_rest: bool
    holder_keeps: bool
    progress_removed: bool
    theft_optional: bool

    phase: str = BOARD
    board_step: int = 0
    # Tuples are never changed in place: they are replaced, so copies share them.
    # the island, per land hex: terrain key, resource produced (-1 none), number (0 none)
    terrain: tuple[str, ...] = ()
    produce: tuple[int, ...] = ()
    numbers: tuple[int, ...] = ()
    #: the random deals of the tokens that failed (two red numbers side by side), while they are dealt
    token_deals: int = 0
    start_corner: int = -1
    #: land hexes by the number they show (index 2..12), fixed once the tokens lie
    number_hexes: tuple[tuple[int, ...], ...] = ()
    # per harbour place: resource (-1 any) and ratio
    harbour_resource: tuple[int, ...] = ()
    harbour_ratio: tuple[int, ...] = ()
    robber: int = -1

    # pieces: per intersection the building's owner and level (1 settlement, 2 city);
    # per path the road's owner
    owner: list[int] = field(default_factory=list)
    level: list[int] = field(default_factory=list)
    roads: list[int] = field(default_factory=list)
    # per seat, in building order: its road paths and its building intersections
    road_paths: list[tuple[int, ...]] = field(default_factory=list)
    buildings: list[tuple[int, ...]] = field(default_factory=list)
    settlements: list[int] = field(default_factory=list)  # on the board, per seat
    cities: list[int] = field(default_factory=list)

    # cards
    hands: list[list[int]] = field(default_factory=list)  # per seat, count per resource
    bank: list[int] = field(default_factory=list)
    #: the development cards face down: first, bottom first, the `deck_under` cards
    #: played back under the pile (their order known), then the rest, a pile
    #: without an order (sorted), from which a card bought is drawn at random
    deck: list[int] = field(default_factory=list)
    deck_under: int = 0
    devs: list[list[int]] = field(default_factory=list)  # per seat, unplayed count per kind
    new_devs: list[int] = field(default_factory=list)  # the active seat's buys this turn, per kind
    knights: list[int] = field(default_factory=list)  # knights played, per seat
    removed: list[int] = field(default_factory=list)  # progress cards out of the game, per kind
    dev_played: bool = False
    ratios: list[tuple[int, ...]] = field(default_factory=list)  # per seat, bank trade ratio per resource

    # scores
    road_length: list[int] = field(default_factory=list)
    longest: int = -1
    largest: int = -1
    vp: list[int] = field(default_factory=list)  # public points per seat (victory cards not counted)
    winner: int = -1

    # turn
    turn: int = 0
    contenders: list[int] = field(default_factory=list)  # rolling for the first turn
    first_rolls: list[int] = field(default_factory=list)
    order: list[int] = field(default_factory=list)  # founding order (snake)
    found_step: int = 0
    last_settlement: int = -1
    dice: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)  # cards each seat still has to discard
    discarded: list[tuple[int, ...]] = field(default_factory=list)  # per seat; secret until all have discarded
    resume: str = MAIN  # the phase to return to after the robber or a progress card
    victim: int = -1
    knight_robber: bool = False  # the robber moves for a knight: its theft is not optional
    free: int = 0  # free roads or free resources still to take
    trading: bool = False  # separate phases: trading is open until the first build
    # trade negotiation: (proposer, responder, give, want); the proposer gives `give`
    offer: tuple[int, int, tuple[int, ...], tuple[int, ...]] | None = None
    offers: int = 0  # negotiations opened this turn
    counters: int = 0  # counter-offers in the open negotiation

    def copy(self) -> CatanState:
        """A deep copy: every list copied; tuples (never changed in place) and the
        option dict (never changed in play) are shared."""
        new = object.__new__(CatanState)
        new.players = self.players
        new.options = self.options
        new.random_numbers = self.random_numbers
        new.clockwise = self.clockwise
        new.combined_phases = self.combined_phases
        new.single_gets_rest = self.single_gets_rest
        new.holder_keeps = self.holder_keeps
        new.progress_removed = self.progress_removed
        new.theft_optional = self.theft_optional
        new.phase = self.phase
        new.board_step = self.board_step
        new.terrain = self.terrain
        new.produce = self.produce
        new.numbers = self.numbers
        new.token_deals = self.token_deals
        new.start_corner = self.start_corner
        new.number_hexes = self.number_hexes
        new.harbour_resource = self.harbour_resource
        new.harbour_ratio = self.harbour_ratio
        new.robber = self.robber
        new.owner = self.owner[:]
        new.level = self.level[:]
        new.roads = self.roads[:]
        new.road_paths = self.road_paths[:]
        new.buildings = self.buildings[:]
        new.settlements = self.settlements[:]
        new.cities = self.cities[:]
        new.hands = [*map(list.copy, self.hands)]
        new.bank = self.bank[:]
        new.deck = self.deck[:]
        new.deck_under = self.deck_under
        new.devs = [*map(list.copy, self.devs)]
        new.new_devs = self.new_devs[:]
        new.knights = self.knights[:]
        new.removed = self.removed[:]
        new.dev_played = self.dev_played
        new.ratios = self.ratios[:]
        new.road_length = self.road_length[:]
        new.longest = self.longest
        new.largest = self.largest
        new.vp = self.vp[:]
        new.winner = self.winner
        new.turn = self.turn
        new.contenders = self.contenders[:]
        new.first_rolls = self.first_rolls[:]
        new.order = self.order[:]
        new.found_step = self.found_step
        new.last_settlement = self.last_settlement
        new.dice = self.dice[:]
        new.discard = self.discard[:]
        new.discarded = self.discarded[:]
        new.resume = self.resume
        new.victim = self.victim
        new.knight_robber = self.knight_robber
        new.free = self.free
        new.trading = self.trading
        new.offer = self.offer
        new.offers = self.offers
        new.counters = self.counters
        return new

    def to_json(self) -> dict[str, Any]:
        """Every field as plain JSON data."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "token_deals" and not value:
                continue  # 0 once the tokens lie: states (and their hashes) are as before it was counted
            if f.name == "offer" and value is not None:
                value = [value[0], value[1], list(value[2]), list(value[3])]
            elif f.name == "number_hexes":
                value = [list(hexes) for hexes in value]
            elif isinstance(value, (list, tuple)) and value and isinstance(value[0], (list, tuple)):
                value = [list(v) for v in value]
            elif isinstance(value, (list, tuple, dict)):
                value = list(value) if isinstance(value, tuple) else value.copy()
            out[f.name] = value
        return out
