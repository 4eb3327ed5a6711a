"""A position of Eden stated by names, for tests and examples: the tiles on the board
by field name ("C3"), the cards by name (an irrigation card by its field, "D4"; a
cultivation card by its key in data/eden/cultivation.yaml, "domino-1"), and
everything not stated filled in consistently.

>>> state = position(players=3, board={"C3": (0, 1), "D3": (1, 2)}, hands={0: ["D4", "domino-1"]})
>>> state.points, state.free[1], len(state.deck)
([1, 2, 0], [15, 8], 62)
>>> [RULES.tables.card_name(card) for card in state.discard]  # the cards of the fields that hold a tile
['C3', 'D3']
>>> position(hands={0: ["D4"], 1: ["D4"]})
Traceback (most recent call last):
...
tabletop.games.eden.position.PositionError: card D4 is in two places: hand 0 and hand 1
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tabletop.engine.core import PlayerInfo, Setup
from tabletop.games.eden.rules import RULES, EdenRules
from tabletop.games.eden.state import AUCTION, CONQUEST, IRRIGATED_VALUE, PLAY, EdenState
from tabletop.games.eden.tables import TWO_PLAYERS


class PositionError(ValueError):
    """A position that cannot happen in a game of Eden."""


@dataclass(frozen=True)
class Auction:
    """An open auction: the attacking group (the tile just placed first, then the
    supporting tile, if any), the targets, the standing bid per point (0: none yet)
    and the seat to bid or accept next (when a bid stands; before the opening it is
    the attacker)."""

    group: tuple[str, ...]
    targets: tuple[str, ...]
    bid: int = 0
    bidder: int | None = None


def position(
    rules: EdenRules = RULES,
    *,
    players: int = 3,
    turn: int = 0,
    board: Mapping[str, tuple[int, int]] | None = None,
    hands: Mapping[int, Sequence[str]] | None = None,
    mana: Sequence[int] | None = None,
    display: Sequence[str] = (),
    discard: Sequence[str] | None = None,
    deck: Sequence[str] | None = None,
    phase: str = PLAY,
    played: bool = False,
    irrigations: int = 0,
    placed: str | None = None,
    auction: Auction | None = None,
) -> EdenState:
    """The state of a game of Eden in which it is `turn`'s move in `phase` ("play",
    "conquest" or "auction"; for the last two, the field just `placed` and the
    `auction` are given).

    `board` maps a field's name to (seat, value) of the tile on it; `hands` a seat to
    the names of its cards (a seat not given holds none); `mana` lists each seat's
    mana (default: the starting mana). Not given: the free tiles (each colour's tiles
    less those on the board), the points (from the board), the discard pile (the
    irrigation cards of the fields that hold a tile and lie nowhere else) and the
    draw pile (every other card, sorted: it has no order). When `deck` is given, the
    cards left over make the discard pile.

    PositionError (a ValueError) says why a position cannot happen: an unknown field
    or card, a card in two places, more tiles than a colour has, a hand larger than
    any draw makes it, negative mana, a player past the winning points, a conquest
    that does not fit the board...
    """
    t = rules.tables
    economy = t.economy
    if not 2 <= players <= rules.max_players:
        raise PositionError(f"Eden is for 2 to {rules.max_players} players, not {players}")
    if not 0 <= turn < players:
        raise PositionError(f"seat {turn} does not play in a game of {players}")
    colours = [key for key, _label, _rgb in rules.colours()]
    seats = tuple(PlayerInfo(f"P{seat + 1}", colours[seat]) for seat in range(players))
    state = rules.new_state(Setup(seats, {**rules.default_options(), TWO_PLAYERS: players == 2}, turn))
    state.phase = phase

    # the board
    for name, (seat, value) in (board or {}).items():
        f = _field(rules, name)
        if not 0 <= seat < players:
            raise PositionError(f"the tile on {name} belongs to seat {seat}, who does not play")
        if not IRRIGATED_VALUE <= value <= t.top_value:
            raise PositionError(f"a tile cannot show {value} (on {name})")
        state.owner[f] = seat
        state.value[f] = value
        state.points[seat] += value
        state.free[seat][t.kind_of[value]] -= 1
    for seat in range(players):
        for kind, free in enumerate(state.free[seat]):
            if free < 0:
                count = t.kind_counts[kind]
                raise PositionError(
                    f"seat {seat} has {count - free} tiles of kind {kind}, more than the {count} of a colour"
                )
        if state.points[seat] >= economy.target_points:
            raise PositionError(f"seat {seat} has {state.points[seat]} points and would have won")

    # the cards
    where: dict[int, str] = {}

    def take(names: Sequence[str], place: str) -> list[int]:
        cards = []
        for name in names:
            card = _card(rules, name)
            if card in where:
                raise PositionError(f"card {name} is in two places: {where[card]} and {place}")
            where[card] = place
            cards.append(card)
        return cards

    for seat, names in sorted((hands or {}).items()):
        if not 0 <= seat < players:
            raise PositionError(f"seat {seat} does not play but holds cards")
        state.hands[seat] = take(names, f"hand {seat}")
        irrigation = sum(1 for c in state.hands[seat] if t.is_irrigation(c))
        most = max(economy.hand_start, economy.draw_below)
        if irrigation > most:
            raise PositionError(
                f"hand {seat} holds {irrigation} irrigation cards; no hand gets more than {most}"
                " (only cultivation cards are bought)"
            )
    state.display = take(display, "the display")
    if any(t.is_irrigation(c) for c in state.display):
        raise PositionError("only cultivation cards lie in the open display")
    if deck is not None:
        state.deck = sorted(take(deck, "the draw pile"))
    if discard is not None:
        state.discard = take(discard, "the discard pile")
    rest = [c for c in range(t.deck_size) if c not in where]
    if discard is None:
        if deck is not None:
            state.discard = rest
        else:
            state.discard = [c for c in rest if t.is_irrigation(c) and state.owner[c] >= 0]
            state.deck = [c for c in rest if c not in state.discard]
    elif deck is None:
        state.deck = rest
    elif rest:
        raise PositionError(f"card {t.card_name(rest[0])} lies nowhere")
    for card in state.discard:
        if t.is_irrigation(card) and state.owner[card] < 0:
            raise PositionError(f"the irrigation card {t.card_name(card)} was played, but no tile lies on its field")

    # mana
    if mana is not None:
        if len(mana) != players:
            raise PositionError(f"{len(mana)} mana totals for {players} players")
        if any(m < 0 for m in mana):
            raise PositionError("mana is never negative")
        state.mana = list(mana)

    # the turn so far
    state.played = played
    state.irrigations = irrigations
    if not 0 <= irrigations <= economy.irrigations_per_turn:
        raise PositionError(f"a turn has at most {economy.irrigations_per_turn} irrigations, not {irrigations}")
    if irrigations and not played:
        raise PositionError("an irrigation is the play of the turn: played must be true")
    if phase == PLAY:
        if placed is not None or auction is not None:
            raise PositionError("a tile just placed or an auction needs the phase 'conquest' or 'auction'")
    elif phase in (CONQUEST, AUCTION):
        _conquest(rules, state, placed, auction)
    else:
        raise PositionError(f"the phase is 'play', 'conquest' or 'auction', not {phase!r}")
    rules.check_invariants(state)
    return state


def _field(rules: EdenRules, name: str) -> int:
    try:
        return rules.tables.board.field(name)
    except KeyError:
        raise PositionError(f"there is no field {name} on the board") from None


def _card(rules: EdenRules, name: str) -> int:
    try:
        return rules.tables.card_of(name)
    except KeyError:
        raise PositionError(f"there is no card called {name}") from None


def _conquest(rules: EdenRules, state: EdenState, placed: str | None, auction: Auction | None) -> None:
    """The tile just placed and, in an auction, the conquest, checked against the board."""
    t = rules.tables
    seat = state.turn
    if placed is None and auction is not None and auction.group:
        placed = auction.group[0]
    if placed is None:
        raise PositionError(f"the phase {state.phase!r} needs the field of the tile just placed")
    f = _field(rules, placed)
    if state.owner[f] != seat:
        raise PositionError(f"the tile just placed on {placed} must be one of seat {seat}'s")
    if not state.played or not state.irrigations:
        raise PositionError("a tile was just placed: played must be true and irrigations at least 1")
    neighbours = t.board.neighbours[f]
    if not any(state.owner[n] >= 0 and state.owner[n] != seat for n in neighbours):
        raise PositionError(f"no opponent's tile lies next to {placed}: there is no conquest")
    state.placed = f
    if state.phase == CONQUEST:
        if auction is not None:
            raise PositionError("an auction needs the phase 'auction'")
        return
    if auction is None:
        raise PositionError("the phase 'auction' needs the auction")
    group = [_field(rules, name) for name in auction.group]
    targets = sorted(_field(rules, name) for name in auction.targets)
    if not group or group[0] != f or len(group) > 2:
        raise PositionError("the attacking group is the tile just placed and at most one supporting tile")
    if len(group) == 2 and (group[1] not in neighbours or state.owner[group[1]] != seat):
        raise PositionError("the supporting tile must be one of the attacker's next to the tile just placed")
    owners = {state.owner[g] for g in targets}
    if not targets or any(g not in neighbours for g in targets) or len(owners) != 1 or seat in owners or -1 in owners:
        raise PositionError("the targets are tiles of one opponent next to the tile just placed")
    state.group, state.targets = group, targets
    state.defender = owners.pop()
    economy = t.economy
    if auction.bid == 0:
        if auction.bidder not in (None, seat):
            raise PositionError("before the opening bid the attacker bids")
        state.bidder = seat
    else:
        if auction.bid < economy.opening_bid_min:
            raise PositionError(f"a bid is at least {economy.opening_bid_min} per point")
        if auction.bidder not in (seat, state.defender):
            raise PositionError("once a bid stands, say who bids next: the attacker or the defender")
        state.bid = auction.bid
        state.bidder = auction.bidder
        maker = state.defender if auction.bidder == seat else seat
        other_side = state.targets if maker == seat else state.group
        cost = auction.bid * sum(state.value[g] for g in other_side)
        if cost > state.mana[maker]:
            raise PositionError(f"seat {maker} bid {auction.bid} per point, {cost} mana, more than their mana")
