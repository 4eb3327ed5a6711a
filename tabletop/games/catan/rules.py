"""The Settlers of Catan (1995 rules): the rules engine.

Action vocabulary (resources by key: "wood", "brick", "wool", "grain", "ore"; a
card list `give`/`want` is a tuple of five counts in that order):

- founding rounds: build_settlement(intersection), build_road(path), both free;
- a turn: roll; then trade and build; end_turn;
- build_road(path), build_settlement(intersection), build_city(intersection),
  buy_development;
- trade_bank(give, get): 4:1, 3:1 at a generic harbour, 2:1 at that resource's harbour;
- trade with players: offer(partner, give, want) by the active player; the partner
  answers accept, reject or counter(give, want), and so on back and forth;
- discard(resource): one card at a time after a 7;
- move_robber(hex[, victim]): the roller robs someone on the hex when there is
  anyone to rob (after a 7 the `theft` option may leave that to the roller);
- play_knight, play_road_building, play_year_of_plenty, play_monopoly(resource);
  take_resource(resource) for year of plenty.

Chance: the board shuffles, the dice and the stolen card are chance steps.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any

from tabletop.engine.core import CHANCE, Action, ChanceSpec, Event, IllegalAction, OptionSpec, Result, Setup, Step
from tabletop.engine.rules import GameRules
from tabletop.games.catan import messages as M
from tabletop.games.catan import schema
from tabletop.games.catan.geometry import (
    CORNER_NAMES,
    HEX_CORNERS,
    HEX_COUNT,
    HEX_NEIGHBOURS,
    INTERSECTION_COUNT,
    INTERSECTION_HARBOUR,
    INTERSECTION_HEXES,
    INTERSECTION_NEIGHBOURS,
    INTERSECTION_PATHS,
    LAND_CORNERS,
    PATH_COUNT,
    PATH_ENDS,
    SPIRALS,
)
from tabletop.games.catan.roads import award, longest_road, road_network
from tabletop.games.catan.state import (
    BOARD,
    DICE,
    DISCARD,
    FIRST,
    FOUND_ROAD,
    FOUND_SETTLEMENT,
    FREE_ROADS,
    MAIN,
    NEGOTIATE,
    OVER,
    PLENTY,
    ROBBER,
    ROLL,
    STEAL,
    CatanState,
)
from tabletop.games.catan.views import PlayerView, player_view
from tabletop.i18n import N_, Message

#: the resource kinds: the data names exactly those of schema.RESOURCE_KEYS, in an
#: order of its own (Tables.resources), which card lists and hands follow
R = len(schema.RESOURCE_KEYS)
KNIGHT, ROAD_BUILDING, YEAR_OF_PLENTY, MONOPOLY, VICTORY_POINT = range(len(schema.DEVELOPMENT_KINDS))
PROGRESS = (ROAD_BUILDING, YEAR_OF_PLENTY, MONOPOLY)

# Every action that takes no free-form cards is made once, here: legal_actions hands
# out these objects instead of building new ones.
A_ROLL = Action("roll")
A_END_TURN = Action("end_turn")
A_BUY = Action("buy_development")
A_KNIGHT = Action("play_knight")
A_ROAD_BUILDING = Action("play_road_building")
A_YEAR_OF_PLENTY = Action("play_year_of_plenty")
A_ACCEPT = Action("accept")
A_REJECT = Action("reject")
A_ROAD = tuple(Action("build_road", path=p) for p in range(PATH_COUNT))
A_SETTLEMENT = tuple(Action("build_settlement", intersection=i) for i in range(INTERSECTION_COUNT))
A_CITY = tuple(Action("build_city", intersection=i) for i in range(INTERSECTION_COUNT))
A_ROBBER = tuple(Action("move_robber", hex=h) for h in range(HEX_COUNT))
A_ROB = tuple(tuple(Action("move_robber", hex=h, victim=v) for v in range(4)) for h in range(HEX_COUNT))
UNIT = tuple(tuple(int(i == r) for i in range(R)) for r in range(R))
#: the sampled offers to a partner: one card of a kind held for one card of another
#: kind; A_OFFER[partner][mask] for the kinds held (bit r set: resource r held)
A_OFFER = tuple(
    tuple(
        tuple(
            Action("offer", partner=partner, give=UNIT[give], want=UNIT[want])
            for give in range(R)
            if mask >> give & 1
            for want in range(R)
            if want != give
        )
        for mask in range(1 << R)
    )
    for partner in range(4)
)

#: the counter-offers legal_actions lists per negotiation (check accepts any number)
SAMPLED_COUNTERS = 1
#: the negotiations legal_actions lists per turn (check accepts any number)
SAMPLED_OFFERS = 1


_TURN_PHASES = frozenset((ROLL, MAIN, ROBBER, FREE_ROADS, PLENTY))
_CHANCE_PHASES = frozenset((DICE, STEAL, BOARD, FIRST))
_NO_WIN_PHASES = frozenset((BOARD, FIRST, FOUND_SETTLEMENT, FOUND_ROAD, OVER))
#: the actions after which undo never comes back: a chance step follows (roll), or
#: they commit (a card drawn or played) or hand over to another seat (see
#: CatanRules.commits_at_once for the answers to an offer and the robber)
_COMMIT_AT_ONCE = frozenset(
    (
        "roll",
        "end_turn",
        "offer",
        "counter",
        "buy_development",
        "play_knight",
        "play_road_building",
        "play_year_of_plenty",
        "play_monopoly",
    )
)
#: the actions that may raise the points of the player whose turn it is (end_turn:
#: the next player may already hold 10)
_SCORING = frozenset(("build_road", "build_settlement", "build_city", "buy_development", "play_knight", "end_turn"))


#: what never changes for a seat, made once: the production roll's chance step and
#: the end of the turn's message (seats 0-3)
DICE_SPECS = tuple(
    ChanceSpec("dice", count=2, sides=6, reason=Message(M.ROLL_FOR_PRODUCTION, {"player": seat})) for seat in range(4)
)
ENDS_TURN = tuple(Message(M.ENDS_TURN, {"player": seat}) for seat in range(4))
NO_PRODUCTION = Message(M.NO_PRODUCTION)
#: ROLLS[seat][total]: the log line of a production roll
ROLLS = tuple(tuple(Message(M.ROLLS, {"player": seat, "total": total}) for total in range(13)) for seat in range(4))
#: the log lines of production, made when first needed: (resource key, seat, count) -> Message
_RECEIVED: dict[tuple[str, int, int], Message] = {}


def _received(key: str, seat: int, count: int) -> Message:
    """ "{player} receives {count} <resource>." (Messages are frozen: one per wording.)"""
    message = _RECEIVED.get((key, seat, count))
    if message is None:
        message = _RECEIVED[key, seat, count] = Message(M.RECEIVE[key], {"player": seat, "count": count})
    return message


def _refuse(text: str, **params: Any) -> IllegalAction:
    return IllegalAction(Message(text, params))


def _has(hand: list[int], cards: tuple[int, ...] | list[int]) -> bool:
    """True if `hand` holds at least `cards` (counts per resource)."""
    for have, need in zip(hand, cards, strict=False):
        if have < need:
            return False
    return True


def _affords(hand: list[int], cost: tuple[tuple[int, int], ...]) -> bool:
    """True if `hand` can pay `cost`, given as (resource, amount) pairs."""
    for r, amount in cost:
        if hand[r] < amount:
            return False
    return True


def _pairs(cost: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    return tuple((r, amount) for r, amount in enumerate(cost) if amount)


class Tables:
    """What the rules take from the data (data/catan/, schema.load()), built once
    on first use: the data itself, the resource keys in the data's order and their
    indexes, the costs as (resource, amount) pairs, the limits the turn checks most
    often and the actions that name a resource (handed out by legal_actions)."""

    __slots__ = (
        "data",
        "resources",
        "resource_index",
        "cost_road",
        "cost_settlement",
        "cost_city",
        "cost_development",
        "max_roads",
        "max_settlements",
        "max_cities",
        "points_to_win",
        "a_monopoly",
        "a_take",
        "a_discard",
        "a_bank",
        "a_bank_other",
    )

    def __init__(self, data: schema.CatanData) -> None:
        self.data = data
        self.resources = resources = data.resources
        self.resource_index = {key: index for index, key in enumerate(resources)}
        self.cost_road = _pairs(data.cost_road)
        self.cost_settlement = _pairs(data.cost_settlement)
        self.cost_city = _pairs(data.cost_city)
        self.cost_development = _pairs(data.cost_development)
        self.max_roads = data.max_roads
        self.max_settlements = data.max_settlements
        self.max_cities = data.max_cities
        self.points_to_win = data.points_to_win
        self.a_monopoly = tuple(Action("play_monopoly", resource=key) for key in resources)
        self.a_take = tuple(Action("take_resource", resource=key) for key in resources)
        self.a_discard = tuple(Action("discard", resource=key) for key in resources)
        self.a_bank = tuple(tuple(Action("trade_bank", give=give, get=get) for get in resources) for give in resources)
        #: a_bank[give] without the trade of a resource for itself
        self.a_bank_other = tuple(
            tuple(row[get] for get in range(R) if get != give) for give, row in enumerate(self.a_bank)
        )


@functools.cache
def tables() -> Tables:
    """The bundled data (schema.load()) and the rules' tables built from it, once,
    on first use. A fault in the data raises DataError (every problem, as
    file:line) here, and again on the next call; never on import."""
    return Tables(schema.load())


def _pay(hand: list[int], bank: list[int], cost: tuple[tuple[int, int], ...]) -> None:
    for r, amount in cost:
        hand[r] -= amount
        bank[r] += amount


def _place_index(action: Action, name: str, size: int) -> int:
    value = action.get(name)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < size:
        raise _refuse(M.UNKNOWN_PLACE)
    return value


def _resource(index: dict[str, int], action: Action, name: str = "resource") -> int:
    """The index (in `index`, Tables.resource_index) of the resource the action names."""
    value = action.get(name)
    if not isinstance(value, str) or value not in index:
        raise _refuse(M.UNKNOWN_RESOURCE)
    return index[value]


def _cards(action: Action, name: str) -> tuple[int, ...]:
    value = action.get(name)
    if (
        not isinstance(value, tuple)
        or len(value) != R
        or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value)
    ):
        raise _refuse(M.BAD_TRADE)
    return value


def red_numbers_touch(numbers: list[int]) -> bool:
    """True if two land hexes side by side both hold a red number."""
    red = tables().data.red_numbers
    return any(numbers[h] in red and any(numbers[n] in red for n in HEX_NEIGHBOURS[h]) for h in range(HEX_COUNT))


class CatanRules(GameRules):
    """The Settlers of Catan, 1995 rules, for 2 to 4 players."""

    id = "catan"
    version = 3
    title = N_("Catan")
    description = N_("Settle the island with roads, settlements and cities; the first to 10 points wins.")
    min_players = 2
    max_players = 4
    players_choose_first = False
    random_play_step_limit = 4000
    dataset = schema.DATASET

    def __init__(self) -> None:
        """Rules over the bundled data, which this loads (DataError on a fault)."""
        self._t = tables()
        self._apply_kind: dict[str, Callable[[CatanState, Action], Step]] = {
            "roll": self._apply_roll,
            "end_turn": self._apply_end_turn,
            "build_road": self._apply_road,
            "build_settlement": self._apply_settlement,
            "build_city": self._apply_city,
            "buy_development": self._apply_buy,
            "trade_bank": self._apply_trade_bank,
            "offer": self._apply_offer,
            "counter": self._apply_counter,
            "accept": self._apply_accept,
            "reject": self._apply_reject,
            "discard": self._apply_discard,
            "move_robber": self._apply_robber,
            "play_knight": self._apply_knight,
            "play_road_building": self._apply_road_building,
            "play_year_of_plenty": self._apply_year_of_plenty,
            "play_monopoly": self._apply_monopoly,
            "take_resource": self._apply_take,
        }
        self._check_kind: dict[str, Callable[[CatanState, Action], None]] = {
            "roll": self._check_roll,
            "end_turn": self._check_end_turn,
            "build_road": self._check_road,
            "build_settlement": self._check_settlement,
            "build_city": self._check_city,
            "buy_development": self._check_buy,
            "trade_bank": self._check_trade_bank,
            "offer": self._check_offer,
            "counter": self._check_counter,
            "accept": self._check_accept,
            "reject": self._check_reject,
            "discard": self._check_discard,
            "move_robber": self._check_robber,
            "play_knight": self._check_knight,
            "play_road_building": self._check_road_building,
            "play_year_of_plenty": self._check_year_of_plenty,
            "play_monopoly": self._check_monopoly,
            "take_resource": self._check_take,
        }

    # -- set-up -------------------------------------------------------------------

    def option_specs(self) -> tuple[OptionSpec, ...]:
        return tuple(o.spec() for o in self._t.data.options)

    def colours(self) -> tuple[tuple[str, str, tuple[int, int, int]], ...]:
        return self._t.data.colours

    def new_state(self, setup: Setup) -> CatanState:
        """A game before the board is laid; Setup.first is not used: the dice decide
        who begins."""
        t = self._t
        options = {**self.default_options(), **dict(setup.options)}
        n = len(setup.players)
        return CatanState(
            players=n,
            options=options,
            random_numbers=options["numbers"] == "random",
            clockwise=options["spiral"] == "clockwise",
            combined_phases=options["phases"] == "combined",
            single_gets_rest=options["shortage"] == "single",
            holder_keeps=options["special_ties"] == "holder",
            progress_removed=options["progress_cards"] == "removed",
            theft_optional=options["theft"] == "optional",
            owner=[-1] * INTERSECTION_COUNT,
            level=[0] * INTERSECTION_COUNT,
            roads=[-1] * PATH_COUNT,
            road_paths=[() for _ in range(n)],
            buildings=[() for _ in range(n)],
            settlements=[0] * n,
            cities=[0] * n,
            hands=[[0] * R for _ in range(n)],
            bank=[t.data.bank_per_resource] * R,
            devs=[[0] * len(t.data.deck_counts) for _ in range(n)],
            new_devs=[0] * len(t.data.deck_counts),
            knights=[0] * n,
            removed=[0] * len(t.data.deck_counts),
            ratios=[(t.data.bank_trade_ratio,) * R for _ in range(n)],
            road_length=[0] * n,
            vp=[0] * n,
            discard=[0] * n,
            discarded=[(0,) * R for _ in range(n)],
            contenders=list(range(n)),
        )

    def copy_state(self, state: CatanState) -> CatanState:
        return state.copy()

    # -- whose move ---------------------------------------------------------------

    def actor(self, state: CatanState) -> int | None:
        phase = state.phase
        if phase in _TURN_PHASES:
            return state.turn
        if phase in _CHANCE_PHASES:
            return CHANCE
        if phase in (FOUND_SETTLEMENT, FOUND_ROAD):
            return state.order[state.found_step]
        if phase == DISCARD:
            return self._discarder(state)
        if phase == NEGOTIATE:
            return state.offer[1]
        return None

    def turn_holder(self, state: CatanState) -> int | None:
        """The player whose turn it is, through every phase of the turn: also while
        others discard after a 7 or answer a trade offer, and during the roll and
        the pick of a stolen card; in the founding rounds the player placing; None
        while the board is laid, during the rolls for the first turn and at the end."""
        phase = state.phase
        if phase in (FOUND_SETTLEMENT, FOUND_ROAD):
            return state.order[state.found_step]
        if phase in (BOARD, FIRST, OVER):
            return None
        return state.turn

    def secret_holder(self, state: CatanState) -> int | None:
        """The player to act; during the production roll and the pick of a stolen
        card, the player whose turn it is, who keeps the laptop meanwhile."""
        if state.phase in (DICE, STEAL):
            return state.turn
        return super().secret_holder(state)

    @staticmethod
    def _discarder(state: CatanState) -> int:
        n = state.players
        for k in range(n):
            seat = (state.turn + k) % n
            if state.discard[seat]:
                return seat
        raise AssertionError("nobody has to discard")

    def chance_spec(self, state: CatanState) -> ChanceSpec:
        t = self._t
        phase = state.phase
        if phase == DICE:
            return DICE_SPECS[state.turn]
        if phase == STEAL:
            return ChanceSpec(
                "pick",
                size=sum(state.hands[state.victim]),
                reason=Message(M.PICK_STOLEN, {"player": state.turn, "other_player": state.victim}),
            )
        if phase == FIRST:
            seat = state.contenders[len(state.first_rolls)]
            return ChanceSpec("dice", count=2, sides=6, reason=Message(M.ROLL_FOR_FIRST, {"player": seat}))
        if phase == BOARD:
            step = state.board_step
            if step == 0:
                return ChanceSpec("shuffle", size=len(t.data.land), reason=Message(M.SHUFFLE_LAND))
            if step == 1:
                return ChanceSpec("shuffle", size=len(t.data.harbours), reason=Message(M.SHUFFLE_HARBOURS))
            if step == 2:
                if state.random_numbers:
                    return ChanceSpec("shuffle", size=len(t.data.tokens), reason=Message(M.SHUFFLE_TOKENS))
                return ChanceSpec("pick", size=len(LAND_CORNERS), reason=Message(M.PICK_CORNER))
            return ChanceSpec("shuffle", size=len(t.data.deck), reason=Message(M.SHUFFLE_DECK))
        raise ValueError(f"no chance step in phase {phase}")

    # -- legal actions --------------------------------------------------------------

    def legal_actions(self, state: CatanState) -> list[Action]:
        phase = state.phase
        if phase == MAIN:
            return self._main_actions(state)
        if phase == ROLL:
            return [A_ROLL, *self._card_plays(state, state.turn)]
        if phase == DISCARD:
            hand = state.hands[self._discarder(state)]
            return [self._t.a_discard[r] for r in range(R) if hand[r]]
        if phase == ROBBER:
            return self._robber_actions(state)
        if phase == FREE_ROADS:
            return [A_ROAD[p] for p in self.road_spots(state, state.turn)]
        if phase == PLENTY:
            return [self._t.a_take[r] for r in range(R) if state.bank[r]]
        if phase == NEGOTIATE:
            return self._negotiate_actions(state)
        if phase == FOUND_SETTLEMENT:
            return [A_SETTLEMENT[i] for i in self.open_intersections(state)]
        if phase == FOUND_ROAD:
            return [A_ROAD[p] for p in INTERSECTION_PATHS[state.last_settlement] if state.roads[p] == -1]
        return []

    def _main_actions(self, state: CatanState) -> list[Action]:
        t = self._t
        seat = state.turn
        hand = state.hands[seat]
        actions = [A_END_TURN]
        if not state.dev_played:
            actions += self._card_plays(state, seat)
        if state.combined_phases or state.trading:
            bank = state.bank
            ratios = state.ratios[seat]
            every = all(bank)
            for give in range(R):
                if hand[give] >= ratios[give]:
                    if every:
                        actions += t.a_bank_other[give]
                    else:
                        row = t.a_bank[give]
                        actions += [row[get] for get in range(R) if get != give and bank[get]]
            if state.offers < SAMPLED_OFFERS:
                mask = 0
                for r in range(R):
                    if hand[r]:
                        mask |= 1 << r
                if mask:
                    hands = state.hands
                    for partner in range(state.players):
                        if partner != seat and any(hands[partner]):
                            actions += A_OFFER[partner][mask]
        if _affords(hand, t.cost_road) and len(state.road_paths[seat]) < t.max_roads:
            actions += [A_ROAD[p] for p in self.road_spots(state, seat)]
        if _affords(hand, t.cost_settlement) and state.settlements[seat] < t.max_settlements:
            actions += [A_SETTLEMENT[i] for i in self.settlement_spots(state, seat)]
        if _affords(hand, t.cost_city) and state.cities[seat] < t.max_cities:
            level = state.level
            actions += [A_CITY[i] for i in state.buildings[seat] if level[i] == 1]
        if state.deck and _affords(hand, t.cost_development):
            actions.append(A_BUY)
        return actions

    def _card_plays(self, state: CatanState, seat: int) -> list[Action]:
        t = self._t
        if state.dev_played:
            return []
        devs, new = state.devs[seat], state.new_devs
        actions = []
        if devs[KNIGHT] > new[KNIGHT]:
            actions.append(A_KNIGHT)
        if (
            devs[ROAD_BUILDING] > new[ROAD_BUILDING]
            and len(state.road_paths[seat]) < t.max_roads
            and self.road_spots(state, seat)
        ):
            actions.append(A_ROAD_BUILDING)
        if devs[YEAR_OF_PLENTY] > new[YEAR_OF_PLENTY] and sum(state.bank):
            actions.append(A_YEAR_OF_PLENTY)
        if devs[MONOPOLY] > new[MONOPOLY]:
            actions += t.a_monopoly
        return actions

    def _robber_actions(self, state: CatanState) -> list[Action]:
        seat, robber, n = state.turn, state.robber, state.players
        found = [0] * HEX_COUNT  # per hex, bit v: seat v can be robbed there
        for victim, hand in enumerate(state.hands):
            if victim != seat and any(hand):
                bit = 1 << victim
                for i in state.buildings[victim]:
                    for h in INTERSECTION_HEXES[i]:
                        found[h] |= bit
        optional = state.theft_optional and not state.knight_robber
        actions = []
        for h in range(HEX_COUNT):
            if h == robber:
                continue
            bits = found[h]
            if bits:
                row = A_ROB[h]
                actions += [row[v] for v in range(n) if bits >> v & 1]
                if optional:
                    actions.append(A_ROBBER[h])
            else:
                actions.append(A_ROBBER[h])
        return actions

    def _negotiate_actions(self, state: CatanState) -> list[Action]:
        proposer, responder, give, want = state.offer
        actions = [A_REJECT]
        if _has(state.hands[responder], want):
            actions.append(A_ACCEPT)
        if state.counters < SAMPLED_COUNTERS:
            # sample: offer one card of another kind for what was offered
            hand = state.hands[responder]
            for r in range(R):
                if hand[r] and not give[r] and not want[r]:
                    actions.append(Action("counter", give=UNIT[r], want=give))
        return actions

    # -- where pieces may go ----------------------------------------------------------

    @staticmethod
    def open_intersections(state: CatanState) -> list[int]:
        """Free intersections whose neighbours are free too (the distance rule)."""
        owner = state.owner
        return [
            i
            for i in range(INTERSECTION_COUNT)
            if owner[i] == -1 and all(owner[n] == -1 for n in INTERSECTION_NEIGHBOURS[i])
        ]

    @staticmethod
    def road_spots(state: CatanState, seat: int) -> list[int]:
        """Empty paths joining `seat`'s roads or buildings; a road does not join
        through another player's settlement or city."""
        roads, owner = state.roads, state.owner
        spots = set()
        for p in state.road_paths[seat]:
            for end in PATH_ENDS[p]:
                holder = owner[end]
                if holder == -1 or holder == seat:
                    for q in INTERSECTION_PATHS[end]:
                        if roads[q] == -1:
                            spots.add(q)
        for i in state.buildings[seat]:
            for q in INTERSECTION_PATHS[i]:
                if roads[q] == -1:
                    spots.add(q)
        return sorted(spots)

    @staticmethod
    def road_joins(state: CatanState, seat: int, p: int) -> bool:
        """True if path `p` joins `seat`'s pieces: one of its ends holds the seat's
        building, or is free of buildings and meets one of the seat's roads (the
        test behind road_spots, for one path)."""
        roads, owner = state.roads, state.owner
        for end in PATH_ENDS[p]:
            holder = owner[end]
            if holder == seat:
                return True
            if holder == -1:
                for q in INTERSECTION_PATHS[end]:
                    if roads[q] == seat:
                        return True
        return False

    @staticmethod
    def settlement_spots(state: CatanState, seat: int) -> list[int]:
        """Intersections on `seat`'s roads where the distance rule allows a settlement."""
        owner = state.owner
        spots = set()
        for p in state.road_paths[seat]:
            for end in PATH_ENDS[p]:
                if owner[end] == -1 and all(owner[n] == -1 for n in INTERSECTION_NEIGHBOURS[end]):
                    spots.add(end)
        return sorted(spots)

    @staticmethod
    def victims(state: CatanState, hex_index: int) -> list[int]:
        """Players the robber on `hex_index` lets the active player rob: a building
        there and at least one card in hand."""
        owner, hands, seat = state.owner, state.hands, state.turn
        return sorted({owner[i] for i in HEX_CORNERS[hex_index] if owner[i] not in (-1, seat) and sum(hands[owner[i]])})

    # -- checking -----------------------------------------------------------------------

    def check(self, state: CatanState, action: Action) -> None:
        handler = self._check_kind.get(action.kind)
        if handler is None or state.phase in (BOARD, FIRST, DICE, STEAL, OVER):
            raise _refuse(M.NOT_NOW)
        handler(state, action)

    @staticmethod
    def _in_phase(state: CatanState, *phases: str) -> None:
        if state.phase not in phases:
            raise _refuse(M.NOT_NOW)

    def _check_roll(self, state: CatanState, action: Action) -> None:
        self._in_phase(state, ROLL)

    def _check_end_turn(self, state: CatanState, action: Action) -> None:
        self._in_phase(state, MAIN)

    def _check_road(self, state: CatanState, action: Action) -> None:
        t = self._t
        self._in_phase(state, MAIN, FREE_ROADS, FOUND_ROAD)
        p = _place_index(action, "path", PATH_COUNT)
        if state.roads[p] != -1:
            raise _refuse(M.PATH_TAKEN)
        if state.phase == FOUND_ROAD:
            if state.last_settlement not in PATH_ENDS[p]:
                raise _refuse(M.PATH_NOT_AT_SETTLEMENT)
            return
        seat = state.turn
        if len(state.road_paths[seat]) >= t.max_roads:
            raise _refuse(M.NO_PIECES)
        if state.phase == MAIN and not _affords(state.hands[seat], t.cost_road):
            raise _refuse(M.CANNOT_AFFORD)
        if not self.road_joins(state, seat, p):
            raise _refuse(M.PATH_UNCONNECTED)

    def _check_settlement(self, state: CatanState, action: Action) -> None:
        t = self._t
        self._in_phase(state, MAIN, FOUND_SETTLEMENT)
        i = _place_index(action, "intersection", INTERSECTION_COUNT)
        owner = state.owner
        if owner[i] != -1:
            raise _refuse(M.INTERSECTION_TAKEN)
        if any(owner[n] != -1 for n in INTERSECTION_NEIGHBOURS[i]):
            raise _refuse(M.DISTANCE_RULE)
        if state.phase == FOUND_SETTLEMENT:
            return
        seat = state.turn
        if state.settlements[seat] >= t.max_settlements:
            raise _refuse(M.NO_PIECES)
        if not _affords(state.hands[seat], t.cost_settlement):
            raise _refuse(M.CANNOT_AFFORD)
        if not any(state.roads[p] == seat for p in INTERSECTION_PATHS[i]):
            raise _refuse(M.SETTLEMENT_UNCONNECTED)

    def _check_city(self, state: CatanState, action: Action) -> None:
        t = self._t
        self._in_phase(state, MAIN)
        i = _place_index(action, "intersection", INTERSECTION_COUNT)
        seat = state.turn
        if state.owner[i] != seat or state.level[i] != 1:
            raise _refuse(M.NOT_YOUR_SETTLEMENT)
        if state.cities[seat] >= t.max_cities:
            raise _refuse(M.NO_PIECES)
        if not _affords(state.hands[seat], t.cost_city):
            raise _refuse(M.CANNOT_AFFORD)

    def _check_buy(self, state: CatanState, action: Action) -> None:
        t = self._t
        self._in_phase(state, MAIN)
        if not state.deck:
            raise _refuse(M.DECK_EMPTY)
        if not _affords(state.hands[state.turn], t.cost_development):
            raise _refuse(M.CANNOT_AFFORD)

    def _check_trading(self, state: CatanState) -> None:
        self._in_phase(state, MAIN)
        if not (state.combined_phases or state.trading):
            raise _refuse(M.TRADING_CLOSED)

    def _check_trade_bank(self, state: CatanState, action: Action) -> None:
        t = self._t
        self._check_trading(state)
        give, get = _resource(t.resource_index, action, "give"), _resource(t.resource_index, action, "get")
        seat = state.turn
        if give == get:
            raise _refuse(M.BAD_TRADE)
        if state.hands[seat][give] < state.ratios[seat][give]:
            raise _refuse(M.CANNOT_AFFORD)
        if not state.bank[get]:
            raise _refuse(M.BANK_HAS_NONE)

    @staticmethod
    def _check_terms(give: tuple[int, ...], want: tuple[int, ...], hand: list[int]) -> None:
        if not sum(give) or not sum(want) or any(g and w for g, w in zip(give, want, strict=False)):
            raise _refuse(M.BAD_TRADE)
        if not _has(hand, give):
            raise _refuse(M.CANNOT_AFFORD)

    def _check_offer(self, state: CatanState, action: Action) -> None:
        self._check_trading(state)
        partner = action.get("partner")
        if (
            not isinstance(partner, int)
            or isinstance(partner, bool)
            or not 0 <= partner < state.players
            or partner == state.turn
        ):
            raise _refuse(M.BAD_PARTNER)
        self._check_terms(_cards(action, "give"), _cards(action, "want"), state.hands[state.turn])

    def _check_counter(self, state: CatanState, action: Action) -> None:
        self._in_phase(state, NEGOTIATE)
        self._check_terms(_cards(action, "give"), _cards(action, "want"), state.hands[state.offer[1]])

    def _check_accept(self, state: CatanState, action: Action) -> None:
        self._in_phase(state, NEGOTIATE)
        proposer, responder, give, want = state.offer
        if not _has(state.hands[responder], want):
            raise _refuse(M.CANNOT_AFFORD)
        if not _has(state.hands[proposer], give):
            raise _refuse(M.PARTNER_CANNOT_PAY)

    def _check_reject(self, state: CatanState, action: Action) -> None:
        self._in_phase(state, NEGOTIATE)

    def _check_discard(self, state: CatanState, action: Action) -> None:
        t = self._t
        self._in_phase(state, DISCARD)
        r = _resource(t.resource_index, action)
        if not state.hands[self._discarder(state)][r]:
            raise _refuse(M.NOTHING_TO_DISCARD)

    def _check_robber(self, state: CatanState, action: Action) -> None:
        self._in_phase(state, ROBBER)
        h = _place_index(action, "hex", HEX_COUNT)
        if h == state.robber:
            raise _refuse(M.SAME_HEX)
        victim = action.get("victim")
        if victim is None:
            if (state.knight_robber or not state.theft_optional) and self.victims(state, h):
                raise _refuse(M.MUST_ROB)
        elif isinstance(victim, bool) or victim not in self.victims(state, h):
            raise _refuse(M.BAD_VICTIM)

    def _check_card(self, state: CatanState, kind: int) -> None:
        self._in_phase(state, ROLL, MAIN)
        if state.dev_played:
            raise _refuse(M.CARD_ALREADY_PLAYED)
        if state.devs[state.turn][kind] <= state.new_devs[kind]:
            raise _refuse(M.NO_PLAYABLE_CARD)

    def _check_knight(self, state: CatanState, action: Action) -> None:
        self._check_card(state, KNIGHT)

    def _check_road_building(self, state: CatanState, action: Action) -> None:
        t = self._t
        self._check_card(state, ROAD_BUILDING)
        seat = state.turn
        if len(state.road_paths[seat]) >= t.max_roads:
            raise _refuse(M.NO_PIECES)
        if not self.road_spots(state, seat):
            raise _refuse(M.NO_ROAD_SPOT)

    def _check_year_of_plenty(self, state: CatanState, action: Action) -> None:
        self._check_card(state, YEAR_OF_PLENTY)
        if not sum(state.bank):
            raise _refuse(M.BANK_EMPTY)

    def _check_monopoly(self, state: CatanState, action: Action) -> None:
        t = self._t
        self._check_card(state, MONOPOLY)
        _resource(t.resource_index, action)

    def _check_take(self, state: CatanState, action: Action) -> None:
        t = self._t
        self._in_phase(state, PLENTY)
        if not state.bank[_resource(t.resource_index, action)]:
            raise _refuse(M.BANK_HAS_NONE)

    # -- applying -----------------------------------------------------------------------

    def apply(self, state: CatanState, action: Action) -> Step:
        kind = action.kind
        if kind == "chance":
            return self._apply_chance(state, action["outcome"])
        step = self._apply_kind[kind](state, action)
        if kind in _SCORING and state.phase not in _NO_WIN_PHASES:
            self._check_win(state, step)
        return step

    def commits_at_once(self, state: CatanState, action: Action) -> bool:
        """The roll (the dice follow), the end of the turn, an offer or counter-offer
        (the other side answers), a development card bought or played, an answer
        that hands back to the player whose turn it is, and the robber moved to
        rob someone (chance picks the card): Match keeps no copy for undo before them."""
        kind = action.kind
        if kind in _COMMIT_AT_ONCE:
            return True
        if kind == "accept" or kind == "reject":
            return state.offer is not None and state.offer[1] != state.turn
        return kind == "move_robber" and "victim" in action

    def _apply_chance(self, state: CatanState, outcome: Any) -> Step:
        phase = state.phase
        if phase == DICE:
            return self._apply_dice(state, outcome)
        if phase == STEAL:
            return self._apply_steal(state, outcome)
        if phase == FIRST:
            return self._apply_first_roll(state, outcome)
        return self._apply_board(state, outcome)

    def _apply_board(self, state: CatanState, outcome: Any) -> Step:
        t = self._t
        step = state.board_step
        events = []
        if step == 0:
            land = [t.data.land[k] for k in outcome]
            state.terrain = tuple(key for key, _r in land)
            state.produce = tuple(resource for _k, resource in land)
            state.robber = state.produce.index(-1) if -1 in state.produce else 0
            events.append(Event(Message(M.LAND_LAID), kind="board"))
        elif step == 1:
            harbours = [t.data.harbours[k] for k in outcome]
            state.harbour_resource = tuple(resource for resource, _ratio in harbours)
            state.harbour_ratio = tuple(ratio for _resource, ratio in harbours)
            events.append(Event(Message(M.HARBOURS_LAID), kind="board"))
            corner = self.chosen_corner(state)
            if corner is not None:  # the players named the corner: no chance step for it
                events.append(self._lay_spiral(state, corner))
                state.board_step += 1
        elif step == 2:
            if state.random_numbers:
                producing = [h for h in range(HEX_COUNT) if state.produce[h] != -1]
                numbers = [0] * HEX_COUNT
                for h, k in zip(producing, outcome, strict=False):
                    numbers[h] = t.data.tokens[k]
                if red_numbers_touch(numbers):
                    state.numbers = tuple(numbers)
                    return Step([Event(Message(M.TOKENS_AGAIN), kind="board")])
                self._set_numbers(state, numbers)
                events.append(Event(Message(M.TOKENS_RANDOM), kind="board"))
            else:
                events.append(self._lay_spiral(state, outcome))
        else:
            state.deck = [t.data.deck[k] for k in outcome]
            events.append(Event(Message(M.DECK_SHUFFLED), kind="board"))
            state.phase = FIRST
        state.board_step += 1
        return Step(events)

    @staticmethod
    def chosen_corner(state: CatanState) -> int | None:
        """The corner (index into LAND_CORNERS) the players named for the spiral, or
        None when the tokens are placed at random or the corner is drawn by lot."""
        name = state.options.get("start_corner", "random")
        if state.random_numbers or name not in CORNER_NAMES:
            return None
        return CORNER_NAMES.index(name)

    @staticmethod
    def _set_numbers(state: CatanState, numbers: list[int]) -> None:
        state.numbers = tuple(numbers)
        state.number_hexes = tuple(tuple(h for h in range(HEX_COUNT) if numbers[h] == total) for total in range(13))

    def _lay_spiral(self, state: CatanState, corner: int) -> Event:
        """Tokens A-R from the corner hex, round the spiral, skipping the desert."""
        t = self._t
        state.start_corner = corner
        numbers = [0] * HEX_COUNT
        tokens = iter(t.data.tokens)
        for h in SPIRALS[state.clockwise][corner]:
            if state.produce[h] != -1:
                numbers[h] = next(tokens)
        self._set_numbers(state, numbers)
        return Event(Message(M.TOKENS_SPIRAL), kind="board")

    def _apply_first_roll(self, state: CatanState, outcome: Any) -> Step:
        seat = state.contenders[len(state.first_rolls)]
        total = outcome[0] + outcome[1]
        state.first_rolls.append(total)
        events = [
            Event(Message(M.FIRST_ROLL, {"player": seat, "total": total}), kind="dice", data={"faces": list(outcome)})
        ]
        if len(state.first_rolls) < len(state.contenders):
            return Step(events)
        best = max(state.first_rolls)
        tied = [s for s, roll in zip(state.contenders, state.first_rolls, strict=False) if roll == best]
        state.first_rolls = []
        if len(tied) > 1:
            state.contenders = tied
            events.append(Event(Message(M.FIRST_TIE)))
            return Step(events)
        first = tied[0]
        n = state.players
        state.contenders = []
        forward = [(first + k) % n for k in range(n)]
        state.order = forward + forward[::-1]
        state.found_step = 0
        state.turn = first
        state.phase = FOUND_SETTLEMENT
        events.append(Event(Message(M.BEGINS, {"player": first})))
        return Step(events)

    def _apply_dice(self, state: CatanState, outcome: Any) -> Step:
        t = self._t
        seat = state.turn
        total = outcome[0] + outcome[1]
        state.dice = list(outcome)
        events = [Event(ROLLS[seat][total], kind="dice", data={"faces": list(outcome)})]
        state.trading = True
        if total == 7:
            limit = t.data.discard_above
            for s in range(state.players):
                count = sum(state.hands[s])
                state.discard[s] = count // 2 if count > limit else 0
            state.resume = MAIN
            if any(state.discard):
                events.append(Event(Message(M.SEVEN, {"limit": limit})))
                state.phase = DISCARD
            else:
                state.phase = ROBBER
        else:
            events += self._produce(state, total)
            state.phase = MAIN
        return Step(events)

    def _produce(self, state: CatanState, total: int) -> list[Event]:
        """Pay out a roll of `total`; a resource the bank cannot pay in full goes to
        nobody (or, with the option, to the only player owed it)."""
        t = self._t
        owner, level, produce, robber, n = state.owner, state.level, state.produce, state.robber, state.players
        owed: list[int] | None = None  # cards owed, at resource * n + seat
        kinds = 0  # bit r: resource r is owed to someone
        for h in state.number_hexes[total]:
            if h != robber:
                r = produce[h]
                base = r * n
                for i in HEX_CORNERS[h]:
                    seat = owner[i]
                    if seat != -1:
                        if owed is None:
                            owed = [0] * (R * n)
                        owed[base + seat] += level[i]
                        kinds |= 1 << r
        if owed is None:
            return [Event(NO_PRODUCTION)]
        events = []
        bank = state.bank
        paid = [r for r in range(R) if kinds >> r & 1]
        for r in paid:
            base = r * n
            if sum(owed[base : base + n]) > bank[r]:
                takers = [seat for seat in range(n) if owed[base + seat]]
                if state.single_gets_rest and len(takers) == 1:
                    owed[base + takers[0]] = bank[r]
                else:
                    events.append(Event(Message(M.SHORT[t.resources[r]])))
                    for seat in takers:
                        owed[base + seat] = 0
        hands = state.hands
        for seat in range(n):
            for r in paid:
                count = owed[r * n + seat]
                if count:
                    hands[seat][r] += count
                    bank[r] -= count
                    events.append(
                        Event(
                            _received(t.resources[r], seat, count),
                            kind="produce",
                            data={"resource": t.resources[r], "count": count},
                        )
                    )
        if not events:
            events.append(Event(NO_PRODUCTION))
        return events

    def _apply_roll(self, state: CatanState, action: Action) -> Step:
        state.phase = DICE
        return Step()

    def _apply_end_turn(self, state: CatanState, action: Action) -> Step:
        events = [Event(ENDS_TURN[state.turn])]
        state.turn = (state.turn + 1) % state.players
        state.phase = ROLL
        state.dev_played = False
        if any(state.new_devs):
            state.new_devs = [0] * len(state.new_devs)
        state.trading = False
        state.offers = 0
        state.dice = []
        return Step(events)

    def _place_road(self, state: CatanState, seat: int, p: int, events: list[Event]) -> None:
        """Put a road down and update the seat's road length: a new road can only
        lengthen a trail of its own network, so only that network is walked."""
        state.roads[p] = seat
        state.road_paths[seat] = (*state.road_paths[seat], p)
        network = road_network(state.roads, seat, p)
        if len(network) > state.road_length[seat]:  # else no trail in it can be longer
            length = longest_road(state.roads, state.owner, seat, network)
            if length > state.road_length[seat]:
                state.road_length[seat] = length
                self._update_longest(state, events)

    def _apply_road(self, state: CatanState, action: Action) -> Step:
        t = self._t
        p = action["path"]
        phase = state.phase
        if phase == FOUND_ROAD:
            seat = state.order[state.found_step]
            events = [Event(Message(M.PLACE_ROAD, {"player": seat}), kind="road", data={"path": p})]
            self._place_road(state, seat, p, events)
            state.found_step += 1
            if state.found_step == len(state.order):
                state.phase = ROLL
                state.turn = state.order[-1]
            else:
                state.phase = FOUND_SETTLEMENT
            return Step(events)
        seat = state.turn
        if phase == FREE_ROADS:
            events = [Event(Message(M.FREE_ROAD, {"player": seat}), kind="road", data={"path": p})]
            self._place_road(state, seat, p, events)
            state.free -= 1
            if not state.free or not self.road_spots(state, seat):
                state.free = 0
                state.phase = state.resume
            return Step(events)
        _pay(state.hands[seat], state.bank, t.cost_road)
        state.trading = False
        events = [Event(Message(M.BUILDS_ROAD, {"player": seat}), kind="road", data={"path": p})]
        self._place_road(state, seat, p, events)
        return Step(events)

    def _apply_settlement(self, state: CatanState, action: Action) -> Step:
        t = self._t
        i = action["intersection"]
        founding = state.phase == FOUND_SETTLEMENT
        seat = state.order[state.found_step] if founding else state.turn
        state.owner[i] = seat
        state.level[i] = 1
        state.buildings[seat] = (*state.buildings[seat], i)
        state.settlements[seat] += 1
        state.vp[seat] += 1
        slot = INTERSECTION_HARBOUR[i]
        if slot != -1:
            resource, ratio = state.harbour_resource[slot], state.harbour_ratio[slot]
            state.ratios[seat] = tuple(
                min(old, ratio) if resource in (-1, r) else old for r, old in enumerate(state.ratios[seat])
            )
        if founding:
            events = [Event(Message(M.PLACE_SETTLEMENT, {"player": seat}), kind="settlement", data={"intersection": i})]
            state.last_settlement = i
            state.phase = FOUND_ROAD
            if state.found_step >= state.players:  # the second settlement pays its land
                hand = state.hands[seat]
                for h in INTERSECTION_HEXES[i]:
                    r = state.produce[h]
                    if r != -1 and state.bank[r]:
                        hand[r] += 1
                        state.bank[r] -= 1
                        events.append(
                            Event(
                                Message(M.RECEIVE[t.resources[r]], {"player": seat, "count": 1}),
                                kind="produce",
                                data={"resource": t.resources[r], "count": 1},
                            )
                        )
            return Step(events)
        _pay(state.hands[seat], state.bank, t.cost_settlement)
        state.trading = False
        events = [Event(Message(M.BUILDS_SETTLEMENT, {"player": seat}), kind="settlement", data={"intersection": i})]
        # the settlement may cut another player's road in two
        cut = False
        for other in {state.roads[p] for p in INTERSECTION_PATHS[i]}:
            if other not in (-1, seat):
                state.road_length[other] = longest_road(state.roads, state.owner, other, state.road_paths[other])
                cut = True
        if cut:
            self._update_longest(state, events)
        return Step(events)

    def _apply_city(self, state: CatanState, action: Action) -> Step:
        t = self._t
        i = action["intersection"]
        seat = state.turn
        _pay(state.hands[seat], state.bank, t.cost_city)
        state.trading = False
        state.level[i] = 2
        state.settlements[seat] -= 1
        state.cities[seat] += 1
        state.vp[seat] += 1
        return Step([Event(Message(M.BUILDS_CITY, {"player": seat}), kind="city", data={"intersection": i})])

    def _apply_buy(self, state: CatanState, action: Action) -> Step:
        t = self._t
        seat = state.turn
        _pay(state.hands[seat], state.bank, t.cost_development)
        state.trading = False
        card = state.deck.pop()
        state.devs[seat][card] += 1
        state.new_devs[card] += 1
        kind = schema.DEVELOPMENT_KINDS[card]
        return Step(
            [
                Event(
                    Message(M.DRAW[kind], {"player": seat}),
                    kind="development",
                    data={"card": kind},
                    seat=seat,
                    public=Message(M.BUY_DEVELOPMENT, {"player": seat}),
                )
            ],
            commits=True,
        )

    def _apply_trade_bank(self, state: CatanState, action: Action) -> Step:
        t = self._t
        seat = state.turn
        give, get = t.resource_index[action["give"]], t.resource_index[action["get"]]
        ratio = state.ratios[seat][give]
        hand, bank = state.hands[seat], state.bank
        hand[give] -= ratio
        bank[give] += ratio
        bank[get] -= 1
        hand[get] += 1
        return Step(
            [
                Event(Message(M.RETURN[t.resources[give]], {"player": seat, "count": ratio})),
                Event(Message(M.RECEIVE[t.resources[get]], {"player": seat, "count": 1})),
            ]
        )

    def _apply_offer(self, state: CatanState, action: Action) -> Step:
        seat, partner = state.turn, action["partner"]
        state.offer = (seat, partner, action["give"], action["want"])
        state.offers += 1
        state.counters = 0
        state.phase = NEGOTIATE
        return Step(
            [
                Event(
                    Message(M.OFFERS, {"player": seat, "other_player": partner}),
                    kind="offer",
                    data={"give": list(action["give"]), "want": list(action["want"])},
                )
            ]
        )

    def _apply_counter(self, state: CatanState, action: Action) -> Step:
        proposer, responder, _give, _want = state.offer
        state.offer = (responder, proposer, action["give"], action["want"])
        state.counters += 1
        return Step(
            [
                Event(
                    Message(M.COUNTERS, {"player": responder, "other_player": proposer}),
                    kind="offer",
                    data={"give": list(action["give"]), "want": list(action["want"])},
                )
            ]
        )

    def _apply_accept(self, state: CatanState, action: Action) -> Step:
        t = self._t
        proposer, responder, give, want = state.offer
        events = [Event(Message(M.ACCEPTS, {"player": responder}))]
        for giver, taker, cards in ((proposer, responder, give), (responder, proposer, want)):
            for r in range(R):
                if cards[r]:
                    state.hands[giver][r] -= cards[r]
                    state.hands[taker][r] += cards[r]
                    events.append(
                        Event(
                            Message(
                                M.GIVE_TO[t.resources[r]], {"player": giver, "count": cards[r], "other_player": taker}
                            )
                        )
                    )
        state.offer = None
        state.phase = MAIN
        return Step(events)

    def _apply_reject(self, state: CatanState, action: Action) -> Step:
        responder = state.offer[1]
        state.offer = None
        state.phase = MAIN
        return Step([Event(Message(M.REJECTS, {"player": responder}))])

    def _apply_discard(self, state: CatanState, action: Action) -> Step:
        t = self._t
        seat = self._discarder(state)
        r = t.resource_index[action["resource"]]
        state.hands[seat][r] -= 1
        state.bank[r] += 1
        state.discard[seat] -= 1
        chosen = list(state.discarded[seat])
        chosen[r] += 1
        state.discarded[seat] = tuple(chosen)
        events = [
            Event(
                Message(M.RETURN[t.resources[r]], {"player": seat, "count": 1}),
                seat=seat,
                public=Message(M.DISCARDS_A_CARD, {"player": seat}),
            )
        ]
        if any(state.discard):
            return Step(events)
        # everyone has discarded: show what went back to the bank
        for s in range(state.players):
            for r, count in enumerate(state.discarded[s]):
                if count:
                    events.append(Event(Message(M.RETURN[t.resources[r]], {"player": s, "count": count})))
            state.discarded[s] = (0,) * R
        state.phase = ROBBER
        return Step(events, commits=True)

    def _apply_robber(self, state: CatanState, action: Action) -> Step:
        seat = state.turn
        h = action["hex"]
        state.robber = h
        events = [Event(Message(M.MOVES_ROBBER, {"player": seat}), kind="robber", data={"hex": h})]
        victim = action.get("victim")
        state.knight_robber = False
        if victim is None:
            if self.victims(state, h):  # the theft after a 7 is left out (theft option)
                events.append(Event(Message(M.ROBS_NOBODY, {"player": seat})))
            state.phase = state.resume
        else:
            state.victim = victim
            state.phase = STEAL
        return Step(events)

    def _apply_steal(self, state: CatanState, outcome: int) -> Step:
        t = self._t
        seat, victim = state.turn, state.victim
        hand = state.hands[victim]
        r = 0
        while outcome >= hand[r]:
            outcome -= hand[r]
            r += 1
        hand[r] -= 1
        state.hands[seat][r] += 1
        text = Message(M.TAKE_FROM[t.resources[r]], {"player": seat, "count": 1, "other_player": victim})
        state.victim = -1
        state.phase = state.resume
        return Step(
            [
                Event(
                    text,
                    kind="steal",
                    seat=seat,
                    public=Message(M.STEALS_A_CARD, {"player": seat, "other_player": victim}),
                ),
                Event(text, kind="steal", seat=victim),
            ]
        )

    def _play(self, state: CatanState, kind: int) -> None:
        """Take a development card out of the active player's hand."""
        state.devs[state.turn][kind] -= 1
        state.dev_played = True
        if kind in PROGRESS:
            if state.progress_removed:
                state.removed[kind] += 1
            else:
                state.deck.insert(0, kind)  # back under the deck

    def _apply_knight(self, state: CatanState, action: Action) -> Step:
        t = self._t
        seat = state.turn
        self._play(state, KNIGHT)
        state.knights[seat] += 1
        events = [Event(Message(M.PLAY_KNIGHT, {"player": seat}), kind="development", data={"card": "knight"})]
        new = award(state.knights, state.largest, t.data.largest_army_minimum, state.holder_keeps)
        if new != state.largest:
            self._move_special(state, "largest", new, events)
        state.resume = state.phase
        state.phase = ROBBER
        state.knight_robber = True
        return Step(events, commits=True)

    def _apply_road_building(self, state: CatanState, action: Action) -> Step:
        t = self._t
        seat = state.turn
        self._play(state, ROAD_BUILDING)
        state.free = min(t.data.free_roads, t.max_roads - len(state.road_paths[seat]))
        state.resume = state.phase
        state.phase = FREE_ROADS
        return Step(
            [
                Event(
                    Message(M.PLAY_ROAD_BUILDING, {"player": seat}), kind="development", data={"card": "road_building"}
                )
            ],
            commits=True,
        )

    def _apply_year_of_plenty(self, state: CatanState, action: Action) -> Step:
        t = self._t
        seat = state.turn
        self._play(state, YEAR_OF_PLENTY)
        state.free = min(t.data.year_of_plenty_cards, sum(state.bank))
        state.resume = state.phase
        state.phase = PLENTY
        return Step(
            [
                Event(
                    Message(M.PLAY_YEAR_OF_PLENTY, {"player": seat}),
                    kind="development",
                    data={"card": "year_of_plenty"},
                )
            ],
            commits=True,
        )

    def _apply_take(self, state: CatanState, action: Action) -> Step:
        t = self._t
        seat = state.turn
        r = t.resource_index[action["resource"]]
        state.bank[r] -= 1
        state.hands[seat][r] += 1
        state.free -= 1
        if not state.free or not sum(state.bank):
            state.free = 0
            state.phase = state.resume
        return Step([Event(Message(M.RECEIVE[t.resources[r]], {"player": seat, "count": 1}))])

    def _apply_monopoly(self, state: CatanState, action: Action) -> Step:
        t = self._t
        seat = state.turn
        key = action["resource"]
        r = t.resource_index[key]
        self._play(state, MONOPOLY)
        events = [Event(Message(M.MONOPOLY[key], {"player": seat}), kind="development", data={"card": "monopoly"})]
        for other in range(state.players):
            count = state.hands[other][r]
            if other != seat and count:
                state.hands[other][r] = 0
                state.hands[seat][r] += count
                events.append(Event(Message(M.TAKE_FROM[key], {"player": seat, "count": count, "other_player": other})))
        return Step(events, commits=True)

    # -- special cards and the win ----------------------------------------------------------

    def _update_longest(self, state: CatanState, events: list[Event]) -> None:
        t = self._t
        new = award(state.road_length, state.longest, t.data.longest_road_minimum, state.holder_keeps)
        if new != state.longest:
            self._move_special(state, "longest", new, events)

    def _move_special(self, state: CatanState, which: str, new: int, events: list[Event]) -> None:
        t = self._t
        old = getattr(state, which)
        points = t.data.special_card_points
        if old != -1:
            state.vp[old] -= points
        if new != -1:
            state.vp[new] += points
        setattr(state, which, new)
        if which == "longest":
            text = M.TAKES_LONGEST_ROAD if new != -1 else M.LOSES_LONGEST_ROAD
        else:
            text = M.TAKES_LARGEST_ARMY if new != -1 else M.LOSES_LARGEST_ARMY
        events.append(Event(Message(text, {"player": new} if new != -1 else {}), kind=which))

    def points(self, state: CatanState, seat: int) -> int:
        """All of a seat's victory points, its hidden victory point cards included."""
        return state.vp[seat] + state.devs[seat][VICTORY_POINT]

    def _check_win(self, state: CatanState, step: Step) -> None:
        t = self._t
        seat = state.turn
        total = state.vp[seat] + state.devs[seat][VICTORY_POINT]
        if total < t.points_to_win:
            return
        state.winner = seat
        state.phase = OVER
        cards = state.devs[seat][VICTORY_POINT]
        if cards:
            step.events.append(Event(Message(M.SHOW_VICTORY_CARDS, {"player": seat, "count": cards})))
        step.events.append(Event(Message(M.WINS, {"player": seat, "points": total}), kind="win"))
        step.commits = True

    def result(self, state: CatanState) -> Result | None:
        if state.phase != OVER:
            return None
        scores = tuple(self.points(state, s) for s in range(state.players))
        return Result(
            (state.winner,), scores, Message(M.WINS, {"player": state.winner, "points": scores[state.winner]})
        )

    # -- information ----------------------------------------------------------------------

    def encode(self, state: CatanState) -> dict[str, Any]:
        return state.to_json()

    @staticmethod
    def open_bank(state: CatanState) -> list[int]:
        """The bank's cards per resource as the table sees them: the five piles lie
        open, but the cards of a discard in progress join them only once everyone
        has discarded (each chooses in private)."""
        bank = state.bank
        if state.phase != DISCARD:
            return bank[:]
        return [bank[r] - sum(chosen[r] for chosen in state.discarded) for r in range(R)]

    def view(self, state: CatanState, seat: int | None) -> PlayerView:
        return player_view(self, state, seat)

    def describe(self, state: CatanState, action: Action) -> Message:
        t = self._t
        kind = action.kind
        if kind == "build_road":
            return Message(M.LABEL_ROAD, {"path": action["path"]})
        if kind == "build_settlement":
            return Message(M.LABEL_SETTLEMENT, {"intersection": action["intersection"]})
        if kind == "build_city":
            return Message(M.LABEL_CITY, {"intersection": action["intersection"]})
        if kind == "trade_bank":
            seat = state.turn
            give = action["give"]
            return Message(
                M.BANK_TRADE_LABEL[give, action["get"]], {"count": state.ratios[seat][t.resource_index[give]]}
            )
        if kind == "move_robber":
            if "victim" in action:
                return Message(M.LABEL_ROBBER_STEAL, {"hex": action["hex"], "other_player": action["victim"]})
            if state.phase == ROBBER and self.victims(state, action["hex"]):
                return Message(M.LABEL_ROBBER_NO_THEFT, {"hex": action["hex"]})
            return Message(M.LABEL_ROBBER, {"hex": action["hex"]})
        if kind == "discard":
            return Message(M.DISCARD_LABEL[action["resource"]])
        if kind == "take_resource":
            return Message(M.TAKE_LABEL[action["resource"]])
        if kind == "play_monopoly":
            return Message(M.MONOPOLY_LABEL[action["resource"]])
        if kind == "offer":
            return Message(M.LABEL_OFFER, {"other_player": action["partner"]})
        simple = {
            "roll": M.LABEL_ROLL,
            "end_turn": M.LABEL_END_TURN,
            "buy_development": M.LABEL_BUY,
            "play_knight": M.LABEL_KNIGHT,
            "play_road_building": M.LABEL_ROAD_BUILDING,
            "play_year_of_plenty": M.LABEL_YEAR_OF_PLENTY,
            "counter": M.LABEL_COUNTER,
            "accept": M.LABEL_ACCEPT,
            "reject": M.LABEL_REJECT,
        }
        return Message(simple.get(kind, kind))

    # -- checks for the tests ------------------------------------------------------------------

    def check_invariants(self, state: CatanState) -> None:
        t = self._t
        n = state.players
        for r in range(R):
            held = sum(state.hands[s][r] for s in range(n))
            assert state.bank[r] + held == t.data.bank_per_resource, f"{t.resources[r]}: {state.bank[r]} + {held}"
            assert state.bank[r] >= 0 and all(state.hands[s][r] >= 0 for s in range(n)), "a negative card count"
        if state.phase != BOARD:
            for kind, count in enumerate(t.data.deck_counts):
                found = (
                    state.deck.count(kind)
                    + sum(state.devs[s][kind] for s in range(n))
                    + state.removed[kind]
                    + (sum(state.knights) if kind == KNIGHT else 0)
                )
                assert found == count, f"{schema.DEVELOPMENT_KINDS[kind]}: {found} cards, not {count}"
            assert all(0 <= state.new_devs[k] <= state.devs[state.turn][k] for k in range(len(state.new_devs)))
        for s in range(n):
            roads = [p for p in range(PATH_COUNT) if state.roads[p] == s]
            assert sorted(state.road_paths[s]) == roads, "road list out of step with the board"
            assert len(roads) <= t.max_roads, "too many roads"
            settlements = [i for i in range(INTERSECTION_COUNT) if state.owner[i] == s and state.level[i] == 1]
            cities = [i for i in range(INTERSECTION_COUNT) if state.owner[i] == s and state.level[i] == 2]
            assert sorted(state.buildings[s]) == sorted(settlements + cities), "building list out of step"
            assert len(settlements) == state.settlements[s] <= t.max_settlements, "settlement count"
            assert len(cities) == state.cities[s] <= t.max_cities, "city count"
            for p in roads:  # every road joins the player's network
                assert any(
                    state.owner[end] == s or any(state.roads[q] == s for q in INTERSECTION_PATHS[end] if q != p)
                    for end in PATH_ENDS[p]
                ), f"road {p} of seat {s} is not connected"
            length = longest_road(state.roads, state.owner, s)
            assert state.road_length[s] == length, f"seat {s}: road length {state.road_length[s]}, not {length}"
            points = (
                len(settlements)
                + 2 * len(cities)
                + t.data.special_card_points * ((state.longest == s) + (state.largest == s))
            )
            assert state.vp[s] == points, f"seat {s}: {state.vp[s]} points kept, {points} counted"
            ratios = [t.data.bank_trade_ratio] * R
            for i in settlements + cities:
                slot = INTERSECTION_HARBOUR[i]
                if slot != -1:
                    for r in range(R):
                        if state.harbour_resource[slot] in (-1, r):
                            ratios[r] = min(ratios[r], state.harbour_ratio[slot])
            assert tuple(state.ratios[s]) == tuple(ratios), "harbour ratios out of step"
        for i in range(INTERSECTION_COUNT):
            assert (state.owner[i] == -1) == (state.level[i] == 0), "building without owner"
            if state.owner[i] != -1:
                assert all(state.owner[j] == -1 for j in INTERSECTION_NEIGHBOURS[i]), f"distance rule broken at {i}"
        for which, values, minimum in (
            ("longest", state.road_length, t.data.longest_road_minimum),
            ("largest", state.knights, t.data.largest_army_minimum),
        ):
            holder = getattr(state, which)
            if holder != -1:
                assert values[holder] >= minimum and values[holder] == max(values), f"{which} held wrongly"
                if not state.holder_keeps:
                    assert values.count(values[holder]) == 1, f"{which} held on a tie"
            elif not state.holder_keeps:
                assert award(values, -1, minimum, False) == -1, f"{which} not awarded"
        if state.phase not in (BOARD, FIRST):
            assert 0 <= state.robber < HEX_COUNT
        assert not state.knight_robber or state.phase in (ROBBER, OVER), "a knight's robber outside the robber phase"
        if state.phase == OVER:
            assert self.points(state, state.winner) >= t.points_to_win
        else:
            for s in range(n):
                if s == state.turn and state.phase not in (BOARD, FIRST, FOUND_SETTLEMENT, FOUND_ROAD):
                    assert self.points(state, s) < t.points_to_win, "a winner was missed"

    def perturb_secrets(self, state: CatanState, seat: int, rng: random.Random) -> CatanState | None:
        """Swap one of the seat's development cards with a different card from the
        deck (for the player whose turn it is, a card bought this turn stays marked
        as bought this turn) and shuffle the deck.

        Resource cards are left alone: the bank's piles are open, so a hand is secret
        only among the other hands, and no change of one hand alone keeps every other
        view the same (test_views.py checks a swap between two hands instead)."""
        t = self._t
        if state.phase == OVER:
            return None  # the victory point cards are shown
        other = state.copy()
        devs = other.devs[seat]
        held = [k for k in range(len(devs)) if devs[k]]
        if held and other.deck:
            kind = rng.choice(held)
            # never hand the player whose turn it is the victory point card that would win
            winning = seat == other.turn and self.points(other, seat) + 1 >= t.points_to_win
            spots = [j for j, card in enumerate(other.deck) if card != kind and not (winning and card == VICTORY_POINT)]
            if spots:
                j = rng.choice(spots)
                got = other.deck[j]
                if seat == other.turn and other.new_devs[kind] and rng.randrange(devs[kind]) < other.new_devs[kind]:
                    other.new_devs[kind] -= 1  # the card swapped was one bought this turn
                    other.new_devs[got] += 1
                devs[kind] -= 1
                devs[got] += 1
                other.deck[j] = kind
        rng.shuffle(other.deck)
        if other.to_json() == state.to_json():
            return None
        return other


#: the rules over the bundled data, made when first asked for (see __getattr__)
RULES: CatanRules


def __getattr__(name: str) -> Any:
    """RULES is made on first use, not on import: importing this module never loads
    the data, and a fault in the data raises DataError where the rules are asked
    for (the registry; the launcher then shows the game's fault card)."""
    if name == "RULES":
        rules = globals()["RULES"] = CatanRules()
        return rules
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
