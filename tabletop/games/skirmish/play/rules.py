"""Eden skirmish (Taban, 2009): the rules of play.

Two players lay out a table together (play/laying_out.py), then play round after
round (play/rounds.py): in each round's activation phase the sides name their
warriors by GES and the warrior activated acts (play/activation.py); the end phase
follows (play/rounds.py). The moves are declared once in play/moves.py. The
geometry (placement, sight, movement, measuring) lives in the table package;
these rules decide who may do what to the table, and keep the log exact.
docs/rules/skirmish.md lists each rule beside its test.

Each side's warriors are starter warriors of warriors.yaml: the table's layout's
(standing where it puts them) or a unit its player built (play/units.py), which
the set-up holds in full (a unit file edited or deleted later changes no game),
as the new-game screen chooses for each player; every warrior takes its player's
colour. The player colours and the options come from data/skirmish/players.yaml.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from typing import Any

from tabletop.engine.core import CHANCE, Action, ChanceSpec, IllegalAction, OptionSpec, Result, Setup, Step
from tabletop.engine.rules import WHO_BEGINS, GameRules
from tabletop.games import registry
from tabletop.games.skirmish import schema
from tabletop.games.skirmish.card_schema import MARKERS
from tabletop.games.skirmish.options import (
    DEPLOYMENT,
    DOUBLE_COST,
    EMPTIED_SIDE,
    EMPTY,
    LAYOUT_UNIT,
    POINTS,
    PREPARATION,
    RULEBOOK,
    RULESET,
    SPACING,
    START,
    TABLE,
    UNITS,
)
from tabletop.games.skirmish.play import (
    abilities,
    activation,
    attack_moves,
    bidding,
    card_moves,
    climbing,
    climbing_moves,
    combat,
    deploying,
    describing,
    hands,
    hiding,
    hostile,
    laying_out,
    limits,
    mission_play,
    piece_attacks,
    preparation,
    rounds,
    sampling,
    tactical_phase,
    terrain_turns,
    units,
    victory,
    weather_play,
)
from tabletop.games.skirmish.play.cards import starter_set
from tabletop.games.skirmish.play.moves import (
    MOVES,
)
from tabletop.games.skirmish.play.state import (
    ACTIVATION,
    BIDDING,
    HANDS,
    LAYOUT,
    MISSIONS,
    OVER,
    PLAY_PHASES,
    REVOKING,
    TACTICS,
    SkirmishState,
    hex_colour,
    scenarios,
    snap,
    snap_angle,
    table_of,
)
from tabletop.games.skirmish.play.views import SkirmishPlayerView, player_view
from tabletop.games.skirmish.play.warriors import card, card_warrior, new_entry
from tabletop.games.skirmish.schema import Layout
from tabletop.games.skirmish.summary import SUMMARY
from tabletop.games.skirmish.unit_schema import DEFAULT_LIMIT
from tabletop.i18n import N_, Message

# their moves' checks and changes are registered on import
assert abilities and activation and attack_moves and bidding and combat and deploying and laying_out and terrain_turns
assert mission_play and card_moves and climbing_moves and piece_attacks and hiding


def unit_of(value: Any, points: Any) -> units.Unit:
    """The unit a set-up holds for a player; IllegalAction says why it cannot be
    played: not a unit, a rule it breaks, or more points than the game allows."""
    try:
        unit = units.Unit.from_setup(value)
    except ValueError:
        raise IllegalAction(Message(N_("A player's unit is not one the game can read."))) from None
    fault = next(iter(units.faults(unit, starter_set())), None)
    if fault is not None:
        raise IllegalAction(Message(N_("{unit}: {reason}"), {"unit": unit.name, "reason": fault[1]}))
    too_many = units.within(unit, starter_set(), points if isinstance(points, int) else DEFAULT_LIMIT)
    if too_many is not None:
        raise IllegalAction(too_many)
    return unit


class SkirmishRules(GameRules):
    """The skirmish game; state: SkirmishState. See the module docstring."""

    id = "skirmish"
    # 2: starter warriors on their cards, rounds with activation and the end phase
    # 3: attacks, charges and breaking away (a move begun in contact rolls first)
    # 4: units built by their players, held in full by the set-up, SP from the unit; under the
    #    terrain rules a move wades up to 10 mm into water and ending in hostile terrain wounds
    # 5: each round begins with the bid for who begins; the game ends after round 5
    # 6: tactical cards applied by the match (a template's point, a healed zone) and played
    #    at an attack's moment, which waits for the attacked side's card or none; under the
    #    terrain rules climbing, swimming, jumping, destroying and hiding (a warrior on a
    #    rocky hill leaves it only by a climb); non-player warriors (optional rule 2): the
    #    state keeps the infestation pools
    # 7: a warrior put out of action is said once, as it leaves the table; the score
    #    sheet's line for a non-player warrior put out of action says the SIG it earned
    version = 7
    title = registry.title("skirmish")
    summary = SUMMARY
    description = N_("Build your units, lay out terrain, then fight round after round by the book's activation.")
    min_players = 2
    max_players = 2
    players_choose_first = True
    random_play_step_limit = 120
    has_secrets = True
    uses_dice = True
    dataset = schema.DATASET
    moves = MOVES

    # -- set-up -----------------------------------------------------------------------

    @functools.cached_property
    def _colours(self) -> tuple[tuple[str, str, tuple[int, int, int]], ...]:
        return schema.colours(schema.bundled())

    @functools.cached_property
    def _options(self) -> tuple[OptionSpec, ...]:
        return schema.option_specs(schema.bundled())

    def colours(self) -> tuple[tuple[str, str, tuple[int, int, int]], ...]:
        """The player colours of players.yaml (labels English, translated where shown)."""
        return self._colours

    def option_specs(self) -> tuple[OptionSpec, ...]:
        """The table to start from (the scenarios, then an empty table) and the
        options of players.yaml."""
        return self._options

    def default_options(self) -> dict[str, Any]:
        """The options' defaults, and each player playing the layout's warriors."""
        return {**super().default_options(), **dict.fromkeys(UNITS, LAYOUT_UNIT)}

    @staticmethod
    def _book_game(options: Mapping[str, Any]) -> bool:
        """Two built units and the book's preparation (preparation.book_game, before the game)."""
        units = all(options.get(option, LAYOUT_UNIT) != LAYOUT_UNIT for option in UNITS)
        return units and options.get(PREPARATION, RULEBOOK.get(PREPARATION)) != "free"

    def unused_options(self, options: Mapping[str, Any]) -> frozenset[str]:
        """In a book game the bid says who begins and the mission where each deploys."""
        return frozenset({WHO_BEGINS, DEPLOYMENT}) if self._book_game(options) else frozenset()

    def suggested_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """A game between two built units starts on the empty table: the book's
        preparation lays the terrain out (a scenario's pieces would crowd it)."""
        return {START: EMPTY} if self._book_game(options) else {}

    def check_setup(self, setup: Setup) -> None:
        """The engine's checks, and each player's unit: the layout's warriors, or a
        unit held in full that keeps the rules of a unit and the game's points."""
        for option in UNITS:
            value = setup.options.get(option, LAYOUT_UNIT)
            if value != LAYOUT_UNIT:
                unit_of(value, setup.options.get(POINTS, DEFAULT_LIMIT))
        super().check_setup(
            Setup(setup.players, {k: v for k, v in setup.options.items() if k not in UNITS}, setup.first)
        )

    def new_state(self, setup: Setup) -> SkirmishState:
        options = {**self.default_options(), **dict(setup.options)}
        size = float(options[TABLE])
        rgb = {key: value for key, _label, value in self.colours()}
        state = SkirmishState(
            width=size,
            height=size,
            options={
                **{k: options[k] for k in (RULESET, DOUBLE_COST, DEPLOYMENT, SPACING)},
                # kept only when they differ from the book, so older saves replay as they were
                **{k: options[k] for k, book in RULEBOOK.items() if options[k] != book},
            },
            colours=[hex_colour(rgb.get(p.colour, (128, 128, 128))) for p in setup.players],
            first=setup.first,
            turn=setup.first,
        )
        layout = scenarios().get(options[START])
        # the layout's warriors: the chosen table's, or the default table's when
        # the chosen one has none (they are then placed by their player)
        default = scenarios().get(self.default_options()[START])
        source = layout if layout is not None and layout.models else default
        for side, option in enumerate(UNITS):
            if options[option] == LAYOUT_UNIT:
                state.rosters[side] = [
                    {"warrior": m.warrior, "name": card_warrior(m.warrior).name}
                    for m in (source.models if source else [])
                    if m.side == side
                ]
            else:
                unit = unit_of(options[option], options.get(POINTS, DEFAULT_LIMIT))
                state.units[side] = unit.to_setup()
                leader = unit.leader()
                state.leaders[side] = leader.name if leader is not None else None
                state.rosters[side] = [{"warrior": m.card, "name": m.name} for m in unit.warriors]
        if layout is not None:
            self._lay_out(state, layout, tuple(options[option] == LAYOUT_UNIT for option in UNITS))
        if preparation.book_game(state):
            preparation.begin(state)
        weather_play.begin(state)  # rolled first, before preparation step 1 (S29)
        return state

    @staticmethod
    def _lay_out(state: SkirmishState, layout: Layout, warriors: tuple[bool, ...]) -> None:
        """Put a layout on the table, centred when the table is larger; its warriors
        for the sides that play them, in their players' colours."""
        dx = max(0.0, (state.width - layout.table.width) / 2)
        dy = max(0.0, (state.height - layout.table.height) / 2)
        state.width = max(state.width, layout.table.width)
        state.height = max(state.height, layout.table.height)
        for piece in layout.terrain:
            state.pieces[piece.id] = {
                "kind": piece.kind,
                "position": [snap(piece.position[0] + dx), snap(piece.position[1] + dy)],
                "rotation": snap_angle(piece.rotation),
                "footprint": [list(v) for v in piece.footprint] if piece.footprint else None,
                "burning": piece.burning,
                "owner": None,
            }
        numbers = [0, 0]
        for model in layout.models:
            if not warriors[model.side]:
                continue
            numbers[model.side] += 1
            at = (snap(model.position[0] + dx), snap(model.position[1] + dy))
            state.models[model.id] = new_entry(
                model.warrior, model.side, at, state.colours[model.side], numbers[model.side]
            )
        for objective in layout.objectives:
            state.objectives[objective.id] = [snap(objective.position[0] + dx), snap(objective.position[1] + dy)]

    # -- whose move ----------------------------------------------------------------------

    def actor(self, state: SkirmishState) -> int | None:
        if weather_play.waiting(state):
            return CHANCE
        if hostile.waiting(state) or climbing.waiting(state):
            return CHANCE
        if state.phase == REVOKING:  # the card's player's opponent, in the tactical phase or at its moment
            return 1 - int(state.played[-1]["side"])
        if state.pending is not None:
            return CHANCE if combat.waiting_for_dice(state) else combat.chooser(state)
        if rounds.waiting_for_dice(state) or bidding.waiting_for_dice(state):
            return CHANCE
        if state.phase == OVER:
            return None
        return state.turn

    def chance_spec(self, state: SkirmishState) -> ChanceSpec:
        if weather_play.waiting(state):
            return weather_play.chance_spec(state)
        if hostile.waiting(state):
            return hostile.chance_spec(state)
        if climbing.waiting(state):
            return climbing.chance_spec(state)
        if state.pending is not None:
            return combat.chance_spec(state)
        if bidding.waiting_for_dice(state):
            return bidding.chance_spec(state)
        return rounds.chance_spec(state)

    def apply_chance(self, state: SkirmishState, outcome: Any) -> Step:
        if weather_play.waiting(state):
            return rounds.weather_rolled(state, outcome)
        if hostile.waiting(state):
            return rounds.hostile_rolled(state, outcome)
        if climbing.waiting(state):
            return climbing.apply_chance(state, outcome)
        if state.pending is not None:
            return combat.apply_chance(state, outcome)
        if bidding.waiting_for_dice(state):
            return bidding.apply_chance(state, outcome)
        return rounds.apply_chance(state, outcome)

    def secret_holder(self, state: SkirmishState) -> int | None:
        """The player bidding in private, choosing a mission (a secret one is chosen
        in private, L342), or the one whose tactical hand the screen shows (choosing
        it, playing from it, or deciding on a card just shown)."""
        seat = self.actor(state)
        return seat if seat in (0, 1) and self.holds_secret(state, seat) else None

    def holds_secret(self, state: SkirmishState, seat: int) -> bool:
        """Also a seat that may play a card from its hand outside the tactical phase
        when an attack's moment is offered to it (tactical_phase.hand_open)."""
        return (
            (state.phase == BIDDING and not state.roll_off)
            or state.phase in (MISSIONS, *SECRET_HANDS)
            or tactical_phase.hand_open(state, seat)
        )

    def result(self, state: SkirmishState) -> Result | None:
        """After the last round, or a round that left a side with nobody on the table:
        more victory points win, equal points draw (S30; option: a side wiped out loses)."""
        if state.phase != OVER:
            return None
        scores = tuple(state.sig)
        emptied = [not any(m["side"] == side for m in state.models.values()) for side in (0, 1)]
        if state.options.get(EMPTIED_SIDE) == "loses" and any(emptied) and not all(emptied):
            return Result((emptied.index(False),), scores, victory.standing(state))
        best = max(scores)
        winners = tuple(side for side, points in enumerate(scores) if points == best)
        return Result(winners, scores, victory.standing(state))

    # -- the sample of legal moves ----------------------------------------------------------------

    def legal_actions(self, state: SkirmishState) -> list[Action]:
        """A fair finite sample of the legal moves (play/sampling.py); `check` is the
        authority for every other position."""
        return sampling.sample(self, state)

    # -- words -----------------------------------------------------------------------------------

    def describe(self, state: SkirmishState, action: Action) -> Message:
        return describing.describe(state, action)

    # -- information -----------------------------------------------------------------------------

    def encode(self, state: SkirmishState) -> dict[str, Any]:
        return {
            "width": state.width,
            "height": state.height,
            "options": dict(state.options),
            "colours": list(state.colours),
            "first": state.first,
            "turn": state.turn,
            "phase": state.phase,
            "ready": list(state.ready),
            "pieces": {k: _copied(v) for k, v in state.pieces.items()},
            "models": {k: _copied(v) for k, v in state.models.items()},
            "objectives": {k: list(v) for k, v in state.objectives.items()},
            "rosters": [[dict(m) for m in r] for r in state.rosters],
            "units": _plain_copy(state.units),
            "sp": list(state.sp),
            "round": state.round,
            "beginner": state.beginner,
            "named": list(state.named),
            "passes": state.passes,
            "opened": state.opened,
            "active": state.active,
            "last": state.last,
            "end": _copied(state.end),
            "removed": list(state.removed),
            "effects": [_copied(e) for e in state.effects],
            "pending": _plain_copy(state.pending),
            "serial": state.serial,
            "bids": list(state.bids),
            "roll_off": state.roll_off,
            "decider": state.decider,
            "leaders": list(state.leaders),
            "leader_fell": list(state.leader_fell),
            "sig": list(state.sig),
            "edges": list(state.edges),
            "deployments": list(state.deployments),
            "terrain_done": list(state.terrain_done),
            "missions": list(state.missions),
            "scored": [_copied(s) for s in state.scored],
            "fallen": {k: _copied(v) for k, v in state.fallen.items()},
            "hands": [None if hand is None else list(hand) for hand in state.hands],
            "played": [_copied(entry) for entry in state.played],
            "card_turns": list(state.card_turns),
            "card_moment": state.card_moment,
            "weather": list(state.weather),
            "weather_roll": _plain_copy(state.weather_roll),
            "exposed": list(state.exposed),
            "pools": list(state.pools),
        }

    def view(self, state: SkirmishState, seat: int | None) -> SkirmishPlayerView:
        """Everything but the other side's bid not yet shown, with what the screen shows beside the table."""
        return player_view(state, seat)

    def copy_state(self, state: SkirmishState) -> SkirmishState:
        """A copy without the derived geometry (rebuilt on first use)."""
        return SkirmishState(**self.encode(state))

    def perturb_secrets(self, state: SkirmishState, seat: int, rng: random.Random) -> SkirmishState | None:
        """A copy in which `seat`'s bid not yet shown differs, its secret mission is
        another secret one of the same deployment its unit may play, and a card of its
        tactical hand is another card of its deck (the hand's size stays)."""
        copy = self.copy_state(state)
        changed = False
        others = [sp for sp in range(state.sp[seat] + 1) if sp != state.bids[seat]]
        if state.phase == BIDDING and state.bids[seat] is not None and others:
            copy.bids[seat] = rng.choice(others)
            changed = True
        missions = mission_play.secret_alternatives(state, seat)
        if missions:
            copy.missions[seat] = rng.choice(missions)
            changed = True
        hand = copy.hands[seat]
        if hand:
            spare = [card.key for card in hands.deck_of(state, seat) if card.key not in hand]
            if spare:
                hand[rng.randrange(len(hand))] = rng.choice(spare)
                changed = True
        return copy if changed else None

    def check_invariants(self, state: SkirmishState) -> None:
        table = table_of(state)
        assert list(table.pieces) == list(state.pieces), "the geometry's pieces differ from the state's"
        assert list(table.models) == list(state.models), "the geometry's warriors differ from the state's"
        for model_id, model in state.models.items():
            assert table.models[model_id].position == tuple(model["position"]), f"{model_id} stands elsewhere"
            in_fire = [piece for piece in table.standing_in(model_id) if table.pieces[piece].burning]  # S35
            fits = table.model_fits(model["base"] / 2, tuple(model["position"]), (model_id, *in_fire))
            assert fits, f"{model_id} overlaps"
            assert model["ap"] >= 0, f"{model_id} has negative AP"
            assert not card(model).out_of_action, f"{model_id} is out of action but on the table"
            assert all(model["markers"][marker] >= 0 for marker in MARKERS), f"{model_id} has negative markers"
            assert model["side"] == state.turn or model_id != state.active, f"{model_id} acts out of turn"
            for key, used in model["round_uses"].items():
                cap = limits.action_limit(model, key) if key in limits.ACTION_LIMITS else None
                assert cap is None or cap.round is None or used <= cap.round, f"{model_id} broke its limit of {key}"
                assert used <= model["game_uses"].get(key, 0), f"{model_id} counts {key} wrongly"
        for piece_id, piece in state.pieces.items():
            placed = table.pieces[piece_id]
            assert placed.position == tuple(piece["position"]) and placed.rotation == piece["rotation"], (
                f"{piece_id} moved"
            )
        assert not set(state.removed) & set(state.models), "a removed warrior is on the table"
        assert state.active is None or state.active in state.models, "the active warrior is gone"
        assert set(state.named) <= set(state.models), "a named warrior is gone"
        assert state.phase in (LAYOUT, *PLAY_PHASES) and state.turn in (0, 1)
        assert all(sp >= 0 for sp in state.sp), "a pool of strategy points is below 0"
        assert all(points >= 0 for points in state.sig), "victory points below 0"
        if state.phase == BIDDING and not state.roll_off:  # (after the reveal the bids are spent)
            pools = zip(state.bids, state.sp, strict=True)
            assert all(b is None or 0 <= b <= sp for b, sp in pools), "a bid over the pool"
            fell = rounds.leader_fell_last_round(state, state.round)
            assert not any(fell) or all(fell), "a side whose leader fell last round bids"
            assert state.roll_off or state.bids[state.turn] is None, "a side bids twice"
        # (a card played in an activation may wait for its Widerruf)
        assert (state.phase in (ACTIVATION, REVOKING)) or state.active is None, (
            "an active warrior outside its activation"
        )
        assert state.phase != ACTIVATION or state.active is not None, "an activation without its warrior"
        for side, hand in enumerate(state.hands):
            assert hand is None or len(set(hand)) == len(hand) <= hands.allowed(state, side), "a hand too large"
        if state.phase == TACTICS:
            assert state.card_turns and state.card_turns[0] == state.turn, "a card played out of turn"
            assert state.leader_fell[state.turn] == 0, "a side without its leader plays a card"
        if state.phase == REVOKING:
            assert state.played and state.played[-1]["revoked"] is None, "no card waits to be revoked"
        if hostile.waiting(state):
            hostile.check(state)
        elif climbing.waiting(state):
            climbing.check(state)
        elif state.pending is not None:
            combat.check_pending(state)


#: the phases in which the screen shows the seat to act its tactical hand
SECRET_HANDS = (HANDS, TACTICS, REVOKING)


def _copied(entry: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of plain JSON data that shares nothing with it (a warrior's markers and
    uses are dicts in its entry)."""
    return {key: _plain_copy(value) for key, value in entry.items()}


def _plain_copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _plain_copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_plain_copy(item) for item in value]
    return value


RULES = SkirmishRules()
