"""Eden (Kosmos, 2001), the coordinate-board game: the rules.

Players irrigate fields of a 7 x 7 board to lay landscape tiles, cultivate their own
land to raise its value, and conquer neighbouring land by bidding mana. The first to
hold 20 fertility points on the board wins at once. Numbers and shapes come from
data/eden/ (see tables.py); docs/rules/eden.md lists each rule beside its test.

A turn: income is paid; then the player irrigates one or two fields (each placement
may be followed by a conquest and its auction), or cultivates once, or discards a
dead irrigation card, or passes; cultivation cards may be sold and bought throughout
the turn; ending the turn draws a card when the hand holds fewer than five.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.engine.core import CHANCE, Action, ChanceSpec, Event, IllegalAction, OptionSpec, Result, Setup, Step
from tabletop.games import registry
from tabletop.games.eden import conquest, stalemate
from tabletop.games.eden.base import _illegal, own_card
from tabletop.games.eden.moves import CULTIVATE, DISCARD_DEAD, END_TURN, IRRIGATE, MOVES, PASS
from tabletop.games.eden.state import AUCTION, CONQUEST, DEAL, DRAW, IRRIGATED_VALUE, OVER, PLAY, EdenState
from tabletop.games.eden.summary import SUMMARY
from tabletop.games.eden.tables import DATASET, MAX_PLAYERS, MIN_PLAYERS, TWO_PLAYERS
from tabletop.games.eden.trading import CardTrade
from tabletop.games.eden.views import AuctionView, BoardView, HandView, PlayerView, SeatView
from tabletop.i18n import N_, Message, _


class EdenRules(CardTrade):
    """Eden's rules. State: EdenState. See the module docstring for the turn."""

    id = "eden"
    version = 3
    title = registry.title("eden")
    summary = SUMMARY
    uses_dice = False
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    players_choose_first = True
    random_play_step_limit = 3000
    dataset = DATASET
    moves = MOVES

    # -- data -------------------------------------------------------------------

    @property
    def description(self) -> str:  # type: ignore[override]
        """The game in one line for the launcher, with the target from the data,
        in the language shown."""
        return _(
            "Irrigate, cultivate and conquer fertile land; first to {points} points wins.",
            points=self.tables.economy.target_points,
        )

    def option_specs(self) -> Sequence[OptionSpec]:
        return self.tables.options

    def colours(self) -> Sequence[tuple[str, str, tuple[int, int, int]]]:
        return self.tables.colours

    def player_range(self, options: Mapping[str, Any]) -> tuple[int, int]:
        """Three or four players; two when the two-player option is on."""
        low = 2 if options.get(TWO_PLAYERS) is True else self.min_players
        return low, self.max_players

    def player_limits(self) -> tuple[int, int]:
        return 2, self.max_players

    def check_setup(self, setup: Setup) -> None:
        if len(setup.players) == 2 and setup.options.get(TWO_PLAYERS) is not True:
            raise IllegalAction(Message(N_("Eden is for 3 or 4 players; two players need the two-player option.")))
        super().check_setup(setup)

    # -- helpers for views ----------------------------------------------------------

    # -- set-up -----------------------------------------------------------------

    def new_state(self, setup: Setup) -> EdenState:
        t = self.tables
        count = len(setup.players)
        return EdenState(
            players=count,
            turn=setup.first,
            owner=[-1] * t.board.size,
            value=[0] * t.board.size,
            free=[list(t.kind_counts) for _ in range(count)],
            points=[0] * count,
            mana=[t.economy.start_mana] * count,
            deck=list(range(t.deck_size)),
            hands=[[] for _ in range(count)],
        )

    # -- whose move ---------------------------------------------------------------

    def actor(self, state: EdenState) -> int | None:
        phase = state.phase
        if phase == OVER:
            return None
        if phase == DEAL or phase == DRAW:
            return CHANCE
        if phase == AUCTION:
            return state.bidder
        return state.turn

    def turn_holder(self, state: EdenState) -> int | None:
        """The player whose turn it is, also while the defender bids in an auction
        and while the card drawn at the end of the turn is drawn; None before the
        deal and at the end."""
        if state.phase in (DEAL, OVER):
            return None
        return state.turn

    def chance_spec(self, state: EdenState) -> ChanceSpec:
        if state.phase == DEAL:
            count = self.tables.economy.hand_start * state.players
            return ChanceSpec("draw", count=count, size=len(state.deck), reason=Message(N_("Deal the cards")))
        return ChanceSpec("draw", count=1, size=len(state.deck), reason=Message(N_("Draw a card")))

    # -- legal moves ----------------------------------------------------------------

    def legal_actions(self, state: EdenState) -> list[Action]:
        phase = state.phase
        if phase == PLAY:
            return self._play_actions(state)
        if phase == CONQUEST:
            return conquest.attacks(self, state) + [self.action_cache.no_attack] + self.trades(state)
        if phase == AUCTION:
            return conquest.bids(self, state)
        return []

    def _play_actions(self, state: EdenState) -> list[Action]:
        t = self.tables
        cache = self.action_cache
        size = t.board.size
        seat = state.turn
        hand = sorted(state.hands[seat])
        owner = state.owner
        actions: list[Action] = []
        if self._may_irrigate(state) and state.free[seat][t.kind_of[IRRIGATED_VALUE]] > 0:
            actions += [cache.irrigate[c] for c in hand if c < size and owner[c] < 0]
        if not state.played:
            actions += [cache.discard_dead[c] for c in hand if c < size and owner[c] >= 0]
            own = 0
            for f, o in enumerate(owner):
                if o == seat:
                    own |= 1 << f
            if own:
                for card in hand:
                    if card >= size:
                        for mask, fields, action in cache.cultivate[card - size]:
                            if mask & ~own == 0 and self._cultivation(state, seat, fields)[0] is None:
                                actions.append(action)
            actions.append(cache.pass_)
        else:
            actions.append(cache.end_turn)
        return actions + self.trades(state)

    def _may_irrigate(self, state: EdenState) -> bool:
        """No other play yet, or fewer irrigations than allowed after an irrigation."""
        if not state.played:
            return True
        return 0 < state.irrigations < self.tables.economy.irrigations_per_turn

    def _cultivation(self, state: EdenState, seat: int, fields: tuple[int, ...]) -> tuple[Message | None, list[int]]:
        """Why cultivating `fields` is not allowed (None if it is) and the fields that rise."""
        owner, value = state.owner, state.value
        t = self.tables
        if any(owner[f] != seat for f in fields):
            return Message(N_("Every field under the card must hold one of your tiles.")), []
        low = min(value[f] for f in fields)
        if low >= t.top_value:
            return Message(N_("Nothing under the card can rise any further.")), []
        rising = [f for f in fields if value[f] == low]
        cost = t.economy.cultivation_cost_per_tile * len(rising)
        if cost > state.mana[seat]:
            message = Message.counted(
                "Raising {count} tile costs {cost} mana, more than you have.",
                "Raising {count} tiles costs {cost} mana, more than you have.",
                len(rising),
                {"cost": cost},
            )
            return message, []
        kind = t.kind_of[low + 1]
        if kind != t.kind_of[low] and state.free[seat][kind] < len(rising):
            return (
                Message.counted(
                    "Raising {count} tile to {value} needs {count} free tile of that value.",
                    "Raising {count} tiles to {value} needs {count} free tiles of that value.",
                    len(rising),
                    {"value": low + 1},
                ),
                [],
            )
        return None, rising

    # -- checking a move ---------------------------------------------------------------

    @IRRIGATE.check
    def _check_irrigate(self, state: EdenState, card: str) -> None:
        t = self.tables
        number = self.card_called(card)
        own_card(state, number)
        if not t.is_irrigation(number):
            raise _illegal(N_("Only an irrigation card waters a field."))
        if not self._may_irrigate(state):
            if state.irrigations:
                raise IllegalAction(
                    Message.counted(
                        "You may water at most {count} field in a turn.",
                        "You may water at most {count} fields in a turn.",
                        t.economy.irrigations_per_turn,
                    )
                )
            raise _illegal(N_("You have already played a card this turn."))
        if state.owner[number] >= 0:
            raise _illegal(N_("Field {field} already holds a tile."), field=card)
        if state.free[state.turn][t.kind_of[IRRIGATED_VALUE]] == 0:
            raise _illegal(N_("You have no free tile to place."))

    @DISCARD_DEAD.check
    def _check_discard_dead(self, state: EdenState, card: str) -> None:
        number = self.card_called(card)
        own_card(state, number)
        if not self.tables.is_irrigation(number):
            raise _illegal(N_("Only an irrigation card can be dead."))
        if state.played:
            raise _illegal(N_("You have already played a card this turn."))
        if state.owner[number] < 0:
            raise _illegal(N_("Field {field} is free: water it instead."), field=card)

    @CULTIVATE.check
    def _check_cultivate(self, state: EdenState, card: str, rotation: int, origin: str) -> None:
        fields = self._cultivated_fields(state, self.card_called(card), rotation, self.field_called(origin))
        if state.played:
            raise _illegal(N_("You have already played a card this turn."))
        reason, _rising = self._cultivation(state, state.turn, fields)
        if reason is not None:
            raise IllegalAction(reason)

    def _cultivated_fields(self, state: EdenState, card: int, rotation: int, origin: int) -> tuple[int, ...]:
        t = self.tables
        own_card(state, card)
        if not t.is_cultivation(card):
            raise _illegal(N_("Only a cultivation card raises tiles."))
        if not 0 <= rotation < 4:
            raise _illegal(N_("The card must lie on the board."))
        fields = self.shape_fields(card, rotation, origin)
        if fields is None:
            raise _illegal(N_("The card must lie on the board."))
        return fields

    @PASS.check
    def _check_pass(self, state: EdenState) -> None:
        if state.played:
            raise _illegal(N_("You have played a card: end the turn instead of passing."))

    @END_TURN.check
    def _check_end_turn(self, state: EdenState) -> None:
        if not state.played:
            raise _illegal(N_("Play a card or pass."))

    # -- carrying out a move -------------------------------------------------------------

    def apply_chance(self, state: EdenState, outcome: tuple[int, ...]) -> Step:
        """The cards at the positions `outcome` of the draw pile are dealt, or drawn
        at the end of a turn."""
        if state.phase == DEAL:
            return self._deal(state, outcome)
        events: list[Event] = []
        self._draw(state, self._take(state, outcome)[0], events)
        self._next_turn(state, events)
        return Step(events, commits=True)

    def _take(self, state: EdenState, positions: tuple[int, ...]) -> list[int]:
        """The cards at `positions` of the draw pile, taken from it (the pile stays sorted)."""
        cards = [state.deck[i] for i in positions]
        taken = set(cards)
        state.deck = [card for card in state.deck if card not in taken]
        return cards

    def _deal(self, state: EdenState, positions: tuple[int, ...]) -> Step:
        """One card at a time to each player in turn, the first player first."""
        for index, card in enumerate(self._take(state, positions)):
            state.hands[(state.turn + index) % state.players].append(card)
        hand = self.tables.economy.hand_start
        dealt = Message.counted("Everyone is dealt {count} card.", "Everyone is dealt {count} cards.", hand)
        events = [Event(dealt, kind="deal")]
        state.phase = PLAY
        self._pay_income(state, events)
        return Step(events, commits=True)

    def _pay_income(self, state: EdenState, events: list[Event]) -> None:
        seat = state.turn
        amount = self.income(state, seat)
        if amount:
            state.mana[seat] += amount
            message = Message(N_("{player} receives {amount} mana."), {"player": seat, "amount": amount})
            events.append(Event(message, kind="income", data={"seat": seat, "amount": amount}))

    def frozen(self, state: EdenState) -> bool:
        """True when, from the start of the next player's turn, no sequence of moves
        and draws can ever place or raise a tile again, so that nobody's points can
        change any more (a conquest always follows an irrigation). Exact: see
        stalemate.py. Called when a turn ends, after its draw."""
        t = self.tables
        size = t.board.size
        low_kind = t.kind_of[IRRIGATED_VALUE]
        owner = state.owner
        # the common case, cheaply: someone with a free 1/2 tile holds a live card
        for seat, hand in enumerate(state.hands):
            if state.free[seat][low_kind] and any(c < size and owner[c] < 0 for c in hand):
                return False
        outlook, start = stalemate.outlook(self, state)
        return not stalemate.Search(outlook, start).changes()

    @IRRIGATE.apply
    def _apply_irrigate(self, state: EdenState, card: str) -> Step:
        seat = state.turn
        field_ = self.tables.card_of(card)  # an irrigation card is its field
        state.hands[seat].remove(field_)
        state.discard.append(field_)
        state.played = True
        state.irrigations += 1
        self.place(state, seat, field_, IRRIGATED_VALUE)
        events = [
            Event(
                Message(N_("{player} irrigates {field}."), {"player": seat, "field": card}),
                kind="irrigate",
                data={"seat": seat, "field": field_},
            )
        ]
        if self.won(state, seat, events):
            return Step(events, commits=True)
        owner = state.owner
        if any(owner[f] >= 0 and owner[f] != seat for f in self.tables.board.neighbours[field_]):
            state.phase = CONQUEST
            state.placed = field_
        return Step(events)

    @CULTIVATE.apply
    def _apply_cultivate(self, state: EdenState, card: str, rotation: int, origin: str) -> Step:
        t = self.tables
        seat = state.turn
        number = t.card_of(card)
        fields = self.shape_fields(number, rotation, t.board.field(origin))
        assert fields is not None  # the check saw the card on the board
        _reason, rising = self._cultivation(state, seat, fields)
        low = state.value[rising[0]]
        swap = t.kind_of[low + 1] != t.kind_of[low]
        for f in rising:
            if swap:
                self.remove(state, f)
                self.place(state, seat, f, low + 1)
            else:
                state.value[f] = low + 1
                state.points[seat] += 1
        cost = t.economy.cultivation_cost_per_tile * len(rising)
        state.mana[seat] -= cost
        state.hands[seat].remove(number)
        state.discard.append(number)
        state.played = True
        events = [
            Event(
                Message(
                    N_("{player} cultivates {fields} to {value} for {cost} mana."),
                    {"player": seat, "fields": self.names(rising), "value": low + 1, "cost": cost},
                ),
                kind="cultivate",
                data={"seat": seat, "card": number, "fields": list(fields), "raised": sorted(rising)},
            )
        ]
        return Step(events, commits=self.won(state, seat, events))

    @DISCARD_DEAD.apply
    def _apply_discard_dead(self, state: EdenState, card: str) -> Step:
        seat = state.turn
        number = self.tables.card_of(card)
        state.hands[seat].remove(number)
        state.discard.append(number)
        state.played = True
        message = Message(N_("{player} discards the dead irrigation card {field}."), {"player": seat, "field": card})
        return Step([Event(message, kind="discard", data={"seat": seat, "card": number})])

    @PASS.apply
    def _apply_pass(self, state: EdenState) -> Step:
        events = [Event(Message(N_("{player} passes."), {"player": state.turn}))]
        return self._end_turn(state, events)

    @END_TURN.apply
    def _apply_end_turn(self, state: EdenState) -> Step:
        events = [Event(Message(N_("{player} ends the turn."), {"player": state.turn}))]
        return self._end_turn(state, events)

    def _end_turn(self, state: EdenState, events: list[Event]) -> Step:
        """A card is drawn (a chance step) if the hand is short, the discard pile
        becoming the draw pile when that is empty; else the next player's turn."""
        if len(state.hands[state.turn]) < self.tables.economy.draw_below:
            if not state.deck and state.discard:
                state.deck, state.discard = sorted(state.discard), []
                events.append(Event(Message(N_("The discard pile becomes the draw pile.")), kind="refill"))
            if state.deck:
                state.phase = DRAW
                return Step(events, commits=True)
        self._next_turn(state, events)
        return Step(events, commits=True)

    def _draw(self, state: EdenState, card: int, events: list[Event]) -> None:
        seat = state.turn
        state.hands[seat].append(card)
        t = self.tables
        if t.is_irrigation(card):
            params: dict[str, object] = {"field": t.board.name(card)}
            text = N_("{player} draws the irrigation card {field}.")
        else:
            params = {"size": t.card_size(card)}
            text = N_("{player} draws a cultivation card of {size} fields.")
        public = Message(N_("{player} draws a card."), {"player": seat})
        events.append(
            Event(Message(text, {"player": seat, **params}), kind="draw", data={"seat": seat}, seat=seat, public=public)
        )

    def _next_turn(self, state: EdenState, events: list[Event]) -> None:
        if self.frozen(state):
            events.append(Event(Message(N_("No tile can be placed or raised any more: the game ends."))))
            best = max(state.points)
            self._finish(state, [s for s in range(state.players) if state.points[s] == best], events)
            return
        state.turn = (state.turn + 1) % state.players
        state.phase = PLAY
        state.played = False
        state.irrigations = 0
        state.placed = -1
        self._pay_income(state, events)

    # -- the end ----------------------------------------------------------------------

    def result(self, state: EdenState) -> Result | None:
        if state.phase != OVER:
            return None
        return Result(tuple(state.winners), tuple(state.points))

    # -- information ---------------------------------------------------------------------

    def _public(self, state: EdenState) -> dict[str, Any]:
        """The public part of `encode`'s data (saves hold a hash of it: kept as it is)."""
        return {
            "players": state.players,
            "phase": state.phase,
            "turn": state.turn,
            "owner": list(state.owner),
            "value": list(state.value),
            "free": [list(f) for f in state.free],
            "points": list(state.points),
            "deck_size": len(state.deck),
            "hand_sizes": [len(h) for h in state.hands],
            "discard": list(state.discard),
            "display": list(state.display),
            "played": state.played,
            "irrigations": state.irrigations,
            "placed": state.placed,
            "conquest": (
                {
                    "defender": state.defender,
                    "group": list(state.group),
                    "targets": list(state.targets),
                    "bid": state.bid,
                    "bidder": state.bidder,
                }
                if state.phase == AUCTION
                else None
            ),
            "winners": list(state.winners),
        }

    def view(self, state: EdenState, seat: int | None) -> PlayerView:
        """The public game, and for `seat` its own hand and mana."""
        auction = None
        if state.phase == AUCTION:
            auction = AuctionView(state.defender, tuple(state.group), tuple(state.targets), state.bid, state.bidder)
        seats = tuple(
            SeatView(points=state.points[s], hand_size=len(state.hands[s]), free_tiles=tuple(state.free[s]))
            for s in range(state.players)
        )
        return PlayerView(
            phase=state.phase,
            turn=state.turn,
            board=BoardView(owner=tuple(state.owner), value=tuple(state.value)),
            seats=seats,
            deck_size=len(state.deck),
            discard=tuple(state.discard),
            display=tuple(state.display),
            played=state.played,
            irrigations=state.irrigations,
            placed=state.placed,
            auction=auction,
            winners=tuple(state.winners),
            hand=HandView(tuple(sorted(state.hands[seat])), state.mana[seat]) if seat is not None else None,
        )

    def encode(self, state: EdenState) -> dict[str, Any]:
        data = self._public(state)
        data.update(
            deck=list(state.deck),
            hands=[list(h) for h in state.hands],
            mana=list(state.mana),
            conquest=[state.defender, list(state.group), list(state.targets), state.bid, state.bidder],
        )
        return data

    def describe(self, state: EdenState, action: Action) -> Message:
        kind = action.kind
        t = self.tables
        if kind == "irrigate":
            return Message(N_("Irrigate {field}"), {"field": action["card"]})
        if kind == "discard_dead":
            return Message(N_("Discard the dead card {field}"), {"field": action["card"]})
        if kind == "cultivate":
            card, origin = t.card_of(action["card"]), t.board.field(action["origin"])
            fields = self.shape_fields(card, action["rotation"], origin) or ()
            return Message(N_("Cultivate {fields}"), {"fields": self.names(list(fields))})
        if kind == "attack":
            support = action["support"]
            group = [state.placed] + ([t.board.field(support)] if support is not None else [])
            targets = self.names([t.board.field(f) for f in action["targets"]])
            return Message(N_("Attack {targets} with {group}"), {"targets": targets, "group": self.names(group)})
        if kind == "no_attack":
            return Message(N_("Do not attack"))
        if kind == "bid":
            return Message(N_("Bid {bid} per point"), {"bid": action["amount"]})
        if kind == "accept":
            return Message(N_("Accept {bid} per point"), {"bid": state.bid})
        if kind == "sell":
            card = t.card_of(action["card"])
            params = {"size": t.card_size(card), "amount": t.sell_price(card)}
            return Message(N_("Sell a card of {size} fields for {amount}"), params)
        if kind == "buy":
            card = t.card_of(action["card"])
            params = {"size": t.card_size(card), "amount": t.buy_price(card)}
            return Message(N_("Buy a card of {size} fields for {amount}"), params)
        if kind == "pass":
            return Message(N_("Pass"))
        if kind == "end_turn":
            return Message(N_("End the turn"))
        return Message(kind)

    # -- checks used by the tests -------------------------------------------------------------

    def check_invariants(self, state: EdenState) -> None:
        t = self.tables
        assert all(m >= 0 for m in state.mana), f"negative mana: {state.mana}"
        if state.phase == DEAL:
            return
        assert state.deck == sorted(state.deck), "the draw pile has an order"
        cards = sorted(state.deck + state.discard + state.display + [c for h in state.hands for c in h])
        assert cards == list(range(t.deck_size)), "cards are not conserved"
        assert all(t.is_cultivation(c) for c in state.display), "an irrigation card lies in the display"
        for seat in range(state.players):
            on_board = [0] * len(t.kind_counts)
            points = 0
            for f, o in enumerate(state.owner):
                if o == seat:
                    on_board[t.kind_of[state.value[f]]] += 1
                    points += state.value[f]
            for kind, count in enumerate(t.kind_counts):
                assert state.free[seat][kind] >= 0, f"seat {seat} has a negative tile supply"
                assert on_board[kind] + state.free[seat][kind] == count, f"seat {seat}: tiles of kind {kind} lost"
            assert points == state.points[seat], f"seat {seat}: points {state.points[seat]}, tiles {points}"
        for o, v in zip(state.owner, state.value, strict=False):
            assert (o < 0) == (v == 0) and 0 <= v <= t.top_value and o < state.players, "a field is broken"
        if state.phase != OVER:
            assert max(state.points) < t.economy.target_points, "the game should have ended"

    def perturb_secrets(self, state: EdenState, seat: int, rng: random.Random) -> EdenState | None:
        """Cards of `seat`'s hand swapped with cards of the draw pile (whose content
        nobody sees; it has no order to hide) and `seat`'s mana changed."""
        if state.phase == DEAL:
            return None
        other = self.copy_state(state)
        hand, deck = other.hands[seat], other.deck
        for _swap in range(min(2, len(hand), len(deck))):
            i, j = rng.randrange(len(hand)), rng.randrange(len(deck))
            hand[i], deck[j] = deck[j], hand[i]
        deck.sort()
        other.mana[seat] += rng.randint(1, 5)
        return other

    def copy_state(self, state: EdenState) -> EdenState:
        return state.copy()


RULES = EdenRules()
