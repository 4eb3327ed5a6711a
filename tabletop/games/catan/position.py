"""A Catan position stated in words, for tests and examples.

`position()` builds the state of a game under way from what is on the table: the
pieces of each player, the cards in each hand, the development cards, the robber,
whose turn it is and where in the turn. Places go by their names (geometry.py):
land hexes "A1".."E3" (columns left to right, "C3" the centre), intersections as a
hex's corner ("C3.ne") and paths as a hex's side ("C3.n"). The island is laid as
the rulebook's fixed board would be: the land and the harbours in the data's
order, the number tokens in a spiral from the first corner.

Everything not given follows from what is: the bank holds what no hand holds, the
development pile what nobody drew, the pieces left, road lengths, harbour ratios,
the Longest Road and Largest Army cards and the points. A position no game could
reach (a settlement next to another, more pieces or cards than there are, a road
joined to nothing of its owner's ...) raises ImpossiblePosition, saying why.

>>> state = position(
...     players=3,
...     turn=1,
...     settlements={0: ["C3.ne"], 1: ["A1.w"]},
...     roads={0: ["C3.n"], 1: ["A1.nw"]},
...     hands={1: {"brick": 2, "wool": 1}},
...     development={1: ["knight"]},
... )
>>> state.phase, state.turn, state.vp
('main', 1, [1, 1, 0])
>>> position(settlements={0: ["C3.ne", "C3.e"]})
Traceback (most recent call last):
    ...
tabletop.games.catan.position.ImpossiblePosition: C3.e is next to another building (the distance rule).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from tabletop.engine.core import PlayerInfo, Setup
from tabletop.games.catan import geometry as G
from tabletop.games.catan import schema
from tabletop.games.catan.roads import award, longest_road
from tabletop.games.catan.state import DISCARD, FOUND_SETTLEMENT, MAIN, ROBBER, ROLL, CatanState
from tabletop.games.catan.tables import KNIGHT, VICTORY_POINT, R, tables

#: the phases a position may be stated in
PHASES = (FOUND_SETTLEMENT, ROLL, MAIN, ROBBER, DISCARD)


class ImpossiblePosition(ValueError):
    """A position no game of Catan could reach; the message says why."""


def position(
    players: int = 3,
    *,
    turn: int = 0,
    phase: str = MAIN,
    options: Mapping[str, str] | None = None,
    settlements: Mapping[int, Iterable[str]] | None = None,
    cities: Mapping[int, Iterable[str]] | None = None,
    roads: Mapping[int, Iterable[str]] | None = None,
    hands: Mapping[int, Mapping[str, int]] | None = None,
    development: Mapping[int, Iterable[str]] | None = None,
    bought: Iterable[str] = (),
    knights: Mapping[int, int] | None = None,
    robber: str | None = None,
    dice: tuple[int, int] | None = None,
    trading: bool = True,
    card_played: bool = False,
    knight_robber: bool = False,
    longest_road: int | None = None,
    largest_army: int | None = None,
    placed: int = 0,
) -> CatanState:
    """The state of a game of `players` in `turn`'s turn, in `phase`:

    - "found_settlement": the founding rounds, `turn` the player who began, after
      `placed` settlements each with its road (clockwise from `turn`, then back);
      the next settlement is due;
    - "roll": the turn's start, before the roll; "main": after the roll (`dice`, if
      given, the faces shown; `trading` False once the player has built, with the
      rulebook's separate phases); "robber": the robber to move (after a 7, or for a
      knight when `knight_robber`); "discard": after a 7, with every hand over the
      limit to discard half;
    - `settlements`, `cities`, `roads`: per seat, the places of its pieces;
    - `hands`: per seat, resource cards by resource key;
    - `development`: per seat, its unplayed development cards by kind
      ("knight", "road_building", "year_of_plenty", "monopoly", "victory_point");
      `bought`: those of them the player whose turn it is bought this turn;
    - `knights`: knights played per seat; `card_played`: the player whose turn it
      is has played a development card this turn;
    - `robber`: its hex (default: the desert);
    - `longest_road`, `largest_army`: who holds the card on a tie for the lead,
      which only the "holder keeps" option allows (else the card follows the lead).
    """
    from tabletop.games.catan.rules import RULES

    t = tables()
    data = t.data
    if not RULES.min_players <= players <= RULES.max_players:
        raise ImpossiblePosition(f"Catan is for {RULES.min_players} to {RULES.max_players} players, not {players}.")
    if not 0 <= turn < players:
        raise ImpossiblePosition(f"There is no seat {turn} among {players} players.")
    if phase not in PHASES:
        raise ImpossiblePosition(f"A position is stated in one of the phases {', '.join(PHASES)}, not {phase!r}.")
    colours = [key for key, _label, _rgb in RULES.colours()]
    setup = Setup(
        players=tuple(PlayerInfo(f"Player {seat + 1}", colours[seat]) for seat in range(players)),
        options={**RULES.default_options(), **(options or {})},
    )
    state = RULES.new_state(setup)
    _lay_board(state)

    def seats(table: Mapping[int, object] | None, what: str) -> list[int]:
        for seat in table or {}:
            if not (type(seat) is int and 0 <= seat < players):
                raise ImpossiblePosition(f"{what}: there is no seat {seat!r} among {players} players.")
        return sorted(table or {})

    # -- the pieces
    for table, level, limit, what in (
        (settlements, 1, data.max_settlements, "settlements"),
        (cities, 2, data.max_cities, "cities"),
    ):
        for seat in seats(table, what):
            assert table is not None
            places = [_place(name, G.intersection_of, "intersection") for name in table[seat]]
            if len(places) > limit:
                raise ImpossiblePosition(f"Seat {seat} has {len(places)} {what}; each player has {limit}.")
            for name, i in zip(table[seat], places, strict=False):
                if state.owner[i] != -1:
                    raise ImpossiblePosition(f"{name} holds two buildings.")
                if any(state.owner[n] != -1 for n in G.INTERSECTION_NEIGHBOURS[i]):
                    raise ImpossiblePosition(f"{name} is next to another building (the distance rule).")
                state.owner[i], state.level[i] = seat, level
    for seat in seats(roads, "roads"):
        assert roads is not None
        names = list(roads[seat])
        if len(names) > data.max_roads:
            raise ImpossiblePosition(f"Seat {seat} has {len(names)} roads; each player has {data.max_roads}.")
        for name in names:
            p = _place(name, G.path_of, "path")
            if state.roads[p] != -1:
                raise ImpossiblePosition(f"{name} holds two roads.")
            state.roads[p] = seat
    for seat in range(players):
        _check_connected(state, seat)

    # -- the cards
    for seat in seats(hands, "hands"):
        assert hands is not None
        for key, count in hands[seat].items():
            r = t.resource_index.get(key)
            if r is None:
                raise ImpossiblePosition(f"There is no resource {key!r}; the resources are {', '.join(t.resources)}.")
            if type(count) is not int or count < 0:
                raise ImpossiblePosition(f"Seat {seat} cannot hold {count!r} {key}.")
            state.hands[seat][r] += count
            state.bank[r] -= count
    for r in range(R):
        if state.bank[r] < 0:
            raise ImpossiblePosition(
                f"The hands hold {data.bank_per_resource - state.bank[r]} {t.resources[r]}; "
                f"there are {data.bank_per_resource}."
            )
    kinds = schema.DEVELOPMENT_KINDS
    for seat in seats(development, "development"):
        assert development is not None
        for kind in development[seat]:
            if kind not in kinds:
                raise ImpossiblePosition(f"There is no development card {kind!r}; the kinds are {', '.join(kinds)}.")
            state.devs[seat][kinds.index(kind)] += 1
    for seat in seats(knights, "knights"):
        assert knights is not None
        if type(knights[seat]) is not int or knights[seat] < 0:
            raise ImpossiblePosition(f"Seat {seat} cannot have played {knights[seat]!r} knights.")
        state.knights[seat] = knights[seat]
    for card, count in enumerate(data.deck_counts):
        used = sum(state.devs[s][card] for s in range(players)) + (sum(state.knights) if card == KNIGHT else 0)
        if used > count:
            raise ImpossiblePosition(f"The players hold {used} {kinds[card]} cards; there are {count}.")
        first = state.deck.index(card)
        state.deck[first : first + used] = []
    for kind in bought:
        k = kinds.index(kind) if kind in kinds else -1
        if k == -1 or state.devs[turn][k] <= state.new_devs[k]:
            raise ImpossiblePosition(f"Seat {turn} holds no {kind} card to have bought this turn.")
        state.new_devs[k] += 1

    # -- the robber, the turn
    if robber is None:
        state.robber = state.produce.index(-1)
    else:
        state.robber = _place(robber, G.hex_of, "land hex")
    state.turn = turn
    state.order = []
    state.contenders = []
    if phase == FOUND_SETTLEMENT:
        _found(state, placed)
    elif placed:
        raise ImpossiblePosition("Settlements are placed only in the founding rounds.")
    state.dev_played = card_played
    state.phase = phase
    state.trading = phase == MAIN and trading
    state.resume = MAIN
    if dice is not None:
        if len(dice) != 2 or not all(type(d) is int and 1 <= d <= 6 for d in dice):
            raise ImpossiblePosition(f"Two dice show {dice!r}.")
        state.dice = list(dice)
    if knight_robber and phase != ROBBER:
        raise ImpossiblePosition("The robber moves for a knight only in the robber phase.")
    state.knight_robber = knight_robber
    if phase == DISCARD:
        limit = data.discard_above
        state.discard = [sum(hand) // 2 if sum(hand) > limit else 0 for hand in state.hands]
        if not any(state.discard):
            raise ImpossiblePosition(f"Nobody holds more than {limit} cards: nobody discards.")

    _settle_scores(state, longest_road, largest_army)
    if phase != FOUND_SETTLEMENT and state.vp[turn] + state.devs[turn][VICTORY_POINT] >= data.points_to_win:
        raise ImpossiblePosition(f"Seat {turn} has the points to win: the game would be over.")
    RULES.check_invariants(state)
    return state


def _found(state: CatanState, placed: int) -> None:
    """The founding order from the player who began and the pieces each has placed
    after `placed` settlements with their roads."""
    n = state.players
    forward = [(state.turn + k) % n for k in range(n)]
    state.order = forward + forward[::-1]
    if not 0 <= placed < len(state.order):
        raise ImpossiblePosition(f"The founding rounds end after {len(state.order)} placements, not {placed}.")
    state.found_step = placed
    for seat in range(n):
        count = state.order[:placed].count(seat)
        settlements = sum(1 for owner in state.owner if owner == seat)
        roads = sum(1 for owner in state.roads if owner == seat)
        if settlements != count or roads != count:
            raise ImpossiblePosition(
                f"After {placed} placements of the founding rounds seat {seat} holds settlements and roads: "
                f"{count} of each, not {settlements} and {roads}."
            )
        if any(state.devs[seat]) or state.knights[seat]:
            raise ImpossiblePosition("Nobody has development cards in the founding rounds.")
    if any(level == 2 for level in state.level):
        raise ImpossiblePosition("Nobody has a city in the founding rounds.")


def _place(name: str, find: Callable[[str], int | None], what: str) -> int:
    """The index of the place called `name`, found by `find` (a geometry lookup)."""
    found = find(name) if isinstance(name, str) else None
    if found is None:
        raise ImpossiblePosition(f"There is no {what} called {name!r}.")
    return found


def _lay_board(state: CatanState) -> None:
    """The fixed island: land and harbours in the data's order, the spiral from
    the first corner (or the corner the options name)."""
    from tabletop.games.catan.rules import RULES

    t = tables()
    RULES.apply_chance(state, tuple(range(len(t.data.land))))
    RULES.apply_chance(state, tuple(range(len(t.data.harbours))))
    if state.board_step < 3:
        if state.random_numbers:
            raise ImpossiblePosition("A position lays the tokens in a spiral, not at random.")
        RULES.apply_chance(state, 0)


def _check_connected(state: CatanState, seat: int) -> None:
    """Every road of `seat` joins its buildings along its own roads (an opponent's
    building may since have cut the way: it is passed through)."""
    reached = set()
    ends = [i for i in range(G.INTERSECTION_COUNT) if state.owner[i] == seat]
    seen = set(ends)
    while ends:
        i = ends.pop()
        for p in G.INTERSECTION_PATHS[i]:
            if state.roads[p] == seat and p not in reached:
                reached.add(p)
                other = G.PATH_XOR[p] ^ i
                if other not in seen:
                    seen.add(other)
                    ends.append(other)
    for p in range(G.PATH_COUNT):
        if state.roads[p] == seat and p not in reached:
            raise ImpossiblePosition(f"The road on {G.path_name(p)} of seat {seat} is joined to none of its buildings.")


def count_pieces(state: CatanState) -> None:
    """Set what follows from the pieces on the board: each seat's piece lists and
    counts, harbour ratios and road length."""
    data = tables().data
    for s in range(state.players):
        state.road_paths[s] = tuple(p for p in range(G.PATH_COUNT) if state.roads[p] == s)
        state.buildings[s] = tuple(i for i in range(G.INTERSECTION_COUNT) if state.owner[i] == s)
        state.settlements[s] = sum(1 for i in state.buildings[s] if state.level[i] == 1)
        state.cities[s] = sum(1 for i in state.buildings[s] if state.level[i] == 2)
        ratios = [data.bank_trade_ratio] * R
        for i in state.buildings[s]:
            slot = G.INTERSECTION_HARBOUR[i]
            if slot != -1:
                for r in range(R):
                    if state.harbour_resource[slot] in (-1, r):
                        ratios[r] = min(ratios[r], state.harbour_ratio[slot])
        state.ratios[s] = tuple(ratios)
        state.road_length[s] = longest_road(state.roads, state.owner, s)


def count_points(state: CatanState) -> None:
    """Set each seat's public points from its buildings and special cards."""
    data = tables().data
    for s in range(state.players):
        state.vp[s] = (
            state.settlements[s]
            + 2 * state.cities[s]
            + data.special_card_points * ((state.longest == s) + (state.largest == s))
        )


def _settle_scores(state: CatanState, longest_holder: int | None, largest_holder: int | None) -> None:
    """Piece lists and counts, harbour ratios, road lengths, the special cards and
    the public points, from the board and the knights."""
    data = tables().data
    n = state.players
    count_pieces(state)
    for which, values, minimum, holder in (
        ("longest", state.road_length, data.longest_road_minimum, longest_holder),
        ("largest", state.knights, data.largest_army_minimum, largest_holder),
    ):
        card = "Longest Road" if which == "longest" else "Largest Army"
        if holder is None:
            setattr(state, which, award(values, -1, minimum, False))
            continue
        if not 0 <= holder < n or values[holder] < minimum or values[holder] < max(values):
            raise ImpossiblePosition(f"Seat {holder} cannot hold the {card} card: it does not lead.")
        if values.count(values[holder]) > 1 and not state.holder_keeps:
            raise ImpossiblePosition(f"On a tie nobody holds the {card} card (unless the holder keeps it).")
        setattr(state, which, holder)
    count_points(state)
