"""Whether an Eden game can still change: the exact test behind "a game that can no
longer change ends".

The points on the board change only when a tile is placed (irrigation) or raised
(cultivation); a conquest always follows an irrigation. So the game can still change
exactly when, by some sequence of legal moves of the players and some cards drawn, a
player gets to irrigate or to cultivate again. While nobody does,
the board stays as it is, and with it everything that depends on it: which players
have a free 1/2 tile, which irrigation cards are live (their field is free) or dead,
which cultivation cards can raise whose tiles and at what price, and each player's
income. What can still move are the cards (drawn, discarded, sold to the open
display, bought from it, the discard pile taken up as the draw pile) and the mana.

The question is answered by a search of everything that can happen from the start of
the next turn, on a model of the game that keeps exactly what matters:

- a card is only its kind: a live or a dead irrigation card (which field does not
  matter any more), or a cultivation card of one shape (cards of the same shape are
  the same card as far as the rules go);
- the draw pile has no order (each card is drawn at random when it is taken), so
  the search lets each draw be any card still in it; once it is empty the discard
  pile becomes the draw pile;
- in a turn a player may sell any of their cultivation cards, discard one dead
  irrigation card as the turn's play, and, when the hand would stay below the draw
  limit, either draw or buy just enough cards from the display not to draw (a buy
  for any other reason can wait until it is needed; a card is bought to be played at
  once when that play is the change being looked for);
- the change looked for: at the start of a turn a player with a free 1/2 tile holds a
  live irrigation card, or a player can pay for a cultivation that raises their
  tiles with a card in hand or one bought from the display (after selling others).

More mana never takes a move away, so the search is a coverability search (Karp and
Miller): a position with the same cards and no more mana than one already seen is
not searched again, and a round that comes back to the same cards with more mana for
someone can be repeated for ever, so that player's mana counts as unlimited. Both
keep the search finite and exact. `outlook` puts a game's state in these terms.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from tabletop.games.eden.base import EdenBase
from tabletop.games.eden.state import IRRIGATED_VALUE, EdenState

#: the places of a card's kind in a count vector: live and dead irrigation cards,
#: then one place per cultivation shape
LIVE, DEAD, FIRST_SHAPE = 0, 1, 2

#: mana without limit (a Karp-Miller omega)
UNLIMITED = math.inf

#: positions a search may visit before it gives up and calls the game still open
#: (never reached in the tests and the benchmark; a game is never ended on a guess)
NODE_LIMIT = 200_000

Counts = tuple[int, ...]


@dataclass(frozen=True)
class Outlook:
    """What stays fixed while nobody places or raises a tile."""

    players: int
    #: a player draws at the end of the turn when holding fewer cards
    draw_below: int
    #: per seat: has a free 1/2 tile, so a live irrigation card in hand can be played
    can_irrigate: tuple[bool, ...]
    #: per seat: mana at the start of each turn
    income: tuple[int, ...]
    #: per shape: selling and buying price
    sell: tuple[int, ...]
    buy: tuple[int, ...]
    #: per seat, per shape: the cheapest cultivation this shape allows on the seat's
    #: land (None: it raises nothing there)
    cost: tuple[tuple[int | None, ...], ...]


@dataclass(frozen=True)
class Position:
    """The cards and the mana at the start of the turn of `turn`, before its income."""

    turn: int
    #: per seat: counts of each kind of card in hand
    hands: tuple[Counts, ...]
    #: the draw pile (counts: it has no order)
    pile: Counts
    discard: Counts
    display: Counts
    mana: tuple[float, ...]

    def cards(self) -> tuple[object, ...]:
        """Everything but the mana."""
        return (self.turn, self.hands, self.pile, self.discard, self.display)


class Search:
    """One search from a position; `changes()` says whether a change can be reached."""

    def __init__(self, outlook: Outlook, start: Position, limit: int = NODE_LIMIT) -> None:
        self.o = outlook
        self.start = start
        self.limit = limit
        self.nodes = 0
        self.gave_up = False

    # -- the change looked for -------------------------------------------------------

    def _changes_now(self, seat: int, hand: Counts, mana: float, display: Counts) -> bool:
        """Whether `seat`, at the start of its turn with `hand` and `mana`, can irrigate
        or cultivate now."""
        o = self.o
        if o.can_irrigate[seat] and hand[LIVE]:
            return True
        costs = o.cost[seat]
        proceeds = sum(hand[FIRST_SHAPE + k] * o.sell[k] for k in range(len(o.sell)))
        for k, cost in enumerate(costs):
            if cost is None:
                continue
            if hand[FIRST_SHAPE + k] and mana + proceeds - o.sell[k] >= cost:
                return True
            if display[FIRST_SHAPE + k] and mana + proceeds >= o.buy[k] + cost:
                return True
        return False

    # -- the turns ---------------------------------------------------------------------------

    def _turns(self, p: Position) -> Iterator[Position]:
        """Every position at the start of the next turn that the player to move can
        reach without a change (trades, a dead card discarded or not, the draw or the
        buys that avoid it)."""
        o = self.o
        seat = p.turn
        nxt = (seat + 1) % o.players
        mana = p.mana[seat] + o.income[seat]
        hand = p.hands[seat]
        shapes = len(o.sell)
        held = [range(hand[FIRST_SHAPE + k] + 1) for k in range(shapes)]
        for sold in itertools.product(*held):
            proceeds = sum(n * o.sell[k] for k, n in enumerate(sold))
            kept = list(hand)
            display = list(p.display)
            for k, n in enumerate(sold):
                kept[FIRST_SHAPE + k] -= n
                display[FIRST_SHAPE + k] += n
            for dead in (0, 1) if kept[DEAD] else (0,):
                after = list(kept)
                after[DEAD] -= dead
                discard = list(p.discard)
                discard[DEAD] += dead
                size = sum(after)
                base_mana = mana + proceeds
                if size >= o.draw_below:
                    yield self._position(p, nxt, seat, after, base_mana, p.pile, discard, display)
                    continue
                # draw a card
                yield from self._draws(p, nxt, seat, after, base_mana, discard, display)
                # or buy just enough from the display (cards there before this turn's
                # sales) to keep the hand at the limit
                need = o.draw_below - size
                for bought in _multisets(p.display, need):
                    price = sum(n * o.buy[i - FIRST_SHAPE] for i, n in enumerate(bought) if n)
                    if price > base_mana:
                        continue
                    padded = [a + b for a, b in zip(after, bought, strict=False)]
                    shown = [a - b for a, b in zip(display, bought, strict=False)]
                    yield self._position(p, nxt, seat, padded, base_mana - price, p.pile, discard, shown)

    def _draws(
        self, p: Position, nxt: int, seat: int, hand: list[int], mana: float, discard: list[int], display: list[int]
    ) -> Iterator[Position]:
        pile = list(p.pile)
        if not any(pile):
            if not any(discard):  # both piles empty: nothing to draw
                yield self._position(p, nxt, seat, hand, mana, p.pile, discard, display)
                return
            pile, discard = discard, [0] * len(discard)
        for kind, count in enumerate(pile):
            if count:
                drawn = list(hand)
                drawn[kind] += 1
                rest = list(pile)
                rest[kind] -= 1
                yield self._position(p, nxt, seat, drawn, mana, rest, discard, display)

    @staticmethod
    def _position(
        p: Position,
        nxt: int,
        seat: int,
        hand: Sequence[int],
        mana: float,
        pile: Sequence[int],
        discard: Sequence[int],
        display: Sequence[int],
    ) -> Position:
        hands = list(p.hands)
        hands[seat] = tuple(hand)
        purse = list(p.mana)
        purse[seat] = mana
        return Position(nxt, tuple(hands), tuple(pile), tuple(discard), tuple(display), tuple(purse))

    # -- the search --------------------------------------------------------------------------------

    def changes(self) -> bool:
        """True when some sequence of moves and draws leads to a tile placed or
        raised; False when none does."""
        seen: dict[tuple[object, ...], list[tuple[float, ...]]] = {}
        path: dict[tuple[object, ...], list[tuple[float, ...]]] = {}
        start = self.start
        seen[start.cards()] = [start.mana]
        if self._opens(start):
            return True
        told = self.verdict(start)
        if told is not None:
            return told
        path.setdefault(start.cards(), []).append(start.mana)
        stack: list[tuple[Position, Iterator[Position]]] = [(start, self._turns(start))]
        while stack:
            node, children = stack[-1]
            child = next(children, None)
            if child is None:
                stack.pop()
                path[node.cards()].pop()
                continue
            self.nodes += 1
            if self.nodes > self.limit:
                self.gave_up = True
                return True
            key = child.cards()
            mana = child.mana
            for older in path.get(key, ()):  # a round that only gained mana repeats
                if older != mana and all(a >= b for a, b in zip(mana, older, strict=False)):
                    mana = tuple(UNLIMITED if a > b else a for a, b in zip(mana, older, strict=False))
            known = seen.setdefault(key, [])
            if any(all(a <= b for a, b in zip(mana, other, strict=False)) for other in known):
                continue
            known.append(mana)
            if mana != child.mana:
                child = Position(child.turn, child.hands, child.pile, child.discard, child.display, mana)
            if self._opens(child):
                return True
            told = self.verdict(child)
            if told is True:
                return True
            if told is False:
                continue  # nothing can change from there
            path.setdefault(key, []).append(mana)
            stack.append((child, self._turns(child)))
        return False

    def _opens(self, p: Position) -> bool:
        seat = p.turn
        return self._changes_now(seat, p.hands[seat], p.mana[seat] + self.o.income[seat], p.display)

    # -- what can be told without searching ------------------------------------------------------

    def verdict(self, p: Position) -> bool | None:
        """True when a change can surely be reached from `p`, False when it surely
        cannot, None when only a search can tell. Each answer rests on a short
        argument, given beside it."""
        o = self.o
        below = o.draw_below
        shapes = len(o.sell)
        hands = p.hands
        irrigators = [s for s in range(o.players) if o.can_irrigate[s]]
        # A live card in the hand of a player with a free 1/2 tile is played in that
        # player's turn.
        if any(hands[s][LIVE] for s in irrigators):
            return True
        # A player without a free 1/2 tile keeps every live card drawn (it can only
        # be played), and one holding `below` of them never draws again. Draws go on
        # while someone can still draw: a player with a free tile always can (the
        # rest of the hand is sold or discarded, a dead card a turn), the others until
        # they hold `below` live cards. `room`: the live cards the others can still take.
        blocked = [o.can_irrigate[s] is False and hands[s][LIVE] >= below for s in range(o.players)]
        room = sum(below - hands[s][LIVE] for s in range(o.players) if not o.can_irrigate[s] and not blocked[s])
        endless = below > 0 and bool(irrigators)

        def reachable_in_piles() -> list[int]:
            """The shapes that some player can still draw from the piles."""
            if below <= 0:
                return []
            found: set[int] = set()
            if endless or room > 0:
                for stock in (p.pile, p.discard):
                    found.update(k for k in range(shapes) if stock[FIRST_SHAPE + k])
            return sorted(found)

        drawable = reachable_in_piles()
        in_hands = [any(h[FIRST_SHAPE + k] for h in hands) for k in range(shapes)]
        unknown = False
        for seat in range(o.players):
            costs = o.cost[seat]
            usable = {k: cost for k, cost in enumerate(costs) if cost is not None}
            if not usable:
                continue
            hand = hands[seat]
            if o.income[seat] > 0:
                # Income grows without end, so a player with income cultivates as soon
                # as a card that raises their land can be bought: any card in a hand
                # (its holder sells it) or in the display, or one someone can draw.
                if any(in_hands[k] or p.display[FIRST_SHAPE + k] or k in drawable for k in usable):
                    return True
                continue
            # Without income the mana only grows by selling one's own cards: those in
            # hand and those one may still draw (a card bought sells for less).
            mana = p.mana[seat]
            proceeds = sum(hand[FIRST_SHAPE + k] * o.sell[k] for k in range(shapes))
            for k, cost in usable.items():
                if hand[FIRST_SHAPE + k] and mana + proceeds - o.sell[k] >= cost:
                    return True  # keeps the card and pays in their turn
                if (in_hands[k] or p.display[FIRST_SHAPE + k]) and mana + proceeds >= o.buy[k] + cost:
                    return True  # sells, buys it from the display and pays
            draws = below > 0 and not blocked[seat]
            best = mana + proceeds
            if draws:
                best += sum(o.sell[k] for k in drawable for _ in range(_count(p, FIRST_SHAPE + k)))
            for k, cost in usable.items():
                own = hand[FIRST_SHAPE + k] or (draws and k in drawable)
                if (own and best - o.sell[k] >= cost) or best >= o.buy[k] + cost:
                    unknown = True
                    break
        if irrigators and below > 0 and (p.pile[LIVE] or p.discard[LIVE]):
            # Players without a free tile who hold `below` cards or more need not draw:
            # then the players with one draw, and one of them may take a live card.
            if p.pile[LIVE] and all(sum(hands[s]) >= below for s in range(o.players) if not o.can_irrigate[s]):
                return True
            unknown = True
        return None if unknown else False


def _count(p: Position, kind: int) -> int:
    """How many cards of `kind` lie in the draw pile and the discard pile."""
    return p.pile[kind] + p.discard[kind]


def _multisets(counts: Sequence[int], size: int) -> Iterator[tuple[int, ...]]:
    """Every way to take `size` cards from a pile with `counts` of each kind."""
    kinds = [i for i, n in enumerate(counts) if n]

    def take(index: int, left: int, chosen: list[int]) -> Iterator[tuple[int, ...]]:
        if left == 0:
            out = [0] * len(counts)
            for i, n in zip(kinds, chosen, strict=False):
                out[i] = n
            yield tuple(out)
            return
        if index == len(kinds):
            return
        for n in range(min(left, counts[kinds[index]]), -1, -1):
            yield from take(index + 1, left - n, chosen + [n])

    if size <= 0:
        return iter(())
    return take(0, size, [])


# -- the rules' state in these terms ------------------------------------------------------


def outlook(rules: EdenBase, state: EdenState) -> tuple[Outlook, Position]:
    """The fixed facts of the present board and the cards and mana at the start
    of the next player's turn, in the terms of py."""
    t = rules.tables
    cache = rules.action_cache
    size = t.board.size
    low_kind = t.kind_of[IRRIGATED_VALUE]
    shapes = len(cache.kind_placements)
    first = FIRST_SHAPE

    def kind(card: int) -> int:
        if card < size:
            return LIVE if state.owner[card] < 0 else DEAD
        return first + cache.kind_of_card[card - size]

    def counts(cards: list[int]) -> tuple[int, ...]:
        out = [0] * (first + shapes)
        for card in cards:
            out[kind(card)] += 1
        return tuple(out)

    e = t.economy
    outlook = Outlook(
        players=state.players,
        draw_below=e.draw_below,
        can_irrigate=tuple(bool(f[low_kind]) for f in state.free),
        income=tuple(rules.income(state, seat) for seat in range(state.players)),
        sell=tuple(e.sell_per_field * n for n in cache.kind_sizes),
        buy=tuple(e.buy_base + e.buy_per_field * n for n in cache.kind_sizes),
        cost=tuple(
            tuple(_cheapest(rules, state, seat, placements) for placements in cache.kind_placements)
            for seat in range(state.players)
        ),
    )
    start = Position(
        turn=(state.turn + 1) % state.players,
        hands=tuple(counts(hand) for hand in state.hands),
        pile=counts(state.deck),
        discard=counts(state.discard),
        display=counts(state.display),
        mana=tuple(state.mana),
    )
    return outlook, start


def _cheapest(
    rules: EdenBase, state: EdenState, seat: int, placements: Sequence[tuple[int, tuple[int, ...]]]
) -> int | None:
    """The lowest price of a cultivation by one shape on `seat`'s land, whatever
    the mana (None: the shape raises nothing there)."""
    t = rules.tables
    owner, value = state.owner, state.value
    own = 0
    for f, o in enumerate(owner):
        if o == seat:
            own |= 1 << f
    best = None
    for mask, fields in placements:
        if mask & ~own:
            continue
        low = min(value[f] for f in fields)
        if low >= t.top_value:
            continue
        rising = sum(1 for f in fields if value[f] == low)
        kind = t.kind_of[low + 1]
        if kind != t.kind_of[low] and state.free[seat][kind] < rising:
            continue
        cost = t.economy.cultivation_cost_per_tile * rising
        if best is None or cost < best:
            best = cost
    return best
