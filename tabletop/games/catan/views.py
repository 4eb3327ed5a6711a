"""What a seat at the Catan table may see: the player view as frozen dataclasses,
and `player_view`, which builds it from the state.

Seats are 0..players-1; -1 stands for nobody. Every count per resource follows the
order of `PlayerView.resources` (the data's order); every count per development
card kind follows schema.DEVELOPMENT_KINDS.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tabletop.games.catan.schema import DEVELOPMENT_KINDS
from tabletop.games.catan.state import MAIN, OVER, ROBBER, CatanState
from tabletop.games.catan.tables import tables

VICTORY_POINT = DEVELOPMENT_KINDS.index("victory_point")


@dataclass(frozen=True)
class Harbour:
    """A harbour on the sea frame."""

    #: the resource it trades, or None for any resource
    resource: str | None
    #: how many cards of that resource buy one card from the bank
    ratio: int


@dataclass(frozen=True)
class Board:
    """The island as laid out (all empty while chance still lays it out)."""

    #: per land hex, its terrain key
    terrain: tuple[str, ...]
    #: per land hex, the resource it produces, or None (the desert)
    produce: tuple[str | None, ...]
    #: per land hex, the number on its token, or 0 (no token)
    numbers: tuple[int, ...]
    #: the land hex the robber stands on, or -1 (not placed yet)
    robber: int
    #: per harbour place on the frame (geometry.HARBOUR_PLACES), its harbour
    harbours: tuple[Harbour, ...]
    #: the corner where the spiral of number tokens starts, or -1 (not chosen yet)
    start_corner: int


@dataclass(frozen=True)
class Building:
    """What stands on an intersection."""

    #: the seat that owns it, or -1 (nothing stands there)
    owner: int
    #: 1 a settlement, 2 a city, 0 nothing
    level: int


@dataclass(frozen=True)
class Player:
    """What everyone sees of one player."""

    #: resource cards in hand
    cards: int
    #: development cards in hand, not played yet
    development_cards: int
    #: knights played
    knights: int
    #: points everyone can count; victory point cards added once the game is over
    points: int
    #: the length of the player's longest road
    road_length: int
    #: roads, settlements and cities still in the player's supply
    roads_left: int
    settlements_left: int
    cities_left: int
    #: cards the player still has to give back to the bank after a 7
    to_discard: int
    #: victory point cards held, shown once the game is over (None before)
    victory_cards: int | None


@dataclass(frozen=True)
class FirstRolls:
    """The rolls for who begins."""

    #: the seats still rolling (a tie for the highest rolls again)
    contenders: tuple[int, ...]
    #: the totals rolled so far in this round, in the contenders' order
    rolls: tuple[int, ...]


@dataclass(frozen=True)
class Offer:
    """A trade offer waiting for an answer."""

    #: the seat that made the offer (or the last counter-offer)
    proposer: int
    #: the seat that is to answer it
    responder: int
    #: the cards the proposer gives, per resource
    give: tuple[int, ...]
    #: the cards the proposer asks for, per resource
    want: tuple[int, ...]


@dataclass(frozen=True)
class Hand:
    """What only the looking seat sees: its own cards."""

    #: resource cards, per resource
    cards: tuple[int, ...]
    #: development cards not played yet, per kind (those bought this turn among them)
    development: tuple[int, ...]
    #: of those, the ones bought this turn, per kind (all 0 but on the seat's own turn)
    new_development: tuple[int, ...]
    #: how many cards of each resource the bank takes for one card (harbours lower it)
    ratios: tuple[int, ...]
    #: the cards chosen so far in a discard after a 7, per resource
    discarding: tuple[int, ...]


@dataclass(frozen=True)
class PlayerView:
    """The table as one seat (or, with no seat, everybody) may see it."""

    #: the phase of play (the phase names of tabletop.games.catan.state)
    phase: str
    #: the seat whose turn it is
    turn: int
    #: the seat to act now, CHANCE (-1) while chance decides, None once the game is over
    actor: int | None
    #: the game's options as (key, value) pairs
    options: tuple[tuple[str, str], ...]
    #: the resource keys in the data's order, which every count per resource follows
    resources: tuple[str, ...]
    #: the island: terrain, numbers, harbours and the robber
    board: Board
    #: per intersection, what stands there
    buildings: tuple[Building, ...]
    #: per path, the seat whose road lies there, or -1
    roads: tuple[int, ...]
    #: per seat, what everyone sees of that player
    players: tuple[Player, ...]
    #: the seat holding the Longest Road card, or -1
    longest_road: int
    #: the seat holding the Largest Army card, or -1
    largest_army: int
    #: the bank's open piles, per resource (a discard in progress joins them once
    #: everyone has discarded)
    bank: tuple[int, ...]
    #: all the cards in the bank's piles
    bank_cards: int
    #: development cards left in the deck
    deck: int
    #: the dice of this turn's roll (empty before the roll)
    dice: tuple[int, ...]
    #: the rolls for who begins (empty once decided)
    first_rolls: FirstRolls
    #: the seats in the order of the founding rounds (there and back)
    founding_order: tuple[int, ...]
    #: True once a development card has been played this turn
    development_played: bool
    #: True when the robber may steal from nobody (after a 7, with that option)
    theft_optional: bool
    #: True while the robber moves for a knight played; False after a 7 (and when
    #: the robber does not move)
    robber_for_knight: bool
    #: True while the player whose turn it is may still trade
    trading: bool
    #: the trade offer waiting for an answer, if any
    offer: Offer | None
    #: free roads or free resources still to take (road building, year of plenty)
    free: int
    #: the seat that won, or -1
    winner: int
    #: the looking seat's own cards; None for a look with no seat
    hand: Hand | None


def player_view(state: CatanState, seat: int | None, actor: int | None, bank: Sequence[int]) -> PlayerView:
    """The board, the pieces, the bank's open piles, card counts and public points
    for everyone; the seat's own resource cards and development cards (those bought
    this turn marked, for the player whose turn it is) for that seat only. The
    rules give the seat to act (`actor`) and the bank's open piles (`bank`)."""

    t = tables()
    resources = t.resources
    over = state.phase == OVER
    players = tuple(
        Player(
            cards=sum(state.hands[s]),
            development_cards=sum(state.devs[s]),
            knights=state.knights[s],
            points=state.vp[s] + (state.devs[s][VICTORY_POINT] if over else 0),
            road_length=state.road_length[s],
            roads_left=t.max_roads - len(state.road_paths[s]),
            settlements_left=t.max_settlements - state.settlements[s],
            cities_left=t.max_cities - state.cities[s],
            to_discard=state.discard[s],
            victory_cards=state.devs[s][VICTORY_POINT] if over else None,
        )
        for s in range(state.players)
    )
    board = Board(
        terrain=tuple(state.terrain),
        produce=tuple(resources[r] if r != -1 else None for r in state.produce),
        numbers=tuple(state.numbers),
        robber=state.robber,
        harbours=tuple(
            Harbour(resources[r] if r != -1 else None, ratio)
            for r, ratio in zip(state.harbour_resource, state.harbour_ratio, strict=False)
        ),
        start_corner=state.start_corner,
    )
    offer = None
    if state.offer is not None:
        proposer, responder, give, want = state.offer
        offer = Offer(proposer, responder, tuple(give), tuple(want))
    hand = None
    if seat is not None and 0 <= seat < state.players:
        hand = Hand(
            cards=tuple(state.hands[seat]),
            development=tuple(state.devs[seat]),
            new_development=tuple(state.new_devs) if seat == state.turn else (0,) * len(DEVELOPMENT_KINDS),
            ratios=tuple(state.ratios[seat]),
            discarding=tuple(state.discarded[seat]),
        )
    return PlayerView(
        phase=state.phase,
        turn=state.turn,
        actor=actor,
        options=tuple(state.options.items()),
        resources=resources,
        board=board,
        buildings=tuple(Building(owner, level) for owner, level in zip(state.owner, state.level, strict=True)),
        roads=tuple(state.roads),
        players=players,
        longest_road=state.longest,
        largest_army=state.largest,
        bank=tuple(bank),
        bank_cards=sum(bank),
        deck=len(state.deck),
        dice=tuple(state.dice),
        first_rolls=FirstRolls(tuple(state.contenders), tuple(state.first_rolls)),
        founding_order=tuple(state.order),
        development_played=state.dev_played,
        theft_optional=state.phase == ROBBER and state.theft_optional and not state.knight_robber,
        robber_for_knight=state.phase == ROBBER and state.knight_robber,
        trading=state.phase == MAIN and (state.combined_phases or state.trading),
        offer=offer,
        free=state.free,
        winner=state.winner,
        hand=hand,
    )
