"""Positions for Eden's rule tests: a match going on from a position stated by
names (tabletop/games/eden/position.py), or a dealt match whose board, hands and
mana a test sets by hand, keeping tiles and cards conserved."""

from __future__ import annotations

from tabletop.engine import Action, Match, PlayerInfo, Setup
from tabletop.games.eden.position import position
from tabletop.games.eden.rules import RULES, EdenRules, EdenState

T = RULES.tables
SIZE = T.board.size


def F(name: str) -> int:
    """The field (and its irrigation card) called `name`."""
    return T.board.field(name)


def C(key: str) -> int:
    """The cultivation card with `key` in data/eden/cultivation.yaml."""
    return SIZE + T.cultivation_keys.index(key)


def setup(players: int = 3, first: int = 0, rules: EdenRules = RULES, **options) -> Setup:
    colours = [key for key, _label, _rgb in rules.colours()]
    return Setup(
        tuple(PlayerInfo(f"P{i + 1}", colours[i % len(colours)]) for i in range(players)),
        {**rules.default_options(), **options},
        first,
    )


def new_match(players: int = 3, first: int = 0, seed: int = 0, **options) -> Match:
    """A match after the deal, `first` to play."""
    match = Match(RULES, setup(players, first, **options), seed)
    match.settle_chance()
    return match


def match_at(state: EdenState, seed: int = 0, rules: EdenRules = RULES) -> Match:
    """A match going on from `state` (see tabletop/games/eden/position.py)."""
    match = Match(rules, setup(state.players, state.turn, rules, two_players=state.players == 2), seed)
    match.state = state
    return match


def at(seed: int = 0, **given) -> tuple[Match, EdenState]:
    """A match from the position `given` states (the parameters of position(), the
    rules among them), and its state."""
    match = match_at(position(**given), seed, given.get("rules", RULES))
    return match, match.state


def place(state: EdenState, name: str, seat: int, value: int) -> None:
    """Lay a tile of `seat` with `value` on field `name` (replacing what lies there)."""
    f = F(name)
    if state.owner[f] >= 0:
        old = state.owner[f]
        state.free[old][T.kind_of[state.value[f]]] += 1
        state.points[old] -= state.value[f]
    state.free[seat][T.kind_of[value]] -= 1
    state.owner[f] = seat
    state.value[f] = value
    state.points[seat] += value


def set_hand(state: EdenState, seat: int, cards: list[int]) -> None:
    """Make `seat`'s hand exactly `cards`. Its old cards go to the draw pile; a
    card taken from another hand is replaced there by one from the draw pile."""
    state.deck[:0] = state.hands[seat]
    state.hands[seat] = []
    for card in cards:
        for _other, hand in enumerate(state.hands):
            if card in hand:
                hand.remove(card)
                spare = next(c for c in reversed(state.deck) if c not in cards)
                state.deck.remove(spare)
                hand.append(spare)
        for pile in (state.deck, state.discard, state.display):
            if card in pile:
                pile.remove(card)
        state.hands[seat].append(card)
    state.deck.sort()


def to_display(state: EdenState, card: int) -> None:
    """Move `card` to the open display (from the draw pile, or from a hand, which
    gets a card of the draw pile in its place)."""
    for hand in state.hands:
        if card in hand:
            hand.remove(card)
            hand.append(state.deck.pop())
            break
    else:
        state.deck.remove(card)
    state.display.append(card)


def act(match: Match, kind: str, **params) -> list:
    """Check and apply a move of the player to act; the events."""
    return match.act(Action(kind, **params))


def kinds(match: Match) -> set[str]:
    return {a.kind for a in match.legal_actions()}
