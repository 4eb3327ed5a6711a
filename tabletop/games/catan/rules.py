"""The Settlers of Catan (1995 rules): the rules engine.

The moves are declared in moves.py; the rules are split by job: founding.py (the
island, who begins, the founding rounds), building.py, turn.py (the roll,
production, the end of the turn), robber.py (discards, the robber, the theft),
trading.py, development.py; base.py holds what they share. CatanRules here puts
them together and answers whose move it is, what chance decides, the legal
actions and what each player sees.

Chance: the island's open layout (shuffled), the dice, the stolen card and the
development card bought are chance steps, each drawn when it happens.
"""

from __future__ import annotations

import random
from typing import Any

from tabletop.engine.core import CHANCE, Action, ChanceSpec, OptionSpec, Result, Setup, Step
from tabletop.games import registry
from tabletop.games.catan import messages as M
from tabletop.games.catan import schema
from tabletop.games.catan.building import Building
from tabletop.games.catan.development import Development
from tabletop.games.catan.founding import red_numbers_touch
from tabletop.games.catan.geometry import (
    HEX_BY_NAME,
    HEX_COUNT,
    INTERSECTION_COUNT,
    INTERSECTION_HARBOUR,
    INTERSECTION_NAMES,
    INTERSECTION_NEIGHBOURS,
    INTERSECTION_PATHS,
    PATH_COUNT,
    PATH_ENDS,
    PATH_NAMES,
)
from tabletop.games.catan.moves import MOVES
from tabletop.games.catan.roads import award, longest_road
from tabletop.games.catan.robber import Robber
from tabletop.games.catan.state import (
    BOARD,
    DEVELOP,
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
from tabletop.games.catan.summary import SUMMARY
from tabletop.games.catan.tables import (
    KNIGHT,
    MONOPOLY,
    PROGRESS,
    ROAD_BUILDING,
    VICTORY_POINT,
    YEAR_OF_PLENTY,
    R,
    affords,
    tables,
)
from tabletop.games.catan.trading import Trading, open_offer
from tabletop.games.catan.turn import DICE_SPECS, Turn
from tabletop.games.catan.views import PlayerView, player_view
from tabletop.i18n import N_, Message

__all__ = [
    "KNIGHT",
    "MONOPOLY",
    "R",
    "ROAD_BUILDING",
    "RULES",
    "VICTORY_POINT",
    "YEAR_OF_PLENTY",
    "CatanRules",
    "red_numbers_touch",
    "tables",
]

# Every action that takes no free-form cards is made once, here: legal_actions hands
# out these objects instead of building new ones. They name places as moves do
# (moves.py): the road on path p is A_ROAD[p], with the path's name in it.
A_ROLL = Action("roll")
A_END_TURN = Action("end_turn")
A_BUY = Action("buy_development")
A_ROAD = tuple(Action("build_road", path=name) for name in PATH_NAMES)
A_SETTLEMENT = tuple(Action("build_settlement", intersection=name) for name in INTERSECTION_NAMES)
A_CITY = tuple(Action("build_city", intersection=name) for name in INTERSECTION_NAMES)

_TURN_PHASES = frozenset((ROLL, MAIN, ROBBER, FREE_ROADS, PLENTY))
_CHANCE_PHASES = frozenset((DICE, STEAL, DEVELOP, BOARD, FIRST))


class CatanRules(Building, Trading, Robber, Development, Turn):
    """The Settlers of Catan, 1995 rules, for 2 to 4 players."""

    id = "catan"
    version = 5
    title = registry.title("catan")
    summary = SUMMARY
    description = N_("Settle the island with roads, settlements and cities; the first to 10 points wins.")
    min_players = 2
    max_players = 4
    players_choose_first = False
    random_play_step_limit = 4000
    dataset = schema.DATASET
    moves = MOVES

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
            deck=sorted(t.data.deck),
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
            return open_offer(state)[1]
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
        """The player to act; during the production roll, the pick of a stolen
        card and the draw of a development card, the player whose turn it is, who
        keeps the laptop meanwhile."""
        if state.phase in (DICE, STEAL, DEVELOP):
            return state.turn
        return super().secret_holder(state)

    def holds_secret(self, state: CatanState, seat: int) -> bool:
        """A development card, or resource cards once the founding rounds are over
        (the cards held during them came from the second settlements, in the open)."""
        if any(state.devs[seat]):
            return True
        return state.phase not in (FOUND_SETTLEMENT, FOUND_ROAD) and any(state.hands[seat])

    def chance_spec(self, state: CatanState) -> ChanceSpec:
        phase = state.phase
        if phase == DICE:
            return DICE_SPECS[state.turn]
        if phase == STEAL:
            return self._steal_spec(state)
        if phase == DEVELOP:
            return self._draw_spec(state)
        if phase == FIRST:
            return self._first_roll_spec(state)
        if phase == BOARD:
            return self._board_spec(state)
        raise ValueError(f"no chance step in phase {phase}")

    def apply_chance(self, state: CatanState, outcome: Any) -> Step:
        phase = state.phase
        if phase == DICE:
            return self._apply_dice(state, outcome)
        if phase == STEAL:
            return self._apply_steal(state, outcome)
        if phase == DEVELOP:
            return self._apply_draw(state, outcome)
        if phase == FIRST:
            return self._apply_first_roll(state, outcome)
        return self._apply_board(state, outcome)

    def commits_at_once(self, state: CatanState, action: Action) -> bool:
        """Besides the moves that always commit (see moves.py): the roll (the
        dice follow), an answer to an offer that hands back to the player whose
        turn it is, and the robber moved to rob someone (chance picks the card):
        Match keeps no copy for undo before them."""
        kind = action.kind
        if kind == "roll" or super().commits_at_once(state, action):
            return True
        if kind == "accept" or kind == "reject":
            return state.offer is not None and state.offer[1] != state.turn
        return kind == "move_robber" and action.get("victim") is not None

    # -- legal actions --------------------------------------------------------------

    def legal_actions(self, state: CatanState) -> list[Action]:
        phase = state.phase
        if phase == MAIN:
            return self._main_actions(state)
        if phase == ROLL:
            return [A_ROLL, *self._card_plays(state, state.turn)]
        if phase == DISCARD:
            return self._discard_actions(state)
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
            actions += self._trade_actions(state)
        if affords(hand, t.cost_road) and len(state.road_paths[seat]) < t.max_roads:
            actions += [A_ROAD[p] for p in self.road_spots(state, seat)]
        if affords(hand, t.cost_settlement) and state.settlements[seat] < t.max_settlements:
            actions += [A_SETTLEMENT[i] for i in self.settlement_spots(state, seat)]
        if affords(hand, t.cost_city) and state.cities[seat] < t.max_cities:
            level = state.level
            actions += [A_CITY[i] for i in state.buildings[seat] if level[i] == 1]
        if state.deck and affords(hand, t.cost_development):
            actions.append(A_BUY)
        return actions

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
        return player_view(state, seat, self.actor(state), self.open_bank(state))

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
            return M.cards(M.BANK_TRADE_LABEL[give, action["get"]], state.ratios[seat][t.resource_index[give]], {})
        if kind == "move_robber":
            if action.get("victim") is not None:
                return Message(M.LABEL_ROBBER_STEAL, {"hex": action["hex"], "other_player": action["victim"]})
            if state.phase == ROBBER and self.victims(state, HEX_BY_NAME[action["hex"]]):
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
        for kind, count in enumerate(t.data.deck_counts):
            found = (
                state.deck.count(kind)
                + sum(state.devs[s][kind] for s in range(n))
                + state.removed[kind]
                + (sum(state.knights) if kind == KNIGHT else 0)
            )
            assert found == count, f"{schema.DEVELOPMENT_KINDS[kind]}: {found} cards, not {count}"
        assert all(0 <= state.new_devs[k] <= state.devs[state.turn][k] for k in range(len(state.new_devs)))
        assert 0 <= state.deck_under <= len(state.deck), "more cards under the pile than in it"
        assert all(card in PROGRESS for card in state.deck[: state.deck_under]), "a card under the pile not played"
        assert state.deck[state.deck_under :] == sorted(state.deck[state.deck_under :]), "the pile has an order"
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
        """Swap one of the seat's development cards with a different card of the
        pile's unknown part (for the player whose turn it is, a card bought this
        turn stays marked as bought this turn).

        Resource cards are left alone: the bank's piles are open, so a hand is secret
        only among the other hands, and no change of one hand alone keeps every other
        view the same (test_views.py checks a swap between two hands instead)."""
        t = self._t
        if state.phase == OVER:
            return None  # the victory point cards are shown
        other = state.copy()
        devs = other.devs[seat]
        held = [k for k in range(len(devs)) if devs[k]]
        unknown = range(other.deck_under, len(other.deck))  # the cards played back under it are known
        if held and unknown:
            kind = rng.choice(held)
            # never hand the player whose turn it is the victory point card that would win
            winning = seat == other.turn and self.points(other, seat) + 1 >= t.points_to_win
            spots = [j for j in unknown if other.deck[j] != kind and not (winning and other.deck[j] == VICTORY_POINT)]
            if spots:
                j = rng.choice(spots)
                got = other.deck[j]
                if seat == other.turn and other.new_devs[kind] and rng.randrange(devs[kind]) < other.new_devs[kind]:
                    other.new_devs[kind] -= 1  # the card swapped was one bought this turn
                    other.new_devs[got] += 1
                devs[kind] -= 1
                devs[got] += 1
                other.deck[j] = kind
                other.deck[other.deck_under :] = sorted(other.deck[other.deck_under :])
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
